"""The engine against a second, literal reading of the rules (``reference.py``), over whole games.

At every position of many real games (every player count, teams, every switch on and off) the
engine's legal actions must be exactly the actions the rule text allows, every move must do what
the rules say it does, and a sample of illegal actions must be refused with the state unchanged.

A 99-card deal never runs dry (T-EXHAUST): hands, column tops and mileage piles short of the trip
hold fewer cards than the deck, so some discard or buried column card is always there to
reshuffle. The endgames below therefore start from real positions with the draw pile, discard
pile and buried column cards boxed and each hand cut to the mileage its holder can still lay.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

import touring_widgets
from touring_widgets import IllegalAction
from touring_widgets.touring import Action, Rules, Tableau, apply, legal_actions, new_game
from touring_widgets.touring.facts import CARDS

from .reference import (
    ALL_CARDS,
    ATTACK_CARDS,
    MILEAGE_CARDS,
    MILEAGE_DELAYS,
    REMEDIES,
    STOPPING_DELAYS,
    check_effect,
    freeway_active,
    is_moving,
    literal_legal,
    pile,
    refusal,
    text,
    trip,
)

PLY_BOUND = 4000  # the longest driven game here takes about 1,100 plies
ILLEGAL_SAMPLE = 3  # refused actions tried at each position
RULEBOOK = Path(touring_widgets.__file__).parent / "rulebook" / "touring.md"
RULE_IDS = frozenset(re.findall(r"\*\*(T-[A-Z]+)\*\*", RULEBOOK.read_text(encoding="utf-8")))

# Test group -> (players, rules as keyword arguments, seeds); each seed is a whole game to its end.
GAMES = {
    "T_PLAYERS_default": [(n, {}, (1, 2, 3, 4)) for n in range(2, 7)],
    "T_SHORT_switched": [(n, {"short_trip": n not in (3, 6)}, (4, 22)) for n in range(2, 7)],
    "T_TEAMS": [(n, {"teams": True}, (5, 6)) for n in (4, 6)]
    + [(n, {"teams": True, "short_trip": n == 4}, (7,)) for n in (4, 6)],
    "T_USEFUL_off": [(n, {"useful_only": False}, (8, 9)) for n in (2, 3, 4, 5, 6)]
    + [(n, {"useful_only": False, "teams": True}, (8,)) for n in (4, 6)],
    "T_DELAY_attack_before_go_off": [(n, {"attack_before_go": False}, (10, 11)) for n in (2, 3, 4, 6)]
    + [(4, {"attack_before_go": False, "teams": True}, (10,))],
    "T_STOP_stack_stops": [(n, {"stack_stops": True}, (12, 13)) for n in (2, 3, 4, 5)]
    + [(6, {"stack_stops": True, "teams": True}, (12,))],
    "T_LOSS_face_down_and_values": [(n, {"loss_face_up": False}, (14, 15)) for n in (2, 3, 6)]
    + [
        (2, {"burning_oil": 25, "broken_spring": 35, "brake_adjustment": 75}, (16, 17)),
        (4, {"burning_oil": 50, "broken_spring": 25, "brake_adjustment": 50, "loss_face_up": False}, (16,)),
    ],
    "every_switch_off_its_default": [
        (
            n,
            {
                "short_trip": n not in (3, 6),
                "teams": n in (4, 6),
                "useful_only": False,
                "attack_before_go": False,
                "stack_stops": True,
                "go_after_remedy": True,
                "loss_face_up": False,
                "burning_oil": 25,
            },
            (18, 19),
        )
        for n in range(2, 7)
    ],
}
# T-REMEDY plays both settings in one test, one after the other with the same deals, so a
# legal-move cache that forgot the switch would answer one game from the other's entries.
REMEDY_GAMES = [(n, {"go_after_remedy": remedy}, (20, 21)) for n in (2, 3, 4) for remedy in (False, True)]


# -- driving games --------------------------------------------------------------------------
def choose(state, legal, rng: random.Random, runner: int | None):
    """A move for the driven games: random, but preferring plays, and when ``runner`` is a
    tableau, helping that one team to the end (others leave it the mileage it needs and rarely
    attack it), so that games with many players end instead of dealing out the 25s evenly."""
    teams = len(state.tables)
    me = state.turn % teams
    goal = trip(state)
    plays = [a for a in legal if a.kind == "play"]
    discards = [a for a in legal if a.kind == "discard"]
    for a in plays:
        if a.card in MILEAGE_CARDS:
            piles = dict(zip(MILEAGE_CARDS, state.tables[me].piles))
            piles[a.card] += 1
            if piles == goal:
                return a
    if runner is not None and me == runner:
        own = [a for a in plays if a.target is None]
        if own and rng.random() < 0.9:
            return rng.choice(own)
    elif runner is not None:
        deck = {m: CARDS[m].count for m in MILEAGE_CARDS}

        def spare(card: str) -> bool:
            laid = sum(pile(t, card) for t in state.tables)
            return deck[card] - laid - 1 >= goal[card] - pile(state.tables[runner], card)

        blocked = [a for a in discards if a.card in MILEAGE_CARDS and not spare(a.card)]
        if blocked and rng.random() < 0.5:
            return rng.choice(blocked)
        plays = [
            a
            for a in plays
            if (a.card not in MILEAGE_CARDS or spare(a.card))
            and (a.target is None or a.target % teams != runner or rng.random() < 0.2)
        ]
    if plays and rng.random() < 0.7:
        return rng.choice(plays)
    return rng.choice(plays + discards)


def snapshot(state) -> tuple:
    """Every value of a state, tableaus opened up, to see that a refusal changed nothing."""
    tables = tuple((t.go, t.freeway, t.piles) for t in state.tables)
    return (
        state.rules,
        state.seed,
        state.hands,
        state.draw,
        state.discard,
        tables,
        state.turn,
        state.ply,
        state.reshuffles,
        state.winner,
        state.over,
        state.drawn,
        state.last,
    )


def illegal_sample(state, legal: set[str], rng: random.Random) -> list[tuple[str, str, int | None]]:
    """A few actions the rules forbid: mostly cards in hand to wrong places, once anything."""
    hand = sorted(set(state.hands[state.turn]))
    targets = (None, *range(min(state.players + 1, 6)))
    picked = []
    for _ in range(50):
        cards = hand if len(picked) < ILLEGAL_SAMPLE - 1 else ALL_CARDS
        action = (rng.choice(("play", "play", "discard")), rng.choice(cards), rng.choice(targets))
        if text(*action) not in legal and action not in picked:
            picked.append(action)
            if len(picked) == ILLEGAL_SAMPLE:
                break
    return picked


def check_position(state, rng: random.Random, counts: Counter) -> list:
    """Compare the engine's legal actions with the rules' at one position; try refused actions.

    Returns the engine's legal actions in text order."""
    engine = list(legal_actions(state))
    listed = {str(a) for a in engine}
    rules = literal_legal(state)
    assert listed == rules, (
        f"ply {state.ply}, seat {state.turn} with {state.hands[state.turn]} on {state.tables}, "
        f"rules {state.rules}: the engine lists {sorted(listed - rules)} that the rules forbid "
        f"and misses {sorted(rules - listed)}"
    )
    assert len(engine) == len(listed), f"ply {state.ply}: an action listed twice"
    before = snapshot(state)
    for kind, card, target in illegal_sample(state, rules, rng):
        try:
            after = apply(state, Action(kind, card, target))
        except IllegalAction as err:
            assert err.rule in RULE_IDS, f"{text(kind, card, target)} refused citing {err.rule!r}"
        else:
            pytest.fail(
                f"ply {state.ply}: {text(kind, card, target)} is applied ({after.last}) "
                f"though the rules forbid it ({refusal(state, kind, card, target)})"
            )
        counts["refusals"] += 1
    assert snapshot(state) == before, f"ply {state.ply}: a refused action changed the state"
    return sorted(engine, key=str)


def play_out(state, rng: random.Random, counts: Counter, runner: int | None, keep=None, kind="games"):
    """Play ``state`` to the end, checking every position and move; count what happened under
    names, the game itself under ``kind``. ``keep`` collects the positions passed through."""
    start = state.ply
    while not state.over:
        assert state.ply - start < PLY_BOUND, f"no end after {PLY_BOUND} plies (rules {state.rules})"
        legal = check_position(state, rng, counts)
        if keep is not None:
            keep.append(state)
        for other in legal:
            check_effect(state, other, apply(state, other))
        counts["moves"] += len(legal)
        action = choose(state, legal, rng, runner)
        after = apply(state, action)
        effect = check_effect(state, action, after)
        counts["positions"] += 1
        counts["wins"] += effect.win
        counts["no-winner ends"] += effect.no_winner
        counts["reshuffles"] += effect.reshuffle
        counts["turns without a draw"] += effect.no_draw
        counts["seats skipped"] += len(effect.skipped)
        state = after
    assert list(legal_actions(state)) == [] and literal_legal(state) == set()
    counts[kind] += 1
    counts[f"longest of the {kind}"] = max(counts[f"longest of the {kind}"], state.ply - start)
    return state


def endgame(state):
    """The position with the draw pile, the discard pile and the buried column cards boxed, and
    every hand cut to mileage its holder's tableau can lay now, within the trip (T-EXHAUST).

    None when the seat to move would hold nothing. Attacks are all boxed, so a tableau that can
    lay a card keeps that power, and some tableau can always lay every card still in play."""
    goal = trip(state)
    teams = len(state.tables)
    room = {(t, m): goal[m] - pile(state.tables[t], m) for t in range(teams) for m in MILEAGE_CARDS}
    hands = []
    for seat, hand in enumerate(state.hands):
        table = state.tables[seat % teams]
        kept = []
        for card in hand:
            layable = card in MILEAGE_CARDS and is_moving(table, state.rules)
            if layable and (card in ("m25", "m35") or freeway_active(table)) and room[seat % teams, card]:
                room[seat % teams, card] -= 1
                kept.append(card)
        hands.append(tuple(kept))
    if not hands[state.turn]:
        return None
    tables = tuple(Tableau(t.go[-1:], t.freeway[-1:], t.piles) for t in state.tables)
    return replace(state, hands=tuple(hands), draw=(), discard=(), tables=tables, drawn=None)


@cache
def run(players: int, switches: tuple, seed: int) -> Counter:
    """One driven game and two endgames cut from it, every position checked; the counts."""
    rules = Rules(**dict(switches))
    counts: Counter = Counter()
    rng = random.Random(f"reference/{players}/{switches}/{seed}")
    state = new_game(players, seed, rules)
    passed: list = []
    play_out(state, rng, counts, runner=seed % len(state.tables), keep=passed)
    cuts = [endgame(s) for s in passed[len(passed) // 3 :: max(1, len(passed) // 3)]]
    for cut in [c for c in cuts if c is not None][:2]:
        play_out(cut, rng, counts, runner=None, kind="endgames")
    return counts


def run_all(games) -> Counter:
    """The counts of ``run`` summed over games given as (players, switches, seeds)."""
    total: Counter = Counter()
    for players, switches, seeds in games:
        for seed in seeds:
            counts = run(players, tuple(sorted(switches.items())), seed)
            for name, n in counts.items():
                total[name] = max(total[name], n) if name.startswith("longest") else total[name] + n
    return total


def games(group: str):
    """Parametrize a test with the games of one group of ``GAMES``, named by their switches."""
    params = []
    for n, switches, seeds in GAMES[group]:
        name = "-".join([f"{n}p", *(f"{k}={v}" for k, v in sorted(switches.items()))])
        params.append(pytest.param(n, switches, seeds, id=name))
    return pytest.mark.parametrize("players, switches, seeds", params)


def agree(players: int, switches: dict, seeds: tuple) -> None:
    """Play these games to their ends (and their endgames), every position checked."""
    assert run_all([(players, switches, seeds)])["games"] >= len(seeds)


# -- the tests ------------------------------------------------------------------------------
def test_T_DECK_the_reference_names_every_card_by_its_kind():
    assert sorted(ALL_CARDS) == sorted(CARDS)
    kinds = {
        "mileage": MILEAGE_CARDS,
        "stopping delay": STOPPING_DELAYS,
        "mileage delay": MILEAGE_DELAYS,
        "remedy": REMEDIES,
        "road attack": ("populated_area",),
        "road": ("go", "freeway"),
    }
    assert {c: CARDS[c].kind for c in ALL_CARDS} == {c: k for k, cs in kinds.items() for c in cs}
    attacks = {c for c in CARDS if CARDS[c].kind in ("road attack", "stopping delay", "mileage delay")}
    assert set(ATTACK_CARDS) == attacks


@games("T_PLAYERS_default")
def test_T_PLAYERS_default_rules_agree_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_SHORT_switched")
def test_T_SHORT_switched_agrees_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_TEAMS")
def test_T_TEAMS_agree_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_USEFUL_off")
def test_T_USEFUL_off_agrees_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_DELAY_attack_before_go_off")
def test_T_DELAY_attack_before_go_off_agrees_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_STOP_stack_stops")
def test_T_STOP_stack_stops_agrees_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("T_LOSS_face_down_and_values")
def test_T_LOSS_settings_agree_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


@games("every_switch_off_its_default")
def test_every_switch_off_its_default_agrees_with_the_rule_text(players, switches, seeds):
    agree(players, switches, seeds)


def test_T_REMEDY_both_settings_in_one_process_agree_with_the_rule_text():
    assert run_all(REMEDY_GAMES)["games"] >= 2 * len(REMEDY_GAMES)


def test_T_RESHUFFLE_T_EXHAUST_T_WIN_every_ending_is_reached():
    """Across all the games above: reshuffles, turns without a draw, skipped seats, wins and
    games that end with every hand empty all happened, so their rules were checked."""
    every = [g for group in GAMES.values() for g in group] + REMEDY_GAMES
    counts = run_all(every)
    rare = ("reshuffles", "turns without a draw", "seats skipped", "wins", "no-winner ends")
    reached = {k: counts[k] for k in rare}
    assert all(reached.values()), f"not every ending was reached: {reached}"
    assert counts["positions"] >= 20_000, f"only {counts['positions']} positions checked"
    print(f"\n{dict(counts)}")
