"""Narration: every step of a whole game, in both games and under every switch, is one sentence
naming the players and citing the rule that allowed the move (the verdict's own rule) and the
rules of what else it caused; ``explain()`` is the story so far, one sentence per step."""

from __future__ import annotations

import pytest

import touring_widgets as tw
from touring_widgets.core.rulebook import rule_pattern
from touring_widgets.on_tour import view as on_tour_view
from touring_widgets.touring import view as touring_view

RULE_ID = rule_pattern()
BOOK = set(tw.rules())

TOURING = [
    (2, tw.touring.Rules()),
    (3, tw.touring.Rules(useful_only=False, stack_stops=True)),
    (4, tw.touring.Rules(teams=True, go_after_remedy=True, loss_face_up=False)),
    (5, tw.touring.Rules(attack_before_go=False, burning_oil=25)),
    (6, tw.touring.Rules(short_trip=False)),
]
ON_TOUR = [
    (1, tw.on_tour.Rules()),
    (2, tw.on_tour.Rules(circle_any_shown=True, forced_x_only=False)),
    (3, tw.on_tour.Rules(last_one_space="high", shared_ties=False, reroll_setup_doubles=False)),
]


def cited(sentence: str) -> set[str]:
    return set(RULE_ID.findall(sentence))


@pytest.mark.parametrize("players, rules", TOURING, ids=lambda x: str(x))
def test_every_touring_step_cites_its_verdicts_rule_and_what_it_caused(players, rules):
    for seed in range(3):
        policies = [("greedy", "random")[(seed + k) % 2] for k in range(players)]
        g = tw.Touring(players=policies, seed=seed, rules=rules).play(max_plies=300)
        story = g.explain()
        assert len(story) == len(g.history)
        for (before, action), after, sentence in zip(g.moves(), list(g.states())[1:], story):
            rules_cited = cited(sentence)
            assert rules_cited and rules_cited <= BOOK, sentence
            assert tw.touring.judge(before, action).rule in rules_cited, sentence
            assert sentence.startswith(f"Seat {before.turn} ") or before.ply == 0, sentence
            assert ("T-RESHUFFLE" in rules_cited) == (after.reshuffles > before.reshuffles), sentence
            assert ("T-WIN" in rules_cited) == (after.winner is not None), sentence
            if not after.over:
                assert f"seat {after.turn} " in sentence, sentence
                assert ("without drawing" in sentence) == (after.drawn is None), sentence


@pytest.mark.parametrize("players, rules", ON_TOUR, ids=lambda x: str(x))
def test_every_on_tour_step_cites_its_verdicts_rule_and_what_it_caused(players, rules):
    for seed in range(3):
        policies = [("greedy", "random")[(seed + k) % 2] for k in range(players)]
        g = tw.OnTour(players=policies, seed=seed, rules=rules).play()
        story = g.explain()
        assert len(story) == len(g.history)
        for (before, action), after, sentence in zip(g.moves(), list(g.states())[1:], story):
            rules_cited = cited(sentence)
            assert rules_cited and rules_cited <= BOOK, sentence
            assert tw.on_tour.judge(before, action).rule in rules_cited, sentence
            assert sentence.startswith(f"p{action.seat} "), sentence
            assert ("O-DISCARD" in rules_cited) == (after.round > before.round or after.over), sentence
            assert ("O-FLIP" in rules_cited) == (after.round > before.round and bool(after.cards)), sentence
            assert ("O-END" in rules_cited) == after.over, sentence
        assert "O-WIN" in cited(story[-1]) or players == 1
        assert "O-SOLO" in cited(story[-1]) or players > 1


def test_narrate_has_the_same_name_and_shape_in_both_games():
    t = tw.Touring(seed=1)
    t.step()
    o = tw.OnTour(seed=1)
    o.step()
    for view, g in ((touring_view, t), (on_tour_view, o)):
        (before, action), = g.moves()
        assert view.narrate(before, action, g.state) == g.explain()[0]
        assert view.narrate(before, action, g.state, 0) == g.explain(seat=0)[0]


def test_the_story_told_to_a_seat_keeps_other_seats_discards_face_down():
    g = tw.Touring(players=2, seed=3).play(max_plies=60)
    for (before, action), teacher, seat0 in zip(g.moves(), g.explain(), g.explain(seat=0)):
        if action.kind == "discard" and before.turn == 1:
            assert tw.touring.card_name(action.card) in teacher
            assert "discards a card face down" in seat0 and "T-VIEW" in cited(seat0)
        else:
            assert teacher == seat0
    with pytest.raises(ValueError, match="no seat 2"):
        g.explain(seat=2)


def test_the_story_is_the_history_only_and_follows_the_cursor():
    g = tw.Touring(seed=4)
    for _ in range(5):
        g.step()
    story = g.explain()
    g.goto(2)
    assert g.explain() == story[:2]
    g.goto(0)
    assert g.explain() == []


class TestStepReplaysTheLine:
    """step() replays the recorded line when it continues, else plays the seat's policy (the
    recorded move keeps the line)."""

    def test_an_undone_human_move_is_replayed_not_the_bots_choice(self):
        g = tw.Touring(players=["human", "greedy"], seed=7)
        bot_choice = g.fork().step()
        other = next(a for a in g.legal_actions() if a != bot_choice)
        g.step(other)
        g.undo()
        assert g.step() == other and g.variations == () and g.future == ()
        assert g.step() == g.history[-1]  # past the line: the seat's policy

    def test_on_tour_too(self):
        o = tw.OnTour(players=1, seed=7)
        chosen = list(o.legal_actions())[-1]
        o.step(chosen)
        o.undo()
        assert o.step() == chosen and o.variations == ()
