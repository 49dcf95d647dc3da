"""The registry of games: each game declares once, in a ``GameSpec``, everything the shared code
needs of it, and registers it. Shared code asks the registry and never names a game.

A game package registers its spec when imported; the games installed with the package (and any
other distribution's) are found through the ``touring_widgets.games`` entry point group, so
``spec_of("on_tour")`` works before anything imported On Tour.

>>> from touring_widgets.core.registry import spec_of, names
>>> spec_of("touring").title, spec_of("touring").rule_prefix
('Touring', 'T-')
>>> names()
('touring', 'on_tour')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .demo import Script
    from .game import Game
    from .search import SearchKit

#: the entry point group under which a distribution declares its games' specs
GROUP = "touring_widgets.games"


@dataclass(frozen=True)
class ClassWork:
    """What a class needs of a game that each student plays alone on the same deal.

    turn: ``turn(game)``, the turn a student's game is on (from 1).
    standing: ``standing(game)``, its score now under "score", and what else a leaderboard shows.
    picture: ``picture(game, caption)``, the game as an SVG document, the caption above it.
    bots: the policies that play the class's deal alone, for comparison.
    """

    turn: Callable[[Any], int]
    standing: Callable[[Any], dict[str, Any]]
    picture: Callable[[Any, str], str]
    bots: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """What one game is, for the code both games share.

    Attributes:
        name: the game's name in saves, the lab and the demos ("touring").
        title: its name in sentences ("Touring").
        game: its ``Game`` subclass.
        rule_file: the markdown file of its rules; rule_prefix: the prefix of its rule ids ("T-").
        narrate: ``narrate(before, action, after, seat)``, the sentence of one move citing its rules.
        position: ``position(game, scenario)``: a scenario checked, and the state it describes.
        search: what the playout search needs of it (advice and the search bot).
        counts: ``counts(game)``, what a simulation row counts besides seeds, winners and length.
        simulate_players: the seats of a simulation when none are given; simulate_cap: the most
            moves a simulated game may take.
        demos: the demonstration scripts of its rules, in rule-file order (called when needed).
        odds: the lab's exact-odds functions about it, by name.
        session: its board session class (the board's protocol, plain Python; None without a board).
        classwork: what a class needs of it to play one deal, each student alone (None: no class mode).
        board: a function giving its board widget class, imported only when a board is made, so
            the engine and the session run without ipywidgets (None for a game without a board).
        order: where it comes in lists of every game (the demos, the rulebook), lowest first.
    """

    name: str
    title: str
    game: type[Game]
    rule_file: Path
    rule_prefix: str
    narrate: Callable[[Any, Any, Any, int | None], str]
    position: Callable[[Game, Any], tuple[dict[str, Any], Any]]
    search: SearchKit
    counts: Callable[[Game], dict[str, Any]]
    simulate_players: int
    simulate_cap: int
    demos: Callable[[], Sequence[Script]] = tuple
    odds: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    session: type | None = None
    board: Callable[[], type] | None = None
    classwork: ClassWork | None = None
    order: int = 100

    def __repr__(self) -> str:
        return f"<GameSpec {self.name}: {self.title}, rules {self.rule_prefix}…>"


_SPECS: dict[str, GameSpec] = {}
_discovered = False


def register(spec: GameSpec) -> GameSpec:
    """Make a game known to the shared code (again: the newer spec replaces the older); returns it.

    Raises ValueError when another game already has the name's rule prefix, TypeError for a spec
    whose game class names another game.
    """
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register needs a GameSpec, not {type(spec).__name__}")
    if spec.game.game_name != spec.name:
        raise TypeError(f"spec {spec.name!r} declares a game class named {spec.game.game_name!r}")
    for other in _SPECS.values():
        if other.name != spec.name and other.rule_prefix == spec.rule_prefix:
            raise ValueError(f"rule prefix {spec.rule_prefix!r} is {other.name}'s already")
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Forget a game (a game registered for a while, as in a test)."""
    _SPECS.pop(name, None)


def _discover(name: str | None = None) -> None:
    """Load the games declared under the entry point group: the one named ``name``, or all (once)."""
    global _discovered
    if _discovered:
        return
    points = entry_points(group=GROUP)
    if name is not None:
        points = points.select(name=name)
    else:
        _discovered = True
    for point in points:
        if point.name not in _SPECS:
            spec = point.load()
            if spec.name not in _SPECS:
                register(spec)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game, by ``order`` (then in the order they registered)."""
    _discover()
    return tuple(sorted(_SPECS.values(), key=lambda s: s.order))


def names() -> tuple[str, ...]:
    """The names of every registered game."""
    return tuple(s.name for s in specs())


def spec_of(game: Any) -> GameSpec:
    """The spec of a game given by name, class or instance.

    Raises ValueError naming the games there are.
    """
    if isinstance(game, str):
        name = game
    elif isinstance(game, type):
        name = getattr(game, "game_name", None)
    else:
        name = getattr(type(game), "game_name", None)
    if isinstance(name, str) and name not in _SPECS:
        _discover(name)
    if not isinstance(name, str) or name not in _SPECS:
        shown = repr(game)[:60]
        raise ValueError(f"{shown} is not a game: the games are {', '.join(names())} (a name, class or game)")
    return _SPECS[name]
