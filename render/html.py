"""One self-contained HTML page of a puzzle set: an index of templates, a practice board with
hints, and every template, both sides, where a click on a die face reveals a solution.

The page has no outside reference (no URL, font or script from elsewhere): inline SVG, CSS,
the practice script (``render/practice.js``) and the set's data as inline JSON, so it can be
mailed or opened from a USB stick. The data holds every tiling of every combination, as the
command line lists them: the script computes hints from those, the way ``ubongo hint`` does
(DESIGN.md, "The practice page"); this module never searches.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from itertools import permutations
from typing import Any

from ubongo.puzzles.game import SIDES
from ubongo.puzzles.sets import PuzzleSet, Side, Template, face_range
from ubongo.render import daily as today
from ubongo.render.colours import Colour, ink, set_colours, shades
from ubongo.render.iso import CORNERS, LIGHT, shade
from ubongo.render.iso import SIDES as ISO_SIDES
from ubongo.render.svg import side_element, sides, to_string
from ubongo.render.webapp import REGISTER, THEME
from ubongo.solver.bitboard import order_is_turn
from ubongo.solver.cells import Point
from ubongo.solver.hints import MAX_TILINGS
from ubongo.solver.lattice import Lattice
from ubongo.solver.puzzle import Solution
from ubongo.solver.regions import region_names


@dataclass(frozen=True)
class Listing:
    """The tilings of one combination the page holds, in the bitboard engine's order (the
    order ``ubongo hint`` lists them in); ``complete`` when they are all of them, which the
    page's hints need (a large puzzle gets its first tiling only, and no hints)."""

    solutions: Sequence[Solution]
    complete: bool

    @property
    def none(self) -> bool:
        """True when the combination is known to have no tiling."""
        return self.complete and not self.solutions


Listings = Mapping[tuple[str, str, str], Listing]
"""What the page knows per combination, keyed ``(template, side, face)``; absent: nothing."""

PAGE_TILINGS = MAX_TILINGS
"""Tilings of one combination listed at most: past it the listing is not complete."""

CODES = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""A tiling in the page data: for each figure cell in reading order, the position of the piece
covering it in the combination, written as one of these characters."""

CSS = """
body { font-family: system-ui, sans-serif; margin: 1rem; color: #222; background: #f6f6f4; }
h1 { margin: 0 0 .25rem; } header p { margin: 0 0 .5rem; color: #555; }
nav.index { display: flex; flex-wrap: wrap; gap: .3rem .6rem; margin: 0 0 1rem; }
nav.index a { color: #1a4f8b; } nav.index a.unsolvable { color: #b00020; }
section.template { margin: 0 0 1.5rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
.sides { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
figure.side { margin: 0; min-width: 0; max-width: 100%; }
svg { max-width: 100%; height: auto; }
figcaption { min-height: 1.2em; }
pre.answer { margin: .3rem 0 0; font-size: .9rem; white-space: pre-wrap; }
p.nosolution { color: #b00020; margin: .2rem 0; }
.combo { cursor: pointer; }
.combo:hover rect.hit, .combo:focus rect.hit { fill-opacity: .5; }
.combo:focus-visible rect.hit { stroke: #000; stroke-width: 3px; }
.combo.selected rect.hit { fill-opacity: .9; stroke: #222; stroke-width: 1.5; }
.combo:focus { outline: none; }
#practice { background: #fff; border: 1px solid #ccc; border-radius: 8px; padding: .6rem;
  margin: 0 0 1.5rem; max-width: 60rem; }
#practice .row { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center;
  margin: 0 0 .5rem; }
#practice button, #practice select, #practice input { font: inherit; font-size: .9rem;
  padding: .1rem .35rem; }
#practice input[type=number] { width: 4em; }
@media (max-width: 480px) {  /* a phone: the timer's row on one line, the figure sooner in view */
  body { margin: .5rem; } #practice { padding: .4rem; } #practice .row { gap: .3rem .5rem; }
  #practice input[type=number] { width: 3.2em; }
}
#practice h2 { margin: 0 0 .4rem; }
#p-status { min-height: 1.3em; margin: .3rem 0; font-weight: 600; }
#p-status.won { color: #0a7a26; font-size: 1.6rem; }
/* "Ubongo!" held in view, at the screen's top, when the board's top is there (a phone) */
#p-status.won { position: sticky; top: 0; z-index: 1; background: #fff; }
#p-status.lost { color: #b00020; }
#p-hint { margin: .3rem 0; color: #1a4f8b; }
#p-board svg { display: block; width: 100%; height: auto; touch-action: manipulation;
  user-select: none; -webkit-user-select: none; }
#p-board g.pp { cursor: grab; touch-action: none; }  /* a swipe elsewhere scrolls the page */
#p-board g.pp.selected rect[data-k], #p-board g.pp.selected polygon { stroke: #000;
  stroke-width: 2.5; }
#p-board g.pp.dragging { cursor: grabbing; opacity: .85; }
#practice .p-keys { font-size: .85rem; color: #555; margin: .3rem 0; }
#p-board g.pp:focus { outline: none; }
#p-board g.pp { scroll-margin-bottom: var(--row, 0px); }  /* focused: above the sticky row */
/* focus: a black ring in a white halo on the piece's outline (WCAG technique C40), which
   stands out against every piece colour and every background */
#p-board path.ring { display: none; fill: none; vector-effect: non-scaling-stroke;
  stroke-linejoin: round; pointer-events: none; }
#p-board path.ring.halo { stroke: #fff; stroke-width: 9px; }
#p-board path.ring.ink { stroke: #000; stroke-width: 4px; }
#p-board g.pp:focus-visible path.ring { display: inline; }
#p-board g.pp:focus-visible polygon { stroke: #000; stroke-width: 3; }  /* hexagons, triangles */
#p-board text.pname.small { font-size: 9px; }
a.skip { position: absolute; left: .5rem; top: -3rem; background: #fff; color: #1a4f8b;
  padding: .6rem .8rem; z-index: 2; }
a.skip:focus { top: .5rem; }
/* the sand timer's hourglass, drawn: an emoji needs a font the reader may not have */
#p-timer:not(:empty)::before { content: ""; display: inline-block; width: .7em; height: 1em;
  margin-right: .3em; vertical-align: -.12em; background: #8b5a2b;
  clip-path: polygon(0 0, 100% 0, 55% 50%, 100% 100%, 0 100%, 45% 50%); }
#p-turns { position: sticky; bottom: 0; z-index: 1; background: #fff; margin: 0;
  padding: .3rem 0; }  /* in reach while the board is in view, on a landscape phone too */
#practice .p-touch { display: none; font-size: .85rem; color: #555; margin: .3rem 0; }
#p-board text.pname { font: 700 11px system-ui, sans-serif; fill: #fff; stroke: #222;
  stroke-width: 2.5px; paint-order: stroke; text-anchor: middle; dominant-baseline: central;
  pointer-events: none; }
#practice button { min-height: 44px; min-width: 44px; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 .25em; font-size: .8em; }
/* the lines above the board keep their height, so the board never moves under a pointer */
#practice:not(.cubes) #p-status { height: 2.6rem; overflow: auto; margin: .3rem 0 0; }
/* the hint's words in the sticky row of turns, beside its buttons (as tall as they are), so
   they are in view wherever the board is: below the hint buttons they were out of sight */
#practice:not(.cubes) #p-hint { flex: 1 1 14rem; height: 2.75rem; overflow: auto; margin: 0;
  font-size: .9rem; line-height: 1.25; }
/* words two lines do not hold, in three smaller ones (a board that cannot be completed, then
   the next piece in a region's corner): none out of sight, the row no higher */
#practice:not(.cubes) #p-hint.long { font-size: .8rem; line-height: 1.125; }
#p-turns #p-asks { margin: 0; }  /* the hint buttons, in the row too beside a wide board */
#practice:not(.cubes) #p-note { height: 1.4rem; overflow: auto; margin: 0; color: #b00020;
  font-weight: 600; font-size: .9rem; }
@media (max-width: 480px) {  /* a phone: the templates' index on one line that scrolls */
  /* a phone: the row's second line holds the status line (moved there by practice_core.js,
     so it is in view wherever the board is) or, while a hint is shown, the hint's words in its
     place: the row is as high with a hint as without (a row stuck at the screen's foot that
     grew with a hint hid the tray's lowest piece), and the board sits a line higher */
  #practice:not(.cubes) #p-turns { row-gap: 0; }
  #practice:not(.cubes) #p-hint { flex-basis: 100%; }
  #practice:not(.cubes) #p-hint:empty { position: absolute; height: 0; }  /* still a live region */
  #practice:not(.cubes) #p-turns #p-status { flex-basis: 100%; height: 2.75rem; margin: 0;
    font-size: .9rem; line-height: 1.25; }
  #practice:not(.cubes) #p-turns #p-status.won { position: static; font-size: 1.25rem;
    line-height: 1.1; }
  #practice:not(.cubes) #p-turns:has(#p-hint:not(:empty)) #p-status { position: absolute;
    width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }  /* still read out */
  nav.index { flex-wrap: nowrap; overflow-x: auto; padding: 0 0 .3rem; margin: 0 0 .5rem; }
  header p { font-size: .9rem; } h1 { font-size: 1.6rem; }
}
@media (max-height: 500px) {  /* a landscape phone: the board and its row (turns, hint buttons,
  the hint's words) in one screen */
  #p-board svg { max-height: calc(100vh - 7.5rem); }
  nav.index { flex-wrap: nowrap; overflow-x: auto; padding: 0 0 .3rem; }
}
@media (hover: none) and (pointer: coarse) {  /* a touch screen: no keys to tell of */
  #practice .p-keys, #practice kbd { display: none; }
  #practice .p-touch { display: block; }
}
"""

_ROWS = """function rowTo(row) {  // the card's one tab stop moves to this row
  for (const r of row.closest("figure.side").querySelectorAll(".combo")) r.tabIndex = -1;
  row.tabIndex = 0;
}
for (const side of document.querySelectorAll("figure.side")) {
  const first = side.querySelector(".combo");
  if (first) rowTo(first);
}
for (const row of document.querySelectorAll(".combo[data-label]")) {  // read out, not just "1"
  row.setAttribute("aria-label", row.dataset.label);
}
document.addEventListener("click", e => {
  const row = e.target.closest && e.target.closest(".combo");
  if (row) { rowTo(row); ACT(row); }
});
document.addEventListener("keydown", e => {
  const row = e.target.closest && e.target.closest(".combo");
  if (!row) return;
  if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ACT(row); return; }
  const rows = [...row.closest("figure.side").querySelectorAll(".combo")], i = rows.indexOf(row);
  const to = rows[{ ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1,
    Home: 0, End: rows.length - 1 }[e.key]];
  if (!to) return;
  e.preventDefault();
  rowTo(to);
  to.focus();
});
"""
"""A click, Enter or space on a row of a card calls ACT with the row; a card is one tab stop,
the arrows (Home, End) move along its rows (a roving tabindex: 432 rows were 432 stops)."""

JS_REVEAL = """
function reveal(row) {
  const side = row.closest(".side");
  const answer = side.querySelector(".answer");
  const again = row.classList.contains("selected");
  side.querySelectorAll(".combo").forEach(r => r.classList.remove("selected"));
  side.querySelectorAll(".solution").forEach(g => g.setAttribute("display", "none"));
  answer.textContent = "";
  if (again) return;
  row.classList.add("selected");
  const id = row.getAttribute("data-combo");
  const sol = [...side.querySelectorAll(".solution")]
    .find(g => g.getAttribute("data-combo") === id);
  const label = row.getAttribute("data-label");
  if (sol) {
    sol.setAttribute("display", "inline");
    answer.textContent = label + "\\n" + sol.getAttribute("data-rows").split("/").join("\\n");
  } else {
    answer.textContent = label + ": no solution";
  }
}
""" + _ROWS.replace("ACT", "reveal")

CHOICE = """
<div class="row">
<label>Template <select id="p-template"></select></label>
<label>Side <select id="p-side"></select></label>
<label>Die <select id="p-face"></select></label>
<button type="button" id="p-roll">Roll the die</button>
</div>
<div class="row" id="p-timer-row">
<label><input type="checkbox" id="p-timer-on"> Sand timer</label>
<label><input type="number" id="p-seconds" value="60" min="5" max="3600"> s</label>
<button type="button" id="p-start">Start again</button>
<span id="p-timer" aria-live="off"></span>
</div>"""
"""The choice of combination and the sand timer, the same on both boards (practice_core.js)."""
DIE_CHOICE = (
    '<label>Die <select id="p-face"></select></label>\n<button type="button" id="p-roll">',
    '<label hidden>Die <select id="p-face"></select></label>\n<button type="button" id="p-roll" '
    "hidden>",
)
"""The die's controls, and the same hidden where no die picks the row (``PuzzleSet.rolled``:
the script still reads the one face)."""

PRACTICE = f"""
<section id="practice" aria-label="Practice">
<h2>Practise</h2>
<p id="p-status" aria-live="polite"></p>
<div id="p-board"></div>
<div class="row" id="p-turns">
<button type="button" id="p-rotate" title="Rotate the chosen piece (key R, or tap it)">
↻ Rotate <kbd>R</kbd></button>
<button type="button" id="p-flip" title="Turn the chosen piece over (key F)">
⇋ Turn over <kbd>F</kbd></button>
<button type="button" id="p-clear">Clear</button>
<p id="p-hint" aria-live="polite"></p>
</div>
<p id="p-note" aria-live="polite"></p>
<div class="row" id="p-asks">Hint:
<button type="button" class="p-hint" data-level="1">which piece</button>
<button type="button" class="p-hint" data-level="2">where</button>
<button type="button" class="p-hint" data-level="3">solution</button>
</div>{CHOICE}
<p class="p-keys">Drag a piece, or Tab to it and use the keys: Enter picks it up and puts it
down, the arrows move it, Escape puts it back, Delete returns it to the tray. A click on the
chosen piece rotates it.</p>
<p class="p-touch">Drag a piece onto the figure; tap the chosen piece to rotate it.</p>
{today.PLACE}
</section>
"""
"""The 2D board right under its status line, the turns right under the board (held in view
while the board is: a landscape phone), so a phone's first screen shows figure and pieces; the
hint's words ride in the turns' row, so they are seen wherever the hint buttons are tapped; the
hint buttons join that row where the turns' line holds them, and on a phone the status line
does, on the line the hint's words take while shown, so the row never grows (practice_core.js)."""

SKIP = '<a class="skip" href="#p-board">Skip to the pieces</a>'
"""The first tab stop of a flat page: Enter on it focuses the first piece (practice_core.js)."""

OWN_CARD = """
<section id="own-card" aria-label="Your own card">
<h2>Your own card</h2>
<p class="o-how">Stuck on a card of the box? Draw its figure on the grid (tap or click the
squares; or Tab to the grid, the arrows and Space), choose the pieces the die gives, and ask.</p>
<div class="o-play">
<div class="o-left"><div id="o-grid"></div><p id="o-where" class="p-keys"></p></div>
<div class="o-right">
<div id="o-pieces" role="group" aria-label="The die's pieces"></div>
<div class="row">Hint:
<button type="button" class="o-hint" data-level="1">which piece</button>
<button type="button" class="o-hint" data-level="2">where</button>
<button type="button" class="o-hint" data-level="3">solution</button>
</div>
<div class="row">
<button type="button" id="o-fit">Which pieces fit?</button>
<button type="button" id="o-play">Play it</button>
<button type="button" id="o-clear">Clear the grid</button>
</div>
<p id="o-say" aria-live="polite"></p>
<div id="o-answer"></div>
</div>
</div>
</section>
"""
"""The panel of a card drawn in the page (render/owncard.js), below the practice board."""

CSS_OWN = """
#own-card { background: #fff; border: 1px solid #ccc; border-radius: 8px; padding: .6rem;
  margin: 0 0 1.5rem; max-width: 60rem; }
#own-card h2 { margin: 0 0 .4rem; } #own-card .o-how { margin: 0 0 .5rem; color: #444; }
#own-card .row { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center;
  margin: 0 0 .5rem; }
#own-card button { font: inherit; font-size: .9rem; min-height: 44px; min-width: 44px;
  padding: .1rem .45rem; }
#own-card .o-play { display: flex; flex-wrap: wrap; gap: 0 1.2rem; align-items: flex-start; }
#own-card .o-left { flex: 0 1 420px; min-width: 0; } #own-card .o-right { flex: 1 1 18rem; }
#o-grid svg { display: block; width: 100%; max-width: 420px; height: auto;
  touch-action: manipulation; user-select: none; -webkit-user-select: none; }
#o-grid svg:focus { outline: none; }  /* a click on a square: no ring (FOCUS) */
#o-grid g.ocell { cursor: pointer; }
#o-grid g.ocell rect { fill: #f1f1ee; stroke: #c8c8c4; }
#o-grid g.ocell.on rect { fill: #fff; stroke: #222; stroke-width: 2; }
#o-grid g.ocell text { font: 700 15px system-ui, sans-serif; text-anchor: middle;
  dominant-baseline: central; fill: #fff; stroke: #222; stroke-width: 2.5px;
  paint-order: stroke; pointer-events: none; }
#o-grid rect.ocursor { fill: none; stroke: none; pointer-events: none; }
#o-grid svg.keyed:focus rect.ocursor { stroke: #1565c0; stroke-width: 4; }
#o-where { min-height: 1.2em; }
#o-pieces { display: flex; flex-wrap: wrap; gap: .35rem; margin: 0 0 .6rem; }
#o-pieces button.opiece { display: inline-flex; align-items: center; gap: .35rem;
  background: #fff; border: 2px solid #bbb; border-radius: 6px; }
#o-pieces button.opiece[aria-pressed="true"] { border: 3px solid #1565c0; background: #e8f0fb;
  font-weight: 700; }
#o-say { min-height: 1.3em; margin: .3rem 0; color: #1a4f8b; font-weight: 600; }
#o-say.refused { color: #b00020; }
#o-answer ul { margin: .2rem 0; padding: 0; list-style: none; columns: 12rem; }
#o-answer li { margin: 0 0 .2rem; }
@media (max-width: 480px) { #own-card { padding: .4rem; } }
"""

FOCUS = """
:is(#practice, #own-card) :is(a, button, select, input, textarea, summary,
  svg[tabindex]):focus-visible,
nav.index a:focus-visible, a.skip:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
"""
"""Keyboard focus: one black ring for every control, link and drawing grid of the header and
the panels (the daily puzzle's, the card drawn in the page): 21:1 on the white panels, 19:1 on
the page (WCAG 2.4.7, 1.4.11). Last in the sheet, so a panel's own outline (a daily class
pressed, the grid's none on a click) never hides it."""

SIXTH = (
    '<button type="button" id="p-rotate" title="Rotate the chosen piece (key R, or tap it)">\n'
    "↻ Rotate",
    '<button type="button" id="p-rotate" title="Turn the chosen piece by a sixth (key R)">\n'
    "↻ Turn 60°",
)
"""The rotate button of squares, and as hexagons and triangles turn: by a sixth."""


def _practice(lattice: Lattice) -> str:
    """The practice board of a flat lattice: on hexagons and triangles a turn is a sixth; on
    squares the panel of a card drawn in the page follows it (render/owncard.js)."""
    if lattice.space in ("hex", "tri"):
        return PRACTICE.replace(*SIXTH)
    return PRACTICE + OWN_CARD


PRACTICE_3D = f"""
<section id="practice" class="cubes" aria-label="Practice">
<h2>Practise</h2>{CHOICE}
<p id="p-status" aria-live="polite"></p>
<div id="p-play">
<div id="p-left">
<div id="p-layers" tabindex="0" aria-label="The figure, layer by layer: tap a square to put the
chosen block's dotted cube there, tap a placed block to pick it up"></div>
<p id="p-hint" aria-live="polite"></p>
<p id="p-note" aria-live="polite"></p>
<div id="p-help">
<div class="row">Hint:
<button type="button" class="p-hint" data-level="1">which block</button>
<button type="button" class="p-hint" data-level="2">where</button>
<button type="button" class="p-hint" data-level="3">solution</button>
<button type="button" id="p-clear">Clear</button>
</div>
<p class="p-keys">Keys: Tab to a block and Enter chooses it; R, T and Y turn it; the arrows move it
over a layer, Page Up and Page Down change the layer, Enter puts it down, Escape puts it back.</p>
</div>
</div>
<div id="p-right">
<div id="p-blocks" role="group" aria-label="Blocks"></div>
<div id="p-hand">
<div id="p-hand-view"></div>
<p id="p-hand-name"></p>
<div class="row turns">
<button type="button" id="p-spin" title="Turn the block flat, clockwise (key R)">
↻ Turn <kbd>R</kbd></button>
<button type="button" id="p-tip" title="Tip the block's top towards you (key T)">
Tip forward <kbd>T</kbd></button>
<button type="button" id="p-roll-side" title="Tip the block's top to the right (key Y)">
Tip right <kbd>Y</kbd></button>
</div>
</div>
<figure id="p-build-box"><div id="p-build"></div><figcaption>Your build, seen from the
front right</figcaption></figure>
</div>
</div>
</section>
"""

CSS_3D = """
#p-play { display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; align-items: flex-start; }
#p-left, #p-right { flex: 1 1 18rem; min-width: 0; }
#p-layers { display: flex; flex-wrap: wrap; gap: 12px; outline-offset: 3px; }
#p-layers figure.layer { margin: 0; } #p-layers figcaption { font-size: .9rem; color: #444; }
#p-layers svg { display: block; touch-action: manipulation; user-select: none; }
#p-layers g.cell { cursor: pointer; }
#p-note { min-height: 2.6em; margin: 0; }
#p-note.refused { color: #b00020; font-weight: 600; }
#p-blocks { display: flex; flex-wrap: wrap; gap: .4rem; }
#p-blocks button.pb { display: flex; flex-direction: column; align-items: center; gap: 2px;
  background: #fff; border: 2px solid #bbb; border-radius: 6px; padding: 4px 6px; }
#p-blocks button.pb.chosen { border: 3px solid #1565c0; background: #e8f0fb; }
#p-blocks button.pb.placed { opacity: .55; }
#p-blocks button.pb .name { font-weight: 700; }
#p-hand-view { min-height: 90px; display: flex; flex-wrap: wrap; gap: .6rem;
  align-items: flex-end; cursor: grab; touch-action: none; user-select: none; }
figure.block-layer { margin: 0; text-align: center; font-size: .8rem; color: #555; }
#p-hand { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; }
#p-hand .turns { flex-direction: column; align-items: stretch; margin: 0; gap: .3rem; }
#p-hand-name { margin: .2rem 0; min-height: 2.6em; flex-basis: 100%; order: 1; }
#p-hint { min-height: 2.6em; margin: .3rem 0 0; }
#p-build-box { margin: .5rem 0 0; }
#p-build-box figcaption { font-size: .85rem; color: #555; }
@media (max-width: 640px) {  /* a phone: the blocks and their turns right below the layers */
  #practice.cubes { display: flex; flex-direction: column; } #p-timer-row { order: 1; }
  #p-play { flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
  #p-hand-view { min-height: 0; }
  #p-left, #p-right { display: contents; }
  #p-layers { order: 1; } #p-hint { order: 2; } #p-note { order: 3; } #p-blocks { order: 4; }
  #p-hand { order: 5; } #p-help { order: 6; } #p-build-box { order: 7; }
}
"""

JS_PLAY = """
function play(row) {
  const id = row.getAttribute("data-combo");
  for (const t of UbongoPractice.DATA.templates) for (const s of t.sides) for (const f of s.faces) {
    if ([t.id, s.side, f.face].join("-") !== id) continue;
    window.ubongo.select(t.id, s.side, f.face);
    document.getElementById("practice").scrollIntoView();
    return;
  }
}
""" + _ROWS.replace("ACT", "play")
"""A row of a 3D card opens it on the practice board (its id as ``combo_id`` writes it)."""


def combo_id(template: str, side: str, face: str) -> str:
    """The ``data-combo`` of a combination: ``01-easy-3``."""
    return f"{template}-{side}-{face}"


def _sides(ps: PuzzleSet, t: Template, listings: Listings) -> Iterator[str]:
    """A template's sides as printed, each row a ``g.combo``: on squares a click reveals its
    first tiling, on cubes it opens the row on the practice board."""
    for s in sides(ps, [t.id]):
        found = [listings.get((t.id, s.name, f)) for f in s.labels]
        none = [f for f, x in zip(s.labels, found, strict=True) if x and x.none]
        svg = side_element(
            s.figure,
            s.combos,
            s.labels,
            title=s.title,
            side=s.name,
            ids=[combo_id(t.id, s.name, f) for f in s.labels],
            solutions=[x.solutions[0] if x and x.solutions else None for x in found],
            unsolvable=[f in none for f in s.labels],
            pieces=ps.pieces,
            others=s.others,
            on=s.on,
            faces=s.rolled,
        )
        note = (
            f'<p class="nosolution">No tiling: die {html.escape(", ".join(none))}</p>'
            if none
            else ""
        )
        answer = (
            '<pre class="answer" aria-live="polite"></pre>' if not s.figure.lattice.layered else ""
        )
        yield (
            f'<figure class="side" data-side="{html.escape(f"{t.id}-{s.name}")}">'
            f"{to_string(svg, standalone=False)}"
            f"<figcaption>{note}{answer}</figcaption>"
            "</figure>"
        )


def unsolvable(ps: PuzzleSet, listings: Listings) -> list[tuple[str, str, str]]:
    """The combinations listed with no tiling, in set order."""
    keys = ((c.template, c.side, c.face) for c in ps.combinations())
    return [k for k in keys if (x := listings.get(k)) is not None and x.none]


def _encode(cells: Sequence[Point], pieces: Sequence[str], tiling: Solution) -> str:
    """A tiling as one character per figure cell: the covering piece's place in the combo."""
    at: dict[Point, int] = {}
    free = list(range(len(pieces)))  # copies of one piece take their places in turn
    for pl in tiling:
        i = next(i for i in free if pieces[i] == pl.piece)
        free.remove(i)
        at.update(dict.fromkeys(pl.cells, i))
    return "".join(CODES[at[p]] for p in cells)


def page_data(
    ps: PuzzleSet, listings: Listings, daily: today.Pools | None = None, relative: bool = False
) -> dict[str, Any]:
    """What the practice script reads: the lattice (its dimensions, and the orders of axes that
    are turns of it, which decide the engine's orientation order: practice_core.js), pieces
    (orientations in the engine's order), figures, combinations and their tilings; on cubes
    each piece's tones and the isometric view's face corners, for the blocks it draws; the
    daily puzzle's pools when given (render/daily.py)."""
    lattice = ps.pieces.lattice
    colours = set_colours(ps.pieces)
    pieces = {
        p.name: {
            "code": p.code,
            "colour": colours[p.name],
            "key": ";".join(",".join(map(str, q)) for q in p.key),
            "orientations": [sorted(list(q) for q in o) for o in p.orientations],
            **({"tones": _tones(colours[p.name])} if lattice.layered else {}),
        }
        for p in ps.pieces.values()
    }
    templates = [
        {
            "id": t.id,
            "sides": [
                _side_data(ps, t.id, name, side, listings)
                for name in SIDES
                if (side := t.side(name)) is not None
            ],
        }
        for t in ps.templates
    ]
    turns = [list(o) for o in permutations(range(lattice.dims)) if order_is_turn(lattice, o)]
    return {
        "name": ps.name,
        "dims": lattice.dims,
        "space": lattice.space,
        "turns": turns,
        "die": list(ps.die),
        "codes": CODES,
        "max_tilings": PAGE_TILINGS,
        "pieces": pieces,
        "templates": templates,
        **({"corners": [CORNERS[s] for s in ISO_SIDES]} if lattice.layered else {}),
        **({"daily": today.data(daily, relative)} if daily else {}),
    }


def _tones(colour: Colour) -> list[dict[str, Any]]:
    """A block's colour and its shades (blocks of one colour in a combination take them in
    turn), each with its isometric faces' colours (top, front, right) and the ink of a letter."""
    return [
        {"fill": c, "faces": [shade(c, LIGHT[s]) for s in ISO_SIDES], "ink": ink(c)}
        for c in (colour, *shades(colour))
    ]


def _figure_index(side: Side, i: int) -> int:
    """Which of the side's figures its ``i``-th combination fills."""
    return side.on[i] if side.on else 0


def _side_data(
    ps: PuzzleSet, template: str, name: str, side: Side, listings: Listings
) -> dict[str, Any]:
    """One side for the practice script: its figures' rows, and per combination its label, the
    die faces that ask for it, its figure and its tilings."""
    faces = []
    for i, (label, combo) in enumerate(zip(side.labels(ps.die), side.combos, strict=False)):
        cells = sorted(side.figure_for(i).cells)
        found = listings.get((template, name, label)) or Listing((), False)
        fits = len(combo) <= len(CODES)
        faces.append(
            {
                "face": label,
                "rolls": list(face_range(ps.die, label)),
                "figure": _figure_index(side, i),
                "pieces": list(combo),
                "complete": found.complete and fits,
                "solutions": [_encode(cells, combo, x) for x in found.solutions] if fits else [],
            }
        )
    out: dict[str, Any] = {
        "side": name,
        "figures": [f.rows() for f in side.figures],
        "faces": faces,
    }
    named = [region_names(f) for f in side.figures]
    if any(len(r) > 1 for r in named):  # hints name the region, as ``ubongo hint`` does
        out["regions"] = [
            [{"name": n, "cells": [list(c) for c in sorted(part)]} for part, n in r]
            if len(r) > 1
            else []
            for r in named
        ]
    return out


def _script_json(data: object) -> str:
    """JSON safe inside a ``<script>`` element: ``<``, ``>`` and ``&`` as JSON escapes, so no
    text from a set file can end the element or read as markup."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


BOARDS = {
    "square": ("practice.js", "owncard.js", "daily.js"),
    "cube": ("practice3d.js",),
    "hex": ("practice_plane.js",),
    "tri": ("practice_plane.js",),
}
"""The practice board's scripts for each kind of cell (``Lattice.space``): on squares also the
panels of a card drawn in the page and of the daily puzzle."""


def practice_js(space: str | int = "square") -> str:
    """The practice board's scripts for figures of this kind of cell (or of ``2`` and ``3``
    dimensions: squares and cubes): what the boards share, then the board's own (package
    data, so they are read, not user files)."""
    boards = BOARDS[space if isinstance(space, str) else "square" if space == 2 else "cube"]
    return "\n".join(
        files("ubongo.render").joinpath(n).read_text(encoding="utf-8")
        for n in ("practice_core.js", *boards)
    )


def page(
    ps: PuzzleSet, listings: Listings, daily: today.Pools | None = None, relative: bool = False
) -> str:
    """The HTML page of a set: index, practice board and every template side; on squares a
    combination reveals its first tiling from ``listings``, on cubes a row opens on the
    practice board; the practice board's hints use them all. ``daily``: the daily puzzle's
    pools per class (pages of squares; ``relative`` when they are thirds of the set's ranking)."""
    cubes = ps.pieces.lattice.layered
    n = sum(1 for _ in ps.combinations())
    bad = unsolvable(ps, listings)
    bad_templates = {k[0] for k in bad}
    index = " ".join(
        f'<a href="#template-{html.escape(t.id)}"'
        + (
            ' class="unsolvable" title="has a combination with no tiling"'
            if t.id in bad_templates
            else ""
        )
        + f">{html.escape(t.id)}{' ✗' if t.id in bad_templates else ''}</a>"
        for t in ps.templates
    )
    body = "\n".join(
        f'<section class="template" id="template-{html.escape(t.id)}">'
        f"<h2>Template {html.escape(t.id)}</h2>"
        f'<div class="sides">{"".join(_sides(ps, t, listings))}</div></section>'
        for t in ps.templates
    )
    name = html.escape(ps.name)
    missing = f" {len(bad)} of {n} have no tiling (marked ✗)." if bad else ""
    how = (
        "Practise below, or click a row of a card to practise it."
        if cubes
        else "Practise below, or click a die face on a template to see a solution; "
        "click it again to hide it."
        if ps.rolled
        else "Practise below, or click the pieces on a card to see a solution; click them "
        "again to hide it."
    )
    practice = PRACTICE_3D if cubes else _practice(ps.pieces.lattice)
    if not ps.rolled:
        practice = practice.replace(*DIE_CHOICE)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="theme-color" content="{THEME}">'
        f"<title>{name}: Ubongo templates</title>"
        f"<style>{CSS}{CSS_3D if cubes else today.CSS + CSS_OWN}{FOCUS}</style>"
        "</head>\n<body>"
        f"{'' if cubes else SKIP}<header><h1>{name}</h1>"
        f"<p>{len(ps.templates)} templates, {n} combinations."
        f"{missing} {how}</p></header>\n"
        f'<nav class="index" aria-label="Templates">{index}</nav>\n'
        f"{practice}\n<main>\n{body}\n</main>\n"
        f'<script type="application/json" id="ubongo-data">'
        f"{_script_json(page_data(ps, listings, daily, relative))}"
        f"</script>\n<script>{JS_PLAY if cubes else JS_REVEAL}</script>\n"
        f"<script>{practice_js(ps.pieces.lattice.space)}</script>\n"
        f"<script>{REGISTER}</script>\n"
        "</body></html>\n"
    )
