"""JSON text decoded with its limits checked first, errors naming line and column."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

MAX_DEPTH = 64
"""Deeper JSON than any valid puzzle file (a set nests 5 levels) is refused before decoding."""


def decode_json(text: str, source: str) -> Any:
    """Decode JSON text; a syntax error names its line and column, limits are checked first."""
    from ubongo.puzzles.problems import PuzzleFormatError  # here: a batch reads MAX_DEPTH alone

    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise PuzzleFormatError(source, "", f"JSON nested {depth} deep; at most {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleFormatError(
            source, f"line {e.lineno}, column {e.colno}", f"invalid JSON: {e.msg}"
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise PuzzleFormatError(source, "", _LONG_NUMBER) from None


_LONG_NUMBER = f"invalid JSON: a number of more than {sys.get_int_max_str_digits()} digits"

_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def nesting(text: str) -> int:
    """How deep brackets nest in JSON text, outside strings (a cheap scan, no recursion)."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest
