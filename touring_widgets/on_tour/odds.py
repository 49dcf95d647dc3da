"""Exact odds about On Tour, as fractions, from what one seat may see: the numbers one roll
writes, the next turn being a star turn, a space still getting a number in a range before the map
fills. Nothing here reads what the seat cannot see (the deck's order, the dice to come).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
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
    for ways, out_of, drawn, rest, after in _flip_ways(deck, discard):
        yield Fraction(ways, out_of), drawn, rest, after


def _flip_ways(deck: tuple[int, ...], discard: tuple[int, ...]):
    """As ``_flips``, the chance as whole numbers: (ways, out of, ...); an empty deck is made
    again from the discards (O-FLIP)."""
    size = sum(deck)
    if size >= 3:
        yield from _draw(deck, 3, (), discard)
        return
    left = tuple(i for i, n in enumerate(deck) for _ in range(n))
    for ways, out_of, drawn, rest, _ in _draw(discard, 3 - size, left, (0,) * len(REGIONS)):
        yield ways, out_of, drawn, rest, (0,) * len(REGIONS)


def _draw(pool: tuple[int, ...], k: int, given: tuple[int, ...], discard: tuple[int, ...]):
    out_of = comb(sum(pool), k)
    for picked in combinations_with_replacement(range(len(pool)), k):
        rest, ways, run, before = list(pool), 1, 0, -1
        for region in picked:  # picked is sorted: the product of comb(pool[r], times r is picked)
            run = run + 1 if region == before else 1
            ways = ways * rest[region] // run
            rest[region] -= 1
            before = region
        if ways:
            yield ways, out_of, (*given, *picked), tuple(rest), discard


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
    any horizon; with ``turns=None`` at the start of a game, where the most orders of cards are
    left to count, an answer takes a few seconds (``benchmarks/bench_odds.py``), a later one less.

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


#: a deck by region, as the chance needs it: (cards in the deck, cards in play) of each region
#: where the space lies, then of each other region, each group sorted (the regions within a
#: group play the same part, so one order stands for all)
Deck = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def _until_full(
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    empty: int,
    regions: tuple[int, ...],
    hits: tuple[Fraction, Fraction],
    turns: int,
) -> Fraction:
    """The chance of a fitting turn within ``turns`` turns, with ``empty`` spaces left (the space
    among them); ``hits`` are the chances of a fitting roll, and of one with one space left.

    Turn by turn, the chance of every (deck by region, empty spaces) the maps can be in is
    carried forward (O-FLIP, O-STAR, O-LAST). A deck's size follows from the number of turns
    played, so every chance of one turn has the same denominator and is carried as a whole
    number over it. A deck's chances for every count of spaces filled are packed into one
    integer, a digit of ``bits`` bits each (the lowest: the fewest filled), so that a turn moves
    them all with two products."""
    depths = min(turns, empty)  # a turn fills at least one space
    if depths <= 0:
        return Fraction(0)
    in_play = [d + x for d, x in zip(deck, discard)]
    order = [*regions, *(r for r in range(len(deck)) if r not in regions)]
    start = _deck([deck[r] for r in order], [in_play[r] for r in order], len(regions))
    hit, last = (int(chance * 100) for chance in hits)  # out of the 100 rolls of two dice
    double = int(_DOUBLE * 100)
    outs = _flip_counts(sum(deck), sum(in_play), depths)
    bits = sum((out * 100).bit_length() for out in outs) + 2  # more than any numerator needs
    digit = (1 << bits) - 1
    # After k turns a map has filled k to 2k spaces: digit p holds the chance of k + p filled.
    layer: dict[Deck, int] = {}  # deck -> its chances while cards are flipped
    lasting = [0] * (LAST_TURN_SPACES + 1)  # the chances once no cards are (O-LAST), by empty spaces
    if empty <= LAST_TURN_SPACES:
        lasting[empty] = 1
    else:
        layer[start] = 1
    chance, denominator = Fraction(0), 1
    for k, out in enumerate(outs, start=1):
        if not layer and not any(lasting):
            break
        found = out * (last * lasting[1] + hit * lasting[2])
        lasting = [0, out * double * lasting[2], 0]
        grown: dict[Deck, int] = {}
        for now, packed in layer.items():
            fits = 0
            shifted = packed << bits
            for after, star, fitting, plain in _next_decks(now):
                fits += fitting
                # a star turn or a double fills one space, two numbers fill two
                moved = packed * (100 * star + double * (fitting + plain)) + \
                    shifted * ((100 - double - hit) * fitting + (100 - double) * plain)
                if after in grown:
                    grown[after] += moved
                else:
                    grown[after] = moved
            found += (packed % digit) * fits * hit  # the sum of its digits: every count filled
        # the digits of 2, 1 and 0 spaces left move on without cards
        first = empty - LAST_TURN_SPACES - k  # the digit of LAST_TURN_SPACES spaces left
        layer = {}
        for after, packed in grown.items():
            if first > 0:
                high, packed = packed >> bits * first, packed & ((1 << bits * first) - 1)
            else:
                high, packed = packed << bits * -first, 0
            for left in range(LAST_TURN_SPACES, 0, -1):
                lasting[left] += high & digit
                high >>= bits
            if packed:
                layer[after] = packed
        denominator *= out * 100
        chance += Fraction(found, denominator)
    return chance


def _flip_counts(size: int, in_play: int, turns: int) -> list[int]:
    """How many ways three cards can come out, turn by turn, from a deck of ``size`` cards with
    ``in_play`` cards in the deck and the discards (O-FLIP: an empty deck is made again)."""
    outs = []
    for _ in range(turns):
        if size >= 3:
            outs.append(comb(size, 3))
            size -= 3
        else:
            outs.append(max(1, comb(in_play - size, 3 - size)))
            size = in_play - 3
    return outs


def _deck(counts: Any, in_play: Any, mine: int) -> Deck:
    """A deck as the chance needs it, from its counts and the cards in play of each region, the
    ``mine`` regions where the space lies first."""
    pairs = list(zip(counts, in_play))
    return tuple(sorted(pairs[:mine])), tuple(sorted(pairs[mine:]))


@lru_cache(maxsize=1 << 16)
def _next_decks(deck: Deck) -> list[tuple[Deck, int, int, int]]:
    """The ways the next three cards can come out of ``deck`` (O-FLIP): for each deck after, the
    ways of a star turn (three of one region, O-STAR), of a turn showing a region of the space,
    and of one showing none."""
    mine = len(deck[0])
    pairs = (*deck[0], *deck[1])
    counts = tuple(d for d, _ in pairs)
    found: dict[Deck, list[int]] = {}
    if sum(counts) < 3:  # the deck is made again from the discards (O-FLIP): the general count
        in_play = [t for _, t in pairs]
        for ways, _, drawn, rest, _ in _flip_ways(counts, tuple(t - d for d, t in pairs)):
            kind = 0 if len(set(drawn)) == 1 else 1 if min(drawn) < mine else 2
            found.setdefault(_deck(rest, in_play, mine), [0, 0, 0])[kind] += ways
        return [(after, *ways) for after, ways in found.items()]
    # Three cards from the deck, by region (positions sorted: a <= b <= c). This runs for every
    # deck the maps can meet, so the count and the deck after are written out here.
    for a, b, c in combinations_with_replacement(range(len(pairs)), 3):
        if a == c:
            ways, kind = comb(counts[a], 3), 0  # three of one region: a star turn (O-STAR)
        else:
            ways = (comb(counts[a], 2) * counts[c] if a == b else
                    counts[a] * comb(counts[b], 2) if b == c else counts[a] * counts[b] * counts[c])
            kind = 1 if a < mine else 2
        if not ways:
            continue
        rest = list(pairs)
        for r in (a, b, c):
            rest[r] = (rest[r][0] - 1, rest[r][1])
        after = (tuple(sorted(rest[:mine])), tuple(sorted(rest[mine:])))
        if after in found:
            found[after][kind] += ways
        else:
            found[after] = [0, 0, 0]
            found[after][kind] = ways
    return [(after, *ways) for after, ways in found.items()]
