"""Figures: the grid shapes printed on templates, parsed from and drawn as text rows.

Glossary (Point, Shape and Picture as in solver.cells)
    Picture   in a figure, ``#`` is a cell and ``.`` (or space) is not.
    Figure    a normalised set of cells with its height and width.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from ubongo.solver import core as native
from ubongo.solver.cells import (
    MAX_SQUARES,
    Picture,
    Point,
    Shape,
    bounding_box,
    components,
    draw,
    flood,
    read_picture,
)
from ubongo.solver.errors import FigureError
from ubongo.solver.pieces import canonical

__all__ = ["Figure", "Picture", "parse_figure"]  # Picture lives in solver.cells


@dataclass(frozen=True)
class Figure:
    """A figure: cells normalised so that the top row and the leftmost column are 0."""

    cells: Shape

    @classmethod
    def from_cells(cls, cells: Iterable[Point]) -> Figure:
        """A figure from any set of points (translated to the origin)."""
        pts = list(cells)
        if not pts:
            raise FigureError("empty figure: expected at least one '#' cell")
        top, left, bottom, right = bounding_box(pts)
        cells = frozenset((r - top, c - left) for r, c in pts) if top or left else frozenset(pts)
        return cls._sized(cells, bottom - top + 1, right - left + 1)

    @classmethod
    def _sized(cls, cells: Shape, height: int, width: int) -> Figure:
        """A figure of normalised cells whose height and width are known already.

        They are the cached properties, set here: a batch reads thousands of figures, and two
        more passes over the cells for height and width cost a tenth of reading one.
        """
        figure = cls(cells)
        figure.__dict__.update(height=height, width=width)
        return figure

    @cached_property
    def height(self) -> int:
        """Rows spanned."""
        return bounding_box(self.cells).height

    @cached_property
    def width(self) -> int:
        """Columns spanned."""
        return bounding_box(self.cells).width

    @property
    def area(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def rows(self) -> Picture:
        """The figure drawn as ``#`` and ``.`` rows."""
        return draw({"#": self.cells})

    def canonical(self) -> tuple[Point, ...]:
        """Equal for two figures exactly when they match up to rotation and reflection."""
        return canonical(self.cells)

    def is_connected(self) -> bool:
        """True when every cell is reachable from every other through edge neighbours."""
        return len(flood(self.cells, next(iter(self.cells)))) == len(self.cells)

    def holes(self) -> int:
        """Number of enclosed empty regions (not reachable from outside the bounding box)."""
        outside = {
            (r, c)
            for r in range(-1, self.height + 1)
            for c in range(-1, self.width + 1)
            if (r, c) not in self.cells
        }
        # the ring around the box joins every region that reaches outside into one part
        return len(components(outside)) - 1

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import figure_svg

        return figure_svg(self)

    def __repr__(self) -> str:
        return f"parse_figure({'/'.join(self.rows())!r})"


def parse_figure(text: str | Sequence[str]) -> Figure:
    """Parse a figure from rows of ``#`` (cell) and ``.`` or space (empty).

    >>> parse_figure("##./.##").area
    4
    """
    if not isinstance(text, str):  # rows as a batch line gives them: most are only '#' and '.'
        rows = list(text)
        read = _read_in_c(rows)
        if read is not None:
            return Figure._sized(*read)
        # read_picture would find the same cells (no comment, no other character) at the same
        # place up to a shift, which is taken away here, several times faster. Past
        # MAX_SQUARES, read_picture says why.
        if all(isinstance(r, str) and not r.strip("#.") for r in rows) and (
            sum(r.count("#") for r in rows) <= MAX_SQUARES
        ):
            marked = [(r, row) for r, row in enumerate(rows) if "#" in row]
            if marked:
                top, bottom = marked[0][0], marked[-1][0]
                left = min(row.find("#") for _, row in marked)
                right = max(row.rfind("#") for _, row in marked)
                cells = [
                    (r - top, c - left)
                    for r, row in marked
                    for c, ch in enumerate(row)
                    if ch == "#"
                ]
                return Figure._sized(frozenset(cells), bottom - top + 1, right - left + 1)
        text = rows
    drawn = read_picture(text)
    for p, ch in drawn.chars.items():  # in reading order: the first bad character is named
        if ch != "#":
            raise FigureError(
                f"unexpected character {ch!r}; expected '#', '.' or space", *drawn.where(p)
            )
    return Figure.from_cells(drawn.chars)


def _read_in_c(rows: list[str]) -> tuple[Shape, int, int] | None:
    """The cells, height and width of rows of only ``#`` and ``.`` read by the compiled core
    (a third of the time of the Python reading below), or None: no core, or other rows."""
    # CORE read at call time, from the module (a test may switch it), not imported by name
    core = native.CORE
    return None if core is None else core.cells(rows, MAX_SQUARES)
