"""Ubongo 3D speed, measured in one run: ``python bench/bench_3d.py [--smoke]``.

1. card problems  a seeded workload made here to look like the published Ubongo 3D problems
   (``make_problems``; no card is copied: only the statistics below): footprints of 6-10 squares
   inside a 4x5 frame, without holes, filled two layers high by 3 blocks (easy) or 4 (hard) of
   the ubongo-3d set whose volume is the figure's. Per problem, from text (figure rows and block
   names), on the compiled core and on pure Python, the two taking turns pass by pass:

       first tiling  ``solve(Puzzle(parse_figure(rows, height=2), blocks), engine="bitboard")``
       count         ``count(...)``: every tiling
       compile       ``compile_puzzle(...)`` alone (no search)
       search        ``count_solutions`` / ``first_tiling`` on puzzles compiled beforehand

   Each figure is the mean over the problems of each problem's best time in ``--repeat``
   passes; before every pass the engine's cache of compiled puzzles is emptied (untimed), so
   each pass compiles each problem again while the caches per block shape stay warm, as in a
   batch. The issue's target: a count in well under a millisecond on the compiled core.
2. Soma cube      the 7 pieces in 3x3x3 (11,520 tilings): ``count()`` in process on each core,
   best of ``--repeat``, and the plain search (``compile_puzzle`` + ``count_solutions``, no
   counting by orbits) beside it; then whole process, ``ubongo solve --pieces soma ###/###/###
   V L T Z A B P --height 3 --count`` on each core beside ``python -c pass``, best of
   ``--process-repeat`` turns (and, compiled, without ``--count``: the start-up and one
   tiling, what the count adds to). The issue's target: at most 0.1 s, whole process (printed
   with its ratio to ``python -c pass``: this install's start-up, an editable one's included).
3. peer           Thilo-J/Tiling3D (``pip install tiling3d``: a 0/1 matrix built in Python, then
   DLX in C) in a scratch venv (``--tiling3d-python``; it is never a project dependency), run
   in a subprocess (``bench/tiling3d_worker.py``) on the same problems, read as JSON: its
   count, first tiling, matrix alone and search alone, and Soma in process and whole process.
   Ratios are ours / peer, so below 1 means ours is faster.

Every answer is cross-checked outside the timings: both cores give the same counts and the
counts made when the workload was drawn, every first tiling passes the independent verifier
``solver.verify.is_solution``, a problem has a first tiling exactly when its count is not 0,
Soma counts 11,520 (in process and from both processes), and the peer's counts and first
tilings (verified the same way) agree with ours. A failed check makes the exit status 1;
timings never do. ``--smoke``: 10 problems, one pass, one process turn, the peer only when its
venv exists (CI).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(ROOT))

from bench.bench_core import core  # noqa: E402
from ubongo.puzzles import bundled_pieces  # noqa: E402
from ubongo.solver import Figure, Placement, Puzzle, count, parse_figure, solve  # noqa: E402
from ubongo.solver import core as solver_core  # noqa: E402
from ubongo.solver import engine as solver_engine  # noqa: E402
from ubongo.solver.bitboard import compile_puzzle, count_solutions, first_tiling  # noqa: E402
from ubongo.solver.verify import is_solution  # noqa: E402

TILING3D_PYTHON = "/tmp/tiling3d-venv/bin/python"
WORKER = ROOT / "bench" / "tiling3d_worker.py"
BLOCKS = bundled_pieces("ubongo-3d")
SOMA = bundled_pieces("soma")
SOMA_FIGURE, SOMA_TILINGS = "###/###/###", 11_520
SOMA_LINE = f"{SOMA_TILINGS} tilings (240 up to symmetry)"  # the count line solve prints
SOMA_ARGV = ["solve", "--pieces", "soma", SOMA_FIGURE, *SOMA, "--height", "3", "--count"]
FRAME = (4, 5)  # rows, columns: every published footprint fits (3x5 or 4x4 at most)
SIZES = {
    "easy": {(5, 5, 4): 124, (5, 4, 3): 18, (4, 4, 4): 2},
    "hard": {(5, 5, 4, 4): 185, (5, 4, 4, 3): 100, (5, 5, 5, 3): 55, (5, 5, 5, 5): 20},
}
"""Block sizes per problem and how many published problems of each side have them (144 easy
and 360 hard problems of Ubongo 3D, 2009: statistics, not cards). A footprint's area is half
the blocks' volume, so this also gives the published areas: easy 6 (14 %) or 7, hard 8 (28 %),
9 (67 %) or 10 (6 %)."""
EASY_EVERY = (2, 7)  # problems i with i % 7 < 2 are easy: 29 %, as 144 of the 504 published
NO_TILING_EVERY = 5  # every 5th problem has no tiling (the published ones all have one)
MAX_TILINGS = {"easy": 9, "hard": 38}  # the most tilings of a published problem, per side
MEASURES = ("first tiling", "count", "compile", "search: first tiling", "search: count")
PEER_OF = {"first tiling": "first", "count": "count", "compile": "matrix"}
PEER_OF |= {"search: count": "search"}
"""The peer's measure set against each of ours."""
FAILED: list[str] = []


@dataclass(frozen=True)
class Problem:
    """A footprint's rows, the block names that fill it two high, and its number of tilings."""

    rows: tuple[str, ...]
    blocks: tuple[str, ...]
    tilings: int

    @property
    def side(self) -> str:
        return "easy" if len(self.blocks) == 3 else "hard"


def expect(ok: bool, what: str) -> None:
    """Record a failed cross-check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def progress(what: str) -> None:
    """A line on stderr: what the benchmark does now."""
    print(f"[bench_3d] {what}", file=sys.stderr, flush=True)


# --- the workload ----------------------------------------------------------------------------


def footprint(rng: random.Random, area: int) -> tuple[str, ...]:
    """Rows of a random footprint of ``area`` squares grown cell by cell inside FRAME, no hole."""
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    while True:
        cells = {(rng.randrange(FRAME[0]), rng.randrange(FRAME[1]))}
        while len(cells) < area:
            r, c = rng.choice(sorted(cells))
            dr, dc = rng.choice(steps)
            if 0 <= r + dr < FRAME[0] and 0 <= c + dc < FRAME[1]:
                cells.add((r + dr, c + dc))
        figure = Figure.from_cells(cells)
        if not figure.holes():
            return tuple(figure.rows())


def puzzle(rows: Sequence[str], blocks: Sequence[str]) -> Puzzle:
    """The problem as a Puzzle, from text: the footprint two layers high."""
    return Puzzle(parse_figure(list(rows), height=2), BLOCKS.resolve(blocks))


def make_problems(n: int, seed: int = 0) -> list[Problem]:
    """``n`` problems, the same for a seed (a smoke run's are the full run's first ones).

    Each: a side (EASY_EVERY), block sizes drawn with the published weights (SIZES), distinct
    blocks of those sizes, a footprint of half their volume; drawn again until it has a tiling
    (at most MAX_TILINGS), or, for every NO_TILING_EVERY-th problem, until it has none (counted
    while drawing).
    """
    rng = random.Random(f"bench_3d {seed}")
    by_size: dict[int, list[str]] = {}
    for name, block in BLOCKS.items():
        by_size.setdefault(len(block.shape), []).append(name)
    order = list(BLOCKS)
    out = []
    for i in range(n):
        side = "easy" if i % EASY_EVERY[1] < EASY_EVERY[0] else "hard"
        solvable = i % NO_TILING_EVERY != NO_TILING_EVERY - 1
        while True:
            sizes = rng.choices(list(SIZES[side]), weights=list(SIZES[side].values()))[0]
            names: list[str] = []
            for size, k in Counter(sizes).items():
                names += rng.sample(by_size[size], k)
            blocks = tuple(sorted(names, key=order.index))
            rows = footprint(rng, sum(sizes) // 2)
            tilings = count(puzzle(rows, blocks), engine="bitboard")
            if (tilings > 0) == solvable and tilings <= MAX_TILINGS[side]:
                out.append(Problem(rows, blocks, tilings))
                break
    return out


def describe(problems: list[Problem]) -> str:
    """One paragraph on the workload: sides, areas, tilings per problem."""
    sides = Counter(p.side for p in problems)
    areas = Counter(sum(r.count("#") for r in p.rows) for p in problems)
    counts = [p.tilings for p in problems if p.tilings]
    by_side = {
        s: [p.tilings for p in problems if p.side == s and p.tilings] for s in ("easy", "hard")
    }
    means = ", ".join(f"{s} {statistics.mean(v):.2f}" for s, v in by_side.items() if v)
    return (
        f"{len(problems)} problems: {sides['easy']} easy (3 blocks), {sides['hard']} hard (4); "
        f"{len(counts)} with a tiling, {len(problems) - len(counts)} without; footprint areas "
        + ", ".join(f"{a}: {areas[a]}" for a in sorted(areas))
        + f"; tilings per solvable problem: mean {means} (published: easy 1.37, hard 3.24), "
        f"median {statistics.median(counts) if counts else 0:g}, max {max(counts, default=0)}"
    )


# --- our side --------------------------------------------------------------------------------


def interleaved(
    runs: dict[str, Callable[[Any], Any]], items: Sequence[Any], repeat: int, switch: bool
) -> dict[str, tuple[float, list[Any]]]:
    """{name: (mean over items of each item's best seconds, the answers of the last pass)}.

    The runs take turns pass by pass; with ``switch`` the first run is the pure-Python core
    and the second the compiled one. Untimed before every pass: the engine's compiled puzzles
    forgotten and a garbage collection.
    """
    modules = [None, solver_core.load_core()]
    best = {name: [float("inf")] * len(items) for name in runs}
    answers: dict[str, list[Any]] = {}
    for _ in range(repeat):
        for k, (name, run) in enumerate(runs.items()):
            solver_engine._compiled.cache_clear()
            gc.collect()
            times = best[name]
            out = []
            clock = time.perf_counter
            with core(modules[k] if switch else solver_core.CORE):
                for j, x in enumerate(items):
                    start = clock()
                    out.append(run(x))
                    times[j] = min(times[j], clock() - start)
            answers[name] = out
    return {name: (statistics.mean(best[name]), answers[name]) for name in runs}


def ours(problems: list[Problem], repeat: int) -> dict[tuple[str, str], tuple[float, list[Any]]]:
    """{(measure, core): (seconds per problem, answers)}; cores "pure Python", "compiled C"."""
    text = [(p.rows, p.blocks) for p in problems]
    compiled = [compile_puzzle(puzzle(r, b)) for r, b in text]
    runs: dict[str, tuple[Callable[[Any], Any], Sequence[Any]]] = {
        "first tiling": (lambda x: solve(puzzle(*x), engine="bitboard"), text),
        "count": (lambda x: count(puzzle(*x), engine="bitboard"), text),
        "compile": (lambda x: type(compile_puzzle(puzzle(*x))).__name__, text),
        "search: first tiling": (lambda c: first_tiling(c) is not None, compiled),
        "search: count": (count_solutions, compiled),
    }
    cores = ["pure Python", "compiled C"]
    if solver_core.load_core() is None:
        cores = cores[:1]
        progress("no compiled core: pure Python only")
    out = {}
    for measure, (run, items) in runs.items():
        progress(f"ours: {measure}, {len(items)} problems, {repeat} passes")
        got = interleaved({c: run for c in cores}, items, repeat, switch=True)
        for c in cores:
            out[measure, c] = got[c]
    want = [p.tilings for p in problems]
    for c in cores:
        expect(out["count", c][1] == want, f"count on {c}: not the counts drawn")
        expect(out["search: count", c][1] == want, f"search: count on {c}: not the counts drawn")
        firsts = out["first tiling", c][1]
        expect([s is not None for s in firsts] == [n > 0 for n in want], f"{c}: solvable flags")
        flags = out["search: first tiling", c][1]
        expect(flags == [n > 0 for n in want], f"search: first tiling on {c}: solvable flags")
        bad = [
            i
            for i, s in enumerate(firsts)
            if s is not None and not is_solution(puzzle(*text[i]), s)
        ]
        expect(not bad, f"{c}: first tilings of problems {bad[:5]} fail is_solution")
    return out


def soma_puzzle() -> Puzzle:
    return Puzzle(parse_figure(SOMA_FIGURE, height=3), SOMA.resolve(list(SOMA)))


def soma_in_process(repeat: int) -> dict[tuple[str, str], float]:
    """{(measure, core): best seconds} of Soma's count, ``count()`` and the plain search."""
    cores = {"pure Python": None, "compiled C": solver_core.load_core()}
    runs = {
        "count()": lambda: count(soma_puzzle()),
        "plain search": lambda: count_solutions(compile_puzzle(soma_puzzle())),
    }
    out: dict[tuple[str, str], float] = {}
    for measure, run in runs.items():
        for name, module in cores.items():
            if name == "compiled C" and module is None:
                continue
            with core(module):
                got = interleaved({name: lambda _, r=run: r()}, [None], repeat, switch=False)
            out[measure, name] = got[name][0]
            expect(got[name][1] == [SOMA_TILINGS], f"Soma {measure} on {name}: {got[name][1]}")
    return out


def ubongo_argv() -> list[str]:
    """The ``ubongo`` console script next to this Python, else ``python -m ubongo``."""
    exe = Path(sys.executable).parent / "ubongo"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ubongo"]


def processes(turns: int, peer_python: str | None) -> dict[str, float]:
    """{what: best wall seconds} of whole processes, taking turns: ``ubongo solve ... --count``
    on Soma with each core, ``python -c pass``, and the peer's Soma count when given."""
    cmds: dict[str, tuple[list[str], dict[str, str], str | None, str | None]] = {
        "compiled C": ([*ubongo_argv(), *SOMA_ARGV], {}, None, SOMA_LINE),
        "pure Python": (
            [*ubongo_argv(), *SOMA_ARGV],
            {"UBONGO_PURE": "1"},
            None,
            SOMA_LINE,
        ),
        "first tiling": ([*ubongo_argv(), *SOMA_ARGV[:-1]], {}, None, None),
        "python -c pass": ([sys.executable, "-c", "pass"], {}, None, None),
    }
    if solver_core.load_core() is None:
        del cmds["compiled C"], cmds["first tiling"]
    if peer_python:
        stdin = json.dumps({"soma": spec(soma_puzzle())})
        cmds["tiling3d"] = ([peer_python, str(WORKER), "--one-soma"], {}, stdin, str(SOMA_TILINGS))
        cmds["tiling3d python -c pass"] = ([peer_python, "-c", "pass"], {}, None, None)
    best = dict.fromkeys(cmds, float("inf"))
    # bytecode cached as an installed package has it (bench_startup does the same): written to
    # a temporary folder, never into the checkout; the first of the extra turn is not timed
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as cache:
        base["PYTHONPYCACHEPREFIX"] = cache
        for turn in range(turns + 1):
            for what, (argv, env, stdin, last) in cmds.items():
                start = time.perf_counter()
                done = subprocess.run(
                    argv, input=stdin, capture_output=True, text=True, env={**base, **env}
                )
                if turn:
                    best[what] = min(best[what], time.perf_counter() - start)
                said = done.stdout.strip().splitlines()[-1:] or [""]
                expect(done.returncode == 0, f"{what}: exit {done.returncode}")
                expect(
                    last is None or said[0] == last, f"{what}: printed {said[0]!r}, not {last!r}"
                )
    return best


# --- the peer --------------------------------------------------------------------------------


def spec(p: Puzzle) -> dict[str, Any]:
    """A problem as the peer worker reads it: cells as [layer, row, column] lists."""
    return {
        "figure": sorted(list(c) for c in p.figure.cells),
        "pieces": [[b.name, sorted(list(c) for c in b.shape)] for b in p.pieces],
    }


def peer(python: str, problems: list[Problem], repeat: int, soma: bool) -> dict[str, Any]:
    """The worker's timings and answers (bench/tiling3d_worker.py) in ``python``; checked."""
    puzzles = [puzzle(p.rows, p.blocks) for p in problems]
    data = {"repeat": repeat, "problems": [spec(p) for p in puzzles]}
    if soma:
        data |= {"soma": spec(soma_puzzle()), "soma_repeat": repeat}
    done = subprocess.run(
        [python, str(WORKER)], input=json.dumps(data), capture_output=True, text=True
    )
    if done.returncode != 0:
        expect(False, f"the peer worker exited {done.returncode}: {done.stderr.strip()[-300:]}")
        return {}
    got: dict[str, Any] = json.loads(done.stdout)
    want = [p.tilings for p in problems]
    expect(got["count"]["answers"] == want, "peer counts differ from ours")
    expect(got["search"]["answers"] == want, "peer search counts differ from ours")
    firsts = got["first"]["answers"]
    expect([f is not None for f in firsts] == [n > 0 for n in want], "peer solvable flags differ")
    bad = []
    for i, (p, f) in enumerate(zip(puzzles, firsts, strict=True)):
        if f is not None:
            sol = tuple(Placement(name, frozenset(tuple(c) for c in cells)) for name, cells in f)
            if not is_solution(p, sol):
                bad.append(i)
    expect(not bad, f"peer first tilings of problems {bad[:5]} fail is_solution")
    if soma:
        expect(got["soma"]["answers"] == [SOMA_TILINGS], f"peer Soma: {got['soma']['answers']}")
    return got


# --- the table -------------------------------------------------------------------------------


def us(seconds: float | None) -> str:
    """Seconds as a right-aligned figure in µs or ms."""
    if seconds is None:
        return f"{'-':>10}"
    return f"{seconds * 1e6:8.1f}us" if seconds < 1e-3 else f"{seconds * 1e3:8.2f}ms"


def ratio(a: float | None, b: float | None) -> str:
    """a / b, to three significant figures (ours against the peer's can be 0.004x)."""
    return f"{a / b:8.3g}x" if a is not None and b else f"{'-':>9}"


def report(
    table: dict[tuple[str, str], tuple[float, list[Any]]],
    soma: dict[tuple[str, str], float],
    whole: dict[str, float],
    theirs: dict[str, Any],
) -> None:
    """Print the tables (per problem, Soma in process, Soma whole process) on stdout."""
    name = f"tiling3d {theirs['version']}" if theirs else ""
    head = f"{'per problem, from text':24}{'pure Python':>12}{'compiled C':>12}{'C / Py':>9}"
    if theirs:
        head += f"{name:>16}{'C / peer':>10}{'Py / peer':>10}"
    print(head)
    for measure in MEASURES:
        py = table[measure, "pure Python"][0]
        c = table.get((measure, "compiled C"), (None,))[0]
        row = f"{measure:24}{us(py):>12}{us(c):>12}{ratio(c, py)}"
        if theirs and measure in PEER_OF:
            p = theirs[PEER_OF[measure]]["seconds"] / theirs["n"]
            row += f"{us(p):>16}{ratio(c, p):>10}{ratio(py, p):>10}"
        print(row)
    c = table.get(("count", "compiled C"), (None,))[0]
    if c is not None:
        met = "met" if c < 1e-3 else "NOT MET"
        print(f"target: a count in well under 1 ms on the compiled core: {us(c).strip()}, {met}")
    if theirs:
        print("peer rows: first tiling = get_single_solution, count = count_solutions (both build")
        print("  the 0/1 matrix), compile = create_exact_cover_matrix, search: count = dxz_count")

    print(
        f"\nSoma cube, {SOMA_TILINGS:,} tilings{'':4}{'pure Python':>12}{'compiled C':>12}"
        f"{'C / Py':>9}" + (f"{name:>16}{'C / peer':>10}" if theirs else "")
    )
    for measure in ("count()", "plain search"):
        py, c = soma[measure, "pure Python"], soma.get((measure, "compiled C"))
        row = f"{'in process, ' + measure:32}{us(py):>12}{us(c):>12}{ratio(c, py)}"
        if theirs and measure == "count()":
            p = theirs["soma"]["seconds"]
            row += f"{us(p):>16}{ratio(c, p):>10}"
        print(row)
    py, c = whole["pure Python"], whole.get("compiled C")
    row = f"{'whole process, ubongo solve':32}{us(py):>12}{us(c):>12}{ratio(c, py)}"
    if theirs and "tiling3d" in whole:
        row += f"{us(whole['tiling3d']):>16}{ratio(c, whole['tiling3d']):>10}"
    print(row)
    if "first tiling" in whole:
        print(f"{'whole process, without --count':32}{'':>12}{us(whole['first tiling']):>12}")
    bare = f"{'python -c pass':32}{us(whole['python -c pass']):>12}"
    if "tiling3d python -c pass" in whole:
        bare += f"  (the peer venv's: {us(whole['tiling3d python -c pass']).strip()})"
    print(bare)
    best = c if c is not None else py
    met = "met" if best <= 0.1 else "NOT MET"
    times = f"{us(best).strip()}, {best / whole['python -c pass']:.2f}x python -c pass"
    print(f"target: Soma counted in at most 0.1 s, whole process: {times}; {met}")
    print(f"whole process: {' '.join(['ubongo', *SOMA_ARGV])}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("-n", type=int, default=300, help="card problems (default 300)")
    ap.add_argument("--seed", type=int, default=0, help="workload seed (default 0)")
    ap.add_argument("--repeat", type=int, default=3, help="passes; each problem's best counts")
    ap.add_argument("--process-repeat", type=int, default=10, help="whole-process turns")
    ap.add_argument(
        "--tiling3d-python",
        default=TILING3D_PYTHON,
        metavar="PYTHON",
        help=f"Python of a scratch venv with tiling3d installed (default {TILING3D_PYTHON}; "
        "skipped when missing)",
    )
    ap.add_argument("--smoke", action="store_true", help="10 problems, one pass (CI)")
    a = ap.parse_args(argv)
    n, repeat, turns = (10, 1, 1) if a.smoke else (a.n, a.repeat, a.process_repeat)
    load, stamp = os.getloadavg()[0], time.strftime("%Y-%m-%d %H:%M")
    started = time.perf_counter()
    progress(f"drawing {n} problems (seed {a.seed})")
    problems = make_problems(n, a.seed)
    table = ours(problems, repeat)
    progress(f"Soma in process, best of {repeat}")
    soma = soma_in_process(repeat)
    peer_python = a.tiling3d_python if Path(a.tiling3d_python).exists() else None
    theirs: dict[str, Any] = {}
    if peer_python:
        progress(f"the peer: {peer_python} {WORKER.name}, {n} problems, {repeat} passes")
        theirs = peer(peer_python, problems, repeat, soma=True)
    progress(f"whole processes, best of {turns} turns")
    whole = processes(turns, peer_python if theirs else None)
    print(
        f"bench_3d.py{' --smoke' if a.smoke else ''}, {stamp}, load average {load:.1f} at the "
        f"start, {os.getloadavg()[0]:.1f} at the end; best of {repeat} passes per problem, "
        f"{turns} process turns"
    )
    print(describe(problems) + "\n")
    report(table, soma, whole, theirs)
    if not peer_python:
        print(
            f"\npeer: no {a.tiling3d_python}, skipped; to measure it: python3 -m venv "
            f"{Path(a.tiling3d_python).parent.parent} && {Path(a.tiling3d_python).parent}/pip "
            "install tiling3d"
        )
    print(f"\ntotal bench time {time.perf_counter() - started:.1f} s")
    if FAILED:
        print(f"\n{len(FAILED)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
