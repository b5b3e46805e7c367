"""ubongo-lab: Ubongo puzzles solved, verified, hinted, generated and printed; games scored.

The Python API speaks the command line's language: each function does what the command of
the same name does, takes what it takes and returns a frozen result that prints as the
command prints (``print(result)``), gives the command's ``--json`` document
(``result.to_json()``) and draws itself in a notebook.

    >>> import ubongo
    >>> print(ubongo.solve(".##./####/####/.#..", ["I2", "I4", "P5"]))
    .FK.
    AFKK
    AFKK
    .F..

Puzzles
    solve(figure, pieces)      one tiling, or why none (``count=True`` also counts) -> Answer
    count(figure, pieces)      the number of tilings -> int
    solutions(figure, pieces)  every tiling -> Solutions
    hint(figure, pieces)       a nudge, a piece drawn, or a solution (``board=``) -> Hint
    analyze(figure, sizes)     every combination of pieces that tiles a figure -> Analysis

Sets
    load_set(set)              a bundled set's name, a set file or ``-`` -> PuzzleSet
    combination(("07", "hard", 3))  one combination of a set -> Combination
    verify(set)                solve every combination of a set -> Verification
    generate(templates, seed=) design a new set -> PuzzleSet (design(): and its report -> Design)
    stats(*sets)               the calibration table of sets -> Stats
    pieces(piece_set)          the pieces by name and code letter -> PieceSet

Pictures
    page(set)                  the set's web page with a practice board -> Page
    cards(set)                 printable double-sided cards, a PDF -> Cards
    svgs(set)                  each printed side as SVG, keyed (template, side) -> dict

Games
    score(records, game)       score recorded sessions (dicts or JSON text) -> Scores
    simulate(game, players, seed=)  random legal sessions to score -> Simulation

What they take: a figure is text with rows joined by ``/`` or newlines (``#`` a cell, ``.``
empty), a list of rows, a Figure or a figure file; pieces are names (I2 ... Z5) or code
letters (A ... L), any case, as a list or one string ``"I2 I4 P5"``; instead of a figure and
pieces, a combination ``("07", "hard", 3)`` or ``"07 hard 3"`` (of ``set=``, default the
bundled standard set); a set is a bundled set's name (``"standard"``, ``"sample"``), a path,
or a PuzzleSet; ``piece_set=`` takes another set's or a pieces file's pieces (``--pieces``).
Limits: ``timeout=`` seconds for the whole call, ``engine=`` ``"auto"``, ``"bitboard"`` or
``"cpsat"``.

Errors are UbongoError (bad input, limits: one line saying what was expected) and
ScoringError; ``score`` reports an invalid record in its result instead. Importing ``ubongo``
loads nothing else: each name is imported on first use, so ``ubongo --version`` stays fast.
``help(ubongo.solve)`` (and each other name) says what it takes and returns.
"""

from __future__ import annotations

from ubongo.solver.lazy import exports

__version__ = "0.1.0"
"""The distribution's version: its one home (pyproject.toml reads it; ``ubongo --version``)."""

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (type checkers know it)
if TYPE_CHECKING:  # the names are loaded on first use (see __getattr__)
    from ubongo._analysis import Analysis, Filters
    from ubongo._answers import Answer, Solutions
    from ubongo._api import (
        analyze,
        atlas_figure,
        atlas_find,
        atlas_stats,
        cards,
        combination,
        count,
        design,
        generate,
        hint,
        load_set,
        page,
        pieces,
        score,
        simulate,
        solutions,
        solve,
        stats,
        svgs,
        verify,
    )
    from ubongo._atlas import AtlasFigure, AtlasStats
    from ubongo._design import Design
    from ubongo._files import FileError
    from ubongo._inputs import UsageError
    from ubongo._pictures import Cards, Page
    from ubongo._sessions import Scores, Simulation
    from ubongo._stats import Stats
    from ubongo._verification import Checked, Verification
    from ubongo.generator.errors import GenerationError
    from ubongo.puzzles import Combination, PuzzleFormatError, PuzzleSet
    from ubongo.puzzles.atlas.query import AtlasError
    from ubongo.scoring.common import SessionResult
    from ubongo.scoring.errors import InvalidRecord, ScoringError
    from ubongo.scoring.records import Outcome
    from ubongo.solver.engine import Verdict
    from ubongo.solver.errors import (
        FigureError,
        PuzzleTooLarge,
        SearchLimit,
        TimeLimit,
        UbongoError,
        UnknownName,
        UnknownPiece,
    )
    from ubongo.solver.figure import Figure, parse_figure
    from ubongo.solver.hints import BoardError, Hint, Unsolvable
    from ubongo.solver.pieces import Piece, PieceSet
    from ubongo.solver.puzzle import Puzzle

_API = "ubongo._api"
_HOME = {
    **dict.fromkeys(
        [
            "analyze",
            "atlas_figure",
            "atlas_find",
            "atlas_stats",
            "cards",
            "combination",
            "count",
            "design",
            "generate",
            "hint",
            "load_set",
            "page",
            "pieces",
            "score",
            "simulate",
            "solutions",
            "solve",
            "stats",
            "svgs",
            "verify",
        ],
        _API,
    ),
    "Analysis": "ubongo._analysis",
    "AtlasError": "ubongo.puzzles.atlas.query",
    "AtlasFigure": "ubongo._atlas",
    "AtlasStats": "ubongo._atlas",
    "Filters": "ubongo._analysis",
    "Answer": "ubongo._answers",
    "Solutions": "ubongo._answers",
    "Cards": "ubongo._pictures",
    "Page": "ubongo._pictures",
    "Design": "ubongo._design",
    "Scores": "ubongo._sessions",
    "Simulation": "ubongo._sessions",
    "Stats": "ubongo._stats",
    "Checked": "ubongo._verification",
    "Verification": "ubongo._verification",
    "FileError": "ubongo._files",
    "UsageError": "ubongo._inputs",
    "GenerationError": "ubongo.generator.errors",
    "Combination": "ubongo.puzzles",
    "PuzzleFormatError": "ubongo.puzzles",
    "PuzzleSet": "ubongo.puzzles",
    "InvalidRecord": "ubongo.scoring.errors",
    "ScoringError": "ubongo.scoring.errors",
    "SessionResult": "ubongo.scoring.common",
    "Outcome": "ubongo.scoring.records",
    "Verdict": "ubongo.solver.engine",
    **dict.fromkeys(
        [
            "FigureError",
            "PuzzleTooLarge",
            "SearchLimit",
            "TimeLimit",
            "UbongoError",
            "UnknownName",
            "UnknownPiece",
        ],
        "ubongo.solver.errors",
    ),
    "Figure": "ubongo.solver.figure",
    "parse_figure": "ubongo.solver.figure",
    "BoardError": "ubongo.solver.hints",
    "Hint": "ubongo.solver.hints",
    "Unsolvable": "ubongo.solver.hints",
    "Piece": "ubongo.solver.pieces",
    "PieceSet": "ubongo.solver.pieces",
    "Puzzle": "ubongo.solver.puzzle",
}
"""Where each public name lives: importing ``ubongo`` (which every ``ubongo.solver...``
import and the ``ubongo`` command do first) must not load the API's modules."""

__all__ = [
    "Analysis",
    "Answer",
    "AtlasError",
    "AtlasFigure",
    "AtlasStats",
    "BoardError",
    "Cards",
    "Checked",
    "Combination",
    "Design",
    "Figure",
    "FigureError",
    "FileError",
    "Filters",
    "GenerationError",
    "Hint",
    "InvalidRecord",
    "Outcome",
    "Page",
    "Piece",
    "PieceSet",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleSet",
    "PuzzleTooLarge",
    "Scores",
    "ScoringError",
    "SearchLimit",
    "SessionResult",
    "Simulation",
    "Solutions",
    "Stats",
    "TimeLimit",
    "UbongoError",
    "UnknownName",
    "UnknownPiece",
    "Unsolvable",
    "UsageError",
    "Verdict",
    "Verification",
    "analyze",
    "atlas_figure",
    "atlas_find",
    "atlas_stats",
    "cards",
    "combination",
    "count",
    "design",
    "generate",
    "hint",
    "load_set",
    "page",
    "parse_figure",
    "pieces",
    "score",
    "simulate",
    "solutions",
    "solve",
    "stats",
    "svgs",
    "verify",
]


__getattr__, __dir__ = exports(__name__, _HOME)
