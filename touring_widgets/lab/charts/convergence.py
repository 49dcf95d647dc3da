"""The convergence chart: the running frequency of an event as games accumulate, settling onto
its exact value inside the band where most runs lie."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .bands import exact_band, wilson
from .chart import DRAW_LOCK, Chart
from .inputs import as_count, as_probability, check_counts
from .labels import count_text, exact_text, text_width, value_text
from .scales import BELOW, LEFT, Frame, nice_step, nice_upper, tick_values

if TYPE_CHECKING:
    import numpy as np
    from ipycanvas import Canvas

__all__ = ["Convergence"]


@dataclass(frozen=True)
class _ConvergenceScales:
    """What the axes, the exact band and the exact line were drawn for."""

    xmax: float
    frame: Frame


class Convergence(Chart):
    """The running frequency of an event as trials accumulate, settling onto its exact value.
    ``xlabel`` names what is counted ("deals", "rolls", "games"; default "trials"); the y axis
    shows shares, its title ``ylabel`` with " (%)" when the ticks are percentages.

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
        xlabel: str = "trials",
        ylabel: str = "share",
        width: int = 640,
        height: int = 360,
        xscale: str = "linear",
        ylim: tuple[float, float] | None = None,
        theme: str = "auto",
        percent: bool = True,
        min_interval: float = 0.2,
        pixel_ratio: float = 2,
    ) -> None:
        self.exact = None if exact is None else as_probability(exact, "exact")
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
        successes = as_count(successes, "successes")
        trials = as_count(trials, "trials")
        check_counts(successes, trials)
        with DRAW_LOCK:
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
        with DRAW_LOCK:
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
        return nice_upper(max(last, 10))

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
        step = nice_step(hi - lo, 5)
        return (
            max(0.0, round(math.floor(lo / step + 1e-9) * step, 12)),
            min(1.0, round(math.ceil(hi / step - 1e-9) * step, 12)),
        )

    def _compute_scales(self) -> _ConvergenceScales:
        ylo, yhi = self._yrange()
        top = self._legend_top(self._legend_items())
        frame = Frame(LEFT, top, self.width - 16, self.height - BELOW, ylo, yhi)
        return _ConvergenceScales(self._xmax(), frame)

    def _x(self, frame: Frame, xmax: float, n: float) -> float:
        share = math.log10(max(n, 1)) / math.log10(xmax) if self.xscale == "log" else n / xmax
        return frame.left + share * (frame.right - frame.left)

    def _legend_items(self) -> list[tuple[str, str, int]]:
        if self._runs:
            s, n = self._runs[-1]
            now = f"simulated {value_text(s / n, self.percent)} (n = {count_text(n)})"
        else:
            now = "simulated (n = 0)"
        items = [("line", now, 28)]
        if self.exact is not None:
            items.append(("dashed", f"exact {exact_text(self.exact, self.percent)}", 0))
            items.append(("band", "95% of runs", 0))
        else:
            items.append(("band", "95% interval (Wilson)", 0))
        return items

    def _clip(self, layer: Canvas, frame: Frame) -> None:
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
            step = nice_step(xmax, max(2, round((frame.right - frame.left) / 90)))
            ticks, minor = tick_values(0, xmax, step), []
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
            label = count_text(n)
            # the last label stays on the canvas
            x = min(x, self.width - 6 - text_width(label, 11) / 2)
            self._text(layer, label, x, frame.bottom + 8, size=11, align="center", baseline="top")
        if self.exact is not None:
            p_exact = float(self.exact)
            band = [(n, exact_band(p_exact, n)) for n in self._band_ns(frame, xmax)]
            self._draw_band(layer, frame, xmax, band)

    def _band_ns(self, frame: Frame, xmax: float) -> list[float]:
        """Numbers of games at which to sample the band: about one every 3 px across the plot."""
        columns = max(2, int((frame.right - frame.left) / 3))
        if self.xscale == "log":
            return [10 ** (math.log10(xmax) * i / columns) for i in range(columns + 1)]
        return [max(1.0, xmax * i / columns) for i in range(columns + 1)]

    def _draw_band(
        self, layer: Canvas, frame: Frame, xmax: float, band: list[tuple[float, tuple[float, float]]]
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

    def _line(self, frame: Frame, xmax: float) -> np.ndarray:
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
