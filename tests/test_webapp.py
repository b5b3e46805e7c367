"""The files beside a set's page that make it an installable, offline app (render/webapp.py):
the manifest, the icons (SVG and PNG, one drawing), the worker's file list and version. The
page played offline in a browser is tests/test_browser_offline.py.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled
from ubongo.render.webapp import (
    ICON_SIZES,
    THEME,
    WORKER,
    Emblem,
    emblem,
    icon_png,
    icon_svg,
)
from ubongo.solver.engine import solutions

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def render(folder: Path, set_name: str = "sample") -> dict[str, bytes]:
    result = run("render", set_name, "--html", str(folder), "-q")
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def worker_files(sw: bytes) -> tuple[str, list[str]]:
    """The version and the file list a worker caches."""
    text = sw.decode()
    version = re.search(r'const VERSION = "(\w+)";', text)
    files = re.search(r"const FILES = (\[.*?\]);", text)
    assert version and files
    return version.group(1), json.loads(files.group(1))


def test_the_folder_holds_the_page_its_manifest_icons_and_worker(tmp_path: Path) -> None:
    files = render(tmp_path / "site")
    assert files["index.html"].decode() == ubongo.page("sample").html  # the page as before
    doc = json.loads(files["manifest.webmanifest"])
    assert doc["display"] == "standalone" and doc["theme_color"] == THEME
    assert doc["start_url"] in files and doc["name"].startswith("sample")
    assert f'<meta name="theme-color" content="{THEME}">' in files["index.html"].decode()
    image = pytest.importorskip("PIL.Image")
    for icon in doc["icons"]:
        data = files[icon["src"]]
        if icon["type"] == "image/png":
            im = image.open(io.BytesIO(data))
            assert f"{im.size[0]}x{im.size[1]}" == icon["sizes"] and im.mode == "RGB"
        else:
            assert ET.fromstring(data).tag == f"{NS}svg"
    assert {f"{n}x{n}" for n in ICON_SIZES} <= {i["sizes"] for i in doc["icons"]}
    # the worker caches every other file, under a name that changes with any of them
    version, cached = worker_files(files[WORKER])
    assert sorted(cached) == sorted(set(files) - {WORKER})
    digest = hashlib.sha256()
    for name in sorted(cached):
        digest.update(f"{name}\0{len(files[name])}\0".encode())
        digest.update(files[name])
    assert version == digest.hexdigest()[:16]


def test_a_new_render_is_a_new_worker_and_the_same_render_the_same(tmp_path: Path) -> None:
    first = render(tmp_path / "a")
    again = render(tmp_path / "b")
    other = render(tmp_path / "c", str(ROOT / "examples/pentominoes.json"))
    assert first == again  # nothing of the time or the folder in it: a browser keeps its cache
    assert worker_files(first[WORKER])[0] != worker_files(other[WORKER])[0]
    render(tmp_path / "a", str(ROOT / "examples/pentominoes.json"))  # over the old one
    assert {p.name: p.read_bytes() for p in (tmp_path / "a").iterdir()} == other


def test_html_onto_a_file_is_one_line_and_leaves_it(tmp_path: Path) -> None:
    there = tmp_path / "page.html"
    there.write_text("keep")
    result = run("render", "sample", "--html", str(there))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "exists and is not a folder" in result.stderr and there.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html"]


def test_the_page_links_the_manifest_only_when_hosted() -> None:
    html = ubongo.page("sample").html
    assert 'rel="manifest"' not in html  # a file, a mail, a notebook: nothing to fetch
    assert "/^https?:$/.test(location.protocol)" in html and '"manifest.webmanifest"' in html


def test_the_emblem_is_the_first_tiling_seen_from_above() -> None:
    ps = bundled("sample")
    c = next(ps.combinations())
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    e = emblem(ps, [tiling])
    filled = {(r, col) for r, row in enumerate(e) for col, f in enumerate(row) if f}
    top = min(r for r, _ in c.puzzle.figure.cells), min(k for _, k in c.puzzle.figure.cells)
    assert filled == {(r - top[0], k - top[1]) for r, k in c.puzzle.figure.cells}
    cubes = ubongo.load_set(str(ROOT / "examples/boards-3d.json"))
    c3 = next(cubes.combinations())
    t3 = next(solutions(c3.puzzle))
    seen = emblem(cubes, [t3])
    assert sum(1 for row in seen for f in row if f) == len({p[1:] for p in c3.puzzle.figure.cells})
    assert emblem(ps, []) and all(len(row) == 2 for row in emblem(ps, []))


COLOURS = st.sampled_from(["#d62828", "#2a9d8f", "#f4a261", "#6a4c93", "#ffffff", "#000000"])
EMBLEMS = st.integers(1, 6).flatmap(
    lambda w: st.lists(
        st.lists(st.none() | COLOURS, min_size=w, max_size=w), min_size=1, max_size=6
    )
)


@given(EMBLEMS, st.sampled_from([48, 192, 200]))
def test_the_png_icon_is_the_svg_icon_in_pixels(rows: list[list[str | None]], size: int) -> None:
    """At every cell's middle the PNG shows the cell's colour (the ground where there is none),
    where the SVG draws that cell's square; the PNG holds no other colour."""
    image = pytest.importorskip("PIL.Image")
    e: Emblem = tuple(tuple(r) for r in rows)
    im = image.open(io.BytesIO(icon_png(e, size))).convert("RGB")
    assert im.size == (size, size)
    squares = {
        (float(r.get("x", 0)), float(r.get("y", 0))): r
        for r in ET.fromstring(icon_svg(e, size)).iter(f"{NS}rect")
        if r.get("x") is not None
    }
    hexes = {"#{:02x}{:02x}{:02x}".format(*p) for _, p in im.getcolors(size * size)}
    assert hexes <= {THEME, *(f for row in e for f in row if f)}
    cell = size * 2 / 3 / max(len(e), len(e[0]))
    x0, y0 = (size - len(e[0]) * cell) / 2, (size - len(e) * cell) / 2
    for r, row in enumerate(e):
        for c, fill in enumerate(row):
            mx, my = x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell
            pixel = "#{:02x}{:02x}{:02x}".format(*im.getpixel((int(mx), int(my))))
            assert pixel == (fill or THEME)
            drawn = [s for (x, y), s in squares.items() if _holds(s, x, y, mx, my)]
            assert [s.get("fill") for s in drawn] == ([fill] if fill else [])


def _holds(square: ET.Element, x: float, y: float, px: float, py: float) -> bool:
    """Whether an SVG rect at (x, y) covers the point (px, py)."""
    w, h = float(square.get("width", 0)), float(square.get("height", 0))
    return x <= px <= x + w and y <= py <= y + h
