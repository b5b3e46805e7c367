"""Our searches against a peer, all measured in one run: ``python bench/bench_peer.py``.

Per puzzle of the workload (``bench/workload.py``: 300 three-piece and 300 four-piece puzzles,
40 figures to analyse at sizes 3 and 4), each from text (a figure's rows and piece names, as a
batch line gives them), best of ``--repeat`` passes over the whole workload:

    first tiling   ``TextSolver().check(rows, names)``: the verdict, its tiling left undrawn
    count          ``TextSolver().check(rows, names, want_count=True)``: every tiling counted
    first tiling, solve()  ``solve(Puzzle(parse_figure(rows), pieces), engine="bitboard")``:
                   the public API, a Figure and a Puzzle built, the tiling decoded into Placements
    count, count() ``count(Puzzle(parse_figure(rows), pieces), engine="bitboard")``
    analyze        ``analyze(parse_figure(rows), size)``, every combination and its tilings
    first tiling, 7-12 pieces  ``TextSolver().check(rows, names)`` on 60 puzzles of 7 to 12
                   pieces (``workload.large_puzzles``): the auto engine, as ``ubongo solve``

on the compiled core and on the pure-Python engine, with the plain pure-Python prototype
(``bench/prototype.py``) as a baseline for the first two. With ``--peer-ubongo-utils DIR``
(a checkout of the C++ library ubongo-utils), the peer is built in a temporary copy under
/tmp (``./configure CXXFLAGS=-O2``, ``make`` of its library; nothing is written to DIR or to
this repository) together with ``bench/peer_driver.cpp``, which calls the library in one
process on the same workload read from text; its times join the table with the ratios
ours / peer. Without it no peer figure is printed: none measured elsewhere is ever shown.

Every answer is cross-checked outside the timings (the cores against each other, the
prototype's and the peer's counts and combinations against ours); a failed check makes the
exit status 1. ``--smoke``: 20 puzzles and 4 figures, one pass (CI).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(ROOT))

from bench import prototype  # noqa: E402
from bench.bench_core import core  # noqa: E402
from bench.workload import large_puzzles, make_workload  # noqa: E402
from ubongo.solver import STANDARD, Puzzle, analyze, count, parse_figure, solve  # noqa: E402
from ubongo.solver import core as solver_core  # noqa: E402
from ubongo.solver.text import TextSolver  # noqa: E402

FAILED: list[str] = []
SIZES = (3, 4)
LARGE = "first tiling, 7-12 pieces"
MEASURES = ("first tiling", "count", "first tiling, solve()", "count, count()", "analyze", LARGE)
PEER_OF = {"first tiling": "first tiling", "count": "count", "analyze": "analyze", LARGE: LARGE}
PEER_OF |= {"first tiling, solve()": "first tiling", "count, count()": "count"}
"""The peer's measure each of ours is set against; the prototype runs the first two only."""
Text = tuple[tuple[str, ...], tuple[str, ...]]


def expect(ok: bool, what: str) -> None:
    """Record a failed cross-check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def best_pass(run: Callable[[], list[Any]], repeat: int) -> tuple[float, list[Any]]:
    """Best wall seconds of ``repeat`` calls and the answers of the last."""
    best, out = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        out = run()
        best = min(best, time.perf_counter() - start)
    return best, out


def from_text(rows: tuple[str, ...], names: tuple[str, ...]) -> Puzzle:
    """A Puzzle from figure rows and piece names, as a batch line gives them."""
    return Puzzle(parse_figure(list(rows)), STANDARD.resolve(names))


def ours(
    puzzles: list[Text],
    figures: list[tuple[tuple[str, ...], int]],
    large: list[Text],
    repeat: int,
) -> dict:
    """{(measure, runner): (seconds per item, answers)} for both cores and the prototype."""
    lines = [
        json.dumps({"id": i, "figure": list(r), "pieces": list(n)})
        for i, (r, n) in enumerate(puzzles)
    ]
    text = TextSolver()  # prepared once per piece set, as a batch prepares it
    runs: dict[str, Callable[[], list[Any]]] = {
        "first tiling": lambda: [text.check(r, n).solvable for r, n in puzzles],
        "count": lambda: [text.check(r, n, want_count=True).tilings for r, n in puzzles],
        "first tiling, solve()": lambda: [
            solve(from_text(r, n), engine="bitboard") is not None for r, n in puzzles
        ],
        "count, count()": lambda: [count(from_text(r, n), engine="bitboard") for r, n in puzzles],
        "analyze": lambda: [
            sorted((c.pieces, c.tilings) for c in analyze(parse_figure(list(r)), size))
            for r, size in figures
        ],
        LARGE: lambda: [text.check(r, n).solvable for r, n in large],
    }
    out: dict[tuple[str, str], tuple[float, list[Any]]] = {}
    compiled = solver_core.load_core()
    for measure, run in runs.items():
        n = {"analyze": len(figures), LARGE: len(large)}.get(measure, len(puzzles))
        for name, module in (("pure Python", None), ("compiled C", compiled)):
            if name == "compiled C" and module is None:
                continue
            with core(module):
                t, answers = best_pass(run, repeat)
            out[measure, name] = (t / n, answers)
        if measure in ("first tiling", "count"):
            want_all = measure == "count"
            t, answers = best_pass(
                lambda w=want_all: [prototype.answer(x, w) for x in lines], repeat
            )
            answers = [a["tilings"] if want_all else a["solvable"] for a in answers]
            out[measure, "prototype"] = (t / n, answers)
    for measure in runs:
        got = {k[1]: v[1] for k, v in out.items() if k[0] == measure}
        expect(all(a == got["pure Python"] for a in got.values()), f"{measure}: runners differ")
    for api, lean in (("first tiling, solve()", "first tiling"), ("count, count()", "count")):
        same = out[api, "pure Python"][1] == out[lean, "pure Python"][1]
        expect(same, f"{api} and {lean} differ")
    return out


def build_peer(checkout: Path, work: Path) -> Path:
    """The driver compiled against a copy of the peer library built under ``work``."""
    src = work / "ubongo-utils"
    shutil.copytree(checkout, src, ignore=shutil.ignore_patterns(".git"))
    progress(f"peer: configure and make in {src}")
    subprocess.run(["./configure", "CXXFLAGS=-O2"], cwd=src, check=True, capture_output=True)
    lib = src / "lib" / "ubongo"
    subprocess.run(["make", "libubongo.la"], cwd=lib, check=True, capture_output=True)
    driver = work / "peer_driver"
    cmd = ["g++", "-O2", "-I", str(src / "lib"), "-I", str(src)]
    cmd += [str(ROOT / "bench" / "peer_driver.cpp"), str(lib / ".libs" / "libubongo.a")]
    subprocess.run([*cmd, "-o", str(driver)], check=True, capture_output=True)
    return driver


def peer(
    driver: Path,
    pieceset: Path,
    puzzles: list[Text],
    figures: list[tuple[tuple[str, ...], int]],
    large: list[Text],
    repeat: int,
    work: Path,
) -> dict:
    """{measure: (seconds per item, answers)} of the peer driver, in one process per measure."""
    codes = {name: p.code for name, p in STANDARD.items()}
    names = {p.code: name for name, p in STANDARD.items()}
    texts = {
        "first": ["/".join(r) + " " + "".join(codes[x] for x in n) for r, n in puzzles],
        "count": ["/".join(r) + " " + "".join(codes[x] for x in n) for r, n in puzzles],
        "analyze": ["/".join(r) + f" {size}" for r, size in figures],
        "large": ["/".join(r) + " " + "".join(codes[x] for x in n) for r, n in large],
    }
    out = {}
    for mode, lines in texts.items():
        path = work / f"{mode}.txt"
        path.write_text("\n".join(lines) + "\n")
        done = subprocess.run(
            [
                str(driver),
                {"large": "first"}.get(mode, mode),
                str(pieceset),
                str(path),
                str(repeat),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        answers: list[Any] = done.stdout.splitlines()
        if mode in ("first", "large"):
            answers = [a == "1" for a in answers]
        elif mode == "count":
            answers = [int(a) for a in answers]
        else:
            answers = [
                sorted(
                    (tuple(sorted((names[ch] for ch in combo), key=list(STANDARD).index)), int(n))
                    for combo, n in (pair.split(":") for pair in a.split())
                )
                for a in answers
            ]
        measure = {"first": "first tiling", "large": LARGE}.get(mode, mode)
        out[measure] = (int(done.stderr.split()[-1]) / 1e9 / len(lines), answers)
    return out


def progress(what: str) -> None:
    """A line on stderr: what the benchmark does now."""
    print(f"[bench_peer] {what}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument(
        "--peer-ubongo-utils",
        metavar="DIR",
        type=Path,
        help="a checkout of the C++ ubongo-utils, built in a copy under /tmp",
    )
    ap.add_argument("--repeat", type=int, default=3, help="passes over the workload; best shown")
    ap.add_argument("--smoke", action="store_true", help="20 puzzles, 4 figures, one pass (CI)")
    a = ap.parse_args(argv)
    n, nfig, nlarge, repeat = (20, 4, 6, 1) if a.smoke else (600, 40, 60, a.repeat)
    w = make_workload(easy=n // 2, hard=n - n // 2, figures=nfig)
    puzzles = [
        (tuple(i.puzzle.figure.rows()), tuple(p.name for p in i.puzzle.pieces)) for i in w.puzzles
    ]
    figures = [(tuple(f.rows()), size) for f in w.figures for size in SIZES]
    large = [
        (tuple(i.puzzle.figure.rows()), tuple(p.name for p in i.puzzle.pieces))
        for i in large_puzzles(nlarge)
    ]
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M")
    progress(f"our side: {len(puzzles)} + {len(large)} puzzles, {len(figures)} analyses")
    table = ours(puzzles, figures, large, repeat)
    theirs: dict = {}
    if a.peer_ubongo_utils is not None:
        with tempfile.TemporaryDirectory(prefix="ubongo-peer-", dir="/tmp") as tmp:
            work = Path(tmp)
            driver = build_peer(a.peer_ubongo_utils.resolve(), work)
            pieceset = work / "ubongo-utils" / "data" / "orig"
            progress("peer side: the same workload, one process per measure")
            theirs = peer(driver, pieceset, puzzles, figures, large, repeat, work)
        for measure, (_, answers) in theirs.items():
            expect(answers == table[measure, "pure Python"][1], f"{measure}: the peer differs")
    print(
        f"bench_peer.py{' --smoke' if a.smoke else ''}, {stamp}, load average {load:.1f}, "
        f"{len(puzzles)} + {len(large)} puzzles, {len(figures)} analyses (figure, size), "
        f"best of {repeat}"
    )
    runners = ["prototype", "pure Python", "compiled C"]
    head = f"{'per item, from text':26}" + "".join(f"{r:>13}" for r in runners)
    if theirs:
        head += f"{'peer C++':>13}{'C / peer':>10}{'Py / peer':>10}"
    print(head)
    for measure in MEASURES:
        row = f"{measure:26}"
        for r in runners:
            got = table.get((measure, r))
            row += f"{got[0] * 1e6:11.1f}us" if got else f"{'-':>13}"
        if theirs:
            p = theirs[PEER_OF[measure]][0]
            c = table.get((measure, "compiled C"), table[measure, "pure Python"])[0]
            py = table[measure, "pure Python"][0]
            row += f"{p * 1e6:11.1f}us{c / p:9.2f}x{py / p:9.2f}x"
        print(row)
    if FAILED:
        print(f"\n{len(FAILED)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
