"""Every rule of rules/on_tour.md played out; each test is named after the rule id it shows."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import BOARD, REGIONS, ROUTES, SPACES, Rules, best_tour
from touring_widgets.on_tour.board_map import CARD_REGION, REGION_MASK, mask_of
from touring_widgets.on_tour.moves import _shape


def refused(game: tw.OnTour, action: str, rule: str) -> str:
    """Step an illegal action: check the rule it cites and that nothing changed; return the message."""
    before, position = game.state, game.position
    with pytest.raises(tw.IllegalAction) as info:
        game.step(action)
    assert info.value.rule == rule, str(info.value)
    assert rule in str(info.value)
    assert game.state is before and game.position == position
    assert game.why(action).startswith("illegal") and rule in game.why(action)
    return str(info.value)


def region_of(space: str, cards: tuple[str, ...]) -> bool:
    return any(REGION_MASK[CARD_REGION[c]] & mask_of([space]) for c in cards)


# -- board and cards ------------------------------------------------------------------------
def test_O_MAP_board_has_41_spaces_and_90_routes() -> None:
    assert len(SPACES) == 41 and len(ROUTES) == 90
    assert "NE2" in SPACES and "MC" in SPACES and "ME" not in SPACES
    o = tw.OnTour(seed=1)
    refused(o, "05 ME, 50 TX", "O-MAP")


def test_O_REGIONS_every_space_lies_in_the_two_regions_of_its_area() -> None:
    assert set(REGIONS) == {"North", "South", "West", "Central", "East"}
    assert Counter(BOARD[s].area for s in SPACES).keys() == {"NW", "NC", "NE", "SW", "SC", "SE"}
    for s in SPACES:
        inside = [r for r in REGIONS if REGION_MASK[r] & mask_of([s])]
        assert len(inside) == 2 and set(inside) == set(BOARD[s].regions)


def test_O_CARDS_one_card_per_space_showing_one_of_its_regions() -> None:
    assert Counter(CARD_REGION.values()) == {"North": 10, "South": 10, "East": 8, "Central": 7, "West": 6}
    assert all(CARD_REGION[s] in BOARD[s].regions for s in SPACES)


def test_O_PLAYERS_one_to_eight_players_each_with_a_map() -> None:
    for bad in (0, 9, ["greedy"] * 9, ["robot"]):
        with pytest.raises(ValueError):
            tw.OnTour(players=bad, seed=1)
    o = tw.OnTour(players=8, seed=1)
    o.step("p7: " + str(o.legal_actions(7)[0]).split(": ")[1])
    assert o.state.written == (False,) * 7 + (True,)
    assert o.map(0) != o.map(7)  # p7 wrote on its own map only
    refused(o, "p8: " + str(o.legal_actions(0)[0]).split(": ")[1], "O-PLAYERS")


# -- dice, setup, a turn ----------------------------------------------------------------------
def test_O_DICE_two_digits_make_two_numbers() -> None:
    o = tw.OnTour(seed=3).play()
    for state in o.states():
        if not state.over:
            a, b = state.dice
            assert set(state.numbers) == {10 * a + b, 10 * b + a}
    s = replace(tw.OnTour(seed=3).state, dice=(0, 5))
    assert s.numbers == (5, 50)
    assert str(tw.on_tour.Action.parse("5 TX, 50 OK")) == "05 TX, 50 OK"


def test_O_SETUP_four_circled_numbers_and_their_cards_leave_the_game(find) -> None:
    o = find(lambda s: len(s.setup_rolls) > 2)  # a setup where a double was re-rolled
    state = o.state
    used = [r for r in state.setup_rolls]
    doubles = [r for r in used if r[0] == r[1]]
    assert doubles and len(used) == 2 + len(doubles)
    (c1, low1), (c2, high1), (c3, low2), (c4, high2) = state.setup
    assert low1 < high1 and low2 < high2
    for card, number in state.setup:
        assert o.state.maps[0][SPACES.index(card)] == (number, True)
    setup_cards = {c1, c2, c3, c4}
    for s in o.states():
        assert not setup_cards & set(s.deck + s.discard + s.cards)
        assert len(set(s.deck + s.discard + s.cards)) == len(s.deck + s.discard + s.cards)
        assert len(s.deck + s.discard + s.cards) == 37


def test_O_SETUP_without_rerolls_a_double_writes_one_number_twice() -> None:
    for seed in range(200):
        o = tw.OnTour(seed=seed, rules=Rules(reroll_setup_doubles=False))
        if any(a == b for a, b in o.state.setup_rolls):
            assert len(o.state.setup_rolls) == 2
            numbers = [n for _, n in o.state.setup]
            assert numbers[0] == numbers[1] or numbers[2] == numbers[3]
            return
    pytest.fail("no setup double in 200 seeds")


def test_O_FLIP_three_cards_and_a_reshuffle_when_the_deck_runs_out(find) -> None:
    o = find(lambda s: s.reshuffled)
    now = o.state
    o.goto(o.position - 1)
    before = o.state
    assert len(before.deck) < 3 and now.cards[: len(before.deck)] == before.deck
    # The discards (the cards of the turn just ended included) became the new deck, minus what was drawn.
    assert set(now.deck) | set(now.cards[len(before.deck) :]) == set(before.discard + before.cards)
    assert now.discard == ()
    for s in o.states():
        if not s.over and not s.last_turn:
            assert len(s.cards) == 3


def test_O_ROLL_a_number_that_was_not_rolled_is_refused() -> None:
    o = tw.OnTour(seed=7)
    low, high = o.state.numbers
    wrong = next(n for n in range(100) if n not in (low, high))
    legal = str(o.legal_actions()[0]).split(": ")[1]
    message = refused(o, legal.replace(f"{high:02d}", f"{wrong:02d}"), "O-ROLL")
    assert f"{wrong:02d} was not rolled" in message


def test_O_WRITE_numbers_go_in_empty_spaces_of_different_cards_regions() -> None:
    o = tw.OnTour(seed=7)
    state = o.state
    low, high = state.numbers
    for action in o.legal_actions():
        (n1, s1), (n2, s2) = action.marks
        assert (n1, n2) == (low, high) and s1 != s2
        assert region_of(s1, state.cards) and region_of(s2, state.cards)
    outside = next(
        s for s in SPACES if not region_of(s, state.cards) and state.maps[0][SPACES.index(s)] is None
    )
    inside = next(s for s in SPACES if region_of(s, state.cards) and state.maps[0][SPACES.index(s)] is None)
    assert "no region of the cards" in refused(o, f"{low:02d} {outside}, {high:02d} {inside}", "O-WRITE")
    written = state.setup[0][0]
    assert "already holds" in refused(o, f"{low:02d} {written}, {high:02d} {inside}", "O-WRITE")
    refused(o, f"{low:02d} {inside}", "O-WRITE")


def test_O_WRITE_two_numbers_cannot_share_one_card(find) -> None:
    # A turn whose cards show one region only once: two numbers only that region allows need that card twice.
    def lonely(s):
        regions = [CARD_REGION[c] for c in s.cards]
        return len(s.cards) == 3 and not s.star_turn and any(regions.count(r) == 1 for r in regions)

    o = find(lonely)
    state = o.state
    regions = [CARD_REGION[c] for c in state.cards]
    lone = next(r for r in regions if regions.count(r) == 1)
    others = 0
    for c in state.cards:
        if CARD_REGION[c] != lone:
            others |= REGION_MASK[CARD_REGION[c]]
    only = [
        s
        for s in SPACES
        if REGION_MASK[lone] & ~others & mask_of([s]) and state.maps[0][SPACES.index(s)] is None
    ]
    assert len(only) >= 2
    low, high = state.numbers
    assert "different card" in refused(o, f"{low:02d} {only[0]}, {high:02d} {only[1]}", "O-WRITE")


def test_O_CIRCLE_a_number_in_its_cards_own_space_is_circled() -> None:
    for seed in range(50):
        o = tw.OnTour(seed=seed)
        state = o.state
        if state.star_turn:
            continue
        own = [c for c in state.cards if state.maps[0][SPACES.index(c)] is None]
        low, high = state.numbers
        for action in o.legal_actions():
            if action.marks[0][1] in own and action.marks[1][1] in own:
                o.step(action)
                assert o.map(0)[action.marks[0][1]] == (low, True)
                assert o.map(0)[action.marks[1][1]] == (high, True)
                return
    pytest.fail("no turn offered two card spaces")


def test_O_CIRCLE_the_engine_pairs_numbers_and_cards_to_circle_most() -> None:
    o = tw.OnTour(seed=7)
    state = o.state
    low, _high = state.numbers
    card = next(c for c in state.cards if state.maps[0][SPACES.index(c)] is None)
    action = next(a for a in o.legal_actions() if a.marks[0][1] == card)
    assert "circled" in o.why(action)
    o.step(action)
    assert o.map(0)[card] == (low, True)


def test_O_STAR_double_gives_star(find) -> None:
    o = find(lambda s: s.double and len(s.cards) == 3)
    state = o.state
    low, _ = state.numbers
    assert all(a.marks[0][0] == "star" for a in o.legal_actions())
    empty = next(sp for sp, c in o.map(0).items() if c is None)
    assert "double" in refused(o, f"{low:02d} {empty}", "O-STAR")
    action = o.legal_actions()[0]
    o.step(action)
    assert o.map(0)[action.marks[0][1]][0] == "star"


def test_O_STAR_three_cards_of_one_region_give_a_star(find) -> None:
    o = find(lambda s: len(s.cards) == 3 and not s.double and len({CARD_REGION[c] for c in s.cards}) == 1)
    state = o.state
    region = CARD_REGION[state.cards[0]]
    spaces = {a.marks[0][1] for a in o.legal_actions()}
    assert spaces and all(REGION_MASK[region] & mask_of([s]) for s in spaces)
    outside = next(
        s for s in SPACES if not REGION_MASK[region] & mask_of([s]) and state.maps[0][SPACES.index(s)] is None
    )
    assert "no region" in refused(o, f"star {outside}", "O-STAR")


def test_O_STAR_no_star_when_none_is_due_and_a_star_on_its_card_is_circled() -> None:
    o = tw.OnTour(seed=7)
    assert not o.state.star_turn
    refused(o, f"star {o.state.cards[0]}", "O-STAR")
    state = replace(o.state, dice=(4, 4))
    card = next(c for c in state.cards if state.maps[0][SPACES.index(c)] is None)
    after = tw.on_tour.moves.apply(state, tw.on_tour.Action((("star", card),), 0))
    assert after.maps[0][SPACES.index(card)] == ("star", True)


def test_O_X_only_for_a_number_with_no_legal_space(find) -> None:
    o = tw.OnTour(seed=7)
    low, _ = o.state.numbers
    inside = next(a.marks[0][1] for a in o.legal_actions())
    other = next(s for s in SPACES if s != inside and o.state.maps[0][SPACES.index(s)] is None)
    assert "no legal space" in refused(o, f"{low:02d} {inside}, X {other}", "O-X")

    forced = find(lambda s: not s.over and _shape(s, 0)[0] == "xone")
    legal = forced.legal_actions()
    assert len(legal) > 0 and all(a.marks[1][0] == "X" for a in legal)
    forced.step(legal[0])
    assert ("X", False) in forced.map(0).values()


def test_O_X_when_no_number_fits_both_are_xs(find) -> None:
    o = find(lambda s: not s.over and _shape(s, 0)[0] == "xtwo")
    assert all([m[0] for m in a.marks] == ["X", "X"] for a in o.legal_actions())
    o.step()
    assert len(o.history[-1].marks) == 2


def test_O_X_can_be_switched_to_allow_any_x() -> None:
    o = tw.OnTour(seed=7, rules=Rules(forced_x_only=False))
    low, _ = o.state.numbers
    inside = next(a.marks[0][1] for a in o.legal_actions() if a.marks[1][0] != "X")
    other = next(s for s in SPACES if s != inside and o.state.maps[0][SPACES.index(s)] is None)
    o.step(f"{low:02d} {inside}, X {other}")
    assert o.map(0)[other] == ("X", False)


def test_O_DISCARD_the_turn_ends_when_every_player_has_written() -> None:
    o = tw.OnTour(players=3, seed=5)
    first = o.state
    o.step()
    o.step()
    assert o.state.cards == first.cards and o.state.turn == 1
    refused(o, "p0: " + str(o.legal_actions(2)[0]).split(": ")[1], "O-DISCARD")
    o.step()
    assert o.state.turn == 2 and o.state.roller == (first.roller + 1) % 3
    assert o.state.discard[-3:] == first.cards


def test_O_LAST_no_cards_numbers_anywhere_and_one_space_takes_either_number(find) -> None:
    o = find(lambda s: s.last_turn and not s.double and s.empty_count() == 2)
    assert o.state.cards == ()
    low, high = o.state.numbers
    empties = [s for s, c in o.map(0).items() if c is None]
    assert set(o.legal_actions()) == {
        tw.on_tour.Action(((low, a), (high, b)), 0) for a in empties for b in empties if a != b
    }
    one = find(lambda s: s.last_turn and not s.double and s.empty_count() == 1)
    low, high = one.state.numbers
    (space,) = [s for s, c in one.map(0).items() if c is None]
    assert {str(a) for a in one.legal_actions()} == {f"p0: {low:02d} {space}", f"p0: {high:02d} {space}"}
    refused(one, f"{low:02d} {space}, {high:02d} {next(iter(one.map(0)))}", "O-WRITE")
    strict = replace(one.state, rules=Rules(last_one_space="high"))
    assert [str(a) for a in tw.on_tour.moves.legal_actions(strict)] == [f"p0: {high:02d} {space}"]


def test_O_LAST_a_double_gives_a_star_anywhere_and_play_goes_on(find) -> None:
    o = find(lambda s: s.last_turn and s.double and s.empty_count() == 2)
    empties = {s for s, c in o.map(0).items() if c is None}
    assert {a.marks[0][1] for a in o.legal_actions()} == empties
    o.step()
    assert not o.is_over and o.state.empty_count() == 1 and o.state.last_turn


def test_O_END_the_game_ends_when_every_map_is_full() -> None:
    o = tw.OnTour(players=2, seed=9).play()
    assert o.is_over and all(c is not None for p in range(2) for c in o.map(p).values())
    assert len(o.legal_actions()) == 0
    refused(o, "05 TX, 50 OK", "O-END")
    with pytest.raises(tw.IllegalAction, match="O-END"):
        o.step()
    with pytest.raises(tw.IllegalAction, match="cannot read"):
        o.step("nonsense")


def test_O_ROUTE_and_O_SCORE_scores_are_each_players_best_tour() -> None:
    o = tw.OnTour(players=2, seed=4).play()
    for p, score in enumerate(o.scores):
        assert score == best_tour(o.map(p))
        assert tw.on_tour.check_tour(o.map(p), score.tour) == score


def test_O_WIN_highest_score_wins_and_ties_are_shared() -> None:
    tied = tw.OnTour(players=2, seed=4).play()  # two greedy players write the same maps
    assert tied.map(0) == tied.map(1) and tied.winner == [0, 1]
    no_share = tw.OnTour(players=2, seed=4, rules=Rules(shared_ties=False)).play()
    assert no_share.winner == []
    mixed = tw.OnTour(players=["greedy", "random"], seed=4).play()
    totals = [s.total for s in mixed.scores]
    assert mixed.winner == [p for p in range(2) if totals[p] == max(totals)]
    assert tw.OnTour(seed=4).winner is None


def test_O_SOLO_one_player_plays_the_same_rules_for_a_personal_best() -> None:
    o = tw.OnTour(players=1, seed=12).play()
    assert o.is_over and o.winner == [0] and o.scores[0].total > 0
    assert tw.OnTour(players=1, seed=12).play().scores == o.scores  # nothing kept between games
