// The advice as every board shows it: its figures in a few characters or in words, and its
// progress line under the message line (what it weighs, how far the deals are).

import { roundRect } from "./canvas.js";
import { wrapText } from "./text.js";

/** The most lines the advice's progress line takes. */
export const ADVICE_LINES = 5;

/** A figure of the advice in a few characters: "62% ±7" (a chance to win), "29.0 ±5.9" (an
 *  expected score); `short` leaves the interval out. The ± is half the interval's width. */
export function figureText(kind, estimate, low, high, short = false) {
  const chance = kind === "chance to win";
  const main = chance ? `${Math.round(estimate * 100)}%` : Number(estimate).toFixed(1);
  if (short || low === undefined || high === undefined) return main;
  const half = (high - low) / 2;
  return `${main} ±${chance ? Math.round(half * 100) : half.toFixed(1)}`;
}

/** A figure in words, for hover text: "62% chance to win (55%–69%, 40 deals)". */
export function figureWords(kind, estimate, low, high, n) {
  const chance = kind === "chance to win";
  const f = (x) => (chance ? `${Math.round(x * 100)}%` : Number(x).toFixed(1));
  const deals = n === undefined ? "" : `, ${n} deal${n === 1 ? "" : "s"}`;
  return `${f(estimate)} ${chance ? "chance to win" : "expected final score"} (${f(low)}–${f(high)}${deals})`;
}

/** The advice's progress line under the message line: its lines (ADVICE_LINES at most: a line naming
 *  the moves tied for the best is read whole on a phone-wide board) and how far the deals are. */
export function adviceLayout(advice, x, y, w) {
  const text = (advice && advice.on && advice.text) || "";
  if (!text) return null;
  const lines = wrapText(text, 12, w, ADVICE_LINES);
  // How much of the planned playouts are played (`share`; else the deals of the target).
  const target = advice.target || 0;
  const share = typeof advice.share === "number" ? advice.share : target ? (advice.deals || 0) / target : null;
  const bar = share === null ? null : Math.max(0, Math.min(1, share));
  return { x, y, w, h: lines.length * 16 + (bar === null ? 0 : 6), lines, bar, done: !!advice.done };
}

/** Draw the progress line laid out by `adviceLayout`. */
export function drawAdviceLine(ctx, A, c) {
  ctx.fillStyle = c.ink1;
  ctx.font = `12px ${c.font}`;
  A.lines.forEach((line, i) => ctx.fillText(line, A.x, A.y + 8 + i * 16, A.w));
  if (A.bar === null) return;
  // How much of the work is done: a thin track, filled as the playouts come in.
  const by = A.y + A.lines.length * 16 + 1;
  roundRect(ctx, A.x, by, A.w, 3, 1.5);
  ctx.fillStyle = c.panel2;
  ctx.fill();
  if (A.bar > 0) {
    roundRect(ctx, A.x, by, Math.max(3, A.w * A.bar), 3, 1.5);
    ctx.fillStyle = A.done ? c.good : c.accent;
    ctx.fill();
  }
}
