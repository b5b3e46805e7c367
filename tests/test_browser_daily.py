"""The daily puzzle on the 2D practice page in headless Chromium (render/daily.js): picks equal
to generator/daily.py's, a daily puzzle played to "Ubongo!" by pointer drags and by keys, the
shared text, a streak over two days on an injected clock, links that open a day's puzzle, and
a history that survives missing or corrupt storage. ``UBONGO_SCREENSHOTS=DIR`` keeps the
screenshots of a solved daily puzzle at 1280x900 and 360x740."""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import base64
import datetime
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_browser import (  # the one browser driver and its helpers
    ENTER,
    TAB,
    WebDriver,
    _carry,
    _errors,
    _focused_piece,
    _shape,
    _turn_to,
    driver,  # noqa: F401
    focus_ring,
    png_pixels,
)

from ubongo.cli import main
from ubongo.generator.daily import CLASSES, classes, pick, rate, weight
from ubongo.puzzles import bundled
from ubongo.puzzles.sets import Combination
from ubongo.solver.engine import solutions

D1 = datetime.date(2026, 11, 28)
D2 = D1 + datetime.timedelta(days=1)
SHARE = "return document.getElementById('p-daily-share').value"
STATUS = "return document.getElementById('p-status').textContent"
NOW = "return document.querySelector('#p-daily .d-now').textContent"
STREAK = "return document.querySelector('#p-daily .d-streak').textContent"


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The standard set's page, opened from a file (file://, as from a USB stick)."""
    out = tmp_path_factory.mktemp("daily") / "site"
    result = CliRunner().invoke(main, ["render", "standard", "--html", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "index.html").as_uri()


def _pools() -> dict[str, tuple[tuple[str, str, str], ...]]:
    ps = bundled("standard")
    found = classes(rate(ps, ((c.template, c.side, c.face) for c in ps.combinations())))
    assert found is not None
    return dict(found.pools)


def _combination(key: tuple[str, str, str]) -> Combination:
    return next(
        c for c in bundled("standard").combinations() if (c.template, c.side, c.face) == key
    )


def _open(driver: WebDriver, url: str, day: datetime.date, storage: str | None = None) -> None:
    """Load the page with an empty history (or ``storage`` as the history's stored text), its
    clock set at noon of ``day``."""
    driver.s("POST", "/url", {"url": url})
    driver.script(
        "localStorage.clear();"
        "if (arguments[0] !== null) localStorage.setItem('ubongo-daily:standard', arguments[0]);",
        storage,
    )
    driver.s("POST", "/url", {"url": url})  # read again, as a page opened anew reads it
    driver.log()
    _clock(driver, day)


def _clock(driver: WebDriver, day: datetime.date) -> None:
    driver.script(
        "UbongoDaily.clock = () => new Date(arguments[0], arguments[1] - 1, arguments[2], 12);"
        "UbongoDaily.draw();",
        day.year,
        day.month,
        day.day,
    )


def _board_shows(driver: WebDriver) -> tuple[str, str, str]:
    got = driver.script(
        "return ['p-template', 'p-side', 'p-face'].map(id => document.getElementById(id).value)"
    )
    return (got[0], got[1], got[2])


def _click(driver: WebDriver, css: str) -> None:
    driver.s("POST", f"/element/{driver.find(css)}/click")


def _drag_in(driver: WebDriver, c: Combination) -> None:
    """Place a tiling of ``c`` by pointer drags (mouse and touch in turn)."""
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.script("document.getElementById('p-board').scrollIntoView()")
    for n, pl in enumerate(tiling):
        css = f'g.pp[data-piece="{pl.piece}"]:not(.placed)'
        grip = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(grip, grip)  # a press where it lies chooses it
        _turn_to(driver, pl.piece, _shape(pl.cells))
        r, c0 = min(pl.cells)
        target = driver.centre(f'#p-board rect[data-cell="{r},{c0}"]')
        driver.drag(
            driver.centre(f'g.pp[data-piece="{pl.piece}"].selected rect[data-k="0"]'),
            target,
            "touch" if n % 2 else "mouse",
        )


def _key_in(driver: WebDriver, c: Combination) -> None:
    """Place a tiling of ``c`` by keys alone, as a keyboard user does: the skip link and Enter
    to the first piece left, Tab on to the piece, R/F, Enter, arrows, Enter."""
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    for pl in tiling:
        css = f'g.pp[data-piece="{pl.piece}"]'
        driver.script("document.querySelector('a.skip').focus()")
        driver.key(ENTER)
        for _ in range(2 * len(tiling)):
            if _focused_piece(driver) == pl.piece and not driver.script(
                "return document.activeElement.classList.contains('placed')"
            ):
                break
            driver.key(TAB)
        assert _focused_piece(driver) == pl.piece, (pl.piece, _focused_piece(driver))
        for i in range(8):
            if driver.script("return document.activeElement.dataset.shape") == _shape(pl.cells):
                break
            driver.key("f" if i == 3 else "r")
        driver.key(ENTER)
        held = tuple(
            int(x) for x in driver.script("return document.activeElement.dataset.held").split(",")
        )
        _carry(driver, held, pl.cells)
        driver.key(ENTER)
        assert driver.script(f"return document.querySelector('{css}.placed') !== null")


def test_the_page_picks_what_the_library_picks(driver: WebDriver, page_url: str) -> None:
    pools = _pools()
    driver.s("POST", "/url", {"url": page_url})
    words = ["", "2026-11-29|hard|01|hard|3", "Zürich ✓ 日本", "\U0001f600|x"]
    assert driver.script("return arguments[0].map(UbongoDaily.weight)", words) == [
        weight(w) for w in words
    ]
    days = [D1 + datetime.timedelta(days=37 * i) for i in range(-40, 40)] + [
        datetime.date(1, 1, 1),
        datetime.date(9999, 12, 31),
    ]
    asked = [[d.isoformat(), c] for d in days for c in CLASSES]
    got = driver.script("return arguments[0].map(([d, c]) => UbongoDaily.pick(d, c))", asked)
    assert [tuple(k) for k in got] == [pick(pools[c], d, c) for d in days for c in CLASSES]
    assert _errors(driver) == []


def test_a_daily_puzzle_played_to_ubongo_and_shared(
    driver: WebDriver, page_url: str, tmp_path: Path
) -> None:
    pools = _pools()
    _open(driver, page_url, D1)
    assert driver.script(STREAK) == "Streak: 0 days"
    _click(driver, '#p-daily button[data-class="hard"]')
    key = pick(pools["hard"], D1, "hard")
    c = _combination(key)
    assert _board_shows(driver) == key
    assert driver.script("return location.hash") == f"#daily={D1.isoformat()}-hard"
    assert driver.script(NOW) == f"Playing the hard puzzle of {D1.isoformat()}."
    _click(driver, '#practice .p-hint[data-level="1"]')  # one hint, counted
    _drag_in(driver, c)
    assert driver.script(STATUS).startswith("Ubongo!")
    seconds = int(re.search(r"in (\d+) s", driver.script(STATUS)).group(1))  # type: ignore[union-attr]
    tilings = sum(1 for _ in solutions(c.puzzle, engine="bitboard"))
    solved = driver.script("return document.getElementById('p-daily-solved').textContent")
    word = "solution" if tilings == 1 else "solutions"
    took = f"{seconds // 60}:{seconds % 60:02d}"
    assert solved == f"Solved in {took} with 1 hint. This puzzle has {tilings} {word}."
    share = driver.script(SHARE)
    assert share.splitlines() == [
        f"Ubongo daily {D1.isoformat()} hard (standard)",
        f"Solved in {took} with 1 hint",
        "Streak: 1 day",
    ]  # a file:// page: no address to share
    assert not [p.name for p in c.puzzle.pieces if p.name in share]  # no spoilers
    assert driver.script(STREAK) == "Streak: 1 day"
    assert driver.script(NOW) == f"The hard puzzle of {D1.isoformat()}:"
    assert "Hard ✓" in driver.script("return document.querySelector('#p-daily .row').textContent")
    _click(driver, "#p-daily-copy")  # the clipboard, or the selection copied
    driver.script("return new Promise(r => setTimeout(r, 200))")
    assert (
        driver.script("return document.getElementById('p-daily-copied').textContent") == "Copied."
    )
    # no clipboard and a refused copy: the text is left selected for the reader to copy
    driver.script(
        "Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true});"
        "document.execCommand = () => false;"
    )
    _click(driver, "#p-daily-copy")
    driver.script("return new Promise(r => setTimeout(r, 200))")
    assert (
        driver.script("return document.getElementById('p-daily-copied').textContent")
        == "Select the text and copy it."
    )
    assert driver.script(
        "const a = document.getElementById('p-daily-share');"
        "return a === document.activeElement && a.selectionStart === 0"
        "  && a.selectionEnd === a.value.length"
    )
    _screens(driver, tmp_path)
    assert _errors(driver) == []


def _screens(driver: WebDriver, tmp_path: Path) -> None:
    """Screenshots of the solved puzzle at 1280x900 and 360x740, kept with UBONGO_SCREENSHOTS."""
    keep = os.environ.get("UBONGO_SCREENSHOTS")
    for w, h in ((1280, 900), (360, 740)):
        driver.s("POST", "/window/rect", {"width": w, "height": h})
        driver.script("document.getElementById('p-daily').scrollIntoView({block: 'end'})")
        png = base64.b64decode(driver.s("GET", "/screenshot"))
        (tmp_path / f"daily-{w}.png").write_bytes(png)
        if keep:
            (Path(keep) / f"daily-{w}x{h}.png").write_bytes(png)
        assert len(png_pixels(png)[2]) > 20
        wide = driver.script("return document.documentElement.scrollWidth <= window.innerWidth")
        assert wide, f"the page is wider than a {w} px window"
    driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


IN_PANEL = "return document.activeElement.closest('#p-daily') !== null"


def test_every_stop_of_a_solved_daily_puzzle_shows_its_focus(
    driver: WebDriver, page_url: str
) -> None:
    """Tab through the daily panel once a puzzle is solved: its classes, the result's text,
    Copy result and the history each show the page's one focus ring (the panel before the
    solve is walked by test_browser.py's focus test)."""
    _open(driver, page_url, D1)
    _click(driver, '#p-daily button[data-class="easy"]')
    _key_in(driver, _combination(pick(_pools()["easy"], D1, "easy")))
    driver.script("document.querySelector('#p-daily button').focus()")
    stops = []
    while driver.script(IN_PANEL) and len(stops) < 20:
        stops.append(focus_ring(driver)["what"])
        driver.key(TAB)
    assert stops[:3] == ["BUTTON#.d-class"] * 3
    assert stops[3:] == ["TEXTAREA#p-daily-share.", "BUTTON#p-daily-copy.", "SUMMARY#."], stops
    assert _errors(driver) == []


def test_the_streak_counts_up_over_two_days(driver: WebDriver, page_url: str) -> None:
    pools = _pools()
    _open(driver, page_url, D1)
    _click(driver, '#p-daily button[data-class="easy"]')
    _key_in(driver, _combination(pick(pools["easy"], D1, "easy")))
    assert driver.script(STREAK) == "Streak: 1 day"
    _clock(driver, D2)  # the next day, the page left open
    assert driver.script(STREAK) == "Streak: 1 day"  # yesterday's counts until today's is solved
    other = {"day": D1.isoformat(), "cls": "hard", "on": D2.isoformat(), "seconds": 70, "hints": 3}
    driver.script(  # another tab of the page stores a result meanwhile
        "const k = 'ubongo-daily:standard', had = JSON.parse(localStorage.getItem(k));"
        "localStorage.setItem(k, JSON.stringify(had.concat([arguments[0]])))",
        other,
    )
    _click(driver, '#p-daily button[data-class="medium"]')
    assert _board_shows(driver) == pick(pools["medium"], D2, "medium")
    _key_in(driver, _combination(pick(pools["medium"], D2, "medium")))
    assert driver.script(STREAK) == "Streak: 2 days"
    assert driver.script(SHARE).splitlines()[2] == "Streak: 2 days"
    # kept in localStorage: the page opened again knows the streak and the history
    driver.s("POST", "/url", {"url": page_url})
    _clock(driver, D2)
    assert driver.script(STREAK) == "Streak: 2 days"
    history = driver.script(
        "return [...document.querySelectorAll('#p-daily-history li')].map(li => li.textContent)"
    )
    assert [h.split(":")[0] for h in history] == [
        f"{D2.isoformat()} medium",
        f"{D1.isoformat()} hard",
        f"{D1.isoformat()} easy",
    ]
    assert history[1] == f"{D1.isoformat()} hard: 1:10, 3 hints (played {D2.isoformat()})"
    _clock(driver, D2 + datetime.timedelta(days=2))  # a day missed: the streak starts again
    assert driver.script(STREAK) == "Streak: 0 days"
    assert _errors(driver) == []


def test_a_link_opens_that_days_puzzle(driver: WebDriver, page_url: str) -> None:
    pools = _pools()
    day = datetime.date(2026, 11, 1)
    _open(driver, page_url, D2)
    driver.s("POST", "/url", {"url": f"{page_url}#daily={day.isoformat()}-medium"})
    assert _board_shows(driver) == pick(pools["medium"], day, "medium")
    _clock(driver, D2)
    jump = "return document.querySelector('#practice h2 .d-jump').textContent"
    assert driver.script(jump) == f"daily medium {day.isoformat()}"  # in the first screen
    assert driver.script(NOW) == (
        f"Playing the medium puzzle of {day.isoformat()}"
        " (another day's: it does not count for the streak)."
    )
    driver.script(
        "location.hash = arguments[0]", f"#daily={D2.isoformat()}-easy"
    )  # a link followed
    driver.script("return new Promise(r => setTimeout(r, 100))")
    assert _board_shows(driver) == pick(pools["easy"], D2, "easy")
    _key_in(driver, _combination(pick(pools["easy"], D2, "easy")))
    assert driver.script(STREAK) == "Streak: 1 day"
    # another combination chosen: no daily puzzle any more, and the address says so
    driver.script("window.ubongo.select('01', 'easy', '1')")
    assert driver.script("return location.hash") == ""
    assert not driver.script("return UbongoDaily.current()")
    assert driver.script(jump) == "daily puzzle ↓"
    for bad in ("2026-02-30-hard", "2026-11-01-expert", "%E0%A4%A-hard"):
        driver.s("POST", "/url", {"url": f"{page_url}#daily={bad}"})
        said = driver.script(NOW)
        assert said == f"This address names no daily puzzle: daily={bad}", said
    assert _errors(driver) == []


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        json.dumps({"day": "2026-11-27"}),
        json.dumps(
            [
                None,
                7,
                {"day": "2026-11-27", "cls": "hard", "on": "2026-11-27", "seconds": -1, "hints": 0},
                {"day": "2026-11-27", "cls": "easy", "on": "2026-11-27", "seconds": 40, "hints": 0},
            ]
        ),
    ],
)
def test_a_corrupt_history_is_read_as_far_as_it_is_good(
    driver: WebDriver, page_url: str, stored: str
) -> None:
    _open(driver, page_url, D1, stored)
    good = stored.endswith("0}]")  # the one valid entry: solved the day before D1
    assert driver.script(STREAK) == ("Streak: 1 day" if good else "Streak: 0 days")
    _click(driver, '#p-daily button[data-class="easy"]')
    _key_in(driver, _combination(pick(_pools()["easy"], D1, "easy")))
    assert driver.script(STREAK) == ("Streak: 2 days" if good else "Streak: 1 day")
    kept = json.loads(driver.script("return localStorage.getItem('ubongo-daily:standard')"))
    assert [e["day"] for e in kept] == (
        [D1.isoformat()] if not good else ["2026-11-27", D1.isoformat()]
    )
    assert _errors(driver) == []


def test_no_storage_still_plays_and_says_so(driver: WebDriver, page_url: str) -> None:
    _open(driver, page_url, D1)
    driver.script(
        "Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceeded'); };"
        "Storage.prototype.getItem = () => { throw new DOMException('no', 'SecurityError'); };"
    )
    _click(driver, '#p-daily button[data-class="easy"]')
    _key_in(driver, _combination(pick(_pools()["easy"], D1, "easy")))
    assert driver.script(STREAK) == "Streak: 1 day"
    said = driver.script("return document.getElementById('p-daily').textContent")
    assert "This browser keeps no history for this page" in said
    assert _errors(driver) == []


SMALL = {  # six puzzles, all easy by the bounds: the classes are thirds of this set's ranking
    "format": "ubongo-puzzle-set",
    "version": 1,
    "name": "small",
    "die": ["x", "y", "z"],
    "templates": [
        {
            "id": "1",
            "easy": {
                "figure": ["###", "##."],
                "combos": [["I2", "I3"], ["I2", "L3"], ["I2", "L3"]],
            },
        },
        {
            "id": "2",
            "easy": {
                "figure": ["###", "###"],
                "combos": [["I2", "O4"], ["I2", "L4"], ["I2", "L4"]],
            },
        },
    ],
}


def test_a_set_of_easy_puzzles_says_its_classes_are_its_own(
    driver: WebDriver, tmp_path: Path
) -> None:
    (tmp_path / "small.json").write_text(json.dumps(SMALL))
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["render", str(tmp_path / "small.json"), "--html", str(out)])
    assert result.exit_code == 0, result.output
    driver.s("POST", "/url", {"url": (out / "index.html").as_uri() + "#daily=2026-11-29-hard"})
    said = driver.script("return document.getElementById('p-daily').textContent")
    assert "Classes are thirds of this set's puzzles, ranked by search effort." in said
    assert (
        _board_shows(driver)[2] == "x"
    )  # the hard third: one tiling each, the most nodes per tiling
    assert _errors(driver) == []
