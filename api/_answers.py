"""What ``ubongo.solve`` and ``ubongo.solutions`` return (``ubongo solve``, ``solve --all``).

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
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

from ubongo._text import plural
from ubongo.solver.puzzle import Puzzle, Solution, solution_rows

if TYPE_CHECKING:
    from ubongo.solver.cells import Picture
    from ubongo.solver.engine import Verdict
    from ubongo.solver.pieces import PieceSet

SHOWN_IN_HTML = 24
"""Tilings a notebook draws of a ``solutions`` result; the text and the JSON hold them all."""


@dataclass(frozen=True)
class Answer:
    """One puzzle's verdict (``ubongo solve``): solvable or why not, one tiling, the count
    when asked (``tilings``; None when not counted), the engine that answered."""

    puzzle: Puzzle
    pieces: PieceSet = field(repr=False)
    verdict: Verdict = field(repr=False)

    @property
    def solvable(self) -> bool:
        """Whether the puzzle has a tiling."""
        return self.verdict.solvable

    @property
    def tilings(self) -> int | None:
        """The number of tilings when counted (``count=True``), else None."""
        return self.verdict.tilings

    @cached_property
    def tilings_up_to_symmetry(self) -> int | None:
        """When counted: the tilings up to the figure's symmetries (a tiling and its turned or
        mirrored image count once; see ``solver.symmetry.up_to_symmetry``), else None."""
        from ubongo.solver.symmetry import up_to_symmetry

        n = self.verdict.tilings
        return None if n is None else up_to_symmetry(self.puzzle, n)

    def count_line(self) -> str | None:
        """``9356 tilings (2339 up to symmetry)`` when counted (the part in brackets only when
        the figure's symmetries join some tilings), else None."""
        n = self.tilings
        if n is None:
            return None
        distinct = self.tilings_up_to_symmetry
        return plural(n, "tiling") + (f" ({distinct} up to symmetry)" if distinct != n else "")

    @property
    def reason(self) -> str | None:
        """Why the puzzle has no tiling, or None when it has one."""
        return self.verdict.reason

    @property
    def engine(self) -> str:
        """The engine that answered: ``bitboard`` or ``cpsat``."""
        return self.verdict.engine

    @property
    def solution(self) -> Solution | None:
        """The tiling as placements (piece name, cells), or None."""
        return self.verdict.solution

    @cached_property
    def rows(self) -> Picture | None:
        """The tiling drawn in the pieces' code letters, or None."""
        sol = self.verdict.solution
        return None if sol is None else solution_rows(self.puzzle.figure, sol, self.pieces)

    def to_json(self) -> dict[str, Any]:
        """``ubongo solve --json``: ``{"solvable", "solution", "engine", "tilings"?,
        "tilings_up_to_symmetry"?, "reason"?}`` (the two counts when counted)."""
        out = self.verdict.to_json(self.rows)
        if self.tilings is not None:
            out["tilings_up_to_symmetry"] = self.tilings_up_to_symmetry
        return out

    def __str__(self) -> str:
        if self.rows is None:
            return f"unsolvable: {self.reason}"
        line = self.count_line()
        return "\n".join([*self.rows, *([] if line is None else [line])])

    def __repr__(self) -> str:
        return (
            f"Answer(solvable={self.solvable!r}, tilings={self.tilings!r}, rows={self.rows!r}, "
            f"reason={self.reason!r})"
        )

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import solution_svg

        return solution_svg(self.puzzle.figure, self.solution or (), self.pieces)


@dataclass(frozen=True)
class Solutions(Sequence[Solution]):
    """Every tiling of a puzzle (``ubongo solve --all``), each as placements; ``rows(i)`` draws
    one, ``len()`` counts them."""

    puzzle: Puzzle
    pieces: PieceSet = field(repr=False)
    found: tuple[Solution, ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.found)

    @overload
    def __getitem__(self, i: int) -> Solution: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Solution, ...]: ...
    def __getitem__(self, i: int | slice) -> Solution | tuple[Solution, ...]:
        return self.found[i]

    def __iter__(self) -> Iterator[Solution]:
        return iter(self.found)

    def rows(self, i: int) -> Picture:
        """Tiling ``i`` drawn in the pieces' code letters."""
        return solution_rows(self.puzzle.figure, self.found[i], self.pieces)

    def pictures(self) -> list[Picture]:
        """Every tiling drawn."""
        return [self.rows(i) for i in range(len(self))]

    def to_json(self) -> dict[str, Any]:
        """``ubongo solve --all --json``: ``{"tilings": N, "solutions": [rows, ...]}``."""
        return {"tilings": len(self), "solutions": self.pictures()}

    def __str__(self) -> str:
        return "\n\n".join("\n".join(rows) for rows in self.pictures())

    def __repr__(self) -> str:
        return f"Solutions({self.puzzle}: {plural(len(self), 'tiling')})"

    def _repr_html_(self) -> str:
        from ubongo.render.svg import solution_svg

        shown = [solution_svg(self.puzzle.figure, sol, self.pieces) for sol in self[:SHOWN_IN_HTML]]
        more = len(self) - len(shown)
        tail = f"<p>... and {plural(more, 'more tiling')}</p>" if more > 0 else ""
        return f"<p>{plural(len(self), 'tiling')}</p><div>{' '.join(shown)}</div>{tail}"
