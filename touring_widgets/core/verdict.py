"""A verdict: whether an action is legal in a position, the rule that decides it, and why."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one action, as both games give it.

    ``str()`` is the sentence a player reads; ``rule`` is the id of the rule that allows or
    forbids the action (also for a legal one); ``text`` is the reason, ending with rule ids.

    >>> v = Verdict("play m75", False, "T-GO", "your first card on the table must be a Go (T-GO)")
    >>> str(v)
    "Illegal: 'play m75': your first card on the table must be a Go (T-GO)"
    """

    action: str
    legal: bool
    rule: str
    text: str

    def __str__(self) -> str:
        return f"{'Legal' if self.legal else 'Illegal'}: {self.action!r}: {self.text}"

    def __repr__(self) -> str:
        return f"<{self}>"

    def error(self) -> IllegalAction:
        """The refusal a game raises for this verdict's action."""
        return IllegalAction(f"{self.action!r}: {self.text}", self.rule)


def refused(action: str, rule: str, reason: str) -> Verdict:
    """An illegal verdict whose text is ``reason`` followed by the rule id."""
    return Verdict(action, False, rule, f"{reason} ({rule})")


def unreadable(given: object, exc: IllegalAction) -> Verdict:
    """The verdict on input that is not an action at all (text that does not parse, a wrong type)."""
    shown = given if isinstance(given, str) else f"<{type(given).__name__}>"
    return Verdict(shown[:60], False, exc.rule or "", str(exc))
