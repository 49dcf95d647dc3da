"""What the playout search (``core/search.py``) needs of Touring: the re-deal a seat cannot tell
from the real one (T-VIEW), the moves to try, and what a finished game is worth to a seat (T-WIN).
"""

from __future__ import annotations

from typing import Any

from ..core.search import SearchKit, best_move
from .bots import greedy_policy, keeper_policy
from .moves import advance, legal_list
from .state import State, resample

__all__ = [
    "BOUNDS",
    "CAP",
    "KIND",
    "KIT",
    "MOST_PLAYOUTS",
    "PLAYOUTS",
    "PLIES",
    "TRUST",
    "apply",
    "candidates",
    "capped_value",
    "own_policy",
    "playout_policy",
    "resample",
    "search_policy",
    "shortlist",
    "turn",
    "value",
]

#: what a playout is worth: 1 when the seat's team wins, else 0
KIND = "chance to win"
BOUNDS = (0.0, 1.0)
#: moves a playout may take before it counts as no win (greedy bots at 4 or 5 seats may attack
#: the leader for ever)
CAP = 1500
#: how the other seats play in a playout (the model of an opponent), and the seat weighing its
#: moves: keeper, greedy that keeps its attacks (it beats greedy alone, so the moves it plays
#: after the one weighed are nearer the bot's own)
playout_policy = greedy_policy
own_policy = keeper_policy
#: the position after a move: each move the search plays is one of the legal moves it listed (or
#: a policy chose), in a position whose cards the mover sees as in the real one, so it
#: is not judged again
apply = advance
#: how many standard errors the search's best move must beat keeper's move by, deal for deal:
#: keeper is strong, and at one standard error the bot left it on about a move in four and won
#: less than keeper alone, so another move must beat it clearly
TRUST = 2.0
#: the search bot's budget: playouts a move, shared out by sequential halving; at least that
#: many, and as many as PLIES moves played out buy (late in a game playouts are short), up to
#: MOST_PLAYOUTS
PLAYOUTS = 200
PLIES = 20_000
MOST_PLAYOUTS = 800


def candidates(state: State, seat: int) -> list[Any]:
    """Every legal move of the seat to move (a handful: six cards, a few targets)."""
    return legal_list(state)


def shortlist(state: State, seat: int) -> list[Any]:
    """The moves the search bot weighs: all of them."""
    return candidates(state, seat)


def turn(state: State) -> int | None:
    return None if state.over else state.turn


def value(state: State, seat: int) -> float:
    """1.0 when the seat's team completed the trip first (T-WIN), else 0.0."""
    winner = state.winner
    return 1.0 if winner is not None and state.team_of(winner) == state.team_of(seat) else 0.0


def capped_value(state: State, seat: int) -> float:
    return 0.0


def search_policy(state: State, seat: int) -> Any:
    """The ``search`` bot: the move whose playouts on re-dealt positions are worth most (a pure
    function of the state: its deals are drawn from the game's seed and the moment)."""
    seed = f"search/{state.seed}/{state.ply}"
    return best_move(KIT, state, seat, seed, PLAYOUTS, plies=PLIES, most=MOST_PLAYOUTS)


#: what the playout search needs of this game
KIT = SearchKit(
    kind=KIND, bounds=BOUNDS, cap=CAP, trust=TRUST, resample=resample, candidates=candidates,
    shortlist=shortlist, apply=apply, turn=turn, own_policy=own_policy, playout_policy=playout_policy,
    value=value, capped_value=capped_value,
)
