// The rows under the game, laid out and drawn in order: waiting line with its button, message,
// the advice's progress, move log, history strip, variations.

import { adviceLayout, drawAdviceLine } from "./advice.js";
import { boardWidth, padOf } from "./geometry.js";
import { drawHistory, drawVariations, historyRows, variationRows } from "./history.js";
import { drawLog, logRows } from "./log.js";
import { drawMessage, drawWaiting, messageRows, waitingRows } from "./message.js";

/** The rows under the game from `top`: their boxes (to hit) and the height of the whole board. */
export function footerLayout(width, top, s) {
  const W = boardWidth(width);
  const pad = padOf(W);
  const inner = W - 2 * pad;
  const boxes = [];
  const row = { W, pad, inner, wide: W >= 640, boxes };
  const out = { boxes };
  let y = waitingRows(out, s, row, top + 4);
  y = messageRows(out, s, row, y);
  out.advice = adviceLayout(s.advice, pad, y, inner);
  if (out.advice) y += out.advice.h + 8;
  y = logRows(out, s.log, row, y, s.back !== false);
  y = historyRows(out, s.lineLength, row, y);
  y = variationRows(out, s.variations, row, y);
  out.height = Math.ceil(y + 2);
  return out;
}

/** Draw the rows laid out by `footerLayout` (`hover`: the box under the pointer). */
export function drawFooter(ctx, F, s, c, { isError, position, hover }) {
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  drawWaiting(ctx, F, s, c, hover);
  drawMessage(ctx, F.message, s, c, isError);
  if (F.advice) drawAdviceLine(ctx, F.advice, c);
  if (F.log) drawLog(ctx, F.log, c);
  drawHistory(ctx, F, position, c, hover);
  drawVariations(ctx, F.chips, c, hover);
}
