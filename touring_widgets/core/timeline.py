"""A cursor over immutable game states: step, undo, redo, goto, fork, save and load.

The timeline knows nothing about any particular game. A game subclasses ``Timeline`` and
supplies five hooks: how to read an action, apply it, pick one for a bot seat, and how to
write and read the header of a save (players, rules, seed).

Positions form a persistent linked list, so ``fork()`` shares every past state with its
parent and costs the same at history length 10 or 10,000.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import IllegalAction, LoadError

SAVE_FORMAT = 1
MAX_SAVE = 50_000_000  # characters; a longer text is not a save


def _shown(value: Any) -> str:
    """A value from a save, quoted and cut short for an error message."""
    return repr(value)[:60]


@dataclass(frozen=True, slots=True)
class _Node:
    """One position: its state, the action that led here and the position before."""

    state: Any
    action: Any
    parent: _Node | None
    index: int


@dataclass(frozen=True, slots=True)
class _Redo:
    """The positions undone from the current line, nearest first (a persistent stack)."""

    node: _Node
    rest: _Redo | None


Listener = Callable[["Timeline"], None]


class Timeline:
    """Positions of one game, with a cursor; subclasses add the game's own questions.

    ``history`` is the actions from the start to the cursor; ``future`` the actions that
    ``redo()`` would replay. Boards subscribe with ``observe(callback)``.
    """

    game_name: ClassVar[str] = ""

    def __init__(self, initial_state: Any) -> None:
        self._node = _Node(initial_state, None, None, 0)
        self._redo: _Redo | None = None
        self._listeners: list[Listener] = []

    # -- hooks a game provides ------------------------------------------------------
    def _parse(self, state: Any, action: Any) -> Any:
        """Turn text or an action object into an action of this game (raises IllegalAction)."""
        raise NotImplementedError

    def _apply(self, state: Any, action: Any) -> Any:
        """The state after a legal action (raises IllegalAction, leaving ``state`` as it was)."""
        raise NotImplementedError

    def _auto_action(self, state: Any) -> Any:
        """The action the seat to move would take by its policy (bots; hints for humans)."""
        raise NotImplementedError

    def _is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def _header(self) -> dict[str, Any]:
        """What besides actions a save needs to rebuild the game (players, rules, seed)."""
        raise NotImplementedError

    @classmethod
    def _from_header(cls, header: dict[str, Any]) -> Timeline:
        """A new game at its start from a save's header (raises LoadError)."""
        raise NotImplementedError

    # -- the cursor -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current immutable state."""
        return self._node.state

    @property
    def position(self) -> int:
        """How many actions lead to the current state (0 at the start)."""
        return self._node.index

    def __len__(self) -> int:
        """How many positions the line holds, redo branch included."""
        return self._node.index + 1 + sum(1 for _ in self._redo_nodes())

    @property
    def history(self) -> tuple[Any, ...]:
        """The actions taken from the start up to the current position, in order."""
        actions = []
        node = self._node
        while node.parent is not None:
            actions.append(node.action)
            node = node.parent
        return tuple(reversed(actions))

    @property
    def future(self) -> tuple[Any, ...]:
        """The actions ``redo()`` would replay, nearest first."""
        return tuple(node.action for node in self._redo_nodes())

    @property
    def last_action(self) -> Any:
        """The action that led to the current state, or None at the start."""
        return self._node.action

    def states(self) -> Iterator[Any]:
        """Every state of the line from the start to the end, redo branch included."""
        back = []
        node: _Node | None = self._node
        while node is not None:
            back.append(node.state)
            node = node.parent
        yield from reversed(back)
        for node in self._redo_nodes():
            yield node.state

    def moves(self) -> Iterator[tuple[Any, Any]]:
        """Every move of the line, redo branch included, as (state before it, action)."""
        back = []
        node = self._node
        while node.parent is not None:
            back.append((node.parent.state, node.action))
            node = node.parent
        yield from reversed(back)
        for node in self._redo_nodes():
            assert node.parent is not None
            yield node.parent.state, node.action

    def _redo_nodes(self) -> Iterator[_Node]:
        redo = self._redo
        while redo is not None:
            yield redo.node
            redo = redo.rest

    def step(self, action: Any = None) -> Any:
        """Apply one action (text, an action object, or None for the seat's policy).

        Drops the redo branch (``fork()`` first to keep it). Returns the action applied.
        Raises IllegalAction, leaving the game as it was.
        """
        state = self._node.state
        if self._is_over(state):
            # Parse first so malformed text is reported as such; the end is the stronger reason.
            self._refuse_after_end(state, action)
        chosen = self._auto_action(state) if action is None else self._parse(state, action)
        new_state = self._apply(state, chosen)
        self._node = _Node(new_state, chosen, self._node, self._node.index + 1)
        self._redo = None
        self._notify()
        return chosen

    def _refuse_after_end(self, state: Any, action: Any) -> None:
        raise IllegalAction("the game is over: no action can be taken")

    def undo(self) -> bool:
        """Go back one position; False (and nothing changes) at the start."""
        if self._node.parent is None:
            return False
        self._redo = _Redo(self._node, self._redo)
        self._node = self._node.parent
        self._notify()
        return True

    def redo(self) -> bool:
        """Replay the next undone action; False (and nothing changes) when there is none."""
        if self._redo is None:
            return False
        self._node, self._redo = self._redo.node, self._redo.rest
        self._notify()
        return True

    def goto(self, index: int) -> None:
        """Move the cursor to position ``index`` of the line (negative counts from the end).

        Raises IndexError outside the line.
        """
        size = len(self)
        target = index + size if index < 0 else index
        if not 0 <= target < size:
            raise IndexError(f"position {index} is outside this game's {size} positions")
        while self._node.index > target:
            self._redo = _Redo(self._node, self._redo)
            assert self._node.parent is not None
            self._node = self._node.parent
        while self._node.index < target:
            assert self._redo is not None
            self._node, self._redo = self._redo.node, self._redo.rest
        self._notify()

    def fork(self) -> Timeline:
        """An independent game at the same position, with the same history and redo branch.

        Nothing done to one changes the other; boards of the original do not follow the fork.
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._listeners = []
        twin._fork_hook(self)
        return twin

    def _fork_hook(self, parent: Timeline) -> None:
        """Subclasses reset per-object attributes (caches of widgets) of a fresh fork."""

    # -- boards -------------------------------------------------------------------------
    def observe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(timeline)`` after every change; returns a function that stops it."""
        self._listeners.append(callback)

        def stop() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return stop

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # -- saves --------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: format, game, header, every action of the line, and the cursor."""
        line = [str(a) for a in self.history] + [str(a) for a in self.future]
        data = {"format": SAVE_FORMAT, "game": self.game_name, **self._header()}
        data.update(actions=line, cursor=self.position)
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Timeline:
        """Load a save made by ``to_json``, replaying and checking every action.

        Raises LoadError naming the first bad field or action; nothing is half-loaded.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise LoadError(f"a save is JSON text, not {type(text).__name__}")
        if len(text) > MAX_SAVE:
            raise LoadError(f"the save is {len(text):,} characters long; saves are at most {MAX_SAVE:,}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            reason = "it is nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:200]
            raise LoadError(f"the save is not JSON: {reason}") from None
        if not isinstance(data, dict):
            raise LoadError("the save is not a JSON object")
        if type(data.get("format")) is not int or data["format"] != SAVE_FORMAT:
            raise LoadError(f"field 'format': {_shown(data.get('format'))} is not save format {SAVE_FORMAT}")
        if data.get("game") != cls.game_name:
            raise LoadError(f"field 'game': {_shown(data.get('game'))} is not a {cls.game_name!r} save")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise LoadError("field 'actions' must be a list of action texts")
        cursor = data.get("cursor")
        if type(cursor) is not int or not 0 <= cursor <= len(actions):
            raise LoadError(f"field 'cursor': {_shown(cursor)} is not a position between 0 and {len(actions)}")
        header = {k: v for k, v in data.items() if k not in ("format", "game", "actions", "cursor")}
        game = cls._from_header(header)
        for number, text_action in enumerate(actions, start=1):
            try:
                game.step(text_action)
            except IllegalAction as exc:
                raise LoadError(f"action {number} ({_shown(text_action)}): {exc}") from None
        game.goto(cursor)
        return game
