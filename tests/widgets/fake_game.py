"""A tiny game on the shared game layer, to test the board machinery alone: seats take turns
adding 1 or 2 to a running total; whoever reaches the goal wins."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from touring_widgets.core.game import Game
from touring_widgets.core.legal import LegalActions
from touring_widgets.core.switches import RuleSwitches
from touring_widgets.core.verdict import Verdict, refused
from touring_widgets.errors import IllegalAction
from touring_widgets.widgets.session import BoardSession


@dataclass(frozen=True, slots=True)
class RaceRules(RuleSwitches):
    goal: int = 9


@dataclass(frozen=True, slots=True)
class RaceState:
    rules: RaceRules
    players: int
    total: int = 0
    turn: int = 0
    last: tuple[int, str] | None = None
    winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None


def _read(action: Any) -> str:
    if action not in ("add 1", "add 2"):
        raise IllegalAction(f"cannot read {str(action)[:20]!r}: write 'add 1' or 'add 2' (R-ADD)", "R-ADD")
    return action


def _greedy(state: RaceState, seat: int) -> str:
    return "add 2" if state.total + 2 <= state.rules.goal else "add 1"


class Race(Game):
    game_name = "race"
    title = "Race"
    seat_range = (2, 4)
    players_rule = "R-PLAYERS"
    rules_type = RaceRules
    policies: ClassVar[dict[str, Any]] = {"human": _greedy, "greedy": _greedy}

    @staticmethod
    def _new_state(players: int, seed: Any, rules: RaceRules) -> RaceState:
        return RaceState(rules, players)

    def _read(self, state: RaceState, action: Any) -> str:
        return _read(action)

    def _apply(self, state: RaceState, action: str) -> RaceState:
        verdict = self._explain(state, action)
        if not verdict.legal:
            raise verdict.error()
        total = state.total + int(action[-1])
        winner = state.turn if total == state.rules.goal else None
        return replace(state, total=total, turn=(state.turn + 1) % state.players, last=(state.turn, action),
                       winner=winner)

    def _explain(self, state: RaceState, action: Any) -> Verdict:
        try:
            action = _read(action)
        except IllegalAction as exc:
            return Verdict(str(action)[:60], False, exc.rule or "", str(exc))
        if state.total + int(action[-1]) > state.rules.goal:
            return refused(action, "R-GOAL", f"the total may not pass {state.rules.goal}")
        return Verdict(action, True, "R-ADD", "adds to the total (R-ADD)")

    def _legal(self, state: RaceState) -> LegalActions:
        def generate():
            return (a for a in ("add 1", "add 2") if self._explain(state, a).legal)

        return LegalActions(None if state.over else state.turn, generate,
                            lambda a: self._explain(state, a).legal)

    def _turn(self, state: RaceState) -> int | None:
        return None if state.over else state.turn

    def _winners(self, state: RaceState) -> list[int]:
        return [] if state.winner is None else [state.winner]

    def _end_rule(self, state: RaceState) -> str:
        return "R-WIN"

    def _view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "players": list(self.players), "turn": state.turn, "total": state.total,
                "goal": state.rules.goal, "over": state.over, "winners": self._winners(state)}

    def _narrate(self, before: RaceState, action: str, after: RaceState, seat: int | None) -> str:
        won = f"; seat {before.turn} wins (R-WIN)" if after.over else ""
        return f"Seat {before.turn} adds {action[-1]}: the total is {after.total} (R-ADD){won}."

    def _draw(self, state: RaceState) -> str:
        return f"Race to {state.rules.goal}: {state.total}"


class RaceSession(BoardSession):
    """The smallest session: the shared one does everything but say where a move goes."""

    game_title = "Race"

    def legal_choices(self) -> list[dict[str, Any]]:
        return [{"action": a, "add": int(a[-1])} for a in self.game.legal_actions()]

    def describe_move(self, before: RaceState, action: str) -> dict[str, Any]:
        return {"seat": before.turn, "text": f"Seat {before.turn} added {action[-1]}"}


@functools.cache
def race_board() -> type:
    """The smallest board: the widget over ``RaceSession`` (made on first use, so that the session
    alone runs without ipywidgets)."""
    from touring_widgets.widgets.base import Board

    class RaceBoard(Board):
        session_type = RaceSession

        def picture(self) -> str:
            v = self.view
            text = f"<text>total {v['total']} of {v['goal']}</text>"
            return f'<svg xmlns="http://www.w3.org/2000/svg">{text}</svg>'

    return RaceBoard


def __getattr__(name: str) -> Any:
    if name == "RaceBoard":
        return race_board()
    raise AttributeError(name)
