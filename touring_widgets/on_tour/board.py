"""The On Tour board: the USA map on a canvas, numbers written by clicking, tours drawn and checked.

>>> import touring_widgets as tw
>>> o = tw.OnTour(players=["human", "greedy"], seed=7)
>>> board = o.board(seat=0)      # or just `o` as the last line of a cell
>>> board.choices[0]["first"], len(board.choices[0]["spaces"]) > 0
([56, 65], True)

The widget carries its session (``on_tour.session``: what the board shows and answers) to the
page, with the map's atlas, a drawn tour and the solo high-score table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..widgets.base import Board
from .highscores import HighScores
from .picture import PALETTE, atlas, svg
from .session import TURN_WORDS, OnTourSession

_HERE = Path(__file__).parent


class OnTourBoard(Board):
    """A live board of an On Tour game seen from one seat (``seat=None``: the teacher's view).

    ``highscores`` is the solo table (a ``HighScores``, or a path for one; default: the user's
    data folder). Raises TypeError for a game without the timeline API and ValueError for a seat
    that is not in the game or a speed that is not one of ``SPEEDS``.
    """

    session_type = OnTourSession
    game_module = _HERE / "ui" / "board.js"
    palette: ClassVar[dict[str, Any]] = {**PALETTE, "turn_words": TURN_WORDS}

    # the map as the page draws it, sent once: spaces (id, name, label, area, regions, x, y...), routes
    atlas = traitlets.Dict().tag(sync=True)
    # a tour drawn on the board and its check: {"seat", "spaces", "ok", "text", "rule", "total", "best"}
    drawn = traitlets.Dict().tag(sync=True)
    # the solo high-score table: {"rows", "rank", "problem", "best"} ({} when the game is not solo)
    highscores = traitlets.Dict().tag(sync=True)

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal",
                 highscores: HighScores | str | Path | None = None, **kwargs: Any) -> None:
        super().__init__(game, seat, speed=speed, session_options={"highscores": highscores}, **kwargs)

    @classmethod
    def fixed_state(cls) -> dict[str, Any]:
        """The map as the page draws it."""
        return {"atlas": atlas()}

    def check(self, spaces: list[str], seat: int | None = None) -> dict[str, Any]:
        """Check a tour drawn on ``seat``'s map (default: this board's large map) and show it."""
        return self.session.check(spaces, seat)

    def picture(self) -> str:
        """The maps this board shows, as SVG (for notebooks without a kernel)."""
        return svg(self.view, caption=self.title)
