"""The generator on hexagons and triangles: Extreme-style cards (a row per colour of four, 3
and 4 pieces) and Trigo-style cards (a figure of two regions, both filled, one row a side) from
the made-up pieces files in examples/; every combination tiles (CP-SAT agrees on a sample),
the same seed gives the same bytes on any number of workers, the editions' strict checks
pass, ``stats`` reads them, and wrong inputs are refused in one line."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from random import Random

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from ubongo.cli import main
from ubongo.generator import Options, generate, set_stats
from ubongo.generator.design import MAX_TRIES, Slot, _shared_reach, source_for
from ubongo.generator.profile import edition_for
from ubongo.puzzles import parse_pieces, parse_set, strict_problems
from ubongo.puzzles.game import EXTREME, TRIGO, Edition, fits
from ubongo.solver import Puzzle, count, solve
from ubongo.solver.analyze import analyze
from ubongo.solver.regions import regions
from ubongo.solver.verify import is_solution

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PIECES = {"extreme": EXAMPLES / "extreme-pieces.json", "trigo": EXAMPLES / "trigo-pieces.json"}
EDITIONS = {"extreme": EXTREME, "trigo": TRIGO}


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), prog_name="ubongo")


def options(edition: Edition, templates: int, seed: int) -> Options:
    path = PIECES[edition.name]
    pieces = parse_pieces(json.loads(path.read_text()), str(path))
    sizes = (edition.sizes["easy"], edition.sizes["hard"])
    return Options(templates, seed, edition.frame, len(edition.die), sizes, pieces, edition=edition)


def dumped(opts: Options, workers: int = 1) -> str:
    if workers == 1:
        ps, _ = generate(opts)
    else:
        with ProcessPoolExecutor(workers) as ex:
            ps, _ = generate(opts, ex)
    return json.dumps(ps.to_json(), indent=1) + "\n"


@pytest.mark.parametrize("name", ["extreme", "trigo"])
def test_a_generated_set_is_a_box_of_its_edition_and_every_combination_tiles(name: str) -> None:
    edition = EDITIONS[name]
    ps, _ = generate(options(edition, 3, 2))
    assert strict_problems(ps) == []
    assert ps.die == edition.die and ps.pieces.lattice.name == edition.lattice
    sample = 0
    for combo in ps.combinations():
        n = count(combo.puzzle)
        assert n >= 1
        assert len(regions(combo.puzzle.figure)) == edition.regions
        if sample < 4:  # CP-SAT, an engine of its own, counts alike
            assert count(combo.puzzle, engine="cpsat") == n
            sample += 1
    rows = {s: len(t.side(s).combos) for t in ps.templates for s in ("easy", "hard")}  # type: ignore[union-attr]
    assert rows == {"easy": len(edition.die), "hard": len(edition.die)}


@pytest.mark.parametrize("name", ["extreme", "trigo"])
def test_same_seed_same_bytes_whatever_the_workers(name: str) -> None:
    opts = options(EDITIONS[name], 2, 5)
    one = dumped(opts)
    assert dumped(opts, workers=2) == one
    assert dumped(options(EDITIONS[name], 2, 6)) != one


@pytest.mark.parametrize("name", ["extreme", "trigo"])
def test_the_example_set_verifies_strictly_and_has_statistics(name: str) -> None:
    path = EXAMPLES / f"{name}-style.json"
    result = run("verify", str(path), "--strict")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "strict: complete set"
    ps = parse_set(json.loads(path.read_text()), str(path))
    st = set_stats(ps)
    assert st.frame == EDITIONS[name].frame
    for side in ("easy", "hard"):
        s = st.sides[side]
        assert s.unsolvable == 0 and s.holes == 0 and s.outside_frame == 0
        assert s.pieces_per_combo == {EDITIONS[name].sizes[side]: s.combos}
        assert s.disconnected == (s.figures if EDITIONS[name].regions > 1 else 0)


def test_the_cli_generates_from_a_pieces_file_with_the_edition_of_its_lattice(
    tmp_path: Path,
) -> None:
    out = tmp_path / "t.json"
    args = ["generate", "--pieces", str(PIECES["trigo"]), "--templates", "1", "-q", "-o", str(out)]
    result = run(*args)
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert document["lattice"] == "tri" and document["die"] == ["1"]
    assert len(document["templates"]) == 1
    assert run("verify", str(out), "--strict").exit_code == 0


@pytest.mark.parametrize(
    ("pieces", "edition", "message"),
    [
        ("trigo", "extreme", "extreme cards are made of hexagons; these pieces are triangles"),
        ("extreme", "trigo", "trigo cards are made of triangles; these pieces are hexagons"),
        ("extreme", "ubongo", "ubongo cards are made of squares; these pieces are hexagons"),
        ("extreme", "ubongo-3d", "ubongo-3d cards are made with its own pieces (ubongo-3d)"),
    ],
)
def test_a_pieces_file_of_another_lattice_than_the_edition_is_refused_in_one_line(
    tmp_path: Path, pieces: str, edition: str, message: str
) -> None:
    out = tmp_path / "t.json"
    result = run("generate", "--pieces", str(PIECES[pieces]), "--edition", edition, "-o", str(out))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"ubongo generate: {message}\n"
    assert not out.exists()


def test_a_trigo_card_of_one_region_fails_the_strict_check(tmp_path: Path) -> None:
    path = EXAMPLES / "trigo-style.json"
    document = json.loads(path.read_text())
    easy = document["templates"][0]["easy"]
    pieces = parse_pieces(document, str(path))
    ps = parse_set(document, str(path))
    figure = ps.templates[0].easy.figure  # type: ignore[union-attr]
    first = regions(figure)[0]
    area = sum(pieces[p].area for p in easy["combos"][0])
    assert len(first) < area  # the card's pieces do not fit one of its regions alone
    from ubongo.solver.figure import Figure

    one = Figure.from_cells(first, figure.lattice)
    document["templates"][0]["easy"]["figure"] = one.rows()
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    result = run("verify", str(broken), "--strict")
    assert result.exit_code == 1
    assert "template 01 easy: figure has 1 region, expected 2" in result.stdout


def test_edition_for_picks_the_edition_of_the_pieces_lattice() -> None:
    for name, path in PIECES.items():
        pieces = parse_pieces(json.loads(path.read_text()), str(path))
        assert edition_for(pieces) is EDITIONS[name]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["extreme", "trigo"]), st.integers(0, 10**6), st.booleans())
def test_a_planted_figure_is_tiled_by_its_own_pieces_in_the_editions_regions(
    name: str, seed: int, hard: bool
) -> None:
    edition = EDITIONS[name]
    opts = options(edition, 1, seed)
    source = source_for(opts)
    side = "hard" if hard else "easy"
    size = edition.sizes[side]
    areas = sorted({sum(c) for c in combinations((p.area for p in opts.pieces.values()), size)})
    rng = Random(seed)
    slot = Slot(side, 0, size, rng.choice(areas), (1, 1))
    figure = source(rng, slot)
    if figure is None:  # a miss: no draw of pieces had the slot's area
        return
    assert figure.area == slot.area and figure.holes() == 0
    assert len(regions(figure)) == edition.regions
    assert fits((figure.height, figure.width), edition.frame)
    tiled = analyze(figure, size, opts.pieces)
    assert tiled  # at least the pieces it was made of
    for combo in tiled[:3]:
        puzzle = Puzzle(figure, opts.pieces.resolve(combo.pieces))
        found = solve(puzzle)
        assert found is not None and is_solution(puzzle, found)


def test_the_trigo_example_is_remade_by_its_documented_command(tmp_path: Path) -> None:
    out = tmp_path / "trigo-style.json"
    args = ["generate", "--pieces", str(PIECES["trigo"]), "--seed", "1"]
    result = run(*args, "--name", "trigo-style (made-up pieces)", "-q", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text() == (EXAMPLES / "trigo-style.json").read_text()


# --- one piece set per Extreme colour (pieces_by_face) ----------------------------------------

COLOURS = EXAMPLES / "extreme-colours-pieces.json"


def colour_options(templates: int, seed: int) -> Options:
    pieces = parse_pieces(json.loads(COLOURS.read_text()), str(COLOURS))
    sizes = (EXTREME.sizes["easy"], EXTREME.sizes["hard"])
    return Options(templates, seed, EXTREME.frame, 4, sizes, pieces, edition=EXTREME)


def test_the_colours_example_gives_each_colour_the_shared_pieces_and_five_of_its_own() -> None:
    pieces = colour_options(1, 0).pieces
    kits = {face: set(names) for face, names in pieces.by_face.items()}
    assert list(kits) == list(EXTREME.die) and len(pieces) == 28
    shared = set.intersection(*kits.values())
    assert len(shared) == 8 and all(len(k - shared) == 5 for k in kits.values())
    assert set.union(*kits.values()) == set(pieces)  # every piece is some colour's
    owners = [{f for f, k in kits.items() if n in k} for n in pieces if n not in shared]
    assert all(len(o) == 1 for o in owners)  # a colour's own pieces are no other's


def test_each_colours_row_uses_only_its_pieces_and_tiles_the_figure() -> None:
    opts = colour_options(2, 3)
    ps, _ = generate(opts)
    assert strict_problems(ps) == [] and ps.pieces.by_face == opts.pieces.by_face
    rows = list(ps.combinations())
    assert len(rows) == 2 * 2 * 4
    for combo in rows:
        own = set(ps.pieces.by_face[combo.face])
        assert {p.name for p in combo.puzzle.pieces} <= own
        found = solve(combo.puzzle)
        assert found is not None and is_solution(combo.puzzle, found)


@pytest.mark.parametrize(
    ("size", "area", "reached"),
    [(3, 12, True), (3, 14, True), (3, 15, False), (4, 16, True), (4, 19, True), (4, 20, False)],
)
def test_an_area_is_reached_with_half_the_pieces_shared_at_least(
    size: int, area: int, reached: bool
) -> None:
    # the colours share seven tetrahexes and a pentahex, each has five pentahexes of its own:
    # 15 cells of three pieces need two own pentahexes of three, 20 of four three of four
    kits = tuple(colour_options(1, 0).pieces.kit(face) for face in EXTREME.die)
    assert _shared_reach(kits, size, area) is reached


def test_a_dozen_colour_cards_stay_within_one_slots_try_budget() -> None:
    # a slot whose area needs more of a colour's own pieces than shared ones (an easy side of
    # 15 hexagons: three pentahexes) ran to MAX_TRIES every round: 4 cards tried 15378
    # figures; it now moves to another area at once (issue 21)
    ps, report = generate(colour_options(12, 1))
    assert strict_problems(ps) == [] and len(ps.templates) == 12
    assert report.tried < MAX_TRIES


def test_a_colour_set_goes_through_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "colours.json"
    made = run("generate", "--pieces", str(COLOURS), "--templates", "2", "-q", "-o", str(out))
    assert made.exit_code == 0, made.output
    document = json.loads(out.read_text())
    assert document["pieces_by_face"] == json.loads(COLOURS.read_text())["pieces_by_face"]
    checked = run("verify", str(out), "--strict")
    assert checked.exit_code == 0 and checked.stdout.splitlines()[-1] == "strict: complete set"
    solved = run("solve", "--set", str(out), "02", "hard", "red")
    assert solved.exit_code == 0, solved.output
    red = set(document["pieces_by_face"]["red"])
    codes = {document["pieces"][n]["code"] for n in red}
    assert set(solved.stdout.replace("\n", "").replace(".", "")) <= codes
    drawn = run("render", str(out), "--svg", str(tmp_path / "sides"))
    assert drawn.exit_code == 0 and len(list((tmp_path / "sides").iterdir())) == 4
    assert run("stats", str(out)).exit_code == 0
    # a row with another colour's piece fails the strict check, naming it
    row = document["templates"][0]["easy"]["combos"][1]  # blue
    stranger = next(n for n in document["pieces_by_face"]["yellow"] if n.startswith("Y"))
    document["templates"][0]["easy"]["combos"][1] = [*row[:-1], stranger]
    out.write_text(json.dumps(document))
    broken = run("verify", str(out), "--strict")
    assert broken.exit_code == 1
    assert f"template 01 easy, face blue: {stranger} not among the blue pieces" in broken.stdout


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([], 'pieces_by_face: expected an object face -> ["A", ...]'),
        ({"yellow": []}, "pieces_by_face.yellow: expected a non-empty list of piece names"),
        ({"yellow": "1"}, "pieces_by_face.yellow: expected a non-empty list of piece names"),
        ({"yellow": ["1", "Q9"]}, "pieces_by_face.yellow: not a piece of the set: Q9"),
        ({"yellow": ["1", "1"]}, "pieces_by_face.yellow: a piece named twice"),
        ({"": ["1"]}, "pieces_by_face: face '': expected a die label"),
    ],
)
def test_a_bad_pieces_by_face_is_refused_in_one_line_naming_the_field(
    tmp_path: Path, value: object, message: str
) -> None:
    document = json.loads(COLOURS.read_text())
    document["pieces_by_face"] = value
    path = tmp_path / "pieces.json"
    path.write_text(json.dumps(document))
    result = run("generate", "--pieces", str(path), "--templates", "1", "-o", str(tmp_path / "o"))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"ubongo generate: {path}: {message}\n"


def test_pieces_by_face_must_name_the_editions_faces(tmp_path: Path) -> None:
    document = json.loads(COLOURS.read_text())
    document["pieces_by_face"] = {"yellow": document["pieces_by_face"]["yellow"]}
    path = tmp_path / "pieces.json"
    path.write_text(json.dumps(document))
    result = run("generate", "--pieces", str(path), "--templates", "1", "-o", str(tmp_path / "o"))
    assert result.exit_code == 1
    assert result.stderr == (
        "ubongo generate: pieces_by_face names the faces yellow; extreme cards have a row per "
        "face of yellow, blue, red, green\n"
    )


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_pieces_by_face_round_trips_and_the_strict_check_names_exactly_the_strangers(
    data: st.DataObject,
) -> None:
    """Any faces' pieces, written into a set file and read back, are the same; the strict
    check names a row's pieces exactly where they are not among its face's."""
    document = json.loads((EXAMPLES / "extreme-style.json").read_text())
    document["templates"] = document["templates"][:1]
    names = sorted(document["pieces"])
    kits = {
        face: data.draw(st.lists(st.sampled_from(names), min_size=1, unique=True), label=face)
        for face in document["die"]
    }
    document["pieces_by_face"] = kits
    ps = parse_set(document, "drawn")
    again = parse_set(json.loads(json.dumps(ps.to_json())), "again")
    assert again.pieces.by_face == ps.pieces.by_face == {f: tuple(k) for f, k in kits.items()}
    want = [
        f"template 01 {side}, face {face}: {', '.join(strangers)} not among the {face} pieces"
        for side in ("easy", "hard")
        for face, combo in zip(
            document["die"], document["templates"][0][side]["combos"], strict=True
        )
        if (strangers := [n for n in combo if n not in kits[face]])
    ]
    assert [p for p in strict_problems(ps) if "not among" in p] == want
