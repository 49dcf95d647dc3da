"""Speed of the Touring engine and timeline; prints a table.

    python benchmarks/bench_touring.py            # the figures in README.md
    python benchmarks/bench_touring.py --quick    # fewer games, a rough look
"""

from __future__ import annotations

import argparse
import statistics
import time
import timeit

from table import print_table  # benchmarks/table.py, beside this script

from touring_widgets.touring import Rules, Touring, apply, legal_actions, new_game
from touring_widgets.touring.bots import greedy_policy


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


def greedy_games_per_second(games: int) -> tuple[float, float]:
    """Complete greedy-vs-greedy two-player games, on bare states and through ``Touring``."""
    start = time.perf_counter()
    for seed in range(games):
        state = new_game(2, seed, Rules())
        while not state.over:
            state = apply(state, greedy_policy(state, state.turn))
    engine = games / (time.perf_counter() - start)
    start = time.perf_counter()
    for seed in range(games):
        g = Touring(players=["greedy", "greedy"], seed=seed)
        while not g.is_over:
            g.step()
    timeline = games / (time.perf_counter() - start)
    return engine, timeline


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
    args = parser.parse_args()
    games = 100 if args.quick else 1000
    rows: list[tuple[str, str, str]] = []
    decisions = decisions_per_second(1 if args.quick else 3)
    rows.append(("decisions per second (list legal, apply one)", f"{decisions:,.0f}", ""))
    runs = [greedy_games_per_second(games) for _ in range(1 if args.quick else 3)]
    engine = statistics.median(r[0] for r in runs)
    timeline = statistics.median(r[1] for r in runs)
    rows.append(("greedy vs greedy 2-player games/s (states)", f"{engine:,.0f}", "≥ 300 (aim 1,000)"))
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
