"""Browser fixtures: one JupyterLab server and one Chromium for the whole session."""

from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import pytest

from .jupyter import Notebook, browser, chromium_path, server

_names = itertools.count()


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
def notebook(lab, page):
    """A fresh copy of the board fixture notebook, open in JupyterLab (its own kernel)."""
    name = lab.copy_fixture("board.ipynb", f"board_{next(_names)}.ipynb")
    nb = Notebook(page, lab, name).open()
    yield nb
    # Shut the kernel down so kernels do not pile up over the session.
    page.evaluate(
        """async (token) => {
            const r = await fetch('/api/sessions?token=' + token);
            for (const s of await r.json()) {
                await fetch('/api/sessions/' + s.id + '?token=' + token, {method: 'DELETE'});
            }
        }""",
        lab.token,
    )
