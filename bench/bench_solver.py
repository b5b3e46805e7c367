"""Solver speed, measured in one run: ``python bench/bench_solver.py [--smoke] [--seed S]``.

Figures are mean times per puzzle (``time.perf_counter``): the batch is cut into chunks of 25
puzzles, each chunk is run a few times and its fastest pass counts; the runs of one section
take turns chunk by chunk, so their ratios are measured side by side (see ``chunk_times``).

1. verify   ``check(p, engine="bitboard")`` on 300 easy + 300 hard random puzzles (compile +
            first tiling), split into compile (``compile_puzzle``) and search
2. count    ``count(p, engine="bitboard")``: compile + every tiling, split the same way
3. analyze  ``analyze(figure, size)`` on 40 figures, sizes 3 and 4, against a loop over
            ``itertools.combinations`` that counts each combination
4. CP-SAT   ``check(p, engine="cpsat")`` on a subset, and bitboard's speed-up over it
5. process  the ``ubongo verify`` console script on the bundled set, start to exit
6. big case the 12 pentominoes in 6x10, as 6 rows and as 10 rows: first tiling (auto, and
            which engine answered; bitboard) and the count of all 9356 tilings
7. optional third-party exact-cover packages installed in a scratch venv (``--xc-python``,
            default /tmp/xc-venv/bin/python), run on the same workload in a subprocess

Every engine output is cross-checked outside the timed regions: each tiling passes the
independent ``solver.verify.is_solution``, bitboard and CP-SAT agree, analyze equals the loop.
Targets are printed, never enforced: the exit status is 1 only when a check fails.
``--smoke`` runs a tiny version (20 puzzles, 4 figures, no pentomino count) for CI.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench.workload`` importable
    sys.path.insert(0, str(ROOT))

from bench.workload import (  # noqa: E402
    PENTOMINO_TILINGS_6X10,
    Item,
    Workload,
    make_workload,
    pentomino_puzzle,
)
from ubongo.solver import (  # noqa: E402
    STANDARD,
    Figure,
    Puzzle,
    analyze,
    bitboard,
    check,
    count,
    solve,
)
from ubongo.solver.bitboard import (  # noqa: E402
    compile_puzzle,
    count_solutions,
    figure_mask,
    frame_for,
    iter_solutions,
)
from ubongo.solver.bitboard import placements as bb_placements  # noqa: E402
from ubongo.solver.errors import SearchLimit  # noqa: E402
from ubongo.solver.verify import is_solution  # noqa: E402

XC_PYTHON = "/tmp/xc-venv/bin/python"
CHUNK = 25  # puzzles per timed chunk (about half a millisecond of bitboard work)


@dataclass
class Row:
    """One line of the table: a time (seconds) or a ratio, against an optional target.

    ``goal`` is "max" (ours must be at most ``target``), "min" (at least), or None (info).
    Margin is always target/ours or ours/target so that above 1 means the target is met.
    """

    measure: str
    ours: float | None
    unit: str = "s"  # "s" (seconds, shown scaled) or "x" (a ratio) or "n" (a count)
    target: float | None = None
    goal: str | None = None
    note: str = ""

    @property
    def margin(self) -> float | None:
        if self.ours is None or self.target is None or self.goal is None:
            return None
        if self.goal == "max":
            return self.target / self.ours if self.ours else float("inf")
        return self.ours / self.target

    @property
    def status(self) -> str:
        if self.ours is None:
            return "skipped"
        m = self.margin
        if m is None:
            return "info"
        return "met" if m >= 1 else "MISSED"


@dataclass
class Report:
    """Rows of the table, failed cross-checks, and profile hints for missed targets."""

    rows: list[Row] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *rows: Row) -> None:
        self.rows += rows

    def expect(self, ok: bool, what: str) -> None:
        """Record a failed cross-check (the run goes on and exits 1 at the end)."""
        if not ok:
            self.failures.append(what)
            print(f"  CHECK FAILED: {what}", file=sys.stderr)


def fmt(value: float | None, unit: str) -> str:
    """A time in s/ms/µs, a ratio with ×, or a count."""
    if value is None:
        return "-"
    if unit == "x":
        return f"{value:,.1f}×" if value < 1000 else f"{value:,.0f}×"
    if unit == "n":
        return f"{value:,.0f}"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.3g} ms"
    return f"{value * 1e6:.3g} µs"


def progress(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def best_interleaved(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Seconds of the fastest call of each run, the runs taking turns round by round.

    For long runs (a process, a big search): taking turns spreads a burst of load from the other
    engineers over every figure alike. The garbage collector stays on, as in real use.
    """
    fastest = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            gc.collect()
            start = time.perf_counter()
            run()
            fastest[name] = min(fastest[name], time.perf_counter() - start)
    return fastest


Batch = tuple[Callable[[Any], object], Sequence[Any]]  # a function and the items it runs on


def chunk_times(runs: dict[str, Batch], repeat: int, chunk: int) -> dict[str, list[float]]:
    """Per run, per chunk of ``chunk`` items: seconds of the fastest of ``repeat`` passes.

    Chunk by chunk, each run makes its ``repeat`` passes over the chunk in turn, so the runs of a
    section are timed within milliseconds of each other: a burst of load from the other
    engineers on the shared cores spoils a few passes of one chunk rather than one run's whole
    batch, and ratios and compile/search splits stay consistent. A run's first pass over a
    chunk may find cold caches (after a CP-SAT solve, say); the best pass is a warm one.
    The garbage collector stays on (the engines leave reference cycles: collecting them is
    part of their cost) and a full collection runs, untimed, before each chunk. Per-figure
    caches are emptied before every pass (:func:`forget_figures`).
    """
    n = len(next(iter(runs.values()))[1])
    out: dict[str, list[float]] = {name: [] for name in runs}
    for lo in range(0, n, chunk):
        gc.collect()
        for name, (run, items) in runs.items():
            part = items[lo : lo + chunk]
            fastest = float("inf")
            for _ in range(repeat):
                forget_figures()
                start = time.perf_counter()
                for x in part:
                    run(x)
                fastest = min(fastest, time.perf_counter() - start)
            out[name].append(fastest)
    return out


def forget_figures() -> None:
    """Empty the per-figure caches (untimed), so a repeated pass pays for every figure again.

    Only per-shape tables (orientations per stride) stay warm, as in any long-running process;
    the cache of figure masks would otherwise turn every pass after the first into cache hits.
    """
    from ubongo.solver.bitboard import figure_mask

    figure_mask.cache_clear()


def best_chunked(runs: dict[str, Batch], repeat: int, chunk: int) -> dict[str, float]:
    """Mean seconds per item of each run, from :func:`chunk_times`."""
    n = len(next(iter(runs.values()))[1])
    return {name: sum(ts) / n for name, ts in chunk_times(runs, repeat, chunk).items()}


def share(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def hint(report: Report, row: Row, parts: Sequence[tuple[str, float]]) -> None:
    """When ``row`` missed its target, say which phase dominates."""
    if row.status != "MISSED" or row.ours is None:
        return
    top = max(parts, key=lambda p: p[1])
    detail = ", ".join(f"{name} {fmt(t, 's')} ({share(t, row.ours)})" for name, t in parts)
    report.hints.append(f"{row.measure}: {detail}; {top[0]} dominates")


def first_tiling(board: Any) -> Any:
    """The engine's fastest path to one tiling of a compiled board (as ``check`` uses it)."""
    fast = getattr(bitboard, "first_solution", None)
    return fast(board) if fast else next(iter_solutions(board), None)


def solution_build_time(boards: Sequence[Any], sols: Sequence[Any], repeat: int) -> float | None:
    """Seconds per puzzle that ``CompiledPuzzle.solution`` takes to turn masks into Placements.

    Rebuilds each found tiling's (piece position, mask) list from its cells; None when the
    engine's internals differ from what this expects (the figure is only a profile split).
    """
    try:
        jobs = []
        for board, sol in zip(boards, sols, strict=True):
            names = [p.name for p in board.puzzle.pieces]
            placed = []
            for pl in sol:
                m = 0
                for p in pl.cells:
                    m |= 1 << board.frame.index(p)
                placed.append((names.index(pl.piece), m))
            if board.solution(placed) != sol:
                return None
            jobs.append((board.solution, placed))
    except (AttributeError, TypeError, ValueError):
        return None
    return best_chunked({"build": (lambda job: job[0](job[1]), jobs)}, repeat, CHUNK)["build"]


# --- 1, 2: verify and count ------------------------------------------------------------------


def bench_verify_count(report: Report, items: Sequence[Item], repeat: int) -> dict[str, float]:
    puzzles = [i.puzzle for i in items]
    n = len(puzzles)
    progress(f"verify and count: {n} puzzles, best of {repeat}")

    # Cross-checks first, untimed: every tiling found is a tiling; counts agree between paths.
    verdicts = [check(p, engine="bitboard") for p in puzzles]
    bad = [i for i, v in enumerate(verdicts) if not v.solvable or v.solution is None]
    report.expect(not bad, f"bitboard found no tiling for built puzzles {bad[:5]}")
    wrong = [
        i
        for i, v in enumerate(verdicts)
        if v.solution is not None and not is_solution(puzzles[i], v.solution)
    ]
    report.expect(not wrong, f"bitboard tilings rejected by is_solution: {wrong[:5]}")
    built_ok = all(is_solution(i.puzzle, i.built) for i in items)
    report.expect(built_ok, "a workload puzzle's built tiling fails is_solution")
    counts = [count(p, engine="bitboard") for p in puzzles]
    report.expect(min(counts, default=1) >= 1, "count() gave 0 for a solvable puzzle")
    with_count = [check(p, want_count=True).tilings for p in puzzles]
    report.expect(with_count == counts, "check(want_count=True) and count() disagree")
    boards = [compile_puzzle(p) for p in puzzles]
    direct = [count_solutions(b) for b in boards]
    report.expect(direct == counts, "count_solutions on compiled boards and count() disagree")

    # Easy puzzles come first in the workload: chunks that divide their number split them.
    n_easy = sum(len(p.pieces) == 3 for p in puzzles)
    chunk = math.gcd(CHUNK, n_easy) if 0 < n_easy < n else CHUNK
    per_chunk = chunk_times(
        {
            "verify": (lambda p: check(p, engine="bitboard"), puzzles),
            "auto": (check, puzzles),
            "compile": (compile_puzzle, puzzles),
            "first": (first_tiling, boards),
            "count": (lambda p: count(p, engine="bitboard"), puzzles),
            "count_solutions": (count_solutions, boards),
        },
        repeat,
        chunk,
    )
    t_verify, t_auto, t_compile, t_first, t_count, t_counts = (
        sum(per_chunk[k]) / n
        for k in ("verify", "auto", "compile", "first", "count", "count_solutions")
    )
    t_build = solution_build_time(boards, [v.solution for v in verdicts], repeat)
    split = n_easy // chunk if 0 < n_easy < n else 0
    by_size = {}
    if split:
        by_size["easy"] = sum(per_chunk["verify"][:split]) / n_easy
        by_size["hard"] = sum(per_chunk["verify"][split:]) / (n - n_easy)

    verify = Row("1 verify: check(p, engine=bitboard)", t_verify, target=25e-6, goal="max")
    verify.note = f"{n} puzzles"
    report.add(
        verify,
        Row("   of which compile_puzzle", t_compile, note=share(t_compile, t_verify)),
        Row("   of which first_solution", t_first, note=share(t_first, t_verify)),
        *(
            [
                Row(
                    "     search alone", t_first - t_build, note=share(t_first - t_build, t_verify)
                ),
                Row("     CompiledPuzzle.solution", t_build, note=share(t_build, t_verify)),
            ]
            if t_build is not None
            else []
        ),
        *(Row(f"   {k} puzzles only", t) for k, t in by_size.items()),
        Row("   check(p) engine=auto (default)", t_auto),
    )
    hint(
        report,
        verify,
        [
            ("compile", t_compile),
            ("search", t_first - (t_build or 0.0)),
            ("CompiledPuzzle.solution", t_build or 0.0),
            ("rest (triage, Verdict)", t_verify - t_compile - t_first),
        ],
    )
    crow = Row("2 count: count(p, engine=bitboard)", t_count, target=50e-6, goal="max")
    crow.note = f"mean {sum(counts) / n:.2f} tilings, max {max(counts)}"
    report.add(
        crow,
        Row("   of which compile_puzzle", t_compile, note=share(t_compile, t_count)),
        Row("   of which count_solutions", t_counts, note=share(t_counts, t_count)),
    )
    hint(
        report,
        crow,
        [("compile", t_compile), ("search", t_counts), ("rest", t_count - t_compile - t_counts)],
    )
    return {"verify": t_verify, "count": t_count, "compile": t_compile, "first": t_first}


# --- 3: analyze ------------------------------------------------------------------------------


def combo_loop(figure: Figure, size: int) -> list[tuple[tuple[str, ...], int]]:
    """The baseline: every combination of ``size`` standard pieces counted on its own."""
    out = []
    for combo in itertools.combinations(STANDARD.values(), size):
        n = count(Puzzle(figure, combo), engine="bitboard")
        if n:
            out.append((tuple(p.name for p in combo), n))
    return out


def analyze_prologue(figure: Figure) -> int:
    """What analyze does before its search: the figure mask and every piece's placements."""
    plist = list(STANDARD.values())
    shapes = tuple(p.shape for p in plist)
    frame = frame_for(figure, shapes, STANDARD.lattice, reorder=False)
    full = figure_mask(figure, frame)
    return sum(len(bb_placements(full, p.shape, frame)) for p in plist)


def bench_analyze(report: Report, figures: Sequence[Figure], repeat: int) -> float:
    jobs = [(f, s) for f in figures for s in (3, 4)]
    n = len(jobs)
    progress(f"analyze: {len(figures)} figures x sizes 3, 4, best of {repeat}")
    found = [[(c.pieces, c.tilings) for c in analyze(f, s)] for f, s in jobs]
    loop = [combo_loop(f, s) for f, s in jobs]
    diff = [i for i, (a, b) in enumerate(zip(found, loop, strict=True)) if a != b]
    report.expect(not diff, f"analyze and the per-combination loop disagree on jobs {diff[:5]}")
    size4 = [i for i, (_, s) in enumerate(jobs) if s == 4]
    report.expect(all(found[i] for i in size4), "analyze size 4 missed a figure's own pieces")

    t = best_chunked(
        {
            "analyze": (lambda job: analyze(*job), jobs),
            "loop": (lambda job: combo_loop(*job), jobs),
            "prologue": (lambda job: analyze_prologue(job[0]), jobs),
        },
        repeat,
        4,
    )
    t_an, t_loop, t_pro = t["analyze"], t["loop"], t["prologue"]
    per_size = {
        s: best_chunked({"a": (lambda f, s=s: analyze(f, s), figures)}, repeat, 4)["a"]
        for s in (3, 4)
    }
    combos = sum(len(x) for x in found)
    row = Row("3 analyze: per figure and size", t_an, target=0.5e-3, goal="max")
    row.note = f"{n} runs, {combos} tiling combos"
    report.add(
        row,
        Row("   of which placements (prologue)", t_pro, note=share(t_pro, t_an)),
        Row("   of which search", t_an - t_pro, note=share(t_an - t_pro, t_an)),
        Row("   size 3 only", per_size[3]),
        Row("   size 4 only", per_size[4]),
        Row("   baseline: combinations + count", t_loop, note="715 combos/figure, area-filtered"),
        Row("   analyze speed-up over the loop", t_loop / t_an, "x", 1.0, "min"),
    )
    hint(report, row, [("placements", t_pro), ("search", t_an - t_pro)])
    return t_an


# --- 4: CP-SAT -------------------------------------------------------------------------------


def bench_cpsat(report: Report, items: Sequence[Item], repeat: int, counts: bool) -> float:
    from ubongo.solver import cpsat

    puzzles = [i.puzzle for i in items]
    n = len(puzzles)
    progress(f"CP-SAT: {n} puzzles, best of {repeat} (first call imports OR-Tools)")
    t0 = time.perf_counter()
    check(puzzles[0], engine="cpsat")  # warm-up: module import and first solver set-up
    warm = time.perf_counter() - t0
    ours = [check(p, engine="bitboard") for p in puzzles]
    theirs = [check(p, engine="cpsat") for p in puzzles]
    agree = [a.solvable == b.solvable for a, b in zip(ours, theirs, strict=True)]
    report.expect(all(agree), "bitboard and CP-SAT disagree on solvable")
    sols = [(p, v.solution) for p, v in zip(puzzles, theirs, strict=True)]
    report.expect(
        all(s is not None and is_solution(p, s) for p, s in sols),
        "a CP-SAT tiling fails is_solution",
    )
    if counts:
        bb = [count(p, engine="bitboard") for p in puzzles]
        cp = [cpsat.count_solutions(p) for p in puzzles]
        report.expect(bb == cp, "bitboard and CP-SAT tiling counts disagree")

    t = best_chunked(
        {
            "cpsat": (lambda p: check(p, engine="cpsat"), puzzles),
            "build": (cpsat.build_model, puzzles),
            "bitboard": (lambda p: check(p, engine="bitboard"), puzzles),
        },
        repeat,
        10,
    )
    t_cp, t_build, t_bb = t["cpsat"], t["build"], t["bitboard"]
    report.add(
        Row("4 verify, engine=cpsat", t_cp, note=f"{n} puzzles; warm-up {fmt(warm, 's')}"),
        Row("   of which build_model", t_build, note=share(t_build, t_cp)),
        Row("   verify, bitboard, same puzzles", t_bb),
        Row("   bitboard speed-up over CP-SAT", t_cp / t_bb, "x", 50.0, "min"),
    )
    return t_cp


# --- 5: whole process ------------------------------------------------------------------------


def bench_process(report: Report, repeat: int) -> float | None:
    exe = Path(sys.executable).parent / "ubongo"
    if not exe.exists():
        report.add(Row("5 ubongo verify (process)", None, note=f"{exe} not found"))
        return None
    progress(f"process: {exe} verify, best of {repeat}")
    probe = subprocess.run([str(exe), "verify"], capture_output=True, text=True, check=False)
    report.expect(probe.returncode == 0, f"ubongo verify exited {probe.returncode}")
    summary = probe.stdout.strip().splitlines()[0] if probe.stdout.strip() else "no output"

    def run(argv: list[str]) -> Callable[[], object]:
        return lambda: subprocess.run(argv, capture_output=True, check=False)

    t = best_interleaved(
        {
            "cli": run([str(exe), "verify"]),
            "python": run([sys.executable, "-c", "pass"]),
            "import": run([sys.executable, "-c", "import ubongo.cli"]),
        },
        repeat,
    )
    t_cli, t_py, t_imp = t["cli"], t["python"], t["import"]
    row = Row("5 ubongo verify (process)", t_cli, target=0.3, goal="max", note=summary)
    report.add(
        row,
        Row("   python -c pass", t_py, note=share(t_py, t_cli)),
        Row("   python -c 'import ubongo.cli'", t_imp, note=share(t_imp, t_cli)),
    )
    hint(
        report,
        row,
        [("interpreter", t_py), ("imports", t_imp - t_py), ("verify work", t_cli - t_imp)],
    )
    return t_cli


# --- 6: the big case -------------------------------------------------------------------------


def bench_pentominoes(report: Report, repeat: int, full_count: bool, wide_timeout: float) -> None:
    """First tiling in both orientations of the rectangle, then the count of all tilings.

    The bitboard engine covers the lowest empty cell in row-major order, so the rectangle's
    orientation matters: 6 rows of 10 give a wide frontier, 10 rows of 6 a narrow one.
    """
    from ubongo.solver.limits import AUTO_NODE_BUDGET

    for rows, cols in ((6, 10), (10, 6)):
        puzzle = pentomino_puzzle(rows, cols)
        name = f"{rows} rows x {cols}"
        progress(f"pentominoes {name}: first tiling (auto, bitboard), best of {repeat}")
        ended = check(puzzle).engine  # engine=auto: the engine that answered
        board = compile_puzzle(puzzle)
        try:
            next(iter_solutions(board, max_nodes=AUTO_NODE_BUDGET))
            within = True
        except SearchLimit:
            within = False
        report.expect(
            (ended == "bitboard") == within,
            f"pentominoes {name}: auto says it ended on {ended}, but bitboard "
            f"{'finds' if within else 'does not find'} a tiling within the node budget",
        )
        for engine in ("auto", "bitboard"):
            sol = solve(puzzle, engine=engine)
            report.expect(
                sol is not None and is_solution(puzzle, sol),
                f"pentominoes {name}: engine {engine} gave no valid tiling",
            )
        t = best_interleaved(
            {
                "auto": lambda p=puzzle: solve(p, engine="auto"),
                "bitboard": lambda p=puzzle: solve(p, engine="bitboard"),
            },
            repeat,
        )
        t_auto, t_bb = t["auto"], t["bitboard"]
        report.add(
            Row(f"6 pentominoes {name}: 1st, auto", t_auto, note=f"auto answered with {ended}"),
            Row("   1st tiling, engine=bitboard", t_bb),
        )
    if not full_count:
        report.add(Row("   count all tilings", None, note="not in --smoke"))
        return
    for rows, cols, limit in ((10, 6, None), (6, 10, wide_timeout)):
        puzzle = pentomino_puzzle(rows, cols)
        name = f"{rows} rows x {cols}"
        if limit is not None and limit <= 0:
            report.add(Row(f"   count, {name}", None, note="skipped (--wide-timeout 0)"))
            continue
        progress(f"pentominoes {name}: solver.count" + (f", timeout {limit:g} s" if limit else ""))
        t0 = time.perf_counter()
        try:
            n = count(puzzle, timeout=limit)
        except SearchLimit as e:
            took = time.perf_counter() - t0
            report.add(Row(f"   count, {name}", None, note=f"gave up after {took:.0f} s: {e}"))
            continue
        took = time.perf_counter() - t0
        report.expect(n == PENTOMINO_TILINGS_6X10, f"pentominoes {name}: count {n}, not 9356")
        report.add(Row(f"   count, {name}", took, note=f"{n} tilings (one run)"))


# --- 7: third-party exact-cover packages (run in their own venv) -----------------------------


def xc_matrix(
    puzzle: Puzzle,
) -> tuple[list[list[int]], list[tuple[str, frozenset[tuple[int, int]]]]]:
    """The exact-cover rows: figure cells then one column per piece; and what each row places."""
    cells = sorted(puzzle.figure.cells)
    col = {c: i for i, c in enumerate(cells)}
    ncols = len(cells) + len(puzzle.pieces)
    height, width = puzzle.figure.height, puzzle.figure.width
    rows: list[list[int]] = []
    what = []
    for k, piece in enumerate(puzzle.pieces):
        for o in piece.orientations:
            h = 1 + max(r for r, _ in o)
            w = 1 + max(c for _, c in o)
            for dr in range(height - h + 1):
                for dc in range(width - w + 1):
                    placed = [(r + dr, c + dc) for r, c in o]
                    if all(p in col for p in placed):
                        row = [0] * ncols
                        for p in placed:
                            row[col[p]] = 1
                        row[len(cells) + k] = 1
                        rows.append(row)
                        what.append((piece.name, frozenset(placed)))
    return rows, what


def xc_worker(seed: int, count_limit: int) -> None:
    """Run inside the scratch venv: time each importable package, print one JSON document."""
    import importlib
    import importlib.metadata

    import numpy as np

    from ubongo.solver.puzzle import Placement

    work = make_workload(seed)
    puzzles = [i.puzzle for i in work.puzzles]
    ours = [count_solutions(compile_puzzle(p)) for p in puzzles]
    mats = [xc_matrix(p) for p in puzzles]
    t_build = best_chunked({"b": (xc_matrix, puzzles)}, 5, CHUNK)["b"]
    arrays = [np.array(rows, dtype=bool) for rows, _ in mats]
    t_np = best_chunked({"a": (lambda m: np.array(m[0], dtype=bool), mats)}, 5, CHUNK)["a"]
    out: dict[str, Any] = {"n": len(puzzles), "build": t_build, "to_numpy": t_np, "packages": {}}

    def first_exact_cover(a: Any) -> list[int]:
        return [int(i) for i in mod["exact_cover"].get_exact_cover(a)]

    def count_exact_cover(a: Any) -> int:
        return int(mod["exact_cover"].get_solution_count(a))

    def first_xcover(a: Any) -> list[int]:
        return [int(i) for i in next(mod["xcover"].covers_bool(a))]

    def count_xcover(a: Any) -> int:
        return sum(1 for _ in mod["xcover"].covers_bool(a))

    def first_dxz(a: Any) -> list[int]:
        r, c = a.shape
        return list(mod["dxz"].dxz_solve(r, c, a.astype(int).ravel().tolist(), 1)[0])

    def count_dxz(a: Any) -> int:
        r, c = a.shape
        return int(mod["dxz"].dxz_count(r, c, a.astype(int).ravel().tolist()))

    packages = {
        "exact_cover": ("exact-cover", first_exact_cover, count_exact_cover),
        "xcover": ("xcover", first_xcover, count_xcover),
        "dxz": ("dxz", first_dxz, count_dxz),
    }
    mod: dict[str, Any] = {}
    for name, (dist, first, cnt) in packages.items():
        res: dict[str, Any] = {}
        out["packages"][name] = res
        try:
            mod[name] = importlib.import_module(name)
            res["version"] = importlib.metadata.version(dist)
            t0 = time.perf_counter()
            first(arrays[0])  # warm-up (numba compiles here)
            cnt(arrays[0])
            res["warmup"] = time.perf_counter() - t0
            picks = [first(a) for a in arrays]
            # dxz's row indices may be 1-based; normalise by checking which reading tiles.
            ok = 0
            for p, (_, what), pick in zip(puzzles, mats, picks, strict=True):
                for base in (0, 1):
                    sol = tuple(
                        Placement(*what[i - base]) for i in pick if 0 <= i - base < len(what)
                    )
                    if len(sol) == len(pick) and is_solution(p, sol):
                        ok += 1
                        break
            res["valid"] = ok
            theirs = [cnt(a) for a in arrays[:count_limit]]
            res["counts_agree"] = theirs == ours[:count_limit]
            res["solve"] = best_chunked({"s": (first, arrays)}, 5, CHUNK)["s"]
            sub = arrays[:count_limit]
            res["count"] = best_chunked({"c": (cnt, sub)}, 5, CHUNK)["c"]
        except Exception as e:  # a package that fails is reported, not fatal
            res["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(out))


def bench_third_party(report: Report, seed: int, xc_python: str) -> None:
    if not Path(xc_python).exists():
        report.add(Row("7 third-party exact-cover", None, note=f"no {xc_python}"))
        return
    progress(f"third-party exact-cover packages in {xc_python} (numba JIT warms up first)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [xc_python, str(Path(__file__).resolve()), "--xc-worker", "--seed", str(seed)]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
        report.add(Row("7 third-party exact-cover", None, note=f"worker failed: {tail[0]}"))
        return
    data = json.loads(proc.stdout)
    n, build = data["n"], data["build"] + data["to_numpy"]
    report.add(Row("7 exact-cover matrix build (Python)", build, note=f"{n} puzzles, per puzzle"))
    for name, res in data["packages"].items():
        if "error" in res:
            report.add(Row(f"   {name}", None, note=res["error"][:60]))
            continue
        valid = res["valid"] == n
        report.expect(valid, f"{name}: only {res['valid']}/{n} first solutions are tilings")
        report.expect(res["counts_agree"], f"{name}: tiling counts disagree with bitboard")
        report.add(
            Row(
                f"   {name} {res['version']}: verify",
                build + res["solve"],
                note=f"solve alone {fmt(res['solve'], 's')}; warm-up {fmt(res['warmup'], 's')}",
            ),
            Row(
                f"   {name} {res['version']}: count",
                build + res["count"],
                note=f"count alone {fmt(res['count'], 's')}",
            ),
        )


# --- main ------------------------------------------------------------------------------------


def print_table(report: Report) -> None:
    w = max(len(r.measure) for r in report.rows)
    head = f"{'measure':<{w}}  {'ours':>10}  {'target':>10}  {'margin':>8}  {'status':<7}  note"
    print(head)
    print("-" * len(head))
    for r in report.rows:
        target = "-"
        if r.target is not None and r.goal is not None:
            target = ("<= " if r.goal == "max" else ">= ") + fmt(r.target, r.unit)
        margin = f"{r.margin:.2f}" if r.margin is not None else ""
        line = (
            f"{r.measure:<{w}}  {fmt(r.ours, r.unit):>10}  {target:>10}  {margin:>8}  "
            f"{r.status if r.goal or r.ours is None else '':<7}  {r.note}"
        )
        print(line.rstrip())


def main(argv: Sequence[str] | None = None) -> int:
    first = (__doc__ or "").splitlines()[0]
    parser = argparse.ArgumentParser(description=first)
    parser.add_argument("--smoke", action="store_true", help="tiny version, a few seconds (CI)")
    parser.add_argument("--seed", type=int, default=0, help="workload seed (default 0)")
    parser.add_argument(
        "--xc-python",
        default=XC_PYTHON,
        metavar="PYTHON",
        help="python of a scratch venv with exact-cover packages (skipped when missing; "
        "never in --smoke)",
    )
    parser.add_argument(
        "--wide-timeout",
        type=float,
        default=15.0,
        metavar="S",
        help="time limit on counting the pentominoes in 6 rows x 10 (0: skip; default 15)",
    )
    parser.add_argument("--xc-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.xc_worker:
        xc_worker(args.seed, 600)
        return 0

    smoke = args.smoke
    load0 = os.getloadavg()
    start = time.perf_counter()
    if smoke:
        work: Workload = make_workload(args.seed, easy=10, hard=10, figures=4)
        fast, mid, slow, cp_n, procs, pent = 3, 2, 2, 6, 1, 1
    else:
        work = make_workload(args.seed)
        fast, mid, slow, cp_n, procs, pent = 7, 5, 4, 60, 5, 3
    report = Report()
    items = work.puzzles
    bench_verify_count(report, items, fast)
    bench_analyze(report, work.figures, mid)
    half = cp_n // 2
    subset = work.easy[:half] + work.hard[:half]
    bench_cpsat(report, subset, slow, counts=not smoke)
    bench_process(report, procs)
    bench_pentominoes(report, pent, not smoke, args.wide_timeout)
    if not smoke:
        bench_third_party(report, args.seed, args.xc_python)
    load1 = os.getloadavg()

    print(
        f"bench_solver: seed {args.seed}, {len(work.easy)} easy + {len(work.hard)} hard puzzles, "
        f"{len(work.figures)} figures{' (smoke)' if smoke else ''}; Python "
        f"{platform.python_version()}, {os.cpu_count()} cores"
    )
    print(
        f"load average (1/5/15 min): start {' '.join(f'{x:.2f}' for x in load0)}, "
        f"end {' '.join(f'{x:.2f}' for x in load1)}"
    )
    print(
        f"mean time per puzzle (or per figure and size): per chunk of {CHUNK} puzzles the best of "
        f"{fast} passes (analyze {mid}, CP-SAT {slow}; process {procs}, pentominoes {pent} whole "
        "runs), the runs of a section taking turns; "
        "margin > 1 means the target is met; every figure was measured in this run\n"
    )
    print_table(report)
    for note in report.notes:
        print(f"\nnote: {note}")
    if report.hints:
        print("\nprofile hints (targets missed):")
        for h in report.hints:
            print(f"  {h}")
    print(f"\ncross-checks: {'all passed' if not report.failures else 'FAILED'}")
    for f in report.failures:
        print(f"  FAILED: {f}")
    print(f"total bench time {time.perf_counter() - start:.1f} s")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
