"""What ``ubongo.design`` returns (``ubongo generate``): a new set and the work it took."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ubongo.generator.design import Report
    from ubongo.puzzles import PuzzleSet


@dataclass(frozen=True)
class Design:
    """A generated set, every combination proven solvable, and the work it took (``report``:
    figures tried, seconds; not part of the set, since timings vary run to run)."""

    puzzle_set: PuzzleSet
    report: Report

    @property
    def combinations(self) -> int:
        """The set's number of combinations."""
        return sum(len(s.combos) for t in self.puzzle_set.templates for s in (t.easy, t.hard) if s)

    def to_json(self) -> dict[str, Any]:
        """The set file (``ubongo generate``'s output)."""
        return self.puzzle_set.to_json()

    def __str__(self) -> str:
        return (
            f"{len(self.puzzle_set.templates)} templates, {self.combinations} combinations, "
            f"every one solvable; {self.report.tried} figures tried, {self.report.seconds:.1f} s"
        )

    def _repr_html_(self) -> str:
        import html

        return f"<p>{html.escape(str(self))}</p>{self.puzzle_set._repr_html_()}"
