"""On Tour bots: ``random`` (any legal writing) and ``greedy`` (a heuristic for long tours).

The greedy bot plays for one long tour along a plan, a route through all 41 spaces. A few
hundred such routes (both directions) are found once, on first use, by a search with a fixed
seed; each game takes the one that best fits its four circled setup numbers (in rising order
along the route, each near its share of it). The numbers along the plan that form its heaviest
rising run (circles count double) are anchors; a number off that run breaks its stretch of the
plan. An empty space's ideal number lies between the anchors around it, in proportion to its
place. Numbers go where they fit the plan best (rising along it, leaving room for high and low
numbers), circles earn a bonus, stars go where the plan is tightest, and a number that fits
nowhere, or a forced X, goes where the plan is already broken or near its ends. Every choice is
a pure function of the state.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import accumulate, compress, islice
from operator import gt, itemgetter

from .actions import Action, canonical_action
from .facts import INDEX, N_SPACES, NEIGHBOUR_MASK, NEIGHBOURS, SPACES, bits
from .moves import legal_actions, one_space_numbers, second_spaces, writing_shape
from .state import State

Policy = Callable[[State, int], Action]


N_ROUTES = 200  # routes in the plan library; each is also taken reversed
ROUTE_BUDGET = 2000  # search steps for one route before starting afresh
SETUP_INVERSION = 1000.0  # cost of a plan that puts two setup numbers out of order


@cache
def plans() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """The plan library, routes through every space, found on first use (about 0.2 s).

    Each plan is (each space's place on it by board index, the board index of each place). The
    search starts at the space with fewest routes (a dead end, so every full route ends there),
    tries the neighbour with fewest free routes first, ties broken by a generator of fixed seed.
    """
    rng = random.Random("on_tour/bot/plans")
    start = min(range(N_SPACES), key=lambda i: len(NEIGHBOURS[i]))
    found: dict[tuple[int, ...], None] = {}
    while len(found) < N_ROUTES:
        route = _route(start, rng)
        if route is not None:
            found[route] = None
    out = []
    for route in found:
        for order in (route, route[::-1]):
            where = [0] * N_SPACES
            for k, i in enumerate(order):
                where[i] = k
            out.append((tuple(where), order))
    return tuple(out)


def _route(start: int, rng: random.Random) -> tuple[int, ...] | None:
    """One route through every space from ``start``, or None if the search runs out of steps."""
    path = [start]
    steps = 0

    def extend(cur: int, used: int) -> bool:
        nonlocal steps
        if len(path) == N_SPACES:
            return True
        steps += 1
        if steps > ROUTE_BUDGET:
            return False
        free = [n for n in NEIGHBOURS[cur] if not used >> n & 1]
        ranked = sorted(((NEIGHBOUR_MASK[n] & ~used).bit_count() + 1.5 * rng.random(), n) for n in free)
        for _, n in ranked:
            path.append(n)
            if extend(n, used | 1 << n):
                return True
            path.pop()
        return False

    return tuple(path) if extend(start, 1 << start) else None


@cache
def _in_order(order: tuple[int, ...]) -> Callable[[tuple], tuple]:
    """A function giving the cells of a map in the order of a plan."""
    return itemgetter(*order)


@cache
def _places() -> tuple[tuple[int, ...], ...]:
    """Per space (board index), its place on each plan of the library."""
    library = plans()
    return tuple(tuple(where[i] for where, _ in library) for i in range(N_SPACES))


@cache
def _after(first: int, second: int) -> int:
    """One byte a plan of the library, in library order: 1 if space ``first`` comes after space
    ``second`` on it, else 0 (as an int, so the bytes of several pairs add up at once)."""
    places = _places()
    return int.from_bytes(bytes(map(gt, places[first], places[second])), "big")


@cache
def _deviations(v: int) -> tuple[float, ...]:
    """Per place of a plan, how far ``v`` is from that place's share of the route (0 to 100)."""
    return tuple(abs(v - 100.0 * (k + 0.5) / N_SPACES) for k in range(N_SPACES))


@lru_cache(maxsize=256)
def setup_plan(setup: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The plan of the library that best fits the circled setup numbers.

    Cost: each number's distance from its share of the route (0 at the start, 100 at the end),
    plus ``SETUP_INVERSION`` for each pair out of order along the route; the first cheapest wins.
    """
    library = plans()
    places = _places()
    pairs = [(INDEX[c1], INDEX[c2]) for c1, v1 in setup for c2, v2 in setup if v1 < v2]
    if len(pairs) > 255:  # more than a byte a plan can count
        wrong = [sum(places[a][p] > places[b][p] for a, b in pairs) for p in range(len(library))]
        least = min(wrong)
        candidates = [p for p, w in enumerate(wrong) if w == least]
    else:
        # Plans with fewest pairs out of order: any other costs at least SETUP_INVERSION more,
        # far more than the distances can add.
        wrong_bytes = sum(_after(a, b) for a, b in pairs).to_bytes(len(library), "big")
        least = min(wrong_bytes)
        candidates = []
        p = wrong_bytes.find(least)
        while p >= 0:
            candidates.append(p)
            p = wrong_bytes.find(least, p + 1)
    devs = [(places[INDEX[card]], _deviations(v)) for card, v in setup]
    best = 0.0
    pick = -1
    for p in candidates:
        cost = 0.0
        for where, dev in devs:
            cost = cost + dev[where[p]]
        total = SETUP_INVERSION * least + cost
        if pick < 0 or total < best:
            best, pick = total, p
    return library[pick]


CIRCLE_BONUS = 14.0
FIT = 100.0
WRONG_ORDER = 60.0


def bot_rng(state: State, seat: int, name: str) -> random.Random:
    """The random generator of one bot decision: a function of the seed, the turn and the seat."""
    return random.Random(f"on_tour/{state.seed!r}/bot/{name}/{state.round}/{seat}")


def random_policy(state: State, seat: int) -> Action:
    """Any legal writing, uniformly."""
    legal = legal_actions(state, seat)
    return legal[bot_rng(state, seat, "random").randrange(len(legal))]


_NO_BACK = [-1] * N_SPACES
_NO_ANCHOR = [0] * N_SPACES
_PLACES = range(N_SPACES)
_EDGE = tuple(min(k, N_SPACES - 1 - k) for k in range(N_SPACES))  # places to the nearer end
_OFF = tuple(-50.0 - e for e in _EDGE)  # a number that fits nowhere, on an unbroken stretch


def _anchors(cells: tuple, order: tuple[int, ...]) -> tuple[list[int], list[float], list[int], list[bool]]:
    """The anchors along the plan and the stretches between them.

    Anchors are the heaviest rising run of the numbers along the plan (a circled number weighs 2);
    a stretch between two anchors that holds another number or an X is broken. Returns, per
    place, how many anchors lie at or before it (for a place off the run: its stretch ``s``);
    and per stretch ``s``, the anchor values and places around it (``[s]`` before, ``[s + 1]``
    after; -1 before the first anchor, 100 at place 41 after the last) and whether it is broken.
    """
    n = N_SPACES
    seq = _in_order(order)(cells)
    back = _NO_BACK[:]  # per place of a number, the place before it on the best run it ends
    stair_v: list[int] = []  # the best runs so far by last value: values and weights both rising
    stair_w: list[int] = []
    stair_at: list[int] = []  # where each of those runs ends
    # The last of them, the heaviest run: most numbers along a plan extend it, so they are
    # handled first, without a search of the stair.
    last_v, last_w, last_at = -1, 0, -1
    solid = 0  # places holding a number or an X
    for k in compress(_PLACES, seq):  # the places that are not empty
        cell = seq[k]
        v = cell[0]
        if v.__class__ is not int:
            if v != "star":
                solid |= 1 << k
            continue
        solid |= 1 << k
        if v > last_v:
            last_w += 2 if cell[1] else 1
            back[k] = last_at
            stair_v.append(v)
            stair_w.append(last_w)
            stair_at.append(k)
            last_v = v
            last_at = k
            continue
        top = len(stair_v)
        j = bisect_right(stair_v, v)
        if j:
            i = j - 1
            w = stair_w[i] + (2 if cell[1] else 1)
            back[k] = stair_at[i]
            lo = i if stair_v[i] == v else j
        else:
            w = 2 if cell[1] else 1
            lo = 0
        if j == top:  # the last number of the heaviest run is replaced
            stair_v[lo] = last_v = v
            stair_w[lo] = last_w = w
            stair_at[lo] = last_at = k
            continue
        hi = j
        while hi < top and stair_w[hi] <= w:
            hi += 1
        stair_v[lo:hi], stair_w[lo:hi], stair_at[lo:hi] = [v], [w], [k]
        if hi == top:
            last_v, last_w, last_at = v, w, k
    # Walk the heaviest run back from its end: its anchors, their values, the stretches after them.
    at_anchor = _NO_ANCHOR[:]
    kept = []
    around_v = [100.0]
    k = last_at
    broken = [solid >> (k + 1) != 0]  # after the last anchor (or anywhere, with none)
    while k >= 0:
        kept.append(k)
        at_anchor[k] = 1
        around_v.append(float(seq[k][0]))
        a = back[k]
        broken.append(solid >> (a + 1) & ((1 << (k - a - 1)) - 1) != 0)
        k = a
    kept.append(-1)
    kept.reverse()
    kept.append(n)
    around_v.append(-1.0)
    around_v.reverse()
    broken.reverse()
    return list(accumulate(at_anchor)), around_v, kept, broken


class PlanJudge:
    """Scores of writing a number, a star or an X in each empty space, for one map."""

    __slots__ = ("around_k", "around_v", "broken", "pos", "stretch")

    def __init__(self, cells: tuple, plan: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        self.pos, order = plan
        self.stretch, self.around_v, self.around_k, self.broken = _anchors(cells, order)

    def x_score(self, i: int) -> float:
        k = self.pos[i]
        broken = 50.0 if self.broken[self.stretch[k]] else 0.0
        return broken - min(k, N_SPACES - 1 - k)

    def number(self, n: int, i: int) -> float:
        k = self.pos[i]
        s = self.stretch[k]
        a, b = self.around_v[s], self.around_v[s + 1]
        if not a <= n <= b:
            return self.x_score(i) - 50.0
        ka, kb = self.around_k[s], self.around_k[s + 1]
        ideal = a + (b - a) * (k - ka) / (kb - ka)
        return FIT - 2.0 * abs(n - ideal)

    def numbers(
        self, low: int, high: int, spaces: list[int], cards: set[int]
    ) -> tuple[list[float], list[float]]:
        """``number(low, i)`` and ``number(high, i)`` for each space of ``spaces``, each plus the
        circle bonus for the spaces of ``cards``."""
        pos, stretch, around_v, around_k = self.pos, self.stretch, self.around_v, self.around_k
        broken = self.broken
        lows = []
        highs = []
        for i in spaces:
            k = pos[i]
            s = stretch[k]
            a = around_v[s]
            b = around_v[s + 1]
            bonus = CIRCLE_BONUS if i in cards else 0.0
            # a number that fits nowhere scores as x_score(i) - 50 (all whole numbers, so exact)
            off = (50.0 if broken[s] else 0.0) + _OFF[k] + bonus
            if high < a or low > b:  # neither fits (low <= high)
                lows.append(off)
                highs.append(off)
                continue
            ka = around_k[s]
            ideal = a + (b - a) * (k - ka) / (around_k[s + 1] - ka)
            lows.append(FIT - 2.0 * abs(low - ideal) + bonus if a <= low else off)
            highs.append(FIT - 2.0 * abs(high - ideal) + bonus if high <= b else off)
        return lows, highs

    def star(self, i: int) -> float:
        k = self.pos[i]
        s = self.stretch[k]
        gap = self.around_v[s + 1] - self.around_v[s]
        room = self.around_k[s + 1] - self.around_k[s]
        return FIT + 40.0 - gap / room

    def same_gap(self, i: int, j: int) -> bool:
        return self.stretch[self.pos[i]] == self.stretch[self.pos[j]]


def greedy_policy(state: State, seat: int) -> Action:
    """The writing that best fits one long rising tour along the plan (see the module docstring)."""
    shape, empty, union, masks = writing_shape(state, seat, forced=True)
    judge = PlanJudge(state.maps[seat], setup_plan(state.setup))
    cards = {INDEX[c] for c in state.cards}
    low, high = state.numbers
    S = SPACES

    def bonus(i: int) -> float:
        return CIRCLE_BONUS if i in cards else 0.0

    if shape in ("star", "star_any"):
        i = max(bits(union), key=lambda i: judge.star(i) + bonus(i))
        return Action((("star", S[i]),), seat)
    if shape == "star_x":
        i = max(bits(empty), key=judge.x_score)
        return Action((("X", S[i]),), seat)
    if shape == "one_any":
        options = [(judge.number(n, i), n, i) for n in one_space_numbers(state) for i in bits(empty)]
        _, n, i = max(options)
        return Action(((n, S[i]),), seat)
    if shape == "xtwo":
        ranked = sorted(bits(empty), key=judge.x_score, reverse=True)
        return Action((("X", S[ranked[0]]), ("X", S[ranked[1]])), seat)
    if shape == "xone":
        best = max((judge.number(n, i) + bonus(i), n, i) for n in (low, high) for i in bits(union))
        _, n, i = best
        x = max(bits(empty & ~(1 << i)), key=judge.x_score)
        return Action(((n, S[i]), ("X", S[x])), seat)
    # Two numbers: the best pair the cards allow.
    spaces = bits(union)
    lo_scores, hi_scores = judge.numbers(low, high, spaces, cards)
    hi_ranked = sorted(zip(hi_scores, spaces), reverse=True)
    pos = judge.pos
    stretch = judge.stretch
    best_total = -1e18
    pick = (spaces[0], spaces[0])
    # Which cards' regions hold a space -> the best four places for the other number (the first
    # three of them that are not the space itself are the ones worth trying).
    tops: dict[int, list[tuple[float, int]]] = {}
    if shape == "two_any":
        top_any = hi_ranked[:4]
    else:
        m0, m1, m2 = masks
    most = hi_ranked[0][0]  # no pair with the low number in i beats lo_score + most
    for i, lo_score in zip(spaces, lo_scores):
        if lo_score + most <= best_total:
            continue
        if shape == "two_any":
            top = top_any
        else:
            pattern = (m0 >> i & 1) | (m1 >> i & 1) << 1 | (m2 >> i & 1) << 2
            top = tops.get(pattern)
            if top is None:
                allowed = second_spaces(masks, i, empty | 1 << i, keep=True)
                top = tops[pattern] = list(islice((e for e in hi_ranked if allowed >> e[1] & 1), 4))
        ki = pos[i]
        gap = stretch[ki]
        seen = 0
        for hi_score, j in top:
            if j == i:
                continue
            total = lo_score + hi_score
            kj = pos[j]
            if ki > kj and gap == stretch[kj]:
                total -= WRONG_ORDER
            if total > best_total:
                best_total, pick = total, (i, j)
            seen += 1
            if seen >= 3:
                break
    i, j = pick
    return canonical_action(((low, S[i]), (high, S[j])), seat)  # low < high: not a double


#: Policy name -> the bot: ``policy(state, seat) -> action`` for a seat still to write.
POLICIES: dict[str, Policy] = {"human": greedy_policy, "greedy": greedy_policy, "random": random_policy}
