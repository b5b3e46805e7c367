"""The calibration table of a puzzle set: the numbers calibration.md gives for the published game.

Glossary
    SideStats   one kind of side (easy or hard) of a set: figures, tilings, piece use, faces.
    SetStats    a set's name, frame, SideStats per side and figures repeated across the set.
    Column      one set's (or the published game's) values, keyed by row label, for the table.

Tilings are counted as the solver and calibration.md count them: a rotated or mirrored tiling
of a symmetric figure is another tiling. One ``analyze`` per side and combination size counts
every combination of the side at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ubongo.generator.effort import dead_ends
from ubongo.generator.figures import Key, outline
from ubongo.generator.profile import PUBLISHED, PUBLISHED_3D, Profile, SideProfile
from ubongo.puzzles.game import FRAME, SIDES, Frame, edition_of, fits, frame_text
from ubongo.puzzles.sets import PuzzleSet, Side
from ubongo.solver.analyze import analyze
from ubongo.solver.figure import Figure

BUCKETS: tuple[tuple[str, int, int], ...] = (
    ("1", 1, 1),
    ("2", 2, 2),
    ("3", 3, 3),
    ("4-6", 4, 6),
    ("7-12", 7, 12),
    ("13+", 13, 10**9),
)
"""Tiling-count buckets of the table: label, lowest, highest."""

PUBLISHED_SIDES: dict[str, dict[str, float]] = {
    "easy": {
        "distinct pieces": 8.95,
        "most faces": 4.05,
        "shared pieces": 0.96,
        "unique mean": 3.9,
        "unique sd": 1.5,
        "wide ends": 0.19,
        "notch": 0.12,
    },
    "hard": {
        "distinct pieces": 10.4,
        "most faces": 4.44,
        "most faces 5+": 0.47,
        "shared pieces": 1.50,
        "unique mean": 1.7,
        "unique sd": 1.0,
        "rank correlation": 0.08,
        "dead ends": PUBLISHED.hard.dead_ends,
        "corners": 7.0,
        "corners 9+": 0.03,
        "tips": 0.97,
        "no tip": 0.31,
        "deep cut": 0.38,
        "symmetric": PUBLISHED.hard.symmetric or 0.0,
    },
}
"""calibration.md's "How a side's six combinations relate" and "Figure shapes", by measure
(shares as fractions): the one place the published values of these rows are kept, but for
the two the generator's profile aims at (``PUBLISHED``), which are taken from there."""

PUBLISHED_BOXES: dict[str, dict[str, float]] = {
    "easy": {"4x4": 0.48, "4x5": 0.43, "3x6": 0.05, "3x4": 0.05},
    "hard": {"4x6": 0.34, "4x5": 0.31, "5x5": 0.22, "4x4": 0.06, "5x6": 0.06},
}
"""Bounding boxes of the published figures (calibration.md). The generator's profile also
draws 3x5, which calibration.md does not list, taking its share from 3x4 and 3x6."""

PUBLISHED_UNIQUE: dict[str, dict[int, float]] = {
    name: dict(PUBLISHED.side(name).unique_sides) for name in SIDES
}
"""Published sides by their number of one-tiling combinations (calibration.md), as the
generator's profile aims at them."""

PUBLISHED_COUNTS: dict[str, dict[str, float | int]] = {
    "easy": {"sides": 21, "tilings mean": 1.6},
    "hard": {"sides": 32, "tilings mean": 3.8},
}
"""calibration.md's sides of each kind and their mean tiling count, which the profile does not
need (its tiling shares and largest count are in ``PUBLISHED``)."""

SHARES = frozenset(
    {"most faces 5+", "corners 9+", "no tip", "deep cut", "wide ends", "notch", "symmetric"}
)
"""Measures that are shares of sides (printed as percentages)."""


@dataclass(frozen=True)
class FaceStats:
    """One die face on one kind of side: how many combinations and how hard they are."""

    face: str
    combos: int
    tilings_mean: float
    unique: int


@dataclass(frozen=True)
class SideStats:
    """The calibration numbers of one kind of side across a set."""

    side: str
    sides: int
    areas: dict[int, int]
    boxes: dict[str, int]
    holes: int
    disconnected: int
    outside_frame: int
    combos_per_side: dict[int, int]
    pieces_per_combo: dict[int, int]
    tilings: dict[str, int]
    unsolvable: int
    tilings_mean: float
    tilings_max: int
    piece_use: dict[str, int]
    faces: tuple[FaceStats, ...]
    measures: dict[str, float] = field(default_factory=dict)
    """Side composition and shape measures, named as in ``PUBLISHED_SIDES``."""
    unique_sides: dict[int, int] = field(default_factory=dict)
    """Sides by their number of one-tiling combinations."""
    figures: int = 0
    """Figures on these sides (Ubongo 3D prints two a side); areas and boxes are theirs."""

    @property
    def combos(self) -> int:
        """Combinations on this kind of side."""
        return sum(self.tilings.values()) + self.unsolvable

    @property
    def slots(self) -> int:
        """Piece slots on this kind of side (pieces summed over combinations)."""
        return sum(self.piece_use.values())

    @property
    def unique_share(self) -> float:
        """Share of combinations with exactly one tiling."""
        return self.tilings.get("1", 0) / self.combos if self.combos else 0.0

    def piece_share(self, name: str) -> float:
        """Share of the piece slots that ``name`` fills."""
        return self.piece_use.get(name, 0) / self.slots if self.slots else 0.0

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object; shares as fractions rounded to 4 places."""
        return {
            "sides": self.sides,
            **({"figures": self.figures} if self.figures != self.sides else {}),
            "areas": {str(k): v for k, v in self.areas.items()},
            "boxes": self.boxes,
            "holes": self.holes,
            "disconnected": self.disconnected,
            "outside_frame": self.outside_frame,
            "combos_per_side": {str(k): v for k, v in self.combos_per_side.items()},
            "pieces_per_combo": {str(k): v for k, v in self.pieces_per_combo.items()},
            "combos": self.combos,
            "tilings": self.tilings,
            "unsolvable": self.unsolvable,
            "tilings_mean": round(self.tilings_mean, 4),
            "tilings_max": self.tilings_max,
            "unique_share": round(self.unique_share, 4),
            "piece_use": self.piece_use,
            "piece_share": {p: round(self.piece_share(p), 4) for p in self.piece_use},
            "measures": {k: round(v, 4) for k, v in self.measures.items()},
            "unique_sides": {str(k): v for k, v in self.unique_sides.items()},
            "faces": [
                {
                    "face": f.face,
                    "combos": f.combos,
                    "tilings_mean": round(f.tilings_mean, 4),
                    "unique": f.unique,
                }
                for f in self.faces
            ],
        }


@dataclass(frozen=True)
class SetStats:
    """The calibration table of a set."""

    name: str
    frame: Frame
    templates: int
    sides: dict[str, SideStats]
    repeated_figures: int
    shared_figures: dict[str, int] = field(default_factory=dict)
    """Figures also in each other set compared with it (``shared``), by that set's heading."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object (``ubongo stats --json``)."""
        return {
            "set": self.name,
            "frame": frame_text(self.frame),
            "templates": self.templates,
            "repeated_figures": self.repeated_figures,
            **({"shared_figures": self.shared_figures} if self.shared_figures else {}),
            "sides": {s: st.to_json() for s, st in self.sides.items()},
        }


def figure_keys(ps: PuzzleSet) -> frozenset[Key]:
    """Every figure of a set up to rotation and reflection; for sets of cubes, the footprints
    (what the generator carves and ``generate --avoid`` keeps out)."""
    return frozenset(
        f.footprint.canonical()
        for t in ps.templates
        for n in SIDES
        if (s := t.side(n)) is not None
        for f in s.figures
    )


def shared(
    tables: Sequence[SetStats], sets: Sequence[PuzzleSet], headings: Sequence[str]
) -> list[SetStats]:
    """The tables with the figures each set shares with every other (``shared_figures``,
    keyed by the other's heading)."""
    keys = [figure_keys(ps) for ps in sets]
    return [
        replace(
            st,
            shared_figures={
                h: len(mine & theirs)
                for j, (h, theirs) in enumerate(zip(headings, keys, strict=True))
                if j != i
            },
        )
        for i, (st, mine) in enumerate(zip(tables, keys, strict=True))
    ]


def tilings(side: Side, ps: PuzzleSet, timeout: Timeout = None) -> list[int]:
    """Tiling count of each combination of a side, in die order (0 when unsolvable)."""
    return _each(side, _counts(side, ps, timeout))


def _each(side: Side, every: Sequence[dict[frozenset[str], int]]) -> list[int]:
    """Each combination's count, from its figure's counts of every combination (``every``)."""
    on = side.on or (0,) * len(side.combos)
    return [every[k].get(frozenset(c), 0) for k, c in zip(on, side.combos, strict=True)]


def _counts(side: Side, ps: PuzzleSet, timeout: Timeout = None) -> list[dict[frozenset[str], int]]:
    """Per figure of the side, the tiling count of every combination of the side's sizes that
    tiles it."""
    out = []
    for figure in side.figures:
        counts: dict[frozenset[str], int] = {}
        for size in sorted({len(c) for c in side.combos}):
            for cc in analyze(figure, size, ps.pieces, timeout=_seconds(timeout)):
                counts[frozenset(cc.pieces)] = cc.tilings
        out.append(counts)
    return out


def side_stats(
    ps: PuzzleSet, name: str, frame: Frame = FRAME, timeout: Timeout = None
) -> SideStats:
    """The calibration numbers of the ``name`` sides of a set (``timeout``: see set_stats)."""
    sides = [s for t in ps.templates if (s := t.side(name)) is not None]
    figs = [f.footprint for s in sides for f in s.figures]
    every = [_counts(s, ps, timeout) for s in sides]
    counts = [_each(s, c) for s, c in zip(sides, every, strict=True)]
    flat = [n for ns in counts for n in ns]
    solved = [n for n in flat if n > 0]
    use = Counter(p for s in sides for c in s.combos for p in c)
    return SideStats(
        side=name,
        sides=len(sides),
        figures=len(figs),
        areas=dict(sorted(Counter(f.area for f in figs).items())),
        boxes=_sorted_boxes(Counter(_box(f.height, f.width) for f in figs)),
        holes=sum(f.holes() > 0 for f in figs),
        disconnected=sum(not f.is_connected() for f in figs),
        outside_frame=sum(not fits((f.height, f.width), frame) for f in figs),
        combos_per_side=dict(sorted(Counter(len(s.combos) for s in sides).items())),
        pieces_per_combo=dict(sorted(Counter(len(c) for s in sides for c in s.combos).items())),
        tilings={lab: sum(lo <= n <= hi for n in flat) for lab, lo, hi in BUCKETS},
        unsolvable=flat.count(0),
        tilings_mean=sum(solved) / len(solved) if solved else 0.0,
        tilings_max=max(flat, default=0),
        piece_use={p: use.get(p, 0) for p in ps.pieces},
        faces=_faces(ps, sides, counts),
        measures=measures(
            ps, sides, counts, every, name in _DEAD_ENDS.get(ps.pieces_name, ()), timeout
        ),
        unique_sides=dict(sorted(Counter(ns.count(1) for ns in counts).items())),
    )


_DEAD_ENDS: dict[str | None, tuple[str, ...]] = {None: ("hard",)}
"""Sides whose dead-end ratio is measured, by the set's bundled piece set (None: the 12
pieces): where the published game's is known (calibration.md), as it costs a search per
combination of the figure."""


def _faces(
    ps: PuzzleSet, sides: Sequence[Side], counts: Sequence[Sequence[int]]
) -> tuple[FaceStats, ...]:
    """Per die face (or range of faces) the sides answer, its combinations' tilings."""
    rows = [
        list(zip(s.labels(ps.die), ns, strict=False)) for s, ns in zip(sides, counts, strict=True)
    ]
    labels = list(ps.die) if not any(s.faces for s in sides) else []
    labels += [lab for r in rows for lab, _ in r if lab not in labels]
    out = []
    for face in labels:
        ns = [n for r in rows for lab, n in r if lab == face]
        ok = [n for n in ns if n > 0]
        out.append(FaceStats(face, len(ns), sum(ok) / len(ok) if ok else 0.0, ns.count(1)))
    return tuple(out)


def measures(
    ps: PuzzleSet,
    sides: Sequence[Side],
    counts: Sequence[Sequence[int]],
    every: Sequence[Sequence[dict[frozenset[str], int]]],
    with_dead_ends: bool,
    timeout: Timeout = None,
) -> dict[str, float]:
    """The side composition and shape measures of calibration.md over these sides.

    ``counts``: the tiling count of each side's combinations; ``every``: of every combination
    of the side's figure. The dead-end ratio (generator.effort) costs a search per
    combination of the figure, so it is measured where calibration.md gives it (hard sides).
    """
    if not sides:
        return {}
    n = len(sides)
    most = [max(Counter(p for c in s.combos for p in c).values(), default=0) for s in sides]
    uniques = [ns.count(1) for ns in counts]
    mean_u = sum(uniques) / n
    out = {
        "distinct pieces": sum(len({p for c in s.combos for p in c}) for s in sides) / n,
        "most faces": sum(most) / n,
        "most faces 5+": sum(m >= 5 for m in most) / n,
        "shared pieces": sum(_shared(s) for s in sides) / n,
        "unique mean": mean_u,
        "unique sd": (sum((u - mean_u) ** 2 for u in uniques) / n) ** 0.5,
        "rank correlation": _rank_correlation(ps, sides, counts),
        **_shapes([f.footprint for s in sides for f in s.figures]),
    }
    if with_dead_ends:
        ratios = [
            r
            for s, ev in zip(sides, every, strict=True)
            for r in _side_dead_ends(ps, s, ev[0], timeout)
        ]
        out["dead ends"] = sum(ratios) / len(ratios) if ratios else 1.0
    return out


def _shapes(figures: Sequence[Figure]) -> dict[str, float]:
    """The shape measures of calibration.md over figures of squares (a footprint's for cubes);
    none for hexagons and triangles, whose outlines have other corners and no rows and columns
    to notch."""
    if not figures[0].lattice.plain:
        return {}
    outs = [outline(f) for f in figures]
    nf = len(outs)
    return {
        "corners": sum(o.corners for o in outs) / nf,
        "corners 9+": sum(o.corners >= 9 for o in outs) / nf,
        "tips": sum(o.tips for o in outs) / nf,
        "no tip": sum(o.tips == 0 for o in outs) / nf,
        "deep cut": sum(o.deep_cut for o in outs) / nf,
        "wide ends": sum(o.wide_ends for o in outs) / nf,
        "notch": sum(o.notch for o in outs) / nf,
        "symmetric": sum(o.symmetric for o in outs) / nf,
    }


def _shared(side: Side) -> float:
    """Pieces two combinations of the side have in common, mean over the pairs."""
    cs = [set(c) for c in side.combos]
    pairs = [len(a & b) for i, a in enumerate(cs) for b in cs[i + 1 :]]
    return sum(pairs) / len(pairs) if pairs else 0.0


def _side_dead_ends(
    ps: PuzzleSet, side: Side, every: dict[frozenset[str], int], timeout: Timeout
) -> list[float]:
    """The dead-end ratio of each solvable combination of a side, against its figure's others
    with the same tiling count."""
    mine = {frozenset(c) for c in side.combos}
    wanted = {every[c] for c in mine if every.get(c, 0) > 0}
    pool = [(tuple(sorted(c)), n) for c, n in every.items() if n in wanted]
    ratios = dead_ends(side.figure, pool, ps.pieces, lambda: _seconds(timeout))
    return [r for c, r in ratios.items() if frozenset(c) in mine]


def _rank_correlation(
    ps: PuzzleSet, sides: Sequence[Side], counts: Sequence[Sequence[int]]
) -> float:
    """Spearman's rank correlation of a combination's orientation sum (awkward pieces have 8)
    with its tiling count (the same ranks as log tilings), over the solvable combinations."""
    xs, ys = [], []
    for s, ns in zip(sides, counts, strict=True):
        for c, n in zip(s.combos, ns, strict=True):
            if n > 0:
                xs.append(sum(len(ps.pieces[p].orientations) for p in c))
                ys.append(n)
    return _pearson(_ranks(xs), _ranks(ys))


def _ranks(xs: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def _pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation (0 when either side does not vary)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else 0.0


def _box(h: int, w: int) -> str:
    return f"{min(h, w)}x{max(h, w)}"


def _sorted_boxes(c: Counter[str]) -> dict[str, int]:
    return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))


Timeout = float | Callable[[], float] | None
"""Seconds for each count, or a function giving the seconds left of a whole run."""


def _seconds(timeout: Timeout) -> float | None:
    return timeout() if callable(timeout) else timeout


def set_stats(ps: PuzzleSet, frame: Frame | None = None, timeout: Timeout = None) -> SetStats:
    """The calibration table of a set; ``frame`` is the frame figures are checked against
    (default: its edition's)."""
    if frame is None:
        edition = edition_of(ps.pieces_name, ps.pieces.lattice.name)
        frame = FRAME if edition is None else edition.frame
    keys = Counter(
        f.canonical()
        for t in ps.templates
        for n in SIDES
        if (s := t.side(n)) is not None
        for f in s.figures
    )
    return SetStats(
        ps.name,
        frame,
        len(ps.templates),
        {n: side_stats(ps, n, frame, timeout) for n in SIDES},
        sum(k - 1 for k in keys.values()),
    )


# --- the table ---------------------------------------------------------------------------------

Column = dict[str, str]


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def column(st: SetStats) -> Column:
    """One set's values for the table, keyed by row label."""
    col: Column = {"templates": str(st.templates), "repeated figures": str(st.repeated_figures)}
    for other, n in st.shared_figures.items():
        col[f"shared with {other}"] = str(n)
    for name, s in st.sides.items():
        p = f"{name} "
        col[p + "sides"] = str(s.sides)
        if s.figures != s.sides:
            col[p + "figures"] = str(s.figures)
        for a, n in s.areas.items():
            col[f"{p}area {a}"] = _pct(n, s.figures)
        for b, n in s.boxes.items():
            col[f"{p}box {b}"] = _pct(n, s.figures)
        col[p + "holes"] = str(s.holes)
        col[p + "disconnected"] = str(s.disconnected)
        col[f"{p}outside {frame_text(st.frame)}"] = str(s.outside_frame)
        col[p + "combinations"] = str(s.combos)
        col[p + "pieces per combination"] = " ".join(f"{k}" for k in s.pieces_per_combo)
        for lab, _, _ in BUCKETS:
            col[f"{p}tilings {lab}"] = _pct(s.tilings[lab], s.combos)
        col[p + "unsolvable"] = str(s.unsolvable)
        col[p + "tilings mean"] = f"{s.tilings_mean:.2f}"
        col[p + "tilings max"] = str(s.tilings_max)
        for piece in s.piece_use:
            col[f"{p}piece {piece}"] = _pct(s.piece_use[piece], s.slots)
        for f in s.faces:
            col[f"{p}face {f.face}"] = (
                f"{f.tilings_mean:.2f} {_pct(f.unique, f.combos)}" if f.combos else "-"
            )
        for k, n in s.unique_sides.items():
            col[f"{p}unique on {k} faces"] = _pct(n, s.sides)
        for m, v in s.measures.items():
            col[p + m] = _measure(m, v)
    return col


def _measure(name: str, value: float) -> str:
    """A side measure as the table prints it: shares in percent, others to 2 places."""
    return f"{100 * value:.0f}%" if name in SHARES else f"{value:.2f}"


@dataclass(frozen=True)
class Published:
    """What the table's published column shows for one edition."""

    profile: Profile
    counts: dict[str, dict[str, float | int]]
    boxes: dict[str, dict[str, float]]
    unique: dict[str, dict[int, float]]
    measures: dict[str, dict[str, float]]
    frame: Frame
    sizes: dict[str, int]


PUBLISHED_TABLES = {
    "ubongo": Published(
        PUBLISHED,
        PUBLISHED_COUNTS,
        PUBLISHED_BOXES,
        PUBLISHED_UNIQUE,
        PUBLISHED_SIDES,
        FRAME,
        {"easy": 3, "hard": 4},
    ),
    "ubongo-3d": Published(
        PUBLISHED_3D,
        {"easy": {"sides": 36, "tilings mean": 1.37}, "hard": {"sides": 36, "tilings mean": 3.24}},
        {name: {f"{h}x{w}": s for (h, w), s in PUBLISHED_3D.side(name).boxes} for name in SIDES},
        {},
        # Convex corners from the transcription's outline vertices V (convex minus concave is 4
        # on an outline without holes, so convex = (V + 4) / 2)
        {
            "easy": {"corners": 6.57, "corners 9+": 0.0},
            "hard": {"corners": 7.43, "corners 9+": 0.14},
        },
        (4, 5),
        {"easy": 3, "hard": 4},
    ),
}
"""The published column of each edition: the original (calibration.md), Ubongo 3D (2009;
the statistics of its public transcription, generator.profile.PUBLISHED_3D)."""


def published_column(edition: str = "ubongo") -> Column:
    """The published game's values for the rows it reports."""
    pub = PUBLISHED_TABLES[edition]
    col: Column = {"templates": "-", "repeated figures": "-"}
    for name in SIDES:
        sp: SideProfile = pub.profile.side(name)
        p = f"{name} "
        col[p + "sides"] = str(pub.counts[name]["sides"])
        for a, s in sp.areas:
            col[f"{p}area {a}"] = f"{100 * s:.0f}%"
        for box, s in pub.boxes[name].items():
            col[f"{p}box {box}"] = f"{100 * s:.0f}%"
        col[p + "holes"] = "0"
        col[p + "disconnected"] = "0"
        col[f"{p}outside {frame_text(pub.frame)}"] = "0"
        col[p + "pieces per combination"] = str(pub.sizes[name])
        col.update(_published_tilings(name, sp, pub))
        for piece, s in sp.pieces:
            col[f"{p}piece {piece}"] = f"{100 * s:.0f}%"
        for k, share in pub.unique.get(name, {}).items():
            col[f"{p}unique on {k} faces"] = f"{100 * share:.0f}%"
        for m, v in pub.measures[name].items():
            col[p + m] = _measure(m, v)
    return col


def _published_tilings(name: str, sp: SideProfile, pub: Published) -> Column:
    """The tiling rows of the published column: the profile's shares summed into the table's
    buckets (every profile bucket lies within one of them), its largest count, the mean."""
    col = {}
    for lab, lo, hi in BUCKETS:
        share = sum(s for (a, b), s in sp.tilings if lo <= a <= b <= hi)
        col[f"{name} tilings {lab}"] = f"{100 * share:.0f}%"
    col[f"{name} tilings mean"] = f"{pub.counts[name]['tilings mean']:.1f}"
    col[f"{name} tilings max"] = str(sp.max_tilings)
    return col


def _rows(columns: Sequence[Column]) -> list[str]:
    """Row labels in table order: the first column's order, then rows only later ones have."""
    seen: dict[str, None] = {}
    for c in columns:
        for k in c:
            seen.setdefault(k, None)
    order = list(seen)
    return sorted(order, key=_row_key)


def _row_key(label: str) -> tuple[int, int, str]:
    side = 0 if not label.startswith(SIDES) else 1 + SIDES.index(label.split()[0])
    kinds = (
        "sides",
        "area",
        "box",
        "holes",
        "disconnected",
        "outside",
        "combinations",
        "pieces",
        "tilings",
        "unsolvable",
        "piece",
        "face",
        "distinct",
        "most",
        "shared",
        "unique",
        "rank",
        "dead",
        "corners",
        "tips",
        "no",
        "deep",
        "wide",
        "notch",
        "symmetric",
    )
    rest = label.split(" ", 1)[1] if side else label
    word = rest.split()[0]
    kind = kinds.index(word) if word in kinds else 0
    if word == "tilings":
        sub = rest.split()[1]
        labels = [b[0] for b in BUCKETS] + ["mean", "max"]
        return side, kind, f"{labels.index(sub):02d}" if sub in labels else sub
    if word in ("area", "face"):
        return side, kind, rest.split()[1].rjust(6)
    if word == "unique":
        return side, kind, "~" + rest if rest.startswith("unique on") else rest
    return side, kind, ""


def table(columns: Sequence[tuple[str, Column]]) -> str:
    """The calibration table with one column per set, rows grouped by side."""
    cols = [c for _, c in columns]
    rows = _rows(cols)
    width = max(10, *(len(h) + 2 for h, _ in columns))
    labels = max(24, *(len(_label(r)) for r in rows))  # ranges of faces are longer
    lines = [f"{'':<{labels + 2}}" + "".join(f"{h:>{width}}" for h, _ in columns)]
    current = ""
    for r in rows:
        side = r.split()[0] if r.startswith(SIDES) else ""
        if side != current:
            current = side
            lines.append(f"{side} side")
        lines.append(f"  {_label(r):<{labels}}" + "".join(f"{c.get(r, ''):>{width}}" for c in cols))
    return "\n".join(lines)


def _label(row: str) -> str:
    """A row's label as the table prints it, without its side."""
    label = row.split(" ", 1)[1] if row.startswith(SIDES) else row
    return label + " (mean, 1 tiling)" if label.startswith("face ") else label


def published_json(edition: str = "ubongo") -> dict[str, Any]:
    """The published game's numbers as ``ubongo stats --json`` gives them."""
    pub = PUBLISHED_TABLES[edition]
    out: dict[str, Any] = {"set": "published", "sides": {}}
    for name in SIDES:
        sp: SideProfile = pub.profile.side(name)
        out["sides"][name] = {
            "areas": {str(a): s for a, s in sp.areas},
            "boxes": pub.boxes[name],
            "tilings": {f"{lo}-{hi}" if lo != hi else str(lo): s for (lo, hi), s in sp.tilings},
            "pieces": dict(sp.pieces),
            "measures": pub.measures[name],
            "unique_sides": {str(k): v for k, v in pub.unique.get(name, {}).items()},
        }
    if edition != "ubongo":
        out["edition"] = edition
    return out


def stats_table(
    sets: Iterable[SetStats],
    published: bool = False,
    headings: Sequence[str] | None = None,
    edition: str = "ubongo",
) -> str:
    """The table for these sets side by side, with the published game's column if asked.

    Columns are headed by the sets' names, or by ``headings`` when given.
    """
    sets = list(sets)
    names = list(headings) if headings is not None else [st.name for st in sets]
    columns = [(h, column(st)) for h, st in zip(names, sets, strict=True)]
    if published:
        columns.append(("published", published_column(edition)))
    return table(columns)
