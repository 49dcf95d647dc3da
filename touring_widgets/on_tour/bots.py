"""On Tour bots: ``random`` (any legal writing) and ``greedy`` (a heuristic for long tours).

The greedy bot plays for one long tour along a fixed plan, a route through all 41 spaces (the
best tour of a map of stars). Written numbers along the plan are anchors; an empty space's ideal
number lies between the anchors around it, in proportion to its place. Numbers go where they fit
the plan best (rising along it, leaving room for high and low numbers), circles earn a bonus,
stars go where the plan is tightest, and a forced X goes where the plan is already broken or
near its ends. Every choice is a pure function of the state and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from .actions import Action
from .board_map import INDEX, N_SPACES, SPACES, bits
from .moves import _second, _shape, legal_actions, one_space_numbers, resolve_player
from .scoring import best_tour
from .state import State

Policy = Callable[[State, int], Action]
POLICIES = ("human", "greedy", "random")


@cache
def plan() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The plan, a route through every space (a map of stars has one), found on first use.

    Returns the route, each space's place on it (by board index), and the board index of each
    place.
    """
    route = tuple(best_tour({s: ("star", False) for s in SPACES}).tour)
    where = [0] * N_SPACES
    for k, sid in enumerate(route):
        where[INDEX[sid]] = k
    return route, tuple(where), tuple(INDEX[s] for s in route)


CIRCLE_BONUS = 14.0
FIT = 100.0
WRONG_ORDER = 60.0


def bot_rng(state: State, player: int, name: str) -> random.Random:
    """The random generator of one bot decision: a function of the seed, the turn and the player."""
    return random.Random(f"on_tour/{state.seed!r}/bot/{name}/{state.turn}/{player}")


def random_policy(state: State, player: int) -> Action:
    """Any legal writing, uniformly."""
    legal = legal_actions(state, player)
    return legal[bot_rng(state, player, "random").randrange(len(legal))]


def _anchors(cells: tuple) -> tuple[list[float], list[float], list[int], list[int]]:
    """Per plan position: the numbers before and after it along the plan, and where they are."""
    n = N_SPACES
    _, _, order = plan()
    prev_v: list[float] = [0.0] * n
    prev_k = [0] * n
    next_v: list[float] = [0.0] * n
    next_k = [0] * n
    v, at = -1.0, -1
    for k in range(n):
        prev_v[k], prev_k[k] = v, at
        cell = cells[order[k]]
        if cell is not None and isinstance(cell[0], int):
            v, at = float(cell[0]), k
    v, at = 100.0, n
    for k in range(n - 1, -1, -1):
        next_v[k], next_k[k] = v, at
        cell = cells[order[k]]
        if cell is not None and isinstance(cell[0], int):
            v, at = float(cell[0]), k
    return prev_v, next_v, prev_k, next_k


class _Judge:
    """Scores of writing a number, a star or an X in each space, for one map."""

    __slots__ = ("next_k", "next_v", "pos", "prev_k", "prev_v")

    def __init__(self, cells: tuple) -> None:
        self.prev_v, self.next_v, self.prev_k, self.next_k = _anchors(cells)
        self.pos = plan()[1]

    def x_score(self, i: int) -> float:
        k = self.pos[i]
        broken = 50.0 if self.prev_v[k] > self.next_v[k] else 0.0
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
    judge = _Judge(state.maps[player])
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


POLICY: dict[str, Policy] = {"greedy": greedy_policy, "random": random_policy, "human": greedy_policy}


def policy_action(state: State, name: str, player: int | None = None) -> Action:
    """The action the named policy takes for ``player`` (default: the next one still to write)."""
    p = resolve_player(state, player)
    assert p is not None
    return POLICY[name](state, p)
