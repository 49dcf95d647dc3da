// Playing on On Tour's board: picking a number, writing it (the whole writing is sent only when it
// is complete), taking it back, drawing a tour, the buttons; and what the board says at each step.

import { actingSeat } from "../../widgets/js/seats.js";
import { firstMarks, litFirst, litSecond, needsSecond, secondMarkAt } from "./choices.js";
import { bigSeat } from "./layout.js";
import { actionText, markText, markWord, scoreAt } from "./marks.js";
import { choicesOf, draft, plays, spaceInfo } from "./state.js";
import { scoreText } from "./words.js";

/** Say `text` on the message line (a refusal when `isError`, with its rule). */
export function say(api, text, isError = false, rule = "") {
  api.note(text, isError, rule);
}

/** Pick the mark to write first (a number or the star): its lit spaces show. */
export function pickMark(api, mark) {
  const ui = draft(api);
  const v = api.view();
  if (!plays(api)) return notNow(api);
  const marks = firstMarks(choicesOf(api));
  if (ui.placed.length) {
    const sec = litSecond(choicesOf(api), ui.placed[0]);
    if (mark === ui.placed[0].mark) {
      return say(api, `${markText(mark)} is already in ${ui.placed[0].space}: Backspace takes it back.`);
    }
    return say(api, `Now ${markText(sec.mark)}: click a lit space${sec.mark === "X" ? " for its X" : ""}.`);
  }
  if (!marks.includes(mark)) {
    if (v.star_turn) return say(api, "A star turn: one click on a lit space draws the star.", false, "O-STAR");
    if (marks.includes("X")) return say(api, `${markText(mark)} has no legal space: choose where its X goes.`);
    return say(api, `${markText(mark)} cannot be written first this turn.`, true);
  }
  ui.pick = mark;
  ui.focus = -1;
  const n = litFirst(choicesOf(api), mark).size;
  say(api, `${markText(mark)}: click one of the ${n} lit space${n === 1 ? "" : "s"} (↑/↓ and Enter work too).`);
}

function notNow(api) {
  const v = api.view();
  if (v.over) return say(api, "The game is over: undo or jump back in the history to play on.", true);
  const waiting = api.model.get("waiting") || {};
  if (v.has_written) return say(api, `You have written this turn.${waiting.text ? ` ${waiting.text}` : ""}`);
  return say(api, waiting.text || "This board cannot write now.", true);
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
    if (mark === null) {
      const [a, b] = marks;
      return say(api, `Pick a number first: click a die or press 1 (${markText(a)}) or 2 (${markText(b)}).`);
    }
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

function tourClick(api, space) {
  const ui = draft(api);
  const at = ui.tour.indexOf(space);
  if (at >= 0 && at === ui.tour.length - 1) ui.tour.pop();
  else if (at >= 0) ui.tour = ui.tour.slice(0, at + 1);
  else ui.tour.push(space);
  sendTour(api);
}

/** Send the tour drawn so far, for Python to check and score. */
export function sendTour(api) {
  const ui = draft(api);
  api.model.send({ type: "tour", seat: bigSeat(api.view()), spaces: ui.tour.slice() });
  api.redraw();
}

/** One of the board's buttons: best tour, draw a tour, take back, clear the tour. */
export function toggle(api, action) {
  const ui = draft(api);
  if (action === "best") {
    ui.showBest = !ui.showBest;
    const me = scoreAt(api.view(), bigSeat(api.view()));
    say(api, ui.showBest ? `Best tour shown: ${scoreText(me)}.` : "Best tour hidden.");
  } else if (action === "tour") {
    ui.mode = ui.mode === "tour" ? "write" : "tour";
    ui.focus = -1;
    if (ui.mode === "tour") {
      ui.tour = [];
      say(api, "Draw a tour: click spaces in order along the routes; a click on the last one takes it back. " +
        "The board checks it as you go.");
    } else say(api, "Back to writing.");
  } else if (action === "takeback") takeBack(api);
  else if (action === "clear") {
    ui.tour = [];
    ui.mode = "write";
    sendTour(api);
  }
  api.redraw();
}
