"""ubongo-utils problem files: parsed, written back, read as FIGURE, solved and written by analyze.

The fixture is laid out as that tool's analyzer writes ``--show-solution`` output (figure,
``; squares=``, one ``* A B G ; solutions=N`` line per combination with a picture under it,
``; puzzles=``), typed by hand for a figure of our own; the counts are our engine's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles import PuzzleFormatError
from ubongo.puzzles.ubongo_utils import (
    Problem,
    ProblemFile,
    UnwritableCode,
    format_problem_file,
    is_problem_file,
    parse_problem_file,
    problem_figure,
)
from ubongo.solver import (
    STANDARD,
    Figure,
    Piece,
    PieceSet,
    Puzzle,
    analyze,
    parse_figure,
    parse_solution,
)
from ubongo.solver.pieces import shape_from_rows
from ubongo.solver.verify import is_solution

FIGURE = "##.../#####/..##."
ANALYZER_FILE = """\
##...
#####
..##.
; squares=9

* A B G ; solutions=1
AA...
BBBGG
..GG.

* A B H ; solutions=1
HH...
HHBBB
..AA.

* A C E ; solutions=1
AA...
EEECC
..EC.

* A C F ; solutions=1
CC...
CFFFF
..AA.

* A C G ; solutions=4
AC...
ACCGG
..GG.

* A C H ; solutions=2
HH...
HHACC
..AC.

; puzzles=6
"""
LISTED = [
    (("I2", "I3", "S4"), 1),
    (("I2", "I3", "O4"), 1),
    (("I2", "L3", "L4"), 1),
    (("I2", "L3", "I4"), 1),
    (("I2", "L3", "S4"), 4),
    (("I2", "L3", "O4"), 2),
]


def run(*args: str, stdin: str | None = None) -> Result:
    """``ubongo ARGS`` with stdout and stderr kept apart."""
    return CliRunner().invoke(main, list(args), input=stdin, prog_name="ubongo")


def write(tmp_path: Path, text: str, name: str = "problems.txt") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def without_pictures(text: str) -> str:
    """The fixture as the analyzer writes it without ``--show-solution``."""
    lines = text.splitlines()
    keep = lines[:5] + [ln for ln in lines[5:] if ln.startswith(("*", "; puzzles"))]
    return "\n".join(keep) + "\n"


# --- the format ------------------------------------------------------------------------------


def test_the_analyzer_file_parses_to_its_figure_combinations_and_counts():
    pf = parse_problem_file(ANALYZER_FILE)
    assert pf.figure == parse_figure(FIGURE)
    assert [(p.pieces, p.tilings) for p in pf.problems] == LISTED
    assert not any(p.capped for p in pf.problems)


def test_the_fixture_counts_are_the_engines():
    # Guards the hand-typed fixture: every listed count is the true one, and none is missing.
    found = analyze(parse_figure(FIGURE), 3)
    assert sorted((c.pieces, c.tilings) for c in found) == sorted(LISTED)


def test_the_pictures_in_the_fixture_are_tilings_of_their_combination():
    lines = ANALYZER_FILE.splitlines()
    starts = [i for i, ln in enumerate(lines) if ln.startswith("*")]
    for (names, _), i in zip(LISTED, starts, strict=True):
        fig, sol = parse_solution(lines[i + 1 : i + 4])
        assert is_solution(Puzzle(fig, STANDARD.resolve(names)), sol)


def test_written_exactly_as_the_analyzer_writes_it():
    pf = parse_problem_file(ANALYZER_FILE)
    assert format_problem_file(pf) == without_pictures(ANALYZER_FILE)


def test_a_bare_list_of_combinations_with_comments_anywhere():
    text = "; a board\n##... ; top row\n#####\n..##.\n\n*\tA B G\n* a c h   ;\n"
    pf = parse_problem_file(text)
    assert pf.figure == parse_figure(FIGURE)
    assert pf.problems == (Problem(("I2", "I3", "S4")), Problem(("I2", "L3", "O4")))


def test_a_capped_count_reads_back_as_capped():
    pf = parse_problem_file("###\n* B ; solutions>=2\n* A ; solutions=7 other words\n")
    assert pf.problems == (Problem(("I3",), 2, capped=True), Problem(("I2",), 7))


def test_a_plain_figure_is_a_problem_file_without_problems():
    assert not is_problem_file("##.\n.##\n")
    assert is_problem_file(ANALYZER_FILE)
    assert parse_problem_file("##.\n.##\n") == ProblemFile(parse_figure("##./.##"))
    assert problem_figure("##./.##") == parse_figure("##./.##")  # the inline form still reads


@st.composite
def problem_files(draw):
    """A random figure and combinations of distinct standard pieces, counts known or not."""
    cells = draw(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1))
    names = list(STANDARD)
    combos = st.lists(st.sampled_from(names), min_size=1, max_size=6, unique=True).map(tuple)
    problems = st.builds(
        Problem,
        combos,
        st.one_of(st.none(), st.integers(0, 10**6)),
        st.booleans(),
    ).filter(lambda p: p.tilings is not None or not p.capped)
    return ProblemFile(Figure.from_cells(cells), tuple(draw(st.lists(problems, max_size=8))))


@settings(max_examples=200)
@given(problem_files())
def test_round_trip(pf):
    text = format_problem_file(pf)
    assert parse_problem_file(text) == pf
    assert problem_figure(text) == pf.figure


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("###\n\n* A X9\n", "line 3", "unknown piece 'X9'"),
        ("###\n* A\n*  ; nothing\n", "line 3", "no pieces"),
        ("###\n* A A\n", "line 2", "I2 appears twice"),
        ("###\n* A\nhello there\n", "line 3", "'hello there'"),
        ("###\n#x#\n* A\n", "", "row 2, column 2"),
    ],
)
def test_errors_name_the_file_and_the_line(text, where, what):
    with pytest.raises(PuzzleFormatError) as info:
        parse_problem_file(text, source="board.txt")
    assert info.value.source == "board.txt"
    assert info.value.where == where
    assert what in str(info.value)


def test_a_code_ubongo_utils_cannot_read_is_refused():
    ps = PieceSet([Piece("D", "d", shape_from_rows(["##"]))])
    with pytest.raises(UnwritableCode) as info:
        format_problem_file(ProblemFile(parse_figure("##"), (Problem(("D",), 1),)), ps)
    assert (info.value.name, info.value.code) == ("D", "d")


# --- FIGURE, solve FILE, analyze --format ubongo-utils ---------------------------------------


def test_a_problem_file_is_a_figure_for_analyze_and_solve(tmp_path):
    path = write(tmp_path, ANALYZER_FILE)
    doc = json.loads(run("analyze", path, "--size", "3", "--json").stdout)
    assert doc["figure"] == parse_figure(FIGURE).rows()
    result = run("solve", path, "I3", "L3", "L4")  # PIECE arguments win over the listed ones
    assert result.exit_code == 1 and "unsolvable" in result.stdout
    assert run("solve", path, "A", "C", "G", "--count").stdout.splitlines()[-1] == "4 tilings"


def test_solve_file_solves_every_listed_combination(tmp_path):
    result = run("solve", write(tmp_path, ANALYZER_FILE))
    assert result.exit_code == 0, result.output
    blocks = [b.splitlines() for b in result.stdout.split("\n\n")]
    assert [b[0] for b in blocks] == ["A B G:", "A B H:", "A C E:", "A C F:", "A C G:", "A C H:"]
    for (names, _), block in zip(LISTED, blocks, strict=True):
        fig, sol = parse_solution(block[1:])
        assert fig == parse_figure(FIGURE)
        assert is_solution(Puzzle(fig, STANDARD.resolve(names)), sol)


def test_solve_file_json_and_an_unsolvable_line(tmp_path):
    path = write(tmp_path, ANALYZER_FILE + "* A B C\n* B C G ; not this one\n")
    result = run("solve", path, "--json", "--count")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["figure"] == parse_figure(FIGURE).rows()
    got = [(tuple(p["pieces"]), p["solvable"], p["tilings"]) for p in doc["puzzles"]]
    assert got[:6] == [(names, True, n) for names, n in LISTED]
    assert got[6:] == [(("I2", "I3", "L3"), False, 0), (("I3", "L3", "S4"), False, 0)]
    assert "area" in doc["puzzles"][6]["reason"]
    text = run("solve", path)
    assert text.exit_code == 1
    assert text.stdout.split("\n\n")[6].splitlines() == [
        "A B C:",
        "unsolvable: area mismatch: the figure has 9 cells, the pieces cover 8",
    ]


def test_solve_file_from_stdin_and_refused_options(tmp_path):
    result = run("solve", "-", stdin=ANALYZER_FILE)
    assert result.exit_code == 0
    assert result.stdout.count(":\n") == 6
    for extra in (["--all"], ["--svg", str(tmp_path / "x.svg")]):
        assert run("solve", write(tmp_path, ANALYZER_FILE), *extra).exit_code == 2


def test_solve_a_plain_figure_file_without_pieces_is_a_usage_error(tmp_path):
    assert run("solve", write(tmp_path, "##.\n.##\n")).exit_code == 2


def test_a_bad_line_in_a_problem_file_is_one_error_line(tmp_path):
    path = write(tmp_path, ANALYZER_FILE.replace("* A C G", "* A C Q"))
    result = run("solve", path)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"ubongo solve: {path}: line 26: unknown piece 'Q'; "
        "expected one of I2, I3, L3, I4, L4, O4, S4, T4, L5, P5, Y5, Z5"
    ]


@pytest.mark.parametrize("command", [["solve", "PATH", "A", "B"], ["analyze", "PATH"]])
def test_a_figure_error_read_from_a_file_names_the_file(tmp_path, command):
    path = write(tmp_path, "; a board\n###\n#x#\n* A B\n", "bad-board.txt")
    result = run(*[path if a == "PATH" else a for a in command])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"ubongo {command[0]}: {path}: row 3, column 2: unexpected character 'x'; "
        "expected '#', '.' or space"
    ]


def test_analyze_writes_the_file_the_analyzer_writes(tmp_path):
    out = tmp_path / "out.txt"
    result = run("analyze", FIGURE, "--size", "3", "--format", "ubongo-utils", "-o", str(out))
    assert result.exit_code == 0 and result.stdout == ""
    assert out.read_text() == without_pictures(ANALYZER_FILE)


@pytest.mark.parametrize("figure", [".##./####/####/.#..", "#####/#####/###.."])
@pytest.mark.parametrize("cap", [None, 2])
def test_analyze_output_reads_back_with_the_same_combinations_and_counts(figure, cap):
    args = ["analyze", figure, "--size", "3", "--size", "4", "--format", "ubongo-utils"]
    result = run(*args, *(["--max-tilings", str(cap)] if cap else []))
    assert result.exit_code == 0
    pf = parse_problem_file(result.stdout)
    assert pf.figure == parse_figure(figure)
    expected = [c for n in (3, 4) for c in analyze(pf.figure, n, max_tilings=cap)]
    got = {(frozenset(p.pieces), p.tilings, p.capped) for p in pf.problems}
    assert got == {(frozenset(c.pieces), c.tilings, c.tilings == cap) for c in expected}
    assert len(pf.problems) == len(expected) > 0
    if cap:
        assert any(p.capped for p in pf.problems) and "solutions>=2" in result.stdout


def test_analyze_format_and_json_do_not_go_together():
    assert run("analyze", FIGURE, "--format", "ubongo-utils", "--json").exit_code == 2
