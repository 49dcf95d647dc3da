// On Tour's board laid out (pure functions, tested with Node): the turn (cards, dice, numbers,
// words, buttons), the viewing seat's map large, every other map small, the solo high-score table.
// Every target is at least TARGET px square (WCAG 2.2): where the whole map's tiles would be smaller
// (a phone, a laptop with the file browser open), the large map is drawn enlarged in a window the
// width of the board, with tabs (West, Central, East) that move the window; a tile is a target where
// a finger's width of it is in the window.

import { TARGET, boardWidth, clamp, padOf, pick } from "../../widgets/js/geometry.js";
import { isTeacher } from "../../widgets/js/seats.js";
import { textWidth, wrapText } from "../../widgets/js/text.js";

/** The seat whose map is drawn large: the viewing seat, else the seat to write, else a winner. */
export function bigSeat(view) {
  if (!isTeacher(view)) return view.seat;
  if (view.turn !== null && view.turn !== undefined) return view.turn;
  return (view.winners || [])[0] || 0;
}

/** A map's box: tiles at their places, the strips for the region names (large maps only). */
export function mapGeometry(atlas, x, y, w, opts = {}) {
  const large = opts.large !== false;
  const strip = large ? clamp(Math.round(w * 0.028), 16, 18) : 0; // region names in 11 px and more
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

/** The nearest two tiles' distance (the larger of across and down), as a share of the map's width. */
const spacings = new WeakMap();
export function spacing(atlas) {
  const s = atlas.spaces || [];
  if (spacings.has(atlas)) return spacings.get(atlas);
  let best = 1;
  for (let i = 0; i < s.length; i++) {
    for (let j = i + 1; j < s.length; j++) {
      best = Math.min(best, Math.max(Math.abs(s[i].x - s[j].x), Math.abs(s[i].y - s[j].y)));
    }
  }
  spacings.set(atlas, best);
  return best;
}

/** Whether a large map `w` px wide has tiles a finger can hit: TARGET px and more, not overlapping. */
export function touchable(atlas, w) {
  const geo = mapGeometry(atlas, 0, 0, w, { large: true });
  return geo.tile >= TARGET && geo.tileH >= TARGET && geo.uw * spacing(atlas) >= TARGET;
}

/** The narrowest large map whose tiles are touchable (the width an enlarged map is drawn at). */
export function touchWidth(atlas) {
  let w = 300;
  while (!touchable(atlas, w) && w < 2000) w += 10;
  return w + 40; // a little room: the labels' letters clear the tiles' edges
}

/** The tabs that move an enlarged map's window: their names, from the left. */
export const PANS = ["West", "Central", "East"];

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
  const W = boardWidth(width);
  const pad = padOf(W);
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
    if (W - pad - rx >= textWidth("Discards 00", 12)) {
      turn.counts = { x: rx, y: ry, w: W - pad - rx, h: die };
      y = wide ? y + cardH + 8 : ry + die + 8;
    } else { // a phone: no room beside the numbers for two lines of counts, so a row of their own
      turn.counts = { x: pad, y: ry + die + 4, w: inner, h: 16, row: true };
      y = turn.counts.y + turn.counts.h + 6;
    }
  }
  // The words: what this turn asks (or what it is), wrapped.
  const words = opts.words || "";
  const size = 13;
  const lines = wrapText(words, size, inner);
  turn.words = { x: pad, y, w: inner, h: Math.max(1, lines.length) * 17, lines };
  y += turn.words.h + 6;
  // The buttons, on the canvas: best tour, draw a tour, take back, clear the tour.
  const labels = opts.buttons || [];
  let bx = pad;
  for (const btn of labels) {
    const bw = Math.ceil(textWidth(btn.label, 12) + 20);
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
  // Too small for a finger: the map enlarged, seen through a window with its tabs above it.
  const zoom = (atlas.spaces || []).length && !touchable(atlas, bigW) ? Math.max(bigW + 1, touchWidth(atlas)) : 0;
  const pans = [];
  let mapTop = y + labelH;
  let pan = 0;
  if (zoom) {
    pan = clamp(opts.pan || 0, 0, PANS.length - 1);
    const tabW = Math.floor((bigW - (PANS.length - 1) * 6) / PANS.length);
    PANS.forEach((name, i) => {
      const b = { id: `pan:${i}`, kind: "pan", index: i, x: pad + i * (tabW + 6), y: mapTop, w: tabW, h: 28,
        label: name, on: i === pan };
      pans.push(b);
      boxes.push(b);
    });
    mapTop += 28 + 6;
  }
  const shift = (i) => Math.round(((zoom - bigW) * i) / (PANS.length - 1));
  const bigGeo = mapGeometry(atlas, pad - (zoom ? shift(pan) : 0), mapTop, zoom || bigW, { large: true });
  bigGeo.window = { x: pad, y: mapTop, w: bigW, h: bigGeo.h };
  // The spaces each tab shows whole (the page moves the window to the tab that shows the lit ones).
  const seen = pans.map((_, i) => {
    const g = mapGeometry(atlas, pad - shift(i), mapTop, zoom, { large: true });
    return (atlas.spaces || []).filter((s) => inWindow(tileBox(g, s.id), bigGeo.window)).map((s) => s.id);
  });
  pans.forEach((b, i) => (b.spaces = seen[i]));
  for (const s of atlas.spaces || []) {
    // A tile at the window's edge takes a click on its part inside, when that part is finger-sized.
    const t = visiblePart(tileBox(bigGeo, s.id), bigGeo.window);
    if (t && t.w >= TARGET - 0.01) boxes.push({ id: `space:${s.id}`, kind: "space", space: s.id, seat: big, ...t });
  }
  let below = bigGeo.y + bigGeo.h + 6;
  const tourLine = { x: pad, y: below, w: bigW, h: 0 };
  if (opts.tourText) {
    const tl = wrapText(opts.tourText, 12, bigW);
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
    const w = Math.min(inner, 520);
    table = { x: pad, y: y + 2, w, h: 20 + (rows + noteLines(opts.tableNote, w).length) * 17 };
    y = table.y + table.h + 6;
  }
  return { width: W, height: Math.ceil(y), wide, side, pad, turn,
    big: { seat: big, label: bigLabel, geo: bigGeo, pans, pan, zoomed: !!zoom }, tourLine, smalls, table, boxes };
}

/** The part of a tile's box inside a map's window (across: the window moves only sideways), or null. */
function visiblePart(b, win) {
  const left = Math.max(b.x, win.x);
  const right = Math.min(b.x + b.w, win.x + win.w);
  return right > left ? { ...b, x: left, w: right - left } : null;
}

/** Whether a tile's box lies wholly in a map's window (across: the window moves only sideways). */
function inWindow(b, win) {
  return b.x >= win.x - 0.01 && b.x + b.w <= win.x + win.w + 0.01;
}

/** The tab to show `spaces` in: of the tabs that show the first of them whole (where the arrow keys
 *  start), the one that shows the most (the first of equals); -1: none shows it. */
export function panFor(pans, spaces) {
  let best = -1;
  let most = 0;
  pans.forEach((p, i) => {
    const n = p.spaces.includes(spaces[0]) ? spaces.filter((id) => p.spaces.includes(id)).length : 0;
    if (n > most) {
      most = n;
      best = i;
    }
  });
  return best;
}

/** The size of the large map's tiles at `width` (what fits on them decides how much advice they show). */
export function bigTile(view, width, atlas) {
  const W = boardWidth(width);
  const inner = W - 2 * padOf(W);
  const others = Math.max(0, (view.players || []).length - 1);
  const bigW = planMaps(atlas, inner, W, others).bigW;
  const w = (atlas.spaces || []).length && !touchable(atlas, bigW) ? Math.max(bigW + 1, touchWidth(atlas)) : bigW;
  return mapGeometry(atlas, 0, 0, w, { large: true }).tile;
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
    // a large map beside the small ones only when its tiles stay touchable without the window
    if (p.side && !touchable(atlas, p.bigW)) p.score += 1000;
    if (!best || p.score < best.score) best = p;
  }
  return best;
}

/** The box under a point: buttons, tabs, dice and numbers first, then tiles, then whole small maps. */
export function hitTest(geometry, x, y) {
  return pick(geometry.boxes, x, y, { button: 5, pan: 5, number: 4, die: 4, card: 3, space: 2, map: 1 });
}

/** Why a finished solo game is not in the high-score table, in lines that fit the table's ``width``. */
export function noteLines(note, width) {
  return note ? wrapText(note, 12, width - 8) : [];
}
