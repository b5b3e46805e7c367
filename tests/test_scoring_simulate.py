"""Every game's simulator against its own engine: what it writes is a valid record, finished
when asked for a finished game and cut short when asked for one."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.scoring import amul, common, jaipur, jambo, ubongo
from ubongo.scoring.common import SessionResult
from ubongo.scoring.records import Entry, evaluate

SEATS: dict[ModuleType, tuple[int, int]] = {
    m: common.SEATS[m.GAME] for m in (amul, jaipur, jambo, ubongo)
}


@st.composite
def simulated(draw: st.DrawFn) -> tuple[str, bool, SessionResult | None]:
    """A game, whether a finished game was asked for, and the result of scoring its record."""
    module = draw(st.sampled_from(sorted(SEATS, key=lambda m: m.GAME)))
    players = draw(st.integers(*SEATS[module]))
    finished = module is amul or draw(st.booleans())
    record = module.simulate(players, random.Random(draw(st.integers(0, 2**32))), finished)
    outcome = evaluate(Entry("simulated", record))
    assert outcome is not None
    assert not outcome.problems, outcome.problems
    return module.GAME, finished, outcome.result


@settings(max_examples=60, deadline=None)
@given(simulated())
def test_every_simulated_session_scores_as_valid(
    case: tuple[str, bool, SessionResult | None],
) -> None:
    game, finished, result = case
    assert result is not None and result.game == game
    if finished:
        assert result.status == "finished" and result.winner is not None
    else:
        assert result.status != "finished" and result.winner is None


@pytest.mark.parametrize("module", [jambo, amul])
def test_a_simulator_refuses_a_player_count_its_game_does_not_allow(module: ModuleType) -> None:
    low, high = SEATS[module]
    for players in (low - 1, high + 1):
        with pytest.raises(ValueError, match="played by"):
            module.simulate(players, random.Random(0))


def test_amul_cannot_be_cut_short() -> None:
    with pytest.raises(ValueError, match="final play areas"):
        amul.simulate(3, random.Random(0), finished=False)
