"""Touring actions as small values with a text form: ``play m25``, ``play go``,
``play stop_to_refuel on 1``, ``discard wrecker``. ``Action.parse(str(a)) == a``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.text import action_text
from ..errors import IllegalAction
from .facts import CARDS

MAX_SEATS = 6  # T-PLAYERS
FORMS = "'play <card>', 'play <card> on <seat>' or 'discard <card>'"
_TEXT = re.compile(r"(play|discard) +([a-z0-9_]+)(?: +on +([0-9]+))?", re.ASCII)


@dataclass(frozen=True, slots=True)
class Action:
    """Play or discard one card; attacks name the target seat.

    >>> Action.parse("play burning_oil on 1")
    Action.parse('play burning_oil on 1')

    Raises IllegalAction when built from anything but a kind ('play' or 'discard'), a card id
    (T-DECK) and a seat number 0-5 or None (T-PLAYERS).
    """

    kind: str  # "play" or "discard"
    card: str  # a card id from T-DECK
    target: int | None = None  # the attacked seat, for attacks only

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in ("play", "discard"):
            raise _unreadable(f"an action's kind is 'play' or 'discard', not {_shown(self.kind)}")
        if not isinstance(self.card, str) or self.card not in CARDS:
            cards = ", ".join(CARDS)
            raise IllegalAction(f"{_shown(self.card)} is not a Touring card; the cards are {cards} (T-DECK)",
                                "T-DECK")
        target = self.target
        if target is not None and (type(target) is not int or not 0 <= target < MAX_SEATS):
            raise IllegalAction(
                f"the target must be a seat number 0 to {MAX_SEATS - 1}, not {_shown(target)} (T-PLAYERS)",
                "T-PLAYERS",
            )

    def __str__(self) -> str:
        text = f"{self.kind} {self.card}"
        return text if self.target is None else f"{text} on {self.target}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form of an action; raises IllegalAction saying what is malformed (T-TURN)."""
        cached = _PARSED.get(text) if isinstance(text, str) else None
        if cached is not None:
            return cached
        text = action_text(text, "T-TURN", FORMS)
        found = _TEXT.fullmatch(text.strip())
        if found is None:
            raise _unreadable(_misread(text))
        kind, card, target = found.groups()
        if kind == "discard" and target is not None:
            raise _unreadable(f"cannot read {text!r}: only 'play <card> on <seat>' names a target")
        if target is not None and len(target) > 1:
            raise IllegalAction(f"cannot read {text!r}: there is no seat {target} (T-PLAYERS)", "T-PLAYERS")
        action = cls(kind, card, None if target is None else int(target))
        if len(_PARSED) < 10_000:
            _PARSED[text] = action
        return action


_PARSED: dict[str, Action] = {}


def read_action(action: Any) -> Action:
    """An action from its text or an ``Action``; raises IllegalAction for anything else (T-TURN)."""
    if isinstance(action, Action):
        return action
    return Action.parse(action)


def _misread(text: str) -> str:
    """What is wrong with text that is not an action, as precisely as it can be said."""
    words = text.split()
    if len(words) == 4 and words[0] == "play" and words[2] != "on":
        return f"cannot read {text!r}: only 'play <card> on <seat>' names a target"
    if len(words) == 4 and words[0] == "play":
        return f"cannot read {text!r}: the target must be a seat number such as 1"
    return f"cannot read {text!r}: write {FORMS}"


def _shown(value: Any) -> str:
    return repr(value)[:40]


def _unreadable(reason: str) -> IllegalAction:
    # A turn is one play or one discard (T-TURN); text that names neither breaks that rule.
    return IllegalAction(f"{reason} (T-TURN)", "T-TURN")
