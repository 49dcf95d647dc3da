// On Tour's board on the page: the turn (cards, dice, numbers), the viewing seat's map large,
// every other map small, a tour drawn by clicking. The shared board (widgets/js/shell.js) does the
// rest: toolbar, header, banner, messages, history.
//
// Python sends where this turn's marks may go as groups of spaces (`choices`: {first, spaces,
// then, second}); the page keeps the half-written turn (a number placed, not yet sent) and sends
// the writing only when it is complete. Python judges it, and says why when a click is refused.
// Pure functions are exported for Node.

import { figureWords } from "../../widgets/js/advice.js";
import { actingSeat, isTeacher, seatName } from "../../widgets/js/seats.js";
import { boardShell } from "../../widgets/js/shell.js";
import { mix } from "../../widgets/js/theme.js";
import { adviceOnSpaces, figuresThatFit, placeFigures, writingKey } from "./advice.js";
import {
  expandChoices, firstMarks, litFirst, litSecond, needsSecond, secondMarkAt,
} from "./choices.js";
import { drawBoard } from "./draw.js";
import {
  PANS, bigSeat, bigTile, hitTest, layout, mapGeometry, panFor, planMaps, regionLabels, tileBox,
} from "./layout.js";
import { actionText, circleSpaces, decodeMap, markText, markWord, scoreAt, splitChoices } from "./marks.js";
import {
  LEAVE_TOUR, clickSpace, pickFirst, pickMark, say, sayInMode, sayTour, sendTour, stopDrawing, takeBack, toggle,
  tourChanged, tourNote, writeWords,
} from "./play.js";
import { atlasOf, choicesOf, draft, ids, lit, litList, maps, plays, spaceAdvice, spaceInfo } from "./state.js";
import { buttons, numberChips, scoreText, tourText, turnAsks, turnWords, words } from "./words.js";

export {
  actionText, adviceOnSpaces, bigSeat, bigTile, circleSpaces, decodeMap, expandChoices, figuresThatFit, firstMarks,
  hitTest, layout, litFirst, litSecond, mapGeometry, markText, markWord, mix, needsSecond, numberChips, panFor,
  placeFigures, planMaps,
  regionLabels, scoreAt, scoreText, seatName, secondMarkAt, splitChoices, tileBox, tourNote, turnAsks, turnWords,
  writingKey,
};

/** The game's part of the board, as the shell asks for it (widgets/js/shell.js). */
export const GAME = {
  keysHelp: "Keys: 1/2 pick a number, ↑/↓ choose a lit space, Enter writes there, Backspace takes back; " +
    "B shows the best tour, T draws a tour (T again or Esc: back to writing)",
  teacher: { option: "Teacher view", banner: "TEACHER VIEW · large map: the seat to write" },
  words: { start: "The start: the cards are dealt", role: "card game board" },

  title: (view) => `On Tour · turn ${view.round}`,

  status(api) {
    const v = api.view();
    if (api.gone() || v.over || api.model.get("autoplay")) return ""; // the shell's words
    const players = v.players || [];
    const who = (seat) => `Seat ${seat} (${players[seat] || "?"})`;
    if (plays(api)) {
      if (draft(api).mode === "tour") return `Drawing a tour · ${LEAVE_TOUR}`;
      const what = v.star_turn ? "draw a star" : `write ${(v.numbers || []).map(markText).join(" and ")}`;
      const yours = !isTeacher(v) && players[v.seat] === "human";
      return yours ? `Your turn, seat ${v.seat}: ${what}` : `${who(actingSeat(v))} to write: ${what}`;
    }
    if (v.has_written) return `You have written; ${who(v.turn)} still to write`;
    // Its own turn, yet it may not write: held (a class its teacher holds); the board says why.
    const waiting = (api.model.get("waiting") || {}).text;
    if (waiting && !isTeacher(v) && v.turn === v.seat) return waiting.split(":")[0];
    return `${who(v.turn)} to write`;
  },

  layout(view, width, opts = {}) {
    const api = opts.api;
    if (!api) return layout(view, width, opts);
    const table = api.model.get("highscores") || {};
    const rows = view.over && table.rows ? Math.max(1, table.rows.length) + (table.problem ? 1 : 0) : 0;
    const atlas = atlasOf(api);
    const ui = draft(api);
    const lay = (pan) => layout(view, width, { ...opts, atlas, words: words(api, bigTile(view, width, atlas)),
      buttons: buttons(api), tourText: tourText(api), tableRows: rows, tableNote: view.over ? table.note : "", pan });
    let geo = lay(ui.pan || 0);
    // An enlarged map's window follows what the player is to choose: the focused space, else the first
    // lit one and as many others as it can (until a tab is clicked; a new pick or turn follows again).
    const wanted = ui.focusId ? [ui.focusId] : litList(api);
    const key = wanted.join(" ");
    if (geo.big.zoomed && key !== ui.panKey) {
      ui.panKey = key;
      const best = panFor(geo.big.pans, wanted);
      if (best >= 0 && !geo.big.pans[ui.pan || 0].spaces.includes(wanted[0])) {
        ui.pan = best;
        geo = lay(best);
      }
    }
    return geo;
  },

  hitTest,

  draw(ctx, geo, api, theme) {
    drawBoard(ctx, geo, api, theme);
  },

  click(hit, api) {
    const ui = draft(api);
    if (!hit) return;
    if (hit.kind === "button") {
      if (!hit.disabled) toggle(api, hit.action);
      return;
    }
    if (hit.kind === "pan") {
      ui.pan = hit.index;
      return api.redraw();
    }
    if (hit.kind === "number" || hit.kind === "die") {
      const v = api.view();
      const chips = numberChips(v, choicesOf(api));
      let mark = chips[hit.index];
      if (hit.kind === "die" && !v.star_turn) {
        const d = (v.dice || [])[hit.index];
        mark = (v.numbers || []).find((n) => Math.floor(n / 10) === d);
      }
      if (mark === undefined) return;
      return pickMark(api, mark);
    }
    if (hit.kind === "space") {
      ui.focusId = null;
      return clickSpace(api, hit.space);
    }
    if (hit.kind === "map") {
      const s = scoreAt(api.view(), hit.seat);
      return sayInMode(api, `Seat ${hit.seat}'s map: best tour ${scoreText(s) || "none yet"}.`);
    }
  },

  clickable(hit, api) {
    if (["button", "number", "die", "map", "pan"].includes(hit.kind)) return true;
    if (hit.kind === "space") return draft(api).mode === "tour" || lit(api).spaces.has(hit.space) || plays(api);
    return false;
  },

  key(key, api) {
    const ui = draft(api);
    const v = api.view();
    if (key === "1" || key === "2") {
      const chips = numberChips(v, choicesOf(api));
      const mark = chips[Number(key) - 1];
      if (mark !== undefined) pickMark(api, mark);
      return true;
    }
    if (key === "ArrowDown" || key === "ArrowUp") {
      const list = ui.mode === "tour" ? ids(api) : litList(api);
      if (!list.length) {
        if (plays(api)) pickFirst(api);
        else say(api, "Nothing to choose now.");
        return true;
      }
      const at = list.indexOf(ui.focusId);
      const next = at < 0 ? (key === "ArrowDown" ? 0 : list.length - 1)
        : (at + (key === "ArrowDown" ? 1 : -1) + list.length) % list.length;
      ui.focusId = list[next];
      const info = spaceInfo(api, ui.focusId);
      const areaName = (api.config.palette.area_names || {})[info.area] || info.area;
      sayInMode(api, `${info.name} (${info.label}), ${areaName} (${next + 1} of ${list.length}): Enter ` +
        `${ui.mode === "tour" ? "adds it to the tour" : "writes there"}.`);
      return true;
    }
    if (key === "Enter") {
      if (ui.focusId) {
        const id = ui.focusId;
        if (ui.mode !== "tour") ui.focusId = null;
        clickSpace(api, id);
      } else {
        const which = ui.mode === "tour" ? "spaces" : "lit ones";
        sayInMode(api, `Choose a space first: ↑/↓ go through the ${which}.`);
      }
      return true;
    }
    if (key === "Backspace") {
      if (ui.mode !== "tour") takeBack(api);
      else if (ui.tour.length) {
        ui.tour.pop();
        sendTour(api);
      } else sayTour(api); // nothing to take back of the tour; a half-written number stays
      return true;
    }
    if (key === "b" || key === "B") {
      toggle(api, "best");
      return true;
    }
    if (key === "t" || key === "T") {
      toggle(api, "tour");
      return true;
    }
    return false;
  },

  hover(hit, api) {
    const ui = draft(api);
    const v = api.view();
    if (hit.kind === "space") {
      const info = spaceInfo(api, hit.space);
      const cell = (maps(api)[hit.seat] || {})[hit.space];
      const areaName = (api.config.palette.area_names || {})[info.area] || info.area;
      let text = `${info.name} (${info.label}) · ${areaName}; its card shows ${info.card_region}`;
      const pencilled = hit.seat === bigSeat(v) ? (ui.placed || []).find((p) => p.space === hit.space) : null;
      if (cell) text += ` · ${cell.mark === "X" ? "an X" : cell.mark === "star" ? "a star" : markText(cell.mark)}` +
        `${cell.circled ? ", circled" : ""}`;
      else if (pencilled) text += ` · ${markText(pencilled.mark)} pencilled in (a click on it again takes it back)`;
      else text += " · empty";
      const L = lit(api);
      if (L.spaces.has(hit.space) && L.mark !== null && L.mark !== undefined) {
        const circles = circleSpaces(api.view()).includes(hit.space) && L.mark !== "X";
        text += ` — ${markText(L.mark)} may go here${circles ? " (circled: a card's own space)" : ""}`;
      }
      const advice = spaceAdvice(api);
      const here = hit.seat === bigSeat(v) ? advice.figures.filter((f) => f.space === hit.space) : [];
      if (here.length) {
        const said = here.map((f) => {
          const mark = markText(f.mark === "star" || f.mark === "X" ? f.mark : Number(f.mark));
          const rank = f.best ? (advice.tied ? ", tied for the best" : ", the best")
            : f.dropped ? ", dropped early by the advice's halving (fewer deals)" : "";
          return `${mark} here: ${figureWords(advice.kind, ...f.figure)}${rank}`;
        });
        text += `. Advice: ${said.join("; ")}`;
      }
      return text;
    }
    if (hit.kind === "card") {
      const card = (v.cards || [])[hit.index];
      if (!card) return null;
      const info = spaceInfo(api, card.space);
      return `Card ${info.name} (${info.label}), region ${card.region}: a number may go in any empty ${card.region} ` +
        `space; written in ${info.label} itself it is circled.`;
    }
    if (hit.kind === "die") {
      const d = (v.dice || [])[hit.index];
      if (v.star_turn) return `Die ${d}: a double, so a star turn`;
      const n = (v.numbers || []).find((x) => Math.floor(x / 10) === d);
      return `Die ${d}: click to write ${markText(n)} first`;
    }
    if (hit.kind === "number") {
      const chips = numberChips(v, choicesOf(api));
      const m = chips[hit.index];
      if (m === undefined) return null;
      return `${markText(m)}: click (or press ${hit.index + 1}) to ${ui.mode === "tour" ? "stop drawing and " : ""}` +
        "pick it, then a lit space";
    }
    if (hit.kind === "map") {
      const s = scoreAt(v, hit.seat);
      return `${seatName(v, hit.seat)}: best tour ${scoreText(s) || "none yet"}`;
    }
    if (hit.kind === "pan") return `Show the ${PANS[hit.index]} of the map (it is drawn larger than the board here)`;
    if (hit.kind === "button") {
      return {
        best: "Show or hide the best tour of this map (B)",
        tour: ui.mode === "tour" ? "Stop drawing: back to writing (T or Esc); the tour stays on the map"
          : "Draw your own tour by clicking spaces in order (T)",
        takeback: "Take back the number written this turn (Backspace)",
        clear: ui.mode === "tour" ? "Clear the tour and start again (you keep drawing)" : "Clear the drawn tour",
      }[hit.action];
    }
    return null;
  },

  changed(api) {
    const ui = draft(api);
    const v = api.view();
    const key = `${api.model.get("position")}|${v.seat}|${v.round}|${(v.written || []).join()}`;
    if (key !== ui.key) {
      ui.key = key;
      ui.placed = [];
      ui.pick = null;
      ui.focusId = null;
    }
    const drawn = api.model.get("drawn") || {};
    if (ui.mode !== "tour" && !(drawn.spaces || []).length) ui.tour = [];
    tourChanged(api);
  },

  escape(api) {
    const ui = draft(api);
    ui.pick = null;
    ui.focusId = null;
    if (ui.mode === "tour") {
      const words = stopDrawing(api);
      // The shell clears the message line after this: the way out is said just after.
      queueMicrotask(() => say(api, `${words}; back to writing${writeWords(api)}.`));
    }
  },

  dataset(api) {
    const ui = draft(api);
    const L = lit(api);
    return {
      placed: ui.placed.map((p) => `${markWord(p.mark)} ${p.space}`).join(", "),
      pick: ui.pick === null ? "" : markWord(ui.pick),
      lit: litList(api).join(" "),
      litMark: L.mark === null || L.mark === undefined ? "" : markWord(L.mark),
      mode: ui.mode,
      tour: ui.tour.join(" "),
      best: String(!!ui.showBest),
      big: String(bigSeat(api.view())),
      focus: ui.focusId || "",
      drawn: (api.model.get("drawn") || {}).text || "",
      adviceFigures: String((ui.adviceDrawn || []).length),
      adviceBest: ((ui.adviceDrawn || []).find((f) => f.best) || {}).space || "",
      adviceDrawn: (ui.adviceDrawn || []).map((f) => `${f.space}:${f.mark}=${f.text}`).join("; "),
    };
  },

  hooks(api) {
    return {
      lit: () => litList(api),
      maps: () => maps(api),
      scores: () => (api.view().players || []).map((_, s) => scoreAt(api.view(), s)),
    };
  },

  describe(api) {
    const v = api.view();
    const who = isTeacher(v) ? "teacher's view" : `seat ${v.seat}`;
    const me = scoreAt(v, bigSeat(v));
    const marks = api.marks();
    const asks = turnAsks(api.config.palette.turn_words, marks.turn, v).text;
    return `On Tour board, ${who}. ${v.over ? "Game over." : turnWords(v)} ` +
      (me ? `Best tour ${scoreText(me)}. ` : "") +
      (plays(api) ? `${asks} ${v.star_turn ? "Press 1 to pick the star" : "Press 1 or 2 to pick a number"}, ` +
        "arrows up and down to choose a lit space, Enter to write." : "");
  },
};

export default boardShell(GAME);
