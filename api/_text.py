"""How results say things: one word per count, as the commands print it."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    """``1 tiling``, ``2 tilings``: a count that reads as English.

    >>> plural(1, "tiling"), plural(3, "tiling")
    ('1 tiling', '3 tilings')
    """
    return f"{n} {word if n == 1 else word + 's'}"
