"""WCAG's contrast of two colours ("#rrggbb"), for the tests of what the boards and charts draw."""

from __future__ import annotations


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def over(colour: str, under: str, alpha: float) -> str:
    """``colour`` at ``alpha`` over ``under``."""
    return "#" + "".join(f"{round(a * alpha + b * (1 - alpha)):02x}" for a, b in zip(rgb(colour), rgb(under)))


def luminance(colour: str) -> float:
    """WCAG's relative luminance."""
    channels = [v / 255 for v in rgb(colour)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
