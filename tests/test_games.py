"""One random-simulation suite for every game: whatever the game, the timeline must hold.

Whole games are played through the public API, the same code for both games: the first moves
are chosen by hypothesis among the legal actions, the rest by the seats' bots, to the end. At
every move the action is also replayed from its text on a fork and the two must agree; an
action legal somewhere else but not here is refused and changes nothing; saves round-trip at
random points; undo restores exactly; at the end nothing is legal and nobody is to move.
"""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw

# Seats that end their games: greedy Touring bots at 4 or 5 players attack the leader forever.
GAMES = {
    "touring": (tw.Touring, lambda n: ["random", "greedy"][n % 2 :] + ["greedy"] * (1 + n % 2)),
    "on_tour": (tw.OnTour, lambda n: ["random"] * (n % 4) + ["greedy"]),
}
MAX_PLIES = 3000  # a game this long is stuck, not long


def nth_legal(game, index: int):
    actions = game.legal_actions()
    return next(islice(iter(actions), index % len(actions), None))


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_whole_random_games_keep_the_timeline_whole(name, data):
    cls, players = GAMES[name]
    seed = data.draw(st.integers(0, 100_000), label="seed")
    g = cls(players=players(data.draw(st.integers(0, 11), label="players")), seed=seed)
    chosen = data.draw(st.integers(0, 40), label="plies chosen by hypothesis")
    save_at = set(data.draw(st.lists(st.integers(0, 200), max_size=3), label="save at"))
    elsewhere = list(cls(players=list(g.players), seed=seed + 1).legal_actions())
    for ply in range(MAX_PLIES):
        if g.is_over:
            break
        before = g.state
        legal = g.legal_actions()
        texts = [str(a) for a in legal]
        assert len(legal) == len(texts) == len(set(texts)) > 0, "a lazy list counts what it yields, once each"
        for stranger in elsewhere:
            if str(stranger) not in texts:
                with pytest.raises(tw.IllegalAction):
                    g.step(stranger)
                assert g.state is before and not g.is_legal(stranger) and stranger not in legal
        twin = g.fork()
        if ply < chosen:
            action = g.step(nth_legal(g, data.draw(st.integers(0, 10_000), label=f"choice {ply}")))
        else:
            action = g.step()
        assert str(action) in texts, "a bot plays only legal actions"
        twin.step(str(action))
        assert twin.state == g.state, "the text form of an action must replay the same move"
        g.undo()
        assert g.state is before
        g.redo()
        if ply in save_at:
            loaded = cls.from_json(g.to_json())
            assert loaded.state == g.state and loaded.history == g.history
    assert g.is_over, f"no end after {MAX_PLIES} plies"
    assert len(g.legal_actions()) == 0 and g.turn is None
    with pytest.raises(tw.IllegalAction):
        g.step()
    replay = cls(players=list(g.players), seed=seed)
    for action in g.history:
        replay.step(str(action))
    assert replay.state == g.state, "same seed and same actions must give the same game"


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_play_moves_as_step_would_watched_or_not(name, seed):
    """play() with no board watching takes a quicker path; it must play the very same line, every
    move legal, and a board watching must see each move."""
    cls, players = GAMES[name]
    quick = cls(players=players(seed), seed=seed).play(max_plies=MAX_PLIES)
    watched = cls(players=players(seed), seed=seed)
    seen = []
    watched.observe(lambda g: seen.append(g.position))
    watched.play(max_plies=MAX_PLIES)
    assert quick.is_over and quick.history == watched.history and quick.state == watched.state
    assert seen == list(range(1, len(watched.history) + 1))
    replay = cls(players=players(seed), seed=seed)
    for action in quick.history:
        replay.step(str(action))  # judged move by move: every move play() made is legal
    assert replay.state == quick.state
    part = cls(players=players(seed), seed=seed).play(max_plies=7)
    assert part.position == 7 and part.history == quick.history[:7]
