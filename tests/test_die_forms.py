"""Die forms of other editions: a side's combinations are a mapping from the die's faces, of any
number and any labels (Duel's twenty-sided die; Extreme's colour drawn from a bag)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ubongo.cli import main

COLOURS = ["yellow", "blue", "red", "green"]


def write_set(tmp_path, die, easy, hard):
    """A one-template set with this die, its sides' figures and combinations."""
    doc = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "die forms",
        "die": die,
        "templates": [{"id": "01", "easy": easy, "hard": hard}],
    }
    path = tmp_path / "set.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_a_colour_names_its_row_and_the_failure_table_widens_for_it(tmp_path):
    easy = {"figure": ["###", "###"], "combos": {c: ["I2", "L4"] for c in COLOURS}}
    easy["combos"]["red"] = ["L3", "I3"]  # no tiling: a 2x3 of an L and a bar
    hard = {"figure": ["###.", "####"], "combos": [["O4", "L4"]] * 3 + [["L3", "O4"]]}
    path = write_set(tmp_path, COLOURS, easy, hard)
    assert run("solve", "--set", path, "01", "easy", "blue").stdout == "AAE\nEEE\n"
    r = run("verify", path)
    assert r.exit_code == 1
    table = r.stdout.splitlines()[2:]
    assert table[0].split() == ["template", "side", "face", "pieces", "reason"]
    assert [line.split()[:3] for line in table[1:]] == [
        ["01", "easy", "red"],
        ["01", "hard", "yellow"],
        ["01", "hard", "blue"],
        ["01", "hard", "red"],
    ]
    starts = {
        line.index(word)
        for line, word in zip(table, ["pieces", "L3", "O4", "O4", "O4"], strict=True)
    }
    assert starts == {len("template side  face   ")}  # "yellow" and a space fit the column


def test_a_twenty_sided_die_answers_each_face(tmp_path):
    die = [str(n) for n in range(1, 21)]
    rows = [["I2", "L4"], ["I2", "O4"]] * 10
    easy = {"figure": ["###", "###"], "combos": rows}
    hard = {"figure": ["###", "###"], "combos": rows}
    path = write_set(tmp_path, die, easy, hard)
    r = run("verify", path, "--count")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0] == "die forms: 40/40 combinations solvable"
    assert run("solve", "--set", path, "01", "hard", "17").stdout == "AAE\nEEE\n"
    assert run("solve", "--set", path, "01", "hard", "21").exit_code == 1
