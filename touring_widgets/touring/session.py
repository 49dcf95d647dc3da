"""The protocol of a Touring board, in plain Python: where a card goes, which cards cannot be
played and why, a move in words.

>>> import touring_widgets as tw
>>> session = TouringSession(tw.Touring(players=["human", "greedy"], seed=7), seat=0)
>>> session.state["choices"][0]
{'action': 'play go', 'kind': 'play', 'card': 'go', 'target': None, 'team': 0, 'column': 'go'}

The machinery (messages, revisions, pacing, forks) is the shared ``widgets.BoardSession``; this
file says only what is Touring's.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalAction
from ..widgets.protocol import Refusal
from ..widgets.session import BoardSession
from .actions import read_action
from .facts import CARDS, MILEAGE
from .view import action_text, card_name

#: Cards played on another seat's table.
ATTACKS = ("road attack", "stopping delay", "mileage delay")


def column_of(card: str, rules: Any) -> str:
    """The column of a tableau a card lands on or acts on: a mileage pile, "freeway" or "go".

    A mileage delay acts on the pile it takes a card from (T-LOSS).
    """
    if card in MILEAGE:
        return card
    kind = CARDS[card].kind
    if kind == "mileage delay":
        return rules.loss_value(card)
    if card == "freeway" or kind == "road attack":
        return "freeway"
    return "go"


class TouringSession(BoardSession):
    """The protocol of a Touring board: seats move one after another (the shared default)."""

    game_title = "Touring"
    pick_words = "pick one of its cards"
    over_words = "no card can be played"

    # -- what the shared session asks of a game's -----------------------------------------------
    def legal_choices(self) -> list[dict[str, Any]]:
        """Each legal action with where it goes: the team whose table, and the column (or "discard")."""
        state = self.game.state
        out = []
        for a in self.game.legal_actions():
            choice: dict[str, Any] = {"action": str(a), "kind": a.kind, "card": a.card, "target": a.target}
            if a.kind == "discard":
                choice.update(team=None, column="discard")
            else:
                seat = state.turn if a.target is None else a.target
                choice.update(team=state.team_of(seat), column=column_of(a.card, state.rules))
            out.append(choice)
        return out

    def game_marks(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """The last move's place, and why each card of the acting hand that cannot be played cannot."""
        state = self.game.state
        marks: dict[str, Any] = {}
        if state.last is not None:
            seat, action = state.last
            if action.kind == "discard":
                marks["last"] = {"team": None, "column": "discard"}
            else:
                target = seat if action.target is None else action.target
                marks["last"] = {"team": state.team_of(target), "column": column_of(action.card, state.rules)}
        if choices:
            playable = {c["card"] for c in choices if c["kind"] == "play"}
            why = {}
            for card in dict.fromkeys(state.hands[state.turn]):
                if card not in playable:
                    verdict = self.why_not(state, card)
                    why[card] = {"text": verdict.text, "rule": verdict.rule}
            marks["cards"] = why
        return marks

    def why_not(self, state: Any, card: str) -> Any:
        """The verdict on playing ``card`` at all: on the first opponent for an attack."""
        if CARDS[card].kind in ATTACKS:
            mine = state.team_of(state.turn)
            for seat in range(state.players):
                if state.team_of(seat) != mine:
                    return self.game.why(f"play {card} on {seat}")
        return self.game.why(f"play {card}")

    def refusal(self, action: str) -> Refusal:
        """The verdict on a move the board does not list, with its cards named as people say them:
        "35 Miles cannot be played now: your first card on the table must be a Go, ... (T-GO)"."""
        try:
            move = read_action(action)
        except IllegalAction as exc:  # not a move at all (only a broken page sends one)
            return Refusal(f"Refused: {exc}", exc.rule or "")
        verdict = self.game.why(move)
        name = card_name(move.card)
        what = (f"{name} cannot be discarded" if move.kind == "discard" else f"{name} cannot be played now"
                if move.target is None else f"{name} cannot be played on seat {move.target}")
        return Refusal(f"{what}: {verdict.text}", verdict.rule)

    def not_now(self) -> Refusal:
        """Why this board may not move now, with the rule: the game is over, or another seat moves."""
        state = self.game.state
        if state.over:
            rule = "T-WIN" if state.winner is not None else "T-EXHAUST"
            return self.game_over(f"{self.over_words} ({rule})", rule)
        return Refusal(f"It is seat {state.turn}'s turn ({self.game.players[state.turn]}); this board plays "
                       f"for seat {self.seat} (T-TURN).", "T-TURN")

    def advice_move(self, state: Any, action: Any) -> str:
        """"play Go", "discard 25 Miles", "play Stop to Refuel on seat 1"."""
        target = "" if action.target is None else f" on seat {action.target}"
        return f"{action.kind} {card_name(action.card)}{target}"

    def describe_move(self, before: Any, action: Any) -> dict[str, Any]:
        """A move in words as the viewing seat may know it (others' discards stay face down)."""
        return {"seat": before.turn, "text": action_text(before.turn, action, self.seat, before)}

    def score_table(self) -> dict[str, list[Any]]:
        """Each seat's miles (partners share theirs, T-TEAMS), as T-WIN counts them: what an export lists."""
        return {"miles": self.game.miles()}
