"""The switches of On Tour: every (resolution) in rules/on_tour.md is one field of ``Rules``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ..errors import LoadError

LAST_CHOICES = ("choose", "low", "high")


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game of On Tour is played.

    >>> Rules().forced_x_only, Rules(last_one_space="low").last_one_space
    (True, 'low')

    Attributes:
        forced_x_only: O-X, an X is only allowed for a number that could not have been placed
            (False: a player may write an X instead of any number, star included).
        last_one_space: O-LAST, with one empty space and two numbers: "choose" (the player
            writes either), "low" or "high" (that number must be written).
        shared_ties: O-WIN, players tied on the best score all win (False: a tie has no winner).
        reroll_setup_doubles: O-SETUP, doubles are re-rolled when writing the four circled
            numbers (False: a double writes the same number twice).
    """

    forced_x_only: bool = True
    last_one_space: str = "choose"
    shared_ties: bool = True
    reroll_setup_doubles: bool = True

    def __post_init__(self) -> None:
        for name in ("forced_x_only", "shared_ties", "reroll_setup_doubles"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rules.{name} must be True or False, not {getattr(self, name)!r}")
        if self.last_one_space not in LAST_CHOICES:
            raise ValueError(
                f"Rules.last_one_space must be one of {', '.join(LAST_CHOICES)}, "
                f"not {self.last_one_space!r} (O-LAST)"
            )

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON values."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from ``to_dict`` output; raises LoadError naming an unknown or bad option."""
        if not isinstance(data, dict):
            raise LoadError("field 'rules' must be an object of rule options")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise LoadError(f"field 'rules': unknown rule option {key!r}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"field 'rules': {exc}") from None
