"""The bitboard engine: exact cover by depth-first search on the lowest empty cell.

Glossary (Mask and Low as in solver.bits, Lattice as in solver.lattice)
    Frame      how a figure's cells become bits: the lattice's axes in an order (the longest
               axis slowest), and each axis's step in bits. On squares bit ``r * stride + c``
               stands for cell (r, c), or ``c * stride + r`` for a figure wider than tall.
    Mask       a set of cells as the bits the Frame gives them.
    Low        the lowest set bit of a Mask, as a Mask (``lsb(m)``): a key, no index maths.
    Oriented   an orientation as a Mask whose lowest cell is bit 0: ``oriented * low`` puts that
               cell on ``low`` (a multiplication by a power of two is a shift).
    Slot       (need, req, bit, pos): piece number ``pos`` marked by ``bit`` in the used set;
               ``used & need == req`` says the piece is free and, for a repeated shape, that
               the previous copy is already down, so copies are placed in one order only.
    Candidate  (need, req, bit, mask, pos): a placement whose lowest cell is its table key.
    CompiledPuzzle  a puzzle compiled for the search: figure Mask, the pieces' Slots and
               Oriented masks, and, for large puzzles, every Candidate grouped by its lowest
               cell. A figure wider than tall is stored transposed (see frame_for).

Rows are ``stride`` bits apart with at least ``pad`` empty columns between them, so a shape
shifted past a row's end lands on an empty column instead of wrapping into the next row; on
every lattice each axis but the slowest has such a margin (a layer of cubes has empty rows
below its last row too), so a shift of a mask is a translation of its cells.
The search always covers the lowest empty cell, so the only placements worth trying there are
those whose own lowest cell is that cell. Two ways to find them, chosen by size (DESIGN.md):
small puzzles multiply each free piece's Oriented masks by the cell on the fly (no table to
build: 12 us per Ubongo puzzle against 50 us with one); large puzzles precompute a table of
Candidates per cell, because there most tries would fail and the table pays for itself.

The first tiling, the count and the two at once (count_first) run in C when the optional
extension ``solver._core`` is built (``setup.py``) and the compiled puzzle fits its 128 bits
and 64 pieces; ``UBONGO_PURE=1`` forces Python (``solver.core`` loads it, the one place that
does). ``tile`` asks the core for the answer straight from the puzzle (its figure's cells and its
pieces' ids in the core's ``Kit``), with no CompiledPuzzle compiled in Python, and leaves the
tiling as a ``Grid`` of bytes until it is drawn.
Both cores try the same placements in the same order, so they find the same first tiling and
the same counts (tests/test_core.py); the C search tries each free piece's orientations at the
lowest empty cell, which is also the Candidate table's order.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ubongo.solver import core as native
from ubongo.solver.bits import Mask, lsb
from ubongo.solver.cells import Picture
from ubongo.solver.core import core_name as core_name  # where the CLI and tests have read it
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import Lattice
from ubongo.solver.limits import CHECK_EVERY, Limits
from ubongo.solver.pieces import Piece, Point, Shape
from ubongo.solver.puzzle import Placement, Puzzle, Solution, solution_rows
from ubongo.solver.text import (
    PRUNE_FROM,
    Countdown,
    Grid,
    Kit,
    joined_steps,
    kit_takes,
    shape_key,
    tick_countdown,
    ticker,
    tile_call,
)

if TYPE_CHECKING:  # type names only (solver.core defines them for type checkers)
    from ubongo.solver.core import Core, Slot, Slots

Candidate = tuple[int, int, int, Mask, int]

TABLE_PIECES = 6  # above this many pieces the search uses a precomputed Candidate table


@dataclass(frozen=True, slots=True)
class CompiledPuzzle:
    """A compiled puzzle: figure mask, piece slots and orientations, optional Candidate table."""

    puzzle: Puzzle
    frame: Frame
    full: Mask
    slots: list[tuple[Slot, tuple[Mask, ...]]]
    by_low: dict[Mask, list[Candidate]] | None
    all_used: int
    shifts: tuple[int, ...]  # the lattice's steps in bits, for the core's pruning (or none)
    widest: int  # bits of the widest Oriented mask, which may pass the figure's (it fits nowhere)

    def cells(self, mask: Mask) -> frozenset[Point]:
        """Figure cells of a mask (in the puzzle's own orientation)."""
        return self.frame.cells(mask)

    def solution(self, placed: list[tuple[int, Mask]]) -> Solution:
        """The Solution of (piece position, mask) pairs, in the puzzle's piece order."""
        pieces = self.puzzle.pieces
        return tuple(Placement(pieces[p].name, self.cells(m)) for p, m in sorted(placed))


@dataclass(frozen=True, slots=True)
class Tiling:
    """A tiling as the search leaves it, (piece position, mask) pairs, decoded only on demand."""

    compiled: CompiledPuzzle
    placed: list[tuple[int, Mask]]

    def __call__(self) -> Solution:
        """The tiling as Placements, in the puzzle's piece order."""
        return self.compiled.solution(self.placed)

    def rows(self) -> Picture:
        """The tiling drawn as ``solution_rows`` draws it with the pieces' own codes.

        Straight from the masks onto a blank grid (a whole tiling leaves no figure cell ``#``):
        no Placements and no cell sets, for a batch that draws every tiling it finds.
        """
        compiled = self.compiled
        fig = compiled.puzzle.figure
        frame = compiled.frame
        if len(frame.weights) != 2:  # a figure of cubes: drawn layer by layer
            return solution_rows(fig, self(), {p.name: p for p in compiled.puzzle.pieces})
        grid = [["."] * fig.width for _ in range(fig.height)]
        pieces, s = compiled.puzzle.pieces, frame.weights[0]
        transposed = frame.order[0] == 1
        for pos, mask in self.placed:
            code = pieces[pos].code
            while mask:
                low = mask & -mask
                r, c = divmod(low.bit_length() - 1, s)
                if transposed:
                    r, c = c, r
                grid[r][c] = code
                mask ^= low
        return ["".join(row) for row in grid]


KIT = Kit()
"""The compiled core's kit (one per process)."""


def tile(
    puzzle: Puzzle,
    mode: str,
    *,
    cap: int = -1,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> tuple[int, Grid | None] | None:
    """The puzzle answered by the compiled core in one call, or None when it cannot take it
    (not in use, or the figure does not fit its masks): then compile a CompiledPuzzle.

    ``mode`` as in TILE_MODES. The answer is (number found, first tiling or None): under
    "first" the number is 1 or 0, under "count" the tiling is None. Same search, same order
    as ``first_tiling`` and ``count_first`` on a CompiledPuzzle, without compiling one: the
    figure's cells and the pieces' ids in the core's kit (``KIT``) go to C. NodeLimit past
    ``max_nodes``.
    """
    found = _in_core(puzzle)
    if found is None:
        return None
    core, kit, ids = found
    fig = puzzle.figure
    tick = ticker(timeout, max_nodes)
    height, width = fig.extent  # the cells' own box (on hexagons not the text form's)
    return tile_call(core, kit, ids, fig.cells, height, width, puzzle.pieces, mode, cap, tick)


def _in_core(puzzle: Puzzle) -> tuple[Core, object, list[int]] | None:
    """The compiled core, the kit of the puzzle's pieces in it and their ids there; None when
    there is no core or it does not take the puzzle's lattice or as many pieces."""
    core = native.CORE
    pieces = puzzle.pieces
    lattice = puzzle.lattice
    if core is None or len(pieces) > core.MAX_PIECES or not kit_takes(lattice):
        return None
    kit, ids = KIT.ids(core, [(p.shape, lattice) for p in pieces])
    return core, kit, ids


def tile_orbits(
    puzzle: Puzzle,
    cells: Sequence[Point],
    symmetries: Sequence[Sequence[int]],
    timeout: float | None,
) -> tuple[int, int, tuple[int, ...] | None] | None:
    """The puzzle's tilings counted by orbits in one call of the compiled core (``cells``: the
    figure's cells in reading order; ``symmetries``: its symmetries but the identity, each as
    the index in ``cells`` of every cell's image): (count, pivot's position, indices of the
    cells of the first orbit's placement that has a tiling, or None). None when the core cannot
    take the puzzle or finds no pivot: then count it in Python (solver.symmetry)."""
    found = _in_core(puzzle)
    if found is None:
        return None
    core, kit, ids = found
    fig = puzzle.figure
    steps = joined_steps(tuple(p.shape for p in puzzle.pieces), puzzle.lattice)
    tick = ticker(timeout, None)
    try:
        height, width = fig.extent  # the cells' own box (on hexagons not the text form's)
        args = (kit, cells, height, width, ids, symmetries, tick, CHECK_EVERY)
        return core.orbit_count(*args, steps)
    except ValueError:  # wider than the core's masks
        return None


def tile_fixed(
    puzzle: Puzzle, cells: Sequence[Point], symmetries: Sequence[Sequence[int]]
) -> list[int] | None:
    """For each symmetry of the figure (``cells`` and ``symmetries`` as ``tile_orbits`` takes
    them) the tilings it maps onto themselves, each piece onto a piece of its shape, by the
    compiled core in one call; None when the core cannot take the puzzle."""
    found = _in_core(puzzle)
    if found is None:
        return None
    core, kit, ids = found
    fig = puzzle.figure
    try:
        return core.fixed_counts(
            kit, cells, fig.height, fig.width, ids, symmetries, None, CHECK_EVERY
        )
    except ValueError:  # wider than the core's masks
        return None


@dataclass(frozen=True, slots=True, eq=False)
class Frame:
    """How a figure's cells become bits (see the glossary): ``order`` the lattice's axes,
    slowest first, ``weights`` the bit step of each; ``as_is`` when the reordering is itself a
    turn of the lattice, so that a piece's orientations, read in the new order, are the same
    set of orientations (on squares the transpose, since a piece may be turned over)."""

    lattice: Lattice
    order: tuple[int, ...]
    weights: tuple[int, ...]
    as_is: bool  # (compared by identity: ``_interned`` makes one Frame per value, cheap to hash)

    @property
    def stride(self) -> int:
        """The bit step of the second slowest axis (rows, on squares)."""
        return self.weights[-2]

    def index(self, p: Point) -> int:
        """The bit of a cell."""
        return sum(p[a] * w for a, w in zip(self.order, self.weights, strict=True))

    def cells(self, mask: Mask) -> frozenset[Point]:
        """The cells of a mask, in the lattice's coordinates."""
        out: list[Point] = []
        if len(self.weights) == 2:  # squares (most searches) written out
            s = self.weights[0]
            # the loop of scan_forward, inline: every tiling found is decoded here, and the
            # generator made decoding 30% slower (measured on the bench workload's 600 puzzles)
            while mask:
                low = mask & -mask
                i = low.bit_length() - 1
                out.append((i // s, i % s))
                mask ^= low
            if self.order[0] == 1:
                return frozenset((c, r) for r, c in out)
            return frozenset(out)
        back = sorted(range(len(self.order)), key=self.order.__getitem__)
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            q = []
            for w in self.weights:
                v, i = divmod(i, w)
                q.append(v)
            out.append(tuple(q[k] for k in back))
            mask ^= low
        return frozenset(out)


def frame_for(
    figure: Figure, shapes: tuple[Shape, ...], lattice: Lattice, *, reorder: bool = True
) -> Frame:
    """The Frame of a figure for pieces of these shapes: with ``reorder``, the longest axis
    slowest and the shortest fastest.

    Scanning along the short side keeps the frontier of empty cells short: the 12 pentominoes
    find a 3x20 tiling in 0.06 s as 20 rows of 3, in over 40 s as 3 rows of 20.
    """
    bounds = figure.extent
    if len(bounds) == 2:  # squares, written out: compiling is a third of a batch line's search
        h, w = bounds
        flip = reorder and w > h
        return _frame(lattice, (1, 0) if flip else (0, 1), (w, h) if flip else bounds, shapes)
    axes = range(len(bounds))
    order = tuple(sorted(axes, key=lambda a: -bounds[a])) if reorder else tuple(axes)
    # a triangle's kind starts at 1: the empty value 0 below it is margin already
    lows = [min(axis) for axis in zip(*figure.cells, strict=True)]
    tops = tuple(bounds[a] + lows[a] for a in order)
    return _frame(lattice, order, tops, shapes, tuple(lows[a] for a in order))


@lru_cache(maxsize=4096)
def _frame(
    lattice: Lattice,
    order: tuple[int, ...],
    bounds: tuple[int, ...],
    shapes: tuple[Shape, ...],
    lows: tuple[int, ...] | None = None,
) -> Frame:
    """The Frame of cells below ``bounds`` (each axis's greatest value plus one, in ``order``),
    none below ``lows``, for pieces of these shapes."""
    as_is = order_is_turn(lattice, order)
    margins = [0] * len(order)  # the empty cells each axis needs after its last (see above)
    for shape in dict.fromkeys(shapes):
        margins = [max(m, r) for m, r in zip(margins, _reach(shape, lattice, order), strict=True)]
    weights = [1]
    for k in range(len(order) - 1, 0, -1):
        low = lows[k] if lows else 0
        weights.append(weights[-1] * (bounds[k] + max(0, margins[k] - low)))
    return _interned(lattice, order, tuple(reversed(weights)), as_is)


@lru_cache(maxsize=4096)
def _interned(
    lattice: Lattice, order: tuple[int, ...], weights: tuple[int, ...], as_is: bool
) -> Frame:
    """The one Frame of these values: figures of many sizes share a handful of strides, and the
    caches keyed by a Frame (orientations, slots) must hit across them (a batch of 6,000
    different puzzles built 5,657 Frames and recomputed every piece's masks for each)."""
    return Frame(lattice, order, weights, as_is)


@lru_cache(maxsize=64)
def order_is_turn(lattice: Lattice, order: tuple[int, ...]) -> bool:
    """Whether reading coordinates in ``order`` is a turn of the lattice (or no change)."""
    turn = tuple(tuple(int(j == a) for j in range(len(order))) for a in order)
    return order == tuple(sorted(order)) or lattice.has(turn)


@lru_cache(maxsize=4096)
def _reach(shape: Shape, lattice: Lattice, order: tuple[int, ...]) -> tuple[int, ...]:
    """Per axis of a frame, the most cells any orientation of the shape spans beyond one: the
    margin the axis needs for it (a batch's figures differ, its shapes are a dozen)."""
    spans = [extent_of(o) for o in _seen(shape, lattice, order, order_is_turn(lattice, order))]
    return tuple(max(axis) - 1 for axis in zip(*spans, strict=True))


@lru_cache(maxsize=4096)
def _seen(shape: Shape, lattice: Lattice, order: tuple[int, ...], as_is: bool) -> tuple[Shape, ...]:
    """The shape's orientations in a frame's order of axes: the lattice's own, in its order, when
    the reordering is a turn (a transposed square figure keeps every 2D answer as it was)."""
    found = lattice.orientations(shape)
    if as_is:
        return found
    return tuple(dict.fromkeys(frozenset(tuple(p[a] for a in order) for p in o) for o in found))


def extent_of(shape: Shape) -> tuple[int, ...]:
    """Cells spanned by a shape along each coordinate."""
    return tuple(max(axis) - min(axis) + 1 for axis in zip(*shape, strict=True))


@lru_cache(maxsize=1024)  # a set reuses each figure for its six die faces
def figure_mask(figure: Figure, frame: Frame) -> Mask:
    """The Mask of a figure's cells."""
    m = 0
    if len(frame.weights) == 2:
        s = frame.weights[0]
        flip = frame.order[0] == 1
        for r, c in figure.cells:
            m |= 1 << (c * s + r if flip else r * s + c)
        return m
    for p in figure.cells:
        m |= 1 << frame.index(p)
    return m


@lru_cache(maxsize=4096)
def oriented_masks(shape: Shape, frame: Frame) -> tuple[tuple[Mask, tuple[int, ...]], ...]:
    """Each orientation as (Oriented mask, offsets of its other cells from its lowest cell)."""
    out: dict[Mask, tuple[int, ...]] = {}
    weights = frame.weights
    for o in _seen(shape, frame.lattice, frame.order, frame.as_is):
        cells = sorted(o)
        first = cells[0]
        offsets = tuple(
            sum((v - a) * w for v, a, w in zip(p, first, weights, strict=True)) for p in cells[1:]
        )
        m = 1
        for off in offsets:
            m |= 1 << off
        # one triangle pointing up and one pointing down are two orientations of one mask
        out.setdefault(m, offsets)
    return tuple(out.items())


@lru_cache(maxsize=4096)
def _oriented(shape: Shape, frame: Frame) -> tuple[Mask, ...]:
    return tuple(m for m, _ in oriented_masks(shape, frame))


def placements(full: Mask, shape: Shape, frame: Frame) -> list[Mask]:
    """Every mask of ``shape`` inside ``full``: one shift-and per cell finds all anchors at once."""
    found = []
    for m, offsets in oriented_masks(shape, frame):
        anchors = full
        for off in offsets:
            anchors &= full >> off
        # the loop of scan_forward, inline: anchors hold few bits, where the generator's set-up
        # made this function 75% slower (triage and the Candidate table call it per piece)
        while anchors:
            low = anchors & -anchors
            found.append(m * low)
            anchors ^= low
    return found


def compile_puzzle(puzzle: Puzzle, *, table: bool | None = None) -> CompiledPuzzle:
    """Slots and orientations of every piece; the Candidate table for large puzzles."""
    pieces = puzzle.pieces
    shapes = tuple(p.shape for p in pieces)
    frame = frame_for(puzzle.figure, shapes, puzzle.lattice)
    full = figure_mask(puzzle.figure, frame)
    slots = _slots(shapes, frame)
    use_table = len(pieces) > TABLE_PIECES if table is None else table
    by_low = _table(full, frame, pieces, slots) if use_table else None
    shifts = _shifts(shapes, frame) if len(pieces) >= PRUNE_FROM else ()
    widest = _widest(shapes, frame)
    return CompiledPuzzle(
        puzzle, frame, full, slots, by_low, (1 << len(pieces)) - 1, shifts, widest
    )


@lru_cache(maxsize=4096)
def _shifts(shapes: tuple[Shape, ...], frame: Frame) -> tuple[int, ...]:
    """``joined_steps`` as bit distances in the frame (a step and its opposite give one)."""
    return tuple(sorted({abs(frame.index(p)) for p in joined_steps(shapes, frame.lattice)}))


@lru_cache(maxsize=4096)  # a batch asks for the same few combinations of pieces again and again
def _slots(shapes: tuple[Shape, ...], frame: Frame) -> Slots:
    """The Slots and Oriented masks of pieces of these shapes (shared: never changed)."""
    slots: Slots = []
    last_copy: dict[tuple[Point, ...], int] = {}
    keys = [shape_key(s, frame.lattice) for s in shapes]
    repeated = len(set(keys)) < len(keys)
    for pos, (shape, key) in enumerate(zip(shapes, keys, strict=True)):
        bit = 1 << pos
        req = 0
        if repeated:  # copies of a shape go down in puzzle order, so a tiling counts once
            req = last_copy.get(key, 0)
            last_copy[key] = bit
        slots.append(((bit | req, req, bit, pos), _oriented(shape, frame)))
    return slots


@lru_cache(maxsize=4096)
def _widest(shapes: tuple[Shape, ...], frame: Frame) -> int:
    """Bits of the widest Oriented mask of these shapes in the frame."""
    return max(m.bit_length() for shape in shapes for m in _oriented(shape, frame))


def _table(
    full: Mask, frame: Frame, pieces: tuple[Piece, ...], slots: list[tuple[Slot, tuple[Mask, ...]]]
) -> dict[Mask, list[Candidate]]:
    """Every placement of every piece inside the figure, grouped by its lowest cell."""
    by_low: dict[Mask, list[Candidate]] = {}
    by_shape: dict[Shape, list[Mask]] = {}
    for piece, ((need, req, bit, pos), _) in zip(pieces, slots, strict=True):
        if piece.shape not in by_shape:
            by_shape[piece.shape] = placements(full, piece.shape, frame)
        for m in by_shape[piece.shape]:
            by_low.setdefault(lsb(m), []).append((need, req, bit, m, pos))
    return by_low


def candidates(compiled: CompiledPuzzle, rem: Mask, used: int) -> list[Candidate]:
    """Placements covering the lowest empty cell of ``rem`` with a free piece (general path)."""
    low = rem & -rem  # once per search node: inline, as in the loops below
    if compiled.by_low is not None:
        return [
            c for c in compiled.by_low.get(low, []) if used & c[0] == c[1] and c[3] & rem == c[3]
        ]
    out = []
    for (need, req, bit, pos), oms in compiled.slots:
        if used & need == req:
            for om in oms:
                m = om * low
                if m & rem == m:
                    out.append((need, req, bit, m, pos))
    return out


def iter_solutions(
    compiled: CompiledPuzzle, *, timeout: float | None = None, max_nodes: int | None = None
) -> Iterator[Solution]:
    """Every tiling, lazily: ``next()`` solves, ``islice(..., 2)`` checks uniqueness.

    Raises TimeLimit or NodeLimit when ``timeout`` or ``max_nodes`` runs out.
    """
    limits = Limits(timeout, max_nodes)
    nodes = 0
    for step in steps(compiled):
        if step is None:
            nodes += CHECK_EVERY
            limits.tick(nodes)
        else:
            yield step


def steps(compiled: CompiledPuzzle) -> Iterator[Solution | None]:
    """Every tiling, lazily, and a None after each CHECK_EVERY nodes searched: a point where
    the caller may check its budgets, or set the search aside and resume it later."""
    goal = compiled.all_used
    stack: list[tuple[int, Mask]] = []
    nodes = 0

    def rec(rem: Mask, used: int) -> Iterator[Solution | None]:
        nonlocal nodes
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            yield None
        for _, _, bit, m, pos in candidates(compiled, rem, used):
            stack.append((pos, m))
            if m != rem:
                yield from rec(rem ^ m, used | bit)
            elif used | bit == goal:
                yield compiled.solution(stack)
            stack.pop()

    if compiled.full:
        yield from rec(compiled.full, 0)


def first_solution(compiled: CompiledPuzzle, *, timeout: float | None = None) -> Solution | None:
    """One tiling, or None: the fast path of ``next(iter_solutions(compiled))``."""
    found = first_tiling(compiled, timeout=timeout)
    return found() if found is not None else None


def _core_for(compiled: CompiledPuzzle) -> Core | None:
    """The compiled core when it is in use and the compiled puzzle fits its widths, else None.
    An orientation taller than the figure fits nowhere, but its mask must fit the core's too
    (a triangle piece of 5 rows turned to 6 rows, in a figure of 5)."""
    core = native.CORE
    if (
        core is None
        or compiled.full.bit_length() > core.BITS
        or compiled.widest > core.BITS
        or len(compiled.slots) > core.MAX_PIECES
    ):
        return None
    return core


def uses_core(compiled: CompiledPuzzle) -> bool:
    """Whether the compiled core searches this compiled puzzle (it is in use and it fits)."""
    return _core_for(compiled) is not None


def first_tiling(
    compiled: CompiledPuzzle, *, timeout: float | None = None
) -> Callable[[], Solution] | None:
    """One tiling as a function that decodes it into Placements, or None when there is none."""
    core = _core_for(compiled)
    if core is not None:
        tick = ticker(timeout, None)
        found = core.first(
            compiled.full, compiled.slots, compiled.all_used, tick, CHECK_EVERY, compiled.shifts
        )
        return None if found is None else Tiling(compiled, found)
    if compiled.by_low is not None:
        sol = next(iter_solutions(compiled, timeout=timeout), None)
        return None if sol is None else lambda: sol
    if not compiled.full:
        return None
    countdown: Countdown = [CHECK_EVERY, Limits(timeout), 0]
    placed = _first_small(compiled.full, 0, compiled.slots, compiled.all_used, countdown)
    return None if placed is None else Tiling(compiled, placed)


# The small-puzzle searches are module functions, not closures: a recursive closure refers to
# itself, and the cycle it leaves per call costs the garbage collector more than the search.
def _first_small(
    rem: Mask,
    used: int,
    slots: list[tuple[Slot, tuple[Mask, ...]]],
    goal: int,
    countdown: Countdown,
) -> list[tuple[int, Mask]] | None:
    """(position, mask) of one tiling of ``rem`` with the free pieces, or None."""
    countdown[0] -= 1
    if not countdown[0]:
        tick_countdown(countdown)
    # inline, not lsb(rem): the call costs 1-5% of a whole search here (measured counting the
    # bench workload's 600 puzzles), and this loop is the solver
    low = rem & -rem
    for (need, req, bit, pos), oms in slots:
        if used & need == req:
            for om in oms:
                m = om * low
                if m & rem == m:
                    if m == rem:
                        if used | bit == goal:
                            return [(pos, m)]
                    else:
                        found = _first_small(rem ^ m, used | bit, slots, goal, countdown)
                        if found is not None:
                            found.append((pos, m))
                            return found
    return None


def _count_small(
    rem: Mask,
    used: int,
    slots: list[tuple[Slot, tuple[Mask, ...]]],
    goal: int,
    countdown: Countdown,
) -> int:
    """Number of tilings of ``rem`` with the free pieces."""
    countdown[0] -= 1
    if not countdown[0]:
        tick_countdown(countdown)
    low = rem & -rem  # inline, as in _first_small
    total = 0
    for (need, req, bit, _), oms in slots:
        if used & need == req:
            for om in oms:
                m = om * low
                if m & rem == m:
                    if m == rem:
                        total += used | bit == goal
                    else:
                        total += _count_small(rem ^ m, used | bit, slots, goal, countdown)
    return total


def count_solutions(
    compiled: CompiledPuzzle,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> int:
    """Number of tilings, stopping early once ``limit`` are found."""
    goal = compiled.all_used
    cap = limit if limit is not None else -1
    core = _core_for(compiled)
    if core is not None:
        tick = ticker(timeout, max_nodes)
        held = cap if cap < 1 << 63 else -1  # the core counts in 64 bits: past that, no cap
        return core.count(
            compiled.full, compiled.slots, goal, held, tick, CHECK_EVERY, compiled.shifts
        )
    limits = Limits(timeout, max_nodes)
    found = 0
    nodes = 0

    def rec(rem: Mask, used: int) -> bool:
        """Count tilings below this node; True means the limit was reached."""
        nonlocal found, nodes
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            limits.tick(nodes)
        for _, _, bit, m, _ in candidates(compiled, rem, used):
            if m == rem:
                if used | bit == goal:
                    found += 1
                    if found == cap:
                        return True
            elif rec(rem ^ m, used | bit):
                return True
        return False

    if compiled.full and cap != 0:
        if compiled.by_low is None and limit is None and max_nodes is None:
            return _count_small(compiled.full, 0, compiled.slots, goal, [CHECK_EVERY, limits, 0])
        rec(compiled.full, 0)
    return found


def count_first(
    compiled: CompiledPuzzle, *, timeout: float | None = None
) -> tuple[int, Callable[[], Solution] | None]:
    """Number of tilings and the first of them (the one ``first_tiling`` finds), in one search.

    For ``solve --count``: the search that counts passes the first tiling on its way, so a
    second search to find it is saved. Boards with a Candidate table search twice.
    """
    goal = compiled.all_used
    core = _core_for(compiled)
    if core is not None:
        tick = ticker(timeout, None)
        n, met = core.count_first(
            compiled.full, compiled.slots, goal, -1, tick, CHECK_EVERY, compiled.shifts
        )
        return n, None if met is None else Tiling(compiled, met)
    if compiled.by_low is not None or not compiled.full:  # the general path: two searches
        limits = Limits(timeout)
        first = first_tiling(compiled, timeout=limits.left())
        return (count_solutions(compiled, timeout=limits.left()) if first else 0), first
    placed: list[tuple[int, Mask]] = []
    countdown: Countdown = [CHECK_EVERY, Limits(timeout), 0]
    n = _count_first_small(compiled.full, 0, compiled.slots, goal, countdown, [], placed)
    return n, Tiling(compiled, placed) if n else None


def _count_first_small(
    rem: Mask,
    used: int,
    slots: Slots,
    goal: int,
    countdown: Countdown,
    path: list[tuple[int, Mask]],
    first: list[tuple[int, Mask]],
) -> int:
    """Number of tilings of ``rem`` with the free pieces; the first one met goes into ``first``.

    A copy of ``_count_small`` that also keeps its path: the bookkeeping costs every node, so
    a count that needs no tiling (``solver.count``, as ``ubongo show --count`` uses) keeps the
    lean one.
    """
    countdown[0] -= 1
    if not countdown[0]:
        tick_countdown(countdown)
    low = rem & -rem  # inline, as in _first_small
    total = 0
    for (need, req, bit, pos), oms in slots:
        if used & need == req:
            for om in oms:
                m = om * low
                if m & rem == m:
                    if m == rem:
                        if used | bit == goal:
                            total += 1
                            if not first:
                                first += path
                                first.append((pos, m))
                    else:
                        path.append((pos, m))
                        total += _count_first_small(
                            rem ^ m, used | bit, slots, goal, countdown, path, first
                        )
                        path.pop()
    return total


MEMO_SLOTS = 1 << 19
"""Slots of ``count_memo``'s table. A state takes the slot its hash names, pushing out the one
there, so memory stays bounded whatever the puzzle: about 24 bytes a slot plus the state's
int (some 40 bytes), 33 MiB here. The 12 pentominoes in 6x10 meet 3.3 million states, which
an unbounded dict held in 387 MB; 24 pentominoes in 8x15 took 3.4 GB."""


_TOO_MANY = 1 << 64


def count_memo(compiled: CompiledPuzzle, *, timeout: float | None = None) -> int:
    """Number of tilings, memoised on (empty cells, pieces used) in bounded memory: for large
    puzzles."""
    return count_memo_first(compiled, timeout=timeout)[0]


def count_memo_first(
    compiled: CompiledPuzzle, *, timeout: float | None = None
) -> tuple[int, Callable[[], Solution] | None]:
    """``count_memo`` and the first tiling it meets, the one ``first_tiling`` finds.

    A memo hit before the first tiling is met is a state already searched to the end without
    a tiling, so the first tiling met is the plain search's first one.
    """
    goal = compiled.all_used
    limits = Limits(timeout)
    mask = MEMO_SLOTS - 1
    rems: list[Mask | None] = [None] * MEMO_SLOTS  # the state in each slot: empty cells,
    useds = array("Q", [0]) * MEMO_SLOTS  # its pieces used
    counts = array("Q", [0]) * MEMO_SLOTS  # and its number of tilings
    path: list[tuple[int, Mask]] = []
    first: list[tuple[int, Mask]] = []
    nodes = 0

    def rec(rem: Mask, used: int) -> int:
        nonlocal nodes
        h = hash((rem, used)) & mask
        if rems[h] == rem and useds[h] == used:
            return counts[h]
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            limits.tick(nodes)
        total = 0
        for _, _, bit, m, pos in candidates(compiled, rem, used):
            if m == rem:
                if used | bit == goal:
                    total += 1
                    if not first:
                        first.extend(path)
                        first.append((pos, m))
            else:
                path.append((pos, m))
                total += rec(rem ^ m, used | bit)
                path.pop()
        if total < _TOO_MANY:  # a count past 64 bits is not kept (used fits: MAX_PIECES = 64)
            rems[h], useds[h], counts[h] = rem, used, total
        return total

    n = rec(compiled.full, 0) if compiled.full else 0
    for table in (rems, useds, counts):  # emptied now: rec calls itself, a cycle that would
        del table[:]  # hold them until the cycle collector runs, and a count by orbits runs one
        # count per rest (a pure-Python count of 5x12 peaked at 1.0 GiB, now 51 MiB)
    return n, Tiling(compiled, first) if n else None
