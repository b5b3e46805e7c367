"""Tests of the Ubongo scoring engine: rule-book examples, each edge case, and properties."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import ubongo
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.ubongo import Gem

PROPERTY = settings(max_examples=150, deadline=None)


def record(rounds: list[Any], players: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A record of the given rounds, given as (finished, drawn) pairs or as round objects."""
    objs = [{"finished": r[0], "drawn": r[1]} if isinstance(r, tuple) else r for r in rounds]
    return {"game": "ubongo", "players": players or ["Ana", "Ben"], "rounds": objs, **extra}


def run(rec: dict[str, Any]) -> Any:
    """Parse and score a record."""
    return ubongo.score(ubongo.parse(rec))


def invalid(rec: dict[str, Any]) -> InvalidRecord:
    """The InvalidRecord that parsing and scoring ``rec`` raises."""
    with pytest.raises(InvalidRecord) as info:
        run(rec)
    return info.value


def by_name(result: Any) -> dict[str, Any]:
    """The result's players keyed by name."""
    return {p.name: p for p in result.players}


NOBODY: tuple[list[str], list[str]] = ([], [])
ANA_ONLY = (["Ana"], ["ruby"])


# --- rule-book examples ------------------------------------------------------------------


def test_gem_values() -> None:
    assert [g.points for g in Gem] == [4, 3, 2, 1]


def test_rule_book_example_points() -> None:
    gems = [Gem.RUBY, Gem.SAPPHIRE] + [Gem.EMERALD] * 3 + [Gem.AMBER] * 3
    assert ubongo.points(gems) == 16


def test_rule_book_example_in_a_session() -> None:
    # Ana is 2nd three times (3 marker ambers, 3 emerald draws) and 3rd twice (ruby, sapphire).
    players = ["Ana", "Ben", "Cy"]
    second = (["Ben", "Ana"], ["amber", "emerald"])
    third_ruby = (["Ben", "Cy", "Ana"], ["amber", "amber", "ruby"])
    third_sapphire = (["Ben", "Cy", "Ana"], ["amber", "amber", "sapphire"])
    rounds = [second] * 3 + [third_ruby, third_sapphire] + [NOBODY] * 4
    ana = by_name(run(record(rounds, players)))["Ana"]
    assert ana.score == 16
    assert dict(ana.breakdown) == {
        "ruby": 1,
        "sapphire": 1,
        "emerald": 3,
        "amber": 3,
        "gems": 8,
        "finishes": 5,
    }


def test_initial_bag_and_marker() -> None:
    assert {g: 10 for g in Gem} == ubongo.BAG_START
    assert ubongo.MARKER_START == {Gem.SAPPHIRE: 9, Gem.AMBER: 9}
    assert sum(ubongo.INVENTORY.values()) == 58


# --- rewards and the bag -------------------------------------------------------------------


def test_rewards_in_finishing_order() -> None:
    players = ["Ana", "Ben", "Cy", "Dee"]
    rnd = (["Cy", "Dee", "Ana", "Ben"], ["ruby", "emerald", "amber", "sapphire"])
    result = run(record([rnd], players))
    assert result.rounds[0]["awards"] == {
        "Cy": ["sapphire", "ruby"],
        "Dee": ["amber", "emerald"],
        "Ana": ["amber"],
        "Ben": ["sapphire"],
    }
    assert [p.score for p in result.players] == [1, 3, 7, 3]
    assert result.rounds[0]["thrown_into_bag"] == []
    assert result.rounds[0]["bag"] == {"ruby": 9, "sapphire": 9, "emerald": 9, "amber": 9}
    assert result.rounds[0]["marker"] == {"sapphire": 8, "amber": 8}


def test_non_finishers_get_nothing() -> None:
    result = run(record([(["Ben", "Ana"], ["ruby", "ruby"])], ["Ana", "Ben", "Cy"]))
    cy = by_name(result)["Cy"]
    assert cy.score == 0
    assert cy.breakdown["gems"] == 0
    assert "Cy" not in result.rounds[0]["awards"]


def test_nobody_finished_throws_a_sapphire_and_an_amber_into_the_bag() -> None:
    result = run(record([NOBODY]))
    rnd = result.rounds[0]
    assert rnd["awards"] == {}
    assert rnd["thrown_into_bag"] == ["sapphire", "amber"]
    assert rnd["bag"] == {"ruby": 10, "sapphire": 11, "emerald": 10, "amber": 11}
    assert rnd["marker"] == {"sapphire": 8, "amber": 8}
    assert [p.score for p in result.players] == [0, 0]


def test_only_one_finisher_throws_an_amber_into_the_bag() -> None:
    result = run(record([ANA_ONLY]))
    rnd = result.rounds[0]
    assert rnd["awards"] == {"Ana": ["sapphire", "ruby"]}
    assert rnd["thrown_into_bag"] == ["amber"]
    assert rnd["bag"] == {"ruby": 9, "sapphire": 10, "emerald": 10, "amber": 11}
    assert rnd["marker"] == {"sapphire": 8, "amber": 8}
    assert by_name(result)["Ana"].score == 7


def test_marker_loses_one_sapphire_and_one_amber_every_round() -> None:
    rounds = [NOBODY, ANA_ONLY, (["Ben", "Ana"], ["amber", "amber"])] * 3
    result = run(record(rounds))
    assert [r["marker"]["sapphire"] for r in result.rounds] == list(range(8, -1, -1))
    assert [r["marker"]["amber"] for r in result.rounds] == list(range(8, -1, -1))


def test_draw_of_an_exhausted_colour_is_rejected() -> None:
    players = ["Ana", "Ben", "Cy", "Dee"]
    four_rubies = (players, ["ruby"] * 4)
    rec = record([four_rubies, four_rubies, (players, ["ruby", "ruby", "ruby", "amber"])], players)
    error = invalid(rec)
    assert error.field == "rounds[2].drawn[2]"
    assert "no ruby left in the bag" in error.rule


def test_the_tenth_ruby_can_be_drawn() -> None:
    players = ["Ana", "Ben", "Cy", "Dee"]
    four_rubies = (players, ["ruby"] * 4)
    rec = record([four_rubies, four_rubies, (players, ["ruby", "ruby", "amber", "amber"])], players)
    assert run(rec).rounds[-1]["bag"]["ruby"] == 0


def test_gems_thrown_into_the_bag_can_be_drawn() -> None:
    players = ["Ana", "Ben", "Cy", "Dee"]
    four_sapphires = (players, ["sapphire"] * 4)
    eleventh = (["Ana"], ["sapphire"])
    # Without a throw-in the bag holds only 10 sapphires ...
    error = invalid(
        record([four_sapphires, four_sapphires, (players[:2], ["sapphire"] * 2), eleventh], players)
    )
    assert error.field == "rounds[3].drawn[0]"
    # ... after a round nobody finished it holds 11.
    rec = record(
        [NOBODY, four_sapphires, four_sapphires, (players[:2], ["sapphire"] * 2), eleventh], players
    )
    assert run(rec).rounds[-1]["bag"]["sapphire"] == 0


# --- end of game, ties and tie-breaks ------------------------------------------------------


def test_finished_game_has_a_winner() -> None:
    result = run(record([ANA_ONLY] + [NOBODY] * 8))
    assert result.status == "finished"
    assert result.winner == "Ana"
    assert [(p.name, p.score, p.rank) for p in result.players] == [("Ana", 7, 1), ("Ben", 0, 2)]


def test_fewer_than_nine_rounds_is_in_progress() -> None:
    result = run(record([ANA_ONLY] * 3))
    assert result.status == "in progress"
    assert result.winner is None
    assert [p.rank for p in result.players] == [1, 2]


def test_empty_session_is_in_progress() -> None:
    result = run(record([]))
    assert (result.status, result.winner) == ("in progress", None)
    assert [(p.score, p.rank) for p in result.players] == [(0, 1), (0, 1)]


def test_tie_without_tiebreak_is_unresolved() -> None:
    result = run(record([NOBODY] * 9, ["Ana", "Ben", "Cy"]))
    assert result.status == "unresolved tie"
    assert result.winner is None
    assert [p.rank for p in result.players] == [1, 1, 1]


def test_tiebreak_decides_the_winner() -> None:
    # Ana and Ben tie on 4 points (a sapphire and an amber each); Cy trails.
    rounds = [(["Ana", "Ben", "Cy"], ["amber", "sapphire", "amber"])] + [NOBODY] * 8
    result = run(record(rounds, ["Ana", "Ben", "Cy"], tiebreak="Ben"))
    assert [p.score for p in result.players] == [4, 4, 1]
    assert result.status == "finished"
    assert result.winner == "Ben"
    assert [p.rank for p in result.players] == [2, 1, 3]


def test_tiebreak_among_three_leaves_the_others_tied_second() -> None:
    players = ["Ana", "Ben", "Cy", "Dee"]
    rounds = [(["Dee"], ["amber"])] + [NOBODY] * 8  # Dee 4, the rest 0
    result = run(record(rounds, players))
    assert result.winner == "Dee"
    tied = run(record([NOBODY] * 9, players, tiebreak="Cy"))
    assert [p.rank for p in tied.players] == [2, 2, 1, 2]


def test_tiebreak_naming_a_player_not_tied_is_rejected() -> None:
    rounds = [(["Ana", "Ben", "Cy"], ["amber", "sapphire", "amber"])] + [NOBODY] * 8
    error = invalid(record(rounds, ["Ana", "Ben", "Cy"], tiebreak="Cy"))
    assert error.field == "tiebreak"
    assert "not tied for first" in error.rule


def test_tiebreak_without_a_tie_is_rejected() -> None:
    error = invalid(record([ANA_ONLY] + [NOBODY] * 8, tiebreak="Ana"))
    assert error.field == "tiebreak"
    assert "no tie to break" in error.rule


def test_tiebreak_during_the_game_is_rejected() -> None:
    error = invalid(record([NOBODY] * 5, tiebreak="Ana"))
    assert error.field == "tiebreak"
    assert "in progress" in error.rule


def test_tiebreak_naming_an_unknown_player_is_rejected() -> None:
    error = invalid(record([NOBODY] * 9, tiebreak="Zed"))
    assert error.field == "tiebreak"
    assert "unknown player 'Zed'" in error.rule


def test_null_tiebreak_means_none() -> None:
    assert run(record([NOBODY] * 9, tiebreak=None)).status == "unresolved tie"


# --- record structure ----------------------------------------------------------------------


def test_optional_keys_are_ignored() -> None:
    rec = record([ANA_ONLY], id="s1", date="2024-05-01", notes="fun")
    assert by_name(run(rec))["Ana"].score == 7


@pytest.mark.parametrize(
    ("rec", "field", "words"),
    [
        ([], "$", "JSON object"),
        ({"players": ["Ana", "Ben"], "rounds": []}, "game", "missing"),
        ({"game": "jaipur", "players": ["Ana", "Ben"], "rounds": []}, "game", "'ubongo'"),
        ({"game": "ubongo", "rounds": []}, "players", "missing"),
        ({"game": "ubongo", "players": ["Ana", "Ben"]}, "rounds", "missing"),
        (record([], round=[]), "round", "unknown key 'round'; did you mean 'rounds'?"),
        (record([], tie_break="Ana"), "tie_break", "did you mean 'tiebreak'?"),
        (record([], turns=[]), "turns", "another game's records"),
        (record([], ["Ana"]), "players", "2 to 4 players"),
        (record([], ["A", "B", "C", "D", "E"]), "players", "2 to 4 players"),
        (record([], ["Ana", "Ana"]), "players[1]", "duplicate"),
        (record([], ["Ana", 3]), "players[1]", "non-empty name"),
        (record([], ["Ana", ""]), "players[1]", "non-empty name"),
        ({"game": "ubongo", "players": "Ana", "rounds": []}, "players", "list"),
        ({"game": "ubongo", "players": ["Ana", "Ben"], "rounds": {}}, "rounds", "list"),
        (record([NOBODY] * 10), "rounds[9]", "at most 9 rounds"),
        (record([NOBODY, "x"]), "rounds[1]", "round object"),
        (record([{"finished": []}]), "rounds[0].drawn", "missing"),
        (record([{"finished": [], "drawn": [], "time": 3}]), "rounds[0].time", "unknown key"),
        (record([(["Ana", "Zed"], ["ruby", "ruby"])]), "rounds[0].finished[1]", "unknown player"),
        (record([(["Ana", "Ana"], ["ruby", "ruby"])]), "rounds[0].finished[1]", "twice"),
        (record([(["Ana", "Ben"], ["ruby"])]), "rounds[0].drawn", "one drawn gem per finisher"),
        (record([(["Ana"], ["ruby", "ruby"])]), "rounds[0].drawn", "one drawn gem per finisher"),
        (record([(["Ana"], [])]), "rounds[0].drawn", "one drawn gem per finisher"),
        (record([(["Ana"], "ruby")]), "rounds[0].drawn", "list"),
    ],
)
def test_structural_errors_name_the_field(rec: Any, field: str, words: str) -> None:
    error = invalid(rec)
    assert error.field == field
    assert words in error.rule


def test_unknown_gem_names_the_field_and_the_expected_gems() -> None:
    rounds = [NOBODY] * 3 + [(["Ana", "Ben"], ["ruby", "opal"])]
    error = invalid(record(rounds))
    assert error.field == "rounds[3].drawn[1]"
    assert error.rule == "unknown gem 'opal'; expected one of ruby, sapphire, emerald, amber"


def test_result_is_json_ready() -> None:
    result = run(record([ANA_ONLY, NOBODY]))
    assert json.loads(json.dumps(result.to_json()))["players"][0]["breakdown"]["ruby"] == 1


def test_simulate_rejects_bad_player_counts() -> None:
    with pytest.raises(ValueError):
        ubongo.simulate(5, random.Random(0))


# --- properties ------------------------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=2**32)
PLAYER_COUNTS = st.integers(min_value=2, max_value=4)


@PROPERTY
@given(SEEDS, PLAYER_COUNTS)
def test_simulated_sessions_are_valid(seed: int, players: int) -> None:
    rec = ubongo.simulate(players, random.Random(seed))
    assert rec == json.loads(json.dumps(rec))
    result = run(rec)
    assert len(result.players) == players
    if len(rec["rounds"]) == 9:
        assert result.status == ("unresolved tie" if result.winner is None else "finished")
    else:
        assert result.status == "in progress"


@PROPERTY
@given(SEEDS, PLAYER_COUNTS)
def test_gems_are_conserved(seed: int, players: int) -> None:
    result = run(ubongo.simulate(players, random.Random(seed)))
    awarded = Counter({g.value: sum(p.breakdown[g.value] for p in result.players) for g in Gem})
    for gem in Gem:
        assert awarded[gem.value] <= ubongo.INVENTORY[gem]
    if result.rounds:
        last = result.rounds[-1]
        for gem in Gem:
            on_marker = last["marker"].get(gem.value, 0)
            assert awarded[gem.value] + last["bag"][gem.value] + on_marker == ubongo.INVENTORY[gem]


@PROPERTY
@given(SEEDS, PLAYER_COUNTS, st.randoms(use_true_random=False))
def test_player_order_changes_no_score(seed: int, players: int, shuffler: random.Random) -> None:
    rec = ubongo.simulate(players, random.Random(seed))
    before = {p.name: (p.score, p.rank) for p in run(rec).players}
    shuffled = dict(rec, players=shuffler.sample(rec["players"], players))
    result = run(shuffled)
    assert {p.name: (p.score, p.rank) for p in result.players} == before
    assert [p.name for p in result.players] == shuffled["players"]


@PROPERTY
@given(SEEDS, PLAYER_COUNTS)
def test_simulation_is_deterministic(seed: int, players: int) -> None:
    assert ubongo.simulate(players, random.Random(seed)) == ubongo.simulate(
        players, random.Random(seed)
    )


@PROPERTY
@given(SEEDS, PLAYER_COUNTS)
def test_score_is_sum_of_gem_points(seed: int, players: int) -> None:
    for p in run(ubongo.simulate(players, random.Random(seed))).players:
        assert p.score == sum(p.breakdown[g.value] * g.points for g in Gem)
        assert p.breakdown["gems"] == sum(p.breakdown[g.value] for g in Gem)
