"""What a board may do at a table: a seat's link plays its own seat and nothing else, the host's
link does what a notebook's board does, and the table (not any one board) lets its bots answer.

``seated(session_type)`` is the game's board session made for a table; ``LockedScheduler`` runs a
session's timed work on the table's event loop, holding its game's lock.

>>> import touring_widgets as tw
>>> from touring_widgets.touring.session import TouringSession
>>> Seat = seated(TouringSession)
>>> s = Seat(tw.Touring(players=["human", "human"], seed=3), 1, speed="instant")
>>> s.receive({"type": "undo", "revision": s.revision})["message"]
'At a table only the host goes back or forward in the game (Undo, Redo, the history); nothing changed.'
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any

from ..widgets.protocol import Handler, Refusal

#: What a seat's link may not do, and why (the host's link may).
HOST_ONLY = {
    **dict.fromkeys(("undo", "redo", "goto", "enter"),
                    "At a table only the host goes back or forward in the game (Undo, Redo, the history); "
                    "nothing changed."),
    **dict.fromkeys(("step", "run", "stop"),
                    "At a table the bots play by themselves, and only the host plays a move for another "
                    "seat; nothing changed."),
    "seat": "This link plays one seat and shows only what that seat may see; nothing changed.",
    **dict.fromkeys(("fork", "rematch", "advise", "speed"),
                    "At a table only the host forks the game, starts a new one, asks for advice or sets the "
                    "speed; nothing changed."),
}

#: What the host's link may not do either: the table plays one game, the notebook's.
TABLE_ONLY = {
    "fork": "A fork of the table's game is made in the notebook (g.fork()): this page shows the table's "
            "game only; nothing changed.",
    "rematch": "A new game is a new table (tw.table.host(new_game)); nothing changed.",
}

#: The toolbar's controls a seat's page hides (each would only be refused); export stays.
SEAT_HIDES = ("undo", "redo", "step", "run", "fork", "advice", "rematch", "seat", "speed")
#: The toolbar's controls the host's page hides.
HOST_HIDES = ("fork", "rematch")


def _refused(text: str) -> Handler:
    def run(session: Any, content: dict[str, Any]) -> None:
        raise Refusal(text)

    return Handler(run, clears=False)


class TableTurns:
    """A game's turns at a table: as the game declares them, except that no board answers a move
    with its bots; the table does, once for everyone."""

    def __init__(self, turns: Any) -> None:
        self.turns = turns

    def __getattr__(self, name: str) -> Any:
        return getattr(self.turns, name)

    def answer(self, session: Any) -> None:
        """Nothing: the table's bots answer (``Table``)."""


class AtTable:
    """The words of a board at a table (mixed in before the game's session), and its gate: why
    its seat may not move now though the game would let it (a class its teacher holds)."""

    seat: int | None
    game: Any
    gate: Callable[[Any], str] | None = None
    personal = False  # served to others: no one's personal records are read or kept

    def export_aside(self, kind: str) -> str:
        """Nothing: a seat's page has no notebook beside it."""
        return ""

    def gated(self) -> str:
        """Why the gate keeps this seat from moving now ("" when it does not)."""
        return self.gate(self.game) if self.gate is not None and self.game is not None else ""

    def plays_now(self) -> bool:
        return not self.gated() and super().plays_now()  # type: ignore[misc]

    def not_now(self) -> Refusal:
        reason = self.gated()
        return Refusal(reason) if reason else super().not_now()  # type: ignore[misc]

    def waits_for(self, turn: int, who: str, human: bool) -> dict[str, str]:
        """At a seat's link: whom the table waits for, with no button (the bots play by themselves)."""
        if self.seat is None:
            return super().waits_for(turn, who, human)  # type: ignore[misc]
        reason = self.gated()
        if reason:
            return {"text": reason, "button": ""}
        if self.plays_now():
            return {}
        if human:
            return {"text": f"Waiting for {who} to play at the table.", "button": ""}
        return {"text": f"{who.capitalize()} is thinking: the table's bots play by themselves.", "button": ""}


def seated(session_type: type, host: bool = False) -> type:
    """The game's board session for a table: a seat's (``host=False``) refuses what only the host
    may do, the host's what only the notebook may; both leave the answer of bots to the table."""
    handlers = dict(session_type.handlers)
    refused = TABLE_ONLY if host else {**HOST_ONLY, **TABLE_ONLY}
    handlers.update({kind: _refused(text) for kind, text in refused.items()})
    name = f"{'Host' if host else 'Seat'}{session_type.__name__}"
    own = {"handlers": handlers, "turns": TableTurns(session_type.turns)}
    if not host:
        own["after_end"] = ""  # a seat cannot go back: the host may
    return type(name, (AtTable, session_type), own)


def driving(session_type: type) -> type:
    """The game's board session that answers for the table's bots (it shows no page)."""
    return type(f"Driver{session_type.__name__}", (session_type,), {"personal": False})


class LockedScheduler:
    """A session's timed work (bots' moves, advice) on the table's loop, each call holding ``lock``.

    Asked from the loop's own thread (every session of a table lives there)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, lock: Any) -> None:
        self.loop = loop
        self.lock = lock

    def _held(self, callback: Callable[[], Any]) -> Callable[[], Any]:
        @functools.wraps(callback)
        def run() -> Any:
            with self.lock:
                return callback()

        return run

    def call_later(self, delay: float, callback: Callable[[], Any]) -> Any:
        return self.loop.call_later(delay, self._held(callback))

    def call_soon(self, callback: Callable[[], Any]) -> Any:
        return self.loop.call_soon(self._held(callback))

    def cancel(self, handle: Any) -> None:
        handle.cancel()
