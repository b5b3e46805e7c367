"""The puzzle sets and piece sets shipped with the package.

A bundled file is read through the package's own loader, as ``pkgutil.get_data`` does, from
a folder, a wheel or a zip alike: importing ``importlib.resources`` and making its first reader
cost more than the rest of the Soma cube's whole-process count (DESIGN.md, start-up), so
``importlib.resources`` only lists the names, when they are asked for or a name is not found.
"""

from __future__ import annotations

import json
import os
from typing import Any

from ubongo.puzzles.reading import parse_pieces, parse_set
from ubongo.puzzles.sets import PuzzleSet
from ubongo.solver.errors import UnknownName
from ubongo.solver.pieces import PieceSet

DEFAULT_SET = "standard"


def _read(folder: str, name: str) -> Any:
    """The JSON document of the bundled file ``folder/NAME.json`` (``""`` this package's own
    folder), or None when none is bundled under that name."""
    if name != os.path.basename(name) or name.startswith("."):  # one file name, not a path
        return None
    loader: Any = __spec__.loader  # a ResourceLoader (PEP 302): the data lies beside this module
    try:
        data = loader.get_data(os.path.join(os.path.dirname(__file__), folder, f"{name}.json"))
    except (OSError, ValueError):  # no such file; a NUL in the name
        return None
    return json.loads(data.decode("utf-8"))


def _listed(*folder: str) -> list[str]:
    """The names of the JSON files bundled in ``folder`` (none: this package's own folder)."""
    from importlib.resources import files

    found = files("ubongo.puzzles").joinpath(*folder).iterdir()
    return sorted(p.name[:-5] for p in found if p.name.endswith(".json"))


def bundled_piece_names() -> list[str]:
    """The names of the piece sets shipped with the package (``puzzles/pieces/NAME.json``):
    the pieces of other games than the original, each shape checked against public sources."""
    return _listed("pieces")


def bundled_pieces(name: str) -> PieceSet:
    """A piece set shipped with the package, by name (``ubongo-3d``, ``soma``...)."""
    data = _read("pieces", name)
    if data is None:
        raise UnknownName("bundled piece set", name, bundled_piece_names())
    return parse_pieces(data, name)


def bundled_names() -> list[str]:
    """The names of the sets shipped with the package, default first."""
    return sorted(_listed(), key=lambda n: n != DEFAULT_SET)


def bundled(name: str = DEFAULT_SET) -> PuzzleSet:
    """A puzzle set shipped with the package (``puzzles/NAME.json``)."""
    data = _read("", name)
    if data is None:
        raise UnknownName("bundled set", name, bundled_names())
    return parse_set(data, name)
