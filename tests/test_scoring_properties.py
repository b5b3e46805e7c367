"""Hypothesis: every record the simulator writes is valid, and one mutation that breaks a
rule-book limit is refused at its line and field while the other records of the file are
still scored (issue 23)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import jaipur, jambo, ubongo
from ubongo.scoring.records import Outcome, entries, evaluate

GEMS = ("ruby", "sapphire", "emerald", "amber")
Mutation = Callable[[dict[str, Any], random.Random], tuple[dict[str, Any], str]]


def night(records: list[dict[str, Any]]) -> list[Outcome]:
    """The outcomes of ``records`` written one a line, as a scorekeeper's file."""
    text = "\n".join(json.dumps(r) for r in records)
    found = [evaluate(e) for e in entries(text, "night.jsonl")]
    assert all(o is not None for o in found)
    return [o for o in found if o is not None]


def ubongo_pad(seed: int, players: int) -> dict[str, Any]:
    """A simulated Ubongo game's gems, written as a score pad."""
    record = ubongo.simulate(players, random.Random(seed))
    result = ubongo.score(ubongo.parse(record))
    pad = {p.name: {g: int(p.breakdown[g]) for g in GEMS} for p in result.players}
    tie = {"tiebreak": record["tiebreak"]} if "tiebreak" in record else {}
    return {"game": "ubongo", "players": record["players"], "totals": pad, **tie}


def jaipur_pad(seed: int) -> dict[str, Any]:
    """A simulated Jaipur game's rounds, written as a score pad."""
    record = jaipur.simulate(2, random.Random(seed))
    result = jaipur.score(jaipur.parse(record))
    rounds = [
        {n: {k: t[k] for k in jaipur.PAD_KEYS} for n, t in r["players"].items()}
        for r in result.rounds
    ]
    return {"game": "jaipur", "players": record["players"], "totals": rounds}


# --- mutations, each breaking one limit of the books -------------------------------------------


def too_many_draws(pad: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A player with 10 rubies and emeralds: one draw a round, 9 rounds."""
    name = rng.choice(pad["players"])
    rubies = rng.randint(0, 10)
    gems = {**pad["totals"][name], "ruby": rubies, "emerald": 10 - rubies}
    return {**pad, "totals": {**pad["totals"], name: gems}}, f"totals.{name}|totals"


def one_more_gem(pad: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """With 2 players, one gem more for one of them: an odd number (two gems a finisher)."""
    name = rng.choice(pad["players"])
    gem = rng.choice(GEMS)
    gems = {**pad["totals"][name], gem: pad["totals"][name][gem] + 1}
    return {**pad, "totals": {**pad["totals"], name: gems}}, f"totals.{name}|totals"


def rupees_beyond_the_tokens(pad: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """Rupees beyond what the player's tokens could be worth at the most (7 a goods token, 10
    a bonus token) with the camel token."""
    index = rng.randrange(len(pad["totals"]))
    name = rng.choice(pad["players"])
    line = dict(pad["totals"][index][name])
    line["rupees"] = 7 * line["goods_tokens"] + 10 * line["bonus_tokens"] + 5 + rng.randint(1, 9)
    rounds = [dict(r) for r in pad["totals"]]
    rounds[index][name] = line
    return {**pad, "totals": rounds}, f"totals[{index}].{name}.rupees"


def a_second_camel_token(pad: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A round in which both players' 5 rupees, with no token, can only be the camel token."""
    index = rng.randrange(len(pad["totals"]))
    rounds = [dict(r) for r in pad["totals"]]
    rounds[index] = {
        name: {"rupees": 5, "bonus_tokens": 0, "goods_tokens": 0} for name in rounds[index]
    }
    return {**pad, "totals": rounds}, f"totals[{index}]"


def a_boat_taking_two(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A Boat that takes two wares in one use: its text gives one."""
    index = rng.randrange(len(record["turns"]))
    turn = dict(record["turns"][index])
    boat = {"wares_in": ["tea", "salt"], "from": "supply", "card": "boat"}
    turn["events"] = [*turn["events"], boat]
    turns = [*record["turns"][:index], turn, *record["turns"][index + 1 :]]
    return {**record, "turns": turns}, f"turns[{index}].events[{len(turn['events']) - 1}].wares_in"


def a_third_weapons(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """Three Weapons used in one turn: the game has two, each used once a turn."""
    index = rng.randrange(len(record["turns"]))
    turn = dict(record["turns"][index])
    weapons = {"gold": 2, "card": "weapons"}
    used = sum(1 for e in turn["events"] if e == weapons)  # the simulator plays one at most
    third = len(turn["events"]) + 2 - used  # the event that is the third use
    turn["events"] = [*turn["events"], weapons, weapons, weapons]
    turns = [*record["turns"][:index], turn, *record["turns"][index + 1 :]]
    return {**record, "turns": turns}, f"turns[{index}].events[{third}]"


def an_unpaid_action(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A turn's recorded actions one fewer than its card plays and uses cost."""
    played = [
        i
        for i, t in enumerate(record["turns"])
        if jambo._card_plays(jambo.parse_turn(t, record["players"], i).events)
    ]
    if not played:
        return a_third_weapons(record, rng)
    index = rng.choice(played)
    turn = record["turns"][index]
    parsed = jambo.parse_turn(turn, record["players"], index)
    cost = jambo._card_plays(parsed.events) + jambo.card_actions(parsed.events, turn["player"], "")
    turns = list(record["turns"])
    turns[index] = {**turn, "actions_used": cost - 1}
    return {**record, "turns": turns}, f"turns[{index}].actions_used"


def check(records: list[dict[str, Any]], mutate: Mutation, seed: int) -> None:
    """Every record valid; then one of them mutated is refused at its line and field, and
    the others still scored as before."""
    before = night(records)
    assert all(o.valid for o in before), [o.problems for o in before if not o.valid]
    rng = random.Random(seed)
    index = rng.randrange(len(records))
    mutated, fields = mutate(records[index], rng)
    after = night([*records[:index], mutated, *records[index + 1 :]])
    problem = after[index].problems[0] if after[index].problems else None
    assert problem is not None, "the mutated record was accepted"
    line = f":{index + 1}" if len(records) > 1 else ""  # a file of one record is the record
    assert problem.location == f"night.jsonl{line}"
    assert problem.field in fields.split("|"), problem
    others = [o for i, o in enumerate(after) if i != index]
    assert [o.result for o in others] == [o.result for i, o in enumerate(before) if i != index]


SEEDS = st.lists(st.integers(0, 2**32), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None)
@given(seeds=SEEDS, players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_ubongo_pads_of_simulated_games_are_valid_and_too_many_draws_are_not(
    seeds: list[int], players: int, seed: int
) -> None:
    check([ubongo_pad(s, players) for s in seeds], too_many_draws, seed)


@settings(max_examples=40, deadline=None)
@given(seeds=SEEDS, seed=st.integers(0, 2**32))
def test_two_player_ubongo_pads_with_one_more_gem_are_refused(seeds: list[int], seed: int) -> None:
    check([ubongo_pad(s, 2) for s in seeds], one_more_gem, seed)


@settings(max_examples=40, deadline=None)
@given(seeds=SEEDS, seed=st.integers(0, 2**32))
def test_jaipur_pads_with_rupees_beyond_their_tokens_are_refused(
    seeds: list[int], seed: int
) -> None:
    check([jaipur_pad(s) for s in seeds], rupees_beyond_the_tokens, seed)


@settings(max_examples=30, deadline=None)
@given(seeds=SEEDS, seed=st.integers(0, 2**32))
def test_jaipur_pads_with_the_camel_token_twice_in_a_round_are_refused(
    seeds: list[int], seed: int
) -> None:
    check([jaipur_pad(s) for s in seeds], a_second_camel_token, seed)


@settings(max_examples=25, deadline=None)
@given(
    seeds=SEEDS,
    seed=st.integers(0, 2**32),
    mutate=st.sampled_from([a_third_weapons, an_unpaid_action, a_boat_taking_two]),
)
def test_jambo_games_with_a_card_used_beyond_its_text_are_refused(
    seeds: list[int], seed: int, mutate: Mutation
) -> None:
    check([jambo.simulate(2, random.Random(s)) for s in seeds], mutate, seed)
