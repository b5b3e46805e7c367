"""``ubongo hint``: a nudge, one piece or a whole solution, also from a half-filled board."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from ubongo.cli import _complete
from ubongo.cli._common import (
    Clock,
    Failure,
    display,
    emit_json,
    height_option,
    is_address,
    json_option,
    piece_set,
    pieces_option,
    read_text,
    reported,
    set_option,
    show_picture,
    take_puzzle,
    timeout_option,
)

if TYPE_CHECKING:
    from ubongo.solver.pieces import PieceSet
    from ubongo.solver.puzzle import Puzzle


@click.command()
@click.argument(
    "args",
    nargs=-1,
    metavar="FIGURE PIECE... | TEMPLATE SIDE FACE",
    shell_complete=_complete.address,
)
@set_option
@pieces_option
@height_option
@click.option(
    "--board",
    metavar="FILE",
    shell_complete=_complete.files,
    help="The board so far (- for stdin): placed pieces in their letters, '#' on empty "
    "cells, '.' outside.",
)
@click.option(
    "--level",
    type=click.IntRange(1, 3),
    default=1,
    show_default=True,
    help="1: which piece to place and roughly where; 2: its exact place, drawn; 3: a solution.",
)
@json_option
@timeout_option()
@reported
def hint(
    args: tuple[str, ...],
    set_arg: str | None,
    pieces_set: str | None,
    height: int | None,
    board: str | None,
    level: int,
    as_json: bool,
    timeout: float,
) -> None:
    """Give a nudge towards a solution, from scratch or from a half-filled board.

    The hint is a placement found in every solution when there is one, else the piece with
    the fewest possible places. A board that cannot be completed is reported with the
    fewest pieces to take back; the hint then continues without them. FIGURE may be left
    out when --board is a file: the board's cells are the figure.

    \b
    Examples:
      ubongo hint 07 hard 3
      ubongo hint --set sample 01 hard 3 --level 2
      ubongo hint '.##./####/####/.#..' I2 I4 P5
      printf '.FFFF\\n#####\\n####.\\n.##..\\n' > board.txt
      ubongo hint --board board.txt I2 I4 S4 Y5 --level 2 --json
      printf '.FFFF\\n#####\\n####.\\n.##..\\n' | ubongo hint --board - I2 I4 S4 Y5
      ubongo hint --pieces ubongo-3d '####/###.' A C D --height 2 --level 2

    The board: the figure .####/#####/####./.##.. with I4 (letter F) on the top row. A board
    of cubes gives its layers from the bottom up, a line -- between two.
    """
    from ubongo import hint as make_hint

    clock = Clock(timeout)
    text = read_text(board) if board is not None else None
    with _named(board):
        puzzle, pieces = _puzzle(args, set_arg, pieces_set, board, text, height)
        h = make_hint(puzzle, board=text, level=level, piece_set=pieces, timeout=clock.left)
    if as_json:
        emit_json(h.to_json())
        return
    click.echo(h.message())
    rows = h.picture()
    if rows is not None:
        show_picture(rows, pieces)


@contextmanager
def _named(board: str | None) -> Iterator[None]:
    """A board's error named by its file (``<stdin>`` for ``-``), as every reader's errors are."""
    from ubongo.solver.hints import BoardError

    try:
        yield
    except BoardError as error:
        if board is None:
            raise
        raise Failure(f"{display(board)}: {error.detail}") from None


def _puzzle(
    args: tuple[str, ...],
    set_arg: str | None,
    pieces_set: str | None,
    board: str | None,
    text: str | None,
    height: int | None,
) -> tuple[Puzzle, PieceSet]:
    """The puzzle of the arguments; with a board file and only PIECEs, the board's figure."""
    from ubongo.solver.hints import board_figure
    from ubongo.solver.puzzle import Puzzle

    if text is not None and set_arg is None and args and not is_address(args):
        if not _is_figure(args[0]):
            pieces = piece_set(pieces_set)
            return Puzzle(board_figure(text, pieces.lattice), pieces.resolve(args)), pieces
        if board == "-" and args[0] == "-":
            raise click.UsageError("FIGURE and --board cannot both be read from stdin")
    return take_puzzle(args, set_arg, pieces_set, height)


def _is_figure(arg: str) -> bool:
    """Whether an argument is a FIGURE (a file, ``-`` or inline rows) rather than a PIECE."""
    return arg == "-" or os.path.exists(arg) or "/" in arg or set(arg) <= set("#. ")


COMMANDS = [hint]
