"""Ctrl-C at any moment of any command (issue 19): one line on stderr, exit 130, no traceback
from any process, no partial or temporary file, no process left behind.

Each command runs as ``ubongo`` in a session of its own and gets SIGINT at a seeded moment,
sent to its whole process group as a terminal's Ctrl-C is (workers included). The first
moment of each command falls in its first 300 ms, while click, the commands and OR-Tools
load. A command that finished first must have exited 0 with the whole, right output.

Python's own start-up (``site``: some 30 ms, more with an editable install) runs before any of
the program's code, and Ctrl-C there is the interpreter's. The runs tell the two apart without
looking at a clock: they run with ``PYTHONPROFILEIMPORTTIME``, whose stderr lines show whether
``ubongo.cli._interrupts`` (which takes SIGINT over) had been imported whole. A run interrupted
before that must still leave no file and no process behind; and a test below checks that the
module is loaded before anything else of the program.

``UBONGO_INTERRUPTS=SEED`` draws more moments per command, from that seed (one seed for every
pytest-xdist worker, which must all collect the same cases).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

UBONGO = str(Path(sys.executable).parent / "ubongo")
ROOT = Path(__file__).resolve().parent.parent
SEED = os.environ.get("UBONGO_INTERRUPTS")
PENTOMINOES = str(ROOT / "examples" / "pentominoes.json")
NAMES = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"]
NOTCHED = ".#######/.#######/.#######/########/########/########/########/#######."
"""An 8x8 square less four cells, with no symmetry: 10600 tilings, some 6 s to count."""
LINE = re.compile(r"ubongo( [a-z]+){0,2}: interrupted \(Ctrl-C\); nothing more was done")
LOADED = "ubongo.cli._interrupts"
SESSIONS = 50_000  # score -j 2 takes a few seconds over them

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads process groups from /proc"
)


@dataclass(frozen=True)
class Command:
    """A command, the outputs it writes in its folder, and how long it runs at most (s);
    ``streams``: its stdout is written as it goes, so an interrupted run leaves some."""

    name: str
    args: tuple[str, ...]
    outputs: tuple[str, ...]
    span: float
    streams: bool = False


COMMANDS = [
    Command(
        "solve-cpsat",
        ("solve", "--engine", "cpsat", "--pieces", PENTOMINOES, NOTCHED, *NAMES, "--count"),
        (),
        3.0,
    ),
    Command(
        "solve-bitboard",
        ("solve", "--engine", "bitboard", "--pieces", PENTOMINOES, NOTCHED, *NAMES, "--count"),
        (),
        3.0,
    ),
    Command(
        "score-j2", ("score", "-j", "2", "--jsonl", "sessions.jsonl", "-o", "out"), ("out",), 2.5
    ),
    # the tables are written as the scores come: Ctrl-C lands in the writer while the pool's
    # generator waits, suspended
    Command("score-j2-tables", ("score", "-j", "2", "sessions.jsonl"), (), 2.5, streams=True),
    Command(
        "generate", ("generate", "--templates", "36", "-j", "2", "-q", "-o", "out"), ("out",), 2.5
    ),
    Command("render-pdf", ("render", "standard", "--pdf", "out", "-q"), ("out",), 2.0),
    Command("render-svg", ("render", "standard", "--svg", "svg", "-q"), ("svg",), 0.6),
    Command("render-html", ("render", "standard", "--html", "site", "-q"), ("site",), 1.2),
    Command(
        "atlas-build",
        ("atlas", "build", "--frame", "3x4", "--areas", "5-12", "-j", "2", "-o", "a.duckdb", "-q"),
        ("a.duckdb", "a.duckdb.shards"),
        1.2,
    ),
    # a query of minutes: DuckDB does not see the program's Ctrl-C while it executes
    Command(
        "atlas-sql",
        ("atlas", "sql", "4x5", "SELECT count(*) FROM figures a, figures b, figures c"),
        (),
        3.0,
    ),
    # DuckDB folds this constant while it binds, deaf to its interrupt for 46 s
    Command("atlas-sql-folded", ("atlas", "sql", "4x5", "SELECT len(range(100000000))"), (), 3.0),
    # Dask's LocalCluster starts its workers from its own thread: they must not see Ctrl-C
    Command(
        "atlas-build-dask",
        ("atlas", "build", "--frame", "4x5", "--dask", "local", "-j", "2", "-o", "a.duckdb", "-q"),
        ("a.duckdb", "a.duckdb.shards"),
        3.0,
    ),
]


def moments(command: Command) -> list[float]:
    """When to press Ctrl-C: once while the program loads, then over the command's run."""
    rng = random.Random(f"interrupts:{command.name}:{SEED or ''}")
    later = 2 if SEED is None else 8
    return [rng.uniform(0.0, 0.3)] + sorted(rng.uniform(0.3, command.span) for _ in range(later))


CASES = [(c, m) for c in COMMANDS for m in moments(c)]


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """JSON Lines of many Ubongo sessions: a short simulation, repeated."""
    args = [UBONGO, "simulate", "ubongo", "-p", "3", "--seed", "1", "-n", "1000"]
    block = subprocess.run(args, capture_output=True, check=True).stdout
    return block * (SESSIONS // 1000)


@dataclass
class Run:
    code: int
    out: bytes
    err: list[str]
    loaded: bool  # the program had taken over SIGINT when it came


def interrupted(command: Command, delay: float, folder: Path) -> Run:
    """Run the command in ``folder`` and press Ctrl-C for its process group after ``delay``."""
    env = {**os.environ, "PYTHONPROFILEIMPORTTIME": "1"}
    with (folder / ".stdout").open("w+b") as out, (folder / ".stderr").open("w+b") as err:
        proc = subprocess.Popen(
            [UBONGO, *command.args],
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            env=env,
            start_new_session=True,
        )
        time.sleep(delay)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        code = proc.wait(timeout=120)
        no_process_left(proc.pid)
        out.seek(0)
        err.seek(0)
        lines = err.read().decode(errors="replace").splitlines()
        stdout = out.read()
    (folder / ".stdout").unlink()
    (folder / ".stderr").unlink()
    times = [line for line in lines if line.startswith("import time:")]
    rest = [line for line in lines if line not in times]
    return Run(code, stdout, rest, took_over(times))


def took_over(times: list[str]) -> bool:
    """Whether ``ubongo.cli._interrupts`` was imported whole, from the import-time lines.

    Python writes a module's line when its import ends, also when Ctrl-C ended it; so the
    proof is a later line as deep (or deeper): an import that began after it succeeded. Any
    line for click (which the CLI cannot start without) counts too, so that a program which
    took Ctrl-C over late, or never, is held to the same checks.
    """
    imports = [line.rsplit("|", 1)[1][1:] for line in times]
    depths = [(len(i) - len(i.lstrip()), i.strip()) for i in imports]
    names = [name for _, name in depths]
    if any(name.split(".")[0] == "click" for name in names):
        return True
    if LOADED not in names:
        return False
    at = names.index(LOADED)
    return any(depth >= depths[at][0] for depth, _ in depths[at + 1 :])


def group_members(pgid: int) -> list[str]:
    """The processes of a process group that still run (zombies are already ended)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended while being read
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            members.append(stat.parent.name)
    return members


def no_process_left(pgid: int) -> None:
    """Every process of the group ends soon after the command's own (workers terminate)."""
    for _ in range(100):
        if not group_members(pgid):
            return
        time.sleep(0.1)
    left = group_members(pgid)
    for pid in left:
        os.kill(int(pid), signal.SIGKILL)
    raise AssertionError(f"processes left running after the command: {left}")


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by relative path."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def prepare(command: Command, folder: Path, sessions: bytes) -> None:
    if "sessions.jsonl" in command.args:
        (folder / "sessions.jsonl").write_bytes(sessions)


@cache
def reference(name: str, sessions: bytes, root: str) -> tuple[bytes, dict[str, bytes]]:
    """What the command writes when left alone: its stdout and its output files."""
    command = next(c for c in COMMANDS if c.name == name)
    folder = Path(root) / f"reference-{name}"
    folder.mkdir()
    prepare(command, folder, sessions)
    done = subprocess.run([UBONGO, *command.args], cwd=folder, capture_output=True, check=True)
    return done.stdout, outputs(command, folder)


def outputs(command: Command, folder: Path) -> dict[str, bytes]:
    """The command's output files (the atlas database by name only: DuckDB's bytes vary)."""
    found = {k: v for k, v in files(folder).items() if k.split("/")[0] in command.outputs}
    return {k: b"" if k.endswith(".duckdb") else v for k, v in found.items()}


def whole(name: str, data: bytes) -> bool:
    """Whether a file left by an interrupted run is complete in itself."""
    if name.endswith(".svg"):
        ET.fromstring(data)
        return True
    if name.endswith(".parquet"):
        return data.startswith(b"PAR1") and data.endswith(b"PAR1")
    if name.endswith("manifest.json"):
        return isinstance(json.loads(data), dict)
    if name.startswith("site/"):  # the page's files are written as one, Ctrl-C deferred
        return _whole_site_file(name, data)
    return False


def _whole_site_file(name: str, data: bytes) -> bool:
    """Whether one of the files of ``render --html`` is complete in itself."""
    if name.endswith(".html"):
        return data.rstrip().endswith(b"</html>")
    if name.endswith(".png"):
        return data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82")
    if name.endswith(".webmanifest"):
        return isinstance(json.loads(data), dict)
    return name.endswith("sw.js") and data.rstrip().endswith(b"});")


def check_interrupted(command: Command, run: Run, folder: Path) -> None:
    """Exit 130, the one line, nothing on stdout; only whole files of a resumable kind left."""
    assert run.code == 130, (run.code, run.err)
    assert len(run.err) == 1 and LINE.fullmatch(run.err[0]), run.err
    assert command.streams or run.out == b""
    left = outputs(command, folder)
    for name, data in left.items():
        assert whole(name, data), f"{name} left by an interrupted run"
    assert "a.duckdb" not in left  # the atlas appears only whole, at the very end


def check_finished(command: Command, run: Run, folder: Path, expected: Callable[[], tuple]) -> None:
    """Exit 0 and everything the command writes when left alone."""
    assert run.code == 0 and run.err == [], (run.code, run.err)
    out, written = expected()
    assert run.out == out
    assert outputs(command, folder) == written


@pytest.mark.parametrize(("command", "delay"), CASES, ids=[f"{c.name}-{d:.2f}s" for c, d in CASES])
def test_ctrl_c_at_any_moment(
    tmp_path: Path, sessions: bytes, command: Command, delay: float
) -> None:
    if "--dask" in command.args:
        pytest.importorskip("distributed", reason="--dask needs the cluster extra")
    folder = tmp_path / "run"
    folder.mkdir()
    prepare(command, folder, sessions)
    run = interrupted(command, delay, folder)
    hidden = [name for name in files(folder) if any(p.startswith(".") for p in name.split("/"))]
    assert hidden == [], f"temporary files left: {hidden}"
    if not run.loaded:  # Ctrl-C during the interpreter's start-up, before the program's code
        assert run.code != 0 and outputs(command, folder) == {}
        return
    if run.code == 0:
        check_finished(
            command, run, folder, lambda: reference(command.name, sessions, str(tmp_path))
        )
    else:
        check_interrupted(command, run, folder)


def test_the_program_takes_over_ctrl_c_before_anything_else_loads() -> None:
    """Only the interpreter's start-up and the package's own first module (with the lazy-exports
    helper it is built on, which imports nothing of ours) come before it."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import ubongo.cli"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = [line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if "|" in line]
    before = names[: names.index("ubongo.cli._interrupts")]
    first = {"ubongo.solver", "ubongo.solver.lazy"}
    loaded = [n for n in before if n.startswith(("click", "ubongo.", "ortools", "numpy"))]
    assert set(loaded) <= first


# --- the mechanism, in this process ---------------------------------------------------------


@pytest.fixture
def ctrl_c() -> Iterator[Callable[[], None]]:
    """Press Ctrl-C as the program's handler sees it; forgotten after the test."""
    from ubongo.cli import _interrupts

    yield lambda: _interrupts._on_sigint(signal.SIGINT, None)
    _interrupts._state.update(seen=False, pending=False, deferring=False)


def test_an_error_that_ctrl_c_caused_is_told_as_the_interruption(ctrl_c) -> None:
    """OR-Tools' module fails as ImportError when Ctrl-C cuts its loading short."""
    from ubongo.cli._common import Interrupted, told_as_interrupted

    with pytest.raises(Interrupted), told_as_interrupted():
        try:
            ctrl_c()
        except KeyboardInterrupt:
            raise ImportError("initialization failed") from None


def test_a_block_that_swallowed_ctrl_c_still_ends_interrupted(ctrl_c) -> None:
    from ubongo.cli._common import Interrupted, told_as_interrupted

    with pytest.raises(Interrupted), told_as_interrupted(), contextlib.suppress(KeyboardInterrupt):
        ctrl_c()


def test_a_deferred_ctrl_c_is_raised_as_the_block_ends(ctrl_c) -> None:
    from ubongo.cli import _interrupts

    done = []
    with pytest.raises(KeyboardInterrupt), _interrupts.deferred():
        ctrl_c()
        done.append("the rest of the block")
    assert done == ["the rest of the block"]
