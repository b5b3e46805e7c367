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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ubongo.solver import core as native
from ubongo.solver.bits import Mask, lsb
from ubongo.solver.cells import Picture
from ubongo.solver.core import core_name as core_name  # where the CLI and tests have read it
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import Lattice
from ubongo.solver.limits import CHECK_EVERY, Limits
from ubongo.solver.pieces import Piece, Point, Shape, is_connected
from ubongo.solver.puzzle import Placement, Puzzle, Solution, solution_rows

if TYPE_CHECKING:  # type names only (solver.core defines them for type checkers)
    from ubongo.solver.core import Core, KitPiece, Slot, Slots, Tick

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


@dataclass(frozen=True, slots=True)
class Grid:
    """A tiling as the compiled core's ``tile`` draws it, decoded only on demand.

    ``grid`` holds the figure's box as rows of bytes: ``0x80 + position`` of the piece on each
    cell, ``.`` outside the figure, ``\\n`` between rows.
    """

    pieces: tuple[Piece, ...]
    grid: bytes
    core: Core  # the core that drew it, and decodes it

    def __call__(self) -> Solution:
        """The tiling as Placements, in the puzzle's piece order."""
        cells = self.core.placements(self.grid, len(self.pieces))
        return tuple(map(Placement, [p.name for p in self.pieces], cells))

    def rows(self) -> Picture:
        """The tiling drawn as ``solution_rows`` draws it with the pieces' own codes."""
        codes = "".join([p.code for p in self.pieces])
        if codes.isascii() and len(codes) == len(self.pieces):  # one translate of the bytes
            table = bytes.maketrans(_MARKS[: len(codes)], codes.encode("ascii"))
            return self.grid.translate(table).decode("ascii").split("\n")
        chars = {0x80 + i: p.code for i, p in enumerate(self.pieces)}
        return self.grid.decode("latin-1").translate(chars).split("\n")


_MARKS = bytes(range(0x80, 0x100))  # a Grid's byte for the piece at each position

TILE_MODES = {"first": 0, "count": 1, "both": 2}
"""What ``tile`` asks the core for: the first tiling, the count, or both in one search."""


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
    tick = _ticker(timeout, max_nodes)
    height, width = fig.extent  # the cells' own box (on hexagons not the text form's)
    return _answer(core, kit, ids, fig.cells, height, width, puzzle.pieces, mode, cap, tick)


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
    tick = _ticker(timeout, None)
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


def tile_rows(
    core: Core,
    kit: object,
    ids: Sequence[int],
    rows: Sequence[str],
    pieces: tuple[Piece, ...],
    mode: str,
    timeout: float | None,
) -> tuple[int, Grid | None] | None:
    """``tile`` for a figure given as rows of ``#`` and ``.`` and pieces as ids in a kit of
    ``core``; None for rows of anything else, rows with no cell or a figure wider than the
    core's masks: parse those instead."""
    return _answer(core, kit, ids, rows, -1, 0, pieces, mode, -1, _ticker(timeout, None))


def _answer(
    core: Core,
    kit: object,
    ids: Sequence[int],
    figure: Iterable[Point] | Sequence[str],
    height: int,
    width: int,
    pieces: tuple[Piece, ...],
    mode: str,
    cap: int,
    tick: Tick | None,
) -> tuple[int, Grid | None] | None:
    """One call of ``core.tile`` and its answer wrapped; None when the core refused the figure."""
    code = TILE_MODES[mode]
    steps = (
        joined_steps(tuple(p.shape for p in pieces), pieces[0].lattice)
        if len(pieces) >= PRUNE_FROM
        else ()
    )
    try:
        # no steps, no argument: reading even an empty one is a tenth of a small puzzle's call
        pruning = (steps,) if steps else ()
        got = core.tile(kit, figure, height, width, ids, code, cap, tick, CHECK_EVERY, *pruning)
    except ValueError:  # not a figure of '#' and '.', or wider than the core's masks
        return None
    if code == 0:
        return (0, None) if got is None else (1, Grid(pieces, got, core))
    if code == 1:
        return got, None
    n, grid = got
    return n, None if grid is None else Grid(pieces, grid, core)


class TextKit:
    """A piece set's shapes for ``tile_text``, the compiled core's kit in Python: per piece its
    class (copies share one) and its orientations as offsets from their lowest cell, in the
    kit's order; per piece and figure width, its Oriented masks (made once, kept)."""

    def __init__(self, shapes: Sequence[Kind]) -> None:
        kit = kit_pieces(shapes)
        self.classes = [cls for cls, _, _ in kit]
        self.apart = len(set(self.classes)) == len(self.classes)  # no two shapes congruent
        self.offsets = [orients for _, _, orients in kit]
        # rows this far apart let no orientation shifted off a row's end wrap into the next
        self.pad = max(_span(o) for orients in self.offsets for o in orients) - 1
        self.areas = [len(offsets[0]) for offsets in self.offsets]
        self._masks: dict[tuple[int, int], tuple[tuple[Mask, ...], ...]] = {}

    def slots(self, ids: tuple[int, ...], across: int) -> TextSlots:
        """The Slots of the pieces ``ids`` on a figure ``across`` columns wide (as stored)."""
        masks = self._masks
        try:
            if self.apart and len(set(ids)) == len(ids):  # no copies: none waits for another
                return [((1 << p, 0, 1 << p, p), masks[i, across]) for p, i in enumerate(ids)]
            fitting = [masks[i, across] for i in ids]
        except KeyError:  # a piece first seen on a figure this wide
            for i in ids:
                if (i, across) not in masks:
                    masks[i, across] = self._oriented(i, across)
            return self.slots(ids, across)
        slots: TextSlots = []
        for pos, i in enumerate(ids):
            bit = 1 << pos
            # the previous copy of a shape must be down: copies go down in one order only
            same = [j for j in range(pos) if self.classes[ids[j]] == self.classes[i]]
            req = 1 << same[-1] if same else 0
            slots.append(((bit | req, req, bit, pos), fitting[pos]))
        return slots

    def _oriented(self, i: int, across: int) -> tuple[tuple[Mask, ...], ...]:
        """Piece ``i``'s Oriented masks on a figure ``across`` columns wide (as stored), four
        ways (see ``_first_text``): those that fit when neither, the right, the lower or both
        cells next to their lowest cell are empty."""
        stride = across + self.pad
        oms = [
            sum(1 << (r * stride + c) for r, c in o)
            for o in self.offsets[i]
            if _span(o) <= across  # a wider one fits nowhere on the figure
        ]
        needs = [(1 if om & 2 else 0) | (2 if om >> stride & 1 else 0) for om in oms]
        return tuple(
            tuple(om for om, need in zip(oms, needs, strict=True) if need & ~near == 0)
            for near in range(4)
        )


@lru_cache(maxsize=4096)
def _span(offsets: tuple[Point, ...]) -> int:
    """Columns an orientation spans."""
    columns = [c for _, c in offsets]
    return max(columns) - min(columns) + 1


_BITS = str.maketrans("#.", "10")


def text_figure(rows: Sequence[str], pad: int) -> tuple[Mask, int, int, int, bool] | None:
    """(figure Mask, height, width, stride, transposed) of rows of ``#`` and ``.`` with at
    least one ``#``, as the compiled core's ``tile`` reads them (the box of the ``#`` cells,
    stored transposed when wider than tall, rows ``pad`` columns apart past the figure's);
    None for anything else, or a Mask wider than the compiled core's (the long way, then).

    String methods do the work (a batch reads every line's figure here): one ``int`` per
    figure, its rows joined by the padding."""
    try:
        text = "".join(rows)
    except TypeError:  # a row that is no str
        return None
    if text.strip("#."):  # a character of any other kind is left at an end
        return None
    top, n = 0, len(rows)
    while top < n and "#" not in rows[top]:
        top += 1
    if top == n:
        return None
    bottom = n - 1
    while "#" not in rows[bottom]:
        bottom -= 1
    box = rows[top : bottom + 1] if top or bottom < n - 1 else rows
    if box is not rows:
        text = "".join(box)
    height, width = bottom - top + 1, len(box[0])
    if (
        len(set(map(len, box))) > 1
        or "#" not in text[::width]
        or "#" not in text[width - 1 :: width]
    ):
        # not already the box of its cells, all rows as long
        left = min([len(r) - len(r.lstrip(".")) for r in box if "#" in r])
        width = max([len(r.rstrip(".")) for r in box]) - left
        box = [r[left : left + width].ljust(width, ".") for r in box]
        text = "".join(box)
    transposed = width > height
    if transposed:
        box = [text[c::width] for c in range(width)]
    stride = (height if transposed else width) + pad
    full = int(("." * pad).join(box).translate(_BITS)[::-1], 2)  # column 0 the lowest bit
    if full.bit_length() > TEXT_BITS:
        return None
    return full, height, width, stride, transposed


TEXT_BITS = 128
"""The widest figure Mask ``tile_text`` takes: the compiled core's, so both cores answer the
same lines from their text and send the same others the long way."""


def tile_text(
    kit: TextKit,
    ids: tuple[int, ...],
    rows: Sequence[str],
    pieces: tuple[Piece, ...],
    want_count: bool,
    timeout: float | None,
) -> tuple[int, TextTiling | None] | None:
    """``tile_rows`` in Python, for the pure-Python core: (count, first tiling) with
    ``want_count``, else (1, first tiling) or (0, None); None for rows ``text_figure`` does not
    take. The search of ``first_tiling`` and ``count_first``, in the same order."""
    read = text_figure(rows, kit.pad)
    if read is None:
        return None
    full, height, width, stride, transposed = read
    if sum(map(kit.areas.__getitem__, ids)) != full.bit_count():
        return (0, None)  # no tiling: the long way says why
    slots = kit.slots(ids, height if transposed else width)
    countdown: Countdown = [CHECK_EVERY, Limits(timeout), 0]
    goal = (1 << len(ids)) - 1
    if want_count:
        placed: list[tuple[int, Mask]] = []
        n = _count_first_text(full, 0, slots, goal, countdown, stride, [], placed)
    else:
        found = _first_text(full, 0, slots, goal, countdown, stride)
        n, placed = (0, []) if found is None else (1, found)
    tiling = TextTiling(pieces, placed, stride, transposed, height, width) if n else None
    return n, tiling


# The searches of tile_text: _first_small and _count_first_small, each free piece's Oriented
# masks narrowed first to those that fit the two cells next to the lowest empty one (right and
# below: every placement covering it covers one of them, unless it is one cell), so fewer are
# tried, in the same order. Index 1 = the right cell is empty, 2 = the one below, 3 = both.
TextSlots = list[tuple["Slot", tuple[tuple[Mask, ...], ...]]]


def _first_text(
    rem: Mask, used: int, slots: TextSlots, goal: int, countdown: Countdown, stride: int
) -> list[tuple[int, Mask]] | None:
    """(position, mask) of one tiling of ``rem`` with the free pieces, or None."""
    countdown[0] -= 1
    if not countdown[0]:
        _tick(countdown)
    low = rem & -rem
    near = (1 if rem & low << 1 else 0) | (2 if rem & low << stride else 0)
    for (need, req, bit, pos), fitting in slots:
        if used & need == req:
            for om in fitting[near]:
                m = om * low
                if m & rem == m:
                    if m == rem:
                        if used | bit == goal:
                            return [(pos, m)]
                    else:
                        found = _first_text(rem ^ m, used | bit, slots, goal, countdown, stride)
                        if found is not None:
                            found.append((pos, m))
                            return found
    return None


def _count_first_text(
    rem: Mask,
    used: int,
    slots: TextSlots,
    goal: int,
    countdown: Countdown,
    stride: int,
    path: list[tuple[int, Mask]],
    first: list[tuple[int, Mask]],
) -> int:
    """Number of tilings of ``rem`` with the free pieces; the first one met goes into ``first``."""
    countdown[0] -= 1
    if not countdown[0]:
        _tick(countdown)
    low = rem & -rem
    near = (1 if rem & low << 1 else 0) | (2 if rem & low << stride else 0)
    total = 0
    for (need, req, bit, pos), fitting in slots:
        if used & need == req:
            for om in fitting[near]:
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
                        total += _count_first_text(
                            rem ^ m, used | bit, slots, goal, countdown, stride, path, first
                        )
                        path.pop()
    return total


class TextTiling:
    """A tiling ``tile_text`` found, as (piece position, mask) pairs, decoded on demand (a
    plain class: a batch makes one per line, and a dataclass is slower to make and to load)."""

    __slots__ = ("height", "pieces", "placed", "stride", "transposed", "width")

    def __init__(
        self,
        pieces: tuple[Piece, ...],
        placed: list[tuple[int, Mask]],
        stride: int,
        transposed: bool,
        height: int,
        width: int,
    ) -> None:
        self.pieces, self.placed, self.stride = pieces, placed, stride
        self.transposed, self.height, self.width = transposed, height, width

    def cells(self) -> list[list[Point]]:
        """The cells of each placed piece, in the figure's box, in the order placed."""
        out = []
        for _, mask in self.placed:
            cells: list[Point] = []
            while mask:
                low = mask & -mask
                r, c = divmod(low.bit_length() - 1, self.stride)
                cells.append((c, r) if self.transposed else (r, c))
                mask ^= low
            out.append(cells)
        return out

    def __call__(self) -> Solution:
        """The tiling as Placements, in the puzzle's piece order."""
        found = zip([pos for pos, _ in self.placed], self.cells(), strict=True)
        return tuple(Placement(self.pieces[p].name, frozenset(c)) for p, c in sorted(found))

    def rows(self) -> Picture:
        """The tiling drawn as ``solution_rows`` draws it with the pieces' own codes: each code
        on its bits in one flat list of the stored rows, read back row by row."""
        s, height, width = self.stride, self.height, self.width
        flat = ["."] * (s * (width if self.transposed else height))
        for pos, mask in self.placed:
            code = self.pieces[pos].code
            low = mask & -mask
            at = low.bit_length() - 1
            for d in _bits_of(mask >> at):
                flat[at + d] = code
        text = "".join(flat)
        if self.transposed:  # a stored row is a column
            return [text[r::s][:width] for r in range(height)]
        return [text[r : r + width] for r in range(0, height * s, s)]


@lru_cache(maxsize=4096)
def _bits_of(mask: Mask) -> tuple[int, ...]:
    """The indices of a mask's bits (an Oriented mask: a batch draws each many times)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


KIT_SHAPES = 4096
"""Shapes the core's kit holds before it starts again (a generator may try many shapes)."""


@cache
def kit_takes(lattice: Lattice) -> bool:
    """Whether the core's kit and ``tile`` take pieces of this lattice: cells of two
    coordinates, in an orientation group with the transpose (``tile`` transposes a figure
    wider than tall, as ``frame_for`` does, and keeps the pieces' orientations as they are)."""
    return lattice.dims == 2 and lattice.has(((0, 1), (1, 0)))


Kind = tuple[Shape, Lattice]
"""A shape and the lattice it turns on: what the kit holds per id."""


class Kit:
    """Every shape given to the compiled core so far, in one kit (``core.kit``), by id.

    One kit for all puzzles: a batch's combinations come in every order, and a kit per tuple
    of shapes was built 3,780 times for 6,000 puzzles. A new shape rebuilds it (from cached
    offsets, so a few µs); copies of one shape, turned or not, share a class.
    """

    def __init__(self) -> None:
        self._ids: dict[Kind, int] = {}
        self._capsule: object = None

    def ids(self, core: Core, shapes: list[Kind]) -> tuple[object, list[int]]:
        """The kit and the ids of these shapes in it (added when new)."""
        try:
            return self._capsule, list(map(self._ids.__getitem__, shapes))
        except KeyError:
            fresh = [s for s in dict.fromkeys(shapes) if s not in self._ids]
            if len(self._ids) + len(fresh) > KIT_SHAPES:
                self._ids.clear()
                fresh = list(dict.fromkeys(shapes))
            for shape in fresh:
                self._ids[shape] = len(self._ids)
            self._capsule = core.kit(kit_pieces(list(self._ids)))
            return self._capsule, list(map(self._ids.__getitem__, shapes))


KIT = Kit()
"""The compiled core's kit (one per process)."""


def kit_pieces(shapes: Sequence[Kind]) -> tuple[KitPiece, ...]:
    """What ``core.kit`` takes: per shape its class (the index of the first shape congruent to
    it), its extent and its orientations as offsets from their lowest cell."""
    first: dict[tuple[Point, ...], int] = {}
    out = []
    for i, (shape, lattice) in enumerate(shapes):
        cls = first.setdefault(_shape_key(shape, lattice), i)
        out.append((cls, _extent(shape), _offsets(shape, lattice)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _offsets(shape: Shape, lattice: Lattice) -> tuple[tuple[Point, ...], ...]:
    """Each orientation's cells as (row, column) offsets from its lowest cell, in the order of
    ``oriented_masks`` (so the core tries them in the Python engine's order)."""
    out = []
    for o in lattice.orientations(shape):
        cells = sorted(o)
        ar, ac = cells[0]
        out.append(tuple((r - ar, c - ac) for r, c in cells))
    return tuple(out)


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


@lru_cache(maxsize=1024)
def _extent(shape: Shape) -> int:
    return max(max(r, c) for r, c in shape)


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


PRUNE_FROM = 7
"""Pieces a puzzle needs before the core prunes dead cells: on Ubongo's 3 to 5 pieces the check
costs more per node than it saves (the bundled sample set's 60 counts took 259 µs with it,
206 µs without; the 6x10 board's count 0.082 s with it, 0.107 s before; /tmp A/B of 5f53ea2 and
this tree, best of 5 in one process, 2026-11-25 19:13, load 0.5)."""


@lru_cache(maxsize=4096)
def joined_steps(shapes: tuple[Shape, ...], lattice: Lattice) -> tuple[Point, ...]:
    """The lattice's steps when every shape has two cells or more joined through them, else
    none: what lets the compiled core skip a placement that leaves an empty cell no empty
    neighbour (no such piece could cover it)."""
    joined = all(len(s) > 1 and is_connected(s, lattice) for s in shapes)
    return lattice.steps if joined else ()


@lru_cache(maxsize=4096)
def _shifts(shapes: tuple[Shape, ...], frame: Frame) -> tuple[int, ...]:
    """``joined_steps`` as bit distances in the frame (a step and its opposite give one)."""
    return tuple(sorted({abs(frame.index(p)) for p in joined_steps(shapes, frame.lattice)}))


@lru_cache(maxsize=1024)
def _shape_key(shape: Shape, lattice: Lattice) -> tuple[Point, ...]:
    return lattice.piece_key(shape)


@lru_cache(maxsize=4096)  # a batch asks for the same few combinations of pieces again and again
def _slots(shapes: tuple[Shape, ...], frame: Frame) -> Slots:
    """The Slots and Oriented masks of pieces of these shapes (shared: never changed)."""
    slots: Slots = []
    last_copy: dict[tuple[Point, ...], int] = {}
    keys = [_shape_key(s, frame.lattice) for s in shapes]
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


def _ticker(timeout: float | None, max_nodes: int | None) -> Tick | None:
    """What the compiled core calls every CHECK_EVERY nodes: Limits.tick, or None if unlimited."""
    return None if timeout is None and max_nodes is None else Limits(timeout, max_nodes).tick


def first_tiling(
    compiled: CompiledPuzzle, *, timeout: float | None = None
) -> Callable[[], Solution] | None:
    """One tiling as a function that decodes it into Placements, or None when there is none."""
    core = _core_for(compiled)
    if core is not None:
        tick = _ticker(timeout, None)
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
Countdown = list[Any]  # [nodes until the next look at the clock, Limits, nodes searched before]


def _tick(countdown: Countdown) -> None:
    """Count the nodes since the last look and look at the limits (off the hot path)."""
    countdown[0] = CHECK_EVERY
    countdown[2] += CHECK_EVERY
    countdown[1].tick(countdown[2])


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
        _tick(countdown)
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
        _tick(countdown)
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
        tick = _ticker(timeout, max_nodes)
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
        tick = _ticker(timeout, None)
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
        _tick(countdown)
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
