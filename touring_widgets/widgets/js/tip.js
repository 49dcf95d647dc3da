// Hover text, drawn on the canvas next to the box it explains.

import { roundRect } from "./canvas.js";
import { wrapMeasured } from "./text.js";

/** Draw `tip` ({text, x, y, h}: the text and the box it belongs to) on a board `width` px wide. */
export function drawTip(ctx, tip, width, c) {
  ctx.font = `12px ${c.font}`;
  const lines = wrapMeasured(ctx, tip.text, Math.min(360, width - 24));
  const w = Math.min(width - 8, Math.max(...lines.map((l) => ctx.measureText(l).width)) + 14);
  const h = lines.length * 16 + 8;
  const x = Math.max(4, Math.min(tip.x - w / 2, width - w - 4));
  let y = tip.y - h - 6;
  if (y < 4) y = tip.y + tip.h + 6;
  roundRect(ctx, x, y, w, h, 5);
  ctx.fillStyle = c.ink;
  ctx.fill();
  ctx.fillStyle = c.bg;
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  lines.forEach((line, i) => ctx.fillText(line, x + 7, y + 12 + i * 16, w - 14));
}
