"""``ubongo atlas``: every figure that fits a card and every combination that tiles it.

``build`` deals the shards to an executor (this process, a process pool or a Dask cluster),
writes each shard's rows as Parquet files as they come back (the only writer: workers return
rows), and consolidates the shards into one DuckDB file. ``stats``, ``find``, ``figure`` and
``sql`` open an atlas read-only and ask ``puzzles.atlas.query``.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager, ExitStack, closing, contextmanager, suppress
from typing import TYPE_CHECKING, Any

import click

from ubongo.cli import _complete, _interrupts
from ubongo.cli._common import (
    Clock,
    Failure,
    atomic_path,
    emit_json,
    json_line,
    json_option,
    output_folder,
    piece_set,
    pieces_option,
    plural,
    printable,
    process_pool,
    quiet_option,
    read_text,
    reported,
    show_picture,
    timeout_option,
    worker_died,
    workers_option,
    write_atomic,
)
from ubongo.puzzles.game import EXTREME, FRAME, PIECES_PER_SIDE, SIDES, TRIGO, UBONGO_3D, frame_text

_FRAME = frame_text(FRAME)
_SIZES = ",".join(str(PIECES_PER_SIDE[s]) for s in SIDES)
_AREAS = "11-18"
_CUBE_FRAME = frame_text(UBONGO_3D.frame)
_CUBE_AREAS = "5-10"
"""The default areas for blocks of cubes: every published footprint has 6-10 squares in Ubongo
3D, 5-8 in its Family edition (research of issue 20); both fit Ubongo 3D's frame."""
_HEIGHT = UBONGO_3D.height or 1  # an edition of flat pieces has no height: one layer
"""Layers a footprint is filled to by default: Ubongo 3D's two."""

if TYPE_CHECKING:
    from ubongo._atlas import AtlasFigure
    from ubongo.puzzles.atlas.build import Rows, Spec, Task
    from ubongo.puzzles.atlas.query import Info
    from ubongo.solver.lattice import Lattice

SHARDS_SUFFIX = ".shards"
CONSOLIDATE_MEMORY = "400MB"
"""DuckDB's memory limit while it sorts the shards into one file (the 5x6 atlas: 1.4 GB without)."""
MANIFEST = "manifest.json"
MAX_LIMIT = 2**63 - 1
"""The largest ``find --limit`` DuckDB takes (a BIGINT); a larger one means every figure too."""


@click.group()
def atlas() -> None:
    """Every figure that fits a card, every combination that tiles it: build, query.

    An ATLAS is a DuckDB file made by `atlas build`, or a bundled atlas's name: 4x5 (the
    default), or ubongo-3d and ubongo-3d-family for the blocks of Ubongo 3D. Exit codes: 0
    success; 1 a missing or damaged atlas, an atlas of another schema, an SQL error, a time
    limit, a build that cannot go on (another build holds its folder, a worker died, a full
    disk); 2 usage error; 130 Ctrl-C.

    \b
    Examples:
      ubongo atlas stats
      ubongo atlas find --combo 'L5 L4 I3' --unique --limit 1
      ubongo atlas build --frame 3x4 -o small.duckdb -q
      ubongo atlas sql small.duckdb 'SELECT area, count(*) FROM figures GROUP BY area'
    """


def _range(text: str) -> tuple[int, int]:
    """``11-18`` (or ``13``) as a pair of positive ints, low first."""
    lo, sep, hi = text.partition("-")
    if not (lo.strip().isdigit() and (not sep or hi.strip().isdigit())):
        raise click.BadParameter(f"expected areas such as 11-18, not {text!r}")
    a, b = int(lo), int(hi) if sep else int(lo)
    if not 1 <= a <= b:
        raise click.BadParameter(f"expected 1 <= low <= high, not {text!r}")
    return a, b


def _sizes(text: str) -> tuple[int, ...]:
    """``3,4`` as sorted distinct positive ints."""
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"expected sizes such as {_SIZES}, not {text!r}")
    return tuple(sorted({int(p) for p in parts}))


def _box(text: str) -> tuple[int, int]:
    """``5x6`` as two positive ints."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"expected rows x columns such as {_FRAME}, not {text!r}")
    return int(parts[0]), int(parts[1])


# --- build ------------------------------------------------------------------------------------


@atlas.command()
@click.option(
    "-o",
    "--output",
    required=True,
    metavar="ATLAS",
    shell_complete=_complete.files,
    help="The DuckDB file to make.",
)
@click.option(
    "--frame",
    metavar="RxC",
    help=f"The card (hexagons, triangles: lines by characters of a figure's picture).  "
    f"[default: {_FRAME}; cubes: {_CUBE_FRAME}; hexagons: {frame_text(EXTREME.frame)}; "
    f"triangles: {frame_text(TRIGO.frame)}]",
)
@click.option(
    "--areas",
    metavar="A-B",
    help=f"Figure areas, in cells (for cubes: squares of the footprint).  [default: {_AREAS}; "
    f"cubes: {_CUBE_AREAS}; none for hexagons and triangles: give it]",
)
@click.option(
    "--sizes", default=_SIZES, show_default=True, metavar="N,M", help="Pieces per combination."
)
@pieces_option
@click.option(
    "--height",
    type=click.IntRange(1, 64),  # as --height anywhere (solver.figure.MAX_LEVELS)
    metavar="N",
    help=f"For blocks of cubes: each footprint is filled N layers high.  [default: {_HEIGHT}, "
    "as in Ubongo 3D]",
)
@click.option(
    "--holes",
    is_flag=True,
    help="Keep figures with holes too (one published Ubongo 3D Family footprint has one).",
)
@workers_option(
    "Processes (or Dask workers for --dask local); the atlas is the same for any number."
)
@click.option(
    "--dask",
    metavar="ADDRESS",
    help="Run the shards on a Dask cluster (tcp://host:8786), or 'local' for a LocalCluster "
    "of --workers processes (needs Dask: pip install 'dask[distributed]').",
)
@click.option(
    "--shards",
    type=click.IntRange(1, 4096),
    help="Units of work, fewer when the frame has fewer figures (default: an earlier run's "
    "count in ATLAS.shards/, else 4 to 256 as the square root of the figures to grow); part of "
    "what decides the shard files.",
)
@quiet_option
@reported
def build(
    output: str,
    frame: str | None,
    areas: str | None,
    sizes: str,
    pieces_set: str | None,
    height: int | None,
    holes: bool,
    workers: int,
    dask: str | None,
    shards: int | None,
    quiet: bool,
) -> None:
    """Build an atlas: every connected, hole-free figure (with --holes, with holes too) whose
    box fits the frame either way round, once up to rotation and reflection, with every
    combination of distinct pieces of each size that tiles it and its tiling count. With
    blocks of cubes (--pieces ubongo-3d) the figures are footprints, each filled --height
    layers high. With a pieces file of hexagons or triangles the figures are once up to the
    12 turns, and fit the frame when a turn's picture (its text form) does, as it stands.

    Shards are written as Parquet files into ATLAS.shards/ as they finish (a manifest lists
    the finished ones and the options), so a build stopped by Ctrl-C, a dead worker or a full
    disk continues where it stopped when run again with the same options; with other options
    it refuses (exit 1). A build locks ATLAS.shards/ while it runs: a second build into the
    same ATLAS refuses at once. The shards are then consolidated into ATLAS; nothing under the
    name ATLAS exists until it is whole. ATLAS.shards/ is kept afterwards, deliberately: its
    files are the same bytes whatever --workers or --dask (the DuckDB file is not byte-stable),
    and a new run with the same options consolidates them again without building; remove the
    folder when you need neither.

    \b
    Examples:
      ubongo atlas build --frame 3x4 --areas 5-12 -o small.duckdb -q
      ubongo atlas stats small.duckdb
      ubongo atlas build --pieces ubongo-3d --frame 3x4 --areas 6-7 --sizes 3 -o 3d.duckdb -q
    """
    from ubongo._inputs import atlas_pieces
    from ubongo.puzzles.atlas.build import Spec, default_shards, tasks
    from ubongo.puzzles.atlas.enumerate import check_frame

    if output == "-" or output.endswith(os.sep):
        raise click.BadParameter("expected a file name for the atlas", param_hint="'-o'")
    ps = atlas_pieces(piece_set(pieces_set))
    cubes = ps.lattice.layered
    default_frame, default_areas = _defaults(ps.lattice)
    try:
        fr = check_frame(_box(frame or default_frame))
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--frame'") from None
    if height is not None and not cubes:
        raise click.BadParameter(
            f"fills footprints with blocks of cubes; these pieces are {ps.lattice.cells}",
            param_hint="'--height'",
        )
    chosen = areas or default_areas
    if chosen is None:
        raise click.UsageError(
            f"give --areas for an atlas of {ps.lattice.cells}: there is no default, as the "
            "figures of a game's areas number millions (try --areas 6-8)"
        )
    area_range = _range(chosen)
    if area_range[0] > fr[0] * fr[1]:
        raise click.BadParameter(
            f"figures of {area_range[0]} cells or more; a {fr[0]}x{fr[1]} frame holds "
            f"{fr[0] * fr[1]} at most",
            param_hint="'--areas'",
        )
    spec = Spec(fr, area_range, _sizes(sizes), ps, height or (_HEIGHT if cubes else 1), holes)
    from ubongo._atlas import utf8_name

    utf8_name(output, output)
    folder = output_folder(output + SHARDS_SUFFIX)
    with _locked(folder):
        count = shards or _earlier_shards(folder, spec) or default_shards(spec)
        _build(output, folder, spec, tasks(spec, count), workers, dask, quiet)


def _defaults(lattice: Lattice) -> tuple[str, str | None]:
    """The default frame and areas for pieces of ``lattice``: the original's on squares, Ubongo
    3D's on cubes; on hexagons and triangles the frame of the edition played on them (the
    generator's) and no areas (see ``build``)."""
    from ubongo.puzzles.game import edition_of

    if lattice.layered:
        return _CUBE_FRAME, _CUBE_AREAS
    edition = edition_of(None, lattice.name)
    if lattice.plain or edition is None:
        return _FRAME, _AREAS
    return frame_text(edition.frame), None


def _build(
    output: str,
    folder: str,
    spec: Spec,
    todo: list[Task],
    workers: int,
    dask: str | None,
    quiet: bool,
) -> None:
    """Build the shards not yet in ``folder`` and consolidate them all into ``output``."""
    done = _resume(folder, spec, len(todo))
    left = [t for t in todo if t.shard.index not in done]
    start = time.perf_counter()
    figures = 0
    show = not quiet and sys.stderr.isatty()
    with _executor(workers, dask) as ex, _bar(len(left), show) as step:
        for rows in _run(ex, left, len(todo) - len(left)):
            _write_shard(folder, rows)
            done.add(rows.index)
            _write_manifest(folder, spec, len(todo), done)
            figures += rows.count
            if step is not None:
                step(rows.count, time.perf_counter() - start)
    _consolidate(output, folder, spec, len(todo))
    if not quiet:
        click.echo(
            f"{output}: {len(todo)} shards ({len(todo) - len(left)} already done), "
            f"{plural(figures, 'figure')} built in {time.perf_counter() - start:.1f} s",
            err=True,
        )


@contextmanager
def _locked(folder: str) -> Iterator[None]:
    """The shard folder locked for this build (``flock``, released when the process ends, however
    it ends): a second build into the same ATLAS refuses at once instead of mixing its shards
    with this one's."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no lock
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as e:
        raise Failure(f"{folder}: cannot open the folder: {e.strerror or e}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Failure(
                f"{folder}: another atlas build is writing into this folder; wait for it to "
                "end, or choose another -o"
            ) from None
        except OSError as e:
            raise Failure(f"{folder}: cannot lock the folder: {e.strerror or e}") from None
        yield
    finally:
        os.close(fd)


def _resume(folder: str, spec: Spec, count: int) -> set[int]:
    """The finished shards of an earlier run of the same build; Failure for another build's."""
    from ubongo.puzzles.atlas.query import meta_rows

    path = os.path.join(folder, MANIFEST)
    if not os.path.exists(path):
        return set()
    try:
        manifest = json.loads(read_text(path))
        same = manifest["meta"] == dict(meta_rows(spec, count))
        done = {int(i) for i in manifest["done"]}
    except (ValueError, KeyError, TypeError):
        raise Failure(f"{path}: not a shard manifest; remove the folder to start over") from None
    if not same:
        raise Failure(
            f"{folder}: shards of a build with other options; remove the folder or choose "
            "another -o"
        )
    names = set(os.listdir(folder))
    return {i for i in done if {_name("figures", i), _name("puzzles", i)} <= names}


def _earlier_shards(folder: str, spec: Spec) -> int | None:
    """The shard count of an earlier run of the same build in ``folder``, or None: a build
    stopped before the default count changed goes on without --shards."""
    from ubongo.puzzles.atlas.query import meta_rows

    path = os.path.join(folder, MANIFEST)
    if not os.path.exists(path):
        return None
    try:
        meta = json.loads(read_text(path))["meta"]
        count = int(json.loads(meta["shards"]))
    except (Failure, ValueError, KeyError, TypeError):
        return None  # ``_resume`` says what is wrong with it
    return count if meta == dict(meta_rows(spec, count)) else None


def _write_manifest(folder: str, spec: Spec, count: int, done: set[int]) -> None:
    from ubongo.puzzles.atlas.query import meta_rows

    doc = {"meta": dict(meta_rows(spec, count)), "done": sorted(done)}
    write_atomic(os.path.join(folder, MANIFEST), json.dumps(doc, indent=1) + "\n")


def _name(table: str, index: int) -> str:
    return f"{table}-{index:05d}.parquet"


def _run(ex: Any, left: list[Task], finished: int) -> Iterator[Rows]:
    """Each task's rows as it finishes (in shard order without an executor); a Failure when a
    worker process dies (``finished``: shards already done before this run, for the message)."""
    from ubongo.puzzles.atlas.build import build_shard

    if ex is None:
        yield from map(build_shard, left)
        return
    from concurrent.futures import as_completed

    # a finished future holds its rows: drop each once yielded, or the driver ends up holding
    # the whole atlas (the 5x6 build peaked at 1.4 GB while the list kept them)
    pending = {ex.submit(build_shard, t): t.shard.index for t in left}
    try:
        for f in as_completed(pending):
            index = pending.pop(f)
            try:
                rows = f.result()
            except Exception as e:
                if not worker_died(e):
                    raise
                done = finished + len(left) - len(pending) - 1
                raise Failure(
                    f"a worker process died (killed, or out of memory): shard {index} and "
                    f"{plural(len(pending), 'other')} unfinished, the {done} finished ones "
                    "kept; run the same command again to go on"
                ) from None
            yield rows
    finally:
        for f in pending:
            f.cancel()


def _executor(workers: int, dask: str | None) -> AbstractContextManager[Any]:
    """This process (None), a process pool, or a Dask cluster's executor."""
    if dask is not None:
        return _dask_executor(dask, workers)
    return process_pool(workers)


@contextmanager
def _dask_executor(address: str, workers: int) -> Iterator[Any]:
    """``Client(address).get_executor()``, or a LocalCluster of ``workers`` processes."""
    import importlib

    try:  # as Any: Dask is untyped, and optional (mypy may run without it)
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise Failure("--dask needs Dask distributed: pip install 'dask[distributed]'") from None
    with ExitStack() as stack:
        try:
            yield _client(distributed, address, workers, stack).get_executor()
        except KeyboardInterrupt:
            logging.disable(logging.ERROR)  # Dask's teardown logs the work Ctrl-C cut short
            raise


def _client(distributed: Any, address: str, workers: int, stack: ExitStack) -> Any:
    """A Dask client of the cluster at ``address`` or of a LocalCluster, closed with ``stack``.

    A Client whose start failed is finalised at once (``gc.collect`` below and before a new
    one): its ``__del__`` takes distributed's loop-runner lock, and run by a garbage collection
    inside another Client's start, which holds that lock, it waited for ever (seen in the
    test suite: a second build in one process after a refused address).
    """
    gc.collect()
    try:
        return _started(distributed, address, workers, stack)
    except BaseException:
        gc.collect()
        raise


def _started(distributed: Any, address: str, workers: int, stack: ExitStack) -> Any:
    """``_client``'s work: the client, or one line saying why there is none."""
    try:
        if address == "local":
            with _interrupts.kept_from_workers():
                local = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    # its plain HTTP server on a free loopback port: 8787 may be another's
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    # its processes' own logs say nothing the command does not: a task's error
                    # reaches the command, and their teardown after Ctrl-C is not news
                    silence_logs=logging.CRITICAL,
                )
            cluster = stack.enter_context(local)
            # its scheduler, here in this process, times garbage collections from a gc callback,
            # where Python swallows the KeyboardInterrupt of a Ctrl-C ("Exception ignored in")
            distributed.gc.disable_gc_diagnosis(force=True)
            return stack.enter_context(distributed.Client(cluster))
        return stack.enter_context(distributed.Client(address, timeout=10))
    except (OSError, TimeoutError) as e:
        raise Failure(f"--dask {address}: cannot reach the cluster: {e}") from None
    except (ValueError, TypeError) as e:  # Dask's parse of the address, a TLS one unconfigured
        raise Failure(
            f"--dask {address}: not a usable cluster address ({e}); expected tcp://HOST:PORT "
            "or local"
        ) from None


@contextmanager
def _bar(total: int, show: bool) -> Iterator[Callable[[int, float], None] | None]:
    """A progress bar of shards with figures per second; None when hidden."""
    if not show:
        yield None
        return
    count = [0, 0.0]

    def rate(_: object) -> str:
        n, seconds = count
        return f"{n} figures, {n / seconds:.0f}/s" if seconds else ""

    with click.progressbar(
        length=total,
        label="building shards",
        file=sys.stderr,
        show_eta=True,
        item_show_func=rate,
    ) as bar:

        def step(figures: int, seconds: float) -> None:
            count[0] += figures
            count[1] = seconds
            bar.update(1, None)

        yield step


def _write_shard(folder: str, rows: Rows) -> None:
    """The shard's two Parquet files, each sorted, written by one thread (the same bytes
    every time) under a temporary name, then renamed."""
    import duckdb
    import numpy as np

    for table, columns in (("figures", rows.figures), ("puzzles", rows.puzzles)):
        data = {k: np.asarray(v, dtype=_DTYPES.get(k, np.int32)) for k, v in columns.items()}
        con = duckdb.connect()
        try:
            con.execute("SET threads = 1")
            con.register("shard", data)
            path = os.path.join(folder, _name(table, rows.index))
            with atomic_path(path) as tmp:
                try:
                    con.execute(f"COPY (SELECT * FROM shard) TO '{_quote(tmp)}' (FORMAT parquet)")
                except duckdb.Error as e:  # a full disk, a read-only folder
                    raise Failure(f"{path}: cannot write: {_io_message(e)}") from None
        finally:
            con.close()


_DTYPES: dict[str, Any] = {
    "mask": "int64",
    "pieces": "int64",
    "area": "uint8",
    "rows": "uint8",
    "cols": "uint8",
    "symmetry": "uint8",
    "size": "uint8",
}


def _io_message(error: BaseException) -> str:
    """A DuckDB write error's first line, or the system's message inside it when DuckDB wraps
    it as JSON ("Async write failed ...: {..."exception_message":"... No space left ..."}")."""
    first = _first_line(error)
    if "{" in first:
        with suppress(ValueError, KeyError, TypeError):
            return str(json.loads(first[first.index("{") :])["exception_message"])
    return first


def _quote(path: str) -> str:
    """A path as the inside of an SQL string literal."""
    return path.replace("'", "''")


def _consolidate(output: str, folder: str, spec: Spec, count: int) -> None:
    """The shards as one DuckDB file, made under a temporary name and renamed onto ATLAS."""
    import duckdb

    from ubongo.puzzles.atlas.query import create_tables

    figures = [os.path.join(folder, _name("figures", i)) for i in range(count)]
    puzzles = [os.path.join(folder, _name("puzzles", i)) for i in range(count)]
    with atomic_path(output) as tmp:
        try:
            con = duckdb.connect(tmp, config={"storage_compatibility_version": "v1.0.0"})
        except duckdb.Error as e:
            raise Failure(f"{output}: cannot write: {_io_message(e)}") from None
        try:
            # sorting millions of rows: spill to disk rather than pass the memory target
            con.execute(f"SET memory_limit = '{CONSOLIDATE_MEMORY}'")
            create_tables(con, spec, count, figures, puzzles)
            con.execute("CHECKPOINT")
        except duckdb.Error as e:
            raise Failure(f"{output}: cannot consolidate the shards: {_io_message(e)}") from None
        finally:
            con.close()


# --- opening an atlas -------------------------------------------------------------------------


@contextmanager
def open_atlas(arg: str | None) -> Iterator[tuple[Any, Info, str]]:
    """ATLAS (a file or a bundled atlas's name) open read-only, with its description; closed
    after, unless a query that would not stop still runs on it (``atlas sql``)."""
    from ubongo._atlas import opened

    with opened(arg, _close) as found:
        yield found


# --- stats ------------------------------------------------------------------------------------


@atlas.command()
@click.argument("atlas_arg", metavar="[ATLAS]", required=False, shell_complete=_complete.files)
@json_option
@reported
def stats(atlas_arg: str | None, as_json: bool) -> None:
    """Counts of an atlas: figures by area, puzzles and unique ones by size.

    A puzzle is a (figure, combination) pair that tiles; unique: with exactly one tiling.

    \b
    Examples:
      ubongo atlas stats
      ubongo atlas stats --json
    """
    import ubongo

    counts = ubongo.atlas_stats(atlas_arg)
    if as_json:
        emit_json(counts.to_json())
        return
    for line in counts.lines():
        click.echo(line)


# --- find -------------------------------------------------------------------------------------


@atlas.command()
@click.argument("atlas_arg", metavar="[ATLAS]", required=False, shell_complete=_complete.files)
@click.option("--combo", metavar="'P1 P2 ...'", help="Exactly these pieces (names or codes).")
@click.option(
    "--pieces-at-least",
    "at_least",
    metavar="'P1 P2 ...'",
    help="Combinations holding at least these pieces.",
)
@click.option("--size", type=click.IntRange(min=1), help="Combinations of this many pieces.")
@click.option("--unique", is_flag=True, help="Only combinations with exactly one tiling.")
@click.option("--area", type=click.IntRange(min=1), help="Figures of this many cells.")
@click.option("--box", metavar="RxC", help="Figures whose bounding box is RxC, either way round.")
@click.option(
    "--limit", type=click.IntRange(min=1), default=10, show_default=True, help="Figures at most."
)
@json_option
@reported
def find(
    atlas_arg: str | None,
    combo: str | None,
    at_least: str | None,
    size: int | None,
    unique: bool,
    area: int | None,
    box: str | None,
    limit: int,
    as_json: bool,
) -> None:
    """Draw the figures of an atlas that have a combination matching every filter.

    \b
    Examples:
      ubongo atlas find --combo 'L5 L4 I3' --unique --limit 2
      ubongo atlas find --area 13 --box 4x4 --pieces-at-least 'Z5 O4' --json --limit 1
    """
    import ubongo

    if combo is not None and not combo.replace(",", " ").split():
        raise click.UsageError("expected piece names such as 'L5 L4 I3'")
    if at_least is not None and not at_least.replace(",", " ").split():
        raise click.UsageError("expected piece names such as 'L5 L4 I3'")
    found = ubongo.atlas_find(
        atlas_arg,
        combo=combo,
        pieces_at_least=at_least,
        size=size,
        unique=unique,
        area=area,
        box=None if box is None else _box(box),
        limit=limit,
    )
    if as_json:
        emit_json([f.to_json() for f in found])
        return
    if not found:
        click.echo("no figure matches", err=True)
    for f in found:
        _show(f)


def _show(found: AtlasFigure) -> None:
    """A figure of an atlas as the commands print it: a heading, the figure in the pieces'
    colours, a line per combination."""
    click.echo(found.heading())
    show_picture(found.figure.rows(), found.pieces)
    for line in found.combo_lines():
        click.echo(line)


# --- figure -----------------------------------------------------------------------------------


@atlas.command()
@click.argument("args", nargs=-1, metavar="[ATLAS] FIGURE", shell_complete=_complete.files)
@json_option
@reported
def figure(args: tuple[str, ...], as_json: bool) -> None:
    """Look FIGURE up in ATLAS (any rotation or reflection): its combinations and tilings.

    FIGURE is inline rows ('##./.##'), a file, or - for stdin. ATLAS may be a bundled
    atlas's name, such as 4x5 (the default). In an atlas of cubes FIGURE is a footprint, or
    its layers (joined by |) when they are one footprint as many times as the atlas's height;
    in an atlas of hexagons or triangles, a picture of them (in any of the 12 turns).

    \b
    Examples:
      ubongo atlas figure 4x5 '###./####/####/.##.'
      ubongo atlas figure 4x5 '.##./####/####/###.' --json
      ubongo atlas figure ubongo-3d '####/##..'
    """
    import ubongo

    atlas_arg, figure = _atlas_and(args, "FIGURE")
    found = ubongo.atlas_figure(figure, atlas_arg)  # read on the atlas's cells, once it is open
    if as_json:
        emit_json(found.to_json())
        return
    _show(found)


# --- sql --------------------------------------------------------------------------------------


SQL_TIMEOUT = 300.0
"""``atlas sql``'s default time limit: long enough to print every row of the 5x6 atlas's 11.6
million puzzles, short enough that a runaway join does not run all day."""
_BATCH = 1000
"""Rows fetched at a time: the query's thread holds at most two batches ahead of the printer."""


@atlas.command()
@click.argument("args", nargs=-1, metavar="[ATLAS] QUERY", shell_complete=_complete.files)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per row (JSON Lines).")
@timeout_option(SQL_TIMEOUT)
@reported
def sql(args: tuple[str, ...], as_json: bool, timeout: float) -> None:
    """Run one SQL statement on ATLAS (read-only) and print its rows as a table, streamed.

    Tables: figures, puzzles, pieces, meta ('DESCRIBE figures' lists a table's columns). A query
    reads the atlas and nothing else (no other file, no extension, at most 1 GB of memory); it
    is stopped at --timeout and by Ctrl-C (exit 130). A value is printed up to 1,048,576
    characters, a list up to 100,000 elements. An SQL error, an empty QUERY, more than one
    statement, a value too long or the time limit is exit 1.
    ATLAS may be omitted: the bundled atlas.

    \b
    Examples:
      ubongo atlas sql 4x5 'SELECT area, count(*) AS n FROM figures GROUP BY area ORDER BY area'
      ubongo atlas sql 4x5 'SELECT size, max(tilings) FROM puzzles GROUP BY size' --json
    """
    clock = Clock(timeout, armed=False)  # before DuckDB's import; its thread keeps the time
    import duckdb

    atlas_arg, query = _atlas_and(args, "QUERY")
    with open_atlas(atlas_arg) as (con, _, name):
        try:
            _one_statement(con, query)
            with closing(_rows(con, query, clock)) as rows:
                _print_rows(rows, as_json, clock)
        except duckdb.Error as e:
            raise Failure(f"{printable(name)}: {_first_line(e)}") from None


def _print_rows(rows: Iterator[Any], as_json: bool, clock: Clock) -> None:
    """The column names and then batches of rows, as a table (its widths from the first batch)
    or as JSON Lines; the time limit holds between rows too."""
    columns = next(rows)
    if columns is None:
        return
    batch: list[Any] = next(rows, [])
    widths = [len(c) for c in columns]
    if not as_json:
        for row in batch:
            widths = [max(w, len(_cell(v))) for w, v in zip(widths, row, strict=True)]
        click.echo(_line(columns, widths))
    while batch:
        for row in batch:
            clock.left()
            if as_json:
                click.echo(json_line(dict(zip(columns, map(_jsonable, row), strict=True))))
            else:
                click.echo(_line([_cell(v) for v in row], widths))
        batch = next(rows, [])


def _one_statement(con: Any, query: str) -> None:
    """A Failure unless QUERY is exactly one SQL statement of UTF-8 text (a parse error is
    DuckDB's)."""
    try:
        query.encode("utf-8")
    except UnicodeEncodeError as e:  # bytes of another encoding on the command line
        raise Failure(f"the query is not UTF-8 text (character {e.start + 1})") from None
    count = len(con.extract_statements(query))
    if count == 0:
        raise Failure("the query is empty; give one SQL statement, such as 'DESCRIBE figures'")
    if count > 1:
        raise Failure(f"the query holds {count} statements; give one")


def _rows(con: Any, query: str, clock: Clock) -> Generator[Any, None, None]:
    """The query's column names (None for a statement without rows), then its rows in batches.

    The query runs in a thread of its own: DuckDB does not see this program's Ctrl-C while it
    executes (a cross join ran on for minutes), and this thread, which waits for its batches,
    does. On Ctrl-C, on the time limit or when the caller stops reading, the query is
    interrupted and its thread ended before the caller closes the connection.
    """
    import queue
    import threading

    out: queue.Queue[Any] = queue.Queue(maxsize=2)
    stop = threading.Event()

    def put(item: Any) -> bool:
        while not stop.is_set():
            try:
                out.put(item, timeout=0.05)
                return True
            except queue.Full:
                pass
        return False

    def run() -> None:
        try:  # DESCRIBE too: DuckDB folds constants while it binds (len(range(10**8)): 46 s)
            cur = con.execute(_bounded(con, query))
            names = None if cur.description is None else [d[0] for d in cur.description]
            if put(names) and names is not None:
                while (batch := cur.fetchmany(_BATCH)) and put(batch):
                    pass
            put(_END)
        except BaseException as e:  # noqa: BLE001 - handed to the reading thread, raised there
            put(e)

    worker = threading.Thread(target=run, name="atlas-sql", daemon=True)
    worker.start()
    try:
        while True:
            try:
                item = out.get(timeout=min(0.1, clock.left()))
            except queue.Empty:
                continue
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        _stop_query(con, stop, worker)


def _bounded(con: Any, query: str) -> str:
    """QUERY, when it is a SELECT, wrapped so that DuckDB itself refuses a value longer than
    MAX_VALUE characters or a list of more than MAX_ITEMS elements, within its memory limit
    and before the value becomes a Python object outside it (``SELECT range(100000000)``:
    100 million Python ints, some 4 GB). Other statements (PRAGMA, EXPLAIN) as they are."""
    import duckdb

    if con.extract_statements(query)[0].type != duckdb.StatementType.SELECT:
        return query
    body = _without_tail(query)
    columns = con.execute(f"DESCRIBE SELECT * FROM (\n{body}\n)").fetchall()
    exprs = []
    for i, (name, kind, *_) in enumerate(columns, 1):
        alias = '"' + str(name).replace('"', '""') + '"'
        too_big = _too_big(f"#{i}", str(kind), printable(str(name)))
        if too_big is None:
            exprs.append(f"#{i} AS {alias}")
        else:
            test, message = too_big
            exprs.append(
                f"CASE WHEN {test} THEN error({_literal(message)}) ELSE #{i} END AS {alias}"
            )
    return f"SELECT {', '.join(exprs)} FROM (\n{body}\n)"


MAX_ITEMS = 100_000
"""The most elements of a list ``atlas sql`` prints (a list of every mask of the 5x6 atlas
would be 2.4 million: aggregate, or unnest it into rows)."""


def _too_big(ref: str, kind: str, name: str) -> tuple[str, str] | None:
    """An SQL test of column ``ref`` (of type ``kind``) that is true when a value is too big
    to print, with the message; None for types whose values are always short. AtlasError (the
    command's Failure, raised from the query's thread) for a list inside an array, a struct, a
    map or a union, which no test here measures."""
    from ubongo.puzzles.atlas.query import AtlasError

    if _SHORT.fullmatch(kind):
        return None
    lists = re.fullmatch(r"([^\[\]]+)((?:\[\])+)", kind)
    if lists:
        depth = len(lists.group(2)) // 2
        flat = "flatten(" * (depth - 1) + ref + ")" * (depth - 1)
        return f"len({flat}) > {MAX_ITEMS}", f"{name}: a list of more than {MAX_ITEMS:,} elements"
    if "[" in kind:
        raise AtlasError(
            f"column {name} is of type {printable(kind)}: lists inside arrays, structs, maps "
            "or unions are not printed; select their parts"
        )
    measure = {"VARCHAR": "strlen", "BLOB": "octet_length"}.get(kind)
    test = f"{measure}({ref})" if measure else f"length(CAST({ref} AS VARCHAR))"
    return f"{test} > {MAX_VALUE}", f"{name}: a value of more than {MAX_VALUE:,} characters"


_SHORT = re.compile(
    r"BOOLEAN|U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|FLOAT|DOUBLE|DATE|TIME.*|INTERVAL"
    r"|UUID|DECIMAL\(\d+,\d+\)"
)
"""Types whose values are short as text: no test."""


def _literal(text: str) -> str:
    """Text as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def _without_tail(query: str) -> str:
    """One statement's text without its trailing comments and semicolon (to be a subquery)."""
    import duckdb

    tokens = duckdb.tokenize(query)
    end = len(query)
    while tokens and tokens[-1][1] == duckdb.token_type.comment:
        end = tokens.pop()[0]
    if tokens and tokens[-1][1] == duckdb.token_type.operator and query[tokens[-1][0]] == ";":
        end = tokens[-1][0]
    return query[:end]


_END = object()
"""The end of a query's rows, from its thread."""


def _stop_query(con: Any, stop: Any, worker: Any) -> None:
    """Interrupt the query until its thread has ended; a Ctrl-C meanwhile waits till then (the
    connection is closed next, and must not be while a thread runs a query on it). DuckDB
    checks for an interrupt between chunks of work, not inside one function over one huge
    value (``len(range(100000000))`` ran 71 s past a 3 s limit): after STOP_GRACE seconds
    the thread is left to the process's exit and its connection is not closed under it."""
    stop.set()
    deadline = time.monotonic() + STOP_GRACE
    with _interrupts.deferred():
        while worker.is_alive() and time.monotonic() < deadline:
            con.interrupt()
            worker.join(0.05)
        if worker.is_alive():
            _LEFT_RUNNING.add(id(con))
            _interrupts.strand()  # Ctrl-C: the program exits without waiting for it


STOP_GRACE = 1.0
"""Seconds a query may take to stop once interrupted."""
_LEFT_RUNNING: set[int] = set()
"""The connections (by id) whose query would not stop: never closed under it."""


def _close(con: Any) -> None:
    """Close a connection, unless a query that would not stop still runs on it."""
    if id(con) not in _LEFT_RUNNING:
        con.close()


def _first_line(error: BaseException) -> str:
    """A DuckDB error's first line (``ubongo._atlas.first_line``)."""
    from ubongo._atlas import first_line

    return first_line(error)


def _atlas_and(args: tuple[str, ...], what: str) -> tuple[str | None, str]:
    """[ATLAS] THING as given: one argument is THING on the bundled atlas (usage error else)."""
    if len(args) == 1:
        return None, args[0]
    if len(args) == 2:
        return args[0], args[1]
    raise click.UsageError(f"expected [ATLAS] {what}: one or two arguments, got {len(args)}")


MAX_VALUE = 1 << 20
"""The longest value ``atlas sql`` prints, in characters (a list or a long string; no column
of an atlas comes near it)."""


def _cell(v: Any) -> str:
    return "NULL" if v is None else printable(_text(v))


def _jsonable(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float):
        return v
    return _text(v)


def _text(v: Any) -> str:
    """A value as text; a Failure past MAX_VALUE characters, which would take the printing
    past any time limit (100 million characters took 2 s to print, 7 s on a busy machine)."""
    text = v if isinstance(v, str) else str(v)
    if len(text) > MAX_VALUE:
        raise Failure(
            f"a value of {len(text):,} characters; at most {MAX_VALUE:,} are printed (select "
            "a part of it, such as left(x, 1000))"
        )
    return text


def _line(cells: list[str], widths: list[int]) -> str:
    return "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True)).rstrip()


COMMANDS = [atlas]
