"""Jaipur session scoring: replay each round's sales against fresh token piles.

Glossary
    Good          a sellable card type (:class:`Good`); camels are cards but never goods.
    Goods pile    a good's tokens, top (highest value) first; a sale takes one per card sold
                  from the top, or what is left when the pile runs short.
    Bonus pile    the shuffled tokens for a 3-, 4- or 5+-card sale (keyed 3, 4, 5 in
                  ``BONUS_TOKENS``); the record names the value drawn, since it is hidden.
    Camel token   5 rupees to the player with strictly more camels in the herd at round end.
    Rupees        goods tokens + bonus tokens + camel token: the round's wealth.
    Seal          a Seal of Excellence, won by the richer player of a round; 2 win the game.
    Round         a *manche*: fresh piles, some sales, the herds' camels counted at the end.
    Record        the JSON object of a session::

                      {"game": "jaipur", "players": ["Ana", "Ben"],
                       "rounds": [{"sales": [{"player": "Ana", "good": "leather",
                                              "cards": 4, "bonus": 5}],
                                   "camels": {"Ana": 3, "Ben": 1}}]}

Policies where the rule book is silent (see docs/FORMAT.md):
    * a good whose goods pile is empty may still be sold: no goods token, but the bonus token
      by cards sold (the rule book only says the bonus is counted by cards when tokens run
      short);
    * a 3+-card sale must record the bonus value drawn while its bonus pile holds tokens;
      no bonus on an empty pile (it "gives nothing");
    * a round still tied after bonus tokens and goods tokens is "unresolved": nobody gets a
      seal and the game goes on with a new round; the session is an "unresolved tie" when
      its record ends on such a round and nobody has 2 seals.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
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
from ubongo.scoring.names import canonical, find
from ubongo.scoring.text import quote

GAME: Final = "jaipur"
CHECK: Final = RecordCheck(
    GAME,
    top="$",
    not_object="expected a JSON object, got {kind}",
    wrong_game="expected {game!r}, got {got!r}",
    not_list="expected a list of player names, got {kind}",
    count="Jaipur is for exactly {lo} players, got {n}",
    name_path="players[{i}]",
    bad_name="expected a non-empty name, got {name!r}",
    duplicate="duplicate player name {name!r}",
)
"""The checks every game's record shares, in this game's words."""
FAST = load_fast()
"""The compiled replay (scoring._fast), or None: not built, or UBONGO_PURE set."""


class Good(enum.Enum):
    """A good, named as in records."""

    DIAMOND = "diamond"
    GOLD = "gold"
    SILVER = "silver"
    CLOTH = "cloth"
    SPICE = "spice"
    LEATHER = "leather"


GOODS_TOKENS: Final[Mapping[Good, tuple[int, ...]]] = {
    Good.DIAMOND: (7, 7, 5, 5, 5),
    Good.GOLD: (6, 6, 5, 5, 5),
    Good.SILVER: (5, 5, 5, 5, 5),
    Good.CLOTH: (5, 3, 3, 2, 2, 1, 1),
    Good.SPICE: (5, 3, 3, 2, 2, 1, 1),
    Good.LEATHER: (4, 3, 2, 1, 1, 1, 1, 1, 1),
}
BONUS_TOKENS: Final[Mapping[int, tuple[int, ...]]] = {
    3: (1, 1, 2, 2, 2, 3, 3),
    4: (4, 4, 5, 5, 6, 6),
    5: (8, 8, 9, 10, 10),
}
CARDS: Final[Mapping[Good, int]] = {
    Good.DIAMOND: 6,
    Good.GOLD: 6,
    Good.SILVER: 6,
    Good.CLOTH: 8,
    Good.SPICE: 8,
    Good.LEATHER: 10,
}
CAMEL_CARDS: Final = 11
PRECIOUS: Final = frozenset({Good.DIAMOND, Good.GOLD, Good.SILVER})
PRECIOUS_MIN_CARDS: Final = 2
HAND_LIMIT: Final = 7
CAMEL_TOKEN: Final = 5
SEALS_TO_WIN: Final = 2
EMPTY_PILES_TO_END: Final = 3
PLAYERS: Final = SEATS[GAME][0]

# Hot-path tables keyed by good name (``Good._value_``): str hashes are cached while
# ``Enum.__hash__`` is a slow Python call in 3.11.
_GOODS: Final[Mapping[str, Good]] = {good.value: good for good in Good}
_MIN_CARDS: Final = {good.value: (PRECIOUS_MIN_CARDS if good in PRECIOUS else 1) for good in Good}
# The bonus values a sale of 3 to 7 cards may record: its pile is 3, 4 or 5+.
_BONUS_VALUES: Final = {n: frozenset(BONUS_TOKENS[min(n, 5)]) for n in range(3, HAND_LIMIT + 1)}


@dataclass(frozen=True)
class Sale:
    """One sale: ``cards`` cards of one good, and the bonus value drawn (None if none)."""

    player: str
    good: Good
    cards: int
    bonus: int | None = None


@dataclass(frozen=True)
class Round:
    """One round: its sales in order and each player's herd camels at the end."""

    sales: tuple[Sale, ...]
    camels: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Session:
    """A parsed Jaipur record: the two players and the rounds played."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


def bonus_pile(cards: int) -> int | None:
    """The bonus pile a sale of ``cards`` cards draws from (3, 4 or 5), or None below 3.

    >>> [bonus_pile(n) for n in (2, 3, 4, 5, 7)]
    [None, 3, 4, 5, 5]
    """
    return min(cards, 5) if cards >= 3 else None


def take_tokens(pile: Sequence[int], cards: int) -> tuple[int, ...]:
    """The goods tokens a sale of ``cards`` cards takes from the top of ``pile``.

    >>> take_tokens((1, 1), 5)
    (1, 1)
    """
    return tuple(pile[:cards])


def min_cards(good: Good) -> int:
    """The fewest cards of ``good`` a sale may hold."""
    return PRECIOUS_MIN_CARDS if good in PRECIOUS else 1


# --- parsing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Totals:
    """A score pad's record: per round, each player's rupees and bonus and goods tokens."""

    players: tuple[str, ...]
    rounds: tuple[Mapping[str, Mapping[str, int]], ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


PAD_KEYS: Final = ("rupees", "bonus_tokens", "goods_tokens")
"""A pad's line: ``rupees``, and the token counts a tie on rupees needs (optional else)."""


def _subset_sums(tokens: Sequence[int]) -> list[int]:
    """For each count k, the values any k of ``tokens`` can make, as a bit set (bit v: v)."""
    sums = [1] + [0] * len(tokens)
    for token in tokens:
        for k in range(len(tokens), 0, -1):
            sums[k] |= sums[k - 1] << token
    return sums


def _prefix_sums(piles: Sequence[Sequence[int]], emptied: int) -> list[int]:
    """For each count k, the values k goods tokens taken in one round can make, as a bit set:
    a top part of each pile (tokens go highest first), at most ``emptied`` piles emptied."""
    states = {(0, 0): 1}  # (tokens, piles emptied) -> values
    for pile in piles:
        grown: dict[tuple[int, int], int] = {}
        for (count, empty), values in states.items():
            for k in range(len(pile) + 1):
                key = (count + k, empty + (k == len(pile)))
                if key[1] <= emptied:
                    grown[key] = grown.get(key, 0) | values << sum(pile[:k])
        states = grown
    sums = [0] * (sum(len(p) for p in piles) + 1)
    for (count, _), values in states.items():
        sums[count] |= values
    while sums and not sums[-1]:
        sums.pop()
    return sums


def _most_bonus_tokens() -> int:
    """The most bonus tokens one round can give: each needs a sale of 3, 4 or 5+ cards of one
    good (the deck's cards of each good shared out among such sales), and each pile has its
    tokens only."""
    counts = {(0, 0, 0)}
    for cards in CARDS.values():
        counts = {
            (n3 + a, n4 + b, n5 + c)
            for n3, n4, n5 in counts
            for a in range(cards // 3 + 1)
            for b in range((cards - 3 * a) // 4 + 1)
            for c in range((cards - 3 * a - 4 * b) // 5 + 1)
        }
    return max(
        sum(min(n, len(BONUS_TOKENS[size])) for n, size in zip(sales, (3, 4, 5), strict=True))
        for sales in counts
    )


_GOODS_SUMS: Final = _prefix_sums(list(GOODS_TOKENS.values()), EMPTY_PILES_TO_END)
"""What the goods tokens both players took in a round are worth, by count."""
_GOODS_ANY: Final = _subset_sums([t for pile in GOODS_TOKENS.values() for t in pile])
"""What one player's goods tokens are worth, by count: any of the game's."""
_BONUS_SUMS: Final = _subset_sums([t for pile in BONUS_TOKENS.values() for t in pile])
_ROUND_GOODS_TOKENS: Final = len(_GOODS_SUMS) - 1
_ROUND_BONUS_TOKENS: Final = _most_bonus_tokens()
_ROUND_GOODS_TOKENS_TEXT: Final = f"{_ROUND_GOODS_TOKENS} goods tokens"
_ROUND_BONUS_TOKENS_TEXT: Final = f"{_ROUND_BONUS_TOKENS} bonus tokens"


def parse_totals(rec: Mapping[str, Any]) -> Totals:
    """A totals record: ``totals`` is a list of rounds, each mapping every player to their
    ``rupees`` and, when the pad has them, ``bonus_tokens`` and ``goods_tokens``, checked
    against what the game's tokens can be worth."""
    extra = check_keys(rec, "", required=("game", "players", "totals"))
    CHECK.game_of(rec)
    players = CHECK.names(rec["players"])
    rounds = json_list(rec["totals"], "totals", "a list of rounds")
    return Totals(
        players, tuple(_pad(r, f"totals[{i}]", players) for i, r in enumerate(rounds)), extra
    )


def _pad(value: Any, path: str, players: Sequence[str]) -> dict[str, dict[str, int]]:
    """One round of the pad: each player's counts, and together what one round can give."""
    obj = json_object(value, path, "an object of totals per player")
    check_keys(obj, path, required=players)
    pad = {name: _pad_line(obj[name], f"{path}.{name}") for name in players}
    for key, most in (("goods_tokens", _ROUND_GOODS_TOKENS), ("bonus_tokens", _ROUND_BONUS_TOKENS)):
        if sum(line.get(key, 0) for line in pad.values()) > most:
            raise InvalidRecord(path, f"more {key.replace('_', ' ')} in all than {_WHY[key]}")
    _check_pad_round(pad, path)
    return pad


_WHY: Final = {
    "goods_tokens": (
        f"the {_ROUND_GOODS_TOKENS_TEXT} a round can give (the round ends when a third goods"
        " pile is empty, so three piles keep a token at least)"
    ),
    "bonus_tokens": (
        f"the {_ROUND_BONUS_TOKENS_TEXT} a round can give (a bonus token takes a sale of 3"
        " cards at least, and the deck has 44 goods cards)"
    ),
}


def _pad_line(value: Any, path: str) -> dict[str, int]:
    """A player's rupees and, if given, token counts for a round: counts of 0 or more, and
    rupees those tokens (and the camel token) can be worth."""
    obj = json_object(value, path, "an object of rupees and token counts")
    check_keys(obj, path, required=("rupees",), optional=PAD_KEYS[1:])
    line = {key: _int(obj[key], f"{path}.{key}", "a whole number, 0 or more") for key in obj}
    for key, count in line.items():
        if count < 0:
            raise InvalidRecord(f"{path}.{key}", f"a count of 0 or more, not {count}")
    if not _worth(line, 0) and not _worth(line, CAMEL_TOKEN):
        raise InvalidRecord(f"{path}.rupees", _not_worth(line))
    return line


def _check_pad_round(pad: Mapping[str, Mapping[str, int]], path: str) -> None:
    """Both players' rupees together: one camel token, and the tokens they took together
    taken off the top of the goods piles."""
    (a, la), (b, lb) = pad.items()
    shares = [(c, CAMEL_TOKEN - c) for c in (0, CAMEL_TOKEN)] + [(0, 0)]
    alone = [(ca, cb) for ca, cb in shares if _worth(la, ca) and _worth(lb, cb)]
    if not alone:
        rule = (
            f"{a}'s {la['rupees']} and {b}'s {lb['rupees']} rupees both need the camel"
            f" token's {CAMEL_TOKEN}; a round has one camel token"
        )
        raise InvalidRecord(path, rule)
    together = {key: la[key] + lb[key] for key in PAD_KEYS[1:] if key in la and key in lb}
    if not any(
        _worth({"rupees": la["rupees"] + lb["rupees"], **together}, ca + cb, _GOODS_SUMS)
        for ca, cb in alone
    ):
        rule = (
            f"{la['rupees'] + lb['rupees']} rupees together{_tokens_text(together)}: no"
            " goods tokens taken off the top of their piles, with bonus tokens and the camel"
            " token, make that"
        )
        raise InvalidRecord(path, rule)


def _worth(line: Mapping[str, int], camel: int, goods_sums: Sequence[int] = ()) -> bool:
    """Whether the line's tokens (any number where a count is missing) and ``camel`` can make
    its rupees: goods tokens as ``goods_sums`` has them (by default any of the game's, since
    the other player may have taken the ones above), bonus tokens from any pile."""
    rupees = line["rupees"] - camel
    if rupees < 0:
        return False
    goods = _sums(goods_sums or _GOODS_ANY, line.get("goods_tokens"))
    bonus = _sums(_BONUS_SUMS, line.get("bonus_tokens"))
    return any(rupees - value >= 0 and goods >> (rupees - value) & 1 for value in _bits(bonus))


def _sums(table: Sequence[int], count: int | None) -> int:
    """The values ``count`` tokens can make (a bit set), any count's when it is None."""
    if count is None:
        found = 0
        for values in table:
            found |= values
        return found
    return table[count] if count < len(table) else 0


def _bits(values: int) -> Iterator[int]:
    """The members of a bit set, smallest first."""
    value = 0
    while values:
        if values & 1:
            yield value
        values >>= 1
        value += 1


def _not_worth(line: Mapping[str, int]) -> str:
    """Why a player's rupees cannot be what their tokens (and the camel token) are worth."""
    values = _sums(_GOODS_ANY, line.get("goods_tokens"))
    bonus = _sums(_BONUS_SUMS, line.get("bonus_tokens"))
    lo = min(_bits(values), default=0) + min(_bits(bonus), default=0)
    hi = max(_bits(values), default=0) + max(_bits(bonus), default=0)
    worth = f"worth {lo}" if lo == hi else f"worth {lo} to {hi}"
    gaps = " (not every sum in between)" if lo <= line["rupees"] <= hi + CAMEL_TOKEN else ""
    tokens = "these tokens are" if _tokens_text(line) else "a player's tokens in a round are"
    return (
        f"{line['rupees']} rupees{_tokens_text(line)}; {tokens} {worth}{gaps},"
        f" or {CAMEL_TOKEN} more with the camel token"
    )


def _tokens_text(line: Mapping[str, int]) -> str:
    """'from 2 goods tokens and 1 bonus token', for the counts the line gives."""
    given = [
        f"{line[key]} {key.replace('_tokens', '')} token{'s' if line[key] != 1 else ''}"
        for key in PAD_KEYS[1:]
        if key in line
    ]
    return f" from {' and '.join(reversed(given))}" if given else ""


def parse(record: Mapping[str, Any]) -> Session | Totals:
    """Check a record's structure, names and per-sale rules; raise InvalidRecord or return it
    (the Totals of a score pad's record, with ``totals``)."""
    rec = CHECK.record(record)
    if "totals" in rec:
        return parse_totals(rec)
    if "rounds" not in rec:
        known = ("game", "players", "rounds", "totals")
        events, totals = "the sales of each round", "a score pad: each round's rupees"
        raise neither_events_nor_totals(rec, "rounds", known, events, totals)
    extra = check_keys(rec, "", required=("game", "players", "rounds"))
    CHECK.game_of(rec)
    players = CHECK.names(rec["players"])
    rounds = json_list(rec["rounds"], "rounds", "a list of rounds")
    parsed = tuple(_round(r, f"rounds[{i}]", players) for i, r in enumerate(rounds))
    return Session(players, parsed, extra)


def _int(value: Any, path: str, what: str) -> int:
    """``value`` as a JSON integer (booleans are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecord(path, f"expected {what}, got {value!r}")
    return value


def _round(value: Any, path: str, players: Sequence[str]) -> Round:
    """One round object: its sales and the camels counted at its end."""
    obj = json_object(value, path, "a round object")
    check_keys(obj, path, required=("sales", "camels"))
    sales = json_list(obj["sales"], f"{path}.sales", "a list of sales")
    parsed = [
        _plain_sale(s, players) or _sale(s, f"{path}.sales[{i}]", players)
        for i, s in enumerate(sales)
    ]
    return Round(tuple(parsed), _camels(obj["camels"], f"{path}.camels", players))


def _plain_sale(value: Any, players: Sequence[str]) -> Sale | None:
    """The sale if it is plainly valid, else None: ``_sale`` then names the fault."""
    if type(value) is not dict or len(value) != 3 + ("bonus" in value):
        return None
    # A missing key reads as None, which none of the checks below lets through.
    player, name, cards = value.get("player"), value.get("good"), value.get("cards")
    if type(player) is not str or player not in players:
        return None
    if type(name) is not str or name not in _GOODS:
        return None
    if type(cards) is not int or not _MIN_CARDS[name] <= cards <= HAND_LIMIT:
        return None
    bonus = value.get("bonus")
    if bonus is not None and (type(bonus) is not int or bonus not in _BONUS_VALUES.get(cards, ())):
        return None
    return Sale(player, _GOODS[name], cards, bonus)


def _sale(value: Any, path: str, players: Sequence[str]) -> Sale:
    """One sale object: a player, a good, a legal number of cards, and a fitting bonus."""
    obj = json_object(value, path, "a sale object")
    check_keys(obj, path, required=("player", "good", "cards"), optional=("bonus",))
    player = obj["player"]
    if player not in players:
        raise InvalidRecord(
            f"{path}.player", f"unknown player {player!r}; expected one of {', '.join(players)}"
        )
    good = _good(obj["good"], f"{path}.good")
    cards = _cards(obj["cards"], f"{path}.cards", good)
    return Sale(player, good, cards, _bonus(obj.get("bonus"), f"{path}.bonus", cards))


def _good(value: Any, path: str) -> Good:
    """The Good ``value`` names in any edition's words; camels get their own refusal."""
    if find("jaipur.camel", value):
        raise InvalidRecord(path, "camels can never be sold")
    return Good(canonical("jaipur.good", value, path, "good"))


def _cards(value: Any, path: str, good: Good) -> int:
    """The number of cards sold: at least the good's minimum, at most a full hand."""
    cards = _int(value, path, "a whole number of cards")
    least = min_cards(good)
    if cards < least:
        why = " (diamond, gold and silver sell 2 at least)" if good in PRECIOUS else ""
        raise InvalidRecord(path, f"a {good.value} sale needs at least {least} card(s){why}")
    if cards > HAND_LIMIT:
        raise InvalidRecord(path, f"a hand holds at most {HAND_LIMIT} cards, so no sale of {cards}")
    return cards


def _bonus(value: Any, path: str, cards: int) -> int | None:
    """The bonus value recorded: only on 3+-card sales and one of that pile's values."""
    if value is None:
        return None
    pile = bonus_pile(cards)
    if pile is None:
        raise InvalidRecord(path, f"a {cards}-card sale takes no bonus token (3 cards at least)")
    bonus = _int(value, path, "a bonus value in rupees")
    if bonus not in BONUS_TOKENS[pile]:
        values = ", ".join(map(str, sorted(set(BONUS_TOKENS[pile]))))
        raise InvalidRecord(path, f"a {_pile_name(pile)} bonus is one of {values}, not {bonus}")
    return bonus


def _pile_name(pile: int) -> str:
    """How the rule book names a bonus pile: '3-card', '4-card', '5+-card'."""
    return f"{pile}+-card" if pile == max(BONUS_TOKENS) else f"{pile}-card"


def _camels(value: Any, path: str, players: Sequence[str]) -> dict[str, int]:
    """Each player's herd camels at round end: non-negative, 11 camel cards at most."""
    obj = json_object(value, path, "an object of camels per player")
    check_keys(obj, path, required=players)
    camels = {p: _int(obj[p], f"{path}.{p}", "a whole number of camels") for p in players}
    for name, count in camels.items():
        if count < 0:
            raise InvalidRecord(f"{path}.{name}", f"a herd cannot hold {count} camels")
    if sum(camels.values()) > CAMEL_CARDS:
        raise InvalidRecord(path, f"the game has {CAMEL_CARDS} camels; the herds hold more")
    return camels


# --- scoring ---------------------------------------------------------------------------


# Fresh piles for a round, keyed by good name; bonus piles count their tokens by value.
_GOODS_PILES: Final = {good.value: tokens for good, tokens in GOODS_TOKENS.items()}
_BONUS_PILES: Final = {pile: dict(Counter(tokens)) for pile, tokens in BONUS_TOKENS.items()}
_DECK: Final = {good.value: count for good, count in CARDS.items()}


@dataclass(slots=True)
class _Purse:
    """What one player took in a round: rupees by source and the number of tokens."""

    goods: int = 0
    bonus: int = 0
    camel: int = 0
    goods_tokens: int = 0
    bonus_tokens: int = 0

    def add_goods(self, tokens: Sequence[int]) -> None:
        """Put the goods tokens of a sale in the purse."""
        self.goods += sum(tokens)
        self.goods_tokens += len(tokens)

    def add_bonus(self, token: int | None) -> None:
        """Put a sale's bonus token, if it took one, in the purse."""
        if token is not None:
            self.bonus += token
            self.bonus_tokens += 1

    def totals(self) -> dict[str, int]:
        """The round's JSON breakdown: rupees by source and tokens by kind."""
        return {
            "rupees": self.goods + self.bonus + self.camel,
            "goods": self.goods,
            "bonus": self.bonus,
            "camel": self.camel,
            "bonus_tokens": self.bonus_tokens,
            "goods_tokens": self.goods_tokens,
        }


def score_totals(pad: Totals) -> SessionResult:
    """Each round's winner from the pad's rupees, then bonus tokens, then goods tokens; seals
    and the game winner as for the event log."""
    seals = dict.fromkeys(pad.players, 0)
    rounds: list[dict[str, Any]] = []
    for index, totals in enumerate(pad.rounds):
        if max(seals.values()) >= SEALS_TO_WIN:
            rule = f"the game was over: a player won {SEALS_TO_WIN} seals in the first {index}"
            raise InvalidRecord(f"totals[{index}]", rule + " rounds")
        _check_tie_counts(totals, f"totals[{index}]")
        winner, decided_by = _round_winner(totals)
        if winner is not None:
            seals[winner] += 1
        summary = {"round": index + 1, "winner": winner, "decided_by": decided_by}
        rounds.append({**summary, "players": {n: dict(t) for n, t in totals.items()}})
    status, won = _status(seals, rounds)
    ranks = competition_ranks(seals)
    players = tuple(
        PlayerResult(name, seals[name], ranks[name], _pad_breakdown(name, seals[name], rounds))
        for name in pad.players
    )
    return SessionResult(GAME, status, won, players, tuple(rounds), pad.extra, record="totals")


def _check_tie_counts(totals: Mapping[str, Mapping[str, int]], path: str) -> None:
    """A pad's round tied on rupees must give the token counts that break the tie."""
    (a, ta), (b, tb) = totals.items()
    for (key, _), (before, _) in zip(_TIE_BREAKS[1:], _TIE_BREAKS[:-1], strict=True):
        if ta.get(before) != tb.get(before):
            return
        if key not in ta or key not in tb:
            missing = b if key in ta else a
            rule = (
                f"{a} and {b} are tied on {before.replace('_', ' ')}, which the rule book breaks"
                f" by bonus tokens, then goods tokens: give {missing}'s {key}"
            )
            raise InvalidRecord(f"{path}.{missing}", rule)


def _pad_breakdown(name: str, seals: int, rounds: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """A player's seals and the pad's counts summed over the rounds (a count the pad leaves
    out of a round is left out of the sum)."""
    lines = [r["players"][name] for r in rounds]
    return {
        "seals": seals,
        **{k: sum(line[k] for line in lines) for k in PAD_KEYS if all(k in x for x in lines)},
    }


def score(session: Session | Totals) -> SessionResult:
    """Replay every round; seals, rupees and the game winner (first to 2 seals)."""
    if isinstance(session, Totals):
        return score_totals(session)
    seals = dict.fromkeys(session.players, 0)
    rounds = []
    for index, rnd in enumerate(session.rounds):
        _check_game_open(index, seals)
        summary = _score_round(index, rnd, session.players)
        if summary["winner"] is not None:
            seals[summary["winner"]] += 1
        rounds.append(summary)
    status, winner = _status(seals, rounds)
    ranks = competition_ranks(seals)
    players = tuple(
        PlayerResult(name, seals[name], ranks[name], _breakdown(name, seals[name], rounds))
        for name in session.players
    )
    return SessionResult(GAME, status, winner, players, tuple(rounds), session.extra)


def _check_game_open(index: int, seals: Mapping[str, int]) -> None:
    """Refuse a round played after a player already won the game."""
    for name, count in seals.items():
        if count >= SEALS_TO_WIN:
            raise InvalidRecord(
                f"rounds[{index}]",
                f"the game was over: {name} won {SEALS_TO_WIN} seals in the first {index} rounds",
            )


def _score_round(index: int, rnd: Round, players: Sequence[str]) -> dict[str, Any]:
    """One round's JSON result: winner, what decided it, and each player's totals."""
    purses = {name: _Purse() for name in players}
    _replay_sales(f"rounds[{index}]", rnd.sales, purses)
    _award_camel_token(rnd.camels, purses)
    totals = {name: purse.totals() for name, purse in purses.items()}
    winner, decided_by = _round_winner(totals)
    return {"round": index + 1, "winner": winner, "decided_by": decided_by, "players": totals}


def _replay_sales(path: str, sales: Sequence[Sale], purses: Mapping[str, _Purse]) -> None:
    """Take each sale's tokens off fresh piles into the seller's purse."""
    goods = {name: list(tokens) for name, tokens in _GOODS_PILES.items()}
    bonus = {pile: dict(tokens) for pile, tokens in _BONUS_PILES.items()}
    sold = dict.fromkeys(_DECK, 0)
    empty = 0  # goods piles emptied so far: a running count, since piles never refill
    for i, sale in enumerate(sales):
        if empty >= EMPTY_PILES_TO_END:
            raise _round_over(f"{path}.sales[{i}]", goods, i)
        name = sale.good._value_  # the plain attribute: ``Good.value`` is slow in 3.11
        if sale.cards > _DECK[name] - sold[name]:
            raise _no_such_cards(f"{path}.sales[{i}].cards", sale, sold[name])
        sold[name] += sale.cards
        pile = goods[name]
        taken = take_tokens(pile, sale.cards)
        del pile[: len(taken)]
        empty += bool(taken) and not pile
        purses[sale.player].add_goods(taken)
        pile_key = bonus_pile(sale.cards)
        if pile_key is not None:
            purses[sale.player].add_bonus(_draw_bonus(path, i, sale, pile_key, bonus[pile_key]))


def _round_over(path: str, goods: Mapping[str, list[int]], index: int) -> InvalidRecord:
    """The refusal of sale ``index`` once three goods piles are empty: the sale before ended it."""
    empty = [name for name, pile in goods.items() if not pile]
    return InvalidRecord(
        path,
        f"the round was over: sales[{index - 1}] left {len(empty)} goods piles empty "
        f"({', '.join(empty)})",
    )


def _no_such_cards(path: str, sale: Sale, sold: int) -> InvalidRecord:
    """The refusal of selling more cards of a good than the deck holds: sold cards are discarded."""
    return InvalidRecord(
        path,
        f"the deck has {CARDS[sale.good]} {sale.good.value} cards and {sold} "
        f"were sold this round, so {sale.cards} more cannot be",
    )


def _draw_bonus(
    path: str, index: int, sale: Sale, pile_key: int, pile: dict[int, int]
) -> int | None:
    """The bonus token sale ``index`` takes off ``pile``: its recorded value, None if empty."""
    if sale.bonus is not None and pile.get(sale.bonus):
        pile[sale.bonus] -= 1
        return sale.bonus
    _check_no_bonus(f"{path}.sales[{index}].bonus", sale, pile_key, pile)
    return None


def _check_no_bonus(path: str, sale: Sale, pile_key: int, pile: Mapping[int, int]) -> None:
    """A sale that takes no bonus token: refused unless both its record and its pile lack one."""
    name, left = _pile_name(pile_key), sum(pile.values())
    if sale.bonus is None:
        if left:
            raise InvalidRecord(
                path, f"a {name} sale takes a bonus token; record its value ({_describe(pile)})"
            )
        return
    if not left:
        raise InvalidRecord(path, f"the {name} bonus pile is empty; no bonus token is left")
    raise InvalidRecord(
        path, f"no {sale.bonus} left in the {name} bonus pile; it holds {_describe(pile)}"
    )


def _describe(pile: Mapping[int, int]) -> str:
    """The tokens left in a bonus pile, e.g. 'one of 1, 2, 3 left'."""
    return f"one of {', '.join(map(str, sorted(Counter(pile).elements())))} left"


def _award_camel_token(camels: Mapping[str, int], purses: Mapping[str, _Purse]) -> None:
    """The camel token to the player with strictly more camels; nobody on a tie."""
    (a, camels_a), (b, camels_b) = camels.items()
    if camels_a != camels_b:
        purses[a if camels_a > camels_b else b].camel = CAMEL_TOKEN


# The rule book's order of tie-breaks: rupees, then bonus tokens, then goods tokens (counts).
_TIE_BREAKS: Final = (
    ("rupees", "rupees"),
    ("bonus_tokens", "bonus tokens"),
    ("goods_tokens", "goods tokens"),
)


def _round_winner(totals: Mapping[str, Mapping[str, int]]) -> tuple[str | None, str]:
    """The round's winner and the criterion that decided it; (None, 'unresolved') if tied."""
    (a, ta), (b, tb) = totals.items()
    for key, label in _TIE_BREAKS:
        if ta[key] != tb[key]:
            return (a if ta[key] > tb[key] else b), label
    return None, "unresolved"


def _status(
    seals: Mapping[str, int], rounds: Sequence[Mapping[str, Any]]
) -> tuple[Status, str | None]:
    """Finished with 2 seals; an unresolved tie if the record ends on a tied round."""
    return _status_after(seals, last_tied=bool(rounds) and rounds[-1]["winner"] is None)


def _status_after(seals: Mapping[str, int], *, last_tied: bool) -> tuple[Status, str | None]:
    """``_status`` from the seals and whether the last round (if any) was tied."""
    for name, count in seals.items():
        if count >= SEALS_TO_WIN:
            return "finished", name
    if last_tied:
        return "unresolved tie", None
    return "in progress", None


def _breakdown(name: str, seals: int, rounds: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """A player's seals and round totals summed over the rounds."""
    return {"seals": seals, **_breakdown_sums(name, rounds)}


_TOTAL_KEYS: Final = ("rupees", "goods", "bonus", "camel", "bonus_tokens", "goods_tokens")
"""A round's totals per player, in the order results show them (and scoring._fast keeps)."""
BREAKDOWN_KEYS: Final = ("seals", *_TOTAL_KEYS)
"""Every key of a player's breakdown, in order (a pad gives seals and PAD_KEYS, a subset):
the CSV's ``breakdown.KEY`` columns."""


def _breakdown_sums(name: str, rounds: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """A player's round totals summed over the rounds."""
    summed = dict.fromkeys(_TOTAL_KEYS, 0)
    for rnd in rounds:
        totals = rnd["players"][name]
        for key in summed:
            summed[key] += totals[key]
    return summed


# --- one pass: a plainly valid record scored straight from its JSON ---------------------

_PLAIN_KEYS: Final = frozenset({"game", "players", "rounds", "id", "date"})
# Each goods pile's running sums: the rupees of its first k tokens is ``_PILE_SUMS[good][k]``.
_PILE_SUMS: Final = {
    name: tuple(sum(tokens[:k]) for k in range(len(tokens) + 1))
    for name, tokens in _GOODS_PILES.items()
}
_PILE_SIZE: Final = {name: len(tokens) for name, tokens in _GOODS_PILES.items()}
_BONUS_LEFT: Final = {pile: len(tokens) for pile, tokens in BONUS_TOKENS.items()}


def fast_score(record: Mapping[str, Any]) -> SessionResult | None:
    """``score(parse(record))`` in one pass over the record, when it is plainly valid: no
    added key, canonical good names, no rule broken. None otherwise, and ``parse`` and
    ``score`` then find and name the fault."""
    game = _fast_game(record)
    if game is None:
        return None
    players, seals, summaries, status, won = game
    ranks = competition_ranks(seals)
    results = tuple(
        PlayerResult(name, seals[name], ranks[name], _breakdown(name, seals[name], summaries))
        for name in players
    )
    return SessionResult(GAME, status, won, results, tuple(summaries), {})


def fast_text(record: Mapping[str, Any]) -> str | None:
    """The JSON text of ``fast_score(record).to_json()`` less its first key (``"game"``): from
    ``"status"`` to ``"record"``, each value as the library's encoder writes it, without the
    braces. None when ``fast_score`` is None. For ``score --jsonl``
    (scoring.report.result_line): the encoder took as long as the scoring. The compiled
    replay (scoring._fast) when it is built and the names are ASCII."""
    plain = _plain(record)
    if plain is None:
        return None
    players, rounds = plain
    quoted = [quote(name) for name in players]
    replayed = _rounds_text(rounds, players, quoted)
    if replayed is None:
        return None
    text, seals, sums, status, won = replayed
    ranks = competition_ranks(seals)
    people = ", ".join(
        f'{{"name": {q}, "score": {seals[name]}, "rank": {ranks[name]}, '
        f'"breakdown": {{"seals": {seals[name]}, {_totals_text(summed)}}}}}'
        for name, q, summed in zip(players, quoted, sums, strict=True)
    )
    won_text = "null" if won is None else quoted[players.index(won)]
    return (
        f'"status": "{status}", "winner": {won_text}, "players": [{people}], '
        f'"rounds": [{text}], "extra": {{}}, "record": "events"'
    )


def _rounds_text(
    rounds: list[Any], players: list[str], quoted: list[str]
) -> tuple[str, dict[str, int], list[dict[str, int]], Status, str | None] | None:
    """The rounds replayed: their summaries' JSON text, the seals, each player's summed
    totals, status and winner; None at a round that is not plainly valid."""
    if FAST is not None and all(q.isascii() for q in quoted):
        got = FAST.jaipur_rounds(rounds, players, quoted)
        if got is None:
            return None
        text, stats = got
        seals = dict(zip(players, stats[:2], strict=True))
        sums = [dict(zip(_TOTAL_KEYS, stats[i : i + 6], strict=True)) for i in (3, 9)]
        status, won = _status_after(seals, last_tied=bool(stats[2]))
        return text, seals, sums, status, won
    game = _fast_rounds(players, rounds)
    if game is None:
        return None
    seals, summaries = game
    status, won = _status(seals, summaries)
    names = dict(zip(players, quoted, strict=True))
    text = ", ".join(
        f'{{"round": {rnd["round"]}, "winner": {_name_text(rnd["winner"], names)}, '
        f'"decided_by": "{rnd["decided_by"]}", "players": {{'
        + ", ".join(f"{names[name]}: {{{_totals_text(t)}}}" for name, t in rnd["players"].items())
        + "}}"
        for rnd in summaries
    )
    return text, seals, [_breakdown_sums(name, summaries) for name in players], status, won


def _name_text(name: str | None, quoted: Mapping[str, str]) -> str:
    return "null" if name is None else quoted[name]


def _totals_text(t: Mapping[str, int]) -> str:
    """A round's (or a game's) totals as the encoder writes their dict's items."""
    return (
        f'"rupees": {t["rupees"]}, "goods": {t["goods"]}, "bonus": {t["bonus"]}, '
        f'"camel": {t["camel"]}, "bonus_tokens": {t["bonus_tokens"]}, '
        f'"goods_tokens": {t["goods_tokens"]}'
    )


def _fast_game(
    record: Mapping[str, Any],
) -> tuple[list[str], dict[str, int], list[dict[str, Any]], Status, str | None] | None:
    """Players, seals, round summaries, status and winner of a plainly valid record (as
    ``fast_score`` says), else None."""
    plain = _plain(record)
    if plain is None:
        return None
    players, rounds = plain
    game = _fast_rounds(players, rounds)
    if game is None:
        return None
    seals, summaries = game
    status, won = _status(seals, summaries)
    return players, seals, summaries, status, won


def _plain(record: Mapping[str, Any]) -> tuple[list[str], list[Any]] | None:
    """Players and rounds of a record whose envelope is plain (the checks before the replay:
    no added key, two distinct non-empty names, a list of rounds), else None."""
    if type(record) is not dict or record.get("game") != GAME or not _PLAIN_KEYS.issuperset(record):
        return None
    players, rounds = record.get("players"), record.get("rounds")
    if type(players) is not list or len(players) != PLAYERS or type(rounds) is not list:
        return None
    first, second = players
    if type(first) is not str or type(second) is not str or not first or not second:
        return None
    if first == second:
        return None
    return players, rounds


def _fast_rounds(
    players: list[str], rounds: list[Any]
) -> tuple[dict[str, int], list[dict[str, Any]]] | None:
    """Seals and round summaries of the rounds replayed, or None at the first round that is
    not plainly valid or comes after the game was won."""
    first, second = players
    seals = {first: 0, second: 0}
    summaries = []
    for number, rnd in enumerate(rounds, 1):
        if seals[first] >= SEALS_TO_WIN or seals[second] >= SEALS_TO_WIN:
            return None  # a round after the game was won
        totals = _fast_round(rnd, first, second)
        if totals is None:
            return None
        winner, decided_by = _round_winner(totals)
        if winner is not None:
            seals[winner] += 1
        summaries.append(
            {"round": number, "winner": winner, "decided_by": decided_by, "players": totals}
        )
    return seals, summaries


class _NotPlain(Exception):
    """A sale that is not plainly valid: the full path will name its fault."""


def _fast_sales(sales: Sequence[Any], purses: Mapping[str, list[int]]) -> None:
    """Add each sale's rupees and tokens to its seller's purse; _NotPlain at the first sale
    that is not plainly valid or breaks a rule of the round (``_replay_sales`` names it)."""
    taken = dict.fromkeys(_PILE_SUMS, 0)  # tokens taken off each goods pile
    stock = dict(_DECK)  # cards of each good not yet sold this round
    bonus = {pile: dict(tokens) for pile, tokens in _BONUS_PILES.items()}
    left = dict(_BONUS_LEFT)
    empty = 0
    try:
        for sale in sales:
            if type(sale) is not dict or empty >= EMPTY_PILES_TO_END or not 3 <= len(sale) <= 4:
                raise _NotPlain
            cards, name = sale["cards"], sale["good"]
            value = sale["bonus"] if len(sale) == 4 else None  # else 3 keys: no bonus
            purse, least = purses[sale["player"]], _MIN_CARDS[name]  # a str key, or no hit
            if type(cards) is not int or not least <= cards <= HAND_LIMIT or cards > stock[name]:
                raise _NotPlain
            stock[name] -= cards
            sums, start, top = _PILE_SUMS[name], taken[name], _PILE_SIZE[name]
            end = start + cards if start + cards < top else top
            taken[name] = end
            purse[0] += sums[end] - sums[start]
            purse[2] += end - start
            empty += end == top and end > start
            if cards < 3:
                if value is not None:
                    raise _NotPlain
                continue
            pile = cards if cards < 5 else 5
            if value is None:
                if left[pile]:
                    raise _NotPlain  # a bonus token the record should have named
                continue
            if type(value) is not int or not bonus[pile].get(value):
                raise _NotPlain
            bonus[pile][value] -= 1
            left[pile] -= 1
            purse[1] += value
            purse[3] += 1
    except (KeyError, TypeError):  # a missing key, an unknown or unhashable name
        raise _NotPlain from None


def _fast_round(rnd: Any, first: str, second: str) -> dict[str, dict[str, int]] | None:
    """A round's totals per player (``_Purse.totals``), or None if it is not plainly valid."""
    if type(rnd) is not dict or len(rnd) != 2:
        return None
    sales, camels = rnd.get("sales"), rnd.get("camels")
    if type(sales) is not list or type(camels) is not dict or len(camels) != PLAYERS:
        return None
    herd_a, herd_b = camels.get(first), camels.get(second)
    if type(herd_a) is not int or type(herd_b) is not int or herd_a < 0 or herd_b < 0:
        return None
    if herd_a + herd_b > CAMEL_CARDS:
        return None
    # Per player: goods rupees, bonus rupees, goods tokens, bonus tokens.
    purses = {first: [0, 0, 0, 0], second: [0, 0, 0, 0]}
    try:
        _fast_sales(sales, purses)
    except _NotPlain:
        return None
    camel = (CAMEL_TOKEN, 0) if herd_a > herd_b else (0, CAMEL_TOKEN) if herd_b > herd_a else (0, 0)
    return {
        name: {
            "rupees": goods + extra + token,
            "goods": goods,
            "bonus": extra,
            "camel": token,
            "bonus_tokens": bonus_tokens,
            "goods_tokens": goods_tokens,
        }
        for (name, (goods, extra, goods_tokens, bonus_tokens)), token in zip(
            purses.items(), camel, strict=True
        )
    }


# --- simulation ------------------------------------------------------------------------


def simulate(players: int, rng: random.Random, finished: bool = True) -> dict[str, Any]:
    """One random legal Jaipur record for 2 players, drawn from ``rng``: a finished game (a
    player won 2 seals), or with ``finished=False`` the rounds before the last of one."""
    if players != PLAYERS:
        raise ValueError(f"Jaipur is played by exactly {PLAYERS} players, not {players}")
    names = [f"P{i}" for i in range(1, players + 1)]
    record: dict[str, Any] = {"game": GAME, "players": names, "rounds": []}
    # Tied rounds award no seal, so a game may take more than 3 rounds; rarely many more.
    while score(parse(record)).status != "finished":
        record["rounds"].append(_simulate_round(names, rng))
    if not finished:
        del record["rounds"][rng.randrange(len(record["rounds"])) :]
    return record


def _simulate_round(names: Sequence[str], rng: random.Random) -> dict[str, Any]:
    """A random round: legal sales until 3 goods piles are empty or the cards run out."""
    tokens = {good: len(pile) for good, pile in GOODS_TOKENS.items()}
    cards = dict(CARDS)
    bonus = {pile: rng.sample(values, len(values)) for pile, values in BONUS_TOKENS.items()}
    sales = []
    # The deck may end the round early: a small chance after every sale.
    while sum(not n for n in tokens.values()) < EMPTY_PILES_TO_END and rng.random() > 0.02:
        sellable = [good for good in Good if cards[good] >= min_cards(good)]
        if not sellable:
            break
        sale = _simulate_sale(rng.choice(names), rng.choice(sellable), cards, bonus, rng)
        tokens[Good(sale["good"])] = max(0, tokens[Good(sale["good"])] - sale["cards"])
        sales.append(sale)
    return {"sales": sales, "camels": _simulate_camels(names, rng)}


def _simulate_sale(
    player: str,
    good: Good,
    cards: dict[Good, int],
    bonus: Mapping[int, list[int]],
    rng: random.Random,
) -> dict[str, Any]:
    """A random legal sale of ``good``, drawing its bonus token from the shuffled piles."""
    count = rng.randint(min_cards(good), min(cards[good], HAND_LIMIT, rng.choice((2, 3, 5, 7))))
    cards[good] -= count
    sale: dict[str, Any] = {"player": player, "good": good.value, "cards": count}
    pile = bonus_pile(count)
    if pile is not None and bonus[pile]:
        sale["bonus"] = bonus[pile].pop()
    return sale


def _simulate_camels(names: Sequence[str], rng: random.Random) -> dict[str, int]:
    """Random herd sizes at round end, together within the 11 camel cards."""
    first = rng.randint(0, CAMEL_CARDS)
    second = rng.randint(0, CAMEL_CARDS - first)
    counts = rng.sample([first, second], 2)
    return dict(zip(names, counts, strict=True))


def _arm_fast() -> None:
    """Give the compiled replay the rules it replays by (once, at import)."""
    if FAST is None:
        return
    goods = tuple(_GOODS_PILES)
    bonus = tuple(BONUS_TOKENS[pile] for pile in (3, 4, 5))
    least = tuple(_MIN_CARDS[good] for good in goods)
    limits = (HAND_LIMIT, EMPTY_PILES_TO_END, CAMEL_CARDS, CAMEL_TOKEN, SEALS_TO_WIN)
    deck = tuple(_DECK[good] for good in goods)
    FAST.jaipur_tables(goods, tuple(_GOODS_PILES.values()), deck, least, bonus, limits)


_arm_fast()
