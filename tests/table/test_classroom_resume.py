"""Nothing lost when a class's host dies: a class of twelve, served by a process of its own, plays
at its own pace, is held by its teacher, plays the turn the teacher opens, and the process is
killed (SIGKILL) right after a student's writing's reply. ``tw.table.resume`` in a new process
brings the class back on the same port from its journal: every student by name and link, each
game at the position its page last saw with every accepted writing, the class still held at the
turn that was open. The pages reconnect with the links they had; a held student still cannot
write past the open turn, and can once the teacher opens the next; the class's link still lets a
new student join."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient
from touring_widgets.on_tour.session import compact_view, then_spaces

SEED = 7

#: The class's process: opens a new class ("new", free pace, on port argv[3]) or resumes one
#: ("resume") with its journal at argv[2]; prints what the class is (``info``) as one line of
#: JSON, then for each line on its standard input ("hold", "next", or anything else: just look)
#: does it and prints the class again. It cannot hand Python objects over: it says everything.
SERVE = r"""
import json, sys
import touring_widgets as tw

mode, path = sys.argv[1], sys.argv[2]
if mode == "new":
    room = tw.table.classroom(seed=7, pace="free", journal=path, port=int(sys.argv[3]))
else:
    room = tw.table.resume(path)


def info(said=""):
    students = []
    for s in list(room.students):
        with s.game.lock:
            students.append({"name": s.name, "link": s.link, "position": s.game.position,
                             "line": [str(a) for a in s.game.history]})
    return {"said": said, "link": room.link, "url": room.url, "port": room.port, "pace": room.pace,
            "open_turn": room.open_turn, "students": students}


print(json.dumps(info()), flush=True)
for command in sys.stdin:
    do = {"hold": room.hold, "next": room.next_turn}.get(command.strip(), lambda: "")
    print(json.dumps(info(do())), flush=True)
"""

NAMES = ["Ada", "Grace", "Alan", "Zoë", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia",
         "John-Paul", "Hedy L."]
#: What a page keeps that is its own, not the game's: the session's counter and its last message.
OWN = ("revision", "message", "error", "rule")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def hosts(tmp_path):
    """``hosts.start(*argv)`` runs the class's process (in a process group of its own, with the
    bots' processes it starts) and returns it with what it printed; ``hosts.ask(proc, command)``.
    Every process started, and what it started, is killed at the end."""
    script = tmp_path / "serve_class.py"
    script.write_text(SERVE)
    root = str(Path(tw.__file__).resolve().parent.parent)  # the touring_widgets under test
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    started: list[subprocess.Popen] = []
    logs: list[Any] = []

    def answer(proc: subprocess.Popen, err: Any) -> dict[str, Any]:
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        line = proc.stdout.readline() if ready else ""
        if not line:
            err.seek(0)
            pytest.fail(f"the class's process said nothing:\n{err.read()[-3000:]}")
        return json.loads(line)

    class Hosts:
        @staticmethod
        def start(*argv: str) -> tuple[subprocess.Popen, dict[str, Any]]:
            err = open(tmp_path / f"serve{len(started)}.err", "w+")  # noqa: SIM115 (closed at the end)
            logs.append(err)
            proc = subprocess.Popen([sys.executable, str(script), *argv], cwd=tmp_path, env=env,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                                    start_new_session=True)
            started.append(proc)
            proc.err = err  # type: ignore[attr-defined]
            return proc, answer(proc, err)

        @staticmethod
        def ask(proc: subprocess.Popen, command: str) -> dict[str, Any]:
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
            return answer(proc, proc.err)  # type: ignore[attr-defined]

    yield Hosts
    for proc in started:
        if proc.returncode is None:  # not reaped yet: its group's id is still its own
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
        for pipe in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError):
                pipe.close()
    for err in logs:
        err.close()


def crash(proc: subprocess.Popen) -> None:
    """SIGKILL the class's process, then the bots' processes it left (before it is reaped)."""
    os.kill(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def word(mark: Any) -> str:
    return f"{mark:02d}" if isinstance(mark, int) else mark


def writing(rng: random.Random, state: dict[str, Any]) -> str:
    """A writing the page's clicks could make from its state's choice groups, as the page sends it
    (``actionText``): a first mark of a group in one of its spaces, then, when the group has a
    ``then``, its second mark (``second``, else the other number) in another of those spaces."""
    choices = state["choices"]
    group = rng.choice(choices)
    mark, space = rng.choice(group["first"]), rng.choice(group["spaces"].split())
    marks = [f"{word(mark)} {space}"]
    if "then" in group:
        second = group.get("second", next((m for m in group["first"] if m != mark), mark))
        marks.append(f"{word(second)} {rng.choice([s for s in then_spaces(choices, group) if s != space])}")
    return f"p{state['seat']}: {', '.join(marks)}"


def canonical(action: str) -> str:
    return str(tw.on_tour.Action.parse(action))


def replayed(line: list[str]) -> Any:
    """The class's deal, played alone here with ``line``: what every student's game should be."""
    game = tw.OnTour(players=["human"], seed=SEED)
    for action in line:
        game.step(action)
    return game


def shown(state: dict[str, Any]) -> dict[str, Any]:
    """What a page shows of its game (its own counter and message left out)."""
    return copy.deepcopy({k: v for k, v in state.items() if k not in OWN})


@dataclass
class Student:
    name: str
    link: str
    rng: random.Random
    page: SeatClient | None = None
    #: every writing whose reply said ok, canonical, in order (a solo game: the whole line)
    accepted: list[str] = field(default_factory=list)

    @property
    def round(self) -> int:
        return self.page.state["view"]["round"]

    async def connect(self) -> SeatClient:
        self.page = SeatClient(self.link)  # a new page of the same link
        await self.page.connect()
        assert not self.page.bye, (self.name, self.page.bye)
        return self.page

    async def write(self) -> dict[str, Any]:
        """Write one turn from the page's choices; the reply must be ok."""
        page = self.page
        at, action = page.state["position"], writing(self.rng, page.state)
        reply = await page.act(action)
        assert reply.get("ok"), (self.name, action, reply)
        self.accepted.append(canonical(action))
        await page.wait_for(lambda: page.state["position"] == at + 1)
        return reply

    async def refused_past(self, open_turn: int) -> None:
        """A legal writing (by the game's rules) is refused: the class is held at ``open_turn``."""
        page = self.page
        assert page.state["choices"] == [] and self.round > open_turn, (self.name, self.round)
        assert f"holds the class at turn {open_turn}" in page.state["waiting"]["text"]
        at = page.state["position"]
        legal = str(replayed(self.accepted).legal_actions()[0])
        reply = await page.act(legal)
        assert not reply["ok"] and f"holds the class at turn {open_turn}" in reply["message"], reply
        assert page.state["position"] == at


def test_a_class_killed_while_held_resumes_whole_and_plays_on(hosts, tmp_path):
    path, port = tmp_path / "class.sqlite", free_port()
    proc, first = hosts.start("new", str(path), str(port))
    assert first["port"] == port and first["pace"] == "free" and first["students"] == []
    link = first["link"]
    students: list[Student] = []

    async def run() -> None:
        nonlocal proc
        async with httpx.AsyncClient(timeout=10) as http:
            assert (await http.get(link)).status_code == 200
            # 1. twelve students join by the class's link with their names
            for n, name in enumerate(NAMES):
                reply = await http.post(link + "/join", json={"name": name})
                assert reply.status_code == 200, reply.text
                assert reply.json()["name"] == name
                joined = first["url"] + reply.json()["link"]
                students.append(Student(name, joined, random.Random(f"{name}{n}")))
            assert len({s.link for s in students}) == len(NAMES)

            # 2. free pace: each plays 1 to 4 turns of the same deal, on their own map
            await asyncio.gather(*(s.connect() for s in students))
            start = shown(students[0].page.state)
            assert all(shown(s.page.state) == start for s in students)  # one deal, seen alike
            assert start["position"] == 0 and start["choices"]

            async def free(s: Student, turns: int) -> None:
                for _ in range(turns):
                    await s.write()

            await asyncio.gather(*(free(s, 1 + n % 4) for n, s in enumerate(students)))
            assert [s.round for s in students] == [2 + n % 4 for n in range(len(students))]
            assert len({s.page.state["view"]["maps"][0] for s in students}) > 1  # their own maps

            # 3. the teacher holds the class: no one writes past turn 2, the slowest's
            said = hosts.ask(proc, "hold")
            assert said["said"].startswith("held at turn 2: ") and said["said"].endswith("write turn 3")
            assert said["pace"] == "held" and said["open_turn"] == 2
            for s in students:
                if s.round > 2:
                    await s.page.wait_for(lambda s=s: not s.page.state["choices"])
                else:
                    assert s.page.state["choices"]
            await students[3].refused_past(2)  # at turn 5

            # 4. turn 3 opens; everyone writes what is open, the first student last: the process
            #    is killed right after that writing's reply
            said = hosts.ask(proc, "next")
            assert said["said"] == "turn 3 is open" and said["open_turn"] == 3
            for s in students:
                if s.round <= 3:
                    await s.page.wait_for(lambda s=s: bool(s.page.state["choices"]))

            async def open_turns(s: Student, leave: int = 0) -> None:
                while s.page.state["choices"] and (not leave or s.round + leave <= 3):
                    await s.write()

            await asyncio.gather(*(open_turns(s, leave=1 if s is students[0] else 0) for s in students))
            assert students[0].round == 3 and students[0].page.state["choices"]
            await students[0].write()  # turn 3: now at turn 4, held
            crash(proc)

            seen = [shown(s.page.state) for s in students]
            assert [state["view"]["round"] for state in seen] == [4, 4, 4, 5] * 3
            assert all(state["choices"] == [] for state in seen)
            assert sum(len(s.accepted) for s in students) == 3 * (3 + 3 + 3 + 4)
            for s in students:
                await s.page.wait_for(lambda s=s: s.page.closed)
                await s.page.close()

            # 5. resumed in a new process: the same class on the same port, every student back
            proc, back = hosts.start("resume", str(path))
            assert back["port"] == port and back["link"] == link
            assert back["pace"] == "held" and back["open_turn"] == 3
            assert [b["name"] for b in back["students"]] == NAMES
            assert [b["link"] for b in back["students"]] == [s.link for s in students]
            for s, b, state in zip(students, back["students"], seen):
                assert b["line"] == s.accepted, s.name  # 0 accepted writings lost, none made up
                assert b["position"] == len(b["line"]) == state["position"], s.name
            assert (await http.get(link)).status_code == 200

            # 6. every page reconnects with its link and finds what it last saw
            await asyncio.gather(*(s.connect() for s in students))
            for s, state in zip(students, seen):
                assert shown(s.page.state) == state, s.name
                assert compact_view(replayed(s.accepted), 0) == s.page.state["view"], s.name

            # 7. still held at turn 3; the teacher opens turn 4: those at turn 4 write, not those at 5
            await students[0].refused_past(3)
            await students[3].refused_past(3)
            said = hosts.ask(proc, "next")
            assert said["said"] == "turn 4 is open" and said["open_turn"] == 4
            at_four = [s for s in students if s.round == 4]
            for s in at_four:
                await s.page.wait_for(lambda s=s: bool(s.page.state["choices"]))
            await asyncio.gather(*(s.write() for s in at_four))
            for s in students:
                assert s.round == 5 and s.page.state["choices"] == []
            await students[3].refused_past(4)

            # 8. the class's link still lets a new student join, on the same deal; a name taken
            #    before the crash is still taken
            taken = await http.post(link + "/join", json={"name": "ADA"})
            assert taken.status_code == 400 and "is taken" in taken.json()["error"]
            reply = await http.post(link + "/join", json={"name": "Newcomer"})
            assert reply.status_code == 200, reply.text
            new = Student("Newcomer", back["url"] + reply.json()["link"], random.Random("new"))
            assert new.link not in {s.link for s in students}
            await new.connect()
            assert shown(new.page.state) == start
            await new.write()

            after = hosts.ask(proc, "look")
            assert [b["name"] for b in after["students"]] == [*NAMES, "Newcomer"]
            for s, b in zip([*students, new], after["students"]):
                assert b["line"] == s.accepted and b["position"] == s.page.state["position"], s.name
            for s in [*students, new]:
                await s.page.close()

    asyncio.run(run())
