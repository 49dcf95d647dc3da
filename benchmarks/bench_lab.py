"""Speed of the probability lab's simulations; prints a table.

    python benchmarks/bench_lab.py            # 10,000 games of each, the figures in README.md
    python benchmarks/bench_lab.py --quick    # 1,000 games of each

Each game set runs three ways in one run: in this process (one core), in a pool of two
processes, and on a Dask LocalCluster of two single-threaded workers; the rows must be the
same every way.
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
    parser.add_argument("--quick", action="store_true", help="1,000 games of each")
    n = 1000 if parser.parse_args().quick else 10_000
    import distributed

    rows = []
    # One core first, before the cluster exists: its scheduler's threads in this process would
    # take the GIL from the games now and then (10,000 Touring games: 40.6 s against 29.3 s).
    alone = {name: timed(game, n, players) for name, (game, players) in SETS.items()}
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client, ProcessPoolExecutor(2) as pool:
        client.submit(sum, [1]).result()  # workers up before the clock starts
        list(pool.map(abs, [1, 2]))
        for name, (game, players) in SETS.items():
            one, serial = alone[name]
            two, pooled = timed(game, n, players, pool)
            dask, clustered = timed(game, n, players, client)
            assert pooled.equals(serial) and clustered.equals(serial), "executors must give the same rows"
            rows += [
                (f"{name}: {n:,} games on one core (s)", f"{one:.1f}", "< 20"),
                (f"{name}: 2-process pool (s), speed-up", f"{two:.1f}, {one / two:.2f}×", "≥ 1.6×"),
                (f"{name}: Dask 2 workers (s), ÷ pool", f"{dask:.1f}, {dask / two:.2f}×", "≤ 1.3×"),
            ]
    print_table(rows)


if __name__ == "__main__":
    main()
