"""The floor of ``check-word --batch``: a plain loop that parses each JSON line,
checks its word with enchant and dumps a JSON answer, nothing else.

    python bench/floor_jsonlines.py < lines.jsonl > answers.jsonl

What the referee adds on top of this is the rules (cells, rays, the spot) and
the checks on each line's fields; ``bench/run batch`` times both on the same
lines, side by side.
"""

from __future__ import annotations

import json
import sys

import click  # noqa: F401  # the same start-up imports as the referee's floor
import enchant
import yaml  # noqa: F401


def main() -> None:
    check = enchant.Dict("en_US").check
    out = sys.stdout
    for raw in sys.stdin.buffer:
        obj = json.loads(raw)
        word = obj["word"]
        answer = {"word": word, "at": obj.get("at"), "valid": check(word)}
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
