"""``Touring``: a game of Touring on a timeline, with the questions a notebook asks of it."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from ..errors import IllegalAction, LoadError
from ..core.timeline import Timeline
from .actions import Action
from .bots import POLICIES, POLICY_FUNCTIONS
from .moves import advance, check, explain, legal_actions
from .rules import Rules
from .state import State, new_game
from .view import line_texts, render_text, table_dict, unseen, view


class Touring(Timeline):
    """A game of Touring you can step, undo, redo, jump in, fork, save and load.

    >>> g = Touring(players=["human", "greedy"], seed=7)
    >>> g.step("discard go")  # doctest: +SKIP

    Args:
        players: a list of policies, one a seat ("human", "greedy", "random"), or a number
            of seats that all play "greedy". 2 to 6 seats (T-PLAYERS).
        seed: the seed of every shuffle; None picks one (kept, so saves replay exactly).
        rules: a ``Rules``; defaults that depend on the player count are filled in.

    Raises ValueError for bad players, seed or rules.
    """

    game_name = "touring"

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> None:
        self.players: tuple[str, ...] = _policies(players)
        if seed is None:
            seed = secrets.randbelow(2**31)
        if type(seed) is not int or seed < 0:
            raise ValueError(f"seed must be a non-negative integer, not {seed!r}")
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a touring Rules, not {type(rules).__name__}")
        self.seed = seed
        super().__init__(new_game(len(self.players), seed, rules))
        self.rules: Rules = self.state.rules

    # -- timeline hooks ----------------------------------------------------------------------
    def _parse(self, state: State, action: Any) -> Action:
        return check(state, action)

    def _apply(self, state: State, action: Action) -> State:
        return advance(state, action)  # _parse has judged it

    def _auto_action(self, state: State) -> Action:
        return POLICY_FUNCTIONS[self.players[state.turn]](state)

    def _is_over(self, state: State) -> bool:
        return state.over

    def _refuse_after_end(self, state: State, action: Any) -> None:
        if action is not None and not isinstance(action, Action):
            Action.parse(action)
        rule = "T-WIN" if state.winner is not None else "T-EXHAUST"
        raise IllegalAction(f"the game is over: no move can follow ({rule})", rule)

    def _header(self) -> dict[str, Any]:
        return {"players": list(self.players), "rules": self.rules.to_dict(), "seed": self.seed}

    @classmethod
    def _from_header(cls, header: dict[str, Any]) -> Touring:
        for key in header:
            if key not in ("players", "rules", "seed"):
                raise LoadError(f"field {key!r} is not part of a Touring save")
        players = header.get("players")
        if not isinstance(players, list):
            raise LoadError("field 'players' must be a list of policies")
        seed = header.get("seed")
        if type(seed) is not int or seed < 0:
            raise LoadError(f"field 'seed': {seed!r} is not a non-negative integer")
        rules = Rules.from_dict(header.get("rules"))
        try:
            return cls(players=players, seed=seed, rules=rules)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"field 'players' or 'rules': {exc}") from None

    # -- questions about the position ------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        """The seat that completed the trip, or None (not over, or nobody won: T-EXHAUST)."""
        return self.state.winner

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that shares the win (partners too, T-TEAMS)."""
        state = self.state
        return () if state.winner is None else state.seats_of(state.team_of(state.winner))

    def legal_actions(self) -> list[Action]:
        """Every legal play and discard of the seat to move; ``str(a)`` is its text form."""
        return legal_actions(self.state)

    def why(self, action: Action | str) -> str:
        """A sentence saying whether ``action`` is legal now, citing the rule id."""
        return explain(self.state, action)

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

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (T-VIEW) as plain values; ``None`` shows everything."""
        if seat is not None:
            seat = self._seat(seat)
        return view(self.state, seat, self.players)

    def line(self, seat: int | None = None) -> list[str]:
        """Every move of the line (redo branch included) as text that ``seat`` may know:
        other seats' discards read 'discard ?' (T-DISCARD); ``None`` shows them all."""
        if seat is not None:
            seat = self._seat(seat)
        return line_texts(self.states(), seat)

    def unseen(self, seat: int) -> dict[str, int]:
        """How many of each card ``seat`` cannot see (draw pile, other hands, hidden discards)."""
        counts = unseen(self.state, self._seat(seat))
        return {card: counts[card] for card in counts if counts[card] > 0}

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.n_players:
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {self.n_players - 1} (T-PLAYERS)")
        return seat

    # -- display -----------------------------------------------------------------------------
    def board(self, seat: int | None = 0, **options: Any) -> Any:
        """A board widget showing this game from ``seat`` (None: the teacher's view of all)."""
        from .board import TouringBoard

        return TouringBoard(self, seat=seat, **options)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.board()._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        moves = f"{self.position} moves" + (f", {len(self.future)} to redo" if self._redo else "")
        return f"<Touring seed={self.seed} {moves}>\n" + render_text(self.state, None, self.players)


def _policies(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError(f"players must be a number or a list of policies, not {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ValueError(f"Touring is for 2 to 6 players, not {players} (T-PLAYERS)")
        return ("greedy",) * players
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a number or a list of policies, not {players!r}")
    policies = tuple(players)
    for p in policies:
        if p not in POLICIES:
            raise ValueError(f"unknown player policy {p!r}: choose from {', '.join(POLICIES)}")
    if not 2 <= len(policies) <= 6:
        raise ValueError(f"Touring is for 2 to 6 players, not {len(policies)} (T-PLAYERS)")
    return policies

