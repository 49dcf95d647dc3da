"""Touring actions as small values with a text form: ``play m25``, ``play go``,
``play stop_to_refuel on 1``, ``discard wrecker``. ``Action.parse(str(a)) == a``."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction
from .facts import CARDS

MAX_TEXT = 100  # longer text cannot be an action; refused before any parsing


@dataclass(frozen=True, slots=True)
class Action:
    """Play or discard one card; attacks name the target seat.

    >>> Action.parse("play burning_oil on 1")
    Action.parse('play burning_oil on 1')
    """

    kind: str  # "play" or "discard"
    card: str  # a card id from T-DECK
    target: int | None = None  # the attacked seat, for attacks only

    def __str__(self) -> str:
        text = f"{self.kind} {self.card}"
        return text if self.target is None else f"{text} on {self.target}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form of an action; raises IllegalAction saying what is malformed (T-TURN)."""
        if not isinstance(text, str):
            raise _unreadable(f"an action is text like 'play m25', not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise _unreadable(f"action text of {len(text)} characters is too long to be an action")
        cached = _PARSED.get(text)
        if cached is not None:
            return cached
        words = text.split()
        if len(words) not in (2, 4) or words[0] not in ("play", "discard"):
            raise _unreadable(
                f"cannot read {text!r}: write 'play <card>', 'play <card> on <seat>' or 'discard <card>'"
            )
        kind, card = words[0], words[1]
        if card not in CARDS:
            raise IllegalAction(f"{card!r} is not a Touring card; the cards are {', '.join(CARDS)}", "T-DECK")
        target = None
        if len(words) == 4:
            if kind == "discard" or words[2] != "on":
                raise _unreadable(f"cannot read {text!r}: only 'play <card> on <seat>' names a target")
            if not words[3].isdigit() or len(words[3]) > 2:
                raise _unreadable(f"cannot read {text!r}: the target must be a seat number such as 1")
            target = int(words[3])
        action = cls(kind, card, target)
        if len(_PARSED) < 10_000:
            _PARSED[text] = action
        return action


_PARSED: dict[str, Action] = {}


def _unreadable(reason: str) -> IllegalAction:
    # A turn is one play or one discard (T-TURN); text that names neither breaks that rule.
    return IllegalAction(f"{reason} (T-TURN)", "T-TURN")
