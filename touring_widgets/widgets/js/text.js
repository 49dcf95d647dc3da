// Text: how wide it is and how it wraps, estimated (layouts, without a canvas) or measured (drawing).

/** Roughly how wide `text` is at `size` px in a UI font: layouts reserve room without a canvas. */
export function textWidth(text, size) {
  return String(text || "").length * size * 0.56;
}

/** Lines of `text` at `size` px that fit `width`, cut to `max` lines (the last one ends in "…"). */
export function wrapText(text, size, width, max = 99) {
  const words = String(text || "").split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1]} …`;
    return kept;
  }
  return lines;
}

// Measured lines, kept by font, width and text: the same texts are drawn at every redraw.
const wrapCache = new Map();
function remember(key, value) {
  if (wrapCache.size > 500) wrapCache.clear();
  wrapCache.set(key, value);
  return value;
}

/** The first line of `text` within `width` and whether more follows: measures no further. */
export function firstLine(ctx, text, width) {
  const key = `1|${ctx.font}|${width}|${text}`;
  const known = wrapCache.get(key);
  if (known) return known;
  const words = String(text).split(" ");
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const next = line ? `${line} ${words[i]}` : words[i];
    if (line && ctx.measureText(next).width > width) return remember(key, [line, true]);
    line = next;
  }
  return remember(key, [line, false]);
}

/** Lines of `text` in the context's current font that fit `width` (measured, cached). */
export function wrapMeasured(ctx, text, width) {
  const key = `${ctx.font}|${width}|${text}`;
  const known = wrapCache.get(key);
  if (known) return known;
  const lines = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return remember(key, lines);
}
