"""The charts' texts: tick labels, shares, counts and exact values, and how wide a text is drawn."""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["count_text", "exact_text", "share_text", "shorten", "text_width", "value_text"]


def share_text(value: float, step: float, percent: bool) -> str:
    """A tick label of a share: ``25%`` (or ``0.25``), with as many decimals as the step needs."""
    if percent:
        value, step = value * 100, step * 100
    decimals = max(0, math.ceil(-math.log10(step) - 1e-9))
    text = f"{value:.{decimals}f}"
    return text + "%" if percent else text


def value_text(value: float, percent: bool) -> str:
    """A share in three significant figures: ``16.7%`` (or ``0.167``)."""
    return f"{value * 100:.3g}%" if percent else f"{value:.3g}"


def count_text(n: float) -> str:
    """A count with thousands separators; a million and more as ``1.5M``."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.3g}M"
    return f"{round(n):,}"


def exact_text(value: Fraction | float, percent: bool) -> str:
    """``1/6 ≈ 16.7%`` for a fraction with a small denominator, else the share alone."""
    share = value_text(float(value), percent)
    if isinstance(value, Fraction) and 1 < value.denominator <= 1000:
        rounded = Fraction(share.rstrip("%")) / (100 if percent else 1)
        return f"{value} {'=' if rounded == value else '≈'} {share}"
    return share


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is in ``size`` px sans-serif (a generous estimate)."""
    width = 0.0
    for ch in text:
        if ch.isdigit():
            width += 0.64  # digits are as wide as each other, and wide in DejaVu Sans
        elif ch in "il.,:;'|! ()[]fjtI":
            width += 0.34
        elif ch in "mwMW%@":
            width += 0.9
        elif ch.isupper() or ch in "≈±—":
            width += 0.7
        else:
            width += 0.6
    return width * size


def shorten(text: str, limit: int = 16) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
