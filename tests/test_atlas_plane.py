"""The atlas on hexagons and triangles (issue 21): enumeration, canonical forms, build, queries.

The counts of the enumeration are the published ones of the On-Line Encyclopedia of Integer
Sequences (https://oeis.org), with holes kept, in frames that hold every figure of the sizes:

- A000228, free polyhexes: 1, 1, 3, 7, 22, 82, 333, 1448
- A001207, fixed polyhexes: 1, 3, 11, 44, 186, 814, 3652, 16689
- A000577, free polyiamonds: 1, 1, 1, 3, 4, 12, 24, 66
- A001420, fixed polyiamonds: 2, 3, 6, 14, 36, 94, 250, 675

and the figures of one area are those of a second enumerator (``tests/hextri.polyforms``,
growth by one cell and deduplication by ``Lattice.canonical``), sharing no code with
puzzles/atlas. The small atlases built here use the made-up pieces of examples/.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hextri import polyforms
from ubongo.cli import main
from ubongo.puzzles import parse_pieces
from ubongo.puzzles.atlas import enumerate as atlas_enumerate
from ubongo.puzzles.atlas.enumerate import (
    canonical_mask,
    figure_of_mask,
    grow,
    shard_plan,
)
from ubongo.solver.engine import solutions
from ubongo.solver.figure import Figure, parse_figure
from ubongo.solver.lattice import HEX, TRI, Lattice, Shape
from ubongo.solver.puzzle import Puzzle
from ubongo.solver.verify import is_solution

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PIECES = {"hex": EXAMPLES / "extreme-pieces.json", "tri": EXAMPLES / "trigo-pieces.json"}
LATTICE = {"hex": HEX, "tri": TRI}
BUILDS = {"hex": ("3x4", "8-9"), "tri": ("3x6", "8-10")}
"""Each plane's small atlas: frame and areas, with combinations of 2 pieces."""

PUBLISHED = {
    # plane: (frame holding every figure of up to len(free) cells, free counts, fixed counts)
    "hex": ((7, 8), [1, 1, 3, 7, 22, 82, 333, 1448], [1, 3, 11, 44, 186, 814, 3652, 16689]),
    "tri": ((4, 14), [1, 1, 1, 3, 4, 12, 24, 66], [2, 3, 6, 14, 36, 94, 250, 675]),
}


def _found(plane: str, frame: tuple[int, int], areas: tuple[int, int], holes: bool) -> list:
    return [f for s in shard_plan(frame, areas, 4, holes, plane) for f in grow(s)]


# --- enumeration ------------------------------------------------------------------------------


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_counts_are_the_published_free_and_fixed_counts(plane: str) -> None:
    frame, free, fixed = PUBLISHED[plane]
    found = _found(plane, frame, (1, len(free)), holes=True)
    by_area = Counter(f.area for f in found)
    assert [by_area[n] for n in range(1, len(free) + 1)] == free
    # a free figure of symmetry s has 12 / s fixed ones (translations apart)
    turned = Counter()
    for f in found:
        turned[f.area] += 12 // f.symmetry
    assert [turned[n] for n in range(1, len(fixed) + 1)] == fixed


def _fits(shape: Shape, lattice: Lattice, frame: tuple[int, int]) -> bool:
    """Whether one orientation's picture (as ``Figure.rows`` draws it) fits the frame."""
    for o in lattice.orientations(shape):
        f = Figure(o, lattice)
        if f.height <= frame[0] and f.width <= frame[1]:
            return True
    return False


@pytest.mark.parametrize(("plane", "frame", "area"), [("hex", (3, 4), 7), ("tri", (3, 6), 9)])
def test_the_figures_are_those_of_an_independent_enumerator(
    plane: str, frame: tuple[int, int], area: int
) -> None:
    """Hole-free figures of the area whose picture fits the frame in some orientation."""
    lattice = LATTICE[plane]
    want = {
        lattice.canonical(s)
        for s in polyforms(lattice, area)
        if not Figure(s, lattice).holes() and _fits(s, lattice, frame)
    }
    found = _found(plane, frame, (area, area), holes=False)
    got = [figure_of_mask(f.mask, frame[1], lattice).canonical() for f in found]
    assert len(got) == len(set(got)) and set(got) == want and want


def test_the_keeper_of_any_plane_agrees_with_the_bit_tables_of_squares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The squares' keeper is a faster form of the general one: the same figures, masks,
    boxes and symmetries, with holes kept or not."""
    for holes in (False, True):
        fast = _found("square", (3, 4), (1, 12), holes)
        with monkeypatch.context() as m:
            m.setattr(atlas_enumerate, "_KEEPERS", {})
            general = _found("square", (3, 4), (1, 12), holes)
        assert general == fast and len(fast) > 100


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["hex", "tri"]),
    st.integers(1, 3),
    st.integers(1, 6),
    st.integers(1, 7),
    st.integers(0, 2),
    st.booleans(),
)
def test_every_figure_enumerated_is_connected_inside_canonical_and_once(
    plane: str, rows: int, more: int, low: int, span: int, holes: bool
) -> None:
    lattice = LATTICE[plane]
    frame = (rows, rows + more)
    found = _found(plane, frame, (low, low + span), holes)
    keys = set()
    for f in found:
        fig = figure_of_mask(f.mask, frame[1], lattice)
        assert fig.is_connected() and (holes or not fig.holes())
        assert (fig.area, fig.height, fig.width) == (f.area, f.rows, f.cols)
        assert low <= f.area <= low + span and f.rows <= frame[0] and f.cols <= frame[1]
        assert canonical_mask(set(fig.cells), frame, lattice) == f.mask
        assert f.symmetry == len(lattice.symmetries(fig.cells))
        keys.add(fig.canonical())
    assert len(keys) == len(found)
    if not holes:  # and no hole-free figure is left out
        kept = _found(plane, frame, (low, low + span), holes=True)
        free = [f for f in kept if not figure_of_mask(f.mask, frame[1], lattice).holes()]
        assert free == found


def _grown(lattice: Lattice, rng: random.Random, size: int) -> Shape:
    """A random connected figure of ``size`` cells, grown one neighbour at a time."""
    seed = lattice.at(0, 0)
    cells = {seed}
    while len(cells) < size:
        p = rng.choice(sorted(cells))
        cells.add(rng.choice(lattice.neighbours(p)))
    return lattice.normalise(cells)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["hex", "tri"]), st.randoms(use_true_random=False), st.integers(1, 9))
def test_the_canonical_mask_is_the_same_in_every_orientation_and_draws_the_figure(
    plane: str, rng: random.Random, size: int
) -> None:
    lattice = LATTICE[plane]
    shape = _grown(lattice, rng, size)
    frame = (5, 12)
    masks = {canonical_mask(set(o), frame, lattice) for o in lattice.orientations(shape)}
    assert len(masks) == 1
    (mask,) = masks
    if mask is not None:
        drawn = figure_of_mask(mask, frame[1], lattice)
        assert drawn.canonical() == lattice.canonical(shape)
        assert drawn.height <= frame[0] and drawn.width <= frame[1]


# --- built atlases ----------------------------------------------------------------------------


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _ok(*args: str) -> str:
    code, out, err = _run(*args)
    assert code == 0, err
    return out


def _sql(atlas: Path, query: str) -> list[dict[str, object]]:
    out = _ok("atlas", "sql", str(atlas), query, "--json")
    return [json.loads(line) for line in out.splitlines()]


def _build(plane: str, path: Path, *extra: str) -> None:
    frame, areas = BUILDS[plane]
    pieces = str(PIECES[plane])
    args = ["--pieces", pieces, "--frame", frame, "--areas", areas, "--sizes", "2"]
    _ok("atlas", "build", *args, "-o", str(path), "-q", *extra)


@pytest.fixture(scope="module")
def atlases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A small atlas of each plane, built once."""
    folder = tmp_path_factory.mktemp("plane")
    for plane in BUILDS:
        _build(plane, folder / f"{plane}.duckdb")
    return {plane: folder / f"{plane}.duckdb" for plane in BUILDS}


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_every_figure_is_connected_inside_its_frame_canonical_and_once(
    atlases: dict[str, Path], plane: str
) -> None:
    lattice = LATTICE[plane]
    (rows, cols) = (int(x) for x in BUILDS[plane][0].split("x"))
    figures = _sql(atlases[plane], "SELECT mask, area, rows, cols, symmetry FROM figures")
    keys = set()
    for row in figures:
        mask = int(str(row["mask"]))
        fig = figure_of_mask(mask, cols, lattice)
        assert fig.is_connected() and not fig.holes()
        assert (fig.area, fig.height, fig.width) == (row["area"], row["rows"], row["cols"])
        assert fig.height <= rows and fig.width <= cols
        assert canonical_mask(set(fig.cells), (rows, cols), lattice) == mask
        assert row["symmetry"] == len(lattice.symmetries(fig.cells))
        keys.add(fig.canonical())
    assert len(keys) == len(figures) > 100  # no two rows are turns of one another


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_every_combination_tiles_as_the_verifier_and_the_solver_count(
    atlases: dict[str, Path], plane: str
) -> None:
    """Each (figure, combination) row: a tiling the verifier accepts, as many tilings as
    ``ubongo solve --count`` says; a sample of them through the command itself."""
    path = atlases[plane]
    cols = int(BUILDS[plane][0].split("x")[1])
    pieces = parse_pieces(json.loads(PIECES[plane].read_text()), str(PIECES[plane]))
    names = [str(r["name"]) for r in _sql(path, "SELECT name FROM pieces ORDER BY bit")]
    rows = _sql(path, "SELECT mask, pieces, tilings FROM puzzles ORDER BY mask, pieces")
    assert len(rows) > 100
    for row in rows:
        fig = figure_of_mask(int(str(row["mask"])), cols, pieces.lattice)
        combo = [n for i, n in enumerate(names) if int(str(row["pieces"])) >> i & 1]
        puzzle = Puzzle(fig, pieces.resolve(combo))
        found = list(solutions(puzzle))
        assert len(found) == row["tilings"] and all(is_solution(puzzle, s) for s in found)
    for row in random.Random(21).sample(rows, 5):
        fig = figure_of_mask(int(str(row["mask"])), cols, pieces.lattice)
        combo = [n for i, n in enumerate(names) if int(str(row["pieces"])) >> i & 1]
        out = _ok("solve", "--pieces", str(PIECES[plane]), fig.inline(), *combo, "--count")
        assert int(out.splitlines()[-1].split()[0]) == row["tilings"]


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_find_and_figure_agree_with_solve(atlases: dict[str, Path], plane: str) -> None:
    path = str(atlases[plane])
    found = json.loads(_ok("atlas", "find", path, "--unique", "--limit", "3", "--json"))
    assert len(found) == 3
    for match in found:
        assert match["lattice"] == plane and match["combos"]
        picture = "/".join(match["figure"])
        again = json.loads(_ok("atlas", "figure", path, picture, "--json"))
        assert again == match
        for combo in match["combos"]:
            out = _ok("solve", "--pieces", str(PIECES[plane]), picture, *combo["pieces"], "--count")
            tilings = int(out.splitlines()[-1].split()[0])
            assert tilings == combo["tilings"] == 1


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_a_figure_is_found_in_every_orientation(atlases: dict[str, Path], plane: str) -> None:
    lattice = LATTICE[plane]
    path = str(atlases[plane])
    (first,) = json.loads(_ok("atlas", "find", path, "--size", "2", "--limit", "1", "--json"))
    shape = parse_figure("/".join(first["figure"]), lattice=lattice).cells
    for o in lattice.orientations(shape):
        again = json.loads(_ok("atlas", "figure", path, Figure(o, lattice).inline(), "--json"))
        assert again["mask"] == first["mask"] and again["combos"] == first["combos"]


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_meta_and_stats_say_the_lattice(atlases: dict[str, Path], plane: str) -> None:
    path = str(atlases[plane])
    meta = {
        str(r["key"]): json.loads(str(r["value"]))
        for r in _sql(atlases[plane], "SELECT * FROM meta")
    }
    assert meta["lattice"] == plane and "height" not in meta
    assert meta["frame"] == BUILDS[plane][0]
    doc = json.loads(_ok("atlas", "stats", path, "--json"))
    assert doc["lattice"] == plane and "height" not in doc
    cells = {"hex": "hexagons", "tri": "triangles"}[plane]
    first = _ok("atlas", "stats", path).splitlines()[0]
    assert first == f"frame {BUILDS[plane][0]}, areas {BUILDS[plane][1]}, {cells}"


def test_the_shards_do_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    for j in ("1", "2"):
        (tmp_path / j).mkdir()
        _build("tri", tmp_path / j / "a.duckdb", "-j", j)
    one, two = (
        {
            p.name: p.read_bytes()
            for p in sorted((tmp_path / j / "a.duckdb.shards").glob("*.parquet"))
        }
        for j in ("1", "2")
    )
    assert one == two and one


@pytest.mark.parametrize("plane", ["hex", "tri"])
def test_the_shards_do_not_depend_on_the_core(tmp_path: Path, plane: str) -> None:
    """The compiled core's analyze and the pure-Python one write the same shard bytes."""
    frame, areas = BUILDS[plane]
    shards = []
    for name, pure in (("compiled", None), ("pure", "1")):
        out = tmp_path / name / "a.duckdb"
        out.parent.mkdir()
        env = {k: v for k, v in os.environ.items() if k != "UBONGO_PURE"}
        env |= {"UBONGO_PURE": pure} if pure else {}
        build = ["atlas", "build", "--pieces", str(PIECES[plane]), "--sizes", "2", "-q"]
        sized = ["--frame", frame, "--areas", areas, "-o", str(out)]
        subprocess.run([sys.executable, "-m", "ubongo", *build, *sized], env=env, check=True)
        folder = Path(f"{out}.shards")
        shards.append({p.name: p.read_bytes() for p in sorted(folder.glob("*.parquet"))})
    assert shards[0] == shards[1] and shards[0]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--frame", "2x3", "--areas", "8-9"], 2, "a 2x3 frame holds 6 at most"),
        (["--frame", "8x9", "--areas", "8-9"], 2, "at most 62"),
        ([], 2, "give --areas for an atlas of hexagons"),
        (["--areas", "6", "--height", "2"], 2, "these pieces are hexagons"),
    ],
)
def test_bad_builds_are_one_line(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    out = tmp_path / "a.duckdb"
    got, stdout, err = _run("atlas", "build", "--pieces", str(PIECES["hex"]), *args, "-o", str(out))
    assert (got, stdout) == (code, "") and message in err.splitlines()[-1], err
    assert "Traceback" not in err and not out.exists()


@pytest.mark.parametrize(
    ("plane", "figure", "message"),
    [
        ("hex", "#########", "does not fit the atlas's 3x4 frame"),
        ("hex", "####", "its area 4 is outside the atlas's 8-9"),
        ("hex", "###/#.#/###", "it has a hole"),
        ("tri", "#####/x###", "unexpected character"),
        ("tri", "###.##/###.##", "it is not connected"),
    ],
)
def test_bad_lookups_are_one_line(
    atlases: dict[str, Path], plane: str, figure: str, message: str
) -> None:
    code, out, err = _run("atlas", "figure", str(atlases[plane]), figure)
    assert (code, out) == (1, "") and message in err and len(err.splitlines()) == 1, err


def test_generate_refuses_an_atlas_of_hexagons_in_one_line(atlases: dict[str, Path]) -> None:
    code, out, err = _run(
        "generate",
        "--pieces",
        str(PIECES["hex"]),
        "--templates",
        "1",
        "--atlas",
        str(atlases["hex"]),
    )
    assert (code, out) == (1, "") and "an atlas of hexagons; --atlas takes" in err, err
    assert len(err.splitlines()) == 1
