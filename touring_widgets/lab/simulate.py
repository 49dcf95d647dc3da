"""Many games played by bots, one row each, at any scale: in this process, in a process pool, or
on a Dask cluster, with the same rows for the same seed whatever runs them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, as_completed
from typing import Any

from ..core.game import Game
from ..core.registry import names, spec_of

EXTRAS = "the probability lab needs pandas and tqdm: pip install 'touring_widgets[lab]'"


def need_pandas() -> Any:
    """The pandas module, or ImportError naming the extra to install."""
    try:
        import pandas
    except ImportError:
        raise ImportError(EXTRAS) from None
    return pandas


def game_class(game: Any) -> type[Game]:
    """The game class named by ``game``: a registered game's name, a game class or a game.

    Raises ValueError naming the games there are.
    """
    if isinstance(game, type) and issubclass(game, Game):
        return game
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, str) and game in names():
        return spec_of(game).game
    choices = ", ".join(repr(n) for n in names())
    raise ValueError(f"game must be {choices}, a game class or a game, not {game!r}")


def play_one(spec: dict[str, Any], index: int) -> dict[str, Any]:
    """One simulated game as a row: its seed, who won, how long it took, and what it counts."""
    cls = game_class(spec["game"])
    seed = f"{spec['seed']}/{index}"
    if spec["position"] is not None:
        game = cls.from_json(spec["position"]).fork(resample=True, seed=seed, seat=spec["seat"])
    else:
        rules = cls.rules_type.from_dict(spec["rules"]) if spec["rules"] is not None else None
        game = cls(players=spec["players"], seed=seed, rules=rules)
    start = game.position
    game.play(max_plies=spec["cap"])
    row: dict[str, Any] = {
        "seed": seed,
        "winners": "&".join(map(str, game.winners)),
        "plies": game.position - start,
        "capped": not game.is_over,
    }
    row.update(spec_of(game).counts(game))
    if spec["count"] is not None:
        row.update(spec["count"](game))
    return row


def _chunk(spec: dict[str, Any], indices: list[int]) -> list[tuple[int, dict[str, Any]]]:
    return [(i, play_one(spec, i)) for i in indices]


def simulate(
    game: Any,
    n: int,
    seed: int | str = 0,
    *,
    players: Any = None,
    rules: Any = None,
    executor: Any = None,
    progress: bool = True,
    cap: int | None = None,
    count: Callable[[Game], dict[str, Any]] | None = None,
    chunk: int | None = None,
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
) -> Any:
    """Play ``n`` games with bots and return a pandas DataFrame, one row per game, in order.

    Args:
        game: a game's name (``"touring"``, ``"on_tour"``) or class for games from the deal; or a game
            in progress, to play ``n`` games on from its position, each with everything the
            seat to move cannot see dealt again ("what if", ``fork(resample=True)``).
        seed: every game's seed is ``f"{seed}/{i}"`` (the ``seed`` column), so any row can be
            replayed alone, and the same seed gives the same rows whatever runs them.
        players, rules: as for the game's class (default: the game's ``simulate_players``
            greedy seats: 2 in Touring, 1 in On Tour).
        executor: a ``concurrent.futures.Executor`` (a process pool, or a Dask client's
            ``get_executor()``; a Dask ``Client`` works as it is) to run chunks of games in parallel.
        progress: a progress bar (tqdm) in notebooks and terminals.
        cap: the most moves a game may take (default: the game's ``simulate_cap``); a game cut
            there has ``capped`` True and no winner.
        count: ``count(game) -> dict`` adds what a lesson counts to every row (a module-level
            function when an executor runs in other processes).
        on_rows: called with the new rows as chunks finish (to update a chart live).

    Raises ValueError for bad arguments and ImportError naming the extra when pandas is missing.
    """
    pandas = need_pandas()
    from tqdm.auto import tqdm

    cls = game_class(game)
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a number of games, not {n!r}")
    position = seat = None
    if isinstance(game, Game):
        position, seat = game.to_json(), game.turn
        players, rules = list(game.players), game.rules
    elif players is None:
        players = spec_of(cls).simulate_players
    cls.check_players(players)
    if rules is not None and not isinstance(rules, cls.rules_type):
        raise TypeError(f"rules must be a {cls.game_name} Rules, not {type(rules).__name__}")
    spec = {
        "game": cls.game_name,
        "players": list(players) if not isinstance(players, int) else players,
        "rules": None if rules is None else json.loads(json.dumps(rules.to_dict())),
        "seed": seed,
        "cap": spec_of(cls).simulate_cap if cap is None else cap,
        "position": position,
        "seat": seat,
        "count": count,
    }
    if executor is not None and hasattr(executor, "get_executor"):
        executor = executor.get_executor()  # a Dask client
    if executor is not None and not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    size = chunk or (max(1, min(200, n // 16)) if executor is not None else max(1, min(50, n // 100)))
    pieces = [list(range(start, min(n, start + size))) for start in range(0, n, size)]
    rows: dict[int, dict[str, Any]] = {}
    with tqdm(total=n, disable=not progress, desc=f"{cls.title} games", unit="game") as bar:
        for done in _run(spec, pieces, executor):
            rows.update(done)
            bar.update(len(done))
            if on_rows is not None:
                on_rows([row for _, row in done])
    return pandas.DataFrame([rows[i] for i in range(n)])


def _run(spec: dict[str, Any], pieces: list[list[int]], executor: Any) -> Iterable[list[tuple[int, dict]]]:
    if executor is None:
        for piece in pieces:
            yield _chunk(spec, piece)
        return
    futures = [executor.submit(_chunk, spec, piece) for piece in pieces]
    for future in as_completed(futures):
        yield future.result()
