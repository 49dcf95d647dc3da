"""Checks on text from outside (cells, the page, saves) before any game reads it, and counts in words."""

from __future__ import annotations

from ..errors import IllegalAction

#: Longer text cannot be an action; it is refused before any parsing.
MAX_TEXT = 100


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 move", "2 moves", "0 moves"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def winners_text(winners: list[int]) -> str:
    """The game-over banner's words (the page's ``bannerText`` says the same).

    >>> winners_text([1]), winners_text([0, 2]), winners_text([0, 2, 4, 6]), winners_text([])
    ('Seat 1 wins!', 'Seats 0 and 2 win!', 'Seats 0, 2, 4 and 6 win!', 'Game over: no winner')
    """
    if not winners:
        return "Game over: no winner"
    if len(winners) == 1:
        return f"Seat {winners[0]} wins!"
    *rest, last = (str(s) for s in winners)
    return f"Seats {', '.join(rest)} and {last} win!"


def action_text(text: object, rule: str, forms: str) -> str:
    """``text`` if it may be read as an action: a str of at most MAX_TEXT ASCII characters.

    Raises IllegalAction citing ``rule`` (the rule that says what a move is) and showing ``forms``.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text like {forms}, not {type(text).__name__} ({rule})", rule)
    if len(text) > MAX_TEXT:
        too_long = f"action text of {len(text)} characters is too long to be an action"
        raise IllegalAction(f"{too_long} ({rule})", rule)
    if not text.isascii():
        bad = next(c for c in text if not c.isascii())
        raise IllegalAction(
            f"cannot read {text!r}: {bad!r} (U+{ord(bad):04X}) is not ASCII; actions are written "
            f"with the letters a-z and the digits 0-9 ({rule})",
            rule,
        )
    return text
