"""The Touring board without a browser: traits, page messages (good and malformed), cells and forks."""

from __future__ import annotations

import asyncio
import gc
import inspect
import json
import re
import threading
import weakref
from typing import ClassVar
from xml.etree import ElementTree

import pytest
import traitlets

import touring_widgets as tw
from touring_widgets.core.text import winners_text
from touring_widgets.touring.board import TouringBoard
from touring_widgets.touring.picture import PILES, SYMBOLS, svg, symbol
from touring_widgets.touring.view import card_catalog
from touring_widgets.widgets import Board, Handler


def in_own_loop(main) -> None:
    """Run ``main()`` on a fresh event loop in its own thread, as a kernel's loop would run it.

    (Another test's browser session may own the running loop of this thread.)
    """
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    if errors:
        raise errors[0]


class Page:
    """Plays the page's side: sends messages to a board and records what it answers."""

    def __init__(self, board: TouringBoard) -> None:
        self.board = board
        self.replies: list[dict] = []
        board.send = lambda content, buffers=None: self.replies.append(content)

    def send(self, content, revision: int | None = None):
        if isinstance(content, dict) and "revision" not in content and revision is not False:
            content = {**content, "revision": self.board.revision if revision is None else revision}
        self.board._on_page_message(self.board, content, [])
        return self.replies[-1]


@pytest.fixture
def game():
    return tw.Touring(players=["human", "greedy"], seed=7)


@pytest.fixture
def board(game):
    b = game.board(seat=0, speed="instant")
    yield b
    b.close()


def first_play(board: TouringBoard) -> str:
    return next(a for a in board.legal if a.startswith("play"))


class TestConstruction:
    def test_traits_describe_the_position(self, game, board):
        assert board.view["seat"] == 0
        assert board.view["hands"][0]["cards"] == game.hand(0)
        assert board.view["hands"][1]["cards"] is None  # T-VIEW: the other hand is hidden
        assert "cards" not in board.view and board.cards["m25"]["name"] == "25 Miles"
        assert board.legal == [str(a) for a in game.legal_actions()]
        assert board.position == 0 and board.line == []
        assert board.revision >= 1 and board.message == "" and not board.error

    def test_teacher_view_shows_every_hand(self, game):
        b = game.board(seat=None)
        assert all(h["cards"] is not None for h in b.view["hands"])
        assert b.view["seat"] is None and b.legal  # plays for the seat to move
        b.close()

    def test_not_my_turn_means_nothing_to_play(self, game):
        b = game.board(seat=1)
        assert game.turn == 0 and b.legal == []
        b.close()

    @pytest.mark.parametrize("seat", [2, -1, "0", 1.0, True])
    def test_bad_seat(self, game, seat):
        with pytest.raises(ValueError, match="seat"):
            TouringBoard(game, seat=seat)

    def test_bad_speed_and_bad_game(self, game):
        with pytest.raises(ValueError, match="speed"):
            TouringBoard(game, speed="warp")
        with pytest.raises(TypeError, match="Touring game"):
            TouringBoard(object())

    def test_every_trait_is_documented_json(self, board):
        state = {k: v for k, v in board.get_state().items() if not k.startswith("_")}
        assert json.loads(json.dumps(state)) == state  # plain JSON: a saved notebook re-renders
        comments = {}
        for cls in (Board, TouringBoard):  # the shared traits live in the base, Touring's own here
            source = inspect.getsource(cls).splitlines()
            comments.update({
                found.group(1): source[i - 1].strip()
                for i, text in enumerate(source)
                if (found := re.match(r"    (\w+) = traitlets\.", text))
            })
        assert {"view", "choices", "cards", "revision"} <= set(comments) <= set(board.traits(sync=True))
        ours = {name for cls in (Board, TouringBoard) for name, value in vars(cls).items()
                if isinstance(value, traitlets.TraitType)}
        assert ours == set(comments)  # every trait the boards declare says what it holds
        for name, comment in comments.items():
            assert comment.startswith("# "), f"trait {name!r} has no comment saying what it holds"

    def test_legal_choices_are_structured(self, game, board):
        """The page gets where each move goes as data, never action text to parse."""
        for choice in board.choices:
            assert set(choice) == {"action", "kind", "card", "target", "team", "column"}
            action = tw.touring.Action.parse(choice["action"])
            seen = (choice["kind"], choice["card"], choice["target"])
            assert (action.kind, action.card, action.target) == seen
            assert (choice["column"] == "discard") == (action.kind == "discard")
        assert board.legal == [c["action"] for c in board.choices]


class TestPlaying:
    def test_a_click_plays_and_the_bot_answers(self, game, board):
        page = Page(board)
        action = first_play(board)
        reply = page.send({"type": "act", "action": action})
        assert reply["ok"] and reply["type"] == "reply"
        assert str(game.history[0]) == action
        # speed "instant": the greedy seat moved at once, and it is the human's turn again
        assert game.position == 2 and game.turn == 0
        assert board.position == 2 and board.line == game.line(0)
        assert board.legal == [str(a) for a in game.legal_actions()]

    def test_the_history_strip_keeps_other_seats_discards_face_down(self, game, board):
        game.step("discard " + game.hand(0)[0])
        game.step("discard " + game.hand(1)[0])
        assert board.line[0].startswith("discard ") and board.line[0] != "discard ?"
        assert board.line[1] == "discard ?"  # T-DISCARD: seat 1's discard is face down
        assert game.board(seat=None).line == [str(a) for a in game.history]

    def test_illegal_action_says_why(self, game, board):
        page = Page(board)
        reply = page.send({"type": "act", "action": "play m75"})
        assert not reply["ok"] and board.error
        # The verdict's reason and rule, the card named as people say it (test_touring_board_play).
        assert board.message == f"75 Miles cannot be played now: {game.why('play m75').text}"
        assert board.rule == "T-GO"
        assert game.position == 0

    def test_step_undo_redo_goto_from_the_page(self, game, board):
        page = Page(board)
        # Step on the human's turn plays its policy's move, and the greedy seat answers it.
        assert page.send({"type": "step"})["ok"] and game.position == 2
        assert page.send({"type": "undo"})["ok"] and game.position == 1
        # Step on the bot's turn plays just its move: the recorded one, a redo.
        assert page.send({"type": "step"})["ok"] and game.position == 2 and game.variations == ()
        assert page.send({"type": "goto", "index": 0})["ok"] and game.position == 0
        assert not page.send({"type": "undo"})["ok"] and "Nothing to undo" in board.message
        assert page.send({"type": "redo"})["ok"] and game.position == 1
        assert page.send({"type": "goto", "index": 0})["ok"] and game.position == 0 and len(game) == 3
        assert not page.send({"type": "goto", "index": 3})["ok"] and game.position == 0

    def test_play_to_end(self, game, board):
        page = Page(board)
        assert page.send({"type": "run"})["ok"]
        assert game.is_over and board.view["over"] and not board.running
        assert board.legal == []
        assert not page.send({"type": "act", "action": "discard m25"})["ok"]
        assert "over" in board.message

    def test_seat_and_speed(self, game, board):
        page = Page(board)
        assert page.send({"type": "seat", "seat": None})["ok"]
        assert board.seat is None and all(h["cards"] is not None for h in board.view["hands"])
        assert page.send({"type": "seat", "seat": 1})["ok"] and board.legal == []
        assert page.send({"type": "speed", "speed": "slow"})["ok"] and board.speed == "slow"

    def test_wrong_seat_cannot_play(self, game):
        b = game.board(seat=1)
        page = Page(b)
        action = str(game.legal_actions()[0])
        assert not page.send({"type": "act", "action": action})["ok"]
        assert "seat 0's turn" in b.message and game.position == 0
        b.close()


class TestUntrustedMessages:
    @pytest.mark.parametrize(
        "content, words",
        [
            ("hello", "not an object"),
            (["act"], "not an object"),
            ({"type": "launch"}, "unknown type"),
            ({"type": None}, "unknown type"),
            ({"type": {"nested": 1}}, "unknown type"),
            ({"type": "act", "action": 42}, "not text"),
            ({"type": "act", "action": None}, "not text"),
            ({"type": "act", "action": "x" * 100_000}, "characters"),
            ({"type": "act", "action": "play"}, "cannot read 'play'"),
            ({"type": "act", "action": "fly to the moon"}, "cannot read 'fly to the moon'"),
            ({"type": "act", "action": "play m25", "revision": "1"}, "no revision"),
            ({"type": "act", "action": "play m25", "revision": True}, "no revision"),
            ({"type": "act", "action": "play m25", "revision": 10**9}, "moved on"),
            ({"type": "goto", "index": "2"}, "history position"),
            ({"type": "goto", "index": -1}, "history position"),
            ({"type": "seat", "seat": 5}, "seat"),
            ({"type": "seat", "seat": "1"}, "seat"),
            ({"type": "speed", "speed": 3}, "speed"),
            ({"type": "step", "revision": None}, "no revision"),
        ],
    )
    def test_refused_and_game_unchanged(self, game, board, content, words):
        page = Page(board)
        before = (game.position, game.history, board.seat, board.speed)
        if isinstance(content, dict) and "revision" not in content:
            content = {**content, "revision": board.revision}
        reply = page.send(content, revision=False)
        assert reply["ok"] is False
        assert board.error and board.message
        assert words.lower() in board.message.lower()
        assert (game.position, game.history, board.seat, board.speed) == before

    def test_stale_revision_from_a_second_board(self, game, board):
        other = game.board(seat=0, speed="instant")
        page, page2 = Page(board), Page(other)
        stale = other.revision
        page.send({"type": "act", "action": first_play(board)})  # the first board moves first
        assert other.revision != stale
        reply = page2.send({"type": "act", "action": other.legal[0]}, revision=stale)
        assert not reply["ok"] and "moved on" in other.message
        assert game.position == 2
        other.close()


class TestCellsAndBoards:
    def test_cells_move_every_board(self, game, board):
        other = game.board(seat=1)
        revisions = board.revision, other.revision
        game.step()
        assert board.position == other.position == 1
        assert board.revision > revisions[0] and other.revision > revisions[1]
        game.undo()
        assert board.position == other.position == 0 and board.line == other.line == [str(game.future[0])]
        game.goto(-1)
        assert board.position == 1
        other.close()

    def test_closing_unsubscribes(self, game):
        b = game.board()
        listeners = len(game._listeners)
        b.close()
        assert len(game._listeners) == listeners - 1
        game.step()  # no error from a closed board

    def test_a_board_dropped_without_close_does_not_leak(self, game):
        b = game.board()
        ref = weakref.ref(b)
        b.close()
        del b
        gc.collect()
        assert ref() is None
        game.step()
        assert game._listeners == []

    def test_fork_from_the_page_and_from_python(self, game, board):
        seen = []
        board.on_fork(seen.append)
        page = Page(board)
        page.send({"type": "step"})
        assert page.send({"type": "fork"})["ok"]
        assert len(board.forks) == 1 and seen == board.forks
        fork = board.forks[0]
        assert fork.position == game.position and fork.history == game.history
        fork_board = board.fork_boards[0]
        assert fork_board in board._box().children[1].children[0].children
        fork.step()
        assert fork_board.position == fork.position == 3 and board.position == game.position == 2
        h = game.fork()  # forking from Python works as well
        assert h.position == 2 and h is not game
        assert board.message == "Forked at move 2: the new board below is forks[0]."

    def test_a_fault_of_ours_is_said_on_the_board_and_answered(self, board, monkeypatch):
        # the page never waits without an answer, even when the kernel's side breaks
        def broken(session, content):
            raise RuntimeError("broken on purpose")

        monkeypatch.setattr(board.session, "handlers", {**board.session.handlers, "fork": Handler(broken)})
        reply = Page(board).send({"type": "fork"})
        assert reply["ok"] is False and board.error
        assert board.message == ("The kernel failed to do 'fork': RuntimeError: broken on purpose. This is a "
                                 "fault of touring_widgets; please report it.")

    def test_a_fork_in_marimo_says_how_to_see_its_board(self, board, monkeypatch):
        # marimo shows only what a cell returns, so "the new board below" would never appear there
        monkeypatch.setattr("touring_widgets.widgets.base.in_marimo", lambda: True)
        assert Page(board).send({"type": "fork"})["ok"]
        assert board.message == (
            "Forked at move 0: forks[0] is a game of its own. To see its board, return "
            "mo.ui.anywidget(this board's forks[0].board()) from a cell."
        )
        assert board.forks[0].position == 0 and board.fork_boards == []  # no widget made outside a cell

    def test_bots_wait_for_the_kernel_loop(self, game):

        async def main():
            b = game.board(seat=0, speed="fast")
            Page(b).send({"type": "act", "action": first_play(b)})
            assert game.position == 1 and b.running  # the bot's move is scheduled, not made
            for _ in range(100):
                await asyncio.sleep(0.02)
                if not b.running:
                    break
            assert game.position == 2 and not b.running
            b.close()

        in_own_loop(main)

    def test_a_cell_interrupts_automatic_play(self, game):
        async def main():
            b = game.board(seat=0, speed="slow")
            Page(b).send({"type": "run"})
            assert b.running
            game.step()  # a cell moves meanwhile
            assert not b.running
            b.close()

        in_own_loop(main)


class TestPicture:
    def test_mime_bundle_has_widget_text_and_svg(self, game, board):
        bundle = board._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert bundle["text/plain"].startswith("<TouringBoard")
        assert bundle["image/svg+xml"].startswith("<svg")
        game_bundle = game._repr_mimebundle_()
        assert "image/svg+xml" in game_bundle

    def test_svg_of_a_finished_game(self, game):
        while not game.is_over:
            game.step()
        picture = svg(game.view(None))
        won = game.winners
        text = f"Seat {won[0]} wins!" if len(won) == 1 else winners_text(won)
        assert (text if won else "Game over: no winner") in picture
        assert picture.count("<svg") == 1 and picture.endswith("</svg>")

    def test_svg_draws_the_symbol_of_every_card_shown(self):
        g = tw.Touring(players=["greedy", "greedy"], seed=3)
        for _ in range(12):
            g.step()
        view = g.view(None)
        picture = svg(view)
        faces = [c for hand in view["hands"] for c in hand["cards"] or []]
        faces += [t[col][-1] for t in view["tables"] for col in ("go", "freeway") if t[col]]
        faces += [pile for t in view["tables"] for pile in PILES if t[pile]]
        symbols = [
            group.get("class").split()[1].removeprefix("sym-")
            for group in ElementTree.fromstring(picture).iter("{http://www.w3.org/2000/svg}g")
        ]
        assert sorted(symbols) == sorted(faces)
        assert any(card not in PILES for card in faces)

    def test_every_road_card_has_a_drawing_of_its_own(self):
        road = [card for card in card_catalog() if card not in PILES]
        assert sorted(SYMBOLS) == sorted(road)
        for card in road:
            group = ElementTree.fromstring(
                f'<svg xmlns="http://www.w3.org/2000/svg">{symbol(card, 30, 30, 40, "#123456")}</svg>'
            )[0]
            shapes = [el.tag.split("}")[1] for el in group]
            assert {"path", "circle"} & set(shapes), (card, shapes)
            assert "?" not in "".join(group.itertext()), card


class TestRevisions:
    """Every message that changes the game must carry the board's current revision."""

    MOVES: ClassVar = {
        "act": lambda board: {"type": "act", "action": board.legal[0]},
        "step": lambda board: {"type": "step"},
        "undo": lambda board: {"type": "undo"},
        "redo": lambda board: {"type": "redo"},
        "goto": lambda board: {"type": "goto", "index": 0},
        "run": lambda board: {"type": "run"},
    }

    @pytest.fixture
    def moved(self, game):
        """A board one move in with one move undone, so every message type has something to do."""
        game.step(game.legal_actions()[0])
        game.step()
        game.undo()
        board = game.board(seat=None, speed="instant")  # the teacher's view plays for every seat
        yield board
        board.close()

    @pytest.mark.parametrize("kind", sorted(MOVES))
    def test_a_stale_revision_is_refused_for_every_move_message(self, game, moved, kind):
        page = Page(moved)
        content = self.MOVES[kind](moved)
        before = (game.position, game.history, game.future)
        reply = page.send(content, revision=moved.revision - 1)
        assert not reply["ok"] and "moved on" in moved.message and moved.error
        assert (game.position, game.history, game.future) == before

    @pytest.mark.parametrize("kind", sorted(MOVES))
    def test_a_missing_revision_is_refused_for_every_move_message(self, game, moved, kind):
        page = Page(moved)
        before = (game.position, game.history, game.future)
        reply = page.send(self.MOVES[kind](moved), revision=False)
        assert not reply["ok"] and "no revision" in moved.message
        assert (game.position, game.history, game.future) == before

    @pytest.mark.parametrize("kind", sorted(MOVES))
    def test_the_current_revision_is_obeyed_for_every_move_message(self, game, moved, kind):
        page = Page(moved)
        before = (game.position, game.history, game.future)
        reply = page.send(self.MOVES[kind](moved))
        assert reply["ok"], moved.message
        assert (game.position, game.history, game.future) != before

    @pytest.mark.parametrize(
        "index, ok",
        [(0, True), (1, True), (2, True), (3, False), (-1, False), (True, False), (1.0, False),
         ("1", False), (None, False), (10**12, False), ([1], False)],
    )
    def test_goto_from_the_page_takes_only_a_position_of_the_line(self, game, moved, index, ok):
        page = Page(moved)
        reply = page.send({"type": "goto", "index": index})
        assert reply["ok"] is ok, moved.message
        assert game.position == (index if ok else 1)

    def test_an_old_refusal_is_cleared_when_the_game_moves_on(self, game, board):
        page = Page(board)
        page.send({"type": "act", "action": "play m75"})
        assert board.error and "T-GO" in board.message
        game.step(game.legal_actions()[0])  # a cell moves the game
        assert not board.error and board.message == ""
