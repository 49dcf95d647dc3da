"""The switches of On Tour: every (resolution) in rules/on_tour.md is one field of ``Rules``."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.switches import RuleSwitches

LAST_CHOICES = ("choose", "low", "high")
_FLAGS = {
    "forced_x_only": "O-X",
    "shared_ties": "O-WIN",
    "reroll_setup_doubles": "O-SETUP",
    "circle_any_shown": "O-CIRCLE",
}


@dataclass(frozen=True, slots=True)
class Rules(RuleSwitches):
    """How a game of On Tour is played.

    >>> Rules().forced_x_only, Rules(last_one_space="low").last_one_space
    (True, 'low')

    Attributes:
        forced_x_only: O-X, an X is only allowed for a number that could not have been placed
            (False: a seat may write an X instead of any number, star included).
        last_one_space: O-LAST, with one empty space and two numbers: "choose" (the seat
            writes either), "low" or "high" (that number must be written).
        shared_ties: O-WIN, players tied on the best score all win (False: a tie has no winner).
        reroll_setup_doubles: O-SETUP, doubles are re-rolled when writing the four circled
            numbers (False: a double writes the same number twice).
        circle_any_shown: O-CIRCLE, a number written in the space of any of the three cards
            shown is circled (off: only in the space of the card it used).
    """

    forced_x_only: bool = True
    last_one_space: str = "choose"
    shared_ties: bool = True
    reroll_setup_doubles: bool = True
    circle_any_shown: bool = False

    def __post_init__(self) -> None:
        self._check_flags(*_FLAGS, rule=_FLAGS)
        if not isinstance(self.last_one_space, str) or self.last_one_space not in LAST_CHOICES:
            raise ValueError(
                f"Rules.last_one_space must be one of {', '.join(LAST_CHOICES)}, "
                f"not {repr(self.last_one_space)[:40]} (O-LAST)"
            )
