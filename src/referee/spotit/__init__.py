"""Spot it! 1,2,3: decks and their one promise (any two cards share exactly one
symbol), finite projective planes, printable cards and the mini-games."""
