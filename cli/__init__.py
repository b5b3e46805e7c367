"""The ``ubongo`` command line: a thin layer over the library packages.

One module per command family; each command parses its arguments, calls the library and
prints the result. What they share (errors to exit codes, options, the one reader and the one
atomic writer) is in :mod:`ubongo.cli._common`. A command's module is imported when the command
is asked for (``HOMES``), and heavy modules (OR-Tools, numpy, fpdf2) only by the code paths that
need them, so ``ubongo --version`` and ``ubongo verify`` start fast (bench/bench_startup.py).
"""

from __future__ import annotations

# first, before click and the commands load: Ctrl-C from here on is one line and exit 130
from ubongo.cli import _interrupts  # isort: skip

import importlib
from typing import Any

import click

from ubongo import __version__
from ubongo.cli._common import guard_stdout, told_as_interrupted
from ubongo.solver.core import core_name

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
HOMES = {
    "analyze": "solve",
    "atlas": "atlas",
    "generate": "design",
    "hint": "hint",
    "pieces": "solve",
    "render": "pictures",
    "score": "score",
    "sets": "sets",
    "show": "sets",
    "simulate": "score",
    "solve": "solve",
    "stats": "design",
    "verify": "sets",
}
"""Each command's module in :mod:`ubongo.cli` (its ``COMMANDS``), imported on first use."""


class Ubongo(click.Group):
    """The command group, loading each command's module when the command is asked for; Ctrl-C,
    a full disk or a closed pipe on stdout end a command cleanly."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        program = not args and kwargs.get("args") is None  # reading this process's command line
        with _interrupts.running(program):
            return guard_stdout(lambda: super(Ubongo, self).main(*args, **kwargs))

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with told_as_interrupted():  # not click's "Aborted!" (exit 1)
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with told_as_interrupted():
            return super().invoke(ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command with its whole one-line summary, never cut short with '...'."""
        rows = [
            (name, cmd.get_short_help_str(limit=200))
            for name in self.list_commands(ctx)
            if (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, sorted, without importing any command's module."""
        return sorted({*HOMES, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name; an unknown name loads them all, for click's suggestions."""
        if cmd_name not in self.commands:
            for home in [HOMES[cmd_name]] if cmd_name in HOMES else sorted(set(HOMES.values())):
                self.load(home)
        return self.commands.get(cmd_name)

    def load(self, home: str) -> None:
        """Add the commands of ``ubongo.cli.<home>``."""
        for command in importlib.import_module(f"ubongo.cli.{home}").COMMANDS:
            self.add_command(command)


@click.group(cls=Ubongo, context_settings=CONTEXT)
@click.version_option(
    __version__,  # not looked up with importlib.metadata: ~20 ms at every start
    # solver.bitboard is loaded with the commands anyway: naming the core costs nothing more
    message=f"%(prog)s, version %(version)s (core: {core_name()})",
)
def main() -> None:
    """Solve, verify and design Ubongo puzzles; score recorded game sessions.

    \b
    Exit codes: 0 success; 1 a failure you can act on (bad input, an unsolvable
    combination, an invalid session record, a time limit); 2 usage error.
    A SET is a puzzle-set file, - for stdin, or a bundled set's name (ubongo sets).
    Shell completion: eval "$(_UBONGO_COMPLETE=bash_source ubongo)"
    """


__all__ = ["main"]
