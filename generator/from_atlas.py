"""Candidate figures from an atlas instead of random carving (``ubongo generate --atlas``).

The atlas already knows every figure of a frame and every combination that tiles it, so a
search task becomes a lookup: the figures of the slot's area and box that can carry a side
(enough combinations within the profile's tiling bound, enough unique ones), shuffled by the
task's seed, ``KEEP`` per round. The selection that follows is the generator's own, so the
profiles mean the same as with carving. The lookups run in the main process (they ask the
open database), which is why the CLI runs them without a pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from generator.design import KEEP, Candidate, Found, Task
from puzzles.atlas.enumerate import cells_of
from puzzles.atlas.query import Connection, Info, candidates, combos
from solver.figure import Figure


@dataclass(frozen=True)
class AtlasSource:
    """``source(task) -> Found``: a slot's candidate figures, looked up in an open atlas."""

    con: Connection
    about: Info

    def __call__(self, task: Task) -> Found:
        slot = task.slot
        masks = candidates(self.con, slot.area, slot.box, slot.size, task.max_tilings, task.faces)
        Random(f"{task.seed}:{slot.side}:{slot.index}:atlas").shuffle(masks)
        chosen = masks[task.round * KEEP : (task.round + 1) * KEEP]
        found = []
        for mask in chosen:
            usable = tuple(
                (pieces, n)
                for pieces, n in combos(self.con, self.about, mask, slot.size)
                if n <= task.max_tilings
            )
            if sum(n == 1 for _, n in usable) < task.unique:
                continue
            fig = self._oriented(mask, slot.box)
            found.append(Candidate(tuple(fig.rows()), usable, fig.canonical()))
        exhausted = (task.round + 1) * KEEP >= len(masks)
        return Found(slot, tuple(found), len(chosen), 0, 0.0, exhausted)

    def _oriented(self, mask: int, box: tuple[int, int]) -> Figure:
        """The figure of ``mask`` turned so that its box is ``box`` (rows, columns)."""
        cells = cells_of(mask, self.about.frame[1])
        fig = Figure(frozenset(cells))
        if (fig.height, fig.width) != box:
            fig = Figure(frozenset((c, r) for r, c in cells))
        return fig
