// The toolbar above the canvas: undo, redo, step, play to end, fork, advice, a list for a new game
// and the export of the moves, the keys' help, the seat to view from and the speed of automatic moves; and its
// state, from the model. An export comes back from the kernel as a file the page downloads.

/** The toolbar's element and controls; `keysHelp` and `teacherOption` are the game's words. */
export function makeToolbar(speeds, keysHelp, teacherOption) {
  const bar = document.createElement("div");
  bar.className = "tw-toolbar";
  const button = (cls, text, title) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.title = title;
    bar.appendChild(b);
    return b;
  };
  const t = { bar, teacherOption };
  t.undo = button("tw-undo", "↶ Undo", "Undo one move (←)");
  t.redo = button("tw-redo", "↷ Redo", "Redo one move (→)");
  t.step = button("tw-step", "Step", "The seat to move plays by its policy (space)");
  t.run = button("tw-run", "Play to end", "Every seat plays by its policy until the game ends");
  t.fork = button("tw-fork", "Fork", "A new, independent game from this position, shown below");
  t.advice = button("tw-advice", "Advice",
    "Show what each move of the seat to move is worth, from playouts, as they come in (A)");
  t.advice.setAttribute("aria-pressed", "false");
  // New game and the exports share one list: at 360 px the toolbar keeps to two rows.
  t.game = document.createElement("select");
  t.game.className = "tw-game";
  t.game.title = "New game: the same players and rules, a new seed (the game before is kept in board.games; " +
    "board.rematch(seed=...) in a cell chooses the seed). Export: the moves, each with its sentence as this " +
    "view may know it, and the scores, downloaded as a file";
  t.game.setAttribute("aria-label", "New game, or export the moves and the scores");
  const placeholder = new Option("⋯", ""); // "more": short, so the toolbar keeps its rows
  placeholder.disabled = true;
  t.game.add(placeholder);
  t.game.add(new Option("New game (new seed)", "rematch"));
  t.game.add(new Option("Export moves (.txt)", "text"));
  t.game.add(new Option("Export moves (.csv)", "csv"));
  t.game.value = "";
  bar.appendChild(t.game);
  const spacer = document.createElement("span");
  spacer.className = "tw-spacer";
  bar.appendChild(spacer);
  const select = (text, cls, aria) => {
    const label = document.createElement("label");
    label.className = `${cls}-label`;
    label.textContent = text;
    const sel = document.createElement("select");
    sel.className = cls;
    sel.setAttribute("aria-label", aria);
    label.appendChild(sel);
    bar.appendChild(label);
    return sel;
  };
  t.seat = select("View ", "tw-seat", "Seat to view the game from");
  t.speed = select("Speed ", "tw-speed", "Pause between automatic moves");
  for (const s of Object.keys(speeds)) t.speed.add(new Option(s, s));
  const keys = document.createElement("span");
  keys.className = "tw-keys";
  keys.textContent = "⌨ keys";
  keys.title = keysHelp || "";
  bar.insertBefore(keys, spacer.nextSibling);
  return t;
}

/** Hide the controls named in `names` (keys of the toolbar: "undo", "seat", ...; "rematch" is the
 *  list's New game): a board served at a table shows a seat only what it may do. */
export function hideControls(t, names) {
  for (const name of names) {
    if (name === "rematch") {
      for (const option of [...t.game.options]) if (option.value === "rematch") option.remove();
      t.game.title = "Export: the moves, each with its sentence as this seat may know it, and the scores, " +
        "downloaded as a file";
    } else if (name === "seat" || name === "speed") {
      t[name].parentElement.hidden = true;
    } else if (t[name]) {
      t[name].hidden = true;
    }
  }
}

/** Wire the toolbar's controls: each sends its message through `send` (`escape` lets go first). */
export function wireToolbar(t, { send, running, toggleAdvice, escape }) {
  t.undo.addEventListener("click", () => send({ type: "undo" }));
  t.redo.addEventListener("click", () => send({ type: "redo" }));
  t.step.addEventListener("click", () => send({ type: "step" }));
  t.run.addEventListener("click", () => send(running() ? { type: "stop" } : { type: "run" }));
  t.fork.addEventListener("click", () => send({ type: "fork" }));
  t.advice.addEventListener("click", toggleAdvice);
  t.game.addEventListener("change", () => {
    const chosen = t.game.value;
    t.game.value = ""; // the same choice again does it again
    if (chosen === "rematch") send({ type: "rematch" });
    else if (chosen) send({ type: "export", format: chosen });
  });
  t.seat.addEventListener("change", () => {
    escape();
    send({ type: "seat", seat: t.seat.value === "all" ? null : Number(t.seat.value) });
  });
  t.speed.addEventListener("change", () => send({ type: "speed", speed: t.speed.value }));
}

/** Bring the toolbar up to date: what may be pressed now, the seat viewed, the speed. */
export function syncToolbar(t, st) {
  const { view: v, position, length, running, dead, adviceOn, next, speed } = st;
  const over = !!v.over;
  t.undo.disabled = dead || position <= 0;
  t.redo.disabled = dead || position >= length;
  t.step.disabled = dead || over;
  t.run.disabled = dead || (over && !running);
  t.fork.disabled = dead;
  t.advice.disabled = dead;
  t.game.disabled = dead;
  t.game.classList.toggle("tw-next", over && !dead); // the game is over: a new game goes on
  const pressed = String(adviceOn);
  if (t.advice.getAttribute("aria-pressed") !== pressed) t.advice.setAttribute("aria-pressed", pressed);
  const runText = running ? "Stop" : "Play to end";
  if (t.run.textContent !== runText) t.run.textContent = runText;
  t.step.classList.toggle("tw-next", next && !dead);
  syncSeats(t, v);
  if (t.speed.value !== speed) t.speed.value = speed;
}

function syncSeats(t, v) {
  const n = (v.players || []).length;
  if (t.seat.options.length !== n + 1) {
    t.seat.innerHTML = "";
    for (let s = 0; s < n; s++) t.seat.add(new Option(`Seat ${s} (${v.players[s]})`, String(s)));
    t.seat.add(new Option(t.teacherOption, "all"));
  }
  const want = v.seat === null || v.seat === undefined ? "all" : String(v.seat);
  if (t.seat.value !== want) t.seat.value = want;
}

/** Download an export the kernel sent (`{name, mime, text}`) as a file; false when it is not one. */
export function downloadFile(file, doc = document) {
  if (!file || typeof file.text !== "string" || typeof file.name !== "string") return false;
  const name = file.name.replace(/[^A-Za-z0-9_.-]/g, "_") || "game.txt";
  const mime = /^text\/(plain|csv)$/.test(file.mime) ? file.mime : "text/plain";
  const url = URL.createObjectURL(new Blob([file.text], { type: `${mime};charset=utf-8` }));
  const a = doc.createElement("a");
  a.href = url;
  a.download = name;
  a.style.display = "none";
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
