// The practice board of an Ubongo page of squares: choose or roll a combination, drag its
// pieces onto the figure (mouse or touch, Pointer Events) or move them with the keyboard (Tab to
// a piece, Enter to pick it up or put it down, arrows to move it, Delete back to the tray),
// rotate (R) and turn over (F), "Ubongo!" when the figure is covered; hints from
// practice_core.js, which mirrors solver/hints.py.
// Cells are [row, col] of the figure as printed, row 0 at the top, col 0 at the left.
"use strict";
(function () {
  const { PIECES, el, key } = UbongoPractice;
  const CELL = 28;

  // --- the lattice: a quarter turn, a mirror, the keyboard's steps over the figure's box ------

  const TURNS = { rotate: ([r, c]) => [c, -r], flip: ([r, c]) => [r, -c] };  // clockwise; a mirror
  const STEPS = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] };

  // the play (practice_core.js): a piece lies at `at`, the [row, col] of its shape's [0, 0]
  const P = UbongoPractice.flat({
    firstFit, inBox, turns: TURNS, anchored: (was, now, at) => at, arrows: new Set(Object.keys(STEPS)),
    step: (item, k) => inBox(item, [item.held[0] + STEPS[k][0], item.held[1] + STEPS[k][1]]),
    paint, hinted, unit: CELL, point, origin,
    dropAt: (item, x, y) => [Math.round(y - layout.fy), Math.round(x - layout.fx)],
  });

  function inBox(item, [r, c]) {  // the anchor moved as little as keeps the piece over the figure's box
    const h = Math.max(...item.shape.map(p => p[0])), w = Math.max(...item.shape.map(p => p[1]));
    return [Math.max(0, Math.min(r, P.combo.height - 1 - h)), Math.max(0, Math.min(c, P.combo.width - 1 - w))];
  }

  function firstFit(item) {  // the first anchor, in reading order, where the piece fits; else 0, 0
    for (let r = 0; r < P.combo.height; r++)
      for (let c = 0; c < P.combo.width; c++) if (P.fitsAt(item, [r, c])) return [r, c];
    return [0, 0];
  }

  // --- drawing ------------------------------------------------------------------------------

  let svg = null, layout = null;


  const extent = name => 1 + Math.max(...PIECES[name].orientations[0].flat());  // in every turn

  function placeTray() {  // the tray in rows of square slots, beside the figure (below it on a phone)
    const narrow = P.isNarrow();
    const fx = 0.5, fy = 0.5, gap = 0.5;
    const tx = narrow ? 0.5 : fx + P.combo.width + 1, ty = narrow ? fy + P.combo.height + 1 : fy;
    const room = Math.max(P.combo.width, narrow ? 7.5 : 10);  // a row of the tray at most this wide
    let x = 0, y = 0, tall = 0, wide = 0;
    for (const item of P.tray) {  // each piece in the middle of its slot, which a turn keeps
      const e = P.TRAY * extent(item.name);
      if (x && x + e > room) { y += tall + gap; x = 0; tall = 0; }
      const h = 1 + Math.max(...item.shape.map(p => p[0])), w = 1 + Math.max(...item.shape.map(p => p[1]));
      item.x = tx + x + (e - P.TRAY * w) / 2;
      item.y = ty + y + (e - P.TRAY * h) / 2;
      item.slot = [tx + x, ty + y, e];
      x += e + gap;
      tall = Math.max(tall, e);
      wide = Math.max(wide, x - gap);
    }
    const w = narrow ? 1 + Math.max(P.combo.width, wide) : tx + wide + 0.5;
    const h = 0.5 + (narrow ? ty + y + tall : Math.max(fy + P.combo.height, ty + y + tall));
    layout = { fx, fy, w, h };
  }

  function outline(cells, x0, y0) {  // an SVG path along the outer edges of these cells
    const has = new Set(cells.map(key));
    let d = "";
    for (const [r, c] of cells) {
      const x = x0 + c * CELL, y = y0 + r * CELL;
      if (!has.has(key([r - 1, c]))) d += "M" + x + " " + y + "h" + CELL;
      if (!has.has(key([r + 1, c]))) d += "M" + x + " " + (y + CELL) + "h" + CELL;
      if (!has.has(key([r, c - 1]))) d += "M" + x + " " + y + "v" + CELL;
      if (!has.has(key([r, c + 1]))) d += "M" + (x + CELL) + " " + y + "v" + CELL;
    }
    return d;
  }

  function paint() {  // the figure and every piece, drawn anew
    const host = document.getElementById("p-board");
    host.textContent = "";
    placeTray();
    svg = el(host, "svg", { viewBox: "0 0 " + layout.w * CELL + " " + layout.h * CELL,
      style: "max-width: " + Math.round(layout.w * CELL * 1.4) + "px",
      role: "img", "aria-label": "figure " + P.combo.template + " " + P.combo.side + " " + P.combo.face });
    const fig = el(svg, "g", { class: "pfigure" });
    for (const [r, c] of P.combo.cells) {
      el(fig, "rect", { x: (layout.fx + c) * CELL, y: (layout.fy + r) * CELL, width: CELL, height: CELL,
        fill: "#fff", stroke: "#c4c4c4", "data-cell": r + "," + c });
    }
    const edge = outline(P.combo.cells, layout.fx * CELL, layout.fy * CELL);  // dark, as on the cards
    el(fig, "path", { d: edge, stroke: "#222", "stroke-width": 2.5, "stroke-linecap": "square", fill: "none" });
    el(svg, "g", { class: "phint" });
    for (const item of P.tray) drawPiece(item);
  }

  function origin(item) {  // the piece's top-left in board units (cells)
    const at = item.held || item.at;  // held: carried by the keyboard, not yet put down
    return at ? [layout.fx + at[1], layout.fy + at[0]] : [item.x, item.y];
  }

  function drawPiece(item) {
    const g = P.group(svg, item, origin(item)), s = P.scaleOf(item);
    item.shape.forEach(([r, c], k) => {
      el(g, "rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: PIECES[item.name].colour,
        stroke: "#222", "stroke-width": 1.2, "data-k": k });
    });
    const [lr, lc] = middle(item.shape);  // the name, on the square nearest the middle
    const label = el(g, "text", { x: (lc + 0.5) * CELL, y: (lr + 0.5) * CELL, class: "pname" });
    if (s !== 1) label.style.fontSize = Math.round(11 / s) + "px";  // the name as big as on the figure
    label.textContent = item.name;
    const ring = outline(item.shape, 0, 0);  // shown on keyboard focus (CSS)
    el(g, "path", { d: ring, class: "ring halo" });
    el(g, "path", { d: ring, class: "ring ink" });
  }

  function middle(shape) {  // the square of a shape nearest its centre of mass
    const mr = shape.reduce((s, p) => s + p[0], 0) / shape.length, mc = shape.reduce((s, p) => s + p[1], 0) / shape.length;
    const d = ([r, c]) => (r - mr) ** 2 + (c - mc) ** 2;
    return shape.reduce((best, p) => (d(p) < d(best) ? p : best));
  }

  function point(e) {  // a pointer event's position in board units
    const m = svg.getScreenCTM().inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return [p.x / CELL, p.y / CELL];
  }

  function hinted(g, [r, c], name) {  // a square of a hint's target: dashed, in the piece's colour
    el(g, "rect", { x: (layout.fx + c) * CELL + 2, y: (layout.fy + r) * CELL + 2, width: CELL - 4, height: CELL - 4,
      fill: PIECES[name].colour, "fill-opacity": 0.45, stroke: "#222", "stroke-dasharray": "4 3", class: "hinted" });
  }

  P.start();
})();
