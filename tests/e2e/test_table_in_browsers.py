"""A table in real browsers: three people each on their own seat's page (phone, laptop and desktop
wide) play a whole Touring game by clicking, and no page ever receives another seat's cards; a page
whose server went away comes back by itself once the host resumes the table."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

import touring_widgets as tw

from .table_pages import (
    BOARD,
    WAIT,
    data,
    wait_data,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

#: A deal that ends (seat 3's greedy bot wins) after about 110 plies when each person plays the
#: first card of their hand that goes somewhere other than the discard pile.
SEED = 12
HUMANS = (0, 1, 2)
WIDTHS = {0: 360, 1: 800, 2: 1400}
#: Every wait of these tests is bounded (ms).


@pytest.fixture
def tables():
    """Tables made by a test, closed after it (``tables.append(t)``)."""
    made: list = []
    yield made
    for table in made:
        table.close()


# -- what a page shows and where it is clicked ------------------------------------------------------
def hitboxes(page) -> list[dict]:
    return page.evaluate(f"() => document.querySelector('{BOARD}').board.hitboxes()")


def destinations(page) -> list[dict]:
    """The places the picked card is lit on (the board's own test hook)."""
    return page.evaluate(f"() => document.querySelector('{BOARD}').board.destinations()")


def shown_scale(page) -> float:
    """CSS pixels on screen per pixel of the board's layout (its hitboxes): 1 where the canvas is
    shown at the width it was laid out for."""
    return page.evaluate(f"""() => {{
        const el = document.querySelector('{BOARD}');
        return el.querySelector('canvas.tw-canvas').getBoundingClientRect().width / el.board.geometry().width;
    }}""")


def click_box(page, box_id: str, boxes: list[dict] | None = None, scale: float | None = None) -> None:
    """Click the middle of one box of the board (as ``el.board.hitboxes()`` gives them)."""
    box = next(b for b in (boxes if boxes is not None else hitboxes(page)) if b["id"] == box_id)
    k = shown_scale(page) if scale is None else scale
    page.locator(f"{BOARD} canvas.tw-canvas").click(
        position={"x": (box["x"] + box["w"] / 2) * k, "y": (box["y"] + box["h"] / 2) * k})


def play_by_clicking(page, seat: int) -> None:
    """Seat ``seat``'s move, as a person makes it: click cards of the hand until one lights a place
    other than the discard pile, then click that place; with none, pick the first card and click
    the discard pile."""
    boxes, k = hitboxes(page), shown_scale(page)
    hand = [b for b in boxes if b["kind"] == "hand" and b["id"].startswith(f"hand:{seat}:")]
    assert hand, f"seat {seat}'s page shows no card of its hand"
    for i, card in enumerate(hand):
        click_box(page, card["id"], boxes, k)
        assert data(page)["selected"] == str(i), f"a click on {card['id']} did not pick it"
        places = [d for d in destinations(page) if d["target"] != "discard"]
        if places:
            click_box(page, places[0]["target"], boxes, k)
            return
    if data(page)["selected"] != "0":
        click_box(page, hand[0]["id"], boxes, k)
    assert any(d["target"] == "discard" for d in destinations(page)), "the discard pile is not lit"
    click_box(page, "discard", boxes, k)


# -- what a page receives ----------------------------------------------------------------------------
def record_frames(page) -> list:
    """Every websocket frame ``page`` receives from now on, the first one included."""
    frames: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return frames


def walk(value, path: str = ""):
    """Every (path, dict) inside a JSON value."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk(item, f"{path}[{i}]")


def leaks(frames: list, seat: int) -> list[str]:
    """What in ``frames`` (as one seat's page received them) tells that seat more than it may know:
    another seat's hand, a card another seat drew, the seed that dealt the cards."""
    found = []
    for n, payload in enumerate(frames):
        if isinstance(payload, bytes):
            found.append(f"frame {n} is binary")
            continue
        frame = json.loads(payload)
        for path, node in walk(frame, f"frame {n}"):
            if "seed" in node:
                found.append(f"{path} has a seed")
            if isinstance(node.get("hands"), list):  # a view
                if node.get("seat") != seat:
                    found.append(f"{path} is the view of seat {node.get('seat')!r}")
                for hand in node["hands"]:
                    if hand.get("seat") != seat and isinstance(hand.get("cards"), list):
                        found.append(f"{path} holds seat {hand.get('seat')}'s hand")
                if node.get("drawn") is not None and node.get("turn") != seat:
                    found.append(f"{path} names the card seat {node.get('turn')} drew")
    return found


def test_three_pages_play_a_game_to_the_end_by_clicking(chrome, contexts, tables):
    game = tw.Touring(players=["human", "human", "human", "greedy"], seed=SEED)
    table = tw.table.host(game, speed="instant")
    tables.append(table)
    pages, frames = {}, {}
    for seat in HUMANS:
        page = contexts(WIDTHS[seat]).new_page()
        frames[seat] = record_frames(page)
        page.goto(table.link(seat))
        pages[seat] = page
    for seat, page in pages.items():
        wait_data(page, f"d.seat === '{seat}' && d.position === '0'")
        page.wait_for_function("() => document.querySelector('.tw-table-status').textContent === 'Connected'")
        # Each page shows its own hand face up, and only its own.
        hands = {b["id"].split(":")[1] for b in hitboxes(page) if b["kind"] == "hand"}
        assert hands == {str(seat)}, (seat, hands)

    started = time.monotonic()
    position, moves = 0, 0
    while True:
        assert time.monotonic() - started < 60, f"the game did not end in 60 s (at position {position})"
        # Any page: the bots have answered, and it is a person's turn (or the game is over).
        wait_data(pages[0], f"d.over === 'true' || (Number(d.position) >= {position} && d.running === 'false'"
                            f" && ['0', '1', '2'].includes(d.turn))")
        now = data(pages[0])
        if now["over"] == "true":
            break
        seat, position = int(now["turn"]), int(now["position"])
        page = pages[seat]
        wait_data(page, f"d.position === '{position}' && d.turn === '{seat}' && Number(d.legal) > 0")
        play_by_clicking(page, seat)
        wait_data(page, f"Number(d.position) > {position}")  # the move is in: the next one starts from it
        position += 1
        moves += 1

    assert table.settle(10)
    assert game.is_over and moves > 10
    winner = ",".join(map(str, game.winners))
    for seat, page in pages.items():
        wait_data(page, f"d.over === 'true' && d.position === '{game.position}'")
        shown = data(page)
        assert shown["winner"] == winner and shown["seat"] == str(seat), (seat, shown)
        assert shown["legal"] == "0"
    # A seat's page may not go back: its keys' help offers no undo, and a click on the log shows
    # that move's sentence instead of a refusal.
    page = pages[1]
    assert "Enter plays" in page.locator(".tw-keys").get_attribute("title")
    assert "undo" not in page.locator(".tw-keys").get_attribute("title")
    entry = next(b["id"] for b in hitboxes(page) if b["kind"] == "log" and b["id"] != f"log-{game.position}")
    click_box(page, entry)
    said = f"{BOARD} .tw-live"  # what the message line shows, as the live region reads it out
    move = entry.removeprefix("log-")
    page.wait_for_function(f"() => document.querySelector('{said}').textContent.startsWith('Move {move}: ')")
    assert data(page)["position"] == str(game.position) and data(page)["error"] == "false"
    for seat in HUMANS:
        assert frames[seat], f"seat {seat}'s page recorded no frame"
        assert json.loads(frames[seat][0])["t"] == "state"
        assert leaks(frames[seat], seat) == [], leaks(frames[seat], seat)[:5]


# -- a page whose server went away --------------------------------------------------------------------
HOST_SCRIPT = """
import sys, time
import touring_widgets as tw
g = tw.Touring(players=["human", "greedy"], seed=7)
t = tw.table.host(g, speed="instant", journal=sys.argv[1])
print(t.link(0), flush=True)
time.sleep(120)
"""


def test_a_page_comes_back_after_its_connection_drops(contexts, tables, tmp_path):
    """The host's kernel dies (its process killed: no goodbye reaches the page); the page says so
    and keeps trying; the host resumes the table from its journal on the same port, and the page
    is back by itself at the same position, and plays on."""
    journal = tmp_path / "table.sqlite"
    package = str(Path(tw.__file__).resolve().parents[1])
    paths = (package, os.environ.get("PYTHONPATH"))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}
    host = subprocess.Popen([sys.executable, "-c", HOST_SCRIPT, str(journal)], stdout=subprocess.PIPE,
                            text=True, cwd=package, env=env)
    try:
        ready, _, _ = select.select([host.stdout], [], [], 30)
        assert ready, "the host's process printed no link in 30 s"
        link = host.stdout.readline().strip()
        assert link.startswith("http://127.0.0.1:"), link
        page = contexts(800).new_page()
        page.goto(link)
        status = page.locator(".tw-table-status")
        wait_data(page, "d.seat === '0' && d.position === '0' && Number(d.legal) > 0")
        assert status.text_content() == "Connected"
        play_by_clicking(page, 0)
        wait_data(page, "d.position === '2' && d.turn === '0' && Number(d.legal) > 0")  # the bot answered
        hand = [b["card"] for b in hitboxes(page) if b["kind"] == "hand"]
    finally:
        host.kill()
        host.wait(10)
    # The page knows it lost the table and says it is trying again.
    page.wait_for_function("() => document.querySelector('.tw-table-status').dataset.state === 'lost'")
    assert "reconnecting" in status.text_content()
    table = tw.table.resume(journal)
    tables.append(table)
    assert table.game.position == 2 and link == table.link(0)
    page.wait_for_function("() => document.querySelector('.tw-table-status').textContent === 'Connected'",
                           timeout=WAIT)
    wait_data(page, "d.position === '2' && d.turn === '0' && Number(d.legal) > 0 && d.lost === ''")
    assert [b["card"] for b in hitboxes(page) if b["kind"] == "hand"] == hand
    play_by_clicking(page, 0)
    wait_data(page, "d.position === '4' && d.running === 'false'")
    assert table.settle(10) and table.game.position == 4
