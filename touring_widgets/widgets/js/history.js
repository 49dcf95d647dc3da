// The history strip (one cell per position, the start first; every tenth numbered) and the chips
// of the variations, the lines left behind at earlier positions. Each cell is a touch target
// (TARGET px square, WCAG 2.2), its number written inside it.

import { glow, roundRect } from "./canvas.js";
import { LABEL, TARGET } from "./geometry.js";
import { textWidth } from "./text.js";

/** Lay out the strip for a line of `lineLength` moves from `y` into `out`; returns the next free y. */
export function historyRows(out, lineLength, row, y) {
  const { W, pad, inner, wide } = row;
  const total = (lineLength || 0) + 1;
  const cell = TARGET;
  const step = cell + 2;
  const labelW = wide ? 150 : inner;
  out.histLabel = { x: pad, y, w: labelW, h: cell };
  const x0 = wide ? pad + labelW + 6 : pad;
  let hy = wide ? y : y + cell + 4;
  let hx = x0;
  const cells = [];
  for (let i = 0; i < total; i++) {
    if (hx + cell > W - pad) {
      hx = x0;
      hy += step;
    }
    const b = { id: `hist:${i}`, kind: "history", index: i, x: hx, y: hy, w: cell, h: cell };
    cells.push(b);
    row.boxes.push(b);
    hx += step;
  }
  out.cells = cells;
  return hy + cell + 10;
}

/** Lay out a chip for each variation from `y` into `out.chips`; returns the next free y. */
export function variationRows(out, variations, row, y) {
  const { W, pad, inner } = row;
  if (!(variations || []).length) return y;
  const chips = [];
  let cx = pad;
  let cy = y;
  for (const v of variations) {
    const label = `↩ Variation ${v.index + 1}: from move ${v.at + 1}, ${v.moves} move${v.moves === 1 ? "" : "s"}`;
    const w = Math.min(inner, Math.ceil(textWidth(label, 12) + 16));
    if (cx + w > W - pad && cx > pad) {
      cx = pad;
      cy += TARGET + 6;
    }
    const chip = { id: `var:${v.index}`, kind: "variation", index: v.index, x: cx, y: cy, w, h: TARGET, label,
      first: v.first };
    chips.push(chip);
    row.boxes.push(chip);
    cx += w + 8;
  }
  out.chips = chips;
  return cy + TARGET + 10;
}

/** Draw the strip: played positions dark, the cursor's in the accent, the redo branch outlined. */
export function drawHistory(ctx, F, position, c, hover) {
  const total = F.cells.length;
  ctx.fillStyle = c.ink2;
  ctx.font = `12px ${c.font}`;
  ctx.fillText(`History · move ${position} of ${total - 1}`, F.histLabel.x, F.histLabel.y + F.histLabel.h / 2,
    F.histLabel.w);
  ctx.font = `${LABEL}px ${c.font}`;
  ctx.textAlign = "center";
  for (const b of F.cells) {
    const i = b.index;
    ctx.fillStyle = i === position ? c.accent : i < position ? c.ink2 : c.panel2;
    ctx.fillRect(b.x, b.y, b.w, b.h);
    if (i > position) {
      ctx.strokeStyle = c.border;
      ctx.strokeRect(b.x + 0.5, b.y + 0.5, b.w - 1, b.h - 1);
    }
    if (i % 10 === 0 || i === position) {
      // inside the cell: light on the dark cells, dark on the empty ones
      ctx.fillStyle = i <= position ? c.bg : c.ink2;
      ctx.fillText(String(i), b.x + b.w / 2, b.y + b.h / 2 + 0.5);
    }
    if (hover && hover.id === b.id) glow(ctx, b, c.ink, 1.5, -2);
  }
  ctx.textAlign = "left";
}

/** Draw the variations' chips. */
export function drawVariations(ctx, chips, c, hover) {
  for (const chip of chips || []) {
    roundRect(ctx, chip.x, chip.y, chip.w, chip.h, chip.h / 2);
    ctx.fillStyle = c.panel2;
    ctx.fill();
    ctx.strokeStyle = hover && hover.id === chip.id ? c.accent : c.border;
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.fillStyle = c.ink;
    ctx.font = `12px ${c.font}`;
    ctx.fillText(chip.label, chip.x + 8, chip.y + chip.h / 2 + 0.5, chip.w - 16);
  }
}

/** What hovering a variation's chip says. */
export function variationTip(hit) {
  return `Go back to the line that went on with: ${hit.first}`;
}
