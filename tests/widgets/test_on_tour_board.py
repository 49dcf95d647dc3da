"""The On Tour board without a browser: traits, the turn's choices, writing by messages (good,
refused, malformed), bots after the human, tours, the high-score table, pictures and bytes."""

from __future__ import annotations

import inspect
import json
import os
import re
from dataclasses import replace
from xml.etree import ElementTree

import pytest
import traitlets

import touring_widgets as tw
from touring_widgets.core.text import winners_text
from touring_widgets.on_tour import highscores as hs
from touring_widgets.on_tour.board import OnTourBoard
from touring_widgets.on_tour.facts import AREAS, BOARD, ROUTES, SPACES
from touring_widgets.on_tour.moves import writing_shape
from touring_widgets.on_tour.picture import AREA_NAMES, MAP_LAYOUT, SPACING_X, SPACING_Y, cell_of, svg
from touring_widgets.on_tour.session import (
    choice_groups,
    compact_view,
    latest_writings,
    then_spaces,
    turn_shape_words,
)
from touring_widgets.widgets import Board

from .page import Page


@pytest.fixture(autouse=True)
def _own_table(own_table):
    """Every board of these tests keeps its high scores in a folder of its own (``own_table``)."""


@pytest.fixture
def game():
    return tw.OnTour(players=["human", "greedy"], seed=7)


@pytest.fixture
def board(game):
    b = game.board(seat=0, speed="instant")
    yield b
    b.close()


def expand(groups) -> set[str]:
    """Every complete writing a list of choice groups allows, as action bodies in canonical form."""
    out = set()

    def word(m):
        return f"{m:02d}" if isinstance(m, int) else m

    for g in groups:
        for mark in g["first"]:
            for space in g["spaces"].split():
                if "then" not in g:
                    out.add(str(tw.on_tour.Action.parse(f"{word(mark)} {space}")))
                    continue
                second = g.get("second", next((m for m in g["first"] if m != mark), None))
                for t in then_spaces(groups, g):
                    if t != space:
                        out.add(str(tw.on_tour.Action.parse(f"{word(mark)} {space}, {word(second)} {t}")))
    return out


def states_of_every_shape(rules=None):
    """States met in random and greedy solo games, at least one of each kind of turn."""
    from touring_widgets.on_tour.bots import POLICIES

    seen: dict[str, list] = {}
    for seed in range(40):
        for policy in ("random", "greedy"):
            state = tw.on_tour.new_game(1, seed, rules or tw.on_tour.Rules())
            while not state.over:
                shape = writing_shape(state, 0)[0]
                if len(seen.setdefault(shape, [])) < 6:
                    seen[shape].append(state)
                state = tw.on_tour.apply(state, POLICIES[policy](state, 0))
    return seen


class TestConstruction:
    def test_traits_describe_the_position(self, game, board):
        v = board.view
        assert v["seat"] == 0 and v["players"] == ["human", "greedy"] and v["turn"] == 0
        assert v["numbers"] == list(game.state.numbers) and len(v["cards"]) == 3
        full = game.view(0)
        for key in ("round", "cards", "dice", "numbers", "star_turn", "last_turn", "written", "deck",
                    "discard"):
            assert v[key] == full[key], key
        # "." an empty space, two characters a written one (the four setup numbers)
        assert [len(m) for m in v["maps"]] == [len(SPACES) + 4] * 2
        assert board.position == 0 and board.line == [] and board.revision >= 1

    def test_the_compact_maps_decode_to_the_game_maps(self, game):
        game.play()
        v = compact_view(game, 0)
        for seat in range(2):
            for i, sid in enumerate(SPACES):
                text, circled = cell_of(v["maps"][seat][2 * i:2 * i + 2])  # full, over: 2 characters each
                cell = game.map(seat)[sid]
                assert circled == bool(cell and cell[1])
                kind = cell[0]
                assert text == (f"{kind:02d}" if isinstance(kind, int) else "★" if kind == "star" else "X")
        assert v["scores"][0] == [game.scores[0].total, game.scores[0].spaces, game.scores[0].circles,
                                  " ".join(game.scores[0].tour)]
        assert v["scores"][1][3] == " ".join(game.scores[1].tour)  # every tour once the game is over
        playing = compact_view(tw.OnTour(players=2, seed=5), 1)
        assert playing["scores"][0][3] == "" and playing["scores"][1][3]  # the large map's tour only
        assert v["winners"] == game.winners and v["over"]

    def test_every_trait_is_documented_json(self, board):
        state = {k: v for k, v in board.get_state().items() if not k.startswith("_")}
        assert json.loads(json.dumps(state)) == state
        comments = {}
        for cls in (Board, OnTourBoard):
            source = inspect.getsource(cls).splitlines()
            comments.update({
                found.group(1): source[i - 1].strip()
                for i, text in enumerate(source)
                if (found := re.match(r"    (\w+) = traitlets\.", text))
            })
        ours = {name for cls in (Board, OnTourBoard) for name, value in vars(cls).items()
                if isinstance(value, traitlets.TraitType)}
        assert ours == set(comments) and {"atlas", "drawn", "highscores"} <= ours
        for name, comment in comments.items():
            assert comment.startswith("# "), f"trait {name!r} has no comment saying what it holds"

    @pytest.mark.parametrize("seat", [2, -1, "0", 1.0, True])
    def test_bad_seat(self, game, seat):
        with pytest.raises(ValueError, match="seat"):
            OnTourBoard(game, seat=seat)

    def test_bad_game(self):
        with pytest.raises(TypeError, match="On Tour game"):
            OnTourBoard(tw.Touring(players=2, seed=1))

    def test_the_game_shows_its_board(self, game):
        bundle = game._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert bundle["text/plain"].startswith("<OnTourBoard seat 0")
        assert bundle["image/svg+xml"].startswith("<svg")


class TestTheMap:
    def test_the_atlas_holds_the_board(self, board):
        atlas = board.atlas
        assert [s["id"] for s in atlas["spaces"]] == list(SPACES)
        assert sorted(map(tuple, atlas["routes"])) == sorted(ROUTES) and len(atlas["routes"]) == 90
        for s in atlas["spaces"]:
            assert s["name"] == BOARD[s["id"]].name and s["area"] == BOARD[s["id"]].area
            assert 0 < s["x"] < 1 and 0 < s["y"] < atlas["aspect"]

    def test_places_follow_the_geography(self):
        """West is left, north is up: every pair far apart in longitude or latitude keeps its order."""
        for a in SPACES:
            for b in SPACES:
                pa, pb = BOARD[a], BOARD[b]
                if pa.lon < pb.lon - 4:
                    assert MAP_LAYOUT[a][0] < MAP_LAYOUT[b][0], (a, b)
                if pa.lat > pb.lat + 4:
                    assert MAP_LAYOUT[a][1] < MAP_LAYOUT[b][1], (a, b)

    def test_small_eastern_spaces_are_nudged_apart(self):
        for i, a in enumerate(SPACES):
            for b in SPACES[i + 1:]:
                dx = abs(MAP_LAYOUT[a][0] - MAP_LAYOUT[b][0])
                dy = abs(MAP_LAYOUT[a][1] - MAP_LAYOUT[b][1])
                assert dx >= SPACING_X - 1e-3 or dy >= SPACING_Y - 1e-3, (a, b)

    def test_no_label_clashes_with_a_state(self, board):
        labels = [s["label"] for s in board.atlas["spaces"]]
        assert len(set(labels)) == len(SPACES)
        # Areas are named in words: "NE" is Nebraska, "NC" and "SC" the Carolinas.
        for area, name in AREA_NAMES.items():
            assert area in AREAS and name not in SPACES and "-" in name
        assert "NE" not in [s["label"] for s in board.atlas["spaces"] if s["id"] != "NE"]
        assert not {n.upper() for n in AREA_NAMES.values()} & set(SPACES)


class TestChoices:
    def test_the_groups_hold_exactly_the_legal_writings_of_every_kind_of_turn(self):
        seen = states_of_every_shape()
        assert {"two", "star", "xone", "two_any", "one_any", "star_any"} <= set(seen)
        for shape, states in seen.items():
            for state in states:
                legal = {str(a.with_seat(None)) for a in tw.on_tour.legal_actions(state, 0)}
                groups = choice_groups(state, 0)
                assert len(groups) <= 12, shape
                assert expand(groups) == legal, shape

    def test_the_groups_with_an_x_allowed_anywhere(self):
        rules = tw.on_tour.Rules(forced_x_only=False)
        seen = states_of_every_shape(rules)
        assert {"free", "star_free"} <= set(seen)
        for shape in ("free", "star_free"):
            for state in seen[shape][:3]:
                legal = {str(a.with_seat(None)) for a in tw.on_tour.legal_actions(state, 0)}
                assert expand(choice_groups(state, 0)) == legal

    def test_rare_turns_x_for_both_numbers_and_for_a_star(self):
        state = tw.on_tour.new_game(1, 3, tw.on_tour.Rules())
        # Fill every space the cards allow: nothing fits, both numbers become Xs (O-X).
        masks = [s for s in SPACES if any(r in BOARD[s].regions for r in
                                          {tw.on_tour.facts.CARD_REGION[c] for c in state.cards})]
        cells = list(state.maps[0])
        empty = state.empty[0]
        for sid in masks:
            i = SPACES.index(sid)
            if cells[i] is None:
                cells[i] = (50, False)
                empty &= ~(1 << i)
        crowded = replace(state, maps=(tuple(cells),), empty=(empty,))
        if crowded.star_turn:
            pytest.skip("seed 3's first roll is a double")
        groups = choice_groups(crowded, 0)
        everywhere = " ".join(tw.on_tour.facts.spaces_of(empty))
        assert groups == [{"first": ["X"], "spaces": everywhere, "second": "X", "then": everywhere}]
        assert turn_shape_words(crowded, 0)["rule"] == "O-X"
        star = replace(crowded, dice=(4, 4))
        assert choice_groups(star, 0) == [{"first": ["X"], "spaces": everywhere}]
        assert "no lit space" in turn_shape_words(star, 0)["text"]

    def test_marks_say_what_the_turn_asks(self, game, board):
        assert board.marks["turn"] == "two" and board.palette["turn_words"]["two"][1] == "O-WRITE"
        assert "circle" not in board.marks  # the page rings the shown cards' own spaces (circleSpaces)
        assert {c["space"] for c in board.view["cards"]} == set(game.state.cards)
        assert turn_shape_words(game.state, 0)["text"].startswith("Write 56 and 65: pick a number")


class TestWriting:
    def test_a_writing_and_the_bot_answers_at_once(self, game, board):
        page = Page(board)
        action = str(next(iter(game.legal_actions())).with_seat(None))
        reply = page.send({"type": "act", "action": action})
        assert reply["ok"], board.message
        assert game.position == 2 and game.state.round == 2 and game.turn == 0
        assert str(game.history[0]) == f"p0: {action}" and game.history[1].seat == 1
        assert board.position == 2 and board.line == [] and board.length == 2  # the words come on hover
        assert Page(board).send({"type": "describe", "index": 1})["text"].startswith("Move 1: p0 writes")
        for seat in (0, 1):  # every seat's latest writing is marked on its map
            mine = {SPACES.index(s) for _, s in game.history[seat].marks}
            assert latest_writings(game)[seat] == mine and board.view["maps"][seat].count("!") == 2
        assert board.log == [{"n": 2, "story": game.explain()[1]}]
        assert board.describe_move(*list(game.moves())[1])["text"].startswith("seat 1 wrote ")
        assert board.story == game.explain()[-1] and "(O-ROLL, O-DICE)" in board.story

    def test_the_page_may_name_the_seat(self, game, board):
        action = next(iter(game.legal_actions()))
        assert Page(board).send({"type": "act", "action": str(action)})["ok"]
        assert game.position == 2

    def test_another_seats_writing_is_refused(self, game, board):
        action = next(iter(game.legal_actions(1)))
        reply = Page(board).send({"type": "act", "action": str(action)})
        assert not reply["ok"] and "writes for seat 0" in board.message and game.position == 0

    def test_an_illegal_writing_shows_the_verdict_and_its_rule(self, game, board):
        low, high = game.state.numbers
        filled = next(s for s, c in game.map(0).items() if c is not None)
        reply = Page(board).send({"type": "act", "action": f"{low:02d} {filled}, {high:02d} TX"})
        assert not reply["ok"] and board.error and board.rule == "O-WRITE"
        assert board.message == str(game.why(f"p0: {low:02d} {filled}, {high:02d} TX"))
        assert game.position == 0

    def test_why_a_click_is_refused(self, game, board):
        low, _ = game.state.numbers
        outside = next(s for s in SPACES if game.map(0)[s] is None and not any(
            s in g["spaces"].split() for g in board.choices))
        reply = Page(board).send({"type": "why", "marks": [[f"{low:02d}", outside]]})
        assert not reply["ok"] and board.rule == "O-WRITE"
        said = f"{low:02d} cannot go in {outside}: {outside} is in no region of the cards"
        assert board.message.startswith(said)
        assert board.message.endswith("(O-WRITE)") and game.position == 0

    def test_a_refused_click_names_only_what_the_player_did(self, game, board):
        """The session judges a lone number with a partner it chose: the refusal never names it."""
        low, high = game.state.numbers
        filled = next(s for s, c in game.map(0).items() if c is not None)
        reply = Page(board).send({"type": "why", "marks": [[f"{high:02d}", filled]]})
        assert not reply["ok"] and board.error and board.rule == "O-WRITE"
        cell = game.map(0)[filled]
        said = f"{high:02d} cannot go in {filled}: {filled} already holds {cell[0]:02d}"
        assert board.message.startswith(said) and "Illegal" not in board.message
        assert "p0" not in board.message and f"{low:02d}" not in board.message
        named = set(re.findall(r"\b[A-Z]{2}[0-9]?\b", board.message))
        assert named <= {filled}  # no space the player did not click
        # Two marks placed: both are the player's, and both are named.
        first = board.choices[0]
        space = first["spaces"].split()[0]
        outside = next(s for s in SPACES if game.map(0)[s] is None and s != space
                       and s not in then_spaces(board.choices, first))
        reply = Page(board).send({"type": "why", "marks": [[f"{low:02d}", space], [f"{high:02d}", outside]]})
        assert not reply["ok"] and board.rule == "O-WRITE"
        assert board.message.startswith(f"{high:02d} cannot go in {outside} after {low:02d} in {space}: ")

    def test_a_click_after_the_turn_is_written_cites_its_rule(self):
        o = tw.OnTour(players=["human", "human"], seed=7)
        b = o.board(seat=0, speed="instant")
        page = Page(b)
        assert page.send({"type": "act", "action": str(next(iter(o.legal_actions())))})["ok"]
        reply = page.send({"type": "why", "marks": [["X", "TX"]]})
        assert not reply["ok"] and b.rule == "O-DISCARD"
        assert b.message.startswith("Seat 0 has already written")
        b.close()

    def test_a_star_turn_is_one_mark(self):
        o = tw.OnTour(players=["human"], seed=3)
        while not o.state.star_turn:
            o.step()
        b = o.board(speed="instant")
        assert b.choices[0]["first"] == ["star"] and "then" not in b.choices[0]
        assert b.marks["turn"] == "star" and turn_shape_words(o.state, 0)["rule"] == "O-STAR"
        space = b.choices[0]["spaces"].split()[0]
        assert Page(b).send({"type": "act", "action": f"star {space}"})["ok"]
        assert o.map(0)[space][0] == "star"
        b.close()

    def test_a_seat_that_has_written_waits(self):
        o = tw.OnTour(players=["human", "human"], seed=7)
        b = o.board(seat=0, speed="instant")
        page = Page(b)
        assert page.send({"type": "act", "action": str(next(iter(o.legal_actions())))})["ok"]
        assert o.turn == 1 and not b.plays_now() and b.choices == [] and list(b.legal) == []
        assert "waiting for seat 1" in b.waiting["text"].lower() and b.waiting["button"]
        reply = page.send({"type": "act", "action": str(next(iter(o.legal_actions())).with_seat(None))})
        assert not reply["ok"] and b.rule == "O-DISCARD" and o.position == 1
        b.close()

    def test_the_human_writes_while_lower_seats_have_not(self):
        o = tw.OnTour(players=["greedy", "greedy", "human"], seed=5)
        b = o.board(seat=2, speed="instant")
        assert o.turn == 0 and b.plays_now() and b.choices and b.waiting == {}
        assert Page(b).send({"type": "act", "action": str(next(iter(o.legal_actions(2))))})["ok"]
        assert o.state.round == 2 and o.position == 3 and o.history[0].seat == 2
        b.close()

    def test_a_bots_seat_seen_from_its_chair_may_be_written_for_or_stepped(self):
        o = tw.OnTour(players=["greedy", "human"], seed=5)
        b = o.board(seat=0, speed="instant")
        assert o.turn == 0 and b.plays_now() and b.choices
        said = "Seat 0 (greedy) is next to write: click its marks on the map, or let its policy write."
        assert b.waiting == {"text": said, "button": "▶ Seat 0 writes"}
        assert Page(b).send({"type": "step"})["ok"] and o.position == 1 and o.history[0].seat == 0
        assert b.waiting["text"].startswith("You have written; waiting for seat 1")
        b.close()

    def test_the_teacher_writes_for_the_next_seat(self, game):
        b = game.board(seat=None, speed="instant")
        assert b.choices and b.acting_seat() == 0
        assert Page(b).send({"type": "act", "action": str(next(iter(game.legal_actions())))})["ok"]
        assert game.position == 2  # the bot answered the human's writing
        b.close()

    def test_step_and_play_to_end(self, game, board):
        page = Page(board)
        assert page.send({"type": "step"})["ok"] and game.position == 2
        assert page.send({"type": "undo"})["ok"] and game.position == 1
        assert page.send({"type": "run"})["ok"] and game.is_over and board.view["over"]
        assert board.choices == [] and not page.send({"type": "act", "action": "56 TX"})["ok"]
        assert "over" in board.message

    def test_a_cell_moves_every_board(self, game, board):
        other = game.board(seat=1)
        game.step()
        assert board.position == other.position == 1
        assert board.view["written"] == [1, 0]
        assert other.plays_now() and not board.plays_now()
        game.undo()
        assert board.position == 0 and board.choices
        other.close()


class TestUntrustedMessages:
    @pytest.mark.parametrize("content", [
        None, [], "act", 5, {"type": 3}, {"type": "boom"}, {"type": ["act"]},
        {"type": "act"}, {"type": "act", "action": 56}, {"type": "act", "action": "x" * 500},
        {"type": "act", "action": "99 ZZ"}, {"type": "act", "action": "p9: 56 TX"},
        {"type": "why"}, {"type": "why", "marks": "56 TX"}, {"type": "why", "marks": [["56"]]},
        {"type": "why", "marks": [[56, "TX"]]}, {"type": "why", "marks": [["56", "ZZ"]]},
        {"type": "why", "marks": [["56", "TX"]] * 3}, {"type": "why", "marks": [["5", "TX"]]},
        {"type": "tour", "spaces": "TX OK"}, {"type": "tour", "spaces": [1, 2]},
        {"type": "tour", "spaces": ["TX"] * 50}, {"type": "tour", "spaces": ["TX"], "seat": 7},
        {"type": "tour", "spaces": ["TX"], "seat": "0"}, {"type": "tour", "spaces": ["X" * 100]},
    ])
    def test_refused_with_a_reason_and_nothing_changes(self, game, board, content):
        page = Page(board)
        before = (game.position, board.revision, json.dumps(board.view), dict(board.drawn))
        reply = page.send(content, revision=False) if not isinstance(content, dict) else page.send(content)
        assert reply["type"] == "reply" and not reply["ok"] and reply["message"]
        assert board.error
        assert (game.position, board.revision, json.dumps(board.view), dict(board.drawn)) == before

    def test_a_stale_writing_is_refused(self, game, board):
        page = Page(board)
        action = str(next(iter(game.legal_actions())).with_seat(None))
        old = board.revision
        game.step()
        reply = page.send({"type": "act", "action": action}, revision=old)
        assert not reply["ok"] and "moved on" in board.message and game.position == 1

    def test_a_why_of_a_writing_that_is_fine_says_nothing(self, game, board):
        g = board.choices[0]
        mark = g["first"][0]
        reply = Page(board).send({"type": "why", "marks": [[f"{mark:02d}", g["spaces"].split()[0]]]})
        assert reply["ok"] and board.message == "" and game.position == 0


class TestTours:
    def test_a_drawn_tour_is_checked_and_scored(self, game, board):
        game.play()
        best = game.scores[0]
        page = Page(board)
        reply = page.send({"type": "tour", "seat": 0, "spaces": best.tour})
        assert reply["ok"] and board.drawn["ok"] and board.drawn["total"] == best.total
        assert "as good as the best tour" in board.drawn["text"] and board.rule == "O-SCORE"
        short = best.tour[:2]
        page.send({"type": "tour", "seat": 0, "spaces": short})
        assert board.drawn["total"] == tw.on_tour.check_tour(game.map(0), short).total
        assert f"below the best tour ({best.total})" in board.drawn["text"]

    def test_the_first_problem_is_shown(self, game, board):
        page = Page(board)
        written = [sid for sid, _ in game.state.setup]
        a, b = next((a, b) for a in written for b in written
                    if a != b and not tw.on_tour.facts.is_route(a, b))
        reply = page.send({"type": "tour", "spaces": [a, b]})
        assert reply["ok"] and not board.drawn["ok"] and board.drawn["rule"] == "O-ROUTE"
        assert f"no route joins {a} and {b}" in board.drawn["text"] and board.error
        page.send({"type": "tour", "spaces": ["TX"]})
        assert "TX is empty" in board.drawn["text"]
        page.send({"type": "tour", "spaces": []})
        assert board.drawn == {} and not board.error

    def test_a_drawn_tour_is_checked_again_when_the_map_changes(self, game, board):
        setup = [sid for sid, _ in game.state.setup]
        Page(board).send({"type": "tour", "spaces": setup[:1]})
        assert board.drawn["ok"] and board.drawn["total"] == 2
        game.step()
        game.step()
        assert board.drawn["spaces"] == setup[:1] and board.drawn["best"] == game.scores[0].total


class TestPicture:
    def test_the_picture_shows_every_map_and_the_winner(self, game, board):
        game.play()
        picture = board.picture()
        root = ElementTree.fromstring(picture)
        assert root.tag.endswith("svg")
        assert picture.count('class="map"') == 2 and winners_text(game.winners) in picture
        assert picture.count('class="best"') == 2  # every best tour drawn at the end

    def test_the_engine_view_draws_the_same(self, game):
        game.play()
        assert svg(game.view(0)) == svg(compact_view(game, 0))

    def test_eight_maps(self):
        o = tw.OnTour(players=8, seed=2)
        o.play()
        picture = o.board(seat=None).picture()
        assert picture.count('class="map"') == 8


TURN_TRAITS = ("view", "choices", "line", "length", "log", "marks", "position", "revision", "waiting",
               "variations")


class TestBytes:
    @pytest.mark.parametrize("players", [1, 2, 8])
    def test_what_changes_in_a_turn_is_small(self, players):
        """The traits one turn changes, as JSON: well under the 4 KB a turn may cost on the wire."""
        o = tw.OnTour(players=["human"] + ["greedy"] * (players - 1), seed=9)
        b = o.board(speed="instant")
        page = Page(b)
        sizes = []
        while not o.is_over:
            legal = b.legal
            page.send({"type": "act", "action": str(next(iter(legal)))})
            state = b.get_state()
            changed = {k: state[k] for k in TURN_TRAITS}
            sizes.append(len(json.dumps(changed, separators=(",", ":"))))
        budget = {1: 1300, 2: 1400, 8: 2000}[players]  # the turn's sentence is about 300 of them
        assert sum(sizes) / len(sizes) < budget, (players, max(sizes), sum(sizes) / len(sizes))
        b.close()


@pytest.mark.timeout(900)
def test_an_exported_notebook_shows_the_maps_at_the_end_of_the_run(tmp_path):
    """``nbconvert --to html --execute``: no browser, no kernel afterwards; the picture of the last
    position is in the page (every map, the winner, every best tour)."""
    import subprocess
    import sys
    from pathlib import Path

    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    repo = Path(__file__).resolve().parents[2]
    cells = [f'import os\nos.environ["{hs.ENV}"] = {str(tmp_path)!r}\nimport touring_widgets as tw\n'
             'o = tw.OnTour(players=["human", "greedy", "random"], seed=4)\no',
             "o.play();"]
    nb = new_notebook(cells=[new_code_cell(c) for c in cells])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "play.ipynb")
    path = os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH")]))
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", "play.ipynb",
                    "--ExecutePreprocessor.timeout=300"], cwd=tmp_path, env=dict(os.environ, PYTHONPATH=path),
                   check=True, capture_output=True, timeout=600)
    html = (tmp_path / "play.html").read_text(encoding="utf-8")
    game = tw.OnTour(players=["human", "greedy", "random"], seed=4).play()
    pictures = re.findall(r'<div class="tw-picture">(.*?)</div></div>', html, re.S)
    assert len(pictures) == 1
    picture = pictures[0]
    assert picture.count('class="map"') == 3 and picture.count('class="best"') == 3
    assert winners_text(game.winners) in picture
    assert f"best tour {game.scores[0].total} = " in picture
