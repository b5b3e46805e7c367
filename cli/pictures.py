"""``ubongo render``: a puzzle set as a web page, printable cards or SVG files."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click

from ubongo.cli._common import (
    Clock,
    load_set,
    output_folder,
    plural,
    quiet_option,
    reported,
    safe_name,
    timeout_option,
    warn,
    write_atomic,
    write_in_folder,
)

if TYPE_CHECKING:
    from ubongo.puzzles import PuzzleSet
    from ubongo.render.html import Listings


@click.command()
@click.argument("set_arg", required=False, metavar="[SET]")
@click.option(
    "--html",
    "html_dir",
    metavar="DIR",
    help="Write DIR/index.html: an index, a practice board with hints, every template; "
    "click a die face for a solution.",
)
@click.option(
    "--pdf",
    "pdf_path",
    metavar="FILE",
    help="Write printable double-sided cards with cut marks (needs the 'print' extra).",
)
@click.option(
    "--svg",
    "svg_dir",
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
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "a3"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size of the PDF; a card that does not fit is an error, never a larger page.",
)
@click.option(
    "--per-page",
    type=click.Choice(["auto", "1", "2", "4"]),
    default="auto",
    show_default=True,
    help="Cards on a sheet of the PDF; auto puts as many as fit.",
)
@click.option(
    "--flip",
    type=click.Choice(["long", "short"], case_sensitive=False),
    default="long",
    show_default=True,
    help="The PDF's duplex setting: the printer turns the sheet about its long or short edge.",
)
@quiet_option
@timeout_option(600.0)
@reported
def render(
    set_arg: str | None,
    html_dir: str | None,
    pdf_path: str | None,
    svg_dir: str | None,
    cell_mm: float,
    paper: str,
    per_page: str,
    flip: str,
    quiet: bool,
    timeout: float,
) -> None:
    """Draw a puzzle set (default: the bundled set) as a web page, print cards or SVG files.

    A missing DIR is made (its parent must exist); files are written atomically.

    \b
    Examples:
      ubongo render sample --html site
      ubongo render sample --pdf cards.pdf --cell-mm 15
      ubongo render sample --pdf cards.pdf --paper letter --flip short
      ubongo render sample --svg sides
    """
    if not (html_dir or pdf_path or svg_dir):
        raise click.UsageError("give at least one of --html DIR, --pdf FILE, --svg DIR")
    clock = Clock(timeout)
    ps = load_set(set_arg)
    said: list[str] = []
    if pdf_path:
        from ubongo.render.pdf import cards

        data, pages = cards(
            ps, cell_mm=cell_mm, paper=paper.lower(), per_page=per_page, flip=flip.lower()
        )
        write_atomic(pdf_path, data)
        said.append(
            f"wrote {pdf_path}: {plural(pages, 'page')}, fronts and backs in turn; print both "
            f"sides at 100 %, flip on {flip.lower()} edge; cells {cell_mm:g} mm"
        )
    if svg_dir:
        folder = output_folder(svg_dir)
        n = sum(1 for _ in (write_in_folder(folder, name, svg) for name, svg in _svgs(ps)))
        said.append(f"wrote {plural(n, 'SVG file')} in {svg_dir}")
    if html_dir:
        from ubongo.render.html import page, unsolvable

        listings = _listings(ps, clock)
        write_in_folder(output_folder(html_dir), "index.html", page(ps, listings))
        none = len(unsolvable(ps, listings))
        said.append(f"wrote {os.path.join(html_dir, 'index.html')}")
        said.append(
            f"{none} of {plural(len(listings), 'combination')} "
            f"{'has' if none == 1 else 'have'} no tiling"
        )
    if not quiet:
        for line in said:
            warn(line)


_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]{1,60}")


def _svgs(ps: PuzzleSet) -> Iterator[tuple[str, str]]:
    """Each side's file name and SVG: ``TEMPLATE-SIDE.svg``, or a safe slug and its index."""
    from ubongo.render.svg import side_svg, sides

    for i, s in enumerate(sides(ps), 1):
        stem = (
            s.template
            if _PLAIN_ID.fullmatch(s.template)
            else f"{i:03d}-{safe_name(s.template) or 'template'}"
        )
        yield (
            f"{stem}-{s.name}.svg",
            side_svg(s.figure, s.combos, ps.die, title=s.title, side=s.name, pieces=ps.pieces),
        )


def _listings(ps: PuzzleSet, clock: Clock) -> Listings:
    """What the page shows of each combination: every tiling, in the order ``ubongo hint``
    lists them (the bitboard engine's), for Ubongo-sized puzzles; the first only for larger
    ones, whose listing could take minutes (the 12 pentominoes in 6x10 have 9356)."""
    from ubongo.render.html import PAGE_TILINGS, Listing
    from ubongo.solver.engine import SMALL_PIECES, solutions, solve
    from ubongo.solver.errors import PuzzleTooLarge

    found: dict[tuple[str, str, str], Listing] = {}
    for c in ps.combinations():
        key = (c.template, c.side, c.face)
        try:
            if len(c.puzzle.pieces) > SMALL_PIECES:
                first = solve(c.puzzle, timeout=clock.left())
                found[key] = Listing(() if first is None else (first,), first is None)
                continue
            listed = list(
                solutions(c.puzzle, engine="bitboard", timeout=clock.left(), limit=PAGE_TILINGS + 1)
            )
            found[key] = Listing(listed[:PAGE_TILINGS], len(listed) <= PAGE_TILINGS)
        except PuzzleTooLarge:
            found[key] = Listing((), False)
    return found


COMMANDS = [render]
