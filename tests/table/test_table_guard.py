"""Nobody where they do not belong: a forged secret, a replaced (stolen) link, a seat's link doing
what only the host may, a seat out of turn, malformed frames and a flood are each refused with a
reason; nothing changes (the game's save and the journal's count stay as they were), and the other
seats' pages go on getting their replies and moving meanwhile. The host's own link may undo."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time

import httpx
import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient
from touring_widgets.table import seating
from touring_widgets.table.hosting import REPLACED, SECRET_BYTES
from touring_widgets.table.seating import HOST_ONLY
from touring_widgets.table.server import BURST, MAX_FRAME, MAX_WIRE, RATE

#: What the table says to a page whose link plays no seat (the websocket's "bye" and the 404 page).
NO_SEAT = "plays no seat"
#: The words a seat's link is refused with, by message type (what even the host's may not do says so).
REFUSED = {**HOST_ONLY, **getattr(seating, "TABLE_ONLY", {})}


@pytest.fixture
def table(tmp_path):
    """A table of Touring (seats 0 and 1 human, 2 greedy) journaled in tmp_path, closed after the test."""
    made = []

    def make(players=("human", "human", "greedy")):
        game = tw.Touring(players=list(players), seed=3)
        t = tw.table.host(game, journal=tmp_path / f"table{len(made)}.sqlite", speed="instant")
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


def secret_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def snapshot(t) -> tuple[str, int, int]:
    """The game as saved, its position and the journal's count: what 'nothing changed' compares."""
    with t.game.lock:
        return t.game.to_json(), t.game.position, t.journal.count()


def first_choice(client: SeatClient) -> str:
    assert client.state["choices"], f"seat {client.state['seat']} has no move to make"
    return client.state["choices"][0]["action"]


async def turned_away(link: str) -> SeatClient:
    """Open a page of ``link`` and wait until the table has closed it."""
    page = SeatClient(link)
    await page.connect()
    await page.wait_for(lambda: page.closed)
    return page


def test_a_link_s_secret_has_at_least_128_bits_and_every_link_its_own(table):
    t = table()
    links = [t.link(0), t.link(1), t.host_link, t.new_link(1)]
    found = [secret_of(link) for link in links]
    for secret in found:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", secret), secret  # token_urlsafe: 6 bits a character
        assert len(secret) * 6 >= 128, secret
    assert len(set(found)) == len(found)
    assert SECRET_BYTES * 8 >= 128 and len(secrets.token_urlsafe(SECRET_BYTES)) * 6 >= 128


def test_a_forged_secret_is_turned_away_and_nothing_changes(table):
    t = table()
    seat, host = secret_of(t.link(0)), secret_of(t.host_link)

    def other(c: str) -> str:
        return "B" if c == "A" else "A"

    forged = [
        secrets.token_urlsafe(SECRET_BYTES),  # a guess
        seat[:-1] + other(seat[-1]),          # one character off a real seat's secret
        host[:-1] + other(host[-1]),          # ... and off the host's
        seat[:-1],                            # a real one cut short
        seat + "x",                           # ... and made longer
        seat.swapcase(),
        "0" * len(seat),
    ]
    before = snapshot(t)

    async def run():
        async with SeatClient(t.link(1)) as watcher:
            for bad in forged:
                page = await turned_away(f"{t.url}/seat/{bad}")
                assert NO_SEAT in page.bye, bad
                assert [f["t"] for f in page.frames] == ["bye"] and page.state == {}  # not a glimpse
                assert page.socket.close_code == 4404
            assert snapshot(t) == before and t.connected() == {1: 1}
            # the players are unaffected: seat 0 moves, the watcher (seat 1) sees it and moves too
            async with SeatClient(t.link(0)) as mover:
                reply = await mover.act(first_choice(mover))
                assert reply["ok"], reply
            await watcher.wait_for(lambda: watcher.state["position"] == 1 and bool(watcher.state["choices"]))
            reply = await watcher.act(first_choice(watcher))
            assert reply["ok"], reply

    asyncio.run(run())

    with httpx.Client(base_url=t.url, timeout=10) as http:
        for bad in forged:
            page = http.get(f"/seat/{bad}")
            assert page.status_code == 404 and "No such seat" in page.text and NO_SEAT in page.text, bad
            assert seat not in page.text and host not in page.text
        good = http.get(f"/seat/{seat}")
        assert good.status_code == 200 and good.headers["referrer-policy"] == "no-referrer"
        index = http.get("/")
        assert index.status_code == 200
        assert not any(secret_of(link) in index.text for link in (t.link(0), t.link(1), t.host_link))


def test_a_stolen_link_stops_playing_once_the_host_gives_the_seat_a_new_one(table):
    t = table()
    old = t.link(1)

    async def run():
        async with SeatClient(t.link(0)) as c0, SeatClient(old) as c1, SeatClient(old) as thief:
            assert (await c0.act(first_choice(c0)))["ok"]
            await thief.wait_for(lambda: thief.state["position"] == 1 and bool(thief.state["choices"]))
            new = await asyncio.to_thread(t.new_link, 1)
            assert new != old
            for page in (c1, thief):  # every open page of the old link is told, and closed
                await page.wait_for(lambda page=page: page.closed)
                assert page.bye == REPLACED
            before = snapshot(t)
            replay = await turned_away(old)  # the thief comes back with the link it copied
            assert NO_SEAT in replay.bye and replay.state == {}
            assert snapshot(t) == before and t.who_has(secret_of(old)) is False
            async with SeatClient(new) as fresh:  # the seat's new link plays
                assert fresh.state["seat"] == 1
                reply = await fresh.act(first_choice(fresh))
                assert reply["ok"], reply
                # seat 0 was never disturbed: it sees the move and the bot's answer, and moves again
                await c0.wait_for(lambda: c0.state["position"] == 3 and bool(c0.state["choices"]))
                assert (await c0.act(first_choice(c0)))["ok"]
                assert not c0.bye

    asyncio.run(run())
    assert t.game.position == 4


#: A message of each kind only the host may send, as the host's board would send it.
HOST_MESSAGES = {
    "undo": {}, "redo": {}, "goto": {"index": 0}, "enter": {"index": 0}, "seat": {"seat": None},
    "step": {}, "run": {}, "stop": {}, "fork": {}, "rematch": {"seed": 5}, "advise": {"on": True},
    "speed": {"speed": "slow"},
}


def test_a_seat_s_link_may_not_do_what_only_the_host_may_nor_move_out_of_turn(table):
    assert set(HOST_MESSAGES) == set(HOST_ONLY)  # every host-only message is tried
    asked = {"undo", "goto", "seat", "step", "run", "fork", "rematch", "advise"}
    assert asked <= set(HOST_MESSAGES)
    t = table()

    async def run():
        async with SeatClient(t.link(0)) as c0, SeatClient(t.link(1)) as c1:
            spare = [c["action"] for c in c0.state["choices"]]
            assert (await c0.act(spare[0]))["ok"]
            await c1.wait_for(lambda: bool(c1.state["choices"]))  # seat 1 to move: undo, step... would work
            before, seen = snapshot(t), c1.state["view"]
            for kind, fields in HOST_MESSAGES.items():
                reply = await c1.send({"type": kind, **fields})
                assert reply["ok"] is False and reply["message"] == REFUSED[kind], kind
                assert snapshot(t) == before, kind
            # still its own seat's view only, its own speed, no advice
            assert c1.state["seat"] == 1 and c1.state["view"] == seen and c1.state["view"]["seat"] == 1
            assert c1.state["speed"] == "instant" and not c1.state["advice"] and not c1.state["running"]
            # seat 0 moves when it is seat 1's turn: the game's rule says no
            for action in spare[1:3]:
                reply = await c0.act(action)
                assert reply["ok"] is False and "(T-TURN)" in reply["message"], reply
                assert c0.state["rule"] == "T-TURN"
            assert snapshot(t) == before
            # seat 1 still moves, the bot answers, seat 0 plays on
            assert (await c1.act(first_choice(c1)))["ok"]
            await c0.wait_for(lambda: c0.state["position"] == 3 and bool(c0.state["choices"]))
            assert (await c0.act(first_choice(c0)))["ok"]

    asyncio.run(run())


def test_the_host_s_link_may_undo(table):
    t = table()

    async def run():
        async with SeatClient(t.link(0)) as c0, SeatClient(t.host_link) as h:
            assert (await c0.act(first_choice(c0)))["ok"]
            await h.wait_for(lambda: h.state["position"] == 1)
            count = t.journal.count()
            reply = await h.send({"type": "undo"})
            assert reply["ok"], reply
            assert t.game.position == 0 and t.journal.count() == count + 1
            await c0.wait_for(lambda: c0.state["position"] == 0 and bool(c0.state["choices"]))

    asyncio.run(run())


def test_malformed_frames_are_refused_and_a_frame_too_big_for_the_wire_closes_only_its_page(table):
    t = table()

    async def run():
        async with SeatClient(t.link(0)) as c0, SeatClient(t.link(1)) as c1:
            move = {"type": "act", "action": first_choice(c0), "revision": c0.state["revision"]}
            text = json.dumps(move)
            before = snapshot(t)
            frames = {  # each a move seat 0 may make now, but not sent as a message
                "not JSON": (text[:-1], "not JSON"),
                "too deep": ("[" * 5_000, "not JSON"),
                "a JSON array": (json.dumps([move]), "not an object"),
                "a binary frame": (text.encode(), "binary frame"),
                "of unknown type": (json.dumps({**move, "type": "teleport"}), "unknown type 'teleport'"),
                "over MAX_FRAME": (json.dumps({**move, "pad": "x" * MAX_FRAME}), f"at most {MAX_FRAME:,}"),
            }
            assert len(frames["over MAX_FRAME"][0]) > MAX_FRAME
            for name, (frame, words) in frames.items():
                reply = await c0.send(frame)
                assert reply and reply["ok"] is False, name
                assert words in reply["message"] and "nothing changed" in reply["message"], (name, reply)
                assert snapshot(t) == before, name
            # over MAX_WIRE bytes: the protocol closes that connection, nothing is acted on
            huge = json.dumps({**move, "pad": "x" * MAX_WIRE})
            assert len(huge.encode()) > MAX_WIRE
            await c0.send(huge)
            await c0.wait_for(lambda: c0.closed)
            assert c0.socket.close_code == 1009  # message too big
            assert snapshot(t) == before
            # the others play on: seat 1 gets its replies; seat 0 comes back and moves
            assert (await c1.send({"type": "hello"}))["ok"]
            async with SeatClient(t.link(0)) as again:
                assert (await again.act(move["action"]))["ok"]
            await c1.wait_for(lambda: bool(c1.state["choices"]))
            assert (await c1.act(first_choice(c1)))["ok"]

    asyncio.run(run())
    assert t.game.position == 3  # seat 0, seat 1 and the bot


def test_a_flood_from_one_page_is_cut_to_its_rate_while_the_others_play(table):
    t = table()
    most, longest = 1_000, 1.5  # messages and seconds of the flood, whatever happens

    async def run():
        async with SeatClient(t.link(0)) as c0, SeatClient(t.link(1)) as flooder:
            connection = next(c for c in t._connections if c.who == 1)

            async def flood() -> int:
                start, sent = time.monotonic(), 0
                while sent < most and time.monotonic() - start < longest:  # ~1,000 a second
                    due = min(most, int((time.monotonic() - start) * 1_000) + 1)
                    while sent < due:
                        await flooder.socket.send('{"type":"hello"}')
                        sent += 1
                    await asyncio.sleep(0.005)
                return sent

            async def move() -> dict:
                await asyncio.sleep(0.3)
                return await c0.act(first_choice(c0))

            start = time.monotonic()
            sent, reply = await asyncio.gather(flood(), move())
            assert reply["ok"], reply  # seat 0 moved and had its reply in the middle of the flood

            def acted() -> int:
                return sum(1 for r in flooder.replies if r["ok"])

            await flooder.wait_for(lambda: acted() + connection.refused == sent)  # the table read them all
            elapsed = time.monotonic() - start
            assert sent >= 200 and acted() < sent  # a flood, and not all of it acted on
            assert BURST <= acted() <= BURST + RATE * elapsed + 1, (acted(), sent, elapsed)
            limits = [r for r in flooder.replies if not r["ok"]]
            assert limits and all(f"more than {RATE:.0f} messages a second" in r["message"]
                                  and "nothing changed" in r["message"] for r in limits)
            assert t.game.position == 1 and t.journal.count() == 2  # the first position and seat 0's move
            # the flooder's page is not shut out: a little later it is heard again, and plays
            await asyncio.sleep(0.25)
            await flooder.wait_for(lambda: bool(flooder.state["choices"]))
            assert (await flooder.act(first_choice(flooder)))["ok"]

    asyncio.run(run())
