"""Cases the fuzz suite found, kept as named tests. The ones marked xfail are bugs in layers
other helpers are editing (solver/, puzzles/, generator/): the lead fixes them after merging."""

from __future__ import annotations

import json

import pytest

from .harness import dumps, hostile_names_set, run

T = ["--timeout", "5"]


def test_a_figure_too_large_to_draw_is_one_line() -> None:
    result = run(
        ["solve", "fig.txt", "I2", "L3", "--svg", "out.svg", *T], {"fig.txt": b"#\n" * 100_000}
    )
    assert result.code == 1
    assert result.stderr.strip().endswith("100000 cells; a picture has at most 10000")


def test_analyze_of_a_huge_figure_keeps_its_time_limit() -> None:
    """Found as a 200x200 figure running past its limit; a picture now has at most 10,000
    cells, and analyze answers "no combination" before listing placements of one too big."""
    for side, size in ((200, "2"), (100, "2"), (60, "12")):
        figure = ("#" * side + "\n") * side
        args = ["analyze", "fig.txt", "--size", size, "--timeout", "1"]
        result = run(args, {"fig.txt": figure.encode()}, process=True)  # killed past the slack
        assert result.code in (0, 1) and result.seconds < 1.2 + 1.0  # start-up of the process


def test_a_session_line_that_is_not_utf8_spoils_only_itself() -> None:
    good = b'{"id": "kept", "game": "ubongo", "players": ["A", "B"], "rounds": []}'
    data = good + b'\n{"id": "bad\xff"}\n'
    result = run(["score", "s.jsonl", "--json"], {"s.jsonl": data})
    assert result.code == 1
    assert [r["id"] for r in json.loads(result.stdout) if r["valid"]] == ["kept"]
    assert result.stderr == "ubongo score: s.jsonl:2: not UTF-8 text\n"


SURROGATE_SESSION = (
    b'{"game": "ubongo", "id": "a\\udcff", "players": ["A\\ud800", "B"], "rounds": []}'
)


@pytest.mark.parametrize("flags", [[], ["--json"], ["--csv"], ["--summary"]])
def test_a_lone_surrogate_in_a_record_is_printed_escaped(flags: list[str]) -> None:
    result = run(["score", "s.json", *flags], {"s.json": SURROGATE_SESSION})
    assert result.code == 0 and "\\udcff" in result.stdout


@pytest.mark.parametrize(
    "args", [["score", "a\x00b"], ["solve", "##", "I2", "--svg", "x\x00"], ["verify", "\x00"]]
)
def test_a_nul_byte_in_a_path_is_one_line(args: list[str]) -> None:
    assert run(args, {}).code == 1


def test_names_no_font_or_xml_can_hold_still_draw() -> None:
    names = hostile_names_set()
    args = ["render", "set.json", "--pdf", "c.pdf", "--svg", "svg", "--html", "site", "-q"]
    result = run(args, {"set.json": dumps(names).encode()}, writes=["c.pdf", "svg", "site"])
    assert result.code == 0, result.stderr  # run() parsed every SVG as XML


def test_stats_headings_are_printable() -> None:
    result = run(["stats", "set.json"], {"set.json": dumps(hostile_names_set()).encode()})
    assert result.code == 0 and "\x1b" not in result.stdout and "\\x1b]0;t" in result.stdout
