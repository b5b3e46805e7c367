"""Puzzle sets: the bundled sets, their golden tiling counts, format errors, strict checks,
custom piece sets and batch lines.

The golden files ``tests/golden/<set>_counts.json`` are our "perft": every combination of every
bundled set with its number of tilings. Regenerate them with ``tests/golden/regenerate.py``.
"""

from __future__ import annotations

import copy
import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.cli._common import Failure, load_set
from ubongo.puzzles import (
    DEFAULT_SET,
    MAX_PROBLEMS,
    PuzzleFormatError,
    SetProblems,
    bundled,
    decode_json,
    parse_batch_line,
    parse_set,
    read_batch,
    strict_problems,
)
from ubongo.puzzles.game import fits
from ubongo.solver import STANDARD, count, solve
from ubongo.solver.engine import check
from ubongo.solver.figure import parse_figure
from ubongo.solver.pieces import MAX_CELLS, MAX_PIECES
from ubongo.solver.verify import is_solution

GOLDEN = Path(__file__).parent / "golden"
_spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
assert _spec is not None and _spec.loader is not None
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)

SETS = regenerate.bundled_names()

EASY = ["###.", "####", ".###"]  # 10 cells
HARD = ["####", "####", "####", ".#.."]  # 13 cells


def minimal(**extra):
    """A valid one-template set: an easy side and a hard side with one combination each."""
    data = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "tiny",
        "templates": [
            {
                "id": "t1",
                "easy": {"figure": EASY, "combos": [["I2", "L4", "O4"]]},
                "hard": {"figure": HARD, "combos": [["I2", "I3", "I4", "T4"]]},
            }
        ],
    }
    data.update(extra)
    return data


def format_error(data):
    with pytest.raises(PuzzleFormatError) as info:
        parse_set(data, "t.json")
    return info.value


# --- bundled sets ----------------------------------------------------------------------------


def test_bundled_sets_include_the_sample():
    assert "sample" in SETS


def test_default_set_is_a_bundled_set():
    assert DEFAULT_SET in SETS
    assert load_set(None) == bundled(DEFAULT_SET) == bundled()


@pytest.mark.parametrize("name", SETS)
def test_every_bundled_combination_is_solvable(name):
    ps = bundled(name)
    combos = list(ps.combinations())
    expected = sum(
        len(side.combos) for t in ps.templates for side in (t.easy, t.hard) if side is not None
    )
    assert len(combos) == expected > 0
    for c in combos:
        v = check(c.puzzle)
        assert v.solvable, f"{name} {c.template} {c.side} {c.face}: {v.reason}"
        assert is_solution(c.puzzle, v.solution)


def test_sample_has_sixty_combinations_and_no_strict_problem():
    ps = bundled("sample")
    assert len(list(ps.combinations())) == len(ps.templates) * 2 * len(ps.die) == 60
    assert strict_problems(ps) == []


@pytest.mark.parametrize("name", SETS)
def test_golden_tiling_counts(name):
    path = regenerate.golden_path(name)
    if not path.exists():
        pytest.fail(
            f"no golden counts for bundled set {name!r}: expected {path}; "
            f"run `python tests/golden/regenerate.py {name}` and review the file"
        )
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert golden["set"] == name
    fresh = regenerate.counts(name, engine="auto")
    want = golden["combinations"]
    wrong = [(w, f["solutions"]) for w, f in zip(want, fresh, strict=False) if w != f]
    assert not wrong, (
        f"{len(wrong)} count(s) differ from {path.name}; first (golden, fresh): {wrong[:3]}"
    )
    assert len(fresh) == len(want), f"{path.name}: {len(want)} combinations, set has {len(fresh)}"


def test_golden_file_text_is_what_regenerate_writes():
    path = regenerate.golden_path("sample")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == regenerate.dumps("sample", golden["combinations"])


@pytest.mark.parametrize("name", SETS)
def test_to_json_round_trips(name):
    ps = bundled(name)
    assert parse_set(json.loads(json.dumps(ps.to_json())), ps.name) == ps


# --- format errors ---------------------------------------------------------------------------


def test_minimal_set_is_valid():
    ps = parse_set(minimal(), "t.json")
    assert [(c.template, c.side, c.face) for c in ps.combinations()] == [
        ("t1", "easy", "1"),
        ("t1", "hard", "1"),
    ]
    assert all(solve(c.puzzle) for c in ps.combinations())


def test_malformed_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{\n "format": "ubongo-puzzle-set",\n "version": 1,,\n}\n')
    with pytest.raises(PuzzleFormatError) as info:
        load_set(str(path))
    assert info.value.where == "line 3, column 15"
    assert str(info.value).startswith(f"{path}: line 3, column 15: invalid JSON")


def test_decode_json_error_position():
    with pytest.raises(PuzzleFormatError, match=r"x\.json: line 2, column 1: invalid JSON"):
        decode_json("[1,\n]", "x.json")


def test_unknown_piece_in_a_combo_names_its_place():
    data = minimal()
    data["templates"][0]["hard"]["combos"] = [["I2", "I3", "L4", "O4"], ["I2", "Q7", "L4", "O4"]]
    e = format_error(data)
    assert e.where == "t1 hard, face 2"
    assert str(e).startswith("t.json: t1 hard, face 2: unknown piece 'Q7'")


def test_piece_twice_in_a_combo():
    data = minimal()
    data["templates"][0]["easy"]["combos"] = [["I2", "L4", "E"]]  # E is L4's code
    e = format_error(data)
    assert e.where == "t1 easy, face 1"
    assert "L4 appears twice" in str(e)


@pytest.mark.parametrize(
    ("change", "where", "what"),
    [
        ({"format": "ubongo"}, "format", "expected 'ubongo-puzzle-set'"),
        ({"version": 3}, "version", "expected 1 or 2"),
        ({"lattice": "cube"}, "lattice", "expected version 2 for a lattice"),
        ({"version": 2, "lattice": "cube"}, "pieces", "expected the pieces of a cube set"),
        ({"version": 2, "lattice": "hexes"}, "lattice", "expected one of square"),
        ({"version": 2, "lattice": "cube", "pieces": "ubongo3d"}, "pieces", "bundled piece"),
        ({"version": 2, "height": 2}, "height", "on a lattice of cubes"),
        ({"colour": "red"}, "", "unknown key 'colour'"),
        ({"die": ["1", "1"]}, "die", "distinct labels"),
        ({"die": []}, "die", "distinct labels"),
        ({"templates": {}}, "templates", "expected a list"),
        ({"name": 5}, "name", "expected a string"),
        ({"pieces": {}}, "pieces", "expected an object"),
        ({"pieces": {"X": {"rows": [".."]}}}, "pieces", "hold no cell"),
    ],
)
def test_top_level_errors(change, where, what):
    e = format_error(minimal(**change))
    assert e.where == where
    assert what in str(e)


def test_missing_format_and_not_an_object():
    data = minimal()
    del data["format"]
    assert format_error(data).where == "format"
    assert "expected a JSON object" in str(format_error([1, 2]))


@pytest.mark.parametrize(
    ("path", "value", "where", "what"),
    [
        (("shape",), "x", "t1", "unknown key 'shape'"),
        (("easy", "note"), "x", "t1 easy", "unknown key 'note'"),
        (("id",), True, "template 1 (no id): id", "expected text"),
        (("easy", "figure"), ["#x#"], "t1 easy: figure", "row 1, column 2"),
        (("easy", "figure"), ["...."], "t1 easy: figure", "empty figure"),
        (("easy", "figure"), 7, "t1 easy: figure", "list of row strings"),
        (("easy", "combos"), "I2", "t1 easy: combos", "expected a list"),
        (("easy", "combos"), [[]], "t1 easy, face 1", "non-empty list"),
        (("easy", "combos"), [["I2"]] * 7, "t1 easy: combos", "7 combinations for 6"),
    ],
)
def test_template_errors(path, value, where, what):
    data = minimal()
    node = data["templates"][0]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    e = format_error(data)
    assert e.where == where
    assert what in str(e)


def test_template_needs_a_side_and_a_unique_id():
    data = minimal()
    data["templates"][0] = {"id": "t1"}
    assert "needs an easy or a hard side" in str(format_error(data))
    data = minimal()
    data["templates"].append(copy.deepcopy(data["templates"][0]))
    e = format_error(data)
    assert e.where == "t1: id" and "'t1' is also the id of template 1" in str(e)


def test_unreadable_file(tmp_path):
    with pytest.raises(Failure, match="no such file, and no bundled set"):
        load_set(str(tmp_path / "absent.json"))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"name": "caf\xe9"}')
    with pytest.raises(Failure, match="line 1: not UTF-8"):
        load_set(str(bad))


def test_set_from_stdin(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(minimal()).encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    assert load_set("-").name == "tiny"


# --- every problem in one report ------------------------------------------------------------


def five_mistakes():
    """A set with five different mistakes, each in its own place."""
    data = minimal()
    data["nmae"] = "typo"  # a top-level key
    t1 = data["templates"][0]
    t1["easy"]["combos"].append(["I2", "T5", "O4"])  # an unknown piece at face 2
    t1["hrad"] = t1.pop("hard")  # a misspelt side
    data["templates"] += [
        {"id": "A2", "hard": {"figure": ["####", "##x#"], "combos": []}},  # a bad figure
        {"easy": {"figure": EASY, "combos": []}},  # no id
    ]
    return data


FIVE = [
    ("t.json: unknown key 'nmae'; did you mean name?", (None, None, None, "")),
    ("t.json: t1: unknown key 'hrad'; did you mean hard?", ("t1", None, None, "")),
    ("t.json: t1 easy, face 2: unknown piece 'T5'; did you mean T4?", ("t1", "easy", "2", "")),
    (
        "t.json: A2 hard: figure: row 2, column 3: unexpected character 'x'; "
        "expected '#', '.' or space",
        ("A2", "hard", None, "figure"),
    ),
    ("t.json: template 3 (no id): id: missing", (None, None, None, "id")),
]


def test_every_mistake_is_reported_by_template_side_and_face():
    e = format_error(five_mistakes())
    assert isinstance(e, SetProblems)
    assert str(e).splitlines() == [line for line, _ in FIVE]
    assert [(p.template, p.side, p.face, p.field) for p in e.problems] == [a for _, a in FIVE]
    assert (e.where, e.what) == ("", "unknown key 'nmae'; did you mean name?")  # the first


def test_the_cli_prints_one_stderr_line_per_problem(tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(five_mistakes()))
    result = CliRunner().invoke(main, ["verify", str(path)], prog_name="ubongo")
    assert result.exit_code == 1
    assert result.stdout == ""
    want = [f"ubongo verify: {line.replace('t.json', str(path), 1)}" for line, _ in FIVE]
    assert result.stderr.splitlines() == want
    assert "Traceback" not in result.output


def test_the_cli_escapes_control_characters_on_every_line(tmp_path):
    data = minimal()
    data["templates"][0]["id"] = "t\x1b[2J"
    data["templates"][0]["easy"]["combos"] = [["I2", "L4", "Z\x1b]0;x\x07"]]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["verify", str(path)], prog_name="ubongo")
    lines = result.stderr.splitlines()
    assert result.exit_code == 1 and len(lines) == 2, result.stderr
    assert all(line.startswith("ubongo verify: ") and line.isprintable() for line in lines)
    assert "template 1 (no id): id: expected text" in lines[0]


@pytest.mark.parametrize(
    ("edit", "line"),
    [
        (
            lambda d: d.update(tempaltes=[]),
            "t.json: unknown key 'tempaltes'; did you mean templates?",
        ),
        (
            lambda d: d["templates"][0].update(hrad=d["templates"][0].pop("hard")),
            "t.json: t1: unknown key 'hrad'; did you mean hard?",
        ),
        (
            lambda d: d["templates"][0]["easy"].update(figrue=EASY),
            "t.json: t1 easy: unknown key 'figrue'; did you mean figure?",
        ),
        (
            lambda d: d["templates"][0]["hard"]["combos"][0].__setitem__(0, "P6"),
            "t.json: t1 hard, face 1: unknown piece 'P6'; did you mean P5?",
        ),
    ],
)
def test_did_you_mean(edit, line):
    data = minimal()
    edit(data)
    assert line in str(format_error(data)).splitlines()


def test_the_report_is_capped():
    data = minimal()
    data["templates"][0]["easy"]["combos"] = [["I2", "L4", "O4"]]
    data["die"] = [str(i) for i in range(80)]
    data["templates"][0]["easy"]["combos"] = [["Q9"]] * 80
    e = format_error(data)
    lines = str(e).splitlines()
    assert len(e.problems) == 80 and len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"t.json: ... and {80 - MAX_PROBLEMS} more problems"


def test_a_wrong_format_or_version_is_reported_alone():
    e = format_error(minimal(format="ubongo-session", colour=1, templates=3))
    assert [str(p) for p in e.problems] == ["t.json: format: expected 'ubongo-puzzle-set'"]


def planted_set(n):
    """``n`` valid templates t0 ... on a six-face die."""
    return minimal(
        templates=[
            {
                "id": f"t{i}",
                "easy": {"figure": EASY, "combos": [["I2", "L4", "O4"]] * 6},
                "hard": {"figure": HARD, "combos": [["I2", "I3", "I4", "T4"]] * 6},
            }
            for i in range(n)
        ]
    )


places = st.tuples(st.integers(0, 5), st.sampled_from(["easy", "hard"]), st.integers(0, 5))


@settings(max_examples=50, deadline=None)
@given(st.sets(places, min_size=1, max_size=12))
def test_each_planted_bad_piece_is_named_by_its_place(spots):
    data = planted_set(6)
    for t, side, face in spots:
        data["templates"][t][side]["combos"][face] = ["I2", "XX"]
    e = format_error(data)
    named = {(p.template, p.side, p.face) for p in e.problems}
    assert named == {(f"t{t}", side, str(face + 1)) for t, side, face in spots}
    assert len(e.problems) == len(spots)


# --- input limits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"version": True}, "version"),
        ({"version": 1.0}, "version"),
        ({"die": [True, "2"]}, "die"),
        ({"die": ["1", "a\nb"]}, "die"),
        ({"die": ["1", ""]}, "die"),
    ],
)
def test_booleans_and_bad_labels_are_refused(change, where):
    e = format_error(minimal(**change))
    assert e.where == where


@pytest.mark.parametrize(
    "tid", [True, False, -1, 10**6, 1.5, "", " t1", "t\n1", "t\x00", "\u202et1", "x" * 65, None]
)
def test_bad_template_ids_are_refused(tid):
    data = minimal()
    data["templates"][0]["id"] = tid
    e = format_error(data)
    assert e.where == "template 1 (no id): id"


@pytest.mark.parametrize("tid", [0, 7, 999_999, "A2", "07", "Ä1", "x" * 64])
def test_good_template_ids(tid):
    data = minimal()
    data["templates"][0]["id"] = tid
    assert parse_set(data, "t.json").templates[0].id == str(tid)


def test_a_huge_integer_literal_is_one_line():
    with pytest.raises(PuzzleFormatError) as info:
        decode_json('{"version": ' + "7" * 5000 + "}", "x.json")
    message = str(info.value)
    assert len(message.splitlines()) == 1 and "number of more than" in message
    assert "set_int_max_str_digits" not in message


def test_looking_up_a_long_numeric_id_does_not_crash():
    ps = parse_set(minimal(), "t.json")
    with pytest.raises(PuzzleFormatError.__mro__[1]):  # UbongoError: unknown template
        ps.template("9" * 5000)
    assert ps.template("T1").id == "t1"


def custom(pieces):
    data = minimal(pieces=pieces)
    data["templates"][0] = {"id": "t1", "easy": {"figure": ["##"], "combos": [["a"]]}}
    return data


@pytest.mark.parametrize("code", ["1", "\n", "#", ".", ";", " ", "ab", "\x07", "", "٣"])
def test_bad_piece_codes_are_refused(code):
    e = format_error(custom({"P": {"rows": ["##"], "code": code}, "a": {"rows": ["##"]}}))
    assert e.where == "pieces" and "code" in e.what, e


def test_every_bad_piece_is_reported():
    pieces = {
        "P": {"rows": ["##"], "code": "1"},
        "Q": {"rows": ["#" * (MAX_CELLS + 1)]},
        "R": {"rows": [".."]},
        "a": {"rows": ["##"]},
        "b": {"rows": ["#"], "code": "a"},
    }
    e = format_error(custom(pieces))
    whats = [p.what for p in e.problems]
    assert len(whats) == 4 and all(p.where == "pieces" for p in e.problems)
    assert f"{MAX_CELLS + 1} cells; a piece has at most {MAX_CELLS}" in whats[1]
    assert "hold no cell" in whats[2] and "also the code of a" in whats[3]


def test_piece_sets_are_bounded():
    many = {f"p{i}": {"rows": ["#"], "code": chr(0x100 + i)} for i in range(MAX_PIECES + 1)}
    e = format_error(custom(many))
    assert e.where == "pieces" and f"at most {MAX_PIECES}" in e.what
    del many[f"p{MAX_PIECES}"]
    many["a"] = many.pop("p0")
    assert len(parse_set(custom(many), "t.json").pieces) == MAX_PIECES


def test_a_set_of_40000_templates_loads_fast(monkeypatch):
    """Each distinct figure is read once and shared (a large set repeats its figures); no
    wall clock here, which flakes on a busy machine: bench/ measures the time."""
    from ubongo.puzzles import reading

    parsed = []

    def counting(*args, **kwargs):
        parsed.append(args[0])
        return parse_figure(*args, **kwargs)

    monkeypatch.setattr(reading, "parse_figure", counting)
    data = minimal(
        templates=[
            {
                "id": f"{i:05}",
                "easy": {"figure": [EASY, EASY[::-1]][i % 2], "combos": [["I2", "L4", "O4"]] * 6},
                "hard": {
                    "figure": HARD,
                    "combos": [["I2", "I3", "I4", "T4"], ["I2", "I3", "L4", "T4"]],
                },
            }
            for i in range(40_000)
        ]
    )
    ps = parse_set(data, "big.json")
    assert len(parsed) == 3  # the two easy figures and the hard one, once each
    assert ps.templates[0].easy.figure is ps.templates[39_998].easy.figure
    assert len(ps.templates) == 40_000 and ps.template("39999").id == "39999"
    assert ps.templates[-1].hard is not None and len(ps.templates[-1].hard.combos) == 2


# --- partial sets and strict checks ----------------------------------------------------------


def test_partial_set_loads():
    data = minimal()
    del data["templates"][0]["hard"]
    data["templates"][0]["easy"]["combos"] = [["I2", "I4", "L4"], ["I3", "L3", "L4"]]
    ps = parse_set(data, "t.json")
    assert ps.templates[0].hard is None
    assert [c.face for c in ps.combinations()] == ["1", "2"]


def test_side_without_combos_loads():
    data = minimal()
    data["templates"][0]["easy"] = {"figure": EASY}
    ps = parse_set(data, "t.json")
    assert ps.templates[0].easy.combos == ()


def test_minimal_set_strict_problems_are_the_missing_combos():
    problems = strict_problems(parse_set(minimal(), "t.json"))
    assert problems == [
        "template t1 easy: 1 combination for 6 die faces",
        "template t1 hard: 1 combination for 6 die faces",
    ]


def complete(**extra):
    """A structurally complete one-template set on a three-face die."""
    data = minimal(die=["a", "b", "c"], **extra)
    t = data["templates"][0]
    t["easy"]["combos"] = [["I2", "I4", "L4"], ["I3", "L3", "L4"], ["I2", "I4", "T4"]]
    t["hard"]["combos"] = [
        ["I2", "I3", "L4", "T4"],
        ["I2", "I3", "I4", "L4"],
        ["L3", "I4", "O4", "I2"],
    ]
    return data


def test_complete_set_has_no_strict_problem():
    assert strict_problems(parse_set(complete(), "t.json")) == []


def strict_of(edit):
    data = complete()
    edit(data["templates"][0])
    return strict_problems(parse_set(data, "t.json"))


def test_strict_missing_side():
    assert strict_of(lambda t: t.pop("hard")) == ["template t1 hard: side missing"]


def test_strict_wrong_piece_count():
    def edit(t):
        t["easy"]["combos"][1] = ["I3", "L3", "L4", "O4"]

    assert strict_of(edit) == ["template t1 easy, face b: 4 pieces, expected 3"]


def test_strict_duplicate_combos():
    def edit(t):
        t["hard"]["combos"][2] = ["T4", "L4", "I3", "I2"]  # the first combination reordered

    assert strict_of(edit) == ["template t1 hard: two die faces have the same combination"]


def test_strict_disconnected_figure():
    def edit(t):
        t["easy"]["figure"] = ["###..", "###.#", "...##"]

    assert strict_of(edit) == ["template t1 easy: figure is not connected"]


def test_strict_figures_equal_up_to_rotation_or_reflection():
    def edit(t):
        t["hard"]["figure"] = [".##", "###", "###", "##."]  # the easy figure turned and flipped

    assert strict_of(edit) == [
        "template t1 hard: figure equals template t1 easy up to rotation/reflection"
    ]


def test_strict_too_few_combos():
    def edit(t):
        t["easy"]["combos"].pop()

    assert strict_of(edit) == ["template t1 easy: 2 combinations for 3 die faces"]


def test_strict_figures_compared_across_templates():
    data = complete()
    other = copy.deepcopy(data["templates"][0])
    other["id"] = "t2"
    other["easy"]["figure"] = [r[::-1] for r in EASY]  # mirrored
    other["hard"]["figure"] = ["####", "####", "####", "..#."]
    data["templates"].append(other)
    problems = strict_problems(parse_set(data, "t.json"))
    assert problems == [
        "template t2 easy: figure equals template t1 easy up to rotation/reflection",
        "template t2 hard: figure equals template t1 hard up to rotation/reflection",
    ]


# --- custom piece sets -----------------------------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "pentominoes.json"
PENTOMINOES = {n: p["rows"] for n, p in json.loads(EXAMPLE.read_text())["pieces"].items()}


def pentomino_set():
    return {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "pento",
        "pieces": {n: {"rows": rows, "code": n} for n, rows in PENTOMINOES.items()},
        "die": ["x", "y"],
        "templates": [
            {
                "id": "p1",
                "easy": {
                    "figure": ["#####", "#####", "#####"],
                    "combos": [["L", "T", "Y"], ["L", "N", "V"]],
                },
                "hard": {"figure": ["##########", "##########"], "combos": [["I", "L", "P", "Y"]]},
            }
        ],
    }


def test_custom_piece_set_loads_and_solves():
    ps = parse_set(pentomino_set(), "pento.json")
    assert ps.custom_pieces and list(ps.pieces) == list(PENTOMINOES)
    assert len(ps.pieces["X"].orientations) == 1 and len(ps.pieces["F"].orientations) == 8
    combos = list(ps.combinations())
    assert [(c.side, c.face) for c in combos] == [("easy", "x"), ("easy", "y"), ("hard", "x")]
    for c in combos:
        sol = solve(c.puzzle)
        assert sol is not None and is_solution(c.puzzle, sol)
        assert count(c.puzzle, engine="cpsat") == count(c.puzzle, engine="bitboard") >= 1
    assert parse_set(json.loads(json.dumps(ps.to_json())), "again") == ps


def test_custom_piece_set_refuses_standard_names():
    data = pentomino_set()
    data["templates"][0]["easy"]["combos"] = [["I2", "L", "Y"]]
    e = format_error(data)
    assert e.where == "p1 easy, face x" and "unknown piece 'I2'" in str(e)


# --- batch lines -----------------------------------------------------------------------------


def test_batch_line():
    item = parse_batch_line('{"id": "q", "figure": "###/##.", "pieces": ["A", "L3"]}', 4, "b")
    assert (item.id, item.line) == ("q", 4)
    assert [p.name for p in item.puzzle.pieces] == ["I2", "L3"]
    assert count(item.puzzle) == 2
    item = parse_batch_line('{"figure": ["##"], "pieces": ["I2"]}', 9, "b")
    assert item.id == "9"  # the line number when there is no id


def test_read_batch_reports_bad_lines_and_goes_on():
    text = "\n".join(
        [
            '{"id": "a", "figure": "##", "pieces": ["I2"]}',
            "",
            '{"id": "b", "figure": "##", "pieces": ["I9"]}',
            "{nope",
            '{"id": "c", "figure": "#x", "pieces": ["I2"]}',
            '{"id": "d", "figure": "##", "pieces": ["I2"], "extra": 1}',
            '{"id": "e", "figure": "###", "pieces": ["I3"]}',
        ]
    )
    items = list(read_batch(text, "b.jsonl"))
    assert len(items) == 6
    assert [getattr(i, "id", None) for i in items] == ["a", None, None, None, None, "e"]
    errors = [str(i) for i in items if isinstance(i, PuzzleFormatError)]
    assert errors[0].startswith("b.jsonl: line 3: pieces: unknown piece 'I9'")
    assert errors[1].startswith("b.jsonl: line 4, column 2: invalid JSON")
    assert errors[2].startswith("b.jsonl: line 5: figure: row 1, column 2")
    assert errors[3].startswith("b.jsonl: line 6: unknown key 'extra'")


def test_batch_line_reports_every_problem_on_one_line():
    with pytest.raises(SetProblems) as info:
        parse_batch_line('{"id": "q", "figuer": "##", "pieces": ["I2", "T5", "A"]}', 7, "b")
    assert str(info.value) == (
        "b: line 7: unknown key 'figuer'; did you mean figure?"
        "; also b: line 7: figure: expected a list of row strings"
        "; also b: line 7: pieces: unknown piece 'T5'; did you mean T4?"
        "; also b: line 7: pieces: piece I2 appears twice in one combination"
    )
    assert [p.line for p in info.value.problems] == [7] * 4


def test_batch_line_with_a_huge_number_is_an_error_not_a_crash():
    with pytest.raises(PuzzleFormatError, match="b: line 2: invalid JSON: a number of more"):
        parse_batch_line('{"id": ' + "9" * 5000 + "}", 2, "b")


def test_standard_is_the_default_piece_set_of_a_set():
    assert parse_set(minimal(), "t.json").pieces == STANDARD


# --- the package: one module per concern, the same public names --------------------------

OLD_NAMES = [
    "BATCH_CACHE",
    "BATCH_KEYS",
    "DEFAULT_DIE",
    "DEFAULT_SET",
    "FORMAT",
    "MAX_DEPTH",
    "MAX_LABEL",
    "MAX_NUMBER_ID",
    "MAX_PROBLEMS",
    "PIECES_PER_SIDE",
    "SIDES",
    "SIDE_KEYS",
    "TEMPLATE_KEYS",
    "TOP_KEYS",
    "VERSION",
    "BatchItem",
    "BatchReader",
    "Combination",
    "MissingSide",
    "Problem",
    "PuzzleFormatError",
    "PuzzleSet",
    "SetProblems",
    "Side",
    "Template",
    "batch_reader",
    "bundled",
    "bundled_names",
    "decode_json",
    "nesting",
    "parse_batch_line",
    "parse_pieces",
    "parse_set",
    "read_batch",
    "report",
    "strict_problems",
]
"""The public names ``ubongo.puzzles`` had as one 759-line module: every one still imports."""


def test_the_package_keeps_every_public_name_it_had() -> None:
    import ubongo.puzzles as package

    assert set(OLD_NAMES) <= set(package.__all__)
    for name in package.__all__:
        home = importlib.import_module(package._HOME[name])
        assert getattr(package, name) is getattr(home, name), name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        package.nothing  # noqa: B018


def test_a_fact_of_the_game_loads_no_reader() -> None:
    code = (
        "import sys, ubongo; before = set(sys.modules); from ubongo.puzzles.game import SIDES; "
        "print(sorted(m for m in set(sys.modules) - before if m.startswith('ubongo.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert set(json.loads(out.stdout.replace("'", '"'))) <= {
        "ubongo.puzzles",
        "ubongo.puzzles.game",
    }


@given(st.integers(1, 9), st.integers(1, 9), st.integers(1, 9), st.integers(1, 9))
def test_a_box_fits_a_frame_either_way_round(h: int, w: int, fh: int, fw: int) -> None:
    assert fits((h, w), (fh, fw)) == fits((w, h), (fh, fw)) == fits((h, w), (fw, fh))
    assert fits((h, w), (fh, fw)) == (min(h, w) <= min(fh, fw) and max(h, w) <= max(fh, fw))
