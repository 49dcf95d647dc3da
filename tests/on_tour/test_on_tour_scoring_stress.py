"""best_tour on whole maps with 16-30 stars among two, three or ten numbers (the stress
families of benchmarks/on_tour_hard_maps.py), where it uses the frontier search: against the
branch and bound, a different exact search, and against totals the branch and bound found
(O-SCORE).
"""

from __future__ import annotations

import random

import pytest

from touring_widgets.on_tour import SPACES, best_tour, check_tour
from touring_widgets.on_tour.scoring.best import search
from touring_widgets.on_tour.scoring.tour import arrays


def stress_map(seed: int, stars: int, numbers: tuple[int, ...] = (0, 1)) -> dict:
    """The map benchmarks/on_tour_hard_maps.py's ``wild_map(seed, stars, numbers)`` makes."""
    rng = random.Random(f"{seed}/{stars}/{numbers}/0.2/0/0")
    board = {s: (rng.choice(numbers), rng.random() < 0.2) for s in SPACES}
    for s in rng.sample(SPACES, stars):
        board[s] = ("star", rng.random() < 0.2)
    return board


def total(board: dict, path: list[int]) -> int:
    return check_tour(board, [SPACES[i] for i in path]).total if path else 0


TWO, THREE, FIVE, TEN, TWENTY = (0, 1), (0, 1, 2), tuple(range(5)), tuple(range(10)), tuple(range(20))

# (stars, seed, numbers): maps on which the branch and bound is quick, so both searches run here.
# The last six need joins the others do not: stars only onto a piece whose numbers fall
# towards them (five numbers), a lower number onto a piece of one number, read falling, and a
# space next to both ends of one piece joining it to another piece (only the pair of ends that
# would close a cycle is skipped, not the pairs after it).
QUICK = [(16, 3, TWO), (18, 2, TWO), (20, 1, TWO), (20, 4, TWO), (22, 0, TWO), (18, 0, THREE),
         (20, 1, THREE), (16, 1, TEN), (18, 2, TEN), (18, 6, FIVE), (14, 9, FIVE), (14, 1, TEN),
         (18, 1, THREE), (16, 108, TWENTY), (16, 139, THREE)]

# (stars, seed, numbers) -> the best total, as the branch and bound found it (2-30 s each, so
# pinned).
PINNED = {
    (26, 2, TWO): 49, (28, 0, TWO): 50, (28, 4, TWO): 46, (30, 1, TWO): 45,
    (26, 1, THREE): 50, (28, 2, THREE): 48, (30, 3, THREE): 44,
    (22, 0, TEN): 39, (26, 2, TEN): 46, (28, 1, TEN): 37,
}


def named(case: tuple) -> str:
    stars, seed, numbers = case
    return f"{stars}stars-seed{seed}-{len(numbers)}numbers"


@pytest.mark.parametrize(("stars", "seed", "numbers"), QUICK, ids=map(named, QUICK))
def test_O_SCORE_frontier_matches_branch_and_bound_on_stress_maps(
    stars: int, seed: int, numbers: tuple[int, ...]
) -> None:
    board = stress_map(seed, stars, numbers)
    parts = arrays(board)
    expected = total(board, search(*parts, method="bounded"))
    assert total(board, search(*parts, method="frontier")) == expected
    score = best_tour(board)
    assert score.total == expected
    assert check_tour(board, score.tour) == score


@pytest.mark.parametrize(("stars", "seed", "numbers"), list(PINNED), ids=map(named, PINNED))
def test_O_SCORE_best_tour_finds_the_pinned_totals_of_the_hardest_maps(
    stars: int, seed: int, numbers: tuple[int, ...]
) -> None:
    board = stress_map(seed, stars, numbers)
    score = best_tour(board)
    assert score.total == PINNED[stars, seed, numbers]
    assert check_tour(board, score.tour) == score
