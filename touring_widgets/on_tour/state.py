"""The state of a game of On Tour: every map, the deck, this turn's cards and roll, who has
written; and a position as text.

States are frozen; the chance steps (O-SETUP, O-FLIP, O-ROLL) are pure functions of the seed
and the turn number, so any state can be rebuilt from the seed and the actions.

Seats are numbered from 0, as in Touring: ``p0`` .. ``p7`` in action texts.

In text a cell reads ``56`` (a number), ``(56)`` (circled), ``★`` / ``(★)`` (a star), ``X``, or
``·`` (empty).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ..core.frozen import fast_constructor
from .actions import seat_keyword
from .facts import ALL_MASK, BOARD, CARD_REGION, INDEX, N_SPACES, SPACES
from .rules import Rules
from .scoring import Score

#: A cell of a map: None (empty), (number, circled), ('star', circled) or ('X', False).
Cell = Any
LAST_TURN_SPACES = 2  # O-LAST: at most this many empty spaces at the start of a turn


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a game: the maps, the cards and the dice everybody sees.

    Attributes:
        rules, seed, players: what the game was started with.
        setup: the four circled setup numbers as (card, number), in the order drawn (O-SETUP).
        setup_rolls: every setup roll, re-rolled doubles included.
        maps: per seat, a cell for each space in board order.
        empty: per seat, the bitmask of empty spaces.
        round: the turn number, counted from 1 (a turn of On Tour is one roll that every
            seat writes; ``turn`` is the seat still to write, as in Touring).
        roller: the seat that rolls this turn (O-DISCARD).
        deck: the cards still to flip, next first; discard: the discard pile, oldest first.
        cards: this turn's three cards, or () on a last turn (O-LAST).
        dice: this turn's two dice.
        reshuffled: this turn's flip ran out of deck and reshuffled the discards (O-FLIP).
        written: per seat, whether it has written this turn.
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

    def map(self, seat: int | None = None, **old: Any) -> dict[str, Cell]:
        """A seat's map as a dict space id -> cell (``player=`` is the deprecated name of ``seat=``)."""
        if old:
            seat = seat_keyword(seat, old, "map")
        return dict(zip(SPACES, self.maps[seat]))  # type: ignore[index]

    def empty_count(self, seat: int | None = None, **old: Any) -> int:
        """How many empty spaces a seat's map has (seat 0's by default; ``player=`` is the deprecated
        name of ``seat=``)."""
        if old:
            seat = seat_keyword(seat, old, "empty_count")
        return self.empty[seat or 0].bit_count()

    def __repr__(self) -> str:
        status = "over" if self.over else f"seat {self.turn} to write"
        return f"<on_tour.State seed={self.seed!r} turn {self.round}: {status}>"

    def __str__(self) -> str:
        return render_text(self)


#: ``State(...)`` with all sixteen fields given in order, built faster, for values already checked.
make_state = fast_constructor(State)


def chance(seed: int | str, what: str) -> random.Random:
    """The generator of one chance step, named by the seed and what it draws (same in any process)."""
    # A str seed hashes the same in every process (random seeds str with SHA-512).
    return random.Random(f"on_tour/{seed!r}/{what}")


def roll(rng: random.Random) -> tuple[int, int]:
    """Two dice of 0 to 9 (O-DICE)."""
    return (rng.randrange(10), rng.randrange(10))


def new_game(players: int, seed: int | str, rules: Rules) -> State:
    """The state after setup, at the start of turn 1 (O-SETUP, then O-FLIP and O-ROLL).

    >>> s = new_game(1, 7, Rules())
    >>> len(s.setup), len(s.deck) + len(s.cards), s.empty_count()
    (4, 37, 37)
    """
    rng = chance(seed, "setup")
    deck = list(SPACES)
    rng.shuffle(deck)
    rolls: list[tuple[int, int]] = []
    setup: list[tuple[str, int]] = []
    for _ in range(2):
        while True:
            a, b = roll(rng)
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
    rng = chance(state.seed, f"turn/{turn}")
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
    return make_state(
        state.rules, state.seed, players, state.setup, state.setup_rolls, maps, empty, turn,
        (state.roller + 1) % players, deck, discard, cards, roll(rng), reshuffled, (False,) * players,
        False,
    )


def end_turn(state: State) -> State:
    """Everybody has written: discard the cards, then end the game or begin the next turn (O-DISCARD)."""
    return end_turn_with(state, state.maps, state.empty, state.written)


def end_turn_with(state: State, maps: tuple, empty: tuple[int, ...], written: tuple[bool, ...]) -> State:
    """end_turn of ``state`` with these maps, empty spaces and writers (one new state)."""
    discard = state.discard + state.cards
    if not any(empty):
        return make_state(
            state.rules, state.seed, state.players, state.setup, state.setup_rolls, maps, empty,
            state.round, state.roller, state.deck, discard, (), state.dice, state.reshuffled, written,
            True,
        )
    return _next_turn(state, maps, empty, state.deck, discard)


def resample(state: State, seat: int, seed: int | str) -> State:
    """The same position with the deck's order drawn again, and the dice and reshuffles still to
    come drawn from ``seed``: what nobody can see yet (every map, card shown and die is seen). The
    deck's hidden order before it never shows in the result (O-FLIP)."""
    deck = sorted(state.deck)
    chance(seed, f"resample/{seat}").shuffle(deck)
    return replace(state, seed=seed, deck=tuple(deck))


# -- as text ----------------------------------------------------------------------------------
_AREA_ROWS = (("NW", "NC", "NE"), ("SW", "SC", "SE"))
_BY_AREA = {a: [s for s in SPACES if BOARD[s].area == a] for row in _AREA_ROWS for a in row}


def cell_text(cell: Any) -> str:
    """A cell as drawn on a map: ``56``, ``(56)``, ``★``, ``(★)``, ``X`` or ``·``."""
    if cell is None:
        return "·"
    kind, circled = cell
    text = f"{kind:02d}" if isinstance(kind, int) else "★" if kind == "star" else "X"
    return f"({text})" if circled else text


def turn_line(state: State) -> str:
    """One line saying what the turn shows: cards, dice, the numbers or a star, who writes next."""
    if state.over:
        return f"Game over after turn {state.round}: every map is full (O-END)."
    a, b = state.dice
    shown = ", ".join(f"{c} ({CARD_REGION[c]})" for c in state.cards)
    cards = f"cards {shown}" if shown else "no cards (last turn, O-LAST)"
    low, high = state.numbers
    what = "a star (O-STAR)" if state.star_turn else f"{low:02d} and {high:02d}"
    flip = "; the discards were reshuffled (O-FLIP)" if state.reshuffled else ""
    return (
        f"Turn {state.round}, p{state.roller} rolls: {cards}; dice {a} {b} → {what}{flip}. "
        f"Next to write: p{state.turn}."
    )


def draw_map(cells: dict[str, Any] | tuple, title: str = "") -> str:
    """One map in text, its spaces grouped by area (north row, then south row)."""
    if not isinstance(cells, dict):
        cells = dict(zip(SPACES, cells))
    lines = [title] if title else []
    for row in _AREA_ROWS:
        columns = []
        for area in row:
            col = [f"{area}:"] + [f"{s:>3} {cell_text(cells.get(s)):<4}" for s in _BY_AREA[area]]
            columns.append(col)
        height = max(len(c) for c in columns)
        for k in range(height):
            lines.append("  " + "   ".join((c[k] if k < len(c) else "").ljust(9) for c in columns).rstrip())
    return "\n".join(lines)


def render_text(state: State, scores: list[Score] | None = None) -> str:
    """The whole position: the turn line, then every seat's map (with scores when given)."""
    setup = ", ".join(f"{n:02d} {c}" for c, n in state.setup)
    out = [
        turn_line(state),
        f"Setup (O-SETUP): {setup}; deck {len(state.deck)}, discard {len(state.discard)}.",
    ]
    for seat in range(state.players):
        status = "written" if state.written[seat] and not state.over else ""
        score = f" score {scores[seat].total}" if scores else ""
        out.append(draw_map(state.maps[seat], f"p{seat}{score}{' (' + status + ')' if status else ''}"))
    return "\n".join(out)
