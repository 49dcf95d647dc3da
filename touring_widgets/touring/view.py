"""What a seat may see of a Touring position (T-VIEW), as plain values and as text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .actions import Action
from .facts import CARDS, MILEAGE, card_name, deck_counts
from .state import FACE_UP, State, Tableau

_DECKS = {short: deck_counts(short) for short in (False, True)}


def status(table: Tableau, state: State) -> str:
    """The player's state in words: needs a Go, moving, stopped by ..., needs a Go after ..."""
    top = table.top_go
    if top is None:
        return "needs a Go"
    if table.stopped_by:
        return f"stopped by {card_name(top)}"
    if table.moving(state.rules):
        return "moving"
    return f"needs a Go after {card_name(top)}"


def freeway_status(table: Tableau) -> str:
    """'active', 'blocked' (a Populated Area on top) or 'none'."""
    if table.freeway_active:
        return "active"
    return "blocked" if table.freeway else "none"


def table_dict(state: State, team: int) -> dict[str, Any]:
    """One tableau as plain values: columns bottom first, pile counts, miles, moving, status."""
    table = state.tables[team]
    out: dict[str, Any] = {
        "team": team,
        "seats": list(state.seats_of(team)),
        "go": list(table.go),
        "freeway": list(table.freeway),
    }
    out.update(zip(MILEAGE, table.piles))
    out.update(
        miles=table.miles(),
        moving=table.moving(state.rules),
        status=status(table, state),
        freeway_active=table.freeway_active,
        freeway_status=freeway_status(table),
    )
    return out


def action_text(seat: int, action: Action, viewer: int | None, state: State | None = None) -> str:
    """A move in words as ``viewer`` may know it: other seats' discards stay face down (T-DISCARD)."""
    if action.kind == "discard":
        if viewer is not None and viewer != seat:
            return f"Seat {seat} discarded a card face down"
        return f"Seat {seat} discarded {card_name(action.card)}"
    if action.target is None:
        return f"Seat {seat} played {card_name(action.card)}"
    text = f"Seat {seat} played {card_name(action.card)} on seat {action.target}"
    if state is not None and action.card in ("burning_oil", "broken_spring", "brake_adjustment"):
        text += f", taking {card_name(state.rules.loss_value(action.card))}"
    return text


def public_action(seat: int, action: Action, viewer: int | None) -> str:
    """The text form of a move as ``viewer`` may know it ('discard ?' for others' discards)."""
    if action.kind == "discard" and viewer is not None and viewer != seat:
        return "discard ?"
    return str(action)


def unseen(state: State, seat: int) -> Counter[str]:
    """How many of each card ``seat`` cannot see: in the draw pile, in other hands, or
    discarded face down by others (T-VIEW). The odds and the greedy bot count with this."""
    return Counter({card: unseen_count(state, seat, card) for card in CARDS})


def unseen_count(state: State, seat: int, card: str) -> int:
    """How many copies of one card ``seat`` cannot see (``unseen`` for a single card)."""
    count = _DECKS[bool(state.rules.short_trip)][card] - state.hands[seat].count(card)
    pile = MILEAGE.index(card) if card in MILEAGE else None
    for table in state.tables:
        count -= table.piles[pile] if pile is not None else table.go.count(card) + table.freeway.count(card)
    for held, owner in state.discard:
        if held == card and owner in (FACE_UP, seat):
            count -= 1
    return count


def view(state: State, seat: int | None, players: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Everything ``seat`` may see (T-VIEW) as plain JSON values; ``seat=None`` shows all."""
    n = state.players
    last = None
    if state.last is not None:
        by, action = state.last
        last = {
            "seat": by,
            "action": public_action(by, action, seat),
            "text": action_text(by, action, seat, state),
        }
    winners = [] if state.winner is None else list(state.seats_of(state.team_of(state.winner)))
    return {
        "game": "touring",
        "seat": seat,
        "players": list(players) if players is not None else ["greedy"] * n,
        "teams": [list(state.seats_of(t)) for t in range(len(state.tables))],
        "turn": state.turn,
        "ply": state.ply,
        "goal": state.rules.goal,
        "caps": dict(zip(MILEAGE, state.rules.caps)),
        "tables": [table_dict(state, t) for t in range(len(state.tables))],
        "hands": [
            {
                "seat": s,
                "size": len(state.hands[s]),
                "cards": list(state.hands[s]) if seat is None or seat == s else None,
            }
            for s in range(n)
        ],
        "drawn": state.drawn if seat is None or seat == state.turn else None,
        "draw": len(state.draw),
        "discard": len(state.discard),
        "discard_face_up": [card for card, owner in state.discard if owner == FACE_UP],
        # the top of the discard pile when everyone saw it go there (T-LOSS), else None
        "discard_top": state.discard[-1][0] if state.discard and state.discard[-1][1] == FACE_UP else None,
        "own_discards": [] if seat is None else [c for c, owner in state.discard if owner == seat],
        "over": state.over,
        "winners": winners,
        "last": last,
    }


def card_catalog() -> dict[str, dict[str, str]]:
    """Card id -> its printed name and kind, as plain values for a board to label cards with."""
    return {cid: {"name": c.name, "kind": c.kind} for cid, c in CARDS.items()}


def line_texts(states: Iterable[State], viewer: int | None) -> list[str]:
    """The text of every move that led to each state after the first, as ``viewer`` may know it."""
    return [public_action(*state.last, viewer) for state in states if state.last is not None]


def render_text(state: State, seat: int | None = None, players: tuple[str, ...] | None = None) -> str:
    """The position as a few lines of text: every tableau, a hand, the piles."""
    rules = state.rules
    trip = "short trip, " if rules.short_trip else ""
    head = f"Touring · {state.players} players · {trip}{rules.goal} miles · ply {state.ply}"
    if state.over:
        if state.winner is None:
            head += " · over: no winner (T-EXHAUST)"
        else:
            seats = " & ".join(str(s) for s in state.seats_of(state.team_of(state.winner)))
            head += f" · over: seat {seats} won"
    else:
        head += f" · seat {state.turn} to move"
    lines = [head]
    for team, table in enumerate(state.tables):
        seats = " & ".join(str(s) for s in state.seats_of(team))
        who = f"seat {seats}"
        if players is not None:
            who += " (" + ", ".join(players[s] for s in state.seats_of(team)) + ")"
        piles = "  ".join(
            f"{c[1:]}: {n}/{cap}" for c, n, cap in zip(MILEAGE, table.piles, rules.caps)
        )
        go = card_name(table.top_go) if table.top_go else "—"
        fw = {"active": "Freeway", "blocked": "Populated Area (blocked)", "none": "—"}[freeway_status(table)]
        lines.append(
            f"  {who:<18} {table.miles():>3}/{rules.goal} mi · {status(table, state)}"
            f" · Go column: {go} · Freeway column: {fw}"
        )
        lines.append(f"  {'':<18} {piles}")
    show = state.turn if seat is None else seat
    if not state.over or seat is not None:
        hand = ", ".join(card_name(c) for c in state.hands[show]) or "(empty)"
        lines.append(f"  hand of seat {show}: {hand}")
    face_up = [card_name(c) for c, owner in state.discard if owner == FACE_UP]
    piles = f"  draw pile {len(state.draw)} · discard pile {len(state.discard)}"
    if face_up:
        piles += f" (face up: {', '.join(face_up)})"
    lines.append(piles)
    if state.last is not None:
        lines.append(f"  last move: {action_text(*state.last, seat, state)}")
    return "\n".join(lines)
