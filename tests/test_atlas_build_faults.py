"""``atlas build`` when things go wrong (issue 26): a worker killed, two builds into one output,
a full disk, a Dask address that is none, a ``find --limit`` past 64 bits. Each is one line on
stderr and exit 1 (never a traceback, never a hang), and what was finished stays resumable.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzz.harness import processes  # the running processes of a parent or group

from ubongo.cli import main
from ubongo.puzzles.atlas.build import Rows, Task, build_shard

UBONGO = str(Path(sys.executable).parent / "ubongo")
SMALL = ("atlas", "build", "--frame", "3x4", "--areas", "5-12", "-q")


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _one_line(err: str) -> str:
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


def _tables(out: Path) -> list[str]:
    code, text, err = _run("atlas", "sql", str(out), "SELECT * FROM puzzles ORDER BY ALL", "--json")
    assert code == 0, err
    return text.splitlines()


# --- a worker that dies -----------------------------------------------------------------------


def dies_on_shard_2(task: Task) -> Rows:
    """The task function, except that the worker building shard 2 is killed (SIGKILL) as the
    kernel's out-of-memory killer would."""
    if task.shard.index == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return build_shard(task)


def test_a_killed_pool_worker_is_one_line_and_the_build_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ubongo.puzzles.atlas.build as build

    out = tmp_path / "a.duckdb"
    monkeypatch.setattr(build, "build_shard", dies_on_shard_2)  # the pool's workers are forked
    code, _, err = _run(*SMALL, "-j", "2", "-o", str(out))
    assert code == 1 and not out.exists(), err
    line = _one_line(err)
    assert line.startswith("ubongo atlas build: a worker process died (killed, or out of memory)")
    assert "run the same command again to go on" in line
    manifest = json.loads(Path(f"{out}.shards", "manifest.json").read_text())
    assert 2 not in manifest["done"]
    monkeypatch.setattr(build, "build_shard", build_shard)
    code, _, err = _run(*SMALL, "-j", "2", "-o", str(out))
    assert code == 0, err
    clean = tmp_path / "clean.duckdb"
    assert _run(*SMALL, "-o", str(clean))[0] == 0
    assert _tables(out) == _tables(clean)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")
def test_a_worker_killed_from_outside_ends_the_build_in_one_line(tmp_path: Path) -> None:
    """The attack as the issue ran it: SIGKILL to a worker of a running build. No hang (the
    build ends within a minute), exit 1, one line, no process left."""
    out = tmp_path / "a.duckdb"
    args = [UBONGO, "atlas", "build", "--frame", "4x5", "-j", "2", "-o", str(out), "-q"]
    proc = subprocess.Popen(args, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers: list[int] = []
        for _ in range(600):  # the pool starts its workers with the first shard
            workers = processes(1, proc.pid)
            if len(workers) == 2 or proc.poll() is not None:
                break
            time.sleep(0.05)
        assert len(workers) == 2, "the build ended before its workers could be found"
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 1, text
    assert _one_line(text).startswith("ubongo atlas build: a worker process died")
    assert not out.exists()
    for _ in range(100):  # the pool's other worker ends too
        if not processes(2, proc.pid):
            break
        time.sleep(0.1)
    assert processes(2, proc.pid) == []


# --- two builds into one output ---------------------------------------------------------------


def test_a_build_refuses_a_shard_folder_another_build_holds(tmp_path: Path) -> None:
    """The folder locked as a running build locks it: the second build refuses at once."""
    import fcntl

    out = tmp_path / "a.duckdb"
    folder = Path(f"{out}.shards")
    folder.mkdir()
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        code, _, err = _run(*SMALL, "-o", str(out))
    finally:
        os.close(fd)
    assert code == 1, err
    assert "another atlas build is writing into this folder" in _one_line(err)
    assert list(folder.iterdir()) == [] and not out.exists()
    assert _run(*SMALL, "-o", str(out))[0] == 0  # and builds once the lock is free


def test_two_builds_with_other_options_into_one_output_never_mix(tmp_path: Path) -> None:
    """Started together: one builds, the other refuses in one line (the lock, or the first's
    manifest when it came later), and the atlas is the first's alone."""
    out = tmp_path / "a.duckdb"
    runs = {
        "5-12": [UBONGO, *SMALL, "-o", str(out)],
        "6-12": [UBONGO, *SMALL[:5], "6-12", "-q", "-o", str(out)],
    }
    procs = {k: subprocess.Popen(v, stderr=subprocess.PIPE) for k, v in runs.items()}
    done = {k: (p.wait(timeout=120), p.stderr.read().decode()) for k, p in procs.items()}
    for p in procs.values():
        p.stderr.close()
    codes = sorted(code for code, _ in done.values())
    assert codes == [0, 1], done
    winner = next(k for k, (code, _) in done.items() if code == 0)
    loser = next(err for code, err in done.values() if code == 1)
    assert "another atlas build is writing" in loser or "other options" in _one_line(loser)
    alone = tmp_path / "alone.duckdb"
    assert _run(*SMALL[:5], winner, "-q", "-o", str(alone))[0] == 0
    assert _tables(out) == _tables(alone)


# --- a full disk --------------------------------------------------------------------------------


def test_a_full_disk_while_duckdb_writes_a_shard_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DuckDB's own ENOSPC, for real: the shard's temporary name is /dev/full."""
    import ubongo.cli.atlas as cli_atlas

    @contextmanager
    def full(path: str) -> Iterator[str]:
        yield "/dev/full"

    monkeypatch.setattr(cli_atlas, "atomic_path", full)
    out = tmp_path / "a.duckdb"
    code, _, err = _run(*SMALL, "-o", str(out))
    assert code == 1 and not out.exists(), err
    shard = Path(f"{out}.shards", "figures-00000.parquet")
    want = f'ubongo atlas build: {shard}: cannot write: Could not write file "/dev/full": No space'
    assert _one_line(err).startswith(want), err


@pytest.mark.parametrize("victim", ["figures-00001.parquet", "manifest.json", "a.duckdb"])
def test_a_full_disk_at_any_write_is_one_line_and_resumable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, victim: str
) -> None:
    """ENOSPC from the sync of one file the build writes (a shard, the manifest, the atlas):
    one line naming it, exit 1, no file left half-written, and the build goes on afterwards."""
    real = os.fsync

    def fsync(fd: int) -> None:
        if os.path.basename(os.readlink(f"/proc/self/fd/{fd}")).startswith(f".{victim}."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    out = tmp_path / "a.duckdb"
    code, _, err = _run(*SMALL, "-o", str(out))
    assert code == 1 and not out.exists(), err
    assert _one_line(err).endswith(": cannot write: No space left on device\n"), err
    assert victim in err
    hidden = [p.name for p in tmp_path.rglob(".*")]
    assert hidden == []
    monkeypatch.setattr(os, "fsync", real)
    assert _run(*SMALL, "-o", str(out))[0] == 0


# --- small ones -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("not a url", "not a usable cluster address (missing port number"),
        ("", "not a usable cluster address"),
        ("http://x", "not a usable cluster address (unknown address scheme 'http'"),
        ("tcp://127.0.0.1:1", "cannot reach the cluster"),
    ],
)
def test_a_dask_address_that_is_none_is_one_line(
    tmp_path: Path, address: str, message: str
) -> None:
    pytest.importorskip("distributed", reason="Dask is the optional 'cluster' extra")
    code, _, err = _run(*SMALL, "-o", str(tmp_path / "a.duckdb"), "--dask", address)
    assert code == 1 and message in _one_line(err), err


@pytest.mark.parametrize("limit", [2**63 - 1, 2**63, 10**40])
def test_find_takes_a_limit_past_64_bits_as_every_figure(limit: int) -> None:
    code, out, err = _run("atlas", "find", "--area", "18", "--limit", str(limit), "--json")
    assert code == 0 and err == "", err
    assert len(json.loads(out)) == 30  # every figure of 18 cells in the 4x5 frame


def test_names_and_queries_that_are_not_utf8_are_one_line(tmp_path: Path) -> None:
    """A command line may hold any bytes (as lone surrogates); DuckDB takes only UTF-8."""
    from ubongo.puzzles.atlas import bundled_atlas

    odd = tmp_path / "\udcff.duckdb"
    with bundled_atlas() as path:
        odd.write_bytes(Path(path).read_bytes())
    code, _, err = _run("atlas", "stats", str(odd))
    assert code == 1 and "DuckDB takes only UTF-8 file names" in _one_line(err)
    code, _, err = _run(*SMALL, "-o", str(tmp_path / "\udcffb.duckdb"))
    assert code == 1 and "DuckDB takes only UTF-8 file names" in _one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == [odd.name]  # no shard folder
    code, _, err = _run("atlas", "sql", "SELECT '\udcff'")
    assert code == 1 and err == "ubongo atlas sql: the query is not UTF-8 text (character 9)\n"
