"""A table as its host uses it from a notebook: the links it shows, the game that stays the
notebook's, bots that answer by themselves, a seat handed to a bot and back, a server that
answers while a cell runs, and the page's connection that comes back by itself."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient
from touring_widgets.table.hosting import SECRET_BYTES

CONNECT = Path(tw.__file__).parent / "table" / "page" / "connect.js"


@pytest.fixture
def tables():
    """Tables made by a test, closed after it: ``tables(game, **options)``."""
    made = []

    def make(game, **options):
        options.setdefault("speed", "instant")
        table = tw.table.host(game, **options)
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()


def test_the_host_sees_each_human_seat_s_link_and_code_and_who_can_join(tables):
    t = tables(tw.Touring(players=["human", "greedy", "human"], seed=3))
    shown = t.seats_html()
    assert t.link(0) in shown and t.link(2) in shown and shown.count("<svg") == 2
    assert "a bot (greedy) plays this seat by itself" in shown
    assert "Only browsers on this computer" in shown and t.url.startswith("http://127.0.0.1:")
    assert len({t.link(0), t.link(2), t.host_link}) == 3
    with pytest.raises(ValueError, match="seat 1 is not a human seat"):
        t.link(1)


def test_the_server_sends_each_frame_at_once():
    """Nagle's algorithm off: a reply right behind a change frame does not wait ~40 ms for the
    page's acknowledgement (asyncio turns it off on the connections of a socket named TCP)."""
    import socket

    from touring_widgets.table.server import bind

    sock = bind("127.0.0.1", 0)
    try:
        assert sock.proto == socket.IPPROTO_TCP
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        sock.close()


def test_a_link_s_secret_is_unguessable():
    assert SECRET_BYTES * 8 >= 128


def test_a_table_listening_on_the_network_says_so(tables):
    t = tables(tw.Touring(players=["human", "human"], seed=3), address="0.0.0.0")
    assert "Listening on 0.0.0.0" in t.seats_html() and "0.0.0.0" not in t.link(0)


def test_tables_on_one_port_share_its_server_until_the_last_closes(tables):
    first = tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), speed="instant")
    second = tables(tw.OnTour(players=["human", "greedy"], seed=4), port=first.port)
    assert second.hub is first.hub

    async def both():
        async with SeatClient(first.link(0)) as a, SeatClient(second.link(0)) as b:
            return "hands" in a.state["view"], "hands" in b.state["view"], b.state["atlas"] != {}

    assert asyncio.run(both()) == (True, False, True)  # a Touring table and an On Tour map
    first.close()

    async def after():
        async with SeatClient(second.link(0)) as b, SeatClient(first.link(0)) as gone:
            return bool(b.state), gone.bye, gone.frames[0].get("final")

    served, bye, final = asyncio.run(after())
    assert served and "The host closed this table" in bye and final is False  # it knocks until resumed


def test_hosting_refuses_what_cannot_be_a_table(tmp_path):
    with pytest.raises(ValueError, match="at least one human seat"):
        tw.table.host(tw.Touring(players=["greedy", "greedy"], seed=3))
    with pytest.raises(ValueError, match="speed must be one of"):
        tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), speed="warp")
    used = tmp_path / "t.sqlite"
    tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), journal=used).close()
    with pytest.raises(ValueError, match="already holds a table"):
        tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), journal=used)
    other = tmp_path / "notes.txt"
    other.write_text("not a journal")
    with pytest.raises(ValueError, match="is not a table's journal"):
        tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), journal=other)
    assert other.read_text() == "not a journal"


def test_a_cell_s_move_reaches_the_pages_and_the_bots_answer_it(tables):
    g = tw.Touring(players=["human", "greedy", "greedy"], seed=3)
    t = tables(g, speed="fast")

    async def play():
        async with SeatClient(t.link(0)) as page:
            g.step("play go")  # from a cell, as the host would
            assert t.settle()
            await page.wait_for(lambda: page.state["position"] == g.position)
            return page.state

    state = asyncio.run(play())
    assert g.position == 3 and g.turn == 0  # both bots answered, at the table's own pace
    assert state["view"]["turn"] == 0 and state["choices"] and state["waiting"] == {}
    assert t.journal.count() == 4  # the first position and three moves


def test_the_table_answers_while_a_cell_keeps_the_kernel_busy(tables):
    g = tw.Touring(players=["human", "human"], seed=3)
    t = tables(g)
    busy = threading.Event()
    answered = {}

    def page():
        async def run():
            async with SeatClient(t.link(0)) as client:
                reply = await client.act("play go")
                answered["while busy"] = busy.is_set()
                answered["ok"] = reply["ok"]
        asyncio.run(run())

    busy.set()
    other = threading.Thread(target=page)
    other.start()
    count, start = 0, time.monotonic()
    while "ok" not in answered and time.monotonic() - start < 20:  # a long cell, in pure Python
        count += 1
    busy.clear()
    other.join(20)
    assert answered == {"while busy": True, "ok": True} and g.position == 1


def test_a_seat_handed_to_a_bot_plays_by_itself_and_its_old_link_stops(tables):
    g = tw.Touring(players=["human", "human"], seed=3)
    t = tables(g)
    old = t.link(1)

    async def play():
        async with SeatClient(old) as page:
            g.step("play go")
            t.take_over(1, "greedy")
            await page.wait_for(lambda: bool(page.bye))
            return page.bye

    bye = asyncio.run(play())
    assert "to a bot (greedy)" in bye
    assert t.settle() and g.players == ("human", "greedy") and g.turn == 0 and g.position == 2
    new = t.take_over(1, "human")
    assert new != old and t.who_has(old.rsplit("/", 1)[1]) is False and t.link(1) == new
    with pytest.raises(ValueError, match="unknown policy"):
        t.take_over(1, "nobody")


def test_a_seat_s_page_offers_only_what_it_may_do():
    """A seat's page hides what only the host may do (each would be refused): its module says so."""
    from touring_widgets.table.seating import HOST_ONLY, SEAT_HIDES

    assert {"undo", "redo", "step", "run", "fork", "advice", "rematch", "seat", "speed"} == set(SEAT_HIDES)
    host_only = {"undo", "redo", "goto", "step", "run", "seat", "fork", "rematch", "advise", "speed"}
    assert host_only <= set(HOST_ONLY)


def test_the_line_changes_under_its_lock_and_a_journal_hears_first():
    g = tw.Touring(players=["human", "human"], seed=3)
    heard = []
    g.observe(lambda game: heard.append(("board", game.lock._is_owned())))
    g.observe(lambda game: heard.append(("journal", game.lock._is_owned())), first=True)
    g.step("play go")
    assert heard == [("journal", True), ("board", True)]
    assert g.fork().lock is not g.lock


_MODEL_SCRIPT = r"""
import { socketModel } from "%s";
class FakeSocket {
  static made = [];
  constructor(url) { this.url = url; this.readyState = 0; this.sent = []; FakeSocket.made.push(this); }
  send(text) { this.sent.push(text); }
  close() { this.readyState = 3; this.onclose && this.onclose(); }
  open() { this.readyState = 1; this.onopen(); }
  frame(f) { this.onmessage({ data: JSON.stringify(f) }); }
}
const said = [];
const model = socketModel("ws://x/ws/s", (state, text) => said.push(state), FakeSocket);
const changes = [];
model.on("change", () => changes.push(model.get("position")));
const replies = [];
model.on("msg:custom", (c) => replies.push(c.ok));
model.send({ type: "hello" });            // sent before the socket opened: kept, then sent
const first = FakeSocket.made[0];
first.open();
first.frame({ t: "state", state: { position: 3, revision: 7 } });
first.frame({ t: "change", changes: { position: 4 } });
first.frame({ t: "reply", content: { ok: false } });
first.close();                            // dropped: the model opens a new socket by itself
model.send({ type: "act", action: "play go", revision: 7 }); // on what the page showed: refused, not kept
await new Promise((r) => setTimeout(r, 700));
const second = FakeSocket.made[1];
second.open();
const resent = second.sent.slice();
second.frame({ t: "bye", text: "gone" }); // the link no longer plays: no more reconnecting
second.close();
await new Promise((r) => setTimeout(r, 700));
const sockets = FakeSocket.made.length;
const gone = model.get("gone");
console.log(JSON.stringify({ sent: first.sent, resent, changes, replies, sockets, said, gone }));
"""


def test_the_page_s_connection_comes_back_by_itself_until_its_link_stops(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js runs the page's JavaScript in these tests: apt-get install nodejs"
    out = subprocess.run([node, "--input-type=module", "-e", _MODEL_SCRIPT % CONNECT.as_uri()],
                         capture_output=True, text=True, timeout=60, check=True)
    seen = json.loads(out.stdout)
    assert seen["sent"] == ['{"type":"hello"}'] and seen["replies"] == [False, False]
    assert seen["resent"] == []  # the move made while the connection was down is not played later
    assert seen["sockets"] == 2 and seen["gone"] == "gone" and seen["changes"] == [3, 4, 4]
    assert seen["said"] == ["connecting", "open", "lost", "lost", "open", "bye"]


def test_without_the_table_extra_the_error_says_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    with pytest.raises(ImportError, match=r"pip install 'touring_widgets\[table\]' \(uvicorn is missing\)"):
        tw.table.host(tw.Touring(players=["human", "greedy"], seed=3))


def test_t_win_a_seat_told_the_game_is_over_is_not_told_to_undo():
    """A seat's link cannot go back (the host may): its refusal after the end says only how the
    game ended; the host's page and a notebook's board still offer to undo."""
    from touring_widgets.table.seating import seated
    from touring_widgets.touring.session import TouringSession

    game = tw.touring.scenario(
        hands={0: ["m25", "m35", "gasoline", "wrecker", "burning_oil", "stop_to_refuel"]},
        tables={0: {"go": ["go"], "freeway": ["freeway"], "m25": 7, "m35": 4, "m50": 2, "m75": 2},
                1: {"go": ["go"]}}, seed=3)
    game.step("play m25")
    assert game.is_over
    seat = seated(TouringSession)(game, seat=1, follows=False)
    host = seated(TouringSession, host=True)(game, seat=None, follows=False)
    board = TouringSession(game, seat=1, follows=False)
    ended = "The game is over: no card can be played (T-WIN)."
    assert seat.not_now().text == ended and seat.not_now().rule == "T-WIN"
    assert host.not_now().text == board.not_now().text == f"{ended} Undo or go back in the history."
