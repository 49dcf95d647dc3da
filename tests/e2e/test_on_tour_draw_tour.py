"""On Tour's drawing mode in a real JupyterLab, through Chromium: the mode is said with its way out,
a number chip ends it (the next click writes, it does not go into the tour), Clear keeps drawing,
and a refused click names only what the player did."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import HEAD, data

pytestmark = pytest.mark.e2e


@pytest.fixture
def nb(open_notebook):
    return open_notebook("on_tour.ipynb", "on_tour")


def said(board) -> str:
    return board.locator("[aria-live=polite]").text_content()


def shot(board, name: str) -> None:
    """A picture of the board, for a person to look at (TOURING_SHOTS=<folder>)."""
    folder = os.environ.get("TOURING_SHOTS")
    if folder:
        board.screenshot(path=str(Path(folder) / name))


def test_drawing_a_tour_is_a_mode_said_and_left_by_a_number(nb):
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human", "greedy"], seed=7)\n_ = [o.step() for _ in range(16)]\n'
              'board = o.board(speed="fast")\nboard')
    board = nb.wait_board(0)
    tour = board.evaluate("el => el.board.scores()[0]")["tour"]
    nb.click_box(board, "button:tour")
    assert data(board)["mode"] == "tour" and said(board).startswith("Drawing a tour: click spaces in order")
    nb.click_box(board, f"space:{tour[0]}")
    nb.wait_data(board, "d.drawn.includes('scores')")
    assert said(board).startswith("Drawing a tour: your tour scores ")
    assert said(board).endswith("Done drawing or Esc: back to writing.")
    shot(board, "on_tour_drawing.png")
    nb.click_box(board, "button:clear")  # cleared, still drawing
    nb.wait_data(board, "d.drawn === '' && d.message === 'Tour cleared.'")
    assert data(board)["mode"] == "tour" and "tour cleared, click a space to start again" in said(board)
    # A number chip is for writing: drawing ends, and the next click writes instead of drawing.
    nb.click_box(board, "number:0")
    d = data(board)
    assert d["mode"] == "write" and d["pick"] and said(board).startswith("Stopped drawing. ")
    lit = d["lit"].split()[0]
    nb.click_box(board, f"space:{lit}")
    assert data(board)["placed"].endswith(lit) and data(board)["tour"] == ""
    # A refused click names what the player did, never a mark it did not make.
    filled = next(s for s, c in board.evaluate("el => el.board.maps()[0]").items() if c)
    nb.click_box(board, f"space:{filled}")
    nb.wait_data(board, "d.error === 'true' && d.rule === 'O-WRITE'")
    message = data(board)["message"]
    assert " cannot go in " in message and "Illegal" not in message and "p0:" not in message
    shot(board, "on_tour_refused.png")
