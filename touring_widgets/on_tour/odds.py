"""Exact odds about On Tour, as fractions, from what one seat may see: the numbers one roll
writes, the next turn being a star turn, a space still getting a number in a range before the map
fills. Nothing here reads what the seat cannot see (the deck's order, the dice to come).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from .facts import BOARD, CARD_REGION, INDEX, REGIONS
from .game import OnTour
from .moves import legal_actions
from .state import LAST_TURN_SPACES

__all__ = ["roll", "space_chance", "star_turn"]


_DOUBLE = Fraction(1, 10)


def roll() -> dict[int | str, Fraction]:
    """The chance that one roll writes each number, and the chance of a star (a double, O-DICE).

    A roll writes two numbers at once, so the chances of the numbers add up to 9/5, not 1.

    >>> odds = roll()
    >>> odds[37], odds[73], odds["star"], 33 in odds
    (Fraction(1, 50), Fraction(1, 50), Fraction(1, 10), False)
    """
    odds: dict[int | str, Fraction] = {}
    for a in range(10):
        for b in range(10):
            if a != b:
                odds[10 * a + b] = Fraction(2, 100)
    odds["star"] = _DOUBLE
    return odds


def _on_tour(game: Any) -> OnTour:
    if not isinstance(game, OnTour):
        raise TypeError(f"these odds are about an On Tour game, not {type(game).__name__}")
    return game


def _regions(cards: Any) -> tuple[int, ...]:
    counts = Counter(CARD_REGION[c] for c in cards)
    return tuple(counts[r] for r in REGIONS)


def _flips(deck: tuple[int, ...], discard: tuple[int, ...]):
    """Each way the next three cards can come out, by region, with its chance (O-FLIP):
    yields (chance, the three regions, the deck after, the discard pile after the flip)."""
    size = sum(deck)
    if size >= 3:
        yield from _draw(deck, 3, (), discard)
        return
    left = tuple(i for i, n in enumerate(deck) for _ in range(n))
    for chance, drawn, rest, _ in _draw(discard, 3 - size, left, (0,) * len(REGIONS)):
        yield chance, drawn, rest, (0,) * len(REGIONS)


def _draw(pool: tuple[int, ...], k: int, given: tuple[int, ...], discard: tuple[int, ...]):
    total = sum(pool)
    for picked in combinations_with_replacement(range(len(pool)), k):
        need = Counter(picked)
        ways = 1
        for region, n in need.items():
            ways *= comb(pool[region], n)
        if ways:
            rest = tuple(pool[r] - need[r] for r in range(len(pool)))
            yield Fraction(ways, comb(total, k)), (*given, *picked), rest, discard


def star_turn(game: OnTour) -> Fraction:
    """The chance that the next turn (after the one showing now) is a star turn: a double, or
    three cards of one region (O-STAR), counting the cards that can still come up (O-FLIP).

    >>> import touring_widgets as tw
    >>> star_turn(tw.OnTour(seed=7))
    Fraction(7739, 59840)
    """
    state = _on_tour(game).state
    if state.over:
        return Fraction(0)
    empty = _next_turn_empty(state)
    if empty <= 0:
        return Fraction(0)
    if empty <= LAST_TURN_SPACES:
        return _DOUBLE  # O-LAST: no cards, only a double gives a star
    deck = _regions(state.deck)
    discard = _regions((*state.discard, *state.cards))
    same = sum(chance for chance, drawn, _, _ in _flips(deck, discard) if len(set(drawn)) == 1)
    return _DOUBLE + (1 - _DOUBLE) * same


def _written_this_turn(state: Any, seat: int) -> int:
    """How many spaces this turn fills on the map of ``seat``, who has not written in it yet
    (O-STAR: one; O-LAST: up to two; else two)."""
    if state.star_turn:
        return 1
    return min(2, state.empty_count(seat))


def _next_turn_empty(state: Any) -> int:
    """How many spaces every map has empty when the next turn begins: all maps fill at the same
    pace (O-LAST), so a map already written this turn shows it, another one less this turn's."""
    for seat, done in enumerate(state.written):
        if done:
            return state.empty_count(seat)
    return state.empty_count(0) - _written_this_turn(state, 0)


def _in_last(low: int, high: int, rule: str) -> Fraction:
    """The chance that a roll is not a double and the number written in the one space left is
    from low to high: either number, or the one ``last_one_space`` names (O-LAST)."""
    ways = 0
    for a in range(10):
        for b in range(10):
            if a != b:
                small, big = sorted((10 * a + b, 10 * b + a))
                allowed = (small,) if rule == "low" else (big,) if rule == "high" else (small, big)
                ways += any(low <= n <= high for n in allowed)
    return Fraction(ways, 100)


def _in_range(low: int, high: int) -> Fraction:
    """The chance that a roll is not a double and makes a number from low to high."""
    ways = 0
    for a in range(10):
        for b in range(10):
            if a != b and (low <= 10 * a + b <= high or low <= 10 * b + a <= high):
                ways += 1
    return Fraction(ways, 100)


def space_chance(
    game: OnTour, space: str, low: int, high: int, seat: int = 0, turns: int | None = 1
) -> Fraction:
    """The chance that ``space`` on ``seat``'s map can get a number from ``low`` to ``high``
    within the next ``turns`` turns (None: before the map fills): some turn rolls such a number
    (not a double) while one of its cards shows a region of the space (O-WRITE), or any turn
    once no cards are flipped (O-LAST).

    It assumes the player keeps the space empty until then; stars and numbers that do not fit
    go elsewhere. The turn showing now counts while ``seat`` has not written in it, judged by
    that seat's legal writings: 1 if one writes a number in the range there, 0 if every one
    fills the space (O-X, O-LAST). With one space left, the number written is the one
    ``last_one_space`` allows (O-LAST). A space already written gets nothing more: 0. Exact for
    any horizon; with ``turns=None`` early in a game the count of deck orders is large and the
    answer takes minutes (later, seconds).

    >>> import touring_widgets as tw
    >>> o = tw.OnTour(seed=7)
    >>> space_chance(o, "TX", 90, 99, turns=2) > space_chance(o, "TX", 98, 99, turns=2)
    True
    """
    game = _on_tour(game)
    state = game.state
    seat = game._seat(seat)
    if not isinstance(space, str) or space not in INDEX:
        raise ValueError(f"{space!r} is not a space of the board (O-MAP)")
    if type(low) is not int or type(high) is not int or not 0 <= low <= high <= 99:
        shown = f"{low!r}, {high!r}"
        raise ValueError(f"the range must be two numbers 0 <= low <= high <= 99, not {shown} (O-DICE)")
    if state.over or state.maps[seat][INDEX[space]] is not None:
        return Fraction(0)
    regions = tuple(REGIONS.index(r) for r in BOARD[space].regions)
    hit = _in_range(low, high)
    empty = state.empty_count(seat)
    if turns is not None and (type(turns) is not int or turns < 1):
        raise ValueError(f"turns must be a number of turns (1 or more) or None, not {turns!r}")
    left = 10**6 if turns is None else turns
    if not state.written[seat]:
        left -= 1
        # this turn's writings are known (O-WRITE, O-X, O-LAST): the space gets a number in the
        # range, or every writing fills it (with something else), or it can stay empty
        keeps = False
        for action in legal_actions(state, seat):
            for mark, where in action.marks:
                if where == space and type(mark) is int and low <= mark <= high:
                    return Fraction(1)
            keeps = keeps or all(where != space for _, where in action.marks)
        if not keeps:
            return Fraction(0)
        empty -= _written_this_turn(state, seat)
    deck, discard = _regions(state.deck), _regions((*state.discard, *state.cards))
    last = _in_last(low, high, state.rules.last_one_space)
    return _until_full(deck, discard, empty, regions, (hit, last), left)


def _until_full(
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    empty: int,
    regions: tuple[int, ...],
    hits: tuple[Fraction, Fraction],
    turns: int,
) -> Fraction:
    """The chance of a fitting turn within ``turns`` turns, with ``empty`` spaces left (the space
    among them); ``hits`` are the chances of a fitting roll, and of one with one space left."""
    # Only two things about a region matter: whether the space lies in it, and its counts, so
    # regions are sorted within those two groups; the chance is the same for every such order.
    mine = sorted((deck[r], discard[r]) for r in regions)
    rest = sorted((deck[r], discard[r]) for r in range(len(deck)) if r not in regions)
    order = [*mine, *rest]
    return _full(tuple(d for d, _ in order), tuple(x for _, x in order), empty, len(mine), hits, turns)


@cache
def _full(
    deck: tuple[int, ...], discard: tuple[int, ...], empty: int, mine: int, hits: tuple[Fraction, Fraction],
    turns: int,
) -> Fraction:
    if empty <= 0 or turns <= 0:
        return Fraction(0)
    turns = min(turns, empty)  # a turn fills at least one space
    regions = tuple(range(mine))
    hit, last = hits
    if empty <= LAST_TURN_SPACES:
        # O-LAST: any empty space takes a number; a double puts a star on another space (or on
        # this one when it is the last); two numbers that miss fill both spaces left; with one
        # space left, the number written there is the one the rules name (last_one_space).
        if empty == 1:
            return last
        return hit + _DOUBLE * _until_full(deck, discard, empty - 1, regions, hits, turns - 1)
    chance = Fraction(0)
    for p, drawn, rest, after in _flips(deck, discard):
        shown = Counter(drawn)
        discard_after = tuple(a + shown[r] for r, a in enumerate(after))
        if len(shown) == 1:  # three cards of one region: a star turn (O-STAR)
            chance += p * _until_full(rest, discard_after, empty - 1, regions, hits, turns - 1)
            continue
        fitting = hit if any(r < mine for r in drawn) else 0
        stars = _DOUBLE * _until_full(rest, discard_after, empty - 1, regions, hits, turns - 1)
        later = _until_full(rest, discard_after, empty - 2, regions, hits, turns - 1)
        missing = (1 - _DOUBLE - fitting) * later
        chance += p * (fitting + stars + missing)
    return chance
