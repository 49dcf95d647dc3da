"""Every kind of game, and positions reached in them, as hypothesis strategies.

A *kind* is a game class with its seats' policies and its rules: Touring for 2 to 6 players,
partners for 4 and 6, every switch; On Tour for 1 to 8 players, every switch. A *position* is a
game of a kind played some moves from a seed, the moves chosen among the legal ones by hypothesis
(so every kind of move is reached, not only the bots' favourites) or by the seats' bots.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from hypothesis import strategies as st

import touring_widgets as tw

TOURING_SWITCHES = {
    "short_trip": st.sampled_from([None, True, False]),
    "useful_only": st.booleans(),
    "attack_before_go": st.booleans(),
    "stack_stops": st.booleans(),
    "go_after_remedy": st.booleans(),
    "burning_oil": st.sampled_from([75, 50, 25]),
    "broken_spring": st.sampled_from([50, 35, 25]),
    "brake_adjustment": st.sampled_from([35, 25]),
    "loss_face_up": st.booleans(),
}
ON_TOUR_SWITCHES = {
    "forced_x_only": st.booleans(),
    "last_one_space": st.sampled_from(["choose", "low", "high"]),
    "shared_ties": st.booleans(),
    "reroll_setup_doubles": st.booleans(),
    "circle_any_shown": st.booleans(),
}


TOURING_SEATS = st.integers(2, 6)
ON_TOUR_SEATS = st.integers(1, 8)


@st.composite
def touring_rules(draw: Any, players: int) -> tw.touring.Rules:
    """Any Rules a table of ``players`` may choose (teams only at 4 and 6, T-TEAMS)."""
    fields = {name: draw(strategy) for name, strategy in TOURING_SWITCHES.items()}
    fields["teams"] = players in (4, 6) and draw(st.booleans())
    return tw.touring.Rules(**fields)


@st.composite
def on_tour_rules(draw: Any) -> tw.on_tour.Rules:
    return tw.on_tour.Rules(**{name: draw(strategy) for name, strategy in ON_TOUR_SWITCHES.items()})


@st.composite
def touring_kinds(draw: Any, players: st.SearchStrategy[int] = TOURING_SEATS,
                  policies: tuple[str, ...] = ("greedy", "random", "keeper")) -> dict[str, Any]:
    """The arguments of a new Touring game: seats' policies, rules and seed."""
    n = draw(players)
    return {"players": [draw(st.sampled_from(policies)) for _ in range(n)],
            "rules": draw(touring_rules(n)), "seed": draw(st.integers(0, 10**6))}


@st.composite
def on_tour_kinds(draw: Any, players: st.SearchStrategy[int] = ON_TOUR_SEATS,
                  policies: tuple[str, ...] = ("greedy", "random")) -> dict[str, Any]:
    """The arguments of a new On Tour game: seats' policies, rules and seed."""
    n = draw(players)
    return {"players": [draw(st.sampled_from(policies)) for _ in range(n)],
            "rules": draw(on_tour_rules()), "seed": draw(st.integers(0, 10**6))}


def nth_legal(game: Any, index: int) -> Any:
    """The legal action at ``index`` (modulo their count) of the seat to move."""
    actions = game.legal_actions()
    return next(islice(iter(actions), index % len(actions), None))


@st.composite
def positions(draw: Any, cls: type, kinds: st.SearchStrategy[dict[str, Any]],
              most: int = 60, chosen: float = 0.5) -> Any:
    """A game of a drawn kind, played up to ``most`` moves (fewer if it ends): each move chosen
    by hypothesis among the legal ones with probability ``chosen``, else by the seat's bot."""
    kind = draw(kinds)
    game = cls(**kind)
    plies = draw(st.integers(0, most), label="plies")
    for ply in range(plies):
        if game.is_over:
            break
        if draw(st.floats(0, 1), label=f"chooser {ply}") < chosen:
            game.step(nth_legal(game, draw(st.integers(0, 10**4), label=f"choice {ply}")))
        else:
            game.step()
    return game
