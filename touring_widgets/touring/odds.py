"""Exact odds about Touring, as fractions, from what one seat may see (T-VIEW): the next card a
seat draws, a card among its next draws, a card in an opponent's hand, a card in an opening hand.
Nothing here reads a card the seat cannot see, so dealing the hidden cards again never changes an
answer.

Every answer rests on one assumption, the one a card counter makes: each card the seat cannot see
is equally likely to be in any place it cannot see (the draw pile, another hand, a face-down
discard), since nothing the seat saw tells those places apart.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from .facts import CARDS, deck_counts
from .game import Touring
from .rules import Rules
from .view import unseen

__all__ = ["at_least_one", "draw_within", "holds", "next_card", "opening_hand"]


def _touring(game: Any, seat: int | None) -> tuple[Touring, int]:
    if not isinstance(game, Touring):
        raise TypeError(f"these odds are about a Touring game, not {type(game).__name__}")
    if seat is None:
        seat = game.turn if game.turn is not None else 0
    return game, game._seat(seat)


def _card(card: Any) -> str:
    if not isinstance(card, str) or card not in CARDS:
        raise ValueError(f"{card!r} is not a Touring card; the cards are {', '.join(CARDS)} (T-DECK)")
    return card


def at_least_one(pool: int, copies: int, taken: int) -> Fraction:
    """At least one of ``copies`` marked cards among ``taken`` drawn from ``pool`` without replacement."""
    if taken > pool:
        raise ValueError(f"cannot take {taken} cards from {pool}")
    return 1 - Fraction(comb(pool - copies, taken), comb(pool, taken))


def _draw_places(game: Touring, seat: int, draws: int) -> list[int]:
    """Where in the draw pile (1 = top) the seat's next ``draws`` draws come from (T-TURN)."""
    state = game.state
    n = state.players
    first = (seat - state.turn - 1) % n + 1
    places = [first + k * n for k in range(draws)]
    if places and places[-1] > len(state.draw):
        raise ValueError(
            f"seat {seat}'s draw number {draws} would come after the draw pile ({len(state.draw)} cards) "
            "runs out; these odds count the pile as it is, not a reshuffle (T-RESHUFFLE)"
        )
    return places


def next_card(game: Touring, seat: int | None = None) -> dict[str, Fraction]:
    """The chance of each card being ``seat``'s next draw (default: the seat to move), from
    what that seat may see (T-VIEW); the chances add up to 1.

    >>> import touring_widgets as tw
    >>> odds = next_card(tw.Touring(seed=7), seat=0)
    >>> sum(odds.values()), odds["go"]
    (Fraction(1, 1), Fraction(4, 31))

    Raises ValueError when that draw comes after the draw pile runs out (T-RESHUFFLE).
    """
    game, seat = _touring(game, seat)
    _draw_places(game, seat, 1)
    hidden = unseen(game.state, seat)
    total = sum(hidden.values())
    return {card: Fraction(n, total) for card, n in hidden.items() if n}


def draw_within(game: Touring, card: str, draws: int, seat: int | None = None) -> Fraction:
    """The chance that at least one ``card`` comes among ``seat``'s next ``draws`` draws.

    The draws come from the draw pile as it is now: every seat draws in turn, so the seat's
    draws are every n-th card of the pile, and these odds assume no reshuffle comes first (a
    ValueError says so when the pile is too short, T-RESHUFFLE).

    >>> import touring_widgets as tw
    >>> draw_within(tw.Touring(seed=7), "gasoline", draws=3, seat=0)
    Fraction(23771, 129766)
    """
    game, seat = _touring(game, seat)
    card = _card(card)
    if type(draws) is not int or draws < 0:
        raise ValueError(f"draws must be a whole number, not {draws!r}")
    _draw_places(game, seat, draws)
    hidden = unseen(game.state, seat)
    return at_least_one(sum(hidden.values()), hidden[card], draws)


def holds(game: Touring, card: str, opponent: int, seat: int | None = None) -> Fraction:
    """The chance, as ``seat`` sees it, that ``opponent`` holds at least one ``card``.

    >>> import touring_widgets as tw
    >>> holds(tw.Touring(seed=7), "go", opponent=1, seat=0)
    Fraction(32173, 63457)
    """
    game, seat = _touring(game, seat)
    card = _card(card)
    opponent = game._seat(opponent)
    if opponent == seat:
        return Fraction(int(card in game.state.hands[seat]))
    hidden = unseen(game.state, seat)
    return at_least_one(sum(hidden.values()), hidden[card], len(game.state.hands[opponent]))


def opening_hand(card: str = "go", players: int = 2, seat: int = 1, rules: Rules | None = None) -> Fraction:
    """The chance that ``seat``'s opening hand holds at least one ``card`` (T-DEAL): five cards,
    or six for seat 0, who draws before the first move. Raises ValueError for a number of players
    the rules do not allow (T-PLAYERS) or a seat that is not in the game.

    >>> opening_hand("go", players=2, seat=1)
    Fraction(2621203, 5108796)
    """
    card = _card(card)
    if type(players) is not int:
        raise ValueError(f"players must be a number of seats, not {repr(players)[:40]} (T-PLAYERS)")
    Touring.check_players(players)
    rules = (rules or Rules()).for_players(players)
    counts = deck_counts(bool(rules.short_trip))
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat!r}: seats are 0 to {players - 1} (T-PLAYERS)")
    return at_least_one(sum(counts.values()), counts[card], 6 if seat == 0 else 5)


