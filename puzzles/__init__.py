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
import sys
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib.resources import files
from typing import Any, TypeVar

from ubongo.solver.errors import DuplicatePiece, UbongoError, UnknownName, UnknownPiece
from ubongo.solver.figure import Figure, parse_figure
from ubongo.solver.pieces import MAX_PIECES, STANDARD, Piece, PieceSet, piece_from_json
from ubongo.solver.puzzle import Puzzle

FORMAT = "ubongo-puzzle-set"
VERSION = 1
SIDES = ("easy", "hard")
DEFAULT_DIE = ("1", "2", "3", "4", "5", "6")
PIECES_PER_SIDE = {"easy": 3, "hard": 4}
DEFAULT_SET = "standard"


class MissingSide(UbongoError):
    """A combination asked of a side that the template does not have (a partial set)."""

    def __init__(self, set_name: str, template: str, side: str) -> None:
        super().__init__(f"{set_name}: template {template} has no {side} side")
        self.set_name = set_name
        self.template = template
        self.side = side


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
            raise MissingSide(self.name, t.id, name)
        faces = self.die[: len(chosen.combos)]
        if face not in faces:
            raise UnknownName(f"die face of template {t.id} {name}", face, list(faces))
        combo = chosen.combos[faces.index(face)]
        return Combination(t.id, name, face, Puzzle(chosen.figure, self.pieces.resolve(combo)))

    def listing(self) -> list[str]:
        """``NAME: N templates``, then a line per template with the areas of its sides (as
        ``ubongo show`` lists a set)."""

        def cells(n: int) -> str:
            return f"{n} cell" if n == 1 else f"{n} cells"

        def areas(t: Template) -> str:
            return ", ".join(
                f"{n} {cells(s.figure.area)}" for n in SIDES if (s := t.side(n)) is not None
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

        from ubongo.render.svg import side_svg, sides

        cards = [
            side_svg(s.figure, s.combos, self.die, title=s.title, side=s.name, pieces=self.pieces)
            for s in sides(self)
        ]
        return f"<p>{escape(self.listing()[0])}</p><div>{''.join(cards)}</div>"

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


def _same_id(a: str, b: str) -> bool:
    """Template ids that a person would call the same: ``07`` and ``7``, ``A2`` and ``a2``."""
    if _number(a) and _number(b):  # compared as text: int() refuses thousands of digits
        return a.lstrip("0") == b.lstrip("0")
    return a.casefold() == b.casefold()


def _number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also takes ``²``, which is no card number)."""
    return text.isascii() and text.isdigit()


# --- reading ---------------------------------------------------------------------------------

MAX_PROBLEMS = 50
"""The most problems one report lists; the rest are counted in a last line."""
MAX_NUMBER_ID = 999_999
"""The largest template id given as a number (ids are card numbers)."""
MAX_LABEL = 64
"""The longest template id or die label, in characters."""
_CLIP = 40
TOP_KEYS = ("format", "version", "name", "pieces", "die", "templates")
TEMPLATE_KEYS = ("id", *SIDES)
SIDE_KEYS = ("figure", "combos")


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


class _Place:
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

    def at_template(self, position: int, tid: str | None = None) -> _Place:
        """The template at this 1-based position, known by ``tid`` when it has a usable id."""
        return _Place(self.found, self.source, tid, position)

    def at_side(self, side: str) -> _Place:
        """One side of this template."""
        return _Place(self.found, self.source, self.template, self.position, side)

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


def _clip(token: str) -> str:
    """A token short enough to quote in a message and to compare for "did you mean"."""
    return token if len(token) <= _CLIP else token[:_CLIP] + "..."


def _unknown_keys(obj: Mapping[str, Any], allowed: Sequence[str], at: _Place) -> bool:
    """Note each key not in ``allowed``, with the allowed key it is nearest to; any noted?"""
    unknown = [key for key in obj if key not in allowed]
    for key in unknown:
        at.add("", str(UnknownName("key", _clip(key), allowed)))
    return bool(unknown)


def _is_int(value: Any) -> bool:
    """A JSON number that is whole; ``true`` is no number, though Python has True == 1."""
    return isinstance(value, int) and not isinstance(value, bool)


def _label(value: Any) -> bool:
    """A usable id or die label: short printable text with no spaces around it."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_LABEL
        and value.isprintable()
        and value == value.strip()
    )


def _template_id(value: Any) -> str | None:
    """The template id a JSON value gives, or None when it is no usable id."""
    if _is_int(value) and 0 <= value <= MAX_NUMBER_ID:
        return str(value)
    return value if _label(value) else None


class _Reader:
    """Reads templates, figures and combinations, reusing those it has read already.

    A set repeats figures and combinations; reading each distinct one once keeps a large set
    fast and its figures shared.
    """

    def __init__(self, pieces: PieceSet | None, die: Sequence[str] | None) -> None:
        self.pieces = pieces
        self.die = die
        self._figures: dict[str | tuple[str, ...], Figure | str] = {}
        self._combos: dict[tuple[str, ...], tuple[tuple[str, ...], list[str]]] = {}
        self._ids: dict[str, int] = {}

    def template(self, value: Any, at: _Place, position: int) -> Template | None:
        """A template, or None after noting its problems."""
        at = at.at_template(position)
        if not at.check(isinstance(value, Mapping), "", 'expected {"id", "easy", "hard"}'):
            return None
        tid = self._id(value, at)
        at = at.at_template(position, tid)
        misspelt = _unknown_keys(value, TEMPLATE_KEYS, at)  # a side named "hrad" is no news
        if not misspelt:
            at.check(any(s in value for s in SIDES), "", "a template needs an easy or a hard side")
        sides = {s: self.side(value[s], at.at_side(s)) for s in SIDES if s in value}
        if tid is None or any(s is None for s in sides.values()):
            return None
        return Template(tid, sides.get("easy"), sides.get("hard"))

    def _id(self, value: Mapping[str, Any], at: _Place) -> str | None:
        """The template's id, checked to be usable and not taken by an earlier template."""
        raw = value.get("id")
        tid = _template_id(raw)
        if tid is None:
            at.add(
                "id",
                "missing"
                if raw is None
                else "expected text (at most "
                f"{MAX_LABEL} printable characters) or a number from 0 to {MAX_NUMBER_ID}",
            )
            return None
        first = self._ids.setdefault(tid, at.position or 0)
        if first != at.position:
            at.at_template(at.position or 0, tid).add(
                "id", f"{tid!r} is also the id of template {first}; ids must be unique"
            )
        return tid

    def side(self, value: Any, at: _Place) -> Side | None:
        """One side of a template, or None after noting its problems."""
        if not at.check(
            isinstance(value, Mapping), "", 'expected {"figure": [...], "combos": [...]}'
        ):
            return None
        _unknown_keys(value, SIDE_KEYS, at)
        figure = self.figure(value["figure"], at) if "figure" in value else None
        if "figure" not in value:
            at.add("", "missing key 'figure'")
        combos = value.get("combos", [])
        if not at.check(isinstance(combos, list), "combos", "expected a list of combinations"):
            return None
        if self.die is not None and len(combos) > len(self.die):
            at.add("combos", f"{len(combos)} combinations for {len(self.die)} die faces")
        read = [self.combo(c, at, "", i) for i, c in enumerate(combos)]
        if figure is None or any(c is None for c in read):
            return None
        return Side(figure, tuple(c for c in read if c is not None))

    def figure(self, value: Any, at: _Place, field: str = "figure") -> Figure | None:
        """A figure from rows or ``/``-joined text, or None after noting its problem."""
        found = _cached(self._figures, value)
        if found is None:
            if not (
                isinstance(value, str)
                or isinstance(value, list)
                and all(isinstance(r, str) for r in value)
            ):
                at.add(field, "expected a list of row strings")
                return None
            try:
                found = parse_figure(value)
            except UbongoError as e:
                found = str(e)
            self._figures[value if isinstance(value, str) else tuple(value)] = found
        if isinstance(found, str):
            at.add(field, found)
            return None
        return found

    def combo(
        self, value: Any, at: _Place, field: str, index: int | None
    ) -> tuple[str, ...] | None:
        """Piece names from names or codes, or None after noting every bad one."""
        found = _cached(self._combos, value)
        if found is None:
            if not (isinstance(value, list) and value and all(isinstance(n, str) for n in value)):
                at.add(field, "expected a non-empty list of piece names", self._face(index))
                return None
            if self.pieces is None:  # the set's piece definitions are wrong: already reported
                return None
            found = self._combos[tuple(value)] = _resolve(self.pieces, value)
        names, errors = found
        for what in errors:
            at.add(field, what, self._face(index))
        return None if errors else names

    def _face(self, index: int | None) -> str | None:
        """The die face of the ``index``-th combination (its number when the die is unknown)."""
        if index is None:
            return None
        return self.die[index] if self.die is not None and index < len(self.die) else str(index + 1)


_T = TypeVar("_T")


def _cached(cache: Mapping[Any, _T], value: Any) -> _T | None:
    """What ``cache`` holds for a JSON list (as a tuple) or string, if anything.

    Only lists of strings and strings are ever stored, so a hit is a value already checked.
    """
    try:
        return cache.get(tuple(value) if isinstance(value, list) else value)
    except TypeError:  # a list holding lists or objects: unhashable, so never stored
        return None


def _resolve(pieces: PieceSet, tokens: Sequence[str]) -> tuple[tuple[str, ...], list[str]]:
    """The names of the pieces ``tokens`` name, and what is wrong with each bad token."""
    names: list[str] = []
    errors: list[str] = []
    for token in tokens:
        try:
            name = pieces[token].name
        except UnknownName:
            errors.append(str(UnknownPiece(_clip(token), list(pieces))))
            continue
        if name in names:
            errors.append(str(DuplicatePiece(name)))
        names.append(name)
    return tuple(names), errors


def parse_set(data: Any, source: str = "<set>") -> PuzzleSet:
    """Check and build a PuzzleSet from the decoded JSON of a puzzle-set file.

    Every problem is found before any is raised: one SetProblems names them all.
    """
    found: list[Problem] = []
    ps = _read_set(data, _Place(found, source))
    if ps is None or found:
        raise SetProblems(source, found)
    return ps


def _read_set(data: Any, at: _Place) -> PuzzleSet | None:
    """The set, or None; its problems are noted at ``at``."""
    if not at.check(isinstance(data, Mapping), "", "expected a JSON object"):
        return None
    # Another kind of file, or another version: its other keys would only give noise.
    if not at.check(data.get("format") == FORMAT, "format", f"expected {FORMAT!r}"):
        return None
    version = data.get("version")
    if not at.check(_is_int(version) and version == VERSION, "version", f"expected {VERSION}"):
        return None
    _unknown_keys(data, TOP_KEYS, at)
    name = data.get("name", at.source)
    at.check(isinstance(name, str), "name", "expected a string")
    pieces = _read_pieces(data["pieces"], at, "pieces") if "pieces" in data else STANDARD
    die = _read_die(data.get("die", list(DEFAULT_DIE)), at)
    templates = data.get("templates")
    if not at.check(isinstance(templates, list), "templates", "expected a list of templates"):
        return None
    reader = _Reader(pieces, die)
    ts = [reader.template(t, at, i) for i, t in enumerate(templates, 1)]
    if at.found or pieces is None or die is None:
        return None
    return PuzzleSet(name, pieces, die, tuple(t for t in ts if t is not None), "pieces" in data)


def _read_die(value: Any, at: _Place) -> tuple[str, ...] | None:
    """The die's face labels, or None after noting what is wrong with them."""
    if not at.check(
        isinstance(value, list) and value, "die", "expected a non-empty list of distinct labels"
    ):
        return None
    ok = True
    seen: set[str] = set()
    for i, label in enumerate(value, 1):
        if not _label(label):
            at.add("die", f"face {i}: expected a label of at most {MAX_LABEL} printable characters")
            ok = False
        elif label in seen:
            at.add("die", f"label {label!r} appears twice; expected a list of distinct labels")
            ok = False
        else:
            seen.add(label)
    return tuple(value) if ok else None


def _read_pieces(value: Any, at: _Place, field: str) -> PieceSet | None:
    """Custom pieces, or None after noting every bad definition."""
    if not at.check(
        isinstance(value, Mapping) and value,
        field,
        'expected an object name -> {"rows": [...], "code": "A"}',
    ):
        return None
    if not at.check(
        len(value) <= MAX_PIECES, field, f"{len(value)} pieces; a set holds at most {MAX_PIECES}"
    ):
        return None
    pieces: list[Piece] = []
    codes: dict[str, str] = {}
    for name, spec in value.items():
        try:
            piece = PieceSet([piece_from_json(name, spec)])[name]  # one piece's own checks
        except UbongoError as e:
            at.add(field, str(e))
            continue
        if piece.code in codes:
            at.add(
                field, f"piece {name}: code {piece.code!r} is also the code of {codes[piece.code]}"
            )
            continue
        codes[piece.code] = name
        pieces.append(piece)
    return PieceSet(pieces) if len(pieces) == len(value) else None


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
    except ValueError:  # an integer of thousands of digits
        raise PuzzleFormatError(source, "", _LONG_NUMBER) from None


_LONG_NUMBER = f"invalid JSON: a number of more than {sys.get_int_max_str_digits()} digits"

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
    found: list[Problem] = []
    at = _Place(found, source)
    if not at.check(
        isinstance(data, Mapping) and data,
        "",
        'expected a puzzle set, or pieces {name: {"rows": [...], "code": "A"}}',
    ):
        raise SetProblems(source, found)
    pieces = _read_pieces(data, at, "")
    if pieces is None or found:
        raise SetProblems(source, found)
    return pieces


def bundled_names() -> list[str]:
    """The names of the sets shipped with the package, default first."""
    names = sorted(
        p.name[:-5] for p in files("ubongo.puzzles").iterdir() if p.name.endswith(".json")
    )
    return sorted(names, key=lambda n: n != DEFAULT_SET)


def bundled(name: str = DEFAULT_SET) -> PuzzleSet:
    """A puzzle set shipped with the package (``puzzles/NAME.json``)."""
    if name not in bundled_names():
        raise UnknownName("bundled set", name, bundled_names())
    res = files("ubongo.puzzles").joinpath(f"{name}.json")
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
        n, faces = len(side.combos), len(ps.die)
        out.append(
            f"{where}: {n} combination{'s' * (n != 1)} for {faces} die face{'s' * (faces != 1)}"
        )
    want = PIECES_PER_SIDE[name]
    for face, combo in zip(ps.die, side.combos, strict=False):
        if len(combo) != want:
            out.append(f"{where}, face {face}: {len(combo)} pieces, expected {want}")
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


def parse_batch_line(
    text: str,
    line: int,
    source: str,
    pieces: PieceSet = STANDARD,
    reader: BatchReader | None = None,
) -> BatchItem:
    """One ``{"id", "figure", "pieces"}`` JSON Lines record; its problems all in one line.

    A ``reader`` from :func:`batch_reader` carries figures and combinations from line to line.
    """
    obj = _batch_json(text, line, source)
    found: list[Problem] = []
    at = _Place(found, source, line=line)
    if not at.check(isinstance(obj, Mapping), "", 'expected an object {"id", "figure", "pieces"}'):
        raise SetProblems(source, found)
    _unknown_keys(obj, BATCH_KEYS, at)
    reader = reader if reader is not None and reader.pieces is pieces else batch_reader(pieces)
    figure = reader.figure(obj.get("figure"), at)
    names = reader.combo(obj.get("pieces"), at, "pieces", None)
    if figure is None or names is None or found:
        raise SetProblems(source, found, sep="; also ")  # one line per batch line
    pid = obj.get("id", str(line))
    return BatchItem(str(pid), line, Puzzle(figure, tuple(pieces[n] for n in names)))


BatchReader = _Reader
_K = TypeVar("_K")
_V = TypeVar("_V")


class _Recent(OrderedDict[_K, _V]):
    """A dict that keeps only its ``size`` most recently used entries (an LRU cache)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get(self, key: _K, default: Any = None) -> Any:
        """The value of ``key`` (now the most recently used), or ``default``."""
        if key in self:
            self.move_to_end(key)
            return self[key]
        return default

    def __setitem__(self, key: _K, value: _V) -> None:
        super().__setitem__(key, value)
        if len(self) > self.size:
            self.popitem(last=False)


BATCH_CACHE = 1024
"""Figures and combinations a batch reader keeps: a set's puzzles repeat each figure six
times and a batch is often in set order, while a million-line file must not grow memory."""


def batch_reader(pieces: PieceSet = STANDARD, size: int = BATCH_CACHE) -> BatchReader:
    """A reader for the lines of one batch: each distinct figure and combination is parsed
    and checked once while it is among the ``size`` most recently seen."""
    reader = _Reader(pieces, None)
    reader._figures = _Recent(size)
    reader._combos = _Recent(size)
    return reader


BATCH_KEYS = ("id", "figure", "pieces")


def _batch_json(text: str, line: int, source: str) -> Any:
    """A batch line's JSON; a syntax error names the column."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        # no deeper than it has brackets: the nesting scan, a second pass over every line, is
        # only needed past MAX_DEPTH brackets; a bad line is decoded again to name the error
        try:
            return json.loads(text)
        except ValueError:
            pass
    try:
        return decode_json(text, source)
    except PuzzleFormatError as e:  # its "line 1" is this batch line
        where = e.where.replace("line 1", f"line {line}", 1) if e.where else f"line {line}"
        raise PuzzleFormatError(source, where, e.what) from None


def read_batch(
    text: str, source: str, pieces: PieceSet = STANDARD
) -> Iterator[BatchItem | PuzzleFormatError]:
    """Each non-blank line as a BatchItem, or the error that line raises (the rest go on).

    Lines end at ``\n`` only: a U+2028 inside a JSON string belongs to its line."""
    for i, ln in enumerate(text.split("\n"), 1):
        if ln.strip():
            try:
                yield parse_batch_line(ln, i, source, pieces)
            except PuzzleFormatError as e:
                yield e
