"""Cards of a 3D set (issue 20): every figure of a side with its own die rows, a footprint at
true size marked with its layers, each row's blocks seen from above a corner; SVG files and a
duplex PDF from ``ubongo render``."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled_pieces
from ubongo.puzzles.sets import Side
from ubongo.render.iso import block_group, block_shape
from ubongo.render.svg import root, side_element, sides, to_string
from ubongo.solver import Puzzle, parse_figure, solve
from ubongo.solver.pieces import STANDARD

NS = "{http://www.w3.org/2000/svg}"
BOARDS = Path(__file__).resolve().parent.parent / "examples" / "boards-3d.json"
MM = 16.0


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def groups(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in svg.iter(f"{NS}g") if cls in g.get("class", "").split()]


def numbers(d: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?[\d.]+", d)]


def span(path: ET.Element) -> tuple[float, float, float, float]:
    """A path's bounding box: left, top, right, bottom."""
    xy = numbers(path.get("d", ""))
    xs, ys = xy[::2], xy[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def side_of(tid: str, name: str) -> Side:
    side = ubongo.load_set(str(BOARDS)).template(tid).side(name)
    assert side is not None
    return side


def test_every_side_prints_each_figure_with_its_own_rows_of_blocks() -> None:
    ps = ubongo.load_set(str(BOARDS))
    drawn = ubongo.svgs(ps)
    assert len(drawn) == 4
    for (tid, name), text in drawn.items():
        svg, side = ET.fromstring(text), side_of(tid, name)
        figures = groups(svg, "figure")
        assert len(figures) == len(side.figures) == 2
        rows = groups(svg, "combo")
        assert len(rows) == len(side.combos)
        tops = [span(f.find(f"{NS}path"))[1] for f in figures]  # type: ignore[arg-type]
        assert tops[0] < tops[1]
        for i, (row, label, combo) in enumerate(
            zip(rows, side.labels(ps.die), side.combos, strict=True)
        ):
            assert row.find(f"{NS}text").text == label  # type: ignore[union-attr]
            icons = groups(row, "icon")
            assert [g.get("data-piece") for g in icons] == list(combo)
            assert all(any(p.get("class") == "face top" for p in g.iter()) for g in icons)
            y = float(row.find(f"{NS}rect").get("y"))  # type: ignore[union-attr, arg-type]
            mine = side.on[i]  # the row sits beside its own figure, below the one before
            assert y >= tops[mine] and (mine + 1 == len(tops) or y < tops[mine + 1])


def test_a_footprint_is_printed_at_true_size_with_its_layers() -> None:
    ps = ubongo.load_set(str(BOARDS))
    card = ET.fromstring(to_string(next(sides(ps)).element(ps.pieces, cell=MM)))
    for f, figure in zip(groups(card, "figure"), side_of("1", "easy").figures, strict=True):
        left, top, right, bottom = span(f.find(f"{NS}path"))  # type: ignore[arg-type]
        foot = figure.footprint
        assert (right - left, bottom - top) == pytest.approx((foot.width * MM, foot.height * MM))
        assert f.get("data-layers") == " ".join("2" for _ in foot.cells)
        caption = next(t for t in f.iter(f"{NS}text") if t.get("class") == "layers")
        assert "".join(caption.itertext()) == "\u00d7 2 layers high"


def test_a_figure_whose_squares_differ_in_height_numbers_them() -> None:
    figure = parse_figure("###/##. | #../...")
    pieces = bundled_pieces("ubongo-3d")
    svg = ET.fromstring(
        to_string(side_element(figure, [(pieces["H"], pieces["J"])], ("1",), pieces=pieces))
    )
    (f,) = groups(svg, "figure")
    assert f.get("data-layers") == "2 1 1 1 1"
    marks = [t for t in f.iter(f"{NS}text") if t.get("class") == "layers"]
    assert [t.text for t in marks[:-1]] == ["2", "1", "1", "1", "1"]
    assert "".join(marks[-1].itertext()) == "1-2 layers, as numbered"


@pytest.mark.parametrize("name", ["ubongo-3d", "ubongo-3d-family", "soma"])
def test_each_block_is_drawn_turned_so_that_every_cube_is_in_sight(name: str) -> None:
    for piece in bundled_pieces(name).values():
        shape = block_shape(piece)
        assert shape in piece.orientations
        g = block_group(root(100, 100), piece.name, piece.code, shape, "#808080", 10)
        seen = {p.get("data-cube") for p in g.iter("path") if p.get("data-cube")}
        assert seen == {" ".join(map(str, p)) for p in shape}, piece.name


def test_a_side_of_squares_with_two_figures_shows_each_solution_over_its_own() -> None:
    first, second = parse_figure("###/##."), parse_figure("####")
    i4, p5 = STANDARD["I4"], STANDARD["P5"]
    sols = [solve(Puzzle(first, (p5,))), solve(Puzzle(second, (i4,)))]
    drawn = side_element(first, [(p5,), (i4,)], ("1", "2"), ids=["a", "b"], solutions=sols,
                         others=(second,), on=(0, 1))  # fmt: skip
    svg = ET.fromstring(to_string(drawn))
    tops = [span(f.find(f"{NS}path"))[1] for f in groups(svg, "figure")]  # type: ignore[arg-type]
    for g, top in zip(groups(svg, "solution"), tops, strict=True):
        assert span(g.find(f".//{NS}path"))[1] == pytest.approx(top)  # type: ignore[arg-type]


def test_render_writes_an_svg_per_side_and_a_duplex_pdf(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    out, pdf = tmp_path / "sides", tmp_path / "cards.pdf"
    result = run("render", str(BOARDS), "--svg", str(out), "--pdf", str(pdf))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "1-easy.svg",
        "1-hard.svg",
        "2-easy.svg",
        "2-hard.svg",
    ]
    assert "wrote 4 SVG files" in result.stderr and "4 pages" in result.stderr
    assert len(re.findall(rb"/Type /Page\b", pdf.read_bytes())) == 4  # one card a sheet


def test_bad_print_options_for_3d_cards_are_one_line(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    big = run("render", str(BOARDS), "--pdf", str(tmp_path / "c.pdf"), "--cell-mm", "30")
    assert big.exit_code == 1 and big.stderr.count("\n") == 1 and "--cell-mm 1" in big.stderr
    paper = run("render", str(BOARDS), "--pdf", str(tmp_path / "c.pdf"), "--paper", "a5")
    assert paper.exit_code == 2 and "Traceback" not in paper.output
    assert list(tmp_path.iterdir()) == []


def test_a_3d_set_draws_itself_in_a_notebook() -> None:
    html = ubongo.load_set(str(BOARDS))._repr_html_()
    assert html.count("<svg") == 4 and html.count('class="figure"') == 8


def test_the_page_and_the_cards_of_hexagons_are_drawn(tmp_path: Path) -> None:
    hexes = {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": "hexes",
        "lattice": "hex",
        "pieces": {"A": {"code": "A", "cells": [[0, 0], [0, 1]]}},
        "templates": [{"id": "1", "easy": {"figure": ["##"], "combos": [["A"]]}}],
    }
    path = tmp_path / "hexes.json"
    path.write_text(json.dumps(hexes))
    drawn = run(
        "render", str(path), "--svg", str(tmp_path / "out"), "--html", str(tmp_path / "out")
    )
    assert drawn.exit_code == 0 and (tmp_path / "out" / "1-easy.svg").exists()
    assert (tmp_path / "out" / "index.html").exists()
