"""Regenerate the golden tiling counts of the bundled puzzle sets (our "perft" files).

Usage, from the repository root::

    python tests/golden/regenerate.py            # every bundled set, puzzles/*.json
    python tests/golden/regenerate.py standard   # just puzzles/standard.json

Writes ``tests/golden/<name>_counts.json``: every combination of the set in set order with the
number of tilings the solver counts. Each count is computed twice, by the bitboard engine and by
CP-SAT, and nothing is written if they disagree. Regenerate only when a set's data changes on
purpose, and review the diff: ``tests/test_puzzle_sets.py`` compares fresh counts to these files.
"""

from __future__ import annotations

import json
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

from ubongo.puzzles import bundled
from ubongo.solver import count

HERE = Path(__file__).resolve().parent


def bundled_names() -> list[str]:
    """Names of the puzzle sets shipped in the puzzles package."""
    return sorted(
        p.name[: -len(".json")]
        for p in files("ubongo.puzzles").iterdir()
        if p.name.endswith(".json")
    )


def golden_path(name: str) -> Path:
    """Where the golden counts of set ``name`` live."""
    return HERE / f"{name}_counts.json"


def counts(name: str, engine: str = "bitboard") -> list[dict[str, Any]]:
    """Every combination of bundled set ``name`` with its tiling count, in set order."""
    return [
        {
            "template": c.template,
            "side": c.side,
            "die": c.face,
            "pieces": [p.name for p in c.puzzle.pieces],
            "solutions": count(c.puzzle, engine=engine),  # type: ignore[arg-type]
        }
        for c in bundled(name).combinations()
    ]


def dumps(name: str, rows: list[dict[str, Any]]) -> str:
    """The golden file's text: one combination per line, so a diff shows what changed."""
    body = ",\n".join(f"  {json.dumps(r)}" for r in rows)
    return f'{{"set": {json.dumps(name)}, "combinations": [\n{body}\n]}}\n'


def main(names: list[str]) -> int:
    for name in names or bundled_names():
        rows = counts(name)
        check = counts(name, engine="cpsat")
        if rows != check:
            bad = [(a, b["solutions"]) for a, b in zip(rows, check, strict=True) if a != b]
            print(f"{name}: engines disagree, nothing written: {bad[:5]}", file=sys.stderr)
            return 1
        golden_path(name).write_text(dumps(name, rows), encoding="utf-8")
        print(f"{golden_path(name)}: {len(rows)} combinations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
