"""The charts' scales: nice steps and ticks along an axis, and the plot's rectangle."""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["BELOW", "LEFT", "Frame", "nice_step", "nice_upper", "tick_values"]


def nice_step(span: float, count: int = 5) -> float:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``count`` parts."""
    raw = max(span, 1e-12) / max(count, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * power * (1 + 1e-9):
            return m * power
    return 10 * power  # pragma: no cover - the loop always returns


def tick_values(lo: float, hi: float, step: float) -> list[float]:
    first = math.ceil(lo / step - 1e-9)
    last = math.floor(hi / step + 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def nice_upper(value: float, count: int = 5) -> float:
    """The smallest multiple of a nice step at or above ``value``."""
    step = nice_step(value, count)
    return round(math.ceil(value / step - 1e-9) * step, 12)


#: The plot's left edge (CSS px): room for the y label and the y tick labels.
LEFT = 58
#: Space under the plot for the x tick labels and the x label (when they are not slanted).
BELOW = 48


@dataclass(frozen=True)
class Frame:
    """The plot rectangle, in CSS pixels, and the value ranges it maps."""

    left: float
    top: float
    right: float
    bottom: float
    ylo: float
    yhi: float

    def y(self, value: float) -> float:
        return self.bottom - (value - self.ylo) / (self.yhi - self.ylo) * (self.bottom - self.top)
