"""Legal writing in On Tour: what a seat may write this turn, why or why not, and applying it.

One judge, ``ruling``, decides every question (legal or not, the reason, the rule, the
circles), so ``legal_actions``, ``is_legal``, ``judge``, ``explain`` and ``apply`` always agree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core.frozen import fast_constructor
from ..core.legal import LegalActions
from ..core.verdict import Verdict, unreadable
from ..errors import IllegalAction
from .actions import Action, read_action, seat_keyword
from .facts import CARD_REGION, INDEX, REGION_MASK, SPACES, bits, spaces_of
from .state import State, end_turn_with, make_state


@dataclass(frozen=True, slots=True)
class Ruling:
    """The judgement of one action with what it writes: legal or not, the reason (ending with
    rule ids), the deciding rule, the seat that writes and the cells written."""

    legal: bool
    reason: str
    rule: str
    seat: int | None = None
    cells: tuple[tuple[int, Any], ...] = ()


#: ``Ruling(...)`` with all five fields given in order, built faster, for values already checked.
_make_ruling = fast_constructor(Ruling)


def _no(reason: str, rule: str, seat: int | None = None) -> Ruling:
    return _make_ruling(False, f"{reason} ({rule})", rule, seat, ())


def card_masks(state: State) -> tuple[int, ...]:
    """The bitmask of each shown card's region, in card order (O-WRITE)."""
    return _region_masks(state.cards)


@lru_cache(maxsize=4096)
def _region_masks(cards: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(REGION_MASK[CARD_REGION[c]] for c in cards)


def _shown(state: State) -> str:
    return ", ".join(f"{c} ({CARD_REGION[c]})" for c in state.cards)


def _fits_two(masks: tuple[int, ...], empty: int) -> bool:
    """Two numbers can both be written legally: two different cards, two different empty spaces."""
    for i, mi in enumerate(masks):
        a = mi & empty
        if not a:
            continue
        for j, mj in enumerate(masks):
            if i != j:
                b = mj & empty
                if b and (a | b).bit_count() >= 2:
                    return True
    return False


def pairing(state: State, s1: int, s2: int) -> tuple[int, int] | None:
    """The cards (indices) for numbers in spaces s1 and s2 circling most, or None if none fit (O-CIRCLE)."""
    masks = card_masks(state)
    cards = state.cards
    id1, id2 = SPACES[s1], SPACES[s2]
    best = None
    best_circles = -1
    for i, mi in enumerate(masks):
        if not mi >> s1 & 1:
            continue
        for j, mj in enumerate(masks):
            if i != j and mj >> s2 & 1:
                circles = (cards[i] == id1) + (cards[j] == id2)
                if circles > best_circles:
                    best, best_circles = (i, j), circles
    return best


def acting_seat(state: State, seat: int | None) -> int | None:
    """The seat an action is for: the one named, or the next one still to write."""
    return state.turn if seat is None else seat


def _circled(state: State, sid: str, card: str | None) -> bool:
    """Whether a number written in ``sid`` with ``card`` is circled (O-CIRCLE, circle_any_shown)."""
    return sid == card or (state.rules.circle_any_shown and sid in state.cards)


def ruling(state: State, action: Action, words: bool = True) -> Ruling:
    """Whether ``action`` is legal now, with a one-sentence reason citing the rule id.

    With ``words=False`` the reason of a legal writing of two numbers may be left empty (for
    ``apply``, which only needs the cells); a refusal always says why.
    """
    if state.over:
        return _no("the game is over: every map is full", "O-END")
    seat = acting_seat(state, action.seat)
    if seat is None or not 0 <= seat < state.players:
        return _no(f"there is no player p{seat} in this {state.players}-player game", "O-PLAYERS")
    if state.written[seat]:
        return _no(
            f"p{seat} has already written this turn; the next turn begins when every player has written",
            "O-DISCARD",
            seat,
        )
    marks = action.marks
    empty = state.empty[seat]
    spaces = [INDEX[s] for _, s in marks]
    if len(set(spaces)) < len(spaces):
        return _no(f"{marks[0][1]} is used twice: each mark goes in its own empty space", "O-WRITE", seat)
    board = state.maps[seat]
    for (_, sid), i in zip(marks, spaces):
        if not empty >> i & 1:
            return _no(
                f"{sid} already holds {_cell_text(board[i])}: write in an empty space", "O-WRITE", seat
            )
    kinds = [k for k, _ in marks]
    numbers = [k for k in kinds if isinstance(k, int)]
    stars = kinds.count("star")
    xs = kinds.count("X")
    low, high = state.numbers
    if state.star_turn:
        why_star = "the roll is a double" if state.double else "all three cards show one region"
        if numbers or len(marks) != 1:
            return _no(f"{why_star}: draw one star instead of numbers", "O-STAR", seat)
        if state.last_turn:
            if xs:
                return _no("on a last turn every empty space is legal, so there is no X", "O-X", seat)
            text = f"a star in {marks[0][1]} (O-STAR, O-LAST)"
            return _ok(seat, [(spaces[0], ("star", False))], text, "O-LAST")
        masks = card_masks(state)
        union = masks[0] | masks[1] | masks[2]
        sid, i = marks[0][1], spaces[0]
        if stars:
            if not union >> i & 1:
                return _no(f"{sid} is in no region of the cards shown ({_shown(state)})", "O-STAR", seat)
            circled = sid in state.cards
            note = ", circled: it is a card's own space (O-CIRCLE)" if circled else ""
            return _ok(seat, [(i, ("star", circled))], f"a star in {sid}{note} (O-STAR)", "O-STAR")
        if union & empty and state.rules.forced_x_only:
            options = ", ".join(spaces_of(union & empty)[:4])
            return _no(
                f"an X only when the star has no legal space, and it could go in {options}", "O-X", seat
            )
        return _ok(seat, [(i, ("X", False))], f"an X in {sid}: the star has no legal space (O-X)", "O-X")
    if stars:
        return _no(
            f"a star needs a double or three cards of one region; the roll is {low:02d} and {high:02d}",
            "O-STAR",
            seat,
        )
    for n in numbers:
        if n not in (low, high):
            return _no(f"{n:02d} was not rolled: the numbers are {low:02d} and {high:02d}", "O-ROLL", seat)
    if len(set(numbers)) < len(numbers):
        return _no(f"{numbers[0]:02d} is written twice: write each number once", "O-WRITE", seat)
    if state.last_turn:
        if xs:
            return _no("on a last turn every empty space is legal, so there is no X", "O-X", seat)
        # Two marks always name two empty spaces here, so one space left means one number.
        if empty.bit_count() >= 2 and len(numbers) != 2:
            return _no(f"write both {low:02d} and {high:02d}, in any empty spaces", "O-LAST", seat)
        allowed = one_space_numbers(state)
        if empty.bit_count() == 1 and numbers[0] not in allowed:
            rule = state.rules.last_one_space
            return _no(
                f"one space is left and these rules write the {rule} number, {allowed[0]:02d}",
                "O-LAST",
                seat,
            )
        cells = [(i, (k, False)) for k, i in zip(kinds, spaces)]
        return _ok(seat, cells, "a last turn: numbers go in any empty space (O-LAST)", "O-LAST")
    if len(marks) != 2:
        return _no(
            f"write both {low:02d} and {high:02d} (or an X for one with no legal space)", "O-WRITE", seat
        )
    masks = card_masks(state)
    union = masks[0] | masks[1] | masks[2]
    for k, (n, sid) in enumerate(marks):
        if isinstance(n, int) and not union >> spaces[k] & 1:
            return _no(f"{sid} is in no region of the cards shown ({_shown(state)})", "O-WRITE", seat)
    forced = state.rules.forced_x_only
    if xs == 0:
        pair = pairing(state, spaces[0], spaces[1])
        if pair is None:
            return _no(
                f"{marks[0][1]} and {marks[1][1]} fit only one card of {_shown(state)}: "
                "each number uses a different card",
                "O-WRITE",
                seat,
            )
        cells = []
        notes = []
        any_circled = False
        for (n, sid), i, c in zip(marks, spaces, pair):
            card = state.cards[c]
            circled = _circled(state, sid, card)
            any_circled = any_circled or circled
            cells.append((i, (n, circled)))
            if words:
                notes.append(
                    f"{n:02d} in {sid} with card {card} ({CARD_REGION[card]}{', circled' if circled else ''})"
                )
        said = " and ".join(notes)
        if any_circled:
            return _ok(seat, cells, f"{said} (O-WRITE, O-CIRCLE)" if words else "", "O-CIRCLE")
        return _ok(seat, cells, f"{said} (O-WRITE)" if words else "", "O-WRITE")
    if forced and _fits_two(masks, empty):
        return _no(
            "an X only for a number with no legal space, and both numbers can be written", "O-X", seat
        )
    if xs == 2 and forced and union & empty:
        return _no("an X only for a number with no legal space, and one number can be written", "O-X", seat)
    cells = []
    notes = []
    for (n, sid), i in zip(marks, spaces):
        if n == "X":
            cells.append((i, ("X", False)))
            notes.append(f"an X in {sid}")
            continue
        circled = sid in state.cards
        cells.append((i, (n, circled)))
        notes.append(f"{n:02d} in {sid}{' circled' if circled else ''}")
    return _ok(seat, cells, f"{' and '.join(notes)}: no legal space for the other number (O-X)", "O-X")


def _ok(seat: int, cells: list[tuple[int, Any]], reason: str, rule: str) -> Ruling:
    return _make_ruling(True, reason, rule, seat, tuple(cells))


def _cell_text(cell: Any) -> str:
    if cell is None:
        return "nothing"
    kind, circled = cell
    text = f"{kind:02d}" if isinstance(kind, int) else "a star" if kind == "star" else "an X"
    return f"{text} (circled)" if circled else text


def _named(state: State, action: Action) -> Action:
    """The action with its seat named (the next one still to write when it names none)."""
    return action if action.seat is not None else action.with_seat(state.turn)


def judge(state: State, action: Action) -> Verdict:
    """The verdict on an action: legal or not, the rule that decides, and a sentence saying why."""
    found = ruling(state, action)
    return Verdict(str(_named(state, action)), found.legal, found.rule, found.reason)


def explain(state: State, action: Any) -> Verdict:
    """The verdict on any input, text that does not parse included; never raises."""
    try:
        return judge(state, read_action(action))
    except IllegalAction as exc:
        return unreadable(action, exc)


def apply(state: State, action: Action | str) -> State:
    """The state after ``action``; when the last seat has written, the next turn is drawn.

    Raises IllegalAction, naming the problem and the rule, leaving ``state`` as it was.
    """
    action = read_action(action)
    found = ruling(state, action, words=False)
    if not found.legal:
        raise IllegalAction(f"{str(_named(state, action))!r}: {found.reason}", found.rule)
    return write(state, found)


def write(state: State, verdict: Ruling) -> State:
    """Write a legal ruling's cells for its seat, ending the turn after the last one."""
    p = verdict.seat
    assert p is not None
    board = list(state.maps[p])
    empty = state.empty[p]
    for i, cell in verdict.cells:
        board[i] = cell
        empty &= ~(1 << i)
    maps = (*state.maps[:p], tuple(board), *state.maps[p + 1 :])
    empties = (*state.empty[:p], empty, *state.empty[p + 1 :])
    written = (*state.written[:p], True, *state.written[p + 1 :])
    if all(written):
        return end_turn_with(state, maps, empties, written)
    return make_state(
        state.rules, state.seed, state.players, state.setup, state.setup_rolls, maps, empties,
        state.round, state.roller, state.deck, state.discard, state.cards, state.dice, state.reshuffled,
        written, state.over,
    )


# -- the lazy list of legal actions ---------------------------------------------------------
def writing_shape(
    state: State, seat: int, forced: bool | None = None
) -> tuple[str, int, int, tuple[int, ...]]:
    """What writing is due ('star', 'two', 'xone', ...), the empty spaces, where cards allow, masks."""
    empty = state.empty[seat]
    if forced is None:
        forced = state.rules.forced_x_only
    if state.last_turn:
        if state.double:
            return "star_any", empty, empty, ()
        return ("two_any" if empty.bit_count() >= 2 else "one_any"), empty, empty, ()
    masks = card_masks(state)
    union = (masks[0] | masks[1] | masks[2]) & empty
    if state.star_turn:
        return ("star" if union else "star_x") if forced else "star_free", empty, union, masks
    if not forced:
        return "free", empty, union, masks
    if _fits_two(masks, empty):
        return "two", empty, union, masks
    return ("xone" if union else "xtwo"), empty, union, masks


def second_spaces(masks: tuple[int, ...], s1: int, empty: int, keep: bool = False) -> int:
    """Spaces a second number may take when the first is in s1 (different card, different space).

    With ``keep``, s1 itself is not removed (the answer then holds for any space of the same cards).
    """
    out = 0
    for i, mi in enumerate(masks):
        if mi >> s1 & 1:
            for j, mj in enumerate(masks):
                if i != j:
                    out |= mj
    return out & empty if keep else out & empty & ~(1 << s1)


def one_space_numbers(state: State) -> tuple[int, ...]:
    """The numbers a seat may write in the one space left on a last turn (O-LAST)."""
    low, high = state.numbers
    rule = state.rules.last_one_space
    return (low,) if rule == "low" else (high,) if rule == "high" else (low, high)


def _generate(state: State, seat: int) -> Iterator[Action]:
    shape, empty, union, masks = writing_shape(state, seat)
    low, high = state.numbers
    S = SPACES
    if shape in ("star", "star_any", "star_free"):
        for i in bits(union):
            yield Action((("star", S[i]),), seat)
    if shape in ("star_x", "star_free"):
        for i in bits(empty):
            yield Action((("X", S[i]),), seat)
    if shape in ("two", "free"):
        for i in bits(union):
            for j in bits(second_spaces(masks, i, empty)):
                yield Action(((low, S[i]), (high, S[j])), seat)
    if shape == "two_any":
        for i in bits(empty):
            for j in bits(empty & ~(1 << i)):
                yield Action(((low, S[i]), (high, S[j])), seat)
    if shape == "one_any":
        for n in one_space_numbers(state):
            for i in bits(empty):
                yield Action(((n, S[i]),), seat)
    if shape in ("xone", "free"):
        for n in (low, high):
            for i in bits(union):
                for j in bits(empty & ~(1 << i)):
                    yield Action(((n, S[i]), ("X", S[j])), seat)
    if shape in ("xtwo", "free"):
        spaces = bits(empty)
        for a, i in enumerate(spaces):
            for j in spaces[a + 1 :]:
                yield Action((("X", S[i]), ("X", S[j])), seat)


def _count(state: State, seat: int) -> int:
    shape, empty, union, masks = writing_shape(state, seat)
    e, u = empty.bit_count(), union.bit_count()
    total = 0
    if shape in ("star", "star_any", "star_free"):
        total += u
    if shape in ("star_x", "star_free"):
        total += e
    if shape in ("two", "free"):
        total += sum(second_spaces(masks, i, empty).bit_count() for i in bits(union))
    if shape == "two_any":
        total += e * (e - 1)
    if shape == "one_any":
        total += len(one_space_numbers(state)) * e
    if shape in ("xone", "free"):
        total += 2 * u * (e - 1)
    if shape in ("xtwo", "free"):
        total += e * (e - 1) // 2
    return total


def legal_actions(state: State, seat: int | None = None, **old: Any) -> LegalActions:
    """The legal actions of ``seat`` (default: the next one still to write), as a lazy sequence;
    ``player=`` is the deprecated name of ``seat=``.

    >>> from .rules import Rules
    >>> from .state import new_game
    >>> legal = legal_actions(new_game(1, 7, Rules()))
    >>> len(legal) == sum(1 for _ in legal), next(iter(legal)) in legal
    (True, True)
    """
    if old:
        seat = seat_keyword(seat, old, "legal_actions")
    p = acting_seat(state, seat)
    if state.over or p is None or not 0 <= p < state.players or state.written[p]:
        return LegalActions(p, lambda: iter(()), lambda action: False, lambda: 0)

    def contains(action: object) -> bool:
        try:
            action = read_action(action)
        except IllegalAction:
            return False
        if action.seat is None:
            action = action.with_seat(p)
        return action.seat == p and ruling(state, action, words=False).legal

    return LegalActions(p, lambda: _generate(state, p), contains, lambda: _count(state, p))


def is_legal(state: State, action: Any) -> bool:
    """Whether an action (or its text) is legal now; never raises."""
    try:
        return ruling(state, read_action(action), words=False).legal
    except IllegalAction:
        return False
