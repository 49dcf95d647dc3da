"""How the advice shares its playouts (``core.search.Schedule``): every move on every deal when
there are few; with many (On Tour's hundreds of writings), a first ranking of the likeliest, every
move on two deals, then sequential halving on the deals the moves share."""

from __future__ import annotations

import pytest

import touring_widgets as tw
from touring_widgets.core.search import Schedule, Search, advice_search, tied_best
from touring_widgets.on_tour import search as on_tour_search


def on_tour_at(seed: int = 8, steps: int = 13) -> tw.OnTour:
    """Seed 8's 14th turn: 98 writings, short playouts."""
    o = tw.OnTour(players=["human"], seed=seed)
    for _ in range(steps):
        o.step(on_tour_search.own_policy(o.state, o.turn))
    return o


def finish(schedule: Schedule) -> list[str]:
    """Work the schedule to its end; the stages it went through, in order."""
    stages = [schedule.stage]
    while not schedule.done:
        schedule.work(0.01)
        if schedule.stage != stages[-1]:
            stages.append(schedule.stage)
    return stages


def shared_sum(tally, deals: int) -> float:
    return sum(tally.by_deal[d] for d in range(deals))


@pytest.fixture(scope="module")
def halved():
    search = advice_search(on_tour_at(), seed=3)
    schedule = Schedule(search, target=32, first=4, keep=8)
    firsts = {}
    stages = [schedule.stage]
    while not schedule.done:
        schedule.work(0)  # one playout at a time
        if schedule.stage == "first":
            assert not schedule.first_done
            continue
        assert schedule.first_done
        if not firsts:  # what the page shows when the first ranking is done
            firsts = {k: t.n for k, t in enumerate(search.tallies)}
            first_best = search.ranked()[0]
        if schedule.stage != stages[-1]:
            stages.append(schedule.stage)
    return search, schedule, firsts, first_best, stages


def test_few_moves_play_every_move_on_every_deal_as_before():
    g = tw.Touring(players=["human", "greedy"], seed=7)
    search = advice_search(g, seed=2)
    assert 1 < len(search.tallies) <= 32 and search.kit.wide == 0
    schedule = Schedule(search, target=5)
    while schedule.deals < 1:
        schedule.work(0)
    assert not schedule.first_done  # one deal: no interval yet
    while schedule.deals < 2:
        schedule.work(0)
    assert schedule.first_done and schedule.stage == "first"
    assert finish(schedule) == ["first", "done"]
    plain = advice_search(g, seed=2)
    plain.run(5)
    assert [(t.n, t.total) for t in search.tallies] == [(t.n, t.total) for t in plain.tallies]
    assert search.deals == 5 and schedule.share == 1.0 and schedule.planned == 5 * len(search.tallies)
    assert schedule.words().endswith("playouts on 5 of 5 deals")


def test_o_score_the_first_ranking_is_the_likeliest_writings_alone(halved):
    search, _, firsts, first_best, _ = halved
    wide = on_tour_search.WIDE
    assert len(search.tallies) > wide
    guess = on_tour_search.prior(search.state, search.seat, search.moves)
    played = {k for k, n in firsts.items() if n}
    assert len(played) == wide and all(firsts[k] == 4 for k in played)
    # the moves the judge likes best, the greedy bot's own writing among them
    assert min(guess[k] for k in played) >= max(guess[k] for k in set(firsts) - played)
    greedy = on_tour_search.own_policy(search.state, search.seat)
    assert any(search.tallies[k].action == greedy for k in played)
    assert search.tallies.index(first_best) in played


def test_o_score_every_writing_gets_an_interval_and_the_last_eight_all_the_deals(halved):
    search, schedule, _, _, stages = halved
    assert stages == ["first", "every move", "halving", "done"]
    counts = [t.n for t in search.tallies]
    assert min(counts) >= 2 and sorted(set(counts)) == [2, 4, 8, 16, 32]
    assert counts.count(32) == 8 == schedule.alive and search.deals == 32
    for tally in search.tallies:
        low, high = tally.interval(search.kit.bounds)
        assert low <= tally.mean <= high and (low, high) != search.kit.bounds
    assert search.playouts <= schedule.planned and schedule.share == 1.0


def test_o_score_the_bar_only_fills_and_ends_full_with_the_last_playout():
    """The share of the planned playouts never goes back, and the plan is exact by the last
    round: the page's bar fills to its end with the work, without a jump when it is done."""
    search = advice_search(on_tour_at(), seed=5)
    schedule = Schedule(search, target=16, first=4, keep=8)
    shares = [schedule.share]
    while not schedule.done:
        schedule.work(0)
        if not schedule.done:
            shares.append(schedule.share)
    assert shares == sorted(shares) and shares[-1] < 1.0
    assert schedule.planned == search.playouts  # a playout short of the end, the bar was a playout short
    assert shares[-1] == (search.playouts - 1) / search.playouts


def test_o_score_a_writing_is_dropped_only_below_every_writing_kept_on_the_deals_they_share(halved):
    search, *_ = halved
    tallies = search.tallies
    last = max(t.kept for t in tallies)
    for rounds in range(1, last):
        deals = 2 ** rounds  # round r compares the moves on their first 2**r deals
        dropped = [t for t in tallies if t.kept == rounds]
        kept = [t for t in tallies if t.kept > rounds]
        assert dropped and kept
        assert max(shared_sum(t, deals) for t in dropped) <= min(shared_sum(t, deals) for t in kept)
    # The ranking puts the writings kept longest first, whatever a dropped one's mean on fewer deals.
    ranked = search.ranked()
    assert [t.kept for t in ranked] == sorted((t.kept for t in tallies), reverse=True)
    assert all(t.n == 32 for t in ranked[:8])
    assert all(t.kept == last for t in tied_best(search))


def test_the_schedule_depends_only_on_the_position_and_the_seed(halved):
    search, *_ = halved
    again = advice_search(on_tour_at(), seed=3)
    schedule = Schedule(again, target=32, first=4, keep=8)
    while not schedule.done:
        schedule.work(0.5)
    assert [(t.action, t.n, t.total, t.kept) for t in again.tallies] == [
        (t.action, t.n, t.total, t.kept) for t in search.tallies]


def test_the_progress_words_name_the_stage():
    search = advice_search(on_tour_at(), seed=3)
    schedule = Schedule(search, target=32, first=4, keep=8)
    count = len(search.tallies)
    seen = {}
    while not schedule.done:
        seen.setdefault(schedule.stage, schedule.words())
        schedule.work(0.005)
    seen["done"] = schedule.words()
    assert seen["first"] == ("0 playouts; first ranking of the 32 writings greedy's judge likes best, "
                             "0 of 4 deals")
    assert seen["every move"].endswith(f"; now every one of the {count} writings, on 2 deals")
    assert seen["halving"].endswith(f"; halving: 33 of {count} writings left, on 2 of 32 deals")
    assert seen["done"] == f"{search.playouts:,} playouts; halving left 8 of {count} writings, on 32 deals"


def test_a_search_of_many_moves_without_a_prior_plays_them_in_their_order():
    o = on_tour_at()
    plain = Search(on_tour_search.KIT.__class__(**{**vars(on_tour_search.KIT), "prior": None}),
                   o.state, 0, "s")
    schedule = Schedule(plain, target=2, first=1)
    schedule.work(60)
    assert schedule.top == list(range(on_tour_search.WIDE))
