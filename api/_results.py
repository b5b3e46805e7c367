"""What the API returns: frozen results that print as the command prints them, turn into the
command's ``--json`` document (``to_json()``) and draw themselves in a notebook.

Each result holds what the command computed and nothing it printed: ``str(result)`` is the
command's text output (without colours), ``result.to_json()`` its ``--json`` document. The
commands print these, so the two cannot drift apart. Drawing imports ``ubongo.render`` inside
``_repr_svg_`` / ``_repr_html_`` only: a script that never draws never loads it.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

from ubongo.scoring.common import printable
from ubongo.solver.engine import Verdict
from ubongo.solver.puzzle import Puzzle, Solution, solution_rows

if TYPE_CHECKING:
    from ubongo.generator.stats import SetStats
    from ubongo.puzzles import PuzzleSet
    from ubongo.scoring.records import Outcome
    from ubongo.solver.analyze import ComboCount
    from ubongo.solver.cells import Picture
    from ubongo.solver.figure import Figure
    from ubongo.solver.pieces import PieceSet

SHOWN_IN_HTML = 24
"""Tilings a notebook draws of a ``solutions`` result; the text and the JSON hold them all."""


def plural(n: int, word: str) -> str:
    """``1 tiling``, ``2 tilings``: a count that reads as English.

    >>> plural(1, "tiling"), plural(3, "tiling")
    ('1 tiling', '3 tilings')
    """
    return f"{n} {word if n == 1 else word + 's'}"


@dataclass(frozen=True)
class Answer:
    """One puzzle's verdict (``ubongo solve``): solvable or why not, one tiling, the count
    when asked (``tilings``; None when not counted), the engine that answered."""

    puzzle: Puzzle
    pieces: PieceSet = field(repr=False)
    verdict: Verdict = field(repr=False)

    @property
    def solvable(self) -> bool:
        """Whether the puzzle has a tiling."""
        return self.verdict.solvable

    @property
    def tilings(self) -> int | None:
        """The number of tilings when counted (``count=True``), else None."""
        return self.verdict.tilings

    @cached_property
    def tilings_up_to_symmetry(self) -> int | None:
        """When counted: the tilings up to the figure's symmetries (a tiling and its turned or
        mirrored image count once; see ``solver.symmetry.up_to_symmetry``), else None."""
        from ubongo.solver.symmetry import up_to_symmetry

        n = self.verdict.tilings
        return None if n is None else up_to_symmetry(self.puzzle, n)

    def count_line(self) -> str | None:
        """``9356 tilings (2339 up to symmetry)`` when counted (the part in brackets only when
        the figure's symmetries join some tilings), else None."""
        n = self.tilings
        if n is None:
            return None
        distinct = self.tilings_up_to_symmetry
        return plural(n, "tiling") + (f" ({distinct} up to symmetry)" if distinct != n else "")

    @property
    def reason(self) -> str | None:
        """Why the puzzle has no tiling, or None when it has one."""
        return self.verdict.reason

    @property
    def engine(self) -> str:
        """The engine that answered: ``bitboard`` or ``cpsat``."""
        return self.verdict.engine

    @property
    def solution(self) -> Solution | None:
        """The tiling as placements (piece name, cells), or None."""
        return self.verdict.solution

    @cached_property
    def rows(self) -> Picture | None:
        """The tiling drawn in the pieces' code letters, or None."""
        sol = self.verdict.solution
        return None if sol is None else solution_rows(self.puzzle.figure, sol, self.pieces)

    def to_json(self) -> dict[str, Any]:
        """``ubongo solve --json``: ``{"solvable", "solution", "engine", "tilings"?,
        "tilings_up_to_symmetry"?, "reason"?}`` (the two counts when counted)."""
        out = self.verdict.to_json(self.rows)
        if self.tilings is not None:
            out["tilings_up_to_symmetry"] = self.tilings_up_to_symmetry
        return out

    def __str__(self) -> str:
        if self.rows is None:
            return f"unsolvable: {self.reason}"
        line = self.count_line()
        return "\n".join([*self.rows, *([] if line is None else [line])])

    def __repr__(self) -> str:
        return (
            f"Answer(solvable={self.solvable!r}, tilings={self.tilings!r}, rows={self.rows!r}, "
            f"reason={self.reason!r})"
        )

    def _repr_svg_(self) -> str:
        from ubongo.render.svg import solution_svg

        return solution_svg(self.puzzle.figure, self.solution or (), self.pieces)


@dataclass(frozen=True)
class Solutions(Sequence[Solution]):
    """Every tiling of a puzzle (``ubongo solve --all``), each as placements; ``rows(i)`` draws
    one, ``len()`` counts them."""

    puzzle: Puzzle
    pieces: PieceSet = field(repr=False)
    found: tuple[Solution, ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.found)

    @overload
    def __getitem__(self, i: int) -> Solution: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Solution, ...]: ...
    def __getitem__(self, i: int | slice) -> Solution | tuple[Solution, ...]:
        return self.found[i]

    def __iter__(self) -> Iterator[Solution]:
        return iter(self.found)

    def rows(self, i: int) -> Picture:
        """Tiling ``i`` drawn in the pieces' code letters."""
        return solution_rows(self.puzzle.figure, self.found[i], self.pieces)

    def pictures(self) -> list[Picture]:
        """Every tiling drawn."""
        return [self.rows(i) for i in range(len(self))]

    def to_json(self) -> dict[str, Any]:
        """``ubongo solve --all --json``: ``{"tilings": N, "solutions": [rows, ...]}``."""
        return {"tilings": len(self), "solutions": self.pictures()}

    def __str__(self) -> str:
        return "\n\n".join("\n".join(rows) for rows in self.pictures())

    def __repr__(self) -> str:
        return f"Solutions({self.puzzle}: {plural(len(self), 'tiling')})"

    def _repr_html_(self) -> str:
        from ubongo.render.svg import solution_svg

        shown = [solution_svg(self.puzzle.figure, sol, self.pieces) for sol in self[:SHOWN_IN_HTML]]
        more = len(self) - len(shown)
        tail = f"<p>... and {plural(more, 'more tiling')}</p>" if more > 0 else ""
        return f"<p>{plural(len(self), 'tiling')}</p><div>{' '.join(shown)}</div>{tail}"


@dataclass(frozen=True)
class Checked:
    """One combination of a set as ``ubongo verify`` checked it."""

    template: str
    side: str
    face: str
    pieces: tuple[str, ...]
    verdict: Verdict = field(repr=False)

    @property
    def solvable(self) -> bool:
        """Whether the combination has a tiling."""
        return self.verdict.solvable

    def to_json(self) -> dict[str, Any]:
        """``{"template", "side", "face", "pieces", "solvable", "tilings"?, "reason"?}``."""
        head = {"template": self.template, "side": self.side, "face": self.face}
        verdict = self.verdict.to_json(solution=False, engine=False)
        return {**head, "pieces": list(self.pieces), **verdict}


@dataclass(frozen=True)
class Verification:
    """Every combination of a set solved (``ubongo verify``); ``problems`` are the structure
    problems ``strict=True`` found (None when not asked)."""

    puzzle_set: PuzzleSet = field(repr=False)
    results: tuple[Checked, ...] = field(repr=False)
    problems: tuple[str, ...] | None = None

    @property
    def name(self) -> str:
        """The set's name."""
        return self.puzzle_set.name

    @property
    def solvable(self) -> int:
        """How many combinations have a tiling."""
        return sum(r.solvable for r in self.results)

    @property
    def unsolvable(self) -> tuple[Checked, ...]:
        """The combinations with no tiling."""
        return tuple(r for r in self.results if not r.solvable)

    @property
    def ok(self) -> bool:
        """Every combination solvable and (when asked) no structure problem: ``verify``'s exit 0."""
        return not self.unsolvable and not self.problems

    def to_json(self) -> dict[str, Any]:
        """``ubongo verify --json``: ``{"set", "combinations", "solvable", "results",
        "problems"?}``."""
        doc: dict[str, Any] = {
            "set": self.name,
            "combinations": len(self.results),
            "solvable": self.solvable,
            "results": [r.to_json() for r in self.results],
        }
        if self.problems is not None:
            doc["problems"] = list(self.problems)
        return doc

    def lines(self) -> list[str]:
        """The summary line, the tilings line when counted, the failures table and, when
        strict, the structure problems: ``ubongo verify``'s text, a line each."""
        out = [f"{printable(self.name)}: {self.solvable}/{len(self.results)} combinations solvable"]
        ns = [r.verdict.tilings for r in self.results if r.solvable]
        counts = [n for n in ns if n is not None]
        if counts:
            out.append(
                f"tilings per solvable combination: min {min(counts)}, mean "
                f"{sum(counts) / len(counts):.2f}, max {max(counts)}; unique: {counts.count(1)}"
            )
        if self.unsolvable:
            out += ["", f"{'template':<9}{'side':<6}{'face':<5}{'pieces':<18}reason"]
            out += [
                printable(
                    f"{r.template:<9}{r.side:<6}{r.face:<5}"
                    f"{' '.join(r.pieces):<18}{r.verdict.reason}"
                )
                for r in self.unsolvable
            ]
        if self.problems is not None:
            many = plural(len(self.problems), "problem")
            out.append(f"strict: {many}" if self.problems else "strict: complete set")
            out += [f"  {printable(p)}" for p in self.problems]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return f"Verification({self.name!r}: {self.solvable}/{len(self.results)} solvable)"

    def _repr_html_(self) -> str:
        from ubongo.render.svg import figure_svg

        parts = [f"<pre>{html.escape(str(self))}</pre>"]
        for r in self.unsolvable:
            side = self.puzzle_set.template(r.template).side(r.side)
            if side is not None:
                title = html.escape(f"{r.template} {r.side} face {r.face}: {' '.join(r.pieces)}")
                parts.append(f"<p>{title}</p>{figure_svg(side.figure)}")
        return "".join(parts)


@dataclass(frozen=True)
class Filters:
    """What ``analyze`` keeps, and where its counting stops."""

    bound: int | None = None  # at most this many tilings (unique is 1)
    required: tuple[str, ...] = ()  # piece names every combination holds
    excluded: tuple[str, ...] = ()  # piece names no combination holds
    shown_cap: int | None = None  # max_tilings

    @classmethod
    def make(
        cls,
        ps: PieceSet,
        unique: bool = False,
        at_most: int | None = None,
        with_pieces: str | Iterable[str] = (),
        without_pieces: str | Iterable[str] = (),
        max_tilings: int | None = None,
    ) -> Filters:
        """The filters of ``analyze``, pieces resolved through ``ps`` (a bad name gets "did you
        mean"); UsageError for a piece both wanted and not."""
        from ubongo._inputs import UsageError, piece_names

        required = tuple(dict.fromkeys(ps[t].name for t in piece_names(with_pieces)))
        excluded = tuple(dict.fromkeys(ps[t].name for t in piece_names(without_pieces)))
        both = [n for n in required if n in excluded]
        if both:
            raise UsageError(f"piece {both[0]} is given both --with and --without")
        bounds = [b for b in (1 if unique else None, at_most) if b is not None]
        return cls(min(bounds, default=None), required, excluded, max_tilings)

    @property
    def cap(self) -> int | None:
        """Where counting stops: past the bound, so a capped count never passes for one within it.

        ``max_tilings=1, unique=True`` counts to 2: a count stopped at 1 could be 1 or more.
        """
        if self.bound is None:
            return self.shown_cap
        return max(self.shown_cap or 0, self.bound + 1)

    def capped(self, tilings: int) -> bool:
        """Whether counting stopped at ``tilings``, so the count is a lower bound."""
        return self.cap is not None and tilings >= self.cap

    def keeps(self, combo: ComboCount) -> bool:
        """Whether ``combo`` passes the tiling bound (the pieces were filtered in the search)."""
        return self.bound is None or combo.tilings <= self.bound

    def note(self) -> str:
        """`` (at most 1 tiling, with I2, without O4)``, or nothing when no filter is on."""
        parts = [f"at most {plural(self.bound, 'tiling')}"] if self.bound is not None else []
        parts += [f"with {n}" for n in self.required] + [f"without {n}" for n in self.excluded]
        return f" ({', '.join(parts)})" if parts else ""

    def to_json(self) -> dict[str, Any] | None:
        """The filters as JSON, or None when no filter is on (the document keeps its shape)."""
        if self.bound is None and not self.required and not self.excluded:
            return None
        return {"at_most": self.bound, "with": list(self.required), "without": list(self.excluded)}


@dataclass(frozen=True)
class Analysis:
    """Every combination of distinct pieces that tiles a figure, with its tiling count, for
    each size searched (``ubongo analyze``)."""

    figure: Figure
    sizes: tuple[int, ...]  # the numbers of pieces searched, as asked
    pieces: PieceSet = field(repr=False)
    found: Mapping[int, tuple[ComboCount, ...]] = field(repr=False)
    filters: Filters = Filters()

    @property
    def combos(self) -> tuple[ComboCount, ...]:
        """Every combination found, size by size, in piece-set order."""
        return tuple(c for n in self.sizes for c in self.found[n])

    def to_json(self) -> dict[str, Any]:
        """``ubongo analyze --json``: ``{"figure", "sizes", "combos", "filters"?}``."""
        out: dict[str, Any] = {
            "figure": self.figure.rows(),
            "sizes": list(self.sizes),
            "combos": [self._combo_json(c) for c in self.combos],
        }
        filters = self.filters.to_json()
        if filters is not None:
            out["filters"] = filters
        return out

    def _combo_json(self, c: ComboCount) -> dict[str, Any]:
        """One combination: pieces, tilings, and ``"capped": true`` for a lower bound."""
        out: dict[str, Any] = {"pieces": list(c.pieces), "tilings": c.tilings}
        if self.filters.capped(c.tilings):
            out["capped"] = True
        return out

    def lines(self) -> list[str]:
        """A heading per size, then one line per combination with its count."""
        out = []
        for n in self.sizes:
            combos = self.found[n]
            out.append(
                f"{plural(len(combos), 'combination')} of {plural(n, 'piece')} tile this "
                f"{self.figure.area}-cell figure{self.filters.note()}"
            )
            out += [f"  {' '.join(c.pieces):<20}{self._tilings_text(c.tilings)}" for c in combos]
        return out

    def _tilings_text(self, tilings: int) -> str:
        """``     1 tiling``, or ``   >=3 tilings`` where counting stopped at the cap."""
        number = f">={tilings}" if self.filters.capped(tilings) else str(tilings)
        return f"{number:>6} {'tiling' if tilings == 1 else 'tilings'}"

    def problem_file(self) -> str:
        """The listing as an ubongo-utils problem file, ordered as that tool's analyzer
        orders it (by code letter, letters sorted within each), so the two compare with diff."""
        from ubongo.puzzles.ubongo_utils import Problem, ProblemFile, format_problem_file

        ps = self.pieces

        def by_code(names: Sequence[str]) -> tuple[str, ...]:
            return tuple(sorted(names, key=lambda name: ps[name].code))

        problems = [
            Problem(by_code(c.pieces), c.tilings, self.filters.capped(c.tilings))
            for c in self.combos
        ]
        problems.sort(key=lambda p: (len(p.pieces), [ps[name].code for name in p.pieces]))
        return format_problem_file(ProblemFile(self.figure, tuple(problems)), ps)

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return f"Analysis({self.figure!r}: {plural(len(self.combos), 'combination')})"

    def _repr_html_(self) -> str:
        from ubongo.render.svg import figure_svg

        return f"{figure_svg(self.figure)}<pre>{html.escape(str(self))}</pre>"


@dataclass(frozen=True)
class Stats:
    """The calibration table of puzzle sets side by side (``ubongo stats``)."""

    sets: tuple[SetStats, ...]
    sources: tuple[str, ...] = field(repr=False)
    published: bool = False

    def headings(self) -> list[str]:
        """The columns' headings: the sets' names, or their sources when two names are the
        same; escaped, as names come from strangers."""
        names = [s.name for s in self.sets]
        unique = len(set(names)) == len(names)
        return [printable(h) for h in (names if unique else self.sources)]

    def to_json(self) -> dict[str, Any]:
        """``ubongo stats --json``: ``{"sets": [...], "published"?}``."""
        from ubongo.generator.stats import published_json

        docs = [{"source": a, **s.to_json()} for a, s in zip(self.sources, self.sets, strict=True)]
        out: dict[str, Any] = {"sets": docs}
        if self.published:
            out["published"] = published_json()
        return out

    def __str__(self) -> str:
        from ubongo.generator.stats import stats_table

        return stats_table(self.sets, self.published, self.headings())

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


@dataclass(frozen=True)
class Scores(Sequence["Outcome"]):
    """Scored sessions (``ubongo score``): each record's outcome, its result when valid, its
    problems when not."""

    outcomes: tuple[Outcome, ...]

    def __len__(self) -> int:
        return len(self.outcomes)

    @overload
    def __getitem__(self, i: int) -> Outcome: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Outcome, ...]: ...
    def __getitem__(self, i: int | slice) -> Outcome | tuple[Outcome, ...]:
        return self.outcomes[i]

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self.outcomes)

    @property
    def valid(self) -> bool:
        """Whether every record was valid (``ubongo score``'s exit 0)."""
        return all(o.valid for o in self.outcomes)

    @property
    def problems(self) -> list[str]:
        """Every problem of every invalid record, as ``ubongo score`` reports them."""
        return [str(p) for o in self.outcomes for p in o.problems]

    def to_json(self) -> list[dict[str, Any]]:
        """``ubongo score --json``: one object per record."""
        from ubongo.scoring.report import result_json

        return [result_json(o) for o in self.outcomes]

    def __str__(self) -> str:
        from ubongo.scoring.report import session_text

        return "\n\n".join(session_text(o) for o in self.outcomes if o.valid)

    def __repr__(self) -> str:
        bad = sum(not o.valid for o in self.outcomes)
        return f"Scores({plural(len(self), 'session')}, {bad} invalid)"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"
