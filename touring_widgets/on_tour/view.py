"""On Tour in plain text: each map drawn by area, with the turn's cards and dice, and a board view.

A cell reads ``56`` (a number), ``(56)`` (circled), ``★`` / ``(★)`` (a star), ``X``, or ``·`` (empty).
"""

from __future__ import annotations

from typing import Any

from .facts import BOARD, CARD_REGION, SPACES
from .scoring import Score
from .state import State

_AREA_ROWS = (("NW", "NC", "NE"), ("SW", "SC", "SE"))
_BY_AREA = {a: [s for s in SPACES if BOARD[s].area == a] for row in _AREA_ROWS for a in row}


def cell_text(cell: Any) -> str:
    """A cell as drawn on a map: ``56``, ``(56)``, ``★``, ``(★)``, ``X`` or ``·``."""
    if cell is None:
        return "·"
    kind, circled = cell
    text = f"{kind:02d}" if isinstance(kind, int) else "★" if kind == "star" else "X"
    return f"({text})" if circled else text


def turn_line(state: State) -> str:
    """One line saying what the turn shows: cards, dice, the numbers or a star, who writes next."""
    if state.over:
        return f"Game over after turn {state.turn}: every map is full (O-END)."
    a, b = state.dice
    cards = ", ".join(f"{c} ({CARD_REGION[c]})" for c in state.cards) or "no cards (last turn, O-LAST)"
    low, high = state.numbers
    what = "a star (O-STAR)" if state.star_turn else f"{low:02d} and {high:02d}"
    flip = "; the discards were reshuffled (O-FLIP)" if state.reshuffled else ""
    return (
        f"Turn {state.turn}, p{state.roller} rolls: cards {cards}; dice {a} {b} → {what}{flip}. "
        f"Next to write: p{state.to_write}."
    )


def draw_map(cells: dict[str, Any] | tuple, title: str = "") -> str:
    """One map in text, its spaces grouped by area (north row, then south row)."""
    if not isinstance(cells, dict):
        cells = dict(zip(SPACES, cells))
    lines = [title] if title else []
    for row in _AREA_ROWS:
        columns = []
        for area in row:
            col = [f"{area}:"] + [f"{s:>3} {cell_text(cells.get(s)):<4}" for s in _BY_AREA[area]]
            columns.append(col)
        height = max(len(c) for c in columns)
        for k in range(height):
            lines.append("  " + "   ".join((c[k] if k < len(c) else "").ljust(9) for c in columns).rstrip())
    return "\n".join(lines)


def draw_state(state: State, scores: list[Score] | None = None) -> str:
    """The whole position: the turn line, then every player's map (with scores when given)."""
    setup = ", ".join(f"{n:02d} {c}" for c, n in state.setup)
    out = [
        turn_line(state),
        f"Setup (O-SETUP): {setup}; deck {len(state.deck)}, discard {len(state.discard)}.",
    ]
    for p in range(state.players):
        status = "written" if state.written[p] and not state.over else ""
        score = f" score {scores[p].total}" if scores else ""
        out.append(draw_map(state.maps[p], f"p{p}{score}{' (' + status + ')' if status else ''}"))
    return "\n".join(out)


def view(state: State, player: int, score: Score | None = None) -> dict[str, Any]:
    """What a board widget draws for one player, as plain JSON values."""
    low, high = state.numbers
    cells = {}
    for sid, cell in zip(SPACES, state.maps[player]):
        cells[sid] = None if cell is None else {"mark": cell[0], "circled": cell[1]}
    return {
        "player": player,
        "players": state.players,
        "turn": state.turn,
        "roller": state.roller,
        "cards": [{"space": c, "region": CARD_REGION[c]} for c in state.cards],
        "dice": list(state.dice),
        "numbers": [low, high],
        "star_turn": state.star_turn,
        "last_turn": state.last_turn,
        "reshuffled": state.reshuffled,
        "to_write": state.to_write,
        "written": list(state.written),
        "has_written": state.written[player] and not state.over,
        "over": state.over,
        "setup": [{"space": c, "number": n} for c, n in state.setup],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "map": cells,
        "tour": list(score.tour) if score else [],
        "score": None
        if score is None
        else {"spaces": score.spaces, "circles": score.circles, "total": score.total},
    }
