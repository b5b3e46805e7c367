"""Hints: a nudge towards a tiling, from an empty figure or from a player's half-filled board.

Glossary
    Board      the player's figure so far, as a picture: a placed piece drawn in its code
               letter, ``#`` on an empty figure cell, ``.`` (or space) outside the figure; a
               board of cubes layer by layer, as a figure of cubes is written.
    Level      how much a hint gives away: 1 the piece to place and roughly where, 2 its
               exact place, 3 a whole solution.
    Forced     a placement that lies in every tiling of what is left: the best hint, since
               putting it down can never be a mistake.
    Hint       the chosen placement, the tiling it comes from, and (for a board that cannot
               be completed) the fewest placed pieces to take back.

How the placement is chosen: every tiling of the empty cells is listed (up to
``MAX_TILINGS`` tilings or ``LISTING_SECONDS``). If the list is complete and some
placements lie in all tilings, the hint is one of those, preferring the piece with the most
places it could go geometrically (the one a player is least likely to find by trying).
Otherwise the hint is the most constrained piece, the one with the fewest distinct
placements across the tilings, put where most tilings put it. Either way the hinted
placement extends to a tiling. DESIGN.md has the reasons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, TypedDict

from ubongo.solver import engine
from ubongo.solver.cells import (
    Drawing,
    Layers,
    Picture,
    Point,
    components,
    read_layers,
    read_picture,
)
from ubongo.solver.errors import TimeLimit, UbongoError
from ubongo.solver.figure import Figure, layer_texts
from ubongo.solver.lattice import SQUARE, Lattice, translated
from ubongo.solver.limits import Limits
from ubongo.solver.pieces import STANDARD, Piece, PieceSet
from ubongo.solver.puzzle import Placement, Puzzle, Solution, solution_rows
from ubongo.solver.regions import box, region_names, regions, spots, thirds
from ubongo.solver.triage import area_reason, triage

LEVELS = (1, 2, 3)
MAX_TILINGS = 10_000
"""Tilings enumerated at most; past it no placement is called forced."""
LISTING_SECONDS = 2.0
"""Time spent listing tilings after the first: an Ubongo puzzle needs milliseconds."""


class BoardError(UbongoError):
    """A board picture that is not a legal position: ``row``/``col`` 1-based (the line and the
    column in the layer's text), ``layer`` 1-based on a board of cubes, ``piece`` a name."""

    def __init__(
        self, message: str, row: int = 0, col: int = 0, piece: str | None = None, layer: int = 0
    ) -> None:
        where = (f"layer {layer}, " if layer else "") + (
            f"row {row}, column {col}: " if row else ""
        )
        super().__init__(f"board: {where}{message}")
        self.detail = f"{where}{message}"  # without "board: ", for a caller that names the file
        self.layer = layer
        self.row = row
        self.col = col
        self.piece = piece


class UnknownLetter(BoardError):
    """A character that is not a piece code, ``#``, ``.`` or space."""


class ForeignPiece(BoardError):
    """A piece of the set that is not in this combination."""


class WrongShape(BoardError):
    """A letter whose cells do not form its piece in any orientation."""


class PieceTwice(BoardError):
    """A piece placed more often than the combination holds it."""


class OutsideFigure(BoardError):
    """A board whose cells do not match the figure it should show."""


class HintLevelError(UbongoError):
    """A hint ``level`` that is not one of LEVELS."""

    def __init__(self, level: int) -> None:
        super().__init__(f"hint level {level}; expected 1, 2 or 3")
        self.level = level


class Unsolvable(UbongoError):
    """The combination itself has no tiling, so no hint exists."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"no hint: the combination has no tiling ({reason})")
        self.reason = reason


# --- boards ----------------------------------------------------------------------------------


def _read(text: str | Sequence[str], lattice: Lattice) -> Drawing | Layers:
    """The board picture read (layer by layer on cubes), refusing one that holds no cell."""
    layers = layer_texts(text) if lattice.layered else None
    drawn = read_picture(text).on(lattice) if layers is None else read_layers(layers)
    if not drawn.chars:
        raise BoardError("the board holds no cell; expected the figure in '#' and piece letters")
    return drawn


class At(TypedDict):
    """Where a cell stands in a board's text, as BoardError takes it."""

    row: int
    col: int
    layer: int


def _at(drawn: Drawing | Layers, p: Point) -> At:
    """Where a cell stands in the board's text (its layer's, on cubes)."""
    row, col = drawn.where(p)
    return {"row": row, "col": col, "layer": p[0] + 1 if isinstance(drawn, Layers) else 0}


def board_figure(text: str | Sequence[str], lattice: Lattice = SQUARE) -> Figure:
    """The figure a board picture shows (every cell that is not ``.`` or space)."""
    return Figure.from_cells(_read(text, lattice).chars, lattice)


def parse_board(text: str | Sequence[str], puzzle: Puzzle, pieces: PieceSet = STANDARD) -> Solution:
    """The placements drawn on a board, checked against the puzzle: figure, pieces, shapes.

    ``pieces`` names letters of the set that are not in the combination.
    """
    drawn = _read(text, puzzle.figure.lattice)
    _check_figure(drawn, puzzle.figure, pieces)
    by_code = {p.code: p for p in puzzle.pieces}
    copies = Counter(p.name for p in puzzle.pieces)
    placed: list[Placement] = []
    for ch, cells in drawn.by_letter().items():
        piece = by_code.get(ch)
        if piece is None:
            raise _not_in_combo(ch, _at(drawn, min(cells)), puzzle, pieces)
        parts = components(cells, puzzle.lattice)
        if len(parts) > copies[piece.name]:
            raise PieceTwice(
                f"{piece.name} ({ch}) is placed {len(parts)} times; the combination has "
                f"{copies[piece.name]}",
                piece=piece.name,
                **_at(drawn, min(parts[copies[piece.name]])),
            )
        for part in parts:
            _check_shape(piece, part, _at(drawn, min(part)))
            placed.append(Placement(piece.name, frozenset(part)))
    return _in_order(puzzle, placed)


def _in_order(puzzle: Puzzle, placements: Sequence[Placement]) -> Solution:
    """Placements in the puzzle's piece order, as the engines give solutions."""
    order = {p.name: i for i, p in enumerate(puzzle.pieces)}
    return tuple(sorted(placements, key=lambda pl: (order[pl.piece], min(pl.cells))))


def _check_figure(drawn: Drawing | Layers, figure: Figure, pieces: PieceSet) -> None:
    """OutsideFigure unless the board's cells are exactly the figure's."""
    for p, ch in drawn.chars.items():  # in reading order: the first stray cell is named
        if p not in figure.cells:
            name = pieces[ch].name if ch in _codes(pieces) else None
            raise OutsideFigure("cell outside the figure", piece=name, **_at(drawn, p))
    missing = sorted(figure.cells - drawn.cells)
    if missing:
        raise OutsideFigure(
            "a figure cell is missing from the board (draw the whole figure, '#' on empty cells)",
            **_at(drawn, missing[0]),
        )


def _codes(pieces: PieceSet) -> set[str]:
    return {p.code for p in pieces.values()}


def _not_in_combo(ch: str, at: At, puzzle: Puzzle, pieces: PieceSet) -> BoardError:
    combo = ", ".join(f"{p.name} ({p.code})" for p in puzzle.pieces)
    if ch in _codes(pieces):
        name = pieces[ch].name
        return ForeignPiece(f"{name} ({ch}) is not in this combination: {combo}", piece=name, **at)
    return UnknownLetter(
        f"unexpected character {ch!r}; expected a piece letter of {combo}, '#' or '.'", **at
    )


def _check_shape(piece: Piece, cells: set[Point], at: At) -> None:
    if len(cells) != piece.area or piece.lattice.normalise(cells) not in piece.orientations:
        raise WrongShape(
            f"{piece.name} ({piece.code}) is drawn on {len(cells)} cell(s) that do not form "
            f"its shape {'/'.join(piece.rows())} in any turn",
            piece=piece.name,
            **at,
        )


# --- the hint --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A hint at ``level``; the fields hold everything, :meth:`to_json` reveals per level."""

    level: int
    puzzle: Puzzle
    placed: Solution  # pieces on the board that stay (the board minus take_back)
    take_back: tuple[str, ...]  # fewest placed pieces to remove; empty when completable
    placement: Placement | None  # None when the board is already complete
    forced: bool  # the placement lies in every tiling (enumeration was complete)
    solution: Solution  # a tiling through placed and placement
    tilings: int  # tilings of the empty cells enumerated
    exhaustive: bool  # tilings counts them all

    @property
    def completable(self) -> bool:
        """True when the board as given can still be completed."""
        return not self.take_back

    @property
    def piece(self) -> str | None:
        """Name of the hinted piece."""
        return self.placement.piece if self.placement else None

    @property
    def region(self) -> str | None:
        """Roughly where the hinted piece goes: ``top-left``, ``bottom``, ``middle``..."""
        return region_name(self.placement.cells, self.puzzle.figure) if self.placement else None

    def _pieces(self) -> PieceSet:
        return PieceSet(dict.fromkeys(self.puzzle.pieces))

    def code(self, name: str) -> str:
        """The code letter of a piece of this puzzle."""
        return self._pieces()[name].code

    def rows(self) -> Picture:
        """The board kept, with the hinted piece drawn in its letter."""
        shown = self.placed + ((self.placement,) if self.placement else ())
        return solution_rows(self.puzzle.figure, shown, self._pieces())

    def solution_rows(self) -> Picture:
        """The whole tiling the hint comes from."""
        return solution_rows(self.puzzle.figure, self.solution, self._pieces())

    def picture(self) -> Picture | None:
        """What the level shows drawn: nothing at 1, the hinted piece at 2, a solution at 3."""
        return {1: None, 2: self.rows(), 3: self.solution_rows()}[self.level]

    def message(self) -> str:
        """The hint in words, revealing no more than the level allows."""
        out = []
        if self.take_back:
            names = " and ".join(f"{n} ({self.code(n)})" for n in self.take_back)
            out.append(f"This board cannot be completed: take back {names}.")
        if self.placement is None:
            out.append("The board is complete.")
        elif self.level == 3:
            out.append("A solution:")
        else:
            p = self.placement.piece
            verb = "Then place" if self.take_back else "Place"
            when = "next" if self.placed else "first"
            where = _where(self.region or "") if self.level == 1 else "as drawn"
            sure = "; it lies there in every solution" if self.forced else ""
            out.append(f"{verb} {p} ({self.code(p)}) {when}, {where}{sure}.")
        return " ".join(out)

    def to_json(self) -> dict[str, Any]:
        """``{"level", "completable", "piece", "area", "forced", "cells", "picture", ...}``.

        ``cells`` and ``picture`` are null at level 1, ``solution`` is null below level 3;
        ``take_back`` is present only when the board cannot be completed.
        """
        pl = self.placement
        out: dict[str, Any] = {
            "level": self.level,
            "completable": self.completable,
            "piece": self.piece,
            "area": self.region,  # the JSON key predates the word: a region, not a cell count
            "forced": self.forced,
            "cells": sorted(list(p) for p in pl.cells) if pl and self.level >= 2 else None,
            "picture": self.rows() if self.level >= 2 else None,
            "solution": self.solution_rows() if self.level >= 3 else None,
        }
        if self.take_back:
            out["take_back"] = list(self.take_back)
        return out

    def __str__(self) -> str:
        """The hint as ``ubongo hint`` prints it: the words, then what the level draws."""
        return "\n".join([self.message(), *(self.picture() or ())])

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import solution_svg

        shown = (
            self.solution
            if self.level == 3
            else self.placed + ((self.placement,) if self.placement and self.level == 2 else ())
        )
        return solution_svg(self.puzzle.figure, shown, self._pieces())


def _where(region: str) -> str:
    """``top-left`` -> ``in the top-left corner``, ``right`` -> ``on the right``...; a layer
    after a comma stays as it is (``top-left, bottom layer``); a region of several comes first
    (``left region, top`` -> ``in the left region, at the top``)."""
    head, comma, rest = region.partition(", ")
    if head.endswith(" region"):
        return f"in the {head}" + (f", {_where(rest)}" if comma else "")
    if "-" in head:
        words = f"in the {head} corner"
    else:
        words = {"top": "at the top", "bottom": "at the bottom", "middle": "in the middle"}.get(
            head, f"on the {head}"
        )
    return f"{words}, {layer_words(rest)}" if comma else words


def layer_words(layer: str) -> str:
    """``bottom layer`` -> ``in the bottom layer``, ``both layers`` -> ``in both layers``."""
    return f"in the {layer}" if layer.endswith(" layer") else f"in {layer}"


def region_name(cells: frozenset[Point], figure: Figure) -> str:
    """Where cells lie in the figure, in thirds of its box (of its footprint, for cubes, with
    the layers they take): ``top-left`` ... ``middle``, ``top-left, bottom layer``. When the
    figure is several separate regions (all to be filled), the region the cells lie in comes
    first, then where in it unless they fill it: ``left region``, ``left region, top``.

    >>> region_name(frozenset({(0, 0)}), Figure(frozenset({(0, 0), (2, 2)})))
    'left region'
    >>> region_name(frozenset({(0, 0)}), Figure(frozenset({(0, 0), (0, 1), (1, 1)})))
    'top-left'
    """
    parts = regions(figure)
    whole = box(spots(figure.cells, figure.lattice))
    if len(parts) == 1:
        return _placed(cells, figure, thirds(spots(cells, figure.lattice), whole))
    (part, name), *_ = ((p, n) for p, n in region_names(figure, parts) if cells <= p)
    if len(cells) == len(part):
        return f"{name} region"
    within = box(spots(part, figure.lattice))
    return f"{name} region, {_placed(cells, figure, thirds(spots(cells, figure.lattice), within))}"


def _placed(cells: frozenset[Point], figure: Figure, flat: str) -> str:
    """``flat`` with the layers the cells take, on a figure of cubes."""
    if not figure.lattice.layered:
        return flat
    return f"{flat}, {_layers_taken({p[0] for p in cells}, figure.levels)}"


def _layers_taken(levels: set[int], count: int) -> str:
    """``bottom layer``, ``top layer``, ``layer 2``, ``both layers``, ``layers 1 to 3``."""
    if len(levels) == 1:
        (z,) = levels
        named = {0: "bottom", count - 1: "top"}
        return f"{named[z]} layer" if z in named else f"layer {z + 1}"
    if len(levels) == count == 2:
        return "both layers"
    return f"layers {min(levels) + 1} to {max(levels) + 1}"


def hint(
    puzzle: Puzzle,
    board: str | Sequence[str] | None = None,
    level: int = 1,
    *,
    pieces: PieceSet = STANDARD,
    timeout: float | None = None,
    max_tilings: int = MAX_TILINGS,
) -> Hint:
    """A hint for the puzzle, continuing from ``board`` (a picture) when one is given.

    Raises HintLevelError for a level not in LEVELS, BoardError for an illegal board,
    Unsolvable when the combination has no tiling, TimeLimit when ``timeout`` runs out
    before any tiling is found.
    """
    if level not in LEVELS:
        raise HintLevelError(level)
    reason = area_reason(puzzle)
    if reason:
        raise Unsolvable(reason)
    limits = Limits(timeout)
    placed = parse_board(board, puzzle, pieces) if board is not None else ()
    kept, back, first = _take_back(puzzle, placed, limits)
    found, exhaustive = _solutions(puzzle, kept, first, limits, max_tilings)
    chosen, forced = _choose(puzzle, kept, found, exhaustive)
    through = next(t for t in found if chosen is None or chosen in t)
    solution = _in_order(puzzle, kept + through)
    return Hint(level, puzzle, kept, back, chosen, forced, solution, len(found), exhaustive)


def _remaining(limits: Limits) -> float | None:
    """Seconds left for the next search; TimeLimit when none are."""
    limits.tick(0)
    return limits.left()


def _rest(puzzle: Puzzle, placed: Solution) -> tuple[Puzzle | None, Point]:
    """The empty cells and the unplaced pieces as a puzzle, and its offset in the figure."""
    used = frozenset[Point]().union(*(pl.cells for pl in placed))
    left = puzzle.figure.cells - used
    todo = list(puzzle.pieces)
    for pl in placed:
        todo.remove(next(p for p in todo if p.name == pl.piece))
    if not left:
        return None, ()
    lattice = puzzle.figure.lattice
    back = tuple(-v for v in lattice.offset(left))
    return Puzzle(Figure.from_cells(left, lattice), tuple(todo)), back


def _shift(sol: Solution, offset: Point) -> Solution:
    return tuple(Placement(pl.piece, translated(pl.cells, offset)) for pl in sol)


def _complete(puzzle: Puzzle, placed: Solution, limits: Limits) -> Solution | None:
    """A tiling of the empty cells (in figure cells), or None when there is none."""
    rest, offset = _rest(puzzle, placed)
    if rest is None:
        return ()
    sol = engine.solve(rest, timeout=_remaining(limits))
    return None if sol is None else _shift(sol, offset)


def _take_back(
    puzzle: Puzzle, placed: Solution, limits: Limits
) -> tuple[Solution, tuple[str, ...], Solution]:
    """The board with the fewest pieces removed that can still be completed, those pieces,
    and a tiling of the cells left empty.

    Subsets are tried by increasing size, so the first that works is a smallest one.
    """
    for k in range(len(placed) + 1):
        for gone in combinations(range(len(placed)), k):
            kept = tuple(pl for i, pl in enumerate(placed) if i not in gone)
            first = _complete(puzzle, kept, limits)
            if first is not None:
                return kept, tuple(placed[i].piece for i in gone), first
    raise Unsolvable(triage(puzzle) or "no tiling exists (exhaustive search)")


def _solutions(
    puzzle: Puzzle, placed: Solution, first: Solution, limits: Limits, cap: int
) -> tuple[list[Solution], bool]:
    """Tilings of the empty cells (in figure cells), and whether that is all of them.

    ``first`` is one tiling, found by the engine (CP-SAT takes over on large puzzles); the
    listing of all is lazy on the bitboard engine and stops at ``cap`` or LISTING_SECONDS.
    """
    rest, offset = _rest(puzzle, placed)
    if rest is None:
        return [()], True
    left = _remaining(limits)
    budget = LISTING_SECONDS if left is None else min(LISTING_SECONDS, left)
    found: list[Solution] = []
    try:
        for sol in engine.solutions(rest, engine="bitboard", timeout=budget, limit=cap + 1):
            found.append(_shift(sol, offset))
    except TimeLimit:  # the listing's own budget: what was listed so far is a fair sample
        return found or [first], False
    return found[:cap], len(found) <= cap


def _choose(
    puzzle: Puzzle, placed: Solution, found: list[Solution], exhaustive: bool
) -> tuple[Placement | None, bool]:
    """The placement to hint, and whether it is forced (see the module docstring)."""
    if found == [()]:
        return None, False
    seen = Counter(pl for t in found for pl in t)
    area = {p.name: p.area for p in puzzle.pieces}
    rank = {p.name: i for i, p in enumerate(puzzle.pieces)}
    if exhaustive:
        forced = [pl for pl, n in seen.items() if n == len(found)]
        if forced:
            room = _room(puzzle, placed)
            best = max(forced, key=lambda pl: (room[pl.piece], area[pl.piece], -rank[pl.piece]))
            return best, True
    spots: dict[str, set[Placement]] = {}
    for pl in seen:
        spots.setdefault(pl.piece, set()).add(pl)
    name = min(spots, key=lambda n: (len(spots[n]), -area[n], rank[n]))
    return min(spots[name], key=lambda pl: (-seen[pl], sorted(pl.cells))), False


def _room(puzzle: Puzzle, placed: Solution) -> dict[str, int]:
    """How many places each unplaced piece fits in the empty cells, ignoring the others."""
    used = {cell for pl in placed for cell in pl.cells}
    left = puzzle.figure.cells - used
    return {p.name: _place_count(p, left) for p in puzzle.pieces}


def _place_count(piece: Piece, cells: frozenset[Point]) -> int:
    """Placements of the piece inside the cells, every orientation and translation."""
    n = 0
    for o in piece.orientations:
        anchor = min(o)
        shifts = [tuple(v - a for v, a in zip(p, anchor, strict=True)) for p in o]
        n += sum(
            all(tuple(v + d for v, d in zip(cell, s, strict=True)) in cells for s in shifts)
            for cell in cells
        )
    return n
