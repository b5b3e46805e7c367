"""Printable template cards, double-sided: one card size for the whole set, easy side in front,
hard side behind, several cards per sheet when they fit, figures at true size.

A card is the same drawing as the SVG of a side (:meth:`render.svg.PrintedSide.element`), laid
out in millimetres and embedded as vectors by fpdf2, so the printed figure's cells are exactly
``cell_mm`` wide and the physical pieces fit on it. Every card of a set has the size of the
largest side. Pages alternate fronts and backs; the cards sit in a grid centred on the page, so
the back's grid lies exactly behind the front's after a duplex flip, and each back card is put
in the slot behind its front (mirrored left-right or top-bottom, as the flip turns the sheet).
Cut marks sit in the margin on the lines of the card edges; a 50 mm scale bar at the foot of
every page shows whether the printer scaled it. With a bleed, each card's background reaches
that far past its edge (the trim line the marks point at), so a cut a little off leaves no white
sliver; the bleed is the same all round, so a back still lies behind its front. The document
asks the print dialog for both sides, flipped on the edge the layout assumes, at actual size.

fpdf2 is the optional ``print`` extra and is imported here only.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ubongo.puzzles.sets import PuzzleSet
from ubongo.render.colours import rgb
from ubongo.render.svg import CARD, PrintedSide, sides, to_string
from ubongo.solver.errors import UbongoError, UnknownName

DEFAULT_CELL_MM = 16.0
"""Cell size of a printed figure; measure a piece's square and pass ``cell_mm`` to match."""
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
"""Paper sizes in mm, portrait (width, height)."""
FLIPS = ("long", "short")
"""How a duplex printer turns the sheet: about its long edge (the usual default) or short."""
DUPLEX = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
"""The PDF viewer preference (/Duplex) that asks the print dialog for each flip."""
PER_PAGE = ("auto", "1", "2", "4")
"""Cards per sheet: ``auto`` is the most that fit (never more than the set needs)."""
EDGE = 5.0  # mm most printers cannot print next to the paper's edge
MARK = 5.0  # length of a cut mark
GAP = 2.0  # cut marks start this far from the card, so no mark shows on a cut card
FOOT = 5.0  # room between the bottom cut marks and EDGE for the scale bar and caption
GUTTER = 6.0  # between two cards on a sheet: a duplex printer's slip does not reach the next
SIDE_MARGIN = EDGE + MARK + GAP  # left and right of the grid
END_MARGIN = SIDE_MARGIN + FOOT  # above and below: the same both ends, so a flip registers
SCALE_MM = 50.0

MIN_CELL_MM, MAX_CELL_MM = 5.0, 60.0  # smaller cells cannot be cut; larger are no Ubongo
MAX_BLEED_MM = 5.0  # printers' usual bleed is 3 mm; more only eats the paper

Size = tuple[float, float]
"""(width, height) in mm."""


class CellSizeOutOfRange(UbongoError):
    """A printed cell size (``mm``) outside MIN_CELL_MM to MAX_CELL_MM."""

    def __init__(self, mm: float) -> None:
        super().__init__(f"cell size {mm:g} mm; expected {MIN_CELL_MM:g} to {MAX_CELL_MM:g} mm")
        self.mm = mm


class CardDoesNotFit(UbongoError):
    """At ``cell_mm`` the set's ``card`` (mm) does not fit ``per_page`` times on ``paper``;
    ``largest`` is the largest cell size that does (None when not even MIN_CELL_MM does).
    """

    def __init__(
        self, paper: str, per_page: int, cell_mm: float, card: Size, largest: float | None
    ) -> None:
        cards = "a card with cut marks does" if per_page == 1 else f"{per_page} cards do"
        fix = (
            f"the largest cell size that fits is {largest:g} mm (--cell-mm {largest:g})"
            if largest is not None
            else f"not even {MIN_CELL_MM:g} mm cells fit"
        )
        super().__init__(
            f"at cell size {cell_mm:g} mm a card is {card[0]:.0f} x {card[1]:.0f} mm and "
            f"{cards} not fit on {paper.upper()} paper; {fix}"
        )
        self.paper = paper
        self.per_page = per_page
        self.cell_mm = cell_mm
        self.card = card
        self.largest = largest


class BleedOutOfRange(UbongoError):
    """A bleed (``mm``) outside 0 to MAX_BLEED_MM."""

    def __init__(self, mm: float) -> None:
        super().__init__(f"bleed {mm:g} mm; expected 0 to {MAX_BLEED_MM:g} mm")
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
        super().__init__("PDF cards need fpdf2, which is not installed: pip install fpdf2")


@dataclass(frozen=True)
class Layout:
    """Cards of one ``card`` size (trimmed) in a ``rows`` x ``cols`` grid centred on a
    ``page``, each card's background ``bleed`` mm past its edges."""

    page: Size
    card: Size
    rows: int
    cols: int
    bleed: float = 0.0

    @property
    def gutter(self) -> float:
        """Between two cards' edges: their bleeds and GUTTER clear between them, so a duplex
        printer's slip shows neither card's colour on the other."""
        return GUTTER + 2 * self.bleed

    @property
    def slots(self) -> list[tuple[float, float]]:
        """The top-left corner of each card (its trim line), row by row."""
        (pw, ph), (w, h), gap = self.page, self.card, self.gutter
        x0 = (pw - self.cols * w - (self.cols - 1) * gap) / 2
        y0 = (ph - self.rows * h - (self.rows - 1) * gap) / 2
        return [
            (x0 + c * (w + gap), y0 + r * (h + gap))
            for r in range(self.rows)
            for c in range(self.cols)
        ]

    def behind(self, slot: int, flip: str) -> int:
        """The back page's slot that lies behind front ``slot`` when the sheet turns about its
        ``flip`` edge: about a vertical axis the columns mirror, about a horizontal one the rows.
        """
        r, c = divmod(slot, self.cols)
        portrait = self.page[0] <= self.page[1]
        if (flip == "long") == portrait:  # the long edge of a portrait page is vertical
            return r * self.cols + (self.cols - 1 - c)
        return (self.rows - 1 - r) * self.cols + c


def _fpdf() -> Any:
    try:
        import fpdf
    except ImportError:
        raise PrintExtraMissing() from None
    return fpdf


def _card(ps: PuzzleSet, side: PrintedSide, cell_mm: float, size: Size | None = None) -> ET.Element:
    """One side's card drawing in mm (``size``: the set's card size, else the side's own)."""
    svg = side.element(ps.pieces, cell=cell_mm, size=size)
    for parent in list(svg.iter()):  # tooltips mean nothing on paper
        for child in [c for c in parent if c.tag == "title"]:
            parent.remove(child)
    return svg


def card_size(ps: PuzzleSet, cell_mm: float) -> Size:
    """The set's card size in mm: as wide and as tall as its largest side needs."""
    dims = [
        (float(svg.get("width", 0)), float(svg.get("height", 0)))
        for svg in (_card(ps, s, cell_mm) for s in sides(ps))
    ]
    if not dims:
        raise NothingToPrint(ps.name)
    return max(w for w, _ in dims), max(h for _, h in dims)


def _grids(n: int) -> Iterator[tuple[int, int]]:
    """Every rows x cols grid of ``n`` cards."""
    return ((r, n // r) for r in range(1, n + 1) if n % r == 0)


def _candidates(paper: str, n: int, card: Size, bleed: float = 0.0) -> Iterator[Layout]:
    """Every layout of ``n`` cards on the paper, portrait or landscape."""
    w, h = PAPERS[paper]
    for page in ((w, h), (h, w)):
        for rows, cols in _grids(n):
            yield Layout(page, card, rows, cols, bleed)


def _scale(lay: Layout) -> float:
    """How much larger the card could be in this layout (under 1: it does not fit); the
    bleed and the margins round it keep their size."""
    (pw, ph), (w, h), gap = lay.page, lay.card, lay.gutter
    room_w = pw - 2 * (SIDE_MARGIN + lay.bleed) - (lay.cols - 1) * gap
    room_h = ph - 2 * (END_MARGIN + lay.bleed) - (lay.rows - 1) * gap
    return min(room_w / (lay.cols * w), room_h / (lay.rows * h))


def layout(paper: str, per_page: str, card: Size, cards: int, bleed: float = 0.0) -> Layout | None:
    """The roomiest layout of ``per_page`` cards (``auto``: the most that fit, up to what
    ``cards`` cards need), or None when none fits.
    """
    counts = [4, 2, 1] if per_page == "auto" else [int(per_page)]
    if per_page == "auto":
        counts = [n for n in counts if n == 1 or n < 2 * cards]
    for n in counts:
        best = max(_candidates(paper, n, card, bleed), key=_scale)
        if _scale(best) >= 1:
            return best
    return None


def largest_cell(paper: str, per_page: str, unit: Size, bleed: float = 0.0) -> float:
    """The largest cell size (mm, down to 0.1) at which ``per_page`` cards fit on the paper,
    given the card size ``unit`` at 1 mm cells (a card grows in proportion to its cells).
    """
    n = 1 if per_page == "auto" else int(per_page)
    best = max(_scale(lay) for lay in _candidates(paper, n, unit, bleed))
    return math.floor(best * 10 - 1e-9) / 10


def _check(paper: str, per_page: str, flip: str, cell_mm: float, bleed: float = 0.0) -> None:
    """Refuse a cell size, bleed, paper, count or flip this module does not know."""
    if not MIN_CELL_MM <= cell_mm <= MAX_CELL_MM:
        raise CellSizeOutOfRange(cell_mm)
    if not 0 <= bleed <= MAX_BLEED_MM:
        raise BleedOutOfRange(bleed)
    for kind, token, known in (
        ("paper", paper, list(PAPERS)),
        ("cards per page", per_page, list(PER_PAGE)),
        ("flip", flip, list(FLIPS)),
    ):
        if token not in known:
            raise UnknownName(kind, token, known)


def plan(
    ps: PuzzleSet,
    cell_mm: float,
    paper: str = "a4",
    per_page: str = "auto",
    cards: int = 1,
    bleed: float = 0.0,
) -> Layout:
    """The layout of the set's cards, or CardDoesNotFit naming the largest cell size that fits."""
    card = card_size(ps, cell_mm)
    found = layout(paper, per_page, card, cards, bleed)
    if found is None:
        unit = (card[0] / cell_mm, card[1] / cell_mm)
        best = largest_cell(paper, per_page, unit, bleed)
        n = 1 if per_page == "auto" else int(per_page)
        raise CardDoesNotFit(paper, n, cell_mm, card, best if best >= MIN_CELL_MM else None)
    return found


def _pairs(ps: PuzzleSet) -> list[tuple[PrintedSide, PrintedSide | None]]:
    """Each template's front (easy, else its only side) and back (hard, or None)."""
    by_template: dict[str, list[PrintedSide]] = {}
    for s in sides(ps):
        by_template.setdefault(s.template, []).append(s)
    return [(ss[0], ss[1] if len(ss) > 1 else None) for ss in by_template.values()]


def cards(
    ps: PuzzleSet,
    *,
    cell_mm: float = DEFAULT_CELL_MM,
    paper: str = "a4",
    per_page: str = "auto",
    flip: str = "long",
    bleed: float = 0.0,
) -> tuple[bytes, int]:
    """The set's cards as a PDF document for duplex printing, and its number of pages; each
    card's background ``bleed`` mm past its trim line."""
    _check(paper, per_page, flip, cell_mm, bleed)
    pairs = _pairs(ps)
    if not pairs:
        raise NothingToPrint(ps.name)
    lay = plan(ps, cell_mm, paper, per_page, len(pairs), bleed)
    fpdf = _fpdf()
    pdf = fpdf.FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_title(latin1(f"{ps.name}: Ubongo cards"))
    # a print dialog that reads these starts at both sides, this flip, no shrinking to fit
    pdf.viewer_preferences = fpdf.ViewerPreferences(
        duplex=DUPLEX[flip], print_scaling="None", display_doc_title=True
    )
    n = lay.rows * lay.cols
    sheets = [pairs[i : i + n] for i in range(0, len(pairs), n)]
    for k, sheet in enumerate(sheets, 1):
        fronts = [(i, front) for i, (front, _) in enumerate(sheet)]
        backs = [(lay.behind(i, flip), back) for i, (_, back) in enumerate(sheet) if back]
        for face, placed in (("front", fronts), ("back", backs)):
            caption = (
                f"{ps.name} · sheet {k} of {len(sheets)}, {face} · cell {cell_mm:g} mm · "
                f"print at 100 %, both sides, flip on {flip} edge"
                + (f" · bleed {bleed:g} mm" if bleed else "")
            )
            _page(pdf, fpdf, ps, lay, placed, cell_mm, caption)
    return bytes(pdf.output()), 2 * len(sheets)


def _page(
    pdf: Any,
    fpdf: Any,
    ps: PuzzleSet,
    lay: Layout,
    placed: Sequence[tuple[int, PrintedSide]],
    cell_mm: float,
    caption: str,
) -> None:
    """One page: the given sides in their slots, the grid's cut marks, the scale bar."""
    pdf.add_page(format=lay.page)
    w, h = lay.card
    for slot, side in placed:
        x, y = lay.slots[slot]
        svg = _card(ps, side, cell_mm, lay.card)
        if lay.bleed:
            _bleed(pdf, svg, (x, y), lay)
        try:
            # the core fonts draw Latin-1 only (a wider character is a KeyError deep in fpdf2):
            # any other character of a name becomes "?"
            drawing = to_string(svg).encode("latin-1", "replace").decode("latin-1").encode()
            pdf.image(io.BytesIO(drawing), x=x, y=y, w=w, h=h)
        except fpdf.errors.FPDFUnicodeEncodingException as e:
            raise PrintError(side.template, side.name, str(e)) from None
    _cut_marks(pdf, lay)
    _footer(pdf, lay.page, caption)


def _bleed(pdf: Any, svg: ET.Element, at: tuple[float, float], lay: Layout) -> None:
    """The card's background ``lay.bleed`` mm past its trim line, and the card's own outline
    and round corners taken off: a line near the edge would show a cut a little off."""
    card = next(el for el in svg if el.tag == "rect")  # the first rect is the card (render.svg)
    fill = card.get("fill") or CARD["easy"]
    card.set("stroke", "none")
    card.set("rx", "0")
    (x, y), (w, h), b = at, lay.card, lay.bleed
    pdf.set_fill_color(*rgb(fill))
    pdf.rect(x - b, y - b, w + 2 * b, h + 2 * b, style="F")


def _cut_marks(pdf: Any, lay: Layout) -> None:
    """Marks in the margin on every line along a card edge (its trim line), the same on fronts
    and backs; past the bleed, so no mark prints on a card."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    (w, h), slots, off = lay.card, lay.slots, lay.bleed + GAP
    xs = sorted({x for x, _ in slots} | {x + w for x, _ in slots})
    ys = sorted({y for _, y in slots} | {y + h for _, y in slots})
    for x in xs:
        pdf.line(x, ys[0] - off, x, ys[0] - off - MARK)
        pdf.line(x, ys[-1] + off, x, ys[-1] + off + MARK)
    for y in ys:
        pdf.line(xs[0] - off, y, xs[0] - off - MARK, y)
        pdf.line(xs[-1] + off, y, xs[-1] + off + MARK, y)


def _footer(pdf: Any, page: Size, text: str) -> None:
    """A 50 mm scale bar and a caption at the foot of the page, below the cut marks."""
    y = page[1] - EDGE - FOOT / 2
    x = SIDE_MARGIN
    pdf.set_line_width(0.3)
    pdf.line(x, y, x + SCALE_MM, y)
    for tick in (x, x + SCALE_MM):
        pdf.line(tick, y - 1.5, tick, y + 1.5)
    pdf.set_font("helvetica", size=7)
    pdf.set_text_color(80, 80, 80)
    pdf.text(x + SCALE_MM + 3, y + 1, latin1(f"{SCALE_MM:g} mm at 100 % · {text}"))


def latin1(text: str) -> str:
    """``text`` in the core PDF fonts' Latin-1, which is all they can draw: any other or
    unprintable character (a name from a stranger's file) becomes ``?``.

    >>> latin1("Zoë ｗ\x1b")
    'Zoë ??'
    """
    return "".join(c if c.isprintable() and ord(c) < 0x100 else "?" for c in text)
