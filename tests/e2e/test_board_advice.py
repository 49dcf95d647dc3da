"""Advice on the boards in a real JupyterLab, driven through Chromium: the toggle (a button, or the
A key), figures drawn as the playouts come in, a board that keeps answering while they are
computed, the progress line, and the toggle off again."""

from __future__ import annotations

import time

import pytest

from touring_widgets.touring import Action, card_name

from .conftest import data

pytestmark = pytest.mark.e2e

#: the longest a click may wait for the kernel while advice is computed (s); generous: the
#: machine is small and shared, and one slice of playouts is 0.04 s
ANSWER = 5.0
#: typed into the notebook once advice is on: more deals than the test lasts, so the advice is
#: still computing at every click that checks the board answers meanwhile (a fast machine
#: finishes the board's 200 deals a move before the test gets there)
MANY_DEALS = "board.advise(deals=50_000)"


@pytest.fixture
def on_tour(open_notebook):
    """A fresh copy of the On Tour fixture notebook, open in JupyterLab (its own kernel)."""
    return open_notebook("on_tour.ipynb", "advice_on_tour")


def answered(nb, board, click, expression: str) -> float:
    """Seconds from ``click()`` until ``expression`` holds, with advice still being computed."""
    assert data(board)["adviceDone"] == "false", "advice should still be computing"
    start = time.monotonic()
    click()
    nb.wait_data(board, expression)
    return time.monotonic() - start


def test_touring_advice_on_cards_and_places_while_the_board_answers(notebook, tmp_path):
    nb = notebook
    nb.run(0)
    board = nb.wait_board(0)
    toggle = board.locator("button.tw-advice")
    assert toggle.get_attribute("aria-pressed") == "false" and data(board)["adviceFigures"] == "0"
    toggle.click()
    nb.wait_data(board, "d.adviceOn === 'true'")
    nb.run(1, MANY_DEALS)
    nb.wait_data(board, "d.adviceOn === 'true' && Number(d.adviceFigures) > 0 && d.advicePlayouts !== '0'")
    assert toggle.get_attribute("aria-pressed") == "true"
    d = data(board)
    assert d["advice"].startswith("Advice for seat 0: ") and "chance to win" in d["advice"]
    hand = [f.split("=", 1)[1] for f in d["adviceDrawn"].split("; ") if f.startswith("hand:0:")]
    assert hand and all(text.endswith(tuple(f"±{k}" for k in range(101))) for text in hand)
    if d["adviceBest"]:  # one move clearly best: starred alone, and the progress line names it
        best = Action.parse(d["adviceBest"])
        target = "" if best.target is None else f" on seat {best.target}"
        assert f"best so far: {best.kind} {card_name(best.card)}{target}," in d["advice"]
        assert not any(text.startswith("= ") for text in hand)
    else:  # the best's interval overlaps others': those are marked alike ("= "), none starred
        assert "; tied: " in d["advice"] and "(intervals overlap)" in d["advice"]
        assert not any("★" in text for text in hand) and any(text.startswith("= ") for text in hand)
    board.screenshot(path=str(tmp_path / "touring-advice.png"))
    # The figures follow the playouts as they come in.
    playouts = int(d["advicePlayouts"])
    nb.wait_data(board, f"Number(d.advicePlayouts) > {playouts}")
    # A card picked: the discard pile (every card may go there) shows that move's figure.
    boxes = board.evaluate("el => el.board.hitboxes()")
    card = next(b for b in boxes if b["kind"] == "hand")
    nb.click_box(board, card["id"])
    nb.wait_data(board, "d.selected !== '' && d.adviceDrawn.includes('discard=')")
    board.screenshot(path=str(tmp_path / "touring-advice-picked.png"))
    # What the board said of the pick stays while the figures come in (a screen reader hears it once).
    said = board.locator("[aria-live=polite]").text_content()
    assert said and data(board)["adviceDone"] == "false"
    playouts = int(data(board)["advicePlayouts"])
    nb.wait_data(board, f"Number(d.advicePlayouts) > {playouts}")
    assert board.locator("[aria-live=polite]").text_content() == said
    # The move goes through while the advice computes; the greedy seat answers; advice follows.
    waited = answered(nb, board, lambda: nb.click_box(board, "discard"), "d.position === '2'")
    assert waited < ANSWER
    nb.wait_data(board, "Number(d.adviceFigures) > 0 && d.advice.includes('Advice for seat 0')")
    # Undo from the toolbar answers too; on seat 1's turn the advice says what it waits for.
    waited = answered(nb, board, lambda: board.locator("button.tw-undo").click(), "d.position === '1'")
    assert waited < ANSWER
    nb.wait_data(board, "d.advice.includes('waits for seat 0') && d.adviceFigures === '0'")
    # Off again: no figures, no progress line.
    toggle.click()
    nb.wait_data(board, "d.adviceOn === 'false' && d.advice === '' && d.adviceFigures === '0'")
    assert toggle.get_attribute("aria-pressed") == "false"


def test_on_tour_advice_on_lit_spaces_by_key_while_the_board_answers(on_tour, tmp_path):
    nb = on_tour
    nb.run(0)
    board = nb.wait_board(0)
    canvas = board.locator("canvas.tw-canvas")
    canvas.focus()
    canvas.press("a")  # the board's key, never JupyterLab's "insert a cell above"
    nb.wait_data(board, "d.adviceOn === 'true' && Number(d.adviceFigures) > 0")
    assert len(nb.page.locator(".jp-Notebook .jp-Cell").all()) == 5
    nb.run(1, MANY_DEALS)
    # The figures of the advice started again come in (not those left from the first one).
    nb.wait_data(board, "d.adviceOn === 'true' && Number(d.adviceFigures) > 0"
                        " && d.advice.includes('expected score')")
    d = data(board)
    assert board.locator("button.tw-advice").get_attribute("aria-pressed") == "true"
    board.screenshot(path=str(tmp_path / "on-tour-advice.png"))
    # A number picked: each of its lit spaces shows its own figure (one decimal).
    nb.click_box(board, "number:0")
    nb.wait_data(board, "d.pick !== '' && Number(d.adviceFigures) > 0")
    d = data(board)
    lit = set(d["lit"].split())
    drawn = [f.split("=") for f in d["adviceDrawn"].split("; ")]
    assert all(where.split(":")[0] in lit and where.split(":")[1] == d["pick"] for where, _ in drawn)
    assert all(text.lstrip("★").replace(".", "", 1).isdigit() and "." in text for _, text in drawn)
    board.screenshot(path=str(tmp_path / "on-tour-advice-picked.png"))
    # Its first space: the second number's spaces show whole writings; the writing goes through.
    first = d["adviceBest"] or d["lit"].split()[0]
    nb.click_box(board, f"space:{first}")
    nb.wait_data(board, "d.placed !== '' && Number(d.adviceFigures) > 0")
    second = data(board)["adviceBest"]
    assert second in data(board)["lit"].split()
    waited = answered(nb, board, lambda: nb.click_box(board, f"space:{second}"), "d.position === '2'")
    assert waited < ANSWER
    nb.wait_data(board, "Number(d.adviceFigures) > 0 && d.advice.includes('Advice for seat 0')")
    waited = answered(nb, board, lambda: board.locator("button.tw-undo").click(), "d.position === '1'")
    assert waited < ANSWER
    board.locator("button.tw-advice").click()
    nb.wait_data(board, "d.adviceOn === 'false' && d.adviceFigures === '0'")
