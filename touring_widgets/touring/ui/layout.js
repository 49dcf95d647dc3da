// Touring's board laid out (pure functions, tested with Node): the tables in rows, the piles, the
// hands; where each legal choice of a card goes, and what a click on a place means.

import { boardWidth, clamp, padOf, pick } from "../../widgets/js/geometry.js";
import { actingSeat, isTeacher } from "../../widgets/js/seats.js";
import { wrapText } from "../../widgets/js/text.js";
import { ATTACKS, COLUMNS, PILES } from "./cards.js";

/** Which team's tableau holds `seat` (teams are lists of seats). */
export function teamOf(view, seat) {
  const teams = view.teams || [];
  for (let t = 0; t < teams.length; t++) if (teams[t].includes(seat)) return t;
  return -1;
}

/** Where each legal choice of `card` goes: [{action, target: "row:T" | "discard", column: "col:T" | "discard"}]. */
export function destinations(choices, card) {
  const out = [];
  if (!card) return out;
  for (const c of choices || []) {
    if (c.card !== card) continue;
    if (c.column === "discard") out.push({ action: c.action, target: "discard", column: "discard", choice: c });
    else out.push({ action: c.action, target: `row:${c.team}`, column: `${c.column}:${c.team}`, choice: c });
  }
  return out;
}

/** A destination in words, for the text line and screen readers: "Play Go on your table". */
export function describeDestination(view, cards, dest) {
  const c = dest.choice || {};
  const name = (cards[c.card] || {}).name || c.card;
  if (dest.target === "discard") return `Discard ${name}`;
  const seats = ((view.tables || [])[c.team] || {}).seats || [];
  const whose = !isTeacher(view) && seats.includes(view.seat) ? "your table"
    : `the table of seat${seats.length > 1 ? "s" : ""} ${seats.join(" & ")}`;
  return `Play ${name} on ${whose}`;
}

/** The position after moving `step` places from `index` among `n`, wrapping; from null, the first or last. */
export function cycleIndex(n, index, step) {
  if (!n) return null;
  if (index === null || index < 0) return step > 0 ? 0 : n - 1;
  return (((index + step) % n) + n) % n;
}

/** The action a click on a place that is not lit asks for, so Python can say why it is refused. */
export function intendedAction(view, cards, card, hit) {
  if (!card || !hit) return null;
  if (hit.kind === "discard") return `discard ${card}`;
  if (hit.kind !== "row" && hit.kind !== "column") return null;
  const seats = ((view.tables || [])[hit.team] || {}).seats || [];
  const acting = actingSeat(view);
  const own = seats.includes(acting);
  const attack = ATTACKS.has((cards[card] || {}).kind);
  if (own && !attack) return `play ${card}`;
  return `play ${card} on ${own ? acting : seats[0]}`;
}

/** The box a destination lights: the discard pile or a column of a table; null when not laid out. */
export function destinationBox(geometry, dest) {
  if (!dest) return null;
  if (dest.target === "discard") return geometry.discard;
  const [column, team] = (dest.column || "").split(":");
  const row = geometry.rows[Number(team)];
  return row ? row.cols[column] || row.row : null;
}

/** The box of the last move's place (marks.last from Python): a column, or the discard pile. */
export function lastMoveBox(geometry, last) {
  if (!last) return null;
  if (last.column === "discard") return geometry.discard;
  const row = geometry.rows[last.team];
  return row ? row.cols[last.column] || row.row : null;
}

/** The cards face up on the discard pile in words, counted: "Burning Oil ×2, Gasoline". */
export function faceUpText(cards, ids) {
  const counts = new Map();
  for (const id of ids || []) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, n]) => `${(cards[id] || {}).name || id}${n > 1 ? ` ×${n}` : ""}`).join(", ");
}

/**
 * Lay the board out for a width in CSS pixels, from y = opts.top: the boxes to draw and to hit.
 * Wide (640 px and more): a label column, six card columns and the miles in one row per table.
 * Narrow (down to 240 px): each table's words above its six columns, the hand in rows.
 */
export function layout(view, width, opts = {}) {
  const W = boardWidth(width);
  const wide = W >= 640;
  const pad = padOf(W);
  const gap = wide ? Math.max(4, Math.round(W / 160)) : 4;
  const cards = opts.cards || {};
  const boxes = [];
  const regions = [];
  const region = (id, b) => {
    regions.push({ id, x: b.x, y: b.y, w: b.w, h: b.h });
    return b;
  };
  let y = opts.top ?? pad;
  const inner = W - 2 * pad;
  const labelW = wide ? Math.round(clamp(W * 0.17, 110, 180)) : 0;
  const progW = wide ? Math.round(clamp(W * 0.2, 110, 240)) : 0;
  // Six columns in a row while a card stays 42 px wide or more; on the narrowest boards two rows of three.
  const perLine = wide || (inner - 12 - 5 * gap) / 6 >= 42 ? 6 : 3;
  const cw = wide
    ? Math.round(Math.min(78, Math.max(30, (inner - labelW - progW - 3 * gap - 5 * gap) / 6)))
    : Math.floor(Math.min(perLine === 6 ? 78 : 60, (inner - 12 - (perLine - 1) * gap) / perLine));
  const ch = Math.round(cw * 1.4);

  const rows = [];
  (view.tables || []).forEach((table, t) => {
    const seats = table.seats || [t];
    let row;
    let label;
    let prog;
    let cx;
    let cy;
    if (wide) {
      const labelH = Math.max(ch, seats.length * 36);
      const rowH = Math.max(labelH, ch + 14) + 12;
      row = { id: `row:${t}`, kind: "row", team: t, x: pad, y, w: inner, h: rowH };
      cy = y + 6;
      label = { x: pad + 6, y: cy, w: labelW - 8, h: labelH };
      cx = pad + labelW + gap;
      prog = { x: cx + 6 * (cw + gap) + gap, y: cy, w: W - pad - (cx + 6 * (cw + gap) + gap) - 6, h: ch };
      y += rowH + 6;
    } else {
      const labelH = 18 * seats.length + 18;
      row = { id: `row:${t}`, kind: "row", team: t, x: pad, y, w: inner, h: 0 };
      label = { x: pad + 6, y: y + 4, w: inner - 12, h: labelH };
      prog = { x: pad + 6, y: y + 6 + labelH, w: inner - 12, h: 8 };
      cy = prog.y + prog.h + 8;
      cx = pad + 6;
      row.h = cy + (perLine === 6 ? 1 : 2) * (ch + 16) - y;
      y += row.h + 6;
    }
    const cols = {};
    const x0 = cx;
    COLUMNS.forEach((col, i) => {
      const line = Math.floor(i / perLine);
      const x = x0 + (i % perLine) * (cw + gap);
      cols[col] = { id: `${col}:${t}`, kind: "column", team: t, column: col, x, y: cy + line * (ch + 16), w: cw,
        h: ch };
      boxes.push(cols[col]);
      region(`card:${col}:${t}`, { ...cols[col], h: ch + (PILES.includes(col) ? 9 : 0) });
    });
    region(`label:${t}`, label);
    region(`miles:${t}`, prog);
    rows.push({ row, cols, prog, label });
    boxes.push(row);
  });

  // Draw and discard piles, their counts, and the cards everyone saw go face up (T-LOSS).
  y += 4;
  const faceUp = faceUpText(cards, view.discard_face_up);
  let draw;
  let discard;
  let pileLabel;
  let faceUpBox;
  const faceUpSize = 12;
  const faceUpLine = 15;
  if (wide) {
    draw = { id: "draw", kind: "draw", x: pad + labelW + gap, y, w: cw, h: ch };
    discard = { id: "discard", kind: "discard", x: draw.x + cw + gap * 3, y, w: cw, h: ch };
    pileLabel = { x: pad + 6, y, w: labelW - 8, h: 40 };
    const fx = discard.x + cw + gap * 3;
    const lines = faceUp ? wrapText(`Face up on the discard pile: ${faceUp}`, faceUpSize, W - pad - fx) : [];
    faceUpBox = { x: fx, y, w: W - pad - fx, h: Math.max(faceUpLine, lines.length * faceUpLine), lines };
    y += Math.max(ch + 14, faceUpBox.h) + 8;
  } else {
    draw = { id: "draw", kind: "draw", x: pad + 6, y, w: cw, h: ch };
    discard = { id: "discard", kind: "discard", x: draw.x + cw + gap * 2, y, w: cw, h: ch };
    const lx = discard.x + cw + gap * 3;
    pileLabel = { x: lx, y, w: W - pad - lx, h: 40 };
    y += ch + 16;
    const lines = faceUp ? wrapText(`Face up on the discard pile: ${faceUp}`, faceUpSize, inner - 12) : [];
    faceUpBox = { x: pad + 6, y, w: inner - 12, h: lines.length * faceUpLine, lines };
    y += faceUpBox.h + (lines.length ? 8 : 0);
  }
  region("draw", { ...draw, h: ch + 9 });
  region("discard", { ...discard, h: ch + 9 });
  region("piles", pileLabel);
  if (faceUpBox.lines.length) region("faceup", faceUpBox);
  boxes.push(discard);

  // Hands: the viewing seat's, or every hand in the teacher's view; in rows when they do not fit.
  const hands = [];
  for (const hand of view.hands || []) {
    if (!hand.cards || !(isTeacher(view) || hand.seat === view.seat)) continue;
    const n = Math.max(1, hand.cards.length);
    let x0;
    let avail;
    let label;
    let top;
    if (wide) {
      x0 = pad + labelW + gap;
      avail = W - pad - x0;
      top = y + 12;
      label = { x: pad + 6, y: top, w: labelW - 8, h: 36 };
    } else {
      x0 = pad + 6;
      avail = inner - 12;
      label = { x: pad + 6, y, w: inner - 12, h: 18 };
      top = y + 30;
    }
    const fit = Math.max(1, Math.floor((avail + gap) / (52 + gap)));
    const perRow = Math.min(n, fit);
    const hcw = Math.floor(Math.min(wide ? Math.round(Math.min(86, cw * 1.1)) : 86,
      (avail - (perRow - 1) * gap) / perRow));
    const hch = Math.round(hcw * 1.4);
    const cardBoxes = [];
    hand.cards.forEach((card, i) => {
      const r = Math.floor(i / perRow);
      const b = { id: `hand:${hand.seat}:${i}`, kind: "hand", seat: hand.seat, index: i, card,
        x: x0 + (i % perRow) * (hcw + gap), y: top + r * (hch + 14), w: hcw, h: hch };
      cardBoxes.push(b);
      boxes.push(b);
      region(`hand:${hand.seat}:${i}`, b);
    });
    region(`handlabel:${hand.seat}`, label);
    const rowsUsed = Math.ceil(hand.cards.length / perRow) || 1;
    hands.push({ seat: hand.seat, label, cards: cardBoxes, cw: hcw });
    y = top + rowsUsed * (hch + 14) + 4;
  }

  return { width: W, height: Math.ceil(y), wide, pad, gap, cw, ch, rows, draw, discard, pileLabel, faceUp: faceUpBox,
    hands, boxes, regions };
}

/** The topmost box under a point (hand cards first), or null. */
export function hitTest(geometry, x, y) {
  return pick(geometry.boxes, x, y, { hand: 4, discard: 3, column: 2, row: 1 });
}
