"""A table's journal: every accepted change of its games, their seats' links and the table's
address, in one SQLite file, written before anyone sees the change; ``resume`` reads it back.

A file holds one or more rooms, each one game (a table has one; a class, one per student). A
change is journaled as the game's whole save (``to_json``: rules, seed, actions, cursor,
variations), so an undo, a variation or a move made from a notebook cell comes back exactly as a
move made at the table. Writes go through one connection in write-ahead mode: a process killed at
any moment leaves every committed change readable.

>>> import tempfile, touring_widgets as tw
>>> path = Path(tempfile.mkdtemp()) / "table.sqlite"
>>> journal = Journal(path)
>>> g = tw.Touring(players=["human", "greedy"], seed=3)
>>> room = journal.room("table", "touring")
>>> room.record(g.to_json()), room.add_link(Link(0, "s" * 24))
(True, None)
>>> _ = g.step("play go")
>>> room.record(g.to_json()), room.record(g.to_json())
(True, False)
>>> journal.close(); Journal(path).room("table").count()      # the first position and one move
2
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: What a journal file says of itself; a file with another format is not read.
FORMAT = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (room TEXT PRIMARY KEY, game TEXT NOT NULL, info TEXT NOT NULL,
                                  made REAL NOT NULL);
CREATE TABLE IF NOT EXISTS links (secret TEXT PRIMARY KEY, room TEXT NOT NULL, seat INTEGER NOT NULL,
                                  revoked INTEGER NOT NULL DEFAULT 0, made REAL NOT NULL);
CREATE TABLE IF NOT EXISTS changes (n INTEGER PRIMARY KEY, room TEXT NOT NULL, at REAL NOT NULL,
                                    save TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS changes_of_room ON changes (room, n);
"""


@dataclass
class Link:
    """One seat's private link: its secret, and whether the host revoked it."""

    seat: int
    secret: str
    revoked: bool = False


class JournalError(ValueError):
    """A journal that cannot be read back: not a table's journal, another format, or damaged."""


class Journal:
    """One journal file: the table's facts and its rooms. ``create``: a new file when missing (else
    JournalError, and a file that is not a journal is left as it was)."""

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        if not create and not self.path.is_file():
            raise JournalError(f"{self.path}: no such file; a table's journal is the file that "
                               f"tw.table.host(g, journal=...) wrote")
        try:
            where = str(self.path) if create else f"{self.path.resolve().as_uri()}?mode=rw"
            self._db = sqlite3.connect(where, uri=not create, check_same_thread=False, isolation_level=None)
            if not create:
                found = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                names = {name for (name,) in found}
                if not {"meta", "rooms", "links", "changes"} <= names:
                    self._db.close()
                    raise JournalError(f"{self.path} is not a table's journal (it holds none of a journal's "
                                       f"tables)")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path} is not a table's journal (SQLite: {exc})") from None

    def write(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """Run ``sql`` for each row in one transaction, committed before it returns."""
        self.write_all([(sql, rows)])

    def write_all(self, writes: list[tuple[str, list[tuple[Any, ...]]]]) -> None:
        """Several statements, each for its rows, in one transaction: all kept, or none."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, rows in writes:
                    self._db.executemany(sql, rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query; raises JournalError for a file SQLite cannot read."""
        with self._lock:
            try:
                return self._db.execute(sql, args).fetchall()
            except sqlite3.DatabaseError as exc:
                raise JournalError(f"{self.path} cannot be read (SQLite: {exc})") from None

    def set_meta(self, **facts: Any) -> None:
        """Keep facts of the table (its kind, address, host's secret), each as JSON."""
        rows = [(k, json.dumps(v)) for k, v in facts.items()]
        self.write("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows)

    def meta(self) -> dict[str, Any]:
        """The table's facts; raises JournalError for a file that is not a journal of this format."""
        meta = {k: json.loads(v) for k, v in self.read("SELECT key, value FROM meta")}
        if meta.get("format") != FORMAT:
            raise JournalError(f"{self.path} is not a journal of format {FORMAT} "
                               f"(it says {str(meta.get('format'))[:20]})")
        return meta

    def is_empty(self) -> bool:
        """Whether the file holds no table yet."""
        return not self.read("SELECT 1 FROM meta LIMIT 1")

    def room(self, name: str, game: str | None = None, info: dict[str, Any] | None = None,
             links: tuple[Link, ...] = (), save: str | None = None) -> Room:
        """A room of the file: a new one when ``game`` names its game (with its ``links`` and first
        position ``save``, all written in one transaction), else one already there (raises
        JournalError when there is none)."""
        if game is not None:
            now = time.time()
            kept = [(name, game, json.dumps(info or {}), now)]
            writes = [("INSERT OR REPLACE INTO rooms VALUES (?, ?, ?, ?)", kept),
                      ("INSERT OR REPLACE INTO links VALUES (?, ?, ?, ?, ?)",
                       [(link.secret, name, link.seat, int(link.revoked), now) for link in links])]
            if save is not None:
                writes.append(("INSERT INTO changes (room, at, save) VALUES (?, ?, ?)", [(name, now, save)]))
            self.write_all(writes)
            room = Room(self, name)
            room._last = save or ""
            return room
        if not self.read("SELECT 1 FROM rooms WHERE room = ?", (name,)):
            raise JournalError(f"{self.path} holds no room {name!r}")
        return Room(self, name)

    def rooms(self) -> list[tuple[str, str, dict[str, Any]]]:
        """Every room as (name, game, info), in the order they were made."""
        rows = self.read("SELECT room, game, info FROM rooms ORDER BY rowid")
        return [(room, game, json.loads(info)) for room, game, info in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


class Room:
    """One game's part of a journal: its changes and its seats' links."""

    def __init__(self, journal: Journal, name: str) -> None:
        self.journal = journal
        self.name = name
        self.path = journal.path
        self._last = ""

    def record(self, save: str) -> bool:
        """Journal the game as it now is (its save); False when it did not change."""
        if save == self._last:
            return False
        self.journal.write("INSERT INTO changes (room, at, save) VALUES (?, ?, ?)",
                           [(self.name, time.time(), save)])
        self._last = save
        return True

    def add_link(self, link: Link) -> None:
        """Keep a seat's link (a new one, or one revoked)."""
        self.journal.write("INSERT OR REPLACE INTO links VALUES (?, ?, ?, ?, ?)",
                           [(link.secret, self.name, link.seat, int(link.revoked), time.time())])

    def links(self) -> list[Link]:
        """Every link of the room ever made, oldest first."""
        rows = self.journal.read("SELECT seat, secret, revoked FROM links WHERE room = ? ORDER BY made, seat",
                                 (self.name,))
        return [Link(seat, secret, bool(revoked)) for seat, secret, revoked in rows]

    def latest(self) -> dict[str, Any]:
        """The last change journaled: ``{"n", "at", "save"}``; raises JournalError when there is none."""
        rows = self.journal.read("SELECT n, at, save FROM changes WHERE room = ? ORDER BY n DESC LIMIT 1",
                                 (self.name,))
        if not rows:
            raise JournalError(f"{self.path} holds no position of a game in room {self.name!r}")
        n, at, save = rows[0]
        self._last = save
        return {"n": n, "at": at, "save": save}

    def count(self) -> int:
        """How many changes the room holds."""
        return self.journal.read("SELECT COUNT(*) FROM changes WHERE room = ?", (self.name,))[0][0]
