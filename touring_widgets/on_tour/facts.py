"""The On Tour USA board (O-MAP, O-REGIONS, O-CARDS): spaces, routes, regions and cards.

This is the one place that reads ``usa.json``; the engine, the scorer, the bots and the board
read the facts from here. Spaces are also numbered 0..40 in the data's order, so a set of
spaces is an int bitmask (bit ``i`` is ``SPACES[i]``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the board: id, printed name, area, its two regions, its card's region."""

    id: str
    name: str
    area: str
    regions: tuple[str, str]
    card_region: str
    lon: float
    lat: float


def _load() -> dict:
    with open(Path(__file__).with_name("usa.json"), encoding="utf-8") as f:
        return json.load(f)


_DATA = _load()

#: Region names in the data's order (O-REGIONS).
REGIONS: tuple[str, ...] = tuple(_DATA["regions"])
#: Area -> its two regions.
AREAS: MappingProxyType[str, tuple[str, str]] = MappingProxyType(
    {a: tuple(r) for a, r in _DATA["areas"].items()}
)
#: Space id -> Space, in the data's order.
BOARD: MappingProxyType[str, Space] = MappingProxyType(
    {
        s["id"]: Space(
            s["id"], s["name"], s["area"], tuple(s["regions"]), s["card_region"], s["lon"], s["lat"]
        )
        for s in _DATA["spaces"]
    }
)
#: Space ids in the data's order; also the 41 cards (O-CARDS), one per space.
SPACES: tuple[str, ...] = tuple(BOARD)
#: Space id -> its index (its bit in a space mask).
INDEX: MappingProxyType[str, int] = MappingProxyType({sid: i for i, sid in enumerate(SPACES)})
#: The 90 routes as pairs of space ids (O-MAP).
ROUTES: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in _DATA["edges"])
N_SPACES = len(SPACES)
#: Every space of the board as a bitmask.
ALL_MASK = (1 << N_SPACES) - 1


def _neighbours() -> tuple[tuple[int, ...], ...]:
    near: list[set[int]] = [set() for _ in SPACES]
    for a, b in ROUTES:
        near[INDEX[a]].add(INDEX[b])
        near[INDEX[b]].add(INDEX[a])
    return tuple(tuple(sorted(n)) for n in near)


#: Space index -> indices of the spaces one route away.
NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()
#: Space index -> bitmask of its neighbours.
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << j for j in n) for n in NEIGHBOURS)
#: Space id -> set of neighbouring space ids.
ADJACENT: MappingProxyType[str, frozenset[str]] = MappingProxyType(
    {SPACES[i]: frozenset(SPACES[j] for j in n) for i, n in enumerate(NEIGHBOURS)}
)
#: Region -> bitmask of the spaces lying in it (O-REGIONS).
REGION_MASK: MappingProxyType[str, int] = MappingProxyType(
    {r: sum(1 << INDEX[s.id] for s in BOARD.values() if r in s.regions) for r in REGIONS}
)
#: Card (space id) -> the region printed on it (O-CARDS).
CARD_REGION: MappingProxyType[str, str] = MappingProxyType({s.id: s.card_region for s in BOARD.values()})


def is_route(a: str, b: str) -> bool:
    """True if a route joins spaces ``a`` and ``b``.

    >>> is_route("TX", "OK"), is_route("TX", "WA")
    (True, False)
    """
    return b in ADJACENT.get(a, ())


def mask_of(spaces) -> int:
    """The bitmask of an iterable of space ids."""
    m = 0
    for s in spaces:
        m |= 1 << INDEX[s]
    return m


# Per 7-bit chunk of a mask, the space indices of each of its 128 values.
_BITS = tuple(
    tuple(tuple(c * 7 + k for k in range(7) if v >> k & 1) for v in range(128)) for c in range(6)
)
_B0, _B1, _B2, _B3, _B4, _B5 = _BITS


def bits(mask: int) -> list[int]:
    """The space indices of a bitmask, in board order.

    >>> bits(0b1010)
    [1, 3]
    """
    if mask >> 42:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    return [
        *_B0[mask & 127], *_B1[mask >> 7 & 127], *_B2[mask >> 14 & 127],
        *_B3[mask >> 21 & 127], *_B4[mask >> 28 & 127], *_B5[mask >> 35 & 127],
    ]


def spaces_of(mask: int) -> list[str]:
    """The space ids of a bitmask, in board order."""
    return [SPACES[i] for i in bits(mask)]
