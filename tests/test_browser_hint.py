"""The hint's words on a phone, in headless Chromium with the driver of tests/test_browser.py:
on squares, hexagons, triangles and cubes, at 360 x 740 and 740 x 360 (touch), a hint asked
with the hint buttons just scrolled into view is read without scrolling: every line of its
words lies inside the viewport, uncovered (the sticky row of turns once hid it), and the
figure, with the dashed target of levels 2 and 3, is still on screen and uncovered. On a phone
the sticky row keeps its height when a hint is shown (the status line gives its line to the
hint's words), so no tray piece the player saw goes under it, and the longest words fit; a
tray piece given the focus is scrolled above the row, not left under it."""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hextri import extreme_set, trigo_set
from test_browser import (  # noqa: F401  (driver: a fixture)
    WebDriver,
    _boards,
    _cdp,
    _errors,
    _screen,
    driver,
)
from test_sets3d import document

from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, bundled, parse_set
from ubongo.solver.engine import solutions
from ubongo.solver.hints import hint

SETS = {"squares": None, "hexagons": extreme_set, "triangles": trigo_set, "cubes": document}


@pytest.fixture(scope="module", params=list(SETS))
def tall(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A page of each lattice and its combination with the tallest figure (the hardest case:
    the most board between the status line and the buttons)."""
    folder = tmp_path_factory.mktemp(f"hint-{request.param}")
    args = ["render", "--html", str(folder / "site")]
    if SETS[request.param] is None:
        ps = bundled()
    else:
        doc = SETS[request.param]()
        (folder / "set.json").write_text(json.dumps(doc))
        args.insert(1, str(folder / "set.json"))
        ps = parse_set(doc)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    c = max(ps.combinations(), key=lambda c: (c.puzzle.figure.height, c.side == "hard"))
    return (folder / "site" / "index.html").as_uri(), c


SEEN = """const h = document.getElementById('p-hint'), view = [innerWidth, innerHeight];
const range = document.createRange();
range.selectNodeContents(h);
const mine = (r, e) => {  // the element on top at a box's middle, and whether it is `e`'s
  const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return !!at && e.contains(at);
};
const box = r => [r.left, r.top, r.right, r.bottom];
const lines = [...range.getClientRects()].filter(r => r.width > 0);
const figure = document.querySelector('#p-board g.pfigure, #p-layers');
const bar = document.getElementById('p-turns');
const marks = [...document.querySelectorAll('#p-board .hinted, #p-layers rect.hinted')];
return {view, text: h.textContent,
  lines: lines.map(r => [...box(r), mine(r, h)]),
  figure: box(figure.getBoundingClientRect()),
  status: [...box(document.getElementById('p-status').getBoundingClientRect()),
    mine(document.getElementById('p-status').getBoundingClientRect(),
      document.getElementById('p-status'))],
  statusText: document.getElementById('p-status').textContent,
  marks: marks.map(m => [...box(m.getBoundingClientRect()),
    !bar || !bar.contains(document.elementFromPoint(...(r => [(r.left + r.right) / 2,
      (r.top + r.bottom) / 2])(m.getBoundingClientRect())))])}"""


PUT = """const box = e => (r => [r.left, r.top, r.right, r.bottom])(e.getBoundingClientRect());
return [box(document.querySelector(arguments[0])),
  box(document.querySelector('#p-board svg, #p-layers')), scrollY]"""
"""Where a button and the board are on screen: a hint shown moves neither (nothing under the
finger moves)."""

SCROLL = """const board = document.querySelector('#p-board, #p-layers');
board.scrollIntoView({block: arguments[1]});
const bar = document.getElementById('p-turns');  // the board's foot just above the sticky row
const under = bar ? board.getBoundingClientRect().bottom - bar.getBoundingClientRect().top : 0;
if (arguments[1] === 'end' && under > 0) scrollBy(0, under);
document.querySelector(arguments[0]).scrollIntoView({block: 'nearest'});"""
"""The board brought into view as a player sees it whole, its top at the screen's top (start)
or its foot at the screen's (end: above the sticky row of turns), then the hint button
scrolled into view as little as it takes."""


def _inside(box: list[float], view: list[int]) -> bool:
    left, top, right, bottom = box[:4]
    return left >= -0.5 and top >= -0.5 and right <= view[0] + 0.5 and bottom <= view[1] + 0.5


@pytest.mark.parametrize("width,height", [(360, 740), (740, 360)])
@pytest.mark.parametrize("where", ["start", "end"])
def test_a_hint_asked_on_a_phone_is_seen_with_the_figure(
    driver: WebDriver, tall: Any, width: int, height: int, where: str
) -> None:
    """The board scrolled to the screen's top (or foot), then its hint button into view: a tap
    on each hint level moves neither button nor board, and shows its words whole and uncovered,
    the figure on screen and the level 2 and 3 target in view and uncovered."""
    url, c = tall
    combo = (c.template, c.side, c.face)
    with _screen(driver, width, height, touch=True):
        driver.s("POST", "/url", {"url": url})
        driver.log()
        driver.script("window.ubongo.select(...arguments)", *combo)
        for level in (1, 2, 3):
            button = f"button.p-hint[data-level='{level}']"
            driver.script(SCROLL, button, where)
            x, y = driver.centre(button)
            was = driver.script(PUT, button)
            driver.drag((x, y), (x, y), "touch")  # a tap where the player sees the button
            seen = driver.script(SEEN)
            what = (combo, level, seen)
            assert driver.script(PUT, button) == was, what  # the button and board stayed put
            assert seen["text"] and seen["lines"], what
            assert all(_inside(line, seen["view"]) and line[4] for line in seen["lines"]), what
            assert _inside(seen["figure"], seen["view"]), what
            if level > 1:
                assert seen["marks"], what
                assert all(_inside(m, seen["view"]) and m[4] for m in seen["marks"]), what
        assert _errors(driver) == []


@pytest.mark.parametrize("width,height", [(360, 740), (740, 360)])
def test_ubongo_is_seen_where_the_last_piece_goes(
    driver: WebDriver, tall: Any, width: int, height: int
) -> None:
    """With the board's top at the screen's top (its status line above, out of sight), the
    last piece put down shows "Ubongo!" in view and uncovered."""
    url, c = tall
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    with _screen(driver, width, height, touch=True):
        driver.s("POST", "/url", {"url": url})
        driver.log()
        driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
        driver.script("document.querySelector('#p-board, #p-layers').scrollIntoView()")
        for pl in tiling:
            driver.script("window.ubongo.place(...arguments)", pl.piece, sorted(pl.cells))
        seen = driver.script(SEEN)
        assert seen["statusText"].startswith("Ubongo!"), seen
        assert _inside(seen["status"], seen["view"]) and seen["status"][4], seen
        assert _errors(driver) == []


ROW = """const top = e => Math.round(e.getBoundingClientRect().top);
const bar = document.getElementById('p-turns');
if (!bar) return null;  // the cubes' page: no sticky row
const turn = top(document.getElementById('p-rotate'));
return [...document.querySelectorAll('button.p-hint')].map(b => [bar.contains(b), top(b) - turn])"""


SIZES = [(360, 740, True), (560, 800, False), (740, 360, True), (1280, 900, False)]
"""A phone, a narrow desktop window, a landscape phone, a desktop: width, height, touch."""


@pytest.mark.parametrize("width,height,touch", SIZES)
def test_hint_buttons_in_the_sticky_row_only_beside_the_turns(
    driver: WebDriver, tall: Any, width: int, height: int, touch: bool
) -> None:
    """The hint buttons are in the sticky row only where they fit on the turns' line: on a
    window too narrow for that they stay under it (the row would hide more of the board);
    the cubes' page has no sticky row."""
    url, c = tall
    with _screen(driver, width, height, touch=touch):
        driver.s("POST", "/url", {"url": url})
        driver.log()
        driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
        placed = driver.script(ROW)
        if c.puzzle.figure.lattice.layered:
            assert placed is None  # the cubes' hint buttons are in their own panel
            return
        assert all(not inside or dy == 0 for inside, dy in placed), placed
        assert [inside for inside, _ in placed] == [width >= 740] * 3, placed
        assert _errors(driver) == []


EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PAGES = {"squares": None, "hexagons": "extreme-style.json", "triangles": "trigo-style.json"}
"""The bundled set and the made-up sets of examples/: boards as tall as a phone holds."""


@pytest.fixture(scope="module", params=list(PAGES))
def page_of(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[PuzzleSet, str]:
    """A set of each flat lattice and the URL of its practice page."""
    site = tmp_path_factory.mktemp(f"foot-{request.param}") / "site"
    name = PAGES[request.param]
    result = CliRunner().invoke(main, ["render", *([str(EXAMPLES / name)] if name else []),
                                       "--html", str(site)])  # fmt: skip
    assert result.exit_code == 0, result.output
    ps = bundled() if name is None else parse_set(json.loads((EXAMPLES / name).read_text()))
    return ps, (site / "index.html").as_uri()


LOWEST = """const data = JSON.parse(document.getElementById('ubongo-data').textContent);
let best = null, low = -Infinity;
for (const t of data.templates) for (const s of t.sides) for (const f of s.faces) {
  window.ubongo.select(t.id, s.side, f.face);
  const bottom = Math.max(...[...document.querySelectorAll('#p-board g.pp')]
    .map(g => g.getBoundingClientRect().bottom));
  if (bottom > low) { low = bottom; best = [t.id, s.side, f.face]; }
}
return best;"""
"""The combination whose tray reaches lowest on the page: the board that needs the most
scrolling to see whole."""

FOOT = """const board = document.getElementById('p-board');
const bar = document.getElementById('p-turns');
board.scrollIntoView({block: 'end'});
const under = board.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
if (under > 0) scrollBy(0, under);
return scrollY;"""
"""The board scrolled to its foot: its lowest tray piece just above the sticky row, as a player
sees the whole tray; returns the scroll position."""

CLEAR = """const top = document.getElementById('p-turns').getBoundingClientRect().top;
const h = document.getElementById('p-hint'), hr = h.getBoundingClientRect();
return {top, height: document.getElementById('p-turns').offsetHeight, text: h.textContent,
  pieces: [...document.querySelectorAll('#p-board g.pp:not(.placed)')]
    .map(g => [g.dataset.piece, g.getBoundingClientRect().bottom]),
  words: h.scrollHeight <= h.clientHeight && hr.top >= 0 && hr.bottom <= innerHeight}"""


def test_no_hint_grows_the_sticky_row_over_the_tray(
    driver: WebDriver, page_of: tuple[PuzzleSet, str]
) -> None:
    """At 360 x 740 (touch), the board that reaches lowest scrolled to its foot: after each
    hint level, asked with its button and the page scrolled back to the foot the player saw,
    the sticky row is as high as it was and every tray piece still lies above it (the row
    grew by the hint's line, over the lowest piece), the hint's words whole in their line."""
    with _screen(driver, 360, 740, touch=True):
        driver.s("POST", "/url", {"url": page_of[1]})
        driver.log()
        combo = driver.script(LOWEST)
        driver.script("window.ubongo.select(...arguments)", *combo)
        y = driver.script(FOOT)
        before = driver.script(CLEAR)
        assert all(bottom <= before["top"] + 0.5 for _, bottom in before["pieces"]), before
        for level in (1, 2, 3):
            button = f"button.p-hint[data-level='{level}']"
            driver.script("document.querySelector(arguments[0]).scrollIntoView({block: 'nearest'})",
                          button)  # fmt: skip
            x, yb = driver.centre(button)
            driver.drag((x, yb), (x, yb), "touch")
            driver.script("scrollTo(0, arguments[0])", y)
            seen = driver.script(CLEAR)
            what = (combo, level, before, seen)
            assert seen["text"] and seen["words"], what
            assert seen["height"] == before["height"], what  # the row is as high as it was
            assert len(seen["pieces"]) == len(before["pieces"]), what
            assert all(bottom <= seen["top"] + 0.5 for _, bottom in seen["pieces"]), what
        assert _errors(driver) == []


LONG = """const h = document.getElementById('p-hint'), row = document.getElementById('p-turns');
window.ubongo.select(...arguments[0]);
for (const [piece, cells] of arguments[1]) window.ubongo.place(piece, cells);
const high = row.offsetHeight;
document.querySelector("button.p-hint[data-level='1']").click();
return {text: h.textContent, high, now: row.offsetHeight, small: h.classList.contains('long'),
  whole: h.scrollHeight <= h.clientHeight}"""
"""A board put down, then the level-1 hint asked: its words, whether they are smaller, whether
their box holds them all (none scrolled out of sight), the sticky row's height before and
after."""


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844), (740, 360)])
def test_the_longest_hint_words_are_whole_in_a_row_that_keeps_its_height(
    driver: WebDriver, page_of: tuple[PuzzleSet, str], width: int, height: int
) -> None:
    """The longest words of level-1 hints on random boards (a board that cannot be completed,
    then a piece in a region's corner) are read whole in the sticky row, in smaller type
    where two lines do not hold them, and the row keeps its height."""
    ps, url = page_of
    boards = _boards(ps, 40, seed=3)
    longest = sorted(boards, key=lambda b: len(_words(ps, b)))[-3:]
    assert any(b["hints"][0].get("take_back") for b in longest), longest
    with _screen(driver, width, height, touch=True):
        driver.s("POST", "/url", {"url": url})
        driver.log()
        small = []
        for b in longest:
            seen = driver.script(LONG, b["combo"], b["placed"])
            assert seen["text"] == _words(ps, b), seen
            assert seen["whole"] and seen["now"] == seen["high"], (b["combo"], seen)
            small.append(seen["small"])
        assert any(small) or width > 480, small  # a phone's line holds them only smaller
        assert _errors(driver) == []


def _words(ps: PuzzleSet, board: dict[str, Any]) -> str:
    """The library's words of a board's level-1 hint."""
    c = next(c for c in ps.combinations() if [c.template, c.side, c.face] == board["combo"])
    return hint(c.puzzle, board["board"].splitlines(), 1, pieces=ps.pieces).message()


PLACE = """const s = document.getElementById('p-status');
return [s.parentNode.id, s.nextElementSibling.id, document.getElementById('p-board').offsetTop]"""
"""Where the status line is: its parent, the element after it, and the board's top."""


def test_the_status_line_rides_in_the_row_on_a_phone_held_upright(
    driver: WebDriver, page_of: tuple[PuzzleSet, str]
) -> None:
    """On a phone held upright the status line is in the sticky row, before the hint's words;
    turned on its side (the same page, resized) it goes back above the board, and back again:
    the board sits lower by the status line where it is above it."""
    with _screen(driver, 360, 740, touch=True):
        driver.s("POST", "/url", {"url": page_of[1]})
        driver.log()
        upright = driver.script(PLACE)
        assert upright[:2] == ["p-turns", "p-hint"], upright
        for width, height, where in [(740, 360, ["practice", "p-board"]), (360, 740, upright[:2])]:
            metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
            _cdp(driver, "Emulation.setDeviceMetricsOverride", metrics)
            placed = driver.script(PLACE)
            assert placed[:2] == where, (width, placed)
            if width > height:
                assert placed[2] > upright[2], (upright, placed)
        assert _errors(driver) == []


FOCUS = """const gs = [...document.querySelectorAll('#p-board g.pp')];
const low = g => g.getBoundingClientRect().bottom;
const g = gs.reduce((a, b) => (low(a) >= low(b) ? a : b));
scrollBy(0, low(g) - innerHeight + 1);  // in the viewport, its foot at the screen's foot
const row = document.getElementById('p-turns').getBoundingClientRect().top, was = low(g);
g.focus();
return [g.dataset.piece, document.activeElement === g, was - row, low(g),
  document.getElementById('p-turns').getBoundingClientRect().top]"""
"""The lowest tray piece scrolled to the screen's foot, under the sticky row, then given the
focus as Tab gives it: is it focused, how far its foot was below the row's top, its foot and
the row's top after."""


@pytest.mark.parametrize("width,height", [(360, 480), (1280, 320)])
def test_a_piece_given_the_focus_is_scrolled_above_the_sticky_row(
    driver: WebDriver, page_of: tuple[PuzzleSet, str], width: int, height: int
) -> None:
    """The lowest tray piece of the board that reaches lowest, at the screen's foot under the
    sticky row, given the focus, is scrolled into view above the row, not left under it (the
    row's height is the page's scroll padding at the foot)."""
    with _screen(driver, width, height, touch=False):
        driver.s("POST", "/url", {"url": page_of[1]})
        driver.log()
        combo = driver.script(LOWEST)
        driver.script("window.ubongo.select(...arguments)", *combo)
        piece, focused, under, foot, top = driver.script(FOCUS)
        assert under > 0, (combo, piece, under)  # the piece was under the row
        assert focused and foot <= top + 0.5, (combo, piece, foot, top)
        assert _errors(driver) == []
