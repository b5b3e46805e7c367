"""The atlas commands fed damaged atlas files and hostile SQL (issue 26): the properties of
every run (harness.check), and a failure is one line naming the atlas.

Damage at random places of the bundled 4x5 atlas (bytes flipped, spans overwritten, the file
cut short or grown); queries that try to reach beyond the atlas (files, other databases,
extensions, settings) or are not one statement. tests/test_atlas_damage.py holds the fixed
cases; this explores around them (many more in the long profile).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from .harness import HOSTILE_TEXT, fuzz_settings, run

T = ["--timeout", "5"]
COMMANDS = [
    ["atlas", "stats", "a.duckdb"],
    ["atlas", "find", "a.duckdb", "--size", "3", "--limit", "2", "--json"],
    ["atlas", "figure", "a.duckdb", "####/####/####"],
    ["atlas", "sql", "a.duckdb", "SELECT count(*), sum(tilings) FROM puzzles", *T],
]


@cache
def atlas() -> bytes:
    from ubongo.puzzles.atlas import bundled_atlas

    with bundled_atlas() as path:
        return Path(path).read_bytes()


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """The bundled atlas with one accident: bytes flipped, a span overwritten or zeroed, cut
    short, or with junk appended."""
    data = bytearray(atlas())
    op = draw(st.sampled_from(["flip", "span", "zero", "cut", "grow"]))
    at = draw(st.integers(0, len(data) - 1))
    if op == "flip":
        for extra in draw(st.lists(st.integers(0, 4095), min_size=1, max_size=32)):
            data[(at + extra) % len(data)] ^= draw(st.integers(1, 255))
    elif op in ("span", "zero"):
        size = draw(st.sampled_from([16, 4096, 65536]))
        junk = bytes(size) if op == "zero" else draw(st.binary(min_size=size, max_size=size))
        data[at : at + size] = junk[: len(data) - at]
    elif op == "cut":
        del data[at:]
    else:
        data += draw(st.binary(min_size=1, max_size=5000))
    return bytes(data)


@fuzz_settings(default=12, long=400)
@given(damaged(), st.sampled_from(COMMANDS))
def test_damaged_atlases(data: bytes, args: list[str]) -> None:
    result = run(args, {"a.duckdb": data})
    if result.code == 1:
        assert len(result.stderr.splitlines()) == 1, result.stderr
        assert result.stderr.startswith(f"ubongo atlas {args[1]}: a.duckdb: "), result.stderr


ATTACKS = [
    "COPY figures TO 'out.csv'",
    "COPY (SELECT 1) TO '../escaped.parquet' (FORMAT parquet)",
    "EXPORT DATABASE 'dump'",
    "ATTACH 'other.duckdb' AS o",
    "ATTACH ':memory:' AS m",
    "DETACH a",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM read_parquet('a.duckdb')",
    "SELECT * FROM glob('/*')",
    "INSTALL httpfs",
    "LOAD json",
    "FORCE INSTALL spatial",
    "SET enable_external_access = true",
    "SET memory_limit = '64GB'",
    "RESET memory_limit",
    "PRAGMA threads = 64",
    "CALL pragma_database_size()",
    "CREATE TABLE t AS SELECT 1",
    "CREATE TEMP TABLE t AS SELECT * FROM puzzles",
    "DROP TABLE figures",
    "UPDATE meta SET value = 'x'",
    "CHECKPOINT",
    "VACUUM",
    "SELECT 1; SELECT 2",
    "SELECT 1; COPY figures TO 'out.csv'",
    "",
    " ; ",
    "/* nothing */",
    "SELECT repeat('x', 100000000)",
    "SELECT count(*) FROM range(1000000000000)",
    "SELECT * FROM puzzles a, puzzles b",
]


def _query() -> st.SearchStrategy[str]:
    words = st.sampled_from(ATTACKS)
    hostile = st.sampled_from([t for t in HOSTILE_TEXT if "\x00" not in t])  # argv has no NUL
    return st.one_of(
        words,
        st.tuples(words, hostile).map(" ".join),
        st.tuples(words, words).map("; ".join),
        st.text(st.characters(blacklist_characters="\x00"), max_size=60),
    )


@fuzz_settings(default=30, long=600)
@given(_query(), st.booleans())
def test_hostile_sql(query: str, as_json: bool) -> None:
    """Whatever the query: the properties of every run, nothing written anywhere (the sandbox
    checks it), a failure in one line, and never longer than --timeout."""
    # after --, a query that looks like an option is still the query
    args = ["atlas", "sql", "--timeout", "3", *(["--json"] if as_json else []), "--", "4x5", query]
    result = run(args, {"other.duckdb": b""})
    if result.code == 1:
        assert len(result.stderr.splitlines()) == 1, result.stderr
