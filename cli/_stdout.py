"""A closed pipe or a full disk on stdout ends the program cleanly, exit 1: no traceback.

Click-free, so that ``ubongo --version`` (answered before click is imported) is guarded as
every command is.
"""

from __future__ import annotations

import errno
import os
import sys

from ubongo.cli._interrupts import PROG

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (--version does not)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FULL = (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EROFS)
"""Write errors told as "cannot write the output"; any other OSError is not stdout's."""


def guard_stdout(run: Callable[[], Any]) -> Any:
    """Run the command; a full disk or a closed pipe on stdout ends it cleanly (exit 1)."""
    try:
        result = run()
        sys.stdout.flush()
        return result
    except BrokenPipeError:
        _silence_stdout()
        sys.exit(1)
    except OSError as e:
        if e.errno not in FULL:
            raise
        _silence_stdout()
        sys.stderr.write(f"{PROG}: cannot write the output: {e.strerror}\n")
        sys.stderr.flush()
        sys.exit(1)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
