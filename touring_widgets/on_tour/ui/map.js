// On Tour's maps drawn: the part that never changes (areas, region names, routes) once per size
// and theme, then tours, tiles, marks, lit spaces and the advice's figures at each redraw.

import { figureText } from "../../widgets/js/advice.js";
import { badge, copyPixels, glow, pixelRatio, roundRect } from "../../widgets/js/canvas.js";
import { LABEL, TARGET, clamp } from "../../widgets/js/geometry.js";
import { mix } from "../../widgets/js/theme.js";
import { placeFigures } from "./advice.js";
import { mapGeometry, regionLabels, tileBox } from "./layout.js";
import { markText } from "./marks.js";

/** A five-pointed star's path centred on (cx, cy). */
export function starPath(ctx, cx, cy, r) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    ctx.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  ctx.closePath();
}

/** The maps' colours in this theme: areas, regions, routes (the palette toned for dark pages). */
export function mapColours(c, palette) {
  const bg = c.dark ? "#23262b" : "#f6f5ef";
  const areas = {};
  for (const [area, [paper, edge]] of Object.entries(palette.areas)) {
    areas[area] = { paper, edge, blob: c.dark ? mix(edge, bg, 0.7) : mix(paper, bg, 0.15) };
  }
  const regions = {};
  for (const [r, col] of Object.entries(palette.regions)) regions[r] = c.dark ? mix(col, "#ffffff", 0.55) : col;
  return { bg, areas, regions, route: c.dark ? "#6f747c" : "#a3a39b", edge: c.dark ? "#3a3e45" : "#d8d6cc" };
}

/** The part of a map that never changes (its panel, areas, region names, routes), drawn once per
 *  size and theme into a canvas of its own and copied onto the board at each redraw. */
function staticLayer(api, c, geo, atlas, o) {
  const dpr = pixelRatio();
  const named = geo.large && !o.window; // a window onto the map names its regions itself, in view
  const key = `${geo.w}|${geo.large}|${c.dark}|${dpr}|${o.frame || ""}|${o.frameWidth || 1}|${named}`;
  const cache = (api.ui.layers = api.ui.layers || new Map());
  let layer = cache.get(key);
  if (layer) return layer;
  if (cache.size > 24) cache.clear();
  const local = mapGeometry(atlas, 0, 0, geo.w, { large: geo.large });
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil((geo.w + 2) * dpr);
  canvas.height = Math.ceil((local.h + 2) * dpr);
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, dpr, dpr);
  paintStatic(ctx, c, local, atlas, { ...o, regionLabels: named ? regionLabels(atlas, local) : null });
  layer = { canvas, w: geo.w + 2, h: local.h + 2 };
  cache.set(key, layer);
  return layer;
}

function paintStatic(ctx, c, geo, atlas, o) {
  const mc = o.mc;
  const T = geo.tile;
  roundRect(ctx, geo.x, geo.y, geo.w, geo.h, 6);
  ctx.fillStyle = mc.bg;
  ctx.fill();
  ctx.strokeStyle = o.frame || mc.edge;
  ctx.lineWidth = o.frameWidth || 1;
  ctx.stroke();
  const byId = {};
  for (const s of atlas.spaces) byId[s.id] = s;
  // The six areas: one shape each, around their tiles and along their own routes.
  const r = T * 0.95;
  for (const area of Object.keys(mc.areas)) {
    ctx.fillStyle = mc.areas[area].blob;
    ctx.strokeStyle = mc.areas[area].blob;
    ctx.beginPath();
    for (const s of atlas.spaces) {
      if (s.area !== area) continue;
      const p = geo.pos[s.id];
      ctx.moveTo(p.x + r, p.y);
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.lineWidth = r * 1.6;
    ctx.lineCap = "round";
    ctx.beginPath();
    for (const [a, b] of atlas.routes) {
      if (byId[a].area !== area || byId[b].area !== area) continue;
      ctx.moveTo(geo.pos[a].x, geo.pos[a].y);
      ctx.lineTo(geo.pos[b].x, geo.pos[b].y);
    }
    ctx.stroke();
  }
  if (o.regionLabels) drawRegionLabels(ctx, c, mc, geo, o.regionLabels);
  // Routes.
  ctx.strokeStyle = mc.route;
  ctx.lineWidth = Math.max(0.8, T * 0.07);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (const [a, b] of atlas.routes) {
    ctx.moveTo(geo.pos[a].x, geo.pos[a].y);
    ctx.lineTo(geo.pos[b].x, geo.pos[b].y);
  }
  ctx.stroke();
}

/** A thumbnail's tiles: plain squares, filled in the area's ink once written; a few paths in all. */
function drawThumbTiles(ctx, geo, atlas, cells, o) {
  const T = geo.tile;
  const H = geo.tileH;
  const paths = {};
  const add = (key, x, y, w, h) => (paths[key] = paths[key] || []).push([x, y, w, h]);
  const xs = [];
  for (const s of atlas.spaces) {
    const p = geo.pos[s.id];
    const x = p.x - T / 2;
    const y = p.y - H / 2;
    const cell = (o.pending && o.pending[s.id]) || cells[s.id];
    add(`edge|${s.area}`, x, y, T, H);
    if (!cell || cell.mark === "X") add(`paper|${s.area}`, x + 1, y + 1, T - 2, H - 2);
    if (cell && cell.mark === "star") add("star", x + 1, y + 1, T - 2, H - 2);
    if (cell && cell.circled) add(`paper|${s.area}|ring`, x + T * 0.36, y + H * 0.36, T * 0.28, H * 0.28);
    if (cell && cell.mark === "X") xs.push([x, y]);
  }
  const order = Object.keys(paths).sort((a, b) => rankOf(a) - rankOf(b));
  for (const key of order) {
    const [kind, area] = key.split("|");
    ctx.fillStyle = kind === "star" ? o.ink.star : o.mc.areas[area][kind === "edge" ? "edge" : "paper"];
    ctx.beginPath();
    for (const [x, y, w, h] of paths[key]) ctx.rect(x, y, w, h);
    ctx.fill();
  }
  if (xs.length) {
    ctx.strokeStyle = o.ink.x;
    ctx.lineWidth = Math.max(1, T * 0.14);
    ctx.beginPath();
    for (const [x, y] of xs) {
      ctx.moveTo(x + T * 0.25, y + H * 0.25);
      ctx.lineTo(x + T * 0.75, y + H * 0.75);
      ctx.moveTo(x + T * 0.75, y + H * 0.25);
      ctx.lineTo(x + T * 0.25, y + H * 0.75);
    }
    ctx.stroke();
  }
}

function rankOf(key) {
  if (key.startsWith("edge")) return 0;
  if (key.endsWith("ring")) return 3;
  return key === "star" ? 2 : 1;
}

/** The region names on the large map's edges. In a window onto an enlarged map (`win`) the names
 *  along the top are moved into view, so that no name is cut by the window's sides; those moved
 *  least go first, and one that would run into a name already there is left out (the names down
 *  the left side stay where they are: elsewhere they would cover tiles). */
function drawRegionLabels(ctx, c, mc, geo, labels, win = null) {
  ctx.font = `bold ${Math.round(geo.strip * 0.72)}px ${c.font}`;
  ctx.textBaseline = "middle";
  ctx.textAlign = "center";
  const left = win ? Math.max(win.x, geo.x + geo.strip) : 0; // clear of the left side's names
  const placed = labels.map((l) => {
    const text = l.region.toUpperCase();
    const half = ctx.measureText(text).width / 2 + 2;
    const x = win && !l.vertical ? clamp(l.x, left + half, win.x + win.w - half) : l.x;
    return { ...l, text, half, x, moved: Math.abs(x - l.x) };
  }).sort((a, b) => a.moved - b.moved);
  const shown = [];
  for (const l of placed) {
    if (!l.vertical && shown.some((s) => !s.vertical && Math.abs(s.x - l.x) < s.half + l.half)) continue;
    shown.push(l);
    ctx.fillStyle = mc.regions[l.region] || c.ink2;
    if (l.vertical) {
      ctx.save();
      ctx.translate(l.x, l.y);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(l.text, 0, 1);
      ctx.restore();
    } else ctx.fillText(l.text, l.x, l.y + 1);
  }
}

/** One map: its static layer, then tours, tiles and marks; options say what else to draw (`window`:
 *  the part of an enlarged map in view). */
export function drawMap(ctx, c, geo, atlas, cells, o) {
  const mc = o.mc;
  const T = geo.tile;
  const H = geo.tileH;
  const layer = staticLayer(o.api, c, geo, atlas, o);
  copyPixels(ctx, layer.canvas, geo.x - 1, geo.y - 1);
  if (o.window && geo.large) drawRegionLabels(ctx, c, mc, geo, regionLabels(atlas, geo), o.window);
  // Tours: the best one and one drawn by the player, under the tiles.
  for (const tour of o.tours || []) {
    if (tour.spaces.length < 1) continue;
    ctx.save();
    ctx.strokeStyle = tour.colour;
    ctx.globalAlpha = tour.alpha || 0.8;
    ctx.lineWidth = Math.max(2, T * (tour.width || 0.2));
    ctx.lineJoin = "round";
    ctx.lineCap = "round";
    if (tour.dash) ctx.setLineDash([T * 0.3, T * 0.22]);
    ctx.beginPath();
    tour.spaces.forEach((id, i) => {
      const p = geo.pos[id];
      if (!p) return;
      if (i) ctx.lineTo(p.x, p.y);
      else ctx.moveTo(p.x, p.y);
    });
    ctx.stroke();
    ctx.restore();
  }
  // Tiles: with their words (11 px and more) where a tile is a target's size, else as thumbnails.
  const textOk = T >= TARGET;
  const fontNum = Math.max(LABEL, Math.round(T * 0.46));
  const fontLabel = T >= 30 ? Math.max(LABEL, Math.round(T * 0.27)) : 0; // the state above its number
  const fontEmpty = Math.max(LABEL, Math.round(T * 0.36));
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  for (const s of atlas.spaces) {
    const p = geo.pos[s.id];
    const x = p.x - T / 2;
    const y = p.y - H / 2;
    const colours = mc.areas[s.area];
    const cell = cells[s.id];
    const pending = o.pending && o.pending[s.id];
    const shown = pending || cell;
    if (!textOk) continue; // thumbnails: drawn below, one path a colour
    roundRect(ctx, x, y, T, H, Math.max(2, T * 0.18));
    ctx.fillStyle = colours.paper;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colours.edge;
    ctx.stroke();
    if (!shown) {
      ctx.fillStyle = colours.edge;
      ctx.font = `bold ${fontEmpty}px ${c.font}`;
      ctx.fillText(s.label, p.x, p.y + 0.5);
      continue;
    }
    if (fontLabel) {
      ctx.fillStyle = colours.edge;
      ctx.font = `${fontLabel}px ${c.font}`;
      ctx.fillText(s.label, p.x, y + H * 0.2);
    }
    const ny = fontLabel ? p.y + H * 0.14 : p.y + 0.5;
    const ink = pending ? o.ink.pending : shown.mark === "X" ? o.ink.x : shown.mark === "star" ? o.ink.star : o.ink.number;
    if (shown.mark === "star") {
      starPath(ctx, p.x, ny, T * 0.25);
      ctx.fillStyle = ink;
      ctx.fill();
    } else if (shown.mark === "X") {
      ctx.strokeStyle = ink;
      ctx.lineWidth = Math.max(1.5, T * 0.09);
      const k = T * 0.2;
      ctx.beginPath();
      ctx.moveTo(p.x - k, ny - k);
      ctx.lineTo(p.x + k, ny + k);
      ctx.moveTo(p.x + k, ny - k);
      ctx.lineTo(p.x - k, ny + k);
      ctx.stroke();
    } else {
      ctx.fillStyle = ink;
      ctx.font = `bold ${fontNum}px ${c.font}`;
      ctx.fillText(markText(shown.mark), p.x, ny + 0.5);
    }
    if (shown.circled) {
      ctx.beginPath();
      ctx.ellipse(p.x, ny, T * 0.36, H * 0.26, 0, 0, Math.PI * 2);
      ctx.strokeStyle = pending ? o.ink.pending : o.ink.circle;
      ctx.lineWidth = Math.max(1, T * 0.055);
      ctx.stroke();
    }
    if (pending) {
      ctx.save();
      ctx.setLineDash([3, 2]);
      roundRect(ctx, x - 2, y - 2, T + 4, H + 4, Math.max(3, T * 0.22));
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.restore();
    }
  }
  if (!textOk) drawThumbTiles(ctx, geo, atlas, cells, o);
  // Marks around tiles: this turn's writing, lit spaces, the focused one, spaces that would circle.
  for (const id of o.fresh || []) {
    const b = tileBox(geo, id);
    roundRect(ctx, b.x - 2, b.y - 2, b.w + 4, b.h + 4, Math.max(3, T * 0.22));
    ctx.strokeStyle = o.ink.fresh;
    ctx.lineWidth = Math.max(1.5, T * 0.07);
    ctx.stroke();
  }
  if (o.lit) {
    for (const id of o.lit.spaces) {
      const b = tileBox(geo, id);
      ctx.save();
      roundRect(ctx, b.x - 3, b.y - 3, b.w + 6, b.h + 6, Math.max(4, T * 0.25));
      ctx.strokeStyle = o.lit.x ? o.ink.x : c.accent;
      ctx.globalAlpha = o.lit.faint ? 0.55 : 1;
      ctx.lineWidth = o.lit.faint ? 1.5 : 2.5;
      if (o.lit.x) ctx.setLineDash([4, 3]);
      ctx.stroke();
      ctx.restore();
      if (!o.lit.x && o.circle && o.circle.has(id) && !cells[id]) {
        ctx.save();
        ctx.setLineDash([2, 2]);
        ctx.beginPath();
        ctx.ellipse(b.x + b.w / 2, b.y + b.h / 2, T * 0.42, H * 0.3, 0, 0, Math.PI * 2);
        ctx.strokeStyle = c.accent;
        ctx.lineWidth = 1.2;
        ctx.stroke();
        ctx.restore();
      }
    }
  }
  // The advice: the best writing ringed in green; each lit space's figures on its edges.
  for (const id of o.bestRing || []) {
    const b = tileBox(geo, id);
    if (b) glow(ctx, b, c.win, 2.5, -5);
  }
  if (o.figures && o.figures.length) {
    const size = clamp(Math.round(T * 0.44), LABEL, 12);
    const text = (f) => {
      const t = figureText(o.kind, f.figure[0], f.figure[1], f.figure[2], true);
      return f.best ? `★${t}` : f.dropped ? `(${t})` : t;
    };
    ctx.save();
    ctx.font = `bold ${size}px ${c.font}`;
    const placed = placeFigures(o.figures, (space) => tileBox(geo, space), (t) => ctx.measureText(t).width + 6,
      size + 4, text);
    ctx.restore();
    for (const f of placed) {
      figureTag(ctx, c, f.x, f.y, text(f), f.best, size, f.dropped && !f.best);
      if (o.drawn) o.drawn.push(f);
    }
  }
  for (const t of o.tourDots || []) {
    const b = tileBox(geo, t.id);
    badge(ctx, c, b.x + b.w, b.y, String(t.n), t.colour, "#ffffff", Math.max(LABEL, Math.round(T * 0.3)));
  }
  if (o.focus) {
    const b = tileBox(geo, o.focus);
    glow(ctx, b, c.ink, 2.5, -5);
  }
}

/** A figure of the advice centred on (x, y): light on the map, the best in green, one of a
 *  writing dropped early faint. */
function figureTag(ctx, c, x, y, text, best, size, faint = false) {
  ctx.save();
  ctx.font = `bold ${size}px ${c.font}`;
  const w = ctx.measureText(text).width + 6;
  const h = size + 4;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, 3);
  ctx.fillStyle = best ? c.win : c.bg;
  ctx.globalAlpha = best ? 1 : 0.92;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = best ? c.win : c.ink2;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = best ? c.win_ink : faint ? c.ink2 : c.ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 0.5);
  ctx.restore();
}
