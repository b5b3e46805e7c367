"""Outlines of cell sets, shared by the SVG and PDF drawings, on each flat lattice.

Glossary
    Vertex   (x, y) a cell's corner in whole steps of its lattice's ``Plane`` (squares: x is
             a column edge, y a row edge, in cell units).
    Loop     a closed list of Vertices, turning only at corners, clockwise on screen.
    Segment  ((x0, y0), (x1, y1)) one edge of one cell.
    Plane    where a lattice's cells lie: each cell's corners as Vertices, and the size of a
             step of x and of y in cell units (a square's side, a hexagon's width, a
             triangle's side).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ubongo.solver.cells import MAX_SQUARES, Point
from ubongo.solver.errors import UbongoError
from ubongo.solver.lattice import SQUARE, Lattice

MAX_CELLS = MAX_SQUARES
"""The most cells a drawing outlines: the most a picture may have (``solver.cells``), so a
figure built in code rather than read is held to the same bound; drawn in well under a second."""

Vertex = tuple[int, int]
Loop = list[Vertex]
Segment = tuple[Vertex, Vertex]


class DrawingTooLarge(UbongoError):
    """A cell set too large to draw."""

    def __init__(self, cells: int, limit: int = MAX_CELLS) -> None:
        super().__init__(f"cannot draw {cells} cells; a drawing holds at most {limit}")
        self.cells = cells
        self.limit = limit


def _square(row: int, col: int) -> tuple[Vertex, ...]:
    """A square's corners clockwise from the top left."""
    return (col, row), (col + 1, row), (col + 1, row + 1), (col, row + 1)


def _hexagon(row: int, col: int) -> tuple[Vertex, ...]:
    """A hexagon's corners clockwise from its top point, x in half widths, y in quarters of
    its height: a hexagon stands on text row ``row``, every other one half a width right."""
    x, y = 2 * col + row % 2 + 1, 3 * row + 2  # its middle
    return (x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1)


def _triangle(row: int, col: int) -> tuple[Vertex, ...]:
    """A triangle's corners clockwise from its top left, x in half sides, y in rows: text
    column ``col`` of its row (``Triangles.spot``) points up exactly where row + col is even."""
    if (row + col) % 2 == 0:
        return (col + 1, row), (col + 2, row + 1), (col, row + 1)
    return (col, row), (col + 2, row), (col + 1, row + 1)


@dataclass(frozen=True)
class Plane:
    """Where a lattice's cells lie: ``shape`` gives a cell's corners from where it stands in
    the text form (``Lattice.spot``), ``step`` a Vertex step along x and y in cell units."""

    shape: Callable[[int, int], tuple[Vertex, ...]]
    step: tuple[float, float]


PLANES = {
    "square": Plane(_square, (1.0, 1.0)),
    "hex": Plane(_hexagon, (0.5, 1 / (2 * math.sqrt(3)))),  # a hexagon one cell wide
    "tri": Plane(_triangle, (0.5, math.sqrt(3) / 2)),  # a triangle's side one cell
}
"""The one place that knows what a cell looks like, by ``Lattice.space`` (cubes are drawn
by ``render.iso`` from squares)."""


def corners(p: Point, lattice: Lattice = SQUARE) -> tuple[Vertex, ...]:
    """The cell's corners clockwise on screen, as Vertices of its lattice's Plane."""
    return PLANES[lattice.space].shape(*lattice.spot(p))


def edges(cells: Iterable[Point], lattice: Lattice = SQUARE) -> tuple[list[Segment], list[Segment]]:
    """The edges between a cell of the set and one outside it, clockwise around the set, and
    the edges two cells of the set share (each once, from its lesser end)."""
    pool = set(cells)
    if len(pool) > MAX_CELLS:
        raise DrawingTooLarge(len(pool))
    sides = [(a, b) for p in sorted(pool) for a, b in _sides(corners(p, lattice))]
    # a shared edge runs one way round one cell and the other way round its neighbour
    every = set(sides)
    outer = [(a, b) for a, b in sides if (b, a) not in every]
    inner = [(a, b) if a < b else (b, a) for a, b in sides if (b, a) in every]
    return outer, list(dict.fromkeys(inner))


def _sides(ring: tuple[Vertex, ...]) -> list[Segment]:
    """A polygon's sides, each from one corner to the next."""
    return [(v, ring[(k + 1) % len(ring)]) for k, v in enumerate(ring)]


def boundary_edges(cells: Iterable[Point], lattice: Lattice = SQUARE) -> list[Segment]:
    """Edges between a cell of the set and a cell outside it, clockwise around the set."""
    return edges(cells, lattice)[0]


def loops(cells: Iterable[Point], lattice: Lattice = SQUARE) -> list[Loop]:
    """The closed outlines of a cell set (holes wind the other way), corners only.

    >>> loops({(0, 0), (0, 1)})
    [[(0, 0), (2, 0), (2, 1), (0, 1)]]
    """
    starts: dict[Vertex, list[Vertex]] = {}
    for a, b in boundary_edges(cells, lattice):
        starts.setdefault(a, []).append(b)
    out: list[Loop] = []
    while starts:
        first = min(starts)
        loop = [first]
        cur = first
        while True:
            nxt = starts[cur].pop()
            if not starts[cur]:
                del starts[cur]
            if nxt == first:
                break
            loop.append(nxt)
            cur = nxt
        out.append(_corners(loop))
    return out


def _corners(loop: Loop) -> Loop:
    """Drop the vertices where the outline goes straight on."""
    n = len(loop)
    keep = []
    for i, (x, y) in enumerate(loop):
        (px, py), (nx, ny) = loop[i - 1], loop[(i + 1) % n]
        if (x - px) * (ny - y) - (y - py) * (nx - x) != 0:
            keep.append((x, y))
    return keep


def inner_edges(cells: Iterable[Point], lattice: Lattice = SQUARE) -> list[Segment]:
    """Edges shared by two cells of the set: the grid lines inside it."""
    return edges(cells, lattice)[1]
