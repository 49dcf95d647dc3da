"""A review of both boards as a player meets them on a 360 px cell, in a real JupyterLab: the last
writing of a solo On Tour game by clicking and its banner (a score, not a winning seat), the move
log's hover and click, and Touring's advice figures fitting under the hand's cards."""

from __future__ import annotations

import time

import pytest

from .conftest import HEAD, data

pytestmark = pytest.mark.e2e


@pytest.fixture
def nb(open_notebook):
    """A fresh copy of the On Tour fixture notebook, open in JupyterLab (its own kernel)."""
    return open_notebook("on_tour.ipynb", "review")


def narrow(page, board, width: int = 360) -> int:
    """Make the board ``width`` px wide by narrowing the page (the cell is narrower than the page)."""
    for _ in range(4):
        got = board.evaluate("el => el.clientWidth")
        if abs(got - width) <= 2:
            break
        size = page.viewport_size
        page.set_viewport_size({"width": size["width"] + width - got, "height": size["height"]})
        time.sleep(0.5)  # the notebook lays out again
    return board.evaluate("el => el.clientWidth")


def hover_box(board, box_id: str) -> None:
    box = next(b for b in board.evaluate("el => el.board.hitboxes()") if b["id"] == box_id)
    middle = {"x": box["x"] + box["w"] / 2, "y": box["y"] + box["h"] / 2}
    board.locator("canvas.tw-canvas").hover(position=middle)


def test_a_solo_game_ends_with_its_score_and_the_log_reads_at_360_px(nb):
    # Seed 5's solo game, its first 18 writings by the greedy policy; the last one by clicking.
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human"], seed=5)\n_ = [o.step() for _ in range(18)]\n'
              'board = o.board(speed="fast")\nboard')
    board = nb.wait_board(0)
    assert narrow(nb.page, board) == 360
    for _ in range(6):  # a number, then its space; or a star or an X: one space
        d = data(board)
        if d["over"] == "true":
            break
        if not d["pick"] and not d["placed"] and d["litMark"] not in ("star", "X"):
            nb.click_box(board, "number:0")
            d = data(board)
        nb.click_box(board, f"space:{d['lit'].split()[0]}")
        time.sleep(0.2)
    nb.wait_data(board, "d.over === 'true'")
    nb.wait_data(board, "d.story.includes('O-SOLO')")
    top = board.evaluate("el => el.board.geometry().frame")
    total = board.evaluate("el => el.board.scores()[0].total")
    # Its first 18 writings were the policy's: a personal best is a game played by hand (O-SOLO).
    points = f"{total} point{'s' * (total != 1)}"
    assert top["banner"]["text"] == f"Game over: {points} · not entered in your table"
    assert "wins" not in top["banner"]["text"] and "winner" not in board_words(board)
    # The move log: a hover shows the whole sentence with its rule ids, a click goes back to it.
    logs = [b for b in board.evaluate("el => el.board.hitboxes()") if b["kind"] == "log"]
    assert logs
    n = min(int(b["id"].split("-")[1]) for b in logs)
    hover_box(board, f"log-{n}")
    nb.wait_data(board, f"d.tip.startsWith('Move {n}: p0 ')")
    assert "(O-" in data(board)["tip"]
    if n < int(data(board)["position"]):
        assert "(click to go back to it)" in data(board)["tip"]
        nb.click_box(board, f"log-{n}")
        nb.wait_data(board, f"d.position === '{n}' && d.over === 'false'")
        assert "(O-" in data(board)["story"]


def board_words(board) -> str:
    return board.evaluate("el => el.board.geometry().game.turn.words.lines.join(' ')")


def test_touring_advice_figures_fit_under_the_cards_at_360_px(nb):
    nb.run(0, 'import touring_widgets as tw\ng = tw.Touring(players=["human", "greedy"], seed=7)\n'
              'board = g.board(speed="fast")\nboard.advise(deals=40)\nboard')
    board = nb.wait_board(0)
    assert narrow(nb.page, board) == 360
    nb.wait_data(board, "d.adviceDone === 'true' && Number(d.adviceFigures) > 0")
    board.evaluate("el => el.board.draw()")
    hand = sorted((b for b in board.evaluate("el => el.board.hitboxes()") if b["kind"] == "hand"),
                  key=lambda b: b["x"])
    gap = hand[1]["x"] - hand[0]["x"]
    # Every figure's badge (as drawn: "★ 72%" for the best) is no wider than the step from card to card.
    widths = board.evaluate(
        """(el) => { const ctx = el.querySelector('canvas').getContext('2d');
          const font = getComputedStyle(el).getPropertyValue('--jp-ui-font-family') || 'sans-serif';
          const card = el.board.hitboxes().find((b) => b.kind === 'hand');
          ctx.font = `bold ${card.w < 46 ? 9 : 10}px ${font}`;
          return el.dataset.adviceDrawn.split('; ').filter((f) => f.startsWith('hand:'))
            .map((f) => ctx.measureText((f.includes('=') && f.split('=')[1]) || '').width + 8); }""")
    assert widths and max(widths) <= gap + 2
