"""Text and JSON as every part of the package writes them: safe for a terminal, for UTF-8 and
for JSON Lines readers. It lives in scoring, the package that imports nothing of ours, so that
the solver's, the API's and the command line's output can share it; and apart from the scorers'
types, so that a command's start does not load them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

_UNPRINTABLE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


class BadLine(str):
    """A line of a file that could not be taken, in place of its text, which says why (``not
    UTF-8 text``, a line too long): the reader yields it and the line's consumer makes it that
    line's problem, so one bad line spoils only itself."""


def printable(text: str) -> str:
    """``text`` safe for a terminal: control and bidi characters shown as ``\\xNN`` escapes.

    Records and set files come from strangers: a name must not move the cursor, set the window
    title or forge a table row of its own. The CLI uses this for every message too, so it lives
    here, in the package that imports nothing of ours.

    >>> printable("Ann\x1b[2J\\nBob")
    'Ann\\\\x1b[2J\\\\nBob'
    """
    return _UNPRINTABLE.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 10:
        return "\\n"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def json_text(document: Any, indent: int | None = None) -> str:
    """JSON text that UTF-8 can always carry: a lone surrogate (``"\\udcff"`` in a file is
    valid JSON) stays escaped, so that printing it can never fail."""
    encoder = _COMPACT if indent is None else json.JSONEncoder(ensure_ascii=False, indent=indent)
    text = encoder.encode(document)
    if text.isascii():  # the usual case, and a scan 50 times cheaper than the pattern's
        return text
    return escape_surrogates(text)


def json_line(document: Any) -> str:
    """One JSON Lines record: compact, and with U+2028/U+2029 escaped so that no reader that
    splits on every line break (as Python's ``str.splitlines`` does) cuts a record in two."""
    return line_safe(_COMPACT.encode(document))


def line_safe(text: str) -> str:
    """Compact JSON text made a JSON Lines record as ``json_line`` makes it: lone surrogates,
    U+2028 and U+2029 escaped (for a document's text assembled from parts)."""
    if text.isascii():  # the usual case, and a scan 50 times cheaper than the patterns'
        return text
    text = escape_surrogates(text)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_surrogates(text: str) -> str:
    """``text`` with each lone surrogate (which UTF-8 cannot carry) as its ``\\uXXXX`` escape."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def quote(text: str) -> str:
    """The JSON string of ``text`` exactly as ``json_text`` writes it inside a document: for
    one-pass writers that assemble a document's text from parts."""
    return _QUOTE(text)


def quote_list(items: list[Any]) -> str:
    """The JSON text of a list exactly as ``json_text`` writes it inside a document."""
    return _COMPACT.encode(items)


_QUOTE: Callable[[str], str] = json.encoder.encode_basestring
# the encoder's own quoting (ensure_ascii=False), in C

_COMPACT = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""Made once: ``json.dumps`` with any non-default option builds a new encoder on every call,
which cost a tenth of writing a line of ``score --jsonl``. No check for circular references:
our documents are trees (read from JSON or built fresh), and the check keeps a dict of every
object written: 62 against 52 µs a four-player Ubongo result line (best of 3 interleaved runs)."""
