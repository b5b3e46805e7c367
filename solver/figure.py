"""Figures: the grid shapes printed on templates, parsed from and drawn as text rows.

Glossary
    Picture   rows of text; in a figure ``#`` is a cell and ``.`` (or space) is not.
    Figure    a normalised set of cells with its height and width.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from solver.errors import FigureError
from solver.pieces import Point, Shape, canonical, normalise

Picture = list[str]


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
        return cls(normalise(pts))

    @cached_property
    def height(self) -> int:
        """Rows spanned."""
        return 1 + max(r for r, _ in self.cells)

    @cached_property
    def width(self) -> int:
        """Columns spanned."""
        return 1 + max(c for _, c in self.cells)

    @property
    def area(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def rows(self) -> Picture:
        """The figure drawn as ``#`` and ``.`` rows."""
        return [
            "".join("#" if (r, c) in self.cells else "." for c in range(self.width))
            for r in range(self.height)
        ]

    def canonical(self) -> tuple[Point, ...]:
        """Equal for two figures exactly when they match up to rotation and reflection."""
        return canonical(self.cells)

    def is_connected(self) -> bool:
        """True when every cell is reachable from every other through edge neighbours."""
        return len(_flood(self.cells, next(iter(self.cells)))) == len(self.cells)

    def holes(self) -> int:
        """Number of enclosed empty regions (not reachable from outside the bounding box)."""
        outside = {
            (r, c)
            for r in range(-1, self.height + 1)
            for c in range(-1, self.width + 1)
            if (r, c) not in self.cells
        }
        count = 0
        remaining = set(outside)
        border = next(p for p in outside if p[0] == -1)
        remaining -= _flood(remaining, border)
        while remaining:
            count += 1
            remaining -= _flood(remaining, next(iter(remaining)))
        return count

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def _repr_svg_(self) -> str:
        from render.svg import figure_svg

        return figure_svg(self)

    def __repr__(self) -> str:
        return f"parse_figure({'/'.join(self.rows())!r})"


def _flood(cells: Iterable[Point], start: Point) -> set[Point]:
    """Cells of ``cells`` reachable from ``start`` by edge steps."""
    pool = set(cells)
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def text_rows(text: str | Sequence[str]) -> list[tuple[int, str]]:
    """Split figure text into (1-based line number, row), dropping ``;`` comments.

    A comment runs from ``;`` to the end of its line, as in ubongo-utils files; a line that is
    only a comment is no row at all (not an empty one). A single line containing ``/`` is the
    inline form ``"##./.##"``.

    >>> text_rows("; a board\\n##. ; top\\n.##")
    [(2, '##. '), (3, '.##')]
    """
    if isinstance(text, str):
        lines = text.split("\n") if "\n" in text or "/" not in text else text.split("/")
    else:
        lines = list(text)
    rows = [
        (i, row)
        for i, ln in enumerate(lines, 1)
        for row, comment, _ in [ln.rstrip("\r").partition(";")]
        if not (comment and not row.strip())
    ]
    while rows and not rows[-1][1].strip():
        rows.pop()
    while rows and not rows[0][1].strip():
        rows.pop(0)
    return rows


def parse_figure(text: str | Sequence[str]) -> Figure:
    """Parse a figure from rows of ``#`` (cell) and ``.`` or space (empty).

    >>> parse_figure("##./.##").area
    4
    """
    cells = []
    for r, (line, row) in enumerate(text_rows(text)):  # comment lines are no rows
        for col, ch in enumerate(row, 1):
            if ch == "#":
                cells.append((r, col))
            elif ch not in ". ":
                raise FigureError(
                    f"unexpected character {ch!r}; expected '#', '.' or space", line, col
                )
    return Figure.from_cells(cells)
