"""A cursor over immutable game states: step, undo, redo, goto, fork, variations, save and load.

The timeline knows nothing about any particular game. A game subclasses ``Timeline`` and
supplies five hooks: how to read an action, apply it, pick one for a bot seat, and how to
write and read the header of a save (players, rules, seed).

Positions form a persistent linked list, so ``fork()`` shares every past state with its
parent and costs the same at history length 10 or 10,000. Nothing is ever thrown away: stepping
the move the line already holds is a redo, and stepping another keeps the old continuation as a
variation (as chess analysis boards do), which ``enter()`` makes the line again.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import IllegalAction, LoadError
from .frozen import fast_constructor
from .text import counted

SAVE_FORMAT = 1
MAX_SAVE = 50_000_000  # characters; a longer text is not a save
_SAVE_FIELDS = ("format", "game", "actions", "cursor", "variations")  # the rest is the game's header
_MAKING_LOCKS = threading.Lock()


def _path(node: Node) -> tuple[Any, ...]:
    """The actions from the start to ``node``."""
    actions = []
    while node.parent is not None:
        actions.append(node.action)
        node = node.parent
    return tuple(reversed(actions))


def _nodes(node: Node) -> list[Node]:
    """The positions from the start to ``node``."""
    nodes = [node]
    while node.parent is not None:
        node = node.parent
        nodes.append(node)
    return nodes[::-1]


def _shown(value: Any) -> str:
    """A value from a save, quoted and cut short for an error message."""
    return repr(value)[:60]


@dataclass(frozen=True, slots=True)
class Node:
    """One position: its state, the action that led here, the position before, and whether a
    seat's policy chose that action (``step()`` with no action, ``play()``)."""

    state: Any
    action: Any
    parent: Node | None
    index: int
    by_policy: bool = False


#: ``Node(state, action, parent, index, by_policy)``, built faster: a node is made at every move
_new_node = fast_constructor(Node)


@dataclass(frozen=True, slots=True)
class _Redo:
    """The positions undone from the current line, nearest first (a persistent stack)."""

    node: Node
    rest: _Redo | None


@dataclass(frozen=True, slots=True)
class Variation:
    """A continuation left behind when another move was played at its position.

    ``position`` is where it branches off; ``actions`` its moves from there, in order.
    """

    at: Node
    redo: _Redo

    @property
    def position(self) -> int:
        return self.at.index

    @property
    def actions(self) -> tuple[Any, ...]:
        out = []
        redo: _Redo | None = self.redo
        while redo is not None:
            out.append(redo.node.action)
            redo = redo.rest
        return tuple(out)

    def __repr__(self) -> str:
        moves = ", ".join(str(a) for a in self.actions[:3]) + (", …" if len(self.actions) > 3 else "")
        return f"<Variation at position {self.position}: {counted(len(self.actions), 'move')} ({moves})>"


Listener = Callable[["Timeline"], None]


class Timeline:
    """Positions of one game, with a cursor; subclasses add the game's own questions.

    ``history`` is the actions from the start to the cursor; ``future`` the actions that
    ``redo()`` would replay. Boards subscribe with ``observe(callback)``.
    """

    game_name: ClassVar[str] = ""

    def __init__(self, initial_state: Any) -> None:
        self._node = Node(initial_state, None, None, 0)
        self._redo: _Redo | None = None
        self._variations: tuple[Variation, ...] = ()
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

    def _advance(self, state: Any, action: Any) -> Any:
        """The state after an action a policy chose (legal by construction): ``_apply``, unless
        a game can skip judging it again."""
        return self._apply(state, action)

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
    def lock(self) -> threading.RLock:
        """Held by every change of the line, its listeners' calls included: a server thread that
        moves this game (a table's) takes it too, so no two threads change the line at once."""
        lock = self.__dict__.get("_lock")
        if lock is None:
            with _MAKING_LOCKS:
                lock = self.__dict__.setdefault("_lock", threading.RLock())
        return lock

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
        return _path(self._node)

    @property
    def future(self) -> tuple[Any, ...]:
        """The actions ``redo()`` would replay, nearest first."""
        return tuple(node.action for node in self._redo_nodes())

    @property
    def policy_moves(self) -> tuple[int, ...]:
        """The moves of ``history`` that a seat's policy chose (``step()`` with no action,
        ``play()``), by number (1 is the first move); the others were given by the caller. A
        loaded save counts every move as given."""
        return tuple(n.index for n in _nodes(self._node) if n.by_policy)

    @property
    def last_action(self) -> Any:
        """The action that led to the current state, or None at the start."""
        return self._node.action

    def states(self) -> Iterator[Any]:
        """Every state of the line from the start to the end, redo branch included."""
        back = []
        node: Node | None = self._node
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

    def _redo_nodes(self) -> Iterator[Node]:
        redo = self._redo
        while redo is not None:
            yield redo.node
            redo = redo.rest

    def step(self, action: Any = None) -> Any:
        """Apply one action (text, an action object, or None: the line's next move).

        ``step()`` with no action replays the line when it continues (a redo), else takes the
        seat's policy. When the line already continues with the action given, it is replayed
        as a redo; another action keeps the old continuation in ``variations``. Returns the
        action applied. Raises IllegalAction, leaving the game as it was.
        """
        with self.lock:
            state = self._node.state
            if action is None and self._redo is not None:
                # The recorded move keeps the line (a scripted line, a move undone): replay it.
                node = self._redo.node
                self._node, self._redo = node, self._redo.rest
                self._notify()
                return node.action
            if self._is_over(state):
                # Parse first so malformed text is reported as such; the end is the stronger reason.
                self._refuse_after_end(state, action)
            chosen = self._auto_action(state) if action is None else self._parse(state, action)
            new_state = self._apply(state, chosen)
            redo = self._redo
            if redo is not None and redo.node.action == chosen:
                self._node, self._redo = redo.node, redo.rest
            else:
                if redo is not None:
                    self._variations = (*self._variations, Variation(self._node, redo))
                self._node = _new_node(new_state, chosen, self._node, self._node.index + 1, action is None)
                self._redo = None
            self._notify()
            return chosen

    def _extend(self, limit: int) -> None:
        """Up to ``limit`` moves by the seats' policies, where no line is recorded ahead and no
        one listens: what ``step()`` would do, without its checks and notices at every move."""
        node = self._node
        auto, advance, is_over = self._auto_action, self._advance, self._is_over
        for _ in range(limit):
            state = node.state
            if is_over(state):
                break
            action = auto(state)
            node = _new_node(advance(state, action), action, node, node.index + 1, True)
        self._node = node

    @property
    def variations(self) -> tuple[Variation, ...]:
        """The continuations left behind when another move was played, oldest first."""
        return self._variations

    def enter(self, variation: Variation | int) -> None:
        """Make a variation (or ``variations[i]``) the line, at the position where it branches.

        The continuation of the line it replaces becomes a variation in turn. Raises IndexError
        or TypeError for something that is not one of this game's variations.
        """
        with self.lock:
            if type(variation) is int:
                variation = self._variations[variation]
            if not isinstance(variation, Variation) or variation not in self._variations:
                raise TypeError("enter() takes one of this game's variations or its index in g.variations")
            kept = tuple(v for v in self._variations if v is not variation)
            end = self._node
            for node in self._redo_nodes():
                end = node
            # Where the line and the variation part: the deepest position both reach by the same moves
            # (a loaded variation has its own positions, equal to the line's).
            ours, theirs = _nodes(end), _nodes(variation.at)
            shared = 0
            for mine, its in zip(ours[1:], theirs[1:]):
                if mine.action != its.action:
                    break
                shared += 1
            common = ours[shared]
            rest: _Redo | None = None
            node = end
            while node is not common:
                rest = _Redo(node, rest)
                node = node.parent  # type: ignore[assignment]
            if rest is not None:
                kept = (*kept, Variation(common, rest))
            self._node, self._redo, self._variations = variation.at, variation.redo, kept
            self._notify()

    def _refuse_after_end(self, state: Any, action: Any) -> None:
        raise IllegalAction("the game is over: no action can be taken")

    def undo(self) -> bool:
        """Go back one position; False (and nothing changes) at the start."""
        with self.lock:
            if self._node.parent is None:
                return False
            self._redo = _Redo(self._node, self._redo)
            self._node = self._node.parent
            self._notify()
            return True

    def redo(self) -> bool:
        """Replay the next undone action; False (and nothing changes) when there is none."""
        with self.lock:
            if self._redo is None:
                return False
            self._node, self._redo = self._redo.node, self._redo.rest
            self._notify()
            return True

    def goto(self, index: int) -> None:
        """Move the cursor to position ``index`` of the line (negative counts from the end).

        Raises IndexError outside the line and TypeError for an index that is not an int.
        """
        with self.lock:
            if type(index) is not int:
                raise TypeError(f"a position is an int, not {type(index).__name__}")
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
        twin.__dict__.pop("_lock", None)
        twin._listeners = []
        twin._fork_hook()
        return twin

    def _fork_hook(self) -> None:
        """Subclasses reset per-object attributes (caches of widgets) of a fresh fork."""

    # -- boards -------------------------------------------------------------------------
    def observe(self, callback: Listener, first: bool = False) -> Callable[[], None]:
        """Call ``callback(timeline)`` after every change; returns a function that stops it.

        ``first``: before the listeners already there (a journal that must hold a change before
        any board shows it)."""
        if first:
            self._listeners.insert(0, callback)
        else:
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
        """The game as JSON: format, game, header, every action of the line, the cursor, and
        each variation as its whole line with the position where it branches."""
        line = [str(a) for a in self.history] + [str(a) for a in self.future]
        data = {"format": SAVE_FORMAT, "game": self.game_name, **self._header()}
        data.update(actions=line, cursor=self.position)
        if self._variations:
            data["variations"] = [
                {"actions": [str(a) for a in (*_path(v.at), *v.actions)], "at": v.position}
                for v in self._variations
            ]
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
            between = f"a position between 0 and {len(actions)}"
            raise LoadError(f"field 'cursor': {_shown(cursor)} is not {between}")
        variations = data.get("variations", [])
        if not isinstance(variations, list):
            raise LoadError("field 'variations' must be a list of lines")
        header = {k: v for k, v in data.items() if k not in _SAVE_FIELDS}
        game = cls._from_header(header)
        for number, text_action in enumerate(actions, start=1):
            try:
                game.step(text_action)
            except IllegalAction as exc:
                raise LoadError(f"action {number} ({_shown(text_action)}): {exc}") from None
        game.goto(cursor)
        for number, saved in enumerate(variations, start=1):
            game._variations = (*game._variations, game._load_variation(number, saved))
        return game

    def _load_variation(self, number: int, saved: Any) -> Variation:
        where = f"variation {number}"
        if not isinstance(saved, dict) or set(saved) != {"actions", "at"}:
            raise LoadError(f"{where}: must be an object with 'actions' and 'at'")
        actions, at = saved["actions"], saved["at"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise LoadError(f"{where}: 'actions' must be a list of action texts")
        if type(at) is not int or not 0 <= at < len(actions):
            raise LoadError(f"{where}: 'at' {_shown(at)} is not a position before its last move")
        node = self._node
        while node.parent is not None:
            node = node.parent
        nodes = [node]
        for k, text_action in enumerate(actions, start=1):
            try:
                if self._is_over(node.state):
                    self._refuse_after_end(node.state, text_action)
                chosen = self._parse(node.state, text_action)
                node = _new_node(self._apply(node.state, chosen), chosen, node, node.index + 1, False)
            except IllegalAction as exc:
                raise LoadError(f"{where}, action {k} ({_shown(text_action)}): {exc}") from None
            nodes.append(node)
        redo = None
        for node in reversed(nodes[at + 1 :]):
            redo = _Redo(node, redo)
        assert redo is not None
        return Variation(nodes[at], redo)
