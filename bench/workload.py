"""Deterministic solver workload for ``bench/bench_solver.py``: the same puzzles for a seed.

Every puzzle is built from its answer: distinct random pieces of the standard set, each in a
random orientation, each put edge to edge against the pieces already down (no overlap), the
union kept inside a 6x8 box (a whole attempt is drawn again when it does not fit). So every
puzzle is solvable by construction, and the construction is one of its tilings.

    >>> from bench.workload import make_workload
    >>> w = make_workload(seed=1, easy=2, hard=2, figures=1)
    >>> [len(p.puzzle.pieces) for p in w.puzzles]
    [3, 3, 4, 4]

Nothing here reads the clock or global random state: ``random.Random(seed)`` drives it all.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from ubongo.cli._common import load_set
from ubongo.solver.figure import Figure, parse_figure
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, Shape
from ubongo.solver.puzzle import Placement, Puzzle, Solution

BOX = (6, 8)  # rows, columns: the union of the pieces must fit in this box
LARGE_BOX = (8, 9)  # for 7 to 12 pieces, each placed inside it: compact figures, as people pose
LARGE_SIZES = range(7, 13)
MAX_TRIES = 10_000  # attempts per item before giving up (never reached with the standard set)

PENTOMINO_TILINGS_6X10 = 9356  # 2339 up to symmetry, times the rectangle's 4 symmetries


@dataclass(frozen=True)
class Item:
    """A puzzle and the tiling it was built from."""

    puzzle: Puzzle
    built: Solution


@dataclass(frozen=True)
class Workload:
    """Easy (3-piece) puzzles, then hard (4-piece) ones, and figures to analyse."""

    seed: int
    puzzles: tuple[Item, ...]
    figures: tuple[Figure, ...]

    @property
    def easy(self) -> tuple[Item, ...]:
        """The 3-piece puzzles."""
        return tuple(i for i in self.puzzles if len(i.puzzle.pieces) == 3)

    @property
    def hard(self) -> tuple[Item, ...]:
        """The 4-piece puzzles."""
        return tuple(i for i in self.puzzles if len(i.puzzle.pieces) == 4)


def _neighbours(cells: set[Point]) -> set[Point]:
    """Empty cells that share an edge with ``cells``."""
    out: set[Point] = set()
    for r, c in cells:
        out.update(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
    return out - cells


def _fits(cells: set[Point], box: tuple[int, int]) -> bool:
    rows = 1 + max(r for r, _ in cells) - min(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells) - min(c for _, c in cells)
    return rows <= box[0] and cols <= box[1]


def _attempt(
    pieces: list[Piece], rng: random.Random, box: tuple[int, int], confine: bool = False
) -> list[frozenset[Point]] | None:
    """Place the pieces one by one edge to edge; None when the union leaves the box (with
    ``confine``, each piece goes only where the union stays inside it)."""
    union: set[Point] = set()
    placed: list[frozenset[Point]] = []
    for piece in pieces:
        shape: Shape = rng.choice(piece.orientations)
        if not union:
            cells = frozenset(shape)
        else:
            # Every translation of this orientation that touches the union without overlap;
            # sorted so the choice depends on the seed only, not on set iteration order.
            border = _neighbours(union)
            options = sorted(
                {
                    (br - r, bc - c)
                    for br, bc in border
                    for r, c in shape
                    if not any((r2 + br - r, c2 + bc - c) in union for r2, c2 in shape)
                }
            )
            if confine:
                options = [
                    (dr, dc)
                    for dr, dc in options
                    if _fits(union | {(r + dr, c + dc) for r, c in shape}, box)
                ]
                if not options:
                    return None
            dr, dc = rng.choice(options)
            cells = frozenset((r + dr, c + dc) for r, c in shape)
        union |= cells
        placed.append(cells)
    return placed if _fits(union, box) else None


def random_tiling(
    size: int,
    rng: random.Random,
    pieces: PieceSet = STANDARD,
    box: tuple[int, int] = BOX,
    confine: bool = False,
) -> tuple[Figure, Solution]:
    """A figure made of ``size`` distinct random pieces within ``box`` (with ``confine``, each
    piece placed inside it), and the tiling that made it."""
    pool = list(pieces.values())
    for _ in range(MAX_TRIES):
        chosen = rng.sample(pool, size)
        placed = _attempt(chosen, rng, box, confine)
        if placed is None:
            continue
        figure = Figure.from_cells(c for cells in placed for c in cells)
        r0 = min(r for cells in placed for r, _ in cells)
        c0 = min(c for cells in placed for _, c in cells)
        built = tuple(
            Placement(p.name, frozenset((r - r0, c - c0) for r, c in cells))
            for p, cells in zip(chosen, placed, strict=True)
        )
        return figure, built
    raise RuntimeError(f"no {size}-piece figure fits in {box[0]}x{box[1]} after {MAX_TRIES} tries")


def random_puzzle(
    size: int,
    rng: random.Random,
    pieces: PieceSet = STANDARD,
    box: tuple[int, int] = BOX,
    confine: bool = False,
) -> Item:
    """A solvable puzzle of ``size`` distinct pieces within ``box``, with its built tiling."""
    figure, built = random_tiling(size, rng, pieces, box, confine)
    return Item(Puzzle(figure, tuple(pieces[pl.piece] for pl in built)), built)


def make_workload(seed: int = 0, easy: int = 300, hard: int = 300, figures: int = 40) -> Workload:
    """``easy`` 3-piece and ``hard`` 4-piece puzzles and ``figures`` 4-piece unions to analyse.

    Each part has its own stream (seeded from ``seed`` and the part's name), so a smoke run's
    first puzzles are the full run's first puzzles.
    """
    r_easy = random.Random(f"ubongo-bench:{seed}:easy")
    r_hard = random.Random(f"ubongo-bench:{seed}:hard")
    r_fig = random.Random(f"ubongo-bench:{seed}:figures")
    items = [random_puzzle(3, r_easy) for _ in range(easy)]
    items += [random_puzzle(4, r_hard) for _ in range(hard)]
    figs = [random_tiling(4, r_fig)[0] for _ in range(figures)]
    return Workload(seed, tuple(items), tuple(figs))


def large_puzzles(n: int, seed: int = 0) -> tuple[Item, ...]:
    """``n`` solvable puzzles of 7 to 12 distinct standard pieces in turn, each piece placed
    within LARGE_BOX: the auto engine's territory past Ubongo's sizes (a stream of their own,
    like each part of make_workload's)."""
    rng = random.Random(f"ubongo-bench:{seed}:large")
    sizes = list(LARGE_SIZES)
    return tuple(
        random_puzzle(sizes[i % len(sizes)], rng, box=LARGE_BOX, confine=True) for i in range(n)
    )


# The same set as examples/pentominoes.json, so the bench and the docs measure one thing.
PENTOMINOES = load_set(
    str(Path(__file__).resolve().parents[1] / "examples" / "pentominoes.json")
).pieces
"""The 12 pentominoes, named (and coded) by their usual letters."""


def pentomino_puzzle(rows: int = 6, cols: int = 10) -> Puzzle:
    """The 12 pentominoes in a ``rows`` x ``cols`` rectangle (6x10 has 9356 tilings)."""
    return Puzzle(parse_figure(["#" * cols] * rows), tuple(PENTOMINOES.values()))
