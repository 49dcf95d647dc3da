"""The On Tour map laid out, and a picture of the maps as SVG: what a notebook shows without a kernel.

The layout is computed once from the map data (``facts.BOARD``): each space's lon/lat projected
as the USA is usually drawn (Albers equal-area, standard parallels 29.5° and 45.5°), then the
small eastern spaces nudged apart until every tile and its label has room. The live board
(``board.js``) and this picture draw from the same coordinates.

>>> import touring_widgets as tw
>>> o = tw.OnTour(players=2, seed=7)
>>> svg(o.view(0)).startswith("<svg")
True
>>> 0 <= MAP_LAYOUT["TX"][0] <= 1 and MAP_LAYOUT["WA"][0] < MAP_LAYOUT["NE2"][0]
True
"""

from __future__ import annotations

import hashlib
from functools import cache
from html import escape
from math import cos, hypot, radians, sin, sqrt
from typing import Any

from ..core.text import winners_text
from ..widgets.style import COLOURS, PICTURE_SVG
from .facts import AREAS, BOARD, CARD_REGION, ROUTES, SPACES

#: Area -> (tile paper, tile edge and label ink): six areas in six colours, the same in both themes
#: (tiles are paper the numbers are written on). A tile's label in its edge colour reads on its paper at
#: 4.5:1 or more.
AREA_COLOURS = {
    "NW": ("#d9e8f7", "#2968a9"),
    "NC": ("#dcf0dc", "#2c7637"),
    "NE": ("#ebe0f5", "#6b46a8"),
    "SW": ("#faeacd", "#975b0e"),
    "SC": ("#f8dcd6", "#aa3d29"),
    "SE": ("#d4efec", "#14736d"),
}

#: Region -> colour of its cards (O-CARDS) and of its name on the map.
REGION_COLOURS = {
    "North": "#2563a8",
    "South": "#b83729",
    "West": "#905807",
    "Central": "#2a732e",
    "East": "#7b3fa8",
}

#: Area names in words: the map never shows "NE", "NC" or "SC" alone (Nebraska, the Carolinas).
AREA_NAMES = {
    "NW": "North-West", "NC": "North-Central", "NE": "North-East",
    "SW": "South-West", "SC": "South-Central", "SE": "South-East",
}

#: The label a space shows on the map: its id, except New England (the id NE2 reads as data).
LABELS = {sid: sid for sid in SPACES}

#: Fixed colours of the picture and the board: the ink of written numbers, circles, stars, Xs,
#: the best tour and a drawn tour, lit spaces, a number not yet sent (dark enough to read on every
#: tile's paper at 4.5:1).
INK = {
    "number": "#1a1a1a",
    "circle": "#1a1a1a",
    "star": "#b7791f",
    "x": "#c62828",
    "best": "#d81b60",
    "drawn": "#1565c0",
    "lit": "#1976d2",
    "pending": "#0d47a1",
    "fresh": "#f57c00",
    "die": "#fdfdfd",
    "die_ink": "#1a1a1a",
}

#: Everything the live board draws in On Tour's own colours: ``OnTourBoard.palette``.
PALETTE = {"areas": AREA_COLOURS, "regions": REGION_COLOURS, "area_names": AREA_NAMES, "ink": INK}

WIN, WIN_INK, OVER = COLOURS["win"], COLOURS["win_ink"], COLOURS["over"]

#: How far apart two tile centres must be, in map widths (a tile is about 0.054 wide).
SPACING_X = 0.064
SPACING_Y = 0.072
#: The map's height over its width once laid out.
ASPECT = 0.66


def albers(lon: float, lat: float) -> tuple[float, float]:
    """Albers equal-area conic for the lower 48 (standard parallels 29.5°, 45.5°; origin 23°N 96°W).

    Returns (x east, y north) on the unit sphere.
    """
    p1, p2, p0, l0 = radians(29.5), radians(45.5), radians(23.0), radians(-96.0)
    n = (sin(p1) + sin(p2)) / 2
    c = cos(p1) ** 2 + 2 * n * sin(p1)
    rho0 = sqrt(c - 2 * n * sin(p0)) / n
    rho = sqrt(c - 2 * n * sin(radians(lat))) / n
    theta = n * (radians(lon) - l0)
    return rho * sin(theta), rho0 - rho * cos(theta)


@cache
def layout() -> dict[str, tuple[float, float]]:
    """Each space's tile centre as (x, y) in map widths: x in [0, 1] east, y down, 0 <= y <= ASPECT.

    Projected, stretched to fill the map's box, then nudged: pairs closer than the spacing are
    pushed apart (along the axis they overlap least) while every tile is pulled back gently
    towards its geographic place. Deterministic: the same numbers on every machine.
    """
    raw = {sid: albers(BOARD[sid].lon, BOARD[sid].lat) for sid in SPACES}
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    margin = 0.045
    sx = (1 - 2 * margin) / (max(xs) - min(xs))
    sy = (ASPECT - 2 * margin) / (max(ys) - min(ys))
    home = {sid: (margin + (x - min(xs)) * sx, margin + (max(ys) - y) * sy) for sid, (x, y) in raw.items()}
    pos = {sid: list(p) for sid, p in home.items()}
    ids = list(SPACES)
    for sweep in range(800):
        moved = False
        for a_i, a in enumerate(ids):
            pa = pos[a]
            for b in ids[a_i + 1:]:
                pb = pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ox, oy = SPACING_X - abs(dx), SPACING_Y - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                # Push apart along the axis that needs the smaller move.
                if ox / SPACING_X < oy / SPACING_Y:
                    push = ox / 2 + 1e-4
                    sign = 1 if dx > 0 or (dx == 0 and a < b) else -1
                    pa[0] -= sign * push
                    pb[0] += sign * push
                else:
                    push = oy / 2 + 1e-4
                    sign = 1 if dy > 0 or (dy == 0 and a < b) else -1
                    pa[1] -= sign * push
                    pb[1] += sign * push
        pull = 0.02 if sweep < 300 else 0.0  # then only pushes, until nothing overlaps
        for sid in ids:  # a gentle pull home, and the map's edges
            p, h = pos[sid], home[sid]
            p[0] += (h[0] - p[0]) * pull
            p[1] += (h[1] - p[1]) * pull
            p[0] = min(1 - 0.03, max(0.03, p[0]))
            p[1] = min(ASPECT - 0.035, max(0.035, p[1]))
        if not moved and sweep >= 300:
            break
    return {sid: (round(p[0], 4), round(p[1], 4)) for sid, p in pos.items()}


MAP_LAYOUT = layout()


def atlas() -> dict[str, Any]:
    """The map as the page draws it, sent once: spaces in board order, routes, the box's aspect."""
    return {
        "aspect": ASPECT,
        "spaces": [
            {
                "id": sid, "name": BOARD[sid].name, "label": LABELS[sid], "area": BOARD[sid].area,
                "regions": list(BOARD[sid].regions), "card_region": CARD_REGION[sid],
                "x": MAP_LAYOUT[sid][0], "y": MAP_LAYOUT[sid][1],
            }
            for sid in SPACES
        ],
        "routes": [list(r) for r in ROUTES],
        "areas": {a: list(r) for a, r in AREAS.items()},
    }


def nearest_gap() -> float:
    """The smallest distance between two tile centres, in map widths (a check on the nudging)."""
    pts = list(MAP_LAYOUT.values())
    return min(hypot(a[0] - b[0], a[1] - b[1]) for i, a in enumerate(pts) for b in pts[i + 1:])


# -- the picture --------------------------------------------------------------------------------
def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def cell_of(code: str) -> tuple[str, bool]:
    """One cell of a compact map (``board.encode_cell``) as (text, circled); text "" when empty.

    >>> cell_of("f6"), cell_of("56"), cell_of("*o"), cell_of("..")
    (('56', True), ('56', False), ('★', True), ('', False))
    """
    if code == "..":
        return "", False
    if code[0] == "*":
        return "★", code == "*o"
    if code == "XX":
        return "X", False
    if code[0].isdigit():
        return code, False
    return f"{'abcdefghij'.index(code[0])}{code[1]}", True


def _cells(view: dict[str, Any], seat: int) -> dict[str, tuple[str, bool]]:
    cells = view["maps"][seat]
    if isinstance(cells, str):  # the board's compact form: "." an empty space, else two characters
        out, at = {}, 0
        cells = cells.replace("!", "")  # the latest writing's marks: not drawn here
        for sid in SPACES:
            code = cells[at:at + 1] if cells[at:at + 1] == "." else cells[at:at + 2]
            at += len(code)
            out[sid] = cell_of(code) if code != "." else ("", False)
        return out
    out = {}
    for sid in SPACES:
        cell = cells.get(sid)
        if cell is None:
            out[sid] = ("", False)
        else:
            mark = cell["mark"]
            text = f"{mark:02d}" if isinstance(mark, int) else "★" if mark == "star" else "X"
            out[sid] = (text, bool(cell["circled"]))
    return out


def score_of(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """A seat's score from a view: the engine's ``{"tour", ...}`` or the board's ``[total, spaces,
    circles, tour]``, as ``{"total", "spaces", "circles", "tour": [space ids]}``."""
    scores = view.get("scores") or []
    if seat >= len(scores) or scores[seat] is None:
        return None
    s = scores[seat]
    if isinstance(s, list):
        total, spaces, circles, tour = s
        return {"total": total, "spaces": spaces, "circles": circles, "tour": tour.split()}
    return {"total": s["total"], "spaces": s["spaces"], "circles": s["circles"], "tour": list(s["tour"])}


def _tour(view: dict[str, Any], seat: int) -> tuple[list[str], str]:
    s = score_of(view, seat)
    if s is None:
        return [], ""
    spaces, circles = s["spaces"], s["circles"]
    return s["tour"], (f"{s['total']} = {spaces} space{'' if spaces == 1 else 's'} + {circles} "
                       f"circle{'' if circles == 1 else 's'}")


#: The map's own units in the picture: a map is drawn once, UNIT wide, and shown at every size.
UNIT = 1000
_TILE = 52  # a tile's side in map units

def _at(sid: str) -> tuple[float, float]:
    x, y = MAP_LAYOUT[sid]
    return x * UNIT, y * UNIT


def _base(uid: str) -> str:
    """What every map shares, defined once in the picture: its panel, routes, tiles and labels.

    Colours are attributes of groups (a ``<use>`` copy takes no page styles)."""
    h = _TILE * 1.1
    routes = "".join(f"M{_n(_at(a)[0])} {_n(_at(a)[1])}L{_n(_at(b)[0])} {_n(_at(b)[1])}" for a, b in ROUTES)
    tiles, labels = [], []
    for area, (paper, edge) in AREA_COLOURS.items():
        ids = [sid for sid in SPACES if BOARD[sid].area == area]
        tiles.append(f'<g fill="{paper}" stroke="{edge}">' + "".join(
            f'<rect x="{_n(_at(sid)[0] - _TILE / 2)}" y="{_n(_at(sid)[1] - h / 2)}" width="{_TILE}" '
            f'height="{_n(h)}" rx="9"/>' for sid in ids) + "</g>")
        labels.append(f'<g fill="{edge}">' + "".join(
            f'<text x="{_n(_at(sid)[0])}" y="{_n(_at(sid)[1] - h * 0.2)}">{escape(LABELS[sid])}</text>'
            for sid in ids) + "</g>")
    return (f'<symbol id="{uid}" viewBox="0 0 {UNIT} {_n(ASPECT * UNIT)}">'
            f'<rect x="1" y="1" width="{UNIT - 2}" height="{_n(ASPECT * UNIT - 2)}" rx="10" fill="#f6f5ef" '
            f'stroke="#d8d6cc" stroke-width="2"/>'
            f'<path d="{routes}" fill="none" stroke="#a3a39b" stroke-width="4" stroke-linecap="round"/>'
            f'<g stroke-width="2">{"".join(tiles)}</g>'
            f'<g font-size="15" text-anchor="middle">{"".join(labels)}</g></symbol>')


def _marks(view: dict[str, Any], seat: int, best: bool) -> str:
    """One map's own part, in map units: its best tour, numbers, circles, stars and Xs."""
    cells = _cells(view, seat)
    out = []
    tour, _ = _tour(view, seat)
    if best and len(tour) > 1:
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in map(_at, tour))
        out.append(f'<polyline class="best" points="{points}" fill="none" stroke="{INK["best"]}" '
                   'stroke-width="9" stroke-linejoin="round" stroke-linecap="round" opacity="0.75"/>')
    kinds: dict[str, list[str]] = {"number": [], "star": [], "x": []}
    rings = []
    for sid in SPACES:
        text, circled = cells[sid]
        if not text:
            continue
        x, y = _at(sid)
        y += _TILE * 0.16
        kind = "x" if text == "X" else "star" if text == "★" else "number"
        kinds[kind].append(f'<text x="{_n(x)}" y="{_n(y + 8)}">{escape(text)}</text>')
        if circled:
            rings.append(f'<ellipse cx="{_n(x)}" cy="{_n(y)}" rx="19" ry="15"/>')
    for kind, texts in kinds.items():
        if texts:
            out.append(f'<g fill="{INK[kind]}">{"".join(texts)}</g>')
    if rings:
        out.append(f'<g fill="none" stroke="{INK["circle"]}" stroke-width="2.5">{"".join(rings)}</g>')
    return f'<g font-size="24" font-weight="bold" text-anchor="middle">{"".join(out)}</g>'


def map_svg(view: dict[str, Any], seat: int, x0: float, y0: float, width: float, uid: str, *,
            best: bool = True) -> str:
    """One seat's map at (x0, y0), ``width`` wide: the shared map ``uid``, then its own marks."""
    k = width / UNIT
    return (f'<g class="map" data-seat="{seat}" transform="translate({_n(x0)} {_n(y0)}) scale({k:.4f})">'
            f'<use href="#{uid}" width="{UNIT}" height="{_n(ASPECT * UNIT)}"/>{_marks(view, seat, best)}</g>')


def big_seat(view: dict[str, Any]) -> int:
    """The seat whose map is drawn large: the viewing seat, else the seat to write, else a winner."""
    if view.get("seat") is not None:
        return view["seat"]
    if view.get("turn") is not None:
        return view["turn"]
    return (view.get("winners") or [0])[0]


def svg(view: dict[str, Any], caption: str = "", width: int = 720) -> str:
    """The position in ``view`` as a standalone SVG document: the turn, the viewing seat's map
    large with its best tour, every other map small, each with its score; the winners at the end.

    The map itself is drawn once and shown at every size (``<use>``), so eight maps stay small.
    """
    players = view.get("players") or []
    seat = view.get("seat")
    big = big_seat(view)
    parts: list[str] = []
    y = 12
    who = "teacher view" if seat is None else f"seat {seat}"
    title = f"On Tour · turn {view.get('round', 0)} · {who}"
    if caption:
        parts.append(f'<text x="12" y="{y + 10}" font-size="11" font-style="italic" fill="#555">'
                     f'{escape(caption)}</text>')
        y += 18
    parts.append(f'<text x="12" y="{y + 14}" font-size="15" font-weight="bold">{escape(title)}</text>')
    y += 26
    if view.get("over"):
        winners = view.get("winners") or []
        text = winners_text(winners)
        parts.append(f'<rect class="banner" x="6" y="{y - 4}" width="{width - 12}" height="34" rx="8" '
                     f'fill="{WIN if winners else OVER}"/><text x="{width / 2}" y="{y + 18}" '
                     f'text-anchor="middle" font-size="17" font-weight="bold" fill="{WIN_INK}">'
                     f'{escape(text)}</text>')
        y += 40
    else:
        words = escape(turn_words(view))
        parts.append(f'<text x="12" y="{y + 12}" font-size="12" fill="#333">{words}</text>')
        y += 22
    n = len(players)
    _, score = _tour(view, big)
    name = players[big] if big < len(players) else ""
    parts.append(f'<text x="12" y="{y + 12}" font-size="13" font-weight="bold">'
                 f'Seat {big} · {escape(name)}{" · best tour " + score if score else ""}</text>')
    y += 18
    maps = [(big, 6.0, float(y), float(width - 12), True)]
    y += ASPECT * (width - 12) + 10
    others = [s for s in range(n) if s != big]
    if others:
        cols = 4 if len(others) > 2 else len(others)
        small = (width - 12 - (cols - 1) * 8) / cols
        for k, s in enumerate(others):
            col, row = k % cols, k // cols
            sx = 6 + col * (small + 8)
            sy = y + row * (ASPECT * small + 26)
            sc = score_of(view, s)
            label = f"Seat {s} · {players[s]}" + (f" · {sc['total']}" if sc else "")
            parts.append(f'<text x="{_n(sx + 2)}" y="{_n(sy + 12)}" font-size="11">{escape(label)}</text>')
            maps.append((s, sx, sy + 16, small, bool(view.get("over"))))
        rows = (len(others) + cols - 1) // cols
        y += rows * (ASPECT * small + 26)
    # The map's id: the same drawing in every picture, an id of its own for each position shown.
    marks = "".join(_marks(view, s, b) for s, *_, b in maps)
    uid = "tw-usa-" + hashlib.sha1(marks.encode()).hexdigest()[:10]
    parts += [map_svg(view, s, x, my, w, uid, best=b) for s, x, my, w, b in maps]
    height = int(y + 8)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
        f'{PICTURE_SVG[0]} aria-label="{escape(title)}">{PICTURE_SVG[1]}<defs>{_base(uid)}</defs>'
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        + "".join(parts)
        + "</svg>"
    )


def map_card(view: dict[str, Any], seat: int, caption: str, width: int = 240) -> str:
    """One seat's map with its best tour under ``caption``, as a small standalone SVG that fills
    the width it is given (a student's map in a teacher's grid)."""
    inner = width - 12
    y = 26.0
    uid = "tw-usa-" + hashlib.sha1(_marks(view, seat, True).encode()).hexdigest()[:10]
    height = int(y + ASPECT * inner + 8)
    label = f"On Tour · {caption}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
        f'style="width:100%;height:auto" aria-label="{escape(label)}"><defs>{_base(uid)}</defs>'
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        f'<text x="8" y="18" font-size="13" font-weight="bold" fill="#1a1a1a">{escape(caption)}</text>'
        f"{map_svg(view, seat, 6.0, y, inner, uid, best=True)}</svg>"
    )


def turn_words(view: dict[str, Any]) -> str:
    """This turn in words: the cards, the roll and what it writes (O-STAR, O-LAST)."""
    if view.get("over"):
        return "Game over: every map is full (O-END)."
    cards = view.get("cards") or []
    low, high = view.get("numbers") or (0, 0)
    shown = ", ".join(f"{c['space']} ({c['region']})" for c in cards)
    if view.get("last_turn"):
        what = ("a double: one star in any empty space (O-STAR, O-LAST)" if view.get("star_turn")
                else f"last turn, no cards: {low:02d} and {high:02d} in any empty spaces (O-LAST)")
        return f"Turn {view.get('round')}: {what}."
    if view.get("star_turn"):
        dice = view.get("dice") or (0, 0)
        why = "the roll is a double" if dice[0] == dice[1] else "all three cards show one region"
        return f"Turn {view.get('round')}: cards {shown}; star turn, {why}: draw one star (O-STAR)."
    return f"Turn {view.get('round')}: cards {shown}; roll {low:02d} and {high:02d} (O-WRITE)."
