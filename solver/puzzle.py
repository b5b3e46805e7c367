"""Puzzles and solutions: a figure to cover and the pieces to cover it with.

Glossary
    Puzzle      a Figure and a tuple of Pieces (copies of one shape allowed).
    Placement   one piece put down: its name and the figure cells it covers.
    Solution    a tuple of Placements, one per piece, in the puzzle's piece order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ubongo.solver.cells import (
    Picture,
    Point,
    draw,
    draw_layers,
    join_layers,
    read_layers,
    read_picture,
)
from ubongo.solver.errors import FigureError, PieceDefinitionError, UbongoError
from ubongo.solver.figure import LAYER_MARK, Figure, layer_texts
from ubongo.solver.lattice import Lattice, translated
from ubongo.solver.pieces import STANDARD, Piece, PieceSet


@dataclass(frozen=True)
class Puzzle:
    """Cover ``figure`` exactly with every one of ``pieces``."""

    figure: Figure
    pieces: tuple[Piece, ...]

    def __post_init__(self) -> None:
        lattice = self.figure.lattice
        for p in self.pieces:
            if p.lattice is not lattice and p.lattice.space != lattice.space:
                raise PieceDefinitionError(
                    f"piece {p.name} is made of {p.lattice.cells}; the figure of {lattice.cells}"
                )

    @property
    def lattice(self) -> Lattice:
        """How the pieces may turn: their lattice (the figure's when there is no piece)."""
        return self.pieces[0].lattice if self.pieces else self.figure.lattice

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


def solution_rows(
    figure: Figure, solution: Solution, pieces: Mapping[str, Piece] = STANDARD
) -> Picture:
    """Draw a solution: each piece's cells in its code, other figure cells ``#``, outside ``.``;
    a figure of cubes layer by layer, as ``Figure.rows`` draws it."""
    by_code: dict[str, set[Point]] = {"#": set(figure.cells)}
    for pl in solution:  # copies of one piece share its code
        by_code.setdefault(pieces[pl.piece].code, set()).update(pl.cells)
    if not figure.lattice.layered:
        return draw(by_code, lattice=figure.lattice)
    return join_layers(draw_layers(by_code), LAYER_MARK)


def parse_solution(
    text: str | Sequence[str], pieces: PieceSet = STANDARD
) -> tuple[Figure, Solution]:
    """Read a picture drawn by :func:`solution_rows` back into its figure and solution."""
    lattice = pieces.lattice
    layers = layer_texts(text) if lattice.layered else None
    drawn = read_picture(text).on(lattice) if layers is None else read_layers(layers)
    cells: dict[str, set[Point]] = {}
    for ch, pts in drawn.by_letter().items():
        try:
            name = pieces[ch].name
        except UbongoError as e:
            raise FigureError(str(e), *drawn.where(min(pts))) from None
        cells.setdefault(name, set()).update(pts)  # two letters may name one piece (a, A)
    points = drawn.chars
    figure = Figure.from_cells(points, lattice)
    shift = lattice.offset(points) if points else ()
    solution = tuple(Placement(name, _moved(pts, shift)) for name, pts in cells.items())
    return figure, solution


def _moved(points: set[Point], shift: Point) -> frozenset[Point]:
    """The points as Figure.from_cells moves the figure's (by ``shift``, its least coordinates
    to 0 but for a triangle's kind)."""
    return translated(points, shift) if any(shift) else frozenset(points)
