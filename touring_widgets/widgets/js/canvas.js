// Drawing on a canvas: rounded boxes, badges, rings, and a canvas sized for the screen (HiDPI).

/** A rounded rectangle's path (filled or stroked by the caller). */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** A short bold text on a rounded pill centred on (x, y). */
export function badge(ctx, theme, x, y, text, fill, ink, size = 11) {
  ctx.save();
  ctx.font = `bold ${size}px ${theme.font}`;
  const w = ctx.measureText(text).width + 8;
  roundRect(ctx, x - w / 2, y - size * 0.75, w, size * 1.5, size * 0.6);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
  ctx.restore();
}

/** A ring around a box (`inset` < 0 draws it outside the box). */
export function glow(ctx, box, colour, width = 3, inset = -4) {
  ctx.save();
  roundRect(ctx, box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset, 6);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}

/** The screen's pixels per CSS pixel. */
export function pixelRatio() {
  return (typeof window !== "undefined" && window.devicePixelRatio) || 1;
}

/** Size `canvas` to `W` x `H` CSS pixels at the screen's resolution and scale `ctx` to CSS pixels.
 *  Each size is written only when it changes: resizing reallocates the canvas, and a style written
 *  makes the next width read lay out the page. */
export function fitCanvas(canvas, ctx, W, H, dpr = pixelRatio()) {
  const pw = Math.round(W * dpr);
  const ph = Math.round(H * dpr);
  if (canvas.width !== pw || canvas.height !== ph) {
    canvas.width = pw;
    canvas.height = ph;
  }
  const cssHeight = `${H}px`;
  const cssWidth = `${W}px`;
  if (canvas.style.height !== cssHeight) canvas.style.height = cssHeight;
  if (canvas.style.width !== cssWidth) canvas.style.width = cssWidth;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  showWhole(canvas);
}

/** Let the output box the board sits in grow to the board's height. marimo caps an interactive
 *  cell's output at 610 px and scrolls inside it, hiding the board's message, log and history
 *  under an inner scrollbar; the board lifts that cap on its own box (found across the shadow
 *  root marimo renders a widget in) and no other. JupyterLab's outputs have no cap: nothing to do. */
export function showWhole(canvas) {
  if (canvas.twWhole && canvas.twWhole.isConnected) return canvas.twWhole;
  let node = canvas;
  while (node) {
    if (node.classList && node.classList.contains("output-area")) {
      node.style.maxHeight = "none";
      canvas.twWhole = node;
      return node;
    }
    node = node.parentElement || (node.getRootNode && node.getRootNode() !== node ? node.getRootNode().host : null);
  }
  return null;
}

/** Copy a canvas drawn at the screen's resolution onto the board, pixel for pixel (no resampling). */
export function copyPixels(ctx, source, x, y) {
  const dpr = pixelRatio();
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(source, Math.round(x * dpr), Math.round(y * dpr));
  ctx.restore();
}
