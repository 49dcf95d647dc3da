"""A table hosted from a JupyterLab kernel: a cell serves a Touring game with ``tw.table.host`` and
shows ``t`` (the seats' links and the host's board of the whole game); two seats' real pages, each
in a browser context of its own, open their links and play by clicking. The notebook's output says
which pages are open, its host's board follows the pages' moves and the bot's answer, and the pages
follow a cell that undoes a move."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import HEAD
from .table_pages import (
    WAIT,
    wait_data,
)
from .table_pages import data as page_data
from .test_table_in_browsers import play_by_clicking

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

#: Every wait of this test is bounded (ms).
SEATS = (0, 1)

#: The seats' table of the output: {seat label: (player, href or None, what "Here" says)}, rows in
#: order, and every link of the output in order.
SEATS_TABLE = """cell => {
    const table = cell.querySelector('.tw-table-seats table');
    const rows = !table ? [] : [...table.querySelectorAll('tr')].slice(1).map((tr) => {
        const a = tr.querySelector('a[href*="/seat/"]');
        return [tr.cells[0].textContent, tr.cells[1].textContent, a ? a.href : null, tr.cells[3].textContent];
    });
    const links = [...cell.querySelectorAll('a[href*="/seat/"]')].map((a) => [a.href, a.textContent]);
    return {rows, links};
}"""




def shows(dataset: dict) -> str:
    return ", ".join(f"{k} {dataset.get(k)!r}" for k in ("position", "turn", "running", "legal"))


def wait_page(page, seat: int, expression: str) -> None:
    """Wait until ``expression`` (JS, ``d`` the board's dataset) holds on seat ``seat``'s page."""
    try:
        wait_data(page, expression, timeout=WAIT)
    except PlaywrightTimeout:
        pytest.fail(f"seat {seat}'s page did not show {expression} in {WAIT / 1000:.0f} s: it shows "
                    f"{shows(page_data(page))}", pytrace=False)


def wait_host(nb, board, expression: str) -> None:
    """Wait until ``expression`` holds on the host's board in the notebook."""
    try:
        nb.page.wait_for_function(f"el => {{ const d = el.dataset; return {expression}; }}",
                                  arg=board.element_handle(), timeout=WAIT)
    except PlaywrightTimeout:
        pytest.fail(f"the host's board in the notebook did not show {expression} in {WAIT / 1000:.0f} s: "
                    f"it shows {shows(board.evaluate('el => ({...el.dataset})'))}", pytrace=False)


def seats_table(cell) -> dict:
    return cell.evaluate(SEATS_TABLE)


def wait_here(cell, want: dict[str, str]) -> dict:
    """Wait until the seats' table says ``want`` ({"Seat 0": "1 page open", ...}) in its Here column."""
    deadline = time.monotonic() + WAIT / 1000
    while True:
        seen = seats_table(cell)
        here = {row[0]: row[3] for row in seen["rows"]}
        if all(here.get(seat) == said for seat, said in want.items()):
            return seen
        if time.monotonic() > deadline:
            pytest.fail(f"the seats' table did not say {want} in {WAIT / 1000:.0f} s: {here}")
        time.sleep(0.2)


def test_the_host_s_board_follows_the_pages_and_the_pages_follow_the_cells(open_notebook, contexts, tmp_path):
    started = time.monotonic()
    nb = open_notebook("board.ipynb", "table")
    nb.run(0, HEAD + 'g = tw.Touring(players=["human", "human", "greedy"], seed=3)\n'
                     't = tw.table.host(g, speed="fast")\nt')
    out = nb.cell(0)
    out.locator(".tw-table-seats a[href*='/seat/']").first.wait_for(timeout=WAIT)
    host = nb.wait_board(0)
    wait_host(nb, host, "d.position === '0' && d.running === 'false'")

    # The seats' rows first (seats 0 and 1 with their links, the bot's seat with none), then the
    # host's page.
    seen = seats_table(out)
    rows = seen["rows"]
    assert [(r[0], r[1], r[3]) for r in rows] == [
        ("Seat 0", "human", "not joined yet"), ("Seat 1", "human", "not joined yet"),
        ("Seat 2", "greedy", "always here")], rows
    links = {int(r[0].split()[1]): r[2] for r in rows if r[2]}
    assert set(links) == set(SEATS), rows
    for link in links.values():
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/seat/[\w-]+", link), link
    hrefs = [href for href, _text in seen["links"]]
    assert hrefs[:2] == [links[0], links[1]] and len(hrefs) == 3 and hrefs[2] not in links.values(), seen
    assert seen["links"][2][1] == "open"  # the host's page

    # Each seat's page, in a browser context of its own; the notebook's output says they are here.
    pages = {}
    for seat in SEATS:
        page = contexts(800 + 300 * seat).new_page()
        page.goto(links[seat])
        pages[seat] = page
    for seat, page in pages.items():
        wait_page(page, seat, f"d.seat === '{seat}' && d.position === '0'")
        page.wait_for_function("() => document.querySelector('.tw-table-status').textContent === 'Connected'")
    wait_here(out, {"Seat 0": "1 page open", "Seat 1": "1 page open"})

    # Seat 0 plays by clicking: the host's board in the notebook follows.
    wait_page(pages[0], 0, "d.turn === '0' && Number(d.legal) > 0 && d.running === 'false'")
    play_by_clicking(pages[0], 0)
    wait_host(nb, host, "d.position === '1'")
    # Seat 1's page follows too, and plays; the greedy bot answers by itself.
    wait_page(pages[1], 1, "d.position === '1' && d.turn === '1' && Number(d.legal) > 0 "
                           "&& d.running === 'false'")
    play_by_clicking(pages[1], 1)
    wait_host(nb, host, "d.position === '3' && d.turn === '0' && d.running === 'false'")
    for seat, page in pages.items():
        wait_page(page, seat, "d.position === '3' && d.turn === '0' && d.running === 'false'")
    assert page_data(pages[0])["legal"] != "0"

    # A cell undoes the bot's answer: the host's board and both pages follow, and the bot waits.
    nb.run(1, "g.undo(); print(g.position, len(g))")
    assert " ".join(nb.output_text(1)).split() == ["2", "4"], nb.output_text(1)
    wait_host(nb, host, "d.position === '2' && d.turn === '2'")
    for seat, page in pages.items():
        wait_page(page, seat, "d.position === '2' && d.turn === '2'")
    time.sleep(1)  # the bot would answer within a second at "fast": it does not
    assert page_data(pages[0])["position"] == "2" and host.evaluate("el => el.dataset.position") == "2"
    wait_here(out, {"Seat 0": "1 page open", "Seat 1": "1 page open"})
    # What the host sees (tmp_path): the seats' table, then the host's board.
    out.locator(".tw-table-seats").scroll_into_view_if_needed()
    nb.page.screenshot(path=str(tmp_path / "seats.png"))
    host.scroll_into_view_if_needed()
    nb.page.screenshot(path=str(tmp_path / "board.png"))
    elapsed = time.monotonic() - started
    assert elapsed < 90, f"the test took {elapsed:.0f} s"
