"""What the playout search (``core/search.py``) needs of On Tour: the deck order and dice still
to come drawn again, the writings to try, and what a finished map is worth (O-SCORE).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core.search import SearchKit, best_move
from .bots import CIRCLE_BONUS, WRONG_ORDER, PlanJudge, greedy_policy, setup_plan
from .facts import INDEX, N_SPACES
from .moves import apply, legal_actions
from .scoring import best_tour_of_cells
from .state import State, resample

__all__ = [
    "ASSUMES",
    "BOUNDS",
    "CAP",
    "KIND",
    "KIT",
    "PLAYOUTS",
    "TRUST",
    "WIDE",
    "WIDTH",
    "apply",
    "candidates",
    "capped_value",
    "own_policy",
    "playout_policy",
    "prior",
    "resample",
    "search_policy",
    "shortlist",
    "turn",
    "value",
]

#: what a playout is worth: the seat's final score, spaces plus circles
KIND = "expected score"
BOUNDS = (0.0, 2.0 * N_SPACES)
#: writings a playout may take: every game ends within 41 turns a seat
CAP = 10_000
playout_policy = greedy_policy
#: how the seat weighing its moves plays on in a playout: as greedy too
own_policy = greedy_policy
#: what the figures take for granted of the other seats: nothing, as a seat's score comes of its
#: own writings alone (O-SCORE)
ASSUMES = ""
#: how many writings the search bot weighs (``shortlist``)
WIDTH = 16
#: how many standard errors the search's best move must beat the greedy move by, deal for deal
#: (any margin: greedy's writing is often beaten)
TRUST = 0.0
#: the search bot's budget: playouts a move, shared out by sequential halving
PLAYOUTS = 100
#: above this many writings the advice plays a first ranking of the WIDE its judge likes best,
#: then shares its playouts out by sequential halving (``core.search.Schedule``)
WIDE = 32


def candidates(state: State, seat: int) -> list[Any]:
    """Every legal writing of the seat (a few hundred on a turn of two numbers)."""
    return list(legal_actions(state, seat))


def prior(state: State, seat: int, moves: Sequence[Any]) -> list[float]:
    """What the greedy bot's judge (the plan of one long rising tour) makes of each writing, with
    no playout; the greedy bot's own choice above every other."""
    judge = PlanJudge(state.maps[seat], setup_plan(state.setup))
    shown = {INDEX[c] for c in state.cards}
    greedy = greedy_policy(state, seat)

    def worth(action: Any) -> float:
        if action == greedy:
            return math.inf
        total = 0.0
        numbers = []
        for kind, space in action.marks:
            i = INDEX[space]
            bonus = CIRCLE_BONUS if i in shown else 0.0
            if kind == "X":
                total += judge.x_score(i)
            elif kind == "star":
                total += judge.star(i) + bonus
            else:
                total += judge.number(kind, i) + bonus
                numbers.append((kind, i))
        if len(numbers) == 2:
            (_, i), (_, j) = sorted(numbers)
            if judge.pos[i] > judge.pos[j] and judge.same_gap(i, j):
                total -= WRONG_ORDER
        return total

    return [worth(m) for m in moves]


def shortlist(state: State, seat: int) -> list[Any]:
    """The writings the search bot weighs: the greedy bot's own choice first, then the others
    its judge values most (``prior``), WIDTH in all."""
    moves = candidates(state, seat)
    if len(moves) <= WIDTH:
        return moves
    worth = prior(state, seat, moves)
    order = sorted(range(len(moves)), key=lambda k: -worth[k])
    return [moves[k] for k in order[:WIDTH]]


def turn(state: State) -> int | None:
    return state.turn


def value(state: State, seat: int) -> float:
    """The seat's final score: its best tour's spaces plus circles (O-SCORE)."""
    return float(best_tour_of_cells(state.maps[seat]).total)


def capped_value(state: State, seat: int) -> float:
    return value(state, seat)


def search_policy(state: State, seat: int) -> Any:
    """The ``search`` bot: the move whose playouts on re-dealt positions are worth most (a pure
    function of the state: its deals are drawn from the game's seed and the moment)."""
    seed = f"search/{state.seed}/{state.round}/{seat}"
    return best_move(KIT, state, seat, seed, PLAYOUTS)


#: what the playout search needs of this game
KIT = SearchKit(
    kind=KIND, bounds=BOUNDS, cap=CAP, trust=TRUST, resample=resample, candidates=candidates,
    shortlist=shortlist, apply=apply, turn=turn, own_policy=own_policy, playout_policy=playout_policy,
    value=value, capped_value=capped_value, prior=prior, wide=WIDE,
    noun="writing", judge="greedy's judge",
    assumes=ASSUMES,
)
