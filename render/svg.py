"""SVG pictures of figures, solutions and template sides, built with xml.etree.ElementTree.

Every drawing is a tree of groups: ``g.figure`` (the white figure with its grid),
``g.piece`` (one per placed piece, ``data-piece`` = its name), and on a template side
``g.combo`` (one per die face: the face label and ``g.icon`` small pieces) and, when
solutions are given, ``g.solution`` (hidden; ``data-combo`` says which row reveals it); a
side of several figures has a ``g.figure`` each, its rows beside it. Functions ending in
``_svg`` return standalone SVG text; ``*_element`` return the tree so a page can embed it
without the namespace URL. A figure of cubes (and a tiling of it) is drawn by ``render.iso``:
seen from above, its layers beside; on a card, its footprint at true size marked with its
layers, its rows' blocks seen from above.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ubongo.puzzles.game import SIDES
from ubongo.render.colours import Colour, colour, ink, set_colours, tiling_colours
from ubongo.render.outline import PLANES, Segment, Vertex, corners, inner_edges, loops
from ubongo.solver.errors import UbongoError
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import SQUARE, Lattice
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, normalise
from ubongo.solver.puzzle import Solution, solution_rows

if TYPE_CHECKING:
    from ubongo.puzzles.sets import PuzzleSet

SVG_NS = "http://www.w3.org/2000/svg"
CELL = 28.0  # px per figure cell
ICON = 0.35  # icon cell size as a fraction of CELL
LINE = "#222222"
GRID = "#c4c4c4"
BASELINE = 0.36  # text sits on its baseline; a digit's middle is this many font sizes above it
CARD = {"easy": "#fbf3dc", "hard": "#dfe8f5"}


def _n(x: float) -> str:
    """A number as short SVG text."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _el(parent: ET.Element | None, tag: str, **attrs: str | float) -> ET.Element:
    """A child element (or a root when ``parent`` is None); ``_`` in names becomes ``-``."""
    a = {
        k.rstrip("_").replace("_", "-"): v if isinstance(v, str) else _n(v)
        for k, v in attrs.items()
    }
    return ET.Element(tag, a) if parent is None else ET.SubElement(parent, tag, a)


def _outline_d(
    cells: Iterable[Point], cell: float, x: float, y: float, lattice: Lattice = SQUARE
) -> str:
    at = _placer(lattice, cell, x, y)
    return "".join(f"M{' L'.join(at(v) for v in loop)}Z" for loop in loops(cells, lattice))


def _lines_d(
    segments: Sequence[Segment], cell: float, x: float, y: float, lattice: Lattice = SQUARE
) -> str:
    at = _placer(lattice, cell, x, y)
    return "".join(f"M{at(a)}L{at(b)}" for a, b in segments)


def _placer(lattice: Lattice, cell: float, x: float, y: float) -> Callable[[Vertex], str]:
    """Where a Vertex of the lattice's Plane falls in px, as path text."""
    sx, sy = PLANES[lattice.space].step

    def at(v: Vertex) -> str:
        return f"{_n(x + v[0] * sx * cell)} {_n(y + v[1] * sy * cell)}"

    return at


def extent(cells: Iterable[Point], lattice: Lattice = SQUARE) -> tuple[float, ...]:
    """The least x and y and the greatest x and y of the cells' corners, in cell units."""
    sx, sy = PLANES[lattice.space].step
    vs = [v for p in cells for v in corners(p, lattice)]
    xs, ys = [v[0] * sx for v in vs], [v[1] * sy for v in vs]
    return min(xs), min(ys), max(xs), max(ys)


def centre(p: Point, lattice: Lattice = SQUARE) -> tuple[float, float]:
    """The middle of a cell (the mean of its corners) in cell units, x then y."""
    sx, sy = PLANES[lattice.space].step
    vs = corners(p, lattice)
    return sum(v[0] for v in vs) * sx / len(vs), sum(v[1] for v in vs) * sy / len(vs)


def root(width: float, height: float) -> ET.Element:
    """An empty ``<svg>`` of this size in px."""
    return _el(None, "svg", width=width, height=height, viewBox=f"0 0 {_n(width)} {_n(height)}")


def to_string(svg: ET.Element, *, standalone: bool = True) -> str:
    """SVG text; ``standalone`` adds the namespace a file needs and inline HTML does not."""
    if standalone:
        svg = copy.copy(svg)
        svg.set("xmlns", SVG_NS)
    return _NOT_XML.sub(_escape, ET.tostring(svg, encoding="unicode"))


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids (ElementTree writes them as they are), lone surrogates among
them: text from a set file may hold any of them, and the drawing must still parse."""


def _escape(match: re.Match[str]) -> str:
    """A character XML cannot hold, shown as its escape ``\\xNN`` or ``\\uXXXX``."""
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def figure_group(
    parent: ET.Element, figure: Figure, cell: float = CELL, x: float = 0, y: float = 0
) -> ET.Element:
    """The white figure with grey grid lines and a dark border."""
    g = _el(parent, "g", class_="figure")
    lattice = figure.lattice
    _el(g, "path", d=_outline_d(figure.cells, cell, x, y, lattice), fill="#ffffff")
    grid = inner_edges(figure.cells, lattice)
    if grid:
        _el(
            g,
            "path",
            d=_lines_d(grid, cell, x, y, lattice),
            stroke=GRID,
            stroke_width=cell / 36,
            fill="none",
        )
    _el(
        g,
        "path",
        d=_outline_d(figure.cells, cell, x, y, lattice),
        fill="none",
        stroke=LINE,
        stroke_width=max(1.0, cell / 14),
        stroke_linejoin="round",
    )
    return g


def piece_group(
    parent: ET.Element,
    name: str,
    cells: Iterable[Point],
    cell: float = CELL,
    x: float = 0,
    y: float = 0,
    *,
    cls: str = "piece",
    label: str | None = None,
    fill: Colour | None = None,
    lattice: Lattice = SQUARE,
) -> ET.Element:
    """One piece in ``fill`` (default its standard colour), its cells (on ``lattice``) marked
    by faint lines; ``label`` on its middle.
    """
    pts = frozenset(cells)
    fill = fill or colour(name)
    g = _el(parent, "g", class_=cls, data_piece=name)
    _el(g, "title").text = name
    _el(
        g,
        "path",
        d=_outline_d(pts, cell, x, y, lattice),
        fill=fill,
        stroke=LINE,
        stroke_width=max(0.6, cell / 20),
        stroke_linejoin="round",
    )
    inner = inner_edges(pts, lattice)
    if inner:
        _el(
            g,
            "path",
            d=_lines_d(inner, cell, x, y, lattice),
            stroke="#000000",
            stroke_opacity="0.22",
            stroke_width=max(0.5, cell / 28),
            fill="none",
        )
    if label:
        mx, my = centre(_middle(pts, lattice), lattice)
        size = cell * (0.5 if lattice.every_point else 0.4)  # a triangle is narrow at its top
        _el(
            g,
            "text",
            x=x + mx * cell,
            y=y + my * cell + BASELINE * size,
            fill=ink(fill),
            font_size=size,
            font_family="sans-serif",
            text_anchor="middle",
        ).text = label
    return g


def _middle(cells: frozenset[Point], lattice: Lattice = SQUARE) -> Point:
    """The cell nearest the centroid: where a label reads as belonging to the piece."""
    middles = {p: centre(p, lattice) for p in cells}
    cx = sum(x for x, _ in middles.values()) / len(cells)
    cy = sum(y for _, y in middles.values()) / len(cells)
    return min(cells, key=lambda p: ((middles[p][0] - cx) ** 2 + (middles[p][1] - cy) ** 2, p))


def _code(pieces: PieceSet, name: str) -> str:
    """A piece's letter: its code in the set, else its name's first letter."""
    try:
        return pieces[name].code
    except UbongoError:  # a PieceSet raises UnknownPiece, not KeyError, for a stranger
        return name[:1]


def solution_element(
    figure: Figure,
    solution: Solution,
    pieces: PieceSet = STANDARD,
    *,
    cell: float = CELL,
) -> ET.Element:
    """A figure with placements drawn over it (a partial solution leaves cells white); a figure
    of cubes seen from above beside its layers (:func:`ubongo.render.iso.cubes_element`)."""
    if figure.lattice.layered:
        from ubongo.render.iso import cubes_element  # iso builds on this module: import late

        return cubes_element(figure, solution, pieces, cell=cell)
    pad = cell / 4
    lattice = figure.lattice
    x0, y0, x1, y1 = extent(figure.cells, lattice)
    svg = root((x1 - x0) * cell + 2 * pad, (y1 - y0) * cell + 2 * pad)
    svg.set("class", "ubongo-solution" if solution else "ubongo-figure")
    x, y = pad - x0 * cell, pad - y0 * cell
    figure_group(svg, figure, cell, x, y)
    fills = tiling_colours([(pl.piece, pl.cells) for pl in solution], pieces, lattice)
    for pl, fill in zip(solution, fills, strict=True):
        label = _code(pieces, pl.piece)
        piece_group(svg, pl.piece, pl.cells, cell, x, y, label=label, fill=fill, lattice=lattice)
    _el(svg, "desc").text = "\n".join(solution_rows(figure, solution, pieces))
    return svg


def figure_svg(figure: Figure, *, cell: float = CELL) -> str:
    """A figure as a standalone SVG document."""
    return to_string(solution_element(figure, (), cell=cell))


def solution_svg(
    figure: Figure, solution: Solution, pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> str:
    """A (partial) solution as a standalone SVG document."""
    return to_string(solution_element(figure, solution, pieces, cell=cell))


def icon_shape(piece: Piece, lattice: Lattice = SQUARE) -> frozenset[Point]:
    """The piece turned to lie flat (fewest rows; on hexagons and triangles the lowest
    drawing, then the narrowest), as small icons on a card show it."""
    if lattice.plain:
        return normalise(
            min(piece.orientations, key=lambda o: (1 + max(r for r, _ in o), sorted(o)))
        )

    def drawn(o: frozenset[Point]) -> tuple[float, float, list[Point]]:
        x0, y0, x1, y1 = extent(o, lattice)
        return round(y1 - y0, 6), round(x1 - x0, 6), sorted(o)

    return min(piece.orientations, key=drawn)


def side_element(
    figure: Figure,
    combos: Sequence[Sequence[Piece]],
    die: Sequence[str],
    *,
    title: str = "",
    side: str = "easy",
    cell: float = CELL,
    ids: Sequence[str] | None = None,
    solutions: Sequence[Solution | None] | None = None,
    unsolvable: Sequence[bool] = (),
    pieces: PieceSet = STANDARD,
    size: tuple[float, float] | None = None,
    others: Sequence[Figure] = (),
    on: Sequence[int] = (),
    faces: bool = True,
) -> ET.Element:
    """A template side as printed: die faces with their pieces on the left, the figure right.

    ``die`` labels the rows in order (a face, or a range of faces: ``Side.labels``). With
    ``others`` the side prints further figures, each below the one before with its own rows
    (``on``: per row the index of its figure, 0 for ``figure``; empty: every row the first's).
    A figure of cubes is printed as its footprint at true size marked with its layers, its
    rows' blocks seen from above a corner (:func:`ubongo.render.iso.block_group`).
    With ``ids`` each row is a ``g.combo`` with ``data-combo``; with ``solutions`` each
    solved row's tiling of squares is a hidden ``g.solution`` over its figure, for a page to
    reveal. Rows flagged in ``unsolvable`` are struck through in red, a cross at their end.
    With ``size`` (at least the side's own size) the card is that big, its drawing centred.
    ``faces=False`` prints the rows without die faces, where no die picks them
    (``PuzzleSet.rolled``); ``die`` still names them for ``ids`` and page labels.
    """
    figures = (figure, *others)
    icons = _Icons(pieces, cell, figure.lattice)
    icon, gap = icons.unit, icons.gap
    head = cell if title else 0.0
    row_h = icons.row_height
    die_box = min(row_h - icon / 2, cell * icons.die) + gap if faces else 0.0
    widths = [sum(icons.size(p)[0] + gap for p in combo) for combo in combos]
    col_w = die_box + max(widths, default=0.0)
    where = [on[i] if on else 0 for i in range(len(combos))]
    rows = [[i for i, k in enumerate(where) if k == n] for n in range(len(figures))]
    panels = [
        max(len(r) * row_h, _drawn_height(f, cell)) for f, r in zip(figures, rows, strict=True)
    ]
    natural = (col_w + max(_drawn_width(f) for f in figures) * cell + 1.5 * cell, sum(panels) + (
        len(figures) - 1) * cell / 2 + head + cell)  # fmt: skip
    width, height = size or natural
    # pad is the margin round the drawing: cell / 2 on its own card, more on a larger card
    pad, pad_y = cell / 2 + (width - natural[0]) / 2, cell / 2 + (height - natural[1]) / 2
    fig_x = pad + col_w + cell / 2
    tops = [pad_y + head + sum(panels[:n]) + n * cell / 2 for n in range(len(figures))]
    svg = root(width, height)
    svg.set("class", f"ubongo-side {side}")
    edge = cell / 28  # the outline's width: drawn inside the card, so the cut is on its edge
    _el(
        svg,
        "rect",
        x=edge / 2,
        y=edge / 2,
        width=width - edge,
        height=height - edge,
        rx=cell / 3,
        fill=CARD.get(side, "#eeeeee"),
        stroke="#888888",
        stroke_width=edge,
    )
    if title:
        _el(
            svg,
            "text",
            x=pad,
            y=pad_y + cell * 0.6,
            font_size=cell * 0.6,
            font_weight="bold",
            font_family="sans-serif",
            fill=LINE,
        ).text = title
    for top in tops[1:]:  # which rows belong to which figure: a rule between their panels
        _el(svg, "path", d=f"M{_n(pad)} {_n(top - cell / 4)}H{_n(width - pad)}", stroke="#888888",
            stroke_width=cell / 28, class_="rule")  # fmt: skip
    for i, face in enumerate(die[: len(combos)]):
        y = tops[where[i]] + rows[where[i]].index(i) * row_h
        g = _el(svg, "g", class_="combo")
        if ids is not None:
            g.set("data-combo", ids[i])
            names = " ".join(p.name for p in combos[i])
            # what a reader says of the row: its die face, or, with no die, that it is pieces
            g.set("data-label", f"die {face}: {names}" if faces else f"pieces {names}")
            g.set("tabindex", "0")
            g.set("role", "button")
        _el(
            g,
            "rect",
            x=pad - icon / 4,
            y=y,
            width=col_w + icon / 2,
            height=row_h - icon / 4,
            rx=icon / 2,
            fill="#ffffff",
            fill_opacity="0.0",
            class_="hit",
        )
        if faces:
            _die_face(g, face, pad, y + (row_h - icon / 4) / 2, die_box - gap, cell)
        ix = pad + die_box
        for p in combos[i]:
            w, h = icons.size(p)
            icons.draw(g, p, ix, y + (row_h - icon / 4 - h) / 2)
            ix += w + gap
        if i < len(unsolvable) and unsolvable[i]:
            _strike(g, pad, y + (row_h - icon / 4) / 2, col_w, cell)
    for f, top in zip(figures, tops, strict=True):
        _printed_figure(svg, f, cell, fig_x, top)
    for i, sol in enumerate(solutions or ()):
        if sol is None or ids is None or figures[where[i]].lattice.layered:
            continue
        g = _el(
            svg,
            "g",
            class_="solution",
            display="none",
            data_combo=ids[i],
            data_rows="/".join(solution_rows(figures[where[i]], sol, pieces)),
        )
        lattice = figures[where[i]].lattice
        fills = tiling_colours([(pl.piece, pl.cells) for pl in sol], pieces, lattice)
        x, y = _origin(figures[where[i]], cell, fig_x, tops[where[i]])
        for pl, fill in zip(sol, fills, strict=True):
            label = _code(pieces, pl.piece)
            piece_group(g, pl.piece, pl.cells, cell, x, y, label=label, fill=fill, lattice=lattice)
    return svg


BLOCK = 0.2
"""A block icon's cube edge as a fraction of CELL: a row of four blocks of five cubes beside a
footprint five cells wide then fits A4 paper's width, the card's cells at 16 mm."""


ICON_FLAT = {"hex": 0.4, "tri": 0.5}
"""An icon's cell as a fraction of CELL on hexagons and triangles, whose icons carry their
piece's code (a triangle's side is the cell: its area is under half a square's)."""


class _Icons:
    """The small pieces of a side's rows: flat squares, hexagons or triangles (these two
    marked with their piece's code), or blocks seen from above a corner, in the set's colours;
    ``unit`` the icon's cell, ``gap`` the space after an icon, ``die`` the largest die face's
    side in cells."""

    def __init__(self, pieces: PieceSet, cell: float, lattice: Lattice) -> None:
        self.lattice = lattice
        self.cubes = cubes = lattice.layered
        self.unit = cell * (BLOCK if cubes else ICON_FLAT.get(lattice.space, ICON))
        # a block's picture is wider than its cubes: closer icons and a smaller die face keep
        # a row of four blocks and a footprint within a sheet's width
        self.gap, self.die = (self.unit / 2, 0.8) if cubes else (self.unit, 1.1)
        self.fills = set_colours(pieces)
        self.shapes = {p.name: self._shape(p) for p in pieces.values()}
        # Rows fit the set's tallest icon, not this side's: every side of a set then has the
        # same row height and die boxes, as printed cards do.
        self.row_height = self.unit + max(self.size(p)[1] for p in pieces.values())

    def _shape(self, piece: Piece) -> frozenset[Point]:
        if not self.cubes:
            return icon_shape(piece, self.lattice)
        from ubongo.render.iso import block_shape  # iso builds on this module: import late

        return block_shape(piece)

    def size(self, piece: Piece) -> tuple[float, float]:
        """The icon's width and height in px."""
        s = self.shapes[piece.name]
        if not self.cubes:
            x0, y0, x1, y1 = extent(s, self.lattice)
            return (x1 - x0) * self.unit, (y1 - y0) * self.unit
        from ubongo.render.iso import block_size

        return block_size(s, self.unit)

    def draw(self, parent: ET.Element, piece: Piece, x: float, y: float) -> None:
        """The icon with its top left corner at (x, y)."""
        fill = self.fills.get(piece.name) or colour(piece.name)
        s = self.shapes[piece.name]
        if not self.cubes:
            x0, y0, _, _ = extent(s, self.lattice)
            label = None if self.lattice.plain else piece.code
            piece_group(parent, piece.name, s, self.unit, x - x0 * self.unit, y - y0 * self.unit,
                        cls="icon", fill=fill, lattice=self.lattice, label=label)  # fmt: skip
            return
        from ubongo.render.iso import block_group

        block_group(parent, piece.name, piece.code, s, fill, self.unit, x, y, cls="icon")


TOKENS: dict[str, Colour] = {
    "yellow": "#f5d90a",
    "blue": "#3b6fd8",
    "red": "#d8343b",
    "green": "#2e9e4a",
}
"""Die faces that are colours (Extreme's tokens drawn from a bag): their face is that colour."""


def _die_face(g: ET.Element, face: str, x: float, middle: float, box: float, cell: float) -> None:
    """A row's die face: its label in a white rounded square, smaller when it is a range; a
    colour's name (``TOKENS``) on a square of that colour."""
    token = TOKENS.get(face.lower())
    _el(
        g,
        "rect",
        x=x,
        y=middle - box / 2,
        width=box,
        height=box,
        rx=box / 5,
        fill=token or "#ffffff",
        stroke=LINE,
        stroke_width=cell / 28,
    )
    size = min(box * 0.55, box * 0.8 / (0.55 * max(len(face), 1)))  # a digit is ~0.55 em wide
    _el(
        g,
        "text",
        x=x + box / 2,
        y=middle + BASELINE * size,
        font_size=size,
        font_family="sans-serif",
        text_anchor="middle",
        fill=ink(token) if token else LINE,
    ).text = face


def _drawn_height(figure: Figure, cell: float) -> float:
    """The height of a printed figure: its rows, and under a footprint its layers' line."""
    if not figure.lattice.plain:
        _, y0, _, y1 = extent(figure.cells, figure.lattice)
        return (y1 - y0) * cell
    return figure.height * cell + (cell * 0.8 if figure.lattice.layered else 0.0)


def _drawn_width(figure: Figure) -> float:
    """The width of a printed figure in cells."""
    if not figure.lattice.plain:
        x0, _, x1, _ = extent(figure.cells, figure.lattice)
        return x1 - x0
    return figure.width


def _origin(figure: Figure, cell: float, x: float, y: float) -> tuple[float, float]:
    """Where the lattice's origin falls for a figure drawn with its top left corner at (x, y)."""
    if figure.lattice.plain:
        return x, y
    x0, y0, _, _ = extent(figure.cells, figure.lattice)
    return x - x0 * cell, y - y0 * cell


def _printed_figure(svg: ET.Element, figure: Figure, cell: float, x: float, y: float) -> None:
    """A figure as a card prints it: squares at true size; a figure of cubes as its footprint
    at true size (the blocks are built on it) with how many layers high, below it, and in each
    square when the squares differ."""
    foot = figure.footprint
    g = figure_group(svg, foot, cell, *_origin(foot, cell, x, y))
    if not figure.lattice.layered:
        return
    high = Counter(p[1:] for p in figure.cells)
    g.set("data-layers", " ".join(str(high[p]) for p in sorted(foot.cells)))
    levels = set(high.values())
    if len(levels) > 1:
        for (r, c), n in sorted(high.items()):
            _el(g, "text", x=x + (c + 0.5) * cell, y=y + (r + 0.5) * cell + BASELINE * cell * 0.45,
                font_size=cell * 0.45, font_family="sans-serif", text_anchor="middle",
                fill="#888888", class_="layers").text = str(n)  # fmt: skip
    text = _el(g, "text", x=x, y=y + foot.height * cell + cell * 0.6, font_size=cell * 0.45,
               font_family="sans-serif", fill=LINE, class_="layers")  # fmt: skip
    low, many = min(levels), max(levels)
    _el(text, "tspan", font_weight="bold", font_size=cell * 0.6).text = (
        f"\u00d7 {many}" if low == many else f"{low}-{many}"
    )
    text[0].tail = f" layer{'s' * (many > 1)} high" if low == many else " layers, as numbered"


def _strike(g: ET.Element, x: float, y: float, width: float, cell: float) -> None:
    """Mark a die row that has no tiling: a red line through it and a cross by the face."""
    g.set("class", "combo unsolvable")
    _el(g, "title").text = "no tiling"
    red = "#b00020"
    _el(g, "path", d=f"M{_n(x)} {_n(y)}H{_n(x + width)}", stroke=red, stroke_width=cell / 10)
    _el(
        g,
        "text",
        x=x + width,
        y=y + BASELINE * cell * 0.6,
        font_size=cell * 0.6,
        font_weight="bold",
        font_family="sans-serif",
        text_anchor="end",
        fill=red,
    ).text = "✗"


def side_svg(
    figure: Figure,
    combos: Sequence[Sequence[Piece]],
    die: Sequence[str],
    *,
    title: str = "",
    side: str = "easy",
    cell: float = CELL,
    pieces: PieceSet = STANDARD,
) -> str:
    """A template side as a standalone SVG document, in the colours of ``pieces``."""
    return to_string(
        side_element(figure, combos, die, title=title, side=side, cell=cell, pieces=pieces)
    )


def sides(ps: PuzzleSet, templates: Sequence[str] | None = None) -> Iterator[PrintedSide]:
    """Every printed side of the set (or of the named templates), easy before hard."""
    for t in ps.templates:
        if templates is not None and t.id not in templates:
            continue
        for name in SIDES:
            side = t.side(name)
            if side is not None:
                combos = [tuple(ps.pieces[n] for n in c) for c in side.combos]
                labels = side.labels(ps.die)
                yield PrintedSide(
                    t.id, name, side.figure, combos, labels, side.others, side.on, ps.rolled
                )


@dataclass(frozen=True)
class PrintedSide:
    """One side of a template card with its combinations as pieces: ``labels`` their die faces
    (or ranges), ``others`` the side's further figures, ``on`` each combination's figure."""

    template: str
    name: str
    figure: Figure
    combos: list[tuple[Piece, ...]]
    labels: tuple[str, ...]
    others: tuple[Figure, ...] = ()
    on: tuple[int, ...] = ()
    rolled: bool = True  # a die picks the row: its face is printed (``PuzzleSet.rolled``)

    @property
    def title(self) -> str:
        """The heading printed on the card: ``01 · easy``."""
        return f"{self.template} · {self.name}"

    def element(
        self, pieces: PieceSet, *, cell: float = CELL, size: tuple[float, float] | None = None
    ) -> ET.Element:
        """The side as printed (:func:`side_element`), every figure with its rows."""
        return side_element(
            self.figure,
            self.combos,
            self.labels,
            title=self.title,
            side=self.name,
            cell=cell,
            pieces=pieces,
            size=size,
            others=self.others,
            on=self.on,
            faces=self.rolled,
        )

    def svg(self, pieces: PieceSet) -> str:
        """The side as a standalone SVG document, in the colours of ``pieces``."""
        return to_string(self.element(pieces))
