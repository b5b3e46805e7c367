"""The puzzle sets shipped with the package, read through importlib.resources."""

from __future__ import annotations

import json
from importlib.resources import files

from ubongo.puzzles.reading import parse_pieces, parse_set
from ubongo.puzzles.sets import PuzzleSet
from ubongo.solver.errors import UnknownName
from ubongo.solver.pieces import PieceSet

DEFAULT_SET = "standard"


def bundled_piece_names() -> list[str]:
    """The names of the piece sets shipped with the package (``puzzles/pieces/NAME.json``):
    the pieces of other games than the original, each shape checked against public sources."""
    folder = files("ubongo.puzzles").joinpath("pieces")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def bundled_pieces(name: str) -> PieceSet:
    """A piece set shipped with the package, by name (``ubongo-3d``, ``soma``...)."""
    if name not in bundled_piece_names():
        raise UnknownName("bundled piece set", name, bundled_piece_names())
    res = files("ubongo.puzzles").joinpath("pieces", f"{name}.json")
    return parse_pieces(json.loads(res.read_text(encoding="utf-8")), name)


def bundled_names() -> list[str]:
    """The names of the sets shipped with the package, default first."""
    names = sorted(
        p.name[:-5] for p in files("ubongo.puzzles").iterdir() if p.name.endswith(".json")
    )
    return sorted(names, key=lambda n: n != DEFAULT_SET)


def bundled(name: str = DEFAULT_SET) -> PuzzleSet:
    """A puzzle set shipped with the package (``puzzles/NAME.json``)."""
    if name not in bundled_names():
        raise UnknownName("bundled set", name, bundled_names())
    res = files("ubongo.puzzles").joinpath(f"{name}.json")
    return parse_set(json.loads(res.read_text(encoding="utf-8")), name)
