"""Every text the boards and charts draw reads at 4.5:1 or more (WCAG AA), in light and dark themes:
the theme's text colours against the grounds they are written on (computed by the page's own
theme.js, in Node, from JupyterLab's variables and from its fallbacks), and the fixed colours
Python sends (cards, tiles, regions, banners, badges, charts)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import touring_widgets as tw
from touring_widgets.lab.charts.palette import PALETTES
from touring_widgets.on_tour.picture import AREA_COLOURS, INK, REGION_COLOURS
from touring_widgets.touring.picture import BACK, FAMILY
from touring_widgets.widgets.style import COLOURS

from ..colours import contrast, over

AA = 4.5
THEME_JS = Path(tw.__file__).parent / "widgets" / "js" / "theme.js"
NODE = shutil.which("node")

#: JupyterLab 4's variables as the page reads them (light and dark themes), and none (marimo).
LAB = {
    "light": {"dark": False, "bg": "white", "panel": "white", "panel2": "#eee", "border": "#bdbdbd",
              "border2": "#e0e0e0", "ink": "#000", "ink1": "rgba(0,0,0,.87)", "ink2": "rgba(0,0,0,.54)",
              "accent": "#1976d2", "warn": "#e65100", "error": "#d32f2f", "good": "#388e3c"},
    "dark": {"dark": True, "bg": "#111", "panel": "#212121", "panel2": "#424242", "border": "#616161",
             "border2": "#424242", "ink": "#fff", "ink1": "rgba(255,255,255,.87)",
             "ink2": "rgba(255,255,255,.54)", "accent": "#2196f3", "warn": "#f57c00", "error": "#f44336",
             "good": "#4caf50"},
}


def mix(a: str, b: str, t: float) -> str:
    return over(b, a, t)


def test_the_contrast_of_black_on_white_and_of_a_known_grey():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def page_themes() -> dict[str, dict]:
    """theme.js's readable colours for JupyterLab's themes and for its own fallbacks (marimo)."""
    assert NODE, "Node.js runs the page's theme.js: apt-get install nodejs"
    script = f"""
      const t = await import({json.dumps(THEME_JS.as_uri())});
      globalThis.document = {{ body: {{ dataset: {{}}, classList: {{ contains: () => false }} }},
        documentElement: {{ dataset: {{}},
          classList: {{ contains: (c) => c === "dark" && globalThis.DARK }} }} }};
      globalThis.getComputedStyle = () => ({{ getPropertyValue: () => "" }});
      const lab = {json.dumps(LAB)};
      const fixed = {json.dumps(COLOURS)};
      const out = {{ lab_light: t.readableTheme({{ ...lab.light, ...fixed }}),
        lab_dark: t.readableTheme({{ ...lab.dark, ...fixed }}) }};
      globalThis.DARK = false; out.fallback_light = t.themeColours({{}}, fixed);
      globalThis.DARK = true; out.fallback_dark = t.themeColours({{}}, fixed);
      console.log(JSON.stringify(out));
    """
    result = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def themes() -> dict[str, dict]:
    return page_themes()


@pytest.mark.parametrize("name", ["lab_light", "lab_dark", "fallback_light", "fallback_dark"])
def test_every_text_colour_of_the_theme_reads_on_every_ground(themes, name):
    c = themes[name]
    inks = ["ink", "ink1", "ink2", "accent", "warn", "error", "good"]
    grounds = {name: c[name] for name in ("bg", "panel", "panel2")}
    # a row where a picked card may go: a panel under the lit fill
    alpha = float(COLOURS["lit_fill"].rsplit(",", 1)[1].rstrip(")"))
    lit = "#" + "".join(f"{int(v):02x}" for v in COLOURS["lit_fill"][5:].split(",")[:3])
    grounds.update({f"lit {name}": over(lit, c[name], alpha) for name in ("panel", "panel2")})
    low = [(ink, name, round(contrast(c[ink], ground), 2)) for ink in inks
           for name, ground in grounds.items() if contrast(c[ink], ground) < AA]
    assert not low
    # Badges: the page's background written on a coloured pill (rule, full pile, blocked card, ✓).
    for fill in ("ink", "ink2", "good", "error", "accent"):
        assert contrast(c["bg"], c[fill]) >= AA, fill
    # The tooltip: the background's colour on the ink.
    assert contrast(c["bg"], c["ink"]) >= AA
    # A button in the accent with its label (white on light pages, dark blue on dark ones).
    assert contrast("#0b1e33" if c["dark"] else "#ffffff", c["accent"]) >= AA


def test_the_theme_keeps_a_colour_that_reads_already(themes):
    assert themes["fallback_light"]["ink"] == "#1a1a1a"
    assert themes["lab_dark"]["ink"] == "#ffffff"


def test_the_shells_fixed_colours_read():
    for fill, ink in (("win", "win_ink"), ("over", "win_ink"), ("card_badge", "card_badge_ink"),
                      ("new", "new_ink"), ("teacher", "teacher_ink")):
        assert contrast(COLOURS[fill], COLOURS[ink]) >= AA, fill


def dim_alphas() -> tuple[float, float]:
    """How strong cards.js draws a card that cannot be played: on a light page, on a dark one."""
    text = (Path(tw.__file__).parent / "touring" / "ui" / "cards.js").read_text()
    light = re.search(r"DIM_LIGHT = ([0-9.]+)", text)
    dark = re.search(r"DIM_DARK = ([0-9.]+)", text)
    assert light and dark
    return float(light.group(1)), float(dark.group(1))


@pytest.mark.parametrize("family", sorted(FAMILY))
def test_a_cards_name_reads_on_its_band_played_or_greyed_out(family):
    ink, paper = FAMILY[family]
    assert contrast("#ffffff", ink) >= AA  # the name, white on the family's band
    assert contrast(ink, paper) >= AA  # the mileage's number, in the family's ink on its paper
    # A card that cannot be played is faded (its band and paper too); its name and miles are not:
    # the name dark on a light page and white on a dark one, the miles in the ink or white.
    light, dark = dim_alphas()
    for ground in ("#ffffff", "#eeeeee"):
        assert contrast("#1a1a1a", over(ink, ground, light)) >= AA
        assert contrast(ink, over(paper, ground, light)) >= AA
    for ground in ("#111111", "#212121", "#424242", "#1b1b1b", "#2a2a2a"):
        assert contrast("#ffffff", over(ink, ground, dark)) >= AA
        if family == "mileage":  # (the only card whose symbol is a text)
            assert contrast("#ffffff", over(paper, ground, dark)) >= AA


def test_the_card_backs_letter_reads():
    assert contrast(BACK["gold"], BACK["fill"]) >= AA


@pytest.mark.parametrize("area", sorted(AREA_COLOURS))
def test_on_tours_tiles_read_in_every_area(area):
    paper, edge = AREA_COLOURS[area]
    assert contrast(edge, paper) >= AA  # the space's label
    for ink in ("number", "pending", "die_ink"):  # (an X is a mark, not a text)
        assert contrast(INK[ink], paper if ink != "die_ink" else INK["die"]) >= AA, ink


#: map.js's mapColours: the map's ground in each theme, an area's blob, a region's name.
MAP_BG = {"light": "#f6f5ef", "dark": "#23262b"}


@pytest.mark.parametrize("region", sorted(REGION_COLOURS))
def test_on_tours_region_names_read_on_the_map_in_both_themes(region):
    colour = REGION_COLOURS[region]
    assert contrast("#ffffff", colour) >= AA  # the card's region, white on its band
    light = [MAP_BG["light"]] + [mix(paper, MAP_BG["light"], 0.15) for paper, _ in AREA_COLOURS.values()]
    assert min(contrast(colour, g) for g in light) >= AA
    name = mix(colour, "#ffffff", 0.55)
    dark = [MAP_BG["dark"]] + [mix(edge, MAP_BG["dark"], 0.7) for _, edge in AREA_COLOURS.values()]
    assert min(contrast(name, g) for g in dark) >= AA


def test_the_map_js_tones_region_names_as_this_test_reads_them():
    text = (Path(tw.__file__).parent / "on_tour" / "ui" / "map.js").read_text()
    assert 'mix(col, "#ffffff", 0.55)' in text and f'"{MAP_BG["dark"]}" : "{MAP_BG["light"]}"' in text


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_themed_charts_text_reads_on_its_background(theme):
    p = PALETTES[theme]
    assert p.background is not None and contrast(p.ink, p.background) >= AA


def test_a_transparent_chart_puts_its_texts_on_a_plate_that_reads_on_both_of_jupyterlabs_backgrounds():
    """No ink alone reads at 4.5:1 on both white and #111 (the best grey gets 4.35:1), so the
    "auto" chart (transparent, the page's colour unknown) draws each text on a light plate."""
    greys = ("#" + f"{v:02x}" * 3 for v in range(256))
    best = max(min(contrast(g, "#ffffff"), contrast(g, "#111111")) for g in greys)
    assert 4.3 < best < AA
    p = PALETTES["auto"]
    assert p.background is None and p.plate is not None
    alpha = float(p.plate.rstrip(")").split(",")[-1])
    for page in (255, 0x11):
        level = round(255 * alpha + page * (1 - alpha))
        assert contrast(p.ink, f"#{level:02x}{level:02x}{level:02x}") >= AA
