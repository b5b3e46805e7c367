// "Your own card", on the page of a set of squares: a player stuck on a card of the box draws
// its figure on a grid (pointer, or the arrows and Space), chooses the die's pieces, and asks
// for the three hints of `ubongo hint`, or which 3 or 4 of the set's pieces fit the figure
// (`ubongo analyze --size 3 --size 4`), or plays the card on the practice board above.
// The page searches a drawn card itself: every tiling, by exact cover on the first empty cell
// in reading order, stopped after a number of steps (NODES) so that it never hangs. The hints
// are practice_core.js's, computed from those tilings as for the set's own combinations: they
// sort them into the bitboard engine's order (restSolutions), so the order this search finds
// them in does not matter. tests/test_browser.py holds both to the library's answers.
"use strict";
(function () {
  const P = UbongoPractice;
  const { DATA, PIECES, el, cmp, key, placement } = P;
  const ROWS = 8, COLS = 10, CELL = 40;  // the drawing grid: bigger than any card of the box
  const MAX_CELLS = 40;  // past it a figure is refused as too large
  const NODES = 1000000;  // steps of one search (hint or fit) at most: about 1.7 s on a loaded PC
  const SIZES = [3, 4];  // how many pieces "Which pieces fit?" tries, as a die asks for
  const NAMES = Object.keys(PIECES);  // the set's pieces, in the set's order

  let drawn = new Set();  // "r,c" of the grid squares drawn
  let chosen = [];  // the pieces chosen, in the set's order
  let cursor = [0, 0];  // the square the keyboard is on
  let nodes = NODES;  // the search's budget (window.ubongo.card.limit changes it for tests)
  let shown = null;  // what the grid shows besides the figure: a hint's picture
  let cached = null;  // [figure and pieces, the card made of them]

  class Refusal extends Error {}  // a one-line answer to the player, not a fault of the page
  const sum = xs => xs.reduce((a, b) => a + b, 0);
  const area = name => PIECES[name].orientations[0].length;

  // --- the search ---------------------------------------------------------------------------

  // Every tiling of `cells` (sorted, in reading order) by the pieces `names` (their total area
  // that of the cells), handed to `found` as [piece index, cell indices] pairs; `found`
  // returns true to stop. Throws a Refusal past `budget` steps.
  function search(cells, names, found, budget) {
    const at = new Map(cells.map((p, i) => [key(p), i]));
    const byFirst = cells.map(() => []);  // per cell: the placements whose first cell it is
    names.forEach((name, i) => {
      for (const o of PIECES[name].orientations) {  // sorted: o[0] is its first cell
        for (const [r, c] of cells) {
          const idx = o.map(([y, x]) => at.get(key([y - o[0][0] + r, x - o[0][1] + c])));
          if (idx.every(v => v !== undefined)) byFirst[idx[0]].push([i, idx]);
        }
      }
    });
    const covered = new Uint8Array(cells.length), path = [];
    let steps = 0;
    function go(first, used) {
      if (++steps > budget) throw new Refusal("Too hard for the page's search (more than " + budget + " steps): ask ubongo hint or ubongo analyze.");
      while (first < cells.length && covered[first]) first++;
      if (first === cells.length) return found(path);
      for (const [i, idx] of byFirst[first]) {
        if (used & (1 << i) || idx.some(v => covered[v])) continue;
        for (const v of idx) covered[v] = 1;
        path.push([i, idx]);
        const stop = go(first + 1, used | (1 << i));
        path.pop();
        for (const v of idx) covered[v] = 0;
        if (stop) return true;
      }
      return false;
    }
    go(0, 0);
    return steps;
  }

  // The distinct tilings (pieces of one shape are interchangeable, as in the library), at most
  // `cap` + 1 of them, each as practice_core.js's placements in the order of `names`.
  function tilings(cells, names, cap, budget) {
    const seen = new Set(), out = [];
    search(cells, names, path => {
      const t = path.map(([i, idx]) => placement(names[i], idx.map(v => cells[v])));
      const id = t.map(pl => pl.shape).sort().join(" ");
      if (!seen.has(id)) {
        seen.add(id);
        out.push(t.sort((a, b) => names.indexOf(a.piece) - names.indexOf(b.piece)));
      }
      return out.length > cap;
    }, budget);
    return out;
  }

  function* choices(n, k, from = 0) {  // itertools.combinations(range(n), k), in its order
    if (k === 0) { yield []; return; }
    for (let i = from; i <= n - k; i++) for (const rest of choices(n, k - 1, i + 1)) yield [i, ...rest];
  }

  // analyze(): every combination of 3, then of 4 distinct pieces of the set that tiles the
  // figure, in the set's order, with its number of tilings; one budget for them all.
  function fitting(cells) {
    const out = [];
    let budget = nodes;
    for (const k of SIZES) {
      for (const idx of choices(NAMES.length, k)) {
        const names = idx.map(i => NAMES[i]);
        if (sum(names.map(area)) !== cells.length) continue;
        const seen = new Set();
        budget -= search(cells, names, path => {
          seen.add(path.map(([i, v]) => PIECES[names[i]].key + "|" + v.join(",")).sort().join(" "));
          return false;
        }, budget);
        if (seen.size) out.push({ pieces: names, tilings: seen.size });
      }
    }
    return out;
  }

  // --- the card: the drawn figure as a combination practice_core.js plays and hints ---------

  function figure() {  // the drawn squares moved to the top-left corner, sorted; refuses
    if (!drawn.size) throw new Refusal("Draw the card's figure first: tap its squares on the grid.");
    if (drawn.size > MAX_CELLS) throw new Refusal("Too large: the figure has " + drawn.size + " squares; the page searches figures of at most " + MAX_CELLS + ".");
    const ps = [...drawn].map(k => k.split(",").map(Number));
    const top = Math.min(...ps.map(p => p[0])), left = Math.min(...ps.map(p => p[1]));
    return ps.map(([r, c]) => [r - top, c - left]).sort(cmp);
  }

  function parts(cells) {  // regions(): the connected parts, by their first cell
    const left = new Set(cells.map(key)), out = [];
    for (const p of cells) {
      if (!left.has(key(p))) continue;
      const part = [], todo = [p];
      left.delete(key(p));
      while (todo.length) {
        const [r, c] = todo.pop();
        part.push([r, c]);
        for (const q of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
          if (left.has(key(q))) { left.delete(key(q)); todo.push(q); }
        }
      }
      out.push(part.sort(cmp));
    }
    return out;
  }

  function ranks(n, low, high) {  // _ranks
    if (n <= 3) return n === 3 ? [low, "middle", high] : [low, high];
    const inner = Array.from({ length: n - 2 }, (_, i) => ordinal(i + 1) + "-from-" + low);
    return [low + "most", ...inner, high + "most"];
  }

  function ordinal(i) {  // _ordinal
    const words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];
    return i < words.length ? words[i] : "number " + (i + 1);
  }

  function names(regions, whole) {  // region_names' _words: by column, by row, by third, in order
    for (const [axis, low, high] of [[1, "left", "right"], [0, "top", "bottom"]]) {
      const spans = regions.map((part, i) => [Math.min(...part.map(p => p[axis])), Math.max(...part.map(p => p[axis])), i]).sort(cmp);
      if (spans.every((s, j) => j === 0 || spans[j - 1][1] < s[0])) {
        const ranked = ranks(regions.length, low, high);
        return regions.map((_, j) => ranked[spans.findIndex(s => s[2] === j)]);
      }
    }
    const placed = regions.map(part => P.thirds(part, whole));
    return new Set(placed).size === regions.length ? placed : regions.map((_, i) => ordinal(i));
  }

  function card() {  // the drawn card as a combination, its tilings searched (once)
    const cells = figure();
    if (!chosen.length) throw new Refusal("Choose the die's pieces first.");
    const id = cells.map(key).join(";") + "|" + chosen.join(" ") + "|" + nodes;
    if (cached && cached[0] === id) return cached[1];
    const covers = sum(chosen.map(area));
    if (covers !== cells.length) {
      throw new Refusal("No tiling: the figure has " + cells.length + " squares, the pieces cover " + covers + ".");
    }
    const found = tilings(cells, chosen, DATA.max_tilings, nodes);
    if (!found.length) throw new Refusal("No tiling: these pieces cannot cover this figure.");
    const regions = parts(cells);
    const named = regions.length > 1 ? names(regions, P.boxOf(cells)) : [];
    const c = {
      own: true, template: "your", side: "own", face: "card", figure: 0, cells,
      regions: named.map((name, i) => ({ name, cells: regions[i], keys: new Set(regions[i].map(key)) })),
      inFigure: new Set(cells.map(key)), ...P.textBox(cells),
      pieces: chosen.slice(), complete: found.length <= DATA.max_tilings, solutions: found,
    };
    cached = [id, c];
    return c;
  }

  function hintOf(level) {  // the hint at `level` on the empty card, and its words
    const c = card();
    if (!c.complete) throw new Refusal("More than " + DATA.max_tilings + " tilings: too open for the page's hints; ask ubongo hint.");
    const h = P.hint(c, [], level);
    return { hint: h, words: P.message(h, 0) };
  }

  // --- on screen ------------------------------------------------------------------------------

  const $ = id => document.getElementById(id);
  let svg = null;

  function say(text, refused) {  // the one line the panel answers in
    const p = $("o-say");
    p.textContent = text;
    p.classList.toggle("refused", !!refused);
  }

  function answering(act) {  // run an answer; a refusal is said on the page, in one line
    try {
      return act();
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      shown = null;
      $("o-answer").textContent = "";
      draw();
      say(err.message, true);
      return null;
    }
  }

  function changed() {  // the figure or the pieces changed: earlier answers no longer hold
    shown = null;
    $("o-answer").textContent = "";
    say(drawn.size + " squares drawn; pieces: " + (chosen.join(" ") || "none chosen") + ".");
    draw();
  }

  function drawGrid() {
    const host = $("o-grid");
    host.textContent = "";
    svg = el(host, "svg", { viewBox: "0 0 " + COLS * CELL + " " + ROWS * CELL, tabindex: 0,
      role: "application", "aria-label": "Grid to draw the card's figure on: arrows move, Space draws or rubs out a square",
      "aria-describedby": "o-where" });
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < COLS; c++) {
        const g = el(svg, "g", { class: "ocell", "data-cell": r + "," + c });
        el(g, "rect", { x: c * CELL, y: r * CELL, width: CELL, height: CELL });
        el(g, "text", { x: (c + 0.5) * CELL, y: (r + 0.5) * CELL });
      }
    }
    el(svg, "rect", { class: "ocursor", width: CELL - 4, height: CELL - 4 });
    svg.addEventListener("pointerdown", press);
    svg.addEventListener("pointerover", paint);
    for (const end of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(end, () => { painting = null; });
    svg.addEventListener("keydown", keys);
    svg.addEventListener("focus", () => draw());
    svg.addEventListener("blur", () => { svg.classList.remove("keyed"); draw(); });
  }

  function draw() {  // the squares drawn, a hint's pieces on them, the keyboard's square
    const top = drawn.size ? Math.min(...[...drawn].map(k => Number(k.split(",")[0]))) : 0;
    const left = drawn.size ? Math.min(...[...drawn].map(k => Number(k.split(",")[1]))) : 0;
    const named = labels();
    for (const g of svg.querySelectorAll("g.ocell")) {
      const [r, c] = g.getAttribute("data-cell").split(",").map(Number);
      const ch = shown && drawn.has(r + "," + c) ? shown[r - top][c - left] : null;
      const name = ch && ch !== "#" ? chosen.find(n => PIECES[n].code === ch) : null;
      g.classList.toggle("on", drawn.has(r + "," + c));
      g.firstChild.style.fill = name ? PIECES[name].colour : "";
      g.lastChild.textContent = named.get(key([r - top, c - left])) || "";
    }
    const cur = svg.querySelector("rect.ocursor");
    cur.setAttribute("x", cursor[1] * CELL + 2);
    cur.setAttribute("y", cursor[0] * CELL + 2);
    const here = "Row " + (cursor[0] + 1) + ", column " + (cursor[1] + 1) + ": " + (drawn.has(key(cursor)) ? "drawn" : "empty");
    $("o-where").textContent = document.activeElement === svg ? here : "";
  }

  function labels() {  // "r,c" of the figure -> a piece's name, on the square nearest its middle
    const at = new Map(), out = new Map();
    (shown || []).forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch === "." || ch === "#") return;
      if (!at.has(ch)) at.set(ch, []);
      at.get(ch).push([r, c]);
    }));
    for (const [ch, cells] of at) {
      const mr = sum(cells.map(p => p[0])) / cells.length, mc = sum(cells.map(p => p[1])) / cells.length;
      const d = ([r, c]) => (r - mr) ** 2 + (c - mc) ** 2;
      out.set(key(cells.reduce((best, p) => (d(p) < d(best) ? p : best))), chosen.find(n => PIECES[n].code === ch));
    }
    return out;
  }

  let painting = null;  // while a mouse button is down: true draws, false rubs out (a finger
  // swiping scrolls the page, it does not paint)

  function cellOf(e) {
    const g = e.target.closest && e.target.closest("g.ocell");
    return g ? g.getAttribute("data-cell") : null;
  }

  function press(e) {  // a tap or click draws a square, or rubs it out
    const k = cellOf(e);
    if (!k) return;
    painting = !drawn.has(k);
    if (e.pointerType === "mouse") e.preventDefault();  // keep the focus ring off, no text selected
    set(k, painting);
  }

  function paint(e) {  // a mouse dragged with its button down draws (or rubs out) as it goes
    if (painting === null || e.pointerType !== "mouse" || !(e.buttons & 1)) return;
    const k = cellOf(e);
    if (k) set(k, painting);
  }

  function set(k, on) {
    if (drawn.has(k) === on) return;
    if (on) drawn.add(k); else drawn.delete(k);
    cursor = k.split(",").map(Number);
    changed();
  }

  const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  function keys(e) {  // arrows move the keyboard's square, Space or Enter draws or rubs it out
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key in STEPS) {
      const [dr, dc] = STEPS[e.key];
      cursor = [Math.max(0, Math.min(ROWS - 1, cursor[0] + dr)), Math.max(0, Math.min(COLS - 1, cursor[1] + dc))];
      svg.classList.add("keyed");
      draw();
    } else if (e.key === " " || e.key === "Enter") {
      svg.classList.add("keyed");
      set(key(cursor), !drawn.has(key(cursor)));
    } else {
      return;
    }
    e.preventDefault();  // the page does not scroll
    e.stopPropagation();  // nor does the practice board turn its piece
  }

  function pieceButtons() {  // one toggle per piece of the set, its shape and its name
    const host = $("o-pieces");
    for (const name of NAMES) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "opiece";
      b.setAttribute("aria-pressed", "false");
      b.setAttribute("data-piece", name);
      const o = PIECES[name].orientations[0];
      const h = 1 + Math.max(...o.map(p => p[0])), w = 1 + Math.max(...o.map(p => p[1]));
      const s = el(b, "svg", { viewBox: "0 0 " + w * 10 + " " + h * 10, width: w * 8, height: h * 8, "aria-hidden": "true" });
      for (const [r, c] of o) el(s, "rect", { x: c * 10, y: r * 10, width: 10, height: 10, fill: PIECES[name].colour, stroke: "#222" });
      const label = document.createElement("span");
      label.textContent = name;
      b.appendChild(label);
      b.addEventListener("click", () => choose(NAMES.filter(n => n === name ? !chosen.includes(n) : chosen.includes(n))));
      host.appendChild(b);
    }
  }

  function choose(names) {
    chosen = NAMES.filter(n => names.includes(n));
    for (const b of document.querySelectorAll("#o-pieces button")) {
      b.setAttribute("aria-pressed", String(chosen.includes(b.getAttribute("data-piece"))));
    }
    changed();
  }

  function showHint(level) {
    const got = answering(() => hintOf(level));
    if (!got) return;
    shown = got.hint.level === 3 ? got.hint.solution : got.hint.level === 2 ? got.hint.picture : null;
    $("o-answer").textContent = "";
    say(got.words);
    draw();
  }

  function showFit() {
    const found = answering(() => fitting(figure()));
    if (!found) return;
    shown = null;
    draw();
    const list = $("o-answer");
    list.textContent = "";
    say(found.length ? found.length + " combinations of 3 or 4 pieces fit; choose one to try it:" : "No 3 or 4 of the set's pieces fit this figure.", !found.length);
    const ul = document.createElement("ul");
    for (const f of found) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = f.pieces.join(" ");
      b.addEventListener("click", () => choose(f.pieces));
      li.append(b, " " + f.tilings + (f.tilings === 1 ? " tiling" : " tilings"));
      ul.appendChild(li);
    }
    if (found.length) list.appendChild(ul);
  }

  function play() {
    const c = answering(card);
    if (!c) return;
    P.play(c);
    $("practice").scrollIntoView();
  }

  function fromRows(rows) {  // a picture of '#' and '.' as the drawn squares, at the top left
    const out = new Set();
    rows.forEach((row, r) => [...row].forEach((ch, c) => {
      if (ch === "#") {
        if (r >= ROWS || c >= COLS) throw new Error("the grid is " + ROWS + " rows of " + COLS + " squares");
        out.add(r + "," + c);
      }
    }));
    return out;
  }

  // --- start, and the scripting hook (docs/FORMAT.md) -----------------------------------------

  drawGrid();
  pieceButtons();
  document.querySelectorAll("#own-card .o-hint").forEach(b =>
    b.addEventListener("click", () => showHint(Number(b.getAttribute("data-level")))));
  $("o-fit").addEventListener("click", showFit);
  $("o-play").addEventListener("click", play);
  $("o-clear").addEventListener("click", () => { drawn = new Set(); changed(); });
  changed();

  const refused = act => {  // the hook throws a refusal as an Error, as the rest of it does
    try { return act(); } catch (err) { throw err instanceof Refusal ? new Error(err.message) : err; }
  };
  window.ubongo.card = {
    draw(rows) { drawn = fromRows([].concat(rows)); changed(); },
    pieces(names) {
      const bad = [].concat(names).filter(n => !NAMES.includes(n));
      if (bad.length) throw new Error("unknown piece " + JSON.stringify(bad[0]) + "; expected one of " + NAMES.join(", "));
      choose([].concat(names));
      return chosen.slice();
    },
    tilings: () => refused(() => card().solutions.length),
    hint(level) { return refused(() => { const h = hintOf(level); return { hint: h.hint, words: h.words }; }); },
    fit: () => refused(() => fitting(figure())),
    play() { refused(() => P.play(card())); },
    limit(steps) { const was = nodes; nodes = steps; return was; },
  };
})();
