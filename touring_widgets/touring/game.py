"""``Touring``: a game of Touring on a timeline, with the questions a notebook asks of it.

Facts: 2 to 6 seats (T-PLAYERS), one move a turn, hidden hands and face-down discards (T-VIEW),
chance in the deal and in every reshuffle, all drawn from the seed.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Game
from ..core.legal import LegalActions
from ..core.verdict import Verdict
from .actions import Action, read_action
from .bots import POLICIES
from .moves import advance, apply, explain, legal_actions
from .rules import Rules
from .search import search_policy
from .state import State, new_game, resample
from .view import public_action, render_text, table_dict, unseen, view


class Touring(Game):
    """A game of Touring you can step, undo, redo, jump in, fork, save and load.

    >>> g = Touring(players=["human", "greedy"], seed=7)
    >>> g.step("play go")
    Action.parse('play go')

    Args:
        players: a list of policies, one a seat ("human", "greedy", "keeper", "random", "search"),
            or a number of seats that all play "greedy". 2 to 6 seats (T-PLAYERS).
        seed: the seed of every shuffle (an int or ASCII text); None picks one.
        rules: a ``Rules``; defaults that depend on the player count are filled in.

    Raises ValueError for bad players, seed or rules, TypeError for rules that are not ``Rules``.
    """

    game_name = "touring"
    title = "Touring"
    seat_range = (2, 6)
    players_rule = "T-PLAYERS"
    rules_type = Rules
    policies: ClassVar[dict[str, Any]] = {**POLICIES, "search": search_policy}
    rules: Rules

    # -- engine hooks ------------------------------------------------------------------------
    _new_state = staticmethod(new_game)
    _resample = staticmethod(resample)

    def _read(self, state: State, action: Any) -> Action:
        return read_action(action)

    def _apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def _advance(self, state: State, action: Action) -> State:
        return advance(state, action)  # a policy chooses among the legal moves: judged once

    def _explain(self, state: State, action: Any) -> Verdict:
        return explain(state, action)

    def _legal(self, state: State) -> LegalActions:
        return legal_actions(state)

    def _turn(self, state: State) -> int | None:
        return None if state.over else state.turn

    def _winners(self, state: State) -> list[int]:
        return [] if state.winner is None else list(state.seats_of(state.team_of(state.winner)))

    def _end_rule(self, state: State) -> str:
        return "T-WIN" if state.winner is not None else "T-EXHAUST"

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat, self.players)

    def _draw(self, state: State) -> str:
        return render_text(state, None, self.players)

    def _public(self, before: State, action: Action, seat: int | None) -> str:
        return public_action(before.turn, action, seat)

    # -- questions about the position ------------------------------------------------------
    def hand(self, seat: int) -> list[str]:
        """The cards a seat holds, in deck order."""
        return list(self.state.hands[self._seat(seat)])

    def table(self, seat: int) -> dict[str, Any]:
        """A seat's tableau (its team's, T-TEAMS): columns bottom first, piles, miles, moving."""
        state = self.state
        return table_dict(state, state.team_of(self._seat(seat)))

    def miles(self) -> list[int]:
        """Miles of every seat (partners share theirs), as T-WIN reports them."""
        state = self.state
        return [state.table_of(s).miles() for s in range(self.n_players)]

    def piles(self) -> dict[str, int]:
        """Sizes of the draw and discard piles."""
        return {"draw": len(self.state.draw), "discard": len(self.state.discard)}

    def unseen(self, seat: int) -> dict[str, int]:
        """How many of each card ``seat`` cannot see (draw pile, other hands, hidden discards)."""
        counts = unseen(self.state, self._seat(seat))
        return {card: counts[card] for card in counts if counts[card] > 0}
