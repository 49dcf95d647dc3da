// What Python sends of On Tour, decoded: the maps (one short code a seat), the scores, the
// turn's choices as groups of spaces; and the marks as the map shows them and an action writes them.

/** A map sent in board order, "." an empty space, else 2 characters ("56", "f6" a circled 56,
 *  "**", "*o" a circled star, "XX"), "!" before the seat's latest writing, as
 *  {id: {mark, circled, fresh} | null}. */
export function decodeMap(code, ids) {
  const out = {};
  const text = String(code || "");
  let at = 0;
  for (const id of ids) {
    if (text[at] === "." || at >= text.length) {
      out[id] = null;
      at += 1;
      continue;
    }
    const fresh = text[at] === "!";
    if (fresh) at += 1;
    const c = text.slice(at, at + 2);
    at += 2;
    if (c[0] === "*") out[id] = { mark: "star", circled: c === "*o" };
    else if (c === "XX") out[id] = { mark: "X", circled: false };
    else if (c[0] >= "0" && c[0] <= "9") out[id] = { mark: Number(c), circled: false };
    else out[id] = { mark: "abcdefghij".indexOf(c[0]) * 10 + Number(c[1]), circled: true };
    if (fresh) out[id].fresh = true;
  }
  return out;
}

/** The spaces where a number written now is circled: the shown cards' own spaces (O-CIRCLE). */
export function circleSpaces(view) {
  return view && !view.over ? (view.cards || []).map((c) => c.space) : [];
}

/** A seat's score as sent ([total, spaces, circles, tour]) in words' reach: {total, spaces, circles, tour}. */
export function scoreAt(view, seat) {
  const s = ((view && view.scores) || [])[seat];
  if (!s) return null;
  const [total, spaces, circles, tour] = s;
  return { total, spaces, circles, tour: String(tour || "").split(" ").filter(Boolean) };
}

/** The groups of this turn's choices with their space lists split ("TX OK" -> ["TX", "OK"]). */
export function splitChoices(choices) {
  const list = (x) => (Array.isArray(x) ? x : String(x || "").split(" ").filter(Boolean));
  const groups = (choices || []).map((g) => ({ ...g, spaces: list(g.spaces) }));
  // "then": space ids, or the indices of the groups whose spaces the second mark may take.
  return groups.map((g, i) => {
    const then = (choices[i] || {}).then;
    if (then === undefined) return g;
    const spaces = Array.isArray(then) && typeof then[0] === "number"
      ? then.flatMap((k) => (groups[k] || { spaces: [] }).spaces) : list(then);
    return { ...g, then: spaces };
  });
}

/** A mark as the map shows it: "05", "★", "X". */
export function markText(mark) {
  if (mark === "star") return "★";
  if (mark === "X") return "X";
  return String(mark).padStart(2, "0");
}

/** A mark as an action writes it: "05", "star", "X". */
export function markWord(mark) {
  return mark === "star" || mark === "X" ? mark : String(mark).padStart(2, "0");
}

/** The action text of a complete writing: "p0: 56 TX, 65 OK". */
export function actionText(seat, marks) {
  return `p${seat}: ${marks.map((m) => `${markWord(m.mark)} ${m.space}`).join(", ")}`;
}
