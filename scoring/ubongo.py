"""Ubongo session scoring: replay the gem bag and the round marker, round by round.

Glossary
    Gem        a gem colour (:class:`Gem`); worth ruby 4, sapphire 3, emerald 2, amber 1.
    Bag        the gems in the cloth bag by colour (``Counter[Gem]``); 10 of each at the start,
               since 9 sapphires and 9 ambers of the 58 gems sit on the round marker.
    Marker     the round marker's reserve (``Counter[Gem]``): 9 sapphires and 9 ambers at the
               start; exactly one of each leaves it every round, so it counts the 9 rounds.
    Finisher   a player who completed the figure in time; ``Round.finished`` is fastest first.
    Draw       the gem a finisher took at random from the bag: ``drawn[i]`` for ``finished[i]``.
    Tie-break  the extra round the players tied for first play after round 9: the first to
               finish wins the game (``Session.tiebreak``).
    Record     the JSON object of a session::

                   {"game": "ubongo", "players": ["Ana", "Ben"],
                    "rounds": [{"finished": ["Ben", "Ana"], "drawn": ["ruby", "amber"]}],
                    "tiebreak": "Ana"}
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ubongo.scoring.common import (
    SEATS,
    PlayerResult,
    RecordCheck,
    SessionResult,
    Status,
    check_keys,
    competition_ranks,
    json_list,
    json_object,
    load_fast,
    neither_events_nor_totals,
)
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.names import canonical
from ubongo.scoring.text import json_text, quote, quote_list

GAME: Final = "ubongo"
CHECK: Final = RecordCheck(
    GAME,
    top="$",
    not_object="expected a JSON object, got {kind}",
    wrong_game="expected {game!r}, got {got!r}",
    not_list="expected a list of player names, got {kind}",
    count="expected {lo} to {hi} players, got {n}",
    name_path="players[{i}]",
    bad_name="expected a non-empty name, got {name!r}",
    duplicate="duplicate player name {name!r}",
)
"""The checks every game's record shares, in this game's words."""
FAST = load_fast()
"""The compiled replay (scoring._fast), or None: not built, or UBONGO_PURE set."""


class Gem(enum.Enum):
    """A gem colour, named as in records."""

    RUBY = "ruby"
    SAPPHIRE = "sapphire"
    EMERALD = "emerald"
    AMBER = "amber"

    @property
    def points(self) -> int:
        """The gem's value at the end of the game."""
        return POINTS[self]


POINTS: Final[Mapping[Gem, int]] = {Gem.RUBY: 4, Gem.SAPPHIRE: 3, Gem.EMERALD: 2, Gem.AMBER: 1}
INVENTORY: Final[Mapping[Gem, int]] = {
    Gem.RUBY: 10,
    Gem.SAPPHIRE: 19,
    Gem.EMERALD: 10,
    Gem.AMBER: 19,
}
MARKER_START: Final[Mapping[Gem, int]] = {Gem.SAPPHIRE: 9, Gem.AMBER: 9}
BAG_START: Final[Mapping[Gem, int]] = {g: INVENTORY[g] - MARKER_START.get(g, 0) for g in Gem}
# The 1st finisher takes a sapphire off the marker, the 2nd an amber; with fewer finishers
# the untaken ones are thrown into the bag, so ``MARKER_REWARDS[k:]`` is what goes in.
MARKER_REWARDS: Final = (Gem.SAPPHIRE, Gem.AMBER)
ROUNDS: Final = 9
MIN_PLAYERS, MAX_PLAYERS = SEATS[GAME]

# The replay counts gems by colour name (``Gem._value_``), not by member: str hashes are
# cached while ``Enum.__hash__`` is a slow Python call in 3.11, and the summaries want names.
_Counts = dict[str, int]  # gems by colour name, in the canonical colour order
_GEMS: Final[Mapping[str, Gem]] = {gem.value: gem for gem in Gem}
BREAKDOWN_KEYS: Final = (*(gem.value for gem in Gem), "gems", "finishes")
"""Every key of a player's breakdown, in order (a pad gives no ``finishes``): the CSV's
``breakdown.KEY`` columns."""
_POINTS: Final = {gem.value: POINTS[gem] for gem in Gem}
_BAG_START: Final = {gem.value: count for gem, count in BAG_START.items()}
_MARKER_START: Final = {gem.value: count for gem, count in MARKER_START.items()}
_MARKER_REWARDS: Final = tuple(gem.value for gem in MARKER_REWARDS)


@dataclass(frozen=True)
class Round:
    """One round: the finishers, fastest first, and the gem each one drew from the bag."""

    finished: tuple[str, ...]
    drawn: tuple[Gem, ...]


@dataclass(frozen=True)
class Session:
    """A parsed Ubongo record: 2-4 players, up to 9 rounds, the tie-break winner if any."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    tiebreak: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Totals:
    """A score pad's record of a finished game: each player's gems by colour, and the
    tie-break winner if any."""

    players: tuple[str, ...]
    gems: Mapping[str, Mapping[Gem, int]]
    tiebreak: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


def points(gems: Iterable[Gem]) -> int:
    """The total value of a collection of gems.

    >>> points([Gem.RUBY, Gem.SAPPHIRE, *[Gem.EMERALD] * 3, *[Gem.AMBER] * 3])
    16
    """
    return sum(gem.points for gem in gems)


# --- parsing ---------------------------------------------------------------------------


def parse(record: Mapping[str, Any]) -> Session | Totals:
    """Check a record's structure and names; raise InvalidRecord, else return the Session
    (an event record) or the Totals (a score pad's record, with ``totals``)."""
    rec = CHECK.record(record)
    if "totals" in rec:
        return parse_totals(rec)
    if "rounds" not in rec:
        known = ("game", "players", "rounds", "totals", "tiebreak")
        events, totals = "the game round by round", "a score pad: each player's gems by colour"
        raise neither_events_nor_totals(rec, "rounds", known, events, totals)
    extra = check_keys(rec, "", required=("game", "players", "rounds"), optional=("tiebreak",))
    CHECK.game_of(rec)
    players = CHECK.names(rec["players"])
    raw_rounds = json_list(rec["rounds"], "rounds", "a list of rounds")
    if len(raw_rounds) > ROUNDS:
        raise InvalidRecord(
            f"rounds[{ROUNDS}]", f"a game has at most {ROUNDS} rounds; got {len(raw_rounds)}"
        )
    rounds = tuple([_round(r, i, players) for i, r in enumerate(raw_rounds)])
    return Session(players, rounds, _tiebreak(rec.get("tiebreak"), players), extra)


def _round(value: Any, index: int, players: Sequence[str]) -> Round:
    """One round object: known, unique finishers and one known gem drawn per finisher."""
    return _plain_round(value, players) or _checked_round(value, f"rounds[{index}]", players)


def _plain_round(value: Any, players: Sequence[str]) -> Round | None:
    """The round if it is plainly valid, else None: the full checks then name the fault."""
    if type(value) is not dict or len(value) != 2:
        return None
    finished, drawn = value.get("finished"), value.get("drawn")
    if type(finished) is not list or type(drawn) is not list or len(finished) != len(drawn):
        return None
    for i, name in enumerate(finished):
        if name not in players or name in finished[:i]:
            return None
    try:
        gems = tuple([_GEMS[gem] for gem in drawn])
    except (KeyError, TypeError):  # an unknown or unhashable gem name
        return None
    return Round(tuple(finished), gems)


def _checked_round(value: Any, path: str, players: Sequence[str]) -> Round:
    """One round object checked rule by rule; InvalidRecord names the first fault."""
    obj = json_object(value, path, "a round object")
    check_keys(obj, path, required=("finished", "drawn"))
    finished = json_list(obj["finished"], f"{path}.finished", "a list of player names")
    for i, name in enumerate(finished):
        _finisher(name, f"{path}.finished[{i}]", players, finished[:i])
    drawn = json_list(obj["drawn"], f"{path}.drawn", "a list of gem names")
    if len(drawn) != len(finished):
        raise InvalidRecord(
            f"{path}.drawn",
            f"expected one drawn gem per finisher ({len(finished)}), got {len(drawn)}",
        )
    gems = tuple(_gem(g, f"{path}.drawn[{i}]") for i, g in enumerate(drawn))
    return Round(tuple(finished), gems)


def _finisher(name: Any, field: str, players: Sequence[str], before: Sequence[Any]) -> None:
    """A finisher is a player of the session who has not finished earlier in the round."""
    if name not in players:
        raise InvalidRecord(field, f"unknown player {name!r}; expected one of {', '.join(players)}")
    if name in before:
        raise InvalidRecord(field, f"{name!r} finished twice in the same round")


def _gem(value: Any, field: str) -> Gem:
    """The Gem ``value`` names, in any edition's words."""
    return Gem(canonical("ubongo.gem", value, field, "gem"))


def _tiebreak(value: Any, players: Sequence[str]) -> str | None:
    """The tie-break winner, a player of the session, or None when absent."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in players:
        raise InvalidRecord(
            "tiebreak", f"unknown player {value!r}; expected one of {', '.join(players)}"
        )
    return value


def parse_totals(rec: Mapping[str, Any]) -> Totals:
    """A totals record: ``totals`` maps each player to their gems by colour (any edition's
    words; a colour left out is 0), checked against the bag and the 9 rounds."""
    extra = check_keys(rec, "", required=("game", "players", "totals"), optional=("tiebreak",))
    CHECK.game_of(rec)
    players = CHECK.names(rec["players"])
    table = json_object(rec["totals"], "totals", "an object of gems per player")
    check_keys(table, "totals", required=players)
    gems = {name: _pad(table[name], f"totals.{name}") for name in players}
    _check_bag(gems, len(players))
    for name in players:
        _check_player_rounds(gems[name], f"totals.{name}", len(players))
    _check_rounds(gems, len(players))
    return Totals(players, gems, _tiebreak(rec.get("tiebreak"), players), extra)


def _pad(value: Any, path: str) -> dict[Gem, int]:
    """One player's gems by colour: whole numbers, at most what 9 rounds can give a player."""
    obj = json_object(value, path, "an object of gem colour -> count")
    gems = dict.fromkeys(Gem, 0)
    for key, count in obj.items():
        where = f"{path}.{key}"
        gem = _gem(key, where)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InvalidRecord(where, f"expected a count of gems (0 or more), got {count!r}")
        gems[gem] += count
    if sum(gems.values()) > ROUNDS * len(MARKER_REWARDS):
        # A round gives a player at most one marker gem and one draw.
        rule = f"{sum(gems.values())} gems; 9 rounds give a player at most {ROUNDS * 2}"
        raise InvalidRecord(path, rule)
    return gems


def _check_bag(gems: Mapping[str, Mapping[Gem, int]], players: int) -> None:
    """The gems of all players together: no colour beyond the game's 58, no more than the 9
    rounds hand out (18 marker gems and one draw per player a round)."""
    for gem in Gem:
        held = sum(pad[gem] for pad in gems.values())
        if held > INVENTORY[gem]:
            rule = f"{held} {gem.value} gems in all; the game has {INVENTORY[gem]}"
            raise InvalidRecord("totals", rule)
    held = sum(sum(pad.values()) for pad in gems.values())
    most = ROUNDS * (len(MARKER_REWARDS) + players)
    if held > most:
        rule = f"{held} gems in all; 9 rounds of {players} players hand out at most {most}"
        raise InvalidRecord("totals", rule)


# A finisher's place in a round: first (the marker's sapphire and a draw), second (the
# marker's amber and a draw) or later (a draw only). ``Places`` counts them for one player
# over the game: (firsts, seconds, later).
Places = tuple[int, int, int]


def _check_player_rounds(held: Mapping[Gem, int], path: str, players: int) -> None:
    """One player's gems as 9 rounds can give them: at most one draw a round (rubies and
    emeralds are never on the marker), and with two players every finisher is first or
    second, so takes a marker gem with each draw."""
    drawn_only = held[Gem.RUBY] + held[Gem.EMERALD]
    if drawn_only > ROUNDS:
        rule = (
            f"{drawn_only} rubies and emeralds; a player draws one gem a round from the bag,"
            f" {ROUNDS} at most (the marker holds only sapphires and ambers)"
        )
        raise InvalidRecord(path, rule)
    gems = sum(held.values())
    marker = held[Gem.SAPPHIRE] + held[Gem.AMBER]
    if players == 2 and (gems % 2 or gems // 2 > marker):
        rule = (
            f"{gems} gems, {marker} of them sapphires and ambers; with 2 players each finisher"
            " takes a marker gem (sapphire or amber) and a draw, so an even number of gems of"
            " which half at least are sapphires and ambers"
        )
        raise InvalidRecord(path, rule)
    if not _places(held, players):
        rule = f"{gems} gems: no 9 rounds of draws and marker gems give these"
        raise InvalidRecord(path, rule)


def _places(held: Mapping[Gem, int], players: int) -> list[Places]:
    """Every (firsts, seconds, later) that gives a player ``held`` in 9 rounds: a first takes
    a sapphire off the marker, a second an amber, and each of them a draw from the bag."""
    gems = sum(held.values())
    found: list[Places] = []
    for firsts in range(min(held[Gem.SAPPHIRE], ROUNDS) + 1):
        for seconds in range(min(held[Gem.AMBER], ROUNDS - firsts) + 1):
            later = gems - 2 * (firsts + seconds)
            if 0 <= later <= ROUNDS - firsts - seconds and (later == 0 or players > 2):
                found.append((firsts, seconds, later))
    return found


def _check_rounds(gems: Mapping[str, Mapping[Gem, int]], players: int) -> None:
    """The players' gems together as 9 rounds can give them: a round has one first, one second
    only if it has a first, later finishers only if it has a second, and a player places once a
    round (necessary conditions; FORMAT.md says which)."""
    if not _rounds_possible([_places(held, players) for held in gems.values()], players):
        total = sum(sum(held.values()) for held in gems.values())
        rule = (
            f"{total} gems in all: no 9 rounds give these together (a round has one first, who"
            " takes a sapphire off the marker, one second only after a first, who takes an"
            " amber, and later finishers only after a second; each takes one draw)"
        )
        raise InvalidRecord("totals", rule)


def _rounds_possible(options: Sequence[Sequence[Places]], players: int) -> bool:
    """Whether one choice of places per player fits 9 rounds. With ``won`` rounds that have a
    first and ``seconded`` rounds (among them) that have a second: every player places in at
    most ``won`` rounds and is second or later in at most ``seconded``; later places fill at
    most ``players - 2`` seats of each seconded round; and each seconded round's first is a
    player who is neither second nor later in it. Exact for 2 and 3 players (checked against
    every game in tests/test_scoring_totals.py), necessary for 4."""
    return any(_fits(options, players, seconded) for seconded in range(ROUNDS + 1))


def _fits(options: Sequence[Sequence[Places]], players: int, seconded: int) -> bool:
    """``_rounds_possible`` for games with exactly ``seconded`` rounds that have a second."""
    # State: (firsts, seconds, later, most rounds a player placed in, firsts that can fall in
    # a seconded round, capped at ``seconded``). Second-or-later counts are checked per player.
    states = {(0, 0, 0, 0, 0)}
    for choices in options:
        fitting = [(f, s, lat) for f, s, lat in choices if s + lat <= seconded]
        states = {
            (
                w + f,
                t + s,
                o + lat,
                max(most, f + s + lat),
                min(seconded, room + min(f, seconded - s - lat)),
            )
            for w, t, o, most, room in states
            for f, s, lat in fitting
            if w + f <= ROUNDS and t + s <= seconded
        }
    return any(
        t == seconded <= w and most <= w and room == seconded and o <= (players - 2) * t
        for w, t, o, most, room in states
    )


# --- scoring ---------------------------------------------------------------------------


def score(session: Session | Totals) -> SessionResult:
    """Replay the session's bag and marker; the gems and points of each player, and the winner.
    A totals record is a finished game: its points, and the winner of the final standings."""
    if isinstance(session, Totals):
        return _score_totals(session)
    gems = {name: dict.fromkeys(_BAG_START, 0) for name in session.players}
    finishes = dict.fromkeys(session.players, 0)
    rounds = _replay(session, gems, finishes)
    totals = {name: _points(held) for name, held in gems.items()}
    status, winner, ranks = _outcome(session, totals)
    players = tuple(
        PlayerResult(name, totals[name], ranks[name], _breakdown(gems[name], finishes[name]))
        for name in session.players
    )
    return SessionResult(GAME, status, winner, players, tuple(rounds), session.extra)


def _replay(
    session: Session, gems: dict[str, _Counts], finishes: dict[str, int]
) -> list[dict[str, Any]]:
    """Play every round, adding awards to ``gems`` and ``finishes``; each round's JSON summary."""
    bag = dict(_BAG_START)
    marker = dict(_MARKER_START)
    summaries = []
    for index, rnd in enumerate(session.rounds):
        awards = _award(index, rnd, bag, marker)
        thrown = _MARKER_REWARDS[len(rnd.finished) :]
        for colour in thrown:
            marker[colour] -= 1
            bag[colour] += 1
        for name, won in awards.items():
            finishes[name] += 1
            held = gems[name]
            for colour in won:
                held[colour] += 1
        summaries.append(_summary(index, awards, thrown, bag, marker))
    return summaries


def _award(index: int, rnd: Round, bag: _Counts, marker: _Counts) -> dict[str, list[str]]:
    """Each finisher's gems this round: marker gems to the first two, then one bag draw each."""
    awards: dict[str, list[str]] = {name: [] for name in rnd.finished}
    for name, colour in zip(rnd.finished, _MARKER_REWARDS, strict=False):
        marker[colour] -= 1
        awards[name].append(colour)
    for i, (name, gem) in enumerate(zip(rnd.finished, rnd.drawn, strict=True)):
        colour = gem._value_  # the plain attribute: ``Gem.value`` is a slow descriptor in 3.11
        if bag[colour] == 0:
            raise InvalidRecord(
                f"rounds[{index}].drawn[{i}]",
                f"no {colour} left in the bag; it holds {_describe(bag)}",
            )
        bag[colour] -= 1
        awards[name].append(colour)
    return awards


def _describe(bag: _Counts) -> str:
    """The bag's contents as 'ruby 2, sapphire 0, …' in the canonical colour order."""
    return ", ".join(f"{colour} {bag[colour]}" for colour in _BAG_START)


def _summary(
    index: int,
    awards: dict[str, list[str]],
    thrown: Sequence[str],
    bag: _Counts,
    marker: _Counts,
) -> dict[str, Any]:
    """One round as JSON: awards by finisher, gems thrown in, bag and marker after the round."""
    return {
        "round": index + 1,
        "finished": list(awards),
        "awards": awards,
        "thrown_into_bag": list(thrown),
        "bag": dict(bag),
        "marker": dict(marker),
    }


def _points(held: _Counts) -> int:
    """The total value of the gems counted in ``held``."""
    return sum(_POINTS[colour] * count for colour, count in held.items())


def _score_totals(pad: Totals) -> SessionResult:
    """A score pad's result: each player's points from their gems; the game is over."""
    held = {name: {gem.value: n for gem, n in pad.gems[name].items()} for name in pad.players}
    totals = {name: _points(held[name]) for name in pad.players}
    status, winner, ranks = _final(pad.players, pad.tiebreak, totals)
    players = tuple(
        PlayerResult(
            name, totals[name], ranks[name], {**held[name], "gems": sum(held[name].values())}
        )
        for name in pad.players
    )
    return SessionResult(GAME, status, winner, players, (), pad.extra, record="totals")


def _outcome(
    session: Session, totals: Mapping[str, int]
) -> tuple[Status, str | None, dict[str, int]]:
    """Status, winner and ranks; checks that a tie-break is recorded only for a real tie."""
    return _standing(session.players, len(session.rounds), session.tiebreak, totals)


def _standing(
    names: Sequence[str], played: int, tiebreak: str | None, totals: Mapping[str, int]
) -> tuple[Status, str | None, dict[str, int]]:
    """Status, winner and ranks after ``played`` rounds, the tie-break checked."""
    if played < ROUNDS:
        if tiebreak is not None:
            raise InvalidRecord(
                "tiebreak",
                f"a tie-break is played only after round {ROUNDS}; "
                f"the game is in progress ({played} of {ROUNDS} rounds)",
            )
        return "in progress", None, competition_ranks(totals)
    return _final(names, tiebreak, totals)


def _final(
    names: Sequence[str], tiebreak: str | None, totals: Mapping[str, int]
) -> tuple[Status, str | None, dict[str, int]]:
    """Status, winner and ranks of a game played to the end, its tie-break checked."""
    ranks = competition_ranks(totals)
    leaders = [name for name in names if ranks[name] == 1]
    if len(leaders) == 1:
        if tiebreak is not None:
            raise InvalidRecord(
                "tiebreak", f"no tie to break: {leaders[0]} leads alone with {totals[leaders[0]]}"
            )
        return "finished", leaders[0], ranks
    if tiebreak is None:
        return "unresolved tie", None, ranks
    return "finished", tiebreak, _break_tie(ranks, leaders, tiebreak)


def _break_tie(ranks: Mapping[str, int], leaders: Sequence[str], winner: str) -> dict[str, int]:
    """Ranks after the tie-break: its winner alone first, the other leaders share second."""
    if winner not in leaders:
        raise InvalidRecord(
            "tiebreak", f"{winner!r} is not tied for first; expected one of {', '.join(leaders)}"
        )
    # The tie-break round only decides the winner, so the other leaders stay tied below it.
    return {name: 2 if name in leaders and name != winner else r for name, r in ranks.items()}


def _breakdown(held: _Counts, finishes: int) -> dict[str, int]:
    """A player's gems per colour, their number, and the rounds the player finished."""
    return {**held, "gems": sum(held.values()), "finishes": finishes}


# --- one pass: a plainly valid record scored straight from its JSON ---------------------

_PLAIN_KEYS: Final = frozenset({"game", "players", "rounds", "tiebreak", "id", "date"})


def fast_score(record: Mapping[str, Any]) -> SessionResult | None:
    """``score(parse(record))`` in one pass over the record, when it is plainly valid: no
    added key, canonical gem names, no rule broken. None otherwise, and ``parse`` and
    ``score`` then find and name the fault (the replay here never raises one of its own,
    except the tie-break's, which is checked after the whole record is known to parse)."""
    game = _fast_game(record)
    if game is None:
        return None
    players, rounds, gems, finishes, totals, (status, winner, ranks) = game
    summaries = tuple(
        {
            "round": number,
            "finished": list(awards),
            "awards": {name: list(given) for name, given in awards.items()},
            "thrown_into_bag": list(thrown),
            "bag": dict(zip(_BAG_START, bag, strict=True)),
            "marker": _marker_after(number),
        }
        for number, (awards, thrown, bag) in enumerate(rounds, 1)
    )
    results = tuple(
        PlayerResult(name, totals[name], ranks[name], _breakdown(gems[name], finishes[name]))
        for name in players
    )
    return SessionResult(GAME, status, winner, results, summaries, {})


def fast_text(record: Mapping[str, Any]) -> str | None:
    """The JSON text of ``fast_score(record).to_json()`` less its first key (``"game"``): from
    ``"status"`` to ``"record"``, each value as the library's encoder writes it, without the
    braces. None when ``fast_score`` is None (and it raises what ``fast_score`` raises).
    Written straight from the replay, skipping the dicts and the encoder, for ``score
    --jsonl`` (scoring.report.result_line); the compiled replay (scoring._fast) when it is
    built and the names are ASCII."""
    plain = _plain(record)
    if plain is None:
        return None
    players, rounds, tiebreak = plain
    quoted = [quote(name) for name in players]
    replayed = _rounds_text(rounds, players, quoted)
    if replayed is None:
        return None
    summaries, gems, finishes = replayed
    totals = {name: _points(held) for name, held in gems.items()}
    status, winner, ranks = _standing(players, len(rounds), tiebreak, totals)
    people = ", ".join(
        [
            _player_text(q, totals[n], ranks[n], gems[n], finishes[n])
            for n, q in zip(players, quoted, strict=True)
        ]
    )
    won = "null" if winner is None else quoted[players.index(winner)]
    return (
        f'"status": "{status}", "winner": {won}, "players": [{people}], '
        f'"rounds": [{summaries}], "extra": {{}}, "record": "events"'
    )


def _rounds_text(
    rounds: list[Any], players: list[str], quoted: list[str]
) -> tuple[str, dict[str, _Counts], dict[str, int]] | None:
    """The rounds replayed: their summaries' JSON text, gems and finishes per player; None at
    a round that is not plainly valid."""
    if FAST is not None and all(q.isascii() for q in quoted):
        got = FAST.ubongo_rounds(rounds, players, quoted)
        if got is None:
            return None
        text, counts = got
        width = len(_BAG_START) + 1
        rows = [counts[i : i + width] for i in range(0, len(counts), width)]
        gems = {
            name: dict(zip(_BAG_START, row, strict=False))
            for name, row in zip(players, rows, strict=True)
        }
        finishes = {name: row[-1] for name, row in zip(players, rows, strict=True)}
        return text, gems, finishes
    got_python = _replayed(rounds, players)
    if got_python is None:
        return None
    replayed, gems, finishes = got_python
    names = dict(zip(players, quoted, strict=True))
    text = ", ".join([_round_text(n, r, names) for n, r in enumerate(replayed, 1)])
    return text, gems, finishes


def _marker_after(rounds: int) -> _Counts:
    """The marker's gems after this many rounds: one of each leaves it every round."""
    return {colour: start - rounds for colour, start in _MARKER_START.items()}


def _player_text(name: str, points: int, rank: int, held: _Counts, finishes: int) -> str:
    """A player's result as the encoder writes it; ``name`` is quoted already."""
    ruby, sapphire, emerald, amber = held.values()
    return (
        f'{{"name": {name}, "score": {points}, "rank": {rank}, "breakdown": {{"ruby": {ruby}, '
        f'"sapphire": {sapphire}, "emerald": {emerald}, "amber": {amber}, '
        f'"gems": {ruby + sapphire + emerald + amber}, "finishes": {finishes}}}}}'
    )


def _round_text(number: int, replayed: _FastRound, quoted: Mapping[str, str]) -> str:
    """A round's summary as the encoder writes it (``fast_score``'s dict of it)."""
    awards, thrown, (ruby, sapphire, emerald, amber) = replayed
    names = [quoted[name] for name in awards]
    given = ", ".join(
        [f"{q}: {_AWARD_TEXT[g]}" for q, g in zip(names, awards.values(), strict=True)]
    )
    return (
        f'{_ROUND_HEAD[number]}{", ".join(names)}], "awards": {{{given}}}, '
        f'"thrown_into_bag": {_THROWN_TEXT[thrown]}, "bag": {{"ruby": {ruby}, '
        f'"sapphire": {sapphire}, "emerald": {emerald}, "amber": {amber}}}{_ROUND_TAIL[number]}'
    )


# Texts made once, as the encoder writes them: every list of gems an award or a throw can be,
# and what a round's summary holds before its finishers and after its bag (the marker loses
# one sapphire and one amber every round, so its counts follow from the round's number).
_AWARD_TEXT: Final = {
    (*marked, gem): quote_list([*marked, gem])
    for gem in _BAG_START
    for marked in ((), *((m,) for m in _MARKER_REWARDS))
}
_THROWN: Final = tuple(_MARKER_REWARDS[k:] for k in range(MAX_PLAYERS + 1))
"""The gems thrown into the bag after a round of k finishers: the marker's rewards not taken."""
_THROWN_TEXT: Final = {thrown: quote_list(list(thrown)) for thrown in _THROWN}
_MARKS: Final = _MARKER_REWARDS + (None,) * (MAX_PLAYERS - len(_MARKER_REWARDS))
"""The marker's gem the i-th finisher takes, if any."""
_ROUND_HEAD: Final = tuple(f'{{"round": {n}, "finished": [' for n in range(ROUNDS + 1))
_ROUND_TAIL: Final = tuple(
    ", " + json_text({"marker": _marker_after(n)})[1:-1] + "}" for n in range(ROUNDS + 1)
)

_FastRound = tuple[dict[str, tuple[str, ...]], tuple[str, ...], tuple[int, ...]]
"""A round replayed: the gems given to each finisher (the marker's first), fastest first, the
gems thrown into the bag, and the bag's counts after the round, in colour order."""
_FastGame = tuple[
    list[str],
    list[_FastRound],
    dict[str, _Counts],
    dict[str, int],
    dict[str, int],
    tuple[Status, str | None, dict[str, int]],
]
"""A plainly valid record replayed: players, rounds, gems and finishes and points per player,
and the standing (status, winner, ranks)."""


def _fast_game(record: Mapping[str, Any]) -> _FastGame | None:
    """The replay of a plainly valid record (as ``fast_score`` says), else None."""
    plain = _plain(record)
    if plain is None:
        return None
    players, rounds, tiebreak = plain
    got = _replayed(rounds, players)
    if got is None:
        return None
    replayed, gems, finishes = got
    totals = {name: _points(held) for name, held in gems.items()}
    standing = _standing(players, len(rounds), tiebreak, totals)
    return players, replayed, gems, finishes, totals, standing


def _replayed(
    rounds: list[Any], players: list[str]
) -> tuple[list[_FastRound], dict[str, _Counts], dict[str, int]] | None:
    """The rounds replayed in Python, gems and finishes per player; None at a round that is
    not plainly valid."""
    gems = {name: dict.fromkeys(_BAG_START, 0) for name in players}
    finishes = dict.fromkeys(players, 0)
    try:
        replayed = _fast_replay(rounds, gems, finishes)
    except (KeyError, TypeError):  # an unknown or unhashable name or gem: parse names it
        return None
    return None if replayed is None else (replayed, gems, finishes)


def _plain(record: Mapping[str, Any]) -> tuple[list[str], list[Any], str | None] | None:
    """Players, rounds and tie-break of a record whose envelope is plain (the checks before
    the replay: no added key, 2-4 distinct non-empty names, at most 9 rounds), else None."""
    if type(record) is not dict or record.get("game") != GAME or not _PLAIN_KEYS.issuperset(record):
        return None
    players, rounds, tiebreak = record.get("players"), record.get("rounds"), record.get("tiebreak")
    if type(players) is not list or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return None
    if type(rounds) is not list or len(rounds) > ROUNDS:
        return None
    names = {name for name in players if type(name) is str and name}
    if len(names) != len(players):
        return None  # a name that is not a string, an empty or a repeated one
    if tiebreak is not None and (type(tiebreak) is not str or tiebreak not in names):
        return None  # a stranger, or no name at all (a list would not even hash)
    return players, rounds, tiebreak


def _fast_replay(
    rounds: Sequence[Any], gems: dict[str, _Counts], finishes: dict[str, int]
) -> list[_FastRound] | None:
    """Each round replayed, the awards added to ``gems`` and ``finishes``; None at the first
    round that is not plainly valid or draws a gem the bag no longer holds."""
    bag = dict(_BAG_START)
    replayed = []
    for rnd in rounds:
        if type(rnd) is not dict or len(rnd) != 2:
            return None
        finished, drawn = rnd.get("finished"), rnd.get("drawn")
        if type(finished) is not list or type(drawn) is not list:
            return None
        count = len(finished)
        if count != len(drawn) or count > MAX_PLAYERS:
            return None  # more finishers than seats: a stranger or a repeat, parse names it
        awards: dict[str, tuple[str, ...]] = {}
        for name, colour, marked in zip(finished, drawn, _MARKS, strict=False):  # _MARKS: 4
            held = gems[name]  # KeyError: not a player of the session
            if name in awards or not bag[colour]:  # KeyError: not a gem's English name
                return None  # twice in a round, or the bag is out of that colour
            bag[colour] -= 1
            held[colour] += 1
            finishes[name] += 1
            if marked is None:
                awards[name] = (colour,)
            else:
                held[marked] += 1
                awards[name] = (marked, colour)
        thrown = _THROWN[count]
        for colour in thrown:
            bag[colour] += 1
        replayed.append((awards, thrown, tuple(bag.values())))
    return replayed


# --- simulation ------------------------------------------------------------------------


def simulate(players: int, rng: random.Random, finished: bool = True) -> dict[str, Any]:
    """One random legal Ubongo record for ``players`` players (2-4), drawn from ``rng``: a
    finished game (9 rounds, a tie for first broken), or with ``finished=False`` one cut short."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Ubongo is played by {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    names = [f"P{i}" for i in range(1, players + 1)]
    # The draw that once chose finished or not is still made, so old seeds give the same games.
    rng.random()
    count = ROUNDS if finished else rng.randrange(ROUNDS)
    bag: Counter[Gem] = Counter(BAG_START)
    rounds = [_simulate_round(names, bag, rng) for _ in range(count)]
    record: dict[str, Any] = {"game": GAME, "players": names, "rounds": rounds}
    result = score(parse(record))
    if result.status == "unresolved tie":
        rng.random()  # once the chance of an unbroken tie; drawn still, as above
        record["tiebreak"] = rng.choice([p.name for p in result.players if p.rank == 1])
    return record


def _simulate_round(names: Sequence[str], bag: Counter[Gem], rng: random.Random) -> dict[str, Any]:
    """A random round: some finishers in random order, each drawing at random from ``bag``."""
    finished = rng.sample(list(names), rng.randint(0, len(names)))
    drawn = [_draw(bag, rng) for _ in finished]
    bag.update(MARKER_REWARDS[len(finished) :])
    return {"finished": finished, "drawn": [gem.value for gem in drawn]}


def _draw(bag: Counter[Gem], rng: random.Random) -> Gem:
    """Take one gem out of ``bag``, each gem in it equally likely."""
    gem = rng.choice(list(bag.elements()))
    bag[gem] -= 1
    return gem
