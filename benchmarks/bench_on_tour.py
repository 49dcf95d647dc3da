"""Speed and strength figures of the On Tour engine; prints a table.

python benchmarks/bench_on_tour.py            # 10,000 maps, 1,000 games a bot
python benchmarks/bench_on_tour.py --quick    # 500 maps, 200 games a bot
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table import print_table  # benchmarks/table.py, beside this script

from touring_widgets.on_tour import OnTour, best_tour
from touring_widgets.on_tour.facts import SPACES


def final_maps(count: int, policy: str = "greedy") -> list[dict]:
    """End-of-game maps of solo games with the given policy, seeds 0..count-1."""
    return [OnTour(players=[policy], seed=seed).play().map(0) for seed in range(count)]


def time_scorer(maps: list[dict]) -> list[float]:
    out = []
    for m in maps:
        t0 = time.perf_counter()
        best_tour(m)
        out.append(time.perf_counter() - t0)
    return out


def hard_maps() -> dict[str, dict]:
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


def games_per_second(count: int) -> float:
    t0 = time.perf_counter()
    for seed in range(count):
        o = OnTour(players=1, seed=10_000 + seed).play()
        o.scores  # noqa: B018 - the final score is part of a complete game
    return count / (time.perf_counter() - t0)


def bot_strength(count: int) -> dict[str, tuple[float, float, int, int]]:
    out = {}
    for policy in ("random", "greedy"):
        totals = [OnTour(players=[policy], seed=seed).play().scores[0].total for seed in range(count)]
        out[policy] = (statistics.mean(totals), statistics.pstdev(totals), min(totals), max(totals))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer maps and games")
    parser.add_argument("--maps", type=int, help="end-of-game maps to score (default 10,000)")
    parser.add_argument("--games", type=int, help="solo games a bot for the strength table (default 1,000)")
    args = parser.parse_args(argv)
    n_maps = args.maps or (500 if args.quick else 10_000)
    n_games = args.games or (200 if args.quick else 1_000)

    rows: list[tuple[str, str, str]] = []
    maps = final_maps(n_maps)
    times = sorted(time_scorer(maps))
    rows.append(
        (f"best_tour median, {n_maps} greedy end maps", f"{statistics.median(times) * 1e3:.3f} ms", "< 1 ms")
    )
    rows.append(
        (
            f"best_tour p99, {n_maps} greedy end maps",
            f"{times[int(0.99 * (len(times) - 1))] * 1e3:.3f} ms",
            "",
        )
    )
    rows.append((f"best_tour max, {n_maps} greedy end maps", f"{times[-1] * 1e3:.3f} ms", "< 20 ms"))
    for name, m in hard_maps().items():
        t0 = time.perf_counter()
        score = best_tour(m)
        rows.append(
            (f"best_tour {name} (total {score.total})", f"{(time.perf_counter() - t0) * 1e3:.1f} ms", "< 1 s")
        )
    rows.append(
        (
            "solo greedy games per second (with score)",
            f"{games_per_second(max(50, n_games // 5)):.0f}",
            ">= 200",
        )
    )
    for policy, (mean, sd, lo, hi) in bot_strength(n_games).items():
        rows.append(
            (f"{policy} solo score over {n_games} games", f"mean {mean:.2f} sd {sd:.2f} [{lo}-{hi}]", "")
        )

    print_table(rows)

if __name__ == "__main__":
    main()
