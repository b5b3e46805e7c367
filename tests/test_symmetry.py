"""Counting tilings of a symmetric figure an orbit of placements at a time (solver.symmetry):
the same number as the plain search, a real tiling, and the 6x10 pentomino count."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_lattice import on_both_cores  # the one way to run a job on both cores

from ubongo.cli._common import load_set
from ubongo.solver import STANDARD, Figure, Puzzle, check, count, parse_figure, symmetry
from ubongo.solver import core as native
from ubongo.solver.bitboard import compile_puzzle, count_first, count_solutions
from ubongo.solver.engine import _count_plain
from ubongo.solver.lattice import HEX
from ubongo.solver.limits import Limits
from ubongo.solver.pieces import Piece
from ubongo.solver.symmetry import count_by_orbits, orbits, placements, symmetries
from ubongo.solver.verify import is_solution

EXAMPLES = Path(__file__).parent.parent / "examples"
NAMES = list(STANDARD)


def plain(puzzle: Puzzle):
    """The plain search's count and first tiling: the Counter the orbits are checked with."""
    return count_first(compile_puzzle(puzzle))


@st.composite
def symmetric_figure(draw):
    """A rectangle, or random cells mirrored left to right (and maybe top to bottom)."""
    h, w = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    if draw(st.booleans()):
        return Figure.from_cells((r, c) for r in range(h) for c in range(w))
    half = draw(st.sets(st.tuples(st.integers(0, h - 1), st.integers(0, w - 1)), min_size=1))
    cells = half | {(r, 2 * w - 1 - c) for r, c in half}
    if draw(st.booleans()):
        cells |= {(2 * h - 1 - r, c) for r, c in cells}
    return Figure.from_cells(cells)


@st.composite
def symmetric_puzzle(draw):
    """A symmetric figure and pieces (copies allowed) of exactly its area."""
    figure = draw(symmetric_figure())
    assume(figure.area <= 24)
    names: list[str] = []
    area = 0
    while area < figure.area:
        names.append(draw(st.sampled_from(NAMES)))
        area += STANDARD[names[-1]].area
    assume(area == figure.area)
    return Puzzle(figure, STANDARD.resolve(names, distinct=False))


@settings(max_examples=300, deadline=None)
@given(symmetric_puzzle())
def test_the_count_by_orbits_equals_the_plain_count_and_its_tiling_is_one(puzzle):
    got = count_by_orbits(puzzle, plain)
    n = count_solutions(compile_puzzle(puzzle))
    if got is None:  # every shape has copies (the figures here all have a symmetry)
        keys = [p.key for p in puzzle.pieces]
        assert all(keys.count(k) > 1 for k in keys)
        return
    assert got[0] == n
    assert (got[1] is None) == (n == 0)
    if got[1] is not None:
        assert is_solution(puzzle, got[1]())


@settings(max_examples=100, deadline=None)
@given(symmetric_figure())
def test_each_symmetry_maps_the_figure_onto_itself_and_they_form_a_group(figure):
    cells = figure.cells
    group = symmetries(cells)
    images = [tuple(sorted(g(p) for p in cells)) for g in group]
    assert images[0] == tuple(sorted(cells)) and all(set(i) == cells for i in images)
    maps = {tuple(g(p) for p in sorted(cells)) for g in group}
    assert len(group) in (1, 2, 4, 8)  # on one cell all eight maps agree: len(maps) is 1
    for g in group:  # closed under composition
        for h in group:
            assert tuple(g(h(p)) for p in sorted(cells)) in maps


@pytest.mark.parametrize(
    ("rows", "order"),
    [
        (["#" * 10] * 6, 4),  # a rectangle: two mirrors and the half turn
        (["####"] * 4, 8),  # a square: all eight
        ([".#.", "###", ".#."], 8),  # a plus
        (["##", "#."], 2),  # an L of three: the mirror on its diagonal
        (["###", "#.."], 1),  # an L of four: none
        (["##.", ".##"], 2),  # an S: the half turn
    ],
)
def test_symmetries_of_known_figures(rows, order):
    assert len(symmetries(parse_figure(rows).cells)) == order


def test_the_pivot_of_the_6x10_pentominoes_is_the_x_in_eight_orbits_of_four():
    pieces = load_set(str(EXAMPLES / "pentominoes.json")).pieces
    puzzle = Puzzle(parse_figure(["#" * 10] * 6), pieces.resolve(list("FILNPTUVWXYZ")))
    plan = orbits(puzzle)
    assert plan is not None and puzzle.pieces[plan.pivot].name == "X"
    assert [size for _, size in plan.orbits] == [4] * 8
    assert len(placements(puzzle.figure.cells, pieces["X"].shape)) == 32


def test_no_pivot_on_an_asymmetric_figure_or_when_every_shape_has_copies():
    asym = Puzzle(parse_figure(["###", "#..", "##."]), STANDARD.resolve(["L3", "I3"]))
    assert orbits(asym) is None
    copies = Puzzle(parse_figure(["####", "####"]), STANDARD.resolve(["O4", "O4"], distinct=False))
    assert orbits(copies) is None
    assert count(copies) == 1  # and the engine still counts it, the plain way


def test_the_6x10_pentominoes_count_by_orbits_on_both_cores(monkeypatch):
    """9356 tilings (2339 up to symmetry), counted by orbits on either core: the same count
    and the same tiling, a real one."""
    pieces = load_set(str(EXAMPLES / "pentominoes.json")).pieces
    puzzle = Puzzle(parse_figure(["#" * 10] * 6), pieces.resolve(list("FILNPTUVWXYZ")))
    answers = []
    for core in {native.CORE, None}:
        monkeypatch.setattr(native, "CORE", core)
        v = check(puzzle, want_count=True)
        assert v.tilings == 9356 and v.solution is not None and is_solution(puzzle, v.solution)
        answers.append(v.solution)
    assert answers[0] == answers[-1]


def cut(figure: Figure, seed: int) -> Puzzle:
    """The figure cut at random into joined parts of 1 to 5 cells, each part a piece (parts of
    one shape are copies): a puzzle with a tiling."""
    rng = random.Random(seed)
    lattice = figure.lattice
    free = set(figure.cells)
    pieces = []
    while free:
        part = {min(free)}
        for _ in range(rng.randint(0, 4)):
            grown = sorted({q for p in part for q in lattice.neighbours(p) if q in free} - part)
            if grown:
                part.add(rng.choice(grown))
        free -= part
        shape = lattice.normalise(part)
        pieces.append(Piece(f"P{len(pieces)}", chr(65 + len(pieces)), shape, lattice))
    return Puzzle(figure, tuple(pieces))


@st.composite
def symmetric_hex_puzzle(draw):
    """A parallelogram of hexagons (its half turn a symmetry) cut into random pieces."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 6))
    figure = Figure.from_cells([(r, q) for r in range(rows) for q in range(cols)], HEX)
    return cut(figure, draw(st.integers(0, 10**6)))


def engine_count(puzzle: Puzzle):  # type: ignore[no-untyped-def]
    """The Counter the engine counts rests with: the core's search when it takes the puzzle."""
    return _count_plain(puzzle, Limits())


@settings(max_examples=300, deadline=None)
@given(st.one_of(symmetric_puzzle(), symmetric_hex_puzzle()))
def test_the_compiled_count_by_orbits_is_the_python_one(puzzle):
    """The core's orbit_count against the Python bookkeeping on the same core: the same count
    and the same tiling shown (the same pivot, orbits in the same order, the same first orbit
    with one); against pure Python the same count and the same tiling (on hexagons too since
    the core's tile() gets the cells' box, not the text form's: it transposed other figures
    than compile_puzzle did)."""

    def job():  # type: ignore[no-untyped-def]
        got = count_by_orbits(puzzle, engine_count)
        return got and (got[0], got[1] and got[1]())

    compiled, pure = on_both_cores(job)
    if native.CORE is not None:
        saved = symmetry.tile_orbits
        symmetry.tile_orbits = lambda *args: None  # the Python bookkeeping, the core's searches
        try:
            assert job() == compiled
        finally:
            symmetry.tile_orbits = saved
    assert compiled == pure
    if compiled and compiled[1]:
        assert is_solution(puzzle, compiled[1])


@settings(max_examples=300, deadline=None)
@given(st.one_of(symmetric_puzzle(), symmetric_hex_puzzle()))
def test_the_compiled_count_up_to_symmetry_is_the_python_one(puzzle):
    """The core's fixed_counts (the tilings each symmetry keeps, Burnside's terms, in one call)
    against the Python exact covers by orbits: the same count up to symmetry, on squares and
    hexagons, copies of a shape allowed; and the same index maps of the symmetries."""
    tilings = count(puzzle)
    compiled, pure = on_both_cores(lambda: symmetry.up_to_symmetry(puzzle, tilings))
    assert compiled == pure <= tilings
    maps = on_both_cores(lambda: symmetry.cell_maps(puzzle.lattice, puzzle.figure.cells))
    assert maps[0] == maps[1]


BOARDS = [  # the 12 pentominoes' classic boards and their counts (2339 up to symmetry on 6x10)
    (["#" * 10] * 6, 9356),
    (["#" * 12] * 5, 4040),
    (["#" * 15] * 4, 1472),
    (["#" * 20] * 3, 8),
    (["#" * 8] * 3 + ["###..###"] * 2 + ["#" * 8] * 3, 520),
]


@pytest.mark.parametrize(("rows", "tilings"), BOARDS[1:])
def test_the_pentomino_boards_count_by_orbits_on_both_cores(rows, tilings):
    """The golden counts, and the same tiling shown, on the compiled core and in Python (6x10
    above). The Python side counts the rests with the memo on 5x12, the slowest here."""
    pieces = load_set(str(EXAMPLES / "pentominoes.json")).pieces
    puzzle = Puzzle(parse_figure(rows), pieces.resolve(list("FILNPTUVWXYZ")))

    def job():  # type: ignore[no-untyped-def]
        v = check(puzzle, want_count=True)
        return v.tilings, v.solution

    compiled, pure = on_both_cores(job)
    assert compiled == pure and compiled[0] == tilings
    assert is_solution(puzzle, compiled[1])


def test_figure_maps_are_kept_for_the_same_figure_only() -> None:
    """figure_maps answers as cell_maps; asked again for the same figure it gives the same
    answer object, for an equal but other figure (or another lattice) a new one."""
    figure = parse_figure(["######"] * 3)
    lattice = STANDARD.lattice
    first = symmetry.figure_maps(figure, lattice)
    assert first == symmetry.cell_maps(lattice, figure.cells)
    assert symmetry.figure_maps(figure, lattice) is first
    twin = parse_figure(["######"] * 3)
    assert twin == figure and twin is not figure
    again = symmetry.figure_maps(twin, lattice)
    assert again == first and again is not first
    assert symmetry.figure_maps(figure, HEX) is not first
