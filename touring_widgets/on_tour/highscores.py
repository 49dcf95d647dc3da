"""A solo high-score table that outlives the kernel (O-SOLO), kept in the user's data folder.

The engine keeps nothing between games; the On Tour board records each finished solo game of a
human seat here, once, and shows the table at the end. The file is JSON in the folder
``platformdirs`` gives for this package (``TOURING_WIDGETS_DATA`` names another folder: tests,
classrooms, read-only homes).

Nothing here raises: a file that is not a table is moved aside (never overwritten, so nothing
in it is lost) and a new table is started; a folder that cannot be written keeps the scores in
memory, says why, and saves them with the next game that can be saved.

>>> import tempfile
>>> table = HighScores(Path(tempfile.mkdtemp()) / "scores.json")
>>> table.add({"key": "a", "total": 21, "spaces": 15, "circles": 6, "seed": 3})["rank"]
1
>>> table.add({"key": "b", "total": 25, "spaces": 17, "circles": 8, "seed": 4})["rank"], table.problem
(1, '')
>>> [row["total"] for row in table.rows()]
[25, 21]
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

from ..core.text import counted

APP = "touring_widgets"
FILE = "on_tour_highscores.json"
#: A folder to keep the table in instead of the user's data folder.
ENV = "TOURING_WIDGETS_DATA"
#: How many games the table keeps (the best ones).
KEEP = 200
#: The fields of a row and their types.
FIELDS = {"key": str, "total": int, "spaces": int, "circles": int, "seed": (int, str), "date": str,
          "tour": str}

#: Rows not yet saved, by file: a game is never lost because its file could not be written.
_PENDING: dict[str, list[dict[str, Any]]] = {}


def default_path() -> Path:
    """Where the table lives: ``$TOURING_WIDGETS_DATA`` or the user's data folder (platformdirs)."""
    folder = os.environ.get(ENV)
    if folder:
        return Path(folder) / FILE
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return Path.home() / f".{APP}" / FILE
    return Path(platformdirs.user_data_dir(APP, appauthor=False)) / FILE


def game_key(game: Any) -> str:
    """One finished game's identity: its seed, rules and moves (the same game is recorded once)."""
    text = json.dumps([str(game.seed), game.rules.to_dict(), [str(a) for a in game.history]],
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: Each game's first finish, by its first state (which its undos, variations and forks share).
_FINISHED: dict[int, tuple[Any, dict[str, Any]]] = {}


def record_once(table: HighScores, game: Any) -> dict[str, Any]:
    """Enter a finished solo game in ``table`` the first time it is finished, and only when its
    player made every move (O-SOLO: a personal best). Returns the table's answer (``rows``,
    ``rank``, ``problem``) with the game's ``key`` and a ``note`` saying why it was not entered."""
    start = next(iter(game.states()))
    first = _FINISHED.get(id(start))
    key = game_key(game)
    if first is not None and first[0] is start:
        done = first[1]
        if done["key"] == key or done["note"]:
            return done
        rows = table.rows()
        note = (f"Not entered again: this deal was entered when first finished, with "
                f"{done['total']}; a line played after an undo is not a new game (O-SOLO).")
        return {"rows": rows, "rank": None, "problem": table.problem, "key": key, "note": note}
    score = game.scores[0]
    by_policy = game.policy_moves
    if by_policy:
        rows = table.rows()
        moves = counted(len(by_policy), "move")
        note = (f"Not entered: the policy made {moves} of this game (Step or Play to end); a personal "
                f"best is a game you finish by your own moves (O-SOLO).")
        done = {"rows": rows, "rank": None, "problem": table.problem, "key": key, "note": note}
    else:
        done = {**table.add({"key": key, "total": score.total, "spaces": score.spaces,
                             "circles": score.circles, "seed": game.seed, "tour": " ".join(score.tour)}),
                "key": key, "note": ""}
    _FINISHED[id(start)] = (start, {**done, "total": score.total})
    return _FINISHED[id(start)][1]


def _row(raw: Any) -> dict[str, Any] | None:
    """A row as read from the file, or None when it is not one."""
    if not isinstance(raw, dict):
        return None
    row = {}
    for name, kind in FIELDS.items():
        value = raw.get(name, "" if kind is str else None)
        if not isinstance(value, kind) or isinstance(value, bool):
            return None
        row[name] = value[:200] if isinstance(value, str) else value
    return row


class HighScores:
    """The table in one file. ``problem`` says what went wrong last ("" when nothing did)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.problem = ""

    def _read(self) -> list[dict[str, Any]]:
        """The saved rows; a file that is not a table is moved aside and an empty table returned."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as exc:
            self.problem = f"The high-score file {self.path} could not be read ({exc.__class__.__name__})."
            return []
        try:
            data = json.loads(text)
            rows = data["games"] if isinstance(data, dict) else None
            if not isinstance(rows, list):
                raise ValueError("no list of games")
        except (ValueError, KeyError, TypeError, RecursionError):
            aside = self.path.with_name(f"{self.path.stem}.corrupt-{int(time.time())}{self.path.suffix}")
            try:
                os.replace(self.path, aside)
                self.problem = (f"The high-score file was not a table; it was kept as {aside.name} and a "
                                f"new table started.")
            except OSError:
                self.problem = f"The high-score file {self.path} is not a table and could not be moved aside."
            return []
        return [row for row in map(_row, rows) if row is not None]

    def rows(self) -> list[dict[str, Any]]:
        """Every game recorded (saved or waiting to be saved), best first; never raises."""
        self.problem = ""
        rows = {r["key"]: r for r in self._read()}
        for row in _PENDING.get(str(self.path), []):
            rows.setdefault(row["key"], row)
        return sorted(rows.values(), key=lambda r: (-r["total"], -r["circles"], r["date"]))

    def add(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Record one game (again: nothing changes) and save; returns ``{"rows", "rank", "problem"}``.

        ``rank`` is the game's place in the table, 1 for a new best.
        """
        row = _row({"date": time.strftime("%Y-%m-%d %H:%M"), "tour": "", **entry})
        if row is None:
            return {"rows": self.rows(), "rank": None, "problem": "Not a game to record."}
        rows = self.rows()
        problem = self.problem
        pending = _PENDING.setdefault(str(self.path), [])
        if row["key"] not in {r["key"] for r in rows}:
            rows.append(row)
            rows.sort(key=lambda r: (-r["total"], -r["circles"], r["date"]))
            pending.append(row)
        rows = rows[:KEEP]
        if pending:
            if self._write(rows):
                pending.clear()
            else:
                problem = self.problem
        self.problem = problem
        keys = [r["key"] for r in rows]
        rank = keys.index(row["key"]) + 1 if row["key"] in keys else None
        return {"rows": rows, "rank": rank, "problem": problem}

    def _write(self, rows: list[dict[str, Any]]) -> bool:
        """Save atomically (a temporary file, then a rename); False, with ``problem``, when it fails."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"format": 1, "games": rows}, indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
            return True
        except OSError as exc:
            self.problem = (f"The high score could not be saved to {self.path} ({exc.strerror or exc}); "
                            "it is kept for this session and saved with the next game that can be.")
            return False
