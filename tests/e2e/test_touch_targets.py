"""Touch targets and label sizes of both boards, measured in a real JupyterLab at the widths a class
meets: a phone (360 px), a laptop with the file browser open (800 px window) and a wide screen.
Every clickable box is at least 24 x 24 CSS px (WCAG 2.2, target size) and no text is drawn under
11 px; at 360 px a space of the map is written by touch-sized clicks.

``python -m pytest tests/e2e/test_touch_targets.py -s`` prints what was measured."""

from __future__ import annotations

import os

import pytest

from .conftest import HEAD, data
from .test_touring_board_in_lab import board_width

pytestmark = pytest.mark.e2e

#: Every text the page draws on a canvas, with its font size and, when squeezed into a maxWidth,
#: the size it shows at (the canvas narrows the glyphs).
RECORD_TEXT = """
(() => {
  const fill = CanvasRenderingContext2D.prototype.fillText;
  window.__twTexts = [];
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
    const m = /(\\d+(?:\\.\\d+)?)px/.exec(this.font);
    if (m && String(text).trim()) {
      const board = this.canvas.closest ? this.canvas.closest(".tw-board") : null; // none: a map's layer
      const size = Number(m[1]);
      const t = this.getTransform();
      const scale = Math.hypot(t.a, t.b) / (this.canvas.__twDpr || devicePixelRatio);
      let shown = size;
      if (maxWidth !== undefined) {
        const w = this.measureText(text).width;
        if (w > maxWidth) shown = size * maxWidth / w;
      }
      window.__twTexts.push({ text: String(text), size: size * scale, shown: shown * scale,
        game: board ? board.dataset.twGame || "" : "layer" });
    }
    return fill.apply(this, arguments);
  };
})();
"""

BOARDS = {
    "touring": 'g = tw.Touring(players=["human", "greedy"], seed=7)\ng.play(max_plies=30)\ng.goto(25)\n'
               "g.board(seat=0)",
    "on_tour": 'g = tw.OnTour(players=["human", "greedy", "greedy"], seed=7)\ng.play(max_plies=9)\n'
               "g.board(seat=0)",
}

#: A text drawn smaller than this (in CSS px) is not readable; a box narrower or lower is no target.
LABEL = 11
TARGET = 24
#: Every kind of box and every text is measured, the move log's rows and heading included.
ELSEWHERE_KINDS: set[str] = set()
ELSEWHERE_TEXTS: set[str] = set()
WIDTHS = tuple(int(w) for w in os.environ.get("TW_WIDTHS", "360,800,1400").split(","))


@pytest.fixture
def recorded(page, open_notebook):
    """A fresh board notebook whose page records every text drawn on a canvas."""
    page.add_init_script(RECORD_TEXT)
    return open_notebook("board.ipynb", "touch")


def boards(nb) -> dict:
    """Both boards, one a cell, each marked with its game (the recorded texts say whose they are)."""
    out = {}
    for cell, game in enumerate(BOARDS):
        nb.run(cell, HEAD + BOARDS[game])
        out[game] = nb.wait_board(cell)
        out[game].evaluate("(el, game) => { el.dataset.twGame = game; }", game)
    return out


def size_to(nb, board, width):
    """The board at ``width``: a cell that wide, or from 800 on a window that wide."""
    page = nb.page
    page.evaluate("() => { window.__twTexts = []; }")
    left = page.locator("#jp-left-stack")
    if width >= 800:  # a window that wide; at 800 the file browser open, as in a class
        if (width == 800) != left.is_visible():
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first.click()
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_function(f"el => el.clientWidth < {width - 100}", arg=board.element_handle())
    else:
        if left.is_visible():
            page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
        board_width(page, board, width)
    page.wait_for_timeout(200)
    for each in page.locator(".tw-board").all():
        each.evaluate("el => el.board.draw()")


def measure(board, game) -> dict:
    """The board's width, its boxes under 24 x 24 and its texts drawn under 11 px."""
    boxes = board.evaluate("el => el.board.hitboxes()")
    texts = [t for t in board.evaluate("() => window.__twTexts")
             if t["game"] == game or (t["game"] == "layer" and game == "on_tour")]
    small = [b for b in boxes if (b["w"] < TARGET - 0.01 or b["h"] < TARGET - 0.01)
             and b["kind"] not in ELSEWHERE_KINDS]
    tiny = sorted({(round(t["shown"], 1), t["text"]) for t in texts
                   if t["shown"] < LABEL - 0.01 and t["text"] not in ELSEWHERE_TEXTS})
    return {
        "width": board.evaluate("el => el.clientWidth"),
        "boxes": len(boxes),
        "smallest box": min(((round(b["w"], 1), round(b["h"], 1), b["kind"]) for b in boxes), default=None,
                            key=lambda s: min(s[0], s[1])),
        "small": sorted({(b["kind"], round(b["w"], 1), round(b["h"], 1)) for b in small}),
        "smallest text": min(((round(t["shown"], 1), t["text"]) for t in texts), default=None),
        "tiny": tiny,
        "overlaps": overlaps(boxes),
    }


def overlaps(boxes) -> list:
    """Pairs of clickable boxes that share pixels, where neither holds the other (a card on its row,
    a tile on its map are one click meaning the inner box)."""
    out = []
    inner = [b for b in boxes if b["kind"] not in ("row", "map")]
    for i, a in enumerate(inner):
        for b in inner[i + 1:]:
            if (a["x"] < b["x"] + b["w"] - 0.01 and b["x"] < a["x"] + a["w"] - 0.01
                    and a["y"] < b["y"] + b["h"] - 0.01 and b["y"] < a["y"] + a["h"] - 0.01):
                out.append((a["id"], b["id"]))
    return out


def test_every_target_is_touch_sized_and_every_label_readable(recorded):
    both = boards(recorded)
    seen = {}
    for width in WIDTHS:
        size_to(recorded, both["touring"], width)
        for game, board in both.items():
            seen[game, width] = m = measure(board, game)
            print(game, width, m)
    for key, m in seen.items():
        assert m["small"] == [], (key, m)
        assert m["tiny"] == [], (key, m)
        assert m["overlaps"] == [], (key, m)


def test_at_360_px_a_space_is_written_by_touch_sized_clicks(notebook):
    """A phone-wide On Tour board: the map is drawn enlarged with its tabs; picking a number (or
    focusing a space with the arrows) moves the window to it, and two clicks on 24 px tiles write
    the turn."""
    nb = notebook
    nb.run(0, HEAD + 'g = tw.OnTour(players=["human", "greedy"], seed=7)\ng.board(seat=0)')
    board = nb.wait_board(0)
    size_to(nb, board, 360)
    boxes = board.evaluate("el => el.board.hitboxes()")
    assert [b["id"] for b in boxes if b["kind"] == "pan"] == ["pan:0", "pan:1", "pan:2"]

    def target(space):
        boxes = board.evaluate("el => el.board.hitboxes()")
        return next((b for b in boxes if b["id"] == f"space:{space}"), None)

    # The window follows the keyboard too: each lit space focused with the arrows is in it.
    nb.click_box(board, "die:0")
    lit = data(board)["lit"].split()
    board.locator("canvas.tw-canvas").focus()
    for _ in lit:
        nb.page.keyboard.press("ArrowDown")
        assert target(data(board)["focus"]), (data(board)["focus"], lit)
    clicked = []
    for _ in range(2):  # the first number, then the other
        if not data(board)["pick"] and not data(board)["placed"]:
            nb.click_box(board, "die:0")
        lit = data(board)["lit"].split()
        shown = [s for s in lit if target(s)]
        assert shown, lit  # the window moved to where the lit spaces are
        box = target(shown[0])
        assert box["w"] >= 24 and box["h"] >= 24, box
        nb.click_box(board, box["id"])
        clicked.append(shown[0])
    nb.wait_data(board, "Number(d.position) > 0 && d.running === 'false' && d.placed === ''")
    written = board.evaluate("el => Object.entries(el.board.maps()[0]).filter(([, c]) => c).map(([s]) => s)")
    assert set(clicked) <= set(written) and len(set(clicked)) == 2, (clicked, written)
