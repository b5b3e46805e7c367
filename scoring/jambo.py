"""Jambo: replay a two-player session's gold-and-wares ledger and name the winner.

This is a ledger, not a card engine: a record says what each player bought, sold, built and
received, and the scorer works out what players argue about (small-stand prices, the
large stand's sixth-space fee, the Wise Man, the action bonus, the end of the game).

Glossary
    Ware      one of the six goods; 6 of each in the supply.
    Place     where moved wares come from or go to: the supply or the opponent.
    Card      a named utensil, animal or person card, used as a label on events.
    Event     one recorded happening in a turn (the record key that names it):
              ``Buy`` ("buy"), ``Sell`` ("sell"), ``BuildStands`` ("stand"), ``WiseMan``
              ("wise_man"), ``GoldChange`` ("gold"), ``WaresIn`` ("wares_in"), ``WaresOut``
              ("wares_out"), ``PayOpponent`` ("pay_opponent").
    Turn      one player's turn: actions used (0-5) and its events in order.
    Session   the two players in seat order (the first one plays the first turn) and the turns.
    Purse     one player's side of the table during replay: gold, wares, small stands, tallies.

Record::

    {"game": "jambo", "players": ["Ana", "Ben"], "turns": [
      {"player": "Ana", "actions_used": 3, "events": [
        {"buy": ["tea", "tea", "salt"], "price": 4}, {"sell": ["silk", "silk", "salt"]},
        {"stand": 1}, {"wise_man": 1}, {"gold": 2, "card": "weapons"},
        {"wares_in": ["fruit"], "from": "supply"}, {"wares_out": ["hides"], "to": "opponent"},
        {"pay_opponent": 2, "card": "cheetah"}]}]}

Interpretations (where the rules are silent or the record needs a convention)
    - ``players`` lists the seats in playing order: ``players[0]`` plays the first turn, and
      turns alternate strictly. Both start with 20 gold and empty stands.
    - ``buy``/``sell``: a ware card of 3 or 6 wares; ``price`` is the price *printed* on the
      card (the scorer applies the Wise Man). Without ``price``, the public card-list price for
      that mix of wares is used (``card_price``); six-ware cards must hold six different wares
      for that default. A purchase must fit the stands, be in the supply and be affordable
      including any sixth-space fee it causes.
    - Stands (both books): a player has the large stand (6 spaces) and their small stands (3
      each); wares never move between stands once placed, so building a small stand moves
      nothing. The 2-gold fee is due each time an arrival of wares (buy, ``wares_in``, wares
      given by the opponent) fills the large stand's sixth space, and only then.
    - Placement, where the record cannot say (it names wares, not stands): the one that costs
      the player least. Arriving wares go on free small-stand spaces first, in the order the
      record lists them, the rest on the large stand. A leaving ware leaves a small stand when
      the large stand is full and the ware is on a small stand (so the paid-for sixth space
      stays filled), else the large stand if it is there, else a small stand. While the large
      stand is not full either choice leaves the same counts, so this is the cheapest one.
    - ``stand``: n small stands built (one card each); the first small stand of the game costs
      6, every later one 3; at most 5 small stands in the whole game.
    - ``wise_man``: n Wise Men played; from then to the end of the turn each ware-card
      purchase costs 2·n less (never below 0) and each sale brings 2·n more. Several Wise Men
      in one turn add up, as each card's text applies on its own; the deck holds 2, so a turn
      plays at most 2 (the discard pile is reshuffled, so a later turn may play them again).
    - ``gold``: a signed amount from (positive) or to (negative) the bank. Optional ``player``
      names whose gold it is (default: the turn's player; an auction may be won by the
      opponent). Without ``card`` it is a free ledger entry; with one it must be what the card
      list gives (``CARD_GOLD``): Weapons +2, Well -1, Leopard statue -2, Basket maker -2,
      Supplies -1, a Crocodile using one of those utensils +2/-1/-2, an auction (Arabian or
      Traveling merchant) -1 or less for either player, the Portuguese +2 per ware the turn's
      player returned to the supply with a ``wares_out`` labelled ``portuguese`` before it (and
      such wares must be paid for in the same turn). The Cheetah's gold comes from the opponent
      (``pay_opponent``); every other card moves no gold.
    - ``wares_in``/``wares_out``: wares a player gains from / gives to ``from``/``to`` =
      ``"supply"`` or ``"opponent"`` (Parrot, Throne, Basket maker, Portuguese, Carrier, ...).
      Optional ``player`` as for ``gold``; "opponent" is that player's opponent. Wares received
      that did not fit are simply not recorded (the rules let the player choose which to keep).
    - ``pay_opponent``: the opponent pays the turn's player that much gold, as the Cheetah
      makes them do (no card makes the active player pay the opponent); labelled ``cheetah``
      it must be 2, and no other card may label it.
    - ``card``: an optional label naming the card behind an event; it must be a known card. A
      ``sell`` may be labelled only ``dancer`` (3 wares of any kind at a 3-ware card's price),
      a ``buy`` not at all (the Wise Man has its own event).
    - Action bonus: a player with 2 or more unused actions (``actions_used`` <= 3) takes 1 gold
      at the end of the turn, before the end-of-game check. Each buy, sell, stand and Wise Man
      is a card play, and each use of a labelled card costs an action (``CARD_TEXTS``), so
      ``actions_used`` must be at least their number.
    - Card uses: a card's labelled events in a turn are its uses, one event of each kind per
      use in the order recorded; each use moves what the card's text allows
      (``CARD_TEXTS``), a paid one has its gold event, a utensil is used at most once a turn
      per copy in the game. Carrier: the French "jusqu'à 2" (any kinds), not the Spanish "del
      mismo tipo", so no edition's game is refused.
    - End: a player who ends their own turn with 60+ gold triggers the end; the opponent plays
      one last turn; then the opponent wins with as much or more gold, otherwise the trigger
      (the Spanish book's "la misma cantidad o más"; the French says "plus de pépites").
      Any later turn is refused. ``score`` = gold; ranks follow the winner when finished.
"""

from __future__ import annotations

import copy
import enum
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from ubongo.scoring.common import (
    SEATS,
    PlayerResult,
    RecordCheck,
    SessionResult,
    Status,
    competition_ranks,
    extra_keys,
    json_path,
    known_keys,
    neither_events_nor_totals,
)
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.names import canonical

GAME: Final = "jambo"
BREAKDOWN_KEYS: Final = (
    "gold",
    "wares",
    "small_stands",
    "income",
    "spending",
    "sixth_space_fees",
    "action_bonuses",
)
"""Every key of a player's breakdown, in order (a pad gives ``gold`` only): the CSV's
``breakdown.KEY`` columns."""
CHECK: Final = RecordCheck(
    GAME,
    top="",
    not_object="an object",
    wrong_game="{game!r}",
    not_list="an array",
    count="exactly {lo} players, not {n}",
    name_path="players[{i}]",
    bad_name="a non-empty name",
    duplicate="a name different from the other player's",
)
"""The checks every game's record shares, in this game's words."""
PLAYERS: Final = SEATS[GAME][0]
START_GOLD: Final = 20
END_GOLD: Final = 60
ACTIONS: Final = 5
BONUS_UNUSED: Final = 2
LARGE_SPACES: Final = 6
SMALL_SPACES: Final = 3
SIXTH_SPACE_FEE: Final = 2
MAX_SMALL_STANDS: Final = 5
FIRST_STAND_PRICE: Final = 6
LATER_STAND_PRICE: Final = 3
WISE_MAN_BONUS: Final = 2
SUPPLY_PER_WARE: Final = 6
CARD_SIZES: Final = (3, 6)
WISE_MEN_IN_DECK: Final = 2
CHEETAH_GOLD: Final = 2
PORTUGUESE_GOLD: Final = 2
DANCER_WARES: Final = 3


class Ware(enum.Enum):
    """The six goods of Jambo."""

    JEWELRY = "jewelry"
    HIDES = "hides"
    TEA = "tea"
    SILK = "silk"
    FRUIT = "fruit"
    SALT = "salt"


class Place(enum.Enum):
    """Where moved wares come from or go to."""

    SUPPLY = "supply"
    OPPONENT = "opponent"


class Card(enum.Enum):
    """Utensils, animals and people from the card list (labels for events)."""

    BOAT = "boat"
    DRUMS = "drums"
    KETTLE = "kettle"
    LEOPARD_STATUE = "leopard_statue"
    MASK_OF_TRANSFORMATION = "mask_of_transformation"
    SCALE = "scale"
    SUPPLIES = "supplies"
    THRONE = "throne"
    WEAPONS = "weapons"
    WELL = "well"
    APE = "ape"
    CHEETAH = "cheetah"
    CROCODILE = "crocodile"
    ELEPHANT = "elephant"
    HYENA = "hyena"
    LION = "lion"
    PARROT = "parrot"
    SNAKE = "snake"
    ARABIAN_MERCHANT = "arabian_merchant"
    BASKET_MAKER = "basket_maker"
    CARRIER = "carrier"
    DANCER = "dancer"
    DRUMMER = "drummer"
    GUARD = "guard"
    RAIN_MAKER = "rain_maker"
    SHAMAN = "shaman"
    TRAVELING_MERCHANT = "traveling_merchant"
    TRIBAL_ELDER = "tribal_elder"
    PORTUGUESE = "portuguese"
    PSYCHIC = "psychic"
    WISE_MAN = "wise_man"


# What the card list says a card's gold event may be, for the player who plays it.
CARD_GOLD: Final[Mapping[Card, tuple[int, ...]]] = {
    Card.WEAPONS: (2,),
    Card.WELL: (-1,),
    Card.LEOPARD_STATUE: (-2,),
    Card.BASKET_MAKER: (-2,),
    Card.SUPPLIES: (-1,),
    Card.CROCODILE: (2, -1, -2),  # it uses one of the opponent's utensils once
}
AUCTIONS: Final = frozenset({Card.ARABIAN_MERCHANT, Card.TRAVELING_MERCHANT})

Wares = tuple[Ware, ...]
E = TypeVar("E", bound=enum.Enum)


@dataclass(frozen=True)
class Buy:
    """Play a ware card to buy: pay ``price`` (as printed), take ``wares`` from the supply."""

    wares: Wares
    price: int
    card: Card | None = None


@dataclass(frozen=True)
class Sell:
    """Play a ware card to sell: return ``wares`` to the supply, take ``price`` (as printed)."""

    wares: Wares
    price: int
    card: Card | None = None


@dataclass(frozen=True)
class BuildStands:
    """Build ``count`` small stands."""

    count: int


@dataclass(frozen=True)
class WiseMan:
    """Play ``count`` Wise Men: ware cards cost less and sell dearer for the rest of the turn."""

    count: int


@dataclass(frozen=True)
class GoldChange:
    """``player`` (None: the turn's) takes ``amount`` from the bank, or pays it when negative."""

    amount: int
    player: str | None = None
    card: Card | None = None


@dataclass(frozen=True)
class WaresIn:
    """``player`` (None: the turn's) gains ``wares`` from ``source``."""

    wares: Wares
    source: Place
    player: str | None = None
    card: Card | None = None


@dataclass(frozen=True)
class WaresOut:
    """``player`` (None: the turn's) gives ``wares`` to ``destination``."""

    wares: Wares
    destination: Place
    player: str | None = None
    card: Card | None = None


@dataclass(frozen=True)
class PayOpponent:
    """The opponent pays the turn's player ``amount`` gold (Cheetah)."""

    amount: int
    card: Card | None = None


Event = Buy | Sell | BuildStands | WiseMan | GoldChange | WaresIn | WaresOut | PayOpponent


@dataclass(frozen=True)
class Turn:
    """One player's turn: ``actions_used`` of 5 and the events in the order they happened."""

    player: str
    actions_used: int
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Session:
    """Two players in seat order (``players[0]`` starts) and the turns played so far."""

    players: tuple[str, str]
    turns: tuple[Turn, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


# --- prices -------------------------------------------------------------------------------

# Public card lists (not in the rule books): mix of wares -> (buy, sell).
_PRICES: Final[dict[tuple[int, ...], tuple[int, int]]] = {
    (1, 1, 1, 1, 1, 1): (10, 18),
    (3,): (3, 10),
    (2, 1): (4, 11),
    (1, 1, 1): (5, 12),
}


def card_price(wares: Sequence[Ware]) -> tuple[int, int] | None:
    """The usual (buy, sell) price of a ware card showing ``wares``; None if no card is known.

    >>> card_price([Ware.TEA, Ware.TEA, Ware.SALT])
    (4, 11)
    """
    return _PRICES.get(tuple(sorted(Counter(wares).values(), reverse=True)))


def small_stand_price(stands_built: int) -> int:
    """The price of the next small stand when ``stands_built`` exist in the game."""
    return FIRST_STAND_PRICE if stands_built == 0 else LATER_STAND_PRICE


def sixth_space_fee(large: int, onto_large: int) -> int:
    """The fee due when ``onto_large`` wares join the ``large`` ones on the large stand.

    >>> sixth_space_fee(5, 1), sixth_space_fee(3, 2), sixth_space_fee(6, 0)
    (2, 0, 0)
    """
    return SIXTH_SPACE_FEE if large < LARGE_SPACES <= large + onto_large else 0


def placement(small_free: int, arriving: int) -> tuple[int, int]:
    """(onto small stands, onto the large stand) for ``arriving`` wares: small spaces first.

    >>> placement(3, 3), placement(1, 3)
    ((3, 0), (1, 2))
    """
    onto_small = min(small_free, arriving)
    return onto_small, arriving - onto_small


def capacity(small_stands: int) -> int:
    """How many wares a player's stands hold."""
    return LARGE_SPACES + SMALL_SPACES * small_stands


# --- parsing ------------------------------------------------------------------------------

_TOP_KEYS: Final = ("game", "players", "turns", "id", "date")
_TURN_KEYS: Final = {"player", "actions_used", "events"}
_EXTRA_KEYS: Final[dict[str, set[str]]] = {
    "buy": {"price", "card"},
    "sell": {"price", "card"},
    "stand": set(),
    "wise_man": set(),
    "gold": {"player", "card"},
    "wares_in": {"from", "player", "card"},
    "wares_out": {"to", "player", "card"},
    "pay_opponent": {"card"},
}
_REQUIRED_EXTRA: Final = {"wares_in": "from", "wares_out": "to"}


def _object(value: Any, path: str) -> Mapping[str, Any]:
    """``value`` if it is a JSON object, else InvalidRecord."""
    if not isinstance(value, Mapping):
        raise InvalidRecord(path, "an object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    """``value`` if it is a JSON array, else InvalidRecord."""
    if not isinstance(value, list):
        raise InvalidRecord(path, "an array")
    return value


def _int(value: Any, path: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number in [low, high] (bools are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecord(path, "a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{'' if low is None else low}..{'' if high is None else high}"
        raise InvalidRecord(path, f"a whole number in {bounds}, not {value}")
    return value


def _enum(kind: type[E], value: Any, path: str) -> E:
    """The member of ``kind`` whose value is ``value``."""
    try:
        return kind(value)
    except ValueError:
        names = ", ".join(str(m.value) for m in kind)
        raise InvalidRecord(path, f"one of {names}; not {value!r}") from None


def _wares(value: Any, path: str, sizes: Sequence[int] | None = None) -> Wares:
    """A non-empty list of ware names in any edition's words (``sizes`` long when given)."""
    items = _list(value, path)
    if not items or (sizes is not None and len(items) not in sizes):
        counts = " or ".join(map(str, sizes)) if sizes else "1 or more"
        raise InvalidRecord(path, f"a list of {counts} wares")
    return tuple(
        Ware(canonical("jambo.ware", item, f"{path}[{i}]", "ware")) for i, item in enumerate(items)
    )


def _card(obj: Mapping[str, Any], path: str) -> Card | None:
    """The optional ``card`` label of an event, in any edition's words."""
    if "card" not in obj:
        return None
    return Card(canonical("jambo.card", obj["card"], json_path(path, "card"), "card"))


def _player(obj: Mapping[str, Any], players: Sequence[str], path: str) -> str | None:
    """The optional ``player`` of an event, one of ``players``."""
    if "player" not in obj:
        return None
    if obj["player"] not in players:
        raise InvalidRecord(json_path(path, "player"), f"one of the players {list(players)}")
    return str(obj["player"])


def _price(obj: Mapping[str, Any], kind: str, wares: Wares, path: str) -> int:
    """The printed price of a ware card: the record's, else the usual one for its wares."""
    if "price" in obj:
        return _int(obj["price"], json_path(path, "price"), 0)
    usual = card_price(wares)
    if usual is None:
        raise InvalidRecord(json_path(path, "price"), "a price: no usual card shows these wares")
    return usual[0] if kind == "buy" else usual[1]


def _kind(obj: Mapping[str, Any], path: str) -> str:
    """The one key of ``obj`` that names its event type."""
    kinds = [key for key in _EXTRA_KEYS if key in obj]
    if len(kinds) != 1:
        raise InvalidRecord(path, f"exactly one of {', '.join(_EXTRA_KEYS)}; found {kinds}")
    kind = kinds[0]
    known_keys(obj, {kind} | _EXTRA_KEYS[kind], path)
    needed = _REQUIRED_EXTRA.get(kind)
    if needed is not None and needed not in obj:
        raise InvalidRecord(json_path(path, needed), "required: supply or opponent")
    return kind


def parse_event(value: Any, players: Sequence[str], path: str) -> Event:
    """One event object of a turn, checked on its own."""
    obj = _object(value, path)
    kind = _kind(obj, path)
    at = json_path(path, kind)
    if kind in ("buy", "sell"):
        wares = _wares(obj[kind], at, CARD_SIZES)
        deal = Buy if kind == "buy" else Sell
        return deal(wares, _price(obj, kind, wares, path), _card(obj, path))
    if kind == "stand":
        return BuildStands(_int(obj[kind], at, 1, MAX_SMALL_STANDS))
    if kind == "wise_man":
        return WiseMan(_int(obj[kind], at, 1, WISE_MEN_IN_DECK))
    if kind == "pay_opponent":
        return PayOpponent(_int(obj[kind], at, 1), _card(obj, path))
    who = _player(obj, players, path)
    if kind == "gold":
        amount = _int(obj[kind], at)
        if amount == 0:
            raise InvalidRecord(at, "a non-zero whole number")
        return GoldChange(amount, who, _card(obj, path))
    wares = _wares(obj[kind], at)
    if kind == "wares_in":
        return WaresIn(
            wares, _enum(Place, obj["from"], json_path(path, "from")), who, _card(obj, path)
        )
    return WaresOut(wares, _enum(Place, obj["to"], json_path(path, "to")), who, _card(obj, path))


def _card_gold(event: GoldChange, mover: str, path: str) -> None:
    """A labelled gold event moves what the card list says; InvalidRecord at ``path`` if not."""
    card = event.card
    if card is None or card is Card.PORTUGUESE:  # free entry; the Portuguese is checked in play
        return
    if card in AUCTIONS:
        if event.amount > 0:
            raise InvalidRecord(path, f"the {card.value} auction's winner pays a bid of 1 or more")
        return
    if card is Card.CHEETAH:
        raise InvalidRecord(path, "the cheetah's gold comes from the opponent: use pay_opponent")
    allowed = CARD_GOLD.get(card)
    if allowed is None:
        raise InvalidRecord(path, f"the {card.value} moves no gold")
    if event.amount not in allowed:
        told = " or ".join(f"{a:+d}" for a in allowed)
        raise InvalidRecord(path, f"the {card.value} moves {told} gold, not {event.amount:+d}")
    if event.player not in (None, mover):
        raise InvalidRecord(path, f"the {card.value}'s gold is {mover}'s, who plays it")


def check_card(event: Event, mover: str, path: str) -> None:
    """An event's ``card`` label fits the event as the card list says; ``mover`` plays the turn."""
    card = getattr(event, "card", None)
    if card is None:
        return
    if isinstance(event, GoldChange):
        _card_gold(event, mover, f"{path}.gold")
    elif isinstance(event, PayOpponent) and card is not Card.CHEETAH:
        raise InvalidRecord(f"{path}.card", "only the cheetah makes the opponent pay")
    elif isinstance(event, PayOpponent) and event.amount != CHEETAH_GOLD:
        rule = f"the cheetah's opponent gives {CHEETAH_GOLD} gold, not {event.amount}"
        raise InvalidRecord(f"{path}.pay_opponent", rule)
    elif isinstance(event, Buy):
        raise InvalidRecord(f"{path}.card", "no card label on a buy (wise_man is its own event)")
    elif isinstance(event, Sell) and card is not Card.DANCER:
        raise InvalidRecord(f"{path}.card", "only the dancer labels a sale")
    elif isinstance(event, Sell) and len(event.wares) != DANCER_WARES:
        raise InvalidRecord(f"{path}.sell", f"the dancer sells {DANCER_WARES} wares")
    elif isinstance(event, WaresOut) and card is Card.PORTUGUESE:
        _portuguese_out(event, mover, path)


def _portuguese_out(event: WaresOut, mover: str, path: str) -> None:
    """The Portuguese's wares go from the turn's player back to the supply."""
    if event.destination is not Place.SUPPLY:
        raise InvalidRecord(f"{path}.to", "the portuguese returns wares to the supply")
    if event.player not in (None, mover):
        raise InvalidRecord(f"{path}.player", f"the portuguese returns {mover}'s wares")


def _card_plays(events: Sequence[Event]) -> int:
    """Actions the recorded ware-card plays, stands and Wise Men cost at least (one each)."""
    plays = 0
    for event in events:
        if isinstance(event, Buy | Sell):
            plays += 1
        elif isinstance(event, BuildStands | WiseMan):
            plays += event.count
    return plays


@dataclass(frozen=True)
class CardText:
    """What one use of a card may move, as its text says (card list, seed 000).

    ``take``/``give``: most wares one use takes in from ``source`` / gives to ``destination``
    (None: any number, 0: none); ``alike``: one use's wares are all of one kind; ``paid``:
    every use pays gold (a gold event each); ``copies``: a utensil's copies in the game, the
    most uses a turn (each is used once a turn); ``actions``: what one use costs."""

    take: int | None = 0
    source: Place | None = Place.SUPPLY
    give: int | None = 0
    destination: Place | None = Place.SUPPLY
    alike: bool = False
    paid: bool = False
    copies: int | None = None
    actions: int = 1
    anyone: bool = False
    """Whose wares: the turn's player's only, or (auctions, the Carrier) either player's."""


_UTENSIL_COPIES: Final = {
    Card.BOAT: 2, Card.DRUMS: 3, Card.KETTLE: 2, Card.LEOPARD_STATUE: 2,
    Card.MASK_OF_TRANSFORMATION: 2, Card.SCALE: 2, Card.SUPPLIES: 2, Card.THRONE: 2,
    Card.WEAPONS: 2, Card.WELL: 3,
}  # fmt: skip
CARD_TEXTS: Final[Mapping[Card, CardText]] = {
    **{card: CardText(copies=n) for card, n in _UTENSIL_COPIES.items()},
    Card.BOAT: CardText(take=1, copies=2),  # "coge la mercancía que quieras de la reserva"
    Card.DRUMS: CardText(give=1, copies=3),  # "Devuelve una de tus mercancías a la reserva"
    Card.LEOPARD_STATUE: CardText(take=1, paid=True, copies=2),  # "Paga 2 ... y coge la mercancía"
    Card.THRONE: CardText(
        take=1, source=Place.OPPONENT, give=1, destination=Place.OPPONENT, copies=2
    ),  # "Coge la mercancía que desees de tu adversario y dale una de tus mercancías"
    Card.PARROT: CardText(take=1, source=Place.OPPONENT),  # "Coge una mercancía de tu adversario"
    Card.ELEPHANT: CardText(
        take=None, source=Place.OPPONENT, give=None, destination=Place.OPPONENT
    ),
    Card.CROCODILE: CardText(take=1, source=None, give=1, destination=None),  # one utensil, once
    Card.BASKET_MAKER: CardText(take=2, alike=True, paid=True),  # "2 mercancías del mismo tipo"
    Card.CARRIER: CardText(take=2, anyone=True),  # "jusqu'à 2" (French); of one kind (Spanish)
    Card.TRAVELING_MERCHANT: CardText(take=2, anyone=True),  # "coge las 2 mercancías"
    Card.ARABIAN_MERCHANT: CardText(anyone=True),
    Card.SHAMAN: CardText(take=None, give=None),  # all of one kind for as many of another
    Card.PORTUGUESE: CardText(give=None),  # "Devuelve las mercancías que desees a la reserva"
    Card.GUARD: CardText(actions=0),  # played in the opponent's turn, "no cuesta ... acción"
    Card.RAIN_MAKER: CardText(actions=0),
    Card.DANCER: CardText(
        actions=0
    ),  # its sale is the play: "no cuesta ningún punto de acción adicional"
}
"""Every card's text as the ledger sees it (a card not listed moves no wares: its effects are
on cards, which the ledger does not hold)."""


def card_actions(events: Sequence[Event], mover: str, path: str) -> int:
    """The actions the turn's card uses cost beyond its ware-card plays. A use is one event of
    each kind at most (a gold event, wares in, wares out, a sale), in the order recorded: a
    card's event of a kind its current use has already starts its next use. InvalidRecord at
    the first event that moves more or other wares than the card's text allows, uses a
    utensil more often than its copies, or starts a use of a paid card before the last paid."""
    uses: dict[Card, list[set[str]]] = {}
    for i, event in enumerate(events):
        card = getattr(event, "card", None)
        if card is None or isinstance(event, Buy):
            continue
        text = CARD_TEXTS.get(card, CardText())
        at = f"{path}.events[{i}]"
        kind = _check_use(text, card, event, mover, at)
        card_uses = uses.setdefault(card, [])
        if not card_uses or kind in card_uses[-1]:
            _check_paid(text, card, card_uses, at)
            card_uses.append(set())
        card_uses[-1].add(kind)
        if text.copies is not None and len(card_uses) > text.copies:
            rule = (
                f"the {_label(card)} used {len(card_uses)} times this turn; each utensil is used"
                f" once a turn, and the game has {text.copies}"
            )
            raise InvalidRecord(at, rule)
    for card, card_uses in uses.items():
        _check_paid(CARD_TEXTS.get(card, CardText()), card, card_uses, f"{path}.events")
    return sum(len(u) * CARD_TEXTS.get(c, CardText()).actions for c, u in uses.items())


def _check_paid(text: CardText, card: Card, card_uses: Sequence[set[str]], path: str) -> None:
    """A paid card's last use so far has its gold event."""
    if text.paid and card_uses and "gold" not in card_uses[-1]:
        rule = f"a use of the {_label(card)} pays its gold: record the gold event with its wares"
        raise InvalidRecord(path, rule)


def _check_use(text: CardText, card: Card, event: Event, mover: str, path: str) -> str:
    """The kind of a labelled event, once its card's text allows it."""
    player = getattr(event, "player", None)
    if player not in (None, mover) and not text.anyone:
        raise InvalidRecord(f"{path}.player", f"the {_label(card)} moves {mover}'s own wares")
    if isinstance(event, WaresIn):
        where = f"{path}.wares_in"
        _moves(event.wares, event.source, text.take, text.source, "takes", card, where)
        if text.alike and len(set(event.wares)) > 1:
            rule = f"the {_label(card)} takes wares of one kind, not {_kinds(event.wares)}"
            raise InvalidRecord(where, rule)
        return "in"
    if isinstance(event, WaresOut):
        where = f"{path}.wares_out"
        _moves(event.wares, event.destination, text.give, text.destination, "gives", card, where)
        return "out"
    return "gold" if isinstance(event, GoldChange | PayOpponent) else "play"


def _moves(
    wares: Wares,
    place: Place,
    most: int | None,
    allowed: Place | None,
    verb: str,
    card: Card,
    path: str,
) -> None:
    """Wares one use of a card moves: as many and to or from where its text says."""
    name = _label(card)
    if most == 0:
        raise InvalidRecord(path, f"the {name} {verb} no wares (its effect is on cards or gold)")
    if most is not None and len(wares) > most:
        raise InvalidRecord(path, f"the {name} {verb} {most} ware(s) a use, not {len(wares)}")
    if allowed is not None and place is not allowed:
        where = "the supply" if allowed is Place.SUPPLY else "the opponent"
        preposition = "from" if verb == "takes" else "to"
        raise InvalidRecord(path, f"the {name} {verb} wares {preposition} {where}")


def _label(card: Card) -> str:
    """A card's name as messages give it."""
    return card.value.replace("_", " ")


def _kinds(wares: Wares) -> str:
    """'tea and salt'."""
    return " and ".join(sorted({w.value for w in wares}))


def parse_turn(value: Any, players: Sequence[str], index: int) -> Turn:
    """Turn ``index``: its player must be the one whose seat is due (strict alternation)."""
    path = f"turns[{index}]"
    obj = _object(value, path)
    known_keys(obj, _TURN_KEYS, path)
    for key in sorted(_TURN_KEYS - set(obj)):
        raise InvalidRecord(json_path(path, key), "required")
    due = players[index % 2]
    if obj["player"] != due:
        raise InvalidRecord(f"{path}.player", f"{due!r}: players alternate, {players[0]!r} first")
    actions = _int(obj["actions_used"], f"{path}.actions_used", 0, ACTIONS)
    raw = _list(obj["events"], f"{path}.events")
    events = tuple(parse_event(e, players, f"{path}.events[{i}]") for i, e in enumerate(raw))
    for i, event in enumerate(events):
        check_card(event, due, f"{path}.events[{i}]")
    needed = _card_plays(events) + card_actions(events, due, path)
    if needed > actions:
        rule = (
            f"at least {needed}: one action per card played and per utensil used"
            " (the Guard, the Rain maker and the Dancer's ware card excepted)"
        )
        raise InvalidRecord(f"{path}.actions_used", rule)
    wise = sum(e.count for e in events if isinstance(e, WiseMan))
    if wise > WISE_MEN_IN_DECK:
        rule = f"at most {WISE_MEN_IN_DECK} Wise Men in a turn (the deck holds {WISE_MEN_IN_DECK})"
        raise InvalidRecord(f"{path}.events", rule)
    return Turn(due, actions, events)


def _players(value: Any) -> tuple[str, str]:
    """Exactly two distinct non-empty player names."""
    first, second = CHECK.names(value)
    return first, second


@dataclass(frozen=True)
class Totals:
    """A score pad's record: each player's final gold, and who reached 60 first if noted."""

    players: tuple[str, str]
    gold: Mapping[str, int]
    ended_by: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


def parse_totals(obj: Mapping[str, Any]) -> Totals:
    """A totals record: ``totals`` maps each player to their final gold; ``ended_by`` names
    the player whose turn ended with 60 gold or more, when the pad says so."""
    extra = extra_keys(obj, (*_TOP_KEYS, "totals", "ended_by"))
    CHECK.game_of(obj)
    players = _players(obj.get("players"))
    table = _object(obj["totals"], "totals")
    known_keys(table, set(players), "totals")
    for name in players:
        if name not in table:
            raise InvalidRecord(f"totals.{name}", "required: the player's final gold")
    gold = {name: _int(table[name], f"totals.{name}", 0) for name in players}
    ended_by = obj.get("ended_by")
    if ended_by is not None and ended_by not in players:
        raise InvalidRecord("ended_by", f"one of the players {list(players)}")
    return Totals(players, gold, ended_by, extra)


def parse(record: Mapping[str, Any]) -> Session | Totals:
    """The Session a Jambo record describes (the Totals of a score pad's record, with
    ``totals``); raises InvalidRecord on any malformed part."""
    obj = CHECK.record(record)
    if "totals" in obj:
        return parse_totals(obj)
    extra = extra_keys(obj, _TOP_KEYS)
    CHECK.game_of(obj)
    players = _players(obj.get("players"))
    if "turns" not in obj:
        known = (*_TOP_KEYS, "totals", "ended_by")
        events, totals = "the game as played, turn by turn", "a score pad: each player's final gold"
        raise neither_events_nor_totals(obj, "turns", known, events, totals)
    turns = _list(obj["turns"], "turns")
    parsed = tuple(parse_turn(t, players, i) for i, t in enumerate(turns))
    return Session(players, parsed, extra)


# --- replay -------------------------------------------------------------------------------


@dataclass
class Purse:
    """One player's side of the table while replaying: all their wares, and those of them on
    the large stand. The rest are on the small stands, pooled: they are alike and none has a
    fee, so only their free spaces count.
    """

    gold: int = START_GOLD
    wares: Counter[Ware] = field(default_factory=Counter)
    large: Counter[Ware] = field(default_factory=Counter)
    small_stands: int = 0
    income: int = 0
    spending: int = 0
    fees: int = 0
    bonuses: int = 0

    @property
    def held(self) -> int:
        """How many wares are on this player's stands."""
        return sum(self.wares.values())

    @property
    def on_large(self) -> int:
        """How many wares are on the large stand."""
        return sum(self.large.values())

    @property
    def small_free(self) -> int:
        """Free spaces on this player's small stands."""
        return SMALL_SPACES * self.small_stands - (self.held - self.on_large)


@dataclass
class Table:
    """The whole replay state: purses, supply, stands built and this turn's gold changes.

    ``owed`` is the Portuguese's gold due this turn for the wares returned with it, and
    ``owed_at`` the event that returned the first of them.
    """

    players: tuple[str, str]
    purses: dict[str, Purse]
    supply: Counter[Ware]
    stands_built: int = 0
    wise_men: int = 0
    changes: list[dict[str, Any]] = field(default_factory=list)
    owed: int = 0
    owed_at: str = ""

    @classmethod
    def start(cls, players: tuple[str, str]) -> Table:
        """The table before the first turn."""
        supply = Counter({ware: SUPPLY_PER_WARE for ware in Ware})
        return cls(players, {name: Purse() for name in players}, supply)

    def opponent(self, name: str) -> str:
        """The other player."""
        return self.players[1] if name == self.players[0] else self.players[0]

    def earn(self, name: str, amount: int, reason: str) -> None:
        """``name`` takes ``amount`` gold."""
        purse = self.purses[name]
        purse.gold += amount
        purse.income += amount
        self.changes.append({"player": name, "gold": amount, "for": reason})

    def pay(self, name: str, amount: int, reason: str, path: str) -> None:
        """``name`` pays ``amount`` gold; InvalidRecord at ``path`` if that would go below 0."""
        purse = self.purses[name]
        if amount > purse.gold:
            rule = f"gold {name} can pay: {reason} costs {amount}, {name} has {purse.gold}"
            raise InvalidRecord(path, rule)
        purse.gold -= amount
        purse.spending += amount
        if amount:
            self.changes.append({"player": name, "gold": -amount, "for": reason})


def _check_take(pool: Counter[Ware], wares: Wares, owner: str, path: str) -> None:
    """InvalidRecord at ``path`` unless ``pool`` holds all of ``wares``."""
    missing = Counter(wares) - pool
    if missing:
        names = ", ".join(f"{n} {w.value}" for w, n in missing.items())
        raise InvalidRecord(path, f"wares {owner} holds: {names} missing")


def _unload(purse: Purse, wares: Wares) -> None:
    """Take held ``wares`` off the stands, each from the stand where leaving costs least.

    A full large stand's sixth space is paid for: a ware that is also on a small stand leaves
    from there, so the large stand stays full. Otherwise the large stand gives it up first.
    """
    for ware in wares:
        on_small = purse.wares[ware] - purse.large[ware]
        from_small = on_small > 0 and (purse.on_large >= LARGE_SPACES or not purse.large[ware])
        purse.wares[ware] -= 1
        if not from_small:
            purse.large[ware] -= 1


def _room(table: Table, name: str, wares: Wares, path: str) -> int:
    """The sixth-space fee ``name`` owes for receiving ``wares``; InvalidRecord if no room."""
    purse = table.purses[name]
    free = capacity(purse.small_stands) - purse.held
    if len(wares) > free:
        raise InvalidRecord(path, f"room on {name}'s stands: {len(wares)} wares, {free} free")
    onto_large = placement(purse.small_free, len(wares))[1]
    return sixth_space_fee(purse.on_large, onto_large)


def _load(purse: Purse, wares: Wares) -> None:
    """Put ``wares`` (room checked) on free small-stand spaces first, the rest on the large."""
    onto_small = placement(purse.small_free, len(wares))[0]
    purse.wares.update(wares)
    purse.large.update(wares[onto_small:])


def _receive(table: Table, name: str, wares: Wares, path: str) -> None:
    """``name`` puts ``wares`` on their stands, paying the sixth-space fee when due."""
    fee = _room(table, name, wares, path)
    _pay_fee(table, name, fee, path)
    _load(table.purses[name], wares)


def _pay_fee(table: Table, name: str, fee: int, path: str) -> None:
    """Pay the large stand's sixth-space fee (maybe 0) and count it."""
    table.pay(name, fee, "the large stand's sixth space", path)
    table.purses[name].fees += fee


def _buy(table: Table, name: str, event: Buy, path: str) -> None:
    """Pay the (Wise-Man-reduced) price and any fee; the wares move supply -> stands."""
    _check_take(table.supply, event.wares, "the supply", f"{path}.buy")
    fee = _room(table, name, event.wares, f"{path}.buy")
    price = max(0, event.price - WISE_MAN_BONUS * table.wise_men)
    gold = table.purses[name].gold
    if price + fee > gold:
        rule = f"gold {name} can pay: card {price} + sixth-space fee {fee}, {name} has {gold}"
        raise InvalidRecord(f"{path}.price", rule)
    table.pay(name, price, "buy", f"{path}.price")
    _pay_fee(table, name, fee, f"{path}.price")
    table.supply.subtract(event.wares)  # checked above
    _load(table.purses[name], event.wares)


def _sell(table: Table, name: str, event: Sell, path: str) -> None:
    """Return the wares to the supply and take the (Wise-Man-raised) price."""
    purse = table.purses[name]
    _check_take(purse.wares, event.wares, name, f"{path}.sell")
    _unload(purse, event.wares)
    table.supply.update(event.wares)
    table.earn(name, event.price + WISE_MAN_BONUS * table.wise_men, "sell")


def _build(table: Table, name: str, event: BuildStands, path: str) -> None:
    """Build small stands one by one: 6 gold for the game's first, 3 for any later.

    A new stand is empty: wares never move between stands, so nothing leaves the large one.
    """
    for _ in range(event.count):
        if table.stands_built >= MAX_SMALL_STANDS:
            raise InvalidRecord(f"{path}.stand", f"at most {MAX_SMALL_STANDS} small stands a game")
        table.pay(name, small_stand_price(table.stands_built), "a small stand", f"{path}.stand")
        table.stands_built += 1
        table.purses[name].small_stands += 1


def _gold(table: Table, name: str, event: GoldChange, path: str) -> None:
    """A payment from or to the bank; the Portuguese's must match the wares it returned."""
    who = event.player or name
    reason = event.card.value if event.card else "gold"
    if event.card is Card.PORTUGUESE:
        _portuguese_gold(table, name, event, f"{path}.gold")
    if event.amount > 0:
        table.earn(who, event.amount, reason)
    else:
        table.pay(who, -event.amount, reason, f"{path}.gold")


def _portuguese_gold(table: Table, name: str, event: GoldChange, path: str) -> None:
    """The Portuguese pays 2 per ware returned with it this turn, to the turn's player."""
    if event.player not in (None, name) or event.amount != table.owed or not table.owed:
        returned = table.owed // PORTUGUESE_GOLD
        rule = (
            f"the portuguese pays {name} {PORTUGUESE_GOLD} per ware returned with it "
            f"(a wares_out labelled portuguese before it): {returned} returned, so "
            f"{table.owed}, not {event.amount}"
        )
        raise InvalidRecord(path, rule)
    table.owed = 0


def _wares_in(table: Table, name: str, event: WaresIn, path: str) -> None:
    """Wares arrive from the supply or the opponent's stands."""
    who = event.player or name
    at = f"{path}.wares_in"
    if event.source is Place.SUPPLY:
        _check_take(table.supply, event.wares, "the supply", at)
        _receive(table, who, event.wares, at)
        table.supply.subtract(event.wares)  # checked above
        return
    giver = table.purses[table.opponent(who)]
    _check_take(giver.wares, event.wares, table.opponent(who), at)
    _receive(table, who, event.wares, at)
    _unload(giver, event.wares)


def _wares_out(table: Table, name: str, event: WaresOut, path: str) -> None:
    """Wares leave for the supply or the opponent's stands."""
    who = event.player or name
    purse = table.purses[who]
    _check_take(purse.wares, event.wares, who, f"{path}.wares_out")
    if event.destination is Place.OPPONENT:
        _receive(table, table.opponent(who), event.wares, f"{path}.wares_out")
    else:
        table.supply.update(event.wares)
    _unload(purse, event.wares)
    if event.card is Card.PORTUGUESE:
        table.owed_at = table.owed_at or f"{path}.wares_out"
        table.owed += PORTUGUESE_GOLD * len(event.wares)


def _pay_opponent(table: Table, name: str, event: PayOpponent, path: str) -> None:
    """The opponent hands the turn's player gold."""
    other = table.opponent(name)
    reason = event.card.value if event.card else "pay_opponent"
    table.pay(other, event.amount, reason, f"{path}.pay_opponent")
    table.earn(name, event.amount, reason)


def apply(table: Table, name: str, event: Event, path: str) -> None:
    """Replay one event of ``name``'s turn; InvalidRecord at ``path`` if the rules forbid it."""
    match event:
        case Buy():
            _buy(table, name, event, path)
        case Sell():
            _sell(table, name, event, path)
        case BuildStands():
            _build(table, name, event, path)
        case WiseMan():
            table.wise_men += event.count
        case GoldChange():
            _gold(table, name, event, path)
        case WaresIn():
            _wares_in(table, name, event, path)
        case WaresOut():
            _wares_out(table, name, event, path)
        case PayOpponent():
            _pay_opponent(table, name, event, path)


def _play_turn(table: Table, turn: Turn, index: int) -> dict[str, Any]:
    """Replay one turn and its action bonus; the turn's ledger line."""
    table.changes, table.wise_men, table.owed, table.owed_at = [], 0, 0, ""
    before = table.purses[turn.player].gold
    for i, event in enumerate(turn.events):
        apply(table, turn.player, event, f"turns[{index}].events[{i}]")
    if table.owed:
        rule = f"the portuguese owes {turn.player} {table.owed} gold: record it as a gold event"
        raise InvalidRecord(table.owed_at, rule)
    if ACTIONS - turn.actions_used >= BONUS_UNUSED:
        table.earn(turn.player, 1, "action bonus")
        table.purses[turn.player].bonuses += 1
    return {
        "turn": index + 1,
        "player": turn.player,
        "actions_used": turn.actions_used,
        "gold_before": before,
        "gold_after": table.purses[turn.player].gold,
        "changes": table.changes,
        "gold": {name: purse.gold for name, purse in table.purses.items()},
        "supply": {ware.value: table.supply[ware] for ware in Ware},
        "wares": {name: _on_stands(purse) for name, purse in table.purses.items()},
    }


def _on_stands(purse: Purse) -> dict[str, int]:
    """A player's wares by name, in the canonical ware order, the absent ones left out."""
    return {ware.value: purse.wares[ware] for ware in Ware if purse.wares[ware]}


@dataclass(frozen=True)
class Ending:
    """Who triggered the end of the game (None: nobody yet) and whether the last turn is done."""

    trigger: str | None = None
    trigger_turn: int | None = None
    over: bool = False


def _after_turn(ending: Ending, table: Table, turn: Turn, index: int) -> Ending:
    """The game's ending state once turn ``index`` has been played."""
    if ending.trigger is not None:
        return Ending(ending.trigger, ending.trigger_turn, over=True)
    if table.purses[turn.player].gold >= END_GOLD:
        return Ending(turn.player, index)
    return ending


def replay(session: Session) -> tuple[Table, Ending, list[dict[str, Any]]]:
    """Replay every turn: the final table, the ending and one ledger line per turn."""
    table, ending, lines = Table.start(session.players), Ending(), []
    for index, turn in enumerate(session.turns):
        if ending.over:
            rule = (
                f"no turn after the game ended: {ending.trigger} reached {END_GOLD} gold in "
                f"turn {(ending.trigger_turn or 0) + 1} and the opponent played the last turn"
            )
            raise InvalidRecord(f"turns[{index}]", rule)
        line = _play_turn(table, turn, index)
        ending = _after_turn(ending, table, turn, index)
        line["ends_game"] = ending.over
        line["triggers_end"] = ending.trigger_turn == index
        lines.append(line)
    return table, ending, lines


def winner(table: Table, ending: Ending) -> str | None:
    """The winner once the game is over: the opponent with as much gold or more, else trigger."""
    if not ending.over or ending.trigger is None:
        return None
    other = table.opponent(ending.trigger)
    mine, theirs = table.purses[ending.trigger].gold, table.purses[other].gold
    return other if theirs >= mine else ending.trigger


def _breakdown(purse: Purse) -> dict[str, int]:
    """A player's numbers for the report."""
    return {
        "gold": purse.gold,
        "wares": purse.held,
        "small_stands": purse.small_stands,
        "income": purse.income,
        "spending": purse.spending,
        "sixth_space_fees": purse.fees,
        "action_bonuses": purse.bonuses,
    }


def score_totals(pad: Totals) -> SessionResult:
    """Final gold as score. The game is over when a player has 60 or more, or ``ended_by``
    says who triggered the end (the opponent's last turn may take the trigger below 60).
    Unequal gold: the richer wins either way (the opponent with as much or more, the trigger
    with more); equal gold needs ``ended_by``, since the tie goes to the trigger's opponent."""
    gold, (a, b) = pad.gold, pad.players
    over = pad.ended_by is not None or max(gold.values()) >= END_GOLD
    won: str | None = None
    if over and gold[a] != gold[b]:
        won = a if gold[a] > gold[b] else b
    elif over and pad.ended_by is not None:
        won = b if pad.ended_by == a else a
    status: Status = "in progress" if not over else "finished" if won else "unresolved tie"
    ranks = {name: 1 if name == won else 2 for name in gold} if won else competition_ranks(gold)
    players = tuple(PlayerResult(n, gold[n], ranks[n], {"gold": gold[n]}) for n in pad.players)
    return SessionResult(GAME, status, won, players, (), pad.extra, record="totals")


def score(session: Session | Totals) -> SessionResult:
    """Replay the session: gold as score, the winner once the last turn is played."""
    if isinstance(session, Totals):
        return score_totals(session)
    table, ending, lines = replay(session)
    won = winner(table, ending)
    gold = {name: table.purses[name].gold for name in session.players}
    ranks = {name: 1 if name == won else 2 for name in gold} if won else competition_ranks(gold)
    status: Status = "finished" if ending.over else "in progress"
    players = tuple(
        PlayerResult(name, gold[name], ranks[name], _breakdown(table.purses[name]))
        for name in session.players
    )
    return SessionResult(GAME, status, won, players, tuple(lines), session.extra)


# --- simulation ---------------------------------------------------------------------------

SIMULATED_TURNS: Final = 2000
"""A bound no simulated game comes near (they end in some 20 to 60 turns): a guard, not a rule."""


def simulate(players: int, rng: random.Random, finished: bool = True) -> dict[str, Any]:
    """One random legal Jambo record for 2 players, drawn from ``rng``: a finished game (60
    gold reached and the last turn played), or with ``finished=False`` a prefix of one."""
    if players != PLAYERS:
        raise ValueError(f"Jambo is played by exactly {PLAYERS} players, not {players}")
    names = ("P1", "P2")
    table, ending = Table.start(names), Ending()
    turns: list[dict[str, Any]] = []
    while not ending.over:
        if len(turns) == SIMULATED_TURNS:
            raise RuntimeError(f"a simulated Jambo game ran past {SIMULATED_TURNS} turns")
        record_turn, turn = _simulate_turn(table, names[len(turns) % 2], len(turns), rng)
        _play_turn(table, turn, len(turns))
        ending = _after_turn(ending, table, turn, len(turns))
        turns.append(record_turn)
    if not finished:
        del turns[rng.randrange(len(turns)) :]
    return {"game": GAME, "players": list(names), "turns": turns}


def _simulate_turn(
    table: Table, name: str, index: int, rng: random.Random
) -> tuple[dict[str, Any], Turn]:
    """A random legal turn of ``name``: candidate events, each kept only if the rules allow it
    on a copy of the table (the scorer is the referee, so the simulator cannot drift from it)."""
    work = copy.deepcopy(table)
    work.changes, work.wise_men, work.owed, work.owed_at = [], 0, 0, ""
    kept: list[dict[str, Any]] = []
    events: list[Event] = []
    for obj in _candidates(work.purses[name], work.supply, rng):
        path = f"turns[{index}].events[{len(kept)}]"
        event = parse_event(obj, table.players, path)
        trial = copy.deepcopy(work)
        try:
            check_card(event, name, path)
            apply(trial, name, event, path)
        except InvalidRecord:
            continue
        if _actions([*events, event], name) <= ACTIONS:
            work, events = trial, [*events, event]
            kept.append(obj)
    # Mostly no action left unused beyond the plays, so the action bonus stays a choice.
    actions = min(ACTIONS, _actions(events, name) + rng.choice((0, 0, 0, 1, 2)))
    record = {"player": name, "actions_used": actions, "events": kept}
    return record, Turn(name, actions, tuple(events))


def _actions(events: Sequence[Event], name: str) -> int:
    """The actions ``events`` cost ``name`` (more than 5 if a card's text is broken)."""
    try:
        return _card_plays(events) + card_actions(events, name, "")
    except InvalidRecord:
        return ACTIONS + 1


def _candidates(purse: Purse, supply: Counter[Ware], rng: random.Random) -> list[dict[str, Any]]:
    """Events a player might try this turn, in order: mostly sell what they hold, then buy."""
    held, stock = list(purse.wares.elements()), list(supply.elements())
    found: list[dict[str, Any]] = []
    if rng.random() < 0.1:
        found.append({"wise_man": 1})
    if len(held) >= 3:
        found.append({"sell": [w.value for w in rng.sample(held, 3)]})
    if rng.random() < 0.15:
        found.append({"stand": 1})
    if rng.random() < 0.1:
        found.append({"gold": 2, "card": "weapons"})
    if len(stock) >= 3:
        found.append({"buy": [w.value for w in rng.sample(stock, 3)]})
    if rng.random() < 0.1:
        found.append({"wares_in": [rng.choice(list(Ware)).value], "from": "supply"})
    return found
