"""Ubongo 3D on the command line and in the Python API: the bundled blocks listed and drawn,
puzzles given as layers or as a footprint with --height, counted and analysed, and the mistakes
a person would make (a typo in the piece set, blocks forgotten, a height of 0) named in one
line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled_pieces
from ubongo.solver import Puzzle, count, parse_figure, parse_solution
from ubongo.solver.verify import is_solution

UBONGO_3D = bundled_pieces("ubongo-3d")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def test_pieces_lists_and_draws_the_blocks_layer_by_layer() -> None:
    result = run("pieces", "--pieces", "ubongo-3d")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("16 pieces on the cube lattice")
    assert "A (A)  5 cells, 24 orientations, #ffdd04" in lines
    block = lines[lines.index("B (B)  5 cells, 12 orientations, #ffdd04") + 1 :][:7]
    assert block == ["  BB", "  .B", "  .B", "  --", "  ..", "  ..", "  .B"]
    listed = json.loads(run("pieces", "--pieces", "soma", "--json").stdout)
    assert [p["name"] for p in listed] == ["V", "L", "T", "Z", "A", "B", "P"]
    assert listed[0]["lattice"] == "cube" and listed[0]["cells"] == [
        [0, 0, 0],
        [0, 1, 0],
        [0, 1, 1],
    ]


def test_solve_a_footprint_two_high_and_count() -> None:
    result = run(
        "solve", "--pieces", "ubongo-3d", "####/###.", "A", "C", "D", "--height", "2", "--count"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == "DDDA\nDCD.\n--\nCAAA\nCCA.\n1 tiling\n"
    same = run("solve", "--pieces", "ubongo-3d", "####/###. | ####/###.", "a", "c", "d", "--json")
    assert json.loads(same.stdout)["solution"] == ["DDDA", "DCD.", "--", "CAAA", "CCA."]


def test_an_unsolvable_3d_puzzle_exits_1_with_its_reason() -> None:
    result = run("solve", "--pieces", "ubongo-3d", "####/###.", "A", "C", "K", "--height", "2")
    assert result.exit_code == 1
    assert result.stdout == "unsolvable: no tiling exists (exhaustive search)\n"


def test_analyze_lists_the_block_sets_of_a_footprint() -> None:
    """63 sets of three blocks tile this footprint two high (also found by the research's own
    counter); each listed count is the count of that puzzle solved on its own."""
    args = ["analyze", "####/###.", "--size", "3", "--pieces", "ubongo-3d", "--height", "2"]
    listing = run(*args)
    assert listing.exit_code == 0, listing.output
    assert listing.stdout.startswith("63 combinations of 3 pieces tile this 14-cell figure\n")
    found = json.loads(run(*args, "--json").stdout)
    assert found["figure"] == ["####", "###.", "--", "####", "###."]
    assert len(found["combos"]) == 63
    figure = parse_figure("####/###.", height=2)
    for combo in found["combos"][::8]:
        assert count(Puzzle(figure, UBONGO_3D.resolve(combo["pieces"]))) == combo["tilings"]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--pieces", "ubongo3d", "####/###.", "A", "C", "D", "--height", "2"],
            1,
            "did you mean ubongo-3d?",
        ),
        (
            ["####/###.", "A", "C", "D", "--height", "2"],
            1,
            "a figure of cubes takes pieces of cubes",
        ),
        (
            ["--pieces", "ubongo-3d", "####/###.", "A", "C", "D", "--height", "0"],
            2,
            "'--height': 0 is not in the range",
        ),
        (
            ["--pieces", "ubongo-3d", "## | ##", "A", "--height", "2"],
            1,
            "the layers or a height, not both",
        ),
        (
            ["--pieces", "ubongo-3d", "####/###.", "A", "C", "Q", "--height", "2"],
            1,
            "unknown piece 'Q'",
        ),
    ],
)
def test_wrong_3d_input_is_named_in_one_line(args: list[str], code: int, message: str) -> None:
    result = run("solve", *args)
    assert result.exit_code == code
    assert message in result.output
    assert "Traceback" not in result.output
    if code == 1:  # exit 2 is click's usage message, which has its own form
        assert len(result.stderr.strip().splitlines()) == 1


def test_the_python_api_takes_blocks_and_heights() -> None:
    answer = ubongo.solve("####/###.", "A C D", piece_set="ubongo-3d", height=2, count=True)
    assert answer.solvable and answer.tilings == 1
    assert is_solution(answer.puzzle, answer.solution)  # type: ignore[arg-type]
    assert ubongo.count("###/###/###", "V L T Z A B P", piece_set="soma", height=3) == 11520
    assert ubongo.count("####/####/.#.. | ####/####/.#..", "A H I M", piece_set="ubongo-3d") == 37


def test_hints_on_cubes_at_the_three_levels() -> None:
    args = ["hint", "--pieces", "ubongo-3d", "####/####/.#..", "A", "H", "I", "M", "--height", "2"]
    one = run(*args, "--level", "1")
    assert one.exit_code == 0 and one.stdout.startswith("Place ") and "layer" in one.stdout
    two = json.loads(run(*args, "--level", "2", "--json").stdout)
    assert all(len(cell) == 3 for cell in two["cells"]) and "--" in two["picture"]
    three = json.loads(run(*args, "--level", "3", "--json").stdout)
    figure, solution = parse_solution(three["solution"], UBONGO_3D)
    puzzle = Puzzle(
        parse_figure("####/####/.#..", height=2), UBONGO_3D.resolve(["A", "H", "I", "M"])
    )
    assert figure == puzzle.figure and is_solution(puzzle, solution)


def test_a_half_built_board_of_cubes_is_read_layer_by_layer(tmp_path: Path) -> None:
    kept = tmp_path / "kept.txt"  # I where a tiling has it: the hint goes on from there
    kept.write_text("##II\n###I\n.#..\n--\n##II\n####\n.#..\n")
    result = run("hint", "--pieces", "ubongo-3d", "--board", str(kept), "A", "H", "I", "M")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Place ") and "next" in result.stdout
    stuck = tmp_path / "stuck.txt"  # I in a corner no tiling has: it must come back out
    stuck.write_text("II##\nI###\n.#..\n--\nII##\n####\n.#..\n")
    result = run("hint", "--pieces", "ubongo-3d", "--board", str(stuck), "A", "H", "I", "M")
    assert result.stdout.startswith("This board cannot be completed: take back I (I).")
    wrong = tmp_path / "wrong.txt"  # I drawn flat: not its shape; the layer is named
    wrong.write_text("IIII\n#I##\n.#..\n--\n####\n####\n.#..\n")
    result = run("hint", "--pieces", "ubongo-3d", "--board", str(wrong), "A", "H", "I", "M")
    assert result.exit_code == 1
    assert f"{wrong}: layer 1, row 1, column 1: I (I) is drawn on 5 cell(s)" in result.stderr


SET_3D = {  # made-up footprints (not cards of the game), with the golden counts' block sets
    "format": "ubongo-puzzle-set",
    "version": 2,
    "name": "my 3D cards",
    "lattice": "cube",
    "pieces": "ubongo-3d",
    "height": 2,
    "templates": [
        {
            "id": "1",
            "easy": {"figure": ["####", "###."], "combos": [["A", "C", "D"], ["F", "I", "P"]]},
            "hard": {
                "figure": ["####", "####", ".#.."],
                "combos": [["A", "B", "C", "J"], ["A", "H", "I", "M"]],
            },
        }
    ],
}


def test_a_set_of_3d_cards_is_verified_shown_solved_and_written_back(tmp_path: Path) -> None:
    path = tmp_path / "mine3d.json"
    path.write_text(json.dumps(SET_3D))
    result = run("verify", str(path), "--count")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "my 3D cards: 4/4 combinations solvable",
        "tilings per solvable combination: min 1, mean 10.00, max 37; unique: 3",
    ]
    shown = run("show", str(path), "1", "hard").stdout.splitlines()
    assert shown[0] == "my 3D cards 1 hard: 18 cells, box 3x4" and shown[4] == "--"
    assert shown[8] == "face 1: A B C J" and "|" in shown[9]  # blocks with layers side by side
    solved = run("solve", "--set", str(path), "1", "hard", "2", "--count")
    assert solved.stdout.endswith("37 tilings\n")
    again = ubongo.load_set(str(path))
    assert again.to_json() == SET_3D
    assert again.pieces is not None and again.pieces.lattice.name == "cube"


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (
            ["generate", "--pieces", "soma", "-o", "{tmp}/g.json"],
            "generated sets of cubes are made with an edition's pieces (ubongo-3d)",
        ),
        (
            [
                "analyze",
                "####/###.",
                "--pieces",
                "ubongo-3d",
                "--height",
                "2",
                "--format",
                "ubongo-utils",
                "-o",
                "{tmp}/x.txt",
            ],
            "ubongo-utils problem files of cubes",
        ),
    ],
)
def test_what_3d_cannot_do_yet_is_one_line_and_writes_nothing(
    tmp_path: Path, args: list[str], what: str
) -> None:
    path = tmp_path / "mine3d.json"
    path.write_text(json.dumps(SET_3D))
    before = set(tmp_path.iterdir())
    result = run(*(a.format(set=path, tmp=tmp_path) for a in args))
    assert result.exit_code == 1 and what in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert set(tmp_path.iterdir()) == before


def test_render_html_writes_the_practice_page_of_a_3d_set(tmp_path: Path) -> None:
    """The page of a 3D set: the board of layers and its script, each card's rows, and the page
    data the script reads (the orders of axes that are rotations, per row its figure and faces)."""
    path = tmp_path / "mine3d.json"
    path.write_text(json.dumps(SET_3D))
    result = run("render", str(path), "--html", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == "ubongo render: 0 of 4 combinations have no tiling"
    text = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'id="p-layers"' in text and "Tip forward" in text and 'class="combo"' in text
    assert 'id="p-board"' not in text  # not the board of squares
    data = json.loads(text.split('id="ubongo-data">')[1].split("</script>")[0])
    assert data["dims"] == 3 and data["turns"] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    hard = data["templates"][0]["sides"][1]
    assert hard["figures"] == [["####", "####", ".#..", "--", "####", "####", ".#.."]]
    assert [(f["face"], f["rolls"], f["figure"]) for f in hard["faces"]] == [
        ("1", ["1"], 0),
        ("2", ["2"], 0),
    ]
    assert len(hard["faces"][1]["solutions"]) == 37  # A H I M: every tiling, for the hints
    assert len(data["pieces"]["A"]["tones"]) == 5  # its colour and four shades
