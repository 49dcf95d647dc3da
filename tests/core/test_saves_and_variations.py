"""The timeline under both games: saves refused with a message naming the bad field, variations
kept and entered, the cursor moved: a wrong check or a garbled message changes one of these
answers.
"""

from __future__ import annotations

import json

import pytest

import touring_widgets as tw
from touring_widgets.core.timeline import MAX_SAVE


def game_with_a_variation() -> tw.Touring:
    """Two moves, the second taken back and replaced: one variation at position 1."""
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    g.step("discard broken_spring")
    g.undo()
    g.step("discard wrecker")
    return g


def save(**changes) -> str:
    data = json.loads(game_with_a_variation().to_json())
    data.update(changes)
    return json.dumps(data)


def load_error(text, cls=tw.Touring) -> str:
    with pytest.raises(tw.LoadError) as err:
        cls.from_json(text)
    return str(err.value)


def test_a_save_round_trips_with_its_variation_and_cursor():
    g = game_with_a_variation()
    g.undo()
    again = tw.Touring.from_json(g.to_json())
    assert again.history == g.history and again.future == g.future and again.position == 1
    assert [(v.position, v.actions) for v in again.variations] == [(1, g.variations[0].actions)]
    assert [str(a) for a in again.variations[0].actions] == ["discard broken_spring"]
    assert again.to_json() == g.to_json()
    data = json.loads(g.to_json())
    assert data["variations"] == [{"actions": ["play go", "discard broken_spring"], "at": 1}]
    assert data["cursor"] == 1 and data["actions"] == ["play go", "discard wrecker"]


def test_a_save_without_variations_has_no_variations_field():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    assert "variations" not in json.loads(g.to_json())
    assert tw.Touring.from_json(g.to_json()).variations == ()


def test_what_is_not_text_or_too_long_is_not_a_save():
    assert load_error(5) == "a save is JSON text, not int"
    assert load_error(["x"]) == "a save is JSON text, not list"
    assert (
        load_error(" " * (MAX_SAVE + 1))
        == "the save is 50,000,001 characters long; saves are at most 50,000,000"
    )
    assert load_error(" " * MAX_SAVE).startswith("the save is not JSON: Expecting value")
    assert tw.Touring.from_json(save().encode()).position == 2


def test_text_that_is_not_a_json_object_is_not_a_save():
    assert load_error("nope") == "the save is not JSON: Expecting value: line 1 column 1 (char 0)"
    assert load_error("[" * 100_000 + "]" * 100_000) == "the save is not JSON: it is nested too deeply"
    assert load_error("[1]") == "the save is not a JSON object"
    assert load_error('"text"') == "the save is not a JSON object"


def test_format_and_game_fields_are_checked_naming_the_value():
    assert load_error(save(format=2)) == "field 'format': 2 is not save format 1"
    assert load_error(save(format=True)) == "field 'format': True is not save format 1"
    assert load_error(save(format="1")) == "field 'format': '1' is not save format 1"
    assert load_error(json.dumps({"game": "touring"})) == "field 'format': None is not save format 1"
    assert load_error(save(game="chess")) == "field 'game': 'chess' is not a 'touring' save"
    assert load_error(save(), tw.OnTour) == "field 'game': 'touring' is not a 'on_tour' save"
    long = "g" * 100
    assert load_error(save(game=long)) == f"field 'game': {repr(long)[:60]} is not a 'touring' save"


def test_actions_and_cursor_fields_are_checked():
    for bad in ("play go", ["play go", 3], None):
        assert load_error(save(actions=bad)) == "field 'actions' must be a list of action texts"
    for bad in (-1, 3, "1", 1.0, True):
        assert load_error(save(cursor=bad)) == f"field 'cursor': {bad!r} is not a position between 0 and 2"
    assert tw.Touring.from_json(save(cursor=0)).position == 0
    assert tw.Touring.from_json(save(cursor=2)).position == 2


def test_the_first_bad_action_is_named_with_its_number():
    message = load_error(save(actions=["play go", "play m100"]))
    assert message.startswith("action 2 ('play m100'): 'm100' is not a Touring card; the cards are m25, ")
    message = load_error(save(actions=["discard m25"], cursor=0, variations=[]))
    assert message == "action 1 ('discard m25'): 'discard m25': seat 0 holds no 25 Miles (T-TURN)"
    long = "x" * 100
    assert load_error(save(actions=[long], cursor=0)).startswith(f"action 1 ({repr(long)[:60]}): ")


def test_variations_are_checked_naming_the_variation_and_action():
    assert load_error(save(variations={})) == "field 'variations' must be a list of lines"
    assert load_error(save(variations=[[]])) == "variation 1: must be an object with 'actions' and 'at'"
    assert load_error(save(variations=[{"actions": [], "at": 0, "x": 1}])) == (
        "variation 1: must be an object with 'actions' and 'at'"
    )
    good = {"actions": ["play go", "discard broken_spring"], "at": 1}
    assert load_error(save(variations=[good, {"actions": "play go", "at": 0}])) == (
        "variation 2: 'actions' must be a list of action texts"
    )
    assert load_error(save(variations=[{"actions": ["play go", 1], "at": 0}])) == (
        "variation 1: 'actions' must be a list of action texts"
    )
    for at in (2, -1, "0", True):
        assert load_error(save(variations=[{"actions": ["play go", "discard broken_spring"], "at": at}])) == (
            f"variation 1: 'at' {at!r} is not a position before its last move"
        )
    message = load_error(save(variations=[{"actions": ["play go", "play m100"], "at": 0}]))
    assert message.startswith("variation 1, action 2 ('play m100'): 'm100' is not a Touring card")
    loaded = tw.Touring.from_json(save(variations=[good, {"actions": ["play go"], "at": 0}]))
    assert [(v.position, len(v.actions)) for v in loaded.variations] == [(1, 1), (0, 1)]


def test_a_variation_that_plays_on_after_the_end_is_refused():
    g = tw.OnTour(seed=2).play()
    line = [str(a) for a in g.history]
    data = json.loads(g.to_json())
    data["variations"] = [{"actions": [*line, line[-1]], "at": 0}]
    message = load_error(json.dumps(data), tw.OnTour)
    last = repr(line[-1])
    over = "the game is over: every map is full (O-END)"
    assert message == f"variation 1, action {len(line) + 1} ({last}): {last}: {over}"


def test_undo_redo_and_goto_move_the_cursor_along_the_line():
    g = tw.Touring(players=2, seed=3)
    assert not g.undo() and not g.redo()
    g.step("play go")
    g.step("discard broken_spring")
    assert len(g) == 3 and g.position == 2
    assert (
        g.undo()
        and g.position == 1
        and len(g) == 3
        and [str(a) for a in g.future] == ["discard broken_spring"]
    )
    assert g.undo() and g.position == 0 and not g.undo()
    assert [str(a) for a in g.future] == ["play go", "discard broken_spring"]
    assert g.redo() and g.position == 1 and str(g.last_action) == "play go"
    g.goto(-1)
    assert g.position == 2 and not g.redo()
    g.goto(-3)
    assert g.position == 0 and g.last_action is None
    with pytest.raises(IndexError, match="position 3 is outside this game's 3 positions"):
        g.goto(3)
    with pytest.raises(IndexError, match="position -4 is outside this game's 3 positions"):
        g.goto(-4)
    with pytest.raises(TypeError, match="a position is an int, not float"):
        g.goto(1.0)
    with pytest.raises(TypeError, match="a position is an int, not bool"):
        g.goto(True)
    assert g.position == 0
    assert [s.ply for s in g.states()] == [0, 1, 2]
    assert [str(a) for _, a in g.moves()] == ["play go", "discard broken_spring"]
    g.goto(1)
    assert [s.ply for s in g.states()] == [0, 1, 2] and [str(a) for _, a in g.moves()] == [
        "play go",
        "discard broken_spring",
    ]
    assert [before.ply for before, _ in g.moves()] == [0, 1]


def test_stepping_the_move_the_line_holds_is_a_redo_and_another_keeps_a_variation():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    g.step("discard broken_spring")
    g.goto(0)
    g.step("play go")
    assert g.variations == () and len(g) == 3 and g.position == 1
    g.step("discard wrecker")
    assert len(g) == 3 and g.position == 2
    (v,) = g.variations
    assert v.position == 1 and [str(a) for a in v.actions] == ["discard broken_spring"]
    assert repr(v) == "<Variation at position 1: 1 move (discard broken_spring)>"


def test_entering_a_variation_makes_it_the_line_and_keeps_the_old_line_as_a_variation():
    g = game_with_a_variation()
    with pytest.raises(TypeError) as err:
        g.enter("0")
    assert str(err.value) == "enter() takes one of this game's variations or its index in g.variations"
    with pytest.raises(IndexError):
        g.enter(1)
    seen = []
    g.observe(lambda game: seen.append(game.position))
    g.enter(0)
    assert seen == [1] and g.position == 1
    assert [str(a) for a in g.future] == ["discard broken_spring"]
    (old,) = g.variations
    assert old.position == 1 and [str(a) for a in old.actions] == ["discard wrecker"]
    g.enter(old)
    assert [str(a) for a in g.future] == ["discard wrecker"] and g.position == 1
    with pytest.raises(TypeError):
        g.enter(old)  # no longer one of the variations: it is the line again


def test_a_long_variation_shows_its_first_three_moves():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    for _ in range(4):
        g.step()
    g.goto(1)
    g.step("discard wrecker") if g.is_legal("discard wrecker") else g.step(g.legal_actions()[-1])
    (v,) = g.variations
    shown = ", ".join(str(a) for a in v.actions[:3])
    assert repr(v) == f"<Variation at position 1: 4 moves ({shown}, …)>"


def test_entering_a_deeper_variation_finds_where_the_lines_part():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    g.step()
    g.step()
    g.goto(1)
    other = next(a for a in g.legal_actions() if a != g.future[0])
    g.step(other)
    g.step()
    line = g.history
    g.goto(0)
    g.enter(0)
    assert g.position == 1 and len(g.future) == 2
    (kept,) = g.variations
    assert kept.position == 1 and kept.actions == line[1:]


def test_observers_hear_every_change_until_stopped_and_forks_start_unobserved():
    g = tw.Touring(players=2, seed=3)
    heard = []
    stop = g.observe(lambda game: heard.append(game.position))
    g.step("play go")
    g.undo()
    g.redo()
    g.goto(0)
    twin = g.fork()
    twin.step("play go")
    assert heard == [1, 0, 1, 0]
    stop()
    stop()
    g.step("play go")
    assert heard == [1, 0, 1, 0]
    assert twin.position == 1 and g.position == 1


def test_a_variation_of_three_moves_shows_them_all_without_an_ellipsis():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    for _ in range(3):
        g.step()
    g.goto(1)
    g.step(next(a for a in g.legal_actions() if a != g.future[0]))
    (v,) = g.variations
    shown = ", ".join(str(a) for a in v.actions)
    assert len(v.actions) == 3 and repr(v) == f"<Variation at position 1: 3 moves ({shown})>"


def test_entering_a_variation_that_branches_beyond_the_end_of_the_line():
    g = tw.Touring(players=2, seed=3)
    g.step("play go")
    for _ in range(3):
        g.step()
    old_last = g.history[3]
    g.goto(3)
    g.step(next(a for a in g.legal_actions() if a != old_last))  # variation 0 branches at 3
    g.goto(1)
    g.step(next(a for a in g.legal_actions() if a != g.future[0]))  # the line now ends at 2
    assert len(g) == 3 and [v.position for v in g.variations] == [3, 1]
    line = g.history
    g.enter(0)
    assert g.position == 3 and g.future == (old_last,)
    kept = g.variations[-1]
    assert kept.position == 1 and kept.actions == line[1:]


def test_an_on_tour_save_whose_variation_names_no_player_still_loads():
    g = tw.OnTour(seed=1)
    g.step()
    g.undo()
    g.step(g.legal_actions()[-1])
    data = json.loads(g.to_json())
    data["variations"] = [
        {"actions": [a.removeprefix("p0: ") for a in v["actions"]], "at": v["at"]} for v in data["variations"]
    ]
    loaded = tw.OnTour.from_json(json.dumps(data))
    assert [v.actions for v in loaded.variations] == [v.actions for v in g.variations]
