"""The two errors every game raises: a refused action and a save that does not load."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is malformed or not allowed in this position.

    The message says what was wrong and cites the rule id, which ``rule`` holds (unreadable
    text cites the rule that says what a move is: T-TURN, O-WRITE). The game is left as it was.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class LoadError(ValueError):
    """A saved game that cannot be loaded; the message names the first bad field or action."""
