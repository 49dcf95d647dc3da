"""The game as a notebook drives it: actions and their text, legal lists, the timeline, saves, views."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.on_tour import Action, Rules


class TestActions:
    @pytest.mark.parametrize(
        "text", ["05 TX, 50 OK", "star CO", "56 TX, X WA", "X WA, X OR", "p3: 12 NE2, 21 MC", "p0: 07 TX"]
    )
    def test_text_round_trips(self, text: str) -> None:
        action = Action.parse(text)
        assert str(action) == text and Action.parse(str(action)) == action
        assert eval(repr(action), {"Action": Action}) == action

    def test_marks_have_one_canonical_order(self) -> None:
        assert Action.parse("65 OK, 56 TX") == Action.parse("56 tx, 65 ok")
        assert str(Action.parse("X WA, 56 TX")) == "56 TX, X WA"

    def test_an_action_that_is_neither_text_nor_an_action_is_refused(self) -> None:
        o = tw.OnTour(players=1, seed=7)
        with pytest.raises(tw.IllegalAction, match="not int") as info:
            o.step(42)
        assert info.value.rule == "O-WRITE" and o.position == 0
        assert not o.is_legal(42) and 42 not in o.legal_actions()
        assert not o.why(42).legal and o.why(42).rule == "O-WRITE" and "O-WRITE" in str(o.why(42))

    def test_huge_text_is_refused_before_reading(self) -> None:
        o = tw.OnTour(players=1, seed=7)
        with pytest.raises(tw.IllegalAction, match="too long to be an action") as info:
            o.step("56 TX, " * 10_000)
        assert info.value.rule == "O-WRITE" and o.position == 0

    @pytest.mark.parametrize(
        "text", ["", "56", "56 TX 65 OK", "56 TX, 65 OK, 12 WA", "100 TX", "starCO", "p: 5 TX"]
    )
    def test_malformed_text_is_refused_and_the_game_is_unchanged(self, text: str) -> None:
        o = tw.OnTour(players=2, seed=7)
        o.step()
        before, history = o.state, o.history
        with pytest.raises(tw.IllegalAction, match="cannot read") as info:
            o.step(text)
        assert repr(text) in str(info.value) and "'56 TX, 65 OK'" in str(info.value)  # says what to write
        assert info.value.rule == "O-WRITE" and str(info.value).endswith("(O-WRITE)")
        assert o.state is before and o.history == history
        assert str(o.why(text)).startswith("Illegal:") and "cannot read" in o.why(text).text
        assert not o.is_legal(text)
        assert text not in o.legal_actions()

    @pytest.mark.parametrize(
        ("marks", "seat", "rule", "words"),
        [
            ((), None, "O-WRITE", "one or two marks"),
            (((5, "TX"), (50, "OK"), (7, "WA")), None, "O-WRITE", "one or two marks"),
            (((100, "TX"),), None, "O-DICE", "100 is not a number 00-99"),
            ((("x", "TX"),), None, "O-DICE", "'x' is not a number"),
            (((5, "ZZ"),), None, "O-MAP", "'ZZ' is not a space"),
            (((5, "TX"),), -1, "O-PLAYERS", "-1 is not a seat number"),
        ],
    )
    def test_an_action_object_is_checked_when_made(self, marks, seat, rule, words) -> None:
        with pytest.raises(tw.IllegalAction, match=words) as info:
            Action(marks, seat)
        assert info.value.rule == rule and rule in str(info.value)


class TestLegalActions:
    @settings(max_examples=20, deadline=None)
    @given(st.integers(0, 10**6), st.integers(0, 40))
    def test_len_iteration_membership_and_why_agree(self, seed: int, moves: int) -> None:
        o = tw.OnTour(players=2, seed=seed)
        for _ in range(moves):
            if o.is_over:
                break
            o.step()
        legal = o.legal_actions()
        actions = list(legal)
        assert len(legal) == len(actions) == len(set(actions))
        for action in actions[:: max(1, len(actions) // 25)]:
            assert action in legal and str(action) in legal and o.is_legal(action)
            assert o.why(action).legal
        if not o.is_over:
            # Near misses: each legal action with one space moved is legal exactly when listed.
            spaces = tw.on_tour.SPACES
            for action in actions[:: max(1, len(actions) // 10)]:
                kind, _space = action.marks[-1]
                for other in spaces[::7]:
                    moved = Action((*action.marks[:-1], (kind, other)), action.seat)
                    if len({s for _, s in moved.marks}) == len(moved.marks):
                        assert (moved in legal) == (moved in set(actions)) == o.is_legal(moved)
                        assert o.why(moved).legal == (moved in legal)

    def test_first_turn_count_is_pinned(self) -> None:
        # A fixed-position count, like perft: catches any change in move generation.
        assert len(tw.OnTour(players=2, seed=7).legal_actions()) == 434


class TestTimeline:
    def test_same_seed_and_actions_make_the_same_game_in_another_process(self) -> None:
        o = tw.OnTour(players=["greedy", "random"], seed="tour-42").play()
        code = (
            "import touring_widgets as tw;"
            "o = tw.OnTour(players=['greedy', 'random'], seed='tour-42').play();"
            "print([str(a) for a in o.history]); print([s.total for s in o.scores])"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        assert out.splitlines() == [str([str(a) for a in o.history]), str([s.total for s in o.scores])]

    def test_undo_redo_goto_and_fork(self) -> None:
        o = tw.OnTour(players=2, seed=3)
        for _ in range(10):
            o.step()
        states = list(o.states())
        line = o.history
        assert o.undo() and o.state is states[-2] and o.future == line[-1:]
        assert o.redo() and o.state is states[-1]
        o.goto(4)
        assert o.state is states[4] and o.history == line[:4]
        twin = o.fork()
        twin.step()
        assert o.state is states[4] and o.future == line[4:]
        # the bot wrote what the line holds: that is a redo, and the rest of the line is kept
        assert twin.history == line[:5] and twin.future == line[5:] and twin.variations == ()
        o.goto(-1)
        assert o.history == line

    def test_a_new_action_after_undo_keeps_the_old_line_as_a_variation(self) -> None:
        o = tw.OnTour(seed=3)
        first = o.step()
        o.undo()
        other = next(a for a in o.legal_actions() if a != o.future[0])
        o.step(other)
        assert o.future == () and o.history == (other,)
        assert o.variations[0].position == 0 and o.variations[0].actions == (first,)

    def test_step_with_no_argument_plays_the_next_writers_policy(self) -> None:
        o = tw.OnTour(players=["human", "random"], seed=8)
        hint = o.step()
        assert hint.seat == 0 and hint in tw.on_tour.moves.legal_actions(o.states().__next__())
        assert o.step().seat == 1

    def test_a_named_player_may_write_out_of_order(self) -> None:
        o = tw.OnTour(players=3, seed=8)
        action = o.legal_actions(2)[0]
        o.step(str(action))
        assert o.state.written == (False, False, True) and o.turn == 0


class TestSaves:
    def test_round_trip_keeps_the_line_and_the_cursor(self) -> None:
        o = tw.OnTour(players=["human", "greedy"], seed=21, rules=Rules(last_one_space="low")).play()
        o.goto(9)
        loaded = tw.OnTour.from_json(o.to_json())
        assert loaded.position == 9 and loaded.history == o.history and loaded.future == o.future
        assert loaded.state == o.state and loaded.rules == o.rules and loaded.players == o.players

    @pytest.mark.parametrize(
        ("change", "problem"),
        [
            (lambda d: "not json", "not JSON"),
            (lambda d: {**d, "format": 2}, "field 'format'"),
            (lambda d: {**d, "game": "touring"}, "field 'game'"),
            (lambda d: {**d, "rules": {"bogus": True}}, "unknown rule option 'bogus'"),
            (lambda d: {**d, "rules": {"last_one_space": "middle"}}, "field 'rules'"),
            (lambda d: {**d, "rules": {"shared_ties": "yes"}}, "field 'rules': Rules.shared_ties"),
            (lambda d: {**d, "seed": 1.5}, "field 'seed'"),
            (lambda d: {**d, "seed": True}, "field 'seed'"),
            (lambda d: {k: v for k, v in d.items() if k != "seed"}, "field 'seed' is missing"),
            (lambda d: {**d, "players": ["greedy", "robot"]}, "field 'players'"),
            (lambda d: {**d, "players": []}, "field 'players'.*O-PLAYERS"),
            (lambda d: {**d, "extra": 1}, "field 'extra'"),
            (lambda d: {**d, "cursor": 99}, "field 'cursor'"),
            (lambda d: {**d, "actions": "05 TX"}, "field 'actions'"),
            # The fourth action is p1's; writing p0's third action again is p0 writing twice.
            (
                lambda d: {**d, "actions": [*d["actions"][:3], d["actions"][2], *d["actions"][4:]]},
                r"action 4 .*p0 has already written.*O-DISCARD",
            ),
            (
                lambda d: {**d, "actions": [*d["actions"][:3], "p1: 05 ZZ"], "cursor": 4},
                r"action 4 .*'ZZ'.*O-MAP",
            ),
            (lambda d: {**d, "actions": ["nonsense"], "cursor": 1}, "action 1 .*cannot read"),
        ],
    )
    def test_bad_saves_name_the_first_problem(self, change, problem: str) -> None:
        o = tw.OnTour(players=2, seed=21)
        for _ in range(8):
            o.step()
        data = change(json.loads(o.to_json()))
        text = data if isinstance(data, str) else json.dumps(data)
        with pytest.raises(tw.LoadError, match=problem):
            tw.OnTour.from_json(text)

    def test_a_number_not_rolled_in_a_save_names_the_action_and_the_rule(self) -> None:
        o = tw.OnTour(players=2, seed=21)
        for _ in range(3):
            o.step()
        state = o.state
        assert not state.star_turn
        low, high = state.numbers
        wrong = next(n for n in range(100) if n not in (low, high))
        (_, s1), (_, s2) = o.legal_actions()[0].marks
        data = json.loads(o.to_json())
        data["actions"].append(f"p1: {low:02d} {s1}, {wrong:02d} {s2}")
        with pytest.raises(tw.LoadError, match=rf"action 4 .*{wrong:02d} was not rolled.*\(O-ROLL\)"):
            tw.OnTour.from_json(json.dumps(data))


class TestInspection:
    def test_map_cells_and_view_are_plain_values(self) -> None:
        o = tw.OnTour(players=2, seed=5).play()
        board = o.map(1)
        assert set(board) == set(tw.on_tour.SPACES)
        for cell in board.values():  # the game is over: every space is written
            assert cell == ("X", False) or cell[0] == "star" or 0 <= cell[0] <= 99
        view = o.view(1)
        assert json.loads(json.dumps(view)) == view
        mine = view["scores"][1]
        assert mine["total"] == o.scores[1].total and mine["tour"] == o.scores[1].tour
        with pytest.raises(ValueError, match="no seat 2"):
            o.map(2)

    def test_repr_draws_every_map_with_the_turn(self) -> None:
        o = tw.OnTour(players=2, seed=5)
        text = str(o)
        assert "\n" not in repr(o) and repr(o).startswith("<On Tour seed=5")
        a, b = o.state.dice
        assert f"dice {a} {b}" in text and all(c in text for c in o.state.cards)
        assert "p0 score" in text and "p1 score" in text
        setup_card, number = o.state.setup[0]
        assert f"{setup_card} ({number:02d})" in text
        o.play()
        assert "Game over" in str(o.state) and "Game over" in str(o) and "over" in repr(o)
