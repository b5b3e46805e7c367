"""The ``ubongo`` command line: a thin layer over the library packages.

Each command parses its arguments, calls one library function and prints the result. Library
errors become one line on stderr and exit 1 through the ``reported`` decorator
(:func:`scoring.cli.reporting`); click's usage errors exit 2.
Heavy modules (OR-Tools, numpy) are imported only by the code paths that need them.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from scoring.cli import reporting
from solver.errors import UbongoError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
F = TypeVar("F", bound=Callable[..., Any])


reported = reporting(UbongoError)


def json_option(f: F) -> F:
    """``--json``: one JSON document on stdout."""
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")(f)


def timeout_option(f: F) -> F:
    """``--timeout``: a limit on every search the command runs."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        default=60.0,
        show_default=True,
        metavar="SECONDS",
        help="Give up a search after this many seconds (exit 1).",
    )(f)


def engine_option(f: F) -> F:
    """``--engine``: which solver engine searches."""
    return click.option(
        "--engine",
        type=click.Choice(["auto", "bitboard", "cpsat"]),
        default="auto",
        show_default=True,
        help="auto: bitboard, moving to CP-SAT on large puzzles past a node budget.",
    )(f)


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="ubongo-lab")
def main() -> None:
    """Solve, verify and design Ubongo puzzles; score recorded game sessions.

    \b
    Exit codes: 0 success; 1 a failure you can act on (bad input, an unsolvable
    combination, an invalid session record, a time limit); 2 usage error.
    Shell completion: eval "$(_UBONGO_COMPLETE=bash_source ubongo)"
    """


# --- solver commands ---


def _read_figure(arg: str) -> Any:
    """FIGURE argument: a file, ``-`` for stdin, or inline rows joined by ``/``."""
    from puzzles import read_text
    from solver.figure import parse_figure

    if arg == "-" or os.path.isfile(arg):
        return parse_figure(read_text(arg))
    if "/" in arg or set(arg) <= set("#. "):
        return parse_figure(arg)
    raise UbongoError(f"{arg}: no such file, and not inline rows such as '##./.##'")


def _solution_json(sol: Any, figure: Any, pieces: Any) -> list[str]:
    from solver.puzzle import solution_rows

    return solution_rows(figure, sol, pieces)


@main.command()
@click.option(
    "--set",
    "set_path",
    type=click.Path(allow_dash=True),
    metavar="SET.json",
    help="Draw the pieces of this puzzle set (default: the 12 Ubongo pieces).",
)
@json_option
@reported
def pieces(set_path: str | None, as_json: bool) -> None:
    """Show the piece set: name, code letter, area, orientations, drawn.

    \b
    Example:
      ubongo pieces
    """
    from puzzles import load_set
    from solver.pieces import STANDARD

    ps = load_set(set_path).pieces if set_path else STANDARD
    if as_json:
        out = [
            {
                "name": p.name,
                "code": p.code,
                "area": p.area,
                "orientations": len(p.orientations),
                "rows": [r.replace(p.code, "#") for r in p.rows()],
            }
            for p in ps.values()
        ]
        click.echo(json.dumps(out, indent=1))
        return
    for p in ps.values():
        click.echo(f"{p.name} ({p.code})  area {p.area}, {len(p.orientations)} orientations")
        for row in p.rows():
            click.echo(f"  {row}")


@main.command()
@click.argument("figure", required=False, metavar="FIGURE")
@click.argument("piece_names", nargs=-1, metavar="PIECE...")
@click.option("--count", is_flag=True, help="Count every tiling.")
@click.option("--all", "show_all", is_flag=True, help="Print every tiling.")
@click.option(
    "--set",
    "set_path",
    metavar="SET",
    default=None,
    help="Use the pieces of this puzzle set (a file, or a bundled set's name).",
)
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
    type=click.Path(allow_dash=True),
    metavar="FILE.jsonl",
    help='Solve every {"id", "figure", "pieces"} line; JSON Lines out.',
)
@click.option("--picture", is_flag=True, help="Draw tilings in piece colours on a terminal.")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Also draw the tiling as SVG.",
)
@json_option
@engine_option
@timeout_option
@reported
def solve(
    figure: str | None,
    piece_names: tuple[str, ...],
    count: bool,
    show_all: bool,
    batch: str | None,
    set_path: str | None,
    node_budget: int,
    picture: bool,
    svg_path: str | None,
    as_json: bool,
    engine: str,
    timeout: float,
) -> None:
    """Solve a figure with pieces: print a tiling in piece letters (exit 1 if none).

    FIGURE is a file, - for stdin, or inline rows joined by / ('#' cell, '.' empty).
    PIECE is a name (I2 ... Z5) or a code letter (A ... L). Rotated or mirrored tilings of a
    symmetric figure count as different tilings.

    \b
    Examples:
      ubongo solve '.##./####/####/.#..' I2 I4 P5
      ubongo solve figure.txt E K C --count
      ubongo solve --batch puzzles.jsonl --count > results.jsonl
      ubongo solve --set examples/pentominoes.json examples/6x10.txt F I L N P T U V W X Y Z
    """
    if batch is not None:
        if figure or piece_names:
            raise click.UsageError("--batch takes no FIGURE or PIECE arguments")
        _solve_batch(batch, count, engine, timeout, _pieces(set_path))
        return
    if figure is None or not piece_names:
        raise click.UsageError("give a FIGURE and at least one PIECE (or --batch FILE)")
    if count and show_all:
        raise click.UsageError("--count and --all do not go together")
    if svg_path and show_all:
        raise click.UsageError("--svg draws one tiling; not with --all")
    from solver.engine import check
    from solver.puzzle import Puzzle

    pieces = _pieces(set_path)
    puzzle = Puzzle(_read_figure(figure), pieces.resolve(piece_names))
    if show_all:
        _solve_all(puzzle, as_json, engine, timeout, picture, pieces)
        return
    v = check(puzzle, want_count=count, engine=engine, timeout=timeout, node_budget=node_budget)  # type: ignore[arg-type]
    if svg_path:
        _write_svg(svg_path, puzzle.figure, v.solution or ())
    if as_json:
        out: dict[str, Any] = {
            "solvable": v.solvable,
            "solution": _solution_json(v.solution, puzzle.figure, pieces) if v.solution else None,
            "engine": v.engine,
        }
        if count:
            out["solutions"] = v.solutions
        if v.reason:
            out["reason"] = v.reason
        click.echo(json.dumps(out))
    elif v.solution is not None:
        _show(_solution_json(v.solution, puzzle.figure, pieces), pieces, picture)
        if count:
            click.echo(f"{v.solutions} tiling{'' if v.solutions == 1 else 's'}")
    if not v.solvable:
        if not as_json:
            click.echo(f"unsolvable: {v.reason}")
        sys.exit(1)


def _pieces(set_path: str | None) -> Any:
    """The pieces of ``--set`` (a file or a bundled set's name), else the 12 Ubongo pieces."""
    from solver.pieces import STANDARD

    return _puzzle_set(set_path).pieces if set_path else STANDARD


def _solve_all(
    puzzle: Any, as_json: bool, engine: str, timeout: float, picture: bool, pieces: Any
) -> None:
    """Print every tiling (a blank line between two), or a JSON list of pictures; exit 1 if none."""
    from solver.engine import solutions

    found: list[list[str]] = []
    for sol in solutions(puzzle, engine=engine, timeout=timeout):  # type: ignore[arg-type]
        rows = _solution_json(sol, puzzle.figure, pieces)
        if not as_json:
            if found:
                click.echo()
            _show(rows, pieces, picture)
        found.append(rows)
    if as_json:
        click.echo(json.dumps({"solutions": len(found), "tilings": found}))
    if not found:
        sys.exit(1)


def _solve_batch(path: str, count: bool, engine: str, timeout: float, pieces: Any) -> None:
    """One JSON line out per input line, same order; a bad line is reported and skipped.

    Exit 1 when a line could not be read or solved in time; unsolvable puzzles are results.
    """
    from puzzles import PuzzleFormatError, read_batch, read_text
    from solver.engine import check

    failed = False
    for item in read_batch(read_text(path), path, pieces):
        if isinstance(item, PuzzleFormatError):
            failed = True
            click.echo(f"ubongo solve: {item}", err=True)
            click.echo(json.dumps({"id": None, "error": str(item)}))
            continue
        try:
            v = check(item.puzzle, want_count=count, engine=engine, timeout=timeout)  # type: ignore[arg-type]
        except UbongoError as e:
            failed = True
            click.echo(f"ubongo solve: {path}: line {item.line}: {e}", err=True)
            click.echo(json.dumps({"id": item.id, "error": str(e)}))
            continue
        out: dict[str, Any] = {
            "id": item.id,
            "solvable": v.solvable,
            "solution": _solution_json(v.solution, item.puzzle.figure, pieces)
            if v.solution
            else None,
        }
        if count:
            out["solutions"] = v.solutions
        if v.reason:
            out["reason"] = v.reason
        click.echo(json.dumps(out))
    if failed:
        sys.exit(1)


@main.command()
@click.argument("set_path", required=False, type=click.Path(allow_dash=True), metavar="[SET.json]")
@click.option("--count", is_flag=True, help="Count the tilings of every combination.")
@click.option(
    "--strict",
    is_flag=True,
    help="Also check the structure of a complete box (both sides, 6 combos, 3/4 pieces, "
    "distinct combos and figures, connected figures).",
)
@click.option(
    "--picture", is_flag=True, help="Draw each unsolvable combination: its figure and pieces."
)
@json_option
@engine_option
@timeout_option
@reported
def verify(
    set_path: str | None,
    count: bool,
    strict: bool,
    picture: bool,
    as_json: bool,
    engine: str,
    timeout: float,
) -> None:
    """Solve every combination of a puzzle set (default: the bundled set); exit 1 if any fails.

    --timeout applies to each combination.

    \b
    Examples:
      ubongo verify
      ubongo verify my-set.json --count --strict --json
    """
    from puzzles import load_set, strict_problems
    from solver.engine import check

    ps = load_set(set_path)
    results = []
    for c in ps.combinations():
        v = check(c.puzzle, want_count=count, engine=engine, timeout=timeout)  # type: ignore[arg-type]
        r: dict[str, Any] = {
            "template": c.template,
            "side": c.side,
            "die": c.die,
            "pieces": [p.name for p in c.puzzle.pieces],
            "solvable": v.solvable,
        }
        if count:
            r["solutions"] = v.solutions
        if v.reason:
            r["reason"] = v.reason
        results.append(r)
    problems = strict_problems(ps) if strict else []
    ok = sum(r["solvable"] for r in results)
    if as_json:
        doc: dict[str, Any] = {
            "set": ps.name,
            "combinations": len(results),
            "solvable": ok,
            "results": results,
        }
        if strict:
            doc["problems"] = problems
        click.echo(json.dumps(doc, indent=1))
    else:
        _verify_text(ps.name, results, problems, count, strict)
        if picture:
            _show_unsolvable(ps, results)
    if ok < len(results) or problems:
        sys.exit(1)


def _verify_text(
    name: str, results: list[dict[str, Any]], problems: list[str], count: bool, strict: bool
) -> None:
    """The summary line, the failures table and, with --strict, the structure problems."""
    ok = sum(r["solvable"] for r in results)
    click.echo(f"{name}: {ok}/{len(results)} combinations solvable")
    if count and results:
        ns = [r["solutions"] for r in results if r["solvable"]]
        if ns:
            click.echo(
                f"tilings per solvable combination: min {min(ns)}, mean "
                f"{sum(ns) / len(ns):.2f}, max {max(ns)}; unique: {ns.count(1)}"
            )
    bad = [r for r in results if not r["solvable"]]
    if bad:
        click.echo(f"\n{'template':<9}{'side':<6}{'die':<5}{'pieces':<18}reason")
        for r in bad:
            click.echo(
                f"{r['template']:<9}{r['side']:<6}{r['die']:<5}{' '.join(r['pieces']):<18}"
                f"{r['reason']}"
            )
    if strict:
        click.echo(f"strict: {len(problems)} problem(s)" if problems else "strict: complete set")
        for p in problems:
            click.echo(f"  {p}")


@main.command()
@click.argument("figure", metavar="FIGURE")
@click.option(
    "--size",
    type=click.IntRange(1, 12),
    required=True,
    help="Pieces per combination (3 easy, 4 hard).",
)
@click.option(
    "--max-solutions",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Stop counting a combination's tilings at N.",
)
@click.option(
    "--set",
    "set_path",
    type=click.Path(allow_dash=True),
    metavar="SET.json",
    help="Use the pieces of this puzzle set.",
)
@json_option
@timeout_option
@reported
def analyze(
    figure: str,
    size: int,
    max_solutions: int | None,
    set_path: str | None,
    as_json: bool,
    timeout: float,
) -> None:
    """List every combination of SIZE distinct pieces that tiles FIGURE, with tiling counts.

    One search over the whole piece pool (not one search per combination).

    \b
    Example:
      ubongo analyze '.##./####/####/.#..' --size 3
    """
    from puzzles import load_set
    from solver.analyze import analyze as run
    from solver.pieces import STANDARD

    ps = load_set(set_path).pieces if set_path else STANDARD
    fig = _read_figure(figure)
    combos = run(fig, size, ps, max_solutions=max_solutions, timeout=timeout)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "figure": fig.rows(),
                    "size": size,
                    "combos": [
                        {"pieces": list(c.pieces), "solutions": c.solutions} for c in combos
                    ],
                }
            )
        )
        return
    click.echo(f"{len(combos)} combinations of {size} pieces tile this {fig.area}-cell figure")
    for c in combos:
        click.echo(
            f"  {' '.join(c.pieces):<20}{c.solutions:>6} tiling{'s' if c.solutions > 1 else ''}"
        )


# --- hint and render commands ---


def _puzzle_set(value: str) -> Any:
    """A puzzle-set file, ``-`` for stdin, or the name of a bundled set such as ``sample``."""
    from puzzles import bundled, load_set

    if value == "-" or os.path.exists(value) or value.endswith(".json"):
        return load_set(value)
    try:
        return bundled(value)
    except FileNotFoundError:
        raise UbongoError(f"{value}: no such file, and no bundled set of that name") from None


def _is_figure_arg(arg: str) -> bool:
    return arg == "-" or os.path.isfile(arg) or "/" in arg or set(arg) <= set("#. ")


def _hint_puzzle(args: tuple[str, ...], set_path: str | None, board: str | None) -> Any:
    """The puzzle and piece set named by the arguments of ``ubongo hint``."""
    from puzzles import SIDES, load_set
    from solver.hints import board_figure
    from solver.pieces import STANDARD
    from solver.puzzle import Puzzle

    if set_path is not None or (len(args) == 3 and args[1] in SIDES):
        if len(args) != 3:
            raise click.UsageError("with --set give TEMPLATE SIDE DIE, e.g. 07 hard 3")
        ps = _puzzle_set(set_path) if set_path is not None else load_set(None)
        tid, side, face = args
        ps.template(tid)  # names the missing template, if it is the template that is missing
        for c in ps.combinations():
            if (c.template, c.side, c.die) == (tid, side, face):
                return c.puzzle, ps.pieces
        raise UbongoError(
            f"{ps.name}: template {tid} has no {side} combination for die face {face!r}; "
            f"die faces are {', '.join(ps.die)}"
        )
    if board is not None and args and not _is_figure_arg(args[0]):
        if board == "-":
            raise click.UsageError("give the FIGURE, or the board in a file (not both on stdin)")
        return Puzzle(board_figure(_read_board(board)), STANDARD.resolve(args)), STANDARD
    if len(args) < 2:
        raise click.UsageError("give a FIGURE and its PIECEs, or --set SET TEMPLATE SIDE DIE")
    if board == "-" and args[0] == "-":
        raise click.UsageError("FIGURE and --board cannot both be read from stdin")
    return Puzzle(_read_figure(args[0]), STANDARD.resolve(args[1:])), STANDARD


def _read_board(path: str) -> str:
    from puzzles import read_text

    return read_text(path)


def _show(rows: list[str], pieces: Any, picture: bool = True) -> None:
    """Print a picture: in piece colours on a terminal, plain letters otherwise."""
    from solver.render.colours import paint, should_colour

    on = picture and should_colour(sys.stdout)
    click.echo(paint(rows, pieces, colour_on=on), color=on)  # click strips ANSI unless told


def _write_svg(path: str, figure: Any, solution: Any) -> None:
    """A (partial) tiling as an SVG file; with no tiling, the bare figure."""
    from solver.render.svg import solution_svg

    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(solution_svg(figure, solution))
    except OSError as e:
        raise UbongoError(f"{path}: cannot write: {e.strerror}") from None


def _show_unsolvable(ps: Any, results: list[dict[str, Any]]) -> None:
    """Each unsolvable combination drawn: the figure, then its pieces beside it."""
    from solver.render.colours import combination_rows

    for r in results:
        if not r["solvable"]:
            click.echo(f"\n{r['template']} {r['side']} die {r['die']}: {' '.join(r['pieces'])}")
            side = ps.template(r["template"]).side(r["side"])
            _show(combination_rows(side.figure, [ps.pieces[n] for n in r["pieces"]]), ps.pieces)


@main.command()
@click.argument("args", nargs=-1, metavar="[FIGURE] PIECE... | TEMPLATE SIDE DIE")
@click.option(
    "--set",
    "set_path",
    metavar="SET",
    help="Take the combination from this puzzle set (a file, - or a bundled set's name); "
    "the arguments are then TEMPLATE SIDE DIE.",
)
@click.option(
    "--board",
    metavar="FILE",
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
@timeout_option
@reported
def hint(
    args: tuple[str, ...],
    set_path: str | None,
    board: str | None,
    level: int,
    as_json: bool,
    timeout: float,
) -> None:
    """Give a nudge towards a solution, from scratch or from a half-filled board.

    The hint is a placement found in every solution when there is one, else the piece with
    the fewest possible places. A board that cannot be completed is reported with the
    fewest pieces to take back; the hint then continues without them. TEMPLATE SIDE DIE
    without --set use the bundled set. FIGURE may be left out when --board is a file.

    \b
    Examples:
      ubongo hint '.##./####/####/.#..' I2 I4 P5
      ubongo hint --set sample 01 hard 3 --level 2
      ubongo hint --board board.txt I2 I4 S4 Y5 --level 2 --json
    \b
    board.txt, the figure .####/#####/####./.##.. with I4 (letter F) placed:
      .FFFF
      #####
      ####.
      .##..
    """
    from solver.hints import hint as make_hint

    puzzle, pieces = _hint_puzzle(args, set_path, board)
    text = _read_board(board) if board is not None else None
    h = make_hint(puzzle, text, level, pieces=pieces, timeout=timeout)
    if as_json:
        click.echo(json.dumps(h.to_json()))
        return
    click.echo(h.message())
    rows = h.picture()
    if rows is not None:
        _show(rows, pieces)


@main.command()
@click.argument("set_path", required=False, metavar="[SET]")
@click.option(
    "--html",
    "html_dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Write DIR/index.html: every template, both sides; click a die face for a solution.",
)
@click.option(
    "--pdf",
    "pdf_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Write printable cards, one page per side with cut marks (needs the 'print' extra).",
)
@click.option(
    "--svg",
    "svg_dir",
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="Write one SVG per template side, DIR/TEMPLATE-SIDE.svg.",
)
@click.option(
    "--cell-mm",
    type=click.FloatRange(5, 60),
    default=16.0,
    show_default=True,
    help="Printed size of a figure cell; measure a square of your pieces and match it.",
)
@timeout_option
@reported
def render(
    set_path: str | None,
    html_dir: str | None,
    pdf_path: str | None,
    svg_dir: str | None,
    cell_mm: float,
    timeout: float,
) -> None:
    """Draw a puzzle set (default: the bundled set) as a web page, print cards or SVG files.

    SET is a file, - for stdin, or a bundled set's name. --timeout bounds each
    combination's search for the page's solutions.

    \b
    Examples:
      ubongo render puzzles/sample.json --html site
      ubongo render sample --pdf cards.pdf --cell-mm 18
    """
    if not (html_dir or pdf_path or svg_dir):
        raise click.UsageError("give at least one of --html DIR, --pdf FILE, --svg DIR")
    from puzzles import load_set

    ps = _puzzle_set(set_path) if set_path else load_set(None)
    if html_dir:
        from solver.render.html import write_page

        click.echo(f"wrote {write_page(ps, html_dir, timeout=timeout)}", err=True)
    if svg_dir:
        from solver.render.svg import write_sides

        click.echo(f"wrote {len(write_sides(ps, svg_dir))} SVG files in {svg_dir}", err=True)
    if pdf_path:
        from solver.render.pdf import cards

        pages = cards(ps, pdf_path, cell_mm=cell_mm)
        click.echo(f"wrote {pdf_path}: {pages} pages, cells {cell_mm:g} mm", err=True)


# --- scoring commands (scoring/cli.py) are registered below ---
from scoring.cli import score, simulate  # noqa: E402

main.add_command(score)
main.add_command(simulate)

# --- generator commands (generator/cli.py) are registered below ---
from generator.cli import generate, stats  # noqa: E402

main.add_command(generate)
main.add_command(stats)

if __name__ == "__main__":
    main()
