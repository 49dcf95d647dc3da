"""Charts of the probability lab: simulated frequencies next to exact probabilities, live.

Two charts, each an ipycanvas ``MultiCanvas`` you show as the last line of a cell:

- ``Histogram``: the share of simulated games per outcome (bars) with the exact distribution
  drawn over it (a mark per outcome);
- ``Convergence``: the running frequency of one event as games accumulate, the exact value as a
  horizontal line and the band where 95% of runs lie at each number of games.

>>> from fractions import Fraction
>>> h = Histogram(exact={k: Fraction(6 - abs(7 - k), 36) for k in range(2, 13)}, title="Two dice")
>>> h.update({7: 18, 6: 15, 8: 14, 2: 3}, force=True)
>>> c = Convergence(exact=Fraction(1, 6), title="A six", ylabel="frequency of a six")
>>> c.update(1, 4); c.update(3, 10)
>>> c.points
[(4, 0.25), (10, 0.3)]

``update`` may be called after every simulated game: the chart redraws at most a few times a
second (``min_interval``), and a change that arrived too soon is drawn once that time has
passed. Each redraw is one message to the page (``hold_canvas``); the chart keeps the axes and
the exact overlay on their own layers and resends them only when a scale changes. The canvas is
drawn at twice its CSS size (``pixel_ratio``), so it is sharp on HiDPI screens; ``theme="auto"``
(transparent, mid-tone inks) reads on JupyterLab's light and dark themes alike.
"""

from __future__ import annotations

import math
import numbers
import operator
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from ipycanvas import Canvas, MultiCanvas

__all__ = ["PALETTES", "Convergence", "Histogram", "Palette", "exact_band", "wilson"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054

#: Font stack of the charts' texts (the canvas cannot read JupyterLab's CSS variables).
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'


# -- colours ----------------------------------------------------------------------------------
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


PALETTES: dict[str, Palette] = {
    # Mid-tone inks on a transparent canvas: contrast of at least 4.3:1 for the text on both
    # white and JupyterLab's dark background (#111), at least 3:1 for the data marks.
    "auto": Palette(
        background=None,
        ink="#7a7a7a",
        grid="rgba(128, 128, 128, 0.28)",
        observed="#3b82f6",
        observed_fill="rgba(59, 130, 246, 0.55)",
        exact="#e0661a",
        band="rgba(59, 130, 246, 0.2)",
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


# -- statistics -------------------------------------------------------------------------------
def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a frequency of ``successes`` in ``trials``.

    >>> lo, hi = wilson(0, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.0, 0.2775)

    Raises ValueError unless ``0 <= successes <= trials`` and ``trials >= 1``.
    """
    _check_counts(successes, trials)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def exact_band(p: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Where the frequency of an event of probability ``p`` lies in 95% of runs of ``trials`` games.

    The normal approximation ``p ± z·sqrt(p(1-p)/trials)``, cut to [0, 1].

    >>> [round(v, 4) for v in exact_band(0.5, 100)]
    [0.402, 0.598]
    """
    if trials <= 0:
        raise ValueError(f"trials must be positive, not {trials!r}")
    half = z * math.sqrt(p * (1 - p) / trials)
    return max(0.0, p - half), min(1.0, p + half)


def _check_counts(successes: int, trials: int) -> None:
    if not 0 <= successes <= trials or trials < 1:
        raise ValueError(f"need 0 <= successes <= trials and trials >= 1, got {successes} of {trials}")


# -- scales and labels ------------------------------------------------------------------------
def _nice_step(span: float, count: int = 5) -> float:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``count`` parts."""
    raw = max(span, 1e-12) / max(count, 1)
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * power * (1 + 1e-9):
            return m * power
    return 10 * power  # pragma: no cover - the loop always returns


def _ticks(lo: float, hi: float, step: float) -> list[float]:
    first = math.ceil(lo / step - 1e-9)
    last = math.floor(hi / step + 1e-9)
    return [round(k * step, 12) for k in range(first, last + 1)]


def _nice_upper(value: float, count: int = 5) -> float:
    """The smallest multiple of a nice step at or above ``value``."""
    step = _nice_step(value, count)
    return round(math.ceil(value / step - 1e-9) * step, 12)


def _share_text(value: float, step: float, percent: bool) -> str:
    """A tick label of a share: ``25%`` (or ``0.25``), with as many decimals as the step needs."""
    if percent:
        value, step = value * 100, step * 100
    decimals = max(0, math.ceil(-math.log10(step) - 1e-9))
    text = f"{value:.{decimals}f}"
    return text + "%" if percent else text


def _value_text(value: float, percent: bool) -> str:
    """A share in three significant figures: ``16.7%`` (or ``0.167``)."""
    return f"{value * 100:.3g}%" if percent else f"{value:.3g}"


def _count_text(n: float) -> str:
    """A count with thousands separators; a million and more as ``1.5M``."""
    if n >= 1_000_000:
        return f"{n / 1_000_000:.3g}M"
    return f"{round(n):,}"


def _exact_text(value: Fraction | float, percent: bool) -> str:
    """``1/6 ≈ 16.7%`` for a fraction with a small denominator, else the share alone."""
    share = _value_text(float(value), percent)
    if isinstance(value, Fraction) and 1 < value.denominator <= 1000:
        rounded = Fraction(share.rstrip("%")) / (100 if percent else 1)
        return f"{value} {'=' if rounded == value else '≈'} {share}"
    return share


def _text_width(text: str, size: float) -> float:
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


def _short(text: str, limit: int = 16) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _as_probability(value: Any, what: str) -> Fraction | float:
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


def _as_count(value: Any, what: str) -> int:
    try:
        count = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be a whole number, not {value!r}") from None
    if count < 0:
        raise ValueError(f"{what} must not be negative, got {count}")
    return count


# -- geometry ---------------------------------------------------------------------------------
#: The plot's left edge (CSS px): room for the y label and the y tick labels.
LEFT = 58
#: Space under the plot for the x tick labels and the x label (when they are not slanted).
BELOW = 48


@dataclass(frozen=True)
class _Frame:
    """The plot rectangle, in CSS pixels, and the value ranges it maps."""

    left: float
    top: float
    right: float
    bottom: float
    ylo: float
    yhi: float

    def y(self, value: float) -> float:
        return self.bottom - (value - self.ylo) / (self.yhi - self.ylo) * (self.bottom - self.top)


# -- the shared machinery ---------------------------------------------------------------------
# One lock for every chart: hold_canvas() batches into ipycanvas's one global command cache, so
# two charts drawn at once from two threads must not interleave their frames.
_DRAW_LOCK = threading.RLock()

#: The clock the throttle reads (tests replace it).
_now: Callable[[], float] = time.monotonic


def _start_timer(delay: float, callback: Callable[[], None]) -> Any:
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


class _Chart:
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
        width = _as_count(width, "width")
        height = _as_count(height, "height")
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
        self._last_draw = -math.inf  # when the last frame was drawn (by _now())
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

    # -- display ---------------------------------------------------------------------------
    @property
    def widget(self) -> MultiCanvas:
        """The ipycanvas widget showing the chart (put it in a layout, or just show the chart)."""
        return self._canvas

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self._canvas._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Close the widget and stop any pending redraw; later updates only keep the data."""
        with _DRAW_LOCK:
            self._closed = True
            self._cancel_timer()
            for layer in self._canvas._canvases:
                layer.close()
            self._canvas.close()

    def redraw(self) -> None:
        """Draw every layer again now, whatever the throttle says."""
        with _DRAW_LOCK:
            self._scales = None
            self._draw_now()

    # -- throttle --------------------------------------------------------------------------
    def _request_draw(self, force: bool) -> None:
        with _DRAW_LOCK:
            self._pending = True
            wait = self._last_draw + self.min_interval - _now()
            if force or wait <= 0:
                self._draw_now()
            elif self._timer is None and not self._closed:
                self._timer = _start_timer(wait, self._trailing_draw)

    def _trailing_draw(self) -> None:
        with _DRAW_LOCK:
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
        self._last_draw = _now()
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
        layer.font = f"{'bold ' if bold else ''}{size}px {FONT}"
        layer.fill_style = colour or self.palette.ink
        layer.text_align = align
        layer.text_baseline = baseline
        layer.fill_text(text, x, y)

    def _draw_frame_texts(self, layer: Canvas, frame: _Frame) -> None:
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
        self._text(layer, self.ylabel, 0, 0, align="center", baseline="middle")
        layer.restore()
        step = _nice_step(frame.yhi - frame.ylo, max(2, round((frame.bottom - frame.top) / 50)))
        layer.line_width = 1
        for value in _ticks(frame.ylo, frame.yhi, step):
            y = self._snap(frame.y(value))
            layer.stroke_style = p.grid
            layer.stroke_line(frame.left, y, frame.right, y)
            layer.stroke_style = p.ink
            layer.stroke_line(frame.left - 5, y, frame.left, y)
            self._text(
                layer,
                _share_text(value, step, self.percent),
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

    def _draw_legend(self, layer: Canvas, items: list[tuple[str, str, int]], frame: _Frame) -> None:
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
    return 26 + max(_text_width(text, 12), _text_width("0" * room, 12)) + 16


# -- Histogram --------------------------------------------------------------------------------
@dataclass(frozen=True)
class _HistogramScales:
    """What the axes and the exact marks were drawn for; a new value redraws those layers."""

    outcomes: tuple[Hashable, ...]
    frame: _Frame
    slanted: bool  # x tick labels at 45 degrees
    labelled: tuple[int, ...]  # the outcomes (by position) whose tick carries a label


class Histogram(_Chart):
    """The share of simulated games per outcome (bars) under the exact distribution (marks).

    ``exact`` maps each outcome to its probability (``Fraction`` or float), or is ``None`` when
    no exact distribution is known. Outcomes that are all integers are shown in numerical order;
    others in the order of ``exact`` (or of ``outcomes``, when given), then any outcome first
    seen in the counts, in the order seen. The y axis shows shares (``percent=False``: 0 to 1).

    >>> h = Histogram(exact={"heads": 0.5, "tails": 0.5}, title="A coin", xlabel="side")
    >>> h.update({"tails": 7, "heads": 5}, force=True)
    >>> h.outcomes, h.total
    (['heads', 'tails'], 12)

    Raises TypeError or ValueError for a probability that is not a number in [0, 1], exact
    probabilities that add up to more than 1, an empty ``exact``, or a bad size or theme.
    """

    def __init__(
        self,
        exact: Mapping[Hashable, Fraction | float] | None = None,
        *,
        title: str = "",
        xlabel: str = "outcome",
        ylabel: str = "share of games",
        width: int = 640,
        height: int = 360,
        outcomes: Iterable[Hashable] | None = None,
        theme: str = "auto",
        percent: bool = True,
        min_interval: float = 0.2,
        pixel_ratio: float = 2,
    ) -> None:
        self.exact: dict[Hashable, Fraction | float] | None = None
        if exact is not None:
            if not isinstance(exact, Mapping):
                raise TypeError(f"exact must map outcomes to probabilities, or be None; got {exact!r}")
            if not exact:
                raise ValueError("exact has no outcomes; pass exact=None when no exact distribution is known")
            self.exact = {k: _as_probability(v, f"exact[{k!r}]") for k, v in exact.items()}
            total = sum(self.exact.values())
            if total > 1 + 1e-9:
                raise ValueError(f"the exact probabilities add up to {float(total):.6g}, more than 1")
        self._order: list[Hashable] = list(dict.fromkeys(outcomes)) if outcomes is not None else []
        if self.exact is not None:
            known = set(self._order)
            self._order += [k for k in self.exact if k not in known]
        self._counts: dict[Hashable, int] = {}
        self._ymax = 0.0
        super().__init__(
            title=title,
            xlabel=xlabel,
            ylabel=ylabel,
            width=width,
            height=height,
            theme=theme,
            percent=percent,
            min_interval=min_interval,
            pixel_ratio=pixel_ratio,
        )
        self._draw_now()

    # -- data ------------------------------------------------------------------------------
    def update(self, counts: Mapping[Hashable, int], force: bool = False) -> None:
        """Show these counts of simulated games per outcome (the totals so far, not increments).

        Redraws at once when ``force`` is true or the last redraw is ``min_interval`` old;
        otherwise the redraw follows when that time is up. Raises TypeError or ValueError for a
        count that is not a whole number >= 0.
        """
        if not hasattr(counts, "items"):
            raise TypeError(f"counts must map outcomes to counts, not {counts!r}")
        clean = {k: _as_count(v, f"counts[{k!r}]") for k, v in counts.items()}
        with _DRAW_LOCK:
            self._counts = clean
            known = set(self._order)
            self._order += [k for k in clean if k not in known]
        self._request_draw(force)

    @property
    def outcomes(self) -> list[Hashable]:
        """The outcomes on the x axis, left to right."""
        order = list(self._order)
        if order and all(isinstance(k, numbers.Integral) for k in order):
            order.sort()
        return order

    @property
    def counts(self) -> dict[Hashable, int]:
        """The counts last given to ``update``."""
        return dict(self._counts)

    @property
    def total(self) -> int:
        """The number of simulated games counted."""
        return sum(self._counts.values())

    def shares(self) -> dict[Hashable, float]:
        """The share of games per outcome, in the order of ``outcomes`` (all 0 before any game)."""
        total = self.total
        return {k: (self._counts.get(k, 0) / total if total else 0.0) for k in self.outcomes}

    # -- scales ----------------------------------------------------------------------------
    def _compute_scales(self) -> _HistogramScales:
        outcomes = self.outcomes
        peak = max(self.shares().values(), default=0.0)
        if self.exact:
            peak = max(peak, float(max(self.exact.values())))
        wanted = min(1.0, _nice_upper(max(peak, 0.01) * 1.04))
        # Grow at once; shrink only when the tallest bar is well below the lower top, so a bar
        # hovering near a tick does not make the axis flap.
        if wanted > self._ymax or (wanted < self._ymax and peak * 1.04 <= 0.92 * wanted):
            self._ymax = wanted
        slanted, labelled, below = self._label_layout(outcomes)
        top = self._legend_top(self._legend_items())
        frame = _Frame(LEFT, top, self.width - 16, self.height - below, 0.0, self._ymax)
        return _HistogramScales(tuple(outcomes), frame, slanted, labelled)

    def _label_layout(self, outcomes: list[Hashable]) -> tuple[bool, tuple[int, ...], float]:
        """(slanted, which outcomes get a label, room under the plot) for the x tick labels.

        Labels that would touch are thinned: consecutive integers keep the multiples of 2, 5,
        10, 20, ...; other outcomes every k-th. Names that do not fit are slanted first.
        """
        labels = [_short(str(k)) for k in outcomes]
        slot = (self.width - 16 - LEFT) / max(1, len(labels))
        widest = max((_text_width(t, 11) for t in labels), default=0)
        everyone = tuple(range(len(labels)))
        if widest + 6 <= slot:
            return (False, everyone, BELOW)
        if all(isinstance(k, numbers.Integral) for k in outcomes):
            need = math.ceil((widest + 8) / slot)
            values = [int(k) for k in outcomes]
            if values == list(range(values[0], values[0] + len(values))):
                step = next(m * 10**e for e in range(12) for m in (1, 2, 5) if m * 10**e >= need)
                return (False, tuple(i for i, v in enumerate(values) if v % step == 0) or (0,), BELOW)
            return (False, everyone[::need], BELOW)
        # names: slanted at 45 degrees, every k-th when even slanted they would touch
        every = max(1, math.ceil(16 / slot))
        return (True, everyone[::every], 32 + min(widest * 0.72 + 8, self.height * 0.3))

    def _slots(self, frame: _Frame, count: int) -> tuple[float, float]:
        """(slot width, bar width) of ``count`` bars across the plot."""
        slot = (frame.right - frame.left) / max(1, count)
        return slot, (slot if slot <= 3 else min(slot * 0.72, slot - 2))

    def _legend_items(self) -> list[tuple[str, str, int]]:
        items = [("bar", f"simulated (n = {_count_text(self.total)})", 24)]
        if self.exact is not None:
            items.append(("mark", "exact", 0))
        return items

    # -- layers ----------------------------------------------------------------------------
    def _draw_back(self, layer: Canvas, scales: _HistogramScales) -> None:
        frame = scales.frame
        self._draw_frame_texts(layer, frame)
        slot, _bar = self._slots(frame, len(scales.outcomes))
        layer.stroke_style = self.palette.ink
        layer.line_width = 1
        for i in scales.labelled:
            k = scales.outcomes[i]
            x = frame.left + (i + 0.5) * slot
            layer.stroke_line(x, frame.bottom, x, frame.bottom + 5)
            label = _short(str(k))
            if scales.slanted:
                layer.save()
                layer.translate(x, frame.bottom + 9)
                layer.rotate(-math.pi / 4)
                self._text(layer, label, 0, 0, size=11, align="right", baseline="middle")
                layer.restore()
            else:
                self._text(layer, label, x, frame.bottom + 8, size=11, align="center", baseline="top")

    def _draw_data(self, layer: Canvas, scales: _HistogramScales) -> None:
        frame, outcomes = scales.frame, scales.outcomes
        self._draw_legend(layer, self._legend_items(), frame)
        if not outcomes:
            return
        slot, bar = self._slots(frame, len(outcomes))
        shares = self.shares()
        xs = [frame.left + (i + 0.5) * slot - bar / 2 for i in range(len(outcomes))]
        tops = [frame.y(shares[k]) for k in outcomes]
        heights = [frame.bottom - t for t in tops]
        # thin bars have no outline: they are filled in the outline's solid colour instead
        layer.fill_style = self.palette.observed_fill if bar >= 4 else self.palette.observed
        layer.fill_rects(xs, tops, bar, heights)
        if bar >= 4:
            layer.stroke_style = self.palette.observed
            layer.line_width = 1
            layer.stroke_rects([x + 0.5 for x in xs], tops, bar - 1, heights)

    def _draw_front(self, layer: Canvas, scales: _HistogramScales) -> None:
        frame, outcomes = scales.frame, scales.outcomes
        if self.exact is None or not outcomes:
            return
        slot, bar = self._slots(frame, len(outcomes))
        half = max(1.0, min(slot / 2 - 0.5, bar / 2 + 3))
        layer.stroke_style = self.palette.exact
        layer.line_width = 2.5
        centres, ys = [], []
        for i, k in enumerate(outcomes):
            x = frame.left + (i + 0.5) * slot
            y = frame.y(float(self.exact.get(k, 0)))
            layer.stroke_line(x - half, y, x + half, y)
            centres.append(x)
            ys.append(y)
        layer.fill_style = self.palette.exact
        layer.fill_circles(centres, ys, min(3.5, max(1.5, slot / 5)))


# -- Convergence ------------------------------------------------------------------------------
@dataclass(frozen=True)
class _ConvergenceScales:
    """What the axes, the exact band and the exact line were drawn for."""

    xmax: float
    frame: _Frame


class Convergence(_Chart):
    """The running frequency of an event as games accumulate, settling onto its exact value.

    The exact value is a dashed horizontal line; the shaded band is where the frequency of 95%
    of runs lies after each number of games (``exact ± 1.96·sqrt(p(1-p)/n)``). With
    ``exact=None`` the band is the 95% Wilson interval around the running frequency instead.
    ``xscale="log"`` spreads the first games out. The y range fits the exact value's band from
    10 games on and every point from 10 games on (points of fewer games may leave the plot);
    ``ylim=(lo, hi)`` fixes it.

    >>> c = Convergence(exact=0.5, title="Heads")
    >>> for n in range(1, 5): c.update(n // 2, n)
    >>> c.points[-1]
    (4, 0.5)

    Raises TypeError or ValueError for an exact value that is not a probability, a bad
    ``ylim``, ``xscale``, size or theme.
    """

    #: Fewest games whose frequency (and band) the automatic y range makes room for.
    AUTO_FROM = 10

    def __init__(
        self,
        exact: Fraction | float | None = None,
        *,
        title: str = "",
        xlabel: str = "games played",
        ylabel: str = "frequency",
        width: int = 640,
        height: int = 360,
        xscale: str = "linear",
        ylim: tuple[float, float] | None = None,
        theme: str = "auto",
        percent: bool = True,
        min_interval: float = 0.2,
        pixel_ratio: float = 2,
    ) -> None:
        self.exact = None if exact is None else _as_probability(exact, "exact")
        if xscale not in ("linear", "log"):
            raise ValueError(f"xscale must be 'linear' or 'log', not {xscale!r}")
        self.xscale = xscale
        if ylim is not None:
            lo, hi = (float(v) for v in ylim)
            if not 0 <= lo < hi <= 1:
                raise ValueError(f"ylim must be (lo, hi) with 0 <= lo < hi <= 1, not {ylim!r}")
            ylim = (lo, hi)
        self.ylim = ylim
        self._runs: list[tuple[int, int]] = []  # (successes, trials) of every point
        self._array: Any = None  # the first _arrayed runs as a numpy array (successes, trials)
        self._arrayed = 0
        self._low = math.inf  # lowest and highest frequency from AUTO_FROM games on
        self._high = -math.inf
        super().__init__(
            title=title,
            xlabel=xlabel,
            ylabel=ylabel,
            width=width,
            height=height,
            theme=theme,
            percent=percent,
            min_interval=min_interval,
            pixel_ratio=pixel_ratio,
        )
        self._draw_now()

    # -- data ------------------------------------------------------------------------------
    def update(self, successes: int, trials: int, force: bool = False) -> None:
        """Add the running frequency ``successes / trials`` as the next point, and redraw.

        ``trials`` counts every game so far, so it grows from point to point; giving the last
        point again only redraws. Redraws at once when ``force`` is true or the last redraw is
        ``min_interval`` old; otherwise the redraw follows when that time is up.

        Raises TypeError for counts that are not whole numbers, ValueError unless
        ``0 <= successes <= trials``, ``trials >= 1`` and ``trials`` above the last point's.
        """
        successes = _as_count(successes, "successes")
        trials = _as_count(trials, "trials")
        _check_counts(successes, trials)
        with _DRAW_LOCK:
            last = self._runs[-1] if self._runs else None
            if (successes, trials) != last:
                if last is not None and trials <= last[1]:
                    raise ValueError(
                        f"trials must grow: the last point was {last[0]} of {last[1]}, "
                        f"got {successes} of {trials}"
                    )
                self._runs.append((successes, trials))
                if trials >= self.AUTO_FROM:
                    self._low = min(self._low, successes / trials)
                    self._high = max(self._high, successes / trials)
        self._request_draw(force)

    def reset(self) -> None:
        """Forget every point (a new run starts) and redraw."""
        with _DRAW_LOCK:
            self._runs = []
            self._array, self._arrayed = None, 0
            self._low, self._high = math.inf, -math.inf
            self._draw_now()

    @property
    def points(self) -> list[tuple[int, float]]:
        """Every point so far: (trials, frequency), in order."""
        return [(n, s / n) for s, n in self._runs]

    # -- scales ----------------------------------------------------------------------------
    def _xmax(self) -> float:
        last = self._runs[-1][1] if self._runs else 1
        if self.xscale == "log":
            # 1, 2 or 5 times a power of ten, so the line ends at least two fifths of the way along
            power = 10.0 ** math.floor(math.log10(max(last, 10)) + 1e-9)
            return next(m * power for m in (1, 2, 5, 10) if m * power >= last)
        return _nice_upper(max(last, 10))

    def _yrange(self) -> tuple[float, float]:
        if self.ylim is not None:
            return self.ylim
        values = []
        if self.exact is not None:
            values += [float(self.exact), *exact_band(float(self.exact), self.AUTO_FROM)]
        if self._low <= self._high:
            values += [self._low, self._high]
        elif self.exact is None:
            values += [s / n for s, n in self._runs] or [0.0, 1.0]
        lo, hi = min(values), max(values)
        pad = max(hi - lo, 0.02) * 0.06
        lo, hi = max(0.0, lo - pad), min(1.0, hi + pad)
        step = _nice_step(hi - lo, 5)
        return (
            max(0.0, round(math.floor(lo / step + 1e-9) * step, 12)),
            min(1.0, round(math.ceil(hi / step - 1e-9) * step, 12)),
        )

    def _compute_scales(self) -> _ConvergenceScales:
        ylo, yhi = self._yrange()
        top = self._legend_top(self._legend_items())
        frame = _Frame(LEFT, top, self.width - 16, self.height - BELOW, ylo, yhi)
        return _ConvergenceScales(self._xmax(), frame)

    def _x(self, frame: _Frame, xmax: float, n: float) -> float:
        share = math.log10(max(n, 1)) / math.log10(xmax) if self.xscale == "log" else n / xmax
        return frame.left + share * (frame.right - frame.left)

    def _legend_items(self) -> list[tuple[str, str, int]]:
        if self._runs:
            s, n = self._runs[-1]
            now = f"simulated {_value_text(s / n, self.percent)} (n = {_count_text(n)})"
        else:
            now = "simulated (n = 0)"
        items = [("line", now, 28)]
        if self.exact is not None:
            items.append(("dashed", f"exact {_exact_text(self.exact, self.percent)}", 0))
            items.append(("band", "95% of runs", 0))
        else:
            items.append(("band", "95% interval (Wilson)", 0))
        return items

    def _clip(self, layer: Canvas, frame: _Frame) -> None:
        layer.begin_path()
        layer.rect(frame.left, frame.top, frame.right - frame.left, frame.bottom - frame.top)
        layer.clip()

    # -- layers ----------------------------------------------------------------------------
    def _draw_back(self, layer: Canvas, scales: _ConvergenceScales) -> None:
        frame, xmax = scales.frame, scales.xmax
        self._draw_frame_texts(layer, frame)
        p = self.palette
        if self.xscale == "log":
            ticks = [10.0**k for k in range(math.floor(math.log10(xmax) + 1e-9) + 1)]
            minor = [m * t for t in ticks for m in range(2, 10) if m * t <= xmax * (1 + 1e-9)]
        else:
            step = _nice_step(xmax, max(2, round((frame.right - frame.left) / 90)))
            ticks, minor = _ticks(0, xmax, step), []
        layer.line_width = 1
        layer.stroke_style = p.grid
        for n in minor:
            x = self._snap(self._x(frame, xmax, n))
            layer.stroke_line(x, frame.top, x, frame.bottom)
        for n in ticks:
            x = self._snap(self._x(frame, xmax, n))
            layer.stroke_style = p.grid
            layer.stroke_line(x, frame.top, x, frame.bottom)
            layer.stroke_style = p.ink
            layer.stroke_line(x, frame.bottom, x, frame.bottom + 5)
            label = _count_text(n)
            # the last label stays on the canvas
            x = min(x, self.width - 6 - _text_width(label, 11) / 2)
            self._text(layer, label, x, frame.bottom + 8, size=11, align="center", baseline="top")
        if self.exact is not None:
            p_exact = float(self.exact)
            band = [(n, exact_band(p_exact, n)) for n in self._band_ns(frame, xmax)]
            self._draw_band(layer, frame, xmax, band)

    def _band_ns(self, frame: _Frame, xmax: float) -> list[float]:
        """Numbers of games at which to sample the band: about one every 3 px across the plot."""
        columns = max(2, int((frame.right - frame.left) / 3))
        if self.xscale == "log":
            return [10 ** (math.log10(xmax) * i / columns) for i in range(columns + 1)]
        return [max(1.0, xmax * i / columns) for i in range(columns + 1)]

    def _draw_band(
        self, layer: Canvas, frame: _Frame, xmax: float, band: list[tuple[float, tuple[float, float]]]
    ) -> None:
        if len(band) < 2:
            return
        upper = [(self._x(frame, xmax, n), frame.y(hi)) for n, (_lo, hi) in band]
        lower = [(self._x(frame, xmax, n), frame.y(lo)) for n, (lo, _hi) in reversed(band)]
        layer.save()
        self._clip(layer, frame)
        layer.fill_style = self.palette.band
        layer.fill_polygon(upper + lower)
        layer.restore()

    def _draw_data(self, layer: Canvas, scales: _ConvergenceScales) -> None:
        frame, xmax = scales.frame, scales.xmax
        self._draw_legend(layer, self._legend_items(), frame)
        if not self._runs:
            return
        if self.exact is None:
            band = [(n, wilson(s, n)) for s, n in _thin(self._runs, 400)]
            self._draw_band(layer, frame, xmax, band)
        line = self._line(frame, xmax)
        layer.save()
        self._clip(layer, frame)
        layer.stroke_style = self.palette.observed
        layer.line_width = 2
        layer.line_join = "round"
        if len(line) > 1:
            layer.stroke_lines(line)
        layer.fill_style = self.palette.observed
        layer.fill_circle(float(line[-1][0]), float(line[-1][1]), 3.5)
        layer.restore()

    def _line(self, frame: _Frame, xmax: float) -> np.ndarray:
        """The running frequency's polyline in CSS px, at most four points per pixel column."""
        import numpy as np

        if self._arrayed < len(self._runs):
            fresh = np.asarray(self._runs[self._arrayed :], dtype=float).reshape(-1, 2)
            self._array = fresh if self._array is None else np.concatenate([self._array, fresh])
            self._arrayed = len(self._runs)
        s, n = self._array[:, 0], self._array[:, 1]
        share = np.log10(np.maximum(n, 1)) / math.log10(xmax) if self.xscale == "log" else n / xmax
        x = frame.left + share * (frame.right - frame.left)
        y = frame.bottom - (s / n - frame.ylo) / (frame.yhi - frame.ylo) * (frame.bottom - frame.top)
        return _m4(x, y)

    def _draw_front(self, layer: Canvas, scales: _ConvergenceScales) -> None:
        if self.exact is None:
            return
        frame = scales.frame
        y = frame.y(float(self.exact))
        layer.stroke_style = self.palette.exact
        layer.line_width = 2
        layer.set_line_dash([7, 4])
        layer.stroke_line(frame.left, y, frame.right, y)
        layer.set_line_dash([])


def _thin(points: list[tuple[int, int]], most: int) -> list[tuple[int, int]]:
    """At most about ``most`` of the points, evenly spread, the last one included."""
    if len(points) <= most:
        return points
    step = len(points) / most
    picked = [points[int(i * step)] for i in range(most)]
    return [*picked, points[-1]] if picked[-1] != points[-1] else picked


def _m4(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """A polyline of at most four points per whole-pixel column: first, lowest, highest, last.

    A line of a million points draws as a few thousand and looks the same: within a column the
    line still spans from its lowest to its highest point, and it leaves from the column's last.
    """
    import numpy as np

    if len(x) <= 1000:
        return np.column_stack([x, y])
    column = np.floor(x)
    starts = np.flatnonzero(np.r_[True, column[1:] != column[:-1]])
    ends = np.r_[starts[1:], len(x)] - 1
    low = np.minimum.reduceat(y, starts)
    high = np.maximum.reduceat(y, starts)
    xs = np.column_stack([x[starts], x[starts], x[ends], x[ends]]).ravel()
    ys = np.column_stack([y[starts], low, high, y[ends]]).ravel()
    return np.column_stack([xs, ys])
