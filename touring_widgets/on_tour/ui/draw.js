// On Tour's board drawn: the turn (cards, dice, numbers, words, buttons), the large map with its
// tours, lit spaces and advice, the small maps, and the solo high-score table at the end.

import { badge, roundRect } from "../../widgets/js/canvas.js";
import { LABEL } from "../../widgets/js/geometry.js";
import { figureText } from "../../widgets/js/advice.js";
import { seatName } from "../../widgets/js/seats.js";
import { wrapMeasured } from "../../widgets/js/text.js";
import { noteLines } from "./layout.js";
import { circleSpaces, markText, scoreAt } from "./marks.js";
import { drawMap, mapColours, starPath } from "./map.js";
import { atlasOf, choicesOf, draft, lit, maps, plays, spaceAdvice, spaceInfo } from "./state.js";
import { numberChips, scoreText } from "./words.js";

function drawTurn(ctx, geo, api, c) {
  const v = api.view();
  const palette = api.config.palette;
  const ui = draft(api);
  const T = geo.turn;
  const colours = mapColours(c, palette);
  // Cards: the space (and its name) on paper, the region in its colour underneath.
  (v.cards || []).forEach((card, i) => {
    const b = T.cards[i];
    if (!b) return;
    const region = palette.regions[card.region] || c.ink2;
    const info = spaceInfo(api, card.space);
    const area = colours.areas[info.area] || { paper: "#ffffff", edge: c.ink };
    roundRect(ctx, b.x, b.y, b.w, b.h, 6);
    ctx.fillStyle = area.paper;
    ctx.fill();
    ctx.strokeStyle = region;
    ctx.lineWidth = 2;
    ctx.stroke();
    const band = Math.round(b.h * 0.36);
    ctx.save();
    roundRect(ctx, b.x, b.y, b.w, b.h, 6);
    ctx.clip();
    ctx.fillStyle = region;
    ctx.fillRect(b.x, b.y + b.h - band, b.w, band);
    ctx.restore();
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#1a1a1a";
    ctx.font = `bold 14px ${c.font}`;
    const top = b.y + (b.h - band) / 2 + 1;
    ctx.fillText(info.label, b.x + 7, top);
    const lw = ctx.measureText(info.label).width;
    ctx.font = `${LABEL}px ${c.font}`;
    ctx.fillStyle = "#333333";
    // the state's name only where it fits whole (never squeezed under 11 px)
    if (ctx.measureText(info.name).width <= b.w - lw - 18) ctx.fillText(info.name, b.x + 12 + lw, top + 1);
    ctx.fillStyle = "#ffffff";
    ctx.font = `bold ${LABEL}px ${c.font}`;
    ctx.textAlign = "center";
    ctx.fillText(card.region, b.x + b.w / 2, b.y + b.h - band / 2 + 0.5);
  });
  if (!(v.cards || []).length && !v.over && T.cards.length) {
    const b = T.cards[0];
    ctx.fillStyle = c.ink2;
    ctx.font = `italic 12px ${c.font}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText("No cards: last turn (O-LAST)", b.x, b.y + b.h / 2, T.cards[2].x + T.cards[2].w - b.x);
  }
  // Dice, then the numbers they make (or the star).
  const dice = v.dice || [0, 0];
  const star = v.star_turn;
  T.dice.forEach((b, i) => {
    roundRect(ctx, b.x, b.y, b.w, b.h, 7);
    ctx.fillStyle = palette.ink.die;
    ctx.fill();
    ctx.strokeStyle = star ? palette.ink.star : "#555555";
    ctx.lineWidth = star ? 2.5 : 1.2;
    ctx.stroke();
    ctx.fillStyle = palette.ink.die_ink;
    ctx.font = `bold ${Math.round(b.h * 0.55)}px ${c.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(v.over ? "–" : String(dice[i]), b.x + b.w / 2, b.y + b.h / 2 + 1);
  });
  const chips = numberChips(v, choicesOf(api));
  const placedMarks = ui.placed.map((p) => p.mark);
  const activeMark = lit(api).mark;
  T.numbers.forEach((b, i) => {
    const mark = chips[i];
    if (mark === undefined) return;
    const placed = placedMarks.includes(mark);
    const picked = plays(api) && !placed && (ui.pick === mark || (ui.placed.length && activeMark === mark));
    roundRect(ctx, b.x, b.y, b.w, b.h, 8);
    ctx.fillStyle = picked ? c.accent : placed ? c.panel2 : c.panel;
    ctx.fill();
    ctx.strokeStyle = picked ? c.accent : c.border;
    ctx.lineWidth = picked ? 2 : 1;
    ctx.stroke();
    ctx.fillStyle = picked ? (c.dark ? "#0b1e33" : "#ffffff") : placed ? c.ink2 : c.ink;
    ctx.font = `bold ${Math.round(b.h * 0.5)}px ${c.font}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (mark === "star") {
      starPath(ctx, b.x + b.w / 2, b.y + b.h / 2, b.h * 0.3);
      ctx.fillStyle = picked ? ctx.fillStyle : palette.ink.star;
      ctx.fill();
    } else ctx.fillText(markText(mark), b.x + b.w / 2, b.y + b.h / 2 + 1);
    if (placed) {
      const where = ui.placed.find((p) => p.mark === mark).space;
      badge(ctx, c, b.x + b.w / 2, b.y + b.h, `✓ ${where}`, c.good, c.bg, LABEL);
    } else if (plays(api) && chips.length > 1) badge(ctx, c, b.x + 7, b.y + 5, String(i + 1), c.ink2, c.bg, LABEL);
  });
  // Counts.
  const K = T.counts || { w: 0 };
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillStyle = c.ink1;
  ctx.font = `12px ${c.font}`;
  const counts = `Deck ${v.deck} · Discards ${v.discard}${v.reshuffled ? " · reshuffled (O-FLIP)" : ""}`;
  if (K.row) ctx.fillText(counts, K.x, K.y + K.h / 2, K.w);
  else if (K.w > 40) {
    const lines = wrapMeasured(ctx, counts, K.w);
    lines.slice(0, 2).forEach((l, i) => ctx.fillText(l, K.x, K.y + K.h / 2 + (i - (lines.length > 1 ? 0.5 : 0)) * 15,
      K.w));
  }
  // Words.
  const Wd = T.words;
  ctx.font = `${star || v.last_turn ? "bold " : ""}13px ${c.font}`;
  ctx.fillStyle = star ? (c.dark ? "#ffd27a" : "#8a5a00") : c.ink;
  Wd.lines.forEach((line, i) => ctx.fillText(line, Wd.x, Wd.y + 8 + i * 17, Wd.w));
  // Buttons.
  for (const b of T.buttons) {
    buttonFace(ctx, b, 5, c);
    ctx.fillText(b.label, b.x + b.w / 2, b.y + b.h / 2 + 0.5, b.w - 8);
  }
}

/** A button's face, lit when `on`, with its label's colour, font and alignment set: the caller
 *  writes the label. */
function buttonFace(ctx, b, radius, c) {
  roundRect(ctx, b.x, b.y, b.w, b.h, radius);
  ctx.fillStyle = b.on ? c.accent : c.panel2;
  ctx.fill();
  ctx.strokeStyle = b.on ? c.accent : c.border;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = b.on ? (c.dark ? "#0b1e33" : "#ffffff") : b.disabled ? c.ink2 : c.ink;
  ctx.font = `${b.on ? "bold " : ""}12px ${c.font}`;
  ctx.textAlign = "center";
}

/** The tabs of an enlarged map: the one shown lit like an active button; how many spaces are lit in each. */
function drawPans(ctx, pans, litNow, c) {
  for (const b of pans || []) {
    buttonFace(ctx, b, 6, c);
    ctx.textBaseline = "middle";
    const lit = [...((litNow && litNow.spaces) || [])].filter((id) => b.spaces.includes(id)).length;
    const text = lit ? `${b.label} · ${lit} lit` : b.label;
    ctx.fillText(ctx.measureText(text).width <= b.w - 6 ? text : b.label, b.x + b.w / 2, b.y + b.h / 2 + 0.5);
  }
  ctx.textAlign = "left";
}

function tourOf(score) {
  return score ? score.tour : [];
}

/** Paint the game's part of the board: the turn, the large map, the small maps, the table. */
export function drawBoard(ctx, geo, api, c) {
  const v = api.view();
  const palette = api.config.palette;
  const atlas = atlasOf(api);
  const ui = draft(api);
  const mc = mapColours(c, palette);
  const decoded = maps(api);
  const marks = api.marks();
  const scores = (v.players || []).map((_, s) => scoreAt(v, s));
  const fresh = decoded.map((cells) => Object.keys(cells).filter((id) => cells[id] && cells[id].fresh));
  const winners = new Set(v.winners || []);
  drawTurn(ctx, geo, api, c);

  // The large map.
  const B = geo.big;
  const big = B.seat;
  const me = scores[big];
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillStyle = c.ink;
  ctx.font = `bold 13px ${c.font}`;
  const solo = (v.players || []).length === 1;
  const head = `${seatName(v, big)}${winners.has(big) && !solo ? " · wins" : ""}`;
  ctx.fillText(head, B.label.x, B.label.y + 9, B.label.w);
  const hw = Math.min(B.label.w, ctx.measureText(head).width + 10);
  ctx.font = `12px ${c.font}`;
  ctx.fillStyle = c.ink1;
  const record = (api.model.get("highscores") || {}).best;
  const personal = record !== null && record !== undefined && !v.over ? ` · your record ${record}` : "";
  const room = B.label.w - hw;
  const best = !me ? "" : [`best tour ${scoreText(me)}${personal}`, `best tour ${me.total}${personal}`,
    `best tour ${me.total}`, `best ${me.total}`].find((t) => ctx.measureText(t).width <= room) || "";
  ctx.fillText(best, B.label.x + hw, B.label.y + 9);
  const pending = {};
  for (const p of ui.placed) {
    const circle = new Set(circleSpaces(v));
    pending[p.space] = { mark: p.mark, circled: p.mark !== "X" && circle.has(p.space) };
  }
  const tours = [];
  const showBest = ui.showBest || v.over;
  if (showBest && me) tours.push({ spaces: tourOf(me), colour: palette.ink.best, width: 0.22, alpha: 0.7 });
  const drawn = api.model.get("drawn") || {};
  const mine = ui.mode === "tour" || ui.tour.length ? ui.tour : drawn.seat === big ? drawn.spaces || [] : [];
  if (mine.length) tours.push({ spaces: mine, colour: palette.ink.drawn, width: 0.14, alpha: 0.9, dash: !drawn.ok });
  const dots = mine.map((id, i) => ({ id, n: i + 1, colour: palette.ink.drawn }));
  const litNow = lit(api);
  const advice = spaceAdvice(api, B.geo.tile);
  const ring = advice.best && !ui.placed.length ? advice.best.marks.map(([, space]) => space) : [];
  const tags = []; // the figures the map has room for (drawMap leaves out those that would cover another)
  drawPans(ctx, B.pans, litNow, c);
  const win = B.geo.window;
  ctx.save();
  if (B.zoomed) { // the enlarged map: only its window shows
    ctx.beginPath();
    ctx.rect(win.x - 3, win.y - 3, win.w + 6, win.h + 6);
    ctx.clip();
  }
  drawMap(ctx, c, B.geo, atlas, decoded[big] || {}, {
    api, mc, ink: palette.ink, tours, pending,
    fresh: v.over ? [] : fresh[big] || [], lit: litNow, circle: new Set(circleSpaces(v)), tourDots: dots,
    focus: ui.focusId, frame: winners.has(big) ? c.win : null, frameWidth: winners.has(big) ? 3 : 1,
    figures: advice.figures, kind: advice.kind, bestRing: advice.figures.length ? ring : [], drawn: tags,
    window: B.zoomed ? win : null,
  });
  ctx.restore();
  if (B.zoomed) { // the window's edges, where the map goes on
    ctx.strokeStyle = c.border;
    ctx.lineWidth = 1;
    ctx.strokeRect(win.x + 0.5, win.y + 0.5, win.w - 1, win.h - 1);
  }
  ui.adviceDrawn = tags.map((f) => ({ ...f,
    text: figureText(advice.kind, f.figure[0], f.figure[1], f.figure[2], true) }));
  if (geo.tourLine.lines) {
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = drawn.ok === false ? c.error : c.ink;
    ctx.textAlign = "left";
    geo.tourLine.lines.forEach((l, i) => ctx.fillText(l, geo.tourLine.x, geo.tourLine.y + 8 + i * 16, geo.tourLine.w));
  }

  // The small maps: each seat's name, its running best score, whether it has written.
  for (const S of geo.smalls) {
    const s = S.seat;
    const score = scores[s];
    const won = winners.has(s);
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.font = `${won || s === v.turn ? "bold " : ""}12px ${c.font}`;
    ctx.fillStyle = won ? c.good : c.ink;
    const done = !v.over && (v.written || [])[s] ? " ✓" : "";
    const text = `${s === v.turn && !v.over ? "▶ " : ""}Seat ${s} · ${(v.players || [])[s]} · ${score ? score.total : 0}` +
      `${won ? " · wins" : ""}${done}`;
    ctx.fillText(text, S.label.x, S.label.y + 9, S.label.w);
    const t = [];
    if (v.over && score) t.push({ spaces: tourOf(score), colour: palette.ink.best, width: 0.3, alpha: 0.75 });
    drawMap(ctx, c, S.geo, atlas, decoded[s] || {}, {
      api, mc, ink: palette.ink, tours: t, fresh: v.over ? [] : fresh[s] || [],
      frame: won ? c.win : null, frameWidth: won ? 2.5 : 1,
    });
  }

  // The solo high-score table.
  if (geo.table) {
    const table = api.model.get("highscores") || {};
    const Tb = geo.table;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillStyle = c.ink;
    ctx.font = `bold 13px ${c.font}`;
    const head = table.note ? "Solo high scores · this game is not entered"
      : table.rank === 1 && table.games > 1 ? "Solo high scores · a new personal best!"
        : table.rank ? `Solo high scores · this game is #${table.rank} of ${table.games}` : "Solo high scores";
    const short = table.note ? "Not entered in your table" : table.rank === 1 && table.games > 1
      ? "A new personal best!" : table.rank ? `High scores · #${table.rank} of ${table.games}` : "High scores";
    ctx.fillText(ctx.measureText(head).width <= Tb.w ? head : short, Tb.x, Tb.y + 8, Tb.w);
    (table.rows || []).forEach((row, i) => {
      ctx.font = `${row.this ? "bold " : ""}12px ${c.font}`;
      ctx.fillStyle = row.this ? c.accent : c.ink1;
      // The whole row where it fits; on a phone the time of day goes first, then the date.
      const score = `${i + 1}. ${row.total} (${row.spaces} + ${row.circles})  seed ${row.seed}`;
      const mark = row.this ? "  ← this game" : "";
      const day = String(row.date || "").split(" ")[0];
      const forms = [`${score}  ${row.date}${mark}`, `${score}  ${day}${mark}`, `${score}${mark}`];
      const text = forms.find((f) => ctx.measureText(f).width <= Tb.w - 8) || forms[forms.length - 1];
      ctx.fillText(text, Tb.x + 8, Tb.y + 26 + i * 17, Tb.w - 8);
    });
    if (!(table.rows || []).length) {
      ctx.font = `12px ${c.font}`;
      ctx.fillStyle = c.ink1;
      ctx.fillText("No game entered yet.", Tb.x + 8, Tb.y + 26, Tb.w - 8);
    }
    let line = Math.max(1, (table.rows || []).length);
    if (table.problem) {
      ctx.fillStyle = c.warn;
      ctx.font = `12px ${c.font}`;
      ctx.fillText(table.problem, Tb.x + 8, Tb.y + 26 + line * 17, Tb.w);
      line += 1;
    }
    ctx.fillStyle = c.ink;
    ctx.font = `12px ${c.font}`;
    for (const text of noteLines(table.note, Tb.w)) ctx.fillText(text, Tb.x + 8, Tb.y + 26 + line++ * 17, Tb.w - 8);
  }
}
