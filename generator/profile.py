"""Target profiles: what a generated set aims at, from the published game's statistics.

Glossary
    Share       a fraction of a whole, between 0 and 1.
    BoxSize     a bounding box's size ``(short, long)``: rows × columns either way round.
    Bucket      a closed range ``(lo, hi)`` of tiling counts.
    SideProfile what one kind of side (easy or hard) aims at: areas, boxes, tilings, piece use.
    Profile     a name and one SideProfile per side.
    Layout      the (area, box) pairs a set's sides of one kind are built on, one per side.

The numbers of ``PUBLISHED`` are those of ``calibration.md`` (53 published sides, 315
combinations). Areas, boxes and piece use only apply to the 12 standard pieces with 3 (easy)
and 4 (hard) pieces per side; other piece sets or sizes get targets derived from the pieces.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

from ubongo.generator.errors import GenerationError
from ubongo.generator.figures import BoxSize
from ubongo.puzzles.game import EDITIONS, ORIGINAL, Edition, Frame, fits
from ubongo.solver.pieces import STANDARD, PieceSet, canonical

Share = float
Bucket = tuple[int, int]
PIECE_CAP: Share = 0.20
"""No piece may fill more than this share of the piece slots of one kind of side."""


@dataclass(frozen=True)
class SideProfile:
    """Targets for one kind of side; each table pairs a value with its share."""

    areas: tuple[tuple[int, Share], ...]
    boxes: tuple[tuple[BoxSize, Share], ...]
    tilings: tuple[tuple[Bucket, Share], ...]
    pieces: tuple[tuple[str, Share], ...]
    unique_sides: tuple[tuple[int, Share], ...] = ()
    """Sides with this many one-tiling combinations (of 6); empty: binomial on unique_share."""
    symmetric: Share | None = 0.0
    """Share of figures with a symmetry (their tilings counted as calibration.md counts);
    None: figures as carving gives them, their tilings as counted (Ubongo 3D's statistics
    count every placement)."""
    taper: Share | None = None
    """Share of sides planned with a one-cell end of the long side; None: as carving gives.
    A slot whose box holds too few such figures drops the wish, so fewer are made."""
    shapes: tuple[tuple[str, Share], ...] = ()
    """Shares of sides planned with each shape (a yes-or-no measure of
    ``generator.figures.Outline``), the others planned without it; a shape not listed is as
    carving gives."""
    tight: tuple[str, ...] = ()
    """Shapes of ``shapes`` planned on the sides with the least room first (``_room``), not
    at random: a nearly filled box holds few figures, and fewer still without the shape, so
    its sides are the ones to have it (easy 4x4 boxes with 13 cells: 4 of 23 usable figures
    without a gap; a set of 54 plans about 12 such sides)."""
    dead_ends: float = 1.0
    """Target dead-end ratio (generator.effort): 1 a neutral choice, lower fewer dead ends."""
    shaped: bool = True
    """Carved figures kept by the original's published shapes (generator.figures.keep_chance);
    False: as carving gives them."""
    spread: Share = 1.0
    """Share of all figures one seed takes its figures from first (drawn per seed), so that
    sets of other seeds hold other figures; 1: any figure (generator.design._ours)."""
    drawn: bool = True
    """A set's shares (areas and boxes, one-tiling combinations per side, tiling buckets, shape
    wishes) are drawn per seed as a sample of the profile, so sets vary as printings would;
    False: met as closely as integers allow, the same in every set."""

    @property
    def max_tilings(self) -> int:
        """The largest tiling count a combination may have."""
        return max(hi for (_, hi), share in self.tilings if share > 0)

    @property
    def unique_share(self) -> Share:
        """Target share of combinations with exactly one tiling."""
        return sum(s for (lo, hi), s in self.tilings if lo == hi == 1)


@dataclass(frozen=True)
class Profile:
    """A named difficulty profile: one SideProfile per side."""

    name: str
    easy: SideProfile
    hard: SideProfile

    def side(self, name: str) -> SideProfile:
        """The SideProfile called ``easy`` or ``hard``."""
        return self.easy if name == "easy" else self.hard


def _shares(table: Mapping[str, int]) -> tuple[tuple[str, Share], ...]:
    return tuple((k, v / 100) for k, v in table.items())


_PIECES = ("I2", "I3", "L3", "I4", "L4", "O4", "S4", "T4", "L5", "P5", "Y5", "Z5")
_EASY_USE = (3, 7, 6, 5, 18, 4, 10, 8, 10, 17, 8, 4)
_HARD_USE = (6, 9, 6, 5, 11, 7, 8, 7, 10, 14, 10, 6)

SPREAD: Share = 0.5
"""The original's ``SideProfile.spread``: two seeds of 36 templates share 14-20 of their 72
figures with it, 23-26 without (seeds 1-4). A quarter shares no fewer (13-20), as the few
figures of small boxes (4x4 with 13 cells, 3x4) are shared whatever the choice, and it makes
the shapes the keep chance thins come back (hard figures without a tip, 31 % published: 23 %
against 24 %, and 9 % against 19 % in a set of 54): generator.design._rank."""

PUBLISHED = Profile(
    "published",
    SideProfile(
        areas=((11, 0.10), (12, 0.29), (13, 0.52), (14, 0.10)),
        boxes=(((4, 4), 0.48), ((4, 5), 0.43), ((3, 6), 0.04), ((3, 5), 0.02), ((3, 4), 0.04)),
        tilings=(((1, 1), 0.64), ((2, 2), 0.22), ((3, 3), 0.07), ((4, 6), 0.06), ((7, 9), 0.01)),
        pieces=_shares(dict(zip(_PIECES, _EASY_USE, strict=True))),
        unique_sides=((1, 0.05), (2, 0.21), (3, 0.11), (4, 0.21), (5, 0.26), (6, 0.16)),
        # calibration.md finds symmetric easy figures (3 %), but as counted here none shows a
        # one-tiling combination (the 4x5 atlas: 39 symmetric easy figures with 6 combinations,
        # none with one tiling), and every published easy side shows one: none are planned
        symmetric=0.0,
        taper=0.9,  # planned; 0.81 measured, as small boxes fall back to any figure
        shapes=(("notch", 0.12),),
        tight=("notch",),
        spread=SPREAD,
    ),
    SideProfile(
        areas=((14, 0.04), (15, 0.12), (16, 0.28), (17, 0.44), (18, 0.12)),
        boxes=(((4, 6), 0.34), ((4, 5), 0.31), ((5, 5), 0.22), ((4, 4), 0.06), ((5, 6), 0.06)),
        tilings=(
            ((1, 1), 0.29),
            ((2, 2), 0.21),
            ((3, 3), 0.20),
            ((4, 6), 0.19),
            ((7, 12), 0.10),
            ((13, 48), 0.01),
        ),
        pieces=_shares(dict(zip(_PIECES, _HARD_USE, strict=True))),
        unique_sides=((0, 0.12), (1, 0.31), (2, 0.28), (3, 0.28)),
        symmetric=0.06,
        shapes=(("tipless", 0.31), ("deep_cut", 0.38)),
        dead_ends=0.83,
        spread=SPREAD,
    ),
)
"""The published game, as measured in calibration.md."""


def variants(published: Profile) -> dict[str, Profile]:
    """The difficulty profiles of an edition by name: its published game's, a harder one
    (fewer tilings per combination) and unique tilings only, on the published shapes."""

    def tilings(
        easy: tuple[tuple[Bucket, Share], ...], hard: tuple[tuple[Bucket, Share], ...]
    ) -> Profile:
        return Profile(
            "",
            dataclasses.replace(
                published.easy, tilings=easy, unique_sides=(), symmetric=_plain(published.easy)
            ),
            dataclasses.replace(
                published.hard,
                tilings=hard,
                unique_sides=(),
                symmetric=_plain(published.hard),
                dead_ends=1.0,
            ),
        )

    hard = tilings(
        (((1, 1), 0.85), ((2, 2), 0.15)), (((1, 1), 0.50), ((2, 2), 0.30), ((3, 3), 0.20))
    )
    unique = tilings((((1, 1), 1.0),), (((1, 1), 1.0),))
    return {
        "published": published,
        "hard": dataclasses.replace(hard, name="hard"),
        "unique": dataclasses.replace(unique, name="unique"),
    }


def _plain(sp: SideProfile) -> Share | None:
    """No planned symmetric figures, unless the profile takes figures as carving gives."""
    return None if sp.symmetric is None else 0.0


PROFILES = variants(PUBLISHED)
"""The original game's difficulty profiles by name."""

_BLOCKS = "ABCDEFGHIJKLMNOP"
_EASY_3D = (24, 16, 33, 8, 32, 21, 41, 18, 60, 43, 11, 10, 26, 27, 7, 55)
_HARD_3D = (71, 51, 132, 29, 82, 55, 91, 155, 119, 141, 52, 60, 78, 87, 48, 189)

PUBLISHED_3D = Profile(
    "published",
    SideProfile(
        areas=((6, 10 / 72), (7, 62 / 72)),
        boxes=(((2, 4), 6 / 72), ((2, 5), 2 / 72), ((3, 3), 18 / 72), ((3, 4), 46 / 72)),
        tilings=(((1, 1), 109 / 144), ((2, 2), 29 / 144), ((3, 4), 4 / 144), ((5, 9), 2 / 144)),
        pieces=tuple((b, n / sum(_EASY_3D)) for b, n in zip(_BLOCKS, _EASY_3D, strict=True)),
        symmetric=None,
        shaped=False,
        drawn=False,  # not yet: the bundled standard-3d is its command's bytes
    ),
    SideProfile(
        areas=((8, 20 / 72), (9, 48 / 72), (10, 4 / 72)),
        boxes=(
            ((2, 5), 2 / 72),
            ((3, 3), 1 / 72),
            ((3, 4), 33 / 72),
            ((3, 5), 14 / 72),
            ((4, 4), 22 / 72),
        ),
        tilings=(
            ((1, 1), 118 / 360),
            ((2, 2), 91 / 360),
            ((3, 3), 39 / 360),
            ((4, 6), 79 / 360),
            ((7, 12), 24 / 360),
            ((13, 38), 9 / 360),
        ),
        pieces=tuple((b, n / sum(_HARD_3D)) for b, n in zip(_BLOCKS, _HARD_3D, strict=True)),
        symmetric=None,
        shaped=False,
        drawn=False,
    ),
)
"""Ubongo 3D (2009), measured on the public transcription of its 36 boards (504 problems,
every one counted: docs/EDITIONS.md): footprint areas and boxes, tilings per problem (the
figure's symmetries counted as different, as every public 3D solver counts), block use. Only
these statistics are kept, not the boards."""

NO_SHAPES: dict[str, Any] = {"taper": None, "shapes": (), "shaped": False, "drawn": False}
"""No shape wishes (the original's are measures of squares' outlines: generator.figures), and
quotas, not shares drawn per seed: made-up targets have no published spread to sample, and a
54-card Extreme-style set drawn so ran past the 600 s limit (61 s with quotas)."""

UNPUBLISHED = Profile(
    "published",
    dataclasses.replace(
        PUBLISHED.easy,
        tilings=(((1, 1), 0.75), ((2, 2), 0.15), ((3, 3), 0.05), ((4, 6), 0.05)),
        unique_sides=(),
        **NO_SHAPES,
    ),
    dataclasses.replace(
        PUBLISHED.hard,
        tilings=(((1, 1), 0.5), ((2, 2), 0.2), ((3, 3), 0.15), ((4, 6), 0.1), ((7, 12), 0.05)),
        unique_sides=(),
        dead_ends=1.0,
        **NO_SHAPES,
    ),
)
"""Targets for editions whose cards have no public statistics (Extreme, Trigo: docs/EDITIONS.md),
made up: one tiling more often than the original's (three of four easy rows, half the hard
ones), as planted figures of hexagons and triangles give. With the original's targets, a side
planned with one one-tiling row of four wanted three rows of 2-9 tilings, which one planted
14-hexagon figure in hundreds had: the search ran to its limit (a set of 54 cards did not end in
10 minutes). Areas, boxes and piece use are derived from the pieces of the file given."""

EDITION_PROFILES = {
    "ubongo": PROFILES,
    "ubongo-3d": variants(PUBLISHED_3D),
    "extreme": variants(UNPUBLISHED),
    "trigo": variants(UNPUBLISHED),
}
"""Every edition's difficulty profiles by name."""


# --- resolving a profile for a piece set, a size and a frame ----------------------------------


@dataclass(frozen=True)
class Target:
    """A SideProfile resolved for one piece set, combination size and frame."""

    side: str
    size: int
    pairs: tuple[tuple[tuple[int, BoxSize], Share], ...]
    tilings: tuple[tuple[Bucket, Share], ...]
    pieces: tuple[tuple[str, Share], ...]
    cap: Share = PIECE_CAP
    unique_sides: tuple[tuple[int, Share], ...] = ()
    symmetric: Share | None = 0.0
    taper: Share | None = None
    shapes: tuple[tuple[str, Share], ...] = ()
    tight: tuple[str, ...] = ()
    dead_ends: float = 1.0
    shaped: bool = True
    spread: Share = 1.0
    drawn: bool = True

    @property
    def max_tilings(self) -> int:
        """The largest tiling count a combination may have."""
        return max(hi for (_, hi), share in self.tilings if share > 0)

    @property
    def unique_share(self) -> Share:
        """Target share of combinations with exactly one tiling."""
        return sum(s for (lo, hi), s in self.tilings if lo == hi == 1)

    def bucket(self, tilings: int) -> int:
        """Index of the bucket holding this tiling count."""
        return next(i for i, ((lo, hi), _) in enumerate(self.tilings) if lo <= tilings <= hi)


def is_standard(pieces: PieceSet) -> bool:
    """True when ``pieces`` are the 12 standard pieces under their standard names."""
    return list(pieces) == list(STANDARD) and all(
        canonical(pieces[n].shape) == canonical(STANDARD[n].shape) for n in STANDARD
    )


def plays(edition: Edition, pieces: PieceSet) -> bool:
    """True when ``pieces`` are the edition's own, under their names (its profile applies)."""
    if edition.pieces is None:
        return is_standard(pieces)
    from ubongo.puzzles.bundles import bundled_pieces

    own = bundled_pieces(edition.pieces)
    return list(pieces) == list(own) and all(
        canonical(pieces[n].shape, own.lattice) == canonical(own[n].shape, own.lattice) for n in own
    )


def edition_for(pieces: PieceSet, name: str | None = None) -> Edition:
    """The edition whose cards a set of these pieces is made as: ``name``'s, when its pieces
    are on the lattice of these; else the one whose pieces they are, else the one played with
    a pieces file on their lattice (the original's for squares, Extreme's for hexagons,
    Trigo's for triangles), with targets derived from the pieces."""
    if name is not None:
        return _named(name, pieces)
    found = next((e for e in EDITIONS.values() if e.pieces and plays(e, pieces)), None)
    if found is not None:
        return found
    space = "square" if pieces.lattice.space == "square" else pieces.lattice.name
    found = next((e for e in EDITIONS.values() if not e.pieces and e.lattice == space), None)
    if found is None:
        own = ", ".join(e.pieces for e in EDITIONS.values() if e.pieces)
        raise GenerationError(
            f"generated sets of {pieces.lattice.cells} are made with an edition's pieces "
            f"({own}), not with other {pieces.lattice.cells} yet"
        )
    return found


def _named(name: str, pieces: PieceSet) -> Edition:
    """The edition called ``name``, if these pieces are on its lattice."""
    edition = EDITIONS.get(name)
    if edition is None:
        raise GenerationError(f"unknown edition {name!r}; expected {', '.join(EDITIONS)}")
    if edition.pieces is not None and not plays(edition, pieces):
        raise GenerationError(f"{name} cards are made with its own pieces ({edition.pieces})")
    lattice = pieces.lattice
    if edition.pieces is None and edition.lattice != (
        "square" if lattice.space == "square" else lattice.name
    ):
        from ubongo.solver.lattice import LATTICES

        cells = LATTICES[edition.lattice].cells
        raise GenerationError(f"{name} cards are made of {cells}; these pieces are {lattice.cells}")
    return edition


def resolve(
    profile: Profile,
    side: str,
    pieces: PieceSet,
    size: int,
    frame: Frame,
    edition: Edition = ORIGINAL,
) -> Target:
    """The profile's targets for ``side`` with these pieces, pieces per side and frame."""
    if size > len(pieces):
        raise GenerationError(
            f"{size} distinct pieces per {side} combination, but the set has {len(pieces)}"
        )
    sp = profile.side(side)
    calibrated = plays(edition, pieces) and size == edition.sizes[side]
    areas = dict(sp.areas) if calibrated else _derived_areas(pieces, size, edition.height or 1)
    shares = sp.pieces if calibrated else tuple((n, 1 / len(pieces)) for n in pieces)
    pull = ROOM_PULL if calibrated and sp.taper is not None else 1.0
    boxes = scaled(dict(sp.boxes), edition.frame, frame) if calibrated else {}
    pairs = _pairs(areas, boxes, frame, pull, strict=bool(boxes) and frame != edition.frame)
    if not pairs:
        where = f"fits in a {frame[0]}x{frame[1]} frame"
        if _fitting(boxes, frame):  # the pieces are too few for the boxes scaled to the frame
            where = (
                f"half fills the boxes of a {frame[0]}x{frame[1]} frame "
                f"({_box_list(boxes)}): give a smaller frame"
            )
        raise GenerationError(f"no {side} figure of area {min(areas)}-{max(areas)} {where}")
    return Target(
        side,
        size,
        pairs,
        sp.tilings,
        shares,
        unique_sides=sp.unique_sides,
        symmetric=sp.symmetric if calibrated or sp.symmetric is None else 0.0,
        taper=sp.taper if calibrated else None,
        shapes=sp.shapes if calibrated else (),
        tight=sp.tight if calibrated else (),
        dead_ends=sp.dead_ends,
        shaped=sp.shaped,
        spread=sp.spread,
        drawn=sp.drawn,
    )


def _derived_areas(pieces: PieceSet, size: int, height: int = 1) -> dict[int, Share]:
    """Figure areas weighted by how many combinations of ``size`` pieces fill them (tails cut);
    a footprint filled ``height`` layers high has the pieces' cells over ``height``.

    Counted by dynamic programming over the pieces, not by listing the combinations: a custom
    set of a thousand pieces has too many of them to list.
    """
    ways: list[Counter[int]] = [Counter({0: 1})] + [Counter() for _ in range(size)]
    for p in pieces.values():
        for k in range(size, 0, -1):
            for total, n in ways[k - 1].items():
                ways[k][total + p.area] += n
    sums = ways[size]
    total = sum(sums.values())
    peak = max(sums.values())
    return {
        a // height: n / total for a, n in sorted(sums.items()) if n >= peak / 4 and a % height == 0
    }


def scaled(boxes: Mapping[BoxSize, Share], calibrated: Frame, frame: Frame) -> dict[BoxSize, Share]:
    """The profile's boxes stretched as the frame is larger than the one it was measured in,
    each way separately, so that the figures use the frame as the published ones use theirs.

    A smaller frame keeps the boxes (those that do not fit are left out when pairing): the
    pieces cannot fill figures shrunk with it.

    >>> scaled({(4, 6): 0.5, (5, 6): 0.5}, (5, 6), (5, 7))
    {(4, 7): 0.5, (5, 7): 0.5}
    >>> scaled({(4, 5): 0.5, (5, 5): 0.5}, (5, 6), (6, 6))
    {(5, 5): 0.5, (5, 6): 0.5}
    """
    (cs, cl), (fs, fl) = sorted(calibrated), sorted(frame)
    short, long = max(1.0, fs / cs), max(1.0, fl / cl)
    out: dict[BoxSize, Share] = {}
    for (s, lg), share in boxes.items():
        a, b = sorted((int(s * short + 0.5), int(lg * long + 0.5)))
        out[(a, b)] = out.get((a, b), 0.0) + share
    return out


def _fitting(boxes: Mapping[BoxSize, Share], frame: Frame) -> bool:
    """Some of the boxes fit the frame (none when there are no boxes)."""
    return any(fits(b, frame) for b in boxes)


def _box_list(boxes: Mapping[BoxSize, Share]) -> str:
    """``4x7, 5x7``: the boxes as the messages write them."""
    return ", ".join(f"{h}x{w}" for h, w in sorted(boxes))


def _feasible(area: int, box: BoxSize, frame: Frame) -> bool:
    """A figure of ``area`` can span ``box`` without filling it, within the frame."""
    h, w = box
    return fits(box, frame) and h >= 2 and 2 * area >= h * w and area < h * w and area >= h + w - 1


ROOM_PULL = 3.0
"""How strongly an easy side's area and box are paired so that a one-cell end fits: the seed
weight of (area, box) is multiplied by ROOM_PULL ** room (room clamped to -1..3, `_room`) before
both marginals are fitted. calibration.md gives the area and box shares but not how they pair;
paired independently, 4x4 boxes take 13-14-cell figures, which hold at most two figures with a
one-cell end, and 31 % of easy figures had both ends wide against the published 19 %. Measured on
4 pooled seeds of 18 templates (DESIGN.md): pull 1 -> 31 %, 2 -> 25 %, 3 -> 19 %."""


def _pairs(
    areas: Mapping[int, Share],
    boxes: Mapping[BoxSize, Share],
    frame: Frame,
    pull: float = 1.0,
    strict: bool = False,
) -> tuple[tuple[tuple[int, BoxSize], Share], ...]:
    """Joint (area, box) shares with both marginals fitted to the targets (IPF), seeded with
    ``pull`` to the power of each pair's room for a one-cell end (see ROOM_PULL).

    ``strict``: only the given boxes (a frame the boxes were scaled to: another box would not
    use it), else an area none of them takes falls back to compact boxes of the frame."""
    every = [(s, lg) for s in range(1, 13) for lg in range(s, 13)]
    weight: dict[tuple[int, BoxSize], float] = {}
    for a in areas:
        known = [b for b in boxes if _feasible(a, b, frame)]
        feasible = [b for b in every if _feasible(a, b, frame)]
        compact = [b for b in feasible if 3 * b[0] * b[1] <= 4 * a]  # at least 3/4 filled
        for b in known if strict else known or compact or feasible:
            weight[(a, b)] = areas[a] * boxes.get(b, 1.0) * pull ** max(-1, min(_room(a, b), 3))
    for _ in range(50):
        _fit(weight, 0, areas)
        _fit(weight, 1, boxes)
    total = sum(weight.values())
    return tuple((k, v / total) for k, v in sorted(weight.items()) if v > 0)


def _fit(weight: dict[tuple[int, BoxSize], float], idx: int, marg: Mapping[Any, Share]) -> None:
    """Scale ``weight`` so that its marginal on key part ``idx`` matches ``marg``."""
    sums: dict[Any, float] = {}
    for k, v in weight.items():
        sums[k[idx]] = sums.get(k[idx], 0.0) + v
    for k in weight:
        if k[idx] in marg and sums[k[idx]] > 0:
            weight[k] *= marg[k[idx]] / sums[k[idx]]


def allocate(shares: Sequence[tuple[object, Share]], n: int) -> list[int]:
    """Split ``n`` items by ``shares`` (largest remainder, ties to the earlier entry)."""
    total = sum(s for _, s in shares) or 1.0
    exact = [n * s / total for _, s in shares]
    counts = [int(x) for x in exact]
    order = sorted(range(len(shares)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[: n - sum(counts)]:
        counts[i] += 1
    return counts


def counts(shares: Sequence[tuple[object, Share]], n: int, rng: random.Random | None) -> list[int]:
    """Split ``n`` items by ``shares``: drawn as ``n`` independent picks (a sample, as another
    printing of the game would be), or as closely as integers allow when ``rng`` is None."""
    if rng is None:
        return allocate(shares, n)
    picks = Counter(rng.choices(range(len(shares)), [s for _, s in shares], k=n)) if n else {}
    return [picks.get(i, 0) for i in range(len(shares))]


def _draws(target: Target, rng: random.Random) -> random.Random | None:
    """The Random a target's shares are drawn with; None when they are met as quotas."""
    return rng if target.drawn else None


def drawn_tilings(target: Target, combos: int, rng: random.Random) -> Target:
    """The target with its tiling buckets above one tiling drawn for a set of ``combos``
    combinations (one-tiling combinations are planned per side, ``plan``); unchanged when
    the target is met as quotas."""
    if not target.drawn:
        return target
    one = target.unique_share
    many = [(b, s) for b, s in target.tilings if b != (1, 1)]
    k = round(combos * (1 - one))
    got = counts(many, k, rng)
    shares = {b: n / combos for (b, _), n in zip(many, got, strict=True)}
    tilings = tuple((b, one if b == (1, 1) else shares[b]) for b, _ in target.tilings)
    return dataclasses.replace(target, tilings=tilings)


def layout(target: Target, n: int, rng: random.Random) -> list[tuple[int, BoxSize]]:
    """The (area, box) of each of ``n`` sides: the boxes' shares drawn (or met as closely as
    integers allow), then the areas' within each box.

    Boxes first, because a box of a small share split over its areas lost every side to
    rounding (no 3x5 easy figure, 2 % published, in a set of 36).
    """
    by_box: dict[BoxSize, list[tuple[int, Share]]] = {}
    for (area, box), share in target.pairs:
        by_box.setdefault(box, []).append((area, share))
    boxes = [(box, sum(s for _, s in areas)) for box, areas in by_box.items()]
    draws = _draws(target, rng)
    made: dict[tuple[int, BoxSize], int] = {}
    for (box, _), k in zip(boxes, counts(boxes, n, draws), strict=True):
        areas = by_box[box]
        for (area, _), m in zip(areas, counts(areas, k, draws), strict=True):
            made[(area, box)] = m
    out = [pair for pair, _ in target.pairs for _ in range(made[pair])]
    rng.shuffle(out)
    return out


@dataclass(frozen=True)
class Plan:
    """What one side is built on: area and box, one-tiling combinations, shape wishes."""

    area: int
    box: BoxSize
    unique: int
    taper: bool | None
    symmetric: bool | None  # None: either, as carving gives
    shapes: tuple[tuple[str, bool], ...] = ()
    """Outline measures the figure is to have (True) or not (False); others as carving gives."""


def unique_spread(target: Target, faces: int) -> tuple[tuple[int, Share], ...]:
    """Shares of sides by their number of one-tiling combinations, for ``faces`` die faces.

    The profile's spread is given for 6 faces and scaled; without one, the count is binomial
    on the unique share (every face drawn on its own).
    """
    if target.unique_sides:
        out: dict[int, Share] = {}
        for k, s in target.unique_sides:
            n = min(faces, round(k * faces / 6))
            out[n] = out.get(n, 0.0) + s
        return tuple(sorted(out.items()))
    p = target.unique_share
    return tuple((k, comb(faces, k) * p**k * (1 - p) ** (faces - k)) for k in range(faces + 1))


def plan(target: Target, n: int, faces: int, rng: random.Random) -> list[Plan]:
    """The plan of each of ``n`` sides: every share drawn for the set as a sample of the
    profile (or, for a target of quotas, met as closely as integers allow).

    Symmetric figures go to the sides planned with the fewest one-tiling combinations among
    those whose area and box allow a symmetry, at random among equals;
    the search counts their tilings up to the symmetry (see ``generator.design.search``).
    """
    pairs = layout(target, n, rng)
    draws = _draws(target, rng)
    uniques: list[int] = []
    spread = unique_spread(target, faces)
    for (k, _), m in zip(spread, counts(spread, n, draws), strict=True):
        uniques += [k] * m
    rng.shuffle(uniques)
    tapers: list[bool | None] = [None] * n
    if target.taper is not None:
        k = counts(_yes(target.taper), n, draws)[0]
        roomy = sorted(range(n), key=lambda i: (-_room(*pairs[i]), rng.random()))
        tapers = [i in set(roomy[:k]) for i in range(n)]
    shapes = _wishes(target, pairs, rng, draws)
    if target.symmetric is None:  # figures as carving gives them
        return [
            Plan(a, b, uniques[i], tapers[i], None, shapes[i]) for i, (a, b) in enumerate(pairs)
        ]
    # a symmetric figure's one-tiling combinations (counted up to its symmetry) show 2
    # tilings: on sides planned with the fewest, it leaves the shown spread as published
    mirrorable = [i for i, (a, (h, w)) in enumerate(pairs) if _mirrorable(a, h, w)]
    mirrorable.sort(key=lambda i: (uniques[i], rng.random()))
    sym = set(mirrorable[: counts(_yes(target.symmetric), n, draws)[0]])
    # a symmetric figure is not forced to a one-cell end (its other shapes are planned)
    return [
        Plan(*pair, uniques[i], None, True, shapes[i])
        if i in sym
        else Plan(*pair, uniques[i], tapers[i], False, shapes[i])
        for i, pair in enumerate(pairs)
    ]


def _wishes(
    target: Target,
    pairs: Sequence[tuple[int, BoxSize]],
    rng: random.Random,
    draws: random.Random | None,
) -> list[tuple[tuple[str, bool], ...]]:
    """For each side of ``pairs``, which shapes its figure is to have and not to have: each
    shape's share of the sides, chosen at random (each shape on its own), or for the
    target's ``tight`` shapes, the sides with the least room first (at random among equals)."""
    n = len(pairs)
    out: list[tuple[tuple[str, bool], ...]] = [()] * n
    for name, share in target.shapes:
        k = counts(_yes(share), n, draws)[0]
        if name in target.tight:
            snug = sorted(range(n), key=lambda i: (_room(*pairs[i]), rng.random()))
            chosen = set(snug[:k])
        else:
            chosen = set(rng.sample(range(n), k))
        out = [(*w, (name, i in chosen)) for i, w in enumerate(out)]
    return out


def _yes(share: Share) -> tuple[tuple[bool, Share], tuple[bool, Share]]:
    """A yes-or-no share as the two entries ``counts`` splits by."""
    return ((True, share), (False, 1 - share))


def _room(area: int, box: BoxSize) -> int:
    """Cells left to carve once one end of the long side is cut to a single cell: the fewer,
    the fewer distinct tapering figures (4x4 with 13 cells has two)."""
    h, w = box
    return h * w - area - (min(h, w) - 1)


def _mirrorable(area: int, h: int, w: int) -> bool:
    """A figure of ``area`` spanning an h x w box can have a symmetry of the box: the cells
    cut come in mirror pairs, unless a middle line (odd side) or the diagonal (a square) maps
    onto itself."""
    return (h * w - area) % 2 == 0 or h % 2 == 1 or w % 2 == 1 or h == w
