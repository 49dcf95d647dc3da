"""Browser fixtures: one JupyterLab server and one Chromium for the whole session."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import pytest

from tools.jupyter import Notebook, browser, chromium_path, server

_names = itertools.count()

#: A cell's opening lines: the high scores of these tests go to a folder of their own.
HEAD = ('import os, tempfile\nos.environ["TOURING_WIDGETS_DATA"] = tempfile.mkdtemp()\n'
        "import touring_widgets as tw\n")


@pytest.fixture(scope="session")
def chrome():
    try:
        chromium_path()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    with browser() as chrome:
        yield chrome


@pytest.fixture(scope="session")
def lab():
    with tempfile.TemporaryDirectory(prefix="touring-lab-") as root, server("lab", Path(root)) as srv:
        yield srv


@pytest.fixture
def page(chrome):
    # A HiDPI screen, so the tests also check that the canvas is drawn at device resolution.
    context = chrome.new_context(viewport={"width": 1280, "height": 1100}, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.fixture
def open_notebook(lab, page):
    """Opens fresh copies of fixture notebooks in JupyterLab, each with its own kernel:
    ``open_notebook("board.ipynb", "board")``. Their kernels are shut down afterwards, so kernels
    do not pile up over the session."""

    def open_copy(fixture: str, prefix: str) -> Notebook:
        name = lab.copy_fixture(fixture, f"{prefix}_{next(_names)}.ipynb")
        return Notebook(page, lab, name).open()

    yield open_copy
    page.evaluate(
        """async (token) => {
            const r = await fetch('/api/sessions?token=' + token);
            for (const s of await r.json()) {
                await fetch('/api/sessions/' + s.id + '?token=' + token, {method: 'DELETE'});
            }
        }""",
        lab.token,
    )


@pytest.fixture
def notebook(open_notebook):
    """A fresh copy of the board fixture notebook, open in JupyterLab (its own kernel)."""
    return open_notebook("board.ipynb", "board")


def data(board) -> dict:
    """The board's data attributes: what the page shows, for the tests to read."""
    return board.evaluate("el => ({...el.dataset})")


@pytest.fixture
def contexts(chrome):
    """Browser contexts made by a test (one per person), closed after it: ``contexts(width, ...)``."""
    made = []

    def make(width: int, height: int = 900, **options):
        context = chrome.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(20_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
