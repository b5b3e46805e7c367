"""``ubongo render``: a puzzle set as a web page, printable cards or SVG files."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import click

from ubongo.cli import _complete, _interrupts
from ubongo.cli._common import (
    Clock,
    FiniteRange,
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
from ubongo.solver.limits import SET_TIMEOUT


@click.command()
@click.argument("set_arg", required=False, metavar="[SET]", shell_complete=_complete.sets)
@click.option(
    "--html",
    "html_dir",
    metavar="DIR",
    shell_complete=_complete.files,
    help="Write DIR/index.html: an index, a practice board with hints, every template; "
    "click a die face for a solution (on a 3D set, to practise it). Beside it a manifest, "
    "icons and a service worker: hosted on any web server, the page installs on a phone and "
    "plays offline after the first visit.",
)
@click.option(
    "--pdf",
    "pdf_path",
    metavar="FILE",
    shell_complete=_complete.files,
    help="Write printable double-sided cards with cut marks (needs fpdf2: pip install fpdf2).",
)
@click.option(
    "--svg",
    "svg_dir",
    metavar="DIR",
    shell_complete=_complete.files,
    help="Write one SVG per template side, DIR/TEMPLATE-SIDE.svg.",
)
@click.option(
    "--cell-mm",
    type=FiniteRange(5, 60),
    default=None,
    show_default="16, or the largest that fits the paper",
    help="Printed size of a figure cell; measure a square of your pieces (a cube of your "
    "blocks, a hexagon across its flats, a triangle's side) and match it.",
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
@click.option(
    "--bleed",
    "bleed_mm",
    type=FiniteRange(0, 5),
    default=0.0,
    show_default=True,
    metavar="MM",
    help="Print each card's background MM past its cut line (3 is usual), so a cut a little "
    "off leaves no white edge; the cut marks still point at the line.",
)
@quiet_option
@timeout_option(SET_TIMEOUT)
@reported
def render(
    set_arg: str | None,
    html_dir: str | None,
    pdf_path: str | None,
    svg_dir: str | None,
    cell_mm: float | None,
    paper: str,
    per_page: str,
    flip: str,
    bleed_mm: float,
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
      ubongo render sample --pdf cards.pdf --bleed 3
      ubongo render sample --svg sides
    """
    if not (html_dir or pdf_path or svg_dir):
        raise click.UsageError("give at least one of --html DIR, --pdf FILE, --svg DIR")
    import ubongo

    clock = Clock(timeout)
    ps = load_set(set_arg)
    said: list[str] = []
    if pdf_path:
        printed = ubongo.cards(
            ps, cell_mm=cell_mm, paper=paper, per_page=per_page, flip=flip, bleed_mm=bleed_mm
        )
        write_atomic(pdf_path, printed.data)
        said.append(f"wrote {pdf_path}: {printed}")
    if svg_dir:
        drawn = ubongo.svgs(ps)  # first: a set the pictures refuse leaves no empty folder
        folder = output_folder(svg_dir)
        n = sum(1 for _ in (write_in_folder(folder, name, svg) for name, svg in _files(drawn)))
        said.append(f"wrote {plural(n, 'SVG file')} in {svg_dir}")
    if html_dir:
        web = ubongo.page(ps, timeout=clock.left)
        folder = output_folder(html_dir)
        with _interrupts.deferred():  # Ctrl-C leaves one render's files, never two renders' mix
            written = [write_in_folder(folder, name, data) for name, data in web.files().items()]
        others = plural(len(written) - 1, "app file")
        said.append(
            f"wrote {os.path.join(html_dir, 'index.html')} and {others} "
            "(manifest, icons, service worker)"
        )
        said.append(web.summary())
    if not quiet:
        for line in said:
            warn(line)


_PLAIN_ID = re.compile(r"[A-Za-z0-9_-]{1,60}")


def _files(drawn: dict[tuple[str, str], str]) -> Iterator[tuple[str, str]]:
    """Each side's file name and SVG: ``TEMPLATE-SIDE.svg``, or a safe slug and its index."""
    for i, ((template, side), svg) in enumerate(drawn.items(), 1):
        stem = (
            template
            if _PLAIN_ID.fullmatch(template)
            else f"{i:03d}-{safe_name(template) or 'template'}"
        )
        yield f"{stem}-{side}.svg", svg


COMMANDS = [render]
