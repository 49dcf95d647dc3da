"""How soon the On Tour board's advice ranks the writings; prints a table.

python benchmarks/bench_advice.py            # 4 games, every 3rd turn; the baseline wherever halving runs
python benchmarks/bench_advice.py --quick    # 2 games, every 6th turn; the baseline at the 2 openings

The board's advice (``core.search.Schedule`` with the board's settings: ``advice_deals`` deals,
``on_tour.search.WIDE``) is worked to its end at many positions of solo games played by the
greedy bot, in the slices the board uses. For each position it times the first ranking (the
likeliest writings on their first deals) and the settled ranking (sequential halving done):
wall-clock and CPU time. The baseline is the way advice was shared before: every writing on
every one of 20 deals (``Search.run``), timed in the same run wherever the schedule halves (more
than ``WIDE`` writings; ``--quick``: at the openings, the slowest positions). It also checks that
the settled ranking's best writing is as good as the baseline's: both are played on 100 fresh
deals that neither search saw (the paired difference, in points of final score).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import print_table

import touring_widgets as tw
from touring_widgets.core.search import Schedule, Search, advice_search
from touring_widgets.on_tour.bots import greedy_policy, plans
from touring_widgets.on_tour.search import WIDE
from touring_widgets.on_tour.session import OnTourSession
from touring_widgets.widgets.advice import SLICE

BASELINE_DEALS = 20  # every writing on every deal: the board's setting before the schedule
FRESH = 100  # deals neither search saw, to compare their best writings


def positions(games: int, every: int) -> list[tuple[int, int, tw.OnTour]]:
    """(seed, turn, game) at every ``every``-th turn of ``games`` solo greedy games."""
    out = []
    for seed in range(1, games + 1):
        o = tw.OnTour(players=["human"], seed=seed)
        turn = 0
        while not o.is_over:
            if turn % every == 0:
                out.append((seed, turn + 1, o.fork()))
            o.step(greedy_policy(o.state, o.turn))
            turn += 1
    return out


def time_schedule(game: tw.OnTour) -> dict[str, float]:
    """Work the board's schedule at ``game`` in the board's slices; when each stage ended."""
    search = advice_search(game, seed=f"board/{game.position}")
    schedule = Schedule(search, OnTourSession.advice_deals)
    t0, c0 = time.perf_counter(), time.process_time()
    first = None
    while not schedule.done:
        schedule.work(SLICE)
        if first is None and schedule.first_done:
            first = (time.perf_counter() - t0, time.process_time() - c0)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    first = first or (wall, cpu)
    return {"writings": len(search.tallies), "first": first[0], "first_cpu": first[1], "settled": wall,
            "settled_cpu": cpu, "playouts": search.playouts, "search": search}


def time_baseline(game: tw.OnTour, settled: Search) -> dict[str, float]:
    """Every writing on every one of BASELINE_DEALS deals; and the two best writings played on
    FRESH deals neither search saw: the settled one's mean less the baseline's."""
    search = Search(settled.kit, settled.state, settled.seat, settled.seed)
    t0, c0 = time.perf_counter(), time.process_time()
    search.run(BASELINE_DEALS)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    picks = (settled.ranked()[0].action, search.ranked()[0].action)
    fresh = Search(settled.kit, settled.state, settled.seat, f"fresh/{settled.seed}", moves=picks, keep=True)
    fresh.run(FRESH)
    mine, theirs = fresh.tallies
    diffs = [mine.by_deal[d] - theirs.by_deal[d] for d in range(FRESH)]
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if picks[0] != picks[1] else 0.0
    return {"wall": wall, "cpu": cpu, "gap": statistics.mean(diffs), "se": se, "same": picks[0] == picks[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 games, every 6th turn, 1 baseline")
    args = parser.parse_args()
    games, every = (2, 6) if args.quick else (4, 3)
    plans()  # the greedy bot's plan library, built once per process
    rows = []
    timed = []
    for seed, turn, game in positions(games, every):
        found = time_schedule(game)
        timed.append(found)
        print(f"seed {seed} turn {turn:>2}: {found['writings']:>4} writings, first ranking "
              f"{found['first']:.2f} s, settled {found['settled']:.2f} s ({found['playouts']:,} playouts)",
              flush=True)
        if found["writings"] > WIDE and (turn == 1 or not args.quick):
            base = time_baseline(game, found["search"])
            found["baseline"] = base
            print(f"    baseline (every writing on {BASELINE_DEALS} deals): {base['wall']:.2f} s; "
                  f"the settled best less the baseline's best on {FRESH} fresh deals: "
                  f"{base['gap']:+.2f} points (SE {base['se']:.2f})", flush=True)
    worst_first = max(timed, key=lambda f: f["first"])
    worst_settled = max(timed, key=lambda f: f["settled"])
    rows += [
        ("positions timed", f"{len(timed)}", ""),
        ("first ranking, slowest position (wall)", f"{worst_first['first']:.2f} s", "<= 2 s"),
        ("first ranking, slowest position (CPU)", f"{worst_first['first_cpu']:.2f} s", ""),
        ("first ranking, median (wall)", f"{statistics.median(f['first'] for f in timed):.2f} s", ""),
        ("settled, slowest position (wall)", f"{worst_settled['settled']:.2f} s", "<= 10 s"),
        ("settled, slowest position (CPU)", f"{worst_settled['settled_cpu']:.2f} s", ""),
        ("settled, median (wall)", f"{statistics.median(f['settled'] for f in timed):.2f} s", ""),
        ("writings at the slowest position", f"{worst_settled['writings']}", ""),
    ]
    based = [f for f in timed if "baseline" in f]
    if based:
        gaps = [f["baseline"]["gap"] for f in based]
        rows += [
            (f"baseline, every writing on {BASELINE_DEALS} deals (wall, slowest of {len(based)})",
             f"{max(f['baseline']['wall'] for f in based):.2f} s", ""),
            ("settled at the same positions (wall, slowest)",
             f"{max(f['settled'] for f in based):.2f} s", ""),
            ("baseline / settled, total time at those positions",
             f"{sum(f['baseline']['wall'] for f in based) / sum(f['settled'] for f in based):.1f}x", ""),
            ("positions where the two best writings differ",
             f"{sum(not f['baseline']['same'] for f in based)} of {len(gaps)}", ""),
            (f"settled best less the baseline's best, on {FRESH} fresh deals (mean, points)",
             f"{statistics.mean(gaps):+.2f}", ">= 0 within noise"),
        ]
    print()
    print_table(rows)


if __name__ == "__main__":
    main()
