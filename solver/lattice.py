"""Lattices: the kinds of cell a figure is made of, and how pieces may turn on them.

Glossary (Point and Shape as in solver.cells)
    Lattice    a kind of cell and the pieces' orientation group: squares (turned and turned
               over), one-sided squares (turned only), cubes (the 24 proper rotations: a block
               and its mirror image are different blocks), hexagons in axial coordinates and
               triangles as (row, column, kind).
    Turn       one element of the orientation group: an integer matrix acting on a Point.
    Space      the cells a lattice is made of ("square", "cube", "hex", "tri"): squares and
               one-sided squares share one, so a figure of squares takes pieces of either.
    Step       an offset from a cell to one of its edge (face) neighbours.
    Spot       where a cell stands in the lattice's text form: (text row, text column).

Everything that depends on the lattice is here and nowhere else: the search, the compiled
core, triage, symmetry, analysis, hints and the generator take a lattice's cells as points
of any length and its pieces as their orientations. Every lattice here is linear (a turn is
a matrix, a translation a vector), so a cell's bit index can be linear in its coordinates
and a shift of a mask is a translation (solver.bitboard). Triangles point up or down, so
not every translation of a triangle is a triangle of the same kind: TRI's points carry the
kind as a third coordinate, 1 or 2, which a matrix turns into -1 or -2 and ``normalise``
brings back modulo 3 (``offset`` says by how much), so its turns stay matrices too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, cast

Point = tuple[int, ...]
Shape = frozenset[Point]
PLURALS = {"hex": "hexagons", "tri": "triangles"}
"""A kind of cell in the plural, where adding an s will not do."""
Turn = tuple[tuple[int, ...], ...]
"""An integer matrix, one row per coordinate: ``turn(p)[i] = sum(turn[i][j] * p[j])``."""


def apply(turn: Turn, points: Iterable[Point]) -> list[Point]:
    """The points under ``turn``."""
    if len(turn) == 2:  # the common case written out: canonical forms run it millions of times
        (a, b), (c, d) = turn
        return [(a * x + b * y, c * x + d * y) for x, y in points]
    if len(turn) == 3:  # cubes written out too: the generic sum was most of a Soma count
        (a, b, c), (d, e, f), (g, h, i) = turn
        return [
            (a * x + b * y + c * z, d * x + e * y + f * z, g * x + h * y + i * z)
            for x, y, z in points
        ]
    return [tuple(sum(m * v for m, v in zip(row, p, strict=True)) for row in turn) for p in points]


def compose(a: Turn, b: Turn) -> Turn:
    """The turn ``a`` after ``b``: ``a`` applied to each column of ``b``."""
    return tuple(zip(*apply(a, zip(*b, strict=True)), strict=True))


def identity(dims: int) -> Turn:
    """The identity matrix of ``dims`` coordinates."""
    return tuple(tuple(int(i == j) for j in range(dims)) for i in range(dims))


def closure(generators: Sequence[Turn]) -> tuple[Turn, ...]:
    """Every product of the generators, identity first, in breadth-first order (fixed)."""
    start = identity(len(generators[0]))
    found = {start: None}
    todo = [start]
    while todo:
        nxt = []
        for t in todo:
            for g in generators:
                u = compose(g, t)
                if u not in found:
                    found[u] = None
                    nxt.append(u)
        todo = nxt
    return tuple(found)


def normalise(points: Iterable[Point]) -> Shape:
    """Translate points so that the smallest value of every coordinate is 0."""
    pts = list(points)
    if len(pts[0]) == 2:
        r0 = min(r for r, _ in pts)
        c0 = min(c for _, c in pts)
        return frozenset((r - r0, c - c0) for r, c in pts)
    if len(pts[0]) == 3:
        z0, r0, c0 = (min(axis) for axis in zip(*pts, strict=True))
        return frozenset((z - z0, r - r0, c - c0) for z, r, c in pts)
    lows = [min(axis) for axis in zip(*pts, strict=True)]
    return frozenset(tuple(v - lo for v, lo in zip(p, lows, strict=True)) for p in pts)


def low_corner(points: Iterable[Point]) -> Point:
    """The translation taking the points to the origin: minus each coordinate's least value."""
    return tuple(-min(axis) for axis in zip(*points, strict=True))


def translated(points: Iterable[Point], by: Sequence[int]) -> frozenset[Point]:
    """The points moved by ``by``, coordinate by coordinate."""
    return frozenset(tuple(v + d for v, d in zip(p, by, strict=True)) for p in points)


def extent(points: Iterable[Point]) -> tuple[int, ...]:
    """How many cells the points span along each coordinate."""
    return tuple(max(axis) - min(axis) + 1 for axis in zip(*points, strict=True))


@dataclass(frozen=True, eq=False)
class Lattice:
    """A kind of cell and its orientation group (compared by identity: one object each)."""

    name: str
    space: str  # the kind of cell; lattices of one space take each other's figures
    axes: tuple[str, ...]  # a coordinate's name in messages, slowest first
    turns: tuple[Turn, ...] = field(repr=False)  # the orientation group, identity first
    steps: tuple[Point, ...] = field(repr=False)  # offsets to the edge neighbours
    checkerboard: bool = field(repr=False)  # neighbours always differ in ``colour``
    mirror: Turn = field(repr=False)  # one reflection of the space (in the group or not)
    summary: str = field(repr=False, default="")
    layered: bool = field(repr=False, default=False)  # drawn as layers (cubes), else one picture

    @property
    def dims(self) -> int:
        """Coordinates of a Point."""
        return len(self.axes)

    def normalise(self, points: Iterable[Point]) -> Shape:
        """The points translated to the normal position (every coordinate's least value 0)."""
        return normalise(points)

    def offset(self, points: Iterable[Point]) -> Point:
        """The translation ``normalise`` applies to these points."""
        return low_corner(points)

    def spot(self, p: Point) -> tuple[int, int]:
        """Where a cell stands in the text form, up to a shift by ``period`` (squares: as is)."""
        return p[0], p[1]

    def at(self, row: int, col: int) -> Point:
        """The cell at a text row and column, counted from the picture's first line and column
        (``spot``'s inverse)."""
        return row, col

    @property
    def cells(self) -> str:
        """The kind of cell in the plural, as messages say it: ``squares``, ``cubes``,
        ``hexagons``, ``triangles``."""
        return PLURALS.get(self.space, self.space + "s")

    @property
    def plain(self) -> bool:
        """Whether the text form is the cells' own rows and columns (squares, cubes' layers)."""
        return type(self).spot is Lattice.spot

    every_point: ClassVar[bool] = True
    """Whether every point of the right length is a cell (``is_cell`` always true)."""

    period: ClassVar[tuple[int, int]] = (1, 1)
    """Text rows and columns by which a picture may be shifted and still draw the same shape."""

    def transforms(self, shape: Shape) -> Iterator[Shape]:
        """The shape under every turn of the group, normalised, in the group's order."""
        pts = list(shape)
        for turn in self.turns:
            yield self.normalise(apply(turn, pts))

    def orientations(self, shape: Shape) -> tuple[Shape, ...]:
        """The distinct orientations of a shape, in the group's order."""
        return _orientations(self, shape)

    def canonical(self, shape: Shape) -> tuple[Point, ...]:
        """A key equal for two shapes exactly when a turn of the group maps one onto the other."""
        return min(tuple(sorted(t)) for t in self.transforms(shape))

    def is_cell(self, p: Point) -> bool:
        """Whether a point of the right length is a cell (every one but on triangles)."""
        return True

    def piece_key(self, shape: Shape) -> tuple[Point, ...]:
        """``canonical`` of a piece's shape, from its orientations, which are remembered (a
        piece's shape comes back puzzle after puzzle; a figure's seldom does)."""
        return min(tuple(sorted(o)) for o in self.orientations(shape))

    def neighbours(self, p: Point) -> list[Point]:
        """The edge (face) neighbours of a cell."""
        return [tuple(a + b for a, b in zip(p, s, strict=True)) for s in self.steps]

    def step(self, start: Point, end: Point) -> Point | None:
        """The translation taking cell ``start`` onto cell ``end``, or None where no whole
        lattice step does (every cell reaches every other on squares, cubes and hexagons)."""
        return tuple(b - a for a, b in zip(start, end, strict=True))

    def symmetries(
        self, cells: Shape, turns: Sequence[Turn] | None = None
    ) -> list[tuple[Turn, Point]]:
        """The turns of the group (or of ``turns``) that map these normalised cells onto
        themselves, each with the translation that follows it (``p -> turn(p) + shift``),
        identity first."""
        found = []
        pts = list(cells)
        spans = extent(pts)
        for turn in self.turns if turns is None else turns:
            shift = self._box_shift(turn, spans)
            if shift is None:  # the turn maps the cells' box onto another box: no symmetry
                continue
            if shift == ():  # not a signed permutation (hexagons): the image's box is computed
                image = apply(turn, pts)
                shift = self.offset(image)
                if self.normalise(image) == cells:
                    found.append((turn, shift))
            elif all(q in cells for q in moved(turn, shift, pts)):  # stops at the first miss
                found.append((turn, shift))
        return found

    def cell_maps(self, cells: Shape) -> tuple[list[Point], list[list[int]]]:
        """These normalised cells in reading order, and each of their symmetries but the
        identity (as ``symmetries`` finds them, in its order) as the index in that order of
        every cell's image: what the compiled core takes (solver.symmetry.cell_maps asks the core
        itself for them when it is in use). One pass per turn, no Points kept (finding the
        symmetries, then mapping the cells again, was a quarter of counting the 12 pentominoes
        in 3x20 by orbits)."""
        order = sorted(cells)
        index = {p: i for i, p in enumerate(order)}
        spans = extent(order)
        maps = []
        for turn in self.turns[1:]:
            shift = self._box_shift(turn, spans)
            if shift is None:
                continue
            if shift == ():  # not a signed permutation (hexagons): the image's box is computed
                shift = self.offset(apply(turn, order))
            image = list(map(index.get, moved(turn, shift, order)))
            if None not in image:
                maps.append(cast("list[int]", image))
        return order, maps

    def _box_shift(self, turn: Turn, spans: tuple[int, ...]) -> Point | None:
        return _box_shift(turn, spans)

    def colour(self, p: Point) -> int:
        """0 or 1: the checkerboard colour of a cell (meaningful when ``checkerboard``)."""
        return sum(p) & 1

    def colours(self, dark: int, light: int) -> str:
        """A figure's cells of each colour in words (the triage's colour imbalance)."""
        return f"on a checkerboard the figure has {dark} dark and {light} light cells"

    def where(self, p: Point) -> str:
        """A cell in words, 1-based: ``row 2, column 3`` (``layer 1, row 2, column 3``)."""
        return ", ".join(f"{axis} {v + 1}" for axis, v in zip(self.axes, p, strict=True))

    def has(self, turn: Turn) -> bool:
        """Whether ``turn`` is in the orientation group."""
        return turn in self.turns

    def __str__(self) -> str:
        return self.name


def _box_shift(turn: Turn, spans: tuple[int, ...]) -> Point | None:
    """For a turn that permutes the coordinates with signs: the translation taking the image of
    a normalised box of these spans back to the origin, or None when the image is a box of
    other spans; ``()`` for a turn of another kind."""
    shift = []
    for i, row in enumerate(turn):
        nonzero = [(j, v) for j, v in enumerate(row) if v]
        if len(nonzero) != 1 or abs(nonzero[0][1]) != 1:
            return ()
        j, sign = nonzero[0]
        if spans[j] != spans[i]:
            return None
        shift.append(0 if sign > 0 else spans[j] - 1)
    return tuple(shift)


def moved(turn: Turn, shift: Point, points: list[Point]) -> Iterator[Point]:
    """The points turned and translated (``turn(p) + shift``), one at a time."""
    if len(turn) == 2:
        (a, b), (c, d) = turn
        s, t = shift
        return ((a * x + b * y + s, c * x + d * y + t) for x, y in points)
    if len(turn) == 3:
        (a, b, c), (d, e, f), (g, h, i) = turn
        s, t, u = shift
        return (
            (a * x + b * y + c * z + s, d * x + e * y + f * z + t, g * x + h * y + i * z + u)
            for x, y, z in points
        )
    return (tuple(v + d for v, d in zip(q, shift, strict=True)) for q in apply(turn, points))


@lru_cache(maxsize=8192)
def _orientations(lattice: Lattice, shape: Shape) -> tuple[Shape, ...]:
    seen: dict[Shape, None] = {}
    for t in lattice.transforms(shape):
        seen.setdefault(t, None)
    return tuple(seen)


def _square_turns(turn_over: bool) -> tuple[Turn, ...]:
    """The four quarter turns, then (when pieces may be turned over) each after a mirror.

    The order is the search's order of trying orientations: kept as the first engine had it,
    so every 2D answer, first tiling included, stays what it was.
    """
    quarter: Turn = ((0, 1), (-1, 0))  # (r, c) -> (c, -r)
    mirror: Turn = ((1, 0), (0, -1))  # (r, c) -> (r, -c)
    rotations = [identity(2)]
    for _ in range(3):
        rotations.append(compose(quarter, rotations[-1]))
    flips = (identity(2), mirror) if turn_over else (identity(2),)
    return tuple(compose(r, f) for f in flips for r in rotations)


SQUARE = Lattice(
    "square",
    "square",
    ("row", "column"),
    _square_turns(turn_over=True),
    ((-1, 0), (0, 1), (1, 0), (0, -1)),
    checkerboard=True,
    mirror=((1, 0), (0, -1)),
    summary="squares; pieces may be turned and turned over (8 orientations)",
)
ONE_SIDED = Lattice(
    "one-sided",
    "square",
    ("row", "column"),
    _square_turns(turn_over=False),
    SQUARE.steps,
    checkerboard=True,
    mirror=((1, 0), (0, -1)),
    summary="squares; pieces may be turned but not turned over (4 orientations)",
)
CUBE = Lattice(
    "cube",
    "cube",
    ("layer", "row", "column"),
    closure(
        [
            ((1, 0, 0), (0, 0, 1), (0, -1, 0)),  # a quarter turn about the vertical axis
            ((0, 0, 1), (0, 1, 0), (-1, 0, 0)),  # a quarter turn tipping rows over columns
        ]
    ),
    ((-1, 0, 0), (1, 0, 0), (0, -1, 0), (0, 1, 0), (0, 0, -1), (0, 0, 1)),
    checkerboard=True,
    mirror=((1, 0, 0), (0, 1, 0), (0, 0, -1)),
    summary="cubes in layers, the bottom one first; the 24 proper rotations (no mirror images)",
    layered=True,
)


class Hexagons(Lattice):
    """Hexagons in axial (r, q); their text form is offset rows: a row of text is a row r of
    hexagons, and every other line, the second, fourth..., is shifted half a cell right."""

    period = (2, 1)

    def spot(self, p: Point) -> tuple[int, int]:
        """Text row r, and the column q + r // 2 (odd rows stand half a cell further right)."""
        return p[0], p[1] + p[0] // 2

    def at(self, row: int, col: int) -> Point:
        """The hexagon at a text row and column (``spot``'s inverse)."""
        return row, col - row // 2


class Triangles(Lattice):
    """Triangles as (row, column, kind): the rhombus at (row, column) of a grid of rhombi whose
    columns lean left, cut into its triangle pointing up (kind 1) and the one pointing down
    (kind 2, to its right). A row of rhombi is a row of triangles, alternately up and down.

    The kinds are 1 and 2, not 0 and 1, so that a turn is a matrix: a sixth of a turn takes a
    kind k to -k, and ``normalise`` adds 3 (a translation), giving the other kind. Only rows
    and columns translate a shape (whole lattice steps), so a triangle keeps its kind.
    """

    period = (2, 2)
    every_point = False

    def normalise(self, points: Iterable[Point]) -> Shape:
        """Rows and columns translated to start at 0; a kind turned negative brought back."""
        pts = list(points)
        return translated(pts, self.offset(pts))

    def offset(self, points: Iterable[Point]) -> Point:
        """The least row and column to 0, and 3 added to the kind when a turn made it negative."""
        pts = list(points)
        return (
            -min(p[0] for p in pts),
            -min(p[1] for p in pts),
            3 if pts[0][2] < 0 else 0,
        )

    def is_cell(self, p: Point) -> bool:
        """Whether the kind is 1 (up) or 2 (down)."""
        return 0 < p[2] < 3

    def neighbours(self, p: Point) -> list[Point]:
        """The three triangles sharing an edge: those of the six steps that land on a kind."""
        a, b, k = p
        return [(a + da, b + db, k + dk) for da, db, dk in self.steps if 0 < k + dk < 3]

    def step(self, start: Point, end: Point) -> Point | None:
        """Rows and columns only: a triangle never lands on one of the other kind."""
        return None if start[2] != end[2] else (end[0] - start[0], end[1] - start[1], 0)

    def colour(self, p: Point) -> int:
        """1 for a triangle pointing up, 0 for one pointing down: neighbours always differ."""
        return p[2] & 1

    def colours(self, dark: int, light: int) -> str:
        """The figure's triangles pointing down (colour 0) and up, in words."""
        return f"the figure has {dark} down and {light} up triangles"

    def where(self, p: Point) -> str:
        """A triangle in words: ``row 2, column 3, pointing down``."""
        return f"row {p[0] + 1}, column {p[1] + 1}, pointing {('up', 'down')[p[2] - 1]}"

    def spot(self, p: Point) -> tuple[int, int]:
        """Text row = row; along it up and down alternate, each rhombus two characters, a row
        starting half a rhombus left of the one above: up exactly where row + column is even."""
        a, b, k = p
        return a, 2 * b - a + k - 1

    def at(self, row: int, col: int) -> Point:
        """The triangle at a text row and column (``spot``'s inverse)."""
        k = 1 + (row + col) % 2
        return row, (col + row - k + 1) // 2, k

    def _box_shift(self, turn: Turn, spans: tuple[int, ...]) -> Point | None:
        return ()  # the kind is no box coordinate: every image is normalised


HEX = Hexagons(
    "hex",
    "hex",
    ("row", "column"),  # axial (r, q): q runs along a row, r down-right across rows
    closure([((1, 1), (-1, 0)), ((0, 1), (1, 0))]),  # a sixth of a turn; a mirror
    ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)),
    checkerboard=False,  # three hexagons meet at a corner: no two-colouring
    mirror=((0, 1), (1, 0)),
    summary="hexagons in axial coordinates; pieces turned and turned over (12 orientations)",
)

TRI = Triangles(
    "tri",
    "tri",
    ("row", "column", "kind"),  # kind 1 up, 2 down (see Triangles)
    closure(
        [
            ((0, 1, 0), (-1, 1, 1), (0, 0, -1)),  # a sixth of a turn about a corner (kind -k + 3)
            ((1, 0, 0), (1, -1, -1), (0, 0, 1)),  # a mirror in a vertical line
        ]
    ),
    ((0, 0, 1), (0, -1, 1), (1, 0, 1), (0, 0, -1), (0, 1, -1), (-1, 0, -1)),  # up's, down's
    checkerboard=True,  # up and down: neighbours always differ (Triangles.colour)
    mirror=((1, 0, 0), (1, -1, -1), (0, 0, 1)),
    summary="triangles (row, column, kind 1 up / 2 down); pieces turned and turned over (12)",
)

LATTICES = {lattice.name: lattice for lattice in (SQUARE, ONE_SIDED, CUBE, HEX, TRI)}
"""Every lattice by its name, as files and the CLI name it."""
