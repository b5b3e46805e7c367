"""Packaging: the wheel ships exactly our top-level names and the bundled puzzle sets.

Generic top-level names (``cli``, ``solver``...) can silently overwrite another distribution's,
so the wheel must hold nothing else (CONVENTIONS.md). The build runs on a copy of the source
tree, so the working tree (shared with other engineers) gets no ``build/`` or egg-info churn.

The wheel is built with ``python -m build --wheel --no-isolation``: nothing is installed. When
the environment's setuptools cannot make wheels (setuptools < 70.1 needs the ``wheel`` package
for ``bdist_wheel``), the test falls back to setuptools' ``build_py``, which selects the very
files a wheel would hold, and says so in a warning.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"cli", "solver", "puzzles", "render", "generator", "scoring"}
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis",
    ".benchmarks", "*.pyc",
)  # fmt: skip


def bundled_sets() -> set[str]:
    return {p.name for p in (ROOT / "puzzles").glob("*.json")}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[str, dict[str, bytes]]:
    """("wheel" or "build_py", {path inside the wheel: contents}) built from a copy of the tree."""
    tmp = tmp_path_factory.mktemp("pkg")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    dist = tmp / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--skip-dependency-check"]
        + ["--outdir", str(dist), str(src)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    wheels = sorted(dist.glob("*.whl"))
    if proc.returncode == 0 and len(wheels) == 1:
        with zipfile.ZipFile(wheels[0]) as zf:
            return "wheel", {n: zf.read(n) for n in zf.namelist()}
    if "bdist_wheel" not in proc.stdout + proc.stderr:
        pytest.fail(f"wheel build failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    warnings.warn(
        "setuptools here cannot build wheels (no 'wheel' package): checked build_py's output",
        stacklevel=1,
    )
    lib = tmp / "lib"
    proc = subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()"]
        + ["build_py", "--build-lib", str(lib)],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    files = {p.relative_to(lib).as_posix(): p.read_bytes() for p in lib.rglob("*") if p.is_file()}
    info = src / "ubongo_lab.egg-info"
    for meta in ("entry_points.txt", "top_level.txt"):
        files[f"ubongo_lab.egg-info-as.dist-info/{meta}"] = (info / meta).read_bytes()
    return "build_py", files


def test_top_level_names_are_exactly_ours(built):
    _, files = built
    top = {name.split("/")[0] for name in files}
    dist_info = {t for t in top if t.endswith(".dist-info")}
    assert len(dist_info) == 1
    assert top - dist_info == OURS


def test_packages_are_complete(built):
    _, files = built
    for package in OURS:
        assert f"{package}/__init__.py" in files
    assert "solver/engine.py" in files and "solver/verify.py" in files
    assert not any(name.startswith("tests/") or "/tests/" in name for name in files)


def test_bundled_puzzle_sets_are_inside(built):
    _, files = built
    shipped = {
        n.split("/", 1)[1] for n in files if n.startswith("puzzles/") and n.endswith(".json")
    }
    assert "sample.json" in shipped
    assert shipped == bundled_sets()
    for name in shipped:
        assert files[f"puzzles/{name}"] == (ROOT / "puzzles" / name).read_bytes()


def test_console_script_and_top_level_metadata(built):
    _, files = built
    info = next(n.split("/")[0] for n in files if n.endswith(".dist-info/entry_points.txt"))
    entry_points = files[f"{info}/entry_points.txt"].decode()
    assert "[console_scripts]" in entry_points
    assert "ubongo = cli:main" in entry_points
    top_level = files.get(f"{info}/top_level.txt")
    if top_level is not None:  # setuptools writes it; the wheel format does not require it
        assert set(top_level.decode().split()) == OURS
