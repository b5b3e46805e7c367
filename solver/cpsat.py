"""The CP-SAT engine: the same puzzles as a 0/1 model, for large cases and as a test oracle.

One Boolean per placement of each distinct shape; every figure cell covered exactly once; each
shape placed as many times as it has copies. Copies of a shape share their Booleans, so two
copies never make the same tiling count twice. OR-Tools is imported by this module only, and
this module only by the code paths that run CP-SAT.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from ortools.sat.python import cp_model

from ubongo.solver.cells import Point, Shape
from ubongo.solver.errors import PuzzleTooLarge, TimeLimit
from ubongo.solver.limits import Limits
from ubongo.solver.puzzle import Placement, Puzzle, Solution

MAX_CELLS = 400  # beyond this the model build alone takes seconds


@dataclass(frozen=True)
class Model:
    """The CP-SAT model and, per Boolean, the shape group and cells it stands for."""

    model: cp_model.CpModel
    choices: list[tuple[cp_model.IntVar, int, frozenset[Point]]]
    groups: list[list[str]]  # group index -> names of the pieces of that shape


def inside(figure: frozenset[Point], orientations: tuple[Shape, ...]) -> list[frozenset[Point]]:
    """Every translation of every orientation that lies inside the figure (shifts in reading
    order, the slowest coordinate first)."""
    lows, highs = extent_bounds(figure)
    out: list[frozenset[Point]] = []
    for o in orientations:
        bottoms, tops = extent_bounds(o)  # a triangle's kind starts at 1 in both
        spans = [
            range(lo - bottom, hi - top + 1)
            for lo, hi, bottom, top in zip(lows, highs, bottoms, tops, strict=True)
        ]
        for shift in product(*spans):
            cells = frozenset(tuple(v + d for v, d in zip(p, shift, strict=True)) for p in o)
            if cells <= figure:
                out.append(cells)
    return list(dict.fromkeys(out))  # a triangle up and one down: two orientations, one cell


def extent_bounds(cells: frozenset[Point]) -> tuple[list[int], list[int]]:
    """The least and the greatest value of each coordinate."""
    axes = list(zip(*cells, strict=True))
    return [min(a) for a in axes], [max(a) for a in axes]


def build_model(puzzle: Puzzle) -> Model:
    """The exact-cover model of a puzzle."""
    if puzzle.figure.area > MAX_CELLS:
        raise PuzzleTooLarge(puzzle.figure.area, MAX_CELLS, "CP-SAT")
    model = cp_model.CpModel()
    keys: dict[tuple[Point, ...], int] = {}
    groups: list[list[str]] = []
    shapes: list[tuple[Shape, ...]] = []
    for p in puzzle.pieces:
        g = keys.setdefault(p.key, len(groups))
        if g == len(groups):
            groups.append([])
            shapes.append(p.orientations)
        groups[g].append(p.name)
    by_cell: dict[Point, list[cp_model.IntVar]] = {c: [] for c in puzzle.figure.cells}
    choices: list[tuple[cp_model.IntVar, int, frozenset[Point]]] = []
    for g, orients in enumerate(shapes):
        group_vars = []
        for cells in inside(puzzle.figure.cells, orients):
            v = model.new_bool_var(f"g{g}_{len(choices)}")
            group_vars.append(v)
            choices.append((v, g, cells))
            for c in cells:
                by_cell[c].append(v)
        model.add(sum(group_vars) == len(groups[g]))
    for vs in by_cell.values():
        model.add_exactly_one(vs)
    return Model(model, choices, groups)


def _solution(m: Model, chosen: list[tuple[int, frozenset[Point]]]) -> Solution:
    """Name the chosen placements: copies of a shape in order of their top-left cell."""
    out = []
    for g, names in enumerate(m.groups):
        cells = sorted((min(c), c) for gg, c in chosen if gg == g)
        out += [Placement(n, c) for n, (_, c) in zip(names, cells, strict=True)]
    return tuple(out)


def _solver(timeout: float | None) -> cp_model.CpSolver:
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1  # deterministic, and the machine's other core stays free
    # OR-Tools' own Ctrl-C handler stops the search as if time ran out, and leaves the default
    # action (death without a word) in place of Python's handler: Ctrl-C is left to _solve
    s.parameters.catch_sigint_signal = False
    if timeout is not None:
        s.parameters.max_time_in_seconds = timeout
    return s


class _Collect(cp_model.CpSolverSolutionCallback):
    """Keep every solution found, stopping the search at ``limit``."""

    def __init__(self, m: Model, limit: int | None) -> None:
        super().__init__()
        self.m = m
        self.limit = limit
        self.found: list[Solution] = []

    def on_solution_callback(self) -> None:
        chosen = [(g, cells) for v, g, cells in self.m.choices if self.boolean_value(v)]
        self.found.append(_solution(self.m, chosen))
        if self.limit is not None and len(self.found) >= self.limit:
            self.stop_search()


def _solve(solver: cp_model.CpSolver, model: cp_model.CpModel, collect: _Collect) -> Any:
    """``solver.solve`` in a thread of its own, so that Ctrl-C reaches the caller's: a Python
    signal handler runs between bytecodes of the main thread, never inside the C++ search. On
    KeyboardInterrupt the search is stopped and the interrupt raised: never told as a time
    limit, never a result."""
    outcome: list[Any] = []
    done = threading.Event()  # not Thread.join: Python 3.11 takes a join cut short by Ctrl-C
    # for the thread's end, and the interpreter would then exit under a running search (abort)

    def search() -> None:
        # the search's threads never take Ctrl-C: the OS hands a process's signal to any
        # thread that accepts it, and the handler's work belongs to the main thread
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            outcome.append(solver.solve(model, collect))
        except BaseException as error:  # handed to the caller's thread, raised there
            outcome.append(error)
        finally:
            done.set()

    threading.Thread(target=search, name="cp-sat search", daemon=True).start()
    try:
        done.wait()
    except BaseException:
        solver.stop_search()
        done.wait()
        raise
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def all_solutions(
    puzzle: Puzzle, *, timeout: float | None = None, limit: int | None = None
) -> list[Solution]:
    """Every tiling (at most ``limit``); TimeLimit if time ran out before the answer was sure.

    Building the model counts against ``timeout``: the solver gets what is left of it.
    """
    limits = Limits(timeout)
    m = build_model(puzzle)
    collect = _Collect(m, limit)
    limits.tick(0)
    solver = _solver(limits.left())
    solver.parameters.enumerate_all_solutions = True
    status = _solve(solver, m.model, collect)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    reached = limit is not None and len(collect.found) >= limit
    if not complete and not reached:
        raise TimeLimit(timeout, int(solver.num_branches))
    return collect.found


def iter_solutions(
    puzzle: Puzzle, *, timeout: float | None = None, limit: int | None = None
) -> Iterator[Solution]:
    """The tilings of :func:`all_solutions`, as an iterator like the bitboard engine's."""
    yield from all_solutions(puzzle, timeout=timeout, limit=limit)


def count_solutions(
    puzzle: Puzzle, *, limit: int | None = None, timeout: float | None = None
) -> int:
    """Number of tilings, stopping at ``limit``."""
    return len(all_solutions(puzzle, timeout=timeout, limit=limit))
