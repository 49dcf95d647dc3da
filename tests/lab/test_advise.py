"""lab.advise: every legal move with its worth from playouts on re-dealt positions, never peeking
at a hidden card; and the search bot built on the same playouts."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pandas as pd
import pytest

import touring_widgets as tw
from touring_widgets import lab
from touring_widgets.core.search import Search, SearchKit, advice_search, kit_of, results, tied_best
from touring_widgets.lab.advise import table as advice_table
from touring_widgets.on_tour.scoring import best_tour
from touring_widgets.touring.bots import keeper_policy, random_policy

WIN_NOW = dict(  # seat 0 is one 25 from 590 miles (T-WIN) and holds it
    hands={0: ["m25", "m35", "gasoline", "wrecker", "burning_oil", "stop_to_refuel"]},
    tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 7, "m35": 4, "m50": 2, "m75": 2},
            1: {"go": ["go"]}},
    seed=3,
)


def played_out(kit: SearchKit, g: tw.Touring, n: int, seed: int | str) -> pd.DataFrame:
    """The advice's table at ``g``'s position by ``kit``, played out here, deal by deal."""
    search = Search(kit, g.state, g.turn, seed)
    search.run(n)
    search.deals = n
    return advice_table(search)


def touring_midgame(seed: int = 7, plies: int = 12) -> tw.Touring:
    g = tw.Touring(players=["human", "greedy"], seed=seed)
    for _ in range(plies):
        g.step()
    return g


def on_tour_last_turn(seed: int = 2) -> tw.OnTour:
    o = tw.OnTour(players=["greedy"], seed=seed)
    while True:
        o.step()
        twin = o.fork()
        twin.step()
        if twin.is_over:
            return o


class TestAdvice:
    def test_t_view_hidden_cards_dealt_again_never_change_the_advice(self):
        g = touring_midgame()
        seat = g.turn
        first = lab.advise(g, n=12, seed=5, progress=False)
        for deal in (1, 2):
            other = g.fork(resample=True, seed=f"other/{deal}", seat=seat)
            assert other.state.hands[1 - seat] != g.state.hands[1 - seat] or other.state.draw != g.state.draw
            assert lab.advise(other, n=12, seed=5, progress=False).equals(first)

    def test_on_tour_the_hidden_deck_order_never_changes_the_advice(self):
        o = tw.OnTour(players=["human"], seed=4)
        o.step()
        other = o.fork(resample=True, seed="x")
        assert other.state.deck != o.state.deck and sorted(other.state.deck) == sorted(o.state.deck)
        a = lab.advise(o, n=1, seed=2, progress=False)
        assert a.equals(lab.advise(other, n=1, seed=2, progress=False))

    def test_t_win_the_winning_move_is_certain_and_first(self):
        g = tw.touring.scenario(**WIN_NOW)
        table = lab.advise(g, n=20, seed=1, progress=False)
        top = table.iloc[0]
        assert top["move"] == "play m25" and top["win_chance"] == 1.0 and top["high"] == 1.0
        assert top["low"] > 0.8  # Wilson's interval after 20 wins in 20
        assert set(table["move"]) == {str(a) for a in g.legal_actions()}
        assert (table["playouts"] == 20).all() and table.attrs["kind"] == "chance to win"
        assert table.attrs["assumes"] == "if others play as greedy"

    def test_t_view_each_other_seat_is_played_out_as_the_bot_that_plays_it(self):
        g = tw.Touring(players=["human", "random"], seed=7)
        table = lab.advise(g, n=30, seed=2, progress=False)
        assert table.attrs["assumes"] == "if seat 1 plays as random"
        kit = kit_of(g)
        as_random = played_out(replace(kit, playout_policy=random_policy), g, 30, 2)
        as_greedy = played_out(kit, g, 30, 2)
        assert table.equals(as_random) and not table.equals(as_greedy)
        # a search seat is played out as keeper, the policy its own playouts use
        searcher = lab.advise(tw.Touring(players=["human", "search"], seed=7), n=30, seed=2, progress=False)
        assert searcher.equals(played_out(replace(kit, playout_policy=keeper_policy), g, 30, 2))
        assert searcher.attrs["assumes"] == "if seat 1 plays as keeper"

    def test_t_view_seats_of_several_bots_each_as_its_own_and_never_a_hidden_card(self):
        g = tw.Touring(players=["human", "keeper", "random"], seed=5)
        while g.players[g.turn] != "human" or g.position < 9:
            g.step()
        seat = g.turn
        first = lab.advise(g, n=16, seed=3, progress=False)
        assert first.attrs["assumes"] == "if seat 1 plays as keeper and seat 2 as random"

        def by_seat(state, s):
            return (keeper_policy if s == 1 else random_policy)(state, s)

        assert first.equals(played_out(replace(kit_of(g), playout_policy=by_seat), g, 16, 3))
        other = g.fork(resample=True, seed="other", seat=seat)
        assert other.state.hands != g.state.hands
        assert lab.advise(other, n=16, seed=3, progress=False).equals(first)

    def test_o_score_a_last_writing_is_worth_its_final_score_exactly(self):
        o = on_tour_last_turn()
        table = lab.advise(o, n=2, seed=1, progress=False)
        assert len(table) == len(list(o.legal_actions()))
        for row in table.itertuples():
            after = o.fork()
            after.step(row.move)
            assert after.is_over
            assert row.expected_score == best_tour(after.state.map(0)).total == row.low == row.high

    def test_the_same_seed_gives_the_same_table_whatever_runs_it(self):
        g = touring_midgame(seed=11)
        alone = lab.advise(g, n=16, seed="s", progress=False)
        with ThreadPoolExecutor(2) as pool:
            pooled = lab.advise(g, n=16, seed="s", progress=False, executor=pool, chunk=3)
        assert alone.equals(pooled)
        assert not alone.equals(lab.advise(g, n=16, seed="t", progress=False))

    @pytest.mark.parametrize("bad, words", [
        (dict(n=0), "number of deals"), (dict(n=2.5), "number of deals"), (dict(seat=9), "seat"),
    ])
    def test_bad_arguments_are_refused(self, bad, words):
        g = touring_midgame()
        with pytest.raises(ValueError, match=words):
            lab.advise(g, progress=False, **{"n": 2, **bad})

    def test_t_turn_advice_is_for_the_seat_to_move_and_a_game_not_over(self):
        g = touring_midgame()
        with pytest.raises(ValueError, match=f"seat {1 - g.turn} is not to move"):
            lab.advise(g, seat=1 - g.turn, n=1, progress=False)
        g.play()
        with pytest.raises(ValueError, match="over"):
            lab.advise(g, n=1, progress=False)


class TestTies:
    """Moves whose 95 % intervals overlap the best's are reported as tied, none starred alone."""

    def test_t_win_moves_whose_intervals_overlap_the_best_are_tied_with_it(self):
        g = tw.touring.scenario(**WIN_NOW)
        table = lab.advise(g, n=20, seed=1, progress=False)
        assert list(table.columns) == ["move", "win_chance", "low", "high", "playouts", "tied_with_best"]
        best = table.iloc[0]
        tied = table[table["tied_with_best"]]
        assert best["move"] == "play m25" and best["tied_with_best"] and len(tied) >= 2
        assert table.attrs["tied"] == list(tied["move"])
        for row in table.itertuples():  # tied exactly when the intervals overlap the best's
            assert row.tied_with_best == (row.high >= best["low"] and row.low <= best["high"])

    def test_o_score_a_clearly_best_writing_is_tied_with_none(self):
        o = on_tour_last_turn(3)  # two writings, worth different final scores exactly
        table = lab.advise(o, n=2, seed=1, progress=False)
        assert len(table) == 2 and table["expected_score"].iloc[0] > table["high"].iloc[1]
        assert not table["tied_with_best"].any() and table.attrs["tied"] == []

    def test_o_score_two_writings_of_the_same_final_score_are_tied(self):
        o = on_tour_last_turn(5)  # two writings worth the same final score exactly
        table = lab.advise(o, n=2, seed=1, progress=False)
        assert len(table) == 2 and table["expected_score"].nunique() == 1
        assert table["tied_with_best"].all() and table.attrs["tied"] == list(table["move"])

    def test_tied_best_reads_the_intervals(self):
        search = advice_search(tw.touring.scenario(**WIN_NOW), seed=1)
        a, b, c = search.tallies[:3]
        for tally, wins in ((a, 60), (b, 52), (c, 20)):  # 60, 52 and 20 wins in 80 playouts
            tally.n, tally.total, tally.squares = 80, wins, wins
        assert tied_best(search) == [a, b]  # c's interval lies wholly under a's
        b.total = b.squares = 30
        assert tied_best(search) == []  # a alone, clearly best
        assert [r["tied"] for r in results(search)][:3] == [False, False, False]


class TestSearchBot:
    def test_t_win_search_takes_the_winning_move(self):
        g = tw.touring.scenario(players=["search", "greedy"], **WIN_NOW)
        assert str(g.step()) == "play m25" and g.winners == [0]

    def test_search_is_a_pure_function_of_the_position(self):
        a, b = touring_midgame(seed=3, plies=6), touring_midgame(seed=3, plies=6)
        policy = tw.Touring.policies["search"]
        assert policy(a.state, a.turn) == policy(b.state, b.turn)
        assert policy(a.state, a.turn) in list(a.legal_actions())

    def test_o_score_on_the_last_turn_search_writes_the_best_final_map(self):
        o = on_tour_last_turn(seed=5)
        action = tw.OnTour.policies["search"](o.state, o.turn)
        assert o.is_legal(action)

        def final(writing) -> int:
            twin = o.fork()
            twin.step(writing)
            return best_tour(twin.state.map(0)).total

        assert final(action) == max(final(a) for a in o.legal_actions())


def test_search_leaves_keepers_move_only_on_evidence(monkeypatch):
    """With an impossible bar the search bot plays keeper's move (its own seat's playout policy);
    with none it may differ."""
    from touring_widgets.touring import search as kit
    from touring_widgets.touring.bots import keeper_policy

    g = tw.touring.scenario(players=["search", "greedy"], **STOPPED_WITH_ATTACKS)
    monkeypatch.setattr(kit.KIT, "trust", 1e9)
    monkeypatch.setattr(kit, "PLAYOUTS", 30)
    assert kit.search_policy(g.state, g.turn) == keeper_policy(g.state, g.turn) == tw.touring.Action.parse(
        "discard m25")
    g = touring_midgame(seed=3, plies=6)
    monkeypatch.setattr(kit, "PLAYOUTS", 60)
    for trust in (0.0, 1.0):
        monkeypatch.setattr(kit.KIT, "trust", trust)
        assert g.is_legal(kit.search_policy(g.state, g.turn))


#: seat 0 is stopped (T-STOP) with no remedy, and seat 1 has not set out: no attack may be played
#: on it yet (T-DELAY), so seat 0 can only discard
STOPPED_WITH_ATTACKS = dict(
    hands={0: ["m25", "m35", "m50", "burning_oil", "missed_the_curve", "populated_area"]},
    tables={0: {"go": ["go", "stop_to_refuel"], "freeway": ["freeway"]}, 1: {}},
    seed=3,
)


def test_t_delay_keeper_keeps_its_attacks_and_beats_greedy():
    """keeper discards mileage where greedy lets an attack go, and over 600 two-player games
    (seats alternated, the same deals) it wins clearly more than half against greedy."""
    from touring_widgets.touring.bots import greedy_policy, keeper_policy

    g = tw.touring.scenario(players=["greedy", "greedy"], **STOPPED_WITH_ATTACKS)
    assert str(greedy_policy(g.state, 0)) == "discard populated_area"
    assert str(keeper_policy(g.state, 0)) == "discard m25"
    first = lab.simulate("touring", 300, seed="keeper", players=["keeper", "greedy"], progress=False)
    second = lab.simulate("touring", 300, seed="keeper", players=["greedy", "keeper"], progress=False)
    wins = (first["winners"] == "0").sum() + (second["winners"] == "1").sum()
    assert wins > 0.55 * 600  # 62.7 % here; 64.8 % over 6,000 other deals


def test_search_buys_more_playouts_where_playouts_are_short():
    """The Touring bot's budget counts moves played out: near the end of a game, where a playout
    is a few moves, it buys more playouts than at the start, never fewer than PLAYOUTS nor more
    than MOST_PLAYOUTS, and the same ones for the same position."""
    from touring_widgets.core.search import playouts_for
    from touring_widgets.touring import search as kit

    start = touring_midgame(seed=5, plies=0)
    late = tw.Touring(players=["greedy", "greedy"], seed=5)
    late.play()
    late.goto(late.position - 2)
    budget = dict(plies=20_000, least=50, most=700)
    early_n = playouts_for(kit.KIT, start.state, start.turn, "s", **budget)
    late_n = playouts_for(kit.KIT, late.state, late.turn, "s", **budget)
    assert 50 <= early_n < late_n <= 700
    assert playouts_for(kit.KIT, late.state, late.turn, "s", **budget) == late_n
    assert playouts_for(kit.KIT, late.state, late.turn, "s", plies=20_000, least=50, most=60) == 60
    assert playouts_for(kit.KIT, start.state, start.turn, "s", plies=10, least=50, most=700) == 50


def test_search_stops_past_twice_its_budget_of_moves(monkeypatch):
    """However short the trial playout was, a search move plays out at most about twice its
    budget of moves (checked after each deal): here 1,000 playouts are asked for, and the budget
    stops them early."""
    from touring_widgets.core import search as core
    from touring_widgets.touring import search as kit

    g = touring_midgame(seed=5, plies=2)
    played = []
    real = core._play_out

    def counted(*args):
        value, moves = real(*args)
        played.append(moves)
        return value, moves

    monkeypatch.setattr(core, "_play_out", counted)
    move = core.best_move(kit.KIT, g.state, g.turn, "s", 1000, plies=3_000, most=1000)
    assert g.is_legal(move)
    searched = played[1:]  # the first is the trial playout
    one_deal = len(list(g.legal_actions())) * max(searched)  # the budget is checked after each deal
    assert 2 * 3_000 < sum(searched) <= 2 * 3_000 + one_deal
    assert len(searched) < 200
