// The Touring board's own part: layout, drawing, hit-testing and keys. The shared shell
// (widgets/shell.js) does the rest: toolbar, header, banner, messages, move log, history.
// Python sends the legal choices as structured data ({action, kind, card, target, team,
// column}); this module never reads action text. Its pure functions are exported for Node.

// ---------------------------------------------------------------- facts

const PILES = ["m25", "m35", "m50", "m75"];
const COLUMNS = ["go", "freeway", ...PILES];
const ATTACKS = new Set(["road attack", "stopping delay", "mileage delay"]);

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

// ---------------------------------------------------------------- geometry (pure functions)

const isTeacher = (view) => view.seat === null || view.seat === undefined;

/** Which team's tableau holds `seat` (teams are lists of seats). */
export function teamOf(view, seat) {
  const teams = view.teams || [];
  for (let t = 0; t < teams.length; t++) if (teams[t].includes(seat)) return t;
  return -1;
}

/** The seat whose cards the board may play: the viewing seat, or the seat to move in the teacher's view. */
export function actingSeat(view) {
  return isTeacher(view) ? view.turn : view.seat;
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

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
const estimate = (text, size) => String(text || "").length * size * 0.56;

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

/**
 * Lay the board out for a width in CSS pixels, from y = opts.top: the boxes to draw and to hit.
 * Wide (640 px and more): a label column, six card columns and the miles in one row per table.
 * Narrow (down to 240 px): each table's words above its six columns, the hand in rows.
 */
export function layout(view, width, opts = {}) {
  const W = Math.max(240, Math.floor(width));
  const wide = W >= 640;
  const pad = W < 520 ? 8 : 12;
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
    const lines = faceUp ? wrapEstimated(`Face up on the discard pile: ${faceUp}`, faceUpSize, W - pad - fx) : [];
    faceUpBox = { x: fx, y, w: W - pad - fx, h: Math.max(faceUpLine, lines.length * faceUpLine), lines };
    y += Math.max(ch + 14, faceUpBox.h) + 8;
  } else {
    draw = { id: "draw", kind: "draw", x: pad + 6, y, w: cw, h: ch };
    discard = { id: "discard", kind: "discard", x: draw.x + cw + gap * 2, y, w: cw, h: ch };
    const lx = discard.x + cw + gap * 3;
    pileLabel = { x: lx, y, w: W - pad - lx, h: 40 };
    y += ch + 16;
    const lines = faceUp ? wrapEstimated(`Face up on the discard pile: ${faceUp}`, faceUpSize, inner - 12) : [];
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
  let best = null;
  const rank = { hand: 4, discard: 3, column: 2, row: 1 };
  for (const b of geometry.boxes) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (!best || (rank[b.kind] || 0) > (rank[best.kind] || 0)) best = b;
    }
  }
  return best;
}

/** A seat's name on its table: "(you)" only for a human seat seen from its own board. */
export function seatName(view, seat) {
  const policy = (view.players || [])[seat] || "";
  const mine = !isTeacher(view) && seat === view.seat;
  return `Seat ${seat} · ${policy}${mine ? (policy === "human" ? " (you)" : " (this view)") : ""}`;
}

/**
 * The advice's figures for this board's choices: each action's figure, each card's best action
 * and the best move (the first of the best, as Python ranks them). Figures of actions that are
 * not among the choices (advice of another position still on its way) are left out.
 */
export function adviceFigures(advice, choices) {
  const moves = (advice && advice.moves) || {};
  const cardOf = new Map((choices || []).map((c) => [c.action, c.card]));
  const byAction = {};
  const byCard = {};
  let best = null;
  for (const [action, figure] of Object.entries(moves)) {
    const card = cardOf.get(action);
    if (card === undefined) continue;
    byAction[action] = figure;
    const held = byCard[card];
    if (!held || figure.estimate > held.figure.estimate) byCard[card] = { action, figure };
    if (!best || figure.estimate > byAction[best].estimate) best = action;
  }
  return { byAction, byCard, best, bestCard: best === null ? null : cardOf.get(best), kind: (advice || {}).kind };
}

/** Colours of a badge drawn on a card: the same dark-on-paper in every theme. */
export function cardBadgeColours(colours) {
  return { fill: colours.card_badge, ink: colours.card_badge_ink };
}

// ---------------------------------------------------------------- drawing

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

function drawCard(ctx, kit, c, box, id, cards, palette, opts = {}) {
  const { x, y, w, h } = box;
  const info = cards[id] || { name: id, kind: "" };
  const [ink, paper] = palette.families[familyOf(id, info.kind)];
  const r = Math.max(3, w * 0.08);
  ctx.save();
  if (opts.dim) ctx.globalAlpha = 0.45;
  kit.roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = paper;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = ink;
  ctx.stroke();
  // Family band with the name at the bottom.
  const band = Math.max(14, h * 0.3);
  ctx.save();
  kit.roundRect(ctx, x, y, w, h, r);
  ctx.clip();
  ctx.fillStyle = ink;
  ctx.fillRect(x, y + h - band, w, band);
  ctx.restore();
  drawSymbol(ctx, id, x + w / 2, y + (h - band) / 2 + 2, Math.min(w * 0.72, (h - band) * 0.78), ink, paper);
  const fs = Math.max(9, Math.round(w * 0.15));
  ctx.font = `600 ${fs}px ${c.font}`;
  ctx.fillStyle = "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const lines = kit.wrap(ctx, info.name, w - 4).slice(0, 2);
  const lh = fs + 1;
  const top = y + h - band / 2 - ((lines.length - 1) * lh) / 2;
  lines.forEach((line, i) => ctx.fillText(line, x + w / 2, top + i * lh, w - 4));
  ctx.restore();
}

function drawBack(ctx, kit, box, palette, opts = {}) {
  const { x, y, w, h } = box;
  const r = Math.max(2, w * 0.08);
  const back = palette.back;
  ctx.save();
  if (opts.dim) ctx.globalAlpha = 0.5;
  kit.roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = back.fill;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = back.edge;
  ctx.stroke();
  if (w > 20) {
    kit.roundRect(ctx, x + w * 0.12, y + w * 0.12, w * 0.76, h - w * 0.24, r * 0.6);
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

function drawSlot(ctx, kit, c, box, caption) {
  const { x, y, w, h } = box;
  ctx.save();
  kit.roundRect(ctx, x + 1, y + 1, w - 2, h - 2, Math.max(3, w * 0.08));
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = c.border;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = c.ink2;
  ctx.font = `${Math.max(9, Math.round(w * 0.16))}px ${c.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(caption, x + w / 2, y + h / 2, w - 4);
  ctx.restore();
}

/** Index in the hand of `seat` of the card it just drew (the last copy of that card), or -1. */
function drawnIndex(view, seat) {
  const hand = (view.hands || [])[seat];
  if (!view.drawn || !hand || !hand.cards) return -1;
  return hand.cards.lastIndexOf(view.drawn);
}

function selectedCard(view, ui) {
  if (!ui.selected) return null;
  const hand = (view.hands || []).find((h) => h.seat === ui.selected.seat);
  return (hand && hand.cards ? hand.cards[ui.selected.index] : null) || null;
}

const catalog = (api) => api.model.get("cards") || {};
const currentDests = (api) => destinations(api.choices(), selectedCard(api.view(), api.ui));

function drawBoard(ctx, geo, api, c) {
  const v = api.view();
  const cs = catalog(api);
  const kit = api.kit;
  const palette = api.config.palette;
  const ui = api.ui;
  const choices = api.choices();
  const marks = api.marks();
  const teacher = isTeacher(v);
  const dests = currentDests(api);
  const destRows = new Set(dests.map((d) => d.target));
  const destCols = new Set(dests.map((d) => d.column));
  const onCard = cardBadgeColours(c);

  (v.tables || []).forEach((table, t) => {
    const R = geo.rows[t];
    if (!R) return;
    const mine = !teacher && table.seats.includes(v.seat);
    const toMove = table.seats.includes(v.turn) && !v.over;
    kit.roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
    ctx.fillStyle = mine ? c.panel2 : c.panel;
    ctx.fill();
    ctx.strokeStyle = toMove ? c.accent : c.border2;
    ctx.lineWidth = toMove ? 2 : 1;
    ctx.stroke();
    if (destRows.has(R.row.id)) {
      kit.roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
      ctx.fillStyle = c.lit_fill;
      ctx.fill();
      kit.glow(ctx, R.row, c.accent, 2, 1);
    }
    // Label: seats, policies, hands.
    const L = R.label;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    let ly = L.y + 2;
    for (const s of table.seats) {
      const turn = s === v.turn && !v.over;
      ctx.fillStyle = c.ink;
      ctx.font = `${turn ? "bold " : ""}13px ${c.font}`;
      const name = `${turn ? "▶ " : ""}${seatName(v, s)}`;
      const hand = (v.hands || [])[s];
      if (geo.wide) {
        if (ctx.measureText(name).width > L.w) ctx.font = `${turn ? "bold " : ""}11px ${c.font}`;
        ctx.fillText(name, L.x, ly, L.w);
        ly += 17;
        if (hand) {
          for (let i = 0; i < Math.min(hand.size, 7); i++) drawBack(ctx, kit, { x: L.x + i * 6, y: ly, w: 9, h: 13 }, palette);
          ctx.fillStyle = c.ink1;
          ctx.font = `12px ${c.font}`;
          ctx.fillText(`${hand.size} in hand`, L.x + Math.min(hand.size, 7) * 6 + 10, ly, L.w - 60);
          ly += 19;
        }
      } else {
        const handText = hand ? `${hand.size} in hand` : "";
        const hw = ctx.measureText(handText).width;
        ctx.fillText(name, L.x, ly, L.w - hw - 8);
        ctx.fillStyle = c.ink1;
        ctx.font = `12px ${c.font}`;
        ctx.textAlign = "right";
        ctx.fillText(handText, L.x + L.w, ly + 1);
        ctx.textAlign = "left";
        ly += 18;
      }
    }
    // Go and Freeway columns: only the top card matters; the mileage piles with their counts.
    for (const col of ["go", "freeway"]) {
      const stack = table[col] || [];
      const box = R.cols[col];
      if (stack.length) drawCard(ctx, kit, c, box, stack[stack.length - 1], cs, palette);
      else drawSlot(ctx, kit, c, box, col === "go" ? "Go" : "Freeway");
      if (stack.length > 1) kit.badge(ctx, c, box.x + box.w - 7, box.y + 7, `${stack.length}`, onCard.fill, onCard.ink, 9);
    }
    for (const pile of PILES) {
      const n = table[pile] || 0;
      const cap = (v.caps || {})[pile] || 0;
      const box = R.cols[pile];
      if (n) drawCard(ctx, kit, c, box, pile, cs, palette);
      else drawSlot(ctx, kit, c, box, pile.slice(1));
      const full = n >= cap && cap;
      kit.badge(ctx, c, box.x + box.w / 2, box.y + box.h + 1, `${n}/${cap}`, full ? c.good : c.panel2,
        full ? "#ffffff" : c.ink, 9);
    }
    for (const col of COLUMNS) {
      if (destCols.has(R.cols[col].id)) kit.glow(ctx, R.cols[col], c.accent, 3, -3);
    }
    // Miles against the goal, and the state in words.
    const P = R.prog;
    const frac = Math.max(0, Math.min(1, table.miles / (v.goal || 1)));
    const bar = (x, y, w) => {
      kit.roundRect(ctx, x, y, w, 8, 4);
      ctx.fillStyle = c.panel2;
      ctx.fill();
      ctx.strokeStyle = c.border;
      ctx.lineWidth = 1;
      ctx.stroke();
      if (frac > 0) {
        kit.roundRect(ctx, x, y, Math.max(8, w * frac), 8, 4);
        ctx.fillStyle = frac >= 1 ? c.good : palette.progress;
        ctx.fill();
      }
    };
    const stopped = table.status && table.status.startsWith("stopped");
    const statusColour = table.moving ? c.good : stopped ? c.error : c.ink1;
    const freeway = table.freeway_active === false && table.freeway_status && table.freeway_status !== "none"
      ? `freeway ${table.freeway_status}` : "";
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    if (geo.wide) {
      ctx.fillStyle = c.ink;
      ctx.font = `bold 14px ${c.font}`;
      ctx.fillText(`${table.miles} / ${v.goal} mi`, P.x, P.y + 2, P.w);
      bar(P.x, P.y + 24, P.w);
      ctx.font = `13px ${c.font}`;
      ctx.fillStyle = statusColour;
      const words = kit.wrap(ctx, table.status || "", P.w).slice(0, 2);
      words.forEach((w, i) => ctx.fillText(w, P.x, P.y + 40 + i * 16, P.w));
      if (freeway) {
        ctx.fillStyle = c.ink2;
        ctx.font = `12px ${c.font}`;
        ctx.fillText(freeway, P.x, P.y + 40 + words.length * 16, P.w);
      }
    } else {
      const miles = `${table.miles} / ${v.goal} mi`;
      ctx.font = `bold 13px ${c.font}`;
      ctx.fillStyle = c.ink;
      ctx.fillText(miles, L.x, ly, L.w);
      const mw = ctx.measureText(miles).width + 10;
      ctx.font = `12px ${c.font}`;
      ctx.fillStyle = statusColour;
      ctx.fillText([table.status, freeway].filter(Boolean).join(" · "), L.x + mw, ly + 1, L.w - mw);
      bar(P.x, P.y, P.w);
    }
  });

  // Piles: draw and discard, and the cards face up on the discard pile (all of them).
  const PL = geo.pileLabel;
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  ctx.fillStyle = c.ink1;
  ctx.font = `13px ${c.font}`;
  ctx.fillText(`Draw pile: ${v.draw}`, PL.x, PL.y + 4, PL.w);
  ctx.fillText(`Discards: ${v.discard}`, PL.x, PL.y + 22, PL.w);
  if (v.draw) drawBack(ctx, kit, geo.draw, palette);
  else drawSlot(ctx, kit, c, geo.draw, "empty");
  kit.badge(ctx, c, geo.draw.x + geo.draw.w / 2, geo.draw.y + geo.draw.h + 1, `${v.draw}`, c.panel2, c.ink, 9);
  if (v.discard_top) drawCard(ctx, kit, c, geo.discard, v.discard_top, cs, palette);
  else if (v.discard) drawBack(ctx, kit, geo.discard, palette, { dim: true });
  else drawSlot(ctx, kit, c, geo.discard, "Discard");
  kit.badge(ctx, c, geo.discard.x + geo.discard.w / 2, geo.discard.y + geo.discard.h + 1, `${v.discard}`, c.panel2,
    c.ink, 9);
  const F = geo.faceUp;
  if (F.lines.length) {
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = c.ink2;
    F.lines.forEach((line, i) => ctx.fillText(line, F.x, F.y + 2 + i * 15, F.w));
  }
  if (destRows.has("discard")) kit.glow(ctx, geo.discard, c.accent, 3, -4);
  const chosenBox = destinationBox(geo, dests.find((d) => d.action === ui.dest));
  if (chosenBox) {
    kit.glow(ctx, chosenBox, c.ink, 4, -7);
    kit.badge(ctx, c, chosenBox.x + chosenBox.w / 2, chosenBox.y - 10, "Enter", c.ink, c.bg, 10);
  }
  const lastBox = lastMoveBox(geo, marks.last);
  if (lastBox) kit.glow(ctx, lastBox, c.warn, 2, -6);
  // The advice: on each lit place the figure of its move, the best move's in green.
  const advice = adviceFigures(api.advice(), choices);
  const drawn = [];
  const figure = (box, action, y, id) => {
    const f = advice.byAction[action];
    if (!f || !box) return;
    const best = action === advice.best;
    const size = box.w < 46 ? 9 : 10;
    ctx.font = `bold ${size}px ${c.font}`;
    const label = figureLabel(kit, advice.kind, f, best, box.w + 4, (t) => ctx.measureText(t).width + 8);
    kit.badge(ctx, c, box.x + box.w / 2, y, label, best ? c.win : c.ink, best ? c.win_ink : c.bg, size);
    drawn.push({ id, action, text: label, best }); // as drawn: "★ 72%" for the best
  };
  for (const d of dests) {
    const box = destinationBox(geo, d);
    if (box) figure(box, d.action, box.y + box.h / 2, box.id);
  }

  // Hands, face up where this view may see them; cards that cannot be played are marked.
  const sel = ui.selected;
  const unplayable = marks.cards || {};
  for (const H of geo.hands) {
    const s = H.seat;
    const canPlay = choices.length && s === actingSeat(v);
    ctx.fillStyle = c.ink;
    ctx.font = `bold 13px ${c.font}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    const title = teacher ? `Seat ${s}'s hand` : "Your hand";
    ctx.fillText(title, H.label.x, H.label.y + 2, H.label.w);
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = c.ink2;
    const help = canPlay ? "keys 1–7, ↑↓, Enter, D" : "";
    if (geo.wide) ctx.fillText(help, H.label.x, H.label.y + 20, H.label.w);
    else {
      const tw = ctx.measureText(`${title}  `).width + 10;
      ctx.fillText(help, H.label.x + tw, H.label.y + 3, H.label.w - tw);
    }
    for (const b of H.cards) {
      const lifted = sel && sel.seat === s && sel.index === b.index;
      const box = lifted ? { ...b, y: b.y - 8 } : b;
      const blocked = canPlay && unplayable[b.card];
      drawCard(ctx, kit, c, box, b.card, cs, palette, { dim: (!canPlay && !v.over && !teacher) || blocked });
      if (lifted) kit.glow(ctx, box, c.accent, 3, -3);
      if (canPlay) kit.badge(ctx, c, box.x + 9, box.y + 9, `${b.index + 1}`, onCard.fill, onCard.ink, 10);
      if (blocked) kit.badge(ctx, c, box.x + box.w - 11, box.y + 9, "✕", c.error, "#ffffff", 9);
      else if (s === v.turn && b.index === drawnIndex(v, s)) {
        kit.badge(ctx, c, box.x + box.w - 14, box.y + 9, "new", c.new, c.new_ink, 9);
      }
      // Under the card: the figure of its best move; the best card of the hand ringed in green.
      const mine = canPlay && advice.byCard[b.card];
      if (mine) {
        if (mine.action === advice.best && !lifted) kit.glow(ctx, box, c.win, 2, -2);
        figure(box, mine.action, box.y + box.h + 4, b.id);
      }
    }
  }
  ui.adviceDrawn = drawn;
}

/** A figure's badge text that fits `room` px (as `width` measures a badge): "★ 72% ±7", else without
 *  the interval ("★ 72%"): on a narrow board the badges under the hand's cards must not overlap. */
export function figureLabel(kit, kind, f, best, room, width) {
  const star = best ? "★ " : "";
  const full = star + kit.figureText(kind, f.estimate, f.low, f.high);
  return width(full) <= room ? full : star + kit.figureText(kind, f.estimate, f.low, f.high, true);
}

/** What the advice says of one card of the hand, or of one lit place, for its hover text. */
function adviceWords(api, action) {
  const advice = adviceFigures(api.advice(), api.choices());
  const f = advice.byAction[action];
  if (!f) return "";
  const best = action === advice.best ? " (the best move so far)" : "";
  return `${action}: ${api.kit.figureWords(advice.kind, f.estimate, f.low, f.high, f.n)}${best}`;
}

// ---------------------------------------------------------------- the game module

function pickCard(api, seat, index) {
  const ui = api.ui;
  const v = api.view();
  ui.selected = { seat, index };
  ui.dest = null;
  const card = selectedCard(v, ui);
  const cs = catalog(api);
  const name = card ? (cs[card] || {}).name || card : "";
  if (!api.choices().length) {
    const waiting = api.model.get("waiting") || {};
    if (v.over) return api.note("The game is over: undo or jump back in the history to play on.", true);
    const policy = (v.players || [])[v.turn] || "";
    return api.note(`It is seat ${v.turn}'s turn (${policy}).${waiting.text ? ` ${waiting.text}` : ""}`, true);
  }
  const blocked = (api.marks().cards || {})[card];
  if (blocked) {
    return api.note(`${name} cannot be played now: ${blocked.text} Discard it with D or on the lit discard pile.`,
      false, blocked.rule);
  }
  const dests = currentDests(api);
  const places = dests.map((d) => describeDestination(v, cs, d)).join(", or ");
  api.note(`${name}: ${dests.length === 1 ? "press Enter or click the lit place" :
    "click a lit place, or ↑/↓ choose one and Enter"} (${places}).`);
}

function unselect(ui) {
  ui.selected = null;
  ui.dest = null;
}

function play(api, action) {
  unselect(api.ui);
  api.send({ type: "act", action });
}

export const GAME = {
  keysHelp: "Keys: 1–7 pick a card, ↑/↓ choose its place, Enter plays, D discards, Esc lets go; " +
    "←/→ undo and redo, space steps, A shows or hides the advice.",
  teacher: { option: "All hands (teacher)", banner: "TEACHER VIEW · every hand is shown face up" },

  title: (view) => `Touring · ${view.goal} miles`,

  layout: (view, width, opts = {}) => layout(view, width, { ...opts, cards: opts.api ? catalog(opts.api) : {} }),

  hitTest,

  draw(ctx, geo, api, theme) {
    drawBoard(ctx, geo, api, theme);
  },

  click(hit, api) {
    const ui = api.ui;
    const v = api.view();
    if (hit && hit.kind === "hand") {
      if (ui.selected && ui.selected.seat === hit.seat && ui.selected.index === hit.index) {
        unselect(ui);
        return api.note("");
      }
      return pickCard(api, hit.seat, hit.index);
    }
    if (!ui.selected) return;
    const dests = currentDests(api);
    const target = hit ? (hit.kind === "row" || hit.kind === "column" ? `row:${hit.team}` : hit.id) : null;
    const dest = dests.find((d) => d.target === target);
    if (dest) return play(api, dest.action);
    const action = intendedAction(v, catalog(api), selectedCard(v, ui), hit);
    if (action && api.choices().length) {
      // Not a lit place: Python judges it and the board shows the verdict and its rule; the card stays picked.
      api.send({ type: "act", action });
      return;
    }
    unselect(ui);
    api.note("");
  },

  clickable(hit, api) {
    if (hit.kind === "hand") return true;
    const target = hit.kind === "row" || hit.kind === "column" ? `row:${hit.team}` : hit.id;
    return currentDests(api).some((d) => d.target === target);
  },

  key(key, api) {
    const v = api.view();
    const ui = api.ui;
    if (/^[1-9]$/.test(key)) {
      const seat = actingSeat(v);
      const hand = (v.hands || []).find((h) => h.seat === seat && h.cards);
      const i = Number(key) - 1;
      if (hand && i < hand.cards.length) pickCard(api, seat, i);
      return true;
    }
    if (key === "ArrowDown" || key === "ArrowUp") {
      const dests = currentDests(api);
      const at = cycleIndex(dests.length, dests.findIndex((d) => d.action === ui.dest), key === "ArrowDown" ? 1 : -1);
      if (at === null) refuse(api, dests);
      else {
        ui.dest = dests[at].action;
        api.note(`${describeDestination(v, catalog(api), dests[at])} (${at + 1} of ${dests.length}): ` +
          "Enter plays it, ↑/↓ for another place.");
      }
      return true;
    }
    if (key === "Enter" || key === "d" || key === "D") {
      const dests = currentDests(api);
      const chosen = key !== "Enter" ? dests.find((d) => d.target === "discard")
        : dests.find((d) => d.action === ui.dest) || (dests.length === 1 ? dests[0] : null);
      if (chosen) play(api, chosen.action);
      else refuse(api, dests);
      return true;
    }
    return false;
  },

  hover(hit, api) {
    const v = api.view();
    const cs = catalog(api);
    if (hit.kind === "hand") {
      const name = (cs[hit.card] || {}).name || hit.card;
      const blocked = (api.marks().cards || {})[hit.card];
      if (!api.choices().length || hit.seat !== actingSeat(v)) return name;
      const mine = adviceFigures(api.advice(), api.choices()).byCard[hit.card];
      const advice = mine ? `. Advice, its best move: ${adviceWords(api, mine.action)}` : "";
      return (blocked ? `${name} cannot be played now: ${blocked.text}` : `${name}: click to pick it, then a lit place`) +
        advice;
    }
    const dest = currentDests(api).find((d) => d.target === (hit.kind === "row" || hit.kind === "column"
      ? `row:${hit.team}` : hit.id));
    const advice = dest ? adviceWords(api, dest.action) : "";
    if (hit.kind === "column") {
      const table = (v.tables || [])[hit.team] || {};
      if (PILES.includes(hit.column)) {
        const cap = (v.caps || {})[hit.column] || 0;
        return `${(cs[hit.column] || {}).name}: ${table[hit.column] || 0} of at most ${cap}` +
          (advice ? `. Advice: ${advice}` : "");
      }
      const stack = table[hit.column] || [];
      const names = stack.map((id) => (cs[id] || {}).name || id);
      return `${hit.column === "go" ? "Go" : "Freeway"} column: ${names.length ? names.join(", ") : "empty"}` +
        (advice ? `. Advice: ${advice}` : "");
    }
    if (hit.kind === "discard") {
      const up = faceUpText(cs, v.discard_face_up);
      return `Discard pile: ${v.discard} card${v.discard === 1 ? "" : "s"}${up ? `; face up: ${up}` : ""}` +
        (advice ? `. Advice: ${advice}` : "");
    }
    if (hit.kind === "row" && advice) return `Advice: ${advice}`;
    return null;
  },

  changed(api) {
    const ui = api.ui;
    const v = api.view();
    if (ui.selected && (!selectedCard(v, ui) || !api.choices().length)) unselect(ui);
    if (ui.dest && !currentDests(api).some((d) => d.action === ui.dest)) ui.dest = null;
  },

  escape(api) {
    unselect(api.ui);
  },

  dataset(api) {
    const ui = api.ui;
    const drawn = ui.adviceDrawn || [];
    const best = drawn.find((f) => f.best);
    return { selected: ui.selected ? String(ui.selected.index) : "", dest: ui.dest || "",
      adviceFigures: String(drawn.length), adviceBest: best ? best.action : "",
      adviceDrawn: drawn.map((f) => `${f.id}=${f.text}`).join("; ") };
  },

  hooks(api) {
    return { destinations: () => currentDests(api) };
  },

  describe(api) {
    const v = api.view();
    const who = isTeacher(v) ? "teacher's view, all hands shown" : `seat ${v.seat}`;
    const me = (v.tables || [])[teamOf(v, actingSeat(v))];
    return `Touring board, ${who}. ${v.over ? "Game over." : `Seat ${v.turn} to move.`} ` +
      (me ? `Your miles: ${me.miles} of ${v.goal}, ${me.status}. ` : "") +
      (api.choices().length ? "Press 1 to 7 to pick a card, then click a lit place or press Enter; " +
        "where it has several places, arrow up and down choose one." : "");
  },
};

function refuse(api, dests) {
  const ui = api.ui;
  api.note(!ui.selected ? "Pick a card first (keys 1–7)."
    : dests.length ? "More than one place: ↑/↓ choose one, or click one (D discards)."
      : "That card cannot be played now.", true);
}
