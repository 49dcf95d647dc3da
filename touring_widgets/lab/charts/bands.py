"""The 95% bands the charts shade: where the frequency of an event of known probability lies in
most runs, and Wilson's interval around a frequency seen."""

from __future__ import annotations

from ...core.stats import Z95, normal_interval, wilson

__all__ = ["Z95", "exact_band", "wilson"]


def exact_band(p: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Where the frequency of an event of probability ``p`` lies in 95% of runs of ``trials`` games.

    The normal approximation ``p ± z·sqrt(p(1-p)/trials)``, cut to [0, 1].

    >>> [round(v, 4) for v in exact_band(0.5, 100)]
    [0.402, 0.598]
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials!r}")
    return normal_interval(p, p * (1 - p), trials, z, bounds=(0.0, 1.0))
