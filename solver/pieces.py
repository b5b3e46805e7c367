"""Pieces: shapes, their orientations, and piece sets (the 12 Ubongo pieces by default).

Glossary (Point and Shape as in solver.cells, Lattice as in solver.lattice)
    Piece       a named shape on a lattice, with a one-letter code and its distinct
                orientations (the lattice's orientation group acting on the shape).
    PieceSet    the pieces a puzzle may use, looked up by name or by code; all on one lattice.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, Mapping, Sequence, ValuesView
from dataclasses import dataclass, field
from functools import cached_property

from ubongo.solver.cells import LAYER_MARK, Point, Shape, draw, draw_layers, flood, join_layers
from ubongo.solver.errors import DuplicatePiece, PieceDefinitionError, UnknownPiece
from ubongo.solver.lattice import LATTICES, SQUARE, Lattice, normalise

MAX_PIECES = 64
"""The most pieces a piece set holds (the box has 12; pentominoes and editions fit easily)."""
MAX_CELLS = 64
"""The most cells one piece has: more is no puzzle piece, and searches would crawl."""
MAX_GRID = 64 * 64
"""The most characters a custom piece's rows may hold together."""

__all__ = [  # Point, Shape and normalise live in solver.lattice; importers here find them too
    "MAX_CELLS",
    "MAX_GRID",
    "MAX_PIECES",
    "STANDARD",
    "Piece",
    "PieceSet",
    "Point",
    "Shape",
    "canonical",
    "lattice_named",
    "normalise",
    "orientations",
    "piece_from_json",
    "shape_from_cells",
    "shape_from_rows",
    "shape_rows",
    "transforms",
]


def transforms(shape: Shape, lattice: Lattice = SQUARE) -> Iterator[Shape]:
    """The images of a shape under the lattice's orientation group (with repeats): for
    squares the 8 rotations and reflections."""
    return lattice.transforms(shape)


def orientations(shape: Shape, lattice: Lattice = SQUARE) -> tuple[Shape, ...]:
    """The distinct orientations of a shape, in a stable order (rotations first)."""
    return lattice.orientations(shape)


def canonical(shape: Shape, lattice: Lattice = SQUARE) -> tuple[Point, ...]:
    """A key equal for two shapes exactly when one is a turn of the other on the lattice
    (for squares: a rotation or reflection)."""
    return lattice.canonical(shape)


def shape_from_rows(rows: Sequence[str], lattice: Lattice = SQUARE) -> Shape:
    """Parse rows such as ``[".#", "##"]``: any character but ``.`` or space is a cell (of
    hexagons or triangles as their lattice's text form reads it)."""
    cells = [
        lattice.at(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch not in ". "
    ]
    if not cells:
        raise PieceDefinitionError(f"piece rows {list(rows)!r} hold no cell")
    return lattice.normalise(cells)


def shape_rows(shape: Shape, mark: str = "#", lattice: Lattice = SQUARE) -> list[str]:
    """Draw a shape as rows of ``mark`` and ``.``; a shape of cubes layer by layer, the bottom
    one first, a line ``--`` between two."""
    if len(next(iter(shape))) == 2 or not lattice.layered:
        return draw({mark: shape}, lattice=lattice)
    return join_layers(draw_layers({mark: shape}), LAYER_MARK)


@dataclass(frozen=True)
class Piece:
    """A named piece: ``code`` is its one-letter picture code."""

    name: str
    code: str
    shape: Shape = field(compare=False)
    lattice: Lattice = field(default=SQUARE, compare=False)
    colour: str | None = field(default=None, compare=False)  # "#rrggbb", as the box's piece

    @cached_property
    def orientations(self) -> tuple[Shape, ...]:
        """Distinct orientations under the lattice's group (squares: turned and turned over)."""
        return self.lattice.orientations(self.shape)

    @cached_property
    def key(self) -> tuple[Point, ...]:
        """Equal for two pieces of a lattice exactly when they have the same shape, turned."""
        return self.lattice.piece_key(self.shape)

    @property
    def area(self) -> int:
        """Number of squares."""
        return len(self.shape)

    def rows(self) -> list[str]:
        """The piece drawn in its code letter."""
        return shape_rows(self.shape, self.code, self.lattice)


class PieceSet(Mapping[str, Piece]):
    """An ordered set of pieces, looked up by name or by one-letter code."""

    def __init__(
        self,
        pieces: Iterable[Piece],
        lattice: Lattice | None = None,
        by_face: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        self._by_name: dict[str, Piece] = {}
        self._by_code: dict[str, Piece] = {}
        self.lattice: Lattice = lattice or SQUARE
        """The lattice of every piece (given, else the first piece's; squares when empty)."""
        self.by_face: dict[str, tuple[str, ...]] = {}
        """Per die face, the names of the pieces its row may use (an Extreme colour's own
        pieces: the pieces document's ``pieces_by_face``); empty: every row any piece."""
        for p in pieces:
            if lattice is None and not self._by_name:
                self.lattice = p.lattice
            _check_piece(p)
            if p.lattice is not self.lattice:
                raise PieceDefinitionError(
                    f"piece {p.name}: on the {p.lattice} lattice; the set is on {self.lattice}"
                )
            if p.name in self._by_name or p.code in self._by_code:
                raise PieceDefinitionError(f"piece name {p.name!r} or code {p.code!r} repeated")
            if len(self._by_name) == MAX_PIECES:
                raise PieceDefinitionError(
                    f"more than {MAX_PIECES} pieces; a set holds at most {MAX_PIECES}"
                )
            self._by_name[p.name] = p
            self._by_code[p.code] = p
        for face, names in (by_face or {}).items():
            self.by_face[face] = tuple(self[n].name for n in names)

    def __getitem__(self, token: str) -> Piece:
        """The piece named ``token`` (name or code): exact, else ignoring case if unambiguous."""
        found = self._by_name.get(token) or self._by_code.get(token)
        if found is None:
            folded = {p for p in self._by_name.values() if token.casefold() in _folds(p)}
            if len(folded) == 1:
                found = folded.pop()
        if found is None:
            raise UnknownPiece(token, list(self._by_name))
        return found

    def __contains__(self, token: object) -> bool:
        """Whether ``token`` names a piece as ``self[token]`` finds it (a Mapping asks for a
        KeyError; a lookup here raises UnknownPiece, which names the pieces held)."""
        return self.get(token) is not None  # type: ignore[arg-type]

    def get(  # type: ignore[override]
        self, token: str, default: Piece | None = None
    ) -> Piece | None:
        """The piece ``token`` names, else ``default``."""
        if not isinstance(token, str):
            return default
        try:
            return self[token]
        except UnknownPiece:
            return default

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def values(self) -> ValuesView[Piece]:
        """The pieces in order (the dict's own view: Mapping's looks each one up by name)."""
        return self._by_name.values()

    def items(self) -> ItemsView[str, Piece]:
        """(name, piece) pairs in order (the dict's own view, as ``values``)."""
        return self._by_name.items()

    def __len__(self) -> int:
        return len(self._by_name)

    def __repr__(self) -> str:
        return f"PieceSet([{', '.join(self._by_name)}])"

    def kit(self, face: str) -> PieceSet:
        """The pieces a row answering ``face`` may use: the face's own, else all of them."""
        names = self.by_face.get(face)
        return self if names is None else PieceSet((self[n] for n in names), self.lattice)

    def resolve(self, tokens: Iterable[str], *, distinct: bool = True) -> tuple[Piece, ...]:
        """Pieces named by names or codes; ``distinct`` refuses the same piece twice."""
        pieces = tuple(self[t] for t in tokens)
        if distinct:
            seen: set[str] = set()
            for p in pieces:
                if p.name in seen:
                    raise DuplicatePiece(p.name)
                seen.add(p.name)
        return pieces

    @classmethod
    def from_json(cls, data: Mapping[str, object], lattice: Lattice = SQUARE) -> PieceSet:
        """Build from ``{name: {"rows": [...], "code": "A"}}`` as in the puzzle-set format, or
        with ``"cells": [[...], ...]`` (coordinate lists, the only form off squares)."""
        if len(data) > MAX_PIECES:
            raise PieceDefinitionError(f"{len(data)} pieces; a set holds at most {MAX_PIECES}")
        return cls((piece_from_json(name, spec, lattice) for name, spec in data.items()), lattice)


def lattice_named(name: object) -> Lattice:
    """The lattice a file names in its ``lattice`` field."""
    if not isinstance(name, str) or name not in LATTICES:
        raise PieceDefinitionError(
            f"lattice {name!r}: expected one of {', '.join(map(repr, LATTICES))}"
        )
    return LATTICES[name]


def piece_from_json(name: str, spec: object, lattice: Lattice = SQUARE) -> Piece:
    """One custom piece from ``{"rows": [...], "code": "A"}`` (squares) or ``{"cells":
    [[0, 0, 0], ...], "code": "A"}`` (any lattice); the code defaults to name[0]."""
    if not isinstance(spec, Mapping) or not (
        isinstance(spec.get("rows"), list) or isinstance(spec.get("cells"), list)
    ):
        raise PieceDefinitionError(
            f"piece {name}: expected {{'rows': [...], 'code': 'A'}} or {{'cells': [...]}}"
        )
    code = spec.get("code", name[:1])
    if not isinstance(code, str):
        raise PieceDefinitionError(f"piece {name}: code must be one character")
    colour = spec.get("colour")
    if colour is not None and not _is_colour(colour):
        raise PieceDefinitionError(f"piece {name}: colour {colour!r}: expected '#rrggbb'")
    if "cells" in spec:
        shape = shape_from_cells(name, spec["cells"], lattice)
        return Piece(name, code, shape, lattice, colour)
    rows = spec["rows"]
    if not all(isinstance(r, str) for r in rows):
        raise PieceDefinitionError(f"piece {name}: rows must be strings, code one character")
    if lattice.layered:
        raise PieceDefinitionError(
            f"piece {name}: rows draw one layer; a {lattice} piece is given by its 'cells'"
        )
    if sum(len(r) for r in rows) > MAX_GRID:  # a cheap bound before any parsing
        raise PieceDefinitionError(f"piece {name}: rows longer than {MAX_GRID} characters")
    return Piece(name, code, shape_from_rows(rows, lattice), lattice, colour)


def _is_colour(value: object) -> bool:
    """``#rrggbb`` in hexadecimal digits."""
    return (
        isinstance(value, str)
        and len(value) == 7
        and value[0] == "#"
        and all(ch in "0123456789abcdefABCDEF" for ch in value[1:])
    )


def shape_from_cells(name: str, cells: object, lattice: Lattice) -> Shape:
    """A shape from a list of coordinate lists, one per cell, ``lattice.dims`` integers each."""
    if not isinstance(cells, list) or not cells or len(cells) > MAX_CELLS:
        raise PieceDefinitionError(
            f"piece {name}: cells: expected a list of 1 to {MAX_CELLS} coordinate lists"
        )
    points = []
    for i, cell in enumerate(cells):
        if (
            not isinstance(cell, list)
            or len(cell) != lattice.dims
            or not all(type(v) is int and abs(v) <= MAX_GRID for v in cell)
        ):
            axes = ", ".join(lattice.axes)
            raise PieceDefinitionError(
                f"piece {name}: cells[{i}]: expected [{axes}] as {lattice.dims} integers"
            )
        points.append(tuple(cell))
    if len(set(points)) != len(points):
        raise PieceDefinitionError(f"piece {name}: a cell is listed twice")
    bad = next((p for p in points if not lattice.is_cell(p)), None)
    if bad is not None:
        raise PieceDefinitionError(
            f"piece {name}: cells: {list(bad)} is no cell ({lattice.summary})"
        )
    shape = lattice.normalise(points)
    if not is_connected(shape, lattice):
        raise PieceDefinitionError(f"piece {name}: cells are not joined face to face")
    return shape


def is_connected(cells: Shape, lattice: Lattice) -> bool:
    """True when every cell is reachable from every other through edge (face) neighbours."""
    return len(flood(cells, next(iter(cells)), lattice)) == len(cells)


def _check_piece(p: Piece) -> None:
    """Refuse a name or code that could not be written, read back or drawn in a picture."""
    if not p.name or not p.name.isprintable() or p.name != p.name.strip():
        raise PieceDefinitionError(f"piece name {p.name!r}: expected printable text")
    if not _good_code(p.code):
        raise PieceDefinitionError(
            f"piece {p.name}: code {p.code!r}: expected one printable character, "
            "not a space, a digit, '#', '.' or ';'"
        )
    if len(p.shape) > MAX_CELLS:
        raise PieceDefinitionError(
            f"piece {p.name}: {len(p.shape)} cells; a piece has at most {MAX_CELLS}"
        )


def _good_code(code: str) -> bool:
    """A code can stand for the piece in a picture: figures use ``#``, ``.``, space, ``;``."""
    return (
        len(code) == 1
        and code.isprintable()
        and not code.isspace()
        and not code.isdigit()
        and code not in "#.;"
    )


def _folds(piece: Piece) -> tuple[str, str]:
    return piece.name.casefold(), piece.code.casefold()


def _standard() -> PieceSet:
    # Codes are ubongo-utils' letters, so pictures read the same in both tools.
    table = [
        ("I2", "A", ["##"]),
        ("I3", "B", ["###"]),
        ("L3", "C", ["#.", "##"]),
        ("T4", "D", [".#", "##", ".#"]),
        ("L4", "E", ["##", ".#", ".#"]),
        ("I4", "F", ["####"]),
        ("S4", "G", ["#.", "##", ".#"]),
        ("O4", "H", ["##", "##"]),
        ("Y5", "I", [".#", "##", ".#", ".#"]),
        ("L5", "J", [".#", ".#", ".#", "##"]),
        ("P5", "K", ["##", "##", ".#"]),
        ("Z5", "L", ["##.", ".#.", ".##"]),
    ]
    order = ["I2", "I3", "L3", "I4", "L4", "O4", "S4", "T4", "L5", "P5", "Y5", "Z5"]
    by_name = {n: Piece(n, c, shape_from_rows(r)) for n, c, r in table}
    return PieceSet(by_name[n] for n in order)


STANDARD = _standard()
"""The 12 pieces of the original Ubongo, in the rule book's order."""
