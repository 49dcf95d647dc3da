"""The scorer: best_tour against a plain search, check_tour, and hard maps (O-ROUTE, O-SCORE)."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from touring_widgets.on_tour import SPACES, best_tour, check_tour
from touring_widgets.on_tour.facts import ADJACENT
from touring_widgets.on_tour.scoring import _arrays, _search


@st.composite
def small_maps(draw: st.DrawFn) -> dict:
    """A connected patch of up to 11 written spaces; the rest is X or empty. Many ties and stars."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    size = draw(st.integers(1, 11))
    patch = [rng.choice(SPACES)]
    while len(patch) < size:
        frontier = sorted({n for s in patch for n in ADJACENT[s]} - set(patch))
        if not frontier:
            break
        patch.append(rng.choice(frontier))
    values = draw(
        st.lists(st.sampled_from([10, 20, 30, 40, "star"]), min_size=len(patch), max_size=len(patch))
    )
    board = {s: rng.choice([None, ("X", False)]) for s in SPACES}
    for s, v in zip(patch, values):
        board[s] = (v, rng.random() < 0.3)
    return board


@st.composite
def full_maps(draw: st.DrawFn) -> dict:
    """A full map of random numbers with a few stars and Xs, like the end of a game."""
    rng = random.Random(draw(st.integers(0, 10**9)))
    board = {s: (rng.randrange(100), rng.random() < 0.15) for s in SPACES}
    for s in rng.sample(SPACES, draw(st.integers(0, 3))):
        board[s] = ("star", rng.random() < 0.3)
    for s in rng.sample(SPACES, draw(st.integers(0, 6))):
        board[s] = ("X", False)
    return board


class TestBestTour:
    @settings(max_examples=300, deadline=None)
    @given(small_maps())
    def test_O_SCORE_matches_brute_force_on_small_patches(self, brute, board: dict) -> None:
        score = best_tour(board)
        assert score.total == brute(board)
        assert check_tour(board, score.tour) == score

    @settings(max_examples=60, deadline=None)
    @given(full_maps())
    def test_O_SCORE_matches_brute_force_on_full_maps(self, brute, board: dict) -> None:
        score = best_tour(board)
        assert score.total == brute(board)
        assert check_tour(board, score.tour) == score

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 10**9), st.integers(2, 8))
    def test_branch_and_bound_agrees_with_plain_search_on_wild_maps(self, seed: int, n_stars: int) -> None:
        rng = random.Random(seed)
        board = {s: (rng.choice(range(10, 90, 10)), rng.random() < 0.2) for s in SPACES}
        for s in rng.sample(SPACES, n_stars):
            board[s] = ("star", rng.random() < 0.3)
        for s in rng.sample(SPACES, rng.randrange(12)):
            board[s] = ("X", False)
        arrays = _arrays(board)
        weight = [1 + (arrays[2] >> i & 1) for i in range(len(SPACES))]
        plain = _search(*arrays, bounded=False, budget=10**6)
        bounded = _search(*arrays, bounded=True)
        assert sum(weight[i] for i in plain) == sum(weight[i] for i in bounded)

    def test_O_ROUTE_score_counts_spaces_and_circles(self) -> None:
        board = {"TX": (10, True), "OK": (20, False), "KS": ("star", True), "NE": (5, False)}
        score = best_tour(board)
        assert (score.tour, score.spaces, score.circles, score.total) == (["TX", "OK", "KS"], 3, 2, 5)

    def test_O_ROUTE_stars_are_wild_but_numbers_never_go_down(self) -> None:
        board = {"TX": (60, False), "OK": ("star", False), "KS": (10, False)}
        assert best_tour(board).tour == ["KS", "OK", "TX"]  # 10 → ★ → 60, never 60 → ★ → 10
        with pytest.raises(ValueError, match="never go down"):
            check_tour(board, ["TX", "OK", "KS"])
        board["AR"] = (5, False)  # every order of all four spaces goes down somewhere
        assert best_tour(board).total == 3
        assert best_tour({"TX": (30, False), "OK": (30, False), "KS": (30, True)}).total == 4  # equal is fine

    def test_O_ROUTE_a_tour_never_enters_an_x(self) -> None:
        board = {"TX": (10, False), "OK": ("X", False), "KS": (30, False)}
        assert best_tour(board).total == 1

    def test_empty_and_all_x_maps_score_zero(self) -> None:
        assert best_tour({}).total == 0
        assert best_tour({s: ("X", False) for s in SPACES}).tour == []

    def test_bad_maps_are_refused(self) -> None:
        with pytest.raises(ValueError, match="not a space"):
            best_tour({"ZZ": (10, False)})
        with pytest.raises(ValueError, match="cell"):
            best_tour({"TX": (100, False)})
        with pytest.raises(ValueError, match="cell"):
            best_tour({"TX": ("X", True)})


class TestHardMaps:
    """Maps no game produces, where the search must still be exact (their times: benchmarks/)."""

    def scored(self, board: dict):
        score = best_tour(board)
        assert check_tour(board, score.tour) == score
        return score

    def test_all_stars_is_a_path_through_every_space(self) -> None:
        score = self.scored({s: ("star", False) for s in SPACES})
        assert score.spaces == 41

    def test_all_stars_weighted_by_circles(self) -> None:
        rng = random.Random(5)
        board = {s: ("star", rng.random() < 0.4) for s in SPACES}
        assert self.scored(board).total == 41 + sum(c[1] for c in board.values())

    def test_all_one_number(self) -> None:
        assert self.scored({s: (42, False) for s in SPACES}).total == 41

    def test_ten_stars_among_ties_agrees_with_plain_search(self) -> None:
        rng = random.Random(11)
        board = {s: (rng.choice([30, 40, 50]), rng.random() < 0.2) for s in SPACES}
        for s in rng.sample(SPACES, 10):
            board[s] = ("star", False)
        arrays = _arrays(board)
        weight = [1 + (arrays[2] >> i & 1) for i in range(len(SPACES))]
        plain = _search(*arrays, bounded=False, budget=10**7)
        assert self.scored(board).total == sum(weight[i] for i in plain)

    def test_stars_cut_by_xs_stay_on_one_side(self) -> None:
        # Xs on every space joining the west coast to the rest leave WA-OR-CA as an island.
        board = {s: ("star", False) for s in SPACES}
        for s in ("ID", "NV", "AZ"):
            board[s] = ("X", False)
        score = self.scored(board)
        assert score.spaces == 41 - 3 - 3
        assert not {"WA", "OR", "CA"} & set(score.tour)


class TestCheckTour:
    board: ClassVar[dict] = {
        "TX": (60, False),
        "OK": ("star", True),
        "KS": (10, False),
        "NM": ("X", False),
        "CO": (70, False),
    }

    def test_O_ROUTE_a_good_tour_is_scored(self) -> None:
        score = check_tour(self.board, ["TX", "OK", "CO"])
        assert (score.spaces, score.circles, score.total) == (3, 1, 4)

    @pytest.mark.parametrize(
        ("tour", "problem"),
        [
            (["TX", "KS"], "no route joins TX and KS"),
            (["TX", "OK", "TX"], "visited twice"),
            (["TX", "NM"], "NM is an X"),
            (["TX", "AR"], "AR is empty"),
            (["TX", "OK", "KS"], "lower than 60"),
            (["TX", "QQ"], "not a space"),
        ],
    )
    def test_O_ROUTE_names_the_first_problem(self, tour: list[str], problem: str) -> None:
        with pytest.raises(ValueError, match=problem):
            check_tour(self.board, tour)
