"""Simulated games as a table: the same rows for the same seed whatever runs them (this process,
a process pool, a Dask cluster), rows that replay alone, and endless games marked."""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

import distributed
import pytest

import touring_widgets as tw
from touring_widgets import lab
from touring_widgets.lab.simulate import simulate


def lead(game) -> dict:
    """What a lesson might count: the leader's miles (module level, so other processes can call it)."""
    return {"lead": max(game.miles())}


class TestRows:
    def test_one_row_per_game_with_what_a_lesson_counts(self):
        df = simulate("touring", n=6, seed=1, players=["greedy", "random"], progress=False)
        assert list(df.index) == list(range(6)) and len(df) == 6
        columns = {"seed", "winners", "plies", "capped", "miles_0", "miles_1", "reshuffles", "first_to_400"}
        assert columns <= set(df.columns)
        assert df["winners"].isin(["0", "1"]).all() and not df["capped"].any()
        assert (df[["miles_0", "miles_1"]].max(axis=1) == 590).all()

    def test_a_row_replays_alone_from_its_seed(self):
        df = simulate("on_tour", n=3, seed="class", players=2, progress=False)
        row = df.iloc[2]
        game = tw.OnTour(players=2, seed=row["seed"]).play()
        assert [s.total for s in game.scores] == [row["score_0"], row["score_1"]]
        assert row["winners"] == "&".join(map(str, game.winners)) and row["rounds"] == game.state.round

    def test_the_same_seed_gives_the_same_table_and_another_seed_another(self):
        a = simulate("touring", n=5, seed=3, progress=False)
        assert a.equals(simulate("touring", n=5, seed=3, progress=False))
        assert not a.equals(simulate("touring", n=5, seed=4, progress=False))

    def test_a_turn_cap_marks_endless_games(self):
        df = simulate("touring", n=3, seed=0, players=4, cap=50, progress=False)
        assert df["capped"].all() and (df["winners"] == "").all() and (df["plies"] == 50).all()

    @pytest.mark.parametrize("players", [2, 4])
    def test_first_to_400_is_the_first_seat_the_states_show_at_400_miles(self, players):
        rules = tw.touring.Rules(teams=True) if players == 4 else None
        df = simulate("touring", n=6, seed=5, players=players, rules=rules, cap=600, progress=False)
        for _, row in df.iterrows():
            game = tw.Touring(players=players, seed=row["seed"], rules=rules).play(max_plies=600)
            first = next(
                (s for st in game.states() for s in range(players) if st.table_of(s).miles() >= 400), -1
            )
            assert row["first_to_400"] == first
        assert (df["first_to_400"] >= 0).any()

    def test_a_count_function_adds_columns(self):
        df = simulate("touring", n=2, seed=0, count=lead, progress=False)
        assert list(df["lead"]) == [590, 590]

    def test_what_if_from_a_game_in_progress(self):
        g = tw.Touring(players=["human", "greedy"], seed=7)
        g.play(max_plies=30)
        df = simulate(g, n=8, seed=2, progress=False)
        assert (df["plies"] > 0).all() and df["seed"].str.startswith("2/").all()
        again = g.fork(resample=True, seed="2/5", seat=g.turn).play()
        assert df.iloc[5]["winners"] == "&".join(map(str, again.winners))
        assert tw.Touring.from_json(again.to_json()).state == again.state

    def test_on_rows_sees_every_row_once(self):
        seen = []
        simulate("on_tour", n=7, seed=0, chunk=3, progress=False, on_rows=seen.extend)
        assert len(seen) == 7

    @pytest.mark.parametrize(
        "kwargs, error",
        [({"game": "chess", "n": 1}, ValueError), ({"game": "touring", "n": -1}, ValueError),
         ({"game": "touring", "n": 1, "players": 9}, ValueError),
         ({"game": "touring", "n": 1, "rules": tw.on_tour.Rules()}, TypeError),
         ({"game": "touring", "n": 1, "executor": object()}, TypeError)],
    )
    def test_bad_arguments(self, kwargs, error):
        with pytest.raises(error):
            simulate(progress=False, **kwargs)

    def test_a_clear_message_when_pandas_is_missing(self, monkeypatch):
        monkeypatch.setitem(sys.modules, "pandas", None)
        with pytest.raises(ImportError, match=r"touring_widgets\[lab\]"):
            simulate("touring", n=1, progress=False)

    def test_the_lab_module_exports_simulate(self):
        assert lab.simulate is simulate


class TestExecutors:
    def test_a_process_pool_gives_the_same_rows(self):
        serial = simulate("touring", n=12, seed=5, count=lead, progress=False)
        with ProcessPoolExecutor(2) as pool:
            pooled = simulate("touring", n=12, seed=5, count=lead, executor=pool, chunk=4, progress=False)
        assert pooled.equals(serial)

    @pytest.mark.timeout(240)
    def test_a_dask_cluster_gives_the_same_rows(self):
        serial = simulate("on_tour", n=8, seed=6, progress=False)
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
        with cluster, distributed.Client(cluster) as client:
            on_dask = simulate("on_tour", n=8, seed=6, executor=client, chunk=2, progress=False)
        assert on_dask.equals(serial)
