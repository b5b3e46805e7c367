"""The one-pass ``fast_score`` of Ubongo and Jaipur agrees with ``score(parse(record))``.

``fast_score`` scores a plainly valid record straight from its JSON and returns None for any
other, leaving the fault to ``parse`` and ``score``. So on every record, simulated or spoiled:
either it is None, or the full path gives the very same result; and a record the full path
refuses is always None.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import jaipur, ubongo
from scoring.common import InvalidRecord, SessionResult, json_line
from scoring.records import Entry, evaluate, line_entries
from scoring.report import _fast_line, block_lines, result_json, result_line

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


# --- the one-pass line of score --jsonl (scoring.report.result_line) ---------------------------

ODD_CHARACTERS = '"\\\u2028\u2029\ud800é漢'  # a quote, a backslash, line breaks, a lone surrogate
NAME = st.text(st.characters(codec="utf-8") | st.sampled_from(ODD_CHARACTERS), min_size=1)
ENVELOPE = st.one_of(st.none(), st.integers(-5, 10**12), st.booleans(), NAME, st.just(2.5))


def renamed(record: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``record`` with its players P1, P2, ... called ``names`` everywhere they appear."""
    new = dict(zip(record["players"], names, strict=False))

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {new.get(k, k): walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return new.get(value, value) if isinstance(value, str) else value

    return walk(record)


def long_way(entry: Entry, game: str | None) -> tuple[str, bool, tuple[Any, ...]] | None:
    """The line, validity and problems ``score --jsonl`` wrote before the one-pass line."""
    outcome = evaluate(entry, game)
    if outcome is None:
        return None
    return json_line(result_json(outcome)), outcome.valid, outcome.problems


@PROPERTY
@given(
    st.sampled_from(sorted(ENGINES)),
    st.integers(0, 10**6),
    st.booleans(),
    st.lists(NAME, min_size=4, max_size=4),
    st.dictionaries(st.sampled_from(["id", "date"]), ENVELOPE),
    st.sampled_from([None, "ubongo", "jaipur", "amul"]),
)
def test_a_records_line_is_the_long_ways_text(
    game: str,
    seed: int,
    finished: bool,
    names: list[str],
    envelope: dict[str, Any],
    only: str | None,
) -> None:
    """Any names (quotes, U+2028, lone surrogates, other scripts), ids and dates: the line
    written in one pass is the long way's, byte for byte, with its validity and problems."""
    record = {**renamed(simulated(game, seed, finished), names), **envelope}
    entry = Entry("f:3", record)
    line = result_line(entry, only)
    expected = long_way(entry, only)
    assert (None if line is None else tuple(line)) == expected
    seats = len(record["players"])
    plain = (
        type(envelope.get("id", "")) in (str, int)
        and type(envelope.get("date", "")) is str
        and only in (None, game)
        and len(set(names[:seats])) == seats
    )
    if plain and game == "ubongo" or plain and ENGINES[game].fast_score(record) is not None:
        assert _fast_line(entry, only) == expected[0]  # the one-pass line was the one taken


@PROPERTY
@given(st.sampled_from(sorted(ENGINES)), st.integers(0, 10**6), st.booleans(), st.data())
def test_a_spoilt_records_line_is_the_long_ways_text(
    game: str, seed: int, finished: bool, data: st.DataObject
) -> None:
    record = simulated(game, seed, finished)
    for _ in range(data.draw(st.integers(1, 3))):
        record = spoil(record, data)
    entry = Entry("f:9", record)
    line = result_line(entry)
    assert line is not None and tuple(line) == long_way(entry, None)


def test_a_block_of_lines_is_its_records_lines_in_order() -> None:
    """``block_lines`` (a worker's task) joins the records' lines: blank, bad and spoilt
    lines keep their places and their problems."""
    rng = random.Random(5)
    texts = [json.dumps(simulated(rng.choice(sorted(ENGINES)), i, i % 3 > 0)) for i in range(40)]
    texts[3], texts[10], texts[20] = "", "{not json", json.dumps({"game": "ubongo"})
    numbered = list(enumerate(texts, 1))
    (block,) = block_lines("f", numbered)
    one_by_one = [long_way(e, None) for e in line_entries(numbered, "f")]
    kept = [x for x in one_by_one if x is not None]
    assert block.text == "".join(text + "\n" for text, _, _ in kept)
    assert block.records == len(kept) == 39 and not block.valid
    assert block.problems == tuple(p for _, _, problems in kept for p in problems)
    assert [str(p).split(":")[1] for p in block.problems] == ["11", "21"]
