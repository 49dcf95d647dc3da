// Playing on Touring's board: the card picked in the hand, the places it may go, and the notes
// and messages a pick, a place or a key brings.

import { describeDestination, destinations } from "./layout.js";

/** Index in the hand of `seat` of the card it just drew (the last copy of that card), or -1. */
export function drawnIndex(view, seat) {
  const hand = (view.hands || [])[seat];
  if (!view.drawn || !hand || !hand.cards) return -1;
  return hand.cards.lastIndexOf(view.drawn);
}

/** The number keys of the hand the board shows (its seat's; in the teacher's view the seat to
 *  move's): "1–6" (T-TURN: six cards at a decision, fewer once the draw pile is out). */
export function handKeys(view) {
  const shown = view.seat === null || view.seat === undefined ? view.turn : view.seat; // the hand drawn
  const hand = (view.hands || []).find((h) => h.seat === shown);
  const n = hand && hand.cards ? hand.cards.length : 6;
  return n > 1 ? `1–${n}` : "1";
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
  const name = cardName(api, card);
  if (!api.choices().length) return notNow(api);
  const blocked = (api.marks().cards || {})[card];
  if (blocked) {
    return api.note(`${name} cannot be played now: ${blocked.text}. Discard it with D or on the lit discard pile.`,
      false, blocked.rule);
  }
  const dests = currentDests(api);
  const places = dests.map((d) => describeDestination(v, cs, d)).join(", or ");
  api.note(`${name}: ${dests.length === 1 ? "press Enter or click the lit place" :
    "click a lit place, or ↑/↓ choose one and Enter"} (${places}).`);
}

/** Why this board cannot move now, as a refusal with its rule: the game is over, or another seat's turn. */
export function notNow(api) {
  const v = api.view();
  if (v.over) {
    const rule = (v.winners || []).length ? "T-WIN" : "T-EXHAUST";
    return api.note(`The game is over: undo or jump back in the history to play on (${rule}).`, true, rule);
  }
  const waiting = api.model.get("waiting") || {};
  const policy = (v.players || [])[v.turn] || "";
  return api.note(`It is seat ${v.turn}'s turn (${policy}).${waiting.text ? ` ${waiting.text}` : ""}`, true, "T-TURN");
}

/** A click on a place with no card picked: a refusal like the others. */
export function pickFirst(api) {
  if (!api.choices().length) return notNow(api);
  api.note(`Pick a card first: click one in your hand (or press ${handKeys(api.view())}), then a lit place.`, true,
    "T-TURN");
}

/** Let go of the picked card and its chosen place. */
export function unselect(ui) {
  ui.selected = null;
  ui.dest = null;
}

/** Let go of the picked card; returns what says so: what the board said of it (a refusal too) is over. */
export function letGo(api) {
  const v = api.view();
  const name = cardName(api, selectedCard(v, api.ui));
  unselect(api.ui);
  return name ? `Let go of ${name}: pick a card (${handKeys(v)}).` : "";
}

function cardName(api, card) {
  return card ? (catalog(api)[card] || {}).name || card : "";
}

/** Send the move `action` (the card is let go). */
export function play(api, action) {
  unselect(api.ui);
  api.send({ type: "act", action });
}

/** Say why Enter, D or an arrow key does nothing now. */
export function refuse(api, dests) {
  const ui = api.ui;
  if (!ui.selected) return pickFirst(api);
  if (dests.length) return api.note("More than one place: ↑/↓ choose one, or click one (D discards).", true);
  const card = selectedCard(api.view(), ui);
  const blocked = (api.marks().cards || {})[card];
  if (blocked) return api.note(`${cardName(api, card)} cannot be played now: ${blocked.text}`, true, blocked.rule);
  api.note(`${cardName(api, card)} cannot be played now.`, true);
}
