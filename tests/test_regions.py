"""Figures of several separate regions, all to be filled (a Trigo card has two white areas):
solve and verify take them as one figure; hints say which region a piece goes to."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from planting import planted

from ubongo.cli import main
from ubongo.solver import STANDARD, Figure, Puzzle, count, solve
from ubongo.solver.cells import components
from ubongo.solver.hints import hint, region_name
from ubongo.solver.regions import region_names
from ubongo.solver.triage import region_reason
from ubongo.solver.verify import is_solution

TWO = "###.##/###.##"  # a 2x3 region left of a 2x2 one: I2 and L4 fill the left, O4 the right


@pytest.mark.parametrize(
    ("figure", "cells", "where"),
    [
        (TWO, {(0, 4), (0, 5), (1, 4), (1, 5)}, "right region"),
        (TWO, {(0, 0), (1, 0)}, "left region, left"),
        (TWO, {(0, 0), (0, 1)}, "left region, top"),
        ("##/../##", {(0, 0), (0, 1)}, "top region"),
        ("##/../##", {(2, 0)}, "bottom region, left"),
        ("#.#.#", {(0, 2)}, "middle region"),
        ("#.#.#.#", {(0, 0)}, "leftmost region"),
        ("#.#.#.#", {(0, 4)}, "third-from-left region"),
        ("#.#.#.#", {(0, 6)}, "rightmost region"),
        # an L round a corner cell: no axis parts them, the thirds of the box do
        ("#####/#..../#..../#..../#...#", {(4, 4)}, "bottom-right region"),
        ("#####/#..../#..../#..../#...#", {(4, 0)}, "top-left region, bottom-left"),
        # a ring round a cell: both in the middle third, so reading order names them
        ("#####/#...#/#.#.#/#...#/#####", {(2, 2)}, "second region"),
        ("#####/#...#/#.#.#/#...#/#####", {(0, 0), (0, 1)}, "first region, top-left"),
    ],
)
def test_region_names_say_which_region_first(figure, cells, where):
    fig = Figure.from_cells(_cells(figure))
    assert region_name(frozenset(cells), fig) == where


def _cells(rows: str) -> set[tuple[int, int]]:
    return {
        (r, c) for r, row in enumerate(rows.split("/")) for c, ch in enumerate(row) if ch == "#"
    }


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_hint_names_the_region_of_a_two_region_card():
    r = run("hint", TWO, "I2", "L4", "O4")
    assert r.exit_code == 0, r.output
    assert r.stdout == "Place O4 (H) first, in the right region; it lies there in every solution.\n"
    doc = json.loads(run("hint", TWO, "I2", "L4", "O4", "--json").stdout)
    assert doc["area"] == "right region"


def test_a_hint_from_a_board_names_the_region_of_what_is_left():
    r = run("hint", "--board", "-", "I2", "L4", "O4", input="###.HH\n###.HH\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Place L4 (E) next, in the left region, ")


def test_a_region_no_set_of_the_pieces_covers_is_the_reason_given():
    r = run("solve", TWO, "I2", "L3", "P5")  # 10 cells in all, but no pieces make the left 6
    assert r.exit_code == 1
    assert r.stdout == (
        "unsolvable: the left region has 6 cells, which no set of the pieces covers exactly\n"
    )
    one_region = Puzzle(Figure.from_cells(_cells("###/###")), STANDARD.resolve(["O4"]))
    assert region_reason(one_region) is None  # the area mismatch is area_reason's
    assert region_reason(
        Puzzle(Figure.from_cells(_cells(TWO)), STANDARD.resolve(["I2", "L3", "P5"]))
    )


def test_solve_and_verify_fill_every_region():
    r = run("solve", TWO, "I2", "L4", "O4", "--count")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[-1] == "4 tilings (2 up to symmetry)"
    assert run("solve", TWO, "I2", "I4", "O4").exit_code == 1  # I4 fits no region


@st.composite
def two_regions(draw):
    """Two planted regions side by side with an empty column between, and their pieces."""
    names = draw(st.lists(st.sampled_from(list(STANDARD)), min_size=2, max_size=4, unique=True))
    cut = draw(st.integers(1, len(names) - 1))
    left = draw(planted(STANDARD.resolve(names[:cut])))
    right = draw(planted(STANDARD.resolve(names[cut:])))
    shift = max(c for _, c in left) + 2 - min(c for _, c in right)
    cells = left | {(r, c + shift) for r, c in right}
    return Figure.from_cells(cells), STANDARD.resolve(names)


@settings(max_examples=40, deadline=None)
@given(two_regions())
def test_a_hint_on_two_regions_names_the_one_its_piece_lies_in(case):
    figure, pieces = case
    puzzle = Puzzle(figure, pieces)
    tiling = solve(puzzle)
    assert tiling is not None and is_solution(puzzle, tiling) and count(puzzle) >= 1
    assert region_reason(puzzle) is None  # the triage never refuses a puzzle that has a tiling
    parts = components(figure.cells)
    assert len(parts) == 2  # each region is connected, and the empty column parts them
    left = min(parts, key=lambda part: min(c for _, c in part))
    h = hint(puzzle)
    side = "left" if h.placement.cells <= left else "right"
    assert h.region == f"{side} region" or h.region.startswith(f"{side} region, ")
    assert h.message().startswith(
        f"Place {h.piece} ({h.code(h.piece)}) first, in the {side} region"
    )


def test_a_hint_on_two_footprints_of_cubes_names_the_region_then_the_layers():
    r = run("hint", "--pieces", "ubongo-3d", "###.##/##..##", "A", "H", "I", "M", "--height", "2")
    assert r.exit_code == 0, r.output
    assert r.stdout == (
        "Place A (A) first, in the left region, in the middle, in both layers; "
        "it lies there in every solution.\n"
    )


@settings(max_examples=200, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 5), st.integers(0, 6)), min_size=2, max_size=20))
def test_every_region_gets_a_name_of_its_own(cells):
    figure = Figure.from_cells(cells)
    named = region_names(figure)
    assert sorted(map(sorted, (part for part, _ in named))) == sorted(
        map(sorted, components(figure.cells))
    )
    assert len({name for _, name in named}) == len(named)
    if len(named) > 1:  # a piece that fills a region is named by the region alone
        assert [region_name(part, figure) for part, _ in named] == [
            f"{name} region" for _, name in named
        ]


@pytest.mark.parametrize(
    ("lattice", "text"),
    [("tri", "##..##/##..##"), ("hex", "#..#/#..#"), ("cube", "#.#/#.# | #.#/#.#")],
)
def test_regions_are_named_where_they_stand_in_the_text_on_every_lattice(
    lattice: str, text: str
) -> None:
    """Triangles and hexagons are placed by their spots in the text form, not by raw
    coordinates (a triangle's last coordinate is its kind, not a column)."""
    from ubongo.solver.figure import parse_figure
    from ubongo.solver.lattice import LATTICES

    figure = parse_figure(text, lattice=LATTICES[lattice])
    assert [name for _, name in region_names(figure)] == ["left", "right"]
