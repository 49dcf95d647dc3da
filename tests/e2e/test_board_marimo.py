"""The Touring board in a marimo notebook, through ``mo.ui.anywidget``, driven through Chromium."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.jupyter import REPO, TIMEOUT, free_port

pytestmark = pytest.mark.e2e

#: The opening of both notebooks: marimo and the package.
HEAD = '''
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    import touring_widgets as tw
    return mo, tw
'''

NOTEBOOK = HEAD + '''

@app.cell
def _(mo, tw):
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = mo.ui.anywidget(g.board(seat=0, speed="fast"))
    board
    return board, g


if __name__ == "__main__":
    app.run()
'''


@contextlib.contextmanager
def serving(source: str, command: str, *flags: str) -> Iterator[str]:
    """``source`` served by ``marimo <command>`` (run or edit) on a free port of 127.0.0.1, with this
    package importable; yields its address and stops it at the end."""
    pytest.importorskip("marimo", reason="marimo is in the test extra: pip install -e '.[test]'")
    with tempfile.TemporaryDirectory(prefix="touring-marimo-") as root, \
            open(Path(root) / "marimo.log", "wb") as log:
        path = Path(root) / "notebook.py"
        path.write_text(source)
        port = free_port()
        path_var = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
        env = dict(os.environ, PYTHONPATH=path_var)
        proc = subprocess.Popen(
            [sys.executable, "-m", "marimo", command, str(path), "--headless", "--host", "127.0.0.1",
             "--port", str(port), "--no-token", "--no-sandbox", *flags],
            cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 90
            while True:
                if proc.poll() is not None:
                    tail = (Path(root) / "marimo.log").read_text()[-2000:]
                    raise RuntimeError(f"marimo exited early: {tail}")
                try:
                    with urllib.request.urlopen(base, timeout=2):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.25)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


@pytest.fixture
def marimo_app():
    """The notebook above as an app (``marimo run``)."""
    with serving(NOTEBOOK, "run", "--no-check") as base:
        yield base


def test_board_plays_in_marimo(marimo_app, page):
    page.goto(marimo_app, timeout=TIMEOUT)
    board = page.locator(".tw-board").first
    board.locator("canvas.tw-canvas").wait_for(timeout=TIMEOUT)
    data = "el => el.dataset"
    page.wait_for_function("el => el.dataset.revision !== undefined && el.dataset.legal !== '0'",
                           arg=board.element_handle(), timeout=TIMEOUT)
    # The canvas is drawn at the screen's resolution and has something on it.
    pixels, css, dpr = board.evaluate(
        "el => { const c = el.querySelector('canvas'); return [c.width, c.clientWidth, devicePixelRatio]; }")
    assert css > 300 and pixels == round(css * dpr)
    boxes = board.evaluate("el => el.board.hitboxes()")
    go = next(b for b in boxes if b["kind"] == "hand" and b["card"] == "go")
    canvas = board.locator("canvas.tw-canvas")
    canvas.click(position={"x": go["x"] + go["w"] / 2, "y": go["y"] + go["h"] / 2})
    row = next(b for b in boxes if b["id"] == "row:0")
    canvas.click(position={"x": row["x"] + 20, "y": row["y"] + 20})
    # Python judged the click, moved the game, and the greedy seat answered at the board's speed
    # (the page never sets the position: it comes back from the kernel).
    page.wait_for_function("el => el.dataset.position === '2' && el.dataset.running === 'false'",
                           arg=board.element_handle(), timeout=TIMEOUT)
    assert board.evaluate(data)["message"] == ""
    # A refused click is answered too: the verdict and its rule come back from the kernel.
    boxes = board.evaluate("el => el.board.hitboxes()")
    m75 = next((b for b in boxes if b["kind"] == "hand" and b["card"] == "m75"), None)
    if m75 is not None:
        canvas.click(position={"x": m75["x"] + m75["w"] / 2, "y": m75["y"] + m75["h"] / 2})
        target = next(b for b in boxes if b["id"] == "row:1")
        canvas.click(position={"x": target["x"] + 20, "y": target["y"] + 20})
        page.wait_for_function("el => el.dataset.error === 'true' && el.dataset.rule !== ''",
                               arg=board.element_handle(), timeout=TIMEOUT)
    # Fork: marimo shows only what a cell returns, so the board says how to show the fork's board.
    board.locator("button.tw-fork").click()
    page.wait_for_function("el => el.dataset.message.startsWith('Forked at move')",
                           arg=board.element_handle(), timeout=TIMEOUT)
    said = board.evaluate(data)["message"]
    assert "return mo.ui.anywidget(this board's forks[0].board()) from a cell" in said
    assert board.evaluate(data)["error"] == "false"


EDIT_NOTEBOOK = HEAD + '''

@app.cell
def _(mo, tw):
    board = mo.ui.anywidget(tw.Touring(players=["human", "greedy"], seed=7).board(seat=0))
    board
    return (board,)


@app.cell
def _(tw):
    g = tw.Touring(players=["greedy"] * 6, seed=3)
    g.step()
    g
    return (g,)
'''


@pytest.fixture
def marimo_edit():
    """The notebook above in marimo's editor, whose cells' outputs are capped at 610 px."""
    with serving(EDIT_NOTEBOOK, "edit", "--skip-update-check") as base:
        yield base


def test_the_whole_board_and_the_whole_picture_show_in_marimos_editor(marimo_edit, page):
    page.goto(marimo_edit, timeout=TIMEOUT)
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    board = page.locator(".tw-board").first
    for _attempt in range(10):  # run every cell (a click before the kernel is connected is lost)
        page.locator("[data-testid=run-button]").last.click(timeout=TIMEOUT)
        try:
            board.locator("canvas.tw-canvas").wait_for(timeout=4_000)
            break
        except PlaywrightTimeout:
            continue
    page.wait_for_function("el => el.dataset.revision !== undefined", arg=board.element_handle(),
                           timeout=TIMEOUT)
    page.locator("svg.tw-whole").wait_for(timeout=TIMEOUT)
    # Each output box is as tall as what it holds (marimo's 610 px cap is lifted on these boxes only):
    # no scrollbar inside hides the board's history strip or the picture's last seats.
    boxes = page.evaluate("""() => [...document.querySelectorAll('.output-area')].map(o => ({
        shown: o.clientHeight, whole: o.scrollHeight, board: !!o.querySelector('marimo-anywidget'),
        picture: !!o.querySelector('svg.tw-whole')}))""")
    board_box = next(b for b in boxes if b["board"])
    picture_box = next(b for b in boxes if b["picture"])
    assert board_box["whole"] > 610 and board_box["shown"] >= board_box["whole"], board_box
    assert picture_box["whole"] > 610 and picture_box["shown"] >= picture_box["whole"], picture_box
    # The history strip, the board's last row, is inside its box's visible part.
    shown = board.evaluate("""el => {
        const geo = el.board.geometry(), cell = geo.foot.cells[0], canvas = el.querySelector('canvas');
        let box = el; while (box && !(box.classList && box.classList.contains('output-area')))
          box = box.parentElement || (box.getRootNode() !== box ? box.getRootNode().host : null);
        const c = canvas.getBoundingClientRect(), b = box.getBoundingClientRect();
        return c.top + cell.y + cell.h <= b.bottom + 0.5; }""")
    assert shown
    # The picture is drawn whole: as tall as its box shows, never wider than the page.
    svg = page.locator("svg.tw-whole").bounding_box()
    assert svg["height"] <= picture_box["shown"] + 1 and svg["width"] <= 1280
