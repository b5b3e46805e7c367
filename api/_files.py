"""The one reader of the user's files, for the command line and the Python API alike.

A library that takes ``ubongo.load_set("my-set.json")`` must read that file; so that it reads
it exactly as ``ubongo verify my-set.json`` does (size cap, UTF-8 with an optional byte-order
mark, the same one-line errors), the reader lives here, in the API's layer, and ``cli._common``
turns its errors into the command's exit 1. Nothing below the API reads a user's file, and
nothing here writes one (tests/test_layers.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from ubongo.scoring.text import BadLine, printable
from ubongo.solver.errors import UbongoError

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The largest file any command reads whole (a complete set is about 100 kB), and the longest
line of any file it reads line by line."""
MAX_RECORD = 1 << 20
"""The longest line of JSON Lines taken, in characters (a session record, a batch line): a
long Jambo record is some 20,000. A worker's block of lines holds at most this much text too,
so memory is bounded by it, not by the longest line of a file."""


class FileError(UbongoError):
    """A user's file that cannot be read as text: which file, and what went wrong."""

    def __init__(self, path: str, what: str) -> None:
        super().__init__(f"{path}: {what}")
        self.path = path
        self.what = what


def read_bytes(path: str) -> bytes:
    """The bytes of a user's file, or of stdin for ``-``; a FileError names what went wrong."""
    usable(path)
    data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1) if path == "-" else _read_file(path)
    if len(data) > MAX_INPUT_BYTES:
        raise FileError(display(path), f"larger than {MAX_INPUT_BYTES >> 20} MiB; refused")
    return data


def _read_file(path: str) -> bytes:
    if os.path.isdir(path):
        raise FileError(path, "is a folder, not a file")
    try:
        with open(path, "rb") as fh:
            return fh.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise FileError(path, f"cannot read: {e.strerror or e}") from None


def read_text(path: str) -> str:
    """A user's text file as a str (UTF-8, a leading byte-order mark allowed)."""
    return decode(read_bytes(path), display(path))


def decode(data: bytes, name: str) -> str:
    """UTF-8 bytes as text; the error names the line of the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise FileError(name, f"line {line}: not UTF-8 text (byte {e.start})") from None


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """Each line of a file (or stdin) as it is read, numbered from 1: its text, or a BadLine
    saying why not (not UTF-8, longer than MAX_INPUT_BYTES). Memory stays flat however long
    the file; a FileError (when the first line is asked for) when it cannot be opened.

    Lines end at ``\n`` only (a U+2028 inside a JSON string is part of its line), a leading
    byte-order mark is dropped, and a bad line spoils only itself.
    """
    usable(path)
    if path == "-":
        yield from _lines(sys.stdin.buffer)
        return
    if os.path.isdir(path):
        raise FileError(path, "is a folder, not a file")
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below, after the caller is done
    except OSError as e:
        raise FileError(path, f"cannot read: {e.strerror or e}") from None
    with fh:
        yield from _lines(fh)


CHUNK = 1 << 16
"""Bytes ``read_lines`` takes from a file at once, then splits into lines: one ``readline``
a line cost as much as the rest of reading it."""
BOM = b"\xef\xbb\xbf"


def _lines(fh: BinaryIO) -> Iterator[tuple[int, str]]:
    number = 0
    head = b""  # the start of the line whose end is not read yet
    dropping = False  # that line is longer than MAX_INPUT_BYTES: read to its end, not kept
    # read1: what a pipe has, without waiting for a whole chunk (a producer may wait for answers)
    read = getattr(fh, "read1", fh.read)
    while chunk := read(CHUNK):
        parts = chunk.split(b"\n")
        if dropping:
            if len(parts) == 1:
                continue
            number += 1
            yield number, _too_long()
            dropping = False
            del parts[0]  # the end of the long line, told above
        elif head:
            parts[0] = head + parts[0]
        head = parts.pop()
        for raw in parts:
            number += 1
            yield number, _too_long() if len(raw) > MAX_INPUT_BYTES else _text(raw, number)
        if len(head) > MAX_INPUT_BYTES:
            head, dropping = b"", True
    if dropping:
        yield number + 1, _too_long()
    elif head and not (number == 0 and head == BOM):  # a byte-order mark alone: no line
        yield number + 1, _text(head, number + 1)


def _text(raw: bytes, number: int) -> str:
    """A line's text (without its ``\r``, line 1 without a byte-order mark), or a BadLine."""
    line = raw.removeprefix(BOM) if number == 1 else raw
    try:
        return line.removesuffix(b"\r").decode("utf-8")
    except UnicodeDecodeError:
        return BadLine("not UTF-8 text")


def _too_long() -> BadLine:
    return BadLine(f"a line longer than {MAX_INPUT_BYTES >> 20} MiB; refused")


def records(lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """JSON Lines as ``read_lines`` gives them, a line longer than MAX_RECORD as a BadLine."""
    for number, text in lines:
        if len(text) > MAX_RECORD and not isinstance(text, BadLine):
            text = BadLine(f"a record longer than {MAX_RECORD:,} characters; refused")
        yield number, text


def usable(path: str) -> None:
    """A FileError for a path no system call takes (a NUL byte; only an in-process caller,
    never a shell, can pass one), where the OS would raise ValueError rather than OSError."""
    if "\x00" in path:
        raise FileError(printable(repr(path)), "a file name cannot hold a NUL byte")


def display(path: str) -> str:
    """The name a file goes by in messages: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path
