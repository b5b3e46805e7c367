"""The ``ubongo generate`` and ``ubongo stats`` commands: thin click wrappers over the generator.

Library errors become :class:`scoring.cli.Failure` (one stderr line, exit 1) in
:func:`reported`, the one place that catches them.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar

import click

from scoring.cli import Failure, reporting
from solver.errors import UbongoError

F = TypeVar("F", bound=Callable[..., Any])


reported = reporting(UbongoError)


def _pair(text: str, sep: str, what: str) -> tuple[int, int]:
    """``"5x6"`` or ``"3,4"`` as two positive ints; a usage error otherwise."""
    parts = text.lower().split(sep)
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"expected {what}, not {text!r}")
    return int(parts[0]), int(parts[1])


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``-`` = stdout) so that no reader ever sees half a file."""
    if path == "-":
        click.echo(text, nl=False)
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".ubongo-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


@click.command()
@click.option(
    "-n",
    "--templates",
    type=click.IntRange(min=1),
    default=36,
    show_default=True,
    help="Templates (cards) to design; each has an easy and a hard side.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same set.")
@click.option(
    "--frame",
    default="5x6",
    show_default=True,
    metavar="RxC",
    help="Every figure fits in R rows by C columns.",
)
@click.option(
    "-j",
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes searching figures; the output is the same for any number.",
)
@click.option(
    "--faces",
    type=click.IntRange(1, 12),
    default=6,
    show_default=True,
    help="Die faces: combinations per side.",
)
@click.option(
    "--pieces-per-side",
    "sizes",
    default="3,4",
    show_default=True,
    metavar="EASY,HARD",
    help="Pieces per combination on the easy and on the hard side.",
)
@click.option(
    "--pieces",
    "pieces_path",
    type=click.Path(dir_okay=False),
    metavar="FILE.json",
    help='Custom pieces: a puzzle-set file with "pieces", or {name: {"rows": [...], "code": "A"}}.',
)
@click.option(
    "--profile",
    type=click.Choice(["published", "hard", "unique"]),
    default="published",
    show_default=True,
    help="Difficulty: the published game's tiling counts; fewer tilings; one tiling each.",
)
@click.option("--name", help="Name written in the set (default: generated-SEED).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    show_default=True,
    metavar="SET.json",
    help="Where to write the set (written atomically); - for stdout.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar and no summary on stderr.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=600.0,
    show_default=True,
    metavar="SECONDS",
    help="Give up (exit 1, nothing written) when the whole run takes longer.",
)
@reported
def generate(
    templates: int,
    seed: int,
    frame: str,
    workers: int,
    faces: int,
    sizes: str,
    pieces_path: str | None,
    profile: str,
    name: str | None,
    output: str,
    quiet: bool,
    timeout: float,
) -> None:
    """Design a complete set of templates, every combination proven solvable.

    Each side is a connected, hole-free figure inside the frame with one combination of
    distinct pieces per die face, each tiling the figure; tiling counts, areas, boxes and
    piece use follow the profile (default: the published game's statistics). Same seed and
    options, same bytes, whatever --workers.

    \b
    Examples:
      ubongo generate --templates 36 --seed 1 -o my-set.json
      ubongo generate -n 12 --seed 7 --profile unique --workers 2 -o unique.json
      ubongo stats my-set.json --published

    \b
    Exit codes: 0 success; 1 the set cannot be built as asked (frame too small, bad pieces
    file) or the output cannot be written; 2 usage error.
    """
    from generator.design import Options
    from generator.design import generate as run
    from solver.pieces import STANDARD

    fr = _pair(frame, "x", "a frame such as 5x6")
    easy, hard = _pair(sizes, ",", "two sizes such as 3,4")
    pieces = load_pieces(pieces_path) if pieces_path else STANDARD
    opts = Options(templates, seed, fr, faces, (easy, hard), pieces, profile, name)
    show = not quiet and sys.stderr.isatty()
    start = time.perf_counter()
    with _executor(workers) as ex, _bar(2 * templates, show) as step:
        ps, report = run(opts, ex, _deadline(step, start, timeout))
    text = json.dumps(ps.to_json(), indent=1) + "\n"
    try:
        write_atomic(output, text)
    except OSError as e:
        raise Failure(f"cannot write {output}: {e.strerror}") from None
    if not quiet:
        combos = sum(len(s.combos) for t in ps.templates for s in (t.easy, t.hard) if s)
        click.echo(
            f"{output if output != '-' else 'stdout'}: {len(ps.templates)} templates, "
            f"{combos} combinations, every one solvable; {report.tried} figures tried, "
            f"{time.perf_counter() - start:.1f} s",
            err=True,
        )


def _executor(workers: int) -> AbstractContextManager[Any]:
    """A process pool for ``workers`` > 1, else nothing (searches run in this process)."""
    if workers == 1:
        return nullcontext(None)
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers)


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
            raise UbongoError(f"time limit of {timeout:g} s (--timeout) reached; nothing written")

    return tick


@contextmanager
def _bar(total: int, show: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, as a ``step(n)`` callback; None when hidden."""
    if not show:
        yield None
        return
    with click.progressbar(length=total, label="searching figures", file=sys.stderr) as bar:
        yield bar.update


def load_pieces(path: str) -> Any:
    """The pieces of a puzzle-set file, or of a pieces file ``{name: {"rows", "code"}}``."""
    from puzzles import PuzzleFormatError, decode_json, parse_set, read_text
    from solver.pieces import PieceSet

    data = decode_json(read_text(path), path)
    if isinstance(data, dict) and "format" in data:
        return parse_set(data, path).pieces
    if not isinstance(data, dict) or not data:
        raise PuzzleFormatError(path, "", 'expected {name: {"rows": [...], "code": "A"}}')
    try:
        return PieceSet.from_json(data)
    except UbongoError as e:
        raise PuzzleFormatError(path, "pieces", str(e)) from None


@click.command()
@click.argument("set_paths", nargs=-1, type=click.Path(allow_dash=True), metavar="[SET.json]...")
@click.option(
    "--published",
    is_flag=True,
    help="Add a column with the published game's numbers (calibration.md); text only.",
)
@click.option(
    "--frame",
    default="5x6",
    show_default=True,
    metavar="RxC",
    help="Count the figures that do not fit in this frame.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=60.0,
    show_default=True,
    metavar="SECONDS",
    help="Give up (exit 1) when counting the tilings of one figure takes longer.",
)
@reported
def stats(
    set_paths: tuple[str, ...], published: bool, frame: str, as_json: bool, timeout: float
) -> None:
    """Print the calibration table of puzzle sets (default: the bundled set), side by side.

    Per side: areas, bounding boxes, holes, tilings per combination (distribution, mean, max),
    piece use, and the die faces' balance (mean tilings, share with one tiling). Tilings of a
    symmetric figure's mirror image count as other tilings, as in calibration.md.

    \b
    Examples:
      ubongo stats
      ubongo stats my-set.json puzzles/standard.json --published
      ubongo stats my-set.json --json

    \b
    Exit codes: 0 success; 1 a set file that cannot be read; 2 usage error.
    """
    from generator.stats import set_stats, stats_table
    from puzzles import load_set

    fr = _pair(frame, "x", "a frame such as 5x6")
    sets = [set_stats(load_set(p), fr, timeout) for p in set_paths or (None,)]
    if as_json:
        docs = [s.to_json() for s in sets]
        click.echo(json.dumps(docs[0] if len(docs) == 1 else docs, indent=1))
        return
    click.echo(stats_table(sets, published))
