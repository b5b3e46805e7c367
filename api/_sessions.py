"""What ``ubongo.score`` and ``ubongo.simulate`` return (``ubongo score``, ``ubongo simulate``):
game sessions scored, and random legal sessions to score.

Each result holds what the command computed and nothing it printed: ``str(result)`` is the
command's text output (without colours), ``result.to_json()`` its ``--json`` document. The
commands print these, so the two cannot drift apart. Drawing imports ``ubongo.render`` (and
``html``) inside ``_repr_svg_`` / ``_repr_html_`` only: a script that never draws never loads it.
One module per command, so that a command loads only its own results (``ubongo verify`` starts
within 4 times a bare Python: bench/bench_startup.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from ubongo._text import plural

if TYPE_CHECKING:
    from ubongo.scoring.records import Outcome


@dataclass(frozen=True)
class Scores(Sequence["Outcome"]):
    """Scored sessions (``ubongo score``): each record's outcome, its result when valid, its
    problems when not."""

    outcomes: tuple[Outcome, ...]

    def __len__(self) -> int:
        return len(self.outcomes)

    @overload
    def __getitem__(self, i: int) -> Outcome: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Outcome, ...]: ...
    def __getitem__(self, i: int | slice) -> Outcome | tuple[Outcome, ...]:
        return self.outcomes[i]

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self.outcomes)

    @property
    def valid(self) -> bool:
        """Whether every record was valid (``ubongo score``'s exit 0)."""
        return all(o.valid for o in self.outcomes)

    @property
    def problems(self) -> list[str]:
        """Every problem of every invalid record, as ``ubongo score`` reports them."""
        return [str(p) for o in self.outcomes for p in o.problems]

    def to_json(self) -> list[dict[str, Any]]:
        """``ubongo score --json``: one object per record."""
        from ubongo.scoring.report import result_json

        return [result_json(o) for o in self.outcomes]

    def __str__(self) -> str:
        from ubongo.scoring.report import session_text

        return "\n\n".join(session_text(o) for o in self.outcomes if o.valid)

    def __repr__(self) -> str:
        bad = sum(not o.valid for o in self.outcomes)
        return f"Scores({plural(len(self), 'session')}, {bad} invalid)"

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(str(self))}</pre>"


@dataclass(frozen=True)
class Simulation(Sequence[dict[str, Any]]):
    """Random legal sessions of a game (``ubongo simulate``), each a record as ``ubongo score``
    reads it; made when iterated, so a million of them take no memory. Session ``k`` (1-based)
    is played with ``random.Random(f"{seed}:{k}")``: a seed always gives the same sessions,
    and session ``k`` is the same whatever the number of sessions."""

    game: str
    players: int
    seed: int
    sessions: int = 1
    finished: bool = True
    date: str | None = None

    def __len__(self) -> int:
        return self.sessions

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self.record(k + 1) for k in range(*i.indices(self.sessions))]
        k = i + self.sessions if i < 0 else i
        if not 0 <= k < self.sessions:
            raise IndexError(f"session {i} of {self.sessions}")
        return self.record(k + 1)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self.record(k) for k in range(1, self.sessions + 1))

    def record(self, k: int) -> dict[str, Any]:
        """Session ``k`` (1-based), its id ``GAME-SEED-K`` first (then its date, when given)."""
        from ubongo.scoring.records import scorer

        play = scorer(self.game).simulate  # type: ignore[attr-defined]
        record: dict[str, Any] = play(
            self.players, random.Random(f"{self.seed}:{k}"), finished=self.finished
        )
        if "id" not in record:
            record = {"id": f"{self.game}-{self.seed}-{k}", **record}
        if self.date is not None:
            record = {"id": record["id"], "date": self.date, **record}
        return record

    def lines(self) -> Iterator[str]:
        """The records as JSON Lines, one line each (``ubongo simulate``'s output)."""
        from ubongo.scoring.text import json_line

        return (json_line(r) for r in self)

    def to_json(self) -> list[dict[str, Any]]:
        """The records, as a list."""
        return list(self)

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        kind = "" if self.finished else "unfinished "
        return (
            f"Simulation({plural(self.sessions, kind + self.game + ' session')}, "
            f"{self.players} players, seed {self.seed})"
        )

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(str(self))}</pre>"
