"""The bitboard engine: exact cover by depth-first search on the lowest empty cell.

Glossary
    Mask       int; bit ``r * stride + c`` set means cell (r, c) is in the set.
    Low        the lowest set bit of a Mask, as a Mask (``m & -m``): a dict key, no index maths.
    Candidate  (need, req, bit, mask, index): a placement whose lowest cell is its Low key.
               ``used & need == req`` says the piece is free and, for a repeated shape, that
               the previous copy is already down; ``bit`` marks the piece used.
    Board      a compiled puzzle: the figure Mask and every Candidate grouped by Low.

Rows are ``stride`` bits apart with at least ``pad`` empty columns between them, so a shape
shifted past a row's end lands on an empty column instead of wrapping into the next row.
Because the search always covers the lowest empty cell, and each placement is keyed by its own
lowest cell, the inner loop is three integer operations per candidate.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from solver.errors import SearchLimit
from solver.figure import Figure
from solver.pieces import Piece, Point, Shape
from solver.puzzle import Placement, Puzzle, Solution

Mask = int
Candidate = tuple[int, int, int, Mask, int]

_CHECK_EVERY = 4096  # nodes between two looks at the clock: keeps the check off the hot path


@dataclass(frozen=True)
class Board:
    """A compiled puzzle: figure mask, candidates by lowest cell, and the piece bits."""

    puzzle: Puzzle
    stride: int
    full: Mask
    by_low: dict[Mask, list[Candidate]]
    masks: list[tuple[int, Mask]]  # index -> (piece position in puzzle, mask)
    all_used: int

    def cells(self, mask: Mask) -> frozenset[Point]:
        """Figure cells of a mask."""
        out = []
        while mask:
            low = mask & -mask
            out.append(divmod(low.bit_length() - 1, self.stride))
            mask ^= low
        return frozenset(out)

    def solution(self, indices: tuple[int, ...]) -> Solution:
        """The Solution of a tuple of candidate indices, in the puzzle's piece order."""
        placed = sorted(self.masks[i] for i in indices)
        return tuple(Placement(self.puzzle.pieces[p].name, self.cells(m)) for p, m in placed)


def figure_mask(figure: Figure, stride: int) -> Mask:
    """The Mask of a figure's cells."""
    m = 0
    for r, c in figure.cells:
        m |= 1 << (r * stride + c)
    return m


@lru_cache(maxsize=4096)
def oriented_masks(shape: Shape, stride: int) -> tuple[tuple[Mask, tuple[int, ...]], ...]:
    """Each orientation as (mask anchored at bit 0, offsets of its other cells from the anchor)."""
    from solver.pieces import orientations

    out = []
    for o in orientations(shape):
        cells = sorted(o)
        ar, ac = cells[0]
        offsets = tuple((r - ar) * stride + (c - ac) for r, c in cells[1:])
        m = 1
        for off in offsets:
            m |= 1 << off
        out.append((m, offsets))
    return tuple(out)


def placements(full: Mask, shape: Shape, stride: int) -> list[Mask]:
    """Every mask of ``shape`` inside ``full``: one shift-and per cell finds all anchors at once."""
    found = []
    for m, offsets in oriented_masks(shape, stride):
        anchors = full
        for off in offsets:
            anchors &= full >> off
        while anchors:
            low = anchors & -anchors
            found.append(m * low)
            anchors ^= low
    return found


def pad_for(pieces: tuple[Piece, ...]) -> int:
    """Empty columns needed between rows so no orientation can wrap (largest extent - 1)."""
    return max(max(max(r, c) for r, c in p.shape) for p in pieces)


def compile_puzzle(puzzle: Puzzle) -> Board:
    """Precompute every placement of every piece, grouped by its lowest cell."""
    fig = puzzle.figure
    stride = fig.width + pad_for(puzzle.pieces)
    full = figure_mask(fig, stride)
    by_low: dict[Mask, list[Candidate]] = {}
    masks: list[tuple[int, Mask]] = []
    last_copy: dict[Shape, int] = {}  # canonical shape -> bit of its latest copy
    by_shape: dict[Shape, list[Mask]] = {}
    for pos, piece in enumerate(puzzle.pieces):
        bit = 1 << pos
        key = frozenset(min(piece.orientations, key=sorted))
        req = last_copy.get(key, 0)
        last_copy[key] = bit
        if key not in by_shape:
            by_shape[key] = placements(full, piece.shape, stride)
        for m in by_shape[key]:
            by_low.setdefault(m & -m, []).append((bit | req, req, bit, m, len(masks)))
            masks.append((pos, m))
    return Board(puzzle, stride, full, by_low, masks, (1 << len(puzzle.pieces)) - 1)


class _Limits:
    """Node and time budget of one search; ``tick`` raises SearchLimit when one runs out."""

    def __init__(self, timeout: float | None, max_nodes: int | None) -> None:
        self.deadline = time.monotonic() + timeout if timeout is not None else None
        self.max_nodes = max_nodes
        self.nodes = 0

    def tick(self, nodes: int) -> None:
        self.nodes = nodes
        if self.max_nodes is not None and nodes >= self.max_nodes:
            raise SearchLimit("node limit", nodes)
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchLimit("time limit", nodes)


def iter_solutions(
    board: Board, *, timeout: float | None = None, max_nodes: int | None = None
) -> Iterator[Solution]:
    """Every tiling, lazily: ``next()`` solves, ``islice(..., 2)`` checks uniqueness."""
    by_low = board.by_low
    goal = board.all_used
    limits = _Limits(timeout, max_nodes)
    empty: list[Candidate] = []
    stack: list[int] = []
    nodes = 0

    def rec(rem: Mask, used: int) -> Iterator[tuple[int, ...]]:
        nonlocal nodes
        nodes += 1
        if nodes % _CHECK_EVERY == 0:
            limits.tick(nodes)
        for need, req, bit, m, idx in by_low.get(rem & -rem, empty):
            if used & need == req and m & rem == m:
                stack.append(idx)
                if m == rem:
                    if used | bit == goal:
                        yield tuple(stack)
                else:
                    yield from rec(rem ^ m, used | bit)
                stack.pop()

    if board.full:
        for indices in rec(board.full, 0):
            yield board.solution(indices)


def count_solutions(
    board: Board,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> int:
    """Number of tilings, stopping early once ``limit`` are found."""
    by_low = board.by_low
    goal = board.all_used
    limits = _Limits(timeout, max_nodes)
    empty: list[Candidate] = []
    cap = limit if limit is not None else -1
    found = 0
    nodes = 0

    def rec(rem: Mask, used: int) -> bool:
        """Count tilings below this node; True means the limit was reached."""
        nonlocal found, nodes
        nodes += 1
        if nodes % _CHECK_EVERY == 0:
            limits.tick(nodes)
        for need, req, bit, m, _ in by_low.get(rem & -rem, empty):
            if used & need == req and m & rem == m:
                if m == rem:
                    if used | bit == goal:
                        found += 1
                        if found == cap:
                            return True
                elif rec(rem ^ m, used | bit):
                    return True
        return False

    if board.full and cap != 0:
        rec(board.full, 0)
    return found


def count_memo(board: Board, *, timeout: float | None = None) -> int:
    """Number of tilings, memoised on (empty cells, pieces used): for large puzzles only."""
    by_low = board.by_low
    goal = board.all_used
    shift = len(board.puzzle.pieces)
    limits = _Limits(timeout, None)
    empty: list[Candidate] = []
    memo: dict[int, int] = {}
    nodes = 0

    def rec(rem: Mask, used: int) -> int:
        nonlocal nodes
        key = rem << shift | used
        hit = memo.get(key)
        if hit is not None:
            return hit
        nodes += 1
        if nodes % _CHECK_EVERY == 0:
            limits.tick(nodes)
        total = 0
        for need, req, bit, m, _ in by_low.get(rem & -rem, empty):
            if used & need == req and m & rem == m:
                if m == rem:
                    total += used | bit == goal
                else:
                    total += rec(rem ^ m, used | bit)
        memo[key] = total
        return total

    return rec(board.full, 0) if board.full else 0
