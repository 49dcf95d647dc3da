"""The bots: legal, deterministic from the seed, greedy clearly stronger than random, and greedy's
anchors and number scores as their definitions say."""

from __future__ import annotations

import random
import statistics

import touring_widgets as tw
from touring_widgets.on_tour import Rules, new_game
from touring_widgets.on_tour.bots import (
    CIRCLE_BONUS,
    PlanJudge,
    _anchors,
    greedy_policy,
    random_policy,
    setup_plan,
)
from touring_widgets.on_tour.facts import INDEX, N_SPACES, SPACES
from touring_widgets.on_tour.moves import apply


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


def heaviest_rising_run(seq: list) -> int:
    """The weight of the heaviest run of numbers, never going down, along ``seq`` (a circled
    number weighs 2), by plain dynamic programming over every earlier number."""
    best: list[int] = []
    for k, cell in enumerate(seq):
        if cell is None or cell[0].__class__ is not int:
            best.append(0)
            continue
        own = 2 if cell[1] else 1
        best.append(own + max([best[j] for j in range(k) if seq[j] is not None
                               and seq[j][0].__class__ is int and seq[j][0] <= cell[0]], default=0))
    return max(best, default=0)


def any_mark(rng: random.Random) -> tuple:
    """A number (circled one time in five), a star or an X."""
    return rng.choice([(rng.randrange(100), rng.random() < 0.2), ("star", rng.random() < 0.3), ("X", False)])


def test_greedy_anchors_are_the_heaviest_rising_run_along_its_plan() -> None:
    rng = random.Random("anchors")
    maps = []
    for seed in range(12):  # the maps of real games, turn by turn
        state = new_game(1, seed, Rules())
        while not state.over:
            maps.append((state.maps[0], state.setup))
            state = apply(state, greedy_policy(state, 0))
    for _ in range(300):  # and maps of any numbers, circles, stars and Xs, any fill
        fill = rng.random()
        cells = tuple(None if rng.random() > fill else any_mark(rng) for _ in SPACES)
        maps.append((cells, maps[rng.randrange(len(maps))][1]))
    for cells, setup in maps:
        order = setup_plan(setup)[1]
        seq = [cells[i] for i in order]
        stretch, around_v, around_k, broken = _anchors(cells, order)
        anchors = around_k[1:-1]
        values = [seq[k][0] for k in anchors]
        assert anchors == sorted(anchors) and values == sorted(values)
        assert sum(2 if seq[k][1] else 1 for k in anchors) == heaviest_rising_run(seq)
        assert around_k == [-1, *anchors, N_SPACES] and around_v == [-1.0, *map(float, values), 100.0]
        assert stretch == [sum(a <= k for a in anchors) for k in range(N_SPACES)]
        for s in range(len(anchors) + 1):  # broken: another number or an X between its anchors
            between = seq[around_k[s] + 1 : around_k[s + 1]]
            assert broken[s] == any(c is not None and c[0] != "star" for c in between)


def test_greedy_scores_both_numbers_of_a_roll_as_one_number_at_a_time() -> None:
    # PlanJudge.numbers, greedy's quick scoring of the low and the high number for every space at
    # once, gives what PlanJudge.number gives one number and one space at a time.
    for seed in range(15):
        state = new_game(1, seed, Rules())
        while not state.over:
            judge = PlanJudge(state.maps[0], setup_plan(state.setup))
            cards = {INDEX[c] for c in state.cards}
            spaces = [i for i in range(N_SPACES) if state.empty[0] >> i & 1]
            low, high = state.numbers
            lows, highs = judge.numbers(low, high, spaces, cards)
            bonus = [CIRCLE_BONUS if i in cards else 0.0 for i in spaces]
            assert lows == [judge.number(low, i) + b for i, b in zip(spaces, bonus)]
            assert highs == [judge.number(high, i) + b for i, b in zip(spaces, bonus)]
            state = apply(state, greedy_policy(state, 0))
