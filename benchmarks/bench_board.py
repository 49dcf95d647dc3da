"""Board latency in a real JupyterLab: a move asked for from the page or from a cell, to the redrawn canvas.

Run: ``python benchmarks/bench_board.py [--moves 60] [--cells 15]``. Needs Chromium (see tests/e2e).

Measured in one page, on one clock (the page's ``performance.now()``):

- bare round trip: a minimal anywidget, page message -> kernel sets a trait -> the view redraws;
  the floor for any widget on this machine.
- board, step from the page: the Step button -> kernel ``g.step()`` -> traits -> canvas redrawn.
- board, step from a cell: Ctrl+Enter on a cell holding ``g.step();`` -> canvas redrawn (includes
  the execute request and the key press).
- draw: time spent in the board's ``draw()``.
- bytes per move: every websocket frame between page and server during the page-driven steps,
  divided by the number of moves; and the JSON size of one state update of the board's traits.
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

from tests.e2e.jupyter import Notebook, browser, server  # noqa: E402

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

SIZE = '''update = {k: board.get_state()[k] for k in ("view", "legal", "line", "position", "revision")}
print("UPDATE_BYTES", len(json.dumps(update, separators=(",", ":"))))'''

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
      const back = new Promise((r) => el.addEventListener('touring-drawn', r, { once: true }));
      el.querySelector('button.tw-undo').click();
      await back;
    }
    const done = new Promise((r) => el.addEventListener('touring-drawn', (e) => r(e.detail), { once: true }));
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60, help="page-driven steps (and bare round trips)")
    parser.add_argument("--cells", type=int, default=15, help="cell-driven steps")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="touring-bench-") as tmp, server("lab", Path(tmp)) as srv:
        root = Path(tmp)
        import nbformat
        from nbformat.v4 import new_code_cell, new_notebook

        nb = new_notebook(cells=[new_code_cell(BARE), new_code_cell(BOARD), new_code_cell("g.step();"),
                                 new_code_cell(SIZE)])
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
            bare = page.evaluate(PAGE_BARE, args.moves)
            frames["count"] = True
            result = page.evaluate(PAGE_BOARD, args.moves)
            frames["count"] = False
            steps, draws = result["out"], result["draws"]

            cells = []
            cell = book.cell(2)
            for _ in range(args.cells):
                if board.evaluate("el => el.dataset.over") == "true":
                    board.locator("button.tw-undo").click()
                    book.wait_data(board, "d.over === 'false'")
                rev = int(board.evaluate("el => el.dataset.revision"))
                page.evaluate(
                    """(el) => { window.__drawn = new Promise((r) => el.addEventListener('touring-drawn',
                        (e) => r(e.detail.at), { once: true })); }""",
                    board.element_handle(),
                )
                cell.locator(".jp-InputArea-editor").click()
                t0 = page.evaluate("performance.now()")
                page.keyboard.press("Control+Enter")
                at = page.evaluate("window.__drawn")
                cells.append(at - t0)
                book.wait_data(board, f"Number(d.revision) > {rev}")
            book.run(3)
            text = " ".join(book.output_text(3))
            update_bytes = int(text.split("UPDATE_BYTES")[1].split()[0])

    bare_median = statistics.median(bare)
    print("| measure                            |    n |   median |      p95 |      max | unit  |")
    print("|------------------------------------|-----:|---------:|---------:|---------:|-------|")
    print(row("bare anywidget round trip", bare))
    print(row("board: step from the page -> drawn", steps))
    print(row("board: g.step() in a cell -> drawn", cells))
    print(row("board: draw()", draws))
    per_move_in = frames["in"] / max(1, len(steps))
    per_move_out = frames["out"] / max(1, len(steps))
    print()
    print(f"bytes per move: {per_move_in / 1024:.2f} KB received by the page (all frames), "
          f"{per_move_out / 1024:.2f} KB sent; one board state update is "
          f"{update_bytes / 1024:.2f} KB of JSON")
    ratio = statistics.median(steps) / bare_median
    print(f"board step / bare round trip (medians): {ratio:.2f}x")
    checks = {
        "median within 2x of bare round trip": ratio <= 2.0,
        "p95 < 100 ms": pct(steps, 0.95) < 100,
        "draw < 8 ms (p95)": pct(draws, 0.95) < 8,
        "bytes per move < 8 KB": per_move_in < 8 * 1024,
    }
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'MISS'} {name}")
    print(json.dumps({"bare_median": bare_median, "step_median": statistics.median(steps),
                      "step_p95": pct(steps, 0.95), "cell_median": statistics.median(cells),
                      "draw_p95": pct(draws, 0.95), "bytes_in_per_move": per_move_in,
                      "update_bytes": update_bytes}))


if __name__ == "__main__":
    main()
