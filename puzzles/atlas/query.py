"""Questions to an atlas, asked over a DuckDB connection that the caller opens and hands in.

Glossary
    Connection  any object with DuckDB's ``execute(sql, params)`` returning a cursor with
                ``fetchall``/``fetchone``/``fetchmany``/``description``; this module never
                opens a database itself (the CLI does).
    Match       a figure of the atlas as ``find`` returns it: mask, box, symmetry, and the
                combinations that matched with their tiling counts.

The schema (FORMAT.md, "The atlas") is created here too, so writer and readers agree on it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ubongo.puzzles.atlas.build import Spec
from ubongo.puzzles.atlas.enumerate import Mask, cells_of
from ubongo.solver.errors import UbongoError
from ubongo.solver.figure import Figure
from ubongo.solver.pieces import Piece, PieceSet, shape_from_rows

SCHEMA = 1
"""The schema version written into ``meta``; readers refuse any other."""


class Connection(Protocol):
    """What this module needs of a DuckDB connection."""

    def execute(self, query: str, parameters: object = ..., /) -> Any: ...


class AtlasError(UbongoError):
    """A database that is no atlas, an atlas of another schema, or a query it refuses."""


@dataclass(frozen=True)
class Info:
    """An atlas's own description, from its ``meta`` table."""

    frame: tuple[int, int]
    areas: tuple[int, int]
    sizes: tuple[int, ...]
    pieces: tuple[str, ...]  # names, bit i of a pieces bit set is pieces[i]
    defs: tuple[tuple[str, str, tuple[str, ...]], ...]  # name, code, rows of each piece

    def piece_set(self) -> PieceSet:
        """The pieces the atlas was built with, in bit order."""
        return PieceSet(Piece(n, c, shape_from_rows(r)) for n, c, r in self.defs)

    def names(self, bits: int) -> tuple[str, ...]:
        """The piece names of a pieces bit set."""
        return tuple(n for i, n in enumerate(self.pieces) if bits >> i & 1)

    def bits(self, names: Sequence[str]) -> int:
        """The bit set of piece names (already resolved to this atlas's names)."""
        return sum(1 << self.pieces.index(n) for n in names)


@dataclass(frozen=True)
class Match:
    """A figure found by ``find`` (see the glossary)."""

    mask: Mask
    area: int
    rows: int
    cols: int
    symmetry: int
    combos: tuple[tuple[tuple[str, ...], int], ...]

    def figure(self, cols: int) -> Figure:
        """The figure drawn from its mask (``cols``: the frame's columns, the mask's stride)."""
        return Figure(frozenset(cells_of(self.mask, cols)))


def meta_rows(spec: Spec, shards: int) -> list[tuple[str, str]]:
    """The ``meta`` table of an atlas built for ``spec``: key, JSON value."""
    pieces = [
        {"name": p.name, "code": p.code, "rows": list(p.rows())} for p in spec.pieces.values()
    ]
    values: dict[str, Any] = {
        "format": "ubongo-atlas",
        "schema": SCHEMA,
        "frame": f"{spec.frame[0]}x{spec.frame[1]}",
        "areas": list(spec.areas),
        "sizes": list(spec.sizes),
        "pieces": pieces,
        "shards": shards,
    }
    return [(k, json.dumps(v)) for k, v in values.items()]


def create_tables(
    con: Connection, spec: Spec, shards: int, figures: list[str], puzzles: list[str]
) -> None:
    """Make the atlas's tables from the Parquet shards of each table, sorted by their keys."""
    meta = meta_rows(spec, shards)
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES " + ", ".join(["(?, ?)"] * len(meta)), _flat(meta))
    con.execute("CREATE TABLE pieces (bit UTINYINT, name VARCHAR, code VARCHAR, area UTINYINT)")
    rows = [(i, p.name, p.code, p.area) for i, p in enumerate(spec.pieces.values())]
    con.execute("INSERT INTO pieces VALUES " + ", ".join(["(?, ?, ?, ?)"] * len(rows)), _flat(rows))
    con.execute("CREATE TABLE figures AS SELECT * FROM read_parquet(?) ORDER BY mask", [figures])
    con.execute(
        "CREATE TABLE puzzles AS SELECT * FROM read_parquet(?) ORDER BY mask, size, pieces",
        [puzzles],
    )


def _flat(rows: Sequence[tuple[Any, ...]]) -> list[Any]:
    return [v for row in rows for v in row]


def info(con: Connection, name: str) -> Info:
    """The atlas's description; AtlasError when the database is no atlas of this schema."""
    try:
        found = dict(con.execute("SELECT key, value FROM meta").fetchall())
    except Exception as e:  # DuckDB raises its own CatalogException: not importable here
        raise AtlasError(f"{name}: not an atlas (no meta table: {type(e).__name__})") from None
    try:
        meta = {k: json.loads(v) for k, v in found.items()}
    except (TypeError, ValueError):
        raise AtlasError(f"{name}: not an atlas (its meta table is not JSON)") from None
    if meta.get("format") != "ubongo-atlas":
        raise AtlasError(f"{name}: not an atlas (meta.format is {meta.get('format')!r})")
    if meta.get("schema") != SCHEMA:
        raise AtlasError(
            f"{name}: atlas schema {meta.get('schema')!r}; this version reads schema {SCHEMA} "
            "(rebuild it with ubongo atlas build)"
        )
    rows, cols = (int(x) for x in str(meta["frame"]).split("x"))
    areas = meta["areas"]
    return Info(
        (rows, cols),
        (int(areas[0]), int(areas[1])),
        tuple(int(n) for n in meta["sizes"]),
        tuple(str(p["name"]) for p in meta["pieces"]),
        tuple((str(p["name"]), str(p["code"]), tuple(p["rows"])) for p in meta["pieces"]),
    )


def stats(con: Connection, name: str) -> dict[str, Any]:
    """Counts: figures by area, puzzles and unique puzzles by size, tilings by size."""
    about = info(con, name)

    def by(sql: str) -> dict[str, int]:
        return {str(k): int(v) for k, v in con.execute(sql).fetchall()}

    return {
        "frame": f"{about.frame[0]}x{about.frame[1]}",
        "areas": list(about.areas),
        "sizes": list(about.sizes),
        "pieces": list(about.pieces),
        "figures": by("SELECT area, count(*) FROM figures GROUP BY area ORDER BY area"),
        "symmetric": by("SELECT 'all', count(*) FROM figures WHERE symmetry > 1")["all"],
        "puzzles": by("SELECT size, count(*) FROM puzzles GROUP BY size ORDER BY size"),
        "unique": by(
            "SELECT size, count(*) FILTER (WHERE tilings = 1) FROM puzzles "
            "GROUP BY size ORDER BY size"
        ),
        "tilings": by("SELECT size, sum(tilings) FROM puzzles GROUP BY size ORDER BY size"),
    }


@dataclass(frozen=True)
class Filter:
    """What ``find`` asks of a figure and of its combinations (None: anything)."""

    combo: int | None = None  # exactly these pieces (a bit set)
    contains: int = 0  # combinations holding at least these pieces
    size: int | None = None
    unique: bool = False
    area: int | None = None
    box: tuple[int, int] | None = None


def find(con: Connection, name: str, want: Filter, limit: int) -> list[Match]:
    """Figures with at least one combination that passes ``want``, by mask, at most ``limit``."""
    about = info(con, name)
    where = ["TRUE"]
    params: list[Any] = []
    if want.combo is not None:
        where.append("p.pieces = ?")
        params.append(want.combo)
    if want.contains:
        where.append("p.pieces & ? = ?")
        params += [want.contains, want.contains]
    if want.size is not None:
        where.append("p.size = ?")
        params.append(want.size)
    if want.unique:
        where.append("p.tilings = 1")
    if want.area is not None:
        where.append("f.area = ?")
        params.append(want.area)
    if want.box is not None:
        a, b = want.box
        where.append("((f.rows = ? AND f.cols = ?) OR (f.rows = ? AND f.cols = ?))")
        params += [a, b, b, a]
    cond = " AND ".join(where)
    masks = [
        m
        for (m,) in con.execute(
            f"SELECT DISTINCT f.mask FROM figures f JOIN puzzles p ON p.mask = f.mask "
            f"WHERE {cond} ORDER BY f.mask LIMIT ?",
            [*params, limit],
        ).fetchall()
    ]
    out = []
    for m in masks:
        f = con.execute(
            "SELECT area, rows, cols, symmetry FROM figures WHERE mask = ?", [m]
        ).fetchone()
        combos = con.execute(
            f"SELECT p.pieces, p.tilings FROM figures f JOIN puzzles p ON p.mask = f.mask "
            f"WHERE f.mask = ? AND {cond} ORDER BY p.size, p.pieces",
            [m, *params],
        ).fetchall()
        out.append(_match(m, f, about, combos))
    return out


def lookup(con: Connection, name: str, mask: Mask) -> Match | None:
    """The figure of canonical mask ``mask`` with all its combinations, or None."""
    about = info(con, name)
    f = con.execute(
        "SELECT area, rows, cols, symmetry FROM figures WHERE mask = ?", [mask]
    ).fetchone()
    if f is None:
        return None
    combos = con.execute(
        "SELECT pieces, tilings FROM puzzles WHERE mask = ? ORDER BY size, pieces", [mask]
    ).fetchall()
    return _match(mask, f, about, combos)


def _match(mask: Mask, f: Sequence[int], about: Info, combos: list[tuple[int, int]]) -> Match:
    area, rows, cols, symmetry = (int(x) for x in f)
    named = tuple((about.names(b), int(t)) for b, t in combos)
    return Match(mask, area, rows, cols, symmetry, named)


def check_pieces(about: Info, pieces: PieceSet, name: str) -> None:
    """AtlasError unless the atlas was built with these pieces (names and shapes), in order."""
    mine = about.piece_set()
    if list(mine) != list(pieces) or any(mine[n].key != pieces[n].key for n in mine):
        raise AtlasError(
            f"{name}: built for the pieces {' '.join(about.pieces)}, not {' '.join(pieces)}"
        )


def figures_for(
    con: Connection, area: int, box: tuple[int, int], size: int, symmetric: bool, unique: int
) -> list[Mask]:
    """Figures of ``area`` cells and box ``box`` (either way round), symmetric or not, with a
    combination of ``size`` pieces and at least ``unique`` with one tiling, by mask."""
    if size not in _sizes(con):
        return []
    a, b = box
    rows = con.execute(
        f"SELECT mask FROM figures WHERE area = ? AND (symmetry > 1) = ? "
        f"AND ((rows = ? AND cols = ?) OR (rows = ? AND cols = ?)) "
        f"AND combos{size} > 0 AND unique{size} >= ? ORDER BY mask",
        [area, symmetric, a, b, b, a, unique],
    ).fetchall()
    return [int(m) for (m,) in rows]


def _sizes(con: Connection) -> list[int]:
    """The combination sizes the atlas holds (from its figures table's columns)."""
    names = [d[0] for d in con.execute("SELECT * FROM figures LIMIT 0").description]
    return [int(n[6:]) for n in names if n.startswith("combos") and n[6:].isdigit()]
