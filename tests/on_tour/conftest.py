"""Shared helpers for the On Tour tests: finding positions that real games reach."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import touring_widgets as tw
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


@pytest.fixture
def find() -> Callable[..., tw.OnTour]:
    return find_game
