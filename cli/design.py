"""``ubongo generate`` and ``ubongo stats``: design template sets and compare them."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import click

from ubongo.cli import _complete
from ubongo.cli._common import (
    Clock,
    Failure,
    emit_json,
    json_option,
    output_option,
    piece_set,
    pieces_option,
    printable,
    process_pool,
    quiet_option,
    reported,
    timeout_option,
    workers_option,
    write_atomic,
)
from ubongo.puzzles.game import (
    DEFAULT_DIE,
    EDITIONS,
    FRAME,
    PIECES_PER_SIDE,
    SIDES,
    TEMPLATES,
    frame_text,
)
from ubongo.solver.limits import SET_TIMEOUT

_FRAME = frame_text(FRAME)
_SIZES = ",".join(str(PIECES_PER_SIDE[s]) for s in SIDES)


def _pair(text: str, sep: str, what: str) -> tuple[int, int]:
    """``"5x6"`` or ``"3,4"`` as two positive ints; a usage error otherwise."""
    parts = text.lower().split(sep)
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"expected {what}, not {text!r}")
    return int(parts[0]), int(parts[1])


@click.command()
@click.option(
    "--templates",
    type=click.IntRange(min=1),
    help="Templates (cards) to design; each has an easy and a hard side.  "
    f"[default: the edition's box: {TEMPLATES}; 54 for extreme, 32 for trigo]",
)
@click.option(
    "--edition",
    type=click.Choice(list(EDITIONS)),
    help="The cards to make: figures, regions and rows a side, pieces per row.  [default: the "
    "edition the pieces are played in: ubongo for squares, ubongo-3d for its blocks, extreme "
    "for hexagons, trigo for triangles]",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same set.")
@click.option(
    "--frame",
    metavar="RxC",
    help="Every figure fits in R rows by C columns; a larger frame than the edition's "
    f"stretches the published boxes to it.  [default: {_FRAME}; 4x5 for ubongo-3d]",
)
@workers_option("Processes searching figures; the output is the same for any number.")
@click.option(
    "--faces",
    type=click.IntRange(1, 12),
    help=f"Die faces: combinations per side.  [default: {len(DEFAULT_DIE)}; ubongo-3d boards "
    "have their own table: 4 easy rows, 10 hard, two footprints a side]",
)
@click.option(
    "--pieces-per-side",
    "sizes",
    metavar="EASY,HARD",
    help=f"Pieces per combination on the easy and on the hard side.  [default: {_SIZES}]",
)
@pieces_option
@click.option(
    "--profile",
    type=click.Choice(["published", "hard", "unique"]),
    default="published",
    show_default=True,
    help="Difficulty: the published game's tiling counts; fewer tilings; one tiling each.",
)
@click.option("--name", help="Name written in the set (default: generated-SEED).")
@click.option(
    "--atlas",
    "atlas_arg",
    metavar="ATLAS",
    shell_complete=_complete.files,
    help="Pick figures and combinations from an atlas (ubongo atlas) instead of carving.",
)
@click.option(
    "--avoid",
    "avoid",
    multiple=True,
    metavar="SET",
    shell_complete=_complete.sets,
    help="A set (file or bundled name) none of whose figures may appear again, up to "
    "rotation and reflection; may be repeated.",
)
@output_option("Where to write the set", default="-", metavar="SET.json")
@quiet_option
@timeout_option(SET_TIMEOUT)
@reported
def generate(
    templates: int | None,
    edition: str | None,
    seed: int,
    frame: str | None,
    workers: int,
    faces: int | None,
    sizes: str | None,
    pieces_set: str | None,
    profile: str,
    name: str | None,
    atlas_arg: str | None,
    avoid: tuple[str, ...],
    output: str,
    quiet: bool,
    timeout: float,
) -> None:
    """Design a complete set of templates, every combination proven solvable.

    Each side is a connected, hole-free figure inside the frame, carved in bites and steps,
    with one combination of distinct pieces per die face, each tiling the figure; tiling
    counts, areas, boxes, piece use, one-tiling combinations per side, symmetric figures and
    dead ends follow the profile (default: the published game's statistics). A frame larger
    than the edition's stretches the profile's boxes to it. Each seed takes its figures from
    its own share of all figures first, so two seeds' sets share few. Same seed and options,
    same bytes, whatever --workers. A pieces file of hexagons makes Extreme-style cards (a row
    per colour), of triangles Trigo-style cards (two regions a figure); their figures are made
    of the pieces themselves (docs/EDITIONS.md).

    \b
    Examples:
      ubongo generate --templates 2 --seed 1 -o my-set.json
      ubongo generate --templates 2 --seed 7 --profile unique --workers 2 -o unique.json
      ubongo generate --templates 2 --seed 2 --avoid standard --avoid my-set.json -o new.json
      ubongo generate --templates 2 --seed 3 --frame 5x7 -o wide.json
      ubongo stats my-set.json unique.json --published
      ubongo generate --templates 2 --frame 4x5 --atlas 4x5 -o from-atlas.json

    \b
    Exit codes: 0 success; 1 the set cannot be built as asked (frame too small, or too large
    for the pieces to fill, bad pieces file, an --avoid set that cannot be read) or the output
    cannot be written; 2 usage error.
    """
    from ubongo import design
    from ubongo._api import design_options
    from ubongo._inputs import UsageError

    clock = Clock(timeout)  # the whole command: the design has the same limit within it
    fr = None if frame is None else _pair(frame, "x", f"a frame such as {_FRAME}")
    pair = None if sizes is None else _pair(sizes, ",", f"two sizes such as {_SIZES}")
    pieces = piece_set(pieces_set)
    try:
        opts = design_options(templates, seed, fr, faces, pair, pieces, profile, name, (), edition)
    except UsageError as e:  # options that do not go together: exit 2
        raise click.UsageError(str(e)) from None
    show = not quiet and sys.stderr.isatty()
    start = time.perf_counter()
    with ExitStack() as stack:
        figures = None  # the default figure source: carved at random
        if atlas_arg is not None:  # lookups in the open atlas, so in this process
            figures, workers = _from_atlas(stack, atlas_arg, opts), 1
        made = design(
            opts.templates,
            seed=seed,
            frame=opts.frame,
            faces=faces,
            sizes=opts.sizes,
            piece_set=pieces,
            profile=profile,
            name=name,
            executor=stack.enter_context(process_pool(workers)),
            timeout=clock.left(),
            progress=_deadline(
                stack.enter_context(_bar(2 * opts.templates * opts.edition.figures, show)),
                start,
                timeout,
            ),
            figures=figures,
            avoid=avoid,
            edition=opts.edition.name,
        )
    write_atomic(output, json.dumps(made.to_json(), indent=1) + "\n")
    if not quiet:
        click.echo(
            f"{output if output != '-' else 'stdout'}: {len(made.puzzle_set.templates)} templates, "
            f"{made.combinations} combinations, every one solvable; {made.report.tried} figures "
            f"tried, {time.perf_counter() - start:.1f} s",
            err=True,
        )


def _from_atlas(stack: ExitStack, atlas_arg: str, opts: Any) -> Any:
    """The atlas as a figure source (it stays open in ``stack``), checked against ``opts``."""
    from ubongo.cli.atlas import open_atlas
    from ubongo.generator.from_atlas import AtlasFigures
    from ubongo.puzzles.atlas.query import check_pieces

    con, about, name = stack.enter_context(open_atlas(atlas_arg))
    cells = about.footprint_lattice
    if not cells.plain:  # planted figures have no area-and-box slots an atlas could fill
        raise Failure(
            f"{printable(name)}: an atlas of {cells.cells}; --atlas takes atlases of squares "
            f"and of blocks (figures of {cells.cells} are made of the pieces)"
        )
    check_pieces(about, opts.pieces, name)
    (r, c), (ar, ac) = sorted(opts.frame), about.frame
    if r > ar or c > ac:
        raise Failure(
            f"{printable(name)}: an atlas of the {ar}x{ac} frame; the set's frame is "
            f"{opts.frame[0]}x{opts.frame[1]} (give --frame {ar}x{ac}, or a larger atlas)"
        )
    missing = [n for n in opts.sizes if n not in about.sizes]
    if missing:
        raise Failure(
            f"{printable(name)}: combinations of {', '.join(map(str, about.sizes))} pieces; "
            f"the set asks for {missing[0]}"
        )
    return AtlasFigures(con, about)


def _deadline(
    step: Callable[[int], None] | None, start: float, timeout: float
) -> Callable[[int], None]:
    """A progress callback that also stops the run ``timeout`` seconds after ``start``.

    A wall-clock limit on the whole run rather than on each search, so that what is written
    never depends on timing: the same seed gives the same set, or no set at all.
    """

    def tick(n: int) -> None:
        if step is not None:
            step(n)
        if time.perf_counter() > start + timeout:
            raise Failure(f"time limit of {timeout:g} s (--timeout) reached; nothing written")

    return tick


@contextmanager
def _bar(total: int, show: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, as a ``step(n)`` callback; None when hidden."""
    if not show:
        yield None
        return
    with click.progressbar(length=total, label="searching figures", file=sys.stderr) as bar:
        yield bar.update


@click.command()
@click.argument("set_args", nargs=-1, metavar="[SET]...", shell_complete=_complete.sets)
@click.option(
    "--published",
    is_flag=True,
    help="Add the published game's numbers (measured on its 53 printed sides; for sets of "
    "ubongo-3d blocks, Ubongo 3D's 504 problems).",
)
@click.option(
    "--frame",
    metavar="RxC",
    help=f"Count the figures that do not fit in this frame.  [default: {_FRAME}; 4x5 for "
    "ubongo-3d]",
)
@json_option
@timeout_option()
@reported
def stats(
    set_args: tuple[str, ...], published: bool, frame: str | None, as_json: bool, timeout: float
) -> None:
    """Print the calibration table of puzzle sets (default: the bundled set), side by side.

    Per side: areas, bounding boxes, holes, tilings per combination (distribution, mean, max),
    piece use, the die faces' balance (mean tilings, share with one tiling), how a side's
    combinations relate (distinct pieces, most faces one piece is on, pieces shared by two
    combinations, one-tiling combinations per side, rank correlation of orientations with
    tilings, dead-end ratio on hard sides) and the figures' shapes (corners, one-cell tips,
    deep cut-outs, wide ends, U notches, symmetric share), and the figures each set shares
    with every other set given, up to rotation and reflection. Tilings of a symmetric figure's
    mirror image count as other tilings, as in the published numbers. Columns are headed by the
    sets' names, or by their SET arguments when two names are the same.

    \b
    Examples:
      ubongo stats
      ubongo stats sample standard --published
      ubongo generate --templates 2 --seed 2 -o my-set.json
      ubongo stats my-set.json --json
    """
    import ubongo

    clock = Clock(timeout)
    fr = None if frame is None else _pair(frame, "x", f"a frame such as {_FRAME}")
    args = set_args or ("standard",)
    try:
        table = ubongo.stats(*args, frame=fr, published=published, timeout=clock.left)
    except ubongo.UsageError as e:  # options that do not go together: exit 2
        raise click.UsageError(str(e)) from None
    if as_json:
        emit_json(table.to_json())
        return
    click.echo(str(table))


COMMANDS = [generate, stats]
