"""The board on a table's page, as the browser tests read it."""

from __future__ import annotations

#: How long a page may take to show what a test waits for (ms).
WAIT = 20_000
#: The board on a table's page.
BOARD = ".tw-table-board"


def data(page) -> dict:
    """The board's dataset on ``page`` (position, turn, legal, message, ...)."""
    return page.evaluate(f"() => ({{...document.querySelector('{BOARD}').dataset}})")


def wait_data(page, expression: str, timeout: float = WAIT) -> None:
    """Wait until ``expression`` (JS, with ``d`` the board's dataset) holds on ``page``."""
    page.wait_for_function(
        f"() => {{ const el = document.querySelector('{BOARD}');"
        f" if (!el || !el.board) return false; const d = el.dataset; return {expression}; }}",
        timeout=timeout,
    )
