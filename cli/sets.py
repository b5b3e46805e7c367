"""``ubongo verify``, ``ubongo show`` and ``ubongo sets``: whole puzzle sets and their templates."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import click

from ubongo.cli import _complete
from ubongo.cli._common import (
    Clock,
    emit_json,
    engine_option,
    json_option,
    load_set,
    plural,
    printable,
    reported,
    show_picture,
    timeout_option,
)
from ubongo.puzzles.game import SIDES
from ubongo.solver.limits import SET_TIMEOUT

if TYPE_CHECKING:
    from ubongo import Verification
    from ubongo.puzzles import PuzzleSet


@click.command()
@click.argument("set_arg", required=False, metavar="[SET]", shell_complete=_complete.sets)
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
@timeout_option(SET_TIMEOUT)
@reported
def verify(
    set_arg: str | None,
    count: bool,
    strict: bool,
    picture: bool,
    as_json: bool,
    engine: str,
    timeout: float,
) -> None:
    """Solve every combination of a puzzle set (default: the bundled set); exit 1 if any fails.

    \b
    Examples:
      ubongo verify
      ubongo verify sample --count --strict --json
      ubongo generate --templates 2 --seed 1 -o my-set.json
      ubongo verify my-set.json --strict
    """
    from ubongo import verify as run

    clock = Clock(timeout)
    ps = load_set(set_arg)
    found = run(ps, count=count, strict=strict, engine=engine, timeout=clock.left)  # type: ignore[arg-type]
    if not found.results:
        click.echo(f"ubongo verify: {printable(ps.name)}: the set has no combination", err=True)
    if as_json:
        emit_json(found.to_json())
    else:
        click.echo(str(found))
        if picture:
            _show_unsolvable(found)
    if not found.ok:
        sys.exit(1)


def _show_unsolvable(found: Verification) -> None:
    """Each unsolvable combination drawn: the figure, then its pieces beside it."""
    from ubongo.render.colours import combination_rows

    ps = found.puzzle_set
    for r in found.unsolvable:
        click.echo(printable(f"\n{r.template} {r.side} face {r.face}: {' '.join(r.pieces)}"))
        side = ps.template(r.template).side(r.side)
        assert side is not None  # a combination comes from a side that is there
        show_picture(combination_rows(side.figure, [ps.pieces[n] for n in r.pieces]), ps.pieces)


@click.command()
@click.argument(
    "args", nargs=-1, metavar="[SET] [TEMPLATE [SIDE]]", shell_complete=_complete.set_and_template
)
@click.option("--count", is_flag=True, help="Count the tilings of each combination shown.")
@timeout_option()
@reported
def show(args: tuple[str, ...], count: bool, timeout: float) -> None:
    """Draw a template in the terminal: its figure and each die face's pieces.

    Without a TEMPLATE, list the set's templates with their areas. SET is a file, - or a
    bundled set's name (default: the bundled standard set).

    \b
    Examples:
      ubongo show
      ubongo show 07 hard --count
      ubongo show sample 01
    """
    set_arg, rest = _split_set(args)
    if len(rest) > 2:
        raise click.UsageError("give at most [SET] TEMPLATE SIDE")
    ps = load_set(set_arg)
    if not rest:
        _list_templates(ps)
        return
    clock = Clock(timeout)
    template = ps.template(rest[0])
    names = [rest[1]] if len(rest) == 2 else [n for n in SIDES if template.side(n)]
    for i, side in enumerate(names):
        if i:
            click.echo()
        _show_side(ps, template.id, side, count, clock)


def _split_set(args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The SET among ``[SET] [TEMPLATE [SIDE]]``: a first argument that names a set."""
    from ubongo.puzzles import bundled_names

    if args and (args[0] == "-" or os.path.exists(args[0]) or args[0] in bundled_names()):
        return args[0], args[1:]
    return None, args


def _list_templates(ps: PuzzleSet) -> None:
    """One line per template: its id and the areas of its sides."""
    if not ps.templates:
        click.echo(f"ubongo show: {printable(ps.name)}: the set has no template", err=True)
        return
    for line in ps.listing():
        click.echo(printable(line))


def _show_side(ps: PuzzleSet, tid: str, side: str, count: bool, clock: Clock) -> None:
    """A side: for each of its figures a heading, the figure, then one row per die face (or
    range) that asks for it, with its pieces drawn small."""
    from ubongo.render.colours import terminal_pieces, terminal_rows

    first = ps.combination(tid, side, ps.die[0])  # names a missing side or template
    chosen = ps.template(tid).side(first.side)
    assert chosen is not None  # combination() found it
    labels = chosen.labels(ps.die)
    on = chosen.on or (0,) * len(chosen.combos)
    for n, fig in enumerate(chosen.figures):
        which = f" figure {n + 1}" if chosen.others else ""
        click.echo(
            printable(
                f"{ps.name} {tid} {first.side}{which}: {plural(fig.area, 'cell')}, "
                f"box {fig.height}x{fig.width}"
            )
        )
        show_picture(terminal_rows(fig.rows(), fig.lattice), ps.pieces)
        for face in (label for label, k in zip(labels, on, strict=True) if k == n):
            c = ps.combination(tid, side, face)
            names = " ".join(p.name for p in c.puzzle.pieces)
            click.echo(printable(f"face {face}: {names}{_count_text(c, count, clock)}"))
            show_picture(terminal_pieces(c.puzzle.pieces), ps.pieces)


def _count_text(c: Any, count: bool, clock: Clock) -> str:
    """`` (2 tilings)`` with --count, else nothing."""
    if not count:
        return ""
    from ubongo import count as tilings

    return f" ({plural(tilings(c.puzzle, timeout=clock.left), 'tiling')})"


@click.command("sets")
@json_option
def sets_command(as_json: bool) -> None:
    """List the bundled puzzle sets, usable as SET in every command.

    \b
    Example:
      ubongo sets
    """
    from ubongo.puzzles import bundled, bundled_names

    found = [bundled(n) for n in bundled_names()]
    if as_json:
        emit_json(
            [
                {"name": n, "title": ps.name, "templates": len(ps.templates)}
                for n, ps in zip(bundled_names(), found, strict=True)
            ]
        )
        return
    width = max(10, *(len(n) + 2 for n in bundled_names()))
    for n, ps in zip(bundled_names(), found, strict=True):
        combos = sum(1 for _ in ps.combinations())
        default = " (default)" if n == bundled_names()[0] else ""
        click.echo(
            f"{n:<{width}}{plural(len(ps.templates), 'template')}, "
            f"{plural(combos, 'combination')}{default}"
        )


COMMANDS = [verify, show, sets_command]
