"""The atlas: every figure that fits a frame and every combination of pieces that tiles it.

``enumerate`` lists the figures (canonical forms, in shards), ``build`` turns a shard into
table rows with ``solver.analyze``, ``query`` asks a DuckDB connection the caller hands in.
A small atlas (the 4x5 frame, 2 MB) ships with the package: ``bundled_atlas("4x5")``.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from importlib.resources import as_file, files
from pathlib import Path

from ubongo.solver.errors import UnknownName

DEFAULT_ATLAS = "4x5"


def bundled_atlas_names() -> list[str]:
    """The names of the atlases shipped with the package, default first."""
    names = sorted(
        p.name.removesuffix(".duckdb")
        for p in files("ubongo.puzzles.atlas").iterdir()
        if p.name.endswith(".duckdb")
    )
    return sorted(names, key=lambda n: n != DEFAULT_ATLAS)


def bundled_atlas(name: str | None = None) -> AbstractContextManager[Path]:
    """A shipped atlas as a real file path for as long as the block runs (DuckDB needs one)."""
    name = name or DEFAULT_ATLAS
    if name not in bundled_atlas_names():
        raise UnknownName("bundled atlas", name, bundled_atlas_names())
    return as_file(files("ubongo.puzzles.atlas").joinpath(f"{name}.duckdb"))
