"""A third game takes no change to shared code: Nim, declared and registered from the tests, runs
through the rulebook, the demos, the lab's simulate and advise, a board and save/load."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import touring_widgets as tw
from touring_widgets import lab
from touring_widgets.core.registry import names, register, spec_of, unregister
from touring_widgets.errors import LoadError

from .third_game.nim import SPEC, Nim, NimBoard


@pytest.fixture(autouse=True)
def nim() -> Iterator[None]:
    register(SPEC)
    yield
    unregister("nim")


def test_registered_nim_is_a_game_like_the_others() -> None:
    assert "nim" in names() and names()[:2] == ("touring", "on_tour")
    assert spec_of(Nim) is spec_of("nim") is spec_of(Nim(seed=1)) is SPEC
    with pytest.raises(ValueError, match="the games are touring, on_tour, nim"):
        spec_of("chess")


def test_nim_rules_in_the_rulebook() -> None:
    assert tw.rules("N-TAKE").game == "nim"
    assert "never more than it holds" in str(tw.rules("N-TAKE"))


def test_nim_demo_in_the_catalogue() -> None:
    assert tw.demos()["N-TAKE"] == "Take one to three stones"
    d = tw.demo("N-TAKE")
    assert d.demo.game == "nim" and d.demo.line == ("take 3", "take 2")
    assert [r.verdict.rule for r in d.demo.refused] == ["N-TAKE"]
    d.step()
    d.step()
    assert d.is_over and d.winners == [1]
    assert d.explain() == ["Seat 0 takes 3: 2 left (N-TAKE).",
                           "Seat 1 takes 2: 0 left (N-TAKE); seat 1 took the last stone and wins (N-WIN)."]


def test_nim_simulated_with_its_counts_and_defaults() -> None:
    rows = lab.simulate("nim", 12, seed=3, progress=False)
    assert len(rows) == 12 and not rows["capped"].any()
    assert set(rows["stones"]) <= set(range(12, 21)) and rows["stones"].nunique() > 1
    assert rows["winners"].isin(["0", "1"]).all()  # two seats by the spec's default
    first = Nim(players=2, seed="3/0").play()
    assert rows.loc[0, "winners"] == str(first.winners[0]) and rows.loc[0, "plies"] == first.position


def test_nim_advice_finds_the_winning_take() -> None:
    game = Nim(players=["human", "greedy"], seed=1)
    game.start_from({"pile": 6})  # take 2 leaves four: the only winning move
    table = lab.advise(game, n=20, seed=1, progress=False)
    assert table.loc[0, "move"] == "take 2" and table.loc[0, "win_chance"] == 1.0
    assert table.attrs["kind"] == "chance to win"


def test_nim_saved_and_loaded_with_its_scenario() -> None:
    game = Nim(players=["human", "careless"], seed=4)
    game.start_from({"pile": 9})
    game.step("take 1")
    game.step()
    again = Nim.from_json(game.to_json())
    assert again.history == game.history and again.state == game.state
    data = json.loads(game.to_json())
    data["scenario"] = {"pile": 99}
    with pytest.raises(LoadError, match="N-PILE"):
        Nim.from_json(json.dumps(data))


def test_nim_on_its_board() -> None:
    game = Nim(players=["human", "greedy"], seed=2)
    board = game.board()
    assert isinstance(board, NimBoard)
    assert board.legal == ["take 1", "take 2", "take 3"]
    board.play_to_end()
    assert game.is_over and board.view["over"] and board.view["winners"] == game.winners
    assert "stones" in board.picture()
    board.close()


def test_nim_board_starts_a_new_game_and_exports_it() -> None:
    """New game and the export are shared: Nim's board has them without a line of its own."""
    game = at_pile_of(9, ["human", "careless"])
    board = game.board(seat=0, speed="instant")
    try:
        board.play_to_end()
        assert game.is_over
        lines = board.export_text().splitlines()
        assert lines[0] == "Nim: seat 0 (human), seat 1 (careless)"
        assert [line.split(". ", 1)[1] for line in lines if line[:1].isdigit()] == game.explain(0)
        winner = game.winners[0]
        assert f"  seat {winner} ({game.players[winner]}): - (winner)" in lines
        rows = board.export_csv().splitlines()
        assert rows[0] == "number,seat,move,sentence" and rows[1].startswith("1,0,Seat 0 took ")
        assert rows[-3:] == ["seat,player,winner", f"0,human,{'yes' if winner == 0 else 'no'}",
                             f"1,careless,{'yes' if winner == 1 else 'no'}"]
        new = board.rematch(seed=5)
        assert type(new) is Nim and new.players == game.players and new.seed == 5
        assert new.state.pile == 9 and new.scenario == {"pile": 9}  # the same start
        assert board.game is new and board.games == [game, new] and board.position == 0
    finally:
        board.close()


def at_pile_of(stones: int, players: list[str]) -> Nim:
    game = Nim(players=players, seed=4)
    game.start_from({"pile": stones})
    return game
