"""Pictures of figures of cubes and their tilings: the isometric view (only what the eye sees,
each block in its colour, strong lines between blocks), the layer view (SVG and terminal), the
notebook and ``solve --svg`` hooks, and the picture as Chromium draws it."""

from __future__ import annotations

import doctest
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from collections import Counter
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled_pieces
from ubongo.render import colours, iso
from ubongo.render.colours import paint, rgb, set_colours, shades, tiling_colours
from ubongo.render.iso import (
    CORNERS,
    LIGHT,
    SIDES,
    cubes_element,
    edges,
    in_front,
    iso_element,
    iso_svg,
    layers_element,
    layers_svg,
    shade,
)
from ubongo.render.svg import figure_svg, solution_svg, to_string
from ubongo.solver import parse_figure
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import CUBE
from ubongo.solver.pieces import Piece, PieceSet
from ubongo.solver.puzzle import Placement, Puzzle, Solution, parse_solution, solution_rows
from ubongo.solver.verify import is_solution

NS = "{http://www.w3.org/2000/svg}"
UBONGO_3D = bundled_pieces("ubongo-3d")
SOMA = bundled_pieces("soma")
CUBE_2 = parse_figure("##/##", height=2)


def block(name: str, figure: Figure) -> tuple[PieceSet, Placement]:
    """A set of one block filling the figure, and its placement."""
    return PieceSet([Piece(name, name, figure.cells, CUBE)]), Placement(name, figure.cells)


def tree(svg: str | ET.Element) -> ET.Element:
    """A drawing as a standalone SVG reads it back (tags in the SVG namespace)."""
    return ET.fromstring(svg if isinstance(svg, str) else to_string(svg))


def pieces_of(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{NS}g") if g.get("class") == "piece"]


def faces_of(svg: ET.Element) -> list[tuple[str, str]]:
    """Every drawn face as (cube, side)."""
    return [
        (p.get("data-cube", ""), p.get("class", "").split()[1])
        for p in svg.iter(f"{NS}path")
        if p.get("class", "").startswith("face ")
    ]


@pytest.fixture(scope="module")
def u3() -> ubongo.Answer:
    return ubongo.solve("####/####/.#..", "A B C J", piece_set="ubongo-3d", height=2)


SOMA_TILING = "VLL\nVVZ\nTTT\n--\nBLZ\nBBZ\nPTA\n--\nBLZ\nPAA\nPPA"


@dataclass(frozen=True)
class Tiling:
    puzzle: Puzzle
    solution: Solution
    pieces: PieceSet


@pytest.fixture(scope="module")
def soma() -> Tiling:
    """A Soma cube tiling, fixed here (the solver's first one may change)."""
    figure, solution = parse_solution(SOMA_TILING, SOMA)
    assert is_solution(Puzzle(figure, SOMA.resolve(list("VLTZABP"))), solution)
    return Tiling(Puzzle(figure, SOMA.resolve(list("VLTZABP"))), solution, SOMA)


@pytest.mark.parametrize("module", [colours, iso])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0


# --- colours and the terminal ----------------------------------------------------------------


def test_a_block_with_a_colour_of_its_own_is_drawn_in_it():
    fills = set_colours(UBONGO_3D)
    assert all(fills[p.name] == p.colour for p in UBONGO_3D.values())
    assert len(set(set_colours(SOMA).values())) == 7  # no colours given: palette, all apart


def test_touching_blocks_of_one_colour_get_shades_of_it_and_across_layers_too():
    a, b = (0, 0, 0), (1, 0, 0)  # one above the other: they touch
    fills = tiling_colours([("A", [a]), ("B", [b]), ("C", [(0, 5, 5)])], UBONGO_3D)
    assert fills[0] == fills[2] == "#ffdd04"  # C touches nothing: its own yellow
    assert fills[1] in shades("#ffdd04")


def test_paint_keeps_the_layer_line_plain_and_colours_each_block(u3):
    rows = solution_rows(u3.puzzle.figure, u3.solution, u3.pieces)
    out = paint(rows, u3.pieces, colour_on=True).split("\n")
    assert out[rows.index("--")] == "--"
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in out]
    assert [line.replace(" ", "") for line in plain] == [r.replace(".", "") for r in rows]
    j = re.compile("\x1b\\[48;2;238;60;109m\x1b\\[38;2;[0-9;]+mJ")  # J's own pink: no pink nearby
    assert all(j.search(out[i]) for i in (0, rows.index("--") + 1))
    assert paint(rows, u3.pieces, colour_on=False) == "\n".join(rows)


# --- the isometric view ----------------------------------------------------------------------


def visible_by_rays(cells: frozenset[tuple[int, ...]]) -> set[tuple[str, str]]:
    """The faces seen from (1, 1, 1) far away, found by casting rays: the oracle.

    A face is seen when the ray towards the eye from the middle of one of its two triangles
    enters no cube; nothing here is shared with the drawing's spots and nodes.
    """
    out = set()
    for cube in cells:
        for side in SIDES:
            c0, c1, _, c3 = (
                [v + o for v, o in zip(cube, off, strict=True)] for off in CORNERS[side]
            )
            # what hides part of a face hides a half of it cut along a diagonal: points off
            # both diagonals sample every such half
            for u, v in SAMPLES:
                q = [c0[i] + u * (c1[i] - c0[i]) + v * (c3[i] - c0[i]) for i in range(3)]
                if not any(hits(q, p) for p in cells):
                    out.add((" ".join(map(str, cube)), side))
                    break
    return out


SAMPLES = [
    (u / 10, v / 10) for u in (1, 3, 5, 7, 9) for v in (1, 3, 5, 7, 9) if u != v and u + v != 10
]


def hits(q: list[float], p: tuple[int, ...]) -> bool:
    """Whether the ray q + t(1, 1, 1), t > 0, passes through the inside of cube p."""
    lo = max(p[i] - q[i] for i in range(3))
    hi = min(p[i] + 1 - q[i] for i in range(3))
    return max(lo, 0) < hi - 1e-9


def test_a_full_two_cube_shows_twelve_faces_four_per_side():
    ps, x = block("X", CUBE_2)
    for svg in (iso_element(CUBE_2), iso_element(CUBE_2, [x], ps)):
        svg = tree(svg)
        sides = Counter(side for _, side in faces_of(svg))
        assert sides == {"top": 4, "front": 4, "right": 4}


def test_a_cube_hidden_behind_another_is_not_drawn():
    fig = Figure(frozenset({(0, 0, 0), (1, 1, 1)}), CUBE)  # the second stands in front
    assert {cube for cube, _ in faces_of(tree(iso_element(fig)))} == {"1 1 1"}


cube_sets = st.sets(
    st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 3)), min_size=1, max_size=14
)


@settings(max_examples=60, deadline=None)
@given(cube_sets)
def test_exactly_the_faces_the_eye_sees_are_drawn(cells):
    fig = Figure.from_cells(cells, CUBE)
    assert set(faces_of(tree(iso_element(fig)))) == visible_by_rays(fig.cells)


def test_each_block_is_one_group_in_its_colour_with_its_letter(u3):
    svg = tree(iso_element(u3.puzzle.figure, u3.solution, u3.pieces))
    groups = pieces_of(svg)
    assert [g.get("data-piece") for g in groups] == [pl.piece for pl in u3.solution]
    fills = tiling_colours([(pl.piece, pl.cells) for pl in u3.solution], u3.pieces)
    for g, pl, fill in zip(groups, u3.solution, fills, strict=True):
        assert g.findtext(f"{NS}title") == pl.piece
        assert g.findtext(f"{NS}text") == u3.pieces[pl.piece].code
        assert fill == u3.pieces[pl.piece].colour or fill in shades(u3.pieces[pl.piece].colour)
        for p in g.iter(f"{NS}path"):
            if p.get("class", "").startswith("face "):
                side = p.get("class", "").split()[1]
                assert p.get("fill") == shade(fill, LIGHT[side])
                cube = tuple(map(int, p.get("data-cube", "").split()))
                assert cube in pl.cells


def test_a_block_seen_in_two_places_is_labelled_in_both(soma):
    svg = tree(iso_element(soma.puzzle.figure, soma.solution, soma.pieces))
    texts = {g.get("data-piece"): [t.text for t in g.iter(f"{NS}text")] for g in pieces_of(svg)}
    # L climbs the back edge and turns right at its foot, round the corner of the cube; V lies
    # hidden in the bottom layer's back corner, seen only in the layer view
    assert texts["L"] == ["L", "L"] and texts["V"] == []
    assert all(texts[name] == [name] for name in "TZABP")


def test_lines_between_blocks_are_strong_and_between_cubes_of_one_block_faint():
    two = {(0, 0, 0): 0, (0, 0, 1): 0}  # side by side along a row: tops and fronts meet
    strong, faint = edges(in_front(two), two)[0]
    # faint: the two lines where the cubes meet and the cubes' own creases (1 + 3, the first
    # one's right side is hidden); strong: the rim, a hexagon with sides 1, 2, 1, 1, 2, 1
    assert (len(faint), len(strong)) == (6, 8)
    apart = {(0, 0, 0): 0, (0, 0, 1): 1}
    lines = edges(in_front(apart), apart)
    assert (len(lines[0][1]), len(lines[1][1])) == (1, 3)  # only the creases stay faint
    shared = set(lines[0][0]) & set(lines[1][0])
    assert len(shared) == 2  # each block draws the line it shares with the other


def test_the_same_picture_every_time_whatever_the_order_of_the_cells(u3):
    fig = u3.puzzle.figure
    again = Figure(frozenset(sorted(fig.cells, reverse=True)), CUBE)
    sol = u3.solution
    assert iso_svg(fig, sol, u3.pieces) == iso_svg(again, sol, u3.pieces)
    assert iso_svg(fig, sol, u3.pieces) == iso_svg(fig, tuple(sol), u3.pieces)


def test_the_footprint_lies_under_the_figure():
    fig = parse_figure("##./.## | .#./...")
    svg = tree(iso_element(fig))
    (foot,) = [g for g in svg.iter(f"{NS}g") if g.get("class") == "footprint"]
    assert len(foot.findall(f"{NS}path")) == 3  # the floor, its grid, its rim
    assert [g.get("class") for g in svg.findall(f"{NS}g")] == ["footprint", "figure"]


# --- the layer view --------------------------------------------------------------------------


def test_the_layer_view_has_one_labelled_grid_per_layer(soma):
    svg = tree(layers_element(soma.puzzle.figure, soma.solution, soma.pieces))
    layers = svg.findall(f"{NS}g")
    assert [g.get("data-layer") for g in layers] == ["1", "2", "3"]
    assert [g.findtext(f"{NS}text") for g in layers] == ["layer 1 (bottom)", "layer 2", "layer 3"]
    rows = solution_rows(soma.puzzle.figure, soma.solution, soma.pieces)
    pictures = "\n".join(rows).split("\n--\n")
    for g, picture in zip(layers, pictures, strict=True):
        drawn = {p.get("data-piece") for p in g.findall(f"{NS}g") if p.get("class") == "piece"}
        assert drawn == set(picture) - {"\n"}
    assert layers_svg(soma.puzzle.figure).count('class="layer"') == 3


def test_a_block_in_two_parts_of_a_layer_is_labelled_on_each():
    fig = parse_figure("#.# | ###")
    ps, u = block("U", fig)  # a U standing on its arms: two cells apart in layer 1
    (bottom, _) = tree(layers_element(fig, [u], ps)).findall(f"{NS}g")
    (piece,) = [g for g in bottom.iter(f"{NS}g") if g.get("class") == "piece"]
    assert [t.text for t in piece.iter(f"{NS}text")] == ["U", "U"]


# --- the hooks -------------------------------------------------------------------------------


def test_figures_and_answers_of_cubes_draw_the_view_from_above_and_the_layers(u3):
    for svg in (u3.puzzle.figure._repr_svg_(), u3._repr_svg_(), figure_svg(u3.puzzle.figure)):
        parts = [g.get("class") for g in tree(svg).findall(f"{NS}g")]
        assert parts == ["iso", "layers"]
    drawn = tree(solution_svg(u3.puzzle.figure, u3.solution, u3.pieces))
    assert drawn.get("class") == "ubongo-solution"
    assert {g.get("data-piece") for g in pieces_of(drawn)} == {"A", "B", "C", "J"}
    assert drawn.findtext(f"{NS}desc") == "\n".join(
        solution_rows(u3.puzzle.figure, u3.solution, u3.pieces)
    )
    assert solution_svg(u3.puzzle.figure, u3.solution, u3.pieces) == to_string(
        cubes_element(u3.puzzle.figure, u3.solution, u3.pieces)
    )


def test_solve_svg_writes_the_tiling_of_a_3d_puzzle(tmp_path):
    out = tmp_path / "t.svg"
    args = ["solve", "--pieces", "ubongo-3d", "####/####/.#..", "A", "B", "C", "J"]
    result = CliRunner().invoke(main, [*args, "--height", "2", "--svg", str(out)])
    assert result.exit_code == 0, result.output
    svg = tree(out.read_text())
    (view,) = [g for g in svg.findall(f"{NS}g") if g.get("class") == "iso"]
    assert sorted(g.get("data-piece") for g in pieces_of(view)) == ["A", "B", "C", "J"]


# --- what a person sees ----------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not found")
def test_chromium_draws_every_seen_block_in_its_colour(u3, tmp_path):
    svg = iso_svg(u3.puzzle.figure, u3.solution, u3.pieces)
    page = tmp_path / "iso.html"
    page.write_text(f"<html><body style='margin:0'>{svg}</body></html>")
    png = tmp_path / "iso.png"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run",
             "--hide-scrollbars", "--window-size=400,400"]  # fmt: skip
    subprocess.run(
        [str(CHROMIUM), *flags, f"--screenshot={png}", page.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
    )
    seen = Counter(pixels(png.read_bytes()))
    for g in pieces_of(tree(svg)):
        top = [p.get("fill", "") for p in g.iter(f"{NS}path") if "top" in p.get("class", "")]
        assert seen[rgb(top[0])] > 50, g.get("data-piece")  # a face's worth of its colour


def pixels(png: bytes) -> list[tuple[int, int, int]]:
    """Every pixel of an 8-bit RGB(A) PNG, as RGB (standard library only)."""
    pos, data, head = 8, b"", b""
    while pos < len(png):
        (n,) = struct.unpack(">I", png[pos : pos + 4])
        kind, chunk = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + n]
        head, data = (chunk, data) if kind == b"IHDR" else (head, data + chunk * (kind == b"IDAT"))
        pos += 12 + n
    width, height, depth, kind = struct.unpack(">IIBB", head[:10])
    assert depth == 8 and kind in (2, 6)
    bpp, raw, out = 3 if kind == 2 else 4, zlib.decompress(data), []
    stride, prev = width * bpp, bytearray(width * bpp)
    for y in range(height):
        f, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):
            a, b = (line[i - bpp] if i >= bpp else 0), prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[f]) & 255
        out += [tuple(line[i : i + 3]) for i in range(0, stride, bpp)]
        prev = line
    return out


def paeth(a: int, b: int, c: int) -> int:
    """The PNG Paeth predictor."""
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c
