"""The timeline on its own: goto with every kind of index, moves, history and future."""

from __future__ import annotations

from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.core.timeline import Timeline


@pytest.fixture(params=[tw.Touring, tw.OnTour], ids=lambda c: c.__name__)
def line(request):
    """A game with five moves played and two of them undone: positions 0..5, cursor at 3."""
    g = request.param(players=2, seed=11)
    for _ in range(5):
        g.step()
    g.undo()
    g.undo()
    return g


def test_goto_every_position_from_the_start_and_from_the_end(line):
    states = list(line.states())
    assert len(states) == len(line) == 6
    for index in range(6):
        line.goto(index)
        assert line.position == index and line.state is states[index]
        line.goto(index - 6)  # the same position counted from the end
        assert line.position == index and line.state is states[index]
    assert len(line.history) + len(line.future) == 5


@pytest.mark.parametrize("index", [6, 7, -7, -100, 10**9])
def test_goto_outside_the_line_raises_index_error_and_moves_nothing(line, index):
    with pytest.raises(IndexError, match="outside"):
        line.goto(index)
    assert line.position == 3


@pytest.mark.parametrize("index", [True, 1.0, "2", None])
def test_goto_needs_an_int(line, index):
    with pytest.raises(TypeError, match="position"):
        line.goto(index)
    assert line.position == 3


def test_moves_pairs_each_action_with_the_state_before_it(line):
    states = list(line.states())
    moves = list(line.moves())
    assert [a for _, a in moves] == [*line.history, *line.future]
    assert all(before is states[i] for i, (before, _) in enumerate(moves))


def test_the_timeline_knows_no_game():
    import touring_widgets.core.timeline as module

    source = Path(module.__file__).read_text(encoding="utf-8")
    assert "touring" not in source.replace("touring_widgets", "") and "on_tour" not in source
    assert issubclass(tw.Touring, Timeline) and issubclass(tw.OnTour, Timeline)


class TestVariations:
    def test_stepping_the_recorded_move_is_a_redo(self, line):
        future = line.future
        line.step(str(future[0]))
        assert line.future == future[1:] and line.variations == ()

    def test_another_move_keeps_the_old_line_as_a_variation(self, line):
        history, future = line.history, line.future
        other = next(a for a in line.legal_actions() if a != future[0])
        line.step(other)
        assert line.future == () and len(line.variations) == 1
        kept = line.variations[0]
        assert kept.position == 3 and kept.actions == future
        assert "position 3" in repr(kept)
        line.enter(0)
        assert line.position == 3 and line.history == history and line.future == future
        assert [v.actions for v in line.variations] == [(other,)]

    def test_a_variation_deeper_in_another_line(self, line):
        history = line.history
        line.goto(1)
        first = next(a for a in line.legal_actions() if a != line.future[0])
        line.step(first)
        line.step()
        assert line.variations[0].position == 1
        line.enter(line.variations[0])
        assert line.position == 1 and (*line.history, *line.future)[:3] == history
        assert line.variations[0].position == 1 and line.variations[0].actions[0] == first

    def test_variations_are_saved_and_loaded(self, line):
        other = next(a for a in line.legal_actions() if a != line.future[0])
        line.step(other)
        loaded = type(line).from_json(line.to_json())
        assert [(v.position, v.actions) for v in loaded.variations] == [
            (v.position, v.actions) for v in line.variations
        ]
        loaded.enter(0)
        line.enter(0)
        assert loaded.state == line.state and loaded.future == line.future

    @pytest.mark.parametrize(
        "bad, words",
        [("x", "must be a list"), ([1], "object with 'actions' and 'at'"),
         ([{"actions": ["nonsense"], "at": 0}], "variation 1, action 1"),
         ([{"actions": [], "at": 0}], "'at'"), ([{"actions": ["x"], "at": True}], "'at'")],
    )
    def test_bad_saved_variations_raise_load_error(self, line, bad, words):
        import json

        data = json.loads(line.to_json())
        data["variations"] = bad
        with pytest.raises(tw.LoadError, match=words):
            type(line).from_json(json.dumps(data))

    def test_enter_refuses_what_is_not_a_variation(self, line):
        with pytest.raises(IndexError):
            line.enter(0)
        with pytest.raises(TypeError):
            line.enter("0")


@pytest.mark.parametrize("cls", [tw.Touring, tw.OnTour])
def test_a_loaded_variation_counts_its_moves_as_given(cls):
    g = cls(players=2, seed=7)
    g.step()
    g.step()  # the policy's
    g.undo()
    g.step(str(next(a for a in g.legal_actions() if a != g.future[0])))  # the policy's move is kept aside
    assert len(g.variations) == 1 and g.policy_moves == (1,)
    loaded = cls.from_json(g.to_json())
    loaded.enter(0)
    while loaded.future:
        loaded.redo()
    assert loaded.position == 2 and loaded.policy_moves == ()


def test_a_listener_asked_first_hears_before_those_already_there():
    g = tw.Touring(players=2, seed=7)
    heard: list[str] = []
    g.observe(lambda _: heard.append("board"))
    g.observe(lambda _: heard.append("journal"), first=True)
    g.observe(lambda _: heard.append("chart"))
    g.step()
    assert heard == ["journal", "board", "chart"]


def test_a_fork_has_a_lock_of_its_own():
    g = tw.Touring(players=2, seed=7)
    with g.lock:
        twin = g.fork()
    assert twin.lock is not g.lock
    done = []
    with g.lock:  # another thread holding the game's lock never holds up its fork
        import threading

        worker = threading.Thread(target=lambda: done.append(twin.step()))
        worker.start()
        worker.join(timeout=10)
    assert done and twin.position == 1 and g.position == 0


@pytest.mark.parametrize("cls", [tw.Touring, tw.OnTour])
def test_the_line_knows_which_moves_a_policy_chose(cls):
    g = cls(players=2, seed=7)
    g.step(str(g.legal_actions()[0]))  # given
    g.step()  # the policy's
    g.play(max_plies=3)  # the policy's, the fast way (no board listens)
    assert g.policy_moves == (2, 3, 4, 5)
    g.undo()
    g.step()  # a redo keeps who chose the move
    assert g.policy_moves == (2, 3, 4, 5)
    g.goto(1)
    assert g.policy_moves == ()
    assert cls.from_json(g.to_json()).policy_moves == ()  # a save keeps moves, not who chose them
    g.step(str(g.future[0]))  # the move the policy chose, now given: the line is kept as it was
    assert g.policy_moves == (2,)
