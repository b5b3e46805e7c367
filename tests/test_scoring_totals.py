"""Totals records, what a score pad holds, for every game: scored, checked, and said to be."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import amul, jaipur, jambo, ubongo
from ubongo.scoring.common import SessionResult
from ubongo.scoring.errors import InvalidRecord
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
    # Ben was first in the 3 rounds Ana was second (a marker sapphire and a drawn amber each).
    pad = {
        "Ana": {"Rubin": 1, "saphirs": 1, "emeralds": 3, "amber": 3},
        "Ben": {"sapphire": 3, "amber": 3},
    }
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


def test_ubongo_totals_a_player_draws_one_gem_a_round() -> None:
    """Rule book (Spanish): the fastest "toma 1 zafiro azul de la reserva del marcador de
    rondas y además roba 1 gema al azar de la bolsa"; the marker holds "9 zafiros y 9
    ámbares". Rubies and emeralds are never on it: each came from one round's draw."""
    pad = {
        "Ana": {"ruby": 5, "emerald": 5},
        "Ben": {"sapphire": 5, "amber": 4},
        "Cy": {"amber": 2},
    }
    field, rule = refused({"game": "ubongo", "players": ["Ana", "Ben", "Cy"], "totals": pad})
    assert field == "totals.Ana"
    assert rule.startswith("10 rubies and emeralds; a player draws one gem a round")


def test_ubongo_totals_two_players_take_a_marker_gem_with_each_draw() -> None:
    """Rule book (Spanish): "El segundo jugador más rápido toma 1 ámbar marrón de la reserva
    ... y además roba 1 gema al azar de la bolsa". With 2 players every finisher is the
    fastest or the second fastest: two gems a round, one of them from the marker."""
    record = {"game": "ubongo", "players": ["Ana", "Ben"]}
    odd = {"Ana": {"sapphire": 2, "ruby": 1}, "Ben": {"amber": 2}}
    field, rule = refused({**record, "totals": odd})
    assert (field, rule.split(";")[0]) == ("totals.Ana", "3 gems, 2 of them sapphires and ambers")
    drawn_only = {"Ana": {"ruby": 2, "emerald": 2}, "Ben": {"amber": 2}}
    assert refused({**record, "totals": drawn_only})[0] == "totals.Ana"
    assert scored({**record, "totals": {**odd, "Ana": {"sapphire": 2, "ruby": 2}}}).winner == "Ana"


def test_ubongo_totals_a_second_needs_a_first_and_a_third_a_second() -> None:
    """A round's amber goes to the second fastest, so another player was fastest (took a
    sapphire) in it; a third-fastest draw needs a second and a first in the same round.
    Rule book (Spanish): "El tercer jugador más rápido roba 1 gema al azar de la bolsa"."""
    record = {"game": "ubongo", "players": ["Ana", "Ben", "Cy"]}
    # Ana second twice (two marker ambers, two draws): nobody took a marker sapphire.
    alone = {"Ana": {"amber": 2, "ruby": 2}, "Ben": {}, "Cy": {}}
    field, rule = refused({**record, "totals": alone})
    assert field == "totals" and rule.startswith("4 gems in all: no 9 rounds give these")
    # Cy third once with nobody second: impossible; with Ben second, possible.
    third = {"Ana": {"sapphire": 1, "ruby": 1}, "Ben": {}, "Cy": {"ruby": 1}}
    assert refused({**record, "totals": third})[0] == "totals"
    third["Ben"] = {"amber": 1, "emerald": 1}
    assert scored({**record, "totals": third}).winner == "Ana"


def test_ubongo_totals_tie_needs_the_tie_break() -> None:
    """Rule book: "Tie: the tied players play one tie-break round"."""
    record = {
        "game": "ubongo",
        "players": ["Ana", "Ben"],
        "totals": {"Ana": {"ruby": 1, "sapphire": 1}, "Ben": {"ruby": 1, "sapphire": 1}},
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
    won = {"Ana": line(40, 1, 5), "Ben": line(30, 1, 5)}
    assert refused({**record, "totals": [won, won, won]})[0] == "totals[2]"
    assert refused({**record, "totals": [{"Ana": line(2, 1, 1), "Ben": {"rupees": 1.5}}]})[0] == (
        "totals[0].Ben.rupees"
    )


def test_jaipur_totals_need_token_counts_only_to_break_a_tie() -> None:
    """Rule book (Italian): "In caso di parità nel numero di rupie, vince il mercante che
    possiede il maggior numero di gettoni bonus. In caso di ulteriore parità, vince quello che
    possiede il maggior numero di gettoni merce": the counts matter on a tie only."""
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    rupees = [
        {"Ana": {"rupees": 61}, "Ben": {"rupees": 48}},
        {"Ana": {"rupees": 50}, "Ben": {"rupees": 44}},
    ]
    result = scored({**record, "totals": rupees})
    assert (result.status, result.winner) == ("finished", "Ana")
    assert result.players[0].breakdown == {"seals": 2, "rupees": 111}
    tied = [{"Ana": line(50, 2, 8), "Ben": {"rupees": 50}}]
    assert refused({**record, "totals": tied}) == (
        "totals[0].Ben",
        "Ana and Ben are tied on rupees, which the rule book breaks by bonus tokens, then goods"
        " tokens: give Ben's bonus_tokens",
    )
    tied[0]["Ben"] = {"rupees": 50, "bonus_tokens": 3}
    assert scored({**record, "totals": tied}).rounds[0]["decided_by"] == "bonus tokens"
    tied[0]["Ben"]["bonus_tokens"] = 2
    assert refused({**record, "totals": tied})[1].endswith("give Ben's goods_tokens")


def test_jaipur_totals_rupees_are_what_the_tokens_can_be_worth() -> None:
    """Rule book (Italian): take as many goods tokens as cards sold "cominciando dal gettone in
    alto della fila corrispondente, cioè dai valori più forti"; a bonus "Per 3 carte vendute
    ... tra 1 e 3 rupie ... 4 carte ... tra 4 e 6 ... 5 carte ... tra 8 e 10"; the camel
    token "vale 5 rupie". Five goods tokens are worth 31 at most (7 7 6 6 5), a bonus token 10."""
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    rich = [{"Ana": line(47, 1, 5), "Ben": line(30, 1, 5)}]
    assert refused({**record, "totals": rich}) == (
        "totals[0].Ana.rupees",
        "47 rupees from 5 goods tokens and 1 bonus token; these tokens are worth 6 to 41,"
        " or 5 more with the camel token",
    )
    rich[0]["Ana"] = line(46, 1, 5)  # 7 7 6 6 5, a 10 and the camel token
    assert scored({**record, "totals": rich}).rounds[0]["winner"] == "Ana"
    poor = [{"Ana": line(2, 0, 3), "Ben": line(20, 1, 3)}]  # three tokens are worth 3 at least
    assert refused({**record, "totals": poor})[0] == "totals[0].Ana.rupees"


def test_jaipur_totals_one_camel_token_a_round() -> None:
    """Rule book (Italian): "Il giocatore che possiede più cammelli nel proprio recinto riceve
    il gettone cammello che vale 5 rupie"; 1 gettone cammello in the box."""
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    both = [{"Ana": line(5, 0, 0), "Ben": line(5, 0, 0)}]
    assert refused({**record, "totals": both}) == (
        "totals[0]",
        "Ana's 5 and Ben's 5 rupees both need the camel token's 5; a round has one camel token",
    )
    # Two goods tokens are worth 14 at most: 19 each needs the camel token each.
    assert refused({**record, "totals": [{"Ana": line(19, 0, 2), "Ben": line(19, 0, 2)}]})[0] == (
        "totals[0]"
    )
    # Ana 7 7 and the camel token, Ben 6 6; 14 for Ben too would need a third 7.
    assert scored({**record, "totals": [{"Ana": line(19, 0, 2), "Ben": line(12, 0, 2)}]})
    assert refused({**record, "totals": [{"Ana": line(19, 0, 2), "Ben": line(14, 0, 2)}]})[0] == (
        "totals[0]"
    )


def test_jaipur_totals_goods_tokens_come_off_the_top_of_the_piles() -> None:
    """Rule book (Italian): tokens are taken from the top, the strongest values first, and the
    round ends when "3 tipi di gettoni merci sono esauriti". Three tokens taken in a round are
    the top of their piles: worth 12 at least (leather's 4, 3 and cloth's or spice's 5), so
    Ana's 1 and Ben's 2 cannot both be; and three piles keep a token, so a round gives 35."""
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    low = [{"Ana": line(1, 0, 1), "Ben": line(2, 0, 2)}]
    field, rule = refused({**record, "totals": low})
    assert field == "totals[0]" and rule.startswith("3 rupees together from 3 goods tokens")
    assert refused({**record, "totals": [{"Ana": line(70, 0, 20), "Ben": line(60, 0, 16)}]}) == (
        "totals[0]",
        "more goods tokens in all than the 35 goods tokens a round can give (the round ends"
        " when a third goods pile is empty, so three piles keep a token at least)",
    )


def test_jaipur_totals_bonus_tokens_need_three_cards_a_sale() -> None:
    """Rule book (Italian): a bonus is for "una vendita straordinaria (almeno tre carte)"; the
    deck has 44 goods cards (6 diamonds, 6 gold, 6 silver, 8 cloth, 8 spice, 10 leather), and
    sold cards leave the round: 7 sales of 3 and 5 of 4 give 12 bonus tokens, no round more."""
    record = {"game": "jaipur", "players": ["Ana", "Ben"]}
    many = [{"Ana": line(60, 7, 20), "Ben": line(60, 6, 12)}]
    field, rule = refused({**record, "totals": many})
    assert field == "totals[0]" and rule.startswith("more bonus tokens in all than the 12")


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
    assert_same_categories(events, totals)


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
    assert_same_categories(events, totals)


def assert_same_categories(events: SessionResult, totals: SessionResult) -> None:
    """A pad's score sheet (``--export bgstats``) is its game's, and adds up to the score."""
    from ubongo.scoring.export import categories

    for mine, theirs in zip(events.players, totals.players, strict=True):
        assert categories(totals, theirs) == categories(events, mine)
        assert sum(points for _, points in categories(totals, theirs)) == theirs.score


def test_amul_records_are_totals_and_an_engine_says_so_for_events() -> None:
    """An Amul record holds the final play areas, what the score pad holds."""
    assert scored(amul.simulate(3, random.Random(1))).record == "totals"
    assert scored(jambo.simulate(2, random.Random(1))).record == "events"
    with pytest.raises(InvalidRecord):
        jambo.parse({"game": "jambo", "players": ["A", "B"], "totals": []})


# --- Ubongo's rounds, worked by brute force ---------------------------------------------------


def _patterns(players: int) -> list[tuple[int, ...]]:
    """Every round's finishers, fastest first: an ordered choice of distinct players."""
    return [p for k in range(players + 1) for p in itertools.permutations(range(players), k)]


@functools.cache
def _schedulable(places: tuple[tuple[int, int, int], ...], rounds: int) -> bool:
    """Whether ``rounds`` rounds give each player exactly its (firsts, seconds, later): a
    search over every round's finishers, sharing nothing with the engine's counting."""
    if not any(any(p) for p in places):
        return True
    if rounds == 0 or any(sum(p) > rounds for p in places):
        return False
    for pattern in _patterns(len(places)):
        left = [list(p) for p in places]
        for position, player in enumerate(pattern):
            left[player][min(position, 2)] -= 1
        if all(n >= 0 for p in left for n in p) and _schedulable(
            tuple(tuple(p) for p in left), rounds - 1
        ):
            return True
    return False


@settings(max_examples=150, deadline=None)
@given(data=st.data(), players=st.integers(2, 3))
def test_ubongo_rounds_possible_agrees_with_a_search_over_rounds(
    data: st.DataObject, players: int
) -> None:
    """The pad check's count of places is exact for 2 and 3 players: it accepts the places
    some 9 rounds give, and only those."""
    place = st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 3))
    places = tuple(data.draw(st.lists(place, min_size=players, max_size=players)))
    expected = _schedulable(places, ubongo.ROUNDS)
    assert ubongo._rounds_possible([[p] for p in places], players) == expected


@pytest.mark.parametrize(
    ("game", "key", "players"),
    [
        ("jambo", "turns", ["Ana", "Ben"]),
        ("ubongo", "rounds", ["Ana", "Ben"]),
        ("jaipur", "rounds", ["Ana", "Ben"]),
    ],
)
def test_a_record_with_neither_events_nor_totals_says_which_keys_it_needs(
    game: str, key: str, players: list[str]
) -> None:
    """A Jambo pad under another key was an empty 20-20 game, scored and exported."""
    field, rule = refused({"game": game, "players": players, "gold": {"Ana": 61, "Ben": 58}})
    assert field == key
    assert rule.startswith(f"missing: expected {key} (")
    assert ") or totals (a score pad: " in rule
    assert "it has 'gold' instead" in rule
