"""The one-pass ``fast_score`` of Ubongo and Jaipur agrees with ``score(parse(record))``.

``fast_score`` scores a plainly valid record straight from its JSON and returns None for any
other, leaving the fault to ``parse`` and ``score``. So on every record, simulated or spoiled:
either it is None, or the full path gives the very same result; and a record the full path
refuses is always None.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import jaipur, ubongo
from scoring.common import InvalidRecord, SessionResult
from scoring.records import Entry, evaluate

PROPERTY = settings(max_examples=200, deadline=None)
ENGINES = {"ubongo": ubongo, "jaipur": jaipur}
# Values a scorekeeper's slip or a stranger's file may put anywhere in a record.
ODD = [None, 0, -1, 1, 2, 3, 5, 7, 8, 11, 12, True, 2.5, "", "P1", "P2", "P9", "ruby", "Rubis",
       "amber", "sapphire", "cloth", "Stoffe", "leather", "diamond", "camel", [], {}, ["P1"],
       {"P1": 1}]  # fmt: skip
KEYS = ["location", "round", "bonus", "tiebreak", "notes", "players", "camels", "drawn", "id"]


def simulated(game: str, seed: int, finished: bool, players: int = 4) -> dict[str, Any]:
    """A simulated record of ``game`` (Ubongo with ``players`` players)."""
    seats = players if game == "ubongo" else 2
    return ENGINES[game].simulate(seats, random.Random(seed), finished=finished)


def full(game: str, record: dict[str, Any]) -> SessionResult | None:
    """``score(parse(record))``, or None when the record is refused."""
    engine = ENGINES[game]
    try:
        return engine.score(engine.parse(copy.deepcopy(record)))
    except InvalidRecord:
        return None


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``value`` (the record itself excluded)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += places(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += places(inner, (*path, i))
    return found


def spoil(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """``record`` with one value replaced, removed, or a key added beside it."""
    path = data.draw(st.sampled_from(places(record)))
    parent: Any = record
    for step in path[:-1]:
        parent = parent[step]
    how = data.draw(st.sampled_from(["replace", "remove", "add"]))
    if how == "replace":
        parent[path[-1]] = data.draw(st.sampled_from(ODD))
    elif how == "remove":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[data.draw(st.sampled_from(KEYS))] = data.draw(st.sampled_from(ODD))
    else:
        parent.append(copy.deepcopy(parent[path[-1]]))
    return record


@PROPERTY
@given(st.sampled_from(sorted(ENGINES)), st.integers(0, 10**6), st.booleans(), st.integers(2, 4))
def test_a_simulated_record_takes_the_fast_path_to_the_same_result(
    game: str, seed: int, finished: bool, players: int
) -> None:
    record = simulated(game, seed, finished, players)
    fast = ENGINES[game].fast_score(record)
    assert fast is not None
    assert fast == full(game, record)


@PROPERTY
@given(st.sampled_from(sorted(ENGINES)), st.integers(0, 10**6), st.booleans(), st.data())
def test_a_spoilt_record_gets_the_full_paths_result_or_none(
    game: str, seed: int, finished: bool, data: st.DataObject
) -> None:
    record = simulated(game, seed, finished)
    for _ in range(data.draw(st.integers(1, 3))):
        record = spoil(record, data)
    expected = full(game, record)
    fast = ENGINES[game].fast_score(copy.deepcopy(record))
    assert fast is None or fast == expected
    if expected is None:
        assert fast is None


def shout_first_gem(record: dict[str, Any]) -> None:
    """The first gem drawn written in capitals, as some score pads have it."""
    rnd = next(r for r in record["rounds"] if r["drawn"])
    rnd["drawn"][0] = rnd["drawn"][0].upper()


def shout_first_good(record: dict[str, Any]) -> None:
    """The first good sold written in capitals."""
    sale = next(s for r in record["rounds"] for s in r["sales"])
    sale["good"] = sale["good"].upper()


@pytest.mark.parametrize(
    ("game", "change"),
    [
        ("ubongo", shout_first_gem),
        ("ubongo", lambda r: r.__setitem__("location", "club")),  # a key passed through
        ("jaipur", shout_first_good),
        ("jaipur", lambda r: r.__setitem__("edition", "de")),
    ],
)
def test_a_valid_record_in_other_words_leaves_the_fast_path(game: str, change: Any) -> None:
    """What is valid but not plain is still scored, by the full path: same result as the
    plain record's, with the added key passed through."""
    record = simulated(game, 7, True)
    plain = ENGINES[game].fast_score(record)
    change(record)
    assert ENGINES[game].fast_score(record) is None
    outcome = evaluate(Entry("f:1", record))
    assert outcome is not None and outcome.result is not None
    assert outcome.result == full(game, record)
    assert plain is not None and outcome.result.players == plain.players
