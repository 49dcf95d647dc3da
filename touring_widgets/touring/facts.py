"""The Touring deck (T-DECK): every card id, its printed name, how many there are and what it does.

This is the one place that holds these facts; the engine, the bots, the board and the odds
read them from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: its id, the name printed on it, how many the deck holds, its kind."""

    id: str
    name: str
    count: int
    kind: str  # mileage, road, road attack, stopping delay, mileage delay, remedy
    miles: int = 0  # mileage cards: the miles it is worth


_TABLE = (
    Card("m25", "25 Miles", 19, "mileage", 25),
    Card("m35", "35 Miles", 10, "mileage", 35),
    Card("m50", "50 Miles", 10, "mileage", 50),
    Card("m75", "75 Miles", 12, "mileage", 75),
    Card("go", "Go", 13, "road"),
    Card("freeway", "Freeway", 6, "road"),
    Card("populated_area", "Populated Area", 3, "road attack"),
    Card("stop_to_refuel", "Stop to Refuel", 3, "stopping delay"),
    Card("missed_the_curve", "Missed the Curve", 3, "stopping delay"),
    Card("burning_oil", "Burning Oil", 2, "mileage delay"),
    Card("broken_spring", "Broken Spring", 2, "mileage delay"),
    Card("brake_adjustment", "Brake Adjustment", 2, "mileage delay"),
    Card("gasoline", "Gasoline", 7, "remedy"),
    Card("wrecker", "Wrecker", 7, "remedy"),
)

#: Card id -> Card, in the deck's canonical order (hands are kept in this order).
CARDS: MappingProxyType[str, Card] = MappingProxyType({c.id: c for c in _TABLE})
#: Card ids in canonical order.
CARD_IDS: tuple[str, ...] = tuple(CARDS)
#: Position of each card id in the canonical order.
ORDER: MappingProxyType[str, int] = MappingProxyType({cid: i for i, cid in enumerate(CARD_IDS)})

MILEAGE: tuple[str, ...] = ("m25", "m35", "m50", "m75")
MILES: MappingProxyType[str, int] = MappingProxyType({cid: CARDS[cid].miles for cid in MILEAGE})
FAST_MILEAGE = frozenset({"m50", "m75"})  # T-FREEWAY: need an active Freeway (T-SLOW: the rest do not)
STOPPING_DELAYS = frozenset({"stop_to_refuel", "missed_the_curve"})
MILEAGE_DELAYS = ("burning_oil", "broken_spring", "brake_adjustment")
#: Stopping delay -> the remedy that ends it (T-STOP).
REMEDY_FOR: MappingProxyType[str, str] = MappingProxyType(
    {"stop_to_refuel": "gasoline", "missed_the_curve": "wrecker"}
)
REMEDIES = frozenset(REMEDY_FOR.values())
#: Cards played on an opponent (T-DELAY, T-POP, T-LOSS).
ATTACKS = frozenset({"populated_area", *STOPPING_DELAYS, *MILEAGE_DELAYS})

#: Mileage caps for the full trip (T-GOAL) and the short trip (T-SHORT).
FULL_CAPS: tuple[int, int, int, int] = (8, 4, 2, 2)
SHORT_CAPS: tuple[int, int, int, int] = (4, 2, 1, 1)
#: T-SHORT removes one of each of these from the deck.
SHORT_REMOVED = ("stop_to_refuel", "missed_the_curve", *MILEAGE_DELAYS)

assert sum(c.count for c in _TABLE) == 99


def deck_counts(short_trip: bool) -> dict[str, int]:
    """How many of each card the deck holds: 99 cards, or 94 for the short trip (T-SHORT)."""
    counts = {c.id: c.count for c in _TABLE}
    if short_trip:
        for cid in SHORT_REMOVED:
            counts[cid] -= 1
    return counts


def card_name(card: str) -> str:
    """The name printed on a card, e.g. ``card_name('m25') == '25 Miles'``."""
    return CARDS[card].name
