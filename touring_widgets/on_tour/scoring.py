"""Scoring On Tour (O-ROUTE, O-SCORE): the best tour of any map, exactly, and checking a drawn tour.

A map is a dict space id -> cell, where a cell is ``None`` (empty), ``(number, circled)``,
``('star', circled)`` or ``('X', False)``; missing spaces count as empty.

The best tour is a longest weighted simple path whose numbers, stars skipped, never go down.
With distinct numbers that is a path in a DAG, but equal numbers and stars (wild) make cycles,
so the search is a depth-first branch and bound over (end space, last number, spaces still
relevant), with a table of proven bounds and exact answers keyed by that triple:
visited spaces with a lower number than the last can never matter again, so the key only keeps
the visited stars and the visited spaces holding the last number.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .facts import INDEX, N_SPACES, NEIGHBOUR_MASK, NEIGHBOURS, SPACES, is_route

__all__ = ["Score", "best_tour", "check_tour", "normalise_cell"]


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
    """A cell in canonical form (tuples, bools); raises ValueError for anything else.

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
    raise ValueError(
        f"{where}cell {cell!r} is not None, (number 0-99, circled), ('star', circled) or ('X', False)"
    )


def _arrays(board: Mapping[str, Any]) -> tuple[list[int], int, int, int]:
    """Values (-1 for stars and unusable spaces), star mask, circled mask, usable mask."""
    if not isinstance(board, Mapping):
        raise ValueError(f"a map must be a dict of space id -> cell, not {type(board).__name__}")
    vals = [-1] * N_SPACES
    stars = circled = usable = 0
    for sid, cell in board.items():
        if sid not in INDEX:
            raise ValueError(f"{sid!r} is not a space of the board (O-MAP)")
        cell = normalise_cell(cell, f"{sid}: ")
        if cell is None or cell[0] == "X":
            continue
        bit = 1 << INDEX[sid]
        usable |= bit
        if cell[1]:
            circled |= bit
        if cell[0] == "star":
            stars |= bit
        else:
            vals[INDEX[sid]] = cell[0]
    return vals, stars, circled, usable


# Neighbour unions of 7-space chunks, so the union over a whole mask is six table look-ups.
_CHUNK = 7
_CHUNKS = (N_SPACES + _CHUNK - 1) // _CHUNK


def _chunk_tables() -> tuple[tuple[int, ...], ...]:
    tables = []
    for c in range(_CHUNKS):
        table = []
        for bits in range(1 << _CHUNK):
            m = 0
            for k in range(_CHUNK):
                i = c * _CHUNK + k
                if bits >> k & 1 and i < N_SPACES:
                    m |= NEIGHBOUR_MASK[i]
            table.append(m)
        tables.append(tuple(table))
    return tuple(tables)


_T0, _T1, _T2, _T3, _T4, _T5 = _chunk_tables()


def _reach(start_mask: int, allowed: int) -> int:
    """The spaces of ``allowed`` joined to ``start_mask`` through ``allowed`` (excluding the start)."""
    seen = 0
    front = start_mask
    while front:
        nb = (
            _T0[front & 127]
            | _T1[front >> 7 & 127]
            | _T2[front >> 14 & 127]
            | _T3[front >> 21 & 127]
            | _T4[front >> 28 & 127]
            | _T5[front >> 35 & 127]
        )
        front = nb & allowed & ~seen
        seen |= front
    return seen


def best_tour(board: Mapping[str, Any]) -> Score:
    """The best tour of a map and its score, found exactly (O-ROUTE, O-SCORE).

    Works for any map, not only those a game produces. Ties between equally good tours are
    broken by a fixed search order, so the same map always gives the same tour.

    >>> best_tour({"TX": (10, True), "OK": (20, False), "KS": ("star", False), "NE": (5, False)}).total
    4

    Raises ValueError for an unknown space id or a malformed cell.
    """
    vals, stars, circled, usable = _arrays(board)
    try:
        path = _search(vals, stars, circled, usable, bounded=False)
    except _TooWild:
        path = _search(vals, stars, circled, usable, bounded=True)
    tour = [SPACES[i] for i in path]
    circles = sum(1 for i in path if circled >> i & 1)
    return Score(tour, len(tour), circles, len(tour) + circles)


class _TooWild(Exception):
    """The plain search ran past its budget: the map needs bounds (many stars or equal numbers)."""


# Calls the plain search may make; maps from real games need a few thousand at most.
_PLAIN_BUDGET = 20_000


def _search(
    vals: list[int], stars: int, circled: int, usable: int, bounded: bool, budget: int = _PLAIN_BUDGET
) -> list[int]:
    """The best tour as space indices: a plain memoised search, or branch and bound when ``bounded``."""
    # ge[v]: usable spaces a tour whose last number is v may still enter (stars or numbers >= v).
    ge = [0] * 101
    acc = stars
    by_value = [0] * 100
    for i in range(N_SPACES):
        if usable >> i & 1 and not stars >> i & 1:
            by_value[vals[i]] |= 1 << i
    for v in range(99, -1, -1):
        acc |= by_value[v]
        ge[v + 1] = acc
    ge[0] = acc  # index last + 1, so a tour of stars only (last = -1) may enter everything
    weight = [1 + (circled >> i & 1) for i in range(N_SPACES)]
    nbrs = [tuple(j for j in NEIGHBOURS[i] if usable >> j & 1) for i in range(N_SPACES)]

    best = 0
    best_path: list[int] = []
    stack: list[int] = []
    exact: dict[int, tuple[int, int]] = {}  # key -> (extension weight, next key or -1)
    upper: dict[int, int] = {}  # key -> proven upper bound on the extension
    reach = _reach
    calls = [0]
    nmask = NEIGHBOUR_MASK

    def chain_bound(cur: int, reachable: int) -> int:
        # A simple path from cur passes through one chain of blocks (biconnected components)
        # of the block-cut tree rooted at cur: it cannot come back through a cut vertex.
        inside = reachable | 1 << cur
        disc = [-1] * N_SPACES
        low = [0] * N_SPACES
        hang = [0] * N_SPACES
        seen: list[int] = []
        clock = 0

        def visit(u: int) -> None:
            nonlocal clock
            disc[u] = low[u] = clock
            clock += 1
            seen.append(u)
            rest = nmask[u] & inside
            while rest:
                bit = rest & -rest
                rest ^= bit
                v = bit.bit_length() - 1
                if disc[v] < 0:
                    visit(v)
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] >= disc[u]:
                        total = top = 0
                        while True:
                            x = seen.pop()
                            total += weight[x]
                            if hang[x] > top:
                                top = hang[x]
                            if x == v:
                                break
                        if total + top > hang[u]:
                            hang[u] = total + top
                elif disc[v] < low[u]:
                    low[u] = disc[v]

        visit(cur)
        return hang[cur]

    def follow(key: int) -> list[int]:
        out = []
        while True:
            _ext, nxt = exact[key]
            if nxt < 0:
                return out
            out.append(nxt >> 48)
            key = nxt

    def dfs(cur: int, last: int, mask: int, gained: int) -> tuple[int, bool]:
        nonlocal best, best_path
        key = mask | (last + 1) << 41 | cur << 48
        hit = exact.get(key)
        if hit is not None:
            if gained + hit[0] > best:
                best = gained + hit[0]
                best_path = [*stack, *follow(key)]
            return hit[0], True
        if gained > best:
            best = gained
            best_path = stack[:]
        allowed = ge[last + 1] & usable & ~mask
        if not bounded:
            calls[0] += 1
            if calls[0] > budget:
                raise _TooWild
            best_ext = 0
            best_next = -1
            for n in nbrs[cur]:
                if allowed >> n & 1:
                    if stars >> n & 1:
                        nl, nm = last, mask | 1 << n
                    else:
                        nl = vals[n]
                        nm = mask | 1 << n if nl == last else (mask & stars) | 1 << n
                    stack.append(n)
                    ext = dfs(n, nl, nm, gained + weight[n])[0] + weight[n]
                    stack.pop()
                    if ext > best_ext:
                        best_ext = ext
                        best_next = nm | (nl + 1) << 41 | n << 48
            exact[key] = (best_ext, best_next)
            return best_ext, True
        ub = upper.get(key)
        if ub is not None and gained + ub <= best:
            return 0, False
        reachable = reach(1 << cur, allowed)
        bound = reachable.bit_count() + (reachable & circled).bit_count()
        if gained + bound > best and bound > 2:
            bound = chain_bound(cur, reachable)
        if gained + bound <= best:
            if ub is None or bound < ub:
                upper[key] = bound
            return 0, False
        moves = []
        for n in nbrs[cur]:
            if allowed >> n & 1:
                if stars >> n & 1:
                    moves.append((last, n, mask | 1 << n))
                else:
                    v = vals[n]
                    moves.append((v, n, mask | 1 << n if v == last else (mask & stars) | 1 << n))
        if len(moves) > 1:
            # Low numbers first keep more of the map open; then fewest onward routes (Warnsdorff).
            moves.sort(key=lambda m: (m[0], (NEIGHBOUR_MASK[m[1]] & allowed).bit_count()))
        all_exact = True
        best_ext = 0
        best_next = -1
        for nl, n, nm in moves:
            stack.append(n)
            ext, ok = dfs(n, nl, nm, gained + weight[n])
            stack.pop()
            all_exact = all_exact and ok
            ext += weight[n]
            if ext > best_ext:
                best_ext = ext
                best_next = nm | (nl + 1) << 41 | n << 48
        if all_exact:
            exact[key] = (best_ext, best_next)
        else:
            upper[key] = max(best_ext, best - gained)
        return best_ext, all_exact

    starts = [i for i in range(N_SPACES) if usable >> i & 1]
    # Leaves and low numbers first: good tours tend to start there, and a good first tour prunes.
    starts.sort(key=lambda i: (len(nbrs[i]) > 1, -1 if stars >> i & 1 else vals[i], len(nbrs[i])))
    for s in starts:
        last = -1 if stars >> s & 1 else vals[s]
        stack.append(s)
        dfs(s, last, 1 << s, weight[s])
        stack.pop()
    return best_path


def check_tour(board: Mapping[str, Any], tour: Iterable[str]) -> Score:
    """The score of a tour a player drew, after checking it is one (O-ROUTE, O-SCORE).

    >>> check_tour({"TX": (10, False), "OK": (20, True)}, ["TX", "OK"]).total
    3

    Raises ValueError naming the first problem: an unknown space, a missing route, a space
    visited twice, an X or an empty space entered, or a number lower than one before it
    (stars skipped: 60 → ★ → 10 is not a tour).
    """
    vals, stars, circled, usable = _arrays(board)
    tour = list(tour)
    seen: set[str] = set()
    last: int | None = None
    last_at = ""
    for k, sid in enumerate(tour, start=1):
        if not isinstance(sid, str) or sid not in INDEX:
            raise ValueError(f"step {k}: {sid!r} is not a space of the board (O-MAP)")
        if k > 1 and not is_route(tour[k - 2], sid):
            raise ValueError(f"step {k}: no route joins {tour[k - 2]} and {sid} (O-ROUTE)")
        if sid in seen:
            raise ValueError(f"step {k}: {sid} is visited twice; a tour never revisits a space (O-ROUTE)")
        seen.add(sid)
        i = INDEX[sid]
        if not usable >> i & 1:
            what = "an X" if board.get(sid) is not None else "empty"
            raise ValueError(f"step {k}: {sid} is {what}; a tour only enters numbers and stars (O-ROUTE)")
        if stars >> i & 1:
            continue
        if last is not None and vals[i] < last:
            raise ValueError(
                f"step {k}: {sid} holds {vals[i]:02d}, lower than {last:02d} in {last_at}; "
                "numbers along a tour never go down, stars skipped (O-ROUTE)"
            )
        last, last_at = vals[i], sid
    circles = sum(1 for sid in tour if circled >> INDEX[sid] & 1)
    return Score(tour, len(tour), circles, len(tour) + circles)
