"""What a tour of On Tour is (O-MAP, O-ROUTE, O-SCORE): a map read, a tour checked and scored.

A map is a dict space id -> cell, where a cell is ``None`` (empty), ``(number, circled)``,
``('star', circled)`` or ``('X', False)``; missing spaces count as empty. A tour is a simple path
along routes whose numbers, stars skipped, never go down; it scores a point a space and one more
a circled space. The searches for the best tour read a map as arrays and bit masks (``arrays``)
and break ties between equally good tours the same way (``start_rank``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import IllegalAction
from ..facts import INDEX, N_SPACES, NEIGHBOUR_MASK, is_route

__all__ = ["Score", "TooWild", "arrays", "cell_arrays", "check_tour", "normalise_cell", "start_rank"]


@dataclass(frozen=True, slots=True)
class Score:
    """A tour and what it is worth (O-SCORE): one point a space, one more a circled space.

    >>> Score(["TX", "OK"], 2, 1, 3).total
    3
    """

    tour: list[str]
    spaces: int
    circles: int
    total: int

    def __repr__(self) -> str:
        route = " → ".join(self.tour) if self.tour else "(none)"
        spaces = f"{self.spaces} space" + ("" if self.spaces == 1 else "s")
        circles = f"{self.circles} circle" + ("" if self.circles == 1 else "s")
        return f"Score(total={self.total}: {spaces} + {circles}; {route})"


def normalise_cell(cell: Any, where: str = "") -> Any:
    """A cell in canonical form (tuples, bools); raises IllegalAction (O-MAP) for anything else.

    >>> normalise_cell([56, True]), normalise_cell(["star", 0]), normalise_cell(None)
    ((56, True), ('star', False), None)
    """
    if cell is None:
        return None
    if isinstance(cell, (tuple, list)) and len(cell) == 2:
        mark, circled = cell
        if isinstance(circled, bool) or circled in (0, 1):
            circled = bool(circled)
            if mark == "star":
                return ("star", circled)
            if mark == "X" and not circled:
                return ("X", False)
            if type(mark) is int and 0 <= mark <= 99:
                return (mark, circled)
    raise IllegalAction(
        f"{where}cell {repr(cell)[:60]} is not None, (number 0-99, circled), ('star', circled) "
        "or ('X', False) (O-MAP)",
        "O-MAP",
    )


_INDEX = dict(INDEX)


def arrays(board: Mapping[str, Any]) -> tuple[list[int], int, int, int]:
    """Values (-1 for stars and unusable spaces), star mask, circled mask, usable mask."""
    if not isinstance(board, Mapping):
        raise IllegalAction(
            f"a map must be a dict of space id -> cell, not {type(board).__name__} (O-MAP)", "O-MAP"
        )
    cells: list[Any] = [None] * N_SPACES
    for sid, cell in board.items():
        i = _INDEX.get(sid)
        if i is None:
            raise IllegalAction(f"{repr(sid)[:40]} is not a space of the board (O-MAP)", "O-MAP")
        if cell is None:
            continue
        if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is bool:
            if not 0 <= cell[0] <= 99:
                normalise_cell(cell, f"{sid}: ")  # raises
            cells[i] = cell
        else:
            cells[i] = normalise_cell(cell, f"{sid}: ")
    return cell_arrays(cells)


def cell_arrays(cells: tuple[Any, ...] | list[Any]) -> tuple[list[int], int, int, int]:
    """``arrays`` of a map given as a state holds it: a cell per space in board order, each
    already in canonical form (nothing to check)."""
    vals = [-1] * N_SPACES
    stars = circled = usable = 0
    for i, cell in enumerate(cells):
        if cell is None:
            continue
        mark, ring = cell
        if mark == "X":
            continue
        bit = 1 << i
        usable |= bit
        if ring:
            circled |= bit
        if mark == "star":
            stars |= bit
        else:
            vals[i] = mark
    return vals, stars, circled, usable


class TooWild(Exception):
    """The memoised search ran past its budget: the map needs bounds (many stars or equal numbers)."""


def start_rank(i: int, vals: list[int], stars: int, usable: int) -> tuple[bool, int, int, int]:
    """Which of equally good tours wins: from a dead end first, then from low numbers, few routes."""
    nb = (NEIGHBOUR_MASK[i] & usable).bit_count()
    return (nb > 1, -1 if stars >> i & 1 else vals[i], nb, i)


def check_tour(board: Mapping[str, Any], tour: list[str] | tuple[str, ...]) -> Score:
    """The score of a tour a player drew, after checking it is one (O-ROUTE, O-SCORE).

    >>> check_tour({"TX": (10, False), "OK": (20, True)}, ["TX", "OK"]).total
    3

    The empty tour is one only on a map with no number or star to visit, where it scores 0, as
    ``best_tour`` says.

    Raises IllegalAction naming the first problem: a tour that is not a list of space ids, an
    empty tour on a map with a space to visit, an unknown space (O-MAP), a missing route, a
    space visited twice, an X or an empty space entered, or a number lower than one before it
    (stars skipped: 60 → ★ → 10 is not a tour) (O-ROUTE); or a malformed map (O-MAP).
    """
    vals, stars, circled, usable = arrays(board)
    if isinstance(tour, str):
        raise IllegalAction(
            f"a tour is a list of space ids such as ['TX', 'OK'], not the text {tour[:40]!r} (O-ROUTE)",
            "O-ROUTE",
        )
    if not isinstance(tour, (list, tuple)):
        raise IllegalAction(
            f"a tour is a list of space ids such as ['TX', 'OK'], not {type(tour).__name__} (O-ROUTE)",
            "O-ROUTE",
        )
    if not tour:
        if usable:
            raise IllegalAction("the tour is empty: a tour visits at least one space (O-ROUTE)", "O-ROUTE")
        return Score([], 0, 0, 0)
    tour = list(tour)
    seen: set[str] = set()
    last: int | None = None
    last_at = ""
    for k, sid in enumerate(tour, start=1):
        if not isinstance(sid, str):
            raise IllegalAction(
                f"step {k}: {repr(sid)[:40]} is not a space id; a tour is a list of space ids "
                "such as ['TX', 'OK'] (O-ROUTE)",
                "O-ROUTE",
            )
        if sid not in INDEX:
            raise IllegalAction(f"step {k}: {sid[:40]!r} is not a space of the board (O-MAP)", "O-MAP")
        if k > 1 and not is_route(tour[k - 2], sid):
            raise IllegalAction(f"step {k}: no route joins {tour[k - 2]} and {sid} (O-ROUTE)", "O-ROUTE")
        if sid in seen:
            raise IllegalAction(
                f"step {k}: {sid} is visited twice; a tour never revisits a space (O-ROUTE)", "O-ROUTE"
            )
        seen.add(sid)
        i = INDEX[sid]
        if not usable >> i & 1:
            what = "an X" if board.get(sid) is not None else "empty"
            raise IllegalAction(
                f"step {k}: {sid} is {what}; a tour only enters numbers and stars (O-ROUTE)", "O-ROUTE"
            )
        if stars >> i & 1:
            continue
        if last is not None and vals[i] < last:
            raise IllegalAction(
                f"step {k}: {sid} holds {vals[i]:02d}, lower than {last:02d} in {last_at}; "
                "numbers along a tour never go down, stars skipped (O-ROUTE)",
                "O-ROUTE",
            )
        last, last_at = vals[i], sid
    circles = sum(1 for sid in tour if circled >> INDEX[sid] & 1)
    return Score(tour, len(tour), circles, len(tour) + circles)
