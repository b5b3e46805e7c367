"""Symmetries of a figure, and counting the tilings of a symmetric one an orbit at a time.

Glossary (Point, Shape as in solver.cells)
    Symmetry  one of the 8 rotations and reflections of the grid that maps a figure's cells
              onto themselves, as a map of Points (the identity is one).
    Orbit     the placements of a piece that the figure's symmetries map into one another.
    Pivot     the piece whose placements are split into orbits: its shape has one copy in the
              puzzle, and its placements fall into the fewest orbits.

Why counting by orbits is exact: a symmetry g of the figure maps every tiling with the pivot
at placement p to a tiling with the pivot at g(p) and back (every piece may be turned and
turned over, so g maps pieces' placements to placements), so both have as many tilings.
The count is then the sum, over one placement p per orbit, of the orbit's size times the
tilings of the figure less p with the other pieces. The 12 pentominoes in 6x10 (4
symmetries, the X pentomino in 8 orbits of 4) count in a ninth of the plain search's time:
besides the four-fold saving, a piece set down first in the middle cuts the board in two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ubongo.solver.cells import Point, Shape, bounding_box
from ubongo.solver.figure import Figure
from ubongo.solver.pieces import canonical, orientations
from ubongo.solver.puzzle import Placement, Puzzle, Solution

Symmetry = Callable[[Point], Point]


def symmetries(cells: Shape) -> list[Symmetry]:
    """The rotations and reflections that map these normalised cells onto themselves,
    identity first."""
    _, _, bottom, right = bounding_box(cells)
    found = []
    for turn in _turns(bottom, right):
        if all(turn(p) in cells for p in cells):
            found.append(turn)
    return found


def _turns(bottom: int, right: int) -> Iterator[Symmetry]:
    """The 8 maps of the box (0, 0)-(bottom, right) that keep a box of its size in place
    (the four that swap rows and columns only for a square box)."""
    yield lambda p: p
    yield lambda p: (bottom - p[0], p[1])
    yield lambda p: (p[0], right - p[1])
    yield lambda p: (bottom - p[0], right - p[1])
    if bottom == right:
        yield lambda p: (p[1], p[0])
        yield lambda p: (p[1], bottom - p[0])
        yield lambda p: (right - p[1], p[0])
        yield lambda p: (right - p[1], bottom - p[0])


def placements(cells: Shape, shape: Shape) -> list[Shape]:
    """Every placement of ``shape`` (turned and turned over) inside the cells, in a fixed order."""
    found: set[Shape] = set()
    for turned in orientations(shape):
        anchor_r, anchor_c = min(turned)
        for r, c in cells:
            placed = frozenset((y - anchor_r + r, x - anchor_c + c) for y, x in turned)
            if placed <= cells:
                found.add(placed)
    return sorted(found, key=sorted)


@dataclass(frozen=True)
class Orbits:
    """The pivot (its index in the puzzle) and one placement per orbit with the orbit's size."""

    pivot: int
    orbits: list[tuple[Shape, int]]


def orbits(puzzle: Puzzle) -> Orbits | None:
    """The pivot and its orbits, or None when the figure has no symmetry but the identity or
    every piece's shape has copies (fixing one copy would count a tiling once per copy)."""
    cells = puzzle.figure.cells
    group = symmetries(cells)
    if len(group) == 1:
        return None
    keys = [canonical(p.shape) for p in puzzle.pieces]
    best: Orbits | None = None
    for i, piece in enumerate(puzzle.pieces):
        if keys.count(keys[i]) > 1:
            continue
        found = _orbits_of(placements(cells, piece.shape), group)
        if best is None or len(found) < len(best.orbits):
            best = Orbits(i, found)
    return best


def _orbits_of(placed: list[Shape], group: list[Symmetry]) -> list[tuple[Shape, int]]:
    """One placement per orbit (the first in the given order) and the orbit's size."""
    seen: set[Shape] = set()
    found = []
    for p in placed:
        if p in seen:
            continue
        orbit = {frozenset(map(g, p)) for g in group}
        seen |= orbit
        found.append((p, len(orbit)))
    return found


Counter = Callable[[Puzzle], tuple[int, Callable[[], Solution] | None]]
"""A count of a puzzle's tilings and its first tiling met (None when it has none)."""


def count_by_orbits(
    puzzle: Puzzle, count: Counter
) -> tuple[int, Callable[[], Solution] | None] | None:
    """The puzzle's tilings counted one orbit of the pivot's placements at a time, each rest
    by ``count``, and the first tiling met; None when ``orbits`` finds no pivot.

    The tiling is the first one met in the first orbit that has any: not in general the
    one a plain search finds first.
    """
    plan = orbits(puzzle)
    if plan is None:
        return None
    pivot = puzzle.pieces[plan.pivot]
    rest = puzzle.pieces[: plan.pivot] + puzzle.pieces[plan.pivot + 1 :]
    total = 0
    first: Callable[[], Solution] | None = None
    for placed, size in plan.orbits:
        left = puzzle.figure.cells - placed
        found: Callable[[], Solution] | None = _no_placements  # the pivot was the only piece
        n = 1
        if left:
            n, found = count(Puzzle(Figure.from_cells(left), rest))
        total += size * n
        if first is None and found is not None:
            first = _with_pivot(found, Placement(pivot.name, placed), plan.pivot, left)
    return total, first


def _no_placements() -> Solution:
    return ()


def _with_pivot(
    found: Callable[[], Solution], pivot: Placement, index: int, left: Shape
) -> Callable[[], Solution]:
    """The tiling of the figure less the pivot's placement, moved back to the figure's
    coordinates, with the pivot put in at its place in the puzzle's order."""
    top, left_col, _, _ = bounding_box(left) if left else (0, 0, 0, 0)

    def solution() -> Solution:
        moved = [
            Placement(p.piece, frozenset((r + top, c + left_col) for r, c in p.cells))
            for p in found()
        ]
        return (*moved[:index], pivot, *moved[index:])

    return solution
