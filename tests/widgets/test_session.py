"""The board's protocol without its transport: sessions driven with plain dicts, no widget made."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, ClassVar

import pytest

import touring_widgets as tw
from touring_widgets.errors import IllegalAction
from touring_widgets.on_tour.facts import SPACES
from touring_widgets.on_tour.session import OnTourSession
from touring_widgets.touring.session import TouringSession
from touring_widgets.widgets import BoardSession, EverySeatAtOnce, Handler, OneAfterAnother, Refusal
from touring_widgets.widgets.protocol import STATE_KEYS

from .clock import Clock
from .fake_game import Race, RaceSession

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "touring_widgets" / "widgets"
#: What a notebook brings; the protocol needs none of it.
TRANSPORT = ("ipywidgets", "anywidget", "traitlets", "IPython")
#: The modules of the protocol.
PROTOCOL = ("protocol.py", "session.py", "messages.py", "turns.py", "advice.py")


def send(session: BoardSession, content: dict[str, Any], revision: Any = "current") -> dict[str, Any]:
    if revision == "current":
        content = {**content, "revision": session.revision}
    return session.receive(content)


# -- without a notebook ----------------------------------------------------------------------------
def test_the_protocol_modules_import_nothing_of_a_notebook():
    for name in PROTOCOL:
        tree = ast.parse((WIDGETS / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            assert not set(roots) & set(TRANSPORT), f"widgets/{name} imports {roots}"


def test_a_session_runs_in_an_interpreter_without_ipywidgets():
    """In a fresh interpreter where ipywidgets, anywidget, traitlets and IPython cannot load, a
    session plays, refuses with its rule, checks revisions and answers with its bots."""
    script = textwrap.dedent(f"""
        import sys

        class Blocked:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {TRANSPORT!r}:
                    raise ImportError(f"{{name}} is blocked")

        sys.meta_path.insert(0, Blocked())
        from tests.widgets.fake_game import Race, RaceSession
        from touring_widgets.widgets import BoardSession, Refusal

        race = Race(players=["human", "greedy"])
        session = RaceSession(race, seat=0, speed="instant")
        reply = session.receive({{"type": "act", "action": "add 2", "revision": session.revision}})
        assert reply["ok"] and race.position == 2, reply  # the greedy seat answered
        stale = session.receive({{"type": "undo", "revision": 0}})
        assert not stale["ok"] and "moved on" in stale["message"], stale
        for _ in range(2):
            race.step("add 2")
        wrong = session.receive({{"type": "act", "action": "add 2", "revision": session.revision}})
        assert not wrong["ok"] and session.rule == "R-GOAL", wrong

        # both games' sessions, found through the registry as a table server would
        from touring_widgets import OnTour, Touring
        from touring_widgets.core.registry import spec_of

        touring = Touring(players=["human", "greedy"], seed=7)
        session = spec_of(touring).session(touring, seat=0, speed="instant")
        reply = session.receive({{"type": "act", "action": "play go", "revision": session.revision}})
        assert reply["ok"] and touring.position == 2 and session.state["view"]["turn"] == 0, reply
        refused = session.receive({{"type": "act", "action": "play m200", "revision": session.revision}})
        assert not refused["ok"] and session.rule, refused
        on_tour = OnTour(players=["human", "greedy"], seed=7)
        session = spec_of(on_tour).session(on_tour, seat=0, speed="instant")
        writing = str(on_tour.legal_actions(0)[0])
        reply = session.receive({{"type": "act", "action": writing, "revision": session.revision}})
        assert reply["ok"] and on_tour.state.round == 2, reply  # the bot wrote too: the next turn
        assert not any(m.split(".")[0] in {TRANSPORT!r} for m in sys.modules)
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


# -- the page's state and the answer ---------------------------------------------------------------
class TestState:
    def test_the_state_holds_every_name_the_page_draws_from(self):
        session = TouringSession(tw.Touring(players=["human", "greedy"], seed=7), seat=0)
        assert set(STATE_KEYS) <= set(session.state)
        assert session.state["choices"][0]["action"] == "play go" and session.revision == 1

    def test_a_message_reaches_the_watchers_as_one_group_before_the_reply(self):
        race = Race(players=["human", "greedy"])
        session = RaceSession(race, seat=0, speed="instant")
        groups: list[dict[str, Any]] = []
        session.watch(groups.append)
        reply = send(session, {"type": "act", "action": "add 1"})
        assert len(groups) == 1 and reply["revision"] == groups[0]["revision"] == session.revision
        assert {"position", "log", "revision"} <= set(groups[0])

    def test_a_refusal_changes_nothing_and_says_why_with_its_rule(self):
        game = tw.Touring(players=["human", "greedy"], seed=7)
        session = TouringSession(game, seat=0)
        before = dict(session.state)
        reply = send(session, {"type": "act", "action": "play m75"})
        assert reply == {"type": "reply", "ok": False, "message": session.message,
                         "revision": before["revision"]}
        assert session.rule == "T-GO" and session.error and game.position == 0
        assert {k: v for k, v in session.state.items() if k not in ("message", "error", "rule")} == \
            {k: v for k, v in before.items() if k not in ("message", "error", "rule")}

    def test_refusals_are_a_public_type(self):
        session = TouringSession(tw.Touring(players=["human", "greedy"], seed=7), seat=1)
        with pytest.raises(Refusal) as refused:
            session.handle({"type": "act", "action": "play go", "revision": session.revision})
        assert "seat 1" in refused.value.text

    def test_a_game_changing_message_needs_the_current_revision(self):
        game = tw.Touring(players=["human", "greedy"], seed=7)
        session = TouringSession(game, seat=0, speed="instant")
        first = session.revision
        assert send(session, {"type": "act", "action": "play go"})["ok"]
        reply = session.receive({"type": "undo", "revision": first})
        assert not reply["ok"] and "moved on" in reply["message"] and game.position == 2
        assert not session.receive({"type": "undo"})["ok"] and "no revision" in session.message
        assert session.receive({"type": "speed", "speed": "slow"})["ok"]  # local: no revision needed


# -- how turns run -------------------------------------------------------------------------------------
class TestTurns:
    def test_each_game_declares_how_its_turns_run(self):
        assert isinstance(TouringSession.turns, OneAfterAnother)
        assert isinstance(OnTourSession.turns, EverySeatAtOnce)

    def test_one_after_another_bots_answer_at_the_board_pace(self):
        clock = Clock()
        race = Race(players=["human", "greedy", "greedy"])
        session = RaceSession(race, seat=0, speed="normal", scheduler=clock)
        assert send(session, {"type": "act", "action": "add 1"})["ok"]
        assert race.position == 1 and session.running and session.autoplay == "bots"
        assert len(clock.pending()) == 1
        clock.tick()
        assert race.position == 2 and session.running
        clock.tick()
        assert race.position == 3 and not session.running and not clock.pending()

    def test_a_board_of_another_seat_waits_while_one_seat_after_another(self):
        race = Race(players=["human", "human"])
        session = RaceSession(race, seat=1)
        assert not session.plays_now() and session.choices == []
        assert "Waiting for seat 0 (human)" in session.waiting["text"]

    def test_every_seat_at_once_a_board_writes_while_others_still_write(self):
        game = tw.OnTour(players=["human", "human", "greedy"], seed=3)
        second = OnTourSession(game, seat=1, speed="instant")
        assert game.turn == 0 and second.plays_now() and second.choices  # seat 0 has not written yet
        action = str(next(iter(second.legal)))
        assert send(second, {"type": "act", "action": action})["ok"]
        assert game.state.written[1] and not game.state.written[0]
        assert not second.plays_now() and game.state.written[2]  # the bot wrote at once, seat 0 or not
        first = OnTourSession(game, seat=0, speed="instant")
        round_ = game.state.round
        assert send(first, {"type": "act", "action": str(next(iter(first.legal)))})["ok"]
        # every seat wrote: the next turn, where the bot writes at once again and the humans are awaited
        assert game.state.round == round_ + 1 and game.state.written == (False, False, True)
        assert second.plays_now() and first.plays_now()
        again = send(second, {"type": "act", "action": "p0: 11 WA"})
        assert not again["ok"] and "not p0" in again["message"]

    def test_a_seat_that_has_written_is_refused_with_its_rule(self):
        game = tw.OnTour(players=["human", "human"], seed=3)
        session = OnTourSession(game, seat=0, speed="instant")
        send(session, {"type": "act", "action": str(next(iter(session.legal)))})
        reply = send(session, {"type": "act", "action": "11 WA"})
        assert not reply["ok"] and session.rule == "O-DISCARD"


# -- a game's own messages -----------------------------------------------------------------------------
class TestHandlers:
    def test_on_tour_adds_its_own_messages_to_the_table(self):
        assert {"why", "tour"} <= set(OnTourSession.handlers) and "why" not in BoardSession.handlers
        game = tw.OnTour(players=["human", "greedy"], seed=3)
        session = OnTourSession(game, seat=0)
        low, _ = game.state.numbers
        lit = {space for group in session.choices for space in group["spaces"].split()}
        dark = next(space for space in SPACES if space not in lit)
        reply = send(session, {"type": "why", "marks": [[f"{low:02d}", dark]]})
        assert not reply["ok"] and session.rule.startswith("O-") and game.position == 0
        stale = session.receive({"type": "why", "marks": [[f"{low:02d}", dark]], "revision": 0})
        assert not stale["ok"] and "moved on" in stale["message"]
        tour = session.receive({"type": "tour", "spaces": ["WA", "OR"]})
        assert "tour" in tour and tour["tour"]["seat"] == 0 and session.state["drawn"] == tour["tour"]

    def test_a_session_extends_the_table_with_a_message_of_its_own(self):
        class Pinging(RaceSession):
            handlers: ClassVar[dict[str, Handler]] = {**RaceSession.handlers,
                        "ping": Handler(lambda session, content: {"pong": session.game.position})}

        race = Race(players=["human", "greedy"])
        session = Pinging(race, seat=0, speed="instant")
        assert session.receive({"type": "ping"}) == {"type": "reply", "ok": True, "revision": 1, "pong": 0}
        assert not RaceSession(race).receive({"type": "ping"})["ok"]  # the shared table is unchanged
        session.close()


def test_a_board_may_still_write_the_hooks_on_the_widget():
    """A board subclass that words its moves itself (as before the session) is asked by its session."""
    from .fake_game import race_board

    class Worded(race_board()):
        game_title = "Worded race"

        def describe_move(self, before: Any, action: str) -> dict[str, Any]:
            return {**super().describe_move(before, action), "text": f"{self.seat}: {action}"}

    race = Race(players=["human", "greedy"])
    board = Worded(race, seat=0, speed="instant")
    race.step("add 2")
    assert board.log[-1]["text"] == "0: add 2" and board.session.log[-1]["seat"] == 0
    with pytest.raises(TypeError, match="Worded needs a Worded race game"):
        Worded(object())
    board.close()


# -- how turns run, when a bot fails ---------------------------------------------------------------
def _raises(state, seat):
    raise ValueError("no idea")


def _nothing(state, seat):
    return None


def _refused(state, seat):
    raise IllegalAction("cannot write now")  # a refusal that names no rule


def _taken(state, seat):
    return tw.on_tour.Action.parse(f"p{seat}: 99 WA")  # WA holds a number from the setup (seed 7)


class Writers(tw.OnTour):
    policies: ClassVar[dict[str, Any]] = {**tw.OnTour.policies, "raises": _raises, "nothing": _nothing,
                                          "refused": _refused, "taken": _taken}


@pytest.mark.parametrize("policy, message, rule", [
    ("raises", "Seat 1's policy (raises) failed: ValueError: no idea; nothing moved.", ""),
    ("nothing", "'<NoneType>': an action is text like '56 TX, 65 OK', 'star CO' or '56 TX, X WA', "
                "optionally after 'p1: ', not NoneType (O-WRITE)", "O-WRITE"),
    ("taken", "'p1: 99 WA': WA already holds 59 (circled): write in an empty space (O-WRITE)", "O-WRITE"),
    ("refused", "cannot write now", ""),
])
def test_every_seat_at_once_a_failing_bot_stops_the_answer_and_says_why(policy, message, rule):
    """The human's writing stands; the failing bot and the bots after it do not write; the board
    says why, as an error with the rule when there is one."""
    game = Writers(players=["human", policy, "greedy"], seed=7)
    session = OnTourSession(game, seat=0, speed="instant")
    writing = str(game.legal_actions(0)[0])
    reply = session.receive({"type": "act", "action": writing, "revision": session.revision})
    assert reply["ok"] and reply["message"] == message
    assert session.state["error"] is True and session.state["rule"] == rule
    assert game.state.written == (True, False, False) and session.state["view"]["written"] == [1, 0, 0]


def test_the_seat_a_board_acts_for_and_when_it_may():
    touring = tw.Touring(players=["human", "human"], seed=7)
    teacher, own = TouringSession(touring, seat=None), TouringSession(touring, seat=1)
    assert teacher.acting_seat() == 0 and own.acting_seat() == 1
    assert teacher.plays_now() and not own.plays_now()
    on_tour = tw.OnTour(players=["human", "human"], seed=7)
    teacher, own = OnTourSession(on_tour, seat=None), OnTourSession(on_tour, seat=1)
    assert teacher.acting_seat() == 0 and own.acting_seat() == 1 and own.plays_now()
    on_tour.play()
    assert not own.plays_now() and not teacher.plays_now() and own.state["choices"] == []
