"""Puzzle sets as the game has them: templates with two sides, one combination per die face.

Glossary
    PuzzleSet    templates with their pieces and die faces, as in a box of the game.
    Template     a card with an ``easy`` and a ``hard`` Side (a partial transcription may lack one).
    Side         its figures (one on most editions, two on Ubongo 3D's) and its combinations,
                 each answering a die face, or a range of faces, and filling one figure.
    Combination  one puzzle of a set: template id, side, die face and the pieces to use.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ubongo.puzzles.game import DEFAULT_DIE, SIDES, Edition, edition_of, fits, frame_text
from ubongo.solver.cells import components
from ubongo.solver.errors import UbongoError, UnknownName
from ubongo.solver.figure import Figure
from ubongo.solver.lattice import SQUARE
from ubongo.solver.pieces import Piece, PieceSet
from ubongo.solver.puzzle import Puzzle

FORMAT = "ubongo-puzzle-set"
VERSION = 1
"""The version of a set of squares (every set before other lattices: the files stay as they
were); a set on another lattice is version 2 (``VERSIONS``), with its ``lattice``."""
LATTICE_VERSION = 2
VERSIONS = (VERSION, LATTICE_VERSION)


class MissingSide(UbongoError):
    """A combination asked of a side that the template does not have (a partial set)."""

    def __init__(self, set_name: str, template: str, side: str) -> None:
        super().__init__(f"{set_name}: template {template} has no {side} side")
        self.set_name = set_name
        self.template = template
        self.side = side


@dataclass(frozen=True)
class Side:
    """One printed side: its figures and its combinations, each filling one figure.

    Most editions print one figure with one combination per die face, in die order. A side of
    Ubongo 3D prints two figures, each with its own rows of the die table (``on``), and its easy
    side answers ranges of faces (``faces``: ``"5-7"``).
    """

    figure: Figure
    combos: tuple[tuple[str, ...], ...]
    others: tuple[Figure, ...] = ()  # the side's further figures
    on: tuple[int, ...] = ()  # per combination, the figure it fills (0 is ``figure``); () all 0
    faces: tuple[str, ...] = ()  # per combination, its die face or range; () the die in order

    @property
    def figures(self) -> tuple[Figure, ...]:
        """Every figure printed on the side, the first one first."""
        return (self.figure, *self.others)

    def figure_for(self, index: int) -> Figure:
        """The figure the ``index``-th combination fills."""
        return self.figures[self.on[index]] if self.on else self.figure

    def labels(self, die: tuple[str, ...]) -> tuple[str, ...]:
        """The die face (or range of faces) each combination answers, in combination order."""
        return self.faces or die[: len(self.combos)]

    def answering(self, die: tuple[str, ...], face: str) -> int | None:
        """The combination a roll of ``face`` asks for: its own label, or a range holding it."""
        labels = self.labels(die)
        if face in labels:
            return labels.index(face)
        return next((i for i, label in enumerate(labels) if face in face_range(die, label)), None)


def face_range(die: tuple[str, ...], label: str) -> tuple[str, ...]:
    """The die faces a label names: itself, or ``first-last`` in die order (``"5-7"``)."""
    if label in die:
        return (label,)
    first, dash, last = label.partition("-")
    if dash and first in die and last in die and die.index(first) < die.index(last):
        return die[die.index(first) : die.index(last) + 1]
    return ()


@dataclass(frozen=True)
class Template:
    """A template card; either side may be missing in a partial transcription."""

    id: str
    easy: Side | None = None
    hard: Side | None = None

    def side(self, name: str) -> Side | None:
        """The side called ``easy`` or ``hard``."""
        return self.easy if name == "easy" else self.hard


@dataclass(frozen=True)
class Combination:
    """One puzzle of a set, addressed as the game does: template, side, die face."""

    template: str
    side: str
    face: str
    puzzle: Puzzle


@dataclass(frozen=True)
class PuzzleSet:
    """A set of templates with the pieces and die faces they refer to."""

    name: str
    pieces: PieceSet
    die: tuple[str, ...]
    templates: tuple[Template, ...]
    custom_pieces: bool = False
    pieces_name: str | None = None  # a bundled piece set the file names instead of listing
    height: int | None = None  # figures written as footprints this many layers of cubes high

    @property
    def rolled(self) -> bool:
        """Whether a die picks a side's row: not with a die of one face, where the card itself
        names the one row (Trigo, docs/EDITIONS.md), so a printed side shows no die face."""
        return len(self.die) > 1

    def combinations(self) -> Iterator[Combination]:
        """Every combination in set order: template, easy then hard, die order."""
        for t in self.templates:
            for side_name in SIDES:
                side = t.side(side_name)
                if side is None:
                    continue
                labels = side.labels(self.die)
                for i, (face, combo) in enumerate(zip(labels, side.combos, strict=False)):
                    pieces = tuple(self.pieces[n] for n in combo)
                    yield Combination(t.id, side_name, face, Puzzle(side.figure_for(i), pieces))

    @cached_property
    def _by_id(self) -> dict[str, Template]:
        return {t.id: t for t in self.templates}

    def template(self, tid: str) -> Template:
        """The template with this id: exact, else the same number (``7`` is ``07``) or case."""
        found = self._by_id.get(tid)
        if found is None:
            found = next((t for t in self.templates if _same_id(t.id, tid)), None)
        if found is None:
            raise UnknownName(f"template of {self.name}", tid, list(self._by_id))
        return found

    def combination(self, tid: str, side: str, face: str) -> Combination:
        """The combination ``TEMPLATE SIDE FACE``, as the game addresses it (``07 hard 3``)."""
        t = self.template(tid)
        name = side.casefold()
        if name not in SIDES:
            raise UnknownName("side", side, list(SIDES))
        chosen = t.side(name)
        if chosen is None:
            raise MissingSide(self.name, t.id, name)
        index = chosen.answering(self.die, face)
        if index is None:
            faces = chosen.labels(self.die)
            raise UnknownName(f"die face of template {t.id} {name}", face, list(faces))
        pieces = self.pieces.resolve(chosen.combos[index])
        label = chosen.labels(self.die)[index]
        return Combination(t.id, name, label, Puzzle(chosen.figure_for(index), pieces))

    def listing(self) -> list[str]:
        """``NAME: N templates``, then a line per template with the areas of its sides (as
        ``ubongo show`` lists a set)."""

        def cells(n: int) -> str:
            return f"{n} cell" if n == 1 else f"{n} cells"

        def areas(t: Template) -> str:
            return ", ".join(
                f"{n} {' and '.join(str(f.area) for f in s.figures[:-1])}"
                f"{' and ' * bool(s.others)}{cells(s.figures[-1].area)}"
                for n in SIDES
                if (s := t.side(n)) is not None
            )

        many = "template" if len(self.templates) == 1 else "templates"
        return [f"{self.name}: {len(self.templates)} {many}"] + [
            f"  {t.id:<6}{areas(t)}" for t in self.templates
        ]

    def __str__(self) -> str:
        return "\n".join(self.listing())

    def __repr__(self) -> str:
        combos = sum(1 for _ in self.combinations())
        many = "template" if len(self.templates) == 1 else "templates"
        return f"<PuzzleSet {self.name!r}: {len(self.templates)} {many}, {combos} combinations>"

    def _repr_html_(self) -> str:
        from html import escape

        from ubongo.render.svg import sides

        cards = [s.svg(self.pieces) for s in sides(self)]
        return f"<p>{escape(self.listing()[0])}</p><div>{''.join(cards)}</div>"

    def to_json(self) -> dict[str, Any]:
        """The set as a JSON-ready object in the puzzle-set format."""
        lattice = self.pieces.lattice
        flat = lattice is SQUARE
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION if flat else LATTICE_VERSION}
        out["name"] = self.name
        if not flat:
            out["lattice"] = lattice.name
        if self.pieces_name is not None:
            out["pieces"] = self.pieces_name
        elif self.custom_pieces:
            out["pieces"] = {p.name: _piece_json(p) for p in self.pieces.values()}
            if self.pieces.by_face:
                out["pieces_by_face"] = {f: list(n) for f, n in self.pieces.by_face.items()}
        if self.height is not None:
            out["height"] = self.height
        if self.die != DEFAULT_DIE:
            out["die"] = list(self.die)
        out["templates"] = [_template_json(t, self.height, self.die) for t in self.templates]
        return out


def _piece_json(p: Piece) -> dict[str, Any]:
    """A piece as a set file gives it: rows of squares, else its cells (and its colour)."""
    out: dict[str, Any]
    if p.lattice is SQUARE:
        out = {"rows": [r.replace(p.code, "#") for r in p.rows()], "code": p.code}
    else:
        out = {"code": p.code, "cells": sorted(list(c) for c in p.shape)}
    if p.colour is not None:
        out["colour"] = p.colour
    return out


def _template_json(t: Template, height: int | None, die: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": t.id}
    for name in SIDES:
        side = t.side(name)
        if side is not None:
            out[name] = _side_json(side, height, die)
    return out


def _side_json(side: Side, height: int | None, die: tuple[str, ...]) -> dict[str, Any]:
    """A side as the format writes it: ``figure`` and ``combos`` (a list in die order, or an
    object from face to combination when the side names its faces), or ``figures``, one such
    pair per figure."""

    def rows(figure: Figure) -> list[str]:
        return (figure.footprint if height is not None else figure).rows()

    def combos(indices: list[int]) -> list[list[str]] | dict[str, list[str]]:
        if not side.faces:
            return [list(side.combos[i]) for i in indices]
        return {side.faces[i]: list(side.combos[i]) for i in indices}

    if not side.others:
        return {"figure": rows(side.figure), "combos": combos(list(range(len(side.combos))))}
    on = side.on or (0,) * len(side.combos)
    return {
        "figures": [
            {"figure": rows(f), "combos": combos([i for i, k in enumerate(on) if k == n])}
            for n, f in enumerate(side.figures)
        ]
    }


def _same_id(a: str, b: str) -> bool:
    """Template ids that a person would call the same: ``07`` and ``7``, ``A2`` and ``a2``."""
    if _number(a) and _number(b):  # compared as text: int() refuses thousands of digits
        return a.lstrip("0") == b.lstrip("0")
    return a.casefold() == b.casefold()


def _number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²``, which is no card number)."""
    return text.isascii() and text.isdigit()


# --- strict checks ---------------------------------------------------------------------------


def strict_problems(ps: PuzzleSet) -> list[str]:
    """Every way the set differs from a complete box of its edition: sides, die, counts, sizes,
    distinctness (for pieces no edition plays, the checks that hold in every edition)."""
    edition = edition_of(ps.pieces_name, ps.pieces.lattice.name)
    problems: list[str] = []
    seen: dict[tuple[tuple[int, ...], ...], str] = {}
    for t in ps.templates:
        for name in SIDES:
            side = t.side(name)
            where = f"template {t.id} {name}"
            if side is None:
                problems.append(f"{where}: side missing")
                continue
            problems += _side_problems(ps, side, name, where, edition)
            if edition is not None and name not in edition.distinct:
                continue
            for n, figure in enumerate(side.figures, 1):
                key = figure.canonical()
                here = f"{where}, figure {n}" if side.others else where
                if key in seen:
                    problems.append(f"{here}: figure equals {seen[key]} up to rotation/reflection")
                else:
                    seen[key] = here
    return problems


def _side_problems(
    ps: PuzzleSet, side: Side, name: str, where: str, edition: Edition | None
) -> list[str]:
    """What keeps one side from being a side of ``edition`` (or of any edition)."""
    out = []
    labels = side.labels(ps.die)
    answered = [f for label in labels for f in face_range(ps.die, label)]
    if sorted(answered) != sorted(ps.die):
        n, faces = len(side.combos), len(ps.die)
        out.append(
            f"{where}: {n} combination{'s' * (n != 1)} for {faces} die face{'s' * (faces != 1)}"
        )
    elif edition is not None and edition.combos and len(side.combos) != edition.combos[name]:
        out.append(f"{where}: {len(side.combos)} combinations, expected {edition.combos[name]}")
    if edition is not None:
        out += _edition_problems(side, name, where, edition, labels)
    for face, combo in zip(labels, side.combos, strict=False):
        own = ps.pieces.by_face.get(face)
        others = [n for n in combo if own is not None and n not in own]
        if others:
            out.append(f"{where}, face {face}: {', '.join(others)} not among the {face} pieces")
    on = side.on or (0,) * len(side.combos)
    if len({(k, frozenset(c)) for k, c in zip(on, side.combos, strict=True)}) != len(on):
        out.append(f"{where}: two die faces have the same combination")
    want = 1 if edition is None else edition.regions
    for n, figure in enumerate(side.figures, 1):
        parts = len(components(figure.cells, figure.lattice))
        if parts != want:
            what = f"figure{f' {n}' * bool(side.others)}"
            out.append(
                f"{where}: {what} is not connected"
                if want == 1
                else f"{where}: {what} has {parts} region{'s' * (parts != 1)}, expected {want}"
            )
    return out


def _edition_problems(
    side: Side, name: str, where: str, edition: Edition, labels: tuple[str, ...]
) -> list[str]:
    """Counts of a side that differ from the edition's: figures, pieces, frame."""
    out = []
    if len(side.figures) != edition.figures:
        out.append(f"{where}: {len(side.figures)} figures, expected {edition.figures}")
    want = edition.sizes[name]
    for face, combo in zip(labels, side.combos, strict=False):
        if len(combo) != want:
            out.append(f"{where}, face {face}: {len(combo)} pieces, expected {want}")
    for n, figure in enumerate(side.figures, 1):
        flat = figure.footprint if figure.lattice.layered else figure
        if not fits((flat.height, flat.width), edition.frame):
            box = frame_text(edition.frame)
            out.append(f"{where}: figure{f' {n}' * bool(side.others)} does not fit {box}")
    return out
