"""A game for handouts: its numbered moves with their sentences, as one seat may know them, and the
scores, as text or CSV.

``Export`` is the part of ``BoardSession`` that writes them, from the same words as the board's
move log (``describe_move`` and ``narrate``, for the board's seat): a seat's export never names a
card that seat cannot see, nor the seed that dealt them (T-VIEW). A game's session says what its
scores are (``score_table``). The board's Export control downloads the same text in the browser.

>>> from touring_widgets import Touring
>>> from touring_widgets.widgets import BoardSession
>>> g = Touring(players=["human", "greedy"], seed=7)
>>> session = BoardSession(g, seat=0, speed="instant")
>>> _ = g.step("play go"), g.step()
>>> print(session.export_csv().splitlines()[0])
number,seat,move,sentence
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Iterator
from typing import Any

#: The formats of an export: the file's extension and media type.
FORMATS = {"text": ("txt", "text/plain"), "csv": ("csv", "text/csv")}



class _BoardSeat:
    def __repr__(self) -> str:
        return "<the board's seat>"


#: The default seat of an export: the seat the board shows.
BOARD_SEAT: Any = _BoardSeat()


class Export:
    """Exports of the game a board shows (mixed into ``BoardSession``)."""

    game: Any
    state: dict[str, Any]

    def score_table(self) -> dict[str, list[Any]]:
        """The scores of every seat at the board's position, by column: ``{"miles": [700, 450]}``
        (a game's session says which; by default none, and the export lists the winners alone)."""
        return {}

    @contextlib.contextmanager
    def _seen_by(self, seat: Any) -> Iterator[int | None]:
        """Inside, the board's words are those of ``seat`` (default: the board's own seat); the page
        is not told. Raises ValueError for a seat that is not in the game."""
        own = self.state["seat"]
        if seat is BOARD_SEAT:
            seat = own
        n = len(self.game.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise ValueError(f"seat must be None (every hand) or a seat between 0 and {n - 1}, got {seat!r}")
        self.state["seat"] = seat
        try:
            yield seat
        finally:
            self.state["seat"] = own

    def export_rows(self, seat: Any = BOARD_SEAT) -> list[dict[str, Any]]:
        """The moves up to the board's position, oldest first, as ``seat`` (default: the board's
        seat; None: every hand) may know them: ``{"number", "seat", "move", "sentence"}``."""
        with self._seen_by(seat):
            return [{"number": e["n"], "seat": e["seat"], "move": e["text"], "sentence": e["story"]}
                    for e in self.entries(0)]

    def export_scores(self) -> list[dict[str, Any]]:
        """Each seat's scores at the board's position (``score_table``) and whether it won."""
        game = self.game
        table = self.score_table()
        winners = game.winners if game.is_over else []
        return [{"seat": s, "player": player, **{name: values[s] for name, values in table.items()},
                 "winner": s in winners} for s, player in enumerate(game.players)]

    def export_text(self, seat: Any = BOARD_SEAT) -> str:
        """The game as text for a handout: who plays, the numbered moves with their sentences as
        ``seat`` (default: the board's seat; None: every hand) may know them, and the scores."""
        rows = self.export_rows(seat)
        seat = self.state["seat"] if seat is BOARD_SEAT else seat
        game = self.game
        players = ", ".join(f"seat {s} ({p})" for s, p in enumerate(game.players))
        seen = (f"as the teacher sees them (every hand shown); seed {game.seed}" if seat is None
                else f"as seat {seat} ({game.players[seat]}) may know them")
        lines = [f"{game.title or type(game).__name__}: {players}", f"The moves {seen}.", ""]
        width = len(str(len(rows)))
        lines += [f"{r['number']:>{width}}. {r['sentence'] or r['move']}" for r in rows]
        if not rows:
            lines.append("No move yet.")
        length = len(game) - 1
        if game.is_over and game.position == length:
            head = "Final scores:"
        else:
            later = f"; {length - game.position} later moves are not shown" if length > game.position else ""
            head = f"Scores after move {game.position} (the game goes on{later}):"
        lines += ["", head]
        several = len(game.players) > 1
        for row in self.export_scores():
            figures = ", ".join(f"{v} {k}" for k, v in row.items() if k not in ("seat", "player", "winner"))
            won = " (winner)" if row["winner"] and several else ""
            lines.append(f"  seat {row['seat']} ({row['player']}): {figures or '-'}{won}")
        return "\n".join(lines) + "\n"

    def export_csv(self, seat: Any = BOARD_SEAT) -> str:
        """The game as CSV: a row a move (``number, seat, move, sentence``) as ``seat`` (default:
        the board's seat; None: every hand) may know it, a blank row, then a row a seat with its
        scores (``seat, player``, the game's score columns, ``winner``: yes or no once over)."""
        rows = self.export_rows(seat)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["number", "seat", "move", "sentence"])
        for r in rows:
            writer.writerow([r["number"], "" if r["seat"] is None else r["seat"], r["move"], r["sentence"]])
        writer.writerow([])
        scores = self.export_scores()
        columns = [k for k in scores[0] if k not in ("seat", "player", "winner")]
        writer.writerow(["seat", "player", *columns, "winner"])
        over = self.game.is_over
        for row in scores:
            writer.writerow([row["seat"], row["player"], *(row[k] for k in columns),
                             ("yes" if row["winner"] else "no") if over else ""])
        return out.getvalue()

    def export_file(self, kind: str) -> dict[str, str]:
        """The export the board's page downloads, for the board's seat: ``{"name", "mime", "text"}``
        (``kind``: "text" or "csv"; raises ValueError for another)."""
        if kind not in FORMATS:
            raise ValueError(f"an export is one of {', '.join(FORMATS)}, not {str(kind)[:20]!r}")
        extension, mime = FORMATS[kind]
        text = self.export_text() if kind == "text" else self.export_csv()
        seat = self.state["seat"]
        who = "all-seats" if seat is None else f"seat-{seat}"
        name = "".join(c for c in str(getattr(self.game, "game_name", "game")) if c.isalnum() or c in "_-")
        return {"name": f"{name or 'game'}-{who}-move-{self.game.position}.{extension}", "mime": mime,
                "text": text}
