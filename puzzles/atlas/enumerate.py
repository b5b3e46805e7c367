"""Every connected figure that fits a frame, once each, hole-free unless asked, in shards.

Glossary
    Lattice   the figures' own (``solver.lattice``, by name): squares, hexagons or triangles;
              an atlas of cubes enumerates footprints, of squares.
    Picture   a figure's text form (``Figure.rows``): one character per cell, a line per row;
              on squares the cells' own rows and columns.
    Frame     ``(rows, cols)`` with rows <= cols: a figure fits when one of its orientations'
              pictures is at most ``rows`` lines of ``cols`` characters (on squares: when its
              box fits either way round, a quarter turn being one of its orientations).
    Mask      a figure in its canonical orientation: bit ``r * cols + c`` for the picture's
              cell at line r, character c, the picture touching line 0 and character 0 (the
              frame's column count is the stride).
    Canonical the smallest mask among the figure's orientations (the lattice's turns: 8 on
              squares, 12 on hexagons and triangles) whose picture fits the frame as it stands.
    Symmetry  how many of the lattice's turns map the figure onto itself (1-8, or 1-12).
    Prefix    a node of the growth tree: a fixed polyomino of ``depth`` cells, the cells still
              to try and the cells already seen (Redelmeier's algorithm); the subtrees of the
              prefixes of one depth are disjoint and together hold every larger polyomino.
    Cut       the prefixes of the deepest depth allowed, which the shards are dealt from.
    Shard     a deterministic group of prefixes (every ``count``-th), the unit of work.
    Hole      an empty cell of the figure's box that cannot reach the outside: figures with
              one are left out unless the shard keeps ``holes`` (a published Ubongo 3D Family
              footprint has one; no published 2D card does).

Redelmeier's growth lists every fixed polyomino once, from its first cell in reading order,
without remembering any of them; a figure is kept only where the polyomino is its canonical
orientation, so memory stays flat however many figures there are. Growth stops as soon as the
box leaves ``rows`` by ``cols``: every orientation a canonical form can take fits that way round.

The growth grid is the picture's: a bit per character of ``rows`` lines, so growth on any
lattice is the same code, with the lattice's neighbours. A fixed figure is grown from its first
cell in reading order (its least point: every lattice here orders its points as its pictures
read), placed on the first line at one of the ``period`` first characters, since a picture
moves by whole periods only: one root on squares and hexagons, an up and a down triangle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from ubongo.puzzles.game import Frame
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import LATTICES, SQUARE, Lattice, Point, apply

Mask = int
MAX_DEPTH = 10
"""The deepest prefixes: deeper ones split the heavy subtrees near the first cell (the largest
4x5 subtree holds 725 figures at depth 8, 308 at depth 10). The 5x6 frame has 25,017 of them
(0.6 s to list); they must stay below the smallest area, whose figures only growth finds."""
MAX_NODES = 100_000
"""Prefixes at most, whatever the depth: the driver lists them all and sends them out."""
PROBES = 4096
"""Random descents of the growth tree in a ``growth_estimate``: 0.1 to 0.3 s (5x6, areas 11-18),
and over five seeds the 5x6 estimates span 16.6 to 27.5 million, the 4x6 ones 1.0 to 1.6."""
ESTIMATE_SEED = 21
"""The descents' seed: an estimate, and so a default shard count, is the same on every run."""
MAX_CELLS = 62
"""The largest frame (rows x cols cells): masks stay within a signed 64-bit integer."""


@dataclass(frozen=True)
class Found:
    """A figure found: canonical mask, area, box (rows, cols) and symmetry order."""

    mask: Mask
    area: int
    rows: int
    cols: int
    symmetry: int


@dataclass(frozen=True)
class Prefix:
    """A node of the growth tree (see the glossary); plain ints, so it pickles small."""

    poly: int
    size: int
    untried: tuple[int, ...]
    seen: int


@dataclass(frozen=True)
class Shard:
    """One unit of work: its index, the frame, the areas kept, its prefixes, whether
    figures with holes are kept, and the figures' lattice."""

    index: int
    frame: Frame
    areas: tuple[int, int]
    prefixes: tuple[Prefix, ...]
    holes: bool = False
    lattice: str = SQUARE.name  # by name: lattices are compared by identity, shards pickled


@dataclass(frozen=True)
class _Grid:
    """The growth grid: picture lines 0..R-1, characters -(C-1)..C-1 around the first cell
    (and one period further right, for a first cell further along the first line), as bits."""

    rows: int
    cols: int
    stride: int
    neighbours: tuple[tuple[int, ...], ...]  # by bit index, inside the grid only
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    points: tuple[Point, ...]  # the lattice's cell at each bit
    around: tuple[tuple[tuple[int, int], ...], ...]  # (line, character) of every neighbour
    lattice: str
    starts: tuple[int, ...]  # the bits a first cell may stand on, one per kind of cell

    def root(self, start: int) -> Prefix:
        """The empty prefix growing from ``start``: the cells before it in reading order are
        seen already, so never grown into."""
        return Prefix(0, 0, (start,), (1 << start) - 1 | 1 << start)


@cache
def _grid(frame: Frame, name: str = SQUARE.name) -> _Grid:
    rows, cols = frame
    lattice = LATTICES[name]
    shift = lattice.period[1]  # first cells of other kinds stand up to a period along line 0
    stride = 2 * cols - 2 + shift
    size = rows * stride
    row_of = tuple(i // stride for i in range(size))
    col_of = tuple(i % stride - (cols - 1) for i in range(size))
    points = tuple(lattice.at(r, c) for r, c in zip(row_of, col_of, strict=True))
    bit = {(r, c): i for i, (r, c) in enumerate(zip(row_of, col_of, strict=True))}
    nbrs = tuple(
        tuple(bit[spot] for n in lattice.neighbours(p) if (spot := lattice.spot(n)) in bit)
        for p in points
    )
    around = tuple(tuple(lattice.spot(n) for n in lattice.neighbours(p)) for p in points)
    starts = tuple(cols - 1 + k for k in range(shift))
    return _Grid(rows, cols, stride, nbrs, row_of, col_of, points, around, name, starts)


def check_frame(frame: Frame) -> Frame:
    """The frame as (rows, cols) with rows <= cols; ValueError when too large to index."""
    rows, cols = sorted(frame)
    if rows < 1:
        raise ValueError(f"a frame needs at least 1 row, not {rows}")
    if rows * cols > MAX_CELLS:
        raise ValueError(f"a {rows}x{cols} frame has {rows * cols} cells; at most {MAX_CELLS}")
    return rows, cols


def prefixes(frame: Frame, depth: int, lattice: str = SQUARE.name) -> list[Prefix]:
    """Every node of the growth tree with ``depth`` cells, in growth order (root by root)."""
    g = _grid(check_frame(frame), lattice)
    out: list[Prefix] = []
    roots = [g.root(s) for s in g.starts]
    if depth == 0:
        return roots

    def collect(poly: int, size: int, untried: tuple[int, ...], seen: int) -> None:
        for cell, rest in _children(g, poly, untried, seen):
            grown = poly | 1 << cell
            more = _newcomers(g, cell, seen)
            extended = rest + more
            seen_now = seen | sum(1 << n for n in more)
            if size + 1 == depth:
                out.append(Prefix(grown, size + 1, extended, seen_now))
            else:
                collect(grown, size + 1, extended, seen_now)

    for root in roots:
        collect(root.poly, 0, root.untried, root.seen)
    return out


def _children(
    g: _Grid, poly: int, untried: tuple[int, ...], seen: int
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(cell to add, cells left to try after it) for each child whose box still fits."""
    minr, minc, maxr, maxc = _box(g, poly)
    for k, cell in enumerate(untried):
        r, c = g.row_of[cell], g.col_of[cell]
        if max(maxr, r) - min(minr, r) < g.rows and max(maxc, c) - min(minc, c) < g.cols:
            yield cell, untried[k + 1 :]


def _newcomers(g: _Grid, cell: int, seen: int) -> tuple[int, ...]:
    """The neighbours of ``cell`` not seen before, in neighbour order."""
    out: list[int] = []
    for n in g.neighbours[cell]:
        if not seen >> n & 1:
            seen |= 1 << n
            out.append(n)
    return tuple(out)


def _box(g: _Grid, poly: int) -> tuple[int, int, int, int]:
    """(min row, min col, max row, max col) of the cells of ``poly`` (grid coordinates)."""
    if not poly:
        return g.rows, g.cols, -1, -g.cols
    cells = [i for i in range(poly.bit_length()) if poly >> i & 1]
    rs = [g.row_of[i] for i in cells]
    cs = [g.col_of[i] for i in cells]
    return min(rs), min(cs), max(rs), max(cs)


def shard_plan(
    frame: Frame,
    areas: tuple[int, int],
    count: int,
    holes: bool = False,
    lattice: str = SQUARE.name,
) -> list[Shard]:
    """The shards of a build: the prefixes of one depth dealt round-robin into ``count`` groups.

    As deep as allowed, so that no prefix holds much of the work, and dealt round-robin, so
    that the heavy prefixes near the first cell are spread out. Shards that got no prefix are
    dropped.
    """
    frame = check_frame(frame)
    nodes = cut(frame, areas, lattice)
    n = max(1, min(count, len(nodes)))
    return [Shard(k, frame, areas, nodes[k::n], holes, lattice) for k in range(n)]


@lru_cache(maxsize=4)  # a build asks twice: for its default shard count, then for its plan
def cut(frame: Frame, areas: tuple[int, int], lattice: str = SQUARE.name) -> tuple[Prefix, ...]:
    """The prefixes a build's shards are dealt from: those of the deepest depth allowed (at most
    ``MAX_DEPTH``, below the smallest area, and no deeper once there are ``MAX_NODES``)."""
    frame = check_frame(frame)
    depth, nodes = 0, prefixes(frame, 0, lattice)
    while len(nodes) < MAX_NODES and depth < areas[0] - 1 and depth < MAX_DEPTH:
        depth += 1
        nodes = prefixes(frame, depth, lattice)
    return tuple(nodes)


def growth_estimate(frame: Frame, areas: tuple[int, int], lattice: str = SQUARE.name) -> float:
    """About how many fixed figures of the areas the growth lists in the frame (each one a
    keeper's question): Knuth's estimate, from ``PROBES`` seeded random descents below the cut."""
    frame = check_frame(frame)
    g = _grid(frame, lattice)
    nodes = cut(frame, areas, lattice)
    if not nodes:  # the smallest area cannot fit
        return 0.0
    rng = random.Random(ESTIMATE_SEED)
    # a descent from every len/PROBES-th node of the cut: the cut's count is exact, and only
    # what lies below it is sampled
    found = sum(_descent(g, nodes[k * len(nodes) // PROBES], areas, rng) for k in range(PROBES))
    return found * len(nodes) / PROBES


def _descent(g: _Grid, p: Prefix, areas: tuple[int, int], rng: random.Random) -> float:
    """One random path down from ``p``: the sum, over its figures of the areas, of the product
    of the children counts above each (Knuth's unbiased estimate of the subtree's figures)."""
    lo, hi = areas
    poly, untried, seen, size, weight, found = p.poly, p.untried, p.seen, p.size, 1.0, 0.0
    while size < hi:
        children = list(_children(g, poly, untried, seen))
        if not children:
            break
        weight *= len(children)
        cell, rest = children[rng.randrange(len(children))]
        more = _newcomers(g, cell, seen)
        poly, untried = poly | 1 << cell, rest + more
        seen |= sum(1 << n for n in more)
        size += 1
        found += weight if size >= lo else 0.0
    return found + (1.0 if lo <= p.size <= hi else 0.0)


def grow(shard: Shard) -> Iterator[Found]:
    """Every canonical figure in the subtrees of the shard's prefixes (hole-free unless the
    shard keeps holes)."""
    g = _grid(shard.frame, shard.lattice)
    lo, hi = shard.areas
    keep = _KEEPERS.get(shard.lattice, _lattice_keeper)(g, shard.holes)
    for p in shard.prefixes:
        if lo <= p.size <= hi:
            found = keep(p.poly, *_box(g, p.poly))
            if found is not None:
                yield found
        yield from _grow(g, p, lo, hi, keep)


def _grow(
    g: _Grid,
    p: Prefix,
    lo: int,
    hi: int,
    keep: Callable[[int, int, int, int, int], Found | None],
) -> Iterator[Found]:
    """The growth below one prefix, depth first (an explicit stack; a figure may be large)."""
    rows, cols, row_of, col_of, nbrs = g.rows, g.cols, g.row_of, g.col_of, g.neighbours
    minr, minc, maxr, maxc = _box(g, p.poly)
    stack = [(p.poly, p.size, p.untried, p.seen, minr, minc, maxr, maxc)]
    while stack:
        poly, size, untried, seen, minr, minc, maxr, maxc = stack.pop()
        children = []
        for k, cell in enumerate(untried):
            r, c = row_of[cell], col_of[cell]
            r0 = minr if minr < r else r
            r1 = maxr if maxr > r else r
            c0 = minc if minc < c else c
            c1 = maxc if maxc > c else c
            if r1 - r0 >= rows or c1 - c0 >= cols:
                continue
            grown = poly | 1 << cell
            if lo <= size + 1:
                found = keep(grown, r0, c0, r1, c1)
                if found is not None:
                    yield found
            if size + 1 < hi:
                more = []
                s = seen
                for n in nbrs[cell]:
                    if not s >> n & 1:
                        s |= 1 << n
                        more.append(n)
                rest = untried[k + 1 :] + tuple(more)
                children.append((grown, size + 1, rest, s, r0, c0, r1, c1))
        stack.extend(reversed(children))  # popped in growth order: the order is deterministic


Keeper = Callable[[int, int, int, int, int], Found | None]
"""``keep(poly, minr, minc, maxr, maxc)``: the Found when the fixed figure ``poly`` (bits of
the growth grid, its box in grid lines and characters) is canonical and hole-free (or holes
are kept), else None."""


def _square_keeper(g: _Grid, holes: bool = False) -> Keeper:
    """The keeper of squares: ``_lattice_keeper``'s answers, from bit tables that make each of
    the 8 orientations a handful of lookups (the 5x6 atlas keeps 2.4 million figures)."""
    rows, cols, stride = g.rows, g.cols, g.stride
    full = [(1 << w) - 1 for w in range(cols + 1)]
    rev = [[_reverse(b, w) for b in range(1 << w)] for w in range(cols + 1)]
    spread = [sum(1 << (j * cols) for j in range(cols) if b >> j & 1) for b in range(1 << cols)]

    def keep(poly: int, minr: int, minc: int, maxr: int, maxc: int) -> Found | None:
        h, w = maxr - minr + 1, maxc - minc + 1
        off = minc + cols - 1
        mw = full[w]
        lines = [(poly >> ((minr + r) * stride + off)) & mw for r in range(h)]
        mask = _pack(lines, cols)
        sym = 1
        rw = rev[w]
        for variant in (
            [rw[x] for x in lines],
            lines[::-1],
            [rw[x] for x in reversed(lines)],
        ):
            m = _pack(variant, cols)
            if m < mask:
                return None
            sym += m == mask
        if w <= rows and h <= cols:  # the figure turned a quarter still fits as it stands
            t = 0
            for i, x in enumerate(lines):
                t |= spread[x] << i
            tl = [(t >> (j * cols)) & full[h] for j in range(w)]
            rh = rev[h]
            for variant in (
                tl,
                [rh[x] for x in tl],
                tl[::-1],
                [rh[x] for x in reversed(tl)],
            ):
                m = _pack(variant, cols)
                if m < mask:
                    return None
                sym += m == mask
        if not holes and _has_hole(lines, w):
            return None
        return Found(mask, poly.bit_count(), h, w, sym)

    return keep


def _lattice_keeper(g: _Grid, holes: bool = False) -> Keeper:
    """The keeper of any lattice: each of its turns applied to the cells, and the picture of
    each image that fits the frame made into a mask."""
    lattice = LATTICES[g.lattice]
    rows, cols, stride, points = g.rows, g.cols, g.stride, g.points
    period = lattice.period[1]

    def keep(poly: int, minr: int, minc: int, maxr: int, maxc: int) -> Found | None:
        left = minc - minc % period
        h, w = maxr - minr + 1, maxc - left + 1
        if h > rows or w > cols:  # a picture may start a character early: a period's whole
            return None
        bits = [i for i in range(poly.bit_length()) if poly >> i & 1]
        mask = sum(1 << ((i // stride - minr) * cols + g.col_of[i] - left) for i in bits)
        cells = [points[i] for i in bits]
        sym = 1
        for turn in lattice.turns[1:]:
            m = picture_mask(lattice.normalise(apply(turn, cells)), lattice, (rows, cols))
            if m is not None and m < mask:
                return None
            sym += m == mask
        if not holes and _enclosed(g, poly, minr, minc, maxr, maxc):
            return None
        return Found(mask, len(bits), h, w, sym)

    return keep


def _enclosed(g: _Grid, poly: int, minr: int, minc: int, maxr: int, maxc: int) -> bool:
    """Whether an empty cell of the figure's box (grid lines and characters) reaches no cell
    outside the box through empty cells: a hole (``Figure.holes``, on the grid's bits)."""
    empty = {
        i
        for r in range(minr, maxr + 1)
        for i in range(r * g.stride + minc + g.cols - 1, r * g.stride + maxc + g.cols)
        if not poly >> i & 1
    }
    # an empty cell with a neighbour past the box reaches the outside; the rest only through
    # those (a triangle on the top line touches the line above only when it points down)
    todo = [
        i
        for i in empty
        if any(not (minr <= r <= maxr and minc <= c <= maxc) for r, c in g.around[i])
    ]
    reached = set(todo)
    while todo:
        for n in g.neighbours[todo.pop()]:
            if n in empty and n not in reached:
                reached.add(n)
                todo.append(n)
    return len(reached) < len(empty)


_KEEPERS: dict[str, Callable[[_Grid, bool], Keeper]] = {SQUARE.name: _square_keeper}
"""Keepers written for one lattice's speed; any other lattice has ``_lattice_keeper``."""


def picture_mask(cells: frozenset[Point], lattice: Lattice, frame: Frame) -> Mask | None:
    """The mask of the picture of normalised cells (stride: the frame's columns), or None when
    the picture does not fit the frame as it stands."""
    spots = [lattice.spot(p) for p in cells]
    top = min(r for r, _ in spots)
    left = min(c for _, c in spots)
    top, left = top - top % lattice.period[0], left - left % lattice.period[1]
    rows, cols = frame
    if max(r for r, _ in spots) - top >= rows or max(c for _, c in spots) - left >= cols:
        return None
    return sum(1 << ((r - top) * cols + c - left) for r, c in spots)


def _pack(lines: list[int], cols: int) -> int:
    out = 0
    for r, x in enumerate(lines):
        out |= x << (r * cols)
    return out


def _reverse(bits: int, width: int) -> int:
    return sum(1 << (width - 1 - j) for j in range(width) if bits >> j & 1)


def _has_hole(lines: list[int], w: int) -> bool:
    """Whether an empty cell of the box cannot reach the outside (a bit-parallel flood)."""
    s = w + 1  # a spare column: a step left from column 0 lands outside the box
    h = len(lines)
    row = (1 << w) - 1
    empty = 0
    for r, x in enumerate(lines):
        empty |= (row & ~x) << (r * s)
    if not empty:
        return False
    edge = row | row << ((h - 1) * s)
    for r in range(h):
        edge |= (1 | 1 << (w - 1)) << (r * s)
    reach = empty & edge
    while True:
        more = (reach | reach << 1 | reach >> 1 | reach << s | reach >> s) & empty
        if more == reach:
            return reach != empty
        reach = more


def cells_of(mask: Mask, cols: int) -> list[tuple[int, int]]:
    """The (row, col) cells of a mask of stride ``cols``, in reading order (on squares the
    figure's cells; elsewhere its picture's lines and characters)."""
    return [divmod(i, cols) for i in range(mask.bit_length()) if mask >> i & 1]


def figure_of_mask(mask: Mask, cols: int, lattice: Lattice = SQUARE) -> Figure:
    """The figure a mask of stride ``cols`` draws on ``lattice`` (``canonical_mask``'s inverse up
    to orientation)."""
    return Figure.from_cells([lattice.at(r, c) for r, c in cells_of(mask, cols)], lattice)


def canonical_mask(
    cells: set[tuple[int, ...]], frame: Frame, lattice: Lattice = SQUARE
) -> Mask | None:
    """The canonical mask of any set of cells of ``lattice``, or None when no orientation's
    picture fits the frame."""
    frame = check_frame(frame)
    shapes = lattice.orientations(frozenset(cells))
    masks = (picture_mask(shape, lattice, frame) for shape in shapes)
    return min((m for m in masks if m is not None), default=None)
