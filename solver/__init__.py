"""Ubongo puzzle solver: pieces, figures, two exact-cover engines, triage and analysis.

>>> from ubongo.solver import STANDARD, Puzzle, parse_figure, solve, count
>>> p = Puzzle(parse_figure("###/##."), STANDARD.resolve(["I2", "L3"]))
>>> count(p)
2

OR-Tools (the CP-SAT engine) is imported only when that engine runs.
"""

from ubongo.solver.lazy import exports

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know it)
if TYPE_CHECKING:  # the names are loaded on first use (see __getattr__)
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

# Importing one submodule (solver.core for ``ubongo --version``, say) must not load the engines.
_HOME = {
    "ComboCount": "ubongo.solver.analyze",
    "analyze": "ubongo.solver.analyze",
    "ENGINES": "ubongo.solver.engine",
    "Engine": "ubongo.solver.engine",
    "Verdict": "ubongo.solver.engine",
    "check": "ubongo.solver.engine",
    "count": "ubongo.solver.engine",
    "solutions": "ubongo.solver.engine",
    "solve": "ubongo.solver.engine",
    "DuplicatePiece": "ubongo.solver.errors",
    "FigureError": "ubongo.solver.errors",
    "NodeLimit": "ubongo.solver.errors",
    "PieceDefinitionError": "ubongo.solver.errors",
    "PuzzleTooLarge": "ubongo.solver.errors",
    "SearchLimit": "ubongo.solver.errors",
    "TimeLimit": "ubongo.solver.errors",
    "UbongoError": "ubongo.solver.errors",
    "UnknownPiece": "ubongo.solver.errors",
    "Figure": "ubongo.solver.figure",
    "Picture": "ubongo.solver.figure",
    "parse_figure": "ubongo.solver.figure",
    "Piece": "ubongo.solver.pieces",
    "PieceSet": "ubongo.solver.pieces",
    "Point": "ubongo.solver.pieces",
    "STANDARD": "ubongo.solver.pieces",
    "Shape": "ubongo.solver.pieces",
    "Placement": "ubongo.solver.puzzle",
    "Puzzle": "ubongo.solver.puzzle",
    "Solution": "ubongo.solver.puzzle",
    "parse_solution": "ubongo.solver.puzzle",
    "solution_rows": "ubongo.solver.puzzle",
    "triage": "ubongo.solver.triage",
}
__getattr__, __dir__ = exports(__name__, _HOME)

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
