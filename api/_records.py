"""Session files read as ``ubongo score`` reads them, for the command and ``ubongo.score`` alike.

A file holds one JSON document (a record or an array of them) or JSON Lines (a record per
line). JSON Lines are streamed, so memory stays flat however long the file, and scored in
blocks, on an executor's workers when one is given, in file order; a record is named
``FILE:LINE`` in its problems. Files are read by the one reader (``ubongo._files``).
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

from ubongo import _files
from ubongo.scoring.records import Entry, Problem, entries, evaluate, line_entries
from ubongo.scoring.text import BadLine

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from ubongo.scoring.records import Catalog, Outcome
    from ubongo.scoring.report import Lines


def file_outcomes(
    path: str,
    game: str | None = None,
    catalog: Catalog | None = None,
    executor: Executor | None = None,
    workers: int = 1,
) -> Iterator[Outcome]:
    """The outcome of each record of a session file kept for ``game`` (every game's when
    None), in file order; a FileError, when the first is asked for, if the file cannot be read.
    ``workers`` is the executor's number of processes."""
    from ubongo.scoring.report import block_outcomes

    return _scored(path, game, catalog, executor, workers, block_outcomes, evaluate, OUTCOMES_BLOCK)


def file_lines(
    path: str,
    game: str | None = None,
    catalog: Catalog | None = None,
    executor: Executor | None = None,
    workers: int = 1,
) -> Iterator[Lines]:
    """As ``file_outcomes``, each record's ``--jsonl`` line instead, a block at a time."""
    from ubongo.scoring.report import block_lines, record_lines

    return _scored(path, game, catalog, executor, workers, block_lines, record_lines, LINES_BLOCK)


def _scored(
    path: str,
    game: str | None,
    catalog: Catalog | None,
    executor: Executor | None,
    workers: int,
    block: Callable[..., list[_S]],
    one: Callable[[Entry, str | None, Catalog | None], _S | None],
    size: int,
) -> Iterator[_S]:
    """What ``one`` makes of each kept record (``block`` of a block of JSON Lines)."""
    lines = _files.read_lines(path)
    head = _head(lines)  # opens the file: a missing one fails here, before any result
    name = _files.display(path)
    numbered, whole = _split(name, head, lines)
    if numbered is None:
        for entry in whole:
            made = one(entry, game, catalog)
            if made is not None:
                yield made
        return
    task = functools.partial(block, name, game=game, catalog=catalog)
    for made_block in _in_turn(_blocks(numbered, size), task, executor, workers, name):
        yield from made_block


Block = list[tuple[int, str]]
"""Numbered lines of a JSON Lines file, as ``ubongo._files.read_lines`` gives them."""
LINES_BLOCK = 1000
"""Lines a worker scores at a time for ``--jsonl``: large enough that sending them costs
little, small enough that memory stays flat (2 blocks per worker are in flight)."""
OUTCOMES_BLOCK = 100
"""Lines a worker scores at a time for the other outputs: their outcomes come back as
objects, ten times the size of their text, and this process renders them (the slower side),
so finished blocks wait; with 1,000 the main process grew from 52 to 115 MB on 19,200
Ubongo sessions with --csv -j 2."""

_S = TypeVar("_S", "Outcome", "Lines")


def _blocks(numbered: Iterable[tuple[int, str]], size: int) -> Iterator[Block]:
    """The lines in blocks of ``size`` lines holding at most MAX_RECORD characters past their
    first line (a record longer than that is refused as its line's problem), so a block's
    memory is bounded however long the records."""
    block: Block = []
    held = 0
    for number, text in _files.records(numbered):
        if block and (len(block) == size or held + len(text) > _files.MAX_RECORD):
            yield block
            block, held = [], 0
        block.append((number, text))
        held += len(text)
    if block:
        yield block


def _in_turn(
    blocks: Iterator[Block],
    task: Callable[[Block], list[_S]],
    pool: Executor | None,
    workers: int,
    name: str,
) -> Iterator[list[_S]]:
    """``task`` of each block, in order: in this process, or in the pool with 2 blocks per
    worker in flight. A file of at most POOL_FROM lines never waits for a pool to start. An
    error from the pool (a worker that died) notes where in file ``name`` scoring stopped."""
    ahead: list[Block] = []
    lines = held = 0
    for block in blocks:
        ahead.append(block)
        lines += len(block)
        held += sum(len(text) for _, text in block)
        if lines > POOL_FROM or held > POOL_TEXT:
            break
    if pool is None or lines <= POOL_FROM and held <= POOL_TEXT:
        yield from map(task, itertools.chain(ahead, blocks))
        return
    pending: collections.deque[tuple[int, Future[list[_S]]]] = collections.deque()
    block = ahead[0]
    try:
        for block in itertools.chain(ahead, blocks):
            pending.append((block[0][0], pool.submit(task, block)))
            if len(pending) > 2 * workers:
                yield pending[0][1].result()
                pending.popleft()
        while pending:
            yield pending[0][1].result()
            pending.popleft()
    except Exception as error:
        first = pending[0][0] if pending else block[0][0]  # the first line not scored
        error.add_note(f"{name} from line {first} on was not scored")
        raise
    finally:
        for _, future in pending:
            future.cancel()


POOL_FROM = 1000
"""Lines a file must pass before its blocks go to the pool: starting one costs more than
scoring a game night."""
POOL_TEXT = 4 * _files.MAX_RECORD
"""Characters of text that start the pool however few the lines: what waits for it is bounded."""


def _head(lines: Iterator[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines up to and including the first that is not blank (or a bad one)."""
    head = []
    for number, text in lines:
        head.append((number, text))
        if text.strip():
            break
    return head


def _split(
    name: str, head: list[tuple[int, str]], rest: Iterator[tuple[int, str]]
) -> tuple[Iterator[tuple[int, str]] | None, Iterator[Entry]]:
    """JSON Lines, streamed (their numbered lines, no entries), when the first record stands
    alone on its line; else (None, the entries of the whole file as one JSON document, an
    object or an array, or of JSON Lines read whole)."""
    first = head[-1][1] if head else None
    if first is not None and not isinstance(first, BadLine) and _is_object(first):
        second = _head(rest)
        if not second or not second[-1][1].strip():
            return None, iter((Entry(name, json.loads(first)),))  # a file holding one object
        return _records(itertools.chain(head, second, rest)), iter(())
    return None, _whole(name, head, rest)


def _records(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """JSON Lines with a record typed over several lines (pretty-printed, after compact ones)
    as one item at its first line: a line that opens a document (``{`` or ``[`` first) and
    does not close it takes the lines after it, up to the next line that starts a document
    at its first column, as a file read whole does. Past GROUP_LINES the lines go on one by
    one, each its own problem; past MAX_RECORD characters the record is one problem at its
    first line and its other lines are dropped with it (memory stays flat either way)."""
    group: list[tuple[int, str]] = []
    size = 0
    dropping = False  # the rest of a record refused as too long
    for number, text in lines:
        bad = isinstance(text, BadLine)
        starts = not bad and text[:1] in _OPENERS
        if (group or dropping) and (starts or bad or len(group) >= GROUP_LINES):
            yield from _grouped(group)
            group, size, dropping = [], 0, False
        if dropping:
            continue
        if group:
            size += len(text) + 1
            if size > _files.MAX_RECORD:
                yield (
                    group[0][0],
                    BadLine(f"a record longer than {_files.MAX_RECORD:,} characters; refused"),
                )
                group, dropping = [], True
                continue
            group.append((number, text))
        elif not bad and _opens(text):
            group, size = [(number, text)], len(text)
        else:
            yield number, text
    yield from _grouped(group)


GROUP_LINES = 10_000
"""Lines one record typed over several lines may take in a JSON Lines file."""
_OPENERS = ("{", "[")
_CLOSERS = ("}", "]")


def _opens(line: str) -> bool:
    """Whether a line opens a JSON document that it does not close (cheaply: a compact
    record ends on its line with its closing bracket)."""
    if line.endswith(_CLOSERS):  # the usual compact line, without copying it
        return False
    text = line.strip()
    return text[:1] in _OPENERS and not text.endswith(_CLOSERS)


def _grouped(group: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """A record's lines as one item at its first line (the lines alone, one by one, when they
    were cut short at GROUP_LINES)."""
    if not group:
        return
    if len(group) >= GROUP_LINES:
        yield from group
        return
    yield group[0][0], "\n".join(text for _, text in group)


def _whole(
    name: str, head: list[tuple[int, str]], rest: Iterator[tuple[int, str]]
) -> Iterator[Entry]:
    """The entries of a file read whole: one JSON document, or JSON Lines whose first record
    does not stand alone on its line. A FileError past MAX_INPUT_BYTES, before it is held."""
    lines = _at_most(name, itertools.chain(head, rest))
    bad = next(((n, t) for n, t in lines if isinstance(t, BadLine)), None)
    if bad is None:
        yield from entries("\n".join(t for _, t in lines), name)
    elif sum(1 for _, t in lines if t.strip()) > 1 and any(
        not isinstance(t, BadLine) and _is_object(t) for _, t in lines
    ):
        yield from line_entries(lines, name)  # JSON Lines: a bad line spoils only itself
    else:
        yield Entry(name, problem=Problem(f"{name}:{bad[0]}", "", bad[1]))


def _at_most(name: str, lines: Iterable[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines, or a FileError once they pass MAX_INPUT_BYTES (a 263 MB array took 2.8 GB)."""
    kept, size = [], 0
    for number, text in lines:
        size += len(text.encode("utf-8", "surrogatepass")) + 1
        if size > _files.MAX_INPUT_BYTES + 1:  # the last line has no end of line to count
            raise _files.FileError(name, f"larger than {_files.MAX_INPUT_BYTES >> 20} MiB; refused")
        kept.append((number, text))
    return kept


def _is_object(line: str) -> bool:
    """Whether one line holds a whole JSON object."""
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False
