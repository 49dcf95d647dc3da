"""How strong and how quick the search bot is, against greedy, in both games; prints a table.

    python benchmarks/bench_bots.py                  # the figures in README.md (long: see --workers)
    python benchmarks/bench_bots.py --quick          # 40 Touring games and 10 On Tour games
    python benchmarks/bench_bots.py --workers 2      # games in a process pool
    python benchmarks/bench_bots.py --against keeper --on-tour 0   # the Touring search against keeper
    python benchmarks/bench_bots.py --against keeper --model keeper --on-tour 0   # its playouts too
    python benchmarks/bench_bots.py --against keeper --redeal informed --results r.json   # re-deals
    python benchmarks/bench_bots.py --against keeper --redeal shown --on-tour 0   # hands shown: a bound
    python benchmarks/bench_bots.py --against keeper --method tree --on-tour 0   # information-set MCTS
    python benchmarks/bench_bots.py --against keeper --touring 100 --first 100   # deals 100-199
    python benchmarks/bench_bots.py --compare a.json,b.json [c.json]   # results, deal by deal

Touring: two players, search against greedy (or ``--against keeper``: its own playout policy, which
it must beat to add anything of its own), seats alternated (game i: search sits at seat i % 2),
the same deals for every run; then keeper alone (the policy the search plays its own seat's
playouts with, and keeps to unless its playouts clearly beat it) on the same deals. On Tour:
solo games, the same seeds played by greedy and by search (paired, so the difference is the
bots' and not the deals'). Every search move is timed in CPU time (``time.process_time``), so
other processes on the machine do not count.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from table import print_table  # benchmarks/table.py, beside this script
from tqdm import tqdm

from touring_widgets.core.stats import normal_interval, wilson
from touring_widgets.core.tree import tree_move
from touring_widgets.on_tour import Rules as OnTourRules
from touring_widgets.on_tour import apply as on_tour_apply
from touring_widgets.on_tour import new_game as on_tour_new_game
from touring_widgets.on_tour import search as on_tour_search
from touring_widgets.on_tour.bots import greedy_policy as on_tour_greedy
from touring_widgets.on_tour.scoring import best_tour
from touring_widgets.touring import Rules as TouringRules
from touring_widgets.touring import apply as touring_apply
from touring_widgets.touring import new_game as touring_new_game
from touring_widgets.touring import search as touring_search
from touring_widgets.touring.bots import greedy_policy as touring_greedy
from touring_widgets.touring.bots import keeper_policy as touring_keeper
from touring_widgets.touring.state import resample as touring_resample
from touring_widgets.touring.state import shuffled


def timed(policy, times: list[float]):
    def play(state, seat):
        start = time.process_time()
        action = policy(state, seat)
        times.append(time.process_time() - start)
        return action

    return play


def touring_game(i: int, playouts: int | None, plies: int | None = None, against: str = "greedy",
                 model: str | None = None, redeal: str | None = None,
                 method: str = "flat", most: int | None = None) -> tuple[bool, list[float]]:
    """Game i: search at seat i % 2 against ``against``; (search won, its move times). ``model``:
    how the search's playouts play the other seats, ``redeal`` how it deals what it cannot see
    (default: the search's own), ``method`` which search (``METHODS``)."""
    if playouts is not None:
        touring_search.PLAYOUTS = playouts
    if plies is not None:
        touring_search.PLIES = plies
    if most is not None:
        touring_search.MOST_PLAYOUTS = most
    if model is not None:
        touring_search.playout_policy = OPPONENTS[model]  # (what the informed re-deal models too)
        touring_search.KIT = replace(touring_search.KIT, playout_policy=OPPONENTS[model])
    if redeal is not None:
        touring_search.KIT = replace(touring_search.KIT, resample=REDEALS[redeal])
    times: list[float] = []
    return touring_deal(i, timed(METHODS[method], times), OPPONENTS[against]), times


def tree_policy(state, seat):
    """The Touring search as information-set Monte Carlo tree search (``core.tree``), on the flat
    search's budget and deals."""
    search = touring_search
    return tree_move(search.KIT, state, seat, f"search/{state.seed}/{state.ply}", search.PLAYOUTS,
                     plies=search.PLIES, most=search.MOST_PLAYOUTS)


def keeper_game(i: int, against: str = "greedy") -> bool:
    """Game i as ``touring_game`` deals it, keeper (the search's own playout policy) in the
    search's seat: whether keeper won. What the search adds is the difference."""
    return touring_deal(i, touring_keeper, OPPONENTS[against])


#: whom the Touring search plays against
OPPONENTS = {"greedy": touring_greedy, "keeper": touring_keeper}


def hands_shown(state, seat: int, seed: int | str):
    """A re-deal that cheats, for measuring only: the other hands and face-down discards as they
    really are, only the draw pile shuffled again. What a search could win if its reasoning about
    the hidden hands were perfect; no bot ever deals so."""
    return replace(state, seed=seed, draw=tuple(shuffled(sorted(state.draw), seed, f"resample/{seat}")))


#: how the Touring search deals again what its seat cannot see: every way alike, with the hand of
#: a seat that just discarded made to agree with that discard, or (an upper bound) the hands shown
REDEALS = {"plain": touring_resample, "informed": touring_search.informed_resample, "shown": hands_shown}
#: the Touring search: playouts of each move by sequential halving, kept to keeper's move unless
#: clearly beaten (the bot), or a tree of the seat's moves (information-set MCTS)
METHODS = {"flat": lambda state, seat: touring_search.search_policy(state, seat), "tree": tree_policy}


def touring_deal(i: int, policy, opponent=touring_greedy) -> bool:
    """Deal i played to the end, ``policy`` at seat i % 2 against ``opponent``: whether it won."""
    seat = i % 2
    policies = [opponent, opponent]
    policies[seat] = policy
    state = touring_new_game(2, f"bots/{i}", TouringRules())
    while not state.over:
        state = touring_apply(state, policies[state.turn](state, state.turn))
    return state.winner == seat


def on_tour_game(i: int, playouts: int | None, search: bool) -> tuple[int, list[float]]:
    """Solo game i by greedy or by search: (final score, the search's move times)."""
    if playouts is not None:
        on_tour_search.PLAYOUTS = playouts
    times: list[float] = []
    policy = timed(on_tour_search.search_policy, times) if search else on_tour_greedy
    state = on_tour_new_game(1, f"bots/{i}", OnTourRules())
    while state.turn is not None:
        state = on_tour_apply(state, policy(state, state.turn))
    return best_tour(state.map(0)).total, times


def spread(times: list[float]) -> str:
    if not times:
        return "-"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"mean {statistics.mean(times):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.3f} s"


def load_results(files: str) -> tuple[dict[int, int], dict[int, int], str]:
    """The results of a run, from ``--results`` files joined by commas: (deal -> search won,
    deal -> keeper alone won, what ran). A file of a bare list (an earlier form) is deals from 0
    on, with no keeper."""
    search: dict[int, int] = {}
    keeper: dict[int, int] = {}
    runs = []
    for name in files.split(","):
        data = json.loads(Path(name).read_text())
        if isinstance(data, list):
            data = {"first": 0, "search": data, "keeper": [], "run": name}
        first = data["first"]
        search.update((first + i, won) for i, won in enumerate(data["search"]))
        keeper.update((first + i, won) for i, won in enumerate(data["keeper"]))
        runs.append(re.sub(r", [\d,]+ games", "", data["run"]))  # one file's count is not the run's
    return search, keeper, " + ".join(dict.fromkeys(runs))


def sign_test(only_a: int, only_b: int) -> float:
    """The exact two-sided p-value of McNemar's test: of the deals only one side won, how unlikely
    so lopsided a split is if either side were as likely to be the one."""
    n = only_a + only_b
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(first: str, second: str | None = None) -> None:
    """Print two sets of results deal by deal: a run's search against keeper alone on the same
    deals, or two runs' searches; only the deals both played count."""
    a, keeper, run_a = load_results(first)
    if second is None:
        b, name_a, name_b, run_b = keeper, "search", "keeper alone", run_a
    else:
        b, _, run_b = load_results(second)
        name_a, name_b = "first run", "second run"
    deals = sorted(a.keys() & b.keys())
    if not deals:
        raise SystemExit("no deal played by both: nothing to compare")
    n = len(deals)
    wins_a, wins_b = sum(a[d] for d in deals), sum(b[d] for d in deals)
    only_a = sum(a[d] > b[d] for d in deals)
    only_b = sum(b[d] > a[d] for d in deals)
    diffs = [a[d] - b[d] for d in deals]
    low, high = normal_interval(statistics.mean(diffs), statistics.variance(diffs), n) if n > 1 else (0, 0)
    rows = [
        (f"{name_a}: {run_a}", f"{wins_a / n:.1%} won", ""),
        (f"{name_b}: {run_b}", f"{wins_b / n:.1%} won", ""),
        (f"deals both played ({deals[0]}-{deals[-1]})", f"{n}", ""),
        ("won by both / by neither", f"{sum(a[d] & b[d] for d in deals)} / {n - wins_a - only_b}", ""),
        (f"won only by the {name_a} / only by the {name_b}", f"{only_a} / {only_b}", ""),
        (f"{name_a} minus {name_b} (paired)",
         f"{(wins_a - wins_b) / n:+.1%} (95% {low:+.1%} to {high:+.1%})", ""),
        ("McNemar's exact test (two-sided p)", f"{sign_test(only_a, only_b):.3f}", ""),
    ]
    print_table(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 Touring games and 10 On Tour games")
    parser.add_argument("--touring", type=int, help="Touring games (default 400)")
    parser.add_argument("--on-tour", type=int, help="On Tour solo games (default 200)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    parser.add_argument("--against", choices=sorted(OPPONENTS), default="greedy",
                        help="the Touring search's opponent (default greedy)")
    parser.add_argument("--model", choices=sorted(OPPONENTS),
                        help="how the Touring search's playouts play its opponent (default greedy)")
    parser.add_argument("--redeal", choices=sorted(REDEALS),
                        help="how the Touring search deals what it cannot see (default: the search's own)")
    parser.add_argument("--first", type=int, default=0,
                        help="the first deal (default 0; --touring 100 --first 100: deals 100-199)")
    parser.add_argument("--method", choices=sorted(METHODS), default="flat",
                        help="the Touring search: flat (the bot, default) or tree (information-set MCTS)")
    parser.add_argument("--results", help="a JSON file for each Touring game's result (1: the search won)")
    parser.add_argument("--touring-playouts", type=int, help="the Touring search budget (default PLAYOUTS)")
    parser.add_argument(
        "--touring-plies", type=int, help="moves played out a Touring search move may buy (default PLIES)"
    )
    parser.add_argument("--touring-most", type=int,
                        help="the most playouts a Touring search move may buy (default MOST_PLAYOUTS)")
    parser.add_argument("--on-tour-playouts", type=int, help="the On Tour search budget (default PLAYOUTS)")
    parser.add_argument("--compare", nargs="+", metavar="FILES",
                        help="compare --results files deal by deal and stop: one run (its search against"
                        " keeper alone) or two (the first's search against the second's); a run given"
                        " as several files joined by commas (a.json,b.json) counts them together")
    args = parser.parse_args()
    if args.compare:
        if len(args.compare) > 2:
            parser.error("--compare takes one run or two (join a run's files with commas)")
        compare(*args.compare)
        return
    n_touring = args.touring if args.touring is not None else 40 if args.quick else 400
    n_on_tour = args.on_tour if args.on_tour is not None else 10 if args.quick else 200
    tp = args.touring_playouts or touring_search.PLAYOUTS
    plies = args.touring_plies if args.touring_plies is not None else touring_search.PLIES
    op = args.on_tour_playouts or on_tour_search.PLAYOUTS
    most = args.touring_most or touring_search.MOST_PLAYOUTS

    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        def run(what: str, fn, n: int, *more) -> list:
            games = pool.map(fn, range(args.first, args.first + n), *([m] * n for m in more))
            done = []
            with tqdm(games, total=n, desc=what, unit="game", file=sys.stderr) as bar:
                for game in bar:
                    done.append(game)
                    if isinstance(game[0], bool):  # Touring: the search's share of wins so far
                        bar.set_postfix(won=f"{sum(won for won, _ in done) / len(done):.1%}")
            return done

        touring = run(f"Touring, search vs {args.against}", touring_game, n_touring, tp, plies, args.against,
                      args.model, args.redeal)
        greedy = run("On Tour, greedy", on_tour_game, n_on_tour, op, False)
        search = run("On Tour, search", on_tour_game, n_on_tour, op, True)
    wall = time.perf_counter() - start

    rows = []
    if n_touring:
        wins = sum(won for won, _ in touring)
        low, high = wilson(wins, n_touring)
        times = [t for _, ts in touring for t in ts]
        rows += [
            (f"Touring, {'tree ' if args.method == 'tree' else ''}search ({tp}-{most} playouts,"
             f" {plies:,} moves played out"
             f" a move{f', playouts modelling the opponent as {args.model}' if args.model else ''}"
             f"{f', {args.redeal} re-deals' if args.redeal else ''}) vs"
             f" {args.against}, {n_touring} games, seats alternated",
             f"{wins / n_touring:.1%} won (95% {low:.1%}-{high:.1%})",
             ">= 55% of 1,000" if args.against == "keeper" else ">= 70% of 400"),
            ("Touring, CPU time a search move", spread(times), "<= 1 s"),
        ]
        keeper = [keeper_game(i, args.against) for i in range(args.first, args.first + n_touring)]
        kept = sum(keeper)
        if args.results:
            Path(args.results).write_text(json.dumps({
                "run": rows[-2][0], "first": args.first,
                "search": [int(won) for won, _ in touring], "keeper": [int(won) for won in keeper],
            }))
        low, high = wilson(kept, n_touring)
        rows.append((f"Touring, keeper alone (the search's own playout policy) vs {args.against}, the same"
                     f" {n_touring} deals", f"{kept / n_touring:.1%} won (95% {low:.1%}-{high:.1%})", ""))
    if n_on_tour:
        g_scores = [s for s, _ in greedy]
        s_scores = [s for s, _ in search]
        diffs = [s - g for s, g in zip(s_scores, g_scores)]
        half = float("nan")
        if len(diffs) > 1:
            low, high = normal_interval(statistics.mean(diffs), statistics.variance(diffs), len(diffs))
            half = (high - low) / 2
        times = [t for _, ts in search for t in ts]
        rows += [
            (f"On Tour solo, greedy mean score, {n_on_tour} games", f"{statistics.mean(g_scores):.2f}", ""),
            (f"On Tour solo, search ({op} playouts) mean score, same seeds",
             f"{statistics.mean(s_scores):.2f}", ""),
            ("On Tour solo, search minus greedy (paired)",
             f"{statistics.mean(diffs):+.2f} (95% ±{half:.2f})", ">= +3"),
            ("On Tour, CPU time a search move", spread(times), ""),
        ]
    rows.append(("wall-clock time of the whole run", f"{wall:.0f} s with {args.workers} process(es)", ""))
    print_table(rows)


if __name__ == "__main__":
    main()
