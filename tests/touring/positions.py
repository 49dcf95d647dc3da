"""Helpers to set up Touring positions by hand and to count every card."""

from __future__ import annotations

from collections import Counter

from touring_widgets.touring import Rules, State, Tableau, Touring
from touring_widgets.touring.facts import CARD_IDS, MILEAGE, deck_counts
from touring_widgets.touring.state import sort_hand


def position(
    hands: list[list[str]],
    tables: list[Tableau] | None = None,
    *,
    turn: int = 0,
    rules: Rules | None = None,
    discard: tuple[tuple[str, int], ...] = (),
    draw: list[str] | None = None,
) -> State:
    """A legal-looking position: the given hands and tableaus, every other card in the draw pile."""
    rules = (rules or Rules()).for_players(len(hands))
    teams = len(hands) // 2 if rules.teams else len(hands)
    tables = tables or [Tableau()] * teams
    if draw is None:
        left = Counter(deck_counts(bool(rules.short_trip)))
        for hand in hands:
            left.subtract(hand)
        for t in tables:
            left.subtract(t.go)
            left.subtract(t.freeway)
            for card, n in zip(MILEAGE, t.piles):
                left[card] -= n
        left.subtract(card for card, _ in discard)
        assert all(n >= 0 for n in left.values()), left
        draw = [c for c in CARD_IDS for _ in range(left[c])]
    return State(
        rules=rules,
        seed=1,
        hands=tuple(sort_hand(h) for h in hands),
        draw=tuple(draw),
        discard=discard,
        tables=tuple(tables),
        turn=turn,
    )


def game_at(state: State, players: list[str] | None = None) -> Touring:
    """A Touring game whose current position is ``state`` (for playing out a rule)."""
    game = Touring(players=players or ["human"] * state.players, seed=state.seed, rules=state.rules)
    game._node = type(game._node)(state, None, None, 0)
    return game


def all_cards(state: State) -> Counter[str]:
    """Every card of the game, wherever it is: hands, piles, columns, mileage piles."""
    cards: Counter[str] = Counter()
    for hand in state.hands:
        cards.update(hand)
    cards.update(state.draw)
    cards.update(card for card, _ in state.discard)
    for t in state.tables:
        cards.update(t.go)
        cards.update(t.freeway)
        for card, n in zip(MILEAGE, t.piles):
            cards[card] += n
    return cards
