"""How turns run on a board, declared by each game's session (``turns = ...``).

- ``OneAfterAnother``: one seat moves at a time; a board plays for its own seat when that seat is
  to move, and after a move made on it the bots answer one at a time at the board's pace.
- ``EverySeatAtOnce``: every seat writes in the same turn; a board writes for its seat whenever
  that seat has not written yet, while others still write, and the bots answer at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalAction


class OneAfterAnother:
    """Seats move one after another: the seat to move is the only one that may."""

    def acting_seat(self, session: Any) -> int | None:
        """The seat a move made on the board is for: its own, or in the teacher's view the one to move."""
        return session.game.turn if session.seat is None else session.seat

    def plays_now(self, session: Any) -> bool:
        """Whether the board may move now: its seat is to move (any seat in the teacher's view)."""
        game = session.game
        return not game.is_over and (session.seat is None or session.seat == game.turn)

    def legal(self, session: Any) -> Any:
        """What the board may play now: the action texts of its choices."""
        return [c["action"] for c in session.choices]

    def answer(self, session: Any) -> None:
        """After a move made on the board: bot seats answer by themselves, at the board's pace,
        until a human is to move. A game without human seats moves only when asked."""
        if session.has_human():
            session.start_run(until_end=False)


class EverySeatAtOnce:
    """Every seat writes in the same turn; the turn ends once all have written.

    ``acted(state, seat)``: whether ``seat`` has written this turn; ``turn(state)``: which turn it
    is (the bots' answer ends where the next begins).
    """

    def __init__(self, acted: Callable[[Any, int], bool], turn: Callable[[Any], Any]) -> None:
        self.acted = acted
        self.turn = turn

    def acting_seat(self, session: Any) -> int | None:
        """The seat this board writes for: its own, or in the teacher's view the next still to write."""
        return session.game.turn if session.seat is None else session.seat

    def plays_now(self, session: Any) -> bool:
        """Whether the board may write now: its seat has not written this turn."""
        game = session.game
        if game.is_over:
            return False
        seat = self.acting_seat(session)
        return seat is not None and not self.acted(game.state, seat)

    def legal(self, session: Any) -> Any:
        """The acting seat's legal actions (lazy; ``in`` takes text), or none."""
        if not self.plays_now(session):
            return []
        return session.game.legal_actions(self.acting_seat(session))

    def answer(self, session: Any) -> None:
        """The bots write this turn now, every one that has not written (a human never waits for
        them), shown as one change; the next turn waits for the humans again. A game without human
        seats moves only when asked."""
        game = session.game
        if not session.has_human():
            return
        session.stop_run()
        if not game.is_over and any(not self.acted(game.state, p) and name != "human"
                                    for p, name in enumerate(game.players)):
            session.answer_soon(lambda: self._write_bots(session))

    def _write_bots(self, session: Any) -> None:
        game = session.game
        turn = self.turn(game.state)
        failed: tuple[str, str] | None = None
        with session.quiet():
            while not game.is_over and self.turn(game.state) == turn:
                state = game.state
                bots = [p for p in range(len(game.players))
                        if not self.acted(state, p) and game.players[p] != "human"]
                if not bots:
                    break
                seat = bots[0]
                try:
                    action = game.policies[game.players[seat]](state, seat)
                    if action is None:  # step(None) would let the seat to move write by its own policy
                        raise game.why(action).error()
                    game.step(action)
                except IllegalAction as exc:
                    failed = (str(exc), exc.rule or "")
                    break
                except Exception as exc:  # the seat's policy failed: the user's code, not a fault of ours
                    failed = (session.policy_failed(seat, exc), "")
                    break
        session.follow()
        if failed is not None:  # said after the board follows the game, which clears the message line
            session.say(failed[0], error=True, rule=failed[1])
