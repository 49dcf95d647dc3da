"""The boards the notebooks show, as a reader of the run notebook sees them.

Each notebook runs in a kernel (no browser); a board's picture is refreshed after every cell, so
what a cell's picture shows at the end of the run is what a reader of the saved notebook sees.
"""

from __future__ import annotations

import contextlib
import io
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
    return run("07_rules_step_by_step.ipynb")


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


def section(nb, rule: str) -> list:
    """The code cells under the heading of ``rule`` (up to the next heading of any rule)."""
    cells, inside = [], False
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.startswith("#"):
            inside = cell.source.lstrip("#").strip().split(":")[0] == rule
        elif inside and cell.cell_type == "code":
            cells.append(cell)
    return cells


@pytest.mark.timeout(900)
@pytest.mark.parametrize("rule", ["T-STOP", "T-POP", "T-GO", "O-X", "O-CIRCLE"])
def test_each_rule_board_shows_the_position_its_steps_reached(rules_notebook, rule):
    """The board under a rule's heading shows where its walk-through ended, after every later cell ran."""
    game = tw.demo(rule)
    with contextlib.redirect_stdout(io.StringIO()):
        tw.demos.walk(game)
    shown, walk = section(rules_notebook, rule)[:2]
    (picture,) = pictures(shown)
    assert any(WIDGET in o.get("data", {}) for o in shown.outputs)
    found = re.search(r"position (\d+) of (\d+)", picture.data["text/plain"])
    assert found, picture.data["text/plain"]
    assert (int(found.group(1)), int(found.group(2))) == (game.position, len(game) - 1)
    steps = [line for line in printed(walk).splitlines() if re.match(r"\d+\. ", line)]
    assert steps and all(re.search(r"\([TO]-[A-Z]+[^)]*\)\.$", line) for line in steps)  # each cites rules


@pytest.mark.timeout(900)
def test_the_t_pop_section_names_cards(rules_notebook):
    text = "".join(printed(cell) for cell in section(rules_notebook, "T-POP"))
    assert "Populated Area" in text and "T-POP" in text
    said = "\n".join(line for line in text.splitlines() if re.match(r"\d+\. ", line))  # the steps' sentences
    ids = [card for card in tw.touring.CARDS if card not in ("go", "freeway")]
    assert not any(re.search(rf"\b{card}\b", said) for card in ids), said


@pytest.mark.timeout(900)
def test_the_fork_demo_shows_its_board_with_the_fork(play_notebook):
    cell = cell_with(play_notebook, "h = teacher.fork()")
    assert any(WIDGET in o.get("data", {}) for o in cell.outputs), "the fork demo shows no board"
    (picture,) = [o.data["text/html"] for o in pictures(cell)]
    assert picture.count("<svg") == 2 and "Fork 1: forks[0] of the board above" in picture
