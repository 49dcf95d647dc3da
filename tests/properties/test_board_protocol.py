"""The board's protocol with the real games: every kind of page message, while the board plays on.

A Touring or On Tour game of 3 to 6 seats (humans; greedy, random and keeper bots; bots that now and
then raise, offer no move, or offer something that is not a move) is shown on a board, and a
generated sequence of events reaches it: moves of the seat the board plays for, Step, undo, redo,
jumps in the history, variations, Play to end, Stop, speeds, seats, forks, advice, hover texts,
malformed and stale messages, moves from cells, and the ticks of the event loop at which the board
plays on (a loop of the test's own, so the pace is exact). After every event:

- the board shows its game as a fresh board on it would, and the game is the one the same moves
  and history jumps made from cells give (a fresh board on that one shows the same page);
- the board plays on only while a move is due, and when it stops it says whom it waits for (the
  seat to move, and the button that goes on), or it may move for that seat itself;
- bots answer a move made on the board one at a time, at the board's pace, until a human is to
  move (On Tour: all at once, every bot that has not written); Step moves exactly one seat; undo,
  redo, jumps, variations and cells never start moves; a stale, unknown or malformed message
  changes nothing it should not, and a refusal says why, with a rule of the game when it names one;
- a bot that fails stops the board, nothing moves after it, and the board says so.
"""

from __future__ import annotations

import contextlib
import dataclasses
import types
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.core.rulebook import rule_ids
from touring_widgets.on_tour.facts import SPACES
from touring_widgets.touring.facts import CARDS
from touring_widgets.widgets import SPEEDS
from touring_widgets.widgets import protocol as protocol_module
from touring_widgets.widgets.protocol import LOCAL, MOVES

from ..widgets.clock import Clock, Handle
from ..widgets.page import Page
from .kinds import nth_legal, on_tour_rules, touring_rules

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Traits that are the board's own, not its game's: what it said, its pace, its advice, its caption.
PER_BOARD = {"message", "error", "rule", "revision", "running", "autoplay", "title", "speed", "advice",
             "waiting", "layout", "tabbable", "tooltip"}
#: The words of a failing bot's exception.
BROKE = "policy broke on purpose"
#: Bots that now and then fail: raise, return None (no move), return text that is not a move.
FAILING = ("raiser", "stuck", "cheat")
TOURING_SEATS = ("human", "human", "greedy", "random", "keeper", *FAILING)
ON_TOUR_SEATS = ("human", "human", "greedy", "random", *FAILING)
HISTORY = ("undo", "redo", "goto", "enter")

#: The events drawn while nothing moves by itself (the board may move for the seat to move, or not),
#: and while the board plays on (mostly the loop's ticks, with every message in between).
OTHERS = ["undo", "undo", "redo", "goto", "enter", "run", "stop", "speed", "speed", "seat", "fork", "advise",
          "describe", "hello", "junk", "junk", "stale", "stale", "cell", "advice tick", "tick"]
IDLE = ["act"] * 8 + ["step"] * 4 + OTHERS
ELSEWHERE = ["act", "seat", "seat"] + ["step"] * 4 + OTHERS
PLAYING = ["tick"] * 16 + ["act", "step"] + OTHERS


class Fates:
    """The failing bots: each call fails (as hypothesis draws, or always) or plays greedy's move."""

    def __init__(self, data: Any, greedy: Callable[[Any, int], Any], always: bool = False) -> None:
        self.data, self.greedy, self.always = data, greedy, always
        self.moves: list[Any] = []  # the moves seen so far in the current event
        self.failures: list[tuple[int, str, int]] = []  # (seat, policy, moves seen before it failed)

    def policy(self, name: str) -> Callable[[Any, int], Any]:
        def decide(state: Any, seat: int) -> Any:
            if self.always or self.data.draw(st.integers(0, 3), label=f"{name} fails") == 0:
                self.failures.append((seat, name, len(self.moves)))
                if name == "raiser":
                    raise RuntimeError(f"seat {seat}'s {BROKE}")
                return None if name == "stuck" else "pass"
            return self.greedy(state, seat)

        return decide


def page_state(board: Any) -> dict[str, Any]:
    """What a board shows of its game."""
    return {name: getattr(board, name) for name in board.trait_names(sync=True)
            if name not in PER_BOARD and not name.startswith("_")}


def fresh_state(board: Any, game: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The page state and the waiting line of a new board on ``game`` from the same seat."""
    other = type(board)(game, seat=board.seat, speed="instant")
    try:
        return page_state(other), dict(other.waiting)
    finally:
        other.close()


def timeline(game: Any) -> tuple[Any, ...]:
    return (game.position, game.history, game.future,
            tuple((v.position, tuple(v.actions)) for v in game.variations))


def mover(before: Any, action: Any) -> int:
    """The seat that made ``action``: On Tour's actions name it, Touring's is the seat to move."""
    seat = getattr(action, "seat", None)
    return before.turn if seat is None else seat


@dataclasses.dataclass
class Snapshot:
    """The board and its game just before an event."""

    timeline: tuple[Any, ...]
    turn: int | None
    over: bool
    running: bool
    autoplay: str
    pending: list[Handle]
    seat: int | None
    speed: str
    message: str
    error: bool
    plays_now: bool
    forks: int
    revision: int


class Table:
    """A game on a board, reached by page messages, cells and the loop's ticks, checked after each."""

    def __init__(self, data: Any, game: Any, seat: int | None, speed: str, clock: Clock,
                 fates: Fates) -> None:
        self.data, self.game, self.clock, self.fates = data, game, clock, fates
        self.on_tour = isinstance(game, tw.OnTour)
        self.rule_ids = rule_ids("on_tour" if self.on_tour else "touring")
        self.humans = [p for p, name in enumerate(game.players) if name == "human"]
        self.twin = type(game)(players=list(game.players), seed=game.seed, rules=game.rules)
        for action in game.history:
            self.twin.step(action)
        self.board = game.board(seat=seat, speed=speed)
        self.page = Page(self.board)
        self.moves: list[tuple[Any, Any]] = fates.moves  # (state before, action) of each change seen
        self._last = game.state
        self._unobserve = game.observe(self._seen)

    def close(self) -> None:
        self._unobserve()
        self.board.close()

    def _seen(self, game: Any) -> None:
        self.moves.append((self._last, game.last_action))
        self._last = game.state

    def snapshot(self) -> Snapshot:
        game, board = self.game, self.board
        return Snapshot(timeline(game), game.turn, game.is_over, board.running, board.autoplay,
                        self.clock.pending(), board.seat, board.speed, board.message, board.error,
                        board.plays_now(), len(board.forks), board.revision)

    # -- events -------------------------------------------------------------------------------
    def event(self, kind: str) -> None:
        """One event of ``kind`` (its details drawn), the same change made on the twin from cells,
        then every check."""
        before = self.snapshot()
        self.moves.clear()
        self.fates.failures.clear()
        errors = len(self.clock.errors)
        reply, content, op = self._do(kind, before)
        where = f"after {kind} {content!r}"
        steps = list(self.moves)
        if op is not None:  # a change of the history, not a move
            assert len(steps) <= 1, f"{where}: one change of the history made {len(steps)}"
            steps = []
        self._replay(op, steps)
        failures = list(self.fates.failures)
        assert len(self.clock.errors) == errors, f"{where}: the board's tick raised {self.clock.errors[-1]!r}"
        self.check_shown(where)
        self.check_waiting(where)
        self.check_reply(where, reply)
        self.check_failures(where, failures, steps)
        self.check_pace(where, kind, content, reply, before, steps, failures)

    def _do(self, kind: str, before: Snapshot) -> tuple[dict | None, Any, tuple | None]:
        """Make the event happen: (the reply, what was sent or done, the history change made)."""
        draw, game = self.data.draw, self.game
        if kind in ("tick", "advice tick"):
            self.clock.run_next(self.clock.later if kind == "tick" else self.clock.soon)
            return None, None, None
        if kind == "cell":
            if game.is_over or draw(st.booleans(), label="the cell undoes"):
                game.undo()
                return None, "g.undo()", ("undo", None)
            action = nth_legal(game, draw(st.integers(0, 10**4), label="the cell's move"))
            game.step(action)
            return None, f"g.step({str(action)!r})", None
        content = self._content(kind)
        stale = kind == "stale"
        reply = self.page.send(content, revision=False if stale else None)
        if isinstance(content, dict) and not stale:
            content = {**content, "revision": before.revision}
        kind_sent = content.get("type") if isinstance(content, dict) else None
        op = (kind_sent, content.get("index")) if reply["ok"] and kind_sent in HISTORY else None
        return reply, content, op

    def _content(self, kind: str) -> Any:
        draw, game, board = self.data.draw, self.game, self.board
        n = len(game.players)
        if kind == "act":
            return {"type": "act", "action": self._action_text()}
        if kind in ("step", "undo", "redo", "run", "stop", "fork", "hello"):
            return {"type": kind}
        if kind == "goto":
            return {"type": "goto", "index": draw(st.integers(0, len(game) - 1), label="goto")}
        if kind == "enter":
            return {"type": "enter", "index": draw(st.integers(0, max(0, len(game.variations) - 1)))}
        if kind == "speed":
            return {"type": "speed", "speed": draw(st.sampled_from(list(SPEEDS)), label="speed")}
        if kind == "seat":
            return {"type": "seat", "seat": draw(st.sampled_from([None, *range(n)]), label="seat")}
        if kind == "advise":
            return {"type": "advise", "on": draw(st.booleans(), label="advice on")}
        if kind == "describe":
            return {"type": "describe", "index": draw(st.integers(0, len(game)), label="describe")}
        if kind == "stale":
            sent = draw(st.sampled_from(MOVES), label="stale kind")
            content = {"type": sent, "action": self._action_text(), "index": 0}
            revision = draw(st.sampled_from([board.revision - 1, board.revision - 3, board.revision + 1, "1",
                                             None]), label="stale revision")
            return content if revision is None else {**content, "revision": revision}
        assert kind == "junk"
        return draw(st.sampled_from([
            "hello", None, 5, ["act"], {}, {"type": "launch"}, {"type": 3}, {"type": ["act"]},
            {"type": "act", "action": 2}, {"type": "act", "action": "a" * 500}, {"type": "act"},
            {"type": "goto", "index": -1}, {"type": "goto", "index": "0"}, {"type": "goto", "index": 10**6},
            {"type": "enter", "index": -1}, {"type": "seat", "seat": n}, {"type": "seat", "seat": "1"},
            {"type": "speed", "speed": "warp"}, {"type": "describe", "index": -1},
            {"type": "advise", "on": "yes"},
        ]), label="junk")

    def _action_text(self) -> str:
        """A move for the seat the board plays for, mostly legal, else readable but maybe illegal."""
        draw, game = self.data.draw, self.game
        legal = self.board.legal
        if legal and draw(st.integers(0, 4), label="a legal move") > 0:
            index = draw(st.integers(0, 10**4), label="move")
            return str(next(islice(iter(legal), index % len(legal), None)))
        if self.on_tour:
            low, high = game.state.numbers
            return f"{low:02d} {draw(st.sampled_from(SPACES))}, {high:02d} {draw(st.sampled_from(SPACES))}"
        card = draw(st.sampled_from(list(CARDS)), label="card")
        form = draw(st.sampled_from(["play", "play on", "discard"]), label="form")
        target = f" on {draw(st.integers(0, len(game.players) - 1))}" if form == "play on" else ""
        return f"{form.split()[0]} {card}{target}"

    def _replay(self, op: tuple | None, steps: list[tuple[Any, Any]]) -> None:
        """The same change made from cells on the twin game."""
        twin = self.twin
        if op is None:
            for _before, action in steps:
                twin.step(action)
            return
        name, index = op
        if name in ("undo", "redo"):
            getattr(twin, name)()
        else:
            getattr(twin, name)(index)

    # -- checks ------------------------------------------------------------------------------
    def check_shown(self, where: str) -> None:
        """The game is the cells' game, and the board shows it as a fresh board would."""
        game, board = self.game, self.board
        assert timeline(game) == timeline(self.twin), f"{where}: the game is not the same moves' from cells"
        shown, waiting = fresh_state(board, game)
        mine = page_state(board)
        for name in shown:
            assert mine[name] == shown[name], f"{where}: the board's {name} is not its game's"
        if not board.running:
            assert board.waiting == waiting, f"{where}: the board waits for other than its game asks"

    def check_waiting(self, where: str) -> None:
        """Playing on means a move is due; a board that stopped says whom it waits for, or may move."""
        game, board = self.game, self.board
        due = self.clock.pending()
        assert board.running == (board.autoplay != ""), f"{where}: running and autoplay disagree"
        if board.running:
            assert len(due) == 1, f"{where}: the board says it plays on, but {len(due)} moves are due"
            assert not game.is_over and board.waiting == {}, f"{where}: it plays on, yet waits or ended"
            return
        assert not due, f"{where}: the board stopped, yet a move of its own is still due"
        if game.is_over:
            return
        turn = game.turn
        if board.waiting:
            text, button = board.waiting["text"].lower(), board.waiting["button"].lower()
            assert f"seat {turn} ({game.players[turn]})" in text, \
                f"{where}: the board waits for another seat than seat {turn}: {board.waiting}"
            assert f"seat {turn}" in button, f"{where}: the button goes on for another seat: {board.waiting}"
            return
        assert board.choices, f"{where}: the board waits silently (no move of its own, no word)"
        if not self.on_tour:
            assert game.players[turn] == "human" and board.seat in (None, turn), \
                f"{where}: seat {turn} ({game.players[turn]}) is to move and the board says nothing"

    def check_reply(self, where: str, reply: dict | None) -> None:
        """A refusal says why; a rule it names is a rule of the game."""
        board = self.board
        if board.rule:
            assert board.error and board.rule in self.rule_ids, f"{where}: no such rule {board.rule!r}"
        if reply is not None:
            assert reply["revision"] == board.revision, f"{where}: the reply names another revision"
            if not reply["ok"]:
                assert board.error and board.message and reply.get("message") == board.message, \
                    f"{where}: a refusal that does not say why"

    def check_failures(self, where: str, failures: list[tuple[int, str, int]], steps: list) -> None:
        """A bot that fails stops the board, nothing moves after it, and the board says so."""
        if not failures:
            return
        board, game = self.board, self.game
        seat, name, seen = failures[-1]
        assert seen == len(steps), f"{where}: the board moved on after seat {seat}'s {name} bot failed"
        assert not board.running and not self.clock.pending(), \
            f"{where}: the board plays on after seat {seat}'s {name} bot failed"
        assert board.error and board.message, f"{where}: seat {seat}'s {name} bot failed; the board is silent"
        if name == "raiser":
            assert BROKE in board.message, f"{where}: the board does not say what failed: {board.message!r}"
        else:
            assert board.rule, f"{where}: a bot without a move, and no rule named: {board.message!r}"
        if self.on_tour:
            assert not game.state.written[seat], f"{where}: the failing bot's writing was written"
        else:
            assert game.turn == seat, f"{where}: the failing seat is no longer to move"

    def check_pace(self, where: str, kind: str, content: Any, reply: dict | None, before: Snapshot,
                   steps: list, failures: list) -> None:
        """Who moved, how many times, and whether the board plays on, as promised for each event."""
        game, board, players = self.game, self.board, self.game.players
        movers = [mover(state, action) for state, action in steps]
        if kind == "cell":
            assert not board.running, f"{where}: a move from a cell did not stop automatic play"
            return
        if kind == "tick":
            if not before.pending:
                assert not steps, f"{where}: the board moved with no move due"
                return
            assert steps or failures, f"{where}: a move was due, and the board neither moved nor failed"
            answering = self.on_tour and before.autoplay == "bots"  # On Tour's bots answer in one go
            assert len(steps) <= 1 or board.speed == "instant" or answering, \
                f"{where}: one tick made {len(steps)} moves"
            if answering:
                self._check_on_tour_answer(where, steps, movers, failures)
            else:
                self._check_run(where, before.autoplay, movers, failures)
            return
        ok = reply is not None and reply["ok"]
        sent = content.get("type") if isinstance(content, dict) else None
        unchanged = (before.running, before.seat, before.speed, before.pending)
        if kind == "stale" or sent not in MOVES + LOCAL:
            assert not ok and not steps, f"{where}: a stale or unknown message was applied"
            assert (board.running, board.seat, board.speed, self.clock.pending()) == unchanged, \
                f"{where}: a stale or unknown message changed the board"
            assert kind != "stale" or "revision" in board.message or "moved on" in board.message, where
            return
        if sent in LOCAL:
            assert not steps, f"{where}: a {sent} message moved the game"
            if sent == "stop":
                assert not board.running, f"{where}: Stop did not stop"
                return
            assert (board.running, self.clock.pending()) == (before.running, before.pending), \
                f"{where}: a {sent} message changed whether the board plays on"
            if ok and sent in ("seat", "speed"):
                assert getattr(board, sent) == content[sent], f"{where}: the {sent} did not change"
            if ok and sent == "fork":
                assert len(board.forks) == before.forks + 1 and board.forks[-1].history == game.history, where
            if ok and sent == "advise":
                assert bool(board.advice) == content["on"], f"{where}: the advice is not {content['on']}"
            if ok and sent in ("hello", "describe"):
                assert (board.message, board.error) == (before.message, before.error), \
                    f"{where}: {sent} changed the message line"
            return
        if not ok:
            assert not steps and not board.running, f"{where}: a refused {sent} moved, or play went on"
            if sent == "act" and before.plays_now and isinstance(content.get("action"), str) \
                    and len(content["action"]) < 100:
                assert board.rule, f"{where}: a refused move names no rule: {board.message!r}"
            return
        if sent in HISTORY:
            assert not board.running, f"{where}: {sent} started moves by itself"
            return
        if sent == "run":
            # Instant too: the page has its click answered before the moves are made.
            assert not steps and board.running and board.autoplay == "end", \
                f"{where}: Play to end does not play on at the board's pace"
            return
        assert steps, f"{where}: an accepted {sent} moved nothing"
        if sent == "step":
            recorded = before.timeline[2][:1]
            assert movers[0] == before.turn or (self.on_tour and (steps[0][1],) == recorded), \
                f"{where}: Step moved seat {movers[0]}, not seat {before.turn} to move"
            if players[before.turn] != "human":
                assert len(steps) == 1 and not board.running, \
                    f"{where}: Step for a bot made {len(steps)} moves{' and plays on' * board.running}"
                return
        else:
            acting = before.seat if before.seat is not None else before.turn
            assert movers[0] == acting, f"{where}: the move was made for seat {movers[0]}, not {acting}"
            assert self.on_tour or str(steps[0][1]) == content["action"], f"{where}: another move was made"
        self._check_answer(where, steps, movers[1:], failures)

    def _check_answer(self, where: str, steps: list, answers: list[int], failures: list) -> None:
        """The bots' answer to a move made on the board."""
        game, board, players = self.game, self.board, self.game.players
        assert all(players[p] != "human" for p in answers), f"{where}: a human seat was moved by the answer"
        if not self.humans:
            assert not answers and not board.running, f"{where}: bots answered in a game without humans"
            return
        # The bots answer a tick later, at any speed: the page sees the move first.
        assert not answers, f"{where}: bots answered before the page had the move"
        if self.on_tour:
            state = game.state
            bots = [p for p in range(len(players)) if not state.written[p] and players[p] != "human"]
            assert board.running == bool(bots and not game.is_over), \
                f"{where}: the board {'writes on' if board.running else 'stopped'} with bots {bots} to write"
            return
        self._check_run(where, "bots", answers, failures)

    def _check_on_tour_answer(self, where: str, steps: list, answers: list[int], failures: list) -> None:
        """On Tour's bots, answering a writing: each bot still to write this turn writes once, at once."""
        game, board, players = self.game, self.board, self.game.players
        assert not board.running, f"{where}: On Tour's bots answer in one go, not at a pace"
        assert all(players[p] != "human" for p in answers), f"{where}: the answer wrote for a human seat"
        turns = [(seat, state.round) for seat, (state, _) in zip(answers, steps)]
        assert len(set(turns)) == len(turns), f"{where}: a bot wrote twice in a turn"
        if steps and not failures and not game.is_over and game.state.round == steps[0][0].round:
            waiting = [p for p in range(len(players)) if not game.state.written[p]]
            assert all(players[p] == "human" for p in waiting), \
                f"{where}: seats {waiting} have not written after the human"

    def _check_run(self, where: str, mode: str, movers: list[int], failures: list) -> None:
        """Moves the board made by itself: bots only when answering, and it plays on exactly while
        a seat it should move is to move (Play to end: any seat, until the end)."""
        game, board, players = self.game, self.board, self.game.players
        if mode == "bots":
            assert all(players[p] != "human" for p in movers), f"{where}: the bots' answer moved a human seat"
        if failures:
            return
        goes_on = not game.is_over and (mode == "end" or players[game.turn] != "human")
        assert board.running == goes_on, (
            f"{where}: the board {'plays on' if board.running else 'stopped'} ({mode}), yet seat "
            f"{game.turn} ({'-' if game.turn is None else players[game.turn]}) is to move")


@st.composite
def touring_games(draw: Any) -> tuple[list[str], Any, int]:
    """Touring's seats, rules and seed; the short trip, so that Play to end ends."""
    n = draw(st.integers(3, 6), label="seats")
    players = [draw(st.sampled_from(TOURING_SEATS)) for _ in range(n)]
    rules = dataclasses.replace(draw(touring_rules(n)), short_trip=True)
    return players, rules, draw(st.integers(0, 10**6), label="seed")


@st.composite
def on_tour_games(draw: Any) -> tuple[list[str], Any, int]:
    """On Tour's seats, rules and seed."""
    n = draw(st.integers(3, 6), label="seats")
    players = [draw(st.sampled_from(ON_TOUR_SEATS)) for _ in range(n)]
    return players, draw(on_tour_rules()), draw(st.integers(0, 10**6), label="seed")


@contextlib.contextmanager
def table_of(data: Any, cls: type, kind: tuple[list[str], Any, int], most: int,
             seat: int | str | None = "drawn", always: bool = False) -> Iterator[Table]:
    """A game of ``kind`` played up to ``most`` moves from cells, on a board (seat and speed drawn)
    whose event loop is the test's; the failing bots registered for the game's class meanwhile."""
    players, rules, seed = kind
    clock = Clock()
    loop = types.SimpleNamespace(get_running_loop=lambda: clock)
    with pytest.MonkeyPatch.context() as mp:
        fates = Fates(data, cls.policies["greedy"], always)
        for name in FAILING:
            mp.setitem(cls.policies, name, fates.policy(name))
        mp.setattr(protocol_module, "asyncio", loop)
        game = cls(players=players, seed=seed, rules=rules)
        greedy = cls.policies["greedy"]
        for ply in range(data.draw(st.integers(0, most), label="moves before")):
            if game.is_over:
                break
            chosen = data.draw(st.integers(-1, 10**4), label=f"move {ply} (-1: greedy's)")
            game.step(greedy(game.state, game.turn) if chosen < 0 else nth_legal(game, chosen))
        if seat == "drawn":
            humans = [p for p, name in enumerate(players) if name == "human"] or [None]
            seat = data.draw(st.sampled_from([None, *humans, *range(len(players))]), label="board seat")
        table = Table(data, game, seat, data.draw(st.sampled_from(list(SPEEDS)), label="speed"), clock, fates)
        try:
            yield table
        finally:
            table.close()


def play(data: Any, table: Table, events: int) -> None:
    """Events drawn one by one and checked, then the cells' game shown on a fresh board."""
    for _ in range(events):
        board = table.board
        table.event(data.draw(st.sampled_from(PLAYING if board.running else IDLE if board.choices
                                              else ELSEWHERE), label="event"))
    shown, _ = fresh_state(table.board, table.twin)
    assert page_state(table.board) == shown, "a fresh board on the cells' game shows another page"
    assert table.game.history == table.twin.history, "the cells' game has another history"


@settings(SETTINGS, max_examples=40)
@given(st.data(), touring_games())
def test_a_touring_board_keeps_its_protocol_while_it_plays_on(data: Any, kind: Any) -> None:
    """A Touring board of 3-6 seats answers every page message as promised while its bots play on."""
    with table_of(data, tw.Touring, kind, most=150) as table:
        play(data, table, events=40)


@settings(SETTINGS, max_examples=25)
@given(st.data(), on_tour_games())
def test_an_on_tour_board_keeps_its_protocol_while_it_plays_on(data: Any, kind: Any) -> None:
    """An On Tour board of 3-6 seats answers every page message as promised while its bots write."""
    with table_of(data, tw.OnTour, kind, most=60) as table:
        play(data, table, events=40)


@settings(SETTINGS, max_examples=10)
@given(st.data(), on_tour_games(), st.sampled_from(FAILING))
def test_an_on_tour_bot_that_fails_answering_a_writing_stops_and_says_so(data: Any, kind: Any,
                                                                      failing: str) -> None:
    """On Tour: a bot that fails while answering a human's writing keeps that writing, moves no one
    else, and the board says so."""
    players, rules, seed = kind
    with table_of(data, tw.OnTour, (["human", *players[1:-1], failing], rules, seed), most=0, seat=0,
                  always=True) as table:
        table.event("act")
