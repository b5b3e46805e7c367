"""The practice page of a 3D set in headless Chromium, with the driver of tests/test_browser.py:
a combination played to "Ubongo!" by the buttons and pointer taps, and by the keys alone; the
words that refuse a block; hints equal to the library's on random half-built boards; a
360-pixel phone. ``UBONGO_SCREENSHOTS=DIR`` keeps the pictures (docs/3d-practice.png is made so).
"""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import base64
import json
import os
import random
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_browser import (  # the one browser driver and the hint comparison of the 2D page
    ENTER,
    ESCAPE,
    STATUS,
    TAB,
    WebDriver,
    _boards,
    _compare,
    _errors,
    driver,  # noqa: F401  (a fixture)
)
from test_sets3d import document

from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, parse_set
from ubongo.solver import Puzzle, parse_figure
from ubongo.solver.engine import solutions
from ubongo.solver.hints import hint
from ubongo.solver.lattice import normalise
from ubongo.solver.pieces import PieceSet
from ubongo.solver.puzzle import Placement, solution_rows

Point = tuple[int, int, int]
TURNS: dict[str, Callable[[Point], Point]] = {  # what the three buttons promise a player
    "spin": lambda p: (p[0], p[2], -p[1]),  # flat, clockwise seen from above
    "tip": lambda p: (-p[1], p[0], p[2]),  # the top towards the front (rows grow to the front)
    "roll": lambda p: (-p[2], p[1], p[0]),  # the top to the right
}
BUTTONS = {"spin": "#p-spin", "tip": "#p-tip", "roll": "#p-roll-side"}
KEYS = {"spin": "r", "tip": "t", "roll": "y"}
PAGE_UP, PAGE_DOWN = "\ue00e", "\ue00f"
STEPS = {(1, 0, 0): PAGE_UP, (-1, 0, 0): PAGE_DOWN, (0, -1, 0): "\ue013", (0, 1, 0): "\ue015"}
STEPS |= {(0, 0, -1): "\ue012", (0, 0, 1): "\ue014"}


def _shape_key(cells: Any) -> str:
    return ";".join(",".join(map(str, p)) for p in sorted(normalise(cells)))


def _turns(start: frozenset[Point], goal: frozenset[Point]) -> list[str]:
    """The fewest button presses that turn a block from ``start`` to ``goal`` (normalised)."""
    seen: dict[frozenset[Point], list[str]] = {start: []}
    todo = deque([start])
    while todo:
        now = todo.popleft()
        if now == goal:
            return seen[now]
        for name, f in TURNS.items():
            nxt = normalise(f(p) for p in now)
            if nxt not in seen:
                seen[nxt] = [*seen[now], name]
                todo.append(nxt)
    raise AssertionError(f"{sorted(goal)} is no turn of {sorted(start)}")


@pytest.fixture(scope="module")
def cards() -> PuzzleSet:
    """The 2009-style card of tests/test_sets3d.py: two footprints per side, rows on ranges."""
    return parse_set(document())


@pytest.fixture(scope="module")
def cards_url(tmp_path_factory: pytest.TempPathFactory, cards: PuzzleSet) -> str:
    folder = tmp_path_factory.mktemp("html3d")
    path = folder / "cards.json"
    path.write_text(json.dumps(document()))
    result = CliRunner().invoke(main, ["render", str(path), "--html", str(folder / "site")])
    assert result.exit_code == 0, result.output
    return (folder / "site" / "index.html").as_uri()


def _js(driver: WebDriver, expr: str) -> Any:
    return driver.script(f"return {expr}")


def _hand(driver: WebDriver) -> tuple[str | None, str | None]:
    """The chosen block and its shape as the page shows it."""
    chosen = "document.querySelector('#p-blocks .pb.chosen')"
    shown = "document.querySelector('#p-hand-view svg')"
    return (
        _js(driver, f"{chosen} && {chosen}.dataset.piece"),
        _js(driver, f"{shown} && {shown}.dataset.shape"),
    )


def _cell(z: int, r: int, c: int) -> str:
    return f'#p-layers g.cell[data-cell="{z},{r},{c}"] rect'


def _tap(driver: WebDriver, css: str, kind: str = "mouse") -> None:
    """A press and release on an element (scrolled into view): a click or a tap."""
    driver.script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", css)
    spot = driver.centre(css)
    driver.drag(spot, spot, kind)


def _turn_by(driver: WebDriver, pieces: PieceSet, pl: Placement, n: int) -> None:
    """Turn the chosen block to the placement's shape: buttons on even ``n``, keys on odd."""
    start = frozenset(pieces[pl.piece].orientations[0])
    for name in _turns(start, normalise(pl.cells)):
        if n % 2:
            driver.key(KEYS[name])
        else:
            driver.s("POST", f"/element/{driver.find(BUTTONS[name])}/click")
    assert _hand(driver) == (pl.piece, _shape_key(pl.cells))


def test_buttons_and_taps_play_a_3d_combination_to_ubongo(
    driver: WebDriver, cards_url: str, cards: PuzzleSet
) -> None:
    """Choose each block in the tray, turn it by buttons (or keys), tap the square its dotted
    cube goes on (or drag it there); a tap on a placed block picks it up; refusals are said in
    words."""
    c = cards.combination("1", "hard", "2")  # A B C J on the first hard footprint: one tiling
    (tiling,) = solutions(c.puzzle, engine="bitboard")
    driver.s("POST", "/url", {"url": cards_url})
    driver.log()
    row = driver.find('g.combo[data-combo="1-hard-2"]')  # a row of the card as printed ...
    driver.s("POST", f"/element/{row}/click")
    assert _js(driver, "document.getElementById('p-face').value") == "2"  # ... opens on the board
    assert _js(driver, "document.querySelectorAll('#p-layers svg').length") == 2
    assert driver.script(STATUS) == "Place the blocks: A B C J"
    driver.script("document.getElementById('p-layers').scrollIntoView()")
    for n, pl in enumerate(tiling):
        driver.s("POST", f"/element/{driver.find(f'#p-blocks .pb[data-piece={pl.piece}]')}/click")
        _turn_by(driver, cards.pieces, pl, n)
        if n == len(tiling) - 1:  # the last block dragged from its picture onto its square
            driver.script("document.getElementById('p-play').scrollIntoView()")
            driver.drag(driver.centre("#p-hand-view svg"), driver.centre(_cell(*min(pl.cells))))
        else:
            _tap(driver, _cell(*min(pl.cells)), "touch" if n % 2 else "mouse")
        assert _js(driver, f"document.querySelector('#p-blocks .pb[data-piece={pl.piece}]')"
                   ".classList.contains('placed')"), pl  # fmt: skip
    assert driver.script(STATUS).startswith("Ubongo!")
    board = driver.script("return window.ubongo.board()")
    assert board.splitlines() == solution_rows(c.puzzle.figure, tiling, cards.pieces)
    # a tap on a placed block picks it up; put down anywhere else, it is refused in words
    pl = tiling[0]
    z, r, col = min(pl.cells)
    _tap(driver, _cell(z, r, col))
    assert _hand(driver)[0] == pl.piece and "Ubongo" not in driver.script(STATUS)
    wrong = max(pl.cells)  # the only empty squares are the block's own: any other is refused
    _tap(driver, _cell(*wrong))
    said = _js(driver, "document.getElementById('p-note').textContent")
    assert said.startswith(f"{pl.piece} does not fit there: it would "), said
    assert _js(driver, "document.querySelectorAll('#p-layers .ghost').length") > 0
    _tap(driver, _cell(z, r, col))
    assert driver.script(STATUS).startswith("Ubongo!")
    assert _errors(driver) == []


def _focused(driver: WebDriver) -> Any:
    return _js(driver, "document.activeElement.id || document.activeElement.dataset.piece || null")


def test_the_keyboard_alone_plays_a_3d_combination(
    driver: WebDriver, cards_url: str, cards: PuzzleSet
) -> None:
    """Tab to a block and Enter; R, T, Y turn it; arrows and Page Up/Down carry it; Enter puts
    it down and the next block comes to hand; Escape puts a picked-up block back."""
    c = cards.combination("1", "easy", "6")  # the row 5-7 on the second footprint
    assert c.face == "5-7"
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.s("POST", "/url", {"url": cards_url})
    driver.log()
    driver.script("window.ubongo.select('1', 'easy', '5-7')")
    driver.script("document.getElementById('p-clear').focus()")
    first = tiling[0].piece
    for _ in range(6):
        if _focused(driver) == first:
            break
        driver.key(TAB)
    assert _focused(driver) == first
    for _ in range(4):  # a whole turn: the focus stays on the block's button
        driver.key("r")
    assert _focused(driver) == first
    driver.key(ENTER)
    assert _focused(driver) == "p-layers" and _hand(driver)[0] == first
    order = [first] + [pl.piece for pl in tiling if pl.piece != first]
    for n, name in enumerate(order):
        pl = next(x for x in tiling if x.piece == name)
        if _hand(driver)[0] != name:  # the next block to hand is the tray's next: choose another
            driver.script("document.querySelector(arguments[0]).focus()", f".pb[data-piece={name}]")
            driver.key(ENTER)
        _turn_by(driver, cards.pieces, pl, 1)
        target = min(pl.cells)
        for _ in range(12):
            now = tuple(int(v) for v in _js(driver, "document.getElementById('p-layers')"
                                                    ".dataset.cursor").split(","))  # fmt: skip
            if now == target:
                break
            axis = next(a for a in range(3) if now[a] != target[a])
            step = tuple(int(a == axis) * (1 if target[a] > now[a] else -1) for a in range(3))
            driver.key(STEPS[step])
        driver.key(ENTER)
        assert _js(driver, f"document.querySelector('.pb[data-piece={name}]').classList"
                   ".contains('placed')"), (n, name)  # fmt: skip
    assert driver.script(STATUS).startswith("Ubongo!")
    assert driver.script("return window.ubongo.board()").splitlines() == solution_rows(
        c.puzzle.figure, tiling, cards.pieces
    )
    driver.script("document.querySelector(arguments[0]).focus()", f".pb[data-piece={first}]")
    driver.key(ENTER)  # a placed block picked up again ...
    assert "Ubongo" not in driver.script(STATUS) and _hand(driver)[0] == first
    driver.key(ESCAPE)  # ... and put back where it was
    assert driver.script(STATUS).startswith("Ubongo!")
    assert _errors(driver) == []


def test_turning_with_no_block_and_the_hint_words(
    driver: WebDriver, cards_url: str, cards: PuzzleSet
) -> None:
    c = cards.combination("1", "hard", "1")  # A H I M: 37 tilings
    driver.s("POST", "/url", {"url": cards_url})
    driver.log()
    driver.script("window.ubongo.select('1', 'hard', '1')")
    first = next(solutions(c.puzzle, engine="bitboard"))[0]
    driver.script("window.ubongo.place(arguments[0], arguments[1])", first.piece,
                  sorted(first.cells))  # fmt: skip
    rows = solution_rows(c.puzzle.figure, [first], cards.pieces)
    for level in (1, 2, 3):
        button = driver.find(f"button.p-hint[data-level='{level}']")
        driver.s("POST", f"/element/{button}/click")
        said = _js(driver, "document.getElementById('p-hint').textContent")
        assert said == hint(c.puzzle, rows, level, pieces=cards.pieces).message()
    drawn = _js(driver, "document.querySelectorAll('#p-layers rect.hinted').length")
    assert drawn == c.puzzle.figure.area - len(first.cells)  # level 3 shows the rest
    driver.s("POST", f"/element/{driver.find('#p-spin')}/click")  # turning keeps the hint
    assert _js(driver, "document.getElementById('p-hint').textContent") == said
    # every block placed: the turn buttons say what to do instead of nothing
    for pl in next(solutions(c.puzzle, engine="bitboard"))[1:]:
        driver.script("window.ubongo.place(arguments[0], arguments[1])", pl.piece,
                      sorted(pl.cells))  # fmt: skip
    assert driver.script(STATUS).startswith("Ubongo!")
    driver.s("POST", f"/element/{driver.find('#p-tip')}/click")
    assert "Choose a block first" in _js(driver, "document.getElementById('p-note').textContent")
    assert _errors(driver) == []


FOOTPRINTS = [["###", "###"], ["##", "##", "##"], ["####", "##.."], ["###", "###", "#.."],
              ["####", "####"], ["##", "##", "##", "#."]]  # fmt: skip
"""Made-up footprints, wider and taller than deep, so the engine reads their axes in each order."""


def _many_tilings_3d(rng: random.Random, pieces: PieceSet) -> dict[str, Any]:
    """A 3D set whose combinations have 2 to 60 tilings, where their order decides the hints."""
    names = list(pieces)
    templates = []
    for i, rows in enumerate(FOOTPRINTS):
        figure = parse_figure(rows, height=2, lattice=pieces.lattice)
        combos: list[list[str]] = []
        for _ in range(4000):
            combo = rng.sample(names, rng.randint(3, 4))
            if sum(pieces[n].area for n in combo) != figure.area:
                continue
            puzzle = Puzzle(figure, pieces.resolve(combo))
            if 2 <= sum(1 for _ in solutions(puzzle, engine="bitboard", limit=60)) < 60:
                combos.append(combo)
                if len(combos) == 3:
                    break
        templates.append({"id": f"F{i}", "hard": {"figure": rows, "combos": combos}})
    return {**document(), "name": "footprints", "die": ["1", "2", "3"], "templates": templates}


def test_page_hints_equal_the_library_on_random_3d_boards(
    driver: WebDriver, cards: PuzzleSet, tmp_path: Path
) -> None:
    data = _many_tilings_3d(random.Random(3), cards.pieces)
    assert sum(len(t["hard"]["combos"]) for t in data["templates"]) >= 12
    path = tmp_path / "footprints.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["render", str(path), "--html", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    driver.s("POST", "/url", {"url": (tmp_path / "site" / "index.html").as_uri()})
    driver.log()
    boards = _boards(parse_set(data), 50, seed=5)
    assert sum(1 for b in boards if "take_back" in b["hints"][0]) >= 6
    _compare(driver, boards)
    assert _errors(driver) == []


def test_the_3d_page_fits_a_phone(driver: WebDriver, cards_url: str, cards: PuzzleSet) -> None:
    """At 360 px: nothing wider than the screen, both layers side by side, and the first screen
    from the status line down shows the layers, every block and the turn buttons."""
    driver.s("POST", "/window/rect", {"width": 360, "height": 740})
    try:
        driver.s("POST", "/url", {"url": cards_url})
        driver.log()
        width = _js(driver, "window.innerWidth")
        driver.script("window.ubongo.select('1', 'hard', '6')")  # the wider hard footprint
        assert _js(driver, "document.scrollingElement.scrollWidth") <= width
        layers = _js(driver, "[...document.querySelectorAll('#p-layers svg')]"
                     ".map(s => { const r = s.getBoundingClientRect(); return [r.left, r.right, r.top]; })")  # fmt: skip  # noqa: E501
        assert len(layers) == 2 and layers[0][2] == layers[1][2]  # side by side
        assert all(left >= 0 and right <= width for left, right, _ in layers)
        driver.script("document.getElementById('p-status').scrollIntoView()")
        for css in ("p-blocks", "p-roll-side"):  # the blocks and the last turn button
            bottom = _js(driver, f"document.getElementById('{css}').getBoundingClientRect().bottom")
            assert bottom <= _js(driver, "window.innerHeight"), css
        height = _js(driver, "Math.min(...[...document.querySelectorAll('#practice button')]"
                     ".map(b => b.getBoundingClientRect().height))")  # fmt: skip
        assert height >= 44  # touch targets
        _pictures(driver, cards, "3d-practice-phone.png")
        assert _errors(driver) == []
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})
    _pictures(driver, cards, "3d-practice.png")


def _pictures(driver: WebDriver, cards: PuzzleSet, name: str) -> None:
    """With UBONGO_SCREENSHOTS: the practice board mid-game, two blocks down and a level-2
    hint shown (README's picture)."""
    shots = os.environ.get("UBONGO_SCREENSHOTS")
    if not shots:
        return
    c = cards.combination("1", "hard", "1")
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.script("window.ubongo.select('1', 'hard', '1')")
    for pl in tiling[:2]:
        driver.script("window.ubongo.place(arguments[0], arguments[1])", pl.piece,
                      sorted(pl.cells))  # fmt: skip
    where = driver.find("button.p-hint[data-level='2']")
    driver.s("POST", f"/element/{where}/click")
    driver.script("document.getElementById('practice').scrollIntoView()")
    practice = driver.find("#practice")
    png = base64.b64decode(driver.s("GET", f"/element/{practice}/screenshot"))
    Path(shots, name).write_bytes(png)


def test_ubongo_after_the_sand_timer_ran_out_says_so(
    driver: WebDriver, cards_url: str, cards: PuzzleSet
) -> None:
    c = cards.combination("1", "hard", "2")
    driver.s("POST", "/url", {"url": cards_url})
    driver.log()
    driver.script(
        "document.getElementById('p-timer-on').checked = true;"
        "document.getElementById('p-seconds').value = '1';"
        "window.ubongo.select('1', 'hard', '2')"
    )
    time.sleep(1.6)
    assert driver.script(STATUS) == "Time is up!"
    for pl in next(solutions(c.puzzle, engine="bitboard")):
        driver.script("window.ubongo.place(arguments[0], arguments[1])", pl.piece,
                      sorted(pl.cells))  # fmt: skip
    said = driver.script(STATUS)
    assert said.startswith("Ubongo! in ") and said.endswith(" s, after the time ran out"), said
    assert _errors(driver) == []
