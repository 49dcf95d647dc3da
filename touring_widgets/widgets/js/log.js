// The move log under the message line: the last moves, newest first, one or two columns. Each
// entry is a box: a click (or a tap) goes back to that move, whose whole sentence the message line
// then shows and the live line announces; its hover tells the sentence too. On a page that may
// not go back (a seat at a table) a click shows the sentence alone.

import { TARGET } from "./geometry.js";
import { firstLine } from "./text.js";

const HEADING = "Moves, newest first (hover: the rules; click: go back)";
const SHORT_HEADING = "Moves, newest first (tap one: go back)";
// A page that may not go back (a seat at a table): the log only tells.
const TELLING = "Moves, newest first (hover: the rules)";
const SHORT_TELLING = "Moves, newest first";

/** Lay out the log's entries from `y` into `out.log` (and their boxes); returns the next free y.
 *  `back`: whether a click on an entry goes back to it. */
export function logRows(out, entries, row, y, back = true) {
  const { pad, inner, wide } = row;
  const log = (entries || []).slice().reverse().slice(0, wide ? 6 : 4);
  if (!log.length) return y;
  const cols = wide ? 2 : 1;
  const colW = (inner - 12 - (cols - 1) * 16) / cols;
  const rows = Math.ceil(log.length / cols);
  // A row is a touch target (TARGET px high): a tap goes back to its move.
  out.log = { x: pad, y, w: inner, h: 18 + rows * TARGET, cols, colW, rows, back,
    entries: log.map((e, i) => ({ ...e, x: pad + 6 + Math.floor(i / rows) * (colW + 16),
      y: y + 18 + (i % rows) * TARGET, w: colW, newest: i === 0 })) };
  for (const e of out.log.entries) {
    row.boxes.push({ id: `log-${e.n}`, kind: "log", index: e.n, story: e.story || e.text, x: e.x - 4, y: e.y,
      w: e.w + 8, h: TARGET });
  }
  return y + out.log.h + 8;
}

/** Draw the log laid out by `logRows`: each entry's first line, the newest in bold. */
export function drawLog(ctx, L, c) {
  ctx.fillStyle = c.ink2;
  ctx.font = `12px ${c.font}`;
  // The long heading where it fits whole; never squeezed under the label size.
  const [long, short] = L.back === false ? [TELLING, SHORT_TELLING] : [HEADING, SHORT_HEADING];
  ctx.fillText(ctx.measureText(long).width <= L.w ? long : short, L.x, L.y + 7);
  for (const e of L.entries) {
    ctx.fillStyle = e.newest ? c.ink : c.ink1;
    ctx.font = `${e.newest ? "bold " : ""}12px ${c.font}`;
    const [text, more] = firstLine(ctx, `${e.n}. ${e.story || e.text}`, e.w - 12);
    ctx.fillText(text + (more ? " …" : ""), e.x, e.y + TARGET / 2, e.w);
  }
}

/** What hovering a log entry says (`back`: whether a click goes back to it). */
export function logTip(hit, position, back = true) {
  return `Move ${hit.index}: ${hit.story}` + (back && hit.index !== position ? " (click to go back to it)" : "");
}
