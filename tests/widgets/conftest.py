"""Fixtures of the board machinery's tests: the tiny Race game and its board, and a high-score
file of a test's own."""

from __future__ import annotations

import pytest

from touring_widgets.on_tour import highscores as hs

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


@pytest.fixture
def own_table(tmp_path, monkeypatch):
    """The high-score file of the boards of one test, in a folder of its own."""
    monkeypatch.setenv(hs.ENV, str(tmp_path / "data"))
    hs._PENDING.clear()
    yield tmp_path / "data" / hs.FILE
    hs._PENDING.clear()
