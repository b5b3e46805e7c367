"""``ubongo solve``, ``ubongo analyze``, ``ubongo pieces``: a puzzle, a figure, the pieces."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from ubongo.cli import _complete
from ubongo.cli._common import (
    Clock,
    Failure,
    display,
    emit_json,
    engine_option,
    flat_pieces,
    height_option,
    is_address,
    is_figure_file,
    json_line,
    json_option,
    output_option,
    piece_set,
    pieces_option,
    plural,
    read_figure,
    read_lines,
    read_text,
    reported,
    set_option,
    show_picture,
    take_puzzle,
    time_limit_text,
    timeout_option,
    warn,
    write_atomic,
)
from ubongo.solver.lattice import SQUARE
from ubongo.solver.limits import AUTO_NODE_BUDGET, SMALL_PIECES

if TYPE_CHECKING:
    from ubongo import Answer
    from ubongo.puzzles import BatchItem, BatchReader
    from ubongo.puzzles.ubongo_utils import ProblemFile
    from ubongo.solver.engine import Verdict
    from ubongo.solver.pieces import Piece, PieceSet
    from ubongo.solver.puzzle import Puzzle, Solution


@click.command()
@pieces_option
@json_option
@reported
def pieces(pieces_set: str | None, as_json: bool) -> None:
    """Show the pieces: name, code letter, area, orientations, drawn.

    \b
    Examples:
      ubongo pieces
      ubongo pieces --pieces sample --json
      ubongo pieces --pieces ubongo-3d

    Blocks of cubes are drawn layer by layer, the bottom layer first, with a line -- between.
    """
    ps = piece_set(pieces_set)
    if as_json:
        emit_json([_piece_json(p, ps.lattice is not SQUARE) for p in ps.values()])
        return
    if ps.lattice is not SQUARE:
        click.echo(f"{plural(len(ps), 'piece')} on the {ps.lattice} lattice: {ps.lattice.summary}")
    for p in ps.values():
        click.echo(
            f"{p.name} ({p.code})  {plural(p.area, 'cell')}, "
            f"{plural(len(p.orientations), 'orientation')}" + (f", {p.colour}" if p.colour else "")
        )
        for row in p.rows():
            click.echo(f"  {row}")


def _piece_json(p: Piece, cells: bool) -> dict[str, Any]:
    """A piece in ``pieces --json``: with its lattice, cells and colour off squares."""
    out: dict[str, Any] = {
        "name": p.name,
        "code": p.code,
        "area": p.area,
        "orientations": len(p.orientations),
        "rows": [r.replace(p.code, "#") for r in p.rows()],
    }
    if cells:
        out |= {"lattice": p.lattice.name, "cells": sorted(map(list, p.shape)), "colour": p.colour}
    return out


@click.command()
@click.argument(
    "args",
    nargs=-1,
    metavar="FIGURE PIECE... | TEMPLATE SIDE FACE",
    shell_complete=_complete.address,
)
@click.option("--count", is_flag=True, help="Count every tiling.")
@click.option("--all", "show_all", is_flag=True, help="Print every tiling.")
@set_option
@pieces_option
@height_option
@click.option(
    "--node-budget",
    type=click.IntRange(min=1),
    default=AUTO_NODE_BUDGET,
    show_default=True,
    metavar="N",
    help="auto engine: nodes of bitboard search before moving to CP-SAT "
    f"(puzzles of more than {SMALL_PIECES} pieces).",
)
@click.option(
    "--batch",
    metavar="FILE.jsonl",
    shell_complete=_complete.files,
    help='Solve every {"id", "figure", "pieces"} line (- for stdin); JSON Lines out.',
)
@click.option("--picture", is_flag=True, help="Draw tilings in piece colours on a terminal.")
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    shell_complete=_complete.files,
    help="Also draw the tiling as SVG.",
)
@click.option(
    "--choose",
    type=click.IntRange(min=1),
    metavar="K",
    help="Which K of the PIECEs (default every piece) tile FIGURE, and in how many ways "
    "(exit 1 if none).",
)
@click.option(
    "--without",
    "without_pieces",
    multiple=True,
    metavar="PIECE",
    help="With --choose: leave PIECE out of the pieces to choose from; repeat for several.",
)
@json_option
@engine_option
@timeout_option()
@reported
def solve(
    args: tuple[str, ...],
    count: bool,
    show_all: bool,
    set_arg: str | None,
    pieces_set: str | None,
    height: int | None,
    node_budget: int,
    batch: str | None,
    picture: bool,
    svg_path: str | None,
    choose: int | None,
    without_pieces: tuple[str, ...],
    as_json: bool,
    engine: str,
    timeout: float,
) -> None:
    """Solve a puzzle: print a tiling in piece letters (exit 1 if none).

    FIGURE is a file, - for stdin, or inline rows joined by / ('#' cell, '.' empty).
    PIECE is a name (I2 ... Z5, any case) or a code letter (A ... L). TEMPLATE SIDE FACE
    names a combination of a set (07 hard 3). Rotated or mirrored tilings of a symmetric
    figure count as different tilings. FIGURE may be an ubongo-utils problem file: with no
    PIECE, every combination it lists is solved, each under an 'A C K:' heading. With
    --choose K the PIECEs are a pool, as on a card that shows only its figure: every K of
    them that tile FIGURE are listed with their tiling counts, as analyze lists them.

    \b
    Examples:
      ubongo solve '.##./####/####/.#..' I2 I4 P5
      ubongo solve 07 hard 3 --count
      ubongo solve --set sample 01 easy 2 --all
      ubongo solve '.##./####/####/.#..' I2 I3 I4 L4 O4 P5 --choose 3 --without I3
      printf '{"id": "p1", "figure": "##../####", "pieces": ["L3", "I3"]}\\n' > puzzles.jsonl
      ubongo solve --batch puzzles.jsonl --count > results.jsonl
      ubongo analyze '.##./####/####/.#..' --size 3 --format ubongo-utils -o problems.txt
      ubongo solve problems.txt --count
    """
    clock = Clock(timeout, armed=batch is None)  # a batch answers every line, late ones too
    if choose is not None or without_pieces:
        _check_choose_options(args, choose, count, show_all, set_arg, batch, picture, svg_path)
        _choose(args, choose or 0, without_pieces, pieces_set, height, as_json, clock)
        return
    search = _Search(count, engine, clock, node_budget)
    if batch is not None:
        _check_batch_options(args, show_all, set_arg, picture, svg_path, as_json)
        _solve_batch(batch, search, piece_set(pieces_set))
        return
    if count and show_all:
        raise click.UsageError("--count and --all do not go together")
    if svg_path and show_all:
        raise click.UsageError("--svg draws one tiling; not with --all")
    if not args:
        raise click.UsageError("give FIGURE PIECE... or TEMPLATE SIDE FACE (or --batch FILE)")
    listed = _problem_file(args, set_arg, pieces_set)
    if listed is not None:
        if show_all or svg_path:
            raise click.UsageError("--all and --svg take FIGURE PIECE..., not a problem file")
        _solve_listed(*listed, search, as_json, picture)
        return
    puzzle, ps = take_puzzle(args, set_arg, pieces_set, height)
    if show_all:
        _solve_all(puzzle, as_json, engine, clock, picture, ps)
        return
    answer = search.answer(puzzle, ps)
    if svg_path:
        _write_svg(svg_path, puzzle, answer.solution or (), ps)
    if as_json:
        emit_json(answer.to_json())
    elif answer.rows is not None:
        show_picture(answer.rows, ps, picture)
        if count:
            click.echo(answer.count_line())
    if not answer.solvable:
        if not as_json:
            click.echo(f"unsolvable: {answer.reason}")
        sys.exit(1)


def _check_choose_options(
    args: tuple[str, ...],
    choose: int | None,
    count: bool,
    show_all: bool,
    set_arg: str | None,
    batch: str | None,
    picture: bool,
    svg_path: str | None,
) -> None:
    """--choose lists combinations with their counts: refuse what it cannot honour."""
    if choose is None:
        raise click.UsageError("--without goes with --choose K")
    if count or show_all or batch is not None or picture or svg_path:
        raise click.UsageError(
            "--choose lists combinations with their tiling counts; "
            "not with --count, --all, --batch, --picture or --svg"
        )
    if set_arg is not None or is_address(args):
        raise click.UsageError("--choose takes FIGURE [PIECE...], the pieces to choose from")
    if not args:
        raise click.UsageError("give FIGURE [PIECE...] to choose from")


def _choose(
    args: tuple[str, ...],
    k: int,
    without_pieces: tuple[str, ...],
    pieces_set: str | None,
    height: int | None,
    as_json: bool,
    clock: Clock,
) -> None:
    """``solve FIGURE PIECE... --choose K``: the analyzer over the given pool, K fixed."""
    from ubongo import UsageError, analyze

    ps = piece_set(pieces_set)
    fig = read_figure(args[0], height, ps)
    try:
        found = analyze(
            fig,
            k,
            piece_set=ps,
            pool=args[1:],
            without_pieces=without_pieces,
            timeout=clock.left,
        )
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    if as_json:
        emit_json(found.to_json())
    else:
        click.echo(str(found))
    if not found.combos:
        sys.exit(1)


def _problem_file(
    args: tuple[str, ...], set_arg: str | None, pieces_set: str | None
) -> tuple[ProblemFile, PieceSet] | None:
    """The puzzles of ``solve FILE`` when FILE is an ubongo-utils problem file listing some."""
    if len(args) != 1 or set_arg is not None or not is_figure_file(args[0]):
        return None
    from ubongo.puzzles.ubongo_utils import is_problem_file, parse_problem_file

    text = read_text(args[0])
    if not is_problem_file(text):
        return None
    ps = piece_set(pieces_set)
    return parse_problem_file(text, ps, display(args[0])), ps


def _solve_listed(
    listed: ProblemFile, ps: PieceSet, search: _Search, as_json: bool, picture: bool
) -> None:
    """Solve each combination of a problem file, heading each ``A C K:``; exit 1 if one fails."""
    from ubongo.solver.puzzle import Puzzle

    results: list[dict[str, Any]] = []
    for problem in listed.problems:
        answer = search.answer(Puzzle(listed.figure, ps.resolve(problem.pieces)), ps)
        out: dict[str, Any] = {
            "pieces": list(problem.pieces),
            "codes": [ps[name].code for name in problem.pieces],
            **answer.to_json(),
        }
        if not as_json:
            _show_listed(out, results == [], ps, picture)
        results.append(out)
    if as_json:
        emit_json({"figure": listed.figure.rows(), "puzzles": results})
    if not all(r["solvable"] for r in results):
        sys.exit(1)


def _show_listed(out: dict[str, Any], first: bool, ps: PieceSet, picture: bool) -> None:
    """One result of a problem file: the codes as a heading, then the tiling or the reason."""
    if not first:
        click.echo()
    click.echo(f"{' '.join(out['codes'])}:")
    if out["solution"] is None:
        click.echo(f"unsolvable: {out.get('reason')}")
        return
    show_picture(out["solution"], ps, picture)
    if "tilings" in out:
        click.echo(plural(out["tilings"] or 0, "tiling"))


@dataclass(frozen=True)
class _Search:
    """How ``solve`` searches each of its puzzles: count or not, which engine, the clock."""

    count: bool
    engine: str
    clock: Clock
    node_budget: int

    def answer(self, puzzle: Puzzle, ps: PieceSet) -> Answer:
        """The API's answer on one puzzle within what is left of the command's time."""
        from ubongo import solve

        return solve(
            puzzle,
            piece_set=ps,
            count=self.count,
            engine=self.engine,  # type: ignore[arg-type]
            timeout=self.clock.left,
            node_budget=self.node_budget,
        )

    def check(self, puzzle: Puzzle) -> Verdict:
        """The verdict on one puzzle within what is left of the command's time."""
        from ubongo.solver.engine import check

        return check(
            puzzle,
            want_count=self.count,
            engine=self.engine,  # type: ignore[arg-type]
            timeout=self.clock.left(),
            node_budget=self.node_budget,
        )


def _check_batch_options(
    args: tuple[str, ...],
    show_all: bool,
    set_arg: str | None,
    picture: bool,
    svg_path: str | None,
    as_json: bool,
) -> None:
    """--batch answers in JSON Lines, one tiling per line: refuse what it cannot honour."""
    if args:
        raise click.UsageError("--batch takes no FIGURE, PIECE or TEMPLATE arguments")
    for given, flag in (
        (show_all, "--all"),
        (set_arg, "--set"),
        (picture, "--picture"),
        (svg_path, "--svg"),
        (as_json, "--json"),
    ):
        if given:
            raise click.UsageError(f"--batch writes JSON Lines and cannot take {flag}")


def _solve_all(
    puzzle: Puzzle, as_json: bool, engine: str, clock: Clock, picture: bool, ps: PieceSet
) -> None:
    """Print every tiling as it is found (a blank line between two), or a JSON document; exit 1
    if none."""
    from ubongo import solutions as every
    from ubongo.solver.engine import solutions
    from ubongo.solver.puzzle import solution_rows

    if as_json:
        found = every(puzzle, piece_set=ps, engine=engine, timeout=clock.left)  # type: ignore[arg-type]
        emit_json(found.to_json())
        if not found:
            sys.exit(1)
        return
    shown = 0
    for sol in solutions(puzzle, engine=engine, timeout=clock.left()):  # type: ignore[arg-type]
        if shown:
            click.echo()
        show_picture(solution_rows(puzzle.figure, sol, ps), ps, picture)
        shown += 1
    if not shown:
        sys.exit(1)


BATCH_BLOCK = 256
"""Output lines written at once by ``--batch``: one write per line cost a sixth of the batch."""


def _solve_batch(path: str, search: _Search, ps: PieceSet) -> None:
    """One JSON line out per input line, same order; a bad line gets an error line.

    Exit 1 when a line could not be read or solved in time; unsolvable puzzles are results.
    Lines go out in blocks of BATCH_BLOCK; an error flushes the block before it goes to stderr,
    so stdout and stderr sent to one place interleave as they did line by line. Once the
    time is up, each line left gets its error line unread, and stderr one line for them all.
    """
    from ubongo._files import records

    failed = False
    block: list[str] = []
    late: list[int] = []  # lines left when the time was up
    line = _batch_solver(path, search, ps)
    for number, text in records(read_lines(path)):
        if search.clock.spent():
            late.append(number)
            block.append(json_line(_failed(text, number, _late(path, number, search.clock))[0]))
        else:
            out, error = line(number, text)
            if error is not None:
                failed = True
                _write_block(block)
                warn(error)
            block.append(out)
        if len(block) == BATCH_BLOCK:
            _write_block(block)
    _write_block(block)
    if late:
        left = f"line {late[0]}" if len(late) == 1 else f"lines {late[0]} to {late[-1]}"
        warn(f"{search.clock.reached()}: {left} not solved (an error line each)")
    if failed or late:
        sys.exit(1)


def _batch_solver(
    path: str, search: _Search, ps: PieceSet
) -> Callable[[int, str], tuple[str, str | None]]:
    """What ``--batch`` does with one line: its output line, and its error if it failed."""
    from ubongo.scoring.text import BadLine
    from ubongo.solver.errors import TimeLimit, UbongoError

    name = display(path)
    fast = _plain_line(search, ps)  # None for CP-SAT: no line is decoded twice
    readers: list[BatchReader] = []  # the long way's, made when a line first goes that way

    def line(number: int, text: str) -> tuple[str, str | None]:
        try:
            answered = None if fast is None or isinstance(text, BadLine) else fast(number, text)
            if answered is not None:  # (a time limit: below)
                return answered, None
            item = _parse_line(text, number, name, ps, readers)
            v = search.check(item.puzzle)
        except TimeLimit as e:  # the command's --timeout, reached in this line's search
            return _failed_line(text, number, f"{name}: line {number}: {time_limit_text(e)}")
        except Failure:  # the time was up as this line's search began
            return _failed_line(text, number, _late(path, number, search.clock))
        except UbongoError as e:
            return _failed_line(text, number, str(e))
        out = {"id": item.id, **v.to_json(_picture(item.puzzle, v, ps), engine=False)}
        return json_line(out), None

    return line


def _parse_line(
    text: str, number: int, name: str, ps: PieceSet, readers: list[BatchReader]
) -> BatchItem:
    """A batch line the long way (``parse_batch_line``), which checks all and says what is
    wrong; the puzzle formats are loaded for the first such line (a batch of plain lines
    never needs them)."""
    from ubongo.puzzles import PuzzleFormatError, batch_reader, parse_batch_line
    from ubongo.scoring.text import BadLine

    if isinstance(text, BadLine):
        raise PuzzleFormatError(name, f"line {number}", text)
    if not readers:
        readers.append(batch_reader(ps))
    return parse_batch_line(text, number, name, ps, readers[0])


def _late(path: str, number: int, clock: Clock) -> str:
    """The error of a batch line whose time was up before its search."""
    return f"{display(path)}: line {number}: {clock.reached()}"


def _failed(text: str | None, number: int, error: str) -> tuple[dict[str, Any], str]:
    """A batch line's error line, and the error."""
    return {"id": _batch_id(text), "line": number, "error": error}, error


def _failed_line(text: str | None, number: int, error: str) -> tuple[str, str]:
    """A batch line's error line as JSON, and the error."""
    return json_line(_failed(text, number, error)[0]), error


def _plain_line(search: _Search, ps: PieceSet) -> Callable[[int, str], str | None] | None:
    """A batch line's output line straight from its text, when the line is plainly well
    formed (an object of known keys, rows and exact piece names or codes of ``ps``) and its
    puzzle has a tiling: one call to the compiled core (``TextSolver``; without it, the same
    search in Python), no Puzzle built. None sends the line the long way (parse_batch_line,
    check), which checks it all, says what is wrong and why a puzzle has no tiling; both give
    the same line for what this one answers. None for the CP-SAT engine: every line goes the
    long way.
    """
    from ubongo.puzzles.decoding import MAX_DEPTH
    from ubongo.solver.text import TextSolver

    if search.engine == "cpsat":
        return None

    solver = TextSolver(ps)
    keys = set(_BATCH_KEYS)
    count = search.count
    limits = search.clock.limits()  # one for every line's search: made once, not per line
    draw = _solved_line(ps)
    # json.loads without its two whitespace scans nor raw_decode's frame (what it does with
    # StopIteration is done below): a line with space around its object goes the long way,
    # which reads it as json.loads does
    decode: Callable[[str, int], tuple[Any, int]]
    decode = json.JSONDecoder().scan_once  # type: ignore[attr-defined]  # (set in __init__)

    def answer(number: int, text: str) -> str | None:
        # too deep for the long way; a line of JSON nested deeper has twice as many characters
        if len(text) > 2 * MAX_DEPTH and text.count("[") + text.count("{") > MAX_DEPTH:
            return None
        try:
            obj, end = decode(text, 0)
        except (ValueError, StopIteration):  # (StopIteration: no value where one begins)
            return None
        if end != len(text):
            return None
        if type(obj) is not dict or not keys.issuperset(obj):
            return None
        rows, names = obj.get("figure"), obj.get("pieces")
        if type(rows) is not list or type(names) is not list or not names:
            return None
        found = solver.quick(rows, names, count, limits)
        if found is None:
            return None
        ident = str(obj["id"]) if "id" in obj else str(number)
        return draw(ident, found[1].rows(), found[0] if count else None)

    return answer


_BATCH_KEYS = ("id", "figure", "pieces")
"""``ubongo.puzzles.BATCH_KEYS``, which a test holds equal: importing it would load the
puzzle formats, which a batch of plain lines never needs."""


def _solved_line(ps: PieceSet) -> Callable[[str, list[str], int | None], str]:
    """The output line of a solved batch line from its id, tiling rows and count (or None),
    byte for byte what ``json_line`` writes of ``{"id", **Verdict.to_json(rows, engine=False)}``
    (a test holds them equal): assembled from parts, the rows joined as they are when every
    code of ``ps`` is a character JSON leaves as it is, a third of the encoder's time."""
    from ubongo.scoring.text import line_safe, quote, quote_list

    plain = all(quote(p.code) == f'"{p.code}"' for p in ps.values())  # no code escaped

    def line(ident: str, rows: list[str], tilings: int | None) -> str:
        drawn = '["' + '", "'.join(rows) + '"]' if plain else quote_list(rows)
        count = "" if tilings is None else f', "tilings": {tilings}'
        return line_safe(f'{{"id": {quote(ident)}, "solvable": true, "solution": {drawn}{count}}}')

    return line


def _picture(puzzle: Puzzle, v: Verdict, ps: PieceSet) -> list[str] | None:
    """The verdict's tiling as letter rows: drawn from what the search left (masks, or the
    compiled core's grid) when it left them.

    The puzzle's pieces are those of ``ps`` (parse_batch_line takes them from it), so their
    own codes are the codes ``solution_rows`` would look up.
    """
    from ubongo.solver.bitboard import Tiling
    from ubongo.solver.puzzle import solution_rows
    from ubongo.solver.text import Grid

    if isinstance(v.found, (Grid, Tiling)) and puzzle.lattice.plain:  # else not text rows
        return v.found.rows()
    return None if v.solution is None else solution_rows(puzzle.figure, v.solution, ps)


def _write_block(block: list[str]) -> None:
    """Write the lines of ``block`` in one go and empty it."""
    if block:
        sys.stdout.write("\n".join(block) + "\n")
        sys.stdout.flush()
        block.clear()


def _batch_id(text: str | None) -> Any:
    """The ``id`` of a line that failed, when it can still be read; else None."""
    from ubongo.puzzles import decode_json
    from ubongo.solver.errors import UbongoError

    try:
        obj = decode_json(text or "", "")
    except UbongoError:
        return None
    ident = obj.get("id") if isinstance(obj, dict) else None
    return str(ident) if isinstance(ident, str) or type(ident) is int else None  # as results


def _write_svg(path: str, puzzle: Puzzle, solution: Solution, ps: PieceSet) -> None:
    """A (partial) tiling as an SVG file; with no tiling, the bare figure."""
    from ubongo.render.svg import solution_svg

    write_atomic(path, solution_svg(puzzle.figure, solution, ps))


@click.command()
@click.argument("figure", metavar="FIGURE", shell_complete=_complete.files)
@click.option(
    "--size",
    "sizes",
    type=click.IntRange(1, 12),
    multiple=True,
    help="Pieces per combination (3 easy, 4 hard); repeat for several; default every size "
    "whose areas can fit.",
)
@click.option(
    "--max-tilings",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Stop counting a combination's tilings at N (shown as >=N); --unique and --at-most "
    "count as far past it as they need.",
)
@click.option("--unique", is_flag=True, help="Only combinations with exactly one tiling.")
@click.option(
    "--at-most",
    type=click.IntRange(min=1),
    metavar="N",
    help="Only combinations with at most N tilings.",
)
@click.option(
    "--with",
    "with_pieces",
    multiple=True,
    metavar="PIECE",
    help="Only combinations holding PIECE (name or code, any case); repeat for several.",
)
@click.option(
    "--without",
    "without_pieces",
    multiple=True,
    metavar="PIECE",
    help="Only combinations without PIECE; repeat for several.",
)
@click.option(
    "--format",
    "out_format",
    type=click.Choice(["text", "ubongo-utils"]),
    default="text",
    show_default=True,
    help="ubongo-utils: a problem file, read by that tool's solver (-f) and by ubongo solve.",
)
@output_option("Write the listing to FILE", default="-")
@pieces_option
@height_option
@json_option
@timeout_option()
@reported
def analyze(
    figure: str,
    sizes: tuple[int, ...],
    max_tilings: int | None,
    unique: bool,
    at_most: int | None,
    with_pieces: tuple[str, ...],
    without_pieces: tuple[str, ...],
    out_format: str,
    output: str,
    pieces_set: str | None,
    height: int | None,
    as_json: bool,
    timeout: float,
) -> None:
    """List every combination of distinct pieces that tiles FIGURE, with tiling counts.

    One search over the whole piece pool (not one search per combination). FIGURE may be an
    ubongo-utils problem file; its figure is used.

    \b
    Examples:
      ubongo analyze '.##./####/####/.#..' --size 3
      printf '..#...\\n######\\n######\\n..##..\\n' > board.txt
      ubongo analyze board.txt --size 4 --unique --with I2 --without Z5
      ubongo analyze board.txt --size 3 --format ubongo-utils -o problems.txt
    """
    from ubongo import Filters, UsageError
    from ubongo import analyze as run

    if as_json and out_format != "text":
        raise click.UsageError("--json and --format ubongo-utils do not go together")
    clock = Clock(timeout)
    ps = piece_set(pieces_set)
    if out_format != "text":  # ubongo-utils's problem files draw squares
        flat_pieces(ps, "ubongo-utils problem files")
    try:
        # the options' pieces are checked before the figure is read, whose errors come second
        Filters.make(ps, unique, at_most, with_pieces, without_pieces, max_tilings)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    fig = read_figure(figure, height, ps)
    if fig.holes():
        warn(f"the figure has {plural(fig.holes(), 'hole')}; Ubongo figures have none")
    found = run(
        fig,
        sizes or None,
        piece_set=ps,
        max_tilings=max_tilings,
        unique=unique,
        at_most=at_most,
        with_pieces=with_pieces,
        without_pieces=without_pieces,
        timeout=clock.left,
    )
    if as_json:
        text = json.dumps(found.to_json(), indent=2, ensure_ascii=False) + "\n"
    elif out_format == "ubongo-utils":
        text = found.problem_file()
    else:
        text = "".join(line + "\n" for line in found.lines())
    write_atomic(output, text)


COMMANDS = [solve, analyze, pieces]
