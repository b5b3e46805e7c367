"""Amul: final scoring of 3-8 players' play areas, majorities, ranking, and player order.

The card reference booklet is not public, so card data is input: a record gives each card's
values, or names cards found in a ``catalog``; nothing about a card is invented here.

Glossary
    Majority   a symbol contested for majority prestige: Arab or Mongol.
    Card       a card in a player's final play area: its prestige ``points`` (as the players
               valued it: many cards score variably), its Arab, Mongol and military symbols
               and its pick-order symbol, if any.
    Catalog    card name -> attributes (``points``, ``arab``, ``mongol``, ``military``,
               ``pick_order``, ``notes``), so records may list card names only.
    Player     a name and the cards in their final play area.
    Session    the players in seat order, clockwise.
    Prestige   card points + Arab majority + Mongol majority: the score.

Record::

    {"game": "amul", "players": [
      {"name": "Ana", "cards": [{"name": "Yurt", "points": 3, "arab": 1, "military": 1},
                               "Camel"]}, ...]}

Interpretations (where the rules are silent or the record needs a convention)
    - A card is a name (looked up in the catalog) or an object with a ``name``; the object's
      values override the catalog's. ``points`` must come from one of them; a symbol count
      given by neither is 0. Points may be negative (variable cards); symbols may not.
    - Majorities: players are ranked by symbol count; a group tied from rank r to rank s all
      take the points of rank s (8/4/2 for ranks 1/2/3, nothing below); no symbols, no points.
    - Ranking is by prestige, then military prowess; ``rank`` is the competition rank of that
      pair. A tie in both is a shared victory: status "unresolved tie", winner None (the rules
      name no further tie-break). Otherwise status "finished".
    - Player order (``player_order``): players with military prowess first, most prowess
      first, ties by their alphabetically first pick-order symbol; players without a symbol
      come after those with one, and remaining ties keep the normal order. Players without
      prowess follow in the normal clockwise order from the first-pick holder.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ubongo.scoring.common import (
    SEATS,
    PlayerResult,
    RecordCheck,
    SessionResult,
    Status,
    extra_keys,
    known_keys,
    suggestion,
)
from ubongo.scoring.errors import InvalidRecord

GAME: Final = "amul"
BREAKDOWN_KEYS: Final = (
    "card_points",
    "arab_majority",
    "mongol_majority",
    "arab_symbols",
    "mongol_symbols",
    "military",
)
"""Every key of a player's breakdown, in order: the CSV's ``breakdown.KEY`` columns."""
CHECK: Final = RecordCheck(
    GAME,
    top="",
    not_object="an object",
    wrong_game="{game!r}",
    not_list="an array of player objects",
    count="{lo} to {hi} players, not {n}",
    name_path="players[{i}].name",
    bad_name="a non-empty name",
    duplicate="a name no other player has: {name!r}",
)
"""The checks every game's record shares, in this game's words."""
MIN_PLAYERS, MAX_PLAYERS = SEATS[GAME]
ROUNDS: Final = 9
MAJORITY_POINTS: Final = (8, 4, 2)

Catalog = Mapping[str, Mapping[str, Any]]


class Majority(enum.Enum):
    """The two symbols scored for majorities."""

    ARAB = "arab"
    MONGOL = "mongol"


@dataclass(frozen=True)
class Card:
    """One card's scoring values."""

    name: str
    points: int
    arab: int = 0
    mongol: int = 0
    military: int = 0
    pick_order: str | None = None

    def symbols(self, majority: Majority) -> int:
        """This card's symbols of ``majority``."""
        return self.arab if majority is Majority.ARAB else self.mongol


@dataclass(frozen=True)
class Player:
    """A player and the cards in their final play area."""

    name: str
    cards: tuple[Card, ...] = ()

    @property
    def military(self) -> int:
        """Military prowess: military symbols in the play area."""
        return sum(card.military for card in self.cards)

    @property
    def card_points(self) -> int:
        """Prestige from the cards themselves."""
        return sum(card.points for card in self.cards)

    @property
    def best_pick_order(self) -> str | None:
        """The alphabetically first pick-order symbol in the play area, if any."""
        return min((c.pick_order for c in self.cards if c.pick_order is not None), default=None)

    def symbols(self, majority: Majority) -> int:
        """Symbols of ``majority`` in the play area."""
        return sum(card.symbols(majority) for card in self.cards)


@dataclass(frozen=True)
class Session:
    """The players in clockwise seat order and the record's added keys."""

    players: tuple[Player, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


# --- parsing ------------------------------------------------------------------------------

_TOP_KEYS: Final = ("game", "players", "id", "date")
_PLAYER_KEYS: Final = {"name", "cards"}
_VALUE_KEYS: Final = ("points", "arab", "mongol", "military", "pick_order")
_CATALOG_KEYS: Final = {*_VALUE_KEYS, "notes"}
_CARD_KEYS: Final = {"name", *_VALUE_KEYS}


def _object(value: Any, path: str) -> Mapping[str, Any]:
    """``value`` if it is a JSON object, else InvalidRecord."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(path, "an object")
    return value


def _name(value: Any, path: str) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value:
        raise InvalidRecord(path, "a non-empty name")
    return value


CARD_LIMIT: Final = 999
"""The largest card value taken (points either way, symbols): far past any card, and a few
digits, so a sum of them is always printable (a 4,300-digit score was not)."""


def _value(key: str, value: Any, path: str) -> int | str:
    """One card attribute: points a whole number, symbols >= 0 (both within CARD_LIMIT),
    pick order a name."""
    if key == "pick_order":
        return _name(value, path)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecord(path, "a whole number")
    if key != "points" and value < 0:
        raise InvalidRecord(path, f"a count of symbols, 0 or more, not {value}")
    if abs(value) > CARD_LIMIT:
        shown = value if len(str(value)) <= 12 else f"a number of {len(str(abs(value)))} digits"
        raise InvalidRecord(path, f"at most {CARD_LIMIT} either way, not {shown}")
    return value


def _values(obj: Mapping[str, Any], path: str) -> dict[str, int | str]:
    """The checked scoring attributes present in ``obj``."""
    return {k: _value(k, obj[k], f"{path}.{k}") for k in _VALUE_KEYS if k in obj}


def _from_catalog(name: str, catalog: Catalog | None, path: str) -> dict[str, int | str]:
    """The catalog's checked attributes for ``name`` ({} when absent)."""
    if catalog is None or name not in catalog:
        return {}
    where = f"catalog.{name}"
    entry = _object(catalog[name], where)
    known_keys(entry, _CATALOG_KEYS, where)
    return _values(entry, where)


def parse_card(value: Any, catalog: Catalog | None, path: str) -> Card:
    """A card given by name (from the catalog) or as an object overriding the catalog."""
    if isinstance(value, str):
        if catalog is None or value not in catalog:
            near = suggestion(value, list(catalog or ()))
            also = f"; did you mean {near!r}?" if near else ""
            raise InvalidRecord(
                path, f"a card with values or a name in the catalog: {value!r}{also}"
            )
        name, own = value, {}
    else:
        obj = _object(value, path)
        known_keys(obj, _CARD_KEYS, path)
        name = _name(obj.get("name"), f"{path}.name")
        own = _values(obj, path)
    merged = _from_catalog(name, catalog, path) | own
    if "points" not in merged:
        raise InvalidRecord(f"{path}.points", f"the points of {name!r} (not in the catalog)")
    pick = merged.get("pick_order")
    numbers = {k: int(merged.get(k, 0)) for k in ("points", "arab", "mongol", "military")}
    return Card(name, **numbers, pick_order=None if pick is None else str(pick))


def parse_player(value: Any, catalog: Catalog | None, path: str) -> Player:
    """A player object: ``name`` and the ``cards`` of their final play area."""
    obj = _object(value, path)
    known_keys(obj, _PLAYER_KEYS, path)
    name = _name(obj.get("name"), f"{path}.name")
    cards = obj.get("cards")
    if not isinstance(cards, list):
        raise InvalidRecord(f"{path}.cards", "an array of cards")
    return Player(
        name, tuple(parse_card(c, catalog, f"{path}.cards[{i}]") for i, c in enumerate(cards))
    )


def _players(value: Any, catalog: Catalog | None) -> tuple[Player, ...]:
    """3 to 8 players with distinct names."""
    seated = CHECK.players(value)
    players = tuple(parse_player(p, catalog, f"players[{i}]") for i, p in enumerate(seated))
    names = [p.name for p in players]
    for i in range(len(names)):
        CHECK.distinct(names, i)
    return players


def parse(record: Mapping[str, Any], catalog: Catalog | None = None) -> Session:
    """The Session an Amul record describes; raises InvalidRecord on any malformed part."""
    obj = CHECK.record(record)
    extra = extra_keys(obj, _TOP_KEYS)
    CHECK.game_of(obj)
    if catalog is not None and not isinstance(catalog, Mapping):
        raise InvalidRecord("catalog", "an object of card name -> attributes")
    return Session(_players(obj.get("players"), catalog), extra)


# --- scoring ------------------------------------------------------------------------------


def rank_points(rank: int) -> int:
    """Majority prestige for a rank (1-based): 8, 4, 2, then nothing."""
    return MAJORITY_POINTS[rank - 1] if rank <= len(MAJORITY_POINTS) else 0


def majority_points(counts: Mapping[str, int]) -> dict[str, int]:
    """Majority prestige for symbol counts; a tie takes the lowest rank it spans.

    >>> majority_points({"a": 3, "b": 3, "c": 1, "d": 0})
    {'a': 4, 'b': 4, 'c': 2, 'd': 0}
    """
    ordered = sorted(counts.values(), reverse=True)
    lowest = {n: ordered.index(n) + ordered.count(n) for n in ordered}
    return {name: rank_points(lowest[n]) if n > 0 else 0 for name, n in counts.items()}


def _ranks(keys: Mapping[str, tuple[int, int]]) -> dict[str, int]:
    """Competition ranks of (prestige, military) pairs: 1 + the number of better players."""
    return {name: 1 + sum(other > key for other in keys.values()) for name, key in keys.items()}


def _breakdown(player: Player, majorities: Mapping[Majority, Mapping[str, int]]) -> dict[str, int]:
    """A player's numbers for the report."""
    return {
        "card_points": player.card_points,
        "arab_majority": majorities[Majority.ARAB][player.name],
        "mongol_majority": majorities[Majority.MONGOL][player.name],
        "arab_symbols": player.symbols(Majority.ARAB),
        "mongol_symbols": player.symbols(Majority.MONGOL),
        "military": player.military,
    }


def score(session: Session) -> SessionResult:
    """Prestige for everyone; the winner, or an unresolved tie when military cannot split it."""
    majorities = {
        m: majority_points({p.name: p.symbols(m) for p in session.players}) for m in Majority
    }
    breakdowns = {p.name: _breakdown(p, majorities) for p in session.players}
    prestige = {
        name: b["card_points"] + b["arab_majority"] + b["mongol_majority"]
        for name, b in breakdowns.items()
    }
    ranks = _ranks({name: (prestige[name], b["military"]) for name, b in breakdowns.items()})
    best = [name for name, rank in ranks.items() if rank == 1]
    winner = best[0] if len(best) == 1 else None
    status: Status = "finished" if winner else "unresolved tie"
    players = tuple(
        PlayerResult(name, prestige[name], ranks[name], breakdowns[name]) for name in prestige
    )
    # An Amul record is what the score pad holds: the final play areas, no events.
    return SessionResult(GAME, status, winner, players, extra=session.extra, record="totals")


# --- player order -------------------------------------------------------------------------


def player_order(players: Sequence[Player], first_pick: int = 0, prowess: bool = True) -> list[str]:
    """The order to pick and resolve effects in, ``players`` clockwise, given the first-pick seat.

    With ``prowess`` (military prowess in force), players with prowess go first, most first,
    ties by best pick-order symbol; the rest follow clockwise from the first-pick holder.
    """
    if not 0 <= first_pick < len(players):
        raise ValueError(f"first_pick must be a seat 0..{len(players) - 1}, not {first_pick}")
    normal = [*players[first_pick:], *players[:first_pick]]
    if not prowess:
        return [p.name for p in normal]
    strong = sorted((p for p in normal if p.military > 0), key=_prowess_key)
    return [p.name for p in strong] + [p.name for p in normal if p.military == 0]


def _prowess_key(player: Player) -> tuple[int, bool, str]:
    """Sort key among players with prowess: most first, then best symbol, symbol-less last."""
    symbol = player.best_pick_order
    return (-player.military, symbol is None, symbol or "")


def prowess_applies(round_number: int, player_count: int) -> bool:
    """Whether military prowess orders round ``round_number`` (after one turn of the table)."""
    return round_number > player_count


def round_order(players: Sequence[Player], round_number: int) -> list[str]:
    """Player order in round ``round_number`` (1-9), ``players[0]`` being the start player.

    The first-pick card starts with the start player and moves one seat clockwise a round.
    """
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"round_number must be 1..{ROUNDS}, not {round_number}")
    first_pick = (round_number - 1) % len(players)
    return player_order(players, first_pick, prowess_applies(round_number, len(players)))


# --- simulation ---------------------------------------------------------------------------

PICK_ORDER_SYMBOLS: Final = "ABCDEFGH"
"""Stand-ins for the pick-order symbols (the booklet with the real ones is not public)."""


def simulate(players: int, rng: random.Random, finished: bool = True) -> dict[str, Any]:
    """One random Amul record of ``players`` (3-8) final play areas, cards given by value, with
    a winner. A record holds only the end of a game, so none can be cut short."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Amul is played by {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
    if not finished:
        raise ValueError("an Amul record holds the final play areas: no game is cut short")
    while True:  # a shared victory is a finished game without a winner: draw again
        record = {"game": GAME, "players": [_simulate_player(i, rng) for i in range(players)]}
        if score(parse(record)).winner is not None:
            return record


def _simulate_player(seat: int, rng: random.Random) -> dict[str, Any]:
    """A player and a random final play area of 4 to 9 cards."""
    cards = [_simulate_card(f"card {seat + 1}.{k + 1}", rng) for k in range(rng.randint(4, 9))]
    return {"name": f"P{seat + 1}", "cards": cards}


def _simulate_card(name: str, rng: random.Random) -> dict[str, Any]:
    """A card with random points (a few negative, as variable cards may be) and symbols."""
    card: dict[str, Any] = {"name": name, "points": rng.randint(-2, 6)}
    for symbol in ("arab", "mongol", "military"):
        count = rng.choice((0, 0, 0, 1, 1, 2))
        if count:
            card[symbol] = count
    if rng.random() < 0.2:
        card["pick_order"] = rng.choice(PICK_ORDER_SYMBOLS)
    return card
