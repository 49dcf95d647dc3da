"""Every rule of both games has a demonstration, and every demonstration does what it says: its
line steps through to the end as the recorded future (step() replays it), its narration cites
the rule it demonstrates, its refusals are refused citing rules that exist, its position passes
the scenario checks when built again through ``scenario(...)``, and it saves and loads."""

from __future__ import annotations

import pytest

import touring_widgets as tw
from touring_widgets.core.rulebook import rule_ids, rule_pattern

RULE_ID = rule_pattern()
BOOK = set(tw.rules())
NAMES = list(tw.demos())


def scenario_module(game):
    return tw.touring.scenario if isinstance(game, tw.Touring) else tw.on_tour.scenario


def same_position(a, b) -> bool:
    """Two states show the same position (what the players see and hold, and what comes next)."""
    if isinstance(a, tw.touring.State):
        keys = ("rules", "seed", "hands", "draw", "discard", "tables", "turn", "over", "winner")
    else:
        keys = ("rules", "seed", "setup", "maps", "empty", "round", "roller", "deck", "discard", "cards",
                "dice", "reshuffled", "written", "over")
    return all(getattr(a, k) == getattr(b, k) for k in keys)


@pytest.fixture(params=NAMES)
def d(request):
    return tw.demo(request.param)


def test_every_rule_id_of_both_rule_files_has_a_demonstration():
    names = set(tw.demos())
    missing = [r for r in rule_ids() if r not in names]
    assert not missing, f"no demonstration for {missing}"
    assert all(n.split("/")[0] in BOOK for n in names), "a demonstration of a rule that does not exist"


def test_every_switch_has_a_demonstration_that_sets_it():
    for cls in (tw.touring.Rules, tw.on_tour.Rules):
        fields = set(cls().to_dict()) - {"broken_spring", "brake_adjustment"}  # one loss value shown
        shown = {n.split("/")[1] for n in tw.demos() if "/" in n}
        assert fields <= shown | {"teams"}, f"switches without a demonstration: {fields - shown}"
    assert tw.demo("T-TEAMS").rules.teams  # the default is off: the rule's own demonstration sets it


def test_demos_lists_a_one_line_description_and_tw_demos_is_callable_either_way():
    import touring_widgets.demos as module

    assert module() == tw.demos() == module.demos()
    for name, title in tw.demos().items():
        assert isinstance(title, str) and title and "\n" not in title, name
    with pytest.raises(KeyError, match="T-POP"):
        tw.demo("T-PO")


class TestEachDemonstration:
    def test_it_starts_just_before_the_moment_with_its_line_as_the_future(self, d):
        assert d.position == 0
        assert [str(a) for a in d.future] == list(d.demo.line)
        assert d.demo.rule in BOOK and d.demo.name in tw.demos()
        assert d.demo.title == tw.demos()[d.demo.name]
        assert d.demo.description and str(d.demo).startswith(f"{d.demo.name}: {d.demo.title}")

    def test_it_steps_through_to_the_end_of_its_line_as_a_redo(self, d):
        line = list(d.demo.line)
        played = []
        while d.future:
            played.append(str(d.step()))
        assert played == line and d.position == len(line)
        assert d.variations == ()  # step() replayed the recorded line: nothing was left behind

    def test_its_narration_cites_the_rule_it_demonstrates(self, d):
        while d.future:
            d.step()
        story = d.explain()
        assert d.demo.rule in set(RULE_ID.findall(" ".join(story))), (d.demo.name, story)
        if "/" in d.demo.name:  # a switch demonstration runs with the switch away from its default
            switch = d.demo.name.split("/")[1]
            assert any(s.startswith(f"{switch}=") for s in d.demo.switches), d.demo.switches

    def test_explain_has_one_sentence_per_step_each_citing_rules_that_exist(self, d):
        assert d.explain() == []
        for k in range(1, len(d.demo.line) + 1):
            d.step()
            story = d.explain()
            assert len(story) == k
            cited = RULE_ID.findall(story[-1])
            assert cited and set(cited) <= BOOK, story[-1]
            assert story[-1].endswith(".") and "\n" not in story[-1]

    def test_its_refusals_are_refused_where_they_were_tried(self, d):
        for refusal in d.demo.refused:
            assert not refusal.verdict.legal and refusal.verdict.rule in BOOK
            assert set(RULE_ID.findall(refusal.verdict.text)) <= BOOK
            d.goto(refusal.position)
            with pytest.raises(tw.IllegalAction):
                d.step(refusal.action)
            assert d.position == refusal.position
            assert str(refusal.verdict) in str(d.demo)

    def test_its_refusals_cite_its_rule_or_say_why_another_answers(self, d):
        for refusal in d.demo.refused:
            if refusal.verdict.rule == d.demo.rule:
                assert refusal.note == ""
            else:
                assert refusal.note.startswith(f"{refusal.verdict.rule} answers: "), (d.demo.name, refusal)
                assert refusal.note in str(d.demo)

    def test_its_position_passes_the_scenario_checks(self, d):
        build = scenario_module(d)
        start = build(**build.position_of(d))
        assert same_position(start.state, d.state)
        for position in range(1, len(d.demo.line) + 1):
            d.goto(position)
            if d.is_over or (isinstance(d, tw.OnTour) and any(d.state.written)):
                continue
            again = build(**build.position_of(d))
            assert same_position(again.state, d.state), (d.demo.name, position)

    def test_it_saves_and_loads_with_its_scenario(self, d):
        d.step()
        loaded = type(d).from_json(d.to_json())
        assert loaded.scenario == d.scenario and loaded.scenario is not None
        assert loaded.position == d.position and loaded.future == d.future
        assert list(loaded.states()) == list(d.states())
        assert loaded.explain() == d.explain()

    def test_undo_and_fork_work_on_it(self, d):
        first = d.step()
        twin = d.fork()
        assert d.undo() and d.position == 0 and d.future[0] == first
        assert twin.position == 1 and len(twin.explain()) == 1
        assert twin.undo() and twin.state == d.state
        other = [a for a in d.legal_actions() if a != first]
        if other:  # another move keeps the scripted line as a variation
            d.step(other[0])
            assert [str(a) for a in d.variations[0].actions] == list(d.demo.line)


def test_walk_prints_every_step_and_each_refusal_where_it_happens(capsys):
    d = tw.demo("T-POP")
    tw.demos.walk(d)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1. Seat 0 plays Populated Area on seat 1's Freeway")
    assert out[1].startswith("Illegal: 'play m75'") and out[1].endswith("(T-POP)")
    assert out[2].startswith("2. Seat 1 plays Freeway over the Populated Area")
    assert d.position == 2


def test_walk_says_why_another_rule_answers_a_refusal(capsys):
    d = tw.demo("T-SLOW")
    tw.demos.walk(d)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Illegal: 'play m50'") and out[0].endswith("(T-POP)")
    assert out[1] == ("   T-POP answers: a blocked Freeway refuses 50s and 75s, while 25s and 35s (T-SLOW) "
                      "still go.")
    assert out[2].startswith("1. Seat 0 plays 35 Miles")


def test_a_demonstration_counts_its_moves_in_words():
    assert "Line (1 move): p0: 25 WA, 52 FL" in str(tw.demo("O-LAST").demo)
    assert "Line (2 moves): " in str(tw.demo("T-POP").demo)


def test_the_teachers_story_names_a_discard_and_the_other_seat_sees_a_card():
    d = tw.demo("T-VIEW")
    d.step()
    assert "discards Wrecker face down" in d.explain()[0]
    assert "Wrecker" not in d.explain(seat=1)[0] and "a card face down" in d.explain(seat=1)[0]
    assert "T-VIEW" in d.explain(seat=1)[0]


def test_a_demonstration_of_a_switch_shows_the_same_position_under_other_rules():
    on, off = tw.demo("T-STOP"), tw.demo("T-STOP/stack_stops")
    assert on.state.hands == off.state.hands and on.state.tables == off.state.tables
    assert not on.rules.stack_stops and off.rules.stack_stops
    assert "Rules: stack_stops=True" in str(off.demo)


@pytest.mark.parametrize("rest", ["draw", "discard"])
def test_T_EXHAUST_the_demos_position_needs_the_cards_set_aside_by_name(rest):
    """README: a position no game reaches is refused, unless the cards are set aside by name
    (``rest="box"``): T-EXHAUST's demo is such a teaching position."""
    d = tw.demo("T-EXHAUST")
    assert d.scenario["rest"] == "box" and "teaching position" in d.demo.description
    with pytest.raises(tw.IllegalAction, match="a full deck never runs dry") as refused:
        tw.touring.scenario(players=3, **{**d.scenario, "rest": rest}, draw=[])
    assert refused.value.rule == "T-TURN"
