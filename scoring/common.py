"""Types shared by every scoring engine: results and the errors that carry their data.

Glossary
    Record         the JSON object of one recorded session, as read from a file.
    Session        a game module's frozen dataclass, parsed and checked from a record.
    SessionResult  what ``score`` returns: status, winner, per-player results, rounds.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

_UNPRINTABLE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def printable(text: str) -> str:
    """``text`` safe for a terminal: control and bidi characters shown as ``\\xNN`` escapes.

    Records and set files come from strangers: a name must not move the cursor, set the window
    title or forge a table row of its own. The CLI uses this for every message too, so it lives
    here, in the package that imports nothing of ours.

    >>> printable("Ann\x1b[2J\\nBob")
    'Ann\\\\x1b[2J\\\\nBob'
    """
    return _UNPRINTABLE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 10:
        return "\\n"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def suggestion(token: str, known: Sequence[str]) -> str | None:
    """The known name closest to ``token`` (ignoring case), if one is close enough.

    Scoring stands apart from the solver, which has its own for pieces and templates.

    >>> suggestion("Camle", ["Camel", "Elephant"]), suggestion("zz", ["Camel"])
    ('Camel', None)
    """
    folded = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(token.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[close[0]] if close else None


Status = Literal["finished", "in progress", "unresolved tie"]
Breakdown = Mapping[str, int | float]


class ScoringError(Exception):
    """Base of every error raised by the scoring engines."""


class InvalidRecord(ScoringError):
    """A record breaks a rule: ``field`` is a JSON path into the record, ``rule`` says what."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(f"{field}: {rule}")
        self.field = field
        self.rule = rule


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
        }


def competition_ranks(scores: Mapping[str, int | float]) -> dict[str, int]:
    """Standard competition ranking ("1224"): equal scores share the best rank.

    >>> competition_ranks({"a": 5, "b": 7, "c": 5})
    {'a': 2, 'b': 1, 'c': 2}
    """
    ordered = sorted(scores.values(), reverse=True)
    return {name: ordered.index(s) + 1 for name, s in scores.items()}


# --- record-reading helpers shared by the engines ----------------------------------------------

IGNORED_KEYS = ("id", "date", "notes")
"""Keys every record may carry that the engines do not score."""


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
) -> None:
    """Every required key present, no key beyond the required, optional and ignored ones."""
    for key in required:
        if key not in obj:
            raise InvalidRecord(json_path(prefix, key), "missing required key")
    allowed = [*required, *optional, *(IGNORED_KEYS if not prefix else ())]
    for key in obj:
        if key not in allowed:
            raise InvalidRecord(
                json_path(prefix, str(key)), f"unknown key {key!r}; expected {', '.join(allowed)}"
            )
