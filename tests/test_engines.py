"""Engines: planted-solution properties, bitboard against CP-SAT, a brute-force oracle, limits,
triage reasons, and the independent verifier.

Every tiling any engine yields here goes through ``is_solution``, which shares no code with the
engines. The oracle below (``brute_tilings``) shares none with them either: it builds its own
images of each shape and tries every product of placements.
"""

from __future__ import annotations

import itertools
import pickle
from itertools import islice
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli._common import load_set
from ubongo.solver import (
    STANDARD,
    Figure,
    FigureError,
    NodeLimit,
    Piece,
    PieceSet,
    Placement,
    Puzzle,
    PuzzleTooLarge,
    SearchLimit,
    TimeLimit,
    UnknownPiece,
    analyze,
    check,
    count,
    parse_figure,
    parse_solution,
    solution_rows,
    solutions,
    solve,
    triage,
)
from ubongo.solver import core as native
from ubongo.solver.bitboard import compile_puzzle, count_solutions, first_tiling, iter_solutions
from ubongo.solver.bits import bit_index, lsb, popcount, scan_forward
from ubongo.solver.engine import auto_solutions
from ubongo.solver.limits import CHECK_EVERY
from ubongo.solver.pieces import shape_from_rows
from ubongo.solver.verify import is_solution

NAMES = list(STANDARD)
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))

# --- an oracle that shares no code with the engines ------------------------------------------


def norm(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def images(cells):
    """The distinct rotations and reflections of a cell set, in a stable order."""
    out = set()
    pts = list(cells)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]
        out.add(norm(pts))
        out.add(norm([(r, -c) for r, c in pts]))
    return sorted(out, key=sorted)


def shape_key(cells):
    """Equal for two shapes exactly when one is a rotation or reflection of the other."""
    return tuple(sorted(images(cells)[0]))


def spots(shape, figure):
    """Every set of figure cells that is an image of ``shape``."""
    out = set()
    for img in images(shape):
        r1, c1 = min(img)
        for r, c in figure:  # put the image's first cell on every figure cell
            cells = frozenset((r + a - r1, c + b - c1) for a, b in img)
            if cells <= figure:
                out.add(cells)
    return out


def brute_tilings(puzzle):
    """Every tiling as a set of (shape key, cells): copies of a shape are interchangeable."""
    figure = frozenset(puzzle.figure.cells)
    keys = [shape_key(p.shape) for p in puzzle.pieces]
    options = [sorted(spots(p.shape, figure), key=sorted) for p in puzzle.pieces]
    found = set()
    for combo in itertools.product(*options):
        union = frozenset().union(*combo)
        if len(union) == len(figure) == sum(len(c) for c in combo):
            found.add(frozenset(zip(keys, combo, strict=True)))
    return found


def by_shape(puzzle, solution):
    """A tiling as the oracle writes it."""
    shape = {p.name: shape_key(p.shape) for p in puzzle.pieces}
    return frozenset((shape[pl.piece], pl.cells) for pl in solution)


def by_name(solution):
    return frozenset(solution)


# --- strategies ------------------------------------------------------------------------------


@st.composite
def planted(draw, min_pieces=1, max_pieces=5, copies=False, names=NAMES):
    """A puzzle tileable by construction, and the tiling planted in it.

    Pieces go down one by one, each in a random orientation and at a random translation that
    touches the union so far without overlapping it.
    """
    k = draw(st.integers(min_pieces, max_pieces))
    if copies:
        chosen = draw(st.lists(st.sampled_from(names), min_size=k, max_size=k))
    else:
        chosen = draw(st.lists(st.sampled_from(names), min_size=k, max_size=k, unique=True))
    pieces = STANDARD.resolve(chosen, distinct=False)
    union: set[tuple[int, int]] = set()
    placed = []
    for p in pieces:
        img = draw(st.sampled_from(images(p.shape)))
        if not union:
            moves = [(0, 0)]
        else:
            free = {(r + dr, c + dc) for r, c in union for dr, dc in STEPS} - union
            moves = sorted(
                {
                    (fr - r, fc - c)
                    for fr, fc in free
                    for r, c in img
                    if not {(a + fr - r, b + fc - c) for a, b in img} & union
                }
            )
        dr, dc = draw(st.sampled_from(moves))
        cells = {(r + dr, c + dc) for r, c in img}
        union |= cells
        placed.append((p.name, cells))
    r0 = min(r for r, _ in union)
    c0 = min(c for _, c in union)
    plant = tuple(Placement(n, frozenset((r - r0, c - c0) for r, c in cs)) for n, cs in placed)
    return Puzzle(Figure.from_cells(union), pieces), plant


@st.composite
def grown(draw, area):
    """A random connected figure of ``area`` cells."""
    cells = {(0, 0)}
    while len(cells) < area:
        frontier = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in STEPS} - cells)
        cells.add(draw(st.sampled_from(frontier)))
    return Figure.from_cells(cells)


@st.composite
def random_puzzle(draw, max_pieces=4, copies=False, names=NAMES):
    """Pieces and a random figure of their total area: mostly, not always, unsolvable."""
    k = draw(st.integers(1, max_pieces))
    chosen = draw(st.lists(st.sampled_from(names), min_size=k, max_size=k, unique=not copies))
    pieces = STANDARD.resolve(chosen, distinct=False)
    area = sum(p.area for p in pieces)
    if draw(st.booleans()):
        figure = draw(grown(area))
    else:  # any cells in a small box, connected or not
        box = st.tuples(st.integers(0, 3), st.integers(0, 4))
        figure = Figure.from_cells(draw(st.sets(box, min_size=area, max_size=area)))
    return Puzzle(figure, pieces)


SMALL = [n for n in NAMES if STANDARD[n].area <= 4]
# At most 3 pieces (copies allowed) on at most 10 cells, planted or random.
tiny = st.one_of(
    planted(max_pieces=3, copies=True, names=SMALL).map(lambda case: case[0]),
    random_puzzle(max_pieces=3, copies=True, names=SMALL),
).filter(lambda puzzle: puzzle.figure.area <= 10)


# --- planted solutions -----------------------------------------------------------------------


@settings(max_examples=150)
@given(planted())
def test_bitboard_finds_every_planted_puzzle(case):
    puzzle, plant = case
    assert is_solution(puzzle, plant)  # the strategy itself plants a real tiling
    found = list(solutions(puzzle, engine="bitboard"))
    assert found, str(puzzle)
    assert all(is_solution(puzzle, s) for s in found)
    keys = [by_name(s) for s in found]
    assert len(set(keys)) == len(keys)  # never the same tiling twice
    assert by_name(plant) in keys
    n = count(puzzle, engine="bitboard")
    assert n == len(found) >= 1
    assert count(puzzle) == n
    assert solve(puzzle, engine="bitboard") is not None
    v = check(puzzle, want_count=True)
    assert v.solvable and v.reason is None and v.tilings == n
    assert is_solution(puzzle, v.solution)
    assert triage(puzzle) is None


@settings(max_examples=40)
@given(planted(max_pieces=4))
def test_cpsat_agrees_with_bitboard_on_planted_puzzles(case):
    puzzle, plant = case
    bit = {by_name(s) for s in solutions(puzzle, engine="bitboard")}
    sat = list(solutions(puzzle, engine="cpsat"))
    assert all(is_solution(puzzle, s) for s in sat)
    assert {by_name(s) for s in sat} == bit
    assert len(sat) == len(bit) == count(puzzle, engine="cpsat")
    assert by_name(plant) in bit


@settings(max_examples=80)
@given(planted())
def test_solution_pictures_round_trip(case):
    puzzle, _ = case
    for sol in islice(solutions(puzzle, engine="bitboard"), 5):
        rows = solution_rows(puzzle.figure, sol)
        assert "#" not in "".join(rows)  # every cell belongs to a piece
        figure, back = parse_solution(rows)
        assert figure == puzzle.figure
        assert set(back) == set(sol)
        assert parse_solution("/".join(rows)) == (figure, back)


@settings(max_examples=100)
@given(planted(copies=True))
def test_a_tiling_drawn_from_its_masks_is_the_picture_solution_rows_draws(case):
    puzzle, _ = case
    found = first_tiling(compile_puzzle(puzzle))
    assert found is not None
    assert found.rows() == solution_rows(puzzle.figure, found())


@settings(max_examples=100)
@given(st.one_of(planted(copies=True).map(lambda case: case[0]), random_puzzle(copies=True)))
def test_checking_with_a_count_finds_the_tiling_checking_without_one_finds(puzzle):
    counted, plain = check(puzzle, want_count=True), check(puzzle)
    assert counted.solution == plain.solution
    assert counted.tilings == count(puzzle, engine="bitboard")
    assert counted.solvable == plain.solvable == (counted.tilings > 0)


@pytest.mark.parametrize("core", ["compiled", "pure"])
def test_a_large_count_searches_once_and_keeps_the_first_tiling(core, monkeypatch):
    """More than six pieces with a count on an asymmetric figure: one search (no hunt for a
    first tiling before it), and the tiling it keeps is the one a search for a first tiling
    finds. (A symmetric figure is counted by orbits: tests/test_symmetry.py.)"""
    from ubongo.solver import engine

    if core == "pure":
        monkeypatch.setattr(native, "CORE", None)
    elif native.CORE is None:
        pytest.skip("compiled core not built or UBONGO_PURE set")
    pieces = load_set(str(Path(__file__).parent.parent / "examples" / "pentominoes.json")).pieces
    rows = ["######.", "#######", "#######", "#######", "#######", "#......"]
    puzzle = Puzzle(parse_figure(rows), pieces.resolve("FILNPTU"))
    want = first_tiling(compile_puzzle(puzzle))
    searches = []
    monkeypatch.setattr(engine, "auto_solutions", lambda *a, **k: searches.append(a))
    monkeypatch.setattr(engine, "solve", lambda *a, **k: searches.append(a))
    v = check(puzzle, want_count=True)
    assert searches == [] and v.engine == "bitboard"
    assert v.tilings == count(puzzle) > 0
    assert want is not None and v.solution == want() and is_solution(puzzle, v.solution)


def test_a_piece_renamed_to_another_shape_is_not_taken_for_the_one_solved_before():
    """Pieces compare by name and code: the compiled-board cache must key on shapes too."""
    figure = parse_figure("##/.#")
    corner = shape_from_rows(["##", ".#"])
    other = shape_from_rows(["##", "#."])  # the same piece mirrored: fits the figure
    bar = shape_from_rows(["###"])  # same area, fits nowhere
    for shape, tilings in ((corner, 1), (bar, 0), (other, 1)):
        puzzle = Puzzle(figure, (Piece("P", "a", shape),))
        assert check(puzzle, want_count=True).tilings == tilings


# --- random figures --------------------------------------------------------------------------


@settings(max_examples=150)
@given(random_puzzle())
def test_random_figures_check_reason_given_iff_unsolvable(puzzle):
    n = count(puzzle, engine="bitboard")
    v = check(puzzle, want_count=True)
    assert v.solvable == (n > 0)
    assert (v.reason is None) == v.solvable
    assert v.tilings == n
    if v.solvable:
        assert is_solution(puzzle, v.solution)
    else:
        assert v.solution is None
    if triage(puzzle) is not None:  # triage may only speak for truly unsolvable puzzles
        assert n == 0
        assert next(solutions(puzzle, engine="bitboard"), None) is None


@settings(max_examples=40)
@given(random_puzzle())
def test_engines_agree_on_random_figures(puzzle):
    n = count(puzzle, engine="bitboard")
    assert count(puzzle, engine="cpsat") == n
    assert (solve(puzzle, engine="cpsat") is not None) == (n > 0)
    v = check(puzzle, want_count=True, engine="cpsat")
    assert v.engine == "cpsat"
    assert (v.solvable, v.tilings, v.reason is None) == (n > 0, n, n > 0)


# --- the brute-force oracle ------------------------------------------------------------------


@settings(max_examples=120)
@given(tiny)
def test_bitboard_matches_the_brute_force_oracle(puzzle):
    truth = brute_tilings(puzzle)
    found = list(solutions(puzzle, engine="bitboard"))
    assert all(is_solution(puzzle, s) for s in found)
    assert {by_shape(puzzle, s) for s in found} == truth
    assert len(found) == len(truth) == count(puzzle)


@settings(max_examples=40)
@given(tiny)
def test_cpsat_matches_the_brute_force_oracle(puzzle):
    truth = brute_tilings(puzzle)
    found = list(solutions(puzzle, engine="cpsat"))
    assert all(is_solution(puzzle, s) for s in found)
    assert {by_shape(puzzle, s) for s in found} == truth
    assert len(found) == len(truth) == count(puzzle, engine="cpsat")


@pytest.mark.parametrize(
    ("figure", "names", "expected"),
    [
        ("###/##.", ["I2", "L3"], 2),  # mirror image tilings of a symmetric figure count apart
        ("##/##", ["I2", "I2"], 2),  # two copies: horizontal pair, vertical pair
        ("####/####", ["O4", "O4"], 1),
        ("###/###", ["I3", "I3"], 1),
        ("##/##/##", ["I2", "I2", "I2"], 3),
        ("###/###/###", ["I3", "I3", "I3"], 2),
        ("##/##", ["L3"], 0),
        ("###/###", ["I2", "L4"], 4),
        ("###/###", ["I2", "O4"], 2),
    ],
)
def test_known_counts(figure, names, expected):
    puzzle = Puzzle(parse_figure(figure), STANDARD.resolve(names, distinct=False))
    assert len(brute_tilings(puzzle)) == expected
    for engine in ("bitboard", "cpsat", "auto"):
        assert count(puzzle, engine=engine) == expected
        assert len(list(solutions(puzzle, engine=engine))) == expected


TWINS = PieceSet(
    [
        Piece("D1", "a", shape_from_rows(["##"])),
        Piece("D2", "b", shape_from_rows(["#", "#"])),  # the same shape, drawn upright
        Piece("T", "t", shape_from_rows(["#.", "##"])),
    ]
)


@pytest.mark.parametrize(
    ("figure", "names", "expected"),
    [("##/##", ["D1", "D2"], 2), ("####/###.", ["D1", "D2", "T"], None), ("####", ["D1", "D2"], 1)],
)
@pytest.mark.parametrize(
    "engine",
    [
        "bitboard",
        "cpsat",
    ],
)
def test_differently_named_copies_never_count_a_tiling_twice(figure, names, expected, engine):
    puzzle = Puzzle(parse_figure(figure), TWINS.resolve(names))
    truth = brute_tilings(puzzle)
    if expected is not None:
        assert len(truth) == expected
    found = list(solutions(puzzle, engine=engine))
    assert all(is_solution(puzzle, s) for s in found)
    assert len(found) == len({by_shape(puzzle, s) for s in found}) == len(truth)
    assert count(puzzle, engine=engine) == len(truth)


# --- limits ----------------------------------------------------------------------------------


def test_limit_stops_counting_and_iterating():
    puzzle = Puzzle(parse_figure("###/###/###"), STANDARD.resolve(["I2", "L3", "L4"]))
    total = count(puzzle)
    assert total == 16 == len(brute_tilings(puzzle))
    for engine in ("auto", "bitboard", "cpsat"):
        assert count(puzzle, engine=engine, limit=2) == 2
        assert count(puzzle, engine=engine, limit=1) == 1
        got = list(solutions(puzzle, engine=engine, limit=2))
        assert len(got) == 2 and all(is_solution(puzzle, s) for s in got)
    assert count(puzzle, limit=total + 5) == total


PENTOMINOES = load_set(
    str(Path(__file__).resolve().parents[1] / "examples" / "pentominoes.json")
).pieces
RECTANGLE = Puzzle(parse_figure(["#" * 10] * 6), tuple(PENTOMINOES.values()))


def test_auto_engine_solves_the_pentomino_rectangle():
    sol = solve(RECTANGLE)
    assert sol is not None and is_solution(RECTANGLE, sol)
    rows = solution_rows(RECTANGLE.figure, sol, PENTOMINOES)
    assert len(rows) == 6 and all(len(r) == 10 for r in rows)
    assert sorted(set("".join(rows))) == sorted(PENTOMINOES)


@pytest.mark.parametrize("engine", ["auto", "bitboard", "cpsat"])
def test_tiny_timeout_raises_time_limit(engine):
    with pytest.raises(TimeLimit) as info:
        count(RECTANGLE, engine=engine, timeout=0.02)
    assert isinstance(info.value, SearchLimit)
    assert 0 < info.value.seconds <= 0.02 and info.value.nodes >= 0
    assert str(info.value) == f"time limit of 0.02 s reached after {info.value.nodes} search nodes"


def test_tiny_timeout_on_iteration_raises_time_limit():
    with pytest.raises(TimeLimit):
        list(solutions(RECTANGLE, engine="bitboard", timeout=0.02))


def test_tiny_timeout_on_the_small_puzzle_path_counts_every_node_searched():
    # the untabled search looks at the clock every CHECK_EVERY nodes and reports the total
    board = compile_puzzle(RECTANGLE, table=False)
    with pytest.raises(TimeLimit) as info:
        first_tiling(board, timeout=0.0)
    assert info.value.nodes == CHECK_EVERY


def test_tiny_timeout_in_analyze_raises_time_limit():
    with pytest.raises(TimeLimit):
        analyze(parse_figure(["#" * 8] * 5), 9, timeout=0.0)


@pytest.mark.parametrize(
    "search",
    [
        lambda b: next(iter_solutions(b, max_nodes=5000)),
        lambda b: count_solutions(b, max_nodes=5000),
    ],
)
def test_node_limit_carries_the_budget_and_the_node_count(search):
    with pytest.raises(NodeLimit) as info:
        search(compile_puzzle(RECTANGLE))
    assert info.value.budget == 5000 and info.value.nodes >= 5000
    assert str(info.value) == f"node limit of 5000 reached after {info.value.nodes} search nodes"


@pytest.mark.skipif(native.CORE is None, reason="compiled core not built or UBONGO_PURE set")
@pytest.mark.parametrize("rows", [["#" * 10] * 6, ["#" * 20] * 3, ["#" * 15] * 4])
def test_auto_finds_the_first_tiling_of_a_large_puzzle_on_the_compiled_core(monkeypatch, rows):
    """More than six pieces, one tiling: the core's search within the node budget, the tiling
    the Python search finds (its resumable steps are not used)."""
    from ubongo.solver import bitboard

    puzzle = Puzzle(parse_figure(rows), tuple(PENTOMINOES.values()))
    with monkeypatch.context() as m:
        m.setattr(native, "CORE", None)
        want = auto_solutions(puzzle, 1)
    monkeypatch.setattr(bitboard, "steps", lambda *a: pytest.fail("the Python search ran"))
    assert auto_solutions(puzzle, 1) == want
    assert want[1] == "bitboard" and is_solution(puzzle, want[0][0])


def test_auto_moves_to_cpsat_at_the_node_limit_but_not_at_the_time_limit(monkeypatch):
    from ubongo.solver import engine

    monkeypatch.setattr(engine, "CPSAT_SLICE", 60.0)  # a first turn long enough to answer
    found, used = auto_solutions(RECTANGLE, 1, node_budget=CHECK_EVERY)
    assert used == "cpsat" and is_solution(RECTANGLE, found[0])
    with pytest.raises(TimeLimit):
        auto_solutions(RECTANGLE, 1, timeout=0.0, node_budget=10 * CHECK_EVERY)


@pytest.mark.parametrize(
    "error",
    [
        TimeLimit(2.5, 17),
        TimeLimit(None, 3),
        NodeLimit(100, 4096),
        PuzzleTooLarge(500, 400, "CP-SAT"),
        UnknownPiece("T5", ["T4", "L5"]),
        FigureError("empty figure", 2, 3),
    ],
)
def test_errors_survive_pickling_with_their_data(error):
    back = pickle.loads(pickle.dumps(error))  # a worker process sends them back this way
    assert type(back) is type(error) and str(back) == str(error)
    assert vars(back) == vars(error)


def test_cpsat_refuses_a_huge_figure():
    big = Puzzle(parse_figure(["#" * 30] * 20), STANDARD.resolve(["I2"]) * 300)
    with pytest.raises(PuzzleTooLarge) as info:
        count(big, engine="cpsat")
    assert (info.value.cells, info.value.limit, info.value.engine) == (600, 400, "CP-SAT")
    assert str(info.value) == "figure has 600 cells; the CP-SAT engine takes at most 400"


def test_bitboard_refuses_a_huge_figure():
    big = Puzzle(parse_figure(["#" * 60] * 40), STANDARD.resolve(["I2"]) * 1200)
    with pytest.raises(PuzzleTooLarge) as info:
        solve(big, engine="bitboard")
    assert (info.value.cells, info.value.limit, info.value.engine) == (2400, 2048, "bitboard")


# --- triage ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("figure", "names", "reason"),
    [
        ("###/###", ["I2", "I3"], "area mismatch: the figure has 6 cells, the pieces cover 5"),
        ("###/###/###", ["I4", "L5"], "piece I4 fits nowhere in the figure"),
        ("#..../#####", ["I3", "I3"], "cell at row 1, column 1 cannot be covered by any piece"),
        ("###/###", ["T4", "I2"], "colour imbalance: on a checkerboard the figure has 3 dark"),
    ],
)
def test_triage_reasons(figure, names, reason):
    puzzle = Puzzle(parse_figure(figure), STANDARD.resolve(names, distinct=False))
    assert triage(puzzle).startswith(reason)
    v = check(puzzle, want_count=True)
    assert not v.solvable and v.solution is None and v.tilings == 0
    assert v.reason.startswith(reason)
    for engine in ("bitboard", "cpsat"):
        assert count(puzzle, engine=engine) == 0
        assert solve(puzzle, engine=engine) is None
    assert not brute_tilings(puzzle)


def test_exhaustive_search_reason_when_triage_has_none():
    # Areas match, both pieces fit, every cell can be covered and the colours balance: only the
    # search shows there is no tiling.
    puzzle = Puzzle(parse_figure("####/####/.#.."), STANDARD.resolve(["S4", "L5"]))
    assert triage(puzzle) is None
    assert count(puzzle) == 0 and not brute_tilings(puzzle)
    v = check(puzzle)
    assert not v.solvable and v.reason == "no tiling exists (exhaustive search)"


# --- the verifier ----------------------------------------------------------------------------

SQUARE = Puzzle(parse_figure("###/##."), STANDARD.resolve(["I2", "L3"]))


def pl(name, *cells):
    return Placement(name, frozenset(cells))


@pytest.mark.parametrize(
    ("solution", "ok"),
    [
        ((pl("I2", (0, 0), (1, 0)), pl("L3", (0, 1), (0, 2), (1, 1))), True),
        ((pl("L3", (0, 1), (0, 2), (1, 1)), pl("I2", (0, 0), (1, 0))), True),  # any order
        ((pl("I2", (0, 0), (1, 0)),), False),  # a piece missing
        (
            (pl("I2", (0, 0), (1, 0)), pl("L3", (0, 1), (0, 2), (1, 1)), pl("I2", (0, 0), (0, 1))),
            False,
        ),
        ((pl("I2", (0, 0), (0, 1)), pl("L3", (0, 1), (0, 2), (1, 1))), False),  # overlap
        ((pl("I2", (0, 0), (1, 1)), pl("L3", (0, 1), (0, 2), (1, 0))), False),  # I2 not a domino
        ((pl("I2", (0, 0), (1, 0)), pl("I3", (0, 1), (0, 2), (1, 1))), False),  # wrong piece
        ((pl("I2", (0, 0), (1, 0)), pl("L3", (0, 1), (0, 2), (0, 3))), False),  # wrong shape
        ((pl("I2", (0, 0), (1, 0)), pl("L3", (0, 1), (0, 2), (1, 2))), False),  # off the figure
    ],
)
def test_is_solution_rejects_what_is_not_a_tiling(solution, ok):
    assert is_solution(SQUARE, solution) is ok


@st.composite
def renamed(draw, base=tiny):
    """A tiny puzzle whose pieces each get their own name and a random drawn orientation."""
    puzzle = draw(base)
    pieces = []
    for i, p in enumerate(puzzle.pieces):
        drawn = draw(st.sampled_from(images(p.shape)))
        pieces.append(Piece(f"P{i}", "abcdefgh"[i], drawn))
    return Puzzle(puzzle.figure, PieceSet(pieces).resolve([p.name for p in pieces]))


@settings(max_examples=60)
@given(renamed())
def test_named_copies_in_any_orientation_match_the_oracle(puzzle):
    truth = brute_tilings(puzzle)
    for engine in ("bitboard", "cpsat"):
        found = list(solutions(puzzle, engine=engine))
        assert all(is_solution(puzzle, s) for s in found)
        assert {by_shape(puzzle, s) for s in found} == truth
        assert len(found) == len(truth) == count(puzzle, engine=engine)


# --- bit helpers -----------------------------------------------------------------------------


@settings(max_examples=200)
@given(st.integers(0, 2**200))
def test_scan_forward_yields_each_set_bit_once_lowest_first(mask):
    bits = list(scan_forward(mask))
    assert all(b & (b - 1) == 0 and b > 0 for b in bits)  # single bits
    assert bits == sorted(bits) and sum(bits) == mask
    assert len(bits) == popcount(mask) == bin(mask).count("1")
    assert lsb(mask) == (bits[0] if bits else 0)
    assert [bit_index(b) for b in bits] == [i for i, ch in enumerate(bin(mask)[:1:-1]) if ch == "1"]


@pytest.mark.parametrize("slots", [1, 64, 1 << 12])
def test_the_count_memo_table_is_exact_however_small(slots, monkeypatch):
    """States pushed out of a small table are searched again, never counted wrong; the first
    tiling the memo meets is the plain search's first."""
    from ubongo.solver import bitboard

    monkeypatch.setattr(bitboard, "MEMO_SLOTS", slots)
    pieces = load_set(str(Path(__file__).parent.parent / "examples" / "pentominoes.json")).pieces
    rows = ["######.", "#######", "#######", "#######", "#######", "#......"]
    puzzle = Puzzle(parse_figure(rows), pieces.resolve("FILNPTU"))
    board = compile_puzzle(puzzle)
    n, first = bitboard.count_memo_first(board)
    assert n == count_solutions(board, max_nodes=10**9) > 0
    assert first is not None and first() == first_tiling(board)()
