"""A new game on a board: the same players and rules (and the same scenario), a new deal.

``Rematch`` is the part of ``BoardSession`` that does it: ``rematch(seed=None)`` starts a new game of
the same class and the board follows it. The game before is kept in ``games`` (a name a cell gave
it still names it): nothing is lost.

>>> from touring_widgets import Touring
>>> from touring_widgets.widgets import BoardSession
>>> g = Touring(players=["human", "greedy"], seed=7)
>>> session = BoardSession(g, seat=0, speed="instant")
>>> new = session.rematch(seed=8)
>>> session.game is new, session.games == [g, new], new.seed, new.players == g.players
(True, True, 8, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.game import check_seed


class Rematch:
    """New games on a board (mixed into ``BoardSession``)."""

    game: Any
    games: list[Any]
    seat: int | None
    advisor: Any
    _rematch_callbacks: list[Callable[[Any], None]]

    def new_game(self, seed: int | str) -> Any:
        """A new game like the one shown: the same class, players and rules, starting where it
        started (its scenario, if any), dealt from ``seed``."""
        old = self.game
        game = type(old)(players=list(old.players), seed=seed, rules=old.rules)
        scenario = getattr(old, "scenario", None)
        if scenario is not None:
            game.start_from(scenario)
        return game

    def game_changed(self) -> None:
        """The board shows another game now: a game's session drops what belonged to the last one."""

    def rematch(self, seed: int | str | None = None) -> Any:
        """Start a new game with the same players and rules (``seed``: its seed; None picks one)
        and show it: the new game is returned and is ``game`` from now on; the game before stays
        in ``games``. Raises ValueError for a bad seed."""
        self.check_live()
        chosen = seed is not None
        game = self.new_game(check_seed(seed))
        advice = self.advisor.on
        self.stop_run()
        self.advisor.stop()
        self.games.append(game)
        number = len(self.games)
        # The seed deals every card: a seat's board names it only when the caller chose it.
        seed_words = f"seed {game.seed}" if chosen or self.seat is None else "a new seed"
        start = ", from the same scenario" if getattr(game, "scenario", None) is not None else ""
        with self.held():
            self.follow_game(game)
            self.game_changed()
            self.set(title=f"Game {number}: board.games[{number - 1}], the same players{start}, {seed_words}")
            self.refresh()
            self.say(f"New game ({seed_words}): the same players and rules{start}. board.game is the new "
                     f"game; the one before is kept as board.games[{number - 2}] (a name a cell gave it, "
                     f"like g, still names that one).")
            if advice:
                self.advisor.start()
        for callback in list(self._rematch_callbacks):
            callback(game)
        return game

    def on_rematch(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every new game this board starts; returns an unsubscribe.

        >>> # board.on_rematch(lambda game: globals().update(g=game))  # keep g on the board's game
        """
        if not callable(callback):
            raise TypeError("on_rematch needs a callable taking the new game")
        callbacks = self._rematch_callbacks
        callbacks.append(callback)
        return lambda: callbacks.remove(callback) if callback in callbacks else None
