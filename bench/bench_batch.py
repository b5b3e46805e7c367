"""Whole-process ``ubongo solve --batch`` on both cores in one run: ``bench/bench_batch.py``.

The workload's puzzles (``bench/workload.py``: 3000 easy and 3000 hard by default) are written
as one JSON Lines file; then ``ubongo solve --batch FILE`` and ``... --count`` run as separate
processes, each with the compiled core and with ``UBONGO_PURE=1``, and the plain pure-Python
prototype (``bench/prototype.py``, the same search written the simple way) on the same file,
taking turns, best of ``--repeat`` wall times each, and beside it the best CPU time (user and
system, from ``getrusage``: on two shared cores the wall clock mostly measures the other
sessions). Process start-up is part of every figure, as it is for a user. Each core's time is
printed as a ratio to the prototype's, beside the target (compiled <= 0.6x, pure Python
<= 1.0x).
Outputs are cross-checked outside the timings: both cores write the same bytes, every line is
solvable (the puzzles are built from a tiling), the prototype answers the same (same solvable
flags and counts; its tilings, which may differ, cover each figure with the pieces given) and
the exit status is 0; a failed check makes the exit status 1.
The 6x10 pentomino count (``ubongo solve examples/6x10.txt ... --count``) runs once per core
with wall time and peak memory (``/usr/bin/time -f %M``; issue 13: at most 100 MB).
``--smoke``: 200 puzzles, one repeat, no pentomino count (CI).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: make ``bench`` importable
    sys.path.insert(0, str(ROOT))

from bench.workload import PENTOMINO_TILINGS_6X10, make_workload  # noqa: E402
from ubongo.solver import STANDARD  # noqa: E402

UBONGO = [sys.executable, "-m", "ubongo"]
PROTOTYPE = [sys.executable, str(ROOT / "bench" / "prototype.py")]
CORES = {"compiled": {}, "pure": {"UBONGO_PURE": "1"}}
TARGETS = {"compiled": 0.6, "pure": 1.0}  # issue 13: time / the prototype's time, at most
FAILED: list[str] = []


def expect(ok: bool, what: str) -> None:
    """Record a failed cross-check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def write_batch(path: Path, n: int) -> None:
    """``n`` workload puzzles (half 3-piece, half 4-piece) as JSON Lines at ``path``."""
    w = make_workload(easy=n // 2, hard=n - n // 2, figures=0)
    with path.open("w", encoding="utf-8") as fh:
        for i, item in enumerate(w.puzzles):
            p = item.puzzle
            line = {"id": f"p{i}", "figure": p.figure.rows(), "pieces": [x.name for x in p.pieces]}
            fh.write(json.dumps(line) + "\n")


def run(args: list[str], core: str) -> tuple[float, float, bytes, int]:
    """Wall and CPU seconds (user and system) of one ``ubongo`` process on ``core`` (or of the
    prototype), its stdout and exit status."""
    cmd = PROTOTYPE + args[2:] if core == "prototype" else UBONGO + args
    env = {**os.environ, **CORES.get(core, {})}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, cwd=ROOT, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout, done.returncode


def covers(line: dict[str, object], want: dict[str, object]) -> bool:
    """Whether the prototype's tiling covers the figure with the pieces of the puzzle."""
    rows, figure = line["solution"], want["figure"]
    if not isinstance(rows, list) or not isinstance(figure, list) or len(rows) != len(figure):
        return False
    cells = [(r, c) for r, row in enumerate(figure) for c, ch in enumerate(row) if ch == "#"]
    drawn = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
    letters = sorted(ch for row in rows for ch in row if ch != ".")
    names = want["pieces"]
    assert isinstance(names, list)
    areas = sorted(len(STANDARD[n].shape) * STANDARD[n].code for n in names)
    return cells == drawn and "".join(letters) == "".join(sorted("".join(areas)))


def check_prototype(path: Path, ours: bytes, theirs: bytes) -> None:
    """The prototype's answers against ours: same solvable flags and counts, tilings that fit."""
    puzzles = [json.loads(x) for x in path.read_text().splitlines()]
    mine = [json.loads(x) for x in ours.decode().splitlines()]
    other = [json.loads(x) for x in theirs.decode().splitlines()]
    expect(len(other) == len(mine), f"prototype: {len(other)} lines for {len(mine)}")
    same = all(
        (a["id"], a["solvable"], a.get("tilings")) == (b["id"], b["solvable"], b.get("tilings"))
        for a, b in zip(mine, other, strict=False)
    )
    expect(same, "the prototype's answers differ from ubongo's")
    ok = all(covers(b, p) for b, p in zip(other, puzzles, strict=False) if b["solvable"])
    expect(ok, "a prototype tiling does not cover its figure with its pieces")


def bench_batch(path: Path, n: int, repeat: int) -> None:
    """Best wall time of ``solve --batch`` (and ``--count``) per core and of the prototype,
    turn by turn."""
    for extra in ([], ["--count"]):
        runners = [*CORES, "prototype"]
        best = {core: float("inf") for core in runners}
        cpu = dict(best)
        outputs: dict[str, bytes] = {}
        for _ in range(repeat):
            for core in runners:
                wall, used, out, rc = run(["solve", "--batch", str(path), *extra], core)
                best[core] = min(best[core], wall)
                cpu[core] = min(cpu[core], used)
                outputs[core] = out
                expect(rc == 0, f"solve --batch {' '.join(extra)} ({core}) exit {rc}")
        lines = outputs["compiled"].decode().splitlines()
        expect(len(lines) == n, f"{len(lines)} output lines for {n} puzzles")
        expect(all(json.loads(x)["solvable"] for x in lines), "a built puzzle unsolvable")
        expect(outputs["compiled"] == outputs["pure"], "the cores' batch outputs differ")
        check_prototype(path, outputs["compiled"], outputs["prototype"])
        label = f"solve --batch {' '.join(extra)}".strip()
        for core in runners:
            per = best[core] / n * 1e6
            ratio = best[core] / best["prototype"]
            cpu_ratio = cpu[core] / cpu["prototype"]
            target = f"(target <= {TARGETS[core]:.1f}x)" if core in TARGETS and not extra else ""
            print(
                f"  {label:<24} {core:<9} {best[core]:7.2f} s   {per:7.1f} us/puzzle"
                f"   {ratio:5.2f}x prototype   CPU {cpu[core] * 1e3:5.0f} ms {cpu_ratio:5.2f}x"
                f" {target}".rstrip()
            )


def bench_pentominoes() -> None:
    """The 12 pentominoes in 6x10 counted by the CLI on each core: wall time and peak memory."""
    args = ["solve", "--pieces", "examples/pentominoes.json", "examples/6x10.txt", *"FILNPTUVWXYZ"]
    args += [
        "--count",
        "--json",
        "--timeout",
        "900",
    ]  # the pure count outlasts the 60 s default on a loaded machine
    for core in CORES:
        done = subprocess.run(
            ["/usr/bin/time", "-f", "%M %e", *UBONGO, *args],
            env={**os.environ, **CORES[core]},
            capture_output=True,
            cwd=ROOT,
            check=False,
        )
        tilings = json.loads(done.stdout)["tilings"] if done.stdout else None
        expect(tilings == PENTOMINO_TILINGS_6X10, f"6x10 count {tilings} ({core})")
        kib, wall = done.stderr.decode().split()[-2:]
        mib = int(kib) / 1024
        print(f"  6x10 pentominoes --count  {core:<9} {float(wall):7.2f} s   {mib:7.1f} MiB")


def main() -> int:
    """Run the benchmark; exit 1 when a cross-check failed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("-n", type=int, default=6000, help="puzzles in the batch")
    ap.add_argument("--repeat", type=int, default=3, help="runs per core; the best is shown")
    ap.add_argument("--smoke", action="store_true", help="200 puzzles, one run, no 6x10")
    ap.add_argument("--no-6x10", action="store_true", help="skip the 6x10 pentomino count")
    a = ap.parse_args()
    n, repeat = (200, 1) if a.smoke else (a.n, a.repeat)
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M")
    print(f"bench_batch: {n} puzzles, best of {repeat}, {stamp}, load average {load:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "batch.jsonl"
        write_batch(path, n)
        bench_batch(path, n, repeat)
    if not (a.smoke or a.no_6x10):
        bench_pentominoes()
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
