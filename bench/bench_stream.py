"""Whole-process ``ubongo score FILE --jsonl -o out.jsonl`` on a million sessions:
``python bench/bench_stream.py``.

For each game, ``ubongo simulate`` writes the sessions to a file (streamed; Ubongo 4 players,
Jaipur and Jambo 2, Amul 4); then one ``ubongo score FILE --jsonl -o OUT`` process scores them,
timed from start to exit (start-up included, as a user sees it), with its CPU time and peak
RSS taken from ``os.wait4`` (the child's own ``ru_utime + ru_stime`` and ``ru_maxrss``): on a
shared machine the sessions per CPU second say more than those per wall second. Targets are
printed beside the figures, never enforced (two shared, noisy cores); the exit status is 1 only
when a check fails: the score exits 0 and writes one valid result per session. Session counts:
1,000,000 for Ubongo and Jaipur, 100,000 for Amul and 2,000 for Jambo (its simulator referees
every event with the engine, ~10 ms a session: generating, not scoring, is what limits it).
``--sessions N`` sets one count for every game; ``--keep DIR`` keeps the generated files there
and reuses them (generating a million sessions takes longer than scoring them); ``--distinct
K`` simulates only K sessions per game and repeats them (same ids) up to the count, for a
machine too busy to simulate a million Jaipur games (scoring keeps nothing between records,
so a repeated session costs what a new one does).
``--workers 1,2`` (the default) scores each file with ``-j 1`` and then ``-j 2``.
``--smoke``: 2,000 sessions per game (Jambo 200), for CI.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UBONGO = [sys.executable, "-m", "ubongo"]
PLAYERS = {"ubongo": 4, "jaipur": 2, "jambo": 2, "amul": 4}
FULL = {"ubongo": 1_000_000, "jaipur": 1_000_000, "amul": 100_000, "jambo": 2_000}
SMOKE = {"ubongo": 2_000, "jaipur": 2_000, "amul": 2_000, "jambo": 200}
RATE_TARGET = {"ubongo": 20_000, "jaipur": 20_000}  # sessions per second
RSS_TARGET_MB = 150
SEED = 1
FAILED: list[str] = []


def expect(ok: bool, what: str) -> None:
    """Record a failed check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def sessions_file(
    folder: Path, game: str, count: int, distinct: int | None = None
) -> tuple[Path, float | None]:
    """The file of ``count`` simulated sessions of ``game`` in ``folder`` (made when missing,
    through a temporary name so that an interrupted run is never reused), ``distinct`` of them
    simulated and repeated in turn; the seconds it took to make, or None when it was there."""
    if distinct is not None and distinct < count:
        return _repeated(folder, game, count, distinct)
    path = folder / f"{game}-p{PLAYERS[game]}-seed{SEED}-n{count}.jsonl"
    if path.exists():
        return path, None
    partial = path.with_suffix(".partial")
    args = ["simulate", game, "-p", str(PLAYERS[game]), "--seed", str(SEED), "-n", str(count)]
    start = time.perf_counter()
    with partial.open("wb") as out:
        done = subprocess.run(UBONGO + args, stdout=out, cwd=ROOT, check=False)
    expect(done.returncode == 0, f"simulate {game} exit {done.returncode}")
    partial.replace(path)
    return path, time.perf_counter() - start


def _repeated(folder: Path, game: str, count: int, distinct: int) -> tuple[Path, float | None]:
    """``count`` sessions: the ``distinct`` simulated ones over and over (the last copy cut)."""
    path = folder / f"{game}-p{PLAYERS[game]}-seed{SEED}-n{count}-of{distinct}.jsonl"
    if path.exists():
        return path, None
    start = time.perf_counter()
    base, _ = sessions_file(folder, game, distinct)
    partial = path.with_suffix(".partial")
    with partial.open("wb") as out:
        left = count
        while left:
            with base.open("rb") as lines:
                for line in itertools.islice(lines, left):
                    out.write(line)
                    left -= 1
    partial.replace(path)
    return path, time.perf_counter() - start


def score(path: Path, out: Path, workers: int) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds (user + system), peak RSS (MB) and exit status of
    ``ubongo score PATH --jsonl -o OUT -j WORKERS``. With workers, ``os.wait4`` counts the
    pool's processes too (they are the child's children, waited for): CPU is their sum, peak
    RSS the largest one's."""
    start = time.perf_counter()
    args = ["score", str(path), "--jsonl", "-o", str(out), "-j", str(workers)]
    child = subprocess.Popen([*UBONGO, *args], cwd=ROOT, stderr=subprocess.PIPE)
    assert child.stderr is not None
    errors = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if errors:
        print(errors.decode(errors="replace")[:2000], file=sys.stderr)
    cpu = usage.ru_utime + usage.ru_stime
    return seconds, cpu, usage.ru_maxrss / 1024, child.returncode


def valid_results(out: Path) -> tuple[int, int]:
    """(lines, lines of a valid result) of a ``--jsonl`` output, read in blocks."""
    lines = valid = 0
    with out.open("rb") as fh:
        for line in fh:
            lines += 1
            valid += b'"valid": true' in line
    return lines, valid


def startup() -> float:
    """Wall seconds of ``ubongo --version``: the start-up every figure includes."""
    start = time.perf_counter()
    subprocess.run([*UBONGO, "--version"], cwd=ROOT, capture_output=True, check=True)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Generate, score and print one line per game; 1 when a check failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, help="sessions per game (default: see above)")
    parser.add_argument("--games", default="ubongo,jaipur,amul,jambo", help="comma-separated")
    parser.add_argument("--distinct", type=int, help="simulate this many, repeat to the count")
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the session files here")
    parser.add_argument("--workers", default="1,2", help="-j values to run, comma-separated")
    parser.add_argument("--smoke", action="store_true", help="2,000 sessions a game (CI)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = sorted(set(games) - set(PLAYERS))
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    counts = SMOKE if args.smoke else FULL
    with tempfile.TemporaryDirectory(prefix="bench-stream-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"start-up (ubongo --version): {startup():.2f} s")
        head = f"{'game':7} {'-j':>2} {'sessions':>10} {'made in':>9} {'scored in':>10}"
        print(f"{head} {'sessions/s':>11} {'CPU':>9} {'per CPU s':>10} {'peak RSS':>9}  targets")
        for game in games:
            count = args.sessions or counts[game]
            path, made = sessions_file(folder, game, count, args.distinct)
            for workers in (int(w) for w in args.workers.split(",")):
                out = Path(scratch) / f"{game}.out.jsonl"
                seconds, cpu, rss, status = score(path, out, workers)
                expect(status == 0, f"score {game} -j {workers} exit {status}")
                lines, valid = valid_results(out)
                expect(lines == count and valid == count, f"{game}: {valid}/{lines} valid")
                out.unlink()
                rate = count / seconds
                target = RATE_TARGET.get(game)
                said = f">= {target:,}/s {'ok' if rate >= target else 'BELOW'}, " if target else ""
                said += f"<= {RSS_TARGET_MB} MB {'ok' if rss <= RSS_TARGET_MB else 'ABOVE'}"
                made_in = f"{made:.1f} s" if made is not None else "kept"
                made = None  # made once, scored once per -j
                print(
                    f"{game:7} {workers:>2} {count:>10,} {made_in:>9} {seconds:>8.2f} s"
                    f" {rate:>11,.0f} {cpu:>7.2f} s {count / cpu:>10,.0f} {rss:>6.1f} MB  {said}",
                    flush=True,
                )
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
