"""What a rule demonstration is: the script a game writes for one rule, and what the game it
builds carries as ``d.demo``. The catalogue that runs them is ``touring_widgets.demos``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .text import counted
from .verdict import Verdict


class Refusal(NamedTuple):
    """A move the demonstration tries and the rules refuse: its text, the verdict, the position
    of the line where it was tried, and, when a rule other than the demonstration's answers, why."""

    action: str
    verdict: Verdict
    position: int
    note: str = ""

    def __str__(self) -> str:
        text = f"{self.verdict}   [at position {self.position}]"
        return f"{text}\n      {self.note}" if self.note else text


@dataclass(frozen=True, slots=True)
class Demo:
    """What a demonstration game carries as ``d.demo``.

    Attributes:
        name: the demonstration's name: a rule id (``"T-POP"``), or a rule id and the switch it
            sets (``"T-STOP/stack_stops"``).
        rule: the rule id it demonstrates; game: the game's name.
        title: one line; description: a few sentences saying what to watch.
        line: the scripted moves as text, the game's recorded future from position 0.
        refused: the moves the rules refuse on the way, each with its verdict.
        switches: the rule switches set away from their defaults, as ``name=value``.
    """

    name: str
    rule: str
    game: str
    title: str
    description: str
    line: tuple[str, ...]
    refused: tuple[Refusal, ...] = ()
    switches: tuple[str, ...] = ()

    def __str__(self) -> str:
        lines = [f"{self.name}: {self.title}", self.description]
        if self.switches:
            lines.append("Rules: " + ", ".join(self.switches))
        lines.append(f"Line ({counted(len(self.line), 'move')}): " + "; ".join(self.line))
        if self.refused:
            lines.append("Refused on the way:")
            lines.extend(str(r) for r in self.refused)
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Script:
    """How to make one demonstration: build its game, then play ``line`` (None: the seat's
    policy) and try each ``(position, action)`` of ``refused``, which must be refused. A refusal
    that cites another rule than the demonstration's is ``(position, action, note)``, the note
    saying why that rule answers."""

    name: str
    title: str
    description: str
    build: Callable[[], Any]
    line: tuple[str | None, ...]
    refused: tuple[tuple[int, str] | tuple[int, str, str], ...] = ()
