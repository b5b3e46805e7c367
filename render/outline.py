"""Outlines of cell sets, shared by the SVG and PDF drawings.

Glossary
    Vertex   (x, y) grid corner: x is a column edge, y a row edge, in cell units.
    Loop     a closed list of Vertices, turning only at corners, clockwise on screen.
    Segment  ((x0, y0), (x1, y1)) one unit edge.
"""

from __future__ import annotations

from collections.abc import Iterable

from ubongo.solver.cells import MAX_SQUARES, Point, neighbours
from ubongo.solver.errors import UbongoError

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


def boundary_edges(cells: Iterable[Point]) -> list[Segment]:
    """Unit edges between a cell of the set and a cell outside it, clockwise around the set."""
    pool = set(cells)
    if len(pool) > MAX_CELLS:
        raise DrawingTooLarge(len(pool))
    out: list[Segment] = []
    for r, c in sorted(pool):
        # corners clockwise from the top left: side k (up, right, down, left, the order of
        # neighbours) runs from corner k to corner k + 1, which keeps every edge clockwise
        corners = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
        for k, n in enumerate(neighbours((r, c))):
            if n not in pool:
                out.append((corners[k], corners[(k + 1) % 4]))
    return out


def loops(cells: Iterable[Point]) -> list[Loop]:
    """The closed outlines of a cell set (holes wind the other way), corners only.

    >>> loops({(0, 0), (0, 1)})
    [[(0, 0), (2, 0), (2, 1), (0, 1)]]
    """
    starts: dict[Vertex, list[Vertex]] = {}
    for a, b in boundary_edges(cells):
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


def inner_edges(cells: Iterable[Point]) -> list[Segment]:
    """Unit edges shared by two cells of the set: the grid lines inside it."""
    pool = set(cells)
    out: list[Segment] = []
    for r, c in sorted(pool):
        if (r, c + 1) in pool:
            out.append(((c + 1, r), (c + 1, r + 1)))
        if (r + 1, c) in pool:
            out.append(((c, r + 1), (c + 1, r + 1)))
    return out
