"""A Hypothesis strategy shared by tests: cells tiled by given pieces, planted one by one."""

from __future__ import annotations

from hypothesis import strategies as st

from ubongo.solver import Piece

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@st.composite
def planted(draw: st.DrawFn, pieces: list[Piece]) -> set[tuple[int, int]]:
    """Cells tiled by ``pieces`` (squares): each put down touching the ones before, not on them."""
    cells: set[tuple[int, int]] = set()
    for piece in pieces:
        shape = sorted(draw(st.sampled_from(piece.orientations)))
        frontier = {(r + a, c + b) for r, c in cells for a, b in STEPS} - cells or {(0, 0)}
        shifts = sorted({(fr - r, fc - c) for fr, fc in frontier for r, c in shape})
        fits = [s for s in shifts if not {(r + s[0], c + s[1]) for r, c in shape} & cells]
        dr, dc = draw(st.sampled_from(fits))
        cells |= {(r + dr, c + dc) for r, c in shape}
    return cells
