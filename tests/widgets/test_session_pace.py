"""The board's pace without a notebook: bots and Play to end move one move per tick of a stand-in
event loop, and the run ends as it should (a human to move, the end, a cell, a failing bot, a lost
game); the sentences of the log follow the seat; forks are announced and handed on."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from touring_widgets.widgets import SPEEDS, Refusal

from .clock import Clock
from .fake_game import Race, RaceRules, RaceSession, RaceState


def _raises(state: RaceState, seat: int) -> str:
    raise ValueError("no idea")


def _too_far(state: RaceState, seat: int) -> str:
    return "add 2" if state.total + 2 > state.rules.goal else "add 1"


def _unreadable(state: RaceState, seat: int) -> str:
    return "add 3"


class Bots(Race):
    policies: ClassVar[dict[str, Any]] = {**Race.policies, "raises": _raises, "too far": _too_far,
                                          "unreadable": _unreadable}


def paced(*players: str, seat: int | None = 0, speed: str = "normal",
          goal: int = 9) -> tuple[Any, Any, Clock]:
    clock = Clock()
    race = Bots(players=list(players), rules=RaceRules(goal=goal))
    return race, RaceSession(race, seat=seat, speed=speed, scheduler=clock), clock


def act(session: RaceSession, action: str) -> dict[str, Any]:
    return session.receive({"type": "act", "action": action, "revision": session.revision})


# -- one move per tick -------------------------------------------------------------------------------
def test_bots_answer_a_move_one_per_tick_at_the_board_speed():
    race, session, clock = paced("human", "greedy", "greedy")
    assert act(session, "add 1")["ok"] and race.position == 1  # the page's move is played at once
    assert session.running and session.autoplay == "bots" and session.waiting == {}
    clock.tick()
    assert race.position == 2 and session.running and len(clock.pending()) == 1
    clock.tick()
    assert race.position == 3 and not session.running and session.autoplay == "" and not clock.pending()
    assert clock.delays == [SPEEDS["normal"]] * 2
    assert session.waiting == {}  # the human of this board is to move: its cards say so
    assert [entry["story"] for entry in session.log] == [
        "Seat 0 adds 1: the total is 1 (R-ADD).", "Seat 1 adds 2: the total is 3 (R-ADD).",
        "Seat 2 adds 2: the total is 5 (R-ADD)."]


def test_the_speed_sets_the_wait_between_moves():
    for speed in ("fast", "slow"):
        race, session, clock = paced("greedy", "greedy", speed=speed)
        session.play_to_end()
        while clock.pending():
            clock.tick()
        assert race.is_over and len(clock.delays) == race.position == 5
        assert set(clock.delays) == {SPEEDS[speed]}


def test_play_to_end_plays_every_seat_one_move_per_tick_to_the_end():
    race, session, clock = paced("human", "greedy")
    session.play_to_end()
    assert race.position == 0 and session.running and session.autoplay == "end"
    ticks = 0
    while clock.pending():
        clock.tick()
        ticks += 1
        assert race.position == ticks
    assert race.is_over and ticks == 5  # 2 + 2 + 2 + 2 + 1 = 9, the human's moves by its policy
    assert not session.running and session.autoplay == "" and session.waiting == {}
    assert session.log[-1]["story"] == "Seat 0 adds 1: the total is 9 (R-ADD); seat 0 wins (R-WIN)."


def test_the_bots_stop_where_another_boards_human_is_to_move():
    race, session, clock = paced("human", "greedy", "human", seat=0)
    act(session, "add 1")
    clock.tick()
    assert race.turn == 2 and not session.running and not clock.pending()
    assert session.waiting["text"].startswith("Waiting for seat 2 (human) to move on its own board")
    assert session.waiting["button"] == "▶ Step for seat 2"


def test_instant_shows_the_page_move_before_the_bots_answer_and_then_theirs_as_one_change():
    race, session, clock = paced("human", "greedy", "greedy", speed="instant")
    changes: list[dict[str, Any]] = []
    session.watch(changes.append)
    reply = act(session, "add 1")
    # The page's move reaches the page with the reply, before any bot has thought.
    assert reply["ok"] and race.position == 1 and len(changes) == 1 and changes[0]["position"] == 1
    assert session.running and len(clock.pending()) == 1 and clock.delays == [0]
    clock.tick()
    assert race.position == 3 and not session.running
    assert len(changes) == 2 and changes[1]["position"] == 3  # both bots' moves, one change


def test_instant_with_nothing_to_wait_on_plays_every_bot_move_at_once():
    race = Bots(players=["human", "greedy", "greedy"], rules=RaceRules(goal=9))
    session = RaceSession(race, seat=0, speed="instant")  # plain Python: no event loop
    act(session, "add 1")
    assert race.position == 3 and not session.running


def test_an_instant_answer_stopped_before_its_turn_plays_nothing():
    race, session, clock = paced("human", "greedy", "greedy", speed="instant")
    act(session, "add 1")
    assert session.receive({"type": "stop"})["ok"]
    clock.tick()
    assert race.position == 1 and not session.running


def test_what_the_board_says_stays_while_its_own_bots_move():
    race, session, clock = paced("human", "greedy", "greedy")
    act(session, "add 1")
    session.say("Noted.")
    clock.tick()
    assert race.position == 2 and session.message == "Noted."  # the board's own run is no news
    race.step("add 1")  # a cell moves the game: the old news goes, and so does the run
    assert session.message == "" and not session.running and not clock.pending()


# -- the run ends ------------------------------------------------------------------------------------
def test_a_cell_that_moves_the_game_ends_the_run_before_the_next_tick():
    race, session, clock = paced("human", "greedy", "greedy")
    act(session, "add 1")
    due = clock.pending()[0]
    race.step("add 2")  # seat 1's move, made in a cell
    assert due.cancelled and not session.running and session.autoplay == ""
    assert session.waiting["button"] == "▶ Seat 2 plays"
    clock.run_next([due])  # even a callback the loop runs late moves nothing
    assert race.position == 2


def test_a_tick_finding_the_game_moved_unseen_moves_nothing_and_ends_the_run():
    race, session, clock = paced("human", "greedy", "greedy")
    act(session, "add 1")
    with session.quiet():  # the board does not follow the game here
        race.step("add 2")
    assert session.running
    clock.tick()
    assert race.position == 2 and not session.running and not clock.pending()


@pytest.mark.parametrize("policy, rule, message", [
    ("too far", "R-GOAL", "'add 2': the total may not pass 3 (R-GOAL)"),
    ("unreadable", "R-ADD", "'add 3': cannot read 'add 3': write 'add 1' or 'add 2' (R-ADD)"),
])
def test_a_bot_whose_move_is_refused_stops_the_run_and_says_why_with_the_rule(policy, rule, message):
    race, session, clock = paced("human", policy, goal=3)
    act(session, "add 2")
    clock.tick()
    assert race.position == 1 and not session.running and not clock.pending()
    assert (session.message, session.error, session.rule) == (message, True, rule)
    assert session.waiting["button"] == "▶ Seat 1 plays"  # and the board says what it waits for


def test_a_bot_that_fails_stops_the_run_and_names_its_seat_and_policy():
    race, session, clock = paced("human", "greedy", "raises")
    act(session, "add 1")
    clock.tick()
    assert race.position == 2 and session.running
    clock.tick()
    assert race.position == 2 and not session.running and not clock.pending() and clock.errors == []
    assert session.message == ("Seat 2's policy (raises) failed: ValueError: no idea; nothing moved. "
                               "Play stopped.")
    assert session.error and session.rule == ""


def test_a_board_that_may_play_a_bots_seat_asks_for_a_move_in_its_games_words():
    race, session, _ = paced("greedy", "human", seat=None)
    assert session.waiting == {"text": "Seat 0 (greedy) is to move: pick one of its moves, or let its "
                                       "policy play.", "button": "▶ Seat 0 plays"}
    race.play()
    assert session.receive({"type": "act", "action": "add 1", "revision": session.revision})["message"] == (
        "The game is over: no move can be made. Undo or go back in the history.")


def test_stop_ends_the_run_and_the_board_says_what_it_waits_for():
    race, session, clock = paced("greedy", "greedy")
    session.play_to_end()
    clock.tick()
    reply = session.receive({"type": "stop"})
    assert reply["ok"] and not session.running and not clock.pending() and race.position == 1
    assert session.waiting == {"text": "Seat 1 (greedy) is to move: Step plays its move, Play to end "
                                       "plays on.", "button": "▶ Seat 1 plays"}


# -- a board that loses its game ---------------------------------------------------------------------
def test_a_board_losing_its_game_mid_run_stops_says_why_and_lets_go_of_the_game():
    race, session, clock = paced("human", "greedy", "greedy")
    act(session, "add 1")
    revision = session.revision
    session.lose_game("The game went away.")
    assert not clock.pending() and not session.running and session.game is None
    assert (session.gone, session.message, session.error) == ("The game went away.",) * 2 + (True,)
    assert session.waiting == {"text": "The game went away.", "button": ""} and session.choices == []
    assert session.revision == revision + 1
    race.step()  # the game moves on elsewhere: this board no longer follows it
    assert session.revision == revision + 1 and session.view["total"] == 1
    session.lose_game("Again.")  # the first reason stays
    assert session.gone == "The game went away." and session.revision == revision + 1
    with pytest.raises(Refusal, match="The game went away"):
        session.fork()
    with pytest.raises(Refusal, match="The game went away"):
        session.play_to_end()


def test_a_board_losing_its_game_stops_its_advice():
    _, session, _ = paced("human", "greedy")
    session.advisor.on = True
    session.lose_game("Gone.")
    assert not session.advisor.on


# -- the log's sentences follow the seat ---------------------------------------------------------------
class Secretive(Race):
    def _narrate(self, before: RaceState, action: str, after: RaceState, seat: int | None) -> str:
        own = seat is None or seat == before.turn
        return f"Seat {before.turn} adds {action[-1] if own else 'something'}."


def test_the_log_says_each_move_as_the_boards_seat_may_know_it():
    race = Secretive(players=["human", "human"])
    session = RaceSession(race, seat=0, speed="instant")
    act(session, "add 2")
    race.step("add 1")
    assert [e["story"] for e in session.log] == ["Seat 0 adds 2.", "Seat 1 adds something."]
    session.receive({"type": "seat", "seat": 1})
    assert [e["story"] for e in session.log] == ["Seat 0 adds something.", "Seat 1 adds 1."]
    assert session.move_story(1) == "Seat 0 adds something." and session.story == "Seat 1 adds 1."
    session.receive({"type": "seat", "seat": None})
    assert [e["story"] for e in session.log] == ["Seat 0 adds 2.", "Seat 1 adds 1."]


def test_a_long_game_keeps_a_bounded_number_of_sentences():
    race = Race(players=["greedy", "greedy"], rules=RaceRules(goal=2000))
    session = RaceSession(race, seat=None, speed="instant")
    with session.quiet():
        race.play(400)
    for n in range(1, 401):
        session.move_story(n)
    assert 0 < len(session._stories) <= 257
    assert session.move_story(1) == "Seat 0 adds 2: the total is 2 (R-ADD)."


# -- forks ---------------------------------------------------------------------------------------------
def test_each_fork_is_announced_kept_and_handed_to_every_listener():
    _, session, _ = paced("human", "human", speed="instant")
    act(session, "add 2")
    seen, other = [], []

    def once(game: Any) -> None:
        seen.append(game)
        stop()  # a listener that leaves while being called does not hide the next one

    stop = session.on_fork(once)
    stop_other = session.on_fork(other.append)
    first = session.fork()
    assert session.message == "Forked at move 1: forks[0] is a game of its own."
    assert session.forks == [first] and seen == [first] and other == [first] and first.position == 1
    stop_other()
    stop_other()  # a second unsubscribe changes nothing
    session.show_fork = lambda game, number: f"Fork {number + 1} is shown below."
    second = session.fork()
    assert session.forks == [first, second] and seen == [first] and other == [first]
    assert session.message == "Fork 2 is shown below."
    session.show_fork = lambda game, number: None
    session.fork()
    assert session.message == "Forked at move 1: forks[2] is a game of its own."


def test_a_fork_listener_must_be_callable():
    _, session, _ = paced("human", "human")
    with pytest.raises(TypeError, match="on_fork needs a callable taking the forked game"):
        session.on_fork("not a function")


def test_play_to_end_from_a_cell_at_instant_ends_before_it_returns():
    race, session, clock = paced("greedy", "greedy", speed="instant")
    session.play_to_end(at_once=True)  # what board.play_to_end() asks: the cell's next line sees the end
    assert race.is_over and not session.running and clock.pending() == []
    race2, session2, clock2 = paced("greedy", "greedy", speed="instant")
    assert session2.receive({"type": "run", "revision": session2.revision})["ok"]  # clicked: a tick later
    assert race2.position == 0 and session2.running and len(clock2.pending()) == 1
    clock2.tick()
    assert race2.is_over and not session2.running


# -- every seat at once (On Tour): the bots write a tick after the page has the writing -----------------
def on_tour_paced(follows: bool = True) -> tuple[Any, Any, Clock]:
    import touring_widgets as tw
    from touring_widgets.on_tour.session import OnTourSession

    clock = Clock()
    game = tw.OnTour(players=["human", "greedy", "greedy"], seed=3)
    return game, OnTourSession(game, seat=0, speed="instant", scheduler=clock, follows=follows), clock


def test_on_tour_the_bots_write_a_tick_after_the_page_has_the_writing():
    game, session, clock = on_tour_paced()
    changes: list[dict[str, Any]] = []
    session.watch(changes.append)
    reply = act(session, str(game.legal_actions()[0]))
    assert reply["ok"] and game.state.written == (True, False, False) and game.state.round == 1
    assert session.running and session.state["autoplay"] == "bots" and session.state["waiting"] == {}
    assert clock.delays == [0] and len(clock.pending()) == 1
    assert any(c.get("position") == 1 for c in changes)  # the page has the writing before the bots
    clock.tick()
    assert clock.errors == [] and game.state.round == 2 and not session.running
    assert session.state["autoplay"] == "" and game.position == 3


def test_on_tour_an_answer_finding_the_game_moved_unseen_writes_nothing():
    game, session, clock = on_tour_paced(follows=False)  # as at a table: told of changes by its host
    act(session, str(game.legal_actions()[0]))
    game.step()  # a cell writes for seat 1; the session is not told
    clock.tick()
    assert clock.errors == [] and game.state.written == (True, True, False) and not session.running
