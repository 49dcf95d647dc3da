"""best_tour on star-heavy maps (the stress families of benchmarks/on_tour_hard_maps.py), against
a plain search that tries every path: its bounds must never cut off a better tour (O-ROUTE, O-SCORE).

A plain search cannot finish on a whole map with 20 stars, so the maps here are patches of the
board (the rest X or empty) with the same mix: mostly stars among 0s and 1s.
"""

from __future__ import annotations

import random

import pytest

from touring_widgets.on_tour import SPACES, best_tour, check_tour
from touring_widgets.on_tour.facts import ADJACENT
from touring_widgets.on_tour.scoring.best import search
from touring_widgets.on_tour.scoring.tour import arrays


def star_patch(seed: int, size: int, star_share: float, numbers: tuple[int, ...] = (0, 1)) -> dict:
    """A connected patch of ``size`` spaces, each a star with chance ``star_share``, else one of
    ``numbers`` (a third circled); the rest of the board X or empty."""
    name = f"{seed}/{size}/{star_share}" + ("" if numbers == (0, 1) else f"/{numbers}")
    rng = random.Random(f"star patch {name}")
    patch = [rng.choice(SPACES)]
    while len(patch) < size:
        frontier = sorted({n for s in patch for n in ADJACENT[s]} - set(patch))
        patch.append(rng.choice(frontier))
    board = {s: rng.choice([None, ("X", False)]) for s in SPACES}
    for s in patch:
        mark = "star" if rng.random() < star_share else rng.choice(numbers)
        board[s] = (mark, rng.random() < 0.3)
    return board


@pytest.mark.parametrize("star_share", [0.5, 0.7, 0.9])
def test_O_SCORE_star_heavy_patches_match_a_search_of_every_path(brute, star_share: float) -> None:
    for seed in range(6):
        board = star_patch(seed, 13, star_share)
        expected = brute(board)
        score = best_tour(board)
        assert score.total == expected, board
        assert check_tour(board, score.tour) == score
        for method in ("bounded", "frontier"):
            path = search(*arrays(board), method=method)
            assert len(path) + sum(board[SPACES[i]][1] for i in path) == expected, (method, board)


@pytest.mark.parametrize("numbers", [(3, 50, 99), (10, 99)])
def test_O_SCORE_patches_with_the_highest_day_beside_stars_match_a_search_of_every_path(
    brute, numbers: tuple[int, ...]
) -> None:
    # A tour from a star may climb through lower numbers and come back to the 99s beside the
    # stars it started on: those 99s are ahead of it, not behind.
    for seed in range(8):
        board = star_patch(seed, 12, 0.5, numbers)
        expected = brute(board)
        assert best_tour(board).total == expected, board
        for method in ("bounded", "frontier"):
            path = search(*arrays(board), method=method)
            assert len(path) + sum(board[SPACES[i]][1] for i in path) == expected, (method, board)


def test_O_SCORE_a_tour_from_a_star_climbs_back_to_the_99s_beside_it() -> None:
    # KY and MO are stars; IA and SD, the highest day, lie next to MO. The best tour leaves the
    # stars for the lower NE first and reaches the 99s from there (O-ROUTE): 6 spaces, not 5.
    board = {
        "KY": ("star", False), "MO": ("star", False), "NE": (10, False),
        "IA": (99, False), "SD": (99, False), "MT": ("star", False),
    }
    assert best_tour(board).total == 6
    for method in ("bounded", "frontier"):
        assert len(search(*arrays(board), method=method)) == 6, method
