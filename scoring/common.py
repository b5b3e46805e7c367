"""Types shared by every game's scorer: results and the errors that carry their data.

Glossary
    Record         the JSON object of one recorded session, as read from a file.
    Session        a game module's frozen dataclass, parsed and checked from a record.
    SessionResult  what ``score`` returns: status, winner, per-player results, rounds, extra.
    Extra          the keys a scorekeeper added to a record (``location``, ``edition``,
                   ``notes``, ...): not scored, passed through to the result as they are.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ubongo.scoring.errors import InvalidRecord


def load_fast() -> Any:
    """The compiled replay ``scoring._fast``, or None when it is not built or ``UBONGO_PURE``
    is set (not to 0), as for the solver's core: the Python replay does the work."""
    if os.environ.get("UBONGO_PURE", "0") not in ("", "0"):
        return None
    try:
        from ubongo.scoring import _fast
    except ImportError:  # no C compiler at install time
        return None
    return _fast


def suggestion(token: str, known: Sequence[str]) -> str | None:
    """The known name closest to ``token`` (ignoring case), if one is close enough.

    Scoring stands apart from the solver, which has its own for pieces and templates.

    >>> suggestion("Camle", ["Camel", "Elephant"]), suggestion("zz", ["Camel"])
    ('Camel', None)
    """
    import difflib  # here: only a misspelt name pays for it, not every command's start

    folded = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(token.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[close[0]] if close else None


Status = Literal["finished", "in progress", "unresolved tie"]
RecordKind = Literal["events", "totals"]
"""What a record holds: the game as it happened (``events``), or a score pad's ``totals``."""
Breakdown = Mapping[str, int | float]


@dataclass(frozen=True)
class PlayerResult:
    """One player's outcome: ``score`` is the game's headline number, ``rank`` 1 = best."""

    name: str
    score: int | float
    rank: int
    breakdown: Breakdown = field(default_factory=dict)


@dataclass(frozen=True)
class SessionResult:
    """The scored session. ``rounds`` holds per-round JSON-ready details where the game has them."""

    game: str
    status: Status
    winner: str | None
    players: tuple[PlayerResult, ...]
    rounds: tuple[Mapping[str, Any], ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    record: RecordKind = "events"

    def to_json(self) -> dict[str, Any]:
        """The result as the JSON object of ``ubongo score --json`` (without id/valid/errors)."""
        return {
            "game": self.game,
            "status": self.status,
            "winner": self.winner,
            "players": [
                {"name": p.name, "score": p.score, "rank": p.rank, "breakdown": dict(p.breakdown)}
                for p in self.players
            ],
            "rounds": [dict(r) for r in self.rounds],
            "extra": dict(self.extra),
            "record": self.record,
        }


def competition_ranks(scores: Mapping[str, int | float]) -> dict[str, int]:
    """Standard competition ranking ("1224"): equal scores share the best rank.

    >>> competition_ranks({"a": 5, "b": 7, "c": 5})
    {'a': 2, 'b': 1, 'c': 2}
    """
    ordered = sorted(scores.values(), reverse=True)
    return {name: ordered.index(s) + 1 for name, s in scores.items()}


# --- record-reading helpers shared by the scorers ----------------------------------------------

ENVELOPE_KEYS = ("id", "date")
"""Keys every record may carry that the scorers do not score; the results show them anyway."""
LOOKALIKE = 0.8
"""How close (difflib's ratio, case ignored) an added key may come to a known one: ``round``
is refused as a misspelt ``rounds`` (0.91), ``name`` passes beside ``game`` (0.75)."""


def lookalike(key: str, known: Sequence[str]) -> str | None:
    """The known key that ``key`` looks like a misspelling of: same letters in another case
    or order, or a close spelling. None when it looks like a key of its own.

    >>> lookalike("round", ["game", "rounds"]), lookalike("Gmae", ["game"])
    ('rounds', 'game')
    >>> lookalike("location", ["game", "players", "rounds"]) is None
    True
    """
    import difflib  # here, as in suggestion

    folded = key.casefold()
    for name in known:
        if sorted(name.casefold()) == sorted(folded):
            return name
    close = difflib.get_close_matches(folded, list(known), n=1, cutoff=LOOKALIKE)
    return close[0] if close else None


def unknown_key(path: str, key: str, allowed: Sequence[str]) -> InvalidRecord:
    """The error for a key an object may not have, with the allowed key it resembles."""
    near = suggestion(key, allowed)
    hint = f"; did you mean {near!r}?" if near else ""
    return InvalidRecord(path, f"unknown key {key!r}{hint} (expected {', '.join(allowed)})")


RECORD_KEYS = ("game", "players", "id", "date", "rounds", "turns", "tiebreak")
"""The top-level keys some game's scorer reads: in a record of another game they would look
scored and be ignored, so they are refused rather than passed through."""


def extra_keys(obj: Mapping[str, Any], known: Sequence[str]) -> dict[str, Any]:
    """A record's added keys, to pass through; one that looks like a misspelt known key is an
    InvalidRecord naming the key it resembles, one another game reads is refused too."""
    extra: dict[str, Any] = {}
    for key, value in obj.items():
        if key in known:
            continue
        if key in RECORD_KEYS:
            raise InvalidRecord(key, f"unknown key {key!r}: another game's records have it")
        near = lookalike(str(key), known)
        if near is not None:
            rule = f"unknown key {key!r}; did you mean {near!r}? (a key of its own passes through)"
            raise InvalidRecord(str(key), rule)
        extra[key] = value
    return extra


def neither_events_nor_totals(
    obj: Mapping[str, Any], key: str, known: Sequence[str], events: str, totals: str
) -> InvalidRecord:
    """The error for a record with neither its events (``key``) nor ``totals``: which keys
    were expected, and the keys it has instead (a pad under another key, say). A key that
    looks like a misspelt known one is that error instead."""
    extra = extra_keys(obj, [*known, *ENVELOPE_KEYS])
    found = f"; it has {', '.join(map(repr, extra))} instead" if extra else ""
    return InvalidRecord(key, f"missing: expected {key} ({events}) or totals ({totals}){found}")


def json_list(value: Any, path: str, what: str) -> Sequence[Any]:
    """``value`` as a JSON array, or InvalidRecord naming ``what`` was expected."""
    if not isinstance(value, list | tuple):
        raise InvalidRecord(path, f"expected {what}, got {type(value).__name__}")
    return value


def json_path(prefix: str, key: str) -> str:
    """The JSON path of ``key`` inside the object at ``prefix`` ('' for the record)."""
    return f"{prefix}.{key}" if prefix else key


def check_keys(
    obj: Mapping[str, Any], prefix: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    """Every required key present; the record's added keys returned (``prefix`` '' only),
    and inside the record no key beyond the required and optional ones."""
    allowed = [*required, *optional]
    extra = extra_keys(obj, [*allowed, *ENVELOPE_KEYS]) if not prefix else {}
    for key in required:
        if key not in obj:
            raise InvalidRecord(json_path(prefix, key), "missing required key")
    if prefix:
        for key in obj:
            if key not in allowed:
                raise unknown_key(json_path(prefix, str(key)), str(key), allowed)
    return extra


def json_object(value: Any, path: str, what: str) -> Mapping[str, Any]:
    """``value`` as a JSON object, or InvalidRecord naming ``what`` was expected."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(path, f"expected {what}, got {type(value).__name__}")
    return value


def known_keys(obj: Mapping[str, Any], allowed: set[str], path: str) -> None:
    """Refuse keys outside ``allowed``; the first unknown one (sorted) is named."""
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise unknown_key(json_path(path, unknown[0]), unknown[0], sorted(allowed))


# --- the checks every game's record shares ------------------------------------------------------

SEATS: dict[str, tuple[int, int]] = {
    "amul": (3, 8),
    "jaipur": (2, 2),
    "jambo": (2, 2),
    "ubongo": (2, 4),
}
"""The fewest and most players each game's scorer scores."""


@dataclass(frozen=True)
class RecordCheck:
    """What every game's record must be, checked in one place: a JSON object of this game,
    whose ``players`` is a list, as long as the game's seats allow, of distinct non-empty
    names. Each game words its messages its own way (``expected ..., got ...`` or just what is
    required): the fields are ``str.format`` templates, and the messages stay as they were."""

    game: str
    top: str
    """The path a message gives the record itself: ``$`` or empty."""
    not_object: str
    """The record is no object ({kind}: its Python type's name)."""
    wrong_game: str
    """``game`` is not this game ({game}, {got})."""
    not_list: str
    """``players`` is no list ({kind})."""
    count: str
    """Too few or too many players ({lo}, {hi}, {n})."""
    name_path: str
    """Where the i-th player's name is ({i})."""
    bad_name: str
    """A name that is no non-empty string ({name})."""
    duplicate: str
    """A name an earlier player has ({name})."""

    def record(self, value: Any) -> Mapping[str, Any]:
        """``value`` if it is a JSON object, else InvalidRecord."""
        if not isinstance(value, Mapping):
            raise InvalidRecord(self.top, self.not_object.format(kind=type(value).__name__))
        return value

    def game_of(self, record: Mapping[str, Any]) -> None:
        """Raise InvalidRecord unless the record's ``game`` is this game."""
        got = record.get("game")
        if got != self.game:
            raise InvalidRecord("game", self.wrong_game.format(game=self.game, got=got))

    def players(self, value: Any) -> Sequence[Any]:
        """``players`` as a list of as many entries as the game seats, else InvalidRecord."""
        if not isinstance(value, list | tuple):
            raise InvalidRecord("players", self.not_list.format(kind=type(value).__name__))
        lo, hi = SEATS[self.game]
        if not lo <= len(value) <= hi:
            raise InvalidRecord("players", self.count.format(lo=lo, hi=hi, n=len(value)))
        return value

    def name(self, value: Any, index: int) -> str:
        """The ``index``-th player's name if it is a non-empty string, else InvalidRecord."""
        if not isinstance(value, str) or not value:
            raise InvalidRecord(self.name_path.format(i=index), self.bad_name.format(name=value))
        return value

    def distinct(self, names: Sequence[str], index: int) -> None:
        """Raise InvalidRecord when the ``index``-th name is an earlier player's too."""
        if names[index] in names[:index]:
            where = self.name_path.format(i=index)
            raise InvalidRecord(where, self.duplicate.format(name=names[index]))

    def names(self, value: Any) -> tuple[str, ...]:
        """``players`` as a list of names: each non-empty and not an earlier one, in order."""
        names = self.players(value)
        for i, name in enumerate(names):
            self.name(name, i)
            self.distinct(names, i)
        return tuple(names)
