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
from dataclasses import dataclass
from typing import Any

from generator.profile import PUBLISHED, SIDES, Frame, SideProfile
from puzzles import PuzzleSet, Side
from solver.analyze import analyze

BUCKETS: tuple[tuple[str, int, int], ...] = (
    ("1", 1, 1),
    ("2", 2, 2),
    ("3", 3, 3),
    ("4-6", 4, 6),
    ("7-12", 7, 12),
    ("13+", 13, 10**9),
)
"""Tiling-count buckets of the table: label, lowest, highest."""


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

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready object (``ubongo stats --json``)."""
        return {
            "set": self.name,
            "frame": f"{self.frame[0]}x{self.frame[1]}",
            "templates": self.templates,
            "repeated_figures": self.repeated_figures,
            "sides": {s: st.to_json() for s, st in self.sides.items()},
        }


def tilings(side: Side, ps: PuzzleSet, timeout: Timeout = None) -> list[int]:
    """Tiling count of each combination of a side, in die order (0 when unsolvable)."""
    counts: dict[frozenset[str], int] = {}
    for size in sorted({len(c) for c in side.combos}):
        for cc in analyze(side.figure, size, ps.pieces, timeout=_seconds(timeout)):
            counts[frozenset(cc.pieces)] = cc.tilings
    return [counts.get(frozenset(c), 0) for c in side.combos]


def _fits(h: int, w: int, frame: Frame) -> bool:
    return h <= frame[0] and w <= frame[1] or w <= frame[0] and h <= frame[1]


def side_stats(
    ps: PuzzleSet, name: str, frame: Frame = (5, 6), timeout: Timeout = None
) -> SideStats:
    """The calibration numbers of the ``name`` sides of a set (``timeout``: see set_stats)."""
    sides = [s for t in ps.templates if (s := t.side(name)) is not None]
    figs = [s.figure for s in sides]
    counts = [tilings(s, ps, timeout) for s in sides]
    flat = [n for ns in counts for n in ns]
    solved = [n for n in flat if n > 0]
    faces = []
    for i, face in enumerate(ps.die):
        ns = [ns[i] for ns in counts if i < len(ns)]
        ok = [n for n in ns if n > 0]
        faces.append(FaceStats(face, len(ns), sum(ok) / len(ok) if ok else 0.0, ns.count(1)))
    use = Counter(p for s in sides for c in s.combos for p in c)
    return SideStats(
        side=name,
        sides=len(sides),
        areas=dict(sorted(Counter(f.area for f in figs).items())),
        boxes=_sorted_boxes(Counter(_box(f.height, f.width) for f in figs)),
        holes=sum(f.holes() > 0 for f in figs),
        disconnected=sum(not f.is_connected() for f in figs),
        outside_frame=sum(not _fits(f.height, f.width, frame) for f in figs),
        combos_per_side=dict(sorted(Counter(len(s.combos) for s in sides).items())),
        pieces_per_combo=dict(sorted(Counter(len(c) for s in sides for c in s.combos).items())),
        tilings={lab: sum(lo <= n <= hi for n in flat) for lab, lo, hi in BUCKETS},
        unsolvable=flat.count(0),
        tilings_mean=sum(solved) / len(solved) if solved else 0.0,
        tilings_max=max(flat, default=0),
        piece_use={p: use.get(p, 0) for p in ps.pieces},
        faces=tuple(faces),
    )


def _box(h: int, w: int) -> str:
    return f"{min(h, w)}x{max(h, w)}"


def _sorted_boxes(c: Counter[str]) -> dict[str, int]:
    return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))


Timeout = float | Callable[[], float] | None
"""Seconds for each count, or a function giving the seconds left of a whole run."""


def _seconds(timeout: Timeout) -> float | None:
    return timeout() if callable(timeout) else timeout


def set_stats(ps: PuzzleSet, frame: Frame = (5, 6), timeout: Timeout = None) -> SetStats:
    """The calibration table of a set; ``frame`` is the frame figures are checked against."""
    keys = Counter(
        s.figure.canonical() for t in ps.templates for n in SIDES if (s := t.side(n)) is not None
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
    for name, s in st.sides.items():
        p = f"{name} "
        col[p + "sides"] = str(s.sides)
        for a, n in s.areas.items():
            col[f"{p}area {a}"] = _pct(n, s.sides)
        for b, n in s.boxes.items():
            col[f"{p}box {b}"] = _pct(n, s.sides)
        col[p + "holes"] = str(s.holes)
        col[p + "disconnected"] = str(s.disconnected)
        col[f"{p}outside {st.frame[0]}x{st.frame[1]}"] = str(s.outside_frame)
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
    return col


def published_column() -> Column:
    """The published game's values (calibration.md) for the rows it reports."""
    col: Column = {"templates": "-", "repeated figures": "-"}
    sides = {"easy": 21, "hard": 32}
    for name in SIDES:
        sp: SideProfile = PUBLISHED.side(name)
        p = f"{name} "
        col[p + "sides"] = str(sides[name])
        for a, s in sp.areas:
            col[f"{p}area {a}"] = f"{100 * s:.0f}%"
        for (h, w), s in sp.boxes:
            col[f"{p}box {h}x{w}"] = f"{100 * s:.0f}%"
        col[p + "holes"] = "0"
        col[p + "disconnected"] = "0"
        col[p + "outside 5x6"] = "0"
        col[p + "pieces per combination"] = "3" if name == "easy" else "4"
        col.update(_published_tilings(name))
        for piece, s in sp.pieces:
            col[f"{p}piece {piece}"] = f"{100 * s:.0f}%"
    return col


def _published_tilings(name: str) -> Column:
    if name == "easy":
        values = ("64%", "22%", "7%", "6%", "1%", "0%", "1.6", "9")
    else:
        values = ("29%", "21%", "20%", "19%", "10%", "1%", "3.8", "48")
    labels = [f"{name} tilings {lab}" for lab, _, _ in BUCKETS]
    labels += [f"{name} tilings mean", f"{name} tilings max"]
    return dict(zip(labels, values, strict=True))


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
    return side, kind, ""


def table(columns: Sequence[tuple[str, Column]]) -> str:
    """The calibration table with one column per set, rows grouped by side."""
    cols = [c for _, c in columns]
    rows = _rows(cols)
    width = max(10, *(len(h) + 2 for h, _ in columns))
    lines = [f"{'':<26}" + "".join(f"{h:>{width}}" for h, _ in columns)]
    current = ""
    for r in rows:
        side = r.split()[0] if r.startswith(SIDES) else ""
        if side != current:
            current = side
            lines.append(f"{side} side")
        label = r.split(" ", 1)[1] if side else r
        if label.startswith("face "):
            label += " (mean, 1 tiling)"
        lines.append(f"  {label:<24}" + "".join(f"{c.get(r, ''):>{width}}" for c in cols))
    return "\n".join(lines)


def published_json() -> dict[str, Any]:
    """The published game's numbers (calibration.md) as ``ubongo stats --json`` gives them."""
    out: dict[str, Any] = {"set": "published", "sides": {}}
    for name in SIDES:
        sp: SideProfile = PUBLISHED.side(name)
        out["sides"][name] = {
            "areas": {str(a): s for a, s in sp.areas},
            "boxes": {f"{h}x{w}": s for (h, w), s in sp.boxes},
            "tilings": {f"{lo}-{hi}" if lo != hi else str(lo): s for (lo, hi), s in sp.tilings},
            "pieces": dict(sp.pieces),
        }
    return out


def stats_table(
    sets: Iterable[SetStats], published: bool = False, headings: Sequence[str] | None = None
) -> str:
    """The table for these sets side by side, with the published game's column if asked.

    Columns are headed by the sets' names, or by ``headings`` when given.
    """
    sets = list(sets)
    names = list(headings) if headings is not None else [st.name for st in sets]
    columns = [(h, column(st)) for h, st in zip(names, sets, strict=True)]
    if published:
        columns.append(("published", published_column()))
    return table(columns)
