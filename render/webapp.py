"""The files beside a set's page that make it an app (``ubongo render --html DIR``): a web app
manifest, icons and a service worker, so the page hosted on any static server installs on a
phone and plays with the network off after the first visit.

The page itself stays one self-contained file: it links the manifest and registers the worker
only when served over http(s) (``REGISTER``), so opened from a file, mailed, or shown in a
notebook it works as before and asks for nothing. The worker serves cache first; its cache
name carries a hash of every file it caches, so a new render is a new worker that replaces the
old cache; the command writes the worker last, so a browser that finds a new worker finds every
new file it caches.

The icon is drawn here, as SVG and as PNG (zlib and struct; no imaging library), one set of
rectangles for both: the first tiling the page lists, in the pieces' colours (seen from above
on cubes).
"""

from __future__ import annotations

import hashlib
import json
import struct
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Mapping, Sequence

from ubongo.puzzles.sets import PuzzleSet
from ubongo.render.colours import Colour, rgb, set_colours, tiling_colours
from ubongo.render.svg import root, to_string
from ubongo.solver.cells import Point
from ubongo.solver.puzzle import Solution

PAGE = "index.html"
MANIFEST = "manifest.webmanifest"
WORKER = "sw.js"
ICON_SVG = "icon.svg"
ICON_SIZES = (192, 512)
"""PNG icons: 192 px for the home screen, 512 px for the splash screen (what Chromium asks)."""
THEME = "#1a4f8b"  # the page's link blue: the phone's title bar
GROUND = "#f6f6f4"  # the page's background: the splash screen

Emblem = tuple[tuple[Colour | None, ...], ...]
"""An icon's picture: rows of cells, each a piece's colour or None (the ground shows)."""

REGISTER = f"""
if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {{
  // hosted: link the manifest and icons and keep the page for offline play; opened from a
  // file or a notebook nothing is asked for, so nothing can fail to load
  for (const [rel, href] of [["manifest", "{MANIFEST}"], ["icon", "{ICON_SVG}"],
                             ["apple-touch-icon", "icon-{ICON_SIZES[0]}.png"]]) {{
    const link = document.createElement("link");
    link.rel = rel; link.href = href;
    document.head.appendChild(link);
  }}
  navigator.serviceWorker.register("{WORKER}").catch(() => {{}});
}}
"""
"""The page's script that makes it installable when it is hosted, and only then."""

WORKER_JS = """// The service worker of a practice page (ubongo render --html): cache first, so
// the page plays offline once visited; a new render has a new VERSION, whose cache
// replaces the old one.
const VERSION = "@VERSION@";
const FILES = @FILES@;
const PREFIX = "ubongo " + self.registration.scope + " ";  // other pages' caches are left alone
const CACHE = PREFIX + VERSION;

self.addEventListener("install", event => {
  event.waitUntil(caches.open(CACHE)
    .then(cache => cache.addAll(FILES.map(f => new Request(f, {cache: "reload"}))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith(PREFIX) && k !== CACHE)
      .map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET") return;
  // the folder's own address is the page, whatever the server calls it
  const page = request.mode === "navigate" && new URL(request.url).pathname.endsWith("/");
  event.respondWith(caches.open(CACHE).then(async cache => {
    const hit = await cache.match(page ? "index.html" : request, {ignoreSearch: true});
    return hit || fetch(request);
  }));
});
"""


def emblem(ps: PuzzleSet, tilings: Sequence[Solution]) -> Emblem:
    """The first of ``tilings`` seen from above, in the colours the page gives its pieces; with
    none, or on hexagons and triangles (an icon is a grid of square tiles), the set's first
    pieces' colours, two by two."""
    if tilings and ps.pieces.lattice.space in ("square", "cube"):
        return _seen_from_above(ps, tilings[0])
    colours = list(set_colours(ps.pieces).values())[:4] or [THEME]
    cells = [colours[i % len(colours)] for i in range(4)]
    return (tuple(cells[:2]), tuple(cells[2:]))


def _seen_from_above(ps: PuzzleSet, tiling: Solution) -> Emblem:
    """A tiling's top cells as rows (a figure of squares is its own top)."""
    fills = tiling_colours([(p.piece, p.cells) for p in tiling], ps.pieces, ps.pieces.lattice)
    top: dict[tuple[int, int], tuple[int, Colour]] = {}
    for pl, fill in zip(tiling, fills, strict=True):
        for p in pl.cells:
            height, spot = _spot(p)
            if spot not in top or top[spot][0] < height:
                top[spot] = (height, fill)
    rows = range(min(r for r, _ in top), max(r for r, _ in top) + 1)
    cols = range(min(c for _, c in top), max(c for _, c in top) + 1)
    return tuple(tuple(top[r, c][1] if (r, c) in top else None for c in cols) for r in rows)


def _spot(p: Point) -> tuple[int, tuple[int, int]]:
    """A cell's height and its place seen from above: squares lie flat, cubes stand on layers."""
    return (0, (p[0], p[1])) if len(p) == 2 else (p[0], (p[1], p[2]))


def _frame(e: Emblem, size: float) -> tuple[float, float, float]:
    """The cell size and the top-left corner that centre the emblem in a ``size`` square with
    a sixth of it clear all round (a phone's round mask cuts no cell)."""
    rows, cols = len(e), max(len(r) for r in e)
    cell = size * 2 / 3 / max(rows, cols)
    return cell, (size - cols * cell) / 2, (size - rows * cell) / 2


Span = tuple[float, float, tuple[int, ...]]
"""Along one axis of the icon: from, to, and the cells it belongs to (two: the gap between)."""


def _spans(n: int, start: float, cell: float) -> list[Span]:
    """Each of ``n`` cells' inner span along an axis, and the thin gap between two cells."""
    gap = cell / 12
    out: list[Span] = []
    for k in range(n):
        a = start + k * cell
        out.append((a + gap / 2, a + cell - gap / 2, (k,)))
        if k + 1 < n:
            out.append((a + cell - gap / 2, a + cell + gap / 2, (k, k + 1)))
    return out


def _tiles(e: Emblem, size: int) -> dict[tuple[int, int], Colour]:
    """The icon's coloured rectangles, as (row span, column span) indices to ``_spans``: every
    cell less a thin gap, the gap filled between cells of one colour, so a piece reads whole."""
    cell, x0, y0 = _frame(e, size)
    width = max(len(r) for r in e)
    out: dict[tuple[int, int], Colour] = {}
    for i, (_, _, rows) in enumerate(_spans(len(e), y0, cell)):
        for j, (_, _, cols) in enumerate(_spans(width, x0, cell)):
            fills = {e[r][c] if c < len(e[r]) else None for r in rows for c in cols}
            if len(fills) == 1 and (fill := fills.pop()) is not None:
                out[i, j] = fill
    return out


def icon_svg(e: Emblem, size: int = 512) -> str:
    """The icon as an SVG document: the emblem's pieces on the theme colour."""
    svg = root(size, size)
    svg.set("shape-rendering", "crispEdges")  # no seam where two rects of a piece meet
    ET.SubElement(svg, "rect", width=str(size), height=str(size), fill=THEME)
    cell, x0, y0 = _frame(e, size)
    ys, xs = _spans(len(e), y0, cell), _spans(max(len(r) for r in e), x0, cell)
    for (i, j), fill in _tiles(e, size).items():
        (top, bottom, _), (left, right, _) = ys[i], xs[j]
        attrs = {"x": f"{left:.2f}", "y": f"{top:.2f}", "width": f"{right - left:.2f}"}
        ET.SubElement(svg, "rect", attrs, height=f"{bottom - top:.2f}", fill=fill)
    return to_string(svg)


def icon_png(e: Emblem, size: int) -> bytes:
    """The icon as a ``size`` square PNG, the same drawing as ``icon_svg``'s."""
    cell, x0, y0 = _frame(e, size)
    ys, xs = _spans(len(e), y0, cell), _spans(max(len(r) for r in e), x0, cell)
    tiles = _tiles(e, size)
    ground = bytes(rgb(THEME))

    def span(v: int, spans: list[Span]) -> int | None:
        """The span that holds pixel ``v``'s middle, if any."""
        return next((k for k, (a, b, _) in enumerate(spans) if a <= v + 0.5 < b), None)

    cols = [span(x, xs) for x in range(size)]
    lines: dict[int | None, bytes] = {}
    out = bytearray()
    for y in range(size):
        i = span(y, ys)
        if i not in lines:
            fills = [tiles.get((i, j)) if i is not None and j is not None else None for j in cols]
            lines[i] = b"".join(bytes(rgb(f)) if f else ground for f in fills)
        out += b"\0" + lines[i]
    return _png(size, size, bytes(out))


def _png(width: int, height: int, raw: bytes) -> bytes:
    """An 8-bit RGB PNG of ``raw`` (each row led by its filter byte)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def manifest(name: str) -> str:
    """The web app manifest of a set's page: its name, icons, standalone display, colours."""
    icons = [{"src": ICON_SVG, "sizes": "any", "type": "image/svg+xml"}] + [
        {"src": f"icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"} for n in ICON_SIZES
    ]
    doc = {
        "name": f"{name}: Ubongo practice",
        "short_name": name if 0 < len(name) <= 12 else "Ubongo",
        "start_url": PAGE,
        "scope": "./",
        "display": "standalone",
        "background_color": GROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    return json.dumps(doc, indent=2) + "\n"  # ASCII: any name's characters as escapes


def worker(files: Mapping[str, bytes]) -> str:
    """The service worker that caches ``files`` (name to content), versioned by their hash."""
    digest = hashlib.sha256()
    for name, data in sorted(files.items()):
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return WORKER_JS.replace("@VERSION@", digest.hexdigest()[:16]).replace(
        "@FILES@", json.dumps(sorted(files))
    )


def app_files(ps: PuzzleSet, html: str, tilings: Sequence[Solution]) -> dict[str, bytes]:
    """Every file of the hosted page, in the order to write them: the icons, the manifest, the
    page, and the worker last, so a browser that sees the new worker finds every new file."""
    e = emblem(ps, tilings)
    files = {
        ICON_SVG: icon_svg(e).encode(),
        **{f"icon-{n}.png": icon_png(e, n) for n in ICON_SIZES},
        MANIFEST: manifest(ps.name).encode(),
        PAGE: html.encode("utf-8", "backslashreplace"),
    }
    return {**files, WORKER: worker(files).encode()}
