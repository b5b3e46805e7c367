"""SVG pictures of figures, solutions and template sides, built with xml.etree.ElementTree.

Every drawing is a tree of groups: ``g.figure`` (the white figure with its grid),
``g.piece`` (one per placed piece, ``data-piece`` = its name), and on a template side
``g.combo`` (one per die face: the face label and ``g.icon`` small pieces) and, when
solutions are given, ``g.solution`` (hidden; ``data-combo`` says which row reveals it).
Functions ending in ``_svg`` return standalone SVG text; ``*_element`` return the tree so a
page can embed it without the namespace URL. A figure of cubes (and a tiling of it) is drawn by
``render.iso``: seen from above, its layers beside.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ubongo.puzzles.game import SIDES
from ubongo.render.colours import Colour, colour, ink, set_colours, tiling_colours
from ubongo.render.outline import Segment, inner_edges, loops
from ubongo.solver.errors import UbongoError
from ubongo.solver.figure import Figure
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


def _outline_d(cells: Iterable[Point], cell: float, x: float, y: float) -> str:
    parts = []
    for loop in loops(cells):
        pts = " L".join(f"{_n(x + vx * cell)} {_n(y + vy * cell)}" for vx, vy in loop)
        parts.append(f"M{pts}Z")
    return "".join(parts)


def _lines_d(segments: Sequence[Segment], cell: float, x: float, y: float) -> str:
    return "".join(
        f"M{_n(x + x0 * cell)} {_n(y + y0 * cell)}L{_n(x + x1 * cell)} {_n(y + y1 * cell)}"
        for (x0, y0), (x1, y1) in segments
    )


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
    _el(g, "path", d=_outline_d(figure.cells, cell, x, y), fill="#ffffff")
    grid = inner_edges(figure.cells)
    if grid:
        _el(
            g,
            "path",
            d=_lines_d(grid, cell, x, y),
            stroke=GRID,
            stroke_width=cell / 36,
            fill="none",
        )
    _el(
        g,
        "path",
        d=_outline_d(figure.cells, cell, x, y),
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
) -> ET.Element:
    """One piece in ``fill`` (default its standard colour), its squares marked by faint lines;
    ``label`` on its middle.
    """
    pts = frozenset(cells)
    fill = fill or colour(name)
    g = _el(parent, "g", class_=cls, data_piece=name)
    _el(g, "title").text = name
    _el(
        g,
        "path",
        d=_outline_d(pts, cell, x, y),
        fill=fill,
        stroke=LINE,
        stroke_width=max(0.6, cell / 20),
        stroke_linejoin="round",
    )
    inner = inner_edges(pts)
    if inner:
        _el(
            g,
            "path",
            d=_lines_d(inner, cell, x, y),
            stroke="#000000",
            stroke_opacity="0.22",
            stroke_width=max(0.5, cell / 28),
            fill="none",
        )
    if label:
        r, c = _middle(pts)
        _el(
            g,
            "text",
            x=x + (c + 0.5) * cell,
            y=y + (r + 0.5) * cell + BASELINE * cell * 0.5,
            fill=ink(fill),
            font_size=cell * 0.5,
            font_family="sans-serif",
            text_anchor="middle",
        ).text = label
    return g


def _middle(cells: frozenset[Point]) -> Point:
    """The cell nearest the centroid: where a label reads as belonging to the piece."""
    cr = sum(r for r, _ in cells) / len(cells)
    cc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda p: ((p[0] - cr) ** 2 + (p[1] - cc) ** 2, p))


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
    if figure.lattice.dims == 3:
        from ubongo.render.iso import cubes_element  # iso builds on this module: import late

        return cubes_element(figure, solution, pieces, cell=cell)
    pad = cell / 4
    svg = root(figure.width * cell + 2 * pad, figure.height * cell + 2 * pad)
    svg.set("class", "ubongo-solution" if solution else "ubongo-figure")
    figure_group(svg, figure, cell, pad, pad)
    fills = tiling_colours([(pl.piece, pl.cells) for pl in solution], pieces)
    for pl, fill in zip(solution, fills, strict=True):
        label = _code(pieces, pl.piece)
        piece_group(svg, pl.piece, pl.cells, cell, pad, pad, label=label, fill=fill)
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


def icon_shape(piece: Piece) -> frozenset[Point]:
    """The piece turned to lie flat (fewest rows), as small icons on a card show it."""
    return normalise(min(piece.orientations, key=lambda o: (1 + max(r for r, _ in o), sorted(o))))


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
) -> ET.Element:
    """A template side as printed: die faces with their pieces on the left, the figure right.

    With ``ids`` each row is a ``g.combo`` with ``data-combo``; with ``solutions`` each
    solved row's tiling is a hidden ``g.solution`` over the figure, for a page to reveal.
    Rows flagged in ``unsolvable`` are struck through in red, a cross at their end.
    With ``size`` (at least the side's own size) the card is that big, its drawing centred.
    """
    icon = cell * ICON
    own = set_colours(pieces)
    head = cell if title else 0.0
    shapes = [[icon_shape(p) for p in combo] for combo in combos]
    # Rows fit the set's tallest icon, not this side's: every side of a set then has the same
    # row height and die boxes, as printed cards do.
    tallest = max(1 + max(r for r, _ in icon_shape(p)) for p in pieces.values())
    row_h = icon + tallest * icon
    die_box = min(row_h - icon / 2, cell * 1.1)
    widths = [sum((1 + max(c for _, c in s)) * icon + icon for s in row) for row in shapes]
    col_w = die_box + icon + max(widths, default=0.0)
    natural = (col_w + figure.width * cell + 1.5 * cell, max(
        len(combos) * row_h, figure.height * cell) + head + cell)  # fmt: skip
    width, height = size or natural
    # pad is the margin round the drawing: cell / 2 on its own card, more on a larger card
    pad, pad_y = cell / 2 + (width - natural[0]) / 2, cell / 2 + (height - natural[1]) / 2
    fig_x = pad + col_w + cell / 2
    fig_y = pad_y + head
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
    for i, (face, row) in enumerate(zip(die, shapes, strict=False)):
        y = fig_y + i * row_h
        g = _el(svg, "g", class_="combo")
        if ids is not None:
            g.set("data-combo", ids[i])
            g.set("data-label", f"{face}: {' '.join(p.name for p in combos[i])}")
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
        _el(
            g,
            "rect",
            x=pad,
            y=y + (row_h - die_box - icon / 4) / 2,
            width=die_box,
            height=die_box,
            rx=die_box / 5,
            fill="#ffffff",
            stroke=LINE,
            stroke_width=cell / 28,
        )
        _el(
            g,
            "text",
            x=pad + die_box / 2,
            y=y + (row_h - icon / 4) / 2 + BASELINE * die_box * 0.55,
            font_size=die_box * 0.55,
            font_family="sans-serif",
            text_anchor="middle",
            fill=LINE,
        ).text = face
        ix = pad + die_box + icon
        for p, s in zip(combos[i], row, strict=True):
            h = 1 + max(r for r, _ in s)
            iy = y + (row_h - icon / 4 - h * icon) / 2
            piece_group(g, p.name, s, icon, ix, iy, cls="icon", fill=own.get(p.name))
            ix += (1 + max(c for _, c in s)) * icon + icon
        if i < len(unsolvable) and unsolvable[i]:
            _strike(g, pad, y + (row_h - icon / 4) / 2, col_w, cell)
    figure_group(svg, figure, cell, fig_x, fig_y)
    for i, sol in enumerate(solutions or ()):
        if sol is None or ids is None:
            continue
        g = _el(
            svg,
            "g",
            class_="solution",
            display="none",
            data_combo=ids[i],
            data_rows="/".join(solution_rows(figure, sol, pieces)),
        )
        fills = tiling_colours([(pl.piece, pl.cells) for pl in sol], pieces)
        for pl, fill in zip(sol, fills, strict=True):
            label = _code(pieces, pl.piece)
            piece_group(g, pl.piece, pl.cells, cell, fig_x, fig_y, label=label, fill=fill)
    return svg


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
                yield PrintedSide(t.id, name, side.figure, combos)


@dataclass(frozen=True)
class PrintedSide:
    """One side of a template card with its combinations as pieces."""

    template: str
    name: str
    figure: Figure
    combos: list[tuple[Piece, ...]]

    @property
    def title(self) -> str:
        """The heading printed on the card: ``01 · easy``."""
        return f"{self.template} · {self.name}"
