"""Every command fed mutated files and hostile arguments: exit 0, 1 or 2, never a traceback,
short stderr in ``ubongo ...`` lines, within its --timeout, nothing written but the asked
paths, and every good batch line and session record answered (issue 9)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .harness import (
    BOARD_PIECES,
    BOARDS,
    FIGURES,
    HOSTILE_TEXT,
    batch_lines,
    custom_pieces_set,
    dumps,
    format_set,
    fuzz_settings,
    hostile_names_set,
    json_file,
    mutated_bytes,
    mutated_json,
    run,
    session_records,
    small_set,
    text_file,
)

T = ["--timeout", "5"]

# Each command over a set file: (arguments, paths it may write); {id} is a template id.
SET_COMMANDS: list[tuple[list[str], list[str]]] = [
    (["verify", "set.json", *T], []),
    (["verify", "set.json", "--strict", "--count", "--json", "--picture", *T], []),
    (["show", "set.json"], []),
    (["show", "set.json", "{id}", "--count", *T], []),
    (["solve", "--set", "set.json", "{id}", "easy", "{face}", "--svg", "out.svg", *T], ["out.svg"]),
    (["solve", "--set", "set.json", "{id}", "hard", "{face}", "--all", "--json", *T], []),
    (["hint", "--set", "set.json", "{id}", "easy", "{face}", "--level", "2", *T], []),
    (["pieces", "--pieces", "set.json", "--json"], []),
    (["pieces", "--pieces", "set.json"], []),
    (["render", "set.json", "--svg", "svg", "--html", "site", "-q", *T], ["svg", "site"]),
    (["render", "set.json", "--pdf", "cards.pdf", *T], ["cards.pdf"]),
    (["stats", "set.json", *T], []),
    (["stats", "set.json", "set.json", "--json", *T], []),
    (
        ["generate", "--pieces", "set.json", "--templates", "1", "-q", "-o", "g.json", *T],
        ["g.json"],
    ),
    (["analyze", "###/##.", "--pieces", "set.json", "--size", "2", *T], []),
    (["solve", "###/##.", "D2", "V3", "--pieces", "set.json", "--count", *T], []),
]
BASES = [
    (small_set(), "01", "1"),
    (custom_pieces_set(), "t1", "a"),
    (format_set(), "01", "6"),
    (hostile_names_set(), "01", "\U0001f600"),
]


@st.composite
def set_case(draw: st.DrawFn) -> tuple[list[str], list[str], bytes]:
    """A set command, its allowed outputs and a mutated set file."""
    doc, ident, face = draw(st.sampled_from(BASES))
    args, writes = draw(st.sampled_from(SET_COMMANDS))
    args = [a.replace("{id}", ident).replace("{face}", face) for a in args]
    return args, writes, draw(json_file(doc))


@fuzz_settings(default=60, long=3000)
@given(set_case())
def test_set_files(case: tuple[list[str], list[str], bytes]) -> None:
    args, writes, data = case
    run(args, {"set.json": data}, writes=writes)


@pytest.mark.parametrize("command", SET_COMMANDS, ids=lambda c: " ".join(c[0][:3]))
def test_a_set_of_hostile_names_as_it_is(command: tuple[list[str], list[str]]) -> None:
    args = [a.replace("{id}", "01").replace("{face}", "\U0001f600") for a in command[0]]
    run(args, {"set.json": dumps(hostile_names_set()).encode()}, writes=command[1])


@fuzz_settings(default=8, long=300)
@given(st.sampled_from(BASES).flatmap(lambda b: json_file(b[0])))
def test_a_set_on_stdin(data: bytes) -> None:
    run(["verify", "-", *T], {}, stdin=data)


FIGURE_COMMANDS: list[tuple[list[str], list[str]]] = [
    (["solve", "fig.txt", "I2", "L3", "--svg", "out.svg", *T], ["out.svg"]),
    (["solve", "fig.txt", "I2", "I4", "P5", "--count", "--json", *T], []),
    (["analyze", "fig.txt", "--size", "3", "--max-tilings", "3", *T], []),
    (["analyze", "fig.txt", "--size", "2", "--json", *T], []),
    (["hint", "fig.txt", "I2", "I4", "P5", *T], []),
]


@fuzz_settings(default=25, long=1500)
@given(
    st.sampled_from(FIGURE_COMMANDS),
    st.sampled_from(FIGURES).flatmap(text_file),
    st.booleans(),
)
def test_figure_files(command: tuple[list[str], list[str]], data: bytes, stdin: bool) -> None:
    args, writes = command
    if stdin:
        run([a if a != "fig.txt" else "-" for a in args], {}, writes=writes, stdin=data)
    else:
        run(args, {"fig.txt": data}, writes=writes)


@fuzz_settings(default=20, long=1000)
@given(
    st.integers(0, len(BOARDS) - 1).flatmap(lambda i: st.tuples(st.just(i), text_file(BOARDS[i]))),
    st.integers(1, 3),
    st.booleans(),
)
def test_board_files(board: tuple[int, bytes], level: int, with_figure: bool) -> None:
    i, data = board
    figure = ["fig.txt"] if with_figure else []
    args = ["hint", "--board", "board.txt", *figure, *BOARD_PIECES[i], "--level", str(level), *T]
    run(args, {"board.txt": data, "fig.txt": BOARDS[i].replace("F", "#").encode()})


# --- batches: one answer per line, every good line solved ------------------------------------


@st.composite
def batch_file(draw: st.DrawFn) -> tuple[bytes, list[bool]]:
    """A JSON Lines batch and, per line, whether it is an untouched good line."""
    lines: list[bytes] = []
    good: list[bool] = []
    for item in draw(st.lists(st.sampled_from(batch_lines()), min_size=1, max_size=5)):
        kind = draw(st.sampled_from(["good", "json", "bytes"]))
        if kind == "good":
            lines.append(json.dumps(item).encode())
        elif kind == "json":
            lines.append(dumps(draw(mutated_json(item))).encode("utf-8", "surrogatepass"))
        else:
            lines.append(draw(mutated_bytes(json.dumps(item).encode())))
        good.append(kind == "good")
    data = b"\n".join(lines) + draw(st.sampled_from([b"\n", b""]))
    if draw(st.booleans()):
        data = b"\xef\xbb\xbf" + data
    return data, good


def input_lines(data: bytes) -> list[bytes]:
    """The lines ``solve --batch`` must answer: split on \\n only, no last empty line."""
    lines = data.removeprefix(b"\xef\xbb\xbf").split(b"\n")
    return lines[:-1] if lines[-1] == b"" else lines


@fuzz_settings(default=25, long=1500)
@given(batch_file(), st.booleans())
def test_every_batch_line_is_answered(batch: tuple[bytes, list[bool]], count: bool) -> None:
    data, good = batch
    args = ["solve", "--batch", "b.jsonl", *T, *(["--count"] if count else [])]
    result = run(args, {"b.jsonl": data})
    out = result.stdout.split("\n")
    assert out[-1] == ""
    answers = [json.loads(line) for line in out[:-1]]
    lines = input_lines(data)
    assert len(answers) == len(lines), (lines, answers)
    for line, answer in zip(lines, answers, strict=True):
        if line in {json.dumps(x).encode() for x in batch_lines()}:
            assert "solvable" in answer or "time limit" in answer["error"], (line, answer)


# --- session records: every valid record reported --------------------------------------------

RECORDS = session_records()
SCORE_FLAGS = [[], ["--json"], ["--csv"], ["--summary"], ["--json", "--summary"]]


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[dict[str, Any] | bytes], list[str]]:
    """Records, some mutated (as objects, or as a line's bytes), and the ids of the good ones."""
    items: list[dict[str, Any] | bytes] = []
    keep: list[str] = []
    for i, record in enumerate(draw(st.lists(st.sampled_from(RECORDS), min_size=2, max_size=5))):
        kind = draw(st.sampled_from(["good", "json", "bytes"]))
        if kind == "good":
            items.append({**record, "id": f"keep-{i}"})
            keep.append(f"keep-{i}")
        elif kind == "json":
            items.append(draw(mutated_json(record)))
        else:
            items.append(draw(mutated_bytes(json.dumps(record).encode())))
    return items, keep


def encoded(item: dict[str, Any] | bytes) -> bytes:
    return item if isinstance(item, bytes) else dumps(item).encode("utf-8", "surrogatepass")


@fuzz_settings(default=25, long=1500)
@given(sessions(), st.sampled_from(SCORE_FLAGS))
def test_every_valid_session_line_is_reported(
    case: tuple[list[dict[str, Any] | bytes], list[str]], flags: list[str]
) -> None:
    items, keep = case
    data = b"\n".join(encoded(x).replace(b"\n", b" ") for x in items) + b"\n"
    result = run(["score", "s.jsonl", "--json"], {"s.jsonl": data})
    if keep:
        valid = {r["id"] for r in json.loads(result.stdout) if r["valid"]}
        assert set(keep) <= valid, (keep, valid, result.stderr)
    run(["score", "s.jsonl", *flags], {"s.jsonl": data})


SHORT_RECORD = 3000
"""The record limit while fuzzing long records (1 MiB in use): lines stay small and quick."""


@fuzz_settings(default=15, long=800)
@given(
    st.lists(st.tuples(st.sampled_from(RECORDS), st.integers(0, 2 * SHORT_RECORD)), min_size=2),
    st.sampled_from(["1", "2"]),
    st.sampled_from(SCORE_FLAGS),
)
def test_long_records_spoil_only_themselves(
    monkeypatch: pytest.MonkeyPatch,
    padded: list[tuple[dict[str, Any], int]],
    workers: str,
    flags: list[str],
) -> None:
    """Records padded past the record limit and under it (issue 26), scored in this process
    and by workers (a block then holds a few lines): each long one is its line's problem,
    each short one is scored as it would be alone. Two lines at least: a file of one object
    is read whole, where the file's limit holds, not the record's."""
    from ubongo import _files

    monkeypatch.setattr(_files, "MAX_RECORD", SHORT_RECORD)
    lines = [dumps({**r, "id": f"r{i}-" + "x" * n}) for i, (r, n) in enumerate(padded)]
    data = "".join(line.replace("\n", " ") + "\n" for line in lines).encode(
        "utf-8", "surrogatepass"
    )
    result = run(["score", "s.jsonl", "--jsonl", "-j", workers], {"s.jsonl": data})
    out = [json.loads(x) for x in result.stdout.splitlines()]
    long = [i for i, line in enumerate(lines, 1) if len(line) > SHORT_RECORD]
    assert [f"s.jsonl:{i}: a record longer than" in result.stderr for i in long] == [True] * len(
        long
    )
    for i, line in enumerate(lines, 1):
        if len(line) <= SHORT_RECORD:
            alone = run(
                ["score", "s.jsonl", "--jsonl"],
                {"s.jsonl": (line + "\n").encode("utf-8", "surrogatepass")},
            )
            assert out[i - 1]["valid"] == json.loads(alone.stdout)["valid"]
    run(["score", "s.jsonl", *flags, "-j", workers], {"s.jsonl": data})


@fuzz_settings(default=20, long=1000)
@given(st.sampled_from(RECORDS), st.sampled_from(SCORE_FLAGS), st.data())
def test_session_files(record: dict[str, Any], flags: list[str], data: st.DataObject) -> None:
    form = data.draw(st.sampled_from(["object", "array", "mutated-array"]))
    if form == "object":
        text = data.draw(json_file(record))
    elif form == "array":
        text = data.draw(json_file([record, record]))
    else:
        text = dumps([data.draw(mutated_json(record)), record]).encode("utf-8", "surrogatepass")
    game = data.draw(st.sampled_from([[], ["--game", str(record.get("game"))]]))
    run(["score", "s.json", *flags, *game], {"s.json": text})


CATALOG = {"Camel": {"points": 1, "arab": 1, "notes": "a herd animal"}, "Scribe": {"points": 4}}


@fuzz_settings(default=10, long=500)
@given(json_file(CATALOG))
def test_amul_catalog_files(catalog: bytes) -> None:
    amul = next(r for r in RECORDS if r["game"] == "amul")
    record = {**amul, "players": [{"name": n, "cards": ["Camel", "Scribe"]} for n in "ABC"]}
    files = {"s.json": json.dumps(record).encode(), "cards.json": catalog}
    run(["score", "s.json", "--catalog", "cards.json", "--json"], files)


# --- hostile arguments ------------------------------------------------------------------------

ARG_COMMANDS = [
    ["solve", "{x}", "I2", *T],
    ["solve", "##", "{x}", *T],
    ["solve", "--set", "sample", "{x}", "easy", "1", *T],
    ["solve", "--set", "sample", "01", "{x}", "1", *T],
    ["solve", "--set", "sample", "01", "easy", "{x}", *T],
    ["solve", "##", "I2", "--svg", "{x}", *T],
    ["hint", "--set", "sample", "01", "hard", "{x}", *T],
    ["hint", "--board", "{x}", "I2", *T],
    ["show", "sample", "{x}"],
    ["show", "sample", "01", "{x}"],
    ["verify", "{x}", *T],
    ["pieces", "--pieces", "{x}"],
    ["analyze", "{x}", "--size", "2", *T],
    ["render", "{x}", "--svg", "svg", *T],
    ["stats", "sample", "--frame", "{x}", *T],
    ["score", "{x}"],
    ["score", "s.json", "--game", "{x}"],
    ["generate", "--templates", "1", "--frame", "{x}", "-q", *T],
    ["generate", "--templates", "1", "--pieces-per-side", "{x}", "-q", *T],
    ["generate", "--templates", "1", "--name", "{x}", "-q", "-o", "g.json", *T],
    ["simulate", "ubongo", "-p", "{x}", "--seed", "1"],
]
ARGS = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=30))


@fuzz_settings(default=40, long=2000)
@given(st.sampled_from(ARG_COMMANDS), ARGS)
def test_hostile_arguments(command: list[str], value: str) -> None:
    args = [value if a == "{x}" else a for a in command]
    writes = ["svg", "g.json", value] if "--svg" in command or "-o" in command else []
    run(args, {"s.json": json.dumps(RECORDS[0]).encode()}, writes=writes)


# --- as a process of its own: real file descriptors, real argv bytes -------------------------


@fuzz_settings(default=4, long=200)
@given(set_case())
def test_set_files_as_a_process(case: tuple[list[str], list[str], bytes]) -> None:
    args, writes, data = case
    run(args, {"set.json": data}, writes=writes, process=True)


@fuzz_settings(default=3, long=150)
@given(batch_file())
def test_batches_as_a_process(batch: tuple[bytes, list[bool]]) -> None:
    data, _ = batch
    result = run(["solve", "--batch", "-", *T], {}, stdin=data, process=True)
    assert result.stdout.count("\n") == len(input_lines(data))
