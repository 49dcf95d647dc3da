"""The table's web server: a seat's page, the board's modules, and a websocket per open page.

Everything a page receives comes from its own board session (``view(seat)`` and what that seat
may know); every message it sends is checked by that session, after the limits below. The server
runs in a thread of its own with its own event loop, so it answers while the notebook's kernel
runs a long cell; every session lives on that loop.

Frames, as JSON text: to the page ``{"t": "state", "state"}`` (the whole state, first),
``{"t": "change", "changes"}``, ``{"t": "reply", "content"}`` (the session's reply) and
``{"t": "bye", "text"}`` (the link no longer plays: the page stops reconnecting); from the page,
the board's messages as they are.
"""

from __future__ import annotations

import asyncio
import html
import json
import secrets
import socket
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..widgets.page import compose_css, compose_esm
from ..widgets.style import COLOURS, SPEEDS

if TYPE_CHECKING:
    from .hosting import Table

_PAGE = Path(__file__).parent / "page"

#: The longest frame a page may send (characters); a longer one is refused and changes nothing.
MAX_FRAME = 8_192
#: Frames the protocol itself cuts off (bytes): the connection closes.
MAX_WIRE = 65_536
#: Messages a page may send: a bucket of this many, refilled at ``RATE`` a second.
BURST = 40
RATE = 20.0
#: Frames waiting for a slow page before its connection is dropped (it reconnects and gets the whole state).
MAX_QUEUE = 2_000


class Connection:
    """One open page: its seat's session, the frames on their way to it, its message budget."""

    def __init__(self, table: Table, who: int | None, secret: str, socket_: WebSocket) -> None:
        self.table = table
        self.who = who
        self.secret = secret
        self.socket = socket_
        self.queue: asyncio.Queue[str | tuple[int, str]] = asyncio.Queue()
        self.ended = False
        self.session = table.new_session(who)
        self.session.watch(lambda changes: self.push({"t": "change", "changes": changes}))
        self.tokens = float(BURST)
        self.refill = time.monotonic()
        self.refused = 0
        self.joined = time.time()
        self.push({"t": "state", "state": {**table.fixed_state, **self.session.state}})

    def push(self, frame: dict[str, Any]) -> None:
        """Queue a frame for the page (on the loop's thread)."""
        if self.ended:
            return
        if self.queue.qsize() >= MAX_QUEUE:  # the page is not reading: drop it, it comes back whole
            self.ended = True
            self.queue.put_nowait((1013, "too far behind"))
            return
        self.queue.put_nowait(json.dumps(frame, separators=(",", ":")))

    def end(self, text: str, final: bool = True) -> None:
        """Tell the page its link no longer plays here, and close; ``final``: it stops reconnecting
        (a link replaced or handed on), else it knocks until its table opens again."""
        self.push({"t": "bye", "text": text, "final": final})
        self.ended = True
        self.queue.put_nowait((1000, "bye"))

    async def pump(self) -> None:
        while True:
            frame = await self.queue.get()
            if isinstance(frame, tuple):
                await self.socket.close(code=frame[0], reason=frame[1])
                return
            await self.socket.send_text(frame)

    def _spend(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refill) * RATE)
        self.refill = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def take(self, text: str | None, raw: bytes | None) -> None:
        """One frame from the page: refused (with a reply saying why, changing nothing) or acted on."""
        if not self._spend():
            self.refused += 1
            if self.refused == 1 or self.refused % 100 == 0:  # a flood gets a few replies, not one each
                self.reply_refusal(f"Refused: more than {RATE:.0f} messages a second from this page "
                                   f"({self.refused} refused so far); nothing changed.")
            return
        if text is None:
            return self.reply_refusal(f"Refused a binary frame of {len(raw or b'')} bytes: the board sends "
                                      f"JSON text; nothing changed.")
        if len(text) > MAX_FRAME:
            return self.reply_refusal(f"Refused a frame of {len(text):,} characters (at most {MAX_FRAME:,}); "
                                      f"nothing changed.")
        try:
            content = json.loads(text)
        except (ValueError, RecursionError):
            return self.reply_refusal("Refused a frame that is not JSON; nothing changed.")
        with self.table.game.lock:
            reply = self.session.receive(content)
        self.push({"t": "reply", "content": reply})

    def reply_refusal(self, text: str) -> None:
        self.push({"t": "reply", "content": {"type": "reply", "ok": False, "message": text,
                                             "revision": self.session.revision}})

    def close(self) -> None:
        self.session.close()


def board_module(board_type: type, table: dict[str, Any]) -> str:
    """The page's one ES module for a game's board, with the table's settings in ``CONFIG``."""
    config = {"speeds": SPEEDS, "colours": COLOURS, "palette": board_type.palette, "table": table}
    return compose_esm(board_type.game_module, config)


def page_html(title: str, heading: str, status: str, css: str = "", module: str = "",
              body: str = '<main class="tw-table-board"></main>') -> str:
    """A page of the table: a bar with its heading and the connection's state, then ``body`` (the
    board of ``module`` when one is given)."""
    shell = (_PAGE / "seat.html").read_text(encoding="utf-8")
    script = ("" if not module else '<script type="module">\n'
              f'import board from "{module}";\nimport {{ join }} from "/board/connect.js";\n'
              'join(board, document.querySelector(".tw-table-board"),\n'
              '     document.querySelector(".tw-table-status"));\n'
              "</script>")
    values = {"title": html.escape(title), "heading": html.escape(heading), "status": html.escape(status),
              "css": css, "body": body, "script": script}
    for key, value in values.items():
        shell = shell.replace("{{" + key + "}}", value)
    return shell


def join_html(room: Any) -> str:
    """The class's page: a student gives a name and joins (or goes back to their board)."""
    form = (_PAGE / "join.html").read_text(encoding="utf-8")
    intro = ("Everyone in the class plays the same deal on their own board. Give your name, and your board "
             "opens.")
    form = form.replace("{{intro}}", html.escape(intro)).replace("{{most}}", str(room.name_length))
    title = f"{room.spec.title}: join the class"
    return page_html(title, title, "", body=form)


def application(hub: Hub) -> Starlette:
    """The web application of every table on ``hub``."""
    connect = (_PAGE / "connect.js").read_text(encoding="utf-8")
    script = {"content-type": "text/javascript; charset=utf-8", "cache-control": "no-store"}
    no_store = {"cache-control": "no-store", "referrer-policy": "no-referrer"}
    nobody = ("This link plays no seat here (a mistyped link, one the host replaced, or a table that "
              "closed): ask the host for yours.")

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html("touring_widgets table", "A table of touring_widgets",
                                      "Open your seat's own link to play: the host has one for each seat."),
                            headers=no_store)

    async def seat_page(request: Request) -> Response:
        table, who = hub.who_has(request.path_params["secret"])
        if table is None:
            return HTMLResponse(page_html("No such seat", "No such seat", nobody), status_code=404,
                                headers=no_store)
        title = table.spec.title
        player = "host: the whole game" if who is None else table.names.get(who, f"seat {who}")
        heading = f"{title} · {player}"
        kind = "host" if who is None else "seat"
        module = f"/board/{table.spec.name}/{kind}.js"
        page = page_html(heading, heading, "Connecting…", hub.css(table), module)
        return HTMLResponse(page, headers=no_store)

    async def module(request: Request) -> Response:
        game, kind = request.path_params["game"], request.path_params["kind"]
        text = hub.module(game, kind)
        if text is None:
            return Response("not found", status_code=404)
        return Response(text, headers=script)

    async def connect_module(request: Request) -> Response:
        return Response(connect, headers=script)

    async def socket_route(ws: WebSocket) -> None:
        await ws.accept()
        secret = ws.path_params["secret"]
        table, who = hub.who_has(secret)
        if table is None:
            # A table closed here may open again (resume), and a server still opening (a table or
            # class coming back from its journal) may know the link in a moment: the page keeps knocking.
            if secret in hub.closed:
                bye = {"t": "bye", "text": hub.closed[secret], "final": False}
            else:
                opening = not (hub.tables or hub.classes) or any(room.loading for room in list(hub.classes))
                bye = {"t": "bye", "text": nobody, "final": not opening}
            await ws.send_text(json.dumps(bye))
            await ws.close(code=4404)
            return
        with table.game.lock:
            connection = Connection(table, who, secret, ws)
        table.joined(connection)
        pump = asyncio.create_task(connection.pump())
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                connection.take(message.get("text"), message.get("bytes"))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            pump.cancel()
            table.left(connection)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    async def class_page(request: Request) -> Response:
        room = hub.class_of(request.path_params["secret"])
        if room is None:
            closed = ("This link opens no class here (a mistyped link, or a class that ended): "
                      "ask your teacher.")
            return HTMLResponse(page_html("No such class", "No such class", closed), status_code=404,
                                headers=no_store)
        return HTMLResponse(join_html(room), headers=no_store)

    async def class_join(request: Request) -> Response:
        room = hub.class_of(request.path_params["secret"])
        if room is None:
            return JSONResponse({"error": "this class is not open"}, status_code=404)
        body = await request.body()
        if len(body) > 1024:
            return JSONResponse({"error": "a name of a few words, please"}, status_code=413)
        try:
            name = json.loads(body).get("name")
            student = room.join(name)
        except (ValueError, AttributeError) as exc:
            message = str(exc) if isinstance(exc, ValueError) and not isinstance(exc, json.JSONDecodeError) \
                else "send your name as JSON: {\"name\": ...}"
            return JSONResponse({"error": message}, status_code=400)
        return JSONResponse({"name": student.name, "link": "/seat/" + student.link.rsplit("/", 1)[1]})

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/seat/{secret}", seat_page),
        Route("/class/{secret}", class_page),
        Route("/class/{secret}/join", class_join, methods=["POST"]),
        Route("/board/connect.js", connect_module),
        Route("/board/{game}/{kind}.js", module),
        WebSocketRoute("/ws/{secret}", socket_route),
    ]
    return Starlette(routes=routes)


class Hub:
    """One web server (an address and a port) and the tables it serves: a table opened on the
    port of a running hub joins it; the hub stops when its last table closes."""

    _running: ClassVar[dict[tuple[str, int], Hub]] = {}
    _opening = threading.Lock()

    def __init__(self, address: str, port: int) -> None:
        sock = bind(address, port)
        self.address = address
        self.port: int = sock.getsockname()[1]
        self.tables: list[Table] = []
        self.classes: list[Any] = []
        #: what a page of a table closed here is told (by its secret): it may open again
        self.closed: dict[str, str] = {}
        self.stopped = False
        self._modules: dict[tuple[str, str], str] = {}
        self._css: dict[str, str] = {}
        self._server = ServerThread(application(self), sock)
        self.loop = self._server.start()
        self.thread = self._server.thread

    @classmethod
    def at(cls, address: str, port: int) -> Hub:
        """The running hub on ``address:port``, or a new one (port 0: a free port). Raises OSError
        when another program holds the port."""
        with cls._opening:
            hub = cls._running.get((address, port)) if port else None
            if hub is None or hub.stopped:
                hub = cls(address, port)
                cls._running[(address, hub.port)] = hub
            return hub

    def who_has(self, secret: Any) -> tuple[Table | None, int | None]:
        """The table and seat a link's secret plays (seat None: the host's); (None, None) for none."""
        for table in list(self.tables):
            who = table.who_has(secret)
            if who is not False:
                return table, who  # type: ignore[return-value]
        return None, None

    def module(self, game: str, kind: str) -> str | None:
        """The page's module of a game's board for a seat's page or the host's (None: no such)."""
        key = (game, kind)
        if key not in self._modules:
            table = next((t for t in self.tables if t.spec.name == game), None)
            if table is None or kind not in ("seat", "host"):
                return None
            hides = list(table.seat_hides if kind == "seat" else table.host_hides)
            self._modules[key] = board_module(table.spec.board(), {"hide": hides, "lost": table.lost_text})
        return self._modules[key]

    def css(self, table: Table) -> str:
        name = table.spec.name
        if name not in self._css:
            board_type = table.spec.board()
            self._css[name] = compose_css(board_type.game_css.read_text(encoding="utf-8")
                                          if board_type.game_css else "")
        return self._css[name]

    def add(self, table: Table) -> None:
        self.tables.append(table)

    def add_class(self, room: Any) -> None:
        self.classes.append(room)

    def class_of(self, secret: Any) -> Any:
        """The class a class link's secret opens, or None."""
        if not isinstance(secret, str):
            return None
        return next((c for c in list(self.classes) if secrets.compare_digest(secret, c.secret)), None)

    def remove_class(self, room: Any) -> None:
        if room in self.classes:
            self.classes.remove(room)

    def remove(self, table: Table) -> None:
        """Stop serving ``table``; the last one out stops the server."""
        with self._opening:
            if table in self.tables:
                self.tables.remove(table)
                self.closed.update(dict.fromkeys(table.secrets, table.closed_text))
            if self.tables or self.classes or self.stopped:
                return
            self.stopped = True
            self._running.pop((self.address, self.port), None)
        self._server.stop()


def bind(address: str, port: int) -> socket.socket:
    """A listening socket on ``address:port`` (0: any free port); raises OSError when taken."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    # Named TCP, so that asyncio turns Nagle's algorithm off on every connection (a reply right after
    # a change frame would otherwise wait ~40 ms for the page's delayed acknowledgement).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((address, port))
    sock.listen(128)
    sock.setblocking(False)
    return sock


class ServerThread:
    """uvicorn serving ``app`` on ``sock`` in a daemon thread with its own event loop."""

    def __init__(self, app: Starlette, sock: socket.socket) -> None:
        import uvicorn

        config = uvicorn.Config(app, log_level="warning", ws_max_size=MAX_WIRE, ws_ping_interval=10,
                                ws_ping_timeout=20, lifespan="off", timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.sock = sock
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="touring_widgets table", daemon=True)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self.ready.set)
        self.loop.run_until_complete(self.server.serve(sockets=[self.sock]))

    def start(self) -> asyncio.AbstractEventLoop:
        self.thread.start()
        self.ready.wait(10)
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline and self.thread.is_alive():
            time.sleep(0.01)
        if not self.server.started:
            raise RuntimeError("the table's server did not start")
        assert self.loop is not None
        return self.loop

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(5)
        self.sock.close()
