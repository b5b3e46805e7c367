"""Ctrl-C from the program's first line to its last: one line on stderr, exit 130.

A terminal sends Ctrl-C to its whole foreground process group: to this process and to every
worker it started, at any moment, also while click, the commands or OR-Tools still load (most
of a second). This module is the first the program loads (before click: it imports only the
standard library's built-in modules) and installs a SIGINT handler that

* notes that Ctrl-C came: an import cut short by it fails as an ImportError, and a library
  may turn it into another error; the CLI tells any of them as the interruption;
* raises KeyboardInterrupt only in the process that runs the command: a forked pool worker
  that has not yet run its initializer (which ignores Ctrl-C) does nothing, so no traceback
  comes from a worker;
* and, when the Ctrl-C escapes everything while the program still loads, the last word is
  one line and exit 130 (``sys.excepthook``), not a traceback.

Once the program ends (interrupted or done), Ctrl-C is ignored: a late one cannot interrupt
the interpreter's exit (joining pool threads, atexit) into a traceback. Before this module
runs, Ctrl-C is the interpreter's: its start-up and ``site`` (about 30 ms with an editable
install) are beyond the program's reach.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import FrameType, TracebackType

PROG = "ubongo"
MESSAGE = "interrupted (Ctrl-C); nothing more was done"
EXIT_CODE = 130  # 128 + SIGINT, what shells report for a command ended by Ctrl-C

_state = {
    "seen": False,  # Ctrl-C reached this run
    "told": False,  # the line is written
    "program": False,  # this process is the program (not a test runner calling it)
    "stranded": False,  # threads were left that may never end
    "deferring": False,  # inside deferred()
    "pending": False,  # a Ctrl-C that deferred() is to raise
}
_PID = os.getpid()


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """Note the interrupt and raise KeyboardInterrupt, in the command's own process only."""
    if os.getpid() != _PID:  # a forked worker before its initializer: the main process reports
        return
    _state["seen"] = True
    if _state["deferring"]:
        _state["pending"] = True
        return
    raise KeyboardInterrupt


def _last_word(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    """``sys.excepthook``: Ctrl-C that escaped (while the program loads) is one line, exit 130."""
    if not (issubclass(kind, KeyboardInterrupt) or _state["seen"]):
        sys.__excepthook__(kind, error, tb)
        return
    tell(f"{PROG}: ")
    os._exit(EXIT_CODE)  # nothing has started that needs cleaning up; no second traceback


def install() -> None:
    """Take over SIGINT and the last word, unless a host (a notebook) handles Ctrl-C its own way
    or this is a worker process started afresh (which loads the program's main module)."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return
    if _in_a_worker():
        return
    try:
        signal.signal(signal.SIGINT, _on_sigint)
    except ValueError:  # not the main thread: Ctrl-C is not this caller's to take
        return
    sys.excepthook = _last_word


def _in_a_worker() -> bool:
    """Whether this is a process that multiprocessing started afresh (spawn, forkserver): it
    loads the program's main module as ``__mp_main__``, or has a parent process."""
    main = sys.modules.get("__main__")
    if getattr(main, "__name__", None) == "__mp_main__":
        return True
    multiprocessing = sys.modules.get("multiprocessing")
    return multiprocessing is not None and multiprocessing.parent_process() is not None


def seen() -> bool:
    """Whether Ctrl-C reached this run of the program."""
    return _state["seen"]


def ends_the_program() -> bool:
    """Whether Ctrl-C reached this process and it is the program: it is about to exit."""
    return _state["seen"] and _state["program"]


def strand() -> None:
    """Note that threads which may never end were left behind (a pool whose workers were
    ended mid-task, one perhaps halfway through sending its result): the interrupted program
    then exits without waiting for them."""
    _state["stranded"] = True


def tell(prefix: str) -> None:
    """The one line on stderr (once per run); from here on the program is ending."""
    _ending()
    if _state["told"]:
        return
    _state["told"] = True
    with suppress(OSError, ValueError):
        sys.stdout.flush()  # what was printed goes before the line
    sys.stderr.write(f"{prefix}{MESSAGE}\n")
    sys.stderr.flush()


def _ending() -> None:
    """When this process is the program: ignore Ctrl-C from now on, so that nothing can cut
    the exit short (called in a test's process, it leaves Ctrl-C alone)."""
    if _state["program"]:
        with suppress(ValueError):  # not the main thread (a pool's, collecting a generator)
            signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def deferred() -> Iterator[None]:
    """Ctrl-C noted at once but raised as the block ends: for code in which Python runs hooks
    that swallow exceptions (those around a fork print one and go on)."""
    _state["deferring"] = True
    try:
        yield
    finally:
        _state["deferring"] = False
        pending, _state["pending"] = _state["pending"], False
    if pending:
        raise KeyboardInterrupt


@contextmanager
def kept_from_workers() -> Iterator[None]:
    """Ctrl-C ignored by the whole process while worker processes start that this process does
    not start from its own thread (Dask's LocalCluster spawns them from its event loop's, out of
    reach of a signal mask): a signal ignored at fork and exec stays ignored, so those workers
    never see Ctrl-C and the main process ends them. One that comes meanwhile is lost (the
    command goes on; the next one interrupts it)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: its workers are its caller's business
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def running(program: bool) -> Iterator[None]:
    """Run the command group: Ctrl-C anywhere in it ends in one line and exit 130.

    ``program`` says this process is the ``ubongo`` program (the group reads its command line)
    rather than a caller such as a test runner, whose Ctrl-C must stay its own afterwards.
    """
    _state["program"] = program
    if not program:  # a new run in a long-lived process starts afresh
        _state["seen"] = _state["told"] = False
    try:
        yield
    except KeyboardInterrupt:
        _interrupted()
    except SystemExit as done:
        if not _state["seen"]:
            _leave_stranded(done.code)
            raise
        _interrupted()  # a run that Ctrl-C reached is told as interrupted, whatever it did
    finally:
        _ending()


def _leave_stranded(code: int | str | None) -> None:
    """Exit at once, without the interpreter's joins, when threads were stranded (a pool whose
    worker died holds a thread that may wait for ever); else return."""
    if _state["stranded"] and _state["program"]:
        with suppress(OSError, ValueError):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code if isinstance(code, int) else 1)


def _interrupted() -> None:
    """Tell the interrupt (if not yet told) and exit 130; at once if threads were stranded."""
    tell(f"{PROG}: ")
    _leave_stranded(EXIT_CODE)  # every block has ended: only the stranded threads' joins are left
    raise SystemExit(EXIT_CODE) from None


install()
