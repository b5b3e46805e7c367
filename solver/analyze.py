"""Analyse a figure: every combination of ``size`` distinct pieces that tiles it, with counts.

One depth-first search over the whole piece pool instead of one search per combination: the
search shares every partial cover between the combinations that extend it, and an area test
(can the cells still empty be filled by exactly the number of pieces still to place?) cuts a
branch as soon as no combination of the right size can finish it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from math import factorial

from solver.bitboard import Candidate, figure_mask, placements
from solver.bits import Mask, bit_index, lsb, popcount, scan_forward
from solver.figure import Figure
from solver.limits import CHECK_EVERY, Limits
from solver.pieces import STANDARD, Piece, PieceSet, Point


@dataclass(frozen=True)
class ComboCount:
    """A combination of pieces that tiles the figure and its number of tilings."""

    pieces: tuple[str, ...]
    tilings: int


def fitting_sizes(figure: Figure, pieces: PieceSet = STANDARD) -> tuple[int, ...]:
    """Every number of distinct pieces whose areas can add up to the figure's area."""
    totals = [1] + [0] * len(pieces)  # totals[k]: bit t set <=> k pieces can cover t cells
    for p in pieces.values():
        for k in range(len(pieces), 0, -1):
            totals[k] |= totals[k - 1] << p.area
    return tuple(k for k in range(1, len(pieces) + 1) if totals[k] >> figure.area & 1)


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
    max_solutions: int | None = None,
    timeout: float | None = None,
    required: Iterable[str] = (),
) -> list[ComboCount]:
    """Every combination of ``size`` distinct pieces that tiles ``figure``, in piece-set order.

    ``required`` names (or codes) pieces every combination must hold: a branch ends as soon as
    fewer pieces are left to place than required pieces are missing.
    """
    plist = list(pieces.values())
    need = sum(1 << plist.index(p) for p in set(pieces.resolve(required, distinct=False)))
    if size not in fitting_sizes(figure, pieces):
        return []  # before listing placements: a figure no `size` pieces cover may be huge
    limits = Limits(timeout)
    stride = figure.width + max((max(max(r, c) for r, c in p.shape) for p in plist), default=0)
    full = figure_mask(figure, stride)
    by_low: dict[Mask, list[Candidate]] = {}
    for i, p in enumerate(plist):
        limits.tick(0)
        for m in placements(full, p.shape, stride):
            by_low.setdefault(lsb(m), []).append((1 << i, 0, 1 << i, m, i))
    reach = _area_table(tuple(p.area for p in plist))
    all_free = (1 << len(plist)) - 1
    counts: dict[int, int] = {}
    namings = _namings(plist)
    cap = max_solutions
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

    if need.bit_count() <= size and reach(all_free, size) >> figure.area & 1:
        rec(full, 0, size)
    return [
        ComboCount(tuple(p.name for i, p in enumerate(plist) if used >> i & 1), n // namings(used))
        for used, n in sorted(counts.items(), key=lambda kv: _order_key(kv[0]))
    ]


def _namings(plist: list[Piece]) -> Callable[[int], int]:
    """``namings(used)``: how often the search meets one tiling of the pieces in ``used``.

    Same-shaped pieces are interchangeable, so a tiling is found once per way of naming them:
    the product of the factorials of each shape's number of copies in the combination.
    """
    groups: dict[tuple[Point, ...], int] = {}
    for i, p in enumerate(plist):
        groups[p.key] = groups.get(p.key, 0) | 1 << i
    twins = [g for g in groups.values() if g & (g - 1)]

    def namings(used: int) -> int:
        out = 1
        for g in twins:
            out *= factorial(popcount(used & g))
        return out

    return namings


def _order_key(used: int) -> list[int]:
    """Sort combinations by their piece indices, like itertools.combinations does."""
    return [i for i in range(used.bit_length()) if used >> i & 1]
