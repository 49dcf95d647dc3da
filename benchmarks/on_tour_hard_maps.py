"""Maps that are hard for an exact On Tour scorer, in families, from fixed seeds.

A map is hard when a few distinct numbers and many stars let a tour wander: the spaces holding
one number, joined by stars (wild), make large regions in which a tour may go anywhere, so tours
branch a great deal; yet the best tour is well below the count of spaces it could reach, as it
must finish with one number before it climbs to the next and may use each star once. A search
then has to rule out a great many near misses. The hardest found hold about 10-15 stars among
0s and 1s (the scorer used to take 8-20 s on them); with nearly every space a star, a tour is
close to a path through the whole board, and proving that no longer one exists is harder still.

Each family varies one thing: how many stars, how many distinct numbers, whether Xs or empty
spaces cut the board, how many spaces are circled. The same arguments always give the same maps.

python benchmarks/on_tour_hard_maps.py             # time best_tour on every family
python benchmarks/on_tour_hard_maps.py --seeds 40  # more maps a family and star count

The maps with 16-30 stars (STRESS_FAMILIES: among two, three, four, ten or a hundred numbers)
took the branch and bound up to 30 s; best_tour scores them with its frontier search, and every
run includes them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from touring_widgets.on_tour.facts import SPACES

Board = dict[str, tuple | None]


def wild_map(
    seed: int,
    stars: int,
    numbers: tuple[int, ...],
    circled: float = 0.2,
    xs: int = 0,
    empty: int = 0,
) -> Board:
    """A full map: ``stars`` stars, the other spaces numbers drawn from ``numbers``, then some
    of those numbers replaced by Xs and by empty spaces; each number or star circled with
    probability ``circled``."""
    rng = random.Random(f"{seed}/{stars}/{numbers}/{circled}/{xs}/{empty}")
    board: Board = {s: (rng.choice(numbers), rng.random() < circled) for s in SPACES}
    for s in rng.sample(SPACES, stars):
        board[s] = ("star", rng.random() < circled)
    cut = rng.sample([s for s in SPACES if board[s][0] != "star"], xs + empty)
    for s in cut[:xs]:
        board[s] = ("X", False)
    for s in cut[xs:]:
        board[s] = None
    return board


def classic_maps() -> dict[str, Board]:
    """The hand-made hard maps the benchmark has always timed."""
    r = random.Random(2024)
    stars = {s: ("star", False) for s in SPACES}
    circled_stars = {s: ("star", r.random() < 0.3) for s in SPACES}
    one_number = {s: (50, False) for s in SPACES}
    ties = {s: (r.choice((30, 40, 50)), r.random() < 0.2) for s in SPACES}
    for s in r.sample(SPACES, 10):
        ties[s] = ("star", False)
    cut = dict(stars)
    for s in r.sample(SPACES, 8):
        cut[s] = ("X", False)
    return {
        "all stars": stars,
        "all stars, 30% circled": circled_stars,
        "all one number": one_number,
        "ten stars among ties": ties,
        "stars cut by eight Xs": cut,
    }


Family = tuple[Callable[[int, int], Board], range]

# name -> (maker of one map from (seed, star count), star counts)
FAMILIES: dict[str, Family] = {
    "k=5-15 stars among {0,1}": (lambda seed, k: wild_map(seed, k, (0, 1)), range(5, 16)),
    "k=5-15 stars among {0,1,2}": (lambda seed, k: wild_map(seed, k, (0, 1, 2)), range(5, 16)),
    "k=5-15 stars among {0,1}, 2-8 Xs": (
        lambda seed, k: wild_map(seed, k, (0, 1), xs=2 + seed % 7),
        range(5, 16),
    ),
    "k=5-15 stars among {0,1,2}, Xs, empties": (
        lambda seed, k: wild_map(seed, k, (0, 1, 2), xs=2 + seed % 7, empty=seed % 4),
        range(5, 16),
    ),
    "k=5-15 stars among {0..4}, 50% circled": (
        lambda seed, k: wild_map(seed, k, (0, 1, 2, 3, 4), circled=0.5),
        range(5, 16),
    ),
    "k=5-15 stars among {0,10,..,90}": (
        lambda seed, k: wild_map(seed, k, tuple(range(0, 100, 10))),
        range(5, 16),
    ),
    "k=5-15 stars among 0-99, 0-3 Xs": (
        lambda seed, k: wild_map(seed, k, tuple(range(100)), circled=0.15, xs=seed % 4),
        range(5, 16),
    ),
    "k=0-4 stars among {0,1}": (lambda seed, k: wild_map(seed, k, (0, 1)), range(0, 5)),
}

# Nearly all stars: a tour is then almost a Hamiltonian path, the hardest maps known here. The
# branch and bound took up to 7 s on the first, up to 16 s with three numbers and 30 s with
# four; best_tour scores them all with its frontier search.
STRESS_FAMILIES: dict[str, Family] = {
    "k=16-30 stars among {0,1}": (lambda seed, k: wild_map(seed, k, (0, 1)), range(16, 31, 2)),
    "k=16-30 stars among {0,1,2}": (lambda seed, k: wild_map(seed, k, (0, 1, 2)), range(16, 31, 2)),
    "k=16-30 stars among {0..3}": (lambda seed, k: wild_map(seed, k, (0, 1, 2, 3)), range(16, 31, 2)),
    "k=16-30 stars among {0..9}": (lambda seed, k: wild_map(seed, k, tuple(range(10))), range(16, 31, 2)),
    "k=16-30 stars among 0-99, 0-3 Xs": (
        lambda seed, k: wild_map(seed, k, tuple(range(100)), circled=0.15, xs=seed % 4),
        range(16, 31, 2),
    ),
}


def family_maps(seeds: int = 5, families: dict[str, Family] | None = None) -> dict[str, list[Board]]:
    """Each family's maps: for each star count, ``seeds`` maps (seeds 0..seeds-1)."""
    families = FAMILIES if families is None else families
    return {
        name: [make(seed, k) for k in ks for seed in range(seeds)] for name, (make, ks) in families.items()
    }


def time_families(
    score: Callable[[Board], object], seeds: int = 5, families: dict[str, Family] | None = None
) -> dict[str, tuple[int, float, float, float]]:
    """Family -> (maps, mean seconds, max seconds, max CPU seconds) of ``score`` on its maps.

    Seconds are wall-clock; CPU seconds leave out the time other processes held the CPU.
    """
    out = {}
    for name, maps in family_maps(seeds, families).items():
        times, cpu = [], []
        for board in maps:
            t0, c0 = time.perf_counter(), time.process_time()
            score(board)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        out[name] = (len(maps), sum(times) / len(times), max(times), max(cpu))
    return out


def main(argv: list[str] | None = None) -> None:
    from touring_widgets.on_tour import best_tour

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="maps a family and star count (default 5)")
    parser.add_argument("--stress", action="store_true", help="(kept for old scripts: always on)")
    args = parser.parse_args(argv)
    families = {**FAMILIES, **STRESS_FAMILIES}
    worst = worst_cpu = 0.0
    for name, (count, mean, top, cpu) in time_families(best_tour, args.seeds, families).items():
        worst, worst_cpu = max(worst, top), max(worst_cpu, cpu)
        print(
            f"{name:<45} {count:4d} maps  mean {mean * 1e3:8.1f} ms  max {top * 1e3:8.1f} ms"
            f"  (CPU {cpu * 1e3:8.1f} ms)",
            flush=True,
        )
    label = "max over every map"
    print(f"{label:<74} max {worst * 1e3:8.1f} ms  (CPU {worst_cpu * 1e3:8.1f} ms)", flush=True)


if __name__ == "__main__":
    main()
