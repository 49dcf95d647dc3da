"""Fixtures for the Touring tests."""

from __future__ import annotations

import pytest

from touring_widgets.touring import Tableau


@pytest.fixture
def moving() -> Tableau:
    """A tableau that is moving with an active Freeway and some miles."""
    return Tableau(go=("go",), freeway=("freeway",), piles=(2, 1, 1, 1))
