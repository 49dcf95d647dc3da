// The advice on Touring's board: which figure goes on which card and place, the best move, and
// what it says in words.

import { figureWords } from "../../widgets/js/advice.js";

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

/** A figure's badge text that fits `room` px (as `width` measures a badge): "★ 72% ±7", else without
 *  the interval ("★ 72%"): on a narrow board the badges under the hand's cards must not overlap. */
export function figureLabel(kit, kind, f, best, room, width) {
  const star = best ? "★ " : "";
  const full = star + kit.figureText(kind, f.estimate, f.low, f.high);
  return width(full) <= room ? full : star + kit.figureText(kind, f.estimate, f.low, f.high, true);
}

/** What the advice says of one card of the hand, or of one lit place, for its hover text. */
export function adviceWords(api, action) {
  const advice = adviceFigures(api.advice(), api.choices());
  const f = advice.byAction[action];
  if (!f) return "";
  const best = action === advice.best ? " (the best move so far)" : "";
  return `${action}: ${figureWords(advice.kind, f.estimate, f.low, f.high, f.n)}${best}`;
}
