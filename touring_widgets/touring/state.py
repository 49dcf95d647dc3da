"""Touring positions: immutable tableaus and states, the deal (T-DEAL), and a position as text.

A state is a decision point: the seat to move already holds its drawn card (T-TURN).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.frozen import fast_constructor
from .actions import Action
from .facts import CARD_IDS, MILEAGE, ORDER, REMEDIES, STOPPING_DELAYS, card_name, deck_counts
from .rules import Rules

FACE_UP = -1  # the owner of a discard everyone saw (T-LOSS)
_RANK = dict(ORDER)


@dataclass(frozen=True, slots=True)
class Tableau:
    """One seat's (or team's) cards on the table: the Go and Freeway columns, bottom first,
    and how many cards lie on the 25, 35, 50 and 75 piles."""

    go: tuple[str, ...] = ()
    freeway: tuple[str, ...] = ()
    piles: tuple[int, int, int, int] = (0, 0, 0, 0)
    # (rules, own plays, attacks on it) once the legal list asked (moves._allowed): a tableau
    # outlives many turns, so this saves working them out again. Not part of the value.
    _memo: tuple[Any, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def top_go(self) -> str | None:
        """The card that matters in the Go column, or None before the first Go (T-GO)."""
        return self.go[-1] if self.go else None

    @property
    def stopped_by(self) -> str | None:
        """The stopping delay on top of the Go column, if any (T-STOP)."""
        top = self.top_go
        return top if top in STOPPING_DELAYS else None

    def moving(self, rules: Rules) -> bool:
        """Whether mileage may be played (T-MOVING)."""
        top = self.top_go
        return top == "go" or (top in REMEDIES and not rules.go_after_remedy)

    @property
    def freeway_active(self) -> bool:
        """Whether the top of the Freeway column is a Freeway (T-FREEWAY)."""
        return bool(self.freeway) and self.freeway[-1] == "freeway"

    def miles(self, values: tuple[int, ...] = (25, 35, 50, 75)) -> int:
        """Miles travelled so far."""
        return sum(n * v for n, v in zip(self.piles, values))


@dataclass(frozen=True, slots=True)
class State:
    """A Touring position. Every field is immutable; ``apply`` makes new states.

    ``draw`` has its top card last. ``discard`` holds (card, seat that discarded it face down,
    or FACE_UP). ``last`` is (seat, action) of the move that led here.
    """

    rules: Rules
    seed: int | str
    hands: tuple[tuple[str, ...], ...]
    draw: tuple[str, ...]
    discard: tuple[tuple[str, int], ...]
    tables: tuple[Tableau, ...]
    turn: int
    ply: int = 0
    reshuffles: int = 0
    winner: int | None = None
    over: bool = False
    drawn: str | None = None
    last: tuple[int, Action] | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    def team_of(self, seat: int) -> int:
        """The tableau a seat plays on: its own, or its team's (T-TEAMS)."""
        return seat % len(self.tables)

    def seats_of(self, team: int) -> tuple[int, ...]:
        """The seats that share tableau ``team``."""
        return tuple(range(team, self.players, len(self.tables)))

    def table_of(self, seat: int) -> Tableau:
        return self.tables[seat % len(self.tables)]

    def __repr__(self) -> str:
        if self.over:
            status = "over" if self.winner is None else f"won by seat {self.winner}"
        else:
            status = f"seat {self.turn} to move"
        return f"<touring.State seed={self.seed!r} ply {self.ply}: {status}>"

    def __str__(self) -> str:
        return render_text(self)


#: ``Tableau(go, freeway, piles)``, built faster, for values already checked.
make_tableau: Callable[[tuple[str, ...], tuple[str, ...], tuple[int, int, int, int]], Tableau] = (
    fast_constructor(Tableau)
)


#: ``State(...)`` with all thirteen fields given in order, built faster, for values already checked.
make_state: Callable[
    [Rules, int | str, tuple[tuple[str, ...], ...], tuple[str, ...], tuple[tuple[str, int], ...],
     tuple[Tableau, ...], int, int, int, int | None, bool, str | None, tuple[int, Action] | None],
    State,
] = fast_constructor(State)


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A hand in the deck's canonical order."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def with_card(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """A sorted hand with one more card, still in canonical order."""
    i = bisect_right(hand, _RANK[card], key=_RANK.__getitem__)
    return hand[:i] + (card,) + hand[i:]  # noqa: RUF005 (faster than unpacking into a new tuple)


def shuffled(cards: list[str], seed: int | str, purpose: str) -> list[str]:
    """The cards shuffled by a generator named by the seed and purpose (same in any process).

    The order is ``random.Random(name).shuffle``'s (Fisher-Yates from the top, each place
    drawn by rejection from ``getrandbits``), written out here: every save's deal and
    reshuffles depend on it, and a move that reshuffles should not pay a call a card.
    """
    # An int seed reads the same either way; !r keeps the text seed '7' apart from the int 7.
    getrandbits = random.Random(f"touring/{seed!r}/{purpose}").getrandbits
    for i in range(len(cards) - 1, 0, -1):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def new_game(players: int, seed: int | str, rules: Rules) -> State:
    """A new game: shuffle, deal five each, and seat 0 draws its sixth card (T-DEAL, T-TURN).

    Raises ValueError for a count of players outside 2..6 (T-PLAYERS).
    """
    if type(players) is not int or not 2 <= players <= 6:
        raise ValueError(f"Touring is for 2 to 6 players, not {players!r} (T-PLAYERS)")
    rules = rules.for_players(players)
    deck = shuffled(list(_DECKS[bool(rules.short_trip)]), seed, "deal")
    hands = [sort_hand([deck.pop() for _ in range(5)]) for _ in range(players)]
    drawn = deck.pop()
    hands[0] = sort_hand((*hands[0], drawn))
    teams = players // 2 if rules.teams else players
    return State(
        rules=rules,
        seed=seed,
        hands=tuple(hands),
        draw=tuple(deck),
        discard=(),
        tables=(Tableau(),) * teams,
        turn=0,
        drawn=drawn,
    )


def _unshuffled(short_trip: bool) -> tuple[str, ...]:
    counts = deck_counts(short_trip)
    return tuple(c for c in CARD_IDS for _ in range(counts[c]))


_DECKS = {short: _unshuffled(short) for short in (False, True)}  # the deck before the deal's shuffle


def resample(state: State, seat: int, seed: int | str) -> State:
    """The same position with every card ``seat`` cannot see dealt again (T-VIEW).

    Other hands keep their sizes, the draw pile its size, and each face-down discard of another
    seat stays a face-down discard of that seat; only which cards they are changes. The chance
    still to come (reshuffles) is drawn from ``seed`` from now on.
    """
    hidden_discards = [i for i, (_, owner) in enumerate(state.discard) if owner not in (FACE_UP, seat)]
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.draw)
    pool += [state.discard[i][0] for i in hidden_discards]
    cards = shuffled(sorted(pool), seed, f"resample/{seat}")
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], cards = sort_hand(cards[:size]), cards[size:]
    size = len(state.draw)
    draw, cards = tuple(cards[:size]), cards[size:]
    discard = list(state.discard)
    for i, card in zip(hidden_discards, cards):
        discard[i] = (card, discard[i][1])
    drawn = state.drawn if state.turn == seat else None
    last = state.last
    if last is not None and last[0] != seat and last[1].kind == "discard":
        last = (last[0], replace(last[1], card=_discarded(state, seat, hands, draw, discard)))
    return replace(
        state, seed=seed, hands=tuple(hands), draw=draw, discard=tuple(discard), drawn=drawn, last=last
    )


def _discarded(state: State, seat: int, hands: list[tuple[str, ...]], draw: tuple[str, ...],
               discard: list[tuple[str, int]]) -> str:
    """The card a re-dealt world says another seat discarded face down last (T-DISCARD): the world's
    card where ``seat`` knows the real one lies, never chosen by where the real card is."""
    if discard and discard[-1][1] == state.last[0]:
        return discard[-1][0]  # still on top of the discard pile
    # the draw that followed shuffled the discards into a new draw pile (T-RESHUFFLE)
    if draw:
        return draw[-1]
    if state.turn == seat and state.drawn is not None:
        return state.drawn  # the only card reshuffled, and the seat drew it and saw it
    return hands[state.turn][-1]  # the only card reshuffled, in the hand of the seat that drew it


# -- as text ----------------------------------------------------------------------------------
def status(table: Tableau, state: State) -> str:
    """A tableau's state in words: needs a Go, moving, stopped by ..., needs a Go after ..."""
    top = table.top_go
    if top is None:
        return "needs a Go"
    if table.stopped_by:
        return f"stopped by {card_name(top)}"
    if table.moving(state.rules):
        return "moving"
    return f"needs a Go after {card_name(top)}"


def freeway_status(table: Tableau) -> str:
    """'active', 'blocked' (a Populated Area on top) or 'none'."""
    if table.freeway_active:
        return "active"
    return "blocked" if table.freeway else "none"


def action_text(seat: int, action: Action, viewer: int | None, state: State | None = None) -> str:
    """A move in words as ``viewer`` may know it: other seats' discards stay face down (T-DISCARD)."""
    if action.kind == "discard":
        if viewer is not None and viewer != seat:
            return f"Seat {seat} discarded a card face down"
        return f"Seat {seat} discarded {card_name(action.card)}"
    if action.target is None:
        return f"Seat {seat} played {card_name(action.card)}"
    text = f"Seat {seat} played {card_name(action.card)} on seat {action.target}"
    if state is not None and action.card in ("burning_oil", "broken_spring", "brake_adjustment"):
        text += f", taking {card_name(state.rules.loss_value(action.card))}"
    return text


def render_text(state: State, seat: int | None = None, players: tuple[str, ...] | None = None) -> str:
    """The position as a few lines of text as ``seat`` sees it (the seat to move when None): every
    tableau, its hand, the piles, the last move with other seats' discards face down (T-VIEW)."""
    rules = state.rules
    trip = "short trip, " if rules.short_trip else ""
    head = f"Touring · {state.players} players · {trip}{rules.goal} miles · ply {state.ply}"
    if state.over:
        if state.winner is None:
            head += " · over: no winner (T-EXHAUST)"
        else:
            seats = " & ".join(str(s) for s in state.seats_of(state.team_of(state.winner)))
            head += f" · over: seat {seats} won"
    else:
        head += f" · seat {state.turn} to move"
    lines = [head]
    for team, table in enumerate(state.tables):
        seats = " & ".join(str(s) for s in state.seats_of(team))
        who = f"seat {seats}"
        if players is not None:
            who += " (" + ", ".join(players[s] for s in state.seats_of(team)) + ")"
        piles = "  ".join(
            f"{c[1:]}: {n}/{cap}" for c, n, cap in zip(MILEAGE, table.piles, rules.caps)
        )
        go = card_name(table.top_go) if table.top_go else "—"
        fw = {"active": "Freeway", "blocked": "Populated Area (blocked)", "none": "—"}[freeway_status(table)]
        lines.append(
            f"  {who:<18} {table.miles():>3}/{rules.goal} mi · {status(table, state)}"
            f" · Go column: {go} · Freeway column: {fw}"
        )
        lines.append(f"  {'':<18} {piles}")
    show = state.turn if seat is None else seat
    if not state.over or seat is not None:
        hand = ", ".join(card_name(c) for c in state.hands[show]) or "(empty)"
        lines.append(f"  hand of seat {show}: {hand}")
    face_up = [card_name(c) for c, owner in state.discard if owner == FACE_UP]
    piles = f"  draw pile {len(state.draw)} · discard pile {len(state.discard)}"
    if face_up:
        piles += f" (face up: {', '.join(face_up)})"
    lines.append(piles)
    if state.last is not None:
        lines.append(f"  last move: {action_text(*state.last, show, state)}")
    return "\n".join(lines)
