"""``ubongo score --export bgstats|bgg``: the sessions as BG Stats and BoardGameGeek take them.

Each format is read back by a small reader of its own shape, written here and sharing no code
with ``scoring.export``, and what it reads is checked against the scorer's own results.
"""

from __future__ import annotations

import csv
import io
import json
import random
import urllib.parse
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.cli._common import writing
from ubongo.scoring import amul, common, jaipur, jambo, ubongo
from ubongo.scoring.records import Entry, Outcome, evaluate

SEATS: dict[ModuleType, tuple[int, int]] = {
    m: common.SEATS[m.GAME] for m in (amul, jaipur, jambo, ubongo)
}
BGG = {"ubongo": ("Ubongo", "16986"), "jaipur": ("Jaipur", "54043"), "jambo": ("Jambo", "12002")}
BGG["amul"] = ("Amul", "260710")  # as BoardGameGeek's ranking lists it (docs/FORMAT.md)
DATE_FORMS = ("%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S")
PLACES = ("Home", "Café Nuñez", "club", "=cmd|' /C calc'!A0")


def run(*args: str, stdin: str | None = None) -> Result:
    """``ubongo ARGS`` with stdout and stderr kept apart."""
    return CliRunner().invoke(main, list(args), input=stdin, prog_name="ubongo")


def jsonl(records: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


# --- the readers: each format's shape, read as an importing app would ------------------------


@dataclass(frozen=True)
class Seat:
    """One player's line of a play, as an app shows it."""

    name: str
    score: str
    winner: bool
    rank: int | None


@dataclass(frozen=True)
class Play:
    """One play, as an app shows it."""

    date: str
    location: str | None
    game: str
    bgg_id: str
    finished: bool
    seats: tuple[Seat, ...]


def read_bgstats(text: str) -> list[Play]:
    """The plays of a BG Stats file, every reference resolved (a KeyError when one dangles)."""
    doc = json.loads(text)
    assert isinstance(doc["about"], str) and doc["about"]
    tables = {
        key: {row["id"]: row for row in doc[key]} for key in ("players", "locations", "games")
    }
    for key, rows in tables.items():
        assert len(rows) == len(doc[key]), f"{key}: ids repeat"
        assert len({r["uuid"] for r in doc[key]}) == len(doc[key]), f"{key}: uuids repeat"
        assert len({r["name"] for r in doc[key]}) == len(doc[key]), f"{key}: names repeat"
        assert all(isinstance(i, int) and i > 0 for i in rows)
    assert len({p["uuid"] for p in doc["plays"]}) == len(doc["plays"])
    me = doc["userInfo"]["meRefId"]
    assert me in tables["players"] or (me == 0 and not doc["plays"])
    plays = []
    for play in doc["plays"]:
        datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
        game = tables["games"][play["gameRefId"]]
        where = play["locationRefId"]
        ordered = sorted(play["playerScores"], key=lambda s: s["seatOrder"])
        seats = tuple(
            Seat(tables["players"][s["playerRefId"]]["name"], s["score"], s["winner"], s["rank"])
            for s in ordered
        )
        assert all(isinstance(s.score, str) for s in seats)
        assert sheet_totals(play) == {s["metaData"]: float(s["score"]) for s in ordered}
        place = tables["locations"][where]["name"] if where else None
        name, bgg_id = game["name"], str(game["bggId"])
        plays.append(Play(play["playDate"], place, name, bgg_id, not play["ignored"], seats))
    return plays


def sheet_rows(play: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    """A play's score sheet (JSON in a string, as the app's files keep it) as each player's
    rows of (label, points), by the ``metaData`` of their ``playerScores`` entry."""
    sheet = json.loads(play["scoresheet"])
    assert sheet["scoreType"] == "bestTotalWins" and sheet["langCode"] == "en"
    owner = {json.loads(s["metaData"])["scoreUuid"]: s["metaData"] for s in play["playerScores"]}
    rows: dict[str, list[tuple[str, str]]] = {m: [] for m in owner.values()}
    for group in sheet["groups"]:
        assert not group["isExtra"]
        for row in group["rows"]:
            assert not row["negative"] and not row["isExtra"]
            for mark, points in row["scores"].items():
                rows[owner[mark]].append((row["label"], points))
    return rows


def sheet_totals(play: dict[str, Any]) -> dict[str, float]:
    """What each player's score-sheet rows add up to."""
    return {m: sum(float(p) for _, p in rows) for m, rows in sheet_rows(play).items()}


def read_bgg(text: str) -> list[Play]:
    """The plays of a BGG play CSV: consecutive rows with the same ``play`` are one play."""
    plays: list[Play] = []
    current: str | None = None
    for row in csv.DictReader(io.StringIO(text)):
        seat = Seat(_cell(row["name"]), _cell(row["score"]), row["win"] == "1", None)
        assert row["quantity"] == "1" and row["startposition"]
        if row["play"] == current:
            last = plays[-1]
            head = (last.date, last.location, last.game, last.bgg_id, last.finished)
            plays[-1] = Play(*head, (*last.seats, seat))
            continue
        current = row["play"]
        datetime.strptime(row["date"], "%Y-%m-%d")
        place = _cell(row["location"]) or None
        finished = row["incomplete"] == "0"
        plays.append(Play(row["date"], place, row["game"], row["objectid"], finished, (seat,)))
    return plays


def _cell(text: str) -> str:
    """A CSV cell as written: a leading ``'`` guards a would-be formula (OWASP's rule)."""
    return text[1:] if text.startswith("'") and text[1:2] in ("=", "+", "-", "@") else text


# --- what the scorer says ---------------------------------------------------------------------


def expected(outcome: Outcome, when: str, place: str | None, ranks: bool) -> Play:
    """A valid session as each export must show it."""
    result = outcome.result
    assert result is not None
    seats = tuple(
        Seat(p.name, str(p.score), p.name == result.winner, p.rank if ranks else None)
        for p in result.players
    )
    name, bgg_id = BGG[result.game]
    return Play(when, place, name, bgg_id, result.status == "finished", seats)


@st.composite
def nights(draw: st.DrawFn) -> list[tuple[dict[str, Any], datetime, str, str | None]]:
    """Simulated sessions of every game (finished or not), each with a date written in one of
    the ISO forms, and maybe a location and notes: (record, date, form, location)."""
    found = []
    for k in range(draw(st.integers(1, 4))):
        module = draw(st.sampled_from(sorted(SEATS, key=lambda m: m.GAME)))
        finished = module is amul or draw(st.booleans())
        rng = random.Random(draw(st.integers(0, 2**32)))
        record = module.simulate(draw(st.integers(*SEATS[module])), rng, finished)
        when = draw(st.datetimes(datetime(2000, 1, 1), datetime(2030, 12, 31)))
        form = draw(st.sampled_from(DATE_FORMS))
        place = draw(st.none() | st.sampled_from(PLACES))
        record = {"id": f"s{k}", "date": when.strftime(form), **record}
        if place is not None:
            record["location"] = place
        if draw(st.booleans()):
            record["notes"] = "a good night"
        found.append((record, when, form, place))
    return found


def _stamp(when: datetime, form: str, day_only: bool) -> str:
    """The play date an export must write for a date written as ``form``."""
    written = datetime.strptime(when.strftime(form), form)  # what the record could say
    return written.strftime("%Y-%m-%d" if day_only else "%Y-%m-%d %H:%M:%S")


@settings(max_examples=30, deadline=None)
@given(nights())
def test_bgstats_round_trip_over_simulated_sessions_of_every_game(
    night: list[tuple[dict[str, Any], datetime, str, str | None]],
) -> None:
    records = [r for r, *_ in night]
    done = run("score", "--export", "bgstats", "-", stdin=jsonl(records))
    assert done.exit_code == 0, done.stderr
    plays = read_bgstats(done.stdout)
    outcomes = [evaluate(Entry(f"<stdin>:{i}", r)) for i, r in enumerate(records, 1)]
    assert plays == [
        expected(o, _stamp(when, form, False), place, ranks=True)
        for o, (_, when, form, place) in zip(outcomes, night, strict=True)
        if o is not None
    ]
    doc = json.loads(done.stdout)
    names = {n for r in outcomes if r and r.result for n in (p.name for p in r.result.players)}
    assert {p["name"] for p in doc["players"]} == names  # merged by name across plays
    assert all(p["comments"] in ("", "a good night") for p in doc["plays"])


@settings(max_examples=30, deadline=None)
@given(nights())
def test_bgg_round_trip_over_simulated_sessions_of_every_game(
    night: list[tuple[dict[str, Any], datetime, str, str | None]],
) -> None:
    records = [r for r, *_ in night]
    done = run("score", "--export", "bgg", "-", stdin=jsonl(records))
    assert done.exit_code == 0, done.stderr
    outcomes = [evaluate(Entry(f"<stdin>:{i}", r)) for i, r in enumerate(records, 1)]
    assert read_bgg(done.stdout) == [
        expected(o, _stamp(when, form, True), place, ranks=False)
        for o, (_, when, form, place) in zip(outcomes, night, strict=True)
        if o is not None
    ]


# --- by hand ----------------------------------------------------------------------------------

TIED = {
    "game": "ubongo",
    "id": "tie",
    "date": "2024-05-01",
    "location": "Home",
    "players": ["Ana", "Ben", "Cy"],
    # Ana and Ben each first once and second once (a sapphire, an amber, two emeralds drawn),
    # Cy third once: 8, 8 and 1 points.
    "totals": {
        "Ana": {"sapphire": 1, "amber": 1, "emerald": 2},
        "Ben": {"sapphire": 1, "amber": 1, "emerald": 2},
        "Cy": {"amber": 1},
    },
}


def test_a_tie_shares_a_rank_and_has_no_winner() -> None:
    """Ubongo rule book: a tie for first needs the extra round; unrecorded, nobody has won."""
    plays = read_bgstats(run("score", "--export", "bgstats", "-", stdin=jsonl([TIED])).stdout)
    assert plays[0].seats == (
        Seat("Ana", "8", False, 1),
        Seat("Ben", "8", False, 1),
        Seat("Cy", "1", False, 3),
    )
    assert not plays[0].finished  # an unresolved tie is left out of the app's statistics


def test_a_tie_broken_by_a_rule_is_a_manual_winner() -> None:
    """The app would not know who won a tie on points: the rules' winner is marked by hand."""
    broken = {**TIED, "tiebreak": "Ben"}
    doc = json.loads(run("score", "--export", "bgstats", "-", stdin=jsonl([broken, TIED])).stdout)
    assert [p["manualWinner"] for p in doc["plays"]] == [True, False]
    assert [s["winner"] for s in doc["plays"][0]["playerScores"]] == [False, True, False]


def test_bgstats_plays_carry_the_day_key_seats_from_0_and_jambo_s_start_player() -> None:
    """As the app's own files: ``playDateYmd`` the day as a number (a public reader of BG
    Stats files fails without it), ``seatOrder`` from 0; only a Jambo game's turns say who
    started (``players[0]`` plays the first turn)."""
    game = {**jambo.simulate(2, random.Random(3)), "date": "2024-05-01 20:30"}
    doc = json.loads(run("score", "--export", "bgstats", "-", stdin=jsonl([game, TIED])).stdout)
    first, tie = doc["plays"]
    assert (first["playDateYmd"], tie["playDateYmd"]) == (20240501, 20240501)
    assert [s["seatOrder"] for s in tie["playerScores"]] == [0, 1, 2]
    assert [s["startPlayer"] for s in first["playerScores"]] == [True, False]
    assert [s["startPlayer"] for s in tie["playerScores"]] == [False, False, False]
    (link, _) = run(
        "score", "--export", "bgstats-links", "-", stdin=jsonl([game, TIED])
    ).stdout.split("\n", 1)
    base = "https://app.bgstatsapp.com/createPlay.html?data="
    play = json.loads(urllib.parse.unquote(link.removeprefix(base)))
    assert link.startswith(base) and play["sourcePlayId"] == first["uuid"]
    assert [p["startPlayer"] for p in play["players"]] == [True, False]
    assert play["game"] == {
        "name": "Jambo",
        "sourceGameId": "jambo",
        "highestWins": True,
        "noPoints": False,
        "bggId": 12002,
    }


def test_exports_are_reproducible_and_uuids_follow_the_content() -> None:
    stdin = run("simulate", "jaipur", "-p", "2", "--seed", "3", "-n", "3").stdout
    dated = "".join(
        json.dumps({**json.loads(line), "date": "2024-05-01"}) + "\n" for line in stdin.splitlines()
    )
    first = run("score", "--export", "bgstats", "-", stdin=dated).stdout
    assert first == run("score", "--export", "bgstats", "-", stdin=dated).stdout
    moved = "".join(reversed(dated.splitlines(keepends=True)))
    again = json.loads(run("score", "--export", "bgstats", "-", stdin=moved).stdout)
    assert {p["uuid"] for p in again["plays"]} == {p["uuid"] for p in json.loads(first)["plays"]}


def test_a_session_without_a_readable_date_is_reported_and_the_rest_exported() -> None:
    good = {**TIED, "id": "good", "tiebreak": "Ana"}
    undated = {k: v for k, v in good.items() if k != "date"} | {"id": "undated"}
    vague = {**good, "id": "vague", "date": "last Friday"}
    bad = {**good, "id": "bad", "totals": {"Ana": {"opal": 1}, "Ben": {}, "Cy": {}}}
    stdin = jsonl([undated, good, vague, bad])
    for kind in ("bgstats", "bgg"):
        done = run("score", "--export", kind, "-", stdin=stdin)
        assert done.exit_code == 1
        assert done.stderr.splitlines() == [
            "ubongo score: <stdin>:1: date: missing; the export needs the play date as "
            "YYYY-MM-DD (a time may follow: 2024-05-01 20:30)",
            "ubongo score: <stdin>:3: date: the export needs the play date as YYYY-MM-DD "
            "(a time may follow: 2024-05-01 20:30), not 'last Friday'",
            "ubongo score: <stdin>:4: totals.Ana.opal: unknown gem 'opal'; expected one of "
            "ruby, sapphire, emerald, amber",
        ]
        reader = read_bgstats if kind == "bgstats" else read_bgg
        assert [p.seats[0].winner for p in reader(done.stdout)] == [True]


def test_output_file_is_written_whole_and_stdout_is_the_default(tmp_path: Path) -> None:
    out = tmp_path / "plays.csv"
    out.write_text("old\n")
    stdin = jsonl([{**TIED, "tiebreak": "Ana"}])
    done = run("score", "--export", "bgg", "-o", str(out), "-", stdin=stdin)
    assert done.exit_code == 0 and done.stdout == ""
    assert out.read_text() == run("score", "--export", "bgg", "-", stdin=stdin).stdout
    assert [p.location for p in read_bgg(out.read_text())] == ["Home"]
    missing = run(
        "score", "--export", "bgg", "-o", str(tmp_path / "no" / "x.csv"), "-", stdin=stdin
    )
    assert missing.exit_code == 1
    assert (
        missing.stderr
        == f"ubongo score: {tmp_path}/no/x.csv: folder {tmp_path}/no does not exist\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plays.csv"]  # no temporary left


def test_an_empty_export_is_still_a_file_of_the_shape() -> None:
    doc = json.loads(run("score", "--export", "bgstats", "-", stdin="").stdout)
    assert doc["plays"] == [] and doc["players"] == [] and doc["userInfo"] == {"meRefId": 0}
    assert run("score", "--export", "bgg", "-", stdin="").stdout.startswith("play,date,")


def test_export_is_exclusive_with_the_other_forms_and_the_summary() -> None:
    for flags in (["--json"], ["--jsonl"], ["--csv"], ["--summary"], ["--by", "date"]):
        done = run("score", "--export", "bgg", *flags, "-", stdin="")
        assert done.exit_code == 2 and done.stdout == "", flags


def test_a_stream_cut_short_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    """``-o`` replaces the file only when the whole output is written (Ctrl-C, a crash)."""
    out = tmp_path / "plays.json"
    out.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), writing(str(out)) as write:
        write("half a file")
        raise KeyboardInterrupt
    assert out.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["plays.json"]
    with writing(str(out)) as write:
        for part in ("new ", "\udcff", "\n"):  # a lone surrogate is written as its escape
            write(part)
    assert out.read_text() == "new \\udcff\n"


def test_a_negative_score_stays_a_number_and_a_formula_like_name_is_made_inert() -> None:
    """Amul prestige can be negative (cards of -2 points): BGG must read -2, not '-2."""
    cards = {"-Ana": -2, "Ben": 3, "Cy": 1}
    record = {
        "game": "amul",
        "id": "neg",
        "date": "2024-05-01",
        "players": [
            {"name": n, "cards": [{"name": f"c{n}", "points": v}]} for n, v in cards.items()
        ],
    }
    rows = list(
        csv.reader(io.StringIO(run("score", "--export", "bgg", "-", stdin=jsonl([record])).stdout))
    )
    assert [(r[11], r[14], r[17]) for r in rows[1:]] == [
        ("'-Ana", "-2", "0"),
        ("Ben", "3", "1"),
        ("Cy", "1", "0"),
    ]
    doc = json.loads(run("score", "--export", "bgstats", "-", stdin=jsonl([record])).stdout)
    assert [s["score"] for s in doc["plays"][0]["playerScores"]] == ["-2", "3", "1"]
    assert doc["players"][0]["name"] == "-Ana"  # JSON needs no guard


def test_a_name_utf8_cannot_carry_is_exported_escaped_never_a_traceback() -> None:
    """A JSON file may hold a lone surrogate ("\\udcff") or a line separator in a name."""
    odd = {
        "game": "jambo",
        "date": "2024-05-01",
        "location": "X\udcff",
        "players": ["A\udcff", "B\u2028"],
        "totals": {"A\udcff": 61, "B\u2028": 3},
    }
    text = json.dumps(odd) + "\n"  # ASCII, with the escapes as a file would hold them
    done = run("score", "--export", "bgstats", "-", stdin=text)
    assert done.exit_code == 0, done.stderr
    doc = json.loads(done.stdout)
    assert [p["name"] for p in doc["players"]] == ["A\udcff", "B\u2028"]
    assert doc["locations"][0]["name"] == "X\udcff"
    rows = read_bgg(run("score", "--export", "bgg", "-", stdin=text).stdout)
    assert [s.name for s in rows[0].seats] == ["A\\udcff", "B\u2028"]


def test_a_page_of_links_to_tap_escapes_what_the_records_say() -> None:
    """The page of links: each play one item, its label and link escaped (a name is text)."""
    from ubongo.scoring.export import LinksPage, bgstats_link

    record = {**TIED, "players": ["<b>Ana</b>", "Ben & Co", "Cy"]}
    record["totals"] = dict(zip(record["players"], TIED["totals"].values(), strict=True))
    outcome = evaluate(Entry("night.jsonl:1", record))
    assert outcome is not None and outcome.valid
    link = bgstats_link(outcome, "bgstats")
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=%7B")
    page = LinksPage()
    text = page.opening() + page.play(outcome) + page.closing()
    assert text.count("<li>") == 1 and "<b>Ana" not in text and "&lt;b&gt;Ana" in text
    assert "Ben &amp; Co" in text and f'href="{bgstats_link(outcome)}"' in text


def page_links(html_text: str) -> list[tuple[str, str]]:
    """The (label, link) of each item of a page of links, read with the standard parser."""
    from html.parser import HTMLParser

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[str, str]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "a":
                self.found.append(("", dict(attrs)["href"] or ""))

        def handle_data(self, data: str) -> None:
            if self.found and self.lasttag == "a" and not self.found[-1][0]:
                self.found[-1] = (data, self.found[-1][1])

    reader = Links()
    reader.feed(html_text)
    return reader.found


def test_html_writes_the_links_as_a_page_atomically_and_reports_as_the_lines(
    tmp_path: Path,
) -> None:
    """``--html FILE``: the same links as the lines, one item a play, the file written whole
    (bad records reported and left out, as ever); a missing folder writes nothing."""
    good = {**TIED, "id": "good", "tiebreak": "Ana"}
    undated = {k: v for k, v in good.items() if k != "date"} | {"id": "undated"}
    stdin = jsonl([good, undated, {**good, "id": "again", "location": "<club>"}])
    lines = run("score", "--export", "bgstats-links", "-", stdin=stdin)
    out = tmp_path / "plays.html"
    out.write_text("old\n")
    done = run("score", "--export", "bgstats-links", "--html", str(out), "-", stdin=stdin)
    assert (done.exit_code, done.stdout, done.stderr) == (1, "", lines.stderr)
    found = page_links(out.read_text())
    assert [link for _, link in found] == lines.stdout.splitlines()
    assert all(label.startswith(f"{TIED['date']} Ubongo: Ana ") for label, _ in found)
    missing = tmp_path / "no" / "p.html"
    done = run("score", "--export", "bgstats-links", "--html", str(missing), "-", stdin=stdin)
    assert done.exit_code == 1 and done.stderr.endswith("does not exist\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plays.html"]


def test_html_needs_the_links_export_and_no_other_output(tmp_path: Path) -> None:
    page = str(tmp_path / "p.html")
    for flags in ([], ["--export", "bgstats"], ["--export", "bgstats-links", "-o", "x"]):
        done = run("score", *flags, "--html", page, "-", stdin="")
        assert done.exit_code == 2 and done.stdout == "", flags
    assert list(tmp_path.iterdir()) == []


def test_a_name_utf8_cannot_carry_makes_a_link_and_a_page_never_a_traceback(
    tmp_path: Path,
) -> None:
    """A lone surrogate travels in the link as JSON's own escape of it."""
    odd = {"game": "jambo", "date": "2024-05-01", "players": ["A\udcff", "B"]}
    odd["totals"] = {"A\udcff": 61, "B": 3}
    done = run("score", "--export", "bgstats-links", "-", stdin=json.dumps(odd) + "\n")
    assert done.exit_code == 0, done.stderr
    data = done.stdout.strip().split("?data=", 1)[1]
    players = json.loads(urllib.parse.unquote(data))["players"]
    assert [p["name"] for p in players] == ["A\udcff", "B"]
    page = tmp_path / "p.html"
    done = run(
        "score", "--export", "bgstats-links", "--html", str(page), "-", stdin=json.dumps(odd)
    )
    assert done.exit_code == 0 and "A\\udcff 61" in page.read_text()


# --- score sheets: each player's categories of points -----------------------------------------


def sheets(records: list[dict[str, Any]]) -> list[dict[str, list[tuple[str, str]]]]:
    """Each exported play's score-sheet rows, by player name."""
    doc = json.loads(run("score", "--export", "bgstats", "-", stdin=jsonl(records)).stdout)
    names = {p["id"]: p["name"] for p in doc["players"]}
    found = []
    for play in doc["plays"]:
        rows = sheet_rows(play)
        found.append({names[s["playerRefId"]]: rows[s["metaData"]] for s in play["playerScores"]})
    return found


def test_score_sheets_carry_each_game_s_categories_of_points() -> None:
    """Ubongo's gems at the rule book's values (ruby 4, sapphire 3, emerald 2, amber 1), a
    Jaipur pad's seals by round (the game's score is seals: rupees would not add up to it),
    a Jambo pad's gold alone, Amul's cards and majorities."""
    jaipur_pad = {"game": "jaipur", "date": "2024-05-01", "players": ["Ana", "Ben"]}
    jaipur_pad["totals"] = [
        {"Ana": {"rupees": 61}, "Ben": {"rupees": 48}},
        {"Ana": {"rupees": 52}, "Ben": {"rupees": 55}},
        {"Ana": {"rupees": 70}, "Ben": {"rupees": 41}},
    ]
    jambo_pad = {"game": "jambo", "date": "2024-05-01", "players": ["Ana", "Cy"]}
    jambo_pad["totals"] = {"Ana": 61, "Cy": 58}
    amul_game = {**amul.simulate(3, random.Random(2), True), "date": "2024-05-01"}
    ubongo_, jaipur_, jambo_, amul_ = sheets([TIED, jaipur_pad, jambo_pad, amul_game])
    gems = ["Rubies", "Sapphires", "Emeralds", "Ambers"]
    assert ubongo_["Ana"] == list(zip(gems, ["0", "3", "4", "1"], strict=True))
    assert ubongo_["Cy"] == list(zip(gems, ["0", "0", "0", "1"], strict=True))
    rounds = ["Round 1", "Round 2", "Round 3"]
    assert jaipur_["Ana"] == list(zip(rounds, ["1", "0", "1"], strict=True))
    assert jaipur_["Ben"] == list(zip(rounds, ["0", "1", "0"], strict=True))
    assert jambo_ == {"Ana": [("Gold", "61")], "Cy": [("Gold", "58")]}
    result = evaluate(Entry("x", amul_game))
    assert result is not None and result.result is not None
    for p in result.result.players:
        b = p.breakdown
        points = [str(b[k]) for k in ("card_points", "arab_majority", "mongol_majority")]
        labels = ["Cards", "Arab majority", "Mongol majority"]
        assert amul_[p.name] == list(zip(labels, points, strict=True))


SIXTH = "the large stand's sixth space"


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_jambo_gold_by_cause_is_the_turns_gold_changes_summed(seed: int, finished: bool) -> None:
    """Jambo's categories against the turns' own list of gold changes (not the purse's sums
    the export reads): the starting 20, then each change by what it was for."""
    record = {**jambo.simulate(2, random.Random(seed), finished), "date": "2024-05-01"}
    outcome = evaluate(Entry("x", record))
    assert outcome is not None and outcome.result is not None
    changes = [c for turn in outcome.result.rounds for c in turn["changes"]]
    (rows,) = sheets([record])
    for name in record["players"]:
        mine = [c for c in changes if c["player"] == name]
        bonus = sum(c["gold"] for c in mine if c["for"] == "action bonus")
        fees = sum(c["gold"] for c in mine if c["for"] == SIXTH)
        other = [c["gold"] for c in mine if c["for"] not in ("action bonus", SIXTH)]
        expect = [20, sum(g for g in other if g > 0), bonus, sum(g for g in other if g < 0), fees]
        labels = ["Starting gold", "Income", "Action bonuses", "Spending", "Sixth-space fees"]
        assert rows[name] == list(zip(labels, map(str, expect), strict=True))


def test_the_export_module_s_examples_hold() -> None:
    import doctest

    from ubongo.scoring import export

    outcome = doctest.testmod(export)
    assert outcome.attempted >= 2 and outcome.failed == 0
