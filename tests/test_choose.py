"""solve --choose K and --without: which K pieces of a pool tile a figure (Fun-Size's cards).

Ubongo Fun-Size (Mitbringspiel, 2015) prints only the figure: the player finds which three or
four of their eight pieces fill it, and adults may play without the yellow I3 (Thames & Kosmos's
description, quoted by opinionatedgamers.com and boardgamebandit.ca; docs/EDITIONS.md).
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from planting import planted

import ubongo
from ubongo.cli import main
from ubongo.solver import STANDARD, Figure, Piece, PieceSet, Puzzle, count, solutions
from ubongo.solver.lattice import ONE_SIDED
from ubongo.solver.verify import is_solution

CARD = ".##./####/####/.#.."


ONE_SIDED_STANDARD = PieceSet(
    (Piece(p.name, p.code, p.shape, ONE_SIDED) for p in STANDARD.values()), ONE_SIDED
)
"""The 12 shapes as one-sided pieces (Ubongo Mini's kind: turned, never turned over)."""


@st.composite
def choices(draw):
    """Pieces (the 12, two-sided or one-sided), a figure planted with K of a pool of up to 7
    of them, K, and pieces of the pool left out."""
    pieces = draw(st.sampled_from([STANDARD, ONE_SIDED_STANDARD]))
    pool = draw(st.lists(st.sampled_from(list(pieces)), min_size=2, max_size=7, unique=True))
    k = draw(st.integers(1, min(3, len(pool) - 1)))
    cells = draw(planted([pieces[n] for n in pool[:k]]))
    left_out = draw(st.lists(st.sampled_from(pool), max_size=len(pool) - k, unique=True))
    return Figure.from_cells(cells, pieces.lattice), pieces, pool, k, left_out


@settings(max_examples=60, deadline=None)
@given(choices())
def test_reported_combinations_tile_and_no_other_k_subset_does(case):
    figure, pieces, pool, k, left_out = case
    found = ubongo.analyze(figure, k, piece_set=pieces, pool=pool, without_pieces=left_out)
    reported = {c.pieces: c.tilings for c in found.combos}
    kept = [p for p in pieces.values() if p.name in pool and p.name not in left_out]
    for combo in combinations(kept, k):
        names = tuple(p.name for p in combo)
        puzzle = Puzzle(figure, combo)
        truth = count(puzzle, engine="cpsat")  # the oracle shares no search with analyze
        assert reported.get(names, 0) == truth, names
        for tiling in solutions(puzzle) if names in reported else ():
            assert is_solution(puzzle, tiling)
    assert all(len(names) == k and not set(names) & set(left_out) for names in reported)


def test_one_sided_pieces_choose_differently_from_two_sided_ones():
    # an S4 turned over is a Z: the one-sided S4 cannot fill a Z-shaped figure
    z = "##./.##"
    assert [c.pieces for c in ubongo.analyze(z, 1, pool="S4 L3").combos] == [("S4",)]
    one_sided = ubongo.analyze(z, 1, piece_set=ONE_SIDED_STANDARD, pool="S4 L3")
    assert one_sided.combos == ()


def test_choose_on_cubes_lists_the_family_blocks_that_fill_a_footprint_two_high():
    found = ubongo.analyze("###/###", 3, piece_set="ubongo-3d-family", height=2)
    family = found.pieces
    for combo in combinations(family.values(), 3):
        names = tuple(p.name for p in combo)
        truth = count(Puzzle(found.figure, combo), engine="cpsat")
        assert {c.pieces: c.tilings for c in found.combos}.get(names, 0) == truth
    assert len(found.combos) == 7


def test_the_pool_is_listed_in_the_set_order_whatever_order_it_is_given_in():
    a = ubongo.analyze(CARD, 3, pool="P5 O4 L4 I4 I2")
    b = ubongo.analyze(CARD, 3, pool=["I2", "I4", "L4", "O4", "P5"])
    assert [c.pieces for c in a.combos] == [c.pieces for c in b.combos]
    assert [c.pieces for c in a.combos] == [
        ("I2", "I4", "P5"),
        ("I2", "L4", "P5"),
        ("I2", "O4", "P5"),
    ]


def test_no_pool_chooses_from_the_whole_set_as_analyze_does():
    assert ubongo.analyze(CARD, 3, pool=()).combos == ubongo.analyze(CARD, 3).combos


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(pool="I2 I3", without_pieces="Z5"), "piece Z5 is not among the pieces to choose"),
        (dict(pool="I2 I3", with_pieces="Y5"), "piece Y5 is not among the pieces to choose"),
        (dict(pool="I2 I3 L3", without_pieces="I2"), "3 pieces per combination, but only 2"),
    ],
)
def test_a_pool_that_cannot_answer_is_a_usage_error(kwargs, message):
    with pytest.raises(ubongo.UsageError, match=message):
        ubongo.analyze(CARD, 3, **kwargs)


def run(*args: str):
    return CliRunner().invoke(main, ["solve", *args])


def test_choose_lists_the_combinations_as_analyze_does():
    r = run(CARD, "I2", "I3", "I4", "L4", "O4", "P5", "--choose", "3", "--without", "I3")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "3 combinations of 3 pieces tile this 11-cell figure (without I3)",
        "  I2 I4 P5                 1 tiling",
        "  I2 L4 P5                 2 tilings",
        "  I2 O4 P5                 1 tiling",
    ]
    listed = CliRunner().invoke(
        main, ["analyze", CARD, "--size", "3", "--without", "I3", "--without", "L3"]
    )
    assert set(r.stdout.splitlines()[1:]) <= set(listed.stdout.splitlines()[1:])


def test_choose_without_pieces_uses_the_whole_set_and_json_is_analyze_json():
    r = run(CARD, "--choose", "3", "--without", "I2", "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    expected = ubongo.analyze(CARD, 3, without_pieces="I2").to_json()
    assert doc == expected
    assert doc["filters"] == {"at_most": None, "with": [], "without": ["I2"]}
    assert doc["combos"]


def test_no_combination_exits_1_with_the_empty_listing():
    r = run(CARD, "I3", "L4", "O4", "--choose", "2")
    assert r.exit_code == 1
    assert r.stdout == "0 combinations of 2 pieces tile this 11-cell figure\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([CARD, "I3", "L4", "--without", "I3"], "--without goes with --choose K"),
        (["07", "hard", "3", "--choose", "3"], "--choose takes FIGURE [PIECE...]"),
        (["--choose", "3"], "give FIGURE [PIECE...] to choose from"),
        ([CARD, "I3", "--choose", "2", "--all"], "not with --count, --all"),
        ([CARD, "I3", "--choose", "2", "--count"], "not with --count, --all"),
        ([CARD, "I3", "L4", "--choose", "3"], "3 pieces per combination, but only 2"),
        ([CARD, "I3", "L4", "--choose", "1", "--without", "Z5"], "piece Z5 is not among"),
        ([CARD, "I3", "--choose", "0"], "0 is not in the range x>=1"),
    ],
)
def test_usage_errors_exit_2_with_one_clear_line(args, message):
    r = run(*args)
    assert r.exit_code == 2
    assert message in r.stderr
    assert "Traceback" not in r.output


def test_an_unknown_piece_exits_1_naming_it():
    r = run(CARD, "I3", "X4", "--choose", "2")
    assert r.exit_code == 1
    assert r.stderr.strip() == (
        "ubongo solve: unknown piece 'X4'; "
        "expected one of I2, I3, L3, I4, L4, O4, S4, T4, L5, P5, Y5, Z5"
    )


def test_the_timeout_ends_a_long_choice_in_one_line():
    r = run("########/########/########/########/########", "--choose", "9", "--timeout", "0.05")
    assert r.exit_code == 1
    assert r.stderr.startswith("ubongo solve: time limit of 0.05 s (--timeout) reached")
    assert len(r.stderr.splitlines()) == 1 and r.stdout == ""
