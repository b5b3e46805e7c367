"""Errors of the generator: a set that cannot be built as asked."""

from __future__ import annotations

from solver.errors import UbongoError


class GenerationError(UbongoError):
    """The generator cannot build what was asked (frame too small, pieces too few, ...)."""
