"""The page's side of a board, without a browser: send messages, record the answers."""

from __future__ import annotations

from typing import Any


class Page:
    """Plays the page's side: sends messages to a board and records what it answers."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.replies: list[dict] = []
        board.send = lambda content, buffers=None: self.replies.append(content)

    def send(self, content: Any, revision: int | bool | None = None) -> dict:
        """Send ``content`` with the board's revision (or ``revision``; False sends none as given)."""
        if isinstance(content, dict) and "revision" not in content and revision is not False:
            content = {**content, "revision": self.board.revision if revision is None else revision}
        self.board._on_page_message(self.board, content, [])
        return self.replies[-1]
