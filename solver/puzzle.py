"""Puzzles and solutions: a figure to cover and the pieces to cover it with.

Glossary
    Puzzle      a Figure and a tuple of Pieces (copies of one shape allowed).
    Placement   one piece put down: its name and the figure cells it covers.
    Solution    a tuple of Placements, one per piece, in the puzzle's piece order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ubongo.solver.cells import Picture, Point, draw, read_picture
from ubongo.solver.errors import FigureError, UbongoError
from ubongo.solver.figure import Figure
from ubongo.solver.pieces import STANDARD, Piece, PieceSet


@dataclass(frozen=True)
class Puzzle:
    """Cover ``figure`` exactly with every one of ``pieces``."""

    figure: Figure
    pieces: tuple[Piece, ...]

    @property
    def piece_area(self) -> int:
        """Total area of the pieces."""
        return sum(p.area for p in self.pieces)

    def __str__(self) -> str:
        return f"{'/'.join(self.figure.rows())} with {' '.join(p.name for p in self.pieces)}"


class Placement(NamedTuple):
    """A piece put down on ``cells`` of the figure (a named tuple: engines make many)."""

    piece: str
    cells: frozenset[Point]


Solution = tuple[Placement, ...]


def solution_rows(figure: Figure, solution: Solution, pieces: PieceSet = STANDARD) -> Picture:
    """Draw a solution: each piece's cells in its code, other figure cells ``#``, outside ``.``."""
    by_code: dict[str, set[Point]] = {"#": set(figure.cells)}
    for pl in solution:  # copies of one piece share its code
        by_code.setdefault(pieces[pl.piece].code, set()).update(pl.cells)
    return draw(by_code)


def parse_solution(
    text: str | Sequence[str], pieces: PieceSet = STANDARD
) -> tuple[Figure, Solution]:
    """Read a picture drawn by :func:`solution_rows` back into its figure and solution."""
    drawn = read_picture(text)
    cells: dict[str, set[Point]] = {}
    for ch, pts in drawn.by_letter().items():
        try:
            name = pieces[ch].name
        except UbongoError as e:
            raise FigureError(str(e), *drawn.where(min(pts))) from None
        cells.setdefault(name, set()).update(pts)  # two letters may name one piece (a, A)
    figure = Figure.from_cells(drawn.chars)
    solution = tuple(Placement(name, frozenset(pts)) for name, pts in cells.items())
    return figure, solution
