"""The Python API: the commands' answers and JSON from ``import ubongo``, in every form the
commands take; frozen results that print, draw and document themselves; ``import ubongo``
alone loads nothing; the issue's one-liner works from any folder on the compiled core."""

from __future__ import annotations

import dataclasses
import json
import os
import pydoc
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled
from ubongo.solver import STANDARD, Puzzle, parse_figure
from ubongo.solver.bitboard import core_name
from ubongo.solver.verify import is_solution

ROOT = Path(__file__).resolve().parent.parent
FIGURE = ".##./####/####/.#.."
ONE_LINER = "import ubongo; print(ubongo.solve('.##./####/####/.#..', ['I2', 'I4', 'P5']))"


def cli(*args: str, code: int = 0) -> str:
    """The stdout of ``ubongo ARGS``, checked to exit ``code``."""
    result = CliRunner().invoke(main, list(args), prog_name="ubongo")
    assert result.exit_code == code, result.output
    return result.stdout


def cli_json(*args: str, code: int = 0) -> object:
    """The ``--json`` document of ``ubongo ARGS``."""
    return json.loads(cli(*args, "--json", code=code))


# --- the same answers and JSON as the commands ------------------------------------------------


def test_solve_gives_the_commands_json_and_text() -> None:
    answer = ubongo.solve(FIGURE, ["I2", "I4", "P5"], count=True)
    assert answer.to_json() == cli_json("solve", FIGURE, "I2", "I4", "P5", "--count")
    assert str(answer) + "\n" == cli("solve", FIGURE, "I2", "I4", "P5", "--count")
    assert answer.solvable and answer.tilings == 1 and answer.reason is None


def test_an_unsolvable_puzzle_says_why_as_the_command_does() -> None:
    answer = ubongo.solve("###/###", ["T4", "I2"], count=True)
    assert answer.to_json() == cli_json("solve", "###/###", "T4", "I2", "--count", code=1)
    assert str(answer) + "\n" == cli("solve", "###/###", "T4", "I2", code=1)
    assert not answer.solvable and answer.rows is None and answer.tilings == 0
    assert answer.reason is not None and "colour imbalance" in answer.reason


def test_a_combination_of_a_set_in_the_commands_forms() -> None:
    expected = cli_json("solve", "--set", "sample", "01", "hard", "2", "--count")
    for where in [("01", "hard", 2), ("1", "HARD", "2"), "01 hard 2", ["01", "hard", "2"]]:
        assert ubongo.solve(where, set="sample", count=True).to_json() == expected
    assert ubongo.solve("07 hard 3").to_json() == cli_json("solve", "07", "hard", "3")


def test_template_side_face_is_read_in_one_place_for_the_api_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ubongo._inputs import address
    from ubongo.cli._common import is_address

    (tmp_path / "fig.txt").write_text("##\n##\n")
    monkeypatch.chdir(tmp_path)
    cases = {
        ("07", "hard", "3"): ("07", "hard", "3"),
        ("07", "hrad", "3"): ("07", "hrad", "3"),  # misspelt: the error says "did you mean"
        ("##/##", "hard", "3"): ("##/##", "hard", "3"),
        ("##/##", "hrad", "3"): None,  # a figure and two pieces
        ("fig.txt", "hrad", "3"): None,
        ("-", "hrad", "3"): None,
        ("07", "zzzz", "3"): None,
        ("07", "hard"): None,
    }
    for words, expected in cases.items():
        assert address(words) == expected, words
        assert is_address(words) == (expected is not None), words
    assert address("07 hard 3") == ("07", "hard", "3") and address(("07", "hard", 3))
    assert address("##. hrad 3") is None and address(("07", True, 3)) is None


def test_every_form_of_figure_and_pieces_gives_the_same_answer(tmp_path: Path) -> None:
    figure_file = tmp_path / "board.txt"
    figure_file.write_text(".##.\n####\n####\n.#..\n")
    expected = ubongo.solve(FIGURE, ["I2", "I4", "P5"], count=True).to_json()
    forms = [
        (FIGURE.replace("/", "\n"), ["i2", "i4", "p5"]),
        (FIGURE.split("/"), "A F K"),
        (parse_figure(FIGURE), "I2, I4, P5"),
        (str(figure_file), ("a", "f", "k")),
        (figure_file, ["I2", "I4", "P5"]),
    ]
    for figure, pieces in forms:
        assert ubongo.solve(figure, pieces, count=True).to_json() == expected


def test_solutions_are_the_commands_all() -> None:
    found = ubongo.solutions(FIGURE, "I2 L4 P5")
    assert found.to_json() == cli_json("solve", FIGURE, "I2", "L4", "P5", "--all")
    assert str(found) + "\n" == cli("solve", FIGURE, "I2", "L4", "P5", "--all")
    puzzle = Puzzle(parse_figure(FIGURE), STANDARD.resolve(["I2", "L4", "P5"]))
    assert len(found) == 2 and all(is_solution(puzzle, s) for s in found)


def test_count_is_the_commands_count() -> None:
    assert ubongo.count(FIGURE, "I2 L4 P5") == 2
    assert (
        ubongo.count(("07", "hard", 3))
        == cli_json("solve", "07", "hard", "3", "--count")["tilings"]
    )


def test_verify_gives_the_commands_json_and_text() -> None:
    report = ubongo.verify("sample", count=True, strict=True)
    assert report.to_json() == cli_json("verify", "sample", "--count", "--strict")
    assert str(report) + "\n" == cli("verify", "sample", "--count", "--strict")
    assert report.ok and report.solvable == 60


def test_verify_of_a_partial_set_lists_its_failures(tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    path.write_text(
        json.dumps(
            {
                "format": "ubongo-puzzle-set",
                "version": 1,
                "name": "partial",
                "templates": [
                    {
                        "id": "01",
                        "easy": {
                            "figure": ["##..", "####"],
                            "combos": [["L3", "I3"], ["I2", "I4"], ["T4", "I2"]],
                        },
                    }
                ],
            }
        )
    )
    report = ubongo.verify(str(path), count=True, strict=True)
    assert report.to_json() == cli_json("verify", str(path), "--count", "--strict", code=1)
    assert str(report) + "\n" == cli("verify", str(path), "--count", "--strict", code=1)
    assert not report.ok and [c.face for c in report.unsolvable] == ["3"]


def test_analyze_gives_the_commands_json_text_and_problem_file() -> None:
    found = ubongo.analyze(FIGURE, 3, max_tilings=2, without_pieces=["O4"])
    options = ("--size", "3", "--max-tilings", "2", "--without", "O4")
    assert found.to_json() == cli_json("analyze", FIGURE, *options)
    assert str(found) + "\n" == cli("analyze", FIGURE, *options)
    assert found.problem_file() == cli("analyze", FIGURE, *options, "--format", "ubongo-utils")


def test_hint_gives_the_commands_json() -> None:
    h = ubongo.hint("07 hard 3", level=2)
    assert h.to_json() == cli_json("hint", "07", "hard", "3", "--level", "2")
    assert str(h) + "\n" == cli("hint", "07", "hard", "3", "--level", "2")


def test_a_hint_from_a_board_alone() -> None:
    board = ".FFFF\n#####\n####.\n.##.."
    h = ubongo.hint(pieces="I2 I4 S4 Y5", board=board, level=2)
    assert h.to_json()["piece"] is not None and h.placed  # I4 stays on the board


def test_stats_gives_the_commands_json() -> None:
    table = ubongo.stats("sample", published=True)
    assert table.to_json() == cli_json("stats", "sample", "--published")
    assert str(table) + "\n" == cli("stats", "sample", "--published")


def test_score_gives_the_commands_json(tmp_path: Path) -> None:
    text = cli("simulate", "jaipur", "-p", "2", "--seed", "1", "-n", "3")  # records with ids
    path = tmp_path / "nights.jsonl"
    path.write_text(text)
    expected = cli_json("score", str(path))
    records = [json.loads(line) for line in text.splitlines()]
    assert ubongo.score(text).to_json() == expected
    assert ubongo.score(path).to_json() == expected
    assert ubongo.score(records).to_json() == expected
    assert ubongo.score(records[0]).to_json() == expected[:1]
    assert str(ubongo.score(text)) + "\n" == cli("score", str(path))
    assert ubongo.score(text, "ubongo").to_json() == []  # records of other games left out


def test_simulate_gives_the_commands_records() -> None:
    sims = ubongo.simulate("Jaipur", 2, seed=3, sessions=4, date="2026-11-20")
    assert str(sims) + "\n" == cli(
        "simulate", "jaipur", "-p", "2", "--seed", "3", "-n", "4", "--date", "2026-11-20"
    )
    assert len(sims) == 4 and sims[-1] == list(sims)[3] == sims[1:][2] == sims.record(4)
    assert [r["id"] for r in sims.to_json()] == [f"jaipur-3-{k}" for k in range(1, 5)]
    cut = ubongo.simulate("ubongo", 3, seed=1, sessions=2, finished=False)
    assert str(cut) + "\n" == cli(
        "simulate", "ubongo", "-p", "3", "--seed", "1", "-n", "2", "--unfinished"
    )
    assert ubongo.score(cut).valid and ubongo.score(sims).valid


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("jaipur", 3), "jaipur takes 2 players, not 3"),
        (("ubongo", 5), "ubongo takes 2 to 4 players, not 5"),
        (("chess", 2), "unknown game 'chess'; expected one of amul, jaipur, jambo, ubongo"),
    ],
)
def test_simulate_says_what_is_wrong_in_one_line(args: tuple[str, int], words: str) -> None:
    with pytest.raises(ubongo.UsageError) as caught:
        ubongo.simulate(*args, seed=1)
    assert str(caught.value) == words
    with pytest.raises(ubongo.UsageError, match="cannot be unfinished"):
        ubongo.simulate("amul", 4, seed=1, finished=False)


def test_page_and_svgs_are_the_files_render_writes(tmp_path: Path) -> None:
    site, sides = tmp_path / "site", tmp_path / "sides"
    result = CliRunner().invoke(
        main, ["render", "sample", "--html", str(site), "--svg", str(sides)], prog_name="ubongo"
    )
    assert result.exit_code == 0, result.output
    web = ubongo.page("sample")
    assert web.html == (site / "index.html").read_text(encoding="utf-8")
    assert web.files() == {f.name: f.read_bytes() for f in site.iterdir()}  # the app files too
    assert web.summary() in result.stderr and web.combinations == 60 and not web.unsolvable
    drawn = ubongo.svgs("sample")
    files = {f"{t}-{side}.svg": svg for (t, side), svg in drawn.items()}
    assert files == {f.name: f.read_text(encoding="utf-8") for f in sides.iterdir()}


def test_cards_are_the_pdf_render_writes(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    pdf = tmp_path / "cards.pdf"
    options = ["--cell-mm", "15", "--paper", "letter", "--flip", "short"]
    result = CliRunner().invoke(
        main, ["render", "sample", "--pdf", str(pdf), *options], prog_name="ubongo"
    )
    assert result.exit_code == 0, result.output
    printed = ubongo.cards("sample", cell_mm=15, paper="letter", flip="short")
    assert f"wrote {pdf}: {printed}" in result.stderr and printed.pages == 10

    def undated(data: bytes) -> bytes:  # fpdf2 writes the time of making, and an id made of it
        return re.sub(rb"/CreationDate \(D:\d+Z\)|/ID \[<\w+><\w+>\]", b"", data)

    assert undated(printed.data) == undated(pdf.read_bytes())


def test_design_is_the_set_generate_writes(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    cli("generate", "--templates", "1", "--seed", "2", "--profile", "unique", "-o", str(path))
    made = ubongo.design(1, seed=2, profile="unique")
    assert json.dumps(made.to_json(), indent=1) + "\n" == path.read_text(encoding="utf-8")
    assert made.puzzle_set == ubongo.generate(1, seed=2, profile="unique")
    assert made.combinations == 12 and str(made).startswith("1 templates, 12 combinations")
    calls: list[int] = []
    ubongo.design(1, seed=2, progress=calls.append)
    assert sum(calls) == 2  # a search per side


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_generate_takes_the_editions_defaults_on_hexagons_and_triangles_as_the_cli(
    tmp_path: Path,
) -> None:
    """``ubongo.generate`` with a pieces file and no options makes the set ``ubongo generate
    --pieces FILE`` makes: the edition's box, die, frame and pieces a row, not the square
    game's (the Trigo example is the command's whole box; Extreme's 54 cards take a minute, so
    two are compared, and the defaults the two share are the box's)."""
    trigo, extreme = EXAMPLES / "trigo-pieces.json", EXAMPLES / "extreme-pieces.json"
    made = ubongo.generate(piece_set=trigo, seed=1, name="trigo-style (made-up pieces)")
    example = (EXAMPLES / "trigo-style.json").read_text(encoding="utf-8")
    assert json.dumps(made.to_json(), indent=1) + "\n" == example
    path = tmp_path / "extreme.json"
    cli("generate", "--pieces", str(extreme), "--templates", "2", "-q", "-o", str(path))
    made = ubongo.generate(2, piece_set=extreme)
    assert json.dumps(made.to_json(), indent=1) + "\n" == path.read_text(encoding="utf-8")
    assert made.die == ("yellow", "blue", "red", "green")
    assert [len(t.hard.combos[0]) for t in made.templates if t.hard] == [4, 4]


def test_score_names_a_files_records_as_the_command_does(tmp_path: Path) -> None:
    path = tmp_path / "night.jsonl"
    path.write_text('{"game": "jaipur", "players": ["Ann"], "rounds": []}\n{"game": "amul"\n')
    result = CliRunner().invoke(main, ["score", "--json", str(path)], prog_name="ubongo")
    assert result.exit_code == 1
    assert ubongo.score(path).to_json() == json.loads(result.stdout)
    assert [f"ubongo score: {p}" for p in ubongo.score(path).problems] == result.stderr.splitlines()


def test_score_reads_a_file_as_the_command_does_line_by_line(tmp_path: Path) -> None:
    """One reader of session files: a line that is not UTF-8 spoils only itself, for the
    command and ``ubongo.score`` alike, and a file that cannot be read is a FileError."""
    good = cli("simulate", "jaipur", "-p", "2", "--seed", "4", "-n", "2").encode()
    path = tmp_path / "night.jsonl"
    path.write_bytes(good + b"\xff\n" + good)
    result = CliRunner().invoke(main, ["score", "--json", str(path)], prog_name="ubongo")
    scores = ubongo.score(path)
    assert result.exit_code == 1 and scores.to_json() == json.loads(result.stdout)
    assert len(scores) == 5 and scores.problems == [f"{path}:3: not UTF-8 text"]
    with pytest.raises(ubongo.FileError, match="cannot read"):
        ubongo.score(tmp_path / "missing.jsonl")


def test_score_reports_an_invalid_record_in_its_result() -> None:
    scores = ubongo.score([{"game": "jaipur", "players": ["Ann"], "rounds": []}])
    assert not scores.valid
    assert scores.problems == ["<records>[0]: players: Jaipur is for exactly 2 players, got 1"]


@settings(max_examples=25)
@given(
    cells=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 4)), min_size=4, max_size=14),
    names=st.lists(st.sampled_from(list(STANDARD)), min_size=1, max_size=3, unique=True),
)
def test_random_puzzles_answer_as_the_command_does(cells: set[tuple[int, int]], names: list[str]):
    drawn = ["".join("#" if (r, c) in cells else "." for c in range(5)) for r in range(4)]
    figure = "/".join(drawn)
    answer = ubongo.solve(figure, names, count=True)
    code = 0 if answer.solvable else 1
    assert answer.to_json() == cli_json("solve", figure, *names, "--count", code=code)
    codes = [STANDARD[n].code.lower() for n in names]
    for form in (drawn, "\n".join(drawn), parse_figure(drawn)):
        assert ubongo.solve(form, " ".join(codes), count=True).to_json() == answer.to_json()


@settings(max_examples=15)
@given(
    template=st.integers(1, 36),
    side=st.sampled_from(["easy", "hard"]),
    face=st.integers(1, 6),
)
def test_random_combinations_answer_as_the_command_does(template: int, side: str, face: int):
    where = (f"{template:02d}", side, str(face))
    assert ubongo.solve(where, count=True).to_json() == cli_json("solve", *where, "--count")


# --- inputs and errors ------------------------------------------------------------------------


def test_a_puzzle_of_other_pieces_is_drawn_with_its_own() -> None:
    pentominoes = ubongo.pieces(ROOT / "examples" / "pentominoes.json")
    puzzle = Puzzle(parse_figure("#####/####./#...."), pentominoes.resolve(["I", "L"]))
    answer = ubongo.solve(puzzle, count=True)  # piece_set left out: the standard set's
    assert answer.tilings == ubongo.count("#####/####./#....", "I L", piece_set=pentominoes) > 0
    assert answer.rows is not None and set("".join(answer.rows)) == {"I", "L", "."}


def test_a_set_prints_as_show_lists_it() -> None:
    sample = ubongo.load_set("sample")
    assert str(sample) + "\n" == cli("show", "sample")
    assert repr(sample) == "<PuzzleSet 'sample': 5 templates, 60 combinations>"
    assert sample._repr_html_().count("<svg") == 10  # each side of each template


def test_load_set_takes_a_name_a_path_or_a_set(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(bundled("sample").to_json()))
    assert ubongo.load_set("sample") == bundled("sample")
    assert ubongo.load_set(path).templates == bundled("sample").templates
    assert ubongo.load_set(str(path)).name == "sample"
    assert ubongo.load_set(ubongo.load_set("sample")) is not None
    assert ubongo.load_set() == bundled()


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: ubongo.solve(FIGURE, ["I2", "Q9"]), ubongo.UnknownPiece, "unknown piece 'Q9'"),
        (lambda: ubongo.load_set("standrd"), ubongo.FileError, "did you mean the bundled set"),
        (lambda: ubongo.solve("07 hrad 3"), ubongo.UnknownName, "did you mean hard?"),
        (lambda: ubongo.solve("07 hard 3", piece_set="sample"), ubongo.UsageError, "piece_set="),
        (lambda: ubongo.solve(FIGURE, set="sample"), ubongo.UsageError, "TEMPLATE SIDE FACE"),
        (lambda: ubongo.solve(FIGURE), ubongo.UsageError, "give FIGURE and PIECES"),
        (lambda: ubongo.solve("#x#", ["I2"]), ubongo.FigureError, "unexpected character"),
        (lambda: ubongo.solve(FIGURE, "I2", engine="fast"), ubongo.UsageError, "unknown engine"),
        (lambda: ubongo.solve("nofile.txt", "I2"), ubongo.FileError, "no such file"),
        (
            lambda: ubongo.analyze(FIGURE, 3, with_pieces="I2", without_pieces="a"),
            ValueError,
            "both",
        ),
        (lambda: ubongo.generate(1, frame="5by6"), ubongo.UsageError, "a frame such as 5x6"),
    ],
)
def test_bad_input_raises_the_librarys_errors_with_one_line(call, error, words) -> None:
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, ubongo.UbongoError)
    assert words in str(raised.value) and "\n" not in str(raised.value)


def test_a_time_limit_is_the_whole_calls() -> None:
    with pytest.raises(ubongo.TimeLimit, match="time limit of"):
        ubongo.verify("standard", count=True, timeout=0.001)  # 432 searches in a millisecond


def test_the_exported_errors_are_the_librarys_own() -> None:
    from ubongo.solver.errors import UbongoError

    assert ubongo.UbongoError is UbongoError
    assert issubclass(ubongo.FileError, UbongoError) and issubclass(ubongo.UsageError, ValueError)


# --- results: frozen, printed, drawn, documented ----------------------------------------------


def results() -> list[object]:
    """One result of every kind the API returns."""
    return [
        ubongo.solve(FIGURE, "I2 I4 P5"),
        ubongo.solutions(FIGURE, "I2 L4 P5"),
        ubongo.verify("sample"),
        ubongo.analyze(FIGURE, 3),
        ubongo.hint(FIGURE, "I2 I4 P5", level=3),
        ubongo.stats("sample"),
        ubongo.score({"game": "jaipur", "players": ["Ann", "Bob"], "rounds": []}),
        ubongo.load_set("sample"),
        ubongo.page("sample"),
        ubongo.design(1, seed=1),
        ubongo.simulate("jaipur", 2, seed=1, sessions=2),
    ]


def test_results_are_frozen() -> None:
    for result in results():
        field = dataclasses.fields(result)[0].name  # type: ignore[arg-type]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(result, field, None)


def test_results_print_and_draw() -> None:
    for result in results():
        assert str(result).strip() and repr(result).strip()
        drawn = [getattr(result, m)() for m in ("_repr_svg_", "_repr_html_") if hasattr(result, m)]
        assert drawn, type(result)
        assert all(isinstance(d, str) and d for d in drawn)
    assert "<svg" in ubongo.solve(FIGURE, "I2 I4 P5")._repr_svg_()
    assert ubongo.solutions(FIGURE, "I2 L4 P5")._repr_html_().count("<svg") == 2


def test_help_documents_every_public_name() -> None:
    text = pydoc.render_doc(ubongo, renderer=pydoc.plaintext)
    for name in ubongo.__all__:
        assert name in text, name
        assert getattr(ubongo, name).__doc__, name
    for name in ("solve", "count", "verify", "analyze", "hint", "load_set", "score"):
        doc = pydoc.render_doc(getattr(ubongo, name), renderer=pydoc.plaintext)
        assert ">>>" in doc and len(doc.splitlines()) > 8, name
    assert set(ubongo.__all__) <= set(dir(ubongo))


def test_the_docstring_examples_hold() -> None:
    import doctest

    from ubongo import _api, _text

    for module in (ubongo, _api, _text):
        outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert outcome.attempted > 0 and outcome.failed == 0, module


# --- the import, and the issue's one-liner ----------------------------------------------------


def python(code: str, cwd: Path) -> str:
    """What a fresh ``python -c CODE`` prints, run in ``cwd``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_ubongo_loads_none_of_its_modules(tmp_path: Path) -> None:
    """Only the package and the lazy-exports helper (which imports nothing) load."""
    code = "import sys, ubongo; print(sorted(m for m in sys.modules if m.startswith('ubongo')))"
    assert python(code, tmp_path).strip() == "['ubongo', 'ubongo.solver', 'ubongo.solver.lazy']"
    code = "import sys, ubongo; ubongo.solve; print('ubongo.render' in sys.modules)"
    assert python(code, tmp_path).strip() == "False"  # drawing loads it, solving does not


def test_the_command_loads_none_of_the_apis_modules_to_start(tmp_path: Path) -> None:
    code = (  # the group, as the command loads it
        "import sys, ubongo.cli; ubongo.cli.main; "
        "print(sorted(m for m in sys.modules if m.count('.') == 1))"
    )
    loaded = python(code, tmp_path)
    assert "ubongo._files" in loaded  # the one reader, which every command may use
    for module in ("ubongo._api", "ubongo._answers", "ubongo._verification", "ubongo._inputs"):
        assert module not in loaded


@pytest.mark.parametrize("where", ["another folder", "the repository"])
def test_the_issues_one_liner_works_from_any_folder_on_the_same_core(
    where: str, tmp_path: Path
) -> None:
    cwd = tmp_path if where == "another folder" else ROOT
    code = f"{ONE_LINER}; from ubongo.solver.bitboard import core_name; print(core_name())"
    *picture, core = python(code, cwd).splitlines()
    assert "\n".join(picture) + "\n" == cli("solve", FIGURE, "I2", "I4", "P5")
    assert core == core_name()  # a checkout never shadows the installed package and its core
    if os.environ.get("UBONGO_PURE", "0") in ("", "0"):
        assert core == "compiled C"
