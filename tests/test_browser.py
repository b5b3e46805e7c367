"""The HTML page of a set in a real browser: headless Chromium driven through chromedriver's
W3C WebDriver HTTP API, spoken with urllib (no Selenium).

Skipped when chromium or chromedriver is missing, except under CI (``CI`` set), where a
missing browser is a failure: ``.ci/run`` installs Debian's ``chromium`` and
``chromium-driver``.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli import main
from puzzles import bundled
from render.html import combo_id

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
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
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
    from solver.puzzle import Puzzle, parse_solution
    from solver.verify import is_solution

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
