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
from typing import Any

from .view import card_catalog

PILES = ("m25", "m35", "m50", "m75")

#: Card family -> (ink, paper); the same colours as the live board.
FAMILY = {
    "mileage": ("#1f5fa8", "#eef4fc"),
    "go": ("#23803a", "#eaf7ec"),
    "freeway": ("#0f7c7c", "#e6f6f5"),
    "attack": ("#c4561a", "#fdf0e6"),
    "stop": ("#c62828", "#fdecec"),
    "loss": ("#7b3fa0", "#f5edfa"),
    "remedy": ("#9a6a00", "#fdf6e1"),
    "other": ("#555555", "#f2f2f2"),
}

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


def _card(x: float, y: float, card: str, cards: dict[str, Any]) -> str:
    info = cards.get(card) or {}
    name = str(info.get("name", card))
    ink, paper = FAMILY[family(card, str(info.get("kind", "")))]
    label = card[1:] if card in PILES else ("GO" if card == "go" else "")
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
    if label:
        out.append(
            f'<text x="{x + CARD_W / 2}" y="{y + 34}" text-anchor="middle" font-size="20" '
            f'font-weight="bold" fill="{ink}">{escape(label)}</text>'
        )
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


def _back(x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> str:
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#27406b" stroke="#c9a449"/>'


def svg(view: dict[str, Any], cards: dict[str, Any] | None = None) -> str:
    """The position in ``view`` as a standalone SVG document (light colours, fixed 720 px wide)."""
    cards = cards or card_catalog()
    players = view.get("players") or []
    goal = view.get("goal") or 1
    width = 720
    parts: list[str] = []
    y = 12
    seat = view.get("seat")
    who = "teacher view, all hands shown" if seat is None else f"seat {seat}"
    title = f"Touring · {goal} miles · {who}"
    parts.append(f'<text x="12" y="{y + 14}" font-size="15" font-weight="bold">{escape(title)}</text>')
    y += 28
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
                     f'height="9" rx="4" fill="#1f5fa8"/>')
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
    if view.get("over"):
        winners = view.get("winners") or ([] if view.get("winner") is None else [view["winner"]])
        text = (" & ".join(f"Seat {s}" for s in winners) + " won!") if winners else "Game over: no winner"
        parts.append(f'<rect x="130" y="60" width="460" height="44" rx="8" fill="#23803a"/>'
                     f'<text x="360" y="89" text-anchor="middle" font-size="18" font-weight="bold" '
                     f'fill="#ffffff">{escape(text)}</text>')
    height = y + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(title)}"><rect width="100%" height="100%" fill="#ffffff"/>'
        + "".join(parts)
        + "</svg>"
    )
