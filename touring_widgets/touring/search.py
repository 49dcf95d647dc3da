"""What the playout search (``core/search.py``) needs of Touring: the re-deal a seat cannot tell
from the real one (T-VIEW), the moves to try, and what a finished game is worth to a seat (T-WIN).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..core.search import SearchKit, best_move
from .bots import POLICIES, greedy_policy, keeper_policy
from .facts import CARD_IDS
from .moves import advance, discard_action, legal_list
from .state import State, resample, sort_hand

__all__ = [
    "ASSUMES",
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
    "informed_resample",
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
#: after the one weighed are nearer the bot's own). The other seats stay greedy: modelled as
#: keeper, the search won 55 % of 200 games against keeper (53.5 % modelling it as greedy)
#: but 63 % of 100 against greedy, where keeper alone won 67 % (README, "Speed")
playout_policy = greedy_policy
own_policy = keeper_policy
#: what the figures take for granted, in the words the advice's progress line adds to them
ASSUMES = "if others play as greedy"
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


def informed_resample(state: State, seat: int, seed: int | str) -> State:
    """``resample``, with the hand of the seat that moved last made to agree with that move under
    the model of an opponent (``playout_policy``): a seat that discarded held no card the model
    would have played then (T-DISCARD: the discard itself stays face down).

    The re-deal's cards the model would have played are swapped with cards from the draw pile it
    would not have, and the discarded card becomes the one the model discards from that hand.
    Where the draw pile has too few such cards, the re-deal is left as it is.
    """
    world = resample(state, seat, seed)
    last = state.last
    if state.over or last is None or last[0] == seat or last[1].kind != "discard":
        return world
    mover, (card, owner) = last[0], world.discard[-1] if world.discard else (None, None)
    if owner != mover or world.last[1].card != card:  # a reshuffle took the discard
        return world
    # the position the seat that discarded saw: its hand with the card, not yet on the pile
    hand = sort_hand((*world.hands[mover], card))
    hands = _with_hand(world.hands, mover, hand)
    before = replace(world, turn=mover, hands=hands, discard=world.discard[:-1])
    idle = [c for c in dict.fromkeys(CARD_IDS) if _discards(before, mover, (c,))]
    held = list(before.hands[mover])
    wrong = [i for i, c in enumerate(held) if c not in idle]
    if wrong:
        spares = [i for i, c in enumerate(world.draw) if c in idle]
        if len(spares) < len(wrong):
            return world
        chosen = random.Random(f"touring/{seed!r}/informed").sample(spares, len(wrong))
        draw = list(world.draw)
        for i, j in zip(wrong, chosen):
            held[i], draw[j] = draw[j], held[i]
        before = replace(before, hands=_with_hand(before.hands, mover, sort_hand(held)), draw=tuple(draw))
    thrown = playout_policy(before, mover).card
    if not wrong and thrown == card:
        return world
    hand = before.hands[mover]
    i = hand.index(thrown)
    hands = _with_hand(before.hands, mover, hand[:i] + hand[i + 1:])
    discard = (*before.discard, (thrown, mover))
    return replace(before, turn=world.turn, hands=hands, discard=discard,
                   last=(mover, discard_action(thrown)))


def _with_hand(hands: tuple[tuple[str, ...], ...], seat: int,
               hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1:])


def _discards(state: State, seat: int, hand: tuple[str, ...]) -> bool:
    """Whether the model of an opponent, to move at ``state`` holding only ``hand``, would discard."""
    probe = replace(state, hands=_with_hand(state.hands, seat, hand))
    return playout_policy(probe, seat).kind == "discard"


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
    value=value, capped_value=capped_value, assumes=ASSUMES, model="greedy",
    # the advice plays a seat as its own bot; a search seat as keeper, what its own playouts play
    models={**{name: (name, POLICIES[name]) for name in ("greedy", "keeper", "random")},
            "search": ("keeper", own_policy)},
)
