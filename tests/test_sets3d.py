"""Sides that print several figures, die faces in ranges, and the strict checks of an edition:
the card layout of Ubongo 3D (2009), read, checked and written back."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles import parse_set, strict_problems
from ubongo.puzzles.problems import SetProblems
from ubongo.puzzles.sets import face_range


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


TEN = [str(f) for f in range(1, 11)]
FIRST, SECOND = ["####", "###."], ["###", "###", ".#."]  # made-up footprints, not the game's
HARD_1, HARD_2 = ["####", "####", ".#.."], ["#####", "####."]


def card(tid: str = "1") -> dict[str, Any]:
    """A 2009-style board: two footprints per side, easy rows on ranges of a ten-sided die."""
    return {
        "id": tid,
        "easy": {
            "figures": [
                {"figure": FIRST, "combos": {"1-2": ["A", "C", "D"], "3-4": ["F", "I", "P"]}},
                {"figure": SECOND, "combos": {"5-7": ["A", "C", "D"], "8-10": ["B", "E", "G"]}},
            ]
        },
        "hard": {
            "figures": [
                {
                    "figure": HARD_1,
                    "combos": [
                        ["A", "H", "I", "M"],
                        ["A", "B", "C", "J"],
                        ["B", "C", "D", "E"],
                        ["C", "D", "E", "F"],
                        ["D", "E", "F", "G"],
                    ],
                },
                {
                    "figure": HARD_2,
                    "combos": [
                        ["A", "B", "C", "D"],
                        ["E", "F", "G", "H"],
                        ["I", "J", "K", "L"],
                        ["M", "N", "O", "P"],
                        ["A", "E", "I", "M"],
                    ],
                },
            ]
        },
    }


def document(*cards: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": "boards",
        "lattice": "cube",
        "pieces": "ubongo-3d",
        "height": 2,
        "die": TEN,
        "templates": list(cards) or [card()],
    }


def test_a_side_with_two_figures_reads_each_row_onto_its_figure() -> None:
    ps = parse_set(document())
    easy = ps.templates[0].easy
    assert easy is not None and len(easy.figures) == 2
    assert easy.on == (0, 0, 1, 1) and easy.faces == ("1-2", "3-4", "5-7", "8-10")
    assert [f.footprint.rows() for f in easy.figures] == [FIRST, SECOND]
    hard = ps.templates[0].hard
    assert hard is not None and hard.on == (0,) * 5 + (1,) * 5 and hard.faces == ()
    assert sum(1 for _ in ps.combinations()) == 14


@pytest.mark.parametrize(
    ("face", "label", "footprint"),
    [("1", "1-2", FIRST), ("2", "1-2", FIRST), ("6", "5-7", SECOND), ("8-10", "8-10", SECOND)],
)
def test_a_roll_inside_a_range_asks_for_its_row(
    face: str, label: str, footprint: list[str]
) -> None:
    c = parse_set(document()).combination("1", "easy", face)
    assert c.face == label and c.puzzle.figure.footprint.rows() == footprint


def test_a_roll_no_row_answers_names_the_rows() -> None:
    ps = parse_set(document())
    with pytest.raises(Exception, match=r"die face of template 1 easy.*'11'"):
        ps.combination("1", "easy", "11")


def test_hard_rows_go_on_in_die_order_across_figures() -> None:
    c = parse_set(document()).combination("1", "hard", "6")
    assert c.puzzle.figure.footprint.rows() == HARD_2
    assert [p.name for p in c.puzzle.pieces] == ["A", "B", "C", "D"]


def test_the_set_is_written_back_as_read() -> None:
    data = document()
    assert parse_set(data).to_json() == data


def problems_of(data: dict[str, Any]) -> list[str]:
    with pytest.raises(SetProblems) as e:
        parse_set(data, "b.json")
    return [str(p) for p in e.value.problems]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda c: c["easy"]["figures"][1]["combos"].update({"7-9": ["A", "B", "C"]}),
            "die face 7 is answered by '5-7' and '7-9'",
        ),
        (
            lambda c: c["easy"]["figures"][0]["combos"].update({"3-1": ["A", "B", "C"]}),
            "face '3-1': expected a die face or a range such as '1-10'",
        ),
        (lambda c: c["easy"]["figures"][0].update(shape=["#"]), "figures[1]: unknown key"),
        (lambda c: c["easy"].update(figures=[]), 'figures: expected a list of {"figure"'),
        (
            lambda c: c["easy"]["figures"][1].update(combos=[["A", "B", "C"]]),
            "every figure's combos as a list, or every one as an object",
        ),
        (
            lambda c: c["hard"]["figures"][1]["combos"].append(["A", "B", "C", "D"]),
            "11 combinations for 10 die faces",
        ),
        (
            lambda c: c["easy"]["figures"][1]["combos"].update({"8-10": ["A", "Q", "C"]}),
            "8-10: figures[2]: unknown piece 'Q'",
        ),
    ],
)
def test_bad_boards_are_named_where_they_go_wrong(edit: Any, message: str) -> None:
    bad = card()
    edit(bad)
    found = problems_of(document(bad))
    assert any(message in p for p in found), found


def test_a_complete_box_of_the_edition_has_no_strict_problem_but_a_short_one_has() -> None:
    boards = [card(str(i)) for i in range(1, 3)]
    boards[1]["hard"]["figures"][0]["figure"] = ["##..", "####", "####"]  # other hard footprints
    boards[1]["hard"]["figures"][1]["figure"] = ["###", "###", "###", ".#."]
    assert strict_problems(parse_set(document(*boards))) == []
    short = copy.deepcopy(boards)
    del short[0]["easy"]["figures"][1]["combos"]["8-10"]
    short[1]["hard"]["figures"][1]["figure"] = HARD_2  # a hard footprint seen on board 1
    short[1]["easy"]["figures"][0]["combos"]["1-2"] = ["A", "C"]
    assert strict_problems(parse_set(document(*short))) == [
        "template 1 easy: 3 combinations for 10 die faces",
        "template 2 easy, face 1-2: 2 pieces, expected 3",
        "template 2 hard, figure 2: figure equals template 1 hard, figure 2"
        " up to rotation/reflection",
    ]


def test_a_side_of_one_figure_fails_the_edition_and_a_wide_one_its_frame() -> None:
    one = card()
    one["easy"] = {"figure": FIRST, "combos": {"1-5": ["A", "C", "D"], "6-10": ["F", "I", "P"]}}
    one["hard"]["figures"][1]["figure"] = ["######", "######"]
    found = strict_problems(parse_set(document(one)))
    assert "template 1 easy: 1 figures, expected 2" in found
    assert "template 1 easy: 2 combinations, expected 4" in found
    assert "template 1 hard: figure 2 does not fit 4x5" in found


@given(st.integers(0, 9), st.integers(0, 9))
def test_a_range_is_the_faces_between_its_ends(a: int, b: int) -> None:
    die = tuple(TEN)
    label = f"{die[a]}-{die[b]}"
    assert face_range(die, label) == (die[a : b + 1] if a < b else ())
    assert face_range(die, die[a]) == (die[a],)


def test_the_command_line_shows_and_solves_a_board(tmp_path: Path) -> None:
    path = tmp_path / "boards.json"
    path.write_text(json.dumps(document()))
    shown = run("show", str(path), "1", "easy").stdout.splitlines()
    assert shown[0] == "boards 1 easy figure 1: 14 cells, box 2x4"
    assert "face 1-2: A C D" in shown and "face 8-10: B E G" in shown
    assert shown.index("boards 1 easy figure 2: 14 cells, box 3x3") > shown.index("face 3-4: F I P")
    solved = run("solve", "--set", str(path), "1", "easy", "6", "--count")
    assert solved.exit_code == 0, solved.output
