"""How much work best_tour's exact searches need (O-SCORE): the bounds that let them rule out
most tours unseen, measured in positions and states, never in seconds.

A bound that rules out too much gives a wrong score, which the other scoring tests catch; one
that rules out too little gives the right score slowly, which only a count of the work shows.
The counts below are this release's, exactly (the searches are deterministic): a change that
makes a search do more work on these maps fails here; one that makes it do less should lower
them, so that they keep guarding it.
"""

from __future__ import annotations

import random

import pytest
from test_on_tour_scoring_stress import TEN, THREE, TWO, stress_map  # beside this file

from touring_widgets.on_tour import SPACES, best_tour, check_tour
from touring_widgets.on_tour.scoring import best as best_module
from touring_widgets.on_tour.scoring import frontier as frontier_module
from touring_widgets.on_tour.scoring.best import PLAIN_BUDGET, search
from touring_widgets.on_tour.scoring.branch_and_bound import bounded
from touring_widgets.on_tour.scoring.frontier import BEAM, frontier_pass, numbers_ruled_out
from touring_widgets.on_tour.scoring.memoised import plain
from touring_widgets.on_tour.scoring.tour import TooWild, arrays


def tour_within(solver, board: dict, budget: int, what: str) -> list[str]:
    """The tour ``solver`` finds on ``board`` within ``budget`` (positions or states, ``what``)."""
    try:
        path = solver(*arrays(board), budget=budget)
    except TooWild:
        pytest.fail(f"the search needed more than {budget} {what}")
    return [SPACES[i] for i in path]


def weight(board: dict, tour: list[str]) -> int:
    """What a tour scores on ``board``: a point a space, one more a circled space (O-SCORE)."""
    return sum(1 + bool(board[s][1]) for s in tour)


def best_within(solver, case: tuple, budget: int, what: str) -> int:
    """The weight of the tour ``solver`` finds on the stress map ``case`` within ``budget``."""
    stars, seed, numbers = case
    board = stress_map(seed, stars, numbers)
    return weight(board, tour_within(solver, board, budget, what))


# (stars, seed, numbers) -> (best total, positions the branch and bound needs)
BRANCH_AND_BOUND = {
    (16, 3, TWO): (43, 144),
    (22, 0, TWO): (47, 197),
    (20, 4, TWO): (49, 492),
    (18, 2, TWO): (35, 943),
    (16, 1, TEN): (25, 1792),
}


@pytest.mark.parametrize("case", list(BRANCH_AND_BOUND), ids=str)
def test_O_SCORE_the_branch_and_bound_rules_out_most_tours_unseen(case: tuple) -> None:
    best, positions = BRANCH_AND_BOUND[case]
    assert best_within(bounded, case, positions, "positions") == best


@pytest.mark.parametrize(("budget", "total"), [(1, 1), (50, 42), (143, 43)])
def test_O_SCORE_the_branch_and_bound_gives_up_past_its_budget_with_its_best_tour(budget, total) -> None:
    # The frontier search starts from the tour the short branch and bound found when it gave up:
    # a tour the map allows (O-ROUTE), the best it had seen. This map needs 144 positions; after
    # one it holds its first start (NE2, a dead end) alone.
    board = stress_map(3, 16, TWO)
    with pytest.raises(TooWild) as wild:
        bounded(*arrays(board), budget=budget)
    tour = [SPACES[i] for i in wild.value.args[0]]
    assert tour[0] == "NE2"
    assert check_tour(board, tour).total == total


def test_O_SCORE_a_tour_from_a_star_climbs_only_past_what_it_passed() -> None:
    # Numbers never go down (O-ROUTE). From a star a tour may reach any number; once past a 99
    # (TX, VA) it can go no lower, so the spaces beyond a 99 that hold less are out of its reach.
    # Counting them in the branch and bound's reach (as if a 99 were wild like the star) would
    # cost it positions here.
    board = {
        "IA": (50, False), "WI": ("star", False), "KS": ("star", False), "MO": (50, False),
        "OK": (5, False), "TX": (99, False), "LA": ("star", False), "KY": ("star", False),
        "VA": (99, False), "TN": (50, True), "NC": (5, False), "SC": ("star", False),
        "GA": (50, False), "AL": (5, False), "MS": ("star", False), "FL": (50, True),
    }
    tour = tour_within(bounded, board, 78, "positions")
    assert weight(board, tour) == best_tour(board).total == 12


def test_O_SCORE_a_tour_leaving_its_first_number_counts_only_the_spaces_it_passed() -> None:
    # The bound on a tour that leaves the stars and tens it starts among counts the spaces it
    # can pass there, then the regions it climbs through. Counting one space more (even one off
    # the map, such as WA here) lets fewer tours be ruled out unseen.
    board = {
        "CO": (10, False), "NM": (99, False), "NE": ("star", False), "MN": (10, False),
        "IA": ("star", False), "KS": ("star", False), "MO": (20, False), "AR": ("star", False),
        "TX": ("star", False), "MS": (99, False),
    }
    assert len(tour_within(bounded, board, 23, "positions")) == best_tour(board).total == 9


# The branch and bound's table of positions: a position it rules out is kept with the bound that
# ruled it out (met again, it is ruled out at once), and adds nothing to the bound kept for the
# position before it. (map, positions, best total)
REMEMBERED = {
    "a position ruled out is remembered": (
        {
            "UT": ("star", False), "AZ": ("star", False), "NM": ("star", False), "IN": (40, False),
            "MI": ("star", False), "MO": (70, False), "AR": (40, False), "TX": (70, False),
            "OH": (3, False), "WV": ("star", False), "NY": ("star", False), "MC": (40, True),
            "NE2": (3, False), "KY": ("star", False), "VA": ("star", False), "TN": ("star", False),
            "NC": (99, False), "SC": (99, False),
        },
        118,
        13,
    ),
    "a position ruled out adds nothing to the one before": (
        {
            "CO": ("star", False), "MO": ("star", False), "OK": (40, False), "TX": (3, False),
            "TN": ("star", False), "NC": (70, False), "SC": (99, False), "AL": ("star", False),
            "MS": (70, False),
        },
        21,
        6,
    ),
}


@pytest.mark.parametrize("case", list(REMEMBERED))
def test_O_SCORE_the_branch_and_bound_remembers_the_positions_it_ruled_out(case: str) -> None:
    board, positions, total = REMEMBERED[case]
    tour = tour_within(bounded, board, positions, "positions")
    assert weight(board, tour) == best_tour(board).total == total


def test_O_SCORE_a_number_is_entered_from_below_and_left_upwards_only() -> None:
    # A space holding a number is entered from a star or a number no higher, and left to a star
    # or a number no lower (O-ROUTE). The bound on the part of the map ahead counts what the
    # spaces a tour cannot pass through cost it; taking the 70s and the 99 here for stars (any
    # way in, any way on) would cost it positions.
    board = {
        "MO": ("star", False), "TN": ("star", False), "NC": (70, False), "SC": (99, False),
        "GA": ("star", False), "AL": ("star", False), "MS": (70, False),
    }
    assert len(tour_within(bounded, board, 20, "positions")) == best_tour(board).total == 6


# (stars, seed, numbers) -> (best total, states the exact frontier pass keeps)
FRONTIER = {
    (16, 3, TWO): (43, 9169),
    (22, 0, TWO): (47, 16_663),
    (18, 0, THREE): (42, 8817),
}


def cut_map(seed: int, stars: int, numbers: tuple[int, ...], xs: int, empty: int) -> dict:
    """A stress map with some spaces crossed out and some left empty, which no tour enters."""
    board = stress_map(seed, stars, numbers)
    cut = random.Random(f"cut/{seed}").sample(SPACES, xs + empty)
    board.update(dict.fromkeys(cut[:xs], ("X", False)))
    board.update(dict.fromkeys(cut[xs:]))
    return board


# (seed, stars, numbers, Xs, empty spaces) -> (best total, states the exact frontier pass keeps)
CUT = {
    (0, 18, THREE, 5, 3): (33, 2704),
    (1, 20, TWO, 4, 4): (29, 3812),
    (1, 16, TEN, 6, 2): (19, 3555),
    (2, 22, THREE, 3, 3): (39, 2401),
}


@pytest.mark.parametrize("case", list(CUT), ids=str)
def test_O_SCORE_the_frontier_search_counts_only_spaces_a_tour_may_enter(case: tuple) -> None:
    # An X or an empty space adds nothing to what is still to come (O-ROUTE): counting it would
    # keep states that cannot beat the best tour, and missing a space would lose the best.
    best, states = CUT[case]
    board = cut_map(*case)
    parts = arrays(board)
    assert best_tour(board).total == best
    assert weight(board, [SPACES[i] for i in search(*parts, method="frontier")]) == best
    found, _, sizes = frontier_pass(*parts, best - 1)
    assert found == best
    kept = sum(sizes)
    assert kept <= states, f"the exact pass kept {kept} states"


@pytest.mark.parametrize("case", list(FRONTIER), ids=str)
def test_O_SCORE_the_frontier_search_keeps_few_states(case: tuple) -> None:
    stars, seed, numbers = case
    best, states = FRONTIER[case]
    board = stress_map(seed, stars, numbers)
    found, _, sizes = frontier_pass(*arrays(board), best - 1)
    assert found == best
    kept = sum(sizes)
    assert kept <= states, f"the exact pass kept {kept} states"


def passes_run(monkeypatch) -> list[tuple[int, int]]:
    """The frontier passes run from now on: (the weight a tour must beat, the states a step
    kept, 0 for all)."""
    passes = []

    def counted(*args, **kwargs):
        passes.append((args[4], args[5] if len(args) > 5 else 0))
        return frontier_pass(*args, **kwargs)

    monkeypatch.setattr(frontier_module, "frontier_pass", counted)
    return passes


def frontier_passes(monkeypatch, case: tuple) -> tuple[int, list[tuple[int, int]]]:
    """best_tour's total on a stress map, and the frontier passes it ran."""
    stars, seed, numbers = case
    passes = passes_run(monkeypatch)
    return best_tour(stress_map(seed, stars, numbers)).total, passes


def test_O_SCORE_no_frontier_search_when_the_short_branch_and_bound_finishes(monkeypatch) -> None:
    # 22 stars: best_tour picks the frontier search, which first runs the branch and bound for a
    # few positions; on this map (197 positions) that is already the exact answer.
    assert frontier_passes(monkeypatch, (22, 0, TWO)) == (47, [])


@pytest.mark.parametrize(
    ("case", "total", "passes"),
    [
        ((18, 0, THREE), 42, [(38, BEAM), (42, 0)]),
        ((16, 1, TEN), 25, [(24, BEAM), (25, 0)]),
        ((20, 3, TEN), 37, [(31, BEAM), (35, 0)]),
    ],
    ids=str,
)
def test_O_SCORE_each_frontier_pass_starts_from_the_best_tour_known(monkeypatch, case, total, passes) -> None:
    # The short branch and bound's tour (39, 25, 32 here: it needs more than its 1,000
    # positions) is what the quick pass must beat; the quick pass's (42, 25, 35: on the last
    # map it falls short of the best), the exact pass.
    assert frontier_passes(monkeypatch, case) == (total, passes)


@pytest.mark.parametrize("case", [(16, 3, TWO), (20, 4, TWO), (22, 0, TWO), (18, 0, THREE)], ids=str)
def test_O_SCORE_the_quick_pass_finds_the_best_tour_on_these_maps(case: tuple) -> None:
    # The quick pass keeps only the states that look best a step; a good first tour is what
    # lets the exact pass rule out the rest.
    stars, seed, numbers = case
    board = stress_map(seed, stars, numbers)
    quick, _, sizes = frontier_pass(*arrays(board), 0, BEAM)
    assert quick == best_tour(board).total
    assert max(sizes) <= BEAM


def test_O_SCORE_the_quick_pass_ranks_states_by_what_they_can_still_take() -> None:
    # 22 stars among ten numbers: the quick pass's tour is one space short of the best (40);
    # ranking its states by what the numbers still ahead allow is what brings it that close.
    board = stress_map(2, 22, TEN)
    quick, _, _ = frontier_pass(*arrays(board), 0, BEAM)
    assert (quick, best_tour(board).total) == (39, 40)


# (stars, seed, numbers) -> (best total, states the memoised search solves; every map a game
# makes is solved by it, most with under a hundred)
PLAIN = {
    (4, 0, TWO): (29, 2626),
    (4, 1, THREE): (33, 1804),
    (8, 0, TEN): (28, 1682),
}


@pytest.mark.parametrize("case", list(PLAIN), ids=str)
def test_O_SCORE_the_memoised_search_shares_the_tours_that_end_alike(case: tuple) -> None:
    best, states = PLAIN[case]
    assert best_within(plain, case, states, "states") == best


def test_O_SCORE_the_memoised_search_takes_a_higher_numbers_tour_as_it_is() -> None:
    # From the 5s (MS, TN) the tour climbs to NC (50) and VA (99). The best tour from NC is
    # solved once and taken as it is, since it passes none of the spaces already visited: four
    # states in all. Counting a space it does not pass as one of them costs a fifth.
    board = {"VA": (99, False), "TN": (5, False), "NC": (50, False), "MS": (5, False)}
    assert tour_within(plain, board, 4, "states") == ["MS", "TN", "NC", "VA"]


def test_O_SCORE_the_memoised_search_skips_a_star_that_cannot_beat_the_best_tour() -> None:
    # TX (1) to OK (2) is worth 2 and needs no search (no cycle). WA, a star with no written
    # space next to it, is worth 1 at most: it is not searched at all.
    board = {"TX": (1, False), "OK": (2, False), "WA": ("star", False)}
    assert tour_within(plain, board, 0, "states") == ["TX", "OK"]


def test_O_SCORE_the_plain_search_gives_up_past_its_budget() -> None:
    board = stress_map(3, 16, TWO)
    with pytest.raises(TooWild):
        plain(*arrays(board), budget=100)


def stand_ins(monkeypatch) -> list[str]:
    """Replace the branch and bound and the frontier search by stand-ins that only say they ran."""
    ran: list[str] = []

    def bounded_ran(*args, **kwargs):
        ran.append("bounded")
        return []

    def frontier_ran(*args, **kwargs):
        ran.append("frontier")
        return []

    monkeypatch.setattr(best_module, "bounded", bounded_ran)
    monkeypatch.setattr(best_module, "frontier", frontier_ran)
    return ran


def test_O_SCORE_the_memoised_search_forced_by_name_runs_to_the_end(monkeypatch) -> None:
    # The tests that check one exact search against another force each by name. This map needs
    # more states than best_tour lets the memoised search have: forced, it must still finish,
    # never hand the map to another search.
    board = stress_map(1, 5, TWO)
    total = best_tour(board).total
    with pytest.raises(TooWild):
        plain(*arrays(board), budget=PLAIN_BUDGET)
    ran = stand_ins(monkeypatch)
    path = search(*arrays(board), method="plain")
    assert ran == []
    assert check_tour(board, [SPACES[i] for i in path]).total == total


def test_O_SCORE_the_frontier_search_forced_by_name_runs_where_the_branch_and_bound_finishes(
    monkeypatch,
) -> None:
    # best_tour takes the short branch and bound's tour on this map (197 positions); the frontier
    # search forced by name still runs both its passes, to beat a tour one space lighter.
    passes = passes_run(monkeypatch)
    board = stress_map(0, 22, TWO)
    path = search(*arrays(board), method="frontier")
    assert passes == [(46, BEAM), (46, 0)]
    assert check_tour(board, [SPACES[i] for i in path]).total == 47


def ladder(stars: int, distinct: int) -> dict:
    """A full map: ``stars`` stars, the other spaces numbered 0, 1, ... ``distinct`` - 1 in turn."""
    wild = set(random.Random(f"ladder/{stars}").sample(SPACES, stars))
    numbered = iter(range(len(SPACES)))
    return {s: ("star", False) if s in wild else (next(numbered) % distinct, False) for s in SPACES}


@pytest.mark.parametrize(
    ("stars", "distinct", "chosen"),
    [
        (15, 5, "bounded"),
        (16, 14, "frontier"),
        (16, 15, "bounded"),
        (21, 14, "frontier"),
        (21, 15, "bounded"),
        (22, 15, "frontier"),
    ],
    ids=str,
)
def test_O_SCORE_maps_the_memoised_search_gives_up_on_go_to_the_quicker_search(
    monkeypatch, stars: int, distinct: int, chosen: str
) -> None:
    # The branch and bound's work grows with the stars, the frontier search's with the distinct
    # numbers: from 16 stars the frontier search among fewer than 15 numbers, from 22 always.
    board = ladder(stars, distinct)
    ran = stand_ins(monkeypatch)
    search(*arrays(board))
    assert ran == [chosen]


def _end(mate: int, own: int, other: int) -> int:
    """A frontier entry ending a piece: its other end ``mate`` (63: an end of the whole tour),
    the first number codes met from this end (``own``) and from the other (``other``)."""
    return 1 | mate << 1 | own << 7 | other << 14


def codes(*numbered: int) -> int:
    return sum(1 << c for c in numbered)


class TestRuledOut:
    """Which numbers a tour through some pieces can still take (O-ROUTE: they never go down)."""

    def test_a_tours_first_piece_leaves_no_room_below_its_open_end(self) -> None:
        start = _end(63, 5, 2)  # the tour starts at code 2 and climbs to 5 at this end
        assert numbers_ruled_out((start,)) == codes(1, 2, 3, 4)

    def test_a_tours_last_piece_leaves_no_room_above_its_open_end(self) -> None:
        finish = _end(63, 2, 5)  # from this end (code 2) the piece climbs to the tour's end at 5
        assert numbers_ruled_out((finish,)) & codes(*range(1, 12)) == codes(*range(3, 12))

    def test_no_tour_has_two_first_or_two_last_pieces(self) -> None:
        assert numbers_ruled_out((_end(63, 5, 2), _end(63, 7, 6))) == -1
        assert numbers_ruled_out((_end(63, 2, 5), _end(63, 3, 9))) == -1

    def test_pieces_whose_numbers_overlap_cannot_follow_one_another(self) -> None:
        assert numbers_ruled_out((_end(10, 2, 5), _end(11, 3, 6))) == -1
        assert numbers_ruled_out((_end(10, 2, 5), _end(13, 4, 4))) == -1  # 4 inside 2..5

    def test_numbers_inside_a_piece_are_ruled_out_for_the_rest(self) -> None:
        assert numbers_ruled_out((_end(10, 2, 5), _end(12, 7, 9))) == codes(3, 4, 8)

    def test_a_piece_read_from_its_higher_end_says_nothing_new(self) -> None:
        low_end, high_end = _end(11, 2, 5), _end(10, 5, 2)
        assert numbers_ruled_out((low_end, high_end)) == numbers_ruled_out((low_end,)) == codes(3, 4)

    def test_stars_only_and_empty_entries_rule_out_nothing(self) -> None:
        assert numbers_ruled_out((0, _end(10, 0, 0), 0)) == 0

    def test_a_tour_end_holding_one_number_comes_first_or_last(self) -> None:
        end = _end(63, 4, 4)
        assert numbers_ruled_out((end,)) == 0  # either way round
        assert numbers_ruled_out((end, _end(10, 2, 3))) & codes(*range(1, 12)) == codes(*range(5, 12))  # last
        assert numbers_ruled_out((end, _end(11, 6, 7))) == codes(1, 2, 3)  # first
        assert numbers_ruled_out((end, _end(10, 2, 3), _end(11, 6, 7))) == -1  # neither

    def test_every_lone_number_is_checked_against_every_piece(self) -> None:
        # 4 lies inside 2..9 whichever lone number is read last
        assert numbers_ruled_out((_end(10, 2, 9), _end(13, 4, 4), _end(14, 20, 20))) == -1
        assert numbers_ruled_out((_end(14, 20, 20), _end(13, 4, 4), _end(10, 2, 9))) == -1

    def test_a_first_piece_keeps_what_the_other_pieces_rule_out(self) -> None:
        start = _end(63, 5, 2)  # nothing below 5 from here on
        assert numbers_ruled_out((_end(10, 7, 10), start)) == codes(1, 2, 3, 4, 8, 9)
        finish = _end(63, 12, 20)  # nothing above 12
        kill = numbers_ruled_out((_end(10, 7, 10), finish))
        assert kill & codes(*range(1, 30)) == codes(8, 9, *range(13, 30))
