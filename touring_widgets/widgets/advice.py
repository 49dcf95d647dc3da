"""Advice on a board: what each move of the seat to move is worth, from playouts (``lab.advise``'s
search), computed in short slices on the kernel's event loop so the board keeps answering, and
published as the playouts come in.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

#: seconds of playouts in one slice; the kernel answers messages between slices
SLICE = 0.04
#: seconds between two publications of the figures
PUBLISH = 0.3


class Advisor:
    """The advice of one board: on or off, the search of the current position, its progress."""

    def __init__(self, board: Any, deals: int) -> None:
        self._board = weakref.ref(board)
        self.on = False
        self.deals = deals
        self.search: Any = None
        self._handle: Any = None
        self._published = 0.0

    # -- switching ---------------------------------------------------------------------------
    def start(self, deals: int | None = None) -> None:
        if deals is not None:
            if type(deals) is not int or deals < 1:
                raise ValueError(f"deals must be a number of deals (1 or more), not {deals!r}")
            self.deals = deals
        self.on = True
        self.follow()

    def stop(self) -> None:
        self.on = False
        self._cancel()
        self.search = None
        board = self._board()
        if board is not None:
            board.advice = {}

    def follow(self) -> None:
        """The position changed (or advice was turned on): start again from it."""
        from ..lab.advise import advice_search

        self._cancel()
        board = self._board()
        if not self.on or board is None:
            return
        game = board.game
        self.search = None
        if game is None or game.is_over:
            board.advice = {"on": True, "text": "Advice: the game is over, there is no move to weigh."}
            return
        seat = game.turn
        if board.seat is not None and board.seat != seat:
            board.advice = {"on": True, "text": f"Advice waits for seat {board.seat} to move (seat {seat} is "
                                                f"to move now)."}
            return
        self.search = advice_search(game, seat, seed=f"board/{game.position}")
        self._published = 0.0
        self.publish()
        self._schedule()

    # -- working -------------------------------------------------------------------------------
    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (plain Python): ``tick()`` works on when called
        self._handle = loop.call_soon(self.tick)

    def _cancel(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            handle.cancel()

    def tick(self) -> bool:
        """One slice of playouts; publishes now and then; False once the deals are all played."""
        self._handle = None
        search = self.search
        if search is None or not self.on or self.done:
            return False
        search.work(SLICE, self.deals)
        if self.done or time.perf_counter() - self._published >= PUBLISH:
            self.publish()
        if self.done:
            return False
        self._schedule()
        return True

    @property
    def done(self) -> bool:
        return self.search is not None and self.search.deals >= self.deals

    def publish(self) -> None:
        board, search = self._board(), self.search
        if board is None or search is None:
            return
        self._published = time.perf_counter()
        board.advice = {
            "on": True, "revision": board.revision, "seat": search.seat, "kind": search.kit.KIND,
            "deals": search.deals, "target": self.deals, "playouts": search.playouts, "done": self.done,
            "text": self.progress(),
            **board.advice_view(search),
        }

    def progress(self) -> str:
        """The advice's progress line."""
        search = self.search
        kind = search.kit.KIND
        best = search.ranked()[0] if search.playouts else None
        head = (f"Advice for seat {search.seat}: {search.playouts:,} playouts on {search.deals} of "
                f"{self.deals} deals")
        if best is None:
            return f"{head}; the first figures come in a moment."
        low, high = best.interval(search.kit.BOUNDS)
        figure = (f"{best.mean:.0%} ({low:.0%}-{high:.0%})" if kind == "chance to win"
                  else f"{best.mean:.1f} ({low:.1f}-{high:.1f})")
        state = "done" if self.done else "still playing"
        board = self._board()
        move = board.advice_move(search.state, best.action) if board is not None else best.action
        return f"{head} ({state}). Each figure is the {kind}; best so far: {move}, {figure}."
