"""An independent check of solutions, sharing no code with the engines.

It rebuilds every piece's eight images with numpy (``rot90`` and ``fliplr`` on a 0/1 array)
rather than the engines' point arithmetic, so a bug in one is not repeated in the other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # the data types only: no engine code is shared
    from ubongo.solver.puzzle import Puzzle, Solution


def _grid(cells: Iterable[tuple[int, int]]) -> np.ndarray:
    """A tight 0/1 array of the cells."""
    pts = list(cells)
    r0 = min(r for r, _ in pts)
    c0 = min(c for _, c in pts)
    g = np.zeros((max(r for r, _ in pts) - r0 + 1, max(c for _, c in pts) - c0 + 1), dtype=np.uint8)
    for r, c in pts:
        g[r - r0, c - c0] = 1
    return g


def _same_shape(a: np.ndarray, b: np.ndarray) -> bool:
    """True when b is a rotation or reflection of a."""
    for img in (a, np.fliplr(a)):
        for k in range(4):
            r = np.rot90(img, k)
            if r.shape == b.shape and bool((r == b).all()):
                return True
    return False


def is_solution(puzzle: Puzzle, solution: Solution) -> bool:
    """True when the placements cover the figure exactly, each piece once, each in its shape."""
    figure = puzzle.figure
    wanted = sorted(p.name for p in puzzle.pieces)
    shapes = {p.name: _grid(p.shape) for p in puzzle.pieces}
    placed = list(solution)
    if sorted(pl.piece for pl in placed) != wanted:
        return False
    seen: set[tuple[int, int]] = set()
    for pl in placed:
        cells = set(pl.cells)
        if not cells or cells & seen or not _same_shape(shapes[pl.piece], _grid(cells)):
            return False
        seen |= cells
    return seen == set(figure.cells)
