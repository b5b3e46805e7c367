"""Figures: text notation, its round trip, errors with row and column, and figure properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.solver import Figure, FigureError, Placement, UbongoError, parse_figure, parse_solution
from ubongo.solver.pieces import normalise

points = st.tuples(st.integers(0, 6), st.integers(0, 7))
any_cells = st.sets(points, min_size=1, max_size=30)  # connected or not


@st.composite
def connected_cells(draw, max_size=20):
    """A random polyomino grown one edge neighbour at a time from (0, 0)."""
    cells = {(0, 0)}
    for _ in range(draw(st.integers(0, max_size - 1))):
        frontier = sorted(
            {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            - cells
        )
        cells.add(draw(st.sampled_from(frontier)))
    return cells


def flood_count(cells):
    """Edge-connected components of a cell set, counted here apart from the solver."""
    left = set(cells)
    parts = 0
    while left:
        parts += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return parts


@settings(max_examples=150)
@given(st.one_of(any_cells, connected_cells()))
def test_parse_of_rows_round_trips(cells):
    fig = Figure.from_cells(cells)
    assert parse_figure(fig.rows()) == fig
    assert parse_figure("/".join(fig.rows())) == fig  # inline form
    assert parse_figure("\n".join(fig.rows())) == fig
    assert parse_figure(str(fig)) == fig
    assert eval(repr(fig), {"parse_figure": parse_figure}) == fig


@settings(max_examples=100)
@given(any_cells, st.integers(-5, 5), st.integers(-5, 5))
def test_from_cells_normalises_translation(cells, dr, dc):
    fig = Figure.from_cells(cells)
    moved = Figure.from_cells((r + dr, c + dc) for r, c in cells)
    assert moved == fig
    assert fig.cells == normalise(cells)
    assert fig.area == len(cells)
    assert fig.height == 1 + max(r for r, _ in fig.cells)
    assert fig.width == 1 + max(c for _, c in fig.cells)
    assert len(fig.rows()) == fig.height and {len(r) for r in fig.rows()} == {fig.width}


@settings(max_examples=100)
@given(st.one_of(any_cells, connected_cells()))
def test_is_connected_matches_a_flood_fill(cells):
    assert Figure.from_cells(cells).is_connected() == (flood_count(cells) == 1)


@settings(max_examples=50)
@given(connected_cells(), st.integers(0, 7))
def test_canonical_is_the_same_for_rotations_and_mirrors(cells, k):
    pts = list(cells)
    for _ in range(k % 4):
        pts = [(c, -r) for r, c in pts]
    if k >= 4:
        pts = [(r, -c) for r, c in pts]
    assert Figure.from_cells(pts).canonical() == Figure.from_cells(cells).canonical()


def test_comments_dots_and_spaces():
    text = "; template 7, easy side\n##.\n# #\n"
    fig = parse_figure(text)
    assert fig.cells == {(0, 0), (0, 1), (1, 0), (1, 2)}
    assert fig.rows() == ["##.", "#.#"]


def test_comment_between_rows_is_skipped():
    assert parse_figure("##\n; a note\n##") == parse_figure("##/##")


def test_blank_lines_around_and_crlf_are_ignored():
    assert parse_figure("\n\n##\r\n.#\r\n\n") == parse_figure("##/.#")


def test_indentation_is_empty_space():
    assert parse_figure(["  ##", "  #."]) == parse_figure("##/#.")


def test_list_of_rows_with_comments():
    assert parse_figure(["; c", "#.", "##"]) == parse_figure("#./##")


def test_inline_form():
    fig = parse_figure("##./.##")
    assert fig.cells == {(0, 0), (0, 1), (1, 1), (1, 2)}
    assert fig.rows() == ["##.", ".##"]


def test_single_row_without_slash():
    assert parse_figure("####").cells == {(0, 0), (0, 1), (0, 2), (0, 3)}


@pytest.mark.parametrize(
    ("text", "row", "col", "char"),
    [
        ("#x/##", 1, 2, "x"),
        ("##\n#?", 2, 2, "?"),
        ("; comment\n##\n.#A", 3, 3, "A"),  # rows are lines of the text, comments included
        (["##", "#", "..#O"], 3, 4, "O"),
        ("#\t#", 1, 2, "\t"),
    ],
)
def test_bad_character_names_row_and_column(text, row, col, char):
    with pytest.raises(FigureError) as info:
        parse_figure(text)
    assert (info.value.row, info.value.col) == (row, col)
    assert f"row {row}, column {col}" in str(info.value)
    assert repr(char) in str(info.value)
    assert isinstance(info.value, UbongoError)


@pytest.mark.parametrize("text", ["", "...", "./.", "; only a comment", [], ["  ", ".."], "\n\n"])
def test_empty_figure_rejected(text):
    with pytest.raises(FigureError, match="empty figure"):
        parse_figure(text)


def test_holes():
    assert parse_figure("###/#.#/###").holes() == 1
    assert parse_figure("###/#.#/#.#").holes() == 0
    assert parse_figure("#####/#.#.#/#####").holes() == 2
    assert parse_figure("##/##").holes() == 0


def test_connectivity_examples():
    assert parse_figure("##./.##").is_connected()
    assert not parse_figure("#./.#").is_connected()  # corners do not join
    assert not parse_figure("#.#").is_connected()


def test_comment_lines_between_solution_rows_are_skipped():
    figure, solution = parse_solution("; the L\nACC\n; mid\nAC.")
    assert figure == parse_figure("###/##.")
    assert set(solution) == {
        Placement("I2", frozenset({(0, 0), (1, 0)})),
        Placement("L3", frozenset({(0, 1), (0, 2), (1, 1)})),
    }


def test_bad_character_row_counts_comment_lines_too():
    with pytest.raises(FigureError) as info:
        parse_figure("; c\n##\n; c\n#x")
    assert (info.value.row, info.value.col) == (4, 2)  # the line of the text, as an editor shows


@given(st.lists(st.text(alphabet="#.", max_size=8), max_size=6))
def test_rows_of_hashes_and_dots_read_as_the_picture_reader_reads_them(rows):
    """parse_figure's shortcut for rows of '#' and '.' finds what read_picture finds."""
    text = "\n".join(rows) if rows else ""
    try:
        want = parse_figure(text)
    except FigureError as e:
        with pytest.raises(FigureError, match="empty figure") as info:
            parse_figure(rows)
        assert str(info.value) == str(e)
        return
    got = parse_figure(rows)
    assert got == want and (got.height, got.width) == (want.height, want.width)
    assert got.rows() == want.rows()
