// The message line and the waiting line under the game: what the board waits for (with its
// button), what it says (a refusal with its rule, a notice), else the current move's sentence.

import { badge, glow, roundRect } from "./canvas.js";
import { textWidth, wrapText } from "./text.js";

/** The sentence of the move that made the current position: the log's newest entry. */
export function storyOf(log, position) {
  const last = log.length ? log[log.length - 1] : null;
  return last && last.n === position ? last.story || last.text || "" : "";
}

/** A message as drawn beside its rule's badge: a closing "(RULE)" is the badge's already, so every
 *  refusal reads alike, whether Python or the page said it ("... an empty space" [O-WRITE]). */
export function withoutRule(message, rule) {
  const end = ` (${rule})`;
  if (message.endsWith(end)) return message.slice(0, -end.length);
  if (message.endsWith(`${end}.`)) return `${message.slice(0, -end.length - 1)}.`;
  return message;
}

/** A message as it is read out: with its rule, where the text does not already cite it (a refusal
 *  the page makes carries its rule beside the text, and the badge is not read). */
export function withRule(message, rule) {
  if (!message || !rule || message.includes(rule)) return message;
  return message.endsWith(".") ? `${message.slice(0, -1)} (${rule}).` : `${message} (${rule})`;
}

/** Lay out the waiting line (and its button) from `y` into `out`, the whole text; returns the next
 *  free y. */
export function waitingRows(out, s, row, y) {
  const { W, pad, inner, wide } = row;
  const waiting = s.waiting || {};
  if (!waiting.text) return y;
  let x = pad;
  if (waiting.button) {
    const bw = Math.min(inner, Math.ceil(textWidth(waiting.button, 13) + 24));
    out.next = { id: "next", kind: "next", x: pad, y, w: bw, h: 26, label: waiting.button };
    row.boxes.push(out.next);
    if (!wide) y += 32;
    else x = pad + bw + 10;
  }
  const lines = wrapText(waiting.text, 13, W - pad - x);
  out.wait = { x, y: y + (wide && waiting.button ? 4 : 0), w: W - pad - x, h: lines.length * 17, lines };
  return Math.max(y + (wide && out.next ? 26 : 0), out.wait.y + out.wait.h) + 8;
}

/** Lay out the message line from `y` into `out.message`; returns the next free y. The whole text,
 *  never cut: a log row clicked (or tapped) shows its move's whole sentence here. */
export function messageRows(out, s, row, y) {
  const { pad, inner } = row;
  const story = !s.message && s.story ? s.story : "";
  const message = s.message || story;
  if (!message) {
    out.message = { x: pad, y, w: inner, h: 17, lines: [], badgeW: 0 };
    return y + 25;
  }
  const badgeW = s.rule && !story ? Math.ceil(textWidth(s.rule, 11) + 14) : 0;
  const shown = badgeW ? withoutRule(message, s.rule) : message;
  const lines = wrapText(shown, 13, inner - badgeW - (badgeW ? 6 : 0));
  out.message = { x: pad, y, w: inner, h: lines.length * 17, lines, badgeW, story: !!story };
  return y + out.message.h + 8;
}

/** Draw the waiting line and its button (`hover`: the box under the pointer). */
export function drawWaiting(ctx, F, s, c, hover) {
  if (F.next) {
    const b = F.next;
    roundRect(ctx, b.x, b.y, b.w, b.h, 6);
    ctx.fillStyle = c.accent;
    ctx.fill();
    if (hover && hover.id === b.id) glow(ctx, b, c.ink, 1.5, -2);
    ctx.fillStyle = c.dark ? "#0b1e33" : "#ffffff";
    ctx.font = `bold 13px ${c.font}`;
    ctx.textAlign = "center";
    ctx.fillText(b.label, b.x + b.w / 2, b.y + b.h / 2 + 0.5, b.w - 8);
    ctx.textAlign = "left";
  }
  if (F.wait) {
    ctx.fillStyle = s.gone ? c.error : c.ink;
    ctx.font = `${s.gone ? "bold " : ""}13px ${c.font}`;
    F.wait.lines.forEach((line, i) => ctx.fillText(line, F.wait.x, F.wait.y + 8 + i * 17, F.wait.w));
  }
}

/** Draw the message line: a refusal in bold with its rule's badge, else a notice or the story. */
export function drawMessage(ctx, M, s, c, isError) {
  if (M.badgeW) badge(ctx, c, M.x + M.badgeW / 2, M.y + 8, s.rule, isError ? c.error : c.ink2, c.bg, 11);
  ctx.font = `${isError && !M.story ? "bold " : ""}13px ${c.font}`;
  ctx.fillStyle = isError && !M.story ? c.error : M.story ? c.ink : c.ink1;
  const mx = M.x + (M.badgeW ? M.badgeW + 6 : 0);
  M.lines.forEach((line, i) => ctx.fillText(line, mx, M.y + 8 + i * 17, M.w - (mx - M.x)));
}
