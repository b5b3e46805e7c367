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
from dataclasses import dataclass
from typing import Any, Final

from scoring.common import InvalidRecord, PlayerResult, SessionResult, Status, competition_ranks

GAME: Final = "ubongo"


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
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
_IGNORED_KEYS: Final = ("id", "date", "notes")


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


def points(gems: Iterable[Gem]) -> int:
    """The total value of a collection of gems.

    >>> points([Gem.RUBY, Gem.SAPPHIRE, *[Gem.EMERALD] * 3, *[Gem.AMBER] * 3])
    16
    """
    return sum(gem.points for gem in gems)


# --- parsing ---------------------------------------------------------------------------


def parse(record: Mapping[str, Any]) -> Session:
    """Check a record's structure and names; raise InvalidRecord, else return the Session."""
    rec = _mapping(record, "$", "a JSON object")
    _check_keys(rec, "", required=("game", "players", "rounds"), optional=("tiebreak",))
    if rec["game"] != GAME:
        raise InvalidRecord("game", f"expected {GAME!r}, got {rec['game']!r}")
    players = _players(rec["players"])
    raw_rounds = _list(rec["rounds"], "rounds", "a list of rounds")
    if len(raw_rounds) > ROUNDS:
        raise InvalidRecord(
            f"rounds[{ROUNDS}]", f"a game has at most {ROUNDS} rounds; got {len(raw_rounds)}"
        )
    rounds = tuple(_round(r, f"rounds[{i}]", players) for i, r in enumerate(raw_rounds))
    return Session(players, rounds, _tiebreak(rec.get("tiebreak"), players))


def _mapping(value: Any, field: str, what: str) -> Mapping[str, Any]:
    """``value`` as a JSON object, or InvalidRecord naming ``what`` was expected."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(field, f"expected {what}, got {type(value).__name__}")
    return value


def _list(value: Any, field: str, what: str) -> Sequence[Any]:
    """``value`` as a JSON array, or InvalidRecord naming ``what`` was expected."""
    if not isinstance(value, list | tuple):
        raise InvalidRecord(field, f"expected {what}, got {type(value).__name__}")
    return value


def _path(prefix: str, key: str) -> str:
    """The JSON path of ``key`` inside the object at ``prefix`` ('' for the record)."""
    return f"{prefix}.{key}" if prefix else key


def _check_keys(
    obj: Mapping[str, Any], prefix: str, required: Sequence[str], optional: Sequence[str] = ()
) -> None:
    """Every required key present, no key beyond the required, optional and ignored ones."""
    for key in required:
        if key not in obj:
            raise InvalidRecord(_path(prefix, key), "missing required key")
    allowed = [*required, *optional, *(_IGNORED_KEYS if not prefix else ())]
    for key in obj:
        if key not in allowed:
            raise InvalidRecord(
                _path(prefix, str(key)), f"unknown key {key!r}; expected {', '.join(allowed)}"
            )


def _players(value: Any) -> tuple[str, ...]:
    """The 2-4 unique, non-empty player names of the record."""
    names = _list(value, "players", "a list of player names")
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidRecord(
            "players", f"expected {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}"
        )
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name:
            raise InvalidRecord(f"players[{i}]", f"expected a non-empty name, got {name!r}")
        if name in names[:i]:
            raise InvalidRecord(f"players[{i}]", f"duplicate player name {name!r}")
    return tuple(names)


def _round(value: Any, path: str, players: Sequence[str]) -> Round:
    """One round object: known, unique finishers and one known gem drawn per finisher."""
    obj = _mapping(value, path, "a round object")
    _check_keys(obj, path, required=("finished", "drawn"))
    finished = _list(obj["finished"], f"{path}.finished", "a list of player names")
    for i, name in enumerate(finished):
        _finisher(name, f"{path}.finished[{i}]", players, finished[:i])
    drawn = _list(obj["drawn"], f"{path}.drawn", "a list of gem names")
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
    """The Gem named ``value``."""
    try:
        return Gem(value)
    except ValueError:
        names = ", ".join(g.value for g in Gem)
        raise InvalidRecord(field, f"unknown gem {value!r}; expected one of {names}") from None


def _tiebreak(value: Any, players: Sequence[str]) -> str | None:
    """The tie-break winner, a player of the session, or None when absent."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in players:
        raise InvalidRecord(
            "tiebreak", f"unknown player {value!r}; expected one of {', '.join(players)}"
        )
    return value


# --- scoring ---------------------------------------------------------------------------


def score(session: Session) -> SessionResult:
    """Replay the session's bag and marker; the gems and points of each player, and the winner."""
    gems: dict[str, Counter[Gem]] = {name: Counter() for name in session.players}
    rounds = _replay(session, gems)
    totals = {name: points(held.elements()) for name, held in gems.items()}
    status, winner, ranks = _outcome(session, totals)
    players = tuple(
        PlayerResult(name, totals[name], ranks[name], _breakdown(gems[name], session, name))
        for name in session.players
    )
    return SessionResult(GAME, status, winner, players, tuple(rounds))


def _replay(session: Session, gems: dict[str, Counter[Gem]]) -> list[dict[str, Any]]:
    """Play every round, adding awards to ``gems``; the JSON-ready summary of each round."""
    bag: Counter[Gem] = Counter(BAG_START)
    marker: Counter[Gem] = Counter(MARKER_START)
    summaries = []
    for index, rnd in enumerate(session.rounds):
        awards = _award(index, rnd, bag, marker)
        thrown = MARKER_REWARDS[len(rnd.finished) :]
        _move(thrown, marker, bag)
        for name, won in awards.items():
            gems[name].update(won)
        summaries.append(_summary(index, awards, thrown, bag, marker))
    return summaries


def _award(index: int, rnd: Round, bag: Counter[Gem], marker: Counter[Gem]) -> dict[str, list[Gem]]:
    """Each finisher's gems this round: marker gems to the first two, then one bag draw each."""
    awards: dict[str, list[Gem]] = {name: [] for name in rnd.finished}
    for name, gem in zip(rnd.finished, MARKER_REWARDS, strict=False):
        _move([gem], marker, awards[name])
    for i, (name, gem) in enumerate(zip(rnd.finished, rnd.drawn, strict=True)):
        if bag[gem] == 0:
            raise InvalidRecord(
                f"rounds[{index}].drawn[{i}]",
                f"no {gem.value} left in the bag; it holds {_describe(bag)}",
            )
        _move([gem], bag, awards[name])
    return awards


def _move(gems: Iterable[Gem], source: Counter[Gem], target: Counter[Gem] | list[Gem]) -> None:
    """Take ``gems`` out of ``source`` and put them into ``target``."""
    for gem in gems:
        source[gem] -= 1
        if isinstance(target, list):
            target.append(gem)
        else:
            target[gem] += 1


def _describe(bag: Counter[Gem]) -> str:
    """The bag's contents as 'ruby 2, sapphire 0, …' in the canonical colour order."""
    return ", ".join(f"{gem.value} {bag[gem]}" for gem in Gem)


def _summary(
    index: int,
    awards: Mapping[str, list[Gem]],
    thrown: Sequence[Gem],
    bag: Counter[Gem],
    marker: Counter[Gem],
) -> dict[str, Any]:
    """One round as JSON: awards by finisher, gems thrown in, bag and marker after the round."""
    return {
        "round": index + 1,
        "finished": list(awards),
        "awards": {name: [g.value for g in won] for name, won in awards.items()},
        "thrown_into_bag": [g.value for g in thrown],
        "bag": {gem.value: bag[gem] for gem in Gem},
        "marker": {gem.value: marker[gem] for gem in MARKER_REWARDS},
    }


def _outcome(
    session: Session, totals: Mapping[str, int]
) -> tuple[Status, str | None, dict[str, int]]:
    """Status, winner and ranks; checks that a tie-break is recorded only for a real tie."""
    ranks = competition_ranks(totals)
    if len(session.rounds) < ROUNDS:
        if session.tiebreak is not None:
            raise InvalidRecord(
                "tiebreak",
                f"a tie-break is played only after round {ROUNDS}; "
                f"the game is in progress ({len(session.rounds)} of {ROUNDS} rounds)",
            )
        return "in progress", None, ranks
    leaders = [name for name in session.players if ranks[name] == 1]
    if len(leaders) == 1:
        if session.tiebreak is not None:
            raise InvalidRecord(
                "tiebreak", f"no tie to break: {leaders[0]} leads alone with {totals[leaders[0]]}"
            )
        return "finished", leaders[0], ranks
    if session.tiebreak is None:
        return "unresolved tie", None, ranks
    return "finished", session.tiebreak, _break_tie(ranks, leaders, session.tiebreak)


def _break_tie(ranks: Mapping[str, int], leaders: Sequence[str], winner: str) -> dict[str, int]:
    """Ranks after the tie-break: its winner alone first, the other leaders share second."""
    if winner not in leaders:
        raise InvalidRecord(
            "tiebreak", f"{winner!r} is not tied for first; expected one of {', '.join(leaders)}"
        )
    # The tie-break round only decides the winner, so the other leaders stay tied below it.
    return {name: 2 if name in leaders and name != winner else r for name, r in ranks.items()}


def _breakdown(held: Counter[Gem], session: Session, name: str) -> dict[str, int]:
    """A player's gems per colour, their number, and the rounds the player finished."""
    finishes = sum(name in rnd.finished for rnd in session.rounds)
    return {**{gem.value: held[gem] for gem in Gem}, "gems": held.total(), "finishes": finishes}


# --- simulation ------------------------------------------------------------------------


def simulate(players: int, rng: random.Random) -> dict[str, Any]:
    """One random legal Ubongo record for ``players`` players (2-4), drawn from ``rng``."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Ubongo is played by {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    names = [f"P{i}" for i in range(1, players + 1)]
    # Mostly complete games, sometimes a game still in progress.
    count = ROUNDS if rng.random() < 0.85 else rng.randrange(ROUNDS)
    bag: Counter[Gem] = Counter(BAG_START)
    rounds = [_simulate_round(names, bag, rng) for _ in range(count)]
    record: dict[str, Any] = {"game": GAME, "players": names, "rounds": rounds}
    result = score(parse(record))
    if result.status == "unresolved tie" and rng.random() < 0.75:
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
