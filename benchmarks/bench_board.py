"""Board latency in a real JupyterLab: a move asked for from the page or from a cell, to the redrawn canvas.

Run: ``python benchmarks/bench_board.py [--moves 60] [--cells 15] [--server stock|nodelay|both]``.
Needs Chromium (see tests/e2e). Each server setting gets its own fresh server, kernel and browser.

Measured in one page, on one clock (the page's ``performance.now()``):

- bare round trip: a minimal anywidget, page message -> kernel sets a trait -> the view redraws;
  the floor for any widget on this machine.
- board, step from the page: the Step button -> kernel ``g.step()`` -> traits -> canvas redrawn.
- board, step from a cell: Ctrl+Enter on a cell holding ``g.step();`` -> canvas redrawn (includes
  the execute request and the key press).
- draw: time spent in the board's ``draw()``.
- bytes per move: every websocket frame between page and server during the page-driven steps,
  divided by the number of moves; and the JSON size of one state update of the board's traits.

On Tour, in the same page (after the Touring board):

- ``o.step()`` in a cell -> the On Tour board's canvas redrawn (two greedy seats, teacher's view);
  one step is one seat's writing.
- a full redraw of eight maps: ``draw()`` of a board with eight players (the viewer's map large,
  seven small ones, the turn, the footer) after each turn of a whole game (every map changed),
  and repeated on one position.
- bytes per turn: every websocket frame the page receives while Step on a human's board plays
  whole turns (the human's writing by its policy, then every bot at once: one update a turn),
  divided by the turns of a whole game; for one, two and eight players.

Why a page-driven round trip costs about 40 ms more than the work it does
--------------------------------------------------------------------------
The wait is on the server's websocket to the page, not in the kernel, the widget or the page.
Timing each hop on one wall clock (page ``performance.timeOrigin + performance.now()``, the
server's websocket handlers wrapped to log ``time.time()``, the kernel handler logging
``time.time()``), with server, kernel and Chromium on one 2-core machine, round trips 20 ms apart and nothing
drawn, medians of 30:

====================================  =========  ===========  ===========  =========  =========
stock server                          page ->    server ->    handler ->   server ->  total
                                      server     handler      server       page
====================================  =========  ===========  ===========  =========  =========
anywidget, trait change               0.9 ms     1.6 ms       1.5 ms       41.1 ms    45.8 ms
anywidget, custom message reply       0.6 ms     1.5 ms       1.5 ms       40.5 ms    43.9 ms
ipywidgets Button -> Label.value      0.6 ms     1.6 ms       1.2 ms       42.5 ms    47.3 ms
same three, TCP_NODELAY on websocket  0.5 ms     1.5-1.7 ms   1.3-1.7 ms   2.2 ms     5.8-6.2 ms
====================================  =========  ===========  ===========  =========  =========

So the message reaches the kernel handler in about 2 ms, for plain ipywidgets as for anywidget,
for a trait change as for a bare custom message; the answer leaves the server about 1.5 ms
later and then waits about 40 ms before the page sees it. (The board, which groups its update
with ``hold_sync``, pays the same as the bare echo, which does not: see the table below.)

That is Nagle's algorithm on the server's socket meeting the browser's delayed ACK (40 ms
minimum on Linux): the kernel sends ``status: busy`` first, and the frame carrying the answer is
held until that earlier small frame is acknowledged. Tornado leaves Nagle on unless a handler
calls ``set_nodelay(True)``, and jupyter_server's kernel websocket does not. Whether the browser
delays its ACK depends on its TCP stack's heuristics (Linux, for one, delays ACKs on
connections it takes for interactive ones), which is why a back-to-back page loop pays it
every time while a cell run from the keyboard (``g.step()`` in a cell, about 22 ms) mostly
does not, and why other runs may see a low median with a ~50 ms 95th percentile.

Nothing the widget sends or answers changes this; the fix belongs to the server. With
``--server nodelay`` the benchmark starts the same server with
``ServerApp.kernel_websocket_connection_class`` set to ``tests.e2e.nodelay.NoDelayConnection``
(the stock connection plus ``set_nodelay(True)``); the tests use the stock server. Measured here
with both settings (``--server both``), medians (p95):

=====================================  ================  ================
measure                                stock             TCP_NODELAY
=====================================  ================  ================
bare anywidget round trip              47.9 ms (52.1)    12.8 ms (18.7)
board: step from the page -> drawn     48.8 ms (57.0)    17.1 ms (22.6)
board: g.step() in a cell -> drawn     22.0 ms (44.3)    23.4 ms (31.7)
board: draw()                          1.9 ms (3.7)      2.7 ms (4.5)
=====================================  ================  ================
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tools.jupyter import Notebook, browser, server  # noqa: E402

BARE = '''import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const canvas = document.createElement("canvas");
      canvas.width = 200; canvas.height = 40;
      el.classList.add("bench-echo");
      el.append(canvas);
      const ctx = canvas.getContext("2d");
      const draw = () => {
        ctx.clearRect(0, 0, 200, 40);
        ctx.fillText(String(model.get("n")), 10, 20);
        el.dispatchEvent(new CustomEvent("echo-drawn", { detail: { at: performance.now() } }));
      };
      model.on("change:n", draw);
      el.ping = () => model.send({ type: "ping" });
      draw();
    } };
    """
    n = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: setattr(self, "n", self.n + 1))

echo = Echo()
echo'''

BOARD = '''import json
import touring_widgets as tw

g = tw.Touring(players=["greedy", "greedy"], seed=3)
board = g.board(seat=None, speed="instant")
board'''

SIZE = '''state = board.get_state()
update = {k: state[k] for k in ("view", "choices", "line", "log", "position", "revision", "marks", "waiting",
                                "variations")}
print("UPDATE_BYTES", len(json.dumps(update, separators=(",", ":"))))
print("PICTURE_BYTES", len(board.picture_html()))'''

ON_TOUR = '''import os, tempfile
os.environ["TOURING_WIDGETS_DATA"] = tempfile.mkdtemp()  # no high score of a benchmark is kept
o = tw.OnTour(players=2, seed=3)
ob = o.board(seat=None, speed="instant")
ob'''

ON_TOUR_STEP = "o.step();"

#: Boards whose Step plays whole turns: 1, 2 and 8 players, a human first.
ON_TOUR_TURNS = '''o{n} = tw.OnTour(players=["human"] + ["greedy"] * {bots}, seed=3)
b{n} = o{n}.board(seat=0, speed="instant")
b{n}'''

PAGE_DRAWS = """(el) => {
  const t = [];
  for (let i = 0; i < 60; i++) { el.board.draw(); t.push(Number(el.dataset.drawMs)); }
  return t;
}"""

PAGE_TURNS = """async ([el, n]) => {
  const out = [], draws = [];
  for (let i = 0; i < n && el.dataset.over !== 'true'; i++) {
    const done = new Promise((r) => el.addEventListener('board-drawn', (e) => r(e.detail), { once: true }));
    const t0 = performance.now();
    el.querySelector('button.tw-step').click();
    const d = await done;
    out.push(d.at - t0);
    draws.push(d.ms);
  }
  return { out, draws };
}"""

PAGE_BARE = """async (n) => {
  const el = document.querySelector('.bench-echo');
  const out = [];
  for (let i = 0; i < n; i++) {
    const done = new Promise((r) => el.addEventListener('echo-drawn', (e) => r(e.detail.at), { once: true }));
    const t0 = performance.now();
    el.ping();
    out.push((await done) - t0);
  }
  return out;
}"""

PAGE_BOARD = """async (n) => {
  const el = document.querySelector('.tw-board');
  const out = [], draws = [];
  for (let i = 0; i < n; i++) {
    if (el.dataset.over === 'true') {
      const back = new Promise((r) => el.addEventListener('board-drawn', r, { once: true }));
      el.querySelector('button.tw-undo').click();
      await back;
    }
    const done = new Promise((r) => el.addEventListener('board-drawn', (e) => r(e.detail), { once: true }));
    const t0 = performance.now();
    el.querySelector('button.tw-step').click();
    const d = await done;
    out.push(d.at - t0);
    draws.push(d.ms);
  }
  return { out, draws };
}"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def row(name: str, values: list[float], unit: str = "ms") -> str:
    return (
        f"| {name:<34} | {len(values):>4} | {statistics.median(values):>8.1f} | {pct(values, 0.95):>8.1f} "
        f"| {max(values):>8.1f} | {unit:<5} |"
    )


def measure(moves: int, cells: int, nodelay: bool) -> dict:
    """Run every measure in one fresh server (stock, or with TCP_NODELAY on its kernel websockets)."""
    with (
        tempfile.TemporaryDirectory(prefix="touring-bench-") as tmp,
        server("lab", Path(tmp), nodelay) as srv,
    ):
        root = Path(tmp)
        import nbformat
        from nbformat.v4 import new_code_cell, new_notebook

        turns = [ON_TOUR_TURNS.format(n=n, bots=n - 1) for n in (1, 2, 8)]
        sources = (BARE, BOARD, "g.step();", SIZE, ON_TOUR, ON_TOUR_STEP, *turns)
        nb = new_notebook(cells=[new_code_cell(c) for c in sources])
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(nb, root / "bench.ipynb")
        with browser() as chrome:
            page = chrome.new_page(viewport={"width": 1280, "height": 1100})
            frames = {"in": 0, "out": 0, "count": False}

            def on_ws(ws):
                def add(key):
                    def count(payload):
                        if frames["count"]:
                            frames[key] += len(payload)
                    return count

                ws.on("framereceived", add("in"))
                ws.on("framesent", add("out"))

            page.on("websocket", on_ws)
            book = Notebook(page, srv, "bench.ipynb").open()
            book.run(0)
            page.wait_for_selector(".bench-echo")
            book.run(1)
            board = book.wait_board(1)
            page.evaluate(PAGE_BARE, 5)  # warm up both paths
            page.evaluate(PAGE_BOARD, 3)
            bare = page.evaluate(PAGE_BARE, moves)
            frames["count"] = True
            result = page.evaluate(PAGE_BOARD, moves)
            page.wait_for_timeout(500)  # frames already received are reported after evaluate returns
            frames["count"] = False
            touring_frames = dict(frames)  # the On Tour measures below count into `frames` again
            cell_times = step_from_cells(page, book, board, cells)
            book.run(3)
            text = " ".join(book.output_text(3))
            on_tour = measure_on_tour(page, book, frames, cells)
    return {"bare": bare, "steps": result["out"], "draws": result["draws"], "cells": cell_times,
            "frames": touring_frames, "update_bytes": int(text.split("UPDATE_BYTES")[1].split()[0]),
            "picture_bytes": int(text.split("PICTURE_BYTES")[1].split()[0]), "on_tour": on_tour}


def measure_on_tour(page, book, frames: dict, cells: int) -> dict:
    """The On Tour measures, in the page of the bare round trip (cells 4 to 8 of the notebook)."""
    book.run(4)
    board = book.wait_board(4)
    page.evaluate(PAGE_DRAWS, board.element_handle())  # warm up
    step_from_cells(page, book, board, 2, cell_index=5)  # warm up: the first cells run are slower
    cell_times = step_from_cells(page, book, board, cells, cell_index=5)
    out = {"cells": cell_times, "turn_bytes": {}, "turn_ms": {}}
    for index, n in zip((6, 7, 8), (1, 2, 8)):
        book.run(index)
        b = book.wait_board(index)
        frames["in"] = 0
        frames["count"] = True
        turns = page.evaluate(PAGE_TURNS, [b.element_handle(), 40])  # the whole game, to its end
        page.wait_for_timeout(500)  # frames already received are reported after evaluate returns
        frames["count"] = False
        times = turns["out"]
        out["turn_bytes"][n] = frames["in"] / max(1, len(times))
        out["turn_ms"][n] = times
        if n == 8:
            out["turn_draws8"] = turns["draws"]  # every map new: the redraw after each turn
            page.evaluate(PAGE_TURNS.replace("tw-step", "tw-undo"), [b.element_handle(), 1])
            out["draws8"] = page.evaluate(PAGE_DRAWS, b.element_handle())  # the same position again
    return out


def step_from_cells(page, book, board, cells: int, cell_index: int = 2) -> list[float]:
    """Times from Ctrl+Enter on the cell that steps the game (``g.step();``) to the board's redraw."""
    times = []
    cell = book.cell(cell_index)
    for _ in range(cells):
        if board.evaluate("el => el.dataset.over") == "true":
            board.locator("button.tw-undo").click()
            book.wait_data(board, "d.over === 'false'")
        rev = int(board.evaluate("el => el.dataset.revision"))
        page.evaluate(
            """(el) => { window.__drawn = new Promise((r) => el.addEventListener('board-drawn',
                (e) => r(e.detail.at), { once: true })); }""",
            board.element_handle(),
        )
        cell.locator(".jp-InputArea-editor").click()
        t0 = page.evaluate("performance.now()")
        page.keyboard.press("Control+Enter")
        at = page.evaluate("window.__drawn")
        times.append(at - t0)
        book.wait_data(board, f"Number(d.revision) > {rev}")
    return times


def report(title: str, r: dict) -> dict:
    """Print one server's table and checks; return its figures."""
    bare, steps, draws, cells = r["bare"], r["steps"], r["draws"], r["cells"]
    print(f"\n{title}\n")
    print("| measure                            |    n |   median |      p95 |      max | unit  |")
    print("|------------------------------------|-----:|---------:|---------:|---------:|-------|")
    print(row("bare anywidget round trip", bare))
    print(row("board: step from the page -> drawn", steps))
    print(row("board: g.step() in a cell -> drawn", cells))
    print(row("board: draw()", draws))
    per_move_in = r["frames"]["in"] / max(1, len(steps))
    per_move_out = r["frames"]["out"] / max(1, len(steps))
    print()
    print(f"bytes per move: {per_move_in / 1024:.2f} KB received by the page (all frames), "
          f"{per_move_out / 1024:.2f} KB sent; one board state update is "
          f"{r['update_bytes'] / 1024:.2f} KB of JSON; the picture re-sent after a cell that moves the game "
          f"is {r['picture_bytes'] / 1024:.2f} KB")
    ratio = statistics.median(steps) / statistics.median(bare)
    print(f"board step / bare round trip (medians): {ratio:.2f}x")
    checks = {
        "median within 2x of bare round trip": ratio <= 2.0,
        "p95 < 100 ms": pct(steps, 0.95) < 100,
        "draw < 8 ms (p95)": pct(draws, 0.95) < 8,
        "bytes per move < 8 KB": per_move_in < 8 * 1024,
    }
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'MISS'} {name}")
    figures = {"bare_median": statistics.median(bare), "bare_p95": pct(bare, 0.95),
               "step_median": statistics.median(steps), "step_p95": pct(steps, 0.95),
               "cell_median": statistics.median(cells), "draw_p95": pct(draws, 0.95),
               "bytes_in_per_move": per_move_in, "update_bytes": r["update_bytes"],
               "picture_bytes": r["picture_bytes"]}
    figures["on_tour"] = report_on_tour(r["on_tour"], bare)
    return figures


def report_on_tour(t: dict, bare: list[float]) -> dict:
    """Print the On Tour table and checks; return its figures."""
    print("\nOn Tour, same page\n")
    print("| measure                            |    n |   median |      p95 |      max | unit  |")
    print("|------------------------------------|-----:|---------:|---------:|---------:|-------|")
    print(row("bare anywidget round trip", bare))
    print(row("o.step() in a cell -> drawn", t["cells"]))
    print(row("draw() of 8 maps after a turn", t["turn_draws8"]))
    print(row("draw() of 8 maps, same position", t["draws8"]))
    for n, times in t["turn_ms"].items():
        print(row(f"Step, a whole turn, {n} player{'s' * (n > 1)}", times))
    print()
    for n, b in t["turn_bytes"].items():
        who = f"{n} player{'s' * (n > 1)}"
        print(f"bytes per turn, {who}: {b / 1024:.2f} KB received by the page (all frames)")
    ratio = statistics.median(t["cells"]) / statistics.median(bare)
    print(f"o.step() in a cell / bare round trip (medians): {ratio:.2f}x")
    checks = {
        "cell step median within 2x of bare round trip": ratio <= 2.0,
        "cell step p95 < 100 ms": pct(t["cells"], 0.95) < 100,
        "draw of 8 maps after a turn < 8 ms (median)": statistics.median(t["turn_draws8"]) < 8,
        "bytes per turn < 4 KB (every player count)": all(b < 4 * 1024 for b in t["turn_bytes"].values()),
    }
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'MISS'} {name}")
    return {"cell_median": statistics.median(t["cells"]), "cell_p95": pct(t["cells"], 0.95),
            "draw8_median": statistics.median(t["turn_draws8"]), "draw8_p95": pct(t["turn_draws8"], 0.95),
            "redraw8_median": statistics.median(t["draws8"]), "redraw8_p95": pct(t["draws8"], 0.95),
            "turn_bytes": t["turn_bytes"], "ratio": ratio}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="page-driven steps (and bare round trips)")
    parser.add_argument("--cells", type=int, default=15, help="cell-driven steps")
    parser.add_argument("--server", choices=("stock", "nodelay", "both"), default="both",
                        help="the stock Jupyter server, one with TCP_NODELAY on its kernel websockets, "
                        "or both")
    args = parser.parse_args()
    figures = {}
    if args.server in ("stock", "both"):
        figures["stock"] = report("Stock Jupyter server (what users get)",
                                  measure(args.moves, args.cells, nodelay=False))
    if args.server in ("nodelay", "both"):
        figures["nodelay"] = report("Same server with TCP_NODELAY on the kernel websocket",
                                    measure(args.moves, args.cells, nodelay=True))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
