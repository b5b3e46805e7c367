"""Reading the puzzle-set format (docs/FORMAT.md): every problem noted before any is raised."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ubongo.puzzles.game import DEFAULT_DIE, SIDES
from ubongo.puzzles.problems import Place, Problem, SetProblems, clip, unknown_keys
from ubongo.puzzles.sets import FORMAT, VERSIONS, PuzzleSet, Side, Template, face_range
from ubongo.solver.errors import DuplicatePiece, UbongoError, UnknownName, UnknownPiece
from ubongo.solver.figure import Figure, parse_figure
from ubongo.solver.lattice import LATTICES, SQUARE, Lattice
from ubongo.solver.pieces import MAX_PIECES, STANDARD, Piece, PieceSet, piece_from_json

MAX_NUMBER_ID = 999_999
"""The largest template id given as a number (ids are card numbers)."""
MAX_LABEL = 64
"""The longest template id or die label, in characters."""
TOP_KEYS = (
    "format",
    "version",
    "name",
    "lattice",
    "pieces",
    "pieces_by_face",
    "height",
    "die",
    "templates",
)
TEMPLATE_KEYS = ("id", *SIDES)
SIDE_KEYS = ("figure", "combos")
SIDES_KEYS = ("figures",)


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


Printed = tuple[Figure, tuple[tuple[str, ...], ...], tuple[str, ...]]
"""A figure of a side, its combinations and their faces (none when the die order gives them)."""


class Reader:
    """Reads templates, figures and combinations, reusing those it has read already.

    A set repeats figures and combinations; reading each distinct one once keeps a large set
    fast and its figures shared.
    """

    def __init__(
        self, pieces: PieceSet | None, die: Sequence[str] | None, height: int | None = None
    ) -> None:
        self.pieces = pieces
        self.die = tuple(die) if die is not None else None
        self.height = height  # figures are footprints this many layers of cubes high
        self.lattice = None if pieces is None or pieces.lattice is SQUARE else pieces.lattice
        self._figures: dict[str | tuple[str, ...], Figure | str] = {}
        self._combos: dict[tuple[str, ...], tuple[tuple[str, ...], list[str]]] = {}
        self._ids: dict[str, int] = {}

    def template(self, value: Any, at: Place, position: int) -> Template | None:
        """A template, or None after noting its problems."""
        at = at.at_template(position)
        if not at.check(isinstance(value, Mapping), "", 'expected {"id", "easy", "hard"}'):
            return None
        tid = self._id(value, at)
        at = at.at_template(position, tid)
        misspelt = unknown_keys(value, TEMPLATE_KEYS, at)  # a side named "hrad" is no news
        if not misspelt:
            at.check(any(s in value for s in SIDES), "", "a template needs an easy or a hard side")
        sides = {s: self.side(value[s], at.at_side(s)) for s in SIDES if s in value}
        if tid is None or any(s is None for s in sides.values()):
            return None
        return Template(tid, sides.get("easy"), sides.get("hard"))

    def _id(self, value: Mapping[str, Any], at: Place) -> str | None:
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

    def side(self, value: Any, at: Place) -> Side | None:
        """One side of a template, or None after noting its problems."""
        if not at.check(
            isinstance(value, Mapping), "", 'expected {"figure": [...], "combos": [...]}'
        ):
            return None
        if "figures" in value:
            return self._figures_side(value, at)
        unknown_keys(value, (*SIDE_KEYS, *SIDES_KEYS), at)
        read = self._printed(value, at, 0)
        if read is None:
            return None
        figure, combos, faces = read
        return Side(figure, combos, faces=faces)

    def _figures_side(self, value: Mapping[str, Any], at: Place) -> Side | None:
        """A side that prints several figures, each with its rows of the die table."""
        unknown_keys(value, SIDES_KEYS, at)
        listed = value["figures"]
        if not at.check(
            isinstance(listed, list) and listed and all(isinstance(f, Mapping) for f in listed),
            "figures",
            'expected a list of {"figure": [...], "combos": ...}',
        ):
            return None
        read: list[Printed | None] = []
        for n, printed in enumerate(listed, 1):
            unknown_keys(printed, SIDE_KEYS, at, f"figures[{n}]")
            read.append(self._printed(printed, at, sum(len(r[1]) for r in read if r), f"{n}"))
        if any(r is None for r in read):
            return None
        parts = [r for r in read if r is not None]
        named = [bool(r[2]) for r in parts]
        if not at.check(
            all(named) or not any(named),
            "figures",
            "expected every figure's combos as a list, or every one as an object of faces",
        ):
            return None
        figures = [r[0] for r in parts]
        on = tuple(n for n, r in enumerate(parts) for _ in r[1])
        combos = tuple(c for r in parts for c in r[1])
        faces = tuple(f for r in parts for f in r[2])
        if not self._faces_once(faces or self._die_labels(len(combos)), at):
            return None
        return Side(figures[0], combos, tuple(figures[1:]), on, faces)

    def _printed(
        self, value: Mapping[str, Any], at: Place, start: int, which: str = ""
    ) -> Printed | None:
        """A figure and its combinations (their faces when named), or None after noting why.

        ``start`` is the die position of the first combination, for lists that go on from an
        earlier figure's; ``which`` numbers the figure in messages.
        """
        field = f"figures[{which}]." if which else ""
        figure = self.figure(value["figure"], at, field + "figure") if "figure" in value else None
        if "figure" not in value:
            at.add(field.rstrip("."), "missing key 'figure'")
        combos = value.get("combos", [])
        faces: tuple[str, ...] = ()
        if isinstance(combos, Mapping):
            faces = tuple(combos)
            combos = list(combos.values())
            if not all(self._face_label(f, at, field + "combos") for f in faces):
                return None
        elif not at.check(
            isinstance(combos, list),
            field + "combos",
            "expected a list of combinations, or an object from die face to combination",
        ):
            return None
        if not faces and self.die is not None and start + len(combos) > len(self.die):
            at.add(
                field + "combos",
                f"{start + len(combos)} combinations for {len(self.die)} die faces",
            )
        if faces and not which and not self._faces_once(faces, at):
            return None
        read = [
            self.combo(c, at, field.rstrip("."), i, faces[i - start] if faces else None)
            for i, c in enumerate(combos, start)
        ]
        if figure is None or any(c is None for c in read):
            return None
        return figure, tuple(c for c in read if c is not None), faces

    def _face_label(self, label: str, at: Place, field: str) -> bool:
        """Whether ``label`` names a die face or a range ``first-last`` of them (noted if not)."""
        if self.die is None or face_range(self.die, label):
            return True
        at.add(
            field,
            f"face {clip(label)!r}: expected a die face or a range such as "
            f"'{self.die[0]}-{self.die[-1]}'",
        )
        return False

    def _die_labels(self, n: int) -> tuple[str, ...]:
        return self.die[:n] if self.die is not None else ()

    def _faces_once(self, labels: tuple[str, ...], at: Place) -> bool:
        """Whether no die face is answered by two combinations of the side (noted if it is)."""
        if self.die is None:
            return True
        seen: dict[str, str] = {}
        for label in labels:
            for face in face_range(self.die, label):
                if face in seen:
                    at.add("combos", f"die face {face} is answered by {seen[face]!r} and {label!r}")
                    return False
                seen[face] = label
        return True

    def figure(self, value: Any, at: Place, field: str = "figure") -> Figure | None:
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
                found = parse_figure(value, height=self.height, lattice=self.lattice)
            except UbongoError as e:
                found = str(e)
            self._figures[value if isinstance(value, str) else tuple(value)] = found
        if isinstance(found, str):
            at.add(field, found)
            return None
        return found

    def combo(
        self, value: Any, at: Place, field: str, index: int | None, face: str | None = None
    ) -> tuple[str, ...] | None:
        """Piece names from names or codes, or None after noting every bad one."""
        found = _cached(self._combos, value)
        if found is None:
            if not (isinstance(value, list) and value and all(isinstance(n, str) for n in value)):
                at.add(field, "expected a non-empty list of piece names", face or self._face(index))
                return None
            if self.pieces is None:  # the set's piece definitions are wrong: already reported
                return None
            found = self._combos[tuple(value)] = _resolve(self.pieces, value)
        names, errors = found
        for what in errors:
            at.add(field, what, face or self._face(index))
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
            errors.append(str(UnknownPiece(clip(token), list(pieces))))
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
    ps = _read_set(data, Place(found, source))
    if ps is None or found:
        raise SetProblems(source, found)
    return ps


def _read_set(data: Any, at: Place) -> PuzzleSet | None:
    """The set, or None; its problems are noted at ``at``."""
    if not at.check(isinstance(data, Mapping), "", "expected a JSON object"):
        return None
    # Another kind of file, or another version: its other keys would only give noise.
    if not at.check(data.get("format") == FORMAT, "format", f"expected {FORMAT!r}"):
        return None
    version = data.get("version")
    versions = " or ".join(map(str, VERSIONS))
    if not at.check(_is_int(version) and version in VERSIONS, "version", f"expected {versions}"):
        return None
    unknown_keys(data, TOP_KEYS, at)
    name = data.get("name", at.source)
    at.check(isinstance(name, str), "name", "expected a string")
    lattice = _read_lattice(data, version, at)
    named = data.get("pieces") if isinstance(data.get("pieces"), str) else None
    pieces = _set_pieces(data, lattice, at)
    if pieces is not None and "pieces_by_face" in data:
        pieces = _by_face(pieces, data["pieces_by_face"], at)
    height = data.get("height")
    if height is not None and not at.check(
        _is_int(height) and 1 <= height <= MAX_HEIGHT and lattice is not None and lattice.layered,
        "height",
        f"expected 1 to {MAX_HEIGHT} layers, on a lattice of cubes",
    ):
        return None
    die = _read_die(data.get("die", list(DEFAULT_DIE)), at)
    templates = data.get("templates")
    if not at.check(isinstance(templates, list), "templates", "expected a list of templates"):
        return None
    reader = Reader(pieces, die, height)
    ts = [reader.template(t, at, i) for i, t in enumerate(templates, 1)]
    if at.found or pieces is None or die is None:
        return None
    kept = tuple(t for t in ts if t is not None)
    return PuzzleSet(name, pieces, die, kept, "pieces" in data, named, height)


MAX_HEIGHT = 64
"""The most layers a set's ``height`` may stack."""


def _read_lattice(data: Mapping[str, Any], version: int, at: Place) -> Lattice | None:
    """The set's lattice: squares unless a version 2 file names another."""
    value = data.get("lattice", "square")
    if value != "square" and not at.check(
        version == 2, "lattice", "expected version 2 for a lattice other than squares"
    ):
        return None
    if not at.check(value in LATTICES, "lattice", f"expected one of {', '.join(LATTICES)}"):
        return None
    return LATTICES[value]


def _set_pieces(data: Mapping[str, Any], lattice: Lattice | None, at: Place) -> PieceSet | None:
    """The set's pieces: the 12 Ubongo pieces, the ones it lists, or a bundled piece set's."""
    if lattice is None:
        return None
    value = data.get("pieces")
    if value is None:
        at.check(lattice is SQUARE, "pieces", f"expected the pieces of a {lattice} set")
        return STANDARD if lattice is SQUARE else None
    found: PieceSet | None
    if isinstance(value, str):
        from ubongo.puzzles.bundles import bundled_piece_names, bundled_pieces  # reads sets too

        if not at.check(
            value in bundled_piece_names(),
            "pieces",
            f"expected a bundled piece set ({', '.join(bundled_piece_names())}) or pieces",
        ):
            return None
        found = bundled_pieces(value)
    else:
        found = _read_pieces(value, at, "pieces", lattice)
    if found is not None and not at.check(
        found.lattice is lattice, "pieces", f"expected pieces on the {lattice} lattice"
    ):
        return None
    return found


def _read_die(value: Any, at: Place) -> tuple[str, ...] | None:
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


def _pieces_document(data: Mapping[str, Any], source: str) -> PieceSet:
    """The pieces of a pieces document, every problem in it named."""
    found: list[Problem] = []
    at = Place(found, source)
    at.check(data.get("version") == PIECES_VERSION, "version", f"expected {PIECES_VERSION}")
    lattice = data.get("lattice", "square")
    known = at.check(lattice in LATTICES, "lattice", f"expected one of {', '.join(LATTICES)}")
    pieces = _read_pieces(data.get("pieces"), at, "pieces", LATTICES[lattice] if known else None)
    if pieces is not None and "pieces_by_face" in data:
        pieces = _by_face(pieces, data["pieces_by_face"], at)
    if pieces is None or found:
        raise SetProblems(source, found)
    return pieces


def _by_face(pieces: PieceSet, value: Any, at: Place) -> PieceSet | None:
    """The pieces with each die face's own (``pieces_by_face``), or None after noting what is
    wrong: an object from face to a non-empty list of distinct names of the pieces (names as
    written: a file says which piece it means)."""
    field = "pieces_by_face"
    if not at.check(
        isinstance(value, Mapping) and value, field, 'expected an object face -> ["A", ...]'
    ):
        return None
    for face, names in value.items():
        where = f"{field}.{clip(face)}"
        if not at.check(_label(face), field, f"face {clip(face)!r}: expected a die label"):
            continue
        if not at.check(
            isinstance(names, list) and names and all(isinstance(n, str) for n in names),
            where,
            "expected a non-empty list of piece names",
        ):
            continue
        unknown = [n for n in names if n not in set(pieces)]  # names, exactly
        at.check(not unknown, where, f"not a piece of the set: {', '.join(map(clip, unknown))}")
        at.check(len(set(names)) == len(names), where, "a piece named twice")
    if at.found:
        return None
    return PieceSet(pieces.values(), pieces.lattice, value)


PIECES_VERSION = 2


def _read_pieces(
    value: Any, at: Place, field: str, lattice: Lattice | None = SQUARE
) -> PieceSet | None:
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
            if lattice is None:  # no lattice to read the cells on: said already
                return None
            piece = PieceSet([piece_from_json(name, spec, lattice)])[name]  # its own checks
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
    return PieceSet(pieces, lattice) if len(pieces) == len(value) else None


PIECES_FORMAT = "ubongo-pieces"
"""The ``format`` of a pieces document with a lattice: ``{"format", "version": 2, "name",
"lattice", "pieces": {name: {"cells", "code", "colour"?}}}``."""


def parse_pieces(data: Any, source: str) -> PieceSet:
    """The pieces of a puzzle-set document, of a pieces document (``PIECES_FORMAT``), or of a
    bare mapping ``{name: {"rows", "code"}}`` (squares)."""
    if isinstance(data, Mapping) and data.get("format") == PIECES_FORMAT:
        return _pieces_document(data, source)
    if isinstance(data, Mapping) and "format" in data:
        return parse_set(data, source).pieces
    found: list[Problem] = []
    at = Place(found, source)
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
