"""What the charts accept: probabilities, counts, and frequencies of successes in trials, each
checked with an error that says what was given."""

from __future__ import annotations

import numbers
import operator
from fractions import Fraction
from typing import Any

__all__ = ["as_count", "as_probability", "check_counts"]


def as_probability(value: Any, what: str) -> Fraction | float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a number (Fraction or float), not {value!r}")
    if isinstance(value, Fraction):
        prob: Fraction | float = value
    elif isinstance(value, numbers.Rational):
        prob = Fraction(int(value.numerator), int(value.denominator))
    else:
        prob = float(value)
    if not 0 <= prob <= 1:  # also refuses NaN
        raise ValueError(f"{what} must be a probability between 0 and 1, not {value!r}")
    return prob


def as_count(value: Any, what: str) -> int:
    try:
        count = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be a whole number, not {value!r}") from None
    if count < 0:
        raise ValueError(f"{what} must not be negative, got {count}")
    return count


def check_counts(successes: int, trials: int) -> None:
    if not 0 <= successes <= trials or trials < 1:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes} of {trials}")
