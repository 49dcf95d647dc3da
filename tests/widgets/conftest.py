"""Fixtures of the board machinery's tests: the tiny Race game and its board."""

from __future__ import annotations

import pytest

from .fake_game import Race, RaceBoard


@pytest.fixture
def race():
    """A two-seat race: a human at seat 0, a greedy bot at seat 1."""
    return Race(players=["human", "greedy"])


@pytest.fixture
def board(race):
    """Seat 0's board of ``race``, moving instantly."""
    b = RaceBoard(race, seat=0, speed="instant")
    yield b
    b.close()
