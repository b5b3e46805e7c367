"""The compiled core (solver/_core.c) against the pure-Python engine, in one process.

Both cores get the same compiled boards: the Python engine by setting ``core.CORE`` to None,
the C core by calling it as the engine does. They must find the same first tiling (same
placements, checked by the independent ``is_solution``), the same counts (with and without a
cap), the golden counts, and stop at the same node on a time or node limit. The CLI is compared
across a subprocess with ``UBONGO_PURE=1``. Without a C compiler the core is not built and the
tests that need it are skipped (the pure engine is then the only one, tested everywhere else).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from unittest.mock import patch

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import ubongo.solver.text as solver_text
from ubongo.cli._common import load_set
from ubongo.puzzles import bundled
from ubongo.solver import (
    STANDARD,
    Figure,
    NodeLimit,
    Piece,
    PieceSet,
    Placement,
    Puzzle,
    TimeLimit,
    UbongoError,
    Verdict,
    analyze,
    bitboard,
    check,
    parse_figure,
    solution_rows,
)
from ubongo.solver import core as native
from ubongo.solver.analyze import fitting_sizes
from ubongo.solver.bitboard import (
    CompiledPuzzle,
    compile_puzzle,
    count_first,
    count_solutions,
    first_tiling,
)
from ubongo.solver.engine import count
from ubongo.solver.limits import CHECK_EVERY
from ubongo.solver.pieces import shape_from_rows
from ubongo.solver.puzzle import Solution
from ubongo.solver.text import TextSolver
from ubongo.solver.verify import is_solution

ROOT = Path(__file__).resolve().parent.parent
UBONGO = str(Path(sys.executable).parent / "ubongo")
CORE = native.CORE
needs_core = pytest.mark.skipif(CORE is None, reason="compiled core not built or UBONGO_PURE set")
PENTOMINOES = load_set(str(ROOT / "examples" / "pentominoes.json")).pieces
RECTANGLE = Puzzle(parse_figure(["#" * 10] * 6), tuple(PENTOMINOES.values()))
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@contextmanager
def pure() -> Iterator[None]:
    """Run the block on the pure-Python engine."""
    saved = native.CORE
    native.CORE = None
    try:
        yield
    finally:
        native.CORE = saved


def both(run: Callable[[], object]) -> tuple[object, object]:
    """``run()`` on the compiled core, then on the pure-Python engine."""
    compiled = run()
    with pure():
        return compiled, run()


def first(board: CompiledPuzzle) -> Solution | None:
    """The decoded first tiling of a board, or None."""
    found = first_tiling(board)
    return None if found is None else found()


# --- strategies ------------------------------------------------------------------------------


@st.composite
def planted(draw: st.DrawFn, max_pieces: int = 8) -> Puzzle:
    """A puzzle tileable by construction: standard pieces (copies allowed) put down edge to edge.

    Up to 8 pieces, so the figures pass 64 bits and puzzles above TABLE_PIECES take the
    Candidate-table path of the Python engine.
    """
    names = draw(st.lists(st.sampled_from(list(STANDARD)), min_size=1, max_size=max_pieces))
    pieces = STANDARD.resolve(names, distinct=False)
    union: set[tuple[int, int]] = set()
    for p in pieces:
        shape = draw(st.sampled_from(p.orientations))
        moves = [(0, 0)]
        if union:
            free = {(r + dr, c + dc) for r, c in union for dr, dc in STEPS} - union
            moves = sorted(
                {
                    (fr - r, fc - c)
                    for fr, fc in free
                    for r, c in shape
                    if not {(a + fr - r, b + fc - c) for a, b in shape} & union
                }
            )
        dr, dc = draw(st.sampled_from(moves))
        union |= {(r + dr, c + dc) for r, c in shape}
    return Puzzle(Figure.from_cells(union), pieces)


@st.composite
def random_figure(draw: st.DrawFn) -> Puzzle:
    """Pieces (copies allowed) and any cells of their total area in a box: mostly unsolvable."""
    names = draw(st.lists(st.sampled_from(list(STANDARD)), min_size=1, max_size=4))
    pieces = STANDARD.resolve(names, distinct=False)
    area = sum(p.area for p in pieces)
    rows = draw(st.integers(1, 8))
    cols = max(1, -(-area // rows) + draw(st.integers(0, 3)))
    cells = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    figure = Figure.from_cells(draw(st.sets(cells, min_size=area, max_size=area)))
    return Puzzle(figure, pieces)


# --- same answers ----------------------------------------------------------------------------


@needs_core
@settings(max_examples=100)
@given(st.one_of(planted(), random_figure()), st.booleans())
def test_both_cores_find_the_same_first_tiling(puzzle: Puzzle, table: bool) -> None:
    board = compile_puzzle(puzzle, table=table)
    compiled, python = both(lambda: first(board))
    assert compiled == python
    assert compiled is None or is_solution(puzzle, compiled)  # type: ignore[arg-type]


@needs_core
@settings(max_examples=150)
@given(st.one_of(planted(), random_figure()))
def test_both_cores_measure_the_same_search_effort(puzzle: Puzzle) -> None:
    """generator.effort's most-constrained-cell search: the same nodes and tilings in C."""
    from ubongo.generator.effort import search

    compiled, python = both(lambda: search(puzzle.figure, puzzle.pieces))
    assert compiled == python
    if len({p.key for p in puzzle.pieces}) == len(puzzle.pieces):  # copies count apart there
        assert python[1] == count_solutions(compile_puzzle(puzzle))


@needs_core
def test_the_effort_search_of_the_6x10_pentominoes_on_both_cores() -> None:
    """A large search (9,356 tilings): the same nodes on both cores, and a time limit kept."""
    from ubongo.generator.effort import search
    from ubongo.solver.errors import TimeLimit

    compiled = search(RECTANGLE.figure, RECTANGLE.pieces)
    assert compiled[1] == 9356
    with pytest.raises(TimeLimit):
        search(RECTANGLE.figure, RECTANGLE.pieces, timeout=0.01)


@needs_core
@settings(max_examples=100)
@given(planted(), st.booleans())
def test_planted_puzzles_are_solved_by_the_compiled_core(puzzle: Puzzle, table: bool) -> None:
    sol = first(compile_puzzle(puzzle, table=table))
    assert sol is not None and is_solution(puzzle, sol)


@needs_core
@settings(max_examples=100)
@given(st.one_of(planted(), random_figure()), st.sampled_from([None, 0, 1, 2, 5]))
def test_both_cores_count_alike(puzzle: Puzzle, limit: int | None) -> None:
    board = compile_puzzle(puzzle)
    compiled, python = both(lambda: count_solutions(board, limit=limit))
    assert compiled == python


@settings(max_examples=100)
@given(st.one_of(planted(), random_figure()), st.booleans())
def test_count_first_is_the_count_and_the_first_tiling_on_both_cores(
    puzzle: Puzzle, table: bool
) -> None:
    """One search gives what first_tiling and count_solutions give in two, on either core."""
    board = compile_puzzle(puzzle, table=table)

    def run() -> tuple[int, Solution | None, int, Solution | None]:
        n, found = count_first(board)
        return n, None if found is None else found(), count_solutions(board), first(board)

    for n, met, counted, sol in both(run) if CORE is not None else (run(),):  # type: ignore[misc]
        assert (n, met) == (counted, sol)
        assert met is None or is_solution(puzzle, met)


@needs_core
@settings(max_examples=100)
@given(st.one_of(planted(), random_figure()))
def test_the_pruning_of_dead_cells_changes_no_count_and_no_first_tiling(puzzle: Puzzle) -> None:
    """With the lattice's steps (``shifts``) the core skips a placement that leaves an empty
    cell without an empty neighbour: the same count and first tiling as without them."""
    board = compile_puzzle(puzzle)
    assume(bitboard.uses_core(board))
    args = (board.full, board.slots, board.all_used)
    assert CORE.count(*args, -1, None, 1, board.shifts) == CORE.count(*args, -1, None, 1)  # type: ignore[union-attr]
    assert CORE.first(*args, None, 1, board.shifts) == CORE.first(*args, None, 1)  # type: ignore[union-attr]


def nodes(board: CompiledPuzzle, shifts: tuple[int, ...]) -> int:
    """Nodes the compiled core searches counting a board, with these shifts."""
    seen = [0]
    tick = partial(seen.__setitem__, 0)
    CORE.count(board.full, board.slots, board.all_used, -1, tick, 1, shifts)  # type: ignore[union-attr]
    return seen[0]


@needs_core
def test_the_pruning_of_dead_cells_searches_fewer_nodes_and_only_for_joined_pieces() -> None:
    board = compile_puzzle(Puzzle(parse_figure(["#" * 7] * 5), PENTOMINOES.resolve("FILNPTU")))
    assert board.shifts == (1, board.frame.stride)  # the square lattice's two steps, in bits
    assert nodes(board, board.shifts) < nodes(board, ())
    apart = Piece("D", "D", frozenset({(0, 0), (0, 2)}))  # two cells, not joined
    assert (
        compile_puzzle(
            Puzzle(parse_figure(["###", "#.#"]), (apart, *STANDARD.resolve(["I2"])))
        ).shifts
        == ()
    )
    one = STANDARD.resolve(["I2"])[0]
    monomino = Piece("M", "M", frozenset({(0, 0)}))
    assert compile_puzzle(Puzzle(parse_figure(["###"]), (one, monomino))).shifts == ()


@needs_core
def test_a_large_count_runs_on_the_compiled_core_and_agrees_with_the_memo() -> None:
    """More than six pieces and no limit: the C core's plain count, the memo's number."""
    puzzle = Puzzle(parse_figure(["#" * 7] * 5), tuple(PENTOMINOES.resolve("FILNPTU")))
    assert bitboard.uses_core(compile_puzzle(puzzle, table=False))
    compiled, python = both(lambda: count(puzzle))
    assert (
        compiled == python == count_solutions(compile_puzzle(puzzle, table=True), max_nodes=10**9)
    )


@needs_core
@pytest.mark.parametrize("name", ["sample", "standard"])
def test_the_compiled_core_counts_the_golden_numbers(name: str) -> None:
    golden = json.loads((ROOT / "tests" / "golden" / f"{name}_counts.json").read_text())
    want = [row["solutions"] for row in golden["combinations"]]
    boards = [compile_puzzle(c.puzzle) for c in bundled(name).combinations()]
    assert [count_solutions(b) for b in boards] == want
    with pure():
        assert [count_solutions(b) for b in boards] == want


@needs_core
def test_the_pentomino_rectangle_first_tiling_is_the_same_on_both_cores() -> None:
    board = compile_puzzle(RECTANGLE)  # 12 pieces: the Python engine's Candidate table
    compiled, python = both(lambda: first(board))
    assert compiled == python and is_solution(RECTANGLE, compiled)  # type: ignore[arg-type]


# --- analyze ---------------------------------------------------------------------------------

TWINS = PieceSet(  # copies of one shape under other names, and a 17th piece past MAX_POOL
    [
        *STANDARD.values(),
        Piece("D2", "a", STANDARD["I2"].shape),
        Piece("D3", "b", STANDARD["L3"].shape),
        Piece("D4", "c", shape_from_rows(["##", "##"])),
        Piece("D5", "d", STANDARD["P5"].shape),
        Piece("D6", "e", shape_from_rows([".#.", "###"])),
    ]
)
POOLS = {
    "standard": STANDARD,
    "twins": PieceSet(list(TWINS.values())[6:16]),  # 10 pieces, three shapes twice
    "seventeen": TWINS,  # more than the C core's MAX_POOL: the Python search runs
}


@st.composite
def analysis(draw: st.DrawFn) -> tuple[Figure, int, PieceSet, list[str], int | None]:
    """A figure of a size's area in a box (some past 64 and 128 bits), a pool, required
    pieces and a cap."""
    pool = POOLS[draw(st.sampled_from(sorted(POOLS)))]
    size = draw(st.integers(1, 4))
    area = sum(p.area for p in draw(st.permutations(list(pool.values())))[:size])
    rows = draw(st.integers(1, 9))
    cols = max(1, -(-area // rows) + draw(st.integers(0, 3)))
    cells = st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1))
    if rows * cols < area:
        cols = area
    figure = Figure.from_cells(draw(st.sets(cells, min_size=area, max_size=area)))
    required = draw(st.lists(st.sampled_from(list(pool)), max_size=2, unique=True))
    return figure, size, pool, required, draw(st.sampled_from([None, -1, 0, 1, 2, 1 << 70]))


def analyze_both(
    figure: Figure, size: int, pool: PieceSet, required: list[str], cap: int | None
) -> tuple[object, object]:
    """analyze on the compiled core, then on the pure-Python engine."""
    return both(lambda: analyze(figure, size, pool, required=required, max_tilings=cap))


@needs_core
@settings(max_examples=200, deadline=None)
@given(analysis())
def test_both_cores_analyze_alike(
    case: tuple[Figure, int, PieceSet, list[str], int | None],
) -> None:
    compiled, python = analyze_both(*case)
    assert compiled == python


FAR_APART = [  # two blobs in opposite corners: few cells, long masks (75, 102, 117 bits)
    ["###......."] * 3 + [".......###"] * 3,
    ["####........"] * 2 + ["." * 12] * 3 + ["........####"] * 2,
    ["###........."] * 2 + ["." * 12] * 4 + [".........###", "..........##"],
]


@needs_core
@pytest.mark.parametrize("rows", FAR_APART)
def test_both_cores_analyze_figures_past_64_bits_alike(rows: list[str]) -> None:
    figure = parse_figure(rows)
    shapes = tuple(p.shape for p in STANDARD.values())
    frame = bitboard.frame_for(figure, shapes, STANDARD.lattice, reorder=False)
    assert 64 < bitboard.figure_mask(figure, frame).bit_length() <= CORE.BITS  # type: ignore[union-attr]
    found = []
    for size in fitting_sizes(figure)[:2]:
        compiled, python = both(partial(analyze, figure, size, max_tilings=3))
        assert compiled == python
        found += compiled  # type: ignore[arg-type]
    assert found


@needs_core
def test_both_cores_analyze_the_golden_combinations() -> None:
    """Every combination of the standard set, with its golden count, is in its side's analysis."""
    golden = json.loads((ROOT / "tests" / "golden" / "standard_counts.json").read_text())
    by_side: dict[tuple[str, str], list[tuple[tuple[str, ...], int]]] = {}
    for row in golden["combinations"]:
        key = (row["template"], row["side"])
        by_side.setdefault(key, []).append((tuple(row["pieces"]), row["solutions"]))
    figures = {(c.template, c.side): c.puzzle.figure for c in bundled("standard").combinations()}
    for key, combos in by_side.items():
        for size in {len(p) for p, _ in combos}:
            compiled, python = both(partial(analyze, figures[key], size))
            assert compiled == python
            found = {c.pieces: c.tilings for c in compiled}  # type: ignore[attr-defined]
            for pieces, n in combos:
                if len(pieces) == size:
                    assert found[tuple(sorted(pieces, key=list(STANDARD).index))] == n


@needs_core
def test_analyze_on_both_cores_stops_at_the_time_limit() -> None:
    figure = parse_figure(["#" * 8] * 5)
    compiled, python = both(lambda: stopped(lambda: analyze(figure, 9, timeout=0.0)))
    assert compiled == python == (TimeLimit, 0)


# --- the one-call entry: figure and pieces to the answer (tile, TextSolver) ------------------


def python_answers(puzzle: Puzzle, cap: int | None) -> tuple[object, ...]:
    """First tiling, capped count and (count, first tiling) on the pure-Python engine."""
    with pure():
        board = compile_puzzle(puzzle)
        n, met = count_first(board)
        return first(board), count_solutions(board, limit=cap), (n, None if met is None else met())


@needs_core
@settings(max_examples=150)
@given(st.one_of(planted(), random_figure()), st.sampled_from([None, 0, 1, 2, 5]))
def test_tile_answers_as_the_python_engine_does(puzzle: Puzzle, cap: int | None) -> None:
    """One call from the figure's cells to the answer: the Python engine's first tiling (same
    placements, drawn as solution_rows draws them), count and count with its first tiling."""
    want_first, want_count, want_both = python_answers(puzzle, cap)
    got = bitboard.tile(puzzle, "first")
    if got is None:  # only a figure past the core's boards goes the long way
        assert not bitboard.uses_core(compile_puzzle(puzzle))
        return
    found, grid = got
    assert (grid() if grid else None) == want_first and found == (want_first is not None)
    if grid is not None:
        assert grid.rows() == solution_rows(puzzle.figure, grid(), STANDARD)
        assert is_solution(puzzle, grid())
    assert bitboard.tile(puzzle, "count", cap=-1 if cap is None else cap) == (want_count, None)
    n, met = bitboard.tile(puzzle, "both") or (None, None)
    assert (n, None if met is None else met()) == want_both


@settings(max_examples=200)
@given(st.one_of(planted(max_pieces=6), random_figure()), st.booleans())
def test_tile_text_answers_as_the_python_engine_does(puzzle: Puzzle, want_count: bool) -> None:
    """The Python twin of the core's tile, from the figure's rows: the Python engine's first
    tiling and count (copies of a piece included), never a fallback that would hide a miss."""
    want_first, _, (n, met) = python_answers(puzzle, None)
    kit = solver_text.TextKit([(p.shape, STANDARD.lattice) for p in STANDARD.values()])
    ids = tuple(list(STANDARD).index(p.name) for p in puzzle.pieces)
    rows = puzzle.figure.rows()
    got = solver_text.tile_text(kit, ids, rows, puzzle.pieces, want_count, None)
    if got is None:  # only a figure past the compiled core's masks goes the long way
        fig = puzzle.figure
        flip, stride = fig.width > fig.height, min(fig.height, fig.width) + kit.pad
        top = max(c * stride + r if flip else r * stride + c for r, c in fig.cells)
        assert top >= solver_text.TEXT_BITS
        return
    found, tiling = got
    if want_count:
        assert (found, None if tiling is None else tiling()) == (n, met)
    else:
        assert (found, None if tiling is None else tiling()) == (int(bool(want_first)), want_first)
    if tiling is not None:
        assert tiling.rows() == solution_rows(puzzle.figure, tiling(), STANDARD)


@st.composite
def text_puzzle(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A puzzle as a batch line gives it: the figure's rows, shifted by empty rows and columns,
    and its pieces by name or code (sometimes in another case, or one repeated)."""
    puzzle = draw(st.one_of(planted(max_pieces=7), random_figure()))
    top, left = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    rows = ["." * draw(st.integers(0, 8))] * top
    rows += ["." * left + r + "." * draw(st.integers(0, 2)) for r in puzzle.figure.rows()]
    names = [draw(st.sampled_from([p.name, p.code, p.name.lower()])) for p in puzzle.pieces]
    return rows, names


def text_answer(run: Callable[[], Verdict], rows: list[str], pieces: PieceSet = STANDARD) -> object:
    """What a check of a puzzle given as text says: its verdict, tiling and drawing, or error."""
    try:
        v = run()
    except UbongoError as e:
        return type(e), str(e)
    drawn = None if v.solution is None else solution_rows(parse_figure(rows), v.solution, pieces)
    return v.solvable, v.tilings, v.reason, v.engine, v.solution, drawn


@needs_core
@settings(max_examples=150)
@given(text_puzzle(), st.booleans())
def test_the_text_solver_answers_as_check_does(
    text: tuple[list[str], list[str]], want_count: bool
) -> None:
    rows, names = text
    solver = TextSolver()
    got = text_answer(lambda: solver.check(rows, names, want_count=want_count), rows)
    with pure():
        want = text_answer(
            lambda: check(
                Puzzle(parse_figure(rows), STANDARD.resolve(names)), want_count=want_count
            ),
            rows,
        )
    assert got == want


@settings(max_examples=150)
@given(text_puzzle(), st.booleans())
def test_the_text_solver_answers_as_check_does_without_the_core(
    text: tuple[list[str], list[str]], want_count: bool
) -> None:
    """Without the compiled core the text solver answers from the text in Python
    (solver_text.tile_text): the same verdicts, tilings and drawings as the long way."""
    rows, names = text
    with pure():
        got = text_answer(lambda: TextSolver().check(rows, names, want_count=want_count), rows)
        puzzle = lambda: Puzzle(parse_figure(rows), STANDARD.resolve(names))  # noqa: E731
        want = text_answer(lambda: check(puzzle(), want_count=want_count), rows)
    assert got == want


TWINS = PieceSet(
    [
        *STANDARD.values(),
        *(
            Piece(f"{p.name}b", code, p.shape)
            for p, code in zip(STANDARD.values(), "MNOPQRSTUVWX", strict=True)
        ),
    ]
)
"""The 12 pieces and a second copy of each under another name and code."""


@settings(max_examples=150)
@given(planted(max_pieces=5), st.booleans())
def test_the_text_solver_keeps_the_copy_rule_without_the_core(
    puzzle: Puzzle, want_count: bool
) -> None:
    """Copies of a shape under two names go down in one order only (a tiling counts once), in
    the Python text solver as in the long way."""
    seen: set[str] = set()
    names = []
    for p in puzzle.pieces:
        assume(f"{p.name}b" not in seen)  # at most two copies of a shape
        names.append(f"{p.name}b" if p.name in seen else p.name)
        seen.add(names[-1])
    rows = puzzle.figure.rows()
    solver = TextSolver(TWINS)
    twins = Puzzle(parse_figure(rows), TWINS.resolve(names))
    with pure():
        got = text_answer(lambda: solver.check(rows, names, want_count=want_count), rows, TWINS)
        assert got == text_answer(lambda: check(twins, want_count=want_count), rows, TWINS)


@needs_core
@pytest.mark.parametrize(
    "rows",
    [
        ["#" * 130],  # wider than the core's boards
        ["##x#"],  # not a figure's character
        ["....", ".."],  # no cell
        "##/##",  # one string, rows joined by '/'
        [],
    ],
)
def test_what_the_text_solver_cannot_take_goes_the_long_way(rows: list[str]) -> None:
    names = ["I2", "I2"] if rows == "##/##" else ["O4"]

    def answer() -> object:
        try:
            v = TextSolver().check(rows, names, want_count=True)
        except UbongoError as e:
            return type(e), str(e)
        return v.solvable, v.tilings, v.reason

    got = answer()
    with pure():
        assert got == answer()
        with patch.object(TextSolver, "quick", lambda *args: None):  # every puzzle the long way
            assert got == answer()


@needs_core
@settings(max_examples=200)
@given(st.lists(st.text(alphabet="#.#.# x\u00e9", max_size=9), max_size=7))
def test_figures_read_by_the_core_are_those_python_reads(rows: list[str]) -> None:
    def read() -> object:
        try:
            fig = parse_figure(rows)
        except UbongoError as e:
            return type(e), str(e)
        return fig, fig.height, fig.width

    got = read()
    with pure():
        assert got == read()


@st.composite
def batch_line(draw: st.DrawFn) -> str:
    """A batch line, well formed or not: the kinds the plain-line path answers and the kinds
    it leaves to parse_batch_line (a figure as one string, bad rows, unknown, repeated or no
    pieces, other keys, odd ids, broken JSON)."""
    rows, names = draw(text_puzzle())
    figure = draw(
        st.sampled_from([rows, rows, rows, "/".join(rows), [*rows, "#x"], [], 7, [["#"]]])
    )
    pieces = draw(
        st.sampled_from([names, names, names, [*names, "Q9"], names + names[:1], [], "I2"])
    )
    obj: dict[str, object] = {"figure": figure, "pieces": pieces}
    ident = draw(st.sampled_from([None, "p1", 7, 1.5, [1], "absent"]))
    if ident != "absent":
        obj["id"] = ident
    if draw(st.integers(0, 9)) == 0:
        obj["pices"] = 1
    text = json.dumps(obj)
    return text[: draw(st.integers(1, len(text)))] if draw(st.integers(0, 9)) == 0 else text


@needs_core
@settings(max_examples=60, deadline=None)
@given(st.lists(batch_line(), min_size=1, max_size=6), st.booleans())
def test_a_batch_prints_the_same_whether_lines_go_the_plain_way_or_not(
    lines: list[str], want_count: bool
) -> None:
    """Both cores answer plain lines from their text (cli.solve._plain_line: the compiled
    core in one call, the pure one with solver_text.tile_text); with that path off, every line
    goes through parse_batch_line and check: same bytes, same exit, all three."""
    from ubongo.cli import main

    args = ["solve", "--batch", "-", *(["--count"] if want_count else [])]
    text = "\n".join(lines) + "\n"
    compiled = CliRunner().invoke(main, args, input=text)
    with pure():
        python = CliRunner().invoke(main, args, input=text)
        with patch("ubongo.cli.solve._plain_line", lambda search, ps: None):
            long_way = CliRunner().invoke(main, args, input=text)
    assert (compiled.exit_code, compiled.output) == (python.exit_code, python.output)
    assert (python.exit_code, python.output) == (long_way.exit_code, long_way.output)


def test_the_plain_way_knows_the_batch_keys() -> None:
    from ubongo.cli.solve import _BATCH_KEYS
    from ubongo.puzzles import BATCH_KEYS

    assert _BATCH_KEYS == BATCH_KEYS


ODD_CODES = ["A", "é", '"', "\\", "Ω", "/"]  # codes are one printable character each


@settings(max_examples=300)
@given(
    st.text(),
    st.lists(st.sampled_from(ODD_CODES), min_size=1, max_size=3, unique=True),
    st.lists(st.integers(0, 2), min_size=1, max_size=3),
    st.one_of(st.none(), st.integers(0, 10**20)),
)
def test_a_solved_line_is_what_json_line_writes(
    ident: str, codes: list[str], picks: list[int], tilings: int | None
) -> None:
    """The plain way assembles a solved line from parts: the bytes json_line writes of the
    long way's object, whatever the id and the pieces' codes (quoted or not by JSON)."""
    from ubongo.cli._common import json_line
    from ubongo.cli.solve import _solved_line

    ps = PieceSet([Piece(f"p{i}", code, frozenset({(0, i)})) for i, code in enumerate(codes)])
    rows = ["".join(codes[i % len(codes)] for i in picks), "." * len(picks)]
    verdict = Verdict(True, tilings=tilings)
    want = json_line({"id": ident, **verdict.to_json(rows, engine=False)})
    assert _solved_line(ps)(ident, rows, tilings) == want


@needs_core
def test_the_kit_starts_again_when_full_and_still_answers_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past KIT_SHAPES shapes the kit is rebuilt from the shapes of the puzzle at hand."""
    monkeypatch.setattr(bitboard, "KIT", solver_text.Kit())
    monkeypatch.setattr(solver_text, "KIT_SHAPES", 4)
    puzzles = [
        Puzzle(parse_figure(rows), STANDARD.resolve(names))
        for rows, names in [
            ([".##.", "####", "####", ".#.."], ["I2", "I4", "P5"]),
            (["###", "##."], ["I2", "L3"]),
            (["####", "####"], ["O4", "L4"]),
            ([".##.", "####", "####", ".#.."], ["P5", "I2", "I4"]),
        ]
    ]
    for puzzle in puzzles:
        n, met = bitboard.tile(puzzle, "both") or (None, None)
        assert (n, None if met is None else met()) == python_answers(puzzle, None)[2]
    assert len(bitboard.KIT._ids) <= 4


@needs_core
def test_a_grid_draws_codes_that_are_not_ascii() -> None:
    ps = PieceSet(
        [Piece("mono", "é", frozenset({(0, 0)})), Piece("duo", "D", STANDARD["I2"].shape)]
    )
    grid = solver_text.Grid(tuple(ps.values()), b".\x80\n\x81\x81", CORE)  # type: ignore[arg-type]
    assert grid.rows() == [".é", "DD"]
    assert grid() == (
        Placement("mono", frozenset({(0, 1)})),
        Placement("duo", frozenset({(1, 0), (1, 1)})),
    )


@needs_core
def test_tile_stops_at_the_time_limit_as_the_board_search_does() -> None:
    with pytest.raises(TimeLimit) as info:
        bitboard.tile(RECTANGLE, "count", timeout=0.0)
    want = stopped(lambda: count_solutions(compile_puzzle(RECTANGLE, table=False), timeout=0.0))
    assert (TimeLimit, info.value.nodes) == want


# --- limits ----------------------------------------------------------------------------------


def stopped(search: Callable[[], object]) -> tuple[type[Exception], int]:
    """The limit a search stops at: its class and the node count it carries."""
    with pytest.raises((TimeLimit, NodeLimit)) as info:
        search()
    return type(info.value), info.value.nodes


@needs_core
@pytest.mark.parametrize(
    "search",
    [
        lambda b: first_tiling(b, timeout=0.0),
        lambda b: count_solutions(b, timeout=0.0),
        lambda b: count_solutions(b, max_nodes=3 * CHECK_EVERY + 1),
        lambda b: count_solutions(b, limit=10**6, max_nodes=5000),
    ],
    ids=["first-time", "count-time", "count-nodes", "capped-count-nodes"],
)
def test_both_cores_stop_at_the_same_node(search: Callable[[CompiledPuzzle], object]) -> None:
    board = compile_puzzle(RECTANGLE, table=False)
    compiled, python = both(lambda: stopped(lambda: search(board)))
    assert compiled == python
    assert compiled[1] % CHECK_EVERY == 0  # type: ignore[index]


@needs_core
def test_an_error_raised_by_the_tick_passes_through_the_core() -> None:
    class Stop(Exception):
        pass

    def tick(nodes: int) -> None:
        raise Stop(nodes)

    board = compile_puzzle(RECTANGLE)
    with pytest.raises(Stop) as info:
        CORE.count(board.full, board.slots, board.all_used, -1, tick, 7)  # type: ignore[union-attr]
    assert info.value.args == (7,)


# --- what the core refuses -------------------------------------------------------------------


@needs_core
def test_a_board_wider_than_the_core_stays_on_the_python_engine() -> None:
    strip = Puzzle(parse_figure(["#" * 60] * 2), PENTOMINOES.resolve(["I"] * 24, distinct=False))
    board = compile_puzzle(strip)
    assert board.full.bit_length() > CORE.BITS  # type: ignore[union-attr]
    assert bitboard._core_for(board) is None
    assert count_solutions(board) == 1  # every I lies along the strip
    sol = first(board)
    assert sol is not None and is_solution(strip, sol)


@needs_core
@pytest.mark.parametrize(
    "full, slots, every, error",
    [
        (-1, [], 1, ValueError),  # a negative mask
        (1 << 128, [], 1, ValueError),  # wider than the board
        (1, [((1, 0, 1, 0), (1 << 200,))], 1, ValueError),  # an orientation too wide
        (1, [((1, 0, 1, 0),)], 1, ValueError),  # a slot without its masks
        (1, [], 0, ValueError),  # no node between two ticks
        (1, [((1, 0, 1, 0), (1,))] * 65, 1, ValueError),  # more pieces than a used-set holds
    ],
)
def test_the_core_refuses_what_it_cannot_hold(
    full: int, slots: list[object], every: int, error: type[Exception]
) -> None:
    with pytest.raises(error):
        CORE.count(full, slots, 1, -1, None, every)  # type: ignore[union-attr, arg-type]


@needs_core
def test_masks_round_trip_through_the_core_at_every_width() -> None:
    # one piece, one orientation covering the whole figure: first() returns the mask it was given
    for width in (1, 63, 64, 65, 100, 127, 128):
        full = (1 << width) - 1
        assert CORE.first(full, [((1, 0, 1, 0), (full,))], 1, None, 4) == [(0, full)]  # type: ignore[union-attr]


# --- the command line on both cores ----------------------------------------------------------


def ubongo(*args: str, pure: bool = False) -> subprocess.CompletedProcess[str]:
    """Run the console script, on the pure-Python engine when asked."""
    env = {k: v for k, v in os.environ.items() if k != "UBONGO_PURE"}
    if pure:
        env["UBONGO_PURE"] = "1"
    return subprocess.run([UBONGO, *args], capture_output=True, text=True, env=env, timeout=300)


def test_the_version_names_the_core() -> None:
    assert ubongo("--version", pure=True).stdout.endswith("(core: pure Python)\n")
    built = importlib.util.find_spec("ubongo.solver._core") is not None
    want = "compiled C" if built else "pure Python"
    assert ubongo("--version").stdout.endswith(f"(core: {want})\n")


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Every combination of the bundled standard set as a batch file (432 lines)."""
    path = tmp_path_factory.mktemp("batch") / "standard.jsonl"
    lines = [
        json.dumps({"figure": c.puzzle.figure.rows(), "pieces": [p.name for p in c.puzzle.pieces]})
        for c in bundled("standard").combinations()
    ]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@needs_core
@pytest.mark.parametrize(
    "args",
    [
        ["verify", "sample"],
        ["solve", "--batch", "BATCH", "--count"],
        ["solve", "--set", "sample", "01", "easy", "2", "--all"],
        ["solve", "--pieces", str(ROOT / "examples" / "pentominoes.json")]
        + [str(ROOT / "examples" / "6x10.txt"), *PENTOMINOES],
    ],
    ids=["verify", "batch", "all", "pentominoes"],
)
def test_the_cli_prints_the_same_on_both_cores(args: list[str], batch: str) -> None:
    args = [batch if a == "BATCH" else a for a in args]
    compiled, python = ubongo(*args), ubongo(*args, pure=True)
    assert compiled.returncode == 0, compiled.stderr
    assert (compiled.returncode, compiled.stdout) == (python.returncode, python.stdout)
