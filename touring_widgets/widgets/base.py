"""The board every game shares as a widget: an anywidget transport over a board session.

The protocol (page messages in, the page's state out: choices, marks, log, waiting, revisions,
refusals, pacing of bots, forks, advice) is the plain-Python ``BoardSession`` (``session.py``);
a game's board names its session (``session_type``) and supplies only what the page needs of it:
the JavaScript module that lays out, draws and hit-tests (``game_module``), its colours
(``palette``) and a picture (``picture``). This widget:

- mirrors the session's state to traits of the same names, one grouped update per change;
- forwards each message from the page to the session and sends back its reply;
- shows forks as boards under this one, and the picture a notebook keeps without a kernel.

The page side is ``shell.js`` (toolbar, message line, move log, history strip, HiDPI, theme,
keys, cleanup) composed with the game's module into one ES module: no bundler.
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import ipywidgets
import traitlets

from .displays import DISPLAYS, GONE, Displays, in_marimo
from .export import BOARD_SEAT
from .page import compose_css, compose_esm
from .protocol import INSTANT_MOST, LOCAL, LOG_MOVES, MAX_TEXT, MOVES, Refusal
from .session import BoardSession, check_board
from .style import COLOURS, SPEEDS

#: What a board subclass may still write on the widget itself: its session then asks the widget.
WIDGET_HOOKS = ("legal_choices", "game_marks", "describe_move", "advice_move", "advice_view")
#: Settings of the session a board subclass may still declare on the widget.
WIDGET_SETTINGS = ("game_title", "needs", "advice_deals")

__all__ = ["DISPLAYS", "GONE", "INSTANT_MOST", "LOCAL", "LOG_MOVES", "MAX_TEXT", "MOVES", "Board", "Displays",
           "Refusal", "in_marimo"]


class Board(anywidget.AnyWidget):
    """A live board of one game seen from one seat (``seat=None``: the teacher's view).

    Raises TypeError for a game without the shared game API and ValueError for a seat that is
    not in the game or a speed that is not one of ``SPEEDS``.
    """

    #: the protocol of this game's board
    session_type: ClassVar[type[BoardSession]] = BoardSession
    #: the game's JavaScript module (layout, drawing, hit-testing, keys) and stylesheet
    game_module: ClassVar[Path | None] = None
    game_css: ClassVar[Path | None] = None
    #: the game's own colours, sent to the page with the shared ones
    palette: ClassVar[dict[str, Any]] = {}

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
            cls._esm = compose_esm(cls.game_module, config)
            game_css = cls.game_css.read_text(encoding="utf-8") if cls.game_css else ""
            cls._css = compose_css(game_css)
        own = {name: cls.__dict__[name] for name in WIDGET_SETTINGS if name in cls.__dict__}
        own.update({name: _asks_widget(name) for name in WIDGET_HOOKS if name in cls.__dict__})
        if own:
            cls.session_type = type(f"{cls.__name__}Session", (cls.session_type,), own)

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal",
                 session_options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        kind = self.session_type
        check_board(type(self).__name__, kind.game_title, kind.needs, game, seat, speed)
        super().__init__(seat=seat, speed=speed, **kwargs)
        session = kind(game, seat, speed=speed, name=type(self).__name__, owner=weakref.ref(self),
                       **(session_options or {}))
        #: the board's protocol: this widget shows its state and carries its messages
        self.session = session
        #: boards showing the forks of this board's game, under this one
        self.fork_boards: list[Board] = []
        self._container: ipywidgets.VBox | None = None
        self._forks_box: ipywidgets.VBox | None = None
        #: cells (by id) whose output shows this board, and its picture's display id
        self.cells: set[str] = set()
        self._picture_id: str | None = None
        self._pictured = ""
        self._mirror({**self.fixed_state(), **session.state})
        self._unwatch = session.watch(self._mirror)
        session.show_fork = self._show_fork
        self.observe(self._from_python, names=[n for n in session.state if self.has_trait(n)])
        self.on_msg(self._on_page_message)

    @classmethod
    def fixed_state(cls) -> dict[str, Any]:
        """What the page needs of the game that never changes (a card catalogue, a map), under the
        names of its traits: sent once, by any transport."""
        return {}

    # -- the transport ------------------------------------------------------------------------
    def _mirror(self, changes: dict[str, Any]) -> None:
        """The session's state changed: the traits follow, as one update."""
        with self.hold_sync():
            for name, value in changes.items():
                if self.has_trait(name):
                    setattr(self, name, value)

    def _from_python(self, change: Any) -> None:
        """A trait set from Python (``board.title = ...``): the session's state follows."""
        session = getattr(self, "session", None)
        if session is not None:
            session.state[change["name"]] = change["new"]

    def _on_page_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """One message from the page: the session acts on it; its changes reach the page as one
        update, then its reply."""
        with self.hold_sync():
            reply = self.session.receive(content)
        self.send(reply)

    # -- the session's protocol, on the widget ------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game this board shows (None once it lost it)."""
        return self.session.game

    @property
    def forks(self) -> list[Any]:
        """Games forked from this board, oldest first."""
        return self.session.forks

    @property
    def legal(self) -> Any:
        """What this board may play now (action texts; ``in`` takes text)."""
        return self.session.legal

    def plays_now(self) -> bool:
        """Whether this board may move now."""
        return self.session.plays_now()

    def acting_seat(self) -> int | None:
        """The seat a move made on this board is for."""
        return self.session.acting_seat()

    @property
    def story(self) -> str:
        """The sentence of the move that made the current position, citing its rule ids."""
        return self.session.story

    def narrate(self, before: Any, action: Any, after: Any) -> str:
        """The sentence of one move as this board's seat may know it, citing its rule ids."""
        return self.session.narrate(before, action, after)

    def legal_choices(self) -> list[dict[str, Any]]:
        """The legal moves of the seat to move as structured data, each with its ``action`` text."""
        return _session_hook(self, "legal_choices")

    def game_marks(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """Game-specific marks for the page."""
        return _session_hook(self, "game_marks", choices)

    def describe_move(self, before: Any, action: Any) -> dict[str, Any]:
        """A move in words as the viewing seat may know it: ``{"seat", "text"}``."""
        return _session_hook(self, "describe_move", before, action)

    def advice_move(self, state: Any, action: Any) -> str:
        """A move as the advice's progress line names it."""
        return _session_hook(self, "advice_move", state, action)

    def advice_view(self, search: Any) -> dict[str, Any]:
        """The advice's figures the page draws, from a search in progress."""
        return _session_hook(self, "advice_view", search)

    def enter(self, index: int) -> None:
        """Make variation ``index`` the game's line again (``game.enter``), and say so."""
        self.session.enter(index)

    def play_to_end(self) -> None:
        """Let every seat move by its policy, one move at a time at this board's speed; at
        "instant", before this call returns."""
        self.session.play_to_end(at_once=True)

    def advise(self, on: bool = True, deals: int | None = None) -> None:
        """Show (or hide) what each move of the seat to move is worth, from ``deals`` re-dealt
        playouts of every move (``lab.advise``), updating as they come in; the kernel keeps
        answering meanwhile. Raises ValueError for a bad number of deals."""
        self.session.advise(on, deals)

    def on_fork(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every game forked from this board; returns an unsubscribe."""
        return self.session.on_fork(callback)

    def fork(self) -> Any:
        """Fork the game here: the fork is returned, kept in ``forks`` and shown under this board
        (in marimo, which shows only what a cell returns, the board says how to show it)."""
        return self.session.fork()

    def _show_fork(self, twin: Any, number: int) -> str:
        if in_marimo():  # (and marimo cannot make a widget outside a cell, as in a page's message)
            return (f"Forked at move {twin.position}: forks[{number}] is a game of its own. To see its "
                    f"board, return mo.ui.anywidget(this board's forks[{number}].board()) from a cell.")
        board = type(self)(twin, seat=self.seat, speed=self.speed)
        origin = "the board above" if not self.title else self.title.split(":")[0].lower()
        board.title = (f"Fork {number + 1}: forks[{number}] of {origin}, from move {twin.position} "
                       f"({'the start' if twin.position == 0 else self.session.move_text(twin.position)})")
        self.fork_boards.append(board)
        self._box()
        assert self._forks_box is not None
        self._forks_box.children = (*self._forks_box.children, board._box())
        return f"Forked at move {twin.position}: the new board below is forks[{number}]."

    # -- new games and exports ----------------------------------------------------------------------
    @property
    def games(self) -> list[Any]:
        """Every game this board has shown, oldest first: the last is ``game``."""
        return self.session.games

    def rematch(self, seed: int | str | None = None) -> Any:
        """Start a new game with the same players and rules (``seed``: its seed; None picks one)
        and show it here: returned, and ``board.game`` from now on; the game before stays in
        ``board.games`` (a name a cell gave it still names it). Raises ValueError for a bad seed."""
        return self.session.rematch(seed)

    def on_rematch(self, callback: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``callback(game)`` with every new game this board starts (its New game button
        included); returns an unsubscribe. ``board.on_rematch(lambda game: globals().update(g=game))``
        keeps a cell's ``g`` on the board's game."""
        return self.session.on_rematch(callback)

    def export_text(self, seat: Any = BOARD_SEAT) -> str:
        """The game as text for a handout: the numbered moves with their sentences as ``seat``
        (default: this board's seat; None: every hand) may know them, and the scores."""
        return self.session.export_text(seat)

    def export_csv(self, seat: Any = BOARD_SEAT) -> str:
        """The game as CSV: a row a move (number, seat, move, sentence) as ``seat`` (default: this
        board's seat; None: every hand) may know it, then a row a seat with its scores."""
        return self.session.export_csv(seat)

    def lose_game(self, reason: str) -> None:
        """Let go of the game: the board says why and refuses every move from now on."""
        if self.gone:
            return
        self.session.lose_game(reason)
        for board in self.fork_boards:
            if not board.cells:
                board.lose_game("This fork's board lost its game with the board above: " + reason)

    def picture(self) -> str:
        """An SVG picture of what this board shows, for notebooks without a kernel."""
        raise NotImplementedError

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

    def publish_picture(self) -> None:
        """Display the picture output (in a kernel), to be refreshed by ``refresh_picture``."""
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

    # -- closing ------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop following the game and close this board, its forks' boards and its container."""
        session = getattr(self, "session", None)
        if session is not None:
            session.close()
            self._unwatch()
        DISPLAYS.forget(self)
        for board in getattr(self, "fork_boards", []):
            board.close()
        container, self._container = getattr(self, "_container", None), None
        super().close()
        if container is not None:
            if self._forks_box is not None:
                self._forks_box.close()
            container.close()


def _asks_widget(name: str) -> Callable[..., Any]:
    """A session hook that runs the one written on the widget showing the session."""

    def hook(session: BoardSession, *args: Any) -> Any:
        return getattr(session.owner(), name)(*args)

    hook.__name__ = name
    hook.asks_widget = True  # type: ignore[attr-defined]
    return hook


def _session_hook(board: Board, name: str, *args: Any) -> Any:
    """The session's own hook ``name`` (not one that asks the widget back)."""
    for kind in type(board.session).__mro__:
        hook = kind.__dict__.get(name)
        if hook is not None and not getattr(hook, "asks_widget", False):
            return hook(board.session, *args)
    raise AttributeError(name)
