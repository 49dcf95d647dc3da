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
from operator import add, gt

from .actions import Action
from .facts import INDEX, N_SPACES, NEIGHBOUR_MASK, NEIGHBOURS, SPACES, bits
from .moves import _second, _shape, legal_actions, one_space_numbers
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
def _places() -> tuple[tuple[int, ...], ...]:
    """Per space (board index), its place on each plan of the library."""
    library = plans()
    return tuple(tuple(where[i] for where, _ in library) for i in range(N_SPACES))


@lru_cache(maxsize=256)
def setup_plan(setup: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The plan of the library that best fits the circled setup numbers.

    Cost: each number's distance from its share of the route (0 at the start, 100 at the end),
    plus ``SETUP_INVERSION`` for each pair out of order along the route; the first cheapest wins.
    """
    library = plans()
    places = _places()
    costs = [0.0] * len(library)
    wrong = [0] * len(library)  # pairs out of order
    for card, v in setup:
        dev = [abs(v - 100.0 * (k + 0.5) / N_SPACES) for k in range(N_SPACES)]
        costs = list(map(add, costs, map(dev.__getitem__, places[INDEX[card]])))
    for c1, v1 in setup:
        for c2, v2 in setup:
            if v1 < v2:
                wrong = list(map(add, wrong, map(gt, places[INDEX[c1]], places[INDEX[c2]])))
    total = [SETUP_INVERSION * w + c for w, c in zip(wrong, costs)]
    pick = total.index(min(total))
    return library[pick]


CIRCLE_BONUS = 14.0
FIT = 100.0
WRONG_ORDER = 60.0


def bot_rng(state: State, player: int, name: str) -> random.Random:
    """The random generator of one bot decision: a function of the seed, the turn and the player."""
    return random.Random(f"on_tour/{state.seed!r}/bot/{name}/{state.round}/{player}")


def random_policy(state: State, player: int) -> Action:
    """Any legal writing, uniformly."""
    legal = legal_actions(state, player)
    return legal[bot_rng(state, player, "random").randrange(len(legal))]


def _anchors(cells: tuple, order: tuple[int, ...]) -> tuple[list, list, list, list, list]:
    """Per plan place: the anchors before and after it, where they are, and if its stretch is broken.

    Anchors are the heaviest rising run of the numbers along the plan (a circled number weighs 2);
    a stretch between two anchors that holds another number or an X is broken.
    """
    n = N_SPACES
    at: list[int] = []  # places of the numbers along the plan, and the run each one ends
    back: list[int] = []
    stair_v: list[int] = []  # the best runs so far by last value: values and weights both rising
    stair_w: list[int] = []
    stair_at: list[int] = []
    for k in range(n):
        cell = cells[order[k]]
        if cell is not None and cell[0].__class__ is int:
            v = cell[0]
            j = bisect_right(stair_v, v)
            w = (stair_w[j - 1] if j else 0) + (2 if cell[1] else 1)
            back.append(stair_at[j - 1] if j else -1)
            lo = j - 1 if j and stair_v[j - 1] == v else j
            hi = j
            while hi < len(stair_w) and stair_w[hi] <= w:
                hi += 1
            stair_v[lo:hi], stair_w[lo:hi], stair_at[lo:hi] = [v], [w], [len(at)]
            at.append(k)
    top_at = stair_at[-1] if stair_at else -1
    keep = [False] * n
    while top_at >= 0:
        keep[at[top_at]] = True
        top_at = back[top_at]
    prev_v = [0.0] * n
    prev_k = [0] * n
    next_v = [0.0] * n
    next_k = [0] * n
    broken = [False] * n
    v, a, bad, start = -1.0, -1, False, 0
    for k in range(n):
        prev_v[k], prev_k[k] = v, a
        cell = cells[order[k]]
        if cell is None:
            continue
        if keep[k]:
            if bad:
                broken[start:k] = [True] * (k - start)
            v, a, bad, start = float(cell[0]), k, False, k + 1
        elif cell[0] != "star":
            bad = True
    if bad:
        broken[start:] = [True] * (n - start)
    v, a = 100.0, n
    for k in range(n - 1, -1, -1):
        next_v[k], next_k[k] = v, a
        if keep[k]:
            v, a = float(cells[order[k]][0]), k
    return prev_v, next_v, prev_k, next_k, broken


class _Judge:
    """Scores of writing a number, a star or an X in each space, for one map."""

    __slots__ = ("broken", "next_k", "next_v", "pos", "prev_k", "prev_v")

    def __init__(self, cells: tuple, plan: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
        self.pos, order = plan
        self.prev_v, self.next_v, self.prev_k, self.next_k, self.broken = _anchors(cells, order)

    def x_score(self, i: int) -> float:
        k = self.pos[i]
        broken = 50.0 if self.broken[k] else 0.0
        return broken - min(k, N_SPACES - 1 - k)

    def number(self, n: int, i: int) -> float:
        k = self.pos[i]
        a, b = self.prev_v[k], self.next_v[k]
        if not a <= n <= b:
            return self.x_score(i) - 50.0
        ka, kb = self.prev_k[k], self.next_k[k]
        ideal = a + (b - a) * (k - ka) / (kb - ka)
        return FIT - 2.0 * abs(n - ideal)

    def star(self, i: int) -> float:
        k = self.pos[i]
        gap = self.next_v[k] - self.prev_v[k]
        room = self.next_k[k] - self.prev_k[k]
        return FIT + 40.0 - gap / room

    def same_gap(self, i: int, j: int) -> bool:
        return self.prev_k[self.pos[i]] == self.prev_k[self.pos[j]]


def greedy_policy(state: State, player: int) -> Action:
    """The writing that best fits one long rising tour along the plan (see the module docstring)."""
    shape, empty, union, masks = _shape(state, player, forced=True)
    judge = _Judge(state.maps[player], setup_plan(state.setup))
    cards = {INDEX[c] for c in state.cards}
    low, high = state.numbers
    S = SPACES

    def bonus(i: int) -> float:
        return CIRCLE_BONUS if i in cards else 0.0

    if shape in ("star", "star_any"):
        i = max(bits(union), key=lambda i: judge.star(i) + bonus(i))
        return Action((("star", S[i]),), player)
    if shape == "star_x":
        i = max(bits(empty), key=judge.x_score)
        return Action((("X", S[i]),), player)
    if shape == "one_any":
        options = [(judge.number(n, i), n, i) for n in one_space_numbers(state) for i in bits(empty)]
        _, n, i = max(options)
        return Action(((n, S[i]),), player)
    if shape == "xtwo":
        ranked = sorted(bits(empty), key=judge.x_score, reverse=True)
        return Action((("X", S[ranked[0]]), ("X", S[ranked[1]])), player)
    if shape == "xone":
        best = max((judge.number(n, i) + bonus(i), n, i) for n in (low, high) for i in bits(union))
        _, n, i = best
        x = max(bits(empty & ~(1 << i)), key=judge.x_score)
        return Action(((n, S[i]), ("X", S[x])), player)
    # Two numbers: the best pair the cards allow.
    spaces = bits(union)
    hi_ranked = sorted(((judge.number(high, j) + bonus(j), j) for j in spaces), reverse=True)
    best_total = -1e18
    pick = (spaces[0], spaces[0])
    seconds: dict[int, int] = {}  # which cards' regions hold a space -> where the other number may go
    for i in spaces:
        lo_score = judge.number(low, i) + bonus(i)
        if shape == "two_any":
            allowed = empty & ~(1 << i)
        else:
            pattern = sum(1 << c for c, m in enumerate(masks) if m >> i & 1)
            if pattern not in seconds:
                seconds[pattern] = _second(masks, i, empty | 1 << i, keep=True)
            allowed = seconds[pattern] & ~(1 << i)
        seen = 0
        for hi_score, j in hi_ranked:
            if not allowed >> j & 1:
                continue
            total = lo_score + hi_score
            if judge.pos[i] > judge.pos[j] and judge.same_gap(i, j):
                total -= WRONG_ORDER
            if total > best_total:
                best_total, pick = total, (i, j)
            seen += 1
            if seen >= 3:
                break
    i, j = pick
    return Action(((low, S[i]), (high, S[j])), player)


#: Policy name -> the bot: ``policy(state, seat) -> action`` for a seat still to write.
POLICIES: dict[str, Policy] = {"human": greedy_policy, "greedy": greedy_policy, "random": random_policy}
