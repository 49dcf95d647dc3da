"""The engine plays exactly as it did before it was made faster: whole games, pinned by digests.

Each digest is of a game's save and of every field of its final position, recorded with the engine
of commit a0bae5e (before the speed work). A change to legal-action order, a bot's choice, a
shuffle or a save changes a digest.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields

import pytest

from touring_widgets.touring import Rules, State, Tableau, Touring, new_game
from touring_widgets.touring.state import make_state, make_tableau

CONFIGS = {
    "2p": (["greedy", "greedy"], Rules()),
    "3p": (["greedy"] * 3, Rules()),
    "4pteams": (["greedy"] * 4, Rules(teams=True)),
    "4p": (["greedy", "random", "greedy", "greedy"], Rules()),
    "6pteams": (["greedy"] * 6, Rules(teams=True)),
    "2p-notuseful": (["greedy", "greedy"], Rules(useful_only=False)),
    "3p-switches": (
        ["greedy", "random", "greedy"],
        Rules(attack_before_go=False, stack_stops=True, go_after_remedy=True, loss_face_up=False),
    ),
    "4pteams-mix": (
        ["greedy"] * 4,
        Rules(teams=True, useful_only=False, stack_stops=True, burning_oil=25, broken_spring=35,
              brake_adjustment=75, short_trip=True),
    ),
    "2p-random": (["random", "greedy"], Rules(go_after_remedy=True, short_trip=True)),
    "5p-full": (["greedy"] * 5, Rules(useful_only=False, attack_before_go=False, short_trip=False)),
}

DIGESTS = {
    "2p/0": "9679b1a34b8012ff", "2p/10": "3206a8ff0a73ab21", "2p/20": "1ab26aef5d008cb4",
    "2p/30": "9135f285b47efb16", "2p/40": "1a81112f4336809b", "2p/50": "2bbea8ca71a2cb66",
    "2p/60": "ff1bf31fda85d33a", "2p/70": "58b00ea29bf851cc", "2p/80": "0c5b091853c54ce0",
    "2p/90": "df95ffabb7371077", "2p/100": "27f3cf85cde4e724", "2p/110": "d26e0f6099c7c97a",
    "2p/120": "451723c50b28abaa", "2p/130": "ca9937237b7c20bd", "2p/140": "5c75c769e06ac392",
    "2p/150": "02f1e54553d262a1", "2p/160": "624e309345d34359", "2p/170": "7a3d58fd02c074f2",
    "2p/180": "3d5032fbfdfb0e6d", "2p/190": "a732d733c3e0bbc3",
    "3p/0": "0d281f01319c581b", "3p/1": "6120fa9be0199066",
    "4pteams/0": "28f47acba3bd8b8f", "4pteams/1": "2edd35ab900f86d2",
    "4p/0": "1e86b146ec6ba944", "4p/1": "5fe60794713f7dbb",
    "6pteams/0": "6426da93c5921233", "6pteams/1": "1adde4a6b81bf1da",
    "2p-notuseful/0": "9c309a74d0a35871", "2p-notuseful/1": "dba0efb487d912d6",
    "3p-switches/0": "5da138d84f805b81", "3p-switches/1": "f96ea8a913b36391",
    "4pteams-mix/0": "867406704d0838df", "4pteams-mix/1": "e6d5a65221b1d2b3",
    "2p-random/0": "42e3f9f0a675bca3", "2p-random/1": "8ccfbce69f1610d6",
    "5p-full/0": "bc10d4559a705883", "5p-full/1": "c7c49d2ffc861894",
}


def dump(state: State) -> str:
    """Every field of a position, as text."""
    return repr(tuple((f.name, getattr(state, f.name)) for f in fields(state)))


@pytest.mark.parametrize("game", list(DIGESTS))
def test_a_whole_game_ends_as_before(game):
    config, seed = game.split("/")
    players, rules = CONFIGS[config]
    g = Touring(players=players, seed=int(seed), rules=rules)
    g.play(max_plies=1500)  # with useful_only off some games never end
    digest = hashlib.sha256((g.to_json() + dump(g.state)).encode()).hexdigest()[:16]
    assert digest == DIGESTS[game]


def test_the_fast_builders_make_the_frozen_values():
    state = new_game(3, 5, Rules())
    built = make_state(*(getattr(state, f.name) for f in fields(State) if f.init))
    assert type(built) is State and built == state and hash(built) == hash(state)
    table = make_tableau(("go",), ("freeway",), (1, 0, 2, 0))
    assert type(table) is Tableau and table == Tableau(("go",), ("freeway",), (1, 0, 2, 0))
    with pytest.raises(AttributeError):
        built.turn = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        table.go = ()  # type: ignore[misc]
