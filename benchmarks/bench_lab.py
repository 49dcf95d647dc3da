"""Speed of the probability lab's simulations; prints a table.

    python benchmarks/bench_lab.py              # 10,000 games of each, the figures in README.md
    python benchmarks/bench_lab.py --quick      # 1,000 games of each, once
    python benchmarks/bench_lab.py --repeat 5   # the best of five rounds (default three)

Each game set runs three ways in one run: in this process (one core), in a pool of two
processes, and on a Dask LocalCluster of two single-threaded workers; the rows must be the
same every way. The ways take turns, round after round, and each way's best round is shown (the
least disturbed by the rest of the machine), with the range of its rounds beside it.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from table import print_table  # benchmarks/table.py, beside this script

from touring_widgets.lab import simulate

SETS = {
    "2-player Touring, greedy": ("touring", ["greedy", "greedy"]),
    "solo On Tour, greedy": ("on_tour", ["greedy"]),
}


def timed(game: str, n: int, players: list[str], executor=None):
    """Seconds to simulate ``n`` games, and their table."""
    start = time.perf_counter()
    out = simulate(game, n, seed=1, players=players, executor=executor, progress=False)
    return time.perf_counter() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 games of each, once")
    parser.add_argument("--repeat", type=int, help="rounds of every way (default 3; 1 with --quick)")
    args = parser.parse_args()
    n = 1000 if args.quick else 10_000
    rounds = args.repeat or (1 if args.quick else 3)
    import distributed

    seconds: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        # One core first, before the cluster exists: its scheduler's threads in this process would
        # take the GIL from the games now and then (10,000 Touring games: 40.6 s against 29.3 s).
        serial = {}
        for name, (game, players) in SETS.items():
            took, serial[name] = timed(game, n, players)
            seconds.setdefault((name, "one"), []).append(took)
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
        with cluster, distributed.Client(cluster) as client, ProcessPoolExecutor(2) as pool:
            for game, players in SETS.values():  # workers up, the package loaded, before the clock starts
                timed(game, 4, players, pool)
                timed(game, 4, players, client)
            for name, (game, players) in SETS.items():
                for way, executor in (("pool", pool), ("dask", client)):
                    took, out = timed(game, n, players, executor)
                    assert out.equals(serial[name]), "executors must give the same rows"
                    seconds.setdefault((name, way), []).append(took)

    def best(name: str, way: str) -> tuple[float, str]:
        low, high = min(seconds[name, way]), max(seconds[name, way])
        return low, f"{low:.1f}" + (f" ({low:.1f}-{high:.1f})" if rounds > 1 else "")

    rows = []
    for name in SETS:
        (one, one_text), (two, two_text), (dask, dask_text) = (best(name, w) for w in ("one", "pool", "dask"))
        rows += [
            (f"{name}: {n:,} games on one core (s)", one_text, "< 20"),
            (f"{name}: 2-process pool (s), speed-up", f"{two_text}, {one / two:.2f}×", "≥ 1.6×"),
            (f"{name}: Dask 2 workers (s), ÷ pool", f"{dask_text}, {dask / two:.2f}×", "≤ 1.3×"),
        ]
    print(f"the best of {rounds} rounds of each way, their range in brackets" if rounds > 1 else "one round")
    print_table(rows)


if __name__ == "__main__":
    main()
