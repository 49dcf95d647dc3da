// On Tour's board in words: the turn (as picture.turn_words says it in Python), a score, the
// numbers to pick, the buttons, the line under the large map and what the advice's figures are.

import { firstMarks } from "./choices.js";
import { FEW } from "./advice.js";
import { markText } from "./marks.js";
import { choicesOf, draft, plays, spaceAdvice } from "./state.js";

/** A score in words: "16 = 12 spaces + 4 circles". */
export function scoreText(score) {
  if (!score) return "";
  const plural = (n, w) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${score.total} = ${plural(score.spaces, "space")} + ${plural(score.circles, "circle")}`;
}

/** This turn in words, as picture.turn_words says it in Python (a test holds them equal). */
export function turnWords(view) {
  if (view.over) return "Game over: every map is full (O-END).";
  const [low, high] = (view.numbers || [0, 0]).map(markText);
  const shown = (view.cards || []).map((c) => `${c.space} (${c.region})`).join(", ");
  if (view.last_turn) {
    const what = view.star_turn ? "a double: one star in any empty space (O-STAR, O-LAST)"
      : `last turn, no cards: ${low} and ${high} in any empty spaces (O-LAST)`;
    return `Turn ${view.round}: ${what}.`;
  }
  if (view.star_turn) {
    const [a, b] = view.dice || [0, 0];
    const why = a === b ? "the roll is a double" : "all three cards show one region";
    return `Turn ${view.round}: cards ${shown}; star turn, ${why}: draw one star (O-STAR).`;
  }
  return `Turn ${view.round}: cards ${shown}; roll ${low} and ${high} (O-WRITE).`;
}

/** What a kind of turn asks (marks.turn, a key of the templates Python sent once), with its rule. */
export function turnAsks(templates, shape, view) {
  const entry = (templates || {})[shape];
  if (!entry) return { text: "", rule: "" };
  const [low, high] = (view.numbers || [0, 0]).map(markText);
  const text = entry[0].replaceAll("{n}", `${low} and ${high}`).replaceAll("{low}", low).replaceAll("{high}", high);
  return { text, rule: entry[1] };
}

/** What the numbers chips show: [low, high], a star, or the one number left (O-LAST). */
export function numberChips(view, choices) {
  const marks = firstMarks(choices);
  if (view.over) return [];
  if (view.star_turn) return marks.length ? marks : ["star"];
  return view.numbers || [];
}

/** The board's buttons now: best tour, draw a tour (done drawing), clear, take back. */
export function buttons(api) {
  const ui = draft(api);
  const v = api.view();
  const out = [{ action: "best", label: v.over ? "Best tours shown" : ui.showBest ? "★ Best tour shown" : "Show best tour",
    on: ui.showBest || v.over, disabled: v.over }];
  // While a tour is drawn its button ends the drawing; a number's take-back waits until then.
  out.push({ action: "tour", label: ui.mode === "tour" ? "✓ Done drawing" : "Draw a tour", on: ui.mode === "tour" });
  if (ui.tour.length || (api.model.get("drawn") || {}).spaces) out.push({ action: "clear", label: "Clear tour" });
  if (ui.placed.length && ui.mode !== "tour") {
    out.push({ action: "takeback", label: `↶ Take back ${markText(ui.placed[0].mark)}` });
  }
  return out;
}

/** What the line above the maps says: the turn's ask with its rule and the advice's legend. */
export function words(api, tile) {
  const v = api.view();
  const marks = api.marks();
  if (v.over && (v.players || []).length === 1) {
    return "Game over: the map is full. Its best tour is drawn: the score is its spaces plus its circles.";
  }
  if (v.over) return "Game over: every map is full. Every best tour is drawn; the winner's map is framed.";
  if (plays(api) && marks.turn) {
    const asks = turnAsks(api.config.palette.turn_words, marks.turn, v);
    return `${asks.text} (${asks.rule})${adviceLegend(api, tile)}`;
  }
  const w = turnWords(v);
  return v.has_written ? `${w} You have written this turn.` : w;
}

/** What the advice's figures on the map are, in a few words (after the turn's words). */
function adviceLegend(api, tile) {
  const advice = spaceAdvice(api, tile);
  if (!advice.figures.length) return "";
  const placed = draft(api).placed.length;
  const marks = advice.marks.map((m) => markText(m === "star" || m === "X" ? m : Number(m)));
  const chips = firstMarks(choicesOf(api)).map(markText);
  const each = advice.few ? `each of the ${FEW} best lit spaces (hover another for its own)` : "each lit space";
  const where = advice.both ? `${marks[0]}'s above ${each}, ${marks[1]}'s below`
    : advice.better ? `the better of ${chips.join(" and ")} under ${each}`
      : placed ? `the whole writing's under ${each}` : `${marks[0]}'s under ${each}`;
  // The same words however the playouts go: a legend that grew a line as ties came and went would
  // move the map under the pointer.
  return ` Advice, expected final score: ${where}; ★ best${placed ? " left" : ", ringed"}, or ★ on each tied for` +
    " it; (in brackets) dropped early, on fewer deals.";
}

/** The line under the large map: a drawn tour as Python checked it, once drawing is done (while a
 *  tour is drawn, the message line says it with the mode). */
export function tourText(api) {
  const drawn = api.model.get("drawn") || {};
  if (draft(api).mode === "tour" || !drawn.spaces || !drawn.spaces.length) return "";
  return drawn.text || "";
}
