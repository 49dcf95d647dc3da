// The advice on On Tour's maps (pure functions, tested with Node): which figure goes on which
// lit space, the best writing (or the writings tied for it), and how many figures a map's tiles
// have room for.

import { firstMarks, secondMarkAt } from "./choices.js";
import { markWord } from "./marks.js";

/** Whether the large map's tiles have room for two figures each (one above, one below). */
export const ROOM_FOR_TWO = 28;
const ROOM_FOR_ALL = 24; // smaller tiles show the figures of the best FEW lit spaces only
export const FEW = 6;

/** A writing as the advice names it: its marks in sorted order ("56 TX, 65 OK"). */
export function writingKey(marks) {
  return marks.map((m) => `${markWord(m.mark)} ${m.space}`).sort().join(", ");
}

/** The marks of a writing from its action text, as the advice's `best.marks` lists them:
 *  "p0: 47 OR, 74 MT" gives [["47", "OR"], ["74", "MT"]]. */
export function writingMarks(action) {
  const body = String(action).replace(/^p\d+: /, "");
  return body ? body.split(", ").map((part) => part.split(" ")) : [];
}

/** Whether figure `f` ([estimate, low, high, n, stood]) is tied with `top`: both stood as long in
 *  the advice's halving (a writing dropped early lost to those kept, whatever its interval), and
 *  their intervals overlap. */
export function figuresOverlap(f, top) {
  return (f[4] || 0) === (top[4] || 0) && f[2] >= top[1] && f[1] <= top[2];
}

/** Whether figure `f` ranks above `g`: it stood longer in the halving, or as long with a higher
 *  estimate (the order of the advice's ranking). */
export function ranksAbove(f, g) {
  const a = f[4] || 0;
  const b = g[4] || 0;
  return a > b || (a === b && f[0] > g[0]);
}

/** How long the writings kept longest stood in the advice's halving (those still in play). */
function longestStood(advice) {
  let most = 0;
  for (const f of Object.values(advice.writings || {})) most = Math.max(most, f[4] || 0);
  return most;
}

/** Figures in the advice's order, the best ranked first (a comparator for `sort`). */
function byRank(a, b) {
  return ranksAbove(b.figure, a.figure) ? 1 : ranksAbove(a.figure, b.figure) ? -1 : 0;
}

/**
 * The advice's figures on the lit spaces, [{space, mark, figure: [estimate, low, high, n], slot,
 * best}]: with a number placed, each lit space's figure is that of the whole writing; with a mark
 * picked, the best writing that puts it there; with none picked, every mark that may go first
 * (slot 0, 1…: one figure per mark), or with `both` false only the better of them. `best` marks
 * the best writing's marks (or, with a number placed, the best of the writings left); when other
 * writings are tied with the best (`advice.tied`, or with a number placed, writings left that stood
 * as long in the halving and whose intervals overlap the best's), every tied writing's marks are
 * marked alike, none alone. `dropped` marks a figure of a writing that sequential halving dropped
 * early: played out on fewer deals, its mean may stand above the best's and means less.
 */
export function adviceOnSpaces(advice, choices, lit, placed, both = true) {
  if (!advice || !advice.spaces || !lit || !lit.spaces || !lit.spaces.size) return [];
  const most = longestStood(advice);
  return figuresOnSpaces(advice, choices, lit, placed, both)
    .map((e) => ({ ...e, dropped: (e.figure[4] || 0) < most }));
}

function figuresOnSpaces(advice, choices, lit, placed, both) {
  const out = [];
  if (placed && placed.length) {
    const first = placed[0];
    const writings = advice.writings || {};
    for (const space of lit.spaces) {
      const mark = secondMarkAt(choices, first, space);
      const figure = mark === null ? null : writings[writingKey([first, { mark, space }])];
      if (figure) out.push({ space, mark: markWord(mark), figure, slot: 0, best: false });
    }
    let top = null;
    for (const e of out) if (!top || ranksAbove(e.figure, top.figure)) top = e;
    if (top) for (const e of out) e.best = e === top || figuresOverlap(e.figure, top.figure);
    return out;
  }
  const tied = (advice.tied || []).length > 1 ? advice.tied.flatMap(writingMarks) : null;
  const bestMarks = new Set((tied || (advice.best || {}).marks || []).map(([m, space]) => `${m} ${space}`));
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
    if (!held || ranksAbove(e.figure, held.figure) || (e.best && !ranksAbove(held.figure, e.figure))) {
      better.set(e.space, e);
    }
  }
  return [...better.values()].map((e) => ({ ...e, slot: 0 }));
}

/**
 * Where each figure's tag goes on the map, [{...figure, x, y, w, h}] (x, y its centre): under its
 * space's tile, or over it when that is taken (with two marks a space, the first mark's over and
 * the second's under). The best go first, then in the advice's order; a tag that would cover one
 * already placed is left out, its figure still in the space's tip. `box(space)` is a tile's box,
 * `width(text)` a tag's width, `h` its height.
 */
export function placeFigures(figures, box, width, h, text) {
  const two = figures.some((f) => f.slot > 0);
  const order = [...figures].sort((a, b) => (b.best - a.best) || byRank(a, b));
  const placed = [];
  const clear = (r) => placed.every((p) => r.x + r.w / 2 <= p.x - p.w / 2 || p.x + p.w / 2 <= r.x - r.w / 2 ||
    r.y + r.h / 2 <= p.y - p.h / 2 || p.y + p.h / 2 <= r.y - r.h / 2);
  for (const f of order) {
    const b = box(f.space);
    if (!b) continue;
    const w = width(text(f));
    const x = f.slot > 1 ? b.x + b.w : b.x + b.w / 2;
    const under = b.y + b.h + 1;
    const over = b.y - 1;
    const spots = two ? [f.slot === 0 ? over : under] : [under, over];
    const y = spots.find((yy) => clear({ x, y: yy, w, h }));
    if (y !== undefined) placed.push({ ...f, x, y, w, h });
  }
  return placed;
}

/** The figures a map of tiles ``tile`` px wide shows: on small tiles (a phone-wide map) only
 *  those of the best few spaces, so that they do not cover the map; the best first then. */
export function figuresThatFit(figures, tile) {
  if (tile >= ROOM_FOR_ALL || figures.length <= FEW) return figures;
  return [...figures].sort(byRank).slice(0, FEW);
}
