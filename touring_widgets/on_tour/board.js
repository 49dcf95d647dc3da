// The On Tour board's own part: the turn (cards, dice, numbers), the viewing seat's map large,
// every other map small, a tour drawn by clicking; layout, drawing, hit-testing and keys. The
// shared shell (widgets/shell.js) does the rest: toolbar, header, banner, messages, history.
//
// Python sends where this turn's marks may go as groups of spaces (`choices`: {first, spaces,
// then, second}); the page keeps the half-written turn (a number placed, not yet sent) and sends
// the writing only when it is complete. Python judges it, and says why when a click is refused.
// Pure functions are exported for Node.

// ---------------------------------------------------------------- decoding what Python sends

/** A map sent in board order, "." an empty space, else 2 characters ("56", "f6" a circled 56,
 *  "**", "*o" a circled star, "XX"), "!" before the seat's latest writing, as
 *  {id: {mark, circled, fresh} | null}. */
export function decodeMap(code, ids) {
  const out = {};
  const text = String(code || "");
  let at = 0;
  for (const id of ids) {
    if (text[at] === "." || at >= text.length) {
      out[id] = null;
      at += 1;
      continue;
    }
    const fresh = text[at] === "!";
    if (fresh) at += 1;
    const c = text.slice(at, at + 2);
    at += 2;
    if (c[0] === "*") out[id] = { mark: "star", circled: c === "*o" };
    else if (c === "XX") out[id] = { mark: "X", circled: false };
    else if (c[0] >= "0" && c[0] <= "9") out[id] = { mark: Number(c), circled: false };
    else out[id] = { mark: "abcdefghij".indexOf(c[0]) * 10 + Number(c[1]), circled: true };
    if (fresh) out[id].fresh = true;
  }
  return out;
}

/** A seat's score as sent ([total, spaces, circles, tour]) in words' reach: {total, spaces, circles, tour}. */
/** The spaces where a number written now is circled: the shown cards' own spaces (O-CIRCLE). */
export function circleSpaces(view) {
  return view && !view.over ? (view.cards || []).map((c) => c.space) : [];
}

export function scoreAt(view, seat) {
  const s = ((view && view.scores) || [])[seat];
  if (!s) return null;
  const [total, spaces, circles, tour] = s;
  return { total, spaces, circles, tour: String(tour || "").split(" ").filter(Boolean) };
}

/** The groups of this turn's choices with their space lists split ("TX OK" -> ["TX", "OK"]). */
export function splitChoices(choices) {
  const list = (x) => (Array.isArray(x) ? x : String(x || "").split(" ").filter(Boolean));
  const groups = (choices || []).map((g) => ({ ...g, spaces: list(g.spaces) }));
  // "then": space ids, or the indices of the groups whose spaces the second mark may take.
  return groups.map((g, i) => {
    const then = (choices[i] || {}).then;
    if (then === undefined) return g;
    const spaces = Array.isArray(then) && typeof then[0] === "number"
      ? then.flatMap((k) => (groups[k] || { spaces: [] }).spaces) : list(then);
    return { ...g, then: spaces };
  });
}

/** A mark as the map shows it: "05", "★", "X". */
export function markText(mark) {
  if (mark === "star") return "★";
  if (mark === "X") return "X";
  return String(mark).padStart(2, "0");
}

/** A mark as an action writes it: "05", "star", "X". */
export function markWord(mark) {
  return mark === "star" || mark === "X" ? mark : String(mark).padStart(2, "0");
}

/** The action text of a complete writing: "p0: 56 TX, 65 OK". */
export function actionText(seat, marks) {
  return `p${seat}: ${marks.map((m) => `${markWord(m.mark)} ${m.space}`).join(", ")}`;
}

// ---------------------------------------------------------------- the turn's choices (pure)

/** The marks that may go first this turn, in order: the numbers, a star, an X. */
export function firstMarks(choices) {
  const out = [];
  for (const g of choices || []) for (const m of g.first) if (!out.includes(m)) out.push(m);
  return out;
}

/** Where `mark` may go first (null: any mark), as a Set of space ids. */
export function litFirst(choices, mark) {
  const out = new Set();
  for (const g of choices || []) {
    if (mark !== null && mark !== undefined && !g.first.includes(mark)) continue;
    for (const s of g.spaces) out.add(s);
  }
  return out;
}

/** Whether a writing that starts with `first` ({mark, space}) needs a second mark. */
export function needsSecond(choices, first) {
  return (choices || []).some((g) => g.then && g.first.includes(first.mark) && g.spaces.includes(first.space));
}

/** After `first` ({mark, space}) is placed: the second mark and where it may go ({mark, spaces: Set}).
 *  A number the cards still allow comes before an X. */
export function litSecond(choices, first) {
  const found = [];
  for (const g of choices || []) {
    if (!g.then || !g.first.includes(first.mark) || !g.spaces.includes(first.space)) continue;
    const mark = g.second !== undefined ? g.second : g.first.find((m) => m !== first.mark);
    if (mark === undefined) continue;
    let entry = found.find((e) => e.mark === mark);
    if (!entry) {
      entry = { mark, spaces: new Set() };
      found.push(entry);
    }
    for (const s of g.then) if (s !== first.space) entry.spaces.add(s);
  }
  found.sort((a, b) => (a.mark === "X") - (b.mark === "X"));
  if (!found.length) return { mark: null, spaces: new Set() };
  if (found.length === 1) return found[0];
  // Several second marks (rules where an X is always allowed): a space takes the first that fits.
  const spaces = new Set();
  for (const e of found) for (const s of e.spaces) spaces.add(s);
  return { mark: found[0].mark, spaces, also: found.slice(1) };
}

/** Which mark a click on `space` writes second after `first` (a number where it fits, else an X). */
export function secondMarkAt(choices, first, space) {
  const sec = litSecond(choices, first);
  if (!sec.spaces.has(space)) return null;
  if (!sec.also) return sec.mark;
  for (const e of [sec, ...sec.also]) {
    const own = e === sec ? litSecondOf(choices, first, e.mark) : e.spaces;
    if (own.has(space)) return e.mark;
  }
  return sec.mark;
}

function litSecondOf(choices, first, mark) {
  const out = new Set();
  for (const g of choices || []) {
    if (!g.then || !g.first.includes(first.mark) || !g.spaces.includes(first.space)) continue;
    const m = g.second !== undefined ? g.second : g.first.find((x) => x !== first.mark);
    if (m === mark) for (const s of g.then) if (s !== first.space) out.add(s);
  }
  return out;
}

/** Every complete writing the groups allow, as sorted action bodies ("56 TX, 65 OK"): the tests
 *  compare it with Python's legal actions. */
export function expandChoices(groups) {
  const choices = splitChoices(groups);
  const out = new Set();
  const body = (marks) => marks.map((m) => `${markWord(m.mark)} ${m.space}`).sort().join(", ");
  for (const g of choices || []) {
    for (const mark of g.first) {
      for (const space of g.spaces) {
        if (!g.then) {
          out.add(body([{ mark, space }]));
          continue;
        }
        const second = g.second !== undefined ? g.second : g.first.find((m) => m !== mark);
        for (const t of g.then) if (t !== space) out.add(body([{ mark, space }, { mark: second, space: t }]));
      }
    }
  }
  return [...out].sort();
}

// ---------------------------------------------------------------- the advice's figures (pure)

/** A writing as the advice names it: its marks in sorted order ("56 TX, 65 OK"). */
export function writingKey(marks) {
  return marks.map((m) => `${markWord(m.mark)} ${m.space}`).sort().join(", ");
}

/**
 * The advice's figures on the lit spaces, [{space, mark, figure: [estimate, low, high, n], slot,
 * best}]: with a number placed, each lit space's figure is that of the whole writing; with a mark
 * picked, the best writing that puts it there; with none picked, every mark that may go first
 * (slot 0, 1…: one figure per mark), or with `both` false only the better of them. `best` marks
 * the best writing's marks (or, with a number placed, the best of the writings left).
 */
export function adviceOnSpaces(advice, choices, lit, placed, both = true) {
  const out = [];
  if (!advice || !advice.spaces || !lit || !lit.spaces || !lit.spaces.size) return out;
  if (placed && placed.length) {
    const first = placed[0];
    const writings = advice.writings || {};
    for (const space of lit.spaces) {
      const mark = secondMarkAt(choices, first, space);
      const figure = mark === null ? null : writings[writingKey([first, { mark, space }])];
      if (figure) out.push({ space, mark: markWord(mark), figure, slot: 0, best: false });
    }
    let top = null;
    for (const e of out) if (!top || e.figure[0] > top.figure[0]) top = e;
    if (top) top.best = true;
    return out;
  }
  const bestMarks = new Set(((advice.best || {}).marks || []).map(([m, space]) => `${m} ${space}`));
  const marks = lit.mark !== null && lit.mark !== undefined ? [lit.mark] : firstMarks(choices);
  marks.forEach((m, slot) => {
    const word = markWord(m);
    for (const space of lit.spaces) {
      const figure = (advice.spaces[space] || {})[word];
      if (figure) out.push({ space, mark: word, figure, slot, best: bestMarks.has(`${word} ${space}`) });
    }
  });
  if (both || marks.length < 2) return out;
  const better = new Map();
  for (const e of out) {
    const held = better.get(e.space);
    if (!held || e.figure[0] > held.figure[0] || (e.best && e.figure[0] === held.figure[0])) better.set(e.space, e);
  }
  return [...better.values()].map((e) => ({ ...e, slot: 0 }));
}

// ---------------------------------------------------------------- geometry (pure functions)

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
const estimate = (text, size) => String(text || "").length * size * 0.56;
const isTeacher = (view) => view.seat === null || view.seat === undefined;

/** The figures a map of tiles ``tile`` px wide shows: on small tiles (a phone-wide map) only
 *  those of the best few spaces, so that they do not cover the map; the best first then. */
export function figuresThatFit(figures, tile) {
  if (tile >= ROOM_FOR_ALL || figures.length <= FEW) return figures;
  return [...figures].sort((a, b) => b.figure[0] - a.figure[0]).slice(0, FEW);
}

/** The seat whose map is drawn large: the viewing seat, else the seat to write, else a winner. */
export function bigSeat(view) {
  if (!isTeacher(view)) return view.seat;
  if (view.turn !== null && view.turn !== undefined) return view.turn;
  return (view.winners || [])[0] || 0;
}

/** A map's box: tiles at their places, the strips for the region names (large maps only). */
export function mapGeometry(atlas, x, y, w, opts = {}) {
  const large = opts.large !== false;
  const strip = large ? clamp(Math.round(w * 0.028), 12, 15) : 0;
  const uw = w - strip - (large ? 4 : 0);
  const aspect = atlas.aspect || 0.66;
  const tile = clamp(uw * (uw < 520 ? 0.058 : 0.052), 5, 46);
  const tileH = tile * 1.1;
  const pos = {};
  for (const s of atlas.spaces || []) {
    pos[s.id] = { x: x + strip + s.x * uw, y: y + strip + s.y * uw };
  }
  return { x, y, w, h: Math.ceil(strip + aspect * uw + (large ? 2 : 0)), strip, uw, tile, tileH, pos, large };
}

/** Where the region names go: West, Central and East above their spaces, North and South beside theirs. */
export function regionLabels(atlas, geo) {
  const sums = {};
  for (const s of atlas.spaces || []) {
    for (const r of s.regions) {
      const t = (sums[r] = sums[r] || { x: 0, y: 0, n: 0 });
      t.x += geo.pos[s.id].x;
      t.y += geo.pos[s.id].y;
      t.n += 1;
    }
  }
  const out = [];
  for (const [region, t] of Object.entries(sums)) {
    const across = region === "North" || region === "South";
    out.push(across ? { region, x: geo.x + geo.strip / 2, y: t.y / t.n, vertical: true }
      : { region, x: t.x / t.n, y: geo.y + geo.strip / 2, vertical: false });
  }
  return out;
}

/** The tile of a space on a map: its box (for drawing and hitting). */
export function tileBox(geo, id) {
  const p = geo.pos[id];
  return { x: p.x - geo.tile / 2, y: p.y - geo.tileH / 2, w: geo.tile, h: geo.tileH };
}

/**
 * Lay the board out for a width in CSS pixels, from y = opts.top: the boxes to draw and to hit.
 * Wide (760 px and more, with other players): the large map on the left, the small maps in a
 * column on the right. Narrow (down to 240 px): the turn in rows, the large map, the small maps
 * two or three abreast under it.
 */
export function layout(view, width, opts = {}) {
  const atlas = opts.atlas || { spaces: [], routes: [], aspect: 0.66 };
  const W = Math.max(240, Math.floor(width));
  const pad = W < 520 ? 8 : 12;
  const inner = W - 2 * pad;
  const wide = W >= 640;
  const boxes = [];
  const players = (view.players || []).length;
  let y = opts.top ?? pad;

  // -- the turn: cards, dice and numbers, the words, the counts, the buttons (at the end: words, buttons).
  const turn = { cards: [], dice: [], numbers: [], buttons: [], counts: null };
  if (!view.over) {
    const cardW = wide ? clamp(Math.floor(inner * 0.13), 88, 124) : Math.floor((inner - 12) / 3);
    const cardH = wide ? 50 : 44;
    const ncards = (view.cards || []).length;
    for (let i = 0; i < 3; i++) {
      const b = { id: `card:${i}`, kind: "card", index: i, x: pad + i * (cardW + 6), y, w: cardW, h: cardH,
        empty: i >= ncards };
      turn.cards.push(b);
      if (!b.empty) boxes.push(b);
    }
    let rx = wide ? pad + 3 * (cardW + 6) + 8 : pad;
    const ry = wide ? y + 6 : y + cardH + 8;
    const die = wide ? 34 : 30;
    for (let i = 0; i < 2; i++) {
      const b = { id: `die:${i}`, kind: "die", index: i, x: rx + i * (die + 6), y: ry, w: die, h: die };
      turn.dice.push(b);
      boxes.push(b);
    }
    rx += 2 * (die + 6) + 6;
    const chipW = wide ? 50 : 44;
    for (let i = 0; i < 2; i++) {
      const b = { id: `number:${i}`, kind: "number", index: i, x: rx + i * (chipW + 6), y: ry, w: chipW, h: die };
      turn.numbers.push(b);
      boxes.push(b);
    }
    rx += 2 * (chipW + 6) + 6;
    turn.counts = { x: rx, y: ry, w: W - pad - rx, h: die };
    y = wide ? y + cardH + 8 : ry + die + 8;
  }
  // The words: what this turn asks (or what it is), wrapped.
  const words = opts.words || "";
  const size = 13;
  const lines = wrapEstimated(words, size, inner);
  turn.words = { x: pad, y, w: inner, h: Math.max(1, lines.length) * 17, lines };
  y += turn.words.h + 6;
  // The buttons, on the canvas: best tour, draw a tour, take back, clear the tour.
  const labels = opts.buttons || [];
  let bx = pad;
  for (const btn of labels) {
    const bw = Math.ceil(estimate(btn.label, 12) + 20);
    if (bx + bw > W - pad && bx > pad) {
      bx = pad;
      y += 30;
    }
    const b = { id: `button:${btn.action}`, kind: "button", action: btn.action, x: bx, y, w: bw, h: 24,
      label: btn.label, on: !!btn.on, disabled: !!btn.disabled };
    turn.buttons.push(b);
    boxes.push(b);
    bx += bw + 6;
  }
  if (labels.length) y += 30;

  // -- the large map and the small ones.
  const others = [];
  const big = bigSeat(view);
  for (let s = 0; s < players; s++) if (s !== big) others.push(s);
  const plan = planMaps(atlas, inner, W, others.length);
  const side = plan.side;
  const bigW = plan.bigW;
  const labelH = 18;
  const bigLabel = { x: pad, y, w: bigW, h: labelH };
  const bigGeo = mapGeometry(atlas, pad, y + labelH, bigW, { large: true });
  for (const s of atlas.spaces || []) {
    const t = tileBox(bigGeo, s.id);
    boxes.push({ id: `space:${s.id}`, kind: "space", space: s.id, seat: big, ...t });
  }
  let below = bigGeo.y + bigGeo.h + 6;
  const tourLine = { x: pad, y: below, w: bigW, h: 0 };
  if (opts.tourText) {
    const tl = wrapEstimated(opts.tourText, 12, bigW);
    tourLine.h = tl.length * 16;
    tourLine.lines = tl;
    below += tourLine.h + 6;
  }
  const smalls = [];
  let sideBottom = y;
  if (others.length) {
    const sx0 = side ? pad + bigW + 14 : pad;
    const sy = side ? y : below + 4;
    others.forEach((s, k) => {
      const col = k % plan.cols;
      const row = Math.floor(k / plan.cols);
      const top = sy + row * plan.rowH;
      const geo = mapGeometry(atlas, sx0 + col * (plan.mw + plan.gap), top + labelH, plan.mw, { large: false });
      const box = { id: `map:${s}`, kind: "map", seat: s, x: geo.x, y: top, w: plan.mw, h: labelH + geo.h };
      smalls.push({ seat: s, label: { x: geo.x, y: top, w: plan.mw, h: labelH }, geo, box });
      boxes.push(box);
      sideBottom = Math.max(sideBottom, box.y + box.h + 10);
    });
    if (!side) below = sideBottom;
  }
  y = side ? Math.max(below, sideBottom) : below;

  // -- the solo high-score table, at the end of a game.
  let table = null;
  const rows = opts.tableRows || 0;
  if (rows) {
    table = { x: pad, y: y + 2, w: Math.min(inner, 520), h: 20 + rows * 17 };
    y = table.y + table.h + 6;
  }
  return { width: W, height: Math.ceil(y), wide, side, pad, turn, big: { seat: big, label: bigLabel, geo: bigGeo },
    tourLine, smalls, table, boxes };
}

/** The size of the large map's tiles at `width` (what fits on them decides how much advice they show). */
export function bigTile(view, width, atlas) {
  const W = Math.max(240, Math.floor(width));
  const inner = W - 2 * (W < 520 ? 8 : 12);
  const others = Math.max(0, (view.players || []).length - 1);
  return mapGeometry(atlas, 0, 0, planMaps(atlas, inner, W, others).bigW, { large: true }).tile;
}

/**
 * Where the maps go: the large map beside a column of small ones (one or two abreast), or above a
 * grid of them; of the plans that keep thumbnails readable, the one that is shortest, larger maps
 * (the large one most) weighing against height.
 */
export function planMaps(atlas, inner, width, others) {
  const gap = 10;
  const labelH = 18;
  const height = (w, large) => mapGeometry(atlas, 0, 0, w, { large }).h;
  const maxBig = Math.min(inner, 900);
  if (!others) return { side: false, bigW: maxBig, cols: 1, mw: 0, gap, rowH: 0, height: labelH + height(maxBig, true) };
  const plans = [];
  if (width >= 760) {
    for (const frac of [0.58, 0.64, 0.7]) {
      for (const cols of [1, 2]) plans.push({ side: true, bigW: Math.floor(inner * frac), cols });
    }
  }
  for (const cols of width < 520 ? [2, 3] : width < 760 ? [2, 3, 4] : [3, 4]) {
    if (cols <= Math.max(2, others)) plans.push({ side: false, bigW: maxBig, cols });
  }
  let best = null;
  for (const p of plans) {
    const room = p.side ? inner - p.bigW - 14 : inner;
    p.gap = gap;
    p.mw = Math.floor((room - (p.cols - 1) * gap) / p.cols);
    if (!p.side && others < p.cols) p.mw = Math.min(p.mw, Math.floor(inner * 0.5));
    p.rowH = labelH + height(p.mw, false) + 10;
    const rows = Math.ceil(others / p.cols);
    const bigH = labelH + height(p.bigW, true);
    p.height = p.side ? Math.max(bigH, rows * p.rowH) : bigH + rows * p.rowH;
    p.score = p.height - 0.5 * p.bigW - 0.5 * p.mw + (p.mw < 96 ? 400 : 0);
    if (!best || p.score < best.score) best = p;
  }
  return best;
}

function wrapEstimated(text, size, width) {
  const lines = [];
  let line = "";
  for (const word of String(text || "").split(" ").filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && estimate(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The box under a point: buttons, dice and numbers first, then tiles, then whole small maps. */
export function hitTest(geometry, x, y) {
  let best = null;
  const rank = { button: 5, number: 4, die: 4, card: 3, space: 2, map: 1 };
  for (const b of geometry.boxes) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (!best || (rank[b.kind] || 0) > (rank[best.kind] || 0)) best = b;
    }
  }
  return best;
}

/** Mix two colours "#rrggbb": t = 0 gives a, t = 1 gives b. */
export function mix(a, b, t) {
  const p = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

// ---------------------------------------------------------------- the turn in words (pure)

/** A seat's name on its map: "(you)" only for a human seat seen from its own board. */
export function seatName(view, seat) {
  const policy = (view.players || [])[seat] || "";
  const mine = !isTeacher(view) && seat === view.seat;
  return `Seat ${seat} · ${policy}${mine ? (policy === "human" ? " (you)" : " (this view)") : ""}`;
}

/** A score in words: "16 = 12 spaces + 4 circles". */
export function scoreText(score) {
  if (!score) return "";
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${score.total} = ${plural(score.spaces, "space")} + ${plural(score.circles, "circle")}`;
}

/** This turn in words, as picture.turn_words says it in Python (a test holds them equal). */
export function turnWords(view) {
  if (view.over) return "Game over: every map is full (O-END).";
  const [low, high] = (view.numbers || [0, 0]).map(markText);
  const shown = (view.cards || []).map((c) => `${c.space} (${c.region})`).join(", ");
  if (view.last_turn) {
    const what = view.star_turn ? "a double: one star in any empty space (O-STAR, O-LAST)"
      : `last turn, no cards: ${low} and ${high} in any empty spaces (O-LAST)`;
    return `Turn ${view.round}: ${what}.`;
  }
  if (view.star_turn) {
    const [a, b] = view.dice || [0, 0];
    const why = a === b ? "the roll is a double" : "all three cards show one region";
    return `Turn ${view.round}: cards ${shown}; star turn, ${why}: draw one star (O-STAR).`;
  }
  return `Turn ${view.round}: cards ${shown}; roll ${low} and ${high} (O-WRITE).`;
}

/** What a kind of turn asks (marks.turn, a key of the templates Python sent once), with its rule. */
export function turnAsks(templates, shape, view) {
  const entry = (templates || {})[shape];
  if (!entry) return { text: "", rule: "" };
  const [low, high] = (view.numbers || [0, 0]).map(markText);
  const text = entry[0].replaceAll("{n}", `${low} and ${high}`).replaceAll("{low}", low).replaceAll("{high}", high);
  return { text, rule: entry[1] };
}

/** What the numbers chips show: [low, high], a star, or the one number left (O-LAST). */
export function numberChips(view, choices) {
  const marks = firstMarks(choices);
  if (view.over) return [];
  if (view.star_turn) return marks.length ? marks : ["star"];
  return view.numbers || [];
}

// ---------------------------------------------------------------- state of the page (local)

function draft(api) {
  const ui = api.ui;
  if (!ui.placed) {
    ui.placed = [];
    ui.pick = null;
    ui.focus = -1;
    ui.mode = "write";
    ui.tour = [];
    ui.showBest = false;
    ui.key = "";
  }
  return ui;
}

function atlasOf(api) {
  return api.model.get("atlas") || { spaces: [], routes: [], aspect: 0.66 };
}

function ids(api) {
  return (atlasOf(api).spaces || []).map((s) => s.id);
}

function spaceInfo(api, id) {
  return (atlasOf(api).spaces || []).find((s) => s.id === id) || { id, name: id, label: id };
}

function maps(api) {
  const v = api.view();
  const cache = api.ui.mapsCache;
  if (cache && cache.maps === v.maps) return cache.decoded;
  const list = ids(api);
  const decoded = (v.maps || []).map((code) => decodeMap(code, list));
  api.ui.mapsCache = { maps: v.maps, decoded };
  return decoded;
}

/** This turn's choices, split once per change of the model. */
function choicesOf(api) {
  const raw = api.choices();
  const cache = api.ui.choicesCache;
  if (cache && cache.raw === raw) return cache.split;
  const split = splitChoices(raw);
  api.ui.choicesCache = { raw, split };
  return split;
}

function plays(api) {
  return api.choices().length > 0 && !api.gone();
}

function actingSeat(view) {
  return isTeacher(view) ? view.turn : view.seat;
}

/** The spaces lit now: {spaces: Set, mark, x: bool (an X goes there)}. */
function lit(api) {
  const ui = draft(api);
  const choices = choicesOf(api);
  if (!plays(api) || ui.mode !== "write") return { spaces: new Set(), mark: null };
  if (ui.placed.length) {
    const sec = litSecond(choices, ui.placed[0]);
    return { spaces: sec.spaces, mark: sec.mark, x: sec.mark === "X" && !sec.also };
  }
  const marks = firstMarks(choices);
  const mark = ui.pick !== null ? ui.pick : marks.length === 1 ? marks[0] : null;
  return { spaces: litFirst(choices, mark), mark, x: mark === "X", faint: mark === null };
}

/** Whether the large map's tiles have room for two figures each (one above, one below). */
const ROOM_FOR_TWO = 28;
const ROOM_FOR_ALL = 24; // smaller tiles show the figures of the best FEW lit spaces only
const FEW = 6;

/** The advice's figures on the large map's lit spaces, when the advice is for the seat it shows;
 *  `tile` the large map's tile size (small tiles take the better of two numbers only). */
function spaceAdvice(api, tile = ROOM_FOR_TWO) {
  const advice = api.advice();
  const v = api.view();
  const ui = draft(api);
  if (!advice.spaces || advice.seat !== actingSeat(v) || bigSeat(v) !== actingSeat(v) || ui.mode !== "write") {
    return { figures: [], marks: [] };
  }
  const all = adviceOnSpaces(advice, choicesOf(api), lit(api), ui.placed, tile >= ROOM_FOR_TWO);
  const figures = figuresThatFit(all, tile);
  const few = figures.length < all.length;
  const marks = [...new Set(figures.map((f) => f.mark))];
  const both = figures.some((f) => f.slot > 0);
  const picked = lit(api).mark !== null && lit(api).mark !== undefined;
  return { figures, marks, both, better: !both && !picked && !ui.placed.length && firstMarks(choicesOf(api)).length > 1,
    kind: advice.kind, best: advice.best || null, few };
}

function litList(api) {
  const order = ids(api);
  const spaces = lit(api).spaces;
  return order.filter((id) => spaces.has(id));
}

// ---------------------------------------------------------------- playing (clicks and keys)

function say(api, text, isError = false, rule = "") {
  api.note(text, isError, rule);
}

function pickMark(api, mark) {
  const ui = draft(api);
  const v = api.view();
  if (!plays(api)) return notNow(api);
  const marks = firstMarks(choicesOf(api));
  if (ui.placed.length) {
    const sec = litSecond(choicesOf(api), ui.placed[0]);
    if (mark === ui.placed[0].mark) {
      return say(api, `${markText(mark)} is already in ${ui.placed[0].space}: Backspace takes it back.`);
    }
    return say(api, `Now ${markText(sec.mark)}: click a lit space${sec.mark === "X" ? " for its X" : ""}.`);
  }
  if (!marks.includes(mark)) {
    if (v.star_turn) return say(api, "A star turn: one click on a lit space draws the star.", false, "O-STAR");
    if (marks.includes("X")) return say(api, `${markText(mark)} has no legal space: choose where its X goes.`);
    return say(api, `${markText(mark)} cannot be written first this turn.`, true);
  }
  ui.pick = mark;
  ui.focus = -1;
  const n = litFirst(choicesOf(api), mark).size;
  say(api, `${markText(mark)}: click one of the ${n} lit space${n === 1 ? "" : "s"} (↑/↓ and Enter work too).`);
}

function notNow(api) {
  const v = api.view();
  if (v.over) return say(api, "The game is over: undo or jump back in the history to play on.", true);
  const waiting = api.model.get("waiting") || {};
  if (v.has_written) return say(api, `You have written this turn.${waiting.text ? ` ${waiting.text}` : ""}`);
  return say(api, waiting.text || "This board cannot write now.", true);
}

function commit(api, marks) {
  const v = api.view();
  api.ui.sent = actionText(actingSeat(v), marks);
  api.send({ type: "act", action: api.ui.sent });
}

function askWhy(api, marks) {
  api.send({ type: "why", marks: marks.map((m) => [markWord(m.mark), m.space]) });
}

function clickSpace(api, space) {
  const ui = draft(api);
  const v = api.view();
  const choices = choicesOf(api);
  if (ui.mode === "tour") return tourClick(api, space);
  const name = spaceInfo(api, space).name;
  if (!plays(api)) return notNow(api);
  if (!ui.placed.length) {
    const marks = firstMarks(choices);
    const mark = ui.pick !== null ? ui.pick : marks.length === 1 ? marks[0] : null;
    if (mark === null) {
      const [a, b] = marks;
      return say(api, `Pick a number first: click a die or press 1 (${markText(a)}) or 2 (${markText(b)}).`);
    }
    if (!litFirst(choices, mark).has(space)) return askWhy(api, [{ mark, space }]);
    const first = { mark, space };
    if (!needsSecond(choices, first)) return commit(api, [first]);
    ui.placed = [first];
    ui.pick = null;
    ui.focus = -1;
    const sec = litSecond(choices, first);
    if (sec.mark === "X") {
      return say(api, `${markText(mark)} in ${name}. ${v.star_turn ? "" : `${markText(otherNumber(v, mark))} `}` +
        "has no legal space left: click any empty space for its X (Backspace takes back).", false, "O-X");
    }
    return say(api, `${markText(mark)} in ${name}. Now ${markText(sec.mark)}: click a lit space ` +
      "(Backspace or a click on it again takes it back).");
  }
  const first = ui.placed[0];
  if (space === first.space) return takeBack(api);
  const mark = secondMarkAt(choices, first, space);
  if (mark === null) {
    const sec = litSecond(choices, first);
    return askWhy(api, [first, { mark: sec.mark, space }]);
  }
  commit(api, [first, { mark, space }]);
}

function otherNumber(view, mark) {
  const [a, b] = view.numbers || [];
  return mark === a ? b : a;
}

function takeBack(api) {
  const ui = draft(api);
  if (!ui.placed.length) return say(api, "Nothing written this turn to take back.");
  const back = ui.placed.pop();
  ui.pick = back.mark;
  ui.focus = -1;
  say(api, `Took back ${markText(back.mark)} from ${back.space}; it is picked again.`);
}

function tourClick(api, space) {
  const ui = draft(api);
  const at = ui.tour.indexOf(space);
  if (at >= 0 && at === ui.tour.length - 1) ui.tour.pop();
  else if (at >= 0) ui.tour = ui.tour.slice(0, at + 1);
  else ui.tour.push(space);
  sendTour(api);
}

function sendTour(api) {
  const ui = draft(api);
  api.model.send({ type: "tour", seat: bigSeat(api.view()), spaces: ui.tour.slice() });
  api.redraw();
}

function toggle(api, action) {
  const ui = draft(api);
  if (action === "best") {
    ui.showBest = !ui.showBest;
    const me = scoreAt(api.view(), bigSeat(api.view()));
    say(api, ui.showBest ? `Best tour shown: ${scoreText(me)}.` : "Best tour hidden.");
  } else if (action === "tour") {
    ui.mode = ui.mode === "tour" ? "write" : "tour";
    ui.focus = -1;
    if (ui.mode === "tour") {
      ui.tour = [];
      say(api, "Draw a tour: click spaces in order along the routes; a click on the last one takes it back. " +
        "The board checks it as you go.");
    } else say(api, "Back to writing.");
  } else if (action === "takeback") takeBack(api);
  else if (action === "clear") {
    ui.tour = [];
    ui.mode = "write";
    sendTour(api);
  }
  api.redraw();
}

// ---------------------------------------------------------------- drawing

function starPath(ctx, cx, cy, r) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    ctx.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  ctx.closePath();
}

function mapColours(c, palette) {
  const bg = c.dark ? "#23262b" : "#f6f5ef";
  const areas = {};
  for (const [area, [paper, edge]] of Object.entries(palette.areas)) {
    areas[area] = { paper, edge, blob: c.dark ? mix(edge, bg, 0.7) : mix(paper, bg, 0.15) };
  }
  const regions = {};
  for (const [r, col] of Object.entries(palette.regions)) regions[r] = c.dark ? mix(col, "#ffffff", 0.4) : col;
  return { bg, areas, regions, route: c.dark ? "#6f747c" : "#a3a39b", edge: c.dark ? "#3a3e45" : "#d8d6cc" };
}

/** Copy a canvas drawn at the screen's resolution onto the board, pixel for pixel (no resampling). */
function copy(ctx, source, x, y) {
  const dpr = window.devicePixelRatio || 1;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(source, Math.round(x * dpr), Math.round(y * dpr));
  ctx.restore();
}

/** The part of a map that never changes (its panel, areas, region names, routes), drawn once per
 *  size and theme into a canvas of its own and copied onto the board at each redraw. */
function staticLayer(api, c, geo, atlas, o) {
  const dpr = window.devicePixelRatio || 1;
  const key = `${geo.w}|${geo.large}|${c.dark}|${dpr}|${o.frame || ""}|${o.frameWidth || 1}`;
  const cache = (api.ui.layers = api.ui.layers || new Map());
  let layer = cache.get(key);
  if (layer) return layer;
  if (cache.size > 24) cache.clear();
  const local = mapGeometry(atlas, 0, 0, geo.w, { large: geo.large });
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil((geo.w + 2) * dpr);
  canvas.height = Math.ceil((local.h + 2) * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, dpr, dpr);
  paintStatic(ctx, api.kit, c, local, atlas, { ...o, regionLabels: geo.large ? regionLabels(atlas, local) : null });
  layer = { canvas, w: geo.w + 2, h: local.h + 2 };
  cache.set(key, layer);
  return layer;
}

function paintStatic(ctx, kit, c, geo, atlas, o) {
  const mc = o.mc;
  const T = geo.tile;
  kit.roundRect(ctx, geo.x, geo.y, geo.w, geo.h, 6);
  ctx.fillStyle = mc.bg;
  ctx.fill();
  ctx.strokeStyle = o.frame || mc.edge;
  ctx.lineWidth = o.frameWidth || 1;
  ctx.stroke();
  const byId = {};
  for (const s of atlas.spaces) byId[s.id] = s;
  // The six areas: one shape each, around their tiles and along their own routes.
  const r = T * 0.95;
  for (const area of Object.keys(mc.areas)) {
    ctx.fillStyle = mc.areas[area].blob;
    ctx.strokeStyle = mc.areas[area].blob;
    ctx.beginPath();
    for (const s of atlas.spaces) {
      if (s.area !== area) continue;
      const p = geo.pos[s.id];
      ctx.moveTo(p.x + r, p.y);
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.lineWidth = r * 1.6;
    ctx.lineCap = "round";
    ctx.beginPath();
    for (const [a, b] of atlas.routes) {
      if (byId[a].area !== area || byId[b].area !== area) continue;
      ctx.moveTo(geo.pos[a].x, geo.pos[a].y);
      ctx.lineTo(geo.pos[b].x, geo.pos[b].y);
    }
    ctx.stroke();
  }
  // Region names on the large map.
  if (o.regionLabels) {
    ctx.font = `bold ${Math.round(geo.strip * 0.72)}px ${c.font}`;
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    for (const l of o.regionLabels) {
      ctx.fillStyle = mc.regions[l.region] || c.ink2;
      const text = l.region.toUpperCase();
      if (l.vertical) {
        ctx.save();
        ctx.translate(l.x, l.y);
        ctx.rotate(-Math.PI / 2);
        ctx.fillText(text, 0, 1);
        ctx.restore();
      } else ctx.fillText(text, l.x, l.y + 1);
    }
  }
  // Routes.
  ctx.strokeStyle = mc.route;
  ctx.lineWidth = Math.max(0.8, T * 0.07);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (const [a, b] of atlas.routes) {
    ctx.moveTo(geo.pos[a].x, geo.pos[a].y);
    ctx.lineTo(geo.pos[b].x, geo.pos[b].y);
  }
  ctx.stroke();
}

/** A thumbnail's tiles: plain squares, filled in the area's ink once written; a few paths in all. */
function drawThumbTiles(ctx, geo, atlas, cells, o) {
  const T = geo.tile;
  const H = geo.tileH;
  const paths = {};
  const add = (key, x, y, w, h) => (paths[key] = paths[key] || []).push([x, y, w, h]);
  const xs = [];
  for (const s of atlas.spaces) {
    const p = geo.pos[s.id];
    const x = p.x - T / 2;
    const y = p.y - H / 2;
    const cell = (o.pending && o.pending[s.id]) || cells[s.id];
    add(`edge|${s.area}`, x, y, T, H);
    if (!cell || cell.mark === "X") add(`paper|${s.area}`, x + 1, y + 1, T - 2, H - 2);
    if (cell && cell.mark === "star") add("star", x + 1, y + 1, T - 2, H - 2);
    if (cell && cell.circled) add(`paper|${s.area}|ring`, x + T * 0.36, y + H * 0.36, T * 0.28, H * 0.28);
    if (cell && cell.mark === "X") xs.push([x, y]);
  }
  const order = Object.keys(paths).sort((a, b) => rankOf(a) - rankOf(b));
  for (const key of order) {
    const [kind, area] = key.split("|");
    ctx.fillStyle = kind === "star" ? o.ink.star : o.mc.areas[area][kind === "edge" ? "edge" : "paper"];
    ctx.beginPath();
    for (const [x, y, w, h] of paths[key]) ctx.rect(x, y, w, h);
    ctx.fill();
  }
  if (xs.length) {
    ctx.strokeStyle = o.ink.x;
    ctx.lineWidth = Math.max(1, T * 0.14);
    ctx.beginPath();
    for (const [x, y] of xs) {
      ctx.moveTo(x + T * 0.25, y + H * 0.25);
      ctx.lineTo(x + T * 0.75, y + H * 0.75);
      ctx.moveTo(x + T * 0.75, y + H * 0.25);
      ctx.lineTo(x + T * 0.25, y + H * 0.75);
    }
    ctx.stroke();
  }
}

function rankOf(key) {
  if (key.startsWith("edge")) return 0;
  if (key.endsWith("ring")) return 3;
  return key === "star" ? 2 : 1;
}

/** One map: its static layer, then tours, tiles and marks; options say what else to draw. */
function drawMap(ctx, kit, c, geo, atlas, cells, o) {
  const mc = o.mc;
  const T = geo.tile;
  const H = geo.tileH;
  const layer = staticLayer(o.api, c, geo, atlas, o);
  copy(ctx, layer.canvas, geo.x - 1, geo.y - 1);
  // Tours: the best one and one drawn by the player, under the tiles.
  for (const tour of o.tours || []) {
    if (tour.spaces.length < 1) continue;
    ctx.save();
    ctx.strokeStyle = tour.colour;
    ctx.globalAlpha = tour.alpha || 0.8;
    ctx.lineWidth = Math.max(2, T * (tour.width || 0.2));
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    if (tour.dash) ctx.setLineDash([T * 0.3, T * 0.22]);
    ctx.beginPath();
    tour.spaces.forEach((id, i) => {
      const p = geo.pos[id];
      if (!p) return;
      if (i) ctx.lineTo(p.x, p.y);
      else ctx.moveTo(p.x, p.y);
    });
    ctx.stroke();
    ctx.restore();
  }
  // Tiles.
  const textOk = T >= 11;
  const fontNum = Math.round(T * 0.46);
  const fontLabel = Math.round(T * 0.27);
  const fontEmpty = Math.round(T * 0.36);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const s of atlas.spaces) {
    const p = geo.pos[s.id];
    const x = p.x - T / 2;
    const y = p.y - H / 2;
    const colours = mc.areas[s.area];
    const cell = cells[s.id];
    const pending = o.pending && o.pending[s.id];
    const shown = pending || cell;
    if (!textOk) continue; // thumbnails: drawn below, one path a colour
    kit.roundRect(ctx, x, y, T, H, Math.max(2, T * 0.18));
    ctx.fillStyle = colours.paper;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colours.edge;
    ctx.stroke();
    if (!shown) {
      ctx.fillStyle = colours.edge;
      ctx.font = `bold ${fontEmpty}px ${c.font}`;
      ctx.fillText(s.label, p.x, p.y + 0.5);
      continue;
    }
    if (fontLabel >= 7) {
      ctx.fillStyle = colours.edge;
      ctx.font = `${fontLabel}px ${c.font}`;
      ctx.fillText(s.label, p.x, y + H * 0.2);
    }
    const ny = fontLabel >= 7 ? p.y + H * 0.14 : p.y + 0.5;
    const ink = pending ? c.accent : shown.mark === "X" ? o.ink.x : shown.mark === "star" ? o.ink.star : o.ink.number;
    if (shown.mark === "star") {
      starPath(ctx, p.x, ny, T * 0.25);
      ctx.fillStyle = ink;
      ctx.fill();
    } else if (shown.mark === "X") {
      ctx.strokeStyle = ink;
      ctx.lineWidth = Math.max(1.5, T * 0.09);
      const k = T * 0.2;
      ctx.beginPath();
      ctx.moveTo(p.x - k, ny - k);
      ctx.lineTo(p.x + k, ny + k);
      ctx.moveTo(p.x + k, ny - k);
      ctx.lineTo(p.x - k, ny + k);
      ctx.stroke();
    } else {
      ctx.fillStyle = ink;
      ctx.font = `bold ${fontNum}px ${c.font}`;
      ctx.fillText(markText(shown.mark), p.x, ny + 0.5);
    }
    if (shown.circled) {
      ctx.beginPath();
      ctx.ellipse(p.x, ny, T * 0.36, H * 0.26, 0, 0, Math.PI * 2);
      ctx.strokeStyle = pending ? c.accent : o.ink.circle;
      ctx.lineWidth = Math.max(1, T * 0.055);
      ctx.stroke();
    }
    if (pending) {
      ctx.save();
      ctx.setLineDash([3, 2]);
      kit.roundRect(ctx, x - 2, y - 2, T + 4, H + 4, Math.max(3, T * 0.22));
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.restore();
    }
  }
  if (!textOk) drawThumbTiles(ctx, geo, atlas, cells, o);
  // Marks around tiles: this turn's writing, lit spaces, the focused one, spaces that would circle.
  for (const id of o.fresh || []) {
    const b = tileBox(geo, id);
    kit.roundRect(ctx, b.x - 2, b.y - 2, b.w + 4, b.h + 4, Math.max(3, T * 0.22));
    ctx.strokeStyle = o.ink.fresh;
    ctx.lineWidth = Math.max(1.5, T * 0.07);
    ctx.stroke();
  }
  if (o.lit) {
    for (const id of o.lit.spaces) {
      const b = tileBox(geo, id);
      ctx.save();
      kit.roundRect(ctx, b.x - 3, b.y - 3, b.w + 6, b.h + 6, Math.max(4, T * 0.25));
      ctx.strokeStyle = o.lit.x ? o.ink.x : c.accent;
      ctx.globalAlpha = o.lit.faint ? 0.55 : 1;
      ctx.lineWidth = o.lit.faint ? 1.5 : 2.5;
      if (o.lit.x) ctx.setLineDash([4, 3]);
      ctx.stroke();
      ctx.restore();
      if (!o.lit.x && o.circle && o.circle.has(id) && !cells[id]) {
        ctx.save();
        ctx.setLineDash([2, 2]);
        ctx.beginPath();
        ctx.ellipse(b.x + b.w / 2, b.y + b.h / 2, T * 0.42, H * 0.3, 0, 0, Math.PI * 2);
        ctx.strokeStyle = c.accent;
        ctx.lineWidth = 1.2;
        ctx.stroke();
        ctx.restore();
      }
    }
  }
  // The advice: the best writing ringed in green; each lit space's figures on its edges.
  for (const id of o.bestRing || []) {
    const b = tileBox(geo, id);
    if (b) kit.glow(ctx, b, c.win, 2.5, -5);
  }
  if (o.figures && o.figures.length) {
    const size = clamp(Math.round(T * 0.44), 8, 11);
    const two = o.figures.some((f) => f.slot > 0);
    for (const f of o.figures) {
      const b = tileBox(geo, f.space);
      const text = kit.figureText(o.kind, f.figure[0], f.figure[1], f.figure[2], true);
      const y = two && f.slot === 0 ? b.y - 1 : b.y + b.h + 1;
      const x = f.slot > 1 ? b.x + b.w : b.x + b.w / 2;
      figureTag(ctx, kit, c, x, y, f.best ? `★${text}` : text, f.best, size);
    }
  }
  for (const t of o.tourDots || []) {
    const b = tileBox(geo, t.id);
    kit.badge(ctx, c, b.x + b.w, b.y, String(t.n), t.colour, "#ffffff", Math.max(8, Math.round(T * 0.3)));
  }
  if (o.focus) {
    const b = tileBox(geo, o.focus);
    kit.glow(ctx, b, c.ink, 2.5, -5);
  }
}

/** A figure of the advice centred on (x, y): light on the map, the best in green. */
function figureTag(ctx, kit, c, x, y, text, best, size) {
  ctx.save();
  ctx.font = `bold ${size}px ${c.font}`;
  const w = ctx.measureText(text).width + 6;
  const h = size + 4;
  kit.roundRect(ctx, x - w / 2, y - h / 2, w, h, 3);
  ctx.fillStyle = best ? c.win : c.bg;
  ctx.globalAlpha = best ? 1 : 0.92;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = best ? c.win : c.ink2;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = best ? c.win_ink : c.ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
  ctx.restore();
}

function drawTurn(ctx, geo, api, c) {
  const kit = api.kit;
  const v = api.view();
  const palette = api.config.palette;
  const ui = draft(api);
  const T = geo.turn;
  const colours = mapColours(c, palette);
  // Cards: the space (and its name) on paper, the region in its colour underneath.
  (v.cards || []).forEach((card, i) => {
    const b = T.cards[i];
    if (!b) return;
    const region = palette.regions[card.region] || c.ink2;
    const info = spaceInfo(api, card.space);
    const area = colours.areas[info.area] || { paper: "#ffffff", edge: c.ink };
    kit.roundRect(ctx, b.x, b.y, b.w, b.h, 6);
    ctx.fillStyle = area.paper;
    ctx.fill();
    ctx.strokeStyle = region;
    ctx.lineWidth = 2;
    ctx.stroke();
    const band = Math.round(b.h * 0.36);
    ctx.save();
    kit.roundRect(ctx, b.x, b.y, b.w, b.h, 6);
    ctx.clip();
    ctx.fillStyle = region;
    ctx.fillRect(b.x, b.y + b.h - band, b.w, band);
    ctx.restore();
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#1a1a1a";
    ctx.font = `bold 14px ${c.font}`;
    const top = b.y + (b.h - band) / 2 + 1;
    ctx.fillText(info.label, b.x + 7, top);
    const lw = ctx.measureText(info.label).width;
    ctx.font = `11px ${c.font}`;
    ctx.fillStyle = "#333333";
    if (b.w - lw - 20 > 30) ctx.fillText(info.name, b.x + 12 + lw, top + 1, b.w - lw - 18);
    ctx.fillStyle = "#ffffff";
    ctx.font = `bold 11px ${c.font}`;
    ctx.textAlign = "center";
    ctx.fillText(card.region, b.x + b.w / 2, b.y + b.h - band / 2 + 0.5, b.w - 8);
  });
  if (!(v.cards || []).length && !v.over && T.cards.length) {
    const b = T.cards[0];
    ctx.fillStyle = c.ink2;
    ctx.font = `italic 12px ${c.font}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText("No cards: last turn (O-LAST)", b.x, b.y + b.h / 2, T.cards[2].x + T.cards[2].w - b.x);
  }
  // Dice, then the numbers they make (or the star).
  const dice = v.dice || [0, 0];
  const star = v.star_turn;
  T.dice.forEach((b, i) => {
    kit.roundRect(ctx, b.x, b.y, b.w, b.h, 7);
    ctx.fillStyle = palette.ink.die;
    ctx.fill();
    ctx.strokeStyle = star ? palette.ink.star : "#555555";
    ctx.lineWidth = star ? 2.5 : 1.2;
    ctx.stroke();
    ctx.fillStyle = palette.ink.die_ink;
    ctx.font = `bold ${Math.round(b.h * 0.55)}px ${c.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(v.over ? "–" : String(dice[i]), b.x + b.w / 2, b.y + b.h / 2 + 1);
  });
  const chips = numberChips(v, choicesOf(api));
  const placedMarks = ui.placed.map((p) => p.mark);
  const activeMark = lit(api).mark;
  T.numbers.forEach((b, i) => {
    const mark = chips[i];
    if (mark === undefined) return;
    const placed = placedMarks.includes(mark);
    const picked = plays(api) && !placed && (ui.pick === mark || (ui.placed.length && activeMark === mark));
    kit.roundRect(ctx, b.x, b.y, b.w, b.h, 8);
    ctx.fillStyle = picked ? c.accent : placed ? c.panel2 : c.panel;
    ctx.fill();
    ctx.strokeStyle = picked ? c.accent : c.border;
    ctx.lineWidth = picked ? 2 : 1;
    ctx.stroke();
    ctx.fillStyle = picked ? (c.dark ? "#0b1e33" : "#ffffff") : placed ? c.ink2 : c.ink;
    ctx.font = `bold ${Math.round(b.h * 0.5)}px ${c.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (mark === "star") {
      starPath(ctx, b.x + b.w / 2, b.y + b.h / 2, b.h * 0.3);
      ctx.fillStyle = picked ? ctx.fillStyle : palette.ink.star;
      ctx.fill();
    } else ctx.fillText(markText(mark), b.x + b.w / 2, b.y + b.h / 2 + 1);
    if (placed) {
      const where = ui.placed.find((p) => p.mark === mark).space;
      kit.badge(ctx, c, b.x + b.w / 2, b.y + b.h + 2, `✓ ${where}`, c.good, "#ffffff", 9);
    } else if (plays(api) && chips.length > 1) kit.badge(ctx, c, b.x + 7, b.y + 5, String(i + 1), c.ink2, c.bg, 9);
  });
  // Counts.
  const K = T.counts || { w: 0 };
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillStyle = c.ink1;
  ctx.font = `12px ${c.font}`;
  const counts = `Deck ${v.deck} · Discards ${v.discard}${v.reshuffled ? " · reshuffled (O-FLIP)" : ""}`;
  if (K.w > 40) {
    const lines = kit.wrap(ctx, counts, K.w);
    lines.slice(0, 2).forEach((l, i) => ctx.fillText(l, K.x, K.y + K.h / 2 + (i - (lines.length > 1 ? 0.5 : 0)) * 15,
      K.w));
  }
  // Words.
  const Wd = T.words;
  ctx.font = `${star || v.last_turn ? "bold " : ""}13px ${c.font}`;
  ctx.fillStyle = star ? (c.dark ? "#ffd27a" : "#8a5a00") : c.ink;
  Wd.lines.forEach((line, i) => ctx.fillText(line, Wd.x, Wd.y + 8 + i * 17, Wd.w));
  // Buttons.
  for (const b of T.buttons) {
    kit.roundRect(ctx, b.x, b.y, b.w, b.h, 5);
    ctx.fillStyle = b.on ? c.accent : c.panel2;
    ctx.fill();
    ctx.strokeStyle = b.on ? c.accent : c.border;
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = b.on ? (c.dark ? "#0b1e33" : "#ffffff") : b.disabled ? c.ink2 : c.ink;
    ctx.font = `${b.on ? "bold " : ""}12px ${c.font}`;
    ctx.textAlign = "center";
    ctx.fillText(b.label, b.x + b.w / 2, b.y + b.h / 2 + 0.5, b.w - 8);
  }
}

function tourOf(score) {
  return score ? score.tour : [];
}

function drawBoard(ctx, geo, api, c) {
  const kit = api.kit;
  const v = api.view();
  const palette = api.config.palette;
  const atlas = atlasOf(api);
  const ui = draft(api);
  const mc = mapColours(c, palette);
  const decoded = maps(api);
  const marks = api.marks();
  const scores = (v.players || []).map((_, s) => scoreAt(v, s));
  const fresh = decoded.map((cells) => Object.keys(cells).filter((id) => cells[id] && cells[id].fresh));
  const winners = new Set(v.winners || []);
  drawTurn(ctx, geo, api, c);

  // The large map.
  const B = geo.big;
  const big = B.seat;
  const me = scores[big];
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillStyle = c.ink;
  ctx.font = `bold 13px ${c.font}`;
  const solo = (v.players || []).length === 1;
  const head = `${seatName(v, big)}${winners.has(big) && !solo ? " · wins" : ""}`;
  ctx.fillText(head, B.label.x, B.label.y + 9, B.label.w);
  const hw = Math.min(B.label.w, ctx.measureText(head).width + 10);
  ctx.font = `12px ${c.font}`;
  ctx.fillStyle = c.ink1;
  const record = (api.model.get("highscores") || {}).best;
  const personal = record !== null && record !== undefined && !v.over ? ` · your record ${record}` : "";
  const best = !me ? "" : (B.label.w - hw > 260 + personal.length * 6 ? `best tour ${scoreText(me)}`
    : `best tour ${me.total}`) + personal;
  ctx.fillText(best, B.label.x + hw, B.label.y + 9, B.label.w - hw);
  const pending = {};
  for (const p of ui.placed) {
    const circle = new Set(circleSpaces(v));
    pending[p.space] = { mark: p.mark, circled: p.mark !== "X" && circle.has(p.space) };
  }
  const tours = [];
  const showBest = ui.showBest || v.over;
  if (showBest && me) tours.push({ spaces: tourOf(me), colour: palette.ink.best, width: 0.22, alpha: 0.7 });
  const drawn = api.model.get("drawn") || {};
  const mine = ui.mode === "tour" || ui.tour.length ? ui.tour : drawn.seat === big ? drawn.spaces || [] : [];
  if (mine.length) tours.push({ spaces: mine, colour: palette.ink.drawn, width: 0.14, alpha: 0.9, dash: !drawn.ok });
  const dots = mine.map((id, i) => ({ id, n: i + 1, colour: palette.ink.drawn }));
  const litNow = lit(api);
  const advice = spaceAdvice(api, B.geo.tile);
  const ring = advice.best && !ui.placed.length ? advice.best.marks.map(([, space]) => space) : [];
  drawMap(ctx, kit, c, B.geo, atlas, decoded[big] || {}, {
    api, mc, ink: palette.ink, tours, pending,
    fresh: v.over ? [] : fresh[big] || [], lit: litNow, circle: new Set(circleSpaces(v)), tourDots: dots,
    focus: ui.focusId, frame: winners.has(big) ? c.win : null, frameWidth: winners.has(big) ? 3 : 1,
    figures: advice.figures, kind: advice.kind, bestRing: advice.figures.length ? ring : [],
  });
  ui.adviceDrawn = advice.figures.map((f) => ({ ...f,
    text: kit.figureText(advice.kind, f.figure[0], f.figure[1], f.figure[2], true) }));
  if (geo.tourLine.lines) {
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = drawn.ok === false ? c.error : c.ink;
    ctx.textAlign = "left";
    geo.tourLine.lines.forEach((l, i) => ctx.fillText(l, geo.tourLine.x, geo.tourLine.y + 8 + i * 16, geo.tourLine.w));
  }

  // The small maps: each seat's name, its running best score, whether it has written.
  for (const S of geo.smalls) {
    const s = S.seat;
    const score = scores[s];
    const won = winners.has(s);
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.font = `${won || s === v.turn ? "bold " : ""}12px ${c.font}`;
    ctx.fillStyle = won ? c.good : c.ink;
    const done = !v.over && (v.written || [])[s] ? " ✓" : "";
    const text = `${s === v.turn && !v.over ? "▶ " : ""}Seat ${s} · ${(v.players || [])[s]} · ${score ? score.total : 0}` +
      `${won ? " · wins" : ""}${done}`;
    ctx.fillText(text, S.label.x, S.label.y + 9, S.label.w);
    const t = [];
    if (v.over && score) t.push({ spaces: tourOf(score), colour: palette.ink.best, width: 0.3, alpha: 0.75 });
    drawMap(ctx, kit, c, S.geo, atlas, decoded[s] || {}, {
      api, mc, ink: palette.ink, tours: t, fresh: v.over ? [] : fresh[s] || [],
      frame: won ? c.win : null, frameWidth: won ? 2.5 : 1,
    });
  }

  // The solo high-score table.
  if (geo.table) {
    const table = api.model.get("highscores") || {};
    const Tb = geo.table;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = c.ink;
    ctx.font = `bold 13px ${c.font}`;
    const head = table.rank === 1 && table.games > 1 ? "Solo high scores · a new personal best!"
      : table.rank ? `Solo high scores · this game is #${table.rank} of ${table.games}` : "Solo high scores";
    ctx.fillText(head, Tb.x, Tb.y + 8, Tb.w);
    (table.rows || []).forEach((row, i) => {
      ctx.font = `${row.this ? "bold " : ""}12px ${c.font}`;
      ctx.fillStyle = row.this ? c.accent : c.ink1;
      ctx.fillText(`${i + 1}. ${row.total} (${row.spaces} + ${row.circles})  seed ${row.seed}  ${row.date}` +
        `${row.this ? "  ← this game" : ""}`, Tb.x + 8, Tb.y + 26 + i * 17, Tb.w - 8);
    });
    if (table.problem) {
      ctx.fillStyle = c.warn;
      ctx.font = `12px ${c.font}`;
      ctx.fillText(table.problem, Tb.x + 8, Tb.y + 26 + (table.rows || []).length * 17, Tb.w);
    }
  }
}

// ---------------------------------------------------------------- the game module

function buttons(api) {
  const ui = draft(api);
  const v = api.view();
  const out = [{ action: "best", label: v.over ? "Best tours shown" : ui.showBest ? "★ Best tour shown" : "Show best tour",
    on: ui.showBest || v.over, disabled: v.over }];
  out.push({ action: "tour", label: ui.mode === "tour" ? "✎ Drawing a tour" : "Draw a tour", on: ui.mode === "tour" });
  if (ui.tour.length || (api.model.get("drawn") || {}).spaces) out.push({ action: "clear", label: "Clear tour" });
  if (ui.placed.length) out.push({ action: "takeback", label: `↶ Take back ${markText(ui.placed[0].mark)}` });
  return out;
}

function words(api, tile) {
  const v = api.view();
  const marks = api.marks();
  if (v.over && (v.players || []).length === 1) {
    return "Game over: the map is full. Its best tour is drawn: the score is its spaces plus its circles.";
  }
  if (v.over) return "Game over: every map is full. Every best tour is drawn; the winner's map is framed.";
  if (plays(api) && marks.turn) {
    const asks = turnAsks(api.config.palette.turn_words, marks.turn, v);
    return `${asks.text} (${asks.rule})${adviceLegend(api, tile)}`;
  }
  const w = turnWords(v);
  return v.has_written ? `${w} You have written this turn.` : w;
}

/** What the advice's figures on the map are, in a few words (after the turn's words). */
function adviceLegend(api, tile) {
  const advice = spaceAdvice(api, tile);
  if (!advice.figures.length) return "";
  const placed = draft(api).placed.length;
  const marks = advice.marks.map((m) => markText(m === "star" || m === "X" ? m : Number(m)));
  const chips = firstMarks(choicesOf(api)).map(markText);
  const each = advice.few ? `each of the ${FEW} best lit spaces (hover another for its own)` : "each lit space";
  const where = advice.both ? `${marks[0]}'s above ${each}, ${marks[1]}'s below`
    : advice.better ? `the better of ${chips.join(" and ")} under ${each}`
      : placed ? `the whole writing's under ${each}` : `${marks[0]}'s under ${each}`;
  return ` Advice, expected final score: ${where}; ★ best${placed ? " left" : ", ringed"}.`;
}

function tourText(api) {
  const drawn = api.model.get("drawn") || {};
  const ui = draft(api);
  if (ui.mode === "tour" && !ui.tour.length) return "Drawing a tour: click a space to start it.";
  if (!drawn.spaces || !drawn.spaces.length) return "";
  if (ui.tour.length && ui.tour.join(" ") !== drawn.spaces.join(" ")) return "Checking…";
  if (api.model.get("message") === drawn.text) return ""; // said on the message line already
  return drawn.text || "";
}

export const GAME = {
  keysHelp: "Keys: 1/2 pick a number, ↑/↓ choose a lit space, Enter writes there, Backspace takes back; " +
    "B shows the best tour, T draws a tour; ←/→ undo and redo, space steps, A shows or hides the advice.",
  teacher: { option: "Teacher view", banner: "TEACHER VIEW · large map: the seat to write" },

  title: (view) => `On Tour · turn ${view.round}`,

  status(api) {
    const v = api.view();
    if (api.gone() || v.over || api.model.get("autoplay")) return ""; // the shell's words
    const players = v.players || [];
    const who = (seat) => `Seat ${seat} (${players[seat] || "?"})`;
    if (plays(api)) {
      if (draft(api).mode === "tour") return "Drawing a tour: click spaces in order";
      const what = v.star_turn ? "draw a star" : `write ${(v.numbers || []).map(markText).join(" and ")}`;
      const yours = !isTeacher(v) && players[v.seat] === "human";
      return yours ? `Your turn, seat ${v.seat}: ${what}` : `${who(actingSeat(v))} to write: ${what}`;
    }
    if (v.has_written) return `You have written; ${who(v.turn)} still to write`;
    return `${who(v.turn)} to write`;
  },

  layout(view, width, opts = {}) {
    const api = opts.api;
    if (!api) return layout(view, width, opts);
    const table = api.model.get("highscores") || {};
    const rows = view.over && table.rows ? Math.max(1, table.rows.length) + (table.problem ? 1 : 0) : 0;
    const atlas = atlasOf(api);
    return layout(view, width, { ...opts, atlas, words: words(api, bigTile(view, width, atlas)), buttons: buttons(api),
      tourText: tourText(api), tableRows: rows });
  },

  hitTest,

  draw(ctx, geo, api, theme) {
    drawBoard(ctx, geo, api, theme);
  },

  click(hit, api) {
    const ui = draft(api);
    if (!hit) return;
    if (hit.kind === "button") {
      if (!hit.disabled) toggle(api, hit.action);
      return;
    }
    if (hit.kind === "number" || hit.kind === "die") {
      const v = api.view();
      const chips = numberChips(v, choicesOf(api));
      let mark = chips[hit.index];
      if (hit.kind === "die" && !v.star_turn) {
        const d = (v.dice || [])[hit.index];
        mark = (v.numbers || []).find((n) => Math.floor(n / 10) === d);
      }
      if (mark === undefined) return;
      return pickMark(api, mark);
    }
    if (hit.kind === "space") {
      ui.focusId = null;
      return clickSpace(api, hit.space);
    }
    if (hit.kind === "map") {
      const s = scoreAt(api.view(), hit.seat);
      return say(api, `Seat ${hit.seat}'s map: best tour ${scoreText(s) || "none yet"}.`);
    }
  },

  clickable(hit, api) {
    if (["button", "number", "die", "map"].includes(hit.kind)) return true;
    if (hit.kind === "space") return draft(api).mode === "tour" || lit(api).spaces.has(hit.space) || plays(api);
    return false;
  },

  key(key, api) {
    const ui = draft(api);
    const v = api.view();
    if (key === "1" || key === "2") {
      const chips = numberChips(v, choicesOf(api));
      const mark = chips[Number(key) - 1];
      if (mark !== undefined) pickMark(api, mark);
      return true;
    }
    if (key === "ArrowDown" || key === "ArrowUp") {
      const list = ui.mode === "tour" ? ids(api) : litList(api);
      if (!list.length) {
        say(api, plays(api) ? "Pick a number first (1 or 2)." : "Nothing to choose now.");
        return true;
      }
      const at = list.indexOf(ui.focusId);
      const next = at < 0 ? (key === "ArrowDown" ? 0 : list.length - 1)
        : (at + (key === "ArrowDown" ? 1 : -1) + list.length) % list.length;
      ui.focusId = list[next];
      const info = spaceInfo(api, ui.focusId);
      const areaName = (api.config.palette.area_names || {})[info.area] || info.area;
      say(api, `${info.name} (${info.label}), ${areaName} (${next + 1} of ${list.length}): Enter ` +
        `${ui.mode === "tour" ? "adds it to the tour" : "writes there"}.`);
      return true;
    }
    if (key === "Enter") {
      if (ui.focusId) {
        const id = ui.focusId;
        if (ui.mode !== "tour") ui.focusId = null;
        clickSpace(api, id);
      } else say(api, "Choose a space first: ↑/↓ go through the lit ones.");
      return true;
    }
    if (key === "Backspace") {
      if (ui.mode === "tour" && ui.tour.length) {
        ui.tour.pop();
        sendTour(api);
      } else takeBack(api);
      return true;
    }
    if (key === "b" || key === "B") {
      toggle(api, "best");
      return true;
    }
    if (key === "t" || key === "T") {
      toggle(api, "tour");
      return true;
    }
    return false;
  },

  hover(hit, api) {
    const ui = draft(api);
    const v = api.view();
    if (hit.kind === "space") {
      const info = spaceInfo(api, hit.space);
      const cell = (maps(api)[hit.seat] || {})[hit.space];
      const areaName = (api.config.palette.area_names || {})[info.area] || info.area;
      let text = `${info.name} (${info.label}) · ${areaName}; its card shows ${info.card_region}`;
      if (cell) text += ` · ${cell.mark === "X" ? "an X" : cell.mark === "star" ? "a star" : markText(cell.mark)}` +
        `${cell.circled ? ", circled" : ""}`;
      else text += " · empty";
      const L = lit(api);
      if (L.spaces.has(hit.space) && L.mark !== null && L.mark !== undefined) {
        const circles = circleSpaces(api.view()).includes(hit.space) && L.mark !== "X";
        text += ` — ${markText(L.mark)} may go here${circles ? " (circled: a card's own space)" : ""}`;
      }
      const advice = spaceAdvice(api);
      const here = hit.seat === bigSeat(v) ? advice.figures.filter((f) => f.space === hit.space) : [];
      if (here.length) {
        const said = here.map((f) => {
          const mark = markText(f.mark === "star" || f.mark === "X" ? f.mark : Number(f.mark));
          return `${mark} here: ${api.kit.figureWords(advice.kind, ...f.figure)}${f.best ? ", the best" : ""}`;
        });
        text += `. Advice: ${said.join("; ")}`;
      }
      return text;
    }
    if (hit.kind === "card") {
      const card = (v.cards || [])[hit.index];
      if (!card) return null;
      const info = spaceInfo(api, card.space);
      return `Card ${info.name} (${info.label}), region ${card.region}: a number may go in any empty ${card.region} ` +
        `space; written in ${info.label} itself it is circled.`;
    }
    if (hit.kind === "die") {
      const d = (v.dice || [])[hit.index];
      if (v.star_turn) return `Die ${d}: a double, so a star turn`;
      const n = (v.numbers || []).find((x) => Math.floor(x / 10) === d);
      return `Die ${d}: click to write ${markText(n)} first`;
    }
    if (hit.kind === "number") {
      const chips = numberChips(v, choicesOf(api));
      const m = chips[hit.index];
      return m === undefined ? null : `${markText(m)}: click (or press ${hit.index + 1}) to pick it, then a lit space`;
    }
    if (hit.kind === "map") {
      const s = scoreAt(v, hit.seat);
      return `${seatName(v, hit.seat)}: best tour ${scoreText(s) || "none yet"}`;
    }
    if (hit.kind === "button") {
      return {
        best: "Show or hide the best tour of this map (B)", tour: "Draw your own tour by clicking spaces in order (T)",
        takeback: "Take back the number written this turn (Backspace)", clear: "Clear the drawn tour",
      }[hit.action];
    }
    return null;
  },

  changed(api) {
    const ui = draft(api);
    const v = api.view();
    const key = `${api.model.get("position")}|${v.seat}|${v.round}|${(v.written || []).join()}`;
    if (key !== ui.key) {
      ui.key = key;
      ui.placed = [];
      ui.pick = null;
      ui.focusId = null;
    }
    const drawn = api.model.get("drawn") || {};
    if (ui.mode !== "tour" && !(drawn.spaces || []).length) ui.tour = [];
  },

  escape(api) {
    const ui = draft(api);
    ui.pick = null;
    ui.focusId = null;
    if (ui.mode === "tour") ui.mode = "write";
  },

  dataset(api) {
    const ui = draft(api);
    const L = lit(api);
    return {
      placed: ui.placed.map((p) => `${markWord(p.mark)} ${p.space}`).join(", "),
      pick: ui.pick === null ? "" : markWord(ui.pick),
      lit: litList(api).join(" "),
      litMark: L.mark === null || L.mark === undefined ? "" : markWord(L.mark),
      mode: ui.mode,
      tour: ui.tour.join(" "),
      best: String(!!ui.showBest),
      big: String(bigSeat(api.view())),
      focus: ui.focusId || "",
      drawn: (api.model.get("drawn") || {}).text || "",
      adviceFigures: String((ui.adviceDrawn || []).length),
      adviceBest: ((ui.adviceDrawn || []).find((f) => f.best) || {}).space || "",
      adviceDrawn: (ui.adviceDrawn || []).map((f) => `${f.space}:${f.mark}=${f.text}`).join("; "),
    };
  },

  hooks(api) {
    return {
      lit: () => litList(api),
      maps: () => maps(api),
      scores: () => (api.view().players || []).map((_, s) => scoreAt(api.view(), s)),
    };
  },

  describe(api) {
    const v = api.view();
    const who = isTeacher(v) ? "teacher's view" : `seat ${v.seat}`;
    const me = scoreAt(v, bigSeat(v));
    const marks = api.marks();
    const asks = turnAsks(api.config.palette.turn_words, marks.turn, v).text;
    return `On Tour board, ${who}. ${v.over ? "Game over." : turnWords(v)} ` +
      (me ? `Best tour ${scoreText(me)}. ` : "") +
      (plays(api) ? `${asks} Press 1 or 2 to pick a number, arrows up and down to choose a lit space, Enter ` +
        "to write." : "");
  },
};
