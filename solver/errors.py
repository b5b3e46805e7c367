"""Errors of the solver and the puzzle formats: one base class, subclasses that carry data."""

from __future__ import annotations


class UbongoError(Exception):
    """Base of every error the solver and the puzzle loaders raise for bad input or limits."""


class UnknownPiece(UbongoError):
    """A piece name or code that the piece set does not hold."""

    def __init__(self, token: str, known: list[str]) -> None:
        super().__init__(f"unknown piece {token!r}; expected one of {', '.join(known)}")
        self.token = token
        self.known = known


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
    """The puzzle exceeds what the requested engine is built for."""


class SearchLimit(UbongoError):
    """A search stopped at its time or node limit before it could answer."""

    def __init__(self, what: str, nodes: int) -> None:
        super().__init__(f"{what} reached after {nodes} search nodes")
        self.what = what
        self.nodes = nodes
