"""Smoke test: the Touring board in Notebook 7."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tools.jupyter import Notebook, server

pytestmark = pytest.mark.e2e


def test_board_plays_in_notebook7(page):
    with tempfile.TemporaryDirectory(prefix="touring-nb7-") as root, server("notebook", Path(root)) as srv:
        name = srv.copy_fixture("board.ipynb", "board.ipynb")
        nb = Notebook(page, srv, name).open()
        nb.run(0)
        board = nb.wait_board(0)
        boxes = board.evaluate("el => el.board.hitboxes()")
        go = next(b for b in boxes if b["kind"] == "hand" and b["card"] == "go")
        nb.click_box(board, go["id"])
        nb.click_box(board, "row:0")
        nb.wait_data(board, "d.position === '2'")
        nb.run(1, "print(g.position, g.history[0])")
        assert " ".join(nb.output_text(1)).split() == ["2", "play", "go"]
