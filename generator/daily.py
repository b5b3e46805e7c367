"""The daily puzzle of a set's page: its combinations in three difficulty classes, and the one
a calendar day picks in each class, the same for everyone and worked out offline.

Glossary
    score   a combination's nodes per tiling: nodes of the most-constrained-cell search for
            every tiling (``generator.effort``) over its tiling count, the dead ends a search
            meets per tiling it finds. Few tilings and many dead ends make it high.
    class   ``easy``, ``medium`` or ``hard`` (``CLASSES``): a score of at most ``BOUNDS[0]``,
            at most ``BOUNDS[1]``, or above; when a set leaves a class empty, thirds of the
            set's own combinations ranked by score instead (``Daily.relative``).
    pool    the combinations of one class, as ``(template, side, face)`` keys.
    pick    rendezvous (highest random weight) hashing: of a pool, the combination whose
            ``weight(day|class|template|side|face)`` is greatest. Adding or removing one
            combination changes only the days it wins, so links stay good across pages made
            from a slightly changed set. ``render/daily.js`` computes the same in the page.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ubongo.generator.effort import search
from ubongo.puzzles.sets import PuzzleSet

Key = tuple[str, str, str]
"""A combination as the game names it: template, side, die face."""

CLASSES = ("easy", "medium", "hard")

BOUNDS = (7.0, 11.0)
"""Scores closing the easy and the medium class: the bundled standard set's thirds, rounded
(its 432 combinations score 6.8 and 11.0 at a third and two thirds; 165, 137 and 130 in the
classes)."""

_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Rated:
    """A combination's measured effort: search nodes and tiling count."""

    key: Key
    nodes: int
    tilings: int

    @property
    def score(self) -> float:
        """Nodes per tiling (the class measure)."""
        return self.nodes / self.tilings


@dataclass(frozen=True)
class Daily:
    """The pools of a set, per class; ``relative`` when they are thirds of the set's own
    ranking because the bounds left a class empty."""

    pools: Mapping[str, tuple[Key, ...]]
    relative: bool


def rate(
    ps: PuzzleSet,
    keys: Iterable[Key],
    timeout: Callable[[], float | None] | None = None,
) -> list[Rated]:
    """The effort of each combination of ``keys`` (in set order) that has a tiling."""
    wanted = set(keys)
    left = timeout or (lambda: None)  # seconds left of a whole run, asked before each search
    out = []
    for c in ps.combinations():
        key = (c.template, c.side, c.face)
        if key in wanted:
            nodes, tilings = search(c.puzzle.figure, c.puzzle.pieces, left())
            if tilings:
                out.append(Rated(key, nodes, tilings))
    return out


def class_of(score: float) -> str:
    """The class of a score by ``BOUNDS``."""
    return CLASSES[sum(score > b for b in BOUNDS)]


def classes(rated: Sequence[Rated]) -> Daily | None:
    """The pools of rated combinations by ``BOUNDS``, or by thirds of their ranking when a
    class would be empty; None for fewer combinations than classes."""
    if len(rated) < len(CLASSES):
        return None
    by = {c: tuple(r.key for r in rated if class_of(r.score) == c) for c in CLASSES}
    if all(by.values()):
        return Daily(by, relative=False)
    ranked = sorted(range(len(rated)), key=lambda i: (rated[i].score, i))
    n = len(CLASSES)
    thirds = {
        c: tuple(
            rated[i].key for i in sorted(ranked[k * len(rated) // n : (k + 1) * len(rated) // n])
        )
        for k, c in enumerate(CLASSES)
    }
    return Daily(thirds, relative=True)


def weight(text: str) -> int:
    """A 32-bit hash of text: FNV-1a over its UTF-8 bytes, then MurmurHash3's finaliser (which
    spreads FNV's weak low bits); ``render/daily.js`` has the same.

    >>> weight(""), weight("2026-11-29|hard|01|hard|3")
    (2872998923, 199018913)
    """
    h = 0x811C9DC5
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & _MASK
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _MASK
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _MASK
    return h ^ (h >> 16)


def day_text(day: datetime.date) -> str:
    """A date as the page's address writes it: ``2026-11-29``."""
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}"


def pick(pool: Sequence[Key], day: datetime.date, cls: str) -> Key:
    """The pool's combination of that day and class: the greatest weight; on a tie, the least
    key text (so the pool's order never matters)."""
    stem = f"{day_text(day)}|{cls}|"
    weights = {k: weight(stem + "|".join(k)) for k in pool}
    best = max(weights.values())
    return min((k for k, w in weights.items() if w == best), key="|".join)
