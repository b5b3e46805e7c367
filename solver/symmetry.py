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

import weakref
from collections.abc import Callable
from dataclasses import dataclass

from ubongo.solver import core as native
from ubongo.solver.bitboard import (
    Frame,
    figure_mask,
    frame_for,
    tile,
    tile_fixed,
    tile_orbits,
)
from ubongo.solver.bitboard import placements as bitboard_placements
from ubongo.solver.bits import Mask
from ubongo.solver.cells import Point, Shape
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import SQUARE, Lattice, Turn, apply, compose, moved, translated
from ubongo.solver.puzzle import Placement, Puzzle, Solution
from ubongo.solver.text import kit_takes

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
    """Every placement of ``shape`` (in each of its orientations) inside the normalised cells,
    in reading order of their sorted cells."""
    figure = Figure.from_cells(cells, lattice)
    frame = frame_for(figure, (shape,), lattice, reorder=False)
    full = figure_mask(figure, frame)
    return [frame.cells(m) for m in _in_order(bitboard_placements(full, shape, frame))]


def _in_order(masks: list[Mask]) -> list[Mask]:
    """Distinct masks in the order of their sorted bit indices: in a Frame that keeps the
    lattice's order of axes, the reading order of the placements' sorted cells.

    Of two masks the first is the one holding the lowest bit where they differ, so the order
    is that of the masks with their bits reversed, largest first (a byte-wise reversal: the
    list of bit indices as a key took a fifth of counting 5x12 by orbits).
    """
    unique = set(masks)
    size = (max(unique, default=0).bit_length() + 7) // 8
    return sorted(unique, key=lambda m: m.to_bytes(size, "little").translate(_FLIP), reverse=True)


_FLIP = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))
"""Each byte with its bits in reverse order."""


@dataclass(frozen=True)
class Orbits:
    """The pivot (its index in the puzzle) and one placement per orbit with the orbit's size."""

    pivot: int
    orbits: list[tuple[Shape, int]]


def orbits(puzzle: Puzzle, group: list[tuple[Turn, Point]] | None = None) -> Orbits | None:
    """The pivot and its orbits, or None when the figure has no symmetry but the identity or
    every piece's shape has copies (fixing one copy would count a tiling once per copy).

    Placements and symmetries stay bits here: a symmetry is a table from each figure bit to
    its image (when each rest was split by its own symmetries again, 1,461 times for the 12
    pentominoes in 5x12, cells as tuples cost most of the count). ``group``: the figure's
    symmetries, when the caller has them already.
    """
    figure, lattice = puzzle.figure, puzzle.lattice
    if group is None:
        group = lattice.symmetries(figure.cells)
    if len(group) == 1:
        return None
    keys = [p.key for p in puzzle.pieces]
    frame = frame_for(figure, tuple(p.shape for p in puzzle.pieces), lattice, reorder=False)
    full = figure_mask(figure, frame)
    bits = _bits(figure, frame)
    tables = [_table(bits, turn, shift) for turn, shift in group]
    best: tuple[int, list[tuple[Mask, int]]] | None = None
    for i, piece in enumerate(puzzle.pieces):
        if keys.count(keys[i]) > 1:
            continue
        found = _orbits_of(_in_order(bitboard_placements(full, piece.shape, frame)), tables)
        if best is None or len(found) < len(best[1]):
            best = (i, found)
    if best is None:
        return None
    return Orbits(best[0], [(frame.cells(m), size) for m, size in best[1]])


def _orbits_of(placed: list[Mask], tables: list[dict[Mask, Mask]]) -> list[tuple[Mask, int]]:
    """One placement per orbit (the first in the given order) and the orbit's size."""
    seen: set[Mask] = set()
    found = []
    for p in placed:
        if p in seen:
            continue
        orbit = {_image(p, table) for table in tables}
        seen |= orbit
        found.append((p, len(orbit)))
    return found


def _bits(figure: Figure, frame: Frame) -> dict[Point, Mask]:
    """Each cell of the figure with its bit, as a Mask."""
    return {p: 1 << frame.index(p) for p in figure.cells}


def _table(bits: dict[Point, Mask], turn: Turn, shift: Point) -> dict[Mask, Mask]:
    """A symmetry of the figure (``turn`` then ``shift``) as a table from each figure bit to
    the bit of its image (``bits``: the figure's cells with their bits, from ``_bits``)."""
    images = map(bits.__getitem__, moved(turn, shift, list(bits)))
    return dict(zip(bits.values(), images, strict=True))


def _image(mask: Mask, table: dict[Mask, Mask]) -> Mask:
    """A placement's mask under a symmetry given as a table of bits."""
    out = 0
    while mask:
        low = mask & -mask
        out |= table[low]
        mask ^= low
    return out


def cell_maps(lattice: Lattice, cells: Shape) -> tuple[list[Point], list[list[int]]]:
    """``Lattice.cell_maps``, by the compiled core when it is in use and the cells are 2D:
    the same cells in reading order and the same maps in the same order (no Python loop per
    cell: the Python one was a sixth of counting 3x20 by orbits)."""
    core = native.CORE
    if core is not None and lattice.dims == 2:
        return core.cell_maps(cells, lattice.turns[1:])
    return lattice.cell_maps(cells)


_last: tuple[weakref.ref[Figure], Lattice, tuple[list[Point], list[list[int]]]] | None = None
"""The last figure ``figure_maps`` answered (weakly held), the lattice and its answer."""


def figure_maps(figure: Figure, lattice: Lattice) -> tuple[list[Point], list[list[int]]]:
    """``cell_maps`` of a figure's cells, kept for the last figure asked: a count and then the
    count up to symmetry of the same puzzle ask twice (3x20: 4 us of each). Held weakly and by
    identity: another figure, even an equal one, is mapped anew. Not to be changed."""
    global _last
    held = _last
    if held is not None and held[0]() is figure and held[1] is lattice:
        return held[2]
    found = cell_maps(lattice, figure.cells)
    _last = (weakref.ref(figure), lattice, found)
    return found


Counter = Callable[[Puzzle], tuple[int, Callable[[], Solution] | None]]
"""A count of a puzzle's tilings and its first tiling met (None when it has none)."""


def count_by_orbits(
    puzzle: Puzzle, count: Counter, timeout: float | None = None
) -> tuple[int, Callable[[], Solution] | None] | None:
    """The puzzle's tilings counted one orbit of the pivot's placements at a time, each rest
    by ``count``, and the first tiling met; None when ``orbits`` finds no pivot.

    The tiling is the first one met in the first orbit that has any: not in general the
    one a plain search finds first. The compiled core, when it takes the puzzle, does it all
    in one call within ``timeout`` (the same pivot, orbits and count) and the first tiling is
    searched for only when asked.
    """
    lattice = puzzle.lattice
    if native.CORE is not None and kit_takes(lattice):  # the symmetries as the core takes them
        cells, maps = figure_maps(puzzle.figure, lattice)
        if not maps:
            return None
        fast = _compiled(puzzle, cells, maps, count, timeout)
        if fast is not None:
            return fast
    group = lattice.symmetries(puzzle.figure.cells)
    if len(group) == 1:
        return None
    plan = orbits(puzzle, group)
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
            first = _with_pivot(
                found, Placement(pivot.name, placed), plan.pivot, left, puzzle.figure.lattice
            )
    return total, first


def _compiled(
    puzzle: Puzzle,
    cells: list[Point],
    maps: list[list[int]],
    count: Counter,
    timeout: float | None,
) -> tuple[int, Callable[[], Solution] | None] | None:
    """``count_by_orbits`` by the compiled core (``bitboard.tile_orbits``); None when it does
    not take the puzzle. ``cells`` and ``maps`` as ``Lattice.cell_maps`` gives them: the cells
    in reading order, the order ``_in_order`` sorts placements by, so the core picks the same
    pivot and meets the orbits in the same order."""
    got = tile_orbits(puzzle, cells, maps, timeout)
    if got is None:
        return None
    total, at, ranks = got
    if ranks is None:
        return total, None
    return total, lambda: _tiling_at(puzzle, cells, at, ranks, count)


def _tiling_at(
    puzzle: Puzzle, cells: list[Point], at: int, ranks: tuple[int, ...], count: Counter
) -> Solution:
    """The tiling ``_compiled`` shows: the pivot (piece ``at``) on the cells of these ranks and
    the first tiling of the rest. Built only when asked (a count alone never asks: the rest's
    Figure and Puzzle were a twentieth of counting 3x20)."""
    placed = frozenset(cells[i] for i in ranks)
    left = puzzle.figure.cells - placed
    rest = puzzle.pieces[:at] + puzzle.pieces[at + 1 :]
    pivot = Placement(puzzle.pieces[at].name, placed)
    if not left:
        return (pivot,)
    lattice = puzzle.figure.lattice
    found = _first_of(Puzzle(Figure.from_cells(left, lattice), rest), count)
    return _with_pivot(found, pivot, at, left, lattice)()


def _first_of(puzzle: Puzzle, count: Counter) -> Callable[[], Solution]:
    """The first tiling of a puzzle that has one, searched for when called: the one
    ``count`` keeps, found by a first-tiling search when the core takes the puzzle."""

    def solution() -> Solution:
        fast = tile(puzzle, "first")
        found = fast[1] if fast is not None else count(puzzle)[1]
        assert found is not None, "the core counted a tiling of this rest"
        return found()

    return solution


def _no_placements() -> Solution:
    return ()


def _with_pivot(
    found: Callable[[], Solution], pivot: Placement, index: int, left: Shape, lattice: Lattice
) -> Callable[[], Solution]:
    """The tiling of the figure less the pivot's placement, moved back to the figure's
    coordinates, with the pivot put in at its place in the puzzle's order."""
    back = [-v for v in lattice.offset(left)]

    def solution() -> Solution:
        moved = [Placement(p.piece, translated(p.cells, back)) for p in found()]
        return (*moved[:index], pivot, *moved[index:])

    return solution


# --- tilings up to symmetry ------------------------------------------------------------------


def up_to_symmetry(puzzle: Puzzle, tilings: int) -> int:
    """The number of tilings up to the figure's symmetries, given their number ``tilings``.

    Two tilings are the same when a symmetry of the figure maps one onto the other, each piece
    onto a piece of its shape: a turn of the pieces' lattice, or a mirror image when the
    pieces are their own mirror images as a set (the Soma cube's two screws swap). By
    Burnside's lemma the number of classes is the mean, over the symmetries, of the tilings
    each one leaves as they are; those are counted by an exact cover of the placements that
    such a symmetry maps onto placements (its orbits), which is small (the Soma cube: 11,520
    tilings, 240 up to symmetry, and no tiling is its own image).
    """
    if tilings == 0:
        return 0
    figure, lattice = puzzle.figure, puzzle.lattice
    if native.CORE is not None and kit_takes(lattice) and lattice.has(lattice.mirror):
        # every piece's mirror image is a turn of it: each symmetry keeps each piece's shape
        cells, maps = figure_maps(figure, lattice)
        kept = tile_fixed(puzzle, cells, maps) if maps else []
        if kept is not None:
            return (tilings + sum(kept)) // (len(kept) + 1)
    kinds: dict[tuple[Point, ...], int] = {}  # shape key -> copies in the puzzle
    shapes: dict[tuple[Point, ...], Shape] = {}
    for p in puzzle.pieces:
        kinds[p.key] = kinds.get(p.key, 0) + 1
        shapes.setdefault(p.key, p.shape)
    mirrored = {
        k: lattice.piece_key(lattice.normalise(apply(lattice.mirror, list(s))))
        for k, s in shapes.items()
    }
    turns = list(lattice.turns)
    if not lattice.has(lattice.mirror) and all(
        kinds.get(mirrored[k]) == n for k, n in kinds.items()
    ):
        turns += [compose(t, lattice.mirror) for t in lattice.turns]
    group = lattice.symmetries(figure.cells, turns)
    if len(group) == 1:
        return tilings
    frame = frame_for(figure, tuple(shapes.values()), lattice, reorder=False)
    full = figure_mask(figure, frame)
    # any fixed order does (the classes counted do not depend on it): plain int order, as the
    # reading order's byte reversal was two thirds of this function on 3x20
    placed = {k: sorted(set(bitboard_placements(full, s, frame))) for k, s in shapes.items()}
    fixed = tilings
    bits = _bits(figure, frame)
    for turn, shift in group[1:]:
        table = _table(bits, turn, shift)
        swap = mirrored if not lattice.has(turn) else {k: k for k in kinds}
        fixed += _fixed(full, kinds, placed, table, swap)
    return fixed // len(group)


def _fixed(
    full: Mask,
    kinds: dict[tuple[Point, ...], int],
    placed: dict[tuple[Point, ...], list[Mask]],
    table: dict[Mask, Mask],
    swap: dict[tuple[Point, ...], tuple[Point, ...]],
) -> int:
    """Tilings a symmetry (``table`` on bits; ``swap`` the shape it turns each shape into)
    leaves as they are: exact covers by its orbits of placements, each kind used as often as
    the puzzle has copies of it."""
    order = sorted(kinds, key=lambda k: len(placed[k]))  # the kind most likely to fail first
    for kind in order:  # one copy of a shape the symmetry keeps: a kept tiling keeps its place
        lone = kinds[kind] == 1 and swap[kind] == kind
        if lone and not any(_image(p, table) == p for p in placed[kind]):
            return 0  # most symmetries end here (all 47 of the Soma cube's)
    index = {k: i for i, k in enumerate(order)}
    orbits: dict[frozenset[Mask], tuple[Mask, tuple[int, ...]]] = {}
    for kind in order:
        held = False
        for start in placed[kind]:
            found = _orbit(start, kind, table, swap, kinds)
            if found is not None:
                held = True
                masks, used = found
                tally = [0] * len(order)
                for k in used:
                    tally[index[k]] += 1
                union = 0
                for m in masks:
                    union |= m
                orbits.setdefault(frozenset(masks), (union, tuple(tally)))
        if not held:  # a kind that no orbit holds: no tiling stays as it is
            return 0
    by_low: dict[Mask, list[tuple[Mask, tuple[int, ...]]]] = {}
    for union, counts in orbits.values():
        low = union
        while low:
            bit = low & -low
            by_low.setdefault(bit, []).append((union, counts))
            low ^= bit
    return _covers(full, [kinds[k] for k in order], by_low)


def _orbit(
    start: Mask,
    kind: tuple[Point, ...],
    table: dict[Mask, Mask],
    swap: dict[tuple[Point, ...], tuple[Point, ...]],
    copies: dict[tuple[Point, ...], int],
) -> tuple[list[Mask], list[tuple[Point, ...]]] | None:
    """The placements a symmetry runs a placement through, and their shapes, until it comes
    back; None when two of them overlap without being equal, or when the orbit needs more
    copies of a shape than the puzzle has (no tiling holds that orbit: with one copy of each
    shape, only a placement the symmetry keeps, or a mirror pair, can be in one)."""
    masks, used = [start], [kind]
    union = start
    current, shape = _image(start, table), swap[kind]
    while current != start:
        if current & union or used.count(shape) == copies[shape]:
            return None
        masks.append(current)
        used.append(shape)
        union |= current
        current, shape = _image(current, table), swap[shape]
    return (masks, used) if shape == kind else None


def _covers(
    rem: Mask, left: list[int], by_low: dict[Mask, list[tuple[Mask, tuple[int, ...]]]]
) -> int:
    """Exact covers of ``rem`` by the orbits, using each kind ``left`` times."""
    if not rem:
        return int(not any(left))
    total = 0
    for union, counts in by_low.get(rem & -rem, ()):
        if union & rem == union and all(c <= n for c, n in zip(counts, left, strict=True)):
            rest = [n - c for c, n in zip(counts, left, strict=True)]
            total += _covers(rem ^ union, rest, by_low)
    return total
