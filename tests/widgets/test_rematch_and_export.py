"""New game (a rematch: the same players and rules, a new or a chosen seed) and the export of a game
(its numbered moves with their sentences as the board's seat may know them, and the scores, as text
and CSV), on both games' boards, from Python and from the page."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import highscores
from touring_widgets.widgets.export import FORMATS
from touring_widgets.widgets.protocol import LOCAL, MOVES

from .page import Page


@pytest.fixture(autouse=True)
def own_high_scores(tmp_path, monkeypatch) -> None:
    """On Tour boards keep their high scores in a folder of these tests' own."""
    monkeypatch.setenv(highscores.ENV, str(tmp_path))


@pytest.fixture
def touring() -> Iterator[tuple[tw.Touring, object]]:
    g = tw.Touring(players=["human", "greedy"], seed=7)
    board = g.board(seat=0, speed="instant")
    yield g, board
    board.close()


def parsed(text: str) -> tuple[list[list[str]], list[list[str]]]:
    """An export's CSV as its move rows and its score rows (each with its header)."""
    rows = list(csv.reader(io.StringIO(text)))
    blank = rows.index([])
    return rows[:blank], rows[blank + 1:]


# -- new game -----------------------------------------------------------------------------------
class TestRematch:
    def test_a_new_game_has_the_same_players_and_rules_and_the_board_follows_it(self, touring):
        g, board = touring
        g.step("play go")
        g.step()
        old_history = g.history
        new = board.rematch()
        assert type(new) is tw.Touring and new is not g
        assert new.players == g.players and new.rules == g.rules and new.seed != g.seed
        assert board.game is new and board.games == [g, new]
        assert g.history == old_history and g.position == 2  # the old game is kept as it was
        assert board.position == 0 and board.view == new.view(0) and board.log == []
        assert "board.game is the new game" in board.message and "board.games[0]" in board.message
        assert board.title.startswith("Game 2: board.games[1]")
        # The board follows the new game, no longer the old one.
        revision = board.revision
        g.step()
        assert board.revision == revision and board.position == 0
        new.step(board.legal[0])
        assert board.position == 1 and board.view == new.view(0)

    def test_a_chosen_seed_deals_the_game_that_seed_deals(self, touring):
        _, board = touring
        new = board.rematch(seed=12)
        assert new.seed == 12 and new.state == tw.Touring(players=["human", "greedy"], seed=12).state
        assert "seed 12" in board.message  # chosen by the caller: it may be said
        with pytest.raises(ValueError, match="seed"):
            board.rematch(seed=-1)
        assert board.game is new and len(board.games) == 2

    def test_a_seat_s_board_does_not_name_a_new_random_seed(self, touring):
        g, board = touring
        new = board.rematch()
        # The seed deals every card: on seat 0's board it would tell seat 1's hand.
        assert str(new.seed) not in board.message + board.title and "a new seed" in board.message
        teacher = g.board(seat=None, speed="instant")
        try:
            other = teacher.rematch()
            assert f"seed {other.seed}" in teacher.message
        finally:
            teacher.close()

    def test_the_on_tour_board_starts_a_new_game_and_forgets_the_drawn_tour(self):
        o = tw.OnTour(players=["human", "greedy"], seed=3)
        board = o.board(seat=0, speed="instant")
        try:
            o.play()
            tour = o.scores[0].tour
            board.session.check(list(tour))
            assert board.session.state["drawn"]
            new = board.rematch(seed=4)
            assert type(new) is tw.OnTour and new.players == o.players and new.seed == 4
            assert board.session.state["drawn"] == {} and not board.view["over"]
            assert o.is_over  # the finished game is kept
        finally:
            board.close()

    def test_the_new_game_starts_from_the_old_one_s_scenario(self):
        g = tw.touring.scenario(hands={0: ["go", "m25", "m50", "m75", "m35", "freeway"]}, turn=0, seed=1)
        board = g.board(seat=0, speed="instant")
        try:
            new = board.rematch(seed=5)
            assert new.scenario == g.scenario and new.hand(0) == g.hand(0)
            assert "from the same scenario" in board.message
        finally:
            board.close()

    def test_on_rematch_tells_of_every_new_game_and_unsubscribes(self, touring):
        _, board = touring
        seen = []
        stop = board.on_rematch(seen.append)
        new = board.rematch()
        Page(board).send({"type": "rematch"})
        assert seen == [new, board.game] and len(board.games) == 3
        stop()
        board.rematch()
        assert len(seen) == 2
        with pytest.raises(TypeError):
            board.on_rematch("not callable")

    def test_play_stops_and_advice_follows_the_new_game(self):
        g = tw.Touring(players=["greedy", "greedy"], seed=7)
        board = g.board(seat=None, speed="normal")
        try:
            board.play_to_end()  # no event loop in the tests: it plays to the end at once
            assert g.is_over
            board.advise(deals=2)
            new = board.rematch()
            assert not board.running
            assert board.advice.get("on") and board.advice.get("revision") == board.revision
            assert board.session.advisor.search.state is new.state
        finally:
            board.close()

    def test_a_board_that_lost_its_game_starts_none(self, touring):
        g, board = touring
        board.lose_game("gone for the test")
        with pytest.raises(Exception, match="gone for the test"):
            board.rematch()
        reply = Page(board).send({"type": "rematch"})
        assert not reply["ok"] and board.games == [g]


class TestRematchMessage:
    def test_the_page_s_new_game_needs_the_current_revision(self, touring):
        g, board = touring
        page = Page(board)
        assert "rematch" in MOVES and "export" in LOCAL
        reply = page.send({"type": "rematch"}, revision=board.revision - 1)
        assert not reply["ok"] and "moved on" in board.message and board.games == [g]
        reply = page.send({"type": "rematch"}, revision=False)
        assert not reply["ok"] and "no revision" in board.message and board.games == [g]
        reply = page.send({"type": "rematch"})
        assert reply["ok"] and board.game is not g and "board.games[0]" in reply["message"]
        assert reply["revision"] == board.revision

    @pytest.mark.parametrize("seed", [-1, 2**63, True, 1.5, "é", "x" * 101, "a\nb", [7], {"seed": 7}])
    def test_a_bad_seed_is_refused_and_changes_nothing(self, touring, seed):
        g, board = touring
        before = (board.revision, board.view, board.title)
        reply = Page(board).send({"type": "rematch", "seed": seed})
        assert not reply["ok"] and "Refused a new game: " in board.message and board.error
        assert "seed" in board.message and "nothing changed" in board.message
        assert board.games == [g] and board.game is g
        assert (board.revision, board.view, board.title) == before

    @pytest.mark.parametrize("seed", [0, 41, "class-7", "x" * 100])
    def test_a_good_seed_from_the_page_is_the_new_game_s(self, touring, seed):
        _, board = touring
        reply = Page(board).send({"type": "rematch", "seed": seed})
        assert reply["ok"] and board.game.seed == seed and f"seed {seed}" in board.message


# -- export --------------------------------------------------------------------------------------
class TestExport:
    def test_the_text_numbers_every_move_with_the_log_s_sentence_and_gives_the_final_scores(self, touring):
        g, board = touring
        g.play()
        text = board.export_text()
        stories = [e["story"] for e in board.session.entries(0)]
        assert len(stories) == g.position > 0
        lines = text.splitlines()
        assert lines[0] == "Touring: seat 0 (human), seat 1 (greedy)"
        assert lines[1] == "The moves as seat 0 (human) may know them."
        width = len(str(len(stories)))
        numbered = [line for line in lines if re.match(r"^ *\d+\. ", line)]
        assert numbered == [f"{n:>{width}}. {s}" for n, s in enumerate(stories, start=1)]
        assert board.log[-1]["story"] == stories[-1]  # the board's own log says the same
        scores = lines[lines.index("Final scores:") + 1:]
        miles = g.miles()
        assert scores == [f"  seat {s} ({p}): {miles[s]} miles" + (" (winner)" if s in g.winners else "")
                          for s, p in enumerate(g.players)]
        assert g.winners and str(g.seed) not in " ".join(lines[:2])

    def test_the_csv_has_a_row_a_move_then_a_row_a_seat(self, touring):
        g, board = touring
        g.play()
        moves, scores = parsed(board.export_csv())
        entries = board.session.entries(0)
        assert moves[0] == ["number", "seat", "move", "sentence"]
        assert moves[1:] == [[str(e["n"]), str(e["seat"]), e["text"], e["story"]] for e in entries]
        assert scores[0] == ["seat", "player", "miles", "winner"]
        assert scores[1:] == [[str(s), p, str(g.miles()[s]), "yes" if s in g.winners else "no"]
                              for s, p in enumerate(g.players)]

    def test_an_export_at_an_earlier_position_stops_there_and_says_the_game_goes_on(self, touring):
        g, board = touring
        g.play()
        end = g.position
        g.goto(3)
        text = board.export_text()
        assert re.findall(r"^(\d+)\. ", text, re.M) == ["1", "2", "3"]
        assert f"Scores after move 3 (the game goes on; {end - 3} later moves are not shown):" in text
        assert "winner" not in text
        _, scores = parsed(board.export_csv())
        assert [row[-1] for row in scores[1:]] == ["", ""]

    def test_an_export_before_any_move(self, touring):
        _, board = touring
        assert "No move yet." in board.export_text()
        moves, _ = parsed(board.export_csv())
        assert moves == [["number", "seat", "move", "sentence"]]

    def test_another_seat_s_export_is_told_as_that_seat_knows_it_and_the_page_is_not_told(self, touring):
        g, board = touring
        for _ in range(12):
            g.step()
        revision, state = board.revision, dict(board.session.state)
        mine, teacher = board.export_text(), board.export_text(seat=None)
        assert board.export_text(seat=0) == mine and mine != teacher
        assert "seed 7" in teacher.splitlines()[1] and "seed" not in mine
        # Seat 1's discards are face down to seat 0, and named to the teacher.
        hidden = [e["text"] for e in board.session.entries(0) if e["seat"] == 1 and "face down" in e["text"]]
        assert hidden and all("a card face down" in h for h in hidden)
        assert "a card face down" not in board.export_csv(seat=None)
        assert board.export_csv(seat=1) == g.board(seat=1, speed="instant").export_csv()
        assert board.revision == revision and board.session.state == state and board.seat == 0
        with pytest.raises(ValueError, match="seat"):
            board.export_text(seat=2)

    def test_on_tour_exports_its_points(self):
        o = tw.OnTour(players=["human", "greedy"], seed=5)
        board = o.board(seat=0, speed="instant")
        try:
            o.play()
            moves, scores = parsed(board.export_csv())
            assert len(moves) == o.position + 1 and moves[1][2].startswith("seat 0 wrote ")
            assert scores[0] == ["seat", "player", "points", "spaces", "circles", "winner"]
            assert scores[1:] == [[str(s), p, str(sc.total), str(sc.spaces), str(sc.circles),
                                   "yes" if s in o.winners else "no"]
                                  for s, (p, sc) in enumerate(zip(o.players, o.scores))]
            assert f"{o.scores[0].total} points" in board.export_text()
        finally:
            board.close()


class TestExportMessage:
    @pytest.mark.parametrize("kind", sorted(FORMATS))
    def test_the_page_gets_the_file_for_the_board_s_seat(self, touring, kind):
        g, board = touring
        for _ in range(6):
            g.step()
        revision = board.revision
        reply = Page(board).send({"type": "export", "format": kind})
        file = reply["export"]
        extension, mime = FORMATS[kind]
        assert reply["ok"] and file["name"] == f"touring-seat-0-move-6.{extension}" and file["mime"] == mime
        assert file["text"] == (board.export_text() if kind == "text" else board.export_csv())
        said = reply["message"]
        assert f"Exported {file['name']} (6 moves)" in said and f"export_{kind}()" in said
        assert board.revision == revision and g.position == 6

    @pytest.mark.parametrize("content", [{}, {"format": "pdf"}, {"format": ["csv"]}, {"format": None},
                                         {"format": "CSV"}])
    def test_a_bad_format_is_refused_and_sends_nothing(self, touring, content):
        _, board = touring
        reply = Page(board).send({"type": "export", **content})
        assert not reply["ok"] and "export" not in reply and "Refused an export format" in board.message

    def test_a_board_that_lost_its_game_exports_nothing(self, touring):
        _, board = touring
        board.lose_game("gone for the test")
        reply = Page(board).send({"type": "export", "format": "text"})
        assert not reply["ok"] and "export" not in reply


# -- what a seat cannot see -----------------------------------------------------------------------
def redealt_pair(game, seat: int, seeds: tuple[int, int]):
    """Two games at ``game``'s position with everything ``seat`` cannot see dealt again."""
    return tuple(game.fork(resample=True, seat=seat, seed=s) for s in seeds)


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_T_VIEW_a_seat_s_export_is_the_same_in_worlds_it_cannot_tell_apart(seed):
    """Re-dealt for seat 0 and played on with the same public moves (others' discards, face down,
    of whatever card each world gave them), two Touring games give seat 0 the same export and the
    teacher different ones."""
    g = tw.Touring(players=["human", "greedy", "greedy", "greedy"], seed=seed)
    for _ in range(6):
        g.step()
    while g.turn != 0:
        g.step()
    g.step(next(iter(g.legal_actions())))  # seat 0 moves; the others are next
    worlds = redealt_pair(g, 0, (seed + 100, seed + 200))
    assert worlds[0].hand(1) != worlds[1].hand(1) or worlds[0].hand(2) != worlds[1].hand(2)
    while worlds[0].turn != 0:  # seats 1..3 discard, face down to seat 0: other cards where they can
        one, two = worlds
        first = one.hand(one.turn)[0]
        one.step(f"discard {first}")
        two.step(f"discard {next((c for c in two.hand(two.turn) if c != first), first)}")
    boards = [w.board(seat=0, speed="instant") for w in worlds]
    try:
        texts = [b.export_text() for b in boards]
        assert texts[0] == texts[1], "T-VIEW: seat 0's export tells two worlds apart"
        assert boards[0].export_csv() == boards[1].export_csv()
        assert texts[0].count("discards a card face down") == 3
        assert boards[0].export_text(seat=None) != boards[1].export_text(seat=None), "the worlds are the same"
    finally:
        for b in boards:
            b.close()

