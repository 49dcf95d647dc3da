// Layout and hit-testing helpers every board shares: the board's width and margin, boxes under a point.

/** The smallest box a finger can hit (CSS px, WCAG 2.2 target size), and the smallest text drawn. */
export const TARGET = 24;
export const LABEL = 11;

/** `x` held between `lo` and `hi`. */
export const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));

/** A board's width in whole CSS pixels for the room it has: never under 240. */
export function boardWidth(width) {
  return Math.max(240, Math.floor(width));
}

/** The margin around a board `W` px wide: narrower on a phone. */
export function padOf(W) {
  return W < 520 ? 8 : 12;
}

/** The topmost box under a point; `rank` orders overlapping kinds (higher wins). */
export function pick(boxes, x, y, rank = {}) {
  let best = null;
  for (const b of boxes) {
    if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) {
      if (!best || (rank[b.kind] || 0) > (rank[best.kind] || 0)) best = b;
    }
  }
  return best;
}

/** Where a pointer event is on a canvas, in the layout's CSS pixels (`width`: the layout's width). */
export function pointerAt(canvas, event, width) {
  const rect = canvas.getBoundingClientRect();
  const sx = width ? width / rect.width : 1;
  return { x: (event.clientX - rect.left) * sx, y: (event.clientY - rect.top) * sx };
}
