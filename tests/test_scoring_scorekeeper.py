"""Tried as a scorekeeper would (issue 23): three game nights typed by hand into one file, a
mistake in one of them, scored, summarised and turned into BG Stats create-play links."""

from __future__ import annotations

import json
import urllib.parse
from datetime import datetime
from typing import Any

from click.testing import CliRunner, Result

from ubongo.cli import main

# Typed by hand: pretty-printed, one record after another, edition words and "Ubongo" as the
# box says it; the second night's Jaipur pad gives rupees only (no tie needs the tokens), and
# its Jambo turn forgets that the Weapons cost an action.
NIGHTS = """\
{
  "game": "Ubongo", "id": "n1-ubongo", "date": "2026-11-06 20:00", "location": "Café Nuñez",
  "players": ["Ana", "Ben", "Cy"],
  "totals": {
    "Ana": {"rojo": 2, "azul": 3, "verde": 1, "marrón": 2},
    "Ben": {"sapphire": 2, "amber": 3, "ruby": 1},
    "Cy": {"ruby": 1, "emerald": 2}
  }
}
{
  "game": "jaipur", "id": "n2-jaipur", "date": "2026-11-13", "location": "Ben's",
  "players": ["Ana", "Ben"],
  "totals": [
    {"Ana": {"rupees": 61}, "Ben": {"rupees": 48}},
    {"Ana": {"rupees": 52}, "Ben": {"rupees": 55}},
    {"Ana": {"rupees": 70}, "Ben": {"rupees": 41}}
  ]
}
{
  "game": "jambo", "id": "n2-jambo", "date": "2026-11-13", "location": "Ben's",
  "players": ["Ben", "Cy"],
  "turns": [
    {"player": "Ben", "actions_used": 2, "events": [
      {"buy": ["té", "té", "sal"], "price": 4}, {"stand": 1}, {"gold": 2, "card": "Armas"}
    ]}
  ]
}
{
  "game": "jambo", "id": "n3-jambo", "date": "2026-11-20 21:30",
  "players": ["Cy", "Ana"], "notes": "Cy took the last turn",
  "totals": {"Cy": 63, "Ana": 63}, "ended_by": "Ana"
}
"""

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
# The create-play data fields BG Stats documents, as independent public clients send them.
PLAY_FIELDS = {
    "sourceName",
    "sourcePlayId",
    "playDate",
    "durationMin",
    "location",
    "comments",
    "ignored",
    "game",
    "players",
}
GAME_FIELDS = {"name", "bggId", "sourceGameId", "highestWins", "noPoints"}
PLAYER_FIELDS = {"name", "sourcePlayerId", "score", "winner", "rank", "startPlayer", "role"}


def score(*args: str) -> Result:
    """``ubongo score`` on the nights' file."""
    return CliRunner().invoke(main, ["score", *args, "-"], input=NIGHTS)


def decoded(link: str) -> dict[str, Any]:
    """The play a create-play link carries."""
    assert link.startswith(LINK)
    data: dict[str, Any] = json.loads(urllib.parse.unquote(link.removeprefix(LINK)))
    return data


def test_the_nights_are_scored_and_the_mistake_named_by_its_line() -> None:
    result = score("--json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "ubongo score: <stdin>:19: turns[0].actions_used: at least 3: one action per card played"
        " and per utensil used (the Guard, the Rain maker and the Dancer's ware card excepted)"
    ]
    sessions = {s["id"]: s for s in json.loads(result.stdout)}
    assert [s["valid"] for s in sessions.values()] == [True, True, False, True]
    ubongo = sessions["n1-ubongo"]
    assert [(p["name"], p["score"]) for p in ubongo["players"]] == [
        ("Ana", 2 * 4 + 3 * 3 + 2 + 2),
        ("Ben", 2 * 3 + 3 + 4),
        ("Cy", 4 + 2 * 2),
    ]
    assert sessions["n2-jaipur"]["winner"] == "Ana"  # rounds 1 and 3
    assert sessions["n3-jambo"]["winner"] == "Cy"  # equal gold: the opponent of the trigger


def test_the_nights_are_summarised() -> None:
    summary = json.loads(score("--json", "--summary").stdout)["summary"]
    assert {(r["game"], r["player"], r["won"]) for r in summary} >= {
        ("ubongo", "Ana", 1),
        ("jaipur", "Ana", 1),
        ("jambo", "Cy", 1),
    }


def test_the_nights_become_bg_stats_links_with_the_documented_fields() -> None:
    result = score("--export", "bgstats-links")
    assert result.exit_code == 1  # the mistaken record is reported and left out
    plays = [decoded(line) for line in result.stdout.splitlines()]
    assert [p["game"]["name"] for p in plays] == ["Ubongo", "Jaipur", "Jambo"]
    for play in plays:
        assert set(play) <= PLAY_FIELDS and set(play["game"]) <= GAME_FIELDS
        assert all(set(p) <= PLAYER_FIELDS for p in play["players"])
        assert play["sourceName"] == "ubongo-lab"
        datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    ubongo, jaipur, jambo = plays
    assert ubongo["game"]["bggId"] == 16986 and jaipur["game"]["bggId"] == 54043
    assert (ubongo["playDate"], ubongo["location"]) == ("2026-11-06 20:00:00", "Café Nuñez")
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in ubongo["players"]] == [
        ("Ana", 21, 1, True),
        ("Ben", 13, 2, False),
        ("Cy", 8, 3, False),
    ]
    assert [p["startPlayer"] for p in jambo["players"]] == [False, False]  # a pad does not say
    assert jambo["comments"] == "Cy took the last turn" and "location" not in jambo
    assert len({p["sourcePlayId"] for p in plays}) == 3
    again = [decoded(line) for line in score("--export", "bgstats-links").stdout.splitlines()]
    assert again == plays  # the same night, the same ids: the app does not double it
