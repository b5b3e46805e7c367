"""An independent check of solutions, sharing no code with the engines.

It rebuilds every piece's images from its coordinates in its own way per lattice, rather than
the engines' matrices (solver.lattice), so a bug in one is not repeated in the other:
``rot90`` and ``fliplr`` on a 0/1 numpy array for squares (turned over or only turned), the
24 rotations of a 3D array by ``rot90`` in its three planes for cubes, cube coordinates
(x + y + z = 0, a sixth of a turn a signed cyclic shift) for hexagons, and for triangles each
triangle as the set of its three corners, turned as points of a hexagon grid are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # the data types only: no engine code is shared
    from ubongo.solver.puzzle import Puzzle, Solution

Cells = Iterable[tuple[int, ...]]


def _grid(cells: Cells) -> np.ndarray:
    """A tight 0/1 array of the cells, of as many dimensions as they have coordinates."""
    pts = np.array(sorted(cells), dtype=np.int64)
    pts -= pts.min(axis=0)
    g = np.zeros(tuple(pts.max(axis=0) + 1), dtype=np.uint8)
    g[tuple(pts.T)] = 1
    return g


def _square_images(a: np.ndarray, turn_over: bool) -> list[np.ndarray]:
    return [
        np.rot90(img, k) for img in ((a, np.fliplr(a)) if turn_over else (a,)) for k in range(4)
    ]


def _cube_images(a: np.ndarray) -> list[np.ndarray]:
    """The 24 proper rotations: each of the six faces turned up, then four turns about the
    vertical (a mirror image is never among them)."""
    ups = [a, np.rot90(a, 2, axes=(0, 2))]
    ups += [np.rot90(a, k, axes=(0, 2)) for k in (1, 3)]
    ups += [np.rot90(a, k, axes=(0, 1)) for k in (1, 3)]
    return [np.rot90(up, k, axes=(1, 2)) for up in ups for k in range(4)]


def _same_array(images: list[np.ndarray], b: np.ndarray) -> bool:
    return any(img.shape == b.shape and bool((img == b).all()) for img in images)


def _same_squares(turn_over: bool) -> Callable[[Cells, Cells], bool]:
    return lambda a, b: _same_array(_square_images(_grid(a), turn_over), _grid(b))


def _same_cubes(a: Cells, b: Cells) -> bool:
    return _same_array(_cube_images(_grid(a)), _grid(b))


def _same_hexagons(a: Cells, b: Cells) -> bool:
    """Axial (r, q) as cube coordinates (x, y, z) = (q, -q - r, r): a sixth of a turn takes
    (x, y, z) to (-z, -x, -y), a mirror swaps x and z."""
    cube = [(q, -q - r, r) for r, q in a]
    target = _hex_key((x, z) for x, _, z in ((q, -q - r, r) for r, q in b))
    for image in (cube, [(z, y, x) for x, y, z in cube]):
        for _ in range(6):
            if _hex_key((x, z) for x, _, z in image) == target:
                return True
            image = [(-z, -x, -y) for x, y, z in image]
    return False


def _hex_key(xz: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    pts = list(xz)
    x0, z0 = min(x for x, _ in pts), min(z for _, z in pts)
    return frozenset((x - x0, z - z0) for x, z in pts)


def _same_triangles(a: Cells, b: Cells) -> bool:
    """Each triangle as its three corners, in cube coordinates of the grid of corners, turned
    and mirrored as hexagons are above: two shapes are alike when their sets of corner sets
    are, up to a translation of the corners."""
    shape = [_corners(p) for p in a]
    target = _corner_key(_corners(p) for p in b)
    for image in (shape, [[(z, y, x) for x, y, z in t] for t in shape]):
        for _ in range(6):
            if _corner_key(image) == target:
                return True
            image = [[(-z, -x, -y) for x, y, z in t] for t in image]
    return False


def _corners(cell: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """The corners of triangle (row, column, kind): corner (row, column) of the grid of rhombi
    is axial (r, q) = (row, column - row), as cube (q, -q - r, r); kind 1 points up."""
    a, b, kind = cell
    if kind == 1:
        around = ((a, b), (a + 1, b), (a + 1, b + 1))
    elif kind == 2:
        around = ((a, b), (a, b + 1), (a + 1, b + 1))
    else:
        return []  # no triangle: matches no shape
    return [(c - r, -(c - r) - r, r) for r, c in around]


def _corner_key(
    triangles: Iterable[list[tuple[int, int, int]]],
) -> frozenset[frozenset[tuple[int, int, int]]]:
    tris = list(triangles)
    if any(not t for t in tris):
        return frozenset()
    x0 = min(x for t in tris for x, _, _ in t)
    z0 = min(z for t in tris for _, _, z in t)
    return frozenset(frozenset((x - x0, y + x0 + z0, z - z0) for x, y, z in t) for t in tris)


SAME_SHAPE: dict[str, Callable[[Cells, Cells], bool]] = {
    "square": _same_squares(turn_over=True),
    "one-sided": _same_squares(turn_over=False),
    "cube": _same_cubes,
    "hex": _same_hexagons,
    "tri": _same_triangles,
}
"""Per lattice name: whether the second cells are an image of the first."""


def is_solution(puzzle: Puzzle, solution: Solution) -> bool:
    """True when the placements cover the figure exactly, each piece once, each in its shape."""
    same = SAME_SHAPE[puzzle.lattice.name]  # a lattice unknown here fails loudly, never passes
    figure = puzzle.figure
    wanted = sorted(p.name for p in puzzle.pieces)
    shapes = {p.name: p.shape for p in puzzle.pieces}
    placed = list(solution)
    if sorted(pl.piece for pl in placed) != wanted:
        return False
    seen: set[tuple[int, ...]] = set()
    for pl in placed:
        cells = set(pl.cells)
        if not cells or cells & seen or len(cells) != len(shapes[pl.piece]):
            return False
        if not same(shapes[pl.piece], cells):
            return False
        seen |= cells
    return seen == set(figure.cells)
