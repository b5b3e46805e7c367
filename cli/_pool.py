"""The process pool of ``-j N`` (``score``, ``generate``, ``atlas build``), loaded only with it.

Python's pool notices a dead worker from its own thread, which waits on the workers' results
and their exits together. A worker killed while it sends a result (more than a pipe holds: a
block of outcomes) leaves that thread reading the rest of the result for ever, and the other
workers waiting for the lock the dead one held: the command hung (2 of 15 ``score --csv -j 2``
runs in issue 26). So a watchdog thread looks at the workers' exit codes too, and breaks the
pool itself when one died.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any

from ubongo.cli import _interrupts

WATCH_EVERY = 0.25
"""Seconds between the watchdog's looks at the workers: a dead one is told within this."""
GRACE = 2.0
"""Seconds the pool's own thread has to notice a dead worker (it takes milliseconds unless it
is stuck) before the watchdog breaks the pool."""
DIED = "a worker process died (killed, or out of memory)"


class Pool(ProcessPoolExecutor):
    """A pool whose submissions (the first forks the workers) Ctrl-C does not cut short, and
    whose futures fail with BrokenProcessPool once a worker died, whatever its own thread does."""

    _watchdog: threading.Thread | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with _interrupts.deferred():
            future = super().submit(fn, *args, **kwargs)
        if self._watchdog is None:
            self._watchdog = threading.Thread(target=self._watch, name="pool-watchdog", daemon=True)
            self._watchdog.start()
        return future

    def _watch(self) -> None:
        """Until the pool shuts down or breaks: break it when a worker died and the pool's own
        thread has not noticed it after GRACE seconds (it would set results beside ours)."""
        clock = threading.Event()  # never set: a sleep
        while not clock.wait(WATCH_EVERY) and not self._ended():
            if self._a_worker_died():
                clock.wait(GRACE)
                if not self._ended():
                    self._break()
                return

    def _ended(self) -> bool:
        """Whether the pool is shutting down or known to be broken."""
        return bool(getattr(self, "_shutdown_thread", True) or getattr(self, "_broken", False))

    def _a_worker_died(self) -> bool:
        """Whether a worker ended other than as the pool ends them (exit code 0)."""
        return any(w.exitcode not in (None, 0) for w in self._workers())

    def _workers(self) -> list[Any]:
        """The pool's worker processes (none once it has shut down)."""
        try:
            return list((getattr(self, "_processes", None) or {}).values())
        except RuntimeError:  # the pool's thread changed the table meanwhile: none this time
            return []

    def _break(self) -> None:
        """Refuse new work, fail every unfinished future and end the workers, as the pool's own
        thread would; each future is taken from the pool's table first, so that thread, should
        it wake, finds none of them to finish a second time."""
        with self._shutdown_lock:
            if not self._broken:
                self._broken = DIED  # type: ignore[assignment]  # typeshed says bool; it holds the reason
        table = self._pending_work_items
        for work_id in list(table):
            item = table.pop(work_id, None)  # atomic: the pool's thread pops results the same way
            if item is not None:
                with suppress(InvalidStateError):  # cancelled meanwhile
                    item.future.set_exception(BrokenProcessPool(DIED))
        for worker in self._workers():
            with suppress(OSError, ValueError):  # ended meanwhile
                worker.terminate()
