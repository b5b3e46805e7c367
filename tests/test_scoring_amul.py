"""Amul final scoring: majorities, ties, catalog cards, player count, player order, and
properties checked against a brute-force restatement of the majority rule."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import amul
from ubongo.scoring.common import SessionResult
from ubongo.scoring.errors import InvalidRecord


def card(name: str, points: int = 0, **symbols: int) -> dict[str, Any]:
    """A card object with its values."""
    return {"name": name, "points": points, **symbols}


def player(name: str, *cards: Any) -> dict[str, Any]:
    return {"name": name, "cards": list(cards)}


def record(*players: dict[str, Any]) -> dict[str, Any]:
    return {"game": "amul", "players": list(players)}


def run(*players: dict[str, Any], catalog: Any = None) -> SessionResult:
    return amul.score(amul.parse(record(*players), catalog=catalog))


def by_name(result: SessionResult, key: str) -> dict[str, Any]:
    """One breakdown entry (or "score"/"rank") for every player."""
    if key in ("score", "rank"):
        return {p.name: getattr(p, key) for p in result.players}
    return {p.name: p.breakdown[key] for p in result.players}


def refused(rec: dict[str, Any], catalog: Any = None) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as caught:
        amul.score(amul.parse(rec, catalog=catalog))
    return caught.value


def arabs(*counts: int) -> SessionResult:
    """A session where player Pi holds counts[i] Arab symbols and nothing else."""
    return run(*(player(f"P{i}", card("c", arab=n)) for i, n in enumerate(counts)))


# --- the record ------------------------------------------------------------------------------


def test_brief_example_scores() -> None:
    result = run(
        player("Ana", card("Yurt", 3, arab=1, mongol=0, military=1)),
        player("Ben", card("Camel", 2, mongol=2)),
        player("Cy", card("Horse", 1, arab=1)),
    )
    # Ana and Cy tie for Arab 1st -> both 2nd place's 4; Ben alone has Mongol symbols -> 8
    assert by_name(result, "score") == {"Ana": 7, "Ben": 10, "Cy": 5}
    assert result.players[0].breakdown == {
        "card_points": 3,
        "arab_majority": 4,
        "mongol_majority": 0,
        "arab_symbols": 1,
        "mongol_symbols": 0,
        "military": 1,
    }
    assert result.winner == "Ben" and result.status == "finished"
    assert [p.rank for p in result.players] == [2, 1, 3]
    assert result.rounds == ()


def test_optional_keys_ignored_and_game_checked() -> None:
    rec = record(player("A"), player("B"), player("C")) | {"id": "x", "date": "d", "notes": "n"}
    assert amul.score(amul.parse(rec)).status == "unresolved tie"
    assert refused(rec | {"game": "jambo"}).field == "game"


def test_unknown_keys_refused() -> None:
    rec = record(player("A"), player("B"), player("C"))
    assert refused(rec | {"player": "A"}).field == "player"
    assert amul.score(amul.parse(rec | {"round": 9})).extra == {"round": 9}
    rec = record(player("A") | {"hand": []}, player("B"), player("C"))
    assert refused(rec).field == "players[0].hand"
    rec = record(player("A", card("x") | {"colour": "red"}), player("B"), player("C"))
    assert refused(rec).field == "players[0].cards[0].colour"


@pytest.mark.parametrize("count", [2, 9])
def test_three_to_eight_players_enforced(count: int) -> None:
    rec = record(*(player(f"P{i}") for i in range(count)))
    error = refused(rec)
    assert error.field == "players"
    assert "3 to 8" in error.rule


@pytest.mark.parametrize("count", [3, 8])
def test_three_and_eight_players_accepted(count: int) -> None:
    assert len(run(*(player(f"P{i}") for i in range(count))).players) == count


def test_player_names_distinct() -> None:
    rec = record(player("A"), player("A"), player("C"))
    assert refused(rec).field == "players[1].name"


def test_players_must_be_objects() -> None:
    rec = {"game": "amul", "players": ["A", "B", "C"]}
    assert refused(rec).field == "players[0]"


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        ({"points": True}, "points"),
        ({"points": 1.5}, "points"),
        ({"arab": -1}, "arab"),
        ({"military": "2"}, "military"),
        ({"pick_order": 3}, "pick_order"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_card_values_refused(bad: dict[str, Any], where: str) -> None:
    rec = record(player("A", card("x", 1) | bad), player("B"), player("C"))
    assert refused(rec).field == f"players[0].cards[0].{where}"


def test_negative_points_allowed_for_variable_cards() -> None:
    result = run(player("A", card("x", -2)), player("B"), player("C"))
    assert by_name(result, "score")["A"] == -2


# --- catalog ---------------------------------------------------------------------------------

CATALOG: dict[str, dict[str, Any]] = {
    "Yurt": {"points": 3, "arab": 1, "military": 1},
    "Camel": {"points": 2, "mongol": 2, "pick_order": "C"},
}


def test_cards_by_catalog_name() -> None:
    result = run(player("A", "Yurt", "Camel"), player("B"), player("C"), catalog=CATALOG)
    assert result.players[0].breakdown == {
        "card_points": 5,
        "arab_majority": 8,
        "mongol_majority": 8,
        "arab_symbols": 1,
        "mongol_symbols": 2,
        "military": 1,
    }


def test_card_object_overrides_catalog() -> None:
    result = run(
        player("A", {"name": "Yurt", "points": 7}), player("B"), player("C"), catalog=CATALOG
    )
    assert by_name(result, "card_points")["A"] == 7
    assert by_name(result, "military")["A"] == 1


def test_unknown_card_name_without_catalog_refused() -> None:
    rec = record(player("A", card("x"), "Yurt"), player("B"), player("C"))
    assert refused(rec).field == "players[0].cards[1]"


def test_card_name_missing_from_catalog_refused() -> None:
    rec = record(player("A"), player("B", "Yurt", "Palace"), player("C"))
    assert refused(rec, CATALOG).field == "players[1].cards[1]"


def test_card_object_without_points_anywhere_refused() -> None:
    rec = record(player("A", {"name": "Mystery", "arab": 1}), player("B"), player("C"))
    assert refused(rec, CATALOG).field == "players[0].cards[0].points"


def test_bad_catalog_entry_refused_with_its_path() -> None:
    rec = record(player("A", "Yurt"), player("B"), player("C"))
    assert refused(rec, {"Yurt": {"points": "three"}}).field == "catalog.Yurt.points"
    assert refused(rec, {"Yurt": {"points": 3, "colour": "red"}}).field == "catalog.Yurt.colour"


def test_symbols_default_to_zero() -> None:
    result = run(player("A", {"name": "Yurt", "points": 1}), player("B"), player("C"))
    assert by_name(result, "arab_symbols") == {"A": 0, "B": 0, "C": 0}


# --- majorities ------------------------------------------------------------------------------


def test_majorities_8_4_2() -> None:
    result = arabs(5, 3, 2, 1)
    assert by_name(result, "arab_majority") == {"P0": 8, "P1": 4, "P2": 2, "P3": 0}


def test_two_tied_for_first_get_second_places_points_and_next_is_third() -> None:
    assert by_name(arabs(4, 4, 2), "arab_majority") == {"P0": 4, "P1": 4, "P2": 2}


def test_three_tied_for_first_get_third_places_points() -> None:
    assert by_name(arabs(3, 3, 3, 1), "arab_majority") == {"P0": 2, "P1": 2, "P2": 2, "P3": 0}


def test_four_tied_for_first_get_nothing() -> None:
    assert set(by_name(arabs(2, 2, 2, 2), "arab_majority").values()) == {0}


def test_tie_for_second_gets_third_places_points() -> None:
    assert by_name(arabs(5, 3, 3), "arab_majority") == {"P0": 8, "P1": 2, "P2": 2}


def test_zero_symbols_score_nothing() -> None:
    assert by_name(arabs(2, 0, 0), "arab_majority") == {"P0": 8, "P1": 0, "P2": 0}
    assert set(by_name(arabs(0, 0, 0), "arab_majority").values()) == {0}


def test_mongol_majority_scored_separately() -> None:
    result = run(
        player("A", card("a", arab=3, mongol=1)),
        player("B", card("b", arab=1, mongol=3)),
        player("C", card("c", mongol=2)),
    )
    assert by_name(result, "arab_majority") == {"A": 8, "B": 4, "C": 0}
    assert by_name(result, "mongol_majority") == {"A": 2, "B": 8, "C": 4}


def test_symbols_add_up_over_cards() -> None:
    result = run(
        player("A", card("a", arab=1), card("b", arab=2)),
        player("B", card("c", arab=2)),
        player("C"),
    )
    assert by_name(result, "arab_symbols") == {"A": 3, "B": 2, "C": 0}
    assert by_name(result, "arab_majority") == {"A": 8, "B": 4, "C": 0}


# --- winner ----------------------------------------------------------------------------------


def test_military_breaks_a_prestige_tie() -> None:
    result = run(
        player("A", card("a", 10, military=1)),
        player("B", card("b", 10, military=2)),
        player("C", card("c", 3)),
    )
    assert result.status == "finished" and result.winner == "B"
    assert by_name(result, "rank") == {"A": 2, "B": 1, "C": 3}


def test_shared_victory_is_an_unresolved_tie() -> None:
    result = run(
        player("A", card("a", 10, military=1)),
        player("B", card("b", 10, military=1)),
        player("C", card("c", 3, military=5)),
    )
    assert result.status == "unresolved tie" and result.winner is None
    assert by_name(result, "rank") == {"A": 1, "B": 1, "C": 3}


def test_higher_military_does_not_beat_higher_prestige() -> None:
    result = run(player("A", card("a", 9, military=9)), player("B", card("b", 10)), player("C"))
    assert result.winner == "B"


# --- player order ----------------------------------------------------------------------------


def seat(name: str, military: int = 0, *picks: str) -> amul.Player:
    """A player with ``military`` prowess and these pick-order symbols."""
    cards = [amul.Card("m", 0, military=military)]
    cards += [amul.Card("p", 0, pick_order=p) for p in picks]
    return amul.Player(name, tuple(cards))


def test_player_order_without_prowess_is_clockwise_from_first_pick() -> None:
    table = [seat("A", 3), seat("B"), seat("C", 1), seat("D")]
    assert amul.player_order(table, 2, prowess=False) == ["C", "D", "A", "B"]


def test_player_order_prowess_first_most_first_then_clockwise() -> None:
    table = [seat("A"), seat("B", 1), seat("C"), seat("D", 4), seat("E")]
    assert amul.player_order(table, 2) == ["D", "B", "C", "E", "A"]


def test_player_order_prowess_tie_broken_by_best_pick_order_symbol() -> None:
    table = [seat("A", 3, "K", "D"), seat("B", 3, "C"), seat("C", 3, "F"), seat("D")]
    assert amul.player_order(table) == ["B", "A", "C", "D"]


def test_player_order_prowess_tie_without_symbols_keeps_clockwise_order() -> None:
    table = [seat("A", 2), seat("B", 2, "Z"), seat("C", 2)]
    assert amul.player_order(table, 2) == ["B", "C", "A"]


def test_player_order_refuses_a_seat_outside_the_table() -> None:
    with pytest.raises(ValueError):
        amul.player_order([seat("A"), seat("B"), seat("C")], 3)


def test_round_order_prowess_starts_after_the_first_pick_card_went_round() -> None:
    table = [seat("A"), seat("B"), seat("C", 1)]
    assert amul.round_order(table, 1) == ["A", "B", "C"]
    assert amul.round_order(table, 2) == ["B", "C", "A"]
    assert amul.round_order(table, 3) == ["C", "A", "B"]
    assert amul.round_order(table, 4) == ["C", "A", "B"]
    assert amul.round_order(table, 5) == ["C", "B", "A"]
    with pytest.raises(ValueError):
        amul.round_order(table, 10)


def test_player_order_from_parsed_records() -> None:
    session = amul.parse(
        record(player("A", "Yurt"), player("B", "Camel"), player("C", "Yurt", "Yurt")), CATALOG
    )
    assert amul.player_order(session.players, 1) == ["C", "A", "B"]


# --- properties ------------------------------------------------------------------------------

cards = st.builds(
    card,
    st.sampled_from(["Yurt", "Camel", "Silk"]),
    st.integers(-3, 12),
    arab=st.integers(0, 3),
    mongol=st.integers(0, 3),
    military=st.integers(0, 2),
)
tables = st.lists(st.lists(cards, max_size=6), min_size=3, max_size=8).map(
    lambda hands: record(*(player(f"P{i}", *h) for i, h in enumerate(hands)))
)


@settings(max_examples=150, deadline=None)
@given(tables, st.randoms(use_true_random=False))
def test_reordering_players_changes_no_ones_score(rec: dict[str, Any], rnd: random.Random) -> None:
    shuffled = rec | {"players": rnd.sample(rec["players"], len(rec["players"]))}
    before, after = amul.score(amul.parse(rec)), amul.score(amul.parse(shuffled))
    outcome = {p.name: (p.score, p.rank, dict(p.breakdown)) for p in before.players}
    assert {p.name: (p.score, p.rank, dict(p.breakdown)) for p in after.players} == outcome
    assert [p.name for p in after.players] == [p["name"] for p in shuffled["players"]]
    assert (after.winner, after.status) == (before.winner, before.status)


@settings(max_examples=150, deadline=None)
@given(tables)
def test_prestige_and_majorities_match_a_restatement(rec: dict[str, Any]) -> None:
    """A tied group spanning ranks r..s takes rank s: the number of players with at least as
    many symbols. Prestige is card points plus both majorities; the winner is alone on top."""
    result = amul.score(amul.parse(rec))
    for kind in ("arab", "mongol"):
        counts = {p["name"]: sum(c[kind] for c in p["cards"]) for p in rec["players"]}
        for name, n in counts.items():
            rank = sum(m >= n for m in counts.values())
            expected = {1: 8, 2: 4, 3: 2}.get(rank, 0) if n else 0
            assert by_name(result, f"{kind}_majority")[name] == expected
    for p, r in zip(rec["players"], result.players, strict=True):
        b = r.breakdown
        assert b["card_points"] == sum(c["points"] for c in p["cards"])
        assert r.score == b["card_points"] + b["arab_majority"] + b["mongol_majority"]
    top = max((r.score, r.breakdown["military"]) for r in result.players)
    leaders = [r.name for r in result.players if (r.score, r.breakdown["military"]) == top]
    assert result.winner == (leaders[0] if len(leaders) == 1 else None)
    assert all(r.rank == 1 for r in result.players if r.name in leaders)


def test_a_misspelt_catalog_name_gets_did_you_mean() -> None:
    rec = record(player("A", "Camle"), player("B"), player("C"))
    assert refused(rec, CATALOG).rule.endswith("'Camle'; did you mean 'Camel'?")
