"""Hexagons and triangles on the command line: pieces files on `hex` and `tri` with pieces
given as text rows or coordinates, figures and solutions in the text forms of docs/FORMAT.md
read back, hint boards read the same way, and every command that does not draw or make them
yet saying so in one line (exit 1)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles import parse_pieces
from ubongo.solver import Puzzle, check, parse_figure, parse_solution
from ubongo.solver import core as native
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import HEX, TRI
from ubongo.solver.verify import is_solution

TRIO = {
    "format": "ubongo-pieces",
    "version": 2,
    "name": "three polyiamonds",
    "lattice": "tri",
    "pieces": {
        "D": {"code": "D", "rows": ["##"]},
        "T": {"code": "T", "rows": ["###"]},
        "C": {"code": "C", "cells": [[0, 0, 1], [0, 0, 2], [0, 1, 1], [1, 0, 2]]},
    },
}
HEXES = {
    "format": "ubongo-pieces",
    "version": 2,
    "name": "three polyhexes",
    "lattice": "hex",
    "pieces": {
        "I": {"code": "I", "rows": ["###"]},
        "V": {"code": "V", "rows": ["##", ".#"]},
        "O": {"code": "O", "cells": [[0, 0], [0, 1], [1, 0]]},
    },
}
PUZZLES = [  # pieces, figure, combination, tilings
    (TRIO, ".####/#####", "D T C", 3),
    (HEXES, "###/####/.##", "I V O", 3),
]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def written(tmp_path: Path, document: dict[str, object]) -> str:
    path = tmp_path / f"{document['lattice']}.json"
    path.write_text(json.dumps(document))
    return str(path)


@pytest.mark.parametrize(("document", "figure", "combo", "tilings"), PUZZLES)
def test_solve_draws_a_tiling_in_the_text_form_that_reads_back(
    tmp_path: Path, document: dict[str, object], figure: str, combo: str, tilings: int
) -> None:
    path = written(tmp_path, document)
    result = run("solve", "--pieces", path, figure, *combo.split(), "--count")
    assert result.exit_code == 0, result.output
    *rows, last = result.stdout.splitlines()
    assert last == f"{tilings} tilings"
    pieces = parse_pieces(json.loads(Path(path).read_text()), path)
    lattice = pieces.lattice
    drawn, solution = parse_solution(rows, pieces)
    assert drawn == parse_figure(figure, lattice=lattice)
    assert is_solution(Puzzle(drawn, pieces.resolve(combo.split())), solution)
    assert lattice in (HEX, TRI)


def test_a_set_of_triangles_verifies_and_draws_its_page(tmp_path: Path) -> None:
    document = {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": "tri cards",
        "lattice": "tri",
        "pieces": TRIO["pieces"],
        "templates": [
            {"id": "1", "easy": {"figure": [".####", "#####"], "combos": [["D", "T", "C"]]}}
        ],
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(document))
    result = run("verify", str(path), "--count")
    assert result.exit_code == 0 and result.stdout.startswith("tri cards: 1/1 combinations")
    shown = run("solve", "--set", str(path), "1", "easy", "1")
    assert shown.exit_code == 0 and shown.stdout.splitlines() == [".DDCC", "TTTCC"]
    result = run("render", str(path), "--html", str(tmp_path / "out"))
    assert result.exit_code == 0 and (tmp_path / "out" / "index.html").exists()
    stats = run("stats", str(path))
    assert stats.exit_code == 0 and "easy side" in stats.stdout
    published = run("stats", str(path), "--published")
    assert published.exit_code == 2
    assert "no statistics of trigo cards are public" in published.stderr
    path.write_text(json.dumps({**document, "height": 2}))
    stacked = run("verify", str(path))
    assert stacked.exit_code == 1 and stacked.stderr == (
        f"ubongo verify: {path}: height: expected 1 to 64 layers, on a lattice of cubes\n"
    )


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (".####\n#####\n", None),
        (".##CC\n##CC#\n", "board: row 2, column 3: C (C) is placed 2 times"),
        (".##DD\n###CC\n", "board: row 2, column 4: C (C) is drawn on 2 cell(s)"),
        (".###\n#####\n", "board: row 1, column 5: a figure cell is missing"),
    ],
)
def test_a_hint_board_of_triangles_is_read_in_their_text_form(
    tmp_path: Path, board: str, message: str | None
) -> None:
    path = written(tmp_path, TRIO)
    (tmp_path / "board.txt").write_text(board)
    args = ["hint", "--pieces", path, ".####/#####", "D", "T", "C"]
    result = run(*args, "--board", str(tmp_path / "board.txt"))
    if message is None:
        assert result.exit_code == 0 and result.stdout.startswith("Place ")
    else:
        where = message.replace("board:", f"{tmp_path / 'board.txt'}:", 1)
        assert result.exit_code == 1 and result.stderr.startswith(f"ubongo hint: {where}")


def test_a_height_is_for_cubes_only(tmp_path: Path) -> None:
    path = written(tmp_path, TRIO)
    result = run("solve", "--pieces", path, ".####/#####", "D", "T", "C", "--height", "2")
    assert result.exit_code == 1 and result.stderr == (
        "ubongo solve: a height stacks a footprint in layers of cubes, not of triangles\n"
    )


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([HEXES, TRIO]), st.randoms(use_true_random=False))
def test_a_batch_of_hexagons_or_triangles_answers_as_each_puzzle_alone(
    tmp_path_factory: pytest.TempPathFactory, document: dict[str, object], rng: random.Random
) -> None:
    """Random figures with random combinations, solvable or not, as batch lines: each answer is
    the puzzle's own verdict, each tiling drawn in the text form and a tiling of the figure, on
    both cores (the core once took a hexagon figure's text rows for rows of cells: 338 wrong
    tilings in 409 answers)."""
    folder = tmp_path_factory.mktemp("batch")
    path = written(folder, document)
    pieces = parse_pieces(json.loads(Path(path).read_text()), path)
    lattice = pieces.lattice
    lines, puzzles = [], []
    for i in range(12):
        names = rng.sample(sorted(pieces), rng.randint(1, 3))
        area = sum(len(pieces[n].shape) for n in names)
        cells = [next(iter(pieces[names[0]].shape))]
        while len(cells) < area:
            grown = [q for q in lattice.neighbours(rng.choice(cells)) if q not in cells]
            if grown:
                cells.append(rng.choice(grown))
        figure = Figure.from_cells(cells, lattice)
        puzzles.append(Puzzle(figure, pieces.resolve(names)))
        lines.append(json.dumps({"id": str(i), "figure": figure.rows(), "pieces": names}))
    batch = folder / "batch.jsonl"
    batch.write_text("\n".join(lines) + "\n")
    saved = native.CORE
    for core in (saved, None):
        native.CORE = core
        try:
            result = run("solve", "--pieces", path, "--batch", str(batch))
        finally:
            native.CORE = saved
        assert result.exit_code == 0, result.output
        for puzzle, line in zip(puzzles, result.stdout.splitlines(), strict=True):
            answer = json.loads(line)
            assert answer["solvable"] == check(puzzle).solvable
            if answer["solvable"]:
                drawn, solution = parse_solution(answer["solution"], pieces)
                assert drawn == puzzle.figure and is_solution(puzzle, solution)
