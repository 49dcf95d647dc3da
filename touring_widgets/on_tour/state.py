"""The state of a game of On Tour: every map, the deck, this turn's cards and roll, who has written.

States are frozen; the chance steps (O-SETUP, O-FLIP, O-ROLL) are pure functions of the seed
and the turn number, so any state can be rebuilt from the seed and the actions.

Players are numbered from 0, like seats in Touring: ``p0`` .. ``p7`` in action texts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from .facts import ALL_MASK, CARD_REGION, INDEX, N_SPACES, SPACES
from .rules import Rules

#: A cell of a map: None (empty), (number, circled), ('star', circled) or ('X', False).
Cell = Any
MAX_PLAYERS = 8
LAST_TURN_SPACES = 2  # O-LAST: at most this many empty spaces at the start of a turn


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a game: the maps, the cards and the dice everybody sees.

    Attributes:
        rules, seed, players: what the game was started with.
        setup: the four circled setup numbers as (card, number), in the order drawn (O-SETUP).
        setup_rolls: every setup roll, re-rolled doubles included.
        maps: per player, a cell for each space in board order.
        empty: per player, the bitmask of empty spaces.
        round: the turn number, counted from 1 (a turn of On Tour is one roll that every
            player writes; ``turn`` is the seat still to write, as in Touring).
        roller: the player who rolls this turn (O-DISCARD).
        deck: the cards still to flip, next first; discard: the discard pile, oldest first.
        cards: this turn's three cards, or () on a last turn (O-LAST).
        dice: this turn's two dice.
        reshuffled: this turn's flip ran out of deck and reshuffled the discards (O-FLIP).
        written: per player, whether they have written this turn.
        over: every map is full (O-END).
    """

    rules: Rules
    seed: int | str
    players: int
    setup: tuple[tuple[str, int], ...]
    setup_rolls: tuple[tuple[int, int], ...]
    maps: tuple[tuple[Cell, ...], ...]
    empty: tuple[int, ...]
    round: int
    roller: int
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    cards: tuple[str, ...]
    dice: tuple[int, int]
    reshuffled: bool
    written: tuple[bool, ...]
    over: bool = False

    # -- what this turn asks for ------------------------------------------------------
    @property
    def double(self) -> bool:
        """The roll is a double (O-DICE)."""
        return self.dice[0] == self.dice[1]

    @property
    def last_turn(self) -> bool:
        """No cards were flipped: numbers go in any empty space (O-LAST)."""
        return not self.cards and not self.over

    @property
    def star_turn(self) -> bool:
        """Players draw a star instead of numbers: a double, or three cards of one region (O-STAR)."""
        if self.over:
            return False
        dice = self.dice
        if dice[0] == dice[1]:
            return True
        cards = self.cards
        return len(cards) == 3 and CARD_REGION[cards[0]] == CARD_REGION[cards[1]] == CARD_REGION[cards[2]]

    @property
    def numbers(self) -> tuple[int, int]:
        """The two numbers of the roll, lower first (O-DICE)."""
        a, b = self.dice
        return (10 * a + b, 10 * b + a) if a <= b else (10 * b + a, 10 * a + b)

    @property
    def turn(self) -> int | None:
        """The lowest-numbered seat that has not written this turn (None once the game is over)."""
        if self.over:
            return None
        for p, done in enumerate(self.written):
            if not done:
                return p
        return None

    def map(self, player: int) -> dict[str, Cell]:
        """Player's map as a dict space id -> cell."""
        return dict(zip(SPACES, self.maps[player]))

    def empty_count(self, player: int = 0) -> int:
        """How many empty spaces the player's map has."""
        return self.empty[player].bit_count()

    def __repr__(self) -> str:
        status = "over" if self.over else f"seat {self.turn} to write"
        return f"<on_tour.State seed={self.seed!r} turn {self.round}: {status}>"

    def __str__(self) -> str:
        from .view import draw_state

        return draw_state(self)


def _rng(seed: int | str, what: str) -> random.Random:
    # A str seed hashes the same in every process (random seeds str with SHA-512).
    return random.Random(f"on_tour/{seed!r}/{what}")


def _roll(rng: random.Random) -> tuple[int, int]:
    return (rng.randrange(10), rng.randrange(10))


def new_game(players: int, seed: int | str, rules: Rules) -> State:
    """The state after setup, at the start of turn 1 (O-SETUP, then O-FLIP and O-ROLL).

    >>> s = new_game(1, 7, Rules())
    >>> len(s.setup), len(s.deck) + len(s.cards), s.empty_count()
    (4, 37, 37)
    """
    rng = _rng(seed, "setup")
    deck = list(SPACES)
    rng.shuffle(deck)
    rolls: list[tuple[int, int]] = []
    setup: list[tuple[str, int]] = []
    for _ in range(2):
        while True:
            a, b = _roll(rng)
            rolls.append((a, b))
            if a != b or not rules.reroll_setup_doubles:
                break
        low, high = sorted((10 * a + b, 10 * b + a))
        setup += [(deck.pop(0), low), (deck.pop(0), high)]
    cells: list[Cell] = [None] * N_SPACES
    empty = ALL_MASK
    for card, number in setup:
        cells[INDEX[card]] = (number, True)
        empty &= ~(1 << INDEX[card])
    first = tuple(cells)
    state = State(
        rules=rules,
        seed=seed,
        players=players,
        setup=tuple(setup),
        setup_rolls=tuple(rolls),
        maps=(first,) * players,
        empty=(empty,) * players,
        round=0,
        roller=players - 1,
        deck=tuple(deck),
        discard=(),
        cards=(),
        dice=(0, 1),
        reshuffled=False,
        written=(True,) * players,
    )
    return begin_turn(state)


def begin_turn(state: State) -> State:
    """The next turn: the next roller flips three cards (unless O-LAST) and rolls (O-FLIP, O-ROLL)."""
    return _next_turn(state, state.maps, state.empty, state.deck, state.discard)


def _next_turn(
    state: State, maps: tuple, empty: tuple[int, ...], deck: tuple[str, ...], discard: tuple[str, ...]
) -> State:
    """begin_turn of ``state`` with these maps, empty spaces, deck and discards (one new state)."""
    turn = state.round + 1
    rng = _rng(state.seed, f"turn/{turn}")
    cards: tuple[str, ...] = ()
    reshuffled = False
    if empty[0].bit_count() > LAST_TURN_SPACES:
        if len(deck) >= 3:
            cards, deck = deck[:3], deck[3:]
        else:
            # O-FLIP: take what is left, shuffle the discards into a new deck, draw the rest.
            fresh = list(discard)
            rng.shuffle(fresh)
            need = 3 - len(deck)
            cards, deck, discard = deck + tuple(fresh[:need]), tuple(fresh[need:]), ()
            reshuffled = True
    players = state.players
    return State(
        state.rules, state.seed, players, state.setup, state.setup_rolls, maps, empty, turn,
        (state.roller + 1) % players, deck, discard, cards, _roll(rng), reshuffled, (False,) * players,
    )


def end_turn(state: State) -> State:
    """Everybody has written: discard the cards, then end the game or begin the next turn (O-DISCARD)."""
    return _end_turn(state, state.maps, state.empty, state.written)


def _end_turn(state: State, maps: tuple, empty: tuple[int, ...], written: tuple[bool, ...]) -> State:
    """end_turn of ``state`` with these maps, empty spaces and writers (one new state)."""
    discard = state.discard + state.cards
    if not any(empty):
        return State(
            state.rules, state.seed, state.players, state.setup, state.setup_rolls, maps, empty,
            state.round, state.roller, state.deck, discard, (), state.dice, state.reshuffled, written,
            True,
        )
    return _next_turn(state, maps, empty, state.deck, discard)


def resample(state: State, seat: int, seed: int | str) -> State:
    """The same position with the deck's order drawn again, and the dice and reshuffles still to
    come drawn from ``seed``: what nobody can see yet (every map, card shown and die is seen)."""
    deck = list(state.deck)
    _rng(seed, f"resample/{seat}").shuffle(deck)
    return replace(state, seed=seed, deck=tuple(deck))
