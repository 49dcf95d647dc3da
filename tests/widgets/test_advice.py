"""Advice on the boards: each move's worth from playouts, on a toggle, computed in slices so the
board keeps answering, following the position, never for a seat that is not to move."""

from __future__ import annotations

import asyncio
import time

import pytest

import touring_widgets as tw
from touring_widgets.on_tour.scoring import best_tour
from touring_widgets.widgets import advice as advice_module

from .page import Page


def finish(board) -> None:
    while board.session.advisor.tick():
        pass


@pytest.fixture
def touring():
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0, speed="instant")
    yield g, board
    board.close()


class TestTouring:
    def test_every_legal_move_gets_its_chance_to_win_with_an_interval(self, touring):
        _, board = touring
        assert board.advice == {}
        reply = Page(board).send({"type": "advise", "on": True}, revision=False)
        assert reply["ok"] and board.advice["on"] and board.advice["seat"] == 0
        assert "first figures come in a moment" in board.advice["text"]
        board.advise(deals=6)
        finish(board)
        advice = board.advice
        assert advice["done"] and advice["deals"] == 6 and advice["kind"] == "chance to win"
        assert set(advice["moves"]) == set(board.legal)
        for figure in advice["moves"].values():
            assert figure["n"] == 6 and 0 <= figure["low"] <= figure["estimate"] <= figure["high"] <= 1
        assert advice["text"].startswith("Advice for seat 0: ") and "(done)" in advice["text"]

    def test_t_turn_advice_follows_the_position_and_waits_for_the_boards_seat(self, touring):
        g, board = touring
        board.advise(deals=2)
        finish(board)
        Page(board).send({"type": "act", "action": board.legal[0]})  # the greedy seat answers at once
        assert g.turn == 0 and board.advice["deals"] == 0 and not board.advice["done"]
        g.step(board.legal[0])
        waiting = "Advice waits for seat 0 to move (seat 1 is to move now)."
        assert board.advice == {"on": True, "text": waiting}
        g.undo()
        finish(board)
        assert board.advice["done"] and set(board.advice["moves"]) == set(board.legal)

    def test_off_clears_the_figures_and_bad_switches_are_refused(self, touring):
        _, board = touring
        board.advise(deals=1)
        page = Page(board)
        for bad in ("yes", 1, None):
            reply = page.send({"type": "advise", "on": bad}, revision=False)
            assert not reply["ok"] and board.advice["on"] and board.error
            assert board.message == "Refused advice that is not on (true) or off (false); nothing changed."
        assert page.send({"type": "advise", "on": False}, revision=False)["ok"] and board.advice == {}
        with pytest.raises(ValueError, match="number of deals"):
            board.advise(deals=0)
        assert board.advice == {}

    def test_the_kernel_answers_the_board_while_advice_is_computed(self, touring, monkeypatch):
        """Slices of playouts run on the event loop; a message waits at most about one slice."""
        _, board = touring
        monkeypatch.setattr(advice_module, "PUBLISH", 0.05)
        waits = []

        async def scenario():
            board.advise(deals=10_000)
            for _ in range(5):
                await asyncio.sleep(0.1)
                start = time.perf_counter()
                await asyncio.sleep(0)  # the next turn of the loop: a message from the page
                Page(board).send({"type": "speed", "speed": "fast"}, revision=False)
                waits.append(time.perf_counter() - start)

        asyncio.run(scenario())
        assert board.speed == "fast" and board.advice["playouts"] > 0 and not board.advice["done"]
        assert board.advice["deals"] < 10_000
        board.advise(False)
        assert max(waits) < 10 * advice_module.SLICE  # generous: the machine may be busy


class TestOnTour:
    def test_o_score_each_space_shows_the_best_writing_that_uses_it(self):
        o = tw.OnTour(players=["human"], seed=2)
        while True:  # the last turn: every figure is exact
            twin = o.fork()
            twin.step()
            if twin.is_over:
                break
            o.step()
        board = o.board(speed="instant")
        board.advise(deals=1)
        finish(board)
        spaces, best = board.advice["spaces"], board.advice["best"]
        finals = {}
        for action in o.legal_actions():
            twin = o.fork()
            twin.step(action)
            finals[str(action)] = best_tour(twin.state.map(0)).total
        assert best["figure"][0] == max(finals.values()) and finals[best["action"]] == best["figure"][0]
        for action, total in finals.items():
            for kind, space in tw.on_tour.Action.parse(action).marks:
                key = f"{kind:02d}" if isinstance(kind, int) else kind
                assert spaces[space][key][0] >= total
        for space, there in spaces.items():
            for key, figure in there.items():
                assert figure[0] == max(t for a, t in finals.items()
                                        if (key, space) in [(f"{k:02d}" if isinstance(k, int) else k, s)
                                                            for k, s in tw.on_tour.Action.parse(a).marks])
        board.close()


def last_turn(seed: int) -> tw.OnTour:
    """A solo On Tour game at its last writing: every playout's figure is exact."""
    o = tw.OnTour(players=["human"], seed=seed)
    while True:
        twin = o.fork()
        twin.step()
        if twin.is_over:
            return o
        o.step()


class TestTies:
    """A best move whose interval overlaps another's is not starred alone: the board names the tied
    moves and withholds its one best."""

    def test_o_score_a_clearly_best_writing_is_the_best_so_far(self):
        board = last_turn(3).board(speed="instant")  # two writings, different final scores
        board.advise(deals=2)
        finish(board)
        advice = board.advice
        assert advice["tied"] == [] and advice["best"] is not None
        assert "; best so far: " in advice["text"] and "tied" not in advice["text"]
        assert "Each figure is the expected score; best" in advice["text"]  # solo: nothing assumed
        board.close()

    def test_o_score_writings_of_the_same_final_score_are_tied(self):
        o = last_turn(5)  # two writings worth the same final score
        board = o.board(speed="instant")
        board.advise(deals=2)
        finish(board)
        advice = board.advice
        assert sorted(advice["tied"]) == sorted(str(a) for a in o.legal_actions())
        assert advice["best"] is None and "best so far" not in advice["text"]
        words = [board.session.advice_move(o.state, a) for a in o.legal_actions()]
        assert all(w in advice["text"] for w in words) and advice["text"].endswith("(intervals overlap).")
        board.close()

    def test_t_view_few_deals_leave_touring_moves_tied_and_the_line_names_them(self, touring):
        _, board = touring
        board.advise(deals=6)
        finish(board)
        advice, search = board.advice, board.session.advisor.search
        tied = advice["tied"]
        assert len(tied) > 2 and tied[0] == str(search.ranked()[0].action)
        first = board.session.advice_move(search.state, search.ranked()[0].action)
        assert f"; tied: {first}, " in advice["text"]
        assert f"and {len(tied) - 2} more moves (intervals overlap)." in advice["text"]
        # the line says what the figures take for granted of the other seat
        assert "Each figure is the chance to win if others play as greedy;" in advice["text"]


class TestManyWritings:
    """A turn of a few hundred writings: a first ranking soon, then sequential halving."""

    def test_o_score_the_board_shows_the_first_ranking_then_the_writings_left_in_play(self, monkeypatch):
        monkeypatch.setattr(advice_module, "PUBLISH", 0.0)  # every slice publishes
        o = tw.OnTour(players=["human"], seed=8)
        for _ in range(13):  # the 14th turn: 98 writings
            o.step(tw.on_tour.bots.greedy_policy(o.state, o.turn))
        board = o.board(speed="instant")
        board.advise(deals=32)
        shown = []
        while board.session.advisor.tick():
            shown.append(dict(board.advice))
        shown.append(dict(board.advice))
        words = "first ranking of the 32 writings greedy's judge likes best"
        first = next(a for a in shown if words in a["text"])
        assert first["alive"] == 32 and len(first["writings"]) <= 32 and not first["done"]
        shares = [a["share"] for a in shown]
        assert shares == sorted(shares) and shares[-1] == 1.0
        last = shown[-1]
        assert last["done"] and last["weighed"] == 98 and last["alive"] == 8 and last["deals"] == 32
        assert len(last["writings"]) == 98  # every writing has its figure and interval
        assert "; halving left 8 of 98 writings, on 32 deals (done)" in last["text"]
        # the ringed best is the best of the writings left in play, never one dropped on fewer deals
        search = board.session.advisor.search
        assert last["best"] is None or last["best"]["figure"][3] == 32
        kept = [t for t in search.tallies if t.n == 32]
        if last["best"] is not None:
            assert last["best"]["figure"][0] == round(max(t.mean for t in kept), 2)
        board.close()
