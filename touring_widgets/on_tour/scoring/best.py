"""The best tour of any map, exactly (O-ROUTE, O-SCORE): which of the three searches suits a map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..facts import N_SPACES, SPACES
from .branch_and_bound import bounded
from .frontier import frontier
from .memoised import plain
from .tour import Score, TooWild, arrays, cell_arrays

__all__ = ["PLAIN_BUDGET", "best_tour", "best_tour_of_cells", "search"]


def best_tour(board: Mapping[str, Any]) -> Score:
    """The best tour of a map and its score, found exactly (O-ROUTE, O-SCORE).

    Works for any map, not only those a game produces. Ties between equally good tours are
    broken by a fixed search order, so the same map always gives the same tour.

    >>> best_tour({"TX": (10, True), "OK": (20, False), "KS": ("star", False), "NE": (5, False)}).total
    4

    Raises IllegalAction (O-MAP) for a map that is not a dict, an unknown space id or a malformed cell.
    """
    return _best(*arrays(board))


def best_tour_of_cells(cells: tuple[Any, ...]) -> Score:
    """``best_tour`` of a map as a state holds it: a cell per space in board order, already
    checked (``State.maps[seat]``), read without making a dict of it first."""
    return _best(*cell_arrays(cells))


def _best(vals: list[int], stars: int, circled: int, usable: int) -> Score:
    path = search(vals, stars, circled, usable)
    tour = [SPACES[i] for i in path]
    circles = sum(1 for i in path if circled >> i & 1)
    return Score(tour, len(tour), circles, len(tour) + circles)


# States the memoised search may solve; maps from real games need under a thousand.
PLAIN_BUDGET = 5_000


def search(
    vals: list[int],
    stars: int,
    circled: int,
    usable: int,
    method: str | None = None,
    budget: int = PLAIN_BUDGET,
) -> list[int]:
    """The best tour as space indices: memoised, then (past ``budget`` states) by the frontier
    search or the branch and bound, whichever suits the map.

    ``method`` forces one search: "plain" (memoised, however long it takes), "bounded" (branch
    and bound) or "frontier".
    """
    if method == "bounded":
        return bounded(vals, stars, circled, usable)
    if method == "frontier":
        return frontier(vals, stars, circled, usable, alone=True)
    try:
        return plain(vals, stars, circled, usable, budget if method is None else 1 << 62)
    except TooWild:
        pass
    # The branch and bound's work grows with the stars (a tour through many of them is close to
    # a path through the whole board, and proving that none is longer is the hard part); the
    # frontier search's grows with the board's width and the distinct numbers, hardly with the
    # stars. Measured on the families of benchmarks/on_tour_hard_maps.py: with 16 stars or more
    # the branch and bound takes up to 30 s and the frontier search about a second at most,
    # except with many numbers and few of those stars, where the branch and bound is quicker.
    many = (stars & usable).bit_count()
    if many >= _FRONTIER_STARS:
        numbers = len({vals[i] for i in range(N_SPACES) if usable >> i & 1 and not stars >> i & 1})
        if many >= _FRONTIER_ALWAYS or numbers < _FRONTIER_NUMBERS:
            return frontier(vals, stars, circled, usable)
    return bounded(vals, stars, circled, usable)


_FRONTIER_STARS = 16  # from this many stars on, the frontier search ...
_FRONTIER_NUMBERS = 15  # ... for maps with fewer distinct numbers than this ...
_FRONTIER_ALWAYS = 22  # ... and for every map with this many stars or more
