"""Start-up of the ``ubongo`` command against a bare Python, in one run: ``bench/bench_startup.py``.

Four commands run as separate processes, taking turns, best of ``--repeat`` wall times each:
``python -c pass`` (the same interpreter, so the same ``site`` and editable-install hooks),
``python -c 'import click'`` (the floor under every command that goes through click, all but
``--version``: from a wheel it alone is about 4x a bare Python), ``ubongo --version`` and
``ubongo verify`` (the bundled standard set: 432 combinations solved,
so the figure is start-up plus a short search, as a user meets it). Each time is printed with
its ratio to its own bare Python's, beside the target of issue 19 (``--version`` at most 3x,
``verify`` at most 4x) and whether it meets it; the targets are reported, never enforced (2
noisy cores), and a last line counts the targets met.

Two installs are measured in the same turns: this interpreter's (``ubongo`` the console script
beside it, else ``python -m ubongo``; an editable install, the README's and CI's, adds its
import hook to every start, the bare Python's included, so its ratios are lower) and, unless
``--installed-only``, the checkout built as a wheel (``pip wheel --no-deps``, the C core
compiled) and installed with ``--no-deps`` in a venv of its own, which finds the dependencies
(click...) through one path entry to this interpreter's site-packages (a ``.pth`` line: no
hook of that folder runs). When this interpreter's install is itself a wheel, only it is measured.
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
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"ubongo --version": 3.0, "ubongo verify": 4.0}  # issue 19: time / bare Python's
EXPECTED = {
    "python -c pass": re.compile(r""),
    "python -c 'import click'": re.compile(r""),
    "ubongo --version": re.compile(r"ubongo, version \S+ \(core: (compiled C|pure Python)\)\n"),
    "ubongo verify": re.compile(r"standard: (\d+)/\1 combinations solvable\n"),
}
FAILED: list[str] = []
Commands = dict[str, list[str]]


def commands(python: str) -> Commands:
    """The commands of the install that ``python`` runs: a bare start, click's import (the floor
    of every command but ``--version``), ``ubongo --version`` and ``ubongo verify``."""
    script = Path(python).with_name("ubongo")
    ubongo = [str(script)] if script.exists() else [python, "-m", "ubongo"]
    return {
        "python -c pass": [python, "-c", "pass"],
        "python -c 'import click'": [python, "-c", "import click"],
        "ubongo --version": [*ubongo, "--version"],
        "ubongo verify": [*ubongo, "verify"],
    }


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


def best_times(installs: dict[str, Commands], repeat: int, cwd: str) -> dict[str, dict[str, float]]:
    """Best wall seconds of each command of each install over ``repeat`` turns (every command
    of every install once per turn), outputs checked."""
    best = {kind: dict.fromkeys(cmds, float("inf")) for kind, cmds in installs.items()}
    for cmds in installs.values():  # writes the bytecode caches
        for cmd in cmds.values():
            run(cmd, cwd)
    for _ in range(repeat):
        for kind, cmds in installs.items():
            for label, cmd in cmds.items():
                wall, out, rc = run(cmd, cwd)
                best[kind][label] = min(best[kind][label], wall)
                expect(rc == 0, f"{kind} {label}: exit {rc}")
                expect(EXPECTED[label].fullmatch(out) is not None, f"{label}: printed {out!r}")
    return best


def report(kind: str, where: str, best: dict[str, float]) -> list[bool]:
    """Each command's best time and its ratio to the bare Python's, beside its target; whether
    each target is met."""
    print(f"  {kind} install ({where})")
    bare = best["python -c pass"]
    met = []
    for label, wall in best.items():
        ratio = wall / bare
        verdict = ""
        if label in TARGETS:
            met.append(ratio <= TARGETS[label])
            verdict = f"target <= {TARGETS[label]:.0f}x: {'met' if met[-1] else 'MISSED'}"
        print(
            f"    {label:<24} {wall * 1000:7.1f} ms  {ratio:5.2f}x bare python  {verdict}".rstrip()
        )
    return met


def install(python: str) -> str:
    """``editable`` when ``python`` imports ``ubongo`` from the checkout's api/ folder, else
    ``wheel``."""
    done = subprocess.run(
        [python, "-c", "import ubongo; print(ubongo.__file__)"],
        capture_output=True,
        text=True,
        check=False,
    )
    expect(done.returncode == 0, "ubongo cannot be imported")
    return "editable" if Path(done.stdout.strip()).parent.name == "api" else "wheel"


def call(cmd: list[str]) -> str:
    """The stdout of a set-up step; its stderr and exit 1 when it fails."""
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"bench_startup: {' '.join(cmd)} failed:\n{done.stderr}")
    return done.stdout


def wheel_venv(tmp: Path) -> str:
    """The python of a new venv holding the checkout's wheel (built here), with this
    interpreter's site-packages behind it for the dependencies."""
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    wheels = tmp / "wheels"
    call([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(ROOT)])
    venv = tmp / "venv"
    call([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = str(venv / "bin" / "python")
    site = call([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    Path(site.strip(), "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    wheel = next(wheels.glob("ubongo_lab-*.whl"))
    call([*pip, "--python", python, "install", "--no-deps", str(wheel)])
    return python


def main() -> int:
    """Run the benchmark; exit 1 when a cross-check failed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--repeat", type=int, default=20, help="runs per command; the best is shown")
    ap.add_argument("--smoke", action="store_true", help="three runs per command")
    ap.add_argument(
        "--installed-only", action="store_true", help="measure this interpreter's install only"
    )
    a = ap.parse_args()
    repeat = 3 if a.smoke else a.repeat
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M")
    print(f"bench_startup: best of {repeat}, {stamp}, load average {load:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        pythons = {install(sys.executable): sys.executable}
        if "editable" in pythons and not a.installed_only:
            pythons["wheel"] = wheel_venv(Path(tmp))
        installs = {kind: commands(python) for kind, python in pythons.items()}
        best = best_times(installs, repeat, tmp)
    met = []
    for kind, cmds in installs.items():
        met += report(kind, " ".join(cmds["ubongo --version"][:-1]), best[kind])
    print(f"  targets met: {sum(met)} of {len(met)}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
