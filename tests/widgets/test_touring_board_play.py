"""Playing on the Touring board without a browser: never a stall without a word, no lost line,
refusals that say why, what happened shown, a loss's pile, the end, a board without its game.

The drawing-side halves (layout at 360 px, the banner's row, badges in the dark theme, keys)
are in ``test_board_geometry.py`` (Node) and ``tests/e2e``.
"""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

import pytest

import touring_widgets as tw
from touring_widgets.touring.board import TouringBoard
from touring_widgets.touring.picture import svg
from touring_widgets.touring.view import action_text

from .page import Page


class Waits:
    """A scheduler whose callbacks never come: automatic play stays due."""

    def call_later(self, delay, callback):
        return self

    def call_soon(self, callback):
        return self

    def cancel(self, handle):
        pass

LOSSES = ("burning_oil", "broken_spring", "brake_adjustment")


@pytest.fixture
def game():
    return tw.Touring(players=["human", "greedy"], seed=7)


def board_of(game, seat=0, speed="instant") -> TouringBoard:
    return game.board(seat=seat, speed=speed)


class TestNeverAStallWithoutAWord:
    """After Run All, a history jump or Space on your own turn, the board says what it waits
    for and offers the one click that goes on."""

    def test_run_all_of_the_play_notebook(self, game):
        board = board_of(game)  # cell 1 shows the board; later cells move the game
        game.step("play go")
        game.step()
        game.undo()
        assert game.turn == 1 and game.players[1] == "greedy"
        assert board.choices == []
        assert board.waiting["text"].startswith("Seat 1 (greedy) is to move")
        assert board.waiting["button"] == "▶ Seat 1 plays"
        assert Page(board).send({"type": "step"})["ok"]  # the button sends a step
        assert game.position == 2 and game.turn == 0 and board.waiting == {} and board.choices
        board.close()

    def test_space_on_your_own_turn_lets_the_bot_answer(self, game):
        board = board_of(game)
        assert Page(board).send({"type": "step"})["ok"]
        assert game.position == 2 and game.turn == 0 and board.choices
        board.close()

    def test_a_jump_to_a_bots_turn_waits_and_says_so(self, game):
        board = board_of(game)
        page = Page(board)
        for _ in range(3):
            page.send({"type": "step"})
        page.send({"type": "goto", "index": 3})
        assert game.turn == 1 and game.position == 3  # nothing moved by itself
        assert "Step plays its move" in board.waiting["text"] and board.waiting["button"]
        board.close()

    @pytest.mark.parametrize("seat", [0, 1, None])
    def test_every_resting_board_can_move_or_says_what_it_waits_for(self, seat):
        game = tw.Touring(players=["human", "greedy", "greedy"], seed=11)
        board = board_of(game, seat=seat)
        page = Page(board)
        rng = random.Random(seat)
        for _ in range(400):
            if game.is_over:
                break
            assert board.choices or (board.waiting.get("text") and board.waiting.get("button"))
            kind = rng.choice(["act", "act", "step", "undo", "goto"])
            if kind == "act" and board.choices:
                page.send({"type": "act", "action": rng.choice(board.legal)})
            elif kind == "goto":
                page.send({"type": "goto", "index": rng.randrange(len(game))})
            else:
                page.send({"type": kind if kind != "act" else "step"})
        board.close()


class TestNoLostFutures:
    def test_stepping_the_recorded_move_keeps_the_line(self, game):
        board = board_of(game, seat=None)
        page = Page(board)
        for _ in range(20):
            page.send({"type": "step"})
        line = game.history
        page.send({"type": "goto", "index": 11})
        page.send({"type": "step"})  # the policy plays the move that was recorded: a redo
        assert game.position == 12 and game.history + game.future == line and game.variations == ()
        assert board.line == [str(a) for a in line]
        board.close()

    def test_another_move_keeps_the_old_line_as_a_variation_in_python_and_on_the_board(self, game):
        board = board_of(game, seat=None)
        page = Page(board)
        for _ in range(20):
            page.send({"type": "step"})
        line = game.history
        page.send({"type": "goto", "index": 11})
        other = next(a for a in board.legal if a != str(line[11]))
        page.send({"type": "act", "action": other})
        (variation,) = game.variations
        assert variation.position == 11 and variation.actions == line[11:]
        assert board.variations == [{"index": 0, "at": 11, "moves": len(line) - 11,
                                     "first": board.describe_move(variation.at.state, line[11])["text"]}]
        assert "kept as variation 1" in board.message and not board.error
        assert page.send({"type": "enter", "index": 0})["ok"]
        assert game.history == line[:11] and game.future == line[11:]
        board.close()

    def test_the_same_from_python(self, game):
        game.play()
        line = game.history
        game.goto(11)
        game.step(next(a for a in game.legal_actions() if a != line[11]))
        assert [v.actions for v in game.variations] == [line[11:]]


class TestRefusalsSayWhy:
    def test_cards_that_cannot_be_played_are_marked_with_the_reason(self, game):
        board = board_of(game)
        marks = board.marks["cards"]
        assert game.hand(0) == ["m25", "m75", "go", "broken_spring", "brake_adjustment", "gasoline"]
        assert set(marks) == {"m25", "m75", "broken_spring", "brake_adjustment", "gasoline"}  # Go is playable
        assert marks["m75"] == {"text": game.why("play m75").text, "rule": "T-GO"}
        assert marks["broken_spring"]["rule"] == game.why("play broken_spring on 1").rule
        assert all(re.search(r"\(T-[A-Z]+", m["text"]) for m in marks.values())
        board.close()

    def test_a_click_on_a_place_that_is_not_lit_shows_the_verdict_and_its_rule(self, game):
        board = board_of(game)
        reply = Page(board).send({"type": "act", "action": "play m75"})
        assert not reply["ok"] and board.error
        # The card as people say it, never the action text; the verdict's reason and rule kept.
        assert board.message == f"75 Miles cannot be played now: {game.why('play m75').text}"
        assert board.rule == "T-GO" and "'play" not in board.message and "m75" not in board.message
        assert game.position == 0
        board.close()

    @pytest.mark.parametrize(("action", "said", "rule"), [
        ("play broken_spring on 0", "Broken Spring cannot be played on seat 0: ", "T-DELAY"),
        ("play m25 on 1", "25 Miles cannot be played on seat 1: ", "T-SLOW"),
        ("discard m50", "50 Miles cannot be discarded: seat 0 holds no 50 Miles", "T-TURN"),
    ])
    def test_every_refused_move_names_its_cards_as_people_say_them(self, game, action, said, rule):
        board = board_of(game)
        assert not Page(board).send({"type": "act", "action": action})["ok"]
        assert board.message.startswith(said) and board.rule == rule
        assert board.message.endswith(f"({rule})")
        assert not re.search(r"\b(m\d\d|broken_spring)\b", board.message)  # names, not card ids
        board.close()

    def test_a_move_out_of_turn_or_after_the_end_cites_its_rule(self, game):
        board = board_of(game, seat=1)
        assert not Page(board).send({"type": "act", "action": "play go"})["ok"]
        assert board.message.startswith("It is seat 0's turn (human)") and board.rule == "T-TURN"
        board.close()
        while not game.is_over:
            game.step()
        board = board_of(game)
        assert not Page(board).send({"type": "act", "action": "play go"})["ok"]
        assert board.message.startswith("The game is over") and board.rule in ("T-WIN", "T-EXHAUST")
        board.close()

    def test_a_board_that_is_not_to_move_marks_nothing(self, game):
        board = board_of(game, seat=1)
        assert "cards" not in board.marks
        board.close()


class TestWhatHappenedIsShown:
    def test_the_move_log_keeps_every_seats_last_moves_in_words(self):
        game = tw.Touring(players=["human", "greedy", "greedy"], seed=5)
        board = board_of(game)
        for _ in range(14):
            game.step()
        moves = list(game.moves())
        assert [e["n"] for e in board.log] == list(range(9, 15))  # two rounds of three seats
        for entry in board.log:
            before, action = moves[entry["n"] - 1]
            assert entry["seat"] == before.turn
            assert entry["text"] == action_text(before.turn, action, 0, before)
        assert {e["seat"] for e in board.log} == {0, 1, 2}
        board.close()

    def test_the_history_strip_can_say_each_move_in_words(self, game):
        board = board_of(game, seat=1)
        game.step("discard m25")
        reply = Page(board).send({"type": "describe", "index": 1}, revision=False)
        text = reply["text"]  # from seat 1: which card went is not said (T-DISCARD, T-VIEW)
        assert text.startswith("Move 1: Seat 0 opens the game") and "discards a card face down" in text
        assert "25" not in text and "(T-DISCARD, T-VIEW)" in text
        assert text == f"Move 1: {game.explain(seat=1)[0]}"
        board.close()

    def test_a_fork_says_whose_it_is_and_from_which_move(self, game):
        board = board_of(game)
        game.step("play go")
        Page(board).send({"type": "fork"})
        assert board.fork_boards[0].title == ("Fork 1: forks[0] of the board above, from move 1 "
                                              "(Seat 0 played Go)")
        assert "Fork 1: forks[0] of the board above" in board.fork_boards[0].picture()
        board.close()


def before_a_loss() -> tw.Touring:
    """Seed 0, greedy against greedy: move 36 is Broken Spring on seat 0."""
    game = tw.Touring(players=["greedy", "greedy"], seed=0)
    for _ in range(35):
        game.step()
    return game


class TestALossLightsThePileItTakesFrom:
    def test_the_choice_goes_to_the_mileage_pile(self):
        game = before_a_loss()
        board = board_of(game, seat=None)
        choice = next(c for c in board.choices if c["card"] == "broken_spring")
        assert choice["column"] == "m50" and choice["team"] == 0  # Broken Spring takes a 50 (T-LOSS)
        board.close()

    def test_the_last_move_outlines_that_pile(self):
        game = before_a_loss()
        board = board_of(game, seat=None)
        game.step("play broken_spring on 0")
        assert board.marks["last"] == {"team": 0, "column": "m50"}
        board.close()

    def test_every_loss_value_switch_is_followed(self):
        from touring_widgets.touring.session import column_of

        rules = tw.touring.Rules(burning_oil=25, broken_spring=35, brake_adjustment=75)
        assert [column_of(card, rules) for card in LOSSES] == ["m25", "m35", "m75"]


class TestTheEndIsShownTruly:
    def test_the_svg_banner_covers_no_table(self):
        game = tw.Touring(players=["human", "greedy"], seed=7).play()
        picture = ElementTree.fromstring(svg(game.view(None)))
        ns = "{http://www.w3.org/2000/svg}"
        rects = [r for r in picture.iter(f"{ns}rect")]
        banner = next(r for r in rects if r.get("class") == "banner")
        top, bottom = float(banner.get("y")), float(banner.get("y")) + float(banner.get("height"))
        tables = [r for r in rects if r.get("fill") == "#fafafa"]
        assert tables and all(float(t.get("y")) >= bottom for t in tables)
        assert top > 20  # under the title

    def test_no_banner_claims_a_human_won_what_a_bot_played(self):
        game = tw.Touring(players=["human", "greedy"], seed=7)
        board = board_of(game)
        Page(board).send({"type": "run"})  # Play to end: the bot's policy plays seat 0's moves too
        assert game.is_over
        (banner,) = re.findall(r">([^<>]*wins!)<", board.picture())
        assert banner == f"Seat {game.winners[0]} wins!"  # the seat, never "(human)"
        board.close()

    def test_the_page_is_told_play_to_end_is_running(self):
        game = tw.Touring(players=["human", "greedy"], seed=7)
        board = board_of(game, speed="slow")
        board.session.scheduler = Waits()  # stay inside the run
        Page(board).send({"type": "run"})
        assert board.running and board.autoplay == "end" and board.waiting == {}
        board.session.stop_run()
        assert board.autoplay == "" and not board.running
        board.close()


class TestABoardWithoutItsGame:
    def test_a_board_from_an_earlier_run_of_its_cell_refuses_moves(self, game):
        from touring_widgets.widgets.base import GONE, Displays

        displays = Displays()
        old = board_of(game)
        old.publish_picture = lambda: None
        displays.before(type("Info", (), {"cell_id": "cell-1"})())
        old.cells.add("cell-1")
        displays.boards.add(old)
        displays.after()
        displays.before(type("Info", (), {"cell_id": "cell-1"})())  # the cell runs again: a new g
        displays.after()
        page = Page(old)
        reply = page.send({"type": "act", "action": "play go"})
        assert not reply["ok"] and old.message == GONE and old.gone == GONE
        assert old.game is None and game.position == 0
        assert page.send({"type": "hello"})["ok"]
        old.close()
