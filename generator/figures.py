"""Random figures: connected, hole-free shapes of a given area spanning a given box.

Glossary
    Line     a row or a column of the box, seen from one of its edges (top, bottom, left, right).
    Bite     a rectangle-like cut from one edge: on ``span`` neighbouring lines, the ``depth``
             outermost cells of the figure. At a box corner a bite is a step (two bites make a
             staircase); between the corners it is a cut-out.
    Outline  the shape measures of calibration.md's "Figure shapes" for one figure.

A figure is carved out of its full bounding box in bites, not cell by cell: a solid core with
a few large steps and cut-outs, as the published figures are. A bite takes only cells reachable
from outside along its lines, so no hole can ever form; a bite that would split the figure or
empty an edge row or column of the box is not taken. Carving cell by cell (the first version)
left many one-cell tips and one-cell notches in the middle of an edge (DESIGN.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ubongo.solver.cells import Point, flood, neighbours
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import Lattice, Shape, translated
from ubongo.solver.symmetry import symmetries as figure_symmetries

BoxSize = tuple[int, int]
"""A bounding box's size, rows by columns (``solver.cells.Box`` is the rectangle itself)."""
Key = tuple[tuple[int, ...], ...]
"""A figure up to rotation and reflection (``Figure.canonical``; a footprint's for cubes)."""
EDGES = ("top", "bottom", "left", "right")
"""The four edges of a box, the directions a bite comes from (a card's sides are easy and hard)."""
MIDDLE = 0.15
"""Chance that a bite is a cut-out between the corners rather than a step at a corner."""
SHALLOW = 0.9
"""Chance that a bite is one cell deep (else 1 to the box's depth less 2, evenly)."""
TRIES = 40
"""Bites a carving tries in a row before it gives up on the figure."""


def _connected(cells: set[Point]) -> bool:
    """True when every cell is reachable from every other through edge neighbours."""
    return len(flood(cells, min(cells))) == len(cells)


def _line(cells: set[Point], box: BoxSize, edge: str, i: int) -> list[Point]:
    """The figure's cells on line ``i`` seen from ``edge``, outermost first."""
    h, w = box
    pts = [(r, i) for r in range(h)] if edge in ("top", "bottom") else [(i, c) for c in range(w)]
    if edge in ("bottom", "right"):
        pts.reverse()
    return [p for p in pts if p in cells]


def _keeps_box(cells: set[Point], box: BoxSize) -> bool:
    """Every edge row and edge column of the box still holds a cell."""
    h, w = box
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    return {0, h - 1} <= rows and {0, w - 1} <= cols


def _bite(rng: random.Random, cells: set[Point], box: BoxSize, most: int) -> set[Point]:
    """A random bite of at most ``most`` cells (empty when the draw was too large)."""
    h, w = box
    edge = rng.choice(EDGES)
    lines = w if edge in ("top", "bottom") else h
    deep = h if edge in ("top", "bottom") else w
    span = rng.randint(1, lines - 1)
    depth = 1 if rng.random() < SHALLOW else rng.randint(1, max(1, deep - 2))
    if rng.random() < MIDDLE and lines - span >= 2:
        start = rng.randint(1, lines - span - 1)
    else:
        start = 0 if rng.random() < 0.5 else lines - span
    out: set[Point] = set()
    for i in range(start, start + span):
        out.update(_line(cells, box, edge, i)[:depth])
    return out if len(out) <= most else set()


def _mirror(p: Point, box: BoxSize, kind: int) -> Point:
    """``p`` under a symmetry of the box: 0 left-right, 1 top-bottom, 2 half turn, 3 diagonal."""
    h, w = box
    r, c = p
    return ((r, w - 1 - c), (h - 1 - r, c), (h - 1 - r, w - 1 - c), (c, r))[kind]


def carve(
    rng: random.Random, area: int, box: BoxSize, *, taper: bool = False, symmetric: bool = False
) -> Figure | None:
    """A random connected, hole-free figure of ``area`` cells spanning ``box``; None if stuck.

    ``taper``: one end of the long side is a single cell. ``symmetric``: every bite is taken
    with its mirror image, so the figure has a symmetry (when the area allows one).
    """
    h, w = box
    cells: set[Point] = {(r, c) for r in range(h) for c in range(w)}
    kind = rng.choice([0, 1, 2, 3] if h == w else [0, 1, 2])
    if taper:
        edge = rng.choice(EDGES[:2] if h > w else EDGES[2:] if w > h else EDGES)
        end = _end_line(box, edge)
        keep = rng.choice(end)
        cut = set(end) - {keep}
        if symmetric:
            cut |= {_mirror(p, box, kind) for p in cut}
        if keep in cut:
            return None
        cells -= cut
    for _ in range(TRIES):
        if len(cells) <= area:
            break
        bite = _bite(rng, cells, box, len(cells) - area)
        if symmetric:
            bite |= {_mirror(p, box, kind) for p in bite}
        rest = cells - bite
        if bite and len(rest) >= area and _keeps_box(rest, box) and _connected(rest):
            cells = rest
    if len(cells) != area:
        return None
    return Figure.from_cells(cells)


def _end_line(box: BoxSize, edge: str) -> list[Point]:
    """Every cell of the box's line along ``edge``."""
    h, w = box
    if edge == "top":
        return [(0, c) for c in range(w)]
    if edge == "bottom":
        return [(h - 1, c) for c in range(w)]
    if edge == "left":
        return [(r, 0) for r in range(h)]
    return [(r, w - 1) for r in range(h)]


@lru_cache(maxsize=4096)  # carving, the search and the outline all ask of each figure
def symmetries(figure: Figure) -> int:
    """How many rotations and reflections map the figure onto itself (1: none but identity)."""
    return len(figure_symmetries(figure.cells, figure.lattice))


def is_asymmetric(figure: Figure) -> bool:
    """True when no rotation or reflection maps the figure onto itself.

    A symmetric figure doubles every tiling that is not itself symmetric (its mirror image is
    another tiling), so it rarely holds a combination with exactly one tiling.
    """
    return symmetries(figure) == 1


# --- shape measures (calibration.md, "Figure shapes") ----------------------------------------


@dataclass(frozen=True)
class Outline:
    """The shape measures of one figure."""

    corners: int
    """Convex corners of the outline."""
    tips: int
    """Cells with exactly one neighbour in the figure."""
    deep_cut: bool
    """An empty region of the box reaches 2 or more cells deep from every edge it opens on."""
    wide_ends: bool
    """Both ends of the long side hold 2 or more cells (a square box: all four edges)."""
    notch: bool
    """A row or column of the figure has a gap (a U notch)."""
    symmetric: bool
    """A rotation or reflection maps the figure onto itself."""

    @property
    def tipless(self) -> bool:
        """No cell has exactly one neighbour."""
        return self.tips == 0


def outline(figure: Figure) -> Outline:
    """The shape measures of ``figure``."""
    cells = set(figure.cells)
    h, w = figure.height, figure.width
    return Outline(
        corners=_corners(cells, h, w),
        tips=sum(sum(n in cells for n in neighbours(p)) == 1 for p in cells),
        deep_cut=_deepest_cut(cells, h, w) >= 2,
        wide_ends=all(len(set(_end_line((h, w), s)) & cells) >= 2 for s in _ends(h, w)),
        notch=_has_gap(cells, h, w),
        symmetric=not is_asymmetric(figure),
    )


def keep_chance(o: Outline) -> float:
    """How likely a carved figure is kept: one-cell tips, gaps (cut-outs in the middle of a
    side), deep cut-outs and many corners make a figure less like the published ones (the
    factors were tuned against calibration.md's shape table, DESIGN.md)."""
    rough = max(0, o.tips - 1) + o.notch + max(0, o.corners - 8)
    return 0.45 ** min(o.tips, 1) * 0.7**o.deep_cut * 0.5**rough


def _corners(cells: set[Point], h: int, w: int) -> int:
    """Convex corners: grid points with one figure cell of four around them (two if diagonal)."""
    out = 0
    for r in range(h + 1):
        for c in range(w + 1):
            around = [(r - 1, c - 1) in cells, (r - 1, c) in cells, (r, c - 1) in cells]
            around.append((r, c) in cells)
            n = sum(around)
            out += n == 1 or 2 * (n == 2 and around[0] == around[3])
    return out


def _deepest_cut(cells: set[Point], h: int, w: int) -> int:
    """The depth of the deepest empty region of the box: the least depth from the edges it
    opens on (a corner step of 1 by 3 cells is 1 deep)."""
    empty = {(r, c) for r in range(h) for c in range(w)} - cells
    best = 0
    while empty:
        region = flood(empty, min(empty))
        empty -= region
        rows = [r for r, _ in region]
        cols = [c for _, c in region]
        depths = []
        if min(rows) == 0:
            depths.append(max(rows) + 1)
        if max(rows) == h - 1:
            depths.append(h - min(rows))
        if min(cols) == 0:
            depths.append(max(cols) + 1)
        if max(cols) == w - 1:
            depths.append(w - min(cols))
        best = max(best, min(depths, default=0))  # a hole is no cut-out
    return best


def _ends(h: int, w: int) -> tuple[str, ...]:
    """The edges at the ends of the long axis (all four for a square)."""
    return EDGES[:2] if h > w else EDGES[2:] if w > h else EDGES


def _has_gap(cells: set[Point], h: int, w: int) -> bool:
    """True when some row or column holds cells that are not side by side."""
    lines = [[c for c in range(w) if (r, c) in cells] for r in range(h)]
    lines += [[r for r in range(h) if (r, c) in cells] for c in range(w)]
    return any(x and x[-1] - x[0] + 1 != len(x) for x in lines)


# --- figures on any lattice, of one region or several ----------------------------------------


def plant(rng: random.Random, shapes: Sequence[Sequence[Shape]], lattice: Lattice) -> set[Point]:
    """The cells of a compact region made of one orientation of each piece (``shapes``: each
    piece's orientations), every piece put down against those before it where it touches
    them along the most edges (the outline stays shortest; ties and a few second bests at
    random).

    Cells carved at random out of a box of hexagons were seldom filled by four combinations
    of the pieces (none in 20 of 4x5 with 14 hexagons: DESIGN.md, hexagons and triangles);
    a figure made of pieces has one combination at least and, compact, often more.
    """
    near = _Near(lattice)
    cells = set(rng.choice(shapes[0]))
    for orientations in shapes[1:]:
        ranked = sorted(
            (-_contacts(placed, cells, near) + rng.random(), sorted(placed))
            for placed in _against(orientations, cells, lattice, near)
        )
        pick = ranked[0] if rng.random() < BEST else rng.choice(ranked[:SECOND])
        cells.update(pick[1])
    return cells


BEST = 0.7
"""Chance that a piece goes where it touches the most (else one of the ``SECOND`` best)."""
SECOND = 5


class _Near(dict[Point, list[Point]]):
    """A lattice's neighbours of cells, each cell's worked out once: planting a figure asks
    for the same cells' hundreds of times (half the CPU time of generating hexagon sets)."""

    def __init__(self, lattice: Lattice) -> None:
        super().__init__()
        self.lattice = lattice

    def __missing__(self, p: Point) -> list[Point]:
        self[p] = found = self.lattice.neighbours(p)
        return found


def _against(
    orientations: Sequence[Shape], cells: set[Point], lattice: Lattice, near: _Near
) -> Iterator[frozenset[Point]]:
    """Every placement of the piece (each orientation, whole lattice steps) that covers a
    cell next to ``cells`` and no cell of them."""
    border = sorted({q for p in cells for q in near[p] if q not in cells})
    seen: set[frozenset[Point]] = set()
    for shape in orientations:
        for anchor in border:
            for c in shape:
                by = lattice.step(c, anchor)
                if by is None:
                    continue
                moved = translated(shape, by)
                if moved not in seen and not moved & cells:
                    seen.add(moved)
                    yield moved


def _contacts(placed: frozenset[Point], cells: set[Point], near: _Near) -> int:
    """Edges the placed piece shares with ``cells``."""
    return sum(q in cells for p in placed for q in near[p])


GAP = 2
"""Empty text columns at least between two regions of a figure (``side_by_side``)."""


def side_by_side(regions: Sequence[set[Point]], lattice: Lattice) -> Figure:
    """The regions in a row, left to right in the text form, two empty text columns apart or
    three: a cell's neighbours stand at most one text column away on every flat lattice, but
    triangles one empty column apart still meet at a corner, and a card's regions are apart."""
    step = [b - a for a, b in zip(lattice.at(0, 0), lattice.at(0, lattice.period[1]), strict=True)]
    cells: set[Point] = set()
    for region in regions:
        part = set(lattice.normalise(region))
        if cells:
            right = max(lattice.spot(p)[1] for p in cells)
            while min(lattice.spot(p)[1] for p in part) <= right + GAP:
                part = set(translated(part, step))
        cells |= part
    return Figure.from_cells(cells, lattice)
