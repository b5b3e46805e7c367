// The practice board of an Ubongo page of hexagons or triangles (Extreme, Trigo): drag a piece
// onto the figure (mouse or touch, Pointer Events) or carry it with the keyboard (Tab to it,
// Enter to pick it up or put it down, arrows to move it, Escape, Delete back to the tray), turn
// it by a sixth of a turn (R) or over (F), "Ubongo!" when the figure is covered; hints from
// practice_core.js, which mirrors solver/hints.py.
// Cells are the lattice's points (solver/lattice.py): hexagons [r, q] in axial coordinates,
// triangles [row, column, kind] (kind 1 up, 2 down). A piece lies at a translation [dr, dc]
// of its shape: rows and columns only, so a triangle keeps its kind. A cell is drawn where
// render/outline.py's Plane draws it, from its place in the text form (UbongoPractice.SPOT).
"use strict";
(function () {
  const { DATA, PIECES, SPOT, el, key, moved } = UbongoPractice;
  const CELL = 34;  // px across a hexagon's flats, or along a triangle's side
  const HEX = DATA.space === "hex";
  const SQ3 = Math.sqrt(3);
  const STEP = HEX ? [0.5, 1 / (2 * SQ3)] : [0.5, SQ3 / 2];  // outline.PLANES: a Vertex step
  const mod = (v, m) => ((v % m) + m) % m;
  // a sixth of a turn and a mirror: the generators of HEX's and TRI's turns in solver/lattice.py
  const TURN = HEX
    ? { rotate: ([r, q]) => [r + q, -r], flip: ([r, q]) => [q, r] }
    : { rotate: ([a, b, k]) => [b, -a + b + k, -k], flip: ([a, b, k]) => [a, a - b - k, k] };

  function corners(p) {  // a cell's corners in px, clockwise (outline._hexagon, _triangle)
    const [row, col] = SPOT(p);
    let vs;
    if (HEX) {
      const x = 2 * col + mod(row, 2) + 1, y = 3 * row + 2;
      vs = [[x, y - 2], [x + 1, y - 1], [x + 1, y + 1], [x, y + 2], [x - 1, y + 1], [x - 1, y - 1]];
    } else if (mod(row + col, 2) === 0) {
      vs = [[col + 1, row], [col + 2, row + 1], [col, row + 1]];
    } else {
      vs = [[col, row], [col + 2, row], [col + 1, row + 1]];
    }
    return vs.map(([x, y]) => [x * STEP[0] * CELL, y * STEP[1] * CELL]);
  }

  function centre(p) {  // the mean of a cell's corners, px
    const vs = corners(p);
    return [vs.reduce((s, v) => s + v[0], 0) / vs.length, vs.reduce((s, v) => s + v[1], 0) / vs.length];
  }

  function box(cells) {  // [left, top, right, bottom] of the cells' corners, px
    const vs = cells.flatMap(corners);
    return [Math.min(...vs.map(v => v[0])), Math.min(...vs.map(v => v[1])),
      Math.max(...vs.map(v => v[0])), Math.max(...vs.map(v => v[1]))];
  }

  const points = (p, dx, dy) => corners(p).map(([x, y]) => (x + dx).toFixed(2) + "," + (y + dy).toFixed(2)).join(" ");

  // the play (practice_core.js): a piece lies at `at`, a translation [dr, dc] of its shape
  const P = UbongoPractice.flat({
    firstFit, inBox, turns: TURN, anchored, arrows: new Set(["arrowup", "arrowdown", "arrowleft", "arrowright"]),
    step, paint, hinted, unit: 1, point, origin, dropAt: snapped,
  });

  // The translation that keeps the shape's first cell where it was: a turned shape is
  // normalised anew, and turning about the first cell keeps the piece in place on the board.
  function anchored(was, now, at) {
    const a = moved([was[0]], at)[0], c = centre(a);
    let best = null, dist = Infinity;
    for (const p of now) {  // the cell of the turned shape put nearest where the first cell was
      if (p.length === 3 && p[2] !== a[2]) continue;
      const t = [a[0] - p[0], a[1] - p[1]], q = centre(moved([now[0]], t)[0]);
      const d = (q[0] - c[0]) ** 2 + (q[1] - c[1]) ** 2;
      if (d < dist) { dist = d; best = t; }
    }
    return best;
  }

  // --- the keyboard: a piece is carried over the figure cell by cell, then put down ----------

  function bounds() {  // the figure's least and greatest row and column (lattice coordinates)
    const rs = P.combo.cells.map(p => p[0]), cs = P.combo.cells.map(p => p[1]);
    return [Math.min(...rs), Math.max(...rs), Math.min(...cs), Math.max(...cs)];
  }

  function inBox(item, [dr, dc]) {  // moved as little as keeps the piece's rows and columns in the figure's
    const [r0, r1, c0, c1] = bounds();
    const rs = item.shape.map(p => p[0]), cs = item.shape.map(p => p[1]);
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(v, hi));
    return [clamp(dr, r0 - Math.min(...rs), r1 - Math.max(...rs)), clamp(dc, c0 - Math.min(...cs), c1 - Math.max(...cs))];
  }

  function firstFit(item) {  // the first translation, in the figure's cell order, that fits
    for (const q of P.combo.cells) {
      for (const p of item.shape) {
        if (p.length === 3 && p[2] !== q[2]) continue;
        const at = [q[0] - p[0], q[1] - p[1]];
        if (P.fitsAt(item, at)) return at;
      }
    }
    return inBox(item, [0, 0]);
  }

  // Left and right a column; up and down a row, choosing of the steps a row up or down the one
  // that keeps the piece nearest straight above or below (hexagons: alternately half a cell
  // left and right; triangles: a row moves half a side), where the first step up or down began.
  function step(item, k) {  // the carried piece's translation after an arrow key
    const d = nextStep(item, k);
    if (d[0] === 0) item.keyX = undefined;
    else if (item.keyX === undefined) item.keyX = centre(moved([item.shape[0]], item.held)[0])[0];
    return inBox(item, [item.held[0] + d[0], item.held[1] + d[1]]);
  }

  function nextStep(item, k) {  // the [dr, dc] of one arrow key
    if (k === "arrowleft" || k === "arrowright") return [0, k === "arrowleft" ? -1 : 1];
    const s = k === "arrowup" ? -1 : 1;
    const c = centre(moved([item.shape[0]], item.held)[0]);
    const x = item.keyX === undefined ? c[0] : item.keyX;
    let best = null, dist = Infinity;
    for (const d of [0, -1, 1]) {
      const q = centre(moved([item.shape[0]], [item.held[0] + s, item.held[1] + d])[0]);
      if (Math.abs(q[0] - x) < dist - 1e-6) { dist = Math.abs(q[0] - x); best = [s, d]; }
    }
    return best;
  }

  // --- drawing ------------------------------------------------------------------------------

  let svg = null, layout = null;
  const PAD = CELL / 2;

  function extent(name) {  // px: the side of the square that holds the piece in every turn
    return Math.max(...PIECES[name].orientations.map(o => {
      const [l, t, r, b] = box(o);
      return Math.max(r - l, b - t);
    }));
  }

  function placeTray() {  // the tray in rows of square slots, beside the figure (below it on a phone), px
    const narrow = P.isNarrow();
    const [fl, ft, fr, fb] = box(P.combo.cells);
    const fx = PAD - fl, fy = PAD - ft;  // where the lattice's origin is drawn
    const tx = narrow ? PAD : PAD + (fr - fl) + CELL, ty = narrow ? 2 * PAD + (fb - ft) : PAD;
    const room = Math.max(fr - fl, 10 * CELL);  // a row of the tray at most this wide
    let x = 0, y = 0, tall = 0, wide = 0;
    for (const item of P.tray) {  // each piece in the middle of its slot, which a turn keeps
      const e = P.TRAY * extent(item.name);
      if (x && x + e > room) { y += tall + PAD; x = 0; tall = 0; }
      const [l, t, r, b] = box(item.shape);
      item.x = tx + x + (e - P.TRAY * (r - l)) / 2 - P.TRAY * l;
      item.y = ty + y + (e - P.TRAY * (b - t)) / 2 - P.TRAY * t;
      item.slot = [tx + x, ty + y, e];
      x += e + PAD;
      tall = Math.max(tall, e);
      wide = Math.max(wide, x - PAD);
    }
    const w = PAD + (narrow ? Math.max(fr - fl, wide) + PAD : tx + wide);
    const h = PAD + (narrow ? ty + y + tall : Math.max(PAD + fb - ft, ty + y + tall));
    layout = { fx, fy, w, h };
  }

  function paint() {  // the figure and every piece, drawn anew
    const host = document.getElementById("p-board");
    host.textContent = "";
    placeTray();
    svg = el(host, "svg", { viewBox: "0 0 " + layout.w.toFixed(1) + " " + layout.h.toFixed(1),
      style: "max-width: " + Math.round(layout.w * 1.3) + "px", class: "plane " + DATA.space,
      role: "img", "aria-label": "figure " + P.combo.template + " " + P.combo.side + " " + P.combo.face });
    const fig = el(svg, "g", { class: "pfigure" });
    for (const p of P.combo.cells) {
      el(fig, "polygon", { points: points(p, layout.fx, layout.fy), fill: "#fff", stroke: "#c4c4c4",
        "stroke-linejoin": "round", "data-cell": key(p) });
    }
    let edge = "";  // the figure's border, drawn dark as on the cards: sides no other cell shares
    const sides = new Map();
    for (const p of P.combo.cells) {
      const vs = corners(p).map(([x, y]) => [(x + layout.fx).toFixed(1), (y + layout.fy).toFixed(1)]);
      vs.forEach((v, i) => {
        const w = vs[(i + 1) % vs.length], k = v.join(",") + ">" + w.join(","), back = w.join(",") + ">" + v.join(",");
        if (sides.has(back)) sides.delete(back); else sides.set(k, [v, w]);
      });
    }
    for (const [v, w] of sides.values()) edge += "M" + v.join(" ") + "L" + w.join(" ");
    el(fig, "path", { d: edge, stroke: "#222", "stroke-width": 2.5, "stroke-linecap": "round", fill: "none" });
    el(svg, "g", { class: "phint" });
    for (const item of P.tray) drawPiece(item);
  }

  function origin(item) {  // the translation of the piece's group, px
    const at = item.held || item.at;  // held: carried by the keyboard, not yet put down
    if (!at) return [item.x, item.y];
    const a = centre(item.shape[0]), b = centre(moved([item.shape[0]], at)[0]);
    return [layout.fx + b[0] - a[0], layout.fy + b[1] - a[1]];
  }

  function drawPiece(item) {
    const g = P.group(svg, item, origin(item)), s = P.scaleOf(item);
    item.shape.forEach((p, k) => {
      el(g, "polygon", { points: points(p, 0, 0), fill: PIECES[item.name].colour, stroke: "#222",
        "stroke-width": 1.2, "stroke-linejoin": "round", "data-k": k });
    });
    const [mx, my] = centre(middle(item.shape));  // the name, on the cell nearest the middle
    const label = el(g, "text", { x: mx.toFixed(2), y: my.toFixed(2), class: "pname" + (HEX ? "" : " small") });
    if (s !== 1) label.style.fontSize = Math.round((HEX ? 11 : 9) / s) + "px";  // as big as on the figure
    label.textContent = item.name;
  }

  function middle(shape) {  // the cell of a shape nearest its centre of mass
    const cs = shape.map(centre);
    const mx = cs.reduce((s, c) => s + c[0], 0) / cs.length, my = cs.reduce((s, c) => s + c[1], 0) / cs.length;
    let best = 0;
    cs.forEach((c, i) => { if ((c[0] - mx) ** 2 + (c[1] - my) ** 2 < (cs[best][0] - mx) ** 2 + (cs[best][1] - my) ** 2) best = i; });
    return shape[best];
  }

  function point(e) {  // a pointer event's position in board px
    const m = svg.getScreenCTM().inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return [p.x, p.y];
  }

  function snapped(item, x, y) {  // the translation that puts the dropped piece's first cell on
    // the nearest figure cell of its kind, or null when it is not over the figure
    const p = item.shape[0], c = centre(p);
    const at = [c[0] + x - layout.fx, c[1] + y - layout.fy];
    let best = null, dist = (CELL * 0.75) ** 2;
    for (const q of P.combo.cells) {
      if (p.length === 3 && p[2] !== q[2]) continue;
      const d = centre(q);
      const e = (d[0] - at[0]) ** 2 + (d[1] - at[1]) ** 2;
      if (e < dist) { dist = e; best = [q[0] - p[0], q[1] - p[1]]; }
    }
    return best;
  }

  function hinted(g, p, name) {  // a cell of a hint's target: dashed, in the piece's colour
    el(g, "polygon", { points: points(p, layout.fx, layout.fy), fill: PIECES[name].colour, "fill-opacity": 0.45,
      stroke: "#222", "stroke-dasharray": "4 3", class: "hinted", "data-cell": key(p) });
  }

  P.start();
})();
