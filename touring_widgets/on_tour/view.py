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
        return f"Game over after turn {state.round}: every map is full (O-END)."
    a, b = state.dice
    cards = ", ".join(f"{c} ({CARD_REGION[c]})" for c in state.cards) or "no cards (last turn, O-LAST)"
    low, high = state.numbers
    what = "a star (O-STAR)" if state.star_turn else f"{low:02d} and {high:02d}"
    flip = "; the discards were reshuffled (O-FLIP)" if state.reshuffled else ""
    return (
        f"Turn {state.round}, p{state.roller} rolls: cards {cards}; dice {a} {b} → {what}{flip}. "
        f"Next to write: p{state.turn}."
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


def _cells(cells: tuple) -> dict[str, Any]:
    return {sid: None if c is None else {"mark": c[0], "circled": c[1]} for sid, c in zip(SPACES, cells)}


def _score(score: Score) -> dict[str, Any]:
    return {"tour": list(score.tour), "spaces": score.spaces, "circles": score.circles, "total": score.total}


def view(
    state: State,
    seat: int | None,
    players: tuple[str, ...] | None = None,
    scores: list[Score] | None = None,
    winners: list[int] | None = None,
) -> dict[str, Any]:
    """What a seat sees, as plain JSON values: every map (On Tour hides nothing), the cards, the
    dice, the scores; ``seat=None`` is the teacher's view (the same, with no map of its own)."""
    low, high = state.numbers
    return {
        "game": "on_tour",
        "seat": seat,
        "players": list(players) if players is not None else ["greedy"] * state.players,
        "turn": state.turn,
        "round": state.round,
        "roller": state.roller,
        "cards": [{"space": c, "region": CARD_REGION[c]} for c in state.cards],
        "dice": list(state.dice),
        "numbers": [low, high],
        "star_turn": state.star_turn,
        "last_turn": state.last_turn,
        "reshuffled": state.reshuffled,
        "written": list(state.written),
        "has_written": seat is not None and state.written[seat] and not state.over,
        "over": state.over,
        "winners": list(winners or []),
        "setup": [{"space": c, "number": n} for c, n in state.setup],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "maps": [_cells(cells) for cells in state.maps],
        "scores": [_score(s) for s in scores] if scores is not None else None,
    }
