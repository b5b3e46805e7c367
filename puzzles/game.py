"""The game's facts, each kept once: a template's two sides, the die, pieces per side.

Every other module (the set format, the generator's defaults, the command line's options and
help) refers to these names rather than repeating the values.
"""

from __future__ import annotations

SIDES = ("easy", "hard")
DEFAULT_DIE = ("1", "2", "3", "4", "5", "6")
PIECES_PER_SIDE = {"easy": 3, "hard": 4}
