"""The On Tour game: a timeline of states with the questions a notebook asks of it.

Facts: 1-8 players (numbered from 0: ``p0`` .. ``p7``), who all write at the same time; chance
(setup, card flips, dice) is drawn from the seed; perfect information; a game is about 18-20 turns
and one action per player per turn. Each action is one player's writing for the turn; when the
last player has written, the turn resolves and the next cards and roll are drawn.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalAction, LoadError
from ..core.timeline import Timeline
from . import moves
from .actions import Action, read_action
from .facts import SPACES
from .bots import POLICIES, policy_action
from .rules import Rules
from .scoring import Score, best_tour
from .state import MAX_PLAYERS, State, new_game
from .view import draw_state, view


def _policies(players: Any) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError(f"players must be 1-8 or a list of policy names, not {players!r} (O-PLAYERS)")
    if isinstance(players, int):
        if not 1 <= players <= MAX_PLAYERS:
            raise ValueError(f"On Tour takes 1 to {MAX_PLAYERS} players, not {players} (O-PLAYERS)")
        return ("greedy",) * players
    if isinstance(players, (list, tuple)):
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"On Tour takes 1 to {MAX_PLAYERS} players, not {len(players)} (O-PLAYERS)")
        for name in players:
            if name not in POLICIES:
                raise ValueError(f"unknown policy {name!r}: choose from {', '.join(POLICIES)}")
        return tuple(players)
    raise ValueError(f"players must be 1-8 or a list of policy names, not {players!r} (O-PLAYERS)")


def _check_seed(seed: Any) -> int | str:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be an int or a str, not {seed!r}")
    return seed


class OnTour(Timeline):
    """A game of On Tour with a cursor: step, undo, redo, goto, fork, save and load.

    >>> import touring_widgets as tw
    >>> o = tw.OnTour(players=2, seed=7)
    >>> o.step().player, o.to_write
    (0, 1)
    >>> o.play().is_over, len(o.winner) >= 1
    (True, True)

    ``players`` is 1-8 (all "greedy") or a list of policy names ("human", "greedy",
    "random"); players are numbered from 0. Raises ValueError for bad arguments.
    """

    game_name = "on_tour"

    def __init__(self, players: Any = 1, seed: int | str | None = None, rules: Rules | None = None) -> None:
        self.players = _policies(players)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.seed = _check_seed(seed)
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be an on_tour.Rules, not {type(rules).__name__}")
        self.rules = rules
        self._scores: tuple[State, list[Score]] | None = None
        super().__init__(new_game(len(self.players), self.seed, rules))

    # -- timeline hooks -----------------------------------------------------------------
    def _parse(self, state: State, action: Any) -> Action:
        action = read_action(action)
        if action.player is None:
            return action.with_player(state.to_write)
        return action

    def _apply(self, state: State, action: Action) -> State:
        return moves.apply(state, action)

    def _auto_action(self, state: State) -> Action:
        p = state.to_write
        assert p is not None
        return policy_action(state, self.players[p], p)

    def _is_over(self, state: State) -> bool:
        return state.over

    def _refuse_after_end(self, state: State, action: Any) -> None:
        if action is not None:
            self._parse(state, action)
        raise IllegalAction("the game is over: every map is full (O-END)", "O-END")

    def _header(self) -> dict[str, Any]:
        return {"players": list(self.players), "seed": self.seed, "rules": self.rules.to_dict()}

    @classmethod
    def _from_header(cls, header: dict[str, Any]) -> OnTour:
        for key in header:
            if key not in ("players", "seed", "rules"):
                raise LoadError(f"field {key!r} is not part of an On Tour save")
        for key in ("players", "seed", "rules"):
            if key not in header:
                raise LoadError(f"field {key!r} is missing")
        players = header["players"]
        if not isinstance(players, list):
            raise LoadError(f"field 'players': {players!r} is not a list of policy names")
        try:
            _policies(players)
        except ValueError as exc:
            raise LoadError(f"field 'players': {exc}") from None
        try:
            seed = _check_seed(header["seed"])
        except ValueError as exc:
            raise LoadError(f"field 'seed': {exc}") from None
        rules = Rules.from_dict(header["rules"])
        return cls(players=players, seed=seed, rules=rules)

    def _fork_hook(self, parent: Timeline) -> None:
        self._scores = None

    # -- questions ----------------------------------------------------------------------
    @property
    def to_write(self) -> int | None:
        """The next player still to write this turn (None once the game is over)."""
        return self.state.to_write

    def legal_actions(self, player: int | None = None) -> moves.LegalActions:
        """The legal writings of ``player`` (default: the next still to write), as a lazy sequence.

        It supports ``len``, iteration, indexing and ``in`` (with text too) without building a list.
        """
        return moves.legal_actions(self.state, player)

    def is_legal(self, action: Action | str) -> bool:
        """Whether an action (text or object) is legal now; a bare action is for the next writer."""
        return moves.is_legal(self.state, action)

    def why(self, action: Action | str) -> str:
        """One sentence: legal or not, and the rule id behind it.

        >>> import touring_widgets as tw
        >>> tw.OnTour(seed=7).why("star TX").startswith("illegal")
        True
        """
        return moves.why(self.state, action)

    def map(self, player: int = 0) -> dict[str, Any]:
        """Player's map: space id -> None | (number, circled) | ('star', circled) | ('X', False)."""
        self._check_player(player)
        return self.state.map(player)

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < len(self.players):
            raise ValueError(
                f"there is no player {player!r} in this {len(self.players)}-player game (O-PLAYERS)"
            )

    @property
    def scores(self) -> list[Score]:
        """Each player's best tour so far and its score (O-SCORE); final once the game is over."""
        state = self.state
        if self._scores is None or self._scores[0] is not state:
            self._scores = (state, [best_tour(state.map(p)) for p in range(state.players)])
        return list(self._scores[1])

    @property
    def is_over(self) -> bool:
        """Every map is full (O-END)."""
        return self.state.over

    @property
    def winner(self) -> list[int] | None:
        """None while the game goes on; then the players with the highest score (O-WIN).

        Ties are shared: every tied player is listed. With ``Rules(shared_ties=False)`` a tie
        has no winner and the list is empty.
        """
        if not self.state.over:
            return None
        totals = [s.total for s in self.scores]
        top = max(totals)
        best = [p for p, t in enumerate(totals) if t == top]
        if len(best) > 1 and not self.rules.shared_ties:
            return []
        return best

    def view(self, player: int = 0) -> dict[str, Any]:
        """What a board draws for one player, as plain JSON values (map, cards, dice, tour, score)."""
        self._check_player(player)
        return view(self.state, player, self.scores[player])

    def play(self) -> OnTour:
        """Step every player by their policy until the game is over; returns the game."""
        while not self.state.over:
            self.step()
        return self

    def __repr__(self) -> str:
        head = (
            f"OnTour(players={list(self.players)!r}, seed={self.seed!r}) "
            f"at position {self.position} of {len(self)}"
        )
        return head + "\n" + draw_state(self.state, self.scores)

    @staticmethod
    def spaces() -> tuple[str, ...]:
        """The space ids of the board, in board order."""
        return SPACES
