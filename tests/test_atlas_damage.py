"""Damaged atlas files (issue 26): every atlas command that opens one says in one line which
file and what is wrong, exit 1, never a traceback; or, where the damage hit bytes no query
reads, answers as usual.

The damage is made from real small atlases (one built here, 3x4, and the bundled 4x5) with
fixed seeds: bytes flipped and blocks overwritten at random places, the headers hit, the file
cut short, its ``meta`` rows tampered with, a table dropped or changed, and files that are not
DuckDB at all.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from ubongo.cli import main

BLOCK = 256 * 1024  # DuckDB's block size; the file starts with 3 headers of 4 KiB
HEADERS = 3 * 4096

COMMANDS: list[tuple[str, ...]] = [
    ("stats",),
    ("find", "--limit", "3", "--size", "3"),
    ("figure", "####/####/####"),  # a 3x4 rectangle: in both atlases
    ("sql", "SELECT count(*), sum(tilings), max(pieces) FROM puzzles"),
]
"""Each atlas command with arguments that make it read every table it can."""


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), prog_name="ubongo", catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def atlases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The bytes of two sound atlases: a 3x4 one built here and the bundled 4x5."""
    from ubongo.puzzles.atlas import bundled_atlas

    folder = tmp_path_factory.mktemp("sound")
    small = folder / "small.duckdb"
    args = ("atlas", "build", "--frame", "3x4", "--areas", "5-12", "-o", str(small), "-q")
    code, _, err = _run(*args)
    assert code == 0, err
    with bundled_atlas() as path:
        bundled = Path(path).read_bytes()
    return {"3x4": small.read_bytes(), "4x5": bundled}


# --- the damage -------------------------------------------------------------------------------

Damage = Callable[[Path, random.Random], None]


def flipped_bytes(count: int, start: int = HEADERS) -> Damage:
    """``count`` bytes at random places from ``start`` on, each XORed with a random non-zero."""

    def damage(path: Path, rng: random.Random) -> None:
        data = bytearray(path.read_bytes())
        for _ in range(count):
            at = rng.randrange(start, len(data))
            data[at] ^= rng.randrange(1, 256)
        path.write_bytes(bytes(data))

    return damage


def overwritten_span(size: int) -> Damage:
    """A random ``size``-byte span after the headers replaced by random bytes."""

    def damage(path: Path, rng: random.Random) -> None:
        data = bytearray(path.read_bytes())
        at = rng.randrange(HEADERS, len(data) - size)
        data[at : at + size] = rng.randbytes(size)
        path.write_bytes(bytes(data))

    return damage


def zeroed_block(path: Path, rng: random.Random) -> None:
    """One whole storage block (after the headers) set to zeros."""
    data = bytearray(path.read_bytes())
    blocks = (len(data) - HEADERS) // BLOCK
    at = HEADERS + rng.randrange(blocks) * BLOCK
    data[at : at + BLOCK] = bytes(BLOCK)
    path.write_bytes(bytes(data))


def cut_at(fraction: float) -> Damage:
    """The file cut short at ``fraction`` of its length (moved a little by the seed)."""

    def damage(path: Path, rng: random.Random) -> None:
        data = path.read_bytes()
        end = int(len(data) * fraction) + rng.randrange(0, 4096)
        path.write_bytes(data[: min(end, len(data) - 1)])

    return damage


def replaced_by(make: Callable[[Path, random.Random], bytes]) -> Damage:
    def damage(path: Path, rng: random.Random) -> None:
        path.write_bytes(make(path, rng))

    return damage


def _sqlite(path: Path, rng: random.Random) -> bytes:
    other = path.with_suffix(".sqlite")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    con.commit()
    con.close()
    return other.read_bytes()


def altered(*statements: str) -> Damage:
    """SQL run on the atlas opened for writing: tampered metadata, a table dropped or changed."""

    def damage(path: Path, rng: random.Random) -> None:
        import duckdb

        con = duckdb.connect(str(path))
        try:
            for statement in statements:
                con.execute(statement)
            con.execute("CHECKPOINT")
        finally:
            con.close()

    return damage


def meta(key: str, value: str | None) -> Damage:
    """The ``meta`` row ``key`` set to the text ``value`` (None: the row deleted)."""
    if value is None:
        return altered(f"DELETE FROM meta WHERE key = '{key}'")
    return altered(f"UPDATE meta SET value = '{value}' WHERE key = '{key}'")


SURE: dict[str, Damage] = {
    # cut short, anywhere
    **{f"cut-{f}": cut_at(f) for f in (0.0, 0.001, 0.01, 0.1, 0.3, 0.5, 0.9)},
    # not DuckDB at all
    "empty": replaced_by(lambda p, r: b""),
    "text": replaced_by(lambda p, r: b"frame 4x5\nnot an atlas\n"),
    "random": replaced_by(lambda p, r: r.randbytes(300_000)),
    "zeros": replaced_by(lambda p, r: bytes(HEADERS + BLOCK)),
    "sqlite": replaced_by(_sqlite),
    "json": replaced_by(lambda p, r: json.dumps({"format": "ubongo-atlas"}).encode()),
    "header-zeroed": lambda p, r: p.write_bytes(bytes(HEADERS) + p.read_bytes()[HEADERS:]),
    # tampered metadata
    "meta-frame-text": meta("frame", '"axb"'),
    "meta-frame-zero": meta("frame", '"0x0"'),
    "meta-frame-huge": meta("frame", '"99x99"'),
    "meta-frame-null": meta("frame", "null"),
    "meta-frame-list": meta("frame", "[4, 5]"),
    "meta-frame-missing": meta("frame", None),
    "meta-areas-text": meta("areas", '"11-18"'),
    "meta-areas-short": meta("areas", "[11]"),
    "meta-areas-words": meta("areas", '["a", "b"]'),
    "meta-areas-missing": meta("areas", None),
    "meta-sizes-text": meta("sizes", '"3,4"'),
    "meta-sizes-words": meta("sizes", '["x"]'),
    "meta-sizes-missing": meta("sizes", None),
    "meta-sizes-unlisted": meta("sizes", "[3, 4, 7]"),
    "meta-pieces-empty": meta("pieces", "[]"),
    "meta-pieces-dicts": meta("pieces", "[{}]"),
    "meta-pieces-text": meta("pieces", '"L5 L4"'),
    "meta-pieces-types": meta("pieces", '[{"name": 1, "code": 2, "rows": 3}]'),
    "meta-pieces-shape": meta("pieces", '[{"name": "X", "code": "x", "rows": ["#.#"]}]'),
    "meta-pieces-missing": meta("pieces", None),
    "meta-not-json": meta("frame", "{"),
    "meta-schema-text": meta("schema", '"1"'),
    "meta-format": meta("format", '"other"'),
    "meta-null-value": altered("UPDATE meta SET value = NULL WHERE key = 'areas'"),
    "meta-emptied": altered("DELETE FROM meta"),
    # tables dropped or changed
    "no-figures": altered("DROP TABLE figures"),
    "no-puzzles": altered("DROP TABLE puzzles"),
    "no-pieces": altered("DROP TABLE pieces"),
    "no-meta": altered("DROP TABLE meta"),
    "figures-no-combos": altered("ALTER TABLE figures DROP COLUMN combos3"),
    "figures-mask-text": altered("ALTER TABLE figures ALTER mask TYPE VARCHAR"),
    "puzzles-no-tilings": altered("ALTER TABLE puzzles DROP COLUMN tilings"),
    "puzzles-pieces-text": altered("ALTER TABLE puzzles ALTER pieces TYPE VARCHAR"),
    "figures-null-area": altered("UPDATE figures SET area = NULL"),
    "puzzles-null-tilings": altered("UPDATE puzzles SET tilings = NULL"),
    "puzzles-null-pieces": altered("UPDATE puzzles SET pieces = NULL"),
}
"""Damage that every command must notice: exit 1."""

MAYBE: dict[str, Damage] = {
    **{f"flip-{n}-{i}": flipped_bytes(n) for n in (1, 8, 64) for i in range(4)},
    **{f"header-flip-{i}": flipped_bytes(4, start=0) for i in range(4)},
    **{f"span-{i}": overwritten_span(4096) for i in range(4)},
    **{f"block-{i}": zeroed_block for i in range(3)},
}
"""Damage at random places: a command that reads no damaged byte may succeed."""


def damaged(folder: Path, atlases: dict[str, bytes], which: str, name: str, fn: Damage) -> Path:
    path = folder / f"{which}-{name}.duckdb"
    path.write_bytes(atlases[which])
    fn(path, random.Random(f"atlas-damage:{which}:{name}"))
    return path


def check(path: Path, command: tuple[str, ...], sure: bool) -> int:
    """Run the command on the damaged atlas: exit 1 with one line naming it (or, unless the
    damage is sure to show, exit 0 with nothing on stderr)."""
    name, *rest = command
    code, out, err = _run("atlas", name, str(path), *rest)
    where = (path.name, command, code, err[-2000:])
    assert "Traceback" not in err, where
    if code == 0 and not sure:
        assert err == "" or name == "find" and err == "no figure matches\n", where
        return code
    assert code == 1, where
    assert len(err.splitlines()) == 1, where
    assert err.startswith(f"ubongo atlas {name}: {path}: "), where
    return code


@pytest.mark.parametrize("which", ["3x4", "4x5"])
@pytest.mark.parametrize("name", sorted(SURE))
def test_damage_that_must_show_is_one_line_exit_1(
    tmp_path: Path, atlases: dict[str, bytes], which: str, name: str
) -> None:
    path = damaged(tmp_path, atlases, which, name, SURE[name])
    for command in COMMANDS:
        check(path, command, sure=True)


def test_damage_at_random_places_is_one_line_or_no_harm(
    tmp_path: Path, atlases: dict[str, bytes]
) -> None:
    codes = []
    for which in atlases:
        for name, fn in MAYBE.items():
            path = damaged(tmp_path, atlases, which, name, fn)
            codes += [check(path, command, sure=False) for command in COMMANDS]
            path.unlink()
    assert codes.count(1) >= len(codes) // 4, codes  # the damage was seen often enough


def test_a_sound_copy_passes_the_same_checks(tmp_path: Path, atlases: dict[str, bytes]) -> None:
    """The checks above on an undamaged copy: every command exits 0 (the damage is the cause)."""
    for which, data in atlases.items():
        path = tmp_path / f"{which}.duckdb"
        path.write_bytes(data)
        for command in COMMANDS:
            assert check(path, command, sure=False) == 0
    shutil.rmtree(tmp_path)
