"""Errors of the solver and the puzzle formats: one base class, subclasses that carry data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class UbongoError(Exception):
    """Base of every error the solver and the puzzle loaders raise for bad input or limits."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses take their data, not the message, as arguments, so the default (calling
        # the class with the message) would fail: rebuild from the message and the attributes.
        # The generator's worker processes send errors back to the parent this way.
        return _rebuild, (type(self), str(self), self.__dict__)


def _rebuild(cls: type[UbongoError], message: str, data: dict[str, Any]) -> UbongoError:
    """An error of class ``cls`` with this message and these attributes (for pickle)."""
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(data)
    return error


def suggestion(token: str, known: Sequence[str]) -> str | None:
    """The known name closest to ``token`` (case-insensitive), if one is close enough.

    >>> suggestion("T5", ["T4", "L5", "I2"]), suggestion("zz", ["T4"])
    ('T4', None)
    """
    import difflib  # here: only a failed lookup pays for it

    t = token.casefold()

    def score(name: str) -> float:
        k = name.casefold()
        # a shared first letter breaks ties: T5 is nearer T4 (same shape) than Z5
        return difflib.SequenceMatcher(None, t, k).ratio() + 0.1 * (k[:1] == t[:1])

    best = max(known, key=score, default=None)
    return best if best is not None and score(best) >= 0.55 else None


def _known(known: Sequence[str]) -> str:
    """``A, B or C``; a long list is given by its ends."""
    if len(known) > 12:
        return f"{known[0]} ... {known[-1]}"
    return ", ".join(known)


class UnknownName(UbongoError):
    """A name (``kind``: piece, template, side, bundled set...) that is not among ``known``."""

    def __init__(self, kind: str, token: str, known: Sequence[str]) -> None:
        near = suggestion(token, known)
        hint = f"did you mean {near}?" if near else f"expected one of {_known(known)}"
        super().__init__(f"unknown {kind} {token!r}; {hint}")
        self.kind = kind
        self.token = token
        self.known = list(known)
        self.suggestion = near


class UnknownPiece(UnknownName):
    """A piece name or code that the piece set does not hold."""

    def __init__(self, token: str, known: Sequence[str]) -> None:
        super().__init__("piece", token, known)


class DuplicatePiece(UbongoError):
    """The same piece named twice in one combination (the box has one of each per player)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"piece {name} appears twice in one combination")
        self.name = name


class FigureError(UbongoError):
    """A figure text that does not parse: ``row`` and ``col`` are 1-based, 0 when not a cell."""

    def __init__(self, message: str, row: int = 0, col: int = 0) -> None:
        where = f"row {row}, column {col}: " if row else ""
        super().__init__(f"{where}{message}")
        self.row = row
        self.col = col


class PieceDefinitionError(UbongoError):
    """A custom piece whose definition is malformed."""


class PuzzleTooLarge(UbongoError):
    """A figure of ``cells`` cells, more than ``engine`` takes (``limit``)."""

    def __init__(self, cells: int, limit: int, engine: str) -> None:
        super().__init__(f"figure has {cells} cells; the {engine} engine takes at most {limit}")
        self.cells = cells
        self.limit = limit
        self.engine = engine


class SearchLimit(UbongoError):
    """A search stopped at a budget before it could answer; ``nodes`` it had searched.

    Catch :class:`TimeLimit` or :class:`NodeLimit` for one budget, this class for either.
    """

    what = "search limit"  # the budget's name, as the message starts

    def __init__(self, message: str, nodes: int) -> None:
        super().__init__(message)
        self.nodes = nodes


def _seconds(seconds: float) -> str:
    """A time budget for a message: ``2``, ``0.05``, ``1.87``, ``600``."""
    return f"{seconds:.3g}" if seconds < 100 else f"{seconds:.0f}"


class TimeLimit(SearchLimit):
    """The search's ``seconds`` ran out (None: a solver stopped early without being given any)."""

    what = "time limit"

    def __init__(self, seconds: float | None, nodes: int) -> None:
        of = f" of {_seconds(seconds)} s" if seconds is not None else ""
        super().__init__(f"time limit{of} reached after {nodes} search nodes", nodes)
        self.seconds = seconds


class NodeLimit(SearchLimit):
    """The search's ``budget`` of nodes ran out."""

    what = "node limit"

    def __init__(self, budget: int, nodes: int) -> None:
        super().__init__(f"node limit of {budget} reached after {nodes} search nodes", nodes)
        self.budget = budget
