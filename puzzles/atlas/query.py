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
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from ubongo.puzzles.atlas.build import Spec, footprint_lattice
from ubongo.puzzles.atlas.enumerate import Mask, figure_of_mask
from ubongo.solver.errors import UbongoError
from ubongo.solver.figure import MAX_LEVELS, Figure
from ubongo.solver.lattice import CUBE, HEX, SQUARE, TRI, Lattice
from ubongo.solver.pieces import Piece, PieceSet, piece_from_json

SCHEMA = 1
"""The schema version written into ``meta``; readers refuse any other."""
LATTICES = {lattice.name: lattice for lattice in (SQUARE, CUBE, HEX, TRI)}
"""The lattices an atlas is made on: its figures are polyforms up to the turns of their lattice
(8 on squares, 12 on hexagons and triangles), which change no count of pieces turned and turned
over, nor of blocks of cubes on a footprint stacked in layers (each turn of the square is a
proper rotation of the prism). Pieces of one-sided squares would need other canonical forms
(a figure and its mirror image have different counts)."""


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
    defs: tuple[Piece, ...]  # each piece, in bit order
    lattice: Lattice = SQUARE
    height: int = 1  # layers of cubes a footprint is stacked to (1 on squares)
    holes: bool = False  # figures with holes kept

    def piece_set(self) -> PieceSet:
        """The pieces the atlas was built with, in bit order."""
        return PieceSet(self.defs, self.lattice)

    @property
    def footprint_lattice(self) -> Lattice:
        """The lattice of the atlas's figures (footprints of squares for blocks of cubes)."""
        return footprint_lattice(self.lattice)

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

    def figure(self, cols: int, lattice: Lattice = SQUARE) -> Figure:
        """The figure drawn from its mask, a footprint in an atlas of cubes (``cols``: the
        frame's columns, the mask's stride; ``lattice``: ``Info.footprint_lattice``)."""
        return figure_of_mask(self.mask, cols, lattice)


def meta_rows(spec: Spec, shards: int) -> list[tuple[str, str]]:
    """The ``meta`` table of an atlas built for ``spec``: key, JSON value. ``lattice``,
    ``height`` and ``holes`` are written only where they differ from squares, 1 and false, so
    an atlas of squares (and the manifest of its shards) is what it was before they existed."""
    values: dict[str, Any] = {
        "format": "ubongo-atlas",
        "schema": SCHEMA,
        "frame": f"{spec.frame[0]}x{spec.frame[1]}",
        "areas": list(spec.areas),
        "sizes": list(spec.sizes),
        "pieces": [_meta_piece(p) for p in spec.pieces.values()],
        "shards": shards,
    }
    values |= described(spec.pieces.lattice, spec.height, spec.holes)
    return [(k, json.dumps(v)) for k, v in values.items()]


def described(lattice: Lattice, height: int, holes: bool) -> dict[str, Any]:
    """What an atlas is besides one of hole-free figures of squares, as ``meta`` and ``stats``
    give it: ``lattice`` off squares and ``height`` for cubes, ``holes`` when kept; nothing for
    an atlas of squares, whose meta and answers stay what they were before atlases of cubes."""
    out: dict[str, Any] = {}
    if lattice is not SQUARE:
        out["lattice"] = lattice.name
    if lattice.layered:
        out["height"] = height
    if holes:
        out["holes"] = True
    return out


def _meta_piece(p: Piece) -> dict[str, Any]:
    """A piece in ``meta.pieces``: name, code and rows of squares, else its cells and colour."""
    if p.lattice is SQUARE:
        return {"name": p.name, "code": p.code, "rows": list(p.rows())}
    out = {"name": p.name, "code": p.code, "cells": sorted(map(list, p.shape))}
    return out if p.colour is None else out | {"colour": p.colour}


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


TABLES: dict[str, dict[str, str]] = {
    "meta": {"key": "VARCHAR", "value": "VARCHAR"},
    "pieces": {"bit": "UTINYINT", "name": "VARCHAR", "code": "VARCHAR", "area": "UTINYINT"},
    "figures": {
        "mask": "BIGINT",
        "area": "UTINYINT",
        "rows": "UTINYINT",
        "cols": "UTINYINT",
        "symmetry": "UTINYINT",
    },
    "puzzles": {"mask": "BIGINT", "pieces": "BIGINT", "size": "UTINYINT", "tilings": "INTEGER"},
}
"""The columns and types of schema 1 (FORMAT.md); ``figures`` has ``combosN``, ``uniqueN``
(INTEGER) for each size besides. Readers check them, and that no row of figures or puzzles
holds a NULL, when they open an atlas."""


def info(con: Connection, name: str) -> Info:
    """The atlas's description; AtlasError when the database is no atlas of this schema, or a
    damaged one (its meta rows, the tables' columns and types, a NULL)."""
    columns = _columns(con)
    if "meta" not in columns:
        raise AtlasError(f"{name}: not an atlas (no meta table)")
    found = con.execute("SELECT key, value FROM meta").fetchall()
    try:
        meta = {str(k): json.loads(v) for k, v in found}
    except (TypeError, ValueError):
        raise AtlasError(f"{name}: damaged atlas (its meta table is not JSON)") from None
    if meta.get("format") != "ubongo-atlas":
        raise AtlasError(f"{name}: not an atlas (meta.format is {meta.get('format')!r})")
    if meta.get("schema") != SCHEMA:
        raise AtlasError(
            f"{name}: atlas schema {meta.get('schema')!r}; this version reads schema {SCHEMA} "
            "(rebuild it with ubongo atlas build)"
        )
    about = _described(meta, name)
    _check_tables(con, columns, about, name)
    return about


def _columns(con: Connection) -> dict[str, dict[str, str]]:
    """Each table of the database's main schema: its columns and their types."""
    rows = con.execute(
        "SELECT table_name, column_name, data_type FROM duckdb_columns() "
        "WHERE database_name = current_database() AND schema_name = 'main'"
    ).fetchall()
    out: dict[str, dict[str, str]] = {}
    for table, column, kind in rows:
        out.setdefault(str(table), {})[str(column)] = str(kind)
    return out


def _described(meta: dict[str, Any], name: str) -> Info:
    """The Info of meta's values; AtlasError naming the first key that is missing or wrong."""
    from ubongo.puzzles.atlas.enumerate import check_frame

    def bad(key: str) -> AtlasError:
        shown = json.dumps(meta[key])[:60] if key in meta else "missing"
        return AtlasError(f"{name}: damaged atlas (meta.{key} is {shown})")

    frame, areas, sizes, pieces = (meta.get(k) for k in ("frame", "areas", "sizes", "pieces"))
    if not isinstance(frame, str) or not _FRAME.fullmatch(frame):
        raise bad("frame")
    rows, cols = (int(x) for x in frame.split("x"))
    try:
        if check_frame((rows, cols)) != (rows, cols):
            raise bad("frame")
    except ValueError:
        raise bad("frame") from None
    # a range of areas may run past the frame's cells (4x4 built with the default 11-18: the
    # build finds no figure above 16), so only its order is checked
    if not (_ints(areas) and len(areas) == 2 and 1 <= areas[0] <= areas[1]):
        raise bad("areas")
    sizes = meta.get("sizes")
    if not (
        _ints(sizes) and sizes and all(n >= 1 for n in sizes) and len(set(sizes)) == len(sizes)
    ):
        raise bad("sizes")
    named = meta.get("lattice", SQUARE.name)
    lattice = LATTICES.get(named) if isinstance(named, str) else None
    if lattice is None:
        raise bad("lattice")
    height = meta.get("height", 1)
    if not (type(height) is int and 1 <= height <= MAX_HEIGHT and (height == 1 or lattice.layered)):
        raise bad("height")
    holes = meta.get("holes", False)
    if type(holes) is not bool:
        raise bad("holes")
    if not (isinstance(pieces, list) and 0 < len(pieces) < 63 and all(map(_piece, pieces))):
        raise bad("pieces")
    try:
        defs = tuple(piece_from_json(p["name"], p, lattice) for p in pieces)
        PieceSet(defs, lattice)
    except (UbongoError, ValueError):
        raise bad("pieces") from None
    return Info(
        (rows, cols),
        (areas[0], areas[1]),
        tuple(sizes),
        tuple(p["name"] for p in pieces),
        defs,
        lattice,
        height,
        holes,
    )


MAX_HEIGHT = MAX_LEVELS
"""The most layers an atlas stacks a footprint to (as ``--height`` anywhere)."""


_FRAME = re.compile(r"[1-9][0-9]?x[1-9][0-9]?")


def _ints(value: Any) -> TypeGuard[list[int]]:
    """Whether ``value`` is a JSON list of integers (not booleans)."""
    return isinstance(value, list) and all(type(v) is int for v in value)


def _piece(value: Any) -> bool:
    """Whether ``value`` looks like a meta piece: name, code and rows, all text, or name, code
    and a list of cells (which the piece reader checks)."""
    return (
        isinstance(value, dict)
        and isinstance(value.get("name"), str)
        and isinstance(value.get("code"), str)
        and (
            isinstance(value.get("rows"), list)
            and all(isinstance(r, str) for r in value["rows"])
            or isinstance(value.get("cells"), list)
        )
    )


def _check_tables(
    con: Connection, columns: dict[str, dict[str, str]], about: Info, name: str
) -> None:
    """AtlasError unless every table has its columns (of their types), the pieces table lists
    meta's pieces, and no row of figures or puzzles holds a NULL."""
    per_size = {f"{k}{n}": "INTEGER" for n in about.sizes for k in ("combos", "unique")}
    for table, want in TABLES.items():
        have = columns.get(table)
        if have is None:
            raise AtlasError(f"{name}: damaged atlas (no {table} table)")
        for column, kind in (want | per_size if table == "figures" else want).items():
            if have.get(column) != kind:
                got = f"of type {have[column]}" if column in have else "missing"
                raise AtlasError(
                    f"{name}: damaged atlas (column {table}.{column} {got}; expected {kind})"
                )
    listed = con.execute("SELECT bit, name, code FROM pieces ORDER BY bit").fetchall()
    if listed != [(i, p.name, p.code) for i, p in enumerate(about.defs)]:
        raise AtlasError(f"{name}: damaged atlas (its pieces table does not match meta.pieces)")
    for table in ("figures", "puzzles"):
        cols = list(TABLES[table]) + (list(per_size) if table == "figures" else [])
        nulls = " OR ".join(f'"{c}" IS NULL' for c in cols)
        (count,) = con.execute(f"SELECT count(*) FROM {table} WHERE {nulls}").fetchone()
        if count:
            raise AtlasError(f"{name}: damaged atlas ({count} rows of {table} hold a NULL)")


def stats(con: Connection, name: str) -> dict[str, Any]:
    """Counts: figures by area, puzzles and unique puzzles by size, tilings by size; an atlas
    of cubes also says its lattice and height, one that keeps holes says so."""
    about = info(con, name)

    def by(sql: str) -> dict[str, int]:
        return {str(k): int(v) for k, v in con.execute(sql).fetchall()}

    return {
        "frame": f"{about.frame[0]}x{about.frame[1]}",
        "areas": list(about.areas),
        **described(about.lattice, about.height, about.holes),
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
