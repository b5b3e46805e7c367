"""Session files in, outcomes out: where each record sits, which scorer scores it, what failed.

Glossary
    Location  where a record sits: ``FILE:LINE`` (JSON Lines), ``FILE[INDEX]`` (JSON array,
              0-based), ``FILE`` (a file holding one object). Lines are 1-based.
    Problem   one thing wrong with a record: its location, a field (JSON path, may be empty)
              and the rule broken. ``str(problem)`` is ``LOCATION: field: rule``.
    Entry     one record as read from a file, or the JSON syntax problem found in its place.
    Scorer    a game's module: ``GAME``, ``parse(record) -> Session``, ``score(session)`` (the
              solver's engines are its search methods; a game's scorer is no engine).
    Outcome   one record's fate: its SessionResult when valid, its problems when not.

A file is read as one JSON document first (an object, or an array of objects); when that
fails it is several documents one after another (JSON Lines, or records pretty-printed or typed
by hand one after the other), each located at its first line, and a bad one spoils only itself.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

from ubongo.scoring.common import SEATS as SEATS  # re-exported: the CLI and export read it
from ubongo.scoring.common import SessionResult
from ubongo.scoring.errors import InvalidRecord, ScoringError
from ubongo.scoring.names import normalise
from ubongo.scoring.text import BadLine

GAMES: tuple[str, ...] = tuple(SEATS)
Record = dict[str, Any]
Catalog = Mapping[str, Any]


class Scorer(Protocol):
    """What every game module offers (Amul's ``parse`` also takes ``catalog``)."""

    GAME: str
    BREAKDOWN_KEYS: tuple[str, ...]

    def parse(self, record: Record) -> Any: ...

    def score(self, session: Any) -> SessionResult: ...


class BadCatalog(ScoringError):
    """A card catalog that is not a JSON object of name -> attributes."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: bad catalog: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class Problem:
    """One broken rule at one location; ``field`` is empty when the whole record is at fault."""

    location: str
    field: str
    rule: str

    def __str__(self) -> str:
        where = f"{self.location}: {self.field}" if self.field else self.location
        return f"{where}: {self.rule}"


@dataclass(frozen=True)
class Entry:
    """A record read at ``location``, or ``problem`` when the text there is not JSON."""

    location: str
    record: Any = None
    problem: Problem | None = None


@dataclass(frozen=True)
class Outcome:
    """A record's fate: ``result`` when it is valid, else ``problems`` (never both)."""

    location: str
    id: str
    game: str | None
    date: str | None
    result: SessionResult | None
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        """True when the record was parsed and scored."""
        return self.result is not None


def entries(text: str, name: str) -> Iterator[Entry]:
    """The records in ``text`` (a JSON object, a JSON array, or several JSON documents one
    after another: JSON Lines, pretty-printed records, arrays), each with its location."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError:
        yield from _pad_entries(text, name) if _is_pad(text) else _documents(text, name)
        return
    except (ValueError, RecursionError):  # a huge integer, nesting past the stack
        yield from _documents(text, name)
        return
    yield from _located(document, name)


def _is_pad(text: str) -> bool:
    """Whether ``text`` is a CSV score pad (``scoring.pads``), not JSON."""
    from ubongo.scoring.pads import is_pad

    return is_pad(text)


def _pad_entries(text: str, name: str) -> Iterator[Entry]:
    """The records of a CSV score pad, each at the line of its game's first row."""
    from ubongo.scoring.pads import records

    for line, found in records(text):
        where = f"{name}:{line}"
        if isinstance(found, tuple):
            row, field, rule = found
            yield Entry(where, problem=Problem(f"{name}:{row}", field, rule))
        else:
            yield Entry(where, found)


def _located(document: Any, where: str) -> Iterator[Entry]:
    """One document's entries: its elements if it is an array, else itself."""
    if isinstance(document, list):
        yield from (Entry(f"{where}[{i}]", record) for i, record in enumerate(document))
    else:
        yield Entry(where, document)


_DECODER = json.JSONDecoder()
_BLANK = re.compile(r"[ \t\n\r]*")
_DOCUMENT_START = re.compile(r"^[\[{]", re.MULTILINE)


def _documents(text: str, name: str) -> Iterator[Entry]:
    """The documents of ``text`` one after another, each located at its first line
    (``FILE:LINE``, its elements ``FILE:LINE[INDEX]``). A document that is not JSON is one
    problem at its line and column, and reading goes on at the next line that starts with
    ``{`` or ``[`` (as a record typed by hand, or a JSON Lines record, starts); when it is the
    file's only document the problem is the file's, as for any one-document file.

    Each document is decoded from its own line first, and from the rest of the text only when
    it goes on past that line: so the work stays linear in the file (a JSON error counts the
    lines before it, which over a whole file of broken lines would be quadratic)."""
    position, found = _BLANK.match(text).end(), 0  # type: ignore[union-attr]
    line, counted = 1, 0  # the line number at ``counted``
    while position < len(text):
        line, counted = line + text.count("\n", counted, position), position
        where = f"{name}:{line}"
        try:
            document, end = _decode(text, position)
        except json.JSONDecodeError as error:
            row = error.lineno if error.doc is text else line  # a line's own error: its line
            problem = Problem(f"{name}:{row}:{error.colno}", "", f"invalid JSON: {error.msg}")
        except (ValueError, RecursionError) as error:
            problem = Problem(where, "", f"invalid JSON: {_limit_message(error)}")
        else:
            found += 1
            yield from _located(document, where)
            position = _BLANK.match(text, end).end()  # type: ignore[union-attr]
            continue
        following = _DOCUMENT_START.search(text, text.find("\n", position) + 1 or len(text))
        if found == 0 and following is None:
            yield Entry(name, problem=problem)
            return
        found += 1
        yield Entry(where, problem=problem)
        if following is None:
            return
        position = following.start()


def _decode(text: str, position: int) -> tuple[Any, int]:
    """The document at ``position`` and where it ends: decoded within its line when it ends
    there (an error's line and column then count in that line, ``error.doc`` being the line),
    else from the whole text on."""
    start = text.rfind("\n", 0, position) + 1
    eol = text.find("\n", position)
    piece = text[start : len(text) if eol < 0 else eol]
    try:
        document, end = _DECODER.raw_decode(piece, position - start)
        return document, start + end
    except json.JSONDecodeError as error:
        if error.pos < len(piece.rstrip()):
            raise  # wrong within its line: whatever follows, it is not JSON
    return _DECODER.raw_decode(text, position)


def line_entries(lines: Iterable[tuple[int, str]], name: str) -> Iterator[Entry]:
    """The records of JSON Lines as they are read, one per non-blank line (a BadLine: that
    line's problem)."""
    for number, line in lines:
        if isinstance(line, BadLine):
            yield Entry(f"{name}:{number}", problem=Problem(f"{name}:{number}", "", str(line)))
        elif line.strip():
            yield _line_entry(name, number, line)


def _line_entry(name: str, number: int, line: str) -> Entry:
    """The record on one line of a JSON Lines file."""
    location = f"{name}:{number}"
    try:
        return Entry(location, json.loads(line))
    except json.JSONDecodeError as error:  # a record typed over lines: its error's own line
        where = f"{name}:{number + error.lineno - 1}:{error.colno}"
        return Entry(location, problem=Problem(where, "", f"invalid JSON: {error.msg}"))
    except (ValueError, RecursionError) as error:
        return Entry(
            location, problem=Problem(location, "", f"invalid JSON: {_limit_message(error)}")
        )


def _limit_message(error: Exception) -> str:
    """What a decoding limit says: nesting too deep, or an integer too long."""
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return "a number too long to read (more than 4300 digits)"


def parse_catalog(text: str, name: str) -> dict[str, Any]:
    """The Amul card catalog in ``text``: a JSON object, card name -> attributes."""
    try:
        catalog = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"{error.lineno}:{error.colno}"
        raise BadCatalog(name, f"invalid JSON at {where}: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise BadCatalog(name, f"invalid JSON: {error}") from None
    if not isinstance(catalog, dict):
        raise BadCatalog(name, f"want an object of card name -> attributes, not {_kind(catalog)}")
    return catalog


def scorer(game: str) -> Scorer:
    """The scoring module of ``game``; raises InvalidRecord for a game we do not know."""
    module = _SCORERS.get(game)
    if module is None:
        if game not in GAMES:
            rule = f"unknown game {game!r}; expected one of {', '.join(GAMES)}"
            raise InvalidRecord("game", rule)
        module = _SCORERS[game] = cast(Scorer, importlib.import_module(f"ubongo.scoring.{game}"))
    return module


_SCORERS: dict[str, Scorer] = {}
"""The scorers imported so far: each record looks its scorer up here, not in ``importlib``."""


def evaluate(
    entry: Entry, game: str | None = None, catalog: Catalog | None = None
) -> Outcome | None:
    """Parse and score one entry; None when ``game`` is given and the record is of another game.

    A record without ``"game"`` is taken to be of ``game`` when one is given.
    """
    record, where = entry.record, entry.location
    if entry.problem is not None:
        return Outcome(where, where, None, None, None, (entry.problem,))
    if not isinstance(record, dict):
        problem = Problem(where, "", f"a session must be a JSON object, not {_kind(record)}")
        return Outcome(where, where, None, None, None, (problem,))
    named = game_name(record.get("game"))
    if named is not None and named != record["game"]:
        record = {**record, "game": named}  # "Ubongo", " JAIPUR ": the game as --game names it
    if game is not None and isinstance(record.get("game"), str) and record["game"] != game:
        return None
    if game is not None and "game" not in record:
        record = {"game": game, **record}
    return _scored(entry.location, record, catalog)


def game_name(word: Any) -> str | None:
    """The game ``word`` names, in any case, with spaces, hyphens or accents or not (every
    edition calls the games by the same names); None when it names none of ours.

    >>> game_name("Ubongo"), game_name(" JAIPUR "), game_name("chess")
    ('ubongo', 'jaipur', None)
    """
    if not isinstance(word, str) or word in GAMES:
        return word if isinstance(word, str) and word in GAMES else None
    key = normalise(word)
    return next((name for name in GAMES if normalise(name) == key), None)


def _scored(location: str, record: Record, catalog: Catalog | None) -> Outcome:
    """The outcome of a JSON-object record: checked envelope, then the game's scorer."""
    ident = record.get("id")
    ident = str(ident) if isinstance(ident, str | int) and not isinstance(ident, bool) else location
    game = record.get("game") if isinstance(record.get("game"), str) else None
    date = record.get("date") if isinstance(record.get("date"), str) else None
    try:
        name = _check_envelope(record)
        result = _run(name, scorer(name), record, catalog)
    except InvalidRecord as error:
        problem = Problem(location, error.field, error.rule)
        return Outcome(location, ident, game, date, None, (problem,))
    return Outcome(location, ident, game, date, result)


def _check_envelope(record: Record) -> str:
    """The record's game, once the fields common to every game are checked."""
    if "game" not in record:
        raise InvalidRecord("game", f"missing; expected one of {', '.join(GAMES)}")
    if not isinstance(record["game"], str):
        raise InvalidRecord("game", f"must be a string, not {_kind(record['game'])}")
    if "players" not in record:
        raise InvalidRecord("players", "missing")
    ident = record.get("id", "")
    if not isinstance(ident, str | int) or isinstance(ident, bool):
        raise InvalidRecord("id", f"must be a string or an integer, not {_kind(ident)}")
    for name in ("date", "notes"):
        if not isinstance(record.get(name, ""), str):
            raise InvalidRecord(name, f"must be a string, not {_kind(record[name])}")
    return str(record["game"])


def _run(game: str, module: Scorer, record: Record, catalog: Catalog | None) -> SessionResult:
    """The scorer's result: its one-pass ``fast_score`` where it has one and the record is
    plainly valid, else ``score(parse(record))``. A scorer that crashes on a record reports it
    as a rule of its own ("engine error", the words records and tests already quote)."""
    try:
        fast: Any = getattr(module, "fast_score", None)
        result = fast(record) if fast is not None else None
        if result is not None:
            return cast(SessionResult, result)
        parse: Any = module.parse
        session = parse(record, catalog=catalog) if game == "amul" else parse(record)
        return module.score(session)
    except InvalidRecord:
        raise
    except Exception as error:  # noqa: BLE001 - bad input must never become a traceback
        rule = f"engine error {type(error).__name__}: {error} (a bug in scoring.{game})"
        raise InvalidRecord("", rule) from error


def _kind(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")
