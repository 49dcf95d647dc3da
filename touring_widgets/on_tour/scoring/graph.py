"""The board as bit masks: the spaces one route away from a set of spaces, and the spaces joined
to a set through others, each in a few table look-ups (what every search for the best tour asks
most often)."""

from __future__ import annotations

from ..facts import N_SPACES, NEIGHBOUR_MASK

__all__ = ["CHUNK_TABLES", "next_to", "reach"]


# Neighbour unions of 14-space chunks, so the union over a whole mask is three table look-ups.
_CHUNK = 14
_CHUNKS = (N_SPACES + _CHUNK - 1) // _CHUNK


def _chunk_tables() -> tuple[tuple[int, ...], ...]:
    tables = []
    for c in range(_CHUNKS):
        table = [0]
        for i in range(c * _CHUNK, (c + 1) * _CHUNK):
            m = NEIGHBOUR_MASK[i] if i < N_SPACES else 0
            table += [t | m for t in table]  # the entries with bit i set: those without it, plus i's
        tables.append(tuple(table))
    return tuple(tables)


#: the neighbour unions of each chunk: entry m is the union over the spaces of m in that chunk
CHUNK_TABLES = _chunk_tables()
_T0, _T1, _T2 = CHUNK_TABLES


def next_to(mask: int) -> int:
    """The spaces one route away from some space of ``mask``."""
    return _T0[mask & 16383] | _T1[mask >> 14 & 16383] | _T2[mask >> 28 & 16383]


def reach(start_mask: int, allowed: int) -> int:
    """The spaces of ``allowed`` joined to ``start_mask`` through ``allowed`` (excluding the start)."""
    seen = 0
    front = start_mask
    while front:
        front = (_T0[front & 16383] | _T1[front >> 14 & 16383] | _T2[front >> 28 & 16383]) & allowed & ~seen
        seen |= front
    return seen
