"""The board every game shares: one anywidget class owning traits, messages, pacing and forks.

A game's board subclasses ``Board`` and supplies only what its game knows: the JavaScript
module that lays out, draws and hit-tests (``game_module``), its colours (``palette``), the
legal choices as structured data (``legal_choices``), marks for the page to draw
(``game_marks``), a move in words (``describe_move``) and a picture (``picture``). Everything
else is here, written once:

- traits: plain JSON the page draws from; one ``revision`` bumps on every change shown;
- messages from the page (``act``, ``step``, ``undo``, ``redo``, ``goto``, ``enter``, ``run``,
  ``stop``, ``fork``, ``seat``, ``speed``, ``hello``, ``describe``): untrusted, each checked and
  answered; a refused one changes nothing and says why; a game-changing one must carry the
  current revision;
- bot pacing, forks, the history and its variations, ``close()``;
- the picture a notebook keeps without a kernel.

The page side is ``shell.js`` (toolbar, message line, move log, history strip, HiDPI, theme,
keys, cleanup) composed with the game's module into one ES module: no bundler.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import sys
import uuid
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets

from ..errors import IllegalAction
from .advice import Advisor
from .style import COLOURS, SPEEDS

_HERE = Path(__file__).parent

#: The longest action text, and the longest text field, the board accepts from the page.
MAX_TEXT = 120

#: Page messages that change the game; each must carry the board's current revision.
MOVES = ("act", "step", "undo", "redo", "goto", "enter", "run")
#: Page messages that only change this board, make a new game, or ask; no revision needed.
LOCAL = ("seat", "speed", "stop", "fork", "hello", "describe", "advise")

#: How many moves the move log keeps: at least this many, or two rounds of every seat.
LOG_MOVES = 6
#: At "instant" the moves of a run are made in one go, the kernel busy meanwhile: a run that does not
#: end (a table of bots can delay each other for ever) pauses after this many.
INSTANT_MOST = 2_000

_UNCHANGED = object()  # a handler's answer that leaves the board's message as it was


def compose_esm(game_module: str, config: dict[str, Any]) -> str:
    """One ES module for the page: the shared config, the shell, then the game's module.

    The shell holds the only ``export default``; the game module exports ``GAME`` and its pure
    functions (which Node imports on their own in the tests).
    """
    shell = (_HERE / "shell.js").read_text(encoding="utf-8")
    head = "// composed by touring_widgets.widgets.base: config, shell.js, the game's module\n"
    return f"{head}const CONFIG = {json.dumps(config, sort_keys=True)};\n{shell}\n{game_module}\n"


def compose_css(game_css: str) -> str:
    """The shell's stylesheet followed by the game's."""
    return (_HERE / "shell.css").read_text(encoding="utf-8") + "\n" + game_css


class Board(anywidget.AnyWidget):
    """A live board of one game seen from one seat (``seat=None``: the teacher's view).

    Raises TypeError for a game without the shared game API and ValueError for a seat that is
    not in the game or a speed that is not one of ``SPEEDS``.
    """

    #: the game's name in messages ("TouringBoard needs a Touring game")
    game_title: ClassVar[str] = "game"
    #: the game's JavaScript module (layout, drawing, hit-testing, keys) and stylesheet
    game_module: ClassVar[Path | None] = None
    game_css: ClassVar[Path | None] = None
    #: the game's own colours, sent to the page with the shared ones
    palette: ClassVar[dict[str, Any]] = {}
    #: how many deals the advice plays out for every move (``advise``)
    advice_deals: ClassVar[int] = 200
    #: what a game must offer for a board to show it
    needs: ClassVar[tuple[str, ...]] = (
        "view", "legal_actions", "observe", "step", "fork", "players", "why", "line", "turn",
    )

    # what the viewing seat may see: the game's view(seat)
    view = traitlets.Dict().tag(sync=True)
    # the moves this board may make now, as structured data (each has its "action" text to send)
    choices = traitlets.List(traitlets.Dict()).tag(sync=True)
    # every move of the game's line as the viewing seat may know it, redo branch included
    line = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # the last moves up to the cursor, newest last: {"n": move number, "seat", "text" in words,
    # "story": the move's sentence citing its rule ids}
    log = traitlets.List(traitlets.Dict()).tag(sync=True)
    # how many moves that line holds (a board may leave `line` empty and send the words on hover)
    length = traitlets.Int(0).tag(sync=True)
    # where the game's cursor is on that line (0 = the start)
    position = traitlets.Int(0).tag(sync=True)
    # the lines left behind at earlier positions: {"index", "at", "moves", "first" in words}
    variations = traitlets.List(traitlets.Dict()).tag(sync=True)
    # bumps on every change of what is shown; a game-changing message must name the current one
    revision = traitlets.Int(0).tag(sync=True)
    # the viewing seat, or None for the teacher's view that shows every hand
    seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    # the board's text line: what was refused and why, or what just happened
    message = traitlets.Unicode("").tag(sync=True)
    # whether `message` is a refusal
    error = traitlets.Bool(False).tag(sync=True)
    # the id of the rule behind `message` ("" when none)
    rule = traitlets.Unicode("").tag(sync=True)
    # what the board waits for when nothing moves: {"text", "button"} ({} while play goes on)
    waiting = traitlets.Dict().tag(sync=True)
    # game-specific marks for the page to draw (the last move's place, cards that cannot be played)
    marks = traitlets.Dict().tag(sync=True)
    # a caption above the board (a fork says whose fork it is and from which move)
    title = traitlets.Unicode("").tag(sync=True)
    # why this board no longer has a game in the kernel ("" while it has one)
    gone = traitlets.Unicode("").tag(sync=True)
    # pause between automatic moves: one of SPEEDS
    speed = traitlets.Enum(list(SPEEDS), default_value="normal").tag(sync=True)
    # what each move of the seat to move is worth, as playouts come in ({} while advice is off):
    # {"on", "seat", "kind", "deals", "target", "playouts", "done", "text", "revision": the position
    # it is about} and the game's figures
    advice = traitlets.Dict().tag(sync=True)
    # whether bots (or "play to the end") are moving on their own right now
    running = traitlets.Bool(False).tag(sync=True)
    # what moves by itself now: "" (nothing), "bots" (bots answering a move), "end" (play to the end)
    autoplay = traitlets.Unicode("").tag(sync=True)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("game_module") is not None:
            config = {"speeds": SPEEDS, "colours": COLOURS, "palette": cls.palette}
            cls._esm = compose_esm(cls.game_module.read_text(encoding="utf-8"), config)
            game_css = cls.game_css.read_text(encoding="utf-8") if cls.game_css else ""
            cls._css = compose_css(game_css)

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal", **kwargs: Any) -> None:
        name = type(self).__name__
        for attr in self.needs:
            if not hasattr(game, attr):
                raise TypeError(
                    f"{name} needs a {self.game_title} game, got {type(game).__name__} without .{attr}"
                )
        n = len(game.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be None (show all) or a seat between 0 and {n - 1}, got {seat!r}")
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
        super().__init__(seat=seat, speed=speed, **kwargs)
        self.game: Any = game
        #: games forked from this board, oldest first
        self.forks: list[Any] = []
        #: boards showing those forks, under this one
        self.fork_boards: list[Board] = []
        self._fork_callbacks: list[Callable[[Any], None]] = []
        self._run_handle: Any = None
        self._run_expect: Any = None
        self._run_until_end = False
        self._own_step = False
        self._stories: dict[int, tuple[Any, Any, str]] = {}
        self._advisor = Advisor(self, self.advice_deals)
        self._container: ipywidgets.VBox | None = None
        self._forks_box: ipywidgets.VBox | None = None
        self._variation_count = len(getattr(game, "variations", ()))
        #: cells (by id) whose output shows this board, and its picture's display id
        self._cells: set[str] = set()
        self._picture_id: str | None = None
        self._pictured = ""
        me = weakref.ref(self)

        def follow(_game: Any) -> None:
            board = me()
            if board is None:
                stop()
            else:
                board._follow()

        stop = game.observe(follow)
        self._unobserve: Callable[[], None] | None = stop
        self.on_msg(self._on_page_message)
        self._refresh()

    # -- what a game's board supplies ---------------------------------------------------------
    def legal_choices(self) -> list[dict[str, Any]]:
        """The legal moves of the seat to move as structured data, each with its ``action`` text."""
        return [{"action": str(a)} for a in self.game.legal_actions()]

    def game_marks(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """Game-specific marks for the page (the last move's place, why a card cannot be played)."""
        return {}

    def describe_move(self, before: Any, action: Any) -> dict[str, Any]:
        """A move in words as the viewing seat may know it: ``{"seat", "text"}``."""
        return {"seat": None, "text": str(action)}

    def picture(self) -> str:
        """An SVG picture of what this board shows, for notebooks without a kernel."""
        raise NotImplementedError

    # -- showing the game -------------------------------------------------------------------
    @property
    def legal(self) -> list[str]:
        """The action texts of ``choices``: what this board may play now."""
        return [c["action"] for c in self.choices]

    def plays_now(self) -> bool:
        """Whether this board may move for the seat to move (its own seat, or any in the teacher's view)."""
        game = self.game
        return not game.is_over and (self.seat is None or self.seat == game.turn)

    def _refresh(self) -> None:
        """Publish the game's current position in one grouped update."""
        game = self.game
        choices = self.legal_choices() if self.plays_now() else []
        with self.hold_sync():
            self.view = game.view(self.seat)
            self.choices = choices
            self.line = game.line(self.seat)
            self.length = len(game) - 1
            self.log = self._log()
            self.position = game.position
            self.variations = self._variations()
            self.marks = self.game_marks(choices)
            self.waiting = self._waiting()
            self.revision += 1
        if self._advisor.on:
            self._advisor.follow()

    def _log(self) -> list[dict[str, Any]]:
        game = self.game
        return self._entries(max(0, game.position - max(LOG_MOVES, 2 * len(game.players))))

    def _entries(self, first: int) -> list[dict[str, Any]]:
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
        return self.log[-1]["story"] if self.log else ""

    def _variations(self) -> list[dict[str, Any]]:
        out = []
        for i, v in enumerate(getattr(self.game, "variations", ())):
            first = self.describe_move(v.at.state, v.actions[0])["text"] if v.actions else ""
            out.append({"index": i, "at": v.position, "moves": len(v.actions), "first": first})
        return out

    def _who(self, seat: int) -> str:
        return f"seat {seat} ({self.game.players[seat]})"

    def _waiting(self) -> dict[str, str]:
        """What the board waits for when nothing moves by itself, and the one click that goes on."""
        game = self.game
        if self.gone:
            return {"text": self.gone, "button": ""}
        if game.is_over or self.running:
            return {}
        turn = game.turn
        return self._waits_for(turn, self._who(turn), game.players[turn] == "human")

    def _waits_for(self, turn: int, who: str, human: bool) -> dict[str, str]:
        """``_waiting`` in the game's words, while seat ``turn`` (named ``who``) is to move."""
        if self.seat is None or self.seat == turn:  # this board may play for the seat to move
            if human:
                return {}
            return {"text": f"{who.capitalize()} is to move: pick one of its cards, or let its policy "
                            f"play.", "button": f"▶ Seat {turn} plays"}
        if human:
            return {"text": f"Waiting for {who} to move on its own board (or g.step(...) in a cell); "
                            f"Step plays its policy's move.", "button": f"▶ Step for seat {turn}"}
        return {"text": f"{who.capitalize()} is to move: Step plays its move, Play to end plays on.",
                "button": f"▶ Seat {turn} plays"}

    def _follow(self) -> None:
        """Called by the game after every change, whoever made it."""
        with self.hold_sync():
            self._refresh()
            count = len(getattr(self.game, "variations", ()))
            if count > self._variation_count:
                v = self.game.variations[-1]
                self._say(f"Another move at move {v.position + 1}: the line it replaced ({len(v.actions)} "
                          f"moves) is kept as variation {count}; click it under the history to go back.")
            elif self.error or (self.message and not self._own_step):
                self._say("")  # what was said is about an older position (bots answering keep it)
            self._variation_count = count
        if self._run_handle is not None and not self._own_step and self.game.state is not self._run_expect:
            self._stop_run()  # a cell (or another board) moved the game: automatic play ends

    def _say(self, text: str, error: bool = False, rule: str = "") -> None:
        with self.hold_sync():
            self.message = text
            self.error = error
            self.rule = rule

    def _text(self) -> str:
        v = self.view
        seat = "all hands" if self.seat is None else f"seat {self.seat}"
        if self.gone:
            state = "its game is gone"
        elif v.get("over"):
            won = v.get("winners") or []
            state = "over, " + (" & ".join(f"seat {s}" for s in won) + " won" if won else "no winner")
        else:
            state = f"seat {v.get('turn')} to move"
        return f"<{type(self).__name__} {seat}: position {self.position} of {self.length}, {state}>"

    # -- the mime bundle and the picture ----------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live board (with room for forks under it) and a line of text.

        In a kernel, the picture goes out as an output of its own just before, refreshed after every
        cell that moves the game; elsewhere it is part of this bundle.
        """
        box = self._box()
        bundle = box._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        if not DISPLAYS.show(self):
            bundle["image/svg+xml"] = self.picture()
        bundle["text/plain"] = self._text()
        return bundle

    def picture_html(self) -> str:
        """The picture output: this board's picture and its forks', in a ``tw-picture`` block.

        A live board's stylesheet hides the block next to it; without a kernel it is what shows.
        """
        parts = [self.picture()]
        for board in self.fork_boards:
            if not board.gone:
                parts.append(board.picture())
        inner = "".join(f'<div style="margin:4px 0">{p}</div>' for p in parts)
        return f'<div class="tw-picture">{inner}</div>'

    def _picture_bundle(self) -> dict[str, str]:
        return {"text/html": self.picture_html(), "text/plain": self._text()}

    def _publish_picture(self) -> None:
        from IPython.display import display

        if self._picture_id is None:
            self._picture_id = f"tw-board-{uuid.uuid4().hex}"
        bundle = self._picture_bundle()
        display(bundle, raw=True, display_id=self._picture_id)
        self._pictured = bundle["text/html"]

    def refresh_picture(self) -> bool:
        """Re-publish the picture output if the position changed since; True when it did."""
        if self._picture_id is None or self.gone or self.comm is None:
            return False
        bundle = self._picture_bundle()
        if bundle["text/html"] == self._pictured:
            return False
        from IPython.display import update_display

        update_display(bundle, raw=True, display_id=self._picture_id)
        self._pictured = bundle["text/html"]
        return True

    def _box(self) -> ipywidgets.VBox:
        if self._container is None:
            self._forks_box = ipywidgets.VBox([])
            self._container = ipywidgets.VBox([self, self._forks_box])
            self._container.add_class("tw-board-box")
        return self._container

    # -- forks ------------------------------------------------------------------------------
    def on_fork(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every game forked from this board; returns an unsubscribe."""
        if not callable(callback):
            raise TypeError("on_fork needs a callable taking the forked game")
        self._fork_callbacks.append(callback)
        return lambda: self._fork_callbacks.remove(callback) if callback in self._fork_callbacks else None

    def fork(self) -> Any:
        """Fork the game here: the fork is returned, kept in ``forks`` and shown under this board
        (in marimo, which shows only what a cell returns, the board says how to show it)."""
        self._check_live()
        twin = self.game.fork()
        number = len(self.forks)
        self.forks.append(twin)
        if in_marimo():  # (and marimo cannot make a widget outside a cell, as in a page's message)
            self._say(f"Forked at move {twin.position}: forks[{number}] is a game of its own. To see its "
                      f"board, return mo.ui.anywidget(this board's forks[{number}].board()) from a cell.")
        else:
            board = type(self)(twin, seat=self.seat, speed=self.speed)
            origin = "the board above" if not self.title else self.title.split(":")[0].lower()
            board.title = (f"Fork {number + 1}: forks[{number}] of {origin}, from move {twin.position} "
                           f"({'the start' if twin.position == 0 else self._move_text(twin.position)})")
            self.fork_boards.append(board)
            self._box()
            assert self._forks_box is not None
            self._forks_box.children = (*self._forks_box.children, board._box())
            self._say(f"Forked at move {twin.position}: the new board below is forks[{number}].")
        for callback in list(self._fork_callbacks):
            callback(twin)
        return twin

    def _move_text(self, position: int) -> str:
        for n, (before, action) in enumerate(self.game.moves(), start=1):
            if n == position:
                return self.describe_move(before, action)["text"]
        return ""

    def _move_story(self, position: int) -> str:
        """The sentence of move ``position`` of the line (redo branch included)."""
        states = itertools.islice(self.game.states(), 1, None)
        for n, ((before, action), after) in enumerate(zip(self.game.moves(), states), start=1):
            if n == position:
                return self.narrate(before, action, after)
        return ""

    # -- automatic play -------------------------------------------------------------------------
    def play_to_end(self) -> None:
        """Let every seat move by its policy, one move at a time at this board's speed."""
        self._check_live()
        self._start_run(until_end=True)

    def _has_human(self) -> bool:
        return "human" in self.game.players

    def _answer_bots(self) -> None:
        """After a move made on this board: bot seats answer by themselves until a human is to move.

        A game without human seats moves only when asked (Step, Play to end).
        """
        if self._has_human():
            self._start_run(until_end=False)

    def _start_run(self, until_end: bool) -> None:
        self._stop_run()
        if not self._wants_move(until_end):
            return
        self._run_until_end = until_end
        self._run_expect = self.game.state
        with self.hold_sync():
            self.running = True
            self.autoplay = "end" if until_end else "bots"
            self.waiting = {}
        self._schedule()

    def _wants_move(self, until_end: bool) -> bool:
        game = self.game
        if game is None or game.is_over:
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
            for _ in range(INSTANT_MOST):
                if self._run_handle is None or not self._tick_once():
                    return
            self._stop_run()
            self._say(f"Paused after {INSTANT_MOST:,} moves without reaching the end: Play to end goes on.")
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
        if game is None or game.state is not self._run_expect or not self._wants_move(self._run_until_end):
            self._stop_run()
            return False
        seat = game.turn
        self._own_step = True  # our own step is not an interruption
        try:
            game.step()
        except IllegalAction as exc:  # a policy that cannot move: stop and say so
            self._stop_run()
            self._say(str(exc), error=True, rule=exc.rule or "")
            return False
        except Exception as exc:  # a policy that fails: stop and say so (a loop would only log it)
            self._stop_run()
            self._say(f"{self._policy_failed(seat, exc)} Play stopped.", error=True)
            return False
        finally:
            self._own_step = False
        self._run_expect = game.state
        if not self._wants_move(self._run_until_end):
            self._stop_run()
            return False
        return True

    def _policy_failed(self, seat: int, exc: Exception) -> str:
        """What the board says when seat ``seat``'s policy raised ``exc`` (the user's code, not ours)."""
        return (f"Seat {seat}'s policy ({self.game.players[seat]}) failed: {type(exc).__name__}: "
                f"{str(exc)[:200]}; nothing moved.")

    def _stop_run(self) -> None:
        handle, self._run_handle = self._run_handle, None
        if handle is not None and handle is not True:
            handle.cancel()
        self._run_expect = None
        if self.running:
            with self.hold_sync():
                self.running = False
                self.autoplay = ""
                if self.game is not None and not self.gone:
                    self.waiting = self._waiting()

    # -- messages from the page -------------------------------------------------------------------
    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Check one message from the page, act on it, and answer it (refusals in `message`).

        Everything the message changes reaches the page as one update, then the reply.
        """
        ok = True
        extra: dict[str, Any] = {}
        with self.hold_sync():
            try:
                said = self._handle(content)
                if isinstance(said, dict):
                    extra = said
                elif isinstance(said, str):
                    self._say(said)
            except _Refused as exc:
                ok = False
                self._say(str(exc), error=True, rule=exc.rule)
            except Exception as exc:  # a fault of ours: say so on the board, never leave it waiting
                ok = False
                kind = content.get("type") if isinstance(content, dict) else None
                self._recover()
                self._say(f"The kernel failed to do {str(kind)[:40]!r}: {type(exc).__name__}: "
                          f"{str(exc)[:200]}. This is a fault of touring_widgets; please report it.",
                          error=True)
        said = {"message": self.message} if self.message else {}  # an empty line is not sent
        self.send({"type": "reply", "ok": ok, **said, "revision": self.revision, **extra})

    def _recover(self) -> None:
        """After a fault: nothing plays on, and the board shows its game as it now is."""
        self._stop_run()
        if self.game is not None and not self.gone:
            with contextlib.suppress(Exception):  # the fault is said on the board all the same
                self._refresh()

    def _handle(self, content: Any) -> Any:
        if not isinstance(content, dict):
            raise _Refused("Refused a message that is not an object; nothing changed.")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in MOVES + LOCAL:
            plain = isinstance(kind, (str, int, float)) or kind is None
            shown = repr(kind)[:40] if plain else type(kind).__name__
            raise _Refused(f"Refused a message of unknown type {shown}; nothing changed.")
        if kind == "hello":
            return _UNCHANGED  # a view that just started: the traits already hold everything
        self._check_live()
        if kind in MOVES:
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
        if kind != "describe":
            self._say("")  # what the board said before no longer applies; the handler may say more
        return getattr(self, f"_msg_{kind}")(content)

    def _check_live(self) -> None:
        if self.gone:
            raise _Refused(self.gone)

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
                raise _Refused(f"It is seat {game.turn}'s turn ({game.players[game.turn]}); this board plays "
                               f"for seat {self.seat}.")
            raise self._refusal(action)
        try:
            game.step(action)
        except IllegalAction as exc:  # listed, yet refused when played: the engine's own words
            raise _Refused(str(exc), exc.rule or "") from None
        self._answer_bots()
        return None

    def _refusal(self, action: str) -> _Refused:
        """The game's verdict on an action it does not list, or its error when it cannot judge."""
        try:
            verdict = self.game.why(action)
        except ValueError as err:  # IllegalAction included
            return _Refused(str(err), getattr(err, "rule", None) or "")
        return _Refused(str(verdict), verdict.rule)

    def _msg_step(self, content: dict[str, Any]) -> str | None:
        game = self.game
        if game.is_over:
            raise _Refused("The game is over: there is no move to step.")
        seat = game.turn
        human = game.players[seat] == "human"
        try:
            game.step()
        except IllegalAction as exc:
            raise _Refused(str(exc), exc.rule or "") from None
        except Exception as exc:  # the seat's policy failed: the user's code, not a fault of ours
            raise _Refused(self._policy_failed(seat, exc)) from None
        if human:
            self._answer_bots()  # a human seat's move, made by its policy: the bots answer it
        return None

    def _msg_undo(self, content: dict[str, Any]) -> str | None:
        if not self.game.undo():
            raise _Refused("Nothing to undo: this is the start.")
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

    def _msg_enter(self, content: dict[str, Any]) -> str | None:
        index = content.get("index")
        count = len(getattr(self.game, "variations", ()))
        if type(index) is not int or not 0 <= index < count:
            raise _Refused(f"Refused a variation that is not 0..{count - 1}; nothing changed.")
        self.enter(index)
        return self.message

    def enter(self, index: int) -> None:
        """Make variation ``index`` the game's line again (``game.enter``), and say so."""
        self._check_live()
        variation = self.game.variations[index]
        at = variation.position
        self._variation_count = len(self.game.variations)  # the line it replaces is kept: not news
        self.game.enter(index)
        self._variation_count = len(self.game.variations)
        kept = " (the line you left is kept as a variation)" if self.game.variations else ""
        self._say(f"Back on the line that went on from move {at}{kept}.")

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

    def _msg_advise(self, content: dict[str, Any]) -> str | None:
        on = content.get("on")
        if type(on) is not bool:
            raise _Refused("Refused advice that is not on (true) or off (false); nothing changed.")
        self.advise(on)
        return None

    # -- advice ------------------------------------------------------------------------------------
    def advise(self, on: bool = True, deals: int | None = None) -> None:
        """Show (or hide) what each move of the seat to move is worth, from ``deals`` re-dealt
        playouts of every move (``lab.advise``), updating as they come in; the kernel keeps
        answering meanwhile. Raises ValueError for a bad number of deals."""
        self._check_live()
        if on:
            self._advisor.start(deals)
        else:
            self._advisor.stop()

    def advice_move(self, state: Any, action: Any) -> str:
        """A move as the advice's progress line names it (by default, its text)."""
        return str(action)

    def advice_view(self, search: Any) -> dict[str, Any]:
        """The figures the page draws, from a search in progress: by default each move's
        ``{"estimate", "low", "high", "n"}`` under its action text."""
        bounds = search.kit.BOUNDS
        moves = {}
        for tally in search.tallies:
            if tally.n:
                low, high = tally.interval(bounds)
                moves[str(tally.action)] = {"estimate": tally.mean, "low": low, "high": high, "n": tally.n}
        return {"moves": moves}

    def _msg_speed(self, content: dict[str, Any]) -> str | None:
        speed = content.get("speed")
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise _Refused(f"Refused a speed that is not one of {', '.join(SPEEDS)}; nothing changed.")
        self.speed = speed
        return None

    def _msg_describe(self, content: dict[str, Any]) -> dict[str, Any]:
        """A move of the line in words, for the history strip's hover text."""
        index = content.get("index")
        line = len(self.game) - 1
        if type(index) is not int or not 1 <= index <= line:
            raise _Refused(f"Refused a move number that is not 1..{line}; nothing changed.")
        return {"index": index, "text": f"Move {index}: {self._move_story(index)}"}

    # -- losing the game ----------------------------------------------------------------------------
    def lose_game(self, reason: str) -> None:
        """Let go of the game: the board says why and refuses every move from now on."""
        if self.gone:
            return
        self._stop_run()
        self._advisor.stop()
        if self._unobserve is not None:
            self._unobserve()
            self._unobserve = None
        self.game = None
        with self.hold_sync():
            self.gone = reason
            self.choices = []
            self.waiting = {"text": reason, "button": ""}
            self._say(reason, error=True)
            self.revision += 1
        for board in self.fork_boards:
            if not board._cells:
                board.lose_game("This fork's board lost its game with the board above: " + reason)

    # -- closing ------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop following the game and close this board, its forks' boards and its container."""
        if getattr(self, "_run_handle", None) is not None:
            self._stop_run()
        advisor = getattr(self, "_advisor", None)
        if advisor is not None and advisor.on:
            advisor.on = False
            advisor._cancel()
        unobserve = getattr(self, "_unobserve", None)
        if unobserve is not None:
            unobserve()
            self._unobserve = None
        DISPLAYS.forget(self)
        for board in getattr(self, "fork_boards", []):
            board.close()
        container, self._container = getattr(self, "_container", None), None
        super().close()
        if container is not None:
            if self._forks_box is not None:
                self._forks_box.close()
            container.close()


def in_marimo() -> bool:
    """Whether this runs in a marimo notebook (marimo loaded, and no IPython kernel)."""
    return "marimo" in sys.modules and Displays.kernel_shell() is None


class _Refused(Exception):
    """A page message the board turns down; the text is shown on the board, with its rule id."""

    def __init__(self, text: str, rule: str = "") -> None:
        super().__init__(text)
        self.rule = rule


GONE = ("This board's game is gone: its cell ran again, so it no longer shows the notebook's game. "
        "Moves are refused here; play on the board the cell shows now.")


class Displays:
    """Which cells show which boards in a running kernel.

    When a cell runs again, the boards its old output showed (and no other cell shows) lose
    their game: a page reloaded from an older save may still show them, and they must not play
    a game the notebook no longer names. After every cell, each shown board whose position
    changed re-publishes its picture, so a notebook run without a browser (``nbconvert
    --execute``) keeps a picture of the end of the run.
    """

    def __init__(self) -> None:
        self.cell: str | None = None
        self.boards: weakref.WeakSet[Board] = weakref.WeakSet()
        self._leaving: list[weakref.ref[Board]] = []
        self._hooked: Any = None

    @staticmethod
    def kernel_shell() -> Any:
        """The IPython shell of a running kernel, or None (plain Python, tests, marimo)."""
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return None
        shell = get_ipython()
        return shell if shell is not None and getattr(shell, "kernel", None) is not None else None

    def show(self, board: Board) -> bool:
        """A board is displayed now: publish its picture; False outside a kernel."""
        shell = self.kernel_shell()
        if shell is None:
            return False
        self.hook(shell)
        board._publish_picture()
        cell = self.cell or self._running_cell(shell)
        if cell:
            board._cells.add(cell)
        self.boards.add(board)
        return True

    @staticmethod
    def _running_cell(shell: Any) -> str | None:
        """The id of the cell running now, from the request (JupyterLab and Notebook 7 send it)."""
        try:
            parent = shell.kernel.get_parent()
        except Exception:  # an older kernel: no cell ids
            return None
        cell = (parent or {}).get("metadata", {}).get("cellId")
        return cell if isinstance(cell, str) and cell else None

    def hook(self, shell: Any) -> None:
        if self._hooked is not shell:
            shell.events.register("pre_run_cell", self.before)
            shell.events.register("post_run_cell", self.after)
            self._hooked = shell

    def before(self, info: Any) -> None:
        """A cell starts: the boards its last run showed are leaving its output."""
        cell = getattr(info, "cell_id", None)
        self.cell = cell if isinstance(cell, str) and cell else None
        if self.cell is None:
            return
        for board in list(self.boards):
            if self.cell in board._cells:
                board._cells.discard(self.cell)
                self._leaving.append(weakref.ref(board))

    def after(self, result: Any = None) -> None:
        """A cell ended: boards no cell shows any more lose their game; pictures catch up."""
        leaving, self._leaving = self._leaving, []
        for ref in leaving:
            board = ref()
            if board is not None and not board._cells and board.comm is not None:
                board.lose_game(GONE)
        for board in list(self.boards):
            if board.comm is None:
                self.boards.discard(board)
                continue
            try:
                board.refresh_picture()
            except Exception as exc:  # a picture that fails must not break the user's cell
                self.boards.discard(board)
                warnings.warn(f"{type(board).__name__}: its picture is no longer refreshed ({exc!r})",
                              RuntimeWarning, stacklevel=2)

    def forget(self, board: Board) -> None:
        self.boards.discard(board)


#: The kernel's one record of shown boards.
DISPLAYS = Displays()
