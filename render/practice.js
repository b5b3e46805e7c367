// The practice board of an Ubongo page: choose or roll a combination, drag its pieces onto the
// figure (mouse or touch, Pointer Events) or move them with the keyboard (Tab to a piece,
// Enter to pick it up or put it down, arrows to move it, Delete back to the tray), rotate (R)
// and turn over (F), "Ubongo!" when the figure is covered; hints computed from the tilings the page holds, mirroring
// solver/hints.py step by step so that window.ubongo.hint(level) is the object
// `ubongo hint --json` prints for the same board (tests/test_browser.py compares them).
// Cells are [row, col] of the figure as printed, row 0 at the top, col 0 at the left.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("ubongo-data").textContent);
  const PIECES = DATA.pieces;
  const CELL = 28;
  // the SVG namespace, as the HTML parser gives it (the page holds no address, not even this)
  const SVG = (() => { const d = document.createElement("div"); d.innerHTML = "<svg></svg>"; return d.firstChild.namespaceURI; })();

  // --- cells and shapes ---------------------------------------------------------------------

  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1];
  const key = ([r, c]) => r + "," + c;
  const shapeKey = cells => cells.map(key).join(";");
  function normalise(cells) {
    const r0 = Math.min(...cells.map(p => p[0]));
    const c0 = Math.min(...cells.map(p => p[1]));
    return cells.map(([r, c]) => [r - r0, c - c0]).sort(cmp);
  }
  const sorted = cells => cells.map(p => [p[0], p[1]]).sort(cmp);
  const lexLess = (a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] !== b[i]) return a[i] < b[i];
    }
    return a.length < b.length;
  };
  const cellsLess = (a, b) => {  // sorted cell lists compared as Python compares them
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = cmp(a[i], b[i]);
      if (d) return d < 0;
    }
    return a.length < b.length;
  };
  const ORIENT = {};  // piece name -> Map(shape key -> orientation index)
  for (const [name, p] of Object.entries(PIECES)) {
    ORIENT[name] = new Map(p.orientations.map((o, i) => [shapeKey(o), i]));
  }
  const isShapeOf = (name, cells) => ORIENT[name].has(shapeKey(normalise(cells)));

  // --- the chosen combination ---------------------------------------------------------------

  let combo = null;  // {template, side, face, cells, inFigure, height, width, pieces, solutions...}

  function findSide(template, side) {
    const t = DATA.templates.find(x => x.id === String(template));
    if (!t) throw new Error("unknown template " + JSON.stringify(template));
    const s = t.sides.find(x => x.side === String(side));
    if (!s) throw new Error("template " + t.id + " has no side " + JSON.stringify(side));
    return [t, s];
  }

  function load(template, side, face) {
    const [t, s] = findSide(template, side);
    const f = s.faces.find(x => x.face === String(face));
    if (!f) throw new Error("side " + t.id + " " + s.side + " has no die face " + JSON.stringify(face));
    const cells = [];
    s.rows.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "#") cells.push([r, c]); }));
    cells.sort(cmp);
    const solutions = f.solutions.map(text => {
      const by = new Map();
      [...text].forEach((ch, i) => {
        const at = DATA.codes.indexOf(ch);
        if (!by.has(at)) by.set(at, []);
        by.get(at).push(cells[i]);
      });
      return [...by.entries()].sort((a, b) => a[0] - b[0])
        .map(([at, cs]) => placement(f.pieces[at], cs));
    });
    return {
      template: t.id, side: s.side, face: f.face, cells,
      inFigure: new Set(cells.map(key)),
      height: s.rows.length, width: Math.max(...s.rows.map(r => r.length)),
      pieces: f.pieces, complete: f.complete, solutions,
    };
  }

  // A placement: piece name, sorted cells, and two identities: `id` (name and cells, as
  // Python's Placement compares) and `shape` (the piece's shape and cells: copies agree).
  function placement(name, cells) {
    const cs = sorted(cells);
    const s = shapeKey(cs);
    return { piece: name, cells: cs, id: name + "|" + s, shape: PIECES[name].key + "|" + s };
  }

  // --- hints: solver/hints.py, function by function ------------------------------------------

  function codeOf(name) { return PIECES[name].code; }

  function rows(placements) {  // solution_rows: '#' empty figure cells, '.' outside
    const grid = Array.from({ length: combo.height }, () => Array(combo.width).fill("."));
    for (const [r, c] of combo.cells) grid[r][c] = "#";
    for (const pl of placements) for (const [r, c] of pl.cells) grid[r][c] = codeOf(pl.piece);
    return grid.map(row => row.join(""));
  }

  function parsed(placed) {  // parse_board then _in_order: what the library reads back
    const byCode = {};
    combo.pieces.forEach(n => { byCode[codeOf(n)] = n; });
    const order = {};
    combo.pieces.forEach((n, i) => { order[n] = i; });
    const out = placed.map(pl => placement(byCode[codeOf(pl.piece)], pl.cells));
    return out.sort((a, b) => order[a.piece] - order[b.piece] || cmp(a.cells[0], b.cells[0]));
  }

  function* subsets(n, k) {  // itertools.combinations(range(n), k), in its order
    const idx = Array.from({ length: k }, (_, i) => i);
    if (k > n) return;
    while (true) {
      yield idx.slice();
      let i = k - 1;
      while (i >= 0 && idx[i] === i + n - k) i--;
      if (i < 0) return;
      idx[i]++;
      for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
  }

  function takeBack(placed) {  // _take_back: the fewest pieces to remove, smallest first
    for (let k = 0; k <= placed.length; k++) {
      for (const gone of subsets(placed.length, k)) {
        const kept = placed.filter((_, i) => !gone.includes(i));
        const through = combo.solutions.filter(t => kept.every(pl => t.some(q => q.shape === pl.shape)));
        if (through.length) return [kept, gone.map(i => placed[i].piece), through];
      }
    }
    throw new Error("no hint: the combination has no tiling");
  }

  // The tilings of the empty cells in the order the bitboard engine lists them for the rest
  // puzzle (solver/bitboard.py): depth first on the lowest empty cell (reading order, or
  // column order when the empty cells are wider than tall: the engine transposes them), at
  // each cell the free pieces in puzzle order, each piece's orientations in their order;
  // copies of one shape go down in puzzle order. So a tiling's place in the listing is the
  // lexicographic order of its (piece position, orientation) pairs taken by lowest cell.
  function restSolutions(kept, full) {
    const todo = combo.pieces.slice();
    for (const pl of kept) todo.splice(todo.indexOf(pl.piece), 1);
    const keptShapes = new Set(kept.map(pl => pl.shape));
    const rests = full.map(t => t.filter(pl => !keptShapes.has(pl.shape)));
    if (!rests.length || !rests[0].length) return [[]];
    const empty = rests[0].flatMap(pl => pl.cells);
    const height = 1 + Math.max(...empty.map(p => p[0])) - Math.min(...empty.map(p => p[0]));
    const width = 1 + Math.max(...empty.map(p => p[1])) - Math.min(...empty.map(p => p[1]));
    const transposed = width > height;
    const scan = ([r, c]) => (transposed ? [c, r] : [r, c]);
    const low = pl => pl.cells.map(scan).sort(cmp)[0];
    const listed = rests.map(rest => {
      const byLow = rest.slice().sort((a, b) => cmp(low(a), low(b)));
      const taken = new Set();
      const steps = byLow.map(pl => {
        const k = PIECES[pl.piece].key;
        const pos = todo.findIndex((n, i) => !taken.has(i) && PIECES[n].key === k);
        taken.add(pos);
        const name = todo[pos];
        const o = ORIENT[name].get(shapeKey(normalise(pl.cells.map(scan))));
        return { pos, o, pl: placement(name, pl.cells) };
      });
      const order = steps.flatMap(s => [s.pos, s.o]);
      return { order, tiling: steps.sort((a, b) => a.pos - b.pos).map(s => s.pl) };
    });
    listed.sort((a, b) => (lexLess(a.order, b.order) ? -1 : lexLess(b.order, a.order) ? 1 : 0));
    return listed.map(x => x.tiling);
  }

  function fits(name, cells, left) {  // _fits: every orientation anchored at every empty cell
    let n = 0;
    for (const o of PIECES[name].orientations) {
      const [ar, ac] = o[0];
      for (const [r, c] of cells) {
        if (o.every(([pr, pc]) => left.has(key([r + pr - ar, c + pc - ac])))) n++;
      }
    }
    return n;
  }

  function choose(kept, found, exhaustive) {  // _choose
    if (found.length === 1 && found[0].length === 0) return [null, false];
    const seen = new Map();  // id -> [placement, count], in first-seen order as Counter
    for (const t of found) {
      for (const pl of t) {
        const s = seen.get(pl.id);
        if (s) s[1]++; else seen.set(pl.id, [pl, 1]);
      }
    }
    const area = {}, rank = {};
    combo.pieces.forEach((n, i) => { area[n] = PIECES[n].orientations[0].length; rank[n] = i; });
    if (exhaustive) {
      const forced = [...seen.values()].filter(([, n]) => n === found.length).map(([pl]) => pl);
      if (forced.length) {
        const used = new Set(kept.flatMap(pl => pl.cells.map(key)));
        const cells = combo.cells.filter(p => !used.has(key(p)));
        const left = new Set(cells.map(key));
        const room = {};
        combo.pieces.forEach(n => { room[n] = fits(n, cells, left); });
        const score = pl => [room[pl.piece], area[pl.piece], -rank[pl.piece]];
        let best = forced[0];
        for (const pl of forced.slice(1)) if (lexLess(score(best), score(pl))) best = pl;
        return [best, true];
      }
    }
    const spots = new Map();  // name -> placements, in first-seen order as the dict
    for (const [pl] of seen.values()) {
      if (!spots.has(pl.piece)) spots.set(pl.piece, []);
      spots.get(pl.piece).push(pl);
    }
    const nameKey = n => [spots.get(n).length, -area[n], rank[n]];
    let name = null;
    for (const n of spots.keys()) if (name === null || lexLess(nameKey(n), nameKey(name))) name = n;
    let best = null;
    for (const pl of spots.get(name)) {
      if (best === null) { best = pl; continue; }
      const a = seen.get(pl.id)[1], b = seen.get(best.id)[1];
      if (a > b || (a === b && cellsLess(pl.cells, best.cells))) best = pl;
    }
    return [best, false];
  }

  function areaName(cells) {  // area_name: thirds of the figure's box
    const cr = cells.reduce((s, [r]) => s + r + 0.5, 0) / cells.length / combo.height;
    const cc = cells.reduce((s, [, c]) => s + c + 0.5, 0) / cells.length / combo.width;
    const v = ["top", "", "bottom"][Math.min(2, Math.floor(cr * 3))];
    const h = ["left", "", "right"][Math.min(2, Math.floor(cc * 3))];
    return [v, h].filter(x => x).join("-") || "middle";
  }

  function hint(level) {
    if (![1, 2, 3].includes(level)) throw new Error("hint level " + level + "; expected 1, 2 or 3");
    if (!combo.complete) throw new Error("no hint in the page for so large a puzzle: ask ubongo hint");
    const placed = parsed(board.map(b => b.pl));
    const [kept, back, full] = takeBack(placed);
    const found = restSolutions(kept, full);
    // all tilings of the figure are in the page, so all of the empty cells' are listed
    const [chosen, forced] = choose(kept, found, true);
    const through = found.find(t => chosen === null || t.some(pl => pl.id === chosen.id));
    const shown = chosen ? kept.concat([chosen]) : kept;
    const out = {
      level,
      completable: back.length === 0,
      piece: chosen ? chosen.piece : null,
      area: chosen ? areaName(chosen.cells) : null,
      forced,
      cells: chosen && level >= 2 ? sorted(chosen.cells) : null,
      picture: level >= 2 ? rows(shown) : null,
      solution: level >= 3 ? rows(kept.concat(through)) : null,
    };
    if (back.length) out.take_back = back;
    return out;
  }

  function message(h) {  // Hint.message
    const out = [];
    const named = n => n + " (" + codeOf(n) + ")";
    if (h.take_back) out.push("This board cannot be completed: take back " + h.take_back.map(named).join(" and ") + ".");
    if (h.piece === null) out.push("The board is complete.");
    else if (h.level === 3) out.push("A solution:");
    else {
      const verb = h.take_back ? "Then place" : "Place";
      const when = board.length - (h.take_back ? h.take_back.length : 0) ? "next" : "first";
      const where = h.level === 1 ? whereWords(h.area) : "as drawn";
      out.push(verb + " " + named(h.piece) + " " + when + ", " + where + (h.forced ? "; it lies there in every solution" : "") + ".");
    }
    return out.join(" ");
  }

  function whereWords(area) {
    if (area.includes("-")) return "in the " + area + " corner";
    return { top: "at the top", bottom: "at the bottom", middle: "in the middle" }[area] || "on the " + area;
  }

  // --- the board: pieces, placing, drawing ----------------------------------------------------

  let tray = [];   // one entry per piece of the combination: {name, shape, at: [r, c] | null, x, y}
  let board = [];  // placed pieces: {item, pl}
  let selected = null;

  function reset() {
    tray = combo.pieces.map((name, i) => ({ i, name, shape: normalise(PIECES[name].orientations[0]), at: null }));
    board = [];
    selected = null;
    clearHint();
  }

  function occupied(except) {
    const s = new Set();
    for (const b of board) if (b.item !== except) for (const p of b.pl.cells) s.add(key(p));
    return s;
  }

  function fitsAt(item, at) {  // the piece's cells at anchor `at`, or null where it cannot go
    const cells = item.shape.map(([r, c]) => [r + at[0], c + at[1]]);
    const used = occupied(item);
    return cells.every(p => combo.inFigure.has(key(p)) && !used.has(key(p))) ? cells : null;
  }

  function putDown(item, at) {  // true when the piece now lies at `at`
    lift(item);
    const cells = fitsAt(item, at);
    if (!cells) return false;
    item.at = at;
    board.push({ item, pl: placement(item.name, cells) });
    return true;
  }

  function lift(item) {
    board = board.filter(b => b.item !== item);
    item.at = null;
  }

  function solved() {
    return board.reduce((n, b) => n + b.pl.cells.length, 0) === combo.cells.length;
  }

  function turn(item, how) {  // rotate a quarter turn clockwise, or turn over (mirror)
    const at = item.at;
    item.shape = normalise(item.shape.map(([r, c]) => (how === "rotate" ? [c, -r] : [r, -c])));
    if (item.held) item.held = inBox(item, item.held);
    else if (at && !putDown(item, at)) lift(item);
    draw();
  }

  // --- the keyboard: a piece is carried over the figure cell by cell, then put down ----------

  function inBox(item, [r, c]) {  // the anchor moved as little as keeps the piece over the figure's box
    const h = Math.max(...item.shape.map(p => p[0])), w = Math.max(...item.shape.map(p => p[1]));
    return [Math.max(0, Math.min(r, combo.height - 1 - h)), Math.max(0, Math.min(c, combo.width - 1 - w))];
  }

  function firstFit(item) {  // the first anchor, in reading order, where the piece fits; else 0, 0
    for (let r = 0; r < combo.height; r++)
      for (let c = 0; c < combo.width; c++) if (fitsAt(item, [r, c])) return [r, c];
    return [0, 0];
  }

  function pickUp(item) {  // carry the piece from where it lies, or from its first fit
    item.from = item.at;
    item.held = item.at || firstFit(item);
    lift(item);
  }

  function putBack(item) {  // a carried piece back where it was picked up (or to the tray)
    item.held = null;
    if (!(item.from && putDown(item, item.from))) lift(item);
  }

  const STEPS = { arrowup: [-1, 0], arrowdown: [1, 0], arrowleft: [0, -1], arrowright: [0, 1] };

  function keyboard(k) {  // true when the key was a move of the selected piece
    const item = selected;
    if (k in STEPS) {
      if (!item.held) pickUp(item);
      item.held = inBox(item, [item.held[0] + STEPS[k][0], item.held[1] + STEPS[k][1]]);
    } else if (k === "enter" || k === " ") {
      if (!item.held) pickUp(item);
      else if (putDown(item, item.held)) item.held = null;
      else status(item.name + " does not fit there: move it, or Escape", "");
    } else if (k === "escape" && item.held) {
      putBack(item);
    } else if (k === "delete" || k === "backspace") {
      item.held = null;
      lift(item);
    } else {
      return false;
    }
    clearHint();
    draw();
    if (!item.held) changed();
    return true;
  }

  // --- drawing ------------------------------------------------------------------------------

  let svg = null, layout = null;

  function el(parent, tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // a phone: the pieces go below the figure, where they stay big enough to drag
  const isNarrow = () => (document.getElementById("p-board").clientWidth || window.innerWidth) < 480;

  function placeTray() {  // tray slots beside the figure (below it on a narrow screen)
    const narrow = isNarrow();
    const slot = 0.5 + Math.max(...combo.pieces.map(n => Math.max(...PIECES[n].orientations[0].flat()) + 1));
    const cols = 2;
    const fx = 0.5, fy = 0.5;
    const tx = narrow ? 0.5 : fx + combo.width + 1, ty = narrow ? fy + combo.height + 1 : 0.5;
    tray.forEach((item, i) => {  // each piece in the middle of its slot, on the grid
      const h = 1 + Math.max(...item.shape.map(p => p[0])), w = 1 + Math.max(...item.shape.map(p => p[1]));
      item.x = tx + (i % cols) * slot + Math.floor((slot - 0.5 - w) / 2);
      item.y = ty + Math.floor(i / cols) * slot + Math.floor((slot - 0.5 - h) / 2);
    });
    const trayBottom = ty + Math.ceil(tray.length / cols) * slot;
    const w = 1 + (narrow ? Math.max(combo.width, cols * slot) : tx + cols * slot);
    const h = 0.5 + (narrow ? trayBottom : Math.max(combo.height + 1, trayBottom));
    layout = { fx, fy, w, h };
  }

  function draw() {
    const host = document.getElementById("p-board");
    const focused = selected && selected.g && document.activeElement === selected.g;
    host.textContent = "";
    placeTray();
    svg = el(host, "svg", { viewBox: "0 0 " + layout.w * CELL + " " + layout.h * CELL,
      style: "max-width: " + Math.round(layout.w * CELL * 1.4) + "px",
      role: "img", "aria-label": "figure " + combo.template + " " + combo.side + " " + combo.face });
    const fig = el(svg, "g", { class: "pfigure" });
    for (const [r, c] of combo.cells) {
      el(fig, "rect", { x: (layout.fx + c) * CELL, y: (layout.fy + r) * CELL, width: CELL, height: CELL,
        fill: "#fff", stroke: "#c4c4c4", "data-cell": r + "," + c });
    }
    let edge = "";  // the figure's border, drawn dark as on the cards
    for (const [r, c] of combo.cells) {
      const x = (layout.fx + c) * CELL, y = (layout.fy + r) * CELL;
      if (!combo.inFigure.has(key([r - 1, c]))) edge += "M" + x + " " + y + "h" + CELL;
      if (!combo.inFigure.has(key([r + 1, c]))) edge += "M" + x + " " + (y + CELL) + "h" + CELL;
      if (!combo.inFigure.has(key([r, c - 1]))) edge += "M" + x + " " + y + "v" + CELL;
      if (!combo.inFigure.has(key([r, c + 1]))) edge += "M" + (x + CELL) + " " + y + "v" + CELL;
    }
    el(fig, "path", { d: edge, stroke: "#222", "stroke-width": 2.5, "stroke-linecap": "square", fill: "none" });
    el(svg, "g", { class: "phint" });
    for (const item of tray) drawPiece(item);
    if (focused) selected.g.focus();  // drawing replaced the element that had the focus
    if (hintShown) showHint(hintShown);
  }

  function origin(item) {  // the piece's top-left in board units (cells)
    const at = item.held || item.at;  // held: carried by the keyboard, not yet put down
    return at ? [layout.fx + at[1], layout.fy + at[0]] : [item.x, item.y];
  }

  function drawPiece(item) {
    const where = item.held ? "carried, Enter to put down" : item.at ? "on the figure" : "in the tray";
    const g = el(svg, "g", { class: "pp" + (item === selected ? " selected" : "") + (item.at ? " placed" : "")
      + (item.held ? " dragging" : ""), "data-piece": item.name, "data-i": item.i,
      "data-shape": shapeKey(item.shape), tabindex: 0, role: "button",
      "aria-label": "piece " + item.name + ", " + where });
    if (item.at) g.setAttribute("data-at", key(item.at));
    if (item.held) g.setAttribute("data-held", key(item.held));
    const [x, y] = origin(item);
    g.setAttribute("transform", "translate(" + x * CELL + " " + y * CELL + ")");
    item.shape.forEach(([r, c], k) => {
      el(g, "rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: PIECES[item.name].colour,
        stroke: "#222", "stroke-width": 1.2, "data-k": k });
    });
    const t = el(g, "title");
    t.textContent = item.name;
    g.addEventListener("pointerdown", e => grab(e, item));
    g.addEventListener("focus", () => select(item));
    item.g = g;
  }

  function point(e) {  // a pointer event's position in board units
    const m = svg.getScreenCTM().inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return [p.x / CELL, p.y / CELL];
  }

  let drag = null;

  function grab(e, item) {
    e.preventDefault();
    select(item);
    item.held = null;  // the pointer takes over a piece the keyboard carried
    const g = item.g;
    const [px, py] = point(e);
    const [x, y] = origin(item);
    drag = { item, g, dx: px - x, dy: py - y, id: e.pointerId, x, y };
    lift(item);
    g.classList.add("dragging");
    svg.appendChild(g);  // on top
    try { g.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    g.addEventListener("pointermove", move);
    g.addEventListener("pointerup", drop);
    g.addEventListener("pointercancel", drop);
    clearHint();
  }

  function move(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const [px, py] = point(e);
    drag.x = px - drag.dx;
    drag.y = py - drag.dy;
    drag.g.setAttribute("transform", "translate(" + drag.x * CELL + " " + drag.y * CELL + ")");
  }

  function drop(e) {
    if (!drag || e.pointerId !== drag.id) return;
    move(e);
    const { item, x, y } = drag;
    drag.g.removeEventListener("pointermove", move);
    drag.g.removeEventListener("pointerup", drop);
    drag.g.removeEventListener("pointercancel", drop);
    drag = null;
    putDown(item, [Math.round(y - layout.fy), Math.round(x - layout.fx)]);
    draw();
    changed();
  }

  function select(item) {
    const carried = selected && selected !== item && selected.held ? selected : null;
    selected = item;
    if (carried) {  // choosing another piece puts the carried one back
      putBack(carried);
      draw();
      item.g.focus();
      changed();
    }
    for (const it of tray) if (it.g) it.g.classList.toggle("selected", it === item);
  }

  // --- status, timer, hints on screen ---------------------------------------------------------

  let timer = null, started = 0, hintShown = null;

  function status(text, cls) {
    const p = document.getElementById("p-status");
    p.textContent = text;
    p.className = cls || "";
  }

  function changed() {
    clearHint();
    if (solved()) {
      const took = started ? " in " + Math.round((Date.now() - started) / 1000) + " s" : "";
      stopTimer();
      status("Ubongo!" + took, "won");
    } else if (!document.getElementById("p-status").classList.contains("lost")) {
      status(board.length + " of " + combo.pieces.length + " pieces placed");
    }
  }

  function stopTimer() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function startTimer() {
    stopTimer();
    const out = document.getElementById("p-timer");
    out.textContent = "";
    started = Date.now();
    if (!document.getElementById("p-timer-on").checked) return;
    const total = Math.max(1, Number(document.getElementById("p-seconds").value) || 60);
    const tick = () => {
      const left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      out.textContent = "⏳ " + left + " s";
      if (!left) {
        stopTimer();
        if (!solved()) status("Time is up!", "lost");
      }
    };
    tick();
    timer = setInterval(tick, 250);
  }

  function clearHint() {
    hintShown = null;
    const p = document.getElementById("p-hint");
    if (p) p.textContent = "";
    const g = svg && svg.querySelector("g.phint");
    if (g) g.textContent = "";
  }

  function showHint(h) {
    hintShown = h;
    document.getElementById("p-hint").textContent = message(h);
    const g = svg.querySelector("g.phint");
    g.textContent = "";
    const pic = h.level === 3 ? h.solution : h.level === 2 ? h.picture : null;
    if (!pic) return;
    const mine = new Set(board.map(b => b.pl.cells.map(key)).flat());
    pic.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch === "." || ch === "#" || mine.has(key([r, c]))) return;
      const name = combo.pieces.find(n => codeOf(n) === ch);
      el(g, "rect", { x: (layout.fx + c) * CELL + 2, y: (layout.fy + r) * CELL + 2, width: CELL - 4, height: CELL - 4,
        fill: PIECES[name].colour, "fill-opacity": 0.45, stroke: "#222", "stroke-dasharray": "4 3", class: "hinted" });
    }));
  }

  function askHint(level) {
    try {
      showHint(hint(level));
    } catch (err) {
      document.getElementById("p-hint").textContent = err.message;
    }
  }

  // --- controls -----------------------------------------------------------------------------

  const $ = id => document.getElementById(id);

  function fill(select, values, value) {
    select.textContent = "";
    for (const v of values) {
      const o = document.createElement("option");
      o.value = o.textContent = v;
      select.appendChild(o);
    }
    if (value !== undefined && values.includes(String(value))) select.value = String(value);
  }

  function show(template, side, face) {
    combo = load(template, side, face);
    const t = DATA.templates.find(x => x.id === combo.template);
    fill($("p-template"), DATA.templates.map(x => x.id), combo.template);
    fill($("p-side"), t.sides.map(s => s.side), combo.side);
    fill($("p-face"), t.sides.find(s => s.side === combo.side).faces.map(f => f.face), combo.face);
    reset();
    draw();
    const none = combo.complete && !combo.solutions.length;
    status(none ? "This combination has no tiling." : "Place the pieces: " + combo.pieces.join(" "), none ? "lost" : "");
    startTimer();
  }

  function fromControls(what) {
    const t = DATA.templates.find(x => x.id === $("p-template").value);
    const side = what === "template"
      ? (t.sides.find(s => s.side === combo.side) || t.sides[0]).side : $("p-side").value;
    const faces = t.sides.find(s => s.side === side).faces;
    const face = what === "face"
      ? $("p-face").value : (faces.find(f => f.face === combo.face) || faces[0]).face;
    show(t.id, side, face);
  }

  $("p-template").addEventListener("change", () => fromControls("template"));
  $("p-side").addEventListener("change", () => fromControls("side"));
  $("p-face").addEventListener("change", () => fromControls("face"));
  $("p-roll").addEventListener("click", () => {
    const faces = findSide(combo.template, combo.side)[1].faces;
    show(combo.template, combo.side, faces[Math.floor(Math.random() * faces.length)].face);
  });
  $("p-start").addEventListener("click", () => show(combo.template, combo.side, combo.face));
  $("p-timer-on").addEventListener("change", startTimer);
  $("p-rotate").addEventListener("click", () => { if (selected) { turn(selected, "rotate"); changed(); } });
  $("p-flip").addEventListener("click", () => { if (selected) { turn(selected, "flip"); changed(); } });
  $("p-clear").addEventListener("click", () => { reset(); draw(); changed(); });
  document.querySelectorAll("#practice .p-hint").forEach(b =>
    b.addEventListener("click", () => askHint(Number(b.getAttribute("data-level")))));
  document.addEventListener("keydown", e => {
    if (!selected || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const k = e.key.toLowerCase();
    if (k === "r" || k === "f") {
      e.preventDefault();
      turn(selected, k === "r" ? "rotate" : "flip");
      if (!selected.held) changed();
    } else if (selected.g && document.activeElement === selected.g && keyboard(k)) {
      e.preventDefault();  // the piece moved: the page does not scroll
    }
  });
  let narrowNow = null;
  window.addEventListener("resize", () => {
    if (isNarrow() !== narrowNow) { narrowNow = isNarrow(); draw(); }
  });

  // --- the scripting hook -------------------------------------------------------------------

  window.ubongo = {
    select(template, side, face) {
      show(template, side, face);
      return { template: combo.template, side: combo.side, face: combo.face, pieces: combo.pieces.slice() };
    },
    place(piece, cells) {
      const name = String(piece);
      if (!combo.pieces.includes(name)) throw new Error(name + " is not in this combination: " + combo.pieces.join(", "));
      const item = tray.find(it => it.name === name && !it.at);
      if (!item) throw new Error(name + " is placed as often as the combination holds it");
      const cs = (cells || []).map(p => [Number(p[0]), Number(p[1])]);
      if (!cs.length || !isShapeOf(name, cs) || new Set(cs.map(key)).size !== cs.length) {
        throw new Error(JSON.stringify(cells) + " do not form " + name + " in any turn");
      }
      if (!cs.every(p => combo.inFigure.has(key(p)))) throw new Error(JSON.stringify(cells) + " leave the figure");
      const used = occupied(null);
      if (cs.some(p => used.has(key(p)))) throw new Error(JSON.stringify(cells) + " cover a placed piece");
      item.shape = normalise(cs);
      putDown(item, [Math.min(...cs.map(p => p[0])), Math.min(...cs.map(p => p[1]))]);
      draw();
      changed();
      return rows(board.map(b => b.pl)).join("\n") + "\n";
    },
    clear() {
      reset();
      draw();
      changed();
    },
    board() {
      return rows(board.map(b => b.pl)).join("\n") + "\n";
    },
    hint(level) {
      return hint(level);
    },
  };

  const first = DATA.templates[0];
  show(first.id, first.sides[0].side, first.sides[0].faces[0].face);
  narrowNow = isNarrow();
})();
