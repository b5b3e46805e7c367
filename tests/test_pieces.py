"""Pieces: orientation counts, the eight transforms, codes, look-up and the errors' data."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.solver import (
    STANDARD,
    DuplicatePiece,
    Piece,
    PieceDefinitionError,
    PieceSet,
    UnknownPiece,
)
from ubongo.solver.pieces import (
    MAX_CELLS,
    MAX_PIECES,
    canonical,
    normalise,
    orientations,
    shape_from_rows,
    transforms,
)

ORIENTATIONS = {
    "I2": 2,
    "I3": 2,
    "L3": 4,
    "I4": 2,
    "L4": 8,
    "O4": 1,
    "S4": 4,
    "T4": 4,
    "L5": 8,
    "P5": 8,
    "Y5": 8,
    "Z5": 4,
}
CODES = {
    "A": "I2",
    "B": "I3",
    "C": "L3",
    "D": "T4",
    "E": "L4",
    "F": "I4",
    "G": "S4",
    "H": "O4",
    "I": "Y5",
    "J": "L5",
    "K": "P5",
    "L": "Z5",
}
AREAS = {name: int(name[1]) for name in ORIENTATIONS}
ORDER = ["I2", "I3", "L3", "I4", "L4", "O4", "S4", "T4", "L5", "P5", "Y5", "Z5"]


def images(cells):
    """The 8 rotations and reflections of a cell set, computed here, apart from the solver."""
    out = []
    pts = list(cells)
    for _ in range(4):
        pts = [(c, -r) for r, c in pts]  # quarter turn
        out.append(normalise(pts))
        out.append(normalise([(r, -c) for r, c in pts]))  # and its mirror image
    return out


def test_standard_set_holds_the_twelve_pieces_in_rule_book_order():
    assert list(STANDARD) == ORDER
    assert len(STANDARD) == 12


@pytest.mark.parametrize("name", ORDER)
def test_orientation_count(name):
    assert len(STANDARD[name].orientations) == ORIENTATIONS[name]


@pytest.mark.parametrize("name", ORDER)
def test_area(name):
    assert STANDARD[name].area == AREAS[name] == len(STANDARD[name].shape)


@pytest.mark.parametrize("name", ORDER)
def test_every_orientation_is_one_of_the_eight_transforms(name):
    shape = STANDARD[name].shape
    eight = set(images(shape))
    orients = STANDARD[name].orientations
    assert set(orients) == eight
    assert len(set(orients)) == len(orients)  # distinct
    assert all(min(r for r, _ in o) == 0 and min(c for _, c in o) == 0 for o in orients)


@pytest.mark.parametrize(("code", "name"), sorted(CODES.items()))
def test_codes(code, name):
    assert STANDARD[name].code == code
    assert STANDARD[code] is STANDARD[name]


def test_piece_rows_draw_the_shape_in_its_code():
    assert STANDARD["L3"].rows() == ["C.", "CC"]
    assert STANDARD["Z5"].rows() == ["LL.", ".L.", ".LL"]


def test_resolve_by_name_or_code_keeps_order():
    got = STANDARD.resolve(["P5", "A", "L4", "L"])
    assert [p.name for p in got] == ["P5", "I2", "L4", "Z5"]


def test_resolve_allows_copies_when_asked():
    got = STANDARD.resolve(["I2", "A"], distinct=False)
    assert [p.name for p in got] == ["I2", "I2"]


def test_unknown_piece_carries_token_and_the_known_names():
    with pytest.raises(UnknownPiece) as info:
        STANDARD.resolve(["I2", "X9"])
    assert info.value.token == "X9"
    assert info.value.known == ORDER
    assert "'X9'" in str(info.value) and "I2, I3" in str(info.value)


def test_lookup_ignores_case_where_unambiguous():
    assert STANDARD["a"] is STANDARD["A"] is STANDARD["i2"] is STANDARD["I2"]
    with pytest.raises(UnknownPiece, match="did you mean T4"):
        STANDARD["T5"]
    twins = PieceSet(
        [Piece("ab", "x", STANDARD["I2"].shape), Piece("AB", "y", STANDARD["I3"].shape)]
    )
    assert twins["ab"].code == "x" and twins["AB"].code == "y"
    with pytest.raises(UnknownPiece):
        twins["Ab"]  # two pieces fold to "ab": ambiguous, so refused


@pytest.mark.parametrize("tokens", [["I2", "I2"], ["I2", "A"], ["L5", "C", "J"]])
def test_duplicate_piece_carries_the_name(tokens):
    with pytest.raises(DuplicatePiece) as info:
        STANDARD.resolve(tokens)
    name = STANDARD[tokens[-1]].name
    assert info.value.name == name
    assert name in str(info.value)


def test_custom_piece_set_and_its_errors():
    ps = PieceSet.from_json(
        {"X": {"rows": [".#.", "###", ".#."], "code": "x"}, "I1": {"rows": ["#"]}}
    )
    assert list(ps) == ["X", "I1"]
    assert ps["x"].name == "X" and ps["I"].name == "I1"  # code defaults to the first letter
    assert len(ps["X"].orientations) == 1
    with pytest.raises(PieceDefinitionError):
        PieceSet.from_json({"E": {"rows": ["..", " "]}})
    with pytest.raises(PieceDefinitionError):
        PieceSet.from_json({"E": ["##"]})
    with pytest.raises(PieceDefinitionError):  # two pieces with one code
        PieceSet.from_json(
            {"A1": {"rows": ["#"], "code": "a"}, "A2": {"rows": ["##"], "code": "a"}}
        )
    with pytest.raises(PieceDefinitionError):  # a code must be one letter, not '#'
        PieceSet([Piece("Q", "#", shape_from_rows(["#"]))])
    with pytest.raises(PieceDefinitionError):
        PieceSet([Piece("Q", "QQ", shape_from_rows(["#"]))])


@pytest.mark.parametrize("code", ["1", "٣", "\n", "#", ".", ";", " ", "\t", "\x1b", "QQ", ""])
def test_a_code_is_one_printable_character_a_picture_can_hold(code):
    with pytest.raises(PieceDefinitionError, match="expected one printable character") as info:
        PieceSet([Piece("Q", code, shape_from_rows(["#"]))])
    assert repr(code) in str(info.value)


@pytest.mark.parametrize("code", ["q", "Ä", "*", "@", "я"])
def test_codes_that_are_accepted(code):
    assert PieceSet([Piece("Q", code, shape_from_rows(["#"]))])[code].name == "Q"


@pytest.mark.parametrize("name", ["", " Q", "Q\n", "\x1b[2J"])
def test_a_name_is_printable_text(name):
    with pytest.raises(PieceDefinitionError, match="expected printable text"):
        PieceSet([Piece(name, "q", shape_from_rows(["#"]))])


def test_pieces_are_at_most_64_cells_and_sets_at_most_64_pieces():
    big = Piece("B", "b", normalise((0, c) for c in range(MAX_CELLS + 1)))
    with pytest.raises(PieceDefinitionError, match=f"65 cells; a piece has at most {MAX_CELLS}"):
        PieceSet([big])
    assert PieceSet([Piece("B", "b", normalise((0, c) for c in range(MAX_CELLS)))])
    one = shape_from_rows(["#"])
    many = [Piece(f"p{i}", chr(0x100 + i), one) for i in range(MAX_PIECES + 1)]
    assert len(PieceSet(many[:MAX_PIECES])) == MAX_PIECES
    with pytest.raises(PieceDefinitionError, match=f"at most {MAX_PIECES}"):
        PieceSet(many)
    spec = {p.name: {"rows": ["#"], "code": p.code} for p in many}
    with pytest.raises(PieceDefinitionError, match=f"65 pieces; a set holds at most {MAX_PIECES}"):
        PieceSet.from_json(spec)


def test_from_json_bounds_the_rows_before_reading_them():
    with pytest.raises(PieceDefinitionError, match="rows longer than"):
        PieceSet.from_json({"E": {"rows": ["." * 5000]}})
    with pytest.raises(PieceDefinitionError, match="code '7'"):
        PieceSet.from_json({"7up": {"rows": ["#"]}})  # the default code is a digit


shapes = st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=8)


@settings(max_examples=100)
@given(shapes)
def test_orientations_are_the_distinct_transforms(cells):
    shape = normalise(cells)
    orients = orientations(shape)
    assert set(orients) == set(images(shape)) == set(transforms(shape))
    assert len(orients) in (1, 2, 4, 8)
    assert orients[0] == shape  # the first orientation is the shape as given


@settings(max_examples=100)
@given(shapes, st.integers(0, 7))
def test_canonical_is_invariant_under_transforms(cells, k):
    shape = normalise(cells)
    assert canonical(images(shape)[k]) == canonical(shape)


@settings(max_examples=100)
@given(shapes, shapes)
def test_canonical_equal_exactly_for_transforms(a, b):
    sa, sb = normalise(a), normalise(b)
    assert (canonical(sa) == canonical(sb)) == (sb in images(sa))


@settings(max_examples=100)
@given(shapes, st.integers(0, 7))
def test_piece_key_ignores_how_the_shape_is_drawn(cells, k):
    shape = normalise(cells)
    assert Piece("A", "a", images(shape)[k]).key == Piece("B", "b", shape).key == canonical(shape)


def test_in_and_get_answer_as_a_lookup_does_without_raising():
    """A piece set is a Mapping: ``in`` and ``get`` say no where a lookup raises UnknownPiece
    (which is no KeyError, so Mapping's own ``in`` raised it)."""
    assert "I3" in STANDARD and "B" in STANDARD and "i3" in STANDARD
    assert "Q9" not in STANDARD and 3 not in STANDARD and "" not in STANDARD
    assert STANDARD.get("Q9") is None and STANDARD.get("I3") is STANDARD["I3"]
    with pytest.raises(UnknownPiece):
        STANDARD["Q9"]


def test_values_and_items_are_the_mapping_s_in_order() -> None:
    """PieceSet's own views (its dict's) give what Mapping's would: each name's piece."""
    names = list(STANDARD)
    assert list(STANDARD.values()) == [STANDARD[n] for n in names]
    assert list(STANDARD.items()) == [(n, STANDARD[n]) for n in names]
