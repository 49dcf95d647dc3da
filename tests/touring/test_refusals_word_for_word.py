"""Every sentence Touring says about a move, word for word, with the rule it cites.

A player reads these in the board's message line and in ``why()``; each names the card, the seat
and the rule: a wrong condition, a wrong rule id or a garbled sentence changes one of these
answers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import touring_widgets as tw
from touring_widgets.touring import Rules, Tableau, apply, legal_actions
from touring_widgets.touring.actions import Action
from touring_widgets.touring.moves import Ruling, attack_refusal, explain, is_legal, ruling
from touring_widgets.touring.state import FACE_UP

from .positions import position

GO = Tableau(go=("go",))
MOVING = Tableau(go=("go",), freeway=("freeway",), piles=(2, 1, 1, 1))
STOPPED = Tableau(go=("go", "stop_to_refuel"))
BLOCKED = Tableau(go=("go",), freeway=("freeway", "populated_area"))
AFTER_REMEDY = Tableau(go=("go", "stop_to_refuel", "gasoline"))


def refused_with(state, action: str, rule: str, reason: str) -> None:
    """The action is refused citing ``rule`` with exactly ``reason``, by every way of asking."""
    verdict = explain(state, action)
    assert (verdict.action, verdict.legal, verdict.rule, verdict.text) == (
        action,
        False,
        rule,
        f"{reason} ({rule})",
    )
    with pytest.raises(tw.IllegalAction) as err:
        apply(state, action)
    assert err.value.rule == rule and str(err.value) == f"{action!r}: {reason} ({rule})"
    assert not is_legal(state, action) and action not in {str(a) for a in legal_actions(state)}


def allowed_with(state, action: str, rule: str, text: str) -> None:
    verdict = explain(state, action)
    assert (verdict.action, verdict.legal, verdict.rule, verdict.text) == (
        action,
        True,
        rule,
        f"{text} ({rule})",
    )
    assert is_legal(state, action) and action in {str(a) for a in legal_actions(state)}


# -- the end, the hand, discards ---------------------------------------------------------------
def test_T_WIN_nothing_is_played_after_the_trip_is_completed():
    state = position([["m75"], ["m25"]], [Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1)), GO])
    over = apply(state, "play m75")
    assert over.over and over.winner == 0
    refused_with(over, "discard m25", "T-WIN", "the game is over")


def test_T_EXHAUST_nothing_is_played_after_every_hand_is_empty():
    state = position([["m25"], []], [GO, GO], draw=[])
    over = apply(state, "play m25")
    assert over.over and over.winner is None
    refused_with(over, "discard m25", "T-EXHAUST", "the game is over")


def test_T_TURN_a_card_not_in_hand_is_refused_naming_the_seat_and_card():
    state = position([["m25"], ["m35"]], [GO, GO])
    refused_with(state, "play m35", "T-TURN", "seat 0 holds no 35 Miles")
    refused_with(state, "discard gasoline", "T-TURN", "seat 0 holds no Gasoline")


def test_T_DISCARD_a_discard_names_no_seat():
    state = position([["m25"], ["m35"]], [GO, GO])
    assert ruling(state, Action("discard", "m25", 1)) == Ruling(
        False, "a discard goes face down on the discard pile, not on a seat (T-DISCARD)", "T-DISCARD", 0
    )
    allowed_with(state, "discard m25", "T-DISCARD", "25 Miles goes face down on the discard pile")


def test_T_TURN_text_that_is_not_an_action_is_explained_not_raised():
    state = position([["m25"], ["m35"]], [GO, GO])
    verdict = explain(state, "fly away")
    assert (verdict.action, verdict.legal, verdict.rule) == ("fly away", False, "T-TURN")
    assert verdict.text.startswith("cannot read 'fly away'")
    assert not is_legal(state, "fly away") and not is_legal(state, 5) and not is_legal(state, "play m100")
    assert explain(state, 5).action == "<int>"


def test_T_USEFUL_off_a_useful_play_keeps_its_own_rule():
    loose = position([["m25", "stop_to_refuel"], ["m35"]], [MOVING, MOVING], rules=Rules(useful_only=False))
    allowed_with(loose, "play m25", "T-SLOW", "25 Miles brings seat 0 to 235 of 590 miles")
    allowed_with(loose, "play stop_to_refuel on 1", "T-STOP", "Stop to Refuel stops seat 1")


# -- one's own tableau -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "card, rule",
    [
        ("m25", "T-SLOW"),
        ("m35", "T-SLOW"),
        ("m50", "T-FREEWAY"),
        ("m75", "T-FREEWAY"),
        ("go", "T-GO"),
        ("freeway", "T-FREEWAY"),
        ("gasoline", "T-REMEDY"),
        ("wrecker", "T-REMEDY"),
    ],
)
def test_own_cards_are_not_played_on_another_seat(card, rule):
    state = position([[card], ["m35"]], [MOVING, GO])
    name = {
        "m25": "25 Miles",
        "m35": "35 Miles",
        "m50": "50 Miles",
        "m75": "75 Miles",
        "go": "Go",
        "freeway": "Freeway",
        "gasoline": "Gasoline",
        "wrecker": "Wrecker",
    }[card]
    refused_with(state, f"play {card} on 1", rule, f"{name} is played on your own tableau, not on seat 1")


def test_T_GO_the_first_card_on_the_table_is_a_go():
    state = position([["m25", "freeway", "go"], ["m35"]])
    refused_with(
        state,
        "play m25",
        "T-GO",
        "your first card on the table must be a Go, so 25 Miles cannot be played yet",
    )
    refused_with(
        state,
        "play freeway",
        "T-GO",
        "your first card on the table must be a Go, so Freeway cannot be played yet",
    )
    allowed_with(state, "play go", "T-GO", "Go sets seat 0 moving")


def test_T_USEFUL_a_go_while_moving_changes_nothing():
    state = position([["go"], ["m35"]], [GO, GO])
    refused_with(state, "play go", "T-USEFUL", "you are already moving, so a Go would change nothing")
    loose = position([["go"], ["m35"]], [GO, GO], rules=Rules(useful_only=False))
    allowed_with(loose, "play go", "T-USEFUL", "Go is played where it changes nothing (useful_only off)")


def test_T_USEFUL_a_go_after_a_remedy_changes_nothing_unless_go_after_remedy():
    state = position([["go"], ["m35"]], [AFTER_REMEDY, GO])
    refused_with(state, "play go", "T-USEFUL", "you are already moving, so a Go would change nothing")
    strict = position([["go"], ["m35"]], [AFTER_REMEDY, GO], rules=Rules(go_after_remedy=True))
    allowed_with(strict, "play go", "T-REMEDY", "Go sets seat 0 moving")


def test_T_STOP_a_go_does_not_end_a_stop():
    state = position([["go", "wrecker", "gasoline", "m25"], ["m35"]], [STOPPED, GO])
    refused_with(state, "play go", "T-STOP", "a Go does not end Stop to Refuel: it needs Gasoline")
    refused_with(state, "play wrecker", "T-STOP", "Wrecker does not end Stop to Refuel: it needs Gasoline")
    refused_with(state, "play m25", "T-STOP", "you are stopped by Stop to Refuel: play Gasoline first")
    allowed_with(state, "play gasoline", "T-REMEDY", "Gasoline ends Stop to Refuel")
    curve = position([["go", "gasoline"], ["m35"]], [Tableau(go=("go", "missed_the_curve")), GO])
    refused_with(curve, "play gasoline", "T-STOP", "Gasoline does not end Missed the Curve: it needs Wrecker")
    refused_with(curve, "play go", "T-STOP", "a Go does not end Missed the Curve: it needs Wrecker")


def test_T_USEFUL_a_remedy_with_nothing_to_remedy_and_a_second_freeway():
    state = position([["gasoline", "freeway"], ["m35"]], [MOVING, GO])
    refused_with(state, "play gasoline", "T-USEFUL", "you are not stopped, so Gasoline has nothing to remedy")
    refused_with(
        state, "play freeway", "T-USEFUL", "your Freeway is already active, so another would change nothing"
    )
    loose = position([["gasoline", "freeway"], ["m35"]], [MOVING, GO], rules=Rules(useful_only=False))
    allowed_with(
        loose, "play gasoline", "T-USEFUL", "Gasoline is played where it changes nothing (useful_only off)"
    )
    allowed_with(
        loose, "play freeway", "T-USEFUL", "Freeway is played where it changes nothing (useful_only off)"
    )


def test_T_REMEDY_with_go_after_remedy_mileage_waits_for_a_new_go():
    state = position([["m25"], ["m35"]], [AFTER_REMEDY, GO], rules=Rules(go_after_remedy=True))
    refused_with(
        state,
        "play m25",
        "T-REMEDY",
        "after a remedy you need a new Go before playing mileage (go_after_remedy)",
    )
    allowed = position([["m25"], ["m35"]], [AFTER_REMEDY, GO])
    allowed_with(allowed, "play m25", "T-SLOW", "25 Miles brings seat 0 to 25 of 590 miles")


def test_T_FREEWAY_and_T_POP_fast_mileage_needs_an_active_freeway():
    state = position([["m50", "m75", "freeway"], ["m35"]], [GO, GO])
    refused_with(state, "play m50", "T-FREEWAY", "50 Miles needs an active Freeway")
    refused_with(state, "play m75", "T-FREEWAY", "75 Miles needs an active Freeway")
    allowed_with(state, "play freeway", "T-FREEWAY", "Freeway lets seat 0 play 50s and 75s")
    blocked = position([["m50", "freeway"], ["m35"]], [BLOCKED, GO])
    refused_with(
        blocked, "play m50", "T-POP", "a Populated Area blocks your Freeway: play a Freeway before 50 Miles"
    )
    allowed_with(blocked, "play freeway", "T-FREEWAY", "Freeway lets seat 0 play 50s and 75s")
    allowed_with(
        position([["m50"], ["m35"]], [MOVING, GO]),
        "play m50",
        "T-FREEWAY",
        "50 Miles brings seat 0 to 260 of 590 miles",
    )


@pytest.mark.parametrize(
    "card, piles, cap",
    [("m25", (8, 0, 0, 0), 8), ("m35", (0, 4, 0, 0), 4), ("m50", (0, 0, 2, 0), 2), ("m75", (0, 0, 0, 2), 2)],
)
def test_T_GOAL_a_full_pile_takes_no_more(card, piles, cap):
    table = Tableau(go=("go",), freeway=("freeway",), piles=piles)
    state = position([[card], ["m35"]], [table, GO])
    miles = card[1:]
    refused_with(state, f"play {card}", "T-GOAL", f"your {miles} pile is full ({cap}/{cap})")


def test_T_GOAL_the_short_trip_caps_are_4_2_1_1():
    table = Tableau(go=("go",), freeway=("freeway",), piles=(4, 1, 1, 0))
    state = position([["m25", "m35", "m50", "m75"], ["m35"], ["m25"]], [table, GO, GO])
    assert state.rules.short_trip
    refused_with(state, "play m25", "T-GOAL", "your 25 pile is full (4/4)")
    refused_with(state, "play m50", "T-GOAL", "your 50 pile is full (1/1)")
    allowed_with(state, "play m35", "T-SLOW", "35 Miles brings seat 0 to 220 of 295 miles")


def test_T_WIN_the_card_that_completes_the_trip_says_so():
    table = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
    state = position([["m75", "m25"], ["m35"]], [table, GO])
    allowed_with(
        state, "play m75", "T-WIN", "75 Miles brings seat 0 to 590 of 590 miles, completing the trip"
    )
    assert explain(state, "discard m75").rule == "T-DISCARD"
    short = Tableau(go=("go",), freeway=("freeway",), piles=(7, 4, 2, 2))
    allowed_with(
        position([["m25"], ["m35"]], [short, GO]),
        "play m25",
        "T-WIN",
        "25 Miles brings seat 0 to 590 of 590 miles, completing the trip",
    )


# -- attacks -----------------------------------------------------------------------------------
def test_T_DELAY_and_T_POP_an_attack_names_its_target():
    state = position([["stop_to_refuel", "populated_area"], ["m35"]], [GO, MOVING])
    refused_with(
        state,
        "play stop_to_refuel",
        "T-DELAY",
        "Stop to Refuel is played on an opponent: write 'play stop_to_refuel on <seat>'",
    )
    refused_with(
        state,
        "play populated_area",
        "T-POP",
        "Populated Area is played on an opponent: write 'play populated_area on <seat>'",
    )
    refused_with(
        state,
        "play stop_to_refuel on 0",
        "T-DELAY",
        "Stop to Refuel is played on an opponent, not on yourself",
    )
    refused_with(
        state, "play populated_area on 0", "T-POP", "Populated Area is played on an opponent, not on yourself"
    )


@pytest.mark.parametrize("target", [2, 5])
def test_T_PLAYERS_an_attack_on_a_seat_that_does_not_exist(target):
    state = position([["stop_to_refuel"], ["m35"]], [GO, GO])
    refused_with(
        state, f"play stop_to_refuel on {target}", "T-PLAYERS", f"there is no seat {target}: seats are 0 to 1"
    )
    three = position([["stop_to_refuel"], ["m35"], ["m25"]], [GO, GO, GO], turn=0)
    refused_with(three, "play stop_to_refuel on 3", "T-PLAYERS", "there is no seat 3: seats are 0 to 2")
    allowed_with(three, "play stop_to_refuel on 2", "T-STOP", "Stop to Refuel stops seat 2")


def test_T_TEAMS_partners_are_not_attacked_and_a_team_is_named_by_its_first_seat():
    rules = Rules(teams=True)
    state = position([["stop_to_refuel"], ["m25"], ["m25"], ["m25"]], [GO, GO], rules=rules)
    refused_with(
        state, "play stop_to_refuel on 2", "T-TEAMS", "seat 2 is your partner: nobody attacks a partner"
    )
    refused_with(
        state,
        "play stop_to_refuel on 3",
        "T-TEAMS",
        "seat 3 shares seat 1's tableau: write 'play stop_to_refuel on 1'",
    )
    allowed_with(state, "play stop_to_refuel on 1", "T-STOP", "Stop to Refuel stops seat 1")
    # seat 3 attacks the team of seats 0 and 2, named by seat 0
    later = position([["m25"], ["m25"], ["m25"], ["burning_oil"]], [MOVING, GO], rules=rules, turn=3)
    refused_with(
        later, "play burning_oil on 1", "T-TEAMS", "seat 1 is your partner: nobody attacks a partner"
    )
    refused_with(
        later,
        "play burning_oil on 2",
        "T-TEAMS",
        "seat 2 shares seat 0's tableau: write 'play burning_oil on 0'",
    )
    allowed_with(later, "play burning_oil on 0", "T-LOSS", "Burning Oil takes 75 Miles from seat 0")


def test_T_DELAY_attack_before_go_off_needs_the_attackers_own_go():
    rules = Rules(attack_before_go=False)
    state = position([["stop_to_refuel"], ["m35"]], [Tableau(), GO], rules=rules)
    refused_with(
        state,
        "play stop_to_refuel on 1",
        "T-DELAY",
        "these rules (attack_before_go off) let you attack only after your first Go",
    )
    ready = position([["stop_to_refuel"], ["m35"]], [GO, GO], rules=rules)
    allowed_with(ready, "play stop_to_refuel on 1", "T-STOP", "Stop to Refuel stops seat 1")
    eager = position([["stop_to_refuel"], ["m35"]], [Tableau(), GO])
    allowed_with(eager, "play stop_to_refuel on 1", "T-STOP", "Stop to Refuel stops seat 1")


def test_T_DELAY_a_target_without_a_go_cannot_be_delayed():
    state = position([["stop_to_refuel", "burning_oil"], ["m35"]], [GO, Tableau()])
    refused_with(
        state,
        "play stop_to_refuel on 1",
        "T-DELAY",
        "seat 1 has no Go on the table yet, so it cannot be delayed",
    )
    refused_with(
        state,
        "play burning_oil on 1",
        "T-DELAY",
        "seat 1 has no Go on the table yet, so it cannot be delayed",
    )


def test_T_POP_needs_an_active_freeway_on_the_target():
    state = position([["populated_area"], ["m35"]], [GO, GO])
    refused_with(
        state, "play populated_area on 1", "T-POP", "seat 1 has no active Freeway for a Populated Area"
    )
    blocked = position([["populated_area"], ["m35"]], [GO, BLOCKED])
    refused_with(
        blocked,
        "play populated_area on 1",
        "T-POP",
        "seat 1's Freeway is already blocked by a Populated Area",
    )
    allowed_with(
        position([["populated_area"], ["m35"]], [GO, MOVING]),
        "play populated_area on 1",
        "T-POP",
        "Populated Area blocks seat 1's Freeway",
    )
    loose = position([["populated_area"], ["m35"]], [GO, GO], rules=Rules(useful_only=False))
    allowed_with(
        loose,
        "play populated_area on 1",
        "T-USEFUL",
        "Populated Area is played where it changes nothing (useful_only off)",
    )


def test_T_STOP_a_stopped_player_is_not_stopped_again_unless_stack_stops():
    state = position([["missed_the_curve"], ["m35"]], [GO, STOPPED])
    refused_with(state, "play missed_the_curve on 1", "T-STOP", "seat 1 is already stopped by Stop to Refuel")
    stacking = position([["missed_the_curve"], ["m35"]], [GO, STOPPED], rules=Rules(stack_stops=True))
    allowed_with(stacking, "play missed_the_curve on 1", "T-STOP", "Missed the Curve stops seat 1")
    after = apply(stacking, "play missed_the_curve on 1")
    assert after.tables[1].go == ("go", "stop_to_refuel", "missed_the_curve")


@pytest.mark.parametrize(
    "card, lost, name",
    [
        ("burning_oil", "m75", "75 Miles"),
        ("broken_spring", "m50", "50 Miles"),
        ("brake_adjustment", "m35", "35 Miles"),
    ],
)
def test_T_LOSS_a_mileage_delay_needs_a_card_of_its_value_to_take(card, lost, name):
    delay = {
        "burning_oil": "Burning Oil",
        "broken_spring": "Broken Spring",
        "brake_adjustment": "Brake Adjustment",
    }
    bare = Tableau(go=("go",), freeway=("freeway",), piles=(3, 0, 0, 0))
    state = position([[card], ["m35"]], [GO, bare])
    refused_with(
        state, f"play {card} on 1", "T-LOSS", f"seat 1 has no {name} on the table for {delay[card]} to take"
    )
    allowed_with(
        position([[card], ["m35"]], [GO, MOVING]),
        f"play {card} on 1",
        "T-LOSS",
        f"{delay[card]} takes {name} from seat 1",
    )
    loose = position([[card], ["m35"]], [GO, bare], rules=Rules(useful_only=False))
    allowed_with(
        loose,
        f"play {card} on 1",
        "T-USEFUL",
        f"{delay[card]} is played where it changes nothing (useful_only off)",
    )
    after = apply(loose, f"play {card} on 1")
    assert after.tables[1] == bare and after.discard[-1] == (card, FACE_UP)


def test_T_LOSS_the_setting_changes_which_card_is_taken_and_the_sentence():
    rules = Rules(burning_oil=25)
    state = position([["burning_oil"], ["m35"]], [GO, MOVING], rules=rules)
    allowed_with(state, "play burning_oil on 1", "T-LOSS", "Burning Oil takes 25 Miles from seat 1")
    after = apply(state, "play burning_oil on 1")
    assert after.tables[1].piles == (1, 1, 1, 1)
    assert after.discard[-2:] == (("burning_oil", FACE_UP), ("m25", FACE_UP))
    face_down = position([["burning_oil"], ["m35"]], [GO, MOVING], rules=Rules(loss_face_up=False))
    after = apply(face_down, "play burning_oil on 1")
    assert after.tables[1].piles == (2, 1, 1, 0)
    assert after.discard[-2:] == (("burning_oil", 0), ("m75", 0))


# -- dealing and reshuffling are pinned: a save is a seed and the actions -----------------------
HAND_0 = ["m75", "go", "populated_area", "missed_the_curve", "burning_oil", "gasoline"]
HAND_1 = ["m35", "go", "go", "gasoline", "wrecker"]


def test_T_DEAL_a_seed_deals_the_same_hands_in_every_version():
    g = tw.Touring(players=2, seed=0)
    assert g.hand(0) == HAND_0 and g.hand(1) == HAND_1 and len(g.state.draw) == 88


def test_T_RESHUFFLE_a_seed_plays_the_same_game_in_every_version():
    g = tw.Touring(players=["greedy"] * 3, seed=0).play()
    s = g.state
    assert (s.ply, s.reshuffles, s.winner) == (94, 1, 0)
    assert [t.miles() for t in s.tables] == [295, 245, 270]
    assert [str(a) for a in g.history[:4]] == ["play go", "play go", "play go", "discard m50"]
    assert [str(a) for a in g.history[-3:]] == ["discard m75", "discard m35", "play m50"]
    assert s.discard[:3] == (("m25", 1), ("go", 0), ("freeway", 2)) and len(s.draw) == 39


def test_the_legal_list_says_whose_it_is():
    state = position([["m25"], ["m35"]], [GO, GO], turn=1)
    assert legal_actions(state).seat == 1
    over = apply(position([["m25"], []], [GO, GO], draw=[]), "play m25")
    assert over.over and legal_actions(over).seat is None and list(legal_actions(over)) == []


@pytest.mark.parametrize(
    "table, buried",
    [
        (Tableau(go=("go", "gasoline")), "go"),
        (Tableau(go=("go",), freeway=("freeway", "populated_area")), "freeway"),
    ],
)
def test_T_RESHUFFLE_buried_column_cards_alone_make_a_new_draw_pile(table, buried):
    # no draw pile and no discards: the only cards to reshuffle are the buried one of seat 1's column
    state = position([["m25", "m35"], ["m25"]], [GO, table], draw=[])
    after = apply(state, "play m25")
    assert after.reshuffles == 1 and after.turn == 1 and after.draw == ()
    assert sorted(after.hands[1]) == sorted(["m25", buried])
    assert after.tables[1].go == table.go[-1:] and after.tables[1].freeway == table.freeway[-1:]


def test_T_WIN_and_T_EXHAUST_a_finished_game_stays_on_the_seat_that_moved_last():
    # the board's teacher view shows the seat to move, and after the end the seat that ended it
    table = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
    full = Rules(short_trip=False)
    won = apply(position([["m25"], ["m35"], ["m75"]], [GO, GO, table], turn=2, rules=full), "play m75")
    assert (won.over, won.winner, won.turn, won.ply) == (True, 2, 2, 1)
    state = replace(position([["m25"], [], []], [GO, GO, GO], draw=[], turn=0), reshuffles=3)
    over = apply(state, "play m25")
    assert (over.over, over.winner, over.turn, over.reshuffles, over.ply) == (True, None, 0, 3, 1)


def test_T_WIN_a_ruling_after_the_end_names_no_seat_to_act():
    table = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
    won = apply(position([["m25"], ["m75"]], [GO, table], turn=1, rules=Rules(short_trip=False)), "play m75")
    assert ruling(won, Action("play", "m25")) == Ruling(False, "the game is over (T-WIN)", "T-WIN", None)


def test_a_ruling_without_words_leaves_the_sentence_of_a_legal_move_empty():
    state = position([["m25", "go"], ["m35"]], [GO, GO])
    assert ruling(state, Action("play", "m25"), words=False) == Ruling(True, "", "T-SLOW", 0)
    assert ruling(state, Action("play", "m25")).reason == "25 Miles brings seat 0 to 25 of 590 miles (T-SLOW)"
    assert ruling(state, Action("play", "go"), words=False) == Ruling(  # a refusal always says why
        False, "you are already moving, so a Go would change nothing (T-USEFUL)", "T-USEFUL", 0)


def test_an_attack_s_refusal_names_the_target_as_it_is_asked():
    assert attack_refusal(Tableau(), Rules(), "stop_to_refuel") == (
        "T-DELAY", "the target has no Go on the table yet, so it cannot be delayed")
    assert attack_refusal(Tableau(), Rules(), "stop_to_refuel", "seat 2") == (
        "T-DELAY", "seat 2 has no Go on the table yet, so it cannot be delayed")


def test_a_game_in_progress_is_not_over_and_counts_its_reshuffles():
    g = tw.Touring(players=2, seed=0)
    g.step("play go")
    assert g.is_over is False and g.state.over is False and g.state.reshuffles == 0
    state = replace(position([["m25", "m35"], ["m25"]], [GO, GO]), reshuffles=2)
    after = apply(state, "play m25")
    assert after.over is False and after.reshuffles == 2 and after.turn == 1
