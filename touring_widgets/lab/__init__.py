"""The probability lab: exact odds beside simulated frequencies, simulation at any scale, charts.

>>> import touring_widgets as tw
>>> from touring_widgets import lab
>>> lab.roll()["star"]
Fraction(1, 10)
"""

from __future__ import annotations

from typing import Any

from ..core.stats import rate_text
from ..core.text import counted
from . import odds
from .advise import advise
from .charts import Convergence, Histogram
from .settings import setting
from .simulate import simulate

__all__ = [
    "Convergence",
    "Histogram",
    "advise",
    "counted",
    "draw_within",
    "holds",
    "next_card",
    "opening_hand",
    "rate_text",
    "roll",
    "setting",
    "simulate",
    "space_chance",
    "star_turn",
]


def __getattr__(name: str) -> Any:
    # Each game's exact odds (``lab.next_card``, ``lab.star_turn``, ...), from the registry.
    try:
        return getattr(odds, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
