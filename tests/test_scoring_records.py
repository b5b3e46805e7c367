"""The session-file reader (scoring.records) and the renderers (scoring.report)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import random
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import records, report
from ubongo.scoring.common import PlayerResult, RecordCheck, SessionResult
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.records import GAMES, SEATS, Entry, Outcome, Problem, entries, evaluate, scorer

UBONGO = {
    "game": "ubongo",
    "players": ["Ana", "Ben"],
    "rounds": [{"finished": ["Ana", "Ben"], "drawn": ["ruby", "ruby"]}],
}


def located(text: str, name: str = "f") -> list[tuple[str, Any]]:
    """(location, record or problem text) for every entry of ``text``."""
    return [(e.location, str(e.problem) if e.problem else e.record) for e in entries(text, name)]


# --- file forms --------------------------------------------------------------------------


def test_single_object_is_located_by_file_name() -> None:
    assert located('{"a": 1}') == [("f", {"a": 1})]


def test_array_elements_are_located_by_index() -> None:
    assert located('[{"a": 1},\n {"a": 2}]') == [("f[0]", {"a": 1}), ("f[1]", {"a": 2})]


def test_json_lines_are_located_by_line_and_blank_lines_keep_the_count() -> None:
    assert located('{"a": 1}\n\n{"a": 2}\n') == [("f:1", {"a": 1}), ("f:3", {"a": 2})]


def test_a_bad_json_line_spoils_only_itself_and_names_line_and_column() -> None:
    found = located('{"a": 1}\n{"a": }\n{"a": 3}\n')
    assert found[0] == ("f:1", {"a": 1})
    assert found[1] == ("f:2", "f:2:7: invalid JSON: Expecting value")
    assert found[2] == ("f:3", {"a": 3})


def test_a_broken_pretty_printed_object_is_one_error_at_its_line() -> None:
    text = '{\n  "game": "ubongo",\n  "players": ["A" "B"]\n}\n'
    assert located(text) == [("f", "f:3:19: invalid JSON: Expecting ',' delimiter")]


def test_a_single_broken_line_is_a_whole_file_error() -> None:
    assert located('{"a": 1') == [("f", "f:1:8: invalid JSON: Expecting ',' delimiter")]


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_an_empty_file_has_no_records(text: str) -> None:
    assert located(text) == []


def test_entries_keep_a_record_whole_across_a_line_separator() -> None:
    text = (
        json.dumps({**UBONGO, "notes": "a\u2028b"}, ensure_ascii=False) + "\n" + json.dumps(UBONGO)
    )
    found = list(records.entries(text, "f"))
    assert [e.location for e in found] == ["f:1", "f:2"]
    assert found[0].record["notes"] == "a\u2028b"


def test_entries_report_limits_as_problems_and_go_on() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    huge = '{"id": ' + "9" * 5000 + "}"
    text = "\n".join([deep, huge, json.dumps(UBONGO)])
    found = list(records.entries(text, "f"))
    assert [e.location for e in found] == ["f:1", "f:2", "f:3"]
    assert found[0].problem is not None and "nested too deeply" in found[0].problem.rule
    assert found[1].problem is not None and "too long" in found[1].problem.rule
    assert found[2].record == UBONGO


PRETTY = """{
  "game": "ubongo",
  "players": ["Ana", "Ben"],
  "rounds": [{"finished": ["Ana", "Ben"], "drawn": ["ruby", "ruby"]}]
}"""


def test_pretty_printed_records_one_after_another_are_several_records() -> None:
    """FORMAT.md's example copied and a second game added below it: two records, each
    located at its first line (it was "invalid JSON: Extra data", and nothing scored)."""
    text = PRETTY + "\n\n" + PRETTY + "\n"
    assert located(text) == [("f:1", UBONGO), ("f:7", UBONGO)]
    assert located(PRETTY + PRETTY) == [("f:1", UBONGO), ("f:5", UBONGO)]  # "}{" on line 5


def test_a_broken_record_among_pretty_printed_ones_is_one_problem_at_its_place() -> None:
    """One problem, naming where the text stops being JSON; the records after it are read."""
    broken = PRETTY.replace('"Ben"]', '"Ben",]', 1)  # a trailing comma, typed by hand
    found = located("\n".join([PRETTY, broken, PRETTY]))
    assert [where for where, _ in found] == ["f:1", "f:6", "f:11"]
    assert found[1][1] == "f:8:28: invalid JSON: Expecting value"
    assert found[0][1] == found[2][1] == UBONGO


def test_arrays_and_lines_mix_in_one_file() -> None:
    text = '{"a": 1}\n[{"a": 2},\n {"a": 3}]\n{"a": 4}\n'
    assert located(text) == [
        ("f:1", {"a": 1}),
        ("f:2[0]", {"a": 2}),
        ("f:2[1]", {"a": 3}),
        ("f:4", {"a": 4}),
    ]


# --- evaluating records ------------------------------------------------------------------


def outcome(record: Any, game: str | None = None) -> Outcome | None:
    return evaluate(Entry("f:1", record), game)


def only_problem(found: Outcome | None) -> str:
    assert found is not None and not found.valid
    (problem,) = found.problems
    return str(problem)


def test_a_valid_record_is_scored_and_its_id_defaults_to_its_location() -> None:
    found = outcome(UBONGO)
    assert found is not None and found.valid and found.result is not None
    assert (found.id, found.game, found.date) == ("f:1", "ubongo", None)
    assert [p.score for p in found.result.players] == [7, 5]


def test_id_and_date_are_taken_from_the_record() -> None:
    found = outcome({**UBONGO, "id": 42, "date": "2024-05-01"})
    assert found is not None and (found.id, found.date) == ("42", "2024-05-01")


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ([UBONGO], "f:1: a session must be a JSON object, not an array"),
        ({"players": []}, "f:1: game: missing; expected one of amul, jaipur, jambo, ubongo"),
        ({**UBONGO, "game": 3}, "f:1: game: must be a string, not a number"),
        ({**UBONGO, "game": "chess"}, "f:1: game: unknown game 'chess'; expected one of"),
        ({"game": "ubongo", "rounds": []}, "f:1: players: missing"),
        ({**UBONGO, "id": True}, "f:1: id: must be a string or an integer, not a boolean"),
        ({**UBONGO, "date": 20240501}, "f:1: date: must be a string, not a number"),
        ({**UBONGO, "notes": ["x"]}, "f:1: notes: must be a string, not an array"),
    ],
)
def test_envelope_rules(record: Any, expected: str) -> None:
    assert only_problem(outcome(record)).startswith(expected)


def test_engine_rules_arrive_with_the_field_path() -> None:
    record = {**UBONGO, "rounds": [{"finished": ["Ana"], "drawn": ["opal"]}]}
    assert only_problem(outcome(record)).startswith("f:1: rounds[0].drawn[0]: unknown gem 'opal'")


def test_game_filter_skips_other_games_and_fills_a_missing_game() -> None:
    assert outcome({**UBONGO, "game": "jambo"}, game="ubongo") is None
    without_game = {k: v for k, v in UBONGO.items() if k != "game"}
    found = outcome(without_game, game="ubongo")
    assert found is not None and found.valid and found.game == "ubongo"
    assert only_problem(outcome(without_game)).startswith("f:1: game: missing")


def test_game_filter_still_reports_a_record_whose_game_is_not_a_string() -> None:
    assert only_problem(outcome({**UBONGO, "game": None}, game="ubongo")).startswith("f:1: game:")


def test_a_syntax_problem_becomes_an_invalid_outcome() -> None:
    problem = Problem("f:2:7", "", "invalid JSON: Expecting value")
    found = evaluate(Entry("f:2", problem=problem))
    assert found is not None and found.id == "f:2" and found.problems == (problem,)


def test_a_scorer_crash_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(record: Any) -> Any:
        return record["nothing"]

    crashing = SimpleNamespace(GAME="ubongo", parse=parse, score=lambda s: s)
    monkeypatch.setattr(records, "scorer", lambda game: crashing)
    assert "engine error KeyError: 'nothing'" in only_problem(outcome(UBONGO))


def test_the_catalog_reaches_amul_parse_only(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    def parse(record: Any, catalog: Any = None) -> Any:
        seen.append(catalog)
        raise InvalidRecord("x", "stop")

    monkeypatch.setattr(records, "scorer", lambda g: SimpleNamespace(GAME=g, parse=parse))
    evaluate(Entry("f", {"game": "amul", "players": []}), catalog={"Card": {}})
    assert seen == [{"Card": {}}]


def test_parse_catalog_wants_a_json_object() -> None:
    with pytest.raises(records.BadCatalog, match="not an array"):
        records.parse_catalog("[]", "cards.json")
    with pytest.raises(records.BadCatalog, match="invalid JSON at 2:1"):
        records.parse_catalog("{\n,", "cards.json")


# --- rendering ---------------------------------------------------------------------------


def made(ident: str, game: str, status: Any, winner: str | None, **scores: float) -> Outcome:
    """A valid outcome with hand-made results (no engine), breakdown {"x": score}."""
    ranks = {n: sorted(scores.values(), reverse=True).index(s) + 1 for n, s in scores.items()}
    players = tuple(PlayerResult(n, s, ranks[n], {"x": s}) for n, s in scores.items())
    return Outcome(ident, ident, game, "2024-01-01", SessionResult(game, status, winner, players))


BAD = Outcome("f:9", "f:9", None, None, None, (Problem("f:9", "players", "missing"),))


def test_result_json_of_an_invalid_outcome() -> None:
    assert report.result_json(BAD) == {
        "id": "f:9",
        "date": None,
        "game": None,
        "valid": False,
        "errors": ["f:9: players: missing"],
        "status": None,
        "winner": None,
        "players": [],
        "rounds": [],
        "extra": {},
        "record": None,
    }


def test_result_json_of_a_valid_outcome_extends_to_json() -> None:
    found = made("s1", "jaipur", "finished", "A", A=2, B=1)
    assert found.result is not None
    expected = {"id": "s1", "date": "2024-01-01", "valid": True, "errors": []}
    assert report.result_json(found) == {**expected, **found.result.to_json()}
    assert list(report.result_json(found))[:5] == ["id", "date", "game", "valid", "errors"]


def test_csv_has_one_row_per_player_under_the_fixed_header() -> None:
    first = made("s1", "ubongo", "finished", "A", A=3, B=1)
    seals = PlayerResult("C", 1.5, 1, {"seals": 2, "camel": 5})
    other = Outcome(
        "s2", "s2", "jaipur", None, SessionResult("jaipur", "in progress", None, (seals,))
    )
    rows = list(csv.reader(io.StringIO(report.csv_text([first, BAD, other]))))
    keys = [k for game in GAMES for k in scorer(game).BREAKDOWN_KEYS]
    assert rows[0] == [*report.CSV_COLUMNS, *(f"breakdown.{k}" for k in dict.fromkeys(keys))]
    blank = dict.fromkeys(report.csv_keys(), "")
    assert rows[1:] == [
        [
            "s1",
            "2024-01-01",
            "ubongo",
            "finished",
            "A",
            "1",
            "3",
            "1",
            "A",
            "events",
            *blank.values(),
        ],
        [
            "s1",
            "2024-01-01",
            "ubongo",
            "finished",
            "B",
            "2",
            "1",
            "2",
            "A",
            "events",
            *blank.values(),
        ],
        [
            "s2",
            "",
            "jaipur",
            "in progress",
            "C",
            "1",
            "1.5",
            "1",
            "",
            "events",
            *{**blank, "seals": "2", "camel": "5"}.values(),
        ],
    ]  # fmt: skip  ("x", a key no game declares, has no column)
    assert report.csv_text([]) == report.csv_text([first, other]).splitlines(True)[0]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.booleans(), st.data())
def test_every_breakdown_key_a_scorer_gives_is_declared_in_order(
    game: str, seed: int, finished: bool, data: st.DataObject
) -> None:
    """A simulated session's breakdown keys are its scorer's BREAKDOWN_KEYS (a subsequence:
    a pad or a cut-short game may give fewer), so the fixed CSV header misses none."""
    low, high = SEATS[game]
    players = data.draw(st.integers(low, high))
    engine = scorer(game)
    record = engine.simulate(players, random.Random(seed), finished=finished or game == "amul")  # type: ignore[attr-defined]
    outcome = evaluate(Entry("sim:1", record))
    assert outcome is not None and outcome.result is not None, outcome
    for player in outcome.result.players:
        declared = [k for k in engine.BREAKDOWN_KEYS if k in player.breakdown]
        assert list(player.breakdown) == declared


def test_standings_count_wins_of_finished_sessions_only() -> None:
    found = [
        made("s1", "ubongo", "finished", "A", A=10, B=4),
        made("s2", "ubongo", "finished", "B", A=2, B=8),
        made("s3", "ubongo", "in progress", None, A=9, B=0),
        made("s4", "ubongo", "unresolved tie", None, A=5, B=5),
        made("s5", "jaipur", "finished", "A", A=2, C=1),
        BAD,
    ]
    tally = report.Tally()
    for one in found:
        tally.add(one)
    assert [s.to_json() for s in tally.standings()] == [
        {"game": "jaipur", "player": "A", "played": 1, "won": 1, "mean_score": 2.0},
        {"game": "jaipur", "player": "C", "played": 1, "won": 0, "mean_score": 1.0},
        {"game": "ubongo", "player": "A", "played": 2, "won": 1, "mean_score": 6.0},
        {"game": "ubongo", "player": "B", "played": 2, "won": 1, "mean_score": 6.0},
    ]
    assert [x.to_json() for x in tally.left_out()] == [{"game": "ubongo", "sessions": 2}]
    assert report.standings(found) == tally.standings()


def test_standings_by_date_give_one_table_per_night_across_games() -> None:
    def on(date: str | None, *args: Any, **scores: float) -> Outcome:
        return dataclasses.replace(made(*args, **scores), date=date)

    tally = report.Tally(by_date=True)
    for one in (
        on("2024-05-02", "s1", "ubongo", "finished", "A", A=10, B=4),
        on("2024-05-01", "s2", "jaipur", "finished", "B", A=0, B=2),
        on("2024-05-01", "s3", "ubongo", "finished", "A", A=9, B=3),
        on("2024-05-01", "s4", "ubongo", "in progress", None, A=1, B=0),
        on(None, "s5", "ubongo", "in progress", None, A=1, B=0),
    ):
        tally.add(one)
    assert [x.to_json(by_date=True) for x in tally.left_out()] == [
        {"date": "2024-05-01", "game": "ubongo", "sessions": 1},
        {"date": None, "game": "ubongo", "sessions": 1},
    ]
    assert report.standings_text(tally).split("\n") == [
        "summary | 2024-05-01",
        "  game    player  played  won  mean score",
        "  jaipur  B            1    1        2.00",
        "  jaipur  A            1    0        0.00",
        "  ubongo  A            1    1        9.00",
        "  ubongo  B            1    0        3.00",
        "  left out: 1 session not finished",
        "",
        "summary | 2024-05-02",
        "  game    player  played  won  mean score",
        "  ubongo  A            1    1       10.00",
        "  ubongo  B            1    0        4.00",
        "",
        "summary | no date",
        "  left out: 1 session not finished",
    ]


def test_session_text_has_a_title_and_breakdown_columns() -> None:
    text = report.session_text(made("s1", "ubongo", "finished", "A", A=12, B=7.5))
    assert text.splitlines() == [
        "s1 | 2024-01-01 | ubongo | finished | winner: A",
        "  player  score  rank    x",
        "  A          12     1   12",
        "  B         7.5     2  7.5",
    ]


def test_table_aligns_names_left_and_numbers_right() -> None:
    assert report.table(["n", "v"], [["long name", 1], ["b", None]]) == [
        "n          v",
        "long name  1",
        "b",
    ]


def test_added_keys_reach_the_json_result_of_every_game() -> None:
    """A scorekeeper's own keys are kept, whatever the game; id and date keep their places."""
    added = {"location": "Café Ubongo", "edition": "Kosmos", "notes": "rainy", "host": {"n": 1}}
    for rec in (UBONGO, {"game": "jambo", "players": ["A", "B"], "turns": []}):
        found = outcome({**rec, **added, "id": "s1", "date": "2024-05-01"})
        assert found is not None and found.valid
        assert report.result_json(found)["extra"] == added


@given(key=st.text(min_size=1, max_size=12), value=st.integers() | st.text(max_size=5))
def test_an_added_key_passes_through_or_names_the_key_it_resembles(key: str, value: Any) -> None:
    """Never silently dropped: an added key is in ``extra`` as given, or refused by name."""
    known = ("game", "players", "rounds", "tiebreak", "id", "date", "notes")
    found = outcome({**UBONGO, key: value})
    assert found is not None
    if key in known:
        return
    if found.valid:
        assert found.result is not None and found.result.extra == {key: value}
    else:
        assert [p.field for p in found.problems] == [key]
        assert "did you mean" in found.problems[0].rule or "another game" in found.problems[0].rule


# --- the checks every game's record shares (common.RecordCheck) ------------------------------


def _renamed(player: Any, name: str) -> Any:
    """A player of a record (a name, or Amul's object with cards) under another name."""
    return {**player, "name": name} if isinstance(player, dict) else name


@pytest.mark.parametrize("game", records.GAMES)
def test_each_scorer_seats_the_players_seats_names(game: str) -> None:
    module: Any = records.scorer(game)
    low, high = records.SEATS[game]
    for n in (low, high):
        assert len(module.simulate(n, random.Random(n))["players"]) == n
    for n in (low - 1, high + 1):
        with pytest.raises(ValueError):
            module.simulate(n, random.Random(n))
    record = module.simulate(low, random.Random(1))
    seated = record["players"]
    record["players"] = [_renamed(seated[i % low], f"P{i}") for i in range(high + 1)]
    with pytest.raises(InvalidRecord) as refused:
        module.parse(record)
    assert refused.value.field == "players" and str(high + 1) in refused.value.rule


@pytest.mark.parametrize("game", records.GAMES)
def test_each_scorer_refuses_a_second_player_of_the_same_name_where_its_words_say(
    game: str,
) -> None:
    module: Any = records.scorer(game)
    record = module.simulate(records.SEATS[game][0], random.Random(2))
    players = record["players"]
    if isinstance(players[0], dict):  # Amul: player objects with their cards
        players[1]["name"] = players[0]["name"]
        name = players[0]["name"]
    else:
        players[1] = name = players[0]
    with pytest.raises(InvalidRecord) as refused:
        module.parse(record)
    check: RecordCheck = module.CHECK
    assert refused.value.field == check.name_path.format(i=1)
    assert refused.value.rule == check.duplicate.format(name=name)


@pytest.mark.parametrize("game", records.GAMES)
def test_each_scorer_names_a_record_of_another_game_in_its_words(game: str) -> None:
    module: Any = records.scorer(game)
    record = {**module.simulate(records.SEATS[game][0], random.Random(3)), "game": "chess"}
    with pytest.raises(InvalidRecord) as refused:
        module.parse(record)
    check: RecordCheck = module.CHECK
    assert refused.value.field == "game"
    assert refused.value.rule == check.wrong_game.format(game=game, got="chess")


@pytest.mark.parametrize("written", ["Ubongo", "UBONGO", " ubongo ", "Ubongo\u0301"])
def test_game_names_in_any_case_are_the_game(written: str) -> None:
    """``"game": "Ubongo"`` is the game ``--game Ubongo`` names (it was refused)."""
    found = outcome({**UBONGO, "game": written})
    assert found is not None and found.valid and found.game == "ubongo"
    assert outcome({**UBONGO, "game": written}, game="ubongo") is not None
    assert outcome({**UBONGO, "game": written}, game="jaipur") is None


def test_spanish_and_english_gem_colours_are_gems() -> None:
    """Ubongo's Spanish rule book: "19 zafiros (azules) ... 19 ámbares (marrones) ... 10 rubíes
    (rojos) ... 10 esmeraldas (verdes)"."""
    pad = {"Ana": {"azules": 2, "Rojo": 1, "verde": 1}, "Ben": {"marrón": 1, "brown": 1}}
    found = outcome({"game": "Ubongo", "players": ["Ana", "Ben"], "totals": pad})
    assert found is not None and found.result is not None
    assert [p.score for p in found.result.players] == [3 * 2 + 4 + 2, 2]
