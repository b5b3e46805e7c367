"""Cells: flood fill and components partition, bounding boxes, and the letter-grid picture
reader against the drawer (a round trip), with errors that name row and column."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.solver import STANDARD, FigureError, Puzzle, bits, cells, parse_figure, parse_solution
from ubongo.solver.cells import (
    bounding_box,
    components,
    draw,
    flood,
    neighbours,
    normalise,
    read_picture,
)
from ubongo.solver.hints import OutsideFigure, UnknownLetter, parse_board

points = st.tuples(st.integers(-6, 6), st.integers(-6, 6))
cell_sets = st.sets(points, min_size=1, max_size=40)


def adjacent(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@pytest.mark.parametrize("module", [cells, bits])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).attempted > 0
    assert doctest.testmod(module).failed == 0


def test_neighbours_are_the_four_edge_squares_clockwise_from_above():
    assert neighbours((3, 5)) == ((2, 5), (3, 6), (4, 5), (3, 4))


@settings(max_examples=150)
@given(cell_sets)
def test_components_partition_the_cells_into_connected_parts(cells):
    parts = components(cells)
    assert set().union(*parts) == cells
    assert sum(len(p) for p in parts) == len(cells)  # disjoint
    for part in parts:
        assert flood(cells, next(iter(part))) == part  # connected, and closed in cells
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            assert not any(adjacent(x, y) for x in a for y in b)
    assert [min(p) for p in parts] == sorted(min(p) for p in parts)  # reading order


@settings(max_examples=100)
@given(cell_sets, st.data())
def test_flood_is_the_part_of_its_start(cells, data):
    start = data.draw(st.sampled_from(sorted(cells)))
    seen = flood(cells, start)
    assert start in seen and seen <= cells
    assert all(n in seen for p in seen for n in neighbours(p) if n in cells)


def test_flood_of_a_huge_snake_needs_no_recursion():
    n = 200  # 20 000 cells in one winding path: deeper than any recursion limit
    cells = {(r, c) for r in range(0, n, 2) for c in range(n)}
    cells |= {(r, n - 1 if r % 4 == 1 else 0) for r in range(1, n, 2)}
    assert flood(cells, (0, 0)) == cells
    assert len(components(cells)) == 1


@settings(max_examples=150)
@given(cell_sets)
def test_bounding_box_is_the_tightest_box_holding_every_cell(cells):
    box = bounding_box(cells)
    assert all(box.top <= r <= box.bottom and box.left <= c <= box.right for r, c in cells)
    rows = {r for r, _ in cells}
    cols = {c for _, c in cells}
    assert {box.top, box.bottom} <= rows and {box.left, box.right} <= cols
    assert (box.height, box.width) == (max(rows) - min(rows) + 1, max(cols) - min(cols) + 1)


@settings(max_examples=100)
@given(cell_sets, st.integers(-9, 9), st.integers(-9, 9))
def test_normalise_moves_the_box_to_the_origin(cells, dr, dc):
    shape = normalise(cells)
    assert bounding_box(shape)[:2] == (0, 0)
    assert normalise((r + dr, c + dc) for r, c in cells) == shape


@st.composite
def lettered(draw_, letters="ABCDE#"):
    """Disjoint cell sets, each under its own letter (``#`` for empty figure cells)."""
    cells = sorted(draw_(cell_sets))
    owner = draw_(st.lists(st.sampled_from(letters), min_size=len(cells), max_size=len(cells)))
    out: dict[str, set] = {}
    for p, ch in zip(cells, owner, strict=True):
        out.setdefault(ch, set()).add(p)
    return out


@settings(max_examples=150)
@given(lettered())
def test_reading_a_drawn_picture_gives_the_cells_back(groups):
    picture = draw(groups)
    drawn = read_picture(picture)
    top, left, _, _ = bounding_box(p for cells in groups.values() for p in cells)
    moved = {ch: {(r - top, c - left) for r, c in cells} for ch, cells in groups.items()}
    assert {ch: cells for ch, cells in moved.items() if ch != "#"} == drawn.by_letter()
    assert drawn.cells == normalise(p for cells in groups.values() for p in cells)
    assert read_picture("/".join(picture)) == drawn  # the inline form reads the same
    for p in drawn.cells:  # every square knows where it stood: line r + 1, column c + 1
        assert drawn.where(p) == (p[0] + 1, p[1] + 1)


def test_comment_lines_are_no_rows_but_count_as_lines():
    drawn = read_picture("; a board\n\n..AB\n; between\n..#B\n")
    assert drawn.by_letter() == {"A": {(0, 0)}, "B": {(0, 1), (1, 1)}}
    assert drawn.where((1, 0)) == (5, 3)
    assert drawn.where((2, 0)) == (6, 3)  # past the last row: counted on from the last line


def test_an_empty_picture_reads_as_no_cells():
    assert read_picture("..\n; only a comment\n  ").chars == {}


@pytest.mark.parametrize(
    ("text", "row", "col"),
    [
        ("AZ\n.C", 1, 2),
        ("; the L\n.AA\n; mid\n.#Q", 4, 3),
    ],
)
def test_parse_solution_names_the_row_and_column_of_a_bad_letter(text, row, col):
    with pytest.raises(FigureError) as info:
        parse_solution(text)
    assert (info.value.row, info.value.col) == (row, col)
    assert str(info.value).startswith(f"row {row}, column {col}: unknown piece")


def test_parse_figure_names_the_row_and_column_of_a_bad_character():
    with pytest.raises(FigureError, match=r"^row 3, column 2: unexpected character 'x'"):
        parse_figure("##\n; note\n#x")


BOARD_PUZZLE = Puzzle(parse_figure("###/##."), STANDARD.resolve(["I2", "L3"]))


@pytest.mark.parametrize(
    ("board", "error", "row", "col"),
    [
        ("AA#\n#Z.", UnknownLetter, 2, 2),
        ("; mine\nAA#\n; oops\n###", OutsideFigure, 4, 3),
        ("AA#\n#..", OutsideFigure, 2, 2),
    ],
)
def test_parse_board_names_the_row_and_column(board, error, row, col):
    with pytest.raises(error) as info:
        parse_board(board, BOARD_PUZZLE)
    assert (info.value.row, info.value.col) == (row, col)
    assert str(info.value).startswith(f"board: row {row}, column {col}: ")
