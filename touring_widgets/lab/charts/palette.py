"""The colours and the font of the lab's charts, one palette per theme."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FONT", "PALETTES", "Palette"]


#: Font stack of the charts' texts (the canvas cannot read JupyterLab's CSS variables).
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'


@dataclass(frozen=True)
class Palette:
    """The colours of a chart; ``background=None`` leaves the canvas transparent."""

    background: str | None  # fills the whole canvas first, or None for the page's own colour
    ink: str  # title, labels, tick labels, axes
    grid: str  # faint grid lines behind the data
    observed: str  # simulated data: bar outlines, the running frequency line
    observed_fill: str  # bar fill (translucent, so the grid shows through)
    exact: str  # the exact probabilities
    band: str  # the 95% band
    plate: str | None = None  # drawn behind each text, where the page's colour is not known


PALETTES: dict[str, Palette] = {
    # A transparent canvas: no one ink reads at 4.5:1 on both white and JupyterLab's dark
    # background (#111), so each text sits on a light plate (9.8:1 over #111, 12.6:1 on white);
    # the data marks keep at least 3:1 on both.
    "auto": Palette(
        background=None,
        ink="#333333",
        grid="rgba(128, 128, 128, 0.28)",
        observed="#3b82f6",
        observed_fill="rgba(59, 130, 246, 0.55)",
        exact="#e0661a",
        band="rgba(59, 130, 246, 0.2)",
        plate="rgba(255, 255, 255, 0.88)",
    ),
    "light": Palette(
        background="#ffffff",
        ink="#333333",
        grid="#e3e3e3",
        observed="#1d64d8",
        observed_fill="rgba(29, 100, 216, 0.5)",
        exact="#c2410c",
        band="rgba(29, 100, 216, 0.15)",
    ),
    "dark": Palette(
        background="#1b1b1b",
        ink="#d4d4d4",
        grid="#3a3a3a",
        observed="#60a5fa",
        observed_fill="rgba(96, 165, 250, 0.5)",
        exact="#fb923c",
        band="rgba(96, 165, 250, 0.2)",
    ),
}
