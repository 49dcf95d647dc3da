// Touring's cards: their facts (the columns of a table, the mileage piles, the attacks), their
// colour families, and how a card, its back and an empty place are drawn.

import { roundRect } from "../../widgets/js/canvas.js";
import { LABEL } from "../../widgets/js/geometry.js";
import { wrapMeasured } from "../../widgets/js/text.js";

/** The mileage piles, the columns of a table and the kinds of card played on another table. */
export const PILES = ["m25", "m35", "m50", "m75"];
export const COLUMNS = ["go", "freeway", ...PILES];
export const ATTACKS = new Set(["road attack", "stopping delay", "mileage delay"]);

/** The colour family of a card, from its id and kind (as in picture.py). */
export function familyOf(id, kind) {
  if (kind === "mileage" || PILES.includes(id)) return "mileage";
  if (id === "go" || id === "freeway") return id;
  if (kind === "road attack") return "attack";
  if (kind === "stopping delay") return "stop";
  if (kind === "mileage delay") return "loss";
  if (kind && kind.startsWith("remedy")) return "remedy";
  return "other";
}

/** How strong a card that cannot be played is drawn, on a light page and on a dark one: faded, its
 *  name and miles not (they keep 4.5:1 on the faded card, tests/widgets/test_contrast.py). */
export const DIM_LIGHT = 0.45;
export const DIM_DARK = 0.25;

/** Colours of a badge drawn on a card: the same dark-on-paper in every theme. */
export function cardBadgeColours(colours) {
  return { fill: colours.card_badge, ink: colours.card_badge_ink };
}

/** The symbol of a card, drawn in a box centred on (cx, cy) of size s. */
function drawSymbol(ctx, id, cx, cy, s, ink, paper) {
  ctx.save();
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1.5, s * 0.08);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  const r = s / 2;
  if (PILES.includes(id)) {
    ctx.font = `bold ${Math.round(s * 0.62)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(id.slice(1), cx, cy);
  } else if (id === "go") {
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = paper;
    ctx.font = `bold ${Math.round(s * 0.4)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("GO", cx, cy + 1);
  } else if (id === "freeway") {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.25, cy - r * 0.8);
    ctx.lineTo(cx - r * 0.8, cy + r * 0.8);
    ctx.moveTo(cx + r * 0.25, cy - r * 0.8);
    ctx.lineTo(cx + r * 0.8, cy + r * 0.8);
    ctx.stroke();
    ctx.setLineDash([s * 0.12, s * 0.1]);
    ctx.beginPath();
    ctx.moveTo(cx, cy - r * 0.8);
    ctx.lineTo(cx, cy + r * 0.8);
    ctx.stroke();
  } else if (id === "populated_area") {
    for (const [dx, sc] of [[-0.5, 0.8], [0.05, 1], [0.55, 0.7]]) {
      const hw = r * 0.36 * sc;
      const bx = cx + dx * r;
      const by = cy + r * 0.7;
      ctx.fillRect(bx - hw, by - hw * 1.6, hw * 2, hw * 1.6);
      ctx.beginPath();
      ctx.moveTo(bx - hw * 1.25, by - hw * 1.6);
      ctx.lineTo(bx, by - hw * 2.8);
      ctx.lineTo(bx + hw * 1.25, by - hw * 1.6);
      ctx.fill();
    }
  } else if (id === "stop_to_refuel") {
    // A fuel gauge on empty.
    ctx.beginPath();
    ctx.arc(cx, cy + r * 0.35, r * 0.8, Math.PI, 0);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx, cy + r * 0.35);
    ctx.lineTo(cx - r * 0.62, cy - r * 0.05);
    ctx.stroke();
    ctx.font = `bold ${Math.round(s * 0.26)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.fillText("E", cx - r * 0.62, cy + r * 0.78);
    ctx.fillText("F", cx + r * 0.62, cy + r * 0.78);
  } else if (id === "missed_the_curve") {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.7, cy + r * 0.8);
    ctx.quadraticCurveTo(cx - r * 0.7, cy - r * 0.5, cx + r * 0.1, cy - r * 0.5);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.1, cy - r * 0.85);
    ctx.lineTo(cx + r * 0.55, cy - r * 0.5);
    ctx.lineTo(cx + r * 0.1, cy - r * 0.15);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.2, cy + r * 0.2);
    ctx.lineTo(cx + r * 0.8, cy + r * 0.8);
    ctx.moveTo(cx + r * 0.8, cy + r * 0.2);
    ctx.lineTo(cx + r * 0.2, cy + r * 0.8);
    ctx.stroke();
  } else if (id === "burning_oil") {
    ctx.beginPath();
    ctx.moveTo(cx, cy - r * 0.85);
    ctx.bezierCurveTo(cx + r * 0.2, cy - r * 0.3, cx + r * 0.65, cy, cx + r * 0.6, cy + r * 0.35);
    ctx.arc(cx, cy + r * 0.35, r * 0.6, 0, Math.PI);
    ctx.bezierCurveTo(cx - r * 0.65, cy, cx - r * 0.2, cy - r * 0.3, cx, cy - r * 0.85);
    ctx.fill();
  } else if (id === "broken_spring") {
    ctx.beginPath();
    const n = 6;
    for (let i = 0; i <= n; i++) {
      const px = cx + (i % 2 ? r * 0.55 : -r * 0.55);
      const py = cy - r * 0.8 + (i * 1.6 * r) / n;
      if (i === 0) ctx.moveTo(cx, py);
      else ctx.lineTo(i === 3 ? px * 0.5 + cx * 0.5 : px, py + (i === 3 ? r * 0.15 : 0));
    }
    ctx.stroke();
  } else if (id === "brake_adjustment") {
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.3, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.55, -0.6, 0.6);
    ctx.stroke();
  } else if (id === "gasoline") {
    // A fuel pump with its hose; its window is painted in the card's paper, never cut out.
    ctx.fillRect(cx - r * 0.55, cy - r * 0.55, r * 0.8, r * 1.4);
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.25, cy - r * 0.3);
    ctx.lineTo(cx + r * 0.6, cy - r * 0.3);
    ctx.lineTo(cx + r * 0.6, cy + r * 0.5);
    ctx.stroke();
    ctx.fillStyle = paper;
    ctx.fillRect(cx - r * 0.4, cy - r * 0.4, r * 0.5, r * 0.35);
  } else if (id === "wrecker") {
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.1, cy - r * 0.85);
    ctx.lineTo(cx - r * 0.1, cy + r * 0.3);
    ctx.arc(cx + r * 0.2, cy + r * 0.3, r * 0.3, Math.PI, 0, true);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(cx - r * 0.7, cy - r * 0.85);
    ctx.lineTo(cx + r * 0.5, cy - r * 0.85);
    ctx.stroke();
  } else {
    ctx.font = `bold ${Math.round(s * 0.5)}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("?", cx, cy);
  }
  ctx.restore();
}

/** Draw a card's symbol on a recording context: what it paints (for tests without a canvas). */
export function symbolCalls(id, paper = "#fefefe") {
  const calls = [];
  const ctx = new Proxy({}, {
    get(target, name) {
      if (name in target) return target[name];
      return (...args) => calls.push([name, ...args]);
    },
    set(target, name, value) {
      target[name] = value;
      calls.push([`set:${String(name)}`, value]);
      return true;
    },
  });
  drawSymbol(ctx, id, 50, 50, 40, "#000000", paper);
  return calls;
}

/** A card face up in `box`: its family's colours, its symbol and its name. */
export function drawCard(ctx, c, box, id, cards, palette, opts = {}) {
  const { x, y, w, h } = box;
  const info = cards[id] || { name: id, kind: "" };
  const [ink, paper] = palette.families[familyOf(id, info.kind)];
  const r = Math.max(3, w * 0.08);
  ctx.save();
  if (opts.dim) ctx.globalAlpha = c.dark ? DIM_DARK : DIM_LIGHT;
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = paper;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ink;
  ctx.stroke();
  // Family band with the name at the bottom: 11 px and more, in two lines if need be; the band holds them.
  const fs = Math.max(LABEL, Math.round(w * 0.15));
  ctx.font = `600 ${fs}px ${c.font}`;
  // On a narrow card, the plain weight when it saves a line or a word too long: never squeezed under 11 px.
  let lines = wrapMeasured(ctx, info.name, w - 4).slice(0, 2);
  const tooLong = info.name.split(" ").some((word) => ctx.measureText(word).width > w - 4);
  if (lines.length > 1 || tooLong) {
    ctx.font = `${fs}px ${c.font}`;
    const plain = wrapMeasured(ctx, info.name, w - 4).slice(0, 2);
    if (plain.length < lines.length || tooLong) lines = plain;
    else ctx.font = `600 ${fs}px ${c.font}`;
  }
  const nameFont = ctx.font;
  const lh = fs + 1;
  const band = Math.max(14, h * 0.3, lines.length * lh + 3);
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
  ctx.clip();
  ctx.fillStyle = ink;
  ctx.fillRect(x, y + h - band, w, band);
  ctx.restore();
  const symbol = [x + w / 2, y + (h - band) / 2 + 2, Math.min(w * 0.72, (h - band) * 0.78)];
  if (opts.dim && PILES.includes(id)) {
    // A faded card's miles are text: written at full strength (white on a dark page's fade).
    ctx.save();
    ctx.globalAlpha = 1;
    drawSymbol(ctx, id, ...symbol, c.dark ? "#ffffff" : ink, paper);
    ctx.restore();
  } else drawSymbol(ctx, id, ...symbol, ink, paper);
  // A card that cannot be played is faded, its name is not: written at full strength in the ink that
  // reads on the faded band (dark on a light page, white on a dark one).
  ctx.globalAlpha = 1;
  ctx.font = nameFont;
  ctx.fillStyle = opts.dim && !c.dark ? "#1a1a1a" : "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const top = y + h - band / 2 - ((lines.length - 1) * lh) / 2;
  lines.forEach((line, i) => ctx.fillText(line, x + w / 2, top + i * lh, w - 4));
  ctx.restore();
}

/** A card face down in `box`. */
export function drawBack(ctx, box, palette, opts = {}) {
  const { x, y, w, h } = box;
  const r = Math.max(2, w * 0.08);
  const back = palette.back;
  ctx.save();
  if (opts.dim) ctx.globalAlpha = 0.5;
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = back.fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = back.edge;
  ctx.stroke();
  if (w > 20) {
    roundRect(ctx, x + w * 0.12, y + w * 0.12, w * 0.76, h - w * 0.24, r * 0.6);
    ctx.strokeStyle = back.gold;
    ctx.stroke();
    ctx.fillStyle = back.gold;
    ctx.font = `bold ${Math.round(w * 0.36)}px serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("T", x + w / 2, y + h / 2);
  }
  ctx.restore();
}

/** An empty place in `box`, with its caption. */
export function drawSlot(ctx, c, box, caption) {
  const { x, y, w, h } = box;
  ctx.save();
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, Math.max(3, w * 0.08));
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = c.border;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = c.ink2;
  ctx.font = `${Math.max(LABEL, Math.round(w * 0.16))}px ${c.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(caption, x + w / 2, y + h / 2, w - 4);
  ctx.restore();
}
