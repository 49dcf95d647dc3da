"""The switches of Touring: every (resolution) in rules/touring.md is one field of ``Rules``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.switches import RuleSwitches
from .facts import FULL_CAPS, MILEAGE, MILEAGE_DELAYS, MILES, SHORT_CAPS

_FLAGS = {
    "teams": "T-TEAMS",
    "useful_only": "T-USEFUL",
    "attack_before_go": "T-DELAY",
    "stack_stops": "T-STOP",
    "go_after_remedy": "T-REMEDY",
    "loss_face_up": "T-LOSS",
}


@dataclass(frozen=True, slots=True)
class Rules(RuleSwitches):
    """How a game of Touring is played.

    >>> Rules(go_after_remedy=True).caps
    (8, 4, 2, 2)

    Attributes:
        short_trip: T-SHORT, the 295-mile trip with 94 cards; None means the default
            (on for 3 and 6 players, off otherwise).
        teams: T-TEAMS, partners sit opposite and share a tableau (4 or 6 players only).
        useful_only: T-USEFUL, a card may be played only where it changes something (off: a
            Go while moving, a second Freeway, a remedy with nothing to remedy, a Populated Area
            on a Freeway that is not active and a mileage delay with nothing to take may be
            played too; they lie where they were played and change only what their rules say).
        attack_before_go: T-DELAY, a seat without its own Go may attack (off: attacks
            need the attacker's first Go on the table).
        stack_stops: T-STOP, a stopped seat can be stopped again (the new stop on top).
        go_after_remedy: T-REMEDY, a remedy leaves the seat needing a new Go.
        burning_oil, broken_spring, brake_adjustment: T-LOSS, the mileage value each takes away.
        loss_face_up: T-LOSS, the mileage delay and the card it takes go to the discard pile
            face up (off: face down, as the attacker's discards).
    """

    short_trip: bool | None = None
    teams: bool = False
    useful_only: bool = True
    attack_before_go: bool = True
    stack_stops: bool = False
    go_after_remedy: bool = False
    burning_oil: int = 75
    broken_spring: int = 50
    brake_adjustment: int = 35
    loss_face_up: bool = True

    def __post_init__(self) -> None:
        if self.short_trip is not None and not isinstance(self.short_trip, bool):
            shown = repr(self.short_trip)[:40]
            raise ValueError(f"Rules.short_trip must be True, False or None, not {shown} (T-SHORT)")
        self._check_flags(*_FLAGS, rule=_FLAGS)
        for name in MILEAGE_DELAYS:
            value = getattr(self, name)
            if type(value) is not int or value not in MILES.values():
                shown = repr(value)[:40]
                raise ValueError(f"Rules.{name} must be one of 25, 35, 50, 75, not {shown} (T-LOSS)")

    def for_players(self, players: int) -> Rules:
        """These rules with the defaults that depend on the number of players filled in.

        Raises ValueError when teams are asked for with other than 4 or 6 players (T-TEAMS).
        """
        if self.teams and players not in (4, 6):
            raise ValueError(f"teams need 4 or 6 players, not {players} (T-TEAMS)")
        if self.short_trip is not None:
            return self
        known = _FILLED.get((self, players))  # every new game asks, and building rules checks them
        if known is None:
            known = replace(self, short_trip=players in (3, 6))
            if len(_FILLED) < 1000:
                _FILLED[self, players] = known
        return known

    @property
    def caps(self) -> tuple[int, int, int, int]:
        """How many cards of 25, 35, 50 and 75 miles complete the trip (T-GOAL, T-SHORT)."""
        return SHORT_CAPS if self.short_trip else FULL_CAPS

    @property
    def goal(self) -> int:
        """The miles of the whole trip: 590, or 295 for the short trip."""
        return _GOALS[self.caps]

    def loss_value(self, delay: str) -> str:
        """The mileage card id a mileage delay takes away (T-LOSS), e.g. 'm75'."""
        return f"m{getattr(self, delay)}"


_FILLED: dict[tuple[Rules, int], Rules] = {}  # for_players' answers
_GOALS = {caps: sum(cap * MILES[m] for cap, m in zip(caps, MILEAGE)) for caps in (FULL_CAPS, SHORT_CAPS)}
