// Playing on On Tour's board: picking a number, writing it (the whole writing is sent only when it
// is complete), taking it back, drawing a tour, the buttons; and what the board says at each step.

import { withRule } from "../../widgets/js/message.js";
import { actingSeat } from "../../widgets/js/seats.js";
import { firstMarks, litFirst, litSecond, needsSecond, secondMarkAt } from "./choices.js";
import { bigSeat } from "./layout.js";
import { actionText, markText, markWord, scoreAt } from "./marks.js";
import { choicesOf, draft, plays, spaceInfo } from "./state.js";
import { scoreText, turnAsks } from "./words.js";

/** Say `text` on the message line (a refusal when `isError`, with its rule). */
export function say(api, text, isError = false, rule = "") {
  api.note(text, isError, rule);
}

/** Say `text`, and while a tour is drawn the mode with it: the message line always says how to leave. */
export function sayInMode(api, text) {
  if (draft(api).mode !== "tour") return say(api, text);
  say(api, `Drawing a tour · ${text} ${LEAVE_TOUR}.`);
}

/** Pick the mark to write first (a number or the star): its lit spaces show. Picked while a tour
 *  is drawn, it ends the drawing first (a number is for writing) and says so. */
export function pickMark(api, mark) {
  const ui = draft(api);
  const v = api.view();
  const stopped = ui.mode === "tour" ? `${stopDrawing(api)}. ` : "";
  if (!plays(api)) return notNow(api, stopped);
  const marks = firstMarks(choicesOf(api));
  if (ui.placed.length) {
    const sec = litSecond(choicesOf(api), ui.placed[0]);
    if (mark === ui.placed[0].mark) {
      return say(api, `${stopped}${markText(mark)} is already in ${ui.placed[0].space}: Backspace takes it back.`);
    }
    return say(api, `${stopped}Now ${markText(sec.mark)}: click a lit space${sec.mark === "X" ? " for its X" : ""}.`);
  }
  if (!marks.includes(mark)) {
    if (v.star_turn) {
      return say(api, `${stopped}A star turn: one click on a lit space draws the star.`, false, "O-STAR");
    }
    if (marks.includes("X")) {
      return say(api, `${stopped}${markText(mark)} has no legal space: choose where its X goes.`);
    }
    return say(api, `${stopped}${markText(mark)} cannot be written first this turn.`, true, turnRule(api));
  }
  ui.pick = mark;
  ui.focus = -1;
  const n = litFirst(choicesOf(api), mark).size;
  say(api, `${stopped}${markText(mark)}: click one of the ${n} lit space${n === 1 ? "" : "s"} ` +
    "(↑/↓ and Enter work too).");
}

/** The rule of this turn's writing (O-WRITE, O-X, O-STAR, O-LAST), as Python named it. */
function turnRule(api) {
  return turnAsks(api.config.palette.turn_words, api.marks().turn, api.view()).rule || "O-WRITE";
}

/** A click on a space with no number picked: a refusal like the others, with the turn's rule. */
export function pickFirst(api) {
  const [a, b] = firstMarks(choicesOf(api));
  const keys = b === undefined ? `press 1 (${markText(a)})` : `press 1 (${markText(a)}) or 2 (${markText(b)})`;
  say(api, `Pick a number first: click a die or ${keys}, then a lit space.`, true, turnRule(api));
}

function notNow(api, before = "") {
  const v = api.view();
  if (v.over) {
    return say(api, `${before}The game is over: every map is full. Undo or jump back in the history to play ` +
      "on (O-END).", true, "O-END");
  }
  const waiting = api.model.get("waiting") || {};
  if (v.has_written) {
    return say(api, `${before}You have written this turn; the next turn begins when every seat has written ` +
      `(O-DISCARD).${waiting.text ? ` ${waiting.text}` : ""}`, true, "O-DISCARD");
  }
  return say(api, before + (waiting.text || "This board cannot write now."), true);
}

function commit(api, marks) {
  const v = api.view();
  api.ui.sent = actionText(actingSeat(v), marks);
  api.send({ type: "act", action: api.ui.sent });
}

function askWhy(api, marks) {
  api.send({ type: "why", marks: marks.map((m) => [markWord(m.mark), m.space]) });
}

/** A click on a space: write the picked mark there, or the second one, or ask Python why not. */
export function clickSpace(api, space) {
  const ui = draft(api);
  const v = api.view();
  const choices = choicesOf(api);
  if (ui.mode === "tour") return tourClick(api, space);
  const name = spaceInfo(api, space).name;
  if (!plays(api)) return notNow(api);
  if (!ui.placed.length) {
    const marks = firstMarks(choices);
    const mark = ui.pick !== null ? ui.pick : marks.length === 1 ? marks[0] : null;
    if (mark === null) return pickFirst(api);
    if (!litFirst(choices, mark).has(space)) return askWhy(api, [{ mark, space }]);
    const first = { mark, space };
    if (!needsSecond(choices, first)) return commit(api, [first]);
    ui.placed = [first];
    ui.pick = null;
    ui.focus = -1;
    const sec = litSecond(choices, first);
    if (sec.mark === "X") {
      return say(api, `${markText(mark)} in ${name}. ${v.star_turn ? "" : `${markText(otherNumber(v, mark))} `}` +
        "has no legal space left: click any empty space for its X (Backspace takes back).", false, "O-X");
    }
    return say(api, `${markText(mark)} in ${name}. Now ${markText(sec.mark)}: click a lit space ` +
      "(Backspace or a click on it again takes it back).");
  }
  const first = ui.placed[0];
  if (space === first.space) return takeBack(api);
  const mark = secondMarkAt(choices, first, space);
  if (mark === null) {
    const sec = litSecond(choices, first);
    return askWhy(api, [first, { mark: sec.mark, space }]);
  }
  commit(api, [first, { mark, space }]);
}

function otherNumber(view, mark) {
  const [a, b] = view.numbers || [];
  return mark === a ? b : a;
}

/** Take back the number placed this turn (it is picked again). */
export function takeBack(api) {
  const ui = draft(api);
  if (!ui.placed.length) return say(api, "Nothing written this turn to take back.");
  const back = ui.placed.pop();
  ui.pick = back.mark;
  ui.focus = -1;
  say(api, `Took back ${markText(back.mark)} from ${back.space}; it is picked again.`);
}

// -- drawing a tour: a mode of its own, always said on the message line with the way out of it.

/** How drawing mode is left, said with everything the board says while a tour is drawn. */
export const LEAVE_TOUR = "Done drawing or Esc: back to writing";

function tourClick(api, space) {
  const ui = draft(api);
  const at = ui.tour.indexOf(space);
  if (at >= 0 && at === ui.tour.length - 1) ui.tour.pop();
  else if (at >= 0) ui.tour = ui.tour.slice(0, at + 1);
  else ui.tour.push(space);
  ui.cleared = false;
  sendTour(api);
}

/** Send the tour drawn so far, for Python to check and score. */
export function sendTour(api) {
  const ui = draft(api);
  api.model.send({ type: "tour", seat: bigSeat(api.view()), spaces: ui.tour.slice() });
  if (ui.mode === "tour") sayTour(api);
  api.redraw();
}

/** What the message line says while a tour is drawn: the mode, the tour as Python checked it, and
 *  how to leave ({text, isError, rule}). */
export function tourNote(api) {
  const ui = draft(api);
  const drawn = api.model.get("drawn") || {};
  const start = "click spaces in order along the routes; a click on the last one takes it back";
  if (!ui.tour.length) {
    return { text: `Drawing a tour: ${ui.cleared ? "tour cleared, click a space to start again" : start}. ` +
      `${LEAVE_TOUR}.`, isError: false, rule: "" };
  }
  const again = `Clear starts again; ${LEAVE_TOUR}.`;
  if (ui.tour.join(" ") !== (drawn.spaces || []).join(" ")) {
    return { text: `Drawing a tour: checking… ${again}`, isError: false, rule: "" };
  }
  const said = withRule(String(drawn.text || "").replace(/\.$/, ""), drawn.rule || "");
  return { text: `Drawing a tour: ${said.charAt(0).toLowerCase()}${said.slice(1)}. ${again}`,
    isError: drawn.ok === false, rule: drawn.rule || "" };
}

/** Say the drawing mode on the message line (again, once per change of what it says). */
export function sayTour(api) {
  const ui = draft(api);
  const note = tourNote(api);
  ui.tourSaid = `${api.model.get("revision")}|${api.model.get("message")}|${note.text}`;
  say(api, note.text, note.isError, note.rule);
}

/** Leave drawing mode (the drawn tour stays on the map); returns the words that say so (no stop). */
export function stopDrawing(api) {
  const ui = draft(api);
  ui.mode = "write";
  ui.focusId = null;
  ui.cleared = false;
  return `Stopped drawing${ui.tour.length ? " (the tour stays on the map until Clear tour)" : ""}`;
}

/** What writing asks now, in a few words after a colon ("" when this board cannot write). */
export function writeWords(api) {
  const ui = draft(api);
  if (!plays(api)) return "";
  if (ui.placed.length) {
    const sec = litSecond(choicesOf(api), ui.placed[0]);
    return `: ${markText(ui.placed[0].mark)} is in ${ui.placed[0].space}, click a lit space for ` +
      `${sec.mark === "X" ? "the X" : markText(sec.mark)}`;
  }
  const marks = firstMarks(choicesOf(api));
  if (marks.length === 1) return `: click a lit space for ${markText(marks[0])}`;
  return ": pick a number (1 or 2), then a lit space";
}

/** One of the board's buttons: best tour, draw a tour (or done drawing), take back, clear the tour. */
export function toggle(api, action) {
  const ui = draft(api);
  if (action === "best") {
    ui.showBest = !ui.showBest;
    const me = scoreAt(api.view(), bigSeat(api.view()));
    sayInMode(api, ui.showBest ? `Best tour shown: ${scoreText(me)}.` : "Best tour hidden.");
  } else if (action === "tour") {
    if (ui.mode === "tour") say(api, `${stopDrawing(api)}; back to writing${writeWords(api)}.`);
    else {
      ui.mode = "tour";
      ui.pick = null;
      ui.focusId = null;
      ui.focus = -1;
      ui.cleared = false;
      const drawn = api.model.get("drawn") || {};
      // A tour left on the map is drawn on; Clear starts a new one.
      ui.tour = drawn.seat === bigSeat(api.view()) && drawn.spaces ? drawn.spaces.slice() : [];
      sayTour(api);
    }
  } else if (action === "takeback") takeBack(api);
  else if (action === "clear") {
    ui.tour = [];
    ui.cleared = ui.mode === "tour";
    ui.afterClear = ui.mode !== "tour";
    sendTour(api);
    if (ui.afterClear) say(api, `Tour cleared; you are writing, not drawing${writeWords(api)}.`);
  }
  api.redraw();
}

/** After a change of the model: say the mode again while a tour is drawn, or that a tour was cleared. */
export function tourChanged(api) {
  const ui = draft(api);
  if (ui.mode === "tour") {
    const note = tourNote(api);
    if (ui.tourSaid !== `${api.model.get("revision")}|${api.model.get("message")}|${note.text}`) sayTour(api);
  } else if (ui.afterClear && api.model.get("message") === "Tour cleared.") {
    ui.afterClear = false;
    say(api, `Tour cleared; you are writing, not drawing${writeWords(api)}.`);
  }
}
