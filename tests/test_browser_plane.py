"""The practice page of hexagons and triangles (render/practice_plane.js) in headless Chromium,
with the driver of tests/test_browser.py: a combination played to "Ubongo!" by dragging pieces
with a mouse and a finger (turned by a sixth and over with the buttons and keys) and by the
keys alone; a piece on the figure turned about its first cell, or left as it lay; hints equal to
the library's on random half-built boards; a 360-pixel phone. The sets are made up
(tests/hextri.py). ``UBONGO_SCREENSHOTS=DIR`` keeps the pictures.
"""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hextri import extreme_set, many_tilings_set, trigo_set
from test_browser import (  # the one browser driver and the hint comparison of the 2D page
    BOXES,
    ENTER,
    STATUS,
    TAB,
    WebDriver,
    _boards,
    _compare,
    _errors,
    _focused_piece,
    _inside,
    _screen,
    driver,  # noqa: F401  (a fixture)
)

from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, parse_set
from ubongo.solver.engine import solutions
from ubongo.solver.lattice import HEX, TRI, Lattice
from ubongo.solver.puzzle import Placement, solution_rows

SETS = {"hex": extreme_set, "tri": trigo_set}
RIGHT = "\ue014"


@pytest.fixture(scope="module", params=["hex", "tri"])
def made(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[PuzzleSet, str]:
    """A made-up set and the URL of its page."""
    document = SETS[request.param]()
    folder = tmp_path_factory.mktemp(f"html-{request.param}")
    path = folder / "set.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["render", str(path), "--html", str(folder / "site")])
    assert result.exit_code == 0, result.output
    return parse_set(document), (folder / "site" / "index.html").as_uri()


def _js(driver: WebDriver, expr: str, *args: Any) -> Any:
    return driver.script(f"return {expr}", *args)


def _turns(lattice: Lattice, start: frozenset[Any], goal: frozenset[Any]) -> list[str]:
    """The fewest presses of R (a sixth of a turn) and F (over) from one orientation to another:
    the lattice's generators, as the page turns a piece."""
    rotate, flip = lattice.turns[1], lattice.turns[2]  # closure's order: the generators first
    from collections import deque

    from ubongo.solver.lattice import apply

    seen = {start: ""}
    todo = deque([start])
    while todo:
        now = todo.popleft()
        if now == goal:
            return list(seen[now])
        for name, t in (("r", rotate), ("f", flip)):
            nxt = lattice.normalise(apply(t, list(now)))
            if nxt not in seen:
                seen[nxt] = seen[now] + name
                todo.append(nxt)
    raise AssertionError(f"{sorted(goal)} is no turn of {sorted(start)}")


def _cell_centre(driver: WebDriver, cell: tuple[int, ...]) -> tuple[int, int]:
    return driver.centre(f'#p-board g.pfigure polygon[data-cell="{",".join(map(str, cell))}"]')


def test_dragging_pieces_plays_a_combination_to_ubongo(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    ps, url = made
    lattice = ps.pieces.lattice
    driver.s("POST", "/url", {"url": url})
    driver.log()
    c = next(c for c in ps.combinations() if c.side == "hard")
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])", c.template, c.side, c.face
    )
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    for n, pl in enumerate(tiling):
        piece = f'#p-board g.pp[data-piece="{pl.piece}"]'
        driver.script(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", piece
        )
        kind = "touch" if n % 2 else "mouse"  # a finger on odd pieces, a mouse on even ones
        spot = driver.centre(piece + " polygon")
        driver.drag(spot, spot, kind)  # a tap: the piece is chosen
        start = lattice.normalise(ps.pieces[pl.piece].orientations[0])
        goal = lattice.normalise(pl.cells)
        for press in _turns(lattice, start, goal):
            if n % 2:  # the keys on odd pieces, the buttons on even ones
                driver.key(press)
            else:
                button = driver.find("#p-rotate" if press == "r" else "#p-flip")
                driver.s("POST", f"/element/{button}/click")
        shown = _js(driver, "document.querySelector(arguments[0]).dataset.shape", piece)
        assert shown == ";".join(",".join(map(str, p)) for p in sorted(goal))
        # drag the piece's first cell onto the cell the tiling gives it (a translation keeps
        # the cells' order: the shape's first cell goes to the tiling's first)
        target = min(pl.cells)
        grip = driver.centre(f'{piece} polygon[data-k="0"]')
        driver.drag(grip, _cell_centre(driver, target), kind)
        at = _js(driver, "document.querySelector(arguments[0]).dataset.at || null", piece)
        assert at is not None, (
            pl.piece,
            _js(driver, "document.getElementById('p-note').textContent"),
        )
    assert driver.script(STATUS).startswith("Ubongo!")
    assert _errors(driver) == []


def test_the_keyboard_alone_plays_a_combination_to_ubongo(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    ps, url = made
    driver.s("POST", "/url", {"url": url})
    driver.log()
    c = next(c for c in ps.combinations() if c.side == "easy")
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])", c.template, c.side, c.face
    )
    lattice = ps.pieces.lattice
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    for pl in tiling:
        piece = f'#p-board g.pp[data-piece="{pl.piece}"]'
        driver.script("document.querySelector(arguments[0]).focus()", piece)
        start = lattice.normalise(ps.pieces[pl.piece].orientations[0])
        for press in _turns(lattice, start, lattice.normalise(pl.cells)):
            driver.key(press)
        driver.key(ENTER)  # picked up at its first fit
        for _ in range(60):  # arrows until the carried piece covers the tiling's cells
            held = _js(driver, "document.querySelector(arguments[0]).dataset.held || null", piece)
            if _carried(lattice, pl.cells, held):
                break
            driver.key(_arrow(lattice, pl.cells, held, ps, pl.piece))
        driver.key(ENTER)
        assert (
            _js(driver, "document.querySelector(arguments[0]).dataset.at || null", piece)
            is not None
        )
    assert driver.script(STATUS).startswith("Ubongo!")
    assert _errors(driver) == []


def _carried(lattice: Lattice, cells: frozenset[Any], held: str | None) -> bool:
    """Whether the carried translation puts the shape on the tiling's cells."""
    if held is None:
        return False
    dr, dc = map(int, held.split(","))
    shape = lattice.normalise(cells)
    moved = {(p[0] + dr, p[1] + dc, *p[2:]) for p in shape}
    return moved == set(cells)


def _arrow(
    lattice: Lattice, cells: frozenset[Any], held: str | None, ps: PuzzleSet, name: str
) -> str:
    """The arrow key that brings the carried translation a step nearer the tiling's."""
    shape = lattice.normalise(cells)
    want = min(cells)
    base = min(shape)
    goal = (want[0] - base[0], want[1] - base[1])
    dr, dc = map(int, (held or "0,0").split(","))
    if dr != goal[0]:
        return "\ue015" if dr < goal[0] else "\ue013"  # down, up
    return RIGHT if dc < goal[1] else "\ue012"


def test_page_hints_equal_the_library_on_random_boards(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    ps, url = made
    boards = _boards(ps, 24)
    driver.s("POST", "/url", {"url": url})
    driver.log()
    _compare(driver, boards)
    assert _errors(driver) == []


@pytest.mark.parametrize("lattice", [HEX, TRI], ids=["hex", "tri"])
def test_page_hints_equal_the_library_with_many_tilings(
    driver: WebDriver, tmp_path: Path, lattice: Lattice
) -> None:
    """Combinations of 2 to 60 tilings, where the order the engine lists them decides the
    level-3 answer and the forced pieces."""
    document = many_tilings_set(lattice)
    path = tmp_path / "many.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["render", str(path), "--html", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    ps = parse_set(document)
    assert len(list(ps.combinations())) >= 9
    boards = _boards(ps, 40, seed=3)
    driver.s("POST", "/url", {"url": (tmp_path / "site" / "index.html").as_uri()})
    driver.log()
    _compare(driver, boards)
    assert _errors(driver) == []


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (360, 740)])
def test_the_page_fits_the_screen_and_the_phone(
    driver: WebDriver, made: tuple[PuzzleSet, str], width: int, height: int
) -> None:
    ps, url = made
    driver.s("POST", "/window/rect", {"width": width, "height": height})
    try:
        driver.s("POST", "/url", {"url": url})
        driver.log()
        inner = driver.script("return window.innerWidth")
        turn = "document.getElementById('p-rotate').textContent.trim()"
        assert _js(driver, turn).startswith("↻ Turn 60°")
        wide = "return document.scrollingElement.scrollWidth"
        c = next(c for c in ps.combinations() if c.side == "hard")
        driver.script(
            "window.ubongo.select(arguments[0], arguments[1], arguments[2])",
            c.template,
            c.side,
            c.face,
        )
        assert driver.script(wide) <= inner
        board = _js(
            driver,
            "(r => [r.left, r.right])"
            "(document.querySelector('#p-board svg').getBoundingClientRect())",
        )
        assert board[0] >= 0 and board[1] <= inner
        first = next(solutions(c.puzzle, engine="bitboard"))[0]
        driver.script(
            "window.ubongo.place(arguments[0], arguments[1])", first.piece, sorted(first.cells)
        )
        where = driver.find("button.p-hint[data-level='2']")
        driver.s("POST", f"/element/{where}/click")
        hinted = _js(driver, "document.querySelectorAll('#p-board g.phint polygon.hinted').length")
        assert hinted > 0
        shots = os.environ.get("UBONGO_SCREENSHOTS")
        if shots:
            driver.script("document.getElementById('practice').scrollIntoView()")
            png = base64.b64decode(driver.s("GET", "/screenshot"))
            Path(shots, f"practice-{ps.pieces.lattice.space}-{width}.png").write_bytes(png)
        assert _errors(driver) == []
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


BAR = "return (r => [r.left, r.top, r.right, r.bottom])(document.getElementById('p-turns')"
BAR += ".getBoundingClientRect())"


def test_a_phone_shows_figure_and_pieces_first_clear_of_the_turns(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    """On a 360 x 740 touch screen, as on squares, every combination's first screen holds the
    figure, then every piece of the tray above the sticky row of turn buttons (a piece under
    it could not be grabbed until scrolled); a piece taken from the tray by a finger is put
    on the figure without a scroll."""
    ps, url = made
    lattice = ps.pieces.lattice
    with _screen(driver, 360, 740, touch=True):
        driver.s("POST", "/url", {"url": url})
        driver.log()
        for c in ps.combinations():
            driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
            seen, bar = driver.script(BOXES), driver.script(BAR)
            assert seen["scroll"] == 0 and seen["view"] == [360, 740]
            assert len(seen["pieces"]) == len(c.puzzle.pieces)
            shown = [seen["figure"], *seen["pieces"], *seen["turns"]]
            assert all(_inside(b, seen["view"]) for b in shown), (c.template, c.side, c.face, seen)
            assert all(seen["figure"][3] < b[1] and b[3] <= bar[1] for b in seen["pieces"]), (
                c.template, c.side, c.face, seen, bar
            )  # fmt: skip
        pl = next(solutions(c.puzzle, engine="bitboard"))[0]
        piece = f'#p-board g.pp[data-piece="{pl.piece}"]'
        spot = driver.centre(piece + " polygon")
        driver.drag(spot, spot, "touch")  # chosen
        start = lattice.normalise(ps.pieces[pl.piece].orientations[0])
        for press in _turns(lattice, start, lattice.normalise(pl.cells)):
            button = driver.find("#p-rotate" if press == "r" else "#p-flip")
            driver.s("POST", f"/element/{button}/click")
        grip = driver.centre(f'{piece} polygon[data-k="0"]')
        driver.drag(grip, _cell_centre(driver, min(pl.cells)), "touch")
        board = driver.script("return window.ubongo.board()").splitlines()
        assert board == solution_rows(c.puzzle.figure, [pl], ps.pieces)
        assert driver.script("return scrollY") == 0
        assert _errors(driver) == []


def test_the_skip_link_takes_the_keyboard_to_a_piece(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    """As on squares, two key presses from a fresh page (Tab to "Skip to the pieces", Enter)
    put the focus on a piece (the link used to go to the board and focus nothing)."""
    ps, url = made
    driver.s("POST", "/url", {"url": url})
    driver.log()
    driver.key(TAB)
    assert driver.script("return document.activeElement.matches('a.skip')")
    driver.key(ENTER)
    assert _focused_piece(driver) == next(iter(ps.combinations())).puzzle.pieces[0].name
    assert _errors(driver) == []


def test_a_piece_on_the_figure_turns_about_its_first_cell_or_stays_and_says_so(
    driver: WebDriver, tmp_path: Path
) -> None:
    """A sixth of a turn of a hexagon piece lying on the figure: its turned shape put with its
    first cell where the first cell was, when that fits; else it stays as it lay, and the note
    says to move it first."""
    from ubongo.solver.lattice import apply

    document = extreme_set()
    path = tmp_path / "set.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(main, ["render", str(path), "--html", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    ps = parse_set(document)
    driver.s("POST", "/url", {"url": (tmp_path / "site" / "index.html").as_uri()})
    driver.log()
    seen = set()
    for c in ps.combinations():
        figure = c.puzzle.figure.cells
        for pl in next(solutions(c.puzzle, engine="bitboard")):
            driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
            driver.script(
                "window.ubongo.place(arguments[0], arguments[1])", pl.piece, sorted(pl.cells)
            )
            piece = f'#p-board g.pp[data-piece="{pl.piece}"]'
            driver.script("document.querySelector(arguments[0]).focus()", piece)
            driver.key("r")
            turned = sorted(HEX.normalise(apply(HEX.turns[1], list(HEX.normalise(pl.cells)))))
            first = min(pl.cells)
            moved = {
                (p[0] - turned[0][0] + first[0], p[1] - turned[0][1] + first[1]) for p in turned
            }
            shape = _js(driver, "document.querySelector(arguments[0]).dataset.shape", piece)
            note = _js(driver, "document.getElementById('p-note').textContent")
            board = driver.script("return window.ubongo.board()").splitlines()
            fits = moved <= figure
            seen.add(fits)
            lies = Placement(pl.piece, frozenset(moved) if fits else pl.cells)
            assert board == solution_rows(c.puzzle.figure, [lies], ps.pieces)
            if fits:
                assert shape == ";".join(",".join(map(str, p)) for p in turned) and note == ""
            else:
                assert note == f"{pl.piece} turned does not fit here: move it first."
    assert seen == {True, False}  # both ways were tried
    assert _errors(driver) == []


def test_a_tap_on_the_chosen_piece_turns_it_by_a_sixth(
    driver: WebDriver, made: tuple[PuzzleSet, str]
) -> None:
    """As on the board of squares: a first tap chooses a piece, a tap on the chosen one (mouse
    or finger) turns it as R does; the piece stays where it was."""
    from ubongo.solver.lattice import apply

    ps, url = made
    lattice = ps.pieces.lattice
    driver.s("POST", "/url", {"url": url})
    driver.log()
    c = next(iter(ps.combinations()))
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])", c.template, c.side, c.face
    )
    piece = f'#p-board g.pp[data-piece="{c.puzzle.pieces[0].name}"]'
    driver.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", piece)

    def shape() -> frozenset[tuple[int, ...]]:
        text = _js(driver, "document.querySelector(arguments[0]).dataset.shape", piece)
        return frozenset(tuple(map(int, p.split(","))) for p in text.split(";"))

    spot = driver.centre(piece + " polygon")
    driver.drag(spot, spot, "mouse")  # chosen, not turned
    chosen = shape()
    assert chosen == lattice.normalise(ps.pieces[c.puzzle.pieces[0].name].orientations[0])
    for kind in ("mouse", "touch"):
        before = shape()
        spot = driver.centre(piece + " polygon")
        driver.drag(spot, spot, kind)
        assert shape() == lattice.normalise(apply(lattice.turns[1], list(before))), kind
    assert _js(driver, "document.querySelector(arguments[0]).dataset.at || null", piece) is None
    assert _errors(driver) == []
