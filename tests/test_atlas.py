"""The atlas (issue 12): enumeration, build, resumption, engines, queries, generate --atlas.

The enumeration is checked against a second enumerator written here, sharing no code with
puzzles/atlas: it grows every polyomino cell by cell and dedupes by a canonical form made of
sorted tuples. The shipped atlas is checked against ``ubongo analyze``.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.puzzles.atlas.enumerate import canonical_mask, cells_of, grow, shard_plan
from ubongo.solver.pieces import orientations

Cell = tuple[int, int]


# --- the independent enumerator ---------------------------------------------------------------


def _forms(cells: frozenset[Cell]) -> list[tuple[Cell, ...]]:
    """The 8 rotations and reflections, each moved to the origin, as sorted tuples."""
    out = []
    pts = list(cells)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        for variant in (pts, [(r, -c) for r, c in pts]):
            r0 = min(r for r, _ in variant)
            c0 = min(c for _, c in variant)
            out.append(tuple(sorted((r - r0, c - c0) for r, c in variant)))
    return out


def brute_counts(rows: int, cols: int) -> Counter[int]:
    """Hole-free figures fitting rows x cols either way round, up to symmetry, by area.

    Every subset of the rows x cols box (each figure has an orientation there) as a bit mask
    with a spare column, checked by bit floods, deduplicated by the smallest of its 8 forms.
    """
    s = cols + 1
    seen: set[tuple[Cell, ...]] = set()
    counts: Counter[int] = Counter()
    for lines in itertools.product(range(1 << cols), repeat=rows):
        used = 0
        for x in lines:
            used |= x
        if not lines[0] or not used & 1:
            continue  # not at the top left: a translate of another subset
        h = max(r for r, x in enumerate(lines) if x) + 1
        w = used.bit_length()
        mask = sum(x << (r * s) for r, x in enumerate(lines))
        if _flood(mask & -mask, mask, s) != mask:
            continue  # not connected
        box = sum(((1 << w) - 1) << (r * s) for r in range(h))
        empty = box & ~mask
        border = sum((1 | 1 << (w - 1)) << (r * s) for r in range(h)) | (
            (1 << w) - 1 | ((1 << w) - 1) << ((h - 1) * s)
        )
        if _flood(empty & border, empty, s) != empty:
            continue  # a hole
        cells = frozenset((i // s, i % s) for i in range(mask.bit_length()) if mask >> i & 1)
        key = min(_forms(cells))
        if key not in seen:
            seen.add(key)
            counts[len(cells)] += 1
    return counts


def _flood(reach: int, within: int, s: int) -> int:
    while True:
        more = (reach | reach << 1 | reach >> 1 | reach << s | reach >> s) & within
        if more == reach:
            return reach
        reach = more


@pytest.mark.parametrize("frame", [(3, 3), (3, 4), (4, 4), (4, 5)])
def test_enumeration_agrees_with_an_independent_count(frame: tuple[int, int]) -> None:
    rows, cols = frame
    ours = Counter(f.area for s in shard_plan(frame, (1, rows * cols), 5) for f in grow(s))
    expected = brute_counts(rows, cols)
    assert ours == expected
    if frame == (4, 5):  # the shipped atlas too
        doc = json.loads(_ok("atlas", "stats", "--json"))
        assert doc["figures"] == {str(a): expected[a] for a in range(11, 19)}


def test_shards_are_disjoint_and_cover_the_same_figures_whatever_their_number() -> None:
    one = [f for s in shard_plan((4, 4), (6, 14), 1) for f in grow(s)]
    many = [f for s in shard_plan((4, 4), (6, 14), 64) for f in grow(s)]
    assert len({f.mask for f in many}) == len(many)
    assert sorted(one, key=lambda f: f.mask) == sorted(many, key=lambda f: f.mask)


def test_every_mask_is_canonical_with_its_symmetry() -> None:
    for s in shard_plan((4, 4), (1, 16), 3):
        for f in grow(s):
            cells = frozenset(cells_of(f.mask, 4))
            assert canonical_mask(set(cells), (4, 4)) == f.mask
            assert f.symmetry == 8 // len(orientations(cells))


@settings(max_examples=200)
@given(st.sets(st.tuples(st.integers(0, 3), st.integers(0, 4)), min_size=1, max_size=20))
def test_canonical_mask_is_the_same_in_every_orientation(cells: set[Cell]) -> None:
    masks = {canonical_mask(set(o), (4, 5)) for o in orientations(frozenset(cells))}
    assert len(masks) == 1


# --- the CLI ----------------------------------------------------------------------------------


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def _ok(*args: str) -> str:
    code, out, err = _run(*args)
    assert code == 0, err
    return out


def _sql(atlas: str, query: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in _ok("atlas", "sql", atlas, query, "--json").splitlines()]


def test_100_random_rows_of_the_shipped_atlas_agree_with_analyze() -> None:
    masks = [int(str(r["mask"])) for r in _sql("4x5", "SELECT mask FROM figures ORDER BY mask")]
    for mask in random.Random(12).sample(masks, 100):
        fig = json.loads(_ok("atlas", "figure", "4x5", "/".join(_rows(mask, 5)), "--json"))
        analysed = json.loads(
            _ok("analyze", "/".join(fig["figure"]), "--size", "3", "--size", "4", "--json")
        )
        want = sorted((c["pieces"], c["tilings"]) for c in analysed["combos"])
        assert sorted((c["pieces"], c["tilings"]) for c in fig["combos"]) == want
        row = _sql("4x5", f"SELECT * FROM figures WHERE mask = {mask}")[0]
        for n in (3, 4):
            sized = [t for p, t in want if len(p) == n]
            assert (row[f"combos{n}"], row[f"unique{n}"]) == (len(sized), sized.count(1))


def _rows(mask: int, cols: int) -> list[str]:
    cells = set(cells_of(mask, cols))
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    return ["".join("#" if (r, c) in cells else "." for c in range(w)) for r in range(h)]


def test_stats_json_has_the_keys_of_the_issue() -> None:
    doc = json.loads(_ok("atlas", "stats", "--json"))
    assert doc["frame"] == "4x5"
    assert set(doc) >= {"frame", "figures", "puzzles", "unique"}
    assert set(doc["puzzles"]) == set(doc["unique"]) == {"3", "4"}
    total = _sql("4x5", "SELECT count(*) AS n FROM puzzles WHERE tilings = 1")[0]["n"]
    assert sum(doc["unique"].values()) == total


def _build(folder: Path, *extra: str) -> Path:
    out = folder / "a.duckdb"
    _ok("atlas", "build", "--frame", "3x4", "--areas", "5-12", "-o", str(out), "-q", *extra)
    return out


def _shards(out: Path) -> dict[str, bytes]:
    folder = Path(f"{out}.shards")
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.parquet"))}


def _tables(out: Path) -> list[object]:
    return [
        _sql(str(out), f"SELECT * FROM {t} ORDER BY ALL") for t in ("figures", "puzzles", "meta")
    ]


def test_the_output_does_not_depend_on_the_worker_count(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    one = _build(tmp_path / "one")
    two = _build(tmp_path / "two", "-j", "2")
    assert _shards(one) == _shards(two) and len(_shards(one)) == 8
    assert _tables(one) == _tables(two)


def test_the_output_does_not_depend_on_the_core(tmp_path: Path) -> None:
    """The compiled core's analyze and the pure-Python one write the same shard bytes."""
    outs = []
    for name, pure in (("compiled", None), ("pure", "1")):
        (tmp_path / name).mkdir()
        out = tmp_path / name / "a.duckdb"
        env = {k: v for k, v in os.environ.items() if k != "UBONGO_PURE"}
        if pure:
            env["UBONGO_PURE"] = pure
        cmd = [
            sys.executable,
            "-m",
            "ubongo",
            "atlas",
            "build",
            "--frame",
            "3x4",
            "--areas",
            "5-12",
        ]
        subprocess.run([*cmd, "-o", str(out), "-q"], env=env, check=True)
        outs.append(out)
    assert _shards(outs[0]) == _shards(outs[1]) and len(_shards(outs[0])) == 8


def test_a_dask_local_cluster_build_is_byte_identical_to_the_pool_build(tmp_path: Path) -> None:
    pytest.importorskip("distributed", reason="Dask is the optional 'cluster' extra")
    (tmp_path / "pool").mkdir()
    (tmp_path / "dask").mkdir()
    pool = _build(tmp_path / "pool", "-j", "2")
    dask = _build(tmp_path / "dask", "--dask", "local", "-j", "2")
    assert _shards(pool) == _shards(dask)
    assert _tables(pool) == _tables(dask)


def test_a_dask_cluster_is_reached_by_its_address(tmp_path: Path) -> None:
    """``--dask ADDRESS`` (``Client(address)``): the same shards as this process writes."""
    distributed = pytest.importorskip("distributed", reason="Dask is the optional 'cluster' extra")
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    here = _build(tmp_path / "here")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        there = _build(tmp_path / "there", "--dask", cluster.scheduler_address)
    assert _shards(here) == _shards(there)
    code, _, err = _run(
        "atlas", "build", "-o", str(tmp_path / "x.duckdb"), "--dask", "tcp://127.0.0.1:1"
    )
    assert code == 1 and "cannot reach the cluster" in err and len(err.splitlines()) == 1


def test_a_killed_build_resumes_from_its_finished_shards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ubongo.puzzles.atlas.build as build

    clean = _build(tmp_path)
    expected = _shards(clean)
    (tmp_path / "b").mkdir()
    out = tmp_path / "b" / "a.duckdb"
    real = build.build_shard
    calls = []

    def dies_on_the_third(task: build.Task) -> build.Rows:
        calls.append(task.shard.index)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(build, "build_shard", dies_on_the_third)
    args = ("atlas", "build", "--frame", "3x4", "--areas", "5-12", "-o", str(out))
    code, _, err = _run(*args)
    assert code == 130 and "interrupted" in err
    assert not out.exists()  # nothing that looks complete
    manifest = json.loads(Path(f"{out}.shards", "manifest.json").read_text())
    assert manifest["done"] == [0, 1]
    monkeypatch.setattr(build, "build_shard", real)
    code, _, err = _run(*args)
    assert code == 0 and "2 already done" in err
    assert _shards(out) == expected
    assert _tables(out) == _tables(clean)


def test_a_resumed_build_refuses_shards_of_other_options(tmp_path: Path) -> None:
    out = _build(tmp_path)
    code, _, err = _run("atlas", "build", "--frame", "3x4", "--areas", "6-12", "-o", str(out))
    assert code == 1 and "shards of a build with other options" in err


def test_find_draws_only_matching_figures() -> None:
    found = json.loads(_ok("atlas", "find", "--combo", "l5 L4 b", "--unique", "--json"))
    assert len(found) == 10
    for m in found:
        assert m["combos"] == [{"pieces": ["I3", "L4", "L5"], "tilings": 1}]
    text = _ok("atlas", "find", "--area", "13", "--box", "4x4", "--pieces-at-least", "Z5 O4")
    assert "13 cells, 4x4" in text and "Z5" in text
    boxes = json.loads(
        _ok("atlas", "find", "--box", "4x3", "--size", "3", "--json", "--limit", "50")
    )
    assert boxes and all(sorted(m["box"]) == [3, 4] for m in boxes)
    assert all(len(c["pieces"]) == 3 for m in boxes for c in m["combos"])


def test_figure_finds_a_figure_in_any_orientation() -> None:
    shape = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2)})
    shape |= {(2, 3), (3, 1), (2, 0)}
    masks = set()
    for o in orientations(shape):
        h = max(r for r, _ in o) + 1
        w = max(c for _, c in o) + 1
        rows = ["".join("#" if (r, c) in o else "." for c in range(w)) for r in range(h)]
        masks.add(json.loads(_ok("atlas", "figure", "4x5", "/".join(rows), "--json"))["mask"])
    assert len(masks) == 1


def test_sql_streams_every_row_with_a_header() -> None:
    out = _ok("atlas", "sql", "4x5", "SELECT mask, pieces FROM puzzles")
    n = _sql("4x5", "SELECT count(*) AS n FROM puzzles")[0]["n"]
    assert len(out.splitlines()) == 1 + int(str(n))


@pytest.mark.parametrize(
    "query",
    [
        "COPY figures TO '{dir}/out.csv'",
        "ATTACH '{dir}/other.duckdb' AS other",
        "SELECT * FROM read_csv('{dir}/secret.csv')",
        "SELECT * FROM read_text('{dir}/secret.csv')",
        "SELECT * FROM glob('{dir}/*')",
        "INSTALL httpfs",
        "LOAD httpfs",
        "SET enable_external_access = true",
        "SET memory_limit = '100GB'",
        "CREATE TABLE t (a INTEGER)",
    ],
)
def test_sql_reads_the_atlas_and_nothing_else(tmp_path: Path, query: str) -> None:
    """A query can neither read nor write another file, fetch an extension or lift the limits:
    exit 1, one line naming the atlas, and the folder as it was."""
    (tmp_path / "secret.csv").write_text("a,b\n1,2\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = _run("atlas", "sql", "4x5", query.format(dir=tmp_path))
    assert code == 1 and out == "", (code, out, err)
    assert len(err.splitlines()) == 1 and err.startswith("ubongo atlas sql: 4x5: "), err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


CROSS = "SELECT count(*) FROM figures a, figures b, figures c WHERE a.mask + b.mask > c.mask"
"""A query of 2.3 trillion rows: minutes of work (a plain count of it took 273 s)."""


def test_sql_stops_at_its_time_limit() -> None:
    """``--timeout 1`` ends a query of minutes within 10 s: exit 1, one line, nothing printed."""
    start = time.monotonic()
    code, out, err = _run("atlas", "sql", "4x5", CROSS, "--timeout", "1")
    took = time.monotonic() - start
    assert code == 1 and out == "", (code, out, err)
    assert err == "ubongo atlas sql: time limit of 1 s (--timeout) reached\n"
    assert took < 10, took


def test_sql_stops_a_query_that_duckdb_cannot_interrupt() -> None:
    """DuckDB folds ``len(range(10**8))`` while it binds, deaf to interrupts for 46 s: the
    command ends anyway, a second after its limit (its thread is left to the process's exit)."""
    ubongo = str(Path(sys.executable).parent / "ubongo")  # a process of its own: the thread
    query = "SELECT len(range(100000000))"  # is left running, to end with the process
    start = time.monotonic()
    done = subprocess.run(
        [ubongo, "atlas", "sql", "4x5", query, "--timeout", "1"], capture_output=True, text=True
    )
    took = time.monotonic() - start
    code, out, err = done.returncode, done.stdout, done.stderr
    assert code == 1 and out == "", (code, out, err)
    assert err == "ubongo atlas sql: time limit of 1 s (--timeout) reached\n"
    assert took < 10, took


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("SELECT repeat('x', 2000000) AS s", "s: a value of more than 1,048,576 characters"),
        ("SELECT range(200000) AS r", "r: a list of more than 100,000 elements"),
        ("SELECT [range(200000)] AS r", "r: a list of more than 100,000 elements"),
        ("SELECT {'a': [1]} AS s", "column s is of type STRUCT(a INTEGER[]): lists inside"),
    ],
)
def test_sql_refuses_values_too_big_to_print(query: str, message: str) -> None:
    """DuckDB refuses them itself, before they become Python objects beyond its memory limit."""
    code, out, err = _run("atlas", "sql", "4x5", query)
    assert code == 1 and out == "", (code, out, err)
    assert message in err and len(err.splitlines()) == 1, err


def test_sql_keeps_order_names_and_short_values_as_they_are() -> None:
    """The guard wraps a SELECT in a subquery: rows keep their order, columns their names
    (duplicates too), a trailing semicolon and comment are the query's own."""
    rows = _sql("4x5", "SELECT mask, mask AS mask, [area] AS l FROM figures ORDER BY mask DESC "
                "LIMIT 3; -- the largest")  # fmt: skip
    assert [r["mask"] for r in rows] == [1032159, 1031679, 1031167]
    assert list(rows[0]) == ["mask", "mask_1", "l"] and rows[0]["l"] == "[18]"
    masks = _ok("atlas", "sql", "4x5", "SELECT list(mask ORDER BY mask) AS m FROM figures")
    assert masks.count(",") == 13282


def test_sql_has_a_default_time_limit() -> None:
    text = _ok("atlas", "sql", "--help")
    assert "--timeout SECONDS" in text and "[default: 300.0]" in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "the query is empty; give one SQL statement"),
        ("  \n ", "the query is empty; give one SQL statement"),
        ("/* a comment */", "the query is empty; give one SQL statement"),
        ("SELECT 1; SELECT 2", "the query holds 2 statements; give one"),
        ("SELECT 1;; SELECT 2; SELECT 3", "the query holds 3 statements; give one"),
    ],
)
def test_sql_takes_exactly_one_statement(query: str, message: str) -> None:
    code, out, err = _run("atlas", "sql", "4x5", query)
    assert code == 1 and out == "", (code, err)
    assert err.startswith(f"ubongo atlas sql: {message}") and len(err.splitlines()) == 1, err


def test_sql_and_figure_take_the_bundled_atlas_when_it_is_left_out() -> None:
    query = "SELECT area, count(*) AS n FROM figures GROUP BY area ORDER BY area"
    assert _ok("atlas", "sql", query) == _ok("atlas", "sql", "4x5", query)
    rows = "###./####/####/.##."
    assert _ok("atlas", "figure", rows) == _ok("atlas", "figure", "4x5", rows)


def test_generate_from_the_atlas_is_reproducible_and_solvable(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ("generate", "--templates", "3", "--frame", "4x5", "--atlas", "4x5", "--seed", "4")
    _ok(*args, "-o", str(a), "-q")
    _ok(*args, "-o", str(b), "-q", "--workers", "2")
    assert a.read_bytes() == b.read_bytes()
    code, out, err = _run("verify", str(a), "--strict")
    assert code == 0 and "36/36 combinations solvable" in out + err, out + err
    doc = json.loads(a.read_text())
    for t in doc["templates"]:
        for side in ("easy", "hard"):
            fig = "/".join(t[side]["figure"])
            found = json.loads(_ok("atlas", "figure", "4x5", fig, "--json"))
            listed = {frozenset(c["pieces"]) for c in found["combos"]}
            assert {frozenset(c) for c in t[side]["combos"]} <= listed
    other = tmp_path / "other.json"
    _ok(*args[:-1], "5", "-o", str(other), "-q")
    assert other.read_bytes() != a.read_bytes()  # the seed decides


# --- hostile input ----------------------------------------------------------------------------


def test_hostile_atlases_are_one_line_errors(tmp_path: Path) -> None:
    import duckdb

    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    old = tmp_path / "old.duckdb"
    con = duckdb.connect(str(old))
    con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
    con.execute("""INSERT INTO meta VALUES ('format', '"ubongo-atlas"'), ('schema', '0')""")
    con.close()
    other = tmp_path / "other.duckdb"
    duckdb.connect(str(other)).close()
    cases = {
        str(text): "not a DuckDB atlas",
        str(old): "atlas schema 0; this version reads schema 1",
        str(other): "not an atlas (no meta table",
        str(tmp_path / "missing.duckdb"): "no such file, and no bundled atlas",
        str(tmp_path): "is a folder",
        "4x6": "no such file, and no bundled atlas of that name (4x5, ubongo-3d, ubongo-3d-family)",
    }
    for arg, message in cases.items():
        code, out, err = _run("atlas", "stats", arg)
        assert code == 1 and message in err and out == "", (arg, err)
        assert len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("sql", "4x5", "SELEC 1"), 1, "Parser Error"),
        (("sql", "4x5", "DELETE FROM figures"), 1, "read-only"),
        (("sql", "4x5", "SELECT * FROM nowhere"), 1, "nowhere"),
        (("figure", "4x5", "######"), 1, "does not fit the atlas's 4x5 frame"),
        (("figure", "4x5", "##/##"), 1, "area 4 is outside the atlas's 11-18"),
        (("figure", "4x5", "###/#.#/###/###/"), 1, "no such figure (it has a hole"),
        (("figure", "4x5", "##x"), 1, "unexpected character"),
        (("find", "--combo", "Q9"), 1, "unknown piece"),
        (("find", "--box", "4by5"), 2, "expected rows x columns"),
        (("build", "-o", "x.duckdb", "--frame", "8x9"), 2, "at most 62"),
        (("build", "-o", "x.duckdb", "--areas", "9-3"), 2, "expected 1 <= low <= high"),
        (("build", "-o", "x.duckdb", "--sizes", "3,x"), 2, "expected sizes such as 3,4"),
        (("build", "-o", "-"), 2, "expected a file name"),
        (("build", "-o", "nowhere/x.duckdb"), 1, "does not exist"),
        (("sql",), 2, "expected [ATLAS] QUERY: one or two arguments, got 0"),
        (("figure", "4x5", "##", "##"), 2, "expected [ATLAS] FIGURE: one or two arguments, got 3"),
    ],
)
def test_hostile_arguments(args: tuple[str, ...], code: int, message: str, tmp_path: Path) -> None:
    os.chdir(tmp_path)
    got, out, err = _run("atlas", *args)
    assert got == code and message in err, err
    assert "Traceback" not in err


def test_generate_refuses_an_atlas_of_a_smaller_frame_or_other_pieces(tmp_path: Path) -> None:
    code, _, err = _run("generate", "--templates", "1", "--atlas", "4x5")
    assert code == 1 and "give --frame 4x5" in err
    pieces = tmp_path / "p.json"
    pieces.write_text(json.dumps({"pieces": [{"name": "I2", "code": "A", "rows": ["##"]}]}))
    code, _, err = _run(
        "generate", "--templates", "1", "--frame", "4x5", "--atlas", "4x5", "--pieces", str(pieces)
    )
    assert code == 1, err


@pytest.mark.parametrize("name", ["build", "stats", "find", "figure", "sql"])
def test_every_atlas_command_has_examples_that_run(name: str, tmp_path: Path) -> None:
    """Like tests/test_help.py, for the subcommands of ``ubongo atlas``."""
    text = _ok("atlas", name, "--help")
    block = text.split("Examples:\n", 1)[1].split("\n\n", 1)[0]
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    assert lines
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    for line in lines:
        done = subprocess.run(
            ["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr, (line, done.stderr)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 3), st.integers(0, 4)), min_size=11, max_size=18))
def test_the_shipped_atlas_holds_a_figure_exactly_when_it_should(cells: set[Cell]) -> None:
    """In the atlas <=> connected and hole-free (the box fits and the area is in range)."""
    import duckdb

    from ubongo.puzzles.atlas import bundled_atlas
    from ubongo.solver.figure import Figure

    fig = Figure.from_cells(cells)
    mask = canonical_mask(set(fig.cells), (4, 5))
    with bundled_atlas() as path:
        con = duckdb.connect(str(path), read_only=True)
        try:
            found = con.execute("SELECT count(*) FROM figures WHERE mask = ?", [mask]).fetchone()
        finally:
            con.close()
    assert found is not None
    assert (found[0] == 1) == (fig.is_connected() and not fig.holes())


def test_an_atlas_whose_areas_run_past_its_frame_is_no_damaged_atlas(tmp_path: Path) -> None:
    """A 4x4 frame built with the default areas 11-18 holds no figure above 16 cells; its meta
    says 11-18, and every command still reads it (bench_atlas --smoke builds one)."""
    out = tmp_path / "small.duckdb"
    code, _, err = _run("atlas", "build", "--frame", "4x4", "-o", str(out), "-j", "1", "-q")
    assert code == 0, err
    code, text, err = _run("atlas", "sql", str(out), "SELECT count(*) FROM figures")
    assert code == 0 and err == "" and text.split()[-1] == "329"
    code, text, err = _run("atlas", "stats", str(out))
    assert code == 0 and text.startswith("frame 4x4, areas 11-18"), err
