"""Every rule of rules/on_tour.md played out; each test is named after the rule id it shows."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import BOARD, REGIONS, ROUTES, SPACES, Action, Rules, best_tour, check_tour
from touring_widgets.on_tour.facts import AREAS, CARD_REGION, REGION_MASK, mask_of
from touring_widgets.on_tour.moves import apply, legal_actions, writing_shape
from touring_widgets.on_tour.state import end_turn


def refused(game: tw.OnTour, action: str, rule: str) -> str:
    """Step an illegal action: check the rule it cites and that nothing changed; return the message."""
    before, position, history = game.state, game.position, game.history
    with pytest.raises(tw.IllegalAction) as info:
        game.step(action)
    assert info.value.rule == rule, str(info.value)
    assert rule in str(info.value)
    assert game.state is before and game.position == position and game.history == history
    verdict = game.why(action)
    assert not verdict.legal and verdict.rule == rule and rule in str(verdict)
    assert not game.is_legal(action)
    return str(info.value)


def region_of(space: str, cards: tuple[str, ...]) -> bool:
    """The space lies in the region of one of the cards."""
    return any(REGION_MASK[CARD_REGION[c]] & mask_of([space]) for c in cards)


def empties(game: tw.OnTour, seat: int = 0) -> list[str]:
    return [s for s, c in game.map(seat).items() if c is None]


def shape_is(kind: str):
    """A predicate: the state asks seat 0 for this kind of writing (see moves.writing_shape)."""
    return lambda s: not s.over and writing_shape(s, 0)[0] == kind


# -- board and cards ------------------------------------------------------------------------
def test_O_MAP_board_has_41_spaces_and_90_routes() -> None:
    assert len(SPACES) == 41 and len(set(SPACES)) == 41
    assert len({frozenset(r) for r in ROUTES}) == 90
    assert all(a != b and a in BOARD and b in BOARD for a, b in ROUTES)
    assert "NE2" in SPACES and "MC" in SPACES
    assert not {"ME", "VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD"} & set(SPACES)  # merged
    o = tw.OnTour(seed=1)
    assert "'ME'" in refused(o, "05 ME, 50 TX", "O-MAP")
    assert "not a space of the board" in refused(o, "star QQ", "O-MAP")


def test_O_REGIONS_every_space_lies_in_the_two_regions_of_its_area() -> None:
    assert set(REGIONS) == {"North", "South", "West", "Central", "East"}
    assert set(AREAS) == {"NW", "NC", "NE", "SW", "SC", "SE"}
    for area, (north_south, west_east) in AREAS.items():
        assert (north_south, west_east) == (
            {"N": "North", "S": "South"}[area[0]],
            {"W": "West", "C": "Central", "E": "East"}[area[1]],
        )
    assert set(Counter(BOARD[s].area for s in SPACES)) == set(AREAS)
    for s in SPACES:
        inside = [r for r in REGIONS if REGION_MASK[r] & mask_of([s])]
        assert set(inside) == set(BOARD[s].regions) == set(AREAS[BOARD[s].area])


def test_O_CARDS_one_card_per_space_showing_one_of_its_regions() -> None:
    assert Counter(CARD_REGION.values()) == {"North": 10, "South": 10, "East": 8, "Central": 7, "West": 6}
    assert all(CARD_REGION[s] in BOARD[s].regions for s in SPACES)
    state = tw.OnTour(seed=1).state
    cards = [c for c, _ in state.setup] + list(state.cards + state.deck + state.discard)
    assert sorted(cards) == sorted(SPACES)


def test_O_PLAYERS_one_to_eight_players_each_with_a_map() -> None:
    for bad in (0, 9, ["greedy"] * 9, ["robot"], True):
        with pytest.raises(ValueError, match=r"O-PLAYERS|unknown policy|list of policy names"):
            tw.OnTour(players=bad, seed=1)
    o = tw.OnTour(players=8, seed=1)
    o.step("p7: " + str(o.legal_actions(7)[0]).split(": ")[1])
    assert o.state.written == (False,) * 7 + (True,)
    assert o.map(0) != o.map(7)  # p7 wrote on its own map only
    assert o.map(0) == o.map(6)
    message = refused(o, "p8: " + str(o.legal_actions(0)[0]).split(": ")[1], "O-PLAYERS")
    assert "8 is not a seat number" in message


# -- dice, setup, a turn ----------------------------------------------------------------------
def test_O_DICE_two_digits_make_two_numbers() -> None:
    o = tw.OnTour(seed=3).play()
    for state in o.states():
        if not state.over:
            a, b = state.dice
            assert 0 <= a <= 9 and 0 <= b <= 9
            assert set(state.numbers) == {10 * a + b, 10 * b + a}
            assert state.double == (a == b)
    s = replace(tw.OnTour(seed=3).state, dice=(0, 5))
    assert s.numbers == (5, 50)
    assert replace(s, dice=(3, 7)).numbers == (37, 73)
    assert str(Action.parse("5 TX, 50 OK")) == "05 TX, 50 OK"


def test_O_SETUP_four_circled_numbers_and_their_cards_leave_the_game(find) -> None:
    o = find(lambda s: len(s.setup_rolls) > 2)  # a setup where a double was re-rolled
    state = o.state
    used = [(a, b) for a, b in state.setup_rolls if a != b]
    assert len(used) == 2 and len(state.setup_rolls) > 2
    (c1, low1), (c2, high1), (c3, low2), (c4, high2) = state.setup
    for (a, b), (low, high) in zip(used, [(low1, high1), (low2, high2)]):
        assert (low, high) == tuple(sorted((10 * a + b, 10 * b + a)))
    for card, number in state.setup:
        assert o.map(0)[card] == (number, True)
    assert sum(c is None for c in o.state.maps[0]) == 37
    setup_cards = {c1, c2, c3, c4}
    assert len(setup_cards) == 4
    for s in o.states():
        pile = s.deck + s.discard + s.cards
        assert not setup_cards & set(pile)
        assert len(set(pile)) == len(pile) == 37


def test_O_SETUP_without_rerolls_a_double_writes_one_number_twice() -> None:
    for seed in range(200):
        o = tw.OnTour(seed=seed, rules=Rules(reroll_setup_doubles=False))
        doubles = [k for k, (a, b) in enumerate(o.state.setup_rolls) if a == b]
        if doubles:
            assert len(o.state.setup_rolls) == 2
            k = doubles[0]
            (_, first), (_, second) = o.state.setup[2 * k : 2 * k + 2]
            assert first == second == 11 * o.state.setup_rolls[k][0]
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


@pytest.mark.parametrize("left", [0, 1, 2])
def test_O_FLIP_draws_what_is_left_then_reshuffles_only_the_discards(left: int) -> None:
    start = tw.OnTour(seed=7).state
    showing, deck, discard = start.cards, start.deck[:left], start.deck[left:20]
    state = replace(start, deck=deck, discard=discard, written=(True,))
    after = end_turn(state)
    assert after.round == start.round + 1 and after.reshuffled
    assert after.cards[:left] == deck  # the rest of the deck is drawn first
    drawn = after.cards[left:]
    assert len(drawn) == 3 - left and not set(drawn) & set(deck)
    # The cards left in the old deck are showing: they are not shuffled into the new deck.
    assert sorted(drawn + after.deck) == sorted(discard + showing)
    assert after.discard == ()


def test_O_ROLL_a_number_that_was_not_rolled_is_refused() -> None:
    o = tw.OnTour(seed=7)
    low, high = o.state.numbers
    wrong = next(n for n in range(100) if n not in (low, high))
    legal = str(o.legal_actions()[0]).split(": ")[1]
    message = refused(o, legal.replace(f"{high:02d}", f"{wrong:02d}"), "O-ROLL")
    assert f"{wrong:02d} was not rolled" in message and f"{low:02d} and {high:02d}" in message


def test_O_WRITE_numbers_go_in_empty_spaces_of_different_cards_regions() -> None:
    o = tw.OnTour(seed=7)
    state = o.state
    low, high = state.numbers
    for action in o.legal_actions():
        (n1, s1), (n2, s2) = action.marks
        assert (n1, n2) == (low, high) and s1 != s2
        assert region_of(s1, state.cards) and region_of(s2, state.cards)
    outside = next(s for s in empties(o) if not region_of(s, state.cards))
    inside = next(s for s in empties(o) if region_of(s, state.cards))
    message = refused(o, f"{low:02d} {outside}, {high:02d} {inside}", "O-WRITE")
    assert f"{outside} is in no region of the cards shown" in message
    written, number = state.setup[0]
    message = refused(o, f"{low:02d} {written}, {high:02d} {inside}", "O-WRITE")
    assert f"{written} already holds {number:02d}" in message
    assert "write both" in refused(o, f"{low:02d} {inside}", "O-WRITE")
    assert "used twice" in refused(o, f"{low:02d} {inside}, {high:02d} {inside}", "O-WRITE")
    assert "written twice" in refused(o, f"{low:02d} {inside}, {low:02d} {outside}", "O-WRITE")
    (n1, s1), (n2, s2) = o.step().marks
    assert o.map(0)[s1][0] == n1 and o.map(0)[s2][0] == n2


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
    only = [s for s in empties(o) if REGION_MASK[lone] & ~others & mask_of([s])]
    assert len(only) >= 2
    low, high = state.numbers
    assert "different card" in refused(o, f"{low:02d} {only[0]}, {high:02d} {only[1]}", "O-WRITE")


def test_O_WRITE_the_legal_list_is_the_rules_read_literally(literal) -> None:
    checked = 0
    for seed, rules in enumerate([Rules(), Rules(forced_x_only=False, last_one_space="low")] * 2):
        o = tw.OnTour(players=["random", "greedy"], seed=seed, rules=rules).play()
        for state in o.states():
            for p in range(state.players):
                assert set(legal_actions(state, p)) == literal(state, p), (seed, state.round, p)
                checked += 1
    assert checked > 100


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
    low, high = state.numbers
    plain = next(a for a in o.legal_actions() if not {s for _, s in a.marks} & set(state.cards))
    assert "circled" not in o.why(plain).text
    card = next(c for c in state.cards if state.maps[0][SPACES.index(c)] is None)
    action = next(a for a in o.legal_actions() if a.marks[0][1] == card)
    assert "circled" in o.why(action).text
    twin = o.fork()
    twin.step(plain)
    assert [twin.map(0)[s] for _, s in plain.marks] == [(low, False), (high, False)]
    o.step(action)
    assert o.map(0)[card] == (low, True)


def test_O_STAR_double_gives_star(find) -> None:
    o = find(lambda s: s.double and len(s.cards) == 3)
    state = o.state
    low, _ = state.numbers
    stars = [a.marks[0][1] for a in o.legal_actions()]
    assert all(len(a.marks) == 1 and a.marks[0][0] == "star" for a in o.legal_actions())
    assert set(stars) == {s for s in empties(o) if region_of(s, state.cards)}
    assert "double" in refused(o, f"{low:02d} {stars[0]}", "O-STAR")
    outside = next(s for s in empties(o) if not region_of(s, state.cards))
    assert "no region of the cards" in refused(o, f"star {outside}", "O-STAR")
    assert "star has no legal space" in refused(o, f"X {outside}", "O-X")
    plain = next(s for s in stars if s not in state.cards)
    o.step(f"star {plain}")
    assert o.map(0)[plain] == ("star", False)


def test_O_STAR_three_cards_of_one_region_give_a_star(find) -> None:
    o = find(lambda s: len(s.cards) == 3 and not s.double and len({CARD_REGION[c] for c in s.cards}) == 1)
    state = o.state
    region = CARD_REGION[state.cards[0]]
    spaces = {a.marks[0][1] for a in o.legal_actions()}
    assert spaces == {s for s in empties(o) if REGION_MASK[region] & mask_of([s])}
    outside = next(s for s in empties(o) if not REGION_MASK[region] & mask_of([s]))
    assert "no region" in refused(o, f"star {outside}", "O-STAR")
    low, high = state.numbers
    inside = sorted(spaces)
    assert "one region" in refused(o, f"{low:02d} {inside[0]}, {high:02d} {inside[1]}", "O-STAR")


def test_O_STAR_no_star_when_none_is_due_and_a_star_on_its_card_is_circled() -> None:
    o = tw.OnTour(seed=7)
    assert not o.state.star_turn
    message = refused(o, f"star {o.state.cards[0]}", "O-STAR")
    assert "a star needs a double or three cards of one region" in message
    state = replace(o.state, dice=(4, 4))
    card = next(c for c in state.cards if state.maps[0][SPACES.index(c)] is None)
    after = apply(state, Action((("star", card),), 0))
    assert after.maps[0][SPACES.index(card)] == ("star", True)
    assert state.maps[0][SPACES.index(card)] is None  # the state it was applied to is untouched


def test_O_STAR_with_no_legal_space_the_star_becomes_an_x(find) -> None:
    o = find(shape_is("star_x"))
    legal = list(o.legal_actions())
    assert {a.marks for a in legal} == {(("X", s),) for s in empties(o)}
    assert "no region" in refused(o, f"star {empties(o)[0]}", "O-STAR")
    target = empties(o)[-1]
    o.step(f"X {target}")
    assert o.map(0)[target] == ("X", False)


def test_O_X_only_for_a_number_with_no_legal_space(find) -> None:
    o = tw.OnTour(seed=7)
    low, _ = o.state.numbers
    inside = next(a.marks[0][1] for a in o.legal_actions())
    other = next(s for s in empties(o) if s != inside)
    message = refused(o, f"{low:02d} {inside}, X {other}", "O-X")
    assert "an X only for a number with no legal space" in message

    forced = find(shape_is("xone"))
    legal = forced.legal_actions()
    assert len(legal) > 0 and all(a.marks[1][0] == "X" for a in legal)
    low, high = forced.state.numbers
    fits = [s for s in empties(forced) if region_of(s, forced.state.cards)]
    spare = [s for s in empties(forced) if s not in fits]
    message = refused(forced, f"X {spare[0]}, X {spare[1]}", "O-X")
    assert "one number can be written" in message
    forced.step(f"{high:02d} {fits[0]}, X {spare[0]}")
    assert forced.map(0)[fits[0]][0] == high and forced.map(0)[spare[0]] == ("X", False)


def _one_pairing_places_both(state) -> bool:
    """Exactly two empty spaces lie in the cards' regions, and only one pairing fills both:
    one space fits a single card, the other fits that card and another."""
    if state.over or state.star_turn or state.last_turn:
        return False
    open_ = [s for s, c in zip(SPACES, state.maps[0]) if c is None and region_of(s, state.cards)]
    if len(open_) != 2:
        return False
    fits = [{c for c in state.cards if region_of(s, (c,))} for s in open_]
    narrow, wide = sorted(fits, key=len)
    return len(narrow) == 1 and narrow < wide


def test_O_X_a_pairing_that_places_both_numbers_must_be_found(find) -> None:
    o = find(_one_pairing_places_both)
    state = o.state
    spaces = [s for s in empties(o) if region_of(s, state.cards)]
    narrow, wide = sorted(spaces, key=lambda s: sum(region_of(s, (c,)) for c in state.cards))
    spare = next(s for s in empties(o) if s not in spaces)
    low, high = state.numbers
    # An X is refused whichever number it replaces: both numbers can be written.
    assert "both numbers can be written" in refused(o, f"{low:02d} {wide}, X {spare}", "O-X")
    assert "both numbers can be written" in refused(o, f"{high:02d} {narrow}, X {spare}", "O-X")
    o.step(f"{low:02d} {narrow}, {high:02d} {wide}")
    assert o.map(0)[narrow][0] == low and o.map(0)[wide][0] == high


def test_O_X_when_no_number_fits_both_are_xs(find) -> None:
    o = find(shape_is("xtwo"))
    assert all([m[0] for m in a.marks] == ["X", "X"] for a in o.legal_actions())
    low, _ = o.state.numbers
    a, b = empties(o)[:2]
    assert "no region" in refused(o, f"{low:02d} {a}, X {b}", "O-WRITE")
    o.step(f"X {a}, X {b}")
    assert o.history[-1].marks == (("X", a), ("X", b))
    assert o.map(0)[a] == o.map(0)[b] == ("X", False)


def test_O_X_can_be_switched_to_allow_any_x() -> None:
    o = tw.OnTour(seed=7, rules=Rules(forced_x_only=False))
    low, _ = o.state.numbers
    inside = next(a.marks[0][1] for a in o.legal_actions() if a.marks[1][0] != "X")
    other = next(s for s in empties(o) if s != inside)
    o.step(f"{low:02d} {inside}, X {other}")
    assert o.map(0)[other] == ("X", False)


def test_O_DISCARD_the_turn_ends_when_every_player_has_written() -> None:
    o = tw.OnTour(players=3, seed=5)
    first = o.state
    o.step()
    o.step()
    assert o.state.cards == first.cards and o.state.round == 1 and o.turn == 2
    message = refused(o, "p0: " + str(o.legal_actions(2)[0]).split(": ")[1], "O-DISCARD")
    assert "p0 has already written this turn" in message
    o.step()
    assert o.state.round == 2 and o.state.roller == (first.roller + 1) % 3
    assert o.state.discard[-3:] == first.cards and o.state.written == (False,) * 3


def test_O_LAST_no_cards_numbers_anywhere_and_one_space_takes_either_number(find) -> None:
    o = find(lambda s: s.last_turn and not s.double and s.empty_count() == 2)
    previous = list(o.states())[o.position - 1]
    assert o.state.cards == () and o.state.deck == previous.deck  # nothing was flipped
    low, high = o.state.numbers
    space_a, space_b = empties(o)
    assert set(o.legal_actions()) == {
        Action(((low, a), (high, b)), 0) for a in (space_a, space_b) for b in (space_a, space_b) if a != b
    }
    assert "no X" in refused(o, f"{low:02d} {space_a}, X {space_b}", "O-X")
    assert "write both" in refused(o, f"{low:02d} {space_a}", "O-LAST")

    one = find(lambda s: s.last_turn and not s.double and s.empty_count() == 1)
    low, high = one.state.numbers
    (space,) = empties(one)
    assert {str(a) for a in one.legal_actions()} == {f"p0: {low:02d} {space}", f"p0: {high:02d} {space}"}
    full = next(s for s in SPACES if s != space)
    assert "already holds" in refused(one, f"{low:02d} {space}, {high:02d} {full}", "O-WRITE")

    strict = tw.OnTour(seed=one.seed, rules=Rules(last_one_space="high"))
    for action in one.history:
        strict.step(action)
    assert [str(a) for a in strict.legal_actions()] == [f"p0: {high:02d} {space}"]
    assert f"the high number, {high:02d}" in refused(strict, f"{low:02d} {space}", "O-LAST")
    strict.step(f"{high:02d} {space}")
    assert strict.is_over and strict.map(0)[space] == (high, False)


def test_O_LAST_a_double_gives_a_star_anywhere_and_play_goes_on(find) -> None:
    o = find(lambda s: s.last_turn and s.double and s.empty_count() == 2)
    assert {a.marks for a in o.legal_actions()} == {(("star", s),) for s in empties(o)}
    assert "no X" in refused(o, f"X {empties(o)[0]}", "O-X")
    star = empties(o)[0]
    o.step(f"star {star}")
    assert o.map(0)[star] == ("star", False)
    assert not o.is_over and o.state.empty_count() == 1 and o.state.last_turn

    last = find(lambda s: s.last_turn and s.double and s.empty_count() == 1)
    (space,) = empties(last)
    last.step(f"star {space}")
    assert last.is_over and last.map(0)[space] == ("star", False)


def test_O_END_the_game_ends_when_every_map_is_full() -> None:
    o = tw.OnTour(players=2, seed=9).play()
    assert o.is_over and all(c is not None for p in range(2) for c in o.map(p).values())
    assert len(o.legal_actions()) == 0 and list(o.legal_actions()) == []
    assert "game is over" in refused(o, "05 TX, 50 OK", "O-END")
    before, position = o.state, o.position
    with pytest.raises(tw.IllegalAction, match="O-END"):
        o.step()
    with pytest.raises(tw.IllegalAction, match="cannot read 'nonsense'"):
        o.step("nonsense")
    assert o.state is before and o.position == position


def test_O_ROUTE_and_O_SCORE_scores_are_each_players_best_tour(brute) -> None:
    o = tw.OnTour(players=["greedy", "random"], seed=4).play()
    for p, score in enumerate(o.scores):
        assert score.total == brute(o.map(p)) > 0  # the best tour, found by trying every path
        assert check_tour(o.map(p), score.tour) == score
        circled = sum(o.map(p)[s][1] for s in score.tour)
        assert (score.spaces, score.circles) == (len(score.tour), circled)
    with pytest.raises(ValueError, match="O-ROUTE"):
        check_tour({"TX": (60, False), "OK": ("star", False), "KS": (10, False)}, ["TX", "OK", "KS"])


def test_O_WIN_highest_score_wins_and_ties_are_shared() -> None:
    tied = tw.OnTour(players=2, seed=4).play()  # two greedy players write the same maps
    assert tied.map(0) == tied.map(1) and tied.winners == [0, 1]
    no_share = tw.OnTour(players=2, seed=4, rules=Rules(shared_ties=False)).play()
    assert no_share.winners == []
    mixed = tw.OnTour(players=["greedy", "random"], seed=4).play()
    totals = [best_tour(mixed.map(p)).total for p in range(2)]
    assert totals[0] != totals[1]
    assert mixed.winners == [totals.index(max(totals))]
    assert tw.OnTour(seed=4).winners == []


def test_O_SOLO_one_player_plays_the_same_rules_for_a_personal_best() -> None:
    o = tw.OnTour(players=1, seed=12).play()
    assert o.is_over and o.winners == [0] and o.scores[0].total > 0
    assert tw.OnTour(players=1, seed=12).play().scores == o.scores  # nothing kept between games


def _pairings(state, marks) -> list[tuple[str, str]]:
    """Every way to give two numbers two different cards whose regions hold their spaces (O-WRITE)."""
    out = []
    for c1, c2 in itertools.permutations(state.cards, 2):
        if region_of(marks[0][1], [c1]) and region_of(marks[1][1], [c2]):
            out.append((c1, c2))
    return out


def test_O_CIRCLE_a_number_in_a_cards_space_that_used_another_card_is_not_circled() -> None:
    """The card named on it must be the card the number used; circle_any_shown loosens that."""
    for seed in range(300):
        o = tw.OnTour(seed=seed)
        state = o.state
        if state.star_turn:
            continue
        for action in o.legal_actions():
            marks = action.marks
            if len(marks) != 2 or not all(isinstance(k, int) for k, _ in marks):
                continue
            pairs = _pairings(state, marks)
            if marks[0][1] in state.cards and all(c1 != marks[0][1] for c1, _ in pairs):
                assert "circled" not in o.why(action).text
                o.step(action)
                assert o.map(0)[marks[0][1]] == (marks[0][0], False)
                loose = tw.OnTour(seed=seed, rules=tw.on_tour.Rules(circle_any_shown=True))
                loose.step(action)
                assert loose.map(0)[marks[0][1]] == (marks[0][0], True)
                loose.undo()
                assert "circled" in loose.why(action).text
                loose.redo()
                assert tw.OnTour.from_json(loose.to_json()).rules.circle_any_shown is True
                return
    pytest.fail("no turn wrote a number in a card's space with another card")
