"""Types of the optional C extension built from solver/_core.c (see solver.bitboard)."""

from collections.abc import Callable, Sequence

BITS: int
MAX_PIECES: int
MAX_POOL: int

_Slots = Sequence[tuple[tuple[int, int, int, int], tuple[int, ...]]]

def first(
    full: int, slots: _Slots, goal: int, tick: Callable[[int], None] | None, every: int, /
) -> list[tuple[int, int]] | None: ...
def count(
    full: int,
    slots: _Slots,
    goal: int,
    cap: int,
    tick: Callable[[int], None] | None,
    every: int,
    /,
) -> int: ...
def count_first(
    full: int,
    slots: _Slots,
    goal: int,
    cap: int,
    tick: Callable[[int], None] | None,
    every: int,
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
