"""Words the rules exclude (abbreviations, acronyms, capitalized words and
proper names): the ``exclusions`` given to
:func:`referee.wordblock.rules.judge_claim` and :func:`referee.wordblock.hints.hints`.

The data is SCOWL's (:mod:`referee.core.scowl`): a word listed among
abbreviations, upper-case words or proper names and never among plain words,
with a small house list of corrections.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.core.errors import DictionaryError


def exclusions() -> Mapping[str, str]:
    """Word -> why the rules exclude it (``abbreviation``, ``capitalized``,
    ``proper-name``)."""
    from referee.core.scowl import exclusions as load

    try:
        return load()
    except DictionaryError as exc:
        raise DictionaryError(
            "turn the exclusions off, or install SCOWL: the Word Block exclusions "
            f"(abbreviations, capitalized words) come from SCOWL: {exc.message}",
            place="no_exclusions",
        ) from None
