"""The shared board machinery alone, through a tiny fake game: no Touring, no browser."""

from __future__ import annotations

import gc
import re
import types
import weakref

import pytest

from touring_widgets.widgets import SPEEDS
from touring_widgets.widgets import base as base_module
from touring_widgets.widgets import protocol as protocol_module
from touring_widgets.widgets.base import LOCAL, MOVES, Displays
from touring_widgets.widgets.page import compose_esm

from .fake_game import Race, RaceBoard
from .page import Page


def snapshot(game, board):
    return (game.position, game.history, game.future, len(game.variations), board.seat, board.speed)


class TestTraits:
    def test_what_the_page_draws_from(self, race, board):
        assert board.view == race.view(0) and board.position == 0 and board.line == []
        assert board.choices == [{"action": "add 1", "add": 1}, {"action": "add 2", "add": 2}]
        assert board.legal == ["add 1", "add 2"] and board.log == [] and board.variations == []
        assert board.waiting == {}  # a human seat to move on its own board: nothing to wait for
        assert not board.gone and not board.running and board.autoplay == ""

    def test_every_change_bumps_the_revision(self, race, board):
        seen = [board.revision]
        for change in (lambda: race.step("add 1"), race.undo, race.redo, lambda: race.goto(0)):
            change()
            assert board.revision > seen[-1]
            seen.append(board.revision)

    def test_the_log_keeps_the_last_moves_in_words(self, race, board):
        for _ in range(4):
            race.step("add 1")
        assert [e["n"] for e in board.log] == [1, 2, 3, 4]
        assert board.log[-1] == {"n": 4, "seat": 1, "text": "Seat 1 added 1",
                                 "story": "Seat 1 adds 1: the total is 4 (R-ADD)."}
        race.goto(2)
        assert [e["n"] for e in board.log] == [1, 2]  # the log ends at the cursor
        assert board.log[-1]["story"] == "Seat 1 adds 1: the total is 2 (R-ADD)."

    def test_the_message_line_tells_the_current_move_with_its_rule(self, race, board):
        """What a step did, in the game's own sentence (``g.explain()``), follows the cursor."""
        assert board.story == ""
        race.step("add 2")
        race.step("add 1")
        assert board.story == race.explain()[-1] == "Seat 1 adds 1: the total is 3 (R-ADD)."
        race.undo()
        assert board.story == "Seat 0 adds 2: the total is 2 (R-ADD)."
        race.goto(0)
        assert board.story == "" and board.log == []
        race.goto(2)
        assert board.story == "Seat 1 adds 1: the total is 3 (R-ADD)."

    def test_the_history_hover_tells_each_move_of_the_line(self, race, board):
        for action in ("add 2", "add 1", "add 2"):
            race.step(action)
        race.goto(1)  # moves 2 and 3 are the redo branch: still described
        texts = [board.session.msg_describe({"index": i})["text"] for i in (1, 2, 3)]
        assert texts == ["Move 1: Seat 0 adds 2: the total is 2 (R-ADD).",
                         "Move 2: Seat 1 adds 1: the total is 3 (R-ADD).",
                         "Move 3: Seat 0 adds 2: the total is 5 (R-ADD)."]


class TestMessages:
    @pytest.mark.parametrize(
        "content, words",
        [
            ("hello", "not an object"),
            ({"type": "launch"}, "unknown type"),
            ({"type": ["act"]}, "unknown type"),
            ({"type": "act", "action": 2}, "not text"),
            ({"type": "act", "action": "a" * 500}, "characters"),
            ({"type": "act", "action": "add 3"}, "R-ADD"),
            ({"type": "act", "action": "add 1", "revision": "1"}, "no revision"),
            ({"type": "act", "action": "add 1", "revision": -5}, "moved on"),
            ({"type": "goto", "index": 1}, "history position"),
            ({"type": "enter", "index": 0}, "variation"),
            ({"type": "seat", "seat": 2}, "seat"),
            ({"type": "speed", "speed": "warp"}, "speed"),
            ({"type": "describe", "index": 1}, "move number"),
        ],
    )
    def test_untrusted_messages_are_refused_and_change_nothing(self, race, board, content, words):
        page = Page(board)
        before = snapshot(race, board)
        if isinstance(content, dict) and "revision" not in content:
            content = {**content, "revision": board.revision}
        reply = page.send(content, revision=False)
        assert reply["ok"] is False and board.error
        assert words.lower() in board.message.lower()
        assert snapshot(race, board) == before

    @pytest.mark.parametrize("kind", MOVES)
    def test_every_game_changing_message_needs_the_current_revision(self, race, kind):
        race.step("add 1")
        race.step("add 1")
        race.undo()
        b = RaceBoard(race, seat=None, speed="instant")
        page = Page(b)
        content = {"type": kind, "action": "add 2", "index": 0}
        before = snapshot(race, b)
        assert not page.send(content, revision=b.revision - 1)["ok"] and "moved on" in b.message
        assert snapshot(race, b) == before
        b.close()

    def test_local_messages_need_no_revision(self, board):
        page = Page(board)
        assert set(LOCAL) == {"seat", "speed", "stop", "fork", "hello", "describe", "advise", "export"}
        assert page.send({"type": "speed", "speed": "slow"}, revision=False)["ok"] and board.speed == "slow"

    def test_a_refusal_names_its_rule(self, race, board):
        race.step("add 2")
        race.step("add 2")
        race.step("add 2")
        race.step("add 2")  # total 8 of 9: adding 2 passes the goal
        b = RaceBoard(race, seat=None)
        page = Page(b)
        assert not page.send({"type": "act", "action": "add 2"})["ok"]
        assert b.rule == "R-GOAL" and "may not pass 9" in b.message and b.error
        b.close()

    def test_hello_changes_nothing_not_even_the_message(self, race, board):
        page = Page(board)
        page.send({"type": "act", "action": "add 9"})
        message = board.message
        assert page.send({"type": "hello"})["ok"] and board.message == message

    def test_describe_says_a_move_in_words(self, race, board):
        race.step("add 2")
        reply = Page(board).send({"type": "describe", "index": 1}, revision=False)
        assert reply["ok"] and reply["text"] == "Move 1: Seat 0 adds 2: the total is 2 (R-ADD)."


class TestPacing:
    """Bots answer a move made on the board; nothing else makes a game move by itself."""

    def test_bots_answer_a_move_made_on_the_board(self, race, board):
        assert Page(board).send({"type": "act", "action": "add 1"})["ok"]
        assert race.position == 2 and race.turn == 0  # the greedy seat answered at once (instant)

    def test_a_game_without_humans_moves_one_step_at_a_time(self):
        game = Race(players=["greedy", "greedy"])
        b = RaceBoard(game, seat=None, speed="instant")
        page = Page(b)
        page.send({"type": "step"})
        assert game.position == 1
        page.send({"type": "act", "action": "add 1"})
        assert game.position == 2
        b.close()

    def test_after_undo_a_bot_to_move_waits_and_says_so(self, race, board):
        page = Page(board)
        page.send({"type": "act", "action": "add 1"})
        page.send({"type": "undo"})
        assert race.position == 1 and race.turn == 1  # nothing moved by itself
        assert "Seat 1 (greedy) is to move" in board.waiting["text"] and board.waiting["button"]
        page.send({"type": "step"})  # the one click that goes on
        assert race.position == 2 and board.waiting == {}

    def test_a_cell_leaving_a_bot_to_move_makes_the_board_wait(self, race, board):
        race.step("add 1")
        assert race.position == 1 and board.waiting["button"] == "▶ Seat 1 plays"

    def test_another_seats_board_says_whom_it_waits_for(self, race):
        b = RaceBoard(race, seat=1)
        assert b.choices == [] and "Waiting for seat 0 (human)" in b.waiting["text"]
        b.close()

    def test_play_to_end_plays_every_seat(self, race, board):
        assert Page(board).send({"type": "run"})["ok"]
        assert race.is_over and not board.running and board.autoplay == ""

    def test_an_instant_run_that_does_not_end_pauses_and_says_so(self, race, board, monkeypatch):
        monkeypatch.setattr(protocol_module, "INSTANT_MOST", 2)
        page = Page(board)
        assert page.send({"type": "run"})["ok"]
        assert race.position == 2 and not race.is_over and not board.running
        assert board.message == "Paused after 2 moves without reaching the end: Play to end goes on."
        page.send({"type": "run"})
        assert race.position == 4 and not board.running

    def test_speeds_come_from_one_table(self):
        assert list(SPEEDS) == ["instant", "fast", "normal", "slow"]
        with pytest.raises(ValueError, match="speed"):
            RaceBoard(Race(players=2), speed="warp")


class TestHistory:
    def test_a_different_move_keeps_the_old_line_as_a_variation(self, race, board):
        page = Page(board)
        for _ in range(2):
            page.send({"type": "act", "action": "add 1"})
        assert race.position == 4
        page.send({"type": "goto", "index": 2})
        before, recorded = race.history, race.future
        page.send({"type": "act", "action": "add 2"})  # not the recorded move
        assert len(race.variations) == 1 and board.variations[0]["at"] == 2
        assert board.variations[0]["first"] == "Seat 0 added 1"
        assert "kept as variation 1" in board.message and not board.error
        assert page.send({"type": "enter", "index": 0})["ok"]
        assert (race.history, race.future) == (before, recorded)
        assert "Back on the line" in board.message

    def test_the_recorded_move_is_a_redo(self, race, board):
        page = Page(board)
        page.send({"type": "act", "action": "add 1"})
        page.send({"type": "goto", "index": 0})
        page.send({"type": "act", "action": "add 1"})
        assert race.variations == () and len(race) == 3


class TestForks:
    def test_a_fork_says_whose_it_is_and_from_where(self, race, board):
        seen = []
        board.on_fork(seen.append)
        Page(board).send({"type": "act", "action": "add 2"})
        assert Page(board).send({"type": "fork"})["ok"] and seen == board.forks
        fork_board = board.fork_boards[0]
        assert fork_board.title.startswith("Fork 1: forks[0] of the board above, from move 2")
        assert "Seat 1 added 2" in fork_board.title
        fork_board.fork()
        assert fork_board.fork_boards[0].title.startswith("Fork 1: forks[0] of fork 1")


    def test_what_the_board_said_goes_when_the_game_moves_elsewhere(self, race, board):
        Page(board).send({"type": "fork"})
        assert board.message.startswith("Forked at move 0")
        race.step("add 1")  # a cell moves the game: the old news is cleared
        assert board.message == ""


class TestGone:
    def test_a_board_that_lost_its_game_refuses_moves_and_says_why(self, race, board):
        page = Page(board)
        board.lose_game("gone for the test")
        assert board.gone == "gone for the test" and board.choices == [] and board.game is None
        for kind in ("act", "step", "undo", "goto", "fork", "run"):
            assert not page.send({"type": kind, "action": "add 1", "index": 0})["ok"]
            assert board.message == "gone for the test"
        assert page.send({"type": "hello"})["ok"]
        race.step("add 1")  # the game goes on without it
        assert board.position == 0

    def test_a_board_whose_cell_runs_again_loses_its_game(self, race):
        displays = Displays()
        first = RaceBoard(race)
        again = RaceBoard(race)
        shown_elsewhere = RaceBoard(race)
        for b in (first, again, shown_elsewhere):
            b.publish_picture = lambda: None
        displays.before(types.SimpleNamespace(cell_id="A"))
        for b in (first, again, shown_elsewhere):
            b.cells.add("A")
            displays.boards.add(b)
        shown_elsewhere.cells.add("B")
        displays.after()
        displays.before(types.SimpleNamespace(cell_id="A"))  # cell A runs again, shows `again` only
        again.cells.add("A")
        displays.after()
        assert first.gone and "cell ran again" in first.gone
        assert not again.gone and not shown_elsewhere.gone
        for b in (first, again, shown_elsewhere):
            b.close()

    def test_without_cell_ids_nothing_is_lost(self, race):
        displays = Displays()
        b = RaceBoard(race)
        displays.boards.add(b)
        displays.before(types.SimpleNamespace(cell_id=None))
        displays.after()
        assert not b.gone
        b.close()


class TestPicture:
    def test_outside_a_kernel_the_picture_is_in_the_bundle(self, board):
        bundle = board._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert bundle["image/svg+xml"].startswith("<svg") and bundle["text/plain"].startswith("<RaceBoard")

    def test_in_a_kernel_the_picture_is_an_output_of_its_own_refreshed_after_cells(self, race, board,
                                                                                  monkeypatch):
        shown, updated = [], []
        fake = types.SimpleNamespace(kernel=object(), events=types.SimpleNamespace(register=lambda *a: None))
        monkeypatch.setattr(Displays, "kernel_shell", staticmethod(lambda: fake))
        import IPython.display

        monkeypatch.setattr(IPython.display, "display",
                            lambda data, raw, display_id: shown.append((data, display_id)))
        monkeypatch.setattr(IPython.display, "update_display",
                            lambda data, raw, display_id: updated.append((data, display_id)))
        displays = Displays()
        monkeypatch.setattr(base_module, "DISPLAYS", displays)
        bundle = board._repr_mimebundle_()
        assert "image/svg+xml" not in bundle
        (data, picture_id), = shown
        assert "total 0 of 9" in data["text/html"] and 'class="tw-picture"' in data["text/html"]
        displays.after()
        assert updated == []  # nothing moved: nothing sent
        race.step("add 2")
        displays.after()
        (data, same_id), = updated
        assert same_id == picture_id and "total 2 of 9" in data["text/html"]


    def test_a_picture_that_fails_never_breaks_a_cell(self, race, board):
        displays = Displays()
        board._picture_id = "tw-board-test"
        board.picture = lambda: 1 / 0
        displays.boards.add(board)
        with pytest.warns(RuntimeWarning, match="no longer refreshed"):
            displays.after()
        assert board not in displays.boards
        displays.after()  # and it is not tried again


class TestClosing:
    def test_close_unsubscribes_and_nothing_leaks(self, race):
        b = RaceBoard(race)
        b.fork()
        ref = weakref.ref(b)
        listeners = len(race._listeners)
        b.close()
        assert len(race._listeners) == listeners - 1
        del b
        gc.collect()
        assert ref() is None


def test_a_board_needs_a_game():
    with pytest.raises(TypeError, match="RaceBoard needs a Race game"):
        RaceBoard(object())


def test_the_composed_module_puts_the_shell_before_the_game(tmp_path):
    esm = compose_esm("export const GAME = {};\n", {"speeds": SPEEDS})
    assert esm.index("const CONFIG") < esm.index("export default") < esm.index("export const GAME")
    assert len(re.findall(r"^export default", esm, re.M)) == 1
