"""Touring bots: ``random`` plays any legal action; ``greedy`` follows a heuristic; ``keeper``
(what the search bot's own seat plays in its playouts) plays as greedy but keeps its attacks,
discarding mileage first.

Greedy wins at once when it can, repairs delays, sets itself moving, lays a Freeway when it
still needs 50s and 75s, advances with its biggest mileage, attacks the opponent closest to
winning, and otherwise discards the card it is least likely to need, counting the cards it
has seen (only what T-VIEW lets its seat see).
"""

from __future__ import annotations

import random
from collections import _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable

from .actions import Action
from .facts import FAST_MILEAGE, MILEAGE, MILES, REMEDY_FOR, STOPPING_DELAYS
from .moves import changes_nothing, discard_action, legal_list, legal_plays
from .state import State
from .view import unseen_count

_PILE = {m: i for i, m in enumerate(MILEAGE)}
_CAUSE = {remedy: delay for delay, remedy in REMEDY_FOR.items()}
_MILES = dict(MILES)


def random_policy(state: State, seat: int) -> Action:
    """Any legal action, chosen by a generator named by the seed and the ply."""
    actions = legal_list(state)
    return random.Random(f"touring/{state.seed!r}/bot/{state.ply}").choice(actions)


def greedy_policy(state: State, seat: int) -> Action:
    """The action the heuristic values most (ties: the first in ``legal_actions`` order)."""
    best = _best_play(state)
    return best if best is not None else _least_needed_discard(state)


def keeper_policy(state: State, seat: int) -> Action:
    """Greedy's play when it has one; else a spare Go or mileage goes before its attack cards,
    kept for the turns they hurt (T-DELAY, T-LOSS). It wins about 64 % of two-player games
    against greedy; the search bot plays its own seat's playouts with it."""
    best = _best_play(state)
    return best if best is not None else _least_needed_discard(state, *_KEEPER)


#: keeper's discard weights (``_least_needed_discard``): a mileage card is worth 20 + miles / 10,
#: an attack 100, a spare Go 0.5 (greedy's: 40 + miles / 5, 20 and 2), found by playing weights
#: against greedy over thousands of games each
_KEEPER = (20.0, 10.0, 100.0, 0.5)


def _best_play(state: State) -> Action | None:
    """The play the heuristic values most, or None when it would rather discard."""
    best, best_value = None, 0.0
    for action in legal_plays(state):
        value = _play_value(state, action)
        if value > best_value:
            best, best_value = action, value
    return best


def _progress(state: State, team: int) -> float:
    """The share of the trip the team has covered (miles past a pile's cap do not count)."""
    piles = state.tables[team].piles
    caps = state.rules.caps
    progress = _PROGRESS.get((piles, caps))
    if progress is None:
        covered = sum(min(n, cap) * MILES[m] for n, cap, m in zip(piles, caps, MILEAGE))
        progress = _PROGRESS[piles, caps] = covered / state.rules.goal
    return progress


_PROGRESS: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}  # a few hundred pile counts at most


def _needs_fast(state: State, team: int) -> bool:
    piles, caps = state.tables[team].piles, state.rules.caps
    return piles[2] < caps[2] or piles[3] < caps[3]


def _play_value(state: State, action: Action) -> float:
    """How much the greedy bot wants to play this card; 0 means rather discard something."""
    card = action.card
    rules = state.rules
    tables = state.tables
    me = state.turn % len(tables)
    if not rules.useful_only and changes_nothing(state, action):
        return 0.0
    pile = _PILE.get(card)
    if pile is not None:
        piles = tables[me].piles
        if piles[pile] + 1 == rules.caps[pile]:  # it fills its pile: maybe every pile (T-WIN)
            filled = list(piles)
            filled[pile] += 1
            if tuple(filled) == rules.caps:
                return 10_000.0
        return 500.0 + _MILES[card]
    if card in _CAUSE:  # a remedy: it is only legal on its own delay
        return 900.0
    if card == "go":
        return 850.0
    if card == "freeway":
        return 700.0 if _needs_fast(state, me) else 0.0
    target = action.target % len(tables)  # the team's tableau (T-TEAMS)
    progress = _progress(state, target)
    threat = 250.0 + 600.0 * progress
    if card in STOPPING_DELAYS:
        # A stop hurts most while the target can still move and earn miles.
        return threat + (50.0 if tables[target].moving(rules) else 0.0)
    if card == "populated_area":
        return threat if _needs_fast(state, target) else 0.0
    lost = rules.loss_value(card)
    return threat * MILES[lost] / 75.0


def _least_needed_discard(
    state: State, mileage: float = 40.0, miles_a_point: float = 5.0, attack: float = 20.0,
    spare_go: float = 2.0,
) -> Action:
    """The discard of the card the seat is least likely to need. A needed mileage card is worth
    ``mileage`` plus a point for every ``miles_a_point`` miles, an attack card ``attack``, a Go
    once moving ``spare_go``."""
    seat = state.turn
    tables = state.tables
    me = seat % len(tables)
    table = tables[me]
    piles = table.piles
    caps = state.rules.caps
    hand = state.hands[seat]
    freeway_active = table.freeway_active
    top = table.top_go
    least, least_value = "", 0.0
    # Each kind of card once, in hand order, so ties go to the first card.
    counts: dict[str, int] = {}
    _count_elements(counts, hand)  # Counter's own counting loop: Counter() costs 6% of a game
    for card, copies in counts.items():
        pile = _PILE.get(card)
        if pile is not None:
            missing = caps[pile] - piles[pile]
            if missing <= 0:
                value = 0.0
            else:
                value = mileage + _MILES[card] / miles_a_point
                if card in FAST_MILEAGE and not freeway_active:
                    value -= 10
                if copies > missing:
                    value = value / copies
        elif card == "go":
            value = 100.0 if top is None else (30.0 if state.rules.go_after_remedy else spare_go)
        elif card == "freeway":
            if not _needs_fast(state, me):
                value = 1.0
            elif not freeway_active:
                value = 90.0 / copies
            else:
                # A spare Freeway only matters while Populated Areas are still out there.
                value = 15.0 / copies if unseen_count(state, seat, "populated_area") > 0 else 1.0
        elif card in _CAUSE:
            delay = _CAUSE[card]
            if top == delay:  # stopped by it (a remedy's cause is a stopping delay)
                value = 120.0
            elif unseen_count(state, seat, delay) > 0:
                value = 25.0 / copies
            else:
                value = 0.5
        else:
            value = attack / copies  # attacks stay useful while anyone has something to hit
        if not least or value < least_value:
            least, least_value = card, value
    return discard_action(least)


#: Policy name -> the bot: ``policy(state, seat) -> action`` for the seat to move.
POLICIES: dict[str, Callable[[State, int], Action]] = {
    "human": greedy_policy,  # a human seat asking for a move gets the greedy hint
    "greedy": greedy_policy,
    "keeper": keeper_policy,
    "random": random_policy,
}
