"""One random-simulation suite for every game: whatever the game, the timeline must hold.

Random games are played through the public API. At every move the action is applied to the
game and to a fork, and the two must agree; saves round-trip at random points; undo restores
exactly; at the end no action is legal.
"""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw

GAMES = {
    "touring": (tw.Touring, lambda n: ["random"] * (n % 5 + 2)),
    "on_tour": (tw.OnTour, lambda n: ["random"] * (n % 4 + 1)),
}


def nth_legal(game, index: int):
    actions = game.legal_actions()
    return next(islice(iter(actions), index % len(actions), None))


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_keep_the_timeline_whole(name, data):
    cls, players = GAMES[name]
    seed = data.draw(st.integers(0, 100_000), label="seed")
    g = cls(players=players(data.draw(st.integers(0, 11), label="players")), seed=seed)
    save_at = set(data.draw(st.lists(st.integers(0, 300), max_size=3), label="save at"))
    for ply in range(300):
        if g.is_over:
            break
        before = g.state
        twin = g.fork()
        action = nth_legal(g, data.draw(st.integers(0, 10_000), label=f"choice {ply}"))
        assert g.is_legal(action) if hasattr(g, "is_legal") else action in g.legal_actions()
        g.step(action)
        twin.step(str(action))
        assert twin.state == g.state, "the text form of an action must replay the same move"
        g.undo()
        assert g.state is before
        g.redo()
        if ply in save_at:
            loaded = cls.from_json(g.to_json())
            assert loaded.state == g.state and loaded.history == g.history
    if g.is_over:
        assert len(g.legal_actions()) == 0
        with pytest.raises(tw.IllegalAction):
            g.step()
    replay = cls(players=list(g.players), seed=seed)
    for action in g.history:
        replay.step(str(action))
    assert replay.state == g.state, "same seed and same actions must give the same game"
