"""Speed of On Tour's exact odds until the map fills; prints a table.

    python benchmarks/bench_odds.py            # every space at the start of three 2-player deals
    python benchmarks/bench_odds.py --quick    # ten spaces of one deal

``lab.space_chance(game, space, 90, 99, turns=None)`` is asked at the start of a game, where the
deck is full and the map empty: the most orders of cards there are to count. Each question is
timed twice: first with the scorer's tables of decks emptied (what a new question about another
area of the map costs), then again at once (the same area's tables kept).
"""

from __future__ import annotations

import argparse
import statistics
import time

from table import print_table  # benchmarks/table.py, beside this script

import touring_widgets as tw
from touring_widgets.on_tour import odds
from touring_widgets.on_tour.facts import SPACES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="ten spaces of one deal")
    args = parser.parse_args()
    seeds, spaces = ((7,), SPACES[:10]) if args.quick else ((7, 3, 11), SPACES)
    first, again = [], []
    for seed in seeds:
        game = tw.OnTour(players=2, seed=seed)
        for space in spaces:
            odds._next_decks.cache_clear()
            start = time.perf_counter()
            chance = tw.lab.space_chance(game, space, 90, 99, turns=None)
            first.append((time.perf_counter() - start, f"seed {seed} {space}"))
            start = time.perf_counter()
            assert tw.lab.space_chance(game, space, 90, 99, turns=None) == chance
            again.append(time.perf_counter() - start)
    slowest, where = max(first)
    print_table([
        ("questions (space, 90-99, until the map fills)", f"{len(first)}", ""),
        ("first answer, median (s)", f"{statistics.median(t for t, _ in first):.2f}", "< 2 s"),
        ("first answer, slowest (s)", f"{slowest:.2f} ({where})", "< 2 s"),
        ("the same question again, median (s)", f"{statistics.median(again):.2f}", ""),
    ])


if __name__ == "__main__":
    main()
