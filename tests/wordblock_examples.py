"""The rulebook's Word Block claims on examples/wordblock/rulebook.yaml, shared by
the rules tests and the CLI tests."""

from __future__ import annotations

# (word, player, walk, {player: (word points, card points)}, discards)
CLAIMS: dict[str, tuple[str, str, str, dict[str, tuple[int, int]], str]] = {
    "she": ("she", "blue", "B3 C3 D2", {"blue": (9, 0), "red": (9, 4)}, "B3 C3"),
    # "if Blue Square claims "sheer": Blue Square gets 0 card points for "s". Red
    # Circle gets 4 card points for "h". Green Triangle gets 2 card points for "e"."
    # The ee is read off green's e twice ("Repeating a card is ok", as quaff's
    # 5*3+8 does): 4 cards, the walk best for blue (the e-1 at D2 would give
    # everyone 5 more word points, a net loss to blue).
    "sheer": (
        "sheer",
        "blue",
        "B3 C3 D3 D3 C4",
        {"blue": (20, 0), "red": (20, 4), "green": (20, 2)},
        "B3 C3 D3",
    ),
    "share": (
        "share",
        "blue",
        "B3 C3 B4 C4 D3",
        {"blue": (25, 0), "red": (25, 4), "green": (25, 2)},
        "B3 C3 D3",
    ),
    "sharer": (
        "sharer",
        "blue",
        "B3 C3 B4 C4 D3 C4",
        {"blue": (30, 0), "red": (30, 4), "green": (30, 2)},
        "B3 C3 D3",
    ),
    "sharers-7x5": (
        "sharers",
        "blue",
        "B3 C3 B4 C4 D3 C4 B3",
        {"blue": (35, 0), "red": (35, 4), "green": (35, 2)},
        "B3 C3 D3",
    ),
    "sash": ("sash", "blue", "B3 B4 B3 C3", {"blue": (12, 0), "red": (12, 4)}, "B3 C3"),
    "show": ("show", "blue", "B3 C3 B2 A1", {"blue": (16, 0), "red": (16, 4)}, "B3 C3"),
    "shoo": ("shoo", "blue", "B3 C3 B2 A2", {"blue": (16, 0), "red": (16, 4)}, "B3 C3"),
    "quash-5x4-to-red-and-blue": (
        "quash",
        "red",
        "A4 B4 B3 C3",
        {"blue": (20, 0), "red": (20, 12)},
        "A4 B3 C3",
    ),
}
