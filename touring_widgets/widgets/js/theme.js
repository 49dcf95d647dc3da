// Colours: the page's theme (JupyterLab's CSS variables, light or dark) and mixing two colours.

function isDark() {
  const light = document.body && document.body.dataset.jpThemeLight;
  if (light !== undefined) return light === "false";
  const root = document.documentElement;
  if (root.classList.contains("dark") || (document.body && document.body.classList.contains("dark"))) return true;
  if (root.dataset.theme === "dark" || (document.body && document.body.dataset.theme === "dark")) return true;
  return false;
}

/** The contrast every text keeps against the backgrounds it is drawn on (WCAG AA asks 4.5:1; a
 *  little more, so that anti-aliased glyphs measured on the page still reach it). */
export const TEXT_CONTRAST = 4.6;

/** The theme's colours that text is written in, and those it is written on. */
export const TEXT_INKS = ["ink", "ink1", "ink2", "accent", "warn", "error", "good"];
export const TEXT_GROUNDS = ["bg", "panel", "panel2"];

/** Colours from JupyterLab's CSS variables, with fallbacks for pages without them (marimo), and
 *  the fixed `colours` Python sends (things drawn on paper-white cards look the same in every theme).
 *  Every colour text is written in keeps TEXT_CONTRAST against every background it is written on
 *  (JupyterLab's own grey and green, say, do not): a colour that falls short is moved towards the
 *  theme's ink until it does. */
export function themeColours(el, colours = {}) {
  const css = getComputedStyle(el);
  const dark = isDark();
  const v = (name, light, darkValue) => css.getPropertyValue(name).trim() || (dark ? darkValue : light);
  const theme = {
    dark,
    bg: v("--jp-layout-color0", "#ffffff", "#111111"),
    panel: v("--jp-layout-color1", "#ffffff", "#1b1b1b"),
    panel2: v("--jp-layout-color2", "#eeeeee", "#2a2a2a"),
    border: v("--jp-border-color1", "#bdbdbd", "#616161"),
    border2: v("--jp-border-color2", "#e0e0e0", "#424242"),
    ink: v("--jp-ui-font-color0", "#1a1a1a", "#f0f0f0"),
    ink1: v("--jp-ui-font-color1", "#424242", "#d6d6d6"),
    ink2: v("--jp-ui-font-color2", "#616161", "#a8a8a8"),
    accent: v("--jp-brand-color1", "#1976d2", "#64b5f6"),
    warn: v("--jp-warn-color0", "#e65100", "#ffa726"),
    error: v("--jp-error-color1", "#d32f2f", "#ef5350"),
    good: v("--jp-success-color1", "#388e3c", "#66bb6a"),
    font: v("--jp-ui-font-family", "system-ui, -apple-system, 'Segoe UI', sans-serif",
      "system-ui, -apple-system, 'Segoe UI', sans-serif"),
  };
  return readableTheme({ ...theme, ...colours });
}

/** `theme` with its colours as "#rrggbb" (a translucent one as seen on the page's background) and
 *  each text colour moved towards white (dark) or black (light) until it reads on every ground: the
 *  background, both panels, and both panels under `lit_fill` (a row where a picked card may go). */
export function readableTheme(theme) {
  const out = { ...theme };
  const page = solid(theme.bg, theme.dark ? "#111111" : "#ffffff") || (theme.dark ? "#111111" : "#ffffff");
  out.bg = page;
  for (const name of ["panel", "panel2", "border", "border2", ...TEXT_INKS]) {
    out[name] = solid(theme[name], page) || theme[name];
  }
  const grounds = TEXT_GROUNDS.map((name) => out[name]).filter((c) => c.startsWith("#"));
  if (theme.lit_fill) grounds.push(...["panel", "panel2"].map((name) => solid(theme.lit_fill, out[name])));
  for (const name of TEXT_INKS) {
    if (out[name].startsWith("#")) out[name] = readable(out[name], grounds, theme.dark ? "#ffffff" : "#000000");
  }
  return out;
}

const NAMED = { white: "#ffffff", black: "#000000", transparent: null };

/** A CSS colour ("#rgb", "#rrggbb", "rgb(...)", "rgba(...)", "white", "black") as "#rrggbb", a
 *  translucent one as seen over `under` ("#rrggbb"); null for a colour it cannot read. */
export function solid(colour, under = "#ffffff") {
  const text = String(colour || "").trim().toLowerCase();
  if (text in NAMED) return NAMED[text];
  let rgba = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    rgba = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1);
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(text);
  if (fn) {
    const parts = fn[1].split(/[\s,/]+/).filter(Boolean).map((p) => (p.endsWith("%") ? parseFloat(p) / 100 : +p));
    if (parts.length >= 3 && parts.every((p) => Number.isFinite(p))) rgba = [...parts.slice(0, 3), parts[3] ?? 1];
  }
  if (!rgba) return null;
  const base = rgba[3] < 1 ? rgbOf(solid(under) || "#ffffff") : [0, 0, 0];
  const a = rgba[3];
  return `#${[0, 1, 2].map((i) => Math.round(rgba[i] * a + base[i] * (1 - a)))
    .map((n) => Math.max(0, Math.min(255, n)).toString(16).padStart(2, "0")).join("")}`;
}

function rgbOf(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** WCAG's relative luminance of "#rrggbb". */
export function luminance(hex) {
  const [r, g, b] = rgbOf(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours "#rrggbb" (1 to 21). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` ("#rrggbb"), or the least mix of it towards `toward` that keeps `ratio` against every
 *  colour of `grounds`. */
export function readable(colour, grounds, toward, ratio = TEXT_CONTRAST) {
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const c = t ? mix(colour, toward, Math.min(1, t)) : colour;
    if (grounds.every((g) => contrast(c, g) >= ratio)) return c;
  }
  return toward;
}

/** The theme's elements whose changes may change the colours (watched by the board). */
export const THEME_ATTRIBUTES = ["data-jp-theme-light", "data-jp-theme-name", "class", "data-theme"];

/** Mix two colours "#rrggbb": t = 0 gives a, t = 1 gives b. */
export function mix(a, b, t) {
  const p = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}
