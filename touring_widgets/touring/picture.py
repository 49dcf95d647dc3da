"""A picture of a Touring position as SVG: what a notebook shows without a kernel.

A pure function of the board's view (``Touring.view(seat)``) and the card table, so saved and
exported notebooks keep a readable image of the last position.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
>>> svg(g.view(0)).startswith("<svg")
True
"""

from __future__ import annotations

from html import escape
from math import cos, sin
from typing import Any

from ..core.text import winners_text
from ..widgets.style import COLOURS, PICTURE_SVG
from .view import card_catalog

PILES = ("m25", "m35", "m50", "m75")

#: Card family -> (ink, paper): the cards' colours, here and on the live board (sent to the page).
FAMILY = {
    "mileage": ("#1f5fa8", "#eef4fc"),
    "go": ("#227d39", "#eaf7ec"),
    "freeway": ("#0f7a7a", "#e6f6f5"),
    "attack": ("#b04a12", "#fdf0e6"),
    "stop": ("#c62828", "#fdecec"),
    "loss": ("#7b3fa0", "#f5edfa"),
    "remedy": ("#8a5f00", "#fdf6e1"),
    "other": ("#555555", "#f2f2f2"),
}

#: The back of a card (hand sizes, the draw pile).
BACK = {"fill": "#27406b", "edge": "#e8edf5", "gold": "#d4b05a"}

#: The fill of the miles bar.
PROGRESS = "#1f5fa8"

#: Everything the live board draws in Touring's own colours: ``TouringBoard.palette``.
PALETTE = {"families": FAMILY, "back": BACK, "progress": PROGRESS}

#: The win banner (the shell's colours, defined once in ``widgets.style``).
WIN, WIN_INK, OVER = COLOURS["win"], COLOURS["win_ink"], COLOURS["over"]

CARD_W, CARD_H, GAP = 54, 76, 6


def family(card: str, kind: str) -> str:
    """The colour family of a card, from its id and kind."""
    if kind == "mileage" or card in PILES:
        return "mileage"
    if card in ("go", "freeway"):
        return card
    return {"road attack": "attack", "stopping delay": "stop", "mileage delay": "loss"}.get(
        kind, "remedy" if kind.startswith("remedy") else "other"
    )


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class _Pen:
    """SVG shapes in a symbol box: points are (dx, dy) in half-sizes from the centre, as in board.js."""

    def __init__(self, cx: float, cy: float, size: float, paper: str) -> None:
        self.cx, self.cy, self.s, self.r, self.paper = cx, cy, size, size / 2, paper

    def p(self, dx: float, dy: float) -> str:
        return f"{_n(self.cx + dx * self.r)},{_n(self.cy + dy * self.r)}"

    def k(self, factor: float) -> str:
        return _n(factor * self.r)

    def line(self, d: str, dash: str = "") -> str:
        return f'<path d="{d}" fill="none"{f" stroke-dasharray={chr(34)}{dash}{chr(34)}" if dash else ""}/>'

    def solid(self, d: str) -> str:
        return f'<path d="{d}" stroke="none"/>'

    def circle(self, radius: float, filled: bool) -> str:
        paint = 'stroke="none"' if filled else 'fill="none"'
        return f'<circle cx="{_n(self.cx)}" cy="{_n(self.cy)}" r="{self.k(radius)}" {paint}/>'

    def text(self, text: str, dx: float, dy: float, size: float, fill: str = "", central: bool = True) -> str:
        x, y = self.p(dx, dy).split(",")
        extra = (' dominant-baseline="central"' if central else "") + (f' fill="{fill}"' if fill else "")
        return (f'<text x="{x}" y="{y}" text-anchor="middle" font-size="{_n(self.s * size)}" '
                f'font-weight="bold" stroke="none"{extra}>{escape(text)}</text>')


def _go(pen: _Pen) -> str:
    return pen.circle(0.8, True) + pen.text("GO", 0, 1 / pen.r, 0.4, fill="#ffffff")


def _freeway(pen: _Pen) -> str:
    p = pen.p
    return (pen.line(f"M{p(-0.25, -0.8)}L{p(-0.8, 0.8)}M{p(0.25, -0.8)}L{p(0.8, 0.8)}")
            + pen.line(f"M{p(0, -0.8)}L{p(0, 0.8)}", dash=f"{_n(pen.s * 0.12)} {_n(pen.s * 0.1)}"))


def _populated_area(pen: _Pen) -> str:
    p, houses = pen.p, []
    for x, scale in ((-0.5, 0.8), (0.05, 1.0), (0.55, 0.7)):
        hw, eave = 0.36 * scale, 0.7 - 0.36 * scale * 1.6
        houses.append(pen.solid(f"M{p(x - hw, 0.7)}L{p(x - hw, eave)}L{p(x - hw * 1.25, eave)}"
                                f"L{p(x, 0.7 - hw * 2.8)}L{p(x + hw * 1.25, eave)}L{p(x + hw, eave)}"
                                f"L{p(x + hw, 0.7)}Z"))
    return "".join(houses)


def _stop_to_refuel(pen: _Pen) -> str:  # a fuel gauge on empty
    p = pen.p
    return (pen.line(f"M{p(-0.8, 0.35)}A{pen.k(0.8)} {pen.k(0.8)} 0 0 1 {p(0.8, 0.35)}")
            + pen.line(f"M{p(0, 0.35)}L{p(-0.62, -0.05)}")
            + pen.text("E", -0.62, 0.78, 0.26, central=False)
            + pen.text("F", 0.62, 0.78, 0.26, central=False))


def _missed_the_curve(pen: _Pen) -> str:
    p = pen.p
    return (pen.line(f"M{p(-0.7, 0.8)}Q{p(-0.7, -0.5)} {p(0.1, -0.5)}")
            + pen.solid(f"M{p(0.1, -0.85)}L{p(0.55, -0.5)}L{p(0.1, -0.15)}Z")
            + pen.line(f"M{p(0.2, 0.2)}L{p(0.8, 0.8)}M{p(0.8, 0.2)}L{p(0.2, 0.8)}"))


def _burning_oil(pen: _Pen) -> str:  # a drop
    p, k = pen.p, pen.k(0.6)
    return pen.solid(f"M{p(0, -0.85)}C{p(0.2, -0.3)} {p(0.65, 0)} {p(0.6, 0.35)}"
                     f"A{k} {k} 0 0 1 {p(-0.6, 0.35)}C{p(-0.65, 0)} {p(-0.2, -0.3)} {p(0, -0.85)}Z")


def _broken_spring(pen: _Pen) -> str:  # a coil with a kink in the middle
    points = [pen.p(0, -0.8)]
    for i in range(1, 7):
        side, y = (0.55 if i % 2 else -0.55), -0.8 + i * 1.6 / 6
        points.append(pen.p(side / 2, y + 0.15) if i == 3 else pen.p(side, y))
    return pen.line("M" + "L".join(points))


def _brake_adjustment(pen: _Pen) -> str:  # a disc, its hub and a pad
    k = pen.k(0.55)
    start, end = pen.p(0.55 * cos(-0.6), 0.55 * sin(-0.6)), pen.p(0.55 * cos(0.6), 0.55 * sin(0.6))
    return pen.circle(0.8, False) + pen.circle(0.3, True) + pen.line(f"M{start}A{k} {k} 0 0 1 {end}")


def _gasoline(pen: _Pen) -> str:  # a fuel pump with its hose and window
    p = pen.p
    body = pen.solid(f"M{p(-0.55, -0.55)}h{pen.k(0.8)}v{pen.k(1.4)}h-{pen.k(0.8)}Z")
    window = (f'<path d="M{p(-0.4, -0.4)}h{pen.k(0.5)}v{pen.k(0.35)}h-{pen.k(0.5)}Z" '
              f'fill="{pen.paper}" stroke="none"/>')
    return body + pen.line(f"M{p(0.25, -0.3)}L{p(0.6, -0.3)}L{p(0.6, 0.5)}") + window


def _wrecker(pen: _Pen) -> str:  # a tow hook under its boom
    p, k = pen.p, pen.k(0.3)
    return (pen.line(f"M{p(-0.1, -0.85)}L{p(-0.1, 0.3)}A{k} {k} 0 0 0 {p(0.5, 0.3)}")
            + pen.line(f"M{p(-0.7, -0.85)}L{p(0.5, -0.85)}"))


#: Card id -> its symbol, for every card that is not a mileage card.
SYMBOLS = {
    "go": _go, "freeway": _freeway, "populated_area": _populated_area, "stop_to_refuel": _stop_to_refuel,
    "missed_the_curve": _missed_the_curve, "burning_oil": _burning_oil, "broken_spring": _broken_spring,
    "brake_adjustment": _brake_adjustment, "gasoline": _gasoline, "wrecker": _wrecker,
}


def _symbol_shapes(card: str, pen: _Pen) -> str:
    if card in PILES:
        return pen.text(card[1:], 0, 0, 0.55)
    draw = SYMBOLS.get(card)
    return draw(pen) if draw else pen.text("?", 0, 0, 0.5)


def symbol(card: str, cx: float, cy: float, size: float, ink: str, paper: str = "#ffffff") -> str:
    """A card's symbol centred on (cx, cy) in a box of ``size``: a group of class ``sym sym-<card>``.

    Mileage cards show their number; cards without a drawing get a question mark, as on the
    live board.
    """
    shapes = _symbol_shapes(card, _Pen(cx, cy, size, paper))
    width = _n(max(1.5, size * 0.08))
    return (f'<g class="sym sym-{escape(card)}" fill="{ink}" stroke="{ink}" stroke-width="{width}" '
            f'stroke-linecap="round" stroke-linejoin="round">{shapes}</g>')


def _card(x: float, y: float, card: str, cards: dict[str, Any]) -> str:
    info = cards.get(card) or {}
    name = str(info.get("name", card))
    ink, paper = FAMILY[family(card, str(info.get("kind", "")))]
    words = name.split()
    if len(name) <= 10:
        lines = [name]
    else:
        half = (len(words) + 1) // 2
        lines = [ln for ln in (" ".join(words[:half]), " ".join(words[half:])) if ln]
    out = [
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="{paper}" '
        f'stroke="{ink}" stroke-width="2"/>',
        f'<rect x="{x}" y="{y + CARD_H - 24}" width="{CARD_W}" height="24" fill="{ink}"/>',
    ]
    band = 24
    out.append(symbol(card, x + CARD_W / 2, y + (CARD_H - band) / 2 + 2,
                      min(CARD_W * 0.72, (CARD_H - band) * 0.78), ink, paper))
    for i, ln in enumerate(lines):
        out.append(
            f'<text x="{x + CARD_W / 2}" y="{y + CARD_H - 14 + i * 10 - (len(lines) - 1) * 4}" '
            f'text-anchor="middle" font-size="8.5" fill="#ffffff">{escape(ln)}</text>'
        )
    return "".join(out)


def _slot(x: float, y: float, caption: str) -> str:
    return (
        f'<rect x="{x + 1}" y="{y + 1}" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" fill="none" '
        f'stroke="#9e9e9e" stroke-dasharray="4 3"/><text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 4}" '
        f'text-anchor="middle" font-size="10" fill="#757575">{escape(caption)}</text>'
    )


def svg(view: dict[str, Any], cards: dict[str, Any] | None = None, caption: str = "") -> str:
    """The position in ``view`` as a standalone SVG document (light colours, fixed 720 px wide).

    ``caption`` goes above the title (a fork says whose fork it is). A finished game's banner
    has a row of its own under the title.
    """
    cards = cards or card_catalog()
    players = view.get("players") or []
    goal = view.get("goal") or 1
    width = 720
    parts: list[str] = []
    y = 12
    seat = view.get("seat")
    who = "teacher view, all hands shown" if seat is None else f"seat {seat}"
    title = f"Touring · {goal} miles · {who}"
    if caption:
        parts.append(f'<text x="12" y="{y + 10}" font-size="11" font-style="italic" fill="#555">'
                     f'{escape(caption)}</text>')
        y += 18
    parts.append(f'<text x="12" y="{y + 14}" font-size="15" font-weight="bold">{escape(title)}</text>')
    y += 28
    if view.get("over"):
        # The banner has a row of its own: it covers no table, pile or hand.
        winners = view.get("winners") or []
        text = winners_text(winners)
        fill = WIN if winners else OVER
        parts.append(f'<rect class="banner" x="6" y="{y - 4}" width="{width - 12}" height="36" rx="8" '
                     f'fill="{fill}"/><text x="{width / 2}" y="{y + 19}" text-anchor="middle" '
                     f'font-size="17" font-weight="bold" fill="{WIN_INK}">{escape(text)}</text>')
        y += 42
    for t, table in enumerate(view.get("tables") or []):
        seats = table.get("seats", [t])
        parts.append(f'<rect x="6" y="{y - 4}" width="{width - 12}" height="{CARD_H + 20}" rx="6" '
                     f'fill="#fafafa" stroke="#e0e0e0"/>')
        names = ", ".join(f"Seat {s} · {players[s] if s < len(players) else ''}" for s in seats)
        turn = view.get("turn") in seats and not view.get("over")
        parts.append(f'<text x="14" y="{y + 14}" font-size="12" font-weight="{"bold" if turn else "normal"}">'
                     f'{"▶ " if turn else ""}{escape(names)}</text>')
        for i, s in enumerate(seats):
            hands = view.get("hands") or []
            size = hands[s]["size"] if s < len(hands) else 0
            parts.append(f'<text x="14" y="{y + 32 + i * 16}" font-size="11" fill="#555">'
                         f'{size} cards in hand</text>')
        x = 150
        for col, caption in (("go", "Go"), ("freeway", "Freeway")):
            stack = table.get(col) or []
            parts.append(_card(x, y, stack[-1], cards) if stack else _slot(x, y, caption))
            x += CARD_W + GAP
        for pile in PILES:
            n = table.get(pile, 0)
            cap = (view.get("caps") or {}).get(pile, 0)
            parts.append(_card(x, y, pile, cards) if n else _slot(x, y, pile[1:]))
            parts.append(f'<text x="{x + CARD_W / 2}" y="{y + CARD_H + 12}" text-anchor="middle" '
                         f'font-size="10">{n}/{cap}</text>')
            x += CARD_W + GAP
        miles = table.get("miles", 0)
        bar = width - 18 - (x + 8)
        parts.append(
            f'<text x="{x + 8}" y="{y + 16}" font-size="13" font-weight="bold">{miles} / {goal} mi</text>'
        )
        parts.append(f'<rect x="{x + 8}" y="{y + 24}" width="{bar}" height="9" rx="4" fill="#eeeeee" '
                     f'stroke="#bdbdbd"/>')
        parts.append(f'<rect x="{x + 8}" y="{y + 24}" width="{max(0.0, min(1.0, miles / goal)) * bar:.1f}" '
                     f'height="9" rx="4" fill="{PROGRESS}"/>')
        colour = "#388e3c" if table.get("moving") else "#c62828"
        parts.append(f'<text x="{x + 8}" y="{y + 50}" font-size="12" fill="{colour}">'
                     f'{escape(str(table.get("status", "")))}</text>')
        y += CARD_H + 26
    parts.append(f'<text x="14" y="{y + 14}" font-size="12">Draw pile: {view.get("draw", 0)} · '
                 f'Discards: {view.get("discard", 0)}</text>')
    last = view.get("last")
    parts.append(f'<text x="260" y="{y + 14}" font-size="12">'
                 f'{escape(last["text"] if last else "No move yet: the cards are dealt.")}</text>')
    y += 24
    for hand in view.get("hands") or []:
        if not hand.get("cards"):
            continue
        parts.append(
            f'<text x="14" y="{y + 14}" font-size="12" font-weight="bold">'
            f'Seat {hand["seat"]}&#39;s hand</text>'
        )
        for i, card in enumerate(hand["cards"]):
            parts.append(_card(150 + i * (CARD_W + GAP), y, card, cards))
        y += CARD_H + 10
    height = y + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
        f'{PICTURE_SVG[0]} aria-label="{escape(title)}">{PICTURE_SVG[1]}'
        f'<rect width="100%" height="100%" fill="#ffffff"/>'
        + "".join(parts)
        + "</svg>"
    )
