"""Memory stays flat with the input: ``score`` and ``solve --batch`` stream (issue 9).

Peak memory is measured in a child process (``ru_maxrss`` of the child alone), once for an
input and once for an input four times as long: the peak must not grow with the input.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

UBONGO = str(Path(sys.executable).parent / "ubongo")


def peak_kib(args: list[str], program: str = UBONGO) -> int:
    """The peak resident memory of ``ubongo ARGS`` (or ``program ARGS``) in KiB, its output
    thrown away. Measured as a child of a fresh Python: the peak survives exec on Linux, so a
    child of the test process would start at the test process's peak."""
    code = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run([sys.executable, "-c", code, program, *args], capture_output=True)
    return int(done.stdout)


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("sessions")
    one = subprocess.run(
        [
            UBONGO,
            "simulate",
            "ubongo",
            "-p",
            "4",
            "--seed",
            "1",
            "-n",
            "300",
            "--date",
            "2026-11-20",
        ],
        capture_output=True,
        check=True,
    ).stdout
    small, large = folder / "small.jsonl", folder / "large.jsonl"
    small.write_bytes(one * 4)  # 1,200 lines: two blocks, so -j 2 starts its pool for both
    large.write_bytes(one * 16)
    return small, large


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize(
    "fmt",
    [[], ["--json", "--summary"], ["--csv"], ["--export", "bgstats"], ["--export", "bgg"]],
    ids=["table", "json", "csv", "bgstats", "bgg"],
)
def test_score_memory_does_not_grow_with_the_sessions(
    sessions: tuple[Path, Path], fmt: list[str], workers: str
) -> None:
    """The peak of the largest process (with -j 2: the main one or a worker)."""
    small, large = sessions
    base = peak_kib(["score", str(small), *fmt, "-j", workers])
    four = peak_kib(["score", str(large), *fmt, "-j", workers])
    assert four < base * 1.25 + 8 * 1024, (base, four)


def test_batch_memory_does_not_grow_with_the_lines(tmp_path: Path) -> None:
    line = json.dumps({"figure": ["###", "##."], "pieces": ["I2", "L3"]}) + "\n"
    small, large = tmp_path / "s.jsonl", tmp_path / "l.jsonl"
    small.write_text(line * 1000)
    large.write_text(line * 4000)
    base = peak_kib(["solve", "--batch", str(small)])
    four = peak_kib(["solve", "--batch", str(large)])
    assert four < base * 1.25 + 8 * 1024, (base, four)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss > 0


def test_memoised_counts_leave_no_table_behind() -> None:
    """A count by orbits runs one memoised count per rest (1,461 on the pentominoes' 5x12): each
    count's table goes when it returns, not when the cycle collector next runs, so the peak
    stays that of one table (the pure-Python 5x12 count peaked at 1.0 GiB, now 51 MiB)."""
    code = (
        "from ubongo.solver import STANDARD, Puzzle, parse_figure\n"
        "from ubongo.solver.bitboard import compile_puzzle, count_memo\n"
        "p = compile_puzzle(Puzzle(parse_figure(['###', '##.']), STANDARD.resolve(['I2', 'L3'])))\n"
        "assert {count_memo(p) for _ in range(25)} == {2}\n"
    )
    peak = peak_kib(["-c", code], sys.executable)
    assert 0 < peak < 100 * 1024, peak  # 28 MiB; 249 MiB when the tables stayed


@pytest.fixture(scope="module")
def long_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 Ubongo sessions of half a megabyte each (a long id), 150 MB: below the record limit."""
    one = subprocess.run(
        [UBONGO, "simulate", "ubongo", "-p", "3", "--seed", "2", "-n", "300"],
        capture_output=True,
        check=True,
    ).stdout.decode()
    path = tmp_path_factory.mktemp("long") / "long.jsonl"
    with path.open("w") as fh:
        for i, line in enumerate(one.splitlines()):
            fh.write(json.dumps({**json.loads(line), "id": f"{i}-" + "x" * 500_000}) + "\n")
    return path


@pytest.mark.parametrize("workers", ["1", "2"])
def test_score_memory_is_bounded_by_the_longest_record(long_records: Path, workers: str) -> None:
    """Blocks of 1,000 lines of such records took 2.0 GB (-j 1) and 2.6 GB (-j 2) before a
    block held at most a megabyte of text (issue 26); now some 40 MB. The bound is generous."""
    assert peak_kib(["score", "--jsonl", str(long_records), "-j", workers]) < 250 * 1024


def test_a_document_read_whole_is_refused_past_64_mib_without_holding_it(tmp_path: Path) -> None:
    """A 263 MB JSON array was read whole (2.8 GB, 141 s) though larger files are refused."""
    record = json.dumps({"game": "ubongo", "id": "x" * 1000})
    path = tmp_path / "array.json"
    with path.open("w") as fh:
        fh.write("[\n")
        for _ in range(66 * 1024):  # 66 MiB and a little
            fh.write(record + ",\n")
        fh.write(record + "\n]\n")
    done = subprocess.run([UBONGO, "score", str(path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr == f"ubongo score: {path}: larger than 64 MiB; refused\n"
    assert peak_kib(["score", str(path)]) < 250 * 1024
