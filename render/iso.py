"""Figures of cubes and their tilings as SVG: an isometric view and a layer-by-layer view.

The isometric view looks down on the figure from past its last row and last column, so a
cube shows at most three faces: its top, its front (the side of the next row, lower left in
the picture) and its right side (the next column's, lower right), lit in that order. Only
what the eye sees is drawn: each face is cut to the triangles of the picture where it is the
nearest thing, so a hidden face is never drawn and each block is one group (``g.piece``,
``data-piece`` = its name) whatever the order. Lines between two blocks, and where a block
passes in front of something farther away, are strong; lines between cubes of one block are
faint. The footprint lies under the figure as a grid. A block can be wholly hidden (at the
back of the bottom layer); the layer view beside it shows every cube. A lone block (a card's
icon) is drawn the same way, turned so that every cube is in sight.

Glossary (Point as in solver.lattice; Colour as in render.colours)
    Cube     a cell of the cube lattice: (layer, row, column), layer 0 at the bottom.
    Side     TOP, FRONT or RIGHT: the three faces of a cube the view can see.
    Face     (Cube, Side).
    Node     (a, b): where a corner (z, r, c) lands in the picture, ``a = r - z``,
             ``b = c - z`` (the view looks along (1, 1, 1), which both ignore).
    Spot     (a, b, k): a triangle of the picture's grid, with nodes (a, b), (a+1, b),
             (a+1, b+1) for k = 0 and (a, b), (a, b+1), (a+1, b+1) for k = 1. A cube covers
             six spots around its node; each face two of them.
    Depth    ``z + r + c``: of the cubes on one spot, the one of greatest depth is in front.

Functions ending in ``_svg`` return standalone SVG text, ``*_element`` the tree.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ubongo.render.colours import Colour, ink, rgb, tiling_colours
from ubongo.render.outline import inner_edges, loops
from ubongo.render.svg import (
    BASELINE,
    CELL,
    GRID,
    LINE,
    _code,
    _el,
    _lines_d,
    _middle,
    _n,
    _outline_d,
    piece_group,
    root,
    to_string,
)
from ubongo.solver.cells import components
from ubongo.solver.figure import Figure
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, Shape
from ubongo.solver.puzzle import Solution, solution_rows

Side = str
Face = tuple[Point, Side]
Node = tuple[int, int]
Spot = tuple[int, int, int]

TOP, FRONT, RIGHT = "top", "front", "right"
SIDES: tuple[Side, ...] = (TOP, FRONT, RIGHT)
CORNERS: dict[Side, tuple[Point, ...]] = {  # a face's corners in order round it, from its cube
    TOP: ((1, 0, 0), (1, 0, 1), (1, 1, 1), (1, 1, 0)),
    FRONT: ((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)),
    RIGHT: ((0, 0, 1), (0, 1, 1), (1, 1, 1), (1, 0, 1)),
}
LIGHT: dict[Side, float] = {TOP: 1.0, FRONT: 0.8, RIGHT: 0.62}
"""How much of its colour each side shows: light from above and the left."""
EMPTY_CUBE: Colour = "#ffffff"  # a figure cube no block fills yet, as the 2D figure is white
FLOOR: Colour = "#f0f0f0"
FLOOR_EDGE: Colour = "#8a8a8a"
SLANT = math.sqrt(3) / 2  # the width of half a cube's picture, in edges


def node(p: Point) -> Node:
    """Where a corner lands in the picture: every corner on one line of sight lands on one node.

    >>> node((0, 0, 0)) == node((1, 1, 1)), node((0, 1, 0)), node((1, 0, 0))
    (True, (1, 0), (-1, -1))
    """
    z, r, c = p
    return r - z, c - z


def spot_nodes(s: Spot) -> tuple[Node, Node, Node]:
    """The three corners of a spot."""
    a, b, k = s
    return ((a, b), (a + 1, b), (a + 1, b + 1)) if k == 0 else ((a, b), (a, b + 1), (a + 1, b + 1))


@cache
def _side_spots(side: Side) -> tuple[Spot, ...]:
    """The two spots of a face of the cube at the origin: those with every node its corner's."""
    nodes = {node(p) for p in CORNERS[side]}
    return tuple(
        sorted((a, b, k) for a, b in nodes for k in (0, 1) if set(spot_nodes((a, b, k))) <= nodes)
    )


def face_spots(face: Face) -> tuple[Spot, ...]:
    """The two spots a face covers."""
    cube, side = face
    a0, b0 = node(cube)
    return tuple((a + a0, b + b0, k) for a, b, k in _side_spots(side))


def in_front(cubes: Iterable[Point]) -> dict[Spot, Face]:
    """The face seen on every spot the cubes cover: the nearest cube's."""
    seen: dict[Spot, Face] = {}
    for cube in sorted(cubes, key=lambda p: (sum(p), p)):  # nearer later: it wins the spot
        for side in SIDES:
            for s in face_spots((cube, side)):
                seen[s] = (cube, side)
    return seen


def visible_faces(seen: Mapping[Spot, Face]) -> dict[Face, tuple[Spot, ...]]:
    """Every face seen at least in part, with the spots where it is seen, in a fixed order."""
    out: dict[Face, list[Spot]] = {}
    for s, face in sorted(seen.items()):
        out.setdefault(face, []).append(s)
    return {f: tuple(out[f]) for f in sorted(out)}


def _across(s: Spot) -> list[tuple[tuple[Node, Node], Spot]]:
    """Each edge of a spot with the spot on its other side."""
    a, b, k = s
    diagonal = ((a, b), (a + 1, b + 1))
    if k == 0:
        return [
            (diagonal, (a, b, 1)),
            (((a, b), (a + 1, b)), (a, b - 1, 1)),
            (((a + 1, b), (a + 1, b + 1)), (a + 1, b, 1)),
        ]
    return [
        (diagonal, (a, b, 0)),
        (((a, b), (a, b + 1)), (a - 1, b, 0)),
        (((a, b + 1), (a + 1, b + 1)), (a, b + 1, 0)),
    ]


def _corner(face: Face, n: Node) -> Point:
    """The corner of a face that lands on node ``n``."""
    cube, side = face
    for off in CORNERS[side]:
        p = (cube[0] + off[0], cube[1] + off[1], cube[2] + off[2])
        if node(p) == n:
            return p
    raise ValueError(f"node {n} is no corner of {face}")


def edges(
    seen: Mapping[Spot, Face], owner: Mapping[Point, int]
) -> dict[int, tuple[list[tuple[Node, Node]], list[tuple[Node, Node]]]]:
    """The lines of the picture, per owner (a block's index): (strong, faint) edges.

    Between two owners, at the figure's rim and where a face passes in front of one farther
    away (the two faces share no edge in space) a line is strong; between faces of one
    owner that meet in space it is faint; inside a face there is none.
    """
    lines: dict[int, tuple[list[tuple[Node, Node]], list[tuple[Node, Node]]]] = {}
    for s in sorted(seen):
        f = seen[s]
        for edge, t in _across(s):
            g = seen.get(t)
            if g == f or (g is not None and t < s):  # each edge once, from its lesser spot
                continue
            mine = owner[f[0]]
            if g is None:
                lines.setdefault(mine, ([], []))[0].append(edge)
                continue
            theirs = owner[g[0]]
            if theirs != mine:
                lines.setdefault(mine, ([], []))[0].append(edge)
                lines.setdefault(theirs, ([], []))[0].append(edge)
            elif all(_corner(f, n) == _corner(g, n) for n in edge):
                lines.setdefault(mine, ([], []))[1].append(edge)
            else:
                lines.setdefault(mine, ([], []))[0].append(edge)
    return lines


def regions(faces: Mapping[Face, tuple[Spot, ...]]) -> list[dict[Face, tuple[Spot, ...]]]:
    """The faces of one block in the parts the eye sees as one piece of surface (faces that
    meet in space, across a faint line), the largest first: a block may show in two places."""
    face_at = {s: f for f, spots in faces.items() for s in spots}
    part = {s: s for s in face_at}

    def find(s: Spot) -> Spot:
        while part[s] != s:
            s = part[s]
        return s

    for s, f in sorted(face_at.items()):
        for edge, t in _across(s):
            g = face_at.get(t)
            if g is not None and (g == f or all(_corner(f, n) == _corner(g, n) for n in edge)):
                part[find(t)] = find(s)
    out: dict[Spot, dict[Face, tuple[Spot, ...]]] = {}
    for f, spots in faces.items():
        out.setdefault(find(spots[0]), {})[f] = spots
    return sorted(out.values(), key=lambda r: (-sum(map(len, r.values())), min(r)))


def shade(c: Colour, light: float) -> Colour:
    """``c`` in less light."""
    return "#" + "".join(f"{round(v * light):02x}" for v in rgb(c))


class _View:
    """The picture's coordinates: a node to px, with the drawing's margin and offset."""

    def __init__(self, nodes: Iterable[Node], cell: float, pad: float | None = None) -> None:
        self.cell = cell
        pts = [self._raw(n) for n in nodes]
        pad = cell / 2 if pad is None else pad
        self.dx = pad - min(x for x, _ in pts)
        self.dy = pad - min(y for _, y in pts)
        self.width = max(x for x, _ in pts) + self.dx + pad
        self.height = max(y for _, y in pts) + self.dy + pad

    def _raw(self, n: Node) -> tuple[float, float]:
        a, b = n
        return (b - a) * SLANT * self.cell, (a + b) / 2 * self.cell

    def xy(self, n: Node) -> tuple[float, float]:
        """A node in px."""
        x, y = self._raw(n)
        return x + self.dx, y + self.dy

    def path(self, polygon: Sequence[Node]) -> str:
        """A closed path through the nodes."""
        return "M" + " L".join(" ".join(map(_n, self.xy(n))) for n in polygon) + "Z"

    def lines(self, segments: Iterable[tuple[Node, Node]]) -> str:
        """Separate straight lines."""
        return "".join(
            f"M{_n(x0)} {_n(y0)}L{_n(x1)} {_n(y1)}"
            for x0, y0, x1, y1 in (self.xy(a) + self.xy(b) for a, b in segments)
        )


def _face_polygon(face: Face, spots: Sequence[Spot]) -> list[Node]:
    """The part of a face that is seen: all of it, or one of its two triangles."""
    if len(spots) == 2:
        return [
            node(tuple(v + o for v, o in zip(face[0], off, strict=True)))
            for off in CORNERS[face[1]]
        ]
    return list(spot_nodes(spots[0]))


def iso_element(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> ET.Element:
    """A figure of cubes seen from above its front right corner, blocks in their colours
    (a partial solution leaves white cubes), its footprint as a grid beneath."""
    blocks = [(pl.piece, frozenset(pl.cells)) for pl in solution]
    owner = {p: -1 for p in figure.cells}  # -1: no block fills the cube (yet)
    owner.update({p: i for i, (_, cells) in enumerate(blocks) for p in cells})
    seen = in_front(owner)
    foot = figure.footprint.cells
    floor = [(r + dr, c + dc) for r, c in foot for dr in (0, 1) for dc in (0, 1)]
    view = _View([*floor, *(n for s in seen for n in spot_nodes(s))], cell)
    svg = root(view.width, view.height)
    svg.set("class", "ubongo-iso")
    _floor(svg, foot, view)
    lines = edges(seen, owner)
    faces: dict[int, dict[Face, tuple[Spot, ...]]] = {}
    for face, spots in visible_faces(seen).items():
        faces.setdefault(owner[face[0]], {})[face] = spots
    if -1 in owner.values():
        g = _el(svg, "g", class_="figure")
        _cubes(g, faces.get(-1, {}), lines.get(-1, ([], [])), EMPTY_CUBE, view)
    for i, ((name, _), fill) in enumerate(zip(blocks, tiling_colours(blocks, pieces), strict=True)):
        g = _el(svg, "g", class_="piece", data_piece=name)
        _el(g, "title").text = name
        _cubes(g, faces.get(i, {}), lines.get(i, ([], [])), fill, view)
        for n, region in enumerate(regions(faces.get(i, {}))):
            if n == 0 or any(len(spots) == 2 for spots in region.values()):
                _label(g, _code(pieces, name), region, fill, view)
    _el(svg, "desc").text = "\n".join(solution_rows(figure, solution, pieces))
    return svg


def _cubes(
    g: ET.Element,
    faces: Mapping[Face, tuple[Spot, ...]],
    lines: tuple[Sequence[tuple[Node, Node]], Sequence[tuple[Node, Node]]],
    fill: Colour,
    view: _View,
) -> None:
    """The seen faces of one block's cubes (``path.face``, ``data-cube`` = "z r c"), each
    side in its light, then its faint lines and its strong ones."""
    for (cube, side), spots in faces.items():
        _el(
            g,
            "path",
            d=view.path(_face_polygon((cube, side), spots)),
            fill=shade(fill, LIGHT[side]),
            class_=f"face {side}",
            data_cube=" ".join(map(str, cube)),
        )
    strong, faint = lines
    if faint:
        _el(g, "path", d=view.lines(faint), fill="none", stroke="#000000", stroke_opacity="0.3",
            stroke_width=view.cell / 32, stroke_linecap="round")  # fmt: skip
    if strong:
        _el(g, "path", d=view.lines(strong), fill="none", stroke=LINE,
            stroke_width=view.cell / 14, stroke_linecap="round")  # fmt: skip


def _floor(svg: ET.Element, foot: Iterable[Point], view: _View) -> None:
    """The footprint at the figure's foot: a pale grid with a grey rim."""
    g = _el(svg, "g", class_="footprint")
    rims = [[(y, x) for x, y in loop] for loop in loops(foot)]  # outline's (x, y) is (col, row)
    rim = "".join(view.path(loop) for loop in rims)
    _el(g, "path", d=rim, fill=FLOOR)
    grid = [((y0, x0), (y1, x1)) for (x0, y0), (x1, y1) in inner_edges(foot)]
    if grid:
        _el(g, "path", d=view.lines(grid), stroke=GRID, stroke_width=view.cell / 36, fill="none")
    _el(
        g,
        "path",
        d=rim,
        fill="none",
        stroke=FLOOR_EDGE,
        stroke_width=view.cell / 28,
        stroke_linejoin="round",
    )


def _label(
    g: ET.Element, code: str, faces: Mapping[Face, tuple[Spot, ...]], fill: Colour, view: _View
) -> None:
    """The block's letter, upright on one face seen whole: a top face if one is (the highest),
    else a front, else a right one; on the part of a face seen when none is whole."""
    whole = [f for f, s in faces.items() if len(s) == 2] or list(faces)
    cube, side = min(whole, key=lambda f: (SIDES.index(f[1]), -f[0][0], f))
    pts = [view.xy(n) for n in _face_polygon((cube, side), faces[(cube, side)])]
    size = view.cell * (0.5 if len(faces[(cube, side)]) == 2 else 0.32)
    _el(
        g,
        "text",
        x=sum(x for x, _ in pts) / len(pts),
        y=sum(y for _, y in pts) / len(pts) + BASELINE * size,
        fill=ink(shade(fill, LIGHT[side])),
        font_size=size,
        font_family="sans-serif",
        font_weight="bold",
        text_anchor="middle",
    ).text = code


def iso_svg(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> str:
    """The isometric view as a standalone SVG document."""
    return to_string(iso_element(figure, solution, pieces, cell=cell))


def block_shape(piece: Piece) -> Shape:
    """The block turned as a card draws it: every cube in sight, lying as low as it can, the
    most faces shown, the smallest picture (ties: the least sorted cells)."""
    return _lowest(piece.orientations)


@cache  # a card draws the same blocks on every side: turn each once
def _lowest(orientations: tuple[Shape, ...]) -> Shape:
    return min(orientations, key=_block_key)


def _block_key(shape: Shape) -> tuple[int, int, int, float, list[Point]]:
    faces = _sight(shape).faces
    hidden = len(shape) - len({cube for cube, _ in faces})
    levels, rows, cols = (1 + max(p[i] for p in shape) for i in range(3))
    # the picture is levels + (rows + cols) / 2 edges high and (rows + cols) * SLANT wide
    return hidden, levels, -len(faces), levels + (rows + cols) * (0.5 + SLANT), sorted(shape)


@dataclass(frozen=True)
class _Sight:
    """What the eye sees of a lone block: the face on every spot, the faces seen, the strong
    and faint lines."""

    seen: dict[Spot, Face]
    faces: dict[Face, tuple[Spot, ...]]
    lines: tuple[list[tuple[Node, Node]], list[tuple[Node, Node]]]


@cache  # the same blocks recur on every row of a set's cards: see each shape once
def _sight(shape: Shape) -> _Sight:
    owner = dict.fromkeys(shape, 0)
    seen = in_front(owner)
    return _Sight(seen, visible_faces(seen), edges(seen, owner).get(0, ([], [])))


def block_size(shape: Shape, cell: float) -> tuple[float, float]:
    """The width and height in px of :func:`block_group`'s drawing of these cubes."""
    view = _block_view(shape, cell)
    return view.width, view.height


def _block_view(shape: Shape, cell: float) -> _View:
    """A lone block's coordinates: no floor, a margin of a tenth of a cube."""
    return _View([n for s in _sight(shape).seen for n in spot_nodes(s)], cell, pad=cell / 10)


def block_group(
    parent: ET.Element,
    name: str,
    code: str,
    shape: Shape,
    fill: Colour,
    cell: float,
    x: float = 0,
    y: float = 0,
    *,
    cls: str = "piece",
) -> ET.Element:
    """One block alone seen from above its front right corner, its top left at (x, y), its
    letter on its largest face: a die row's icon on a card (``cls="icon"``)."""
    sight = _sight(shape)
    view = _block_view(shape, cell)
    g = _el(parent, "g", class_=cls, data_piece=name, transform=f"translate({_n(x)} {_n(y)})")
    _el(g, "title").text = name
    _cubes(g, sight.faces, sight.lines, fill, view)
    _label(g, code, regions(sight.faces)[0], fill, view)
    return g


def layers_element(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> ET.Element:
    """Each layer as a flat grid over the footprint, side by side from the bottom one, labelled
    ``layer 1 (bottom)``, ``layer 2``...: a ``g.layer`` each (``data-layer`` counts from 1)
    holding the layer's ``g.figure`` and a ``g.piece`` per block with cubes in it."""
    levels, height, width = figure.extent
    labels = [
        f"layer {z + 1}" + (" (bottom)" if z == 0 and levels > 1 else "") for z in range(levels)
    ]
    # a column as wide as its grid or its label (sans-serif: about 0.55 em a character)
    cols = [max(width * cell, len(t) * 0.45 * cell * 0.55) for t in labels]
    pad, head, gap = cell / 4, cell * 0.8, cell
    svg = root(sum(cols) + (levels - 1) * gap + 2 * pad, head + height * cell + 2 * pad)
    svg.set("class", "ubongo-layers")
    blocks = [(pl.piece, frozenset(pl.cells)) for pl in solution]
    fills = tiling_colours(blocks, pieces)
    for z, label in enumerate(labels):
        x = pad + sum(cols[:z]) + z * gap
        g = _el(svg, "g", class_="layer", data_layer=str(z + 1))
        _el(g, "text", x=x, y=pad + head * 0.6, font_size=cell * 0.45, font_family="sans-serif",
            fill=LINE).text = label  # fmt: skip
        _el(g, "path", d=_outline_d(figure.footprint.cells, cell, x, pad + head), fill=FLOOR)
        _grid(g, {p[1:] for p in figure.cells if p[0] == z}, cell, x, pad + head)
        for (name, cells), fill in zip(blocks, fills, strict=True):
            flat = {p[1:] for p in cells if p[0] == z}
            if flat:
                _flat_block(g, name, _code(pieces, name), flat, fill, cell, x, pad + head)
    _el(svg, "desc").text = "\n".join(solution_rows(figure, solution, pieces))
    return svg


def _flat_block(
    g: ET.Element,
    name: str,
    code: str,
    cells: set[Point],
    fill: Colour,
    cell: float,
    x: float,
    y: float,
) -> None:
    """A block's squares in one layer, its letter on each part (a block may cross a layer
    in two places)."""
    piece = piece_group(g, name, cells, cell, x, y, fill=fill)
    for part in components(cells):
        r, c = _middle(frozenset(part))
        _el(piece, "text", x=x + (c + 0.5) * cell, y=y + (r + 0.5) * cell + BASELINE * cell * 0.5,
            fill=ink(fill), font_size=cell * 0.5, font_family="sans-serif",
            text_anchor="middle").text = code  # fmt: skip


def _grid(parent: ET.Element, cells: Iterable[Point], cell: float, x: float, y: float) -> None:
    """A layer's figure cells: white, a grey grid, a dark rim (as ``svg.figure_group``)."""
    g = _el(parent, "g", class_="figure")
    _el(g, "path", d=_outline_d(cells, cell, x, y), fill="#ffffff")
    inner = inner_edges(cells)
    if inner:
        _el(
            g,
            "path",
            d=_lines_d(inner, cell, x, y),
            stroke=GRID,
            stroke_width=cell / 36,
            fill="none",
        )
    _el(
        g,
        "path",
        d=_outline_d(cells, cell, x, y),
        fill="none",
        stroke=LINE,
        stroke_width=max(1.0, cell / 14),
        stroke_linejoin="round",
    )


def layers_svg(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> str:
    """The layer view as a standalone SVG document."""
    return to_string(layers_element(figure, solution, pieces, cell=cell))


def cubes_element(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> ET.Element:
    """The isometric view (``g.iso``) with the layer view (``g.layers``, smaller) to its right:
    what ``svg.solution_element`` draws for a figure of cubes."""
    iso = iso_element(figure, solution, pieces, cell=cell * 1.25)
    flat = layers_element(figure, solution, pieces, cell=cell * 0.75)
    iw, ih = float(iso.get("width", 0)), float(iso.get("height", 0))
    fw, fh = float(flat.get("width", 0)), float(flat.get("height", 0))
    svg = root(iw + fw + cell / 2, max(ih, fh))
    svg.set("class", "ubongo-solution" if solution else "ubongo-figure")
    for cls, part, x, y in (
        ("iso", iso, 0.0, (max(ih, fh) - ih) / 2),
        ("layers", flat, iw + cell / 2, (max(ih, fh) - fh) / 2),
    ):
        g = _el(svg, "g", class_=cls, transform=f"translate({_n(x)} {_n(y)})")
        g.extend(child for child in part if child.tag != "desc")
    _el(svg, "desc").text = "\n".join(solution_rows(figure, solution, pieces))
    return svg


def cubes_svg(
    figure: Figure, solution: Solution = (), pieces: PieceSet = STANDARD, *, cell: float = CELL
) -> str:
    """The isometric and layer views side by side as a standalone SVG document."""
    return to_string(cubes_element(figure, solution, pieces, cell=cell))
