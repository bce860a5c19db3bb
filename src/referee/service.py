"""The game service: one layer under the command line, the web and scripts.

Every game and every question is a :class:`Step`: a function of **values**
(a board, a list of words, a cell) that returns a :class:`Report`, plus the
table of its fields (:class:`Param`), which turns what a caller gave (a path
or a value from Python, a JSON value from the web) into those values. The
command line reads its files through each game's ``formats`` and calls the
functions directly; the web server (:mod:`referee.serve`) and the Python API
(:mod:`referee.api`) call :meth:`Step.call` with the fields as given.

A refusal of the rules is not an exception: the report's ``valid`` is false
(exit 1, HTTP 422; 200 for a question, whose answer is the verdict). Input
that cannot be used is a :class:`~referee.core.errors.RefereeError`, whose
class says its exit code and HTTP status (:mod:`referee.core.errors`).

The registry names each game's and question's module, imported on first use,
so a one-shot command loads only its own game.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

from referee.core.errors import InputError, NotFound, RefereeError, show
from referee.core.values import frozen

GAMES: dict[str, str] = {
    "blindspot": "referee.blindspot.service",
    "wordblock": "referee.wordblock.service",
    "outofsight": "referee.outofsight.service",
}
"""The games kept in game files: ``game:`` of the file -> its service module."""

TITLES = {"blindspot": "Blind Spot", "wordblock": "Word Block", "outofsight": "Out of Sight"}

QUESTIONS: dict[str, str] = {
    "check-word": "referee.blindspot.service",
    "words": "referee.blindspot.service",
    "setup generate": "referee.blindspot.service",
    "setup verify": "referee.blindspot.service",
    "setup code": "referee.blindspot.service",
    "setup show": "referee.blindspot.service",
    "score-claim": "referee.wordblock.service",
    "wordblock place": "referee.wordblock.service",
    "wordblock move-block": "referee.wordblock.service",
    "wordblock hint": "referee.wordblock.service",
    "score-frame": "referee.outofsight.service",
    "take": "referee.outofsight.service",
    "spotit verify": "referee.spotit.service",
    "spotit match": "referee.spotit.service",
    "spotit generate": "referee.spotit.service",
    "spotit result": "referee.spotit.service",
    "spotit deal": "referee.spotit.service",
    "review": "referee.review_service",
    "stats": "referee.review_service",
}
"""Questions: they answer and write nothing. Named as on the command line
(``setup generate``); the web's route is the same with ``/`` for the space
(``POST /api/setup/generate``) and Python's ``ask("setup generate")`` or
``ask("setup/generate")``."""


# ------------------------------------------------------------------- reports


@frozen
class Report:
    """What every step and question returns.

    ``doc`` is the document the command line prints under ``--json``, byte
    for byte once dumped as it dumps it (:meth:`json`), and the body the web
    answers with. ``valid`` is the referee's yes or no; ``version`` the game's
    version after the step (``None`` for a question). ``detail`` carries what
    the text renderer of the command line needs (the game replayed, the
    verdict); it is never part of the JSON.
    """

    doc: dict[str, Any]
    valid: bool = True
    version: int | None = None
    detail: Any = None
    game: Any = None
    """For a game's step: the game as it is after it (the engine's
    :class:`~referee.engine.Replayed`), so that a client shows it without
    reading the file again (``module.game_doc(report.game)``)."""

    @property
    def reason(self) -> str | None:
        """The stable key of a refusal (``not-your-turn``), or ``None``."""
        reason = self.doc.get("reason")
        return reason if isinstance(reason, str) else None

    @property
    def explanation(self) -> str | None:
        """The refusal in words, for people."""
        text = self.doc.get("explanation")
        return text if isinstance(text, str) else None

    @property
    def exit_code(self) -> int:
        """0 yes / done, 1 the referee says no."""
        return 0 if self.valid else 1

    def __repr__(self) -> str:
        return f"Report(valid={self.valid!r}, reason={self.reason!r}, version={self.version!r})"

    def json(self) -> str:
        """``doc`` as the command line prints it (one line, UTF-8 kept)."""
        import json

        return json.dumps(self.doc, ensure_ascii=False)


def http_status(report: Report, *, question: bool = False) -> int:
    """The web's status for a report: 200, or 422 for a refused step (a
    question's "no" is still 200: ``valid`` says it)."""
    return 200 if report.valid or question else 422


def error_doc(exc: RefereeError) -> dict[str, Any]:
    """``{"error": {"kind": ..., "message": ...}}``, as the command line prints
    an error under ``--json`` and the web answers one."""
    return {"error": {"kind": exc.kind, "message": " ".join(exc.message.split())}}


# -------------------------------------------------------------------- fields


@frozen
class Ctx:
    """How a call's fields are read: ``files`` says whether a string may name
    a file (Python: yes; the web: never, it sends values). ``values`` holds the
    fields converted so far (a layout's converter needs its catalog)."""

    files: bool
    values: dict[str, Any]


Converter = Callable[[Any, Ctx], Any]


@frozen
class Param:
    """One field of a step: its name (the command line's parameter, dashes as
    underscores), how a given value becomes the step's value, and what the
    pages and the docs say of it."""

    name: str
    convert: Converter
    required: bool = False
    kind: str = "value"
    """``value``, ``flag``, ``list`` or ``file`` (a value that is a file on the CLI)."""
    help: str = ""
    choices: tuple[str, ...] = ()
    target: str | None = None
    """The step function's keyword, when it is not ``name``."""
    passed: bool = True
    """Whether the step function takes it (a catalog only serves to read
    the layout given beside it: its converter's value is for the others)."""

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "required": self.required}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.help:
            out["help"] = self.help
        return out


@frozen
class Step:
    """A game step or a question: the function and its fields."""

    name: str
    run: Callable[..., Report]
    params: tuple[Param, ...] = ()
    help: str = ""

    def fields(self) -> list[str]:
        return [p.name for p in self.params]

    def convert(self, given: Mapping[str, Any], *, files: bool) -> dict[str, Any]:
        """The step function's keywords from the fields as given; an unknown
        field, a missing one or a bad value is an :class:`InputError` naming
        the field."""
        known = {p.name: p for p in self.params}
        for key in given:
            if key not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise InputError(f"unknown field {show(key)} (fields: {listed})")
        ctx = Ctx(files, {})
        out: dict[str, Any] = {}
        for p in self.params:
            value = given.get(p.name)
            if value is None:
                if p.required:
                    raise InputError("this field is required", place=p.name)
                continue
            try:
                converted = p.convert(value, ctx)
            except InputError as exc:
                inner = (exc.place or "").split(".", 1)[0].split("[", 1)[0]
                raise (exc if inner == p.name else exc.at(p.name)) from None
            ctx.values[p.name] = converted
            if p.passed:
                out[p.target or p.name.replace("-", "_")] = converted
        return out

    def call(self, given: Mapping[str, Any], *, files: bool = True, **fixed: Any) -> Report:
        """Run the step on fields as given (``fixed``: what the caller fills in
        itself, the game file's path)."""
        return self.run(**fixed, **self.convert(given, files=files))


def replace_param(param: Param, **changes: Any) -> Param:
    """The same field, with some of its attributes changed."""
    from referee.core.values import replace

    return replace(param, **changes)


def describe(steps: Mapping[str, Step]) -> dict[str, list[dict[str, Any]]]:
    """Each step's fields, for the pages and the docs."""
    return {name: [p.describe() for p in s.params] for name, s in steps.items()}


# ------------------------------------------------------- the usual converters


def text(max_length: int = 200) -> Callable[[Any, Ctx], str]:
    def convert(value: Any, ctx: Ctx) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError(f"expected text, got {show(value)}")
        out = str(value)
        if len(out) > max_length:
            raise InputError(f"at most {max_length} characters, got {len(out)}")
        if "\x00" in out:
            raise InputError("contains a NUL character")
        return out

    return convert


def whole(low: int, high: int) -> Callable[[Any, Ctx], int]:
    def convert(value: Any, ctx: Ctx) -> int:
        from referee.core.schema import bounded_int

        if isinstance(value, bool):
            raise InputError(f"expected a whole number from {low} to {high}, got {show(value)}")
        if isinstance(value, int):
            if not low <= value <= high:
                raise InputError(f"expected a whole number from {low} to {high}, got {value}")
            return value
        if isinstance(value, str) and len(value) < 30:
            return bounded_int(value, low, high)
        raise InputError(f"expected a whole number from {low} to {high}, got {show(value)}")

    return convert


def flag(value: Any, ctx: Ctx) -> bool:
    if not isinstance(value, bool):
        raise InputError(f"expected true or false, got {show(value)}")
    return value


def choice(*choices: str) -> Callable[[Any, Ctx], str]:
    def convert(value: Any, ctx: Ctx) -> str:
        got = text()(value, ctx).strip().lower()
        if got not in choices:
            raise InputError(f"one of {', '.join(choices)}, got {show(value)}")
        return got

    return convert


def names(most: int = 40, max_length: int = 100) -> Callable[[Any, Ctx], list[str]]:
    """A list of names: a list of strings, or one string with commas."""

    def convert(value: Any, ctx: Ctx) -> list[str]:
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or len(items) > most:
            raise InputError(f"expected a list of at most {most} names, got {show(value)}")
        out = []
        for i, item in enumerate(items):
            try:
                out.append(text(max_length)(item, ctx).strip())
            except InputError as exc:
                raise exc.at(f"[{i}]") from None
        return [n for n in out if n]

    return convert


def strings(most: int = 100) -> Callable[[Any, Ctx], list[str]]:
    """A list given more than once on the command line (``--roll`` twice)."""

    def convert(value: Any, ctx: Ctx) -> list[str]:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or len(items) > most:
            raise InputError(f"expected a list of at most {most} strings, got {show(value)}")
        out = []
        for i, item in enumerate(items):
            try:
                out.append(text(10_000)(item, ctx))
            except InputError as exc:
                raise exc.at(f"[{i}]") from None
        return out

    return convert


def path_of(value: Any) -> str | None:
    """A path given from Python (``str`` or ``os.PathLike``), else ``None``."""
    if isinstance(value, os.PathLike):
        return os.fspath(value)  # type: ignore[no-any-return]
    return value if isinstance(value, str) else None


def file(
    from_path: Callable[[str, Ctx], Any],
    from_value: Callable[[Any, Ctx], Any],
    what: str,
) -> Converter:
    """A field that is a file on the command line: a path (only where
    ``ctx.files``), else the value itself (a mapping, a list), or the file's
    own text as ``{"text": "..."}`` (a file opened on a phone: read as the
    CLI reads the file, strictly)."""

    def convert(value: Any, ctx: Ctx) -> Any:
        path = path_of(value)
        if path is not None and (ctx.files or not isinstance(value, str)):
            if not ctx.files:
                raise InputError(f"give the {what} itself; file names are not accepted here")
            return from_path(path, ctx)
        if isinstance(value, dict) and set(value) == {"text"}:
            return from_value(file_text(value["text"], what), ctx)
        return from_value(value, ctx)

    return convert


MAX_FILE_TEXT = 1 << 20
"""The longest file text a field takes (a game's files are kilobytes)."""


def file_text(text: Any, what: str) -> dict[str, Any]:
    """The mapping a file's text holds (``{"text": ...}`` of a file field)."""
    from referee.core.files import parse_document

    if not isinstance(text, str):
        raise InputError(f"expected the {what} file's text, got {show(text)}", place="text")
    if len(text) > MAX_FILE_TEXT:
        raise InputError(f"the {what} file is too large (at most 1 MiB)", place="text")
    try:
        return parse_document(text, f"the {what} file", what)
    except InputError as exc:
        raise exc.at("text") from None


def house_words(value: Any, ctx: Ctx) -> frozenset[str]:
    """``allow``: a list of words, or (from Python) a word-list file."""
    from referee.core.dictionary import parse_word_list, read_word_list

    path = path_of(value)
    if path is not None:
        if not ctx.files:
            raise InputError("give the words as a list; file names are not accepted here")
        return read_word_list(path, "allow list")
    if not isinstance(value, (list, tuple)) or not all(isinstance(w, str) for w in value):
        raise InputError(f"expected a list of words, got {show(value)}")
    if len(value) > 100_000:
        raise InputError(f"at most 100,000 words, got {len(value)}")
    for i, word in enumerate(value):
        if "\n" in word or "\r" in word or "\x00" in word:
            raise InputError("one word per item", place=f"[{i}]")
    words = parse_word_list(value)
    if not words:
        raise InputError("no words (words are letters a-z)")
    return words


DICTIONARY_NAME = r"(?:[a-z]+:)?[A-Za-z]{2,3}(?:[_-][A-Za-z]{2,3})?|scowl(?::[a-z0-9:-]{1,40})?"
"""A dictionary by name: an enchant tag (``en_US``, ``hunspell:en_GB``) or a
SCOWL list (``scowl:60``); matched with :func:`re.fullmatch` (compiled on
first use, not at every start)."""


def dictionary(value: Any, ctx: Ctx) -> str:
    """A dictionary: an installed one by name; from Python also a word-list file."""
    path = path_of(value)
    if path is None:
        raise InputError(f"expected a dictionary's name (en_US), got {show(value)}")
    if re.fullmatch(DICTIONARY_NAME, path):
        return path
    if ctx.files:
        return path
    raise InputError(
        "give an installed dictionary's name, such as en_US, hunspell:en_GB or scowl:60 "
        "(word-list files are not accepted here)"
    )


# ------------------------------------------------------------------ registry


def service(game: str) -> Any:
    """A game's service module (``blindspot``...), imported on first use."""
    module = GAMES.get(game)
    if module is None:
        raise NotFound(f"no game {show(game)} (games: {', '.join(GAMES)})")
    return importlib.import_module(module)


def steps(game: str) -> Mapping[str, Step]:
    """The steps of a game (``play``, ``undo``...), without ``new`` and ``show``."""
    found: Mapping[str, Step] = service(game).STEPS
    return found


def question(name: str) -> Step:
    """A question by its command-line name (``check-word``, ``setup generate``;
    ``/`` may stand for the space)."""
    key = " ".join(name.replace("/", " ").split())
    module = QUESTIONS.get(key)
    if module is None:
        raise NotFound(f"no question {show(name)} (questions: {', '.join(QUESTIONS)})")
    found: Step = importlib.import_module(module).QUESTIONS[key]
    return found


def kind_of(data: Mapping[str, Any]) -> str | None:
    """The game a game file's mapping holds (``game:``, earlier releases' names too)."""
    game = data.get("game")
    return (
        PREVIOUS_NAMES.get(game, game)
        if isinstance(game, str) and (game in GAMES or game in PREVIOUS_NAMES)
        else None
    )


PREVIOUS_NAMES = {"blind-spot-game": "blindspot"}
"""``game:`` of files written by earlier releases."""


def game_of_file(path: str) -> str:
    """Which game a game file holds, from its ``game:`` key."""
    from referee.core.files import display_name, load_mapping

    data = load_mapping(path, what="game")
    game = kind_of(data)
    if game is None:
        raise InputError(
            f"not a game file (game: {show(data.get('game'))}; games: {', '.join(GAMES)})",
            place="game",
            source=display_name(path),
        )
    return game
