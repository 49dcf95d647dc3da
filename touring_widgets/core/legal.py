"""The legal actions of a position as a lazy sequence: counted, iterated and searched without a list."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload


class LegalActions(Sequence):
    """The legal actions of one seat now, built only when indexed.

    ``len`` counts, iteration generates, and ``in`` asks the game's judge (text works too), so
    none of them needs the whole list.
    """

    __slots__ = ("_contains", "_count", "_generate", "_list", "seat")

    def __init__(
        self,
        seat: int | None,
        generate: Callable[[], Iterator[Any]],
        contains: Callable[[Any], bool],
        count: Callable[[], int] | None = None,
    ) -> None:
        self.seat = seat
        self._generate = generate
        self._contains = contains
        self._count = count
        self._list: list[Any] | None = None

    def __iter__(self) -> Iterator[Any]:
        return iter(self._list) if self._list is not None else self._generate()

    def __len__(self) -> int:
        if self._list is None and self._count is not None:
            return self._count()
        return len(self._all())

    def __contains__(self, action: object) -> bool:
        return self._contains(action)

    def _all(self) -> list[Any]:
        if self._list is None:
            self._list = list(self._generate())
        return self._list

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __repr__(self) -> str:
        who = "" if self.seat is None else f" for seat {self.seat}"
        return f"<{len(self)} legal actions{who}>"
