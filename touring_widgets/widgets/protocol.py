"""The words of a board's protocol: what a page may send, how a board turns it down, how it waits.

A page sends plain JSON messages (``{"type": "act", "action": "play go", "revision": 7}``); the
board's session answers each with a reply (``{"type": "reply", "ok", "message", "revision"}``).
A message that changes the game must carry the current revision; a refused one changes nothing
and says why (``Refusal``), citing a rule of the game when one applies.

>>> Refusal("Nothing to undo: this is the start.").rule
''
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

#: The longest action text, and the longest text field, the board accepts from the page.
MAX_TEXT = 120

#: Page messages that change the game; each must carry the board's current revision.
MOVES = ("act", "step", "undo", "redo", "goto", "enter", "run", "rematch")
#: Page messages that only change this board, make a new game, or ask; no revision needed.
LOCAL = ("seat", "speed", "stop", "fork", "hello", "describe", "advise", "export")

#: How many moves the move log keeps: at least this many, or two rounds of every seat.
LOG_MOVES = 6
#: At "instant" the moves of a run are made in one go, the kernel busy meanwhile: a run that does not
#: end (a table of bots can delay each other for ever) pauses after this many.
INSTANT_MOST = 2_000

#: The names of the page's state, each a JSON value the page draws from.
STATE_KEYS = ("view", "choices", "line", "log", "length", "position", "variations", "revision", "seat",
              "message", "error", "rule", "waiting", "marks", "title", "gone", "speed", "advice",
              "running", "autoplay")


class Refusal(Exception):
    """A page message the board turns down: the text shown on the board, and the rule behind it."""

    def __init__(self, text: str, rule: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.rule = rule


@dataclass(frozen=True)
class Handler:
    """How a board answers one type of page message.

    ``run(session, content)`` does the work and returns ``None``, a text for the message line, or
    a dict added to the reply. ``revision``: the message must carry the board's current revision;
    ``stops``: it ends automatic play first; ``live``: it is refused once the board has lost its
    game; ``clears``: what the board said before is cleared first.
    """

    run: Callable[[Any, dict[str, Any]], Any]
    revision: bool = False
    stops: bool = False
    live: bool = True
    clears: bool = True


class Scheduler(Protocol):
    """Where a board's automatic moves and advice wait their turn: an event loop, or nothing."""

    def call_later(self, delay: float, callback: Callable[[], Any]) -> Any:
        """Run ``callback`` after ``delay`` seconds; returns a handle, or None when nothing can
        wait (the board then plays on at once)."""

    def call_soon(self, callback: Callable[[], Any]) -> Any:
        """Run ``callback`` soon; returns a handle, or None when nothing can wait."""

    def cancel(self, handle: Any) -> None:
        """Forget a callback that has not run."""


class LoopScheduler:
    """The running asyncio loop when there is one (a kernel), else none: plain Python plays at once."""

    @staticmethod
    def _loop() -> Any:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def call_later(self, delay: float, callback: Callable[[], Any]) -> Any:
        loop = self._loop()
        return None if loop is None else loop.call_later(delay, callback)

    def call_soon(self, callback: Callable[[], Any]) -> Any:
        loop = self._loop()
        return None if loop is None else loop.call_soon(callback)

    def cancel(self, handle: Any) -> None:
        handle.cancel()

