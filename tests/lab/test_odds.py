"""Exact odds, checked three ways: values computed by hand, exhaustive enumeration of small
cases, and simulation within a binomial bound (fixed seeds, so never flaky)."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction

import pytest

import touring_widgets as tw
from touring_widgets import lab
from touring_widgets.on_tour.facts import CARD_REGION, REGIONS, SPACES
from touring_widgets.touring.odds import at_least_one
from touring_widgets.touring.state import FACE_UP


def within(frequency: float, p: float, n: int, sigmas: float = 4.5) -> bool:
    """A frequency from ``n`` trials agrees with chance ``p`` (a 4.5-sigma binomial bound)."""
    return abs(frequency - p) <= sigmas * math.sqrt(p * (1 - p) / n) + 1e-12


@pytest.fixture
def midgame() -> tw.Touring:
    g = tw.Touring(players=3, seed=12)
    g.play(max_plies=25)
    return g


class TestTouringByHand:
    def test_a_go_in_an_opening_hand(self):
        assert lab.opening_hand("go", players=2, seat=1) == 1 - Fraction(math.comb(86, 5), math.comb(99, 5))
        assert lab.opening_hand("go", players=2, seat=0) == 1 - Fraction(math.comb(86, 6), math.comb(99, 6))
        short = lab.opening_hand("stop_to_refuel", players=3, seat=2)  # T-SHORT: 94 cards, 2 of them
        assert short == 1 - Fraction(math.comb(92, 5), math.comb(94, 5))

    @pytest.mark.parametrize("players, message", [
        (1, "Touring is for 2 to 6 players, not 1 (T-PLAYERS)"),
        (7, "Touring is for 2 to 6 players, not 7 (T-PLAYERS)"),
        (100, "Touring is for 2 to 6 players, not 100 (T-PLAYERS)"),
        ("3", "players must be a number of seats, not '3' (T-PLAYERS)"),
        (["greedy", "greedy"], "players must be a number of seats, not ['greedy', 'greedy'] (T-PLAYERS)"),
    ])
    def test_T_PLAYERS_an_opening_hand_for_a_table_the_rules_do_not_allow_is_refused(self, players, message):
        with pytest.raises(ValueError) as refused:
            lab.opening_hand("go", players=players, seat=0)
        assert str(refused.value) == message

    def test_the_next_card_is_a_card_counter_s_share_of_the_unseen_cards(self, midgame):
        seat = 1
        hidden = midgame.unseen(seat)
        odds = lab.next_card(midgame, seat)
        assert sum(odds.values()) == 1
        assert odds == {c: Fraction(n, sum(hidden.values())) for c, n in hidden.items()}

    def test_a_card_the_seat_has_seen_every_copy_of_never_comes(self):
        g = tw.Touring(players=2, seed=7)
        seen_all = [c for c, n in tw.touring.deck_counts(False).items() if n == g.hand(0).count(c)]
        assert all(c not in lab.next_card(g, 0) for c in seen_all)

    def test_an_opponent_holds_what_the_seat_holds_all_of_with_chance_0(self):
        g = tw.Touring(players=2, seed=7)
        assert lab.holds(g, "m75", opponent=0, seat=0) == ("m75" in g.hand(0))

    def test_draws_past_the_pile_are_refused_naming_the_reshuffle(self):
        g = tw.Touring(players=2, seed=7)
        with pytest.raises(ValueError, match="T-RESHUFFLE"):
            lab.draw_within(g, "go", draws=60, seat=1)

    def test_bad_arguments(self):
        g = tw.Touring(seed=1)
        with pytest.raises(ValueError, match="T-DECK"):
            lab.next_card(g, 0) and lab.draw_within(g, "diamond", 1, 0)
        with pytest.raises(TypeError, match="Touring"):
            lab.next_card(tw.OnTour(seed=1), 0)
        with pytest.raises(ValueError, match="no seat"):
            lab.holds(g, "go", opponent=5, seat=0)


class TestTouringByEnumeration:
    def test_at_least_one_among_k_draws_matches_every_hand_of_a_small_pool(self):
        pool = ["go"] * 3 + ["m25"] * 4 + ["wrecker"] * 2
        for k in range(0, 6):
            hands = list(itertools.combinations(range(len(pool)), k))
            hit = sum(1 for h in hands if any(pool[i] == "go" for i in h))
            assert at_least_one(len(pool), 3, k) == Fraction(hit, len(hands))

    def test_draw_within_counts_the_unseen_pool_like_a_hypergeometric(self, midgame):
        hidden = midgame.unseen(2)
        total = sum(hidden.values())
        expected = 1 - Fraction(math.comb(total - hidden["gasoline"], 3), math.comb(total, 3))
        assert lab.draw_within(midgame, "gasoline", 3, seat=2) == expected


class TestTouringBySimulation:
    def test_the_next_draw_matches_resampled_deals(self, midgame):
        seat = (midgame.turn + 1) % 3
        odds = lab.next_card(midgame, seat)
        trials = 1500
        gos = 0
        for i in range(trials):
            world = midgame.fork(resample=True, seed=f"t{i}", seat=seat)
            gos += world.state.draw[-1] == "go"  # the next seat draws the top card
        assert within(gos / trials, float(odds.get("go", 0)), trials)

    def test_an_opponent_s_hand_matches_resampled_deals(self, midgame):
        p = lab.holds(midgame, "m25", opponent=2, seat=0)
        trials = 1500
        held = sum("m25" in midgame.fork(resample=True, seed=i, seat=0).hand(2) for i in range(trials))
        assert within(held / trials, float(p), trials)


class TestHiddenCardsNeverChangeAnAnswer:
    def test_every_touring_answer_is_the_same_after_the_hidden_cards_are_dealt_again(self, midgame):
        for seat in range(3):
            answers = (lab.next_card(midgame, seat), lab.draw_within(midgame, "go", 2, seat),
                       lab.holds(midgame, "m50", (seat + 1) % 3, seat))
            for i in range(5):
                world = midgame.fork(resample=True, seed=i, seat=seat)
                assert world.hand(seat) == midgame.hand(seat) and world.state != midgame.state
                assert (lab.next_card(world, seat), lab.draw_within(world, "go", 2, seat),
                        lab.holds(world, "m50", (seat + 1) % 3, seat)) == answers

    def test_a_resampled_deal_keeps_sizes_and_what_the_seat_saw(self, midgame):
        world = midgame.fork(resample=True, seed=3, seat=0)
        s, w = midgame.state, world.state
        assert [len(h) for h in s.hands] == [len(h) for h in w.hands] and len(s.draw) == len(w.draw)
        assert s.tables == w.tables and [d for d in s.discard if d[1] in (FACE_UP, 0)] == [
            d for d in w.discard if d[1] in (FACE_UP, 0)
        ]
        assert world.unseen(0) == midgame.unseen(0)


class TestOnTourByHand:
    def test_one_roll(self):
        odds = lab.roll()
        assert len(odds) == 91 and odds["star"] == Fraction(1, 10)
        assert all(odds[n] == Fraction(1, 50) for n in odds if n != "star")
        assert sum(v for k, v in odds.items() if k != "star") == Fraction(9, 5)
        assert 0 not in odds and 55 not in odds and 5 in odds and 50 in odds

    def test_star_turn_on_the_last_turns_is_a_double(self):
        o = tw.OnTour(seed=3)
        while not (o.state.last_turn or o.is_over) and o.position < 200:
            o.step()
        o.undo()  # the turn before the first last turn: the next one flips no cards
        if o.state.empty_count(0) - (1 if o.state.star_turn else 2) <= 2:
            assert lab.star_turn(o) == Fraction(1, 10)

    def test_star_turn_from_a_known_deck(self):
        o = tw.OnTour(seed=7)
        deck = o.state.deck
        by_region = [sum(CARD_REGION[c] == r for c in deck) for r in REGIONS]
        same = sum(Fraction(math.comb(k, 3), math.comb(len(deck), 3)) for k in by_region)
        assert lab.star_turn(o) == Fraction(1, 10) + Fraction(9, 10) * same


class TestOnTourByEnumeration:
    def test_star_turn_counts_every_order_of_a_short_deck_and_the_reshuffle(self):
        o = tw.OnTour(seed=7)
        state = o.state
        small = replace(state, deck=state.deck[:2], discard=state.deck[2:6])  # the flip reshuffles
        o._node = type(o._node)(small, None, None, 0)
        discards = list(small.discard) + list(small.cards)
        same = total = 0
        for extra in itertools.permutations(discards, 1):
            flip = [*small.deck, *extra]
            total += 1
            same += len({CARD_REGION[c] for c in flip}) == 1
        assert lab.star_turn(o) == Fraction(1, 10) + Fraction(9, 10) * Fraction(same, total)

    def test_space_chance_over_one_turn_counts_every_flip_and_roll(self):
        o = tw.OnTour(players=2, seed=7)
        o.step()  # seat 0 has written: the next turn is the one that counts
        state = o.state
        space = next(s for s in SPACES if o.map(0)[s] is None)
        small = replace(state, deck=state.deck[:6])
        o._node = type(o._node)(small, None, None, 0)
        regions = tw.on_tour.BOARD[space].regions
        fit = orders = 0
        for flip in itertools.permutations(small.deck, 3):
            orders += 1
            if len({CARD_REGION[c] for c in flip}) == 1 or not any(CARD_REGION[c] in regions for c in flip):
                continue
            for a, b in itertools.product(range(10), repeat=2):
                fit += a != b and (40 <= 10 * a + b <= 59 or 40 <= 10 * b + a <= 59)
        assert lab.space_chance(o, space, 40, 59, turns=1) == Fraction(fit, orders * 100)


class TestOnTourBySimulation:
    def test_star_turn_matches_resampled_decks(self):
        o = tw.OnTour(seed=11)
        o.play(max_plies=4)
        p = lab.star_turn(o)
        trials = 1200
        stars = 0
        for i in range(trials):
            world = o.fork(resample=True, seed=i)
            world.step()  # seat 0 writes: the next turn is flipped and rolled
            stars += world.state.star_turn
        assert within(stars / trials, float(p), trials)

    def test_a_longer_horizon_or_a_wider_range_never_lowers_the_chance(self):
        o = tw.OnTour(seed=5)
        o.play(max_plies=15)
        space = next(s for s in SPACES if o.map(0)[s] is None)
        chances = [lab.space_chance(o, space, 30, 59, turns=k) for k in (1, 2, 3)]
        assert chances == sorted(chances) and chances[-1] <= lab.space_chance(o, space, 0, 99, turns=3) <= 1
        assert lab.space_chance(o, space, 30, 59, turns=None) >= chances[-1]
