"""Hints: the chosen placement against a brute-force enumeration of tilings, half-filled
boards (legal, illegal, not completable), take-back minimality, JSON, and the command."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ubongo.cli import main
from ubongo.puzzles import bundled
from ubongo.solver import STANDARD, Placement, Puzzle, TimeLimit, parse_figure, solve
from ubongo.solver.figure import Figure
from ubongo.solver.hints import (
    BoardError,
    ForeignPiece,
    HintLevelError,
    OutsideFigure,
    PieceTwice,
    UnknownLetter,
    Unsolvable,
    WrongShape,
    board_figure,
    hint,
    parse_board,
    region_name,
)
from ubongo.solver.puzzle import solution_rows
from ubongo.solver.verify import is_solution

SAMPLE = bundled("sample")  # small and fixed: 60 combinations, each enumerated by brute force
COMBOS = list(SAMPLE.combinations())

# --- a brute-force oracle sharing no code with the solver ------------------------------------


def images(shape):
    out = set()
    pts = list(shape)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        for img in (pts, [(r, -c) for r, c in pts]):
            r0 = min(r for r, _ in img)
            c0 = min(c for _, c in img)
            out.add(frozenset((r - r0, c - c0) for r, c in img))
    return out


def spots(piece, cells):
    """Every set of ``cells`` that the piece covers in some orientation."""
    out = set()
    for img in images(piece.shape):
        r1, c1 = min(img)  # put the image's first cell on every cell
        for r, c in cells:
            placed = frozenset((r + a - r1, c + b - c1) for a, b in img)
            if placed <= cells:
                out.add(placed)
    return sorted(out, key=sorted)


def brute_tilings(puzzle, placed=()):
    """Every tiling (a frozenset of Placements) extending ``placed``, by plain backtracking."""
    used = frozenset().union(*(pl.cells for pl in placed)) if placed else frozenset()
    left = frozenset(puzzle.figure.cells) - used
    todo = list(puzzle.pieces)
    for pl in placed:
        todo.remove(next(p for p in todo if p.name == pl.piece))
    options = [(p.name, spots(p, left)) for p in todo]
    found = []

    def rec(i, free, chosen):
        if i == len(options):
            if not free:
                found.append(frozenset(chosen) | frozenset(placed))
            return
        name, cells_list = options[i]
        for cells in cells_list:
            if cells <= free:
                rec(i + 1, free - cells, [*chosen, Placement(name, cells)])

    rec(0, left, [])
    return found


def rows_of(puzzle, placements):
    return solution_rows(puzzle.figure, tuple(placements))


# --- hints from an empty figure --------------------------------------------------------------


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: f"{c.template}-{c.side}-{c.face}")
def test_hint_matches_the_intersection_of_all_tilings(combo):
    puzzle = combo.puzzle
    tilings = brute_tilings(puzzle)
    assert tilings, "every sample combination is solvable"
    common = frozenset.intersection(*tilings)
    h = hint(puzzle, level=3)
    assert h.completable and h.exhaustive and h.tilings == len(tilings)
    assert h.forced == bool(common)
    if common:
        assert h.placement in common
    assert any(h.placement in t for t in tilings)
    assert is_solution(puzzle, h.solution) and h.placement in h.solution
    if len(tilings) == 1:  # a unique tiling: every placement is forced, the hint is one of them
        assert h.forced and h.placement in tilings[0]


def test_no_forced_placement_falls_back_to_the_most_constrained_piece():
    # 2x3 with I2 and O4: the domino lies on the top or the bottom, nothing is forced.
    puzzle = Puzzle(parse_figure("##/##/##"), STANDARD.resolve(["O4", "I2"]))
    tilings = brute_tilings(puzzle)
    assert len(tilings) == 2 and not frozenset.intersection(*tilings)
    h = hint(puzzle, level=2)
    assert not h.forced and h.exhaustive
    per_piece = {n: {pl for t in tilings for pl in t if pl.piece == n} for n in ("O4", "I2")}
    fewest = min(len(v) for v in per_piece.values())
    assert len(per_piece[h.piece]) == fewest
    assert any(h.placement in t for t in tilings)
    assert "every solution" not in h.message()


def test_capped_enumeration_never_claims_forced():
    puzzle = Puzzle(parse_figure("###/###/###/###"), STANDARD.resolve(["I3", "L4", "P5"]))
    assert len(brute_tilings(puzzle)) > 1
    h = hint(puzzle, max_tilings=1)
    assert not h.exhaustive and not h.forced and h.tilings == 1
    assert is_solution(puzzle, h.solution)


def test_unsolvable_combination_raises():
    with pytest.raises(Unsolvable, match="area"):
        hint(Puzzle(parse_figure("###"), STANDARD.resolve(["I2", "L3"])))
    with pytest.raises(Unsolvable):
        hint(Puzzle(parse_figure("###/#.#"), STANDARD.resolve(["I2", "I3"])))


@pytest.mark.parametrize(
    ("cells", "where"),
    [
        ({(0, 0)}, "top-left"),
        ({(0, 8)}, "top-right"),
        ({(4, 4)}, "middle"),
        ({(8, 4)}, "bottom"),
        ({(4, 0), (4, 1)}, "left"),
        ({(8, 8)}, "bottom-right"),
    ],
)
def test_region_names_use_thirds_of_the_figure(cells, where):
    figure = Figure(frozenset((r, c) for r in range(9) for c in range(9)))
    assert region_name(frozenset(cells), figure) == where


# --- boards ----------------------------------------------------------------------------------


def partial_boards(limit_per_combo=None):
    """(puzzle, kept placements) for every subset of one tiling of each sample combination."""
    for combo in COMBOS:
        sol = solve(combo.puzzle)
        subsets = [s for k in range(len(sol) + 1) for s in itertools.combinations(sol, k)]
        for kept in subsets[:limit_per_combo]:
            yield combo.puzzle, kept


def test_partial_boards_round_trip_and_continue():
    for puzzle, kept in partial_boards():
        board = rows_of(puzzle, kept)
        assert set(parse_board(board, puzzle)) == set(kept)
        h = hint(puzzle, board, level=3)
        assert h.completable and set(h.placed) == set(kept)
        if len(kept) == len(puzzle.pieces):
            assert h.placement is None and "complete" in h.message()
            continue
        assert h.placement not in kept
        assert not h.placement.cells & frozenset().union(*(pl.cells for pl in kept), frozenset())
        assert set(kept) | {h.placement} <= set(h.solution)
        assert is_solution(puzzle, h.solution)


def test_hint_on_a_board_is_forced_exactly_when_brute_force_says_so():
    for puzzle, kept in partial_boards():
        if len(kept) == len(puzzle.pieces):
            continue
        tilings = brute_tilings(puzzle, kept)
        h = hint(puzzle, rows_of(puzzle, kept), level=2)
        common = frozenset.intersection(*tilings) - set(kept)
        assert h.forced == bool(common)
        assert any(h.placement in t for t in tilings)


def test_board_text_may_be_offset_and_commented():
    puzzle = COMBOS[0].puzzle
    sol = solve(puzzle)
    rows = rows_of(puzzle, sol[:1])
    text = "; my board\n\n" + "\n".join(".." + r for r in rows) + "\n"
    assert parse_board(text, puzzle) == sol[:1]
    assert board_figure(text) == puzzle.figure


FIGURE = ".####/#####/####./.##.."
PUZZLE = Puzzle(parse_figure(FIGURE), STANDARD.resolve(["I2", "I4", "S4", "Y5"]))
# .####   combination I2 (A), I4 (F), S4 (G), Y5 (I)
# #####
# ####.
# .##..


@pytest.mark.parametrize(
    ("board", "error", "row", "col", "piece"),
    [
        ([".FFF#", "#####", "####.", ".##.."], WrongShape, 1, 2, "I4"),
        ([".####", "#AAA#", "####.", ".##.."], WrongShape, 2, 2, "I2"),
        ([".####", "#KK##", "##K#.", ".##.."], ForeignPiece, 2, 2, "P5"),
        ([".AA##", "#####", "##AA.", ".##.."], PieceTwice, 3, 3, "I2"),
        ([".####", "#?###", "####.", ".##.."], UnknownLetter, 2, 2, None),
        ([".####", "#####", "#####", ".##.."], OutsideFigure, 3, 5, None),
        ([".####", "#####", "####A", ".##.A"], OutsideFigure, 3, 5, "I2"),
        ([".####", "#####", "####.", ".#..."], OutsideFigure, 4, 3, None),
    ],
)
def test_illegal_boards_name_the_place_and_the_piece(board, error, row, col, piece):
    with pytest.raises(error) as info:
        hint(PUZZLE, board)
    e = info.value
    assert isinstance(e, BoardError)
    assert (e.row, e.col, e.piece) == (row, col, piece)
    assert str(e).startswith(f"board: row {row}, column {col}: ")


@pytest.mark.parametrize("level", [0, 4])
def test_a_level_out_of_range_is_an_error_carrying_it(level):
    with pytest.raises(HintLevelError, match=rf"^hint level {level}; expected 1, 2 or 3$") as info:
        hint(PUZZLE, level=level)
    assert info.value.level == level


def test_a_spent_timeout_raises_time_limit():
    with pytest.raises(TimeLimit) as info:
        hint(PUZZLE, timeout=0.0)
    assert info.value.seconds == 0.0 and info.value.nodes == 0


def test_empty_board_text_is_an_error():
    with pytest.raises(BoardError, match="no cell"):
        parse_board("...\n...", PUZZLE)


def random_boards(puzzle, rng, n):
    """Boards of 1 to all-but-one legal, non-overlapping placements, chosen at random."""
    cells = frozenset(puzzle.figure.cells)
    options = {p.name: spots(p, cells) for p in puzzle.pieces}
    names = [p.name for p in puzzle.pieces]
    for _ in range(n):
        k = rng.randint(1, len(names) - 1)
        board, used = [], frozenset()
        for name in rng.sample(names, k):
            free = [s for s in options[name] if not s & used]
            if free:
                pick = rng.choice(free)
                board.append(Placement(name, pick))
                used |= pick
        yield tuple(board)


def completable(puzzle, placed):
    return bool(brute_tilings(puzzle, placed))


def test_take_back_is_minimal_on_random_boards():
    rng = random.Random(20240501)
    stuck = 0
    for combo in COMBOS[::3]:
        puzzle = combo.puzzle
        for placed in random_boards(puzzle, rng, 8):
            h = hint(puzzle, rows_of(puzzle, placed), level=3)
            if completable(puzzle, placed):
                assert h.completable and "take_back" not in h.to_json()
                continue
            stuck += 1
            assert not h.completable
            back = list(h.take_back)
            assert back and set(back) <= {pl.piece for pl in placed}
            kept = tuple(pl for pl in placed if pl.piece not in back)
            assert set(h.placed) == set(kept) and completable(puzzle, kept)
            for k in range(len(back)):  # no smaller set of pieces to take back would do
                for fewer in itertools.combinations(placed, k):
                    rest = tuple(pl for pl in placed if pl not in fewer)
                    assert not completable(puzzle, rest)
            assert is_solution(puzzle, h.solution) and set(kept) <= set(h.solution)
            assert h.to_json()["take_back"] == back
            assert h.message().startswith("This board cannot be completed: take back ")
    assert stuck >= 10, "the random boards should include many dead ends"


# --- JSON ------------------------------------------------------------------------------------


def test_json_reveals_per_level():
    puzzle = PUZZLE
    keys = {"level", "completable", "piece", "area", "forced", "cells", "picture", "solution"}
    one, two, three = (hint(puzzle, level=n).to_json() for n in (1, 2, 3))
    assert set(one) == set(two) == set(three) == keys
    assert one["cells"] is None and one["picture"] is None and one["solution"] is None
    assert isinstance(one["piece"], str) and isinstance(one["area"], str)
    cells = {tuple(c) for c in two["cells"]}
    assert two["solution"] is None
    picture = two["picture"]
    code = STANDARD[two["piece"]].code
    assert {(r, c) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == code} == (
        cells
    )
    assert set("".join(picture)) <= {code, "#", "."}
    assert [row.replace(code, "#") for row in picture] == puzzle.figure.rows()
    assert three["picture"] == picture
    fig, sol = parse_solution_rows(three["solution"])
    assert is_solution(Puzzle(fig, puzzle.pieces), sol)
    json.dumps(three)


def parse_solution_rows(rows):
    from ubongo.solver import parse_solution

    return parse_solution(rows)


# --- the command -----------------------------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, prog_name="ubongo")


@pytest.fixture
def set_file(tmp_path: Path) -> str:
    """A one-template set whose 01 hard die 3 is PUZZLE."""
    doc = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "one",
        "templates": [
            {
                "id": "01",
                "hard": {
                    "figure": FIGURE.split("/"),
                    "combos": [
                        ["I3", "O4", "S4", "T4"],
                        ["I3", "I4", "O4", "S4"],
                        ["I2", "I4", "S4", "Y5"],
                    ],
                },
            }
        ],
    }
    path = tmp_path / "one.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_cli_levels(set_file):
    one = run("hint", "--set", set_file, "01", "hard", "3")
    assert one.exit_code == 0, one.output
    assert one.stdout.startswith("Place ") and len(one.stdout.splitlines()) == 1
    two = run("hint", FIGURE, "I2", "I4", "S4", "Y5", "--level", "2")
    assert two.exit_code == 0
    lines = two.stdout.splitlines()
    assert lines[0].startswith("Place ") and lines[1:] == hint(PUZZLE, level=2).rows()
    assert "\x1b[" not in two.stdout  # not a terminal: plain letters
    three = run("hint", FIGURE, "I2", "I4", "S4", "Y5", "--level", "3")
    assert three.stdout.splitlines()[0] == "A solution:"
    fig, sol = parse_solution_rows(three.stdout.splitlines()[1:])
    assert is_solution(Puzzle(fig, PUZZLE.pieces), sol)


def test_cli_template_side_die_alone_use_the_bundled_set():
    from ubongo.puzzles import bundled

    combo = next(bundled().combinations())
    r = run("hint", combo.template, combo.side, combo.face, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["piece"] in {p.name for p in combo.puzzle.pieces}


def test_cli_board_from_file_and_stdin(tmp_path: Path, set_file):
    board = tmp_path / "board.txt"
    board.write_text(".FFFF\n#####\n####.\n.##..\n")
    r = run("hint", FIGURE, "I2", "I4", "S4", "Y5", "--board", str(board), "--json", "--level", "2")
    doc = json.loads(r.stdout)
    assert doc["completable"] is True and doc["piece"] in {"I2", "S4", "Y5"}
    assert doc["picture"][0] == ".FFFF"
    r2 = run("hint", "--board", str(board), "I2", "I4", "S4", "Y5", "--json", "--level", "2")
    assert json.loads(r2.stdout) == doc  # the board is the figure
    r3 = run(
        "hint",
        "--set",
        set_file,
        "01",
        "hard",
        "3",
        "--board",
        "-",
        "--json",
        "--level",
        "2",
        stdin=board.read_text(),
    )
    assert json.loads(r3.stdout) == doc


def test_cli_not_completable_is_still_a_hint(tmp_path: Path):
    board = tmp_path / "stuck.txt"
    board.write_text(".####\n#####\n#AA#.\n.##..\n")
    r = run("hint", FIGURE, "I2", "I4", "S4", "Y5", "--board", str(board))
    assert r.exit_code == 0
    assert r.stdout.startswith("This board cannot be completed: take back I2 (A). Then place ")
    r = run("hint", "--board", str(board), "I2", "I4", "S4", "Y5", "--json")
    doc = json.loads(r.stdout)
    assert doc["completable"] is False and doc["take_back"] == ["I2"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--set", "{set}", "01", "hard", "9"],
            "unknown die face of template 01 hard '9'; expected one of 1, 2, 3",
        ),
        (["--set", "no-such-set", "01", "hard", "3"], "no bundled set"),
        (["###", "I2", "L3"], "no tiling"),
        (["--board", "{board}", "I2", "I4", "S4", "Y5"], "row 2, column 2: P5 (K)"),
    ],
)
def test_cli_errors_are_one_line(tmp_path: Path, set_file, args, message):
    board = tmp_path / "foreign.txt"
    board.write_text(".####\n#KK##\n##K#.\n.##..\n")
    r = run("hint", *[a.replace("{board}", str(board)).replace("{set}", set_file) for a in args])
    assert r.exit_code == 1, r.output
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("ubongo hint: ")
    assert message in r.stderr


@pytest.mark.parametrize(
    "args",
    [[], ["###"], ["--set", "sample", "01", "hard"], ["01", "hard", "3", "--level", "4"]],
)
def test_cli_usage_errors_exit_2(args):
    assert run("hint", *args).exit_code == 2
