"""The HTML page of a set in a real browser: headless Chromium driven through chromedriver's
W3C WebDriver HTTP API, spoken with urllib (no Selenium).

The practice board is played with real pointer events (the Actions API, mouse and touch), its
hints are compared with the library's on random half-filled boards, the page must fit a
360-pixel window, and the browser log must hold no error. ``UBONGO_SCREENSHOTS=DIR`` keeps
the phone-width screenshots (README's picture is made so, see there).

Skipped when chromium or chromedriver is missing, except under CI (``CI`` set), where a
missing browser is a failure: ``.ci/run`` installs Debian's ``chromium`` and
``chromium-driver``.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ubongo.cli import main
from ubongo.puzzles import PuzzleSet, bundled, parse_set
from ubongo.render.html import Listing, combo_id, page
from ubongo.solver import STANDARD, Puzzle, parse_figure
from ubongo.solver.engine import solutions
from ubongo.solver.hints import hint
from ubongo.solver.lattice import ONE_SIDED
from ubongo.solver.pieces import Piece, PieceSet, normalise
from ubongo.solver.puzzle import Placement, solution_rows

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1200,900",
]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference

if not (CHROMIUM and CHROMEDRIVER):
    missing = "chromium" if not CHROMIUM else "chromedriver"
    if os.environ.get("CI"):
        pytest.fail(
            f"{missing} not found on PATH but CI is set: .ci/run must install the Debian "
            "packages chromium and chromium-driver",
            pytrace=False,
        )
    pytest.skip(
        f"{missing} not found: apt-get install chromium chromium-driver to run the browser test",
        allow_module_level=True,
    )


class WebDriver:
    """A minimal W3C WebDriver client: one session, JSON over HTTP with urllib."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.session = ""

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body if body is not None else {}).encode() if method == "POST" else None
        req = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                return json.loads(resp.read())["value"]
        except urllib.error.HTTPError as e:
            raise AssertionError(f"WebDriver {method} {path}: {e.read().decode()[:500]}") from e

    def s(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """A call inside the session."""
        return self.call(method, f"/session/{self.session}{path}", body)

    def find(self, css: str) -> str:
        return str(self.s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT])

    def script(self, js: str, *args: Any) -> Any:
        return self.s("POST", "/execute/sync", {"script": js, "args": list(args)})

    def centre(self, css: str) -> tuple[int, int]:
        """The viewport position of an element's middle (as the page is scrolled now)."""
        x, y = self.script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return [r.x + r.width / 2, r.y + r.height / 2];",
            css,
        )
        return round(x), round(y)

    def drag(self, start: tuple[int, int], end: tuple[int, int], kind: str = "mouse") -> None:
        """Press at ``start``, move to ``end`` in a few steps and release: real pointer events."""
        (x0, y0), (x1, y1) = start, end
        moves = [
            {"type": "pointerMove", "duration": 30, "origin": "viewport",
             "x": round(x0 + (x1 - x0) * i / 4), "y": round(y0 + (y1 - y0) * i / 4)}
            for i in range(1, 5)
        ]  # fmt: skip
        steps = [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x0, "y": y0},
            {"type": "pointerDown", "button": 0},
            *moves,
            {"type": "pointerUp", "button": 0},
        ]
        pointer = {"type": "pointer", "id": kind, "parameters": {"pointerType": kind}}
        self.s("POST", "/actions", {"actions": [{**pointer, "actions": steps}]})
        self.s("DELETE", "/actions")

    def key(self, ch: str) -> None:
        """Press and release one key on the page."""
        steps = [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        self.s("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": steps}]})
        self.s("DELETE", "/actions")

    def log(self) -> list[dict[str, Any]]:
        """The browser console's entries since the last call (chromedriver's log endpoint)."""
        return list(self.s("POST", "/se/log", {"type": "browser"}))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    port = _free_port()
    proc = subprocess.Popen(
        [str(CHROMEDRIVER), f"--port={port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    profile = tempfile.mkdtemp(prefix="ubongo-chromium-")
    wd = WebDriver(port)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if wd.call("GET", "/status").get("ready"):
                    break
            except (OSError, AssertionError):
                pass
            if time.monotonic() > deadline:
                raise AssertionError("chromedriver did not become ready in 30 s")
            time.sleep(0.1)
        options = {"binary": CHROMIUM, "args": [*FLAGS, f"--user-data-dir={profile}"]}
        logs = {"browser": "ALL"}
        caps = {
            "capabilities": {
                "alwaysMatch": {"goog:chromeOptions": options, "goog:loggingPrefs": logs}
            }
        }
        wd.session = wd.call("POST", "/session", caps)["sessionId"]
        yield wd
        wd.s("DELETE", "")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(profile, ignore_errors=True)


def png_pixels(png: bytes) -> tuple[int, int, set[bytes]]:
    """Width, height and the distinct RGB(A) pixels of an 8-bit truecolour PNG (stdlib)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", b""
    while pos < len(png):
        (n,) = struct.unpack(">I", png[pos : pos + 4])
        kind, chunk = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            head = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + n
    width, height, depth, ctype = struct.unpack(">IIBB", head[:10])
    assert depth == 8 and ctype in (2, 6), f"unexpected PNG type {depth}/{ctype}"
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    pixels: set[bytes] = set()
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        if y % 4 == 0:  # a sample of rows is plenty to tell a picture from a blank
            pixels.update(bytes(line[i : i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return width, height, pixels


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("html") / "site"
    result = CliRunner().invoke(main, ["render", "--html", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "index.html").as_uri()


def test_click_reveals_a_solution(driver: WebDriver, page_url: str, tmp_path: Path) -> None:
    ps = bundled()
    first = next(ps.combinations())
    cid = combo_id(first.template, first.side, first.face)
    driver.s("POST", "/url", {"url": page_url})
    assert "Ubongo templates" in driver.s("GET", "/title")
    sides = driver.script("return document.querySelectorAll('figure.side').length")
    assert sides == sum(1 for t in ps.templates for s in ("easy", "hard") if t.side(s))
    visible = "return [...document.querySelectorAll('g.solution')].filter(g => getComputedStyle(g).display !== 'none').map(g => g.getAttribute('data-combo'))"  # noqa: E501
    assert driver.script(visible) == []
    answer = driver.find(f'figure[data-side="{first.template}-{first.side}"] pre.answer')
    assert driver.s("GET", f"/element/{answer}/text") == ""

    row = driver.find(f'g.combo[data-combo="{cid}"]')
    driver.s("POST", f"/element/{row}/click")

    assert driver.script(visible) == [cid]
    shown = driver.s("GET", f"/element/{answer}/text").splitlines()
    assert shown[0] == f"die {first.face}: {' '.join(p.name for p in first.puzzle.pieces)}"
    pieces = driver.script(
        "return [...document.querySelector(arguments[0]).querySelectorAll('g.piece')]"
        ".map(g => g.getAttribute('data-piece'))",
        f'g.solution[data-combo="{cid}"]',
    )
    assert sorted(pieces) == sorted(p.name for p in first.puzzle.pieces)
    # the letters shown are a tiling of this combination
    from ubongo.solver.puzzle import Puzzle, parse_solution
    from ubongo.solver.verify import is_solution

    figure, solution = parse_solution(shown[1:])
    assert figure == first.puzzle.figure
    assert is_solution(Puzzle(figure, first.puzzle.pieces), solution)

    png = base64.b64decode(driver.s("GET", "/screenshot"))
    (tmp_path / "page.png").write_bytes(png)
    if os.environ.get("UBONGO_SCREENSHOT"):
        Path(os.environ["UBONGO_SCREENSHOT"]).write_bytes(png)
    width, height, pixels = png_pixels(png)
    assert (width, height) >= (600, 400)
    assert len(pixels) > 20, "the screenshot is (nearly) one flat colour"

    driver.s("POST", f"/element/{row}/click")  # a second click hides it again
    assert driver.script(visible) == []
    assert driver.s("GET", f"/element/{answer}/text") == ""


# --- the practice board ----------------------------------------------------------------------

STATUS = "return document.getElementById('p-status').textContent"


def _errors(driver: WebDriver) -> list[str]:
    return [e["message"] for e in driver.log() if e.get("level") == "SEVERE"]


def _turn_to(driver: WebDriver, piece: str, shape: str) -> None:
    """Rotate (key R) and turn over (button) the chosen piece until it has ``shape``."""
    css = f'g.pp[data-piece="{piece}"]'
    for i in range(8):
        if driver.script(f"return document.querySelector('{css}').dataset.shape") == shape:
            return
        if i == 3:
            driver.s("POST", f"/element/{driver.find('#p-flip')}/click")
        else:
            driver.key("r")
    assert driver.script(f"return document.querySelector('{css}').dataset.shape") == shape


def _shape(cells: frozenset[tuple[int, int]]) -> str:
    return ";".join(f"{r},{c}" for r, c in sorted(normalise(cells)))


def test_pointer_events_play_a_combination_to_ubongo(driver: WebDriver, page_url: str) -> None:
    ps = bundled()
    c = next(c for c in ps.combinations() if c.side == "hard")
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])", c.template, c.side, c.face
    )
    assert driver.script(STATUS).startswith("Place the pieces")
    driver.script("document.getElementById('p-board').scrollIntoView()")
    for n, pl in enumerate(tiling):
        css = f'g.pp[data-piece="{pl.piece}"]'
        # a press and release where the piece lies chooses it without moving it
        grip = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(grip, grip)
        assert driver.script(
            f"return document.querySelector('{css}').classList.contains('selected')"
        )
        _turn_to(driver, pl.piece, _shape(pl.cells))
        r, c0 = min(pl.cells)  # the piece's first square, in reading order, is its rect 0
        target = driver.centre(f'#p-board rect[data-cell="{r},{c0}"]')
        start = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(start, target, "touch" if n % 2 else "mouse")
        assert driver.script(f"return document.querySelector('{css}').classList.contains('placed')")
    assert driver.script(STATUS).startswith("Ubongo!")
    board = driver.script("return window.ubongo.board()")
    assert board.splitlines() == solution_rows(c.puzzle.figure, tiling, ps.pieces)
    # a piece dropped outside the figure goes back to the tray; the win is undone
    css = f'g.pp[data-piece="{tiling[0].piece}"]'
    driver.drag(driver.centre(f'{css} rect[data-k="0"]'), (5, 5))
    assert not driver.script(f"return document.querySelector('{css}').classList.contains('placed')")
    assert "Ubongo" not in driver.script(STATUS)
    assert _errors(driver) == []


TAB, ENTER, ESCAPE, DELETE = "\ue004", "\ue007", "\ue00c", "\ue017"
ARROWS = {(0, -1): "\ue012", (-1, 0): "\ue013", (0, 1): "\ue014", (1, 0): "\ue015"}


def _focused_piece(driver: WebDriver) -> Any:
    return driver.script(
        "const a = document.activeElement; return a && a.dataset && a.dataset.piece"
    )


def _at(driver: WebDriver, css: str, what: str) -> tuple[int, int] | None:
    """A piece's anchor on the figure (``data-at``) or where the keyboard carries it (``held``)."""
    text = driver.script(f"return document.querySelector('{css}').dataset.{what} || null")
    return None if text is None else tuple(int(n) for n in text.split(","))  # type: ignore[return-value]


def _carry(
    driver: WebDriver, held: tuple[int, int], cells: Iterable[tuple[int, int]]
) -> tuple[int, int]:
    """Arrow keys that carry a piece held at ``held`` to the top-left of ``cells``; that
    corner."""
    cells = list(cells)
    target = (min(r for r, _ in cells), min(c for _, c in cells))
    for axis in (0, 1):
        step = (1, 0) if axis == 0 else (0, 1)
        if target[axis] < held[axis]:
            step = (-step[0], -step[1])
        for _ in range(abs(target[axis] - held[axis])):
            driver.key(ARROWS[step])
    return target


def test_the_keyboard_alone_plays_a_combination_to_ubongo(driver: WebDriver, page_url: str) -> None:
    """Tab to a piece, R and F to turn it, Enter to pick it up, arrows to carry it, Enter to
    put it down; Escape puts a carried piece back, Delete returns one to the tray."""
    ps = bundled()
    c = [c for c in ps.combinations() if c.side == "hard"][5]
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])", c.template, c.side, c.face
    )
    for pl in tiling:
        css = f'g.pp[data-piece="{pl.piece}"]'
        driver.script("document.querySelector('a.skip').focus()")
        driver.key(ENTER)  # the skip link: to the first piece in the tray, then Tab on
        for _ in range(len(tiling)):
            if _focused_piece(driver) == pl.piece:
                break
            driver.key(TAB)
        assert _focused_piece(driver) == pl.piece
        for i in range(8):
            if driver.script(f"return document.querySelector('{css}').dataset.shape") == _shape(
                pl.cells
            ):
                break
            driver.key("f" if i == 3 else "r")
        driver.key(ENTER)
        held = _at(driver, css, "held")
        assert held is not None
        target = _carry(driver, held, pl.cells)
        assert _at(driver, css, "held") == target
        driver.key(ENTER)
        assert _at(driver, css, "at") == target and _focused_piece(driver) == pl.piece
    assert driver.script(STATUS).startswith("Ubongo!")
    assert driver.script("return window.ubongo.board()").splitlines() == solution_rows(
        c.puzzle.figure, tiling, ps.pieces
    )
    css = f'g.pp[data-piece="{tiling[-1].piece}"]'
    driver.key(ENTER)  # picked up again: carried one cell away, then put back by Escape
    driver.key(ARROWS[(0, 1)] if _at(driver, css, "held") == (0, 0) else ARROWS[(0, -1)])
    driver.key(ESCAPE)
    assert _at(driver, css, "at") == (
        min(r for r, _ in tiling[-1].cells),
        min(c for _, c in tiling[-1].cells),
    )
    assert driver.script(STATUS).startswith("Ubongo!")
    driver.key(DELETE)
    assert _at(driver, css, "at") is None and "Ubongo" not in driver.script(STATUS)
    assert _errors(driver) == []


def test_die_roll_sand_timer_and_hint_words(driver: WebDriver, page_url: str) -> None:
    ps = bundled()
    c = next(c for c in ps.combinations() if c.side == "easy")
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
    faces = {f for t, s, f in (_key(x) for x in ps.combinations()) if (t, s) == _key(c)[:2]}
    rolled = set()
    for _ in range(12):
        driver.s("POST", f"/element/{driver.find('#p-roll')}/click")
        rolled.add(driver.script("return document.getElementById('p-face').value"))
    assert rolled <= faces and len(rolled) > 1
    face = driver.script("return document.getElementById('p-face').value")
    c = next(x for x in ps.combinations() if _key(x) == (c.template, c.side, face))
    # the sand timer: one second, then time is up
    driver.script(
        "document.getElementById('p-timer-on').checked = true;"
        "document.getElementById('p-seconds').value = '1';"
    )
    driver.s("POST", f"/element/{driver.find('#p-start')}/click")
    assert driver.script("return document.getElementById('p-timer').textContent") == "1 s"
    # the hourglass is drawn (CSS), not a character that needs an emoji font
    icon = driver.script(
        "const s = getComputedStyle(document.getElementById('p-timer'), '::before');"
        "return [s.content, parseFloat(s.width), parseFloat(s.height), s.clipPath]"
    )
    assert icon[0] in ('""', "none") and icon[1] > 0 and icon[2] > 0, icon
    assert icon[3].startswith("polygon("), icon
    time.sleep(1.6)
    assert driver.script(STATUS) == "Time is up!"
    assert driver.script("return document.getElementById('p-timer').textContent") == "0 s"
    # the hint buttons say what `ubongo hint` says
    first = next(solutions(c.puzzle, engine="bitboard"))[0]
    driver.script(
        "window.ubongo.place(arguments[0], arguments[1])", first.piece, sorted(first.cells)
    )
    rows = solution_rows(c.puzzle.figure, [first], ps.pieces)
    for level in (1, 2, 3):
        button = driver.find(f"button.p-hint[data-level='{level}']")
        driver.s("POST", f"/element/{button}/click")
        said = driver.script("return document.getElementById('p-hint').textContent")
        assert said == hint(c.puzzle, rows, level, pieces=ps.pieces).message()
    drawn = driver.script("return document.querySelectorAll('#p-board rect.hinted').length")
    assert drawn == c.puzzle.figure.area - len(first.cells)  # level 3 shows the rest
    assert _errors(driver) == []


def _key(c: Any) -> tuple[str, str, str]:
    return c.template, c.side, c.face


def _boards(ps: PuzzleSet, count: int, seed: int = 10) -> list[dict[str, Any]]:
    """Random half-filled boards of a set: a random tiling, a random part of it kept, and in
    every fourth board a piece put down where no tiling has it."""
    combos = [c for c in ps.combinations() if next(solutions(c.puzzle), None)]
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        c = rng.choice(combos)
        tiling = rng.choice(list(solutions(c.puzzle, engine="bitboard")))
        kept = [pl for pl in tiling if rng.random() < 0.5]
        if len(out) < 2:  # an empty board and a complete one
            kept = [] if len(out) == 0 else list(tiling)
        if len(out) % 4 == 3:
            wrong = _wrong(c.puzzle, kept, rng, ps)
            if wrong is None:
                continue
            kept.append(wrong)
        rows = solution_rows(c.puzzle.figure, kept, ps.pieces)
        expected = [hint(c.puzzle, rows, lv, pieces=ps.pieces).to_json() for lv in (1, 2, 3)]
        out.append(
            {
                "combo": [c.template, c.side, c.face],
                "placed": [[pl.piece, sorted(pl.cells)] for pl in rng.sample(kept, len(kept))],
                "board": "\n".join(rows) + "\n",
                "hints": expected,
            }
        )
    return out


def _wrong(
    puzzle: Puzzle, kept: list[Placement], rng: random.Random, ps: PuzzleSet
) -> Placement | None:
    """A placement of a piece not yet down, in the empty cells, that no tiling extends."""
    used = {p for pl in kept for p in pl.cells}
    left = puzzle.figure.cells - used
    todo = list(puzzle.pieces)
    for pl in kept:
        todo.remove(ps.pieces[pl.piece])
    spots = [  # each orientation with its first cell on each empty cell (squares or cubes)
        Placement(p.name, frozenset(_moved(q, o[0], cell) for q in o))
        for p in todo
        for o in (sorted(x) for x in p.orientations)
        for cell in sorted(left)
    ]
    spots = [s for s in spots if s.cells <= left]
    rng.shuffle(spots)
    for s in spots:
        rows = solution_rows(puzzle.figure, [*kept, s], ps.pieces)
        if not hint(puzzle, rows, 1, pieces=ps.pieces).completable:
            return s
    return None


def _moved(q: tuple[int, ...], start: tuple[int, ...], to: tuple[int, ...]) -> tuple[int, ...]:
    """Point ``q`` of a shape moved so that the shape's point ``start`` lands on ``to``."""
    return tuple(v - a + b for v, a, b in zip(q, start, to, strict=True))


PLAY = """const out = [];
for (const b of arguments[0]) {
  try {
    window.ubongo.select(...b.combo);
    for (const [piece, cells] of b.placed) window.ubongo.place(piece, cells);
    const hints = [1, 2, 3].map(level => window.ubongo.hint(level));
    out.push({board: window.ubongo.board(), hints});
  } catch (e) { out.push({error: String(e)}); }
}
return out;"""
"""Every board in one call: select its combination, place its pieces, ask the three hints."""


def _compare(driver: WebDriver, boards: list[dict[str, Any]]) -> None:
    got = driver.script(PLAY, [{k: b[k] for k in ("combo", "placed")} for b in boards])
    for b, g in zip(boards, got, strict=True):
        assert g.get("error") is None, (b["combo"], g)
        assert g["board"] == b["board"], b["combo"]
        for lv in range(3):
            assert g["hints"][lv] == b["hints"][lv], (b["combo"], b["board"], lv + 1)


def test_page_hints_equal_the_library_on_random_boards(driver: WebDriver, page_url: str) -> None:
    ps = bundled()
    boards = _boards(ps, 60)
    assert sum(1 for b in boards if "take_back" in b["hints"][0]) >= 10
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    _compare(driver, boards)
    assert _errors(driver) == []


def _many_tilings_set(rng: random.Random, pieces: PieceSet = STANDARD) -> PuzzleSet:
    """A set of rectangles (wider than tall too: the engine turns those) with 2 to 60
    tilings per combination, where the order of the tilings decides the level-3 answer."""
    names = list(pieces)
    templates = []
    for i, (h, w) in enumerate([(2, 6), (3, 4), (4, 3), (3, 5), (2, 8), (4, 4)]):
        fig = ["#" * w] * h if i % 2 else ["." + "#" * (w - 1)] + ["#" * w] * (h - 1)
        area = sum(r.count("#") for r in fig)
        combos: list[list[str]] = []
        for _ in range(3000):
            combo = rng.sample(names, rng.randint(2, 5))
            if sum(pieces[n].area for n in combo) != area:
                continue
            puzzle = Puzzle(parse_figure(fig, lattice=pieces.lattice), pieces.resolve(combo))
            if 2 <= sum(1 for _ in solutions(puzzle, engine="bitboard", limit=60)) < 60:
                combos.append(combo)
                if len(combos) == 3:
                    break
        templates.append({"id": f"R{i}", "hard": {"figure": fig, "combos": combos}})
    # and one side whose second combination has no tiling (4 squares on 5 cells)
    templates.append(
        {"id": "X", "hard": {"figure": ["###", "##."], "combos": [["I2", "I3"], ["O4"]]}}
    )
    doc: dict[str, Any] = {"format": "ubongo-puzzle-set", "version": 1, "name": "rectangles"}
    if pieces is not STANDARD:  # a set of other pieces lists them, as version 2
        cells = {
            n: {"code": p.code, "cells": [list(q) for q in sorted(p.shape)]}
            for n, p in pieces.items()
        }
        doc |= {"version": 2, "lattice": pieces.lattice.name, "pieces": cells}
    return parse_set({**doc, "die": ["1", "2", "3"], "templates": templates}, "rectangles")


def test_page_hints_equal_the_library_with_many_tilings(driver: WebDriver, tmp_path: Path) -> None:
    rng = random.Random(7)
    ps = _many_tilings_set(rng)
    listings = {
        _key(c): Listing(list(solutions(c.puzzle, engine="bitboard")), True)
        for c in ps.combinations()
    }
    assert sum(len(x.solutions) > 5 for x in listings.values()) >= 5
    (tmp_path / "page.html").write_text(page(ps, listings), encoding="utf-8")
    driver.s("POST", "/url", {"url": (tmp_path / "page.html").as_uri()})
    driver.log()
    _compare(driver, _boards(ps, 60, seed=11))
    # no tiling: said on the board, and hint() throws as `ubongo hint` fails
    driver.script("window.ubongo.select('X', 'hard', '2')")
    assert driver.script(STATUS) == "This combination has no tiling."
    assert driver.script(THROWS, "window.ubongo.hint(1)") == (
        "Error: no hint: the combination has no tiling"
    )
    # place() refuses what a board cannot hold
    driver.script("window.ubongo.select('X', 'hard', '1')")
    assert (
        driver.script(THROWS, "window.ubongo.hint(4)") == "Error: hint level 4; expected 1, 2 or 3"
    )
    for call, said in [
        ("window.ubongo.place('O4', [[0, 0], [0, 1], [1, 0], [1, 1]])", "not in this combination"),
        ("window.ubongo.place('I3', [[0, 0], [0, 1], [1, 1]])", "do not form I3"),
        ("window.ubongo.place('I3', [[1, 0], [1, 1], [1, 2]])", "leave the figure"),
    ]:
        assert said in driver.script(THROWS, call), call
    driver.script("window.ubongo.place('I3', [[0, 0], [0, 1], [0, 2]])")
    assert "cover a placed piece" in driver.script(
        THROWS, "window.ubongo.place('I2', [[0, 1], [1, 1]])"
    )
    assert "placed as often" in driver.script(
        THROWS, "window.ubongo.place('I3', [[0, 0], [0, 1], [0, 2]])"
    )
    assert driver.script("return window.ubongo.board()") == "BBB\n##.\n"
    driver.script("window.ubongo.clear()")
    assert driver.script("return window.ubongo.board()") == "###\n##.\n"
    assert _errors(driver) == []


def test_page_hints_equal_the_library_for_pieces_only_turned(
    driver: WebDriver, tmp_path: Path
) -> None:
    """One-sided pieces (turned, never turned over): reading a wide figure transposed is no
    turn of theirs, so the engine lists their orientations in their own order (the page data's
    ``turns``), which decides the level-3 answer."""
    one_sided = PieceSet([Piece(p.name, p.code, p.shape, ONE_SIDED) for p in STANDARD.values()])
    ps = _many_tilings_set(random.Random(8), one_sided)
    assert ps.pieces.lattice is ONE_SIDED
    listings = {
        _key(c): Listing(list(solutions(c.puzzle, engine="bitboard")), True)
        for c in ps.combinations()
    }
    (tmp_path / "page.html").write_text(page(ps, listings), encoding="utf-8")
    driver.s("POST", "/url", {"url": (tmp_path / "page.html").as_uri()})
    driver.log()
    _compare(driver, _boards(ps, 40, seed=12))
    assert _errors(driver) == []


BOX = (
    "const r = document.querySelector('#p-board svg').getBoundingClientRect();"
    "return [r.left + scrollX, r.top + scrollY, r.width, r.height]"  # on the page, as scrolled
)
HINT_BUTTON = "button.p-hint[data-level='{}']"
HINT = "return [document.getElementById('p-hint').textContent, document.querySelectorAll('#p-board rect.hinted').length]"  # noqa: E501


@pytest.mark.parametrize("width", [1200, 360])
def test_the_hint_stays_and_the_board_stays_put(
    driver: WebDriver, page_url: str, width: int
) -> None:
    """A hint and its dashed target stay while a piece is picked up and turned (R, Turn over)
    and go only when the board changes; the board does not move when a hint comes or goes."""
    ps = bundled()
    c = next(c for c in ps.combinations() if c.side == "hard")
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    driver.s("POST", "/window/rect", {"width": width, "height": 900})
    try:
        driver.s("POST", "/url", {"url": page_url})
        driver.log()
        driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
        driver.script("document.getElementById('p-board').scrollIntoView()")
        box = driver.script(BOX)
        driver.s("POST", f"/element/{driver.find(HINT_BUTTON.format(2))}/click")
        shown = driver.script(HINT)
        assert shown[0].startswith("Place ") and shown[1] > 0
        assert driver.script(BOX) == box
        pl = tiling[0]
        css = f'g.pp[data-piece="{pl.piece}"]'
        grip = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(grip, grip)  # picked up and put down where it lay: the board is as it was
        assert driver.script(HINT) == shown and driver.script(BOX) == box
        _turn_to(driver, pl.piece, _shape(pl.cells))  # R and Turn over
        driver.key("r")
        driver.s("POST", f"/element/{driver.find('#p-rotate')}/click")
        driver.s("POST", f"/element/{driver.find('#p-rotate')}/click")
        driver.s("POST", f"/element/{driver.find('#p-rotate')}/click")
        assert driver.script(HINT) == shown and driver.script(BOX) == box
        r, c0 = min(pl.cells)
        target = driver.centre(f'#p-board rect[data-cell="{r},{c0}"]')
        driver.drag(driver.centre(f'{css} rect[data-k="0"]'), target, "touch")
        assert driver.script(f"return document.querySelector('{css}').dataset.at") is not None
        assert driver.script(HINT) == ["", 0]  # the board changed: the hint is spent
        assert driver.script(BOX) == box
        assert _errors(driver) == []
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


NAMES = """return [...document.querySelectorAll('#p-board g.pp')].map(g => {
  const t = g.querySelector('text.pname'), b = t.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const on = [...g.querySelectorAll('rect')].some(r => {
    const q = r.getBoundingClientRect();
    return q.left <= x && x <= q.right && q.top <= y && y <= q.bottom;
  });
  return [g.dataset.piece, t.textContent, b.width > 0 && b.height > 0, on,
          getComputedStyle(t).display !== 'none'];
})"""


def test_every_piece_shows_the_name_the_hints_use(driver: WebDriver, page_url: str) -> None:
    """Each piece, in the tray and on the figure, carries its name on one of its own squares
    (no tooltip: touch shows none), and the piece a hint names is one of them."""
    ps = bundled()
    c = next(c for c in ps.combinations() if c.side == "hard")
    first = next(solutions(c.puzzle, engine="bitboard"))[0]
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
    for step in range(2):  # in the tray, then with a piece on the figure
        if step:
            driver.script(
                "window.ubongo.place(arguments[0], arguments[1])", first.piece, sorted(first.cells)
            )
        names = driver.script(NAMES)
        assert sorted(n for n, *_ in names) == sorted(p.name for p in c.puzzle.pieces)
        assert all(
            name == text and drawn and on and shown for name, text, drawn, on, shown in names
        )
        driver.s("POST", f"/element/{driver.find(HINT_BUTTON.format(1))}/click")
        said = driver.script("return document.getElementById('p-hint').textContent")
        named = said.split(" (")[0].split()[-1]
        assert named in {n for n, *_ in names}
    assert driver.script(
        f"return document.querySelector('g.pp[data-piece=\"{first.piece}\"]').dataset.at"
    )
    assert _errors(driver) == []


NOTE = "return document.getElementById('p-note').textContent"


def test_turning_says_what_to_do_when_it_cannot(driver: WebDriver, page_url: str) -> None:
    """Rotate with no piece chosen asks for one; a placed piece that would not fit turned stays
    where it lies, unturned, and the page says why."""
    ps = bundled()
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script(
        "window.ubongo.select(arguments[0], arguments[1], arguments[2])",
        *_key(next(ps.combinations())),
    )
    driver.s("POST", f"/element/{driver.find('#p-rotate')}/click")
    assert driver.script(NOTE).startswith("Choose a piece first")
    # a piece of a tiling whose quarter turn, from the same top-left corner, leaves the figure
    c, pl = next(
        (c, pl)
        for c in ps.combinations()
        for pl in next(solutions(c.puzzle, engine="bitboard"))
        if not _turned_fits(c.puzzle.figure.cells, pl.cells)
    )
    driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
    driver.script("window.ubongo.place(arguments[0], arguments[1])", pl.piece, sorted(pl.cells))
    css = f'g.pp[data-piece="{pl.piece}"]'
    before = driver.script(
        f"const d = document.querySelector('{css}').dataset; return [d.at, d.shape]"
    )
    driver.script("document.getElementById('p-board').scrollIntoView()")
    grip = driver.centre(f'{css} rect[data-k="0"]')
    driver.drag(grip, grip)  # chosen
    assert driver.script(NOTE) == ""
    driver.s("POST", f"/element/{driver.find('#p-rotate')}/click")
    after = driver.script(
        f"const d = document.querySelector('{css}').dataset; return [d.at, d.shape]"
    )
    assert after == before
    assert driver.script(NOTE) == f"{pl.piece} turned does not fit here: move it first."
    assert _errors(driver) == []


def _turned_fits(figure: frozenset[tuple[int, int]], cells: frozenset[tuple[int, int]]) -> bool:
    """The page's quarter turn of a placed piece, (r, c) -> (c, -r) kept at its top-left corner."""
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    turned = normalise(frozenset((c, -r) for r, c in cells))
    return all((r + top, c + left) in figure for r, c in turned)


def _touch(driver: WebDriver, on: bool) -> None:
    """A touch screen or not, as the DevTools protocol emulates it (media: hover none, coarse)."""
    params = {"enabled": on, "maxTouchPoints": 1} if on else {"enabled": False}
    cmd = {"cmd": "Emulation.setTouchEmulationEnabled", "params": params}
    driver.call("POST", f"/session/{driver.session}/goog/cdp/execute", cmd)


def test_touch_targets_and_no_keys_told_on_touch(driver: WebDriver, page_url: str) -> None:
    """Every button of the board is at least 44 px each way; a touch screen (emulated through
    the DevTools protocol) hides the keyboard instructions and the key letters."""
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    sizes = driver.script(
        "return [...document.querySelectorAll('#practice button')]"
        ".map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })"
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes)
    shown = "return [...document.querySelectorAll('#practice .p-keys, #practice kbd')].map(e => getComputedStyle(e).display)"  # noqa: E501
    assert "none" not in driver.script(shown)
    _touch(driver, True)
    try:
        driver.s("POST", "/url", {"url": page_url})
        assert driver.script("return matchMedia('(hover: none) and (pointer: coarse)').matches")
        assert set(driver.script(shown)) == {"none"}
    finally:
        _touch(driver, False)
    assert _errors(driver) == []


THROWS = "try { eval(arguments[0]); return null; } catch (e) { return String(e); }"
"""Run a call and return the message it throws (null if none)."""


def test_page_fits_a_phone(driver: WebDriver, page_url: str) -> None:
    with _screen(driver, 360, 740, touch=True):  # a phone: a touch screen
        driver.s("POST", "/url", {"url": page_url})
        driver.log()
        width = driver.script("return window.innerWidth")
        assert width <= 360
        wide = "return document.scrollingElement.scrollWidth"
        assert driver.script(wide) <= width
        # the widest hard side on the practice board, its pieces below the figure
        ps = bundled()
        c = max(
            (c for c in ps.combinations() if c.side == "hard"),
            key=lambda c: c.puzzle.figure.width,
        )
        driver.script(
            "window.ubongo.select(arguments[0], arguments[1], arguments[2])",
            c.template,
            c.side,
            c.face,
        )
        assert driver.script(wide) <= width
        board = driver.script(
            "const r = document.querySelector('#p-board svg').getBoundingClientRect();"
            "return [r.left, r.right]"
        )
        assert board[0] >= 0 and board[1] <= width
        shots = os.environ.get("UBONGO_SCREENSHOTS")
        if shots:  # README's picture: one piece down, the next shown by a level-2 hint
            first = next(solutions(c.puzzle, engine="bitboard"))[0]
            driver.script("window.ubongo.place(arguments[0], arguments[1])", first.piece,
                          sorted(first.cells))  # fmt: skip
            where = driver.find("button.p-hint[data-level='2']")
            driver.s("POST", f"/element/{where}/click")
            driver.script("document.getElementById('practice').scrollIntoView()")
            png = base64.b64decode(driver.s("GET", "/screenshot"))
            Path(shots, "practice-phone.png").write_bytes(png)
        assert _errors(driver) == []


def test_the_page_of_bg_stats_links_fits_a_phone(driver: WebDriver, tmp_path: Path) -> None:
    """``score --export bgstats-links --html``: every play a tap target across the window, long
    names wrapped, nothing wider than 360 pixels."""
    long_name = "Maximiliana-Wilhelmina-" * 4
    records = [
        {"game": "jambo", "date": f"2026-11-{day:02d}", "location": "Café Nuñez",
         "players": [long_name, "Ben"], "totals": {long_name: 61, "Ben": 58}}
        for day in (6, 13, 20)
    ]  # fmt: skip
    page = tmp_path / "plays.html"
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    done = CliRunner().invoke(
        main, ["score", "--export", "bgstats-links", "--html", str(page), "-"], input=stdin
    )
    assert done.exit_code == 0, done.output
    driver.s("POST", "/window/rect", {"width": 360, "height": 780})
    try:
        driver.s("POST", "/url", {"url": page.as_uri()})
        width = driver.script("return window.innerWidth")
        assert driver.script("return document.scrollingElement.scrollWidth") <= width <= 360
        boxes = driver.script(
            "return [...document.querySelectorAll('li a')].map(a => {"
            "const r = a.getBoundingClientRect(); return [r.left, r.right, r.height]})"
        )
        assert len(boxes) == 3
        for left, right, height in boxes:  # a thumb's target: most of the width, 44 px high
            assert left >= 0 and right <= width and right - left >= width * 0.8 and height >= 44
        shots = os.environ.get("UBONGO_SCREENSHOTS")
        if shots:
            png = base64.b64decode(driver.s("GET", "/screenshot"))
            Path(shots, "bgstats-links-phone.png").write_bytes(png)
        assert _errors(driver) == []
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


def _regions_set(rng: random.Random) -> PuzzleSet:
    """Figures of two or three separate regions (as on a Trigo card), each side with a few
    combinations that tile them."""
    names = list(STANDARD)
    templates = []
    for i, fig in enumerate(
        [
            ["###.###", "###.###"],
            ["##..####", "##..####"],
            ["####", "####", "....", "###."],
            ["##.##.##", "##.##.##"],
        ]
    ):
        area = sum(r.count("#") for r in fig)
        combos: list[list[str]] = []
        for _ in range(4000):
            combo = rng.sample(names, rng.randint(3, 5))
            if sum(STANDARD[n].area for n in combo) != area:
                continue
            if next(solutions(Puzzle(parse_figure(fig), STANDARD.resolve(combo))), None):
                combos.append(combo)
                if len(combos) == 3:
                    break
        templates.append({"id": f"G{i}", "hard": {"figure": fig, "combos": combos}})
    doc = {"format": "ubongo-puzzle-set", "version": 1, "name": "regions", "die": ["1", "2", "3"]}
    return parse_set({**doc, "templates": templates}, "regions")


def test_page_hints_name_the_region_as_the_library_does(driver: WebDriver, tmp_path: Path) -> None:
    """On figures of several regions the page's hints name the region first, word for word as
    ``ubongo hint`` (``in the left region, at the top``)."""
    ps = _regions_set(random.Random(5))
    listings = {
        _key(c): Listing(list(solutions(c.puzzle, engine="bitboard")), True)
        for c in ps.combinations()
    }
    (tmp_path / "page.html").write_text(page(ps, listings), encoding="utf-8")
    driver.s("POST", "/url", {"url": (tmp_path / "page.html").as_uri()})
    driver.log()
    boards = _boards(ps, 40, seed=4)
    assert any(" region" in (b["hints"][0].get("area") or "") for b in boards)
    _compare(driver, boards)
    assert _errors(driver) == []


# --- a phone, a tap, the keyboard's way in, a focus one can see (issue 22) --------------------


def _cdp(driver: WebDriver, cmd: str, params: dict[str, Any]) -> Any:
    """A DevTools protocol command, through chromedriver."""
    body = {"cmd": cmd, "params": params}
    return driver.call("POST", f"/session/{driver.session}/goog/cdp/execute", body)


@contextlib.contextmanager
def _screen(driver: WebDriver, width: int, height: int, touch: bool) -> Iterator[None]:
    """A viewport of exactly ``width`` x ``height`` CSS pixels (a phone's, with ``touch``)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch}
    _cdp(driver, "Emulation.setDeviceMetricsOverride", metrics)
    _touch(driver, touch)
    try:
        yield
    finally:
        _touch(driver, False)
        _cdp(driver, "Emulation.clearDeviceMetricsOverride", {})


BOXES = """const box = e => {
  const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return {view: [innerWidth, innerHeight], scroll: scrollY,
  figure: box(document.querySelector('#p-board g.pfigure')),
  pieces: [...document.querySelectorAll('#p-board g.pp')].map(box),
  turns: ['#p-rotate', '#p-flip'].map(s => box(document.querySelector(s)))}"""


def _inside(box: list[float], view: list[int]) -> bool:
    """A box (left, top, right, bottom) wholly in the viewport."""
    left, top, right, bottom = box
    return left >= 0 and top >= 0 and right <= view[0] and bottom <= view[1]


def _shapes(driver: WebDriver, css: str) -> str:
    return str(driver.script(f"return document.querySelector('{css}').dataset.shape"))


def _turned(shape: str, how: str) -> str:
    """A ``data-shape`` a quarter turn clockwise (``rotate``) or turned over (``flip``)."""
    cells = [tuple(int(v) for v in p.split(",")) for p in shape.split(";")]
    turn = (lambda r, c: (c, -r)) if how == "rotate" else (lambda r, c: (r, -c))
    return _shape(frozenset(turn(r, c) for r, c in cells))


def _tap(driver: WebDriver, css: str) -> None:
    """A touch tap on the middle of an element."""
    at = driver.centre(css)
    driver.drag(at, at, "touch")


def test_a_phone_shows_figure_and_pieces_first_and_plays_by_touch(
    driver: WebDriver, page_url: str
) -> None:
    """On a 360 x 740 touch screen the first screen holds the figure, every piece and the turn
    buttons; a swipe on the figure scrolls the page, a drag of a piece does not; a tap chooses
    a piece, a second tap rotates it, Turn over turns it over, and touch alone plays to
    "Ubongo!" (the status naming the pieces left after each drop)."""
    ps = bundled()
    c = next(ps.combinations())
    tiling = next(solutions(c.puzzle, engine="bitboard"))
    with _screen(driver, 360, 740, touch=True):
        driver.s("POST", "/url", {"url": page_url})
        driver.log()
        seen = driver.script(BOXES)
        assert seen["scroll"] == 0 and seen["view"] == [360, 740]
        assert _inside(seen["figure"], seen["view"]), seen
        assert len(seen["pieces"]) == len(tiling)
        assert all(_inside(b, seen["view"]) for b in seen["pieces"] + seen["turns"]), seen
        left, top, right, bottom = seen["figure"]
        middle = (round((left + right) / 2), round((top + bottom) / 2))
        driver.drag(middle, (middle[0], middle[1] - 200), "touch")  # a swipe on the board
        assert driver.script("return scrollY") > 100
        for _ in range(50):  # the fling's scroll, settled
            y = driver.script("return scrollY")
            time.sleep(0.1)
            if driver.script("return scrollY") == y:
                break
        driver.script("scrollTo(0, 0)")
        for n, pl in enumerate(tiling):
            css = f'g.pp[data-piece="{pl.piece}"]'
            grip = f'{css} rect[data-k="0"]'
            _tap(driver, grip)
            assert driver.script(
                f"return document.querySelector('{css}').classList.contains('selected')"
            )
            for i in range(8):  # tap, tap, tap, Turn over, tap, ...
                if _shapes(driver, css) == _shape(pl.cells):
                    break
                how = "flip" if i == 3 else "rotate"
                expected = _turned(_shapes(driver, css), how)
                _tap(driver, "#p-flip" if how == "flip" else grip)
                assert _shapes(driver, css) == expected, how
            assert _shapes(driver, css) == _shape(pl.cells)
            r, c0 = min(pl.cells)
            driver.drag(driver.centre(grip), driver.centre(f'#p-board rect[data-cell="{r},{c0}"]'),
                        "touch")  # fmt: skip
            assert driver.script(f"return document.querySelector('{css}').dataset.at")
            assert driver.script("return scrollY") == 0  # dragging a piece scrolls nothing
            if n < len(tiling) - 1:
                left_now = " ".join(p.piece for p in tiling[n + 1 :])
                said = driver.script(STATUS)
                assert said.startswith(f"{n + 1} of {len(tiling)} pieces placed; left: ")
                assert sorted(said.split(": ")[1].split()) == sorted(left_now.split())
        assert driver.script(STATUS).startswith("Ubongo!")
        # a tap on the chosen piece, placed, turns it in place or says why it cannot
        last = f'g.pp[data-piece="{tiling[-1].piece}"]'
        before = driver.script(
            f"const d = document.querySelector('{last}').dataset; return [d.at, d.shape]"
        )
        _tap(driver, f'{last} rect[data-k="0"]')
        after = driver.script(
            f"const d = document.querySelector('{last}').dataset; return [d.at, d.shape]"
        )
        assert after != before or driver.script(NOTE).endswith("does not fit here: move it first.")
        assert _errors(driver) == []


def test_a_landscape_phone_keeps_the_turns_in_reach(driver: WebDriver, page_url: str) -> None:
    """At 740 x 360 the turn buttons are on screen wherever the board is in view, and one
    scroll position shows the whole board and them together."""
    ps = bundled()
    c = max(
        (c for c in ps.combinations() if c.side == "hard"), key=lambda c: c.puzzle.figure.height
    )
    with _screen(driver, 740, 360, touch=True):
        driver.s("POST", "/url", {"url": page_url})
        driver.log()
        driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
        top, height = driver.script(
            "const r = document.querySelector('#p-board svg').getBoundingClientRect();"
            "return [r.top + scrollY, r.height]"
        )
        for y in range(max(0, round(top - 360 + 60)), round(top + height - 60), 20):
            driver.script(f"scrollTo(0, {y})")
            seen = driver.script(BOXES)
            assert all(_inside(b, seen["view"]) for b in seen["turns"]), (y, seen)
        driver.script("document.getElementById('p-board').scrollIntoView()")
        seen = driver.script(BOXES)
        assert all(
            _inside(b, seen["view"]) for b in [seen["figure"], *seen["pieces"], *seen["turns"]]
        ), seen
        assert _errors(driver) == []


def _luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of ``#rrggbb`` or ``rgb(r, g, b)``."""
    if colour.startswith("#"):
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        rgb = [round(float(v)) for v in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    lin = [
        v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb
    ]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours, 1 to 21."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_the_wcag_ratio() -> None:
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("rgb(118, 118, 118)", "#ffffff"), 1) == 4.5
    assert round(contrast("#1565c0", "#2457c5"), 2) == 1.13  # the old focus ring on S4


FOCUS = """const a = document.activeElement, cs = getComputedStyle(a);
let e = a.parentElement, bg = 'rgb(255, 255, 255)';
for (; e; e = e.parentElement) {
  const c = getComputedStyle(e).backgroundColor;
  if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') { bg = c; break; }
}
const r = a.getBoundingClientRect();
return {what: a.tagName + '#' + a.id + '.' + (a.getAttribute('class') || ''),
  piece: (a.matches('#p-board g.pp') && a.dataset.piece) || null,  // not an own card's button
  row: a.classList.contains('combo'),
  style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), colour: cs.outlineColor, bg,
  shown: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight}"""
RING = """const g = document.activeElement;
return {rings: [...g.querySelectorAll('path.ring')].map(p => { const s = getComputedStyle(p);
  return [s.display, s.stroke, parseFloat(s.strokeWidth)]; }),
  others: [...document.querySelectorAll('#p-board g.pp')].filter(x => x !== g)
    .flatMap(x => [...x.querySelectorAll('path.ring')].map(p => getComputedStyle(p).display)),
  fills: Object.values(UbongoPractice.PIECES).map(p => p.colour)}"""
ROW = """const g = document.activeElement, s = getComputedStyle(g.querySelector('rect.hit'));
const card = g.closest('svg').querySelector('rect').getAttribute('fill');
return [s.stroke, parseFloat(s.strokeWidth), card]"""


def _ring_contrast(driver: WebDriver) -> None:
    """The focused piece's ring: two tones 9:1 apart (WCAG technique C40), together at least
    3:1 against every piece colour, the figure's squares, its grid and the page."""
    seen = driver.script(RING)
    assert len(seen["rings"]) == 2 and all(d != "none" for d, _, _ in seen["rings"]), seen
    assert set(seen["others"]) == {"none"}  # only the focused piece shows one
    (_, halo, outer), (_, ink, inner) = sorted(seen["rings"], key=lambda x: -x[2])
    assert inner >= 2 and outer >= inner + 2  # the halo shows on both sides of the ink
    assert contrast(ink, halo) >= 9
    for beside in [*seen["fills"], "#ffffff", "#c4c4c4", "#f6f6f4"]:
        assert max(contrast(ink, beside), contrast(halo, beside)) >= 3, beside


def focus_ring(driver: WebDriver) -> dict[str, Any]:
    """What is focused, after checking its focus shows: a solid outline of 2 px or more, at 3:1
    against what is beside it (WCAG 2.1 AA)."""
    seen: dict[str, Any] = driver.script(FOCUS)
    assert seen["style"] == "solid" and seen["width"] >= 2, seen
    assert contrast(seen["colour"], seen["bg"]) >= 3, seen
    return seen


def test_the_keyboard_reaches_a_piece_at_once_and_every_focus_shows(
    driver: WebDriver, page_url: str
) -> None:
    """From a fresh page two key presses (Tab to the skip link, Enter) put the focus on a
    piece; Tab on from there, every control, link and piece shows its focus at WCAG 2.1 AA
    contrast (3:1 against what is beside it), the daily puzzle's and the own card's included,
    and so does a die-face row of a card; the blue piece's ring (it was 1.13:1) included."""
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    presses = 0
    while _focused_piece(driver) is None and presses < 80:
        on_skip = driver.script("return document.activeElement.matches('a.skip')")
        driver.key(ENTER if on_skip else TAB)
        presses += 1
    assert _focused_piece(driver) is not None and presses == 2
    driver.s("POST", "/url", {"url": page_url})  # again, from the top
    kinds: set[str] = set()
    stops: set[str] = set()
    for _ in range(120):  # every tab stop of the header, the practice board and the own card
        driver.key(TAB)
        seen = driver.script(FOCUS)
        assert seen["shown"], seen
        if seen["row"]:
            stroke, width, card = driver.script(ROW)
            assert width >= 2 and contrast(stroke, card) >= 3, (stroke, card)
            kinds.add("row")
            break
        if seen["piece"]:
            _ring_contrast(driver)
            kinds.add("piece")
            continue
        focus_ring(driver)
        kinds.add(seen["what"].split("#")[0])
        stops.add(seen["what"])
    assert kinds >= {"A", "BUTTON", "SELECT", "INPUT", "piece", "row"}
    # the daily puzzle's link by the heading and its classes; the own card's grid and buttons
    assert stops >= {"A#.d-jump", "BUTTON#.d-class", "svg#.", "BUTTON#.opiece", "BUTTON#o-fit."}
    ps = bundled()  # the blue piece (S4) focused by the keyboard
    c = next(c for c in ps.combinations() if "S4" in (p.name for p in c.puzzle.pieces))
    driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
    driver.script("document.querySelector('a.skip').focus()")
    driver.key(ENTER)
    for _ in range(len(c.puzzle.pieces)):
        if _focused_piece(driver) == "S4":
            break
        driver.key(TAB)
    assert _focused_piece(driver) == "S4"
    _ring_contrast(driver)
    assert _errors(driver) == []


def test_twelve_pentominoes_fit_a_compact_tray(driver: WebDriver, tmp_path: Path) -> None:
    """The 6 x 10 pentomino board at 1280 x 900: the board with all 12 pieces fits the screen
    (the tray in two slots per row was 1,332 px tall) and a piece still drags onto it."""
    site = tmp_path / "site"
    done = CliRunner().invoke(main, ["render", "examples/pentominoes.json", "--html", str(site)])
    assert done.exit_code == 0, done.output
    ps = parse_set(json.loads(Path("examples/pentominoes.json").read_text()), "pentominoes")
    c = next(c for c in ps.combinations() if c.template == "6x10")
    assert len(c.puzzle.pieces) == 12
    first = next(solutions(c.puzzle))[0]
    with _screen(driver, 1280, 900, touch=False):
        driver.s("POST", "/url", {"url": (site / "index.html").as_uri()})
        driver.log()
        driver.script("window.ubongo.select(arguments[0], arguments[1], arguments[2])", *_key(c))
        driver.script("document.getElementById('p-board').scrollIntoView()")
        seen = driver.script(BOXES)
        assert len(seen["pieces"]) == 12
        assert all(_inside(b, seen["view"]) for b in [seen["figure"], *seen["pieces"]]), seen
        css = f'g.pp[data-piece="{first.piece}"]'
        grip = driver.centre(f'{css} rect[data-k="0"]')
        driver.drag(grip, grip)
        _turn_to(driver, first.piece, _shape(first.cells))
        r, c0 = min(first.cells)
        driver.drag(driver.centre(f'{css} rect[data-k="0"]'),
                    driver.centre(f'#p-board rect[data-cell="{r},{c0}"]'))  # fmt: skip
        assert driver.script(f"return document.querySelector('{css}').dataset.at") == f"{r},{c0}"
        assert _errors(driver) == []


ACTIVE_ROW = "const a = document.activeElement; return a.dataset ? a.dataset.combo || null : null"


def test_a_card_is_one_tab_stop_and_the_arrows_go_along_its_rows(
    driver: WebDriver, page_url: str
) -> None:
    """Tab goes from a card's die-face row to the next card (not through its six rows); the
    arrow keys, Home and End move along the rows and Enter reveals the row's solution."""
    ps = bundled()
    first, second = ps.templates[0].id, ps.templates[1].id
    ids = [combo_id(c.template, c.side, c.face) for c in ps.combinations() if c.template == first]
    easy = [i for i in ids if "-easy-" in i]
    hard = [i for i in ids if "-hard-" in i]
    driver.s("POST", "/url", {"url": page_url})
    driver.log()
    driver.script(f"document.querySelector('g.combo[data-combo=\"{easy[0]}\"]').focus()")
    label = driver.script("return document.activeElement.getAttribute('aria-label')")
    assert label == driver.script("return document.activeElement.dataset.label")
    assert label.startswith("die ")
    driver.key(ARROWS[(1, 0)])
    driver.key(ARROWS[(1, 0)])
    assert driver.script(ACTIVE_ROW) == easy[2]
    driver.key(ARROWS[(-1, 0)])
    assert driver.script(ACTIVE_ROW) == easy[1]
    driver.key(END)
    assert driver.script(ACTIVE_ROW) == easy[-1]
    driver.key(HOME)
    driver.key(ARROWS[(0, 1)])
    assert driver.script(ACTIVE_ROW) == easy[1]
    driver.key(ENTER)
    answer = f'figure[data-side="{first}-easy"] pre.answer'
    assert driver.script(f"return document.querySelector('{answer}').textContent").startswith(
        "die "
    )
    driver.key(TAB)
    assert driver.script(ACTIVE_ROW) == hard[0]
    driver.key(TAB)
    assert driver.script(ACTIVE_ROW).startswith(f"{second}-easy-")
    for _ in range(2):  # Shift+Tab back twice: the easy card's stop is the row last used
        _shift_tab(driver)
    assert driver.script(ACTIVE_ROW) == easy[1]
    assert _errors(driver) == []


HOME, END, SHIFT = "\ue011", "\ue010", "\ue008"


def _shift_tab(driver: WebDriver) -> None:
    """Shift+Tab: a chord of real key events."""
    steps = [{"type": "keyDown", "value": SHIFT}, {"type": "keyDown", "value": TAB},
             {"type": "keyUp", "value": TAB}, {"type": "keyUp", "value": SHIFT}]  # fmt: skip
    driver.s("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": steps}]})
    driver.s("DELETE", "/actions")
