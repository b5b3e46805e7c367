"""Tried as a scorekeeper would (issue 23): three game nights typed by hand into one file, a
mistake in one of them, scored, summarised and turned into BG Stats create-play links."""

from __future__ import annotations

import html
import json
import re
import urllib.parse
from datetime import datetime
from pathlib import Path
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
# The create-play data as BG Stats' page "Push plays to BG Stats from other apps or websites"
# documents it (its example, with each field's type), and independent public clients send it.
PLAY_FIELDS = {
    "sourceName": str,
    "sourcePlayId": str,
    "playDate": str,
    "board": str,
    "durationMin": int,
    "location": str,
    "comments": str,
    "game": dict,
    "players": list,
}
GAME_FIELDS = {
    "name": str,
    "bggId": int,
    "sourceGameId": str,
    "highestWins": bool,
    "noPoints": bool,
}
PLAYER_FIELDS = {
    "name": str,
    "sourcePlayerId": str,
    "score": (int, float),
    "winner": bool,
    "rank": int,
    "startPlayer": bool,
    "role": str,
}
BEYOND = {"ignored": bool}  # ours: an unfinished game kept out of the app's statistics


def documented(data: dict[str, Any], fields: dict[str, Any]) -> bool:
    """Whether every key of ``data`` is one of ``fields`` with a value of its type."""
    return all(k in fields and isinstance(v, fields[k]) for k, v in data.items())


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
        assert documented(play, PLAY_FIELDS | BEYOND) and documented(play["game"], GAME_FIELDS)
        assert all(documented(p, PLAYER_FIELDS) for p in play["players"])
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


def test_the_nights_become_a_page_to_tap_with_the_same_links(tmp_path: Path) -> None:
    """``--html``: the page's links are the lines' links, labelled by date, game and scores."""
    page = tmp_path / "nights.html"
    result = score("--export", "bgstats-links", "--html", str(page))
    assert result.exit_code == 1 and result.stdout == ""
    found = re.findall(r'<a href="([^"]*)">([^<]*)</a>', page.read_text())
    lines = score("--export", "bgstats-links").stdout.splitlines()
    assert [html.unescape(link) for link, _ in found] == lines
    assert [html.unescape(label) for _, label in found] == [
        "2026-11-06 20:00 Ubongo: Ana 21, Ben 13, Cy 8",
        "2026-11-13 Jaipur: Ana 2, Ben 1",
        "2026-11-20 21:30 Jambo: Cy 63, Ana 63",
    ]


def test_the_nights_bg_stats_file_holds_each_player_s_score_sheet() -> None:
    """The BG Stats file: Ana's Ubongo gems by colour, the Jaipur pad's seals by round."""
    doc = json.loads(score("--export", "bgstats").stdout)
    names = {p["id"]: p["name"] for p in doc["players"]}
    ubongo, jaipur, _ = doc["plays"]
    sheets = []
    for play in (ubongo, jaipur):
        rows = json.loads(play["scoresheet"])["groups"][0]["rows"]
        seats = play["playerScores"]
        mark = {json.loads(s["metaData"])["scoreUuid"]: names[s["playerRefId"]] for s in seats}
        sheets.append({(r["label"], mark[m]): v for r in rows for m, v in r["scores"].items()})
    assert [sheets[0][gem, "Ana"] for gem in ("Rubies", "Sapphires", "Emeralds", "Ambers")] == [
        "8", "9", "2", "2",
    ]  # fmt: skip
    assert [sheets[1][f"Round {k}", "Ben"] for k in (1, 2, 3)] == ["0", "1", "0"]
