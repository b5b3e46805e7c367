"""analyze: one search over the piece pool equals a loop of count() over every combination."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.solver import (
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
from ubongo.solver import parse_figure as fig
from ubongo.solver.pieces import shape_from_rows

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
def test_max_tilings_caps_counts(figure, cap):
    f = fig(figure)
    full = analyze(f, 3)
    capped = analyze(f, 3, max_tilings=cap)
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
    assert analyze(f, size, COPIES, max_tilings=cap) == by_loop(f, size, COPIES, cap)


def test_three_copies_count_each_tiling_once():
    f = fig("##/##/##")
    assert count(Puzzle(f, COPIES.resolve(["D1", "D2", "D3"]))) == 3
    assert ComboCount(("D1", "D2", "D3"), 3) in analyze(f, 3, COPIES)


# --- required pieces in the search, and the filters of `ubongo analyze` ----------------------


@settings(max_examples=40)
@given(figures(), st.sampled_from([2, 3, 4]), st.sets(st.sampled_from(list(STANDARD)), max_size=3))
def test_required_pieces_in_the_search_equal_a_filter_after_it(figure, size, names):
    got = analyze(figure, size, required=sorted(names))
    assert got == [c for c in analyze(figure, size) if names <= set(c.pieces)]


def test_required_pieces_by_code_and_too_many_of_them():
    f = fig(".##./####/####/.#..")
    assert analyze(f, 3, required=["a", "K"]) == analyze(f, 3, required=["I2", "P5"])
    assert analyze(f, 3, required=["I2", "I3", "L3", "I4"]) == []
    assert analyze(f, 3, PieceSet([])) == []


@settings(max_examples=40)
@given(figures(), st.sampled_from([2, 3]), st.integers(1, 4))
def test_counting_one_past_a_bound_decides_it_exactly(figure, size, bound):
    # The rule --unique and --at-most rely on: a count capped at bound + 1 is within the bound
    # exactly when the full count is.
    capped = analyze(figure, size, max_tilings=bound + 1)
    full = analyze(figure, size)
    assert [c for c in capped if c.tilings <= bound] == [c for c in full if c.tilings <= bound]


WIDE = "#####/#####/###.."  # size-3 counts run from 1 to more than 3


def run_json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["analyze", *args, "--json"], prog_name="ubongo")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def pairs(doc: dict) -> list[tuple[tuple[str, ...], int]]:
    return [(tuple(c["pieces"]), c["tilings"]) for c in doc["combos"]]


FULL = [(c.pieces, c.tilings) for c in analyze(fig(WIDE), 3)]


def test_the_test_figure_has_unique_and_ambiguous_combinations():
    assert {n for _, n in FULL} >= {1, 2, 3} and max(n for _, n in FULL) > 4


@pytest.mark.parametrize(
    ("args", "keep"),
    [
        (["--unique"], lambda names, n: n == 1),
        (["--at-most", "2"], lambda names, n: n <= 2),
        (["--unique", "--at-most", "3"], lambda names, n: n == 1),
        (["--with", "P5"], lambda names, n: "P5" in names),
        (["--with", "k", "--with", "l3"], lambda names, n: {"P5", "L3"} <= set(names)),
        (["--without", "K", "--without", "L5"], lambda names, n: not {"P5", "L5"} & set(names)),
        (["--at-most", "2", "--without", "p5"], lambda names, n: n <= 2 and "P5" not in names),
    ],
)
def test_filters_keep_what_they_say(args, keep):
    doc = run_json(WIDE, "--size", "3", *args)
    kept = [(names, n) for names, n in FULL if keep(names, n)]
    assert pairs(doc) == kept
    assert 0 < len(kept) < len(FULL)  # each filter both keeps and drops here
    assert not any(c.get("capped") for c in doc["combos"])
    assert set(doc["filters"]) == {"at_most", "with", "without"}


@pytest.mark.parametrize("cap", ["1", "2", "3"])
@pytest.mark.parametrize("bound", [["--unique"], ["--at-most", "2"], ["--at-most", "3"]])
def test_a_capped_count_never_passes_a_bound_wrongly(cap, bound):
    # --max-tilings 1 --unique: a count stopped at 1 may be more; counting goes on to 2.
    doc = run_json(WIDE, "--size", "3", "--max-tilings", cap, *bound)
    limit = 1 if bound == ["--unique"] else int(bound[1])
    kept = [(names, n) for names, n in FULL if n <= limit]
    assert pairs(doc) == kept and len(kept) < len(FULL)
    assert not any(c.get("capped") for c in doc["combos"])


def test_a_cap_without_a_bound_is_shown_as_capped():
    doc = run_json(WIDE, "--size", "3", "--max-tilings", "1")
    assert all(c["tilings"] == 1 and c["capped"] for c in doc["combos"])
    assert "filters" not in doc


def test_filters_in_text():
    result = CliRunner().invoke(
        main, ["analyze", WIDE, "--size", "3", "--max-tilings", "1", "--unique", "--with", "k"]
    )
    lines = result.stdout.splitlines()
    kept = [names for names, n in FULL if n == 1 and "P5" in names]
    assert lines[0] == (
        f"{len(kept)} combinations of 3 pieces tile this 13-cell figure (at most 1 tiling, with P5)"
    )
    assert lines[1:] == [f"  {' '.join(names):<20}     1 tiling" for names in kept]
    assert len(kept) >= 2


def test_with_narrows_the_default_sizes_and_without_everything_finds_nothing():
    doc = run_json(".##./####/####/.#..", "--with", "I2", "--with", "I3", "--with", "L3")
    assert doc["sizes"] and min(doc["sizes"]) >= 3
    everything = [a for name in STANDARD for a in ("--without", name)]
    assert run_json("###/###", "--size", "2", *everything)["combos"] == []


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--with", "T5"], 1, "unknown piece 'T5'; did you mean T4?"),
        (["--without", "x9"], 1, "unknown piece 'x9'"),
        (["--with", "I2", "--without", "a"], 2, "piece I2 is given both --with and --without"),
        (["--at-most", "0"], 2, "--at-most"),
    ],
)
def test_bad_filters(args, code, message):
    result = CliRunner().invoke(main, ["analyze", "###/###", *args], prog_name="ubongo")
    assert result.exit_code == code
    assert message in result.stderr and result.stdout == ""
    assert "Traceback" not in result.output
