"""On Tour actions: one seat's writing for one turn, with a text form that round-trips.

Text forms: ``56 TX, 65 OK`` (two numbers, written with two digits), ``star CO``, and ``X WA``
in place of a number or star that has no legal space; ``p1: …`` names the seat (0-based).
The marks are kept in a canonical order (numbers rising, then a star, then Xs in board order),
so ``65 OK, 56 TX`` and ``56 TX, 65 OK`` are the same action.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from typing import Any

from ..core.text import action_text
from ..errors import IllegalAction
from .facts import INDEX

MAX_SEATS = 8  # O-PLAYERS
#: One mark: (number 0-99 | 'star' | 'X', space id).
Mark = tuple[int | str, str]

_SEAT = re.compile(r"^\s*p([0-9]+)\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL | re.ASCII)
_ITEM = re.compile(r"^([0-9]{1,2}|star|x)\s+([a-z0-9]+)$", re.IGNORECASE | re.ASCII)
FORMS = "'56 TX, 65 OK', 'star CO' or '56 TX, X WA', optionally after 'p1: '"


def _order(mark: Mark) -> tuple[int, int]:
    kind, space = mark
    if kind == "star":
        return (1, 0)
    if kind == "X":
        return (2, INDEX[space])
    return (0, kind)  # type: ignore[return-value]


def seat_keyword(seat: int | None, old: dict[str, Any], where: str) -> int | None:
    """``seat``, or the seat given by the deprecated keyword ``player=`` (with a DeprecationWarning).

    Raises TypeError for any other keyword, or for both ``seat`` and ``player``.
    """
    unknown = set(old) - {"player"}
    if unknown:
        raise TypeError(f"{where}() got an unexpected keyword argument {sorted(unknown)[0]!r}")
    if seat is not None:
        raise TypeError(f"{where}() got both seat and player; player is the old name of seat")
    warnings.warn(f"{where}(player=...) is deprecated: write seat=...", DeprecationWarning, stacklevel=3)
    return old["player"]


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """What one seat writes in one turn: one or two marks, and which seat writes them.

    >>> a = Action.parse("p1: 65 OK, 56 TX")
    >>> str(a), a.seat, a.marks
    ('p1: 56 TX, 65 OK', 1, ((56, 'TX'), (65, 'OK')))
    >>> Action.parse(str(a)) == a
    True

    ``player=`` is the deprecated name of ``seat=``.
    """

    marks: tuple[Mark, ...]
    seat: int | None

    def __init__(self, marks: tuple[Mark, ...], seat: int | None = None, **old: Any) -> None:
        if old:
            seat = seat_keyword(seat, old, "Action")
        object.__setattr__(self, "marks", marks)
        object.__setattr__(self, "seat", seat)
        self._check()

    @property
    def player(self) -> int | None:
        """Deprecated: the old name of ``seat``."""
        warnings.warn("Action.player is deprecated: read Action.seat", DeprecationWarning, stacklevel=2)
        return self.seat

    def _check(self) -> None:
        marks = self.marks
        if not isinstance(marks, tuple) or not 1 <= len(marks) <= 2:
            raise IllegalAction(f"an action writes one or two marks, not {marks!r} (O-WRITE)", "O-WRITE")
        for mark in marks:
            if not (isinstance(mark, tuple) and len(mark) == 2):
                what = f"a mark is (number | 'star' | 'X', space), not {repr(mark)[:40]}"
                raise IllegalAction(f"{what} (O-WRITE)", "O-WRITE")
            kind, space = mark
            if not ((type(kind) is str and kind in ("star", "X")) or (type(kind) is int and 0 <= kind <= 99)):
                shown = repr(kind)[:40]
                raise IllegalAction(f"{shown} is not a number 00-99, 'star' or 'X' (O-DICE)", "O-DICE")
            if type(space) is not str or space not in INDEX:
                raise IllegalAction(f"{repr(space)[:40]} is not a space of the board (O-MAP)", "O-MAP")
        if self.seat is not None and (type(self.seat) is not int or not 0 <= self.seat < MAX_SEATS):
            shown = repr(self.seat)[:40]
            raise IllegalAction(f"{shown} is not a seat number 0 to {MAX_SEATS - 1} (O-PLAYERS)", "O-PLAYERS")
        ordered = tuple(sorted(marks, key=_order))
        if ordered != marks:
            object.__setattr__(self, "marks", ordered)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form.

        Raises IllegalAction for malformed text (O-WRITE) or an unknown space (O-MAP).
        """
        text = action_text(text, "O-WRITE", FORMS)
        seat = None
        body = text
        found = _SEAT.match(text)
        if found:
            if len(found.group(1)) > 1:
                raise IllegalAction(f"cannot read {text!r}: there is no seat p{found.group(1)} (O-PLAYERS)",
                                    "O-PLAYERS")
            seat, body = int(found.group(1)), found.group(2)
        items = [item.strip() for item in body.split(",")]
        if not 1 <= len(items) <= 2 or not all(items):
            raise IllegalAction(f"cannot read {text!r}: write {FORMS} (O-WRITE)", "O-WRITE")
        marks: list[Mark] = []
        for item in items:
            m = _ITEM.match(item)
            if not m:
                where = "" if item == text else f" in {text!r}"
                raise IllegalAction(f"cannot read {item!r}{where}: write {FORMS} (O-WRITE)", "O-WRITE")
            kind, space = m.group(1), m.group(2).upper()
            if space not in INDEX:
                raise IllegalAction(
                    f"{m.group(2)!r} in {text!r} is not a space of the board (O-MAP)", "O-MAP"
                )
            if kind.lower() == "star":
                marks.append(("star", space))
            elif kind.lower() == "x":
                marks.append(("X", space))
            else:
                marks.append((int(kind), space))
        return cls(tuple(marks), seat)

    def with_seat(self, seat: int | None = None, **old: Any) -> Action:
        """The same marks written by ``seat`` (``player=`` is its deprecated name)."""
        if old:
            seat = seat_keyword(seat, old, "with_seat")
        return Action(self.marks, seat)

    def with_player(self, seat: int | None = None) -> Action:
        """Deprecated: the old name of ``with_seat``."""
        warnings.warn("Action.with_player is deprecated: call Action.with_seat", DeprecationWarning,
                      stacklevel=2)
        return Action(self.marks, seat)

    def __str__(self) -> str:
        body = ", ".join(f"{k:02d} {s}" if isinstance(k, int) else f"{k} {s}" for k, s in self.marks)
        return body if self.seat is None else f"p{self.seat}: {body}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def canonical_action(marks: tuple[Mark, ...], seat: int | None) -> Action:
    """The action of ``marks`` already valid and in canonical order, taken as they are (for bots)."""
    action = object.__new__(Action)
    object.__setattr__(action, "marks", marks)
    object.__setattr__(action, "seat", seat)
    return action


def read_action(action: Any) -> Action:
    """An action from its text or an ``Action``; raises IllegalAction for anything else (O-WRITE)."""
    if isinstance(action, Action):
        return action
    return Action.parse(action)
