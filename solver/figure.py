"""Figures: the grid shapes printed on templates, parsed from and drawn as text rows.

Glossary (Point, Shape and Picture as in solver.cells, Lattice as in solver.lattice)
    Picture   in a figure, ``#`` is a cell and ``.`` (or space) is not.
    Figure    a normalised set of cells on a lattice, with its height and width.
    Layer     one level of a figure of cubes, drawn as a picture of its footprint; a figure
              of cubes is written as its layers from the bottom up, inline joined by ``|``
              (``"##/#. | #./..."``), in a file separated by a line ``--``.
    Footprint the squares under a figure of cubes (``--height N`` stacks it N layers high).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product

from ubongo.solver import core as native
from ubongo.solver.cells import (
    LAYER_MARK,
    MAX_SQUARES,
    Drawing,
    Picture,
    PictureTooLarge,
    Point,
    Shape,
    bounding_box,
    components,
    draw,
    draw_layers,
    flood,
    join_layers,
    read_layers,
    read_picture,
)
from ubongo.solver.errors import FigureError
from ubongo.solver.lattice import CUBE, SQUARE, Lattice, extent

__all__ = [
    "LAYER_MARK",
    "Figure",
    "Picture",
    "layer_texts",
    "parse_figure",
    "stacked",
]  # Picture lives in solver.cells


@dataclass(frozen=True)
class Figure:
    """A figure: cells normalised so that every coordinate's least value is 0 (the top row and
    the leftmost column; for cubes also the bottom layer; a triangle keeps its kind)."""

    cells: Shape
    lattice: Lattice = SQUARE

    def __hash__(self) -> int:
        # the cells alone (a frozenset keeps its hash): equal figures have equal cells, and a
        # batch hashes figures for every cache it asks
        return hash(self.cells)

    @classmethod
    def from_cells(cls, cells: Iterable[Point], lattice: Lattice = SQUARE) -> Figure:
        """A figure from any set of points (translated to the origin)."""
        pts = list(cells)
        if not pts:
            raise FigureError("empty figure: expected at least one '#' cell")
        if lattice.dims != 2 or not lattice.plain:  # height and width: of the text form
            return cls(lattice.normalise(pts), lattice)
        top, left, bottom, right = bounding_box(pts)
        cells = frozenset((r - top, c - left) for r, c in pts) if top or left else frozenset(pts)
        return cls._sized(cells, bottom - top + 1, right - left + 1, lattice)

    @classmethod
    def _sized(cls, cells: Shape, height: int, width: int, lattice: Lattice = SQUARE) -> Figure:
        """A figure of normalised cells whose height and width are known already.

        They are the cached properties, set here: a batch reads thousands of figures, and two
        more passes over the cells for height and width cost a tenth of reading one.
        """
        figure = cls(cells, lattice)
        figure.__dict__.update(height=height, width=width, extent=(height, width))
        return figure

    @cached_property
    def extent(self) -> tuple[int, ...]:
        """Cells spanned along each coordinate (layers, rows, columns for cubes)."""
        return extent(self.cells)

    @cached_property
    def height(self) -> int:
        """Rows spanned (of the text form, on hexagons and triangles)."""
        return self.extent[-2] if self.lattice.plain else len(self.rows())

    @cached_property
    def width(self) -> int:
        """Columns spanned (of the text form, on hexagons and triangles)."""
        return self.extent[-1] if self.lattice.plain else max(map(len, self.rows()))

    @property
    def levels(self) -> int:
        """Layers spanned: 1 but for a figure of cubes."""
        return self.extent[0] if self.lattice.layered else 1

    @property
    def footprint(self) -> Figure:
        """The squares under the figure (the figure itself when it is flat)."""
        if not self.lattice.layered:
            return self
        return Figure.from_cells({p[1:] for p in self.cells})

    @property
    def area(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def rows(self) -> Picture:
        """The figure drawn as ``#`` and ``.`` rows; a figure of cubes as its layers from the
        bottom up, each over the whole footprint, with a line ``--`` between two."""
        if not self.lattice.layered:
            return draw({"#": self.cells}, lattice=self.lattice)
        return join_layers(self.layers(), LAYER_MARK)

    def layers(self) -> list[Picture]:
        """Each layer drawn over the whole footprint, the bottom one first (one for a flat
        figure)."""
        return [self.rows()] if not self.lattice.layered else draw_layers({"#": self.cells})

    def inline(self) -> str:
        """The figure on one line: rows joined by ``/``, layers by `` | ``."""
        return " | ".join("/".join(layer) for layer in self.layers())

    def canonical(self) -> tuple[Point, ...]:
        """Equal for two figures exactly when a turn of the lattice maps one onto the other
        (for squares: a rotation or reflection)."""
        return self.lattice.canonical(self.cells)

    def is_connected(self) -> bool:
        """True when every cell is reachable from every other through edge neighbours."""
        return len(flood(self.cells, next(iter(self.cells)), self.lattice)) == len(self.cells)

    def holes(self) -> int:
        """Number of enclosed empty regions (not reachable from outside the bounding box)."""
        around = [range(min(a) - 1, max(a) + 2) for a in zip(*self.cells, strict=True)]
        outside = {p for p in product(*around) if p not in self.cells}
        if not self.lattice.every_point:  # a triangle's kind is 1 or 2 only
            outside = set(filter(self.lattice.is_cell, outside))
        # the shell around the box joins every region that reaches outside into one part
        return len(components(outside, self.lattice)) - 1

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import figure_svg

        return figure_svg(self)

    def __repr__(self) -> str:
        return f"parse_figure({self.inline()!r})"


def parse_figure(
    text: str | Sequence[str], *, height: int | None = None, lattice: Lattice | None = None
) -> Figure:
    """Parse a figure from rows of ``#`` (cell) and ``.`` or space (empty); a figure of cubes
    from its layers (see the glossary), or from its footprint stacked ``height`` layers high.

    >>> parse_figure("##./.##").area, parse_figure("##/#. | #./..").extent
    (4, (2, 2, 2))
    """
    if height is None and not isinstance(text, str) and (lattice is None or lattice.plain):
        rows = list(text)
        plain = _plain(rows, lattice or SQUARE)  # rows of '#' and '.' hold no layer mark
        if plain is not None:
            return plain
        text = rows
    if height is not None and lattice is not None and not lattice.layered:
        raise FigureError(f"a height stacks a footprint in layers of cubes, not of {lattice.cells}")
    if height is not None or (lattice is not None and lattice.layered):
        return _stacked(text, height, lattice or CUBE)
    layers = layer_texts(text)
    if layers is not None:
        if lattice is not None:
            raise FigureError(f"layers ('|' or a line '--') are for cubes, not {lattice}")
        return _from_layers(layers, CUBE)
    return _flat(text, lattice or SQUARE)


def _plain(rows: list[str], lattice: Lattice) -> Figure | None:
    """The figure of rows of only ``#`` and ``.`` (as a batch line gives them), read fast; None
    for any other rows (``read_picture`` then reads them, and names what is wrong)."""
    read = _read_in_c(rows)
    if read is not None:
        return Figure._sized(*read, lattice)
    # read_picture would find the same cells (no comment, no other character) at the same
    # place up to a shift, which is taken away here, several times faster. Past MAX_SQUARES,
    # read_picture says why.
    if all(isinstance(r, str) and not r.strip("#.") for r in rows) and (
        sum(r.count("#") for r in rows) <= MAX_SQUARES
    ):
        marked = [(r, row) for r, row in enumerate(rows) if "#" in row]
        if marked:
            top, bottom = marked[0][0], marked[-1][0]
            left = min(row.find("#") for _, row in marked)
            right = max(row.rfind("#") for _, row in marked)
            cells = [
                (r - top, c - left) for r, row in marked for c, ch in enumerate(row) if ch == "#"
            ]
            return Figure._sized(frozenset(cells), bottom - top + 1, right - left + 1, lattice)
    return None


def _flat(text: str | Sequence[str], lattice: Lattice) -> Figure:
    """A figure of one layer of squares (or of another flat lattice's cells), from a picture."""
    drawn = read_picture(text)
    _only_cells(drawn)
    return Figure.from_cells(drawn.on(lattice).chars, lattice)


def _only_cells(drawn: Drawing, layer: int = 0) -> None:
    """Refuse a picture with any character but ``#`` among its cells (naming the first)."""
    for p, ch in drawn.chars.items():  # in reading order: the first bad character is named
        if ch != "#":
            where = f" in layer {layer}" if layer else ""
            raise FigureError(
                f"unexpected character {ch!r}{where}; expected '#', '.' or space",
                *drawn.where(p),
            )


def layer_texts(text: str | Sequence[str]) -> list[str | list[str]] | None:
    """The text of each layer, bottom first, or None for a text of one layer with no mark."""
    if isinstance(text, str):
        if "|" in text:
            return [part.strip() for part in text.split("|")]
        if LAYER_MARK not in text:  # most figures: one look at the text, not at every line
            return None
        lines: list[str] = text.split("\n")
    else:
        lines = list(text)
    # ``in`` first: a batch reads thousands of rows, and a mark is two characters
    marks = [
        i for i, ln in enumerate(lines) if isinstance(ln, str) and LAYER_MARK in ln and _is_mark(ln)
    ]
    if not marks:
        return None
    bounds = [-1, *marks, len(lines)]
    return [lines[a + 1 : b] for a, b in zip(bounds, bounds[1:], strict=False)]


def _is_mark(line: str) -> bool:
    return line.partition(";")[0].strip() == LAYER_MARK


def _from_layers(layers: Sequence[str | Sequence[str]], lattice: Lattice) -> Figure:
    """A figure of cubes from each layer's picture, the bottom one first; every layer's rows
    and columns count from its text's first row and column, so layers line up as written."""
    read = read_layers(layers)
    for z, drawn in enumerate(read.drawings):
        if not drawn.chars:
            raise FigureError(f"layer {z + 1} of {len(layers)} has no cell; expected '#' cells")
        _only_cells(drawn, z + 1)
    return Figure.from_cells(read.chars, lattice)


def _stacked(text: str | Sequence[str], height: int | None, lattice: Lattice) -> Figure:
    """A figure of cubes: its layers as written, or its footprint ``height`` layers high."""
    layers = layer_texts(text)
    if height is None:
        return _from_layers(layers or [text], lattice)
    if layers is not None:
        raise FigureError("give the layers or a height, not both")
    if not 1 <= height <= MAX_LEVELS:
        raise FigureError(f"height {height}: expected 1 to {MAX_LEVELS} layers")
    plain = None if isinstance(text, str) else _plain(list(text), SQUARE)
    footprint = plain or _flat(text, SQUARE)
    if footprint.area * height > MAX_SQUARES:
        raise PictureTooLarge(footprint.area * height)
    return stacked(footprint, height, lattice)


def stacked(footprint: Figure, height: int, lattice: Lattice = CUBE) -> Figure:
    """The squares of a footprint stacked ``height`` layers of cubes high.

    >>> stacked(parse_figure("##./.##"), 2).extent
    (2, 2, 3)
    """
    return Figure(frozenset((z, *p) for z in range(height) for p in footprint.cells), lattice)


MAX_LEVELS = 64
"""The most layers a figure stacked by ``height`` may have."""


def _read_in_c(rows: list[str]) -> tuple[Shape, int, int] | None:
    """The cells, height and width of rows of only ``#`` and ``.`` read by the compiled core
    (a third of the time of the Python reading below), or None: no core, or other rows."""
    # CORE read at call time, from the module (a test may switch it), not imported by name
    core = native.CORE
    return None if core is None else core.cells(rows, MAX_SQUARES)
