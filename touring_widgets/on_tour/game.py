"""``OnTour``: a game of On Tour on a timeline, with the questions a notebook asks of it.

Facts: 1 to 8 seats (O-PLAYERS), numbered from 0 (``p0`` .. ``p7`` in action texts), who all
write at the same time; chance (setup, card flips, dice) is drawn from the seed; perfect
information; a game is about 18-20 turns and one action a seat a turn. Each action is one seat's
writing for the turn; when the last seat has written, the turn resolves and the next cards and
roll are drawn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..core.game import Game
from ..core.legal import LegalActions
from ..core.verdict import Verdict
from .actions import MAX_SEATS, Action, read_action
from .bots import POLICIES
from .facts import SPACES
from .moves import apply, explain, legal_actions
from .rules import Rules
from .scoring import Score, best_tour_of_cells
from .search import search_policy
from .state import State, new_game, resample
from .view import render_text, view


class OnTour(Game):
    """A game of On Tour you can step, undo, redo, jump in, fork, save and load.

    >>> import touring_widgets as tw
    >>> o = tw.OnTour(players=2, seed=7)
    >>> o.step().seat, o.turn
    (0, 1)
    >>> o.play().is_over, len(o.winners) >= 1
    (True, True)

    Args:
        players: 1 to 8 seats (all "greedy") or a list of policy names ("human", "greedy",
            "random"), one a seat (O-PLAYERS).
        seed: the seed of every roll and shuffle (an int or ASCII text); None picks one.
        rules: an ``on_tour.Rules``.

    Raises ValueError for bad players or seed, TypeError for rules that are not ``Rules``.
    """

    game_name = "on_tour"
    title = "On Tour"
    seat_range = (1, MAX_SEATS)
    players_rule = "O-PLAYERS"
    rules_type = Rules
    policies: ClassVar[dict[str, Any]] = {**POLICIES, "search": search_policy}
    rules: Rules

    def __init__(self, players: int | list[str] | tuple[str, ...] = 1, seed: int | str | None = None,
                 rules: Rules | None = None) -> None:
        self._scores: tuple[State, list[Score]] | None = None
        super().__init__(players, seed, rules)

    # -- engine hooks ----------------------------------------------------------------------
    _new_state = staticmethod(new_game)
    _resample = staticmethod(resample)

    def _read(self, state: State, action: Any) -> Action:
        action = read_action(action)
        return action if action.seat is not None else action.with_seat(state.turn)

    def _apply(self, state: State, action: Action) -> State:
        return apply(state, action)

    def _explain(self, state: State, action: Any) -> Verdict:
        return explain(state, action)

    def _legal(self, state: State) -> LegalActions:
        return legal_actions(state)

    def _turn(self, state: State) -> int | None:
        return state.turn

    def _winners(self, state: State) -> list[int]:
        totals = [s.total for s in self._scores_of(state)]
        top = max(totals)
        best = [p for p, t in enumerate(totals) if t == top]
        return [] if len(best) > 1 and not self.rules.shared_ties else best

    def _end_rule(self, state: State) -> str:
        return "O-END"

    def _view(self, state: State, seat: int | None) -> dict[str, Any]:
        winners = self._winners(state) if state.over else []
        return view(state, seat, self.players, self._scores_of(state), winners)

    def _draw(self, state: State) -> str:
        return render_text(state, self._scores_of(state))

    def _fork_hook(self) -> None:
        self._scores = None

    def _scores_of(self, state: State) -> list[Score]:
        if self._scores is None or self._scores[0] is not state:
            self._scores = (state, [best_tour_of_cells(state.maps[p]) for p in range(state.players)])
        return self._scores[1]

    # -- questions about the position --------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """The legal writings of ``seat`` (default: the next still to write), as a lazy sequence."""
        return legal_actions(self.state, None if seat is None else self._seat(seat))

    def map(self, seat: int = 0) -> dict[str, Any]:
        """A seat's map: space id -> None | (number, circled) | ('star', circled) | ('X', False)."""
        return self.state.map(self._seat(seat))

    @property
    def scores(self) -> list[Score]:
        """Each seat's best tour so far and its score (O-SCORE); final once the game is over."""
        return list(self._scores_of(self.state))

    @staticmethod
    def spaces() -> tuple[str, ...]:
        """The space ids of the board, in board order."""
        return SPACES
