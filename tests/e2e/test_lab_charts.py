"""The lab's charts in a real JupyterLab: drawn sharp, live while a simulation runs, readable in
both themes.

Set ``TW_E2E_SHOTS`` to a directory to keep the screenshots the theme test looks at.
"""

from __future__ import annotations

import io
import os
import time
from collections import Counter
from pathlib import Path

import pytest

from tools.jupyter import Notebook

pytestmark = pytest.mark.e2e

#: The canvas in a cell's output (ipycanvas draws a MultiCanvas on one <canvas>).
CHART = ".jp-OutputArea-output canvas.tw-chart"

#: How many pixels of the canvas are not transparent.
PAINTED = """el => {
    const data = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
    return n;
}"""


@pytest.fixture
def charts_notebook(open_notebook):
    """A fresh copy of the charts fixture notebook, open in JupyterLab (its own kernel)."""
    return open_notebook("lab_charts.ipynb", "lab_charts")


def wait_chart(nb: Notebook, index: int):
    """The chart's canvas in cell ``index``, once something is drawn on it."""
    canvas = nb.cell(index).locator(CHART)
    canvas.wait_for(timeout=60_000)
    nb.page.wait_for_function(f"el => ({PAINTED})(el) > 1000", arg=canvas.element_handle(), timeout=60_000)
    return canvas


def pixels(canvas) -> str:
    return canvas.evaluate("el => el.toDataURL()")


def set_theme(page, name: str) -> None:
    """Pick a JupyterLab theme from the Settings menu and wait until the page wears it."""
    light = "true" if "Light" in name else "false"
    if page.evaluate("document.body.dataset.jpThemeLight") == light:
        return
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).hover()
    page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True).click()
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")
    page.wait_for_timeout(300)  # let the page repaint in the new colours


def test_a_convergence_chart_follows_a_simulation_live(charts_notebook):
    nb, page = charts_notebook, charts_notebook.page
    nb.run(0)
    canvas = wait_chart(nb, 0)

    # Drawn at the screen's resolution: twice as many canvas pixels as CSS pixels here.
    width, css, dpr = canvas.evaluate("el => [el.width, el.clientWidth, devicePixelRatio]")
    assert dpr == 2 and css == 640 and width == 1280
    empty = pixels(canvas)

    # A simulation in a kernel thread: the chart changes several times while it runs.
    nb.run(3)
    frames = [empty]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(set(frames)) < 5:
        page.wait_for_timeout(150)
        frames.append(pixels(canvas))
    assert len(set(frames)) >= 5, f"{len(set(frames))} distinct frames while the simulation ran"

    # When it is over the chart shows the last point, and then it stays still.
    nb.run(4)
    assert "4000 4000" in " ".join(nb.output_text(4))
    page.wait_for_timeout(600)
    final = pixels(canvas)
    page.wait_for_timeout(600)
    assert pixels(canvas) == final != empty


def _luminance(rgb: tuple[int, ...]) -> float:
    lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _readable_share(png: bytes, top: float = 0.0, bottom: float = 1.0) -> tuple[float, float]:
    """(share of pixels at 3:1 contrast or more against the background, background luminance).

    The background is the commonest colour of the shot (the charts are transparent); only rows
    between ``top`` and ``bottom`` (fractions of the height) count.
    """
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = image.size
    rows = image.crop((0, int(h * top), w, int(h * bottom)))
    counts = Counter({colour: n for n, colour in rows.getcolors(maxcolors=rows.width * rows.height)})
    background = _luminance(counts.most_common(1)[0][0])
    luminance = {colour: _luminance(colour) for colour in counts}
    readable = sum(
        n
        for colour, n in counts.items()
        if (max(luminance[colour], background) + 0.05) / (min(luminance[colour], background) + 0.05) >= 3
    )
    return readable / rows.width / rows.height, background


def test_both_charts_read_in_the_light_and_the_dark_theme(charts_notebook):
    nb, page = charts_notebook, charts_notebook.page
    shots = os.environ.get("TW_E2E_SHOTS")
    before = "JupyterLab Light" if page.evaluate("document.body.dataset.jpThemeLight") == "true" else None
    try:
        for i in (0, 1, 2):
            nb.run(i)
        charts = {"convergence": wait_chart(nb, 0), "histogram": wait_chart(nb, 1)}
        page.wait_for_timeout(600)  # the forced last frames have landed
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            set_theme(page, theme)
            for kind, canvas in charts.items():
                canvas.scroll_into_view_if_needed()
                png = canvas.screenshot()
                if shots:
                    Path(shots).mkdir(parents=True, exist_ok=True)
                    (Path(shots) / f"{kind}-{theme.split()[-1].lower()}.png").write_bytes(png)
                # the title's strip: its letters stand out from the page behind the chart
                title, background = _readable_share(png, 0.0, 0.09)
                assert title > 0.01, f"{kind} title in {theme}: {title:.3%} of its strip reads"
                # the whole chart: text, axes, bars or line
                whole, _bg = _readable_share(png)
                assert whole > 0.01, f"{kind} in {theme}: {whole:.3%} of the chart reads"
                assert (background > 0.5) == (theme == "JupyterLab Light")
    finally:
        set_theme(page, before or "JupyterLab Dark")
