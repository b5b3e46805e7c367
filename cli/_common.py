"""What every command shares: errors to exit codes, the shared options, the one reader of user
files and the one atomic writer.

Only this package talks to click and to the user's files; the libraries below it take and
return text, bytes and objects. Exit codes: 0 success, 1 a failure the user can act on (one
line on stderr), 2 a usage error (click's own).
"""

from __future__ import annotations

import functools
import io
import math
import os
import re
import signal
import stat
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from ubongo import _files as files
from ubongo._files import MAX_INPUT_BYTES as MAX_INPUT_BYTES  # re-exported, as the reader's
from ubongo._files import display as display
from ubongo.cli import _complete, _interrupts
from ubongo.cli._interrupts import PROG as PROG  # re-exported: the program's name in messages
from ubongo.cli._stdout import guard_stdout as guard_stdout  # re-exported: the group's guard
from ubongo.scoring.errors import ScoringError
from ubongo.scoring.text import json_line as json_line  # re-exported: every JSON the CLI writes
from ubongo.scoring.text import json_text as json_text
from ubongo.scoring.text import printable as printable  # re-exported: the CLI prints through it
from ubongo.solver.errors import TimeLimit, UbongoError
from ubongo.solver.limits import TIMEOUT, Limits

if TYPE_CHECKING:
    from concurrent.futures import Executor, ProcessPoolExecutor

    from ubongo.puzzles import PuzzleSet
    from ubongo.solver.figure import Figure
    from ubongo.solver.pieces import PieceSet
    from ubongo.solver.puzzle import Puzzle

F = TypeVar("F", bound=Callable[..., Any])


# --- errors -----------------------------------------------------------------------------------


class Failure(click.ClickException):
    """A user-fixable failure, shown as ``ubongo COMMAND: message`` (exit 1)."""

    def __init__(self, message: str) -> None:
        super().__init__("\n".join(printable(line) for line in message.split("\n")))
        self.prefix = _prefix()  # click shows the error after the command's context is gone

    def show(self, file: IO[Any] | None = None) -> None:
        """Print each line of the message on stderr, prefixed with the command's name."""
        for line in self.format_message().split("\n"):
            click.echo(f"{self.prefix}{line}", err=True)


def time_limit_text(error: TimeLimit) -> str:
    """A search's time limit told as the command's ``--timeout``, when the command has one."""
    ctx = click.get_current_context(silent=True)
    clock = ctx.meta.get("clock") if ctx is not None else None
    if not isinstance(clock, Clock):
        return str(error)
    return f"time limit of {clock.seconds:g} s (--timeout) reached after {error.nodes} search nodes"


class Interrupted(Failure):
    """Ctrl-C: said as such (never as a time limit), exit 130 as shells expect."""

    exit_code = _interrupts.EXIT_CODE

    def __init__(self) -> None:
        super().__init__(_interrupts.MESSAGE)

    def show(self, file: IO[Any] | None = None) -> None:
        """The one line, once however many times Ctrl-C is pressed."""
        _interrupts.tell(self.prefix)


@contextmanager
def told_as_interrupted() -> Iterator[None]:
    """Ctrl-C, and any error it caused (an import cut short fails as ImportError), raised as
    Interrupted; so is a block that ends well although Ctrl-C reached it."""
    try:
        yield
    except Interrupted:
        raise
    except (KeyboardInterrupt, Exception) as error:
        if isinstance(error, KeyboardInterrupt) or _interrupts.seen():
            _stop_pools()
            raise Interrupted() from None
        raise
    if _interrupts.seen():
        _stop_pools()
        raise Interrupted()


def _stop_pools() -> None:
    """Stop every pool in use (see _POOLS)."""
    for pool in list(_POOLS):
        _stop(pool)


def _prefix() -> str:
    """``ubongo COMMAND: `` for the command running now (``ubongo: `` before there is one)."""
    ctx = click.get_current_context(silent=True)
    if (
        ctx is None
        or not ctx.info_name
        or ctx.parent is None
        and isinstance(ctx.command, click.Group)
    ):
        return f"{PROG}: "
    group = ctx.parent  # a subcommand (``atlas sql``) is named with its group
    if group is not None and group.parent is not None and group.info_name:
        return f"{PROG} {group.info_name} {ctx.info_name}: "
    return f"{PROG} {ctx.info_name}: "


def warn(message: str) -> None:
    """One diagnostic line on stderr, printable whatever the message holds."""
    click.echo(f"{_prefix()}{printable(message)}", err=True)


def reported(command: F) -> F:
    """A command decorator: library errors and OS errors become one stderr line and exit 1."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with told_as_interrupted():  # here, while the command's name is known
            try:
                try:
                    return command(*args, **kwargs)
                finally:  # before a handler below runs: the alarm must not go off inside it
                    _disarm()
            except OutOfTime:
                clock = click.get_current_context().meta["clock"]
                raise Failure(clock.reached()) from None
            except TimeLimit as error:
                raise Failure(time_limit_text(error)) from error
            except (UbongoError, ScoringError) as error:
                raise Failure(str(error)) from error
            except RecursionError:
                raise Failure("input nested too deeply to process") from None
            except MemoryError:
                raise Failure("out of memory; the input is too large") from None

    return wrapper  # type: ignore[return-value]


# --- shared options ---------------------------------------------------------------------------


class Seconds(click.ParamType):  # type: ignore[type-arg]  # generic in click >= 8.2
    """A positive, finite number of seconds (``nan`` and ``inf`` are usage errors)."""

    name = "seconds"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds <= 0:
            self.fail(f"expected a positive, finite number of seconds, not {value!r}", param, ctx)
        return seconds


class FiniteRange(click.FloatRange):
    """click's FloatRange without ``nan``, which passes its bounds (every comparison with it
    is false)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"expected a number in {self._describe_range()}, not {value!r}", param, ctx)
        return number


def timeout_option(default: float = TIMEOUT) -> Callable[[F], F]:
    """``--timeout``: a wall-clock limit on the whole command (exit 1 when reached)."""
    return click.option(
        "--timeout",
        type=Seconds(),
        default=default,
        show_default=True,
        metavar="SECONDS",
        help="Stop when the whole command takes longer (exit 1).",
    )


def workers_option(help: str, *, every_core: bool = False) -> Callable[[F], F]:
    """``-j/--workers N``: processes sharing the work; ``help`` says what stays the same. One
    by default, or with ``every_core`` one per core this process may use."""
    default = cores() if every_core else 1
    return click.option(
        "-j", "--workers", type=click.IntRange(min=1), default=default, show_default=True, help=help
    )


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


@contextmanager
def process_pool(workers: int) -> Iterator[Executor | None]:
    """None for one worker (the work runs in this process), else a process pool. Its workers
    leave Ctrl-C to this process, which reports it once; work not started is cancelled. A
    worker that dies (killed, out of memory) ends the command in one line (exit 1)."""
    if workers == 1:
        yield None
        return
    from ubongo.cli._pool import Pool

    pool = Pool(max_workers=workers, initializer=_leave_ctrl_c)
    _POOLS.add(pool)
    try:
        yield pool
        pool.shutdown()  # a Ctrl-C during its wait ends the pool as below
    except BaseException as error:
        _stop(pool)
        if worker_died(error):
            raise Failure(_died_line(error)) from None
        raise
    finally:
        _POOLS.discard(pool)


def worker_died(error: BaseException) -> bool:
    """Whether an executor's error says that a worker process died under its task: a process
    pool's BrokenProcessPool, or Dask's KilledWorker (a task that took down its workers)."""
    from concurrent.futures.process import BrokenProcessPool

    return isinstance(error, BrokenProcessPool) or type(error).__name__ == "KilledWorker"


def _died_line(error: BaseException) -> str:
    """The one line for a dead worker, naming the work it left when the error's note says."""
    notes = getattr(error, "__notes__", None)
    left = f": {notes[-1]}" if notes else ""
    return f"a worker process died (killed, or out of memory){left}; nothing more was done"


_POOLS: set[ProcessPoolExecutor] = set()
"""The pools in use: Ctrl-C stops them even when the generator that holds one is left
suspended by its consumer's exception (and would be collected only after the interpreter has
waited on the pool's threads)."""


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool left by an error: work not started is cancelled, and no join of the pool's
    thread (it may be the thread running this: a generator that holds the pool can be
    collected there). On Ctrl-C in the program, or once a worker died, the workers are ended
    mid-task too (they only compute: this process writes every file), rather than waited for."""
    import multiprocessing

    pool.shutdown(wait=False, cancel_futures=True)
    if not (_interrupts.ends_the_program() or getattr(pool, "_broken", False)):
        return
    workers = multiprocessing.active_children()  # also one forked as Ctrl-C came
    for worker in workers:
        with suppress(OSError, ValueError):  # already ended, or closed by the pool's thread
            worker.terminate()
    for worker in workers:  # reaped here: no process outlives the program, not even a zombie
        with suppress(OSError, ValueError):
            worker.join()
    _interrupts.strand()


def _leave_ctrl_c() -> None:
    """In a worker: ignore Ctrl-C, which the whole process group receives (no traceback per
    worker; the main process stops the pool)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def json_option(f: F) -> F:
    """``--json``: one JSON document on stdout."""
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")(f)


def quiet_option(f: F) -> F:
    """``-q/--quiet``: nothing on stderr but errors."""
    return click.option("-q", "--quiet", is_flag=True, help="No progress or summary on stderr.")(f)


def engine_option(f: F) -> F:
    """``--engine``: which solver engine searches."""
    return click.option(
        "--engine",
        type=click.Choice(["auto", "bitboard", "cpsat"]),
        default="auto",
        show_default=True,
        help="auto: bitboard, moving to CP-SAT on large puzzles past a node budget.",
    )(f)


def set_option(f: F) -> F:
    """``--set SET``: the set that ``TEMPLATE SIDE FACE`` is taken from."""
    return click.option(
        "--set",
        "set_arg",
        metavar="SET",
        shell_complete=_complete.sets,
        help="Take TEMPLATE SIDE FACE from this set (default: the bundled standard set).",
    )(f)


def pieces_option(f: F) -> F:
    """``--pieces SET``: use this set's piece definitions."""
    return click.option(
        "--pieces",
        "pieces_set",
        metavar="SET",
        shell_complete=_complete.sets,
        help="Use these pieces: a bundled piece set (ubongo-3d, ubongo-3d-family, soma), a "
        "set's or pieces file, - or a bundled set's name (default: the 12 Ubongo pieces).",
    )(f)


def height_option(f: F) -> F:
    """``--height N``: FIGURE is a footprint, stacked N layers of cubes high."""
    return click.option(
        "--height",
        type=click.IntRange(min=1, max=64),
        metavar="N",
        help="FIGURE is a footprint N layers of cubes high (Ubongo 3D: 2); or write the "
        "layers from the bottom up, joined by |.",
    )(f)


def output_option(
    help: str, *, default: str | None = None, metavar: str = "FILE"
) -> Callable[[F], F]:
    """``-o/--output``: where a command writes its file (``-`` is stdout), atomically."""
    return click.option(
        "-o",
        "--output",
        default=default,
        show_default=default is not None,
        metavar=metavar,
        shell_complete=_complete.files,
        help=f"{help} (- for stdout; written atomically).",
    )


def emit_json(document: Any) -> None:
    """One JSON document on stdout, indented as every command indents."""
    click.echo(json_text(document, indent=2))


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 cell``, ``2 cells``: a count that reads as English.

    >>> plural(1, "tiling"), plural(3, "tiling")
    ('1 tiling', '3 tilings')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"


# --- the clock --------------------------------------------------------------------------------


@dataclass
class Clock:
    """The whole command's wall-clock budget: each search gets what is left of it, and an
    alarm (``armed``) ends whatever else runs past it: reading and checking a set, drawing,
    writing (a 63 MB set took 13.9 s to load under ``verify --timeout 1``)."""

    seconds: float
    armed: bool = True
    started: float = 0.0

    def __post_init__(self) -> None:
        self.started = time.monotonic()
        ctx = click.get_current_context(silent=True)
        if ctx is not None:  # so that a search's TimeLimit is told as the command's limit
            ctx.meta["clock"] = self
        if self.armed:  # a little late: a search that stops in time says how far it got
            _arm(self.seconds + min(ALARM_GRACE, self.seconds / 10))

    def left(self) -> float:
        """Seconds left; a Failure once none are."""
        rest = self.started + self.seconds - time.monotonic()
        if rest <= 0:
            raise Failure(self.reached())
        return rest

    def spent(self) -> bool:
        """Whether no time is left."""
        return time.monotonic() >= self.started + self.seconds

    def limits(self) -> Limits:
        """A search budget that ends when the command's does, for any number of searches
        (never a Failure: a search begun with no time left stops at its first tick)."""
        return Limits(max(0.0, self.started + self.seconds - time.monotonic()))

    def reached(self) -> str:
        """What the command says once its time is up."""
        return f"time limit of {self.seconds:g} s (--timeout) reached"


ALARM_GRACE = 0.25
"""Seconds the alarm waits past the deadline (at most a tenth of the limit), so that a search
checking its own limit reports it first, with its nodes; and how long after that it waits on
a search still running."""


class OutOfTime(BaseException):
    """The command's time is up: raised by the alarm wherever the program is (not an Exception,
    so no library's ``except Exception`` takes it); ``reported`` tells it as the time limit."""


def _out_of_time(signum: int, frame: FrameType | None) -> None:
    """The alarm: OutOfTime, unless a search runs (it keeps the same limit and says how far it
    got: CP-SAT's thread stops a little after it), then again soon, until ALARM_GRACE more.
    Once disarmed it does nothing: a signal that came just before the timer was stopped is
    handled after, and must not raise, nor arm the timer again for whatever runs next."""
    if not _ALARM.get("on"):
        return
    if _searching(frame) and time.monotonic() < _ALARM["last"]:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        return
    signal.setitimer(signal.ITIMER_REAL, 1.0)  # again, should a finalizer have swallowed it
    raise OutOfTime


def _searching(frame: FrameType | None) -> bool:
    """Whether code of ``ubongo.solver`` is on the stack."""
    while frame is not None:
        if str(frame.f_globals.get("__name__", "")).startswith("ubongo.solver"):
            return True
        frame = frame.f_back
    return False


def _arm(seconds: float) -> None:
    """Raise OutOfTime in the main thread in ``seconds``; nothing outside the main thread
    (the searches' own limits hold there)."""
    try:
        previous = signal.signal(signal.SIGALRM, _out_of_time)
    except ValueError:  # not the main thread
        return
    _ALARM.setdefault("previous", previous)  # a second Clock keeps the first one's to restore
    _ALARM["last"] = time.monotonic() + seconds + ALARM_GRACE
    _ALARM["on"] = True
    signal.setitimer(signal.ITIMER_REAL, seconds)


def _disarm() -> None:
    """The alarm off and the previous handler back (a test runner's process goes on)."""
    if "previous" in _ALARM:
        _ALARM["on"] = False  # first: an alarm already on its way is then handled as nothing
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, _ALARM.pop("previous"))  # runs a pending handler first


_ALARM: dict[str, Any] = {}


# --- the one reader (ubongo._files), its errors as Failures --------------------


def read_bytes(path: str) -> bytes:
    """The bytes of a user's file, or of stdin for ``-``; a Failure names what went wrong."""
    with _failing():
        return files.read_bytes(path)


def read_text(path: str) -> str:
    """A user's text file as a str (UTF-8, a leading byte-order mark allowed)."""
    with _failing():
        return files.read_text(path)


def decode(data: bytes, name: str) -> str:
    """UTF-8 bytes as text; the error names the line of the first bad byte."""
    with _failing():
        return files.decode(data, name)


@contextmanager
def _failing() -> Iterator[None]:
    """The reader's FileError as the command's Failure (exit 1, the same one line)."""
    try:
        yield
    except files.FileError as e:
        raise Failure(str(e)) from None


def read_lines(path: str) -> Iterator[tuple[int, str]]:
    """Each line of a file (or stdin) as it is read, numbered from 1 (``ubongo._files``: its
    text, or a BadLine saying why not); a Failure when the file cannot be opened."""
    lines = files.read_lines(path)
    with _failing():
        first = next(lines, None)  # opens the file
    if first is not None:
        yield first
        yield from lines


def usable(path: str) -> None:
    """A Failure for a path no system call takes (a NUL byte), where the OS would raise
    ValueError rather than OSError."""
    with _failing():
        files.usable(path)


# --- the one writer ---------------------------------------------------------------------------


def write_atomic(path: str, data: bytes | str) -> None:
    """Write ``path`` (``-`` = stdout) so that a reader sees the old file or the whole new one.

    An existing file keeps its mode; a link is followed to its target. A device, a folder or
    any other non-regular file is never replaced, and a missing folder is never created.
    """
    # a lone surrogate from a JSON file cannot be UTF-8: written as its \\uXXXX escape
    payload = data.encode("utf-8", "backslashreplace") if isinstance(data, str) else data
    usable(path)
    if path == "-":
        _stdout_bytes(payload)
        return
    with _atomic_file(path) as fh:
        fh.write(payload)


@contextmanager
def writing(path: str) -> Iterator[Callable[[str], object]]:
    """A function that writes text to ``path`` (``-`` = stdout) piece by piece, for output too
    long to hold: the file is replaced as ``write_atomic`` does, once the block ends without an
    error (an error leaves the old file as it was). Text is UTF-8, a lone surrogate written as
    its ``\\uXXXX`` escape."""
    usable(path)
    if path == "-":
        yield functools.partial(click.echo, nl=False)
        return
    with _atomic_file(path) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", errors="backslashreplace", newline="")
        try:
            yield text.write
            text.flush()
        finally:
            text.detach()  # the bytes file is closed (and replaced or removed) by its owner


@contextmanager
def _atomic_file(path: str) -> Iterator[IO[bytes]]:
    """A temporary file beside ``path``'s target, open for writing bytes, that replaces the
    target when the block ends (fsync'd, with the old file's mode) and is removed on an error."""
    target = os.path.realpath(path)
    mode = _existing_mode(target, path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise Failure(f"{path}: folder {os.path.dirname(path) or '.'} does not exist")
    import tempfile  # here, not at start-up: most commands write no file

    try:
        fd, tmp = tempfile.mkstemp(
            dir=folder, prefix=f".{os.path.basename(target)[:64]}.", suffix=".tmp"
        )
    except OSError as e:
        raise Failure(f"{path}: cannot write: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        with suppress(OSError):
            os.unlink(tmp)
        raise Failure(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _existing_mode(target: str, path: str) -> int:
    """The permission bits to give the new file: the old file's, else the umask's default."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    except OSError as e:
        raise Failure(f"{path}: cannot write: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise Failure(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise Failure(f"{path}: not a regular file (a device or pipe); refusing to replace it")
    return stat.S_IMODE(st.st_mode)


@contextmanager
def atomic_path(path: str) -> Iterator[str]:
    """A temporary name beside ``path`` for a library (DuckDB) to write; renamed onto ``path``
    when the block ends without error, removed otherwise: a crash never leaves a file that
    looks complete under ``path``."""
    import tempfile

    usable(path)
    target = os.path.realpath(path)
    mode = _existing_mode(target, path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise Failure(f"{path}: folder {os.path.dirname(path) or '.'} does not exist")
    fd, tmp = tempfile.mkstemp(
        dir=folder, prefix=f".{os.path.basename(target)[:64]}.", suffix=".tmp"
    )
    os.close(fd)
    os.unlink(tmp)  # the library makes the file itself (DuckDB refuses an empty one)
    try:
        yield tmp
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        raise Failure(f"{path}: cannot write: {e.strerror or e}") from None
    finally:
        for leftover in (tmp, f"{tmp}.wal"):
            with suppress(OSError):
                os.unlink(leftover)


def output_folder(path: str) -> str:
    """A folder to write into, made if missing (its parent must exist); its real path."""
    usable(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise Failure(f"{path}: exists and is not a folder")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise Failure(f"{path}: folder {parent} does not exist")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise Failure(f"{path}: cannot make the folder: {e.strerror or e}") from None
    return os.path.realpath(path)


def write_in_folder(folder: str, name: str, data: bytes | str) -> str:
    """Write ``folder/name`` atomically; nothing is ever written outside ``folder``."""
    if not _FILE_NAME.fullmatch(name):
        raise Failure(f"{folder}: refusing the file name {printable(repr(name))}")
    path = os.path.join(folder, name)
    target = os.path.realpath(path)
    if os.path.dirname(target) != os.path.realpath(folder):
        raise Failure(f"{path}: a link to outside {folder}; refusing to write through it")
    write_atomic(path, data)
    return path


_SLUG = re.compile(r"[^A-Za-z0-9._-]+")
_FILE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}")


def safe_name(text: str, limit: int = 60) -> str:
    """``text`` as a file-name part: letters, digits, ``.``, ``_``, ``-``; never ``.`` or ``..``.

    >>> safe_name("../escaped"), safe_name("Ä/b c")
    ('escaped', 'A-b-c')
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = _SLUG.sub("-", ascii_text).strip(".-")[:limit].strip(".-")
    return slug


# --- stdout -----------------------------------------------------------------------------------


def _stdout_bytes(payload: bytes) -> None:
    sys.stdout.flush()  # text already echoed goes first
    sys.stdout.buffer.write(payload)
    sys.stdout.buffer.flush()


# --- sets, figures and puzzles from arguments -------------------------------------------------


def load_set(arg: str | None) -> PuzzleSet:
    """SET: a puzzle-set file, ``-`` for stdin, or a bundled set's name; None is the default."""
    from ubongo._inputs import set_of

    with _failing():
        return set_of(arg)


def piece_set(arg: str | None) -> PieceSet:
    """The pieces of ``--pieces SET``: a set's own pieces, a pieces file, else the 12 pieces."""
    from ubongo._inputs import pieces_of

    with _failing():
        return pieces_of(arg)


def flat_pieces(pieces: PieceSet, what: str) -> PieceSet:
    """The pieces, for a command that takes pieces of squares only so far (``what`` it makes):
    ``ubongo._inputs.squares_only``, one line and exit 1 otherwise (as every UbongoError)."""
    from ubongo._inputs import squares_only

    return squares_only(pieces, what)


def read_figure(arg: str, height: int | None = None, pieces: PieceSet | None = None) -> Figure:
    """FIGURE: a file, ``-`` for stdin, or inline rows joined by ``/`` (``'##./.##'``), read
    as the API reads one (a problem file gives the figure above its combinations); ``height``
    and ``pieces`` (their lattice) as ``--height`` and ``--pieces`` give them."""
    from ubongo._inputs import figure_of, lattice_for

    lattice = None if pieces is None else lattice_for(pieces)
    with _failing():
        return figure_of(arg, height=height, lattice=lattice)


def is_figure_file(arg: str) -> bool:
    """Whether FIGURE names a file (or ``-``) rather than inline rows."""
    return arg == "-" or os.path.exists(arg) and not _is_inline(arg)


def _is_inline(arg: str) -> bool:
    """Whether FIGURE is inline rows (``ubongo._inputs.is_inline``)."""
    from ubongo._inputs import is_inline

    return is_inline(arg)


def is_address(args: tuple[str, ...]) -> bool:
    """Whether the arguments are ``TEMPLATE SIDE FACE`` (``07 hard 3``), also with a misspelt
    side (``07 hrad 3``, so that the error can say "did you mean hard?"): the API's reader."""
    from ubongo._inputs import address

    return address(args) is not None


def take_puzzle(
    args: tuple[str, ...],
    set_arg: str | None,
    pieces_arg: str | None,
    height: int | None = None,
) -> tuple[Puzzle, PieceSet]:
    """The puzzle named by ``TEMPLATE SIDE FACE`` of a set, or by ``FIGURE PIECE...``."""
    from ubongo._inputs import puzzle

    if set_arg is not None or is_address(args):
        if len(args) != 3:
            raise click.UsageError("with --set give TEMPLATE SIDE FACE, e.g. 07 hard 3")
        if pieces_arg is not None:
            raise click.UsageError("--pieces goes with FIGURE PIECE...; a set has its pieces")
        ps = load_set(set_arg)
        return ps.combination(*args).puzzle, ps.pieces
    if len(args) < 2:
        raise click.UsageError("give FIGURE PIECE... or TEMPLATE SIDE FACE (e.g. 07 hard 3)")
    with _failing():
        return puzzle(args[0], args[1:], piece_set=pieces_arg, height=height)


def show_picture(rows: Sequence[str], pieces: PieceSet, picture: bool = True) -> None:
    """Print a picture: with ``picture``, in piece colours on a terminal; else plain letters."""
    if not picture:  # letters asked for: the colours' module is not loaded
        click.echo("\n".join(rows), color=False)
        return
    from ubongo.render.colours import paint, should_colour

    on = should_colour(sys.stdout)
    click.echo(paint(list(rows), pieces, colour_on=on), color=on)
