"""Speed and strength figures of the On Tour engine; prints a table.

python benchmarks/bench_on_tour.py            # 10,000 maps, 1,000 games a bot, 5 hard maps a kind
python benchmarks/bench_on_tour.py --quick    # 500 maps, 200 games a bot, 2 hard maps a kind
python benchmarks/bench_on_tour.py --baseline REV   # the engine to compare with (default a0bae5e)
python benchmarks/bench_on_tour.py --instructions   # also count a solo game's instructions (valgrind)

best_tour and a plain depth-first search (``naive_best_tour``, the baseline) score the same
end-of-game maps in turns, a hundred maps at a time, so both see the same machine load; the
speed-up is the ratio of their medians. The hard maps are the families of ``on_tour_hard_maps.py``.

Solo greedy games per second are timed for this working tree and for the engine of ``REV``
(taken with ``git archive`` into a temporary folder), each in a fresh process, taking turns, so
both see the same machine load; wall-clock and CPU time (which leaves out the time other
processes held the CPU) are both given. ``--instructions`` adds the figure that does not move
with the machine: the instructions a solo greedy game takes, counted by valgrind's callgrind (60
games after 20), for this engine and the baseline.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

from instructions import instructions_each  # benchmarks/instructions.py, beside this script

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "a0bae5e"  # the engine before the playout speed-ups
RATE_FLAG = "--_games-per-second"  # internal: time games in this process and print JSON
PLAY_FLAG = "--_play"  # internal: play solo games for valgrind to count


def games_per_second(count: int) -> tuple[float, float]:
    """Solo greedy games (with their final score) per second: (wall-clock, CPU time).

    Uses whichever ``touring_widgets`` this process imports; one untimed game first.
    """
    from touring_widgets.on_tour import OnTour

    OnTour(players=1, seed=9_999).play().scores  # noqa: B018 - builds the bot's plan library
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(count):
        o = OnTour(players=1, seed=10_000 + seed).play()
        o.scores  # noqa: B018 - the final score is part of a complete game
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return count / wall, count / cpu


def play_games(count: int) -> None:
    """Solo greedy games with their final score, as ``games_per_second`` times them (what
    valgrind counts)."""
    from touring_widgets.on_tour import OnTour

    for seed in range(count):
        OnTour(players=1, seed=10_000 + seed).play().scores  # noqa: B018 - part of a complete game


if __name__ == "__main__" and PLAY_FLAG in sys.argv:
    play_games(int(sys.argv[-1]))
    sys.exit(0)

if __name__ == "__main__" and RATE_FLAG in sys.argv:
    # A child process: PYTHONPATH decides which engine is imported; nothing else is loaded.
    import touring_widgets

    wall_rate, cpu_rate = games_per_second(int(sys.argv[sys.argv.index(RATE_FLAG) + 1]))
    print(json.dumps({"wall": wall_rate, "cpu": cpu_rate, "engine": touring_widgets.__file__}))
    sys.exit(0)

sys.path.insert(0, str(ROOT))
# (imported after the child's early exit above, so a child imports only the engine it is given)
from on_tour_hard_maps import FAMILIES, STRESS_FAMILIES, classic_maps, time_families  # noqa: E402
from table import print_table  # noqa: E402  (benchmarks/table.py, beside this script)

from touring_widgets.on_tour import OnTour, best_tour  # noqa: E402
from touring_widgets.on_tour.facts import ADJACENT  # noqa: E402


def naive_best_tour(board: dict[str, Any]) -> tuple[int, list[str]]:
    """Baseline: the best tour's total and spaces, by trying every path from every start.

    The search a newcomer would write: a depth-first walk over routes keeping the visited
    spaces and the last number, with no memory and no bounds.
    """
    best_total = 0
    best_path: list[str] = []

    def walk(space: str, last: int | None, visited: set[str], path: list[str], total: int) -> None:
        nonlocal best_total, best_path
        if total > best_total:
            best_total, best_path = total, list(path)
        for nxt in ADJACENT[space]:
            cell = board.get(nxt)
            if nxt in visited or cell is None or cell[0] == "X":
                continue
            if cell[0] == "star":
                new_last = last
            elif last is not None and cell[0] < last:
                continue
            else:
                new_last = cell[0]
            visited.add(nxt)
            path.append(nxt)
            walk(nxt, new_last, visited, path, total + 1 + cell[1])
            path.pop()
            visited.remove(nxt)

    for space, cell in board.items():
        if cell is None or cell[0] == "X":
            continue
        walk(space, None if cell[0] == "star" else cell[0], {space}, [space], 1 + cell[1])
    return best_total, best_path


def final_maps(count: int, policy: str = "greedy") -> list[dict]:
    """End-of-game maps of solo games with the given policy, seeds 0..count-1."""
    return [OnTour(players=[policy], seed=seed).play().map(0) for seed in range(count)]


def time_side_by_side(maps: list[dict], chunk: int = 100) -> tuple[list[float], list[float], list[float]]:
    """Seconds best_tour and naive_best_tour take on each map, and the CPU seconds best_tour
    takes (which leave out the time other processes held the CPU).

    The maps go in chunks: each function scores a whole chunk, then the other scores the same
    chunk, the first taking turns, so both see the same machine load. Timing them map by map
    instead charges whichever runs right after the plain search with its leftovers (its garbage,
    the caches it filled): on 2,000 maps best_tour's median was 0.36 ms so, 0.28 ms in turns.
    """
    ours = [0.0] * len(maps)
    ours_cpu = [0.0] * len(maps)
    naive = [0.0] * len(maps)
    totals: dict[str, list[int]] = {"ours": [0] * len(maps), "naive": [0] * len(maps)}
    for start in range(0, len(maps), chunk):
        part = range(start, min(start + chunk, len(maps)))
        for who in ("ours", "naive") if start // chunk % 2 == 0 else ("naive", "ours"):
            for k in part:
                c0 = time.process_time()
                t0 = time.perf_counter()
                if who == "ours":
                    totals[who][k] = best_tour(maps[k]).total
                    ours[k] = time.perf_counter() - t0
                    ours_cpu[k] = time.process_time() - c0
                else:
                    totals[who][k] = naive_best_tour(maps[k])[0]
                    naive[k] = time.perf_counter() - t0
    for k, (a, b) in enumerate(zip(totals["ours"], totals["naive"])):
        if a != b:
            raise AssertionError(f"best_tour found {a}, the plain search {b}: {maps[k]}")
    return ours, naive, ours_cpu


def bot_strength(count: int) -> dict[str, tuple[float, float, int, int]]:
    out = {}
    for policy in ("random", "greedy"):
        totals = [OnTour(players=[policy], seed=seed).play().scores[0].total for seed in range(count)]
        out[policy] = (statistics.mean(totals), statistics.pstdev(totals), min(totals), max(totals))
    return out


def extract_engine(rev: str, into: str) -> bool:
    """Put the ``touring_widgets`` of git revision ``rev`` in folder ``into``; False if git or
    the revision is unavailable."""
    try:
        tar = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev, "touring_widgets"], capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
            archive.extractall(into)
    except (OSError, subprocess.CalledProcessError, tarfile.TarError):
        return False
    return (Path(into) / "touring_widgets" / "on_tour").is_dir()


def rate_in_child(path: str, count: int) -> tuple[float, float]:
    """games_per_second in a fresh process importing the engine found in folder ``path``."""
    env = {**os.environ, "PYTHONPATH": path}
    out = subprocess.run(
        [sys.executable, __file__, RATE_FLAG, str(count)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = json.loads(out.splitlines()[-1])
    if not Path(found["engine"]).resolve().is_relative_to(Path(path).resolve()):
        raise RuntimeError(f"the child imported {found['engine']}, not the engine in {path}")
    return found["wall"], found["cpu"]


def compare_rates(rev: str, count: int, rounds: int) -> list[tuple[str, str, str]]:
    """Rows: solo greedy games per second now and at ``rev``, best of ``rounds`` turns each."""
    now: list[tuple[float, float]] = []
    then: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        have_base = extract_engine(rev, tmp)
        for _ in range(rounds):
            now.append(rate_in_child(str(ROOT), count))
            if have_base:
                then.append(rate_in_child(tmp, count))
    wall, cpu = max(r[0] for r in now), max(r[1] for r in now)
    rows = [
        (
            f"solo greedy games per second (with score), wall-clock, best of {rounds}x{count}",
            f"{wall:.0f}",
            ">= 500",
        ),
        ("solo greedy games per second, CPU time (same runs)", f"{cpu:.0f}", ">= 500"),
    ]
    if not then:
        rows.append((f"the same at {rev}", "baseline unavailable", ""))
        return rows
    base_wall, base_cpu = max(r[0] for r in then), max(r[1] for r in then)
    rows.append(
        (f"the same at {rev}, wall-clock / CPU time", f"{base_wall:.0f} / {base_cpu:.0f}", "baseline")
    )
    speed_up = f"{wall / base_wall:.2f}x / {cpu / base_cpu:.2f}x"
    rows.append((f"speed-up over {rev}, wall-clock / CPU time", speed_up, ""))
    return rows


def instruction_rows(rev: str) -> list[tuple[str, str, str]]:
    """Rows: the instructions a solo greedy game takes, now and at ``rev`` (valgrind)."""
    mine = instructions_each(__file__, [PLAY_FLAG], 20, 80)
    if mine is None:
        return [("instructions a solo greedy game (valgrind)", "valgrind unavailable", "")]
    with tempfile.TemporaryDirectory() as tmp:
        theirs = instructions_each(__file__, [PLAY_FLAG], 20, 80, tmp) if extract_engine(rev, tmp) else None
    ratio = f" ({theirs / mine:.2f}x fewer than {theirs / 1e6:.2f} M at {rev})" if theirs else ""
    return [("instructions a solo greedy game (valgrind: 60 games after 20)", f"{mine / 1e6:.2f} M{ratio}",
             "")]


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer maps and games")
    parser.add_argument("--maps", type=int, help="end-of-game maps to score (default 10,000)")
    parser.add_argument("--games", type=int, help="solo games a bot for the strength table (default 1,000)")
    parser.add_argument("--seeds", type=int, help="hard maps of each family and star count (default 5)")
    parser.add_argument("--stress", action="store_true", help="(kept for old scripts: always on)")
    parser.add_argument(
        "--baseline",
        default=BASELINE,
        metavar="REV",
        help=f"git revision whose engine the games per second are compared with (default {BASELINE})",
    )
    parser.add_argument("--instructions", action="store_true",
                        help="count a solo game's instructions with valgrind, here and in the baseline")
    args = parser.parse_args(argv)
    n_maps = args.maps or (500 if args.quick else 10_000)
    n_games = args.games or (200 if args.quick else 1_000)
    seeds = args.seeds or (2 if args.quick else 5)

    rows: list[tuple[str, str, str]] = []
    ours, naive, ours_cpu = time_side_by_side(final_maps(n_maps))
    ours.sort()
    ratio = statistics.median(naive) / statistics.median(ours)
    rows.append((f"best_tour median, {n_maps} greedy end maps", ms(statistics.median(ours)), "< 1 ms"))
    rows.append(("naive_best_tour (plain DFS) median, same maps", ms(statistics.median(naive)), "baseline"))
    rows.append(("speed-up of best_tour over the plain DFS (medians)", f"{ratio:.1f}x", ">= 10x"))
    rows.append(("best_tour p99, same maps", ms(ours[int(0.99 * (len(ours) - 1))]), ""))
    rows.append(("best_tour max, same maps", ms(ours[-1]), "< 20 ms"))
    rows.append(("best_tour max in CPU time, same maps", ms(max(ours_cpu)), "< 20 ms"))
    rows.append(
        (
            "naive_best_tour p99 / max, same maps",
            f"{ms(sorted(naive)[int(0.99 * (len(naive) - 1))])} / {max(naive):.2f} s",
            "",
        )
    )

    worst = worst_cpu = 0.0
    for name, board in classic_maps().items():
        t0, c0 = time.perf_counter(), time.process_time()
        score = best_tour(board)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        worst, worst_cpu = max(worst, seconds), max(worst_cpu, cpu)
        rows.append((f"best_tour {name} (total {score.total})", f"{seconds * 1e3:.1f} ms", "< 1 s"))
    families = {**FAMILIES, **STRESS_FAMILIES}  # the stress maps too, now they are fast
    for name, (count, mean, top, cpu) in time_families(best_tour, seeds, families).items():
        worst, worst_cpu = max(worst, top), max(worst_cpu, cpu)
        rows.append(
            (
                f"best_tour max, {name} ({count} maps, mean {mean * 1e3:.0f} ms)",
                f"{top * 1e3:.0f} ms",
                "< 1 s",
            )
        )
    rows.append(("best_tour max over every hard map above", f"{worst * 1e3:.0f} ms", "< 1 s"))
    rows.append(("the same in CPU time (without other processes' share)", f"{worst_cpu * 1e3:.0f} ms", ""))

    rows += compare_rates(args.baseline, max(50, n_games // 5), 2 if args.quick else 3)
    if args.instructions:
        rows += instruction_rows(args.baseline)
    for policy, (mean, sd, lo, hi) in bot_strength(n_games).items():
        rows.append(
            (f"{policy} solo score over {n_games} games", f"mean {mean:.2f} sd {sd:.2f} [{lo}-{hi}]", "")
        )

    print_table(rows)


if __name__ == "__main__":
    main()
