// The board shell every game shares: toolbar, header, win banner, message line, move log,
// history strip, variations, HiDPI, resize, theme, keyboard routing and cleanup.
//
// Python composes one ES module: `const CONFIG = {...}` (colours and speeds, defined once in
// Python), this file (the only `export default`), then the game's module, which defines `GAME`:
//   GAME.title(view)                    the header's title, e.g. "Touring · 590 miles"
//   GAME.status(api) -> text|""         optional: the header's status in the game's own words
//   GAME.layout(view, width, {top})     boxes to draw and to hit, from y = top; returns {height, boxes}
//   GAME.hitTest(geo, x, y)             the game's box under a point
//   GAME.draw(ctx, geo, api, theme)     paints the game's part
//   GAME.click(hit, api)                a click on one of the game's boxes
//   GAME.key(key, api) -> bool          a key of the game's own (true when it was one)
//   GAME.hover(hit, api) -> text|null   hover text for one of the game's boxes
//   GAME.changed(api)                   the model changed: drop stale local state
//   GAME.escape(api)                    Esc: let go of whatever is picked
//   GAME.dataset(api), GAME.hooks(api)  data attributes and test hooks of its own
//   GAME.describe(api)                  the canvas's accessible description
//   GAME.keysHelp                       the keys, in words, for the toolbar's tooltip
//   GAME.teacher                        {option, banner}: the view of no one seat, in the seat
//                                       list and above the game
// The advice (what each move is worth, from playouts) comes in the `advice` trait: the shell has
// its toggle and its progress line; the game draws the figures, from `api.advice()`.
// Python is the only judge: the page sends messages and draws whatever Python publishes.
// Several boards may share a page, so nothing uses element ids.

// ---------------------------------------------------------------- pure functions (tested with Node)

/** Roughly how wide `text` is at `size` px in a UI font: layouts reserve room without a canvas. */
export function textWidth(text, size) {
  return String(text || "").length * size * 0.56;
}

/** Lines of `text` at `size` px that fit `width`, cut to `max` lines (the last one ends in "…"). */
export function wrapText(text, size, width, max = 99) {
  const words = String(text || "").split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1]} …`;
    return kept;
  }
  return lines;
}

/** The header's status: whose move it is, what is going on, or the end. */
export function statusText(s) {
  const v = s.view || {};
  const players = v.players || [];
  const who = (seat) => `Seat ${seat} (${players[seat] || "?"})`;
  if (s.gone) return "This board's game is gone";
  if (v.over) return "Game over";
  if (s.running === "end") return "Play to end: every seat plays by its policy…";
  if (s.running) return `${who(v.turn)} is playing…`;
  if ((s.choices || []).length) {
    // "Your move" only to a player in a human seat; a bot's seat may be played for, as the teacher may
    const yours = v.seat !== null && v.seat !== undefined && players[v.seat] === "human";
    return yours ? `Your move, seat ${v.seat}: pick a card` : `${who(v.turn)} to move: pick one of its cards`;
  }
  return `${who(v.turn)} to move`;
}

/** A solo game's final score from the view (On Tour's `scores`: [total, …] or {total}), else null. */
export function soloTotal(view) {
  if (!view || (view.players || []).length !== 1) return null;
  const score = (view.scores || [])[0];
  const total = Array.isArray(score) ? score[0] : score && score.total;
  return typeof total === "number" ? total : null;
}

/** The win banner's text: the winning seats, never who played them. A solo game has nobody to beat:
 *  its banner gives the final score, and against the high-score table (`table`: rank, games, rows). */
export function bannerText(view, table = {}) {
  const total = soloTotal(view);
  if (total !== null) {
    const points = `Game over: ${total} point${total === 1 ? "" : "s"}`;
    const t = table || {};
    const next = (t.rows || [])[1];
    if (t.rank !== 1 || !(t.games > 1) || !next) return points;
    return next.total < total ? `${points}, a new best` : `${points}, as good as your best`;
  }
  const won = (view && view.winners) || [];
  if (!won.length) return "Game over: no winner";
  return won.length === 1 ? `Seat ${won[0]} wins!` : `Seats ${won.join(" & ")} win!`;
}

/** The rows above the game: fork caption, header (one or two lines), teacher label, win banner. */
export function frameLayout(view, width, s) {
  const W = Math.max(240, Math.floor(width));
  const pad = W < 520 ? 8 : 12;
  let y = pad;
  const out = { width: W, pad, boxes: [] };
  if (s.title) {
    const lines = wrapText(s.title, 12, W - 2 * pad, 2);
    out.caption = { x: pad, y, w: W - 2 * pad, h: lines.length * 15 + 4, lines };
    y += out.caption.h + 4;
  }
  const title = s.gameTitle || "";
  const status = s.status || statusText(s);
  const titleW = textWidth(title, 15) + 14;
  const twoLines = titleW + textWidth(status, 14) > W - 2 * pad;
  out.header = { x: pad, y, w: W - 2 * pad, h: twoLines ? 42 : 22, title, status, twoLines, titleW };
  y += out.header.h + 6;
  if (view.seat === null || view.seat === undefined) {
    out.teacher = { x: pad, y, w: Math.min(W - 2 * pad, 330), h: 20 };
    y += 26;
  }
  if (view.over) {
    out.banner = { x: pad, y, w: W - 2 * pad, h: 40, text: bannerText(view, s.highscores) };
    y += 48;
  }
  out.top = y;
  return out;
}

/** The sentence of the move that made the current position: the log's newest entry. */
export function storyOf(log, position) {
  const last = log.length ? log[log.length - 1] : null;
  return last && last.n === position ? last.story || last.text || "" : "";
}

/** The rows under the game: waiting line with its button, message, move log, history, variations. */
export function footerLayout(width, top, s) {
  const W = Math.max(240, Math.floor(width));
  const pad = W < 520 ? 8 : 12;
  const inner = W - 2 * pad;
  const wide = W >= 640;
  const boxes = [];
  const out = { boxes };
  let y = top + 4;
  const waiting = s.waiting || {};
  if (waiting.text) {
    let x = pad;
    if (waiting.button) {
      const bw = Math.min(inner, Math.ceil(textWidth(waiting.button, 13) + 24));
      out.next = { id: "next", kind: "next", x: pad, y, w: bw, h: 26, label: waiting.button };
      boxes.push(out.next);
      if (!wide) y += 32;
      else x = pad + bw + 10;
    }
    const lines = wrapText(waiting.text, 13, W - pad - x, 3);
    out.wait = { x, y: y + (wide && waiting.button ? 4 : 0), w: W - pad - x, h: lines.length * 17, lines };
    y = Math.max(y + (wide && out.next ? 26 : 0), out.wait.y + out.wait.h) + 8;
  }
  // The message line: what the board says (a refusal, a notice), else the current move's sentence.
  const story = !s.message && s.story ? s.story : "";
  const message = s.message || story;
  if (message) {
    const badgeW = s.rule && !story ? Math.ceil(textWidth(s.rule, 11) + 14) : 0;
    const lines = wrapText(message, 13, inner - badgeW - (badgeW ? 6 : 0), story ? 6 : 4);
    out.message = { x: pad, y, w: inner, h: lines.length * 17, lines, badgeW, story: !!story };
    y += out.message.h + 8;
  } else {
    out.message = { x: pad, y, w: inner, h: 17, lines: [], badgeW: 0 };
    y += 25;
  }
  // The advice's progress line: what it weighs, how far it got, the best move so far.
  out.advice = adviceLayout(s.advice, pad, y, inner);
  if (out.advice) y += out.advice.h + 8;
  const log = (s.log || []).slice().reverse().slice(0, wide ? 6 : 4);
  if (log.length) {
    const cols = wide ? 2 : 1;
    const colW = (inner - 12 - (cols - 1) * 16) / cols;
    const rows = Math.ceil(log.length / cols);
    out.log = { x: pad, y, w: inner, h: 18 + rows * 17, cols, colW, rows,
      entries: log.map((e, i) => ({ ...e, x: pad + 6 + Math.floor(i / rows) * (colW + 16), y: y + 18 + (i % rows) * 17,
        w: colW, newest: i === 0 })) };
    // Each entry is a box: its hover shows the move's whole sentence, a click goes to that move.
    for (const e of out.log.entries) {
      boxes.push({ id: `log-${e.n}`, kind: "log", index: e.n, story: e.story || e.text, x: e.x - 4, y: e.y - 2,
        w: e.w + 8, h: 17 });
    }
    y += out.log.h + 8;
  }
  // History strip: one cell per position, the start first; every tenth numbered underneath.
  const total = (s.lineLength || 0) + 1;
  const cell = wide ? 14 : 12;
  const step = cell + 2;
  const labelW = wide ? 150 : inner;
  out.histLabel = { x: pad, y, w: labelW, h: cell };
  let x0 = wide ? pad + labelW + 6 : pad;
  let hy = wide ? y : y + cell + 4;
  let hx = x0;
  const cells = [];
  for (let i = 0; i < total; i++) {
    if (hx + cell > W - pad) {
      hx = x0;
      hy += cell + 14;
    }
    const b = { id: `hist:${i}`, kind: "history", index: i, x: hx, y: hy, w: cell, h: cell };
    cells.push(b);
    boxes.push(b);
    hx += step;
  }
  out.cells = cells;
  y = hy + cell + 14;
  const variations = s.variations || [];
  if (variations.length) {
    const chips = [];
    let cx = pad;
    let cy = y;
    for (const v of variations) {
      const label = `↩ Variation ${v.index + 1}: from move ${v.at + 1}, ${v.moves} move${v.moves === 1 ? "" : "s"}`;
      const w = Math.min(inner, Math.ceil(textWidth(label, 12) + 16));
      if (cx + w > W - pad && cx > pad) {
        cx = pad;
        cy += 28;
      }
      const chip = { id: `var:${v.index}`, kind: "variation", index: v.index, x: cx, y: cy, w, h: 22, label,
        first: v.first };
      chips.push(chip);
      boxes.push(chip);
      cx += w + 8;
    }
    out.chips = chips;
    y = cy + 22 + 10;
  }
  out.height = Math.ceil(y + 2);
  return out;
}

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

/** The advice's progress line under the message line: its lines and how far the deals are. */
export function adviceLayout(advice, x, y, w) {
  const text = (advice && advice.on && advice.text) || "";
  if (!text) return null;
  const lines = wrapText(text, 12, w, 3);
  const target = advice.target || 0;
  const bar = target ? Math.max(0, Math.min(1, (advice.deals || 0) / target)) : null;
  return { x, y, w, h: lines.length * 16 + (bar === null ? 0 : 6), lines, bar, done: !!advice.done };
}

/** The topmost box under a point; `rank` orders overlapping kinds (higher wins). */
export function pick(boxes, x, y, rank = {}) {
  let best = null;
  for (const b of boxes) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (!best || (rank[b.kind] || 0) > (rank[best.kind] || 0)) best = b;
    }
  }
  return best;
}

/** Keys the board leaves to the page and JupyterLab: chords (Ctrl+S, Ctrl+B…), Tab, Shift+Enter, F-keys. */
export function passesThrough(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (event.key === "Tab" || /^F\d+$/.test(event.key)) return true;
  return !!event.shiftKey && event.key === "Enter";
}

// ---------------------------------------------------------------- drawing helpers (the kit)

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function badge(ctx, theme, x, y, text, fill, ink, size = 11) {
  ctx.save();
  ctx.font = `bold ${size}px ${theme.font}`;
  const w = ctx.measureText(text).width + 8;
  roundRect(ctx, x - w / 2, y - size * 0.75, w, size * 1.5, size * 0.6);
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

// Measured lines, kept by font, width and text: the same texts are drawn at every redraw.
const wrapCache = new Map();
function remember(key, value) {
  if (wrapCache.size > 500) wrapCache.clear();
  wrapCache.set(key, value);
  return value;
}

/** The first line of ``text`` within ``width`` and whether more follows: measures no further. */
function firstLine(ctx, text, width) {
  const key = `1|${ctx.font}|${width}|${text}`;
  const known = wrapCache.get(key);
  if (known) return known;
  const words = String(text).split(" ");
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (line && ctx.measureText(next).width > width) return remember(key, [line, true]);
    line = next;
  }
  return remember(key, [line, false]);
}

/** Lines of `text` in the context's current font that fit `width` (measured, cached). */
function wrapMeasured(ctx, text, width) {
  const key = `${ctx.font}|${width}|${text}`;
  const known = wrapCache.get(key);
  if (known) return known;
  const lines = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return remember(key, lines);
}

const KIT = { roundRect, badge, glow, wrap: wrapMeasured, textWidth, wrapText, figureText, figureWords };

function isDark(el) {
  const light = document.body && document.body.dataset.jpThemeLight;
  if (light !== undefined) return light === "false";
  const root = document.documentElement;
  if (root.classList.contains("dark") || (document.body && document.body.classList.contains("dark"))) return true;
  if (root.dataset.theme === "dark" || (document.body && document.body.dataset.theme === "dark")) return true;
  return false;
}

/** Colours from JupyterLab's CSS variables, with fallbacks for pages without them (marimo). */
function themeColours(el) {
  const css = getComputedStyle(el);
  const dark = isDark(el);
  const v = (name, light, darkValue) => css.getPropertyValue(name).trim() || (dark ? darkValue : light);
  return {
    dark,
    bg: v("--jp-layout-color0", "#ffffff", "#111111"),
    panel: v("--jp-layout-color1", "#ffffff", "#1b1b1b"),
    panel2: v("--jp-layout-color2", "#eeeeee", "#2a2a2a"),
    border: v("--jp-border-color1", "#bdbdbd", "#616161"),
    border2: v("--jp-border-color2", "#e0e0e0", "#424242"),
    ink: v("--jp-ui-font-color0", "#1a1a1a", "#f0f0f0"),
    ink1: v("--jp-ui-font-color1", "#424242", "#d6d6d6"),
    ink2: v("--jp-ui-font-color2", "#616161", "#a8a8a8"),
    accent: v("--jp-brand-color1", "#1976d2", "#64b5f6"),
    warn: v("--jp-warn-color0", "#e65100", "#ffa726"),
    error: v("--jp-error-color1", "#d32f2f", "#ef5350"),
    good: v("--jp-success-color1", "#388e3c", "#66bb6a"),
    font: v("--jp-ui-font-family", "system-ui, -apple-system, 'Segoe UI', sans-serif",
      "system-ui, -apple-system, 'Segoe UI', sans-serif"),
    ...CONFIG.colours,
  };
}

// ---------------------------------------------------------------- the widget

export default {
  render({ model, el }) {
    // -- state: local UI only; everything else comes from the model.
    const ui = { note: "", noteIsError: false, noteRule: "", hover: null, lastRevision: -1, tip: null,
      words: {}, wordsRevision: -1, alive: false, lost: "" };
    const local = {}; // the game module's own local state (picked card, chosen place)
    let geo = null;
    let width = 0;
    let frame = 0;
    let helloTimer = 0;
    let themeCache = null;

    el.classList.add("tw-board");
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
    const stepBtn = button("tw-step", "Step", "The seat to move plays by its policy (space)");
    const runBtn = button("tw-run", "Play to end", "Every seat plays by its policy until the game ends");
    const forkBtn = button("tw-fork", "Fork", "A new, independent game from this position, shown below");
    const adviceBtn = button("tw-advice", "Advice",
      "Show what each move of the seat to move is worth, from playouts, as they come in (A)");
    adviceBtn.setAttribute("aria-pressed", "false");
    const spacer = document.createElement("span");
    spacer.className = "tw-spacer";
    toolbar.appendChild(spacer);
    const select = (text, cls, aria) => {
      const label = document.createElement("label");
      label.className = `${cls}-label`;
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
    const teacher = GAME.teacher || { option: "Teacher", banner: "TEACHER VIEW" };
    for (const s of Object.keys(CONFIG.speeds)) speedSel.add(new Option(s, s));

    const canvas = document.createElement("canvas");
    canvas.className = "tw-canvas";
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-roledescription", "card game board");
    const keys = document.createElement("span");
    keys.className = "tw-keys";
    keys.textContent = "⌨ keys";
    keys.title = GAME.keysHelp || "";
    toolbar.insertBefore(keys, spacer.nextSibling);
    canvas.setAttribute("aria-description", GAME.keysHelp || "");
    const live = document.createElement("div");
    live.className = "tw-live";
    live.setAttribute("aria-live", "polite");
    el.append(toolbar, canvas, live);
    const ctx = canvas.getContext("2d");

    // -- model access, and the api the game module works through
    const view = () => model.get("view") || {};
    // Python says when the board lost its game (and refuses moves); the page only suspects it when
    // nothing answers its hello: a busy kernel answers late, a restarted one never.
    const gone = () => model.get("gone") || "";
    const send = (msg) => {
      if (gone()) {
        note(gone(), true);
        return;
      }
      model.send({ ...msg, revision: model.get("revision") });
    };
    function note(text, isError = false, rule = "") {
      ui.note = text;
      ui.noteIsError = isError;
      ui.noteRule = rule;
      ui.noteAt = [model.get("revision"), model.get("message")];
      draw();
    }
    const api = {
      model, el, ui: local, kit: KIT, config: CONFIG,
      view, choices: () => model.get("choices") || [], marks: () => model.get("marks") || {},
      send, note, redraw: () => draw(), gone, advice: freshAdvice,
    };

    /** The advice when its figures belong to the position shown (else {}): advice published for
     *  an earlier revision may still be on its way when the position changes. */
    function freshAdvice() {
      const a = model.get("advice") || {};
      return a.on && a.revision === model.get("revision") && !gone() ? a : {};
    }

    function toggleAdvice() {
      if (gone()) return note(gone(), true);
      model.send({ type: "advise", on: !(model.get("advice") || {}).on });
    }

    function state(v) {
      return {
        view: v, choices: model.get("choices") || [], running: model.get("autoplay") || "",
        gone: gone(), title: model.get("title") || "", gameTitle: GAME.title(v),
        status: GAME.status && v.players ? GAME.status(api) : "",
        waiting: gone() ? { text: gone() } : ui.lost ? { text: ui.lost } : model.get("waiting") || {},
        message: ui.note || model.get("message") || "",
        story: storyOf(model.get("log") || [], model.get("position")),
        rule: ui.note ? ui.noteRule : model.get("rule") || "",
        log: model.get("log") || [], lineLength: model.get("length") || 0,
        variations: model.get("variations") || [], advice: gone() ? {} : model.get("advice") || {},
        highscores: model.get("highscores") || {},
      };
    }

    // -- drawing: one function repaints everything from the model plus local state.
    function draw() {
      frame = 0;
      const t0 = performance.now();
      const v = view();
      if (!themeCache) themeCache = themeColours(el); // read again when the theme changes
      const theme = themeCache;
      width = el.clientWidth || canvas.clientWidth || 720;
      const s = state(v);
      const top = frameLayout(v, width, s);
      const W = top.width;
      const game = v.players ? GAME.layout(v, W, { top: top.top, api }) : { height: top.top + 30, boxes: [] };
      const foot = footerLayout(W, game.height, s);
      geo = { width: W, height: foot.height, frame: top, game, foot,
        boxes: [...top.boxes, ...game.boxes, ...foot.boxes] };
      const dpr = window.devicePixelRatio || 1;
      // The board keeps the tallest height it had at this width: a message one line longer or
      // shorter moves neither the page below nor the canvas's memory (resizing a canvas
      // reallocates it, the dearest step of a redraw).
      const shape = `${W}|${dpr}|${(v.players || []).length}|${v.seat}`; // what else may change it
      if (!ui.tallest || ui.tallest.shape !== shape) ui.tallest = { shape, height: geo.height };
      else if (geo.height > ui.tallest.height) ui.tallest.height = geo.height;
      const H = ui.tallest.height;
      const pw = Math.round(W * dpr);
      const ph = Math.round(H * dpr);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      // (written only when they change: a style written makes the next width read lay out the page)
      const cssHeight = `${H}px`;
      const cssWidth = `${W}px`;
      if (canvas.style.height !== cssHeight) canvas.style.height = cssHeight;
      if (canvas.style.width !== cssWidth) canvas.style.width = cssWidth;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = theme.bg;
      ctx.fillRect(0, 0, W, H);
      ctx.strokeStyle = theme.border2;
      ctx.lineWidth = 1;
      ctx.strokeRect(0.5, 0.5, W - 1, H - 1);
      if (!v.players) {
        ctx.fillStyle = theme.ink1;
        ctx.font = `14px ${theme.font}`;
        ctx.fillText("Waiting for the game…", top.pad, top.top + 10);
      } else {
        drawFrame(top, s, theme);
        ctx.save();
        GAME.draw(ctx, game, api, theme);
        ctx.restore();
        drawFooter(foot, s, theme);
      }
      drawTip(theme);
      sync(v, s);
      const ms = performance.now() - t0;
      el.dataset.drawMs = ms.toFixed(2);
      const rev = model.get("revision");
      if (rev !== ui.lastRevision) {
        ui.lastRevision = rev;
        el.dispatchEvent(new CustomEvent("board-drawn", { detail: { revision: rev, ms, at: performance.now() } }));
      }
    }

    function drawFrame(top, s, c) {
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      if (top.caption) {
        ctx.fillStyle = c.ink2;
        ctx.font = `italic 12px ${c.font}`;
        top.caption.lines.forEach((line, i) => ctx.fillText(line, top.caption.x, top.caption.y + 8 + i * 15,
          top.caption.w));
      }
      const H = top.header;
      ctx.fillStyle = c.ink;
      ctx.font = `bold 15px ${c.font}`;
      ctx.fillText(H.title, H.x, H.y + 11, H.w);
      ctx.font = `14px ${c.font}`;
      ctx.fillStyle = s.gone ? c.error : c.ink;
      if (H.twoLines) ctx.fillText(H.status, H.x, H.y + 32, H.w);
      else ctx.fillText(H.status, H.x + H.titleW, H.y + 11, H.w - H.titleW);
      if (top.teacher) {
        const label = teacher.banner;
        ctx.font = `bold 12px ${c.font}`;
        const w = Math.min(top.teacher.w, ctx.measureText(label).width + 12);
        roundRect(ctx, top.teacher.x, top.teacher.y, w, top.teacher.h, 9);
        ctx.fillStyle = c.teacher;
        ctx.fill();
        ctx.fillStyle = c.teacher_ink;
        ctx.fillText(label, top.teacher.x + 6, top.teacher.y + top.teacher.h / 2 + 0.5, w - 12);
      }
      if (top.banner) {
        const B = top.banner;
        const won = (s.view.winners || []).length;
        roundRect(ctx, B.x, B.y, B.w, B.h, 8);
        ctx.fillStyle = won ? c.win : c.over;
        ctx.fill();
        ctx.fillStyle = c.win_ink;
        ctx.font = `bold 18px ${c.font}`;
        ctx.textAlign = "center";
        ctx.fillText(B.text, B.x + B.w / 2, B.y + B.h / 2 + 1, B.w - 16);
        ctx.textAlign = "left";
      }
    }

    function drawFooter(F, s, c) {
      ctx.textAlign = "left";
      ctx.textBaseline = "middle";
      if (F.next) {
        const b = F.next;
        roundRect(ctx, b.x, b.y, b.w, b.h, 6);
        ctx.fillStyle = c.accent;
        ctx.fill();
        if (ui.hover && ui.hover.id === b.id) glow(ctx, b, c.ink, 1.5, -2);
        ctx.fillStyle = c.dark ? "#0b1e33" : "#ffffff";
        ctx.font = `bold 13px ${c.font}`;
        ctx.textAlign = "center";
        ctx.fillText(b.label, b.x + b.w / 2, b.y + b.h / 2 + 0.5, b.w - 8);
        ctx.textAlign = "left";
      }
      if (F.wait) {
        ctx.fillStyle = s.gone ? c.error : c.ink;
        ctx.font = `${s.gone ? "bold " : ""}13px ${c.font}`;
        F.wait.lines.forEach((line, i) => ctx.fillText(line, F.wait.x, F.wait.y + 8 + i * 17, F.wait.w));
      }
      const M = F.message;
      const isError = ui.note ? ui.noteIsError : model.get("error");
      if (M.badgeW) badge(ctx, c, M.x + M.badgeW / 2, M.y + 8, s.rule, isError ? c.error : c.ink2, c.bg, 11);
      ctx.font = `${isError && !M.story ? "bold " : ""}13px ${c.font}`;
      ctx.fillStyle = isError && !M.story ? c.error : M.story ? c.ink : c.ink1;
      const mx = M.x + (M.badgeW ? M.badgeW + 6 : 0);
      M.lines.forEach((line, i) => ctx.fillText(line, mx, M.y + 8 + i * 17, M.w - (mx - M.x)));
      if (F.advice) {
        const A = F.advice;
        ctx.fillStyle = c.ink1;
        ctx.font = `12px ${c.font}`;
        A.lines.forEach((line, i) => ctx.fillText(line, A.x, A.y + 8 + i * 16, A.w));
        if (A.bar !== null) {
          // How many of the deals are played: a thin track, filled as the playouts come in.
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
      }
      if (F.log) {
        const L = F.log;
        ctx.fillStyle = c.ink2;
        ctx.font = `12px ${c.font}`;
        ctx.fillText("Moves, newest first (hover: the rules; click: go back)", L.x, L.y + 7, L.w);
        for (const e of L.entries) {
          ctx.fillStyle = e.newest ? c.ink : c.ink1;
          ctx.font = `${e.newest ? "bold " : ""}12px ${c.font}`;
          const [text, more] = firstLine(ctx, `${e.n}. ${e.story || e.text}`, e.w - 12);
          ctx.fillText(text + (more ? " …" : ""), e.x, e.y + 7, e.w);
        }
      }
      const position = model.get("position");
      const total = F.cells.length;
      ctx.fillStyle = c.ink2;
      ctx.font = `12px ${c.font}`;
      ctx.fillText(`History · move ${position} of ${total - 1}`, F.histLabel.x, F.histLabel.y + F.histLabel.h / 2,
        F.histLabel.w);
      ctx.font = `9px ${c.font}`;
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
          ctx.fillStyle = i === position ? c.accent : c.ink2;
          ctx.fillText(String(i), b.x + b.w / 2, b.y + b.h + 6);
        }
        if (ui.hover && ui.hover.id === b.id) glow(ctx, b, c.ink, 1.5, -2);
      }
      ctx.textAlign = "left";
      for (const chip of F.chips || []) {
        roundRect(ctx, chip.x, chip.y, chip.w, chip.h, 11);
        ctx.fillStyle = c.panel2;
        ctx.fill();
        ctx.strokeStyle = ui.hover && ui.hover.id === chip.id ? c.accent : c.border;
        ctx.lineWidth = 1;
        ctx.stroke();
        ctx.fillStyle = c.ink;
        ctx.font = `12px ${c.font}`;
        ctx.fillText(chip.label, chip.x + 8, chip.y + chip.h / 2 + 0.5, chip.w - 16);
      }
    }

    /** Hover text, drawn on the canvas next to the box it explains. */
    function drawTip(c) {
      const tip = ui.tip;
      if (!tip || !geo) return;
      ctx.font = `12px ${c.font}`;
      const lines = wrapMeasured(ctx, tip.text, Math.min(360, geo.width - 24));
      const w = Math.min(geo.width - 8, Math.max(...lines.map((l) => ctx.measureText(l).width)) + 14);
      const h = lines.length * 16 + 8;
      let x = Math.max(4, Math.min(tip.x - w / 2, geo.width - w - 4));
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

    // -- toolbar state, accessible text and the data the tests read
    function sync(v, s) {
      const position = model.get("position");
      const length = model.get("length") || 0;
      const over = !!v.over;
      const isRunning = !!model.get("running");
      const dead = !!gone();
      undoBtn.disabled = dead || position <= 0;
      redoBtn.disabled = dead || position >= length;
      stepBtn.disabled = dead || over;
      runBtn.disabled = dead || (over && !isRunning);
      forkBtn.disabled = dead;
      const advice = s.advice || {};
      adviceBtn.disabled = dead;
      if (adviceBtn.getAttribute("aria-pressed") !== String(!!advice.on)) {
        adviceBtn.setAttribute("aria-pressed", String(!!advice.on));
      }
      const runText = isRunning ? "Stop" : "Play to end";
      if (runBtn.textContent !== runText) runBtn.textContent = runText;
      stepBtn.classList.toggle("tw-next", !!(s.waiting && s.waiting.button) && !dead);
      syncSeatSelect(v);
      if (speedSel.value !== model.get("speed")) speedSel.value = model.get("speed");
      const label = GAME.describe(api) + (s.waiting.text ? ` ${s.waiting.text}` : "");
      if (canvas.getAttribute("aria-label") !== label) canvas.setAttribute("aria-label", label);
      const announce = s.message || s.story || (s.waiting.text || "");
      if (live.textContent !== announce) live.textContent = announce;
      // What tests and benchmarks read; written only where it changed (each write is a DOM mutation).
      const d = {};
      d.revision = String(model.get("revision"));
      d.position = String(position);
      d.length = String(length + 1);
      d.over = String(over);
      d.turn = String(v.turn);
      d.seat = v.seat === null || v.seat === undefined ? "all" : String(v.seat);
      d.winner = (v.winners || []).join(",");
      d.legal = String(s.choices.length);
      d.message = model.get("message") || "";
      d.story = s.story;
      d.error = String(!!model.get("error"));
      d.rule = model.get("rule") || "";
      d.running = String(isRunning);
      d.waiting = (s.waiting && s.waiting.text) || "";
      d.gone = gone();
      d.lost = ui.lost;
      d.variations = String((model.get("variations") || []).length);
      d.adviceOn = String(!!advice.on);
      d.advice = advice.text || "";
      d.advicePlayouts = String(advice.playouts || 0);
      d.adviceDeals = String(advice.deals || 0);
      d.adviceDone = String(!!advice.done);
      d.tip = ui.tip ? ui.tip.text : "";
      Object.assign(d, GAME.dataset(api));
      const data = el.dataset;
      for (const [key, value] of Object.entries(d)) if (data[key] !== value) data[key] = value;
    }

    function syncSeatSelect(v) {
      const n = (v.players || []).length;
      if (seatSel.options.length !== n + 1) {
        seatSel.innerHTML = "";
        for (let s = 0; s < n; s++) seatSel.add(new Option(`Seat ${s} (${v.players[s]})`, String(s)));
        seatSel.add(new Option(teacher.option, "all"));
      }
      const want = v.seat === null || v.seat === undefined ? "all" : String(v.seat);
      if (seatSel.value !== want) seatSel.value = want;
    }

    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };

    // -- model sync: every change of state redraws at once (one message = one "change").
    const onChange = () => {
      GAME.changed(api);
      // A note and a tip belong to the position they were made for: advice coming in keeps them.
      const [revision, message] = ui.noteAt || [];
      if (model.get("revision") !== revision || model.get("message") !== message) ui.note = "";
      if (ui.tip && model.get("revision") !== ui.tip.revision) ui.tip = null;
      else if (ui.tip && ui.hover && ui.hover.kind !== "history") ui.tip.text = tipText(ui.hover) || ui.tip.text;
      if (frame) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      draw();
    };
    model.on("change", onChange);
    const onCustom = (msg) => {
      if (!msg) return;
      if (msg.type === "reply") {
        ui.alive = true;
        if (ui.lost) {
          ui.lost = "";
          schedule();
        }
        el.dataset.reply = msg.message || "";
        if (msg.message && !msg.ok) {
          // The same refusal twice changes no trait: announce it again all the same.
          live.textContent = "";
          live.textContent = msg.message;
        }
        if (msg.text !== undefined && msg.index !== undefined) {
          ui.words[msg.index] = msg.text;
          if (ui.tip && ui.tip.index === msg.index) {
            ui.tip.text = msg.text;
            schedule();
          }
        }
        if (ui.note && !msg.ok) {
          ui.note = "";
          draw();
        }
      }
    };
    model.on("msg:custom", onCustom);

    // -- events
    function pointer(event) {
      const rect = canvas.getBoundingClientRect();
      const sx = geo ? geo.width / rect.width : 1;
      return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sx };
    }

    function hitAt(x, y) {
      if (!geo) return null;
      const own = pick([...geo.frame.boxes, ...geo.foot.boxes], x, y);
      return own || GAME.hitTest(geo.game, x, y);
    }

    function onClick(event) {
      if (!geo) return;
      const { x, y } = pointer(event);
      const hit = hitAt(x, y);
      if (hit && hit.kind === "history") {
        GAME.escape(api);
        if (hit.index !== model.get("position")) send({ type: "goto", index: hit.index });
        return;
      }
      if (hit && hit.kind === "log") {
        GAME.escape(api);
        if (hit.index !== model.get("position")) send({ type: "goto", index: hit.index });
        return;
      }
      if (hit && hit.kind === "variation") return send({ type: "enter", index: hit.index });
      if (hit && hit.kind === "next") return send({ type: "step" });
      GAME.click(hit, api);
    }

    function onMove(event) {
      if (!geo) return;
      const { x, y } = pointer(event);
      const hit = hitAt(x, y);
      const tip = tipText(hit);
      const clickable = hit && (["history", "variation", "next", "log"].includes(hit.kind) || hit.clickable ||
        GAME.clickable && GAME.clickable(hit, api));
      canvas.style.cursor = clickable ? "pointer" : "default";
      const key = hit && tip ? `${hit.id}|${tip}` : null;
      if ((ui.tip && ui.tip.key) !== key || (ui.hover && ui.hover.id) !== (hit && hit.id)) {
        ui.hover = hit;
        ui.tip = tip ? { key, text: tip, x: hit.x + hit.w / 2, y: hit.y, h: hit.h, index: hit.index,
          revision: model.get("revision") } : null;
        schedule();
      }
    }

    /** What hovering `hit` says (null: nothing). */
    function tipText(hit) {
      let tip = null;
      if (hit && hit.kind === "history") {
        const i = hit.index;
        const line = model.get("line") || [];
        if (i === 0) tip = "The start: the cards are dealt";
        else {
          if (ui.wordsRevision !== model.get("revision")) {
            ui.words = {};
            ui.wordsRevision = model.get("revision");
          }
          tip = ui.words[i] || `Move ${i}: ${line[i - 1] || ""}`;
          if (!ui.words[i] && !gone()) model.send({ type: "describe", index: i });
        }
      } else if (hit && hit.kind === "log") {
        tip = `Move ${hit.index}: ${hit.story}` + (hit.index !== model.get("position") ? " (click to go back to it)" : "");
      } else if (hit && hit.kind === "variation") {
        tip = `Go back to the line that went on with: ${hit.first}`;
      } else if (hit) tip = GAME.hover(hit, api);
      return tip;
    }

    function onLeave() {
      if (ui.tip || ui.hover) {
        ui.tip = null;
        ui.hover = null;
        schedule();
      }
    }

    function onKey(event) {
      if (passesThrough(event)) return; // chords and Tab belong to JupyterLab and the browser
      // Plain keys typed on the board are the board's: never the notebook's single-key commands.
      event.stopPropagation();
      const key = event.key;
      let handled = true;
      if (key === "ArrowLeft") send({ type: "undo" });
      else if (key === "ArrowRight") send({ type: "redo" });
      else if (key === " ") send({ type: "step" });
      else if (key === "a" || key === "A") toggleAdvice();
      else if (key === "Escape") {
        GAME.escape(api);
        ui.note = "";
        draw();
      } else handled = GAME.key(key, api);
      if (handled) event.preventDefault();
    }
    const onKeyUp = (event) => {
      if (!passesThrough(event)) event.stopPropagation();
    };

    canvas.addEventListener("click", onClick);
    canvas.addEventListener("mousemove", onMove);
    canvas.addEventListener("mouseleave", onLeave);
    canvas.addEventListener("keydown", onKey);
    canvas.addEventListener("keyup", onKeyUp);
    undoBtn.addEventListener("click", () => send({ type: "undo" }));
    redoBtn.addEventListener("click", () => send({ type: "redo" }));
    stepBtn.addEventListener("click", () => send({ type: "step" }));
    runBtn.addEventListener("click", () => send(model.get("running") ? { type: "stop" } : { type: "run" }));
    forkBtn.addEventListener("click", () => send({ type: "fork" }));
    adviceBtn.addEventListener("click", toggleAdvice);
    seatSel.addEventListener("change", () => {
      GAME.escape(api);
      send({ type: "seat", seat: seatSel.value === "all" ? null : Number(seatSel.value) });
    });
    speedSel.addEventListener("change", () => send({ type: "speed", speed: speedSel.value }));

    // -- geometry follows the cell's width; HiDPI follows the screen; colours follow the theme.
    const resize = new ResizeObserver(() => {
      const w = el.clientWidth;
      if (w && w !== width) schedule();
    });
    resize.observe(el);
    const dprQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dprQuery.addEventListener("change", schedule);
    const themeWatch = new MutationObserver(() => {
      themeCache = null;
      schedule();
    });
    const watched = { attributes: true, attributeFilter: ["data-jp-theme-light", "data-jp-theme-name", "class",
      "data-theme"] };
    themeWatch.observe(document.body, watched);
    themeWatch.observe(document.documentElement, watched);

    // What tests and benchmarks may ask the board (no game name in it).
    el.board = {
      geometry: () => geo,
      // Where each clickable thing is, in CSS pixels (read by tests; kept out of the redraw)
      hitboxes: () => geo.boxes.map((b) => ({ id: b.id, kind: b.kind, card: b.card, x: b.x, y: b.y, w: b.w, h: b.h })),
      hitTest: (x, y) => hitAt(x, y),
      draw,
      ...GAME.hooks(api),
    };

    draw();
    // A board whose kernel-side game is gone (kernel restarted, state restored from a save) gets no
    // answer: after a while it says so (until an answer comes: a busy kernel answers late).
    model.send({ type: "hello" });
    helloTimer = setTimeout(() => {
      if (!ui.alive) {
        ui.lost = "No answer from the kernel yet. A busy kernel answers when its cell ends; if it restarted, " +
          "or this is a saved copy, this board's game is gone: run its cell again to play.";
        draw();
      }
    }, 8000);

    return () => {
      model.off("change", onChange);
      model.off("msg:custom", onCustom);
      resize.disconnect();
      dprQuery.removeEventListener("change", schedule);
      themeWatch.disconnect();
      clearTimeout(helloTimer);
      if (frame) cancelAnimationFrame(frame);
      delete el.board;
    };
  },
};
