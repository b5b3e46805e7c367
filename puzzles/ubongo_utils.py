"""Problem files of ubongo-utils (github.com/m-kasahr/ubongo-utils): a figure and combinations.

The format, as that tool's analyzer writes it and its solver's ``-f FILE`` reads it::

    .###.                    the figure: '#' a cell, '.' no cell, one line per row
    #####
    ; squares=9              ';' starts a comment that runs to the end of its line
                             blank lines are ignored
    * A C K ; solutions=1    a combination: '*', then the pieces' code letters
    * B C J ; solutions=2
    ; puzzles=2

One figure per file, then any number of combinations. The analyzer's ``--show-solution`` puts a
solution picture (piece letters and '.') under each combination; pictures are skipped here.

Glossary
    Problem       one combination of a file: piece names, and its tiling count when given.
    ProblemFile   the figure and its problems, in file order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ubongo.puzzles.problems import PuzzleFormatError
from ubongo.solver.errors import FigureError, UbongoError
from ubongo.solver.figure import Figure, parse_figure
from ubongo.solver.lattice import Lattice
from ubongo.solver.pieces import STANDARD, PieceSet

_COUNT = re.compile(r"\bsolutions\s*(>?=)\s*(\d+)")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


@dataclass(frozen=True)
class Problem:
    """One combination: piece names in file order; ``capped`` when ``tilings`` is a lower bound."""

    pieces: tuple[str, ...]
    tilings: int | None = None
    capped: bool = False


@dataclass(frozen=True)
class ProblemFile:
    """A figure and the combinations listed under it."""

    figure: Figure
    problems: tuple[Problem, ...] = ()


class UnwritableCode(UbongoError):
    """A piece whose code letter ubongo-utils cannot read (it reads only A to Z)."""

    def __init__(self, name: str, code: str) -> None:
        super().__init__(
            f"piece {name} has the code {code!r}; ubongo-utils files name pieces by the "
            "letters A to Z only"
        )
        self.name = name
        self.code = code


def is_problem_file(text: str) -> bool:
    """Whether ``text`` lists combinations (a line starting with ``*``), not a bare figure."""
    return any(_is_combo_line(line) for line in text.splitlines())


def _is_combo_line(line: str) -> bool:
    return line.lstrip().startswith("*")


def _split(text: str) -> tuple[list[str], list[tuple[int, str]]]:
    """The figure's lines (those before the first ``*`` line) and the numbered lines after."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if _is_combo_line(line)), len(lines))
    return lines[:first], list(enumerate(lines[first:], first + 1))


def problem_figure(
    text: str, *, height: int | None = None, lattice: Lattice | None = None
) -> Figure:
    """The figure of a problem file, or of a plain figure text; a FigureError names its line.
    ``height`` and ``lattice`` as ``parse_figure`` takes them."""
    if not is_problem_file(text):
        return parse_figure(text, height=height, lattice=lattice)
    figure_lines, _ = _split(text)
    return parse_figure(figure_lines, height=height, lattice=lattice)


def parse_problem_file(
    text: str, pieces: PieceSet = STANDARD, source: str = "<problem file>"
) -> ProblemFile:
    """Parse a problem file; pieces are resolved by code (or name, any case) through ``pieces``.

    >>> pf = parse_problem_file("###\\n; squares=3\\n* A ; no\\n* B ; solutions=2\\n")
    >>> [(p.pieces, p.tilings) for p in pf.problems]
    [(('I2',), None), (('I3',), 2)]
    """
    try:
        figure = problem_figure(text)
    except FigureError as e:
        raise PuzzleFormatError(source, "", str(e)) from None
    _, rest = _split(text)
    known = {p.code for p in pieces.values()}
    problems = []
    for number, line in rest:
        body, _, comment = line.partition(";")
        if _is_combo_line(body):
            problems.append(_problem(body, comment, pieces, source, number))
        elif body.strip() and not set(body) <= known | set(".# \t\r"):
            raise PuzzleFormatError(
                source,
                f"line {number}",
                f"expected '* A B C' (piece letters), a solution picture or a ';' comment, "
                f"not {body.strip()!r}",
            )
    return ProblemFile(figure, tuple(problems))


def _problem(body: str, comment: str, pieces: PieceSet, source: str, number: int) -> Problem:
    """One ``* A C P ; solutions=N`` line, its count taken from the comment when there."""
    tokens = body.lstrip()[1:].split()
    if not tokens:
        raise PuzzleFormatError(
            source, f"line {number}", "a '*' line with no pieces; expected e.g. '* A C K'"
        )
    try:
        names = tuple(p.name for p in pieces.resolve(tokens))
    except UbongoError as e:
        raise PuzzleFormatError(source, f"line {number}", str(e)) from None
    found = _COUNT.search(comment)
    if found is None:
        return Problem(names)
    return Problem(names, int(found.group(2)), capped=found.group(1) == ">=")


def format_problem_file(problem_file: ProblemFile, pieces: PieceSet = STANDARD) -> str:
    """The text of a problem file, laid out as the ubongo-utils analyzer writes one.

    A count is written ``; solutions=N`` (``; solutions>=N`` when capped); none when unknown.

    >>> print(format_problem_file(ProblemFile(parse_figure("###"), (Problem(("I3",), 2),))))
    ###
    ; squares=3
    <BLANKLINE>
    * B ; solutions=2
    ; puzzles=1
    <BLANKLINE>
    """
    fig = problem_file.figure
    lines = [*fig.rows(), f"; squares={fig.area}", ""]
    lines += [_combo_line(p, pieces) for p in problem_file.problems]
    lines.append(f"; puzzles={len(problem_file.problems)}")
    return "\n".join(lines) + "\n"


def _combo_line(problem: Problem, pieces: PieceSet) -> str:
    """``* A C K ; solutions=1``: the analyzer's own spacing."""
    codes = _codes(problem.pieces, pieces)
    if problem.tilings is None:
        return f"* {' '.join(codes)}"
    sign = ">=" if problem.capped else "="
    return f"* {' '.join(codes)} ; solutions{sign}{problem.tilings}"


def _codes(names: Sequence[str], pieces: PieceSet) -> list[str]:
    """The code letters of ``names``; an UnwritableCode for a letter ubongo-utils cannot read."""
    codes = []
    for name in names:
        piece = pieces[name]
        if piece.code not in _LETTERS:
            raise UnwritableCode(piece.name, piece.code)
        codes.append(piece.code)
    return codes
