"""How a board answers page messages: each checked (an untrusted page sends them), acted on and
answered with a reply; a refused one changes nothing and says why, with the rule behind it.

``Messages`` is the part of ``BoardSession`` that does it; ``HANDLERS`` is the table of message
types (a game's session extends it with its own).
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..core.text import counted
from ..errors import IllegalAction
from .export import FORMATS
from .protocol import MAX_TEXT, Handler, Refusal
from .style import SPEEDS


class Messages:
    """The page-message side of a board session (mixed into ``BoardSession``)."""

    game: Any
    handlers: dict[str, Handler]

    # -- messages from the page -------------------------------------------------------------------
    def receive(self, content: Any) -> dict[str, Any]:
        """Check one message from the page, act on it, and return the reply (refusals in ``message``).

        Everything the message changes reaches the watchers as one group, before the reply.
        """
        ok = True
        extra: dict[str, Any] = {}
        with self.held():
            try:
                said = self.handle(content)
                if isinstance(said, dict):
                    extra = said
                elif isinstance(said, str):
                    self.say(said)
            except Refusal as exc:
                ok = False
                self.say(exc.text, error=True, rule=exc.rule)
            except Exception as exc:  # a fault of ours: say so on the board, never leave it waiting
                ok = False
                kind = content.get("type") if isinstance(content, dict) else None
                self._recover()
                self.say(f"The kernel failed to do {str(kind)[:40]!r}: {type(exc).__name__}: "
                         f"{str(exc)[:200]}. This is a fault of touring_widgets; please report it.",
                         error=True)
        said = {"message": self.message} if self.message else {}  # an empty line is not sent
        return {"type": "reply", "ok": ok, **said, "revision": self.revision, **extra}

    def _recover(self) -> None:
        """After a fault: nothing plays on, and the board shows its game as it now is."""
        self.stop_run()
        if self.game is not None and not self.gone:
            with contextlib.suppress(Exception):  # the fault is said on the board all the same
                self.refresh()

    def handle(self, content: Any) -> Any:
        """Check a page message against the handlers' table and run its handler; raises Refusal."""
        if not isinstance(content, dict):
            raise Refusal("Refused a message that is not an object; nothing changed.")
        kind = content.get("type")
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            plain = isinstance(kind, (str, int, float)) or kind is None
            shown = repr(kind)[:40] if plain else type(kind).__name__
            raise Refusal(f"Refused a message of unknown type {shown}; nothing changed.")
        if handler.live:
            self.check_live()
        if handler.revision:
            revision = content.get("revision")
            if type(revision) is not int:
                raise Refusal(f"Refused {kind!r}: it carries no revision number; nothing changed.")
            if revision != self.revision:
                raise Refusal(
                    f"Refused {kind!r}: the board had moved on (sent at revision {revision}, now "
                    f"{self.revision}); nothing changed, look again and retry."
                )
        if handler.stops:
            self.stop_run()
        if handler.clears:
            self.say("")  # what the board said before no longer applies; the handler may say more
        return handler.run(self, content)

    def check_live(self) -> None:
        """Refuse anything once the board has lost its game."""
        if self.gone:
            raise Refusal(self.gone)

    def refusal(self, action: str) -> Refusal:
        """The game's verdict on an action it does not list, or its error when it cannot judge."""
        try:
            verdict = self.game.why(action)
        except ValueError as err:  # IllegalAction included
            return Refusal(str(err), getattr(err, "rule", None) or "")
        return Refusal(str(verdict), verdict.rule)

    def msg_act(self, content: dict[str, Any]) -> None:
        """A move of the acting seat; the bots answer it as ``turns`` says."""
        action = content.get("action")
        if not isinstance(action, str):
            raise Refusal(f"Refused an action that is not text ({type(action).__name__}); nothing changed.")
        if len(action) > MAX_TEXT:
            raise Refusal(f"Refused an action text of {len(action)} characters; nothing changed.")
        if not self.plays_now():
            raise self.not_now()
        text = self.read_action(action)
        if text not in self.legal:
            raise self.refusal(text)
        try:
            self.game.step(text)
        except IllegalAction as exc:  # listed, yet refused when played: the engine's own words
            raise Refusal(str(exc), exc.rule or "") from None
        self.turns.answer(self)

    def msg_step(self, content: dict[str, Any]) -> None:
        """The seat to move plays its policy's move; a human seat's move is answered by the bots."""
        game = self.game
        if game.is_over:
            raise Refusal("The game is over: there is no move to step.")
        seat = game.turn
        human = game.players[seat] == "human"
        try:
            game.step()
        except IllegalAction as exc:
            raise Refusal(str(exc), exc.rule or "") from None
        except Exception as exc:  # the seat's policy failed: the user's code, not a fault of ours
            raise Refusal(self.policy_failed(seat, exc)) from None
        if human:
            self.turns.answer(self)

    def msg_undo(self, content: dict[str, Any]) -> None:
        if not self.game.undo():
            raise Refusal("Nothing to undo: this is the start.")

    def msg_redo(self, content: dict[str, Any]) -> None:
        if not self.game.redo():
            raise Refusal("Nothing to redo.")

    def msg_goto(self, content: dict[str, Any]) -> None:
        index = content.get("index")
        if type(index) is not int or not 0 <= index < len(self.game):
            raise Refusal(f"Refused a history position that is not 0..{len(self.game) - 1}; nothing changed.")
        self.game.goto(index)

    def msg_enter(self, content: dict[str, Any]) -> str:
        index = content.get("index")
        count = len(getattr(self.game, "variations", ()))
        if type(index) is not int or not 0 <= index < count:
            raise Refusal(f"Refused a variation that is not 0..{count - 1}; nothing changed.")
        self.enter(index)
        return self.message

    def enter(self, index: int) -> None:
        """Make variation ``index`` the game's line again (``game.enter``), and say so."""
        self.check_live()
        at = self.game.variations[index].position
        self._variation_count = len(self.game.variations)  # the line it replaces is kept: not news
        self.game.enter(index)
        self._variation_count = len(self.game.variations)
        kept = " (the line you left is kept as a variation)" if self.game.variations else ""
        self.say(f"Back on the line that went on from move {at}{kept}.")

    def msg_run(self, content: dict[str, Any]) -> None:
        if self.game.is_over:
            raise Refusal("The game is already over.")
        self.play_to_end()

    def msg_stop(self, content: dict[str, Any]) -> str:
        self.stop_run()
        return "Stopped."

    def msg_fork(self, content: dict[str, Any]) -> str:
        self.fork()
        return self.message

    def msg_seat(self, content: dict[str, Any]) -> str:
        seat = content.get("seat")
        n = len(self.game.players)
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise Refusal(f"Refused a seat that is not 0..{n - 1} or 'all'; nothing changed.")
        self.set(seat=seat)
        self.refresh()
        return "Showing every hand (teacher's view)." if seat is None else f"Showing seat {seat}'s view."

    def msg_speed(self, content: dict[str, Any]) -> None:
        speed = content.get("speed")
        if not isinstance(speed, str) or speed not in SPEEDS:
            raise Refusal(f"Refused a speed that is not one of {', '.join(SPEEDS)}; nothing changed.")
        self.set(speed=speed)

    def msg_advise(self, content: dict[str, Any]) -> None:
        on = content.get("on")
        if type(on) is not bool:
            raise Refusal("Refused advice that is not on (true) or off (false); nothing changed.")
        self.advise(on)

    def msg_describe(self, content: dict[str, Any]) -> dict[str, Any]:
        """A move of the line in words, for the history strip's hover text."""
        index = content.get("index")
        line = len(self.game) - 1
        if type(index) is not int or not 1 <= index <= line:
            raise Refusal(f"Refused a move number that is not 1..{line}; nothing changed.")
        return {"index": index, "text": f"Move {index}: {self.move_story(index)}"}

    def msg_rematch(self, content: dict[str, Any]) -> str:
        """A new game with the same players and rules: from a new seed, or the one sent."""
        seed = content.get("seed")
        if type(seed) is int and seed >= 2**63:
            raise Refusal("Refused a new game: a seed must be below 2**63; nothing changed.")
        try:
            self.rematch(seed)  # checks the seed (and the scenario) before it changes anything
        except ValueError as exc:  # IllegalAction included
            raise Refusal(f"Refused a new game: {exc}; nothing changed.", getattr(exc, "rule", None) or "") \
                from None
        return self.message

    def msg_export(self, content: dict[str, Any]) -> dict[str, Any]:
        """The game's moves and scores as a file for the page to download, for the board's seat."""
        kind = content.get("format")
        if not isinstance(kind, str) or kind not in FORMATS:
            raise Refusal(f"Refused an export format that is not {' or '.join(map(repr, FORMATS))}; "
                          f"nothing changed.")
        file = self.export_file(kind)
        moves = counted(self.game.position, "move")
        self.say(f"Exported {file['name']} ({moves}){self.export_aside(kind)}.")
        return {"export": file}

    def export_aside(self, kind: str) -> str:
        """What the board adds after an export: the cell that gives the same file."""
        return f"; in a cell, board.export_{kind}() gives the same"


HANDLERS: dict[str, Handler] = {
    "act": Handler(Messages.msg_act, revision=True, stops=True),
    "step": Handler(Messages.msg_step, revision=True, stops=True),
    "undo": Handler(Messages.msg_undo, revision=True, stops=True),
    "redo": Handler(Messages.msg_redo, revision=True, stops=True),
    "goto": Handler(Messages.msg_goto, revision=True, stops=True),
    "enter": Handler(Messages.msg_enter, revision=True, stops=True),
    "run": Handler(Messages.msg_run, revision=True),
    "seat": Handler(Messages.msg_seat),
    "speed": Handler(Messages.msg_speed),
    "stop": Handler(Messages.msg_stop),
    "fork": Handler(Messages.msg_fork),
    "hello": Handler(lambda session, content: None, live=False, clears=False),
    "describe": Handler(Messages.msg_describe, clears=False),
    "advise": Handler(Messages.msg_advise),
    "rematch": Handler(Messages.msg_rematch, revision=True, stops=True),
    "export": Handler(Messages.msg_export, clears=False),
}
