"""Nim on the shared game layer: engine, game, search kit, demos, board and spec, in one file."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from touring_widgets.core.demo import Script
from touring_widgets.core.game import Game
from touring_widgets.core.legal import LegalActions
from touring_widgets.core.registry import GameSpec
from touring_widgets.core.search import SearchKit
from touring_widgets.core.switches import RuleSwitches
from touring_widgets.core.verdict import Verdict, refused
from touring_widgets.errors import IllegalAction
from touring_widgets.widgets import Board

TAKES = ("take 1", "take 2", "take 3")


@dataclass(frozen=True, slots=True)
class NimRules(RuleSwitches):
    most: int = 3


@dataclass(frozen=True, slots=True)
class NimState:
    rules: NimRules
    players: int
    pile: int
    turn: int = 0
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def new_state(players: int, seed: Any, rules: NimRules) -> NimState:
    return NimState(rules, players, random.Random(f"nim/{seed}").randint(12, 20))


def read(action: Any) -> str:
    if action not in TAKES:
        shown = repr(str(action)[:20])
        raise IllegalAction(f"cannot read {shown}: write 'take 1', 'take 2' or 'take 3' (N-TAKE)", "N-TAKE")
    return action


def explain(state: NimState, action: Any) -> Verdict:
    try:
        action = read(action)
    except IllegalAction as exc:
        return Verdict(str(action)[:60], False, exc.rule or "", str(exc))
    if state.over:
        return refused(action, "N-WIN", "the game is over")
    if int(action[-1]) > state.pile:
        return refused(action, "N-TAKE", f"the pile holds only {state.pile}")
    return Verdict(action, True, "N-TAKE", "takes stones from the pile (N-TAKE)")


def apply(state: NimState, action: str) -> NimState:
    pile = state.pile - int(action[-1])
    return replace(state, pile=pile, turn=(state.turn + 1) % state.players,
                   winner=state.turn if pile == 0 else None)


def legal(state: NimState) -> list[str]:
    return [] if state.over else [a for a in TAKES if int(a[-1]) <= state.pile]


def greedy(state: NimState, seat: int) -> str:
    """Leave a multiple of four when it can, else take one."""
    take = state.pile % 4
    return f"take {take}" if take else "take 1"


def careless(state: NimState, seat: int) -> str:
    return legal(state)[-1]


def narrate(before: NimState, action: str, after: NimState, seat: int | None) -> str:
    won = f"; seat {before.turn} took the last stone and wins (N-WIN)" if after.over else ""
    return f"Seat {before.turn} takes {action[-1]}: {after.pile} left (N-TAKE){won}."


def position(game: Nim, scenario: Any) -> tuple[dict[str, Any], NimState]:
    if not isinstance(scenario, dict) or set(scenario) != {"pile"}:
        raise IllegalAction("a Nim scenario is {'pile': stones} (N-PILE)", "N-PILE")
    pile = scenario["pile"]
    if type(pile) is not int or not 1 <= pile <= 40:
        raise IllegalAction(f"a pile of {pile!r} stones: 1 to 40 (N-PILE)", "N-PILE")
    return {"pile": pile}, replace(game.state, pile=pile)


class Nim(Game):
    game_name = "nim"
    title = "Nim"
    seat_range = (2, 4)
    players_rule = "N-PLAYERS"
    rules_type = NimRules
    policies: ClassVar[dict[str, Any]] = {"human": greedy, "greedy": greedy, "careless": careless}

    _new_state = staticmethod(new_state)

    @staticmethod
    def _resample(state: NimState, seat: int, seed: Any) -> NimState:
        return state  # nothing is hidden

    def _read(self, state: NimState, action: Any) -> str:
        return read(action)

    def _apply(self, state: NimState, action: str) -> NimState:
        verdict = explain(state, action)
        if not verdict.legal:
            raise verdict.error()
        return apply(state, action)

    def _explain(self, state: NimState, action: Any) -> Verdict:
        return explain(state, action)

    def _legal(self, state: NimState) -> LegalActions:
        return LegalActions(None if state.over else state.turn, lambda: iter(legal(state)),
                            lambda a: explain(state, a).legal)

    def _turn(self, state: NimState) -> int | None:
        return None if state.over else state.turn

    def _winners(self, state: NimState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def _end_rule(self, state: NimState) -> str:
        return "N-WIN"

    def _view(self, state: NimState, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "players": list(self.players), "turn": self._turn(state), "pile": state.pile,
                "over": state.over, "winners": self._winners(state)}

    def _draw(self, state: NimState) -> str:
        return f"Nim: {state.pile} stones" + ("" if not state.over else f", won by seat {state.winner}")


class NimBoard(Board):
    """Nim's board: what a move is in words and a picture; the shared board does the rest."""

    game_title = "Nim"

    def describe_move(self, before: NimState, action: str) -> dict[str, Any]:
        return {"seat": before.turn, "text": f"Seat {before.turn} took {action[-1]}"}

    def picture(self) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{self.view["pile"]} stones</text></svg>'


KIT = SearchKit(
    kind="chance to win", bounds=(0.0, 1.0), cap=100, trust=0.0, resample=Nim._resample,
    candidates=lambda state, seat: legal(state), shortlist=lambda state, seat: legal(state), apply=apply,
    turn=lambda state: None if state.over else state.turn, own_policy=greedy, playout_policy=greedy,
    value=lambda state, seat: 1.0 if state.winner == seat else 0.0, capped_value=lambda state, seat: 0.0,
)

def at_pile(stones: int) -> Nim:
    """A two-seat game starting from a pile of ``stones``."""
    game = Nim(players=["human", "human"], seed=1)
    game.start_from({"pile": stones})
    return game


SCRIPTS = (
    Script("N-TAKE", "Take one to three stones", "Seat 0 takes three; seat 1 may not take three of two.",
           lambda: at_pile(5), ("take 3", "take 2"), refused=((1, "take 3"),)),
)

SPEC = GameSpec(
    name="nim", title="Nim", game=Nim, rule_file=Path(__file__).with_name("rules.md"), rule_prefix="N-",
    narrate=narrate, position=position, search=KIT,
    counts=lambda game: {"stones": game.states().__next__().pile},
    simulate_players=2, simulate_cap=100, demos=lambda: SCRIPTS, board=lambda: NimBoard, order=50,
)
