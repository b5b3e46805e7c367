"""A card drawn on the practice page ("Your own card", render/owncard.js) in a real browser:
the page's own search held to the library's answers on random figures (tiling counts, the
three hints, which pieces fit), its refusals, and a drawn card played to "Ubongo!" with real
pointer and key events.
"""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_browser import (  # the one browser driver of the page tests
    STATUS,
    WebDriver,
    _errors,
    _many_tilings_set,
    _shape,
    _turn_to,
    driver,  # noqa: F401  (a fixture)
)

from ubongo.cli import main
from ubongo.puzzles import bundled
from ubongo.render.html import Listing, page
from ubongo.solver import STANDARD, Puzzle, parse_figure
from ubongo.solver.analyze import analyze
from ubongo.solver.engine import solutions
from ubongo.solver.figure import Figure
from ubongo.solver.hints import Unsolvable, hint
from ubongo.solver.lattice import ONE_SIDED
from ubongo.solver.pieces import Piece, PieceSet
from ubongo.solver.regions import regions

ROWS, COLS = 8, 10  # the page's drawing grid (owncard.js)
Cell = tuple[int, int]


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("html") / "site"
    result = CliRunner().invoke(main, ["render", "--html", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "index.html").as_uri()


def _rows(cells: set[Cell]) -> list[str]:
    """The cells as a picture at the grid's top left (where the page draws them)."""
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    h, w = max(r for r, _ in cells) - top + 1, max(c for _, c in cells) - left + 1
    return [
        "".join("#" if (r + top, c + left) in cells else "." for c in range(w)) for r in range(h)
    ]


def _next_to(cells: set[Cell]) -> set[Cell]:
    return {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}


def _grown(rng: random.Random, pieces: PieceSet, names: list[str], apart: bool) -> set[Cell] | None:
    """A figure the pieces tile: each piece in a random turn, touching the ones before (one of
    them kept apart when ``apart``: a figure of two regions), inside the grid."""
    cells: set[Cell] = set()
    for i, name in enumerate(names):
        shape = sorted(rng.choice(sorted(pieces[name].orientations, key=sorted)))
        for _ in range(300):
            r, c = rng.randrange(ROWS), rng.randrange(COLS)
            put = {(r + y, c + x) for y, x in shape}
            inside = all(0 <= y < ROWS and 0 <= x < COLS for y, x in put)
            touch = bool(put & _next_to(cells)) != (apart and i == len(names) - 1)
            if inside and not put & cells and (not cells or touch):
                if apart and i == len(names) - 1 and put & _next_to(_next_to(cells)):
                    continue  # a square's gap at least, so the regions are two
                cells |= put
                break
        else:
            return None
    return cells


def _blob(rng: random.Random, area: int) -> set[Cell]:
    """A random connected figure of ``area`` squares inside the grid (often untileable)."""
    cells = {(rng.randrange(3, 5), rng.randrange(3, 6))}
    while len(cells) < area:
        r, c = rng.choice(sorted(_next_to(cells) - cells))
        if 0 <= r < ROWS and 0 <= c < COLS:
            cells.add((r, c))
    return cells


def _rectangle(rng: random.Random, pieces: PieceSet) -> tuple[set[Cell], list[str]] | None:
    """A rectangle and pieces of its area: the cards with many tilings, where the order of the
    tilings decides the hints."""
    h, w = rng.choice([(2, 6), (3, 4), (4, 3), (3, 5), (2, 7), (4, 4)])
    names = rng.sample(list(pieces), rng.randint(3, 4))
    if sum(pieces[n].area for n in names) != h * w:
        return None
    return {(r, c) for r in range(h) for c in range(w)}, names


def _cards(count: int, seed: int, pieces: PieceSet = STANDARD) -> list[dict[str, Any]]:
    """Random drawn cards (figure and pieces, in the set's order) with the library's answers:
    the tiling count, the three hints (or None for no tiling) and analyze's list."""
    order = list(pieces)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        kind = len(out) % 6
        names = rng.sample(order, rng.randint(2, 5))
        if kind in (0, 1, 2):
            cells = _grown(rng, pieces, names, apart=kind == 2)
        elif kind == 3:  # the pieces' area, any shape: often no tiling
            cells = _blob(rng, sum(pieces[n].area for n in names))
        elif kind == 4:
            made = _rectangle(rng, pieces)
            cells, names = made if made else (None, names)
        else:  # a figure of other pieces, some of them with another area
            cells = _grown(rng, pieces, rng.sample(order, len(names)), apart=False)
        if cells is None:
            continue
        names = sorted(names, key=order.index)
        out.append({"rows": _rows(cells), "pieces": names, **_library(cells, names, pieces)})
    return out


def _library(cells: set[Cell], names: list[str], pieces: PieceSet) -> dict[str, Any]:
    """What the library answers for a drawn card."""
    figure = Figure.from_cells(cells)
    puzzle = Puzzle(figure, pieces.resolve(names))
    fit = [[list(c.pieces), c.tilings] for k in (3, 4) for c in analyze(figure, k, pieces)]
    try:
        hints = [hint(puzzle, None, lv, pieces=pieces) for lv in (1, 2, 3)]
    except Unsolvable:
        return {"tilings": 0, "hints": None, "fit": fit}
    return {
        "tilings": sum(1 for _ in solutions(puzzle)),
        "hints": [{"hint": h.to_json(), "words": h.message()} for h in hints],
        "fit": fit,
    }


ASK = """const out = [], card = window.ubongo.card;
const tried = f => { try { return f(); } catch (e) { return {error: String(e)}; } };
for (const c of arguments[0]) {
  card.draw(c.rows);
  card.pieces(c.pieces);
  out.push({tilings: tried(() => card.tilings()), fit: tried(() => card.fit()),
            hints: [1, 2, 3].map(level => tried(() => card.hint(level)))});
}
return out;"""
"""Every card in one call: draw it, choose its pieces, ask the count, the hints, the fit."""


def test_the_pages_search_answers_as_the_library_on_random_cards(
    driver: WebDriver, page_url: str
) -> None:
    cards = _cards(90, seed=22)
    with_hints = [c for c in cards if c["hints"]]
    assert len(with_hints) >= 50 and len(cards) - len(with_hints) >= 10
    assert sum(c["tilings"] > 5 for c in cards) >= 5  # where the tilings' order decides
    assert sum(" region" in (c["hints"][0]["hint"]["area"] or "") for c in with_hints) >= 3
    assert any(h["hint"]["forced"] for c in with_hints for h in c["hints"])
    assert any(not h["hint"]["forced"] for c in with_hints for h in c["hints"])
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    _compare(driver, cards)


def _compare(driver: WebDriver, cards: list[dict[str, Any]]) -> None:
    """The page's answers for the cards are the library's."""
    got = driver.script(ASK, [{"rows": c["rows"], "pieces": c["pieces"]} for c in cards])
    for c, g in zip(cards, got, strict=True):
        at = (c["rows"], c["pieces"])
        assert g["fit"] == [{"pieces": p, "tilings": n} for p, n in c["fit"]], at
        if c["hints"] is None:  # the library finds no tiling: the page refuses, in one line
            for said in (g["tilings"], *g["hints"]):
                assert said["error"].startswith("Error: No tiling: "), at
                assert "\n" not in said["error"]
            continue
        assert g["tilings"] == c["tilings"], at
        assert g["hints"] == c["hints"], at
    assert _errors(driver) == []


def test_the_pages_search_answers_as_the_library_for_pieces_only_turned(
    driver: WebDriver, tmp_path: Path
) -> None:
    """One-sided pieces (turned, never turned over): their orientations, and the engine's
    order of them on a wide figure (the page data's ``turns``), decide the hints."""
    one_sided = PieceSet([Piece(p.name, p.code, p.shape, ONE_SIDED) for p in STANDARD.values()])
    ps = _many_tilings_set(random.Random(8), one_sided)
    listings = {
        (c.template, c.side, c.face): Listing(list(solutions(c.puzzle, engine="bitboard")), True)
        for c in ps.combinations()
    }
    (tmp_path / "page.html").write_text(page(ps, listings), encoding="utf-8")
    cards = _cards(60, seed=23, pieces=one_sided)
    assert sum(c["tilings"] >= 2 for c in cards) >= 10 and max(c["tilings"] for c in cards) > 5
    driver.s("POST", "/url", {"url": (tmp_path / "page.html").as_uri()})
    driver.log()
    _compare(driver, cards)


def test_the_page_refuses_what_it_cannot_answer(driver: WebDriver, page_url: str) -> None:
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    asked = """const card = window.ubongo.card, out = [];
const tried = f => { try { return String(f()); } catch (e) { return String(e); } };
card.draw([]); card.pieces(["I2"]);
out.push(tried(() => card.hint(1)), tried(() => card.fit()));
card.draw(["##########", "##########", "##########", "##########", ".#"]);
out.push(tried(() => card.tilings()));
card.draw(["##"]); card.pieces([]);
out.push(tried(() => card.hint(1)));
card.draw(["#####", "#####", "#####", "#####"]);
card.pieces(["I4", "L4", "O4", "L3", "Y5"]);
const was = card.limit(50);
out.push(tried(() => card.tilings()), tried(() => card.fit()));
card.limit(was);
out.push(tried(() => card.tilings()));
document.getElementById("o-fit").click();
out.push(document.getElementById("o-say").textContent);
card.draw(["#"]);
document.getElementById("o-fit").click();
out.push(document.getElementById("o-say").textContent);
card.draw(["###", "#.#"]); card.pieces(["I2", "I3"]);
document.getElementById("o-play").click();
out.push(document.getElementById("o-say").textContent, window.ubongo.board());
return out;"""
    said = driver.script(asked)
    assert said[0] == "Error: Draw the card's figure first: tap its squares on the grid."
    assert said[1] == said[0]
    assert said[2] == (
        "Error: Too large: the figure has 41 squares; the page searches figures of at most 40."
    )
    assert said[3] == "Error: Choose the die's pieces first."
    steps = "Error: Too hard for the page's search (more than 50 steps): ask ubongo hint or "
    assert said[4] == said[5] == steps + "ubongo analyze."
    figure = Figure.from_cells({(r, c) for r in range(4) for c in range(5)})
    names = ["I4", "L4", "O4", "L3", "Y5"]
    puzzle = Puzzle(figure, bundled().pieces.resolve(names))
    assert said[6] == str(sum(1 for _ in solutions(puzzle)))
    fit = len(analyze(figure, 4, bundled().pieces))
    assert said[7] == f"{fit} combinations of 3 or 4 pieces fit; choose one to try it:"
    assert said[8] == "No 3 or 4 of the set's pieces fit this figure."
    assert said[9] == "No tiling: these pieces cannot cover this figure."
    first = next(bundled().combinations())  # the board still shows the page's first card
    assert said[10] == "".join(row + "\n" for row in first.puzzle.figure.rows())
    assert _errors(driver) == []


def _cell(driver: WebDriver, r: int, c: int) -> tuple[int, int]:
    return driver.centre(f'#o-grid g.ocell[data-cell="{r},{c}"] rect')


def _click(driver: WebDriver, at: tuple[int, int], kind: str = "mouse") -> None:
    driver.drag(at, at, kind)


def test_a_card_drawn_by_pointer_and_keys_is_played_to_ubongo(
    driver: WebDriver, page_url: str
) -> None:
    """Draw '###/.##' (the mouse, a finger and the keys), choose L3 and I2 with clicks, ask a
    hint, play it on the board, put both pieces down from the hint's solution: Ubongo!"""
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script("document.getElementById('own-card').scrollIntoView()")
    for r, c in [(0, 0), (0, 1), (0, 2)]:
        _click(driver, _cell(driver, r, c))
    _click(driver, _cell(driver, 1, 1), "touch")
    _click(driver, _cell(driver, 5, 5))  # drawn, then rubbed out by a second click
    _click(driver, _cell(driver, 5, 5))
    driver.script("document.querySelector('#o-grid svg').focus()")  # as Tab would
    for k in "\ue013" * 4 + "\ue012" * 3:  # from 5,5 (the last square drawn) to 1,2
        driver.key(k)
    driver.key("\ue00d")  # Space draws
    driver.key("\ue014")
    driver.key("\ue007")  # Enter draws too, and rubs out again
    driver.key("\ue007")
    drawn = "return [...document.querySelectorAll('#o-grid g.ocell.on')].map(g => g.dataset.cell).sort()"  # noqa: E501
    assert driver.script(drawn) == ["0,0", "0,1", "0,2", "1,1", "1,2"]
    assert driver.script("return document.getElementById('o-where').textContent") == (
        "Row 2, column 4: empty"
    )
    driver.script("document.querySelector('#o-grid svg').blur()")
    assert driver.script("return document.getElementById('o-where').textContent") == ""
    for name in ("L3", "I2"):
        button = driver.find(f'#o-pieces button[data-piece="{name}"]')
        driver.s("POST", f"/element/{button}/click")
    labels = driver.script(
        "return [...document.querySelectorAll('#o-pieces button')].map(b => b.textContent)"
    )
    assert labels == list(bundled().pieces)  # every piece of the set, shown by its name
    pressed = "return [...document.querySelectorAll('#o-pieces button[aria-pressed=true]')].map(b => b.dataset.piece)"  # noqa: E501
    assert driver.script(pressed) == ["I2", "L3"]
    ps = bundled()
    puzzle = Puzzle(Figure.from_cells({(0, 0), (0, 1), (0, 2), (1, 1), (1, 2)}),
                    ps.pieces.resolve(["I2", "L3"]))  # fmt: skip
    button = driver.find('#own-card .o-hint[data-level="1"]')
    driver.s("POST", f"/element/{button}/click")
    said = driver.script("return document.getElementById('o-say').textContent")
    assert said == hint(puzzle, None, 1).message()
    button = driver.find('#own-card .o-hint[data-level="3"]')
    driver.s("POST", f"/element/{button}/click")
    solution = hint(puzzle, None, 3)
    colours = (
        "return [...document.querySelectorAll('#o-grid g.ocell.on rect')].map(r => r.style.fill)"  # noqa: E501
    )
    filled = driver.script(colours)  # each square in its piece's colour, in reading order
    assert len(set(filled)) == 2
    assert [filled.index(f) for f in filled] == [
        "".join(solution.solution_rows()).replace(".", "").index(ch)
        for ch in "".join(solution.solution_rows()).replace(".", "")
    ]
    names = "return [...document.querySelectorAll('#o-grid g.ocell text')].map(t => t.textContent).filter(t => t).sort()"  # noqa: E501
    assert driver.script(names) == ["I2", "L3"]  # each piece named once, as on the board

    play = driver.find("#o-play")
    driver.s("POST", f"/element/{play}/click")
    assert driver.script(STATUS) == "Your card: place the pieces: I2 L3"
    assert driver.script("return window.ubongo.board()") == "###\n.##\n"
    driver.script("document.getElementById('p-board').scrollIntoView()")
    for pl in solution.solution:  # each piece chosen, turned to its place, dragged there
        css = f'g.pp[data-piece="{pl.piece}"]'
        grip = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(grip, grip)
        _turn_to(driver, pl.piece, _shape(pl.cells))
        r, c = min(pl.cells)  # the piece's first square, in reading order, is its rect 0
        driver.drag(driver.centre(f'{css} rect[data-k="0"]'),
                    driver.centre(f'#p-board rect[data-cell="{r},{c}"]'))  # fmt: skip
    assert driver.script(STATUS).startswith("Ubongo!")
    start = driver.find("#p-start")  # "Start again" deals the drawn card again
    driver.s("POST", f"/element/{start}/click")
    assert driver.script("return window.ubongo.board()") == "###\n.##\n"
    assert _errors(driver) == []


DRAWN = "return [...document.querySelectorAll('#o-grid g.ocell.on')].map(g => g.dataset.cell)"


def test_a_mouse_drag_paints_a_finger_does_not(driver: WebDriver, page_url: str) -> None:
    """A mouse dragged with its button down draws every square it crosses (or rubs them out,
    when it started on a drawn one); a finger draws the square it touched only, since a swipe
    scrolls the page."""
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script("document.getElementById('own-card').scrollIntoView()")
    driver.drag(_cell(driver, 2, 1), _cell(driver, 2, 5))
    assert sorted(driver.script(DRAWN)) == [f"2,{c}" for c in range(1, 6)]
    driver.drag(_cell(driver, 2, 3), _cell(driver, 2, 5))  # from a drawn square: rubs out
    assert sorted(driver.script(DRAWN)) == ["2,1", "2,2"]
    driver.drag(_cell(driver, 4, 1), _cell(driver, 4, 5), "touch")
    assert sorted(driver.script(DRAWN)) == ["2,1", "2,2", "4,1"]
    assert _errors(driver) == []


@pytest.mark.parametrize("size", [(1280, 900), (360, 740)])
def test_the_card_panel_fits_the_window(
    driver: WebDriver, page_url: str, size: tuple[int, int], tmp_path: Path
) -> None:
    """Nothing of the panel runs off a desktop or a phone; its buttons are 44 px; a card with a
    solution drawn is kept as a screenshot (``UBONGO_SCREENSHOTS=DIR`` keeps the phone's there:
    README's picture)."""
    import base64
    import os

    driver.s("POST", "/window/rect", {"width": size[0], "height": size[1]})
    try:
        driver.s("POST", "/url", {"url": page_url})
        driver.script(
            "const c = window.ubongo.card; c.draw(['.##.', '####', '####', '.#..']);"
            "c.pieces(['I2', 'I4', 'P5']); document.querySelector('#own-card .o-hint[data-level=\"3\"]').click();"  # noqa: E501
            "document.getElementById('own-card').scrollIntoView();"
        )
        words = driver.script("return window.ubongo.card.hint(1).words")  # docs/FORMAT.md's
        puzzle = Puzzle(
            parse_figure(".##./####/####/.#.."), bundled().pieces.resolve(["I2", "I4", "P5"])
        )
        assert words == hint(puzzle, None, 1).message()
        width = driver.script("return document.documentElement.clientWidth")
        boxes = driver.script(
            "return [...document.querySelectorAll('#own-card button, #o-grid svg')].map(b => {"
            " const r = b.getBoundingClientRect();"
            " return [b.tagName, r.left, r.right, r.height]; })"
        )
        assert sum(tag == "BUTTON" for tag, *_ in boxes) == len(bundled().pieces) + 6
        assert all(left >= 0 and right <= width for _, left, right, _ in boxes)
        assert all(h >= 44 for tag, _, _, h in boxes if tag == "BUTTON")
        cells = driver.script(
            "return [...document.querySelectorAll('#o-grid g.ocell')].map(g => g.getBoundingClientRect().width)"  # noqa: E501
        )
        assert min(cells) >= 30  # a square a finger can hit
        png = base64.b64decode(driver.s("GET", "/screenshot"))
        (tmp_path / "card.png").write_bytes(png)
        keep = os.environ.get("UBONGO_SCREENSHOTS")
        if keep and size[0] == 360:  # README's picture
            Path(keep, "own-card-phone.png").write_bytes(png)
        assert _errors(driver) == []
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


def test_grown_figures_are_tiled_by_their_pieces() -> None:
    """The generator's own invariant: a grown figure is tiled by the pieces it was grown from,
    and one grown apart has two regions."""
    ps = bundled()
    rng = random.Random(3)
    for apart in (False, True) * 10:
        names = rng.sample(list(ps.pieces), 3)
        cells = _grown(rng, ps.pieces, names, apart)
        if cells is None:
            continue
        puzzle = Puzzle(Figure.from_cells(cells), ps.pieces.resolve(names))
        assert next(solutions(puzzle), None) is not None
        assert len(regions(puzzle.figure)) == (2 if apart else 1)
