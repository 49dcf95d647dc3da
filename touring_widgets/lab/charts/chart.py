"""What every chart of the lab shares: a three-layer canvas, redraws throttled to a few a second,
the frame, the axes' texts and the legend."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .inputs import as_count
from .labels import share_text, text_width
from .palette import FONT, PALETTES
from .scales import LEFT, Frame, nice_step, tick_values

if TYPE_CHECKING:
    from ipycanvas import Canvas, MultiCanvas

__all__ = ["DRAW_LOCK", "Chart", "now", "start_timer"]


# One lock for every chart: hold_canvas() batches into ipycanvas's one global command cache, so
# two charts drawn at once from two threads must not interleave their frames.
DRAW_LOCK = threading.RLock()

#: The clock the throttle reads (tests replace it).
now: Callable[[], float] = time.monotonic


def start_timer(delay: float, callback: Callable[[], None]) -> Any:
    """Call ``callback`` once after ``delay`` seconds in a daemon thread; returns a ``.cancel()``-able."""
    timer = threading.Timer(delay, callback)
    timer.daemon = True
    timer.start()
    return timer


@contextmanager
def _held() -> Iterator[None]:
    """``hold_canvas()``, which also lets go (sending what it holds) when a drawing step fails.

    ``hold_canvas`` turns caching on for every canvas of the kernel and off only on a clean exit.
    """
    from ipycanvas import hold_canvas

    held = hold_canvas()
    held.__enter__()
    try:
        yield
    finally:
        held.__exit__(None, None, None)


class Chart:
    """A chart on a three-layer ``MultiCanvas``: back (axes), data, front (the exact overlay)."""

    BACK, DATA, FRONT = 0, 1, 2

    def __init__(
        self,
        *,
        title: str,
        xlabel: str,
        ylabel: str,
        width: int,
        height: int,
        theme: str,
        percent: bool,
        min_interval: float,
        pixel_ratio: float,
    ) -> None:
        from ipycanvas import MultiCanvas
        from ipywidgets import Layout

        for name, value in (("title", title), ("xlabel", xlabel), ("ylabel", ylabel)):
            if not isinstance(value, str):
                raise TypeError(f"{name} must be a string, not {value!r}")
        width = as_count(width, "width")
        height = as_count(height, "height")
        if width < 240 or height < 160:
            raise ValueError(f"a chart needs at least 240 x 160 px, not {width} x {height}")
        if theme not in PALETTES:
            raise ValueError(f"theme must be one of {sorted(PALETTES)}, not {theme!r}")
        if not min_interval >= 0:
            raise ValueError(f"min_interval must be a number of seconds >= 0, not {min_interval!r}")
        if not 1 <= pixel_ratio <= 4:
            raise ValueError(f"pixel_ratio must be between 1 and 4, not {pixel_ratio!r}")
        self.title = title
        self.xlabel = xlabel
        self.ylabel = ylabel
        self.width = width
        self.height = height
        self.theme = theme
        self.palette = PALETTES[theme]
        self.percent = bool(percent)
        self.min_interval = float(min_interval)
        self.pixel_ratio = float(pixel_ratio)
        self._last_draw = -math.inf  # when the last frame was drawn (by now())
        self._pending = False  # data changed since the last frame
        self._timer: Any = None  # the trailing redraw, while one is scheduled
        self._scales: Any = None  # what the back and front layers were last drawn for
        self._closed = False
        self._canvas = MultiCanvas(
            3,
            width=round(width * self.pixel_ratio),
            height=round(height * self.pixel_ratio),
            layout=Layout(width=f"{width}px", height="auto", max_width="100%"),
        )
        self._canvas.add_class("tw-chart")
        # A page (re)loaded later starts with blank canvases: draw everything again.
        self._canvas.on_client_ready(self.redraw)

    @property
    def ytitle(self) -> str:
        """The y axis's title as drawn: ``ylabel``, with " (%)" when the ticks are percentages
        ("share of deals (%)") and the label does not say so already."""
        if self.percent and "%" not in self.ylabel and "percent" not in self.ylabel.lower():
            return f"{self.ylabel} (%)"
        return self.ylabel

    # -- display ---------------------------------------------------------------------------
    @property
    def widget(self) -> MultiCanvas:
        """The ipycanvas widget showing the chart (put it in a layout, or just show the chart)."""
        return self._canvas

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._canvas._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Close the widget and stop any pending redraw; later updates only keep the data."""
        with DRAW_LOCK:
            self._closed = True
            self._cancel_timer()
            for layer in self._canvas._canvases:
                layer.close()
            self._canvas.close()

    def redraw(self) -> None:
        """Draw every layer again now, whatever the throttle says."""
        with DRAW_LOCK:
            self._scales = None
            self._draw_now()

    # -- throttle --------------------------------------------------------------------------
    def _request_draw(self, force: bool) -> None:
        with DRAW_LOCK:
            self._pending = True
            wait = self._last_draw + self.min_interval - now()
            if force or wait <= 0:
                self._draw_now()
            elif self._timer is None and not self._closed:
                self._timer = start_timer(wait, self._trailing_draw)

    def _trailing_draw(self) -> None:
        with DRAW_LOCK:
            self._timer = None
            if self._pending:
                self._draw_now()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _draw_now(self) -> None:
        self._cancel_timer()
        self._pending = False
        self._last_draw = now()
        if self._closed:
            return
        scales = self._compute_scales()
        with _held():
            if scales != self._scales:
                self._draw_back(self._layer(self.BACK), scales)
                self._draw_front(self._layer(self.FRONT), scales)
            self._draw_data(self._layer(self.DATA), scales)
        self._scales = scales

    def _layer(self, index: int) -> Canvas:
        """A layer, cleared, with its transform set to draw in CSS pixels."""
        layer = self._canvas[index]
        r = self.pixel_ratio
        layer.set_transform(1, 0, 0, 1, 0, 0)
        layer.clear()
        layer.set_transform(r, 0, 0, r, 0, 0)
        layer.set_line_dash([])
        return layer

    # -- what a subclass provides ----------------------------------------------------------
    def _compute_scales(self) -> Any:
        raise NotImplementedError

    def _draw_back(self, layer: Canvas, scales: Any) -> None:
        raise NotImplementedError

    def _draw_data(self, layer: Canvas, scales: Any) -> None:
        raise NotImplementedError

    def _draw_front(self, layer: Canvas, scales: Any) -> None:
        raise NotImplementedError

    # -- drawing helpers -------------------------------------------------------------------
    def _snap(self, v: float, line_width: float = 1) -> float:
        """``v`` moved by at most half a device pixel to where a line of this width is crisp."""
        r = self.pixel_ratio
        device = round(line_width * r)
        return (round(v * r) if device % 2 == 0 else math.floor(v * r) + 0.5) / r

    def _text(
        self,
        layer: Canvas,
        text: str,
        x: float,
        y: float,
        *,
        size: float = 12,
        bold: bool = False,
        align: str = "left",
        baseline: str = "alphabetic",
        colour: str | None = None,
    ) -> None:
        plate = self.palette.plate
        if plate is not None and text:
            width, height = text_width(text, size) * (1.1 if bold else 1), size * 1.3
            left = x - {"center": width / 2, "right": width, "end": width}.get(align, 0)
            top = y - {"top": 0, "middle": height / 2, "bottom": height}.get(baseline, size * 1.05)
            layer.fill_style = plate
            layer.fill_rect(left - 3, top - 1, width + 6, height + 2)
        layer.font = f"{'bold ' if bold else ''}{size}px {FONT}"
        layer.fill_style = colour or self.palette.ink
        layer.text_align = align
        layer.text_baseline = baseline
        layer.fill_text(text, x, y)

    def _draw_frame_texts(self, layer: Canvas, frame: Frame) -> None:
        """Background, title, axis labels and the y axis with its grid and tick labels."""
        p = self.palette
        if p.background is not None:
            layer.fill_style = p.background
            layer.fill_rect(0, 0, self.width, self.height)
        self._text(layer, self.title, self.width / 2, 10, size=15, bold=True, align="center", baseline="top")
        self._text(layer, self.xlabel, (frame.left + frame.right) / 2, self.height - 8, align="center")
        layer.save()
        layer.translate(14, (frame.top + frame.bottom) / 2)
        layer.rotate(-math.pi / 2)
        self._text(layer, self.ytitle, 0, 0, align="center", baseline="middle")
        layer.restore()
        step = nice_step(frame.yhi - frame.ylo, max(2, round((frame.bottom - frame.top) / 50)))
        layer.line_width = 1
        for value in tick_values(frame.ylo, frame.yhi, step):
            y = self._snap(frame.y(value))
            layer.stroke_style = p.grid
            layer.stroke_line(frame.left, y, frame.right, y)
            layer.stroke_style = p.ink
            layer.stroke_line(frame.left - 5, y, frame.left, y)
            self._text(
                layer,
                share_text(value, step, self.percent),
                frame.left - 8,
                y,
                size=11,
                align="right",
                baseline="middle",
            )
        layer.stroke_style = p.ink
        x0, y0 = self._snap(frame.left), self._snap(frame.bottom)
        layer.stroke_line(x0, frame.top, x0, y0)
        layer.stroke_line(x0, y0, frame.right, y0)

    def _draw_legend(self, layer: Canvas, items: list[tuple[str, str, int]], frame: Frame) -> None:
        """One row (or more) of swatches and texts between the title and the plot.

        ``items`` are (kind, text, room) with kind "bar", "line", "dashed", "mark" or "band", and
        room the characters to keep free for a text that grows as games are added.
        """
        p = self.palette
        x, y = frame.left, 44
        for kind, text, room in items:
            width = _legend_width(text, room)
            if x > frame.left and x + width > self.width - 8:
                x, y = frame.left, y + 18
            if kind == "bar":
                layer.fill_style = p.observed_fill
                layer.fill_rect(x, y - 6, 18, 12)
                layer.stroke_style = p.observed
                layer.line_width = 1
                layer.stroke_rect(x + 0.5, y - 5.5, 17, 11)
            elif kind == "band":
                layer.fill_style = p.band
                layer.fill_rect(x, y - 6, 18, 12)
            else:
                layer.stroke_style = p.observed if kind == "line" else p.exact
                layer.line_width = 2.5
                layer.set_line_dash([5, 3] if kind == "dashed" else [])
                layer.stroke_line(x, y, x + 18, y)
                layer.set_line_dash([])
                if kind == "mark":
                    layer.fill_style = p.exact
                    layer.fill_circle(x + 9, y, 3.5)
            self._text(layer, text, x + 24, y, baseline="middle")
            x += width

    def _legend_top(self, items: list[tuple[str, str, int]]) -> float:
        """Where the plot starts: under the title and as many legend rows as the items need."""
        rows, x = 1, float(LEFT)
        for _kind, text, room in items:
            width = _legend_width(text, room)
            if x > LEFT and x + width > self.width - 8:
                rows, x = rows + 1, LEFT
            x += width
        return 58 + 18 * (rows - 1)


def _legend_width(text: str, room: int) -> float:
    return 26 + max(text_width(text, 12), text_width("0" * room, 12)) + 16
