"""Every command has help, and every example in it works as printed, from any folder.

The examples of a command are the lines after ``Examples:`` (or ``Example:``) in its
``--help``, up to the first blank line. They run in order, with bash, in one empty temporary
folder, with the ``ubongo`` of the Python running the tests first on PATH. Each must exit 0
or 1 (2 is a usage error, so a wrong example), print no traceback, find every file it reads
(only bundled sets and files made by an earlier example of the same help) and take at most
a few seconds.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ubongo.cli import main

COMMANDS = main.list_commands(click.Context(main))
EXAMPLES = re.compile(r"^ *Examples?:\n((?: +\S.*\n)+)", re.M)
MISSING = re.compile(r"no such file|cannot read", re.I)
SECONDS_PER_EXAMPLE = 10.0  # a few seconds on a quiet machine; room for two busy cores


def help_text(*args: str) -> str:
    """The ``--help`` output of ``ubongo ARGS``, checked to exit 0."""
    result = CliRunner().invoke(main, [*args, "--help"], prog_name="ubongo", terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.output


def examples(name: str) -> list[str]:
    """The example command lines of a command's help, in order."""
    found = EXAMPLES.search(help_text(name))
    return [] if found is None else [line.strip() for line in found.group(1).splitlines()]


def summary(name: str) -> str:
    """The first line of a command's docstring: its one-line summary."""
    command = main.get_command(click.Context(main), name)
    assert command is not None and command.help
    return command.help.strip().splitlines()[0]


def test_every_command_is_listed() -> None:
    """The group knows the commands the docs talk about."""
    assert {"solve", "verify", "hint", "show", "sets", "analyze", "score"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help(name: str) -> None:
    """``ubongo CMD --help`` exits 0 and starts with a one-line summary, a sentence."""
    text = help_text(name)
    line = summary(name)
    assert text.startswith(f"Usage: ubongo {name} ")
    assert line.endswith(".") and len(line) <= 100
    assert line in " ".join(text.split())


def test_group_help_lists_each_summary_whole() -> None:
    """``ubongo --help`` lists every command with its whole summary, never cut with '...'."""
    text = help_text()
    commands = text[text.index("Commands:") :]
    assert "..." not in commands
    flat = re.sub(r"-\n\s+", "-", commands)  # a summary wrapped after a hyphen
    flat = " ".join(flat.split())
    for name in COMMANDS:
        assert f"{name} {summary(name)}" in flat, name


@pytest.mark.parametrize("name", COMMANDS)
def test_help_examples_run(name: str, tmp_path: Path) -> None:
    """Each example of the help runs in an empty folder: exit 0 or 1, quickly, no traceback."""
    lines = examples(name)
    assert lines, f"ubongo {name} --help shows no Examples:"
    assert any(f"ubongo {name}" in line for line in lines)
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    for line in lines:
        start = time.monotonic()
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", line],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        took = time.monotonic() - start
        where = f"ubongo {name} --help: {line}"
        assert done.returncode in (0, 1), f"{where}: exit {done.returncode}\n{done.stderr}"
        assert "Traceback" not in done.stderr, f"{where}\n{done.stderr}"
        assert not MISSING.search(done.stderr), f"{where}\n{done.stderr}"
        assert took < SECONDS_PER_EXAMPLE, f"{where}: took {took:.1f} s"


def test_examples_are_read_up_to_the_blank_line() -> None:
    """The parser takes the indented lines after Examples: and stops at a blank line."""
    text = "Usage: x\n\n  Examples:\n    ubongo a\n    ubongo b\n\n  Other text.\n"
    found = EXAMPLES.search(text)
    assert found is not None
    assert found.group(1).split() == ["ubongo", "a", "ubongo", "b"]
