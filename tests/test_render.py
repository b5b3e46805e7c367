"""Pictures: terminal colours, outlines, SVG of figures/solutions/sides, the HTML page, PDF
cards, notebook hooks, and the render/solve/verify picture options of the command line."""

from __future__ import annotations

import io
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ubongo.cli import main
from ubongo.puzzles import bundled, parse_set
from ubongo.render import SolutionPicture
from ubongo.render.colours import PIECE_COLOURS, colour, combination_rows, paint, should_colour
from ubongo.render.html import Listing, combo_id, page
from ubongo.render.outline import boundary_edges, inner_edges, loops
from ubongo.render.svg import figure_svg, side_svg, solution_svg
from ubongo.solver import STANDARD, Puzzle, parse_figure, parse_solution, solve
from ubongo.solver.engine import solutions
from ubongo.solver.hints import hint
from ubongo.solver.verify import is_solution

NS = "{http://www.w3.org/2000/svg}"
FIGURE = parse_figure(".##./####/####/.#..")
PUZZLE = Puzzle(FIGURE, STANDARD.resolve(["I2", "I4", "P5"]))


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo", env=env)


# --- colours ---------------------------------------------------------------------------------


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_every_standard_piece_has_its_own_colour():
    assert set(PIECE_COLOURS) == set(STANDARD)
    assert len(set(PIECE_COLOURS.values())) == 12
    assert colour("custom") == colour("custom")  # custom pieces: stable spare colours
    assert re.fullmatch(r"#[0-9a-f]{6}", colour("custom"))


def test_colour_only_on_a_terminal_without_no_color():
    assert should_colour(Tty(), {}) is True
    assert should_colour(Tty(), {"NO_COLOR": "1"}) is False
    assert should_colour(io.StringIO(), {}) is False
    assert should_colour(Tty(), {"NO_COLOR": ""}) is True  # no-color.org: empty means unset


def test_paint_adds_ansi_codes_only_when_on():
    rows = ["AB#.", "CC.."]
    plain = paint(rows, colour_on=False)
    assert plain == "AB#.\nCC.." and "\x1b" not in plain
    coloured = paint(rows, colour_on=True)
    assert "\x1b[48;2;" in coloured and coloured.count("\n") == 1
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured).split("\n") == ["A B # ", "C C "]
    r, g, b = (int(PIECE_COLOURS["I2"][i : i + 2], 16) for i in (1, 3, 5))
    assert f"\x1b[48;2;{r};{g};{b}m" in coloured  # A is I2, drawn purple


def test_solve_picture_is_plain_off_a_terminal_and_with_no_color(monkeypatch):
    plain = run("solve", ".##./####/####/.#..", "I2", "I4", "P5")
    pic = run("solve", ".##./####/####/.#..", "I2", "I4", "P5", "--picture")
    assert pic.exit_code == 0 and pic.stdout == plain.stdout and "\x1b" not in pic.stdout
    monkeypatch.setattr("ubongo.render.colours.should_colour", lambda stream, env=None: True)
    forced = run("solve", ".##./####/####/.#..", "I2", "I4", "P5", "--picture")
    assert "\x1b[48;2;" in forced.stdout
    monkeypatch.setattr(
        "ubongo.render.colours.should_colour", lambda stream, env=None: should_colour(Tty(), env)
    )
    as_tty = run("solve", ".##./####/####/.#..", "I2", "I4", "P5", "--picture")
    assert "\x1b[48;2;" in as_tty.stdout
    no_color = run(
        "solve", ".##./####/####/.#..", "I2", "I4", "P5", "--picture", env={"NO_COLOR": "1"}
    )
    assert no_color.stdout == plain.stdout


def test_combination_rows_put_pieces_beside_the_figure():
    rows = combination_rows(parse_figure("##/#."), STANDARD.resolve(["I2", "L3"]))
    assert rows == ["##..AA..C.", "#.......CC"]


# --- outlines --------------------------------------------------------------------------------


def shoelace(loop):
    return (
        sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1], strict=True))
        / 2
    )


@pytest.mark.parametrize("name", list(STANDARD))
def test_piece_outlines_enclose_exactly_the_piece(name):
    for o in STANDARD[name].orientations:
        (loop,) = loops(o)
        assert shoelace(loop) == len(o)  # clockwise on screen: positive in y-down coordinates
        corners = len(loop)
        assert corners % 2 == 0 and corners >= 4
        # every unit edge of every cell is either on the outline or shared by two cells
        assert 4 * len(o) == len(boundary_edges(o)) + 2 * len(inner_edges(o))


def test_a_hole_winds_the_other_way():
    ring = {(r, c) for r in range(3) for c in range(3)} - {(1, 1)}
    outer, hole = loops(ring)
    assert shoelace(outer) == 9 and shoelace(hole) == -1


# --- SVG -------------------------------------------------------------------------------------


def groups(svg_text, cls):
    root = ET.fromstring(svg_text)
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def test_solution_svg_has_one_group_per_piece():
    sol = solve(PUZZLE)
    text = solution_svg(FIGURE, sol)
    assert text.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in text
    pieces = groups(text, "piece")
    assert sorted(g.get("data-piece") for g in pieces) == ["I2", "I4", "P5"]
    for g in pieces:
        assert g.find(f"{NS}path") is not None
    assert len(groups(text, "figure")) == 1
    desc = ET.fromstring(text).find(f"{NS}desc").text.splitlines()  # the letters, for readers
    fig, drawn = parse_solution(desc)
    assert fig == FIGURE and set(drawn) == set(sol)


def test_figure_svg_and_notebook_hooks():
    assert groups(figure_svg(FIGURE), "piece") == []
    assert len(groups(FIGURE._repr_svg_(), "figure")) == 1
    sol = solve(PUZZLE)
    pic = SolutionPicture(FIGURE, sol)
    assert len(groups(pic._repr_svg_(), "piece")) == 3
    assert str(pic).splitlines() == pic.rows()
    assert len(groups(hint(PUZZLE, level=2)._repr_svg_(), "piece")) == 1
    assert len(groups(hint(PUZZLE, level=1)._repr_svg_(), "piece")) == 0
    assert len(groups(hint(PUZZLE, level=3)._repr_svg_(), "piece")) == 3


def test_side_svg_has_a_row_per_die_face_with_piece_icons():
    ps = bundled("sample")
    side = ps.templates[0].hard
    combos = [tuple(ps.pieces[n] for n in c) for c in side.combos]
    text = side_svg(side.figure, combos, ps.die, title="01 · hard", side="hard")
    rows = groups(text, "combo")
    assert len(rows) == len(side.combos) == 6
    for row, combo, face in zip(rows, side.combos, ps.die, strict=True):
        icons = [g.get("data-piece") for g in row.iter(f"{NS}g") if g.get("class") == "icon"]
        assert icons == list(combo)
        assert face in [t.text for t in row.iter(f"{NS}text")]
    assert len(groups(text, "figure")) == 1


# --- HTML ------------------------------------------------------------------------------------


def test_page_is_self_contained_and_shows_every_template():
    ps = bundled()  # the bundled default set
    html = page(ps, {})
    assert not re.search(r"https?://", html), "the page must not reach outside"
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=", html)
    for t in ps.templates:
        assert f'id="template-{t.id}"' in html
    for c in ps.combinations():
        assert f'data-combo="{combo_id(c.template, c.side, c.face)}"' in html
    assert html.count('class="side"') == sum(
        1 for t in ps.templates for s in ("easy", "hard") if t.side(s)
    )


def test_page_solutions_are_tilings_of_their_combinations(tmp_path: Path):
    ps = bundled("sample")
    result = CliRunner().invoke(main, ["render", "sample", "--html", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    path = tmp_path / "site" / "index.html"
    # the page and what hosts it as an app; no temporary left over
    assert sorted(p.name for p in path.parent.iterdir()) == [
        "icon-192.png",
        "icon-512.png",
        "icon.svg",
        "index.html",
        "manifest.webmanifest",
        "sw.js",
    ]
    rows = dict(
        re.findall(
            r'class="solution" display="none" data-combo="([^"]+)" data-rows="([^"]+)"',
            path.read_text(),
        )
    )
    for c in ps.combinations():
        fig, sol = parse_solution(rows[combo_id(c.template, c.side, c.face)].split("/"))
        assert fig == c.puzzle.figure and is_solution(c.puzzle, sol)


def _bad_set(tmp_path: Path) -> Path:
    """A set file with two templates, one combination of which has no tiling."""
    doc = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "marks",
        "templates": [
            {"id": "A", "easy": {"figure": ["###", "##."], "combos": [["I2", "I3"], ["O4"]]}},
            {"id": "B", "easy": {"figure": ["####"], "combos": [["I4"], ["I2", "I3"]]}},
        ],
    }  # die 2 of each has no tiling: 4 cells on 5, 5 on 4
    path = tmp_path / "marks.json"
    path.write_text(json.dumps(doc))
    return path


def _page_data(text: str) -> dict:
    found = re.search(r'<script type="application/json" id="ubongo-data">(.*?)</script>', text)
    assert found
    return json.loads(found.group(1))


def test_render_html_counts_and_marks_unsolvable_combinations(tmp_path: Path):
    path = _bad_set(tmp_path)
    r = run("render", str(path), "--html", str(tmp_path / "site"))
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines()[-1] == "ubongo render: 2 of 4 combinations have no tiling"
    text = (tmp_path / "site" / "index.html").read_text()
    assert "2 of 4 have no tiling" in text
    nav = re.search(r'<nav class="index".*?</nav>', text)
    assert nav and re.findall(r'href="#template-(\w+)"', nav.group()) == ["A", "B"]
    assert re.findall(r'<a href="#template-(\w+)" class="unsolvable"', nav.group()) == ["A", "B"]
    assert text.count('class="combo unsolvable"') == 2
    assert "No tiling: die 2</p>" in text and text.count('class="nosolution"') == 2
    quiet = run("render", str(path), "--html", str(tmp_path / "site"), "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    one = run("render", "sample", "--html", str(tmp_path / "s2"))
    assert "ubongo render: 0 of 60 combinations have no tiling" in one.stderr


def test_page_holds_every_tiling_in_the_engines_order(tmp_path: Path):
    ps = bundled("sample")
    r = run("render", "sample", "--html", str(tmp_path / "site"))
    assert r.exit_code == 0
    data = _page_data((tmp_path / "site" / "index.html").read_text())
    assert set(data["pieces"]) == set(ps.pieces)
    assert data["pieces"]["L4"]["orientations"][0] == sorted(
        [r, c] for r, c in next(iter(ps.pieces["L4"].orientations))
    )
    for c in ps.combinations():
        t = next(t for t in data["templates"] if t["id"] == c.template)
        s = next(s for s in t["sides"] if s["side"] == c.side)
        f = next(f for f in s["faces"] if f["face"] == c.face)
        assert s["figures"][f["figure"]] == c.puzzle.figure.rows() and f["complete"]
        assert f["rolls"] == [c.face]
        cells = sorted(c.puzzle.figure.cells)
        decoded = [
            {
                (f["pieces"][data["codes"].index(ch)], cell)
                for ch, cell in zip(t, cells, strict=True)
            }
            for t in f["solutions"]
        ]
        listed = [
            {(pl.piece, cell) for pl in sol for cell in pl.cells}
            for sol in solutions(c.puzzle, engine="bitboard")
        ]
        assert decoded == listed


def test_page_of_large_puzzles_holds_their_first_tiling_and_no_hints(tmp_path: Path):
    pentominoes = Path(__file__).resolve().parent.parent / "examples" / "pentominoes.json"
    r = run("render", str(pentominoes), "--html", str(tmp_path / "site"))
    assert r.exit_code == 0, r.output  # listing 9356 tilings of 6x10 would take minutes
    data = _page_data((tmp_path / "site" / "index.html").read_text())
    faces = [f for t in data["templates"] for s in t["sides"] for f in s["faces"]]
    assert faces and all(len(f["solutions"]) == 1 and not f["complete"] for f in faces)


def test_page_scales_to_the_screen_and_inlines_its_script():
    ps = bundled("sample")
    html = page(ps, {})
    assert "svg { max-width: 100%; height: auto; }" in html
    assert 'name="viewport" content="width=device-width' in html
    assert "window.ubongo = hook(b);" in html and "</script>" not in _page_data_text(html)
    for svg in re.findall(r"<svg [^>]*>", html):
        assert "viewBox=" in svg


def _page_data_text(html: str) -> str:
    start = html.index('id="ubongo-data">') + len('id="ubongo-data">')
    return html[start : html.index("</script>", start)]


def test_page_data_cannot_end_its_script_element():
    doc = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "x</script><b>",
        "templates": [{"id": "</script>", "easy": {"figure": ["##"], "combos": [["I2"]]}}],
    }
    ps = parse_set(doc, "x")
    first = list(solutions(next(ps.combinations()).puzzle))
    html = page(ps, {("</script>", "easy", "1"): Listing(first, True)})
    data = json.loads(_page_data_text(html))
    assert data["name"] == "x</script><b>" and data["templates"][0]["id"] == "</script>"


# --- PDF -------------------------------------------------------------------------------------


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", data))


def test_pdf_cards_fronts_and_backs_in_turn(tmp_path: Path):
    pytest.importorskip("fpdf")
    from ubongo.render.pdf import cards

    ps = bundled("sample")
    sides = sum(1 for t in ps.templates for s in ("easy", "hard") if t.side(s))
    data, pages = cards(ps, cell_mm=16)  # one card a page on A4: a front, then its back
    assert pages == sides == 2 * len(ps.templates)
    assert data.startswith(b"%PDF") and pdf_pages(data) == sides
    data, pages = cards(ps, cell_mm=8, per_page="4")  # two sheets: four cards, then one
    assert pages == pdf_pages(data) == 4


def test_pdf_card_cells_are_cell_mm_wide():
    from ubongo.render.pdf import _card
    from ubongo.render.svg import sides

    ps = bundled("sample")
    side = next(sides(ps))
    small = _card(ps, side, 10)
    big = _card(ps, side, 20)
    assert float(big.get("width")) == pytest.approx(2 * float(small.get("width")))
    assert not [e for e in big.iter() if e.tag == "title"]


def test_pdf_without_fpdf_is_a_clear_error(tmp_path: Path, monkeypatch):
    monkeypatch.setitem(sys.modules, "fpdf", None)  # import fpdf now raises ImportError
    r = run("render", "sample", "--pdf", str(tmp_path / "c.pdf"))
    assert r.exit_code == 1
    assert "pip install fpdf2" in r.stderr and r.stderr.count("\n") == 1


# --- the command line ------------------------------------------------------------------------


def test_render_writes_html_svg_and_pdf(tmp_path: Path):
    pytest.importorskip("fpdf")
    r = run(
        "render",
        "sample",
        "--html",
        str(tmp_path / "site"),
        "--svg",
        str(tmp_path / "svg"),
        "--pdf",
        str(tmp_path / "cards.pdf"),
        "--cell-mm",
        "15",
    )
    assert r.exit_code == 0, r.output
    assert r.stdout == ""  # diagnostics go to stderr
    assert (tmp_path / "site" / "index.html").is_file()
    svgs = sorted(p.name for p in (tmp_path / "svg").iterdir())
    assert svgs[:2] == ["01-easy.svg", "01-hard.svg"] and len(svgs) == 10
    for p in (tmp_path / "svg").iterdir():
        ET.parse(p)
    assert pdf_pages((tmp_path / "cards.pdf").read_bytes()) == 10


def test_render_needs_an_output():
    assert run("render").exit_code == 2


def test_solve_svg_writes_the_tiling(tmp_path: Path):
    out = tmp_path / "s.svg"
    r = run("solve", ".##./####/####/.#..", "I2", "I4", "P5", "--svg", str(out))
    assert r.exit_code == 0
    assert len(groups(out.read_text(), "piece")) == 3
    assert run("solve", "###", "I2", "--all", "--svg", str(out)).exit_code == 2


def test_verify_picture_draws_unsolvable_combinations(tmp_path: Path):
    doc = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "templates": [{"id": "X", "easy": {"figure": ["###"], "combos": [["I2", "L3"], ["I3"]]}}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    r = run("verify", str(path), "--picture")
    assert r.exit_code == 1
    assert "X easy face 1: I2 L3\n###..AA..C.\n.........CC\n" in r.stdout
