// The page's own state of On Tour's board: the half-written turn (a number placed, not yet
// sent), the tour being drawn; the maps and choices decoded once per change; the spaces lit now.

import { actingSeat } from "../../widgets/js/seats.js";
import { ROOM_FOR_TWO, adviceOnSpaces, figuresThatFit } from "./advice.js";
import { firstMarks, litFirst, litSecond } from "./choices.js";
import { bigSeat } from "./layout.js";
import { decodeMap, splitChoices } from "./marks.js";

/** The page's state of this board: the half-written turn, the tour being drawn. */
export function draft(api) {
  const ui = api.ui;
  if (!ui.placed) {
    ui.placed = [];
    ui.pick = null;
    ui.focus = -1;
    ui.mode = "write";
    ui.tour = [];
    ui.showBest = false;
    ui.key = "";
  }
  return ui;
}

/** The map's spaces and routes, as Python sent them once. */
export function atlasOf(api) {
  return api.model.get("atlas") || { spaces: [], routes: [], aspect: 0.66 };
}

/** The spaces' ids in board order. */
export function ids(api) {
  return (atlasOf(api).spaces || []).map((s) => s.id);
}

/** A space's names and area. */
export function spaceInfo(api, id) {
  return (atlasOf(api).spaces || []).find((s) => s.id === id) || { id, name: id, label: id };
}

/** Every seat's map decoded, once per change of the model. */
export function maps(api) {
  const v = api.view();
  const cache = api.ui.mapsCache;
  if (cache && cache.maps === v.maps) return cache.decoded;
  const list = ids(api);
  const decoded = (v.maps || []).map((code) => decodeMap(code, list));
  api.ui.mapsCache = { maps: v.maps, decoded };
  return decoded;
}

/** This turn's choices, split once per change of the model. */
export function choicesOf(api) {
  const raw = api.choices();
  const cache = api.ui.choicesCache;
  if (cache && cache.raw === raw) return cache.split;
  const split = splitChoices(raw);
  api.ui.choicesCache = { raw, split };
  return split;
}

/** Whether this board may write now. */
export function plays(api) {
  return api.choices().length > 0 && !api.gone();
}

/** The spaces lit now: {spaces: Set, mark, x: bool (an X goes there)}. */
export function lit(api) {
  const ui = draft(api);
  const choices = choicesOf(api);
  if (!plays(api) || ui.mode !== "write") return { spaces: new Set(), mark: null };
  if (ui.placed.length) {
    const sec = litSecond(choices, ui.placed[0]);
    return { spaces: sec.spaces, mark: sec.mark, x: sec.mark === "X" && !sec.also };
  }
  const marks = firstMarks(choices);
  const mark = ui.pick !== null ? ui.pick : marks.length === 1 ? marks[0] : null;
  return { spaces: litFirst(choices, mark), mark, x: mark === "X", faint: mark === null };
}

/** The advice's figures on the large map's lit spaces, when the advice is for the seat it shows;
 *  `tile` the large map's tile size (small tiles take the better of two numbers only). */
export function spaceAdvice(api, tile = ROOM_FOR_TWO) {
  const advice = api.advice();
  const v = api.view();
  const ui = draft(api);
  if (!advice.spaces || advice.seat !== actingSeat(v) || bigSeat(v) !== actingSeat(v) || ui.mode !== "write") {
    return { figures: [], marks: [] };
  }
  const all = adviceOnSpaces(advice, choicesOf(api), lit(api), ui.placed, tile >= ROOM_FOR_TWO);
  const figures = figuresThatFit(all, tile);
  const few = figures.length < all.length;
  const marks = [...new Set(figures.map((f) => f.mark))];
  const both = figures.some((f) => f.slot > 0);
  const picked = lit(api).mark !== null && lit(api).mark !== undefined;
  // With no number placed the advice names its one best writing unless others are tied with it.
  const tied = ui.placed.length ? figures.filter((f) => f.best).length > 1 : !advice.best;
  return { figures, marks, both, better: !both && !picked && !ui.placed.length && firstMarks(choicesOf(api)).length > 1,
    kind: advice.kind, best: advice.best || null, few, tied };
}

/** The spaces lit now, in board order. */
export function litList(api) {
  const order = ids(api);
  const spaces = lit(api).spaces;
  return order.filter((id) => spaces.has(id));
}
