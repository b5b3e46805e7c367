"""How many shards an atlas build gets by default, on every lattice.

``default_shards`` takes the square root of the fixed figures the growth lists (Knuth's
estimate, ``growth_estimate``) over ``GROWN_PER_SHARD``; the measurements that chose it are in
DESIGN.md ("Shards"). Before, it counted the frame's cells: right for squares, whose default
areas fill the frame, and 250 shards for a Trigo atlas of 669 figures (57 s against 5.8 s with
``--shards 8``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import duckdb
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles import bundled_pieces, parse_pieces
from ubongo.puzzles.atlas import bundled_atlas
from ubongo.puzzles.atlas.build import MAX_SHARDS, MIN_SHARDS, Spec, default_shards
from ubongo.puzzles.atlas.enumerate import cut, growth_estimate, prefixes
from ubongo.puzzles.game import Frame
from ubongo.solver.pieces import STANDARD, PieceSet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PIECES = {"hex": EXAMPLES / "extreme-pieces.json", "tri": EXAMPLES / "trigo-pieces.json"}
Plan = tuple[str, Frame, tuple[int, int]]
"""What decides a default shard count: lattice, frame and areas."""


def _pieces(lattice: str) -> PieceSet:
    """Pieces of the lattice: the standard squares, or the made-up ones of examples/."""
    if lattice == "square":
        return STANDARD
    path = PIECES[lattice]
    return parse_pieces(json.loads(path.read_text()), str(path))


def _spec(lattice: str, frame: Frame, areas: tuple[int, int]) -> Spec:
    return Spec(frame, areas, (3, 4), _pieces(lattice))


def _old_default(frame: tuple[int, int]) -> int:
    """The rule before: 4 up to 18 cells, doubling per cell to 256 from 24 cells."""
    return max(4, min(256, 1 << max(0, frame[0] * frame[1] - 16)))


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _meta(path: Path) -> dict[str, Any]:
    with closing(duckdb.connect(str(path), read_only=True)) as con:
        return {k: json.loads(v) for k, v in con.execute("SELECT key, value FROM meta").fetchall()}


# --- the estimate -----------------------------------------------------------------------------


def _plans(more: int, low: int, span: int) -> st.SearchStrategy[Plan]:
    """(lattice, frame of 1 to 4 lines, areas) with at most ``more`` columns more than lines,
    a smallest area of at most ``low`` and at most ``span`` areas more."""
    drawn = st.tuples(
        st.sampled_from(["square", "hex", "tri"]),
        st.integers(1, 4),
        st.integers(0, more),
        st.integers(1, low),
        st.integers(0, span),
    )
    return drawn.map(lambda t: (t[0], (t[1], t[1] + t[2]), (t[3], t[3] + t[4])))


@settings(max_examples=40, deadline=None)
@given(_plans(more=4, low=7, span=2))
def test_the_growth_estimate_is_near_the_exact_count(plan: Plan) -> None:
    """Within 1.25x of the fixed figures of the areas the growth lists (every small frame of
    up to 4 lines and areas up to 9 was within 1.09x), and 0 exactly when there are none."""
    lattice, frame, areas = plan
    exact = sum(len(prefixes(frame, d, lattice)) for d in range(areas[0], areas[1] + 1))
    estimate = growth_estimate(frame, areas, lattice)
    assert (estimate == 0) == (exact == 0)
    if exact:
        assert 1 / 1.25 <= estimate / exact <= 1.25, (estimate, exact)


@settings(max_examples=30, deadline=None)
@given(_plans(more=9, low=12, span=6))
def test_a_default_is_a_power_of_two_in_range_and_the_same_when_asked_again(
    plan: Plan,
) -> None:
    spec = _spec(*plan)
    first = default_shards(spec)
    cut.cache_clear()  # the second answer computed afresh, not read from the cache
    assert default_shards(spec) == first
    assert MIN_SHARDS <= first <= MAX_SHARDS and first & (first - 1) == 0


SPECS = [("square", (4, 5), (11, 18)), ("hex", (4, 5), (8, 9)), ("tri", (4, 14), (12, 16))]


def test_a_default_is_the_same_in_every_process() -> None:
    """Another interpreter, with another hash seed, gives each spec the same count."""
    script = (
        "import json; from tests.test_atlas_shards import SPECS, _spec;"
        "from ubongo.puzzles.atlas.build import default_shards;"
        "print(json.dumps([default_shards(_spec(*s)) for s in SPECS]))"
    )
    root = Path(__file__).resolve().parent.parent
    here = [default_shards(_spec(*s)) for s in SPECS]
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == here
    assert len(set(here)) > 1  # the specs are not all at one end of the range


# --- squares keep theirs; blocks and triangles get fewer ---------------------------------------


@pytest.mark.parametrize("frame", [(3, 4), (4, 4), (4, 5), (5, 6)])
def test_squares_keep_their_default_where_it_is_relied_on(frame: tuple[int, int]) -> None:
    """The default areas 11-18 in the frames the tests, the bundled 4x5 atlas and the README's
    5x6 build use: the count of the rule before."""
    assert default_shards(_spec("square", frame, (11, 18))) == _old_default(frame)


def test_the_small_builds_of_the_tests_keep_their_shards() -> None:
    """3x4 with areas 5-12 (tests/test_atlas.py counts its 8 shard files): 4 shards."""
    assert default_shards(_spec("square", (3, 4), (5, 12))) == 4


def test_the_bundled_4x5_atlas_is_what_the_default_builds() -> None:
    with bundled_atlas("4x5") as path:
        meta = _meta(path)
    rows, cols = (int(x) for x in str(meta["frame"]).split("x"))
    low, high = meta["areas"]
    spec = Spec((rows, cols), (low, high), (3, 4), STANDARD)
    assert default_shards(spec) == meta["shards"] == 16


@pytest.mark.parametrize(
    ("lattice", "frame", "areas", "good"),
    [
        # the counts within 1.3x of the fastest measured both with -j 1 (CPU) and -j 2 (wall),
        # 4 at least (2026-11-29, load 5-9, DESIGN.md "Shards"); the rule before gave 250,
        # 256, 16, 256 and 256
        ("tri", (4, 14), (8, 10), {4}),
        ("tri", (4, 14), (10, 12), {8, 16, 32}),
        ("hex", (4, 5), (8, 9), {8}),
        ("hex", (5, 7), (8, 9), {4, 8, 16}),
        ("square", (4, 6), (11, 18), {16, 32, 64}),
    ],
)
def test_a_default_is_in_the_measured_good_range(
    lattice: str, frame: tuple[int, int], areas: tuple[int, int], good: set[int]
) -> None:
    assert default_shards(_spec(lattice, frame, areas)) in good


def test_a_trigo_atlas_is_built_in_few_shards(tmp_path: Path) -> None:
    """The build that took 57 s in 250 shards: its frame has 56 triangles, its figures 8-10."""
    out = tmp_path / "trigo.duckdb"
    args = ["--pieces", str(PIECES["tri"]), "--frame", "4x14", "--areas", "8-10", "--sizes", "2"]
    code, _, err = _run("atlas", "build", *args, "-o", str(out), "-q")
    assert code == 0, err
    assert _meta(out)["shards"] == 4 < _old_default((4, 14))
    assert len(list(Path(f"{out}.shards").glob("*.parquet"))) == 8


def test_the_atlas_of_blocks_is_the_bundled_one_in_fewer_shards(tmp_path: Path) -> None:
    """Footprints of 5-10 squares in 4x5 now get 4 shards (the bundled atlas was built in 16):
    the same figures, combinations and tiling counts."""
    out = tmp_path / "3d.duckdb"
    code, _, err = _run("atlas", "build", "--pieces", "ubongo-3d", "-o", str(out), "-q")
    assert code == 0, err
    assert _meta(out)["shards"] == 4
    spec = Spec((4, 5), (5, 10), (3, 4), bundled_pieces("ubongo-3d"), height=2)
    assert default_shards(spec) == 4
    with bundled_atlas("ubongo-3d") as path:
        bundled = _tables(path)
        assert _meta(path)["shards"] == 16
    assert _tables(out) == bundled


def _tables(path: Path) -> list[list[tuple[object, ...]]]:
    with closing(duckdb.connect(str(path), read_only=True)) as con:
        return [
            con.execute(f"SELECT * FROM {t} ORDER BY ALL").fetchall()
            for t in ("figures", "puzzles", "pieces")
        ]


def test_a_build_stopped_under_another_default_goes_on_with_its_count(tmp_path: Path) -> None:
    """A build of 8 shards (as an older default might have chosen) missing one shard and its
    atlas, run again without --shards: the same 8 shards, not the default's 4 and a refusal."""
    small = ["atlas", "build", "--frame", "3x4", "--areas", "5-12", "-o", str(tmp_path / "a")]
    assert default_shards(_spec("square", (3, 4), (5, 12))) == 4
    assert _run(*small, "--shards", "8", "-q")[0] == 0
    built = _parquet(tmp_path / "a")
    (tmp_path / "a").unlink()
    for table in ("figures", "puzzles"):
        Path(f"{tmp_path / 'a'}.shards", f"{table}-00005.parquet").unlink()
    code, _, err = _run(*small)
    assert code == 0 and "8 shards (7 already done)" in err, err
    assert _meta(tmp_path / "a")["shards"] == 8
    assert _parquet(tmp_path / "a") == built and len(built) == 16


def _parquet(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(Path(f"{out}.shards").glob("*.parquet"))}
