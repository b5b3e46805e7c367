"""Symmetries of a figure, and counting the tilings of a symmetric one an orbit at a time.

Glossary (Point, Shape as in solver.cells, Lattice and Turn as in solver.lattice)
    Symmetry  a turn of the pieces' lattice, with the translation after it, that maps a
              figure's cells onto themselves, as a map of Points (the identity is one). On
              squares one of the 8 rotations and reflections of the grid; for pieces that
              may not be turned over only the 4 rotations; for cubes the 24 proper rotations.
    Orbit     the placements of a piece that the figure's symmetries map into one another.
    Pivot     the piece whose placements are split into orbits: its shape has one copy in the
              puzzle, and its placements fall into the fewest orbits.

Why counting by orbits is exact: a symmetry g of the figure maps every tiling with the pivot
at placement p to a tiling with the pivot at g(p) and back (g is a turn of the pieces' own
lattice, so it maps pieces' placements to placements), so both have as many tilings.
The count is then the sum, over one placement p per orbit, of the orbit's size times the
tilings of the figure less p with the other pieces. The 12 pentominoes in 6x10 (4
symmetries, the X pentomino in 8 orbits of 4) count in a ninth of the plain search's time:
besides the four-fold saving, a piece set down first in the middle cuts the board in two.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ubongo.solver.bitboard import figure_mask, frame_for
from ubongo.solver.bitboard import placements as bitboard_placements
from ubongo.solver.cells import Point, Shape
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import SQUARE, Lattice, Turn, apply
from ubongo.solver.puzzle import Placement, Puzzle, Solution

Symmetry = Callable[[Point], Point]


def symmetries(cells: Shape, lattice: Lattice = SQUARE) -> list[Symmetry]:
    """The turns of the lattice that map these normalised cells onto themselves (each followed
    by its translation), identity first, as maps of the cells (a lookup each: the orbits
    below map every placement of a piece by every symmetry)."""
    pts = list(cells)
    return [_map(turn, shift, pts) for turn, shift in lattice.symmetries(cells)]


def _map(turn: Turn, shift: Point, cells: list[Point]) -> Symmetry:
    moved = (tuple(v + d for v, d in zip(q, shift, strict=True)) for q in apply(turn, cells))
    return dict(zip(cells, moved, strict=True)).__getitem__


def placements(cells: Shape, shape: Shape, lattice: Lattice = SQUARE) -> list[Shape]:
    """Every placement of ``shape`` (in each of its orientations) inside the cells, in a
    fixed order (found by the bitboard's shift-and, read back as cells)."""
    figure = Figure.from_cells(cells, lattice)
    frame = frame_for(figure, (shape,), lattice)
    full = figure_mask(figure, frame)
    lows = [min(axis) for axis in zip(*cells, strict=True)]
    found = [frame.cells(m) for m in bitboard_placements(full, shape, frame)]
    if any(lows):  # figure cells are normalised: put the placements back where cells are
        found = [
            frozenset(tuple(v + lo for v, lo in zip(p, lows, strict=True)) for p in f)
            for f in found
        ]
    return sorted(set(found), key=sorted)


@dataclass(frozen=True)
class Orbits:
    """The pivot (its index in the puzzle) and one placement per orbit with the orbit's size."""

    pivot: int
    orbits: list[tuple[Shape, int]]


def orbits(puzzle: Puzzle) -> Orbits | None:
    """The pivot and its orbits, or None when the figure has no symmetry but the identity or
    every piece's shape has copies (fixing one copy would count a tiling once per copy)."""
    cells = puzzle.figure.cells
    lattice = puzzle.lattice
    group = symmetries(cells, lattice)
    if len(group) == 1:
        return None
    keys = [p.key for p in puzzle.pieces]
    best: Orbits | None = None
    for i, piece in enumerate(puzzle.pieces):
        if keys.count(keys[i]) > 1:
            continue
        found = _orbits_of(placements(cells, piece.shape, lattice), group)
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
            n, found = count(Puzzle(Figure.from_cells(left, puzzle.figure.lattice), rest))
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
    lows = [min(axis) for axis in zip(*left, strict=True)]

    def solution() -> Solution:
        moved = [
            Placement(
                p.piece,
                frozenset(tuple(v + d for v, d in zip(q, lows, strict=True)) for q in p.cells),
            )
            for p in found()
        ]
        return (*moved[:index], pivot, *moved[index:])

    return solution
