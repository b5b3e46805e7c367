"""Pictures of puzzles: terminal colours, SVG, an HTML page of a set, printable PDF cards.

The render layer draws what it is given: it never searches and never writes a file. The CLI
finds the solutions a page shows and writes what these functions return.

Modules
    colours   piece colours for any set; terminal pictures in colour (plain: NO_COLOR, no tty)
    outline   outlines of cell sets, shared by the SVG and PDF drawings
    svg       figures, solutions and template sides as SVG (xml.etree.ElementTree)
    iso       figures of cubes and their tilings: an isometric view, a layer-by-layer view
    html      one self-contained page of a puzzle set; a click reveals a solution
    webapp    beside the page when hosted: manifest, icons (SVG, PNG), an offline service worker
    pdf       double-sided cards: true-size cells, backs behind fronts, cut marks, bleed (fpdf2)

:class:`SolutionPicture` gives a (partial) solution a notebook picture, as ``Figure`` has one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ubongo.solver.figure import Figure, Picture
from ubongo.solver.pieces import STANDARD, PieceSet
from ubongo.solver.puzzle import Solution, solution_rows


@dataclass(frozen=True)
class SolutionPicture:
    """A figure with placements on it: letters as ``str``, SVG in a notebook."""

    figure: Figure
    solution: Solution
    pieces: PieceSet = field(default_factory=lambda: STANDARD)

    def rows(self) -> Picture:
        """The picture in piece letters."""
        return solution_rows(self.figure, self.solution, self.pieces)

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import solution_svg

        return solution_svg(self.figure, self.solution, self.pieces)


__all__ = ["SolutionPicture"]
