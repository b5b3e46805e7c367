"""Hexagons and triangles drawn as such: each cell's corners from ``render.outline.PLANES``,
neighbours sharing an edge, and a tiling's SVG holding one group per piece whose outline
covers exactly that piece's cells (found by the cells' middles, computed here on their own
from the geometry, and by area)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_cli_hex_tri import HEXES, PUZZLES, run, written  # the polyhexes the command line solves

import ubongo
from ubongo.render.outline import corners, edges, loops
from ubongo.render.svg import CELL, figure_svg, solution_svg
from ubongo.solver import Figure, parse_figure
from ubongo.solver.lattice import HEX, TRI, Lattice, Point
from ubongo.solver.puzzle import Placement, Solution

NS = "{http://www.w3.org/2000/svg}"
LATTICES = [HEX, TRI]
H = math.sqrt(3) / 2  # a triangle's height, a hexagon's rows apart, for a side or width of 1


def cell_points(lattice: Lattice) -> st.SearchStrategy[Point]:
    """Cells in a small window of the lattice."""
    if lattice is TRI:
        return st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(1, 2))
    return st.tuples(st.integers(0, 4), st.integers(0, 4))


def middle(p: Point, lattice: Lattice) -> tuple[float, float]:
    """A cell's middle in cell units (a hexagon one wide, a triangle's side one), its text
    form's first row and column at the top left: what the drawing must show, worked out from
    the geometry rather than from the drawing's own corners."""
    row, col = lattice.spot(p)
    if lattice is HEX:  # odd text rows stand half a hexagon right; rows are 3/4 of 2/sqrt(3)
        return col + 0.5 * (row % 2) + 0.5, row * 1.5 / math.sqrt(3) + 1 / math.sqrt(3)
    up = (row + col) % 2 == 0
    return col / 2 + 0.5, row * H + (2 / 3 if up else 1 / 3) * H


def low_corner(cells: frozenset[Point], lattice: Lattice) -> tuple[float, float]:
    """The least x and y of the cells' drawing: the left edge of the leftmost cell, the top of
    the first row."""
    spots = [lattice.spot(p) for p in cells]
    top = min(row for row, _ in spots)
    if lattice is HEX:
        return min(col + 0.5 * (row % 2) for row, col in spots), top * 1.5 / math.sqrt(3)
    return min(col / 2 for _, col in spots), top * H


def rings(d: str) -> list[list[tuple[float, float]]]:
    """The closed polygons of an SVG path of M, L and Z."""
    out = []
    for part in re.findall(r"M([^Z]*)Z", d):
        nums = [float(n) for n in re.findall(r"-?[\d.]+", part)]
        out.append(list(zip(nums[::2], nums[1::2], strict=True)))
    return out


def inside(x: float, y: float, polys: list[list[tuple[float, float]]]) -> bool:
    """Whether a point is inside the outline (even-odd: a hole's ring takes it out again)."""
    hits = 0
    for poly in polys:
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                hits += 1
    return hits % 2 == 1


def area(polys: list[list[tuple[float, float]]]) -> float:
    """The area inside the outline: outer rings wind one way, holes the other."""
    return abs(
        sum(
            x0 * y1 - x1 * y0
            for poly in polys
            for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True)
        )
        / 2
    )


CELL_AREA = {HEX: math.sqrt(3) / 2, TRI: math.sqrt(3) / 4}  # a hexagon one wide, a side of 1


@pytest.mark.parametrize("lattice", LATTICES)
@given(data=st.data())
def test_neighbours_share_an_edge_and_no_other_cells_do(
    lattice: Lattice, data: st.DataObject
) -> None:
    p = data.draw(cell_points(lattice))
    mine = set(corners(p, lattice))
    assert len(mine) == (6 if lattice is HEX else 3)
    around = [q for q in product(*(range(a - 2, a + 3) for a in p)) if lattice.is_cell(q)]
    for q in around:
        shared = len(mine & set(corners(q, lattice)))
        if q != p:
            assert (shared == 2) == (q in lattice.neighbours(p)), q


@pytest.mark.parametrize("lattice", LATTICES)
@given(data=st.data())
def test_outline_and_inner_edges_account_for_every_side(
    lattice: Lattice, data: st.DataObject
) -> None:
    cells = data.draw(st.frozensets(cell_points(lattice), min_size=1, max_size=12))
    outer, inner = edges(cells, lattice)
    sides = 6 if lattice is HEX else 3
    assert len(outer) + 2 * len(inner) == sides * len(cells)
    pairs = {frozenset((p, q)) for p in cells for q in lattice.neighbours(p) if q in cells}
    assert len(inner) == len(pairs)
    assert sum(len(loop) for loop in loops(cells, lattice)) <= len(outer)


def drawn(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def figure_group(svg: ET.Element) -> ET.Element:
    g = svg.find(f"{NS}g[@class='figure']")
    assert g is not None
    return g


def outline_of(group: ET.Element) -> list[list[tuple[float, float]]]:
    """The polygons of a group's first path: a figure's white shape, a piece's outline."""
    path = group.find(f"{NS}path")
    assert path is not None
    return rings(path.get("d", ""))


def tiling(lattice: Lattice, cells: frozenset[Point], labels: list[int]) -> Solution:
    """The cells split into pieces by label, named A, B, ... (a partition, not real pieces)."""
    by: dict[int, set[Point]] = {}
    for p, k in zip(sorted(cells), labels, strict=False):
        by.setdefault(k, set()).add(p)
    return tuple(Placement(chr(65 + k), frozenset(ps)) for k, ps in sorted(by.items()))


@pytest.mark.parametrize("lattice", LATTICES)
@given(data=st.data())
def test_each_piece_group_covers_exactly_its_cells(lattice: Lattice, data: st.DataObject) -> None:
    cells = lattice.normalise(
        data.draw(st.frozensets(cell_points(lattice), min_size=1, max_size=14))
    )
    labels = data.draw(st.lists(st.integers(0, 4), min_size=len(cells), max_size=len(cells)))
    solution = tiling(lattice, cells, labels)
    figure = Figure(cells, lattice)
    assert_drawn(drawn(solution_svg(figure, solution)), figure, solution)


def assert_drawn(svg: ET.Element, figure: Figure, solution: Solution) -> None:
    """One group per placement, in order, whose outline holds the middles of its own cells and
    of no other cell of the figure, and has the area of its cells."""
    lattice, cells = figure.lattice, figure.cells
    groups = svg.findall(f"{NS}g[@class='piece']")
    assert [g.get("data-piece") for g in groups] == [pl.piece for pl in solution]
    outline = outline_of(figure_group(svg))
    lx, ly = low_corner(cells, lattice)
    pad = CELL / 4
    assert min(x for r in outline for x, _ in r) == pytest.approx(pad, abs=0.01)
    assert min(y for r in outline for _, y in r) == pytest.approx(pad, abs=0.01)
    for g, pl in zip(groups, solution, strict=True):
        polys = outline_of(g)
        for p in cells:
            mx, my = middle(p, lattice)
            at = (pad + (mx - lx) * CELL, pad + (my - ly) * CELL)
            assert inside(*at, polys) == (p in pl.cells), (p, pl)
        assert area(polys) == pytest.approx(len(pl.cells) * CELL_AREA[lattice] * CELL**2, rel=0.01)


@pytest.mark.parametrize(("document", "rows", "combo", "tilings"), PUZZLES)
def test_every_tiling_the_api_finds_is_drawn_cell_for_cell(
    tmp_path: Path, document: dict[str, object], rows: str, combo: str, tilings: int
) -> None:
    found = ubongo.solutions(rows, combo.split(), piece_set=written(tmp_path, document))
    pictures = re.findall(r"<svg.*?</svg>", found._repr_html_(), re.S)
    assert len(pictures) == len(found) == tilings
    for svg, solution in zip(pictures, found, strict=True):
        assert_drawn(drawn(svg), found.puzzle.figure, solution)
    answer = ubongo.solve(rows, combo.split(), piece_set=written(tmp_path, document))
    assert_drawn(drawn(answer._repr_svg_()), answer.puzzle.figure, answer.solution or ())


@pytest.mark.parametrize(("lattice", "rows"), [(HEX, "###/####/.##"), (TRI, ".####/#####")])
def test_a_figure_draws_its_cells_as_hexagons_or_triangles(lattice: Lattice, rows: str) -> None:
    figure = parse_figure(rows, lattice=lattice)
    svg = drawn(figure._repr_svg_())
    assert svg.get("class") == "ubongo-figure"
    outline = outline_of(figure_group(svg))
    assert area(outline) == pytest.approx(figure.area * CELL_AREA[lattice] * CELL**2, rel=0.01)
    assert figure_svg(figure) == figure._repr_svg_()


def test_solve_writes_the_tiling_of_hexagons_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    pieces = written(tmp_path, HEXES)
    result = run("solve", "--pieces", pieces, "###/####/.##", "I", "V", "O", "--svg", str(out))
    assert result.exit_code == 0, result.output
    svg = drawn(out.read_text())
    groups = svg.findall(f"{NS}g[@class='piece']")
    assert sorted(g.get("data-piece") or "" for g in groups) == ["I", "O", "V"]
    assert sorted(t.text or "" for g in groups for t in g.findall(f"{NS}text")) == ["I", "O", "V"]
    desc = svg.find(f"{NS}desc")
    assert desc is not None and (desc.text or "").splitlines() == result.stdout.splitlines()
