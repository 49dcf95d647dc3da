"""Scenarios: a position in a few lines, filled in from the seed, refused naming the rule when no
game could reach it (one test per kind of problem), accepted for every position real games
reach, and a game like any other: step, undo, fork, save and load, with the save checked again."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.touring import Rules

touring = tw.touring.scenario
on_tour = tw.on_tour.scenario
SEED = 5  # On Tour seed 5 circles 34 MT, 43 NE, 45 MN, 54 SC at setup


def refused(rule: str, words: str, build, **kwargs) -> tw.IllegalAction:
    with pytest.raises(tw.IllegalAction) as caught:
        build(**kwargs)
    assert caught.value.rule == rule, caught.value
    cited = re.findall(r"\(([^()]*)\)$", str(caught.value))
    assert cited and rule in cited[0].split(", ") and words in str(caught.value), str(caught.value)
    return caught.value


# -- Touring --------------------------------------------------------------------------------------
MOVER = ["go", "m25", "m35", "gasoline", "wrecker", "m75"]


class TestTouringRefusesWhatNoGameReaches:
    def test_more_cards_of_a_kind_than_the_deck_holds(self):
        refused("T-DECK", "4 Populated Area cards, but the deck holds 3", touring,
                hands={0: ["populated_area"] * 2 + MOVER[:4]},
                tables={1: {"go": ["go"], "freeway": ["freeway", "populated_area", "freeway",
                                                      "populated_area"]}})

    def test_more_cards_than_the_short_trip_deck_holds(self):
        refused("T-DECK", "the short-trip deck (T-SHORT) holds 2", touring, players=3,
                hands={0: ["stop_to_refuel"] * 3 + MOVER[:3]})

    def test_a_card_that_is_not_in_the_deck(self):
        refused("T-DECK", "'sunshine' in the hand of seat 0 is not a Touring card", touring,
                hands={0: ["sunshine", *MOVER[:5]]})

    def test_a_fast_mileage_card_without_a_freeway_under_it(self):
        refused("T-FREEWAY", "seat 1 has 75 Miles on the table but never had a Freeway", touring,
                tables={1: {"go": ["go"], "m75": 1}})

    def test_more_mileage_than_the_caps(self):
        refused("T-GOAL", "seat 0 has 9 25 Miles on the table, more than the trip's 8", touring,
                tables={0: {"go": ["go"], "m25": 9}})
        refused("T-GOAL", "more than the trip's 1", touring, players=3,
                tables={0: {"go": ["go"], "freeway": ["freeway"], "m75": 2}})

    def test_a_completed_trip(self):
        refused("T-WIN", "completed the 590-mile trip", touring,
                tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 8, "m35": 4, "m50": 2, "m75": 2}})

    def test_mileage_without_a_go(self):
        refused("T-GO", "seat 1 has mileage on the table but no Go", touring, tables={1: {"m25": 2}})

    def test_a_freeway_without_a_go(self):
        refused("T-FREEWAY", "seat 1 has no Go", touring, tables={1: {"freeway": ["freeway"]}})

    def test_a_remedy_not_on_its_delay(self):
        refused("T-STOP", "cannot hold Wrecker on Stop to Refuel: Wrecker does not end Stop to Refuel",
                touring,
                tables={1: {"go": ["go", "stop_to_refuel", "wrecker"]}})
        refused("T-USEFUL", "cannot hold Gasoline on Go", touring, tables={1: {"go": ["go", "gasoline"]}})

    def test_a_go_on_a_stop_and_a_stop_on_a_stop(self):
        refused("T-STOP", "cannot hold Go on Missed the Curve", touring,
                tables={1: {"go": ["go", "missed_the_curve", "go"]}})
        refused("T-STOP", "already stopped", touring,
                tables={1: {"go": ["go", "missed_the_curve", "stop_to_refuel"]}})
        touring(tables={1: {"go": ["go", "missed_the_curve", "stop_to_refuel"]}},
                rules=Rules(stack_stops=True))

    def test_a_populated_area_on_nothing_to_block(self):
        refused("T-POP", "already blocked", touring,
                tables={1: {"go": ["go"], "freeway": ["freeway", "populated_area", "populated_area"]}})

    def test_cards_in_the_wrong_column(self):
        refused("T-GO", "the Go column holds only Go", touring, tables={1: {"go": ["go", "m25"]}})
        refused("T-FREEWAY", "the Freeway column holds only", touring,
                tables={1: {"go": ["go"], "freeway": ["go"]}})

    def test_hand_sizes_that_cannot_be(self):
        refused("T-TURN", "seat 0 holds 5 cards, but the seat to move has drawn and holds 6", touring,
                hands={0: MOVER[:5]})
        refused("T-TURN", "seat 1 holds 6 cards, but a hand holds at most 5", touring, hands={1: MOVER})
        refused("T-TURN", "seat 1 holds 4 cards, but every hand holds 5 between turns", touring,
                hands={1: MOVER[:4]})
        refused("T-TURN", "seat 1 holds 1 card, but every hand holds 5 between turns", touring,
                hands={1: MOVER[:1]})
        refused("T-EXHAUST", "seat 0 holds no cards", touring, hands={0: []}, rest="box")

    def test_a_short_hand_to_move_with_cards_left_to_draw(self):
        refused("T-EXHAUST", "seat 0 holds 2 cards, so it drew nothing, but there was a card to draw",
                touring,
                hands={0: ["m25", "m35"], 1: ["m25"]}, tables={0: {"go": ["go"]}, 1: {"go": ["go"]}},
                draw=["m50"], rest="box")

    def test_a_face_up_discard_when_losses_go_face_down(self):
        refused("T-LOSS", "loss_face_up off", touring, discard=[("m75", "up")],
                rules=Rules(loss_face_up=False))

    def test_seats_that_are_not_there(self):
        refused("T-PLAYERS", "turn 2 is not a seat", touring, turn=2)
        refused("T-PLAYERS", "3 is not a seat", touring, hands={3: MOVER})
        refused("T-TEAMS", "seat 2 shares seat 0's tableau", touring, players=4, rules=Rules(teams=True),
                tables={2: {"go": ["go"]}})

    def test_input_that_is_not_a_scenario(self):
        for bad in ({"hands": "go"}, {"tables": {0: ["go"]}}, {"discard": [("m25", 9)]}, {"rest": "floor"},
                    {"turn": True}, {"colour": 1}, {"tables": {0: {"m25": -1}}}, {"draw": ["m25"] * 300}):
            game = tw.Touring(seed=1)
            with pytest.raises(tw.IllegalAction):
                game.start_from(bad)


class TestTouringScenarios:
    def test_nothing_given_is_the_deal_of_the_seed(self):
        for players in (2, 3, 6):
            built, dealt = touring(players, seed=9).state, tw.Touring(players, seed=9).state
            assert built == dealt

    def test_what_is_not_given_is_filled_in_from_the_seed(self):
        kwargs = dict(hands={0: MOVER}, tables={1: {"go": ["go"], "m25": 3}}, draw=["freeway", "m50"])
        a, b, c = touring(seed=3, **kwargs), touring(seed=3, **kwargs), touring(seed=4, **kwargs)
        assert a.state == b.state and a.state.hands[1] != c.state.hands[1]
        assert a.hand(0) == sorted(MOVER, key=list(tw.touring.CARDS).index)
        assert a.state.draw[-2:] == ("m50", "freeway")  # the top card is last
        assert sum(map(len, a.state.hands)) + len(a.state.draw) + 3 + 1 == 99

    def test_discards_name_their_owner_or_lie_face_up(self):
        g = touring(discard=["m25", ("wrecker", 0), ("burning_oil", "up")], hands={0: MOVER}, seed=1)
        assert g.state.discard == (("m25", 1), ("wrecker", 0), ("burning_oil", -1))
        assert g.view(1)["discard_face_up"] == ["burning_oil"] and g.view(1)["own_discards"] == ["m25"]

    def test_the_rest_on_the_discard_pile_or_in_the_box(self):
        g = touring(hands={0: MOVER}, draw=[], rest="discard", seed=2)
        assert g.state.draw == () and len(g.state.discard) == 99 - 11
        g.step("discard m75")
        assert g.state.reshuffles == 1 and "(T-RESHUFFLE)" in g.explain()[0]
        boxed = touring(hands={0: ["m25"], 1: []}, tables={0: {"go": ["go"]}}, rest="box", draw=[], seed=2)
        assert boxed.state.draw == () and boxed.state.discard == ()

    def test_a_reshuffle_may_have_taken_the_bottom_of_a_column(self):
        touring(tables={1: {"go": ["stop_to_refuel"], "freeway": ["populated_area"], "m75": 1}})
        touring(tables={1: {"go": ["gasoline", "missed_the_curve"]}})

    def test_every_position_of_real_games_passes_and_is_rebuilt_exactly(self):
        checked = 0
        for seed in range(12):
            rules = Rules(teams=seed % 4 == 2, useful_only=seed % 3 > 0, stack_stops=seed % 2 == 0,
                          go_after_remedy=seed % 5 == 0, loss_face_up=seed % 4 > 0,
                          attack_before_go=seed % 6 > 0)
            players = 4 if rules.teams else 2 + seed % 5
            policies = [("greedy", "random")[k % 2] for k in range(players)]
            game = tw.Touring(players=policies, seed=seed, rules=rules)
            game.play(max_plies=400)
            for position in range(0, len(game) - 1, 5):
                at = game.fork()
                at.goto(position)
                again = touring(**touring.position_of(at)).state
                state = at.state
                assert (again.hands, again.draw, again.discard, again.tables, again.turn) == (
                    state.hands, state.draw, state.discard, state.tables, state.turn), (seed, position)
                checked += 1
        assert checked > 300

    def test_a_scenario_is_a_game_like_any_other(self):
        g = touring(hands={0: MOVER}, tables={1: {"go": ["go"], "freeway": ["freeway"], "m75": 1}}, seed=4)
        start = g.state
        g.step("play go")
        g.step()
        h = g.fork()
        h.step()
        assert g.undo() and g.undo() and g.state is start
        g.redo()
        loaded = tw.Touring.from_json(h.to_json())
        assert loaded.scenario == g.scenario and list(loaded.states()) == list(h.states())
        assert loaded.explain() == h.explain() and len(loaded.explain()) == 3

    def test_a_resampled_fork_of_a_scenario_saves_and_loads(self):
        g = touring(hands={0: MOVER}, seed=4)
        g.step("play go")
        world = g.fork(resample=True, seed=8)
        loaded = tw.Touring.from_json(world.to_json())
        assert loaded.state == world.state and loaded.scenario == g.scenario and loaded.origin == world.origin

    def test_loading_checks_the_scenario_again(self):
        g = touring(hands={0: MOVER}, tables={1: {"go": ["go"], "freeway": ["freeway"], "m50": 1}}, seed=4)
        data = json.loads(g.to_json())
        assert data["scenario"]["tables"] == {"1": {"go": ["go"], "freeway": ["freeway"], "m50": 1}}
        data["scenario"]["tables"]["1"]["freeway"] = []
        with pytest.raises(tw.LoadError, match=r"field 'scenario': seat 1 has 50 Miles .* \(T-FREEWAY\)"):
            tw.Touring.from_json(json.dumps(data))
        data["scenario"]["tables"]["1"] = {"go": ["go"], "m25": 9}
        with pytest.raises(tw.LoadError, match=r"\(T-GOAL\)"):
            tw.Touring.from_json(json.dumps(data))


# -- On Tour --------------------------------------------------------------------------------------
def filled(empty: int, seed: int = SEED, stars: int = 0) -> dict:
    """One map (for every player) with all but ``empty`` non-setup spaces written, each roll's two
    numbers in turn (12, 21, 13, 31, ...)."""
    spaces = [s for s in tw.on_tour.SPACES if s not in on_tour.setup(seed)]
    numbers = (n for a in range(10) for b in range(a + 1, 10) for n in (10 * a + b, 10 * b + a))
    cells = {}
    for k, sid in enumerate(spaces[: len(spaces) - empty]):
        cells[sid] = "star" if k < stars else next(numbers)
    return cells


class TestOnTourRefusesWhatNoGameReaches:
    def test_a_map_without_its_setup_number(self):
        refused("O-SETUP", "p0's MT holds 12, but the setup wrote a circled 34 there", on_tour, seed=SEED,
                maps={"MT": 12, "TX": 56})

    def test_a_setup_card_showing_or_in_the_deck(self):
        refused("O-SETUP", "card MT in the cards showing: it was drawn at setup", on_tour, seed=SEED,
                cards=["MT", "TX", "OK"])
        refused("O-SETUP", "card SC in the deck", on_tour, seed=SEED, deck=["SC"])

    def test_maps_of_different_fill(self):
        refused("O-LAST", "p1 holds 2 marks besides the setup and p0 holds 0", on_tour, players=2, seed=SEED,
                maps={1: {"TX": 56, "OK": 65}})

    def test_cards_showing_on_a_last_turn(self):
        refused("O-LAST", "a last turn flips no cards", on_tour, seed=SEED, maps=filled(2, stars=1),
                cards=["WA", "OR", "ID"])

    def test_numbers_of_more_rolls_than_turns(self):
        refused("O-WRITE", "the maps' numbers need 2 rolls", on_tour, players=2, seed=SEED,
                maps={0: {"TX": 56, "OK": 65}, 1: {"TX": 23, "OK": 32}})

    def test_a_number_only_a_double_makes(self):
        refused("O-STAR", "TX holds 44, which only a double makes", on_tour, seed=SEED,
                maps={"TX": 44, "OK": 45})

    def test_stars_drawn_on_different_turns(self):
        refused("O-STAR", "p1 has drawn 2 stars but p0 only 0 stars and 0 Xs", on_tour, players=2, seed=SEED,
                maps={0: {"TX": 56, "OK": 65}, 1: {"TX": "star", "OK": "star"}})
        refused("O-STAR", "one more star turn is needed", on_tour, seed=SEED, maps={"TX": 56, "OK": "star"})

    def test_a_circled_x(self):
        refused("O-X", "an X is never circled", on_tour, seed=SEED, maps={"TX": ("X", True), "OK": 12})

    def test_cards_that_are_not_cards_or_show_twice(self):
        refused("O-CARDS", "'ZZ' in the cards showing is not a card", on_tour, seed=SEED, cards=["ZZ", "TX",
                                                                                                 "OK"])
        refused("O-CARDS", "card TX is both showing and in the deck", on_tour, seed=SEED,
                cards=["TX", "OK", "AR"], deck=["TX"])
        refused("O-FLIP", "a turn shows 3 cards, not 2", on_tour, seed=SEED, cards=["TX", "OK"])

    def test_a_space_that_is_not_on_the_board(self):
        refused("O-MAP", "'ZZ' on the map of p0 is not a space of the board", on_tour, seed=SEED,
                maps={0: {"ZZ": 12}})

    def test_more_next_cards_or_discards_than_the_turn_allows(self):
        # 22 marks, no star: eleven turns done, so after turn 12's flip one card is left
        refused("O-FLIP", "the deck holds 1 card at turn 12, not 2", on_tour, seed=SEED, maps=filled(15),
                deck=["WA", "OR"])
        refused("O-DISCARD", "the discard pile holds 0 cards at turn 1, not 1", on_tour, seed=SEED,
                discard=["TX"])

    def test_a_full_map(self):
        refused("O-END", "every space of every map is filled", on_tour, seed=SEED, maps=filled(0))

    def test_dice_and_turns_that_cannot_be(self):
        refused("O-DICE", "the dice are two numbers 0 to 9", on_tour, seed=SEED, dice=(3, 10))
        refused("O-WRITE", "cannot have been written in 5 turns", on_tour, seed=SEED,
                maps={"TX": 56, "OK": 65}, round=6)

    def test_input_that_is_not_a_scenario(self):
        for bad in ({"maps": "TX"}, {"maps": {0: {"TX": "fifty"}}}, {"cards": "TX"}, {"dice": [1]},
                    {"round": "3"}, {"colour": 1}, {"maps": {9: {}}}, {"maps": {0: {"TX": [56, 1]}}}):
            game = tw.OnTour(seed=1)
            with pytest.raises(tw.IllegalAction):
                game.start_from(bad)


class TestOnTourScenarios:
    def test_nothing_given_is_the_first_turn_of_the_seed(self):
        for players in (1, 3):
            assert on_tour(players, seed=9).state == tw.OnTour(players, seed=9).state

    def test_a_few_lines_and_the_rest_from_the_seed(self):
        o = on_tour(2, seed=SEED, maps={"TX": 56, "OK": 65, "CO": "(star)"}, cards=["TX", "NM", "AR"],
                    dice=(1, 6), deck=["WA", "OR"])
        state = o.state
        assert state.round == 3 and state.roller == 0 and state.numbers == (16, 61)
        assert o.map(1)["CO"] == ("star", True) and o.map(0)["MT"] == (34, True)
        assert state.deck[:2] == ("WA", "OR") and len(state.deck) == 37 - 9 and len(state.discard) == 6
        assert on_tour(2, seed=SEED, maps={"TX": 56, "OK": 65, "CO": "star"}).state.cards == \
            on_tour(2, seed=SEED, maps={"TX": 56, "OK": 65, "CO": "star"}).state.cards

    def test_every_turn_of_real_games_passes_and_is_rebuilt_exactly(self):
        checked = 0
        for seed in range(10):
            rules = tw.on_tour.Rules(forced_x_only=seed % 3 > 0, reroll_setup_doubles=seed % 4 > 0,
                                     circle_any_shown=seed % 2 == 0)
            game = tw.OnTour(players=["greedy", "random"][: 1 + seed % 2], seed=seed, rules=rules).play()
            for position, state in enumerate(game.states()):
                if state.over or any(state.written):
                    continue
                at = game.fork()
                at.goto(position)
                assert on_tour(**on_tour.position_of(at)).state == state, (seed, position)
                checked += 1
        assert checked > 150

    def test_a_scenario_is_a_game_like_any_other(self):
        o = on_tour(2, seed=SEED, maps={"TX": 56, "OK": 65, "CO": "star"}, cards=["TX", "NM", "AR"], dice=(1,
                                                                                                           6))
        o.step("16 NM, 61 AR")
        o.step()
        h = o.fork()
        h.play()
        assert o.undo() and o.position == 1
        loaded = tw.OnTour.from_json(h.to_json())
        assert loaded.scenario == o.scenario and loaded.state == h.state and loaded.winners == h.winners
        assert len(loaded.explain()) == len(h.history)

    def test_loading_checks_the_scenario_again(self):
        o = on_tour(seed=SEED, maps={"TX": 56, "OK": 65})
        data = json.loads(o.to_json())
        data["scenario"]["maps"]["0"]["MT"] = 12
        with pytest.raises(tw.LoadError, match=r"field 'scenario': p0's MT holds 12.*\(O-SETUP\)"):
            tw.OnTour.from_json(json.dumps(data))


# -- any input at all -------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 120) | st.text(max_size=6)
    | st.sampled_from(["go", "m25", "TX", "star", "(12)", "X", "up", "box", "0", "1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["hands", "tables", "draw", "discard", "turn", "rest", "maps", "cards", "dice",
                         "deck", "round", "go", "freeway", "m25", "0", "1", "TX", "MT"]), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=JSON, game=st.sampled_from(["touring", "on_tour"]))
def test_any_scenario_in_a_save_loads_or_raises_load_error(scenario, game):
    cls = tw.Touring if game == "touring" else tw.OnTour
    data = json.loads(cls(seed=1).to_json())
    data["scenario"] = scenario
    try:
        loaded = cls.from_json(json.dumps(data))
    except tw.LoadError:
        return
    assert loaded.scenario is not None and loaded.position == 0


def test_random_tables_are_refused_with_a_rule_or_built():
    rng = random.Random(4)
    cards = list(tw.touring.CARDS)
    built = 0
    for _ in range(400):
        table = {"go": rng.choices(["go", "stop_to_refuel", "gasoline", "wrecker", "missed_the_curve"],
                                   k=rng.randrange(4)),
                 "freeway": rng.choices(["freeway", "populated_area"], k=rng.randrange(3))}
        table.update({m: rng.randrange(4) for m in ("m25", "m35", "m50", "m75") if rng.random() < 0.5})
        try:
            g = touring(tables={1: table}, hands={0: rng.sample(cards, 6)}, seed=rng.randrange(9))
        except tw.IllegalAction as exc:
            assert exc.rule in tw.rules() and f"({exc.rule})" in str(exc)
            continue
        built += 1
        assert tw.Touring.from_json(g.to_json()).state == g.state
    assert built > 20
