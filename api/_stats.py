"""What ``ubongo.stats`` returns (``ubongo stats``): the calibration table of sets.

Each result holds what the command computed and nothing it printed: ``str(result)`` is the
command's text output (without colours), ``result.to_json()`` its ``--json`` document. The
commands print these, so the two cannot drift apart. Drawing imports ``ubongo.render`` (and
``html``) inside ``_repr_svg_`` / ``_repr_html_`` only: a script that never draws never loads it.
One module per command, so that a command loads only its own results (``ubongo verify`` starts
within 4 times a bare Python: bench/bench_startup.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ubongo.scoring.text import printable

if TYPE_CHECKING:
    from ubongo.generator.stats import SetStats


@dataclass(frozen=True)
class Stats:
    """The calibration table of puzzle sets side by side (``ubongo stats``)."""

    sets: tuple[SetStats, ...]
    sources: tuple[str, ...] = field(repr=False)
    published: bool = False
    edition: str = "ubongo"  # whose published column: the sets' edition

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
            out["published"] = published_json(self.edition)
        return out

    def __str__(self) -> str:
        from ubongo.generator.stats import stats_table

        return stats_table(self.sets, self.published, self.headings(), self.edition)

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(str(self))}</pre>"
