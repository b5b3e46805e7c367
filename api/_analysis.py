"""What ``ubongo.analyze`` returns (``ubongo analyze``).

Each result holds what the command computed and nothing it printed: ``str(result)`` is the
command's text output (without colours), ``result.to_json()`` its ``--json`` document. The
commands print these, so the two cannot drift apart. Drawing imports ``ubongo.render`` (and
``html``) inside ``_repr_svg_`` / ``_repr_html_`` only: a script that never draws never loads it.
One module per command, so that a command loads only its own results (``ubongo verify`` starts
within 4 times a bare Python: bench/bench_startup.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ubongo._text import plural

if TYPE_CHECKING:
    from ubongo.solver.analyze import ComboCount
    from ubongo.solver.figure import Figure
    from ubongo.solver.pieces import PieceSet


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
        import html

        from ubongo.render.svg import figure_svg

        return f"{figure_svg(self.figure)}<pre>{html.escape(str(self))}</pre>"
