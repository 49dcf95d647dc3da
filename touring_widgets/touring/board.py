"""The Touring board: a canvas widget you play by clicking, kept in step with its game.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
>>> board = g.board(seat=0)      # or just `g` as the last line of a cell

Every board observes its game: ``g.step()``, ``g.undo()`` or ``g.goto(3)`` in any cell redraw
every board showing ``g``, and a move made on any board is at once part of ``g``. Messages
from the page are untrusted: each is checked, refused with a reason in ``message`` when it is
malformed or stale, and the game is never half-changed.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..errors import IllegalAction
from .view import card_catalog

_HERE = Path(__file__).parent

#: Pause between automatic moves (seconds) for each speed setting.
SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}

#: The longest action text, and the longest message field, the board accepts from the page.
MAX_TEXT = 120

#: Page messages that change the game; each must carry the board's current revision.
_MOVES = ("act", "step", "undo", "redo", "goto", "run")
#: Page messages that only change this board (or make a new game) and need no revision.
_LOCAL = ("seat", "speed", "stop", "fork", "hello")


class TouringBoard(anywidget.AnyWidget):
    """A live board of a Touring game seen from one seat (``seat=None``: the teacher's view).

    Raises TypeError for a game without the timeline API and ValueError for a seat that is not
    in the game or a speed that is not one of ``SPEEDS``.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    # what the viewing seat may see: the game's view(seat) (T-VIEW)
    view = traitlets.Dict().tag(sync=True)
    # card id -> {"name", "kind"}, sent once
    cards = traitlets.Dict().tag(sync=True)
    # the action texts this board may play now (empty when the viewing seat is not to move)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # every move of the game's line as the viewing seat may know it, redo branch included
    line = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # where the game's cursor is on that line (0 = the deal)
    position = traitlets.Int(0).tag(sync=True)
    # bumps on every change of what is shown; an action from the page must name the current one
    revision = traitlets.Int(0).tag(sync=True)
    # the viewing seat, or None for the teacher's view that shows every hand
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    # the board's text line: what was refused and why, or what just happened
    message = traitlets.Unicode("").tag(sync=True)
    # whether `message` is a refusal
    error = traitlets.Bool(False).tag(sync=True)
    # pause between automatic moves: one of SPEEDS
    speed = traitlets.Enum(list(SPEEDS), default_value="normal").tag(sync=True)
    # whether bots (or "play to the end") are moving on their own right now
    running = traitlets.Bool(False).tag(sync=True)

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal", **kwargs: Any) -> None:
        for name in ("view", "legal_actions", "observe", "step", "fork", "players"):
            if not hasattr(game, name):
                raise TypeError(
                    f"TouringBoard needs a Touring game, got {type(game).__name__} without .{name}"
                )
        n = len(game.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be None (show all) or a seat between 0 and {n - 1}, got {seat!r}")
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
        super().__init__(seat=seat, speed=speed, **kwargs)
        self.game = game
        #: games forked from this board, oldest first
        self.forks: list[Any] = []
        #: boards showing those forks, under this one
        self.fork_boards: list[TouringBoard] = []
        self._fork_callbacks: list[Callable[[Any], None]] = []
        self._run_handle: Any = None
        self._run_expect: Any = None
        self._run_until_end = False
        self._own_step = False
        self._container: ipywidgets.VBox | None = None
        self._forks_box: ipywidgets.VBox | None = None
        me = weakref.ref(self)

        def follow(_game: Any) -> None:
            board = me()
            if board is None:
                stop()
            else:
                board._follow()

        stop = game.observe(follow)
        self._unobserve = stop
        self.cards = card_catalog()
        self.on_msg(self._on_page_message)
        self._refresh()

    # -- showing the game ---------------------------------------------------------------
    def _refresh(self) -> None:
        """Publish the game's current position in one grouped update."""
        game = self.game
        view = game.view(self.seat)
        turn = game.turn
        mine = not game.is_over and (self.seat is None or self.seat == turn)
        legal = [str(a) for a in game.legal_actions()] if mine else []
        line = game.line(self.seat)
        with self.hold_sync():
            self.view = view
            self.legal = legal
            self.line = line
            self.position = game.position
            self.revision += 1

    def _follow(self) -> None:
        """Called by the game after every change, whoever made it."""
        with self.hold_sync():
            self._refresh()
            if self.error:
                self._say("")  # an old refusal no longer applies to the new position
        if self._run_handle is not None and not self._own_step and self.game.state is not self._run_expect:
            self._stop_run()  # a cell (or another board) moved the game: automatic play ends

    def _say(self, text: str, error: bool = False) -> None:
        with self.hold_sync():
            self.message = text
            self.error = error

    # -- the mime bundle --------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live board (with room for forks under it), its picture and a line of text."""
        box = self._box()
        bundle = box._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        from .picture import svg

        view = dict(self.view)
        bundle["image/svg+xml"] = svg(view, self.cards)
        bundle["text/plain"] = self._text()
        return bundle

    def _text(self) -> str:
        v = self.view
        seat = "all hands" if self.seat is None else f"seat {self.seat}"
        if v.get("over"):
            won = v.get("winners") or []
            state = "over, " + (" & ".join(f"seat {s}" for s in won) + " won" if won else "no winner")
        else:
            state = f"seat {v.get('turn')} to move"
        return f"<TouringBoard {seat}: position {self.position} of {len(self.line)}, {state}>"

    def _box(self) -> ipywidgets.VBox:
        if self._container is None:
            self._forks_box = ipywidgets.VBox([])
            self._container = ipywidgets.VBox([self, self._forks_box])
            self._container.add_class("tw-touring-box")
        return self._container

    # -- forks ------------------------------------------------------------------------------
    def on_fork(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every game forked from this board; returns an unsubscribe."""
        if not callable(callback):
            raise TypeError("on_fork needs a callable taking the forked game")
        self._fork_callbacks.append(callback)
        return lambda: self._fork_callbacks.remove(callback) if callback in self._fork_callbacks else None

    def fork(self) -> Any:
        """Fork the game here: the fork is returned, kept in ``forks`` and shown under this board."""
        twin = self.game.fork()
        board = TouringBoard(twin, seat=self.seat, speed=self.speed)
        self.forks.append(twin)
        self.fork_boards.append(board)
        self._box()
        assert self._forks_box is not None
        self._forks_box.children = (*self._forks_box.children, board._box())
        number = len(self.forks) - 1
        self._say(f"Forked at position {twin.position}: the new board below is game forks[{number}].")
        for callback in list(self._fork_callbacks):
            callback(twin)
        return twin

    # -- automatic play -------------------------------------------------------------------------
    def play_to_end(self) -> None:
        """Let every seat move by its policy, one move at a time at this board's speed."""
        self._start_run(until_end=True)

    def _start_run(self, until_end: bool) -> None:
        self._stop_run()
        if not self._wants_move(until_end):
            return
        self._run_until_end = until_end
        self._run_expect = self.game.state
        self.running = True
        self._schedule()

    def _wants_move(self, until_end: bool) -> bool:
        game = self.game
        if game.is_over:
            return False
        return until_end or game.players[game.turn] != "human"

    def _schedule(self) -> None:
        delay = SPEEDS[self.speed]
        try:
            loop = asyncio.get_running_loop() if delay else None
        except RuntimeError:
            loop = None
        if loop is None:
            # Instant, or no event loop (plain Python): play the moves now, one refresh each.
            self._run_handle = True
            while self._run_handle is not None and self._tick_once():
                pass
            return
        self._run_handle = loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        if self._run_handle is None:
            return
        if self._tick_once():
            self._schedule()

    def _tick_once(self) -> bool:
        """One automatic move; False (and the run ends) when there is nothing more to do."""
        game = self.game
        if game.state is not self._run_expect or not self._wants_move(self._run_until_end):
            self._stop_run()
            return False
        self._own_step = True  # our own step is not an interruption
        try:
            game.step()
        except IllegalAction as exc:  # a policy that cannot move: stop and say so
            self._stop_run()
            self._say(str(exc), error=True)
            return False
        finally:
            self._own_step = False
        self._run_expect = game.state
        if not self._wants_move(self._run_until_end):
            self._stop_run()
            return False
        return True

    def _stop_run(self) -> None:
        handle, self._run_handle = self._run_handle, None
        if handle is not None and handle is not True:
            handle.cancel()
        self._run_expect = None
        self.running = False

    # -- messages from the page -------------------------------------------------------------------
    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Check one message from the page, act on it, and answer it (refusals in `message`).

        Everything the message changes reaches the page as one update, then the reply.
        """
        ok = True
        with self.hold_sync():
            try:
                self._say(self._handle(content) or "")
            except _Refused as exc:
                ok = False
                self._say(str(exc), error=True)
        self.send({"type": "reply", "ok": ok, "message": self.message, "revision": self.revision})

    def _handle(self, content: Any) -> str | None:
        if not isinstance(content, dict):
            raise _Refused("Refused a message that is not an object; nothing changed.")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in _MOVES + _LOCAL:
            plain = isinstance(kind, (str, int, float)) or kind is None
            shown = repr(kind)[:40] if plain else type(kind).__name__
            raise _Refused(f"Refused a message of unknown type {shown}; nothing changed.")
        if kind in _MOVES:
            revision = content.get("revision")
            if type(revision) is not int:
                raise _Refused(f"Refused {kind!r}: it carries no revision number; nothing changed.")
            if revision != self.revision:
                raise _Refused(
                    f"Refused {kind!r}: the board had moved on (sent at revision {revision}, now "
                    f"{self.revision}); nothing changed, look again and retry."
                )
            if kind != "run":
                self._stop_run()
        return getattr(self, f"_msg_{kind}")(content)

    def _msg_hello(self, content: dict[str, Any]) -> str | None:
        return None  # a view that just started: the traits already hold everything

    def _msg_act(self, content: dict[str, Any]) -> str | None:
        action = content.get("action")
        if not isinstance(action, str):
            raise _Refused(f"Refused an action that is not text ({type(action).__name__}); nothing changed.")
        if len(action) > MAX_TEXT:
            raise _Refused(f"Refused an action text of {len(action)} characters; nothing changed.")
        game = self.game
        if action not in self.legal:
            if game.is_over:
                raise _Refused("The game is over: no card can be played. Undo or go back in the history.")
            if self.seat is not None and self.seat != game.turn:
                raise _Refused(f"It is seat {game.turn}'s turn; this board plays for seat {self.seat}.")
            raise _Refused(self._why(action))
        try:
            game.step(action)
        except IllegalAction as exc:
            raise _Refused(self._why(action, exc)) from None
        self._start_run(until_end=False)
        return None

    def _why(self, action: str, exc: Exception | None = None) -> str:
        try:
            return str(self.game.why(action))
        except (IllegalAction, ValueError) as err:
            return str(exc or err)

    def _msg_step(self, content: dict[str, Any]) -> str | None:
        if self.game.is_over:
            raise _Refused("The game is over: there is no move to step.")
        try:
            self.game.step()
        except IllegalAction as exc:
            raise _Refused(str(exc)) from None
        return None

    def _msg_undo(self, content: dict[str, Any]) -> str | None:
        if not self.game.undo():
            raise _Refused("Nothing to undo: this is the deal.")
        return None

    def _msg_redo(self, content: dict[str, Any]) -> str | None:
        if not self.game.redo():
            raise _Refused("Nothing to redo.")
        return None

    def _msg_goto(self, content: dict[str, Any]) -> str | None:
        index = content.get("index")
        if type(index) is not int or not 0 <= index < len(self.game):
            last = len(self.game) - 1
            raise _Refused(f"Refused a history position that is not 0..{last}; nothing changed.")
        self.game.goto(index)
        return None

    def _msg_run(self, content: dict[str, Any]) -> str | None:
        if self.game.is_over:
            raise _Refused("The game is already over.")
        self.play_to_end()
        return None

    def _msg_stop(self, content: dict[str, Any]) -> str | None:
        self._stop_run()
        return "Stopped."

    def _msg_fork(self, content: dict[str, Any]) -> str | None:
        self.fork()
        return self.message

    def _msg_seat(self, content: dict[str, Any]) -> str | None:
        seat = content.get("seat")
        n = len(self.game.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise _Refused(f"Refused a seat that is not 0..{n - 1} or 'all'; nothing changed.")
        self.seat = seat
        self._refresh()
        return "Showing every hand (teacher's view)." if seat is None else f"Showing seat {seat}'s view."

    def _msg_speed(self, content: dict[str, Any]) -> str | None:
        speed = content.get("speed")
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise _Refused(f"Refused a speed that is not one of {', '.join(SPEEDS)}; nothing changed.")
        self.speed = speed
        return None

    # -- closing ------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop following the game and close this board, its forks' boards and its container."""
        if getattr(self, "_run_handle", None) is not None:
            self._stop_run()
        self._forget_file_watchers()
        unobserve = getattr(self, "_unobserve", None)
        if unobserve is not None:
            unobserve()
            self._unobserve = None
        for board in getattr(self, "fork_boards", []):
            board.close()
        container, self._container = getattr(self, "_container", None), None
        super().close()
        if container is not None:
            if self._forks_box is not None:
                self._forks_box.close()
            container.close()


    def _forget_file_watchers(self) -> None:
        # anywidget ties every instance to its _esm/_css files (for live reload) with a strong
        # reference; drop ours so a closed board can be collected.
        files = (k.__dict__.get(key) for k in type(self).__mro__ for key in ("_esm", "_css"))
        for contents in files:
            signal = getattr(contents, "changed", None)
            for slot in list(getattr(signal, "_slots", ())):
                callback = slot.dereference() if hasattr(slot, "dereference") else None
                cells = getattr(callback, "__closure__", None) or ()
                if any(getattr(cell, "cell_contents", None) is self for cell in cells):
                    signal.disconnect(callback)


class _Refused(Exception):
    """A page message the board turns down; the text is shown on the board."""
