"""Touring, the Parker Brothers card race: rules, engine, bots and board.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
>>> g.piles()
{'draw': 88, 'discard': 0}
"""

from __future__ import annotations

from .actions import Action
from .facts import CARDS, Card, card_name, deck_counts
from .game import Touring
from .moves import apply, explain, is_legal, judge, legal_actions
from .rules import Rules
from .scenario import scenario
from .state import State, Tableau, new_game

__all__ = [
    "CARDS",
    "Action",
    "Card",
    "Rules",
    "State",
    "Tableau",
    "Touring",
    "apply",
    "card_name",
    "deck_counts",
    "explain",
    "is_legal",
    "judge",
    "legal_actions",
    "new_game",
    "scenario",
]
