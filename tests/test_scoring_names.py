"""Names as people write them: the shipped table (scoring/names.json), its lookup, the engines
using it, and docs/FORMAT.md showing the very same table."""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ubongo.scoring import jaipur, jambo, names, ubongo
from ubongo.scoring.errors import InvalidRecord

ROOT = Path(__file__).resolve().parent.parent
ENUMS: dict[str, list[str]] = {
    "jambo.ware": [w.value for w in jambo.Ware],
    "jambo.card": [c.value for c in jambo.Card],
    "jaipur.good": [g.value for g in jaipur.Good],
    "jaipur.camel": ["camel"],
    "ubongo.gem": [g.value for g in ubongo.Gem],
}
WORDS = [
    (kind, name, word)
    for kind, table in names.table().items()
    for name, languages in table.items()
    for words in languages.values()
    for word in words
]


def doc_rows(kind: str) -> list[str]:
    """The Markdown rows docs/FORMAT.md must show for ``kind``."""
    rows = []
    for name, languages in names.table()[kind].items():
        cells = [", ".join(languages.get(lang, [])) or "-" for lang in names.LANGUAGES]
        rows.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return rows


def test_the_table_names_exactly_the_engines_members() -> None:
    assert {kind: list(table) for kind, table in names.table().items()} == ENUMS


def test_no_word_stands_for_two_names() -> None:
    seen: dict[tuple[str, str], str] = {}
    for kind, name, word in WORDS:
        key = (kind, names.normalise(word))
        assert seen.setdefault(key, name) == name, (kind, word, seen[key], name)


@pytest.mark.parametrize("kind", ["jambo.ware", "jaipur.good", "jaipur.camel", "ubongo.gem"])
def test_goods_wares_and_gems_have_all_five_languages(kind: str) -> None:
    for languages in names.table()[kind].values():
        assert [lang for lang in names.LANGUAGES if languages.get(lang)] == list(names.LANGUAGES)


@pytest.mark.parametrize(
    ("kind", "word", "name"),
    [
        # the seeds' own words: 003 (French Jambo), 002 (Italian Jaipur), 001 (Spanish Ubongo)
        ("jambo.ware", "bijoux", "jewelry"),
        ("jambo.ware", "peaux de bête", "hides"),
        ("jambo.ware", "feuilles de thé", "tea"),
        ("jambo.ware", "étoffes de soie", "silk"),
        ("jambo.ware", "coupes de sel", "salt"),
        ("jambo.card", "Guepardo", "cheetah"),
        ("jambo.card", "WeiserMannausfernenLanden", "wise_man"),
        ("jambo.card", "Hauptlingsstuhl", "throne"),
        ("jaipur.good", "tessuti", "cloth"),
        ("jaipur.good", "cuoio", "leather"),
        ("jaipur.camel", "cammello", "camel"),
        ("ubongo.gem", "ambares", "amber"),
        ("ubongo.gem", "rubies", "ruby"),
        # edition words beyond the seeds
        ("jambo.ware", "Trinkets", "jewelry"),
        ("jambo.ware", "SCHMUCK", "jewelry"),
        ("jaipur.good", "fabric", "cloth"),
        ("jambo.card", "Leopard-Statue", "leopard_statue"),
    ],
)
def test_edition_words_find_the_canonical_name(kind: str, word: str, name: str) -> None:
    assert names.canonical(kind, word, "x", "thing") == name


def _strip_accents(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@given(
    entry=st.sampled_from(WORDS),
    spelling=st.sampled_from([str.upper, str.lower, str.title, _strip_accents, str.casefold]),
)
def test_any_case_and_no_accents_find_the_same_name(
    entry: tuple[str, str, str], spelling: Any
) -> None:
    """Case, accents and the separators between words never change what a word names."""
    kind, name, word = entry
    assert names.canonical(kind, spelling(word), "x", "thing") == name
    assert names.canonical(kind, word.replace(" ", "_"), "x", "thing") == name


def test_an_unknown_word_gets_did_you_mean() -> None:
    with pytest.raises(InvalidRecord) as caught:
        names.canonical("jambo.ware", "bijouz", "turns[0].events[0].buy[1]", "ware")
    assert caught.value.field == "turns[0].events[0].buy[1]"
    assert caught.value.rule == (
        "unknown ware 'bijouz' (did you mean 'bijou', jewelry?); "
        "expected one of jewelry, hides, tea, silk, fruit, salt"
    )


def test_not_a_string_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="unknown gem 3; expected one of ruby"):
        names.canonical("ubongo.gem", 3, "rounds[0].drawn[0]", "gem")


def test_jambo_takes_french_wares_and_german_cards_and_answers_in_english() -> None:
    rec = {
        "game": "jambo",
        "players": ["Ana", "Ben"],
        "turns": [
            {
                "player": "Ana",
                "actions_used": 5,
                "events": [
                    {"buy": ["Bijoux", "bijou", "Thé"], "price": 4},
                    {"gold": 2, "card": "Waffen"},
                    {"wares_out": ["the"], "to": "supply", "card": "Portugués"},
                    {"gold": 2, "card": "portugais"},
                ],
            }
        ],
    }
    line = jambo.score(jambo.parse(rec)).rounds[0]
    assert line["wares"]["Ana"] == {"jewelry": 2}
    assert [c["for"] for c in line["changes"]] == ["buy", "weapons", "portuguese"]


def test_jaipur_and_ubongo_take_edition_words() -> None:
    sale = {"player": "Ana", "good": "Tessuti", "cards": 3, "bonus": 2}
    rec = {
        "game": "jaipur",
        "players": ["Ana", "Ben"],
        "rounds": [{"sales": [sale], "camels": {"Ana": 0, "Ben": 0}}],
    }
    plain = {**rec, "rounds": [{**rec["rounds"][0], "sales": [{**sale, "good": "cloth"}]}]}
    assert jaipur.score(jaipur.parse(rec)) == jaipur.score(jaipur.parse(plain))
    camel = {**rec, "rounds": [{**rec["rounds"][0], "sales": [{**sale, "good": "Chameaux"}]}]}
    with pytest.raises(InvalidRecord, match="camels can never be sold"):
        jaipur.parse(camel)
    gems = {"game": "ubongo", "players": ["Ana", "Ben"]}
    worded = ubongo.score(
        ubongo.parse({**gems, "rounds": [{"finished": ["Ana"], "drawn": ["Rubí"]}]})
    )
    plain_gems = {**gems, "rounds": [{"finished": ["Ana"], "drawn": ["ruby"]}]}
    assert worded == ubongo.score(ubongo.parse(plain_gems))


@pytest.mark.parametrize("kind", names.KINDS)
def test_format_md_shows_the_table(kind: str) -> None:
    text = (ROOT / "docs/FORMAT.md").read_text(encoding="utf-8")
    for row in doc_rows(kind):
        assert row in text, row


def test_the_wheel_ships_the_table() -> None:
    """The table is package data: pyproject.toml must list it, or an installed wheel breaks."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "names.json" in config["tool"]["setuptools"]["package-data"]["ubongo.scoring"]
