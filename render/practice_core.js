// What the practice boards (practice.js for squares, practice_plane.js for hexagons and
// triangles, practice3d.js for cubes) share: the page data read into combinations; hints
// computed from the tilings the page holds, mirroring solver/hints.py step by step so that a
// board's window.ubongo.hint(level) is the object `ubongo hint --json` prints for the same
// board (tests/test_browser.py and test_browser3d.py compare them); what surrounds a board:
// the status line, the sand timer, the choice of combination and the scripting hook
// window.ubongo (docs/FORMAT.md); and the play of a board of flat pieces (`flat`).
// A cell is [row, col] of the figure as printed (row 0 at the top), or [layer, row, col] on
// cubes (layer 0 the bottom): every function here takes points of either length. Hexagons and
// triangles (practice_plane.js) are the lattice's points, [r, q] and [row, column, kind]
// (solver/lattice.py): SPOT and AT turn them into the text form's rows and columns and back.
"use strict";
const UbongoPractice = (function () {
  const TAP = 6;  // px a press may move and still be a tap (a tap on the chosen piece turns it)
  const TRAY = 0.6;  // a flat board's tray scale: pieces drawn smaller, full size once picked up
  const DATA = JSON.parse(document.getElementById("ubongo-data").textContent);
  const PIECES = DATA.pieces;
  const LAYERED = DATA.space === "cube";
  const half = v => Math.floor(v / 2);  // Python's // 2, also below 0
  const SPOT = {  // Lattice.spot: where a cell stands in the text form
    hex: p => [p[0], p[1] + half(p[0])],
    tri: p => [p[0], 2 * p[1] - p[0] + p[2] - 1],
  }[DATA.space] || (p => p);
  const AT = {  // Lattice.at: the cell at a text row and column
    hex: (r, c) => [r, c - half(r)],
    tri: (r, c) => { const k = 1 + ((r + c) % 2 + 2) % 2; return [r, half(c + r - k + 1), k]; },
  }[DATA.space] || ((r, c) => [r, c]);
  const SPOT_SPACES = { hex: 1, tri: 1 };
  const PERIOD = { hex: [2, 1], tri: [2, 2] }[DATA.space] || [1, 1];  // Lattice.period
  const mod = (v, m) => ((v % m) + m) % m;

  // the SVG namespace, as the HTML parser gives it (the page holds no address, not even this)
  const SVG = (() => { const d = document.createElement("div"); d.innerHTML = "<svg></svg>"; return d.firstChild.namespaceURI; })();

  function el(parent, tag, attrs) {  // an SVG element with these attributes, in `parent` if given
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  // --- points and shapes --------------------------------------------------------------------

  const cmp = (a, b) => {  // points compared as Python compares tuples
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return 0;
  };
  const key = p => p.join(",");
  const shapeKey = cells => cells.map(key).join(";");
  function normalise(cells) {  // every coordinate's least value 0, sorted (a triangle's kind
    // is kept, a turned one's brought back by 3: Triangles.normalise)
    const low = cells[0].map((_, a) => Math.min(...cells.map(p => p[a])));
    if (DATA.space === "tri") low[2] = cells[0][2] < 0 ? -3 : 0;
    return cells.map(p => p.map((v, a) => v - low[a])).sort(cmp);
  }
  const sorted = cells => cells.map(p => p.slice()).sort(cmp);
  // cells moved by a translation [dr, dc] (a triangle keeps its kind)
  const moved = (cells, at) => cells.map(p => p.map((v, a) => v + (a < 2 ? at[a] : 0)));
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
  const codeOf = name => PIECES[name].code;

  // --- combinations -------------------------------------------------------------------------

  function findSide(template, side) {
    const t = DATA.templates.find(x => x.id === String(template));
    if (!t) throw new Error("unknown template " + JSON.stringify(template));
    const s = t.sides.find(x => x.side === String(side));
    if (!s) throw new Error("template " + t.id + " has no side " + JSON.stringify(side));
    return [t, s];
  }

  function* places(rows) {  // [character, [layer, row, col]] of text rows, layers parted by "--"
    let layer = 0, r = 0;
    for (const row of rows) {
      if (row === "--") { layer++; r = 0; continue; }
      for (const [c, ch] of [...row].entries()) yield [ch, [layer, r, c]];
      r++;
    }
  }

  function* hintCodes(h) {  // [code, place] of the pieces a hint draws: level 2's picture, level 3's solution
    const pic = h.level === 3 ? h.solution : h.level === 2 ? h.picture : [];
    for (const [ch, p] of places(pic)) if (ch !== "." && ch !== "#") yield [ch, p];
  }

  function figureCells(rows) {  // a figure's rows (layers parted by "--") as sorted cells
    const cells = [];
    for (const [ch, [layer, r, c]] of places(rows)) if (ch === "#") cells.push(LAYERED ? [layer, r, c] : AT(r, c));
    return DATA.space in SPOT_SPACES ? normalise(cells) : cells.sort(cmp);  // Figure.from_cells
  }

  function load(template, side, face) {  // one combination: figure, pieces, decoded tilings
    const [t, s] = findSide(template, side);
    const f = s.faces.find(x => x.face === String(face));
    if (!f) throw new Error("side " + t.id + " " + s.side + " has no die face " + JSON.stringify(face));
    const cells = figureCells(s.figures[f.figure]);
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
      template: t.id, side: s.side, face: f.face, figure: f.figure, cells,
      regions: ((s.regions || [])[f.figure] || []).map(r => ({ name: r.name, cells: r.cells, keys: new Set(r.cells.map(key)) })),
      inFigure: new Set(cells.map(key)), ...textBox(cells),
      pieces: f.pieces, complete: f.complete, solutions,
    };
  }

  function textBox(cells) {  // the text form's box as solver.cells.draw takes it: shifted by whole periods only
    const spots = cells.map(SPOT);
    const top = Math.min(...spots.map(p => p[0])), left = Math.min(...spots.map(p => p[1]));
    const origin = [top - mod(top, PERIOD[0]), left - mod(left, PERIOD[1])];
    const span = a => 1 + Math.max(...(LAYERED ? cells : spots.map(p => [p[0] - origin[0], p[1] - origin[1]])).map(p => p[a]));
    const d = LAYERED ? 3 : 2;
    return { levels: d === 3 ? span(0) : 1, height: span(d - 2), width: span(d - 1), origin };
  }

  function roll(template, side) {  // a die thrown: the face of the side's row it asks for
    const faces = findSide(template, side)[1].faces;
    const thrown = DATA.die.filter(x => faces.some(f => f.rolls.includes(x)));
    const face = thrown[Math.floor(Math.random() * thrown.length)];
    return faces.find(f => f.rolls.includes(face)).face;
  }

  // A placement: piece name, sorted cells, and two identities: `id` (name and cells, as
  // Python's Placement compares) and `shape` (the piece's shape and cells: copies agree).
  function placement(name, cells) {
    const cs = sorted(cells);
    const s = shapeKey(cs);
    return { piece: name, cells: cs, id: name + "|" + s, shape: PIECES[name].key + "|" + s };
  }

  // What window.ubongo.place(piece, cells) may put down: the cells as numbers, or an Error
  // that says why not (`free`, a tray item of the piece not yet placed, or none).
  function placeable(combo, name, cells, free, used) {
    if (!combo.pieces.includes(name)) throw new Error(name + " is not in this combination: " + combo.pieces.join(", "));
    if (!free) throw new Error(name + " is placed as often as the combination holds it");
    const cs = (cells || []).map(p => p.map(Number));
    if (!cs.length || cs.some(p => p.length !== DATA.dims) || !isShapeOf(name, cs) || new Set(cs.map(key)).size !== cs.length) {
      throw new Error(JSON.stringify(cells) + " do not form " + name + " in any turn");
    }
    if (!cs.every(p => combo.inFigure.has(key(p)))) throw new Error(JSON.stringify(cells) + " leave the figure");
    if (cs.some(p => used.has(key(p)))) throw new Error(JSON.stringify(cells) + " cover a placed piece");
    return cs;
  }

  // --- hints: solver/hints.py, function by function ------------------------------------------

  function rows(combo, placements) {  // solution_rows: '#' empty figure cells, '.' outside
    const layers = Array.from({ length: combo.levels }, () =>
      Array.from({ length: combo.height }, () => Array(combo.width).fill(".")));
    const at = p => { if (LAYERED) return p; const [r, c] = SPOT(p); return [0, r - combo.origin[0], c - combo.origin[1]]; };
    for (const p of combo.cells) { const [z, r, c] = at(p); layers[z][r][c] = "#"; }
    for (const pl of placements) for (const p of pl.cells) { const [z, r, c] = at(p); layers[z][r][c] = codeOf(pl.piece); }
    return layers.map(layer => layer.map(row => row.join(""))).reduce((out, l) => (out.length ? out.concat(["--"], l) : l), []);
  }

  function parsed(combo, placed) {  // parse_board then _in_order: what the library reads back
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

  function takeBack(combo, placed) {  // _take_back: the fewest pieces to remove, smallest first
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
  // puzzle (solver/bitboard.py): depth first on the lowest empty cell, read with the longest
  // axis of the empty cells' box slowest (frame_for), at each cell the free pieces in puzzle
  // order, each piece's orientations in their order; copies of one shape go down in puzzle
  // order. So a tiling's place in the listing is the lexicographic order of its (piece
  // position, orientation) pairs taken by lowest cell. When the axes' new order is no turn of
  // the lattice (DATA.turns), the engine keeps each orientation's place in the lattice's list.
  function restSolutions(combo, kept, full) {
    const todo = combo.pieces.slice();
    for (const pl of kept) todo.splice(todo.indexOf(pl.piece), 1);
    const keptShapes = new Set(kept.map(pl => pl.shape));
    const rests = full.map(t => t.filter(pl => !keptShapes.has(pl.shape)));
    if (!rests.length || !rests[0].length) return [[]];
    const empty = rests[0].flatMap(pl => pl.cells);
    const spans = empty[0].map((_, a) => 1 + Math.max(...empty.map(p => p[a])) - Math.min(...empty.map(p => p[a])));
    const axes = spans.map((_, a) => a).sort((a, b) => spans[b] - spans[a] || a - b);
    const asIs = DATA.turns.some(t => key(t) === key(axes));
    const scan = p => axes.map(a => p[a]);
    const low = pl => pl.cells.map(scan).sort(cmp)[0];
    const listed = rests.map(rest => {
      const byLow = rest.slice().sort((a, b) => cmp(low(a), low(b)));
      const taken = new Set();
      const steps = byLow.map(pl => {
        const k = PIECES[pl.piece].key;
        const pos = todo.findIndex((n, i) => !taken.has(i) && PIECES[n].key === k);
        taken.add(pos);
        const name = todo[pos];
        const o = ORIENT[name].get(shapeKey(normalise(asIs ? pl.cells.map(scan) : pl.cells)));
        return { pos, o, pl: placement(name, pl.cells) };
      });
      const order = steps.flatMap(s => [s.pos, s.o]);
      return { order, tiling: steps.sort((a, b) => a.pos - b.pos).map(s => s.pl) };
    });
    listed.sort((a, b) => (lexLess(a.order, b.order) ? -1 : lexLess(b.order, a.order) ? 1 : 0));
    return listed.map(x => x.tiling);
  }

  function fits(name, cells, left) {  // _place_count: every orientation anchored at every empty cell
    let n = 0;
    for (const o of PIECES[name].orientations) {
      const anchor = o[0];
      for (const p of cells) {
        if (o.every(q => left.has(key(q.map((v, a) => p[a] + v - anchor[a]))))) n++;
      }
    }
    return n;
  }

  function choose(combo, kept, found) {  // _choose, the listing being exhaustive
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

  function regionName(combo, cells) {  // region_name: the region first when there are several
    const part = combo.regions.find(r => cells.every(p => r.keys.has(key(p))));
    const at = cs => (LAYERED ? cs : cs.map(SPOT));  // thirds of the text form's box
    const whole = LAYERED ? [0, 0, combo.height, combo.width] : boxOf(at(combo.cells));
    if (!part) return placed(cells, thirds(at(cells), whole), combo);
    if (cells.length === part.cells.length) return part.name + " region";
    return part.name + " region, " + placed(cells, thirds(at(cells), boxOf(at(part.cells))), combo);
  }

  function thirds(cells, [top, left, height, width]) {  // regions.thirds, on the footprint
    const d = cells[0].length;
    const cr = cells.reduce((s, p) => s + p[d - 2] - top + 0.5, 0) / cells.length / height;
    const cc = cells.reduce((s, p) => s + p[d - 1] - left + 0.5, 0) / cells.length / width;
    const v = ["top", "", "bottom"][Math.min(2, Math.floor(cr * 3))];
    const h = ["left", "", "right"][Math.min(2, Math.floor(cc * 3))];
    return [v, h].filter(x => x).join("-") || "middle";
  }

  function boxOf(cells) {  // regions.box: top, left, height, width of the footprint
    const d = cells[0].length;
    const rs = cells.map(p => p[d - 2]), cs = cells.map(p => p[d - 1]);
    const top = Math.min(...rs), left = Math.min(...cs);
    return [top, left, Math.max(...rs) - top + 1, Math.max(...cs) - left + 1];
  }

  function placed(cells, flat, combo) {  // _placed: with the layers taken, on cubes
    return !LAYERED ? flat : flat + ", " + layersTaken([...new Set(cells.map(p => p[0]))], combo.levels);
  }

  function layersTaken(levels, count) {  // _layers_taken
    if (levels.length === 1) {
      const z = levels[0];
      return z === 0 ? "bottom layer" : z === count - 1 ? "top layer" : "layer " + (z + 1);
    }
    if (levels.length === 2 && count === 2) return "both layers";
    return "layers " + (Math.min(...levels) + 1) + " to " + (Math.max(...levels) + 1);
  }

  function hint(combo, placedNow, level) {  // hint(): the board given as placements
    if (![1, 2, 3].includes(level)) throw new Error("hint level " + level + "; expected 1, 2 or 3");
    if (!combo.complete) throw new Error("no hint in the page for so large a puzzle: ask ubongo hint");
    const placed = parsed(combo, placedNow);
    const [kept, back, full] = takeBack(combo, placed);
    const found = restSolutions(combo, kept, full);
    // all tilings of the figure are in the page, so all of the empty cells' are listed
    const [chosen, forced] = choose(combo, kept, found);
    const through = found.find(t => chosen === null || t.some(pl => pl.id === chosen.id));
    const shown = chosen ? kept.concat([chosen]) : kept;
    const out = {
      level,
      completable: back.length === 0,
      piece: chosen ? chosen.piece : null,
      area: chosen ? regionName(combo, chosen.cells) : null,
      forced,
      cells: chosen && level >= 2 ? sorted(chosen.cells) : null,
      picture: level >= 2 ? rows(combo, shown) : null,
      solution: level >= 3 ? rows(combo, kept.concat(through)) : null,
    };
    if (back.length) out.take_back = back;
    return out;
  }

  function message(h, placedCount) {  // Hint.message
    const out = [];
    const named = n => n + " (" + codeOf(n) + ")";
    if (h.take_back) out.push("This board cannot be completed: take back " + h.take_back.map(named).join(" and ") + ".");
    if (h.piece === null) out.push("The board is complete.");
    else if (h.level === 3) out.push("A solution:");
    else {
      const verb = h.take_back ? "Then place" : "Place";
      const when = placedCount - (h.take_back ? h.take_back.length : 0) ? "next" : "first";
      const where = h.level === 1 ? whereWords(h.area) : "as drawn";
      out.push(verb + " " + named(h.piece) + " " + when + ", " + where + (h.forced ? "; it lies there in every solution" : "") + ".");
    }
    return out.join(" ");
  }

  function whereWords(region) {  // _where and layer_words
    const cut = region.indexOf(", ");
    const head = cut < 0 ? region : region.slice(0, cut), rest = cut < 0 ? undefined : region.slice(cut + 2);
    if (head.endsWith(" region")) return "in the " + head + (rest === undefined ? "" : ", " + whereWords(rest));
    const words = head.includes("-") ? "in the " + head + " corner"
      : { top: "at the top", bottom: "at the bottom", middle: "in the middle" }[head] || "on the " + head;
    if (rest === undefined) return words;
    return words + ", " + (rest.endsWith(" layer") ? "in the " + rest : "in " + rest);
  }


  // --- around either board: status line, sand timer, the choice of combination --------------

  const $ = id => document.getElementById(id);
  let board = null;  // the board on the page: {show(template, side, face), solved(), combo()}
  let timer = null, started = 0;

  function status(text, cls) {
    const p = $("p-status");
    p.textContent = text;
    p.className = cls || "";
  }

  const timeIsUp = () => $("p-status").classList.contains("lost");

  function say(words) {  // the hint's words, smaller where their line does not hold them (html.py)
    const p = $("p-hint");
    p.textContent = words;
    p.classList.remove("long");
    if (p.scrollHeight > p.clientHeight + 1) p.classList.add("long");
  }

  function won() {  // "Ubongo!", honest about a sand timer that ran out first
    const seconds = started ? Math.round((Date.now() - started) / 1000) : null;
    const took = seconds !== null ? " in " + seconds + " s" : "";
    const late = timer === null && $("p-timer-on").checked && timeIsUp() ? ", after the time ran out" : "";
    stopTimer();
    status("Ubongo!" + took + late, "won");
    tell("won", { seconds });
  }

  // what other parts of the page (daily.js) follow: "ubongo:shown", "ubongo:won", "ubongo:hint"
  const tell = (what, detail) => document.dispatchEvent(new CustomEvent("ubongo:" + what, { detail }));

  function stopTimer() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function startTimer() {
    stopTimer();
    const out = $("p-timer");
    out.textContent = "";
    started = Date.now();
    if (!$("p-timer-on").checked) return;
    const total = Math.max(1, Number($("p-seconds").value) || 60);
    const tick = () => {
      const left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      out.textContent = left + " s";  // the hourglass is drawn by CSS: no emoji font needed
      if (!left) {
        stopTimer();
        if (!board.solved()) status("Time is up!", "lost");
      }
    };
    tick();
    timer = setInterval(tick, 250);
  }

  function fill(select, values, value) {
    select.textContent = "";
    for (const v of values) {
      const o = document.createElement("option");
      o.value = o.textContent = v;
      select.appendChild(o);
    }
    if (value !== undefined && values.includes(String(value))) select.value = String(value);
  }

  function chosen(combo) {  // the controls show the combination on the board; its timer starts
    if (!combo.own) {  // a card drawn in the page (owncard.js) is on no template
      const [t, s] = findSide(combo.template, combo.side);
      fill($("p-template"), DATA.templates.map(x => x.id), combo.template);
      fill($("p-side"), t.sides.map(x => x.side), combo.side);
      fill($("p-face"), s.faces.map(f => f.face), combo.face);
    }
    const none = combo.complete && !combo.solutions.length;
    const what = LAYERED ? "blocks" : "pieces";
    const place = (combo.own ? "Your card: place the " : "Place the ") + what + ": ";
    status(none ? "This combination has no tiling." : place + combo.pieces.join(" "), none ? "lost" : "");
    startTimer();
    tell("shown", { template: combo.template, side: combo.side, face: combo.face });
  }

  function fromControls(what) {
    const now = board.combo();
    const t = DATA.templates.find(x => x.id === $("p-template").value);
    const side = what === "template"
      ? (t.sides.find(s => s.side === now.side) || t.sides[0]).side : $("p-side").value;
    const faces = t.sides.find(s => s.side === side).faces;
    const face = what === "face"
      ? $("p-face").value : (faces.find(f => f.face === now.face) || faces[0]).face;
    board.show(t.id, side, face);
  }

  // What every board wires alike: the hint buttons ask `ask(level)` (an error's words shown
  // as the hint), and a key pressed outside the choice's fields, without Ctrl, Alt or Meta,
  // goes lowercased to `onKey(k, e)`.
  function controls(ask, onKey) {
    document.querySelectorAll("#practice .p-hint").forEach(x => x.addEventListener("click", () => {
      try {
        ask(Number(x.getAttribute("data-level")));
      } catch (err) {
        say(err.message);
      }
    }));
    document.addEventListener("keydown", e => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.target.closest && e.target.closest("input, select, textarea")) return;
      onKey(e.key.toLowerCase(), e);
    });
  }

  // The board takes the controls and the scripting hook, and shows the first combination.
  // `b`: show(template, side, face), play(combo) (a combination made in the page), combo(), solved(), placements(), free(name) (a tray item
  // of the piece not yet down), put(item, cells) (cells checked here), clear().
  function attach(b) {
    board = b;
    $("p-template").addEventListener("change", () => fromControls("template"));
    $("p-side").addEventListener("change", () => fromControls("side"));
    $("p-face").addEventListener("change", () => fromControls("face"));
    $("p-roll").addEventListener("click", () => {
      const now = board.combo();
      const [t, s] = now.own ? [$("p-template").value, $("p-side").value] : [now.template, now.side];
      board.show(t, s, roll(t, s));
    });
    $("p-start").addEventListener("click", () => {
      const now = board.combo();
      if (now.own) board.play(now); else board.show(now.template, now.side, now.face);
    });
    $("p-timer-on").addEventListener("change", startTimer);
    window.ubongo = hook(b);
    const first = DATA.templates[0];
    board.show(first.id, first.sides[0].side, first.sides[0].faces[0].face);
  }

  function hook(b) {  // window.ubongo: docs/FORMAT.md, "The practice page"
    const text = () => rows(b.combo(), b.placements()).join("\n") + "\n";
    return {
      select(template, side, face) {
        b.show(template, side, face);
        const c = b.combo();
        return { template: c.template, side: c.side, face: c.face, pieces: c.pieces.slice() };
      },
      place(piece, cells) {
        const name = String(piece);
        const used = new Set(b.placements().flatMap(pl => pl.cells.map(key)));
        const item = b.free(name);
        b.put(item, placeable(b.combo(), name, cells, item, used));
        return text();
      },
      clear() { b.clear(); },
      board: text,
      hint: level => hint(b.combo(), b.placements(), level),
    };
  }

  const play = combo => board.play(combo);  // a card drawn in the page, on the board

  // --- a board of flat pieces: squares (practice.js), hexagons and triangles (practice_plane.js)

  // What both flat boards keep and do alike: the tray, the pieces placed, the chosen piece and
  // the one the keyboard carries, turns, hints that stay, the controls. A piece lies at `at`, a
  // translation [dr, dc] of its normalised shape. The board brings its lattice and drawing in
  // `own`: firstFit(item), inBox(item, at) (`at` moved as little as keeps the piece over the
  // figure's box), turns {rotate, flip} on a point, anchored(was, now, at) (where a turned
  // piece lies), arrows (the key names that carry a piece) and step(item, key) (the carried
  // piece's next `at`), paint() (the figure and every piece drawn anew), hinted(g, cell, name)
  // (one cell of a hint's target drawn in `g`); and for the pointer, in the board's own units (`unit` px each): point(e) where a pointer
  // event is, origin(item) where the piece's group is, dropAt(item, x, y) where a piece dropped
  // with its group at x, y lies (or null: back to the tray).
  function flat(own) {
    const b = { combo: null, tray: [], board: [], selected: null };
    // the hint on screen, the board it was asked on and its words (which count the pieces then)
    let hintShown = null, hintBoard = null, hintWords = "";
    const boardKey = () => b.board.map(x => x.pl.id).sort().join(" ");
    // a phone: the pieces go below the figure, where they stay big enough to drag
    const isNarrow = () => ($("p-board").clientWidth || window.innerWidth) < 480;

    function reset() {
      b.tray = b.combo.pieces.map((name, i) => ({ i, name, shape: normalise(PIECES[name].orientations[0]), at: null }));
      b.board = [];
      b.selected = null;
      clearHint();
      note("");
    }

    function occupied(except) {
      const s = new Set();
      for (const x of b.board) if (x.item !== except) for (const p of x.pl.cells) s.add(key(p));
      return s;
    }

    function fitsAt(item, at) {  // the piece's cells at `at`, or null where it cannot go
      const cells = moved(item.shape, at);
      const used = occupied(item);
      return cells.every(p => b.combo.inFigure.has(key(p)) && !used.has(key(p))) ? cells : null;
    }

    function putDown(item, at) {  // true when the piece now lies at `at`
      lift(item);
      const cells = fitsAt(item, at);
      if (!cells) return false;
      item.at = at;
      b.board.push({ item, pl: placement(item.name, cells) });
      return true;
    }

    function lift(item) {
      b.board = b.board.filter(x => x.item !== item);
      item.at = null;
    }

    function solved() {
      return b.board.reduce((n, x) => n + x.pl.cells.length, 0) === b.combo.cells.length;
    }

    function turn(how) {  // the chosen piece turned (own.turns), or left as it lay, with a word
      const item = b.selected;
      if (!item) return note("Choose a piece first, then turn it.");
      const was = item.shape, at = item.at;
      item.shape = normalise(was.map(own.turns[how]));
      note("");
      if (item.held) item.held = own.inBox(item, own.anchored(was, item.shape, item.held));
      else if (at && !putDown(item, own.anchored(was, item.shape, at))) {  // the board unchanged
        item.shape = was;
        putDown(item, at);
        note(item.name + " turned does not fit here: move it first.");
      }
      draw();
      if (!item.held) changed();
    }

    // the keyboard: a piece is carried over the figure cell by cell, then put down
    function pickUp(item) {  // carry the piece from where it lies, or from its first fit
      item.from = item.at;
      item.held = item.at || own.firstFit(item);
      lift(item);
    }

    function putBack(item) {  // a carried piece back where it was picked up (or to the tray)
      item.held = null;
      if (!(item.from && putDown(item, item.from))) lift(item);
    }

    function keyboard(k) {  // true when the key was a move of the selected piece
      const item = b.selected;
      note("");
      if (own.arrows.has(k)) {
        if (!item.held) pickUp(item);
        item.held = own.step(item, k);
      } else if (k === "enter" || k === " ") {
        if (!item.held) pickUp(item);
        else if (putDown(item, item.held)) item.held = null;
        else note(item.name + " does not fit there: move it, or Escape.");
      } else if (k === "escape" && item.held) {
        putBack(item);
      } else if (k === "delete" || k === "backspace") {
        item.held = null;
        lift(item);
      } else {
        return false;
      }
      draw();
      if (!item.held) changed();
      return true;
    }

    // the pointer: a press and release within TAP px is a tap (on the chosen piece, a turn); a
    // drag carries the piece full size, the point pressed staying under the pointer
    const scaleOf = item => (item.held || item.at ? 1 : TRAY);  // drawn smaller in the tray
    const translate = (x, y) => "translate(" + (x * own.unit).toFixed(2) + " " + (y * own.unit).toFixed(2) + ")";
    let drag = null;

    function group(svg, item, [x, y]) {  // the piece's group, at x, y; in the tray, scaled with its slot
      const where = item.held ? "carried, Enter to put down" : item.at ? "on the figure" : "in the tray";
      const g = el(svg, "g", { class: "pp" + (item === b.selected ? " selected" : "") + (item.at ? " placed" : "")
        + (item.held ? " dragging" : ""), "data-piece": item.name, "data-i": item.i,
        "data-shape": shapeKey(item.shape), tabindex: 0, role: "button",
        "aria-label": "piece " + item.name + ", " + where });
      if (item.at) g.setAttribute("data-at", key(item.at));
      if (item.held) g.setAttribute("data-held", key(item.held));
      const s = scaleOf(item), u = own.unit;
      g.setAttribute("transform", translate(x, y) + (s === 1 ? "" : " scale(" + s + ")"));
      if (s !== 1) {  // in the tray the whole slot takes the pointer: a target a finger hits
        const [sx, sy, e] = item.slot.map(v => v * u / s);
        el(g, "rect", { x: (sx - x * u / s).toFixed(2), y: (sy - y * u / s).toFixed(2), width: e.toFixed(2),
          height: e.toFixed(2), fill: "#fff", "fill-opacity": 0, class: "grip" });
      }
      handle(g, item);
      return g;
    }

    function handle(g, item) {  // the piece's group takes the pointer, a finger and the focus
      g.addEventListener("pointerdown", e => grab(e, item));
      // a finger on a piece drags it: Chromium ignores touch-action on an SVG group, so without
      // this the page pans and cancels the drag (the svg lets a swipe elsewhere scroll the page)
      g.addEventListener("touchstart", e => e.preventDefault(), { passive: false });
      g.addEventListener("focus", () => select(item));
      item.g = g;
    }

    function grab(e, item) {
      e.preventDefault();
      note("");
      const again = item === b.selected;  // a tap on the piece already chosen turns it
      select(item);
      const g = item.g, s = scaleOf(item);
      const [px, py] = own.point(e);
      const [x, y] = own.origin(item);
      const from = item.held ? item.from : item.at;  // where a tap leaves it
      item.held = null;  // the pointer takes over a piece the keyboard carried
      drag = { item, g, dx: (px - x) / s, dy: (py - y) / s, id: e.pointerId, from, again,
        x: px - (px - x) / s, y: py - (py - y) / s, cx: e.clientX, cy: e.clientY, moved: false };
      lift(item);
      g.classList.add("dragging");
      g.parentNode.appendChild(g);  // on top
      try { g.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
      g.addEventListener("pointermove", move);
      g.addEventListener("pointerup", drop);
      g.addEventListener("pointercancel", drop);
    }

    function move(e) {
      if (!drag || e.pointerId !== drag.id) return;
      if (Math.hypot(e.clientX - drag.cx, e.clientY - drag.cy) > TAP) drag.moved = true;
      if (!drag.moved) return;
      const [px, py] = own.point(e);
      drag.x = px - drag.dx;
      drag.y = py - drag.dy;
      drag.g.setAttribute("transform", translate(drag.x, drag.y));
    }

    function drop(e) {
      if (!drag || e.pointerId !== drag.id) return;
      move(e);
      const { item, x, y, from, again, moved } = drag;
      drag.g.removeEventListener("pointermove", move);
      drag.g.removeEventListener("pointerup", drop);
      drag.g.removeEventListener("pointercancel", drop);
      drag = null;
      // a tap, or a drag the browser took over: as it was
      const at = moved && e.type === "pointerup" ? own.dropAt(item, x, y) : from;
      if (at) putDown(item, at);
      draw();
      if (!moved && again && e.type === "pointerup") turn("rotate");
      else changed();
    }

    function select(item) {
      const carried = b.selected && b.selected !== item && b.selected.held ? b.selected : null;
      b.selected = item;
      if (carried) {  // choosing another piece puts the carried one back
        putBack(carried);
        draw();
        item.g.focus();
        changed();
      }
      for (const it of b.tray) if (it.g) it.g.classList.toggle("selected", it === item);
    }

    // status and hints: a hint and its words count the pieces on the board it was asked on
    function note(text) {  // what the page says about the last move (a refusal, a missing choice)
      $("p-note").textContent = text;
    }

    function changed() {  // after a move: a hint stays until the board it was asked on changes
      if (hintShown && boardKey() !== hintBoard) clearHint();
      if (solved()) won();
      else if (!timeIsUp()) status(b.board.length + " of " + b.combo.pieces.length + " pieces placed; left: "
        + b.tray.filter(it => !it.at).map(it => it.name).join(" "));
    }

    function clearHint() {
      hintShown = null;
      if ($("p-hint")) say("");
      const g = document.querySelector("#p-board g.phint");
      if (g) g.textContent = "";
    }

    function draw() {  // the board drawn anew, the focus and the hint kept
      const focused = b.selected && b.selected.g && document.activeElement === b.selected.g;
      own.paint();
      if (focused) b.selected.g.focus();  // drawing replaced the element that had the focus
      if (hintShown) drawHint(hintShown);
    }

    function drawHint(h) {  // the hint's words, and its dashed target on the figure's free cells
      say(hintWords);
      const g = document.querySelector("#p-board g.phint");
      g.textContent = "";
      const mine = new Set(b.board.flatMap(x => x.pl.cells.map(key)));
      const byKey = new Map(b.combo.cells.map(p => [key(SPOT(p)), p]));  // by place in the text form
      for (const [ch, [, r, c]] of hintCodes(h)) {
        const p = byKey.get(key([r + b.combo.origin[0], c + b.combo.origin[1]]));
        if (p && !mine.has(key(p))) own.hinted(g, p, b.combo.pieces.find(n => codeOf(n) === ch));
      }
    }

    function askHint(level) {  // a hint asked for on the board as it is now
      const h = hint(b.combo, b.board.map(x => x.pl), level);
      hintShown = h;
      hintBoard = boardKey();
      hintWords = message(h, b.board.length);
      drawHint(h);
      tell("hint", { level });
    }

    // the controls, the scripting hook, and the first combination
    function show(template, side, face) {
      play(load(template, side, face));
    }

    function play(c) {  // a combination of the set, or a card drawn in the page (owncard.js)
      b.combo = c;
      reset();
      draw();
      chosen(b.combo);
    }

    function put(item, cells) {  // a piece put down by the hook on cells it has checked
      item.shape = normalise(cells);
      const first = sorted(cells)[0];  // a translation keeps the order
      putDown(item, [first[0] - item.shape[0][0], first[1] - item.shape[0][1]]);
      draw();
      changed();
    }

    // The hint buttons sit in the sticky row of turns, in reach wherever the board is, where
    // the turns' line holds them too (a board 640 px wide: a landscape phone's); narrower, a
    // second line of buttons in the row would hide more of the board (a phone's lowest tray
    // pieces), so they go under it. The hint's words are in that row on both.
    function placeAsks() {
      const asks = $("p-asks"), inRow = asks.parentNode === $("p-turns");
      const roomy = ($("p-board").clientWidth || window.innerWidth) >= 640;
      if (roomy && !inRow) $("p-turns").insertBefore(asks, $("p-hint"));
      else if (!roomy && inRow) $("p-note").after(asks);
    }

    // On a phone (html.py's max-width: 480px) the status line rides in the sticky row, on the
    // line the hint's words take while a hint is shown: the row keeps its height, so a hint
    // covers no tray piece the player saw, and the board gains the status line's height.
    const phone = window.matchMedia("(max-width: 480px)");
    function placeStatus() {
      const s = $("p-status"), inRow = s.parentNode === $("p-turns");
      if (phone.matches && !inRow) $("p-turns").insertBefore(s, $("p-hint"));
      else if (!phone.matches && inRow) $("p-board").before(s);
    }

    function start() {  // the buttons and keys wired; the first combination shown
      $("p-rotate").addEventListener("click", () => turn("rotate"));
      $("p-flip").addEventListener("click", () => turn("flip"));
      const clear = () => { reset(); draw(); changed(); };
      $("p-clear").addEventListener("click", clear);
      const skip = document.querySelector("a.skip");
      if (skip) skip.addEventListener("click", e => {  // the first tab stop: straight to the pieces
        e.preventDefault();
        (b.tray.find(it => !it.at) || b.tray[0]).g.focus();
      });
      controls(askHint, (k, e) => {
        if (k === "r" || k === "f") {
          e.preventDefault();
          turn(k === "r" ? "rotate" : "flip");
        } else if (b.selected && b.selected.g && document.activeElement === b.selected.g && keyboard(k)) {
          e.preventDefault();  // the piece moved: the page does not scroll
        }
      });
      let narrowNow = null;
      window.addEventListener("resize", () => {
        placeAsks();
        placeStatus();
        if (isNarrow() !== narrowNow) { narrowNow = isNarrow(); draw(); }
        say($("p-hint").textContent);  // a line of another width may hold the words or not
      });
      attach({
        show, play, solved, put, combo: () => b.combo, placements: () => b.board.map(x => x.pl),
        free: name => b.tray.find(it => it.name === name && !it.at), clear,
      });
      narrowNow = isNarrow();
      placeAsks();
      placeStatus();
      // a piece given the focus (Tab, the skip link) is scrolled into view above the sticky
      // row, not under it: its scroll margin is the row's height (html.py)
      new ResizeObserver(() => {
        $("practice").style.setProperty("--row", $("p-turns").offsetHeight + "px");
      }).observe($("p-turns"));
    }

    return Object.assign(b, { TRAY, isNarrow, fitsAt, scaleOf, group, start });
  }

  return {
    DATA, PIECES, SPOT, AT, el, play, cmp, key, shapeKey, normalise, sorted, moved, isShapeOf, codeOf,
    thirds, boxOf, textBox, hintCodes, TAP, flat, controls,
    findSide, load, placement, placeable, rows, hint, message,
    status, timeIsUp, won, chosen, attach, tell,
  };
})();
