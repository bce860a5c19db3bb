"""Blind Spot: is a word legal across a newly placed spot, and a whole game
kept in a file.

``rules`` judges plays (pure); ``board`` is the letter grid and its
directions; ``tiles`` the tile catalog, seeded setups, codes and their
verification; ``game`` a game's setup, state and step, and its file on the
game engine; ``formats`` every file Blind Spot reads (layouts, setups,
positions, catalogs) through the strict reader; ``render`` the text and SVG
for people; ``cli``, ``game_cli`` and ``setup_cli`` the thin commands.
"""
