"""Score pads kept in a spreadsheet (CSV, one row per player per game) read as records
(issue 23): every game's rows one record, located at its first row; faults at their row."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import jaipur, ubongo
from ubongo.scoring.records import Outcome, entries, evaluate, scorer

PAD = """\
game,date,location,player,Rubí,zafiro,esmeralda,ámbar,rupees,round,gold,ended_by
Ubongo,2026-11-06,Café Nuñez,Ana,2,3,1,2,,,,
Ubongo,2026-11-06,Café Nuñez,Ben,1,2,,3,,,,
Ubongo,2026-11-06,Café Nuñez,Cy,1,,2,,,,,

jaipur,2026-11-13,Ben's,Ana,,,,,61,1,,
jaipur,2026-11-13,Ben's,Ben,,,,,48,1,,
jaipur,2026-11-13,Ben's,Ana,,,,,52,2,,
jaipur,2026-11-13,Ben's,Ben,,,,,55,2,,
jaipur,2026-11-13,Ben's,Ana,,,,,70,3,,
jaipur,2026-11-13,Ben's,Ben,,,,,41,3,,
jambo,2026-11-20,,Cy,,,,,,,63,
jambo,2026-11-20,,Ana,,,,,,,63,x
jambo,2026-11-20,,Cy,,,,,,,61,
jambo,2026-11-20,,Ana,3,,,,,,58,
"""


def outcomes(text: str) -> list[Outcome]:
    """Every record of a pad file, evaluated."""
    found = [evaluate(e) for e in entries(text, "pad.csv")]
    assert all(o is not None for o in found)
    return [o for o in found if o is not None]


def test_a_pad_s_games_are_records_located_at_their_first_row() -> None:
    found = outcomes(PAD)
    assert [(o.location, o.game, o.valid) for o in found] == [
        ("pad.csv:2", "ubongo", True),
        ("pad.csv:6", "jaipur", True),
        ("pad.csv:12", "jambo", True),
        ("pad.csv:14", None, False),  # the same players again: a second game that night
    ]
    ubongo_night, jaipur_night, jambo_night, _ = (o.result for o in found)
    assert ubongo_night is not None and jaipur_night is not None and jambo_night is not None
    assert [p.score for p in ubongo_night.players] == [21, 13, 8]
    assert ubongo_night.extra == {"location": "Café Nuñez"}
    assert (jaipur_night.winner, len(jaipur_night.rounds)) == ("Ana", 3)
    assert (jambo_night.winner, jambo_night.record) == ("Cy", "totals")  # a tie: the opponent


def test_a_fault_is_named_at_its_own_row() -> None:
    """Ana's Jambo row has a ruby: refused on its line, not dropped."""
    (bad,) = [o for o in outcomes(PAD) if not o.valid]
    assert [str(p) for p in bad.problems] == [
        "pad.csv:15: ruby: a Jambo pad gives each player's gold only"
    ]


def test_a_column_no_pad_has_is_refused_not_dropped() -> None:
    text = "game,player,gold,colour\njambo,Ana,61,red\njambo,Ben,58,blue\n"
    (found,) = outcomes(text)
    assert [str(p) for p in found.problems] == [
        "pad.csv:1: column 'colour': no game's pad has it (expected game, player, date, id,"
        " location, notes, tiebreak, ended_by, round, a gem colour, rupees, bonus_tokens,"
        " goods_tokens or gold)"
    ]


def test_the_game_s_own_rules_check_a_pad_s_numbers() -> None:
    """A pad row is a totals record: the books' limits hold (one camel token a round)."""
    text = (
        "game,player,rupees,round,bonus_tokens,goods_tokens\n"
        "jaipur,Ana,5,1,0,0\njaipur,Ben,5,1,0,0\n"
    )
    (found,) = outcomes(text)
    assert [(p.location, p.field) for p in found.problems] == [("pad.csv:2", "totals[0]")]
    amul = outcomes("game,player\namul,Ana\namul,Ben\namul,Cy\n")
    assert [p.field for p in amul[0].problems] == ["game"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_pad_of_simulated_games_scores_as_their_events(seed: int, players: int) -> None:
    """Ubongo and Jaipur games written as spreadsheet rows give the same standings."""
    rng = random.Random(seed)
    games = [ubongo.simulate(players, rng), jaipur.simulate(2, rng)]
    events = [o.result for o in outcomes("\n".join(map(repr_json, games)))]
    lines = [
        "game,id,player,tiebreak,round,ruby,sapphire,emerald,amber,rupees,bonus_tokens,goods_tokens"
    ]
    for number, result in enumerate(events):
        assert result is not None
        for player in result.players:
            mark = "x" if games[number].get("tiebreak") == player.name else ""
            if result.game == "ubongo":
                gems = [player.breakdown[g] for g in ("ruby", "sapphire", "emerald", "amber")]
                lines.append(
                    f"ubongo,g{number},{player.name},{mark},,{','.join(map(str, gems))},,,"
                )
        for index, rnd in enumerate(result.rounds if result.game == "jaipur" else ()):
            for name, t in rnd["players"].items():
                counts = f"{t['rupees']},{t['bonus_tokens']},{t['goods_tokens']}"
                lines.append(f"jaipur,g{number},{name},,{index + 1},,,,,{counts}")
    pads = [o.result for o in outcomes("\n".join(lines) + "\n")]
    assert [(r.winner, r.status) for r in pads if r] == [(e.winner, e.status) for e in events if e]
    assert [[p.score for p in r.players] for r in pads if r] == [
        [p.score for p in e.players] for e in events if e
    ]
    for pad in pads:  # a pad's breakdown keys are declared too: the CSV header has them
        assert pad is not None
        declared = scorer(pad.game).BREAKDOWN_KEYS
        assert all(
            list(p.breakdown) == [k for k in declared if k in p.breakdown] for p in pad.players
        )


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 200), min_size=2, max_size=2))
def test_a_jambo_pad_gives_gold_a_declared_key(gold: list[int]) -> None:
    (found,) = outcomes(f"game,player,gold\njambo,Ana,{gold[0]}\njambo,Ben,{gold[1]}\n")
    assert found.result is not None
    assert [list(p.breakdown) for p in found.result.players] == [["gold"], ["gold"]]
    assert "gold" in scorer("jambo").BREAKDOWN_KEYS


def repr_json(record: dict[str, object]) -> str:
    """A record as one JSON line."""
    import json

    return json.dumps(record)
