"""Edges a new user hits (issue 8), each pinned down: custom pieces in pictures, odd figure
files, sets that cannot be generated, one meaning per short option, ``python -m ubongo``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner, Result

from ubongo.cli import main

ROOT = Path(__file__).resolve().parent.parent
PENTOMINOES = str(ROOT / "examples" / "pentominoes.json")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_solve_svg_with_a_custom_piece_set(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    rows = "/".join(["#" * 20] * 3)
    names = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]
    result = run("solve", "--pieces", PENTOMINOES, rows, *names, "--svg", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.startswith("<svg") and svg.count('class="piece"') == 12


def test_a_figure_file_holding_a_lone_carriage_return(tmp_path: Path) -> None:
    fig = tmp_path / "cr.txt"
    fig.write_bytes(b"\r")
    result = run("solve", str(fig), "I2")
    assert result.exit_code == 1
    assert (
        result.stderr.strip()
        == f"ubongo solve: {fig}: empty figure: expected at least one '#' cell"
    )


def test_generate_refuses_more_pieces_per_side_than_the_set_has(tmp_path: Path) -> None:
    two = tmp_path / "two.json"
    two.write_text(
        json.dumps({"A": {"rows": ["##"], "code": "A"}, "B": {"rows": ["###"], "code": "B"}})
    )
    for args in (["--pieces-per-side", "13,13"], ["--pieces", str(two)]):
        result = run("generate", "--templates", "1", "-q", *args)
        assert result.exit_code == 1 and "but the set has" in result.stderr


def test_a_short_option_means_one_thing_in_every_command() -> None:
    meaning: dict[str, set[str]] = {}
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None
        for param in (p for p in command.params if isinstance(p, click.Option)):
            longs = [o for o in param.opts if o.startswith("--")]
            for short in (o for o in param.opts if not o.startswith("--")):
                meaning.setdefault(short, set()).update(longs)
    assert all(len(longs) == 1 for longs in meaning.values()), meaning


def test_python_dash_m_cli_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ubongo", "verify", "sample"], capture_output=True, cwd=ROOT
    )
    assert done.returncode == 0 and done.stdout.startswith(b"sample: 60/60")


def test_show_without_a_template_lists_them_with_areas() -> None:
    lines = run("show", "sample").stdout.splitlines()
    assert lines[0] == "sample: 5 templates" and "easy" in lines[1] and "cells" in lines[1]


def test_side_names_are_case_insensitive_and_templates_numbers() -> None:
    a = run("solve", "07", "HARD", "3", "--count").stdout
    b = run("solve", "7", "hard", "3", "--count").stdout
    assert a == b and a.endswith("tiling\n") or a.endswith("tilings\n")


def test_did_you_mean_for_templates_sides_and_sets() -> None:
    assert (
        "did you mean hard?" in run("solve", "07", "hrad", "3").stderr
        or run("solve", "07", "hrad", "3").exit_code == 2
    )
    assert "did you mean" in run("verify", "sampel").stderr
    assert "did you mean" in run("solve", "--set", "sample", "0x5", "easy", "1").stderr
