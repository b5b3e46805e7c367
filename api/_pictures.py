"""What ``ubongo.cards``, ``ubongo.page`` and ``ubongo.svgs`` return (``ubongo render --pdf``,
``--html``, ``--svg``): a set drawn, as bytes and text for the caller to write.

The API reads, never writes: the command writes these (atomically, in its folders).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ubongo._text import plural

if TYPE_CHECKING:
    from ubongo.puzzles import PuzzleSet


@dataclass(frozen=True)
class Cards:
    """A set's cards as a PDF document for duplex printing (``ubongo render --pdf``): fronts and
    backs in turn, each back behind its front once the sheet is flipped on ``flip``'s edge."""

    data: bytes = field(repr=False)
    pages: int
    cell_mm: float
    flip: str
    bleed_mm: float = 0.0

    def __str__(self) -> str:
        bleed = f", bleed {self.bleed_mm:g} mm" if self.bleed_mm else ""
        return (
            f"{plural(self.pages, 'page')}, fronts and backs in turn; print both sides at "
            f"100 %, flip on {self.flip} edge; cells {self.cell_mm:g} mm{bleed}"
        )

    def _repr_html_(self) -> str:
        import html

        return f"<p>PDF, {len(self.data):,} bytes: {html.escape(str(self))}</p>"


@dataclass(frozen=True)
class Page:
    """A set as one self-contained web page (``ubongo render --html``): an index, a practice
    board with hints, every template; ``str()`` is the HTML document; ``files()`` the page and
    what hosts it as an app that installs and plays offline."""

    puzzle_set: PuzzleSet = field(repr=False)
    html: str = field(repr=False)
    combinations: int
    unsolvable: tuple[tuple[str, str, str], ...]  # (template, side, face) with no tiling
    app: Mapping[str, bytes] = field(repr=False, default_factory=dict)
    """The files that host it as an installable, offline app, ``index.html`` among them, in
    the order to write them (render/webapp.py); empty: the page alone."""

    def files(self) -> dict[str, bytes]:
        """Every file ``render --html DIR`` writes, name to content, in the order to write."""
        return dict(self.app) or {"index.html": self.html.encode("utf-8", "backslashreplace")}

    def summary(self) -> str:
        """``0 of 60 combinations have no tiling``."""
        none = len(self.unsolvable)
        have = "has" if none == 1 else "have"
        return f"{none} of {plural(self.combinations, 'combination')} {have} no tiling"

    def __str__(self) -> str:
        return self.html

    def _repr_html_(self) -> str:
        """The page in a frame of its own, so its style and script stay out of the notebook's."""
        import html

        return (
            f'<iframe srcdoc="{html.escape(self.html)}" style="width: 100%; height: 40em" '
            f'title="{html.escape(self.puzzle_set.name)}"></iframe>'
        )
