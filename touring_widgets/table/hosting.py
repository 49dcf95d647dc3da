"""A table: one game served to several browsers, each human seat by its own private link.

The game stays the notebook's: cells step, undo, inspect and fork it, and every page follows. The
table journals each change before any page sees it (``journal.py``), lets its bots answer at its
speed, and comes back whole from its journal after a crash (``resume``).
"""

from __future__ import annotations

import asyncio
import html
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.registry import spec_of
from ..widgets.style import SPEEDS
from .journal import FORMAT, Journal, JournalError, Link, Room
from .seating import HOST_HIDES, SEAT_HIDES, LockedScheduler, driving, seated

#: Bytes of randomness in a link's secret (a link is as hard to guess as a 128-bit key, and more).
SECRET_BYTES = 18
LOOPBACK = "127.0.0.1"
#: The room of a table's journal that holds its game.
ROOM = "table"
ANY_ADDRESS = ("0.0.0.0", "::", "")
REPLACED = "The host gave this seat a new link: this one no longer plays."
CLOSED = "The host closed this table: this page comes back by itself if the host opens it again."


def network_address() -> str:
    """This machine's address on its network (127.0.0.1 when it has none): what a phone opens."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))  # picks the outgoing interface; sends nothing
        return probe.getsockname()[0]
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


class Table:
    """One game served to browsers: a private link per human seat and one for the host.

    Made by ``host(game)`` or ``resume(path)``; ``close()`` stops serving (the journal stays).
    """

    closed_text = CLOSED
    seat_hides = SEAT_HIDES
    host_hides = HOST_HIDES
    lost_text = ("No answer from the table yet: the host's server may be restarting. This page "
                 "reconnects by itself.")

    def __init__(self, game: Any, journal: Room, address: str, port: int, host_secret: str,
                 links: list[Link], speed: str, gate: Callable[[Any], str] | None = None) -> None:
        from .server import Hub

        self.game = game
        self.spec = spec_of(game)
        self.journal = journal
        self.address = address
        self.speed = speed
        self.host_secret = host_secret
        #: why a seat may not move now though its game allows it ("" when it may): a class held by its teacher
        self.gate = gate
        #: what a seat's page calls its player ("seat 1" when not named): a student's name
        self.names: dict[int, str] = {}
        #: called (on the server's loop) after every change of the game, once the pages follow
        self.watchers: list[Callable[[Table], None]] = []
        #: every link made, oldest first: a revoked one no longer plays
        self.links: list[Link] = links
        self._connections: list[Any] = []
        self._closed = False
        self._bots_pending = False
        self._display: Any = None
        self._box: Any = None
        self._host_board: Any = None
        #: what every page of the game needs and never changes (a card catalogue, a map)
        self.fixed_state: dict[str, Any] = self.spec.board().fixed_state()
        self._session_types = {False: seated(self.spec.session), True: seated(self.spec.session, host=True)}
        self.hub = Hub.at(address, port)
        self.port = self.hub.port
        self.loop = self.hub.loop
        self._thread = self.hub.thread
        self._stop_observing = game.observe(self._changed, first=True)
        self.hub.add(self)
        self.driver = self._call(self._new_driver)
        self._call(self._answer)

    # -- links ----------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The table's address as a page opens it (listening on every address: this machine's
        address on its network)."""
        host = network_address() if self.address in ANY_ADDRESS else self.address
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}"

    def link(self, seat: int) -> str:
        """Seat ``seat``'s private link (raises ValueError for a seat no human plays)."""
        for link in reversed(self.links):
            if link.seat == seat and not link.revoked:
                return f"{self.url}/seat/{link.secret}"
        players = ", ".join(self.game.players)
        raise ValueError(f"seat {seat} is not a human seat of this table (its players: {players})")

    @property
    def host_link(self) -> str:
        """The host's link: the whole game, with what a notebook's board may do."""
        return f"{self.url}/seat/{self.host_secret}"

    def who_has(self, secret: Any) -> int | bool | None:
        """The seat a link's secret plays, None for the host's, False for none."""
        if not isinstance(secret, str):
            return False
        if secrets.compare_digest(secret, self.host_secret):
            return None
        for link in self.links:
            if not link.revoked and secrets.compare_digest(secret, link.secret):
                return link.seat
        return False

    def new_link(self, seat: int) -> str:
        """Give seat ``seat`` a new link: the old one stops playing (its pages are told so).
        Raises ValueError for a seat no human plays."""
        self._human_seat(seat)
        if self.game.players[seat] != "human":
            raise ValueError(f"seat {seat} is played by {self.game.players[seat]}: "
                             f"take_over({seat}, 'human') gives it to a person, with a link")
        for link in self.links:
            if link.seat == seat and not link.revoked:
                link.revoked = True
                self.journal.add_link(link)
        fresh = Link(seat, new_secret())
        self.journal.add_link(fresh)
        self.links.append(fresh)
        self._call(self._drop_revoked)
        return self.link(seat)

    def _human_seat(self, seat: Any) -> None:
        """Raise ValueError for a seat not in the game."""
        n = len(self.game.players)
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")

    # -- who is here ----------------------------------------------------------------------------
    def connected(self) -> dict[int | None, int]:
        """How many pages each seat has open (None: the host's)."""
        out: dict[int | None, int] = {}
        for c in list(self._connections):
            out[c.who] = out.get(c.who, 0) + 1
        return out

    def joined(self, connection: Any) -> None:
        self._connections.append(connection)
        self._refresh_display()

    def left(self, connection: Any) -> None:
        if connection in self._connections:
            self._connections.remove(connection)
        connection.close()
        self._refresh_display()

    # -- sessions --------------------------------------------------------------------------------
    def new_session(self, who: int | None) -> Any:
        """A board session of the game for a page of seat ``who`` (None: the host's), on the loop."""
        kind = self._session_types[who is None]
        session = kind(self.game, who, speed=self.speed, follows=False, name=f"{self.spec.title} table",
                       scheduler=LockedScheduler(self.loop, self.game.lock))
        if who is not None and self.gate is not None:
            session.gate = self.gate
            session.refresh()
        return session

    def _new_driver(self) -> Any:
        return driving(self.spec.session)(self.game, None, speed=self.speed, follows=False,
                                          name=f"{self.spec.title} table",
                                          scheduler=LockedScheduler(self.loop, self.game.lock))

    def _changed(self, game: Any) -> None:
        """The game changed (in any thread, holding its lock): journal it, then let the pages follow."""
        self.journal.record(game.to_json())
        if threading.current_thread() is self._thread:
            self._follow()
        elif not self._closed:
            self.loop.call_soon_threadsafe(self._follow_held)

    def _follow_held(self) -> None:
        with self.game.lock:
            self._follow()

    def _follow(self) -> None:
        for connection in list(self._connections):
            connection.session.follow()
        self.driver.follow()
        for watcher in list(self.watchers):
            watcher(self)
        if not self._bots_pending:
            self._bots_pending = True
            self.loop.call_soon(self._answer)

    def _answer(self) -> None:
        """The bots answer, at the table's speed, when the line has just grown and no board is
        playing on by itself (after an undo the bots wait: the host steps them)."""
        self._bots_pending = False
        game = self.game
        with game.lock:
            if self._closed or game.is_over or game.position != len(game) - 1:
                return
            if self.driver.running or any(c.session.running for c in self._connections):
                return
            self.driver.turns.answer(self.driver)

    def refresh_pages(self) -> None:
        """Show every page the game again (a gate opened or closed), from any thread."""
        def again() -> None:
            with self.game.lock:
                for connection in list(self._connections):
                    connection.session.refresh()
        if not self._closed:
            self._call(again)

    def _drop_revoked(self, text: str = REPLACED) -> None:
        for c in list(self._connections):
            if self.who_has(c.secret) is False:
                c.end(text)

    def _call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` on the table's loop and return its result (from any thread)."""
        if threading.current_thread() is self._thread:
            return fn(*args)

        async def run() -> Any:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    # -- the host's controls ---------------------------------------------------------------------
    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until the table's bots have answered (nothing plays on by itself); False when
        ``timeout`` seconds pass first. A cell that moved the game calls it before it looks."""
        def busy() -> bool:
            playing = any(c.session.running for c in self._connections)
            return self._bots_pending or self.driver.running or playing

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._closed or not self._call(busy):
                return True
            time.sleep(0.02)
        return False

    def take_over(self, seat: int, player: str) -> str:
        """Give seat ``seat`` to ``player``: a bot's policy name (it plays from now on; the seat's
        link stops playing) or "human" (a new link, returned). Raises ValueError for a seat not in
        the game or an unknown policy."""
        self._human_seat(seat)
        was = self.game.players[seat]
        self.game.set_player(seat, player)  # checks the policy; the pages follow, the bots answer
        if player == "human":
            return self.new_link(seat)
        if was == "human":
            for link in self.links:
                if link.seat == seat and not link.revoked:
                    link.revoked = True
                    self.journal.add_link(link)
            gone = f"The host gave this seat to a bot ({player}): this link no longer plays."
            self._call(self._drop_revoked, gone)
        return f"seat {seat} is played by {player} from now on"

    def set_speed(self, speed: str) -> None:
        """How fast the table's bots answer: one of ``SPEEDS``."""
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
        self.speed = speed
        self._call(lambda: self.driver.set(speed=speed))
        if self._host_board is not None:
            self._host_board.speed = speed

    def close(self, linger: float = 0.2) -> None:
        """Stop serving: every page is told the table closed (and keeps knocking, in case the host
        opens it again: ``resume``); the game and its journal stay. ``linger``: seconds for the
        goodbyes to go out before the server lets go of the table."""
        if self._closed:
            return

        def goodbye() -> None:
            for c in list(self._connections):
                c.end(CLOSED, final=False)
            self.driver.close()

        self._call(goodbye)
        self._closed = True
        self._stop_observing()
        time.sleep(linger)
        self.hub.remove(self)

    @property
    def secrets(self) -> list[str]:
        """Every secret that opens a page of this table (revoked links' too, and the host's)."""
        return [link.secret for link in self.links] + [self.host_secret]

    @property
    def closed(self) -> bool:
        return self._closed

    # -- in a notebook ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        state = "closed" if self._closed else f"serving {self.url}"
        return f"<{self.spec.title} table, {len(self.game.players)} seats, {state}>"

    def seats_html(self) -> str:
        """The seats' links (each with a code to scan), who is here, and who can join, as HTML."""
        here = self.connected()
        rows = []
        for seat, player in enumerate(self.game.players):
            pages = here.get(seat, 0)
            if player == "human":
                url = html.escape(self.link(seat))
                link = (f'<a href="{url}" target="_blank" rel="noreferrer">{url}</a>'
                        f'<div class="tw-qr" title="Scan to open seat {seat}\'s page">'
                        f"{qr_svg(self.link(seat))}</div>")
                status = f"{pages} page{'s' if pages != 1 else ''} open" if pages else "not joined yet"
            else:
                link = f"a bot ({html.escape(player)}) plays this seat by itself"
                status = "always here"
            cells = (f"Seat {seat}", html.escape(player), link, status)
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        if self._closed:
            reach = "Closed: no page can play. tw.table.resume(path) opens it again with the same links."
        elif self.address == LOOPBACK:
            reach = ("Only browsers on this computer can open these links (127.0.0.1); "
                     "tw.table.host(g, address='0.0.0.0') lets phones and laptops on your network join.")
        else:
            where = self.url.split("//")[1].rsplit(":", 1)[0]
            reach = (f"Listening on {self.address}: anyone who can reach {where} on your network can open a "
                     f"link, so send each player only their own.")
        host_pages = here.get(None, 0)
        return (
            "<div class='tw-table-seats'>"
            "<style>.tw-table-seats td,.tw-table-seats th{vertical-align:top;text-align:left;"
            "padding:4px 10px 4px 0}"
            ".tw-qr{background:#fff;padding:6px;margin-top:4px;width:120px;line-height:0}"
            ".tw-qr svg{width:120px;height:120px}</style>"
            f"<p><b>{html.escape(self.spec.title)} table</b> · {html.escape(reach)}</p>"
            "<table><tr><th>Seat</th><th>Player</th><th>Private link</th><th>Here</th></tr>"
            f"{''.join(rows)}</table>"
            f"<p>The host's page (the whole game, undo included): <a href='{html.escape(self.host_link)}' "
            f"target='_blank' rel='noreferrer'>open</a> ({host_pages} open). Every move is journaled in "
            f"<code>{html.escape(str(self.journal.path))}</code>. The board below is the whole game; "
            "cells still step, undo and fork it, and every page follows.</p></div>"
        )

    @property
    def widget(self) -> Any:
        """What ``t`` shows in a notebook: the seats' links and the host's board of the whole game."""
        if self._display is None:
            import ipywidgets

            self._display = ipywidgets.HTML(self.seats_html())
            self._host_board = self.game.board(seat=None, speed=self.speed)
            self._box = ipywidgets.VBox([self._display, self._host_board])
        return self._box

    def _refresh_display(self) -> None:
        if self._display is not None:
            self._display.value = self.seats_html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an inline SVG (black on the white it is shown on)."""
    import qrcode
    import qrcode.image.svg

    svg = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage).to_string(encoding="unicode")
    return svg.replace('width="', 'data-width="', 1).replace('height="', 'data-height="', 1)


def host(game: Any, *, address: str = LOOPBACK, port: int = 0, journal: str | Path | None = None,
         speed: str = "normal") -> Table:
    """Serve ``game`` to browsers: each human seat gets a private link, the host one more.

    ``address``: where to listen (127.0.0.1: this machine only; "0.0.0.0": the network);
    ``port``: 0 picks a free one; ``journal``: the SQLite file every change is written to (a
    temporary one by default). Raises ValueError for a game without a human seat or a bad speed.
    """
    spec = spec_of(game)
    if spec.session is None:
        raise TypeError(f"{spec.title} has no board to serve")
    if "human" not in game.players:
        raise ValueError("a table needs at least one human seat: players=['human', ...]")
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, got {speed!r}")
    book = new_journal(journal)
    links = [Link(seat, new_secret()) for seat, player in enumerate(game.players) if player == "human"]
    room = book.room(ROOM, spec.name, links=tuple(links), save=game.to_json())
    host_secret = new_secret()
    book.set_meta(format=FORMAT, kind="table", address=address, port=port, speed=speed, host=host_secret,
                  started=time.time())
    table = Table(game, room, address, port, host_secret, links, speed)
    book.set_meta(port=table.port)
    return table


def new_journal(path: str | Path | None) -> Journal:
    """A journal for a new table at ``path`` (None: a temporary file). Raises ValueError for a
    file that holds a table already, or is not a journal."""
    path = Path(path) if path is not None else Path(tempfile.mkdtemp(prefix="table-")) / "table.sqlite"
    if path.exists() and path.stat().st_size:
        Journal(path, create=False).close()  # JournalError for a file that is not a journal; nothing written
        raise ValueError(f"{path} already holds a table: resume it with tw.table.resume({str(path)!r}), "
                         f"or name a new file")
    return Journal(path)


def resume(path: str | Path, *, port: int | None = None) -> Table:
    """Bring back a table from its journal: its game at its last journaled change, every seat's
    link, at the same address and port (``port``: another one). Raises JournalError for a file
    that is not a table's journal, LoadError for a game that cannot be replayed."""
    book = Journal(path, create=False)
    meta = book.meta()
    rooms = {name: game for name, game, _ in book.rooms()}
    if meta.get("kind") != "table" or ROOM not in rooms:
        raise JournalError(f"{path} is not the journal of a table (it holds a {str(meta.get('kind'))[:20]})")
    try:
        spec = spec_of(rooms[ROOM])
    except ValueError as exc:
        raise JournalError(f"{path}: {exc}") from None
    room = book.room(ROOM)
    game = spec.game.from_json(room.latest()["save"])
    return Table(game, room, meta["address"], meta["port"] if port is None else port, meta["host"],
                 room.links(), meta.get("speed", "normal"))
