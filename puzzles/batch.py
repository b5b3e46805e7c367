"""Batch files: JSON Lines of ``{"id", "figure", "pieces"}``, one puzzle per line."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ubongo.puzzles.decoding import MAX_DEPTH, decode_json
from ubongo.puzzles.problems import Place, Problem, PuzzleFormatError, SetProblems, unknown_keys
from ubongo.puzzles.reading import Reader
from ubongo.solver.pieces import STANDARD, PieceSet
from ubongo.solver.puzzle import Puzzle


@dataclass(frozen=True)
class BatchItem:
    """One line of a batch file."""

    id: str
    line: int
    puzzle: Puzzle


def parse_batch_line(
    text: str,
    line: int,
    source: str,
    pieces: PieceSet = STANDARD,
    reader: BatchReader | None = None,
) -> BatchItem:
    """One ``{"id", "figure", "pieces"}`` JSON Lines record; its problems all in one line.

    A ``reader`` from :func:`batch_reader` carries figures and combinations from line to line.
    """
    obj = _batch_json(text, line, source)
    found: list[Problem] = []
    at = Place(found, source, line=line)
    if not at.check(isinstance(obj, Mapping), "", 'expected an object {"id", "figure", "pieces"}'):
        raise SetProblems(source, found)
    unknown_keys(obj, BATCH_KEYS, at)
    reader = reader if reader is not None and reader.pieces is pieces else batch_reader(pieces)
    figure = reader.figure(obj.get("figure"), at)
    names = reader.combo(obj.get("pieces"), at, "pieces", None)
    if figure is None or names is None or found:
        raise SetProblems(source, found, sep="; also ")  # one line per batch line
    pid = obj.get("id", str(line))
    return BatchItem(str(pid), line, Puzzle(figure, tuple(pieces[n] for n in names)))


BatchReader = Reader
_K = TypeVar("_K")
_V = TypeVar("_V")


class _Recent(OrderedDict[_K, _V]):
    """A dict that keeps only its ``size`` most recently used entries (an LRU cache)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get(self, key: _K, default: Any = None) -> Any:
        """The value of ``key`` (now the most recently used), or ``default``."""
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: _K, value: _V) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            self.popitem(last=False)


BATCH_CACHE = 1024
"""Figures and combinations a batch reader keeps: a set's puzzles repeat each figure six
times and a batch is often in set order, while a million-line file must not grow memory."""


def batch_reader(pieces: PieceSet = STANDARD, size: int = BATCH_CACHE) -> BatchReader:
    """A reader for the lines of one batch: each distinct figure and combination is parsed
    and checked once while it is among the ``size`` most recently seen."""
    reader = Reader(pieces, None)
    reader._figures = _Recent(size)
    reader._combos = _Recent(size)
    return reader


BATCH_KEYS = ("id", "figure", "pieces")


def _batch_json(text: str, line: int, source: str) -> Any:
    """A batch line's JSON; a syntax error names the column."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        # no deeper than it has brackets: the nesting scan, a second pass over every line, is
        # only needed past MAX_DEPTH brackets; a bad line is decoded again to name the error
        try:
            return json.loads(text)
        except ValueError:
            pass
    try:
        return decode_json(text, source)
    except PuzzleFormatError as e:  # its "line 1" is this batch line
        where = e.where.replace("line 1", f"line {line}", 1) if e.where else f"line {line}"
        raise PuzzleFormatError(source, where, e.what) from None


def read_batch(
    text: str, source: str, pieces: PieceSet = STANDARD
) -> Iterator[BatchItem | PuzzleFormatError]:
    """Each non-blank line as a BatchItem, or the error that line raises (the rest go on).

    Lines end at ``\n`` only: a U+2028 inside a JSON string belongs to its line."""
    for i, ln in enumerate(text.split("\n"), 1):
        if ln.strip():
            try:
                yield parse_batch_line(ln, i, source, pieces)
            except PuzzleFormatError as e:
                yield e
