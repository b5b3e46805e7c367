"""Print and play: double-sided cards that register front to back (checked in the pixels of the
rasterised PDF), paper sizes that are never left silently, and colours for any piece set.

The pixel test needs ``pdftoppm`` (Debian ``poppler-utils``): skipped when it is missing,
except under CI (``CI`` set), where a missing pdftoppm is a failure: ``.ci/run`` installs it.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from ubongo import cards, load_set
from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, bundled, parse_set
from ubongo.render.colours import (
    PALETTE,
    PIECE_COLOURS,
    VISIONS,
    distance,
    oklab,
    paint,
    pieces_rows,
    rgb,
    set_colours,
    tiling_colours,
)
from ubongo.render.html import page
from ubongo.render.pdf import (
    GUTTER,
    PAPERS,
    SIDE_MARGIN,
    BleedOutOfRange,
    Layout,
    card_size,
    largest_cell,
    layout,
    plan,
)
from ubongo.render.svg import side_svg, sides, solution_svg
from ubongo.solver import STANDARD, Puzzle, parse_figure, solve
from ubongo.solver.pieces import Piece, PieceSet, shape_from_rows

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent
PENTOMINOES = PieceSet.from_json(
    json.loads((ROOT / "examples/pentominoes.json").read_text())["pieces"]
)
PDFTOPPM = shutil.which("pdftoppm")
DPI = 50  # one pixel is 0.51 mm: registration is checked to two pixels, about 1 mm
CARD_FILLS = ("#fbf3dc", "#dfe8f5")  # render.svg.CARD: easy and hard


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


# --- cards in pixels -------------------------------------------------------------------------


def needs_pdftoppm() -> None:
    if PDFTOPPM:
        return
    if os.environ.get("CI"):
        pytest.fail(
            "pdftoppm not found on PATH but CI is set: .ci/run must install poppler-utils",
            pytrace=False,
        )
    pytest.skip("pdftoppm not found: apt-get install poppler-utils to run the pixel test")


Rect = tuple[int, int, int, int]  # x, y, width, height in pixels


def rasterise(pdf: Path) -> list[tuple[tuple[int, int], list[Rect]]]:
    """Each page's size in pixels and the boxes of card colour on it."""
    image = pytest.importorskip("PIL.Image")
    chops = pytest.importorskip("PIL.ImageChops")
    subprocess.run([PDFTOPPM, "-r", str(DPI), str(pdf), str(pdf.with_suffix(""))], check=True)
    out = []
    for ppm in sorted(pdf.parent.glob(f"{pdf.stem}-*.ppm")):
        im = image.open(ppm).convert("RGB")
        mask = None
        for fill in CARD_FILLS:
            diff = chops.difference(im, image.new("RGB", im.size, rgb(fill)))
            near = chops.lighter(chops.lighter(*diff.split()[:2]), diff.split()[2])
            m = near.point(lambda v: 255 if v <= 6 else 0)
            mask = m if mask is None else chops.lighter(mask, m)
        assert mask is not None
        out.append((im.size, boxes(mask.tobytes(), *im.size)))
    return out


def runs(flags: list[bool], least: int = 10) -> list[tuple[int, int]]:
    """The runs of True at least ``least`` long, as (start, stop)."""
    out, start = [], None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            if i - start >= least:
                out.append((start, i))
            start = None
    return out


def boxes(mask: bytes, w: int, h: int) -> list[Rect]:
    """The card boxes of a mask: runs of marked columns, then marked rows within each run."""
    found = []
    for x0, x1 in runs([any(mask[x::w]) for x in range(w)]):
        rows = [any(mask[y * w + x0 : y * w + x1]) for y in range(h)]
        found += [(x0, y0, x1 - x0, y1 - y0) for y0, y1 in runs(rows)]
    return sorted(found)


def behind(box: Rect, page: tuple[int, int], flip: str) -> Rect:
    """Where ``box`` on a front lies on the back when the sheet turns about its ``flip`` edge."""
    (pw, ph), (x, y, w, h) = page, box
    about_vertical = (flip == "long") == (pw <= ph)  # a portrait page's long edge is vertical
    return (pw - x - w, y, w, h) if about_vertical else (x, ph - y - h, w, h)


def near(a: Rect, b: Rect, px: int = 2) -> bool:
    return all(abs(p - q) <= px for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize(
    ("set_name", "paper", "per_page", "flip", "cell", "bleed"),
    [
        ("standard", "a4", "auto", "long", "16", "0"),
        ("sample", "letter", "1", "short", "14", "0"),
        ("sample", "a3", "4", "long", "12", "0"),
        ("sample", "a3", "4", "short", "12", "0"),
        ("sample", "a4", "2", "long", "9", "0"),
        ("sample", "a3", "4", "short", "11", "3"),
        ("sample", "a4", "2", "long", "9", "5"),
        (str(ROOT / "examples/boards-3d.json"), "a4", "auto", "short", "16", "0"),
        (str(ROOT / "examples/boards-3d.json"), "a3", "2", "long", "16", "2.5"),
    ],
)
def test_cards_are_one_size_and_backs_register_with_fronts(
    tmp_path: Path, set_name: str, paper: str, per_page: str, flip: str, cell: str, bleed: str
):
    needs_pdftoppm()
    pytest.importorskip("fpdf")
    pdf = tmp_path / "cards.pdf"
    opts = ["--paper", paper, "--per-page", per_page, "--flip", flip, "--cell-mm", cell]
    opts += ["--bleed", bleed]
    r = run("render", set_name, "--pdf", str(pdf), *opts)
    assert r.exit_code == 0, r.output
    pages = rasterise(pdf)
    templates = len(load_set(set_name).templates)
    assert len(pages) % 2 == 0 and sum(len(b) for _, b in pages) == 2 * templates
    first = pages[0][1][0]
    for size, found in pages:
        assert size == pages[0][0]  # one paper size throughout, never a page of its own
        for box in found:  # every card the same size, within a pixel or two
            assert near((0, 0, box[2], box[3]), (0, 0, first[2], first[3])), (box, first)
    for (size, fronts), (_, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert len(backs) == len(fronts)
        for box in fronts:  # each front has a back card right behind it
            assert any(near(behind(box, size, flip), b) for b in backs), (box, backs)


def catalog_preferences(data: bytes) -> dict[str, str]:
    """The /ViewerPreferences of a PDF's catalog as name -> value (fpdf2 writes the catalog
    uncompressed, one key a line)."""
    catalog = re.search(rb"<<\n((?:(?!endobj).)*?/Type /Catalog(?:(?!endobj).)*)endobj", data, re.S)
    assert catalog, "no catalog"
    found = re.search(rb"/ViewerPreferences <<(.*?)>>", catalog.group(1), re.S)
    assert found, "the catalog has no /ViewerPreferences"
    pairs = re.findall(rb"/(\w+) (/?\w+)", found.group(1))
    return {k.decode(): v.decode() for k, v in pairs}


@pytest.mark.parametrize(
    ("flip", "duplex"), [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge")]
)
def test_the_print_dialog_is_asked_for_both_sides_on_the_flip_edge_at_actual_size(
    tmp_path: Path, flip: str, duplex: str
):
    pytest.importorskip("fpdf")
    pdf = tmp_path / "cards.pdf"
    assert run("render", "sample", "--pdf", str(pdf), "--flip", flip).exit_code == 0
    prefs = catalog_preferences(pdf.read_bytes())
    assert prefs["Duplex"] == duplex and prefs["PrintScaling"] == "/None"


def dark_columns(ppm: Path, rows: range, threshold: int = 160) -> set[int]:
    """The pixel columns with a dark pixel in any of ``rows`` (a cut mark's line)."""
    image = pytest.importorskip("PIL.Image")
    im = image.open(ppm).convert("L")
    w = im.size[0]
    data = im.tobytes()
    return {x for y in rows for x in range(w) if data[y * w + x] < threshold}


def test_a_bleed_grows_each_card_past_its_cut_marks(tmp_path: Path):
    """With ``--bleed 3`` every card's colour reaches 3 mm past its edge, where the layout puts
    the card (the trim line); the cut marks stay on those edges, clear of any colour."""
    needs_pdftoppm()
    pytest.importorskip("fpdf")
    bled = tmp_path / "bled.pdf"
    opts = ["--paper", "a3", "--per-page", "4", "--cell-mm", "11", "--bleed", "3"]
    assert run("render", "sample", "--pdf", str(bled), *opts).exit_code == 0
    lay = plan(bundled("sample"), 11, "a3", "4", 5, bleed=3)
    assert lay.bleed == 3 and lay.gutter == 6 + 2 * 3
    mm = DPI / 25.4
    (w, h), b = lay.card, lay.bleed
    trim = [(x * mm, y * mm, w * mm, h * mm) for x, y in lay.slots]
    want = [((x - b) * mm, (y - b) * mm, (w + 2 * b) * mm, (h + 2 * b) * mm) for x, y in lay.slots]
    pages = rasterise(bled)
    for size, found in pages:
        assert size == (round(lay.page[0] * mm), round(lay.page[1] * mm))
        for box in found:  # every coloured box is a card grown by the bleed, a pixel or two
            assert any(near(box, tuple(round(v) for v in r)) for r in want), (box, want)
    assert sum(len(f) for _, f in pages) == 2 * 5  # fronts and backs of the sample's 5 cards
    # the marks: above the grid, dark on the trim lines, never over the bleed's colour
    top = min(y for _, y, _, _ in want)
    marks = dark_columns(
        sorted(tmp_path.glob("bled-*.ppm"))[0], range(round(top - 6 * mm), round(top) - 1)
    )
    for x, _, cw, _ in trim:
        assert any(abs(m - x) <= 1 for m in marks) and any(abs(m - (x + cw)) <= 1 for m in marks)
    assert not any(x - b * mm + 2 <= m <= x - 2 for x, _, _, _ in trim for m in marks)


@given(
    st.sampled_from(sorted(PAPERS)),
    st.sampled_from(["1", "2", "4"]),
    st.floats(20, 200),
    st.floats(20, 200),
    st.floats(0, 5),
)
def test_bleeds_stay_apart_inside_the_margins_and_register(
    paper: str, per_page: str, w: float, h: float, bleed: float
):
    """However large the card and the bleed: cards' colours never come within GUTTER of each
    other, nor within the cut marks' room of the paper's edge, and a back's bleed lies behind
    its front's on either flip."""
    lay = layout(paper, per_page, (w, h), 4, bleed)
    if lay is None:
        return
    pw, ph = lay.page
    grown = [(x - bleed, y - bleed, x + w + bleed, y + h + bleed) for x, y in lay.slots]
    room = SIDE_MARGIN - 1e-9
    for x0, y0, x1, y1 in grown:
        assert x0 >= room and y0 >= room and x1 <= pw - room and y1 <= ph - room
    for a, b in itertools.combinations(grown, 2):
        apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
        assert apart >= GUTTER - 1e-9
    for flip in ("long", "short"):
        for slot, (x, y) in enumerate(lay.slots):
            bx, by = lay.slots[lay.behind(slot, flip)]
            mirrored = (pw - x - w, y) if (flip == "long") == (pw <= ph) else (x, ph - y - h)
            assert math.isclose(bx, mirrored[0], abs_tol=1e-9)
            assert math.isclose(by, mirrored[1], abs_tol=1e-9)


def test_layout_puts_each_back_behind_its_front():
    for paper in ((300.0, 400.0), (400.0, 300.0)):  # portrait, landscape; whole pixels at 1 mm
        lay = Layout(paper, (100.0, 80.0), 2, 2)
        for flip in ("long", "short"):
            for slot, (x, y) in enumerate(lay.slots):
                bx, by = lay.slots[lay.behind(slot, flip)]
                size = (int(paper[0]), int(paper[1]))
                assert behind((int(x), int(y), 100, 80), size, flip) == (int(bx), int(by), 100, 80)
                assert lay.behind(lay.behind(slot, flip), flip) == slot


# --- paper -----------------------------------------------------------------------------------


def test_a_card_too_large_for_the_paper_names_the_largest_cell_size_that_fits(tmp_path: Path):
    pytest.importorskip("fpdf")
    r = run("render", "sample", "--pdf", str(tmp_path / "c.pdf"), "--cell-mm", "30")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "Traceback" not in r.output
    largest = float(re.search(r"--cell-mm ([\d.]+)\)", r.stderr).group(1))
    assert "A4 paper" in r.stderr and 5 <= largest < 30
    assert not (tmp_path / "c.pdf").exists()
    fits = run("render", "sample", "--pdf", str(tmp_path / "c.pdf"), "--cell-mm", str(largest))
    assert fits.exit_code == 0, fits.output
    over = run(
        "render", "sample", "--pdf", str(tmp_path / "c.pdf"), "--cell-mm", f"{largest + 0.1:g}"
    )
    assert over.exit_code == 1 and f"--cell-mm {largest:g}" in over.stderr


def test_without_a_cell_size_a_card_too_wide_at_16_mm_prints_at_the_largest_that_fits(
    tmp_path: Path,
):
    """The bundled Trigo-style example does not fit A4 at 16 mm: asked for, that is the error
    above; not asked for, the cards print at the largest size that fits, and the summary says
    it. Cards that fit at 16 mm keep 16 mm."""
    pytest.importorskip("fpdf")
    trigo = str(Path(__file__).parent.parent / "examples" / "trigo-style.json")
    out = str(tmp_path / "t.pdf")
    asked = run("render", trigo, "--pdf", out, "--cell-mm", "16")
    assert asked.exit_code == 1 and not (tmp_path / "t.pdf").exists()
    largest = float(re.search(r"--cell-mm ([\d.]+)\)", asked.stderr).group(1))
    given = run("render", trigo, "--pdf", out)
    assert given.exit_code == 0, given.output
    assert f"cells {largest:g} mm" in given.stderr and largest < 16
    assert cards(trigo).cell_mm == largest
    assert f"cells {16:g} mm" in run("render", "sample", "--pdf", out).stderr


def test_more_cards_per_page_need_smaller_cells():
    unit = card_size(bundled("sample"), 1.0)
    for paper in PAPERS:
        one, two, four = (largest_cell(paper, n, unit) for n in ("1", "2", "4"))
        assert one > two > four > 0
    assert largest_cell("a3", "1", unit) > largest_cell("a4", "1", unit)


def test_bad_print_options_are_usage_errors(tmp_path: Path):
    out = str(tmp_path / "c.pdf")
    for opts in (["--paper", "a5"], ["--per-page", "3"], ["--flip", "sideways"]):
        r = run("render", "sample", "--pdf", out, *opts)
        assert r.exit_code == 2 and opts[1] in r.stderr
    for bleed in ("-1", "5.5", "nan"):
        r = run("render", "sample", "--pdf", out, "--bleed", bleed)
        assert r.exit_code == 2 and "--bleed" in r.stderr and "Traceback" not in r.output
    with pytest.raises(BleedOutOfRange, match=r"^bleed 9 mm; expected 0 to 5 mm$"):
        cards("sample", bleed_mm=9)


# --- colours ---------------------------------------------------------------------------------


def closest(colours: list[str], vision: str = "normal") -> float:
    """The smallest OKLab distance between two of the colours, seen with ``vision``."""
    return min(distance(a, b, vision) for a, b in itertools.combinations(colours, 2))


def custom_set(n: int) -> PieceSet:
    """``n`` custom pieces: bars of 1 to n squares, named C1, C2..."""
    codes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return PieceSet(
        Piece(f"C{i}", codes[i - 1], shape_from_rows(["#" * i])) for i in range(1, n + 1)
    )


def test_the_palette_is_large_light_and_apart():
    assert len(PALETTE) >= 24 and len(set(PALETTE)) == len(PALETTE)
    assert all(0.55 <= oklab(c)[0] <= 0.90 for c in PALETTE)  # light enough for black lines
    assert closest(list(PALETTE)) >= 0.11  # OKLab distance, normal vision
    for vision in VISIONS:  # the first dozen stay apart for colour-blind players too
        assert closest(list(PALETTE[:12]), vision) >= 0.10, vision


def test_pentominoes_get_twelve_colours_at_least_0_1_apart_in_oklab():
    fills = list(set_colours(PENTOMINOES).values())
    assert len(set(fills)) == 12
    for vision in VISIONS:  # deuteranopia and protanopia simulated with Machado 2009
        assert closest(fills, vision) >= 0.10, vision


def test_a_24_piece_set_gets_24_colours_at_least_0_1_apart_in_oklab():
    fills = list(set_colours(custom_set(24)).values())
    assert len(set(fills)) == 24 and closest(fills) >= 0.10


def test_the_originals_keep_their_real_colours_beside_custom_pieces():
    assert set_colours(STANDARD) == PIECE_COLOURS
    mixed = PieceSet([*STANDARD.values(), *custom_set(12).values()])
    fills = set_colours(mixed)
    assert all(fills[n] == c for n, c in PIECE_COLOURS.items())
    custom = [fills[f"C{i}"] for i in range(1, 13)]
    assert min(distance(a, b) for a in custom for b in PIECE_COLOURS.values()) >= 0.08
    fake = PieceSet([Piece("I2", "A", shape_from_rows(["###"]))])  # a name, not the piece
    assert set_colours(fake)["I2"] != PIECE_COLOURS["I2"]


@given(st.lists(st.lists(st.integers(0, 99), min_size=6, max_size=6), min_size=6, max_size=6))
def test_touching_pieces_never_share_a_colour(grid: list[list[int]]):
    # cells with the same number are one piece; 100 names overflow the palette on purpose
    placed: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            placed.setdefault(f"p{v}", []).append((r, c))
    names = list(placed)
    fills = dict(zip(names, tiling_colours(list(placed.items())), strict=True))
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            for w in row[c + 1 : c + 2] + ([grid[r + 1][c]] if r + 1 < len(grid) else []):
                if w != v:
                    assert fills[f"p{v}"] != fills[f"p{w}"]


def test_the_6x10_tiling_has_twelve_colours():
    figure = parse_figure("/".join(["#" * 10] * 6))
    tiling = solve(Puzzle(figure, tuple(PENTOMINOES.values())))
    svg = ET.fromstring(solution_svg(figure, tiling, PENTOMINOES))
    fills = {g.get("data-piece"): g.find(f"{NS}path").get("fill") for g in svg.iter(f"{NS}g")
             if g.get("class") == "piece"}  # fmt: skip
    assert fills == set_colours(PENTOMINOES)


def load_pentominoes() -> PuzzleSet:
    return parse_set(json.loads((ROOT / "examples/pentominoes.json").read_text()))


def test_terminal_svg_html_and_pdf_draw_a_custom_set_in_the_same_colours():
    ps = load_pentominoes()
    want = set_colours(ps.pieces)
    term = paint(pieces_rows(list(ps.pieces.values())), ps.pieces, colour_on=True)
    sgr = {tuple(map(int, m)) for m in re.findall(r"\x1b\[48;2;(\d+);(\d+);(\d+)m", term)}
    assert {rgb(c) for c in want.values()} <= sgr
    side = next(sides(ps))
    svg = ET.fromstring(side_svg(side.figure, side.combos, ps.die, pieces=ps.pieces))
    icons = {g.get("data-piece"): g.find(f"{NS}path").get("fill") for g in svg.iter(f"{NS}g")
             if g.get("class") == "icon"}  # fmt: skip
    assert icons == want
    html = page(ps, {})
    for name, fill in want.items():
        assert re.search(
            rf'data-piece="{name}"><title>{name}</title><path d="[^"]*" fill="{fill}"', html
        )
    pytest.importorskip("fpdf")
    from ubongo.render.pdf import cards

    data, _ = cards(ps, cell_mm=6)
    drawn = set()
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            text = zlib.decompress(stream)
        except zlib.error:
            continue
        for r, g, b in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) rg", text):
            drawn.add(tuple(round(float(v) * 255) for v in (r, g, b)))
    for c in want.values():
        assert any(all(abs(p - q) <= 1 for p, q in zip(rgb(c), d, strict=True)) for d in drawn), c
