"""Packaging: the wheel installs one top-level package, ``ubongo``, with the bundled data.

The repository's folders (``cli/``, ``solver/``...) install as ``ubongo.cli``, ``ubongo.solver``...:
generic top-level names would overwrite another distribution's (the PyPI packages ``scoring``
and ``render`` exist), so the wheel must hold nothing else (CONVENTIONS.md). The build runs on
a copy of the source tree, so the working tree gets no ``build/`` or egg-info churn.

The wheel is built with ``python -m build --wheel --no-isolation``: nothing is installed (the
``test`` extra brings a setuptools that builds wheels).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"cli", "solver", "puzzles", "render", "generator", "scoring"}
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis",
    ".benchmarks", "*.pyc",
)  # fmt: skip


def bundled_sets() -> set[str]:
    return {p.name for p in (ROOT / "puzzles").glob("*.json")}


def shipped(files: dict[str, bytes], package: str, suffix: str) -> set[str]:
    """The names of the files directly in ``ubongo/<package>/`` that end in ``suffix``."""
    prefix = f"ubongo/{package}/"
    return {
        n[len(prefix) :]
        for n in files
        if n.startswith(prefix) and "/" not in n[len(prefix) :] and n.endswith(suffix)
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, bytes]:
    """{path inside the wheel: contents}, the wheel built from a copy of the tree."""
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
    assert proc.returncode == 0 and len(wheels) == 1, proc.stdout[-3000:] + proc.stderr[-3000:]
    with zipfile.ZipFile(wheels[0]) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def test_the_only_top_level_package_is_ubongo(built):
    files = built
    top = {name.split("/")[0] for name in files}
    dist_info = {t for t in top if t.endswith(".dist-info")}
    assert len(dist_info) == 1
    assert top - dist_info == {"ubongo"}


def test_every_folder_installs_under_ubongo(built):
    files = built
    assert "ubongo/__init__.py" in files and "ubongo/__main__.py" in files
    for folder in FOLDERS:
        sources = {p.relative_to(ROOT / folder).as_posix() for p in (ROOT / folder).rglob("*.py")}
        assert {n for n in sources if f"ubongo/{folder}/{n}" not in files} == set(), folder
    assert not any(name.startswith("tests/") or "/tests/" in name for name in files)


def test_type_information_is_inside(built):
    """PEP 561: the marker, and the compiled cores' stubs beside them."""
    files = built
    assert "ubongo/py.typed" in files
    for folder in FOLDERS:
        for stub in (ROOT / folder).glob("*.pyi"):
            assert files[f"ubongo/{folder}/{stub.name}"] == stub.read_bytes()
    assert "ubongo/solver/_core.pyi" in files
    assert "ubongo/scoring/_fast.pyi" in files


def test_bundled_data_is_inside(built):
    files = built
    sets = shipped(files, "puzzles", ".json")
    assert "sample.json" in sets
    assert sets == bundled_sets()
    for name in sets:
        assert files[f"ubongo/puzzles/{name}"] == (ROOT / "puzzles" / name).read_bytes()
    assert shipped(files, "puzzles/atlas", ".duckdb")
    assert "ubongo/render/practice.js" in files
    assert "ubongo/scoring/names.json" in files


def test_console_script_and_top_level_metadata(built):
    files = built
    info = next(n.split("/")[0] for n in files if n.endswith(".dist-info/entry_points.txt"))
    entry_points = files[f"{info}/entry_points.txt"].decode()
    assert "[console_scripts]" in entry_points
    assert "ubongo = ubongo.cli:run" in entry_points
    top_level = files.get(f"{info}/top_level.txt")
    if top_level is not None:  # setuptools writes it; the wheel format does not require it
        assert top_level.decode().split() == ["ubongo"]


def test_the_type_checkers_view_links_every_module():
    """mypy reads the package through .typecheck/ubongo/ (pyproject.toml): a module of api/ or a
    folder without its link there would silently go unchecked."""
    view = ROOT / ".typecheck" / "ubongo"
    wanted = {p.name: p for p in (ROOT / "api").iterdir() if p.suffix in {".py", ".typed"}}
    wanted |= {folder: ROOT / folder for folder in FOLDERS}
    links = {p.name: p for p in view.iterdir()}
    assert set(links) == set(wanted)
    for name, link in links.items():
        assert link.is_symlink() and link.resolve() == wanted[name].resolve(), name
