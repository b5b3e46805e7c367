"""Random figures: connected, hole-free shapes of a given area spanning a given box.

A figure is carved out of its full bounding box, one cell at a time. Only a cell that touches
the outside may go, so no hole can ever form; a cell whose removal would split the figure or
empty an edge row or column of the box stays. Cells with few neighbours (corners, tips) are
likelier to go, which keeps figures compact and notched like the published ones.
"""

from __future__ import annotations

import random

from solver.cells import Point, flood, neighbours
from solver.figure import Figure
from solver.pieces import orientations

Box = tuple[int, int]


def _connected(cells: set[Point]) -> bool:
    """True when every cell is reachable from every other through edge neighbours."""
    return len(flood(cells, min(cells))) == len(cells)


def _removable(cells: set[Point], box: Box) -> list[Point]:
    """Cells touching the outside, in a stable order."""
    h, w = box
    return [
        p
        for p in sorted(cells)
        if p[0] in (0, h - 1) or p[1] in (0, w - 1) or any(n not in cells for n in neighbours(p))
    ]


def _keeps_box(cells: set[Point], p: Point, box: Box) -> bool:
    """Removing ``p`` leaves a cell in each edge row and edge column of the box."""
    h, w = box
    r, c = p
    if r in (0, h - 1) and not any((r, x) in cells for x in range(w) if x != c):
        return False
    return not (c in (0, w - 1) and not any((y, c) in cells for y in range(h) if y != r))


def carve(rng: random.Random, area: int, box: Box) -> Figure | None:
    """A random connected, hole-free figure of ``area`` cells spanning ``box``; None if stuck."""
    h, w = box
    cells = {(r, c) for r in range(h) for c in range(w)}
    while len(cells) > area:
        pool = _removable(cells, box)
        weights = [(5 - sum(n in cells for n in neighbours(p))) ** 2 for p in pool]
        while pool:
            i = rng.choices(range(len(pool)), weights)[0]
            p = pool.pop(i)
            weights.pop(i)
            if _keeps_box(cells, p, box) and _connected(cells - {p}):
                cells.discard(p)
                break
        else:
            return None
    return Figure.from_cells(cells)


def is_asymmetric(figure: Figure) -> bool:
    """True when no rotation or reflection maps the figure onto itself.

    A symmetric figure doubles every tiling (its mirror image is another tiling), so it can
    never hold a combination with exactly one tiling.
    """
    return len(orientations(figure.cells)) == 8
