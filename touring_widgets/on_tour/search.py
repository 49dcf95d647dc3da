"""What the playout search (``core/search.py``) needs of On Tour: the deck order and dice still
to come drawn again, the writings to try, and what a finished map is worth (O-SCORE).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from ..core.search import best_move
from .bots import greedy_policy
from .facts import N_SPACES
from .moves import apply, legal_actions
from .scoring import best_tour
from .state import State
from .state import resample as _resample

__all__ = [
    "BOUNDS",
    "CAP",
    "KIND",
    "PLAYOUTS",
    "apply",
    "candidates",
    "capped_value",
    "playout_policy",
    "resample",
    "search_policy",
    "turn",
    "value",
]

#: what a playout is worth: the seat's final score, spaces plus circles
KIND = "expected score"
BOUNDS = (0.0, 2.0 * N_SPACES)
#: writings a playout may take: every game ends within 41 turns a seat
CAP = 10_000
playout_policy = greedy_policy
#: the search bot's budget: playouts a move, shared out by sequential halving
PLAYOUTS = 600


def resample(state: State, seat: int, seed: int | str) -> State:
    """The position with the deck's order and the dice to come drawn again from ``seed`` alone:
    the deck's hidden order before it never shows in the result."""
    return _resample(replace(state, deck=tuple(sorted(state.deck))), seat, seed)


def candidates(state: State, seat: int) -> list[Any]:
    """Every legal writing of the seat (a few hundred on a turn of two numbers)."""
    return list(legal_actions(state, seat))


def turn(state: State) -> int | None:
    return state.turn


def value(state: State, seat: int) -> float:
    """The seat's final score: its best tour's spaces plus circles (O-SCORE)."""
    return float(best_tour(state.map(seat)).total)


def capped_value(state: State, seat: int) -> float:
    return value(state, seat)


def search_policy(state: State, seat: int) -> Any:
    """The ``search`` bot: the move whose playouts on re-dealt positions are worth most (a pure
    function of the state: its deals are drawn from the game's seed and the moment)."""
    seed = f"search/{state.seed}/{state.round}/{seat}"
    return best_move(sys.modules[__name__], state, seat, seed, PLAYOUTS)
