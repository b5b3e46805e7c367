"""The ``ubongo score`` and ``ubongo simulate`` commands, driven through click's CliRunner."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from ubongo.cli import main
from ubongo.scoring.records import GAMES, SEATS, scorer
from ubongo.scoring.report import CSV_COLUMNS


def ubongo(ident: str, rounds: list[tuple[list[str], list[str]]], **extra: Any) -> dict[str, Any]:
    """An Ubongo record of Ana and Ben."""
    played = [{"finished": f, "drawn": d} for f, d in rounds]
    return {"game": "ubongo", "id": ident, "players": ["Ana", "Ben"], "rounds": played, **extra}


# Ana alone finishes all 9 rounds, drawing a ruby: 9 sapphires + 9 rubies = 63; Ben 0.
ANA_WINS = ubongo("s1", [(["Ana"], ["ruby"])] * 9, date="2024-05-01")
# Ben alone finishes all 9 rounds, drawing an amber: 9 sapphires + 9 ambers = 36; Ana 0.
BEN_WINS = ubongo("s2", [(["Ben"], ["amber"])] * 9)
# One round, both finish: Ana sapphire + ruby = 7, Ben amber + ruby = 5; in progress.
UNDERWAY = ubongo("s3", [(["Ana", "Ben"], ["ruby", "ruby"])])
BAD_GEM = ubongo("s4", [(["Ana"], ["opal"])])


def run(*args: str, stdin: str | None = None) -> Result:
    """``ubongo ARGS`` with stdout and stderr kept apart."""
    return CliRunner().invoke(main, list(args), input=stdin, prog_name="ubongo")


def jsonl(*records: Any) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def results(result: Result) -> list[dict[str, Any]]:
    document = json.loads(result.stdout)
    assert isinstance(document, list)
    return document


def needs(game: str) -> None:
    if importlib.util.find_spec(f"ubongo.scoring.{game}") is None:
        pytest.skip(f"scoring.{game} not written yet")


# --- help --------------------------------------------------------------------------------


def commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command path under ``group``."""
    found = []
    ctx = click.Context(group)
    for name in group.list_commands(ctx):  # the main group loads its commands lazily
        command = group.get_command(ctx, name)
        assert command is not None
        found.append((*path, name))
        if isinstance(command, click.Group):
            found.extend(commands(command, (*path, name)))
    return found


@pytest.mark.parametrize("path", [("score",), ("simulate",)])
def test_scoring_commands_are_registered(path: tuple[str, ...]) -> None:
    assert path in commands(main)


@pytest.mark.parametrize("path", commands(main))
def test_every_command_has_help_with_an_example(path: tuple[str, ...]) -> None:
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and f"ubongo {' '.join(path)}" in result.stdout


@pytest.mark.parametrize("name", ["score", "simulate"])
def test_scoring_help_states_the_exit_codes(name: str) -> None:
    assert "Exit codes" in run(name, "-h").stdout


# --- file forms --------------------------------------------------------------------------


def test_a_single_object_file(tmp_path: Path) -> None:
    path = write(tmp_path, "one.json", json.dumps(UNDERWAY, indent=2))
    result = run("score", "--json", path)
    assert result.exit_code == 0, result.stderr
    (only,) = results(result)
    assert only["id"] == "s3" and only["status"] == "in progress"
    assert [(p["name"], p["score"], p["rank"]) for p in only["players"]] == [
        ("Ana", 7, 1),
        ("Ben", 5, 2),
    ]


def test_an_array_file_keeps_input_order_and_ids_default_to_the_location(tmp_path: Path) -> None:
    unnamed = {k: v for k, v in ANA_WINS.items() if k != "id"}
    path = write(tmp_path, "many.json", json.dumps([BEN_WINS, unnamed], indent=1))
    result = run("score", "--json", path)
    assert result.exit_code == 0, result.stderr
    assert [(r["id"], r["winner"]) for r in results(result)] == [
        ("s2", "Ben"),
        (f"{path}[1]", "Ana"),
    ]


def test_a_json_lines_file(tmp_path: Path) -> None:
    path = write(tmp_path, "s.jsonl", jsonl(ANA_WINS, BEN_WINS, UNDERWAY))
    result = run("score", "--json", path)
    assert result.exit_code == 0, result.stderr
    assert [(r["id"], r["valid"], r["status"]) for r in results(result)] == [
        ("s1", True, "finished"),
        ("s2", True, "finished"),
        ("s3", True, "in progress"),
    ]
    assert result.stderr == ""


def test_a_bad_line_is_reported_and_the_others_still_scored(tmp_path: Path) -> None:
    text = jsonl(ANA_WINS) + '{"game": "ubongo",\n' + jsonl(BAD_GEM, BEN_WINS)
    path = write(tmp_path, "s.jsonl", text)
    result = run("score", "--json", path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"ubongo score: {path}:2:19: invalid JSON: Expecting property name enclosed in double "
        "quotes",
        f"ubongo score: {path}:3: rounds[0].drawn[0]: unknown gem 'opal'; expected one of "
        "ruby, sapphire, emerald, amber",
    ]
    found = results(result)
    assert [(r["id"], r["valid"]) for r in found] == [
        ("s1", True),
        (f"{path}:2", False),
        ("s4", False),
        ("s2", True),
    ]
    assert found[2] == {
        "id": "s4",
        "date": None,
        "game": "ubongo",
        "valid": False,
        "errors": [
            f"{path}:3: rounds[0].drawn[0]: unknown gem 'opal'; expected one of "
            "ruby, sapphire, emerald, amber"
        ],
        "status": None,
        "winner": None,
        "players": [],
        "rounds": [],
        "extra": {},
        "record": None,
    }


def test_malformed_json_names_the_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.json", '[\n  {"game": "ubongo"},\n  {"game": ubongo}\n]\n')
    result = run("score", path)
    assert result.exit_code == 1
    assert result.stderr == f"ubongo score: {path}:3:12: invalid JSON: Expecting value\n"
    assert result.stdout == ""


def test_an_unreadable_file_is_one_line_and_the_other_files_are_scored(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", json.dumps(ANA_WINS))
    missing = str(tmp_path / "missing.json")
    result = run("score", "--json", missing, good)
    assert result.exit_code == 1
    assert result.stderr == f"ubongo score: {missing}: cannot read: No such file or directory\n"
    assert [r["id"] for r in results(result)] == ["s1"]


def test_stdin_is_read_for_a_dash() -> None:
    result = run("score", "--json", "-", stdin=jsonl(UNDERWAY, BAD_GEM))
    assert result.exit_code == 1
    assert [r["id"] for r in results(result)] == ["s3", "s4"]
    assert result.stderr.startswith("ubongo score: <stdin>:2: rounds[0].drawn[0]:")


def test_an_unknown_game_is_an_invalid_record() -> None:
    result = run("score", "-", stdin=json.dumps({"game": "chess", "players": ["a", "b"]}))
    assert result.exit_code == 1
    assert result.stderr == (
        "ubongo score: <stdin>: game: unknown game 'chess'; "
        "expected one of amul, jaipur, jambo, ubongo\n"
    )


# --- --game ------------------------------------------------------------------------------


def test_game_skips_other_games_and_is_assumed_where_a_record_has_none() -> None:
    anonymous = {k: v for k, v in UNDERWAY.items() if k != "game"}
    other = {"game": "jambo", "id": "j1", "players": "not even checked"}
    result = run(
        "score", "--json", "--game", "ubongo", "-", stdin=jsonl(ANA_WINS, other, anonymous)
    )
    assert result.exit_code == 0, result.stderr
    assert [(r["id"], r["game"]) for r in results(result)] == [("s1", "ubongo"), ("s3", "ubongo")]


def test_without_game_a_record_must_name_its_game() -> None:
    anonymous = {k: v for k, v in UNDERWAY.items() if k != "game"}
    result = run("score", "-", stdin=json.dumps(anonymous))
    assert result.exit_code == 1
    assert "<stdin>: game: missing" in result.stderr


# --- output forms ------------------------------------------------------------------------


def test_the_default_table(tmp_path: Path) -> None:
    result = run("score", "-", stdin=jsonl(ANA_WINS, UNDERWAY))
    assert result.exit_code == 0, result.stderr
    blocks = result.stdout.split("\n\n")
    assert blocks[0].splitlines() == [
        "s1 | 2024-05-01 | ubongo | finished | winner: Ana",
        "  player  score  rank  ruby  sapphire  emerald  amber  gems  finishes",
        "  Ana        63     1     9         9        0      0    18         9",
        "  Ben         0     2     0         0        0      0     0         0",
    ]
    assert blocks[1].splitlines()[0] == "s3 | ubongo | in progress | winner: -"


def test_csv_columns_and_rows() -> None:
    result = run("score", "--csv", "-", stdin=jsonl(ANA_WINS, BAD_GEM, UNDERWAY))
    assert result.exit_code == 1
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert list(rows[0])[:10] == [
        "session", "date", "game", "status", "player", "seat", "score", "rank", "winner", "record",
    ]  # fmt: skip
    assert list(rows[0])[-6:] == [
        "breakdown.ruby",
        "breakdown.sapphire",
        "breakdown.emerald",
        "breakdown.amber",
        "breakdown.gems",
        "breakdown.finishes",
    ]  # fmt: skip  (Ubongo's, the last game; the other games' columns stay empty)
    assert {v for r in rows for v in list(r.values())[10:-6]} == {""}
    assert [(r["session"], r["player"], r["seat"], r["score"], r["winner"]) for r in rows] == [
        ("s1", "Ana", "1", "63", "Ana"),
        ("s1", "Ben", "2", "0", "Ana"),
        ("s3", "Ana", "1", "7", ""),
        ("s3", "Ben", "2", "5", ""),
    ]
    assert rows[0]["breakdown.ruby"] == "9" and rows[0]["date"] == "2024-05-01"
    assert {r["record"] for r in rows} == {"events"}


def test_the_csv_record_column_says_which_kind_of_record_a_row_came_from() -> None:
    """A score pad's totals and a full log side by side: each row names its record's kind,
    as ``"record"`` does in the JSON."""
    pad = {
        "game": "ubongo",
        "id": "pad",
        "players": ["Ana", "Ben"],
        "totals": {"Ana": {"ruby": 2, "sapphire": 2}, "Ben": {"amber": 2}},
    }
    result = run("score", "--csv", "-", stdin=jsonl(ANA_WINS, pad))
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["session"], r["player"], r["record"]) for r in rows] == [
        ("s1", "Ana", "events"),
        ("s1", "Ben", "events"),
        ("pad", "Ana", "totals"),
        ("pad", "Ben", "totals"),
    ]
    by_json = [
        r["record"] for r in results(run("score", "--json", "-", stdin=jsonl(ANA_WINS, pad)))
    ]
    assert by_json == ["events", "totals"]


def test_summary_numbers_in_json_and_table() -> None:
    """Means and wins over finished games only; the unfinished one is said to be left out."""
    stdin = jsonl(ANA_WINS, BEN_WINS, UNDERWAY, BAD_GEM)
    document = json.loads(run("score", "--json", "--summary", "-", stdin=stdin).stdout)
    assert [r["id"] for r in document["sessions"]] == ["s1", "s2", "s3", "s4"]
    assert document["summary"] == [
        {"game": "ubongo", "player": "Ana", "played": 2, "won": 1, "mean_score": 31.5},
        {"game": "ubongo", "player": "Ben", "played": 2, "won": 1, "mean_score": 18.0},
    ]
    assert document["left_out"] == [{"game": "ubongo", "sessions": 1}]
    result = run("score", "--summary", "-", stdin=stdin)
    assert result.exit_code == 1
    assert result.stdout.split("\n\n")[-1].splitlines() == [
        "summary | ubongo",
        "  player  played  won  mean score",
        "  Ana          2    1       31.50",
        "  Ben          2    1       18.00",
        "  left out: 1 session not finished",
    ]


def test_summary_by_date_is_one_table_per_night_across_games() -> None:
    jaipur = {
        "game": "jaipur",
        "id": "j1",
        "date": "2024-05-01",
        "players": ["Ana", "Cy"],
        "rounds": [
            {
                "sales": [{"player": "Cy", "good": "leather", "cards": 1}],
                "camels": {"Ana": 0, "Cy": 0},
            }
        ]
        * 2,
    }
    stdin = jsonl(ANA_WINS, jaipur, {**BEN_WINS, "date": "2024-05-08"}, UNDERWAY)
    result = run("score", "--by", "date", "-", stdin=stdin)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split("summary | ", 1)[1].split("\n") == [
        "2024-05-01",
        "  game    player  played  won  mean score",
        "  jaipur  Cy           1    1        2.00",
        "  jaipur  Ana          1    0        0.00",
        "  ubongo  Ana          1    1       63.00",
        "  ubongo  Ben          1    0        0.00",
        "",
        "summary | 2024-05-08",
        "  game    player  played  won  mean score",
        "  ubongo  Ben          1    1       36.00",
        "  ubongo  Ana          1    0        0.00",
        "",
        "summary | no date",
        "  left out: 1 session not finished",
        "",
    ]
    document = json.loads(run("score", "--json", "--by", "date", "-", stdin=stdin).stdout)
    assert document["summary"][0] == {
        "date": "2024-05-01",
        "game": "jaipur",
        "player": "Cy",
        "played": 1,
        "won": 1,
        "mean_score": 2.0,
    }
    assert document["left_out"] == [{"date": None, "game": "ubongo", "sessions": 1}]


def test_jsonl_is_one_result_per_line_as_json_lists_them() -> None:
    stdin = jsonl(ANA_WINS, {**UNDERWAY, "notes": "a\u2028b"}, BAD_GEM)
    lines = run("score", "--jsonl", "-", stdin=stdin)
    assert lines.exit_code == 1 and "s4" not in lines.stdout.split("\n")[0]
    assert len(lines.stdout.split("\n")) == 4 and lines.stdout.endswith("\n")
    assert [json.loads(line) for line in lines.stdout.splitlines()] == results(
        run("score", "--json", "-", stdin=stdin)
    )
    assert [json.loads(line)["valid"] for line in lines.stdout.splitlines()] == [True, True, False]


@pytest.mark.parametrize(
    "flags",
    [
        ["--json", "--csv"],
        ["--json", "--jsonl"],
        ["--jsonl", "--csv"],
        ["--csv", "--summary"],
        ["--jsonl", "--summary"],
        ["--csv", "--by", "date"],
        ["--by", "night"],
        [],
    ],
)
def test_usage_errors_exit_2(flags: list[str]) -> None:
    result = run("score", *flags, *(["-"] if flags else []), stdin="")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_a_bad_catalog_is_one_line_exit_1(tmp_path: Path) -> None:
    catalog = write(tmp_path, "cards.json", "[1, 2]")
    result = run("score", "--catalog", catalog, "-", stdin=json.dumps(UNDERWAY))
    assert result.exit_code == 1
    assert result.stderr == (
        f"ubongo score: {catalog}: bad catalog: "
        "want an object of card name -> attributes, not an array\n"
    )


# --- simulate ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players"),
    [("ubongo", 2), ("ubongo", 4), ("jaipur", 2), ("jambo", 2), ("amul", 3), ("amul", 8)],
)
def test_simulate_is_deterministic_and_its_output_scores_clean(game: str, players: int) -> None:
    needs(game)
    args = ["simulate", game, "--players", str(players), "--seed", "11", "--sessions", "5"]
    first, again = run(*args), run(*args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == again.stdout
    lines = first.stdout.splitlines()
    assert len(lines) == 5 and len(set(lines)) == 5
    assert run(*args[:-2]).stdout.splitlines() == lines[:1]
    assert run(*args[:4], "--seed", "12").stdout != first.stdout
    scored = run("score", "--json", "-", stdin=first.stdout)
    assert scored.exit_code == 0, scored.stderr
    found = results(scored)
    assert all(r["valid"] and r["game"] == game for r in found)
    assert [r["id"] for r in found] == [f"{game}-11-{k}" for k in range(1, 6)]


@pytest.mark.parametrize(
    ("game", "players"), [("ubongo", 1), ("ubongo", 5), ("jaipur", 3), ("jambo", 3), ("amul", 9)]
)
def test_simulate_refuses_a_player_count_the_game_does_not_allow(game: str, players: int) -> None:
    result = run("simulate", game, "--players", str(players), "--seed", "1")
    assert result.exit_code == 2
    assert f"{game} takes" in result.stderr and f"not {players}" in result.stderr
    assert result.stdout == ""


def test_simulate_unfinished_writes_games_cut_short_and_refuses_amul() -> None:
    args = ["simulate", "jambo", "-p", "2", "--seed", "3", "-n", "4"]
    for flags, finished in (([], True), (["--unfinished"], False)):
        scored = run("score", "--jsonl", "-", stdin=run(*args, *flags).stdout)
        assert scored.exit_code == 0, scored.stderr
        statuses = [json.loads(line)["status"] for line in scored.stdout.splitlines()]
        assert len(statuses) == 4
        assert all((status == "finished") == finished for status in statuses)
    refused = run("simulate", "amul", "-p", "3", "--seed", "1", "--unfinished")
    assert refused.exit_code == 2 and "Amul" in refused.stderr and refused.stdout == ""


def test_simulate_date_dates_every_record_and_changes_nothing_else() -> None:
    args = ["simulate", "jaipur", "-p", "2", "--seed", "5", "-n", "3"]
    plain = [json.loads(line) for line in run(*args).stdout.splitlines()]
    dated = [json.loads(line) for line in run(*args, "--date", "2026-11-20").stdout.splitlines()]
    assert [d.pop("date") for d in dated] == ["2026-11-20"] * 3
    assert dated == plain


# --- -j/--workers ----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [["--jsonl"], ["--csv"], [], ["--json", "--summary"]])
def test_workers_write_what_one_process_writes(tmp_path: Path, kind: list[str]) -> None:
    """Three blocks of JSON Lines, bad and blank lines among them, scored by 2 processes: the
    same output, the same problems in the same order, the same exit code."""
    import random

    from ubongo.scoring import jaipur
    from ubongo.scoring import ubongo as engine

    rng = random.Random(3)
    lines = [json.dumps(engine.simulate(rng.randint(2, 4), rng)) for _ in range(1300)]
    lines += [json.dumps(jaipur.simulate(2, rng)) for _ in range(1200)]
    lines[5], lines[1500], lines[2400] = "", "{oops", json.dumps(BAD_GEM)
    path = write(tmp_path, "big.jsonl", "\n".join(lines) + "\n")
    one, two = run("score", path, *kind), run("score", path, *kind, "-j", "2")
    assert (one.exit_code, one.stdout, one.stderr) == (two.exit_code, two.stdout, two.stderr)
    assert one.exit_code == 1 and one.stderr.count("\n") == 2
    assert ":1501:" in one.stderr and ":2401: " in one.stderr


def test_game_and_export_names_are_taken_in_any_case() -> None:
    """``--game Ubongo``, ``--export BGG``, ``simulate JAIPUR``: what people type."""
    stdin = jsonl(ANA_WINS, BEN_WINS)
    assert run("score", "--game", "Ubongo", "--json", "-", stdin=stdin).exit_code == 0
    exported = run("score", "--export", "BGG", "-", stdin=jsonl(ANA_WINS))
    assert (
        exported.exit_code == 0
        and exported.stdout == run("score", "--export", "bgg", "-", stdin=jsonl(ANA_WINS)).stdout
    )
    simulated = run("simulate", "JAIPUR", "-p", "2", "--seed", "1")
    assert simulated.stdout == run("simulate", "jaipur", "-p", "2", "--seed", "1").stdout


def test_the_csv_header_is_the_same_for_every_input() -> None:
    """One game, all four, or none: one fixed header, so nights append into one sheet."""
    nights = {
        game: run("simulate", game, "-p", str(SEATS[game][0]), "--seed", "3", "-n", "2").stdout
        for game in GAMES
    }
    inputs = [*nights.values(), "".join(nights.values()), ""]
    headers = {run("score", "--csv", "-", stdin=text).stdout.splitlines()[0] for text in inputs}
    keys = dict.fromkeys(k for game in GAMES for k in scorer(game).BREAKDOWN_KEYS)
    assert headers == {",".join([*CSV_COLUMNS, *(f"breakdown.{k}" for k in keys)])}
