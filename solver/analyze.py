"""Analyse a figure: every combination of ``size`` distinct pieces that tiles it, with counts.

One depth-first search over the whole piece pool instead of one search per combination: the
search shares every partial cover between the combinations that extend it, and an area test
(can the cells still empty be filled by exactly the number of pieces still to place?) cuts a
branch as soon as no combination of the right size can finish it.

The search runs in C when the compiled core is in use (``solver._core.analyze``: pools of at
most 16 pieces, figures that fit its masks), else in Python; both give the same counts
(tests/test_core.py). What a pool needs (areas, area table, twins, orientations per Frame)
is worked out once per piece set, so a caller analysing many figures pays for it once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from math import factorial
from typing import TYPE_CHECKING

from ubongo.solver import core as native
from ubongo.solver.bitboard import Candidate, Frame, _oriented, figure_mask, frame_for, placements
from ubongo.solver.bits import Mask, bit_index, lsb, popcount, scan_forward
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import Lattice
from ubongo.solver.limits import CHECK_EVERY, Limits
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, Shape

if TYPE_CHECKING:  # a type name only (solver.core defines it for type checkers)
    from ubongo.solver.core import Core


@dataclass(frozen=True)
class ComboCount:
    """A combination of pieces that tiles the figure and its number of tilings."""

    pieces: tuple[str, ...]
    tilings: int


def fitting_sizes(figure: Figure, pieces: PieceSet = STANDARD) -> tuple[int, ...]:
    """Every number of distinct pieces whose areas can add up to the figure's area."""
    pool = _pool(tuple(p.shape for p in pieces.values()), pieces.lattice)
    return tuple(k for k in range(1, len(pool.areas) + 1) if pool.fits(figure.area, k))


@cache  # one table per piece set, shared by every figure analysed with it
def _area_table(areas: tuple[int, ...]) -> Callable[[int, int], int]:
    """``reach(free, k)``: a bit mask of the totals k distinct pieces among ``free`` can make."""

    @cache
    def reach(free: int, k: int) -> int:
        if k == 0:
            return 1
        out = 0
        for low in scan_forward(free):
            # Choose pieces in increasing index so each set is built once: only the pieces
            # above this one stay free (-(low << 1) keeps the bits from low << 1 up).
            out |= reach(free & -(low << 1), k - 1) << areas[bit_index(low)]
        return out

    return reach


def analyze(
    figure: Figure,
    size: int,
    pieces: PieceSet = STANDARD,
    *,
    max_tilings: int | None = None,
    timeout: float | None = None,
    required: Iterable[str] = (),
) -> list[ComboCount]:
    """Every combination of ``size`` distinct pieces that tiles ``figure``, in piece-set order.

    ``required`` names (or codes) pieces every combination must hold: a branch ends as soon as
    fewer pieces are left to place than required pieces are missing. ``max_tilings`` stops
    counting a combination's tilings there (its count is then a lower bound).
    """
    plist = list(pieces.values())
    need = sum(1 << plist.index(p) for p in set(pieces.resolve(required, distinct=False)))
    pool = _pool(tuple(p.shape for p in plist), pieces.lattice)
    if max_tilings is not None and max_tilings < 1:
        return []  # no tiling may be counted, so no combination is kept
    if need.bit_count() > size or not pool.fits(figure.area, size):
        return []  # before listing placements: a figure no `size` pieces cover may be huge
    limits = Limits(timeout)
    frame = frame_for(figure, pool.shapes, pieces.lattice, reorder=False)
    full = figure_mask(figure, frame)
    core = native.CORE
    oriented = pool.oriented(frame, core) if core is not None else None
    if core is not None and oriented is not None and full.bit_length() <= core.BITS:
        tick = None if timeout is None else limits.tick
        limits.tick(0)  # a budget already spent says so, as the Python search does
        # past 2^32 tilings a cap is never met (and cap * namings must not overflow in C)
        cap = -1 if max_tilings is None or max_tilings >= 1 << 32 else max_tilings
        areas = pool.area_table(core)
        found = core.analyze(full, oriented, areas, size, need, cap, pool.twins, tick, CHECK_EVERY)
    else:
        found = _search(full, size, plist, frame, pool, need, max_tilings, limits)
    names = [p.name for p in plist]
    return [ComboCount(tuple(map(names.__getitem__, combo)), n) for combo, n in found]


class _Pool:
    """What analyze needs of a pool of pieces, worked out once per piece set (``_pool``)."""

    def __init__(self, shapes: tuple[Shape, ...], lattice: Lattice) -> None:
        self.shapes = shapes
        self.areas = tuple(len(s) for s in shapes)
        self.reach = _area_table(self.areas)
        self.all_free = (1 << len(shapes)) - 1
        groups: dict[tuple[Point, ...], int] = {}
        for i, shape in enumerate(shapes):
            key = lattice.canonical(shape)
            groups[key] = groups.get(key, 0) | 1 << i
        self.twins = tuple(g for g in groups.values() if g & (g - 1))
        self._oriented: dict[Frame, tuple[tuple[Mask, ...], ...] | None] = {}
        self._area_table: object = None

    def fits(self, area: int, size: int) -> bool:
        """Whether ``size`` distinct pieces of the pool can add up to ``area`` cells."""
        return 0 < size <= len(self.areas) and bool(self.reach(self.all_free, size) >> area & 1)

    def namings(self, used: int) -> int:
        """How often the search meets one tiling of the pieces in ``used``.

        Same-shaped pieces are interchangeable, so a tiling is found once per way of naming
        them: the product of the factorials of each shape's number of copies in ``used``.
        """
        out = 1
        for g in self.twins:
            out *= factorial(popcount(used & g))
        return out

    def oriented(self, frame: Frame, core: Core) -> tuple[tuple[Mask, ...], ...] | None:
        """Each piece's orientations in ``frame`` for the compiled core, None if it can't
        hold them (too many pieces, or masks wider than its masks)."""
        if frame not in self._oriented:
            out = tuple(_oriented(s, frame) for s in self.shapes)
            fits = len(out) <= core.MAX_POOL and all(
                m.bit_length() <= core.BITS for oms in out for m in oms
            )
            self._oriented[frame] = out if fits else None
        return self._oriented[frame]

    def area_table(self, core: Core) -> object:
        """The compiled core's area table of this pool (built on first use)."""
        if self._area_table is None:
            self._area_table = core.area_table(self.areas)
        return self._area_table


@lru_cache(maxsize=64)  # keyed by shapes, not the PieceSet: a set is a mapping, not hashable
def _pool(shapes: tuple[Shape, ...], lattice: Lattice) -> _Pool:
    """The pool of these shapes, built once: the atlas analyses millions of figures with one."""
    return _Pool(shapes, lattice)


def _search(
    full: Mask,
    size: int,
    plist: list[Piece],
    frame: Frame,
    pool: _Pool,
    need: int,
    cap: int | None,
    limits: Limits,
) -> list[tuple[tuple[int, ...], int]]:
    """The pure-Python search: (piece indices, tilings) of each combination that tiles
    ``full``, at most ``cap`` tilings each, in ``itertools.combinations`` order."""
    by_low: dict[Mask, list[Candidate]] = {}
    for i, p in enumerate(plist):
        limits.tick(0)
        for m in placements(full, p.shape, frame):
            by_low.setdefault(lsb(m), []).append((1 << i, 0, 1 << i, m, i))
    reach, all_free, namings = pool.reach, pool.all_free, pool.namings
    counts: dict[int, int] = {}
    empty: list[Candidate] = []
    nodes = 0

    def rec(rem: Mask, used: int, left: int) -> None:
        nonlocal nodes
        nodes += 1
        if nodes % CHECK_EVERY == 0:
            limits.tick(nodes)
        # rem & -rem and bit_count() inline, not lsb() and popcount(): the hot loop, as in
        # bitboard._first_small (where the call measured 1-5% of a whole search)
        for _, _, bit, m, _ in by_low.get(rem & -rem, empty):
            if not used & bit and m & rem == m:
                rest = rem ^ m
                missing = need & ~(used | bit)
                if not rest:
                    if left == 1 and not missing:
                        key = used | bit
                        n = counts.get(key, 0)
                        if cap is None or n < cap * namings(key):
                            counts[key] = n + 1
                elif (
                    left > 1
                    and missing.bit_count() < left
                    and reach(all_free & ~(used | bit), left - 1) >> rest.bit_count() & 1
                ):
                    rec(rest, used | bit, left - 1)

    rec(full, 0, size)
    combos = sorted((_indices(used), n // namings(used)) for used, n in counts.items())
    return combos


def _indices(used: int) -> tuple[int, ...]:
    """The piece indices of a used-set, lowest first."""
    return tuple(i for i in range(used.bit_length()) if used >> i & 1)
