"""Score pads kept in a spreadsheet: a CSV file, one row per player per game, read as records.

Glossary
    Pad file   CSV with a header naming its columns: ``game``, ``player``, and the game's
               columns (Ubongo's gem colours in any edition's words, Jaipur's ``rupees``,
               ``bonus_tokens``, ``goods_tokens`` and ``round``, Jambo's ``gold``); optional
               ``date``, ``id``, ``location``, ``notes``, and the marks ``tiebreak`` (Ubongo:
               the player who won the tie-break round) and ``ended_by`` (Jambo: the player who
               ended a turn with 60 gold or more).
    Game rows  consecutive rows of one game: a row starts a new game when its game, date or
               id differ from the rows before it, or when its player (Jaipur: its player and
               round) is already in the game.
    Record     the JSON record a game's rows make (a ``totals`` record), located at the line
               of its first row (``FILE:LINE``), so that errors name the line and field.

Amul pads are not read: an Amul record holds the players' cards, which no pad column holds.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ubongo.scoring.names import find, normalise

META = ("game", "date", "id", "player", "location", "notes", "tiebreak", "ended_by", "round")
"""Columns every pad may have; the others are a game's (a gem colour, rupees, gold...)."""
GAME_COLUMNS = {
    "jaipur": ("rupees", "bonus_tokens", "goods_tokens"),
    "jambo": ("gold",),
}
"""Each game's own columns by key (Ubongo's are its gem words, found with ``names``)."""
Fault = tuple[int, str, str]
"""What is wrong with a pad's rows: the line of the row at fault (0: the game's first), the
record's field (may be empty) and the rule."""


@dataclass
class Rows:
    """One game's rows as read: its first line, its envelope and each row's cells."""

    line: int
    game: str
    envelope: dict[str, str]
    rows: list[tuple[int, dict[str, str]]] = field(default_factory=list)

    def has(self, row: Mapping[str, str]) -> bool:
        """Whether ``row``'s player (and round) is already in the game."""
        key = (row.get("player", ""), row.get("round", ""))
        return any((r.get("player", ""), r.get("round", "")) == key for _, r in self.rows)


def is_pad(text: str) -> bool:
    """Whether ``text`` is a CSV pad: its first non-blank line a header with ``game`` and
    ``player`` columns (JSON never starts so)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    if first.lstrip().startswith(("{", "[")):
        return False
    header = {_column(cell) for cell in next(csv.reader([first]), [])}
    return {"game", "player"} <= header


def records(text: str) -> Iterator[tuple[int, dict[str, Any] | Fault]]:
    """Each game of a pad file as (its first line, its record), or (a line, what is wrong
    there) for a header or row that makes no record."""
    reader = csv.reader(io.StringIO(text))
    header: list[str] | None = None
    current: Rows | None = None
    line = 0
    for cells in reader:
        start, line = line + 1, reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if header is None:
            header = [_column(c) for c in cells]
            unknown = [c for c, k in zip(cells, header, strict=True) if not _known(k)]
            if unknown:
                rule = f"column {unknown[0]!r}: no game's pad has it ({_columns_told()})"
                yield start, (start, "", rule)
                return
            continue
        row = {k: c.strip() for k, c in zip(header, cells, strict=False) if c.strip()}
        if len(cells) > len(header):
            rule = f"{len(cells)} cells; the header names {len(header)} columns"
            yield start, (start, "", rule)
            continue
        envelope: dict[str, str] = {k: row[k] for k in ("game", "date", "id") if k in row}
        if current is None or current.envelope != envelope or current.has(row):
            if current is not None:
                yield _made(current)
            current = Rows(start, row.get("game", ""), envelope)
        current.rows.append((start, row))
    if current is not None:
        yield _made(current)


def _made(game: Rows) -> tuple[int, dict[str, Any] | Fault]:
    """A game's first line and its record, or its fault (at the row's own line)."""
    made = record(game)
    if isinstance(made, dict):
        return game.line, made
    line, where, rule = made
    return game.line, (line or game.line, where, rule)


def record(game: Rows) -> dict[str, Any] | Fault:
    """The totals record of one game's rows, or what is wrong with them."""
    from ubongo.scoring.records import game_name

    name = game_name(game.game)
    if name is None or name == "amul":
        told = "an Amul record holds the cards, so it is JSON" if name else "ubongo, jaipur, jambo"
        return 0, "game", f"{game.game!r}: a pad's game is one of ubongo, jaipur, jambo ({told})"
    players = list(dict.fromkeys(row.get("player", "") for _, row in game.rows))
    found: dict[str, Any] = {**game.envelope, "game": name, "players": players}
    for key in ("location", "notes"):
        values = {row[key] for _, row in game.rows if key in row}
        if len(values) > 1:
            return 0, key, f"the game's rows say {' and '.join(map(repr, sorted(values)))}"
        if values:
            found[key] = values.pop()
    for mark in ("tiebreak", "ended_by"):
        marked = [row.get("player", "") for _, row in game.rows if mark in row]
        if len(marked) > 1:
            return 0, mark, f"marked on {len(marked)} rows; one player at most"
        if marked:
            found[mark] = marked[0]
    totals = _totals(name, game.rows)
    if isinstance(totals, tuple):
        return totals
    found["totals"] = totals
    return found


def _totals(game: str, rows: Sequence[tuple[int, dict[str, str]]]) -> Any:
    """The ``totals`` of a game's rows, the game's columns as numbers (cells not numbers left
    as text, for the game's scorer to refuse by name)."""
    if game == "jambo":
        for line, row in rows:
            other = sorted(set(_cells(row)) - {"gold"})
            if other:
                return line, other[0], "a Jambo pad gives each player's gold only"
        return {row.get("player", ""): _number(row.get("gold", "")) for _, row in rows}
    if game == "ubongo":
        return {row.get("player", ""): _cells(row) for _, row in rows}
    rounds: dict[int, dict[str, Any]] = {}
    for line, row in rows:
        number = _number(row.get("round", "1"))
        if not isinstance(number, int) or number < 1:
            return line, "round", f"{row.get('round')!r}: a round number, 1 or more"
        rounds.setdefault(number, {})[row.get("player", "")] = _cells(row)
    if sorted(rounds) != list(range(1, len(rounds) + 1)):
        return 0, "round", f"rounds {sorted(rounds)}; the rounds of a game are 1, 2, 3 in order"
    return [rounds[n] for n in sorted(rounds)]


def _cells(row: Mapping[str, str]) -> dict[str, Any]:
    """A row's game columns and their numbers."""
    return {k: _number(v) for k, v in row.items() if k not in META}


def _number(cell: str) -> Any:
    """A cell as an integer when it is one, else the text as written."""
    try:
        return int(cell)
    except ValueError:
        return cell


def _column(cell: str) -> str:
    """A header cell as a key: the meta columns and Jaipur's by their normalised names; a gem
    colour as its canonical name; anything else as written (and refused)."""
    key = normalise(cell)
    for known in (*META, *GAME_COLUMNS["jaipur"], *GAME_COLUMNS["jambo"]):
        if normalise(known) == key:
            return known
    gem = find("ubongo.gem", cell)
    return gem if gem is not None else cell.strip()


def _known(key: str) -> bool:
    """Whether a column is one a pad may have."""
    games = {c for columns in GAME_COLUMNS.values() for c in columns}
    return key in META or key in games or find("ubongo.gem", key) is not None


def _columns_told() -> str:
    """The columns a pad may have, for messages."""
    return (
        "expected game, player, date, id, location, notes, tiebreak, ended_by, round,"
        " a gem colour, rupees, bonus_tokens, goods_tokens or gold"
    )
