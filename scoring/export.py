"""Scored sessions as other apps import them: a BG Stats file and BoardGameGeek play rows.

Both exports stream: each valid session becomes its text as it is scored; only the players,
games and locations met so far are kept (BG Stats refers to them by id). No I/O here: the
CLI writes the text.

Glossary
    Title     a game as the apps know it: BoardGameGeek's name, id, year and designers.
    Category  one line of a game's score sheet and a player's points on it; a player's
              categories add up to their score (``categories``).
    Play      one session in an app's words; a player's ``score`` there is text.
    RefId     BG Stats' reference from a play to a player, game or location: a small int id
              of an entry in its table (1, 2, ... in order of first appearance).
"""

from __future__ import annotations

import csv
import html
import io
import json
import urllib.parse
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ubongo.scoring.common import PlayerResult, SessionResult
from ubongo.scoring.errors import InvalidRecord
from ubongo.scoring.jambo import START_GOLD
from ubongo.scoring.records import SEATS, Outcome
from ubongo.scoring.report import Cell, inert, result_json
from ubongo.scoring.text import escape_surrogates, json_text
from ubongo.scoring.ubongo import POINTS


@dataclass(frozen=True)
class Title:
    """A game as BoardGameGeek lists it (``bgg_id`` 0 and ``year`` 0: not known to us)."""

    name: str
    bgg_id: int
    year: int
    designers: str


TITLES = {
    "ubongo": Title("Ubongo", 16986, 2003, "Grzegorz Rejchtman"),
    "jaipur": Title("Jaipur", 54043, 2009, "Sébastien Pauchon"),
    "jambo": Title("Jambo", 12002, 2004, "Rüdiger Dorn"),
    # Amul's id as BoardGameGeek's ranking lists it (/boardgame/260710/amul, 2019; a daily
    # public copy of that list, 2020-06-01); the others as we know BoardGameGeek.
    "amul": Title("Amul", 260710, 2019, "Remo Conzadori, Stefano Negro"),
}
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "ubongo-lab:score:export")
"""The namespace of every uuid an export makes: the same session always gets the same uuid."""
ABOUT = (
    "Plays exported by ubongo-lab (ubongo score --export bgstats) in the shape of a BG Stats "
    "export file: players, locations and games referred to by id from the plays."
)
DATE_RULE = "the export needs the play date as YYYY-MM-DD (a time may follow: 2024-05-01 20:30)"


def play_time(outcome: Outcome) -> datetime:
    """The session's date as a date and time (midnight when only a day is given); an
    InvalidRecord on ``date`` when it is missing or not ISO 8601.

    >>> str(play_time(Outcome("f", "s1", "jaipur", "2024-05-01T20:30", None)))
    '2024-05-01 20:30:00'
    """
    if outcome.date is None:
        raise InvalidRecord("date", f"missing; {DATE_RULE}")
    try:
        when = datetime.fromisoformat(outcome.date.strip())
    except ValueError:
        raise InvalidRecord("date", f"{DATE_RULE}, not {outcome.date!r}") from None
    return when.replace(tzinfo=None, microsecond=0)  # the wall-clock time, as the apps keep it


def location(result: SessionResult) -> str | None:
    """Where the session was played: the record's added ``location`` key when it is text."""
    place = result.extra.get("location")
    return (place.strip() or None) if isinstance(place, str) else None


def notes(result: SessionResult) -> str:
    """The record's ``notes``, the apps' comments ('' when it has none)."""
    text = result.extra.get("notes")
    return text if isinstance(text, str) else ""


def score_text(score: int | float) -> str:
    """A score as the apps keep it, as text: ``12``, ``12.5``."""
    return str(score)


def start_player(result: SessionResult, seat: int) -> bool:
    """Whether the player in ``seat`` (0-based) started: only a Jambo game's turns say so
    (its ``players[0]`` plays the first turn); pads and the other games' records do not."""
    return result.game == "jambo" and result.record == "events" and seat == 0


def _valid(outcome: Outcome) -> SessionResult:
    """The result of a valid outcome (the exports see no other)."""
    assert outcome.result is not None, "only valid sessions are exported"
    return outcome.result


def _manual_winner(result: SessionResult) -> bool:
    """Whether the winner is not simply the best score: a tie on points broken by a rule
    (Ubongo's ambers, Amul's military), so the app must not work the winner out itself."""
    best = max((p.score for p in result.players), default=0)
    return result.winner is not None and sum(p.score == best for p in result.players) > 1


# --- score categories -------------------------------------------------------------------------

Category = tuple[str, int | float]


def categories(result: SessionResult, player: PlayerResult) -> tuple[Category, ...]:
    """The player's score as the game's categories of points, which add up to it: Ubongo's
    gems by colour, Jaipur's seals by round (its score is seals, not rupees), Jambo's gold by
    cause (a pad: the gold alone), Amul's scoring groups.

    >>> from ubongo.scoring.common import PlayerResult as P, SessionResult as S
    >>> ana = P("Ana", 9, 1, {"ruby": 1, "sapphire": 1, "emerald": 1, "amber": 0})
    >>> categories(S("ubongo", "finished", "Ana", (ana,)), ana)
    (('Rubies', 4), ('Sapphires', 3), ('Emeralds', 2), ('Ambers', 0))
    """
    return _CATEGORIES[result.game](result, player)


def _gems(result: SessionResult, player: PlayerResult) -> tuple[Category, ...]:
    """Ubongo: each colour's gems at their value."""
    b = player.breakdown
    return tuple((_GEM_LABELS[g.value], b[g.value] * points) for g, points in POINTS.items())


_GEM_LABELS = {"ruby": "Rubies", "sapphire": "Sapphires", "emerald": "Emeralds", "amber": "Ambers"}


def _seals(result: SessionResult, player: PlayerResult) -> tuple[Category, ...]:
    """Jaipur: a seal for each round the player won (a round nobody won gives none)."""
    return tuple((f"Round {r['round']}", int(r["winner"] == player.name)) for r in result.rounds)


def _gold(result: SessionResult, player: PlayerResult) -> tuple[Category, ...]:
    """Jambo: the starting gold, what came in and what went out (income counts the action
    bonuses and spending the sixth-space fees, so each is taken out of them)."""
    b = player.breakdown
    if "income" not in b:  # a pad gives the final gold only
        return (("Gold", player.score),)
    return (
        ("Starting gold", START_GOLD),
        ("Income", b["income"] - b["action_bonuses"]),
        ("Action bonuses", b["action_bonuses"]),
        ("Spending", -(b["spending"] - b["sixth_space_fees"])),
        ("Sixth-space fees", -b["sixth_space_fees"]),
    )


def _prestige(result: SessionResult, player: PlayerResult) -> tuple[Category, ...]:
    """Amul: the cards, then each majority."""
    b = player.breakdown
    return (
        ("Cards", b["card_points"]),
        ("Arab majority", b["arab_majority"]),
        ("Mongol majority", b["mongol_majority"]),
    )


_CATEGORIES = {"ubongo": _gems, "jaipur": _seals, "jambo": _gold, "amul": _prestige}


# --- BG Stats ---------------------------------------------------------------------------------


class BGStats:
    """A BG Stats file, streamed: ``opening()``, then ``play(outcome)`` per valid session, then
    ``closing()`` with the tables of players, locations and games the plays refer to.

    The plays come first in the file: a JSON object's keys have no order, and so the tables,
    known only at the end, need not wait in memory with the plays.
    """

    def __init__(self) -> None:
        self.players: dict[str, _Entry] = {}
        self.locations: dict[str, _Entry] = {}
        self.games: dict[str, _Entry] = {}
        self.count = 0

    def opening(self) -> str:
        """The text before the first play."""
        return '{\n  "about": ' + json_text(ABOUT) + ',\n  "plays": ['

    def play(self, outcome: Outcome) -> str:
        """A valid session's play object (an InvalidRecord when its date cannot be read)."""
        result = _valid(outcome)
        when = play_time(outcome)
        stamp = when.strftime("%Y-%m-%d %H:%M:%S")
        place = location(result)
        game = _ref(self.games, "game", result.game, stamp)
        where = _ref(self.locations, "location", place, stamp) if place is not None else 0
        play_id = _play_uuid(outcome)
        marks = [_uuid("score", f"{play_id}\0{seat}") for seat in range(len(result.players))]
        play = {
            "uuid": play_id,
            "modificationDate": stamp,
            "entryDate": stamp,
            "playDate": stamp,
            "playDateYmd": int(when.strftime("%Y%m%d")),  # the app's day key: 20240501
            "usesTeams": False,
            "durationMin": 0,
            "ignored": result.status != "finished",  # as --summary leaves it out
            "manualWinner": _manual_winner(result),
            "rounds": len(result.rounds),
            "locationRefId": where,
            "gameRefId": game,
            "rating": 0,
            "nemestatsId": 0,
            "bggId": 0,
            "comments": notes(result),
            "scoresheet": scoresheet(result, marks),
            "playerScores": [
                {
                    "score": score_text(p.score),
                    "winner": result.winner == p.name,
                    "newPlayer": False,
                    "startPlayer": start_player(result, seat),
                    "playerRefId": _ref(self.players, "player", p.name, stamp),
                    "rank": p.rank,
                    "seatOrder": seat,  # from 0, as the app's own files count seats
                    "role": "",
                    "team": "",
                    "metaData": json_text({"scoreUuid": mark}),
                }
                for seat, (p, mark) in enumerate(zip(result.players, marks, strict=True))
            ],
        }
        self.count += 1
        lead = "," if self.count > 1 else ""
        return f"{lead}\n    {json_text(play)}"

    def closing(self) -> str:
        """The text after the last play: the tables and the user's own player."""
        tables = {
            "players": [e.player() for e in self.players.values()],
            "locations": [e.place() for e in self.locations.values()],
            "games": [e.game() for e in self.games.values()],
            "userInfo": {"meRefId": 1 if self.players else 0},
        }
        rows = [f'  "{key}": {_items(value)}' for key, value in tables.items()]
        close = "\n  ]" if self.count else "]"
        return close + ",\n" + ",\n".join(rows) + "\n}\n"


def scoresheet(result: SessionResult, marks: list[str]) -> str:
    """The play's score sheet as BG Stats' files keep it, JSON in a string: one group of
    rows, a row per category, each player's points (as text) under the ``scoreUuid`` of
    their ``playerScores`` entry, ``marks`` in seat order. Points carry their sign, so no row
    is marked ``negative``."""
    rows: dict[str, dict[str, str]] = {}
    for p, mark in zip(result.players, marks, strict=True):
        for label, points in categories(result, p):
            rows.setdefault(label, {})[mark] = score_text(points)
    group = {
        "templateId": "1",
        "repetition": 1,
        "hasSubTotal": False,
        "hideSingleGroupLabel": True,
        "isExtra": False,
        "rows": [_sheet_row(i, label, scores) for i, (label, scores) in enumerate(rows.items())],
    }
    sheet = {
        "bggId": TITLES[result.game].bgg_id,
        "version": 0,
        "langCode": "en",
        "scoreType": "bestTotalWins",
        "groups": [group],
    }
    return json_text(sheet)


def _sheet_row(index: int, label: str, scores: dict[str, str]) -> dict[str, Any]:
    """One row of a score sheet."""
    return {
        "templateId": f"row{index + 1}",
        "label": label,
        "repetition": 1,
        "repeatable": False,
        "negative": False,
        "isExtra": False,
        "scores": scores,
    }


def _items(value: Any) -> str:
    """A table as JSON text, one entry per line."""
    if not isinstance(value, list) or not value:
        return json_text(value)
    return "[\n" + ",\n".join(f"    {json_text(v)}" for v in value) + "\n  ]"


@dataclass
class _Entry:
    """A player, location or game met in the plays: its id, name and latest play date."""

    id: int
    kind: str
    name: str
    latest: str

    def common(self) -> dict[str, Any]:
        """The keys every table's entry has."""
        return {
            "uuid": _uuid(self.kind, self.name),
            "id": self.id,
            "name": self.name,
            "modificationDate": self.latest,
        }

    def player(self) -> dict[str, Any]:
        """A BG Stats player."""
        return {**self.common(), "isAnonymous": False, "bggUsername": ""}

    def place(self) -> dict[str, Any]:
        """A BG Stats location."""
        return self.common()

    def game(self) -> dict[str, Any]:
        """A BG Stats game: BoardGameGeek's facts about it."""
        title = TITLES[self.name]
        return {
            **self.common(),
            "name": title.name,
            "cooperative": False,
            "highestWins": True,
            "noPoints": False,
            "usesTeams": False,
            "bggName": title.name,
            "bggYear": title.year,
            "bggId": title.bgg_id,
            "designers": title.designers,
            "isBaseGame": 1,
            "isExpansion": 0,
            "minPlayerCount": SEATS[self.name][0],
            "maxPlayerCount": SEATS[self.name][1],
        }


def _uuid(kind: str, name: str) -> str:
    """The uuid5 of a ``kind`` of thing named ``name`` (a lone surrogate from a record, which
    UTF-8 cannot carry, hashed as its escape)."""
    text = f"{kind}\0{name}".encode("utf-8", "surrogatepass").decode("utf-8", "backslashreplace")
    return str(uuid.uuid5(NAMESPACE, text))


def _play_uuid(outcome: Outcome) -> str:
    """A play's uuid: of its result (``score --json``'s object, id included)."""
    return _uuid("play", json.dumps(result_json(outcome), sort_keys=True, ensure_ascii=False))


def _ref(table: dict[str, _Entry], kind: str, name: str, stamp: str) -> int:
    """The id of the ``kind`` named ``name`` in ``table`` (a new entry when first met), its
    latest date kept."""
    entry = table.get(name)
    if entry is None:
        entry = table[name] = _Entry(len(table) + 1, kind, name, stamp)
    entry.latest = max(entry.latest, stamp)
    return entry.id


# --- BoardGameGeek ----------------------------------------------------------------------------

BGG_COLUMNS = (
    "play",
    "date",
    "quantity",
    "length",
    "incomplete",
    "nowinstats",
    "location",
    "game",
    "objectid",
    "comments",
    "username",
    "name",
    "startposition",
    "color",
    "score",
    "new",
    "rating",
    "win",
)
"""The play attributes of BoardGameGeek's XML API2 ``plays`` (``date``, ``quantity``,
``length``, ``incomplete``, ``nowinstats``, ``location``), its item's name (``game``) and
``objectid``, its ``comments``, then each player's attributes; ``play`` is our session id,
which groups a play's rows (BGG's own play id is given by BGG when the play is logged)."""


def bgg_header() -> str:
    """The CSV header line of ``--export bgg``."""
    return _csv_line(BGG_COLUMNS)


def bgg_rows(outcome: Outcome) -> str:
    """A valid session's CSV rows, one per player (an InvalidRecord when its date cannot be
    read); text from the record is made inert for spreadsheets."""
    result = _valid(outcome)
    day = play_time(outcome).strftime("%Y-%m-%d")
    title = TITLES[result.game]
    play: list[Cell] = [outcome.id, day, 1, 0, int(result.status != "finished"), 0]
    play += [location(result) or "", title.name, title.bgg_id, notes(result)]
    return "".join(
        _csv_line([*play, "", p.name, seat, "", p.score, 0, 0, _win(result, p.name)])
        for seat, p in enumerate(result.players, 1)
    )


def _win(result: SessionResult, name: str) -> int:
    """BGG's ``win``: 1 for the winner, else 0."""
    return int(result.winner == name)


def _csv_line(cells: Iterable[Cell]) -> str:
    """One RFC 4180 line, text cells made inert (numbers stay numbers: a score of -2 is no
    formula)."""
    out = io.StringIO()
    csv.writer(out).writerow([inert(c) for c in cells])
    return out.getvalue()


# --- BG Stats create-play links ---------------------------------------------------------------

LINK_BASES = {
    "https": "https://app.bgstatsapp.com/createPlay.html?data=",
    "bgstats": "bgstats://app.bgstatsapp.com/createPlay.html?data=",
}
"""BG Stats' create-play link, on its web app and in the app's own scheme: ``data`` is one
play as URL-encoded JSON, which the app opens as a new play to check and save."""
SOURCE_NAME = "ubongo-lab"


def bgstats_play(outcome: Outcome) -> dict[str, Any]:
    """A valid session as the JSON of BG Stats' create-play link (an InvalidRecord when its
    date cannot be read): the source and its play id, date, location, comments, the game
    with its BoardGameGeek id, and each player's score, rank, winner and start."""
    result = _valid(outcome)
    title = TITLES[result.game]
    game: dict[str, Any] = {
        "name": title.name,
        "sourceGameId": result.game,
        "highestWins": True,
        "noPoints": False,
    }
    if title.bgg_id:
        game["bggId"] = title.bgg_id
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": _play_uuid(outcome),  # the export's play uuid: one play, one id
        "playDate": play_time(outcome).strftime("%Y-%m-%d %H:%M:%S"),
        "game": game,
        "players": [
            {
                "name": p.name,
                "sourcePlayerId": p.name,
                "score": p.score,
                "rank": p.rank,
                "winner": result.winner == p.name,
                "startPlayer": start_player(result, seat),
            }
            for seat, p in enumerate(result.players)
        ],
    }
    place = location(result)
    if place is not None:
        play["location"] = place
    if notes(result):
        play["comments"] = notes(result)
    if result.status != "finished":
        play["ignored"] = True
    return play


def bgstats_link(outcome: Outcome, scheme: str = "https") -> str:
    """The create-play link of a valid session: ``https`` (BG Stats' web app, which hands
    the play to the app) or ``bgstats`` (the app's own scheme)."""
    data = json.dumps(bgstats_play(outcome), ensure_ascii=False, separators=(",", ":"))
    # A lone surrogate in a name has no UTF-8 bytes to quote: JSON's own escape carries it.
    return LINK_BASES[scheme] + urllib.parse.quote(escape_surrogates(data), safe="")


def link_line(outcome: Outcome) -> str:
    """A valid session's line of ``--export bgstats-links``: its create-play link."""
    return bgstats_link(outcome) + "\n"


PAGE_STYLE = (
    "body{font:18px/1.4 system-ui,sans-serif;margin:0 auto;max-width:40em;padding:0 12px}"
    "h1{font-size:1.4em}ul{list-style:none;padding:0}"
    "a{display:block;margin:10px 0;padding:14px 12px;border:1px solid #888;border-radius:8px;"
    "text-decoration:none;overflow-wrap:anywhere}"
)
"""The page's look: one big tap target a play, wrapped (a long name never widens the page)."""


class LinksPage:
    """The page of ``--export bgstats-links --html``, streamed as ``BGStats`` is:
    ``opening()``, ``play(outcome)`` per valid session (a link to tap), ``closing()``."""

    def opening(self) -> str:
        """The text before the first play."""
        return (
            '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>Plays for BG Stats</title>\n<style>{PAGE_STYLE}</style></head>\n"
            "<body><h1>Plays for BG Stats</h1>\n"
            "<p>Tap a play to open it in BG Stats, check it and save it.</p>\n<ul>\n"
        )

    def play(self, outcome: Outcome) -> str:
        """A valid session's item (an InvalidRecord when its date cannot be read)."""
        link = html.escape(bgstats_link(outcome))
        label = html.escape(escape_surrogates(link_label(outcome)))
        return f'<li><a href="{link}">{label}</a></li>\n'

    def closing(self) -> str:
        """The text after the last play."""
        return "</ul>\n</body></html>\n"


def link_label(outcome: Outcome) -> str:
    """How a play's link reads on the page: date, game, players and scores."""
    result = _valid(outcome)
    scores = ", ".join(f"{p.name} {p.score}" for p in result.players)
    return f"{outcome.date} {TITLES[result.game].name}: {scores}"
