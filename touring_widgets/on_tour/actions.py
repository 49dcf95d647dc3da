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

from ..core.text import action_text
from ..errors import IllegalAction
from .facts import INDEX
from .state import MAX_PLAYERS as MAX_SEATS

#: One mark: (number 0-99 | 'star' | 'X', space id).
Mark = tuple[int | str, str]

_PLAYER = re.compile(r"^\s*p([0-9]+)\s*:\s*(.*)$", re.IGNORECASE | re.DOTALL | re.ASCII)
_ITEM = re.compile(r"^([0-9]{1,2}|star|x)\s+([a-z0-9]+)$", re.IGNORECASE | re.ASCII)
FORMS = "'56 TX, 65 OK', 'star CO' or '56 TX, X WA', optionally after 'p1: '"


def _order(mark: Mark) -> tuple[int, int]:
    kind, space = mark
    if kind == "star":
        return (1, 0)
    if kind == "X":
        return (2, INDEX[space])
    return (0, kind)  # type: ignore[return-value]

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
                what = f"a mark is (number | 'star' | 'X', space), not {repr(mark)[:40]}"
                raise IllegalAction(f"{what} (O-WRITE)", "O-WRITE")
            kind, space = mark
            if not ((type(kind) is str and kind in ("star", "X")) or (type(kind) is int and 0 <= kind <= 99)):
                shown = repr(kind)[:40]
                raise IllegalAction(f"{shown} is not a number 00-99, 'star' or 'X' (O-DICE)", "O-DICE")
            if type(space) is not str or space not in INDEX:
                raise IllegalAction(f"{repr(space)[:40]} is not a space of the board (O-MAP)", "O-MAP")
        if self.player is not None and (type(self.player) is not int or not 0 <= self.player < MAX_SEATS):
            shown = repr(self.player)[:40]
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
        player = None
        body = text
        found = _PLAYER.match(text)
        if found:
            if len(found.group(1)) > 1:
                raise IllegalAction(f"cannot read {text!r}: there is no seat p{found.group(1)} (O-PLAYERS)",
                                    "O-PLAYERS")
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


def canonical_action(marks: tuple[Mark, ...], player: int | None) -> Action:
    """The action of ``marks`` already valid and in canonical order, taken as they are (for bots)."""
    action = object.__new__(Action)
    object.__setattr__(action, "marks", marks)
    object.__setattr__(action, "player", player)
    return action


def read_action(action: Any) -> Action:
    """An action from its text or an ``Action``; raises IllegalAction for anything else (O-WRITE)."""
    if isinstance(action, Action):
        return action
    return Action.parse(action)
