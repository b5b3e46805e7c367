"""The compiled core, loaded in one place: solver/_core.c, its types in solver/_core.pyi.

Every reader of the core (the bitboard engine, analyze, the engine's text solver, figure
parsing, the generator's effort search, the CLI's batch lines) reads ``CORE`` from here when it
is called, so a test or a benchmark that sets ``core.CORE`` switches them all at once. At the
bottom of solver: at run time this module imports only ``os``; the type names of solver.bits and
solver.lattice are read by type checkers only.

Glossary (Mask as in solver.bits)
    Slot      (need, req, bit, pos): piece number ``pos`` marked by ``bit`` in a used-set
              (solver.bitboard says how the search reads it).
    KitPiece  (class, extent, orientations): a shape as ``kit`` takes it.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know it)
if TYPE_CHECKING:  # type names only: ``ubongo --version`` names the core through this module,
    # and importing typing, dataclasses (solver.lattice) and the rest cost half its start-up
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any, Protocol

    from ubongo.solver.bits import Mask
    from ubongo.solver.lattice import Point, Shape

    Slot = tuple[int, int, int, int]
    Slots = list[tuple[Slot, tuple[Mask, ...]]]
    Tick = Callable[[int], None]
    KitPiece = tuple[int, int, tuple[tuple[Point, ...], ...]]  # class, extent, orientation offsets

    class Core(Protocol):
        """The compiled core's interface (solver/_core.c; its types in solver/_core.pyi)."""

        BITS: int  # mask width: figures whose Mask is wider stay on the Python engine
        MAX_PIECES: int
        MAX_POOL: int  # pieces in a pool analyze can take

        def area_table(self, areas: tuple[int, ...], /) -> object: ...

        def analyze(
            self,
            full: Mask,
            pieces: tuple[tuple[Mask, ...], ...],
            areas: object,
            size: int,
            need: int,
            cap: int,
            twins: tuple[int, ...],
            tick: Tick | None,
            every: int,
            /,
        ) -> list[tuple[tuple[int, ...], int]]: ...

        def first(
            self,
            full: Mask,
            slots: Slots,
            goal: int,
            tick: Tick | None,
            every: int,
            shifts: Sequence[int] = (),
            /,
        ) -> list[tuple[int, Mask]] | None: ...

        def effort(
            self,
            full: Mask,
            moves: list[tuple[int, Mask]],
            free: int,
            tick: Tick | None,
            every: int,
            /,
        ) -> tuple[int, int]: ...

        def kit(self, pieces: tuple[KitPiece, ...], /) -> object: ...

        def cells(self, rows: Sequence[str], most: int, /) -> tuple[Shape, int, int] | None: ...

        def placements(self, grid: bytes, n: int, /) -> tuple[Shape, ...]: ...

        def tile(
            self,
            kit: object,
            figure: Iterable[Point] | Sequence[str],
            height: int,
            width: int,
            ids: Sequence[int],
            mode: int,
            cap: int,
            tick: Tick | None,
            every: int,
            steps: Sequence[Point] = (),
            /,
        ) -> Any: ...

        def orbit_count(
            self,
            kit: object,
            cells: Sequence[Point],
            height: int,
            width: int,
            ids: Sequence[int],
            symmetries: Sequence[Sequence[int]],
            tick: Tick | None,
            every: int,
            steps: Sequence[Point] = (),
            /,
        ) -> tuple[int, int, tuple[int, ...] | None] | None: ...

        def fixed_counts(
            self,
            kit: object,
            cells: Sequence[Point],
            height: int,
            width: int,
            ids: Sequence[int],
            symmetries: Sequence[Sequence[int]],
            tick: Tick | None,
            every: int,
            /,
        ) -> list[int]: ...

        def cell_maps(
            self,
            cells: Iterable[Point],
            turns: Sequence[tuple[tuple[int, ...], ...]],
            /,
        ) -> tuple[list[Point], list[list[int]]]: ...

        def count(
            self,
            full: Mask,
            slots: Slots,
            goal: int,
            cap: int,
            tick: Tick | None,
            every: int,
            shifts: Sequence[int] = (),
            /,
        ) -> int: ...

        def count_first(
            self,
            full: Mask,
            slots: Slots,
            goal: int,
            cap: int,
            tick: Tick | None,
            every: int,
            shifts: Sequence[int] = (),
            /,
        ) -> tuple[int, list[tuple[int, Mask]] | None]: ...


def load_core() -> Core | None:
    """The compiled core, or None when it is not built or ``UBONGO_PURE`` is set (not to 0)."""
    if os.environ.get("UBONGO_PURE", "0") not in ("", "0"):
        return None
    try:
        from ubongo.solver import _core
    except ImportError:  # no C compiler at install time: the Python engine does the work
        return None
    return _core


CORE = load_core()
"""The compiled core in use, or None for the pure-Python engine (tests set it to compare)."""


def core_name() -> str:
    """Which core runs the searches, as ``ubongo --version`` tells it."""
    return "compiled C" if CORE is not None else "pure Python"
