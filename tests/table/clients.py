"""Plain websocket clients of a table for the tests: each keeps its page's state from the frames
it receives (as the page's model does) and records every frame, the first one included."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets


def socket_url(link: str) -> str:
    """The websocket address behind a seat's link."""
    return link.replace("http://", "ws://", 1).replace("/seat/", "/ws/", 1)


class SeatClient:
    """One page of a seat, without a browser: ``state`` as the page's model holds it, ``frames``
    every frame received (decoded), ``replies`` the session's replies in order."""

    def __init__(self, link: str) -> None:
        self.link = link
        self.state: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []
        self.replies: list[dict[str, Any]] = []
        self.bye = ""
        self.socket: Any = None
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def __aenter__(self) -> SeatClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def connect(self) -> None:
        self.socket = await websockets.connect(socket_url(self.link), max_size=2**24)
        self._reader = asyncio.create_task(self._read())
        await self.wait_for(lambda: bool(self.state) or bool(self.bye))

    async def _read(self) -> None:
        try:
            async for text in self.socket:
                frame = json.loads(text)
                self.frames.append(frame)
                if frame["t"] == "state":
                    self.state = dict(frame["state"])
                elif frame["t"] == "change":
                    self.state.update(frame["changes"])
                elif frame["t"] == "reply":
                    self.replies.append(frame["content"])
                elif frame["t"] == "bye":
                    self.bye = frame["text"]
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self._changed.set()

    async def wait_for(self, check: Any, timeout: float = 10.0) -> None:
        """Wait until ``check()`` holds (raises TimeoutError after ``timeout`` seconds)."""
        async def loop() -> None:
            while not check():
                self._changed.clear()
                if check():
                    return
                await self._changed.wait()
        await asyncio.wait_for(loop(), timeout)

    async def send(self, message: Any) -> dict[str, Any]:
        """Send one board message (a revision is added to a dict without one) and wait for its reply."""
        if isinstance(message, dict) and "revision" not in message:
            message = {**message, "revision": self.state.get("revision")}
        count = len(self.replies)
        await self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
        await self.wait_for(lambda: len(self.replies) > count or self.closed)
        return self.replies[count] if len(self.replies) > count else {}

    async def act(self, action: str) -> dict[str, Any]:
        return await self.send({"type": "act", "action": action})

    @property
    def closed(self) -> bool:
        return self.socket is None or self.socket.state.name == "CLOSED"

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
