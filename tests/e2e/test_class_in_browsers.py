"""A class of 30 On Tour students, the teacher's leaderboard following: in JupyterLab a cell opens
``tw.table.classroom(seed=7)`` and shows the teacher's view; three students on real phone-wide
pages (one dark) open the class's link, type their name, join and write two turns each by clicking
their map; 27 more join by plain HTTP and write two turns over websockets. The teacher's view in
JupyterLab lists all 30, then their turns and the same scores as each student's own board, and
shows 30 maps."""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.table.clients import SeatClient

from .conftest import HEAD
from .table_pages import (
    BOARD,
    WAIT,
    data,
    wait_data,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

#: How long the teacher's view may take to follow the class (s): it redraws at most once a second.
FOLLOW = 30
#: The students on real pages: name -> the page's colour scheme (each 360 px wide, a phone).
PAGES = {"Ada Lovelace": "light", "Zoë": "dark", "Chidi O'Neil": "light"}
SOCKETS = [f"Student {n:02d}" for n in range(1, 28)]
TURNS = 2




# -- a student's page ----------------------------------------------------------------------------
def hitboxes(page) -> tuple[list[dict], float]:
    """The board's boxes (``el.board.hitboxes()``) and the CSS pixels on screen per layout pixel."""
    return page.evaluate(f"""() => {{
        const el = document.querySelector('{BOARD}');
        const shown = el.querySelector('canvas.tw-canvas').getBoundingClientRect().width;
        return [el.board.hitboxes(), shown / el.board.geometry().width];
    }}""")


def click_box(page, box_id: str) -> None:
    """Click the middle of one box of the board, the canvas as shown."""
    boxes, k = hitboxes(page)
    box = next((b for b in boxes if b["id"] == box_id), None)
    assert box, f"the board shows no {box_id}"
    page.locator(f"{BOARD} canvas.tw-canvas").click(
        position={"x": (box["x"] + box["w"] / 2) * k, "y": (box["y"] + box["h"] / 2) * k})


def click_lit(page) -> None:
    """Click the first lit space the map shows; on a phone the map is seen through a window with
    tabs (West, Central, East): when none of the lit spaces is in it, first the tab that shows one."""
    lit = data(page)["lit"].split()
    assert lit, f"no space is lit: {data(page)}"
    boxes, _k = hitboxes(page)
    shown = [s for s in lit if any(b["id"] == f"space:{s}" for b in boxes)]
    if not shown:
        tab = next(b for b in boxes if b["kind"] == "pan" and set(b["spaces"]) & set(lit))
        click_box(page, tab["id"])
        boxes, _k = hitboxes(page)
        shown = [s for s in lit if any(b["id"] == f"space:{s}" for b in boxes)]
    click_box(page, f"space:{shown[0]}")


def write_by_clicking(page) -> None:
    """One turn, as a student writes it: a number chip, a lit space, then a lit space for the other
    number (a star turn is one click on a lit space)."""
    position = int(data(page)["position"])
    if data(page)["litMark"] != "star":
        click_box(page, "number:0")
        assert data(page)["pick"], "a click on the first number chip picked nothing"
    click_lit(page)
    if data(page)["position"] == str(position) and data(page)["placed"]:
        click_lit(page)
    wait_data(page, f"Number(d.position) > {position} && d.placed === '' && d.error === 'false'")


def join_by_clicking(context, link: str, name: str):
    page = context.new_page()
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join the class").click()
    page.wait_for_url(re.compile(r".*/seat/[^/]+$"), timeout=WAIT)
    wait_data(page, "d.seat === '0' && d.position === '0' && Number(d.legal) > 0 && d.running === 'false'")
    assert page.locator(".tw-table-status").text_content() == "Connected"
    return page


# -- a student over a websocket --------------------------------------------------------------------
def writing(state: dict, pick: int = 0) -> str:
    """A legal writing of this turn, read from the page state's ``choices`` groups as the page's
    clicks build one: group ``pick``'s first mark in its first space, then its second mark in the
    first space it may take."""
    groups = state["choices"]

    def spaces(value) -> list[str]:
        return value.split() if isinstance(value, str) else list(value)

    def word(mark) -> str:
        return mark if isinstance(mark, str) else f"{mark:02d}"

    group = groups[pick % len(groups)]
    mark, space = group["first"][0], spaces(group["spaces"])[0]
    marks = [(mark, space)]
    if "then" in group:
        then = group["then"]
        if isinstance(then, list) and then and isinstance(then[0], int):  # indices of groups
            then = [s for k in then for s in spaces(groups[k]["spaces"])]
        second = group.get("second", next((m for m in group["first"] if m != mark), mark))
        marks.append((second, next(s for s in spaces(then) if s != space)))
    return f"p{state['seat']}: " + ", ".join(f"{word(m)} {s}" for m, s in marks)


async def play_over_sockets(links: list[str]) -> list[int]:
    """Every websocket student writes ``TURNS`` turns; their scores as their own pages show them."""
    pages = [SeatClient(link) for link in links]
    await asyncio.gather(*(p.connect() for p in pages))
    try:
        for turn in range(TURNS):
            await asyncio.gather(*(p.wait_for(lambda p=p, turn=turn: bool(p.state["choices"]) and
                                              p.state["position"] == turn) for p in pages))
            # Each student a writing of their own, so that the class's scores differ.
            replies = await asyncio.gather(*(p.act(writing(p.state, n + turn)) for n, p in enumerate(pages)))
            refused = [r for r in replies if not r.get("ok")]
            assert not refused, refused[:3]
        await asyncio.gather(*(p.wait_for(lambda p=p: p.state["position"] == TURNS) for p in pages))
        return [p.state["view"]["scores"][0][0] for p in pages]
    finally:
        await asyncio.gather(*(p.close() for p in pages))


# -- the teacher's view in JupyterLab ------------------------------------------------------------------
LEADERBOARD = """cell => {
    const table = [...cell.querySelectorAll('table')].find(
        (t) => [...t.querySelectorAll('th')].some((th) => th.textContent === 'Student'));
    const rows = !table ? [] : [...table.querySelectorAll('tr')].slice(1)
        .map((tr) => [...tr.cells].map((c) => c.textContent));
    const maps = [...cell.querySelectorAll('svg[aria-label^="On Tour"]')];  // not the link's QR code
    return {rows, maps: maps.length, captions: maps.map((m) => m.querySelector(':scope > text').textContent)};
}"""


def teacher_sees(cell) -> dict:
    """The teacher's leaderboard ({name: (score, where)}, students only), how many maps show and
    their captions."""
    seen = cell.evaluate(LEADERBOARD)
    board = {row[1]: (row[2], row[3]) for row in seen["rows"] if len(row) == 4 and row[0].isdigit()}
    return {"board": board, "maps": seen["maps"], "captions": seen["captions"]}


def wait_teacher(cell, check, what: str) -> dict:
    deadline = time.monotonic() + FOLLOW
    while True:
        seen = teacher_sees(cell)
        if check(seen):
            return seen
        if time.monotonic() > deadline:
            pytest.fail(f"the teacher's view did not show {what} in {FOLLOW} s: {seen}")
        time.sleep(0.25)


def test_thirty_students_play_and_the_teacher_s_view_follows(open_notebook, contexts):
    nb = open_notebook("on_tour.ipynb", "class")
    nb.run(0, HEAD + "c = tw.table.classroom(seed=7)\nc")
    teacher = nb.cell(0)
    anchor = teacher.locator("a[href*='/class/']")
    anchor.wait_for(timeout=WAIT)
    link = anchor.get_attribute("href")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/class/[\w-]+", link), link
    wait_teacher(teacher, lambda s: s["board"] == {} and s["maps"] == 0, "an empty class")

    # Three students on real pages join by typing their names, and write their turns by clicking.
    pages = {name: join_by_clicking(contexts(360, color_scheme=scheme), link, name)
             for name, scheme in PAGES.items()}
    assert pages["Zoë"].evaluate("() => document.documentElement.dataset.theme") == "dark"
    # The others join by plain HTTP posts, and write over websockets.
    base = link.split("/class/")[0]
    links = []
    for name in SOCKETS:
        reply = httpx.post(link + "/join", json={"name": name}, timeout=10)
        assert reply.status_code == 200, reply.text
        links.append(base + reply.json()["link"])
    names = set(PAGES) | set(SOCKETS)
    wait_teacher(teacher, lambda s: set(s["board"]) == names and s["maps"] == 30, "30 students and maps")
    assert all(where == "turn 1" for _score, where in teacher_sees(teacher)["board"].values())

    # All play at once: the websocket students in a thread of their own (Playwright holds this
    # thread's event loop), the pages here.
    with ThreadPoolExecutor(1) as pool:
        sockets = pool.submit(asyncio.run, play_over_sockets(links))
        for _turn in range(TURNS):
            for page in pages.values():
                write_by_clicking(page)
        scores = dict(zip(SOCKETS, sockets.result(timeout=FOLLOW)))
    for name, page in pages.items():
        wait_data(page, f"d.position === '{TURNS}'")
        scores[name] = page.evaluate(f"() => document.querySelector('{BOARD}').board.scores()[0].total")

    # The teacher's leaderboard follows: each student at turn 3, with the score their own board shows.
    want = {name: (str(score), f"turn {TURNS + 1}") for name, score in scores.items()}
    seen = wait_teacher(teacher, lambda s: s["board"] == want, "every student's turns and scores")
    shown = [int(score) for score, _where in seen["board"].values()]
    assert shown == sorted(shown, reverse=True) and len(set(shown)) > 1, shown  # best first
    # Every student's map, captioned with their name and score.
    captions = {f"{name} · {score}" for name, score in scores.items()}
    wait_teacher(teacher, lambda s: s["maps"] == 30 and set(s["captions"]) == captions, "30 captioned maps")
