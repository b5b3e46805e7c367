// The daily puzzle of the 2D practice page: one easy, one medium and one hard combination per
// calendar day, the same for everyone and worked out offline. The page data carries a pool of
// combinations per difficulty class (generator/daily.py measures and classes them); a day picks
// in each pool the combination of greatest weight(day|class|template|side|face), rendezvous
// hashing, as generator/daily.py does (tests/test_browser_daily.py holds the two equal).
// The address `#daily=2026-11-29-hard` opens that puzzle. Played on practice.js's board through
// window.ubongo and the events of practice_core.js; a result to share as text (no spoilers), a
// streak and a history of results kept in localStorage, which may be missing, full or corrupt.
// UbongoDaily.clock gives "now": tests replace it to play on other days.
"use strict";
const UbongoDaily = (function () {
  const { DATA } = UbongoPractice;
  const SPEC = DATA.daily;
  const api = { clock: () => new Date() };
  if (!SPEC || !document.getElementById("p-daily")) return api;

  // --- days and the pick: generator/daily.py -------------------------------------------------

  const pad = (n, w) => String(n).padStart(w, "0");
  const dayOf = d => pad(d.getFullYear(), 4) + "-" + pad(d.getMonth() + 1, 2) + "-" + pad(d.getDate(), 2);
  const today = () => dayOf(api.clock());

  function parseDay(text) {  // a local Date at noon of "YYYY-MM-DD", or null for no such day
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!m) return null;
    const d = new Date(2000, 0, 1, 12);
    d.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));  // years below 100 as written
    return dayOf(d) === text ? d : null;
  }

  function dayBefore(text) {
    const d = parseDay(text);
    d.setDate(d.getDate() - 1);
    return dayOf(d);
  }

  function weight(text) {  // generator.daily.weight: FNV-1a of the UTF-8 bytes, MurmurHash3's finaliser
    let h = 0x811c9dc5;
    for (const b of new TextEncoder().encode(text)) h = Math.imul(h ^ b, 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  function pick(day, cls) {  // [template, side, face]: greatest weight, least key text on a tie
    let best = null, bestW = -1, bestText = "";
    for (const k of SPEC.pools[cls]) {
      const text = k.join("|"), w = weight(day + "|" + cls + "|" + text);
      if (w > bestW || (w === bestW && text < bestText)) { best = k; bestW = w; bestText = text; }
    }
    return best;
  }

  // --- the history of results, in localStorage: [{day, cls, on, seconds, hints}] ------------------------

  const STORE = "ubongo-daily:" + DATA.name;
  let saved = true;  // false once the browser refused to keep the history

  const isDay = x => typeof x === "string" && parseDay(x) !== null;
  const isCount = x => Number.isInteger(x) && x >= 0;
  const valid = e => e && isDay(e.day) && SPEC.classes.includes(e.cls) && isDay(e.on) && isCount(e.seconds) && isCount(e.hints);

  function load() {  // the valid entries stored (none when unreadable); null with no storage
    let text;
    try {
      text = window.localStorage.getItem(STORE);
    } catch (err) {
      saved = false;  // storage off (a setting, a sandbox, some file:// pages)
      return null;
    }
    try {
      const kept = JSON.parse(text || "[]");
      return Array.isArray(kept) ? kept.filter(valid) : [];
    } catch (err) {
      return [];  // not JSON: started again, and overwritten at the next result
    }
  }

  const same = (a, b) => a.day === b.day && a.cls === b.cls;

  function keep(results) {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(results));
      saved = true;
    } catch (err) {
      saved = false;  // private mode, storage off or full: the history lasts as long as the page
    }
  }

  let results = load() || [];

  function reload() {  // what another tab of the page stored since, with what this one holds
    const stored = load();
    if (stored) results = stored.concat(results.filter(e => !stored.some(x => same(x, e))));
  }

  function streak() {  // days in a row, up to today (or yesterday), solved on the day they were out
    const onTime = new Set(results.filter(e => e.on === e.day).map(e => e.day));
    let day = today();
    if (!onTime.has(day)) day = dayBefore(day);
    let n = 0;
    while (onTime.has(day)) { n++; day = dayBefore(day); }
    return n;
  }

  // --- the result to share ----------------------------------------------------------------

  const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
  const clockText = s => Math.floor(s / 60) + ":" + pad(s % 60, 2);

  function shareText(e) {  // date, class, time, hints, streak: nothing of the puzzle itself
    const lines = [
      "Ubongo daily " + e.day + " " + e.cls + " (" + DATA.name + ")",
      "Solved in " + clockText(e.seconds) + " with " + (e.hints ? plural(e.hints, "hint") : "no hints"),
      "Streak: " + plural(streak(), "day"),
    ];
    if (/^https?:$/.test(location.protocol)) lines.push(location.href.split("#")[0] + "#daily=" + e.day + "-" + e.cls);
    return lines.join("\n");
  }

  async function copy(text, area) {  // the clipboard, else the selection copied, else the reader
    try {
      await navigator.clipboard.writeText(text);
      return "Copied.";
    } catch (err) { /* no clipboard here (file:// in some browsers, no permission) */ }
    area.focus();
    area.select();
    try {
      if (document.execCommand("copy")) return "Copied.";
    } catch (err) { /* an old or locked-down browser */ }
    return "Select the text and copy it.";
  }

  // --- playing: the board of practice.js --------------------------------------------------

  let current = null;  // {day, cls, key, hints, done}
  let opening = false;  // true while this script selects the combination
  const sameKey = (k, d) => k[0] === d.template && k[1] === d.side && k[2] === d.face;

  function start(day, cls) {
    const key = pick(day, cls);
    current = { day, cls, key, hints: 0, done: false };
    opening = true;
    try { window.ubongo.select(...key); } finally { opening = false; }
    address("#daily=" + day + "-" + cls);
    said("");
    draw();
  }

  function address(hash) {  // the address names the puzzle (no new step in the browser's history)
    if (location.hash === hash) return;
    try {
      window.history.replaceState(null, "", hash || location.pathname + location.search);
    } catch (err) {
      if (hash) location.hash = hash;
    }
  }

  function decoded(text) {
    try { return decodeURIComponent(text); } catch (err) { return text; }  // a stray "%"
  }

  function fromAddress() {  // #daily=DAY-CLASS plays it; anything else leaves the board alone
    const m = /^#daily=(.+)-([a-z]+)$/.exec(location.hash);
    if (!m) return;
    if (!parseDay(m[1]) || !SPEC.classes.includes(m[2])) {
      said("This address names no daily puzzle: " + decoded(location.hash.slice(1)));
      return draw();
    }
    if (current && current.day === m[1] && current.cls === m[2]) return;
    start(m[1], m[2]);
  }

  document.addEventListener("ubongo:shown", e => {  // another combination chosen: no daily now
    if (opening || !current || sameKey(current.key, e.detail)) return;
    current = null;
    address("");
    draw();
  });
  document.addEventListener("ubongo:hint", () => { if (current && !current.done) current.hints++; });
  document.addEventListener("ubongo:won", e => {
    if (!current || current.done) return;
    current.done = true;
    const entry = { day: current.day, cls: current.cls, on: today(), seconds: e.detail.seconds || 0, hints: current.hints };
    reload();
    if (!results.some(x => same(x, entry))) {  // the first result of a puzzle stays
      results.push(entry);
      keep(results);
    }
    current.entry = entry;
    draw();
  });

  // --- the panel ------------------------------------------------------------------------------

  const panel = document.getElementById("p-daily");
  let note = "";
  function said(text) { note = text; }

  function make(parent, tag, props, text) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  // beside the board's heading, so the first screen tells of the daily puzzle, and which one
  // is on the board: a link down to the panel (the address keeps naming the puzzle)
  const jump = make(document.querySelector("#practice h2") || panel, "a", { href: "#p-daily", className: "d-jump" });
  jump.addEventListener("click", e => { e.preventDefault(); panel.scrollIntoView(); });

  function draw() {
    const day = today();
    jump.textContent = current ? "daily " + current.cls + " " + current.day + (current.done ? " ✓" : "") : "daily puzzle ↓";
    const done = new Set(results.filter(e => e.day === day).map(e => e.cls));
    panel.textContent = "";
    panel.hidden = false;
    make(panel, "h3", {}, "Daily puzzle · " + day);
    const row = make(panel, "div", { className: "row" });
    for (const cls of SPEC.classes) {
      const b = make(row, "button", { type: "button", className: "d-class" }, cls[0].toUpperCase() + cls.slice(1) + (done.has(cls) ? " ✓" : ""));
      b.dataset.class = cls;
      b.setAttribute("aria-pressed", String(!!current && current.day === day && current.cls === cls));
      b.addEventListener("click", () => start(today(), cls));
    }
    make(row, "span", { className: "d-streak" }, "Streak: " + plural(streak(), "day"));
    const now = make(panel, "p", { className: "d-now" });
    now.setAttribute("aria-live", "polite");
    if (current) {
      const late = current.day !== day ? " (another day's: it does not count for the streak)" : "";
      now.textContent = (current.done ? "The " : "Playing the ") + current.cls + " puzzle of " + current.day + late + (current.done ? ":" : ".");
    } else {
      now.textContent = note || "One easy, one medium and one hard puzzle a day, the same for everyone.";
    }
    if (current && current.done) result(current.entry);
    if (SPEC.relative) make(panel, "p", { className: "d-said" }, "Classes are thirds of this set's puzzles, ranked by search effort.");
    if (!saved) make(panel, "p", { className: "d-said" }, "This browser keeps no history for this page: your results last until it closes.");
    drawHistory();
  }

  function result(entry) {  // what a solved daily puzzle says, and its text to share
    const [t, s, f] = current.key;
    const n = UbongoPractice.load(t, s, f).solutions.length;
    const p = make(panel, "p", { className: "d-done" }, "Solved in " + clockText(entry.seconds) + " with "
      + (entry.hints ? plural(entry.hints, "hint") : "no hints") + ". This puzzle has " + plural(n, "solution") + ".");
    p.id = "p-daily-solved";
    const area = make(panel, "textarea", { readOnly: true, rows: 4, id: "p-daily-share" }, undefined);
    area.value = shareText(entry);
    area.setAttribute("aria-label", "Your result, to share");
    const row = make(panel, "div", { className: "row" });
    const button = make(row, "button", { type: "button", id: "p-daily-copy" }, "Copy result");
    const out = make(row, "span", { className: "d-said", id: "p-daily-copied" });
    out.setAttribute("aria-live", "polite");
    button.addEventListener("click", async () => { out.textContent = await copy(area.value, area); });
  }

  function drawHistory() {
    if (!results.length) return;
    const box = make(panel, "details", { id: "p-daily-history" });
    make(box, "summary", {}, "History: " + plural(results.length, "puzzle") + " solved");
    const list = make(box, "ol", { reversed: true });
    for (const e of results.slice(-30).reverse()) {
      make(list, "li", {}, e.day + " " + e.cls + ": " + clockText(e.seconds) + ", " + plural(e.hints, "hint")
        + (e.on !== e.day ? " (played " + e.on + ")" : ""));
    }
  }

  window.addEventListener("hashchange", fromAddress);
  window.addEventListener("storage", e => {  // another tab solved one: its streak is ours
    if (e.key === STORE) { reload(); draw(); }
  });
  draw();
  fromAddress();

  return Object.assign(api, {
    pick, weight, today, streak, start,
    current: () => current && { day: current.day, cls: current.cls, key: current.key.slice(), hints: current.hints, done: current.done },
    draw,
  });
})();
