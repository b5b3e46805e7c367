"""Jambo ledger: every rule the digest names, each error with its field path, and properties
checked against a random legal-session generator that shares no code with the engine."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ubongo.scoring import jambo
from ubongo.scoring.common import SessionResult
from ubongo.scoring.errors import InvalidRecord

WARES = ["jewelry", "hides", "tea", "silk", "fruit", "salt"]
NAMES = ("Ana", "Ben")
FULL = 5  # actions used: no action bonus, so gold sums stay plain


def record(*turns: dict[str, Any], players: tuple[str, ...] = NAMES) -> dict[str, Any]:
    """A Jambo record with these turns."""
    return {"game": "jambo", "players": list(players), "turns": list(turns)}


def turn(player: str, *events: dict[str, Any], actions: int = FULL) -> dict[str, Any]:
    """One turn of ``player``."""
    return {"player": player, "actions_used": actions, "events": list(events)}


def alternate(*event_lists: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Turns alternating Ana, Ben, Ana, ... with these events, all actions used."""
    return [turn(NAMES[i % 2], *events) for i, events in enumerate(event_lists)]


def run(*turns: dict[str, Any]) -> SessionResult:
    """Parse and score a session of these turns."""
    return jambo.score(jambo.parse(record(*turns)))


def gold(result: SessionResult) -> dict[str, int | float]:
    """Each player's final gold."""
    return {p.name: p.breakdown["gold"] for p in result.players}


def refused(rec: dict[str, Any]) -> InvalidRecord:
    """The InvalidRecord that parsing or scoring ``rec`` raises."""
    with pytest.raises(InvalidRecord) as caught:
        jambo.score(jambo.parse(rec))
    return caught.value


def buy(*wares: str, price: int) -> dict[str, Any]:
    return {"buy": list(wares), "price": price}


def sell(*wares: str, price: int) -> dict[str, Any]:
    return {"sell": list(wares), "price": price}


TEA3 = ("tea", "tea", "tea")
SALT3 = ("salt", "salt", "salt")


# --- the record ------------------------------------------------------------------------------


def test_brief_example_parses_and_scores() -> None:
    rec = record(
        turn(
            "Ana",
            buy("tea", "tea", "salt", price=4),
            sell("tea", "tea", "salt", price=11),
            {"stand": 1},
            {"wise_man": 1},
            {"gold": 2},  # the brief's Weapons: a sixth card in 5 actions, so a free ledger line
            {"wares_in": ["fruit"], "from": "supply"},
            {"wares_out": ["fruit"], "to": "opponent"},
            {"pay_opponent": 2, "card": "cheetah"},
        )
    )
    result = jambo.score(jambo.parse(rec))
    # 20 - 4 + 11 - 6 (first small stand) + 2 + 2 from Ben
    assert gold(result) == {"Ana": 25, "Ben": 18}
    assert result.players[1].breakdown["wares"] == 1
    assert result.status == "in progress" and result.winner is None


def test_starting_gold_is_20_each_and_no_turns_is_in_progress() -> None:
    result = run()
    assert gold(result) == {"Ana": 20, "Ben": 20}
    assert [p.rank for p in result.players] == [1, 1]
    assert result.status == "in progress"


def test_optional_keys_are_ignored() -> None:
    rec = record() | {"id": "s1", "date": "2024-05-01", "notes": "club night"}
    assert jambo.score(jambo.parse(rec)).status == "in progress"


def test_wrong_game_refused() -> None:
    assert refused(record() | {"game": "jaipur"}).field == "game"


def test_added_top_level_keys_pass_through_to_the_result() -> None:
    added = {"location": "club", "edition": "Kosmos 2004", "notes": "close", "score_pad": [1]}
    result = jambo.score(jambo.parse(record() | added))
    assert result.extra == added
    assert result.to_json()["extra"] == added


@pytest.mark.parametrize(("key", "near"), [("turn", "turns"), ("Players", "players")])
def test_a_misspelt_top_level_key_names_the_key_it_resembles(key: str, near: str) -> None:
    error = refused(record() | {key: []})
    assert error.field == key and f"did you mean {near!r}" in error.rule


def test_a_misspelt_event_key_names_the_key_it_resembles() -> None:
    rec = record(turn("Ana", {"buy": list(TEA3), "prise": 3}))
    error = refused(rec)
    assert error.field == "turns[0].events[0].prise" and "did you mean 'price'" in error.rule


@pytest.mark.parametrize("players", [("Ana",), ("Ana", "Ben", "Cy")])
def test_exactly_two_players(players: tuple[str, ...]) -> None:
    assert refused(record(players=players)).field == "players"


def test_player_names_distinct() -> None:
    assert refused(record(players=("Ana", "Ana"))).field == "players[1]"


def test_non_alternating_turns_refused() -> None:
    rec = record(turn("Ana"), turn("Ana"))
    assert refused(rec).field == "turns[1].player"


def test_first_seat_plays_first() -> None:
    assert refused(record(turn("Ben"))).field == "turns[0].player"


def test_unknown_event_key_refused() -> None:
    rec = record(turn("Ana", {"buy": list(TEA3), "price": 3, "discount": 1}))
    assert refused(rec).field == "turns[0].events[0].discount"


def test_event_with_two_kinds_refused() -> None:
    rec = record(turn("Ana", {"stand": 1, "wise_man": 1}))
    assert refused(rec).field == "turns[0].events[0]"


def test_unknown_ware_refused() -> None:
    rec = record(turn("Ana", buy("tea", "coffee", "tea", price=4)))
    assert refused(rec).field == "turns[0].events[0].buy[1]"


def test_ware_card_shows_three_or_six_wares() -> None:
    rec = record(turn("Ana", buy("tea", "tea", "tea", "salt", price=4)))
    assert refused(rec).field == "turns[0].events[0].buy"


def test_actions_used_at_most_five() -> None:
    assert refused(record(turn("Ana", actions=6))).field == "turns[0].actions_used"


def test_actions_used_is_a_number_not_a_bool() -> None:
    rec = record({"player": "Ana", "actions_used": True, "events": []})
    assert refused(rec).field == "turns[0].actions_used"


def test_each_card_play_costs_an_action() -> None:
    rec = record(turn("Ana", {"wise_man": 1}, buy(*TEA3, price=3), actions=1))
    assert refused(rec).field == "turns[0].actions_used"


def test_unknown_card_label_refused() -> None:
    rec = record(turn("Ana", {"gold": 2, "card": "sword"}))
    assert refused(rec).field == "turns[0].events[0].card"


def test_wares_in_needs_a_source() -> None:
    rec = record(turn("Ana", {"wares_in": ["tea"]}))
    assert refused(rec).field == "turns[0].events[0].from"


def test_gold_event_must_change_gold() -> None:
    rec = record(turn("Ana", {"gold": 0}))
    assert refused(rec).field == "turns[0].events[0].gold"


def test_event_player_must_be_a_player() -> None:
    rec = record(turn("Ana", {"gold": -1, "player": "Cy"}))
    assert refused(rec).field == "turns[0].events[0].player"


def test_price_defaults_to_the_usual_card_price() -> None:
    result = run(turn("Ana", {"buy": list(TEA3)}, {"sell": list(TEA3)}))
    assert gold(result)["Ana"] == 20 - 3 + 10


def test_six_ware_card_without_usual_price_needs_a_price() -> None:
    rec = record(turn("Ana", {"buy": ["tea"] * 3 + ["salt"] * 3}))
    assert refused(rec).field == "turns[0].events[0].price"


# --- small stands ------------------------------------------------------------------------------


def test_first_small_stand_costs_6_then_3_for_either_player() -> None:
    result = run(*alternate([{"stand": 1}], [{"stand": 1}], [{"stand": 1}]))
    assert gold(result) == {"Ana": 20 - 6 - 3, "Ben": 20 - 3}
    assert [p.breakdown["small_stands"] for p in result.players] == [2, 1]


def test_several_stands_in_one_event_are_priced_one_by_one() -> None:
    assert gold(run(turn("Ana", {"stand": 2})))["Ana"] == 20 - 6 - 3


def test_sixth_small_stand_refused() -> None:
    rec = record(*alternate([{"stand": 5}], [{"stand": 1}]))
    assert refused(rec).field == "turns[1].events[0].stand"


def test_unaffordable_small_stand_refused() -> None:
    rec = record(turn("Ana", {"gold": -15}, {"stand": 1}))
    assert refused(rec).field == "turns[0].events[1].stand"


# --- the large stand's sixth space --------------------------------------------------------------


def test_filling_the_sixth_space_costs_2() -> None:
    result = run(turn("Ana", buy(*TEA3, price=3), buy(*SALT3, price=3)))
    assert gold(result)["Ana"] == 20 - 3 - 3 - 2
    assert result.players[0].breakdown["sixth_space_fees"] == 2


def test_sixth_space_fee_is_due_every_time_it_is_filled() -> None:
    events = [buy(*TEA3, price=3), buy(*SALT3, price=3), sell(*SALT3, price=10)]
    result = run(turn("Ana", *events, buy(*SALT3, price=3)))
    assert gold(result)["Ana"] == 20 - 3 - 3 - 2 + 10 - 3 - 2


def test_wares_fill_small_stands_first() -> None:
    events = [{"stand": 1}, buy(*TEA3, price=3), buy(*SALT3, price=3)]
    result = run(turn("Ana", *events))
    assert gold(result)["Ana"] == 20 - 6 - 3 - 3
    with_third = run(turn("Ana", *events, buy("silk", "silk", "silk", price=3)))
    assert gold(with_third)["Ana"] == 20 - 6 - 3 - 3 - 3 - 2


def test_sixth_space_fee_for_wares_received_from_a_card() -> None:
    events = [buy(*TEA3, price=3), {"wares_in": ["salt", "salt", "salt"], "from": "supply"}]
    assert gold(run(turn("Ana", *events)))["Ana"] == 20 - 3 - 2


def test_sixth_space_fee_for_the_opponent_receiving_wares() -> None:
    ana_buys = [buy(*TEA3, price=3)]
    ben_holds_five = [buy(*SALT3, price=3), {"wares_in": ["tea", "tea"], "from": "opponent"}]
    ana_gives = [{"wares_out": ["tea"], "to": "opponent", "card": "throne"}]
    assert gold(run(*alternate(ana_buys, ben_holds_five)))["Ben"] == 20 - 3
    assert gold(run(*alternate(ana_buys, ben_holds_five, ana_gives)))["Ben"] == 20 - 3 - 2


def test_sixth_space_fee_when_taking_from_the_opponent() -> None:
    ben = [buy(*SALT3, price=3), {"wares_in": list(TEA3), "from": "opponent", "card": "elephant"}]
    assert gold(run(*alternate([buy(*TEA3, price=3)], ben)))["Ben"] == 20 - 3 - 2


def test_no_room_on_the_stands_refused() -> None:
    rec = record(
        turn("Ana", buy(*TEA3, price=3), buy(*SALT3, price=3), buy("silk", "silk", "silk", price=3))
    )
    assert refused(rec).field == "turns[0].events[2].buy"


def test_sixth_space_fee_counts_towards_affordability() -> None:
    # 4 gold pays the card (3) but not the card and the fee (5)
    rec = record(turn("Ana", {"gold": -13}, buy(*TEA3, price=3), buy(*SALT3, price=3)))
    assert refused(rec).field == "turns[0].events[2].price"


# --- the Wise Man --------------------------------------------------------------------------------


def test_wise_man_buys_2_cheaper_and_sells_2_dearer() -> None:
    events = [
        {"wise_man": 1},
        buy("tea", "tea", "salt", price=4),
        sell("tea", "tea", "salt", price=11),
    ]
    assert gold(run(turn("Ana", *events)))["Ana"] == 20 - 2 + 13


def test_wise_man_does_not_reach_back_before_it_is_played() -> None:
    events = [buy(*TEA3, price=3), {"wise_man": 1}, sell(*TEA3, price=10)]
    assert gold(run(turn("Ana", *events)))["Ana"] == 20 - 3 + 12


def test_wise_man_lasts_only_for_the_turn() -> None:
    result = run(*alternate([{"wise_man": 1}], [], [buy(*TEA3, price=3)]))
    assert gold(result)["Ana"] == 20 - 3


def test_two_wise_men_add_up_and_a_price_never_goes_below_zero() -> None:
    events = [{"wise_man": 2}, buy(*TEA3, price=3), sell(*TEA3, price=10)]
    assert gold(run(turn("Ana", *events)))["Ana"] == 20 - 0 + 14


# --- gold, wares and the supply -----------------------------------------------------------------


def test_gold_below_zero_refused() -> None:
    rec = record(turn("Ana", {"gold": -21, "card": "well"}))
    assert refused(rec).field == "turns[0].events[0].gold"


def test_unaffordable_purchase_refused() -> None:
    rec = record(turn("Ana", buy("jewelry", "hides", "tea", "silk", "fruit", "salt", price=21)))
    assert refused(rec).field == "turns[0].events[0].price"


def test_supply_exhausted_refused() -> None:
    rec = record(
        *alternate(
            [buy(*TEA3, price=3), buy(*TEA3, price=3)], [buy("tea", "salt", "salt", price=4)]
        )
    )
    assert refused(rec).field == "turns[1].events[0].buy"


def test_supply_exhausted_refused_for_wares_from_a_card() -> None:
    rec = record(
        turn(
            "Ana", buy(*TEA3, price=3), buy(*TEA3, price=3), {"wares_out": ["salt"], "to": "supply"}
        )
    )
    assert refused(rec).field == "turns[0].events[2].wares_out"
    rec = record(
        *alternate(
            [buy(*TEA3, price=3), buy(*TEA3, price=3)], [{"wares_in": ["tea"], "from": "supply"}]
        )
    )
    assert refused(rec).field == "turns[1].events[0].wares_in"


def test_selling_wares_not_held_refused() -> None:
    rec = record(turn("Ana", buy("tea", "tea", "salt", price=4), sell(*TEA3, price=10)))
    assert refused(rec).field == "turns[0].events[1].sell"


def test_taking_wares_the_opponent_lacks_refused() -> None:
    rec = record(turn("Ana", {"wares_in": ["silk"], "from": "opponent", "card": "parrot"}))
    assert refused(rec).field == "turns[0].events[0].wares_in"


def test_wares_move_between_players() -> None:
    result = run(
        *alternate(
            [buy(*TEA3, price=3)], [{"wares_in": ["tea"], "from": "opponent", "card": "parrot"}]
        )
    )
    assert [p.breakdown["wares"] for p in result.players] == [2, 1]
    assert result.rounds[-1]["wares"] == {"Ana": {"tea": 2}, "Ben": {"tea": 1}}
    assert result.rounds[-1]["supply"]["tea"] == 3


def test_pay_opponent_means_the_opponent_pays_the_turns_player() -> None:
    result = run(turn("Ana", {"pay_opponent": 2, "card": "cheetah"}))
    assert gold(result) == {"Ana": 22, "Ben": 18}


def test_pay_opponent_beyond_the_opponents_gold_refused() -> None:
    rec = record(*alternate([], [{"gold": -19}], [{"pay_opponent": 2, "card": "cheetah"}]))
    assert refused(rec).field == "turns[2].events[0].pay_opponent"


def test_gold_event_for_the_opponent() -> None:
    result = run(turn("Ana", {"gold": -4, "player": "Ben", "card": "arabian_merchant"}))
    assert gold(result) == {"Ana": 20, "Ben": 16}


# --- action bonus and end of game ----------------------------------------------------------------


@pytest.mark.parametrize(("actions", "bonus"), [(0, 1), (3, 1), (4, 0), (5, 0)])
def test_action_bonus_for_two_unused_actions(actions: int, bonus: int) -> None:
    result = run(turn("Ana", actions=actions))
    assert gold(result)["Ana"] == 20 + bonus
    assert result.players[0].breakdown["action_bonuses"] == bonus


def test_sixty_gold_at_end_of_turn_gives_the_opponent_one_last_turn() -> None:
    triggered = run(turn("Ana", {"gold": 40}))
    assert triggered.status == "in progress" and triggered.winner is None
    assert triggered.rounds[0]["triggers_end"] is True
    result = run(turn("Ana", {"gold": 40}), turn("Ben", {"gold": 10}))
    assert result.status == "finished" and result.winner == "Ana"
    assert [p.rank for p in result.players] == [1, 2]
    assert result.rounds[-1]["ends_game"] is True


def test_action_bonus_counts_towards_sixty() -> None:
    assert run(turn("Ana", {"gold": 39}, actions=3)).rounds[0]["triggers_end"] is True
    assert run(turn("Ana", {"gold": 39})).rounds[0]["triggers_end"] is False


def test_only_the_turns_player_triggers_the_end() -> None:
    result = run(turn("Ana", {"gold": 45, "player": "Ben"}), turn("Ben"))
    assert result.rounds[0]["triggers_end"] is False
    assert result.rounds[1]["triggers_end"] is True
    assert result.status == "in progress"


def test_tie_goes_to_the_opponent() -> None:
    result = run(turn("Ana", {"gold": 40}), turn("Ben", {"gold": 40}))
    assert gold(result) == {"Ana": 60, "Ben": 60}
    assert result.status == "finished" and result.winner == "Ben"
    assert [p.rank for p in result.players] == [2, 1]


def test_opponent_with_more_gold_wins() -> None:
    result = run(turn("Ana"), turn("Ben", {"gold": 45}), turn("Ana", {"gold": 50}))
    assert result.status == "finished" and result.winner == "Ana"
    assert gold(result) == {"Ana": 70, "Ben": 65}


def test_turn_after_game_end_refused() -> None:
    rec = record(*alternate([{"gold": 40}], [], []))
    assert refused(rec).field == "turns[2]"


def test_rounds_ledger_lines() -> None:
    result = run(turn("Ana", buy(*TEA3, price=3), {"gold": 2, "card": "weapons"}, actions=2))
    line = result.rounds[0]
    assert (line["turn"], line["player"], line["gold_before"], line["gold_after"]) == (
        1,
        "Ana",
        20,
        20,
    )
    assert [c["gold"] for c in line["changes"]] == [-3, 2, 1]
    assert result.to_json()["rounds"][0]["supply"]["tea"] == 3


# --- properties over random legal sessions ------------------------------------------------------

USUAL = {(3,): (3, 10), (2, 1): (4, 11), (1, 1, 1): (5, 12), (1,) * 6: (10, 18)}


@dataclass
class Side:
    """One player in the test's own model of the table: wares per kind of stand."""

    gold: int = 20
    large: Counter[str] = field(default_factory=Counter)
    small: Counter[str] = field(default_factory=Counter)
    stands: int = 0

    @property
    def wares(self) -> Counter[str]:
        return self.large + self.small

    def room(self) -> int:
        return 6 + 3 * self.stands - self.wares.total()

    def fee(self, arriving: int) -> int:
        onto_large = max(0, arriving - (3 * self.stands - self.small.total()))
        return 2 if self.large.total() < 6 <= self.large.total() + onto_large else 0

    def load(self, wares: list[str]) -> None:
        free = 3 * self.stands - self.small.total()
        self.small += Counter(wares[:free])
        self.large += Counter(wares[free:])

    def unload(self, wares: list[str]) -> None:
        for ware in wares:
            keep_full = self.large.total() == 6 and self.small[ware] > 0
            stand = self.small if keep_full or not self.large[ware] else self.large
            stand[ware] -= 1


@dataclass
class Model:
    """The test's independent replay: what the engine must agree with."""

    sides: dict[str, Side]
    supply: Counter[str]
    built: int = 0
    wise: int = 0
    income: Counter[str] = field(default_factory=Counter)
    spending: Counter[str] = field(default_factory=Counter)

    def move(self, name: str, amount: int) -> None:
        self.sides[name].gold += amount
        (self.income if amount > 0 else self.spending)[name] += abs(amount)


def _wares_from(draw: Any, pool: Counter[str], count: int) -> list[str] | None:
    """``count`` wares drawn from ``pool`` (None if it holds fewer)."""
    items = sorted(pool.elements())
    if len(items) < count:
        return None
    return list(draw(st.permutations(items))[:count])


def _event(
    draw: Any, m: Model, me: str, other: str, plays: int
) -> tuple[dict[str, Any], int] | None:
    """One legal event of ``me``'s turn, applied to the model, and the card plays it costs."""
    kind = draw(st.sampled_from(["buy", "sell", "stand", "wise", "gold", "in", "out", "pay"]))
    side, them = m.sides[me], m.sides[other]
    if kind in ("buy", "sell", "stand", "wise") and plays >= 5:
        return None
    if kind == "buy":
        six = draw(st.booleans())
        wares = (
            list(WARES) if six else draw(st.lists(st.sampled_from(WARES), min_size=3, max_size=3))
        )
        if Counter(wares) - m.supply or len(wares) > side.room():
            return None
        price = draw(st.none() | st.integers(0, 12))
        printed = (
            USUAL[tuple(sorted(Counter(wares).values(), reverse=True))][0]
            if price is None
            else price
        )
        cost, fee = max(0, printed - 2 * m.wise), side.fee(len(wares))
        if cost + fee > side.gold:
            return None
        m.move(me, -cost)
        m.move(me, -fee)
        m.supply -= Counter(wares)
        side.load(wares)
        return ({"buy": wares} if price is None else {"buy": wares, "price": price}), 1
    if kind == "sell":
        wares = _wares_from(draw, side.wares, 3)
        if wares is None:
            return None
        price = draw(st.integers(0, 20))
        side.unload(wares)
        m.supply += Counter(wares)
        m.move(me, price + 2 * m.wise)
        return {"sell": wares, "price": price}, 1
    if kind == "stand":
        price = 6 if m.built == 0 else 3
        if m.built >= 5 or price > side.gold:
            return None
        m.built += 1
        side.stands += 1
        m.move(me, -price)
        return {"stand": 1}, 1
    if kind == "wise":
        if m.wise >= 2:  # the deck holds two Wise Men
            return None
        m.wise += 1
        return {"wise_man": 1}, 1
    if kind == "gold":
        who = draw(st.sampled_from([me, other]))
        amount = draw(st.integers(-m.sides[who].gold, 25).filter(bool))
        m.move(who, amount)
        return {"gold": amount, "player": who}, 0
    if kind == "pay":
        if them.gold == 0:
            return None
        amount = draw(st.integers(1, min(them.gold, 3)))
        m.move(other, -amount)
        m.move(me, amount)
        labelled = amount == 2 and plays < 5 and draw(st.booleans())  # the Cheetah's play
        return {"pay_opponent": amount} | ({"card": "cheetah"} if labelled else {}), labelled
    if kind == "in":
        from_opponent = draw(st.booleans())
        pool = them.wares if from_opponent else m.supply
        wares = _wares_from(draw, pool, draw(st.integers(1, 2)))
        if wares is None or len(wares) > side.room() or side.fee(len(wares)) > side.gold:
            return None
        m.move(me, -side.fee(len(wares)))
        if from_opponent:
            them.unload(wares)
        else:
            m.supply -= Counter(wares)
        side.load(wares)
        return {"wares_in": wares, "from": "opponent" if from_opponent else "supply"}, 0
    to_opponent = draw(st.booleans())
    wares = _wares_from(draw, side.wares, 1)
    if wares is None:
        return None
    if to_opponent:
        if them.room() < 1 or them.fee(1) > them.gold:
            return None
        m.move(other, -them.fee(1))
        them.load(wares)
    else:
        m.supply += Counter(wares)
    side.unload(wares)
    return {"wares_out": wares, "to": "opponent" if to_opponent else "supply"}, 0


@st.composite
def sessions(draw: Any) -> tuple[dict[str, Any], Model, str | None]:
    """A random legal session, the model's final state and the expected winner (if over)."""
    m = Model({n: Side() for n in NAMES}, Counter({w: 6 for w in WARES}))
    turns, trigger = [], None
    for t in range(draw(st.integers(0, 10))):
        me, other = NAMES[t % 2], NAMES[1 - t % 2]
        m.wise, events, plays = 0, [], 0
        for _ in range(draw(st.integers(0, 6))):
            made = _event(draw, m, me, other, plays)
            if made is not None:
                events.append(made[0])
                plays += made[1]
        actions = draw(st.integers(plays, 5))
        if actions <= 3:
            m.move(me, 1)
        turns.append(turn(me, *events, actions=actions))
        if trigger is not None:
            mine, theirs = m.sides[trigger].gold, m.sides[me].gold
            return record(*turns), m, me if theirs >= mine else trigger
        if m.sides[me].gold >= 60:
            trigger = me
    return record(*turns), m, None


PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(sessions())
def test_gold_ledger_balances(case: tuple[dict[str, Any], Model, str | None]) -> None:
    rec, model, expected_winner = case
    result = jambo.score(jambo.parse(rec))
    for p in result.players:
        b = p.breakdown
        assert p.score == b["gold"] == model.sides[p.name].gold
        assert b["gold"] == 20 + b["income"] - b["spending"]
        assert (b["income"], b["spending"]) == (model.income[p.name], model.spending[p.name])
    for line in result.rounds:
        own = sum(c["gold"] for c in line["changes"] if c["player"] == line["player"])
        assert line["gold_after"] - line["gold_before"] == own
    assert result.winner == expected_winner
    assert result.status == ("finished" if expected_winner else "in progress")


@PROPERTY
@given(sessions())
def test_wares_are_conserved(case: tuple[dict[str, Any], Model, str | None]) -> None:
    rec, model, _ = case
    result = jambo.score(jambo.parse(rec))
    for line in result.rounds:
        for ware in WARES:
            held = sum(line["wares"][name].get(ware, 0) for name in NAMES)
            assert line["supply"][ware] + held == 6
    for p in result.players:
        assert p.breakdown["wares"] == sum(model.sides[p.name].wares.values())
        assert p.breakdown["small_stands"] == model.sides[p.name].stands


def _swap_names(value: Any) -> Any:
    """``value`` with Ana and Ben exchanged wherever a name appears."""
    if isinstance(value, dict):
        return {k: _swap_names(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap_names(v) for v in value]
    return {"Ana": "Ben", "Ben": "Ana"}.get(value, value) if isinstance(value, str) else value


@PROPERTY
@given(sessions())
def test_scores_follow_seats_not_names(case: tuple[dict[str, Any], Model, str | None]) -> None:
    """Seat order decides who starts, so only a renaming of the seats is a symmetry.

    Exchanging the names everywhere (players list and turns) is the same game with the seats
    relabelled: each seat keeps its score, rank and breakdown, and the winner is renamed.
    """
    rec, _, _ = case
    before = jambo.score(jambo.parse(rec))
    after = jambo.score(jambo.parse(_swap_names(rec)))
    assert [p.name for p in after.players] == ["Ben", "Ana"]
    assert [(p.score, p.rank, p.breakdown) for p in after.players] == [
        (p.score, p.rank, p.breakdown) for p in before.players
    ]
    assert after.winner == _swap_names(before.winner)
    assert after.status == before.status


def test_reordering_players_alone_changes_who_must_start() -> None:
    rec = record(turn("Ana"), turn("Ben"))
    swapped = rec | {"players": ["Ben", "Ana"]}
    assert refused(swapped).field == "turns[0].player"


# --- the rule book, worked by hand ----------------------------------------------------------


def test_issue_example_six_wares_then_a_small_stand() -> None:
    """ "si un jugador ocupa el sexto espacio con una mercancía, deberá pagar 2 piezas de oro
    al banco" (seed 000); "El tenderete pequeño se coloca al lado del grande" -- a new small
    stand is empty and nothing moves onto it.

    20 gold; buy six wares for 10 (sixth space: fee 2) = 8; a later turn: Weapons +2 = 10,
    the game's first small stand 6 = 4, three wares for 3 onto the small stand, no fee = 1.
    """
    six = ["jewelry", "hides", "tea", "silk", "fruit", "salt"]
    result = run(
        *alternate(
            [buy(*six, price=10)],
            [],
            [{"gold": 2, "card": "weapons"}, {"stand": 1}, buy(*TEA3, price=3)],
        )
    )
    assert gold(result)["Ana"] == 20 - 10 - 2 + 2 - 6 - 3 == 1
    assert result.players[0].breakdown["sixth_space_fees"] == 2


def test_issue_example_three_and_three_then_a_small_stand() -> None:
    """ "Esta suma deberá pagarse cada vez que llene los 6 espacios de su tenderete grande"
    (seed 000): filling happens when a ware lands on the sixth space, not when a stand is built.

    Buy 3 + 3 (fee 2 at the sixth) = 12; build the first small stand (6) = 6; three more (3)
    go on the small stand, no fee = 3.
    """
    events = [
        buy(*TEA3, price=3),
        buy(*SALT3, price=3),
        {"stand": 1},
        buy("silk", "silk", "silk", price=3),
    ]
    result = run(turn("Ana", *events))
    assert gold(result)["Ana"] == 20 - 3 - 3 - 2 - 6 - 3 == 3
    assert result.players[0].breakdown["sixth_space_fees"] == 2


def test_fee_again_only_when_the_sixth_space_is_filled_again() -> None:
    """ "Ce paiement doit être effectué chaque fois que le sixième emplacement du Grand Marché
    vient à être occupé" (seed 003).

    Tea and salt fill the large stand (fee 2) = 12; stand (6) = 6; selling the teas (+10,
    they can only leave the large stand) = 16 leaves it at 3; three silks go on the empty small
    stand (3, no fee) = 13; three fruits fill the large stand's sixth space again (3 + 2) = 8.
    """
    first = [buy(*TEA3, price=3), buy(*SALT3, price=3), {"stand": 1}, sell(*TEA3, price=10)]
    silk = buy("silk", "silk", "silk", price=3)
    assert gold(run(*alternate(first, [], [silk])))["Ana"] == 20 - 3 - 3 - 2 - 6 + 10 - 3 == 13
    again = run(*alternate(first, [], [silk, buy("fruit", "fruit", "fruit", price=3)]))
    assert gold(again)["Ana"] == 13 - 3 - 2
    assert again.players[0].breakdown["sixth_space_fees"] == 4


def test_a_ware_leaves_a_small_stand_to_keep_a_full_large_stand_full() -> None:
    """Where the record does not say which stand a ware leaves, the cheapest placement.

    Large stand tea x3 + salt x3 (fee 2); small stand tea, tea, silk (full). Drums return one
    tea: taken from the small stand, the full large stand stays full and a fruit received
    later goes on the freed small space: no second fee. (Taken from the large stand, the fruit
    would fill its sixth space again and cost 2.)
    """
    events = [
        buy(*TEA3, price=3),
        buy(*SALT3, price=3),
        {"stand": 1},
        {"wares_in": ["tea", "tea"], "from": "supply", "card": "carrier"},
        {"wares_in": ["silk"], "from": "supply"},
        {"wares_out": ["tea"], "to": "supply", "card": "drums"},
        {"wares_in": ["fruit"], "from": "supply"},
    ]
    result = run(turn("Ana", *events))
    assert result.players[0].breakdown["sixth_space_fees"] == 2
    assert gold(result)["Ana"] == 20 - 3 - 3 - 2 - 6


GOLD_CARDS = [("weapons", 2), ("well", -1), ("leopard_statue", -2), ("basket_maker", -2)]
GOLD_CARDS += [("supplies", -1), ("crocodile", 2), ("crocodile", -1)]


@pytest.mark.parametrize(("card", "amount"), GOLD_CARDS)
def test_a_named_cards_gold_is_the_card_lists(card: str, amount: int) -> None:
    """The card list (seed 000): Armas "coge 2 piezas de oro del banco"; Pozo "Paga 1 pieza de
    oro"; Estatua de leopardo "Paga 2 piezas de oro"; Cestera "Paga 2 piezas de oro";
    Provisiones "Paga 1 pieza de oro"; Cocodrilo uses one of those utensils once."""
    assert gold(run(turn("Ana", {"gold": amount, "card": card})))["Ana"] == 20 + amount
    other = {"gold": amount + 1 if amount != -1 else 1, "card": card}
    assert refused(record(turn("Ana", other))).field == "turns[0].events[0].gold"


def test_a_utensils_gold_is_its_players() -> None:
    """Armas: "coge 2 piezas de oro del banco" -- the player who uses the Weapons takes it."""
    rec = record(turn("Ana", {"gold": 2, "card": "weapons", "player": "Ben"}))
    assert refused(rec).field == "turns[0].events[0].gold"


@pytest.mark.parametrize("card", ["parrot", "throne", "guard", "dancer", "wise_man"])
def test_cards_that_move_no_gold_refuse_a_gold_event(card: str) -> None:
    """Loro: "Coge una mercancía de tu adversario" -- no gold in the text; nor in the others."""
    rec = record(turn("Ana", {"gold": 2, "card": card}))
    assert refused(rec).field == "turns[0].events[0].gold"


def test_an_unnamed_gold_event_stays_a_free_entry() -> None:
    """A ledger line without a card is the scorekeeper's word: any non-zero amount."""
    assert gold(run(turn("Ana", {"gold": 7}, {"gold": -3})))["Ana"] == 24


def test_cheetah_takes_2_from_the_opponent() -> None:
    """Guepardo: "Tu adversario elige: o te da 2 piezas de oro o puedes coger 2 cartas"."""
    assert gold(run(turn("Ana", {"pay_opponent": 2, "card": "cheetah"}))) == {"Ana": 22, "Ben": 18}
    three = record(turn("Ana", {"pay_opponent": 3, "card": "cheetah"}))
    assert refused(three).field == "turns[0].events[0].pay_opponent"
    from_bank = record(turn("Ana", {"gold": 2, "card": "cheetah"}))
    assert refused(from_bank).field == "turns[0].events[0].gold"
    not_cheetah = record(turn("Ana", {"pay_opponent": 2, "card": "parrot"}))
    assert refused(not_cheetah).field == "turns[0].events[0].card"


@pytest.mark.parametrize("card", ["arabian_merchant", "traveling_merchant"])
def test_auction_winner_pays_at_least_1(card: str) -> None:
    """Mercader árabe: "empieza con una oferta mínima de 1 pieza de oro ... El que haya
    realizado la oferta más elevada paga esta suma al banco" -- either player may win it."""
    result = run(
        turn("Ana", {"gold": -1, "card": card}, {"gold": -7, "card": card, "player": "Ben"})
    )
    assert gold(result) == {"Ana": 19, "Ben": 13}
    rec = record(turn("Ana", {"gold": 1, "card": card}))
    assert refused(rec).field == "turns[0].events[0].gold"


def test_portuguese_pays_2_per_ware_returned() -> None:
    """Portugués: "Devuelve las mercancías que desees a la reserva y coge 2 piezas de oro del
    banco por cada una." Two teas returned: 4 gold."""
    returned = {"wares_out": ["tea", "tea"], "to": "supply", "card": "portuguese"}
    result = run(turn("Ana", buy(*TEA3, price=3), returned, {"gold": 4, "card": "portuguese"}))
    assert gold(result)["Ana"] == 20 - 3 + 4
    assert result.players[0].breakdown["wares"] == 1
    wrong = record(turn("Ana", buy(*TEA3, price=3), returned, {"gold": 6, "card": "portuguese"}))
    assert refused(wrong).field == "turns[0].events[2].gold"


def test_portuguese_returns_only_wares_the_player_holds() -> None:
    """ "Devuelve las mercancías que desees" -- one's own wares: none held, none returned."""
    returned = {"wares_out": ["tea"], "to": "supply", "card": "portuguese"}
    rec = record(turn("Ana", returned, {"gold": 2, "card": "portuguese"}))
    assert refused(rec).field == "turns[0].events[0].wares_out"
    no_wares = record(turn("Ana", {"gold": 2, "card": "portuguese"}))
    assert refused(no_wares).field == "turns[0].events[0].gold"


def test_portuguese_wares_must_be_paid_in_the_turn_and_go_to_the_supply() -> None:
    """ "coge 2 piezas de oro del banco por cada una": the gold belongs to the same play."""
    returned = {"wares_out": ["tea"], "to": "supply", "card": "portuguese"}
    unpaid = record(turn("Ana", buy(*TEA3, price=3), returned))
    assert refused(unpaid).field == "turns[0].events[1].wares_out"
    to_opponent = {"wares_out": ["tea"], "to": "opponent", "card": "portuguese"}
    assert refused(record(turn("Ana", to_opponent))).field == "turns[0].events[0].to"


def test_wise_man_at_most_as_often_as_the_deck_holds_it() -> None:
    """ "WISE MAN FROM AFAR [El sabio de tierras lejanas]: (2)" -- two in the deck, so a turn
    plays at most two; the discard pile is reshuffled, so later turns may play them again."""
    assert refused(record(turn("Ana", {"wise_man": 3}))).field == "turns[0].events[0].wise_man"
    split = record(turn("Ana", {"wise_man": 2}, {"wise_man": 1}))
    assert refused(split).field == "turns[0].events"
    again = run(*alternate([{"wise_man": 2}], [], [{"wise_man": 2}, buy(*TEA3, price=3)]))
    assert gold(again)["Ana"] == 20


def test_dancer_sells_three_wares_at_a_three_ware_cards_price() -> None:
    """Bailarina: "Juega una carta de 3 mercancías y devuelve 3 mercancías cualesquiera a la
    reserva ... Coge tanto oro del banco como el indicado en el precio de venta"."""
    events = [buy("tea", "tea", "salt", price=4), sell("silk", "tea", "salt", price=12)]
    with_dancer = [events[0], {**events[1], "card": "dancer"}]
    assert refused(record(turn("Ana", *events))).field == "turns[0].events[1].sell"
    rec = record(turn("Ana", buy(*TEA3, price=3), {**sell(*TEA3, price=12), "card": "weapons"}))
    assert refused(rec).field == "turns[0].events[1].card"
    assert refused(record(turn("Ana", *with_dancer))).field == "turns[0].events[1].sell"
    six = {"sell": ["tea"] * 3 + ["salt"] * 3, "price": 18, "card": "dancer"}
    assert refused(record(turn("Ana", six))).field == "turns[0].events[0].sell"


def test_no_card_labels_a_purchase() -> None:
    """No card in the list changes a purchase but the Wise Man, which is its own event."""
    rec = record(turn("Ana", {**buy(*TEA3, price=3), "card": "rain_maker"}))
    assert refused(rec).field == "turns[0].events[0].card"


# --- what a card's text allows (issue 23) ------------------------------------------------------


def test_a_utensil_is_used_once_a_turn_per_copy() -> None:
    """Spanish book: "Un jugador puede utilizar cada una de sus cartas de utensilios sólo una
    vez por turno" and "puede tener la misma carta de utensilio repetida ... (pero sólo una
    vez por carta)"; the card list: "WEAPONS [Armas]: (2)". Two Weapons, two uses at most."""
    weapons = {"gold": 2, "card": "weapons"}
    assert gold(run(turn("Ana", weapons, weapons, actions=2)))["Ana"] == 20 + 4 + 1  # bonus
    err = refused(record(turn("Ana", weapons, weapons, weapons, actions=3)))
    assert err.field == "turns[0].events[2]"
    assert err.rule == (
        "the weapons used 3 times this turn; each utensil is used once a turn, and the game has 2"
    )


def test_every_card_use_costs_an_action() -> None:
    """Spanish book: "cada vez que se utilice una carta de utensilio el jugador deberá gastar 1
    ficha de acción"; "Regla básica: jugar 1 carta cuesta 1 acción". A Weapons use and a
    Cheetah in a turn of 0 actions would also pay the action bonus on actions that were used."""
    weapons = {"gold": 2, "card": "weapons"}
    cheetah = {"pay_opponent": 2, "card": "cheetah"}
    err = refused(record(turn("Ana", weapons, cheetah, actions=0)))
    assert err.field == "turns[0].actions_used" and err.rule.startswith("at least 2: one action")
    # Three card plays and the Weapons: 4 actions, no action bonus.
    events = (buy(*TEA3, price=3), {"stand": 1}, {"wise_man": 1}, weapons)
    assert refused(record(turn("Ana", *events, actions=3))).field == "turns[0].actions_used"
    assert gold(run(turn("Ana", *events, actions=4)))["Ana"] == 20 - 3 - 6 + 2


def test_the_dancer_s_ware_card_costs_no_action_of_its_own() -> None:
    """Spanish book, Dancer: "La carta de mercancías jugada no cuesta ningún punto de acción
    adicional": the Dancer and its ware card are one action."""
    dance = {**sell(*TEA3, price=10), "card": "dancer"}
    assert gold(run(turn("Ana", buy(*TEA3, price=3), dance, actions=2)))["Ana"] == 20 - 3 + 10 + 1


@pytest.mark.parametrize(
    ("event", "field", "rule"),
    [
        # "LEOPARD STATUE ... Paga 2 piezas de oro al banco y coge la mercancía que desees"
        (
            {"wares_in": ["tea", "silk"], "from": "supply", "card": "leopard_statue"},
            "wares_in",
            "the leopard statue takes 1 ware(s) a use, not 2",
        ),
        # "BOAT ... coge la mercancía que quieras de la reserva"
        (
            {"wares_in": ["tea"], "from": "opponent", "card": "boat"},
            "wares_in",
            "the boat takes wares from the supply",
        ),
        # "PARROT [Loro]: Coge una mercancía de tu adversario"
        (
            {"wares_in": ["tea"], "from": "supply", "card": "parrot"},
            "wares_in",
            "the parrot takes wares from the opponent",
        ),
        # "BASKET MAKER [Cestera]: ... coge 2 mercancías del mismo tipo de la reserva"
        (
            {"wares_in": ["tea", "silk"], "from": "supply", "card": "basket_maker"},
            "wares_in",
            "the basket maker takes wares of one kind, not silk and tea",
        ),
        # "DRUMS [Tambores]: Devuelve una de tus mercancías a la reserva"
        (
            {"wares_out": ["tea", "tea"], "to": "supply", "card": "drums"},
            "wares_out",
            "the drums gives 1 ware(s) a use, not 2",
        ),
        # "KETTLE [Caldera]: Descártate de 1 o 2 cartas de la mano y coge el mismo número de cartas"
        (
            {"wares_in": ["tea"], "from": "supply", "card": "kettle"},
            "wares_in",
            "the kettle takes no wares (its effect is on cards or gold)",
        ),
        # "THRONE [Trono]: Coge la mercancía que desees de tu adversario" (Ben's: Ana plays it)
        (
            {"wares_in": ["tea"], "from": "opponent", "card": "throne", "player": "Ben"},
            "player",
            "the throne moves Ana's own wares",
        ),
    ],
)
def test_cards_that_take_wares_take_what_their_text_says(
    event: dict[str, Any], field: str, rule: str
) -> None:
    """The card list (seed 000): each card's wares, how many, from where and of which kind.
    Ben holds three teas, so every refusal is the card's text, not the supply or his stands."""
    paid = (
        [{"gold": -2, "card": event["card"]}]
        if event["card"] in ("leopard_statue", "basket_maker")
        else []
    )
    rec = record(*alternate([], [buy(*TEA3, price=3)], [*paid, event]))
    err = refused(rec)
    assert (err.field, err.rule) == (f"turns[2].events[{len(paid)}].{field}", rule)


def test_a_paid_card_s_wares_come_with_its_gold() -> None:
    """Card list: the Leopard statue "Paga 2 piezas de oro al banco y coge la mercancía"; the
    Basket maker "Paga 2 piezas de oro al banco y coge 2 mercancías": wares without the gold
    are a use not paid for."""
    statue = {"wares_in": ["tea"], "from": "supply", "card": "leopard_statue"}
    paid = {"gold": -2, "card": "leopard_statue"}
    assert gold(run(turn("Ana", statue, paid, actions=1)))["Ana"] == 18 + 1
    assert gold(run(turn("Ana", statue, paid, paid, statue, actions=2)))["Ana"] == 16 + 1
    err = refused(record(turn("Ana", statue, paid, statue, actions=2)))
    assert err.field == "turns[0].events"
    assert err.rule.startswith("a use of the leopard statue pays its gold")
    assert refused(record(turn("Ana", statue, statue, paid, actions=2))).field == (
        "turns[0].events[1]"
    )
