"""The atlas's task function: a shard of figures in, the rows of its two tables out.

Glossary
    Spec      what decides an atlas: frame, areas, combination sizes, piece set, and for
              blocks of cubes the height each footprint is stacked to; whether figures with
              holes are kept. Equal specs give byte-identical shards, whatever process or
              machine computes them.
    Footprint a figure of the atlas as its mask holds it, of the footprint lattice:
              on a flat lattice (squares, hexagons, triangles) it is the figure; for blocks of
              cubes the figure is a footprint of squares ``height`` layers high, and a
              footprint's 8 turns keep every count, since each is a proper rotation of the
              prism (a mirror of the footprint is the prism turned over).
    Rows      a shard's rows as columns of ints (``figures`` and ``puzzles``, see FORMAT.md),
              sorted, ready for the writer; plain lists, so they pickle small and fast.

Pure: no file, no database. The driver (``ubongo atlas build``) hands shards to any
``concurrent.futures.Executor`` and writes what comes back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ubongo.puzzles.atlas.enumerate import (
    Found,
    Mask,
    Shard,
    figure_of_mask,
    grow,
    growth_estimate,
    shard_plan,
)
from ubongo.puzzles.game import Frame
from ubongo.solver.analyze import analyze, fitting_sizes
from ubongo.solver.figure import Figure, stacked
from ubongo.solver.lattice import SQUARE, Lattice
from ubongo.solver.pieces import PieceSet

FIGURE_COLUMNS = ("mask", "area", "rows", "cols", "symmetry")
"""The figure columns before the per-size ``combosN``, ``uniqueN`` pairs."""
PUZZLE_COLUMNS = ("mask", "pieces", "size", "tilings")
MIN_SHARDS = 4
"""Shards of the smallest builds, as before (2 would save about 0.1 s of a 1 s build)."""
MAX_SHARDS = 256
"""Shards of a large build; each shard costs two files and a manifest update."""
GROWN_PER_SHARD = 500
"""The scale of ``default_shards``: sqrt(grown / 500) shards. A shard costs the driver about
0.05 s of CPU on any lattice (two Parquet files and the manifest); 500 keeps the squares' counts
that tests and bundled atlases were built with (4x5: 16, 5x6: 256), where the frame's cells
gave a Trigo atlas of 669 figures 250 shards (now 4) and the 4x6 frame 256 (now 64)."""


@dataclass(frozen=True)
class Spec:
    """What decides an atlas (see the glossary)."""

    frame: Frame
    areas: tuple[int, int]
    sizes: tuple[int, ...]
    pieces: PieceSet
    height: int = 1
    holes: bool = False

    @property
    def footprint_lattice(self) -> Lattice:
        """The lattice of the figures enumerated (see the glossary)."""
        return footprint_lattice(self.pieces.lattice)

    def figure(self, mask: Mask) -> Figure:
        """The figure the pieces tile for a footprint's mask (see the glossary)."""
        return figure_of(mask, self.frame[1], self.pieces.lattice, self.height)

    def figure_columns(self) -> tuple[str, ...]:
        """The columns of the figures table, in order."""
        per_size = tuple(f"{k}{n}" for n in self.sizes for k in ("combos", "unique"))
        return FIGURE_COLUMNS + per_size


@dataclass(frozen=True)
class Task:
    """One unit of work for an executor: the spec and one shard of it."""

    spec: Spec
    shard: Shard


@dataclass(frozen=True)
class Rows:
    """A shard's output: its index and the columns of each table (see the glossary)."""

    index: int
    figures: dict[str, list[int]]
    puzzles: dict[str, list[int]]

    @property
    def count(self) -> int:
        """Figures in the shard."""
        return len(self.figures["mask"])


def default_shards(spec: Spec) -> int:
    """Shards for a spec: the square root of its fixed figures to grow over ``GROWN_PER_SHARD``,
    to the nearest power of two, 4 to ``MAX_SHARDS``."""
    grown = growth_estimate(spec.frame, spec.areas, spec.footprint_lattice.name)
    # sqrt: a shard's fixed cost times the shards against one shard's work (the wait for the
    # last) is least there; the same rule on every lattice, as the figures grown are
    doublings = round(math.log2(max(1.0, grown / GROWN_PER_SHARD)) / 2)
    return max(MIN_SHARDS, min(MAX_SHARDS, 1 << doublings))


def tasks(spec: Spec, shards: int) -> list[Task]:
    """The tasks of a build, in shard order."""
    plan = shard_plan(spec.frame, spec.areas, shards, spec.holes, spec.footprint_lattice.name)
    return [Task(spec, s) for s in plan]


def footprint_lattice(lattice: Lattice) -> Lattice:
    """The lattice of an atlas's figures for pieces of ``lattice``: their own on a flat one,
    squares (footprints) for blocks of cubes."""
    return SQUARE if lattice.layered else lattice


def figure_of(mask: Mask, cols: int, lattice: Lattice, height: int) -> Figure:
    """The figure of a footprint's mask (stride ``cols``): the footprint itself on a flat
    lattice, else its squares stacked ``height`` layers of cubes high."""
    footprint = figure_of_mask(mask, cols, footprint_lattice(lattice))
    return footprint if not lattice.layered else stacked(footprint, height, lattice)


def build_shard(task: Task) -> Rows:
    """Every figure of the shard with its combinations per size and their tiling counts."""
    spec = task.spec
    bit = {name: 1 << i for i, name in enumerate(spec.pieces)}
    figures: dict[str, list[int]] = {c: [] for c in spec.figure_columns()}
    puzzles: dict[str, list[int]] = {c: [] for c in PUZZLE_COLUMNS}
    for found in sorted(grow(task.shard), key=lambda f: f.mask):
        fig = spec.figure(found.mask)
        row = (found.mask, found.area, found.rows, found.cols, _symmetry(found, fig))
        for name, value in zip(FIGURE_COLUMNS, row, strict=True):
            figures[name].append(value)
        fits = fitting_sizes(fig, spec.pieces)
        for n in spec.sizes:
            combos = analyze(fig, n, spec.pieces) if n in fits else []
            keys = sorted(sum(bit[p] for p in c.pieces) for c in combos)
            tilings = {sum(bit[p] for p in c.pieces): c.tilings for c in combos}
            for key in keys:
                for name, value in zip(
                    PUZZLE_COLUMNS, (found.mask, key, n, tilings[key]), strict=True
                ):
                    puzzles[name].append(value)
            figures[f"combos{n}"].append(len(combos))
            figures[f"unique{n}"].append(sum(c.tilings == 1 for c in combos))
    return Rows(task.shard.index, figures, puzzles)


def _symmetry(found: Found, figure: Figure) -> int:
    """How many turns of the pieces' lattice map the figure onto itself: the figure's own on a
    flat lattice; for cubes the prism's proper rotations, which are the footprint's 8 turns (each
    made proper) and more where the prism is more symmetric than its footprint (a 2 x n
    footprint two high also turns a quarter about its length: 8, not 4)."""
    if not figure.lattice.layered:
        return found.symmetry
    return len(figure.lattice.symmetries(figure.cells))
