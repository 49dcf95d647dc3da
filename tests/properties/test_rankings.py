"""Ties and rankings: who wins, and the order of the solo high-score table.

Promises: the winners of a finished game are exactly the seats at the top score however the
score is made: in Touring the seat (with teams every seat of the team) that completed the trip,
nobody when the cards ran out (T-WIN, T-EXHAUST, T-TEAMS); in On Tour every seat whose longest
tour totals the most, equal totals made of different spaces and circles tying, and no winner for
a tie when ties are not shared (O-SCORE, O-WIN). A high-score table lists its games best first
(higher total, then more circles, then the earlier date) after any sequence of records, keeps
every game it should (the best ones up to its size), records a game once, and reads back from
its file the same.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.on_tour import highscores as hs
from touring_widgets.touring.facts import CARD_IDS, MILEAGE, deck_counts

from .kinds import nth_legal, on_tour_rules, touring_rules

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MAX_PLIES = 1500


def _play_to_end(game: Any, data: st.DataObject, chosen: int, most: int = MAX_PLIES) -> None:
    """Play ``chosen`` moves picked by hypothesis, then the bots, until the game ends or ``most``
    moves; nobody has won while the game goes on."""
    for ply in range(most):
        if game.is_over:
            return
        assert game.winners == [], "nobody wins before the game is over"
        if ply < chosen:
            game.step(nth_legal(game, data.draw(st.integers(0, 10**4), label=f"choice {ply}")))
        else:
            game.step()


def _touring_winners(game: tw.Touring) -> list[int]:
    """The seats whose tableau holds the whole trip (partners share one)."""
    goal = game.rules.goal
    return [s for s, miles in enumerate(game.miles()) if miles == goal]


@settings(SETTINGS, max_examples=40)
@given(data=st.data())
def test_T_WIN_the_winners_are_the_seats_of_the_team_that_completed_the_trip(data: st.DataObject) -> None:
    """A finished Touring game is won by exactly the seats (partners too) whose tableau completed
    the trip, by the last move, and by nobody else."""
    n = data.draw(st.integers(2, 6), label="players")
    game = tw.Touring(players=[data.draw(st.sampled_from(["random", "greedy", "keeper"])) for _ in range(n)],
                      rules=data.draw(touring_rules(n)), seed=data.draw(st.integers(0, 10**6)))
    _play_to_end(game, data, data.draw(st.integers(0, 60), label="chosen"))
    if not game.is_over:
        assert _touring_winners(game) == [], "a completed trip ends the game (T-WIN)"
        return
    expected = _touring_winners(game)
    assert game.winners == expected, "the winners are the seats that completed the trip (T-WIN, T-TEAMS)"
    assert expected, "a full deck never runs dry, so a game ends only with a completed trip (T-WIN)"
    teams = game.state.players // 2 if game.rules.teams else game.state.players
    assert len(expected) == game.state.players // teams, "one team wins, every seat of it (T-TEAMS)"
    assert game.history[-1].card in MILEAGE and game.state.turn in expected, (
        "the game ends the moment a seat completes the trip (T-WIN)")


@st.composite
def boxed_positions(draw: Any) -> tw.Touring:
    """A Touring position with most of the deck set aside, so that it can run dry: the seat to
    move holds 6, the others up to 5, a few cards to draw, tableaus some way into the trip."""
    n = draw(st.integers(2, 6), label="players")
    rules = draw(touring_rules(n)).for_players(n)
    teams = n // 2 if rules.teams else n
    pool = draw(st.permutations([c for c in CARD_IDS for _ in range(deck_counts(bool(rules.short_trip))[c])]))
    left = list(pool)
    tables = {}
    for team in range(teams):
        table: dict[str, Any] = {"go": ["go"], "freeway": ["freeway"]}
        for m, cap in zip(MILEAGE, rules.caps):
            want = min(draw(st.integers(0, cap), label=f"{m} of {team}"), left.count(m))
            if want:
                table[m] = want
                for _ in range(want):
                    left.remove(m)
        if tuple(table.get(m, 0) for m in MILEAGE) == rules.caps:
            table[MILEAGE[0]] -= 1
        for card in ("go", "freeway"):
            left.remove(card)
        tables[team] = table
    turn = draw(st.integers(0, n - 1), label="turn")
    kinds = draw(st.sets(st.sampled_from(CARD_IDS), min_size=1), label="kinds in play")
    left = [c for c in left if c in kinds] + [c for c in left if c not in kinds]
    hands = {}
    for seat in range(n):
        size = 6 if seat == turn else draw(st.integers(0, 5), label=f"hand {seat}")
        hands[seat], left = left[:size], left[size:]
    pile = left[:draw(st.integers(0, 6), label="draw pile")]
    return tw.touring.scenario(
        players=[draw(st.sampled_from(["random", "greedy", "keeper"])) for _ in range(n)],
        hands=hands, tables=tables, draw=pile, turn=turn, rest="box", rules=rules, seed=0)


@settings(SETTINGS, max_examples=100)
@given(game=boxed_positions(), data=st.data())
def test_T_EXHAUST_a_game_that_runs_dry_has_no_winner(game: tw.Touring, data: st.DataObject) -> None:
    """With cards set aside a game can run dry: it ends with no winner once every hand is empty,
    and otherwise with the seats of the team that completed the trip."""
    assert game.winners == [] and not game.is_over, "a position to move in is not over"
    _play_to_end(game, data, data.draw(st.integers(0, 40), label="chosen"), most=300)
    if not game.is_over:
        return
    expected = _touring_winners(game)
    assert game.winners == expected, "the winners are the seats that completed the trip (T-WIN, T-EXHAUST)"
    if not expected:
        assert all(not game.hand(s) for s in range(game.state.players)), (
            "a game with no winner ends only when every hand is empty (T-EXHAUST)")


def _on_tour_winners(totals: list[int], shared: bool) -> list[int]:
    top = max(totals)
    best = [p for p, t in enumerate(totals) if t == top]
    return best if len(best) == 1 or shared else []


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(data=st.data())
def test_O_WIN_the_winners_are_every_seat_at_the_top_total(data: st.DataObject) -> None:
    """A finished On Tour game is won by every seat whose best tour totals the most (spaces plus
    circles, however they are made), or by nobody on a tie when ties are not shared."""
    n = data.draw(st.integers(2, 8), label="players")
    game = tw.OnTour(players=["random"] * n, rules=data.draw(on_tour_rules()),
                     seed=data.draw(st.integers(0, 10**6)))
    _play_to_end(game, data, data.draw(st.integers(0, 3 * n), label="chosen"))
    assert game.is_over, "an On Tour game ends when the maps are full (O-END)"
    totals = []
    for p, score in enumerate(game.scores):
        cells = game.map(p)
        circled = sum(1 for sid in score.tour if cells[sid][1])
        spaces = len(score.tour)
        assert (score.spaces, score.circles, score.total) == (spaces, circled, spaces + circled), (
            "a score is the spaces of the tour plus its circled spaces (O-SCORE)")
        totals.append(score.total)
    expected = _on_tour_winners(totals, game.rules.shared_ties)
    assert game.winners == expected, (
        f"totals {totals} (shared ties: {game.rules.shared_ties}): the winners are every seat at the top "
        "total, or nobody on an unshared tie (O-WIN)")
    assert game.view(None)["winners"] == expected, "the view names the same winners (O-WIN)"


# -- the high-score table ------------------------------------------------------------------------
DATES = [f"2026-0{m}-1{d} 1{h}:00" for m in (1, 2) for d in (0, 5) for h in (0, 3)]


@st.composite
def records(draw: Any) -> dict[str, Any]:
    """A finished solo game as the board records it; few keys, totals and dates, so that games
    repeat and tie."""
    circles = draw(st.integers(0, 6))
    spaces = draw(st.integers(circles, circles + 6))
    return {"key": draw(st.sampled_from("abcdefghijklmnop")), "total": spaces + circles, "spaces": spaces,
            "circles": circles, "seed": draw(st.integers(0, 3) | st.sampled_from(["x", "y"])),
            "date": draw(st.sampled_from(DATES)), "tour": draw(st.sampled_from(["", "TX OK"]))}


def _order(row: dict[str, Any]) -> tuple[int, int, str]:
    return (-row["total"], -row["circles"], row["date"])


@settings(SETTINGS, max_examples=150)
@given(games=st.lists(records(), max_size=30), keep=st.sampled_from([hs.KEEP, 1, 2, 3, 5, 8]))
def test_O_SOLO_the_high_score_table_keeps_the_best_games_in_order(games: list[dict[str, Any]],
                                                                   keep: int) -> None:
    """After any sequence of records the table lists the best games first (total, then circles,
    then the earlier date; an equal game after the one recorded before it), keeps the best up to
    its size, records each game once with the rank it got, and a new table on the same file
    reads the same."""
    expected: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder, mock.patch.object(hs, "KEEP", keep):
        path = Path(folder) / "scores.json"
        table = hs.HighScores(path)
        for entry in games:
            reply = table.add(dict(entry))
            if entry["key"] not in {row["key"] for row in expected}:
                expected = sorted([*expected, dict(entry)], key=_order)[:keep]
            rows = reply["rows"]
            assert [_order(r) for r in rows] == sorted(_order(r) for r in rows), (
                "the table is ordered best first: total, circles, then the earlier date")
            assert rows == expected, "the table keeps exactly the best games, each once, equal ones in order"
            keys = [row["key"] for row in expected]
            rank = keys.index(entry["key"]) + 1 if entry["key"] in keys else None
            assert reply["rank"] == rank and reply["problem"] == "", "a record reports its place in the table"
            assert hs.HighScores(path).rows() == expected, "the table reads back from its file the same"
        if games:
            saved = json.loads(path.read_text(encoding="utf-8"))["games"]
            assert saved == expected, "the file holds the table as shown"
