"""On Tour positions in a few readable lines: ``scenario(...)`` starts a game at the beginning of
any turn a real game could reach, fills in whatever is not given from the seed, and refuses a
position no game could reach with ``IllegalAction`` naming the problem and the rule.

>>> import touring_widgets as tw
>>> tw.on_tour.scenario.setup(seed=1)          # the seed's four circled numbers (O-SETUP)
{'PA': 36, 'WV': 63, 'AR': 19, 'NE2': 91}
>>> o = tw.on_tour.scenario(maps={"TX": 56, "OK": 65, "CO": "star"}, cards=["TX", "NM", "KS"],
...                         dice=(2, 3), seed=1)
>>> o.map(0)["TX"], o.state.round, o.state.numbers     # two turns so far: one of numbers, one star
((56, False), 3, (23, 32))
>>> o.step("23 NM, 32 KS")
Action.parse('p0: 23 NM, 32 KS')
>>> tw.on_tour.scenario(maps={0: {"TX": 56}, 1: {}}, players=2, seed=1)
Traceback (most recent call last):
  ...
touring_widgets.errors.IllegalAction: p0 holds 1 mark besides the setup and p1 holds 0: everybody
writes every turn, so all maps fill at the same pace (O-LAST)

A game built this way is a game like any other: step, undo, fork, save and load work, and its
save holds the scenario, checked again when it loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import IllegalAction
from .facts import ALL_MASK, CARD_REGION, INDEX, N_SPACES, SPACES
from .game import OnTour
from .rules import Rules
from .state import LAST_TURN_SPACES, Cell, State, chance, new_game, roll

SETUP_CARDS = 4  # O-SETUP: four cards leave the game
DECK = len(SPACES) - SETUP_CARDS  # 37 cards to flip


def scenario(
    players: int | list[str] | tuple[str, ...] = 1,
    *,
    maps: Mapping[Any, Any] | list | None = None,
    cards: list[str] | tuple[str, ...] | None = None,
    dice: tuple[int, int] | list[int] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    round: int | None = None,
    rules: Rules | None = None,
    seed: int | str | None = None,
) -> OnTour:
    """An On Tour game at the start of a turn, as described; everything not given comes from ``seed``.

    Args:
        players: a number of seats or a list of policies, as for ``OnTour``.
        maps: seat -> {space: mark} for each map, or one {space: mark} for every map. A mark is a
            number (``56``), ``"star"``, ``"X"``, or circled: ``(56, True)``, ``"(56)"``,
            ``"(star)"``. The four circled setup numbers of the seed are filled in (O-SETUP; see
            ``setup(seed)``); a map not given holds only them.
        cards: the three cards showing (none on a last turn, O-LAST); default: flipped from the deck.
        dice: the two dice (O-DICE); default: rolled from the seed.
        deck: the next cards of the deck, the next to flip first.
        discard: the last cards put on the discard pile, oldest first (the rest of it is filled in).
        round: the turn number; default: the earliest that the maps allow (as few star turns as
            the stars drawn need).
        rules, seed: as for ``OnTour``.

    Raises IllegalAction naming the problem and the rule for a position no game could reach,
    ValueError for bad players or seed (as ``OnTour``).
    """
    game = OnTour(players=players, seed=seed, rules=rules)
    spec: dict[str, Any] = {}
    for key, value in (("maps", maps), ("cards", cards), ("dice", dice), ("deck", deck),
                       ("discard", discard), ("round", round)):
        if value is not None:
            spec[key] = value
    game.start_from(spec)
    return game


def setup(seed: int | str, rules: Rules | None = None) -> dict[str, int]:
    """The four circled numbers the seed's setup writes on every map: space -> number (O-SETUP)."""
    return dict(new_game(1, seed, rules or Rules()).setup)


def position_of(game: OnTour) -> dict[str, Any]:
    """The ``scenario(...)`` keywords that rebuild ``game``'s position: every map, the cards, the
    dice, the whole deck and discard pile, the turn, players, rules and seed.

    Raises ValueError in the middle of a turn (a scenario starts where a turn starts)."""
    state: State = game.state
    if state.over or any(state.written):
        raise ValueError("a scenario starts at the beginning of a turn, before anybody has written")
    setup_spaces = {card for card, _ in state.setup}
    maps = {}
    for p in range(state.players):
        maps[p] = {
            sid: _cell_json(cell) for sid, cell in zip(SPACES, state.maps[p])
            if cell is not None and sid not in setup_spaces
        }
    return {
        "players": list(game.players),
        "maps": maps,
        "cards": list(state.cards),
        "dice": tuple(state.dice),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "round": state.round,
        "rules": game.rules,
        "seed": game.seed,
    }


# -- checking ------------------------------------------------------------------------------------
def position(game: OnTour, spec: Any) -> tuple[dict[str, Any], State]:
    """Check a scenario for ``game`` (its players, seed and rules) and build its position.

    Returns the scenario as plain JSON values (what a save holds) and the state. Raises
    IllegalAction naming the first problem and its rule, whatever ``spec`` holds.
    """
    if not isinstance(spec, Mapping):
        raise IllegalAction("a scenario is an object of maps, cards, dice, deck, discard and round")
    for key in spec:
        if key not in ("maps", "cards", "dice", "deck", "discard", "round"):
            raise IllegalAction(f"{str(key)[:40]!r} is not part of an On Tour scenario: "
                                "give maps, cards, dice, deck, discard or round")
    n = game.n_players
    base = new_game(n, game.seed, game.rules)
    setup_at = dict(base.setup)
    given = _maps(spec.get("maps"), n)
    maps: list[tuple[Cell, ...]] = []
    for p in range(n):
        cells: list[Cell] = list(base.maps[p])
        for sid, cell in given.get(p, {}).items():
            cells[INDEX[sid]] = _check_cell(p, sid, cell, setup_at)
        maps.append(tuple(cells))
    marks = [sum(c is not None for c in m) - SETUP_CARDS for m in maps]
    if len(set(marks)) > 1:
        most, least = max(range(n), key=marks.__getitem__), min(range(n), key=marks.__getitem__)
        raise IllegalAction(
            f"p{most} holds {_count(marks[most], 'mark')} besides the setup and p{least} holds "
            f"{marks[least]}: "
            "everybody writes every turn, so all maps fill at the same pace (O-LAST)", "O-LAST")
    written = marks[0]
    empty = DECK - written
    if empty == 0:
        raise IllegalAction("every space of every map is filled: the game is over (O-END)", "O-END")
    turns = _turns(maps, written, spec.get("round"))
    _check_rolls(maps, setup_at, turns - (2 * turns - written))
    last = empty <= LAST_TURN_SPACES

    shown = _card_list(spec.get("cards"), "the cards showing", setup_at) if "cards" in spec else None
    nxt = _card_list(spec.get("deck", []), "the deck", setup_at)
    old = _card_list(spec.get("discard", []), "the discard pile", setup_at)
    # Every turn before flipped three cards, but a last turn (O-LAST): with one empty space left,
    # the turn before may have been a last turn that drew a star, and flipped nothing.
    flips = turns
    if empty == 1 and 2 * turns - written >= 1 and len(nxt) > _piles(turns, last)[0]:
        flips = turns - 1
    deck_size, discard_size, reshuffled = _piles(flips, last)
    if last:
        if shown:
            raise IllegalAction(f"only {_count(empty, 'empty space')} left on every map: a last turn flips "
                                "no cards (O-LAST)", "O-LAST")
        shown = []
    elif shown is not None and len(shown) != 3:
        raise IllegalAction(f"a turn shows 3 cards, not {len(shown)} (O-FLIP)", "O-FLIP")
    seen: dict[str, str] = {}
    for where, cards in (("showing", shown or []), ("in the deck", nxt), ("on the discard pile", old)):
        for card in cards:
            if card in seen:
                raise IllegalAction(f"card {card} is both {seen[card]} and {where}: there is one card a "
                                    "space (O-CARDS)", "O-CARDS")
            seen[card] = where
    if len(nxt) > deck_size:
        raise IllegalAction(
            f"the deck holds {_count(deck_size, 'card')} at turn {turns + 1}, not {len(nxt)}: the cards "
            "after them come from the discards, shuffled when the deck runs out (O-FLIP)", "O-FLIP")
    if len(old) > discard_size:
        raise IllegalAction(
            f"the discard pile holds {_count(discard_size, 'card')} at turn {turns + 1}, not {len(old)}: "
            "three "
            "cards a turn go there, and all of them back into the deck when it runs out (O-DISCARD, O-FLIP)",
            "O-DISCARD")

    # Fill in the unknown cards in the order of the seed's own deck: the discards first (flipped
    # in earlier turns), then this turn's cards, then the deck. Nothing given: the seed's game.
    # Before the deck first runs out, the card of every circled space was shown on a turn before
    # and lies on the discard pile (O-CIRCLE): such cards fill the discards first.
    circled = {sid for cells in maps for sid, cell in zip(SPACES, cells)
               if cell is not None and cell[1] and sid not in setup_at}
    if flips + (0 if last else 1) <= DECK // 3:
        early_circles = [sid for sid in SPACES if sid in circled and seen.get(sid, "on the discard pile")
                         != "on the discard pile"]
        if early_circles:
            sid = early_circles[0]
            raise IllegalAction(
                f"{sid} is circled on a map, so its card was shown on a turn before, but it is {seen[sid]}: "
                "the deck has not run out yet, so that card is on the discard pile (O-CIRCLE)", "O-CIRCLE")
        if len(circled) > discard_size:
            raise IllegalAction(
                f"the maps circle {_count(len(circled), 'space')} but {_count(turns, 'turn')} showed only "
                f"{_count(discard_size, 'card')}: a circle needs its space's card shown (O-CIRCLE)",
                "O-CIRCLE")
    else:
        circled = set()
    unknown = [c for c in (*base.cards, *base.deck) if c not in seen]
    unknown = [c for c in unknown if c in circled] + [c for c in unknown if c not in circled]
    early = discard_size - len(old)
    discards = tuple(unknown[:early]) + tuple(old)
    unknown = unknown[early:]
    if shown is None:
        shown, unknown = unknown[:3], unknown[3:]
    deck_cards = tuple(nxt) + tuple(unknown)
    dice = _dice(spec["dice"]) if "dice" in spec else roll(chance(game.seed, f"turn/{turns + 1}"))
    empties = []
    for cells in maps:
        free = ALL_MASK
        for i, cell in enumerate(cells):
            if cell is not None:
                free &= ~(1 << i)
        empties.append(free)
    state = replace(
        base, maps=tuple(maps), empty=tuple(empties), round=turns + 1, roller=turns % n,
        deck=deck_cards, discard=discards, cards=tuple(shown), dice=dice,
        reshuffled=reshuffled and not last, written=(False,) * n,
    )
    checked: dict[str, Any] = {}
    if given:
        checked["maps"] = {str(p): {sid: _cell_json(maps[p][INDEX[sid]]) for sid in cells}
                           for p, cells in sorted(given.items())}
    if "cards" in spec:
        checked["cards"] = list(state.cards)
    if "dice" in spec:
        checked["dice"] = list(dice)
    if nxt:
        checked["deck"] = nxt
    if old:
        checked["discard"] = old
    if "round" in spec:
        checked["round"] = turns + 1
    return checked, state


def _piles(flips: int, last: bool) -> tuple[int, int, bool]:
    """How many cards the deck and the discard pile hold after ``flips`` turns that flipped three
    cards and discarded them, and this turn's flip unless it is a last turn (O-FLIP, O-DISCARD),
    the discards reshuffled into the deck when it runs short; and whether this turn's flip did."""
    deck_size, discard_size, reshuffled = DECK, 0, False
    for k in range(flips + (0 if last else 1)):
        if deck_size >= 3:
            deck_size -= 3
            reshuffled = False
        else:
            deck_size, discard_size, reshuffled = deck_size + discard_size - 3, 0, True
        if k < flips:
            discard_size += 3
    return deck_size, discard_size, reshuffled


def _turns(maps: list[tuple[Cell, ...]], written: int, round_given: Any) -> int:
    """How many turns came before: each writes two marks, or one on a star turn, when everybody
    draws a star or, with no space for it, an X (O-STAR). Raises IllegalAction when no count fits."""
    stars = [sum(1 for c in m if c is not None and c[0] == "star") for m in maps]
    xs = [sum(1 for c in m if c is not None and c[0] == "X") for m in maps]
    low = max(stars)
    high = min(s + x for s, x in zip(stars, xs))
    if low > high:
        most = stars.index(low)
        least = min(range(len(maps)), key=lambda p: stars[p] + xs[p])
        raise IllegalAction(
            f"p{most} has drawn {_count(low, 'star')} but p{least} only {_count(stars[least], 'star')} and "
            f"{_count(xs[least], 'X')}: everybody draws a star (or an X where none fits) on the same turns "
            "(O-STAR)", "O-STAR")
    if round_given is not None:
        if type(round_given) is not int or not 1 <= round_given <= 100:
            raise IllegalAction(f"round {repr(round_given)[:20]} is not a turn number 1 to 100 (O-ROLL)",
                                "O-ROLL")
        turns = round_given - 1
        star_turns = 2 * turns - written
        if not low <= star_turns <= min(high, turns):
            raise IllegalAction(
                f"{_count(written, 'mark')} besides the setup, and at most {_count(high, 'star')} or X for "
                "stars, "
                f"cannot have been written in {_count(turns, 'turn')}: a turn writes two numbers, or one "
                "star (O-WRITE, O-STAR)", "O-WRITE")
        return turns
    star_turns = low + (written - low) % 2
    if star_turns > high:
        raise IllegalAction(
            f"{_count(written, 'mark')} besides the setup with {_count(low, 'star')}: a turn writes two "
            "numbers "
            "or one star, so one more star turn is needed, and no map has a star or an X for it (O-STAR)",
            "O-STAR")
    return (written + star_turns) // 2


def _check_rolls(maps: list[tuple[Cell, ...]], setup_at: dict[str, int], rolls: int) -> None:
    """Every map's numbers come from the same ``rolls`` rolls, one a turn that was not a star turn: a
    roll of a and b gives everybody 10a + b and 10b + a (O-ROLL, O-WRITE). Raises IllegalAction when
    the numbers need more rolls than that."""
    needed: dict[tuple[int, int], int] = {}
    for cells in maps:
        counts: dict[int, int] = {}
        for sid, cell in zip(SPACES, cells):
            if cell is not None and type(cell[0]) is int and sid not in setup_at:
                counts[cell[0]] = counts.get(cell[0], 0) + 1
        for number, count in counts.items():
            turned = number % 10 * 10 + number // 10
            pair = (min(number, turned), max(number, turned))
            needed[pair] = max(needed.get(pair, 0), count)
    most = sum(needed.values())
    if most > rolls:
        raise IllegalAction(
            f"the maps' numbers need {_count(most, 'roll')} (a roll of a and b writes 10a + b and 10b + a, "
            f"the same for everybody), but only {_count(rolls, 'turn')} rolled numbers (O-ROLL, O-WRITE)",
            "O-WRITE")


def _check_cell(p: int, sid: str, cell: Any, setup_at: dict[str, int]) -> Cell:
    mark = _read_cell(cell, p, sid)
    if sid in setup_at:
        number = setup_at[sid]
        if mark[0] != number:
            raise IllegalAction(
                f"p{p}'s {sid} holds {_cell_text(mark)}, but the setup wrote a circled {number:02d} there on "
                "every map (O-SETUP)", "O-SETUP")
        return (number, True)
    kind, circled = mark
    if kind == "X" and circled:
        raise IllegalAction(f"p{p}'s {sid}: an X is never circled (O-X)", "O-X")
    if isinstance(kind, int) and kind % 11 == 0:
        raise IllegalAction(
            f"p{p}'s {sid} holds {kind:02d}, which only a double makes, and a double draws a star instead "
            "(O-STAR)", "O-STAR")
    return mark


def _read_cell(cell: Any, p: int, sid: str) -> Cell:
    """A mark from 56, "star", "X", "(56)", "(star)" or (kind, circled)."""
    if isinstance(cell, (list, tuple)) and len(cell) == 2 and isinstance(cell[1], bool):
        kind, circled = cell
    elif isinstance(cell, str) and len(cell) > 2 and cell.startswith("(") and cell.endswith(")"):
        kind, circled = cell[1:-1], True
    else:
        kind, circled = cell, False
    if isinstance(kind, str):
        if kind.isascii() and kind.isdigit() and len(kind) <= 2:
            kind = int(kind)
        elif kind.lower() in ("star", "x"):
            kind = "star" if kind.lower() == "star" else "X"
    if not ((type(kind) is int and 0 <= kind <= 99) or kind in ("star", "X")):
        raise IllegalAction(f"p{p}'s {sid}: {repr(cell)[:40]} is not a number 00-99, a star or an X "
                            "(O-WRITE)",
                            "O-WRITE")
    return (kind, circled)


def _cell_json(cell: Cell) -> Any:
    kind, circled = cell
    return [kind, True] if circled else kind


def _cell_text(cell: Cell) -> str:
    kind, circled = cell
    text = f"{kind:02d}" if isinstance(kind, int) else "a star" if kind == "star" else "an X"
    return f"{text} (circled)" if circled else text


def _maps(value: Any, n: int) -> dict[int, dict[str, Any]]:
    """seat -> {space: mark}; one {space: mark} (space ids as keys) is every seat's map."""
    if value is None:
        return {}
    if isinstance(value, (list, tuple)):
        items = [(p, m) for p, m in enumerate(value) if m is not None]
    elif isinstance(value, Mapping):
        if value and all(isinstance(k, str) and k.upper() in INDEX for k in value):
            items = [(p, value) for p in range(n)]
        else:
            items = list(value.items())
    else:
        raise IllegalAction(f"maps must map seats to {{space: mark}}, not {type(value).__name__}")
    out: dict[int, dict[str, Any]] = {}
    for key, cells in items:
        p = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3 else key
        if type(p) is not int or not 0 <= p < n:
            raise IllegalAction(f"maps: {repr(key)[:20]} is not a seat: seats are 0 to {n - 1} (O-PLAYERS)",
                                "O-PLAYERS")
        if p in out:
            raise IllegalAction(f"maps: seat {p} is given twice")
        if not isinstance(cells, Mapping):
            raise IllegalAction(f"the map of p{p} must map spaces to marks, not {type(cells).__name__}")
        if len(cells) > N_SPACES:
            raise IllegalAction(f"the map of p{p} has {len(cells)} entries; the board has {N_SPACES} "
                                "spaces (O-MAP)",
                                "O-MAP")
        board: dict[str, Any] = {}
        for sid, cell in cells.items():
            space = sid.upper() if isinstance(sid, str) else sid
            if not isinstance(space, str) or space not in INDEX:
                raise IllegalAction(f"{repr(sid)[:20]} on the map of p{p} is not a space of the board "
                                    "(O-MAP)",
                                    "O-MAP")
            if space in board:
                raise IllegalAction(f"{space} is given twice on the map of p{p} (O-MAP)", "O-MAP")
            board[space] = cell
        out[p] = board
    return out


def _card_list(value: Any, what: str, setup_at: dict[str, int]) -> list[str]:
    if not isinstance(value, (list, tuple)) or len(value) > N_SPACES:
        raise IllegalAction(f"{what} must be a list of cards (space ids), not {repr(value)[:40]} (O-CARDS)",
                            "O-CARDS")
    out = []
    for card in value:
        space = card.upper() if isinstance(card, str) else card
        if not isinstance(space, str) or space not in CARD_REGION:
            raise IllegalAction(f"{repr(card)[:20]} in {what} is not a card: there is one card a space "
                                "(O-CARDS)",
                                "O-CARDS")
        if space in setup_at:
            raise IllegalAction(f"card {space} in {what}: it was drawn at setup, and those four cards leave "
                                "the game (O-SETUP)", "O-SETUP")
        if space in out:
            raise IllegalAction(f"card {space} is twice in {what}: there is one card a space (O-CARDS)",
                                "O-CARDS")
        out.append(space)
    return out


def _dice(value: Any) -> tuple[int, int]:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(type(d) is int and 0 <= d <= 9 for d in value)):
        raise IllegalAction(f"the dice are two numbers 0 to 9, not {repr(value)[:40]} (O-DICE)", "O-DICE")
    return (value[0], value[1])


def _count(k: int, what: str) -> str:
    if what == "X":
        return f"{k} X" if k == 1 else f"{k} Xs"
    return f"{k} {what}" if k == 1 else f"{k} {what}s"


# ``tw.on_tour.scenario`` is the function; its helpers ride along on it.
scenario.setup = setup  # type: ignore[attr-defined]
scenario.position_of = position_of  # type: ignore[attr-defined]
