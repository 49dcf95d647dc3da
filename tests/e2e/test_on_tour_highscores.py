"""The solo high-score table in JupyterLab, as a player meets it (O-SOLO): a game the policy
finished with Play to end is not a personal best; a game finished by clicks enters once, and a
line played again after an undo does not enter a second time."""

from __future__ import annotations

import pytest

from .conftest import HEAD, data

pytestmark = pytest.mark.e2e

ROWS = "from touring_widgets.on_tour.highscores import HighScores\nprint(len(HighScores().rows()))"


def banner(board) -> str:
    return board.evaluate("el => (el.board.geometry().frame.banner || {}).text || ''")


def finish_by_clicks(nb, board, avoid: str = "") -> str:
    """Write the turns left by clicking: a number, then a lit space (not ``avoid`` if another is lit)."""
    written = ""
    for _ in range(8):
        d = data(board)
        if d["over"] == "true":
            return written
        lit = d["lit"].split()
        if not d["pick"] and not d["placed"]:
            nb.click_box(board, "number:0")
            continue
        space = next((s for s in lit if s != avoid), lit[0])
        written = written or space
        position = d["position"]
        nb.click_box(board, f"space:{space}")
        try:
            nb.wait_data(board, f"d.position !== '{position}' || d.placed !== '{d['placed']}'")
        except Exception:
            raise AssertionError(f"a click on {space} did nothing: {data(board)}") from None
    raise AssertionError(f"the game did not end by clicks: {data(board)}")


def test_play_to_end_is_not_a_best_and_an_undo_does_not_enter_a_game_twice(notebook):
    nb = notebook
    # Play to end: the policy wrote every number, so the table stays empty.
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human"], seed=21)\nboard = o.board(speed="instant")\nboard')
    board = nb.wait_board(0)
    board.locator("button.tw-run").click()
    nb.wait_data(board, "d.over === 'true'")
    assert banner(board).endswith("· not entered in your table")
    nb.run(1, ROWS)
    assert " ".join(nb.output_text(1)).split() == ["0"]
    # The same deal, written by hand to its last turn, which the player clicks.
    nb.run(2, 'p = tw.OnTour(players=["human"], seed=21)\n'
              "_ = [p.step(str(p.legal_actions()[0])) for _ in range(19)]\n"  # all but the last turn
              'mine = p.board(speed="instant")\nmine')
    mine = nb.wait_board(2)
    first = finish_by_clicks(nb, mine)
    nb.wait_data(mine, "d.over === 'true'")
    assert "not entered" not in banner(mine)
    nb.run(1, ROWS)
    assert " ".join(nb.output_text(1)).split() == ["1"]
    # Undo, and finish another way: the deal was entered when first finished, and only then.
    mine.locator("button.tw-undo").click()
    nb.wait_data(mine, "d.over === 'false'")
    finish_by_clicks(nb, mine, avoid=first)
    nb.wait_data(mine, "d.over === 'true'")
    nb.run(1, ROWS + "\nprint(len(p.variations), mine.highscores['note'][:18])")
    shown = " ".join(nb.output_text(1)).split()
    assert shown[0] == "1", shown
    if shown[1] == "1":  # another line was played: it says why it is not entered
        assert banner(mine).endswith("· not entered in your table")
        assert shown[2:5] == ["Not", "entered", "again:"]
