"""Rule demonstrations: for every rule of both games, a game set up just before the rule's moment,
with its scripted line as the game's recorded future and every step narrated with its rule ids.

>>> import touring_widgets as tw
>>> d = tw.demo("T-POP")
>>> d.demo.rule, d.position, len(d.future) == len(d.demo.line)
('T-POP', 0, True)
>>> d.step()                         # replays the scripted line (a redo), not a bot's choice
Action.parse('play populated_area on 1')
>>> "(T-POP)" in d.explain()[-1]
True
>>> len(tw.demos()) >= 41            # every rule id of both games, and the switches
True

``tw.demos`` is this module and is callable: ``tw.demos()`` lists every demonstration (name ->
one line); ``tw.demos.walk(d)`` prints the steps of a demonstration's line one sentence at a time.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any

from ..core.demo import Demo, Refusal, Script
from ..core.registry import specs

__all__ = ["Demo", "Refusal", "Script", "demo", "demos", "make", "steps", "walk"]


def _catalogue() -> dict[str, Script]:
    return {script.name: script for spec in specs() for script in spec.demos()}


def demos() -> dict[str, str]:
    """Every demonstration of every game: name -> its one-line title (games in registry order, each
    in rule-file order)."""
    return {name: script.title for name, script in _catalogue().items()}


def demo(name: str) -> Any:
    """A game positioned just before the moment of rule ``name`` (``"T-POP"``, ``"O-X"``, or a
    switch demonstration such as ``"T-STOP/stack_stops"``), with ``.demo`` describing it.

    ``d.step()`` plays the scripted line (its recorded future); ``d.explain()`` tells the story
    so far. Raises KeyError naming the demonstrations there are.
    """
    catalogue = _catalogue()
    if not isinstance(name, str) or name not in catalogue:
        near = [n for n in catalogue if isinstance(name, str) and n.startswith(name[:2])] or list(catalogue)
        raise KeyError(f"no demonstration {name!r}; there are {', '.join(near)}")
    return make(catalogue[name])


def make(script: Script) -> Any:
    """Build a demonstration: its game at position 0 with the scripted line as its future."""
    game = script.build()
    line = [str(game.step(move)) for move in script.line]
    refused = []
    for position, action, *note in script.refused:
        game.goto(position)
        verdict = game.why(action)
        if verdict.legal:
            raise AssertionError(f"demonstration {script.name}: {action!r} at {position} is legal: {verdict}")
        refused.append(Refusal(action, verdict, position, *note))
    game.goto(0)
    switches = tuple(f"{k}={v!r}" for k, v in game.rules.to_dict().items()
                     if v != type(game.rules)().to_dict()[k] and k != "short_trip")
    if getattr(game.rules, "short_trip", None) is not None and \
            game.rules.short_trip != (game.n_players in (3, 6)):
        switches = (f"short_trip={game.rules.short_trip!r}", *switches)
    game.demo = Demo(
        name=script.name, rule=script.name.split("/")[0], game=game.game_name, title=script.title,
        description=script.description, line=tuple(line), refused=tuple(refused), switches=switches,
    )
    return game


def steps(game: Any) -> Iterator[str]:
    """Step through the rest of ``game``'s line, yielding each step's sentence."""
    while game.future:
        game.step()
        yield game.explain()[-1]


def walk(game: Any) -> None:
    """Print the steps of a demonstration's line one sentence at a time, and each refusal of the
    line at the position where it was tried."""
    refused = getattr(getattr(game, "demo", None), "refused", ())
    def tried_here() -> None:
        for refusal in refused:
            if refusal.position == game.position:
                print(refusal.verdict)
                if refusal.note:
                    print(f"   {refusal.note}")

    tried_here()
    while game.future:
        game.step()
        print(f"{game.position}. {game.explain()[-1]}")
        tried_here()


class _CallableModule(types.ModuleType):
    """``tw.demos`` is this module, and ``tw.demos()`` lists the demonstrations."""

    def __call__(self) -> dict[str, str]:
        return demos()


sys.modules[__name__].__class__ = _CallableModule
