"""The compiled core against the pure-Python engine, in one run: ``python bench/bench_core.py``.

Both cores run the same puzzles in the same process (``solver.core.CORE`` set to the C
module, then to None), taking turns chunk by chunk (``bench_solver.chunk_times``), so every
ratio printed compares two figures measured side by side. Nothing measured elsewhere is shown.

1. per puzzle, on the 600-puzzle workload (``bench/workload.py``), mean time:
   from text   ``solve`` / ``count`` on a Puzzle parsed from its rows and piece names
               (parse, compile, search, decode the tiling into Placements)
   search      ``first_tiling`` / ``count_solutions`` on boards compiled beforehand
2. the 12 pentominoes in 6x10 (examples/6x10.txt, examples/pentominoes.json): the first tiling
   on both cores; all 9356 tilings by the compiled core's plain search (``count_solutions``)
   and by what the pure-Python engine runs for a count of 12 pieces (``count``: the memoised
   search, since its plain search takes minutes). Wall and CPU seconds, one run each.

Every answer is cross-checked outside the timed regions (same first tiling on both cores, each
passing ``solver.verify.is_solution``; same counts; 9356 for the rectangle); the exit status is
1 only when a check fails. ``--smoke``: 20 puzzles, no pentomino count (CI).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(ROOT))

from bench.bench_solver import best_chunked, fmt, progress  # noqa: E402
from bench.workload import PENTOMINO_TILINGS_6X10, PENTOMINOES, make_workload  # noqa: E402
from ubongo.cli._common import load_set, read_figure  # noqa: E402
from ubongo.solver import STANDARD, Puzzle, count, parse_figure, solve  # noqa: E402
from ubongo.solver import core as solver_core  # noqa: E402
from ubongo.solver.bitboard import compile_puzzle, count_solutions, first_tiling  # noqa: E402
from ubongo.solver.verify import is_solution  # noqa: E402

CHUNK = 25
FAILED: list[str] = []


@contextmanager
def core(module: Any) -> Iterator[None]:
    """Run the block with ``module`` as the compiled core (None: the pure-Python engine)."""
    saved = solver_core.CORE
    solver_core.CORE = module
    try:
        yield
    finally:
        solver_core.CORE = saved


def expect(ok: bool, what: str) -> None:
    """Record a failed cross-check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def on(module: Any, run: Callable[[Any], object]) -> Callable[[list[Any]], object]:
    """``run`` over a chunk of items with the core switched to ``module`` (None: pure Python)."""

    def chunk(items: list[Any]) -> object:
        with core(module):
            return [run(x) for x in items]

    return chunk


def from_text(text: tuple[tuple[str, ...], tuple[str, ...]]) -> Puzzle:
    """A Puzzle from figure rows and piece names, as a batch line gives them."""
    rows, names = text
    return Puzzle(parse_figure(list(rows)), STANDARD.resolve(names))


def workload_rows(compiled: Any, n: int, repeat: int) -> list[tuple[str, float, float]]:
    """(measure, pure-Python seconds, compiled seconds) per puzzle, checked alike."""
    items = make_workload(easy=n // 2, hard=n - n // 2).puzzles
    texts = [(tuple(i.puzzle.figure.rows()), tuple(p.name for p in i.puzzle.pieces)) for i in items]
    boards = [compile_puzzle(i.puzzle) for i in items]
    runs: dict[str, tuple[Callable[[Any], object], list[Any]]] = {
        "first tiling, from text": (lambda t: solve(from_text(t), engine="bitboard"), texts),
        "count, from text": (lambda t: count(from_text(t), engine="bitboard"), texts),
        "first tiling, search only": (first_tiling, boards),
        "count, search only": (count_solutions, boards),
    }
    for name, (run, data) in list(runs.items()):
        with core(None):
            want = [run(x) for x in data[:200]]
        with core(compiled):
            got = [run(x) for x in data[:200]]
        if "first" in name and "only" in name:  # decode the found masks to compare
            want = [f() if f else None for f in want]  # type: ignore[operator]
            got = [f() if f else None for f in got]  # type: ignore[operator]
        expect(got == want, f"{name}: the cores disagree")
        if "first" in name:
            ok = all(is_solution(i.puzzle, s) for i, s in zip(items, got, strict=False))
            expect(ok, f"{name}: a tiling fails is_solution")
    # the core is switched once per chunk of CHUNK puzzles, so the switch costs nothing per puzzle
    timed: dict[str, tuple[Callable[[Any], object], list[Any]]] = {}
    for name, (run, data) in runs.items():
        chunks = [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)]
        timed[f"{name} / python"] = (on(None, run), chunks)
        timed[f"{name} / C"] = (on(compiled, run), chunks)
    progress(f"workload: {len(items)} puzzles, both cores, {repeat} passes per chunk")
    t = {k: v * len(timed[k][1]) / len(items) for k, v in best_chunked(timed, repeat, 1).items()}
    return [(name, t[f"{name} / python"], t[f"{name} / C"]) for name in runs]


def timed_once(run: Callable[[], object]) -> tuple[object, float, float]:
    """(result, wall seconds, CPU seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = run()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def pentomino_rows(compiled: Any, smoke: bool) -> list[tuple[str, float, float]]:
    """The 12 pentominoes in examples/6x10.txt: first tiling and (unless smoke) the count."""
    pieces = load_set(str(ROOT / "examples" / "pentominoes.json")).pieces
    puzzle = Puzzle(read_figure(str(ROOT / "examples" / "6x10.txt")), tuple(pieces.values()))
    expect(set(pieces) == set(PENTOMINOES), "examples/pentominoes.json changed")
    board = compile_puzzle(puzzle)
    out = []
    found = {}
    for name, module in (("python", None), ("C", compiled)):
        with core(module):
            f, wall, cpu = timed_once(lambda: first_tiling(board))
        found[name] = f() if f else None  # type: ignore[operator]
        out.append((f"6x10 first tiling / {name}", wall, cpu))
    expect(found["python"] == found["C"], "6x10: the cores find different first tilings")
    expect(found["C"] is not None and is_solution(puzzle, found["C"]), "6x10: bad tiling")
    if smoke:
        return out
    progress("6x10 count: compiled core, plain search")
    with core(compiled):
        n_c, wall_c, cpu_c = timed_once(lambda: count_solutions(board))
    progress("6x10 count: pure-Python engine, memoised search")
    with core(None):
        n_py, wall_py, cpu_py = timed_once(lambda: count(puzzle, engine="bitboard"))
    expect(n_c == n_py == PENTOMINO_TILINGS_6X10, f"6x10 counts: C {n_c}, Python {n_py}")
    out.append(("6x10 count / python (count, memo)", wall_py, cpu_py))
    out.append(("6x10 count / C (count_solutions, plain)", wall_c, cpu_c))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="20 puzzles, no 6x10 count (CI)")
    parser.add_argument("--repeat", type=int, default=5, help="passes per chunk (best counts)")
    args = parser.parse_args(argv)
    compiled = solver_core.load_core()
    if compiled is None:
        print("compiled core not built (or UBONGO_PURE set): nothing to compare")
        return 0
    n = 20 if args.smoke else 600
    started = time.strftime("%Y-%m-%d %H:%M")
    table = workload_rows(compiled, n, 2 if args.smoke else args.repeat)
    print(f"bench_core.py{' --smoke' if args.smoke else ''}, {started}, {n} puzzles")
    print(f"{'per puzzle (mean)':34} {'pure Python':>12} {'compiled C':>12} {'Python / C':>11}")
    for name, py, c in table:
        print(f"{name:34} {fmt(py, 's'):>12} {fmt(c, 's'):>12} {fmt(py / c, 'x'):>11}")
    big = pentomino_rows(compiled, args.smoke)
    print(f"\n{'12 pentominoes in 6x10 (one run)':42} {'wall':>10} {'CPU':>10}")
    for name, wall, cpu in big:
        print(f"{name:42} {fmt(wall, 's'):>10} {fmt(cpu, 's'):>10}")
    if FAILED:
        print(f"\n{len(FAILED)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
