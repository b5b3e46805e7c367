"""Bit helpers for Masks, in the style of python-chess: tiny functions named for what they do.

Glossary
    Mask   int; bit i set means cell (or piece) i is in the set.
    Low    the lowest set bit of a Mask, as a Mask: ``m & -m``.

They serve the code that runs once per puzzle (compiling, triage, decoding); the innermost
search loops keep ``rem & -rem`` inline, since a call there costs more than the step itself.
"""

from __future__ import annotations

from collections.abc import Iterator

Mask = int


def lsb(mask: Mask) -> Mask:
    """The lowest set bit of ``mask`` as a Mask (0 for 0).

    >>> lsb(0b10100)
    4
    """
    return mask & -mask


def scan_forward(mask: Mask) -> Iterator[Mask]:
    """The set bits of ``mask`` as single-bit Masks, lowest first.

    >>> list(scan_forward(0b10110))
    [2, 4, 16]
    """
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def bit_index(bit: Mask) -> int:
    """The index of a single-bit Mask: ``bit_index(1 << i) == i``."""
    return bit.bit_length() - 1


def popcount(mask: Mask) -> int:
    """Number of set bits."""
    return mask.bit_count()
