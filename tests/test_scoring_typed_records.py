"""Records typed over several lines in a file that starts as JSON Lines (issue 23): a
scorekeeper appends a pretty-printed game to a file of compact ones. The streamed path reads
it as one record at its first line, as a file read whole does, and every output shows it so.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo import _records
from ubongo.cli import main
from ubongo.scoring import jaipur, jambo, ubongo

GAMES = {ubongo: 3, jaipur: 2, jambo: 2}
MODULES = sorted(GAMES, key=lambda m: m.GAME)
TYPED = st.tuples(st.sampled_from(MODULES), st.integers(0, 2**32), st.booleans())
"""A game, the seed of its simulated record, and whether it is typed pretty-printed."""


def run(*args: str, stdin: str) -> Result:
    return CliRunner().invoke(main, ["score", *args, "-"], input=stdin)


def typed(records: list[dict[str, Any]], pretty: list[bool]) -> tuple[str, list[int]]:
    """The records one after another, each compact on its line or pretty-printed (the first
    always compact: the file is JSON Lines), and the line each starts at."""
    text, starts, line = "", [], 1
    for record, spread in zip(records, pretty, strict=True):
        block = json.dumps(record, indent=2 if spread else None) + "\n"
        starts.append(line)
        text, line = text + block, line + block.count("\n")
    return text, starts


@settings(max_examples=20, deadline=None)
@given(st.lists(TYPED, min_size=2, max_size=5))
def test_pretty_printed_records_among_json_lines_score_as_compact_ones(
    games: list[tuple[Any, int, bool]],
) -> None:
    """Any mix of compact and pretty-printed records: the same results, in every output, as
    the records all compact, each record named by the line it starts at."""
    records = [m.simulate(GAMES[m], random.Random(seed), True) for m, seed, _ in games]
    records = [{k: v for k, v in r.items() if k != "id"} for r in records]  # located by line
    pretty = [False] + [spread for *_, spread in games[1:]]
    text, starts = typed(records, pretty)
    compact, _ = typed(records, [False] * len(records))
    for form in ("--jsonl", "--json", "--csv"):
        mixed, plain = run(form, stdin=text), run(form, stdin=compact)
        assert mixed.exit_code == plain.exit_code == 0, mixed.stderr
        if form == "--csv":
            assert mixed.stdout.count("\n") == plain.stdout.count("\n")
            continue
        got, want = results(mixed.stdout, form), results(plain.stdout, form)
        assert [r["id"] for r in got] == [f"<stdin>:{n}" for n in starts]
        assert [{**r, "id": None} for r in got] == [{**r, "id": None} for r in want]


def results(stdout: str, form: str) -> list[dict[str, Any]]:
    """The results of ``--jsonl`` (a line each) or ``--json`` (one list)."""
    if form == "--jsonl":
        return [json.loads(line) for line in stdout.splitlines()]
    found: list[dict[str, Any]] = json.loads(stdout)
    return found


BROKEN = """\
{"game": "jambo", "players": ["A", "B"], "totals": {"A": 61, "B": 3}}
{
  "game": "jambo",
  "players": ["A" "B"],
  "totals": {"A": 61, "B": 3}
}
{"game": "jambo", "players": ["A", "B"], "totals": {"A": 60, "B": 3}}
"""


def test_a_broken_typed_record_is_one_problem_at_its_own_line_and_the_rest_are_scored() -> None:
    done = run("--jsonl", stdin=BROKEN)
    assert done.exit_code == 1
    assert done.stderr == "ubongo score: <stdin>:4:19: invalid JSON: Expecting ',' delimiter\n"
    assert [json.loads(x)["id"] for x in done.stdout.splitlines()] == [
        "<stdin>:1",
        "<stdin>:2",
        "<stdin>:7",
    ]
    whole = run("--jsonl", stdin="\n" + BROKEN.split("\n", 1)[1])  # the same, read whole
    assert whole.stderr == "ubongo score: <stdin>:4:19: invalid JSON: Expecting ',' delimiter\n"


def test_a_record_longer_than_the_limit_is_read_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Memory stays flat: past GROUP_LINES, each line is its own record (and problem)."""
    monkeypatch.setattr(_records, "GROUP_LINES", 3)
    done = run("--jsonl", stdin=BROKEN.replace('["A" "B"]', '["A", "B"]'))
    assert done.exit_code == 1
    assert [json.loads(x)["id"] for x in done.stdout.splitlines()] == [
        f"<stdin>:{n}" for n in (1, 2, 3, 4, 5, 6, 7)
    ]


def test_the_api_reads_a_typed_record_as_the_command_does(tmp_path: Path) -> None:
    import ubongo as api

    path = tmp_path / "night.jsonl"
    path.write_text(BROKEN.replace('["A" "B"]', '["A", "B"]'))
    scores = api.score(path)
    assert [s["id"] for s in scores.to_json()] == [f"{path}:{n}" for n in (1, 2, 7)]


def test_a_record_typed_over_lines_past_the_record_limit_is_one_problem() -> None:
    """Memory stays bounded by the longest record allowed, grouped lines or not: the record
    is refused at its first line, its lines go with it, the next record is read."""
    from ubongo import _files
    from ubongo._records import _records
    from ubongo.scoring.text import BadLine

    half = "x" * (_files.MAX_RECORD // 2)
    lines = [(1, "{"), (2, half), (3, half), (4, half), (5, "}"), (6, '{"game": "jaipur"}')]
    out = list(_records(iter(lines)))
    assert [n for n, _ in out] == [1, 6]
    assert isinstance(out[0][1], BadLine) and "longer than" in out[0][1]
    assert out[1][1] == '{"game": "jaipur"}'
