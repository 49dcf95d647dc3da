"""Advice on a board: what each move of the seat to move is worth, from playouts (the search
behind ``lab.advise``), computed in short slices through the board's scheduler (the kernel's event
loop) so the board keeps answering, and published as the playouts come in.
"""

from __future__ import annotations

import time
import weakref
from typing import Any

from ..core.search import Schedule, advice_search, tied_best
from ..core.text import counted

#: seconds of playouts in one slice; the kernel answers messages between slices
SLICE = 0.04
#: seconds between two publications of the figures
PUBLISH = 0.3
#: the tied moves the progress line names; the rest it counts
NAMED = 2


class Advisor:
    """The advice of one board session: on or off, the search of the current position, its progress."""

    def __init__(self, session: Any, deals: int) -> None:
        self._board = weakref.ref(session)
        self.on = False
        self.deals = deals
        self.search: Any = None
        self.schedule: Schedule | None = None
        self._handle: Any = None
        self._published = 0.0

    # -- switching ---------------------------------------------------------------------------
    def start(self, deals: int | None = None) -> None:
        """Turn the advice on (with ``deals`` deals a move); raises ValueError for a bad number."""
        if deals is not None:
            if type(deals) is not int or deals < 1:
                raise ValueError(f"deals must be a number of deals (1 or more), not {deals!r}")
            self.deals = deals
        self.on = True
        self.follow()

    def stop(self) -> None:
        """Turn the advice off."""
        self.on = False
        self.cancel()
        self.search = self.schedule = None
        board = self._board()
        if board is not None:
            board.set(advice={})

    def follow(self) -> None:
        """The position changed (or advice was turned on): start again from it."""
        self.cancel()
        board = self._board()
        if not self.on or board is None:
            return
        game = board.game
        self.search = self.schedule = None
        if game is None or game.is_over:
            board.set(advice={"on": True, "text": "Advice: the game is over, there is no move to weigh."})
            return
        seat = game.turn
        if board.seat is not None and board.seat != seat:
            board.set(advice={"on": True, "text": f"Advice waits for seat {board.seat} to move (seat {seat} "
                                                  f"is to move now)."})
            return
        self.search = advice_search(game, seat, seed=f"board/{game.position}")
        self.schedule = Schedule(self.search, self.deals)
        self._published = 0.0
        self.publish()
        self._schedule()

    # -- working -------------------------------------------------------------------------------
    def _schedule(self) -> None:
        board = self._board()
        if board is not None:  # with nothing to wait on (plain Python), ``tick()`` works on when called
            self._handle = board.scheduler.call_soon(self.tick)

    def cancel(self) -> None:
        """Forget the next slice, if one is due."""
        handle, self._handle = self._handle, None
        board = self._board()
        if handle is not None and board is not None:
            board.scheduler.cancel(handle)

    def tick(self) -> bool:
        """One slice of playouts; publishes now and then; False once the deals are all played."""
        self._handle = None
        search = self.search
        if search is None or not self.on or self.done:
            return False
        self.schedule.work(SLICE)
        if self.done or time.perf_counter() - self._published >= PUBLISH:
            self.publish()
        if self.done:
            return False
        self._schedule()
        return True

    @property
    def done(self) -> bool:
        """Whether the schedule's playouts are all played out."""
        return self.schedule is not None and self.schedule.done

    def publish(self) -> None:
        """Show the figures so far on the board."""
        board, search = self._board(), self.search
        if board is None or search is None:
            return
        self._published = time.perf_counter()
        tied = [str(t.action) for t in tied_best(search)]
        figures = board.advice_view(search)
        if tied and figures.get("best") is not None:
            # A game's one best move is not shown while others are tied with it: the page marks
            # every tied move alike (``tied``) and the progress line names them.
            figures = {**figures, "best": None}
        board.set(advice={
            "on": True, "revision": board.revision, "seat": search.seat, "kind": search.kit.kind,
            "deals": search.deals, "target": self.deals, "playouts": search.playouts, "done": self.done,
            "share": self.schedule.share, "weighed": len(search.tallies), "alive": self.schedule.alive,
            "text": self.progress(), "tied": tied, **figures,
        })

    def progress(self) -> str:
        """The advice's progress line: the best move so far with its figure, or, when other
        moves' intervals overlap the best's (``tied_best``), the tied moves, none of them starred."""
        search = self.search
        # what a figure is, and what it takes for granted about the other seats
        what = f"{search.kit.kind} {search.kit.assumes}".rstrip()
        best = search.ranked()[0] if search.playouts else None
        head = f"Advice for seat {search.seat}: {self.schedule.words()}"
        if best is None:
            return f"{head}; the first figures come in a moment."
        state = "done" if self.done else "still playing"
        tied = tied_best(search)
        if tied:
            words = [self._words(t) for t in tied[:NAMED]]
            apart = "; " if any(" and " in w or "," in w for w in words) else ", "
            others = counted(len(tied) - NAMED, f"more {search.kit.noun}")
            more = f" and {others}" if len(tied) > NAMED else ""
            tied_words = f"{apart.join(words)}{more} (intervals overlap)"
            return f"{head} ({state}). Each figure is the {what}; tied: {tied_words}."
        best_words = f"{self._words(best)}, {self._figure(best)}"
        return f"{head} ({state}). Each figure is the {what}; best so far: {best_words}."

    def _words(self, tally: Any) -> str:
        board = self._board()
        return board.advice_move(self.search.state, tally.action) if board is not None else str(tally.action)

    def _figure(self, tally: Any) -> str:
        """"62% (55%-69%)" for a chance to win, "29.0 (23.1-34.9)" for a score."""
        low, high = tally.interval(self.search.kit.bounds)
        if self.search.kit.kind == "chance to win":
            return f"{tally.mean:.0%} ({low:.0%}-{high:.0%})"
        return f"{tally.mean:.1f} ({low:.1f}-{high:.1f})"
