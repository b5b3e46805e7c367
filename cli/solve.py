"""``ubongo solve``, ``ubongo analyze``, ``ubongo pieces``: a puzzle, a figure, the pieces."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click

from cli._common import (
    Clock,
    emit_json,
    engine_option,
    json_option,
    piece_set,
    pieces_option,
    plural,
    read_figure,
    read_lines,
    reported,
    show_picture,
    take_puzzle,
    timeout_option,
    warn,
    write_atomic,
)

if TYPE_CHECKING:
    from solver.pieces import PieceSet
    from solver.puzzle import Puzzle, Solution


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
    """
    ps = piece_set(pieces_set)
    if as_json:
        emit_json(
            [
                {
                    "name": p.name,
                    "code": p.code,
                    "area": p.area,
                    "orientations": len(p.orientations),
                    "rows": [r.replace(p.code, "#") for r in p.rows()],
                }
                for p in ps.values()
            ]
        )
        return
    for p in ps.values():
        click.echo(
            f"{p.name} ({p.code})  {plural(p.area, 'cell')}, "
            f"{plural(len(p.orientations), 'orientation')}"
        )
        for row in p.rows():
            click.echo(f"  {row}")


@click.command()
@click.argument("args", nargs=-1, metavar="FIGURE PIECE... | TEMPLATE SIDE FACE")
@click.option("--count", is_flag=True, help="Count every tiling.")
@click.option("--all", "show_all", is_flag=True, help="Print every tiling.")
@click.option(
    "--set",
    "set_arg",
    metavar="SET",
    help="Take TEMPLATE SIDE FACE from this set (default: the bundled standard set).",
)
@pieces_option
@click.option(
    "--node-budget",
    type=click.IntRange(min=1),
    default=200_000,
    show_default=True,
    metavar="N",
    help="auto engine: nodes of bitboard search before moving to CP-SAT "
    "(puzzles of more than 6 pieces).",
)
@click.option(
    "--batch",
    metavar="FILE.jsonl",
    help='Solve every {"id", "figure", "pieces"} line (- for stdin); JSON Lines out.',
)
@click.option("--picture", is_flag=True, help="Draw tilings in piece colours on a terminal.")
@click.option("--svg", "svg_path", metavar="FILE", help="Also draw the tiling as SVG.")
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
    node_budget: int,
    batch: str | None,
    picture: bool,
    svg_path: str | None,
    as_json: bool,
    engine: str,
    timeout: float,
) -> None:
    """Solve a puzzle: print a tiling in piece letters (exit 1 if none).

    FIGURE is a file, - for stdin, or inline rows joined by / ('#' cell, '.' empty).
    PIECE is a name (I2 ... Z5, any case) or a code letter (A ... L). TEMPLATE SIDE FACE
    names a combination of a set (07 hard 3). Rotated or mirrored tilings of a symmetric
    figure count as different tilings.

    \b
    Examples:
      ubongo solve '.##./####/####/.#..' I2 I4 P5
      ubongo solve 07 hard 3 --count
      ubongo solve --set sample 01 easy 2 --all
      printf '{"id": "p1", "figure": "##../####", "pieces": ["L3", "I3"]}\\n' > puzzles.jsonl
      ubongo solve --batch puzzles.jsonl --count > results.jsonl
    """
    clock = Clock(timeout)
    if batch is not None:
        _check_batch_options(args, show_all, set_arg, picture, svg_path, as_json)
        _solve_batch(batch, count, engine, clock, node_budget, piece_set(pieces_set))
        return
    if count and show_all:
        raise click.UsageError("--count and --all do not go together")
    if svg_path and show_all:
        raise click.UsageError("--svg draws one tiling; not with --all")
    if not args:
        raise click.UsageError("give FIGURE PIECE... or TEMPLATE SIDE FACE (or --batch FILE)")
    puzzle, ps = take_puzzle(args, set_arg, pieces_set)
    if show_all:
        _solve_all(puzzle, as_json, engine, clock, picture, ps)
        return
    from solver.engine import check

    v = check(
        puzzle,
        want_count=count,
        engine=engine,  # type: ignore[arg-type]
        timeout=clock.left(),
        node_budget=node_budget,
    )
    if svg_path:
        _write_svg(svg_path, puzzle, v.solution or (), ps)
    rows = _rows(puzzle, v.solution, ps)
    if as_json:
        out: dict[str, Any] = {"solvable": v.solvable, "solution": rows, "engine": v.engine}
        if count:
            out["tilings"] = v.tilings
        if v.reason:
            out["reason"] = v.reason
        emit_json(out)
    elif rows is not None:
        show_picture(rows, ps, picture)
        if count:
            click.echo(plural(v.tilings or 0, "tiling"))
    if not v.solvable:
        if not as_json:
            click.echo(f"unsolvable: {v.reason}")
        sys.exit(1)


def _rows(puzzle: Puzzle, solution: Solution | None, ps: PieceSet) -> list[str] | None:
    """A tiling as letter rows, or None for no tiling."""
    from solver.puzzle import solution_rows

    return None if solution is None else solution_rows(puzzle.figure, solution, ps)


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
    """Print every tiling (a blank line between two), or a JSON document; exit 1 if none."""
    from solver.engine import solutions

    found: list[list[str]] = []
    for sol in solutions(puzzle, engine=engine, timeout=clock.left()):  # type: ignore[arg-type]
        rows = _rows(puzzle, sol, ps) or []
        if not as_json:
            if found:
                click.echo()
            show_picture(rows, ps, picture)
        found.append(rows)
    if as_json:
        emit_json({"tilings": len(found), "solutions": found})
    if not found:
        sys.exit(1)


def _solve_batch(
    path: str, count: bool, engine: str, clock: Clock, node_budget: int, ps: PieceSet
) -> None:
    """One JSON line out per input line, same order; a bad line gets an error line.

    Exit 1 when a line could not be read or solved in time; unsolvable puzzles are results.
    """
    from puzzles import PuzzleFormatError, parse_batch_line
    from solver.engine import check
    from solver.errors import UbongoError

    failed = False
    for number, text in read_lines(path):
        out: dict[str, Any]
        try:
            if text is None:
                raise PuzzleFormatError(path, f"line {number}", "not UTF-8 text")
            item = parse_batch_line(text, number, path, ps)
            v = check(
                item.puzzle,
                want_count=count,
                engine=engine,  # type: ignore[arg-type]
                timeout=clock.left(),
                node_budget=node_budget,
            )
        except UbongoError as e:
            failed = True
            warn(str(e))
            out = {"id": _batch_id(text), "line": number, "error": str(e)}
        else:
            out = {
                "id": item.id,
                "solvable": v.solvable,
                "solution": _rows(item.puzzle, v.solution, ps),
            }
            if count:
                out["tilings"] = v.tilings
            if v.reason:
                out["reason"] = v.reason
        click.echo(json.dumps(out, ensure_ascii=False))
    if failed:
        sys.exit(1)


def _batch_id(text: str | None) -> Any:
    """The ``id`` of a line that failed, when it can still be read; else None."""
    from puzzles import decode_json
    from solver.errors import UbongoError

    try:
        obj = decode_json(text or "", "")
    except UbongoError:
        return None
    ident = obj.get("id") if isinstance(obj, dict) else None
    return ident if isinstance(ident, str) or type(ident) is int else None


def _write_svg(path: str, puzzle: Puzzle, solution: Solution, ps: PieceSet) -> None:
    """A (partial) tiling as an SVG file; with no tiling, the bare figure."""
    from render.svg import solution_svg

    write_atomic(path, solution_svg(puzzle.figure, solution, ps))


@click.command()
@click.argument("figure", metavar="FIGURE")
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
    help="Stop counting a combination's tilings at N (shown as >=N).",
)
@pieces_option
@json_option
@timeout_option()
@reported
def analyze(
    figure: str,
    sizes: tuple[int, ...],
    max_tilings: int | None,
    pieces_set: str | None,
    as_json: bool,
    timeout: float,
) -> None:
    """List every combination of distinct pieces that tiles FIGURE, with tiling counts.

    One search over the whole piece pool (not one search per combination).

    \b
    Example:
      ubongo analyze '.##./####/####/.#..' --size 3
    """
    from solver.analyze import analyze as run
    from solver.analyze import fitting_sizes

    clock = Clock(timeout)
    ps = piece_set(pieces_set)
    fig = read_figure(figure)
    if fig.holes():
        warn(f"the figure has {plural(fig.holes(), 'hole')}; Ubongo figures have none")
    chosen = sizes or fitting_sizes(fig, ps)
    found = {n: run(fig, n, ps, max_solutions=max_tilings, timeout=clock.left()) for n in chosen}
    if as_json:
        emit_json(
            {
                "figure": fig.rows(),
                "sizes": list(chosen),
                "combos": [_combo_json(c, max_tilings) for n in chosen for c in found[n]],
            }
        )
        return
    for n in chosen:
        combos = found[n]
        click.echo(
            f"{plural(len(combos), 'combination')} of {plural(n, 'piece')} tile this "
            f"{fig.area}-cell figure"
        )
        for c in combos:
            click.echo(f"  {' '.join(c.pieces):<20}{_tilings_text(c.tilings, max_tilings)}")


def _capped(tilings: int, cap: int | None) -> bool:
    return cap is not None and tilings >= cap


def _tilings_text(tilings: int, cap: int | None) -> str:
    """``     1 tiling``, or ``   >=3 tilings`` where counting stopped at the cap."""
    number = f">={tilings}" if _capped(tilings, cap) else str(tilings)
    return f"{number:>6} {'tiling' if tilings == 1 else 'tilings'}"


def _combo_json(c: Any, cap: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"pieces": list(c.pieces), "tilings": c.tilings}
    if _capped(c.tilings, cap):
        out["capped"] = True
    return out


COMMANDS = [solve, analyze, pieces]
