"""The page of ``render --html DIR`` hosted on a plain static server, in headless Chromium with
the driver of tests/test_browser.py: installable (Chromium's own installability check), played
with the network gone after the first visit, replaced whole by a new render; opened from a file,
the page as before, asking for nothing.
"""

# ruff: noqa: F811  (the one browser fixture, `driver`, is imported from test_browser.py)
from __future__ import annotations

import base64
import functools
import os
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_browser import (  # the one browser driver and the moves of the 2D page
    STATUS,
    WebDriver,
    _errors,
    _shape,
    _turn_to,
    driver,  # noqa: F401  (a fixture)
    png_pixels,
)

from ubongo import load_set
from ubongo.cli import main
from ubongo.puzzles import bundled
from ubongo.solver.engine import solutions

ROOT = Path(__file__).resolve().parent.parent


class Quiet(SimpleHTTPRequestHandler):
    """A static file server that keeps its log to itself."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Host:
    """``folder`` served on a free local port, in a thread, until ``stop``."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(Quiet, directory=str(folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop serving and free the port (again: nothing)."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()
            self.thread.join()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, Host]]:
    folder = tmp_path / "site"
    render(folder, "sample")
    host = Host(folder)
    yield folder, host
    host.stop()


def render(folder: Path, set_name: str) -> None:
    result = CliRunner().invoke(main, ["render", set_name, "--html", str(folder), "-q"])
    assert result.exit_code == 0, result.output


def cdp(driver: WebDriver, cmd: str, **params: Any) -> Any:
    """One Chrome DevTools Protocol command through chromedriver."""
    return driver.s("POST", "/goog/cdp/execute", {"cmd": cmd, "params": params})


def until(driver: WebDriver, js: str, what: str, seconds: float = 30) -> Any:
    """Poll a script until it returns something true; fail naming ``what``."""
    deadline = time.monotonic() + seconds
    while not (found := driver.script(js)):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not within {seconds:g} s")
        time.sleep(0.1)
    return found


def caches(driver: WebDriver) -> list[str]:
    """The names of the page's caches."""
    js = "const done = arguments[0]; caches.keys().then(done, e => done(String(e)));"
    return list(driver.s("POST", "/execute/async", {"script": js, "args": []}))


def play_a_move(driver: WebDriver) -> None:
    """Choose a combination, put its first piece where a tiling has it: it stays placed."""
    ps = bundled("sample")
    c = next(ps.combinations())
    pl = next(solutions(c.puzzle, engine="bitboard"))[0]
    driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
    assert driver.script(STATUS).startswith("Place the pieces")
    driver.script("document.getElementById('p-board').scrollIntoView()")
    css = f'g.pp[data-piece="{pl.piece}"]'
    grip = driver.centre(f'{css} rect[data-k="0"]')
    driver.drag(grip, grip)  # chooses it
    _turn_to(driver, pl.piece, _shape(pl.cells))
    r, c0 = min(pl.cells)
    start = driver.centre(f'{css} rect[data-k="0"]')
    driver.drag(start, driver.centre(f'#p-board rect[data-cell="{r},{c0}"]'))
    assert driver.script(f"return document.querySelector('{css}').classList.contains('placed')")


def look(driver: WebDriver, name: str) -> None:
    """Screenshots at 1280x900 and on a 360x740 phone: not one flat colour; kept in
    ``UBONGO_SCREENSHOTS`` when set."""
    try:
        for width, height in ((1280, 900), (360, 740)):
            driver.s("POST", "/window/rect", {"width": width, "height": height})
            png = base64.b64decode(driver.s("GET", "/screenshot"))
            assert len(png_pixels(png)[2]) > 20, "the screenshot is (nearly) one flat colour"
            if shots := os.environ.get("UBONGO_SCREENSHOTS"):
                (Path(shots) / f"{name}-{width}.png").write_bytes(png)
    finally:
        driver.s("POST", "/window/rect", {"width": 1200, "height": 900})


CONTROLLED = "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"


def test_the_hosted_page_installs_and_plays_with_the_network_gone(
    driver: WebDriver, site: tuple[Path, Host]
) -> None:
    _, host = site
    driver.s("POST", "/url", {"url": host.url})
    driver.log()
    until(driver, CONTROLLED, "a service worker controlling the page")
    manifest = cdp(driver, "Page.getAppManifest")
    assert manifest["url"] == host.url + "manifest.webmanifest" and not manifest["errors"]
    assert cdp(driver, "Page.getInstallabilityErrors")["installabilityErrors"] == []
    host.stop()  # the server is gone, and the network with it
    cdp(driver, "Network.enable")
    offline = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp(driver, "Network.emulateNetworkConditions", offline=True, **offline)
    try:
        driver.s("POST", "/refresh")
        assert "Ubongo templates" in driver.s("GET", "/title")
        assert driver.script(CONTROLLED)
        play_a_move(driver)
        look(driver, "offline")
        driver.s("POST", "/url", {"url": host.url + "index.html?daily=1"})  # its own address
        assert "Ubongo templates" in driver.s("GET", "/title")
        assert _errors(driver) == []
    finally:
        cdp(driver, "Network.emulateNetworkConditions", offline=False, **offline)


def test_the_page_of_a_3d_set_plays_offline_too(driver: WebDriver, tmp_path: Path) -> None:
    """The same worker for the blocks' page: hosted, visited, the server gone, a combination
    played to "Ubongo!" through the page's hook."""
    path = str(ROOT / "examples/boards-3d.json")
    render(tmp_path / "site3d", path)
    host = Host(tmp_path / "site3d")
    try:
        driver.s("POST", "/url", {"url": host.url})
        driver.log()
        until(driver, CONTROLLED, "a service worker controlling the page")
    finally:
        host.stop()
    driver.s("POST", "/refresh")
    assert driver.script(CONTROLLED)
    c = next(load_set(path).combinations())
    driver.script("window.ubongo.select(...arguments)", c.template, c.side, c.face)
    for pl in next(solutions(c.puzzle, engine="bitboard")):
        driver.script("window.ubongo.place(arguments[0], arguments[1])", pl.piece, sorted(pl.cells))
    assert driver.script(STATUS).startswith("Ubongo!")
    assert _errors(driver) == []


def test_a_new_render_replaces_the_cached_page(driver: WebDriver, site: tuple[Path, Host]) -> None:
    folder, host = site
    for f in folder.iterdir():  # made a minute ago: http.server's Last-Modified is in whole
        os.utime(f, (time.time() - 60,) * 2)  # seconds, and a render in that second is a 304
    driver.s("POST", "/url", {"url": host.url})
    until(driver, CONTROLLED, "a service worker controlling the page")
    old = caches(driver)
    assert len(old) == 1 and old[0].startswith(f"ubongo {host.url} ")
    pentominoes = str(ROOT / "examples/pentominoes.json")
    render(folder, pentominoes)  # over the old files, while the old worker serves them
    name = load_set(pentominoes).name
    driver.s("POST", "/url", {"url": host.url})  # the old page, from the old cache
    assert driver.s("GET", "/title").startswith("sample")
    # the browser looks for a new worker on a visit, when it sees fit (Chromium delays and
    # skips checks); update() is that check made now
    update = "const done = arguments[0]; navigator.serviceWorker.ready.then(r => r.update())"
    update += ".then(() => done(''), e => done(String(e)));"
    assert driver.s("POST", "/execute/async", {"script": update, "args": []}) == ""
    deadline = time.monotonic() + 30
    while (now := caches(driver)) == old or len(now) != 1:
        assert time.monotonic() < deadline, f"the caches stayed {now}"
        time.sleep(0.2)
    driver.s("POST", "/refresh")
    assert driver.s("GET", "/title").startswith(name)


def test_opened_from_a_file_it_asks_for_nothing_and_plays(
    driver: WebDriver, site: tuple[Path, Host]
) -> None:
    folder, _ = site
    driver.s("POST", "/url", {"url": (folder / "index.html").as_uri()})
    driver.log()
    assert driver.script("return document.querySelectorAll('link[rel=manifest]').length") == 0
    assert not driver.script(CONTROLLED)
    play_a_move(driver)
    assert _errors(driver) == []
