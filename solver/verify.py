"""An independent check of solutions, sharing no code with the engines.

It rebuilds every piece's images from its coordinates in its own way per lattice, rather than
the engines' matrices (solver.lattice), so a bug in one is not repeated in the other:
``rot90`` and ``fliplr`` on a 0/1 numpy array for squares (turned over or only turned), the
24 rotations of a 3D array by ``rot90`` in its three planes for cubes, and cube coordinates
(x + y + z = 0, a sixth of a turn a signed cyclic shift) for hexagons.
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


SAME_SHAPE: dict[str, Callable[[Cells, Cells], bool]] = {
    "square": _same_squares(turn_over=True),
    "one-sided": _same_squares(turn_over=False),
    "cube": _same_cubes,
    "hex": _same_hexagons,
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
