"""Totals records, what a score pad holds, for every game: scored, checked, and said to be."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import amul, jaipur, jambo, ubongo
from ubongo.scoring.common import InvalidRecord, SessionResult
from ubongo.scoring.records import Entry, evaluate


def scored(record: dict[str, Any]) -> SessionResult:
    """The result of a record that must be valid."""
    outcome = evaluate(Entry("pad", record))
    assert outcome is not None and outcome.result is not None, outcome
    return outcome.result


def refused(record: dict[str, Any]) -> tuple[str, str]:
    """The (field, rule) of the first fault of a record that must be invalid."""
    outcome = evaluate(Entry("pad", record))
    assert outcome is not None and outcome.result is None
    return outcome.problems[0].field, outcome.problems[0].rule


# --- Ubongo ---------------------------------------------------------------------------------


def test_ubongo_totals_score_the_gems_in_any_edition_s_words() -> None:
    """Rule book: "1 ruby, 1 sapphire, 3 emeralds, 3 ambers = 4 + 3 + 6 + 3 = 16"."""
    pad = {"Ana": {"Rubin": 1, "saphirs": 1, "emeralds": 3, "amber": 3}, "Ben": {"ruby": 3}}
    result = scored({"game": "ubongo", "players": ["Ana", "Ben"], "totals": pad})
    assert result.record == "totals" and result.to_json()["record"] == "totals"
    assert [(p.name, p.score, p.rank) for p in result.players] == [("Ana", 16, 1), ("Ben", 12, 2)]
    assert result.players[0].breakdown == {
        "ruby": 1,
        "sapphire": 1,
        "emerald": 3,
        "amber": 3,
        "gems": 8,
    }
    assert (result.status, result.winner) == ("finished", "Ana")


def test_ubongo_totals_are_checked_against_the_bag() -> None:
    """Rule book: "58 gems: 19 sapphires, 19 ambers, 10 rubies, 10 emeralds"."""
    record = {"game": "ubongo", "players": ["Ana", "Ben"]}
    too_many = {"Ana": {"ruby": 6}, "Ben": {"rubies": 5}}
    assert refused({**record, "totals": too_many}) == (
        "totals",
        "11 ruby gems in all; the game has 10",
    )
    # A round gives a player one marker gem and one draw at most: 18 in 9 rounds.
    field, rule = refused({**record, "totals": {"Ana": {"amber": 19}, "Ben": {}}})
    assert field == "totals.Ana" and "at most 18" in rule
    assert refused({**record, "totals": {"Ana": {"opal": 1}, "Ben": {}}}) == (
        "totals.Ana.opal",
        "unknown gem 'opal'; expected one of ruby, sapphire, emerald, amber",
    )
    assert refused({**record, "totals": {"Ana": {"ruby": -1}, "Ben": {}}})[0] == "totals.Ana.ruby"
    assert refused({**record, "totals": {"Ana": {}}})[0] == "totals.Ben"


def test_ubongo_totals_tie_needs_the_tie_break() -> None:
    """Rule book: "Tie: the tied players play one tie-break round"."""
    record = {
        "game": "ubongo",
        "players": ["Ana", "Ben"],
        "totals": {"Ana": {"ruby": 1}, "Ben": {"ruby": 1}},
    }
    assert scored(record).status == "unresolved tie"
    assert scored({**record, "tiebreak": "Ben"}).winner == "Ben"


# --- Jaipur ---------------------------------------------------------------------------------


def line(rupees: int, bonus: int, goods: int) -> dict[str, int]:
    return {"rupees": rupees, "bonus_tokens": bonus, "goods_tokens": goods}


def test_jaipur_totals_decide_rounds_by_rupees_then_bonus_then_goods_tokens() -> None:
    """Rule book: the richer player wins the round; on a tie, the most bonus tokens, then the
    most goods tokens; the first to 2 seals of excellence wins."""
    rounds = [
        {"Ana": line(61, 3, 9), "Ben": line(48, 2, 7)},  # rupees: Ana
        {"Ana": line(50, 2, 8), "Ben": line(50, 3, 6)},  # bonus tokens: Ben
        {"Ana": line(45, 2, 8), "Ben": line(45, 2, 6)},  # goods tokens: Ana
    ]
    result = scored({"game": "jaipur", "players": ["Ana", "Ben"], "totals": rounds})
    assert [r["decided_by"] for r in result.rounds] == ["rupees", "bonus tokens", "goods tokens"]
    assert (result.status, result.winner, result.record) == ("finished", "Ana", "totals")
    assert result.players[0].breakdown == {
        "seals": 2,
        "rupees": 156,
        "bonus_tokens": 7,
        "goods_tokens": 25,
    }


def test_jaipur_totals_are_checked() -> None:
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    no_token = [{"Ana": line(7, 0, 0), "Ben": line(5, 0, 0)}]
    assert refused({**record, "totals": no_token})[0] == "totals[0].Ana.rupees"
    too_many = [{"Ana": line(90, 0, 30), "Ben": line(90, 0, 20)}]
    assert refused({**record, "totals": too_many})[0] == "totals[0]"
    won = {"Ana": line(60, 1, 5), "Ben": line(40, 1, 5)}
    assert refused({**record, "totals": [won, won, won]})[0] == "totals[2]"
    assert refused({**record, "totals": [{"Ana": line(1, 1, 1), "Ben": {"rupees": 1}}]})[0] == (
        "totals[0].Ben.bonus_tokens"
    )


# --- Jambo ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gold", "ended_by", "status", "winner"),
    [
        ({"Ana": 63, "Ben": 58}, None, "finished", "Ana"),
        ({"Ana": 58, "Ben": 63}, "Ana", "finished", "Ben"),
        ({"Ana": 61, "Ben": 61}, "Ana", "finished", "Ben"),  # a tie goes to the opponent
        ({"Ana": 61, "Ben": 61}, None, "unresolved tie", None),
        ({"Ana": 40, "Ben": 38}, None, "in progress", None),
    ],
)
def test_jambo_totals_final_gold(
    gold: dict[str, int], ended_by: str | None, status: str, winner: str | None
) -> None:
    """Rule book (Spanish): the opponent wins with "la misma cantidad o más" gold."""
    record: dict[str, Any] = {"game": "jambo", "players": ["Ana", "Ben"], "totals": gold}
    if ended_by:
        record["ended_by"] = ended_by
    result = scored(record)
    assert (result.status, result.winner, result.record) == (status, winner, "totals")


def test_jambo_totals_are_checked() -> None:
    record = {"game": "jambo", "players": ["Ana", "Ben"]}
    assert refused({**record, "totals": {"Ana": -1, "Ben": 3}})[0] == "totals.Ana"
    assert refused({**record, "totals": {"Ana": 1}})[0] == "totals.Ben"
    assert refused({**record, "totals": {"Ana": 1, "Ben": 1}, "ended_by": "Cy"})[0] == "ended_by"


# --- every game -------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_ubongo_totals_of_a_game_score_as_its_events(seed: int, players: int) -> None:
    """The gems a finished game's events give, written as totals, score the same."""
    record = ubongo.simulate(players, random.Random(seed))
    events = scored(record)
    pad = {
        p.name: {g: p.breakdown[g] for g in ("ruby", "sapphire", "emerald", "amber")}
        for p in events.players
    }
    totals = scored(
        {
            "game": "ubongo",
            "players": record["players"],
            "totals": pad,
            **({"tiebreak": record["tiebreak"]} if "tiebreak" in record else {}),
        }
    )
    assert [(p.score, p.rank) for p in totals.players] == [
        (p.score, p.rank) for p in events.players
    ]
    assert (totals.status, totals.winner) == (events.status, events.winner)
    assert (events.record, totals.record) == ("events", "totals")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_jaipur_totals_of_a_game_score_as_its_events(seed: int) -> None:
    """A game's per-round rupees and token counts, written as totals, give the same seals."""
    record = jaipur.simulate(2, random.Random(seed))
    events = scored(record)
    rounds = [
        {name: {k: totals[k] for k in jaipur.PAD_KEYS} for name, totals in r["players"].items()}
        for r in events.rounds
    ]
    totals = scored({"game": "jaipur", "players": record["players"], "totals": rounds})
    assert [(p.score, p.rank) for p in totals.players] == [
        (p.score, p.rank) for p in events.players
    ]
    assert (totals.status, totals.winner) == (events.status, events.winner)


def test_amul_records_are_totals_and_an_engine_says_so_for_events() -> None:
    """An Amul record holds the final play areas, what the score pad holds."""
    assert scored(amul.simulate(3, random.Random(1))).record == "totals"
    assert scored(jambo.simulate(2, random.Random(1))).record == "events"
    with pytest.raises(InvalidRecord):
        jambo.parse({"game": "jambo", "players": ["A", "B"], "totals": []})
