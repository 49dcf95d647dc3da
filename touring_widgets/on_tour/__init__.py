"""On Tour: a roll-and-write tour of the USA (rules/on_tour.md, rule ids O-…).

>>> import touring_widgets as tw
>>> o = tw.OnTour(players=1, seed=7).play()
>>> o.is_over, o.scores[0].total == tw.on_tour.best_tour(o.map(0)).total
(True, True)
"""

from __future__ import annotations

from .actions import Action
from .facts import BOARD, REGIONS, ROUTES, SPACES
from .game import OnTour
from .moves import apply, explain, is_legal, judge, legal_actions
from .rules import Rules
from .scenario import scenario
from .scoring import Score, best_tour, check_tour
from .state import State, new_game

__all__ = [
    "BOARD",
    "REGIONS",
    "ROUTES",
    "SPACES",
    "Action",
    "OnTour",
    "Rules",
    "Score",
    "State",
    "apply",
    "best_tour",
    "check_tour",
    "explain",
    "is_legal",
    "judge",
    "legal_actions",
    "new_game",
    "scenario",
]
