"""Puzzles given as text, answered without a Puzzle: the compiled core's kit of pieces, its
``tile`` on a figure's rows of ``#`` and ``.``, and the same search in Python (``tile_text``)
for the pure-Python core.

Glossary as in solver.bitboard (Mask, Slot), and
    Kit        every shape given to the compiled core so far, by id (``core.kit``).
    Grid       a tiling as the core's ``tile`` draws it: bytes, decoded only when asked.

It imports no Figure, Puzzle or CompiledPuzzle: ``solve --batch`` answers a plain line with this
module alone, and its start is most of a small batch's time (DESIGN.md, "The lean batch path").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ubongo.solver import core as native
from ubongo.solver.bits import Mask
from ubongo.solver.cells import Picture
from ubongo.solver.lattice import Lattice
from ubongo.solver.limits import CHECK_EVERY, SMALL_PIECES, Limits
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, Shape, is_connected

if TYPE_CHECKING:  # type names only (solver.core defines them for type checkers)
    from ubongo.solver.core import Core, KitPiece, Slot, Tick
    from ubongo.solver.engine import Verdict
    from ubongo.solver.puzzle import Solution


@dataclass(slots=True)  # not frozen: a frozen one's __init__ was a tenth of a batch line's time
class Grid:
    """A tiling as the compiled core's ``tile`` draws it, decoded only on demand.

    ``grid`` holds the figure's box as rows of bytes: ``0x80 + position`` of the piece on each
    cell, ``.`` outside the figure, ``\\n`` between rows.
    """

    pieces: tuple[Piece, ...]
    grid: bytes
    core: Core  # the core that drew it, and decodes it
    table: bytes | None = None  # grid_table(pieces), when the maker has it at hand

    def __call__(self) -> Solution:
        """The tiling as Placements, in the puzzle's piece order."""
        from ubongo.solver.puzzle import Placement  # (a batch line never needs it)

        cells = self.core.placements(self.grid, len(self.pieces))
        return tuple(map(Placement, [p.name for p in self.pieces], cells))

    def rows(self) -> Picture:
        """The tiling drawn as ``solution_rows`` draws it with the pieces' own codes."""
        table = self.table if self.table is not None else grid_table(self.pieces)
        if table is not None:  # one translate of the bytes
            return self.grid.translate(table).decode("ascii").split("\n")
        chars = {0x80 + i: p.code for i, p in enumerate(self.pieces)}
        return self.grid.decode("latin-1").translate(chars).split("\n")


_MARKS = bytes(range(0x80, 0x100))  # a Grid's byte for the piece at each position


def grid_table(pieces: Sequence[Piece]) -> bytes | None:
    """The table that turns a Grid of these pieces into their codes in one ``translate``;
    None when a code is not one ASCII character."""
    codes = "".join([p.code for p in pieces])
    if codes.isascii() and len(codes) == len(pieces):
        return bytes.maketrans(_MARKS[: len(codes)], codes.encode("ascii"))
    return None


TILE_MODES = {"first": 0, "count": 1, "both": 2}
"""What ``tile`` asks the core for: the first tiling, the count, or both in one search."""


def tile_rows(
    core: Core,
    kit: object,
    ids: Sequence[int],
    rows: Sequence[str],
    pieces: tuple[Piece, ...],
    mode: str,
    limits: Limits | None,
    table: bytes | None = None,
) -> tuple[int, Grid | None] | None:
    """``tile`` for a figure given as rows of ``#`` and ``.`` and pieces as ids in a kit of
    ``core`` (``table``: their ``grid_table``, if at hand); None for rows of anything else,
    rows with no cell or a figure wider than the core's masks: parse those instead.

    ``limits`` may be one for many calls (a batch's, whose deadline is the command's): each
    search ticks it with its own node count."""
    tick = None if limits is None else limits.tick
    return tile_call(core, kit, ids, rows, -1, 0, pieces, mode, -1, tick, table)


def tile_call(
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
    table: bytes | None = None,
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
        return (0, None) if got is None else (1, Grid(pieces, got, core, table))
    if code == 1:
        return got, None
    n, grid = got
    return n, None if grid is None else Grid(pieces, grid, core, table)


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
    limits: Limits | None,
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
    countdown: Countdown = [CHECK_EVERY, limits or Limits(), 0]
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
        tick_countdown(countdown)
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
        tick_countdown(countdown)
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
        from ubongo.solver.puzzle import Placement  # (a batch line never needs it)

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


def kit_pieces(shapes: Sequence[Kind]) -> tuple[KitPiece, ...]:
    """What ``core.kit`` takes: per shape its class (the index of the first shape congruent to
    it), its extent and its orientations as offsets from their lowest cell."""
    first: dict[tuple[Point, ...], int] = {}
    out = []
    for i, (shape, lattice) in enumerate(shapes):
        cls = first.setdefault(shape_key(shape, lattice), i)
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


def ticker(timeout: float | None, max_nodes: int | None) -> Tick | None:
    """What the compiled core calls every CHECK_EVERY nodes: Limits.tick, or None if unlimited."""
    return None if timeout is None and max_nodes is None else Limits(timeout, max_nodes).tick


Countdown = list[Any]  # [nodes until the next look at the clock, Limits, nodes searched before]


def tick_countdown(countdown: Countdown) -> None:
    """Count the nodes since the last look and look at the limits (off the hot path)."""
    countdown[0] = CHECK_EVERY
    countdown[2] += CHECK_EVERY
    countdown[1].tick(countdown[2])


@lru_cache(maxsize=1024)
def _extent(shape: Shape) -> int:
    return max(max(r, c) for r, c in shape)


@lru_cache(maxsize=1024)
def shape_key(shape: Shape, lattice: Lattice) -> tuple[Point, ...]:
    """What two shapes share when they are the same piece turned (``Lattice.piece_key``)."""
    return lattice.piece_key(shape)


COMBOS_KEPT = 4096  # combinations of piece names a TextSolver remembers

_Combo = tuple[tuple[int, ...], tuple[Piece, ...], bytes | None]
"""A TextSolver's combination of pieces: their ids in its kit, the pieces, their grid table."""


class TextSolver:
    """Puzzles given as text (figure rows, piece names of one piece set), as a batch line or a
    benchmark gives them: ``check`` answers as ``check(Puzzle(parse_figure(rows), ...))`` does.

    With the compiled core, the rows and the pieces go to C in one call
    (``tile_rows``): no Figure, no Puzzle, no CompiledPuzzle, and the tiling stays a
    Grid until drawn. What it does not take (rows of other characters, names that are not
    exactly a piece's name or code, a repeated piece, figures wider than its masks) and what
    has no tiling (so triage can say why) go the long way, which also names what is wrong.
    """

    def __init__(self, pieces: PieceSet = STANDARD) -> None:
        self.pieces = pieces
        self._plist = tuple(pieces.values())
        self._index = {p.code: i for i, p in enumerate(self._plist)}
        self._index.update({p.name: i for i, p in enumerate(self._plist)})  # names first, as
        # pieces[token] looks them up
        # the rows are read as rows and columns of cells (by C, or tile_text): only where the
        # text form is just that (on hexagons a row's column is not a cell's; C found 338 wrong
        # tilings in 409)
        self._takes = pieces.lattice.plain and kit_takes(pieces.lattice)
        self._kit: object = None  # the set's kit in the compiled core, made on first use
        self._text_kit: TextKit | None = None  # its kit in Python, without the core
        self._combos: dict[tuple[str, ...], _Combo | None]
        self._combos = {}  # names -> (ids, pieces, grid table), None when not plain

    def check(
        self,
        rows: Sequence[str],
        names: Sequence[str],
        *,
        want_count: bool = False,
        timeout: float | None = None,
    ) -> Verdict:
        """The verdict on the puzzle of these rows and piece names (as ``check``'s)."""
        from ubongo.solver.engine import Verdict, check  # (the engine needs this module)
        from ubongo.solver.figure import parse_figure
        from ubongo.solver.puzzle import Puzzle

        found = self.quick(rows, names, want_count, None if timeout is None else Limits(timeout))
        if found is not None:
            return Verdict(True, found[1], found[0])
        puzzle = Puzzle(parse_figure(rows), self.pieces.resolve(names))
        return check(puzzle, want_count=want_count, timeout=timeout)

    def quick(
        self,
        rows: Sequence[str],
        names: Sequence[str],
        want_count: bool = False,
        limits: Limits | None = None,
    ) -> tuple[int | None, Grid | TextTiling] | None:
        """The count (when asked) and the first tiling from one call of the compiled core (on
        the pure-Python core, of ``tile_text``), or None: what it does not take, or no
        tiling (``check`` then goes the long way). ``limits`` may serve many calls."""
        if isinstance(rows, str) or not self._takes:
            return None  # (a str is a sequence, but of characters)
        try:
            key = tuple(names)
            combo = self._combos[key]
        except KeyError:
            combo = self._combo(key)
        except TypeError:  # a name that is no str (unhashable): the long way says so
            return None
        if combo is None or len(combo[0]) > SMALL_PIECES:
            return None  # more pieces: the auto engine's turns with CP-SAT, or a count by orbits
        core = native.CORE
        if core is None:
            return self._quick_python(combo, rows, want_count, limits)
        if self._kit is None:
            lattice = self.pieces.lattice
            self._kit = core.kit(kit_pieces([(p.shape, lattice) for p in self._plist]))
        mode = "both" if want_count else "first"
        got = tile_rows(core, self._kit, combo[0], rows, combo[1], mode, limits, combo[2])
        if got is None or got[1] is None:
            return None
        return got[0] if want_count else None, got[1]

    def _quick_python(
        self,
        combo: _Combo,
        rows: Sequence[str],
        want_count: bool,
        limits: Limits | None,
    ) -> tuple[int | None, TextTiling] | None:
        """``quick`` on the pure-Python core: the same answers from ``tile_text``."""
        if self._text_kit is None:
            lattice = self.pieces.lattice
            self._text_kit = TextKit([(p.shape, lattice) for p in self._plist])
        got = tile_text(self._text_kit, combo[0], rows, combo[1], want_count, limits)
        if got is None or got[1] is None:
            return None
        return got[0] if want_count else None, got[1]

    def _combo(self, names: tuple[str, ...]) -> _Combo | None:
        """The ids, pieces and grid table of names that are exactly a piece's name or code,
        each piece once; None otherwise. Remembered (a batch repeats its combinations), within
        bounds."""
        index = self._index  # keys are str: any other name gets -1
        ids = tuple([index.get(n, -1) for n in names])
        found = None
        if -1 not in ids and len(set(ids)) == len(ids):
            pieces = tuple([self._plist[i] for i in ids])
            drawn = None if native.CORE is None else grid_table(pieces)  # Grids' only
            found = (ids, pieces, drawn)
        if len(self._combos) >= COMBOS_KEPT:
            self._combos.clear()
        self._combos[names] = found
        return found
