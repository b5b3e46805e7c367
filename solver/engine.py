"""One interface over both engines: solve, iterate, count and check, with limits.

Engine choice (``engine="auto"``):
    * Ubongo-sized puzzles (at most ``SMALL_PIECES`` pieces) always use the bitboard engine:
      their search trees hold a few hundred nodes, where CP-SAT's model build alone costs 1000x.
    * Larger puzzles start on the bitboard engine with a budget of ``AUTO_NODE_BUDGET`` nodes;
      a search that passes it moves to CP-SAT, whose clause learning proves large dead ends
      that depth-first search would wander through. One tiling is searched by the compiled
      core when it takes the puzzle (44-60x the Python search's speed on the pentomino
      boards, 2026-11-25), more by the Python search, which can be set aside and resumed.
    * Counting every tiling of a large puzzle stays on the bitboard engine: a symmetric figure
      an orbit of one piece's placements at a time (solver.symmetry), and each rest (or an
      asymmetric figure) by the compiled core's plain search when the puzzle fits it, else by
      the Python search memoised on (empty cells, pieces used) in a bounded table. The 12
      pentominoes in 6x10: 9356 tilings in 0.26 s by orbits, 2.4 s by the plain C search;
      CP-SAT enumerated 7779 in 300 s.
    * ``check`` with a count searches once, small puzzle or large: the count keeps the first
      tiling it meets. For a small puzzle or an asymmetric figure that is the one a search
      for a first tiling finds; by orbits, the first met in the first orbit that has one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import islice
from typing import Any, Literal

from ubongo.solver import bitboard
from ubongo.solver.errors import NodeLimit, PuzzleTooLarge, TimeLimit
from ubongo.solver.figure import Picture
from ubongo.solver.limits import AUTO_NODE_BUDGET, CHECK_EVERY, SMALL_PIECES, Limits
from ubongo.solver.pieces import Shape
from ubongo.solver.puzzle import Puzzle, Solution
from ubongo.solver.triage import area_reason, fit_reason, triage

Engine = Literal["auto", "bitboard", "cpsat"]
ENGINES: tuple[Engine, ...] = ("auto", "bitboard", "cpsat")

CPSAT_SHARE = 0.5
"""CP-SAT's turn in ``auto`` against bitboard's time so far: staying costs at most about half."""
CPSAT_SLICE = 1.0
"""The shortest turn CP-SAT gets in ``auto`` (its model alone takes a good part of a second)."""
MAX_BITBOARD_CELLS = 2048  # masks beyond this grow slow; a figure this big is not a puzzle
COMPILED_KEPT = 256  # compiled puzzles remembered, most recent first; a large one holds a table


@dataclass(frozen=True)
class Verdict:
    """Whether a puzzle is solvable, one tiling, the count when asked, and why not when not.

    The tiling is decoded into Placements on first use: ``verify`` never looks at it, and
    decoding costs as much as finding it.
    """

    solvable: bool
    found: Solution | Callable[[], Solution] | None = field(default=None, repr=False, compare=False)
    tilings: int | None = None
    reason: str | None = None
    engine: str = "bitboard"

    @cached_property
    def solution(self) -> Solution | None:
        """One tiling, or None when there is none."""
        return self.found() if callable(self.found) else self.found

    def to_json(
        self, rows: Picture | None = None, *, solution: bool = True, engine: bool = True
    ) -> dict[str, Any]:
        """``{"solvable", "solution", "engine", "tilings"?, "reason"?}``: the one place a
        verdict becomes JSON. ``rows`` is the tiling drawn (the verdict has no pieces to draw
        it with); ``tilings`` is there when counted, ``reason`` when unsolvable. A batch line
        leaves out ``engine``, a row of ``verify`` ``solution`` and ``engine``.
        """
        out: dict[str, Any] = {"solvable": self.solvable}
        if solution:
            out["solution"] = rows
        if engine:
            out["engine"] = self.engine
        if self.tilings is not None:
            out["tilings"] = self.tilings
        if self.reason:
            out["reason"] = self.reason
        return out


def _compiled_puzzle(puzzle: Puzzle) -> bitboard.CompiledPuzzle:
    """The puzzle compiled for the bitboard engine (PuzzleTooLarge past MAX_BITBOARD_CELLS)."""
    if puzzle.figure.area > MAX_BITBOARD_CELLS:
        raise PuzzleTooLarge(puzzle.figure.area, MAX_BITBOARD_CELLS, "bitboard")
    return _compiled(puzzle, tuple(p.shape for p in puzzle.pieces))


@lru_cache(maxsize=COMPILED_KEPT)
def _compiled(puzzle: Puzzle, shapes: tuple[Shape, ...]) -> bitboard.CompiledPuzzle:
    """compile_puzzle, remembered: a batch or a set asks for the same puzzle again.

    Pieces compare by name and code only, so their ``shapes`` are part of the key: two sets
    may give one name to two shapes.
    """
    return bitboard.compile_puzzle(puzzle)


def solutions(
    puzzle: Puzzle,
    *,
    engine: Engine = "auto",
    timeout: float | None = None,
    limit: int | None = None,
    node_budget: int = AUTO_NODE_BUDGET,
) -> Iterator[Solution]:
    """Tilings of the puzzle, lazily where the engine allows; at most ``limit`` of them."""
    if area_reason(puzzle):
        return iter(())
    if engine == "cpsat":
        limits = Limits(timeout)  # before the import: OR-Tools takes most of a second to load
        from ubongo.solver import cpsat

        return cpsat.iter_solutions(puzzle, timeout=limits.left(), limit=limit)
    if engine == "auto" and len(puzzle.pieces) > SMALL_PIECES and limit is not None:
        return iter(auto_solutions(puzzle, limit, timeout=timeout, node_budget=node_budget)[0])
    if limit == 1:
        fast = bitboard.tile(puzzle, "first", timeout=timeout)
        if fast is not None:
            return iter(() if fast[1] is None else (fast[1](),))
        first = bitboard.first_solution(_compiled_puzzle(puzzle), timeout=timeout)
        return iter(() if first is None else (first,))
    it = bitboard.iter_solutions(_compiled_puzzle(puzzle), timeout=timeout)
    return islice(it, limit) if limit is not None else it


def auto_solutions(
    puzzle: Puzzle,
    limit: int,
    *,
    timeout: float | None = None,
    node_budget: int = AUTO_NODE_BUDGET,
) -> tuple[list[Solution], str]:
    """Up to ``limit`` tilings and the engine that found them.

    Bitboard first, within the node budget; then the two engines take turns: CP-SAT for half
    as long as bitboard has searched so far (at least CPSAT_SLICE seconds), then bitboard
    resumed where it stopped with twice the nodes, and so on. Clause learning proves some dead ends
    that depth-first search wanders through, and on others bitboard is far faster: taking turns
    keeps the total within a small factor of whichever engine suits the puzzle.
    """
    limits = Limits(timeout)
    limits.tick(0)  # a budget already spent says so, whatever the search would find first
    if limit == 1:
        on_core = _auto_first(puzzle, limits, node_budget)
        if on_core is not None:
            return on_core
    search = bitboard.steps(_compiled_puzzle(puzzle))
    found: list[Solution] = []
    budget, nodes, started = node_budget, 0, time.monotonic()
    while True:
        for step in search:
            if step is not None:
                found.append(step)
                if len(found) == limit:
                    return found, "bitboard"
                continue
            nodes += CHECK_EVERY
            limits.tick(nodes)
            if nodes >= budget:
                break
        else:
            return found, "bitboard"  # searched to the end
        spent = time.monotonic() - started
        answer = _cpsat_turn(puzzle, limit, limits, max(CPSAT_SLICE, CPSAT_SHARE * spent))
        if answer is not None:
            return answer, "cpsat"
        budget *= 2


def _auto_first(
    puzzle: Puzzle, limits: Limits, node_budget: int
) -> tuple[list[Solution], str] | None:
    """``auto_solutions`` for one tiling on the compiled core (None when it cannot take the
    puzzle): the same turns with CP-SAT, the core's search started again with twice the nodes
    after each (it cannot be set aside and resumed as the Python one is; the searches before
    the last cost at most as much as it)."""
    budget, started = node_budget, time.monotonic()
    while True:
        try:
            found = bitboard.tile(puzzle, "first", timeout=limits.left(), max_nodes=budget)
        except TimeLimit as e:  # told as the whole budget, as the Python search tells it
            raise TimeLimit(limits.timeout, e.nodes) from None
        except NodeLimit:
            spent = time.monotonic() - started
            answer = _cpsat_turn(puzzle, 1, limits, max(CPSAT_SLICE, CPSAT_SHARE * spent))
            if answer is not None:
                return answer, "cpsat"
            budget *= 2
            continue
        if found is None:
            return None  # not in use, or the figure does not fit its masks
        return ([] if found[1] is None else [found[1]()]), "bitboard"


def _cpsat_turn(
    puzzle: Puzzle, limit: int, limits: Limits, seconds: float
) -> list[Solution] | None:
    """CP-SAT's answer within ``seconds`` (and the time left), or None when it had none yet."""
    from ubongo.solver import cpsat

    left = limits.left()
    turn = seconds if left is None else min(seconds, left)
    try:
        return cpsat.all_solutions(puzzle, timeout=turn, limit=limit)
    except TimeLimit:
        limits.tick(0)  # the whole search's time is up: say so
        return None


def solve(
    puzzle: Puzzle, *, engine: Engine = "auto", timeout: float | None = None
) -> Solution | None:
    """One tiling of the puzzle, or None when it has none."""
    return next(solutions(puzzle, engine=engine, timeout=timeout, limit=1), None)


def count(
    puzzle: Puzzle,
    *,
    engine: Engine = "auto",
    limit: int | None = None,
    timeout: float | None = None,
) -> int:
    """Number of tilings (rotated or mirrored tilings of a symmetric figure count apart)."""
    if area_reason(puzzle):
        return 0
    if engine == "cpsat":
        limits = Limits(timeout)  # before the import: OR-Tools takes most of a second to load
        from ubongo.solver import cpsat

        try:
            return cpsat.count_solutions(puzzle, limit=limit, timeout=limits.left())
        except TimeLimit as e:  # told as the whole budget, not what was left after the import
            raise TimeLimit(timeout, e.nodes) from None
    if len(puzzle.pieces) > SMALL_PIECES and limit is None:
        return _count_large(puzzle, timeout)[0]
    fast = bitboard.tile(puzzle, "count", cap=-1 if limit is None else limit, timeout=timeout)
    if fast is not None:
        return fast[0]
    return bitboard.count_solutions(_compiled_puzzle(puzzle), limit=limit, timeout=timeout)


def _count_large(
    puzzle: Puzzle, timeout: float | None
) -> tuple[int, Callable[[], Solution] | None]:
    """All tilings of a large puzzle and one of them, in one search: a symmetric figure an
    orbit of placements at a time (solver.symmetry: in one call of the compiled core when it
    takes the puzzle, else each rest by ``_count_plain``); else ``_count_plain`` alone.

    Measured on the 12 pentominoes in 6x10: the plain C search counts 9356 in 2.4 s, by orbits
    in 0.26 s; the Python memo took minutes on a loaded machine, plain Python longer. The rests
    are not split by their own symmetries again: on 3x20 that recursion looked for symmetries
    1,790 times (101 found) and took 0.66 s against 0.03 s for one level (5x12: 0.68 s against
    0.11 s; 6x10, 4x15 and 8x8 less its centre gained too; one process, 2026-11-25).
    """
    from ubongo.solver import symmetry  # here: verifying a set of small puzzles never needs it

    limits = Limits(timeout)  # one budget for every orbit
    try:
        by_orbits = symmetry.count_by_orbits(
            puzzle, lambda rest: _count_plain(rest, limits), limits.left()
        )
    except TimeLimit as e:  # told as the whole budget; the nodes are the last orbit's search's
        raise TimeLimit(timeout, e.nodes) from None
    if by_orbits is not None:
        return by_orbits
    return _count_plain(puzzle, limits)


def _count_plain(puzzle: Puzzle, limits: Limits) -> tuple[int, Callable[[], Solution] | None]:
    """All tilings and the first, by the compiled core's plain search when the puzzle fits it,
    else by the Python engine's memoised one."""
    fast = bitboard.tile(puzzle, "both", timeout=limits.left())
    if fast is not None:
        return fast
    compiled = _compiled_puzzle(puzzle)
    if bitboard.uses_core(compiled):  # a lattice the core's tile takes no figure of
        return bitboard.count_first(compiled, timeout=limits.left())
    return bitboard.count_memo_first(compiled, timeout=limits.left())


def check(
    puzzle: Puzzle,
    *,
    want_count: bool = False,
    engine: Engine = "auto",
    timeout: float | None = None,
    node_budget: int = AUTO_NODE_BUDGET,
) -> Verdict:
    """Solve (and count when asked); an unsolvable puzzle comes with the reason triage finds."""
    reason = area_reason(puzzle) or _no_fit(puzzle)
    if reason:
        return Verdict(False, tilings=0 if want_count else None, reason=reason)
    used = "cpsat" if engine == "cpsat" else "bitboard"
    limits = Limits(timeout)  # one budget for finding and counting together
    sol: Solution | Callable[[], Solution] | None
    if engine != "cpsat" and len(puzzle.pieces) <= SMALL_PIECES:
        # one search with a count: the count passes the first tiling on its way
        fast = bitboard.tile(puzzle, "both" if want_count else "first", timeout=limits.left())
        if fast is not None:
            n, sol = fast[0] if want_count else None, fast[1]
        elif want_count:
            n, sol = bitboard.count_first(_compiled_puzzle(puzzle), timeout=limits.left())
        else:
            n, sol = None, bitboard.first_tiling(_compiled_puzzle(puzzle), timeout=limits.left())
    elif want_count and engine != "cpsat":  # the count runs on bitboard: it finds the tiling too
        n, sol = _count_large(puzzle, limits.left())
        used = "bitboard"
    else:
        if engine == "auto":
            found, used = auto_solutions(puzzle, 1, timeout=limits.left(), node_budget=node_budget)
            sol = found[0] if found else None
        else:
            sol = solve(puzzle, engine=engine, timeout=limits.left())
        n = count(puzzle, engine=engine, timeout=limits.left()) if want_count and sol else None
    if sol is None:
        why = triage(puzzle) or "no tiling exists (exhaustive search)"
        return Verdict(False, tilings=0 if want_count else None, reason=why, engine=used)
    return Verdict(True, sol, n, engine=used)


def _no_fit(puzzle: Puzzle) -> str | None:
    """A piece that fits nowhere or a cell no piece covers, for puzzles past SMALL_PIECES: their
    search may take minutes to find it out (eleven pentominoes and a 9-cell bar in 8x8: 5 s
    on bitboard), where small ones search faster than this check (15 against 5 us)."""
    if len(puzzle.pieces) <= SMALL_PIECES:
        return None
    return fit_reason(_compiled_puzzle(puzzle))
