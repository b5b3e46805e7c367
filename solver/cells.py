"""Cells: sets of grid squares, and the letter-grid pictures that draw them.

Glossary
    Point     (row, col) of a square, row 0 at the top; on other lattices the coordinates
              solver.lattice names (a cube's (layer, row, col)).
    Cells     a set of Points anywhere on the lattice, e.g. ``frozenset[Point]``.
    Shape     a frozenset of Points normalised so the smallest value of each coordinate is 0
              (a triangle's kind, 1 or 2, stays: solver.lattice.Triangles).
    Box       the smallest rectangle holding some cells: top, left, bottom, right (inclusive).
    Picture   rows of text, one character per square; on hexagons and triangles one per cell,
              where the lattice's text form puts it (``Lattice.spot``, ``Lattice.at``).
    Drawing   a letter-grid picture read back: each square's character (``#`` an empty figure
              cell, a code letter a piece's cell; ``.`` and space are outside and not kept),
              and where in the text each square stood, for error messages.

Every search here is iterative: a custom figure may hold more cells than Python's recursion
limit allows frames.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import NamedTuple

from ubongo.solver.errors import FigureError
from ubongo.solver.lattice import SQUARE, Lattice, Point, Shape, normalise

__all__ = [  # Point, Shape and normalise live in solver.lattice; importers here find them too
    "LAYER_MARK",
    "MAX_SQUARES",
    "OUTSIDE",
    "Box",
    "Drawing",
    "Layers",
    "Picture",
    "PictureTooLarge",
    "Point",
    "Shape",
    "bounding_box",
    "components",
    "draw",
    "draw_layers",
    "join_layers",
    "read_layers",
    "flood",
    "neighbours",
    "normalise",
    "read_picture",
    "text_rows",
]

Picture = list[str]

OUTSIDE = ". "
"""Characters that are no square of the figure in a picture."""

LAYER_MARK = "--"
"""The line between two layers of a picture of cubes, the bottom layer first."""


def neighbours(p: Point) -> tuple[Point, Point, Point, Point]:
    """The four edge neighbours of a square, clockwise from above: up, right, down, left
    (``SQUARE.neighbours`` written out: pictures and floods of squares call it most)."""
    r, c = p
    return (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)


def flood(cells: AbstractSet[Point], start: Point, lattice: Lattice = SQUARE) -> set[Point]:
    """The cells reachable from ``start`` by edge steps within ``cells`` (``start`` included)."""
    seen = {start}
    todo = [start]
    step = neighbours if lattice.steps == SQUARE.steps else lattice.neighbours
    while todo:
        for n in step(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def components(cells: Iterable[Point], lattice: Lattice = SQUARE) -> list[set[Point]]:
    """The edge-connected parts of a set of cells, in reading order of their first cell.

    >>> components({(0, 0), (0, 2), (1, 2)})
    [{(0, 0)}, {(0, 2), (1, 2)}]
    """
    pool = set(cells)
    parts: list[set[Point]] = []
    seen: set[Point] = set()
    for p in sorted(pool):
        if p not in seen:
            part = flood(pool, p, lattice)
            seen |= part
            parts.append(part)
    return parts


class Box(NamedTuple):
    """The smallest rectangle holding a set of cells, bounds included."""

    top: int
    left: int
    bottom: int
    right: int

    @property
    def height(self) -> int:
        """Rows spanned."""
        return self.bottom - self.top + 1

    @property
    def width(self) -> int:
        """Columns spanned."""
        return self.right - self.left + 1


def bounding_box(cells: Iterable[Point]) -> Box:
    """The Box of a nonempty set of cells.

    >>> bounding_box({(2, 5), (4, 3)})
    Box(top=2, left=3, bottom=4, right=5)
    """
    pts = list(cells)
    rows = [r for r, _ in pts]
    cols = [c for _, c in pts]
    return Box(min(rows), min(cols), max(rows), max(cols))


def draw(
    cells_by_letter: Mapping[str, Iterable[Point]], blank: str = ".", lattice: Lattice = SQUARE
) -> Picture:
    """Rows of the Box of all the cells, each cell in its letter, the rest ``blank``; cells of
    hexagons or triangles where their lattice's text form puts them (``Lattice.spot``).

    Later letters are drawn over earlier ones, so ``{"#": figure, "A": piece}`` shows the
    piece on the figure.

    >>> draw({"#": {(0, 0), (0, 1), (1, 1)}, "A": {(1, 1)}})
    ['##', '.A']
    """
    groups = [(letter, list(cells)) for letter, cells in cells_by_letter.items()]
    if not lattice.plain:
        groups = [(letter, [lattice.spot(p) for p in cells]) for letter, cells in groups]
    top, left, bottom, right = bounding_box(p for _, cells in groups for p in cells)
    if not lattice.plain:  # shifted by whole periods only: another shift draws other cells
        top, left = top - top % lattice.period[0], left - left % lattice.period[1]
    grid = [[blank] * (right - left + 1) for _ in range(bottom - top + 1)]
    for letter, cells in groups:
        for r, c in cells:
            grid[r - top][c - left] = letter
    return ["".join(row) for row in grid]


def draw_layers(cells_by_letter: Mapping[str, Iterable[Point]], blank: str = ".") -> list[Picture]:
    """``draw`` for cells of cubes: each layer from the bottom up over the box of all of them.

    >>> draw_layers({"#": {(0, 0, 0), (0, 0, 1), (1, 0, 0)}})
    [['##'], ['#.']]
    """
    groups = [(letter, list(cells)) for letter, cells in cells_by_letter.items()]
    every = [p for _, cells in groups for p in cells]
    lows = [min(axis) for axis in zip(*every, strict=True)]
    levels, height, width = (
        max(axis) - low + 1 for axis, low in zip(zip(*every, strict=True), lows, strict=True)
    )
    grids = [[[blank] * width for _ in range(height)] for _ in range(levels)]
    z0, r0, c0 = lows
    for letter, cells in groups:
        for z, r, c in cells:
            grids[z - z0][r - r0][c - c0] = letter
    return [["".join(row) for row in grid] for grid in grids]


def join_layers(layers: Sequence[Picture], mark: str) -> Picture:
    """Layers' pictures one after another, a line ``mark`` between two."""
    out: Picture = []
    for layer in layers:
        out += [mark, *layer] if out else layer
    return out


def text_rows(text: str | Sequence[str]) -> list[tuple[int, str]]:
    """Split picture text into (1-based line number, row), dropping ``;`` comments.

    A comment runs from ``;`` to the end of its line, as in ubongo-utils files; a line that is
    only a comment is no row at all (not an empty one). A single line containing ``/`` is the
    inline form ``"##./.##"``; blank rows at either end are dropped.

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


@dataclass(frozen=True)
class Drawing:
    """A letter-grid picture read back (see the glossary); ``chars`` is in reading order."""

    chars: dict[Point, str]  # normalised square -> its character
    origin: Point  # (picture row, 0-based column) of the normalised (0, 0)
    lines: tuple[int, ...]  # 1-based text line of each picture row (comment lines are no rows)
    lattice: Lattice | None = None  # the lattice it was read ``on`` (chars hold its cells)
    shift: Point = ()  # how far ``on`` moved those cells from where the text form puts them

    @property
    def cells(self) -> Shape:
        """Every square drawn, ``#`` and letters alike."""
        return frozenset(self.chars)

    def where(self, p: Point) -> tuple[int, int]:
        """(line, column) in the text of square ``p``, 1-based; (0, 0) before the text."""
        if self.lattice is not None:  # the square of a cell, drawn or missing
            spot = self.lattice.spot(tuple(v - d for v, d in zip(p, self.shift, strict=True)))
            p = (spot[0] - self.origin[0], spot[1] - self.origin[1])
        row, col = p[0] + self.origin[0], p[1] + self.origin[1] + 1
        if row < 0 or col < 1 or not self.lines:
            return 0, 0
        last = len(self.lines) - 1
        # a square past the last row (a missing cell) is counted on from the last line
        line = self.lines[row] if row <= last else self.lines[last] + row - last
        return line, col

    def by_letter(self, empty: str = "#") -> dict[str, set[Point]]:
        """The squares of each character but ``empty``, letters in reading order of first use."""
        out: dict[str, set[Point]] = {}
        for p, ch in self.chars.items():
            if ch != empty:
                out.setdefault(ch, set()).add(p)
        return out

    def on(self, lattice: Lattice) -> Drawing:
        """The drawing with the lattice's cells in place of its squares, moved to the origin as
        ``Figure.from_cells`` moves them: each character's text row and column, counted from
        the picture's first line and column, read by the lattice's text form (``at``).
        Squares: the drawing itself."""
        if lattice.plain or not self.chars:
            return self
        top, left = self.origin
        cells = {lattice.at(r + top, c + left): ch for (r, c), ch in self.chars.items()}
        d = lattice.offset(cells)
        chars = {tuple(v + s for v, s in zip(p, d, strict=True)): ch for p, ch in cells.items()}
        return Drawing(chars, self.origin, self.lines, lattice, d)


@dataclass(frozen=True)
class Layers:
    """A picture of cubes read back, layer by layer from the bottom: each layer's Drawing, and
    every cell as (layer, row, column) with rows and columns counted as the text has them, so
    that layers line up as written (``chars`` and ``by_letter`` as a Drawing's)."""

    drawings: tuple[Drawing, ...]
    chars: dict[Point, str]

    @property
    def cells(self) -> Shape:
        """Every cube drawn, ``#`` and letters alike."""
        return frozenset(self.chars)

    def where(self, p: Point) -> tuple[int, int]:
        """(line, column) of a cube in its layer's text, 1-based."""
        drawing = self.drawings[p[0]]
        top, left = drawing.origin
        return drawing.where((p[1] - top, p[2] - left))

    def by_letter(self, empty: str = "#") -> dict[str, set[Point]]:
        """The cubes of each character but ``empty`` (as ``Drawing.by_letter``)."""
        out: dict[str, set[Point]] = {}
        for p, ch in self.chars.items():
            if ch != empty:
                out.setdefault(ch, set()).add(p)
        return out


def read_layers(layers: Sequence[str | Sequence[str]]) -> Layers:
    """Read the pictures of a figure's layers, the bottom one first."""
    drawings = tuple(read_picture(layer) for layer in layers)
    chars: dict[Point, str] = {}
    for z, drawn in enumerate(drawings):
        top, left = drawn.origin
        for (r, c), ch in drawn.chars.items():
            chars[(z, r + top, c + left)] = ch
    if len(chars) > MAX_SQUARES:
        raise PictureTooLarge(len(chars))
    return Layers(drawings, chars)


MAX_SQUARES = 10_000
"""The most squares a picture may draw: a 100x100 figure; an Ubongo card has about 16."""


class PictureTooLarge(FigureError):
    """A figure, solution or board picture with more squares than MAX_SQUARES."""

    def __init__(self, squares: int) -> None:
        super().__init__(f"{squares} cells; a picture has at most {MAX_SQUARES}")
        self.squares = squares


def read_picture(text: str | Sequence[str]) -> Drawing:
    """Read a letter-grid picture: every character but ``.`` or space is a square.

    >>> d = read_picture("; a comment\\n.AA\\n.#.")
    >>> d.chars, d.where((1, 0))
    ({(0, 0): 'A', (0, 1): 'A', (1, 0): '#'}, (3, 2))
    """
    rows = text_rows(text)
    squares = sum(len(row) - row.count(".") - row.count(" ") for _, row in rows)
    if squares > MAX_SQUARES:  # counted before any set or dict proportional to the input
        raise PictureTooLarge(squares)
    found: dict[Point, str] = {
        (r, c): ch
        for r, (_, row) in enumerate(rows)
        for c, ch in enumerate(row)
        if ch not in OUTSIDE
    }
    lines = tuple(line for line, _ in rows)
    if not found:
        return Drawing({}, (0, 0), lines)
    top, left, _, _ = bounding_box(found)
    chars: dict[Point, str] = {(r - top, c - left): ch for (r, c), ch in found.items()}
    return Drawing(chars, (top, left), lines)
