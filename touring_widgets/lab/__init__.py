"""The probability lab: exact odds beside simulated frequencies, simulation at any scale, charts.

>>> import touring_widgets as tw
>>> from touring_widgets import lab
>>> lab.roll()["star"]
Fraction(1, 10)
"""

from __future__ import annotations

from .advise import advise
from .charts import Convergence, Histogram
from .odds import draw_within, holds, next_card, opening_hand, roll, space_chance, star_turn
from .simulate import simulate

__all__ = [
    "Convergence",
    "Histogram",
    "advise",
    "draw_within",
    "holds",
    "next_card",
    "opening_hand",
    "roll",
    "simulate",
    "space_chance",
    "star_turn",
]
