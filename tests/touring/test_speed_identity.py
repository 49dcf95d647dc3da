"""The engine plays exactly as it did before it was made faster: whole games, pinned by digests.

Each digest is of a game's save and of every field of its final position, recorded with the engine
of commit a0bae5e (before the speed work). A change to legal-action order, a bot's choice, a
shuffle or a save changes a digest.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import fields

import pytest

from touring_widgets.touring import Rules, State, Tableau, Touring, moves, new_game
from touring_widgets.touring.state import make_state, make_tableau, shuffled

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


def test_T_DEAL_the_shuffle_is_random_shuffle_written_out():
    """Every save's deal and reshuffles depend on this order: it must stay ``random.shuffle``'s."""
    for size in [*range(0, 12), 59, 94, 99, 140]:
        for seed, purpose in [(0, "deal"), (17, "reshuffle/3"), ("room 4", "resample/1")]:
            cards = [f"c{i}" for i in range(size)]
            expected = list(cards)
            random.Random(f"touring/{seed!r}/{purpose}").shuffle(expected)
            assert shuffled(cards, seed, purpose) == expected, (size, seed, purpose)


RULES_TO_ASK = [
    Rules(), Rules(useful_only=False), Rules(short_trip=True, go_after_remedy=True),
    Rules(stack_stops=True, burning_oil=25, broken_spring=35, brake_adjustment=75, useful_only=False),
]


def test_what_a_tableau_allows_is_its_rules_judged_card_by_card():
    """``_allowed`` keeps one answer for all the tableaux whose piles are empty, full or neither
    alike (the only way the piles matter to T-GOAL and T-LOSS): every answer must still be what
    judging each card on that very tableau says."""
    rng = random.Random(5)
    tops = [(), ("go",), ("go", "stop_to_refuel"), ("go", "stop_to_refuel", "gasoline"),
            ("go", "missed_the_curve")]
    freeways = [(), ("freeway",), ("freeway", "populated_area")]
    for rules in RULES_TO_ASK:
        rules = rules.for_players(2)
        moves._ANSWERS.pop(rules, None)
        moves._LAST[:] = None, {}
        for _ in range(3000):
            piles = tuple(rng.choice([0, 1, cap - 1, cap]) for cap in rules.caps)
            table = Tableau(rng.choice(tops), rng.choice(freeways), piles)
            expected = (moves._own_plays(table, rules), moves._attacks_on(table, rules))
            assert moves._allowed(table, rules)[1:] == expected, (table, rules)
            assert moves._allowed(Tableau(table.go, table.freeway, piles), rules)[1:] == expected


def test_T_SHORT_rules_for_a_count_of_players_asked_again():
    assert Rules().for_players(3).short_trip is True
    assert Rules().for_players(2).short_trip is False
    assert Rules().for_players(3) == Rules(short_trip=True)
    for _ in range(2):
        assert Rules(teams=True).for_players(4).teams
        with pytest.raises(ValueError, match="T-TEAMS"):
            Rules(teams=True).for_players(5)
