"""What ``ubongo.stats`` and ``ubongo.score`` return (``ubongo stats``, ``ubongo score``):
tables of sets and of game sessions.

Each result holds what the command computed and nothing it printed: ``str(result)`` is the
command's text output (without colours), ``result.to_json()`` its ``--json`` document. The
commands print these, so the two cannot drift apart. Drawing imports ``ubongo.render`` (and
``html``) inside ``_repr_svg_`` / ``_repr_html_`` only: a script that never draws never loads it.
One module per command, so that a command loads only its own results (``ubongo verify`` starts
within 4 times a bare Python: bench/bench_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

from ubongo._text import plural
from ubongo.scoring.common import printable

if TYPE_CHECKING:
    from ubongo.generator.stats import SetStats
    from ubongo.scoring.records import Outcome


@dataclass(frozen=True)
class Stats:
    """The calibration table of puzzle sets side by side (``ubongo stats``)."""

    sets: tuple[SetStats, ...]
    sources: tuple[str, ...] = field(repr=False)
    published: bool = False

    def headings(self) -> list[str]:
        """The columns' headings: the sets' names, or their sources when two names are the
        same; escaped, as names come from strangers."""
        names = [s.name for s in self.sets]
        unique = len(set(names)) == len(names)
        return [printable(h) for h in (names if unique else self.sources)]

    def to_json(self) -> dict[str, Any]:
        """``ubongo stats --json``: ``{"sets": [...], "published"?}``."""
        from ubongo.generator.stats import published_json

        docs = [{"source": a, **s.to_json()} for a, s in zip(self.sources, self.sets, strict=True)]
        out: dict[str, Any] = {"sets": docs}
        if self.published:
            out["published"] = published_json()
        return out

    def __str__(self) -> str:
        from ubongo.generator.stats import stats_table

        return stats_table(self.sets, self.published, self.headings())

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(str(self))}</pre>"


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
