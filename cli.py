"""The ``ubongo`` command line: a thin layer over the library packages.

Each command parses its arguments, calls one library function and prints the result. Library
errors become one line on stderr and exit 1 in :func:`_reported`; click's usage errors exit 2.
Heavy modules (OR-Tools, numpy) are imported only by the code paths that need them.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from scoring.cli import Failure
from solver.errors import UbongoError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def _reported() -> Iterator[None]:
    """Turn library errors into one clean stderr line and exit 1."""
    try:
        yield
    except UbongoError as error:
        raise Failure(str(error)) from error


def reported(command: F) -> F:
    """Decorate a command so that library errors are reported by :func:`_reported`."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with _reported():
            return command(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


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


def _print_solution(figure: Any, sol: Any, pieces: Any) -> None:
    for row in _solution_json(sol, figure, pieces):
        click.echo(row)


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
    "--batch",
    type=click.Path(allow_dash=True),
    metavar="FILE.jsonl",
    help='Solve every {"id", "figure", "pieces"} line; JSON Lines out.',
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
      ubongo solve '.##./####/####' L5 P5 I2
      ubongo solve figure.txt E K C --count
      ubongo solve --batch puzzles.jsonl --count > results.jsonl
    """
    if batch is not None:
        if figure or piece_names:
            raise click.UsageError("--batch takes no FIGURE or PIECE arguments")
        _solve_batch(batch, count, engine, timeout)
        return
    if figure is None or not piece_names:
        raise click.UsageError("give a FIGURE and at least one PIECE (or --batch FILE)")
    if count and show_all:
        raise click.UsageError("--count and --all do not go together")
    from solver.engine import check
    from solver.pieces import STANDARD
    from solver.puzzle import Puzzle

    puzzle = Puzzle(_read_figure(figure), STANDARD.resolve(piece_names))
    if show_all:
        _solve_all(puzzle, as_json, engine, timeout)
        return
    v = check(puzzle, want_count=count, engine=engine, timeout=timeout)  # type: ignore[arg-type]
    if as_json:
        out: dict[str, Any] = {
            "solvable": v.solvable,
            "solution": _solution_json(v.solution, puzzle.figure, STANDARD) if v.solution else None,
        }
        if count:
            out["solutions"] = v.solutions
        if v.reason:
            out["reason"] = v.reason
        click.echo(json.dumps(out))
    elif v.solution is not None:
        _print_solution(puzzle.figure, v.solution, STANDARD)
        if count:
            click.echo(f"{v.solutions} tiling{'' if v.solutions == 1 else 's'}")
    if not v.solvable:
        if not as_json:
            click.echo(f"unsolvable: {v.reason}")
        sys.exit(1)


def _solve_all(puzzle: Any, as_json: bool, engine: str, timeout: float) -> None:
    """Print every tiling (a blank line between two), or a JSON list of pictures; exit 1 if none."""
    from solver.engine import solutions
    from solver.pieces import STANDARD

    found: list[list[str]] = []
    for sol in solutions(puzzle, engine=engine, timeout=timeout):  # type: ignore[arg-type]
        rows = _solution_json(sol, puzzle.figure, STANDARD)
        if not as_json:
            click.echo("\n".join(([""] if found else []) + rows))
        found.append(rows)
    if as_json:
        click.echo(json.dumps({"solutions": found}))
    if not found:
        sys.exit(1)


def _solve_batch(path: str, count: bool, engine: str, timeout: float) -> None:
    """One JSON line out per input line, same order; a bad line is reported and skipped."""
    from puzzles import PuzzleFormatError, read_batch, read_text
    from solver.engine import check
    from solver.pieces import STANDARD

    failed = False
    for item in read_batch(read_text(path), path):
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
            "solution": _solution_json(v.solution, item.puzzle.figure, STANDARD)
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
@json_option
@engine_option
@timeout_option
@reported
def verify(
    set_path: str | None, count: bool, strict: bool, as_json: bool, engine: str, timeout: float
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


# --- scoring commands (scoring/cli.py) are registered below ---
from scoring.cli import score, simulate  # noqa: E402

main.add_command(score)
main.add_command(simulate)

if __name__ == "__main__":
    main()
