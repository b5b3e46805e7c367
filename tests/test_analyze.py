"""analyze: one search over the piece pool equals a loop of count() over every combination."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import (
    STANDARD,
    ComboCount,
    Figure,
    Piece,
    PieceSet,
    Puzzle,
    SearchLimit,
    analyze,
    check,
    count,
)
from solver import parse_figure as fig
from solver.pieces import shape_from_rows

FIGURES = [
    ".##./####/####/.#..",
    "###./####/.###/..#.",
    "#####/#####/###..",
    ".####/#####/####./.##..",
    "##.../#####/#####/..##.",
    "###/###/###",
]


def by_loop(figure, size, pieces=STANDARD, cap=None):
    """The slow way: check and count every combination on its own."""
    out = []
    for combo in combinations(pieces.values(), size):
        puzzle = Puzzle(figure, combo)
        if check(puzzle).solvable:
            n = count(puzzle, engine="bitboard", limit=cap)
            out.append(ComboCount(tuple(p.name for p in combo), n))
    return out


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("figure", FIGURES)
def test_analyze_equals_the_loop_over_combinations(figure, size):
    f = fig(figure)
    got = analyze(f, size)
    assert got == by_loop(f, size)
    assert all(c.tilings >= 1 and len(c.pieces) == size for c in got)


def test_analyze_finds_something_for_the_test_figures():
    # Guard against a vacuous comparison above: most figures have combinations of 3 or 4.
    found = {(f, size): len(analyze(fig(f), size)) for f in FIGURES for size in (3, 4)}
    assert sum(1 for n in found.values() if n) >= 8
    assert found[(".##./####/####/.#..", 3)] == 16


@pytest.mark.parametrize("cap", [1, 2, 3])
@pytest.mark.parametrize("figure", ["#####/#####/###..", "###/###/###"])
def test_max_solutions_caps_counts(figure, cap):
    f = fig(figure)
    full = analyze(f, 3)
    capped = analyze(f, 3, max_solutions=cap)
    assert [c.pieces for c in capped] == [c.pieces for c in full]
    assert [c.tilings for c in capped] == [min(c.tilings, cap) for c in full]
    assert any(c.tilings > cap for c in full)  # the cap really bites somewhere
    assert capped == by_loop(f, 3, cap=cap)


def test_small_example():
    assert analyze(fig("###/###"), 2) == [ComboCount(("I2", "L4"), 4), ComboCount(("I2", "O4"), 2)]


def test_no_combination_of_the_right_area():
    assert analyze(fig("##"), 2) == []  # two distinct pieces cover at least 5 cells
    assert analyze(fig("#" * 30), 3) == []


def test_custom_piece_set():
    ps = PieceSet.from_json({"A": {"rows": ["#"]}, "B": {"rows": ["##"]}, "C": {"rows": ["###"]}})
    assert analyze(fig("###"), 2, ps) == [ComboCount(("A", "B"), 2)]
    assert analyze(fig("###/###"), 3, ps) == by_loop(fig("###/###"), 3, ps)


TWINS = PieceSet(
    [
        Piece("D1", "a", shape_from_rows(["##"])),
        Piece("D2", "b", shape_from_rows(["##"])),
        Piece("T", "t", shape_from_rows(["#.", "##"])),
    ]
)


def test_same_shaped_pieces_count_once_like_count_does():
    f = fig("##/##")
    assert count(Puzzle(f, TWINS.resolve(["D1", "D2"]))) == 2
    assert analyze(f, 2, TWINS) == [ComboCount(("D1", "D2"), 2)]


@st.composite
def figures(draw):
    """A random connected figure of 8 to 16 cells."""
    area = draw(st.integers(8, 16))
    cells = {(0, 0)}
    while len(cells) < area:
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
        frontier = sorted({(r + a, c + b) for r, c in cells for a, b in steps} - cells)
        cells.add(draw(st.sampled_from(frontier)))
    return Figure.from_cells(cells)


@settings(max_examples=50)
@given(figures(), st.sampled_from([2, 3, 4]))
def test_analyze_equals_the_loop_on_random_figures(figure, size):
    assert analyze(figure, size) == by_loop(figure, size)


def test_timeout_raises_search_limit():
    with pytest.raises(SearchLimit) as info:
        analyze(fig(["#" * 8] * 5), 9, timeout=0.01)
    assert info.value.what == "time limit"


COPIES = PieceSet(
    [
        Piece("D1", "a", shape_from_rows(["##"])),
        Piece("D2", "b", shape_from_rows(["#", "#"])),  # the same shape, drawn upright
        Piece("D3", "c", shape_from_rows(["##"])),
        Piece("L", "l", shape_from_rows(["#.", "##"])),
        Piece("M", "m", shape_from_rows(["##", ".#"])),  # L turned
        Piece("I", "i", shape_from_rows(["###"])),
    ]
)


@pytest.mark.parametrize("cap", [None, 1, 2, 5])
@pytest.mark.parametrize("size", [2, 3, 4])
@pytest.mark.parametrize("figure", ["##/##", "###/###", "####/###.", "###/###/##.", "####/####"])
def test_same_shaped_pieces_agree_with_the_loop(figure, size, cap):
    f = fig(figure)
    assert analyze(f, size, COPIES, max_solutions=cap) == by_loop(f, size, COPIES, cap)


def test_three_copies_count_each_tiling_once():
    f = fig("##/##/##")
    assert count(Puzzle(f, COPIES.resolve(["D1", "D2", "D3"]))) == 3
    assert ComboCount(("D1", "D2", "D3"), 3) in analyze(f, 3, COPIES)
