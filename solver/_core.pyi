"""Types of the optional C extension built from solver/_core.c (loaded by solver.core)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

BITS: int
MAX_PIECES: int
MAX_POOL: int

_Slots = Sequence[tuple[tuple[int, int, int, int], tuple[int, ...]]]

def first(
    full: int,
    slots: _Slots,
    goal: int,
    tick: Callable[[int], None] | None,
    every: int,
    shifts: Sequence[int] = (),
    /,
) -> list[tuple[int, int]] | None: ...
def count(
    full: int,
    slots: _Slots,
    goal: int,
    cap: int,
    tick: Callable[[int], None] | None,
    every: int,
    shifts: Sequence[int] = (),
    /,
) -> int: ...
def count_first(
    full: int,
    slots: _Slots,
    goal: int,
    cap: int,
    tick: Callable[[int], None] | None,
    every: int,
    shifts: Sequence[int] = (),
    /,
) -> tuple[int, list[tuple[int, int]] | None]: ...
def area_table(areas: Sequence[int], /) -> object: ...
def analyze(
    full: int,
    pieces: Sequence[Sequence[int]],
    areas: object,
    size: int,
    need: int,
    cap: int,
    twins: Sequence[int],
    tick: Callable[[int], None] | None,
    every: int,
    /,
) -> list[tuple[tuple[int, ...], int]]: ...
def effort(
    full: int,
    moves: Sequence[tuple[int, int]],
    free: int,
    tick: Callable[[int], object] | None,
    every: int,
    /,
) -> tuple[int, int]: ...
def kit(pieces: Sequence[tuple[int, int, Sequence[Sequence[tuple[int, ...]]]]], /) -> object: ...
def tile(
    kit: object,
    figure: Iterable[tuple[int, ...]] | Sequence[str],
    height: int,
    width: int,
    ids: Sequence[int],
    mode: int,
    cap: int,
    tick: Callable[[int], None] | None,
    every: int,
    steps: Sequence[tuple[int, ...]] = (),
    /,
) -> Any: ...
def orbit_count(
    kit: object,
    cells: Sequence[tuple[int, ...]],
    height: int,
    width: int,
    ids: Sequence[int],
    symmetries: Sequence[Sequence[int]],
    tick: Callable[[int], None] | None,
    every: int,
    steps: Sequence[tuple[int, ...]] = (),
    /,
) -> tuple[int, int, tuple[int, ...] | None] | None: ...
def fixed_counts(
    kit: object,
    cells: Sequence[tuple[int, ...]],
    height: int,
    width: int,
    ids: Sequence[int],
    symmetries: Sequence[Sequence[int]],
    tick: Callable[[int], None] | None,
    every: int,
    /,
) -> list[int]: ...
def cell_maps(
    cells: Iterable[tuple[int, ...]],
    turns: Sequence[tuple[tuple[int, ...], ...]],
    /,
) -> tuple[list[tuple[int, ...]], list[list[int]]]: ...
def cells(
    rows: Sequence[str], most: int, /
) -> tuple[frozenset[tuple[int, ...]], int, int] | None: ...
def placements(grid: bytes, n: int, /) -> tuple[frozenset[tuple[int, ...]], ...]: ...
