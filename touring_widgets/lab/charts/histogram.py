"""The histogram: the share of simulated games per outcome (bars) under the exact distribution."""

from __future__ import annotations

import math
import numbers
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from .chart import DRAW_LOCK, Chart
from .inputs import as_count, as_probability
from .labels import count_text, shorten, text_width
from .scales import BELOW, LEFT, Frame, nice_upper

if TYPE_CHECKING:
    from ipycanvas import Canvas

__all__ = ["Histogram"]


@dataclass(frozen=True)
class _HistogramScales:
    """What the axes and the exact marks were drawn for; a new value redraws those layers."""

    outcomes: tuple[Hashable, ...]
    frame: Frame
    slanted: bool  # x tick labels at 45 degrees
    labelled: tuple[int, ...]  # the outcomes (by position) whose tick carries a label


class Histogram(Chart):
    """The share of simulated games per outcome (bars) under the exact distribution (marks).

    ``exact`` maps each outcome to its probability (``Fraction`` or float), or is ``None`` when
    no exact distribution is known. Outcomes that are all integers are shown in numerical order;
    others in the order of ``exact`` (or of ``outcomes``, when given), then any outcome first
    seen in the counts, in the order seen. The y axis shows shares (``percent=False``: 0 to 1);
    its title is ``ylabel`` ("share of rolls"), with " (%)" when the ticks are percentages; the
    legend names the bars ``bars`` ("simulated": what was counted, "students" in a class).

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
        ylabel: str = "share",
        width: int = 640,
        height: int = 360,
        outcomes: Iterable[Hashable] | None = None,
        theme: str = "auto",
        percent: bool = True,
        bars: str = "simulated",
        min_interval: float = 0.2,
        pixel_ratio: float = 2,
    ) -> None:
        self.exact: dict[Hashable, Fraction | float] | None = None
        if exact is not None:
            if not isinstance(exact, Mapping):
                raise TypeError(f"exact must map outcomes to probabilities, or be None; got {exact!r}")
            if not exact:
                raise ValueError("exact has no outcomes; pass exact=None when no exact distribution is known")
            self.exact = {k: as_probability(v, f"exact[{k!r}]") for k, v in exact.items()}
            total = sum(self.exact.values())
            if total > 1 + 1e-9:
                raise ValueError(f"the exact probabilities add up to {float(total):.6g}, more than 1")
        self.bars = bars
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
        clean = {k: as_count(v, f"counts[{k!r}]") for k, v in counts.items()}
        with DRAW_LOCK:
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
        wanted = min(1.0, nice_upper(max(peak, 0.01) * 1.04))
        # Grow at once; shrink only when the tallest bar is well below the lower top, so a bar
        # hovering near a tick does not make the axis flap.
        if wanted > self._ymax or (wanted < self._ymax and peak * 1.04 <= 0.92 * wanted):
            self._ymax = wanted
        slanted, labelled, below = self._label_layout(outcomes)
        top = self._legend_top(self._legend_items())
        frame = Frame(LEFT, top, self.width - 16, self.height - below, 0.0, self._ymax)
        return _HistogramScales(tuple(outcomes), frame, slanted, labelled)

    def _label_layout(self, outcomes: list[Hashable]) -> tuple[bool, tuple[int, ...], float]:
        """(slanted, which outcomes get a label, room under the plot) for the x tick labels.

        Labels that would touch are thinned: consecutive integers keep the multiples of 2, 5,
        10, 20, ...; other outcomes every k-th. Names that do not fit are slanted first.
        """
        labels = [shorten(str(k)) for k in outcomes]
        slot = (self.width - 16 - LEFT) / max(1, len(labels))
        widest = max((text_width(t, 11) for t in labels), default=0)
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

    def _slots(self, frame: Frame, count: int) -> tuple[float, float]:
        """(slot width, bar width) of ``count`` bars across the plot."""
        slot = (frame.right - frame.left) / max(1, count)
        return slot, (slot if slot <= 3 else min(slot * 0.72, slot - 2))

    def _legend_items(self) -> list[tuple[str, str, int]]:
        items = [("bar", f"{self.bars} (n = {count_text(self.total)})", 24)]
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
            label = shorten(str(k))
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
