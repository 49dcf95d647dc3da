"""At "instant", a player's own move is drawn as soon as it is made, before a slow bot answers it
(in JupyterLab, against the search bot, which thinks for about half a second)."""

from __future__ import annotations

import pytest

from .test_board_lab import play_first_card

pytestmark = pytest.mark.e2e

#: Every position the page shows, in order, with when it showed it.
RECORD = """el => {
  window.twShown = [[el.dataset.position, performance.now()]];
  new MutationObserver(() => window.twShown.push([el.dataset.position, performance.now()]))
    .observe(el, { attributes: true, attributeFilter: ["data-position"] });
}"""


def test_the_players_move_shows_before_the_search_bot_answers(notebook):
    nb = notebook
    nb.run(0, 'import touring_widgets as tw\ng = tw.Touring(players=["human", "search"], seed=7)\n'
              'b = g.board(seat=0, speed="instant")\nb')
    board = nb.wait_board(0)
    nb.wait_data(board, "d.position === '0' && Number(d.legal) > 0")
    board.evaluate(RECORD)
    play_first_card(nb, board)
    nb.wait_data(board, "d.position === '2' && d.running === 'false'")
    shown = board.evaluate("() => window.twShown")
    positions = [p for p, _ in shown]
    # The move drew on its own first ("1"), and the bot's answer came after it.
    assert positions[:3] == ["0", "1", "2"], positions
    seen_for = shown[2][1] - shown[1][1]
    print(f"the player's move was on the board {seen_for:.0f} ms before the search bot's answer")
    nb.run(1, "print(g.position, g.players)")
    assert " ".join(nb.output_text(1)).split()[0] == "2"
