// The board's keys: which it leaves to the page, and the ones every board shares.

/** Keys the board leaves to the page and JupyterLab: chords (Ctrl+S, Ctrl+B…), Tab, Shift+Enter, F-keys. */
export function passesThrough(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (event.key === "Tab" || /^F\d+$/.test(event.key)) return true;
  return !!event.shiftKey && event.key === "Enter";
}

/** The shared keys in words, after the game's own in the keys' help; none on a page that may not
 *  go back, step or ask for advice (a seat at a table: each would only be refused). */
export function keysHelp(gameKeys, shared = true) {
  const words = [gameKeys, shared ? "←/→ undo and redo, space steps, A shows or hides the advice" : ""];
  const text = words.filter(Boolean).join("; ");
  return text ? `${text}.` : "";
}

/** The message a shared key sends (←/→ undo and redo, space steps), else null. */
export function sharedKeyMessage(key) {
  if (key === "ArrowLeft") return { type: "undo" };
  if (key === "ArrowRight") return { type: "redo" };
  if (key === " ") return { type: "step" };
  return null;
}

/** Listen to the canvas's keys: plain keys typed on the board are the board's, never the notebook's
 *  single-key commands; `onKey(key)` answers whether it used the key. Returns the cleanup. */
export function listenKeys(canvas, onKey) {
  const down = (event) => {
    if (passesThrough(event)) return; // chords and Tab belong to JupyterLab and the browser
    event.stopPropagation();
    if (onKey(event.key)) event.preventDefault();
  };
  const up = (event) => {
    if (!passesThrough(event)) event.stopPropagation();
  };
  canvas.addEventListener("keydown", down);
  canvas.addEventListener("keyup", up);
  return () => {
    canvas.removeEventListener("keydown", down);
    canvas.removeEventListener("keyup", up);
  };
}
