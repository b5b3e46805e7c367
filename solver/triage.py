"""Triage: cheap proofs that a puzzle has no tiling, each with a reason a person can act on."""

from __future__ import annotations

from ubongo.solver.bitboard import CompiledPuzzle, compile_puzzle, placements
from ubongo.solver.bits import Mask, lsb, popcount, scan_forward
from ubongo.solver.puzzle import Puzzle
from ubongo.solver.regions import region_names


def area_reason(puzzle: Puzzle) -> str | None:
    """The area mismatch, if the pieces' total area differs from the figure's."""
    if puzzle.piece_area != puzzle.figure.area:
        return (
            f"area mismatch: the figure has {puzzle.figure.area} cells, "
            f"the pieces cover {puzzle.piece_area}"
        )
    return None


def region_reason(puzzle: Puzzle) -> str | None:
    """A region (of a figure of several) whose area no set of the pieces adds up to."""
    named = region_names(puzzle.figure)
    if len(named) < 2:
        return None
    sums = {0}
    for piece in puzzle.pieces:
        sums |= {s + piece.area for s in sums}
    for part, name in named:
        if len(part) not in sums:
            return (
                f"the {name} region has {len(part)} cells, "
                "which no set of the pieces covers exactly"
            )
    return None


def _dark(compiled: CompiledPuzzle) -> Mask:
    """Cells of the figure on the dark squares (cubes) of a checkerboard."""
    out = 0
    lattice = compiled.puzzle.lattice
    for low in scan_forward(compiled.full):
        (p,) = compiled.cells(low)
        if lattice.colour(p) == 0:
            out |= low
    return out


def colour_reason(compiled: CompiledPuzzle) -> str | None:
    """A checkerboard argument: no mix of the pieces' colour imbalances equals the figure's
    (on lattices with a checkerboard: squares and cubes)."""
    if not compiled.puzzle.lattice.checkerboard:
        return None
    dark = _dark(compiled)
    need = 2 * popcount(dark) - popcount(compiled.full)
    reachable = {0}
    for piece in compiled.puzzle.pieces:
        options = {
            2 * popcount(m & dark) - piece.area
            for m in placements(compiled.full, piece.shape, compiled.frame)
        }
        reachable = {a + b for a in reachable for b in options}
    if need not in reachable:
        light = popcount(compiled.full) - popcount(dark)
        return (
            f"colour imbalance: {compiled.puzzle.lattice.colours(popcount(dark), light)}, "
            "which no placement of these pieces can match"
        )
    return None


def fit_reason(compiled: CompiledPuzzle) -> str | None:
    """A piece that fits nowhere in the figure, or a cell that no piece can cover."""
    covered = 0
    for piece in compiled.puzzle.pieces:
        masks = placements(compiled.full, piece.shape, compiled.frame)
        if not masks:
            return f"piece {piece.name} fits nowhere in the figure"
        for m in masks:
            covered |= m
    hole = compiled.full & ~covered
    if hole:
        (p,) = compiled.cells(lsb(hole))
        return f"cell at {compiled.puzzle.lattice.where(p)} cannot be covered by any piece"
    return None


def triage(puzzle: Puzzle, compiled: CompiledPuzzle | None = None) -> str | None:
    """Why the puzzle has no tiling, when a cheap argument shows it; None when none applies."""
    reason = area_reason(puzzle) or region_reason(puzzle)
    if reason:
        return reason
    compiled = compiled or compile_puzzle(puzzle)
    return fit_reason(compiled) or colour_reason(compiled)
