"""Touring positions in a few readable lines: ``scenario(...)`` starts a game at any position a
real game could reach, fills in whatever is not given from the seed, and refuses a position no
game could reach with ``IllegalAction`` naming the problem and the rule.

>>> import touring_widgets as tw
>>> g = tw.touring.scenario(
...     hands={0: ["populated_area", "go", "m25", "m25", "m35", "wrecker"]},
...     tables={0: {"go": ["go"]}, 1: {"go": ["go"], "freeway": ["freeway"], "m75": 1}},
...     seed=1)
>>> g.step("play populated_area on 1")
Action.parse('play populated_area on 1')
>>> print(g.explain()[0])
Seat 0 plays Populated Area on seat 1's Freeway: seat 1 cannot play 50s or 75s until a new
Freeway (T-POP); seat 1 draws (T-TURN).
>>> tw.touring.scenario(tables={1: {"m50": 1, "go": ["go"]}})
Traceback (most recent call last):
  ...
touring_widgets.errors.IllegalAction: seat 1 has 50 Miles on the table but never had a Freeway:
50s and 75s need an active Freeway (T-FREEWAY)

A game built this way is a game like any other: step, undo, fork, save and load work, and its
save holds the scenario, checked again when it loads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.text import counted
from ..errors import IllegalAction
from .facts import CARD_IDS, CARDS, MILEAGE, REMEDIES, STOPPING_DELAYS, card_name, deck_counts
from .game import Touring
from .moves import attack_refusal, own_refusal
from .rules import Rules
from .state import FACE_UP, State, Tableau, shuffled, sort_hand

#: Where the cards nobody named go: under the named draw pile, onto the discard pile, or into
#: the box (out of the game: a teaching position for T-EXHAUST, which a full deck never reaches).
RESTS = ("draw", "discard", "box")
_TABLE_KEYS = ("go", "freeway", *MILEAGE)
_MAX_CARDS = 200  # no list in a scenario is longer than the deck


def scenario(
    players: int | list[str] | tuple[str, ...] = 2,
    *,
    hands: Mapping[int, list[str]] | list | None = None,
    tables: Mapping[int, Mapping[str, Any]] | list | None = None,
    draw: list[str] | None = None,
    discard: list[Any] | None = None,
    turn: int = 0,
    rest: str = "draw",
    rules: Rules | None = None,
    seed: int | str | None = None,
) -> Touring:
    """A Touring game starting at the position described; everything not given comes from ``seed``.

    Args:
        players: a number of seats or a list of policies, as for ``Touring``.
        hands: seat -> its cards. The seat to move holds 6 (it has drawn), the others 5 (T-TURN).
            Hands not given are dealt from the shuffled rest of the deck (T-DEAL).
        tables: seat (with teams: the team's first seat) -> its tableau: ``"go"`` and
            ``"freeway"`` columns bottom first, and ``"m25"``..``"m75"`` pile counts.
        draw: the next cards of the draw pile, the top card first.
        discard: the discard pile, oldest first: a card id (face down, discarded by the seats
            before the one to move, newest by the previous seat), ``(card, seat)`` (face down
            by that seat) or ``(card, "up")`` (face up, as T-LOSS leaves them).
        turn: the seat to move.
        rest: where the cards not named go: ``"draw"`` (under the named draw cards),
            ``"discard"`` (the draw pile is exactly ``draw``; the rest lies face down on the
            discard pile, below the named discards) or ``"box"`` (set aside, out of the game:
            a teaching position, since a full deck never runs dry, T-EXHAUST).
        rules, seed: as for ``Touring``.

    Raises IllegalAction naming the problem and the rule for a position no game could reach,
    ValueError for bad players or seed (as ``Touring``).
    """
    game = Touring(players=players, seed=seed, rules=rules)
    spec: dict[str, Any] = {"turn": turn, "rest": rest}
    if hands is not None:
        spec["hands"] = hands
    if tables is not None:
        spec["tables"] = tables
    if draw is not None:
        spec["draw"] = draw
    if discard is not None:
        spec["discard"] = discard
    game.start_from(spec)
    return game


def position_of(game: Touring) -> dict[str, Any]:
    """The ``scenario(...)`` keywords that rebuild ``game``'s current position: every hand,
    tableau, the whole draw pile and discard pile, whose turn, players, rules and seed."""
    state: State = game.state
    tables = {}
    for team, table in enumerate(state.tables):
        entry: dict[str, Any] = {"go": list(table.go), "freeway": list(table.freeway)}
        entry.update({m: n for m, n in zip(MILEAGE, table.piles) if n})
        tables[team] = entry
    return {
        "players": list(game.players),
        "hands": {s: list(h) for s, h in enumerate(state.hands)},
        "tables": tables,
        "draw": list(reversed(state.draw)),
        "discard": [(c, "up" if owner == FACE_UP else owner) for c, owner in state.discard],
        "turn": state.turn,
        "rest": "draw" if _in_play(state) == sum(deck_counts(bool(state.rules.short_trip)).values())
        else "box",
        "rules": game.rules,
        "seed": game.seed,
    }


def _in_play(state: State) -> int:
    """How many cards the position holds: hands, piles, columns, draw and discard piles."""
    on_tables = sum(len(t.go) + len(t.freeway) + sum(t.piles) for t in state.tables)
    return sum(map(len, state.hands)) + len(state.draw) + len(state.discard) + on_tables


# -- reading and checking -----------------------------------------------------------------------
def position(game: Touring, spec: Any) -> tuple[dict[str, Any], State]:
    """Check a scenario for ``game`` (its players, seed and rules) and build its position.

    Returns the scenario as plain JSON values (what a save holds) and the state. Raises
    IllegalAction naming the first problem and its rule, whatever ``spec`` holds.
    """
    if not isinstance(spec, Mapping):
        raise IllegalAction("a scenario is an object of hands, tables, draw, discard, turn and rest")
    for key in spec:
        if key not in ("hands", "tables", "draw", "discard", "turn", "rest"):
            raise IllegalAction(f"{str(key)[:40]!r} is not part of a Touring scenario: "
                                "give hands, tables, draw, discard, turn or rest")
    rules: Rules = game.rules
    n = game.n_players
    teams = n // 2 if rules.teams else n
    turn = spec.get("turn", 0)
    if type(turn) is not int or not 0 <= turn < n:
        raise IllegalAction(f"turn {repr(turn)[:20]} is not a seat: seats are 0 to {n - 1} (T-PLAYERS)",
                            "T-PLAYERS")
    rest = spec.get("rest", "draw")
    if not isinstance(rest, str) or rest not in RESTS:
        raise IllegalAction(f"rest must be one of {', '.join(RESTS)}, not {repr(rest)[:20]}")
    hands = {s: _cards(h, f"the hand of seat {s}") for s, h in _by_seat(spec.get("hands"), n,
                                                                        "hands").items()}
    tables = {t: _tableau(t, v, teams, n) for t, v in _by_seat(spec.get("tables"), n, "tables").items()}
    draw = _cards(spec.get("draw", []), "the draw pile")
    discard = [_discard(entry, n) for entry in _list(spec.get("discard", []), "the discard pile")]

    # T-DECK: no more cards of a kind than the deck holds.
    counts = deck_counts(bool(rules.short_trip))
    used: Counter[str] = Counter(draw)
    used.update(card for card, _ in discard)
    for hand in hands.values():
        used.update(hand)
    for table in tables.values():
        used.update(table.go)
        used.update(table.freeway)
        used.update({m: k for m, k in zip(MILEAGE, table.piles)})
    for card in CARD_IDS:
        if used[card] > counts[card]:
            deck = "the short-trip deck (T-SHORT)" if rules.short_trip else "the deck"
            raise IllegalAction(
                f"this position holds {used[card]} {card_name(card)} cards, but {deck} holds "
                f"{counts[card]} (T-DECK)", "T-DECK")
    for team, table in sorted(tables.items()):
        _check_tableau(team, table, rules, _who(team, n, teams))
    if not rules.loss_face_up and any(owner == FACE_UP for _, owner in discard):
        raise IllegalAction("a face-up discard, but with loss_face_up off the cards a mileage delay "
                            "takes go face down (T-LOSS)", "T-LOSS")
    for seat, hand in sorted(hands.items()):
        most = 6 if seat == turn else 5
        if len(hand) > most:
            raise IllegalAction(f"seat {seat} holds {counted(len(hand), 'card')}, but a hand holds at most "
                                f"{most} {'(its 5 and the card it drew)' if most == 6 else 'between turns'} "
                                "(T-TURN)", "T-TURN")

    # Fill in what was not given, from the seed: the deal first (as T-DEAL deals), then the rest.
    left = [c for c in CARD_IDS for _ in range(counts[c] - used[c])]
    deck = shuffled(left, game.seed, "deal")
    dealt: list[tuple[str, ...]] = []
    for seat in range(n):
        if seat in hands:
            dealt.append(sort_hand(hands[seat]))
            continue
        if len(deck) < 5:
            raise IllegalAction(f"only {len(deck)} cards are left to deal seat {seat} its hand of 5 (T-DEAL)",
                                "T-DEAL")
        dealt.append(sort_hand([deck.pop() for _ in range(5)]))
    drawn = None
    if turn not in hands and deck:
        drawn = deck.pop()
        dealt[turn] = sort_hand((*dealt[turn], drawn))
    if rest == "draw":
        pile, under = tuple(deck) + tuple(reversed(draw)), []
    elif rest == "discard":
        pile, under = tuple(reversed(draw)), deck
    else:
        pile, under = tuple(reversed(draw)), []
    full = [(card, None) for card in under] + discard
    owners = [(turn - 1 - k) % n for k in range(len(full))]
    discards = tuple((card, owners[-1 - i] if owner is None else owner) for i, (card,
                                                                                owner) in enumerate(full))
    all_tables = tuple(tables.get(t, Tableau()) for t in range(teams))
    _check_hands(dealt, turn, rest, pile, discards, all_tables)
    ply = len(discards) + sum(len(t.go) + len(t.freeway) + sum(t.piles) for t in all_tables)
    state = State(
        rules=rules, seed=game.seed, hands=tuple(dealt), draw=pile, discard=discards,
        tables=all_tables, turn=turn, ply=ply, drawn=drawn,
    )
    checked: dict[str, Any] = {"turn": turn, "rest": rest}
    if hands:
        checked["hands"] = {str(s): list(h) for s, h in sorted(hands.items())}
    if tables:
        checked["tables"] = {str(t): _table_json(tables[t]) for t in sorted(tables)}
    if draw:
        checked["draw"] = list(draw)
    if discard:
        checked["discard"] = [card if owner is None else [card, "up" if owner == FACE_UP else owner]
                              for card, owner in discard]
    return checked, state


def _check_hands(hands: list[tuple[str, ...]], turn: int, rest: str, pile: tuple[str, ...],
                 discard: tuple[tuple[str, int], ...], tables: tuple[Tableau, ...]) -> None:
    """Hand sizes a game could have: with the whole deck in play nobody ever misses a draw, so
    the seat to move holds 6 and every other seat 5 (T-TURN); only a position with cards set
    aside (``rest="box"``) can have run dry, and then a short hand to move means nothing is
    left to draw or reshuffle (T-EXHAUST)."""
    if not hands[turn]:
        raise IllegalAction(f"seat {turn} holds no cards, so it would be passed, not be the seat to move "
                            "(T-EXHAUST)", "T-EXHAUST")
    if rest != "box":
        for seat, hand in enumerate(hands):
            want = 6 if seat == turn else 5
            if len(hand) != want:
                who = "every hand holds 5 between turns"
                if seat == turn:
                    who = "the seat to move has drawn and holds 6"
                raise IllegalAction(
                    f"seat {seat} holds {counted(len(hand), 'card')}, but {who}: a full deck never runs dry, "
                    "so every turn begins with a draw (T-TURN)", "T-TURN")
        return
    buried = any(len(t.go) > 1 or len(t.freeway) > 1 for t in tables)
    if len(hands[turn]) < 6 and (pile or discard or buried):
        raise IllegalAction(
            f"seat {turn} holds {len(hands[turn])} cards, so it drew nothing, but there was a card to draw "
            "or to reshuffle (T-EXHAUST)", "T-EXHAUST")


def _check_tableau(team: int, table: Tableau, rules: Rules, who: str) -> None:
    """Every card of a tableau could have been played where it lies, in the order given: each
    column card judged by the engine against the column below it, then the piles."""
    # A reshuffle takes every column card but the top one (T-RESHUFFLE), so a column's first card
    # may lie on cards gone since: it only has to belong in its column.
    for i, card in enumerate(table.go):
        below = Tableau(table.go[:i])
        if i == 0 and (card in STOPPING_DELAYS or card in REMEDIES):
            problem = None
        elif card in STOPPING_DELAYS:
            problem = attack_refusal(below, rules, card, who)
        elif card == "go" or card in REMEDIES:
            problem = own_refusal(below, rules, card)
        else:
            problem = ("T-GO", "the Go column holds only Go, stopping delays and remedies")
        if problem is not None:
            _column_refusal(who, "Go", table.go, i, *problem)
    for i, card in enumerate(table.freeway):
        below = Tableau(table.go, table.freeway[:i])
        if i == 0 and card == "populated_area":
            # on a Freeway a reshuffle took since, or (useful_only off) on no Freeway at all
            problem = attack_refusal(below, rules, card, who)
            if problem is not None:
                problem = None if table.go else ("T-FREEWAY", "a Freeway is played after the player's first "
                                                 f"Go, and {who} has no Go")
        elif card == "freeway":
            problem = own_refusal(below, rules, card)
            if problem is not None and problem[0] == "T-GO":
                problem = ("T-FREEWAY", "a Freeway is played after the player's first Go, and "
                           f"{who} has no Go")
        elif card == "populated_area":
            problem = attack_refusal(below, rules, card, who)
        else:
            problem = ("T-FREEWAY", "the Freeway column holds only Freeway and Populated Area")
        if problem is not None:
            _column_refusal(who, "Freeway", table.freeway, i, *problem)
    miles = {m: k for m, k in zip(MILEAGE, table.piles) if k}
    if miles and not table.go:
        raise IllegalAction(f"{who} has mileage on the table but no Go: a player's first card on the table "
                            "is a Go (T-GO)", "T-GO")
    for fast in ("m50", "m75"):
        if fast in miles and not table.freeway:
            raise IllegalAction(f"{who} has {card_name(fast)} on the table but never had a Freeway: 50s and "
                                "75s need an active Freeway (T-FREEWAY)", "T-FREEWAY")
    for m, k, cap in zip(MILEAGE, table.piles, rules.caps):
        if k > cap:
            raise IllegalAction(f"{who} has {k} {card_name(m)} on the table, more than the trip's {cap} "
                                "(T-GOAL)", "T-GOAL")
    if table.piles == rules.caps:
        raise IllegalAction(f"{who} has completed the {rules.goal}-mile trip: the game ended with that card "
                            "(T-WIN)", "T-WIN")


def _column_refusal(who: str, column: str, cards: tuple[str, ...], i: int, rule: str, reason: str) -> None:
    where = f"on {card_name(cards[i - 1])}" if i else "as its first card"
    raise IllegalAction(
        f"{who}'s {column} column cannot hold {card_name(cards[i])} {where}: {reason} ({rule})", rule)


def _who(team: int, n: int, teams: int) -> str:
    if teams == n:
        return f"seat {team}"
    return "seats " + " & ".join(str(s) for s in range(team, n, teams))


# -- plain values in, checked values out ------------------------------------------------------
def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"{what} must be a list, not {type(value).__name__}")
    if len(value) > _MAX_CARDS:
        raise IllegalAction(f"{what} holds {len(value)} entries; the deck holds 99 cards (T-DECK)", "T-DECK")
    return list(value)


def _cards(value: Any, what: str) -> list[str]:
    cards = _list(value, what)
    for card in cards:
        if not isinstance(card, str) or card not in CARDS:
            raise IllegalAction(f"{repr(card)[:40]} in {what} is not a Touring card; the cards are "
                                f"{', '.join(CARDS)} (T-DECK)", "T-DECK")
    return cards


def _by_seat(value: Any, n: int, what: str) -> dict[int, Any]:
    """A mapping seat -> value (keys ints or digit strings) or a list by seat (None: not given)."""
    if value is None:
        return {}
    if isinstance(value, (list, tuple)):
        items = [(s, v) for s, v in enumerate(value) if v is not None]
    elif isinstance(value, Mapping):
        items = list(value.items())
    else:
        raise IllegalAction(f"{what} must map seats to what they hold, not {type(value).__name__}")
    out: dict[int, Any] = {}
    for key, item in items:
        seat = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 3 else key
        if type(seat) is not int or not 0 <= seat < n:
            raise IllegalAction(f"{what}: {repr(key)[:20]} is not a seat: seats are 0 to {n - 1} (T-PLAYERS)",
                                "T-PLAYERS")
        if seat in out:
            raise IllegalAction(f"{what}: seat {seat} is given twice")
        out[seat] = item
    return out


def _tableau(team: int, value: Any, teams: int, n: int) -> Tableau:
    if team >= teams:
        raise IllegalAction(f"tables: seat {team} shares seat {team % teams}'s tableau: give it as seat "
                            f"{team % teams} (T-TEAMS)", "T-TEAMS")
    if not isinstance(value, Mapping):
        raise IllegalAction(f"the tableau of seat {team} must be an object with go, freeway, m25, m35, m50, "
                            "m75")
    for key in value:
        if key not in _TABLE_KEYS:
            raise IllegalAction(f"{str(key)[:40]!r} is not part of a tableau: give go, freeway, m25, m35, "
                                "m50 or m75")
    piles = []
    for m in MILEAGE:
        k = value.get(m, 0)
        if type(k) is not int or not 0 <= k <= 99:
            raise IllegalAction(f"{m} of seat {team}: {repr(k)[:20]} is not a number of cards (T-GOAL)",
                                "T-GOAL")
        piles.append(k)
    go = _cards(value.get("go", []), f"the Go column of seat {team}")
    freeway = _cards(value.get("freeway", []), f"the Freeway column of seat {team}")
    return Tableau(tuple(go), tuple(freeway), tuple(piles))  # type: ignore[arg-type]


def _table_json(table: Tableau) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if table.go:
        out["go"] = list(table.go)
    if table.freeway:
        out["freeway"] = list(table.freeway)
    out.update({m: k for m, k in zip(MILEAGE, table.piles) if k})
    return out


def _discard(entry: Any, n: int) -> tuple[str, int | None]:
    """A discard: a card id (face down, owner filled in later), (card, seat) or (card, "up")."""
    if isinstance(entry, str):
        return _cards([entry], "the discard pile")[0], None
    if not isinstance(entry, (list, tuple)) or len(entry) != 2:
        raise IllegalAction(f"a discard is a card id, (card, seat) or (card, 'up'), not {repr(entry)[:40]}")
    card = _cards([entry[0]], "the discard pile")[0]
    owner = entry[1]
    if owner == "up":
        return card, FACE_UP
    if type(owner) is not int or not 0 <= owner < n:
        raise IllegalAction(f"the discard {card} was discarded by {repr(owner)[:20]}: give a seat 0 to "
                            f"{n - 1} "
                            "or 'up' (T-DISCARD)", "T-DISCARD")
    return card, owner


# ``tw.touring.scenario`` is the function; its helper rides along on it.
scenario.position_of = position_of  # type: ignore[attr-defined]
