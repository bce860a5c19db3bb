"""The floor of ``score-claim --batch``: a brute-force claim scorer as a plain script.

    python bench/floor_claims.py BOARD.yaml < claims.jsonl > answers.jsonl

Each line is ``{"word": ..., "player": ...}``. For each claim it walks every
walk that spells the word from the player's blocks (steps to the 8
neighbours or staying on a card, cards repeat, a q card reads q or qu),
scores each one as the rules do (letters x distinct cards to every player
with a block on the walk, plus the points of their blocked cards), keeps the
best for the claimer (net, then own points, then the smallest path in name
order), checks the word with enchant and dumps one JSON line. No pruning and
no caching: the straightforward program the referee is measured against.
``bench/run`` checks that its walks and points are the referee's.
"""

from __future__ import annotations

import json
import sys

import click  # noqa: F401  # the same start-up imports as the referee's floor
import enchant
import yaml

Cell = tuple[int, int]


def load(path: str) -> tuple[dict[Cell, tuple[str, int]], dict[Cell, str]]:
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    cards = {}
    for r, row in enumerate(data["cards"], start=1):
        for c, text in enumerate(row.split()):
            if text != ".":
                letter, points = text.split("-")
                cards[(c, r)] = (letter.lower(), int(points))
    owners: dict[Cell, str] = {}
    for player, cells in data["blocks"].items():
        for name in cells:
            owners[(ord(name[0]) - 65, int(name[1:]))] = player
    return cards, owners


def name(cell: Cell) -> str:
    return chr(65 + cell[0]) + str(cell[1])


def best(
    cards: dict[Cell, tuple[str, int]], owners: dict[Cell, str], word: str, player: str
) -> tuple[tuple[int, int], tuple[Cell, ...]] | None:
    n = len(word)
    found: list[tuple[tuple[int, int], tuple[Cell, ...]]] = []

    def reads(cell: Cell, j: int) -> list[int]:
        letter = cards[cell][0]
        out = []
        if word.startswith(letter, j):
            out.append(1)
        if letter == "q" and word.startswith("qu", j):
            out.append(2)
        return out

    def walk(path: list[Cell], j: int) -> None:
        if j == n:
            used = set(path)
            wp = n * len(used)
            totals: dict[str, int] = {}
            for cell in used:
                who = owners.get(cell)
                if who is not None:
                    totals[who] = totals.get(who, wp) + cards[cell][1]
            mine = totals[player]
            key = (2 * mine - sum(totals.values()), mine)
            found.append((key, tuple(path)))
            return
        c, r = path[-1]
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nb = (c + dc, r + dr)
                if nb in cards:
                    for k in reads(nb, j):
                        path.append(nb)
                        walk(path, j + k)
                        path.pop()

    for start, who in owners.items():
        if who == player and start in cards:
            for k in reads(start, 0):
                walk([start], k)
    if not found:
        return None
    top = max(key for key, _ in found)
    return top, min(path for key, path in found if key == top)


def main() -> None:
    cards, owners = load(sys.argv[1])
    check = enchant.Dict("en_US").check
    out = sys.stdout
    for raw in sys.stdin.buffer:
        obj = json.loads(raw)
        word, player = obj["word"].lower(), obj["player"]
        found = best(cards, owners, word, player)
        answer: dict[str, object] = {"word": word, "player": player, "walk": found is not None}
        if found is not None:
            (net, mine), path = found
            answer.update(path=[name(c) for c in path], points=mine, net=net, valid=check(word))
        out.write(json.dumps(answer) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
