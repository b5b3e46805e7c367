"""Piece colours, and pictures drawn in them on a terminal (plain letters when colour is off).

Glossary
    Colour   ``"#rrggbb"``; each standard piece has the colour of the physical piece.
    Picture  rows of text as :func:`solver.puzzle.solution_rows` draws them: a piece's code
             letter on its cells, ``#`` on an empty figure cell, ``.`` outside the figure.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Mapping, Sequence
from typing import TextIO

from solver.errors import UbongoError
from solver.figure import Figure, Picture
from solver.pieces import STANDARD, Piece, PieceSet

Colour = str

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

# Custom pieces get one of these, picked by a stable checksum of the name (never hash()).
_SPARE = ("#5d6d7e", "#a04000", "#117864", "#6c3483", "#b03a2e", "#1f618d", "#7d6608")

EMPTY: Colour = "#e4e4e4"  # an empty figure cell: the white card, seen on a dark or light terminal
RESET = "\x1b[0m"


def colour(name: str) -> Colour:
    """The colour of a piece by name; custom pieces get a stable spare colour."""
    return PIECE_COLOURS.get(name) or _SPARE[zlib.crc32(name.encode()) % len(_SPARE)]


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


def paint(rows: Picture, pieces: PieceSet = STANDARD, *, colour_on: bool) -> str:
    """A picture for the terminal: each cell two columns wide in its piece's colour, or the
    rows unchanged when ``colour_on`` is false.
    """
    if not colour_on:
        return "\n".join(rows)
    return "\n".join(_paint_row(row, pieces) for row in rows)


def _paint_row(row: str, pieces: PieceSet) -> str:
    out = []
    for ch in row:
        if ch in ". ":
            out.append("  ")
        elif ch == "#":
            out.append(f"{_sgr(EMPTY)}# {RESET}")
        else:
            try:
                name = pieces[ch].name
            except UbongoError:
                name = ch
            out.append(f"{_sgr(colour(name))}{ch} {RESET}")
    return "".join(out).rstrip()


def combination_rows(figure: Figure, pieces: Sequence[Piece]) -> Picture:
    """The figure in ``#`` with each piece drawn in its letter beside it, top-aligned."""
    return beside([figure.rows(), *(p.rows() for p in pieces)], "..", ".")


def pieces_rows(pieces: Sequence[Piece]) -> Picture:
    """The pieces drawn in their letters side by side, on blank (space) ground."""
    return beside([[r.replace(".", " ") for r in p.rows()] for p in pieces], "  ", " ")


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
