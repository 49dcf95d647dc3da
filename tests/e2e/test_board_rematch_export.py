"""New game and Export on a board in a real JupyterLab: the New game button deals a new game with
the same players and the notebook reaches it as ``board.game`` (``g`` still names the old one);
Export downloads the moves and scores, as the kernel writes them for the board's seat."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest

from .conftest import HEAD, data

pytestmark = pytest.mark.e2e


def exported(nb, board, fmt: str) -> tuple[str, str]:
    """Choose ``fmt`` in the board's Game… list; the downloaded file's name and text."""
    with nb.page.expect_download() as info:
        board.locator("select.tw-game").select_option(fmt)
    download = info.value
    path = Path(download.path())
    return download.suggested_filename, path.read_text(encoding="utf-8")


def kernel_text(nb, lab, index: int, expression: str) -> str:
    """What ``expression`` gives in the kernel, through a file in the server's folder."""
    name = f"kernel_{index}.txt"
    nb.run(index, f"open({name!r}, 'w', encoding='utf-8', newline='').write({expression})")
    return (lab.root / name).read_text(encoding="utf-8")


def test_new_game_and_export_in_jupyterlab(notebook, lab):
    nb = notebook
    nb.run(0, HEAD + 'g = tw.Touring(players=["human", "greedy"], seed=7)\n'
              'board = g.board(seat=0, speed="instant")\nboard')
    board = nb.wait_board(0)
    nb.wait_data(board, "d.legal !== '0'")
    # A few moves by the Step button: seat 0's policy, and the bot's answer.
    for _ in range(2):
        before = int(data(board)["position"])
        board.locator("button.tw-step").click()
        nb.wait_data(board, f"Number(d.position) > {before} && d.running === 'false'")
    position = int(data(board)["position"])

    # Export, as text and as CSV: the files are the kernel's export for seat 0.
    name, text = exported(nb, board, "text")
    assert name == f"touring-seat-0-move-{position}.txt"
    assert text.splitlines()[1] == "The moves as seat 0 (human) may know them."
    assert text == kernel_text(nb, lab, 1, "board.export_text()")
    nb.wait_data(board, f"d.exported === 'touring-seat-0-move-{position}.txt'")
    assert board.locator("select.tw-game").input_value() == ""  # ready to export again
    name, table = exported(nb, board, "csv")
    assert name.endswith(".csv") and table == kernel_text(nb, lab, 2, "board.export_csv()")
    rows = list(csv.reader(io.StringIO(table)))
    assert rows[0] == ["number", "seat", "move", "sentence"] and len(rows[1:rows.index([])]) == position
    assert "Exported" in data(board)["message"]

    # New game: the board starts again with the same players; g is still the old game.
    revision = int(data(board)["revision"])
    board.locator("select.tw-game").select_option("rematch")
    nb.wait_data(board, f"Number(d.revision) > {revision} && d.position === '0'")
    message = data(board)["message"]
    assert "board.game is the new game" in message and "board.games[0]" in message
    said = kernel_text(nb, lab, 3, "repr((board.game is not g, board.games[0] is g, g.position, "
                                   "board.game.players == g.players, board.game.seed != g.seed))")
    assert said == f"(True, True, {position}, True, True)"
    board.locator("button.tw-step").click()
    nb.wait_data(board, "d.position !== '0' && d.running === 'false'")
    _, text = exported(nb, board, "text")
    assert text == kernel_text(nb, lab, 1, "board.export_text()")  # the new game's moves


def test_on_tour_new_game_and_export_in_jupyterlab(notebook, lab):
    nb = notebook
    nb.run(0, HEAD + 'o = tw.OnTour(players=["human", "greedy"], seed=3)\n_ = [o.step() for _ in range(4)]\n'
              'board = o.board(seat=0, speed="instant")\nboard')
    board = nb.wait_board(0)
    name, table = exported(nb, board, "csv")
    assert name == "on_tour-seat-0-move-4.csv" and table == kernel_text(nb, lab, 1, "board.export_csv()")
    rows = list(csv.reader(io.StringIO(table)))
    assert rows[rows.index([]) + 1] == ["seat", "player", "points", "spaces", "circles", "winner"]
    revision = int(data(board)["revision"])
    board.locator("select.tw-game").select_option("rematch")
    nb.wait_data(board, f"Number(d.revision) > {revision} && d.position === '0' && d.legal !== '0'")
    assert "board.games[0]" in data(board)["message"]
    # The new game is played on the board as the old one was: a writing by clicking.
    for _ in range(4):  # a number, then its space, then the other number's space
        d = data(board)
        if d["position"] != "0":
            break
        if not d["pick"] and not d["placed"] and d["litMark"] not in ("star", "X"):
            nb.click_box(board, "number:0")
            d = data(board)
        nb.click_box(board, f"space:{d['lit'].split()[0]}")
        time.sleep(0.3)
    nb.wait_data(board, "d.position !== '0' && d.running === 'false'")
    _, text = exported(nb, board, "text")
    # The rematch's seed is new: its first turn may be a double, which draws a star (O-STAR).
    assert text == kernel_text(nb, lab, 2, "board.export_text()")
    assert "\n1. p0 writes " in text or "\n1. p0 draws a star " in text
