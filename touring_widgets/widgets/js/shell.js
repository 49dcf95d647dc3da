// The board every game shares: toolbar, header, win banner, message line, move log, history
// strip, variations, HiDPI, resize, theme, keyboard routing and cleanup, around the game's part.
//
// A game's page module builds its board with `boardShell(GAME)`; GAME says everything of the game:
//   GAME.title(view)                    the header's title: the game's name and where it stands
//   GAME.status(api) -> text|""         optional: the header's status in the game's own words
//   GAME.words                          optional: {choose, chooseFor} after "Your move" and "Seat n to
//                                       move", {start} the history's first cell, {role} the canvas's
//   GAME.layout(view, width, {top})     boxes to draw and to hit, from y = top; returns {height, boxes}
//   GAME.hitTest(geo, x, y)             the game's box under a point
//   GAME.draw(ctx, geo, api, theme)     paints the game's part
//   GAME.click(hit, api)                a click on one of the game's boxes
//   GAME.clickable(hit, api) -> bool    optional: whether a click there does something
//   GAME.key(key, api) -> bool          a key of the game's own (true when it was one)
//   GAME.hover(hit, api) -> text|null   hover text for one of the game's boxes
//   GAME.changed(api)                   the model changed: drop stale local state
//   GAME.escape(api)                    Esc: let go of whatever is picked
//   GAME.dataset(api), GAME.hooks(api)  data attributes and test hooks of its own
//   GAME.describe(api)                  the canvas's accessible description
//   GAME.keysHelp                       its own keys, in words, for the toolbar's tooltip (the shell
//                                       adds the shared ones)
//   GAME.teacher                        {option, banner}: the view of no one seat, in the seat
//                                       list and above the game
// The board reads and writes only through anywidget's model interface (get, on, off, send), so any
// object that offers it can drive a board. The advice (what each move is worth, from playouts) comes
// in the `advice` trait: the shell has its toggle and its progress line; the game draws the figures,
// from `api.advice()`. Python is the only judge: the page sends messages and draws whatever Python
// publishes. Several boards may share a page, so nothing uses element ids.

import { figureText, figureWords } from "./advice.js";
import { badge, fitCanvas, glow, pixelRatio, roundRect } from "./canvas.js";
import { CONFIG } from "./config.js";
import { drawFooter, footerLayout } from "./footer.js";
import { drawFrame, frameLayout } from "./frame.js";
import { pick, pointerAt } from "./geometry.js";
import { variationTip } from "./history.js";
import { keysHelp, listenKeys, sharedKeyMessage } from "./keys.js";
import { logTip } from "./log.js";
import { storyOf, withRule } from "./message.js";
import { textWidth, wrapMeasured, wrapText } from "./text.js";
import { THEME_ATTRIBUTES, themeColours } from "./theme.js";
import { drawTip } from "./tip.js";
import { downloadFile, hideControls, makeToolbar, syncToolbar, wireToolbar } from "./toolbar.js";

/** The drawing kit a game module may use through `api.kit`. */
export const KIT = { roundRect, badge, glow, wrap: wrapMeasured, textWidth, wrapText, figureText, figureWords };

/** The kinds of box the shell lays out itself (all clickable). */
const SHELL_KINDS = ["history", "variation", "next", "log"];

/** The anywidget module of a game's board: `export default boardShell(GAME)`. */
export function boardShell(GAME) {
  return { render: (props) => renderBoard(GAME, props) };
}

function renderBoard(GAME, { model, el }) {
  // -- state: local UI only; everything else comes from the model.
  const ui = { note: "", noteIsError: false, noteRule: "", hover: null, lastRevision: -1, tip: null,
    words: {}, wordsRevision: -1, alive: false, lost: "" };
  const local = {}; // the game module's own local state (picked card, chosen place)
  const words = GAME.words || {};
  const teacher = GAME.teacher || { option: "Teacher", banner: "TEACHER VIEW" };
  let geo = null;
  let width = 0;
  let frame = 0;
  let themeCache = null;

  el.classList.add("tw-board");
  const table = CONFIG.table || {}; // a board served at a table: what its page hides, how it says it lost the server
  const back = !(table.hide || []).includes("undo"); // whether this page may go back in the game
  const help = keysHelp(GAME.keysHelp, back);
  const bar = makeToolbar(CONFIG.speeds, help, teacher.option);
  hideControls(bar, table.hide || []);
  const canvas = document.createElement("canvas");
  canvas.className = "tw-canvas";
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", words.role || "game board");
  canvas.setAttribute("aria-description", help);
  const live = document.createElement("div");
  live.className = "tw-live";
  live.setAttribute("aria-live", "polite");
  el.append(bar.bar, canvas, live);
  const ctx = canvas.getContext("2d");

  // -- model access, and the api the game module works through
  const view = () => model.get("view") || {};
  // Python says when the board lost its game (and refuses moves); the page only suspects it when
  // nothing answers its hello: a busy kernel answers late, a restarted one never.
  const gone = () => model.get("gone") || "";
  const send = (msg) => {
    if (gone()) return note(gone(), true);
    model.send({ ...msg, revision: model.get("revision") });
  };
  function note(text, isError = false, rule = "") {
    ui.note = text;
    ui.noteIsError = isError;
    ui.noteRule = rule;
    ui.noteAt = [model.get("revision"), model.get("message")];
    draw();
  }
  /** The advice when its figures belong to the position shown (else {}): advice published for
   *  an earlier revision may still be on its way when the position changes. */
  function freshAdvice() {
    const a = model.get("advice") || {};
    return a.on && a.revision === model.get("revision") && !gone() ? a : {};
  }
  const api = {
    model, el, ui: local, kit: KIT, config: CONFIG,
    view, choices: () => model.get("choices") || [], marks: () => model.get("marks") || {},
    send, note, redraw: () => draw(), gone, advice: freshAdvice,
  };
  function toggleAdvice() {
    if (gone()) return note(gone(), true);
    model.send({ type: "advise", on: !(model.get("advice") || {}).on });
  }

  function state(v) {
    return {
      view: v, choices: model.get("choices") || [], running: model.get("autoplay") || "",
      gone: gone(), title: model.get("title") || "", gameTitle: GAME.title(v), words,
      status: GAME.status && v.players ? GAME.status(api) : "",
      waiting: gone() ? { text: gone() } : ui.lost ? { text: ui.lost } : model.get("waiting") || {},
      message: ui.note || model.get("message") || "",
      story: storyOf(model.get("log") || [], model.get("position")),
      rule: ui.note ? ui.noteRule : model.get("rule") || "",
      log: model.get("log") || [], back, lineLength: model.get("length") || 0,
      variations: model.get("variations") || [], advice: gone() ? {} : model.get("advice") || {},
      highscores: model.get("highscores") || {},
    };
  }

  // -- drawing: one function repaints everything from the model plus local state.
  function draw() {
    frame = 0;
    const t0 = performance.now();
    const v = view();
    if (!themeCache) themeCache = themeColours(el, CONFIG.colours); // read again when the theme changes
    const theme = themeCache;
    width = el.clientWidth || canvas.clientWidth || 720;
    const s = state(v);
    const top = frameLayout(v, width, s);
    const W = top.width;
    const game = v.players ? GAME.layout(v, W, { top: top.top, api }) : { height: top.top + 30, boxes: [] };
    const foot = footerLayout(W, game.height, s);
    geo = { width: W, height: foot.height, frame: top, game, foot,
      boxes: [...top.boxes, ...game.boxes, ...foot.boxes] };
    const dpr = pixelRatio();
    // The board keeps the tallest height it had at this width: a message one line longer or
    // shorter moves neither the page below nor the canvas's memory (resizing a canvas
    // reallocates it, the dearest step of a redraw).
    const shape = `${W}|${dpr}|${(v.players || []).length}|${v.seat}`; // what else may change it
    if (!ui.tallest || ui.tallest.shape !== shape) ui.tallest = { shape, height: geo.height };
    else if (geo.height > ui.tallest.height) ui.tallest.height = geo.height;
    const H = ui.tallest.height;
    fitCanvas(canvas, ctx, W, H, dpr);
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
      drawFrame(ctx, top, s, theme, teacher.banner);
      ctx.save();
      GAME.draw(ctx, game, api, theme);
      ctx.restore();
      const isError = ui.note ? ui.noteIsError : model.get("error");
      drawFooter(ctx, foot, s, theme, { isError, position: model.get("position"), hover: ui.hover });
    }
    if (ui.tip && geo) drawTip(ctx, ui.tip, geo.width, theme);
    sync(v, s);
    const ms = performance.now() - t0;
    el.dataset.drawMs = ms.toFixed(2);
    const rev = model.get("revision");
    if (rev !== ui.lastRevision) {
      ui.lastRevision = rev;
      el.dispatchEvent(new CustomEvent("board-drawn", { detail: { revision: rev, ms, at: performance.now() } }));
    }
  }

  // -- toolbar state, accessible text and the data the tests read
  function sync(v, s) {
    const position = model.get("position");
    const length = model.get("length") || 0;
    const running = !!model.get("running");
    const advice = s.advice || {};
    syncToolbar(bar, { view: v, position, length, running, dead: !!gone(), adviceOn: !!advice.on,
      next: !!(s.waiting && s.waiting.button), speed: model.get("speed") });
    const label = GAME.describe(api) + (s.waiting.text ? ` ${s.waiting.text}` : "");
    if (canvas.getAttribute("aria-label") !== label) canvas.setAttribute("aria-label", label);
    const announce = withRule(s.message, s.rule) || s.story || (s.waiting.text || "");
    if (live.textContent !== announce) live.textContent = announce;
    // What tests and benchmarks read; written only where it changed (each write is a DOM mutation).
    const d = {
      revision: String(model.get("revision")), position: String(position), length: String(length + 1),
      over: String(!!v.over), turn: String(v.turn),
      seat: v.seat === null || v.seat === undefined ? "all" : String(v.seat),
      winner: (v.winners || []).join(","), legal: String(s.choices.length), message: model.get("message") || "",
      story: s.story, error: String(!!model.get("error")), rule: model.get("rule") || "", running: String(running),
      waiting: (s.waiting && s.waiting.text) || "", gone: gone(), lost: ui.lost,
      variations: String((model.get("variations") || []).length), adviceOn: String(!!advice.on),
      advice: advice.text || "", advicePlayouts: String(advice.playouts || 0), adviceDeals: String(advice.deals || 0),
      adviceDone: String(!!advice.done), tip: ui.tip ? ui.tip.text : "",
      ...GAME.dataset(api),
    };
    const data = el.dataset;
    for (const [key, value] of Object.entries(d)) if (data[key] !== value) data[key] = value;
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
    if (!msg || msg.type !== "reply") return;
    ui.alive = true;
    if (ui.lost) {
      ui.lost = "";
      schedule();
    }
    el.dataset.reply = msg.message || "";
    if (msg.export && downloadFile(msg.export)) el.dataset.exported = msg.export.name;
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
  };
  model.on("msg:custom", onCustom);

  // -- events
  function hitAt(x, y) {
    if (!geo) return null;
    return pick([...geo.frame.boxes, ...geo.foot.boxes], x, y) || GAME.hitTest(geo.game, x, y);
  }

  function onClick(event) {
    if (!geo) return;
    const { x, y } = pointerAt(canvas, event, geo.width);
    const hit = hitAt(x, y);
    if (hit && hit.kind === "log" && !back) return note(logTip(hit, model.get("position"), back));
    if (hit && (hit.kind === "history" || hit.kind === "log")) {
      GAME.escape(api);
      if (hit.index !== model.get("position")) send({ type: "goto", index: hit.index });
      return;
    }
    if (hit && hit.kind === "variation") return send({ type: "enter", index: hit.index });
    if (hit && hit.kind === "next") return send({ type: "step" });
    GAME.click(hit, api);
    // What the click changed on the page alone (a number pencilled in, the map panned to another
    // region) changes what lies under the pointer: a tip shown is read again from the new drawing.
    if (!ui.tip) return;
    if (frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
    draw();
    onMove(event);
  }

  function onMove(event) {
    if (!geo) return;
    const { x, y } = pointerAt(canvas, event, geo.width);
    const hit = hitAt(x, y);
    const tip = tipText(hit);
    const clickable = hit && (SHELL_KINDS.includes(hit.kind) || hit.clickable ||
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

  /** What hovering `hit` says (null: nothing). A history cell's words are Python's, asked once. */
  function tipText(hit) {
    if (!hit) return null;
    if (hit.kind === "log") return logTip(hit, model.get("position"), back);
    if (hit.kind === "variation") return variationTip(hit);
    if (hit.kind !== "history") return GAME.hover(hit, api);
    const i = hit.index;
    if (i === 0) return words.start || "The start";
    if (ui.wordsRevision !== model.get("revision")) {
      ui.words = {};
      ui.wordsRevision = model.get("revision");
    }
    if (!ui.words[i] && !gone()) model.send({ type: "describe", index: i });
    return ui.words[i] || `Move ${i}: ${(model.get("line") || [])[i - 1] || ""}`;
  }

  function onLeave() {
    if (ui.tip || ui.hover) {
      ui.tip = null;
      ui.hover = null;
      schedule();
    }
  }

  function onKey(key) {
    const shared = sharedKeyMessage(key);
    if (shared) send(shared);
    else if (key === "a" || key === "A") toggleAdvice();
    else if (key === "Escape") {
      GAME.escape(api);
      ui.note = "";
      draw();
    } else return GAME.key(key, api);
    return true;
  }

  canvas.addEventListener("click", onClick);
  canvas.addEventListener("mousemove", onMove);
  canvas.addEventListener("mouseleave", onLeave);
  const unlistenKeys = listenKeys(canvas, onKey);
  wireToolbar(bar, { send, running: () => model.get("running"), toggleAdvice, escape: () => GAME.escape(api) });

  // -- geometry follows the cell's width; HiDPI follows the screen; colours follow the theme.
  const resize = new ResizeObserver(() => {
    const w = el.clientWidth;
    if (w && w !== width) schedule();
  });
  resize.observe(el);
  const dprQuery = window.matchMedia(`(resolution: ${pixelRatio()}dppx)`);
  dprQuery.addEventListener("change", schedule);
  const themeWatch = new MutationObserver(() => {
    themeCache = null;
    schedule();
  });
  const watched = { attributes: true, attributeFilter: THEME_ATTRIBUTES };
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
  const helloTimer = setTimeout(() => {
    if (!ui.alive) {
      ui.lost = table.lost || "No answer from the kernel yet. A busy kernel answers when its cell ends; if it " +
        "restarted, or this is a saved copy, this board's game is gone: run its cell again to play.";
      draw();
    }
  }, 8000);

  return () => {
    model.off("change", onChange);
    model.off("msg:custom", onCustom);
    unlistenKeys();
    resize.disconnect();
    dprQuery.removeEventListener("change", schedule);
    themeWatch.disconnect();
    clearTimeout(helloTimer);
    if (frame) cancelAnimationFrame(frame);
    delete el.board;
  };
}
