"""best_tour on whole maps with 16-30 stars among 0s and 1s (the stress family of
benchmarks/on_tour_hard_maps.py), where it uses the frontier search: against the branch and
bound, a different exact search, and against totals the branch and bound found (O-SCORE).
"""

from __future__ import annotations

import random

import pytest

from touring_widgets.on_tour import SPACES, best_tour, check_tour
from touring_widgets.on_tour.scoring import _arrays, _search


def stress_map(seed: int, stars: int) -> dict:
    """The map benchmarks/on_tour_hard_maps.py's ``wild_map(seed, stars, (0, 1))`` makes."""
    rng = random.Random(f"{seed}/{stars}/{(0, 1)}/0.2/0/0")
    board = {s: (rng.choice((0, 1)), rng.random() < 0.2) for s in SPACES}
    for s in rng.sample(SPACES, stars):
        board[s] = ("star", rng.random() < 0.2)
    return board


def total(board: dict, path: list[int]) -> int:
    return check_tour(board, [SPACES[i] for i in path]).total if path else 0


# (stars, seed): maps on which the branch and bound is quick, so both searches run here.
QUICK = [(16, 3), (18, 2), (20, 1), (20, 4), (22, 0)]

# (stars, seed) -> the best total, as the branch and bound found it (2-7 s each, so pinned).
PINNED = {(26, 2): 49, (28, 0): 50, (28, 4): 46, (30, 1): 45}


@pytest.mark.parametrize(("stars", "seed"), QUICK)
def test_O_SCORE_frontier_matches_branch_and_bound_on_stress_maps(stars: int, seed: int) -> None:
    board = stress_map(seed, stars)
    arrays = _arrays(board)
    expected = total(board, _search(*arrays, method="bounded"))
    assert total(board, _search(*arrays, method="frontier")) == expected
    score = best_tour(board)
    assert score.total == expected
    assert check_tour(board, score.tour) == score


@pytest.mark.parametrize(("stars", "seed"), sorted(PINNED))
def test_O_SCORE_best_tour_finds_the_pinned_totals_of_the_hardest_maps(stars: int, seed: int) -> None:
    board = stress_map(seed, stars)
    score = best_tour(board)
    assert score.total == PINNED[stars, seed]
    assert check_tour(board, score.tour) == score
