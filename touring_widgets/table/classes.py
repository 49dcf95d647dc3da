"""A class playing one deal: one link for everyone; each student who joins (with a name) plays the
same deal (On Tour: the same cards and the same rolls, in order) on their own map, at their own
pace or held turn by turn by the teacher, whose view shows every map, the leaderboard and the
spread of the class's scores beside the bots' on the same deal.

A game offers a class mode by declaring its ``classwork`` (``core.registry.ClassWork``).

Each student's game is a one-seat table on the class's server, journaled in the class's file
(a room each), so ``tw.table.resume(path)`` brings back every student and their link.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.registry import spec_of, specs
from .hosting import LOOPBACK, Table, network_address, new_journal, new_secret, qr_svg
from .journal import FORMAT, Journal, JournalError, Link

#: How many students a class takes (each a game and its pages in the server).
MOST_STUDENTS = 400
#: The longest name a student may give.
NAME_LENGTH = 30


@dataclass
class Student:
    """One student of a class: their name, their game (a one-seat table) and when they joined."""

    name: str
    table: Table
    joined: float = field(default_factory=time.time)

    @property
    def game(self) -> Any:
        return self.table.game

    @property
    def link(self) -> str:
        return self.table.link(0)


def check_name(name: Any) -> str:
    """A student's name, tidied; raises ValueError saying what is wrong with it."""
    if not isinstance(name, str):
        raise ValueError("a name is text")
    name = unicodedata.normalize("NFC", " ".join(name.split()))
    if not name:
        raise ValueError("type your name (or a nickname) to join")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name of at most {NAME_LENGTH} characters, please ({len(name)} given)")
    if any(unicodedata.category(c)[0] in "CZ" and c != " " for c in name):
        raise ValueError("a name of letters, digits, spaces and - ' . _ only")
    if not re.fullmatch(r"[\w .'\-]+", name):
        raise ValueError("a name of letters, digits, spaces and - ' . _ only")
    return name


class Classroom:
    """A class playing one deal, each student on their own board.

    Made by ``classroom(seed)`` or ``resume(path)``; ``close()`` stops serving (the journal stays).
    """

    name_length = NAME_LENGTH

    def __init__(self, start: str, journal: Journal, address: str, port: int, secret: str,
                 host_secret: str, pace: str = "free", loading: bool = False) -> None:
        #: the class's deal: the save of its first position (a game of one human seat)
        self.start = start
        self.spec = spec_of(json.loads(start)["game"])
        if self.spec.classwork is None:
            raise ValueError(f"{self.spec.title} has no class mode")
        self.work = self.spec.classwork
        self.seed = json.loads(start)["seed"]
        self.journal = journal
        self.address = address
        self.secret = secret
        self.host_secret = host_secret
        self.students: list[Student] = []
        self._lock = threading.RLock()
        self._pace = pace
        #: in a held class, the last turn students may write (turns from 1)
        self.open_turn = 1
        self._closed = False
        self.bots: dict[str, int | None] = dict.fromkeys(self.work.bots)
        self._views: Any = None
        self._dirty = threading.Event()
        #: while its students come back from the journal (``resume``), the class takes no one new
        self.loading = loading
        # The class's server: a table's hub, found again on its port by the students' tables.
        from .server import Hub

        self.hub = Hub.at(address, port)
        self.port = self.hub.port
        self.hub.add_class(self)
        self._start_bots()

    # -- joining --------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        from .hosting import ANY_ADDRESS

        host = network_address() if self.address in ANY_ADDRESS else self.address
        return f"http://{host}:{self.port}"

    @property
    def link(self) -> str:
        """The one link the whole class opens: it asks each student's name, then shows their map."""
        return f"{self.url}/class/{self.secret}"

    def new_game(self) -> Any:
        """A new game of the class's deal."""
        return self.spec.game.from_json(self.start)

    def join(self, name: Any) -> Student:
        """A new student named ``name`` with their own map of the class's deal. Raises ValueError
        for a name that is empty, too long, of odd characters or taken, or a full class."""
        name = check_name(name)
        with self._lock:
            if self._closed:
                raise ValueError("this class has ended")
            if self.loading:
                raise ValueError("this class is opening again: try again in a moment")
            if any(s.name.casefold() == name.casefold() for s in self.students):
                raise ValueError(f"“{name}” is taken in this class: add an initial")
            if len(self.students) >= MOST_STUDENTS:
                raise ValueError(f"this class is full ({MOST_STUDENTS} students)")
            number = len(self.students) + 1
            game = self.new_game()
            info = {"name": name, "joined": time.time()}
            link = Link(0, new_secret())
            room = self.journal.room(f"student {number}", self.spec.name, info, (link,), game.to_json())
            student = Student(name, self._table(game, room, [link], name))
            self.students.append(student)
        self._dirty.set()
        return student

    def _table(self, game: Any, room: Any, links: list[Link], name: str) -> Table:
        table = Table(game, room, self.address, self.port, self.host_secret, links, "instant",
                      gate=self._gate)
        table.names[0] = name
        table.closed_text = ("Your teacher closed the class: this page comes back by itself if the class "
                             "opens again.")
        table.watchers.append(lambda _table: self._dirty.set())
        return table

    def student(self, secret: str) -> Student | None:
        for s in self.students:
            if s.table.who_has(secret) is not False:
                return s
        return None

    # -- pace ---------------------------------------------------------------------------------------
    @property
    def pace(self) -> str:
        """"free": each student plays at their own pace; "held": no one writes past ``open_turn``."""
        return self._pace

    def hold(self) -> str:
        """Hold the class together: no one writes past the turn the slowest student is on, until
        ``next_turn()``."""
        with self._lock:
            self._pace = "held"
            playing = [self.work.turn(s.game) for s in self.students if not s.game.is_over]
            self.open_turn = min(playing) if playing else self.open_turn
            self.journal.set_meta(pace=self._pace, open_turn=self.open_turn)
        self._reopen()
        return (f"held at turn {self.open_turn}: Open next turn (next_turn()) lets everyone write turn "
                f"{self.open_turn + 1}")

    def next_turn(self) -> str:
        """In a held class, let everyone write one more turn."""
        with self._lock:
            if self._pace != "held":
                return "the class plays at its own pace: Hold the class (hold()) first to go turn by turn"
            self.open_turn += 1
            self.journal.set_meta(open_turn=self.open_turn)
        self._reopen()
        return f"turn {self.open_turn} is open"

    def let_go(self) -> str:
        """Let every student play on at their own pace."""
        with self._lock:
            self._pace = "free"
            self.journal.set_meta(pace=self._pace)
        self._reopen()
        return "everyone plays at their own pace"

    def _gate(self, game: Any) -> str:
        if self._pace != "held" or game.is_over or self.work.turn(game) <= self.open_turn:
            return ""
        return (f"Your teacher holds the class at turn {self.open_turn}: turn {self.work.turn(game)} "
                f"opens when they say.")

    def _reopen(self) -> None:
        for s in list(self.students):
            s.table.refresh_pages()
        self._dirty.set()

    # -- the bots on the same deal ------------------------------------------------------------------
    def _start_bots(self) -> None:
        """Each bot plays the deal in a process of its own, one after another (the server keeps
        answering meanwhile); its score shows when it has finished."""
        self._bot_process: subprocess.Popen[str] | None = None

        def play() -> None:
            for bot in self.work.bots:
                if self._closed:
                    return
                self._bot_process = subprocess.Popen(
                    [sys.executable, "-m", "touring_widgets.table.botscore", bot], stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                out, _ = self._bot_process.communicate(self.start)
                if self._bot_process.returncode == 0 and out.strip().isdigit():
                    self.bots[bot] = int(out)
                self._dirty.set()

        threading.Thread(target=play, name="class bots", daemon=True).start()

    def bot_scores(self, wait: float = 0.0) -> dict[str, int | None]:
        """Each bot's final score on the class's deal (None while it still plays), after waiting
        up to ``wait`` seconds for them all."""
        deadline = time.monotonic() + wait
        while any(v is None for v in self.bots.values()) and time.monotonic() < deadline and not self._closed:
            time.sleep(0.05)
        return dict(self.bots)

    # -- results ------------------------------------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """Every student's standing, best first: name, score now, what the game adds (On Tour:
        the spaces, circles and route of the best tour so far), turn, finished, moves made."""
        rows = []
        for s in list(self.students):
            game = s.game
            rows.append({"name": s.name, **self.work.standing(game), "turn": self.work.turn(game),
                         "finished": game.is_over, "moves": game.position})
        return sorted(rows, key=lambda r: (-r["score"], r["name"].casefold()))

    def scores(self) -> Any:
        """The class's scores as a DataFrame (needs pandas: the ``lab`` extra), best first."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("scores() gives a DataFrame: pip install 'touring_widgets[lab]'") from None
        rows = self.standings()
        columns = list(rows[0]) if rows else ["name", "score", "turn", "finished", "moves"]
        frame = pd.DataFrame(rows, columns=columns)
        frame.index = pd.RangeIndex(1, len(frame) + 1, name="rank")
        return frame

    # -- in a notebook ----------------------------------------------------------------------------
    def __repr__(self) -> str:
        state = "closed" if self._closed else f"serving {self.url}"
        return f"<{self.spec.title} class, seed {self.seed}, {len(self.students)} students, {state}>"

    def header_html(self) -> str:
        """The class's link (and its code to scan), who can join, how many have, the pace."""
        here = sum(sum(s.table.connected().values()) for s in self.students)
        if self.address == LOOPBACK:
            reach = ("Only browsers on this computer can open it (127.0.0.1); tw.table.classroom(seed, "
                     "address='0.0.0.0') lets the class's devices on your network join.")
        else:
            reach = f"Listening on {self.address}: anyone on your network who has the link can join."
        pace = ("everyone plays at their own pace" if self._pace == "free"
                else f"held at turn {self.open_turn} (Open next turn lets everyone write turn "
                     f"{self.open_turn + 1})")
        link = html.escape(self.link)
        return (
            "<div class='tw-class'><style>.tw-class{overflow-wrap:anywhere}.tw-class .tw-qr{background:#fff;"
            "padding:6px;width:150px;line-height:0;float:right}.tw-class .tw-qr svg{width:150px;height:150px}"
            ".tw-class a{color:var(--jp-content-link-color,#1a73e8);text-decoration:underline}</style>"
            f"<div class='tw-qr'>{qr_svg(self.link)}</div>"
            f"<p><b>{html.escape(self.spec.title)} class</b> · seed {html.escape(str(self.seed))} · "
            f"the class's link: <a href='{link}' target='_blank' rel='noreferrer'>{link}</a></p>"
            f"<p>{html.escape(reach)}</p><p>{len(self.students)} students joined, {here} pages open; "
            f"{pace}. Journal: <code>{html.escape(str(self.journal.path))}</code></p>"
            "<div style='clear:both'></div></div>")

    def leaderboard_html(self) -> str:
        """The students best first (tied scores share a rank), where each is, and the bots' scores
        on the same deal above them."""
        bots = ", ".join(f"{bot} bot {'still playing' if score is None else score}"
                         for bot, score in self.bots.items())
        rows = []
        standings = self.standings()
        for r in standings:
            rank = 1 + sum(1 for other in standings if other["score"] > r["score"])
            if r["finished"]:
                where = "finished"
            elif self._pace == "held" and r["turn"] > self.open_turn:
                where = f"turn {r['turn']} · held"
            else:
                where = f"turn {r['turn']}"
            rows.append(f"<tr><td>{rank}</td><td>{html.escape(r['name'])}</td><td>{r['score']}</td>"
                        f"<td>{where}</td></tr>")
        if not rows:
            rows.append("<tr><td colspan='4'>No student has joined yet: share the link above.</td></tr>")
        return (f"<p>On this deal, played alone to the end: {html.escape(bots)}. A student's turn is the "
                f"one they are writing now.</p>"
                "<div style='max-height:24em;overflow:auto'><table><tr><th>#</th><th>Student</th>"
                f"<th>Score</th><th>Where</th></tr>{''.join(rows)}</table></div>")

    @property
    def widget(self) -> Any:
        """The teacher's view: the link, the leaderboard, the spread of scores, every map."""
        if self._views is None:
            self._views = TeacherView(self)
        return self._views.box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Stop serving every student's page (the journal stays: ``resume`` opens the class again)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        if self._views is not None:
            self._views.stop()
        for s in self.students:
            s.table.close(linger=0)
        time.sleep(0.2)  # the goodbyes go out; pages that knock meanwhile hear the class closed
        self.hub.remove_class(self)
        self.hub.remove(None)  # the last one out stops the server
        if self._bot_process is not None and self._bot_process.poll() is None:
            self._bot_process.kill()


class TeacherView:
    """The teacher's widgets, redrawn at most once a second while the class plays."""

    def __init__(self, room: Classroom) -> None:
        import ipywidgets

        from ..lab.charts import Histogram

        self.room = room
        self.header = ipywidgets.HTML()
        self.board = ipywidgets.HTML()
        self.chart = Histogram(title="The class's scores", xlabel="score of the best tour so far",
                               ylabel="share of students", bars="students", width=560, height=260)
        self.maps = ipywidgets.HTML()
        auto = ipywidgets.Layout(width="auto")
        hold = ipywidgets.Button(description="Hold the class", layout=auto,
                                 tooltip="No one writes past the turn of the slowest student")
        self.step = ipywidgets.Button(description="Open next turn", layout=auto,
                                      tooltip="A held class: everyone may write one more turn")
        free = ipywidgets.Button(description="Let everyone go", layout=auto,
                                 tooltip="Everyone plays on at their own pace")
        self.said = ipywidgets.Label()
        hold.on_click(lambda _b: self._say(room.hold()))
        self.step.on_click(lambda _b: self._say(room.next_turn()))
        free.on_click(lambda _b: self._say(room.let_go()))
        buttons = ipywidgets.HBox([hold, self.step, free, self.said],
                                  layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.box = ipywidgets.VBox([self.header, buttons, self.board, self.chart.widget, self.maps])
        self._pictures: dict[int, tuple[int, str]] = {}
        self._stop = threading.Event()
        self.draw()
        self._thread = threading.Thread(target=self._follow, name="class view", daemon=True)
        self._thread.start()

    def _say(self, text: str) -> None:
        self.said.value = text
        self.draw()

    def _follow(self) -> None:
        while not self._stop.is_set():
            if self.room._dirty.wait(0.5):
                self.room._dirty.clear()
                self.draw()
                self._stop.wait(1.0)

    def draw(self) -> None:
        room = self.room
        self.header.value = room.header_html()
        self.board.value = room.leaderboard_html()
        self.step.disabled = room.pace != "held"
        counts: dict[int, int] = {}
        for r in room.standings():
            counts[r["score"]] = counts.get(r["score"], 0) + 1
        if counts:  # every score between the lowest and the highest, so the axis reads as numbers
            self.chart.update({k: counts.get(k, 0) for k in range(min(counts), max(counts) + 1)}, force=True)
        pictures = []
        for number, s in enumerate(list(room.students)):
            game = s.game
            seen = self._pictures.get(number)
            if seen is None or seen[0] != game.position:
                caption = f"{s.name} · {room.work.standing(game)['score']}"
                seen = (game.position, room.work.picture(game, caption))
                self._pictures[number] = seen
            pictures.append(f"<div>{seen[1]}</div>")
        grid = "display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:8px"
        self.maps.value = f"<div style='{grid}'>" + "".join(pictures) + "</div>"

    def stop(self) -> None:
        self._stop.set()


def classroom(seed: Any = None, *, game: str | None = None, pace: str = "free", address: str = LOOPBACK,
              port: int = 0, journal: str | Path | None = None, rules: Any = None) -> Classroom:
    """Serve one deal to a class: one link; each student joins with a name and plays it alone on
    their own board. ``game``: a game with a class mode (None: the one game that has one, On Tour);
    ``pace``: "free" (each at their
    own pace) or "held" (turn by turn, opened by the teacher: ``next_turn()``). Raises ValueError
    for a bad pace, a game without a class mode, or a journal that holds a table already."""
    if pace not in ("free", "held"):
        raise ValueError(f"pace must be 'free' or 'held', got {pace!r}")
    if game is None:
        able = [spec.name for spec in specs() if spec.classwork is not None]
        if len(able) != 1:
            raise ValueError(f"name the class's game: game= one of {', '.join(able) or 'none'}")
        game = able[0]
    spec = spec_of(game)
    if spec.classwork is None:
        raise ValueError(f"{spec.title} has no class mode (a game each student plays alone on one deal)")
    first = spec.game(players=["human"], seed=seed, rules=rules)
    book = new_journal(journal)
    secret, host_secret = new_secret(), new_secret()
    start = first.to_json()
    book.set_meta(format=FORMAT, kind="class", address=address, port=port, host=host_secret, secret=secret,
                  start=start, pace=pace, open_turn=1, started=time.time())
    room = Classroom(start, book, address, port, secret, host_secret, pace)
    book.set_meta(port=room.port)
    return room


def resume_class(book: Journal, port: int | None = None) -> Classroom:
    """A class brought back from its journal: every student, their game and their link."""
    meta = book.meta()
    room = Classroom(meta["start"], book, meta["address"], meta["port"] if port is None else port,
                     meta["secret"], meta["host"], meta.get("pace", "free"), loading=True)
    room.open_turn = meta.get("open_turn", 1)
    for name, game_name, info in book.rooms():
        if game_name != room.spec.name or not name.startswith("student "):
            raise JournalError(f"{book.path}: room {name!r} is not a student's")
        saved = book.room(name)
        game = room.spec.game.from_json(saved.latest()["save"])  # each room is written whole (``join``)
        table = room._table(game, saved, saved.links(), info["name"])
        room.students.append(Student(info["name"], table, info["joined"]))
    room.loading = False
    return room
