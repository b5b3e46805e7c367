"""The 12 pentominoes counted on every classic board, beside a fast public solver, in one run:
``python bench/bench_boards.py [--peer-pentomino DIR]``.

Boards: the rectangles 6x10, 5x12, 4x15 and 3x20, 8x8 less its centre 2x2, and 3x20 up to
symmetry (the count of tilings a turn or mirror image of another counts once). Per board:

    in process     ``count(Puzzle(figure, pentominoes))`` (``up_to_symmetry`` after it for the
                   last board), on the compiled core (best of ``--repeat``) and on the pure-Python
                   engine (one run); and ``core.tile``, our plain C bitboard search (lowest
                   empty cell, no symmetry broken), with its pruning of dead cells and without
                   it (no steps given): full runs only
    whole process  ``ubongo solve --pieces examples/pentominoes.json ROWS F I ... Z --count``,
                   start to exit, on each core (``UBONGO_PURE=1`` for pure Python), best of
                   ``--turns`` (pure Python: one)

With ``--peer-pentomino DIR`` (a checkout of sugyan/pentomino, Rust), its solver library is
copied under /tmp, built with ``cargo build --release --offline`` together with
``bench/peer_pentomino.rs`` (the copy's three uses of the crates num-traits and num-derive,
``Piece::from_usize``, are replaced by a function of the same name first, since crates cannot be
fetched here; nothing is written to DIR or to this repository), and run on the same boards in
process (building its tables and solving, best of ``--repeat``) and as a whole process; its
counts must equal ours. Without it no peer figure is printed: none measured elsewhere is shown.

Every count is checked (the known counts, the cores and the peer alike); a failed check makes
the exit status 1. ``--smoke``: the compiled core in process and pure Python on 4x15, one run
each, no whole process, no peer (CI).
"""

from __future__ import annotations

import argparse
import os
import re
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

from bench.bench_core import core  # noqa: E402
from bench.bench_peer import FAILED, best_pass, expect  # noqa: E402
from bench.bench_solver import progress  # noqa: E402
from bench.workload import PENTOMINOES  # noqa: E402
from ubongo.solver import Puzzle, count, parse_figure  # noqa: E402
from ubongo.solver import core as solver_core  # noqa: E402
from ubongo.solver.bitboard import KIT  # noqa: E402
from ubongo.solver.symmetry import up_to_symmetry  # noqa: E402
from ubongo.solver.text import joined_steps  # noqa: E402

PIECES_FILE = ROOT / "examples" / "pentominoes.json"
UBONGO = str(Path(sys.executable).parent / "ubongo")
CENTRE_OUT = ["########"] * 3 + ["###..###"] * 2 + ["########"] * 3


class Board:
    """A board of the bench: its name, rows, the count it must give and whether up to symmetry."""

    def __init__(self, name: str, rows: list[str], tilings: int, unique: bool = False) -> None:
        self.name, self.rows, self.tilings, self.unique = name, rows, tilings, unique
        self.peer_name = name.split()[0]  # the board's name in peer_pentomino.rs

    def puzzle(self) -> Puzzle:
        """The 12 pentominoes on this board."""
        return Puzzle(parse_figure(self.rows), tuple(PENTOMINOES.values()))

    def count(self) -> int:
        """What this board's row counts, through the public functions."""
        puzzle = self.puzzle()
        n = count(puzzle)
        return up_to_symmetry(puzzle, n) if self.unique else n


def rect(rows: int, cols: int) -> list[str]:
    """A rectangle's rows."""
    return ["#" * cols] * rows


BOARDS = [
    Board("6x10", rect(6, 10), 9356),
    Board("5x12", rect(5, 12), 4040),
    Board("4x15", rect(4, 15), 1472),
    Board("3x20", rect(3, 20), 8),
    Board("8x8-2x2", CENTRE_OUT, 520),
    Board("3x20 up to symmetry", rect(3, 20), 2, unique=True),
]
SMOKE_PURE = "4x15"  # the board pure Python counts in a smoke run (the quickest)


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """(wall seconds, result) of one call."""
    start = time.perf_counter()
    out = run()
    return time.perf_counter() - start, out


def plain_c(compiled: Any, puzzle: Puzzle, pruned: bool) -> int:
    """Tilings by our plain C search (``core.tile``: the lowest empty cell, no symmetry broken),
    with or without its pruning of dead cells (the lattice's steps, or none)."""
    kit, ids = KIT.ids(compiled, [(p.shape, puzzle.lattice) for p in puzzle.pieces])
    shapes = tuple(p.shape for p in puzzle.pieces)
    steps = joined_steps(shapes, puzzle.lattice) if pruned else ()
    fig = puzzle.figure
    n: int = compiled.tile(kit, fig.cells, fig.height, fig.width, ids, 1, -1, None, 1 << 40, steps)
    return n


def in_process(boards: list[Board], repeat: int, smoke: bool) -> dict[tuple[str, str], float]:
    """{(board, runner): seconds} of our counts in this process, each checked."""
    out: dict[tuple[str, str], float] = {}
    compiled = solver_core.load_core()
    for b in boards:
        if compiled is not None:
            with core(compiled):
                t, got = best_pass(lambda b=b: [b.count()], repeat)
            expect(got == [b.tilings], f"{b.name}: compiled core counts {got}, not {b.tilings}")
            out[b.name, "compiled C"] = t
            if not smoke and not b.unique:
                progress(f"{b.name}: plain C search, with and without its pruning")
                for name, pruned in (("plain C", True), ("unpruned C", False)):
                    t, n = timed(lambda b=b, p=pruned: plain_c(compiled, b.puzzle(), p))
                    expect(n == b.tilings, f"{b.name}: the {name} search counts {n}")
                    out[b.name, name] = t
        if not smoke or b.name == SMOKE_PURE:
            progress(f"{b.name}: pure Python")
            with core(None):
                t, n = timed(b.count)
            expect(n == b.tilings, f"{b.name}: pure Python counts {n}, not {b.tilings}")
            out[b.name, "pure Python"] = t
    return out


def whole_process(boards: list[Board], turns: int) -> dict[tuple[str, str], float]:
    """{(board, runner): wall seconds} of ``ubongo solve ... --count`` as a process."""
    out: dict[tuple[str, str], float] = {}
    names = list(PENTOMINOES)
    for b in boards:
        argv = [UBONGO, "solve", "--pieces", str(PIECES_FILE), "/".join(b.rows), *names, "--count"]
        for runner, pure, n in (("compiled C", "0", turns), ("pure Python", "1", 1)):
            env = {**os.environ, "UBONGO_PURE": pure}
            best = float("inf")
            for _ in range(n):
                start = time.perf_counter()
                done = subprocess.run(argv, capture_output=True, text=True, env=env)
                best = min(best, time.perf_counter() - start)
            found = re.search(r"(\d+) tilings(?: \((\d+) up to symmetry\))?", done.stdout)
            got = found and int(found.group(2 if b.unique else 1) or found.group(1))
            expect(got == b.tilings, f"{b.name}: the {runner} process printed {done.stdout!r}")
            out[b.name, runner] = best
    return out


def build_peer(checkout: Path, work: Path) -> Path:
    """peer_pentomino.rs built against a copy of the peer's solver library under ``work``."""
    lib = work / "pentomino-solver"
    shutil.copytree(checkout / "pentomino-solver", lib, ignore=shutil.ignore_patterns("target"))
    manifest = lib / "Cargo.toml"
    manifest.write_text(manifest.read_text().split("[dependencies]")[0] + "[dependencies]\n")
    pieces = lib / "src" / "pieces.rs"
    text = pieces.read_text().replace("use num_derive::FromPrimitive;\n", "")
    text = text.replace(", FromPrimitive)]", ")]")
    text += (
        "\nimpl Piece {\n    pub fn from_usize(i: usize) -> Option<Piece> {\n"
        "        [Piece::O, Piece::P, Piece::Q, Piece::R, Piece::S, Piece::T, Piece::U,\n"
        "         Piece::V, Piece::W, Piece::X, Piece::Y, Piece::Z].get(i).copied()\n    }\n}\n"
    )
    pieces.write_text(text)
    for rs in (lib / "src" / "solvers").rglob("*.rs"):
        rs.write_text(rs.read_text().replace("use num_traits::FromPrimitive;\n", ""))
    driver = work / "driver"
    (driver / "src").mkdir(parents=True)
    shutil.copy(ROOT / "bench" / "peer_pentomino.rs", driver / "src" / "main.rs")
    (driver / "Cargo.toml").write_text(
        '[package]\nname = "peer_pentomino"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\npentomino-solver = { path = "../pentomino-solver" }\n'
    )
    progress(f"peer: cargo build --release --offline in {driver}")
    cargo = ["cargo", "build", "--release", "--offline", "-q"]
    subprocess.run(cargo, cwd=driver, check=True, capture_output=True)
    return driver / "target" / "release" / "peer_pentomino"


def peer(
    driver: Path, solver: str, boards: list[Board], repeat: int, turns: int
) -> dict[tuple[str, str], float]:
    """{(board, "in process" | "whole process"): seconds} of the peer, its counts checked."""
    out: dict[tuple[str, str], float] = {}
    for b in boards:
        unique = "1" if b.unique else "0"
        argv = [str(driver), solver, b.peer_name, str(repeat), unique]
        done = subprocess.run(argv, capture_output=True, text=True, check=True)
        expect(int(done.stdout) == b.tilings, f"{b.name}: the peer counts {done.stdout.strip()}")
        out[b.name, "in process"] = int(done.stderr) / 1e9
        best = float("inf")
        for _ in range(turns):
            start = time.perf_counter()
            subprocess.run([*argv[:3], "1", unique], capture_output=True, check=True)
            best = min(best, time.perf_counter() - start)
        out[b.name, "whole process"] = best
    return out


def fmt(seconds: float | None) -> str:
    """Seconds in s or ms, or a dash."""
    if seconds is None:
        return "-"
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.2f} ms"


def ratio(a: float | None, b: float | None) -> str:
    """a / b as a ratio, or a dash."""
    return "-" if a is None or b is None else f"{a / b:.2f}x"


def table(title: str, boards: list[Board], ours: dict, runners: list[str], theirs: dict) -> None:
    """One table: per board each runner's time and, with the peer, each one's ratio to it."""
    head = f"{title:22}" + "".join(f"{r:>13}" for r in runners)
    if theirs:
        head += f"{'peer':>13}" + "".join(f"{r.split()[0] + ' / peer':>17}" for r in runners)
    print(head)
    for b in boards:
        row = f"{b.name:22}" + "".join(f"{fmt(ours.get((b.name, r))):>13}" for r in runners)
        if theirs:
            p = theirs.get(b.name)
            row += f"{fmt(p):>13}" + "".join(
                f"{ratio(ours.get((b.name, r)), p):>17}" for r in runners
            )
        print(row)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument(
        "--peer-pentomino",
        metavar="DIR",
        type=Path,
        help="a checkout of sugyan/pentomino, built in a copy under /tmp",
    )
    ap.add_argument(
        "--peer-solver",
        default="optimized-small",
        choices=["optimized-small", "optimized-large", "default"],
        help="which of the peer's solvers (its fastest here: optimized-small)",
    )
    ap.add_argument("--repeat", type=int, default=5, help="in-process runs; best shown")
    ap.add_argument("--turns", type=int, default=5, help="whole-process runs; best shown")
    ap.add_argument("--smoke", action="store_true", help="in process, one run, no peer (CI)")
    a = ap.parse_args(argv)
    repeat = 1 if a.smoke else a.repeat
    load, stamp = os.getloadavg()[0], time.strftime("%Y-%m-%d %H:%M")
    progress(f"our side in process: {len(BOARDS)} boards, best of {repeat}")
    ours = in_process(BOARDS, repeat, a.smoke)
    procs = {} if a.smoke else whole_process(BOARDS, a.turns)
    theirs: dict = {}
    if a.peer_pentomino is not None and not a.smoke:
        with tempfile.TemporaryDirectory(prefix="ubongo-peer-", dir="/tmp") as tmp:
            driver = build_peer(a.peer_pentomino.resolve(), Path(tmp))
            progress(f"peer side: {a.peer_solver}, the same boards")
            theirs = peer(driver, a.peer_solver, BOARDS, repeat, a.turns)
    print(
        f"bench_boards.py{' --smoke' if a.smoke else ''}, {stamp}, load average {load:.1f}, "
        f"12 pentominoes; in process best of {repeat} (pure Python and plain C: one run)"
        + ("" if a.smoke else f", whole process best of {a.turns} (pure Python: one)")
        + (f"; peer sugyan/pentomino {a.peer_solver}" if theirs else "")
    )
    inproc = {k[0]: v for k, v in theirs.items() if k[1] == "in process"}
    runners = ["compiled C", "pure Python", "plain C", "unpruned C"]
    table("in process", BOARDS, ours, runners, inproc)
    if procs:
        print()
        whole = {k[0]: v for k, v in theirs.items() if k[1] == "whole process"}
        table("whole process", BOARDS, procs, ["compiled C", "pure Python"], whole)
    if FAILED:
        print(f"\n{len(FAILED)} check(s) failed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
