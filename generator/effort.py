"""Search effort of a combination: how many dead ends a player meets, as a solver measures it.

Glossary
    Nodes      calls of an exhaustive search for every tiling that branches on the most
               constrained empty cell (the one the fewest placements of free pieces cover; a
               cell none covers ends the branch at once).
    Dead-end ratio  a combination's nodes over the mean nodes of the combinations of the same
               figure with the same tiling count: 1 for a neutral (random) choice, below 1 when
               the designer chose combinations with fewer dead ends. calibration.md measures
               0.83 on the published hard sides.

Tiling counts and this ratio are independent by construction: the ratio compares combinations
with equal counts only, so a profile can target each on its own. The search uses the solver's
placements (``solver.bitboard.placements``), masks as everywhere in ``solver``; the compiled core
runs the same search (``core.effort``) when it is built and the figure fits its boards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ubongo.solver import core as native
from ubongo.solver.bitboard import figure_mask, frame_for, placements
from ubongo.solver.bits import Mask
from ubongo.solver.figure import Figure
from ubongo.solver.limits import CHECK_EVERY, Limits
from ubongo.solver.pieces import Piece, PieceSet

Combo = tuple[str, ...]


Clock = list[Any]
"""[nodes until the next look at the limits, Limits, nodes searched before] (as in bitboard)."""


def _search(rem: Mask, free: int, moves: list[tuple[int, Mask]], clock: Clock) -> tuple[int, int]:
    """(nodes, tilings) at and below a node: ``rem`` cells left, ``free`` pieces left (bits).

    ``moves`` holds at least every placement that still fits (the parent's fitting ones).
    """
    clock[0] -= 1
    if not clock[0]:
        clock[0] = CHECK_EVERY
        clock[2] += CHECK_EVERY
        clock[1].tick(clock[2])
    fits = [(b, m) for b, m in moves if b & free and m & rem == m]
    cover: dict[Mask, int] = {}
    for _, m in fits:
        while m:
            low = m & -m
            cover[low] = cover.get(low, 0) + 1
            m ^= low
    x = rem
    cell = rem & -rem
    least = len(fits) + 1
    while x:  # a cell no placement covers is a dead end at once
        low = x & -x
        n = cover.get(low, 0)
        if n < least:
            cell, least = low, n
        x ^= low
    count, found = 1, 0
    for b, m in fits:
        if m & cell:
            if m == rem:
                found += free == b
            else:
                n, t = _search(rem ^ m, free ^ b, fits, clock)
                count += n
                found += t
    return count, found


def search(
    figure: Figure, pieces: Sequence[Piece], timeout: float | None = None
) -> tuple[int, int]:
    """(nodes, tilings) of the most-constrained-cell search for every tiling of ``figure``.

    Raises TimeLimit past ``timeout`` seconds.
    """
    shapes = tuple(p.shape for p in pieces)
    frame = frame_for(
        figure, shapes, pieces[0].lattice if pieces else figure.lattice, reorder=False
    )
    full = figure_mask(figure, frame)
    moves = [(1 << i, m) for i, p in enumerate(pieces) for m in placements(full, p.shape, frame)]
    free = (1 << len(pieces)) - 1
    core = native.CORE
    if core is not None and full.bit_length() <= core.BITS and len(pieces) <= core.MAX_PIECES:
        tick = None if timeout is None else Limits(timeout).tick
        return core.effort(full, moves, free, tick, CHECK_EVERY)  # the same search, in C
    return _search(full, free, moves, [CHECK_EVERY, Limits(timeout), 0])


def nodes(figure: Figure, pieces: Sequence[Piece], timeout: float | None = None) -> int:
    """Nodes of the most-constrained-cell search for every tiling of ``figure`` by ``pieces``."""
    return search(figure, pieces, timeout)[0]


def dead_ends(
    figure: Figure,
    combos: Sequence[tuple[Combo, int]],
    pieces: PieceSet,
    timeout: Callable[[], float | None] | None = None,
) -> dict[Combo, float]:
    """Each combination's nodes over the mean nodes of the figure's combinations with the same
    tiling count (a neutral choice): below 1, fewer dead ends than a random pick."""
    left = timeout or (lambda: None)  # seconds left of a whole run, asked before each search
    found = {c: nodes(figure, [pieces[p] for p in c], left()) for c, _ in combos}
    same: dict[int, list[int]] = {}
    for c, n in combos:
        same.setdefault(n, []).append(found[c])
    return {c: found[c] * len(same[n]) / sum(same[n]) for c, n in combos}
