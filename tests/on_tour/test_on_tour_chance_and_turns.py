"""On Tour's chance steps and turn bookkeeping, pinned: a seed deals the same game in every
version (a save is a seed and the actions, so another deal would refuse its actions), the roller
goes round, the last turn starts at two empty spaces.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import Rules
from touring_widgets.on_tour.facts import INDEX, SPACES
from touring_widgets.on_tour.state import LAST_TURN_SPACES, end_turn, new_game, resample

# Seed 7 with two players, turn by turn: (turn, roller, cards, dice, reshuffled); the deck of 37
# runs out at turn 13, which reshuffles the discards (O-FLIP).
SEED_7 = [
    (1, 0, "IN NY LA", (6, 5), False),
    (2, 1, "OR FL VA", (4, 2), False),
    (3, 0, "TN SD ND", (7, 5), False),
    (4, 1, "AL WI KS", (9, 3), False),
    (5, 0, "MO OK NE", (6, 7), False),
    (6, 1, "NC MS MN", (3, 9), False),
    (7, 0, "TX MC AZ", (1, 4), False),
    (8, 1, "MT GA WY", (7, 2), False),
    (9, 0, "CO IA UT", (1, 8), False),
    (10, 1, "WV NV IL", (4, 4), False),
    (11, 0, "ID SC AR", (9, 9), False),
    (12, 1, "NM OH CA", (9, 1), False),
    (13, 0, "PA ND GA", (1, 4), True),
    (14, 1, "LA NC MT", (1, 7), False),
]


def test_O_SETUP_a_seed_deals_the_same_setup_in_every_version():
    state = new_game(1, 7, Rules())
    assert state.setup == (("MI", 12), ("NE2", 21), ("WA", 59), ("KY", 95))
    assert state.setup_rolls == ((1, 2), (9, 5))
    assert state.deck[:5] == ("OR", "FL", "VA", "TN", "SD") and len(state.deck) == 34
    assert state.discard == () and state.round == 1 and state.roller == 0
    assert state.map(0)["MI"] == (12, True) and state.map(0)["KY"] == (95, True)
    assert state.empty_count(0) == 37 and state.written == (False,)
    text = new_game(3, "abc", Rules())
    assert text.setup == (("PA", 17), ("SD", 71), ("AR", 8), ("MN", 80))
    assert (text.cards, text.dice, text.roller) == (("UT", "NE2", "WI"), (2, 0), 0)
    assert text.maps[0] == text.maps[1] == text.maps[2] and text.written == (False, False, False)


def test_O_FLIP_and_O_ROLL_a_seed_draws_the_same_cards_and_dice_every_turn():
    state = new_game(2, 7, Rules())
    seen = []
    for _ in SEED_7:
        seen.append((state.round, state.roller, " ".join(state.cards), state.dice, state.reshuffled))
        state = end_turn(state)
    assert seen == SEED_7


def test_O_SETUP_doubles_are_rerolled_unless_switched_off():
    state = new_game(1, 10, Rules())
    assert state.setup_rolls == ((1, 2), (7, 7), (3, 4))
    assert state.setup == (("AR", 12), ("MO", 21), ("TX", 34), ("FL", 43))
    kept = new_game(1, 10, Rules(reroll_setup_doubles=False))
    assert kept.setup_rolls == ((1, 2), (7, 7))
    assert kept.setup == (("AR", 12), ("MO", 21), ("TX", 77), ("FL", 77))


def test_O_DISCARD_the_roller_goes_round_and_the_cards_are_discarded():
    state = new_game(3, 1, Rules())
    assert state.roller == 0
    cards = state.cards
    after = end_turn(state)
    assert after.roller == 1 and after.round == 2 and after.discard == cards
    assert end_turn(end_turn(after)).roller == 0
    assert after.written == (False, False, False)


def test_O_LAST_the_last_turn_comes_with_two_empty_spaces_on_the_maps():
    assert LAST_TURN_SPACES == 2
    state = new_game(1, 7, Rules())
    for left in (3, 2, 1):
        keep = [s for s in SPACES if state.maps[0][INDEX[s]] is None][:left]
        cells = tuple(c if c is not None or s in keep else (50, False) for s, c in zip(SPACES, state.maps[0]))
        empty = sum(1 << INDEX[s] for s in keep)
        full = replace(state, maps=(cells,), empty=(empty,))
        nxt = end_turn(full)
        assert nxt.last_turn == (left <= LAST_TURN_SPACES), left
        assert (nxt.cards == ()) == (left <= LAST_TURN_SPACES)
        assert not nxt.over and nxt.turn == 0


def test_O_END_the_game_ends_when_no_map_has_an_empty_space():
    state = new_game(2, 7, Rules())
    cells = tuple((50, False) for _ in SPACES)
    full = replace(state, maps=(cells, cells), empty=(0, 0))
    over = end_turn(full)
    assert over.over and over.turn is None and not over.last_turn and not over.star_turn
    assert over.discard == state.cards and over.cards == ()
    assert repr(over) == "<on_tour.State seed=7 turn 1: over>"
    one_left = replace(full, empty=(0, 1))
    assert not end_turn(one_left).over


def test_the_turn_is_the_lowest_seat_still_to_write():
    state = new_game(3, 7, Rules())
    assert state.turn == 0 and repr(state) == "<on_tour.State seed=7 turn 1: seat 0 to write>"
    assert replace(state, written=(True, False, False)).turn == 1
    assert replace(state, written=(True, False, True)).turn == 1
    assert replace(state, written=(True, True, False)).turn == 2
    assert replace(state, written=(True, True, True)).turn is None


def test_O_DICE_and_O_STAR_what_the_roll_and_cards_ask_for():
    state = new_game(1, 7, Rules())
    assert replace(state, dice=(6, 5)).numbers == (56, 65)
    assert replace(state, dice=(0, 3)).numbers == (3, 30)
    assert replace(state, dice=(4, 4)).numbers == (44, 44) and replace(state, dice=(4, 4)).double
    assert not replace(state, dice=(4, 5)).double
    assert replace(state, cards=("WA", "ID", "CA")).star_turn  # all West
    assert not replace(state, cards=("WA", "OR", "CA")).star_turn
    assert not replace(state, cards=("WA", "ID")).star_turn  # two cards are not three of one region
    assert replace(state, cards=(), dice=(4, 4)).star_turn and replace(state, cards=()).last_turn
    assert not replace(state, cards=(), over=True).last_turn
    assert not replace(state, dice=(4, 4), over=True).star_turn


def test_resample_redraws_only_what_nobody_can_see():
    state = new_game(1, 7, Rules())
    seat0, seat1 = resample(state, 0, "x"), resample(state, 1, "x")
    assert seat0.deck[:6] == ("MT", "WY", "CO", "OR", "PA", "NC")
    assert seat1.deck[:6] == ("IA", "OH", "FL", "AL", "SD", "SC")
    assert sorted(seat0.deck) == sorted(state.deck) and seat0.seed == "x"
    assert replace(seat0, deck=state.deck, seed=state.seed) == state
    # the deck's order before is hidden from every seat: it never shows in a re-deal (O-FLIP)
    assert resample(seat1, 0, "x") == seat0 == resample(replace(state, deck=state.deck[::-1]), 0, "x")


@pytest.mark.parametrize("players", [1, 8])
def test_O_PLAYERS_every_map_starts_with_the_same_four_circled_numbers(players):
    game = tw.OnTour(players=players, seed=3)
    maps = game.state.maps
    assert len(maps) == players and len(set(maps)) == 1
    assert sum(c is not None for c in maps[0]) == 4


def test_O_DISCARD_the_next_turn_keeps_every_map_as_written():
    """The cards go to the discard pile; what each player wrote stays on their map."""
    state = new_game(2, 7, Rules())
    written = replace(state, written=(True, True))
    after = end_turn(written)
    assert after.maps == state.maps and after.map(1)["KY"] == (95, True)
    assert str(after).splitlines()[2] == "p0"


def test_O_END_the_last_picture_shows_every_full_map_without_a_written_mark():
    """When the game ends, the final picture shows each player's full map, none marked written."""
    state = new_game(2, 7, Rules())
    cells = tuple((50, False) for _ in SPACES)
    over = end_turn(replace(state, maps=(cells, cells), empty=(0, 0), written=(True, True)))
    assert over.written == (True, True) and over.maps == (cells, cells)
    lines = str(over).splitlines()
    assert lines[0] == "Game over after turn 1: every map is full (O-END)."
    assert [line for line in lines if line.startswith("p")] == ["p0", "p1"]
