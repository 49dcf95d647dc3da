"""Issue 9, defect 12: the boards the notebooks show, as a reader of the run notebook sees them.

Each notebook runs in a kernel (no browser); a board's picture is refreshed after every cell, so
what a cell's picture shows at the end of the run is what a reader of the saved notebook sees.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import touring_widgets as tw

REPO = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"


def run(name: str) -> nbformat.NotebookNode:
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), old]))
    try:
        nb = nbformat.read(REPO / "notebooks" / name, as_version=4)
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(REPO / "notebooks")}}).execute()
        return nb
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


@pytest.fixture(scope="module")
def rules_notebook():
    return run("02_touring_rules.ipynb")


@pytest.fixture(scope="module")
def play_notebook():
    return run("01_play_touring.ipynb")


def cell_with(nb, text: str):
    return next(c for c in nb.cells if c.cell_type == "code" and text in c.source)


def pictures(cell) -> list:
    """The cell's picture outputs (the board as a notebook without a kernel shows it)."""
    return [o for o in cell.outputs if "tw-picture" in o.get("data", {}).get("text/html", "")]


def printed(cell) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


@pytest.mark.timeout(900)
def test_the_t_stop_board_still_shows_the_moment_it_describes(rules_notebook):
    """The board under T-STOP shows the position just before the attack, after every later cell ran."""
    game = tw.Touring(players=["greedy", "greedy", "greedy"], seed=21)
    while True:  # the notebook's own search: play on until a stopping delay, stop just before it
        action = game.step()
        if action.kind == "play" and action.card in ("stop_to_refuel", "missed_the_curve"):
            game.undo()
            break
    cell = cell_with(rules_notebook, "attack = first_move")
    (picture,) = pictures(cell)
    assert any(WIDGET in o.get("data", {}) for o in cell.outputs)
    found = re.search(r"position (\d+) of (\d+), seat (\d+) to move", picture.data["text/plain"])
    assert found, picture.data["text/plain"]
    assert (int(found.group(1)), int(found.group(3))) == (game.position, game.turn)


@pytest.mark.timeout(900)
def test_the_t_pop_section_names_cards(rules_notebook):
    text = printed(cell_with(rules_notebook, "populated_area"))
    assert "Populated Area" in text and "T-POP" in text
    ids = [card for card in tw.touring.CARDS if card not in ("go", "freeway")]
    assert not any(re.search(rf"\b{card}\b", text) for card in ids), text


@pytest.mark.timeout(900)
def test_the_fork_demo_shows_its_board_with_the_fork(play_notebook):
    cell = cell_with(play_notebook, "h = teacher.fork()")
    assert any(WIDGET in o.get("data", {}) for o in cell.outputs), "the fork demo shows no board"
    (picture,) = [o.data["text/html"] for o in pictures(cell)]
    assert picture.count("<svg") == 2 and "Fork 1: forks[0] of the board above" in picture
