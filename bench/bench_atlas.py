"""Time ``ubongo atlas build``: ``python bench/bench_atlas.py`` (``--smoke`` for CI).

In one run: the whole-process build of a small frame (4x5; 4x4 with ``--smoke``) with
``--workers 1`` and ``--workers 2``, each timed and its peak memory read (the largest process,
driver or worker, from ``getrusage``), their shard files checked byte-identical (exit 1 if
not); the same for the atlas of Ubongo 3D's blocks (``--pieces ubongo-3d``: footprints of 5-10
squares two high, 4x5; 3x4 with ``--smoke``); then a sample of the 5x6 build's shards
(``--sample`` of its 256, dealt round-robin so each carries about 1/256 of the work) run on a
pool of 2, whose figures per second give the projected time of the full 5x6 atlas (2,449,369
figures). Targets from issue 12 are printed beside the figures, never enforced: the machine
is shared and noisy, so the load average is printed too.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ubongo.puzzles.atlas.build import Spec, build_shard, default_shards, tasks
from ubongo.solver.pieces import STANDARD

FULL_5X6 = 2_449_369
"""Figures of 11-18 cells in the 5x6 frame: the issue's independent count, which ours matches."""
TARGET_SECONDS = 600.0
TARGET_SPEEDUP = 1.8
TARGET_MIB = 1024


def build(frame: str, workers: int, out: Path, extra: Sequence[str] = ()) -> tuple[float, float]:
    """Wall seconds and peak MiB of one whole-process ``ubongo atlas build``."""
    ubongo = Path(sys.executable).with_name("ubongo")
    cmd = [str(ubongo), "atlas", "build", "--frame", frame, "-o", str(out), "-q", *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    subprocess.run([*cmd, "--workers", str(workers)], check=True)
    wall = time.perf_counter() - t0
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    return wall, peak / 1024


def same_shards(a: Path, b: Path) -> bool:
    """Whether two builds wrote byte-identical shard files."""
    fa, fb = Path(f"{a}.shards"), Path(f"{b}.shards")
    names = sorted(p.name for p in fa.glob("*.parquet"))
    if names != sorted(p.name for p in fb.glob("*.parquet")):
        return False
    _, mismatch, errors = filecmp.cmpfiles(fa, fb, names, shallow=False)
    return not mismatch and not errors


def sample_5x6(count: int) -> tuple[int, float, int]:
    """Figures and wall seconds of ``count`` of the 5x6 build's shards on a pool of 2, and the
    number of shards of the build."""
    spec = Spec((5, 6), (11, 18), (3, 4), STANDARD)
    todo = tasks(spec, default_shards(spec))
    picked = todo[:: max(1, len(todo) // count)][:count]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(2) as ex:
        figures = sum(r.count for r in ex.map(build_shard, picked))
    return figures, time.perf_counter() - t0, len(todo)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=4, help="5x6 shards to time (of 256)")
    ap.add_argument("--smoke", action="store_true", help="the 4x4 frame, no 5x6 sample (CI)")
    args = ap.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores, shared)")
    identical = compare("4x4" if args.smoke else "4x5", "atlas")
    cubes = ["--pieces", "ubongo-3d"]
    identical &= compare("3x4" if args.smoke else "4x5", "ubongo-3d atlas", cubes)
    if not args.smoke:
        figures, seconds, shards = sample_5x6(args.sample)
        rate = figures / seconds
        print(
            f"5x6 atlas, {args.sample} of {shards} shards on 2 workers: {figures} figures "
            f"({figures * shards / args.sample / FULL_5X6:.2f}x the mean shard's), "
            f"{rate:.0f} figures/s; projected {FULL_5X6 / rate / 60:.0f} min for the "
            f"{FULL_5X6} figures (target {TARGET_SECONDS / 60:.0f} min)"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0 if identical else 1


def compare(frame: str, what: str, extra: Sequence[str] = ()) -> bool:
    """Build one atlas with 1 and 2 workers, print times, rates and peaks; whether the two
    wrote the same shard bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        one, two = Path(tmp, "one.duckdb"), Path(tmp, "two.duckdb")
        w1, m1 = build(frame, 1, one, extra)
        w2, m2 = build(frame, 2, two, extra)
        figures = int(
            subprocess.run(
                [str(Path(sys.executable).with_name("ubongo")), "atlas", "sql", str(one),
                 "SELECT count(*) FROM figures"],
                check=True, capture_output=True, text=True,
            ).stdout.split()[-1]
        )  # fmt: skip
        size = one.stat().st_size / 2**20
        identical = same_shards(one, two)
    print(f"{frame} {what}, {figures} figures, {size:.1f} MiB, whole process (start-up, writing):")
    print(f"  --workers 1: {w1:7.2f} s {figures / w1:9.0f} figures/s  peak {m1:6.0f} MiB")
    print(f"  --workers 2: {w2:7.2f} s {figures / w2:9.0f} figures/s  peak {m2:6.0f} MiB")
    print(f"  speed-up: {w1 / w2:.2f}x (target >= {TARGET_SPEEDUP}x on 2 cores)")
    print(f"  shard files byte-identical: {'yes' if identical else 'NO'}")
    return identical


if __name__ == "__main__":
    sys.exit(main())
