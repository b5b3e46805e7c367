"""The game's facts, each kept once: a template's two sides, the die, pieces per side, the frame.

Every other module (the set format, the generator's and the atlas's defaults, the command
line's options and help) refers to these names rather than repeating the values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class Edition:
    """What a complete box of one edition holds, for the strict checks of a set and the
    generator: its pieces, die, and per side the figures printed, combinations and pieces each."""

    name: str
    pieces: str | None  # the bundled piece set the edition plays with (None: the 12 Ubongo pieces)
    die: tuple[str, ...]
    figures: int  # figures printed on a side
    combos: Mapping[str, int]  # combinations (rows of the die table) per side; {}: one per face
    sizes: Mapping[str, int]  # pieces per combination, per side
    frame: Frame
    height: int | None = None  # figures are footprints this many layers high
    distinct: tuple[str, ...] = SIDES  # sides whose figures appear once in the box
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per side, the die table's rows when they answer ranges of faces (else one per face)."""
    lattice: str = "square"  # the lattice its pieces are on (solver.lattice.LATTICES)
    regions: int = 1  # separate regions of a figure, all to be filled
    templates: int = TEMPLATES  # cards in a box


ORIGINAL = Edition("ubongo", None, DEFAULT_DIE, 1, {}, PIECES_PER_SIDE, FRAME)
UBONGO_3D = Edition(
    "ubongo-3d",
    "ubongo-3d",
    tuple(str(face) for face in range(1, 11)),  # a ten-sided die
    2,  # two footprints, each filled two layers high
    {"easy": 4, "hard": 10},  # easy: two rows per footprint, faces in ranges; hard: five each
    PIECES_PER_SIDE,  # three blocks on the easy side, four on the hard one
    (4, 5),  # every published footprint fits 3x5 or 4x4
    2,
    ("hard",),  # the four boards of an animal share their easy footprints
    # Our boards' easy rows: two per footprint, faces split 2+2 and 3+3 (the published ranges
    # could not be confirmed from public sources, docs/EDITIONS.md)
    {"easy": ("1-2", "3-4", "5-7", "8-10")},
)
"""Ubongo 3D (Kosmos 2009), from the public transcriptions of its boards (docs/EDITIONS.md)."""
EXTREME = Edition(
    "extreme",
    None,  # the shapes are not public (docs/EDITIONS.md): a pieces file of hexagons
    ("yellow", "blue", "red", "green"),  # a colour token drawn from the bag picks the row
    1,
    {},
    PIECES_PER_SIDE,  # three pieces on the front, four on the back
    (5, 7),  # made up: the published figures' sizes are not public
    lattice="hex",
    templates=54,
)
"""Ubongo Extreme's cards (Kosmos 2007): 54 double-sided, a row per colour (docs/EDITIONS.md)."""
TRIGO = Edition(
    "trigo",
    None,  # the shapes are not public: a pieces file of triangles
    ("1",),  # the card itself names the pieces: one row a side
    1,
    {},
    {"easy": 4, "hard": 5},  # made up: the pieces per problem are not public
    (4, 14),  # made up; two regions side by side, a column of triangles apart
    lattice="tri",
    regions=2,
    templates=32,
)
"""Ubongo Trigo's cards (Kosmos): 32 double-sided, a figure of two regions both to be filled,
the pieces named on the card (docs/EDITIONS.md)."""
EDITIONS = {e.name: e for e in (ORIGINAL, UBONGO_3D, EXTREME, TRIGO)}


def edition_of(pieces_name: str | None, lattice: str) -> Edition | None:
    """The edition whose box a set with these pieces (a bundled set's name, or None for pieces
    of the set's own on ``lattice``) would be: the original for squares, Ubongo 3D for its
    blocks, Extreme for hexagons, Trigo for triangles; None when no edition plays them."""
    if pieces_name is None:
        return next(
            (e for e in EDITIONS.values() if e.pieces is None and e.lattice == lattice), None
        )
    return next((e for e in EDITIONS.values() if e.pieces == pieces_name), None)
