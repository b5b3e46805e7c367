"""The daily puzzle's pools and picks (generator/daily.py): classes by measured effort, bounds
held to the standard set's distribution, one puzzle of each class for every date."""

from __future__ import annotations

import datetime
import doctest
import json
import re
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo
from ubongo.generator import daily
from ubongo.generator.daily import BOUNDS, CLASSES, Daily, Key, Rated, class_of, classes, pick, rate
from ubongo.puzzles import PuzzleSet, bundled, parse_set
from ubongo.solver.engine import solutions


@cache
def standard() -> list[Rated]:
    ps = bundled("standard")
    return rate(ps, ((c.template, c.side, c.face) for c in ps.combinations()))


@cache
def pools() -> Daily:
    found = classes(standard())
    assert found is not None
    return found


def test_the_docstring_examples() -> None:
    assert doctest.testmod(daily).failed == 0


def test_bounds_cut_the_standard_set_in_thirds() -> None:
    """Each class holds a quarter to two fifths of the standard set (now 165, 137, 130 of
    432), and the bounds lie between the scores at a quarter and at two fifths, two thirds
    and three quarters of the ranking."""
    scores = sorted(r.score for r in standard())
    n = len(scores)
    assert n == 432
    sizes = [sum(class_of(s) == c for s in scores) for c in CLASSES]
    assert all(n / 4 <= k <= 2 * n / 5 for k in sizes), sizes
    assert scores[n // 4] <= BOUNDS[0] <= scores[2 * n // 5]
    assert scores[2 * n // 3 - 1] <= BOUNDS[1] <= scores[3 * n // 4]
    assert not pools().relative


def test_rated_tilings_are_the_page_listing() -> None:
    """The tiling count measured by the effort search is the number the page lists."""
    ps = bundled("sample")
    for r, c in zip(
        rate(ps, ((c.template, c.side, c.face) for c in ps.combinations())),
        ps.combinations(),
        strict=True,
    ):
        assert r.key == (c.template, c.side, c.face)
        assert r.tilings == sum(1 for _ in solutions(c.puzzle, engine="bitboard"))


def test_classes_rank_by_score() -> None:
    """Every easy puzzle scores at most every medium one, which scores at most every hard one."""
    got = pools()
    score = {r.key: r.score for r in standard()}
    for lower, upper in zip(CLASSES, CLASSES[1:], strict=False):
        assert max(score[k] for k in got.pools[lower]) <= min(score[k] for k in got.pools[upper])


def test_a_set_of_easy_puzzles_is_cut_in_thirds_of_its_own_ranking() -> None:
    rated = [Rated(("t", "easy", str(i)), nodes=3 + i % 4, tilings=1) for i in range(10)]
    got = classes(rated)
    assert got is not None and got.relative
    assert [len(got.pools[c]) for c in CLASSES] == [3, 3, 4]
    score = {r.key: r.score for r in rated}
    assert max(score[k] for k in got.pools["easy"]) <= min(score[k] for k in got.pools["medium"])
    assert sorted(k for p in got.pools.values() for k in p) == sorted(r.key for r in rated)
    assert classes(rated[:2]) is None


def test_the_page_carries_the_pools() -> None:
    """The 2D page's data holds the pools; a 3D page has no daily puzzle."""

    def data(name: str | PuzzleSet) -> dict[str, object]:
        html = ubongo.page(name).html
        text = re.search(r'id="ubongo-data">(.*?)</script>', html)
        assert text is not None
        found: dict[str, object] = json.loads(text.group(1))
        return found

    got = data("standard")["daily"]
    assert got == {
        "classes": list(CLASSES),
        "pools": {c: [list(k) for k in pools().pools[c]] for c in CLASSES},
        "relative": False,
    }
    assert "daily" not in data("standard-3d")
    two = {
        "format": "ubongo-puzzle-set",
        "version": 1,
        "name": "two",
        "die": ["x", "y"],
        "templates": [
            {"id": "1", "easy": {"figure": ["###", "##."], "combos": [["I2", "I3"], ["I2", "L3"]]}}
        ],
    }
    assert "daily" not in data(parse_set(two))  # fewer puzzles than classes: no daily puzzle


dates = st.dates(min_value=datetime.date(1, 1, 1), max_value=datetime.date(9999, 12, 31))


@settings(max_examples=300)
@given(dates, st.sampled_from(CLASSES))
def test_every_date_picks_a_puzzle_of_each_class(day: datetime.date, cls: str) -> None:
    pool = pools().pools[cls]
    got = pick(pool, day, cls)
    assert got in pool
    assert pick(pool, day, cls) == got  # deterministic


@settings(max_examples=100)
@given(dates, st.sampled_from(CLASSES), st.randoms(use_true_random=False))
def test_a_pick_depends_on_no_order_and_survives_others_leaving(
    day: datetime.date, cls: str, rng: object
) -> None:
    """Rendezvous hashing: the pool's order does not matter, and removing puzzles other than
    the pick leaves the pick (so links stay good across pages of a slightly changed set)."""
    import random

    assert isinstance(rng, random.Random)
    pool = list(pools().pools[cls])
    got = pick(pool, day, cls)
    rng.shuffle(pool)
    assert pick(pool, day, cls) == got
    kept: list[Key] = [k for k in pool if k == got or rng.random() < 0.5]
    assert pick(kept, day, cls) == got


def test_days_spread_over_the_pool() -> None:
    """A year of days picks many puzzles of each class, none more than a few times."""
    start = datetime.date(2026, 1, 1)
    for cls in CLASSES:
        pool = pools().pools[cls]
        days = [pick(pool, start + datetime.timedelta(days=i), cls) for i in range(365)]
        counts = [days.count(k) for k in set(days)]
        assert len(counts) > len(pool) // 2 and max(counts) <= 10, (cls, len(counts), max(counts))
