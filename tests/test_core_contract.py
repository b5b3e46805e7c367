"""The compiled cores trust nobody: what they refuse, and that they answer as Python does.

Every entry point of ``solver._core`` and ``scoring._fast`` checks what it is handed (issue 19).
Here each is called with malformed arguments of every kind (wrong types, wrong sizes, masks,
ids and counts out of range, huge and negative ints, empty tuples, the wrong capsule) and
must raise TypeError or ValueError; Hypothesis then perturbs well-formed calls at random (any
node of the arguments replaced, cut short, repeated or retyped), and those may only answer or
raise one of the two. .ci/sanitize runs this file under AddressSanitizer and UBSan, where a
read or write out of bounds aborts the run. The differential part fuzzes the raw calls with
well-formed inputs no puzzle makes (any single-bit pieces, copy rules, orientations, goals;
any placements for the effort search; any rounds for the replays) against the Python code
they stand in for; tests/test_core.py and tests/test_scoring_fast.py compare them on puzzles
and records. The loading side: the core is loaded in one place, solver.core, read at call time.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import importlib.util
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo.solver.text as solver_text
from ubongo.generator import effort
from ubongo.scoring import jaipur, ubongo
from ubongo.scoring.text import quote
from ubongo.solver import STANDARD, Puzzle, analyze, bitboard, parse_figure
from ubongo.solver import core as native
from ubongo.solver.analyze import _pool
from ubongo.solver.bitboard import _count_small, _first_small, compile_puzzle
from ubongo.solver.limits import CHECK_EVERY, Limits
from ubongo.solver.text import TextSolver, kit_pieces

ROOT = Path(__file__).resolve().parent.parent
CORE: Any = native.load_core()
FAST: Any = ubongo.FAST
needs_core = pytest.mark.skipif(CORE is None, reason="compiled core not built or UBONGO_PURE set")
needs_fast = pytest.mark.skipif(FAST is None, reason="scoring._fast not built or UBONGO_PURE set")
REFUSED = (TypeError, ValueError)
FUZZ = settings(deadline=None, max_examples=300)  # 300: some 5 s here, 15 s under ASan


# --- the one place the core is loaded --------------------------------------------------------

PACKAGE = ["api", "cli", "solver", "puzzles", "render", "generator", "scoring"]


def imported(path: Path) -> set[str]:
    """The modules a source file imports (``from a import b`` counts as a and a.b)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_core_is_imported_in_one_place_only() -> None:
    importers = sorted(
        str(path.relative_to(ROOT))
        for folder in PACKAGE
        for path in (ROOT / folder).rglob("*.py")
        if "ubongo.solver._core" in imported(path)
    )
    assert importers == ["solver/core.py"]


def test_the_core_loader_sits_at_the_bottom_of_solver() -> None:
    """solver.core imports only type names from the modules at the very bottom (bits,
    lattice, which import nothing of ours), so any reader, figure parsing too, may import it."""
    ours = {m for m in imported(ROOT / "solver" / "core.py") if m.startswith("ubongo")}
    assert ours <= {
        "ubongo.solver",  # from ubongo.solver import _core
        "ubongo.solver._core",
        "ubongo.solver.bits",
        "ubongo.solver.bits.Mask",
        "ubongo.solver.lattice",
        "ubongo.solver.lattice.Point",
        "ubongo.solver.lattice.Shape",
    }
    for bottom in ("bits.py", "lattice.py"):
        assert not [m for m in imported(ROOT / "solver" / bottom) if m.startswith("ubongo")]
    assert not any("bitboard" in m for m in imported(ROOT / "solver" / "figure.py"))


class Called(Exception):
    """What the spy core raises: the name of the function a reader called."""


class Spy:
    """A core that answers every call with Called(its name)."""

    BITS, MAX_PIECES, MAX_POOL = 128, 64, 16

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            raise Called(name)

        return call


SAMPLE = Puzzle(
    parse_figure([".##.", "####", "####", ".#.."]), STANDARD.resolve(["I2", "I4", "P5"])
)
READERS: dict[str, Callable[[], object]] = {
    "parse_figure": lambda: parse_figure(["##", "#."]),
    "bitboard.tile": lambda: bitboard.tile(SAMPLE, "first"),
    "bitboard.count_solutions": lambda: bitboard.count_solutions(compile_puzzle(SAMPLE)),
    "analyze": lambda: analyze(SAMPLE.figure, 3),
    "generator.effort.search": lambda: effort.search(SAMPLE.figure, SAMPLE.pieces),
    "TextSolver.check": lambda: TextSolver().check([".##.", "####"], ["I4", "I2", "I2"]),
}


@pytest.mark.parametrize("reader", READERS, ids=list(READERS))
def test_every_reader_asks_the_one_place_when_it_is_called(
    reader: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Setting solver.core.CORE switches every reader at once (tests and benchmarks do)."""
    monkeypatch.setattr(bitboard, "KIT", solver_text.Kit())  # no kit of the real core kept
    monkeypatch.setattr(native, "CORE", Spy())
    with pytest.raises(Called):
        READERS[reader]()


def test_the_version_line_names_the_core_of_the_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "CORE", None)
    assert bitboard.core_name() == native.core_name() == "pure Python"
    monkeypatch.setattr(native, "CORE", Spy())
    assert bitboard.core_name() == "compiled C"


@needs_core
@needs_fast
def test_the_stubs_match_the_compiled_modules() -> None:
    """solver/_core.pyi and scoring/_fast.pyi against the modules built (mypy's stubtest)."""
    stubtest = Path(sys.executable).parent / "stubtest"
    if not stubtest.exists():
        pytest.skip("mypy's stubtest is not installed")
    env = {"MYPYPATH": str(ROOT / ".typecheck"), "PATH": str(stubtest.parent)}
    run = subprocess.run(
        [str(stubtest), "ubongo.solver._core", "ubongo.scoring._fast"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr


# --- solver._core: well-formed calls, the starting point of every malformed one --------------


ORBIT_CELLS = [(0, c) for c in range(6)]
"""A row of 6 cells in reading order, its half turn (cell i to cell 5 - i) a symmetry: with
the sample's I2 and I4 (ids 0 and 1), orbit_count's well-formed call (2 tilings; the pivot is
the I4, in 2 orbits)."""


def valid_calls() -> dict[str, tuple[Any, ...]]:
    """One well-formed call of each function of the core, from the sample puzzle."""
    board = compile_puzzle(SAMPLE, table=False)
    fig, pieces = SAMPLE.figure, SAMPLE.pieces
    frame = bitboard.frame_for(fig, tuple(p.shape for p in pieces), SAMPLE.lattice, reorder=False)
    full = bitboard.figure_mask(fig, frame)
    moves = [
        (1 << i, m) for i, p in enumerate(pieces) for m in bitboard.placements(full, p.shape, frame)
    ]
    pool = _pool(tuple(p.shape for p in STANDARD.values()), STANDARD.lattice)
    a_frame = bitboard.frame_for(fig, pool.shapes, STANDARD.lattice, reorder=False)
    oriented = pool.oriented(a_frame, CORE)
    kit = CORE.kit(kit_pieces([(p.shape, p.lattice) for p in pieces]))
    return {
        "first": (board.full, board.slots, board.all_used, None, 4),
        "count": (board.full, board.slots, board.all_used, -1, None, 4),
        "count_first": (board.full, board.slots, board.all_used, 5, None, 4),
        "effort": (full, moves, 7, None, 4),
        "area_table": (pool.areas,),
        "analyze": (
            bitboard.figure_mask(fig, a_frame),
            oriented,
            pool.area_table(CORE),
            3,
            0,
            -1,
            pool.twins,
            None,
            4,
        ),
        "kit": (kit_pieces([(p.shape, p.lattice) for p in pieces]),),
        "tile": (kit, fig.cells, fig.height, fig.width, [0, 1, 2], 2, -1, None, 4),
        "orbit_count": (kit, ORBIT_CELLS, 1, 6, [0, 1], [[5, 4, 3, 2, 1, 0]], None, 4),
        "fixed_counts": (kit, ORBIT_CELLS, 1, 6, [0, 1], [[5, 4, 3, 2, 1, 0]], None, 4),
        "cell_maps": (frozenset(ORBIT_CELLS), STANDARD.lattice.turns[1:]),
        "cells": ([".##.", "####"], 100),
        "placements": (b"\x80\x80\n\x81.", 2),
    }


@needs_core
def test_the_well_formed_calls_are_answered() -> None:
    calls = valid_calls()
    assert CORE.count(*calls["count"]) == 1
    assert CORE.effort(*calls["effort"]) == (8, 1)
    assert CORE.tile(*calls["tile"])[0] == 1
    assert CORE.orbit_count(*calls["orbit_count"]) == (2, 1, (0, 1, 2, 3))
    assert CORE.fixed_counts(*calls["fixed_counts"]) == [0]  # the half turn swaps the two
    back, same = [5, 4, 3, 2, 1, 0], list(range(6))  # the half turn, the two mirrors
    assert CORE.cell_maps(*calls["cell_maps"]) == (ORBIT_CELLS, [back, back, same])
    assert CORE.cells(*calls["cells"])[1:] == (2, 4)
    assert len(CORE.analyze(*calls["analyze"])) > 0
    for name, args in calls.items():
        getattr(CORE, name)(*args)


def replaced(name: str, index: int, value: Any) -> tuple[str, tuple[Any, ...]]:
    """The well-formed call of ``name`` with argument ``index`` replaced by ``value``."""
    args = list(valid_calls()[name])
    args[index] = value
    return name, tuple(args)


def slots_with(change: Callable[[list[Any]], Any]) -> tuple[str, tuple[Any, ...]]:
    """count() on the sample's slots (as lists) after ``change`` edited them."""
    slots = [[list(head), list(masks)] for head, masks in valid_calls()["count"][1]]
    change(slots)
    return replaced("count", 1, slots)


def setting(target: list[Any], index: int, value: Any) -> None:
    target[index] = value


HUGE = [2**200, -(2**63) - 1, -(2**200)]  # past every int argument (2**64 is a mask)
NOT_INTS = ["4", 4.0, None, b"4", [4]]
MASKS = [-1, 1 << 128, 1 << 300, *NOT_INTS]


def bad_core_calls() -> list[tuple[str, tuple[Any, ...]]]:
    """Malformed calls of every function of the core, each one fault in a well-formed call."""
    calls = valid_calls()
    out: list[tuple[str, tuple[Any, ...]]] = []
    # every argument of every function, given something of a wrong type or a huge int
    for name, args in calls.items():
        for i in range(len(args)):
            for value in [object(), *HUGE, "x"]:
                # a figure's cells may be any iterable; cells() answers None for any rows
                if (name, i) not in (("tile", 1), ("cells", 0)) or value != "x":
                    out.append(replaced(name, i, value))
        out.append((name, args[:-1]))  # an argument short
        out.append((name, (*args, 0)))  # one too many
        out.append((name, ()))
    for name in ("first", "count", "count_first", "effort", "analyze"):
        out += [replaced(name, 0, mask) for mask in MASKS]  # the figure's mask
        every = len(calls[name]) - 1
        out += [replaced(name, every, v) for v in (0, -1, 2**63, *NOT_INTS)]
        out += [replaced(name, every - 1, v) for v in (5, "tick", 1.5)]  # no callable
    # slots: shape, counts, bits, orientations
    head = valid_calls()["count"][1][0][0]
    out += [
        slots_with(lambda s: s[0].pop()),  # a slot without its masks
        slots_with(lambda s: s[0][0].pop()),  # a head of 3
        slots_with(lambda s: s[0].append(())),  # a slot of 3
        slots_with(lambda s: setting(s, 0, {1, 2})),  # a set is no sequence of two
        slots_with(lambda s: setting(s[0], 0, iter(head))),  # a head that is an iterator
        slots_with(lambda s: setting(s[0], 1, iter([1]))),  # masks that are an iterator
        slots_with(lambda s: setting(s[0][0], 3, 64)),  # pos past MAX_PIECES
        slots_with(lambda s: setting(s[0][0], 3, -1)),
        slots_with(lambda s: setting(s[0][0], 2, 0)),  # no bit
        slots_with(lambda s: setting(s[0][0], 2, 3)),  # two bits
        slots_with(lambda s: setting(s[1][0], 2, s[0][0][2])),  # a bit twice
        slots_with(lambda s: setting(s[0][0], 0, 0)),  # bit not in need: a piece used again
        slots_with(lambda s: setting(s[0][0], 1, s[0][0][1] | s[0][0][2])),  # bit in req
        slots_with(lambda s: s[0][1].append(0)),  # an empty orientation
        slots_with(lambda s: s[0][1].append(2)),  # lowest cell not at bit 0
        slots_with(lambda s: s[0][1].append(1 << 128)),
        slots_with(lambda s: s[0][1].append(-1)),
        slots_with(lambda s: s.append([[1 << 64, 0, 1 << 64, 3], [1]])),  # past a used-set
        replaced("count", 1, [((1 << k, 0, 1 << k, k), (1,)) for k in range(64)] * 2),
        replaced("count", 2, -1),  # goal
        replaced("count", 2, 2**64),
        replaced("count", 1, 5),
    ]
    # effort: moves of one bit of free, covering a cell
    moves = calls["effort"][1]
    out += [
        replaced("effort", 1, [[moves[0][0], moves[0][1]], *moves]),  # a move that is a list
        replaced("effort", 1, [(1, 1, 1), *moves]),
        replaced("effort", 1, [(3, 1), *moves]),  # two pieces' bits
        replaced("effort", 1, [(0, 1), *moves]),
        replaced("effort", 1, [(8, 1), *moves]),  # a piece not in free
        replaced("effort", 1, [(1, 0), *moves]),  # covering nothing
        replaced("effort", 1, [(1, -1), *moves]),
        replaced("effort", 1, [(1, 1 << 128), *moves]),
        replaced("effort", 2, -1),
        replaced("effort", 2, 2**64),
        replaced("effort", 1, [(0b11, 1 << c) for c in range(10)]),  # the heap overflow found
    ]
    # area_table and analyze
    out += [
        ("area_table", ([1] * 17,)),
        ("area_table", ([1, 0],)),
        ("area_table", ([1, -4],)),
        ("area_table", ([1, 2**70],)),
        ("area_table", ([1, "2"],)),
        ("area_table", (5,)),
    ]
    a = calls["analyze"]
    n = len(a[1])
    out += [
        replaced("analyze", 2, calls["tile"][0]),  # a kit for an area table
        replaced("analyze", 2, None),
        replaced("analyze", 3, -1),  # size
        replaced("analyze", 3, n + 1),
        replaced("analyze", 3, 2**70),
        replaced("analyze", 4, 1 << n),  # need past the pool
        replaced("analyze", 4, -1),
        replaced("analyze", 5, 2**70),  # cap
        replaced("analyze", 6, (1,) * 17),  # twins
        replaced("analyze", 6, (1 << n,)),
        replaced("analyze", 6, (-1,)),
        replaced("analyze", 1, a[1][:-1]),  # a piece short of the area table
        replaced("analyze", 1, (*a[1][:-1], (1,) * 25)),  # more orientations than a cube has
        replaced("analyze", 1, (*a[1][:-1], (0,))),  # an empty orientation
        replaced("analyze", 1, (*a[1][:-1], (2,))),  # lowest cell not at bit 0
        replaced("analyze", 1, (*a[1][:-1], 1)),
        replaced("analyze", 1, (*a[1][:-1], iter([1]))),
    ]
    # kit
    kp = list(calls["kit"][0])
    piece = kp[0]
    out += [
        ("kit", (5,)),
        ("kit", ([list(piece)],)),  # a piece that is a list
        ("kit", ([piece[:2]],)),
        ("kit", ([(piece[0], -1, piece[2])],)),  # extent
        ("kit", ([(piece[0], 2**21, piece[2])],)),
        ("kit", ([(2**70, piece[1], piece[2])],)),  # class
        ("kit", ([(0, 1, ())],)),  # no orientation
        ("kit", ([(0, 1, (((0, 0),),) * 25)],)),  # more orientations than a cube has
        ("kit", ([(0, 1, (((0, 0),), ((0, 0), (0, 1))))],)),  # two sizes
        ("kit", ([(0, 1, ((),))],)),  # no cell
        ("kit", ([(0, 1, ([0, 0],))],)),  # a cell that is no tuple
        ("kit", ([(0, 1, (((0, 0, 0),),))],)),
        ("kit", ([(0, 1, (((0, 2**21),),))],)),  # an offset far past any board
        ("kit", ([(0, 1, (((-(2**40), 0),),))],)),
        ("kit", ([(0, 1, ((("a", 0),),))],)),
        ("kit", ([(0, 1, (iter([(0, 0)]),))],)),
    ]
    # tile: the kit, the box, ids, mode, the cells
    t = calls["tile"]
    out += [
        replaced("tile", 0, calls["analyze"][2]),  # an area table for a kit
        replaced("tile", 0, None),
        replaced("tile", 2, 0),
        replaced("tile", 3, 0),
        replaced("tile", 2, 2**62),
        replaced("tile", 3, 2**62),
        replaced("tile", 5, 3),  # mode
        replaced("tile", 5, -1),
        replaced("tile", 4, [0] * 65),  # ids
        replaced("tile", 4, [0, 1, 3]),  # past the kit
        replaced("tile", 4, [0, 1, -1]),
        replaced("tile", 4, [0, 1, "2"]),
        replaced("tile", 4, [0, 1, 2**70]),
        replaced("tile", 1, [(0, 0), (-1, 0)]),  # a cell outside the box
        replaced("tile", 1, [(0, 0), (0, t[3])]),
        replaced("tile", 1, [(0, 0), [0, 1]]),
        replaced("tile", 1, [(0, 0), (0, 1, 2)]),
        replaced("tile", 1, [(0, 0), (0, 2**70)]),
        replaced("tile", 1, 5),
        ("tile", (t[0], [".##.", 5], -1, 0, *t[4:])),  # rows: a row that is no str
        ("tile", (t[0], ["#" * 129], -1, 0, *t[4:])),  # wider than the board
        ("tile", (t[0], 5, -1, 0, *t[4:])),
        replaced("orbit_count", 0, calls["analyze"][2]),  # an area table for a kit
        replaced("orbit_count", 1, frozenset(ORBIT_CELLS)),  # cells in no order
        replaced("orbit_count", 1, iter(ORBIT_CELLS)),
        replaced("orbit_count", 1, []),
        replaced("orbit_count", 1, [*ORBIT_CELLS[:-1], (0, 0)]),  # a cell twice
        replaced("orbit_count", 1, [*ORBIT_CELLS[:-1], (1, 0)]),  # outside the box
        replaced("orbit_count", 1, [*ORBIT_CELLS[:-1], [0, 5]]),
        replaced("orbit_count", 1, [(r, c) for r in range(2) for c in range(129)]),
        replaced("orbit_count", 2, 0),
        replaced("orbit_count", 3, 129),
        replaced("orbit_count", 3, 200),  # a box too wide for the board
        replaced("orbit_count", 4, [0] * 65),
        replaced("orbit_count", 4, [0, 3]),
        replaced("orbit_count", 5, []),  # no symmetry
        replaced("orbit_count", 5, [list(range(6))] * 49),  # more than the cube has
        replaced("orbit_count", 5, [[0] * 6]),  # not one to one
        replaced("orbit_count", 5, [list(range(5))]),  # a cell short
        replaced("orbit_count", 5, [[*range(5), 6]]),  # past the cells
        replaced("orbit_count", 5, [[*range(5), -1]]),
        replaced("orbit_count", 5, [[1, 0, *range(2, 6)]]),  # maps a placement onto none
        replaced("orbit_count", 5, (iter(range(6)),)),
        replaced("orbit_count", 5, [range(6)]),
        replaced("fixed_counts", 6, 5),
        ("cell_maps", (5, ((1, 0), (0, 1)))),
        ("cell_maps", ([], ((1, 0), (0, 1)))),  # no cell
        ("cell_maps", ([(0, 0), (0, 0)], ())),  # a cell twice
        ("cell_maps", ([(0, 0), (-1, 0)], ())),
        ("cell_maps", ([(0, 0), (0, 2**70)], ())),
        ("cell_maps", ([(0, 0), (1 << 21, 1 << 21)], ())),  # a box too large
        ("cell_maps", ([(0, 0), [0, 1]], ())),
        ("cell_maps", ([(0, 0), (0, 1, 2)], ())),
        replaced("cell_maps", 1, iter(STANDARD.lattice.turns)),
        replaced("cell_maps", 1, [((1, 0), (0, 1))] * 49),  # more than the cube has
        replaced("cell_maps", 1, [((1, 0), (0, 5))]),
        replaced("cell_maps", 1, [((1, 0),)]),
        replaced("cell_maps", 1, [((1, 0), [0, 1])]),
        replaced("cell_maps", 1, [((1, 0), (0, 1, 0))]),
        replaced("cell_maps", 1, [((1, 0), (0, "1"))]),
        ("cells", ([".#"], -1)),
        ("cells", (5, 10)),
        ("placements", ("\x80", 1)),
        ("placements", (bytearray(b"\x80"), 1)),
        ("placements", (b"\x80\x82", 2)),  # a piece past n
        ("placements", (b"\x80", -1)),
        ("placements", (b"\x80", 65)),
    ]
    # fixed_counts reads its arguments as orbit_count does (but steps: it takes none)
    out += [("fixed_counts", a) for name, a in out if name == "orbit_count" and len(a) == 8]
    return out


@needs_core
def test_every_malformed_call_of_the_core_is_refused() -> None:
    """Each one raises TypeError or ValueError (never OverflowError, SystemError or a crash)."""
    calls = bad_core_calls()
    assert len(calls) > 300
    for name, args in calls:
        with pytest.raises(REFUSED):
            getattr(CORE, name)(*args)


@needs_core
@pytest.mark.parametrize(
    "name, index, value, message",
    [
        ("count", 5, 0, "every must be an int from 1 to"),
        ("count", 0, -1, "full is negative or wider than 128 bits"),
        ("tile", 4, [0, 9], "an id must be an int from 0 to 2"),
        ("first", 3, 7, "tick must be None or callable, not int"),
        ("effort", 1, [(3, 1)], "moves[0]: the piece bit must be one bit of free"),
        ("analyze", 2, None, "areas must be what area_table() made"),
        ("analyze", 3, 99, "size must be an int from 0 to 12"),
        ("placements", 0, b"\x85", "grid: a piece position 5 past n = 2"),
    ],
)
def test_a_refusal_names_the_argument_and_what_was_expected(
    name: str, index: int, value: Any, message: str
) -> None:
    with pytest.raises(REFUSED, match=re.escape(message)):
        getattr(CORE, name)(*replaced(name, index, value)[1])


@needs_core
@pytest.mark.parametrize("limit", [2**63 - 1, 2**63, 2**70])
def test_a_limit_past_the_cores_counts_is_no_limit_on_both_cores(
    limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The core refuses a cap past 64 bits; count_solutions never hands it one."""
    board = compile_puzzle(SAMPLE)
    assert bitboard.count_solutions(board, limit=limit) == 1
    monkeypatch.setattr(native, "CORE", None)
    assert bitboard.count_solutions(board, limit=limit) == 1


@needs_core
def test_a_figure_that_changes_the_ids_while_it_is_read_changes_nothing() -> None:
    """tile() reads the ids before the figure's cells, which may be any iterable running any
    code: ids that grow past 64 while the cells are read are not read again."""
    kit, _, height, width, _, *rest = valid_calls()["tile"]
    ids = [0, 1, 2]

    def cells() -> Any:
        yield from SAMPLE.figure.cells
        ids.extend([0] * 100)

    assert CORE.tile(kit, cells(), height, width, ids, *rest)[0] == 1


# --- random malformed calls ------------------------------------------------------------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**130), 2**130),
    st.sampled_from([0, 1, -1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**127, 2**128]),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.binary(max_size=3),
    st.just(object()),
    st.just(()),
    st.just([]),
)


@st.composite
def perturbed(draw: st.DrawFn, value: Any, depth: int = 0) -> Any:
    """``value`` with faults at random places: a node replaced by junk, a sequence cut short,
    repeated or retyped, an int moved out of range."""
    how = draw(st.integers(0, 9))
    if how == 0:
        return draw(JUNK)
    if isinstance(value, (tuple, list)) and depth < 5:
        items = [
            draw(perturbed(x, depth + 1)) if draw(st.integers(0, 3)) == 0 else x for x in value
        ]
        if how == 1 and items:
            items = items[: draw(st.integers(0, len(items) - 1))]
        elif how == 2:
            items += items[: draw(st.integers(0, len(items)))]
        kind = draw(st.sampled_from([type(value)] * 4 + [list, tuple, iter]))
        return kind(items)
    if isinstance(value, int) and not isinstance(value, bool) and how in (1, 2, 3):
        return draw(
            st.sampled_from([value + 1, value - 1, -value, value << 1, value << 64, value ^ 2])
        )
    return value


CORE_CALLS = [
    "first",
    "count",
    "count_first",
    "effort",
    "area_table",
    "analyze",
    "kit",
    "tile",
    "orbit_count",
    "fixed_counts",
    "cell_maps",
    "cells",
    "placements",
]


@needs_core
@FUZZ
@given(st.data(), st.sampled_from(CORE_CALLS))
def test_random_malformed_calls_of_the_core_are_answered_or_refused(
    data: st.DataObject, name: str
) -> None:
    args = data.draw(perturbed(list(valid_calls()[name])))
    if not isinstance(args, (list, tuple)):
        args = [args]
    with contextlib.suppress(*REFUSED):  # answered or refused, nothing else
        getattr(CORE, name)(*args)


# --- well-formed raw calls against the Python code -------------------------------------------


@st.composite
def raw_search(draw: st.DrawFn) -> tuple[int, list[Any], int]:
    """A figure mask, slots and goal as no puzzle makes them: any single-bit pieces in any
    order, copy rules chaining any earlier piece, any orientations (lowest cell at bit 0)."""
    width = draw(st.integers(2, 6))
    full = draw(st.integers(1, (1 << (width * draw(st.integers(1, 4)))) - 1))
    n = draw(st.integers(1, 5))
    bits = draw(st.permutations(range(n)))
    slots = []
    for k in range(n):
        bit = 1 << bits[k]
        req = 1 << bits[draw(st.integers(0, k - 1))] if k and draw(st.booleans()) else 0
        masks = draw(st.lists(st.integers(0, (1 << 12) - 1).map(lambda m: m << 1 | 1), max_size=4))
        slots.append(((bit | req, req, bit, k), tuple(masks)))
    goal = draw(st.sampled_from([(1 << n) - 1, draw(st.integers(0, (1 << n) - 1))]))
    return full, slots, goal


def clock() -> list[Any]:
    """A clock for the Python searches with no limit."""
    return [CHECK_EVERY, Limits(), 0]


@needs_core
@FUZZ
@given(raw_search())
def test_raw_slots_are_searched_as_the_python_engine_searches_them(
    search: tuple[int, list[Any], int],
) -> None:
    full, slots, goal = search
    python_first = _first_small(full, 0, slots, goal, clock())
    assert CORE.first(full, slots, goal, None, 7) == python_first
    n = _count_small(full, 0, slots, goal, clock())
    assert CORE.count(full, slots, goal, -1, None, 7) == n
    counted, met = CORE.count_first(full, slots, goal, -1, None, 7)
    assert counted == n and (met is None) == (n == 0)


@st.composite
def raw_moves(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]], int]:
    """The effort search's input as no figure makes it: any placements (one piece bit of
    free each, any cells of the figure)."""
    cells = draw(st.integers(1, 24))
    full = draw(st.integers(1, (1 << cells) - 1))
    n = draw(st.integers(1, 6))
    free = (1 << n) - 1
    move = st.tuples(st.integers(0, n - 1).map(lambda i: 1 << i), st.integers(1, full))
    return full, draw(st.lists(move, max_size=30)), free


@needs_core
@FUZZ
@given(raw_moves())
def test_raw_moves_take_the_effort_search_the_python_search_takes(
    search: tuple[int, list[tuple[int, int]], int],
) -> None:
    full, moves, free = search
    assert CORE.effort(full, moves, free, None, 5) == effort._search(full, free, moves, clock())


# --- scoring._fast ---------------------------------------------------------------------------

PLAYERS = ["Ana", "Ben", "Cy"]
QUOTED = [quote(p) for p in PLAYERS]


def rules() -> tuple[Any, ...]:
    """The arguments scoring.jaipur arms the replay with."""
    goods = tuple(jaipur._GOODS_PILES)
    return (
        goods,
        tuple(jaipur._GOODS_PILES.values()),
        tuple(jaipur._DECK[g] for g in goods),
        tuple(jaipur._MIN_CARDS[g] for g in goods),
        tuple(jaipur.BONUS_TOKENS[pile] for pile in (3, 4, 5)),
        (
            jaipur.HAND_LIMIT,
            jaipur.EMPTY_PILES_TO_END,
            jaipur.CAMEL_CARDS,
            jaipur.CAMEL_TOKEN,
            jaipur.SEALS_TO_WIN,
        ),
    )


def a_fresh_fast() -> Any:
    """Another instance of scoring._fast, with its own module state."""
    spec = importlib.util.find_spec("ubongo.scoring._fast")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_fast
def test_each_instance_of_the_replay_keeps_its_own_tables() -> None:
    """Per-module state: the instance scoring.jaipur armed has tables, a new one has none
    until it is given its own (once a global table, armed for every instance at once)."""
    record = jaipur.simulate(2, random.Random(3), finished=True)
    players = record["players"]
    args = (record["rounds"], players, [quote(p) for p in players])
    other = a_fresh_fast()
    assert other is not FAST
    with pytest.raises(RuntimeError, match=r"jaipur_tables\(\) first"):
        other.jaipur_rounds(*args)
    assert FAST.jaipur_rounds(*args) is not None
    other.jaipur_tables(*rules())
    assert other.jaipur_rounds(*args) == FAST.jaipur_rounds(*args)


@needs_fast
def test_a_refused_table_leaves_the_tables_as_they_were() -> None:
    other = a_fresh_fast()
    other.jaipur_tables(*rules())
    bad = list(rules())
    bad[5] = (7, 3, 11, 5, -2)  # a negative limit
    with pytest.raises(ValueError):
        other.jaipur_tables(*bad)
    record = jaipur.simulate(2, random.Random(4), finished=True)
    args = (record["rounds"], record["players"], [quote(p) for p in record["players"]])
    assert other.jaipur_rounds(*args) == FAST.jaipur_rounds(*args)


def bad_fast_calls() -> list[tuple[str, tuple[Any, ...]]]:
    """Malformed calls of the replay: types, sizes, names, the rules' numbers."""
    ok = rules()

    def rule(index: int, value: Any) -> tuple[str, tuple[Any, ...]]:
        args = list(ok)
        args[index] = value
        return "jaipur_tables", tuple(args)

    out: list[tuple[str, tuple[Any, ...]]] = []
    for name, players in (("ubongo_rounds", PLAYERS), ("jaipur_rounds", PLAYERS[:2])):
        quoted = [quote(p) for p in players]
        out += [
            (name, ((), players, quoted)),  # rounds no list
            (name, ([], tuple(players), quoted)),
            (name, ([], players, tuple(quoted))),
            (name, ([], players, quoted[:-1])),  # a quoted name short
            (name, ([], [*players[:-1], 7], quoted)),  # a player no str
            (name, ([], players, [*quoted[:-1], '"é"'])),  # a quoted name not ASCII
            (name, ([], [], [])),
            (name, ([], ["a"] * 5, ['"a"'] * 5)),
            (name, ([],)),
            (name, ([], players, quoted, None)),
        ]
    out.append(("ubongo_rounds", ([{}] * 10, PLAYERS, QUOTED)))  # ten rounds
    out += [
        rule(0, ok[0][:5]),  # five goods
        rule(0, (*ok[0][:5], 7)),
        rule(0, (*ok[0][:5], "é")),
        rule(0, (*ok[0][:5], "x" * 16)),
        rule(1, (*ok[1][:5], (1,) * 17)),  # a pile of 17 tokens
        rule(1, (*ok[1][:5], (1, -1))),
        rule(1, (*ok[1][:5], (1, 2**70))),
        rule(1, (*ok[1][:5], (1, 2**40))),  # past a million
        rule(1, (*ok[1][:5], [1, 2])),
        rule(1, (*ok[1][:5], (1, True))),  # a bool is no count
        rule(2, ok[2][:5]),  # five decks
        rule(2, (*ok[2][:5], 1.5)),
        rule(3, ok[3] + (1,)),
        rule(4, ok[4][:2]),
        rule(4, (ok[4][0], ok[4][1], (16,))),  # a bonus of 16
        rule(4, (ok[4][0], ok[4][1], (-1,))),
        rule(5, ok[5][:4]),
        rule(5, (*ok[5][:4], 2**63)),
        rule(5, list(ok[5])),
        ("jaipur_tables", ok[:5]),
        ("jaipur_tables", ()),
    ]
    return out


@needs_fast
def test_every_malformed_call_of_the_replay_is_refused() -> None:
    for name, args in bad_fast_calls():
        with pytest.raises(REFUSED):
            getattr(a_fresh_fast() if name == "jaipur_tables" else FAST, name)(*args)


class Twin(str):
    """A str that is equal to another but runs code when compared."""

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, other)

    __hash__ = str.__hash__


@needs_fast
def test_a_round_with_keys_that_are_not_plain_str_is_not_plain() -> None:
    """Keys that would run Python code while the replay holds borrowed items: not plainly
    valid (None), so the long way reads the record; JSON never gives such keys."""
    record = ubongo.simulate(3, random.Random(5), finished=True)
    rounds = copy.deepcopy(record["rounds"])
    rounds[0] = {Twin(k): v for k, v in rounds[0].items()}
    assert (
        FAST.ubongo_rounds(rounds, record["players"], [quote(p) for p in record["players"]]) is None
    )
    record = jaipur.simulate(2, random.Random(5), finished=True)
    players = record["players"]
    rounds = copy.deepcopy(record["rounds"])
    rounds[0]["camels"] = {Twin(k): v for k, v in rounds[0]["camels"].items()}
    assert FAST.jaipur_rounds(rounds, players, [quote(p) for p in players]) is None


@needs_fast
def test_herds_whose_sum_passes_a_long_are_replayed_as_python_replays_them() -> None:
    """The camel herds are compared with the camel cards without adding them (their sum past
    2**63 - 1 was a signed overflow, which UBSan reports in .ci/sanitize)."""
    record = jaipur.simulate(2, random.Random(1), finished=True)
    first, second = record["players"]
    record["rounds"][0]["camels"] = {first: 2**63 - 1, second: 1}
    got = rounds_text(jaipur, record["rounds"], [first, second], compiled_replay=True)
    assert got is None
    assert got == rounds_text(jaipur, record["rounds"], [first, second], compiled_replay=False)


def rounds_text(engine: Any, rounds: Any, players: list[str], compiled_replay: bool) -> Any:
    """``engine._rounds_text`` on the compiled replay or on Python's (as text or an error)."""
    kept = engine.FAST
    engine.FAST = kept if compiled_replay else None
    try:
        return engine._rounds_text(copy.deepcopy(rounds), players, [quote(p) for p in players])
    except Exception as error:  # noqa: BLE001 - compared as they are
        return type(error).__name__
    finally:
        engine.FAST = kept


@needs_fast
@FUZZ
@given(st.sampled_from(["ubongo", "jaipur"]), st.integers(0, 10**6), st.booleans(), st.data())
def test_perturbed_rounds_are_replayed_as_python_replays_them(
    game: str, seed: int, finished: bool, data: st.DataObject
) -> None:
    """Any rounds (a simulated record's, with faults anywhere): the same text, counts and
    totals as the Python replay, or None from both; never a crash."""
    engine = {"ubongo": ubongo, "jaipur": jaipur}[game]
    record = engine.simulate(4 if game == "ubongo" else 2, random.Random(seed), finished=finished)
    players = record["players"]
    rounds = data.draw(perturbed(record["rounds"]))
    if not isinstance(rounds, list):
        with pytest.raises(TypeError):
            getattr(FAST, f"{game}_rounds")(rounds, players, [quote(p) for p in players])
        return
    if game == "ubongo" and len(rounds) > ubongo.ROUNDS:  # the caller's check (_plain)
        with pytest.raises(ValueError, match="at most 9 rounds"):
            FAST.ubongo_rounds(rounds, players, [quote(p) for p in players])
        return
    got = rounds_text(engine, rounds, players, compiled_replay=True)
    want = rounds_text(engine, rounds, players, compiled_replay=False)
    assert got == want or got is None and want in ("KeyError", "TypeError")
