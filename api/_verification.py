"""What ``ubongo.verify`` returns (``ubongo verify``).

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

from ubongo._text import plural
from ubongo.scoring.text import printable

if TYPE_CHECKING:
    from ubongo.puzzles import PuzzleSet
    from ubongo.solver.engine import Verdict


@dataclass(frozen=True)
class Checked:
    """One combination of a set as ``ubongo verify`` checked it."""

    template: str
    side: str
    face: str
    pieces: tuple[str, ...]
    verdict: Verdict = field(repr=False)

    @property
    def solvable(self) -> bool:
        """Whether the combination has a tiling."""
        return self.verdict.solvable

    def to_json(self) -> dict[str, Any]:
        """``{"template", "side", "face", "pieces", "solvable", "tilings"?, "reason"?}``."""
        head = {"template": self.template, "side": self.side, "face": self.face}
        verdict = self.verdict.to_json(solution=False, engine=False)
        return {**head, "pieces": list(self.pieces), **verdict}


@dataclass(frozen=True)
class Verification:
    """Every combination of a set solved (``ubongo verify``); ``problems`` are the structure
    problems ``strict=True`` found (None when not asked)."""

    puzzle_set: PuzzleSet = field(repr=False)
    results: tuple[Checked, ...] = field(repr=False)
    problems: tuple[str, ...] | None = None

    @property
    def name(self) -> str:
        """The set's name."""
        return self.puzzle_set.name

    @property
    def solvable(self) -> int:
        """How many combinations have a tiling."""
        return sum(r.solvable for r in self.results)

    @property
    def unsolvable(self) -> tuple[Checked, ...]:
        """The combinations with no tiling."""
        return tuple(r for r in self.results if not r.solvable)

    @property
    def ok(self) -> bool:
        """Every combination solvable and (when asked) no structure problem: ``verify``'s exit 0."""
        return not self.unsolvable and not self.problems

    def to_json(self) -> dict[str, Any]:
        """``ubongo verify --json``: ``{"set", "combinations", "solvable", "results",
        "problems"?}``."""
        doc: dict[str, Any] = {
            "set": self.name,
            "combinations": len(self.results),
            "solvable": self.solvable,
            "results": [r.to_json() for r in self.results],
        }
        if self.problems is not None:
            doc["problems"] = list(self.problems)
        return doc

    def lines(self) -> list[str]:
        """The summary line, the tilings line when counted, the failures table and, when
        strict, the structure problems: ``ubongo verify``'s text, a line each."""
        out = [f"{printable(self.name)}: {self.solvable}/{len(self.results)} combinations solvable"]
        ns = [r.verdict.tilings for r in self.results if r.solvable]
        counts = [n for n in ns if n is not None]
        if counts:
            out.append(
                f"tilings per solvable combination: min {min(counts)}, mean "
                f"{sum(counts) / len(counts):.2f}, max {max(counts)}; unique: {counts.count(1)}"
            )
        if self.unsolvable:
            rows = [(r.template, r.side, r.face, " ".join(r.pieces)) for r in self.unsolvable]
            # columns widen for long ids, die labels (colours) and combinations, never narrow
            widths = [
                max(least, *(len(row[i]) + 1 for row in rows))
                for i, least in enumerate((9, 6, 5, 18))
            ]
            heads = ("template", "side", "face", "pieces")
            out += ["", "".join(f"{h:<{w}}" for h, w in zip(heads, widths, strict=True)) + "reason"]
            out += [
                printable(
                    "".join(f"{c:<{w}}" for c, w in zip(row, widths, strict=True))
                    + f"{r.verdict.reason}"
                )
                for row, r in zip(rows, self.unsolvable, strict=True)
            ]
        if self.problems is not None:
            many = plural(len(self.problems), "problem")
            out.append(f"strict: {many}" if self.problems else "strict: complete set")
            out += [f"  {printable(p)}" for p in self.problems]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return f"Verification({self.name!r}: {self.solvable}/{len(self.results)} solvable)"

    def _repr_html_(self) -> str:
        import html

        from ubongo.render.svg import figure_svg

        parts = [f"<pre>{html.escape(str(self))}</pre>"]
        for r in self.unsolvable:
            side = self.puzzle_set.template(r.template).side(r.side)
            if side is not None:
                title = html.escape(f"{r.template} {r.side} face {r.face}: {' '.join(r.pieces)}")
                parts.append(f"<p>{title}</p>{figure_svg(side.figure)}")
        return "".join(parts)
