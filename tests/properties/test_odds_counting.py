"""Exact odds against counting, and every column of ``lab.simulate`` against a replay of its game.

Touring's odds answer from what one seat may see (T-VIEW), each card it cannot see equally likely
to lie in any place it cannot see. Here the cards hidden from a seat and the places they may lie
are read from ``view(seat)`` and the deck table of the rules; on small positions every way those
cards could lie is enumerated and counted, on positions of real games the counts are taken
place by place; which cards of the pile a seat draws next is found by playing the game on
(T-TURN), and a draw after the pile runs out must be refused (T-RESHUFFLE, T-EXHAUST).
On Tour's odds are counted over every flip of the deck's remaining cards (O-FLIP, reshuffle
included) and every roll of the dice (O-DICE), the turn showing now judged by the engine's own
legal writings for the seat (O-WRITE, O-X, O-LAST). Every answer is an exact Fraction, compared
for equality. A re-dealt fork never changes an answer.

``simulate``'s rows are rebuilt from their seeds with the public API, played move by move, and
every column is worked out again from what the replay shows.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets import lab

from .kinds import nth_legal, on_tour_kinds, touring_kinds

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}

# -- Touring: the deck as the rules list it (T-DECK, T-SHORT) --------------------------------------
DECK = {
    "m25": 19, "m35": 10, "m50": 10, "m75": 12, "go": 13, "freeway": 6, "populated_area": 3,
    "stop_to_refuel": 3, "missed_the_curve": 3, "burning_oil": 2, "broken_spring": 2,
    "brake_adjustment": 2, "gasoline": 7, "wrecker": 7,
}
SHORT_TRIP_OUT = ("stop_to_refuel", "missed_the_curve", "burning_oil", "broken_spring", "brake_adjustment")
MILES = {"m25": 25, "m35": 35, "m50": 50, "m75": 75}
CARDS = tuple(DECK)


def deck_for(goal: int) -> Counter[str]:
    """The deck of a game by its trip: 99 cards for 590 miles, 94 for the 295-mile short trip."""
    deck = Counter(DECK)
    if goal == 295:
        deck.subtract(SHORT_TRIP_OUT)
    return deck


def hidden_from_view(view: dict[str, Any]) -> tuple[Counter[str], list[tuple[str, int, bool]]]:
    """The cards the view's seat cannot see, and the places they may lie (name, size, ordered):
    the draw pile (in order, top first), every other hand (a partner's too), the face-down
    discards of other seats."""
    seat = view["seat"]
    hidden = deck_for(view["goal"])
    hidden.subtract(view["hands"][seat]["cards"])
    for table in view["tables"]:
        hidden.subtract(table["go"])
        hidden.subtract(table["freeway"])
        for card in MILES:
            hidden[card] -= table[card]
    hidden.subtract(view["discard_face_up"])
    hidden.subtract(view["own_discards"])
    assert min(hidden.values()) >= 0, f"the view shows more cards than the deck holds: {hidden}"
    places = [("pile", view["draw"], True)]
    places += [(f"hand {h['seat']}", h["size"], False) for h in view["hands"] if h["seat"] != seat]
    face_down = view["discard"] - len(view["discard_face_up"]) - len(view["own_discards"])
    places.append(("discards", face_down, False))
    assert sum(hidden.values()) == sum(size for _, size, _ in places), (
        "the cards a seat cannot see do not fill the places it cannot see (T-VIEW)")
    return +hidden, places


def next_draws(game: tw.Touring, seat: int, k: int) -> list[int] | None:
    """Where in the draw pile as it is (0 = top) each of ``seat``'s next ``k`` draws comes from,
    found by playing on with discards; None when one of them comes after the pile runs out."""
    state = game.state
    size, shuffles = len(state.draw), state.reshuffles
    found: list[int] = []
    while len(found) < k:
        state = tw.touring.apply(state, f"discard {state.hands[state.turn][0]}")
        if state.over or state.reshuffles != shuffles or state.drawn is None:
            return None
        if state.turn == seat:
            found.append(size - len(state.draw) - 1)
    return found


def _sequences(pool: Counter[str], size: int) -> Iterator[tuple[str, ...]]:
    if size == 0:
        yield ()
        return
    for card in sorted(c for c in pool if pool[c] > 0):
        pool[card] -= 1
        for rest in _sequences(pool, size - 1):
            yield (card, *rest)
        pool[card] += 1


def _multisets(pool: Counter[str], size: int) -> Iterator[tuple[tuple[str, ...], int]]:
    cards = sorted(c for c in pool if pool[c] > 0)

    def pick(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(cards):
            return
        for m in range(min(left, pool[cards[i]]), -1, -1):
            for rest in pick(i + 1, left - m):
                yield (cards[i],) * m + rest

    for chosen in pick(0, size):
        orders = math.factorial(size)
        for card in set(chosen):
            orders //= math.factorial(chosen.count(card))
        yield chosen, orders


def arrangements(pool: Counter[str], places: list[tuple[str, int, bool]]
                 ) -> Iterator[tuple[int, dict[str, tuple[str, ...]]]]:
    """Every way to lay the cards of ``pool`` in the places, with the number of orders of the
    cards, one copy told from another, that give it (so each order is equally likely)."""
    if not places:
        yield 1, {}
        return
    (name, size, ordered), rest = places[0], places[1:]
    choices = [(s, 1) for s in _sequences(pool.copy(), size)] if ordered else list(_multisets(pool, size))
    for cards, orders in choices:
        pool.subtract(cards)
        for more, laid in arrangements(pool, rest):
            yield orders * more, {name: cards, **laid}
        pool.update(cards)


def multinomial(counts: Counter[str]) -> int:
    out = math.factorial(sum(counts.values()))
    for n in counts.values():
        out //= math.factorial(n)
    return out


def none_among(pool: int, copies: int, slots: int) -> Fraction:
    """The chance that ``slots`` places, filled one card at a time from ``pool`` cards holding
    ``copies`` marked ones, get no marked card."""
    chance = Fraction(1)
    for i in range(slots):
        chance *= Fraction(pool - copies - i, pool - i)
    return chance


def touring_events(game: tw.Touring, seat: int) -> None:
    """Tell hypothesis's statistics what kind of position this is."""
    state = game.state
    event(f"{game.n_players} players{', teams' if game.rules.teams else ''}"
          f"{', short trip' if game.rules.short_trip else ''}")
    event("the seat to move asks" if seat == game.turn else "another seat asks")
    event(f"pile {'<= players' if len(state.draw) <= game.n_players else '> players'}")
    event(f"reshuffled: {bool(state.reshuffles)}")
    event(f"face-down discards of others: {any(o not in (-1, seat) for _, o in state.discard)}")


def touring_answers(game: tw.Touring, seat: int, most: int = 4) -> dict[Any, Any]:
    """Every Touring odds answer for ``seat``: the next card, each card within 0..``most`` draws
    (or 'refused'), each card in each hand."""
    out: dict[Any, Any] = {}
    try:
        out["next"] = lab.next_card(game, seat=seat)
    except ValueError:
        out["next"] = "refused"
    for k in range(most + 1):
        for card in CARDS:
            try:
                out["within", card, k] = lab.draw_within(game, card, draws=k, seat=seat)
            except ValueError:
                out["within", card, k] = "refused"
    for other in range(game.n_players):
        for card in CARDS:
            out["holds", card, other] = lab.holds(game, card, opponent=other, seat=seat)
    return out


# -- Touring positions ------------------------------------------------------------------------------
@st.composite
def small_positions(draw: Any) -> tuple[tw.Touring, int]:
    """A Touring scenario where few cards are hidden from the asking seat (it discarded most of the
    deck itself), with a short draw pile, maybe face-down discards of other seats (a partner's
    too), face-up losses (T-LOSS), teams and the short trip; and the asking seat."""
    n = draw(st.integers(2, 4), label="players")
    rules = tw.touring.Rules(short_trip=draw(st.sampled_from([None, True, False])),
                             teams=n == 4 and draw(st.booleans()), loss_face_up=draw(st.booleans()))
    short = rules.for_players(n).short_trip
    turn, seat = draw(st.integers(0, n - 1), label="turn"), draw(st.integers(0, n - 1), label="seat")
    rng = draw(st.randoms(use_true_random=False))
    free = deck_for(295 if short else 590)
    tables: dict[int, dict[str, Any]] = {}
    if draw(st.booleans(), label="a tableau"):
        tables[0] = {"go": ["go"], "freeway": ["freeway"], "m75": 1, "m35": 1}
        free.subtract(["go", "freeway", "m75", "m35"])
    face_up: list[tuple[str, str]] = []
    if rules.loss_face_up and draw(st.booleans(), label="a loss"):
        face_up = [("burning_oil", "up"), ("m75", "up")]
        free.subtract(["burning_oil", "m75"])
    pile = draw(st.integers(0, 4), label="pile")
    others = [s for s in range(n) if s != seat]
    owners = draw(st.lists(st.sampled_from(others), max_size=2), label="face-down discards of others")
    sizes = {s: 6 if s == turn else 5 for s in range(n)}
    slots = pile + len(owners) + sum(sizes[s] for s in others)
    filler = min(free["m25"], slots)
    spare = [c for c in CARDS if c != "m25" for _ in range(free[c])]
    marked = rng.sample(spare, slots - filler + draw(st.integers(0, max(0, 4 - (slots - filler)))))
    filler = slots - len(marked)
    assume(filler <= free["m25"])
    hidden = ["m25"] * filler + marked
    rng.shuffle(hidden)
    free.subtract(hidden)
    seen = [c for c in CARDS for _ in range(free[c])]
    rng.shuffle(seen)
    hands = {seat: seen[:sizes[seat]]}
    own = [(c, seat) for c in seen[sizes[seat]:]]
    for s in others:
        hands[s], hidden = hidden[:sizes[s]], hidden[sizes[s]:]
    drawn, hidden = hidden[:pile], hidden[pile:]
    discard = own + [(c, who) for c, who in zip(hidden, owners)] + face_up
    rng.shuffle(discard)
    game = tw.touring.scenario(n, hands=hands, tables=tables, draw=drawn, discard=discard, turn=turn,
                               rules=rules, seed=draw(st.integers(0, 10**6)))
    return game, seat


@st.composite
def played_positions(draw: Any) -> tuple[tw.Touring, int]:
    """A Touring game of any kind played by its bots (and a few chosen moves) to any point,
    often to a draw pile about to run out or past reshuffles; and a seat asking."""
    kind = draw(touring_kinds())
    game = tw.Touring(**kind)
    short_pile = draw(st.one_of(st.none(), st.integers(0, 8)), label="stop at a pile this short")
    for _ in range(draw(st.integers(0, 400), label="plies")):
        if game.is_over or (short_pile is not None and game.piles()["draw"] <= short_pile):
            break
        game.step()
    for i in range(draw(st.integers(0, 3), label="chosen")):
        if game.is_over:
            break
        game.step(nth_legal(game, draw(st.integers(0, 10**4), label=f"choice {i}")))
    if game.is_over:
        game.undo()
    return game, draw(st.integers(0, game.n_players - 1), label="seat")


# -- Touring properties -----------------------------------------------------------------------------
@settings(max_examples=80, **SETTINGS)
@given(position=small_positions())
def test_T_VIEW_touring_odds_equal_a_count_of_every_way_the_hidden_cards_could_lie(position):
    """Every Touring odds answer equals the share of all the ways the cards a seat cannot see could
    lie in the places it cannot see, the seat's next draws found by playing on."""
    game, seat = position
    touring_events(game, seat)
    hidden, places = hidden_from_view(game.view(seat))
    piles: Counter[tuple[str, ...]] = Counter()
    hands: dict[str, Counter[tuple[str, ...]]] = {name: Counter() for name, _, _ in places}
    total = 0
    for orders, laid in arrangements(hidden.copy(), places):
        total += orders
        piles[laid["pile"]] += orders
        for name, cards in laid.items():
            hands[name][tuple(sorted(set(cards)))] += orders
    assert total == multinomial(hidden), "the enumeration missed or repeated a way the cards could lie"
    expected: dict[Any, Any] = {}
    first = next_draws(game, seat, 1)
    expected["next"] = "refused" if first is None else {
        card: Fraction(w, total) for card, w in
        Counter({c: sum(o for p, o in piles.items() if p[first[0]] == c) for c in hidden}).items() if w}
    for k in range(5):
        where = next_draws(game, seat, k)
        for card in CARDS:
            expected["within", card, k] = "refused" if where is None else Fraction(
                sum(o for p, o in piles.items() if any(p[i] == card for i in where)), total)
    for other in range(game.n_players):
        for card in CARDS:
            if other == seat:
                expected["holds", card, other] = Fraction(card in game.hand(seat))
            else:
                held = hands[f"hand {other}"]
                expected["holds", card, other] = Fraction(sum(o for h, o in held.items() if card in h), total)
    got = touring_answers(game, seat)
    wrong = {key: (got[key], want) for key, want in expected.items() if got[key] != want}
    assert not wrong, f"odds for seat {seat} (turn {game.turn}) differ from the count (got, counted): {wrong}"


@settings(max_examples=80, **SETTINGS)
@given(position=played_positions())
def test_T_VIEW_touring_odds_in_real_games_equal_a_count_place_by_place(position):
    """In games of every kind (teams, short trip, every switch, piles about to run out, after
    reshuffles), every Touring odds answer equals the count of the ways the seat's hidden cards
    could fill the pile places it draws from next, or the opponent's hand."""
    game, seat = position
    touring_events(game, seat)
    hidden, places = hidden_from_view(game.view(seat))
    pool = sum(hidden.values())
    sizes = {name: size for name, size, _ in places}
    expected: dict[Any, Any] = {}
    first = next_draws(game, seat, 1)
    expected["next"] = "refused" if first is None else {c: Fraction(n, pool) for c, n in hidden.items()}
    for k in range(5):
        where = next_draws(game, seat, k)
        for card in CARDS:
            expected["within", card, k] = "refused" if where is None else (
                1 - none_among(pool, hidden[card], len(where)))
    for other in range(game.n_players):
        for card in CARDS:
            expected["holds", card, other] = Fraction(card in game.hand(seat)) if other == seat else (
                1 - none_among(pool, hidden[card], sizes[f"hand {other}"]))
    got = touring_answers(game, seat)
    wrong = {key: (got[key], want) for key, want in expected.items() if got[key] != want}
    assert not wrong, f"odds for seat {seat} (turn {game.turn}) differ from the count (got, counted): {wrong}"


@settings(max_examples=30, **SETTINGS)
@given(position=played_positions(), seed=st.integers(0, 10**6))
def test_T_VIEW_touring_odds_are_the_same_after_the_hidden_cards_are_dealt_again(position, seed):
    """Dealing again every card a seat cannot see never changes an odds answer for that seat."""
    game, seat = position
    world = game.fork(resample=True, seed=seed, seat=seat)
    assert touring_answers(world, seat, most=3) == touring_answers(game, seat, most=3), (
        f"a re-dealt fork changed seat {seat}'s odds (T-VIEW)")


@settings(max_examples=40, **SETTINGS)
@given(players=st.integers(2, 6), data=st.data())
def test_T_DEAL_opening_hand_counts_the_hands_the_deal_gives(players, data):
    """The chance of a card in an opening hand counts every hand of the size the deal gives that
    seat from the deck of that table (the short trip's 94 cards, T-SHORT)."""
    rules = tw.touring.Rules(short_trip=data.draw(st.sampled_from([None, True, False])),
                             teams=players in (4, 6) and data.draw(st.booleans()))
    seat, card = data.draw(st.integers(0, players - 1)), data.draw(st.sampled_from(CARDS))
    dealt = tw.Touring(players=players, rules=rules, seed=data.draw(st.integers(0, 10**6)))
    deck = deck_for(dealt.view(None)["goal"])
    size = len(dealt.hand(seat))
    expected = 1 - none_among(sum(deck.values()), deck[card], size)
    got = lab.opening_hand(card, players=players, seat=seat, rules=rules)
    assert got == expected, f"opening_hand({card!r}, {players}, seat {seat}): {got}, counted {expected}"


# -- On Tour: counting flips and rolls ---------------------------------------------------------------
REGIONS = tuple(tw.on_tour.REGIONS)
REGION_OF = {space: REGIONS.index(tw.on_tour.BOARD[space].card_region) for space in tw.on_tour.SPACES}
DICE = tuple(product(range(10), repeat=2))


def numbers(a: int, b: int) -> tuple[int, int]:
    return tuple(sorted((10 * a + b, 10 * b + a)))  # type: ignore[return-value]


def test_O_DICE_roll_counts_the_hundred_rolls():
    """One roll writes each number, or a star, with the share of the 100 rolls of two dice that do."""
    counts: Counter[int | str] = Counter()
    for a, b in DICE:
        if a == b:
            counts["star"] += 1
        else:
            counts.update(set(numbers(a, b)))
    assert lab.roll() == {k: Fraction(v, 100) for k, v in counts.items()}, "roll() is not the count of rolls"


def finish_turn(state: Any) -> Any:
    """The state once every seat still to write this turn has written (the engine's first writing)."""
    after = state
    while not after.over and after.round == state.round:
        after = tw.on_tour.apply(after, next(iter(tw.on_tour.legal_actions(after))))
    return after


def flips(state: Any) -> list[tuple[str, ...]]:
    """Every set of three cards the next flip may show, each equally likely: from the deck, or what
    is left of it and the rest from the discards with this turn's cards (O-FLIP)."""
    deck, discard = list(state.deck), [*state.discard, *state.cards]
    if len(deck) >= 3:
        return list(combinations(deck, 3))
    return [(*deck, *more) for more in combinations(discard, 3 - len(deck))]


def star_turn_count(game: tw.OnTour) -> Fraction:
    """The next turn's chance of a star, counted over every flip and every roll (O-STAR, O-LAST)."""
    if game.is_over:
        return Fraction(0)
    after = finish_turn(game.state)
    if after.over:
        return Fraction(0)
    shown = [()] if not after.cards else flips(game.state)
    doubles = sum(a == b for a, b in DICE)
    stars = sum(len(DICE) if len(cards) == 3 and len({REGION_OF[c] for c in cards}) == 1 else doubles
                for cards in shown)
    return Fraction(stars, len(shown) * len(DICE))


def space_count(game: tw.OnTour, space: str, low: int, high: int, seat: int, turns: int | None) -> Fraction:
    """``space_chance`` counted: this turn by the seat's legal writings, later turns over every
    flip (one card at a time, reshuffling when the deck runs out) and roll, the player keeping
    the space empty while another space can take what does not fit."""
    state = game.state
    board = game.map(seat)
    if game.is_over or board[space] is not None:
        return Fraction(0)
    fits = lambda n: isinstance(n, int) and low <= n <= high  # noqa: E731
    empty = sum(cell is None for cell in board.values())
    left = 10**6 if turns is None else turns
    if not state.written[seat]:
        writings = list(tw.on_tour.legal_actions(state, seat))
        if any(fits(n) and where == space for w in writings for n, where in w.marks):
            return Fraction(1)
        keeping = [w for w in writings if all(where != space for _, where in w.marks)]
        if not keeping:
            return Fraction(0)
        empty -= len(keeping[0].marks)
        left -= 1
    mine = {REGIONS.index(r) for r in tw.on_tour.BOARD[space].regions}
    one_left = state.rules.last_one_space
    hit = Fraction(sum(a != b and any(map(fits, numbers(a, b))) for a, b in DICE), 100)
    lone = {"choose": (0, 1), "low": (0,), "high": (1,)}[one_left]
    hit_last = Fraction(sum(a != b and any(fits(numbers(a, b)[i]) for i in lone) for a, b in DICE), 100)
    double = Fraction(sum(a == b for a, b in DICE), 100)

    def regions(cards: Any) -> tuple[int, ...]:
        counts = Counter(REGION_OF[c] for c in cards)
        return tuple(counts[r] for r in range(len(REGIONS)))

    Counts = tuple[int, ...]

    def drawn(deck: Counts, discard: Counts, need: int, chance: Fraction,
              shown: Counts) -> Iterator[tuple[Fraction, Counts, Counts, Counts]]:
        if need == 0:
            yield chance, shown, deck, discard
            return
        if not sum(deck):
            deck, discard = discard, (0,) * len(discard)
        for r, n in enumerate(deck):
            if n:
                fewer = (*deck[:r], n - 1, *deck[r + 1:])
                yield from drawn(fewer, discard, need - 1, chance * Fraction(n, sum(deck)), (*shown, r))

    @cache
    def later(deck: tuple[int, ...], discard: tuple[int, ...], empty: int, left: int) -> Fraction:
        if empty <= 0 or left <= 0:
            return Fraction(0)
        if empty <= 2:
            star = double * later(deck, discard, empty - 1, left - 1) if empty == 2 else 0
            return (hit if empty == 2 else hit_last) + star
        chance = Fraction(0)
        for p, shown, rest, pile in drawn(deck, discard, 3, Fraction(1), ()):
            after = tuple(pile[r] + shown.count(r) for r in range(len(pile)))
            star_later = later(rest, after, empty - 1, left - 1)
            if len(set(shown)) == 1:
                chance += p * star_later
                continue
            fitting = hit if mine & set(shown) else Fraction(0)
            chance += p * (fitting + double * star_later
                           + (1 - double - fitting) * later(rest, after, empty - 2, left - 1))
        return chance

    return later(regions(state.deck), regions((*state.discard, *state.cards)), empty, left)


@st.composite
def on_tour_positions(draw: Any) -> tw.OnTour:
    """An On Tour game of any kind (1 to 8 seats, every switch) played by its bots to any turn,
    often one of the last few (1 to 6 spaces left), then a few writings chosen among the legal
    ones: often mid-turn, others already written."""
    kind = draw(on_tour_kinds())
    game = tw.OnTour(**kind)
    n = len(kind["players"])
    left = draw(st.one_of(st.none(), st.integers(1, 6)), label="empty spaces to play down to")
    if left is None:
        game.play(max_plies=draw(st.integers(0, 20), label="turns played") * n)
    else:
        while not game.is_over and game.state.empty_count(game.turn) > left:
            game.play(max_plies=n)
    game.play(max_plies=draw(st.integers(0, n - 1), label="writings this turn"))
    for i in range(draw(st.integers(0, 3), label="chosen")):
        if game.is_over:
            break
        game.step(nth_legal(game, draw(st.integers(0, 10**4), label=f"choice {i}")))
    return game


def on_tour_events(game: tw.OnTour) -> None:
    """Tell hypothesis's statistics what kind of position this is."""
    state = game.state
    event(f"{game.n_players} players")
    event("over" if game.is_over else "last turns" if state.empty_count(0) <= 4 else "before the last turns")
    event(f"others written this turn: {any(state.written) and not all(state.written)}")
    event(f"deck < 6: {len(state.deck) < 6}")


@settings(max_examples=80, **SETTINGS)
@given(game=on_tour_positions())
def test_O_STAR_star_turn_counts_every_flip_and_roll_of_the_next_turn(game):
    """The next turn's star chance is the share of every flip of the remaining cards and every
    roll that make a star, whoever has written this turn (O-STAR, O-FLIP, O-LAST)."""
    on_tour_events(game)
    expected = star_turn_count(game)
    got = lab.star_turn(game)
    assert got == expected, (f"star_turn at {game!r} (written {game.state.written}): {got}, "
                             f"counted {expected}")


@st.composite
def space_questions(draw: Any) -> tuple[tw.OnTour, str, int, int, int, int | None]:
    """A position, a seat, a space, a range and a horizon; often a space that every legal
    writing of the seat this turn must fill (O-X, O-LAST), the bots playing on to find one."""

    def must_fill(game: tw.OnTour, seat: int) -> set[str]:
        if game.is_over or game.state.written[seat]:
            return set()
        spaces = {s for s, cell in game.map(seat).items() if cell is None}
        for action in tw.on_tour.legal_actions(game.state, seat):
            spaces &= {where for _, where in action.marks}
        return spaces

    game = draw(on_tour_positions())
    if draw(st.booleans(), label="look for a space to fill"):
        for _ in range(12 * game.n_players):
            if game.is_over or game.state.last_turn or must_fill(game, game.turn):
                break
            game.step()
    seat = draw(st.integers(0, game.n_players - 1), label="seat")
    board = game.map(seat)
    empty = [s for s, cell in board.items() if cell is None] or list(board)
    must = must_fill(game, seat)
    space = draw(st.sampled_from(sorted(must)) if must and draw(st.booleans(), label="a space it must fill")
                 else st.sampled_from(empty), label="space")
    low = draw(st.integers(0, 99), label="low")
    high = draw(st.integers(low, 99), label="high")
    turns = draw(st.sampled_from([1, 2, 3, None] if len(empty) <= 10 else [1, 2, 3]), label="turns")
    return game, space, low, high, seat, turns


@pytest.mark.slow
@settings(max_examples=45, **SETTINGS)
@given(question=space_questions())
def test_O_WRITE_space_chance_counts_every_flip_and_roll_before_the_horizon(question):
    """A space's chance of a number in a range within some turns counts the seat's legal writings
    this turn and every flip and roll after, whoever has written this turn, for every switch
    (O-WRITE, O-X, O-LAST with its one-space choice, O-FLIP)."""
    game, space, low, high, seat, turns = question
    on_tour_events(game)
    event(f"turns {turns}, last_one_space {game.rules.last_one_space}")
    expected = space_count(game, space, low, high, seat, turns)
    got = lab.space_chance(game, space, low, high, seat=seat, turns=turns)
    assert got == expected, (f"space_chance({space}, {low}-{high}, seat {seat}, turns {turns}) at {game!r} "
                             f"(written {game.state.written}): {got}, counted {expected}")


@settings(max_examples=30, **SETTINGS)
@given(question=space_questions(), seed=st.integers(0, 10**6))
def test_O_FLIP_on_tour_odds_are_the_same_after_the_deck_is_shuffled_again(question, seed):
    """Shuffling again what nobody can see (the deck's order, the dice to come) changes no answer."""
    game, space, low, high, seat, turns = question
    world = game.fork(resample=True, seed=seed, seat=seat)
    assert lab.star_turn(world) == lab.star_turn(game), "a re-shuffled fork changed star_turn"
    assert lab.space_chance(world, space, low, high, seat=seat, turns=turns) == lab.space_chance(
        game, space, low, high, seat=seat, turns=turns), "a re-shuffled fork changed space_chance"


# -- simulate: every column against a replay ---------------------------------------------------------
def _touring_miles(table: dict[str, Any]) -> int:
    return sum(MILES[m] * table[m] for m in MILES)


def replay_touring(game: tw.Touring, seed: str, cap: int) -> dict[str, Any]:
    """A Touring row worked out again by playing ``game`` move by move with its bots: a
    reshuffle is a draw made when the pile was empty (T-RESHUFFLE); miles, reshuffles and the
    first to 400 count the whole game, plies the moves played from the start given."""
    start = game.view(None)
    team_of = {s: t for t, seats in enumerate(start["teams"]) for s in seats}
    first = next((min(start["teams"][team_of[s]]) for s in range(game.n_players)
                  if _touring_miles(start["tables"][team_of[s]]) >= 400), -1)
    plies, reshuffles = 0, game.state.reshuffles  # a game in progress counts those before it too
    before = start
    while plies < cap and not game.is_over:
        game.step()
        plies += 1
        now = game.view(None)
        reshuffles += before["draw"] == 0 and now["drawn"] is not None
        if first == -1:
            first = next((min(seats) for t, seats in enumerate(now["teams"])
                          if _touring_miles(now["tables"][t]) >= 400), -1)
        before = now
    end = game.view(None)
    done = [seats for t, seats in enumerate(end["teams"]) if _touring_miles(end["tables"][t]) == end["goal"]]
    row = {"seed": seed, "winners": "&".join(map(str, done[0])) if done else "", "plies": plies,
           "capped": not end["over"]}
    row.update({f"miles_{s}": _touring_miles(end["tables"][team_of[s]]) for s in range(game.n_players)})
    row.update(reshuffles=reshuffles, first_to_400=first)
    return row


def replay_on_tour(game: tw.OnTour, seed: str, cap: int) -> dict[str, Any]:
    """An On Tour row worked out again by playing ``game`` move by move with its bots: star
    turns are counted among the turns begun from the start given, rounds are the game's turns."""
    def starts_star(view: dict[str, Any]) -> bool:
        fresh = not view["over"] and not any(view["written"])
        regions = {card["region"] for card in view["cards"]}
        same = len(view["cards"]) == 3 and len(regions) == 1
        return fresh and (view["dice"][0] == view["dice"][1] or same)

    view = game.view(None)
    rounds, stars, plies = view["round"], int(starts_star(view)), 0
    while plies < cap and not game.is_over:
        game.step()
        plies += 1
        view = game.view(None)
        begun = not view["over"] and not any(view["written"])
        rounds += begun
        stars += starts_star(view)
    totals = [tw.on_tour.best_tour(game.map(s)).total for s in range(game.n_players)]
    top = [s for s, t in enumerate(totals) if t == max(totals)]
    winners = [] if not view["over"] or (len(top) > 1 and not game.rules.shared_ties) else top
    row = {"seed": seed, "winners": "&".join(map(str, winners)), "plies": plies,
           "capped": not view["over"]}
    row.update({f"score_{s}": t for s, t in enumerate(totals)})
    row.update(star_turns=stars, rounds=rounds)
    return row


def compare_rows(table: Any, games: dict[str, Any], cap: int) -> None:
    """Each row of ``table`` against a replay of its game (row seed -> the game at its start)."""
    rows = table.to_dict("records")
    assert len(rows) == len(games), "simulate returned another number of rows"
    for row, (seed, game) in zip(rows, games.items()):
        replay = replay_touring if isinstance(game, tw.Touring) else replay_on_tour
        expected = replay(game, seed, cap)
        got = {key: value.item() if hasattr(value, "item") else value for key, value in row.items()}
        assert got == expected, f"simulate's row differs from a replay of its game {seed!r}"


def check_simulation(data: Any, subject: Any, games: dict[str, Any], default: int, **options: Any) -> None:
    """Simulate ``subject`` under a cap that is none, small, or just at or before the first game's
    end, and compare every row with a replay of its game (row seed -> the game at its start)."""
    first = next(iter(games.values())).fork()
    start = first.position
    length = first.play(max_plies=default).position - start
    cap = data.draw(st.sampled_from([None, 5, 40, length, max(1, length - 1)]), label="cap")
    event("cap: " + ("none" if cap is None else "the game's end" if cap == length else "before the end"
                     if cap < length else "after the end"))
    table = lab.simulate(subject, n=len(games), seed=options.pop("seed"), cap=cap, progress=False, **options)
    compare_rows(table, games, default if cap is None else cap)


@settings(max_examples=20, **SETTINGS)
@given(kind=touring_kinds(players=st.sampled_from([2, 3, 4, 4, 6, 6])), n=st.integers(1, 2),
       seed=st.integers(0, 10**6), data=st.data())
def test_T_WIN_simulate_touring_rows_match_a_replay_of_each_game(kind, n, seed, data):
    """Every column of a Touring simulation (seed, winners, plies, capped, each seat's miles,
    reshuffles, first to 400) is what a replay of the row's game from its seed shows."""
    games = {f"{seed}/{i}": tw.Touring(players=kind["players"], rules=kind["rules"], seed=f"{seed}/{i}")
             for i in range(n)}
    check_simulation(data, "touring", games, 2000, seed=seed, players=kind["players"], rules=kind["rules"])


@settings(max_examples=10, **SETTINGS)
@given(kind=touring_kinds(players=st.sampled_from([4, 6])), n=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_T_TEAMS_simulate_rows_of_partners_match_a_replay_of_each_game(kind, n, seed):
    """With partners, every game played to its end: the winners are every seat of the team, and
    the first to 400 miles is the team's, as a replay of each row's game shows."""
    rules = dataclasses.replace(kind["rules"], teams=True)
    games = {f"{seed}/{i}": tw.Touring(players=kind["players"], rules=rules, seed=f"{seed}/{i}")
             for i in range(n)}
    table = lab.simulate("touring", n=n, seed=seed, players=kind["players"], rules=rules, progress=False)
    compare_rows(table, games, 2000)


@settings(max_examples=10, **SETTINGS)
@given(kind=on_tour_kinds(players=st.integers(1, 5)), n=st.integers(1, 2), seed=st.integers(0, 10**6),
       data=st.data())
def test_O_WIN_simulate_on_tour_rows_match_a_replay_of_each_game(kind, n, seed, data):
    """Every column of an On Tour simulation (seed, winners, plies, capped, each seat's score,
    star turns, rounds) is what a replay of the row's game from its seed shows."""
    games = {f"{seed}/{i}": tw.OnTour(players=kind["players"], rules=kind["rules"], seed=f"{seed}/{i}")
             for i in range(n)}
    check_simulation(data, "on_tour", games, 1000, seed=seed, players=kind["players"], rules=kind["rules"])


@settings(max_examples=12, **SETTINGS)
@given(position=st.one_of(played_positions(), on_tour_positions().map(lambda g: (g, 0))),
       seed=st.integers(0, 10**6), data=st.data())
def test_simulate_what_if_rows_match_a_replay_from_the_position(position, seed, data):
    """From a game in progress, every row is the game re-dealt from its row seed for the seat to
    move (``fork(resample=True)``) and played on: plies count from that position, the other
    columns as for a game from the deal."""
    game = position[0]
    assume(not game.is_over)
    games = {f"{seed}/{i}": game.fork(resample=True, seed=f"{seed}/{i}", seat=game.turn) for i in range(2)}
    check_simulation(data, game, games, 2000 if isinstance(game, tw.Touring) else 1000, seed=seed)
