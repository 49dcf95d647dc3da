"""Every rule of rules/touring.md played out, one test class per rule id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.touring import Rules, Tableau, Touring, apply, legal_actions, new_game
from touring_widgets.touring.facts import CARDS, deck_counts
from touring_widgets.touring.moves import explain
from touring_widgets.touring.state import FACE_UP

from .positions import all_cards, game_at, position

RULES_FILE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "touring.md"
GO = Tableau(go=("go",))


def texts(state) -> set[str]:
    return {str(a) for a in legal_actions(state)}


def refused(state, action: str, rule: str) -> None:
    with pytest.raises(tw.IllegalAction) as err:
        apply(state, action)
    assert err.value.rule == rule
    assert f"({rule})" in str(err.value)
    verdict = explain(state, action)
    assert not verdict.legal and str(verdict).startswith("Illegal:")


class TestEveryRuleHasATest:
    def test_each_rule_id_in_the_rule_file_is_played_out_here(self):
        ids = set(re.findall(r"\*\*(T-[A-Z]+)\*\*|\((T-[A-Z]+)\)", RULES_FILE.read_text()))
        ids = {a or b for a, b in ids}
        assert len(ids) >= 20
        names = {name for name in dir(__import__(__name__, fromlist=["x"])) if name.startswith("Test")}
        covered = {"T-" + n[4:].upper() for n in names}
        assert ids <= covered, f"rules without a test class: {sorted(ids - covered)}"


class TestDeck:
    def test_99_cards_with_the_published_counts(self):
        counts = deck_counts(short_trip=False)
        assert sum(counts.values()) == 99
        assert counts["m25"] == 19 and counts["go"] == 13 and counts["wrecker"] == 7
        assert all_cards(new_game(2, 5, Rules())) == counts

    def test_unknown_card_is_refused_naming_it(self):
        g = Touring(seed=1)
        with pytest.raises(tw.IllegalAction, match="'m100' is not a Touring card"):
            g.step("play m100")
        assert g.position == 0


class TestPlayers:
    @pytest.mark.parametrize("n", [1, 7])
    def test_two_to_six_players(self, n):
        with pytest.raises(ValueError, match="T-PLAYERS"):
            Touring(players=n)

    def test_attack_on_a_seat_that_does_not_exist(self):
        state = position([["stop_to_refuel", "m25"], ["m25"]], [GO, GO])
        refused(state, "play stop_to_refuel on 5", "T-PLAYERS")

    def test_seat_zero_moves_first(self):
        assert Touring(players=4, seed=3).turn == 0


class TestGoal:
    def test_full_trip_is_590_miles_with_caps_8_4_2_2(self):
        assert Rules().for_players(2).goal == 590
        assert Rules().for_players(2).caps == (8, 4, 2, 2)

    def test_mileage_beyond_its_cap_is_not_playable(self):
        table = Tableau(go=("go",), freeway=("freeway",), piles=(3, 0, 0, 2))
        state = position([["m75", "m25"], ["m25"]], [table, Tableau()])
        assert "play m75" not in texts(state)
        assert "play m25" in texts(state)
        refused(state, "play m75", "T-GOAL")


class TestShort:
    @pytest.mark.parametrize("n, short", [(2, False), (3, True), (4, False), (5, False), (6, True)])
    def test_default_short_trip_for_3_and_6(self, n, short):
        g = Touring(players=n, seed=1)
        assert g.rules.short_trip is short
        assert sum(all_cards(g.state).values()) == (94 if short else 99)
        assert g.rules.goal == (295 if short else 590)

    def test_short_trip_removes_one_of_each_delay(self):
        counts = deck_counts(short_trip=True)
        assert counts["stop_to_refuel"] == 2 and counts["burning_oil"] == 1
        assert counts["m25"] == 19

    def test_switchable(self):
        assert Touring(players=3, seed=1, rules=Rules(short_trip=False)).rules.goal == 590
        assert Touring(players=2, seed=1, rules=Rules(short_trip=True)).rules.caps == (4, 2, 1, 1)

    def test_short_trip_is_won_at_295(self):
        table = Tableau(go=("go",), freeway=("freeway",), piles=(4, 2, 1, 0))
        state = position([["m75"], ["m25"], ["m25"]], [table, Tableau(), Tableau()])
        after = apply(state, "play m75")
        assert after.over and after.winner == 0


class TestTeams:
    def test_partners_share_a_tableau(self):
        rules = Rules(teams=True)
        state = position([["m25"], ["m25"], ["m25"], ["m35"]], [GO, GO], turn=3, rules=rules)
        g = game_at(state)
        g.step("play m35")
        assert g.table(1)["miles"] == g.table(3)["miles"] == 35
        assert g.table(0)["miles"] == 0

    def test_completing_the_trip_for_the_team(self):
        rules = Rules(teams=True)
        table = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
        state = position([["m25"], ["m75"], ["m25"], ["m25"]], [Tableau(), table], turn=1, rules=rules)
        g = game_at(state)
        g.step("play m75")
        assert g.winners == [1, 3]

    def test_nobody_attacks_a_partner(self):
        rules = Rules(teams=True)
        state = position([["stop_to_refuel"], ["m25"], ["m25"], ["m25"]], [GO, GO], rules=rules)
        refused(state, "play stop_to_refuel on 2", "T-TEAMS")
        assert "play stop_to_refuel on 1" in texts(state) and "play stop_to_refuel on 3" not in texts(state)
        # seats 1 and 3 share one tableau: the attack is named once, by the team's first seat
        with pytest.raises(tw.IllegalAction, match="write 'play stop_to_refuel on 1'") as err:
            apply(state, "play stop_to_refuel on 3")
        assert err.value.rule == "T-TEAMS"

    def test_teams_need_4_or_6_players(self):
        with pytest.raises(ValueError, match="T-TEAMS"):
            Touring(players=3, rules=Rules(teams=True))


class TestDeal:
    def test_five_each_and_the_first_seat_draws_a_sixth(self):
        g = Touring(players=4, seed=11)
        assert [len(g.hand(s)) for s in range(4)] == [6, 5, 5, 5]
        assert g.piles() == {"draw": 99 - 21, "discard": 0}

    def test_the_seed_fixes_the_deal(self):
        assert Touring(seed=5).hand(0) == Touring(seed=5).hand(0)
        assert [Touring(seed=s).hand(0) for s in range(5)] != [Touring(seed=0).hand(0)] * 5


class TestTurn:
    def test_play_then_the_next_seat_draws(self):
        g = Touring(players=["human", "human"], seed=2)
        before = g.piles()["draw"]
        g.step(g.legal_actions()[-1])
        assert g.turn == 1 and len(g.hand(0)) == 5 and len(g.hand(1)) == 6
        assert g.piles()["draw"] == before - 1

    def test_a_card_not_in_hand_is_refused(self):
        state = position([["m25"], ["m25"]])
        refused(state, "discard wrecker", "T-TURN")


class TestDiscard:
    def test_any_card_may_be_discarded_face_down(self):
        state = position([["m25", "go", "wrecker"], ["m25"]])
        assert {"discard m25", "discard go", "discard wrecker"} <= texts(state)
        after = apply(state, "discard wrecker")
        assert after.discard == (("wrecker", 0),)
        g = game_at(after)
        assert g.view(1)["last"]["action"] == "discard ?"
        assert g.view(0)["last"]["action"] == "discard wrecker"


class TestUseful:
    def test_cards_that_would_change_nothing_can_only_be_discarded(self):
        table = Tableau(go=("go",), freeway=("freeway",))
        state = position([["freeway", "gasoline", "go"], ["m25"]], [table, Tableau()])
        assert texts(state) == {"discard freeway", "discard gasoline", "discard go"}
        refused(state, "play freeway", "T-USEFUL")
        refused(state, "play gasoline", "T-USEFUL")
        refused(state, "play go", "T-USEFUL")

    def test_switch_off_lets_useless_cards_be_played_where_they_change_nothing(self, moving):
        rules = Rules(useful_only=False)
        table = Tableau(go=("go",), freeway=("freeway",))
        state = position([["freeway", "gasoline", "go", "m25"], ["m25"]], [table, Tableau()], rules=rules)
        assert {"play freeway", "play gasoline", "play go"} <= texts(state)
        assert explain(state, "play go").rule == "T-USEFUL"
        assert apply(state, "play freeway").tables[0].freeway == ("freeway", "freeway")
        after = apply(state, "play gasoline")
        assert after.tables[0].go == ("go", "gasoline") and after.tables[0].moving(rules)
        assert apply(state, "play go").tables[0].go == ("go", "go")
        # still refused: a card before the first Go (T-GO) and a remedy that does not match (T-STOP)
        refused(position([["gasoline"], ["m25"]], rules=rules), "play gasoline", "T-GO")
        stopped = Tableau(go=("go", "stop_to_refuel"))
        refused(position([["wrecker"], ["m25"]], [stopped, Tableau()], rules=rules), "play wrecker", "T-STOP")

    def test_switch_off_lets_attacks_with_nothing_to_hit_be_played(self):
        rules = Rules(useful_only=False)
        blocked = Tableau(go=("go",), freeway=("freeway", "populated_area"), piles=(3, 0, 0, 0))
        state = position([["populated_area", "burning_oil"], ["m25"]], [GO, blocked], rules=rules)
        assert {"play populated_area on 1", "play burning_oil on 1"} <= texts(state)
        pop = apply(state, "play populated_area on 1")
        assert pop.tables[1].freeway == ("freeway", "populated_area", "populated_area")
        oil = apply(state, "play burning_oil on 1")
        assert oil.tables[1].piles == (3, 0, 0, 0) and oil.discard == (("burning_oil", FACE_UP),)
        on = position([["populated_area", "burning_oil"], ["m25"]], [GO, blocked])
        refused(on, "play populated_area on 1", "T-POP")
        refused(on, "play burning_oil on 1", "T-LOSS")

    def test_the_switch_is_saved_and_loaded(self):
        g = Touring(seed=3, rules=Rules(useful_only=False, stack_stops=True, attack_before_go=False,
                                         loss_face_up=False))
        g.play(max_plies=40)
        assert Touring.from_json(g.to_json()).rules == g.rules


class TestGo:
    def test_first_card_must_be_a_go(self):
        state = position([["m25", "freeway", "go"], ["m25"]])
        refused(state, "play m25", "T-GO")
        refused(state, "play freeway", "T-GO")
        after = apply(state, "play go")
        assert after.tables[0].go == ("go",)

    def test_attacks_are_allowed_before_ones_own_go(self):
        state = position([["stop_to_refuel"], ["m25"]], [Tableau(), GO])
        assert "play stop_to_refuel on 1" in texts(state)

    def test_attack_before_go_off_needs_the_attackers_first_go(self, moving):
        rules = Rules(attack_before_go=False)
        hand = ["stop_to_refuel", "populated_area", "burning_oil"]
        state = position([hand, ["m25"]], [Tableau(), moving], rules=rules)
        assert not any(" on " in t for t in texts(state))
        for card in hand:
            refused(state, f"play {card} on 1", "T-DELAY")
        ready = position([hand, ["m25"]], [GO, moving], rules=rules)
        assert {f"play {card} on 1" for card in hand} <= texts(ready)


class TestMoving:
    def test_only_a_moving_player_plays_mileage(self):
        stopped = Tableau(go=("go", "missed_the_curve"))
        state = position([["m25"], ["m25"]], [stopped, Tableau()])
        assert "play m25" not in texts(state)
        g = game_at(position([["m25"], ["m25"]], [GO, Tableau()]))
        assert g.table(0)["moving"] is True


class TestSlow:
    def test_25_and_35_need_no_freeway(self):
        state = position([["m25", "m35", "m50"], ["m25"]], [GO, Tableau()])
        assert {"play m25", "play m35"} <= texts(state)
        assert apply(state, "play m35").tables[0].miles() == 35


class TestFreeway:
    def test_50_and_75_need_an_active_freeway(self):
        state = position([["m50", "freeway"], ["m25"]], [GO, Tableau()])
        refused(state, "play m50", "T-FREEWAY")
        after = apply(state, "play freeway")
        assert after.tables[0].freeway_active

    def test_freeway_may_be_laid_while_stopped(self):
        stopped = Tableau(go=("go", "stop_to_refuel"))
        assert "play freeway" in texts(position([["freeway"], ["m25"]], [stopped, Tableau()]))


class TestPop:
    def test_populated_area_blocks_50s_and_75s_until_a_new_freeway(self, moving):
        state = position([["populated_area"], ["m75", "m25", "freeway"]], [GO, moving])
        after = apply(state, "play populated_area on 1")
        assert after.tables[1].freeway == ("freeway", "populated_area")
        refused(after, "play m75", "T-POP")
        assert "play m25" in texts(after)
        again = apply(after, "play freeway")
        assert again.tables[1].freeway_active

    def test_only_on_an_active_freeway(self):
        state = position([["populated_area"], ["m25"]], [GO, GO])
        refused(state, "play populated_area on 1", "T-POP")


class TestDelay:
    def test_the_target_must_have_a_go(self):
        state = position([["stop_to_refuel", "burning_oil"], ["m25"]], [GO, Tableau()])
        refused(state, "play stop_to_refuel on 1", "T-DELAY")

    def test_no_attack_on_yourself(self):
        state = position([["stop_to_refuel"], ["m25"]], [GO, GO])
        refused(state, "play stop_to_refuel on 0", "T-DELAY")

    def test_an_attack_needs_a_target(self):
        state = position([["stop_to_refuel"], ["m25"]], [GO, GO])
        refused(state, "play stop_to_refuel", "T-DELAY")


class TestStop:
    def test_stop_to_refuel_needs_gasoline_not_a_wrecker(self):
        state = position([["stop_to_refuel"], ["wrecker", "gasoline", "m25", "go"]], [GO, GO])
        after = apply(state, "play stop_to_refuel on 1")
        assert after.tables[1].stopped_by == "stop_to_refuel"
        refused(after, "play m25", "T-STOP")
        refused(after, "play wrecker", "T-STOP")
        refused(after, "play go", "T-STOP")
        moving = apply(after, "play gasoline")
        assert moving.tables[1].moving(moving.rules)

    def test_no_stacking(self):
        stopped = Tableau(go=("go", "missed_the_curve"))
        state = position([["stop_to_refuel"], ["m25"]], [GO, stopped])
        refused(state, "play stop_to_refuel on 1", "T-STOP")

    def test_stack_stops_lets_a_stop_go_on_a_stop_and_only_the_top_matters(self):
        rules = Rules(stack_stops=True)
        stopped = Tableau(go=("go", "missed_the_curve"))
        state = position([["stop_to_refuel"], ["wrecker", "gasoline", "m25"]], [GO, stopped], rules=rules)
        after = apply(state, "play stop_to_refuel on 1")
        assert after.tables[1].go == ("go", "missed_the_curve", "stop_to_refuel")
        refused(after, "play wrecker", "T-STOP")
        moving = apply(after, "play gasoline")
        assert moving.tables[1].moving(rules) and moving.tables[1].top_go == "gasoline"


class TestRemedy:
    def test_remedy_sets_the_player_moving_by_default(self):
        table = Tableau(go=("go", "missed_the_curve"))
        state = position([["wrecker", "m25"], ["m25"]], [table, Tableau()])
        after = apply(state, "play wrecker")
        assert after.tables[0].moving(after.rules)

    def test_go_after_remedy_switch_needs_a_new_go(self):
        rules = Rules(go_after_remedy=True)
        table = Tableau(go=("go", "missed_the_curve"))
        state = position([["wrecker", "m25", "go"], ["m25"]], [table, Tableau()], rules=rules)
        g = game_at(state, ["human", "human"])
        g.step("play wrecker")
        g.step("discard m25")
        assert g.table(0)["status"] == "needs a Go after Wrecker"
        with pytest.raises(tw.IllegalAction, match="T-REMEDY"):
            g.step("play m25")
        g.step("play go")
        assert g.table(0)["moving"] is True


class TestLoss:
    def test_takes_one_mileage_card_both_go_face_up_to_the_discard(self, moving):
        state = position([["burning_oil"], ["m25"]], [GO, moving])
        after = apply(state, "play burning_oil on 1")
        assert after.tables[1].piles == (2, 1, 1, 0)
        assert after.discard == (("burning_oil", FACE_UP), ("m75", FACE_UP))
        assert after.tables[1].moving(after.rules)
        seen = game_at(after).view(0)
        assert seen["discard_face_up"] == ["burning_oil", "m75"] and seen["discard_top"] == "m75"
        assert game_at(apply(after, "discard m25")).view(0)["discard_top"] is None  # face down on top

    def test_default_values_and_the_setting(self, moving):
        state = position([["broken_spring", "brake_adjustment"], ["m25"]], [GO, moving])
        assert apply(state, "play broken_spring on 1").tables[1].piles == (2, 1, 0, 1)
        assert apply(state, "play brake_adjustment on 1").tables[1].piles == (2, 0, 1, 1)
        rules = Rules(brake_adjustment=25)
        state = position([["brake_adjustment"], ["m25"]], [GO, moving], rules=rules)
        assert apply(state, "play brake_adjustment on 1").tables[1].piles == (1, 1, 1, 1)

    def test_loss_face_up_off_sends_both_cards_face_down(self, moving):
        rules = Rules(loss_face_up=False)
        state = position([["burning_oil", "m25"], ["m25"]], [GO, moving], rules=rules)
        after = apply(state, "play burning_oil on 1")
        assert after.discard == (("burning_oil", 0), ("m75", 0)) and after.tables[1].piles == (2, 1, 1, 0)
        victim, attacker = game_at(after).view(1), game_at(after).view(0)
        assert victim["discard_face_up"] == [] and victim["discard_top"] is None
        assert attacker["own_discards"] == ["burning_oil", "m75"]
        assert game_at(after).unseen(1)["m75"] == game_at(state).unseen(1)["m75"] + 1  # out of sight now

    def test_needs_a_card_of_that_value(self):
        table = Tableau(go=("go",), freeway=("freeway",), piles=(3, 0, 0, 0))
        state = position([["burning_oil"], ["m25"]], [GO, table])
        refused(state, "play burning_oil on 1", "T-LOSS")

    def test_bad_value_setting(self):
        with pytest.raises(ValueError, match="T-LOSS"):
            Rules(burning_oil=60)


class TestReshuffle:
    def test_discards_and_buried_column_cards_make_the_new_draw_pile(self):
        table = Tableau(
            go=("go", "stop_to_refuel", "gasoline"), freeway=("freeway", "populated_area", "freeway")
        )
        discard = (("m25", 1), ("go", 0))
        hands = [["m25"] * 6, ["m35"] * 5]
        state = position(hands, [table, GO], discard=discard, draw=[])
        after = apply(state, "discard m25")
        assert after.reshuffles == 1
        assert after.tables[0].go == ("gasoline",) and after.tables[0].freeway == ("freeway",)
        assert after.discard == ()
        # the new pile: 3 discards + 2 buried Go-column cards + 2 buried Freeway-column cards, one drawn
        assert len(after.draw) == 6
        assert after.drawn is not None and len(after.hands[1]) == 6


class TestExhaust:
    def test_no_card_to_draw_then_play_without_drawing(self):
        state = position([["m25"] * 6, ["m35"] * 5], [GO, GO], draw=[])
        after = apply(state, "play m25")
        assert after.turn == 1 and len(after.hands[1]) == 5 and after.drawn is None

    def test_all_hands_empty_ends_with_no_winner(self):
        state = position([["m25"], []], [GO, GO], draw=[])
        after = apply(state, "play m25")
        assert after.over and after.winner is None
        g = game_at(after)
        assert g.is_over and g.winners == []
        with pytest.raises(tw.IllegalAction, match="T-EXHAUST"):
            g.step("play m25")


class TestWin:
    def test_completing_the_trip_wins_at_once(self, moving):
        table = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
        state = position([["m75", "m25"], ["m25"]], [table, Tableau()])
        assert explain(state, "play m75").rule == "T-WIN"
        g = game_at(state)
        g.step("play m75")
        assert g.is_over and g.winners == [0] and g.miles() == [590, 0]
        with pytest.raises(tw.IllegalAction, match="T-WIN"):
            g.step("discard m25")
        assert list(g.legal_actions()) == []


class TestView:
    def test_a_seat_sees_its_hand_every_tableau_and_pile_sizes_only(self):
        g = Touring(players=3, seed=4)
        v = g.view(1)
        assert v["hands"][1]["cards"] == g.hand(1)
        assert v["hands"][0]["cards"] is None and v["hands"][0]["size"] == 6
        assert v["draw"] == g.piles()["draw"] and "draw_cards" not in v
        assert v["drawn"] is None  # seat 0 drew it, seat 1 cannot know
        teacher = g.view(None)
        assert all(h["cards"] is not None for h in teacher["hands"])

    def test_unseen_counts_what_the_seat_cannot_see(self):
        g = Touring(seed=9)
        hidden = g.unseen(0)
        assert sum(hidden.values()) == 99 - 6
        for card in CARDS:
            assert hidden.get(card, 0) == deck_counts(False)[card] - g.hand(0).count(card)
