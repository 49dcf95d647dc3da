"""The lab's charts, without a browser: what each redraw tells the canvas to draw.

Every drawing command ipycanvas would send to the page is caught at the canvas manager and
replayed by a small interpreter (which layer, which colour, where, after the transforms), so the
tests read the picture: one bar per outcome, heights in proportion to the counts, the exact
marks at the height the y axis' own tick labels give them, the band narrowing as games add up.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from ipycanvas import MultiCanvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS, Canvas

from touring_widgets.lab import charts
from touring_widgets.lab.charts import PALETTES, Convergence, Histogram, exact_band, wilson
from touring_widgets.lab.charts import chart as chart_module
from touring_widgets.lab.charts.labels import text_width

from ..colours import contrast

NAMES = {number: name for name, number in COMMANDS.items()}
ATTRS = {number: name for name, number in Canvas.ATTRS.items()}
DICE = {k: Fraction(6 - abs(7 - k), 36) for k in range(2, 13)}


# -- replaying what the canvas is told ---------------------------------------------------------
@dataclass
class Op:
    """One drawing command as the page would run it."""

    layer: int | None  # the chart's layer (0 back, 1 data, 2 front), None for another canvas
    name: str
    args: list[Any]
    style: dict[str, Any]  # fill_style, font, ... when the command ran
    matrix: tuple[float, ...]  # the transform (a, b, c, d, e, f) when the command ran
    message: int  # which message to the page carried it

    def at(self, x: float, y: float, ratio: float = 2) -> tuple[float, float]:
        """Where (x, y) of this command lands, in CSS pixels."""
        a, b, c, d, e, f = self.matrix
        return ((a * x + c * y + e) / ratio, (b * x + d * y + f) / ratio)


@dataclass
class _State:
    matrix: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    style: dict[str, Any] = field(default_factory=dict)
    stack: list[tuple[tuple[float, ...], dict[str, Any]]] = field(default_factory=list)


def _multiply(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


class Recorder:
    """Catches every message the canvas manager sends and replays it."""

    def __init__(self) -> None:
        self.messages: list[tuple[Any, list[Any]]] = []

    def send(self, commands: Any, buffers: Any = ()) -> None:
        self.messages.append((commands, [bytes(b) for b in buffers]))

    def ops(self, chart: Any, since: int = 0) -> list[Op]:
        """The commands of messages ``since`` on (state replayed from the first message)."""
        layers = {c.model_id: i for i, c in enumerate(chart.widget._canvases)}
        states: dict[str, _State] = {}
        current = None
        out: list[Op] = []
        for index, (commands, buffers) in enumerate(self.messages):
            batch = commands if commands and isinstance(commands[0], list) else [commands]
            remaining = list(buffers)
            for command in batch:
                name, args = NAMES[command[0]], list(command[1])
                count = command[2] if len(command) > 2 else 0
                own, remaining = remaining[:count], remaining[count:]
                args = [
                    np.frombuffer(own[a["idx"]], dtype=a["dtype"]).reshape(a["shape"]).tolist()
                    if isinstance(a, dict) and "idx" in a
                    else a
                    for a in args
                ]
                if name == "switchCanvas":
                    current = args[0].replace("IPY_MODEL_", "")
                    continue
                state = states.setdefault(current, _State())
                if name == "set":
                    state.style[ATTRS[args[0]]] = args[1]
                    continue
                if name == "save":
                    state.stack.append((state.matrix, dict(state.style)))
                elif name == "restore":
                    state.matrix, state.style = state.stack.pop()
                elif name == "setTransform":
                    state.matrix = tuple(args)
                elif name == "resetTransform":
                    state.matrix = (1, 0, 0, 1, 0, 0)
                elif name == "translate":
                    state.matrix = _multiply(state.matrix, (1, 0, 0, 1, args[0], args[1]))
                elif name == "scale":
                    state.matrix = _multiply(state.matrix, (args[0], 0, 0, args[1], 0, 0))
                elif name == "rotate":
                    cos, sin = math.cos(args[0]), math.sin(args[0])
                    state.matrix = _multiply(state.matrix, (cos, sin, -sin, cos, 0, 0))
                elif name == "setLineDash":
                    state.style["line_dash"] = list(args[0])
                if index >= since:
                    out.append(Op(layers.get(current), name, args, dict(state.style), state.matrix, index))
        return out


@pytest.fixture
def rec(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorder = Recorder()
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", recorder.send)
    monkeypatch.setattr(_CANVAS_MANAGER, "_current_canvas", None)
    return recorder


class FakeTime:
    """A clock the throttle reads, and timers that fire only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0
        self.timers: list[list[Any]] = []  # [delay, callback, cancelled]

    def start(self, delay: float, callback: Any) -> Any:
        timer = [delay, callback, False]
        self.timers.append(timer)

        class Handle:
            def cancel(self) -> None:
                timer[2] = True

        return Handle()

    def live(self) -> list[list[Any]]:
        return [t for t in self.timers if not t[2]]

    def fire(self) -> None:
        for timer in self.live():
            timer[2] = True
            timer[1]()


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(chart_module, "now", lambda: fake.now)
    monkeypatch.setattr(chart_module, "start_timer", fake.start)
    return fake


# -- reading the picture -----------------------------------------------------------------------
def on(ops: list[Op], layer: int, name: str | None = None) -> list[Op]:
    return [o for o in ops if o.layer == layer and (name is None or o.name == name)]


def texts(ops: list[Op], layer: int | None = None) -> list[str]:
    return [o.args[0] for o in ops if o.name == "fillText" and (layer is None or o.layer == layer)]


def last_frame(rec: Recorder, chart: Any) -> list[Op]:
    """The commands of the last message: one redraw."""
    return rec.ops(chart, since=len(rec.messages) - 1)


def full_frame(rec: Recorder, chart: Any) -> list[Op]:
    """Every layer as it now shows: the last commands sent to each layer."""
    ops = rec.ops(chart)
    frame = []
    for layer in (0, 1, 2):
        mine = [o for o in ops if o.layer == layer]
        last = max(o.message for o in mine)
        frame += [o for o in mine if o.message == last]
    return frame


class YAxis:
    """The y scale as the tick labels on the back layer tell it (value -> CSS px)."""

    def __init__(self, ops: list[Op]) -> None:
        self.ticks: dict[float, float] = {}
        for o in on(ops, 0, "fillText"):
            if o.style.get("text_align") == "right" and o.args[0].endswith("%"):
                self.ticks[float(o.args[0].rstrip("%")) / 100] = o.at(o.args[1], o.args[2])[1]
        assert len(self.ticks) >= 3, self.ticks

    def y(self, value: float) -> float:
        (v0, y0), (v1, y1) = sorted(self.ticks.items())[0], sorted(self.ticks.items())[-1]
        return y0 + (y1 - y0) * (value - v0) / (v1 - v0)

    def value(self, y: float) -> float:
        (v0, y0), (v1, y1) = sorted(self.ticks.items())[0], sorted(self.ticks.items())[-1]
        return v0 + (v1 - v0) * (y - y0) / (y1 - y0)


def x_labels(ops: list[Op]) -> list[tuple[float, str]]:
    """The x tick labels of the back layer, left to right: (x in CSS px, text)."""
    labels = []
    for o in on(ops, 0, "fillText"):
        if o.style.get("text_baseline") == "top" and o.style.get("font", "").startswith("11px"):
            labels.append((o.at(o.args[1], o.args[2])[0], o.args[0]))
        elif abs(o.matrix[1]) > 0.1 and abs(o.matrix[3]) > 0.1:  # slanted, not the upright y label
            labels.append((o.at(0, 0)[0], o.args[0]))
    return sorted(labels)


def bars(ops: list[Op]) -> tuple[list[float], list[float], list[float], list[float]]:
    """The bars of the data layer: x, top, width, height in CSS px, left to right."""
    (fill,) = on(ops, 1, "fillRects")
    x, y, w, h = fill.args
    n = len(x)
    w = w if isinstance(w, list) else [w] * n
    left = [fill.at(xi, 0)[0] for xi in x]
    top = [fill.at(0, yi)[1] for yi in y]
    return left, top, [wi / 1 for wi in w], [hi / 1 for hi in h]


# -- Histogram ---------------------------------------------------------------------------------
class TestHistogramDrawing:
    def test_one_bar_per_outcome_with_heights_in_proportion_to_the_counts(self, rec: Recorder) -> None:
        h = Histogram(exact=DICE, title="Two dice", xlabel="sum", width=640, height=360)
        counts = {2: 3, 3: 5, 4: 8, 5: 11, 6: 14, 7: 20, 8: 13, 9: 11, 10: 8, 11: 5, 12: 2}
        h.update(counts, force=True)
        ops = full_frame(rec, h)
        left, top, _width, height = bars(ops)
        assert len(left) == 11 == len(h.outcomes)
        assert left == sorted(left)
        ratios = [hi / counts[k] for hi, k in zip(height, range(2, 13))]
        assert max(ratios) - min(ratios) < 1e-6
        # the bar of 7 (20 of 100 games) reaches the 20% tick; every bar stands on the 0% line
        axis = YAxis(ops)
        assert top[5] == pytest.approx(axis.y(0.20), abs=0.6)
        bottoms = {round(t + hh, 3) for t, hh in zip(top, height)}
        assert len(bottoms) == 1 and bottoms.pop() == pytest.approx(axis.y(0.0), abs=0.6)

    def test_a_bar_is_centred_on_its_tick_label(self, rec: Recorder) -> None:
        h = Histogram(exact=DICE, xlabel="sum")
        h.update({7: 6, 2: 1}, force=True)
        ops = full_frame(rec, h)
        left, _top, width, _h = bars(ops)
        labels = x_labels(ops)
        assert [t for _x, t in labels] == [str(k) for k in range(2, 13)]
        for (x, _t), bl, bw in zip(labels, left, width):
            assert bl + bw / 2 == pytest.approx(x, abs=0.01)

    def test_exact_marks_sit_at_the_exact_probability(self, rec: Recorder) -> None:
        h = Histogram(exact={1: Fraction(1, 2), 2: Fraction(1, 4), 3: 0.25})
        h.update({1: 30, 2: 40, 3: 30}, force=True)
        ops = full_frame(rec, h)
        axis = YAxis(ops)
        marks = on(ops, 2, "strokeLine")
        assert len(marks) == 3
        ys = [m.at(m.args[0], m.args[1])[1] for m in marks]
        assert all(m.args[1] == m.args[3] for m in marks)  # horizontal
        assert ys[0] == pytest.approx(axis.y(0.5), abs=0.6)
        assert ys[1] == pytest.approx(axis.y(0.25), abs=0.6)
        assert ys[2] == pytest.approx(ys[1])
        # each mark straddles its bar's centre, in the exact colour, over the bars (front layer)
        left, _top, width, _h = bars(ops)
        for m, bl, bw in zip(marks, left, width):
            x0, x1 = m.at(m.args[0], 0)[0], m.at(m.args[2], 0)[0]
            assert (x0 + x1) / 2 == pytest.approx(bl + bw / 2)
            assert x1 - x0 >= bw
            assert m.style["stroke_style"] == PALETTES["auto"].exact
        (dots,) = on(ops, 2, "fillCircles")
        assert len(dots.args[0]) == 3

    def test_title_axis_labels_and_legend_are_written(self, rec: Recorder) -> None:
        h = Histogram(exact=DICE, title="Sum of two dice", xlabel="sum", ylabel="share of rolls")
        h.update({7: 1500, 6: 1234}, force=True)
        written = texts(full_frame(rec, h))
        # the y axis's title says its ticks are percentages
        for text in ("Sum of two dice", "sum", "share of rolls (%)", "simulated (n = 2,734)", "exact"):
            assert text in written
        # the y label is turned a quarter turn to read bottom-up
        (ylabel,) = [o for o in full_frame(rec, h) if o.name == "fillText" and o.args[0] == h.ytitle]
        assert h.ytitle == "share of rolls (%)"
        assert ylabel.matrix[1] == pytest.approx(-2) and ylabel.matrix[2] == pytest.approx(2)

    def test_the_y_title_names_percentages_only_when_the_ticks_are_percentages(self, rec: Recorder) -> None:
        assert Histogram(exact=DICE).ytitle == "share (%)"
        assert Histogram(exact=DICE, ylabel="share of rolls", percent=False).ytitle == "share of rolls"
        assert Histogram(exact=DICE, ylabel="percent of rolls").ytitle == "percent of rolls"
        assert Convergence(exact=0.5).ytitle == "share (%)" and Convergence(exact=0.5).xlabel == "trials"
        assert "share of rolls" in texts(full_frame(rec, Histogram(exact=DICE, ylabel="share of rolls",
                                                                    percent=False)))

    def test_the_legend_counts_the_games_as_they_come(self, rec: Recorder) -> None:
        h = Histogram(exact=DICE)
        assert "simulated (n = 0)" in texts(full_frame(rec, h))
        h.update({7: 3}, force=True)
        assert "simulated (n = 3)" in texts(last_frame(rec, h))

    def test_without_exact_there_are_bars_and_no_marks(self, rec: Recorder) -> None:
        h = Histogram(exact=None, title="Plies")
        h.update({"long": 5, "short": 2}, force=True)
        ops = full_frame(rec, h)
        assert len(bars(ops)[0]) == 2
        assert [o.name for o in on(ops, 2) if o.name not in ("clear", "setTransform", "setLineDash")] == []
        assert "exact" not in texts(ops)

    def test_ints_sort_numerically_and_names_keep_the_order_of_exact(self, rec: Recorder) -> None:
        h = Histogram(exact={10: 0.2, 2: 0.5, 9: 0.3})
        assert h.outcomes == [2, 9, 10]
        h = Histogram(exact=None)
        h.update({np.int64(12): 1, 3: 4, 100: 1}, force=True)
        assert h.outcomes == [3, 12, 100]
        assert [t for _x, t in x_labels(full_frame(rec, h))] == ["3", "12", "100"]
        h = Histogram(exact={"zebra": 0.5, "apple": 0.25, "mango": 0.25})
        h.update({"apple": 1, "kiwi": 2, "zebra": 3}, force=True)
        assert h.outcomes == ["zebra", "apple", "mango", "kiwi"]
        assert [t for _x, t in x_labels(full_frame(rec, h))] == ["zebra", "apple", "mango", "kiwi"]
        h = Histogram(exact=None, outcomes=["c", "b"])
        h.update({"a": 1, "b": 1}, force=True)
        assert h.outcomes == ["c", "b", "a"]

    def test_an_outcome_seen_but_not_in_exact_gets_a_bar_and_a_zero_mark(self, rec: Recorder) -> None:
        h = Histogram(exact={1: 0.5, 2: 0.5})
        h.update({1: 4, 2: 5, 3: 1}, force=True)
        ops = full_frame(rec, h)
        assert len(bars(ops)[0]) == 3
        marks = on(ops, 2, "strokeLine")
        assert marks[2].at(0, marks[2].args[1])[1] == pytest.approx(YAxis(ops).y(0), abs=0.6)

    def test_many_outcomes_thin_the_tick_labels(self, rec: Recorder) -> None:
        h = Histogram(exact=None, width=400)
        h.update({k: 1 + k % 7 for k in range(1000, 1300)}, force=True)
        ops = full_frame(rec, h)
        assert len(bars(ops)[0]) == 300
        labels = x_labels(ops)
        assert 3 <= len(labels) < 300
        gaps = [b[0] - a[0] for a, b in itertools.pairwise(labels)]
        assert min(gaps) > text_width("1000", 11)
        # consecutive numbers keep round ones: every multiple of one step of 1, 2, 5, 10, 20, ...
        values = [int(t) for _x, t in labels]
        step = values[1] - values[0]
        assert step in (2, 5, 10, 20, 50, 100) and all(v % step == 0 for v in values)
        assert values == list(range(values[0], 1300, step)) and values[0] - 1000 < step
        # bucketed numbers (not consecutive) are thinned by position
        h = Histogram(exact=None, width=300)
        h.update({k * 7: 1 for k in range(100)}, force=True)
        values = [int(t) for _x, t in x_labels(full_frame(rec, h))]
        assert values[0] == 0 and len({b - a for a, b in itertools.pairwise(values)}) == 1

    def test_long_names_are_slanted_and_shortened(self, rec: Recorder) -> None:
        names = [f"a card called number {i}" for i in range(20)]
        h = Histogram(exact={n: Fraction(1, 20) for n in names})
        ops = full_frame(rec, h)
        slanted = [o for o in on(ops, 0, "fillText") if abs(o.matrix[1]) > 0.1 and o.args[0] != h.ytitle]
        assert slanted and all(len(o.args[0]) <= 16 and o.args[0].endswith("…") for o in slanted)
        _a, b, _c, d, _e, _f = slanted[0].matrix
        assert math.degrees(math.atan2(b, d)) == pytest.approx(-45)

    def test_the_y_axis_grows_with_a_tall_bar_and_comes_back(self, rec: Recorder) -> None:
        h = Histogram(exact={k: Fraction(1, 6) for k in range(1, 7)})
        h.update({1: 1}, force=True)  # one game: a bar of 100%
        assert max(YAxis(full_frame(rec, h)).ticks) == 1.0
        h.update({k: 100 + k for k in range(1, 7)}, force=True)
        assert max(YAxis(full_frame(rec, h)).ticks) == pytest.approx(0.2)


class TestRedraws:
    def test_a_redraw_is_one_message_and_only_the_data_layer_when_the_scales_hold(
        self, rec: Recorder
    ) -> None:
        h = Histogram(exact=DICE)
        assert len(rec.messages) == 1  # the first frame: all three layers in one message
        assert {o.layer for o in rec.ops(h)} == {0, 1, 2}
        h.update({k: 6 - abs(7 - k) for k in range(2, 13)}, force=True)  # the exact shares
        assert len(rec.messages) == 2
        assert {o.layer for o in last_frame(rec, h)} == {1}
        h.update({7: 60, 6: 5, 8: 5}, force=True)  # 86% of games are 7s: the y axis grows
        assert len(rec.messages) == 3
        assert {o.layer for o in last_frame(rec, h)} == {0, 1, 2}

    def test_a_redraw_on_request_draws_every_layer(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5)
        c.redraw()
        assert {o.layer for o in last_frame(rec, c)} == {0, 1, 2}

    @pytest.mark.parametrize("kind", ["histogram", "convergence"])
    def test_updates_are_throttled_and_the_last_one_is_drawn_late(
        self, rec: Recorder, clock: FakeTime, kind: str
    ) -> None:
        if kind == "histogram":
            chart: Any = Histogram(exact=DICE)

            def update(i: int, force: bool = False) -> None:
                chart.update({7: i}, force=force)

            def shown() -> str:
                return f"simulated (n = {i})"
        else:
            chart = Convergence(exact=Fraction(1, 6))

            def update(i: int, force: bool = False) -> None:
                chart.update(i // 6, i, force=force)

            def shown() -> str:
                return f"(n = {i})"

        clock.now += 1
        update(1)  # the last redraw was long ago: drawn at once
        assert len(rec.messages) == 2
        for i in range(2, 22):  # twenty updates within 0.2 s: none drawn yet, one redraw due
            clock.now += 0.009
            update(i)
        assert len(rec.messages) == 2
        assert len(clock.live()) == 1 and 0 < clock.live()[0][0] <= 0.2
        clock.fire()  # the time is up: the latest data is drawn, once
        assert len(rec.messages) == 3
        assert any(shown() in t for t in texts(last_frame(rec, chart)))
        clock.fire()
        assert len(rec.messages) == 3
        # force draws at once, however soon, and a forced draw cancels the pending one
        clock.now += 0.01
        update(30)
        assert len(clock.live()) == 1
        update(31, force=True)
        assert len(rec.messages) == 4
        assert clock.live() == []
        # five seconds of an update every millisecond: about five redraws a second
        start = len(rec.messages)
        for i in range(32, 5032):
            clock.now += 0.001
            update(i)
        assert 23 <= len(rec.messages) - start <= 26

    def test_the_trailing_redraw_really_comes(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5, min_interval=0.05)
        c.update(1, 2)
        c.update(2, 3)  # too soon: waits for the timer
        sent = len(rec.messages)
        deadline = time.monotonic() + 10
        while len(rec.messages) == sent and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(rec.messages) == sent + 1
        assert any("(n = 3)" in t for t in texts(last_frame(rec, c)))

    def test_updates_from_two_threads_do_not_mix_their_frames(self, rec: Recorder) -> None:
        charts_ = [Convergence(exact=0.5, min_interval=0), Convergence(exact=0.25, min_interval=0)]

        def run(c: Convergence) -> None:
            for n in range(1, 201):
                c.update(n // 2, n)

        threads = [threading.Thread(target=run, args=(c,)) for c in charts_]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        # every message carries one chart's frame, never a mix of both
        ids = [{c.model_id for c in ch.widget._canvases} for ch in charts_]
        for commands, _buffers in rec.messages[2:]:
            used = {
                cmd[1][0].replace("IPY_MODEL_", "") for cmd in commands if NAMES[cmd[0]] == "switchCanvas"
            }
            assert used <= ids[0] or used <= ids[1]
        assert charts_[0].points[-1] == (200, 0.5)


class TestCanvas:
    def test_drawn_at_twice_the_css_size_for_hidpi(self, rec: Recorder) -> None:
        h = Histogram(exact=DICE, width=500, height=300)
        assert isinstance(h.widget, MultiCanvas)
        assert (h.widget.width, h.widget.height) == (1000, 600)
        assert h.widget.layout.width == "500px"
        for layer in (0, 1, 2):
            transforms = [o.args for o in on(rec.ops(h), layer, "setTransform")]
            assert transforms == [[1, 0, 0, 1, 0, 0], [2.0, 0, 0, 2.0, 0, 0]]
        c = Convergence(exact=0.5, pixel_ratio=3)
        assert (c.widget.width, c.widget.height) == (1920, 1080)

    @pytest.mark.parametrize("theme", ["light", "dark"])
    def test_a_chosen_theme_paints_its_background_and_inks_that_read_on_it(
        self, rec: Recorder, theme: str
    ) -> None:
        c = Convergence(exact=0.3, theme=theme, title="T")
        ops = rec.ops(c)
        first = next(o for o in on(ops, 0) if o.name.startswith("fill"))
        assert first.name == "fillRect" and first.args == [0, 0, 640, 360]
        background = first.style["fill_style"]
        assert background == PALETTES[theme].background
        title = next(o for o in ops if o.name == "fillText" and o.args[0] == "T")
        assert contrast(title.style["fill_style"], background) >= 7
        for colour in (PALETTES[theme].observed, PALETTES[theme].exact):
            assert contrast(colour, background) >= 3

    def test_the_auto_theme_is_transparent_and_reads_on_white_and_on_dark(self, rec: Recorder) -> None:
        c = Convergence(exact=0.3, title="T")
        ops = rec.ops(c)
        assert not [o for o in on(ops, 0, "fillRect") if o.args == [0, 0, 640, 360]]
        title = next(o for o in ops if o.name == "fillText" and o.args[0] == "T")
        plate = PALETTES["auto"].plate
        assert plate is not None and plate.startswith("rgba(255, 255, 255, ")
        texts = [k for k, o in enumerate(ops) if o.name == "fillText"]
        assert texts and all(ops[k - 1].name == "fillRect" and ops[k - 1].style["fill_style"] == plate
                             for k in texts), "a text of the transparent chart is not on its plate"
        alpha = float(plate.rstrip(")").split(",")[-1])
        for page in ("#ffffff", "#111111"):  # JupyterLab's light and dark backgrounds
            # every text sits on the plate, drawn over the page (WCAG AA for text: 4.5:1)
            level = round(255 * alpha + int(page[1:3], 16) * (1 - alpha))
            assert contrast(title.style["fill_style"], f"#{level:02x}{level:02x}{level:02x}") >= 4.5
            assert contrast(PALETTES["auto"].observed, page) >= 3
            assert contrast(PALETTES["auto"].exact, page) >= 3

    def test_the_chart_shows_itself_as_its_widget(self) -> None:
        c = Convergence(exact=0.5)
        bundle = c._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == c.widget.model_id
        assert "tw-chart" in c.widget._dom_classes

    def test_a_page_that_connects_later_gets_the_whole_picture(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5)
        c.update(3, 5, force=True)
        before = len(rec.messages)
        c.widget._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
        assert len(rec.messages) == before + 1
        assert {o.layer for o in last_frame(rec, c)} == {0, 1, 2}

    def test_after_close_updates_draw_nothing(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5)
        c.close()
        before = len(rec.messages)
        c.update(1, 1, force=True)
        assert len(rec.messages) == before
        assert c.points == [(1, 1.0)]


# -- Convergence -------------------------------------------------------------------------------
def x_axis(ops: list[Op]) -> tuple[float, float, float, float]:
    """(n0, x0, n1, x1): the first and last x tick labels, as numbers and CSS x."""
    labels = [(x, float(t.replace(",", ""))) for x, t in x_labels(ops)]
    (x0, n0), (x1, n1) = labels[0], labels[-1]
    return n0, x0, n1, x1


class TestConvergence:
    def test_points_are_the_running_frequencies(self) -> None:
        c = Convergence(exact=Fraction(1, 6))
        for s, n in [(0, 1), (1, 2), (1, 3), (2, 12)]:
            c.update(s, n)
        c.update(2, 12, force=True)  # the same point again: redrawn, not repeated
        assert c.points == [(1, 0.0), (2, 0.5), (3, 1 / 3), (12, 1 / 6)]
        with pytest.raises(ValueError, match="trials must grow"):
            c.update(3, 12)
        with pytest.raises(ValueError, match="trials must grow"):
            c.update(2, 11)
        with pytest.raises(ValueError, match="successes <= trials"):
            c.update(14, 13)
        with pytest.raises(ValueError, match="trials >= 1"):
            Convergence(exact=0.5).update(0, 0)
        with pytest.raises(TypeError, match="whole number"):
            c.update(1.5, 20)
        assert len(c.points) == 4
        c.reset()
        assert c.points == []
        c.update(1, 1)
        assert c.points == [(1, 1.0)]

    def test_the_exact_value_is_a_dashed_line_at_its_height(self, rec: Recorder) -> None:
        c = Convergence(exact=Fraction(1, 2), title="Heads", ylabel="frequency of heads")
        ops = full_frame(rec, c)
        (line,) = on(ops, 2, "strokeLine")
        assert line.args[1] == line.args[3]
        assert line.at(0, line.args[1])[1] == pytest.approx(YAxis(ops).y(0.5), abs=0.6)
        assert line.style["line_dash"] and line.style["stroke_style"] == PALETTES["auto"].exact
        # it spans the plot, from the y axis to the right edge
        assert line.at(line.args[0], 0)[0] == pytest.approx(charts.LEFT)

    def test_the_running_line_ends_at_the_last_point(self, rec: Recorder) -> None:
        c = Convergence(exact=Fraction(1, 6))
        for n in range(1, 301):
            c.update(n // 5, n)
        c.update(60, 300, force=True)
        ops = full_frame(rec, c)
        (line,) = on(ops, 1, "strokeLines")
        assert len(line.args[0]) == 300
        x, y = line.at(*line.args[0][-1])
        n0, x0, n1, x1 = x_axis(ops)
        assert x == pytest.approx(x0 + (300 - n0) / (n1 - n0) * (x1 - x0), abs=0.6)
        assert y == pytest.approx(YAxis(ops).y(0.2), abs=0.6)
        (dot,) = on(ops, 1, "fillCircle")
        assert dot.at(dot.args[0], dot.args[1]) == pytest.approx((x, y))

    def test_the_band_narrows_as_games_add_up(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5)
        for n in range(1, 1001):
            c.update(n // 2, n)
        c.update(500, 1000, force=True)
        ops = full_frame(rec, c)
        (band,) = on(ops, 0, "fillPolygon")
        vertices = [band.at(x, y) for x, y in band.args[0]]
        half = len(vertices) // 2
        upper, lower = vertices[:half], vertices[half:][::-1]
        assert [u[0] for u in upper] == pytest.approx([v[0] for v in lower])
        widths = [lo[1] - up[1] for up, lo in zip(upper, lower)]
        assert all(a >= b - 1e-9 for a, b in itertools.pairwise(widths))
        assert widths[-1] < widths[len(widths) // 10] / 2
        # after 400 games the band is 0.5 ± 1.96 * sqrt(0.25 / 400), as the axes read it
        axis = YAxis(ops)
        n0, x0, n1, x1 = x_axis(ops)
        at400 = min(range(half), key=lambda i: abs(upper[i][0] - (x0 + (400 - n0) / (n1 - n0) * (x1 - x0))))
        n = n0 + (upper[at400][0] - x0) / (x1 - x0) * (n1 - n0)
        assert axis.value(upper[at400][1]) == pytest.approx(0.5 + 1.96 * math.sqrt(0.25 / n), abs=0.0015)
        assert axis.value(lower[at400][1]) == pytest.approx(0.5 - 1.96 * math.sqrt(0.25 / n), abs=0.0015)
        assert band.style["fill_style"] == PALETTES["auto"].band

    def test_title_axis_labels_and_legend_are_written(self, rec: Recorder) -> None:
        c = Convergence(exact=Fraction(1, 6), title="A six", xlabel="rolls", ylabel="frequency of a six")
        c.update(170, 1000, force=True)
        written = texts(full_frame(rec, c))
        for text in (
            "A six",
            "frequency of a six (%)",
            "rolls",
            "simulated 17% (n = 1,000)",
            "exact 1/6 ≈ 16.7%",
            "95% of runs",
        ):
            assert text in written
        c = Convergence(exact=Fraction(1, 4))
        assert "exact 1/4 = 25%" in texts(full_frame(rec, c))

    def test_without_exact_the_band_is_wilsons_interval_around_the_frequency(self, rec: Recorder) -> None:
        c = Convergence(exact=None)
        for n in range(1, 101):
            c.update(n // 3, n)
        c.update(33, 100, force=True)
        ops = full_frame(rec, c)
        assert on(ops, 2, "strokeLine") == []
        assert on(ops, 0, "fillPolygon") == []
        (band,) = on(ops, 1, "fillPolygon")
        axis = YAxis(ops)
        vertices = [band.at(x, y) for x, y in band.args[0]]
        half = len(vertices) // 2
        lo, hi = wilson(33, 100)
        assert axis.value(vertices[half - 1][1]) == pytest.approx(hi, abs=0.002)
        assert axis.value(vertices[half][1]) == pytest.approx(lo, abs=0.002)
        assert "95% interval (Wilson)" in texts(ops)

    def test_a_long_run_draws_a_short_line_with_the_same_extremes(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5, min_interval=10)
        rng = np.random.default_rng(1)
        wins = np.cumsum(rng.integers(0, 2, 100_000))
        for n, s in enumerate(wins, start=1):
            c.update(int(s), n)
        c.update(int(wins[-1]), 100_000, force=True)
        ops = last_frame(rec, c)
        (line,) = on(ops, 1, "strokeLines")
        ys = [y for _x, y in line.args[0]]
        assert len(ys) <= 4 * 640
        axis = YAxis(full_frame(rec, c))
        every = [axis.y(s / n) for n, s in enumerate(wins, start=1)]
        assert min(line.at(0, y)[1] for y in ys) == pytest.approx(min(every), abs=0.01)
        assert max(line.at(0, y)[1] for y in ys) == pytest.approx(max(every), abs=0.01)

    def test_a_log_scale_spreads_the_first_games(self, rec: Recorder) -> None:
        c = Convergence(exact=0.5, xscale="log")
        for n in range(1, 501):
            c.update(n // 2, n)
        c.update(250, 500, force=True)
        ops = full_frame(rec, c)
        labels = x_labels(ops)
        assert [t for _x, t in labels] == ["1", "10", "100"]
        xs = [x for x, _t in labels]
        assert xs[1] - xs[0] == pytest.approx(xs[2] - xs[1], abs=1)
        # the axis ends at 500 (a 1-2-5 number), where the line ends
        (line,) = on(ops, 1, "strokeLines")
        end = line.at(*line.args[0][-1])[0]
        assert end == pytest.approx(xs[0] + (xs[2] - xs[0]) * math.log10(500) / 2, abs=1)
        assert end == pytest.approx(640 - 16)

    def test_the_y_range_fits_the_band_from_ten_games_or_is_given(self, rec: Recorder) -> None:
        c = Convergence(exact=Fraction(1, 20))
        ticks = YAxis(full_frame(rec, c)).ticks
        lo, hi = exact_band(0.05, 10)
        assert min(ticks) <= lo and max(ticks) >= hi and max(ticks) <= 0.3
        c = Convergence(exact=0.05, ylim=(0, 0.1))
        ticks = YAxis(full_frame(rec, c)).ticks
        assert (min(ticks), max(ticks)) == (0, 0.1)


class TestMaths:
    def test_wilson_interval(self) -> None:
        assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
        assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
        assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
        with pytest.raises(ValueError):
            wilson(3, 2)

    def test_exact_band(self) -> None:
        assert exact_band(0.5, 100) == pytest.approx((0.402, 0.598), abs=1e-4)
        assert exact_band(0.5, 4) == pytest.approx((0.5 - 1.96 * 0.25, 0.5 + 1.96 * 0.25), abs=1e-4)
        assert exact_band(0.0, 100) == (0.0, 0.0)
        assert exact_band(0.5, 1) == (0.0, 1.0)


class TestArguments:
    @pytest.mark.parametrize(
        ("kwargs", "error", "match"),
        [
            ({"exact": {1: 0.7, 2: 0.6}}, ValueError, "add up to 1.3"),
            ({"exact": {1: 1.5}}, ValueError, "between 0 and 1"),
            ({"exact": {1: "half"}}, TypeError, "must be a number"),
            ({"exact": {}}, ValueError, "exact=None"),
            ({"exact": [0.5, 0.5]}, TypeError, "map outcomes"),
            ({"exact": None, "theme": "sepia"}, ValueError, "theme must be one of"),
            ({"exact": None, "width": 100}, ValueError, "at least 240 x 160"),
        ],
    )
    def test_histogram_refuses(self, kwargs: dict[str, Any], error: type, match: str) -> None:
        with pytest.raises(error, match=match):
            Histogram(**kwargs)

    def test_histogram_update_refuses_bad_counts(self) -> None:
        h = Histogram(exact=None)
        with pytest.raises(ValueError, match="negative"):
            h.update({1: -1})
        with pytest.raises(TypeError, match="whole number"):
            h.update({1: 2.5})
        with pytest.raises(TypeError, match="map outcomes"):
            h.update([1, 2])
        assert h.counts == {}

    @pytest.mark.parametrize(
        ("kwargs", "error", "match"),
        [
            ({"exact": 1.2}, ValueError, "between 0 and 1"),
            ({"exact": float("nan")}, ValueError, "between 0 and 1"),
            ({"exact": True}, TypeError, "must be a number"),
            ({"exact": 0.5, "xscale": "sqrt"}, ValueError, "xscale"),
            ({"exact": 0.5, "ylim": (0.5, 0.2)}, ValueError, "ylim"),
        ],
    )
    def test_convergence_refuses(self, kwargs: dict[str, Any], error: type, match: str) -> None:
        with pytest.raises(error, match=match):
            Convergence(**kwargs)
