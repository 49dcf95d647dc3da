"""A board's protocol in plain Python: page messages in, the page's state and the answer out.

A ``BoardSession`` shows one game from one seat (``seat=None``: the teacher's view). It holds the
page's state (``state``: plain JSON under the names of ``STATE_KEYS``, plus a game's own), follows
its game whoever moves it, answers every page message (``receive``), paces its bots through a
scheduler and keeps its forks and advice; it starts new games (``rematch``, ``rematch.py``) and
exports its game for handouts (``export_text``, ``export_csv``, ``export.py``). A transport (the
anywidget ``Board``, or anything that carries JSON) mirrors ``state`` to the page through ``watch``
and sends back the replies.

A game's session subclasses it and supplies what its game knows: the legal choices as structured
data (``legal_choices``), marks for the page (``game_marks``), a move in words (``describe_move``),
its advice's figures (``advice_view``), how its turns run (``turns``) and any messages of its own
(``handlers``).

>>> from touring_widgets import Touring
>>> session = BoardSession(Touring(players=["human", "greedy"], seed=7), seat=0, speed="instant")
>>> session.receive({"type": "act", "action": "play go", "revision": session.revision})["ok"]
True
>>> reply = session.receive({"type": "undo", "revision": 0})
>>> reply["ok"], "moved on" in reply["message"]
(False, True)
"""

from __future__ import annotations

import contextlib
import itertools
import weakref
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from ..core.text import counted
from ..errors import IllegalAction
from . import protocol
from .advice import Advisor
from .export import Export
from .messages import HANDLERS, Messages
from .protocol import LOG_MOVES, STATE_KEYS, Handler, LoopScheduler, Refusal, Scheduler
from .rematch import Rematch
from .style import SPEEDS
from .turns import OneAfterAnother


def check_board(name: str, title: str, needs: tuple[str, ...], game: Any, seat: Any, speed: Any) -> None:
    """Raise TypeError for a game without ``needs`` and ValueError for a seat not in the game or
    a speed that is not one of ``SPEEDS`` (``name`` and ``title`` word the error)."""
    for attr in needs:
        if not hasattr(game, attr):
            raise TypeError(f"{name} needs a {title} game, got {type(game).__name__} without .{attr}")
    n = len(game.players)
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat must be None (show all) or a seat between 0 and {n - 1}, got {seat!r}")
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")


def starting_state(seat: int | None, speed: str) -> dict[str, Any]:
    """The page's state before the first look at the game."""
    return {"view": {}, "choices": [], "line": [], "log": [], "length": 0, "position": 0, "variations": [],
            "revision": 0, "seat": seat, "message": "", "error": False, "rule": "", "waiting": {},
            "marks": {}, "title": "", "gone": "", "speed": speed, "advice": {}, "running": False,
            "autoplay": ""}


class BoardSession(Messages, Rematch, Export):
    """The protocol of a live board of one game seen from one seat.

    Raises TypeError for a game without the shared game API and ValueError for a seat that is not
    in the game or a speed that is not one of ``SPEEDS``.
    """

    #: the game's name in messages ("TouringBoard needs a Touring game")
    game_title: ClassVar[str] = "game"
    #: how the board asks for a move of a seat it may play for, and says none can be made
    pick_words: ClassVar[str] = "pick one of its moves"
    over_words: ClassVar[str] = "no move can be made"
    #: what a board may still do once its game is over, said after the refusal of a move (a seat
    #: at a table cannot go back: its page says nothing more)
    after_end: ClassVar[str] = "Undo or go back in the history."
    #: how many deals the advice plays out for every move (``advise``)
    advice_deals: ClassVar[int] = 200
    #: what a game must offer for a board to show it
    needs: ClassVar[tuple[str, ...]] = (
        "view", "legal_actions", "observe", "step", "fork", "players", "why", "line", "turn",
    )
    #: how turns run: one seat after another, or every seat at once
    turns: ClassVar[Any] = OneAfterAnother()
    #: the game's own state for the page, with its starting values
    extra_state: ClassVar[dict[str, Any]] = {}
    #: how each type of page message is answered (a game's session extends the table)
    handlers: ClassVar[dict[str, Handler]] = HANDLERS
    #: whether the board is its user's own, on their machine: it may read and keep their personal
    #: records (a solo high-score table); the boards a table serves to others are not
    personal: ClassVar[bool] = True

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal",
                 scheduler: Scheduler | None = None, name: str | None = None,
                 owner: Callable[[], Any] | None = None, follows: bool = True) -> None:
        check_board(name or type(self).__name__, self.game_title, self.needs, game, seat, speed)
        self.game: Any = game
        #: whether the session hears of its game's changes itself; when False, whoever made it calls
        #: ``follow()`` after each change (a table does, on its server's thread)
        self.follows = follows
        #: what shows this session, if anything (a weak reference: call it), for hooks written there
        self.owner: Callable[[], Any] = owner or (lambda: None)
        #: the page's state: plain JSON the page draws from
        self.state: dict[str, Any] = {**starting_state(seat, speed),
                                      **{k: _fresh(v) for k, v in self.extra_state.items()}}
        #: where automatic moves and advice wait their turn
        self.scheduler: Scheduler = scheduler or LoopScheduler()
        #: games forked from this board, oldest first
        self.forks: list[Any] = []
        #: what a transport shows of a new fork: called with (fork, its index), returns what to say
        self.show_fork: Callable[[Any, int], str | None] | None = None
        self.advisor = Advisor(self, self.advice_deals)
        self._fork_callbacks: list[Callable[[Any], None]] = []
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._held = 0
        self._pending: dict[str, Any] = {}
        self._run_handle: Any = None
        self._run_expect: Any = None
        self._run_until_end = False
        self._own_step = False
        self._quiet = False
        self._stories: dict[int, tuple[Any, Any, str]] = {}
        self._variation_count = 0
        self._unobserve: Callable[[], None] | None = None
        #: every game this board has shown, oldest first: the one it shows now is the last
        self.games: list[Any] = [game]
        self._rematch_callbacks: list[Callable[[Any], None]] = []
        self.follow_game(game)
        self.refresh()

    def follow_game(self, game: Any) -> None:
        """Show ``game`` from now on, following its every change (and no longer the game shown
        before); the caller shows it (``refresh``)."""
        self._unfollow()
        self.game = game
        self._variation_count = len(getattr(game, "variations", ()))
        self._stories.clear()
        if not self.follows:
            return
        me = weakref.ref(self)

        def follow(_game: Any) -> None:
            session = me()
            if session is None:
                stop()
            else:
                session.follow()

        stop = game.observe(follow)
        self._unobserve = stop

    # -- the page's state ---------------------------------------------------------------------
    def watch(self, callback: Callable[[dict[str, Any]], None]) -> Callable[[], None]:
        """Call ``callback(changes)`` with every group of changes of ``state``; returns an unsubscribe."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def set(self, **changes: Any) -> None:
        """Change the page's state; watchers hear of it at the end of the outermost ``held()``."""
        for key, value in changes.items():
            if key not in self.state:
                raise KeyError(f"{type(self).__name__} has no state {key!r}")
            if self.state[key] != value or type(self.state[key]) is not type(value):
                self.state[key] = value
                self._pending[key] = value
        if not self._held:
            self._flush()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Changes made inside reach the watchers as one group."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self._flush()

    def _flush(self) -> None:
        pending, self._pending = self._pending, {}
        if pending:
            for callback in list(self._listeners):
                callback(pending)

    @contextlib.contextmanager
    def quiet(self) -> Iterator[None]:
        """Moves made inside are not shown one by one (the caller shows the result: ``follow``)."""
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    # -- what a game's session supplies -----------------------------------------------------------
    def legal_choices(self) -> list[dict[str, Any]]:
        """The legal moves of the seat to move as structured data, each with its ``action`` text."""
        return [{"action": str(a)} for a in self.game.legal_actions()]

    def game_marks(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """Game-specific marks for the page (the last move's place, why a card cannot be played)."""
        return {}

    def describe_move(self, before: Any, action: Any) -> dict[str, Any]:
        """A move in words as the viewing seat may know it: ``{"seat", "text"}``."""
        return {"seat": None, "text": str(action)}

    def advice_move(self, state: Any, action: Any) -> str:
        """A move as the advice's progress line names it (by default, its text)."""
        return str(action)

    def advice_view(self, search: Any) -> dict[str, Any]:
        """The figures the page draws, from a search in progress: by default each move's
        ``{"estimate", "low", "high", "n"}`` under its action text."""
        bounds = search.kit.bounds
        moves = {}
        for tally in search.tallies:
            if tally.n:
                low, high = tally.interval(bounds)
                moves[str(tally.action)] = {"estimate": tally.mean, "low": low, "high": high, "n": tally.n}
        return {"moves": moves}

    def shows(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """What the page shows of the game's current position (``choices``: the moves it may make)."""
        game = self.game
        return {"view": game.view(self.seat), "choices": choices, "line": game.line(self.seat),
                "length": len(game) - 1, "log": self.log_entries(), "position": game.position,
                "variations": self.variations_shown(), "marks": self.game_marks(choices)}

    def log_entries(self) -> list[dict[str, Any]]:
        """The move log: the last moves up to the cursor, oldest first."""
        game = self.game
        return self.entries(max(0, game.position - max(LOG_MOVES, 2 * len(game.players))))

    def waits_for(self, turn: int, who: str, human: bool) -> dict[str, str]:
        """What the board waits for while seat ``turn`` (named ``who``) is to move: ``{}`` when
        this board may play that move itself, else ``{"text", "button"}`` (the one click that goes on)."""
        if self.seat is None or self.seat == turn:  # this board may play for the seat to move
            if human:
                return {}
            return {"text": f"{who.capitalize()} is to move: {self.pick_words}, or let its policy "
                            f"play.", "button": f"▶ Seat {turn} plays"}
        if human:
            return {"text": f"Waiting for {who} to move on its own board (or g.step(...) in a cell); "
                            f"Step plays its policy's move.", "button": f"▶ Step for seat {turn}"}
        return {"text": f"{who.capitalize()} is to move: Step plays its move, Play to end plays on.",
                "button": f"▶ Seat {turn} plays"}

    def game_over(self, words: str, rule: str = "") -> Refusal:
        """The refusal of a move after the end: ``words`` say how it ended, then what this board
        may still do (``after_end``)."""
        return Refusal(f"The game is over: {words}.{' ' + self.after_end if self.after_end else ''}", rule)

    def not_now(self) -> Refusal:
        """Why this board may not move now (the game is over, or another seat is to move)."""
        game = self.game
        if game.is_over:
            return self.game_over(self.over_words)
        return Refusal(f"It is seat {game.turn}'s turn ({game.players[game.turn]}); this board plays "
                       f"for seat {self.seat}.")

    def read_action(self, action: str) -> str:
        """The action text a page's move stands for (a game may name the acting seat in it)."""
        return action

    # -- showing the game -------------------------------------------------------------------
    @property
    def legal(self) -> Any:
        """What this board may play now (action texts; ``in`` takes text)."""
        return self.turns.legal(self)

    def plays_now(self) -> bool:
        """Whether this board may move now (``turns`` says for which seat)."""
        return self.turns.plays_now(self)

    def acting_seat(self) -> int | None:
        """The seat a move made on this board is for."""
        return self.turns.acting_seat(self)

    def refresh(self) -> None:
        """Show the game's current position as one group of changes."""
        if self._quiet:
            return
        choices = self.legal_choices() if self.plays_now() else []
        with self.held():
            self.set(**self.shows(choices))
            self.set(waiting=self.waiting_now(), revision=self.revision + 1)
        if self.advisor.on:
            self.advisor.follow()

    def entries(self, first: int) -> list[dict[str, Any]]:
        """The log's entries for the moves after ``first`` up to the cursor, oldest first."""
        game = self.game
        moves = []
        for n, (before, action) in enumerate(game.moves(), start=1):
            if n > game.position:
                break
            if n > first:
                moves.append((n, before, action))
        afters = [before for _, before, _ in moves[1:]] + [game.state]
        return [{"n": n, **self.describe_move(before, action), "story": self.narrate(before, action, after)}
                for (n, before, action), after in zip(moves, afters)]

    def narrate(self, before: Any, action: Any, after: Any) -> str:
        """The sentence of one move as this board's seat may know it, citing its rule ids."""
        key = id(after)
        cached = self._stories.get(key)
        if cached is not None and cached[0] is after and cached[1] == self.seat:
            return cached[2]
        text = self.game._narrate(before, action, after, self.seat)
        if len(self._stories) > 256:
            self._stories.clear()
        self._stories[key] = (after, self.seat, text)
        return text

    @property
    def story(self) -> str:
        """The sentence of the move that made the current position, citing its rule ids ("" at
        the start): the page shows it in the message line when the board has nothing else to say."""
        log = self.state["log"]
        return log[-1]["story"] if log else ""

    def variations_shown(self) -> list[dict[str, Any]]:
        """The lines left behind at earlier positions, as the history strip lists them."""
        out = []
        for i, v in enumerate(getattr(self.game, "variations", ())):
            first = self.describe_move(v.at.state, v.actions[0])["text"] if v.actions else ""
            out.append({"index": i, "at": v.position, "moves": len(v.actions), "first": first})
        return out

    def who(self, seat: int) -> str:
        """A seat as the board names it: "seat 1 (greedy)"."""
        return f"seat {seat} ({self.game.players[seat]})"

    def waiting_now(self) -> dict[str, str]:
        """What the board waits for when nothing moves by itself, and the one click that goes on."""
        game = self.game
        if self.gone:
            return {"text": self.gone, "button": ""}
        if game.is_over or self.running:
            return {}
        turn = game.turn
        return self.waits_for(turn, self.who(turn), game.players[turn] == "human")

    def follow(self) -> None:
        """Called by the game after every change, whoever made it."""
        if self._quiet:
            return
        with self.held():
            self.refresh()
            count = len(getattr(self.game, "variations", ()))
            if count > self._variation_count:
                v = self.game.variations[-1]
                self.say(f"Another move at move {v.position + 1}: the line it replaced "
                         f"({counted(len(v.actions), 'move')}) is kept as variation {count}; click it under "
                         f"the history to go back.")
            elif self.error or (self.message and not self._own_step):
                self.say("")  # what was said is about an older position (bots answering keep it)
            self._variation_count = count
        if self._run_handle is not None and not self._own_step and self.game.state is not self._run_expect:
            self.stop_run()  # a cell (or another board) moved the game: automatic play ends

    def say(self, text: str, error: bool = False, rule: str = "") -> None:
        """Put ``text`` on the board's message line (a refusal when ``error``, citing ``rule``)."""
        self.set(message=text, error=error, rule=rule)

    def move_text(self, position: int) -> str:
        """Move ``position`` of the line in words."""
        for n, (before, action) in enumerate(self.game.moves(), start=1):
            if n == position:
                return self.describe_move(before, action)["text"]
        return ""

    def move_story(self, position: int) -> str:
        """The sentence of move ``position`` of the line (redo branch included)."""
        states = itertools.islice(self.game.states(), 1, None)
        for n, ((before, action), after) in enumerate(zip(self.game.moves(), states), start=1):
            if n == position:
                return self.narrate(before, action, after)
        return ""

    # -- forks ------------------------------------------------------------------------------
    def on_fork(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every game forked from this board; returns an unsubscribe."""
        if not callable(callback):
            raise TypeError("on_fork needs a callable taking the forked game")
        self._fork_callbacks.append(callback)
        return lambda: self._fork_callbacks.remove(callback) if callback in self._fork_callbacks else None

    def fork(self) -> Any:
        """Fork the game here: the fork is returned and kept in ``forks``; a transport may show it."""
        self.check_live()
        twin = self.game.fork()
        number = len(self.forks)
        self.forks.append(twin)
        said = self.show_fork(twin, number) if self.show_fork is not None else None
        self.say(said or f"Forked at move {twin.position}: forks[{number}] is a game of its own.")
        for callback in list(self._fork_callbacks):
            callback(twin)
        return twin

    # -- automatic play -------------------------------------------------------------------------
    def play_to_end(self, at_once: bool = False) -> None:
        """Let every seat move by its policy, one move at a time at this board's speed. At "instant"
        the moves start a tick later (the page first has its click answered), or now with
        ``at_once`` (a cell's call: its next line sees the end)."""
        self.check_live()
        self.start_run(until_end=True, at_once=at_once)

    def has_human(self) -> bool:
        """Whether a seat of the game is played by a human."""
        return "human" in self.game.players

    def start_run(self, until_end: bool, at_once: bool = False) -> None:
        """Play on by itself: the bots until a human is to move, or every seat to the end (at
        "instant" with ``at_once``: every move now)."""
        self.stop_run()
        if not self._wants_move(until_end):
            return
        self._run_until_end = until_end
        self._run_expect = self.game.state
        self.set(running=True, autoplay="end" if until_end else "bots", waiting={})
        if at_once and not SPEEDS[self.speed]:
            self._play_instantly()
        else:
            self._schedule()

    def answer_soon(self, answer: Callable[[], None]) -> None:
        """Run ``answer`` (the bots writing after a move made on the board) once the page has that
        move, shown as running meanwhile (Stop cancels it); at once when nothing can wait."""
        expect = self.game.state

        def run() -> None:
            with self.held():
                self.stop_run()
                if self.game is not None and self.game.state is expect:
                    answer()

        handle = self.scheduler.call_later(0, run)
        if handle is None:
            answer()
            return
        self._run_handle, self._run_expect = handle, expect
        self.set(running=True, autoplay="bots", waiting={})

    def _wants_move(self, until_end: bool) -> bool:
        game = self.game
        if game is None or game.is_over:
            return False
        return until_end or game.players[game.turn] != "human"

    def _schedule(self) -> None:
        handle = self.scheduler.call_later(SPEEDS[self.speed], self._tick)
        if handle is not None:
            self._run_handle = handle
            return
        self._play_instantly()  # nothing to wait on (plain Python): play on now

    def _play_instantly(self) -> None:
        """Every automatic move of the run now, shown as one change."""
        self._run_handle = True
        with self.held():
            for _ in range(protocol.INSTANT_MOST):
                if self._run_handle is None or not self._tick_once():
                    return
            self.stop_run()
            self.say(f"Paused after {protocol.INSTANT_MOST:,} moves without reaching the end: Play to end "
                     f"goes on.")

    def _tick(self) -> None:
        if self._run_handle is None:
            return
        if not SPEEDS[self.speed]:
            # Instant: the move that started the run reached the page a tick ago, before the bots thought.
            self._play_instantly()
        elif self._tick_once():
            self._schedule()

    def _tick_once(self) -> bool:
        """One automatic move; False (and the run ends) when there is nothing more to do."""
        game = self.game
        if game is None or game.state is not self._run_expect or not self._wants_move(self._run_until_end):
            self.stop_run()
            return False
        seat = game.turn
        self._own_step = True  # our own step is not an interruption
        try:
            game.step()
        except IllegalAction as exc:  # a policy that cannot move: stop and say so
            self.stop_run()
            self.say(str(exc), error=True, rule=exc.rule or "")
            return False
        except Exception as exc:  # a policy that fails: stop and say so (a loop would only log it)
            self.stop_run()
            self.say(f"{self.policy_failed(seat, exc)} Play stopped.", error=True)
            return False
        finally:
            self._own_step = False
        self._run_expect = game.state
        if not self._wants_move(self._run_until_end):
            self.stop_run()
            return False
        return True

    def policy_failed(self, seat: int, exc: Exception) -> str:
        """What the board says when seat ``seat``'s policy raised ``exc`` (the user's code, not ours)."""
        return (f"Seat {seat}'s policy ({self.game.players[seat]}) failed: {type(exc).__name__}: "
                f"{str(exc)[:200]}; nothing moved.")

    def stop_run(self) -> None:
        """End automatic play, if any."""
        handle, self._run_handle = self._run_handle, None
        if handle is not None and handle is not True:
            self.scheduler.cancel(handle)
        self._run_expect = None
        if self.running:
            with self.held():
                self.set(running=False, autoplay="")
                if self.game is not None and not self.gone:
                    self.set(waiting=self.waiting_now())

    # -- advice ------------------------------------------------------------------------------------
    def advise(self, on: bool = True, deals: int | None = None) -> None:
        """Show (or hide) what each move of the seat to move is worth, from ``deals`` re-dealt
        playouts of every move, updating as they come in; the kernel keeps answering meanwhile.
        Raises ValueError for a bad number of deals."""
        self.check_live()
        if on:
            self.advisor.start(deals)
        else:
            self.advisor.stop()

    # -- losing the game, closing -------------------------------------------------------------------
    def lose_game(self, reason: str) -> None:
        """Let go of the game: the board says why and refuses every move from now on."""
        if self.gone:
            return
        self.stop_run()
        self.advisor.stop()
        self._unfollow()
        self.game = None
        with self.held():
            self.set(gone=reason, choices=[], waiting={"text": reason, "button": ""})
            self.say(reason, error=True)
            self.set(revision=self.revision + 1)

    def close(self) -> None:
        """Stop playing on, stop the advice and stop following the game."""
        if self._run_handle is not None:
            self.stop_run()
        if self.advisor.on:
            self.advisor.on = False
            self.advisor.cancel()
        self._unfollow()

    def _unfollow(self) -> None:
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None


def _fresh(value: Any) -> Any:
    return type(value)(value) if isinstance(value, (dict, list)) else value


def _state_property(key: str) -> property:
    return property(lambda self: self.state[key], doc=f"The page's {key!r} (read-only: ``set`` changes it).")


for _key in STATE_KEYS:
    setattr(BoardSession, _key, _state_property(_key))
