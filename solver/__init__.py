"""Ubongo puzzle solver: pieces, figures, two exact-cover engines, triage and analysis.

>>> from ubongo.solver import STANDARD, Puzzle, parse_figure, solve, count
>>> p = Puzzle(parse_figure("###/##."), STANDARD.resolve(["I2", "L3"]))
>>> count(p)
2

OR-Tools (the CP-SAT engine) is imported only when that engine runs.
"""

from ubongo.solver.analyze import ComboCount, analyze
from ubongo.solver.engine import ENGINES, Engine, Verdict, check, count, solutions, solve
from ubongo.solver.errors import (
    DuplicatePiece,
    FigureError,
    NodeLimit,
    PieceDefinitionError,
    PuzzleTooLarge,
    SearchLimit,
    TimeLimit,
    UbongoError,
    UnknownPiece,
)
from ubongo.solver.figure import Figure, Picture, parse_figure
from ubongo.solver.pieces import STANDARD, Piece, PieceSet, Point, Shape
from ubongo.solver.puzzle import Placement, Puzzle, Solution, parse_solution, solution_rows
from ubongo.solver.triage import triage

__all__ = [
    "ENGINES",
    "STANDARD",
    "ComboCount",
    "DuplicatePiece",
    "Engine",
    "Figure",
    "FigureError",
    "NodeLimit",
    "Picture",
    "Piece",
    "PieceDefinitionError",
    "PieceSet",
    "Placement",
    "Point",
    "Puzzle",
    "PuzzleTooLarge",
    "SearchLimit",
    "Shape",
    "Solution",
    "TimeLimit",
    "UbongoError",
    "UnknownPiece",
    "Verdict",
    "analyze",
    "check",
    "count",
    "parse_figure",
    "parse_solution",
    "solution_rows",
    "solutions",
    "solve",
    "triage",
]
