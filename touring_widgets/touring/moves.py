"""What may be played in a Touring position, why, and the position after it.

Everything here is a pure function of a ``State``. One judge, ``ruling`` (with the two
per-tableau checks it calls, ``own_refusal`` and ``attack_refusal``), answers ``legal_actions``,
``is_legal``, ``judge``, ``explain`` and ``apply`` alike, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.legal import LegalActions
from ..core.verdict import Verdict, refused, unreadable
from ..errors import IllegalAction
from .actions import Action, read_action
from .facts import (
    ATTACKS,
    CARDS,
    FAST_MILEAGE,
    MILEAGE,
    MILEAGE_DELAYS,
    MILES,
    REMEDIES,
    REMEDY_FOR,
    STOPPING_DELAYS,
    card_name,
)
from .rules import Rules
from .state import FACE_UP, State, Tableau, make_state, make_tableau, shuffled, with_card

_PILE = {m: i for i, m in enumerate(MILEAGE)}
# Every action there can be, made once, so listing legal actions builds no new objects.
_DISCARD = {card: Action("discard", card) for card in CARDS}
_PLAY = {(card, target): Action("play", card, target) for card in CARDS for target in (None, *range(6))}
_PLAY_OWN = {card: _PLAY[card, None] for card in CARDS}
_set_attr = object.__setattr__


# -- judging one action ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ruling:
    """The judgement of one action: legal or not, the reason (ending with rule ids), the deciding
    rule and the seat that acts (None once the game is over)."""

    legal: bool
    reason: str
    rule: str
    seat: int | None = None


def ruling(state: State, action: Action, words: bool = True) -> Ruling:
    """Whether ``action`` is legal for the seat to move, with a one-sentence reason citing the rule id.

    With ``words=False`` the reason of a legal action is left empty; a refusal always says why.
    """
    seat = None if state.over else state.turn
    problem = _refusal(state, action)
    if problem is not None:
        rule, reason = problem
        return Ruling(False, f"{reason} ({rule})", rule, seat)
    rule = rule_of(state, action)
    return Ruling(True, f"{_what(state, action, rule)} ({rule})" if words else "", rule, seat)


def _refusal(state: State, action: Action) -> tuple[str, str] | None:
    """Why ``action`` is illegal for the seat to move, as (rule id, reason), or None if legal."""
    if state.over:
        return "T-WIN" if state.winner is not None else "T-EXHAUST", "the game is over"
    seat = state.turn
    card = action.card
    if card not in state.hands[seat]:
        return "T-TURN", f"seat {seat} holds no {card_name(card)}"
    if action.kind == "discard":
        if action.target is not None:
            return "T-DISCARD", "a discard goes face down on the discard pile, not on a seat"
        return None
    if card in ATTACKS:
        return _attack_problem(state, seat, card, action.target)
    if action.target is not None:
        where = f"on your own tableau, not on seat {action.target}"
        return _own_rule(card), f"{card_name(card)} is played {where}"
    table = state.table_of(seat)
    if card in _allowed(table, state.rules)[1]:  # the answer kept for this tableau
        return None
    return own_refusal(table, state.rules, card)


def _own_rule(card: str) -> str:
    if card in MILEAGE:
        return "T-FREEWAY" if card in FAST_MILEAGE else "T-SLOW"
    return {"go": "T-GO", "freeway": "T-FREEWAY"}.get(card, "T-REMEDY")


def own_refusal(table: Tableau, rules: Rules, card: str) -> tuple[str, str] | None:
    """Why ``card`` may not be played on its owner's tableau ``table``, as (rule id, reason), or None."""
    top = table.top_go
    if top is None and card != "go":
        return "T-GO", f"your first card on the table must be a Go, so {card_name(card)} cannot be played yet"
    if card == "go":
        if top is None or (top in REMEDIES and rules.go_after_remedy):
            return None
        if top in STOPPING_DELAYS:
            return "T-STOP", (
                f"a Go does not end {card_name(top)}: it needs {card_name(REMEDY_FOR[top])}"
            )
        return _useless(rules, "you are already moving, so a Go would change nothing")
    if card == "freeway":
        if table.freeway_active:
            return _useless(rules, "your Freeway is already active, so another would change nothing")
        return None
    if card in REMEDIES:
        if top in STOPPING_DELAYS:
            if REMEDY_FOR[top] == card:
                return None
            needed = card_name(REMEDY_FOR[top])
            return "T-STOP", f"{card_name(card)} does not end {card_name(top)}: it needs {needed}"
        return _useless(rules, f"you are not stopped, so {card_name(card)} has nothing to remedy")
    # mileage
    if top in STOPPING_DELAYS:
        return "T-STOP", f"you are stopped by {card_name(top)}: play {card_name(REMEDY_FOR[top])} first"
    if not table.moving(rules):
        return "T-REMEDY", "after a remedy you need a new Go before playing mileage (go_after_remedy)"
    if card in FAST_MILEAGE and not table.freeway_active:
        if table.freeway:
            return "T-POP", f"a Populated Area blocks your Freeway: play a Freeway before {card_name(card)}"
        return "T-FREEWAY", f"{card_name(card)} needs an active Freeway"
    i = _PILE[card]
    cap = rules.caps[i]
    if table.piles[i] >= cap:
        return "T-GOAL", f"your {MILES[card]} pile is full ({cap}/{cap})"
    return None


def _useless(rules: Rules, reason: str) -> tuple[str, str] | None:
    """A play that changes nothing: refused while ``useful_only`` is on (T-USEFUL)."""
    return ("T-USEFUL", reason) if rules.useful_only else None


def _attack_problem(state: State, seat: int, card: str, target: int | None) -> tuple[str, str] | None:
    rule = "T-POP" if card == "populated_area" else "T-DELAY"
    if target is None:
        return rule, f"{card_name(card)} is played on an opponent: write 'play {card} on <seat>'"
    if not 0 <= target < state.players:
        return "T-PLAYERS", f"there is no seat {target}: seats are 0 to {state.players - 1}"
    if target == seat:
        return rule, f"{card_name(card)} is played on an opponent, not on yourself"
    team = state.team_of(target)
    if team == state.team_of(seat):
        return "T-TEAMS", f"seat {target} is your partner: nobody attacks a partner"
    if team != target:
        # Partners share one tableau, so the attack is named once, by the team's first seat.
        return "T-TEAMS", f"seat {target} shares seat {team}'s tableau: write 'play {card} on {team}'"
    if not state.rules.attack_before_go and state.table_of(seat).top_go is None:
        return "T-DELAY", "these rules (attack_before_go off) let you attack only after your first Go"
    table = state.tables[team]
    if card in _allowed(table, state.rules)[2]:
        return None
    return attack_refusal(table, state.rules, card, f"seat {target}")


def attack_refusal(
    table: Tableau, rules: Rules, card: str, who: str = "the target"
) -> tuple[str, str] | None:
    """Why attack ``card`` may not be played on ``table`` (``who``'s), as (rule id, reason), or None."""
    if card == "populated_area":
        if not table.freeway_active:
            if not rules.useful_only:
                return None
            if table.freeway:
                return "T-POP", f"{who}'s Freeway is already blocked by a Populated Area"
            return "T-POP", f"{who} has no active Freeway for a Populated Area"
        return None
    if table.top_go is None:
        return "T-DELAY", f"{who} has no Go on the table yet, so it cannot be delayed"
    if card in STOPPING_DELAYS:
        if table.stopped_by is not None and not rules.stack_stops:
            return "T-STOP", f"{who} is already stopped by {card_name(table.stopped_by)}"
        return None
    lost = rules.loss_value(card)
    if table.piles[_PILE[lost]] == 0 and rules.useful_only:
        return "T-LOSS", f"{who} has no {card_name(lost)} on the table for {card_name(card)} to take"
    return None


def rule_of(state: State, action: Action) -> str:
    """The rule id that allows a legal action."""
    card = action.card
    if action.kind == "discard":
        return "T-DISCARD"
    if not state.rules.useful_only and changes_nothing(state, action):
        return "T-USEFUL"
    if card == "populated_area":
        return "T-POP"
    if card in STOPPING_DELAYS:
        return "T-STOP"
    if card in MILEAGE_DELAYS:
        return "T-LOSS"
    if card == "go" and state.table_of(state.turn).top_go is not None:
        return "T-REMEDY"
    if card in MILEAGE and _wins(state, card):
        return "T-WIN"
    return _own_rule(card)


def changes_nothing(state: State, action: Action) -> bool:
    """Whether a legal play is one that T-USEFUL would refuse (only legal with useful_only off)."""
    strict = replace(state.rules, useful_only=True)
    if action.target is None:
        return own_refusal(state.table_of(state.turn), strict, action.card) is not None
    return attack_refusal(state.table_of(action.target), strict, action.card) is not None


def _wins(state: State, card: str) -> bool:
    table = state.table_of(state.turn)
    piles = list(table.piles)
    piles[_PILE[card]] += 1
    return tuple(piles) == state.rules.caps


# -- listing -------------------------------------------------------------------------------
def _own_plays(table: Tableau, rules: Rules) -> frozenset[str]:
    """The cards a seat may play on its own tableau ``table``."""
    return frozenset(c for c in CARDS if c not in ATTACKS and own_refusal(table, rules, c) is None)


def _attacks_on(table: Tableau, rules: Rules) -> frozenset[str]:
    """The attack cards an opponent may play on ``table``."""
    return frozenset(c for c in ATTACKS if attack_refusal(table, rules, c) is None)


# What a tableau allows depends only on the tops of its columns, its piles and the rules, and
# positions repeat these often: the answers are kept for each rules, and on the tableau itself.
_ANSWERS: dict[Rules, dict[tuple, tuple[frozenset[str], frozenset[str]]]] = {}
_LAST: list[Any] = [None, {}]  # the rules asked last and their answers (one game asks with one rules)
_CACHE_LIMIT = 100_000


def _allowed(table: Tableau, rules: Rules) -> tuple[Rules, frozenset[str], frozenset[str]]:
    """(rules, what its owner may play on ``table``, what opponents may play on it)."""
    memo = table._memo
    if memo is not None and memo[0] is rules:
        return memo
    if _LAST[0] is rules:
        answers = _LAST[1]
    else:
        answers = _ANSWERS.get(rules)
        if answers is None:
            if len(_ANSWERS) >= 100:
                _ANSWERS.clear()
            answers = _ANSWERS[rules] = {}
        _LAST[:] = rules, answers
    go, freeway = table.go, table.freeway
    key = (go[-1] if go else None, freeway[-1] if freeway else None, table.piles)
    found = answers.get(key)
    if found is None:
        if len(answers) >= _CACHE_LIMIT:
            answers.clear()
        # The piles matter only as empty (T-LOSS), full (T-GOAL) or neither: a few hundred
        # shapes, each judged once, answer every count of miles.
        levels = [0 if n == 0 else 2 if n >= cap else 1 for n, cap in zip(table.piles, rules.caps)]
        shape = ("shape", *key[:2], *levels)
        found = answers.get(shape)
        if found is None:
            found = answers[shape] = (_own_plays(table, rules), _attacks_on(table, rules))
        answers[key] = found
    memo = (rules, *found)
    _set_attr(table, "_memo", memo)  # a cache on a frozen value: its value does not change
    return memo


def legal_plays(state: State) -> list[Action]:
    """Every legal play for the seat to move, in card order (discards are always legal).

    With teams an attack names the first seat of the target team: one action per outcome.
    """
    if state.over:
        return []
    seat = state.turn
    tables = state.tables
    rules = state.rules
    mine = seat % len(tables)
    memo = tables[mine]._memo  # _allowed's answer, kept on the tableau, read without a call
    own = (memo if memo is not None and memo[0] is rules else _allowed(tables[mine], rules))[1]
    targets = None
    plays: list[Action] = []
    previous = None
    for card in state.hands[seat]:
        if card == previous:
            continue
        previous = card
        if card in own:  # never an attack
            plays.append(_PLAY_OWN[card])
        elif card in ATTACKS:
            if targets is None:
                targets = _targets(tables, mine, rules) if rules.attack_before_go or tables[mine].go else []
            for target, hittable in targets:
                if card in hittable:
                    plays.append(_PLAY[card, target])
    return plays


def _targets(tables: tuple[Tableau, ...], mine: int, rules: Rules) -> list[tuple[int, frozenset[str]]]:
    """Each other tableau with the attacks it may take."""
    targets = []
    for t, table in enumerate(tables):
        if t != mine:
            memo = table._memo  # _allowed's answer, kept on the tableau, read without a call
            if memo is None or memo[0] is not rules:
                memo = _allowed(table, rules)
            targets.append((t, memo[2]))
    return targets


def discard_action(card: str) -> Action:
    """The action that discards ``card`` (legal whenever the seat to move holds it)."""
    return _DISCARD[card]


def legal_list(state: State) -> list[Action]:
    """Every legal play and discard for the seat to move, plays first, in card order."""
    if state.over:
        return []
    return legal_plays(state) + [_DISCARD[card] for card in dict.fromkeys(state.hands[state.turn])]


def legal_actions(state: State) -> LegalActions:
    """The legal actions of the seat to move as a lazy sequence, plays first, in card order."""
    return LegalActions(
        None if state.over else state.turn,
        lambda: iter(legal_list(state)),
        lambda action: is_legal(state, action),
    )


def is_legal(state: State, action: Any) -> bool:
    """Whether ``action`` (text or an Action) is legal now; never raises."""
    try:
        return _refusal(state, read_action(action)) is None
    except IllegalAction:
        return False


def judge(state: State, action: Action) -> Verdict:
    """The verdict on an action: legal or not, the rule that decides, and a sentence saying why."""
    found = ruling(state, action)
    return Verdict(str(action), found.legal, found.rule, found.reason)


def _what(state: State, action: Action, rule: str) -> str:
    """What a legal action does, in words (its rule id follows)."""
    seat, card = state.turn, action.card
    if action.kind == "discard":
        what = f"{card_name(card)} goes face down on the discard pile"
    elif rule == "T-USEFUL":
        what = f"{card_name(card)} is played where it changes nothing (useful_only off)"
    elif action.target is not None:
        if rule == "T-POP":
            what = f"Populated Area blocks seat {action.target}'s Freeway"
        elif rule == "T-STOP":
            what = f"{card_name(card)} stops seat {action.target}"
        else:
            lost = card_name(state.rules.loss_value(card))
            what = f"{card_name(card)} takes {lost} from seat {action.target}"
    elif card in MILEAGE:
        miles = state.table_of(seat).miles() + CARDS[card].miles
        what = f"{card_name(card)} brings seat {seat} to {miles} of {state.rules.goal} miles"
        if rule == "T-WIN":
            what += ", completing the trip"
    elif card in REMEDIES:
        what = f"{card_name(card)} ends {card_name(state.table_of(seat).top_go)}"
    elif card == "go":
        what = f"Go sets seat {seat} moving"
    else:
        what = f"Freeway lets seat {seat} play 50s and 75s"
    return what


def explain(state: State, action: Any) -> Verdict:
    """The verdict on any input, text that does not parse included; never raises."""
    try:
        return judge(state, read_action(action))
    except IllegalAction as exc:
        return unreadable(action, exc)


# -- applying ------------------------------------------------------------------------------
def apply(state: State, action: Action | str) -> State:
    """The position after a legal action; raises IllegalAction and leaves ``state`` untouched."""
    if not isinstance(action, Action):
        action = read_action(action)
    problem = _refusal(state, action)
    if problem is not None:
        raise refused(str(action), *problem).error()
    return advance(state, action)


def advance(state: State, action: Action) -> State:
    """The position after an action already judged legal (no second judging)."""
    seat, card = state.turn, action.card
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)  # one copy; the hand stays in canonical order
    hands[seat] = tuple(hand)
    tables: tuple[Tableau, ...] | list[Tableau] = state.tables
    discard = state.discard
    winner = None
    if action.kind == "discard":
        discard = discard + ((card, seat),)  # noqa: RUF005 (one copy, not a list and a tuple)
    elif action.target is not None:
        tables = list(tables)
        team = action.target % len(tables)
        table = tables[team]
        if card == "populated_area":
            tables[team] = make_tableau(table.go, (*table.freeway, card), table.piles)
        elif card in STOPPING_DELAYS:
            tables[team] = make_tableau((*table.go, card), table.freeway, table.piles)
        else:
            rules = state.rules
            lost = _PILE[rules.loss_value(card)]
            owner = FACE_UP if rules.loss_face_up else seat
            if table.piles[lost]:
                piles = list(table.piles)
                piles[lost] -= 1
                tables[team] = make_tableau(table.go, table.freeway, tuple(piles))
                discard = (*discard, (card, owner), (MILEAGE[lost], owner))
            else:  # nothing to take (only with useful_only off)
                discard = (*discard, (card, owner))
    else:
        tables = list(tables)
        team = seat % len(tables)
        table = tables[team]
        pile = _PILE.get(card)
        if pile is not None:
            piles = list(table.piles)
            piles[pile] += 1
            tables[team] = make_tableau(table.go, table.freeway, tuple(piles))
            if tables[team].piles == state.rules.caps:
                winner = seat
        elif card == "freeway":
            tables[team] = make_tableau(table.go, (*table.freeway, card), table.piles)
        else:
            tables[team] = make_tableau((*table.go, card), table.freeway, table.piles)
    last = (seat, action)
    if winner is not None:
        return make_state(
            state.rules, state.seed, tuple(hands), state.draw, discard, tuple(tables), seat,
            state.ply + 1, state.reshuffles, winner, True, None, last,
        )
    draw = state.draw
    players = len(hands)
    if draw:  # the next seat draws, so it has a card to play: the turn is its (T-TURN)
        nxt = seat + 1 if seat + 1 < players else 0
        drawn = draw[-1]
        hands[nxt] = with_card(hands[nxt], drawn)
        return make_state(
            state.rules, state.seed, tuple(hands), draw[:-1], discard, tuple(tables), nxt,
            state.ply + 1, state.reshuffles, None, False, drawn, last,
        )
    return _next_turn(state, hands, discard, tables, seat, last)


def _next_turn(
    state: State,
    hands: list[tuple[str, ...]],
    discard: tuple[tuple[str, int], ...],
    tables: tuple[Tableau, ...] | list[Tableau],
    seat: int,
    last: tuple[int, Action],
) -> State:
    """Pass the turn on: the next seat draws (T-TURN), reshuffling (T-RESHUFFLE) or going
    without (T-EXHAUST); seats with nothing to play are passed; all empty ends the game.
    (``advance`` passes it itself while the draw pile holds a card, as it does most turns.)"""
    draw = state.draw
    players = len(hands)
    reshuffles = state.reshuffles
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if not draw and (discard or any(len(t.go) > 1 or len(t.freeway) > 1 for t in tables)):
            pool = [c for c, _ in discard]
            tables = list(tables)
            for i, t in enumerate(tables):
                pool.extend(t.go[:-1])
                pool.extend(t.freeway[:-1])
                tables[i] = make_tableau(t.go[-1:], t.freeway[-1:], t.piles)
            reshuffles += 1
            draw = tuple(shuffled(sorted(pool), state.seed, f"reshuffle/{reshuffles}"))
            discard = ()
        drawn = None
        if draw:
            drawn = draw[-1]
            draw = draw[:-1]
            hands[nxt] = with_card(hands[nxt], drawn)
        if hands[nxt]:
            return make_state(
                state.rules, state.seed, tuple(hands), draw, discard, tuple(tables), nxt,
                state.ply + 1, reshuffles, None, False, drawn, last,
            )
    return make_state(
        state.rules, state.seed, tuple(hands), draw, discard, tuple(tables), seat,
        state.ply + 1, reshuffles, None, True, None, last,
    )
