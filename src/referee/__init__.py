"""referee: settle rules disputes and keep score for four tabletop games.

The rules modules (:mod:`referee.blindspot.rules`, ...) are pure: they import
neither click, yaml nor enchant, and take their dictionary as a plain
container of words. The command line (:mod:`referee.cli`) and the loaders
(:mod:`referee.core.files`, :mod:`referee.core.dictionary`) are thin edges around them.
"""

from __future__ import annotations

__version__ = "0.1.0"
