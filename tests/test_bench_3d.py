"""``bench/bench_3d.py --smoke`` (as CI runs it) exits 0: its cross-checks pass, its table prints.

Timings are never asserted. The peer (tiling3d, in a scratch venv) is left out of the first
test, so it needs nothing outside the project; the second runs it when its venv exists here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "bench_3d.py"
PEER = Path("/tmp/tiling3d-venv/bin/python")


def smoke(peer: Path) -> subprocess.CompletedProcess[str]:
    """The smoke run with ``peer`` as the tiling3d venv's Python."""
    argv = [sys.executable, str(BENCH), "--smoke", "--tiling3d-python", str(peer)]
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_smoke_run_exits_0_and_prints_its_table(tmp_path: Path) -> None:
    done = smoke(tmp_path / "no-venv" / "bin" / "python")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "10 problems: " in out
    assert "\ncount " in out and "Soma cube, 11,520 tilings" in out
    assert "target: Soma counted in at most 0.1 s, whole process: " in out
    assert "peer: no " in out and "pip install tiling3d" in out


@pytest.mark.skipif(not PEER.exists(), reason=f"no tiling3d venv at {PEER}")
def test_smoke_run_with_the_peer_agrees_with_it() -> None:
    done = smoke(PEER)
    assert done.returncode == 0, done.stderr
    assert "tiling3d 0." in done.stdout
