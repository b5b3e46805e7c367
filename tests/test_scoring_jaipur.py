"""Tests of the Jaipur scoring engine: rule-book cases, each edge case, and properties."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import jaipur
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.jaipur import Good

PROPERTY = settings(max_examples=150, deadline=None)


def sale(player: str, good: str, cards: int, bonus: int | None = None) -> dict[str, Any]:
    """A sale object; ``bonus`` left out when None."""
    obj: dict[str, Any] = {"player": player, "good": good, "cards": cards}
    return obj if bonus is None else {**obj, "bonus": bonus}


def rnd(*sales: dict[str, Any], ana: int = 0, ben: int = 0) -> dict[str, Any]:
    """A round object with the given sales and herd camels."""
    return {"sales": list(sales), "camels": {"Ana": ana, "Ben": ben}}


def record(*rounds: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A record of Ana and Ben playing the given rounds."""
    return {"game": "jaipur", "players": ["Ana", "Ben"], "rounds": list(rounds), **extra}


def run(rec: dict[str, Any]) -> Any:
    """Parse and score a record."""
    return jaipur.score(jaipur.parse(rec))


def invalid(rec: dict[str, Any]) -> InvalidRecord:
    """The InvalidRecord that parsing and scoring ``rec`` raises."""
    with pytest.raises(InvalidRecord) as info:
        run(rec)
    return info.value


def first_round(rec: dict[str, Any]) -> dict[str, Any]:
    """The JSON result of the record's first round."""
    return dict(run(rec).rounds[0])


ANA_WINS = rnd(sale("Ana", "diamond", 2))  # 14 rupees to nothing
BEN_WINS = rnd(sale("Ben", "diamond", 2))
TIED = rnd(sale("Ana", "silver", 2), sale("Ben", "silver", 2))  # 10 each, 2 tokens each


# --- material ------------------------------------------------------------------------------


def test_material_counts() -> None:
    assert sum(len(p) for p in jaipur.GOODS_TOKENS.values()) == 38
    assert sum(sum(p) for p in jaipur.GOODS_TOKENS.values()) == 130
    assert sum(len(p) for p in jaipur.BONUS_TOKENS.values()) == 18
    assert sum(jaipur.CARDS.values()) + jaipur.CAMEL_CARDS == 55
    for pile in jaipur.GOODS_TOKENS.values():
        assert list(pile) == sorted(pile, reverse=True)  # highest value on top


def test_bonus_pile_by_cards_sold() -> None:
    assert [jaipur.bonus_pile(n) for n in range(1, 8)] == [None, None, 3, 4, 5, 5, 5]


# --- sales and tokens ----------------------------------------------------------------------


def test_selling_five_leather_with_two_tokens_left() -> None:
    # The worked example: the seller takes the two 1s and a 5-card bonus token.
    left = jaipur.GOODS_TOKENS[Good.LEATHER][7:]
    assert jaipur.take_tokens(left, 5) == (1, 1)
    assert jaipur.bonus_pile(5) == 5


def test_short_pile_sale_in_a_session() -> None:
    # Six leather tokens go (4 3 | 2 1 | 1 1); Ben then sells 4 against the three 1s left.
    rec = record(
        rnd(
            sale("Ana", "leather", 2),
            sale("Ben", "leather", 2),
            sale("Ana", "leather", 2),
            sale("Ben", "leather", 4, bonus=5),
        )
    )
    players = first_round(rec)["players"]
    assert players["Ben"] == {
        "rupees": 11,
        "goods": 6,
        "bonus": 5,
        "camel": 0,
        "bonus_tokens": 1,
        "goods_tokens": 5,
    }
    assert players["Ana"]["goods"] == 9
    assert players["Ana"]["goods_tokens"] == 4


def test_tokens_come_off_the_top() -> None:
    rec = record(rnd(sale("Ana", "cloth", 2), sale("Ben", "cloth", 2), sale("Ana", "spice", 1)))
    players = first_round(rec)["players"]
    assert players["Ana"]["goods"] == 5 + 3 + 5
    assert players["Ben"]["goods"] == 3 + 2


def test_precious_sale_of_two_with_one_token_left() -> None:
    rec = record(
        rnd(sale("Ana", "diamond", 2), sale("Ben", "diamond", 2), sale("Ana", "diamond", 2))
    )
    players = first_round(rec)["players"]
    assert (players["Ana"]["goods"], players["Ana"]["goods_tokens"]) == (7 + 7 + 5, 3)
    assert (players["Ben"]["goods"], players["Ben"]["goods_tokens"]) == (10, 2)


def test_a_good_with_an_empty_pile_may_still_be_sold() -> None:
    cloth = [sale("Ana", "cloth", 2), sale("Ana", "cloth", 2), sale("Ana", "cloth", 3, bonus=1)]
    players = first_round(record(rnd(*cloth, sale("Ben", "cloth", 1))))["players"]
    assert players["Ana"]["goods_tokens"] == 7
    assert players["Ana"]["goods"] == 17
    assert players["Ben"]["goods_tokens"] == 0
    assert players["Ben"]["rupees"] == 0


def test_one_diamond_sale_is_refused() -> None:
    error = invalid(record(rnd(sale("Ana", "cloth", 1), sale("Ana", "diamond", 1))))
    assert error.field == "rounds[0].sales[1].cards"
    assert "at least 2" in error.rule


@pytest.mark.parametrize("good", ["gold", "silver"])
def test_one_gold_or_silver_sale_is_refused(good: str) -> None:
    assert invalid(record(rnd(sale("Ben", good, 1)))).field == "rounds[0].sales[0].cards"


def test_camel_sale_is_refused() -> None:
    error = invalid(record(ANA_WINS, rnd(sale("Ben", "camel", 3))))
    assert error.field == "rounds[1].sales[0].good"
    assert error.rule == "camels can never be sold"


def test_unknown_good_names_the_expected_goods() -> None:
    error = invalid(record(rnd(sale("Ana", "sugar", 2))))
    assert error.field == "rounds[0].sales[0].good"
    assert error.rule == (
        "unknown good 'sugar'; expected one of diamond, gold, silver, cloth, spice, leather"
    )


def test_unknown_good_names_the_closest_edition_word() -> None:
    error = invalid(record(rnd(sale("Ana", "tea", 2))))
    assert error.rule.startswith("unknown good 'tea' (did you mean 'tela', cloth?)")


def test_more_cards_than_the_deck_holds_are_refused() -> None:
    diamonds = [sale("Ana", "diamond", 2)] * 3
    error = invalid(record(rnd(*diamonds, sale("Ben", "diamond", 2))))
    assert error.field == "rounds[0].sales[3].cards"
    assert "6 diamond cards" in error.rule


def test_more_cards_than_a_hand_holds_are_refused() -> None:
    error = invalid(record(rnd(sale("Ana", "leather", 8, bonus=8))))
    assert error.field == "rounds[0].sales[0].cards"
    assert "at most 7" in error.rule


@pytest.mark.parametrize("cards", [0, -2, True, 2.5, "3", None])
def test_card_counts_must_be_positive_integers(cards: Any) -> None:
    assert invalid(record(rnd(sale("Ana", "leather", cards)))).field == "rounds[0].sales[0].cards"


# --- bonus tokens ----------------------------------------------------------------------------


def test_bonus_on_a_small_sale_is_refused() -> None:
    error = invalid(record(rnd(sale("Ana", "cloth", 2, bonus=1))))
    assert error.field == "rounds[0].sales[0].bonus"
    assert "takes no bonus" in error.rule


def test_missing_bonus_while_the_pile_holds_tokens_is_refused() -> None:
    error = invalid(record(rnd(sale("Ana", "cloth", 3))))
    assert error.field == "rounds[0].sales[0].bonus"
    assert "record its value" in error.rule


def test_bonus_value_must_belong_to_its_pile() -> None:
    error = invalid(record(rnd(sale("Ana", "cloth", 3, bonus=4))))
    assert error.field == "rounds[0].sales[0].bonus"
    assert error.rule == "a 3-card bonus is one of 1, 2, 3, not 4"
    error = invalid(record(rnd(sale("Ana", "leather", 6, bonus=6))))
    assert error.rule == "a 5+-card bonus is one of 8, 9, 10, not 6"


def test_bonus_value_must_still_be_in_its_pile() -> None:
    threes = [sale("Ana", "cloth", 3, 3), sale("Ben", "spice", 3, 3), sale("Ana", "leather", 3, 3)]
    error = invalid(record(rnd(*threes)))
    assert error.field == "rounds[0].sales[2].bonus"
    assert "no 3 left" in error.rule


def test_bonus_piles_are_fresh_every_round() -> None:
    threes = rnd(sale("Ana", "cloth", 3, 3), sale("Ana", "spice", 3, 3))
    result = run(record(threes, threes))
    assert [r["players"]["Ana"]["bonus"] for r in result.rounds] == [6, 6]


SEVEN_THREE_CARD_SALES = [
    sale("Ana", "cloth", 3, 1),
    sale("Ana", "cloth", 3, 1),
    sale("Ana", "spice", 3, 2),
    sale("Ana", "spice", 3, 2),
    sale("Ana", "leather", 3, 2),
    sale("Ana", "leather", 3, 3),
    sale("Ana", "gold", 3, 3),
]


def test_an_empty_bonus_pile_gives_nothing() -> None:
    players = first_round(record(rnd(*SEVEN_THREE_CARD_SALES, sale("Ben", "silver", 3))))["players"]
    assert (players["Ana"]["bonus"], players["Ana"]["bonus_tokens"]) == (14, 7)
    assert (players["Ben"]["bonus"], players["Ben"]["bonus_tokens"]) == (0, 0)
    assert players["Ben"]["goods"] == 15


def test_bonus_from_an_empty_pile_is_refused() -> None:
    error = invalid(record(rnd(*SEVEN_THREE_CARD_SALES, sale("Ben", "silver", 3, bonus=1))))
    assert error.field == "rounds[0].sales[7].bonus"
    assert "empty" in error.rule


# --- end of a round --------------------------------------------------------------------------

THREE_PILES_EMPTIED = [
    sale("Ana", "diamond", 5, 8),
    sale("Ben", "gold", 5, 9),
    sale("Ana", "silver", 5, 10),
]


def test_three_empty_piles_end_the_round() -> None:
    players = first_round(record(rnd(*THREE_PILES_EMPTIED)))["players"]
    assert players["Ana"]["rupees"] == 29 + 8 + 25 + 10
    assert players["Ben"]["rupees"] == 27 + 9


def test_sale_after_the_round_ended_is_refused() -> None:
    error = invalid(record(rnd(*THREE_PILES_EMPTIED, sale("Ben", "cloth", 1))))
    assert error.field == "rounds[0].sales[3]"
    assert "sales[2]" in error.rule
    assert "round was over" in error.rule


def test_two_empty_piles_do_not_end_the_round() -> None:
    players = first_round(record(rnd(*THREE_PILES_EMPTIED[:2], sale("Ben", "cloth", 1))))["players"]
    assert players["Ben"]["goods"] == 27 + 5


# --- camels ----------------------------------------------------------------------------------


def test_camel_token_to_the_larger_herd() -> None:
    players = first_round(record(rnd(ana=3, ben=1)))["players"]
    assert (players["Ana"]["camel"], players["Ben"]["camel"]) == (5, 0)
    assert players["Ana"]["rupees"] == 5


def test_equal_herds_get_no_camel_token() -> None:
    players = first_round(record(rnd(ana=4, ben=4)))["players"]
    assert (players["Ana"]["camel"], players["Ben"]["camel"]) == (0, 0)


@pytest.mark.parametrize(
    ("camels", "field", "words"),
    [
        ({"Ana": 1}, "rounds[0].camels.Ben", "missing"),
        ({"Ana": 1, "Ben": 2, "Cy": 0}, "rounds[0].camels.Cy", "unknown key"),
        ({"Ana": -1, "Ben": 2}, "rounds[0].camels.Ana", "cannot hold -1"),
        ({"Ana": 1, "Ben": 2.0}, "rounds[0].camels.Ben", "whole number"),
        ({"Ana": False, "Ben": 2}, "rounds[0].camels.Ana", "whole number"),
        ({"Ana": 6, "Ben": 6}, "rounds[0].camels", "11 camels"),
        ([1, 2], "rounds[0].camels", "object"),
    ],
)
def test_camel_counts_are_checked(camels: Any, field: str, words: str) -> None:
    error = invalid(record({"sales": [], "camels": camels}))
    assert error.field == field
    assert words in error.rule


# --- winning a round -------------------------------------------------------------------------


def test_richer_player_wins_the_round() -> None:
    result = first_round(record(rnd(sale("Ana", "cloth", 1), sale("Ben", "leather", 1))))
    assert (result["winner"], result["decided_by"]) == ("Ana", "rupees")


def test_camel_token_can_decide_the_round() -> None:
    result = first_round(record(rnd(sale("Ana", "leather", 1), ben=2)))
    assert (result["winner"], result["decided_by"]) == ("Ben", "rupees")


def test_rupee_tie_is_broken_by_bonus_tokens() -> None:
    # Ana: leather 4 + 3 + 2 and a bonus 1 = 10; Ben: silver 5 + 5 = 10, no bonus token.
    result = first_round(record(rnd(sale("Ana", "leather", 3, 1), sale("Ben", "silver", 2))))
    assert result["players"]["Ana"]["rupees"] == result["players"]["Ben"]["rupees"] == 10
    assert (result["winner"], result["decided_by"]) == ("Ana", "bonus tokens")


def test_then_by_goods_tokens() -> None:
    # Ana: silver 5 + 5 = 10 in 2 tokens; Ben: leather 4 + 3, 2, 1 = 10 in 4 tokens.
    leather = [sale("Ben", "leather", 2), sale("Ben", "leather", 1), sale("Ben", "leather", 1)]
    result = first_round(record(rnd(sale("Ana", "silver", 2), *leather)))
    assert result["players"]["Ana"]["rupees"] == result["players"]["Ben"]["rupees"] == 10
    assert (result["winner"], result["decided_by"]) == ("Ben", "goods tokens")


def test_a_complete_tie_is_unresolved() -> None:
    result = run(record(TIED))
    assert dict(result.rounds[0]) == {
        "round": 1,
        "winner": None,
        "decided_by": "unresolved",
        "players": {name: _silver_pair() for name in ("Ana", "Ben")},
    }
    assert (result.status, result.winner) == ("unresolved tie", None)
    assert [(p.score, p.rank) for p in result.players] == [(0, 1), (0, 1)]


def _silver_pair() -> dict[str, int]:
    """One player's totals after selling two silver and nothing else."""
    keys = ("rupees", "goods", "bonus", "camel", "bonus_tokens", "goods_tokens")
    return dict(zip(keys, (10, 10, 0, 0, 0, 2), strict=True))


def test_an_unresolved_round_awards_no_seal_and_play_goes_on() -> None:
    result = run(record(TIED, ANA_WINS))
    assert (result.status, result.winner) == ("in progress", None)
    assert [p.score for p in result.players] == [1, 0]
    result = run(record(TIED, ANA_WINS, BEN_WINS, ANA_WINS))
    assert (result.status, result.winner) == ("finished", "Ana")


# --- the game --------------------------------------------------------------------------------


def test_two_seals_win_the_game() -> None:
    result = run(record(ANA_WINS, BEN_WINS, ANA_WINS))
    assert (result.status, result.winner) == ("finished", "Ana")
    assert [(p.name, p.score, p.rank) for p in result.players] == [("Ana", 2, 1), ("Ben", 1, 2)]
    assert [r["winner"] for r in result.rounds] == ["Ana", "Ben", "Ana"]
    assert [r["round"] for r in result.rounds] == [1, 2, 3]


def test_one_seal_is_in_progress() -> None:
    result = run(record(BEN_WINS))
    assert (result.status, result.winner) == ("in progress", None)
    assert [p.rank for p in result.players] == [2, 1]


def test_no_rounds_is_in_progress() -> None:
    result = run(record())
    assert (result.status, result.winner, result.rounds) == ("in progress", None, ())


def test_round_after_two_seals_is_refused() -> None:
    error = invalid(record(BEN_WINS, BEN_WINS, ANA_WINS))
    assert error.field == "rounds[2]"
    assert "game was over" in error.rule


def test_breakdown_sums_the_rounds() -> None:
    result = run(record(rnd(sale("Ana", "leather", 3, 2), ana=2), ANA_WINS))
    ana = {p.name: p for p in result.players}["Ana"]
    assert dict(ana.breakdown) == {
        "seals": 2,
        "rupees": 9 + 2 + 5 + 14,
        "goods": 9 + 14,
        "bonus": 2,
        "camel": 5,
        "bonus_tokens": 1,
        "goods_tokens": 5,
    }


def test_round_results_have_exactly_the_documented_keys() -> None:
    result = run(record(ANA_WINS))
    assert set(result.rounds[0]) == {"round", "winner", "decided_by", "players"}
    assert list(result.rounds[0]["players"]) == ["Ana", "Ben"]
    assert json.loads(json.dumps(result.to_json()))["winner"] is None


# --- record structure ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rec", "field", "words"),
    [
        ("x", "$", "JSON object"),
        ({"game": "ubongo", "players": ["Ana", "Ben"], "rounds": []}, "game", "'jaipur'"),
        ({"game": "jaipur", "players": ["Ana", "Ben"]}, "rounds", "missing"),
        (record(tiebreak="Ana"), "tiebreak", "another game's records"),
        (record(round=[]), "round", "did you mean 'rounds'?"),
        (record(Players=[]), "Players", "did you mean 'players'?"),
        ({"game": "jaipur", "players": ["Ana"], "rounds": []}, "players", "exactly 2"),
        ({"game": "jaipur", "players": ["A", "B", "C"], "rounds": []}, "players", "exactly 2"),
        ({"game": "jaipur", "players": ["Ana", "Ana"], "rounds": []}, "players[1]", "duplicate"),
        ({"game": "jaipur", "players": [None, "Ana"], "rounds": []}, "players[0]", "name"),
        ({"game": "jaipur", "players": ["Ana", "Ben"], "rounds": {}}, "rounds", "list"),
        (record({"sales": []}), "rounds[0].camels", "missing"),
        (record({**ANA_WINS, "deck": 3}), "rounds[0].deck", "unknown key"),
        (record(rnd(sale("Cy", "cloth", 1))), "rounds[0].sales[0].player", "unknown player"),
        (record(rnd({"player": "Ana", "good": "cloth"})), "rounds[0].sales[0].cards", "missing"),
        (record(rnd({**sale("Ana", "cloth", 1), "x": 1})), "rounds[0].sales[0].x", "unknown key"),
        (record(rnd(sale("Ana", "cloth", 3, "2"))), "rounds[0].sales[0].bonus", "bonus value"),
        (record(ANA_WINS, "r"), "rounds[1]", "round object"),
        (record({"sales": [3], "camels": {}}), "rounds[0].sales[0]", "sale object"),
    ],
)
def test_structural_errors_name_the_field(rec: Any, field: str, words: str) -> None:
    error = invalid(rec)
    assert error.field == field
    assert words in error.rule


def test_optional_keys_are_ignored() -> None:
    result = run(record(ANA_WINS, id="j1", date="2024-05-01", notes="close game"))
    assert [p.score for p in result.players] == [1, 0]


def test_null_bonus_means_none() -> None:
    assert first_round(record(rnd(sale("Ana", "cloth", 2, None))))["winner"] == "Ana"


def test_simulate_rejects_other_player_counts() -> None:
    with pytest.raises(ValueError):
        jaipur.simulate(3, random.Random(0))


# --- properties ------------------------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=2**32)


@PROPERTY
@given(SEEDS)
def test_simulated_sessions_are_valid(seed: int) -> None:
    rec = jaipur.simulate(2, random.Random(seed))
    assert rec == json.loads(json.dumps(rec))
    result = run(rec)
    seals = [p.score for p in result.players]
    assert seals == [p.breakdown["seals"] for p in result.players]
    if result.status == "finished":
        assert max(seals) == 2
        assert result.rounds[-1]["winner"] == result.winner
    else:
        assert max(seals) < 2


@PROPERTY
@given(SEEDS)
def test_tokens_are_conserved_per_round(seed: int) -> None:
    result = run(jaipur.simulate(2, random.Random(seed)))
    all_bonus = [v for pile in jaipur.BONUS_TOKENS.values() for v in pile]
    for rnd_result in result.rounds:
        totals = list(rnd_result["players"].values())
        assert sum(t["goods_tokens"] for t in totals) <= 38
        assert sum(t["goods"] for t in totals) <= 130
        assert sum(t["bonus_tokens"] for t in totals) <= 18
        assert sum(t["bonus"] for t in totals) <= sum(all_bonus)
        assert sorted(t["camel"] for t in totals) in ([0, 0], [0, 5])
        for t in totals:
            assert t["rupees"] == t["goods"] + t["bonus"] + t["camel"]


@PROPERTY
@given(SEEDS)
def test_player_order_changes_no_score(seed: int) -> None:
    rec = jaipur.simulate(2, random.Random(seed))
    result = run(rec)
    swapped = run(dict(rec, players=rec["players"][::-1]))
    assert {p.name: (p.score, p.rank) for p in swapped.players} == {
        p.name: (p.score, p.rank) for p in result.players
    }
    assert [p.name for p in swapped.players] == rec["players"][::-1]
    assert [r["winner"] for r in swapped.rounds] == [r["winner"] for r in result.rounds]
    assert (swapped.status, swapped.winner) == (result.status, result.winner)


@PROPERTY
@given(SEEDS)
def test_simulation_is_deterministic(seed: int) -> None:
    assert jaipur.simulate(2, random.Random(seed)) == jaipur.simulate(2, random.Random(seed))
