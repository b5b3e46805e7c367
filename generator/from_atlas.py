"""Candidate figures from an atlas instead of random carving (``ubongo generate --atlas``).

``AtlasFigures`` is a ``FigureSource`` (generator.design): for a slot it draws, with the
task's own ``Random``, one of the atlas's figures of the slot's area and box that have a
combination of the slot's size (and enough with one tiling, where the slot plans them),
symmetric exactly where the slot asks for symmetry. The generator then analyses and selects
as it does for carved figures, so the profiles mean the same. It asks the open database, so it
runs in the process that opened it (the CLI runs the searches there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from ubongo.generator.design import Slot
from ubongo.puzzles.atlas.enumerate import Mask, cells_of
from ubongo.puzzles.atlas.query import Connection, Info, figures_for
from ubongo.solver.figure import Figure


@dataclass
class AtlasFigures:
    """A FigureSource over an open atlas; the figures of each kind of slot are asked once."""

    con: Connection
    about: Info
    pools: dict[tuple[int, int, int, int, bool, int], list[Mask]] = field(default_factory=dict)

    def __call__(self, rng: Random, slot: Slot) -> Figure | None:
        unique = 0 if slot.loose or slot.symmetric else slot.unique
        key = (slot.area, *slot.box, slot.size, bool(slot.symmetric), unique)
        if key not in self.pools:
            self.pools[key] = figures_for(
                self.con, slot.area, slot.box, slot.size, bool(slot.symmetric), unique
            )
        pool = self.pools[key]
        return self._oriented(rng.choice(pool), slot.box) if pool else None

    def _oriented(self, mask: Mask, box: tuple[int, int]) -> Figure:
        """The figure of ``mask`` turned so that its box is ``box`` (rows, columns)."""
        cells = cells_of(mask, self.about.frame[1])
        fig = Figure(frozenset(cells))
        if (fig.height, fig.width) != box:
            fig = Figure(frozenset((c, r) for r, c in cells))
        return fig
