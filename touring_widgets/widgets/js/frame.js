// The rows above the game: the fork's caption, the header (the game's title and whose move it
// is), the teacher's-view label and the banner at the end. The game's words come in `s.words`
// (its GAME.words), its title in `s.gameTitle`, its own status in `s.status`.

import { roundRect } from "./canvas.js";
import { boardWidth, padOf } from "./geometry.js";
import { textWidth, wrapText } from "./text.js";

/** The header's status: whose move it is, what is going on, or the end. */
export function statusText(s) {
  const v = s.view || {};
  const words = s.words || {};
  const players = v.players || [];
  const who = (seat) => `Seat ${seat} (${players[seat] || "?"})`;
  if (s.gone) return "This board's game is gone";
  if (v.over) return "Game over";
  if (s.running === "end") return "Play to end: every seat plays by its policy…";
  if (s.running) return `${who(v.turn)} is playing…`;
  if ((s.choices || []).length) {
    // "Your move" only to a player in a human seat; a bot's seat may be played for, as the teacher may
    const yours = v.seat !== null && v.seat !== undefined && players[v.seat] === "human";
    const then = (text) => (text ? `: ${text}` : "");
    return yours ? `Your move, seat ${v.seat}${then(words.choose)}` : `${who(v.turn)} to move${then(words.chooseFor)}`;
  }
  return `${who(v.turn)} to move`;
}

/** A solo game's final score, else null. A view may carry `scores`, one per seat: a number,
 *  [total, …] or {total, …}. */
export function soloTotal(view) {
  if (!view || (view.players || []).length !== 1) return null;
  const score = (view.scores || [])[0];
  const total = typeof score === "number" ? score : Array.isArray(score) ? score[0] : score && score.total;
  return typeof total === "number" ? total : null;
}

/** The win banner's text: the winning seats, never who played them. A solo game has nobody to beat:
 *  its banner gives the final score, and against the high-score table (`table`: rank, games, rows,
 *  best, note): a new best, the best to beat, or why the game was not entered. */
export function bannerText(view, table = {}) {
  const total = soloTotal(view);
  if (total !== null) {
    const points = `Game over: ${total} point${total === 1 ? "" : "s"}`;
    const t = table || {};
    if (t.note) return `${points} · not entered in your table`;
    const next = (t.rows || [])[1];
    if (t.rank === 1 && t.games > 1 && next) {
      return next.total < total ? `${points}, a new best` : `${points}, as good as your best`;
    }
    return typeof t.best === "number" && t.best > total ? `${points} · your best is ${t.best}` : points;
  }
  const won = (view && view.winners) || [];
  if (!won.length) return "Game over: no winner";
  if (won.length === 1) return `Seat ${won[0]} wins!`;
  return `Seats ${won.slice(0, -1).join(", ")} and ${won[won.length - 1]} win!`; // as core/text.py's winners_text
}

/** The rows above the game: fork caption, header (one or two lines), teacher label, win banner. */
export function frameLayout(view, width, s) {
  const W = boardWidth(width);
  const pad = padOf(W);
  let y = pad;
  const out = { width: W, pad, boxes: [] };
  if (s.title) {
    const lines = wrapText(s.title, 12, W - 2 * pad, 2);
    out.caption = { x: pad, y, w: W - 2 * pad, h: lines.length * 15 + 4, lines };
    y += out.caption.h + 4;
  }
  const title = s.gameTitle || "";
  const status = s.status || statusText(s);
  const titleW = textWidth(title, 15) + 14;
  const twoLines = titleW + textWidth(status, 14) > W - 2 * pad;
  out.header = { x: pad, y, w: W - 2 * pad, h: twoLines ? 42 : 22, title, status, twoLines, titleW };
  y += out.header.h + 6;
  if (view.seat === null || view.seat === undefined) {
    out.teacher = { x: pad, y, w: Math.min(W - 2 * pad, 330), h: 20 };
    y += 26;
  }
  if (view.over) {
    const text = bannerText(view, s.highscores);
    // Lines of their own on a phone rather than one squeezed (bold runs wider than the estimate).
    const size = W < 320 ? 15 : 18;
    const lines = wrapText(text, size * 1.1, W - 2 * pad - 16, 3);
    out.banner = { x: pad, y, w: W - 2 * pad, h: 16 + lines.length * (size + 6), text, lines, size };
    y += out.banner.h + 8;
  }
  out.top = y;
  return out;
}

/** Draw the rows laid out by `frameLayout`; `teacher` is the label of the teacher's view. */
export function drawFrame(ctx, top, s, c, teacher) {
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  if (top.caption) {
    ctx.fillStyle = c.ink2;
    ctx.font = `italic 12px ${c.font}`;
    top.caption.lines.forEach((line, i) => ctx.fillText(line, top.caption.x, top.caption.y + 8 + i * 15,
      top.caption.w));
  }
  const H = top.header;
  ctx.fillStyle = c.ink;
  ctx.font = `bold 15px ${c.font}`;
  ctx.fillText(H.title, H.x, H.y + 11, H.w);
  ctx.font = `14px ${c.font}`;
  ctx.fillStyle = s.gone ? c.error : c.ink;
  if (H.twoLines) ctx.fillText(H.status, H.x, H.y + 32, H.w);
  else ctx.fillText(H.status, H.x + H.titleW, H.y + 11, H.w - H.titleW);
  if (top.teacher) {
    ctx.font = `bold 12px ${c.font}`;
    const w = Math.min(top.teacher.w, ctx.measureText(teacher).width + 12);
    roundRect(ctx, top.teacher.x, top.teacher.y, w, top.teacher.h, 9);
    ctx.fillStyle = c.teacher;
    ctx.fill();
    ctx.fillStyle = c.teacher_ink;
    ctx.fillText(teacher, top.teacher.x + 6, top.teacher.y + top.teacher.h / 2 + 0.5, w - 12);
  }
  if (top.banner) {
    const B = top.banner;
    const won = (s.view.winners || []).length;
    roundRect(ctx, B.x, B.y, B.w, B.h, 8);
    ctx.fillStyle = won ? c.win : c.over;
    ctx.fill();
    ctx.fillStyle = c.win_ink;
    const size = B.size || 18;
    ctx.font = `bold ${size}px ${c.font}`;
    ctx.textAlign = "center";
    const lines = B.lines || [B.text];
    lines.forEach((line, i) => ctx.fillText(line, B.x + B.w / 2,
      B.y + B.h / 2 + 1 + (i - (lines.length - 1) / 2) * (size + 6), B.w - 16));
    ctx.textAlign = "left";
  }
}
