"""What a seat may see of an On Tour position (every map: On Tour hides nothing), as plain values
and as text, and each writing told in a sentence."""

from __future__ import annotations

from typing import Any

from ..core.text import counted
from .actions import read_action
from .facts import BOARD, CARD_REGION, INDEX, SPACES
from .moves import pairing
from .scoring import Score, best_tour_of_cells
from .state import State

# The position as text lives with the position; these are its names here too.
from .state import cell_text as cell_text
from .state import draw_map as draw_map
from .state import render_text as render_text
from .state import turn_line as turn_line


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


# -- narration -----------------------------------------------------------------------------------
_MERGED = {"NE2": "New England", "MC": "New Jersey, Delaware and Maryland"}


def _cite(text: str, *rules: str, note: str = "") -> str:
    extra = f"; {note}" if note else ""
    return f"{text} ({', '.join(rules)}{extra})"


def _card_for(state: State, sid: str) -> str | None:
    """A shown card whose region holds ``sid``: its own card first."""
    if sid in state.cards:
        return sid
    for card in state.cards:
        if CARD_REGION[card] in BOARD[sid].regions:
            return card
    return None


def narrate(before: State, action: Any, after: State, seat: int | None = None) -> str:
    """One seat's writing in a sentence: what was written where, circled or not and why, what
    the turn's end brought (the discards, the next cards and roll, or the end, the scores and the
    winners), with the rule ids behind each part. ``seat`` is accepted for the shape both games
    share; On Tour hides nothing.

    >>> from touring_widgets.on_tour import Rules, apply, new_game
    >>> s = new_game(1, 7, Rules())
    >>> print(narrate(s, "56 TX, 65 OK", apply(s, "56 TX, 65 OK")))
    p0 writes 56 in TX (card IN, Central) and 65 in OK (card LA, Central) (O-WRITE, O-REGIONS);
    the map already holds the four circled setup numbers 12 MI, 21 NE2, 59 WA, 95 KY (O-SETUP);
    everyone has written: the cards go to the discard pile (O-DISCARD);
    turn 2: the cards OR (North), FL (East), VA (East) are flipped (O-FLIP, O-CARDS);
    p0 rolls 4 and 2, which make 24 and 42 (O-ROLL, O-DICE).
    """
    action = read_action(action)
    writer = action.seat if action.seat is not None else before.turn
    who = f"p{writer}"
    marks = action.marks
    if before.last_turn:
        text = _narrate_last(before, marks, who)
    elif before.star_turn:
        text = _narrate_star(before, marks, who)
    else:
        text = _narrate_numbers(before, marks, who)
    for _, sid in marks:
        if sid in _MERGED:
            text += _cite(f"; {sid} is {_MERGED[sid]}, one space on this board", "O-MAP")
    if before.round == 1 and not any(before.written):
        setup = ", ".join(f"{n:02d} {c}" for c, n in before.setup)
        text += _cite(f"; the map already holds the four circled setup numbers {setup}", "O-SETUP")
    if after.over:
        return text + _narrate_end(before, after) + "."
    if after.round > before.round:
        if before.cards:
            text += _cite("; everyone has written: the cards go to the discard pile", "O-DISCARD")
        else:
            text += _cite("; everyone has written", "O-DISCARD")
        return text + "; " + _narrate_turn(after) + "."
    return text + _cite(f"; p{after.turn} writes next, the same roll on its own map", "O-PLAYERS") + "."


def _narrate_last(state: State, marks: tuple, who: str) -> str:
    if marks[0][0] == "star":
        return _cite(f"{who} draws a star in {marks[0][1]}: a double, and on a last turn any empty space "
                     "will do",
                     "O-STAR", "O-LAST")
    written = " and ".join(f"{n:02d} in {sid}" for n, sid in marks)
    if len(marks) == 2:
        return _cite(f"{who} writes {written}: a last turn flips no cards, so any empty space will do",
                     "O-LAST")
    low, high = state.numbers
    choice = state.rules.last_one_space
    how = "the player's choice" if choice == "choose" else f"the {choice} one, as these rules say"
    return _cite(f"{who} writes {written} in the last empty space: one of {low:02d} and {high:02d}, {how}",
                 "O-LAST", note=f"last_one_space {choice!r}")


def _narrate_star(state: State, marks: tuple, who: str) -> str:
    a, b = state.dice
    regions = {CARD_REGION[c] for c in state.cards}
    why = f"the roll is a double, {a} and {b}" if state.double else f"all three cards show {regions.pop()}"
    kind, sid = marks[0]
    if kind == "X":
        note = "" if state.rules.forced_x_only else "forced_x_only off"
        reason = "no region of the cards has an empty space for the star" if state.rules.forced_x_only \
            else "an X instead of the star"
        return _cite(f"{who} writes an X in {sid}: {reason}", "O-STAR", "O-X", note=note)
    card = _card_for(state, sid)
    if card == sid:
        return _cite(f"{who} draws a star in {sid}, circled: it is card {sid}'s own space; {why}", "O-STAR",
                     "O-CIRCLE")
    region = CARD_REGION[card] if card else "?"
    return _cite(f"{who} draws a star in {sid}, in the {region} of card {card}; {why}", "O-STAR", "O-REGIONS")


def _narrate_numbers(state: State, marks: tuple, who: str) -> str:
    rules = ["O-WRITE"]
    notes = ""
    numbers = [(n, sid) for n, sid in marks if isinstance(n, int)]
    xs = [sid for n, sid in marks if n == "X"]
    parts = []
    if not xs:
        pair = pairing(state, INDEX[numbers[0][1]], INDEX[numbers[1][1]])
        cards = [state.cards[i] for i in pair] if pair else [_card_for(state, s) for _, s in numbers]
    else:
        cards = [_card_for(state, sid) for _, sid in numbers]
    for (n, sid), card in zip(numbers, cards):
        if card == sid:
            parts.append(f"{n:02d} in {sid} (card {sid}, circled: its own space)")
            rules.append("O-CIRCLE")
        elif state.rules.circle_any_shown and sid in state.cards:
            parts.append(f"{n:02d} in {sid} (card {card}, {CARD_REGION[card]}; circled: card {sid} is "
                         "showing)")
            rules.append("O-CIRCLE")
            notes = "circle_any_shown on"
        else:
            parts.append(f"{n:02d} in {sid} (card {card}, {CARD_REGION[card] if card else '?'})")
            rules.append("O-REGIONS")
    low, high = state.numbers
    for sid in xs:
        left = [m for m in (low, high) if m not in [n for n, _ in numbers]]
        missed = f"{left[0]:02d}" if len(xs) == 1 and left else "the number"
        if state.rules.forced_x_only:
            parts.append(f"an X in {sid}: {missed} has no empty space in the regions of the cards left")
        else:
            parts.append(f"an X in {sid} instead of {missed}")
            notes = "forced_x_only off"
        rules.append("O-X")
    return _cite(f"{who} writes " + " and ".join(parts), *dict.fromkeys(rules), note=notes)


def _narrate_turn(state: State) -> str:
    """The start of a new turn: the cards flipped (or none on a last turn) and the roll."""
    a, b = state.dice
    if state.cards:
        shown = ", ".join(f"{c} ({CARD_REGION[c]})" for c in state.cards)
        flipped = f"turn {state.round}: the cards {shown} are flipped"
        if state.reshuffled:
            flipped += ", the deck having run out and the discards shuffled into a new one"
        text = _cite(flipped, "O-FLIP", "O-CARDS")
    else:
        left = state.empty_count(0)
        text = _cite(f"turn {state.round}: only {left} empty space{'s' if left > 1 else ''} left on every "
                     "map, so no cards are flipped and numbers go anywhere", "O-LAST")
    low, high = state.numbers
    if state.double:
        text += _cite(f"; p{state.roller} rolls {a} and {b}, a double: everybody draws a star", "O-ROLL",
                      "O-DICE",
                      "O-STAR")
    else:
        text += _cite(f"; p{state.roller} rolls {a} and {b}, which make {low:02d} and {high:02d}", "O-ROLL",
                      "O-DICE")
        if state.star_turn:
            region = CARD_REGION[state.cards[0]]
            text += _cite(f"; all three cards show {region}, so everybody draws a star instead", "O-STAR")
    return text


def _narrate_end(before: State, after: State) -> str:
    """The end: every map full, each score, the winners (or a solo game's points)."""
    text = _cite("; everyone has written", "O-DISCARD")
    text += _cite("; every space of every map is filled: the game is over", "O-END")
    scores = [best_tour_of_cells(after.maps[p]) for p in range(after.players)]
    for p, score in enumerate(scores):
        tour = " -> ".join(score.tour)
        spaces = counted(score.spaces, "space")
        text += _cite(f"; p{p} scores {score.total}: {spaces} on its best tour ({tour}) plus "
                      f"{score.circles} circled", "O-ROUTE", "O-SCORE")
    totals = [s.total for s in scores]
    if after.players == 1:
        return text + _cite(f"; a solo game: {counted(totals[0], 'point')}, to set beside your earlier "
                            "games", "O-SOLO")
    top = max(totals)
    best = [p for p, t in enumerate(totals) if t == top]
    names = " and ".join(f"p{p}" for p in best)
    if len(best) == 1:
        return text + _cite(f"; {names} wins with {top}", "O-WIN")
    if after.rules.shared_ties:
        return text + _cite(f"; {names} tie on {top} and share the win", "O-WIN")
    return text + _cite(f"; {names} tie on {top}, and with shared_ties off nobody wins", "O-WIN")
