"""Errors of the generator: a set that cannot be built as asked."""

from __future__ import annotations

from ubongo.solver.errors import UbongoError


class GenerationError(UbongoError):
    """The generator cannot build what was asked (frame too small, pieces too few, ...)."""


class OutOfTime(GenerationError):
    """The whole run passed its wall-clock ``deadline`` (seconds since the epoch)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"time limit of {seconds:g} s reached; nothing written")
        self.seconds = seconds
