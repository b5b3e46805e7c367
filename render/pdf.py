"""Printable template cards: one page per side (easy then hard), figures at true size.

The card is the same drawing as the SVG of a side (:func:`render.svg.side_element`),
laid out in millimetres and embedded as vectors by fpdf2, so the printed figure's cells are
exactly ``cell_mm`` wide and the physical pieces fit on it. Cut marks sit outside the card's
corners; a 50 mm scale bar under the card shows whether the printer scaled the page.

fpdf2 is the optional ``print`` extra and is imported here only.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

from puzzles import PuzzleSet
from render.svg import PrintedSide, side_element, sides, to_string
from solver.errors import UbongoError

DEFAULT_CELL_MM = 16.0
"""Cell size of a printed figure; measure a piece's square and pass ``cell_mm`` to match."""
A4_LANDSCAPE = (297.0, 210.0)
MARGIN = 15.0  # mm between the card and the page edge: room for the cut marks
MARK = 6.0  # length of a cut mark
GAP = 2.0  # cut marks start this far from the card, so no mark shows on a cut card
SCALE_MM = 50.0
FOOT = 8.0  # room under the bottom cut marks for the scale bar and caption


MIN_CELL_MM, MAX_CELL_MM = 5.0, 60.0  # smaller cells cannot be cut; larger ones leave the page


class CellSizeOutOfRange(UbongoError):
    """A printed cell size (``mm``) outside MIN_CELL_MM to MAX_CELL_MM."""

    def __init__(self, mm: float) -> None:
        super().__init__(f"cell size {mm:g} mm; expected {MIN_CELL_MM:g} to {MAX_CELL_MM:g} mm")
        self.mm = mm


class PrintError(UbongoError):
    """fpdf2 could not draw a template side: ``detail`` is its message."""

    def __init__(self, template: str, side: str, detail: str) -> None:
        super().__init__(f"template {template} {side}: {detail}")
        self.template = template
        self.side = side
        self.detail = detail


class NothingToPrint(UbongoError):
    """The set (``set_name``) has no template side to print."""

    def __init__(self, set_name: str) -> None:
        super().__init__(f"{set_name}: no template side to print")
        self.set_name = set_name


class PrintExtraMissing(UbongoError):
    """fpdf2 is not installed."""

    def __init__(self) -> None:
        super().__init__(
            "PDF cards need fpdf2, the optional 'print' extra: pip install 'ubongo-lab[print]'"
        )


def _fpdf() -> Any:
    try:
        import fpdf
    except ImportError:
        raise PrintExtraMissing() from None
    return fpdf


def _card(ps: PuzzleSet, side: PrintedSide, cell_mm: float) -> ET.Element:
    svg = side_element(
        side.figure, side.combos, ps.die, title=side.title, side=side.name, cell=cell_mm
    )
    for parent in list(svg.iter()):  # tooltips mean nothing on paper
        for child in [c for c in parent if c.tag == "title"]:
            parent.remove(child)
    return svg


def cards(ps: PuzzleSet, *, cell_mm: float = DEFAULT_CELL_MM) -> tuple[bytes, int]:
    """The set's cards as a PDF document, and its number of pages."""
    if not MIN_CELL_MM <= cell_mm <= MAX_CELL_MM:
        raise CellSizeOutOfRange(cell_mm)
    fpdf = _fpdf()
    pdf = fpdf.FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_title(latin1(f"{ps.name}: Ubongo cards"))
    pages = 0
    for side in sides(ps):
        svg = _card(ps, side, cell_mm)
        w, h = float(svg.get("width", 0)), float(svg.get("height", 0))
        page = _page(w, h)
        pdf.add_page(format=page)
        x, y = (page[0] - w) / 2, (page[1] - h - FOOT) / 2  # centred: backs land on fronts
        # the core fonts draw Latin-1 only (a wider character is a KeyError deep in fpdf2):
        # any other character of a name becomes "?"
        drawing = to_string(svg).encode("latin-1", "replace").decode("latin-1").encode()
        try:
            pdf.image(io.BytesIO(drawing), x=x, y=y, w=w, h=h)
        except fpdf.errors.FPDFUnicodeEncodingException as e:
            raise PrintError(side.template, side.name, str(e)) from None
        _cut_marks(pdf, x, y, w, h)
        _footer(pdf, page, y + h, f"{ps.name} · {side.title} · cell {cell_mm:g} mm")
        pages += 1
    if not pages:
        raise NothingToPrint(ps.name)
    return bytes(pdf.output()), pages


def _page(w: float, h: float) -> tuple[float, float]:
    """A4 landscape or portrait when the card fits with its marks, else a page of its own."""
    need = (w + 2 * MARGIN, h + 2 * MARGIN + FOOT)
    for page in (A4_LANDSCAPE, A4_LANDSCAPE[::-1]):
        if need[0] <= page[0] and need[1] <= page[1]:
            return page
    return need


def _cut_marks(pdf: Any, x: float, y: float, w: float, h: float) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            pdf.line(cx + dx * GAP, cy, cx + dx * (GAP + MARK), cy)
            pdf.line(cx, cy + dy * GAP, cx, cy + dy * (GAP + MARK))


def _footer(pdf: Any, page: tuple[float, float], bottom: float, text: str) -> None:
    """A scale bar and a caption under the card, below its cut marks."""
    y = min(page[1] - 4, bottom + GAP + MARK + FOOT / 2)
    x = MARGIN
    pdf.set_line_width(0.3)
    pdf.line(x, y, x + SCALE_MM, y)
    for tick in (x, x + SCALE_MM):
        pdf.line(tick, y - 1.5, tick, y + 1.5)
    pdf.set_font("helvetica", size=7)
    pdf.set_text_color(80, 80, 80)
    caption = f"{SCALE_MM:g} mm at 100 % (print without scaling) · {text}"
    pdf.text(x + SCALE_MM + 3, y + 1, latin1(caption))


def latin1(text: str) -> str:
    """``text`` in the core PDF fonts' Latin-1, which is all they can draw: any other or
    unprintable character (a name from a stranger's file) becomes ``?``.

    >>> latin1("Zoë ｗ\x1b")
    'Zoë ??'
    """
    return "".join(c if c.isprintable() and ord(c) < 0x100 else "?" for c in text)
