// The turn's choices (pure functions, tested with Node): which marks may go first and where, and
// where the second goes once the first is placed.

import { markWord, splitChoices } from "./marks.js";

/** The marks that may go first this turn, in order: the numbers, a star, an X. */
export function firstMarks(choices) {
  const out = [];
  for (const g of choices || []) for (const m of g.first) if (!out.includes(m)) out.push(m);
  return out;
}

/** Where `mark` may go first (null: any mark), as a Set of space ids. */
export function litFirst(choices, mark) {
  const out = new Set();
  for (const g of choices || []) {
    if (mark !== null && mark !== undefined && !g.first.includes(mark)) continue;
    for (const s of g.spaces) out.add(s);
  }
  return out;
}

/** Whether a writing that starts with `first` ({mark, space}) needs a second mark. */
export function needsSecond(choices, first) {
  return (choices || []).some((g) => g.then && g.first.includes(first.mark) && g.spaces.includes(first.space));
}

/** After `first` ({mark, space}) is placed: the second mark and where it may go ({mark, spaces: Set}).
 *  A number the cards still allow comes before an X. */
export function litSecond(choices, first) {
  const found = [];
  for (const g of choices || []) {
    if (!g.then || !g.first.includes(first.mark) || !g.spaces.includes(first.space)) continue;
    const mark = g.second !== undefined ? g.second : g.first.find((m) => m !== first.mark);
    if (mark === undefined) continue;
    let entry = found.find((e) => e.mark === mark);
    if (!entry) {
      entry = { mark, spaces: new Set() };
      found.push(entry);
    }
    for (const s of g.then) if (s !== first.space) entry.spaces.add(s);
  }
  found.sort((a, b) => (a.mark === "X") - (b.mark === "X"));
  if (!found.length) return { mark: null, spaces: new Set() };
  if (found.length === 1) return found[0];
  // Several second marks (rules where an X is always allowed): a space takes the first that fits.
  const spaces = new Set();
  for (const e of found) for (const s of e.spaces) spaces.add(s);
  return { mark: found[0].mark, spaces, also: found.slice(1) };
}

/** Which mark a click on `space` writes second after `first` (a number where it fits, else an X). */
export function secondMarkAt(choices, first, space) {
  const sec = litSecond(choices, first);
  if (!sec.spaces.has(space)) return null;
  if (!sec.also) return sec.mark;
  for (const e of [sec, ...sec.also]) {
    const own = e === sec ? litSecondOf(choices, first, e.mark) : e.spaces;
    if (own.has(space)) return e.mark;
  }
  return sec.mark;
}

function litSecondOf(choices, first, mark) {
  const out = new Set();
  for (const g of choices || []) {
    if (!g.then || !g.first.includes(first.mark) || !g.spaces.includes(first.space)) continue;
    const m = g.second !== undefined ? g.second : g.first.find((x) => x !== first.mark);
    if (m === mark) for (const s of g.then) if (s !== first.space) out.add(s);
  }
  return out;
}

/** Every complete writing the groups allow, as sorted action bodies ("56 TX, 65 OK"): the tests
 *  compare it with Python's legal actions. */
export function expandChoices(groups) {
  const choices = splitChoices(groups);
  const out = new Set();
  const body = (marks) => marks.map((m) => `${markWord(m.mark)} ${m.space}`).sort().join(", ");
  for (const g of choices || []) {
    for (const mark of g.first) {
      for (const space of g.spaces) {
        if (!g.then) {
          out.add(body([{ mark, space }]));
          continue;
        }
        const second = g.second !== undefined ? g.second : g.first.find((m) => m !== mark);
        for (const t of g.then) if (t !== space) out.add(body([{ mark, space }, { mark: second, space: t }]));
      }
    }
  }
  return [...out].sort();
}
