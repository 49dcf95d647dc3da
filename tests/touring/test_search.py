"""The Touring search's re-deals: what the seat to move cannot see dealt again (T-VIEW), and, when
the seat before it discarded face down (T-DISCARD), a hand that agrees with that discard; and the
tree search (information-set MCTS) on those re-deals."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from touring_widgets.core.tree import tree_move, tree_search
from touring_widgets.touring import Action, Rules, Tableau, apply, new_game
from touring_widgets.touring import search as kit
from touring_widgets.touring.bots import greedy_policy
from touring_widgets.touring.state import FACE_UP, State, resample, sort_hand

from .positions import position


def after_discards(games: int = 12) -> list[State]:
    """Positions of greedy two-player games just after the other seat discarded (and no reshuffle
    took the discard)."""
    found = []
    for seed in range(games):
        state = new_game(2, seed, Rules())
        while not state.over:
            state = apply(state, greedy_policy(state, state.turn))
            if not state.over and state.last[1].kind == "discard" and state.discard:
                found.append(state)
    return found


def seen(state: State, seat: int) -> tuple:
    """Everything of the position ``seat`` sees (T-VIEW)."""
    return (state.hands[seat], state.tables, state.turn, len(state.draw),
            [(c if owner in (seat, FACE_UP) else owner) for c, owner in state.discard],
            [len(h) for h in state.hands])


def everything(state: State) -> Counter:
    return Counter([*state.draw, *(c for h in state.hands for c in h), *(c for c, _ in state.discard)])


POSITIONS = after_discards()


def test_T_DISCARD_an_informed_re_deal_gives_the_discarding_seat_a_hand_the_model_discards_from() -> None:
    changed = 0
    for i, state in enumerate(POSITIONS):
        seat, mover = state.turn, state.last[0]
        world = kit.informed_resample(state, seat, f"test/{i}")
        assert seen(world, seat) == seen(state, seat), "T-VIEW: the re-deal changed what the seat sees"
        assert everything(world) == everything(state), "the re-deal lost or made a card"
        thrown = world.last[1].card
        assert world.last[0] == mover and world.discard[-1] == (thrown, mover)
        # the seat that discarded, back at its decision: the model plays nothing and throws that card
        held = world.hands[mover] + (thrown,)
        before = State(world.rules, world.seed, (*world.hands[:mover], sort_hand(held),
                       *world.hands[mover + 1:]), world.draw, world.discard[:-1], world.tables, mover)
        if len(state.draw) >= 10:  # (a short pile may hold too few cards to swap in)
            assert kit.playout_policy(before, mover) == kit.discard_action(thrown)
        changed += world != resample(state, seat, f"test/{i}")
    # a plain re-deal mostly gives the discarding seat a card it would have played
    assert changed > len(POSITIONS) // 2


@pytest.mark.parametrize("i", range(0, 40, 8))
def test_T_VIEW_an_informed_re_deal_depends_only_on_what_the_seat_sees(i: int) -> None:
    """The same position with the other seat's hand and the draw pile exchanged gives the same
    re-deal: it reads no card the seat cannot see."""
    state = POSITIONS[i]
    seat, mover = state.turn, state.last[0]
    pool = [*state.hands[mover], *state.draw]
    swapped_hand = sort_hand(pool[-len(state.hands[mover]):])
    twin_hands = list(state.hands)
    twin_hands[mover] = swapped_hand
    twin = State(state.rules, state.seed, tuple(twin_hands), tuple(pool[:len(state.draw)]), state.discard,
                 state.tables, state.turn, state.ply, state.reshuffles, None, False, state.drawn, state.last)
    assert everything(twin) == everything(state) and twin != state
    assert kit.informed_resample(twin, seat, "same") == kit.informed_resample(state, seat, "same")


def test_T_VIEW_a_re_deal_after_a_play_is_the_plain_one() -> None:
    state = new_game(2, 5, Rules())
    while state.last is None or state.last[1].kind == "discard":
        state = apply(state, greedy_policy(state, state.turn))
    assert kit.informed_resample(state, state.turn, "s") == resample(state, state.turn, "s")


def twin_of(state: State) -> State:
    """``state`` with the other seat's hand and the draw pile dealt differently: the seat to move
    cannot tell the two apart (T-VIEW)."""
    other = 1 - state.turn
    pool = [*state.hands[other], *state.draw]
    hands = list(state.hands)
    hands[other] = sort_hand(pool[-len(state.hands[other]):])
    twin = State(state.rules, state.seed, tuple(hands), tuple(pool[:len(state.draw)]), state.discard,
                 state.tables, state.turn, state.ply, state.reshuffles, None, False, state.drawn, state.last)
    assert everything(twin) == everything(state) and twin != state
    return twin


@pytest.mark.parametrize("i", [7, 35, 49])
def test_T_VIEW_the_tree_search_reads_no_card_the_seat_cannot_see(i: int) -> None:
    state = POSITIONS[i]
    seat = state.turn
    tree = tree_search(kit.KIT, state, seat, "same", 60)
    again = tree_search(kit.KIT, twin_of(state), seat, "same", 60)
    assert {m: (c.n, c.total, c.avail) for m, c in tree.children.items()} == {
        m: (c.n, c.total, c.avail) for m, c in again.children.items()}


def test_the_tree_search_tries_only_legal_moves_and_counts_every_iteration() -> None:
    state = POSITIONS[9]
    seat = state.turn
    tree = tree_search(kit.KIT, state, seat, "s", 80)
    legal = set(kit.candidates(state, seat))
    assert tree.n == 80 == sum(c.n for c in tree.children.values())
    assert set(tree.children) == legal  # the root tries every move (7 or fewer) before any again
    for child in tree.children.values():
        assert child.avail >= child.n  # a move is tried only where it is legal
        assert sum(g.n for g in child.children.values()) <= child.n
    assert tree_move(kit.KIT, state, seat, "s", 80) == max(tree.children.items(), key=lambda mc: mc[1].n)[0]


def test_T_WIN_the_tree_search_completes_the_trip_when_it_can() -> None:
    """Seat 0 is 75 miles from 590 with a 75 in hand: every playout of that move is a win, and
    the tree plays it (keeping the 75 loses some games the other seat finishes first)."""
    leader = Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 1))
    state = position([["m75", "m25", "m35", "go", "gasoline", "wrecker"], ["m25", "m35", "go"]],
                     [leader, Tableau(go=("go",), freeway=("freeway",), piles=(8, 4, 2, 0))])
    tree = tree_search(kit.KIT, state, 0, "s", 40)
    best = max(tree.children.items(), key=lambda mc: mc[1].n)
    assert best[0] == Action("play", "m75") and best[1].mean == 1.0
    assert tree_move(kit.KIT, state, 0, "s", 40) == Action("play", "m75")


def after_reshuffled_discards(games: int = 12) -> list[State]:
    """Positions of greedy two-player games just after the other seat discarded and the draw that
    followed shuffled the discards, that one with them, into a new draw pile (T-RESHUFFLE)."""
    found = []
    for seed in range(games):
        state = new_game(2, seed, Rules())
        while not state.over:
            state = apply(state, greedy_policy(state, state.turn))
            if not state.over and state.last[1].kind == "discard" and not state.discard:
                found.append(state)
    return found


RESHUFFLED = after_reshuffled_discards()


@pytest.mark.parametrize("state", RESHUFFLED[:6], ids=lambda s: f"{s.seed}-{s.ply}")
def test_T_DISCARD_a_re_deal_after_a_reshuffle_names_a_card_wherever_the_real_one_lies(state: State) -> None:
    """Once a reshuffle took the other seat's face-down discard, where that card now lies in the
    draw pile or the other hand is hidden: a re-deal's last move names the world's own top card of
    the draw pile, the same whatever the real card and its place."""
    seat, mover = state.turn, state.last[0]
    pool = [*state.hands[mover], *state.draw]
    for _ in range(1, len(pool)):  # the other hand and the draw pile exchanged, by turns
        pool = pool[1:] + pool[:1]
        hands = list(state.hands)
        hands[mover] = sort_hand(pool[:len(state.hands[mover])])
        twin = replace(state, hands=tuple(hands), draw=tuple(pool[len(state.hands[mover]):]))
        if twin.hands[mover] != state.hands[mover] and twin.draw[-1] != state.draw[-1]:
            break
    assert everything(twin) == everything(state) and twin != state
    world = resample(state, seat, "same")
    assert world.last == (mover, kit.discard_action(world.draw[-1]))
    assert resample(twin, seat, "same") == world
    assert kit.informed_resample(twin, seat, "same") == kit.informed_resample(state, seat, "same")


def test_T_DISCARD_a_re_deal_after_a_reshuffle_of_that_card_alone() -> None:
    """When the reshuffled discard was the only card of the new draw pile, the seat that drew it
    saw it, so a re-deal for that seat names it; for a third seat it is a card of the drawer's hand,
    whichever of that hand's cards it really was."""
    state = RESHUFFLED[0]
    assert state.drawn is not None
    mover, turn = state.last[0], state.turn
    alone = replace(state, draw=())
    assert resample(alone, turn, "same").last == (mover, kit.discard_action(state.drawn))
    three = new_game(3, 0, Rules())
    hands = (*alone.hands, three.hands[2])
    watcher = replace(alone, rules=three.rules, hands=hands, tables=(*alone.tables, Tableau()))
    pool = [*hands[mover], *hands[turn]]
    pool = pool[1:] + pool[:1]  # the hands of the seat that discarded and of the seat that drew
    exchanged = list(hands)
    size = len(hands[mover])
    exchanged[mover], exchanged[turn] = sort_hand(pool[:size]), sort_hand(pool[size:])
    other = replace(watcher, hands=tuple(exchanged))
    assert other.hands[turn] != watcher.hands[turn]
    world = resample(watcher, 2, "same")
    assert world.last == (mover, kit.discard_action(world.hands[turn][-1]))
    assert resample(other, 2, "same") == world
