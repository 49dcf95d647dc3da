// The advice on Touring's board: which figure goes on which card and place, the best move (or the
// moves tied for it), and what it says in words.

import { figureWords } from "../../widgets/js/advice.js";
import { describeDestination, destinations } from "./layout.js";
import { catalog } from "./play.js";

/**
 * The advice's figures for this board's choices: each action's figure, each card's best action,
 * the best move (the first of the best, as Python ranks them) and the moves tied for the best
 * (`advice.tied`: their intervals overlap the best's). When two or more of the tied moves are
 * among the choices, none is the best (`best` is null) and each tied move's figure carries
 * `tied: true`, so that the board marks them all alike. Figures of actions that are not among the
 * choices (advice of another position still on its way) are left out.
 */
export function adviceFigures(advice, choices) {
  const moves = (advice && advice.moves) || {};
  const cardOf = new Map((choices || []).map((c) => [c.action, c.card]));
  const tied = ((advice && advice.tied) || []).filter((a) => cardOf.has(a) && moves[a]);
  const isTied = new Set(tied.length > 1 ? tied : []);
  const byAction = {};
  const byCard = {};
  let best = null;
  for (const [action, figure] of Object.entries(moves)) {
    const card = cardOf.get(action);
    if (card === undefined) continue;
    byAction[action] = isTied.has(action) ? { ...figure, tied: true } : figure;
    const held = byCard[card];
    if (!held || figure.estimate > held.figure.estimate) byCard[card] = { action, figure: byAction[action] };
    if (!best || figure.estimate > byAction[best].estimate) best = action;
  }
  if (isTied.size) best = null;
  return { byAction, byCard, best, bestCard: best === null ? null : cardOf.get(best), tied: [...isTied],
    kind: (advice || {}).kind };
}

/** A figure's badge text that fits `room` px (as `width` measures a badge): "★ 72% ±7", else without
 *  the interval ("★ 72%"): on a narrow board the badges under the hand's cards must not overlap.
 *  Moves tied for the best (`f.tied`) are all marked alike: "= 72% ±7", none of them starred. */
export function figureLabel(kit, kind, f, best, room, width) {
  const star = f.tied ? "= " : best ? "★ " : "";
  const full = star + kit.figureText(kind, f.estimate, f.low, f.high);
  return width(full) <= room ? full : star + kit.figureText(kind, f.estimate, f.low, f.high, true);
}

/** What the advice says of one card of the hand, or of one lit place, for its hover text. */
export function adviceWords(api, action) {
  const advice = adviceFigures(api.advice(), api.choices());
  const f = advice.byAction[action];
  if (!f) return "";
  const best = f.tied ? " (tied for the best: the intervals overlap)"
    : action === advice.best ? " (the best move so far)" : "";
  const choice = api.choices().find((c) => c.action === action);
  const dest = choice && destinations(api.choices(), choice.card).find((d) => d.action === action);
  const move = dest ? describeDestination(api.view(), catalog(api), dest) : action;
  return `${move}: ${figureWords(advice.kind, f.estimate, f.low, f.high, f.n)}${best}`;
}
