"""Shared fixtures for the On Tour tests: positions real games reach, and the rules read literally.

The literal readings are slow and simple on purpose: the engine's fast answers are checked
against them, so a test never compares the engine with itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import BOARD, SPACES, Action
from touring_widgets.on_tour.facts import ADJACENT, CARD_REGION
from touring_widgets.on_tour.state import State


def find_game(predicate: Callable[[State], bool], players: int = 1, seeds: int = 200) -> tw.OnTour:
    """A greedy game positioned at the first state (over seeds 0, 1, ...) where ``predicate`` holds."""
    for seed in range(seeds):
        game = tw.OnTour(players=players, seed=seed).play()
        for index, state in enumerate(game.states()):
            if predicate(state):
                game.goto(index)
                return game
    raise LookupError("no game reached such a position")


def brute_force(board: dict) -> int:
    """The best score by trying every simple path, with O-ROUTE and O-SCORE read literally."""
    usable = [s for s, c in board.items() if c is not None and c[0] != "X"]

    def worth(s: str) -> int:
        return 1 + board[s][1]

    best = 0

    def walk(s: str, seen: set[str], last: int | None, total: int) -> None:
        nonlocal best
        best = max(best, total)
        for n in ADJACENT[s]:
            cell = board.get(n)
            if n in seen or cell is None or cell[0] == "X":
                continue
            if cell[0] == "star":
                walk(n, seen | {n}, last, total + worth(n))
            elif last is None or cell[0] >= last:
                walk(n, seen | {n}, cell[0], total + worth(n))

    for s in usable:
        walk(s, {s}, None if board[s][0] == "star" else board[s][0], worth(s))
    return best


def literal_legal(state: State, seat: int) -> set[Action]:
    """Every legal writing of ``seat``, by O-WRITE, O-STAR, O-X and O-LAST read literally."""
    if state.over or state.written[seat]:
        return set()
    empty = [s for s, c in zip(SPACES, state.maps[seat]) if c is None]
    low, high = state.numbers
    forced = state.rules.forced_x_only

    def act(*marks) -> Action:
        return Action(tuple(marks), seat)

    if not state.cards:  # O-LAST
        if state.double:
            return {act(("star", s)) for s in empty}
        if len(empty) >= 2:
            return {act((low, a), (high, b)) for a in empty for b in empty if a != b}
        choices = {"choose": (low, high), "low": (low,), "high": (high,)}[state.rules.last_one_space]
        return {act((n, empty[0])) for n in choices}
    fits = {c: [s for s in empty if CARD_REGION[c] in BOARD[s].regions] for c in state.cards}
    xs_anywhere = {act(("X", s)) for s in empty}
    if state.double or len({CARD_REGION[c] for c in state.cards}) == 1:  # O-STAR
        stars = {act(("star", s)) for c in state.cards for s in fits[c]}
        return stars | xs_anywhere if not stars or not forced else stars
    both = {
        act((low, s1), (high, s2))
        for c1, c2 in itertools.permutations(state.cards, 2)
        for s1 in fits[c1]
        for s2 in fits[c2]
        if s1 != s2
    }
    one = {
        act((n, s), ("X", t))
        for n in (low, high)
        for c in state.cards
        for s in fits[c]
        for t in empty
        if t != s
    }
    none = {act(("X", a), ("X", b)) for a, b in itertools.combinations(empty, 2)}
    if not forced:
        return both | one | none
    return both or one or none  # O-X: place as many numbers as the board allows


@pytest.fixture(scope="session")
def find() -> Callable[..., tw.OnTour]:
    return find_game


@pytest.fixture(scope="session")
def brute() -> Callable[[dict], int]:
    return brute_force


@pytest.fixture(scope="session")
def literal() -> Callable[[State, int], set[Action]]:
    return literal_legal
