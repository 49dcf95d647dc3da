"""Scoring On Tour (O-ROUTE, O-SCORE): the best tour of any map, exactly, and checking a drawn tour.

A map is a dict space id -> cell, where a cell is ``None`` (empty), ``(number, circled)``,
``('star', circled)`` or ``('X', False)``; missing spaces count as empty.

The best tour is a longest weighted simple path whose numbers, stars skipped, never go down.
With distinct numbers that is a path in a DAG, but equal numbers and stars (wild) make cycles.
Two exact searches share the work:

* a memoised search over (space, last number, visited spaces that still matter), which is
  quick whenever those cycles are short, as on the maps real games produce;
* for maps where it runs past a budget (many stars among equal numbers), a branch and bound
  whose states are (space, spaces a tour could still reach) and whose bounds follow the shape
  of a tour: it climbs through levels (runs of one number, with stars), each level's part lies
  in one connected region of that number and the stars, and within a level it cannot come back
  through a space that cuts the region.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from operator import itemgetter
from typing import Any

from ..errors import IllegalAction
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


def _arrays(board: Mapping[str, Any]) -> tuple[list[int], int, int, int]:
    """Values (-1 for stars and unusable spaces), star mask, circled mask, usable mask."""
    if not isinstance(board, Mapping):
        raise IllegalAction(
            f"a map must be a dict of space id -> cell, not {type(board).__name__} (O-MAP)", "O-MAP"
        )
    vals = [-1] * N_SPACES
    stars = circled = usable = 0
    for sid, cell in board.items():
        i = _INDEX.get(sid)
        if i is None:
            raise IllegalAction(f"{repr(sid)[:40]} is not a space of the board (O-MAP)", "O-MAP")
        if cell is None:
            continue
        if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is bool:
            mark, ring = cell
            if not 0 <= mark <= 99:
                normalise_cell(cell, f"{sid}: ")  # raises
        else:
            mark, ring = normalise_cell(cell, f"{sid}: ")
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


# Neighbour unions of 14-space chunks, so the union over a whole mask is three table look-ups.
_CHUNK = 14
_CHUNKS = (N_SPACES + _CHUNK - 1) // _CHUNK


def _chunk_tables() -> tuple[tuple[int, ...], ...]:
    tables = []
    for c in range(_CHUNKS):
        table = [0]
        for i in range(c * _CHUNK, (c + 1) * _CHUNK):
            m = NEIGHBOUR_MASK[i] if i < N_SPACES else 0
            table += [t | m for t in table]  # the entries with bit i set: those without it, plus i's
        tables.append(tuple(table))
    return tuple(tables)


_T0, _T1, _T2 = _chunk_tables()


def _around(mask: int) -> int:
    """The spaces one route away from some space of ``mask``."""
    return _T0[mask & 16383] | _T1[mask >> 14 & 16383] | _T2[mask >> 28 & 16383]


def _reach(start_mask: int, allowed: int) -> int:
    """The spaces of ``allowed`` joined to ``start_mask`` through ``allowed`` (excluding the start)."""
    seen = 0
    front = start_mask
    while front:
        front = (_T0[front & 16383] | _T1[front >> 14 & 16383] | _T2[front >> 28 & 16383]) & allowed & ~seen
        seen |= front
    return seen


def best_tour(board: Mapping[str, Any]) -> Score:
    """The best tour of a map and its score, found exactly (O-ROUTE, O-SCORE).

    Works for any map, not only those a game produces. Ties between equally good tours are
    broken by a fixed search order, so the same map always gives the same tour.

    >>> best_tour({"TX": (10, True), "OK": (20, False), "KS": ("star", False), "NE": (5, False)}).total
    4

    Raises IllegalAction (O-MAP) for a map that is not a dict, an unknown space id or a malformed cell.
    """
    vals, stars, circled, usable = _arrays(board)
    path = _search(vals, stars, circled, usable)
    tour = [SPACES[i] for i in path]
    circles = sum(1 for i in path if circled >> i & 1)
    return Score(tour, len(tour), circles, len(tour) + circles)


class _TooWild(Exception):
    """The memoised search ran past its budget: the map needs bounds (many stars or equal numbers)."""


# States the memoised search may solve; maps from real games need under a thousand.
_PLAIN_BUDGET = 5_000


def _search(
    vals: list[int],
    stars: int,
    circled: int,
    usable: int,
    method: str | None = None,
    budget: int = _PLAIN_BUDGET,
) -> list[int]:
    """The best tour as space indices: memoised, then (past ``budget`` states) by the frontier
    search or the branch and bound, whichever suits the map.

    ``method`` forces one search: "plain" (memoised, however long it takes), "bounded" (branch
    and bound) or "frontier".
    """
    if method == "bounded":
        return _bounded(vals, stars, circled, usable)
    if method == "frontier":
        return _frontier(vals, stars, circled, usable, alone=True)
    try:
        return _plain(vals, stars, circled, usable, budget if method is None else 1 << 62)
    except _TooWild:
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
            return _frontier(vals, stars, circled, usable)
    return _bounded(vals, stars, circled, usable)


_FRONTIER_STARS = 16  # from this many stars on, the frontier search ...
_FRONTIER_NUMBERS = 15  # ... for maps with fewer distinct numbers than this ...
_FRONTIER_ALWAYS = 22  # ... and for every map with this many stars or more


def _plain(vals: list[int], stars: int, circled: int, usable: int, budget: int) -> list[int]:
    """The best tour as space indices, by a memoised search; raises _TooWild past ``budget`` states."""
    # A state is (space, last number, visited spaces that still matter): visited spaces with a
    # lower number than the last can never be entered again, so only the visited stars and
    # spaces holding the last number are kept. Stepping up to a higher number with no star
    # visited is the same as starting there, so those states (one per numbered space) are
    # solved first, highest numbers first, mostly without recursion.
    nmask = NEIGHBOUR_MASK
    order = sorted([(vals[i], i) for i in range(N_SPACES) if usable >> i & 1 and vals[i] >= 0], reverse=True)
    ge: dict[int, int] = {}  # value -> stars and numbers >= value
    gt: dict[int, int] = {}  # value -> stars and numbers > value
    acc = stars
    for v, i in order:
        if v not in gt:
            gt[v] = acc
        acc |= 1 << i
        ge[v] = acc
    ge[-1] = acc
    weight = [1] * N_SPACES
    c = circled
    while c:
        b = c & -c
        c ^= b
        weight[b.bit_length() - 1] = 2
    # An entry is (extension weight, spaces of that extension, next entry or None, next space).
    base: list[Any] = [None] * N_SPACES
    memo: dict[int, tuple] = {}
    count = 0

    def solve(cur: int, last: int, seen: int) -> tuple:
        nonlocal count
        count += 1
        if count > budget:
            raise _TooWild
        rest = nmask[cur] & ge[last] & ~seen
        best = 0
        best_e = None
        best_n = -1
        while rest:
            b = rest & -rest
            rest ^= b
            n = b.bit_length() - 1
            if stars & b:
                ns = seen | b
                e = memo.get(ns | (last + 1) << 41 | n << 48)
                if e is None:
                    e = solve(n, last, ns)
            else:
                nl = vals[n]
                if nl == last:
                    ns = seen | b
                    e = memo.get(ns | (nl + 1) << 41 | n << 48)
                    if e is None:
                        e = solve(n, nl, ns)
                else:
                    e = base[n]
                    if e[1] & seen:  # its best tour uses a star this one already visited
                        ns = (seen & stars) | b
                        e = memo.get(ns | (nl + 1) << 41 | n << 48)
                        if e is None:
                            e = solve(n, nl, ns)
            x = e[0] + weight[n]
            if x > best:
                best = x
                best_e = e
                best_n = n
        entry = (best, best_e[1] | 1 << best_n, best_e, best_n) if best_e is not None else _END
        memo[seen | (last + 1) << 41 | cur << 48] = entry
        return entry

    for v, i in order:
        b = 1 << i
        rest = nmask[i] & ge[v] & ~b
        if rest & stars or rest & ~gt[v]:  # a star or an equal number next door: cycles, so search
            base[i] = solve(i, v, b)
            continue
        best = 0
        best_e = None
        best_n = -1
        while rest:
            b = rest & -rest
            rest ^= b
            n = b.bit_length() - 1
            e = base[n]
            x = e[0] + weight[n]
            if x > best:
                best = x
                best_e = e
                best_n = n
        base[i] = (best, best_e[1] | 1 << best_n, best_e, best_n) if best_e is not None else _END

    best = -1
    tops: list[int] = []
    firsts: list[Any] = [None] * N_SPACES
    rest = usable & ~stars
    while rest:
        b = rest & -rest
        rest ^= b
        s = b.bit_length() - 1
        e = firsts[s] = base[s]
        t = e[0] + weight[s]
        if t > best:
            best = t
            tops = [s]
        elif t == best:
            tops.append(s)
    rest = stars
    while rest:
        b = rest & -rest
        rest ^= b
        s = b.bit_length() - 1
        if not nmask[s] & stars:
            # A tour from a lone star steps to a number next door and goes on at best as a tour
            # from there would: if even that falls short of the best, skip the search.
            top = 0
            nb = nmask[s] & usable
            while nb:
                c = nb & -nb
                nb ^= c
                n = c.bit_length() - 1
                if base[n][0] + weight[n] > top:
                    top = base[n][0] + weight[n]
            if top + weight[s] < best:
                continue
        e = firsts[s] = memo.get(b | s << 48) or solve(s, -1, b)
        t = e[0] + weight[s]
        if t > best:
            best = t
            tops = [s]
        elif t == best:
            tops.append(s)
    if not tops:
        return []
    s = min(tops, key=lambda i: _start_rank(i, vals, stars, usable))
    path = [s]
    e = firsts[s]
    while e[2] is not None:
        path.append(e[3])
        e = e[2]
    return path


_END = (0, 0, None, -1)


def _start_rank(i: int, vals: list[int], stars: int, usable: int) -> tuple[bool, int, int, int]:
    """Which of equally good tours wins: from a dead end first, then from low numbers, few routes."""
    nb = (NEIGHBOUR_MASK[i] & usable).bit_count()
    return (nb > 1, -1 if stars >> i & 1 else vals[i], nb, i)


def _bounded(vals: list[int], stars: int, circled: int, usable: int, budget: int = 0) -> list[int]:
    """The best tour as space indices, by branch and bound; past ``budget`` positions (if not 0)
    raises _TooWild carrying the best tour found so far."""
    # A state is (space, spaces the rest of the tour could still reach). Reach is taken along
    # rising numbers (a space holding a lower number than one the tour must pass first is out),
    # so it alone decides what the rest of the tour can do, whatever the path so far: tours that
    # reached the same space with the same prospects share one entry of the tables.
    nmask = NEIGHBOUR_MASK
    nbrs = NEIGHBOURS
    T0, T1, T2 = _T0, _T1, _T2
    weight = [1 + (circled >> i & 1) for i in range(N_SPACES)]
    by_value = [0] * 100
    for i in range(N_SPACES):
        if usable >> i & 1 and not stars >> i & 1:
            by_value[vals[i]] |= 1 << i
    ge = [0] * 101  # index last + 1: usable spaces a tour whose last number is ``last`` may enter
    acc = stars
    for v in range(99, -1, -1):
        acc |= by_value[v]
        ge[v + 1] = acc
    ge[0] = acc
    over = [ge[v + 2] & ~stars for v in range(99)] + [0]  # numbers higher than v
    below = []  # per v: the spaces a tour may pass just before a number v (stars, numbers <= v)
    acc = stars
    for v in range(100):
        acc |= by_value[v]
        below.append(acc)

    def wsum(m: int) -> int:
        return m.bit_count() + (m & circled).bit_count()

    def reachable(cur: int, level: int, avail: int) -> int:
        # Spaces a walk from cur can reach with its numbers never going down: flood the lowest
        # level first, and keep what lies next to it on higher numbers for the levels after.
        seen = front = 1 << cur
        same = avail & (stars | by_value[level]) if level >= 0 else avail & stars
        up = 0
        while True:
            while front:
                near = (T0[front & 16383] | T1[front >> 14 & 16383] | T2[front >> 28 & 16383]) & ~seen
                up |= near & avail & ~same
                front = near & same
                seen |= front
            if not up:
                return seen ^ 1 << cur
            lo, hi = level + 1, 99  # the lowest number waiting, found by halving
            while lo < hi:
                mid = (lo + hi + 1) >> 1
                if up & ~ge[mid + 1]:
                    hi = mid - 1
                else:
                    lo = mid
            level = lo
            # Next level: numbers below it are out (none wait); the walk steps onto its numbers.
            avail &= ge[level + 1]
            same = avail & (stars | by_value[level])
            front = up & by_value[level]
            up ^= front
            seen |= front

    block_memo: dict[int, list[tuple[int, int]]] = {}
    chain_memo: dict[int, int] = {}

    def blocks(cur: int, inside: int) -> list[tuple[int, int]]:
        # Blocks (biconnected components) of the spaces ``inside``, met from cur, children first,
        # each as (the cut space it hangs from, its other spaces).
        key = inside | cur << 41
        found = block_memo.get(key)
        if found is None:
            found = block_memo[key] = find_blocks(cur, inside)
        return found

    def find_blocks(cur: int, inside: int) -> list[tuple[int, int]]:
        disc = [-1] * N_SPACES
        low = [0] * N_SPACES
        stack: list[int] = []
        out: list[tuple[int, int]] = []
        clock = 0

        def visit(u: int) -> None:
            nonlocal clock
            disc[u] = low[u] = clock
            clock += 1
            stack.append(u)
            for v in nbrs[u]:
                if not inside >> v & 1:
                    continue
                if disc[v] < 0:
                    visit(v)
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] >= disc[u]:
                        members = 0
                        while True:
                            x = stack.pop()
                            members |= 1 << x
                            if x == v:
                                break
                        out.append((u, members))
                elif disc[v] < low[u]:
                    low[u] = disc[v]

        visit(cur)
        return out

    def chain(cur: int, inside: int) -> int:
        # The most a simple path from cur within ``inside`` can add: it follows one chain of blocks.
        key = inside | cur << 41
        found = chain_memo.get(key)
        if found is None:
            found = chain_memo[key] = find_chain(cur, inside)
        return found

    def find_chain(cur: int, inside: int) -> int:
        hang = [0] * N_SPACES
        for root, members in blocks(cur, inside):
            top = 0
            m = members
            while m:
                b = m & -m
                m ^= b
                h = hang[b.bit_length() - 1]
                if h > top:
                    top = h
            t = members.bit_count() + (members & circled).bit_count() + top
            if t > hang[root]:
                hang[root] = t
        return hang[cur]

    def bound(cur: int, last: int, ahead: int, need: int) -> int:
        # An upper bound on what a tour from cur can still add, given it may only use ``ahead``;
        # or, as soon as that bound is sure to exceed ``need``, some value above ``need``.
        cur_bit = 1 << cur
        same = stars | by_value[last] if last >= 0 else stars
        home = _reach(cur_bit, same & (ahead | cur_bit)) & ahead  # before the tour's number rises
        higher = ahead & ~home & ~stars
        # The part of a tour on one higher number lies in one region: the spaces joined to it
        # through that number and stars. It then steps to a higher number next to the region,
        # so the regions, highest numbers first, give the most a tour can add from each.
        levels = []
        h = higher
        while h:
            v = vals[(h & -h).bit_length() - 1]
            levels.append(v)
            h &= ~by_value[v]
        levels.sort(reverse=True)
        region_of = [0] * N_SPACES
        after_of = [0] * N_SPACES  # the most the regions after a number's own can add
        total_of = [0] * N_SPACES  # the same, its own region included
        num_total = [0] * N_SPACES  # as total_of, counting numbers only
        wild = stars & ahead
        clumps = []  # the stars ahead in joined clumps, each with the spaces next to it
        rest = wild if levels else 0
        while rest:
            b = rest & -rest
            clump = _reach(b, wild) | b
            rest &= ~clump
            clumps.append((clump, _around(clump)))
        for v in levels:
            vm = by_value[v] & ahead
            up = higher & over[v]
            while vm:
                # The region: the number's spaces joined through clumps of stars and each other.
                b = vm & -vm
                comp = b
                edge = _around(b)
                while True:
                    grown = edge & vm & ~comp
                    if grown:
                        comp |= grown
                        edge |= _around(grown)
                    for clump, around in clumps:
                        if edge & clump and not comp & clump:
                            comp |= clump
                            edge |= around
                            grown = 1
                    if not grown:
                        break
                numbers = comp & vm
                vm &= ~comp
                nb = edge & up
                after = after_n = 0
                while nb:
                    c = nb & -nb
                    i = c.bit_length() - 1
                    if total_of[i] > after:
                        after = total_of[i]
                    if num_total[i] > after_n:
                        after_n = num_total[i]
                    nb &= ~region_of[i]
                w = comp.bit_count() + (comp & circled).bit_count()
                wn = numbers.bit_count() + (numbers & circled).bit_count()
                while numbers:
                    c = numbers & -numbers
                    numbers ^= c
                    i = c.bit_length() - 1
                    region_of[i] = comp
                    after_of[i] = after
                    total_of[i] = w + after
                    num_total[i] = wn + after_n
        near = home | cur_bit
        first = _around(near) & higher
        step = step_n = 0
        while first:
            c = first & -first
            i = c.bit_length() - 1
            if total_of[i] > step:
                step = total_of[i]
            if num_total[i] > step_n:
                step_n = num_total[i]
            first &= ~region_of[i]
        result = min(
            wsum(ahead),
            wsum(home) + step,
            wsum(home | wild) + step_n,
        )
        if result <= need:
            return result
        # Sharper: the tour leaves its first level from some space x after a path from cur to x,
        # which stays within the blocks (biconnected parts) between them and passes every cut
        # space between them; then it climbs from a number y next to x through y's region, which
        # it enters without those cut spaces, and which it crosses along one chain of blocks.
        on_some = [0] * N_SPACES
        on_every = [0] * N_SPACES
        best_exit = 0
        pending = [(cur_bit, 0, 0, 0)]  # (spaces x, blocks up to them, their weight, cut spaces)
        for root, members in reversed(blocks(cur, home | cur_bit)):
            some = on_some[root] | members
            every = on_every[root] | (1 << root if root != cur else 0)
            m = members
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                on_some[i] = some
                on_every[i] = every
            pending.append((members, some, wsum(some), every))
        for xs, some, sw, every in pending:
            if sw > best_exit:
                best_exit = sw
                if best_exit > need:
                    return best_exit
            ys = higher & _around(xs)
            while ys:
                c = ys & -ys
                ys ^= c
                y = c.bit_length() - 1
                if sw + total_of[y] <= best_exit:
                    continue
                v = vals[y]
                t = min(wsum(some | region_of[y]) + after_of[y], wsum(some | wild) + num_total[y])
                if t <= best_exit:
                    continue
                if t <= need:
                    best_exit = t
                    continue
                # Which x of the block it leaves from decides the cut spaces it must have used.
                xb = nmask[y] & xs
                tx = 0
                while xb:
                    d = xb & -xb
                    xb ^= d
                    region = (by_value[v] | stars) & ahead & ~every & ~d
                    reg = _reach(c, region) | c
                    t1 = min(wsum(some | reg) + after_of[y], wsum(some | wild) + num_total[y])
                    if t1 > need and t1 > tx:
                        t1 = min(t1, sw + weight[y] + chain(y, reg) + after_of[y])
                    tx = max(tx, t1)
                    if tx >= t:
                        break
                if tx > best_exit:
                    best_exit = tx
                    if best_exit > need:
                        return best_exit
        return min(result, best_exit)

    best = count = 0
    best_path: list[int] = []
    stack: list[int] = []
    upper: dict[int, int] = {}  # key -> proven upper bound on the extension

    def parts(cur: int, ahead: int) -> int:
        # The tour goes on into one of the parts ``ahead`` falls into without cur (it cannot
        # come back through cur): the most one part holds, less what its ends cost.
        rest = nmask[cur] & ahead
        first = rest & -rest
        part = _reach(first, ahead) | first
        if not rest & ~part:
            return wsum(ahead) - ends(cur, ahead)
        top = 0
        while rest:
            first = rest & -rest
            part = _reach(first, ahead) | first
            rest &= ~part
            w = wsum(part)
            if w > top:
                w -= ends(cur, part)
                if w > top:
                    top = w
        return top

    def ends(cur: int, ahead: int) -> int:
        # What the spaces a tour from cur can neither enter nor leave cost it: a space of
        # ``ahead`` needs a space before it (cur, a star, a number not above its own) and, unless
        # it ends the tour, a different one after it (a star, a number not below its own). With
        # no way in it is out; with no way on it can only be the last space, so of all those
        # only the heaviest counts.
        inside = ahead | 1 << cur
        lost = top = 0
        rest = ahead
        while rest:
            b = rest & -rest
            rest ^= b
            i = b.bit_length() - 1
            near = nmask[i] & inside
            if stars & b:
                into = near
                out = near & ahead
            else:
                v = vals[i]
                into = near & below[v]
                out = near & ahead & ge[v + 1]
            if not into:
                lost += weight[i]
            elif not out or (into | out).bit_count() == 1:
                w = weight[i]
                lost += w
                if w > top:
                    top = w
        return lost - top

    def dfs(cur: int, last: int, seen: int, gained: int) -> int:
        # Returns the best extension found (0 if ruled out).
        nonlocal best, best_path, count
        count += 1
        if count > budget > 0:
            raise _TooWild(best_path)
        if gained > best:
            best = gained
            best_path = stack[:]
        need = best - gained  # an extension must add more than this to matter
        avail = ge[last + 1] & usable & ~seen
        if avail.bit_count() + (avail & circled).bit_count() <= need:
            return 0  # even every space left would not be enough
        ahead = reachable(cur, last, avail)
        key = ahead | cur << 41
        ub = upper.get(key)
        if ub is not None and ub <= need:
            return 0
        b = wsum(ahead)
        if b > need:
            b = parts(cur, ahead)
        if b > need:
            b = bound(cur, last, ahead, need)
        if b <= need:
            if ub is None or b < ub:
                upper[key] = b
            return 0
        moves = []
        rest = nmask[cur] & ahead
        while rest:
            bit = rest & -rest
            rest ^= bit
            n = bit.bit_length() - 1
            if stars & bit:
                moves.append((last, n, seen | bit))
            else:
                v = vals[n]
                moves.append((v, n, seen | bit if v == last else (seen & stars) | bit))
        if len(moves) > 1:
            # Low numbers first keep more of the map open; then fewest onward routes (Warnsdorff).
            moves.sort(key=lambda m: (m[0], (nmask[m[1]] & ahead).bit_count()))
        best_ext = 0
        for nl, n, ns in moves:
            stack.append(n)
            ext = dfs(n, nl, ns, gained + weight[n]) + weight[n]
            stack.pop()
            if ext > best_ext:
                best_ext = ext
        # No extension is known exactly (every leaf is ruled out: nothing ahead adds more than
        # 0), so the table keeps a bound: what was found, or what the best tour already beats.
        upper[key] = max(best_ext, best - gained)
        return best_ext

    starts = [i for i in range(N_SPACES) if usable >> i & 1]
    # Dead ends and low numbers first: good tours tend to start there, and a good first tour
    # prunes. Stars last: a tour from a star may climb to any number, so its search is the
    # widest, and it goes quickest once the best tour is known.
    starts.sort(key=lambda i: (bool(stars >> i & 1), _start_rank(i, vals, stars, usable)))
    for s in starts:
        stack.append(s)
        dfs(s, -1 if stars >> s & 1 else vals[s], 1 << s, weight[s])
        stack.pop()
    return best_path


# The frontier search takes the spaces in this order, east to west, chosen once (a greedy order
# keeping the frontier small, the best of some tried on star-heavy maps): at most six spaces
# taken still have routes to spaces not taken.
_ORDER_TEXT = (
    "NE2 NY PA MC VA WV OH KY TN NC SC GA MO IL IN MI WI IA MN AL "
    "FL MS AR LA TX OK NM KS NE CO SD WY ND MT UT ID AZ NV CA OR WA"
)
_ORDER = tuple(_ORDER_TEXT.split())
_ORDER_IDX = tuple(_INDEX[sid] for sid in _ORDER)


def _frontier(vals: list[int], stars: int, circled: int, usable: int, alone: bool = False) -> list[int]:
    """The best tour as space indices, by dynamic programming over the board's frontier.

    ``alone``: the frontier search finds the tour itself (to test it), even where the branch and
    bound that starts it finishes first, and the tour it finds beats only a shorter one.
    """
    # Spaces are taken in _ORDER; at each step a space is left off the tour or put on it joined
    # by routes to up to two spaces taken before. What is taken so far is then a set of pieces
    # of the tour (paths), and all that matters for the rest is what the frontier holds (the
    # spaces taken that still have routes to spaces not taken): which of them end a piece,
    # which end its other end is (a frontier space, or an end of the whole tour), and the
    # first number met from each end, which decides whether two pieces may be joined. Stars
    # and cycles of equal numbers cost nothing here: the work grows with the board's frontier
    # (at most seven spaces in _ORDER) and with the distinct numbers, not with the stars.
    # A state is dropped when no order of its pieces makes one tour, or when even every space
    # left that its pieces' numbers allow would not make it beat the best tour known
    # (_ruled_out). Two quick searches find that tour first, near the best in a fraction of
    # the time (a short branch and bound, and a pass keeping only the states a step that look
    # best), and the exact pass then has mostly to prove it.
    try:
        known = _bounded(vals, stars, circled, usable, _KNOWN_BUDGET)
    except _TooWild as wild:
        known = wild.args[0]
    else:
        if not alone:
            return known  # the branch and bound finished: it is exact
    weight = len(known) + sum(1 for i in known if circled >> i & 1)
    quick, found, _ = _frontier_pass(vals, stars, circled, usable, weight - 1, _BEAM)
    if quick <= weight:
        found = None  # the branch and bound's tour is as good
    else:
        weight = quick
    _, found2, _ = _frontier_pass(vals, stars, circled, usable, weight - alone)
    if found2 is not None:
        found = found2
    elif found is None:
        return known  # nothing beats it
    step, came, choice = found
    on = []
    routes: list[list[int]] = [[] for _ in range(N_SPACES)]
    while True:
        v = _ORDER_IDX[step]
        if choice != -1:
            on.append(v)
            for u in choice:
                routes[u].append(v)
                routes[v].append(u)
        if step == 0:
            break
        _, came, choice, _ = came
        step -= 1
    ends = [v for v in on if len(routes[v]) < 2]
    s = min(ends, key=lambda i: _start_rank(i, vals, stars, usable))
    path = [s]
    prev = -1
    while True:
        nxt = [u for u in routes[path[-1]] if u != prev]
        if not nxt:
            break
        prev = path[-1]
        path.append(nxt[0])
    seq = [vals[i] for i in path if not stars >> i & 1]
    if any(a > b for a, b in pairwise(seq)):
        path.reverse()
    return path


_KNOWN_BUDGET = 1_000  # positions of the branch and bound that finds the frontier search's first tour
_BEAM = 300  # states a step the quick pass of the frontier search keeps


def _frontier_pass(
    vals: list[int], stars: int, circled: int, usable: int, best: int, beam: int = 0
) -> tuple[int, tuple | None, list[int]]:
    """The frontier search: (best weight above ``best``, how it ends, the states kept a step).

    How it ends: the step, the entry of the state before it and the choice there; an entry is
    (weight, the entry it came from, the choice that made it, tour ends so far), so the tour is
    read back along them.

    A state is a tuple over the frontier: 0 where no piece ends, else 1 | mate << 1 | own << 7
    | other << 14, where mate is the space at the piece's other end (itself for a lone space,
    63 for an end of the whole tour), own and other the first numbers met from this end and
    from the other (number + 1; 0 for none: stars only). ``beam`` (if not 0) keeps only that
    many states a step, those that may still weigh most less a space for each loose end: a
    quick tour, not always the best.
    """
    weight = [1 + (circled >> i & 1) for i in range(N_SPACES)]
    code = [0 if stars >> i & 1 else vals[i] + 1 for i in range(N_SPACES)]
    remaining = [0] * (N_SPACES + 1)
    # per step, the weight still to come of each number (by code), for the bound of _ruled_out
    ahead_by_code: list[dict[int, int]] = [{} for _ in range(N_SPACES + 1)]
    for k in range(N_SPACES - 1, -1, -1):
        v = _ORDER_IDX[k]
        on = usable >> v & 1
        remaining[k] = remaining[k + 1] + (weight[v] if on else 0)
        ahead = ahead_by_code[k] = dict(ahead_by_code[k + 1])
        if on and code[v]:
            ahead[code[v]] = ahead.get(code[v], 0) + weight[v]
    states: dict[tuple, tuple] = {(): (0, None, None, 0)}
    numbers_of = _NUMBERS_OF.__getitem__
    kills: dict[tuple, int] = {}

    def ruled_out(st: tuple) -> int:
        # _ruled_out reads only the entries' numbers, which many states share
        sig = tuple(map(numbers_of, st))
        kill = kills.get(sig)
        if kill is None:
            kill = kills[sig] = _ruled_out(st)
        return kill

    found: tuple | None = None
    sizes: list[int] = []
    for k, (v, fr, earlier, leaving, getter) in enumerate(_STEPS):
        slot = {u: j for j, u in enumerate(fr)}
        last = len(fr) - 1
        rem = remaining[k + 1]
        on = usable >> v & 1
        wv = weight[v] if on else 0
        x = code[v]
        lone = 1 | v << 1 | x << 7 | x << 14
        nxt: dict[tuple, tuple] = {}
        get = nxt.get

        def emit(
            r: list[int],
            w2: int,
            came: tuple,
            choice: Any,
            t: int,
            k: int = k,
            fr: tuple[int, ...] = fr,
            leaving: tuple[int, ...] = leaving,
            getter: Any = getter,
            slot: dict[int, int] = slot,
            rem: int = rem,
            nxt: dict[tuple, tuple] = nxt,
            get: Any = get,
        ) -> None:
            # The state after choice, once the spaces leaving the frontier are settled.
            nonlocal best, found
            if w2 + rem <= best:
                return
            for j in leaving:
                rj = r[j]
                if not rj:
                    continue
                r[j] = 0
                m = rj >> 1 & 63
                if m == 63 or m == fr[j]:
                    # the whole tour ends here: only if no other piece was taken
                    if w2 > best and not any(r):
                        best = w2
                        found = (k, came, choice)
                    return
                r[slot[m]] |= 126  # its mate is now an end of the tour
                t += 1
                if t > 2:
                    return  # a third end
            key = getter(r)
            old = get(key)
            if old is None or w2 > old[0]:
                nxt[key] = (w2, came, choice, t)

        sizes.append(len(states))
        ahead = ahead_by_code[k]
        lost_by_kill: dict[int, int] = {}
        for st, entry in states.items():
            w = entry[0]
            t = entry[3]
            if w + rem + wv <= best:
                continue
            kill = ruled_out(st)
            if kill < 0:
                continue  # its pieces can never be joined into one tour
            if kill:
                lost = lost_by_kill.get(kill)  # the weight to come that no tour through st can take
                if lost is None:
                    lost = lost_by_kill[kill] = sum(wc for c, wc in ahead.items() if kill >> c & 1)
                if w + rem + wv - lost <= best:
                    continue
            base = [*st, 0]
            if not on:
                emit(base, w, entry, -1, t)
                continue
            w2 = w + wv
            for a, ja in enumerate(earlier):
                ra = base[ja]
                if not ra:
                    continue
                ua = fr[ja]
                p = ra >> 1 & 63
                # the piece p..ua (first numbers vp from p, vx from ua), then v
                vx = ra >> 7 & 127
                vp = ra >> 14 & 127
                if not (
                    (vp <= vx and (not vx or not x or vx <= x))
                    or (x <= vp and vx <= vp and (not vx or not x or x <= vx))
                ):
                    continue
                np_ = vp or x
                nv = x or vx
                r = base[:]
                if p == ua:
                    r[ja] = 1 | v << 1 | np_ << 7 | nv << 14
                else:
                    r[ja] = 0
                    if p != 63:
                        r[slot[p]] = 1 | v << 1 | np_ << 7 | nv << 14
                r[last] = 1 | p << 1 | nv << 7 | np_ << 14
                emit(r, w2, entry, (ua,), t)
                for jb in earlier[a + 1 :]:
                    rb = base[jb]
                    if not rb:
                        continue
                    ub = fr[jb]
                    q = rb >> 1 & 63
                    if q == ua:
                        continue  # the same piece: a cycle
                    vy = rb >> 7 & 127
                    vq = rb >> 14 & 127
                    # the piece p..v (np_, nv), then ub..q (vy, vq)
                    if not (
                        (np_ <= nv and vy <= vq and (not nv or not vy or nv <= vy))
                        or (vq <= vy and nv <= np_ and (not nv or not vy or vy <= nv))
                    ):
                        continue
                    fp = np_ or vy
                    fq = vq or nv
                    r = base[:]
                    r[ja] = r[jb] = 0
                    if p == ua:
                        r[ja] = 1 | q << 1 | fp << 7 | fq << 14
                    elif p != 63:
                        r[slot[p]] = 1 | q << 1 | fp << 7 | fq << 14
                    if q == ub:
                        r[jb] = 1 | p << 1 | fq << 7 | fp << 14
                    elif q != 63:
                        r[slot[q]] = 1 | p << 1 | fq << 7 | fp << 14
                    if p == 63 and q == 63:
                        # the whole tour: only if no other piece was taken
                        if w2 > best and not any(r):
                            best = w2
                            found = (k, entry, (ua, ub))
                        continue
                    emit(r, w2, entry, (ua, ub), t)
            r = base[:]
            r[last] = lone
            emit(r, w2, entry, (), t)
            emit(base, w, entry, -1, t)
        if beam and len(nxt) > beam and k + 1 < N_SPACES:
            after = ahead_by_code[k + 1]
            ranked = []
            for key, entry in nxt.items():
                kill = ruled_out(key)
                if kill < 0:
                    continue
                lost = sum(wc for c, wc in after.items() if kill >> c & 1) if kill else 0
                # Each open end of a piece counts against it as about one space: a state with
                # fewer loose ends is nearer a whole tour (measured: quick tours 1-6 spaces
                # nearer the best on the stress maps than ranking by weight alone).
                ranked.append((entry[0] - lost - sum(1 for e in key if e), key))
            ranked.sort(reverse=True)
            nxt = {key: nxt[key] for _, key in ranked[:beam]}
        states = nxt
    return best, found, sizes


def _ruled_out(st: tuple) -> int:
    """The numbers (a bit per code) no space still to come can hold on a tour through the
    pieces of frontier state ``st``; -1 when no tour can join those pieces at all.

    The pieces are stretches of one tour, so they must follow one another with their numbers
    rising: two of them whose numbers overlap, or a number inside one piece's numbers held by
    another, can never be joined, and no space to come may hold a number inside a piece's. A
    piece ending at an end of the whole tour, climbing (falling) from there, comes first (last):
    every other number is at least (at most) the one at its open end.
    """
    first = last = 0  # the number (code) the rest must reach at least / stay at most
    inside = points = stretch = not_first = not_last = every = 0
    ends = []
    for e in st:
        if e < 128:
            continue  # no piece ends here, or stars only: fits anywhere
        piece = _PIECES.get(e, 0)
        if piece == 0:
            piece = _PIECES[e] = _piece(e)
        if piece is None:
            continue  # a piece read from its other end, which says it all
        role, own, half, whole, point, between = piece
        if role == 1:
            if first:
                return -1  # two starts
            first = own
        elif role == 2:
            if last:
                return -1  # two finishes
            last = own
        elif e >> 1 & 63 == 63:
            ends.append(own)  # a tour end, its piece one number only: it comes first or last
        if stretch & half:
            return -1  # overlapping numbers: neither piece can follow the other
        stretch |= half
        inside |= between
        points |= point
        every |= whole
        if role != 1:
            not_first |= whole
        if role != 2:
            not_last |= whole
    if points & inside:
        return -1  # a number inside another piece's numbers
    kill = inside
    for n in ends:
        below = every & ((1 << n) - 2)
        above = every & ~((1 << (n + 1)) - 1)
        if below and above:
            return -1  # numbers on both sides of a piece that must come first or last
        if below:
            kill |= ~((1 << (n + 1)) - 1) & _ALL_CODES  # it comes last: nothing above it
        elif above:
            kill |= (1 << n) - 2  # it comes first: nothing below it
    if first:
        low = (1 << first) - 2
        if not_first & low:
            return -1  # a number the tour's first piece has already climbed past
        kill |= low
    if last:
        high = ~((1 << (last + 1)) - 1) & _ALL_CODES
        if not_last & high:
            return -1  # a number above where the tour's last piece starts
        kill |= high
    return kill


def _piece(e: int) -> tuple[int, int, int, int, int, int] | None:
    """What _ruled_out needs of a frontier entry ``e`` that ends a piece holding numbers:
    (role: 1 the tour's first piece, 2 its last, else 0; the number at this end; the codes
    lo..hi-1, lo..hi, the code if lo == hi, the codes strictly between lo and hi). None for the
    end of a piece with both ends on the frontier whose number is the higher: the other end,
    read first or later, stands for the piece (equal numbers at both ends count twice, harmlessly).
    """
    own = e >> 7 & 127
    other = e >> 14
    mate = e >> 1 & 63
    role = 0
    if mate == 63:
        if own != other:
            role = 1 if own > other else 2  # climbing from the far end: the tour starts there
    elif own > other:
        return None
    lo, hi = (other, own) if other < own else (own, other)
    half = ((1 << hi) - 1) & ~((1 << lo) - 1)
    whole = half | 1 << hi
    return role, own, half, whole, 0 if half else 1 << lo, _BETWEEN[lo][hi]


_PIECES: dict[int, tuple[int, int, int, int, int, int] | None] = {}


class _Numbers(dict):
    """Frontier entry -> all _ruled_out reads of it: its numbers, and whether its mate ends the tour."""

    def __missing__(self, e: int) -> int:
        n = self[e] = 0 if e < 128 else (e >> 7) << 1 | (e >> 1 & 63 == 63)
        return n


_NUMBERS_OF = _Numbers()


_ALL_CODES = (1 << 101) - 2  # codes 1..100: the numbers 0..99, plus one
_BETWEEN = [  # _BETWEEN[a][b]: the codes strictly between a and b
    [((1 << b) - 1) & ~((1 << (a + 1)) - 1) if b > a + 1 else 0 for b in range(101)] for a in range(101)
]


def _steps() -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any], ...]:
    """For each space of _ORDER: (space, the frontier with it, the slots of its neighbours
    taken before, the slots of the spaces leaving the frontier, the getter of the rest)."""
    position = [0] * N_SPACES
    for k, v in enumerate(_ORDER_IDX):
        position[v] = k
    last_near = [max((position[u] for u in NEIGHBOURS[v]), default=-1) for v in range(N_SPACES)]
    steps = []
    front: list[int] = []
    for k, v in enumerate(_ORDER_IDX):
        fr = (*front, v)
        earlier = tuple(j for j, u in enumerate(front) if u in NEIGHBOURS[v])
        leaving = tuple(j for j, u in enumerate(fr) if last_near[u] <= k)
        keep = [j for j, u in enumerate(fr) if last_near[u] > k]
        if len(keep) > 1:
            getter = itemgetter(*keep)
        else:
            getter = (lambda r, j=keep[0]: (r[j],)) if keep else (lambda r: ())
        steps.append((v, fr, earlier, leaving, getter))
        front = [fr[j] for j in keep]
    return tuple(steps)


_STEPS = _steps()


def check_tour(board: Mapping[str, Any], tour: list[str] | tuple[str, ...]) -> Score:
    """The score of a tour a player drew, after checking it is one (O-ROUTE, O-SCORE).

    >>> check_tour({"TX": (10, False), "OK": (20, True)}, ["TX", "OK"]).total
    3

    Raises IllegalAction naming the first problem: a tour that is not a non-empty list of space
    ids, an unknown space (O-MAP), a missing route, a space visited twice, an X or an empty
    space entered, or a number lower than one before it (stars skipped: 60 → ★ → 10 is not a
    tour) (O-ROUTE); or a malformed map (O-MAP).
    """
    vals, stars, circled, usable = _arrays(board)
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
        raise IllegalAction("the tour is empty: a tour visits at least one space (O-ROUTE)", "O-ROUTE")
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
