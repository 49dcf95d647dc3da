"""The On Tour board in a real JupyterLab and in marimo, driven through Chromium: numbers placed by
clicking and seen on the canvas, a star turn, an X, undo from a cell, a fork, a tour drawn and
scored, eight players, a reload."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tools.jupyter import REPO, TIMEOUT, free_port

from .conftest import HEAD, data

pytestmark = pytest.mark.e2e


@pytest.fixture
def nb(open_notebook):
    """A fresh copy of the On Tour fixture notebook, open in JupyterLab (its own kernel)."""
    return open_notebook("on_tour.ipynb", "on_tour")


def boxes(board) -> list[dict]:
    return board.evaluate("el => el.board.hitboxes()")


def spaces(board) -> list[str]:
    """The space ids of the large map's tiles, in board order."""
    return [b["id"].split(":")[1] for b in boxes(board) if b["kind"] == "space"]


def tile_pixels(board, space: str) -> list[int]:
    """The canvas pixels of one tile of the large map (device pixels, RGBA)."""
    box = next(b for b in boxes(board) if b["id"] == f"space:{space}")
    return board.evaluate(
        """(el, b) => {
            const c = el.querySelector('canvas');
            const k = c.width / c.clientWidth;
            const d = c.getContext('2d').getImageData(Math.round(b.x * k), Math.round(b.y * k),
                                                        Math.round(b.w * k), Math.round(b.h * k)).data;
            return Array.from(d);
        }""",
        box,
    )


def cell_of(board, space: str, seat: int = 0):
    return board.evaluate(f"el => el.board.maps()[{seat}]['{space}']")


def write_by_clicking(nb, board) -> tuple[str, str, str, str]:
    """Pick the first number (a die), click the first lit space, then the other number's first lit space."""
    before = int(data(board)["position"])
    nb.click_box(board, "die:0")
    first_mark = data(board)["pick"]
    assert first_mark
    first = data(board)["lit"].split()[0]
    nb.click_box(board, f"space:{first}")
    assert data(board)["placed"] == f"{first_mark} {first}"
    d = data(board)
    second_mark, second = d["litMark"], d["lit"].split()[0]
    nb.click_box(board, f"space:{second}")
    nb.wait_data(board, f"Number(d.position) > {before} && d.running === 'false' && d.placed === ''")
    return first_mark, first, second_mark, second


def test_write_by_clicking_undo_from_a_cell_fork_and_reload(nb):
    page = nb.page
    nb.run(0)
    board = nb.wait_board(0)
    canvas = board.locator("canvas.tw-canvas")
    assert canvas.get_attribute("aria-label").startswith("On Tour board, seat 0")
    assert "Your turn, seat 0" in board.evaluate("el => el.board.geometry().frame.header.status")
    assert len([b for b in boxes(board) if b["kind"] == "space"]) == 41
    # Both numbers placed by clicking: the first shows on the canvas before anything is sent.
    nb.click_box(board, "number:0")
    first = data(board)["lit"].split()[0]
    empty = tile_pixels(board, first)
    nb.click_box(board, f"space:{first}")
    assert data(board)["placed"] and data(board)["reply"] == "" and data(board)["position"] == "0"
    assert tile_pixels(board, first) != empty  # pencilled in, not yet written
    # the pointer is still on it: its tip, read again, says so
    assert "pencilled in (a click on it again takes it back)" in data(board)["tip"]
    nb.click_box(board, f"space:{first}")  # a click on it again takes it back
    assert data(board)["placed"] == "" and tile_pixels(board, first) == empty
    a_mark, a, b_mark, b = write_by_clicking(nb, board)
    # The greedy seat wrote at once after the human: one turn is two writings.
    assert data(board)["position"] == "2"
    assert cell_of(board, a)["mark"] == int(a_mark) and cell_of(board, b)["mark"] == int(b_mark)
    written = tile_pixels(board, a)
    assert written != empty
    nb.run(1, "print(o.history[0])")
    assert sorted(" ".join(nb.output_text(1)).replace("p0:", "").replace(",", " ").split()) == \
        sorted([a_mark, a, b_mark, b])
    # Undo from a cell: every board follows, the spaces are empty again.
    nb.run(2, "o.undo(); o.undo()")
    nb.wait_data(board, "d.position === '0'")
    assert cell_of(board, a) is None and tile_pixels(board, a) != written
    # Redo from a cell, then a fork from the toolbar: a second board, a game of its own.
    nb.run(2, "o.redo(); o.redo()")
    nb.wait_data(board, "d.position === '2'")
    board.locator("button.tw-fork").click()
    page.wait_for_function("cell => cell.querySelectorAll('.tw-board').length === 2",
                           arg=nb.cell(0).element_handle())
    fork = nb.boards(0).nth(1)
    nb.wait_data(fork, "d.position === '2'")
    write_by_clicking(nb, fork)
    nb.wait_data(fork, "d.position === '4'")
    nb.run(3, "print(len(board.forks), board.forks[0].position, o.position)")
    assert " ".join(nb.output_text(3)).split() == ["1", "4", "2"]
    # Reload: the boards come back from the running kernel, where they were.
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')")
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    nb.accept_dialogs()
    board = nb.wait_board(0)
    nb.wait_data(board, "d.position === '2'")
    assert cell_of(board, a)["mark"] == int(a_mark)
    fork = nb.wait_board(0, nth=1)
    nb.wait_data(fork, "d.position === '4'")


def test_a_star_turn_an_x_and_a_refusal(nb):
    # Seed 21 opens with a star turn; seed 4's solo game needs an X at its 15th turn (greedy play).
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human"], seed=21)\nboard = o.board(speed="fast")\nboard')
    board = nb.wait_board(0)
    d = data(board)
    assert d["litMark"] == "star" and "draw a star" in board.evaluate(
        "el => el.board.geometry().frame.header.status")
    space = d["lit"].split()[0]
    nb.click_box(board, f"space:{space}")  # one click: the star is written
    nb.wait_data(board, "d.position === '1'")
    assert cell_of(board, space)["mark"] == "star"
    # A click on a space the roll cannot take is refused with the verdict and its rule.
    nb.click_box(board, "number:0")
    lit = data(board)["lit"].split()
    outside = next(s for s in spaces(board) if s not in lit and cell_of(board, s) is None)
    nb.click_box(board, f"space:{outside}")
    nb.wait_data(board, "d.error === 'true' && d.rule === 'O-WRITE'")
    assert outside in data(board)["message"] and data(board)["position"] == "1"
    # An X: the board says a number has no legal space, and the player chooses where its X goes.
    nb.run(1, 'o4 = tw.OnTour(players=["human"], seed=4)\n_ = [o4.step() for _ in range(14)]\n'
              'b4 = o4.board(speed="fast")\nb4')
    b4 = nb.wait_board(1)
    assert "cannot both be written" in board_words(b4)
    nb.click_box(b4, "number:0")
    first = data(b4)["lit"].split()[0]
    nb.click_box(b4, f"space:{first}")
    d = data(b4)
    assert d["litMark"] == "X" and "no legal space left" in b4.locator("[aria-live=polite]").text_content()
    target = d["lit"].split()[-1]
    nb.click_box(b4, f"space:{target}")
    nb.wait_data(b4, "d.position === '15'")
    assert cell_of(b4, target)["mark"] == "X"
    nb.run(2, "print(o4.history[-1])")
    assert f"X {target}" in " ".join(nb.output_text(2))


def board_words(board) -> str:
    return board.evaluate("el => el.board.geometry().game.turn.words.lines.join(' ')")


def test_draw_a_tour_and_see_its_score(nb):
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human", "greedy"], seed=7)\n_ = [o.step() for _ in range(16)]\n'
              'board = o.board(speed="fast")\nboard')
    board = nb.wait_board(0)
    best = board.evaluate("el => el.board.scores()[0]")
    tour = best["tour"]
    assert len(tour) >= 3
    nb.click_box(board, "button:tour")
    assert data(board)["mode"] == "tour"
    for k, space in enumerate(tour[:-1], start=1):
        nb.click_box(board, f"space:{space}")
        nb.wait_data(board, f"d.tour.split(' ').length === {k}")
    nb.wait_data(board, f"d.drawn.includes('scores') && d.tour === '{' '.join(tour[:-1])}'")
    assert f"below the best tour ({best['total']})" in data(board)["drawn"]
    nb.click_box(board, f"space:{tour[-1]}")
    nb.wait_data(board, "d.drawn.includes('as good as the best tour')")
    assert f"scores {best['total']} " in data(board)["drawn"]
    # A step off the routes: the first problem, with its rule.
    far = next(s for s in spaces(board) if s not in tour and cell_of(board, s) is not None)
    nb.click_box(board, f"space:{far}")
    nb.wait_data(board, "d.drawn.startsWith('Not a tour') && d.rule === 'O-ROUTE'")
    nb.run(1, "print(board.drawn['ok'], board.drawn['spaces'][-1])")
    assert " ".join(nb.output_text(1)).split() == ["False", far]
    # The best tour on its toggle.
    nb.click_box(board, "button:best")
    assert data(board)["best"] == "true"


def test_eight_players_and_the_keyboard(nb):
    page = nb.page
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human"] + ["greedy"] * 7, seed=2)\n'
              'board = o.board(speed="fast")\nboard')
    board = nb.wait_board(0)
    smalls = [b for b in boxes(board) if b["kind"] == "map"]
    assert sorted(b["id"] for b in smalls) == [f"map:{s}" for s in range(1, 8)]
    width = board.evaluate("el => el.querySelector('canvas').clientWidth")
    assert all(b["x"] + b["w"] <= width for b in smalls)
    # Keys: 1 picks the low number, arrows go through the lit spaces (named for screen readers),
    # Enter writes there; then the other number the same way.
    canvas = board.locator("canvas.tw-canvas")
    canvas.focus()
    page.keyboard.press("1")
    assert data(board)["pick"]
    page.keyboard.press("ArrowDown")
    focus = data(board)["focus"]
    live = board.locator("[aria-live=polite]").text_content()
    assert focus and f"({focus})" in live and "1 of" in live
    page.keyboard.press("Enter")
    assert data(board)["placed"].endswith(focus)
    page.keyboard.press("Backspace")  # taken back: the number is picked again
    assert data(board)["placed"] == "" and data(board)["pick"]
    page.keyboard.press("Enter")  # nothing focused: the board asks for a space
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    nb.wait_data(board, "d.position === '8' && d.running === 'false'")  # seven bots wrote at once
    nb.run(1, "print(o.state.round, [len([c for c in o.state.maps[s] if c]) for s in range(8)])")
    out = " ".join(nb.output_text(1))
    assert out.startswith("2 ") and out.count("6") == 8
    # Everybody's latest writing is marked on every map; the draw of eight maps is quick.
    ms = board.evaluate("""el => { const t = []; for (let i = 0; i < 15; i++) { el.board.draw();
        t.push(Number(el.dataset.drawMs)); } t.sort((a, b) => a - b); return t[7]; }""")
    assert ms < 30  # the benchmark holds the 8 ms target; this only catches a gross regression


# -- marimo --------------------------------------------------------------------------------------
MARIMO = '''
import marimo

app = marimo.App()


@app.cell
def _():
    import os
    import tempfile

    os.environ["TOURING_WIDGETS_DATA"] = tempfile.mkdtemp()
    import marimo as mo

    import touring_widgets as tw
    return mo, tw


@app.cell
def _(mo, tw):
    o = tw.OnTour(players=["human", "greedy"], seed=7)
    board = mo.ui.anywidget(o.board(seat=0, speed="fast"))
    board
    return board, o


@app.cell
def _(mo, o):
    undo = mo.ui.button(label="undo twice from a cell", on_click=lambda _: (o.undo(), o.undo()))
    undo
    return (undo,)


if __name__ == "__main__":
    app.run()
'''


@pytest.fixture
def marimo_app():
    pytest.importorskip("marimo", reason="marimo is in the test extra: pip install -e '.[test]'")
    with tempfile.TemporaryDirectory(prefix="on-tour-marimo-") as root:
        path = Path(root) / "on_tour.py"
        path.write_text(MARIMO)
        port = free_port()
        path_var = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
        env = dict(os.environ, PYTHONPATH=path_var)
        log = open(Path(root) / "marimo.log", "wb")  # noqa: SIM115 (closed below)
        proc = subprocess.Popen(
            [sys.executable, "-m", "marimo", "run", str(path), "--headless", "--host", "127.0.0.1",
             "--port", str(port), "--no-token", "--no-sandbox", "--no-check"],
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
            log.close()


def test_the_board_plays_in_marimo(marimo_app, page):
    page.goto(marimo_app, timeout=TIMEOUT)
    board = page.locator(".tw-board").first
    board.locator("canvas.tw-canvas").wait_for(timeout=TIMEOUT)
    page.wait_for_function("el => el.dataset.revision !== undefined && el.dataset.legal !== '0'",
                           arg=board.element_handle(), timeout=TIMEOUT)
    canvas = board.locator("canvas.tw-canvas")

    def click(box_id: str) -> None:
        box = next(b for b in boxes(board) if b["id"] == box_id)
        canvas.click(position={"x": box["x"] + box["w"] / 2, "y": box["y"] + box["h"] / 2})

    click("die:0")
    first = data(board)["lit"].split()[0]
    empty = tile_pixels(board, first)
    click(f"space:{first}")
    second = data(board)["lit"].split()[0]
    click(f"space:{second}")
    page.wait_for_function("el => el.dataset.position === '2'", arg=board.element_handle(), timeout=TIMEOUT)
    assert cell_of(board, first) is not None and cell_of(board, second) is not None
    assert tile_pixels(board, first) != empty
    # A cell's button undoes in the kernel; the board follows.
    page.get_by_role("button", name="undo twice from a cell").click()
    page.wait_for_function("el => el.dataset.position === '0'", arg=board.element_handle(), timeout=TIMEOUT)
    assert cell_of(board, first) is None
