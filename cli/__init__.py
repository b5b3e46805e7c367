"""The ``ubongo`` command line: a thin layer over the library packages.

One module per command family; each command parses its arguments, calls the library and
prints the result. What they share (errors to exit codes, options, the one reader and the one
atomic writer) is in :mod:`ubongo.cli._common`; the click group, ``main``, in
:mod:`ubongo.cli._group`. A command's module is imported when the command is asked for
(``HOMES``), and heavy modules (OR-Tools, numpy, fpdf2) only by the code paths that need them,
so ``ubongo --version`` and ``ubongo verify`` start fast (bench/bench_startup.py).

The ``ubongo`` command starts at :func:`run`, which answers exactly ``ubongo --version``
before click is imported: importing click alone takes 2.7 times as long as a bare Python
starts, so ``--version`` could never start within 3 times a bare Python through it. Everything
else, ``--version`` beside other words included, goes to the group.
"""

from __future__ import annotations

# first, before click and the commands load: Ctrl-C from here on is one line and exit 130
from ubongo.cli import _interrupts  # isort: skip

import os
import sys

from ubongo import __version__
from ubongo.solver.lazy import exports

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

COMPLETE = "_UBONGO_COMPLETE"
"""The variable click's shell completion sets: then even ``--version`` is click's."""


def version_line(prog: str) -> str:
    """``ubongo, version 0.1.0 (core: compiled C)``: what ``--version`` prints, with or
    without click (``prog`` may be click's ``%(prog)s``)."""
    from ubongo.solver.core import core_name

    return f"{prog}, version {__version__} (core: {core_name()})"


def run(prog_name: str | None = None) -> None:
    """The ``ubongo`` command (the console script; ``python -m ubongo`` with its name).

    Exactly ``--version`` is answered here as click would answer it (the program's name as
    click finds it, exit 0), with the group's guards: Ctrl-C is one line and exit 130, a closed
    pipe or a full disk exit 1. Any other command line goes to the group.
    """
    if sys.argv[1:] == ["--version"] and COMPLETE not in os.environ:
        from ubongo.cli._stdout import guard_stdout

        prog = prog_name or os.path.basename(sys.argv[0])
        with _interrupts.running(True):
            guard_stdout(lambda: sys.stdout.write(version_line(prog) + "\n"))
        return
    import gc

    # Loading click and the group makes objects that live to the end, so a collection meanwhile
    # finds nothing, and the last one at exit only walks them all: skipping both saves about
    # 8 ms of every command's start (DESIGN.md, start-up). Frozen once loaded, they are walked
    # by no collection of the command either (a 6,000-line batch: 2.7 ms of collections less).
    gc.disable()
    try:
        from ubongo.cli._group import main
    finally:
        gc.freeze()
        gc.enable()
    try:
        main(prog_name=prog_name)
    finally:
        gc.freeze()  # the interpreter's exit frees what is left without collecting it


TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know it)
if TYPE_CHECKING:
    from ubongo.cli._group import Ubongo, main

__getattr__, __dir__ = exports(
    __name__, {"main": "ubongo.cli._group", "Ubongo": "ubongo.cli._group"}
)

__all__ = ["HOMES", "Ubongo", "main", "run", "version_line"]
