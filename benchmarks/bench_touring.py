"""Speed of the Touring engine and timeline; prints a table.

    python benchmarks/bench_touring.py                  # the figures in README.md
    python benchmarks/bench_touring.py --quick          # fewer games, a rough look
    python benchmarks/bench_touring.py --baseline REV   # compare greedy games/s with REV (default a0bae5e)
    python benchmarks/bench_touring.py --instructions   # also count a game's instructions (valgrind)

The baseline is the package at REV (``git archive``), timed in a subprocess in the same run, in
rounds taken in turn with this engine's (this engine judged, as playouts, the baseline, and again),
each figure the best of its rounds: a shared machine's speed changes from one minute to the next
(by half, on the machine of the README's figures), and rounds in turn see the same changes.
Wall-clock and CPU-time (``time.process_time``) rates are both shown. ``--instructions`` adds the
one figure that does not move with the machine: the instructions a game takes, counted by
valgrind's callgrind (60 games after 150, so that starting Python counts for nothing), for this
engine and the baseline.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
import timeit
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from instructions import instructions_each  # benchmarks/instructions.py, beside this script
from table import print_table  # benchmarks/table.py, beside this script

from touring_widgets.touring import Rules, Touring, apply, legal_actions
from touring_widgets.touring.bots import greedy_policy

# A baseline engine is imported here too (``--measure-engine``): early ones dealt with
# ``deal(players, rules, seed)`` and asked greedy for the state alone.
try:
    from touring_widgets.touring import new_game
except ImportError:
    from touring_widgets.touring.state import deal

    def new_game(players: int, seed: int | str, rules: Rules) -> Any:
        return deal(players, rules, seed)

if len(inspect.signature(greedy_policy).parameters) == 1:
    _greedy_alone = greedy_policy

    def greedy_policy(state: Any, seat: int) -> Any:
        return _greedy_alone(state)


def decisions_per_second(seconds: float) -> float:
    """List the legal actions and apply one (the first play, else the first discard)."""
    count, seed = 0, 0
    state = new_game(2, seed, Rules())
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            if state.over:
                seed += 1
                state = new_game(2, seed, Rules())
            actions = legal_actions(state)
            state = apply(state, actions[count % len(actions)])
            count += 1
    return count / (time.perf_counter() - start)


BASELINE = "a0bae5e"  # the engine before the speed work
REPO = Path(__file__).resolve().parent.parent


try:  # a playout's step: the move a policy chose among the legal ones, not judged again
    from touring_widgets.touring.moves import advance
except ImportError:  # (a baseline from before there was one judges every move)
    advance = apply


def engine_games_per_second(games: int, judged: bool = True) -> tuple[float, float]:
    """Complete greedy-vs-greedy two-player games on bare states: (wall-clock, CPU) games/s.
    ``judged``: each move goes through ``apply``, as a user's would; else as playouts and
    ``Game.play()`` move (``advance``)."""
    step = apply if judged else advance
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        state = new_game(2, seed, Rules())
        while not state.over:
            state = step(state, greedy_policy(state, state.turn))
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def timeline_games_per_second(games: int) -> float:
    """Complete greedy-vs-greedy two-player games through ``Touring.step``, wall-clock games/s."""
    start = time.perf_counter()
    for seed in range(games):
        g = Touring(players=["greedy", "greedy"], seed=seed)
        while not g.is_over:
            g.step()
    return games / (time.perf_counter() - start)


def best_engine_rate(games: int, runs: int, judged: bool = True) -> tuple[float, float]:
    """The best of ``runs`` timings (the one least disturbed by other work): (wall, CPU) games/s."""
    engine_games_per_second(min(games, 20))  # warm the caches, as a search's playouts would
    rates = [engine_games_per_second(games, judged) for _ in range(runs)]
    return max(r[0] for r in rates), max(r[1] for r in rates)


@contextmanager
def baseline_package(rev: str) -> Iterator[str | None]:
    """A folder holding the package at git revision ``rev``, or None when git or the revision is
    not there."""
    with tempfile.TemporaryDirectory(prefix="touring-baseline-") as tmp:
        try:
            archive = subprocess.run(
                ["git", "-C", str(REPO), "archive", "--format=tar", rev, "touring_widgets"],
                capture_output=True, check=True, timeout=60,
            ).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                tar.extractall(tmp, filter="data")
        except (OSError, subprocess.SubprocessError, tarfile.TarError):
            yield None
            return
        yield tmp


def baseline_rate(folder: str, games: int, runs: int) -> tuple[float, float] | None:
    """``best_engine_rate`` of the package in ``folder`` (``baseline_package``), in a
    subprocess; None when it cannot run."""
    env = {**os.environ, "PYTHONPATH": folder}
    command = [sys.executable, __file__, "--measure-engine", str(games), str(runs)]
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=1800)
        wall, cpu = json.loads(done.stdout.splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        return None
    return wall, cpu


def play_games(games: int, judged: bool) -> None:
    """Greedy-vs-greedy two-player games, seeds 0 to ``games`` - 1 (what valgrind counts)."""
    step = apply if judged else advance
    for seed in range(games):
        state = new_game(2, seed, Rules())
        while not state.over:
            state = step(state, greedy_policy(state, state.turn))


def instructions_a_game(judged: bool, folder: str | None = None) -> float | None:
    """The instructions one game takes (of the package in ``folder``, else this one), counted by
    callgrind as the difference between 210 games and 150; None without valgrind."""
    return instructions_each(__file__, ["--play", "judged" if judged else "playouts"], 150, 210, folder)


def game_of_length(length: int) -> Touring:
    """A real game with ``length`` moves: both seats only discard, so nobody ever wins."""
    g = Touring(players=["human", "human"], seed=1)
    for _ in range(length):
        g.step(f"discard {g.hand(g.turn)[0]}")
    return g


def timeline_costs(length: int, rounds: int = 2000) -> dict[str, float]:
    """Microseconds per undo, redo and fork at the end of a game with ``length`` moves.

    Undos and redos are timed apart: each round undoes ``steps`` moves, then redoes them.
    """
    g = game_of_length(length)
    steps = min(length, 10)
    undo = redo = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(steps):
            g.undo()
        middle = time.perf_counter()
        for _ in range(steps):
            g.redo()
        undo += middle - start
        redo += time.perf_counter() - middle
    assert g.position == length
    calls = rounds * steps
    fork = min(timeit.repeat(g.fork, number=calls, repeat=5)) / calls
    return {"undo": undo / calls * 1e6, "redo": redo / calls * 1e6, "fork": fork * 1e6}


def win_rate(games: int) -> float:
    wins = 0
    for seed in range(games):
        seat = seed % 2
        players = ["random", "random"]
        players[seat] = "greedy"
        g = Touring(players=players, seed=seed)
        while not g.is_over:
            g.step()
        wins += seat in g.winners
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and shorter timings")
    parser.add_argument("--baseline", default=BASELINE, metavar="REV",
                        help=f"git revision to compare greedy games/s with (default {BASELINE})")
    parser.add_argument("--instructions", action="store_true",
                        help="count a game's instructions with valgrind, here and in the baseline")
    parser.add_argument("--measure-engine", nargs=2, type=int, metavar=("GAMES", "RUNS"),
                        help=argparse.SUPPRESS)  # the baseline's subprocess: print JSON and stop
    parser.add_argument("--play", nargs=2, metavar=("HOW", "GAMES"), help=argparse.SUPPRESS)  # for valgrind
    args = parser.parse_args()
    if args.measure_engine:
        print(json.dumps(best_engine_rate(*args.measure_engine)))
        return
    if args.play:
        play_games(int(args.play[1]), args.play[0] == "judged")
        return
    games = 100 if args.quick else 1000
    runs = 4 if args.quick else 8
    rows: list[tuple[str, str, str]] = []
    decisions = decisions_per_second(1 if args.quick else 3)
    rows.append(("decisions per second (list legal, apply one)", f"{decisions:,.0f}", ""))
    # Rounds in turn, each figure the best of its rounds, so all three see the same machine.
    judged, playouts, base = [], [], []
    engine_games_per_second(min(games, 20))  # warm the caches, as a search's playouts would
    with baseline_package(args.baseline) as folder:
        for _ in range(runs):
            judged.append(engine_games_per_second(games))
            playouts.append(engine_games_per_second(games, judged=False))
            measured = baseline_rate(folder, games, 1) if folder else None
            if measured:
                base.append(measured)
    wall, cpu = max(w for w, _ in judged), max(c for _, c in judged)
    old = (max(w for w, _ in base), max(c for _, c in base)) if base else None
    rows.append(("greedy vs greedy 2-player games/s (states)", f"{wall:,.0f}", "≥ 300 (aim 1,000)"))
    rows.append(("  the same, CPU time", f"{cpu:,.0f}", "≥ 1,000"))
    if old is None:
        rows.append((f"  baseline {args.baseline}", "unavailable", "baseline unavailable"))
    else:
        rows.append((f"  baseline {args.baseline} (states)", f"{old[0]:,.0f}", ""))
        rows.append((f"  baseline {args.baseline}, CPU time", f"{old[1]:,.0f}", ""))
        rows.append(("  speed-up over the baseline (wall, CPU)", f"{wall / old[0]:.2f}× {cpu / old[1]:.2f}×",
                     "≥ 4×"))
    playout_cpu = max(c for _, c in playouts)
    row = f"{playout_cpu:,.0f}" if old is None else f"{playout_cpu:,.0f} ({playout_cpu / old[1]:.2f}×)"
    rows.append(("  the same as playouts run them (moves judged when listed), CPU", row, "≥ 1,000"))
    if args.instructions:
        with baseline_package(args.baseline) as folder:
            theirs = instructions_a_game(True, folder) if folder else None
        for judged, how in ((True, "judged"), (False, "as playouts")):
            mine = instructions_a_game(judged)
            if mine is None:
                rows.append((f"instructions a game, {how} (valgrind)", "valgrind unavailable", ""))
                continue
            ratio = f" ({theirs / mine:.2f}× fewer than {theirs / 1e6:.2f} M)" if theirs else ""
            rows.append((f"instructions a game, {how} (valgrind: 60 games after 150; {args.baseline} judged)",
                         f"{mine / 1e6:.2f} M{ratio}", ""))
    timeline = timeline_games_per_second(games)
    rows.append(("greedy vs greedy 2-player games/s (Touring.step)", f"{timeline:,.0f}", ""))
    for length in (10, 10_000):
        costs = timeline_costs(length)
        for op in ("undo", "redo", "fork"):
            target = "fork within 2× of undo"
            rows.append((f"{op} at history length {length:,} (µs)", f"{costs[op]:.2f}", target))
    rows.append((f"greedy beats random, {games:,} 2-player games", f"{win_rate(games):.1%}", "≥ 90%"))
    print_table(rows)


if __name__ == "__main__":
    main()
