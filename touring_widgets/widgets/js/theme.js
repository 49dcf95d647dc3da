// Colours: the page's theme (JupyterLab's CSS variables, light or dark) and mixing two colours.

function isDark() {
  const light = document.body && document.body.dataset.jpThemeLight;
  if (light !== undefined) return light === "false";
  const root = document.documentElement;
  if (root.classList.contains("dark") || (document.body && document.body.classList.contains("dark"))) return true;
  if (root.dataset.theme === "dark" || (document.body && document.body.dataset.theme === "dark")) return true;
  return false;
}

/** Colours from JupyterLab's CSS variables, with fallbacks for pages without them (marimo), and
 *  the fixed `colours` Python sends (things drawn on paper-white cards look the same in every theme). */
export function themeColours(el, colours = {}) {
  const css = getComputedStyle(el);
  const dark = isDark();
  const v = (name, light, darkValue) => css.getPropertyValue(name).trim() || (dark ? darkValue : light);
  return {
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
    ...colours,
  };
}

/** The theme's elements whose changes may change the colours (watched by the board). */
export const THEME_ATTRIBUTES = ["data-jp-theme-light", "data-jp-theme-name", "class", "data-theme"];

/** Mix two colours "#rrggbb": t = 0 gives a, t = 1 gives b. */
export function mix(a, b, t) {
  const p = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}
