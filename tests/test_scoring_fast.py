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

from ubongo.scoring import jaipur, report, ubongo
from ubongo.scoring.common import SessionResult
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.records import Entry, evaluate, line_entries
from ubongo.scoring.report import _fast_line, block_lines, result_json, result_line
from ubongo.scoring.text import json_line

PROPERTY = settings(max_examples=200, deadline=None)
ENGINES = {"ubongo": ubongo, "jaipur": jaipur}
# Values a scorekeeper's slip or a stranger's file may put anywhere in a record.
ODD = [
    None,
    0,
    -1,
    1,
    2,
    3,
    5,
    7,
    8,
    11,
    12,
    True,
    2.5,
    "",
    "P1",
    "P2",
    "P9",
    "ruby",
    "Rubis",
    "amber",
    "sapphire",
    "cloth",
    "Stoffe",
    "leather",
    "diamond",
    "camel",
    [],
    {},
    ["P1"],
    {"P1": 1},
    18446744073709551616,
]  # fmt: skip  (the last: past 64 bits)
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
        parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(ODD)))  # ODD stays as is
    elif how == "remove":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[data.draw(st.sampled_from(KEYS))] = copy.deepcopy(data.draw(st.sampled_from(ODD)))
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
    try:
        fast = ENGINES[game].fast_score(copy.deepcopy(record))
    except InvalidRecord as error:  # the tie-break's check, shared with the full path
        assert expected is None and error.field == "tiebreak"
        return
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
        assert (
            _fast_line(record, entry.location, only) == expected[0]
        )  # the one-pass line was the one taken


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


@pytest.mark.parametrize("tiebreak", [[], {}, 3, "P1", "P9"])
def test_a_bad_tiebreak_is_named_by_the_long_way_never_an_engine_error(tiebreak: Any) -> None:
    """A tie-break that is no player's name, or names one who is not tied (``fast_score``
    raised TypeError on a list once, which the CLI reported as a bug in the engine)."""
    record = {**simulated("ubongo", 11, True), "tiebreak": tiebreak}
    entry = Entry("f:2", record)
    outcome = evaluate(entry)
    assert outcome is not None and not outcome.valid
    assert all("engine error" not in str(p) and "tiebreak" in str(p) for p in outcome.problems)
    line = result_line(entry)
    assert line is not None and tuple(line) == long_way(entry, None)


@PROPERTY
@given(
    st.sampled_from(sorted(ENGINES)),
    st.integers(0, 10**6),
    st.booleans(),
    st.integers(2, 4),
    st.integers(0, 3),
    st.data(),
)
def test_the_compiled_replay_writes_what_the_python_replay_writes(
    game: str, seed: int, finished: bool, players: int, spoils: int, data: st.DataObject
) -> None:
    """``scoring._fast`` and the Python one-pass replay: the same text, or both None."""
    engine = ENGINES[game]
    if engine.FAST is None:
        pytest.skip("scoring._fast not built, or UBONGO_PURE set")
    record = simulated(game, seed, finished, players)
    for _ in range(spoils):
        record = spoil(record, data)
    compiled = text_or_error(engine, record)
    engine.FAST, kept = None, engine.FAST
    try:
        python = text_or_error(engine, record)
    finally:
        engine.FAST = kept
    assert compiled == python
    if not spoils:
        assert compiled is not None


def text_or_error(engine: Any, record: dict[str, Any]) -> str | None:
    """``engine.fast_text`` of a copy of ``record``, or the InvalidRecord it raised, as text."""
    try:
        return engine.fast_text(copy.deepcopy(record))  # type: ignore[no-any-return]
    except InvalidRecord as error:
        return f"InvalidRecord {error}"


def edited(game: str, seed: int, old: str, new: str) -> str:
    """The JSON text of a simulated record with the first ``old`` replaced by ``new``."""
    text = json.dumps(simulated(game, seed, True))
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "text",
    [
        edited("jaipur", 1, '"cards": 2', '"cards": 18446744073709551618'),  # past 64 bits
        edited("jaipur", 1, '"cards": 2', '"cards": 2.0'),
        edited("jaipur", 1, '"cards": 2', '"cards": 1e400'),
        edited("jaipur", 1, '"cards": 2', '"cards": NaN'),
        edited("jaipur", 1, '"cards": 2', '"cards": 9, "cards": 2'),  # the last one counts
        edited("jaipur", 1, '"P1": ', '"P2": 0, "P1": '),
        edited("jaipur", 2, '"P1"', '"\\ud800"'),  # a lone surrogate, escaped
        edited("ubongo", 3, '"P1"', '"P\\u00e9"'),
        edited("ubongo", 3, '"game"', '"id": 123456789012345678901234567890, "game"'),
        edited("ubongo", 3, '"game"', '"id": -0, "game"'),
        "  " + edited("ubongo", 4, "ruby", "ruby") + " ",
        edited("ubongo", 4, '"game": "ubongo"', '"game": "ubongo", "game": "ubongo"'),
    ],
)
@pytest.mark.parametrize("reader", ["orjson", "scanner"])
def test_the_one_pass_reader_never_reads_a_line_otherwise_than_json_does(
    text: str, reader: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """orjson (or without it the scanner) reads the lines of the one-pass line; where it reads
    anything differently from ``json.loads`` the line still gets the long way's text."""
    if reader == "scanner":
        monkeypatch.setattr(report, "_ORJSON", None)
    numbered = [(7, text)]
    (block,) = block_lines("f", numbered)
    (entry,) = line_entries(numbered, "f")
    expected = long_way(entry, None)
    assert expected is not None
    assert (block.text, block.valid, block.problems) == (expected[0] + "\n", *expected[1:])
