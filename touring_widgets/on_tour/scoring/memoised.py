"""The memoised search for the best tour: quick whenever the cycles that equal numbers and stars
make are short, as on the maps real games produce."""

from __future__ import annotations

from typing import Any

from ..facts import N_SPACES, NEIGHBOUR_MASK
from .tour import TooWild, start_rank

__all__ = ["plain"]


def plain(vals: list[int], stars: int, circled: int, usable: int, budget: int) -> list[int]:
    """The best tour as space indices, by a memoised search; raises TooWild past ``budget`` states."""
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
            raise TooWild
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
    s = min(tops, key=lambda i: start_rank(i, vals, stars, usable))
    path = [s]
    e = firsts[s]
    while e[2] is not None:
        path.append(e[3])
        e = e[2]
    return path


_END = (0, 0, None, -1)
