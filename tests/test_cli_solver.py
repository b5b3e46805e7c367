"""The solver commands (pieces, solve, verify, analyze) through click's CliRunner, plus help for
every command and the start-up import budget (no OR-Tools) in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from ubongo.cli import main
from ubongo.cli.solve import BATCH_BLOCK
from ubongo.puzzles import batch_reader, bundled, parse_batch_line
from ubongo.solver import STANDARD, Puzzle, analyze, count, parse_figure, parse_solution
from ubongo.solver.verify import is_solution

ROOT = Path(__file__).resolve().parent.parent
L_FIGURE = "###/##."  # I2 + L3: two tilings, mirror images
RECTANGLE = "/".join(["#" * 8] * 6)  # 48 cells: all twelve standard pieces
ALL_PIECES = list(STANDARD)


def run(*args: str, stdin: str | None = None) -> Result:
    """``ubongo ARGS`` with stdout and stderr kept apart."""
    return CliRunner().invoke(main, list(args), input=stdin, prog_name="ubongo")


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def solved(stdout: str, figure: str, names: list[str]) -> None:
    """``stdout`` is a picture of a valid tiling of ``figure`` with ``names``."""
    fig, sol = parse_solution(stdout.splitlines())
    assert fig == parse_figure(figure)
    assert is_solution(Puzzle(fig, STANDARD.resolve(names)), sol)


def clean_failure(result: Result, *parts: str) -> None:
    """Exit 1, one line on stderr naming the command and quoting ``parts``, no traceback."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("ubongo ")
    for part in parts:
        assert part in lines[0]
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)  # not a crash


# --- help ------------------------------------------------------------------------------------


def subcommands(group: click.Group) -> dict[str, click.Command]:
    """The group's commands by name, as click finds them (the main group loads them lazily)."""
    ctx = click.Context(group)
    return {name: cmd for name in group.list_commands(ctx) if (cmd := group.get_command(ctx, name))}


def walk(group: click.Group, path: tuple[str, ...] = ()):
    for name, cmd in sorted(subcommands(group).items()):
        yield (*path, name), cmd
        if isinstance(cmd, click.Group):
            yield from walk(cmd, (*path, name))


COMMANDS = [path for path, _ in walk(main)]


def test_solver_commands_are_registered():
    assert {"pieces", "solve", "verify", "analyze"} <= set(subcommands(main))


@pytest.mark.parametrize("flag", ["-h", "--help"])
@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_has_help(path, flag):
    cmd = main
    for name in path:
        cmd = subcommands(cmd)[name]
    assert (cmd.help or "").strip(), f"ubongo {' '.join(path)} has no help text"
    assert cmd.get_short_help_str().strip()
    result = run(*path, flag)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: ubongo {' '.join(path)}")
    summary = " ".join(cmd.help.strip().splitlines()[0].split())
    assert summary in " ".join(result.stdout.split())  # the summary, however it wraps


def test_main_help_lists_every_command_and_exit_codes():
    result = run("-h")
    assert result.exit_code == 0
    for name in subcommands(main):
        assert name in result.stdout
    assert "Exit codes" in result.stdout


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and "version" in result.stdout


# --- pieces ----------------------------------------------------------------------------------


def test_pieces_text():
    result = run("pieces")
    assert result.exit_code == 0
    assert "L4 (E)  4 cells, 8 orientations" in result.stdout
    assert "O4 (H)  4 cells, 1 orientation" in result.stdout


def test_pieces_json():
    result = run("pieces", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert [p["name"] for p in doc] == ALL_PIECES
    assert {p["name"]: p["orientations"] for p in doc}["S4"] == 4
    z5 = next(p for p in doc if p["name"] == "Z5")
    assert z5 == {
        "name": "Z5",
        "code": "L",
        "area": 5,
        "orientations": 4,
        "rows": ["##.", ".#.", ".##"],
    }


# --- solve -----------------------------------------------------------------------------------


@pytest.mark.parametrize("names", [["I2", "L3"], ["A", "C"], ["L3", "A"]])
def test_solve_inline_by_names_and_codes(names):
    result = run("solve", L_FIGURE, *names)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    solved(result.stdout, L_FIGURE, names)


def test_solve_from_a_file(tmp_path):
    path = write(tmp_path, "fig.txt", "; an L\n###\n##.\n")
    result = run("solve", path, "I2", "L3")
    assert result.exit_code == 0, result.output
    solved(result.stdout, L_FIGURE, ["I2", "L3"])


def test_solve_from_stdin():
    result = run("solve", "-", "I2", "L3", stdin="###\n##.\n")
    assert result.exit_code == 0, result.output
    solved(result.stdout, L_FIGURE, ["I2", "L3"])


@pytest.mark.parametrize("engine", ["auto", "bitboard", "cpsat"])
def test_solve_count(engine):
    result = run("solve", L_FIGURE, "I2", "L3", "--count", "--engine", engine)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1] == "2 tilings"
    solved("\n".join(lines[:-1]), L_FIGURE, ["I2", "L3"])


def test_solve_count_singular():
    result = run("solve", "##", "I2", "--count")
    assert result.stdout.splitlines() == ["AA", "1 tiling"]


def test_solve_all_prints_every_tiling_apart():
    result = run("solve", "###/###", "I2", "L4", "--all")
    assert result.exit_code == 0, result.output
    pictures = result.stdout.strip("\n").split("\n\n")
    assert len(pictures) == 4
    tilings = set()
    for picture in pictures:
        fig, sol = parse_solution(picture.splitlines())
        assert is_solution(Puzzle(fig, STANDARD.resolve(["I2", "L4"])), sol)
        tilings.add(frozenset(sol))
    assert len(tilings) == 4


def test_solve_all_json():
    result = run("solve", L_FIGURE, "I2", "L3", "--all", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert set(doc) == {"solutions", "tilings"}
    assert doc["tilings"] == 2
    assert sorted(doc["solutions"]) == [["ACC", "AC."], ["CAA", "CC."]]


def test_solve_all_exits_1_without_a_tiling():
    result = run("solve", "###/###", "T4", "I2", "--all")
    assert result.exit_code == 1
    assert result.stdout == ""


def test_solve_json_shape():
    result = run("solve", L_FIGURE, "I2", "L3", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert set(doc) == {"solvable", "solution", "engine"}
    assert doc["solvable"] is True
    assert doc["solution"] in (["ACC", "AC."], ["CAA", "CC."])


def test_solve_json_count_shape():
    doc = json.loads(run("solve", L_FIGURE, "A", "C", "--json", "--count").stdout)
    assert set(doc) == {"solvable", "solution", "tilings", "tilings_up_to_symmetry", "engine"}
    assert doc["tilings"] == 2 and doc["tilings_up_to_symmetry"] == 2


def test_solve_unsolvable_exits_1_with_the_reason():
    result = run("solve", "###/###", "T4", "I2")
    assert result.exit_code == 1
    assert result.stdout.startswith("unsolvable: colour imbalance")
    doc = json.loads(run("solve", "###/###", "T4", "I2", "--json", "--count").stdout)
    assert doc == {
        "solvable": False,
        "solution": None,
        "tilings": 0,
        "tilings_up_to_symmetry": 0,
        "reason": doc["reason"],
        "engine": "bitboard",
    }
    assert doc["reason"].startswith("colour imbalance")
    result = run("solve", "###/###", "I2", "I3", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["reason"].startswith("area mismatch")


def test_solve_time_limit_is_a_clean_failure():
    result = run("solve", RECTANGLE, *ALL_PIECES, "--count", "--timeout", "0.05")
    clean_failure(result, "ubongo solve: ", "time limit")


# --- solve --batch ---------------------------------------------------------------------------

BATCH = [
    {"id": "a", "figure": L_FIGURE, "pieces": ["I2", "L3"]},
    {"id": "b", "figure": ["###", "###"], "pieces": ["T4", "I2"]},
    {"id": "c", "figure": "####", "pieces": ["F"]},
]


def jsonl(records) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


@pytest.mark.parametrize("count_flag", [[], ["--count"]])
def test_batch_one_json_line_per_input_line_in_order(tmp_path, count_flag):
    path = write(tmp_path, "in.jsonl", jsonl(BATCH))
    result = run("solve", "--batch", path, *count_flag)
    assert result.exit_code == 0, result.output
    out = [json.loads(ln) for ln in result.stdout.splitlines()]
    assert [o["id"] for o in out] == ["a", "b", "c"]
    assert [o["solvable"] for o in out] == [True, False, True]
    keys = {"id", "solvable", "solution"} | ({"tilings"} if count_flag else set())
    assert set(out[0]) == set(out[2]) == keys
    assert set(out[1]) == keys | {"reason"}
    assert out[1]["solution"] is None and out[1]["reason"].startswith("colour imbalance")
    assert out[2]["solution"] == ["FFFF"]
    if count_flag:
        assert [o["tilings"] for o in out] == [2, 0, 1]


def test_batch_bad_line_reported_and_the_rest_processed():
    lines = [BATCH[0], "{not json", {"id": "z", "figure": "##", "pieces": ["I2", "I2"]}, BATCH[2]]
    result = run("solve", "--batch", "-", stdin=jsonl(lines))
    assert result.exit_code == 1
    out = [json.loads(ln) for ln in result.stdout.splitlines()]
    assert len(out) == 4
    assert [o.get("solvable") for o in out] == [True, None, None, True]
    assert [o["id"] for o in out] == ["a", None, "z", "c"]  # a failed line keeps its id
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith("ubongo solve: <stdin>: line 2, column 2: invalid JSON")
    assert errors[1].startswith("ubongo solve: <stdin>: line 3: pieces: piece I2 appears twice")
    assert "Traceback" not in result.output


def test_batch_longer_than_a_block_answers_each_line_as_it_would_alone():
    """Blocks of output, cached figures and boards change nothing: line i's answer is its own."""
    records = [*BATCH, "{not json", {"id": "w", "figure": "##/##/##", "pieces": ["O4", "I2"]}]
    lines = [records[i % len(records)] for i in range(2 * BATCH_BLOCK + 7)]
    result = run("solve", "--batch", "-", "--count", stdin=jsonl(lines))
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert len(out) == len(lines)
    assert len(result.stderr.splitlines()) == lines.count("{not json")
    alone = [run("solve", "--batch", "-", "--count", stdin=jsonl([r])).stdout for r in records]
    for number, (record, got) in enumerate(zip(lines, out, strict=True), 1):
        if record == "{not json":
            assert json.loads(got)["line"] == number
        else:
            assert got + "\n" == alone[records.index(record)]


def test_a_batch_reader_parses_a_figure_once_and_keeps_only_the_recent_ones():
    reader = batch_reader(STANDARD, size=2)
    items = [
        parse_batch_line(json.dumps({"figure": f, "pieces": ["I2"]}), i, "t", STANDARD, reader)
        for i, f in enumerate(["##", "#/#", "##", "###"], 1)
    ]
    assert items[0].puzzle.figure is items[2].puzzle.figure  # read once, shared
    assert list(reader._figures) == ["##", "###"]  # "#/#" was the least recently used


def test_batch_takes_no_figure():
    assert run("solve", "--batch", "-", "##", "I2", stdin="").exit_code == 2


def test_batch_missing_file_is_a_clean_failure(tmp_path):
    clean_failure(run("solve", "--batch", str(tmp_path / "absent.jsonl")), "cannot read")


# --- verify ----------------------------------------------------------------------------------


def test_verify_default_set():
    ps = bundled()
    n = len(list(ps.combinations()))
    result = run("verify")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"{ps.name}: {n}/{n} combinations solvable"]


def test_verify_sample_set():
    n = len(list(bundled("sample").combinations()))
    result = run("verify", str(ROOT / "puzzles" / "sample.json"))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"sample: {n}/{n} combinations solvable"]


def test_verify_json_shape():
    ps = bundled()
    result = run("verify", "--json", "--count")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    n = len(list(ps.combinations()))
    assert doc["combinations"] == doc["solvable"] == len(doc["results"]) == n
    assert {"combinations", "solvable", "results"} <= set(doc)
    first = doc["results"][0]
    assert set(first) == {"template", "side", "face", "pieces", "solvable", "tilings"}
    c = next(ps.combinations())
    assert (first["template"], first["side"], first["face"]) == (c.template, c.side, c.face)
    assert first["pieces"] == [p.name for p in c.puzzle.pieces]
    assert first["tilings"] == count(c.puzzle)
    golden = json.loads((ROOT / f"tests/golden/{ps.name}_counts.json").read_text())
    assert [r["tilings"] for r in doc["results"]] == [
        g["solutions"] for g in golden["combinations"]
    ]


def tmp_set(tmp_path: Path, combos_easy, figure=("###.", "####", ".###"), **extra) -> str:
    data = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "mine",
        "templates": [{"id": "t1", "easy": {"figure": list(figure), "combos": combos_easy}}],
        **extra,
    }
    return write(tmp_path, "set.json", json.dumps(data))


def test_verify_unsolvable_set_exits_1_with_a_table(tmp_path):
    path = tmp_set(tmp_path, [["I2", "L4", "O4"], ["I2", "I4", "L4"]])
    result = run("verify", path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "mine: 1/2 combinations solvable"
    assert lines[-1].split()[:6] == ["t1", "easy", "2", "I2", "I4", "L4"]
    doc = json.loads(run("verify", path, "--json").stdout)
    assert [r["solvable"] for r in doc["results"]] == [True, False]
    assert "reason" not in doc["results"][0] and doc["results"][1]["reason"]


def test_verify_strict(tmp_path):
    result = run("verify", "--strict")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "strict: complete set"
    path = tmp_set(tmp_path, [["I2", "L4", "O4"]])  # solvable, but a partial set
    assert run("verify", path).exit_code == 0
    result = run("verify", path, "--strict")
    assert result.exit_code == 1
    assert "strict: 2 problems" in result.stdout
    assert "  template t1 hard: side missing" in result.stdout
    doc = json.loads(run("verify", path, "--strict", "--json").stdout)
    assert doc["problems"] == [
        "template t1 easy: 1 combination for 6 die faces",
        "template t1 hard: side missing",
    ]


def test_verify_set_from_stdin(tmp_path):
    text = Path(tmp_set(tmp_path, [["I2", "L4", "O4"]])).read_text()
    result = run("verify", "-", stdin=text)
    assert result.exit_code == 0
    assert result.stdout.startswith("mine: 1/1 combinations solvable")


# --- analyze ---------------------------------------------------------------------------------


def test_analyze_json_shape():
    fig = ".##./####/####/.#.."
    result = run("analyze", fig, "--size", "3", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert set(doc) == {"figure", "sizes", "combos"}
    assert doc["figure"] == [".##.", "####", "####", ".#.."] and doc["sizes"] == [3]
    expected = analyze(parse_figure(fig), 3)
    assert doc["combos"] == [{"pieces": list(c.pieces), "tilings": c.tilings} for c in expected]
    assert len(doc["combos"]) == 16


def test_analyze_text_and_cap():
    result = run("analyze", "###/###", "--size", "2")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "2 combinations of 2 pieces tile this 6-cell figure",
        "  I2 L4                    4 tilings",
        "  I2 O4                    2 tilings",
    ]
    doc = json.loads(
        run("analyze", "###/###", "--size", "2", "--max-tilings", "3", "--json").stdout
    )
    assert doc["combos"] == [
        {"pieces": ["I2", "L4"], "tilings": 3, "capped": True},
        {"pieces": ["I2", "O4"], "tilings": 2},
    ]
    capped = run("analyze", "###/###", "--size", "2", "--max-tilings", "3").stdout
    assert "  I2 L4                  >=3 tilings" in capped.splitlines()


def test_analyze_with_a_set_of_custom_pieces(tmp_path):
    data = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "pieces": {"A": {"rows": ["#"]}, "B": {"rows": ["##"]}, "C": {"rows": ["###"]}},
        "templates": [{"id": "1", "easy": {"figure": ["###"], "combos": [["A", "B"]]}}],
    }
    path = write(tmp_path, "custom.json", json.dumps(data))
    doc = json.loads(run("analyze", "###", "--size", "2", "--pieces", path, "--json").stdout)
    assert doc["combos"] == [{"pieces": ["A", "B"], "tilings": 2}]
    result = run("pieces", "--pieces", path, "--json")
    assert [p["name"] for p in json.loads(result.stdout)] == ["A", "B", "C"]


# --- bad input and usage errors --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "parts"),
    [
        (["solve", "##", "X9"], ["ubongo solve: ", "unknown piece 'X9'", "I2, I3"]),
        (["solve", "##/##", "I2", "A"], ["piece I2 appears twice"]),
        (["solve", "##/#x", "I2", "L3"], ["row 2, column 2", "'x'"]),
        (["solve", "./..", "I2"], ["empty figure"]),
        (["solve", "nosuchfile.txt", "I2"], ["nosuchfile.txt: no such file"]),
        (["analyze", "#?#/###", "--size", "2"], ["ubongo analyze: ", "row 1, column 2"]),
        (["pieces", "--pieces", "nosuch.json"], ["ubongo pieces: ", "nosuch.json: no such file"]),
    ],
)
def test_bad_input_is_one_line_on_stderr(args, parts):
    result = run(*args)
    clean_failure(result, *parts)
    assert result.stdout == ""


def test_malformed_set_names_its_line(tmp_path):
    path = write(
        tmp_path, "broken.json", '{\n "format": "ubongo-puzzle-set",\n "version": 1\n "x": 2}'
    )
    result = run("verify", path)
    clean_failure(result, "ubongo verify: ", f"{path}: line 4, column 2: invalid JSON")
    assert result.stdout == ""


def test_unknown_piece_in_a_set(tmp_path):
    path = tmp_set(tmp_path, [["I2", "L4", "Q1"]])
    clean_failure(run("verify", path), "t1 easy, face 1", "unknown piece 'Q1'")


@pytest.mark.parametrize(
    "args",
    [
        ["solve"],
        ["solve", "##"],
        ["solve", "##", "I2", "--count", "--all"],
        ["solve", "##", "I2", "--engine", "magic"],
        ["solve", "##", "I2", "--timeout", "0"],
        ["analyze", "###", "--max-tilings", "0"],
        ["analyze", "###", "--size", "0"],
        ["verify", "--frobnicate"],
        ["no-such-command"],
    ],
)
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.stderr
    assert result.stdout == ""


# --- start-up imports, in a fresh interpreter ------------------------------------------------

PROBE = """
import json, sys
from ubongo.cli import main
from ubongo.cli.solve import BATCH_BLOCK
from ubongo.puzzles import batch_reader, bundled, parse_batch_line
code = "no exit"
try:
    main(sys.argv[2:], prog_name="ubongo")
except SystemExit as e:
    code = e.code
with open(sys.argv[1], "w") as fh:
    heavy = sorted(m for m in ("ortools", "numpy") if m in sys.modules)
    json.dump({"code": code, "modules": heavy}, fh)
"""


@pytest.mark.parametrize(
    ("args", "heavy"), [(["--help"], []), (["verify"], []), (["solve", L_FIGURE, "A", "C"], [])]
)
def test_no_ortools_at_start_up(tmp_path, args, heavy):
    """Neither OR-Tools (~0.8 s) nor numpy loads for help, verify or an everyday solve."""
    report = tmp_path / "report.json"
    subprocess.run(
        [sys.executable, "-c", PROBE, str(report), *args],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=60,
    )
    probe = json.loads(report.read_text())
    assert probe["code"] in (0, None)
    assert "ortools" not in probe["modules"]
    assert probe["modules"] == heavy


def test_python_dash_m_cli():
    proc = subprocess.run(
        [sys.executable, "-m", "ubongo", "solve", L_FIGURE, "I2", "L3", "--count"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "2 tilings"


PENTOMINOES = str(Path(__file__).resolve().parents[1] / "examples" / "pentominoes.json")
PENTOMINO_NAMES = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]


def test_solve_with_the_pieces_of_a_set_file():
    result = run(
        "solve", "--pieces", PENTOMINOES, "/".join(["#" * 10] * 6), *PENTOMINO_NAMES, "--json"
    )
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["engine"] == "bitboard"
    assert sorted(set("".join(doc["solution"]))) == PENTOMINO_NAMES
    assert all("".join(doc["solution"]).count(c) == 5 for c in PENTOMINO_NAMES)


def test_auto_moves_to_cpsat_past_the_node_budget():
    rows = "/".join(["#" * 20] * 3)
    tight = run(
        "solve", "--pieces", PENTOMINOES, rows, *PENTOMINO_NAMES, "--json", "--node-budget", "50"
    )
    roomy = run("solve", "--pieces", PENTOMINOES, rows, *PENTOMINO_NAMES, "--json")
    assert json.loads(tight.stdout)["engine"] == "cpsat"
    assert json.loads(roomy.stdout)["engine"] == "bitboard"
    for result in (tight, roomy):
        picture = "".join(json.loads(result.stdout)["solution"])
        assert all(picture.count(c) == 5 for c in PENTOMINO_NAMES)


def test_the_12_pentominoes_tile_3x20_in_8_ways():
    """A stand-in for the 6x10 count (9356 tilings, in bench/bench_solver.py): 2 up to symmetry."""
    result = run(
        "solve",
        "--pieces",
        PENTOMINOES,
        "/".join(["#" * 20] * 3),
        *PENTOMINO_NAMES,
        "--count",
        "--json",
    )
    assert json.loads(result.stdout)["tilings"] == 8
