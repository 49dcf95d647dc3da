"""The Touring board: a canvas widget you play by clicking, kept in step with its game.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
>>> board = g.board(seat=0)      # or just `g` as the last line of a cell
>>> board.choices[0]
{'action': 'play go', 'kind': 'play', 'card': 'go', 'target': None, 'team': 0, 'column': 'go'}

Every board observes its game: ``g.step()``, ``g.undo()`` or ``g.goto(3)`` in any cell redraw
every board showing ``g``, and a move made on any board is at once part of ``g``. The widget
carries its session (``touring.session``: what the board shows and answers) to the page, with
the card catalogue and the picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import traitlets

from ..widgets.base import Board
from .picture import PALETTE, svg
from .session import TouringSession
from .view import card_catalog

_HERE = Path(__file__).parent


class TouringBoard(Board):
    """A live board of a Touring game seen from one seat (``seat=None``: the teacher's view).

    Raises TypeError for a game without the timeline API and ValueError for a seat that is not
    in the game or a speed that is not one of ``SPEEDS``.
    """

    session_type = TouringSession
    game_module = _HERE / "ui" / "board.js"
    game_css = _HERE / "ui" / "board.css"
    palette = PALETTE

    # card id -> {"name", "kind"}, sent once
    cards = traitlets.Dict().tag(sync=True)

    @classmethod
    def fixed_state(cls) -> dict[str, Any]:
        """The card catalogue: what each card id is called."""
        return {"cards": card_catalog()}

    def picture(self) -> str:
        """The position this board shows, as SVG (for notebooks without a kernel)."""
        return svg(self.view, self.cards or card_catalog(), caption=self.title)
