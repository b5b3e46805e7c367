"""The atlas of Ubongo 3D (issue 20): footprints of the 4x5 frame filled two layers high, with
every 3- and 4-block combination that tiles them and its count.

The bundled atlases (``ubongo-3d``, ``ubongo-3d-family``) are checked against the search of
``ubongo.count``, which shares nothing with the atlas's ``analyze`` but the blocks: sampled
rows, every row of footprints Hypothesis draws (turned by any of the 8 turns of the square
first, the invariance the atlas's canonical forms rest on), and every combination of the
right volume on sampled footprints (the absent ones have no tiling). A tiling built by hand
(checked cell by cell here, no solver) is in the atlas. Atlases of squares keep their meta
byte for byte.
"""

from __future__ import annotations

import doctest
import itertools
import json
import random
from collections.abc import Iterator
from contextlib import closing, contextmanager
from functools import cache
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo
from ubongo.cli import main
from ubongo.puzzles import bundled_pieces
from ubongo.puzzles.atlas import bundled_atlas
from ubongo.puzzles.atlas.build import Spec
from ubongo.puzzles.atlas.enumerate import canonical_mask, cells_of
from ubongo.puzzles.atlas.query import meta_rows
from ubongo.solver import Puzzle, count
from ubongo.solver.figure import Figure, stacked
from ubongo.solver.lattice import CUBE, SQUARE, apply, normalise
from ubongo.solver.pieces import STANDARD

Cell = tuple[int, int]
BLOCKS = bundled_pieces("ubongo-3d")
FAMILY = bundled_pieces("ubongo-3d-family")


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _ok(*args: str) -> str:
    code, out, err = _run(*args)
    assert code == 0, err
    return out


def _rows(cells: set[Cell] | frozenset[Cell]) -> str:
    """Cells as inline rows ('##./.##')."""
    fig = Figure.from_cells(cells)
    return "/".join(fig.rows())


@contextmanager
def _atlas(name: str) -> Iterator[duckdb.DuckDBPyConnection]:
    with bundled_atlas(name) as path:
        con = duckdb.connect(str(path), read_only=True)
        try:
            yield con
        finally:
            con.close()


@cache
def _footprints(name: str) -> dict[int, dict[str, int]]:
    """Every footprint of a bundled atlas with its rows ('A C D' -> tilings)."""
    with bundled_atlas(name) as path:
        return _read(path)


def _read(path: Path) -> dict[int, dict[str, int]]:
    """Every footprint of an atlas with its rows ('A C D' -> tilings); the connection closed
    again (DuckDB opens no second one of another configuration, as the commands do)."""
    with closing(duckdb.connect(str(path), read_only=True)) as con:
        names = [n for (n,) in con.execute("SELECT name FROM pieces ORDER BY bit").fetchall()]
        out: dict[int, dict[str, int]] = {m: {} for m in _masks(con)}
        for mask, bits, tilings in con.execute(
            "SELECT mask, pieces, tilings FROM puzzles"
        ).fetchall():
            out[mask][" ".join(n for i, n in enumerate(names) if bits >> i & 1)] = tilings
    return out


def _masks(con: duckdb.DuckDBPyConnection) -> list[int]:
    return [m for (m,) in con.execute("SELECT mask FROM figures ORDER BY mask").fetchall()]


# --- counts against the solver ----------------------------------------------------------------


def test_sampled_rows_agree_with_ubongo_count() -> None:
    rows = sorted(
        (m, c, t) for m, combos in _footprints("ubongo-3d").items() for c, t in combos.items()
    )
    for mask, combo, tilings in random.Random(20).sample(rows, 150):
        footprint = _rows(set(cells_of(mask, 5)))
        assert ubongo.count(footprint, combo, piece_set="ubongo-3d", height=2) == tilings


@pytest.mark.parametrize(("name", "pieces"), [("ubongo-3d", BLOCKS), ("ubongo-3d-family", FAMILY)])
def test_every_combination_absent_from_a_sampled_footprint_has_no_tiling(
    name: str, pieces: ubongo.PieceSet
) -> None:
    """Completeness: on 12 footprints of each atlas, every combination of 3 or 4 distinct
    blocks whose volume is twice the area is in the atlas with its count, or has no tiling."""
    rows = _footprints(name)
    for mask in random.Random(3).sample(sorted(rows), 12):
        fig = stacked(Figure.from_cells(cells_of(mask, 5)), 2)
        found = {}
        for n in (3, 4):
            for combo in itertools.combinations(pieces.values(), n):
                if sum(p.area for p in combo) == fig.area:
                    found[" ".join(p.name for p in combo)] = count(Puzzle(fig, combo))
        assert {k: v for k, v in found.items() if v} == rows[mask]


TURNS = SQUARE.turns


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_random_footprint_turned_any_way_counts_as_its_rows_say(data: st.DataObject) -> None:
    """Every row of a footprint drawn from the atlas, counted by the solver on the footprint
    turned or mirrored (the atlas keeps one of the 8; a mirror of the footprint is the prism
    turned over, a proper rotation, so no count may change)."""
    name, pieces = data.draw(st.sampled_from([("ubongo-3d", BLOCKS), ("ubongo-3d-family", FAMILY)]))
    rows = _footprints(name)
    mask = data.draw(st.sampled_from(sorted(rows)))
    listed = rows[mask]
    turned = normalise(apply(data.draw(st.sampled_from(TURNS)), cells_of(mask, 5)))
    for combo, tilings in listed.items():
        got = ubongo.count(_rows(turned), combo, piece_set=pieces, height=2)
        assert got == tilings, (name, _rows(turned), combo)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=6, max_size=9))
def test_a_footprint_and_its_mirror_have_the_same_counts(cells: set[Cell]) -> None:
    """The claim the atlas rests on, checked without it: blocks are chiral, yet the mirror of a
    footprint two high has the count of the footprint for every combination (the mirror is
    (z, r, c) -> (1 - z, r, -c) of the prism, a half turn)."""
    fig = stacked(Figure.from_cells(cells), 2)
    mirror = stacked(Figure.from_cells((r, -c) for r, c in cells), 2)
    rng = random.Random(len(cells))
    combos = [
        c
        for n in (2, 3, 4)
        for c in itertools.combinations(BLOCKS.values(), n)
        if sum(p.area for p in c) == fig.area
    ]
    for combo in rng.sample(combos, min(25, len(combos))):
        assert count(Puzzle(fig, combo)) == count(Puzzle(mirror, combo))


def test_the_symmetry_column_is_the_prisms_number_of_proper_rotations() -> None:
    """On every row: the footprint's turns, each made proper, and more for the 2 x n
    rectangles, whose prism also turns a quarter about its length (counted by brute force
    here over the 24 rotation matrices, not through the lattice's symmetry search)."""
    rotations = [
        m
        for m in itertools.product(*[[(1, 0, 0), (0, 1, 0), (0, 0, 1)]] * 3)
        if sorted(map(sorted, zip(*m, strict=True))) == [[0, 0, 1]] * 3
    ]
    signed = [
        tuple(tuple(s * v for v in row) for s, row in zip(signs, m, strict=True))
        for m in rotations
        for signs in itertools.product((1, -1), repeat=3)
    ]
    proper = [t for t in signed if _det(t) == 1]
    assert len(proper) == 24
    with _atlas("ubongo-3d") as con:
        rows = con.execute("SELECT mask, symmetry FROM figures ORDER BY mask").fetchall()
    more = 0
    for mask, symmetry in rows:
        cells = set(cells_of(mask, 5))
        prism = stacked(Figure.from_cells(cells), 2).cells
        assert sum(normalise(apply(t, prism)) == prism for t in proper) == symmetry
        more += symmetry > sum(normalise(apply(t, cells)) == cells for t in TURNS)
    assert more == 3  # the 2x3, 2x4 and 2x5 rectangles


def _det(m: tuple[tuple[int, ...], ...]) -> int:
    (a, b, c), (d, e, f), (g, h, i) = m
    return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)


# --- what is in the atlas and what is not -----------------------------------------------------


HAND_MADE = ["GGP", "GGP", "GPP", "--", "DDO", "DOO", "DDO"]
"""The 3x3 footprint two high, tiled by hand: a P pentomino (G) and an L tetromino (P) below,
a U pentomino (D) and a T tetromino (O) above; flat blocks, so any way they lie is a proper
rotation (checked below)."""


def test_a_tiling_made_by_hand_is_in_the_atlas() -> None:
    layers = [HAND_MADE[:3], HAND_MADE[4:]]
    cells: dict[str, set[tuple[int, int, int]]] = {}
    for z, layer in enumerate(layers):
        for r, row in enumerate(layer):
            for c, ch in enumerate(row):
                cells.setdefault(ch, set()).add((z, r, c))
    assert set().union(*cells.values()) == {
        (z, r, c) for z in (0, 1) for r in (0, 1, 2) for c in (0, 1, 2)
    }
    for name, placed in cells.items():  # each part is its block, turned (no mirror image)
        assert CUBE.canonical(frozenset(placed)) == BLOCKS[name].key, name
    mask = canonical_mask({(r, c) for r in range(3) for c in range(3)}, (4, 5))
    assert mask is not None
    listed = _footprints("ubongo-3d")[mask]
    assert listed["D G O P"] >= 1
    assert listed["D G O P"] == ubongo.count(
        "###/###/###", "D G O P", piece_set="ubongo-3d", height=2
    )


def test_only_the_holed_atlas_holds_footprints_with_holes() -> None:
    """The family atlas (built with --holes) is the 2009 one's footprints plus exactly those
    with a hole; the 3x3 ring, the published Family footprint's kind, is among them."""
    plain, holed = set(_footprints("ubongo-3d")), set(_footprints("ubongo-3d-family"))
    extra = {m for m in holed - plain if Figure.from_cells(cells_of(m, 5)).holes()}
    assert plain <= holed and holed - plain == extra and len(extra) == 222
    ring = canonical_mask({(r, c) for r in range(3) for c in range(3)} - {(1, 1)}, (4, 5))
    assert ring in extra and _footprints("ubongo-3d-family")[ring]


# --- the commands -----------------------------------------------------------------------------


def test_build_a_small_3d_atlas_that_agrees_with_the_bundled_one(tmp_path: Path) -> None:
    out = tmp_path / "small.duckdb"
    _ok(
        "atlas",
        "build",
        "--pieces",
        "ubongo-3d",
        "--frame",
        "3x4",
        "--areas",
        "6-8",
        "-o",
        str(out),
        "-q",
    )
    with closing(duckdb.connect(str(out), read_only=True)) as con:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    assert (meta["lattice"], meta["height"], meta["sizes"]) == ('"cube"', "2", "[3, 4]")
    assert "holes" not in meta
    small, big = _read(out), _footprints("ubongo-3d")
    fitting = {canonical_mask(set(cells_of(m, 5)), (3, 4)) for m in big if 6 <= m.bit_count() <= 8}
    assert set(small) == fitting - {None}
    for mask, combos in small.items():
        other = canonical_mask(set(cells_of(mask, 4)), (4, 5))
        assert other is not None and big[other] == combos


def test_stats_find_and_figure_on_the_3d_atlas() -> None:
    text = _ok("atlas", "stats", "ubongo-3d")
    assert text.startswith("frame 4x5, areas 5-10, footprints of cubes 2 high\n")
    doc = json.loads(_ok("atlas", "stats", "ubongo-3d", "--json"))
    assert (doc["lattice"], doc["height"], doc["pieces"][0]) == ("cube", 2, "A")
    assert "holes kept" in _ok("atlas", "stats", "ubongo-3d-family").splitlines()[0]
    found = json.loads(
        _ok("atlas", "find", "ubongo-3d", "--combo", "D G O P", "--box", "3x3", "--json")
    )
    assert ["###", "###", "###"] in [m["figure"] for m in found]
    assert all(m["height"] == 2 and m["lattice"] == "cube" for m in found)
    shown = _ok("atlas", "figure", "ubongo-3d", "####/###.")
    assert shown.startswith("figure 239: 7 cells x 2 layers, 2x4, symmetry 1")
    assert "  A C D                    1 tiling" in shown.splitlines()
    layers = json.loads(_ok("atlas", "figure", "ubongo-3d", ".###/#### | .###/####", "--json"))
    assert layers["figure"] == ["####", "###."] and layers["mask"] == 239
    rows = _ok("atlas", "sql", "ubongo-3d", "SELECT value FROM meta WHERE key = 'lattice'")
    assert rows.split() == ["value", '"cube"']


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["figure", "ubongo-3d", "####/###. | ####/#..."],
            1,
            "the figure is none (its layers differ)",
        ),
        (["figure", "ubongo-3d", "##/## | ##/## | ##/##"], 1, "the figure is none (it has 3)"),
        (
            ["figure", "4x5", "####/###. | ####/###."],
            1,
            "an atlas of squares; the figure is of cubes",
        ),
        (["figure", "ubongo-3d", "###/#.#/###"], 1, "no such figure (it has a hole)"),
        (["build", "--height", "2", "-o", "{tmp}/a.duckdb"], 2, "these pieces are squares"),
        (
            ["build", "--pieces", "{one-sided}", "-o", "{tmp}/a.duckdb"],
            1,
            "atlases of one-sided squares are not made",
        ),
    ],
)
def test_mistakes_are_one_line(args: list[str], code: int, message: str, tmp_path: Path) -> None:
    files = {
        "one-sided": {"lattice": "one-sided", "pieces": {"L4": {"rows": ["#.", "#.", "##"]}}},
    }
    paths = {}
    for name, body in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"format": "ubongo-pieces", "version": 2, **body}))
        paths[name] = str(path)
    got, out, err = _run("atlas", *(a.format(tmp=tmp_path, **paths) for a in args))
    # exit 1: one line; exit 2: click's usage error, its message on the last line
    assert (got, out) == (code, "") and message in err.splitlines()[-1], err
    assert code == 2 or len(err.splitlines()) == 1, err
    assert not (tmp_path / "a.duckdb").exists()


def test_an_atlas_of_squares_keeps_its_meta_byte_for_byte() -> None:
    """The bundled 4x5 atlas predates atlases of cubes: its meta rows are what meta_rows writes
    for squares today (no lattice, height or holes key), and it reads as squares."""
    with _atlas("4x5") as con:
        stored = con.execute("SELECT key, value FROM meta").fetchall()
    shards = json.loads(dict(stored)["shards"])
    assert sorted(meta_rows(Spec((4, 5), (11, 18), (3, 4), STANDARD), shards)) == sorted(stored)
    assert not {"lattice", "height"} & set(json.loads(_ok("atlas", "stats", "4x5", "--json")))


def test_a_damaged_lattice_or_height_is_named(tmp_path: Path) -> None:
    for key, value, shown in [
        ("lattice", '"one-sided"', '"one-sided"'),
        ("lattice", "[1]", "[1]"),
        ("height", "0", "0"),
        ("holes", '"yes"', '"yes"'),
    ]:
        path = tmp_path / f"{key}.duckdb"
        with bundled_atlas("ubongo-3d") as src:
            path.write_bytes(Path(src).read_bytes())
        con = duckdb.connect(str(path))
        con.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])
        con.close()
        code, _, err = _run("atlas", "stats", str(path))
        assert code == 1 and f"damaged atlas (meta.{key} is {shown})" in err, err


def test_the_docstring_examples_of_figures_hold() -> None:
    """``stacked``'s example among them: a footprint two layers high."""
    from ubongo.solver import figure

    outcome = doctest.testmod(figure)
    assert outcome.attempted > 0 and outcome.failed == 0
