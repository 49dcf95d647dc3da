"""The bots: legal, deterministic from the seed, and greedy clearly stronger than random."""

from __future__ import annotations

import statistics

import touring_widgets as tw
from touring_widgets.on_tour.bots import greedy_policy, random_policy


def solo_totals(policy: str, seeds: range) -> list[int]:
    return [tw.OnTour(players=[policy], seed=s).play().scores[0].total for s in seeds]


def test_greedy_beats_random_by_a_clear_margin() -> None:
    seeds = range(1000, 1080)
    greedy, rand = solo_totals("greedy", seeds), solo_totals("random", seeds)
    assert statistics.mean(greedy) > statistics.mean(rand) + 4
    assert sum(g > r for g, r in zip(greedy, rand)) > 0.75 * len(seeds)


def test_bots_only_make_legal_moves_in_every_kind_of_turn() -> None:
    for seed in range(20):
        o = tw.OnTour(players=["random", "greedy", "human"], seed=seed)
        while not o.is_over:
            p = o.turn
            for policy in (greedy_policy, random_policy):
                assert o.is_legal(policy(o.state, p))
            o.step()


def test_bots_are_deterministic_from_the_seed() -> None:
    a = tw.OnTour(players=["random", "random"], seed=77).play()
    b = tw.OnTour(players=["random", "random"], seed=77).play()
    c = tw.OnTour(players=["random", "random"], seed=78).play()
    assert a.history == b.history and a.history != c.history
    assert a.map(0) != a.map(1)  # each random seat draws its own choices
