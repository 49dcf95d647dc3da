"""What each move is worth: playouts of every legal move from a position, on deals the seat
cannot tell from the real one, in this process or on any executor.

>>> import touring_widgets as tw
>>> from touring_widgets import lab
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
>>> table = lab.advise(g, n=4, seed=1, progress=False)
>>> list(table.columns)
['move', 'win_chance', 'low', 'high', 'playouts', 'tied_with_best']
>>> int(table["playouts"].min())
4
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Executor, as_completed
from typing import Any

from ..core.game import Game
from ..core.search import Search, Tally, advice_kit, advice_search, kit_of, results
from .simulate import game_class, need_pandas

#: the column of the estimate, by what a playout is worth
COLUMN = {"chance to win": "win_chance", "expected score": "expected_score"}


def advise(game: Game, seat: int | None = None, n: int = 200, seed: int | str = 0, *,
           executor: Any = None, progress: bool = True, chunk: int | None = None) -> Any:
    """Every legal move of ``seat`` with its estimated worth, best first, as a pandas DataFrame.

    Each of ``n`` deals re-deals every card the seat cannot see (``fork(resample=True)``: the
    other hands, the draw pile, face-down discards; in On Tour the deck order and the dice to
    come), and every move is played out on each deal to the end: by the game's model of an
    opponent (``playout_policy``: greedy) for the other seats that humans play, by its
    ``own_policy`` for the seat (Touring: keeper, greedy that keeps its attacks; On Tour: greedy).
    So the advice never depends on a hidden card, and the same ``seed`` gives the same table
    whatever runs it. A seat another bot plays is played out as that bot (Touring: keeper,
    random; a search seat as keeper, the policy its own playouts use; ``core.search.advice_kit``).
    The table's ``attrs["assumes"]`` says what its figures take for granted of the other seats
    ("if others play as greedy", "if seat 1 plays as keeper"; "" in On Tour, where a seat's score
    is its own).

    Columns: ``move`` (its text), the estimate (``win_chance`` in Touring: the share of playouts
    the seat's team won, T-WIN; ``expected_score`` in On Tour: the mean final score, O-SCORE), a
    95 % interval ``low``..``high`` (Wilson's for a chance, the normal one for a score),
    ``playouts``, and ``tied_with_best``: whether the move's interval overlaps the best move's, so
    that the playouts cannot tell the two apart (the best's own row says whether any other
    move's does; ``core.search.tied_best``). The table's ``attrs["tied"]`` lists the tied moves,
    best first (empty when the best is clearly best). ``executor`` runs chunks of deals in
    parallel (as in ``simulate``).

    Raises ValueError for a finished game, a seat not to move or a bad ``n``.
    """
    need_pandas()  # a clear message before any work when the extra is missing
    from tqdm.auto import tqdm

    if type(n) is not int or n < 1:
        raise ValueError(f"n must be a number of deals (1 or more), not {n!r}")
    search = advice_search(game, seat, seed)
    if executor is not None and hasattr(executor, "get_executor"):
        executor = executor.get_executor()  # a Dask client
    if executor is not None and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    size = chunk or (max(1, n // 16) if executor is not None else max(1, n // 50))
    pieces = [(start, min(n, start + size)) for start in range(0, n, size)]
    spec = {"game": game.game_name, "save": game.to_json(), "seat": search.seat, "seed": search.seed}
    with tqdm(total=n, disable=not progress, desc=f"{game.title} advice", unit="deal") as bar:
        for (start, stop), counts in _run(spec, pieces, executor, search):
            for tally, (count, total, squares) in zip(search.tallies, counts):
                tally.n += count
                tally.total += total
                tally.squares += squares
            bar.update(stop - start)
    search.deals = n
    return table(search)


def table(search: Search) -> Any:
    """The search's moves as a DataFrame, best first (the columns of ``advise``)."""
    pandas = need_pandas()
    rows = list(results(search))
    column = COLUMN[search.kit.kind]
    frame = pandas.DataFrame(rows, columns=["move", "estimate", "low", "high", "playouts", "tied"])
    frame = frame.rename(columns={"estimate": column, "tied": "tied_with_best"})
    frame.attrs.update(kind=search.kit.kind, seat=search.seat, seed=search.seed, deals=search.deals,
                       tied=[row["move"] for row in rows if row["tied"]], assumes=search.kit.assumes)
    return frame


def _chunk(spec: dict[str, Any], start: int, stop: int, search: Search | None = None) -> list[tuple]:
    """Deals ``start``..``stop`` of every move: (playouts, sum, sum of squares) per move."""
    if search is None:
        game = game_class(spec["game"]).from_json(spec["save"])
        search = Search(advice_kit(game, spec["seat"]), game.state, spec["seat"], spec["seed"])
    fresh = Search(search.kit, search.state, search.seat, search.seed, moves=search.moves)
    fresh.deals = start
    fresh.run(stop - start)
    return [(t.n, t.total, t.squares) for t in fresh.tallies]


def _run(spec: dict[str, Any], pieces: list[tuple[int, int]], executor: Any,
         search: Search) -> Iterable[tuple[tuple[int, int], list[tuple]]]:
    if executor is None:
        for start, stop in pieces:
            yield (start, stop), _chunk(spec, start, stop, search)
        return
    futures = {executor.submit(_chunk, spec, start, stop): (start, stop) for start, stop in pieces}
    for future in as_completed(futures):
        yield futures[future], future.result()


__all__ = ["Tally", "advice_search", "advise", "kit_of", "table"]
