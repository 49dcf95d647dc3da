"""On Tour drawn as text (``print(o)``, ``str(state)``), word for word: the turn line a player reads
first (cards, dice, the numbers or a star, a reshuffle, the last turn, the end), each cell, a map by
areas, and the whole position with who has written and the scores."""

from __future__ import annotations

import pytest

import touring_widgets as tw
from touring_widgets.on_tour.state import cell_text, draw_map, render_text, turn_line


@pytest.fixture(scope="module")
def solo():
    """A whole solo game of seed 7: a star turn at move 9, a reshuffle at 12, the last turn at 19."""
    return tw.OnTour(players=1, seed=7).play()


def test_O_ROLL_the_turn_line_names_the_cards_the_dice_the_numbers_and_who_writes_next():
    o = tw.OnTour(players=2, seed=7)
    assert turn_line(o.state) == ("Turn 1, p0 rolls: cards IN (Central), NY (North), LA (Central); dice 6 5 "
                                  "→ 56 and 65. Next to write: p0.")
    o.step()
    assert turn_line(o.state).endswith("→ 56 and 65. Next to write: p1.")


@pytest.mark.parametrize("position, line", [
    (9, "Turn 10, p0 rolls: cards WV (North), NV (South), IL (North); dice 4 4 → a star (O-STAR). "
        "Next to write: p0."),
    (12, "Turn 13, p0 rolls: cards PA (East), ND (North), GA (South); dice 1 4 → 14 and 41; the discards "
         "were reshuffled (O-FLIP). Next to write: p0."),
    (19, "Turn 20, p0 rolls: no cards (last turn, O-LAST); dice 7 1 → 17 and 71. Next to write: p0."),
    (20, "Game over after turn 20: every map is full (O-END)."),
])
def test_O_STAR_O_FLIP_O_LAST_O_END_the_turn_line_says_what_the_turn_is(solo, position, line):
    solo.goto(position)
    assert turn_line(solo.state) == line


def test_O_WRITE_each_cell_as_drawn():
    cells = [None, (56, False), (56, True), (5, False), ("star", False), ("star", True), ("X", False)]
    assert [cell_text(c) for c in cells] == ["·", "56", "(56)", "05", "★", "(★)", "X"]


def test_O_MAP_a_map_is_drawn_by_areas_north_then_south():
    drawn = draw_map({"WA": (59, True), "OR": ("star", False), "CA": ("X", False)}, "title")
    lines = drawn.splitlines()
    assert lines[:4] == ["title", "  NW:         NC:         NE:", "   WA (59)     ND ·        OH ·",
                         "   OR ★        SD ·        WV ·"]
    assert lines[11:14] == ["  SW:         SC:         SE:", "   CA X        KS ·        KY ·",
                            "   NV ·        MO ·        VA ·"]
    assert lines[-1] == "                           FL ·" and len(lines) == 21
    assert draw_map({}).splitlines()[0] == "  NW:         NC:         NE:"  # no title, no title line
    assert draw_map(tuple(tw.OnTour(seed=1).state.maps[0])) == "\n".join(
        draw_map(tw.OnTour(seed=1).state.map(0), "").splitlines())


def test_O_SETUP_the_whole_position_with_writers_and_scores():
    o = tw.OnTour(players=2, seed=7)
    o.step()
    lines = render_text(o.state).splitlines()
    assert lines[1] == "Setup (O-SETUP): 12 MI, 21 NE2, 59 WA, 95 KY; deck 34, discard 0."
    assert lines[2] == "p0 (written)" and "p1" in lines
    scored = render_text(o.state, o.scores).splitlines()
    assert scored[2] == f"p0 score {o.scores[0].total} (written)"
    assert f"p1 score {o.scores[1].total}" in scored
    assert str(o) == render_text(o.state, o.scores)
    o.play()
    assert "(written)" not in str(o)  # once the game is over nobody is still writing


def test_O_END_the_last_position_keeps_the_rules_the_roller_and_the_reshuffle():
    game = tw.OnTour(players=1, seed=7).play()  # its own game: the test itself ends it
    game.goto(19)
    before = game.state
    game.goto(20)
    after = game.state
    assert after.over and after.rules == before.rules and after.roller == before.roller
    assert after.reshuffled == before.reshuffled and after.empty_count(0) == 0 and after.cards == ()


def test_a_map_asked_with_the_old_keyword_says_its_new_name():
    state = tw.OnTour(players=2, seed=7).state
    with pytest.warns(DeprecationWarning, match=r"^map\(player=\.\.\.\) is deprecated: write seat=\.\.\.$"):
        assert state.map(player=1) == state.map(1)
    with pytest.warns(DeprecationWarning, match=r"^empty_count\(player=\.\.\.\) is deprecated"):
        assert state.empty_count(player=1) == state.empty_count(1)
    for method in ("map", "empty_count"):
        with pytest.raises(TypeError, match=rf"^{method}\(\) got both seat and player"):
            getattr(state, method)(seat=1, player=1)


def test_a_legal_list_asked_with_the_old_keyword_says_its_new_name_and_names_its_seat():
    state = tw.OnTour(players=2, seed=7).state
    said = r"^legal_actions\(player=\.\.\.\) is deprecated: write seat=\.\.\.$"
    with pytest.warns(DeprecationWarning, match=said):
        legal = tw.on_tour.legal_actions(state, player=1)
    assert legal.seat == 1 and len(legal) > 0 and list(legal) == list(tw.on_tour.legal_actions(state, 1))
    assert repr(legal) == f"<{len(legal)} legal actions for seat 1>"
    with pytest.raises(TypeError, match=r"^legal_actions\(\) got both seat and player"):
        tw.on_tour.legal_actions(state, 0, player=1)
