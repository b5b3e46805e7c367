"""Start-up of the ``ubongo`` command against a bare Python, in one run: ``bench/bench_startup.py``.

Three commands run as separate processes, taking turns, best of ``--repeat`` wall times each:
``python -c pass`` (the same interpreter, so the same ``site`` and editable-install hooks),
``ubongo --version`` and ``ubongo verify`` (the bundled standard set: 432 combinations solved,
so the figure is start-up plus a short search, as a user meets it). Each time is printed with
its ratio to the bare Python's, beside the target of issue 19 (``--version`` at most 3x,
``verify`` at most 4x); the targets are reported, never enforced (2 noisy cores).
``ubongo`` is the console script installed beside this interpreter, else ``python -m ubongo``.
The kind of install is printed: an editable install (the README's, CI's) adds its import hook to
every start, the bare Python's included, so its ratios are lower than a wheel install's.
The commands run in a temporary folder, as from anywhere but the checkout, with bytecode
caches as an installed package has them (``PYTHONPYCACHEPREFIX``, a temporary folder: nothing is
written into the checkout; ``PYTHONDONTWRITEBYTECODE`` is dropped) after one untimed run each.
Outputs are cross-checked outside the timings: exit status 0, the version line names the
version and the core, verify finds every combination solvable; a failed check makes the exit
status 1. ``--smoke``: three runs each (CI).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("ubongo")
UBONGO = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "ubongo"]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "ubongo --version": [*UBONGO, "--version"],
    "ubongo verify": [*UBONGO, "verify"],
}
TARGETS = {"ubongo --version": 3.0, "ubongo verify": 4.0}  # issue 19: time / bare Python's
EXPECTED = {
    "python -c pass": re.compile(r""),
    "ubongo --version": re.compile(r"ubongo, version \S+ \(core: (compiled C|pure Python)\)\n"),
    "ubongo verify": re.compile(r"standard: (\d+)/\1 combinations solvable\n"),
}
FAILED: list[str] = []


def expect(ok: bool, what: str) -> None:
    """Record a failed cross-check; the run goes on and exits 1."""
    if not ok:
        FAILED.append(what)
        print(f"  CHECK FAILED: {what}", file=sys.stderr)


def run(cmd: list[str], cwd: str) -> tuple[float, str, int]:
    """Wall seconds of one process, its stdout and its exit status."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(cwd) / "pycache")
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, cwd=cwd, env=env, check=False, text=True)
    return time.perf_counter() - start, done.stdout, done.returncode


def best_times(repeat: int, cwd: str) -> dict[str, float]:
    """Best wall seconds of each command over ``repeat`` turns, outputs checked."""
    best = dict.fromkeys(COMMANDS, float("inf"))
    for cmd in COMMANDS.values():  # writes the bytecode caches
        run(cmd, cwd)
    for _ in range(repeat):
        for label, cmd in COMMANDS.items():
            wall, out, rc = run(cmd, cwd)
            best[label] = min(best[label], wall)
            expect(rc == 0, f"{label}: exit {rc}")
            expect(EXPECTED[label].fullmatch(out) is not None, f"{label}: printed {out!r}")
    return best


def report(best: dict[str, float]) -> None:
    """Each command's best time and its ratio to the bare Python's, beside its target."""
    bare = best["python -c pass"]
    for label, wall in best.items():
        ratio = wall / bare
        target = f"(target <= {TARGETS[label]:.0f}x)" if label in TARGETS else ""
        print(f"  {label:<18} {wall * 1000:7.1f} ms   {ratio:5.2f}x bare python {target}".rstrip())


def install() -> str:
    """``editable`` when ``ubongo`` is imported from the checkout's api/ folder, else ``wheel``."""
    done = subprocess.run(
        [sys.executable, "-c", "import ubongo; print(ubongo.__file__)"],
        capture_output=True,
        text=True,
        check=False,
    )
    expect(done.returncode == 0, "ubongo cannot be imported")
    return "editable" if Path(done.stdout.strip()).parent.name == "api" else "wheel"


def main() -> int:
    """Run the benchmark; exit 1 when a cross-check failed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--repeat", type=int, default=20, help="runs per command; the best is shown")
    ap.add_argument("--smoke", action="store_true", help="three runs per command")
    a = ap.parse_args()
    repeat = 3 if a.smoke else a.repeat
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M")
    print(f"bench_startup: best of {repeat}, {stamp}, load average {load:.1f}")
    print(f"  ubongo is {' '.join(UBONGO)} ({install()} install)")
    with tempfile.TemporaryDirectory() as tmp:
        report(best_times(repeat, tmp))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
