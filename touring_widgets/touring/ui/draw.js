// Touring's board drawn: the tables with their columns and miles, the piles, the hands, the
// places a picked card may go, the last move and the advice's figures.

import { figureText } from "../../widgets/js/advice.js";
import { badge, glow, roundRect } from "../../widgets/js/canvas.js";
import { LABEL } from "../../widgets/js/geometry.js";
import { actingSeat, isTeacher, seatName } from "../../widgets/js/seats.js";
import { wrapMeasured } from "../../widgets/js/text.js";
import { adviceFigures, figureLabel } from "./advice.js";
import { COLUMNS, PILES, cardBadgeColours, drawBack, drawCard, drawSlot } from "./cards.js";
import { destinationBox, lastMoveBox } from "./layout.js";
import { catalog, currentDests, drawnIndex, handKeys } from "./play.js";

/** Paint the game's part of the board: tables, piles, hands, lit places and the advice. */
export function drawBoard(ctx, geo, api, c) {
  const v = api.view();
  const cs = catalog(api);
  const palette = api.config.palette;
  const ui = api.ui;
  const choices = api.choices();
  const marks = api.marks();
  const teacher = isTeacher(v);
  const dests = currentDests(api);
  const destRows = new Set(dests.map((d) => d.target));
  const destCols = new Set(dests.map((d) => d.column));
  const onCard = cardBadgeColours(c);

  (v.tables || []).forEach((table, t) => {
    const R = geo.rows[t];
    if (!R) return;
    const mine = !teacher && table.seats.includes(v.seat);
    const toMove = table.seats.includes(v.turn) && !v.over;
    roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
    ctx.fillStyle = mine ? c.panel2 : c.panel;
    ctx.fill();
    ctx.strokeStyle = toMove ? c.accent : c.border2;
    ctx.lineWidth = toMove ? 2 : 1;
    ctx.stroke();
    if (destRows.has(R.row.id)) {
      roundRect(ctx, R.row.x, R.row.y, R.row.w, R.row.h, 6);
      ctx.fillStyle = c.lit_fill;
      ctx.fill();
      glow(ctx, R.row, c.accent, 2, 1);
    }
    // Label: seats, policies, hands.
    const L = R.label;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    let ly = L.y + 2;
    for (const s of table.seats) {
      const turn = s === v.turn && !v.over;
      ctx.fillStyle = c.ink;
      ctx.font = `${turn ? "bold " : ""}13px ${c.font}`;
      const name = `${turn ? "▶ " : ""}${seatName(v, s)}`;
      const hand = (v.hands || [])[s];
      if (geo.wide) {
        if (ctx.measureText(name).width > L.w) ctx.font = `${turn ? "bold " : ""}11px ${c.font}`;
        ctx.fillText(name, L.x, ly, L.w);
        ly += 17;
        if (hand) {
          for (let i = 0; i < Math.min(hand.size, 7); i++) drawBack(ctx, { x: L.x + i * 6, y: ly, w: 9, h: 13 }, palette);
          ctx.fillStyle = c.ink1;
          ctx.font = `12px ${c.font}`;
          ctx.fillText(`${hand.size} in hand`, L.x + Math.min(hand.size, 7) * 6 + 10, ly, L.w - 60);
          ly += 19;
        }
      } else {
        const handText = hand ? `${hand.size} in hand` : "";
        const hw = ctx.measureText(handText).width;
        ctx.fillText(name, L.x, ly, L.w - hw - 8);
        ctx.fillStyle = c.ink1;
        ctx.font = `12px ${c.font}`;
        ctx.textAlign = "right";
        ctx.fillText(handText, L.x + L.w, ly + 1);
        ctx.textAlign = "left";
        ly += 18;
      }
    }
    // Go and Freeway columns: only the top card matters; the mileage piles with their counts.
    for (const col of ["go", "freeway"]) {
      const stack = table[col] || [];
      const box = R.cols[col];
      if (stack.length) drawCard(ctx, c, box, stack[stack.length - 1], cs, palette);
      else drawSlot(ctx, c, box, col === "go" ? "Go" : "Freeway");
      if (stack.length > 1) {
        badge(ctx, c, box.x + box.w - 7, box.y + 7, `${stack.length}`, onCard.fill, onCard.ink, LABEL);
      }
    }
    for (const pile of PILES) {
      const n = table[pile] || 0;
      const cap = (v.caps || {})[pile] || 0;
      const box = R.cols[pile];
      if (n) drawCard(ctx, c, box, pile, cs, palette);
      else drawSlot(ctx, c, box, pile.slice(1));
      const full = n >= cap && cap;
      badge(ctx, c, box.x + box.w / 2, box.y + box.h + 1, `${n}/${cap}`, full ? c.good : c.panel2,
        full ? c.bg : c.ink, LABEL);
    }
    for (const col of COLUMNS) {
      if (destCols.has(R.cols[col].id)) glow(ctx, R.cols[col], c.accent, 3, -3);
    }
    // Miles against the goal, and the state in words.
    const P = R.prog;
    const frac = Math.max(0, Math.min(1, table.miles / (v.goal || 1)));
    const bar = (x, y, w) => {
      roundRect(ctx, x, y, w, 8, 4);
      ctx.fillStyle = c.panel2;
      ctx.fill();
      ctx.strokeStyle = c.border;
      ctx.lineWidth = 1;
      ctx.stroke();
      if (frac > 0) {
        roundRect(ctx, x, y, Math.max(8, w * frac), 8, 4);
        ctx.fillStyle = frac >= 1 ? c.good : palette.progress;
        ctx.fill();
      }
    };
    const stopped = table.status && table.status.startsWith("stopped");
    const statusColour = table.moving ? c.good : stopped ? c.error : c.ink1;
    const freeway = table.freeway_active === false && table.freeway_status && table.freeway_status !== "none"
      ? `freeway ${table.freeway_status}` : "";
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    if (geo.wide) {
      ctx.fillStyle = c.ink;
      ctx.font = `bold 14px ${c.font}`;
      ctx.fillText(`${table.miles} / ${v.goal} mi`, P.x, P.y + 2, P.w);
      bar(P.x, P.y + 24, P.w);
      ctx.font = `13px ${c.font}`;
      ctx.fillStyle = statusColour;
      const words = wrapMeasured(ctx, table.status || "", P.w).slice(0, 2);
      words.forEach((w, i) => ctx.fillText(w, P.x, P.y + 40 + i * 16, P.w));
      if (freeway) {
        ctx.fillStyle = c.ink2;
        ctx.font = `12px ${c.font}`;
        ctx.fillText(freeway, P.x, P.y + 40 + words.length * 16, P.w);
      }
    } else {
      const miles = `${table.miles} / ${v.goal} mi`;
      ctx.font = `bold 13px ${c.font}`;
      ctx.fillStyle = c.ink;
      ctx.fillText(miles, L.x, ly, L.w);
      const mw = ctx.measureText(miles).width + 10;
      ctx.font = `12px ${c.font}`;
      ctx.fillStyle = statusColour;
      ctx.fillText([table.status, freeway].filter(Boolean).join(" · "), L.x + mw, ly + 1, L.w - mw);
      bar(P.x, P.y, P.w);
    }
  });

  // Piles: draw and discard, and the cards face up on the discard pile (all of them).
  const PL = geo.pileLabel;
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  ctx.fillStyle = c.ink1;
  ctx.font = `13px ${c.font}`;
  ctx.fillText(`Draw pile: ${v.draw}`, PL.x, PL.y + 4, PL.w);
  ctx.fillText(`Discards: ${v.discard}`, PL.x, PL.y + 22, PL.w);
  if (v.draw) drawBack(ctx, geo.draw, palette);
  else drawSlot(ctx, c, geo.draw, "empty");
  badge(ctx, c, geo.draw.x + geo.draw.w / 2, geo.draw.y + geo.draw.h + 1, `${v.draw}`, c.panel2, c.ink, LABEL);
  if (v.discard_top) drawCard(ctx, c, geo.discard, v.discard_top, cs, palette);
  else if (v.discard) drawBack(ctx, geo.discard, palette, { dim: true });
  else drawSlot(ctx, c, geo.discard, "Discard");
  badge(ctx, c, geo.discard.x + geo.discard.w / 2, geo.discard.y + geo.discard.h + 1, `${v.discard}`, c.panel2,
    c.ink, LABEL);
  const F = geo.faceUp;
  if (F.lines.length) {
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = c.ink2;
    F.lines.forEach((line, i) => ctx.fillText(line, F.x, F.y + 2 + i * 15, F.w));
  }
  if (destRows.has("discard")) glow(ctx, geo.discard, c.accent, 3, -4);
  const chosenBox = destinationBox(geo, dests.find((d) => d.action === ui.dest));
  if (chosenBox) {
    glow(ctx, chosenBox, c.ink, 4, -7);
    badge(ctx, c, chosenBox.x + chosenBox.w / 2, chosenBox.y - 10, "Enter", c.ink, c.bg, LABEL);
  }
  const lastBox = lastMoveBox(geo, marks.last);
  if (lastBox) glow(ctx, lastBox, c.warn, 2, -6);
  // The advice: on each lit place the figure of its move, the best move's in green.
  const advice = adviceFigures(api.advice(), choices);
  const drawn = [];
  const figure = (box, action, y, id) => {
    const f = advice.byAction[action];
    if (!f || !box) return;
    const best = action === advice.best;
    const size = LABEL;
    ctx.font = `bold ${size}px ${c.font}`;
    const label = figureLabel({ figureText }, advice.kind, f, best, box.w + 4, (t) => ctx.measureText(t).width + 8);
    badge(ctx, c, box.x + box.w / 2, y, label, best ? c.win : c.ink, best ? c.win_ink : c.bg, size);
    drawn.push({ id, action, text: label, best }); // as drawn: "★ 72%" for the best
  };
  for (const d of dests) {
    const box = destinationBox(geo, d);
    if (box) figure(box, d.action, box.y + box.h / 2, box.id);
  }

  // Hands, face up where this view may see them; cards that cannot be played are marked.
  const sel = ui.selected;
  const unplayable = marks.cards || {};
  for (const H of geo.hands) {
    const s = H.seat;
    const canPlay = choices.length && s === actingSeat(v);
    ctx.fillStyle = c.ink;
    ctx.font = `bold 13px ${c.font}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    const title = teacher ? `Seat ${s}'s hand` : "Your hand";
    ctx.fillText(title, H.label.x, H.label.y + 2, H.label.w);
    ctx.font = `12px ${c.font}`;
    ctx.fillStyle = c.ink2;
    const help = canPlay ? `keys ${handKeys(v)}, ↑↓, Enter, D` : "";
    if (geo.wide) ctx.fillText(help, H.label.x, H.label.y + 20, H.label.w);
    else {
      const tw = ctx.measureText(`${title}  `).width + 10;
      ctx.fillText(help, H.label.x + tw, H.label.y + 3, H.label.w - tw);
    }
    for (const b of H.cards) {
      const lifted = sel && sel.seat === s && sel.index === b.index;
      const box = lifted ? { ...b, y: b.y - 8 } : b;
      const blocked = canPlay && unplayable[b.card];
      drawCard(ctx, c, box, b.card, cs, palette, { dim: (!canPlay && !v.over && !teacher) || blocked });
      if (lifted) glow(ctx, box, c.accent, 3, -3);
      if (canPlay) badge(ctx, c, box.x + 9, box.y + 9, `${b.index + 1}`, onCard.fill, onCard.ink, LABEL);
      if (blocked) badge(ctx, c, box.x + box.w - 11, box.y + 9, "✕", c.error, c.bg, LABEL);
      else if (s === v.turn && b.index === drawnIndex(v, s)) {
        badge(ctx, c, box.x + box.w - 14, box.y + 9, "new", c.new, c.new_ink, LABEL);
      }
      // Under the card: the figure of its best move; the best card of the hand ringed in green.
      const mine = canPlay && advice.byCard[b.card];
      if (mine) {
        if (mine.action === advice.best && !lifted) glow(ctx, box, c.win, 2, -2);
        figure(box, mine.action, box.y + box.h + 4, b.id);
      }
    }
  }
  ui.adviceDrawn = drawn;
}
