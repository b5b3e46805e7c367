"""Regions: the separate parts of a figure, all to be filled (a Trigo card has two), and names a
person can find them by.

Glossary
    Region   a connected part of a figure, as a set of points; a figure of one piece of card
             has one region.
    Spot     where a cell stands in the figure's text form, ``(row, column)``: a square's own
             coordinates, a cube's on its footprint, a hexagon's or triangle's by its lattice.
    Box      ``(top, left, height, width)`` of a set of spots.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from ubongo.solver.cells import Point, components
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import Lattice

Box = tuple[int, int, int, int]


Spot = tuple[int, int]


def spots(cells: Iterable[Point], lattice: Lattice) -> list[Spot]:
    """Where each cell stands in the text form (one spot per cell: a cube's layers repeat it)."""
    if lattice.plain:
        return [(p[-2], p[-1]) for p in cells]
    return [lattice.spot(p) for p in cells]


def regions(figure: Figure) -> list[frozenset[Point]]:
    """The figure's regions, in the reading order of their first spots."""
    parts = components(figure.cells, figure.lattice)
    return sorted((frozenset(part) for part in parts), key=lambda p: min(spots(p, figure.lattice)))


def box(places: Iterable[Spot]) -> Box:
    """``(top, left, height, width)`` of the spots."""
    points = list(places)
    rows = [r for r, _ in points]
    cols = [c for _, c in points]
    return min(rows), min(cols), max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def thirds(places: list[Spot], within: Box) -> str:
    """Which third of ``within`` the spots' centre falls in, each way: ``top-left``...
    ``middle``.

    >>> thirds([(0, 0)], (0, 0, 3, 3))
    'top-left'
    """
    top, left, height, width = within
    cr = sum(r - top + 0.5 for r, _ in places) / len(places) / height
    cc = sum(c - left + 0.5 for _, c in places) / len(places) / width
    v = ("top", "", "bottom")[min(2, int(cr * 3))]
    h = ("left", "", "right")[min(2, int(cc * 3))]
    return "-".join(x for x in (v, h) if x) or "middle"


def region_names(
    figure: Figure, parts: list[frozenset[Point]] | None = None
) -> list[tuple[frozenset[Point], str]]:
    """Each region with a name: by its rank along the columns, else the rows, when the regions
    do not overlap that way (``left``, ``middle``, ``right``); else where it lies in the
    figure's box, if that tells them apart; else by reading order (``first``...).

    >>> [name for _, name in region_names(Figure(frozenset({(0, 0), (0, 2), (0, 4)})))]
    ['left', 'middle', 'right']
    """
    parts = regions(figure) if parts is None else parts
    placed = [spots(part, figure.lattice) for part in parts]
    return list(zip(parts, _words(placed, box(spots(figure.cells, figure.lattice))), strict=True))


def _words(parts: list[list[Spot]], whole: Box) -> list[str]:
    """The names of ``region_names``, in the order of ``parts`` (their spots; ``whole`` the
    figure's box)."""
    for axis, ends in ((1, ("left", "right")), (0, ("top", "bottom"))):
        spans = sorted(
            (min(p[axis] for p in part), max(p[axis] for p in part), i)
            for i, part in enumerate(parts)
        )
        if all(a[1] < b[0] for a, b in pairwise(spans)):
            ranked = _ranks(len(parts), *ends)
            return [ranked[[i for _, _, i in spans].index(j)] for j in range(len(parts))]
    placed = [thirds(part, whole) for part in parts]
    if len(set(placed)) == len(parts):
        return placed
    return [_ordinal(i) for i in range(len(parts))]


def _ordinal(i: int) -> str:
    """``first``, ``second``... for 0, 1...; ``number 9`` past the eighth."""
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
    return words[i] if i < len(words) else f"number {i + 1}"


def _ranks(n: int, low: str, high: str) -> list[str]:
    """Names of n regions in a row: ``left right``, ``left middle right``, ``leftmost``,
    ``second-from-left``... ``rightmost``."""
    if n <= 3:
        return [low, "middle", high] if n == 3 else [low, high]
    inner = [f"{_ordinal(i)}-from-{low}" for i in range(1, n - 1)]
    return [f"{low}most", *inner, f"{high}most"]
