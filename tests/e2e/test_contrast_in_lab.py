"""Text on the boards reads at 4.5:1 or more in JupyterLab's light and dark themes, measured on the
page: every text a redraw writes is sampled from the canvas (its box before and after it is written)
and its most contrasting pixel is set against the colour it was written on.

Set ``TW_E2E_SHOTS`` to a directory to keep screenshots of both boards at 360 and 1400 px."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

BOARDS = ('import touring_widgets as tw\n'
          'g = tw.Touring(players=["human", "greedy"], seed=7)\n'
          'o = tw.OnTour(players=["greedy", "greedy"], seed=5)\n'
          '[o.step() for _ in range(6)]\n'
          'display(g.board(seat=0, speed="instant"), o.board(seat=0, speed="instant"))\n')

#: Wraps fillText, redraws the board, and gives back each text with the contrast of its most
#: contrasting pixel against the colour most of its box had before it was written.
AUDIT = """el => {
  const lum = (r, g, b) => [r, g, b].map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92
    : ((v + 0.055) / 1.055) ** 2.4; }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const proto = CanvasRenderingContext2D.prototype;
  const fill = proto.fillText;
  const seen = [];
  proto.fillText = function (text, x, y, maxWidth) {
    const m = this.measureText(text);
    let left = x - m.actualBoundingBoxLeft, right = x + m.actualBoundingBoxRight;
    if (maxWidth !== undefined && right - left > maxWidth) right = left + maxWidth;
    const t = this.getTransform();
    const xs = [left, right].map((v) => t.a * v + t.e), ys = [y - m.actualBoundingBoxAscent,
      y + m.actualBoundingBoxDescent].map((v) => t.d * v + t.f);
    const X = Math.max(0, Math.floor(Math.min(...xs)) - 1), Y = Math.max(0, Math.floor(Math.min(...ys)) - 1);
    const W = Math.min(this.canvas.width - X, Math.ceil(Math.max(...xs)) + 1 - X);
    const H = Math.min(this.canvas.height - Y, Math.ceil(Math.max(...ys)) + 1 - Y);
    if (!String(text).trim() || W < 2 || H < 2 || t.b || t.c) return fill.call(this, text, x, y, maxWidth);
    const before = this.getImageData(X, Y, W, H).data;
    fill.call(this, text, x, y, maxWidth);
    const after = this.getImageData(X, Y, W, H).data;
    const count = new Map();
    for (let i = 0; i < before.length; i += 4) {
      if (before[i + 3] < 250) continue;
      const key = (before[i] << 16) | (before[i + 1] << 8) | before[i + 2];
      count.set(key, (count.get(key) || 0) + 1);
    }
    if (!count.size) return;
    const ground = [...count].sort((a, b) => b[1] - a[1])[0][0];
    const g = lum(ground >> 16, (ground >> 8) & 255, ground & 255);
    let best = 1;
    for (let i = 0; i < after.length; i += 4) {
      const same = after[i] === before[i] && after[i + 1] === before[i + 1] && after[i + 2] === before[i + 2];
      if (same) continue;
      best = Math.max(best, ratio(lum(after[i], after[i + 1], after[i + 2]), g));
    }
    if (best > 1) seen.push({ text: String(text), ratio: +best.toFixed(2), fill: String(this.fillStyle),
      ground: "#" + ground.toString(16).padStart(6, "0") });
  };
  try { el.board.draw(); } finally { proto.fillText = fill; }
  return seen;
}"""


@pytest.fixture(params=sorted(THEMES))
def themed(request, lab):
    """JupyterLab in one theme (its user setting), for the notebooks opened in this test."""
    path = lab.root / ".settings" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings"
    path.write_text(json.dumps({"theme": THEMES[request.param]}))
    yield request.param
    path.unlink()


def test_every_text_on_both_boards_reads_at_4_5_to_1(themed, open_notebook, page):
    nb = open_notebook("board.ipynb", f"contrast_{themed}")
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{str(themed == 'light').lower()}'")
    nb.run(1, BOARDS)
    touring, on_tour = nb.wait_board(1, 0), nb.wait_board(1, 1)
    texts = touring.evaluate(AUDIT) + on_tour.evaluate(AUDIT)
    # A card picked: the rows it may go to are lit, their texts on the lit fill.
    boxes = touring.evaluate("el => el.board.hitboxes()")
    go = next(b for b in boxes if b["card"] == "go" and b["kind"] == "hand")
    nb.click_box(touring, go["id"])
    page.wait_for_function("el => el.dataset.selected !== ''", arg=touring.element_handle())
    texts += touring.evaluate(AUDIT)
    assert len(texts) > 40
    # The card back's "T" is its emblem, not a text to read.
    low = [t for t in texts if t["ratio"] < 4.5 and t["text"] != "T"]
    assert not low, low
    # A greyed-out card (one that cannot be played) keeps a readable name.
    names = {t["text"] for t in texts}
    assert {"Go", "Gasoline"} <= names or "Miles" in " ".join(names)
    shots = os.environ.get("TW_E2E_SHOTS")
    if shots:
        page.set_viewport_size({"width": 1400, "height": 1100})
        for width in (1400, 360):  # 360: the board in a phone-wide box
            for name, board in (("touring", touring), ("on_tour", on_tour)):
                board.evaluate(f"el => {{ el.style.maxWidth = '{width}px'; }}")
                page.wait_for_timeout(500)
                board.screenshot(path=str(Path(shots) / f"{name}_{themed}_{width}.png"))
