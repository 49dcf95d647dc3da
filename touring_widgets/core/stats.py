"""Confidence intervals: Wilson's for a chance seen in some trials, the normal one for a mean.

>>> [round(v, 4) for v in wilson(5, 10)]
[0.2366, 0.7634]
>>> [round(v, 4) for v in normal_interval(0.5, 0.25, 100)]
[0.402, 0.598]
>>> rate_text(4, 8, "game")
'4 of 8 games: 50% (95% interval 22%–78%)'
"""

from __future__ import annotations

import math

from .text import counted

__all__ = ["Z95", "normal_interval", "rate_text", "wilson"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval (95% by default) for a chance seen ``successes`` times in ``trials``.

    >>> lo, hi = wilson(0, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.0, 0.2775)

    Raises ValueError unless ``0 <= successes <= trials`` and ``trials >= 1``.
    """
    if not 0 <= successes <= trials or trials < 1:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes} of {trials}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_interval(
    mean: float,
    variance: float,
    n: float,
    z: float = Z95,
    bounds: tuple[float, float] = (-math.inf, math.inf),
) -> tuple[float, float]:
    """The normal interval (95% by default) for the mean of ``n`` values of this ``variance``,
    ``mean ± z·sqrt(variance / n)``, cut to ``bounds``.

    >>> normal_interval(0.9, 0.09, 4, bounds=(0.0, 1.0))
    (0.6060054023189919, 1.0)

    Raises ValueError unless ``n > 0`` and ``variance >= 0``.
    """
    if not n > 0:
        raise ValueError(f"n must be positive, not {n!r}")
    half = z * math.sqrt(variance / n)
    low, high = bounds
    return max(low, mean - half), min(high, mean + half)


def rate_text(successes: int, trials: int, noun: str = "trial", decimals: int = 0) -> str:
    """A share seen in some trials with its 95 % interval (Wilson's), in words a reader can check:
    "4 of 8 games: 50% (95% interval 22%–78%)". ``decimals``: of the percentages.

    >>> rate_text(1, 1, "deal")
    '1 of 1 deal: 100% (95% interval 21%–100%)'

    Raises ValueError unless ``0 <= successes <= trials`` and ``trials >= 1``.
    """
    low, high = wilson(successes, trials)
    share = f"{{:.{decimals}%}}".format
    return (f"{successes:,} of {counted(trials, noun).replace(str(trials), f'{trials:,}', 1)}: "
            f"{share(successes / trials)} (95% interval {share(low)}–{share(high)})")
