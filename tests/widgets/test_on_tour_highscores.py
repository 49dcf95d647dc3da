"""The solo high-score table on the On Tour board (O-SOLO): a game enters it once, when its player
finished it by their own moves; a file that cannot be read or written never breaks the board."""

from __future__ import annotations

import json
import os
import stat

import pytest

import touring_widgets as tw
from touring_widgets.on_tour import highscores as hs

from .page import Page


@pytest.fixture(autouse=True)
def _own_table(own_table):
    """Every board of these tests keeps its high scores in a folder of its own (``own_table``)."""


def by_hand(page: Page, game) -> None:
    """Write every turn from the board, as a player would (each turn's first legal writing)."""
    while not game.is_over:
        assert page.send({"type": "act", "action": str(next(iter(page.board.legal)))})["ok"]


def saved(path) -> list[dict]:
    return json.loads(path.read_text())["games"] if path.exists() else []


class TestHighScores:
    def test_a_game_finished_by_hand_enters_the_table_once_with_its_deal_and_date(self, own_table):
        o = tw.OnTour(players=["human"], seed=11)
        b = o.board(speed="instant")
        assert b.highscores["rows"] == [] and b.highscores["best"] is None
        by_hand(Page(b), o)
        assert o.is_over and b.highscores["rank"] == 1 and b.highscores["rows"][0]["this"]
        assert b.highscores["note"] == ""
        row = b.highscores["rows"][0]
        assert (row["total"], row["seed"]) == (o.scores[0].total, 11) and row["date"][:2] == "20"
        o.undo()
        o.redo()
        again = o.board()
        assert [g["total"] for g in saved(own_table)] == [o.scores[0].total]
        assert again.highscores["games"] == 1
        b.close()
        again.close()

    @pytest.mark.parametrize("how", ["run", "step"])
    def test_a_game_the_policy_finished_is_not_a_personal_best(self, own_table, how):
        o = tw.OnTour(players=["human"], seed=11)
        b = o.board(speed="instant")
        page = Page(b)
        if how == "run":
            page.send({"type": "run"})  # Play to end: every writing by the policy
        else:
            while not o.is_over:  # by hand, but the last turn by Step
                done = o.state.empty_count(0) <= 2
                page.send({"type": "step"} if done else {"type": "act", "action": str(next(iter(b.legal)))})
        assert o.is_over and saved(own_table) == []
        table = b.highscores
        assert table["rank"] is None and table["games"] == 0 and table["rows"] == []
        moves = len(o.history) if how == "run" else len(o.policy_moves)
        assert table["note"].startswith(f"Not entered: the policy made {moves} move")
        assert "(O-SOLO)" in table["note"]
        assert how == "run" or 0 < moves < len(o.history)
        b.close()

    def test_a_line_played_after_an_undo_or_in_a_fork_is_not_entered_again(self, own_table):
        o = tw.OnTour(players=["human"], seed=11)
        b = o.board(speed="instant")
        page = Page(b)
        by_hand(page, o)
        first = o.scores[0].total
        o.undo()
        other = [a for a in b.legal if a != o.future[0]]
        assert other, "the last turn has another writing"
        page.send({"type": "act", "action": str(other[0])})
        assert o.is_over and len(o.variations) == 1
        assert [g["total"] for g in saved(own_table)] == [first]
        note = b.highscores["note"]
        assert note.startswith(f"Not entered again: this deal was entered when first finished, with {first}")
        assert b.highscores["rank"] is None
        o.undo()
        twin = o.fork()
        twin.step(str(other[0]))  # the fork plays the second line again
        assert twin.board().highscores["note"].startswith("Not entered again")
        assert len(saved(own_table)) == 1
        b.close()

    def test_a_new_game_of_the_same_deal_played_another_way_is_a_new_row(self, own_table):
        for start in (0, 1):
            o = tw.OnTour(players=["human"], seed=11)
            b = o.board(speed="instant")
            page = Page(b)
            page.send({"type": "act", "action": str(list(b.legal)[start])})
            by_hand(page, o)
            assert b.highscores["rank"] is not None and b.highscores["note"] == ""
            b.close()
        assert [r["seed"] for r in saved(own_table)] == [11, 11]

    def test_the_last_sentence_of_a_solo_game_promises_nothing_the_table_may_contradict(self):
        o = tw.OnTour(players=["human"], seed=11)
        o.play()
        last = o.explain()[-1]
        total = o.scores[0].total
        assert last.endswith(f"a solo game: {total} points, to set beside your earlier games (O-SOLO).")
        assert "to beat" not in last

    def test_games_with_bots_or_without_humans_keep_no_table(self):
        for players in (["human", "greedy"], ["greedy"]):
            o = tw.OnTour(players=players, seed=1)
            b = o.board(speed="instant")
            o.play()
            assert b.highscores == {}
            b.close()

    def test_a_corrupt_file_is_kept_aside_and_the_game_goes_on(self, own_table):
        own_table.parent.mkdir(parents=True)
        own_table.write_text("{not json")
        o = tw.OnTour(players=["human"], seed=12)
        b = o.board(speed="instant")
        assert "kept as" in b.highscores["problem"]
        aside = list(own_table.parent.glob("*.corrupt-*"))
        assert len(aside) == 1 and aside[0].read_text() == "{not json"
        by_hand(Page(b), o)
        assert o.is_over and b.highscores["rank"] == 1
        assert json.loads(own_table.read_text())["games"][0]["seed"] == 12
        b.close()

    @pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
    def test_an_unwritable_folder_keeps_the_score_for_later(self, own_table):
        own_table.parent.mkdir(parents=True)
        own_table.parent.chmod(stat.S_IRUSR | stat.S_IXUSR)
        try:
            o = tw.OnTour(players=["human"], seed=13)
            b = o.board(speed="instant")
            by_hand(Page(b), o)
            assert o.is_over and "could not be saved" in b.highscores["problem"]
            assert b.highscores["rows"][0]["this"]
        finally:
            own_table.parent.chmod(stat.S_IRWXU)
        assert hs.HighScores().add({"key": "later", "total": 1, "spaces": 1, "circles": 0, "seed": 1})
        assert len(json.loads(own_table.read_text())["games"]) == 2

    def test_a_file_that_cannot_be_written_never_breaks_the_board(self, own_table, monkeypatch):
        def refuse(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        o = tw.OnTour(players=["human"], seed=14)
        b = o.board(speed="instant")
        with monkeypatch.context() as patch:
            patch.setattr(hs.Path, "write_text", refuse)
            page = Page(b)
            by_hand(page, o)
            reply = page.replies[-1]
        assert reply["ok"] and o.is_over and b.highscores["rank"] == 1
        problem = b.highscores["problem"]
        assert "could not be saved" in problem and "Permission denied" in problem
        hs.HighScores().add({"key": "next", "total": 2, "spaces": 2, "circles": 0, "seed": 2})
        saved = json.loads(own_table.read_text())["games"]
        assert {r["seed"] for r in saved} == {14, 2}  # the game that could not be saved, saved later
        b.close()

    @pytest.mark.parametrize("text", ["[]", '{"games": 5}', '{"games": [{"total": "x"}, 3]}', "\x00\xff",
                                      '{"games": [' * 5000])
    def test_any_file_reads_without_raising(self, own_table, text):
        own_table.parent.mkdir(parents=True, exist_ok=True)
        own_table.write_text(text, encoding="latin-1")
        assert hs.HighScores().rows() == []
