"""Puzzle data: the puzzle-set format (JSON), batch files (JSON Lines) and the bundled sets.

Glossary
    PuzzleSet    templates with their pieces and die faces, as in a box of the game.
    Template     a card with an ``easy`` and a ``hard`` Side (a partial transcription may lack one).
    Side         one figure and one combination of pieces per die face.
    Combination  one puzzle of a set: template id, side, die face and the pieces to use.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from typing import Any

from solver.errors import UbongoError, UnknownName
from solver.figure import Figure, parse_figure
from solver.pieces import STANDARD, PieceSet
from solver.puzzle import Puzzle

FORMAT = "ubongo-puzzle-set"
VERSION = 1
SIDES = ("easy", "hard")
DEFAULT_DIE = ("1", "2", "3", "4", "5", "6")
PIECES_PER_SIDE = {"easy": 3, "hard": 4}
DEFAULT_SET = "standard"


class PuzzleFormatError(UbongoError):
    """A puzzle or batch file that does not follow the format: where, and what was expected."""

    def __init__(self, source: str, where: str, what: str) -> None:
        super().__init__(f"{source}: {where}: {what}" if where else f"{source}: {what}")
        self.source = source
        self.where = where
        self.what = what


@dataclass(frozen=True)
class Side:
    """One printed side: a figure and one combination per die face (in die order)."""

    figure: Figure
    combos: tuple[tuple[str, ...], ...]


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

    def combinations(self) -> Iterator[Combination]:
        """Every combination in set order: template, easy then hard, die order."""
        for t in self.templates:
            for side_name in SIDES:
                side = t.side(side_name)
                if side is None:
                    continue
                for face, combo in zip(self.die, side.combos, strict=False):
                    pieces = tuple(self.pieces[n] for n in combo)
                    yield Combination(t.id, side_name, face, Puzzle(side.figure, pieces))

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
            raise UbongoError(f"{self.name}: template {t.id} has no {name} side")
        faces = self.die[: len(chosen.combos)]
        if face not in faces:
            raise UnknownName(f"die face of template {t.id} {name}", face, list(faces))
        combo = chosen.combos[faces.index(face)]
        return Combination(t.id, name, face, Puzzle(chosen.figure, self.pieces.resolve(combo)))

    def to_json(self) -> dict[str, Any]:
        """The set as a JSON-ready object in the puzzle-set format."""
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": self.name}
        if self.custom_pieces:
            out["pieces"] = {
                p.name: {"rows": [r.replace(p.code, "#") for r in p.rows()], "code": p.code}
                for p in self.pieces.values()
            }
        if self.die != DEFAULT_DIE:
            out["die"] = list(self.die)
        out["templates"] = [_template_json(t) for t in self.templates]
        return out


def _template_json(t: Template) -> dict[str, Any]:
    out: dict[str, Any] = {"id": t.id}
    for name in SIDES:
        side = t.side(name)
        if side is not None:
            out[name] = {"figure": side.figure.rows(), "combos": [list(c) for c in side.combos]}
    return out


def _repeated(ids: Sequence[str]) -> str | None:
    """The first id that appears twice, in linear time (a set may have 40,000 templates)."""
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            return i
        seen.add(i)
    return None


def _same_id(a: str, b: str) -> bool:
    """Template ids that a person would call the same: ``07`` and ``7``, ``A2`` and ``a2``."""
    if a.isdigit() and b.isdigit():
        return int(a) == int(b)
    return a.casefold() == b.casefold()


# --- reading ---------------------------------------------------------------------------------


def _expect(cond: object, source: str, where: str, what: str) -> None:
    if not cond:
        raise PuzzleFormatError(source, where, what)


def _no_unknown(obj: Mapping[str, Any], allowed: Sequence[str], source: str, where: str) -> None:
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise PuzzleFormatError(
            source, where, f"unknown key {unknown[0]!r}; expected {', '.join(allowed)}"
        )


def _figure(value: Any, source: str, where: str) -> Figure:
    _expect(
        isinstance(value, list)
        and all(isinstance(r, str) for r in value)
        or isinstance(value, str),
        source,
        where,
        "expected a list of row strings",
    )
    try:
        return parse_figure(value)
    except UbongoError as e:
        raise PuzzleFormatError(source, where, str(e)) from None


def _combo(value: Any, pieces: PieceSet, source: str, where: str) -> tuple[str, ...]:
    _expect(
        isinstance(value, list) and value and all(isinstance(n, str) for n in value),
        source,
        where,
        "expected a non-empty list of piece names",
    )
    try:
        return tuple(p.name for p in pieces.resolve(value))
    except UbongoError as e:
        raise PuzzleFormatError(source, where, str(e)) from None


def _side(value: Any, pieces: PieceSet, die: Sequence[str], source: str, where: str) -> Side:
    _expect(
        isinstance(value, Mapping), source, where, 'expected {"figure": [...], "combos": [...]}'
    )
    _no_unknown(value, ["figure", "combos"], source, where)
    _expect("figure" in value, source, where, "missing key 'figure'")
    figure = _figure(value["figure"], source, f"{where}.figure")
    combos = value.get("combos", [])
    _expect(isinstance(combos, list), source, f"{where}.combos", "expected a list of combinations")
    _expect(
        len(combos) <= len(die),
        source,
        f"{where}.combos",
        f"{len(combos)} combinations for {len(die)} die faces",
    )
    return Side(
        figure,
        tuple(_combo(c, pieces, source, f"{where}.combos[{i}]") for i, c in enumerate(combos)),
    )


def _template(
    value: Any, pieces: PieceSet, die: Sequence[str], source: str, where: str
) -> Template:
    _expect(isinstance(value, Mapping), source, where, "expected a template object")
    _no_unknown(value, ["id", *SIDES], source, where)
    tid = value.get("id")
    _expect(
        isinstance(tid, str | int) and not isinstance(tid, bool),
        source,
        f"{where}.id",
        "expected a template id (string)",
    )
    _expect(
        any(s in value for s in SIDES), source, where, "a template needs an easy or a hard side"
    )
    sides = {s: _side(value[s], pieces, die, source, f"{where}.{s}") for s in SIDES if s in value}
    return Template(str(tid), sides.get("easy"), sides.get("hard"))


def parse_set(data: Any, source: str = "<set>") -> PuzzleSet:
    """Check and build a PuzzleSet from the decoded JSON of a puzzle-set file."""
    _expect(isinstance(data, Mapping), source, "", "expected a JSON object")
    _expect(data.get("format") == FORMAT, source, "format", f"expected {FORMAT!r}")
    _expect(data.get("version") == VERSION, source, "version", f"expected {VERSION}")
    _no_unknown(data, ["format", "version", "name", "pieces", "die", "templates"], source, "")
    pieces = STANDARD
    if "pieces" in data:
        _expect(
            isinstance(data["pieces"], Mapping) and data["pieces"],
            source,
            "pieces",
            'expected an object name -> {"rows": [...], "code": "A"}',
        )
        try:
            pieces = PieceSet.from_json(data["pieces"])
        except UbongoError as e:
            raise PuzzleFormatError(source, "pieces", str(e)) from None
    die = data.get("die", list(DEFAULT_DIE))
    _expect(
        isinstance(die, list)
        and die
        and all(isinstance(d, str) for d in die)
        and len(set(die)) == len(die),
        source,
        "die",
        "expected a list of distinct labels",
    )
    templates = data.get("templates")
    _expect(isinstance(templates, list), source, "templates", "expected a list of templates")
    ts = tuple(
        _template(t, pieces, die, source, f"templates[{i}]") for i, t in enumerate(templates)
    )
    dup = _repeated([t.id for t in ts])
    _expect(dup is None, source, "templates", f"template id {dup!r} appears twice")
    name = data.get("name", source)
    _expect(isinstance(name, str), source, "name", "expected a string")
    return PuzzleSet(name, pieces, tuple(die), ts, "pieces" in data)


MAX_DEPTH = 64
"""Deeper JSON than any valid puzzle file (a set nests 5 levels) is refused before decoding."""


def decode_json(text: str, source: str) -> Any:
    """Decode JSON text; a syntax error names its line and column, limits are checked first."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise PuzzleFormatError(source, "", f"JSON nested {depth} deep; at most {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleFormatError(
            source, f"line {e.lineno}, column {e.colno}", f"invalid JSON: {e.msg}"
        ) from None
    except ValueError as e:  # an integer of thousands of digits
        raise PuzzleFormatError(source, "", f"invalid JSON: {e}") from None


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def nesting(text: str) -> int:
    """How deep brackets nest in JSON text, outside strings (a cheap scan, no recursion)."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_pieces(data: Any, source: str) -> PieceSet:
    """The pieces of a puzzle-set document, or of a pieces document ``{name: {"rows", "code"}}``."""
    if isinstance(data, Mapping) and "format" in data:
        return parse_set(data, source).pieces
    _expect(
        isinstance(data, Mapping) and data,
        source,
        "",
        'expected a puzzle set, or pieces {name: {"rows": [...], "code": "A"}}',
    )
    try:
        return PieceSet.from_json(data)
    except UbongoError as e:
        raise PuzzleFormatError(source, "pieces", str(e)) from None


def bundled_names() -> list[str]:
    """The names of the sets shipped with the package, default first."""
    names = sorted(p.name[:-5] for p in files("puzzles").iterdir() if p.name.endswith(".json"))
    return sorted(names, key=lambda n: n != DEFAULT_SET)


def bundled(name: str = DEFAULT_SET) -> PuzzleSet:
    """A puzzle set shipped with the package (``puzzles/NAME.json``)."""
    if name not in bundled_names():
        raise UnknownName("bundled set", name, bundled_names())
    res = files("puzzles").joinpath(f"{name}.json")
    return parse_set(json.loads(res.read_text(encoding="utf-8")), name)


# --- strict checks ---------------------------------------------------------------------------


def strict_problems(ps: PuzzleSet) -> list[str]:
    """Every way the set differs from a complete box: sides, counts, sizes, distinctness."""
    problems: list[str] = []
    seen: dict[tuple[tuple[int, int], ...], str] = {}
    for t in ps.templates:
        for name in SIDES:
            side = t.side(name)
            where = f"template {t.id} {name}"
            if side is None:
                problems.append(f"{where}: side missing")
                continue
            problems += _side_problems(ps, side, name, where)
            key = side.figure.canonical()
            if key in seen:
                problems.append(f"{where}: figure equals {seen[key]} up to rotation/reflection")
            else:
                seen[key] = where
    return problems


def _side_problems(ps: PuzzleSet, side: Side, name: str, where: str) -> list[str]:
    out = []
    if len(side.combos) != len(ps.die):
        out.append(f"{where}: {len(side.combos)} combinations for {len(ps.die)} die faces")
    want = PIECES_PER_SIDE[name]
    for face, combo in zip(ps.die, side.combos, strict=False):
        if len(combo) != want:
            out.append(f"{where} die {face}: {len(combo)} pieces, expected {want}")
    if len({frozenset(c) for c in side.combos}) != len(side.combos):
        out.append(f"{where}: two die faces have the same combination")
    if not side.figure.is_connected():
        out.append(f"{where}: figure is not connected")
    return out


# --- batch files -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BatchItem:
    """One line of a batch file."""

    id: str
    line: int
    puzzle: Puzzle


def parse_batch_line(text: str, line: int, source: str, pieces: PieceSet = STANDARD) -> BatchItem:
    """One ``{"id", "figure", "pieces"}`` JSON Lines record."""
    try:
        obj = decode_json(text, source)
    except PuzzleFormatError as e:  # its "line 1" is this batch line
        where = e.where.replace("line 1", f"line {line}", 1) if e.where else f"line {line}"
        raise PuzzleFormatError(source, where, e.what) from None
    where = f"line {line}"
    _expect(
        isinstance(obj, Mapping), source, where, 'expected an object {"id", "figure", "pieces"}'
    )
    _no_unknown(obj, ["id", "figure", "pieces"], source, where)
    figure = _figure(obj.get("figure"), source, f"{where}: figure")
    names = _combo(obj.get("pieces"), pieces, source, f"{where}: pieces")
    pid = obj.get("id", str(line))
    return BatchItem(str(pid), line, Puzzle(figure, tuple(pieces[n] for n in names)))


def read_batch(
    text: str, source: str, pieces: PieceSet = STANDARD
) -> Iterator[BatchItem | PuzzleFormatError]:
    """Each non-blank line as a BatchItem, or the error that line raises (the rest go on)."""
    for i, ln in enumerate(text.splitlines(), 1):
        if ln.strip():
            try:
                yield parse_batch_line(ln, i, source, pieces)
            except PuzzleFormatError as e:
                yield e
