"""A second reading of Touring's rules, written from ``rulebook/touring.md`` alone, for the tests.

The engine answers ``legal_actions``, ``explain`` and ``apply`` from one judge, so comparing them
with each other cannot catch a wrong rule. This module reads the rule text again, card by card,
plainly and slowly, and shares no code with the engine's judge (``moves.py``): it knows only the
``State`` layout and the card table. The tests compare the two over many real positions.

``literal_legal(state)`` is the set of action texts the seat to move may play.
``check_effect(before, action, after)`` checks the position after a move against the rules and
says which of the rarer things happened (a win, a reshuffle, a turn without a draw...).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from touring_widgets.touring import Tableau
from touring_widgets.touring.state import FACE_UP

# T-DECK, as the rule text lists the cards.
MILEAGE_CARDS = ("m25", "m35", "m50", "m75")  # also the order of Tableau.piles
MILES = {"m25": 25, "m35": 35, "m50": 50, "m75": 75}
STOPPING_DELAYS = ("stop_to_refuel", "missed_the_curve")
MILEAGE_DELAYS = ("burning_oil", "broken_spring", "brake_adjustment")
ATTACK_CARDS = ("populated_area", *STOPPING_DELAYS, *MILEAGE_DELAYS)
REMEDY_FOR = {"stop_to_refuel": "gasoline", "missed_the_curve": "wrecker"}  # T-STOP
REMEDIES = ("gasoline", "wrecker")
ALL_CARDS = (*MILEAGE_CARDS, "go", "freeway", *ATTACK_CARDS, *REMEDIES)

FULL_TRIP = {"m25": 8, "m35": 4, "m50": 2, "m75": 2}  # T-GOAL: 590 miles
SHORT_TRIP = {"m25": 4, "m35": 2, "m50": 1, "m75": 1}  # T-SHORT: 295 miles


# -- reading a position ---------------------------------------------------------------------
def tableau_index(state, seat: int) -> int:
    """The tableau a seat plays on: its own, or the one it shares with its partners (T-TEAMS)."""
    return seat % len(state.tables)


def partners(state, a: int, b: int) -> bool:
    """Whether two seats share one tableau (T-TEAMS; without teams only a seat and itself)."""
    return tableau_index(state, a) == tableau_index(state, b)


def trip(state) -> dict[str, int]:
    """How many cards of each mileage value complete the trip (T-GOAL, T-SHORT)."""
    short = state.rules.short_trip
    if short is None:  # the default: on for 3 and 6 players
        short = state.players in (3, 6)
    return SHORT_TRIP if short else FULL_TRIP


def pile(table: Tableau, mileage: str) -> int:
    """How many cards lie on a tableau's pile of that mileage value."""
    return table.piles[MILEAGE_CARDS.index(mileage)]


def go_top(table: Tableau) -> str | None:
    """The card that matters in the Go column, or None while it is empty."""
    return table.go[-1] if table.go else None


def has_played_go(table: Tableau) -> bool:
    """Whether a Go has been laid on this tableau (T-GO: the first card of the Go column is a Go).

    A reshuffle may bury that Go (T-RESHUFFLE), but the column then still holds its top card, so
    a column that is not empty means the first Go was played.
    """
    return bool(table.go)


def is_moving(table: Tableau, rules) -> bool:
    """T-MOVING: the top of the Go column is a Go, or a remedy while go_after_remedy is off."""
    top = go_top(table)
    if top == "go":
        return True
    return top in REMEDIES and not rules.go_after_remedy


def is_stopped(table: Tableau) -> bool:
    """T-STOP: a stopping delay lies on top of the Go column."""
    return go_top(table) in STOPPING_DELAYS


def freeway_active(table: Tableau) -> bool:
    """T-FREEWAY: the top of the Freeway column is a Freeway."""
    return bool(table.freeway) and table.freeway[-1] == "freeway"


def value_taken(rules, delay: str) -> str:
    """The mileage card a mileage delay takes away (T-LOSS: a rules setting per delay card)."""
    return f"m{getattr(rules, delay)}"


def first_seat_of(state, seat: int) -> int:
    """The lowest seat of the seat's team, which an attack names (T-TEAMS: one name per team)."""
    return tableau_index(state, seat)


# -- what may be played ---------------------------------------------------------------------
def refusal(state, kind: str, card: str, target: int | None) -> str | None:
    """The rule that forbids this action for the seat to move, or None when the rules allow it."""
    rules = state.rules
    seat = state.turn
    if state.over:
        return "T-WIN"
    if card not in state.hands[seat]:
        return "T-TURN"
    if kind == "discard":
        # T-DISCARD: any card, face down onto the discard pile; it names nobody.
        return None if target is None else "T-DISCARD"
    if kind != "play":
        return "T-TURN"
    mine = state.tables[tableau_index(state, seat)]

    if card in ATTACK_CARDS:
        if target is None or not 0 <= target < state.players:
            return "T-DELAY"
        if target == seat:
            return "T-DELAY"  # played on an opponent
        if partners(state, seat, target):
            return "T-TEAMS"  # nobody attacks a partner
        if target != first_seat_of(state, target):
            return "T-TEAMS"  # the team is named by its first seat
        if not rules.attack_before_go and not has_played_go(mine):
            return "T-DELAY"  # attack_before_go off: attacks wait for one's own first Go
        theirs = state.tables[tableau_index(state, target)]
        if card == "populated_area":
            # T-POP: on an opponent's active Freeway; T-USEFUL: elsewhere it changes nothing.
            if not freeway_active(theirs) and rules.useful_only:
                return "T-USEFUL"
            return None
        # Delay cards: the target must already have a Go on the table.
        if not has_played_go(theirs):
            return "T-DELAY"
        if card in STOPPING_DELAYS:
            if is_stopped(theirs) and not rules.stack_stops:
                return "T-STOP"  # a stopped player cannot be stopped again
            return None
        # A mileage delay needs a card of its value to take (T-LOSS, lifted with T-USEFUL off).
        if pile(theirs, value_taken(rules, card)) == 0 and rules.useful_only:
            return "T-USEFUL"
        return None

    if target is not None:
        return "T-TURN"  # only attacks name a seat
    if card == "go":
        if not has_played_go(mine):
            return None  # the first card on the table is a Go
        if is_stopped(mine):
            return "T-STOP"  # only the matching remedy ends a stop
        if is_moving(mine, rules) and rules.useful_only:
            return "T-USEFUL"  # already moving
        return None
    if not has_played_go(mine):
        return "T-GO"  # nothing but a Go before the first Go
    if card == "freeway":
        if freeway_active(mine) and rules.useful_only:
            return "T-USEFUL"
        return None  # on an empty Freeway column or a Populated Area
    if card in REMEDIES:
        if is_stopped(mine):
            return None if REMEDY_FOR[go_top(mine)] == card else "T-STOP"
        return "T-USEFUL" if rules.useful_only else None
    # Mileage.
    if not is_moving(mine, rules):
        return "T-MOVING"
    if card in ("m50", "m75") and not freeway_active(mine):
        return "T-FREEWAY"
    if pile(mine, card) >= trip(state)[card]:
        return "T-GOAL"
    return None


def candidate_actions(state) -> list[tuple[str, str, int | None]]:
    """Every (kind, card, target) worth asking about: each card of the deck, each seat and none."""
    targets = (None, *range(state.players))
    return [("discard", card, None) for card in ALL_CARDS] + [
        ("play", card, target) for card in ALL_CARDS for target in targets
    ]


def text(kind: str, card: str, target: int | None) -> str:
    """The text form of an action, e.g. 'play stop_to_refuel on 1'."""
    return f"{kind} {card}" if target is None else f"{kind} {card} on {target}"


def literal_legal(state) -> set[str]:
    """The texts of every action the seat to move may take, read from the rules."""
    if state.over:
        return set()
    return {text(*a) for a in candidate_actions(state) if refusal(state, *a) is None}


# -- what a move does -----------------------------------------------------------------------
@dataclass
class Effect:
    """What happened around one move, for counting how much of the rules the games reached."""

    win: bool = False
    no_winner: bool = False
    reshuffle: bool = False
    no_draw: bool = False  # T-EXHAUST: the next seat plays without drawing
    skipped: list[int] = field(default_factory=list)  # seats passed for want of cards


def _remove_one(cards: tuple[str, ...], card: str) -> list[str]:
    left = list(cards)
    left.remove(card)
    return left


def _placed(before, kind: str, card: str, target: int | None):
    """Hands, tableaus and discard pile right after the card is played or discarded, before any
    draw, and whether the move completed the trip."""
    rules = before.rules
    seat = before.turn
    hands = [list(h) for h in before.hands]
    hands[seat] = _remove_one(before.hands[seat], card)
    tables = [Tableau(t.go, t.freeway, t.piles) for t in before.tables]
    discard = list(before.discard)
    won = False
    if kind == "discard":
        discard.append((card, seat))  # face down: only its owner saw it
    elif card in ATTACK_CARDS:
        i = tableau_index(before, target)
        t = tables[i]
        if card == "populated_area":
            tables[i] = Tableau(t.go, (*t.freeway, card), t.piles)
        elif card in STOPPING_DELAYS:
            tables[i] = Tableau((*t.go, card), t.freeway, t.piles)
        else:
            owner = FACE_UP if rules.loss_face_up else seat
            lost = value_taken(rules, card)
            discard.append((card, owner))
            if pile(t, lost) > 0:
                piles = list(t.piles)
                piles[MILEAGE_CARDS.index(lost)] -= 1
                tables[i] = Tableau(t.go, t.freeway, tuple(piles))
                discard.append((lost, owner))
    else:
        i = tableau_index(before, seat)
        t = tables[i]
        if card in MILEAGE_CARDS:
            piles = list(t.piles)
            piles[MILEAGE_CARDS.index(card)] += 1
            tables[i] = Tableau(t.go, t.freeway, tuple(piles))
            goal = trip(before)
            won = all(piles[k] == goal[m] for k, m in enumerate(MILEAGE_CARDS))
        elif card == "freeway":
            tables[i] = Tableau(t.go, (*t.freeway, card), t.piles)
        else:  # Go and remedies go on the Go column
            tables[i] = Tableau((*t.go, card), t.freeway, t.piles)
    return hands, tables, discard, won


def _same_cards(a, b) -> bool:
    return Counter(a) == Counter(b)


def _same_hands(a, b) -> bool:
    return len(a) == len(b) and all(sorted(x) == sorted(y) for x, y in zip(a, b))


def check_effect(before, action, after) -> Effect:
    """Assert that ``after`` is the position the rules make of ``before`` and ``action``.

    The shuffle of a reshuffle is the engine's own (seeded) business: only the cards of the new
    draw pile are checked, not their order.
    """
    kind, card, target = action.kind, action.card, action.target
    seat = before.turn
    name = f"{text(kind, card, target)} by seat {seat} at ply {before.ply}"
    assert refusal(before, kind, card, target) is None, f"{name}: applied, but the rules forbid it"
    hands, tables, discard, won = _placed(before, kind, card, target)
    effect = Effect()

    assert after.rules == before.rules and after.seed == before.seed, f"{name}: rules or seed changed"
    assert after.ply == before.ply + 1, f"{name}: ply {after.ply} after {before.ply}"
    assert after.last == (seat, action), f"{name}: last is {after.last}"
    assert list(after.discard[: len(before.discard)]) == list(before.discard) or after.discard == (), (
        f"{name}: the discard pile lost cards other than by a reshuffle"
    )

    if won:
        effect.win = True
        assert after.over and after.winner == seat, f"{name}: completes the trip, so seat {seat} wins (T-WIN)"
        assert after.draw == before.draw and after.drawn is None, f"{name}: nobody draws after a win (T-WIN)"
        assert _same_hands(after.hands, hands), f"{name}: hands (T-WIN)"
        assert list(after.tables) == tables, f"{name}: tableaus {after.tables} != {tables}"
        assert list(after.discard) == discard, f"{name}: discard pile (T-WIN)"
        assert after.reshuffles == before.reshuffles
        return effect
    assert after.winner is None, f"{name}: winner {after.winner} without a completed trip (T-WIN)"

    new = list(after.discard[len(before.discard) :]) if after.discard else []
    expected_new = discard[len(before.discard) :]

    # T-TURN, T-RESHUFFLE, T-EXHAUST: walk round from the next seat to one that can take a turn.
    draw = list(before.draw)
    reshuffled = False
    nxt = None
    drawn = None
    for step in range(1, before.players + 1):
        candidate = (seat + step) % before.players
        if not draw:
            buried = [c for t in tables for c in (*t.go[:-1], *t.freeway[:-1])]
            pool = [c for c, _ in discard] + buried
            if pool:
                reshuffled = True
                draw = pool  # the order is the engine's shuffle; the cards are checked below
                tables = [Tableau(t.go[-1:], t.freeway[-1:], t.piles) for t in tables]
                discard = []
        if draw:
            nxt = candidate
            drawn = after.drawn if reshuffled else draw[-1]
            break
        if hands[candidate]:
            nxt = candidate  # T-EXHAUST: plays without drawing
            break
        effect.skipped.append(candidate)

    if nxt is None:
        effect.no_winner = True
        assert after.over and after.winner is None, (
            f"{name}: every hand is empty and nothing can be drawn: the game ends, no winner (T-EXHAUST)"
        )
        assert list(after.tables) == tables and after.draw == (), f"{name}: tableaus or draw pile"
        assert _same_cards(after.discard, discard), f"{name}: discard pile"
        assert _same_hands(after.hands, hands), f"{name}: hands"
        return effect

    assert not after.over, f"{name}: the game ended though seat {nxt} can take a turn"
    assert after.turn == nxt, f"{name}: seat {after.turn} moves, but seat {nxt} is next (T-TURN, T-EXHAUST)"
    assert list(after.tables) == tables, f"{name}: tableaus are {after.tables}, the rules give {tables}"
    if reshuffled:
        effect.reshuffle = True
        assert after.reshuffles == before.reshuffles + 1, f"{name}: reshuffle not counted (T-RESHUFFLE)"
        assert after.discard == (), f"{name}: the discard pile goes into the new draw pile (T-RESHUFFLE)"
        assert drawn is not None and _same_cards([*after.draw, drawn], draw), (
            f"{name}: new draw pile + drawn card {sorted([*after.draw, str(drawn)])} != discards + buried "
            f"column cards {sorted(draw)} (T-RESHUFFLE)"
        )
    else:
        assert after.reshuffles == before.reshuffles, f"{name}: reshuffle while the draw pile held cards"
        assert _same_cards(new, expected_new) and len(after.discard) == len(discard), (
            f"{name}: discard pile gained {new}, the rules give {expected_new} (T-DISCARD, T-LOSS)"
        )
        if draw:
            assert after.draw == tuple(draw[:-1]), f"{name}: the top card of the draw pile is drawn (T-TURN)"
        else:
            assert after.draw == (), f"{name}: nothing to draw"
    if drawn is None:
        effect.no_draw = True
        assert after.drawn is None, f"{name}: seat {nxt} drew {after.drawn} from nothing (T-EXHAUST)"
    else:
        assert after.drawn == drawn, (
            f"{name}: seat {nxt} drew {after.drawn}, not the top card {drawn} (T-TURN)"
        )
        hands[nxt] = [*hands[nxt], drawn]
    assert _same_hands(after.hands, hands), (
        f"{name}: hands are {after.hands}, the rules give {[sorted(h) for h in hands]}"
    )
    return effect
