// The Touring board: one <canvas> drawn from the model's traits, played by clicks and keys.
// Python is the only judge: the page sends {type: "act", action, revision} and redraws
// whatever Python publishes. Several boards may share a page, so nothing uses element ids.

// ---------------------------------------------------------------- state (constants)

const PILES = ["m25", "m35", "m50", "m75"];
const KEYS_HANDLED = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Enter", "Escape", "d", "D"]);
const SPEEDS = ["instant", "fast", "normal", "slow"];

// Card faces: a colour per family, a symbol, and the printed name. Faces are light "paper" in
// both themes (they are cards), framed and labelled in the family colour.
const FAMILY = {
  mileage: { ink: "#1f5fa8", paper: "#eef4fc" },
  go: { ink: "#23803a", paper: "#eaf7ec" },
  freeway: { ink: "#0f7c7c", paper: "#e6f6f5" },
  attack: { ink: "#c4561a", paper: "#fdf0e6" },
  stop: { ink: "#c62828", paper: "#fdecec" },
  loss: { ink: "#7b3fa0", paper: "#f5edfa" },
  remedy: { ink: "#9a6a00", paper: "#fdf6e1" },
  other: { ink: "#555555", paper: "#f2f2f2" },
};

function familyOf(id, kind) {
  if (kind === "mileage" || PILES.includes(id)) return "mileage";
  if (id === "go") return "go";
  if (id === "freeway") return "freeway";
  if (kind === "road attack") return "attack";
  if (kind === "stopping delay") return "stop";
  if (kind === "mileage delay") return "loss";
  if (kind && kind.startsWith("remedy")) return "remedy";
  return "other";
}

// ---------------------------------------------------------------- geometry (pure functions)

/** Which team's tableau holds `seat` (teams are lists of seats). */
export function teamOf(view, seat) {
  const teams = view.teams || [];
  for (let t = 0; t < teams.length; t++) if (teams[t].includes(seat)) return t;
  return -1;
}

/** The seat whose cards the board may play: the viewing seat, or the seat to move in the teacher's view. */
export function actingSeat(view) {
  return view.seat === null || view.seat === undefined ? view.turn : view.seat;
}

/** Read an action text: {kind, card, target}; null when it is not one. */
export function parseAction(text) {
  const m = /^(play|discard) ([a-z0-9_]+)(?: on (\d+))?$/.exec(text || "");
  return m ? { kind: m[1], card: m[2], target: m[3] === undefined ? null : Number(m[3]) } : null;
}

/** The column of a tableau a card lands on: a mileage pile, the Freeway column or the Go column. */
export function columnFor(card, kind) {
  if (PILES.includes(card)) return card;
  if (card === "freeway" || kind === "road attack") return "freeway";
  return "go";
}

/** Where each legal action of `card` goes: [{action, target: "row:T" | "discard", column}]. */
export function destinations(view, cards, legal, card) {
  const out = [];
  if (!card) return out;
  const kind = (cards[card] || {}).kind || "";
  for (const action of legal || []) {
    const a = parseAction(action);
    if (!a || a.card !== card) continue;
    if (a.kind === "discard") {
      out.push({ action, target: "discard", column: null });
    } else {
      const seat = a.target === null ? actingSeat(view) : a.target;
      const team = teamOf(view, seat);
      if (team >= 0) out.push({ action, target: `row:${team}`, column: `${columnFor(card, kind)}:${team}` });
    }
  }
  return out;
}

/** A destination in words, for the text line and screen readers: "Play Go on your table". */
export function describeDestination(view, cards, dest) {
  const a = parseAction(dest.action);
  if (!a) return dest.action;
  const name = (cards[a.card] || {}).name || a.card;
  if (dest.target === "discard") return `Discard ${name}`;
  const team = Number(dest.target.slice("row:".length));
  const seats = ((view.tables || [])[team] || {}).seats || [];
  const teacher = view.seat === null || view.seat === undefined;
  const whose = !teacher && seats.includes(view.seat) ? "your table"
    : `the table of seat${seats.length > 1 ? "s" : ""} ${seats.join(" & ")}`;
  return `Play ${name} on ${whose}`;
}

/** The position after moving `step` places from `index` among `n`, wrapping; from null, the first or last. */
export function cycleIndex(n, index, step) {
  if (!n) return null;
  if (index === null || index < 0) return step > 0 ? 0 : n - 1;
  return (((index + step) % n) + n) % n;
}

/** The box a destination lights: the discard pile or a column of a table; null when not laid out. */
export function destinationBox(geometry, dest) {
  if (!dest) return null;
  if (dest.target === "discard") return geometry.discard;
  const [column, team] = (dest.column || "").split(":");
  const row = geometry.rows[Number(team)];
  return row ? row.cols[column] || row.row : null;
}

/** Lay the board out for a width in CSS pixels: boxes to draw and to hit, and the height. */
export function layout(view, width) {
  const W = Math.max(420, Math.floor(width));
  const pad = 12;
  const gap = Math.max(4, Math.round(W / 160));
  const labelW = Math.round(Math.min(180, Math.max(104, W * 0.17)));
  const progW = Math.round(Math.min(240, Math.max(110, W * 0.2)));
  const avail = W - 2 * pad - labelW - progW - 3 * gap;
  const cw = Math.round(Math.min(78, Math.max(34, (avail - 5 * gap) / 6)));
  const ch = Math.round(cw * 1.4);
  const boxes = [];
  let y = pad;
  const teacher = view.seat === null || view.seat === undefined;
  const header = { x: pad, y, w: W - 2 * pad, h: 22 };
  y += teacher ? 52 : 30;

  const tables = view.tables || [];
  const rows = [];
  for (let t = 0; t < tables.length; t++) {
    const rowH = ch + 16;
    const row = { id: `row:${t}`, kind: "row", team: t, x: pad, y, w: W - 2 * pad, h: rowH };
    const cy = y + 8;
    let x = pad + labelW + gap;
    const cols = {};
    for (const col of ["go", "freeway", ...PILES]) {
      cols[col] = { id: `${col}:${t}`, kind: "column", team: t, column: col, x, y: cy, w: cw, h: ch };
      x += cw + gap;
    }
    const prog = { x: x + gap, y: cy, w: W - pad - (x + gap) - 4, h: ch };
    rows.push({ row, cols, prog, label: { x: pad + 6, y: cy, w: labelW - 8, h: ch } });
    boxes.push(row);
    y += rowH + 6;
  }

  // Piles and the last move.
  y += 2;
  const pileY = y;
  const draw = { id: "draw", kind: "draw", x: pad + labelW + gap, y: pileY, w: cw, h: ch };
  const discard = { id: "discard", kind: "discard", x: draw.x + cw + gap * 3, y: pileY, w: cw, h: ch };
  boxes.push(discard);
  const lastLine = { x: discard.x + cw + gap * 3, y: pileY, w: W - pad - (discard.x + cw + gap * 3), h: ch };
  const pileLabel = { x: pad + 6, y: pileY, w: labelW - 8, h: ch };
  y += ch + 20;

  // Hands: the viewing seat's, or every hand in the teacher's view.
  const hands = [];
  const hcw = Math.round(Math.min(86, cw * 1.1));
  const hch = Math.round(hcw * 1.4);
  for (const hand of view.hands || []) {
    if (!hand.cards || !(view.seat === null || view.seat === undefined || hand.seat === view.seat)) continue;
    const cardsBoxes = [];
    let x = pad + labelW + gap;
    for (let i = 0; i < hand.cards.length; i++) {
      const b = { id: `hand:${hand.seat}:${i}`, kind: "hand", seat: hand.seat, index: i, card: hand.cards[i],
        x, y: y + 14, w: hcw, h: hch };
      cardsBoxes.push(b);
      boxes.push(b);
      x += hcw + gap;
    }
    hands.push({ seat: hand.seat, label: { x: pad + 6, y: y + 14, w: labelW - 8, h: hch }, cards: cardsBoxes });
    y += hch + 22;
  }

  // The text line: what was refused, or what just happened.
  const message = { x: pad, y, w: W - 2 * pad, h: 20 };
  y += 26;

  // History strip: one cell per position, the deal first.
  const cell = 14;
  const histLabel = { x: pad, y, w: 60, h: cell };
  const total = (view._lineLength ?? 0) + 1;
  let hx = pad + 64;
  let hy = y;
  for (let i = 0; i < total; i++) {
    if (hx + cell > W - pad) {
      hx = pad + 64;
      hy += cell + 3;
    }
    boxes.push({ id: `hist:${i}`, kind: "history", index: i, x: hx, y: hy, w: cell, h: cell });
    hx += cell + 2;
  }
  y = hy + cell + pad;

  return { width: W, height: Math.ceil(y), pad, cw, ch, header, rows, draw, discard, pileLabel, lastLine,
    hands, message, histLabel, boxes };
}

/** The topmost box under a point (hand cards and history cells first), or null. */
export function hitTest(geometry, x, y) {
  let best = null;
  const rank = { hand: 4, history: 4, discard: 3, row: 1 };
  for (const b of geometry.boxes) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (!best || (rank[b.kind] || 0) > (rank[best.kind] || 0)) best = b;
    }
  }
  return best;
}

// ---------------------------------------------------------------- drawing

function themeColours(el) {
  const css = getComputedStyle(el);
  const v = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    bg: v("--jp-layout-color0", "#ffffff"),
    panel: v("--jp-layout-color1", "#ffffff"),
    panel2: v("--jp-layout-color2", "#eeeeee"),
    border: v("--jp-border-color1", "#bdbdbd"),
    border2: v("--jp-border-color2", "#e0e0e0"),
    ink: v("--jp-ui-font-color0", "#1a1a1a"),
    ink1: v("--jp-ui-font-color1", "#424242"),
    ink2: v("--jp-ui-font-color2", "#757575"),
    accent: v("--jp-brand-color1", "#1976d2"),
    warn: v("--jp-warn-color0", "#e65100"),
    error: v("--jp-error-color1", "#d32f2f"),
    good: v("--jp-success-color1", "#388e3c"),
    font: v("--jp-ui-font-family", "system-ui, -apple-system, 'Segoe UI', sans-serif"),
  };
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

const wrapCache = new Map();
function wrapName(ctx, text, width) {
  const key = `${ctx.font}|${width}|${text}`;
  let lines = wrapCache.get(key);
  if (lines) return lines;
  lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    const tryLine = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(tryLine).width > width) {
      lines.push(line);
      line = word;
    } else line = tryLine;
  }
  if (line) lines.push(line);
  if (wrapCache.size > 500) wrapCache.clear();
  wrapCache.set(key, lines);
  return lines;
}

/** The symbol of a card, drawn in a box centred on (cx, cy) of size s. */
function drawSymbol(ctx, id, cx, cy, s, ink) {
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
    ctx.fillStyle = "#ffffff";
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
    ctx.fillRect(cx - r * 0.55, cy - r * 0.55, r * 0.8, r * 1.4);
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.25, cy - r * 0.3);
    ctx.lineTo(cx + r * 0.6, cy - r * 0.3);
    ctx.lineTo(cx + r * 0.6, cy + r * 0.5);
    ctx.stroke();
    ctx.clearRect(cx - r * 0.4, cy - r * 0.4, r * 0.5, r * 0.35);
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

function drawCard(ctx, c, box, id, cards, opts = {}) {
  const { x, y, w, h } = box;
  const info = cards[id] || { name: id, kind: "" };
  const fam = FAMILY[familyOf(id, info.kind)];
  const r = Math.max(3, w * 0.08);
  ctx.save();
  if (opts.dim) ctx.globalAlpha = 0.45;
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = fam.paper;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = fam.ink;
  ctx.stroke();
  // Family band with the name at the bottom.
  const band = Math.max(12, h * 0.3);
  ctx.save();
  roundRect(ctx, x, y, w, h, r);
  ctx.clip();
  ctx.fillStyle = fam.ink;
  ctx.fillRect(x, y + h - band, w, band);
  ctx.restore();
  drawSymbol(ctx, id, x + w / 2, y + (h - band) / 2 + 2, Math.min(w * 0.72, (h - band) * 0.78), fam.ink);
  const fs = Math.max(8, Math.round(w * 0.15));
  ctx.font = `600 ${fs}px ${c.font}`;
  ctx.fillStyle = "#ffffff";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const lines = wrapName(ctx, info.name, w - 4).slice(0, 2);
  const lh = fs + 1;
  const top = y + h - band / 2 - ((lines.length - 1) * lh) / 2;
  lines.forEach((line, i) => ctx.fillText(line, x + w / 2, top + i * lh, w - 4));
  ctx.restore();
}

function drawBack(ctx, c, box, opts = {}) {
  const { x, y, w, h } = box;
  const r = Math.max(3, w * 0.08);
  ctx.save();
  if (opts.dim) ctx.globalAlpha = 0.5;
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = "#27406b";
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "#e8edf5";
  ctx.stroke();
  roundRect(ctx, x + w * 0.12, y + w * 0.12, w * 0.76, h - w * 0.24, r * 0.6);
  ctx.strokeStyle = "#c9a449";
  ctx.stroke();
  if (w > 20) {
    ctx.fillStyle = "#c9a449";
    ctx.font = `bold ${Math.round(w * 0.36)}px serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("T", x + w / 2, y + h / 2);
  }
  ctx.restore();
}

function drawSlot(ctx, c, box, caption) {
  const { x, y, w, h } = box;
  ctx.save();
  roundRect(ctx, x + 1, y + 1, w - 2, h - 2, Math.max(3, w * 0.08));
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

function badge(ctx, c, x, y, text, fill, ink, size = 11) {
  ctx.save();
  ctx.font = `bold ${size}px ${c.font}`;
  const tw = ctx.measureText(text).width + 8;
  roundRect(ctx, x - tw / 2, y - size * 0.75, tw, size * 1.5, size * 0.6);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
  ctx.restore();
}

function glow(ctx, box, colour, width = 3, inset = -4) {
  ctx.save();
  roundRect(ctx, box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset, 6);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}

function seatName(view, seat, mine) {
  const policy = (view.players || [])[seat] || "";
  return `Seat ${seat} · ${policy}${mine ? " (you)" : ""}`;
}

/** Index in the hand of `seat` of the card it just drew (the last copy of that card), or -1. */
function drawnIndex(view, seat) {
  const hand = (view.hands || [])[seat];
  if (!view.drawn || !hand || !hand.cards) return -1;
  return hand.cards.lastIndexOf(view.drawn);
}

/** The box the last move touched, for highlighting. */
function lastMoveBox(view, geo, cards) {
  const last = view.last;
  if (!last) return null;
  if (/^discard\b/.test(last.action || "")) return geo.discard;
  const a = parseAction(last.action);
  if (!a) return null;
  const team = teamOf(view, a.target === null ? last.seat : a.target);
  const row = geo.rows[team];
  if (!row) return null;
  return row.cols[columnFor(a.card, (cards[a.card] || {}).kind)] || row.row;
}

// ---------------------------------------------------------------- the widget

export default {
  render({ model, el }) {
    // -- state: local UI only; everything else comes from the model.
    // `dest`: the action of the destination chosen with the arrow keys, played by Enter.
    const ui = { selected: null, dest: null, note: "", noteIsError: false, hover: null, lastRevision: -1 };
    let geo = null;
    let width = 0;
    let frame = 0;

    el.classList.add("tw-board");
    el.setAttribute("data-lm-suppress-shortcuts", "true");
    const toolbar = document.createElement("div");
    toolbar.className = "tw-toolbar";
    const button = (cls, text, title) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.textContent = text;
      b.title = title;
      toolbar.appendChild(b);
      return b;
    };
    const undoBtn = button("tw-undo", "↶ Undo", "Undo one move (←)");
    const redoBtn = button("tw-redo", "↷ Redo", "Redo one move (→)");
    const stepBtn = button("tw-step", "Step", "Let the seat to move play by its policy (space)");
    const runBtn = button("tw-run", "Play to end", "Every seat plays by its policy until the game ends");
    const forkBtn = button("tw-fork", "Fork", "A new, independent game from this position, shown below");
    const spacer = document.createElement("span");
    spacer.className = "tw-spacer";
    toolbar.appendChild(spacer);
    const select = (text, cls, aria) => {
      const label = document.createElement("label");
      label.textContent = text;
      const sel = document.createElement("select");
      sel.className = cls;
      sel.setAttribute("aria-label", aria);
      label.appendChild(sel);
      toolbar.appendChild(label);
      return sel;
    };
    const seatSel = select("View ", "tw-seat", "Seat to view the game from");
    const speedSel = select("Speed ", "tw-speed", "Pause between automatic moves");
    for (const s of SPEEDS) speedSel.add(new Option(s, s));

    const canvas = document.createElement("canvas");
    canvas.className = "tw-canvas";
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "Touring card game board");
    const live = document.createElement("div");
    live.className = "tw-live";
    live.setAttribute("aria-live", "polite");
    el.append(toolbar, canvas, live);
    const ctx = canvas.getContext("2d");

    // -- model sync helpers
    const view = () => {
      const v = model.get("view") || {};
      return { ...v, _lineLength: (model.get("line") || []).length };
    };
    const cards = () => model.get("cards") || {};
    const send = (msg) => model.send({ ...msg, revision: model.get("revision") });
    const selectedCard = (v) => {
      if (!ui.selected) return null;
      const hand = (v.hands || []).find((h) => h.seat === ui.selected.seat);
      const card = hand && hand.cards ? hand.cards[ui.selected.index] : null;
      return card || null;
    };
    const currentDests = (v) => destinations(v, cards(), model.get("legal"), selectedCard(v));

    // -- drawing: one function repaints everything from the model plus `ui`.
    function draw() {
      frame = 0;
      const t0 = performance.now();
      const v = view();
      const cs = cards();
      const c = themeColours(el);
      width = el.clientWidth || canvas.clientWidth || 720;
      geo = layout(v, width);
      const dpr = window.devicePixelRatio || 1;
      const pw = Math.round(geo.width * dpr);
      const ph = Math.round(geo.height * dpr);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      canvas.style.height = `${geo.height}px`;
      canvas.style.width = `${geo.width}px`;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = c.bg;
      ctx.fillRect(0, 0, geo.width, geo.height);
      ctx.strokeStyle = c.border2;
      ctx.lineWidth = 1;
      ctx.strokeRect(0.5, 0.5, geo.width - 1, geo.height - 1);

      const legal = model.get("legal") || [];
      const position = model.get("position");
      const line = model.get("line") || [];
      const teacher = v.seat === null || v.seat === undefined;
      const players = v.players || [];
      const dests = currentDests(v);
      if (!v.tables) {
        ctx.fillStyle = c.ink1;
        ctx.font = `14px ${c.font}`;
        ctx.fillText("Waiting for the game…", geo.pad, 30);
        return;
      }

      // Header: game, goal, whose turn, the teacher's label.
      ctx.textBaseline = "middle";
      ctx.textAlign = "left";
      ctx.fillStyle = c.ink;
      ctx.font = `bold 15px ${c.font}`;
      const hy = geo.header.y + geo.header.h / 2;
      ctx.fillText(`Touring · ${v.goal} miles`, geo.header.x, hy);
      let turnText;
      if (v.over) turnText = "Game over";
      else if (legal.length && teacher) turnText = `${seatName(v, v.turn, false)} to move: pick one of its cards`;
      else if (legal.length) turnText = `Your move, seat ${actingSeat(v)}: pick a card`;
      else turnText = `${seatName(v, v.turn, false)} to move`;
      if (model.get("running")) turnText += " · playing…";
      const titleW = ctx.measureText(`Touring · ${v.goal} miles`).width;
      ctx.font = `14px ${c.font}`;
      ctx.fillText(turnText, geo.header.x + titleW + 14, hy, geo.header.w - titleW - 14);
      if (teacher) {
        const label = "TEACHER VIEW · every hand is shown face up";
        ctx.font = `bold 12px ${c.font}`;
        badge(ctx, c, geo.header.x + ctx.measureText(label).width / 2 + 4, hy + 24, label, c.warn, "#ffffff", 12);
      }

      // Tableaus.
      const actingTeam = teamOf(v, actingSeat(v));
      const destRows = new Set(dests.map((d) => d.target));
      const destCols = new Set(dests.map((d) => d.column));
      (v.tables || []).forEach((table, t) => {
        const R = geo.rows[t];
        const mine = !teacher && table.seats.includes(v.seat);
        ctx.save();
        roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
        ctx.fillStyle = mine ? c.panel2 : c.panel;
        ctx.fill();
        ctx.strokeStyle = table.seats.includes(v.turn) && !v.over ? c.accent : c.border2;
        ctx.lineWidth = table.seats.includes(v.turn) && !v.over ? 2 : 1;
        ctx.stroke();
        ctx.restore();
        if (destRows.has(R.row.id)) {
          ctx.save();
          roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
          ctx.fillStyle = "rgba(25,118,210,0.12)";
          ctx.fill();
          ctx.restore();
          glow(ctx, R.row, c.accent, 2, 1);
        }
        // Label: seats, policies, hands.
        const L = R.label;
        ctx.textAlign = "left";
        ctx.textBaseline = "top";
        let ly = L.y + 2;
        for (const s of table.seats) {
          ctx.fillStyle = c.ink;
          ctx.font = `${s === v.turn && !v.over ? "bold " : ""}13px ${c.font}`;
          ctx.fillText(`${s === v.turn && !v.over ? "▶ " : ""}${seatName(v, s, !teacher && s === v.seat)}`, L.x, ly,
            L.w);
          ly += 17;
          const hand = (v.hands || [])[s];
          if (hand) {
            const size = hand.size;
            const bw = 9;
            for (let i = 0; i < Math.min(size, 7); i++) {
              drawBack(ctx, c, { x: L.x + i * 6, y: ly, w: bw, h: 13 });
            }
            ctx.fillStyle = c.ink1;
            ctx.font = `12px ${c.font}`;
            ctx.fillText(`${size} in hand`, L.x + Math.min(size, 7) * 6 + 10, ly, L.w - 60);
            ly += 19;
          }
        }
        // Go and Freeway columns: only the top card matters.
        const goTop = table.go.length ? table.go[table.go.length - 1] : null;
        const fwTop = table.freeway.length ? table.freeway[table.freeway.length - 1] : null;
        if (goTop) drawCard(ctx, c, R.cols.go, goTop, cs);
        else drawSlot(ctx, c, R.cols.go, "Go");
        if (fwTop) drawCard(ctx, c, R.cols.freeway, fwTop, cs);
        else drawSlot(ctx, c, R.cols.freeway, "Freeway");
        if (table.go.length > 1) badge(ctx, c, R.cols.go.x + R.cols.go.w - 6, R.cols.go.y + 6, `${table.go.length}`,
          c.ink1, c.bg, 9);
        if (table.freeway.length > 1) badge(ctx, c, R.cols.freeway.x + R.cols.freeway.w - 6, R.cols.freeway.y + 6,
          `${table.freeway.length}`, c.ink1, c.bg, 9);
        for (const pile of PILES) {
          const n = table[pile] || 0;
          const cap = (v.caps || {})[pile] || 0;
          const box = R.cols[pile];
          if (n) drawCard(ctx, c, box, pile, cs);
          else drawSlot(ctx, c, box, pile.slice(1));
          badge(ctx, c, box.x + box.w / 2, box.y + box.h + 1, `${n}/${cap}`, n >= cap && cap ? c.good : c.panel2,
            n >= cap && cap ? "#ffffff" : c.ink, 10);
        }
        for (const col of ["go", "freeway", ...PILES]) {
          if (destCols.has(R.cols[col].id)) glow(ctx, R.cols[col], c.accent, 3, -3);
        }
        // Miles against the goal, and the state in words.
        const P = R.prog;
        ctx.textAlign = "left";
        ctx.textBaseline = "top";
        ctx.fillStyle = c.ink;
        ctx.font = `bold 14px ${c.font}`;
        ctx.fillText(`${table.miles} / ${v.goal} mi`, P.x, P.y + 2, P.w);
        const barY = P.y + 24;
        roundRect(ctx, P.x, barY, P.w, 10, 5);
        ctx.fillStyle = c.panel2;
        ctx.fill();
        ctx.strokeStyle = c.border;
        ctx.lineWidth = 1;
        ctx.stroke();
        const frac = Math.max(0, Math.min(1, table.miles / (v.goal || 1)));
        if (frac > 0) {
          roundRect(ctx, P.x, barY, Math.max(10, P.w * frac), 10, 5);
          ctx.fillStyle = frac >= 1 ? c.good : "#1f5fa8";
          ctx.fill();
        }
        const moving = table.moving;
        ctx.font = `13px ${c.font}`;
        ctx.fillStyle = moving ? c.good : table.status && table.status.startsWith("stopped") ? c.error : c.ink1;
        const words = wrapName(ctx, table.status || "", P.w).slice(0, 2);
        words.forEach((w, i) => ctx.fillText(w, P.x, barY + 18 + i * 16, P.w));
        if (table.freeway_active === false && table.freeway_status && table.freeway_status !== "none") {
          ctx.fillStyle = c.ink2;
          ctx.font = `12px ${c.font}`;
          ctx.fillText(`freeway: ${table.freeway_status}`, P.x, barY + 18 + words.length * 16, P.w);
        }
      });

      // Piles: draw and discard, and the last move.
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillStyle = c.ink1;
      ctx.font = `13px ${c.font}`;
      ctx.fillText(`Draw pile: ${v.draw}`, geo.pileLabel.x, geo.pileLabel.y + 4, geo.pileLabel.w);
      ctx.fillText(`Discards: ${v.discard}`, geo.pileLabel.x, geo.pileLabel.y + 24, geo.pileLabel.w);
      if (v.draw) drawBack(ctx, c, geo.draw);
      else drawSlot(ctx, c, geo.draw, "empty");
      badge(ctx, c, geo.draw.x + geo.draw.w / 2, geo.draw.y + geo.draw.h + 1, `${v.draw}`, c.panel2, c.ink, 10);
      const faceUp = v.discard_face_up || [];
      if (faceUp.length) {
        // Cards everyone saw go to the discard pile (T-LOSS), for card counting.
        ctx.font = `12px ${c.font}`;
        ctx.fillStyle = c.ink2;
        const names = faceUp.map((id) => (cs[id] ? cs[id].name : id)).join(", ");
        wrapName(ctx, `Face up: ${names}`, geo.pileLabel.w).slice(0, 4)
          .forEach((w, i) => ctx.fillText(w, geo.pileLabel.x, geo.pileLabel.y + 44 + i * 15, geo.pileLabel.w));
      }
      if (v.discard_top) drawCard(ctx, c, geo.discard, v.discard_top, cs);
      else if (v.discard) drawBack(ctx, c, geo.discard, { dim: true });
      else drawSlot(ctx, c, geo.discard, "Discard");
      badge(ctx, c, geo.discard.x + geo.discard.w / 2, geo.discard.y + geo.discard.h + 1, `${v.discard}`, c.panel2,
        c.ink, 10);
      if (destRows.has("discard")) glow(ctx, geo.discard, c.accent, 3, -4);
      const chosenBox = destinationBox(geo, dests.find((d) => d.action === ui.dest));
      if (chosenBox) {
        glow(ctx, chosenBox, c.ink, 4, -7);
        badge(ctx, c, chosenBox.x + chosenBox.w / 2, chosenBox.y - 10, "Enter", c.ink, c.bg, 10);
      }
      const lastBox = lastMoveBox(v, geo, cs);
      if (lastBox) glow(ctx, lastBox, c.warn, 2, -6);
      const LL = geo.lastLine;
      ctx.fillStyle = c.ink2;
      ctx.font = `12px ${c.font}`;
      ctx.fillText("Last move", LL.x, LL.y + 4, LL.w);
      ctx.fillStyle = c.ink;
      ctx.font = `14px ${c.font}`;
      const lastText = v.last ? v.last.text : "No move yet: the cards are dealt.";
      wrapName(ctx, lastText, LL.w).slice(0, 3).forEach((w, i) => ctx.fillText(w, LL.x, LL.y + 22 + i * 18, LL.w));

      // Hands, face up where this view may see them.
      const sel = ui.selected;
      for (const H of geo.hands) {
        const s = H.seat;
        ctx.fillStyle = c.ink;
        ctx.font = `bold 13px ${c.font}`;
        ctx.textAlign = "left";
        ctx.textBaseline = "top";
        ctx.fillText(teacher ? `Seat ${s}'s hand` : "Your hand", H.label.x, H.label.y + 2, H.label.w);
        ctx.font = `12px ${c.font}`;
        ctx.fillStyle = c.ink2;
        const canPlay = legal.length && s === actingSeat(v);
        ctx.fillText(canPlay ? "keys 1–6, ↑↓, Enter" : "", H.label.x, H.label.y + 20, H.label.w);
        for (const b of H.cards) {
          const lifted = sel && sel.seat === s && sel.index === b.index;
          const box = lifted ? { ...b, y: b.y - 8 } : b;
          drawCard(ctx, c, box, b.card, cs, { dim: !canPlay && !v.over && !teacher });
          if (lifted) glow(ctx, box, c.accent, 3, -3);
          if (canPlay) badge(ctx, c, box.x + 9, box.y + 9, `${b.index + 1}`, c.ink, c.bg, 10);
          if (s === v.turn && b.index === drawnIndex(v, s)) {
            badge(ctx, c, box.x + box.w - 14, box.y + 9, "new", c.warn, "#ffffff", 9);
          }
        }
      }

      // The text line.
      const msg = ui.note || model.get("message") || "";
      const isError = ui.note ? ui.noteIsError : model.get("error");
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      ctx.font = `${isError ? "bold " : ""}13px ${c.font}`;
      ctx.fillStyle = isError ? c.error : c.ink1;
      ctx.fillText(msg, geo.message.x, geo.message.y + geo.message.h / 2, geo.message.w);

      // History strip.
      ctx.fillStyle = c.ink2;
      ctx.font = `12px ${c.font}`;
      ctx.fillText("History", geo.histLabel.x, geo.histLabel.y + geo.histLabel.h / 2);
      for (const b of geo.boxes) {
        if (b.kind !== "history") continue;
        const i = b.index;
        ctx.fillStyle = i === position ? c.accent : i < position ? c.ink2 : c.panel2;
        ctx.fillRect(b.x, b.y, b.w, b.h);
        if (i > position) {
          ctx.strokeStyle = c.border;
          ctx.strokeRect(b.x + 0.5, b.y + 0.5, b.w - 1, b.h - 1);
        }
        if (ui.hover && ui.hover.id === b.id) glow(ctx, b, c.ink, 1.5, -2);
      }

      // The end: a banner across the tables.
      if (v.over) {
        const top = geo.rows.length ? geo.rows[0].row.y : geo.pad;
        const bottom = geo.rows.length ? geo.rows[geo.rows.length - 1].row.y + geo.rows[geo.rows.length - 1].row.h : 80;
        const bh = 54;
        const by = (top + bottom) / 2 - bh / 2;
        const bx = geo.width * 0.18;
        const bw = geo.width * 0.64;
        ctx.save();
        ctx.shadowColor = "rgba(0,0,0,0.35)";
        ctx.shadowBlur = 12;
        roundRect(ctx, bx, by, bw, bh, 10);
        ctx.fillStyle = v.winners.length ? "#23803a" : c.ink1;
        ctx.fill();
        ctx.restore();
        const winners = v.winners;
        const text = winners.length
          ? `${winners.map((s) => `Seat ${s} (${players[s]})`).join(" & ")} ${winners.length > 1 ? "win" : "wins"}!`
          : "Game over: nobody completed the trip";
        ctx.fillStyle = "#ffffff";
        ctx.font = `bold 20px ${c.font}`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText(text, bx + bw / 2, by + bh / 2, bw - 16);
      }

      // Toolbar state, accessible text and the data the tests read.
      const over = !!v.over;
      const running = !!model.get("running");
      undoBtn.disabled = position <= 0;
      redoBtn.disabled = position >= line.length;
      stepBtn.disabled = over;
      runBtn.disabled = over && !running;
      runBtn.textContent = running ? "Stop" : "Play to end";
      syncSeatSelect(v);
      if (speedSel.value !== model.get("speed")) speedSel.value = model.get("speed");
      const who = teacher ? "teacher's view, all hands shown" : `seat ${v.seat}`;
      const me = (v.tables || [])[actingTeam];
      canvas.setAttribute("aria-label",
        `Touring board, ${who}. ${over ? "Game over." : `Seat ${v.turn} to move.`} ` +
        (me ? `Your miles: ${me.miles} of ${v.goal}, ${me.status}. ` : "") +
        (legal.length ? "Press 1 to 6 to pick a card, then click a lit place or press Enter; " +
          "where it has several places, arrow up and down choose one." : ""));
      const announce = msg || (v.last ? v.last.text : "");
      if (live.textContent !== announce) live.textContent = announce;
      const rev = model.get("revision");
      el.dataset.revision = String(rev);
      el.dataset.position = String(position);
      el.dataset.length = String(line.length + 1);
      el.dataset.over = String(over);
      el.dataset.turn = String(v.turn);
      el.dataset.seat = teacher ? "all" : String(v.seat);
      el.dataset.winner = v.winners.join(",");
      el.dataset.legal = String(legal.length);
      el.dataset.selected = ui.selected ? String(ui.selected.index) : "";
      el.dataset.dest = ui.dest || "";
      el.dataset.message = model.get("message") || "";
      el.dataset.error = String(!!model.get("error"));
      el.dataset.running = String(running);
      el.dataset.hitboxes = JSON.stringify(geo.boxes.map((b) => ({ id: b.id, kind: b.kind, card: b.card,
        x: b.x, y: b.y, w: b.w, h: b.h })));
      const ms = performance.now() - t0;
      el.dataset.drawMs = ms.toFixed(2);
      if (rev !== ui.lastRevision) {
        ui.lastRevision = rev;
        el.dispatchEvent(new CustomEvent("touring-drawn", { detail: { revision: rev, ms, at: performance.now() } }));
      }
    }

    function syncSeatSelect(v) {
      const n = (v.players || []).length;
      if (seatSel.options.length !== n + 1) {
        seatSel.innerHTML = "";
        for (let s = 0; s < n; s++) seatSel.add(new Option(`Seat ${s} (${v.players[s]})`, String(s)));
        seatSel.add(new Option("Show all hands (teacher)", "all"));
      }
      const want = v.seat === null || v.seat === undefined ? "all" : String(v.seat);
      if (seatSel.value !== want) seatSel.value = want;
    }

    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };

    // -- model sync: every change of state redraws at once (one message = one "change").
    const onChange = () => {
      // A new position invalidates a picked card that is no longer in hand.
      const v = view();
      if (ui.selected && !selectedCard(v)) ui.selected = null;
      if (ui.dest && !currentDests(v).some((d) => d.action === ui.dest)) ui.dest = null;
      ui.note = "";
      if (frame) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      draw();
    };
    model.on("change", onChange);
    const onCustom = (msg) => {
      if (msg && msg.type === "reply") {
        el.dataset.reply = msg.message || "";
        if (msg.message && !msg.ok) {
          // The same refusal twice changes no trait: announce it again all the same.
          live.textContent = "";
          live.textContent = msg.message;
        }
        if (ui.note) {
          ui.note = "";
          draw();
        }
      }
    };
    model.on("msg:custom", onCustom);

    // -- events
    function unselect() {
      ui.selected = null;
      ui.dest = null;
    }

    function play(action) {
      unselect();
      send({ type: "act", action });
    }

    function pick(seat, index) {
      const v = view();
      ui.selected = { seat, index };
      ui.dest = null;
      const dests = currentDests(v);
      const card = selectedCard(v);
      const name = card ? (cards()[card] || {}).name || card : "";
      if (!(model.get("legal") || []).length) {
        ui.note = v.over ? "The game is over." : `It is seat ${v.turn}'s turn.`;
        ui.noteIsError = true;
      } else {
        ui.note = `${name}: ${dests.length === 1 ? "press Enter or click the lit place"
          : "↑/↓ choose a place and Enter plays it, or click a lit place"}` +
          ` (${dests.map((d) => d.action).join(", ")})`;
        ui.noteIsError = false;
      }
      draw();
    }

    function pointer(event) {
      const rect = canvas.getBoundingClientRect();
      const sx = geo ? geo.width / rect.width : 1;
      return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sx };
    }

    function onClick(event) {
      if (!geo) return;
      const { x, y } = pointer(event);
      const hit = hitTest(geo, x, y);
      const v = view();
      if (hit && hit.kind === "hand") {
        if (ui.selected && ui.selected.seat === hit.seat && ui.selected.index === hit.index) unselect();
        else return pick(hit.seat, hit.index);
        ui.note = "";
        return draw();
      }
      if (hit && hit.kind === "history") {
        unselect();
        if (hit.index !== model.get("position")) send({ type: "goto", index: hit.index });
        return;
      }
      if (ui.selected) {
        const dests = currentDests(v);
        const target = hit ? (hit.kind === "row" || hit.kind === "column" ? `row:${hit.team}` : hit.id) : null;
        const dest = dests.find((d) => d.target === target);
        if (dest) return play(dest.action);
        unselect();
        ui.note = "";
        draw();
      }
    }

    function onMove(event) {
      if (!geo) return;
      const { x, y } = pointer(event);
      const hit = hitTest(geo, x, y);
      const dests = ui.selected ? currentDests(view()) : [];
      const clickable = hit && (hit.kind === "hand" || hit.kind === "history" ||
        dests.some((d) => d.target === (hit.kind === "row" ? hit.id : hit.id)));
      canvas.style.cursor = clickable ? "pointer" : "default";
      const hoverId = hit && hit.kind === "history" ? hit.id : null;
      if ((ui.hover && ui.hover.id) !== hoverId) {
        ui.hover = hoverId ? hit : null;
        schedule();
      }
    }

    function onKey(event) {
      // Keys typed on the board belong to the board, not to JupyterLab's shortcuts.
      event.stopPropagation();
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const v = view();
      const key = event.key;
      if (/^[1-9]$/.test(key)) {
        const seat = actingSeat(v);
        const hand = (v.hands || []).find((h) => h.seat === seat && h.cards);
        const i = Number(key) - 1;
        if (hand && i < hand.cards.length) pick(seat, i);
        event.preventDefault();
        return;
      }
      if (!KEYS_HANDLED.has(key)) return;
      event.preventDefault();
      if (key === "ArrowLeft") send({ type: "undo" });
      else if (key === "ArrowRight") send({ type: "redo" });
      else if (key === " ") send({ type: "step" });
      else if (key === "ArrowDown" || key === "ArrowUp") choose(v, key === "ArrowDown" ? 1 : -1);
      else if (key === "Escape") {
        unselect();
        ui.note = "";
        draw();
      } else playChosen(v, key === "Enter");
    }

    /** Light the next (or previous) place of the picked card and say which it is. */
    function choose(v, step) {
      const dests = currentDests(v);
      const at = cycleIndex(dests.length, dests.findIndex((d) => d.action === ui.dest), step);
      if (at === null) return refuse(dests);
      ui.dest = dests[at].action;
      ui.note = `${describeDestination(v, cards(), dests[at])} (${at + 1} of ${dests.length}): ` +
        "Enter plays it, ↑/↓ for another place.";
      ui.noteIsError = false;
      draw();
    }

    /** Enter plays the chosen place (or the only one); D discards the picked card. */
    function playChosen(v, enter) {
      const dests = currentDests(v);
      const chosen = !enter ? dests.find((d) => d.target === "discard")
        : dests.find((d) => d.action === ui.dest) || (dests.length === 1 ? dests[0] : null);
      if (chosen) play(chosen.action);
      else refuse(dests);
    }

    function refuse(dests) {
      ui.note = !ui.selected ? "Pick a card first (keys 1–6)."
        : dests.length ? "More than one place: ↑/↓ choose one, or click one (D discards)."
          : "That card cannot be played now.";
      ui.noteIsError = true;
      draw();
    }
    const stopKeys = (event) => event.stopPropagation();

    canvas.addEventListener("click", onClick);
    canvas.addEventListener("mousemove", onMove);
    canvas.addEventListener("keydown", onKey);
    el.addEventListener("keydown", stopKeys);
    el.addEventListener("keyup", stopKeys);
    undoBtn.addEventListener("click", () => send({ type: "undo" }));
    redoBtn.addEventListener("click", () => send({ type: "redo" }));
    stepBtn.addEventListener("click", () => send({ type: "step" }));
    runBtn.addEventListener("click", () => send(model.get("running") ? { type: "stop" } : { type: "run" }));
    forkBtn.addEventListener("click", () => send({ type: "fork" }));
    seatSel.addEventListener("change", () => {
      unselect();
      send({ type: "seat", seat: seatSel.value === "all" ? null : Number(seatSel.value) });
    });
    speedSel.addEventListener("change", () => send({ type: "speed", speed: speedSel.value }));

    // -- geometry follows the cell's width; HiDPI follows the screen.
    const resize = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w && w !== width) schedule();
    });
    resize.observe(el);
    const dprQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener("change", schedule);
    // A theme switch changes the CSS variables the colours are read from: repaint.
    const themeWatch = new MutationObserver(schedule);
    themeWatch.observe(document.body, {
      attributes: true,
      attributeFilter: ["data-jp-theme-light", "data-jp-theme-name"],
    });

    // What tests and benchmarks may ask the board.
    el.touringBoard = {
      geometry: () => geo,
      hitTest: (x, y) => (geo ? hitTest(geo, x, y) : null),
      destinations: () => currentDests(view()),
      draw,
    };

    draw();
    model.send({ type: "hello" });

    return () => {
      model.off("change", onChange);
      model.off("msg:custom", onCustom);
      resize.disconnect();
      dprQuery.removeEventListener("change", schedule);
      themeWatch.disconnect();
      if (frame) cancelAnimationFrame(frame);
      el.removeEventListener("keydown", stopKeys);
      el.removeEventListener("keyup", stopKeys);
      delete el.touringBoard;
    };
  },
};
