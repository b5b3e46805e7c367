"""Reading an atlas (``ubongo.atlas_stats``, ``atlas_find``, ``atlas_figure``: ``ubongo atlas
stats``, ``find``, ``figure``): opening it read-only, and the results the commands print.

An atlas is opened so that a query can read the atlas and nothing else (``QUERY_CONFIG``);
``atlas build`` (worker pools, locks, shards) and ``atlas sql`` (a streamed statement under a
time limit) stay in the command line, which opens atlases through ``opened`` too.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ubongo.scoring.text import printable

if TYPE_CHECKING:
    from ubongo.puzzles.atlas.query import Info, Match
    from ubongo.solver.figure import Figure
    from ubongo.solver.pieces import PieceSet

AtlasLike = str | os.PathLike[str] | None
"""ATLAS: a file, a bundled atlas's name (``4x5``, ``ubongo-3d``), or None for the default."""

QUERY_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "enable_external_access": False,  # no file but the atlas: no COPY TO, ATTACH, read_csv, glob
    "autoinstall_known_extensions": False,  # nothing downloaded
    "autoload_known_extensions": False,
    "memory_limit": "1GB",  # a runaway join fails with an error instead of taking the machine
    "lock_configuration": True,  # and no query can SET any of this back
}
"""How every atlas is opened to be read: a query can read the atlas and nothing else."""


@contextmanager
def opened(
    atlas: AtlasLike, close: Callable[[Any], None] | None = None
) -> Iterator[tuple[Any, Info, str]]:
    """ATLAS open read-only, with its description and the name to call it by; ``close`` (by
    default the connection's own) closes it, so ``atlas sql`` can leave a query running."""
    import duckdb

    from ubongo.puzzles.atlas import bundled_atlas, bundled_atlas_names
    from ubongo.puzzles.atlas.query import AtlasError, info

    arg = None if atlas is None else os.fspath(atlas)
    with ExitStack() as stack:
        if arg is not None and (os.path.exists(arg) or arg not in bundled_atlas_names()):
            if not os.path.isfile(arg):
                names = ", ".join(bundled_atlas_names())
                what = (
                    "is a folder, not an atlas file"
                    if os.path.isdir(arg)
                    else (f"no such file, and no bundled atlas of that name ({names})")
                )
                raise AtlasError(f"{printable(arg)}: {what}")
            path, name = arg, arg
        else:
            path = str(stack.enter_context(bundled_atlas(arg)))
            name = arg or "the bundled atlas"
        utf8_name(path, name)
        try:
            con = duckdb.connect(path, read_only=True, config=QUERY_CONFIG)
        except duckdb.Error as e:
            why = f"not a DuckDB atlas, or a damaged one ({first_line(e)})"
            raise AtlasError(f"{printable(name)}: {why}") from None
        stack.callback(close or (lambda c: c.close()), con)
        try:  # the queries of the commands are fixed: an error of DuckDB's is the file's
            yield con, info(con, name), name
        except duckdb.Error as e:
            raise AtlasError(f"{printable(name)}: damaged atlas ({first_line(e)})") from None


def utf8_name(path: str, name: str) -> None:
    """An AtlasError when the path (made absolute) is not UTF-8: DuckDB takes no other
    file name (it fails with ``std::bad_cast``), and a name from the command line may hold any
    bytes."""
    from ubongo.puzzles.atlas.query import AtlasError

    try:
        os.path.realpath(path).encode("utf-8")
    except UnicodeEncodeError:
        raise AtlasError(
            f"{printable(name)}: DuckDB takes only UTF-8 file names; rename the file or its folder"
        ) from None


def first_line(error: BaseException) -> str:
    """A DuckDB error's first line (its message; the rest points into the query)."""
    return str(error).splitlines()[0] if str(error) else type(error).__name__


@dataclass(frozen=True)
class AtlasStats:
    """An atlas's counts (``ubongo atlas stats``): figures by area, puzzles, unique ones and
    tilings by size; ``str()`` is the command's text, ``to_json()`` its ``--json``."""

    doc: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """``ubongo atlas stats --json``."""
        return self.doc

    def lines(self) -> list[str]:
        """The command's lines."""
        from ubongo.solver.lattice import LATTICES

        doc = self.doc
        high = (
            f", footprints of {doc['lattice']}s {doc['height']} high"
            if "height" in doc
            else f", {LATTICES[doc['lattice']].cells}"
            if "lattice" in doc
            else ""
        )
        kind = high + (", holes kept" if doc.get("holes") else "")
        out = [f"frame {doc['frame']}, areas {doc['areas'][0]}-{doc['areas'][1]}{kind}"]
        out.append(f"figures: {sum(doc['figures'].values())} ({doc['symmetric']} symmetric)")
        out += [f"  area {area:>2}: {n}" for area, n in doc["figures"].items()]
        out += [
            f"puzzles of {size} pieces: {n}, {doc['unique'][size]} with one tiling, "
            f"{doc['tilings'][size]} tilings"
            for size, n in doc["puzzles"].items()
        ]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True)
class AtlasFigure:
    """A figure of an atlas with every combination that tiles it and its tiling count
    (``ubongo atlas find`` and ``figure``); in an atlas of cubes ``figure`` is the footprint,
    filled ``height`` layers high."""

    mask: int
    figure: Figure
    symmetry: int
    combos: tuple[tuple[tuple[str, ...], int], ...]
    pieces: PieceSet
    height: int = 1

    @classmethod
    def of(cls, m: Match, about: Info) -> AtlasFigure:
        """The figure a query matched, drawn on the atlas's frame."""
        fig = m.figure(about.frame[1], about.footprint_lattice)
        return cls(m.mask, fig, m.symmetry, m.combos, about.piece_set(), about.height)

    def heading(self) -> str:
        """``figure 239: 7 cells x 2 layers, 2x4, symmetry 1, 63 combinations``."""
        from ubongo._text import plural

        fig = self.figure
        cells = f"{fig.area} cells" + (f" x {self.height} layers" if self.height > 1 else "")
        return (
            f"figure {self.mask}: {cells}, {fig.height}x{fig.width}, symmetry {self.symmetry}, "
            f"{plural(len(self.combos), 'combination')}"
        )

    def combo_lines(self) -> list[str]:
        """One line per combination: its pieces and its tilings."""
        return [
            f"  {' '.join(pieces):<20}{tilings:>6} {'tiling' if tilings == 1 else 'tilings'}"
            for pieces, tilings in self.combos
        ]

    def to_json(self) -> dict[str, Any]:
        """The command's ``--json`` object (off squares "figure" is the figure's picture, or the
        footprint of blocks, with its lattice and height, as a set file has it)."""
        from ubongo.puzzles.atlas.query import described

        fig = self.figure
        out = {
            "mask": self.mask,
            "figure": fig.rows(),
            "area": fig.area,
            "box": [fig.height, fig.width],
            "symmetry": self.symmetry,
            "combos": [{"pieces": list(p), "tilings": t} for p, t in self.combos],
        }
        return out | described(self.pieces.lattice, self.height, holes=False)

    def __str__(self) -> str:
        return "\n".join([self.heading(), *self.figure.rows(), *self.combo_lines()])

    def _repr_svg_(self) -> str:
        return self.figure._repr_svg_()
