"""Problems found in a puzzle or batch file, named as the game names places: template, side, face.

Reading a file notes every problem before raising any: one SetProblems lists them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ubongo.solver.errors import UbongoError, UnknownName

MAX_PROBLEMS = 50
"""The most problems one report lists; the rest are counted in a last line."""
CLIP = 40
"""The longest token quoted in a message; longer ones are cut with ``...``."""


class PuzzleFormatError(UbongoError):
    """A puzzle or batch file that does not follow the format: where, and what was expected."""

    def __init__(self, source: str, where: str, what: str) -> None:
        super().__init__(f"{source}: {where}: {what}" if where else f"{source}: {what}")
        self.source = source
        self.where = where
        self.what = what


@dataclass(frozen=True)
class Problem:
    """One mistake in a set or batch file, named as the game names it: template, side, face."""

    source: str
    template: str | None
    side: str | None
    face: str | None
    field: str
    what: str
    position: int | None = None  # the template's 1-based place, shown when its id is bad
    line: int | None = None  # a batch file's line

    @property
    def where(self) -> str:
        """``A2 easy, face 5: field``, ``template 4 (no id)``, ``line 3: pieces``, or the field."""
        place = self.template or (f"template {self.position} (no id)" if self.position else "")
        if self.side:
            place = f"{place} {self.side}"
        if self.face is not None:
            place = f"{place}, face {self.face}"
        if self.line is not None:
            place = f"line {self.line}"
        return ": ".join(p for p in (place, self.field) if p)

    def __str__(self) -> str:
        return ": ".join(p for p in (self.source, self.where, self.what) if p)


class SetProblems(PuzzleFormatError):
    """Every problem found in one file; ``where`` and ``what`` are the first one's."""

    def __init__(self, source: str, problems: Sequence[Problem], sep: str = "\n") -> None:
        UbongoError.__init__(self, report(source, problems, sep))
        self.source = source
        self.problems = list(problems)
        self.where = problems[0].where
        self.what = problems[0].what


def report(source: str, problems: Sequence[Problem], sep: str = "\n") -> str:
    """One line per problem, at most MAX_PROBLEMS of them, then how many more there are."""
    lines = [str(p) for p in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        lines.append(f"{source}: ... and {len(problems) - MAX_PROBLEMS} more problems")
    return sep.join(lines)


class Place:
    """Where checking is now in a file: the name a problem found here goes by."""

    __slots__ = ("found", "source", "template", "position", "side", "line")

    def __init__(
        self,
        found: list[Problem],
        source: str,
        template: str | None = None,
        position: int | None = None,
        side: str | None = None,
        line: int | None = None,
    ) -> None:
        self.found = found
        self.source = source
        self.template = template
        self.position = position
        self.side = side
        self.line = line

    def at_template(self, position: int, tid: str | None = None) -> Place:
        """The template at this 1-based position, known by ``tid`` when it has a usable id."""
        return Place(self.found, self.source, tid, position)

    def at_side(self, side: str) -> Place:
        """One side of this template."""
        return Place(self.found, self.source, self.template, self.position, side)

    def add(self, field: str, what: str, face: str | None = None) -> None:
        """Note a problem here (at ``face`` of this side when given)."""
        self.found.append(
            Problem(
                self.source, self.template, self.side, face, field, what, self.position, self.line
            )
        )

    def check(self, ok: object, field: str, what: str) -> bool:
        """Whether ``ok`` holds; when it does not, note the problem."""
        if not ok:
            self.add(field, what)
        return bool(ok)


def clip(token: str) -> str:
    """A token short enough to quote in a message and to compare for "did you mean"."""
    return token if len(token) <= CLIP else token[:CLIP] + "..."


def unknown_keys(
    obj: Mapping[str, Any], allowed: Sequence[str], at: Place, field: str = ""
) -> bool:
    """Note each key not in ``allowed``, with the allowed key it is nearest to; any noted?"""
    unknown = [key for key in obj if key not in allowed]
    for key in unknown:
        at.add(field, str(UnknownName("key", clip(key), allowed)))
    return bool(unknown)
