"""The calibration table: known numbers on a hand-built set, and the ``stats`` command."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from ubongo.cli import main
from ubongo.generator.stats import column, published_column, set_stats, stats_table
from ubongo.puzzles import parse_set

# Tilings worked out by hand (and by `ubongo analyze`):
#   ###/##.    I2 I3: 1      I2 L3: 2
#   ###/###    I2 O4: 2      I2 L4: 4
#   ####/####  I3 L5: 4      L3 P5: 4
#   ###/#.#/###  (a ring round a hole) L3 P5: 0, no 2x2 block for P5
TINY = {
    "format": "ubongo-puzzle-set",
    "version": 1,
    "name": "tiny",
    "die": ["x", "y"],
    "templates": [
        {
            "id": "1",
            "easy": {"figure": ["###", "##."], "combos": [["I2", "I3"], ["I2", "L3"]]},
            "hard": {"figure": ["####", "####"], "combos": [["I3", "L5"], ["L3", "P5"]]},
        },
        {
            "id": "2",
            "easy": {"figure": ["###", "###"], "combos": [["I2", "O4"], ["I2", "L4"]]},
            "hard": {"figure": ["###", "#.#", "###"], "combos": [["L3", "P5"]]},
        },
    ],
}


@pytest.fixture
def tiny_stats():  # type: ignore[no-untyped-def]
    return set_stats(parse_set(TINY))


def test_easy_side_numbers(tiny_stats) -> None:  # type: ignore[no-untyped-def]
    e = tiny_stats.sides["easy"]
    assert (e.sides, e.combos, e.slots) == (2, 4, 8)
    assert e.areas == {5: 1, 6: 1} and e.boxes == {"2x3": 2}
    assert (e.holes, e.disconnected, e.outside_frame) == (0, 0, 0)
    assert e.tilings == {"1": 1, "2": 2, "3": 0, "4-6": 1, "7-12": 0, "13+": 0}
    assert (e.unsolvable, e.tilings_mean, e.tilings_max) == (0, 2.25, 4)
    assert e.unique_share == 0.25
    assert e.piece_use["I2"] == 4 and e.piece_share("I2") == 0.5 and e.piece_use["Z5"] == 0
    assert [(f.face, f.combos, f.tilings_mean, f.unique) for f in e.faces] == [
        ("x", 2, 1.5, 1),
        ("y", 2, 3.0, 0),
    ]


def test_hard_side_numbers(tiny_stats) -> None:  # type: ignore[no-untyped-def]
    h = tiny_stats.sides["hard"]
    assert h.areas == {8: 2} and h.boxes == {"2x4": 1, "3x3": 1}
    assert h.holes == 1
    assert h.combos_per_side == {1: 1, 2: 1} and h.pieces_per_combo == {2: 3}
    assert h.tilings["4-6"] == 2 and h.unsolvable == 1 and h.combos == 3
    assert (h.tilings_mean, h.tilings_max) == (4.0, 4)
    assert [(f.face, f.combos, f.tilings_mean) for f in h.faces] == [("x", 2, 4.0), ("y", 1, 4.0)]
    assert tiny_stats.repeated_figures == 0


def test_frame_decides_what_is_outside() -> None:
    st = set_stats(parse_set(TINY), frame=(2, 3))
    assert st.sides["easy"].outside_frame == 0 and st.sides["hard"].outside_frame == 2


def test_repeated_figures_up_to_rotation() -> None:
    doc = json.loads(json.dumps(TINY))
    doc["templates"][1]["easy"]["figure"] = ["##", "##", "#."]  # ###/##. turned
    doc["templates"][1]["easy"]["combos"] = [["I2", "I3"]]
    assert set_stats(parse_set(doc)).repeated_figures == 1


def test_json_is_plain_data(tiny_stats) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(json.dumps(tiny_stats.to_json()))
    assert doc["set"] == "tiny" and doc["frame"] == "5x6"
    assert doc["sides"]["easy"]["tilings_mean"] == 2.25
    assert doc["sides"]["hard"]["unsolvable"] == 1
    assert doc["sides"]["easy"]["faces"][0] == {
        "face": "x",
        "combos": 2,
        "tilings_mean": 1.5,
        "unique": 1,
    }


def test_table_rows_and_published_column(tiny_stats) -> None:  # type: ignore[no-untyped-def]
    col = column(tiny_stats)
    assert col["easy tilings 1"] == "25%" and col["hard holes"] == "1"
    pub = published_column()
    assert pub["easy tilings 1"] == "64%" and pub["hard tilings max"] == "48"
    assert pub["easy piece L4"] == "18%" and pub["hard area 17"] == "44%"
    text = stats_table([tiny_stats], published=True)
    lines = text.splitlines()
    assert lines[0].split() == ["tiny", "published"]
    assert "easy side" in lines and "hard side" in lines
    assert lines.index("easy side") < lines.index("hard side")
    row = next(ln for ln in lines if ln.strip().startswith("tilings mean"))
    assert row.split()[-2:] == ["2.25", "1.6"]


# --- the command -----------------------------------------------------------------------------


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def test_stats_command_text(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "tiny.json")
    with open(path, "w") as fh:
        json.dump(TINY, fh)
    result = run("stats", path)
    assert result.exit_code == 0
    assert "tilings mean" in result.stdout and "face x" in result.stdout


def test_stats_command_json_one_and_many(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "tiny.json")
    with open(path, "w") as fh:
        json.dump(TINY, fh)
    one = json.loads(run("stats", path, "--json").stdout)
    assert set(one) == {"sets"} and one["sets"][0]["sides"]["easy"]["tilings"]["2"] == 2
    many = json.loads(run("stats", path, "sample", "--json", "--published").stdout)
    assert [s["source"] for s in many["sets"]] == [path, "sample"]  # one shape for one or many
    assert many["published"]["sides"]["hard"]["areas"]["17"] == 0.44


def test_stats_heads_columns_by_file_when_names_repeat(tmp_path: os.PathLike[str]) -> None:
    a, b = os.path.join(tmp_path, "a.json"), os.path.join(tmp_path, "b.json")
    for path in (a, b):
        with open(path, "w") as fh:
            json.dump(TINY, fh)
    head = run("stats", a, b).stdout.splitlines()[0].split()
    assert head == [a, b]


def test_stats_defaults_to_the_bundled_set() -> None:
    doc = json.loads(run("stats", "--json").stdout)["sets"][0]
    assert doc["set"] == "standard" and doc["templates"] == 36


def test_stats_side_by_side_with_published() -> None:
    result = run("stats", "--published")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0].split() == ["standard", "published"]


def test_stats_bad_file_exits_1(tmp_path: os.PathLike[str]) -> None:
    path = os.path.join(tmp_path, "bad.json")
    with open(path, "w") as fh:
        fh.write("{")
    result = run("stats", path)
    assert result.exit_code == 1 and "bad.json" in result.stderr


def test_commands_have_help() -> None:
    for cmd in ("generate", "stats"):
        result = run(cmd, "--help")
        assert result.exit_code == 0 and "Example" in result.stdout


# --- side composition and shapes (calibration.md's two new sections) ---------------------------

# Two easy sides of 6 faces on one figure (3x4 less a corner, 11 cells):
#   side 1 repeats I2 on every face; side 2 shares no piece between faces but I2/L3.
COMPOSED = {
    "format": "ubongo-puzzle-set",
    "version": 1,
    "name": "composed",
    "die": ["1", "2", "3"],
    "templates": [
        {
            "id": "1",
            "easy": {
                "figure": ["###.", "####", "####"],
                "combos": [["I2", "I4", "P5"], ["I2", "L4", "P5"], ["I2", "O4", "P5"]],
            },
        },
        {
            "id": "2",
            "easy": {
                "figure": ["####", "####", "###."],
                "combos": [["I2", "I4", "Y5"], ["L3", "S4", "I4"], ["I3", "L4", "O4"]],
            },
        },
    ],
}


def test_side_composition_measures() -> None:
    st = set_stats(parse_set(COMPOSED)).sides["easy"]
    m = st.measures
    assert m["distinct pieces"] == (5 + 8) / 2
    assert m["most faces"] == (3 + 2) / 2 and m["most faces 5+"] == 0
    assert m["shared pieces"] == pytest.approx((2 + 1 / 3) / 2)  # side 1: I2, P5 in each pair


def test_unique_counts_per_side_and_their_spread() -> None:
    from ubongo.solver import check

    ps = parse_set(COMPOSED)
    st = set_stats(ps).sides["easy"]
    ones = [
        sum(
            check(c.puzzle, want_count=True).tilings == 1
            for c in ps.combinations()
            if c.template == t.id
        )
        for t in ps.templates
    ]
    assert st.unique_sides == {k: ones.count(k) for k in sorted(set(ones))}
    mean = sum(ones) / 2
    assert st.measures["unique mean"] == mean
    assert st.measures["unique sd"] == pytest.approx(
        (sum((u - mean) ** 2 for u in ones) / 2) ** 0.5
    )


def test_rank_correlation_is_spearman() -> None:
    from ubongo.generator.stats import _pearson, _ranks

    assert _ranks([10, 30, 20, 20]) == [1.0, 4.0, 2.5, 2.5]
    assert _pearson(_ranks([1, 2, 3]), _ranks([5, 50, 500])) == pytest.approx(1.0)
    assert _pearson(_ranks([1, 2, 3]), _ranks([9, 4, 1])) == pytest.approx(-1.0)
    assert _pearson([1, 1], [2, 3]) == 0.0


@pytest.mark.parametrize(
    ("rows", "corners", "tips", "deep", "wide", "notch", "symmetric"),
    [
        (["###.", "####", "####", "####"], 5, 0, False, True, False, True),  # rule book's
        ([".#.", "###", ".#."], 8, 4, False, False, False, True),  # a plus
        (["#.#", "###"], 6, 2, False, True, True, True),  # a U, one deep
        (["#.#", "#.#", "###"], 6, 2, True, True, True, True),  # a U, two deep
        (["##....", "######", "####.."], 6, 1, False, False, False, False),  # one-cell end
        (["#.....", "######", "######"], 5, 1, False, True, False, False),
        (["##", "#."], 5, 2, False, False, False, True),  # the L tromino
    ],
)
def test_outline_measures(rows, corners, tips, deep, wide, notch, symmetric) -> None:  # type: ignore[no-untyped-def]
    from ubongo.generator.figures import outline
    from ubongo.solver import parse_figure

    o = outline(parse_figure(rows))
    assert (o.corners, o.tips, o.deep_cut, o.wide_ends, o.notch, o.symmetric) == (
        corners,
        tips,
        deep,
        wide,
        notch,
        symmetric,
    )


def test_table_has_the_new_rows_beside_the_published() -> None:
    text = stats_table([set_stats(parse_set(COMPOSED))], published=True)
    easy = text.split("hard side")[0].splitlines()
    rows = {ln[:26].strip(): ln.split() for ln in easy if ln.startswith("  ")}
    assert rows["distinct pieces"][-2:] == ["6.50", "8.95"]
    assert rows["unique sd"][-1] == "1.50"
    assert rows["wide ends"][-1] == "19%" and rows["notch"][-1] == "12%"
    assert text.count("deep cut") == 2 and text.count("dead ends") == 1  # hard: published only
