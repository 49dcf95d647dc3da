// Touring's board on the page: the game's part of the shared board (widgets/js/shell.js), which
// does the rest (toolbar, header, banner, messages, move log, history). Python sends the legal
// choices as structured data ({action, kind, card, target, team, column}); this module never reads
// action text. Its pure functions are exported for Node.

import { actingSeat, isTeacher, seatName } from "../../widgets/js/seats.js";
import { boardShell } from "../../widgets/js/shell.js";
import { adviceFigures, adviceWords, figureLabel } from "./advice.js";
import { PILES, cardBadgeColours, familyOf, symbolCalls } from "./cards.js";
import { drawBoard } from "./draw.js";
import {
  cycleIndex, describeDestination, destinationBox, destinations, faceUpText, hitTest, intendedAction, lastMoveBox,
  layout, teamOf,
} from "./layout.js";
import { catalog, currentDests, letGo, pickCard, pickFirst, play, refuse, selectedCard, unselect } from "./play.js";

export {
  actingSeat, adviceFigures, adviceWords, cardBadgeColours, cycleIndex, describeDestination, destinationBox, destinations,
  faceUpText, familyOf, figureLabel, hitTest, intendedAction, lastMoveBox, layout, seatName, symbolCalls, teamOf,
};

/** The game's part of the board, as the shell asks for it (widgets/js/shell.js). */
export const GAME = {
  keysHelp: "Keys: 1–6 pick a card, ↑/↓ choose its place, Enter plays, D discards, Esc lets go",
  teacher: { option: "All hands (teacher)", banner: "TEACHER VIEW · every hand is shown face up" },
  words: { choose: "pick a card", chooseFor: "pick one of its cards", start: "The start: the cards are dealt",
    role: "card game board" },

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
      if (ui.selected && ui.selected.seat === hit.seat && ui.selected.index === hit.index) return api.note(letGo(api));
      return pickCard(api, hit.seat, hit.index);
    }
    if (!ui.selected) {
      if (hit && ["row", "column", "discard", "draw"].includes(hit.kind)) pickFirst(api);
      return;
    }
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
    api.note(letGo(api));
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
    if (!api.ui.selected) return;
    const words = letGo(api);
    // The shell clears the message line after this: said just after, so a refusal of the card stays gone.
    queueMicrotask(() => api.note(words));
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

export default boardShell(GAME);
