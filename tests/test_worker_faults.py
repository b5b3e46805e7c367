"""Pool workers that die (issue 26): ``score -j 2`` and ``generate -j 2`` end in one line and
exit 1 when a worker is killed (as the out-of-memory killer would), never a traceback and never
a hang; the pool's watchdog fails the work even when the pool's own thread is stuck. Workers
killed from outside, at random moments, are in the fault suite (tests/fuzz/test_faults.py).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ubongo.cli import main

UBONGO = str(Path(sys.executable).parent / "ubongo")
DIED = "a worker process died (killed, or out of memory)"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _one_line(err: str) -> str:
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err.strip()


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """5,000 Ubongo sessions: five blocks of --jsonl, fifty of the other outputs."""
    path = tmp_path_factory.mktemp("workers") / "s.jsonl"
    code, out, err = _run("simulate", "ubongo", "-p", "3", "--seed", "3", "-n", "5000")
    assert code == 0, err
    path.write_text(out)
    return path


from ubongo.generator.design import search as real_search  # noqa: E402
from ubongo.scoring.report import block_lines, block_outcomes  # noqa: E402


def _dies_at_line_3001(block: list[tuple[int, str | None]]) -> None:
    """Kill this worker (SIGKILL) when it is given the block at line 3001."""
    if block[0][0] == 3001:
        os.kill(os.getpid(), signal.SIGKILL)


def dying_block_lines(name: str, block: list[tuple[int, str | None]], **kwargs: Any) -> Any:
    """``block_lines`` in a worker killed at line 3001 (module level: the pool pickles it)."""
    _dies_at_line_3001(block)
    return block_lines(name, block, **kwargs)


def dying_block_outcomes(name: str, block: list[tuple[int, str | None]], **kwargs: Any) -> Any:
    """``block_outcomes`` in a worker killed at line 3001."""
    _dies_at_line_3001(block)
    return block_outcomes(name, block, **kwargs)


@pytest.mark.parametrize(
    ("fmt", "task"),
    [(["--jsonl"], "block_lines"), (["--csv"], "block_outcomes"), ([], "block_outcomes")],
)
def test_a_killed_score_worker_is_one_line_naming_where_scoring_stopped(
    sessions: Path, monkeypatch: pytest.MonkeyPatch, fmt: list[str], task: str
) -> None:
    import ubongo.scoring.report as report

    monkeypatch.setattr(report, task, globals()[f"dying_{task}"])
    out = sessions.parent / "out.txt"
    out.write_text("before\n")
    code, _, err = _run("score", str(sessions), *fmt, "-j", "2", "-o", str(out))
    assert code == 1
    line = _one_line(err)
    assert line.startswith(f"ubongo score: {DIED}: {sessions} from line ")
    assert line.endswith(" on was not scored; nothing more was done")
    assert int(line.split(" from line ")[1].split()[0]) <= 3001
    assert out.read_text() == "before\n"  # -o is replaced only by a whole output


def dying_search(task: Any) -> Any:
    """The generator's search task, in a worker killed on slot 3."""
    if task.slot.index == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return real_search(task)


def test_a_killed_generate_worker_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import ubongo.generator.design as design

    monkeypatch.setattr(design, "search", dying_search)
    code, out, err = _run("generate", "--templates", "4", "--seed", "1", "-j", "2", "-q")
    assert code == 1 and out == ""
    assert _one_line(err) == f"ubongo generate: {DIED}; nothing more was done"


def _square(n: int) -> int:
    return n * n


def _die(_: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return 0


def test_the_watchdog_fails_the_work_when_the_pools_thread_is_stuck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A worker killed halfway through sending its result leaves the pool's thread reading for
    ever: stand in for that with a thread that never looks, and the futures still fail."""
    import concurrent.futures.process as process

    from ubongo.cli._pool import Pool

    release = threading.Event()
    real = process._ExecutorManagerThread.wait_result_broken_or_wakeup

    def stuck(self: Any) -> Any:
        release.wait()  # until the test ends: then the thread may see what happened
        return real(self)

    monkeypatch.setattr(process._ExecutorManagerThread, "wait_result_broken_or_wakeup", stuck)
    pool = Pool(max_workers=2)
    try:
        doomed = pool.submit(_die, 0)
        with pytest.raises(BrokenProcessPool):
            doomed.result(timeout=60)
        with pytest.raises(BrokenProcessPool):
            pool.submit(_square, 3)
    finally:
        release.set()
        pool.shutdown(wait=True, cancel_futures=True)


def test_a_pool_whose_workers_live_is_left_alone() -> None:
    from ubongo.cli._pool import GRACE, WATCH_EVERY, Pool

    with Pool(max_workers=2) as pool:
        first = [pool.submit(_square, n) for n in range(4)]
        time.sleep(WATCH_EVERY * 2 + GRACE)  # the watchdog looks a few times meanwhile
        assert [f.result() for f in first] == [0, 1, 4, 9]
        assert pool.submit(_square, 5).result() == 25
