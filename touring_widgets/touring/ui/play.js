// Playing on Touring's board: the card picked in the hand, the places it may go, and the notes
// and messages a pick, a place or a key brings.

import { describeDestination, destinations } from "./layout.js";

/** Index in the hand of `seat` of the card it just drew (the last copy of that card), or -1. */
export function drawnIndex(view, seat) {
  const hand = (view.hands || [])[seat];
  if (!view.drawn || !hand || !hand.cards) return -1;
  return hand.cards.lastIndexOf(view.drawn);
}

/** The card picked in the hand, or null. */
export function selectedCard(view, ui) {
  if (!ui.selected) return null;
  const hand = (view.hands || []).find((h) => h.seat === ui.selected.seat);
  return (hand && hand.cards ? hand.cards[ui.selected.index] : null) || null;
}

/** The cards' names and kinds, as Python sent them once. */
export const catalog = (api) => api.model.get("cards") || {};
/** Where the picked card may go now. */
export const currentDests = (api) => destinations(api.choices(), selectedCard(api.view(), api.ui));

/** Pick a card of the hand: say where it may go, or why it cannot be played now. */
export function pickCard(api, seat, index) {
  const ui = api.ui;
  const v = api.view();
  ui.selected = { seat, index };
  ui.dest = null;
  const card = selectedCard(v, ui);
  const cs = catalog(api);
  const name = card ? (cs[card] || {}).name || card : "";
  if (!api.choices().length) {
    const waiting = api.model.get("waiting") || {};
    if (v.over) return api.note("The game is over: undo or jump back in the history to play on.", true);
    const policy = (v.players || [])[v.turn] || "";
    return api.note(`It is seat ${v.turn}'s turn (${policy}).${waiting.text ? ` ${waiting.text}` : ""}`, true);
  }
  const blocked = (api.marks().cards || {})[card];
  if (blocked) {
    return api.note(`${name} cannot be played now: ${blocked.text} Discard it with D or on the lit discard pile.`,
      false, blocked.rule);
  }
  const dests = currentDests(api);
  const places = dests.map((d) => describeDestination(v, cs, d)).join(", or ");
  api.note(`${name}: ${dests.length === 1 ? "press Enter or click the lit place" :
    "click a lit place, or ↑/↓ choose one and Enter"} (${places}).`);
}

/** Let go of the picked card and its chosen place. */
export function unselect(ui) {
  ui.selected = null;
  ui.dest = null;
}

/** Send the move `action` (the card is let go). */
export function play(api, action) {
  unselect(api.ui);
  api.send({ type: "act", action });
}

/** Say why Enter, D or an arrow key does nothing now. */
export function refuse(api, dests) {
  const ui = api.ui;
  api.note(!ui.selected ? "Pick a card first (keys 1–7)."
    : dests.length ? "More than one place: ↑/↓ choose one, or click one (D discards)."
      : "That card cannot be played now.", true);
}
