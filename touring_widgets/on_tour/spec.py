"""On Tour as the shared code sees it: its declared contract, registered with the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.registry import ClassWork, GameSpec, register
from .demos import SCRIPTS
from .game import OnTour
from .odds import roll, space_chance, star_turn
from .scenario import position
from .search import KIT
from .session import OnTourSession
from .view import narrate


def counts(game: OnTour) -> dict[str, Any]:
    """What a simulated game's row counts: each seat's score, the star turns and the rounds."""
    row: dict[str, Any] = {f"score_{s}": score.total for s, score in enumerate(game.scores)}
    row["star_turns"] = sum(1 for s in game.states() if s.star_turn and not any(s.written))
    row["rounds"] = game.state.round
    return row


def standing(game: OnTour) -> dict[str, Any]:
    """A solo game's best tour so far: its score, spaces, circles and route."""
    score = game.scores[0]
    return {"score": score.total, "spaces": score.spaces, "circles": score.circles,
            "tour": " → ".join(score.tour)}


def picture(game: OnTour, caption: str) -> str:
    """A solo game's map with its best tour, under ``caption``."""
    from .picture import map_card

    return map_card(game.view(0), 0, caption)


def board() -> type:
    """The board widget class (ipywidgets is imported here, when a board is made)."""
    from .board import OnTourBoard

    return OnTourBoard


SPEC = register(GameSpec(
    name="on_tour",
    title="On Tour",
    game=OnTour,
    rule_file=Path(__file__).resolve().parent.parent / "rulebook" / "on_tour.md",
    rule_prefix="O-",
    narrate=narrate,
    position=position,
    search=KIT,
    counts=counts,
    simulate_players=1,
    simulate_cap=1000,
    demos=lambda: SCRIPTS,
    odds={"roll": roll, "star_turn": star_turn, "space_chance": space_chance},
    order=1,
    session=OnTourSession,
    board=board,
    classwork=ClassWork(turn=lambda game: game.state.round, standing=standing, picture=picture,
                        bots=("greedy", "search")),
))
