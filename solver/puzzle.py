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

from solver.errors import FigureError, UbongoError
from solver.figure import Figure, Picture, text_rows
from solver.pieces import STANDARD, Piece, PieceSet, Point


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
    grid = [
        ["#" if (r, c) in figure.cells else "." for c in range(figure.width)]
        for r in range(figure.height)
    ]
    for pl in solution:
        code = pieces[pl.piece].code
        for r, c in pl.cells:
            grid[r][c] = code
    return ["".join(row) for row in grid]


def parse_solution(
    text: str | Sequence[str], pieces: PieceSet = STANDARD
) -> tuple[Figure, Solution]:
    """Read a picture drawn by :func:`solution_rows` back into its figure and solution."""
    cells: dict[str, set[Point]] = {}
    figure_cells: list[Point] = []
    for r, (line, row) in enumerate(text_rows(text)):  # comment lines are no rows
        for col, ch in enumerate(row, 1):
            if ch in ". ":
                continue
            figure_cells.append((r, col))
            if ch != "#":
                try:
                    name = pieces[ch].name
                except UbongoError as e:
                    raise FigureError(str(e), line, col) from None
                cells.setdefault(name, set()).add((r, col))
    figure = Figure.from_cells(figure_cells)
    r0 = min(r for r, _ in figure_cells)
    c0 = min(c for _, c in figure_cells)
    solution = tuple(
        Placement(name, frozenset((r - r0, c - c0) for r, c in pts)) for name, pts in cells.items()
    )
    return figure, solution
