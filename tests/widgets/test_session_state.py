"""A board session's own state, word for word: what a new session starts with, the errors it
raises for a bad game, seat or speed, who hears its changes, what its default hooks say, how much
log it keeps, and what closing it stops."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from touring_widgets.widgets import SPEEDS, BoardSession

from .clock import Clock
from .fake_game import Race, RaceRules, RaceSession


def session_of(*players: str, speed: str = "normal", **kwargs: Any) -> tuple[Race, RaceSession, Clock]:
    clock = Clock()
    race = Race(players=list(players), rules=RaceRules(goal=30))
    return race, RaceSession(race, speed=speed, scheduler=clock, **kwargs), clock


def act(session: RaceSession, action: str) -> dict[str, Any]:
    return session.receive({"type": "act", "action": action, "revision": session.revision})


# -- a new session -------------------------------------------------------------------------------------
def test_a_session_made_without_a_seat_acts_for_seat_0_and_starts_with_no_refusal():
    race = Race(players=["human", "human"])
    session = RaceSession(race)
    assert session.seat == 0 and session.state["seat"] == 0
    assert session.state["rule"] == "" and session.state["error"] is False and session.state["message"] == ""


def test_a_bad_game_seat_or_speed_is_refused_in_words_naming_the_board_and_the_game():
    race = Race(players=["human", "human"])
    with pytest.raises(TypeError) as found:
        RaceSession(5)
    assert str(found.value) == "RaceSession needs a Race game, got int without .view"
    with pytest.raises(TypeError) as found:
        RaceSession(5, name="board")
    assert str(found.value) == "board needs a Race game, got int without .view"
    for seat in (2, -1, "0", 1.0):
        with pytest.raises(ValueError) as found:
            RaceSession(race, seat=seat)
        assert str(found.value) == f"seat must be None (show all) or a seat between 0 and 1, got {seat!r}"
    with pytest.raises(ValueError) as found:
        RaceSession(race, speed="warp")
    assert str(found.value) == f"speed must be one of {', '.join(SPEEDS)}, got 'warp'"


def test_each_session_gets_its_own_copy_of_the_games_extra_state():
    class Marked(RaceSession):
        extra_state: ClassVar[dict[str, Any]] = {"picked": None, "drawn": {}, "marks_seen": []}

    race = Race(players=["human", "human"])
    first, second = Marked(race), Marked(race)
    assert first.state["picked"] is None and first.state["drawn"] == {} and first.state["marks_seen"] == []
    assert first.state["drawn"] is not second.state["drawn"] is not Marked.extra_state["drawn"]
    assert first.state["marks_seen"] is not second.state["marks_seen"]


# -- who hears of a change ---------------------------------------------------------------------------
def test_a_watcher_hears_every_change_until_it_unsubscribes_and_twice_is_harmless():
    _, session, _ = session_of("human", "human")
    heard: list[dict[str, Any]] = []
    stop = session.watch(heard.append)
    session.set(message="one")
    stop()
    session.set(message="two")
    stop()  # a second unsubscribe changes nothing
    assert heard == [{"message": "one"}]


def test_a_value_equal_but_of_another_type_is_still_a_change():
    _, session, _ = session_of("human", "human")
    heard: list[dict[str, Any]] = []
    session.watch(heard.append)
    session.set(running=False)  # the same: nothing to send
    assert heard == []
    session.set(running=0)  # equal to False, but the page would read 0, not false
    assert heard == [{"running": 0}] and type(heard[0]["running"]) is int
    assert type(session.state["running"]) is int


def test_an_unknown_key_of_the_pages_state_is_refused_by_name():
    _, session, _ = session_of("human", "human")
    with pytest.raises(KeyError) as found:
        session.set(nope=1)
    assert found.value.args == ("RaceSession has no state 'nope'",)


def test_the_length_of_the_line_shown_is_its_number_of_moves():
    race, session, _ = session_of("human", "human")
    race.step("add 1")
    race.step("add 2")
    assert race.position == 2 and session.state["length"] == 2 == session.shows([])["length"]


# -- the default hooks -------------------------------------------------------------------------------------
def test_the_shared_hooks_name_a_move_by_its_text():
    race, session, _ = session_of("human", "human")
    assert BoardSession.legal_choices(session) == [{"action": "add 1"}, {"action": "add 2"}]
    assert BoardSession.describe_move(session, race.state, "add 2") == {"seat": None, "text": "add 2"}
    assert BoardSession.advice_move(session, race.state, "add 2") == "add 2"


def test_a_move_past_the_line_has_no_words():
    _, session, _ = session_of("human", "human")
    act(session, "add 1")
    assert session.move_text(1) == "Seat 0 added 1" and session.move_text(2) == ""
    assert session.move_story(1) != "" and session.move_story(2) == ""


def test_the_log_keeps_two_rounds_of_moves_when_that_is_more_than_its_least():
    race, session, _ = session_of("human", "human", "human", "human")
    for _ in range(14):
        race.step("add 1")
    assert race.position == 14 and len(session.log_entries()) == 8  # 2 x 4 seats, more than 6
    race2, session2, _ = session_of("human", "human")
    for _ in range(14):
        race2.step("add 1")
    assert len(session2.log_entries()) == 6


def test_a_gone_board_waits_for_nothing_and_says_why():
    _, session, _ = session_of("human", "human")
    session.lose_game("The game was closed.")
    assert session.waiting_now() == {"text": "The game was closed.", "button": ""}


def test_a_policy_that_fails_is_quoted_to_200_characters():
    _, session, _ = session_of("human", "human")
    message = session.policy_failed(1, ValueError("x" * 300))
    assert message == f"Seat 1's policy (human) failed: ValueError: {'x' * 200}; nothing moved."


def test_a_fork_listener_that_is_not_callable_is_refused_word_for_word():
    _, session, _ = session_of("human", "human")
    with pytest.raises(TypeError) as found:
        session.on_fork(42)
    assert str(found.value) == "on_fork needs a callable taking the forked game"


# -- closing -------------------------------------------------------------------------------------------
def test_closing_a_board_mid_run_plays_no_more_moves_and_stops_its_advice():
    race, session, clock = session_of("human", "greedy", "greedy")
    act(session, "add 1")
    assert session.running and len(clock.pending()) == 1
    session.advisor.on = True
    session.close()
    clock.tick()
    assert race.position == 1 and session.advisor.on is False


def test_a_bot_refused_without_a_rule_stops_the_run_citing_none():
    from touring_widgets.errors import IllegalAction

    def sulks(state: Any, seat: int) -> str:
        raise IllegalAction("seat 1 will not move")

    class Sulky(Race):
        policies: ClassVar[dict[str, Any]] = {**Race.policies, "sulks": sulks}

    clock = Clock()
    race = Sulky(players=["human", "sulks"], rules=RaceRules(goal=30))
    session = RaceSession(race, scheduler=clock)
    act(session, "add 1")
    clock.tick()
    assert race.position == 1 and not session.running
    assert session.message == "seat 1 will not move" and session.error and session.state["rule"] == ""


def test_advise_with_no_argument_turns_the_advice_on():
    import touring_widgets as tw
    from touring_widgets.touring.session import TouringSession

    session = TouringSession(tw.Touring(players=["human", "greedy"], seed=7), scheduler=Clock())
    session.advise()
    assert session.advisor.on and session.state["advice"]["on"]
    session.advise(False)
    assert not session.advisor.on and session.state["advice"] == {}
