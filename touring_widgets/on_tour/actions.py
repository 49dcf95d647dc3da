"""On Tour actions: one player's writing for one turn, with a text form that round-trips.

Text forms: ``56 TX, 65 OK`` (two numbers, written with two digits), ``star CO``, and ``X WA``
in place of a number or star that has no legal space; ``p1: …`` names the player (0-based).
The marks are kept in a canonical order (numbers rising, then a star, then Xs in board order),
so ``65 OK, 56 TX`` and ``56 TX, 65 OK`` are the same action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalAction
from .facts import INDEX

#: One mark: (number 0-99 | 'star' | 'X', space id).
Mark = tuple[int | str, str]

_PLAYER = re.compile(r"^\s*p(\d+)\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL)
_ITEM = re.compile(r"^(\d{1,2}|star|x)\s+([a-z0-9]+)$", re.IGNORECASE)
FORMS = "'56 TX, 65 OK', 'star CO' or '56 TX, X WA', optionally after 'p1: '"


def _order(mark: Mark) -> tuple[int, int]:
    kind, space = mark
    if kind == "star":
        return (1, 0)
    if kind == "X":
        return (2, INDEX[space])
    return (0, kind)  # type: ignore[return-value]

MAX_TEXT = 100  # longer text cannot be an action; refused before any parsing

@dataclass(frozen=True, slots=True)
class Action:
    """What one player writes in one turn: one or two marks, and who writes them.

    >>> a = Action.parse("p1: 65 OK, 56 TX")
    >>> str(a), a.player, a.marks
    ('p1: 56 TX, 65 OK', 1, ((56, 'TX'), (65, 'OK')))
    >>> Action.parse(str(a)) == a
    True
    """

    marks: tuple[Mark, ...]
    player: int | None = None

    def __post_init__(self) -> None:
        marks = self.marks
        if not isinstance(marks, tuple) or not 1 <= len(marks) <= 2:
            raise IllegalAction(f"an action writes one or two marks, not {marks!r} (O-WRITE)", "O-WRITE")
        for mark in marks:
            if not (isinstance(mark, tuple) and len(mark) == 2):
                what = f"a mark is (number | 'star' | 'X', space), not {mark!r}"
                raise IllegalAction(f"{what} (O-WRITE)", "O-WRITE")
            kind, space = mark
            if not (kind in ("star", "X") or (type(kind) is int and 0 <= kind <= 99)):
                raise IllegalAction(f"{kind!r} is not a number 00-99, 'star' or 'X' (O-DICE)", "O-DICE")
            if space not in INDEX:
                raise IllegalAction(f"{space!r} is not a space of the board (O-MAP)", "O-MAP")
        if self.player is not None and (type(self.player) is not int or self.player < 0):
            raise IllegalAction(f"{self.player!r} is not a player number (O-PLAYERS)", "O-PLAYERS")
        ordered = tuple(sorted(marks, key=_order))
        if ordered != marks:
            object.__setattr__(self, "marks", ordered)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action from its text form.

        Raises IllegalAction for malformed text (O-WRITE) or an unknown space (O-MAP).
        """
        if not isinstance(text, str):
            raise IllegalAction(f"an action is text like {FORMS}, not {text!r} (O-WRITE)", "O-WRITE")
        if len(text) > MAX_TEXT:
            raise IllegalAction(
                f"action text of {len(text)} characters is too long to be an action (O-WRITE)", "O-WRITE"
            )
        player = None
        body = text
        found = _PLAYER.match(text)
        if found:
            player, body = int(found.group(1)), found.group(2)
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
        return cls(tuple(marks), player)

    def with_player(self, player: int | None) -> Action:
        """The same marks written by ``player``."""
        return Action(self.marks, player)

    def __str__(self) -> str:
        body = ", ".join(f"{k:02d} {s}" if isinstance(k, int) else f"{k} {s}" for k, s in self.marks)
        return body if self.player is None else f"p{self.player}: {body}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def read_action(action: Any) -> Action:
    """An action from its text or an ``Action``; raises IllegalAction for anything else (O-WRITE)."""
    if isinstance(action, str):
        return Action.parse(action)
    if not isinstance(action, Action):
        raise IllegalAction(f"an action is text or an on_tour.Action, not {action!r} (O-WRITE)", "O-WRITE")
    return action
