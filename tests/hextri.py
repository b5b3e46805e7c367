"""Small made-up sets of hexagons and triangles for tests of the pictures and the practice page.

The real Extreme and Trigo shapes are not public (docs/EDITIONS.md), so the pieces here are
every free polyform of a size, enumerated on the lattice, and each figure is planted: its
pieces are put down one by one touching the ones before, so every combination has a tiling by
construction (the tests still verify the sets).
"""

from __future__ import annotations

import random
from typing import Any

from ubongo.solver.lattice import HEX, TRI, Lattice, Point, Shape

EXTREME_DIE = ["yellow", "blue", "red", "green"]
"""Extreme's colour tokens, drawn from a bag: a row per colour."""


def polyforms(lattice: Lattice, size: int) -> list[Shape]:
    """Every free polyform of ``size`` cells on the lattice (one shape per class), sorted."""
    seed: Point = (0, 0, 1) if lattice is TRI else (0, 0)
    found = {lattice.canonical(frozenset([seed])): lattice.normalise([seed])}
    for _ in range(size - 1):
        grown: dict[tuple[Point, ...], Shape] = {}
        for shape in found.values():
            for p in shape:
                for q in lattice.neighbours(p):
                    if q not in shape:
                        bigger = lattice.normalise(shape | {q})
                        grown.setdefault(lattice.canonical(bigger), bigger)
        found = grown
    return [found[k] for k in sorted(found)]


def pieces_of(lattice: Lattice, sizes: tuple[int, ...]) -> dict[str, dict[str, Any]]:
    """The free polyforms of these sizes as a pieces document's ``pieces``: named by size and
    number (``H4a`` a tetrahex, ``T5b`` a pentiamond), coded A, B, C..."""
    kind = "H" if lattice is HEX else "T"
    out: dict[str, dict[str, Any]] = {}
    for size in sizes:
        for i, shape in enumerate(polyforms(lattice, size)):
            code = chr(ord("A") + len(out))
            cells = [list(p) for p in sorted(shape)]
            out[f"{kind}{size}{chr(ord('a') + i)}"] = {"code": code, "cells": cells}
    return out


def plant(
    lattice: Lattice, shapes: list[Shape], rng: random.Random, start: Point | None = None
) -> set[Point]:
    """Cells tiled by the shapes, each turned at random and put down touching the ones before."""
    cells: set[Point] = set()
    for shape in shapes:
        turned = sorted(rng.choice(lattice.orientations(shape)))
        if cells:
            frontier = sorted({q for p in cells for q in lattice.neighbours(p)} - cells)
        else:
            frontier = [start or turned[0]]
        fits = []
        for f in frontier:
            for p in turned:
                if p[2:] != f[2:]:
                    continue  # a translation keeps a triangle's kind
                by = (f[0] - p[0], f[1] - p[1])
                moved = {(q[0] + by[0], q[1] + by[1], *q[2:]) for q in turned}
                if not moved & cells:
                    fits.append(moved)
        # the most snug of the fits (most edges shared with the cells before), as a card's
        # figure is compact rather than a chain of pieces
        snug = [sum(q in cells for p in f for q in lattice.neighbours(p)) for f in fits]
        cells |= rng.choice([f for f, n in zip(fits, snug, strict=True) if n == max(snug)])
    return cells


def rows(lattice: Lattice, cells: set[Point]) -> list[str]:
    """The cells in the lattice's text form."""
    from ubongo.solver.figure import Figure

    return list(Figure.from_cells(cells, lattice).rows())


def extreme_set(seed: int = 1, templates: int = 2) -> dict[str, Any]:
    """An Extreme-style set of the seven tetrahexes and three of the pentahexes: one figure a
    side, a row per colour, 3 pieces easy and 4 hard, every row planted into the figure."""
    pieces = pieces_of(HEX, (4, 5))
    names = sorted(pieces)[:10]
    rng = random.Random(seed)
    doc_templates = []
    for t in range(templates):
        sides: dict[str, Any] = {}
        for side, k in (("easy", 3), ("hard", 4)):
            combo = rng.sample(names, k)
            shape = {n: frozenset(tuple(c) for c in pieces[n]["cells"]) for n in names}
            figure = rows(HEX, plant(HEX, [shape[n] for n in combo], rng))
            others = _others(HEX, figure, pieces, names, k, rng, 4)
            combos = [combo] + [c for c in others if c != sorted(combo)][:3]
            sides[side] = {"figure": figure, "combos": combos}
        doc_templates.append({"id": f"{t + 1:02d}", **sides})
    return {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": "made-up extreme",
        "lattice": "hex",
        "die": EXTREME_DIE,
        "pieces": {n: pieces[n] for n in names},
        "templates": doc_templates,
    }


def _others(
    lattice: Lattice,
    figure: list[str],
    pieces: dict[str, dict[str, Any]],
    names: list[str],
    k: int,
    rng: random.Random,
    want: int,
) -> list[list[str]]:
    """Up to ``want`` further combinations of ``k`` pieces that tile the figure (found by the
    analyzer), at random; the planted one is not among them."""
    import ubongo
    from ubongo.puzzles import parse_pieces

    doc = {"format": "ubongo-pieces", "version": 2, "name": "made-up", "lattice": lattice.name,
           "pieces": {n: pieces[n] for n in names}}  # fmt: skip
    found = ubongo.analyze("/".join(figure), [k], piece_set=parse_pieces(doc, "made-up"))
    combos = sorted(sorted(c.pieces) for c in found.combos)
    rng.shuffle(combos)
    return [list(c) for c in combos[:want]]


def trigo_set(seed: int = 1, templates: int = 2) -> dict[str, Any]:
    """A Trigo-style set of the three tetriamonds and four pentiamonds (7 pieces, as Trigo's
    players hold): each side two regions, both to be filled, one row of pieces named on it."""
    pieces = pieces_of(TRI, (4, 5))
    names = sorted(pieces)
    rng = random.Random(seed)
    shape = {n: frozenset(tuple(c) for c in pieces[n]["cells"]) for n in names}
    doc_templates = []
    for t in range(templates):
        sides: dict[str, Any] = {}
        for side, k in (("easy", 3), ("hard", 4)):
            combo = rng.sample(names, k)
            split = k // 2
            left = plant(TRI, [shape[n] for n in combo[:split]], rng, (0, 0, 1))
            right = plant(TRI, [shape[n] for n in combo[split:]], rng, (0, 0, 1))
            # apart by three columns of rhombi, their top rows level
            dr = min(p[0] for p in left) - min(p[0] for p in right)
            dc = max(p[1] for p in left) + 3 - min(p[1] for p in right) - dr
            right = {(p[0] + dr, p[1] + dc, p[2]) for p in right}
            sides[side] = {"figure": rows(TRI, left | right), "combos": [combo]}
        doc_templates.append({"id": f"{t + 1:02d}", **sides})
    return {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": "made-up trigo",
        "lattice": "tri",
        "pieces": pieces,
        "templates": doc_templates,
    }


MANY = {
    "hex": ["####/####/####", "####/#####/###", "###/####/####/#", ".####/####/###"],
    "tri": ["#######/######", "########/#######", "######/######/##", "#########/#######"],
}
"""Compact figures that small polyforms tile in many ways."""


def many_tilings_set(lattice: Lattice) -> dict[str, Any]:
    """A set of the polyforms of 2 to 5 cells whose combinations have 2 to 60 tilings each, up
    to three a figure: the order of the tilings then decides the hints' answers (at most 26
    pieces: their codes are the letters)."""
    import ubongo
    from ubongo.puzzles import parse_pieces

    pieces = dict(list(pieces_of(lattice, (2, 3, 4, 5)).items())[:26])
    doc = {"format": "ubongo-pieces", "version": 2, "name": "many", "lattice": lattice.name,
           "pieces": pieces}  # fmt: skip
    piece_set = parse_pieces(doc, "many")
    templates = []
    for i, figure in enumerate(MANY[lattice.space]):
        found = ubongo.analyze(figure, [3, 4], piece_set=piece_set)
        combos = [list(c.pieces) for c in found.combos if 2 <= c.tilings <= 60][:3]
        if combos:
            templates.append(
                {"id": f"M{i}", "hard": {"figure": figure.split("/"), "combos": combos}}
            )
    return {
        "format": "ubongo-puzzle-set",
        "version": 2,
        "name": f"many tilings of {lattice.cells}",
        "lattice": lattice.name,
        "pieces": pieces,
        "templates": templates,
    }
