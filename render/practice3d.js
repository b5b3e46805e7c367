// The practice board of an Ubongo 3D page: build a figure of cubes layer by layer on its
// footprint. Choose a block below the layers (tap it, or Tab to it and Enter), turn it about the
// three axes (buttons, or the keys R, T and Y), then tap a square of a layer (or drag the
// block's picture there): the block's marked cube (the first of its bottom layer, in reading
// order) goes there, and its cubes above go to the layers above; the next block comes to hand.
// A tap on a placed block picks it up again.
// The page refuses a block that would overlap another or leave the figure, in words; "Ubongo!"
// when every cube is filled. The pictures of blocks are painted back to front here, at every
// turn (render/iso.py's exact view is for files; on screen a covered face does no harm).
// Hints from practice_core.js, which mirrors solver/hints.py.
// Cells are [layer, row, col]: layer 0 the bottom, row 0 the top row of the footprint as printed.
"use strict";
(function () {
  const { DATA, PIECES, el, key, cmp, normalise, codeOf, placement, status } = UbongoPractice;
  const $ = id => document.getElementById(id);

  let combo = null;   // UbongoPractice.load's combination
  let tray = [];      // one item per block of the combination: {i, name, tone, shape, at}
  let hand = null;    // the chosen block, not on the figure
  let cursor = null;  // where the keyboard (or the mouse) would put the hand's block: [z, r, c]
  let hintShown = null;

  const placed = () => tray.filter(it => it.at);
  const placements = () => placed().map(it => it.pl);
  const solved = () => placed().reduce((n, it) => n + it.pl.cells.length, 0) === combo.cells.length;

  // --- blocks: turning and placing ------------------------------------------------------------

  // The three quarter turns, on [layer, row, col]: spin about the vertical (clockwise seen from
  // above, as R turns a piece on the 2D page), tip the top towards the front, tip it to the right.
  const TURNS = {
    spin: ([z, r, c]) => [z, c, -r],
    tip: ([z, r, c]) => [-r, z, c],
    roll: ([z, r, c]) => [-c, r, z],
  };
  const TURN_KEYS = { r: "spin", t: "tip", y: "roll" };

  const anchor = shape => shape.slice().sort(cmp)[0];  // the marked cube: a tap puts it there

  function cellsAt(item, at) {
    const a = anchor(item.shape);
    return item.shape.map(p => p.map((v, k) => v - a[k] + at[k]));
  }

  function refusal(item, cells) {  // why the block cannot lie on these cells, or null
    if (cells.some(p => p[0] >= combo.levels)) return "it would stick out above the top layer";
    if (cells.some(p => !combo.inFigure.has(key(p)))) return "it would stick out of the figure";
    const other = placed().find(it => it !== item && it.pl.cells.some(q => cells.some(p => key(p) === key(q))));
    return other ? "it would overlap " + other.name : null;
  }

  function putDown(item, at) {  // true when the block now lies with its marked cube at `at`
    const cells = cellsAt(item, at);
    const why = refusal(item, cells);
    if (why) {
      note(item.name + " does not fit there: " + why + ".", "refused");
      ghost(cells, false);
      return false;
    }
    item.at = at;
    item.pl = placement(item.name, cells);
    if (hand === item) hand = tray.find(it => !it.at) || null;  // the next block comes to hand
    cursor = null;
    note(item.name + " is down; tap it to pick it up again.", "");
    return true;
  }

  function pickUp(item) {  // the block back in the hand, off the figure (Escape puts it back)
    item.from = { at: item.at, shape: item.shape };
    item.at = null;
    item.pl = null;
    hand = item;
  }

  function putBack() {  // the hand's block back where it was picked up, else in the tray
    const item = hand, from = item.from;
    hand = null;
    if (from && !refusal(item, cellsAt({ shape: from.shape }, from.at))) {
      item.shape = from.shape;
      putDown(item, from.at);
    }
  }

  function turn(how) {
    if (!hand) {
      note("Choose a block first: tap one of the blocks below the layers.", "refused");
      return;
    }
    hand.shape = normalise(hand.shape.map(TURNS[how]));
    draw();
  }

  function firstFit(item) {  // the first square, layer by layer in reading order, where it fits
    return combo.cells.find(p => !refusal(item, cellsAt(item, p))) || combo.cells[0];
  }

  function reset() {
    const used = {};  // blocks of one colour in a combination take its shades in turn
    tray = combo.pieces.map((name, i) => {
      const tones = PIECES[name].tones, colour = tones[0].fill;
      used[colour] = (used[colour] || 0) + 1;
      const tone = tones[(used[colour] - 1) % tones.length];
      return { i, name, tone, shape: normalise(PIECES[name].orientations[0]), at: null, pl: null, from: null };
    });
    hand = tray[0];
    cursor = null;
    clearHint();
    note("", "");
  }

  // --- pictures: the isometric view of cubes (render/iso.py's, drawn whole) ------------------

  const SLANT = Math.sqrt(3) / 2;
  const FACES = DATA.corners;  // top, front, right: each face's corners from its cube (iso.py)


  // Cubes seen from above their front right corner, painted back to front (a cube with a
  // greater layer + row + col is in front); `cubes` [[z, r, c], faces] with the faces' three
  // colours, on a `floor` of [row, col] squares; `edge` px per cube edge.
  function isoSvg(cubes, edge, floor = []) {
    const xy = ([z, r, c]) => [(c - r) * SLANT * edge, ((c + r) / 2 - z) * edge];
    const ground = floor.map(([r, c]) => FACES[0].map(([, dr, dc]) => xy([0, r + dr, c + dc])));
    const corners = ground.flat().concat(
      cubes.flatMap(([p]) => FACES.flat().map(d => xy(p.map((v, k) => v + d[k])))));
    const xs = corners.map(q => q[0]), ys = corners.map(q => q[1]);
    const x0 = Math.min(...xs) - 2, y0 = Math.min(...ys) - 2;
    const w = Math.max(...xs) - x0 + 2, h = Math.max(...ys) - y0 + 2;
    const svg = el(null, "svg", { viewBox: [x0, y0, w, h].map(v => v.toFixed(1)).join(" "),
      width: Math.round(w), height: Math.round(h), "aria-hidden": "true" });
    for (const square of ground) {
      el(svg, "path", { d: "M" + square.map(q => q.map(v => v.toFixed(1)).join(" ")).join("L") + "Z",
        fill: "#f0f0f0", stroke: "#9a9a9a", "stroke-width": 0.8 });
    }
    const order = cubes.slice().sort((a, b) => a[0].reduce((s, v) => s + v, 0) - b[0].reduce((s, v) => s + v, 0));
    for (const [p, faces] of order) {
      FACES.forEach((corner, f) => {
        const d = corner.map(q => xy(p.map((v, k) => v + q[k])).map(v => v.toFixed(1)).join(" "));
        el(svg, "path", { d: "M" + d.join("L") + "Z", fill: faces[f], stroke: "#222",
          "stroke-width": Math.max(0.8, edge / 18), "stroke-linejoin": "round" });
      });
    }
    return svg;
  }

  const blockSvg = (item, edge = 22) => isoSvg(item.shape.map(p => [p, item.tone.faces]), edge);

  // --- drawing the board -----------------------------------------------------------------------

  function cellSize() {  // the layers side by side when their squares stay easy to tap
    const room = ($("p-layers").clientWidth || 320) - 12 * (combo.levels - 1);
    const side = Math.floor((room / combo.levels - 6) / combo.width);
    return Math.min(46, side >= 28 ? side : Math.floor((room - 6) / combo.width));
  }

  function owner(p) {
    return placed().find(it => it.pl.cells.some(q => key(q) === key(p))) || null;
  }

  function drawLayers() {
    const host = $("p-layers");
    host.textContent = "";
    const cell = cellSize(), pad = 3;
    for (let z = 0; z < combo.levels; z++) {
      const fig = document.createElement("figure");
      fig.className = "layer";
      const cap = document.createElement("figcaption");
      cap.textContent = "Layer " + (z + 1) + (z === 0 ? " (bottom)" : z === combo.levels - 1 ? " (top)" : "");
      fig.appendChild(cap);
      const w = combo.width * cell + 2 * pad, h = combo.height * cell + 2 * pad;
      const svg = el(fig, "svg", { viewBox: "0 0 " + w + " " + h, width: w, height: h, "data-layer": z,
        role: "img", "aria-label": "layer " + (z + 1) + " of the figure" });
      const mine = combo.cells.filter(p => p[0] === z);
      const inLayer = new Set(mine.map(key));
      let edge = "";
      for (const p of mine) {
        const [, r, c] = p, x = pad + c * cell, y = pad + r * cell;
        const it = owner(p);
        const g = el(svg, "g", { class: "cell" + (it ? " filled" : ""), "data-cell": key(p) });
        el(g, "rect", { x, y, width: cell, height: cell, fill: it ? it.tone.fill : "#fff", stroke: "#bbb" });
        if (it) {
          const t = el(g, "text", { x: x + cell / 2, y: y + cell * 0.68, "text-anchor": "middle",
            "font-size": cell * 0.5, "font-weight": "bold", fill: it.tone.ink });
          t.textContent = codeOf(it.name);
        }
        const side = (dr, dc) => !inLayer.has(key([z, r + dr, c + dc]));
        if (side(-1, 0)) edge += "M" + x + " " + y + "h" + cell;
        if (side(1, 0)) edge += "M" + x + " " + (y + cell) + "h" + cell;
        if (side(0, -1)) edge += "M" + x + " " + y + "v" + cell;
        if (side(0, 1)) edge += "M" + (x + cell) + " " + y + "v" + cell;
      }
      el(svg, "path", { d: edge, stroke: "#222", "stroke-width": 2.5, "stroke-linecap": "square", fill: "none",
        "pointer-events": "none" });
      el(svg, "g", { class: "marks", "pointer-events": "none" });
      svg.dataset.cell = cell;
      svg.dataset.pad = pad;
      host.appendChild(fig);
    }
  }

  function mark(cells, style) {  // outlined squares over the layers (hints, where a block would go)
    for (const svg of $("p-layers").querySelectorAll("svg")) {
      const z = Number(svg.dataset.layer), cell = Number(svg.dataset.cell), pad = Number(svg.dataset.pad);
      const g = svg.querySelector("g.marks");
      for (const [p, fill, label] of cells) {
        if (p[0] !== z || !combo.inFigure.has(key(p))) continue;  // the words tell of the rest
        const x = pad + p[2] * cell, y = pad + p[1] * cell;
        el(g, "rect", { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, fill, "fill-opacity": 0.5,
          stroke: style.stroke, "stroke-width": 2, "stroke-dasharray": "5 3", class: style.cls });
        if (label) {
          const t = el(g, "text", { x: x + cell / 2, y: y + cell * 0.66, "text-anchor": "middle",
            "font-size": cell * 0.42, fill: "#222", class: style.cls });
          t.textContent = label;
        }
      }
    }
  }

  function unmark(cls) {
    for (const e of $("p-layers").querySelectorAll("g.marks ." + cls)) e.remove();
  }

  function ghost(cells, fits) {  // where the hand's block would go: outlined, red when refused
    unmark("ghost");
    if (!hand || !cells) return;
    mark(cells.map(p => [p, fits ? hand.tone.fill : "#e53935", codeOf(hand.name)]),
      { stroke: fits ? "#222" : "#b00020", cls: "ghost" });
  }

  function showGhost(at) {
    $("p-layers").dataset.cursor = cursor ? key(cursor) : "";
    if (!hand) return;
    const cells = cellsAt(hand, at);
    ghost(cells, !refusal(hand, cells));
  }

  function drawTray() {
    const host = $("p-blocks");
    const focused = host.contains(document.activeElement) ? document.activeElement.dataset.i : null;
    host.textContent = "";
    for (const it of tray) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pb" + (it === hand ? " chosen" : "") + (it.at ? " placed" : "");
      b.dataset.piece = it.name;
      b.dataset.i = it.i;
      b.setAttribute("aria-pressed", String(it === hand));
      b.setAttribute("aria-label", "block " + it.name + (it.at ? ", placed: press to pick it up" : it === hand ? ", chosen" : ""));
      b.appendChild(blockSvg(it, 13));
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = it.name + (it.at ? " ✓" : "");
      b.appendChild(name);
      b.addEventListener("click", e => choose(it, e.detail === 0));
      host.appendChild(b);
      if (String(it.i) === focused) b.focus();  // drawing replaced the button that had the focus
    }
  }

  function drawHand() {  // the chosen block seen whole, and layer by layer with its marked cube
    const view = $("p-hand-view");
    view.textContent = "";
    const said = $("p-hand-name");
    if (!hand) {
      said.textContent = tray.every(it => it.at) ? "Every block is placed." : "Choose a block.";
      return;
    }
    const whole = view.appendChild(blockSvg(hand));
    whole.dataset.shape = UbongoPractice.shapeKey(hand.shape);
    const levels = 1 + Math.max(...hand.shape.map(p => p[0]));
    const a = anchor(hand.shape), cell = 16;
    for (let z = 0; z < levels; z++) {
      const fig = document.createElement("figure");
      fig.className = "block-layer";
      const mine = hand.shape.filter(p => p[0] === z);
      const w = 1 + Math.max(...hand.shape.map(p => p[2])), h = 1 + Math.max(...hand.shape.map(p => p[1]));
      const svg = el(fig, "svg", { viewBox: [-1, -1, w * cell + 2, h * cell + 2].join(" "), width: w * cell + 2,
        height: h * cell + 2, "aria-hidden": "true" });
      for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {  // the block's box, so places read
        el(svg, "rect", { x: c * cell, y: r * cell, width: cell, height: cell, fill: "#fff", stroke: "#ddd" });
      }
      for (const [, r, c] of mine) {
        el(svg, "rect", { x: c * cell, y: r * cell, width: cell, height: cell, fill: hand.tone.fill, stroke: "#222" });
      }
      if (z === 0) el(svg, "circle", { cx: (a[2] + 0.5) * cell, cy: (a[1] + 0.5) * cell, r: cell / 4, fill: "#111",
        stroke: "#fff", "stroke-width": 1.5 });
      const cap = document.createElement("figcaption");
      cap.textContent = z === 0 ? "bottom" : z === levels - 1 ? "top" : "middle";
      fig.appendChild(cap);
      view.appendChild(fig);
    }
    said.textContent = "Block " + hand.name + ": tap a square of a layer (or drag the block there) to put the dotted square of its bottom on it.";
  }

  function drawBuild() {  // the blocks placed so far, seen whole, on the figure's footprint
    const host = $("p-build");
    host.textContent = "";
    const floor = combo.cells.filter(p => p[0] === 0).map(([, r, c]) => [r, c]);
    host.appendChild(isoSvg(placed().flatMap(it => it.pl.cells.map(p => [p, it.tone.faces])), 16, floor));
  }

  function draw() {
    drawLayers();
    drawTray();
    drawHand();
    drawBuild();
    if (hintShown) showHint(hintShown);
    if (hand && cursor) showGhost(cursor);
  }

  // --- playing --------------------------------------------------------------------------------

  function note(text, cls) {  // what the page says about the last move (refusals in red)
    const p = $("p-note");
    p.textContent = text;
    p.className = cls || "";
  }

  function changed() {  // the board changed: the hint is spent, the status follows the board
    clearHint();
    draw();
    if (solved()) UbongoPractice.won();
    else if (!UbongoPractice.timeIsUp()) status(placed().length + " of " + tray.length + " blocks placed");
  }

  function choose(item, byKeys) {  // a tray button: choose a block, or pick a placed one up
    if (item.at) {
      pickUp(item);
      changed();
    } else {
      item.from = null;
      hand = item;
      draw();
    }
    note("", "");
    if (byKeys) {  // the keyboard carries the block over the layers from its first fit
      cursor = (item.from && item.from.at) || firstFit(item);
      showGhost(cursor);
      $("p-layers").focus();
    }
  }

  function tapped(p) {  // a square of a layer tapped: pick up the block there, or put one down
    if (owner(p)) {
      pickUp(owner(p));
      changed();
      note("Picked up " + hand.name + ": tap where it goes.", "");
    } else if (hand) {
      if (putDown(hand, p)) changed();
    } else {
      note("Choose a block first: tap one of the blocks below the layers.", "refused");
    }
  }

  const cellOf = e => {  // the square of a layer under a pointer event, or null
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const g = under && under.closest && under.closest("#p-layers g.cell");
    return g ? g.dataset.cell.split(",").map(Number) : null;
  };

  function drag(e) {  // the chosen block dragged from its picture and dropped on a square, as a tap
    if (!hand) return;
    e.preventDefault();
    const view = $("p-hand-view");
    try { view.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
    const move = ev => { const p = cellOf(ev); if (p) showGhost(p); else ghost(null); };
    const drop = ev => {
      for (const [type, f] of [["pointermove", move], ["pointerup", drop], ["pointercancel", drop]]) view.removeEventListener(type, f);
      const p = ev.type === "pointerup" ? cellOf(ev) : null;
      if (p && putDown(hand, p)) changed();
      else if (!p) ghost(null);
    };
    for (const [type, f] of [["pointermove", move], ["pointerup", drop], ["pointercancel", drop]]) view.addEventListener(type, f);
  }

  $("p-layers").addEventListener("click", e => { const p = cellOf(e); if (p) tapped(p); });
  $("p-hand-view").addEventListener("pointerdown", drag);
  $("p-layers").addEventListener("pointermove", e => {
    const p = cellOf(e);
    if (p && e.pointerType === "mouse") showGhost(p);
  });
  $("p-layers").addEventListener("pointerleave", () => { if (!cursor) ghost(null); });

  const STEPS = { arrowup: [0, -1, 0], arrowdown: [0, 1, 0], arrowleft: [0, 0, -1], arrowright: [0, 0, 1],
    pageup: [1, 0, 0], pagedown: [-1, 0, 0] };

  function keyboard(k) {  // true when the key moved, put down or put back the hand's block
    if (!hand) return false;
    if (k in STEPS) {
      const q = (cursor || firstFit(hand)).map((v, a) => v + STEPS[k][a]);
      const top = [combo.levels - 1, combo.height - 1, combo.width - 1];
      cursor = q.map((v, a) => Math.max(0, Math.min(top[a], v)));
      showGhost(cursor);
    } else if (k === "enter" || k === " ") {
      if (putDown(hand, cursor || firstFit(hand))) {
        cursor = hand ? firstFit(hand) : null;  // the next block, ready to be carried
        changed();
      }
    } else if (k === "escape") {
      putBack();
      cursor = null;
      changed();
    } else {
      return false;
    }
    return true;
  }

  UbongoPractice.controls(level => showHint(hint(level)), (k, e) => {
    if (k in TURN_KEYS) {
      e.preventDefault();
      turn(TURN_KEYS[k]);
    } else if (document.activeElement === $("p-layers") && keyboard(k)) {
      e.preventDefault();  // the block moved: the page does not scroll
    }
  });

  for (const [how, id] of [["spin", "p-spin"], ["tip", "p-tip"], ["roll", "p-roll-side"]]) {
    $(id).addEventListener("click", () => turn(how));
  }
  $("p-clear").addEventListener("click", () => { reset(); changed(); });

  // --- hints on screen: they stay until the board changes ------------------------------------

  function clearHint() {
    hintShown = null;
    $("p-hint").textContent = "";
    unmark("hinted");
  }

  function showHint(h) {
    hintShown = h;
    $("p-hint").textContent = UbongoPractice.message(h, placed().length);
    unmark("hinted");
    const mine = new Set(placements().flatMap(pl => pl.cells.map(key)));
    const cells = [];
    for (const [ch, p] of UbongoPractice.hintCodes(h)) {
      if (!mine.has(key(p))) cells.push([p, tray.find(x => codeOf(x.name) === ch).tone.fill, ch]);
    }
    mark(cells, { stroke: "#222", cls: "hinted" });
  }

  const hint = level => UbongoPractice.hint(combo, placements(), level);

  // --- choosing a combination, the scripting hook (window.ubongo, practice_core.js) ----------

  function show(template, side, face) {
    combo = UbongoPractice.load(template, side, face);
    reset();
    draw();
    UbongoPractice.chosen(combo);
  }

  function put(item, cells) {  // a block put down by the hook on cells it has checked
    item.shape = normalise(cells);
    putDown(item, anchor(cells));
    changed();
  }

  let wide = null;
  window.addEventListener("resize", () => {
    const now = cellSize();
    if (combo && now !== wide) { wide = now; draw(); }
  });
  UbongoPractice.attach({
    show, solved, put, placements, combo: () => combo,
    free: name => tray.find(it => it.name === name && !it.at),
    clear() { reset(); changed(); },
  });
  wide = cellSize();
})();
