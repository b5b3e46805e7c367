"""Faults: ``kill -9`` at fixed-seed moments while a command writes its output, and outputs
that cannot be written (a full disk, a folder that refuses writes, a closed pipe).

After a kill the output is the old file intact or a complete new one, and nothing else is
left beside it but temporary files, whose names start with ``.`` so that no glob or reader
mistakes them for output. A write that cannot happen is one clean stderr line, exit 1.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .harness import LONG, UBONGO, processes

OLD = b"old content, never to be half replaced\n"
Whole = Callable[[bytes], bool]


def delays(name: str, longest: float) -> list[float]:
    """A few moments to kill at, fixed per command (more, at random, in the long profile);
    ``longest`` is about the command's whole run, so some kills come after it is done."""
    rng = random.Random(None if LONG else f"faults:{name}")
    n = 12 if LONG else 2 if longest > 2 else 3
    return sorted(rng.uniform(0.05, longest) for _ in range(n))


def json_whole(data: bytes) -> bool:
    json.loads(data)
    return data.endswith(b"\n")


def pdf_whole(data: bytes) -> bool:
    return data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")


def xml_whole(data: bytes) -> bool:
    ET.fromstring(data)
    return True


def html_whole(data: bytes) -> bool:
    return data.rstrip().endswith(b"</html>")


def killed(args: list[str], cwd: Path, delay: float) -> None:
    """Start ``ubongo ARGS`` in ``cwd`` and SIGKILL it after ``delay`` seconds (if still on)."""
    proc = subprocess.Popen(
        [UBONGO, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    time.sleep(delay)
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)


def old_or_whole(path: Path, whole: Whole) -> str:
    """``old`` or ``new``: what a killed write left at ``path``; fails on anything else."""
    data = path.read_bytes()
    if data == OLD:
        return "old"
    assert whole(data), (path, data[:80], data[-80:])
    return "new"


def only_temporaries(folder: Path, outputs: set[str]) -> None:
    """Nothing in ``folder`` but the outputs and dot-named temporary files."""
    stray = {p.name for p in folder.iterdir()} - outputs
    assert all(name.startswith(".") for name in stray), stray


FILE_WRITERS = [
    ("generate", ["generate", "--templates", "36", "-q", "-o", "out"], json_whole, 6.0),
    ("pdf", ["render", "standard", "--pdf", "out", "-q"], pdf_whole, 7.0),
    ("solve-svg", ["solve", "07", "hard", "3", "--svg", "out"], xml_whole, 0.6),
]


@pytest.mark.parametrize(
    ("args", "whole", "delay"),
    [
        (args, whole, d)
        for name, args, whole, longest in FILE_WRITERS
        for d in delays(name, longest)
    ],
    ids=[f"{name}-{d:.2f}s" for name, _, _, longest in FILE_WRITERS for d in delays(name, longest)],
)
def test_a_killed_write_leaves_the_old_file_or_the_whole_new_one(
    tmp_path: Path, args: list[str], whole: Whole, delay: float
) -> None:
    out = tmp_path / "out"
    out.write_bytes(OLD)
    killed(args, tmp_path, delay)
    old_or_whole(out, whole)
    only_temporaries(tmp_path, {"out"})


@pytest.mark.parametrize("delay", delays("html", 1.5))
def test_a_killed_page_write(tmp_path: Path, delay: float) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_bytes(OLD)
    killed(["render", "standard", "--html", "site", "-q"], tmp_path, delay)
    page = old_or_whole(site / "index.html", html_whole)
    app = {"icon.svg", "icon-192.png", "icon-512.png", "manifest.webmanifest", "sw.js"}
    only_temporaries(site, {"index.html", *app})
    # the worker is written last: a browser that sees a new one finds the new page
    assert page == "new" or not (site / "sw.js").exists()
    only_temporaries(tmp_path, {"site"})


@pytest.mark.parametrize("delay", delays("svg", 1.5))
def test_killed_svg_writes(tmp_path: Path, delay: float) -> None:
    folder = tmp_path / "svg"
    folder.mkdir()
    for name in ("01-easy.svg", "18-hard.svg", "36-hard.svg"):
        (folder / name).write_bytes(OLD)
    killed(["render", "standard", "--svg", "svg", "-q"], tmp_path, delay)
    outputs = {p.name for p in folder.iterdir() if not p.name.startswith(".")}
    assert all(name.endswith(".svg") for name in outputs), outputs
    for name in outputs:
        old_or_whole(folder / name, xml_whole)
    only_temporaries(tmp_path, {"svg"})


# --- outputs that cannot be written ---------------------------------------------------------

STDOUT_WRITERS = [
    ["verify", "sample", "--json"],
    ["generate", "--templates", "1", "-q"],
    ["pieces"],
    ["show", "sample", "01"],
    ["simulate", "ubongo", "-p", "3", "--seed", "1", "-n", "50"],
    ["solve", "--batch", "-"],
    ["score", "-", "--csv"],
    ["stats", "sample"],
]
BATCH = b'{"id": "a", "figure": "##", "pieces": ["I2"]}\n' * 50


def sessions() -> bytes:
    args = [UBONGO, "simulate", "jaipur", "-p", "2", "--seed", "1", "-n", "50"]
    return subprocess.run(args, capture_output=True, check=True).stdout


def stdin_for(args: list[str]) -> bytes:
    return BATCH if "--batch" in args else sessions() if args[0] == "score" else b""


@pytest.mark.parametrize("args", STDOUT_WRITERS, ids=lambda a: a[0] + "-" + a[-1])
def test_stdout_on_a_full_disk(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([UBONGO, *args], input=stdin_for(args), stdout=full, stderr=-1)
    assert done.returncode == 1
    assert done.stderr.decode() == "ubongo: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", STDOUT_WRITERS, ids=lambda a: a[0] + "-" + a[-1])
def test_stdout_into_a_closed_pipe(args: list[str]) -> None:
    command = subprocess.list2cmdline([UBONGO, *args])
    shell = subprocess.Popen(
        ["bash", "-o", "pipefail", "-c", f"{command} | head -c 1 >/dev/null"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    _, err = shell.communicate(stdin_for(args), timeout=120)
    assert shell.returncode in (0, 1) and err == b"", err  # 0: it all fitted in the pipe


FOLDER_WRITERS = [
    ["generate", "--templates", "1", "-q", "-o", "locked/set.json"],
    ["render", "sample", "--pdf", "locked/cards.pdf"],
    ["render", "sample", "--html", "locked/site"],
    ["render", "sample", "--svg", "locked"],
    ["render", "sample", "--html", "locked"],
    ["solve", "##", "I2", "--svg", "locked/x.svg"],
]


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody can write in: immutable (as root) or read-only."""
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
        pytest.skip("chattr +i is not allowed here")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


@pytest.mark.parametrize("args", FOLDER_WRITERS, ids=lambda a: a[0] + "-" + a[-2])
def test_a_folder_that_refuses_writes(tmp_path: Path, locked: Path, args: list[str]) -> None:
    done = subprocess.run([UBONGO, *args], cwd=tmp_path, capture_output=True)
    lines = done.stderr.decode().splitlines()
    assert done.returncode == 1 and len(lines) == 1, done.stderr
    assert lines[0].startswith(f"ubongo {args[0]}: ") and "locked" in lines[0], lines
    assert "cannot" in lines[0], lines
    assert list(locked.iterdir()) == []


# --- a pool worker killed (issue 26) ------------------------------------------------------------

DIED = "a worker process died (killed, or out of memory)"
WORKER_RUNS = {
    "score-csv": (["score", "s.jsonl", "--csv", "-j", "2"], f"ubongo score: {DIED}: s.jsonl from"),
    "score-jsonl": (["score", "s.jsonl", "--jsonl", "-j", "2"], f"ubongo score: {DIED}: s.jsonl"),
    "generate": (["generate", "--templates", "12", "-j", "2", "-q"], f"ubongo generate: {DIED}"),
}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("name", sorted(WORKER_RUNS))
@pytest.mark.parametrize("index", range(12 if LONG else 2))
def test_a_pool_worker_killed_at_any_moment(tmp_path: Path, name: str, index: int) -> None:
    """SIGKILL to one worker a moment after the pool starts (2 of 15 ``score --csv -j 2`` runs
    hung so, the others gave a traceback): the command ends within a minute, in one line and
    exit 1, or it had finished (exit 0)."""
    args, line = WORKER_RUNS[name]
    (tmp_path / "s.jsonl").write_bytes(sessions() * 200)  # 10,000 lines
    proc = subprocess.Popen(
        [UBONGO, *args], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        workers: list[int] = []
        for _ in range(600):  # the pool starts with the second block, or the first search
            workers = processes(1, proc.pid)
            if len(workers) == 2 or proc.poll() is not None:
                break
            time.sleep(0.02)
        time.sleep(delays(f"{name}:{index}", 1.0)[0])
        if workers:
            with contextlib.suppress(ProcessLookupError):  # ended with the pool meanwhile
                os.kill(workers[index % 2], signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = err.decode()
    assert "Traceback" not in text and proc.returncode in (0, 1), text
    if proc.returncode == 1:
        assert len(text.splitlines()) == 1 and text.startswith(line), text
