"""Cards of hexagons and triangles (issue 21): an Extreme-style side prints one figure and a row
of pieces per colour token, a Trigo-style side two regions and the pieces named on it; cells
at true size (``--cell-mm``: a hexagon's width across its flats, a triangle's side), a duplex
PDF whose backs register with their fronts. The sets are made up (tests/hextri.py)."""

from __future__ import annotations

import json
import math
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hextri import extreme_set, polyforms, trigo_set
from test_print import behind, near, needs_pdftoppm, rasterise

import ubongo
from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, parse_set
from ubongo.render.svg import TOKENS, sides, to_string
from ubongo.solver import Puzzle, solve
from ubongo.solver.lattice import HEX, TRI, Lattice

NS = "{http://www.w3.org/2000/svg}"
MM = 16.0
AREA = {"hex": math.sqrt(3) / 2, "tri": math.sqrt(3) / 4}
"""A cell's area in cells squared: a hexagon one cell across its flats, a triangle of side 1."""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def made(document: dict[str, Any]) -> PuzzleSet:
    return parse_set(document, str(document["name"]))


def groups(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in svg.iter(f"{NS}g") if cls in g.get("class", "").split()]


def polygons(d: str) -> list[list[tuple[float, float]]]:
    """The closed loops of a path written as ``M x y L x y ... Z``."""
    out = []
    for loop in re.findall(r"M([^Z]*)Z", d):
        xy = [float(v) for v in re.findall(r"-?[\d.]+", loop)]
        out.append(list(zip(xy[::2], xy[1::2], strict=True)))
    return out


def area(d: str) -> float:
    """The area a path's loops enclose (holes wind the other way and subtract)."""
    total = 0.0
    for pts in polygons(d):
        total += sum(
            x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True)
        )
    return abs(total) / 2


@pytest.mark.parametrize(
    ("lattice", "counts"),
    [(HEX, [1, 1, 3, 7, 22]), (TRI, [1, 1, 1, 3, 4, 12])],
)
def test_the_made_up_pieces_are_every_free_polyform(lattice: Lattice, counts: list[int]) -> None:
    """Free polyhexes 1, 1, 3, 7, 22 (OEIS A000228) and polyiamonds 1, 1, 1, 3, 4, 12 (OEIS
    A000577): the helper's enumeration, from which the test sets take their pieces."""
    assert [len(polyforms(lattice, n)) for n in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("document", [extreme_set(), trigo_set()], ids=["extreme", "trigo"])
def test_the_made_up_sets_verify(document: dict[str, Any]) -> None:
    found = ubongo.verify(made(document)).to_json()
    assert found["solvable"] == found["combinations"] > 0, found


@pytest.mark.parametrize("document", [extreme_set(), trigo_set()], ids=["extreme", "trigo"])
def test_every_figure_is_printed_at_true_size(document: dict[str, Any]) -> None:
    ps = made(document)
    for side in sides(ps):
        card = ET.fromstring(to_string(side.element(ps.pieces, cell=MM)))
        (figure,) = groups(card, "figure")
        outline = figure.findall(f"{NS}path")[-1].get("d", "")
        space = side.figure.lattice.space
        assert area(outline) == pytest.approx(side.figure.area * AREA[space] * MM**2, rel=1e-3)


def test_an_extreme_side_has_a_row_per_colour_of_its_pieces_each_marked_with_its_code() -> None:
    ps = made(extreme_set())
    for side in sides(ps):
        card = ET.fromstring(to_string(side.element(ps.pieces)))
        rows = groups(card, "combo")
        assert len(rows) == len(side.combos) == 4
        for row, combo, colour in zip(rows, side.combos, TOKENS, strict=True):
            hit, face = row.findall(f"{NS}rect")[:2]  # the row's click area, its die face
            assert hit.get("class") == "hit" and face.get("fill") == TOKENS[colour]
            icons = groups(row, "icon")
            assert [i.get("data-piece") for i in icons] == [p.name for p in combo]
            codes = ["".join(i.find(f"{NS}text").itertext()) for i in icons]  # type: ignore[union-attr]
            assert codes == [p.code for p in combo]
            for icon, piece in zip(icons, combo, strict=True):
                path = icon.find(f"{NS}path")
                assert path is not None
                unit = 28.0 * 0.4  # ICON_FLAT["hex"] of CELL
                assert area(path.get("d", "")) == pytest.approx(
                    len(piece.shape) * AREA["hex"] * unit**2, rel=1e-3
                )


def test_a_trigo_side_prints_its_two_regions_and_names_its_pieces() -> None:
    ps = made(trigo_set())
    for side in sides(ps):
        card = ET.fromstring(to_string(side.element(ps.pieces)))
        (figure,) = groups(card, "figure")
        outline = figure.findall(f"{NS}path")[-1].get("d", "")
        assert len(polygons(outline)) == 2  # two separate regions, both outlined
        (row,) = groups(card, "combo")
        named = [i.get("data-piece") for i in groups(row, "icon")]
        assert named == [p.name for p in side.combos[0]]


@pytest.mark.parametrize("document", [extreme_set(), trigo_set()], ids=["extreme", "trigo"])
def test_a_side_shows_each_tiling_over_its_figure(document: dict[str, Any]) -> None:
    from ubongo.render.svg import side_element

    ps = made(document)
    side = next(sides(ps))
    found = [solve(Puzzle(side.figure, tuple(c))) for c in side.combos]
    ids = [str(i) for i in range(len(found))]
    card = side_element(side.figure, side.combos, side.labels, ids=ids, solutions=found,
                        pieces=ps.pieces)  # fmt: skip
    card = ET.fromstring(to_string(card))
    outline = groups(card, "figure")[0].findall(f"{NS}path")[-1].get("d", "")
    drawn = groups(card, "solution")
    assert len(drawn) == len(found)
    for g, sol in zip(drawn, found, strict=True):
        assert sol is not None
        pieces = groups(g, "piece")
        covered = sum(area(p.find(f"{NS}path").get("d", "")) for p in pieces)  # type: ignore[union-attr]
        assert covered == pytest.approx(area(outline), rel=1e-3)


@pytest.mark.parametrize(
    ("maker", "paper", "per_page", "flip", "cell"),
    [
        (extreme_set, "a4", "auto", "long", "16"),
        (extreme_set, "a3", "2", "short", "16"),
        (trigo_set, "a4", "auto", "short", "16"),
        (trigo_set, "a4", "2", "long", "10"),
    ],
)
def test_render_writes_svgs_and_a_duplex_pdf_whose_backs_register(
    tmp_path: Path, maker: Any, paper: str, per_page: str, flip: str, cell: str
) -> None:
    needs_pdftoppm()
    pytest.importorskip("fpdf")
    path = tmp_path / "set.json"
    path.write_text(json.dumps(maker()))
    out, pdf = tmp_path / "sides", tmp_path / "cards.pdf"
    opts = ["--paper", paper, "--per-page", per_page, "--flip", flip, "--cell-mm", cell]
    result = run("render", str(path), "--svg", str(out), "--pdf", str(pdf), *opts)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "01-easy.svg",
        "01-hard.svg",
        "02-easy.svg",
        "02-hard.svg",
    ]
    pages = rasterise(pdf)
    assert sum(len(b) for _, b in pages) == 4
    for (size, fronts), (_, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert len(backs) == len(fronts)
        for box in fronts:
            assert any(near(behind(box, size, flip), b) for b in backs), (box, backs)


def printed_faces(card: ET.Element) -> list[str]:
    """The die faces printed on a side, row by row: a row's own texts (its icons are groups)."""
    return [
        "".join(t.itertext()) for row in groups(card, "combo") for t in row.findall(f"{NS}text")
    ]


@pytest.mark.parametrize(
    ("maker", "faces"),
    [
        (extreme_set, ["yellow", "blue", "red", "green"]),
        (lambda: {**trigo_set(), "die": ["1"]}, []),
    ],
    ids=["extreme", "trigo"],
)
def test_a_trigo_side_prints_no_die_face_in_svg_pdf_or_page(
    tmp_path: Path, maker: Any, faces: list[str]
) -> None:
    """Trigo is played without a die (its one-face die, as ``generate`` makes it, names the
    card's one row: the set is not ``rolled``): no side prints a face, in the SVG files, the
    PDF or the page's cards, and the page has no die to choose or roll; an Extreme side
    prints its four colours."""
    needs_pdftoppm()  # pdftotext comes with it (poppler-utils)
    pytest.importorskip("fpdf")
    path = tmp_path / "set.json"
    path.write_text(json.dumps(maker()))
    assert made(maker()).rolled == bool(faces)
    out, pdf, site = tmp_path / "sides", tmp_path / "cards.pdf", tmp_path / "site"
    result = run("render", str(path), "--svg", str(out), "--pdf", str(pdf), "--html", str(site))
    assert result.exit_code == 0, result.output
    for svg in sorted(out.iterdir()):
        assert printed_faces(ET.parse(svg).getroot()) == faces
    page = (site / "index.html").read_text(encoding="utf-8")
    cards = re.findall(r'<svg [^>]*class="ubongo-side .*?</svg>', page, re.S)
    assert len(cards) == 4
    inline = [c.replace("<svg ", f'<svg xmlns="{NS[1:-1]}" ', 1) for c in cards]  # HTML's SVG
    assert all(printed_faces(ET.fromstring(c)) == faces for c in inline)
    said = re.findall(r'data-label="(\w+)', page)  # what a reader says of each row first
    assert said == (["die"] * 16 if faces else ["pieces"] * 4)
    assert ("<label hidden>Die" in page) == (not faces) and "Roll the die" in page
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True)
    lines = {line.strip() for line in text.stdout.splitlines()}  # a face is a line of its own
    assert lines >= set(faces) and "1" not in lines


def test_the_web_page_of_hexagons_plays_on_the_plane_board(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    path.write_text(json.dumps(extreme_set()))
    result = run("render", str(path), "--html", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    html = (tmp_path / "out" / "index.html").read_text()
    assert "The practice board of an Ubongo page of hexagons or triangles" in html
    assert '"space":"hex"' in html and html.count('class="ubongo-side ') == 4  # four sides


@pytest.mark.parametrize("document", [extreme_set(), trigo_set()], ids=["extreme", "trigo"])
def test_show_draws_hexagons_in_offset_rows_and_triangles_pointing_up_or_down(
    tmp_path: Path, document: dict[str, Any]
) -> None:
    path = tmp_path / "set.json"
    path.write_text(json.dumps(document))
    ps = made(document)
    side = next(sides(ps))
    result = run("show", str(path), side.template, side.name)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    figure = side.figure
    drawn = lines[1 : 1 + figure.height]
    lattice = figure.lattice
    cells = set()
    for r, line in enumerate(drawn):
        if lattice is HEX:  # a cell every two characters, odd rows one character further right
            assert line[: r % 2] == " " * (r % 2)
            found = {(r, c // 2) for c, ch in enumerate(line[r % 2 :]) if ch == "#"}
            assert all(c % 2 == 0 for c, ch in enumerate(line[r % 2 :]) if ch != " ")
        else:  # up where the text form's row + column is even
            found = {(r, c) for c, ch in enumerate(line) if ch in "▲▼"}
            assert all((ch == "▲") == ((r + c) % 2 == 0) for c, ch in enumerate(line) if ch in "▲▼")
        cells |= {lattice.at(*spot) for spot in found}
    assert lattice.normalise(cells) == lattice.normalise(figure.cells)
    assert lines[1 + figure.height].startswith(f"face {side.labels[0]}: ")
