"""The ``ubongo`` command group: click's, loading each command's module when it is asked for.

``ubongo.cli.main`` is this group (``ubongo.cli`` imports it on first use); the ``ubongo``
command starts at ``ubongo.cli.run``, which answers ``--version`` before click is imported.
"""

from __future__ import annotations

# first, before click and the commands load: Ctrl-C from here on is one line and exit 130
from ubongo.cli import _interrupts  # isort: skip

import importlib
from typing import Any

import click

from ubongo import __version__
from ubongo.cli import HOMES, version_line
from ubongo.cli._common import guard_stdout, told_as_interrupted

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


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
    message=version_line("%(prog)s"),  # the text ubongo.cli.run prints without click
)
def main() -> None:
    """Solve, verify and design Ubongo puzzles; score recorded game sessions.

    \b
    Exit codes: 0 success; 1 a failure you can act on (bad input, an unsolvable
    combination, an invalid session record, a time limit); 2 usage error.
    A SET is a puzzle-set file, - for stdin, or a bundled set's name (ubongo sets).
    Shell completion: eval "$(_UBONGO_COMPLETE=bash_source ubongo)"
    """


__all__ = ["Ubongo", "main"]
