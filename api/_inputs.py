"""What the API takes, in the command line's vocabulary, made into the library's objects.

A figure is text (rows joined by ``/`` or newlines), a list of rows, a Figure or a figure file;
pieces are names or code letters in any case (a list, or one string such as ``"I2 I4 P5"``); a
set is a bundled set's name, a path, or a PuzzleSet; a combination is ``("07", "hard", 3)``
or ``"07 hard 3"``. Files are read by the one reader (``ubongo._files``), so a path given here
reads exactly as it does on the command line, errors and all.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, TypeAlias, Union

from ubongo import _files
from ubongo.solver.errors import UbongoError, UnknownName, suggestion
from ubongo.solver.lattice import SQUARE, Lattice
from ubongo.solver.pieces import STANDARD, PieceSet

if TYPE_CHECKING:
    from ubongo.puzzles import Combination, PuzzleSet
    from ubongo.solver.figure import Figure
    from ubongo.solver.puzzle import Puzzle

FigureLike: TypeAlias = Union[str, Sequence[str], "Figure", "os.PathLike[str]"]
"""``".##./####"``, ``[".##.", "####"]``, a Figure, or the path of a figure file."""
PiecesLike: TypeAlias = str | Iterable[str]
"""``["I2", "I4", "P5"]``, ``"I2 I4 P5"`` or ``"A F H"``: names or code letters, any case."""
SetLike: TypeAlias = Union[str, "os.PathLike[str]", "PuzzleSet", None]
"""A bundled set's name (``"standard"``), a set file's path, ``"-"`` (stdin) or a PuzzleSet;
None is the bundled standard set."""
PieceSetLike: TypeAlias = Union[str, "os.PathLike[str]", PieceSet, "PuzzleSet", None]
"""The pieces of a set (as SetLike) or of a pieces file; None is the 12 Ubongo pieces."""
AddressLike: TypeAlias = str | Sequence[str | int]
"""A combination as the game names it: ``("07", "hard", 3)`` or ``"07 hard 3"``."""

_INLINE = re.compile(r"[#. /\n\r]+")


class UsageError(UbongoError, ValueError):
    """Arguments that do not go together, or are missing (the command line's exit 2)."""


def set_of(given: SetLike) -> PuzzleSet:
    """SET: a PuzzleSet, a set file (``-`` for stdin), or a bundled set's name; None is the
    bundled standard set."""
    from ubongo.puzzles import PuzzleSet, bundled, bundled_names, decode_json, parse_set

    if given is None:
        return bundled()
    if isinstance(given, PuzzleSet):
        return given
    arg = os.fspath(given)
    if arg == "-" or os.path.exists(arg):
        name = _files.display(arg)
        return parse_set(decode_json(_files.read_text(arg), name), name)
    with suppress(UnknownName):  # read when bundled: listing the names costs more
        return bundled(arg)
    near = suggestion(arg, bundled_names())
    also = f"; did you mean the bundled set {near}?" if near else ""
    raise _files.FileError(arg, f"no such file, and no bundled set of that name{also}")


class NotYet(UbongoError):
    """What a command does not make on this lattice yet (one line, exit 1)."""

    def __init__(self, what: str, lattice: Lattice) -> None:
        cells = (
            lattice.cells if lattice.name == lattice.space else f"{lattice.name} {lattice.cells}"
        )
        super().__init__(
            f"{what} of {cells} are not made yet; verify, show, solve, analyze and hint take them"
        )


def squares_only(pieces: PieceSet, what: str) -> PieceSet:
    """The pieces, for what is made of squares only so far (``what``: "atlases"...); NotYet for
    blocks of cubes and the other lattices."""
    if pieces.lattice.space != "square":
        raise NotYet(what, pieces.lattice)
    return pieces


def atlas_pieces(pieces: PieceSet) -> PieceSet:
    """The pieces, for an atlas: of squares, hexagons or triangles turned over, or blocks of
    cubes (the lattices of ``puzzles.atlas.query.LATTICES``); NotYet for one-sided squares."""
    from ubongo.puzzles.atlas.query import LATTICES

    if LATTICES.get(pieces.lattice.name) is not pieces.lattice:
        raise NotYet("atlases", pieces.lattice)
    return pieces


def drawn_set_of(given: SetLike, what: str, spaces: tuple[str, ...] | None = None) -> PuzzleSet:
    """``set_of`` for what draws a set (``what``: "web pages"...) on the kinds of cell
    ``spaces`` (default ``DRAWN``); NotYet on another."""
    ps = set_of(given)
    drawn_only(ps.pieces, f"{ps.name}: {what}", spaces)
    return ps


def drawn_only(pieces: PieceSet, what: str, spaces: tuple[str, ...] | None = None) -> PieceSet:
    """The pieces, for what is drawn on the kinds of cell ``spaces`` only so far (default
    ``DRAWN``; ``what``: "generated sets"...); NotYet on another lattice."""
    if pieces.lattice.space not in (DRAWN if spaces is None else spaces):
        raise NotYet(what, pieces.lattice)
    return pieces


DRAWN = ("square", "cube")
"""The kinds of cell the web page and the generator make sets of."""
PRINTED = ("square", "cube", "hex", "tri")
"""The kinds of cell cards (SVG and PDF) draw."""


def pieces_of(given: PieceSetLike) -> PieceSet:
    """The pieces of ``--pieces SET``: a bundled piece set (``ubongo-3d``, ``soma``...), a
    set's own pieces, a pieces file, else the 12 pieces."""
    if given is None:
        return STANDARD
    if isinstance(given, PieceSet):
        return given
    from ubongo.puzzles import (  # here: most calls end above
        PuzzleSet,
        bundled_names,
        bundled_piece_names,
        bundled_pieces,
        decode_json,
        parse_pieces,
    )

    if isinstance(given, PuzzleSet):
        return given.pieces
    arg = os.fspath(given)
    if arg != "-" and not os.path.exists(arg):
        with suppress(UnknownName):  # read when bundled: listing the names costs more
            return bundled_pieces(arg)
        if arg not in bundled_names():
            near = suggestion(arg, bundled_piece_names() + bundled_names())
            also = f"; did you mean {near}?" if near else ""
            raise _files.FileError(
                arg, f"no such file, and no bundled piece set or set of that name{also}"
            )
        return set_of(arg).pieces
    name = _files.display(arg)
    return parse_pieces(decode_json(_files.read_text(arg), name), name)


def figure_of(
    given: FigureLike, *, height: int | None = None, lattice: Lattice | None = None
) -> Figure:
    """FIGURE: a Figure, rows, inline text (``'##./.##'``, or rows on lines; layers of cubes
    joined by ``|``), or a file (an ubongo-utils problem file gives the figure above its
    combinations). ``height`` stacks a footprint that many layers of cubes high; ``lattice``
    is the pieces' (a figure of one layer is then of their cells)."""
    from ubongo.solver.figure import Figure, parse_figure  # here: a batch's start never needs it

    if isinstance(given, Figure):
        return given
    if isinstance(given, str) and is_inline(given):
        return parse_figure(given, height=height, lattice=lattice)
    if isinstance(given, str | os.PathLike):
        return _figure_file(os.fspath(given), height, lattice)
    if isinstance(given, Sequence):
        return parse_figure(list(given), height=height, lattice=lattice)
    raise TypeError(f"a figure is text, rows or a Figure, not {type(given).__name__}")


def is_inline(text: str) -> bool:
    """Whether a FIGURE is inline rows rather than a file: only ``#./``, spaces and line
    breaks, or a ``#`` and no such file."""
    return bool(_INLINE.fullmatch(text)) or "#" in text and not os.path.isfile(text)


def _figure_file(path: str, height: int | None, lattice: Lattice | None) -> Figure:
    """The figure of a figure file or an ubongo-utils problem file, named in any error."""
    from ubongo.puzzles.ubongo_utils import problem_figure

    if path != "-" and not os.path.exists(path):
        raise _files.FileError(path, "no such file, and not inline rows such as '##./.##'")
    text = _files.read_text(path)
    try:
        return problem_figure(text, height=height, lattice=lattice)
    except UbongoError as e:
        raise _files.FileError(_files.display(path), str(e)) from None


def piece_names(given: PiecesLike) -> tuple[str, ...]:
    """The tokens of PIECE...: a list as it is, one string split at spaces and commas."""
    if isinstance(given, str):
        return tuple(t for t in re.split(r"[\s,]+", given) if t)
    return tuple(given)


def address(given: object) -> tuple[str, str, str] | None:
    """``(TEMPLATE, SIDE, FACE)`` when ``given`` names a combination: ``("07", "hard", 3)``,
    ``"07 hard 3"`` or the command line's three words; a misspelt side too, so the error can
    say "did you mean hard?", unless the first word is a figure (``'##/##' hrad 3`` are a
    FIGURE and PIECES); else None. The one reader of ``TEMPLATE SIDE FACE``: the CLI asks it."""
    if isinstance(given, str):
        if is_inline(given) or "/" in given:
            return None
        parts: Sequence[object] = given.split()
    elif isinstance(given, Sequence):
        parts = given
        if not all(isinstance(p, str | int) and not isinstance(p, bool) for p in parts):
            return None
    else:
        return None
    if len(parts) != 3:
        return None
    from ubongo.puzzles.game import SIDES  # here: a batch, which never asks, never loads it

    template, side, face = (str(p) for p in parts)
    if side.casefold() not in SIDES and (_is_figure(template) or suggestion(side, SIDES) is None):
        return None
    return template, side, face


def _is_figure(word: str) -> bool:
    """Whether a word is a FIGURE: inline rows, a file, or ``-``."""
    return word == "-" or is_inline(word) or os.path.exists(word)


def combination(where: AddressLike, given: SetLike = None) -> Combination:
    """The combination ``TEMPLATE SIDE FACE`` of a set (default: the bundled standard set)."""
    found = address(where)
    if found is None:
        raise UsageError(f"expected TEMPLATE SIDE FACE such as ('07', 'hard', 3), not {where!r}")
    return set_of(given).combination(*found)


def puzzle(
    what: FigureLike | AddressLike | Puzzle,
    pieces: PiecesLike | None = None,
    *,
    set: SetLike = None,
    piece_set: PieceSetLike = None,
    height: int | None = None,
) -> tuple[Puzzle, PieceSet]:
    """The puzzle of ``FIGURE PIECE...`` or of ``TEMPLATE SIDE FACE`` (of ``set``), and the
    pieces that draw it; ``height`` stacks FIGURE's footprint that many layers of cubes."""
    from ubongo.solver.puzzle import Puzzle  # here, as in figure_of

    if isinstance(what, Puzzle):
        return what, _drawing_pieces(what, pieces_of(piece_set))
    where = address(what) if pieces is None else None
    if where is not None or set is not None:
        if where is None:
            raise UsageError("with a set, give TEMPLATE SIDE FACE, e.g. ('07', 'hard', 3)")
        if piece_set is not None:
            raise UsageError("piece_set= goes with FIGURE and PIECES; a set has its own pieces")
        chosen = set_of(set)
        return chosen.combination(*where).puzzle, chosen.pieces
    if pieces is None:
        raise UsageError("give FIGURE and PIECES, or TEMPLATE SIDE FACE such as '07 hard 3'")
    names = piece_names(pieces)
    if not names:
        raise UsageError("give at least one piece, e.g. ['I2', 'I4', 'P5']")
    ps = pieces_of(piece_set)
    figure = figure_of(what, height=height, lattice=lattice_for(ps))  # type: ignore[arg-type]
    if figure.lattice.space != ps.lattice.space:
        from ubongo.puzzles import bundled_piece_names

        raise UsageError(
            f"a figure of {figure.lattice.cells} takes pieces of {figure.lattice.cells}, and "
            f"these are of {ps.lattice.cells}: give --pieces (piece_set=) one of "
            f"{', '.join(bundled_piece_names())}, or a pieces file"
        )
    return Puzzle(figure, ps.resolve(names)), ps


def lattice_for(ps: PieceSet) -> Lattice | None:
    """What a FIGURE is read on for these pieces: None (squares, or layers if it has them)
    for the 12 pieces, else their lattice."""
    return None if ps.lattice is SQUARE else ps.lattice


def _drawing_pieces(p: Puzzle, ps: PieceSet) -> PieceSet:
    """``ps`` when it holds the puzzle's pieces (same names, codes and shapes), else a piece
    set of the puzzle's own."""
    known = {piece.name: piece for piece in ps.values()}
    if all(
        (mine := known.get(piece.name)) == piece and mine is not None and mine.shape == piece.shape
        for piece in p.pieces
    ):
        return ps
    return PieceSet(dict.fromkeys(p.pieces))
