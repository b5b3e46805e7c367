"""Search limits: one time and node budget object shared by every engine.

A search calls :meth:`Limits.tick` every ``CHECK_EVERY`` nodes with its running node count;
the call raises :class:`~solver.errors.TimeLimit` or :class:`~solver.errors.NodeLimit`
once a budget is spent. Looking at the clock costs far more than a search step, hence the
stride.
"""

from __future__ import annotations

import time

from ubongo.solver.errors import NodeLimit, TimeLimit

CHECK_EVERY = 4096
"""Search nodes between two looks at the clock: keeps the check off the hot path."""
TIMEOUT = 60.0
"""Seconds a command gets by default (``--timeout``)."""
SMALL_PIECES = 6
"""Pieces at most in an Ubongo-sized puzzle, which the bitboard engine always takes alone (no
CP-SAT turns): every published edition's puzzles have 3 to 6."""
AUTO_NODE_BUDGET = 200_000
"""Search nodes the ``auto`` engine gives the bitboard search of a larger puzzle before CP-SAT's
first turn (``--node-budget``)."""
SET_TIMEOUT = 600.0
"""Seconds a command over a whole set gets by default: verify, render, generate."""


class Limits:
    """The time (seconds) and node budgets of one search; None means unlimited."""

    def __init__(self, timeout: float | None = None, max_nodes: int | None = None) -> None:
        self.timeout = timeout
        self.max_nodes = max_nodes
        self.deadline = None if timeout is None else time.monotonic() + timeout

    def tick(self, nodes: int) -> None:
        """Raise NodeLimit or TimeLimit (carrying ``nodes``) when a budget is spent."""
        if self.max_nodes is not None and nodes >= self.max_nodes:
            raise NodeLimit(self.max_nodes, nodes)
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TimeLimit(self.timeout, nodes)

    def left(self) -> float | None:
        """Seconds still to spend (0.0 once spent), or None without a time budget."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
