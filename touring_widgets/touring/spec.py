"""Touring as the shared code sees it: its declared contract, registered with the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.registry import GameSpec, register
from .demos import SCRIPTS
from .facts import MILES
from .game import Touring
from .odds import draw_within, holds, next_card, opening_hand
from .scenario import position
from .search import KIT
from .session import TouringSession
from .view import narrate


def counts(game: Touring) -> dict[str, Any]:
    """What a simulated game's row counts: each seat's miles, the reshuffles, and the first seat to
    400 miles."""
    row: dict[str, Any] = {f"miles_{s}": m for s, m in enumerate(game.miles())}
    row["reshuffles"] = game.state.reshuffles
    row["first_to_400"] = first_to(game, 400)
    return row


def first_to(game: Touring, miles: int) -> int:
    """The first seat whose tableau reached ``miles`` (-1 if none did); with teams, the team's
    first seat."""
    states = game.states()
    start = next(states)
    for seat in range(start.players):
        if start.table_of(seat).miles() >= miles:
            return seat
    for state in states:  # after the start, only a mileage card played on one's own tableau adds miles
        seat, action = state.last
        mileage = action.target is None and action.kind == "play" and action.card in MILES
        if mileage and state.table_of(seat).miles() >= miles:
            return state.team_of(seat)
    return -1


def board() -> type:
    """The board widget class (ipywidgets is imported here, when a board is made)."""
    from .board import TouringBoard

    return TouringBoard


SPEC = register(GameSpec(
    name="touring",
    title="Touring",
    game=Touring,
    rule_file=Path(__file__).resolve().parent.parent / "rulebook" / "touring.md",
    rule_prefix="T-",
    narrate=narrate,
    position=position,
    search=KIT,
    counts=counts,
    simulate_players=2,
    # a game this long is not going to end (greedy bots at 4 or 5 seats can attack the leader for ever)
    simulate_cap=2000,
    demos=lambda: SCRIPTS,
    odds={"next_card": next_card, "draw_within": draw_within, "holds": holds, "opening_hand": opening_hand},
    order=0,
    session=TouringSession,
    board=board,
))
