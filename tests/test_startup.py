"""What ``ubongo`` imports to start: a command's module only when the command runs, never
``importlib.metadata`` for the version, no heavy library for ``verify``.

The start-up times themselves are measured by ``bench/bench_startup.py``, not asserted here.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import subprocess
import sys
from typing import Any

import click
import pytest
from click.testing import CliRunner

import ubongo
from ubongo.cli import HOMES, main

HEAVY = ("importlib.metadata", "numpy", "ortools", "duckdb", "fpdf", "ubongo.render")
LISTING = "importlib.resources"  # bundled files are read by name; it lists them, for errors

PROBE = """
import atexit, json, sys
atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["ubongo", *json.loads(sys.argv[1])]
from ubongo.cli import main
main()
"""
RUN = PROBE.replace("from ubongo.cli import main\nmain()", "from ubongo.cli import run\nrun()")


def modules_after_run(*args: str, env: dict[str, str] | None = None) -> tuple[str, set[str]]:
    """As ``modules_after``, through the console script's entry, ``ubongo.cli.run``."""
    done = subprocess.run(
        [sys.executable, "-c", RUN, json.dumps(args)],
        capture_output=True,
        text=True,
        check=False,
        env=None if env is None else {**os.environ, **env},
    )
    return done.stdout, set(json.loads(done.stderr.splitlines()[-1]))


def modules_after(*args: str) -> tuple[str, set[str]]:
    """The stdout of ``ubongo ARGS`` in a fresh interpreter and the modules it had imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True, check=True
    )
    return done.stdout, set(json.loads(done.stderr.splitlines()[-1]))


def command_modules(modules: set[str]) -> set[str]:
    """The command modules among ``modules`` (``sets`` for ``ubongo.cli.sets``)."""
    return {m.rsplit(".", 1)[1] for m in modules if m.rsplit(".", 1)[0] == "ubongo.cli"} & set(
        HOMES.values()
    )


def test_version_loads_no_command_and_no_metadata() -> None:
    out, modules = modules_after("--version")
    cores = ("compiled C", "pure Python")
    assert out in {f"ubongo, version {ubongo.__version__} (core: {c})\n" for c in cores}
    assert command_modules(modules) == set()
    assert not [m for m in modules if m.startswith(HEAVY)]


def test_the_entry_answers_version_before_click_as_click_would() -> None:
    """``ubongo --version`` is answered without click (its import alone is 2.7x a bare Python
    start), in the very words of the group's ``--version``."""
    out, modules = modules_after_run("--version")
    assert out == CliRunner().invoke(main, ["--version"], prog_name="ubongo").output
    assert not [m for m in modules if m == "click" or m.startswith(("click.", *HEAVY))]
    assert "ubongo.cli._group" not in modules and command_modules(modules) == set()


@pytest.mark.parametrize(
    ("args", "env"),
    [(("--version", "verify"), None), (("-h",), None), (("--version",), {"_UBONGO_COMPLETE": "x"})],
)
def test_any_other_command_line_goes_to_the_group(args: tuple[str, ...], env: Any) -> None:
    _, modules = modules_after_run(*args, env=env)
    assert "click" in modules and "ubongo.cli._group" in modules


def test_the_entry_leaves_the_collector_on_and_what_is_left_frozen() -> None:
    """``run`` turns the garbage collector off only while click and the group load, and freezes
    what is left once the command returns, so the exit's last collection walks nothing."""
    probe = RUN.replace("import atexit,", "import gc, atexit,").replace(
        "sorted(sys.modules)", "[gc.isenabled(), gc.get_freeze_count()]"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(["sets"])], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("standard ")
    enabled, frozen = json.loads(done.stderr.splitlines()[-1])
    assert enabled and frozen > 1000  # click and the group alone leave about 16,000 objects


def test_python_m_ubongo_answers_version_under_the_commands_name() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ubongo", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith(f"ubongo, version {ubongo.__version__} (core: ")


def test_verify_loads_its_own_module_and_nothing_heavy() -> None:
    out, modules = modules_after("verify")
    assert out.endswith("combinations solvable\n")
    assert command_modules(modules) == {"sets"}
    assert not [m for m in modules if m.startswith((*HEAVY, LISTING, "ubongo.solver.symmetry"))]
    others = ("_answers", "_analysis", "_stats", "_sessions", "_pictures", "_design", "_records")
    assert "ubongo._verification" in modules  # its own results, and no other command's
    assert not modules & {f"ubongo.{m}" for m in others}


def test_the_soma_count_loads_what_it_counts_with_and_nothing_more() -> None:
    """Issue 20's whole-process count (timed by bench/bench_3d.py): the bundled piece file read
    by name, a picture on a pipe drawn without the colours, no problem-file reader."""
    soma = ("--pieces", "soma", "###/###/###", *"VLTZABP", "--height", "3", "--count")
    out, modules = modules_after("solve", *soma)
    assert out.endswith("\n11520 tilings (240 up to symmetry)\n")
    assert command_modules(modules) == {"solve"}
    unwanted = (*HEAVY, LISTING, "ubongo.puzzles.ubongo_utils")
    assert not [m for m in modules if m.startswith(unwanted)]


@pytest.mark.parametrize("home", sorted(set(HOMES.values())))
def test_each_module_holds_the_commands_the_table_says(home: str) -> None:
    """``HOMES`` and the modules' ``COMMANDS`` agree, so no command is lost or misplaced."""
    module = importlib.import_module(f"ubongo.cli.{home}")
    assert {c.name for c in module.COMMANDS} == {n for n, h in HOMES.items() if h == home}


def test_help_lists_the_commands_of_the_table() -> None:
    assert main.list_commands(click.Context(main)) == sorted(HOMES)


def test_the_version_has_one_home() -> None:
    """The installed metadata was made from ``ubongo.__version__`` (pyproject: dynamic)."""
    assert importlib.metadata.version("ubongo-lab") == ubongo.__version__


def test_importing_a_package_loads_none_of_its_modules() -> None:
    """Every package's __init__ exports lazily (solver.lazy): importing one submodule, the way
    each ``ubongo.*`` import passes through its package, loads no engine, reader or design."""
    code = (
        "import sys, ubongo.solver, ubongo.puzzles, ubongo.generator; "
        "print(sorted(m for m in sys.modules if m.startswith('ubongo')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [
        "['ubongo',",
        "'ubongo.generator',",
        "'ubongo.puzzles',",
        "'ubongo.solver',",
        "'ubongo.solver.lazy']",
    ]


def test_a_public_name_wins_over_its_home_submodule() -> None:
    """``ubongo.solver.analyze`` is the function even once the module of that name has loaded
    (the import system binds a loaded submodule on its package)."""
    code = (
        "import ubongo.solver.analyze, ubongo.solver.triage; "
        "from ubongo.solver import analyze, triage; import ubongo.solver as s; "
        "print(callable(analyze), callable(triage), callable(s.analyze), type(s.analyze).__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "function"]


@pytest.mark.parametrize("name", ["ubongo", "ubongo.solver", "ubongo.puzzles", "ubongo.generator"])
def test_a_lazy_packages_names_and_homes_agree(name: str) -> None:
    """``__all__`` is written out for type checkers beside the ``_HOME`` table the package loads
    from: the two name the same names, and each is its home module's object."""
    package = importlib.import_module(name)
    assert sorted(package.__all__) == sorted(package._HOME)
    for public, home in package._HOME.items():
        assert getattr(package, public) is getattr(importlib.import_module(home), public)
