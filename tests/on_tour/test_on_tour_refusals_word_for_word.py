"""Every sentence On Tour says about a writing, word for word, with the rule it cites.

A player reads these in ``why()`` and in refusals; each names the spaces, the numbers, the cards
and the rule.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import Rules
from touring_widgets.on_tour.facts import ALL_MASK, INDEX, N_SPACES
from touring_widgets.on_tour.moves import apply, explain, is_legal, legal_actions
from touring_widgets.on_tour.state import new_game

# Cards WA (West), OR (North), CA (West): West and North spaces fit, the South-East does not.
CARDS = ("WA", "OR", "CA")
SHOWN = "WA (West), OR (North), CA (West)"


def at(cards=CARDS, dice=(1, 2), *, players=1, rules=None, filled=None, written=None, over=False):
    """A position with these cards and dice, the maps empty but for ``filled`` {space: cell}."""
    state = new_game(players, 1, rules or Rules())
    cells = [None] * N_SPACES
    empty = ALL_MASK
    for space, cell in (filled or {}).items():
        cells[INDEX[space]] = cell
        empty &= ~(1 << INDEX[space])
    return replace(
        state,
        cards=cards,
        dice=dice,
        maps=(tuple(cells),) * players,
        empty=(empty,) * players,
        written=written or (False,) * players,
        over=over,
    )


def only(*spaces):
    """Filled cells everywhere but these spaces."""
    return {s: (50, False) for s in INDEX if s not in spaces}


def refused_with(state, action: str, rule: str, reason: str) -> None:
    verdict = explain(state, action)
    assert (verdict.legal, verdict.rule, verdict.text) == (False, rule, f"{reason} ({rule})")
    with pytest.raises(tw.IllegalAction) as err:
        apply(state, action)
    assert err.value.rule == rule and str(err.value) == f"{verdict.action!r}: {reason} ({rule})"
    assert not is_legal(state, action)


def allowed_with(
    state, action: str, rule: str, text: str, cells: dict | None = None, seat: int = 0
) -> None:
    verdict = explain(state, action)
    assert (verdict.legal, verdict.rule, verdict.text) == (True, rule, text)
    assert is_legal(state, action) and action in legal_actions(state, seat)
    if cells is not None:
        after = apply(state, action)
        assert {s: after.maps[seat][INDEX[s]] for s in cells} == cells


def test_O_END_nothing_is_written_once_every_map_is_full():
    refused_with(at(over=True), "12 OR, 21 ID", "O-END", "the game is over: every map is full")


def test_O_PLAYERS_a_player_who_is_not_in_the_game():
    state = at(players=2)
    refused_with(state, "p2: 12 OR, 21 ID", "O-PLAYERS", "there is no player p2 in this 2-player game")
    refused_with(state, "p7: 12 OR, 21 ID", "O-PLAYERS", "there is no player p7 in this 2-player game")
    allowed_with(
        state,
        "p1: 12 ID, 21 MT",
        "O-WRITE",
        "12 in ID with card WA (West) and 21 in MT with card OR (North) (O-WRITE)",
        seat=1,
    )


def test_O_DISCARD_a_player_writes_once_a_turn():
    state = at(players=2, written=(True, False))
    refused_with(
        state,
        "p0: 12 OR, 21 ID",
        "O-DISCARD",
        "p0 has already written this turn; the next turn begins when every player has written",
    )
    assert explain(state, "12 OR, 21 ID").action == "p1: 12 OR, 21 ID"


def test_O_WRITE_each_mark_in_its_own_empty_space_naming_what_is_there():
    state = at(filled={"OR": (12, True), "ID": ("star", False), "MT": ("X", False), "WY": (7, False)})
    refused_with(state, "12 WA, 21 WA", "O-WRITE", "WA is used twice: each mark goes in its own empty space")
    refused_with(state, "12 OR, 21 WA", "O-WRITE", "OR already holds 12 (circled): write in an empty space")
    refused_with(state, "12 WA, 21 ID", "O-WRITE", "ID already holds a star: write in an empty space")
    refused_with(state, "12 WA, 21 MT", "O-WRITE", "MT already holds an X: write in an empty space")
    refused_with(state, "12 WA, 21 WY", "O-WRITE", "WY already holds 07: write in an empty space")
    circled_star = at(filled={"ID": ("star", True)})
    refused_with(
        circled_star, "12 WA, 21 ID", "O-WRITE", "ID already holds a star (circled): write in an empty space"
    )


def test_O_STAR_a_double_or_one_region_asks_for_one_star():
    double = at(dice=(3, 3))
    refused_with(double, "33 OR, 33 ID", "O-STAR", "the roll is a double: draw one star instead of numbers")
    refused_with(double, "33 OR", "O-STAR", "the roll is a double: draw one star instead of numbers")
    refused_with(double, "star OR, X ID", "O-STAR", "the roll is a double: draw one star instead of numbers")
    west = at(cards=("WA", "ID", "CA"))
    refused_with(
        west, "12 OR, 21 ID", "O-STAR", "all three cards show one region: draw one star instead of numbers"
    )
    allowed_with(west, "star OR", "O-STAR", "a star in OR (O-STAR)", {"OR": ("star", False)})
    allowed_with(
        west,
        "star ID",
        "O-STAR",
        "a star in ID, circled: it is a card's own space (O-CIRCLE) (O-STAR)",
        {"ID": ("star", True)},
    )
    refused_with(
        west, "star FL", "O-STAR", "FL is in no region of the cards shown (WA (West), ID (West), CA (West))"
    )


def test_O_STAR_a_star_is_refused_when_none_is_due():
    refused_with(
        at(), "star OR", "O-STAR", "a star needs a double or three cards of one region; the roll is 12 and 21"
    )
    refused_with(
        at(dice=(0, 5)),
        "star OR",
        "O-STAR",
        "a star needs a double or three cards of one region; the roll is 05 and 50",
    )


def test_O_X_a_star_becomes_an_x_only_when_it_has_no_space():
    double = at(dice=(3, 3))
    refused_with(
        double, "X FL", "O-X", "an X only when the star has no legal space, and it could go in WA, OR, ID, MT"
    )
    boxed = at(dice=(3, 3), filled={"WA": (1, False), "OR": (2, False)})
    refused_with(
        boxed, "X FL", "O-X", "an X only when the star has no legal space, and it could go in ID, MT, WY, CA"
    )
    nowhere = at(dice=(3, 3), filled={s: (50, False) for s in INDEX if s not in ("FL", "GA")})
    allowed_with(
        nowhere, "X FL", "O-X", "an X in FL: the star has no legal space (O-X)", {"FL": ("X", False)}
    )
    loose = at(dice=(3, 3), rules=Rules(forced_x_only=False))
    allowed_with(loose, "X FL", "O-X", "an X in FL: the star has no legal space (O-X)", {"FL": ("X", False)})


def test_O_ROLL_numbers_that_were_not_rolled():
    refused_with(at(), "12 OR, 13 ID", "O-ROLL", "13 was not rolled: the numbers are 12 and 21")
    refused_with(at(dice=(0, 5)), "05 OR, 07 ID", "O-ROLL", "07 was not rolled: the numbers are 05 and 50")
    refused_with(at(), "12 OR, 12 ID", "O-WRITE", "12 is written twice: write each number once")


def test_O_WRITE_both_numbers_in_regions_of_different_cards():
    state = at()
    refused_with(state, "12 OR", "O-WRITE", "write both 12 and 21 (or an X for one with no legal space)")
    refused_with(state, "12 OR, 21 FL", "O-WRITE", f"FL is in no region of the cards shown ({SHOWN})")
    refused_with(state, "12 FL, 21 OR", "O-WRITE", f"FL is in no region of the cards shown ({SHOWN})")
    # OR's region (North) without the West: only card OR fits ND and NE
    refused_with(
        state,
        "12 ND, 21 NE",
        "O-WRITE",
        f"ND and NE fit only one card of {SHOWN}: each number uses a different card",
    )
    allowed_with(
        state,
        "12 ND, 21 WA",
        "O-CIRCLE",
        "12 in ND with card OR (North) and 21 in WA with card WA (West, circled) (O-WRITE, O-CIRCLE)",
        {"ND": (12, False), "WA": (21, True)},
    )


def test_O_CIRCLE_the_pairing_circles_both_numbers_when_it_can():
    allowed_with(
        at(),
        "12 WA, 21 OR",
        "O-CIRCLE",
        "12 in WA with card WA (West, circled) and 21 in OR with card OR (North, circled)"
        " (O-WRITE, O-CIRCLE)",
        {"WA": (12, True), "OR": (21, True)},
    )
    allowed_with(
        at(),
        "12 CA, 21 WA",
        "O-CIRCLE",
        "12 in CA with card CA (West, circled) and 21 in WA with card WA (West, circled) (O-WRITE, O-CIRCLE)",
    )


def test_O_CIRCLE_circle_any_shown_circles_a_shown_cards_space_whichever_card_is_used():
    # ND lies in the North only, which only card OR shows: the number in OR must use card CA
    plain = at(cards=("OR", "CA", "FL"))
    allowed_with(
        plain,
        "12 OR, 21 ND",
        "O-WRITE",
        "12 in OR with card CA (West) and 21 in ND with card OR (North) (O-WRITE)",
        {"OR": (12, False), "ND": (21, False)},
    )
    shown = at(cards=("OR", "CA", "FL"), rules=Rules(circle_any_shown=True))
    allowed_with(
        shown,
        "12 OR, 21 ND",
        "O-CIRCLE",
        "12 in OR with card CA (West, circled) and 21 in ND with card OR (North) (O-WRITE, O-CIRCLE)",
        {"OR": (12, True), "ND": (21, False)},
    )
    allowed_with(
        at(cards=("WA", "OR", "NE")),
        "12 ND, 21 MT",
        "O-WRITE",
        "12 in ND with card OR (North) and 21 in MT with card WA (West) (O-WRITE)",
        {"ND": (12, False), "MT": (21, False)},
    )


def test_O_X_an_x_only_for_a_number_with_no_legal_space():
    state = at()
    refused_with(
        state,
        "12 OR, X FL",
        "O-X",
        "an X only for a number with no legal space, and both numbers can be written",
    )
    refused_with(
        state,
        "X FL, X GA",
        "O-X",
        "an X only for a number with no legal space, and both numbers can be written",
    )
    one = at(filled=only("WA", "FL", "GA"))
    refused_with(
        one, "X FL, X GA", "O-X", "an X only for a number with no legal space, and one number can be written"
    )
    allowed_with(
        one,
        "12 WA, X FL",
        "O-X",
        "12 in WA circled and an X in FL: no legal space for the other number (O-X)",
        {"WA": (12, True), "FL": ("X", False)},
    )
    plain = at(filled=only("ID", "FL", "GA"))
    allowed_with(
        plain,
        "21 ID, X GA",
        "O-X",
        "21 in ID and an X in GA: no legal space for the other number (O-X)",
        {"ID": (21, False), "GA": ("X", False)},
    )
    none = at(filled=only("FL", "GA"))
    allowed_with(
        none,
        "X GA, X FL",
        "O-X",
        "an X in GA and an X in FL: no legal space for the other number (O-X)",
        {"FL": ("X", False), "GA": ("X", False)},
    )
    loose = at(rules=Rules(forced_x_only=False))
    allowed_with(
        loose,
        "12 OR, X FL",
        "O-X",
        "12 in OR circled and an X in FL: no legal space for the other number (O-X)",
    )


def test_O_LAST_no_cards_numbers_anywhere_and_no_x():
    state = at(cards=(), filled=only("FL", "GA", "WA"))
    refused_with(state, "12 FL, X GA", "O-X", "on a last turn every empty space is legal, so there is no X")
    refused_with(state, "12 FL", "O-LAST", "write both 12 and 21, in any empty spaces")
    allowed_with(
        state,
        "12 FL, 21 GA",
        "O-LAST",
        "a last turn: numbers go in any empty space (O-LAST)",
        {"FL": (12, False), "GA": (21, False)},
    )
    double = at(cards=(), dice=(4, 4), filled=only("FL", "GA"))
    allowed_with(double, "star FL", "O-LAST", "a star in FL (O-STAR, O-LAST)", {"FL": ("star", False)})
    refused_with(double, "X FL", "O-X", "on a last turn every empty space is legal, so there is no X")


@pytest.mark.parametrize("rule, allowed", [("low", 12), ("high", 21)])
def test_O_LAST_one_space_left_takes_the_number_the_rules_name(rule, allowed):
    state = at(cards=(), filled=only("FL"), rules=Rules(last_one_space=rule))
    other = 33 - allowed
    refused_with(
        state,
        f"{other} FL",
        "O-LAST",
        f"one space is left and these rules write the {rule} number, {allowed:02d}",
    )
    allowed_with(
        state,
        f"{allowed} FL",
        "O-LAST",
        "a last turn: numbers go in any empty space (O-LAST)",
        {"FL": (allowed, False)},
    )
    assert [str(a) for a in legal_actions(state)] == [f"p0: {allowed} FL"]


def test_O_LAST_one_space_left_takes_either_number_by_default():
    state = at(cards=(), filled=only("FL"))
    assert sorted(str(a) for a in legal_actions(state)) == ["p0: 12 FL", "p0: 21 FL"]
    assert len(legal_actions(state)) == 2


def test_O_WRITE_and_O_MAP_text_that_is_not_a_writing_is_explained_and_never_legal():
    """Text a player mistypes is never legal; the verdict shows what was typed, and the reason says
    how to write a turn."""
    state = at()
    how = "write '56 TX, 65 OK', 'star CO' or '56 TX, X WA', optionally after 'p1: '"
    verdict = explain(state, "hello")
    assert (verdict.action, verdict.legal, verdict.rule) == ("hello", False, "O-WRITE")
    assert verdict.text == f"cannot read 'hello': {how} (O-WRITE)"
    unknown = explain(state, "12 ZZ, 21 OR")
    assert (unknown.action, unknown.legal, unknown.rule) == ("12 ZZ, 21 OR", False, "O-MAP")
    assert explain(state, 5).action == "<int>"
    assert unknown.text == "'ZZ' in '12 ZZ, 21 OR' is not a space of the board (O-MAP)"
    for text in ("hello", "12 ZZ, 21 OR", "", None, 5):
        assert not is_legal(state, text) and text not in legal_actions(state), text


def test_O_PLAYERS_a_verdict_names_the_player_the_writing_is_for():
    """p1 may write before p0; the verdict and a refusal name p1, the one who wrote."""
    state = at(players=2)
    assert explain(state, "p1: 12 ID, 21 MT").action == "p1: 12 ID, 21 MT"
    assert explain(state, "12 ID, 21 MT").action == "p0: 12 ID, 21 MT"
    with pytest.raises(tw.IllegalAction) as err:
        apply(state, "p1: 12 ID, 21 ID")
    reason = "ID is used twice: each mark goes in its own empty space (O-WRITE)"
    assert str(err.value) == f"'p1: 12 ID, 21 ID': {reason}"
    assert apply(state, "p1: 12 ID, 21 MT").written == (False, True)


def test_O_STAR_and_O_X_with_forced_x_only_off_a_star_turn_counts_stars_and_xs():
    """With forced_x_only off, a star turn offers each star and each X, and says how many."""
    state = at(dice=(3, 3), rules=Rules(forced_x_only=False), filled=only("WA", "OR", "FL"))
    legal = legal_actions(state)
    expected = ["p0: star WA", "p0: star OR", "p0: X WA", "p0: X OR", "p0: X FL"]
    assert [str(a) for a in legal] == expected and len(legal) == 5
    strict = legal_actions(at(dice=(3, 3), filled=only("WA", "OR", "FL")))
    assert [str(a) for a in strict] == ["p0: star WA", "p0: star OR"] and len(strict) == 2


def test_O_WRITE_and_O_X_with_forced_x_only_off_a_turn_counts_every_writing_it_lists():
    """With forced_x_only off, both numbers, a number and an X, or two Xs are all offered."""
    state = at(rules=Rules(forced_x_only=False), filled=only("WA", "OR", "FL"))
    legal = legal_actions(state)
    texts = [str(a) for a in legal]
    assert texts[:2] == ["p0: 12 WA, 21 OR", "p0: 12 OR, 21 WA"]
    assert texts[-3:] == ["p0: X WA, X OR", "p0: X WA, X FL", "p0: X OR, X FL"]
    assert len(texts) == 13 and len(legal) == 13


class TestNobodyToList:
    """A player with nothing to write (written this turn, no such seat) gets an empty list that
    still says whose it is, counts 0 and holds nothing."""

    def test_O_WRITE_a_player_who_has_written_has_an_empty_list_that_names_them(self):
        state = at(players=2, written=(True, False))
        legal = legal_actions(state, 0)
        assert legal.seat == 0 and repr(legal) == "<0 legal actions for seat 0>"
        assert len(legal) == 0 and list(legal) == [] and not legal
        assert "p0: 12 WA, 21 OR" not in legal and not is_legal(state, "p0: 12 WA, 21 OR")
        assert len(legal_actions(state, 1)) > 0  # the other seat still writes

    @pytest.mark.parametrize("seat", [2, 5, -1])
    def test_O_PLAYERS_a_seat_the_game_does_not_have_has_nothing_to_write(self, seat):
        legal = legal_actions(at(players=2), seat)
        assert len(legal) == 0 and list(legal) == [] and "12 WA, 21 OR" not in legal


def test_O_PLAYERS_while_others_still_write_the_position_keeps_its_seed_and_setup():
    g = tw.OnTour(players=["human", "greedy", "greedy"], seed=12)
    first = g.state
    g.step()  # seat 0 writes; seats 1 and 2 still to write this turn
    mid = g.state
    assert mid.turn == 1 and mid.round == first.round
    kept = ("rules", "seed", "players", "setup", "setup_rolls", "round", "roller", "deck", "discard", "cards",
            "dice", "reshuffled", "over")
    assert [getattr(mid, k) for k in kept] == [getattr(first, k) for k in kept]
    assert repr(mid) == f"<on_tour.State seed=12 turn {first.round}: seat 1 to write>"


def test_O_WRITE_second_spaces_kept_for_one_space_hold_for_every_space_of_the_same_cards():
    """What the board lights for the second number is worked out once per set of cards a first
    space belongs to (``keep``): it must hold whichever of those spaces took the first number."""
    from touring_widgets.on_tour.moves import card_masks, second_spaces

    checked = 0
    for seed in range(6):
        state = new_game(1, seed, Rules())
        masks, empty = card_masks(state), state.empty[0]
        union = 0
        for m in masks:
            union |= m
        for s1 in range(N_SPACES):
            if not (union & empty) >> s1 & 1:
                continue
            kept = second_spaces(masks, s1, empty, keep=True)
            assert kept & ~(1 << s1) == second_spaces(masks, s1, empty)
            same = [t for t in range(N_SPACES) if empty >> t & 1
                    and [m >> t & 1 for m in masks] == [m >> s1 & 1 for m in masks]]
            for t in same:
                assert second_spaces(masks, t, empty) == kept & ~(1 << t)
                checked += 1
    assert checked > 50
