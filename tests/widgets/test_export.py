"""A notebook exported with ``nbconvert --to html --execute`` shows, offline,
the position at the end of the run (a kernel runs; no browser)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

import touring_widgets as tw

REPO = Path(__file__).resolve().parents[2]

CELLS = [
    'import touring_widgets as tw\ng = tw.Touring(players=["human", "greedy"], seed=7)\ng',
    "g.step('play go'); g.step()",
    "g.play();",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> str:
    tmp = tmp_path_factory.mktemp("export")
    nb = new_notebook(cells=[new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp / "play.ipynb")
    path = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path)
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", "play.ipynb",
         "--ExecutePreprocessor.timeout=300"],
        cwd=tmp, env=env, check=True, capture_output=True, timeout=600,
    )
    return (tmp / "play.html").read_text(encoding="utf-8")


@pytest.mark.timeout(900)
def test_the_export_shows_the_end_of_the_run_without_a_kernel_or_network(exported):
    game = tw.Touring(players=["human", "greedy"], seed=7).play()
    pictures = re.findall(r'<div class="tw-picture">(.*?)</div></div>', exported, re.S)
    assert len(pictures) == 1, "the board's cell keeps one picture"
    picture = pictures[0]
    assert picture.count("<svg") == 1
    assert f"Seat {game.winners[0]} wins!" in picture
    for miles in game.miles():
        assert f"{miles} / {game.rules.goal} mi" in picture  # the last position, not the deal


@pytest.mark.timeout(900)
def test_a_live_board_hides_the_picture_next_to_it(exported):
    """The picture is the output just before the board's; the board's own stylesheet (loaded only
    where the widget lives) hides a picture followed by a live board, so JupyterLab shows one board."""
    css = (Path(tw.__file__).parent / "widgets" / "shell.css").read_text()
    assert ".jp-OutputArea-child:has(.tw-picture):has(+ .jp-OutputArea-child .tw-board)" in css
    picture = exported.index('class="tw-picture"')
    widget = exported.index("application/vnd.jupyter.widget-view+json", picture)
    assert exported.count('class="tw-picture"') == 1 and widget > picture
    styles = re.findall(r"<style[^>]*>(.*?)</style>", exported, re.S)
    assert styles and not any("tw-picture" in style for style in styles)  # no style of the export hides it
