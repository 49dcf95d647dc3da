"""A stand-in event loop for the board's pace: callbacks wait until the test runs them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Handle:
    """A callback the test's event loop holds until the test runs it."""

    def __init__(self, callback: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.callback, self.args, self.cancelled = callback, args, False

    def cancel(self) -> None:
        self.cancelled = True


class Clock:
    """An event loop whose callbacks run only when the test says so. Like asyncio's, it reports a
    callback that raises (here: keeps it in ``errors``) and goes on."""

    def __init__(self) -> None:
        self.later: list[Handle] = []  # the board's automatic moves
        self.soon: list[Handle] = []  # the advice's slices of playouts
        self.errors: list[BaseException] = []
        self.delays: list[float] = []  # the delay of every call_later, in order

    def call_later(self, delay: float, callback: Callable[..., Any], *args: Any) -> Handle:
        self.delays.append(delay)
        self.later.append(Handle(callback, args))
        return self.later[-1]

    def call_soon(self, callback: Callable[..., Any], *args: Any) -> Handle:
        self.soon.append(Handle(callback, args))
        return self.soon[-1]

    def cancel(self, handle: Handle) -> None:
        handle.cancel()

    def pending(self) -> list[Handle]:
        self.later = [h for h in self.later if not h.cancelled]
        return list(self.later)

    def run_next(self, queue: list[Handle]) -> None:
        while queue:
            handle = queue.pop(0)
            if not handle.cancelled:
                try:
                    handle.callback(*handle.args)
                except Exception as exc:
                    self.errors.append(exc)
                return

    def tick(self) -> None:
        """Run the next automatic move that is due."""
        self.run_next(self.later)
