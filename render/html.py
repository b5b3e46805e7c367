"""One self-contained HTML page of a puzzle set: every template, both sides, and a click on a
die face reveals that combination's solution over the figure.

The page has no outside reference (no URL, font or script from elsewhere): inline SVG, a
little CSS and a little JavaScript, so it can be mailed or opened from a USB stick.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping

from puzzles import PuzzleSet, Template
from render.svg import side_element, sides, to_string
from solver.puzzle import Solution

Solutions = Mapping[tuple[str, str, str], Solution | None]
"""A tiling per combination, keyed ``(template, side, face)``; None (or absent) for none."""

CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; background: #f6f6f4; }
h1 { margin: 0 0 .25rem; } header p { margin: 0 0 1rem; color: #555; }
section.template { margin: 0 0 1.5rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
.sides { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
figure.side { margin: 0; }
figcaption { min-height: 1.2em; }
pre.answer { margin: .3rem 0 0; font-size: .9rem; }
.combo { cursor: pointer; }
.combo:hover rect.hit, .combo:focus rect.hit { fill-opacity: .5; }
.combo.selected rect.hit { fill-opacity: .9; stroke: #222; stroke-width: 1.5; }
.combo:focus { outline: none; }
"""

JS = """
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
  const label = "die " + row.getAttribute("data-label");
  if (sol) {
    sol.setAttribute("display", "inline");
    answer.textContent = label + "\\n" + sol.getAttribute("data-rows").split("/").join("\\n");
  } else {
    answer.textContent = label + ": no solution";
  }
}
document.addEventListener("click", e => {
  const row = e.target.closest && e.target.closest(".combo");
  if (row) reveal(row);
});
document.addEventListener("keydown", e => {
  const row = e.target.closest && e.target.closest(".combo");
  if (row && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); reveal(row); }
});
"""


def combo_id(template: str, side: str, face: str) -> str:
    """The ``data-combo`` of a combination: ``01-easy-3``."""
    return f"{template}-{side}-{face}"


def _sides(ps: PuzzleSet, t: Template, solutions: Solutions) -> Iterator[str]:
    for s in sides(ps, [t.id]):
        sols = [solutions.get((t.id, s.name, f)) for f in ps.die[: len(s.combos)]]
        svg = side_element(
            s.figure,
            s.combos,
            ps.die,
            title=s.title,
            side=s.name,
            ids=[combo_id(t.id, s.name, f) for f in ps.die[: len(s.combos)]],
            solutions=sols,
            pieces=ps.pieces,
        )
        yield (
            f'<figure class="side" data-side="{html.escape(f"{t.id}-{s.name}")}">'
            f"{to_string(svg, standalone=False)}"
            '<figcaption><pre class="answer" aria-live="polite"></pre></figcaption></figure>'
        )


def page(ps: PuzzleSet, solutions: Solutions) -> str:
    """The HTML page of a set, each combination revealing its tiling from ``solutions``."""
    n = sum(1 for _ in ps.combinations())
    body = "\n".join(
        f'<section class="template" id="template-{html.escape(t.id)}">'
        f"<h2>Template {html.escape(t.id)}</h2>"
        f'<div class="sides">{"".join(_sides(ps, t, solutions))}</div></section>'
        for t in ps.templates
    )
    name = html.escape(ps.name)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{name}: Ubongo templates</title><style>{CSS}</style></head>\n<body>"
        f"<header><h1>{name}</h1><p>{len(ps.templates)} templates, {n} combinations. "
        "Click a die face to see a solution; click it again to hide it.</p></header>\n"
        f"<main>\n{body}\n</main>\n<script>{JS}</script>\n</body></html>\n"
    )
