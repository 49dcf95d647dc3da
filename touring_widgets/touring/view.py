"""What a seat may see of a Touring position (T-VIEW), as plain values and as text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .actions import Action
from .facts import (
    ATTACKS,
    CARDS,
    MILEAGE,
    MILEAGE_DELAYS,
    REMEDIES,
    REMEDY_FOR,
    STOPPING_DELAYS,
    card_name,
    deck_counts,
)
from .moves import changes_nothing, ruling
from .state import FACE_UP, State, action_text, freeway_status, status
from .state import render_text as render_text  # the position as text lives with the position

_DECKS = {short: deck_counts(short) for short in (False, True)}
_PILE = {card: i for i, card in enumerate(MILEAGE)}


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
    pile = _PILE.get(card)
    if pile is None:
        for table in state.tables:
            count -= table.go.count(card) + table.freeway.count(card)
    else:
        for table in state.tables:
            count -= table.piles[pile]
    discard = state.discard
    if card in _FACE_UP:
        count -= discard.count((card, FACE_UP))
    return count - discard.count((card, seat)) if seat != FACE_UP else count


#: the only cards that go to the discard pile face up: a mileage delay and the mileage it takes
#: (T-LOSS); a count of any other card need not look for them
_FACE_UP = frozenset(MILEAGE) | frozenset(MILEAGE_DELAYS)


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


# -- narration -----------------------------------------------------------------------------------
def _seats(state: State, team: int) -> str:
    """A tableau's owner in words: 'seat 1', or 'seats 1 & 3' for a team (T-TEAMS)."""
    seats = state.seats_of(team)
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + " & ".join(map(str, seats))


def _in_sight(state: State, card: str) -> int:
    """How many copies of ``card`` every seat can see: on the tables and face up on the discard pile."""
    if card in MILEAGE:
        i = MILEAGE.index(card)
        count = sum(t.piles[i] for t in state.tables)
    else:
        count = sum(t.go.count(card) + t.freeway.count(card) for t in state.tables)
    return count + sum(1 for c, owner in state.discard if c == card and owner == FACE_UP)


def _cite(text: str, *rules: str, note: str = "") -> str:
    extra = f"; {note}" if note else ""
    return f"{text} ({', '.join(rules)}{extra})"


def narrate(before: State, action: Action, after: State, seat: int | None = None) -> str:
    """One move in a sentence: who did what, what else it caused, and the rule ids behind each part.

    ``before`` and ``after`` are the positions around ``action``; ``seat`` tells it as that seat
    may know it (others' discards stay face down, T-VIEW), None as the teacher sees everything.

    >>> from touring_widgets.touring import Rules, apply, new_game
    >>> s = new_game(2, 7, Rules())
    >>> print(narrate(s, Action.parse("play go"), apply(s, "play go")))
    Seat 0 opens the game, holding the 5 cards dealt and one drawn (T-DEAL): it plays Go:
    seat 0 is moving and may play mileage (T-GO, T-MOVING); seat 1 draws (T-TURN).
    """
    rules = before.rules
    mover, card, target = before.turn, action.card, action.target
    name = card_name(card)
    me = before.team_of(mover)
    own = _seats(before, me)
    table = before.tables[me]
    who = f"Seat {mover}"
    partners = " & ".join(str(s) for s in before.seats_of(me) if s != mover)
    shared = f" on the tableau it shares with seat {partners}" if partners else ""
    teams = ("T-TEAMS",) if shared else ()
    if action.kind == "discard":
        if seat is None or seat == mover:
            text = _cite(f"{who} discards {name} face down: the other seats do not see it", "T-DISCARD",
                         "T-VIEW")
            found = None if card in ATTACKS else ruling(before, Action("play", card), words=False)
            if found is not None and not found.legal and found.rule == "T-USEFUL":
                text += f"; {name} could not be played: {found.reason}"
        else:
            text = _cite(f"{who} discards a card face down: seat {seat} does not see which", "T-DISCARD",
                         "T-VIEW")
    elif rules.useful_only is False and changes_nothing(before, action):
        where = f" on {_seats(before, before.team_of(target))}" if target is not None else shared
        text = _cite(f"{who} plays {name}{where}, where it changes nothing: allowed because useful_only "
                     "is off",
                     "T-USEFUL")
    elif target is not None:
        team = before.team_of(target)
        them = _seats(before, team)
        hit = before.tables[team]
        if card == "populated_area":
            text = _cite(f"{who} plays Populated Area on {them}'s Freeway: {them} cannot play 50s or 75s "
                         "until a new Freeway", "T-POP")
        elif card in STOPPING_DELAYS:
            remedy = card_name(REMEDY_FOR[card])
            if hit.stopped_by:
                text = _cite(f"{who} plays {name} on {them}'s {card_name(hit.stopped_by)}: {them} is stopped "
                             f"again, and only the top delay counts: now it needs {remedy}",
                             "T-DELAY", "T-STOP", note="stack_stops on")
            else:
                text = _cite(f"{who} plays {name} on {them}: {them} is stopped and cannot play mileage until "
                             f"it plays {remedy}", "T-DELAY", "T-STOP")
        else:
            lost = card_name(rules.loss_value(card))
            face = "face up: everyone saw them" if rules.loss_face_up else "face down"
            miles = f"{hit.miles()} -> {after.tables[team].miles()} miles"
            text = _cite(f"{who} plays {name} on {them}: {them} loses a {lost} ({miles}); both cards go to "
                         f"the discard pile {face}", "T-DELAY", "T-LOSS",
                         note="" if rules.loss_face_up else "loss_face_up off")
        if table.top_go is None:
            text += _cite(f"; seat {mover} attacks before playing its own Go", "T-DELAY",
                          note="attack_before_go on")
    elif card == "go":
        top = table.top_go
        if top is None:
            text = _cite(f"{who} plays Go{shared}: {own} is moving and may play mileage", "T-GO", "T-MOVING",
                         *teams)
        else:
            text = _cite(f"{who} plays Go on {card_name(top)}{shared}: {own} is moving again", "T-REMEDY",
                         "T-MOVING", *teams, note="go_after_remedy on")
    elif card == "freeway":
        if table.freeway:
            text = _cite(f"{who} plays Freeway over the Populated Area{shared}: {own} may play 50s and 75s "
                         "again",
                         "T-FREEWAY", "T-POP", *teams)
        else:
            text = _cite(f"{who} plays Freeway{shared}: {own} may now play 50s and 75s", "T-FREEWAY", *teams)
    elif card in REMEDIES:
        delay = card_name(table.top_go or "")
        if rules.go_after_remedy:
            text = _cite(f"{who} plays {name} on {delay}{shared}: the delay is over, but {own} needs a new "
                         "Go before mileage", "T-REMEDY", *teams, note="go_after_remedy on")
        else:
            text = _cite(f"{who} plays {name} on {delay}{shared}: {own} is moving again", "T-REMEDY",
                         "T-MOVING",
                         *teams)
    else:
        text = _narrate_mileage(before, action, after, who, own, shared, teams)
    if before.ply == 0 and before.reshuffles == 0 and mover == 0:
        text = _cite("Seat 0 opens the game, holding the 5 cards dealt and one drawn", "T-DEAL") + ": it " + \
            text[len(who) + 1:]
    if action.kind == "play" and _in_sight(after, card) > _in_sight(before, card) and \
            _in_sight(after, card) == _DECKS[bool(rules.short_trip)][card]:
        text += _cite(f"; that is the last {name}: all {_in_sight(after, card)} the deck holds are in sight",
                      "T-DECK")
    return text + _consequences(before, after) + "."


def _narrate_mileage(before: State, action: Action, after: State, who: str, own: str, shared: str,
                     teams: tuple[str, ...]) -> str:
    rules = before.rules
    card = action.card
    name = card_name(card)
    me = before.team_of(before.turn)
    table = after.tables[me]
    goal = rules.goal
    trip = f"the {goal}-mile short trip" if rules.short_trip else f"{goal} miles"
    short = ("T-SHORT",) if rules.short_trip else ()
    if after.winner is not None:
        verb = "win together" if len(before.seats_of(me)) > 1 else "wins"
        return _cite(f"{who} plays {name}{shared}: {table.miles()} of {trip}, the trip is complete: "
                     f"{own} {verb} "
                     "and the game is over", "T-WIN", *short, *teams)
    fast = card in ("m50", "m75")
    if fast:
        text = _cite(f"{who} plays {name} on its active Freeway{shared}: {table.miles()} of {trip}",
                     "T-FREEWAY",
                     *short, *teams)
    elif before.tables[me].freeway_active:
        text = _cite(f"{who} plays {name}{shared}: {table.miles()} of {trip}", "T-SLOW", *short, *teams)
    else:
        text = _cite(f"{who} plays {name}{shared}: {table.miles()} of {trip}; 25s and 35s need no active "
                     "Freeway",
                     "T-SLOW", *short, *teams)
    i = MILEAGE.index(card)
    cap = rules.caps[i]
    if table.piles[i] == cap:
        text += _cite(f"; {own}'s {card[1:]} pile is full ({cap} of {cap}): no more {card[1:]}s", "T-GOAL",
                      *short)
    return text


def _consequences(before: State, after: State) -> str:
    """What the move caused after it: the end without a winner, a reshuffle, passed seats, the next draw."""
    if after.over:
        if after.winner is None:
            return _cite("; every hand is empty and nothing is left to draw: the game ends with no winner",
                         "T-EXHAUST")
        return ""
    parts = []
    if after.reshuffles > before.reshuffles:
        size = len(after.draw) + (after.drawn is not None)
        parts.append(_cite("the draw pile was empty, so the discards and the buried column cards were "
                           f"shuffled into a new draw pile of {size}", "T-RESHUFFLE"))
    n = before.players
    nxt = after.turn
    s = (before.turn + 1) % n
    while s != nxt:
        parts.append(_cite(f"seat {s} holds no cards and is passed", "T-EXHAUST"))
        s = (s + 1) % n
    if after.drawn is None:
        parts.append(_cite(f"seat {nxt} takes its turn without drawing: nothing is left to draw",
                           "T-EXHAUST"))
    elif nxt <= before.turn:
        parts.append(_cite(f"seat {nxt} draws, and a new round of the table begins", "T-TURN", "T-PLAYERS"))
    else:
        parts.append(_cite(f"seat {nxt} draws", "T-TURN"))
    return "; " + "; ".join(parts)
