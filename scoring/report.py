"""Outcomes rendered for people and programs: result JSON, text tables, CSV rows, standings.

Glossary
    Table     a header and rows of cells, printed with aligned columns (numbers to the right).
    Standing  one player's record over every valid session of one game: played, won, mean.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from ubongo.scoring.common import PlayerResult, SessionResult
from ubongo.scoring.records import (
    GAMES,
    Catalog,
    Entry,
    Outcome,
    Problem,
    evaluate,
    line_entries,
    scorer,
)
from ubongo.scoring.text import BadLine, escape_surrogates, json_line, line_safe, printable, quote

Cell = str | int | float | None
CSV_COLUMNS = (
    "session",
    "date",
    "game",
    "status",
    "player",
    "seat",
    "score",
    "rank",
    "winner",
    "record",
)
BREAKDOWN_PREFIX = "breakdown."


@dataclass(frozen=True)
class Standing:
    """A player's results over the finished sessions of one game (of one night, ``date``,
    when the summary is by date)."""

    game: str
    player: str
    played: int
    won: int
    mean_score: float
    date: str | None = None

    def to_json(self, by_date: bool = False) -> dict[str, Any]:
        """The standing as a JSON object (with its ``date`` first when by date)."""
        return {
            **({"date": self.date} if by_date else {}),
            "game": self.game,
            "player": self.player,
            "played": self.played,
            "won": self.won,
            "mean_score": round(self.mean_score, 2),
        }


@dataclass(frozen=True)
class LeftOut:
    """How many valid sessions of a game (of one night) the summary left out: not finished."""

    game: str
    sessions: int
    date: str | None = None

    def to_json(self, by_date: bool = False) -> dict[str, Any]:
        """The count as a JSON object (with its ``date`` first when by date)."""
        return {
            **({"date": self.date} if by_date else {}),
            "game": self.game,
            "sessions": self.sessions,
        }


def result_json(outcome: Outcome) -> dict[str, Any]:
    """One element of ``ubongo score --json``: id, date, validity and errors, then the result."""
    head = {
        "id": outcome.id,
        "date": outcome.date,
        "game": outcome.game,
        "valid": outcome.valid,
        "errors": [str(problem) for problem in outcome.problems],
    }
    if outcome.result is None:
        empty: dict[str, Any] = {"players": [], "rounds": [], "extra": {}, "record": None}
        return {**head, "status": None, "winner": None, **empty}
    head.update(outcome.result.to_json())  # "game" keeps its place and takes the result's
    return head


class Line(NamedTuple):
    """What ``score --jsonl`` writes for one record: its JSON line (no newline), whether the
    record was valid, and its problems."""

    text: str
    valid: bool
    problems: tuple[Problem, ...]


FAST_GAMES = ("jaipur", "ubongo")
"""Games whose scorer writes a plainly valid record's result text in one pass (fast_text)."""


def result_line(
    entry: Entry, game: str | None = None, catalog: Catalog | None = None
) -> Line | None:
    """``json_line(result_json(evaluate(entry, game, catalog)))`` with the outcome's validity
    and problems; None when ``evaluate`` is None. A plainly valid Jaipur or Ubongo record's
    line is written by its scorer's ``fast_text``, straight from the replay: the same text,
    in half the time."""
    fast = None if entry.problem is not None else _fast_line(entry.record, entry.location, game)
    if fast is not None:
        return Line(fast, True, ())
    outcome = evaluate(entry, game, catalog)
    if outcome is None:
        return None
    return Line(json_line(result_json(outcome)), outcome.valid, outcome.problems)


class Lines(NamedTuple):
    """Several records' Lines in one: their texts, each ending in a newline; how many records;
    whether every one was valid; their problems, in order."""

    text: str
    records: int
    valid: bool
    problems: tuple[Problem, ...]


def lines_of(made: Iterable[Line | None]) -> Lines:
    """The Lines of these records (None: a record left out, as ``result_line`` says)."""
    kept = [line for line in made if line is not None]
    text = "".join([f"{line.text}\n" for line in kept])
    problems = tuple(p for line in kept if not line.valid for p in line.problems)
    return Lines(text, len(kept), all(line.valid for line in kept), problems)


def record_lines(
    entry: Entry, game: str | None = None, catalog: Catalog | None = None
) -> Lines | None:
    """``result_line`` of one entry as Lines; None when it is left out."""
    line = result_line(entry, game, catalog)
    return None if line is None else lines_of((line,))


def block_lines(
    name: str,
    lines: Iterable[tuple[int, str]],
    game: str | None = None,
    catalog: Catalog | None = None,
) -> list[Lines]:
    """``result_line`` of each record of these numbered JSON Lines of file ``name``, in one
    Lines (a worker's task: one text to send back, one write)."""
    return [lines_of(_line_of(number, text, name, game, catalog) for number, text in lines)]


def _line_of(
    number: int, text: str, name: str, game: str | None, catalog: Catalog | None
) -> Line | None:
    """``result_line`` of the record on line ``number`` (None: blank, or left out). A plainly
    valid record's line is written without making its Entry: the JSON scanner reads a line
    that is one JSON value and nothing else, anything else goes ``line_entries``' way."""
    if text and not isinstance(text, BadLine):
        fast = _fast_line(_read(text), f"{name}:{number}", game)
        if fast is not None:
            return Line(fast, True, ())
    for entry in line_entries(((number, text),), name):
        return result_line(entry, game, catalog)
    return None  # a blank line


def _read(text: str) -> Any:
    """The JSON value of a line for the one-pass line, or None where the reader refuses it.

    orjson reads a Jaipur record in half the time ``json.loads`` takes. Where the two differ
    it is never a plain record: orjson refuses NaN, 1e400 and lone surrogates (None here) and
    reads an integer past 64 bits as a float, which no plain record holds (every value of one
    is type-checked), so such a line goes the long way, through ``json.loads``, as before.
    Without orjson, the scanner ``json.loads`` runs, without the Python steps around it.
    """
    try:
        if _ORJSON is not None:
            return _ORJSON(text)
        record, end = _SCAN(text, 0)
    except (StopIteration, ValueError, RecursionError):
        return None
    return record if end == len(text) else None


_SCAN: Callable[[str, int], tuple[Any, int]] = cast(Any, json.JSONDecoder()).scan_once
"""The JSON scanner ``json.loads`` runs (in C)."""
_ORJSON: Callable[[str], Any] | None
try:
    from orjson import loads as _ORJSON  # a dependency; the scanner stands in without it
except ImportError:  # pragma: no cover - installed with the package
    _ORJSON = None


def block_outcomes(
    name: str,
    lines: Iterable[tuple[int, str]],
    game: str | None = None,
    catalog: Catalog | None = None,
) -> list[Outcome]:
    """``evaluate`` of each record of these numbered JSON Lines of file ``name``."""
    made = (evaluate(entry, game, catalog) for entry in line_entries(lines, name))
    return [outcome for outcome in made if outcome is not None]


def _fast_line(record: Any, location: str, game: str | None) -> str | None:
    """The line of a plainly valid record (at ``location``) of a FAST_GAMES game, or None: the
    long way then checks the envelope (``records._check_envelope``) and names what is wrong."""
    if type(record) is not dict:
        return None
    name = record.get("game")
    if name not in FAST_GAMES or game is not None and name != game:
        return None
    ident = record.get("id", location)
    if type(ident) is int:
        ident = str(ident)
    date = record.get("date")
    if type(ident) is not str or "date" in record and type(date) is not str:
        return None
    try:
        body = scorer(name).fast_text(record)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a tie-break the rules refuse, say: the long way names it
        return None
    if body is None:
        return None
    day = "null" if date is None else quote(date)
    head = f'{{"id": {quote(ident)}, "date": {day}, "game": "{name}", "valid": true, "errors": []'
    return line_safe(f"{head}, {body}}}")


def breakdown_keys(results: Iterable[SessionResult]) -> list[str]:
    """Every breakdown key of every player, in order of first appearance."""
    keys = (key for result in results for player in result.players for key in player.breakdown)
    return list(dict.fromkeys(keys))


def session_text(outcome: Outcome) -> str:
    """A valid session as a title line and an aligned table of its players."""
    result = outcome.result
    assert result is not None, "only valid outcomes have a table"
    winner = f"winner: {result.winner or '-'}"
    kind = "totals" if result.record == "totals" else None  # the usual event log goes unsaid
    facts = [outcome.id, outcome.date, result.game, kind, result.status, winner]
    keys = breakdown_keys([result])
    header = ["player", "score", "rank", *keys]
    rows = [[p.name, p.score, p.rank, *(p.breakdown.get(k) for k in keys)] for p in result.players]
    title = " | ".join(printable(f) for f in facts if f)
    return "\n".join([title, *table(header, rows, indent="  ")])


def csv_text(outcomes: Iterable[Outcome]) -> str:
    """One CSV row per player per valid session, under ``csv_header``."""
    return "".join(csv_lines(outcomes))


def csv_lines(outcomes: Iterable[Outcome]) -> Iterator[str]:
    """The CSV as it is written: the header first, then each valid session's rows as the
    session comes (the header is fixed, so no row waits for the last session)."""
    keys = csv_keys()
    text = io.StringIO()
    writer = csv.writer(text)
    writer.writerow(csv_header())
    yield text.getvalue()
    for outcome in outcomes:
        if outcome.result is None:
            continue
        text.seek(0)
        text.truncate()
        writer.writerows(csv_rows(outcome, keys))
        yield text.getvalue()


def csv_keys() -> list[str]:
    """Every game's declared breakdown keys (its scorer's ``BREAKDOWN_KEYS``), game by game
    in GAMES order, each once: the same columns for every input, so nights append."""
    return list(dict.fromkeys(key for game in GAMES for key in scorer(game).BREAKDOWN_KEYS))


def csv_header() -> list[str]:
    """The CSV header: the fixed columns, then one ``breakdown.KEY`` column per ``csv_keys``."""
    return [*CSV_COLUMNS, *(BREAKDOWN_PREFIX + k for k in csv_keys())]


def csv_rows(outcome: Outcome, keys: Sequence[str]) -> Iterator[list[Cell]]:
    """Each player's CSV row, its breakdown under ``keys``, for a valid outcome (none for
    another); a key its game lacks is an empty cell."""
    result = outcome.result
    if result is None:
        return
    for seat, player in enumerate(result.players, 1):
        breakdown = player.breakdown
        yield [*_csv_row(outcome, result, seat, player), *(breakdown.get(k) for k in keys)]


def _csv_row(
    outcome: Outcome, result: SessionResult, seat: int, player: PlayerResult
) -> list[Cell]:
    """The fixed CSV cells of one player of one session; text from the record is made inert."""
    head: list[Cell] = [outcome.id, outcome.date, result.game, result.status, player.name, seat]
    tail: list[Cell] = [player.score, player.rank, result.winner, result.record]
    return [*map(inert, head), *map(inert, tail)]


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def inert(value: Cell) -> Cell:
    """A CSV text cell that no spreadsheet will run as a formula (OWASP's CSV injection advice:
    a leading ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a ``'`` in front); a lone
    surrogate, which UTF-8 cannot carry, is written as its ``\\uXXXX`` escape.

    >>> inert("=HYPERLINK(1)"), inert("-2"), inert(-2), inert("Ann"), inert("A\\udcff")
    ("'=HYPERLINK(1)", "'-2", -2, 'Ann', 'A\\\\udcff')
    """
    if not isinstance(value, str):
        return value
    value = escape_surrogates(value)
    return "'" + value if value.startswith(_FORMULA) else value


class Tally:
    """Standings kept as sessions are scored: a count, a sum and wins per (night, game, player),
    so memory grows with the nights and players, never with the sessions.

    Only finished sessions count: the score of a game cut short is not a final score, and
    mixing them would lower the means. The others are counted as left out, so none vanishes.
    With ``by_date`` the night is the record's date (None when it has none), else always None.
    """

    def __init__(self, by_date: bool = False) -> None:
        self.by_date = by_date
        self._played: dict[tuple[str | None, str, str], int] = {}
        self._total: dict[tuple[str | None, str, str], float] = {}
        self._won: dict[tuple[str | None, str, str], int] = {}
        self._left_out: dict[tuple[str | None, str], int] = {}

    def add(self, outcome: Outcome) -> None:
        """Count one outcome (an invalid one counts for nothing, an unfinished one as left out)."""
        result = outcome.result
        if result is None:
            return
        night = outcome.date if self.by_date else None
        if result.status != "finished":
            self._left_out[night, result.game] = self._left_out.get((night, result.game), 0) + 1
            return
        for player in result.players:
            key = (night, result.game, player.name)
            self._played[key] = self._played.get(key, 0) + 1
            self._total[key] = self._total.get(key, 0) + player.score
            self._won[key] = self._won.get(key, 0) + (result.winner == player.name)

    def standings(self) -> list[Standing]:
        """Per night (dated ones first, in date order), per game, best first: most wins, then
        highest mean score, then name."""
        found = [
            Standing(g, p, n, self._won[d, g, p], self._total[d, g, p] / n, d)
            for (d, g, p), n in self._played.items()
        ]
        return sorted(
            found, key=lambda s: (*_night(s.date), s.game, -s.won, -s.mean_score, s.player)
        )

    def left_out(self) -> list[LeftOut]:
        """The unfinished sessions the standings leave out, per night and game."""
        found = [LeftOut(g, n, d) for (d, g), n in self._left_out.items()]
        return sorted(found, key=lambda x: (*_night(x.date), x.game))


def _night(date: str | None) -> tuple[bool, str]:
    """A sort key for nights: dated ones in date order, the undated last."""
    return date is None, date or ""


def standings(outcomes: Iterable[Outcome]) -> list[Standing]:
    """Per game, per player, over the finished sessions: played, won, mean score."""
    tally = Tally()
    for outcome in outcomes:
        tally.add(outcome)
    return tally.standings()


def standings_text(tally: Tally) -> str:
    """The standings as one table per game (per night when by date), each followed by how
    many unfinished sessions it left out."""
    found, left = tally.standings(), tally.left_out()
    if tally.by_date:
        nights = dict.fromkeys([*(s.date for s in found), *(x.date for x in left)])
        ordered = sorted(nights, key=_night)
        return "\n\n".join(_night_block(d, found, left) for d in ordered)
    games = sorted(dict.fromkeys([*(s.game for s in found), *(x.game for x in left)]))
    return "\n\n".join(_game_block(g, found, left) for g in games)


_HEADER = ["player", "played", "won", "mean score"]


def _row(standing: Standing) -> list[Cell]:
    """One standing as table cells."""
    return [standing.player, standing.played, standing.won, f"{standing.mean_score:.2f}"]


def _game_block(game: str, found: Sequence[Standing], left: Sequence[LeftOut]) -> str:
    """One game's summary table and its left-out line."""
    rows = [_row(s) for s in found if s.game == game]
    lines = [f"summary | {game}", *(table(_HEADER, rows, indent="  ") if rows else [])]
    return "\n".join(lines + _left_line(sum(x.sessions for x in left if x.game == game)))


def _night_block(date: str | None, found: Sequence[Standing], left: Sequence[LeftOut]) -> str:
    """One night's summary table across its games, and its left-out line."""
    rows = [[s.game, *_row(s)] for s in found if s.date == date]
    title = f"summary | {date if date is not None else 'no date'}"
    lines = [
        printable(title),
        *(table(["game", *_HEADER], rows, indent="  ", left=2) if rows else []),
    ]
    return "\n".join(lines + _left_line(sum(x.sessions for x in left if x.date == date)))


def _left_line(count: int) -> list[str]:
    """The line saying how many unfinished sessions a table leaves out (none if none)."""
    if not count:
        return []
    sessions = "1 session" if count == 1 else f"{count} sessions"
    return [f"  left out: {sessions} not finished"]


def table(
    header: Sequence[str], rows: Sequence[Sequence[Cell]], indent: str = "", left: int = 1
) -> list[str]:
    """Lines of an aligned table: the first ``left`` columns (names) to the left, the others
    (numbers) to the right.

    >>> table(["player", "score"], [["Ana", 12], ["Bo", 7.5]])
    ['player  score', 'Ana        12', 'Bo        7.5']
    """
    cells = [list(header), *([_cell(c) for c in row] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    return [indent + "  ".join(_align(line, widths, left)).rstrip() for line in cells]


def _align(line: Sequence[str], widths: Sequence[int], left: int) -> list[str]:
    """The cells of one table line padded to their column widths."""
    return [
        c.ljust(w) if i < left else c.rjust(w)
        for i, (c, w) in enumerate(zip(line, widths, strict=True))
    ]


def _cell(value: Cell) -> str:
    """A value as table text: blank for missing, no trailing ``.0`` on whole floats, no control
    characters (a name from a record must not forge a row or drive the terminal)."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return printable(str(value))
