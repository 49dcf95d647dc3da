"""Exact odds, as fractions, from what one seat may see: each game's odds functions (its spec's
``odds``), under one roof. Nothing behind them reads a card the seat cannot see, so dealing the
hidden cards again never changes an answer.

>>> from touring_widgets.lab import odds
>>> odds.roll()["star"]
Fraction(1, 10)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.registry import specs


def functions() -> dict[str, Callable[..., Any]]:
    """Every registered game's odds functions, by name."""
    return {name: function for spec in specs() for name, function in spec.odds.items()}


def __getattr__(name: str) -> Callable[..., Any]:
    found = functions()
    if name in found:
        return found[name]
    raise AttributeError(f"no odds function {name!r}; there are {', '.join(found)}")


def __dir__() -> list[str]:
    return sorted([*globals(), *functions()])
