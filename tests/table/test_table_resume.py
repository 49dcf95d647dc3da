"""Nothing lost: a table's process killed in the middle of play (right after a move's reply, and
with a move still on the wire) comes back from its journal with ``resume``, on the same port with
the same links; the pages reconnect with the links they had, find the game at its last accepted
move, play on against a bot that still answers, and finish the game. Every move whose reply said
ok is in the line that comes back. And a journal is not mistaken for anything else, nor overwritten."""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient
from touring_widgets.table.journal import JournalError

#: The table's process: hosts a new Touring table ("host", its bot answering after half a second)
#: or resumes one ("resume", then its bot answers at ``argv[3]``'s speed when given) with its
#: journal at argv[2], prints its links as JSON, then serves until it is killed.
SERVE = r"""
import json, sys, threading
import touring_widgets as tw

mode, path = sys.argv[1], sys.argv[2]
if mode == "host":
    game = tw.Touring(players=["human", "human", "greedy"], seed=11)
    table = tw.table.host(game, journal=path, speed="normal")
else:
    table = tw.table.resume(path)
    if len(sys.argv) > 3:
        table.set_speed(sys.argv[3])
with table.game.lock:
    info = {"links": [table.link(0), table.link(1)], "host": table.host_link, "port": table.port,
            "position": table.game.position, "line": [str(a) for a in table.game.history]}
print(json.dumps(info), flush=True)
threading.Event().wait()
"""


@pytest.fixture
def servers(tmp_path):
    """``servers.start(mode, journal)`` runs the table's process and returns it with what it
    printed; every process started is killed at the end."""
    script = tmp_path / "serve.py"
    script.write_text(SERVE)
    root = str(Path(tw.__file__).resolve().parent.parent)  # the touring_widgets under test
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    started: list[subprocess.Popen] = []
    logs: list = []

    class Servers:
        @staticmethod
        def start(mode: str, journal: Path, *speed: str) -> tuple[subprocess.Popen, dict]:
            err = open(tmp_path / f"serve{len(started)}.err", "w+")  # noqa: SIM115 (closed at the end)
            logs.append(err)
            proc = subprocess.Popen([sys.executable, str(script), mode, str(journal), *speed], cwd=tmp_path,
                                    env=env, stdout=subprocess.PIPE, stderr=err, text=True)
            started.append(proc)
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            line = proc.stdout.readline() if ready else ""
            if not line:
                proc.kill()
                proc.wait()
                err.seek(0)
                pytest.fail(f"the table's process printed no links:\n{err.read()[-3000:]}")
            return proc, json.loads(line)

    yield Servers
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        proc.stdout.close()
    for err in logs:
        err.close()


def secret_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)


def journaled(path: Path) -> tw.Touring:
    """The game as the journal last holds it (read-only, as another process serves it)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (save,) = db.execute("SELECT save FROM changes ORDER BY n DESC LIMIT 1").fetchone()
    finally:
        db.close()
    return tw.Touring.from_json(save)


async def open_pages(info: dict) -> list[SeatClient]:
    """Seat 0's, seat 1's and the host's pages, by the links ``info`` gives."""
    pages = [SeatClient(link) for link in [*info["links"], info["host"]]]
    for page in pages:
        await page.connect()
        assert not page.bye, page.bye
    return pages


async def closed(pages: list[SeatClient]) -> None:
    for page in pages:
        await page.wait_for(lambda page=page: page.closed)
        await page.close()


async def mover(pages: list[SeatClient]) -> SeatClient | None:
    """The seat's page that may move now (waiting while the bot thinks); None once the game is over."""
    async def which() -> SeatClient | None:
        while True:
            if any(page.state["view"]["over"] for page in pages):
                return None
            for page in pages[:2]:
                if page.state["choices"]:
                    return page
            await asyncio.sleep(0.005)

    return await asyncio.wait_for(which(), 10)


async def play(pages: list[SeatClient], accepted: list[tuple[int, str]]) -> SeatClient:
    """The seat to move plays one move; an accepted move is kept as (its index in the line, action)."""
    page = await mover(pages)
    assert page is not None, "the game is over"
    at, action = page.state["position"], page.state["choices"][0]["action"]
    reply = await page.act(action)
    assert reply["ok"], reply
    accepted.append((at, action))
    return page


def agrees(seen: list[str], line: list[str]) -> bool:
    """Whether a seat's line (a card it may not know shown as "?") is ``line``."""
    return len(seen) == len(line) and all(s == f or (s.endswith("?") and f.startswith(s[:-1]))
                                          for s, f in zip(seen, line))


def lost(accepted: list[tuple[int, str]], line: list[str]) -> list[tuple[int, str]]:
    """The accepted moves the line does not hold where they were played."""
    return [(at, action) for at, action in accepted if at >= len(line) or line[at] != action]


def test_a_table_killed_in_play_resumes_with_its_links_and_no_move_lost(servers, tmp_path):
    path = tmp_path / "table.sqlite"
    proc, first = servers.start("host", path)
    accepted: list[tuple[int, str]] = []

    def same_table(info: dict) -> None:
        assert info["links"] == first["links"] and info["host"] == first["host"]
        assert info["port"] == first["port"]

    async def run() -> None:
        nonlocal proc
        # 1. play until seat 0 has moved a few times; killed right after seat 0's move's reply
        pages = await open_pages(first)
        while True:
            page = await play(pages, accepted)
            if page is pages[0] and len(accepted) >= 4 and page.state["view"]["turn"] != 2:
                break
        kill(proc)  # right after the reply: a human is to move, no bot is due, nothing else moves
        seen, line = page.state["position"], page.state["line"][: page.state["position"]]
        assert seen == accepted[-1][0] + 1
        proc.wait(10)
        await closed(pages)
        proc, info = servers.start("resume", path)
        same_table(info)
        assert info["position"] == seen and agrees(line, info["line"])  # at the last accepted move, exactly
        assert lost(accepted, info["line"]) == []
        pages = await open_pages(info)  # the same links as before the crash
        assert [p.state["position"] for p in pages] == [seen] * 3

        # 2. play until the bot is due after a human's move; killed right after that move's reply,
        #    most likely before the bot's answer (half a second later), which the resumed table plays
        while True:
            page = await play(pages, accepted)
            if page is pages[1]:  # seat 2, the bot, moves next
                break
        kill(proc)
        at = accepted[-1][0]
        seen, line = page.state["position"], page.state["line"][: page.state["position"]]  # the bot's, maybe
        proc.wait(10)
        await closed(pages)
        proc, info = servers.start("resume", path, "instant")
        same_table(info)
        assert info["position"] >= seen > at and agrees(line, info["line"][:seen])
        assert lost(accepted, info["line"]) == []
        pages = await open_pages(info)
        # the bot answers (before the crash or once resumed): a human seat is to move again
        page = await mover(pages)
        assert page is not None and page.state["position"] >= at + 2

        # 3. seat 0's move still on the wire when the process dies
        c0 = pages[0]
        at, action = c0.state["position"], c0.state["choices"][0]["action"]
        line = c0.state["line"][:at]
        await c0.socket.send(json.dumps({"type": "act", "action": action, "revision": c0.state["revision"]}))
        kill(proc)
        proc.wait(10)
        await closed(pages)
        ok = any(r.get("ok") for r in c0.replies)
        proc, info = servers.start("resume", path, "instant")
        same_table(info)
        assert len(info["line"]) in (at, at + 1) and info["position"] == len(info["line"])
        assert agrees(line, info["line"][:at])
        if ok:  # its reply came back before the crash: it was journaled
            assert info["line"][at:] == [action]
        if info["line"][at:] == [action]:
            accepted.append((at, action))
        assert lost(accepted, info["line"]) == []

        # 4. the links still play, the bot still answers: the game is played to its end
        pages = await open_pages(info)
        for _ in range(400):
            if await mover(pages) is None:
                break
            await play(pages, accepted)
        await pages[2].wait_for(lambda: pages[2].state["view"]["over"])
        end = pages[2].state
        for page in pages:
            await page.close()
        return end

    end = asyncio.run(run())
    final = journaled(path)
    line = [str(a) for a in final.history]
    assert final.is_over and final.position == end["position"] and line == end["line"]
    assert len(accepted) > 10 and lost(accepted, line) == []  # 0 moves lost
    assert final.players == ("human", "human", "greedy") and len(line) > len(accepted)  # the bot played too


def test_a_change_is_journaled_before_any_page_hears_of_it(tmp_path, monkeypatch):
    """What a page is shown of a position (a crash right after) was journaled first: a move made on
    a page, one made in a cell, the bot's answer, the host's undo."""
    from touring_widgets.table import server

    heard: list[tuple[str, int]] = []
    push = server.Connection.push

    def pushed(connection, frame):
        shown = frame.get("changes", frame.get("state", {}))
        if "position" in shown:
            heard.append(("page", shown["position"]))
        return push(connection, frame)

    monkeypatch.setattr(server.Connection, "push", pushed)
    game = tw.Touring(players=["human", "human", "greedy"], seed=3)
    t = tw.table.host(game, journal=tmp_path / "table.sqlite", speed="instant")
    record = t.journal.record

    def journal(save: str) -> bool:
        heard.append(("journal", json.loads(save)["cursor"]))
        return record(save)

    assert t.journal.count() == 1
    t.journal.record = journal
    try:
        async def run() -> None:
            async with SeatClient(t.link(0)) as c0, SeatClient(t.host_link) as h:
                assert (await c0.act(c0.state["choices"][0]["action"]))["ok"]  # a page's move
                await asyncio.to_thread(game.step)  # a cell's move (seat 1); then the bot answers
                await c0.wait_for(lambda: c0.state["position"] == 3)
                await h.wait_for(lambda: h.state["position"] == 3)
                assert (await h.send({"type": "undo"}))["ok"]  # the host's undo
                await c0.wait_for(lambda: c0.state["position"] == 2)

        asyncio.run(run())
    finally:
        t.close()
    assert [p for kind, p in heard if kind == "journal"] == [1, 2, 3, 2]
    last = 0  # the position last journaled (the first, when the table opened): every page is shown that one
    for n, (kind, position) in enumerate(heard):
        if kind == "journal":
            last = position
        else:
            assert position == last, heard[: n + 1]


def test_resume_of_a_file_that_is_not_a_journal_raises_a_clear_journal_error(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n" * 100)
    with pytest.raises(JournalError, match="is not a table's journal") as caught:
        tw.table.resume(notes)
    assert str(notes) in str(caught.value)
    assert notes.read_text() == "my notes\n" * 100

    other = tmp_path / "birds.sqlite"  # another program's database
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.execute("INSERT INTO birds VALUES ('wren')")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match=r"is not a (table's )?journal") as caught:
        tw.table.resume(other)
    assert str(other) in str(caught.value)

    # a journal of some other format
    path = tmp_path / "table.sqlite"
    tw.table.host(tw.Touring(players=["human", "greedy"], seed=3), journal=path, speed="instant").close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'format'")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="format"):
        tw.table.resume(path)


def test_resume_leaves_a_file_that_is_not_a_journal_as_it_was(tmp_path):
    missing = tmp_path / "typo.sqlite"
    with pytest.raises(JournalError):
        tw.table.resume(missing)
    other = tmp_path / "birds.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(JournalError):
        tw.table.resume(other)
    db = sqlite3.connect(other)
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    db.close()
    assert not missing.exists() and tables == {"birds"}


def test_hosting_on_an_existing_journal_refuses_to_overwrite_it(tmp_path):
    path = tmp_path / "table.sqlite"
    game = tw.Touring(players=["human", "human", "greedy"], seed=3)
    t = tw.table.host(game, journal=path, speed="instant")
    links = [t.link(0), t.link(1), t.host_link]
    game.step("play go")
    count = t.journal.count()
    t.close()
    assert count == 2
    for players in (["human", "greedy"], ["human", "human", "greedy"]):
        with pytest.raises(ValueError, match="already holds a table"):
            tw.table.host(tw.Touring(players=players, seed=4), journal=path, speed="instant")
    back = tw.table.resume(path, port=0)
    try:  # the journal is as it was: the same game, the same links
        assert back.journal.count() == count and back.game.to_json() == game.to_json()
        assert [secret_of(link) for link in (back.link(0), back.link(1), back.host_link)] == \
            [secret_of(link) for link in links]
    finally:
        back.close()


def test_hosting_on_another_program_s_database_refuses_and_leaves_it_as_it_was(tmp_path):
    other = tmp_path / "birds.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE birds (name TEXT)")
    db.execute("INSERT INTO birds VALUES ('wren')")
    db.commit()
    db.close()
    try:
        with pytest.raises(ValueError, match=r"is not a (table's )?journal"):
            game = tw.Touring(players=["human", "greedy"], seed=3)
            tw.table.host(game, journal=other, speed="instant").close()
    finally:
        db = sqlite3.connect(other)
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        db.close()
    assert tables == {"birds"}
