"""Scenario validation: a position is accepted exactly when a game could reach it.

Promises: a position taken from a real game (``position_of``) is accepted and is the same position
(every seat sees the same, the same moves are legal); the same position changed (a card moved
between hidden places, a pile emptied, a hand resized, a buried column card changed, a card
duplicated; in On Tour the cards shown, the deck, the discards, the dice, the round, the maps) is
refused exactly when the counts say no game reaches it, with an ``IllegalAction`` naming a rule
and nothing changed, and accepted as the position described otherwise. The counts are worked out
here from the rules, not by the scenario modules: every card of the deck once (T-DECK, O-CARDS),
hand sizes (T-TURN), what each tableau column may hold in the order played (T-GO ... T-POP), the
sizes of the deck and discard pile at a turn (O-FLIP, O-DISCARD), marks a turn (O-WRITE, O-STAR),
before the deck first runs out the card of every circled space on the discard pile (O-CIRCLE),
and the numbers of the same rolls on every map (O-WRITE).

Not modelled (and not checked by the scenario modules): the order of turns behind the discard
pile's owners (Touring), the regions the cards shown allowed and whether an X was forced (On Tour).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import touring_widgets as tw
from touring_widgets.on_tour.scenario import position_of as on_tour_position_of
from touring_widgets.touring.scenario import position_of as touring_position_of

from .kinds import on_tour_kinds, positions, touring_kinds

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# -- Touring: the counts, from docs/rules/touring.md -------------------------------------------
DECK = {"m25": 19, "m35": 10, "m50": 10, "m75": 12, "go": 13, "freeway": 6, "populated_area": 3,
        "stop_to_refuel": 3, "missed_the_curve": 3, "burning_oil": 2, "broken_spring": 2,
        "brake_adjustment": 2, "gasoline": 7, "wrecker": 7}
SHORT_REMOVED = ("stop_to_refuel", "missed_the_curve", "burning_oil", "broken_spring", "brake_adjustment")
STOPS = {"stop_to_refuel": "gasoline", "missed_the_curve": "wrecker"}
REMEDIES = set(STOPS.values())
PILES = ("m25", "m35", "m50", "m75")
COLUMN_RULES = {"T-GO", "T-STOP", "T-USEFUL", "T-REMEDY", "T-FREEWAY", "T-POP", "T-DELAY", "T-GOAL", "T-WIN"}


def _deck(rules: tw.touring.Rules) -> dict[str, int]:
    return {c: k - (c in SHORT_REMOVED and bool(rules.short_trip)) for c, k in DECK.items()}


def _go_column_ok(go: list[str], rules: tw.touring.Rules) -> bool:
    """Each card could lie on the one below it; the bottom one may be all a reshuffle left."""
    for i, card in enumerate(go):
        below = go[i - 1] if i else None
        if below is None:
            ok = card == "go" or card in STOPS or card in REMEDIES
        elif card == "go":
            useless = not rules.useful_only and below not in STOPS
            ok = (below in REMEDIES and rules.go_after_remedy) or useless
        elif card in STOPS:
            ok = below not in STOPS or rules.stack_stops
        elif card in REMEDIES:
            ok = STOPS.get(below) == card or (not rules.useful_only and below not in STOPS)
        else:
            ok = False
        if not ok:
            return False
    return True


def _freeway_column_ok(freeway: list[str], had_go: bool, rules: tw.touring.Rules) -> bool:
    """Freeways after a first Go, on nothing or a Populated Area; Populated Areas on a Freeway
    (anywhere with useful_only off); the bottom one may be all a reshuffle left."""
    for i, card in enumerate(freeway):
        below = freeway[i - 1] if i else None
        if card == "freeway":
            ok = had_go and (below != "freeway" or not rules.useful_only)
        elif card == "populated_area":
            ok = below == "freeway" or not rules.useful_only or (below is None and had_go)
        else:
            ok = False
        if not ok:
            return False
    return True


def _table_ok(table: dict[str, Any], rules: tw.touring.Rules) -> bool:
    go, freeway = list(table.get("go", [])), list(table.get("freeway", []))
    piles = tuple(table.get(m, 0) for m in PILES)
    caps = (4, 2, 1, 1) if rules.short_trip else (8, 4, 2, 2)
    return (_go_column_ok(go, rules) and _freeway_column_ok(freeway, bool(go), rules)
            and all(k <= cap for k, cap in zip(piles, caps)) and piles != caps
            and (not any(piles) or bool(go)) and (not any(piles[2:]) or bool(freeway)))


def touring_problems(spec: dict[str, Any], rules: tw.touring.Rules) -> set[str]:
    """The rules a described position breaks (every hand given, the cards not named under the
    draw pile or the discards): none when a game with the whole deck could reach it."""
    named: Counter[str] = Counter(spec["draw"])
    named.update(card for card, _ in spec["discard"])
    for hand in spec["hands"].values():
        named.update(hand)
    problems = set()
    for table in spec["tables"].values():
        named.update(table.get("go", []))
        named.update(table.get("freeway", []))
        named.update({m: table.get(m, 0) for m in PILES})
        if not _table_ok(table, rules):
            problems.add("column")
    if any(named[c] > k for c, k in _deck(rules).items()):
        problems.add("T-DECK")
    turn = spec["turn"]
    if any(len(hand) != (6 if seat == turn else 5) for seat, hand in spec["hands"].items()):
        problems.add("T-TURN")
    return problems


@st.composite
def touring_changes(draw: Any, spec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One change to a described position, and its name."""
    spec = copy.deepcopy(spec)
    hands, pile = spec["hands"], spec["draw"]
    seats = sorted(hands)
    a = draw(st.sampled_from(seats), label="seat a")
    b = draw(st.sampled_from([s for s in seats if s != a]), label="seat b")
    i = draw(st.integers(0, 10**3), label="index")
    j = draw(st.integers(0, 10**3), label="index 2")
    any_card = draw(st.sampled_from(sorted(DECK)), label="card")
    columns = [(t, col) for t, table in spec["tables"].items() for col in ("go", "freeway")
               if len(table.get(col, [])) > 1]
    kinds = ["move hand to hand", "move hand to pile", "add to hand", "remove from hand",
             "empty the discards", "duplicate in the discards", "swap hands"]
    if pile:
        kinds = ["swap hand and pile", "move pile to hand", "empty the pile", *kinds]
    if columns and draw(st.booleans(), label="a buried card"):
        kinds = ["change a buried card"]
    kind = draw(st.sampled_from(kinds), label="change")
    if kind == "swap hands":
        x, y = i % len(hands[a]), j % len(hands[b])
        hands[a][x], hands[b][y] = hands[b][y], hands[a][x]
    elif kind == "swap hand and pile":
        x, y = i % len(hands[a]), j % len(pile)
        hands[a][x], pile[y] = pile[y], hands[a][x]
    elif kind == "move hand to hand":
        hands[b].append(hands[a].pop(i % len(hands[a])))
    elif kind == "move hand to pile":
        pile.insert(j % (len(pile) + 1), hands[a].pop(i % len(hands[a])))
    elif kind == "move pile to hand":
        hands[a].append(pile.pop(j % len(pile)))
    elif kind == "add to hand":
        hands[a].append(any_card)
    elif kind == "remove from hand":
        hands[a].pop(i % len(hands[a]))
    elif kind == "empty the pile":
        spec["draw"], spec["rest"] = [], "discard"
    elif kind == "empty the discards":
        spec["discard"] = []
    elif kind == "empty both piles":
        spec["deck"], spec["discard"] = [], []
    elif kind == "duplicate in the discards":
        spec["discard"].append((any_card, a))
    else:
        team, col = columns[i % len(columns)]
        column = spec["tables"][team][col]
        x = j % (len(column) - 1)
        if any_card in pile:
            y = pile.index(any_card)
            column[x], pile[y] = pile[y], column[x]
        else:
            column[x] = any_card
    return kind, spec


def _built(game: tw.Touring) -> dict[str, Any]:
    """What a position holds, as plain values: every hand (in deck order), tableau and pile."""
    out = touring_position_of(game)
    out["hands"] = {s: sorted(h) for s, h in out["hands"].items()}
    return out


TOURING_POSITIONS = positions(tw.Touring, touring_kinds(), most=150)
HISTORY = ("ply", "drawn", "last")  # how the position was reached, which a scenario does not hold


@settings(SETTINGS, max_examples=60)
@given(game=TOURING_POSITIONS)
def test_T_DECK_a_position_from_a_game_is_rebuilt_by_its_scenario(game: tw.Touring) -> None:
    """``scenario(**position_of(game))`` is accepted and is the same position: every seat sees
    the same, the same moves are legal; a finished game is refused as over (T-WIN)."""
    spec = touring_position_of(game)
    if game.is_over:
        with pytest.raises(tw.IllegalAction) as refusal:
            tw.touring.scenario(**spec)
        assert refusal.value.rule == "T-WIN", "a completed trip ended the game: no turn follows (T-WIN)"
        return
    rebuilt = tw.touring.scenario(**spec)
    for seat in [None, *range(game.n_players)]:
        ours, theirs = game.view(seat), rebuilt.view(seat)
        for key in ours:
            if key not in HISTORY:
                assert ours[key] == theirs[key], f"seat {seat} sees {key} differently in the rebuilt position"
    assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in game.legal_actions()], (
        "the rebuilt position allows the same moves")
    assert rebuilt.state.hands == game.state.hands and rebuilt.state.draw == game.state.draw
    assert rebuilt.state.discard == game.state.discard and rebuilt.state.tables == game.state.tables


@settings(SETTINGS, max_examples=60)
@given(game=positions(tw.Touring, touring_kinds(), most=300, chosen=0.1), data=st.data())
def test_T_EXHAUST_a_short_hand_to_move_only_when_nothing_is_left_to_draw(game: tw.Touring,
                                                                      data: st.DataObject) -> None:
    """With cards set aside (``rest="box"``), the seat to move may hold fewer than 6 cards only when
    it had nothing to draw: no draw pile, no discards, and no buried column card a reshuffle would
    have made a new pile of (T-EXHAUST, T-RESHUFFLE)."""
    assume(not game.is_over)
    spec = touring_position_of(game)
    turn = spec["turn"]
    spec["rest"] = "box"
    if data.draw(st.booleans(), label="no draw pile"):
        spec["draw"] = []
    if data.draw(st.booleans(), label="no discards"):
        spec["discard"] = []
    if data.draw(st.booleans(), label="no buried cards"):
        for table in spec["tables"].values():
            for column in ("go", "freeway"):
                if table.get(column):
                    table[column] = table[column][-1:]
    size = data.draw(st.integers(1, 6), label="cards to move")
    spec["hands"][turn] = spec["hands"][turn][:size]
    buried = any(len(table.get(column, [])) > 1 for table in spec["tables"].values()
                 for column in ("go", "freeway"))
    could_draw = bool(spec["draw"] or spec["discard"] or buried)
    try:
        rebuilt = tw.touring.scenario(**spec)
    except tw.IllegalAction as refusal:
        assert size < 6 and could_draw and refusal.rule == "T-EXHAUST", (
            f"refused ({refusal}) a position a game reaches: {size} cards to move, something to draw: "
            f"{could_draw}")
    else:
        assert size == 6 or not could_draw, (
            f"accepted {size} cards to move although there was a card to draw or to reshuffle (T-EXHAUST)")
        assert len(rebuilt.hand(turn)) == size


@settings(SETTINGS, max_examples=300)
@given(data=st.data())
def test_T_DECK_a_changed_position_is_refused_exactly_when_no_game_reaches_it(data: st.DataObject) -> None:
    """A position from a game with a card moved between hidden places, a pile emptied, a hand
    resized, a buried column card changed or a card duplicated is accepted exactly when every card
    is there once, the hands hold 6 to move and 5 otherwise and every column could have been
    played; a refusal names a rule and changes nothing, an acceptance builds what was described."""
    game = data.draw(TOURING_POSITIONS, label="game")
    assume(not game.is_over)
    before = game.state
    kind, spec = data.draw(touring_changes(touring_position_of(game)), label="change")
    given_spec = copy.deepcopy(spec)
    problems = touring_problems(spec, game.rules)
    event(f"{kind}: {'unreachable' if problems else 'reachable'}")
    try:
        built = tw.touring.scenario(**spec)
    except tw.IllegalAction as refusal:
        assert problems, f"{kind}: refused ({refusal}) a position a game reaches"
        cited = {refusal.rule} & (problems - {"column"} | (COLUMN_RULES if "column" in problems else set()))
        assert cited, f"{kind}: the refusal ({refusal}) names none of the rules broken: {sorted(problems)}"
    else:
        assert not problems, f"{kind}: accepted a position no game reaches ({sorted(problems)})"
        rebuilt = _built(built)
        assert rebuilt["hands"] == {s: sorted(h) for s, h in spec["hands"].items()}, f"{kind}: hands changed"
        assert rebuilt["tables"] == spec["tables"], f"{kind}: tableaus changed"
        assert rebuilt["turn"] == spec["turn"]
        everything: Counter[str] = Counter(rebuilt["draw"])
        everything.update(card for card, _ in rebuilt["discard"])
        for hand in rebuilt["hands"].values():
            everything.update(hand)
        for table in rebuilt["tables"].values():
            everything.update(table["go"])
            everything.update(table["freeway"])
            everything.update({m: table.get(m, 0) for m in PILES})
        assert everything == Counter(_deck(game.rules)), f"{kind}: the built position holds every card once"
    assert spec == given_spec and game.state is before, "a scenario changes neither its input nor the game"


# -- On Tour: the counts, from docs/rules/on_tour.md ---------------------------------------------
SPACES = tw.OnTour.spaces()
CARDS_IN_PLAY = len(SPACES) - 4  # O-SETUP: four cards leave the game
ON_TOUR_CITES = {
    "marks": {"O-LAST"}, "double": {"O-STAR"}, "over": {"O-END"}, "turns": {"O-WRITE", "O-STAR", "O-ROLL"},
    "pairs": {"O-WRITE"}, "shown": {"O-FLIP", "O-LAST"}, "twice": {"O-CARDS"}, "setup": {"O-SETUP"},
    "sizes": {"O-FLIP", "O-DISCARD"}, "dice": {"O-DICE"}, "circles": {"O-CIRCLE"},
}


def _mark(value: Any) -> tuple[Any, bool]:
    if isinstance(value, (list, tuple)):
        return value[0], bool(value[1])
    return value, False


def _flip(number: int) -> int:
    """The other number of the roll that makes ``number`` (23 and 32, 05 and 50: O-DICE)."""
    return 10 * (number % 10) + number // 10


def _piles_after(flips: int, flip_now: bool) -> tuple[int, int]:
    """The sizes of the deck and the discard pile after ``flips`` turns that flipped three cards
    and discarded them, and this turn's flip (O-FLIP, O-DISCARD)."""
    deck, discard = CARDS_IN_PLAY, 0
    for k in range(flips + flip_now):
        deck, discard = (deck - 3, discard) if deck >= 3 else (deck + discard - 3, 0)
        if k < flips:
            discard += 3
    return deck, discard


def _circled(maps: dict[int, dict[str, Any]]) -> set[str]:
    """The spaces circled on some map (the setup's aside): each card was shown when it was written."""
    return {sid for cells in maps.values() for sid, value in cells.items() if _mark(value)[1]}


def on_tour_problems(spec: dict[str, Any], setup_spaces: set[str]) -> set[str]:
    """What a described turn start breaks: none when a game could reach it, as far as counts go."""
    problems = set()
    maps = [{sid: _mark(v) for sid, v in spec["maps"][p].items()} for p in range(len(spec["players"]))]
    numbers = [Counter(k for k, _ in m.values() if isinstance(k, int)) for m in maps]
    if any(k % 11 == 0 for counts in numbers for k in counts):
        problems.add("double")
    marks = {len(m) for m in maps}
    if len(marks) > 1:
        return problems | {"marks"}
    written = marks.pop()
    empty = CARDS_IN_PLAY - written
    if empty == 0:
        return problems | {"over"}
    turns = spec["round"] - 1
    star_turns = 2 * turns - written
    stars = [sum(k == "star" for k, _ in m.values()) for m in maps]
    xs = [sum(k == "X" for k, _ in m.values()) for m in maps]
    if not (max(stars) <= star_turns <= min(s + x for s, x in zip(stars, xs)) and star_turns <= turns):
        problems.add("turns")
    rolled: Counter[int] = Counter()
    for counts in numbers:
        rolled |= counts
    needed = sum(max(rolled[k], rolled[_flip(k)]) for k in {min(k, _flip(k)) for k in rolled})
    if needed > turns - star_turns:
        problems.add("pairs")
    last = empty <= 2
    shown, deck, discard = list(spec["cards"]), list(spec["deck"]), list(spec["discard"])
    if len(shown) != (0 if last else 3):
        problems.add("shown")
    everywhere = shown + deck + discard
    if len(set(everywhere)) < len(everywhere):
        problems.add("twice")
    if set(everywhere) & setup_spaces:
        problems.add("setup")
    flips = {turns} | ({turns - 1} if empty == 1 and star_turns >= 1 else set())
    if not any(len(deck) <= d and len(discard) <= p for d, p in (_piles_after(f, not last) for f in flips)):
        problems.add("sizes")
    circled = _circled(spec["maps"])
    if max(flips) + (not last) <= CARDS_IN_PLAY // 3 and (
            circled & {*shown, *deck} or len(circled) > _piles_after(max(flips), not last)[1]):
        problems.add("circles")
    if not all(type(d) is int and 0 <= d <= 9 for d in spec["dice"]):
        problems.add("dice")
    return problems


@st.composite
def on_tour_changes(draw: Any, spec: dict[str, Any], setup_spaces: list[str]) -> tuple[str, dict[str, Any]]:
    """One change to a described turn start, and its name (a copied card takes another's place)."""
    spec = copy.deepcopy(spec)
    places = [name for name in ("cards", "deck", "discard") if spec[name]]
    kinds = ["swap two cards", "a circled card swapped", "move a card", "copy a card",
             "a setup card in the deck", "other dice", "another round", "a mark less on one map",
             "a mark less on every map", "a mark more on one map", "a number more on every map",
             "empty the deck", "empty the discards", "empty both piles", "empty both piles"]
    kind = draw(st.sampled_from(kinds), label="change")
    n = len(spec["players"])
    where = draw(st.sampled_from(places), label="from") if places else "deck"
    to = draw(st.sampled_from(["cards", "deck", "discard"]), label="to")
    i = draw(st.integers(0, 10**3), label="index")
    j = draw(st.integers(0, 10**3), label="index 2")
    p = draw(st.integers(0, n - 1), label="seat")
    circled = sorted(card for card in _circled(spec["maps"]) if card in spec["discard"])
    if kind == "a circled card swapped" and circled:
        x, other = spec["discard"].index(circled[i % len(circled)]), "cards" if spec["cards"] else "deck"
        y = j % len(spec[other]) if spec[other] else None
        if y is not None:
            spec["discard"][x], spec[other][y] = spec[other][y], spec["discard"][x]
    elif kind in ("swap two cards", "a circled card swapped") and places:
        other = draw(st.sampled_from(places), label="with")
        x, y = i % len(spec[where]), j % len(spec[other])
        spec[where][x], spec[other][y] = spec[other][y], spec[where][x]
    elif kind in ("move a card", "copy a card") and places:
        card = spec[where][i % len(spec[where])]
        if kind == "move a card":
            spec[where].remove(card)
            spec[to].insert(j % (len(spec[to]) + 1), card)
        else:
            other = [name for name in places if name != where] or [where]
            target = spec[other[i % len(other)]]
            target[j % len(target)] = card
    elif kind == "a setup card in the deck":
        spec["deck"].insert(j % (len(spec["deck"]) + 1), setup_spaces[i % 4])
    elif kind == "other dice":
        spec["dice"] = (draw(st.integers(0, 10)), draw(st.integers(0, 9)))
    elif kind == "another round":
        spec["round"] = max(1, spec["round"] + draw(st.sampled_from([-2, -1, 1, 2])))
    elif kind in ("a mark less on one map", "a mark less on every map"):
        for q in (p,) if kind == "a mark less on one map" else range(n):
            if spec["maps"][q]:
                del spec["maps"][q][sorted(spec["maps"][q])[i % len(spec["maps"][q])]]
    elif kind in ("a mark more on one map", "a number more on every map"):
        number = draw(st.integers(0, 99), label="number")
        one = kind == "a mark more on one map"
        mark = draw(st.sampled_from([number, "star", "X"])) if one else number
        for q in (p,) if kind == "a mark more on one map" else range(n):
            free = [sid for sid in SPACES if sid not in spec["maps"][q] and sid not in setup_spaces]
            if free:
                spec["maps"][q][free[j % len(free)]] = mark
    elif kind == "empty the deck":
        spec["deck"] = []
    elif kind == "empty the discards":
        spec["discard"] = []
    elif kind == "empty both piles":
        spec["deck"], spec["discard"] = [], []
    return kind, spec


def _turn_start(game: tw.OnTour) -> tw.OnTour:
    """The game played on (by its bots) to the start of a turn."""
    while not game.is_over and any(game.state.written):
        game.step()
    return game


@st.composite
def on_tour_turn_starts(draw: Any) -> tw.OnTour:
    """A game of a drawn kind played by random seats to the start of a drawn turn, often the
    first last turn (O-LAST)."""
    game = tw.OnTour(**draw(on_tour_kinds(policies=("random",))))
    rounds = draw(st.integers(2, 12) | st.integers(1, 20) | st.just(100), label="turn")
    while not game.is_over and game.state.round < rounds and not (game.state.last_turn and rounds == 100):
        game.step()
    return _turn_start(game)


ON_TOUR_POSITIONS = on_tour_turn_starts()


@settings(SETTINGS, max_examples=20)
@given(game=ON_TOUR_POSITIONS)
def test_O_CARDS_a_turn_start_from_a_game_is_rebuilt_by_its_scenario(game: tw.OnTour) -> None:
    """``scenario(**position_of(game))`` at the start of any turn of a game is accepted and is the
    same position: every seat sees the same and may write the same."""
    assume(not game.is_over)
    rebuilt = tw.on_tour.scenario(**on_tour_position_of(game))
    for seat in [None, *range(game.n_players)]:
        assert rebuilt.view(seat) == game.view(seat), f"seat {seat} sees the rebuilt position differently"
    assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in game.legal_actions()], (
        "the rebuilt position allows the same writing")


@settings(SETTINGS, max_examples=30)
@given(game=ON_TOUR_POSITIONS)
def test_O_FLIP_a_turn_start_given_by_its_maps_alone_has_the_game_s_piles(game: tw.OnTour) -> None:
    """Given only the maps and the turn, a scenario fills the deck, the discards and the cards
    showing from the seed at the sizes the game has then, reshuffles and last turns included
    (O-FLIP, O-DISCARD, O-LAST)."""
    assume(not game.is_over)
    spec = on_tour_position_of(game)
    sketch = {key: spec[key] for key in ("players", "maps", "round", "rules", "seed")}
    rebuilt = tw.on_tour.scenario(**sketch)
    sizes = [(len(g.state.deck), len(g.state.discard), len(g.state.cards)) for g in (game, rebuilt)]
    assert sizes[0] == sizes[1], f"the piles at turn {spec['round']} (deck, discards, showing): {sizes}"
    if spec["deck"]:  # a card of the deck on the discards: one more than the turns have made
        moved = {**spec, "deck": spec["deck"][1:], "discard": [*spec["discard"], spec["deck"][0]]}
        with pytest.raises(tw.IllegalAction) as refusal:
            tw.on_tour.scenario(**moved)
        assert refusal.value.rule in ("O-DISCARD", "O-FLIP"), "a discard pile no turns make is refused"


@pytest.mark.slow
@settings(SETTINGS, max_examples=120)
@given(data=st.data())
def test_O_CARDS_a_changed_turn_start_is_refused_exactly_when_no_game_reaches_it(data: st.DataObject) -> None:
    """A turn start from a game with a card moved, swapped or copied between the cards shown, the
    deck and the discards, other dice, another round, or a mark more or less on the maps is accepted
    exactly when the counts allow it (every card once and none of the setup's, three cards shown
    but on a last turn, the deck and discards no bigger than the turns leave them, the same marks on
    every map, two numbers of a roll or a star a turn); a refusal names a rule and changes nothing,
    an acceptance builds what was described."""
    game = data.draw(ON_TOUR_POSITIONS, label="game")
    assume(not game.is_over)
    before = game.state
    setup_spaces = [space for space, _ in before.setup]
    kind, spec = data.draw(on_tour_changes(on_tour_position_of(game), setup_spaces), label="change")
    given_spec = copy.deepcopy(spec)
    problems = on_tour_problems(spec, set(setup_spaces))
    event(f"{kind}: {'unreachable' if problems else 'reachable'}")
    try:
        built = tw.on_tour.scenario(**spec)
    except tw.IllegalAction as refusal:
        assert problems, f"{kind}: refused ({refusal}) a turn start a game reaches"
        cited = set().union(*(ON_TOUR_CITES[problem] for problem in problems))
        assert refusal.rule in cited, f"{kind}: the refusal ({refusal}) names none of the rules {problems}"
    else:
        assert not problems, f"{kind}: accepted a turn start no game reaches ({sorted(problems)})"
        state = built.state
        rebuilt = on_tour_position_of(built)
        assert rebuilt["maps"] == {q: {sid: list(v) if isinstance(v, tuple) else v for sid, v in m.items()}
                                   for q, m in spec["maps"].items()}, f"{kind}: maps changed"
        assert (rebuilt["cards"], rebuilt["dice"], rebuilt["round"]) == (
            spec["cards"], tuple(spec["dice"]), spec["round"]), f"{kind}: cards, dice or round changed"
        assert list(state.deck[:len(spec["deck"])]) == spec["deck"], f"{kind}: the deck begins otherwise"
        assert list(state.discard[len(state.discard) - len(spec["discard"]):]) == spec["discard"], (
            f"{kind}: the discards do not end as given")
        if state.round <= CARDS_IN_PLAY // 3:
            assert _circled(spec["maps"]) <= set(state.discard), (
                f"{kind}: before the deck runs out, a circled space's card is on the discard pile")
        everything = Counter([*state.cards, *state.deck, *state.discard])
        assert everything == Counter(s for s in SPACES if s not in setup_spaces), (
            f"{kind}: the built position holds every card once")
    assert spec == given_spec and game.state is before, "a scenario changes neither its input nor the game"


@settings(SETTINGS, max_examples=10)
@given(game=ON_TOUR_POSITIONS)
def test_O_WRITE_maps_holding_numbers_of_more_rolls_than_turns_are_refused(game: tw.OnTour) -> None:
    """Every player writes the two numbers of the same roll each turn (or an X): a map whose numbers
    each come from a different roll, more rolls than turns of numbers, is refused (O-WRITE)."""
    assume(not game.is_over)
    spec = on_tour_position_of(game)
    numbers = [sid for sid, value in spec["maps"][0].items() if type(_mark(value)[0]) is int]
    written = len(spec["maps"][0])
    turns = spec["round"] - 1
    assume(len(numbers) > turns - (2 * turns - written))
    rolls = iter(10 * a + b for a in range(10) for b in range(a + 1, 10))
    for sid in numbers:
        spec["maps"][0][sid] = [next(rolls), _mark(spec["maps"][0][sid])[1]]
    assert "pairs" in on_tour_problems(spec, {space for space, _ in game.state.setup})
    with pytest.raises(tw.IllegalAction) as refusal:
        tw.on_tour.scenario(**spec)
    assert refusal.value.rule == "O-WRITE", "numbers no rolls make are refused (O-WRITE)"
