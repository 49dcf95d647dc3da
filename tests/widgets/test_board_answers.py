"""What a board answers each message from the page, word for word: the refusal a user reads in
the board's message line, the reply the page acts on, and that a refused message changes nothing.
Exact texts, because a garbled refusal is what the user sees (they also kill the mutants of the
board's message handling that ``tools/mutation.py`` plants).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from touring_widgets.errors import IllegalAction
from touring_widgets.widgets.base import MAX_TEXT

from .fake_game import Race, RaceBoard
from .page import Page


def state_of(race, board):
    return (race.position, race.history, race.future, len(race.variations), board.seat, board.speed)


@pytest.mark.parametrize(
    "content, message",
    [
        ("hello", "Refused a message that is not an object; nothing changed."),
        (None, "Refused a message that is not an object; nothing changed."),
        ({"type": "launch"}, "Refused a message of unknown type 'launch'; nothing changed."),
        ({"type": ["act"]}, "Refused a message of unknown type list; nothing changed."),
        ({"type": 5}, "Refused a message of unknown type 5; nothing changed."),
        ({"type": 2.5}, "Refused a message of unknown type 2.5; nothing changed."),
        ({"type": None}, "Refused a message of unknown type None; nothing changed."),
        ({}, "Refused a message of unknown type None; nothing changed."),
        ({"type": "x" * 100}, f"Refused a message of unknown type {repr('x' * 100)[:40]}; nothing changed."),
        ({"type": "act", "action": 2}, "Refused an action that is not text (int); nothing changed."),
        ({"type": "act"}, "Refused an action that is not text (NoneType); nothing changed."),
        ({"type": "act", "action": "a" * 500}, "Refused an action text of 500 characters; nothing changed."),
        (
            {"type": "act", "action": "add 3"},
            "Illegal: 'add 3': cannot read 'add 3': write 'add 1' or 'add 2' (R-ADD)",
        ),
        ({"type": "goto", "index": 1}, "Refused a history position that is not 0..0; nothing changed."),
        ({"type": "goto", "index": -1}, "Refused a history position that is not 0..0; nothing changed."),
        ({"type": "goto", "index": "0"}, "Refused a history position that is not 0..0; nothing changed."),
        ({"type": "enter", "index": 0}, "Refused a variation that is not 0..-1; nothing changed."),
        ({"type": "seat", "seat": 2}, "Refused a seat that is not 0..1 or 'all'; nothing changed."),
        ({"type": "seat", "seat": -1}, "Refused a seat that is not 0..1 or 'all'; nothing changed."),
        ({"type": "seat", "seat": "1"}, "Refused a seat that is not 0..1 or 'all'; nothing changed."),
        (
            {"type": "speed", "speed": "warp"},
            "Refused a speed that is not one of instant, fast, normal, slow; nothing changed.",
        ),
        (
            {"type": "speed", "speed": 1},
            "Refused a speed that is not one of instant, fast, normal, slow; nothing changed.",
        ),
        ({"type": "describe", "index": 1}, "Refused a move number that is not 1..0; nothing changed."),
        ({"type": "undo"}, "Nothing to undo: this is the start."),
        ({"type": "redo"}, "Nothing to redo."),
    ],
)
def test_a_refused_message_says_exactly_why_and_changes_nothing(race, board, content, message):
    page = Page(board)
    before = state_of(race, board)
    revision = board.revision
    reply = page.send(content)
    assert reply == {"type": "reply", "ok": False, "message": message, "revision": revision}
    assert board.message == message and board.error
    assert state_of(race, board) == before


def test_a_move_without_the_current_revision_is_refused_naming_both_revisions(race, board):
    page = Page(board)
    now = board.revision
    reply = page.send({"type": "act", "action": "add 1", "revision": "1"}, revision=False)
    assert reply["message"] == "Refused 'act': it carries no revision number; nothing changed."
    reply = page.send({"type": "undo", "revision": now - 1}, revision=False)
    assert reply["message"] == (
        f"Refused 'undo': the board had moved on (sent at revision {now - 1}, now {now}); "
        "nothing changed, look again and retry."
    )
    assert reply["ok"] is False and race.position == 0


def test_a_refusal_carries_its_rule_and_the_next_message_clears_it(race, board):
    page = Page(board)
    page.send({"type": "act", "action": "add 3"})
    assert board.rule == "R-ADD" and board.error
    reply = page.send({"type": "stop"}, revision=False)
    assert reply["ok"] is True and reply["message"] == "Stopped." and board.message == "Stopped."
    assert not board.error and board.rule == ""


def test_seat_messages_say_whose_view_is_shown(race, board):
    page = Page(board)
    assert page.send({"type": "seat", "seat": None})["message"] == "Showing every hand (teacher's view)."
    assert board.seat is None
    assert page.send({"type": "seat", "seat": 1})["message"] == "Showing seat 1's view."
    assert board.seat == 1
    assert page.send({"type": "seat", "seat": 0})["message"] == "Showing seat 0's view." and board.seat == 0
    assert (
        page.send({"type": "speed", "speed": "slow"})["ok"] and board.speed == "slow" and board.message == ""
    )


def test_another_seats_turn_is_refused_naming_the_seat_and_its_player(race):
    b = RaceBoard(race, seat=1, speed="instant")
    page = Page(b)
    reply = page.send({"type": "act", "action": "add 1"})
    assert reply["message"] == "It is seat 0's turn (human); this board plays for seat 1."
    assert race.position == 0
    b.close()


def test_moves_from_the_page_change_the_game_and_reply_ok(race, board):
    page = Page(board)
    reply = page.send({"type": "act", "action": "add 1"})
    assert reply["ok"] is True and reply["revision"] == board.revision and race.position == 2
    assert page.send({"type": "undo"})["ok"] and race.position == 1
    assert page.send({"type": "redo"})["ok"] and race.position == 2
    assert page.send({"type": "goto", "index": 0})["ok"] and race.position == 0
    assert page.send({"type": "goto", "index": 2})["ok"] and race.position == 2
    reply = page.send({"type": "describe", "index": 2}, revision=False)
    assert reply["ok"] and reply["index"] == 2
    assert reply["text"] == "Move 2: Seat 1 adds 2: the total is 3 (R-ADD)."
    assert page.send({"type": "describe", "index": 3}, revision=False)["message"] == (
        "Refused a move number that is not 1..2; nothing changed."
    )
    assert page.send({"type": "describe", "index": 0}, revision=False)["message"] == (
        "Refused a move number that is not 1..2; nothing changed."
    )


def test_a_variation_is_entered_from_the_page(race, board):
    page = Page(board)
    page.send({"type": "act", "action": "add 1"})
    page.send({"type": "goto", "index": 0})
    page.send({"type": "act", "action": "add 2"})
    assert len(race.variations) == 1
    assert page.send({"type": "enter", "index": 1})["message"] == (
        "Refused a variation that is not 0..0; nothing changed."
    )
    reply = page.send({"type": "enter", "index": 0})
    assert reply["ok"] is True
    assert (
        reply["message"]
        == "Back on the line that went on from move 0 (the line you left is kept as a variation)."
    )
    assert race.position == 0 and [str(a) for a in race.future] == ["add 1", "add 2"]


def test_when_the_game_is_over_moves_say_so(race):
    for _ in range(5):
        race.step()
    assert race.is_over
    b = RaceBoard(race, seat=None, speed="instant")
    page = Page(b)
    assert page.send({"type": "act", "action": "add 1"})["message"] == (
        "The game is over: no move can be made. Undo or go back in the history."
    )
    assert page.send({"type": "step"})["message"] == "The game is over: there is no move to step."
    assert page.send({"type": "run"})["message"] == "The game is already over."
    assert page.send({"type": "undo"})["ok"] and not race.is_over
    assert page.send({"type": "step"})["ok"] and race.is_over
    b.close()


def test_hello_changes_nothing_and_a_board_that_lost_its_game_refuses_moves(race, board):
    page = Page(board)
    page.send({"type": "act", "action": "add 3"})
    message = board.message
    assert page.send({"type": "hello"}, revision=False)["ok"] and board.message == message and board.error
    board.lose_game("Gone for the test.")
    reply = page.send({"type": "act", "action": "add 1"})
    assert reply["ok"] is False and reply["message"] == "Gone for the test." and race.position == 0
    assert page.send({"type": "seat", "seat": 1}, revision=False)["message"] == "Gone for the test."
    assert page.send({"type": "hello"}, revision=False)["ok"]


def test_describe_leaves_the_message_line_as_it_was(race, board):
    page = Page(board)
    page.send({"type": "act", "action": "add 1"})  # the greedy seat answers
    page.send({"type": "act", "action": "add 3"})
    message = board.message
    reply = page.send({"type": "describe", "index": 1}, revision=False)
    assert reply["ok"] and reply["text"] == "Move 1: Seat 0 adds 1: the total is 1 (R-ADD)."
    assert board.message == message and board.error and board.rule == "R-ADD"


def test_an_action_text_of_the_longest_length_allowed_is_judged_not_cut_off(race, board):
    longest = "a" * MAX_TEXT
    reply = Page(board).send({"type": "act", "action": longest})
    assert reply["message"].startswith(f"Illegal: {longest[:60]!r}") and board.rule == "R-ADD"
    reply = Page(board).send({"type": "act", "action": longest + "a"})
    assert reply["message"] == f"Refused an action text of {MAX_TEXT + 1} characters; nothing changed."


class Stubborn(Race):
    """A game whose judge cannot answer, and whose moves the engine refuses late."""

    def why(self, action):
        raise IllegalAction("cannot judge that here (R-WHY)", "R-WHY")

    def step(self, action=None):
        raise IllegalAction("the engine changed its mind (R-LATE)", "R-LATE")


def test_when_the_game_cannot_judge_an_action_the_board_shows_its_error_and_rule():
    game = Stubborn(players=["human", "greedy"])
    b = RaceBoard(game, seat=0, speed="instant")
    page = Page(b)
    reply = page.send({"type": "act", "action": "add 3"})
    assert reply["message"] == "cannot judge that here (R-WHY)" and b.rule == "R-WHY" and b.error
    # a listed action the engine refuses when played: its refusal is shown, with its rule
    reply = page.send({"type": "act", "action": "add 1"})
    assert reply["message"] == "the engine changed its mind (R-LATE)" and b.rule == "R-LATE"
    reply = page.send({"type": "step"})
    assert reply["message"] == "the engine changed its mind (R-LATE)" and b.rule == "R-LATE"
    assert game.position == 0
    b.close()


class Speechless(Race):
    """A game whose errors name no rule: the board then shows no rule badge, never a made-up one."""

    def __init__(self, *args, error: Exception, **kwargs):
        super().__init__(*args, **kwargs)
        self.error = error

    def why(self, action):
        raise self.error

    def step(self, action=None):
        raise IllegalAction("no move can be made now")


@pytest.mark.parametrize("error", [ValueError("cannot read that"), IllegalAction("cannot read that"),
                                   IllegalAction("cannot read that", "")])
def test_an_error_without_a_rule_shows_its_words_and_no_rule(error):
    game = Speechless(players=["human", "greedy"], error=error)
    b = RaceBoard(game, seat=0, speed="instant")
    page = Page(b)
    reply = page.send({"type": "act", "action": "add 3"})
    assert reply["message"] == "cannot read that" and b.rule == "" and b.error and not reply["ok"]
    reply = page.send({"type": "step"})
    assert reply["message"] == "no move can be made now" and b.rule == "" and b.error
    reply = page.send({"type": "act", "action": "add 1"})  # listed, refused when played
    assert reply["message"] == "no move can be made now" and b.rule == ""
    assert game.position == 0
    b.close()


def test_any_move_from_the_page_stops_automatic_play_even_a_refused_one():
    """A click while bots play on means "wait": play stops, whatever the click was."""
    import asyncio

    game = Race(players=["greedy", "greedy"], rules=None)
    b = RaceBoard(game, seat=None, speed="slow")
    page = Page(b)

    async def scenario():
        for content in ({"type": "act", "action": "add 9"}, {"type": "goto", "index": 99}, {"type": "undo"}):
            assert page.send({"type": "run"})["ok"] and b.running
            page.send(content)
            assert not b.running and b.autoplay == "", content
        assert page.send({"type": "run"})["ok"] and b.running
        assert page.send({"type": "run"})["ok"] and b.running  # Play again: play goes on
        page.send({"type": "stop"}, revision=False)
        assert not b.running

    asyncio.run(scenario())
    assert game.position == 0  # slow: no move was due yet
    b.close()


def test_a_fault_of_ours_shows_at_most_200_characters_of_its_error(board, monkeypatch):
    def broken(content):
        raise RuntimeError("x" * 300)

    monkeypatch.setattr(board.session, "handle", broken)
    reply = Page(board).send({"type": "undo"})
    assert reply["ok"] is False
    assert reply["message"] == (f"The kernel failed to do 'undo': RuntimeError: {'x' * 200}. This is a "
                                "fault of touring_widgets; please report it.")


def test_a_reply_says_no_message_while_the_message_line_is_empty(board):
    assert board.message == ""
    reply = Page(board).send({"type": "hello"}, revision=False)
    assert reply["ok"] and "message" not in reply


def test_a_step_whose_policy_fails_names_the_seat_its_policy_and_the_error():
    def failing(state, seat):
        raise ValueError("no idea what to play")

    class Failing(Race):
        policies: ClassVar[dict[str, Any]] = {**Race.policies, "failing": failing}

    game = Failing(players=["human", "failing"])
    game.step("add 1")
    b = RaceBoard(game, seat=None, speed="instant")
    reply = Page(b).send({"type": "step"})
    assert reply["ok"] is False and game.position == 1
    assert reply["message"] == ("Seat 1's policy (failing) failed: ValueError: no idea what to play; "
                                "nothing moved.")
    b.close()


def test_after_entering_a_variation_a_move_from_a_cell_is_shown_and_told(race, board):
    page = Page(board)
    page.send({"type": "act", "action": "add 1"})
    page.send({"type": "goto", "index": 0})
    page.send({"type": "act", "action": "add 2"})
    page.send({"type": "enter", "index": 0})
    race.goto(1)
    race.step("add 1")  # a cell plays over the line's move 2: that line becomes a variation
    assert board.position == race.position == 2 and board.view["total"] == race.state.total
    assert board.message == ("Another move at move 2: the line it replaced (1 move) is kept as "
                             f"variation {len(race.variations)}; click it under the history to go back.")


def test_after_a_fault_of_ours_the_board_shows_the_game_as_it_now_is(board, race, monkeypatch):
    session = board.session
    handle, refresh = session.handle, session.refresh

    def moves_then_fails(content):
        session.refresh = lambda: None  # the move's own refresh goes missing...
        try:
            handle(content)
        finally:
            session.refresh = refresh
        raise RuntimeError("late")  # ...and a fault follows

    monkeypatch.setattr(session, "handle", moves_then_fails)
    before = board.revision
    reply = Page(board).send({"type": "act", "action": "add 1"})
    assert reply["ok"] is False and "RuntimeError: late" in reply["message"]
    assert race.position == 2 and board.position == 2 and board.revision > before
    assert board.view["total"] == race.state.total and not board.running


def test_a_fault_of_ours_is_said_even_when_the_board_cannot_show_the_game(board, monkeypatch):
    def broken(*args):
        raise RuntimeError("broken")

    monkeypatch.setattr(board.session, "handle", broken)
    monkeypatch.setattr(board.session, "refresh", broken)
    reply = Page(board).send({"type": "undo"})
    assert reply["ok"] is False
    assert reply["message"].startswith("The kernel failed to do 'undo': RuntimeError: broken")
