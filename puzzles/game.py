"""The game's facts, each kept once: a template's two sides, the die, pieces per side, the frame.

Every other module (the set format, the generator's and the atlas's defaults, the command
line's options and help) refers to these names rather than repeating the values.
"""

from __future__ import annotations

Frame = tuple[int, int]
"""Rows by columns that every figure of a card fits in, either way round."""

TEMPLATES = 36
"""Template cards in a box of the published game."""
SIDES = ("easy", "hard")
DEFAULT_DIE = ("1", "2", "3", "4", "5", "6")
PIECES_PER_SIDE = {"easy": 3, "hard": 4}
FRAME: Frame = (5, 6)
"""The published cards' frame: every published figure fits in 5 rows by 6 columns."""


def fits(size: tuple[int, int], frame: Frame) -> bool:
    """Whether a box of ``size`` (rows, columns) fits in the frame either way round."""
    (h, w), (fh, fw) = size, frame
    return h <= fh and w <= fw or w <= fh and h <= fw


def frame_text(frame: Frame) -> str:
    """A frame as the command line writes it: ``5x6``."""
    return f"{frame[0]}x{frame[1]}"
