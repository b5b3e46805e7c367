"""Piece colours, and pictures drawn in them on a terminal (plain letters when colour is off).

Every drawing (terminal, SVG, HTML page, PDF card) takes its colours from :func:`set_colours`
(a set's pieces) or :func:`tiling_colours` (pieces placed in a tiling), so all four agree.

Glossary
    Colour   ``"#rrggbb"``; each standard piece has the colour of the physical piece.
    Lab      (L, a, b) in OKLab (Björn Ottosson, 2020): Euclidean distance there tracks how
             different two colours look; 0.1 is clearly different, about 0.02 just noticeable.
    Vision   ``"normal"``, ``"deuteranopia"`` or ``"protanopia"`` (simulated, Machado 2009).
    Picture  rows of text as :func:`solver.puzzle.solution_rows` draws them: a piece's code
             letter on its cells, ``#`` on an empty figure cell, ``.`` outside the figure.
"""

from __future__ import annotations

import functools
import math
import os
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import TextIO

from ubongo.solver.cells import draw_layers
from ubongo.solver.errors import UbongoError
from ubongo.solver.figure import LAYER_MARK, Figure, Picture
from ubongo.solver.lattice import Lattice
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point

Colour = str
Lab = tuple[float, float, float]

PIECE_COLOURS: dict[str, Colour] = {
    "I2": "#7b3fa0",  # purple
    "I3": "#6ec6f0",  # light blue
    "L3": "#14a098",  # teal
    "T4": "#f5d90a",  # yellow
    "L4": "#8fd400",  # lime green
    "I4": "#8b5a2b",  # brown
    "S4": "#2457c5",  # blue
    "O4": "#d7262b",  # red
    "Y5": "#f28c18",  # orange
    "L5": "#d42fa8",  # magenta
    "P5": "#2f9a3e",  # green
    "Z5": "#f6b21a",  # yellow-orange
}
"""The colours of the 12 original pieces."""

PALETTE: tuple[Colour, ...] = (
    # the first dozen: at least 0.11 apart in OKLab with normal vision, deuteranopia and
    # protanopia alike, so a 12-piece custom set stays readable for most colour-blind players
    "#4455ff", "#ffdd00", "#996600", "#dd9988", "#55eeff", "#995599",
    "#eeaa00", "#bb8800", "#66ffaa", "#aa7777", "#66bbff", "#7788dd",
    # the rest: at least 0.11 apart from every other palette colour with normal vision
    "#ff00ff", "#00bb00", "#ff0077", "#ff99ff", "#008877", "#aa00ff",
    "#66bb99", "#ff5500", "#00ee00", "#dd66cc", "#cc00aa", "#cc3333",
    "#aacc00", "#668800", "#1177bb", "#ccbbee", "#aa66ff", "#bbcc99",
)  # fmt: skip
"""Colours for pieces that are not the 12 originals, in the order a set's pieces take them.

Chosen by greedy farthest-point search with swap passes over the sRGB colours in steps of 17
whose OKLab lightness lies in 0.55-0.90 (black outlines and labels stay readable), whose chroma
is at least 0.06 (no greys) and which stay 0.12 from white, the empty cell, the card colours
and the outline colour.
"""

TOO_CLOSE = 0.08
"""OKLab distance under which a palette colour is skipped beside a real piece colour."""

_MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    # Machado, Oliveira & Fernandes 2009, severity 1.0, on linear RGB
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}
VISIONS = ("normal", *_MACHADO)

EMPTY: Colour = "#e4e4e4"  # an empty figure cell: the white card, seen on a dark or light terminal
RESET = "\x1b[0m"


def rgb(c: Colour) -> tuple[int, int, int]:
    """``"#rrggbb"`` as three ints."""
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def ink(c: Colour) -> Colour:
    """Black or white, whichever reads better on ``c``."""
    r, g, b = rgb(c)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def should_colour(stream: TextIO, env: Mapping[str, str] | None = None) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set (https://no-color.org)."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def _sgr(c: Colour) -> str:
    (r, g, b), (fr, fg, fb) = rgb(c), rgb(ink(c))
    return f"\x1b[48;2;{r};{g};{b}m\x1b[38;2;{fr};{fg};{fb}m"


def _linear(v: int) -> float:
    """One sRGB channel (0-255) as linear light (0-1)."""
    x = v / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


@functools.lru_cache(maxsize=4096)  # a set asks for the same few colours for every card
def oklab(c: Colour, vision: str = "normal") -> Lab:
    """``c`` in OKLab as seen with ``vision`` (one of VISIONS)."""
    lin = [_linear(v) for v in rgb(c)]
    if vision != "normal":
        lin = [
            min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True))))
            for row in _MACHADO[vision]
        ]
    r, g, b = lin
    lms = (
        0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b,
        0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b,
        0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b,
    )
    l_, m_, s_ = (math.copysign(abs(x) ** (1 / 3), x) for x in lms)
    return (
        0.2104542553 * l_ + 0.7936177850 * m_ - 0.0040720468 * s_,
        1.9779984951 * l_ - 2.4285922050 * m_ + 0.4505937099 * s_,
        0.0259040371 * l_ + 0.7827717662 * m_ - 0.8086757660 * s_,
    )


def distance(a: Colour, b: Colour, vision: str = "normal") -> float:
    """How different two colours look: Euclidean distance in OKLab, seen with ``vision``."""
    return math.dist(oklab(a, vision), oklab(b, vision))


def is_original(piece: Piece) -> bool:
    """Whether ``piece`` is one of the 12 originals, by name and by shape."""
    return piece.name in PIECE_COLOURS and piece.key == STANDARD[piece.name].key


def set_colours(pieces: PieceSet) -> dict[str, Colour]:
    """A colour for every piece of a set: a piece's own ``colour`` (the box's block), else an
    original's real colour, else palette colours in set order, skipping those too close to a
    real colour in the set; past the palette the colours repeat (a drawn tiling then separates
    touching pieces: :func:`tiling_colours`).
    """
    real = {p.name: p.colour or PIECE_COLOURS[p.name] for p in pieces.values() if _is_real(p)}
    spare = [c for c in PALETTE if all(distance(c, r) >= TOO_CLOSE for r in real.values())]
    custom = [p.name for p in pieces.values() if p.name not in real]
    out = {name: spare[i % len(spare)] for i, name in enumerate(custom)}
    return {p.name: real.get(p.name) or out[p.name] for p in pieces.values()}


def _is_real(piece: Piece) -> bool:
    """Whether a piece has a colour of its own: given in its set, or an original's."""
    return piece.colour is not None or is_original(piece)


def colour(name: str, pieces: PieceSet = STANDARD) -> Colour:
    """The colour of a piece of ``pieces`` by name or code; a name outside the set gets a stable
    palette colour (a checksum of the name, never hash(), which changes between runs).
    """
    try:
        return set_colours(pieces)[pieces[name].name]
    except UbongoError:  # a PieceSet raises UnknownPiece, not KeyError, for a stranger
        pass
    return PIECE_COLOURS.get(name) or PALETTE[zlib.crc32(name.encode()) % len(PALETTE)]


def tiling_colours(
    placed: Sequence[tuple[str, Iterable[Point]]],
    pieces: PieceSet = STANDARD,
    lattice: Lattice | None = None,
) -> list[Colour]:
    """A colour per placed piece: its set colour, unless a piece it touches already has that
    colour (a set larger than the palette, a piece used twice, blocks of one colour in the box);
    then the palette colour farthest from its neighbours' (a greedy colouring of the touching
    graph, in order), or for a piece with a colour of its own (``Piece.colour``) the shade of
    that colour farthest from them: a yellow block stays yellow, as the player holds it.
    Pieces touch as cells of ``lattice`` do, else as cells one step apart on an axis.
    """
    own = set_colours(pieces)
    cells = [frozenset(c) for _, c in placed]
    out: list[Colour] = []
    for i, (name, _) in enumerate(placed):
        near = {out[j] for j in range(i) if _touch(cells[i], cells[j], lattice)}
        fill = own.get(name) or colour(name, pieces)
        if fill in near and _given(name, pieces):
            fill = next(
                (c for c in shades(fill) if all(distance(c, n) >= APART for n in near)),
                max(shades(fill), key=lambda c: min(distance(c, n) for n in near)),
            )
        elif fill in near:
            fill = max(PALETTE, key=lambda c: min(distance(c, n) for n in near))
        out.append(fill)
    return out


APART = 0.1
"""OKLab distance at which two shades of one colour read as different blocks."""


def _given(name: str, pieces: PieceSet) -> bool:
    """Whether the set gives the piece a colour of its own."""
    try:
        return pieces[name].colour is not None
    except UbongoError:
        return False


def shades(c: Colour) -> tuple[Colour, ...]:
    """Darker and lighter versions of ``c`` (mixed with black or white), the least changed
    first: each still reads as ``c``.

    >>> shades("#ffdd04")
    ('#b29b03', '#fff5b4', '#736302', '#ffec75')
    """
    r, g, b = rgb(c)
    mixes = ((0, 0.3), (255, 0.7), (0, 0.55), (255, 0.45))
    return tuple(
        "#" + "".join(f"{round(v + (to - v) * t):02x}" for v in (r, g, b)) for to, t in mixes
    )


def _touch(a: frozenset[Point], b: frozenset[Point], lattice: Lattice | None) -> bool:
    """Whether two cell sets share an edge (a face, for cubes): two cells neighbours on
    ``lattice``, or without one (cells of a picture's text), one step apart on an axis."""
    if lattice is not None:
        return any(n in b for p in a for n in lattice.neighbours(p))
    return any(
        p[:i] + (p[i] + d,) + p[i + 1 :] in b for p in a for i in range(len(p)) for d in (1, -1)
    )


def paint(rows: Picture, pieces: PieceSet = STANDARD, *, colour_on: bool) -> str:
    """A picture for the terminal: each cell two columns wide in its piece's colour (as a
    tiling is drawn: :func:`tiling_colours`), or the rows unchanged when ``colour_on`` is false.
    The ``--`` line between two layers of cubes stays as it is.
    """
    if not colour_on:
        return "\n".join(rows)
    letters: dict[str, list[Point]] = {}
    layer, top = 0, 0
    for r, row in enumerate(rows):
        if row == LAYER_MARK:
            layer, top = layer + 1, r + 1
            continue
        for c, ch in enumerate(row):
            if ch not in ". #":  # cells as (layer, row, column): blocks touch across layers
                letters.setdefault(ch, []).append((layer, r - top, c))
    names = [_name(ch, pieces) for ch in letters]
    fills = tiling_colours(list(zip(names, letters.values(), strict=True)), pieces)
    by_letter = dict(zip(letters, fills, strict=True))
    return "\n".join(row if row == LAYER_MARK else _paint_row(row, by_letter) for row in rows)


def _name(letter: str, pieces: PieceSet) -> str:
    """The piece a picture letter stands for (the letter itself when the set has none)."""
    try:
        return pieces[letter].name
    except UbongoError:
        return letter


def _paint_row(row: str, fills: Mapping[str, Colour]) -> str:
    out = []
    for ch in row:
        if ch in ". ":
            out.append("  ")
        elif ch == "#":
            out.append(f"{_sgr(EMPTY)}# {RESET}")
        else:
            out.append(f"{_sgr(fills[ch])}{ch} {RESET}")
    return "".join(out).rstrip()


def combination_rows(figure: Figure, pieces: Sequence[Piece]) -> Picture:
    """The figure in ``#`` with each piece drawn in its letter beside it, top-aligned; figures
    and blocks of cubes with their layers side by side, bottom first, ``|`` between them."""
    return beside([_level(figure.layers()), *(_level(_layers(p)) for p in pieces)], "..", ".")


def pieces_rows(pieces: Sequence[Piece]) -> Picture:
    """The pieces drawn in their letters side by side, on blank (space) ground (blocks of
    cubes as ``combination_rows`` draws them)."""
    drawn = [_level(_layers(p)) for p in pieces]
    return beside([[r.replace(".", " ") for r in rows] for rows in drawn], "  ", " ")


def terminal_rows(picture: Sequence[str], lattice: Lattice) -> Picture:
    """A picture of hexagons or triangles as a terminal shows it to the eye (never read back):
    hexagons a character and a space each, every other row half a hexagon (one character)
    right, as the text form means it; triangles' cells as ``▲`` and ``▼``. Other lattices'
    pictures as they are."""
    if lattice.space == "hex":
        return [(" " * (r % 2) + " ".join(row)).rstrip() for r, row in enumerate(picture)]
    if lattice.space == "tri":
        return [
            "".join(ch if ch in ". " else "▲▼"[(r + c) % 2] for c, ch in enumerate(row))
            for r, row in enumerate(picture)
        ]
    return list(picture)


def terminal_pieces(pieces: Sequence[Piece]) -> Picture:
    """The pieces side by side as :func:`terminal_rows` shows them (squares and cubes in their
    letters, as ``pieces_rows``)."""
    if not pieces or pieces[0].lattice.space not in ("hex", "tri"):
        return pieces_rows(pieces)
    lattice = pieces[0].lattice
    drawn = [terminal_rows(p.rows(), lattice) for p in pieces]
    return beside([[r.replace(".", " ") for r in rows] for rows in drawn], "   ", " ")


def _layers(piece: Piece) -> list[Picture]:
    """A piece's layers drawn in its letter (one for a flat piece)."""
    if not piece.lattice.layered:
        return [piece.rows()]
    return draw_layers({piece.code: piece.shape})


def _level(layers: list[Picture]) -> Picture:
    """Layers of one box side by side, ``|`` between two: a block reads in one glance, and a
    row of blocks keeps its rows aligned."""
    return ["|".join(rows) for rows in zip(*layers, strict=True)]


def beside(blocks: Sequence[Picture], gap: str, ground: str) -> Picture:
    """Pictures side by side, top-aligned, each padded with ``ground`` to its own width."""
    height = max((len(b) for b in blocks), default=0)
    width = [max((len(r) for r in b), default=0) for b in blocks]
    return [
        gap.join(
            (b[i] if i < len(b) else "").ljust(w, ground)
            for b, w in zip(blocks, width, strict=True)
        ).rstrip(" ")
        for i in range(height)
    ]
