"""The game layer both games share: players and their policies, seeds, saves, and the questions
every game answers with the same names (turn, legal actions, why, winners, view, play).

A game subclasses ``Game`` and fills in its facts (name, player counts, rules type, policies)
and a handful of hooks that call its engine; everything here is written once for both.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..errors import IllegalAction, LoadError
from .legal import LegalActions
from .registry import spec_of
from .text import MAX_TEXT
from .timeline import Node, Timeline
from .verdict import Verdict

#: A bot: the action it takes for ``seat`` in ``state``.
Policy = Callable[[Any, int], Any]

#: A game that has gone this many moves without ending is not going to end.
MAX_PLIES = 100_000


def check_seed(seed: Any) -> int | str:
    """The seed of a game: a non-negative int or ASCII text; None picks a random int.

    Raises ValueError for anything else (bools, floats, negative numbers, long or non-ASCII text).
    """
    if seed is None:
        return secrets.randbelow(2**31)
    if type(seed) is int and seed >= 0:
        return seed
    if isinstance(seed, str) and seed.isascii() and seed.isprintable() and len(seed) <= MAX_TEXT:
        return seed
    shown = repr(seed)[:40]
    raise ValueError(f"seed must be a non-negative integer or up to {MAX_TEXT} ASCII characters, not {shown}")


class Game(Timeline):
    """A game on a timeline, answering the questions both games share.

    Args:
        players: a number of seats (all play the default bot) or a list of policy names,
            one a seat ("human", "greedy", "random", "search").
        seed: the seed of all chance (an int or ASCII text); None picks one, kept so saves replay.
        rules: the game's ``Rules``; None takes the defaults.

    Raises ValueError for bad players or seed, TypeError for rules of the wrong type.
    """

    title: ClassVar[str] = ""
    #: the fewest and most seats, and the rule that says so
    seat_range: ClassVar[tuple[int, int]] = (1, 1)
    players_rule: ClassVar[str] = ""
    rules_type: ClassVar[type] = object
    policies: ClassVar[Mapping[str, Policy]] = {}

    def __init__(self, players: int | list[str] | tuple[str, ...] = 2, seed: int | str | None = None,
                 rules: Any = None) -> None:
        self.players: tuple[str, ...] = self.check_players(players)
        self.seed: int | str = check_seed(seed)
        if rules is None:
            rules = self.rules_type()
        if not isinstance(rules, self.rules_type):
            raise TypeError(f"rules must be a {self.game_name} Rules, not {type(rules).__name__}")
        super().__init__(self._new_state(len(self.players), self.seed, rules))
        self.rules = self.state.rules
        #: for a game forked with ``resample=True``: the line, seat and seed it was dealt from
        self.origin: dict[str, Any] | None = None
        #: for a game built by ``scenario(...)``: the position it starts from, as saved
        self.scenario: dict[str, Any] | None = None

    @classmethod
    def check_players(cls, players: Any) -> tuple[str, ...]:
        """The policy of each seat, from a number of seats (all "greedy") or a list of policy names.
        Raises ValueError naming the players rule for a count outside ``seat_range``."""
        low, high = cls.seat_range
        counts = f"{cls.title} is for {low} to {high} players"
        if isinstance(players, bool) or not isinstance(players, (int, list, tuple)):
            raise ValueError(f"players must be a number or a list of policy names, not {repr(players)[:40]}")
        if isinstance(players, int):
            if not low <= players <= high:
                raise ValueError(f"{counts}, not {players} ({cls.players_rule})")
            return ("greedy",) * players
        for name in players:
            if not isinstance(name, str) or name not in cls.policies:
                raise ValueError(f"unknown policy {repr(name)[:40]}: choose from {', '.join(cls.policies)}")
        if not low <= len(players) <= high:
            raise ValueError(f"{counts}, not {len(players)} ({cls.players_rule})")
        return tuple(players)

    def set_player(self, seat: int, player: str) -> None:
        """Let ``player`` (a policy name, "human" included) play ``seat`` from now on: a table
        gives the seat of a player who left to a bot. Raises ValueError for a seat not in the game
        or an unknown policy; boards hear of it as of a move."""
        n = len(self.players)
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        players = self.check_players([*self.players[:seat], player, *self.players[seat + 1:]])
        with self.lock:
            self.players = players
            self._notify()

    # -- hooks a game provides --------------------------------------------------------------
    @staticmethod
    def _new_state(players: int, seed: int | str, rules: Any) -> Any:
        """The state at the start of a game."""
        raise NotImplementedError

    def _read(self, state: Any, action: Any) -> Any:
        """Text or an action object, read and checked as an action (raises IllegalAction)."""
        raise NotImplementedError

    def _explain(self, state: Any, action: Any) -> Verdict:
        """The verdict on any input (text, an action, anything else); never raises."""
        raise NotImplementedError

    def _legal(self, state: Any) -> LegalActions:
        raise NotImplementedError

    def _turn(self, state: Any) -> int | None:
        """The seat to move (On Tour: the next seat still to write); None when the game is over."""
        raise NotImplementedError

    def _winners(self, state: Any) -> list[int]:
        raise NotImplementedError

    def _end_rule(self, state: Any) -> str:
        """The rule that ended the game."""
        raise NotImplementedError

    def _view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def _resample(state: Any, seat: int, seed: int | str) -> Any:
        """The same position with everything ``seat`` cannot see drawn again from ``seed``."""
        raise NotImplementedError

    def _draw(self, state: Any) -> str:
        """The position as text (every seat's part, as a teacher sees it)."""
        raise NotImplementedError

    def _public(self, before: Any, action: Any, seat: int | None) -> str:
        """The text of ``action``, taken in ``before``, as ``seat`` may know it."""
        return str(action)

    def _narrate(self, before: Any, action: Any, after: Any, seat: int | None) -> str:
        """The sentence of one step, citing its rules: the game's declared ``narrate``."""
        return spec_of(type(self)).narrate(before, action, after, seat)

    # -- timeline hooks ----------------------------------------------------------------------
    def _parse(self, state: Any, action: Any) -> Any:
        return self._read(state, action)

    def _auto_action(self, state: Any) -> Any:
        seat = self._turn(state)
        assert seat is not None
        return self.policies[self.players[seat]](state, seat)

    def _is_over(self, state: Any) -> bool:
        return state.over

    def _refuse_after_end(self, state: Any, action: Any) -> None:
        if action is not None:
            raise self._explain(state, self._read(state, action)).error()
        rule = self._end_rule(state)
        raise IllegalAction(f"the game is over: no move can follow ({rule})", rule)

    def _header(self) -> dict[str, Any]:
        header = {"players": list(self.players), "seed": self.seed, "rules": self.rules.to_dict()}
        if self.scenario is not None:
            header["scenario"] = self.scenario
        if self.origin is not None:
            header["origin"] = self.origin
        return header

    @classmethod
    def _from_header(cls, header: dict[str, Any]) -> Game:
        for key in header:
            if key not in ("players", "seed", "rules", "origin", "scenario"):
                raise LoadError(f"field {str(key)[:40]!r} is not part of a {cls.title} save")
        for key in ("players", "seed", "rules"):
            if key not in header:
                raise LoadError(f"field {key!r} is missing")
        players = header["players"]
        if not isinstance(players, list):
            raise LoadError("field 'players' must be a list of policy names")
        try:
            cls.check_players(players)
        except ValueError as exc:
            raise LoadError(f"field 'players': {exc}") from None
        try:
            seed = check_seed(header["seed"])
        except ValueError as exc:
            raise LoadError(f"field 'seed': {exc}") from None
        rules = cls.rules_type.from_dict(header["rules"])
        try:
            game = cls(players=players, seed=seed, rules=rules)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"field 'players' or 'rules': {exc}") from None
        if "scenario" in header:
            try:
                game.start_from(header["scenario"])
            except (ValueError, TypeError) as exc:  # IllegalAction is a ValueError
                raise LoadError(f"field 'scenario': {exc}") from None
        if "origin" in header:
            game._load_origin(header["origin"])
        return game

    def start_from(self, scenario: Any) -> None:
        """Make this new game start at the position ``scenario`` describes, checked by the game's
        declared ``position`` (raises IllegalAction naming the problem and the rule)."""
        checked, state = spec_of(type(self)).position(self, scenario)
        self._node, self._redo, self._variations = Node(state, None, None, 0), None, ()
        self.rules = state.rules
        self.scenario = checked

    def _load_origin(self, origin: Any) -> None:
        """Replay the line a resampled game was dealt from, and deal it again (raises LoadError)."""
        if not isinstance(origin, dict) or set(origin) - {"from"} != {"actions", "seat", "seed"}:
            raise LoadError("field 'origin' must be an object with 'actions', 'seat' and 'seed'")
        if "from" in origin:
            self._load_origin(origin["from"])
        actions = origin["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise LoadError("field 'origin': 'actions' must be a list of action texts")
        for number, text in enumerate(actions, start=1):
            try:
                self.step(text)
            except IllegalAction as exc:
                raise LoadError(f"field 'origin', action {number} ({text[:60]!r}): {exc}") from None
        try:
            twin = self.fork(resample=True, seed=origin["seed"], seat=origin["seat"])
        except ValueError as exc:
            raise LoadError(f"field 'origin': {exc}") from None
        self.__dict__.update(twin.__dict__)

    # -- the questions every game answers -------------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def turn(self) -> int | None:
        """The seat to move (On Tour: the next seat still to write); None once the game is over."""
        return self._turn(self.state)

    @property
    def is_over(self) -> bool:
        return self._is_over(self.state)

    @property
    def winners(self) -> list[int]:
        """The seats that won (several when a win is shared); empty while the game goes on or
        when it ended with no winner."""
        return self._winners(self.state) if self.is_over else []

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat to move, as a lazy sequence (``len``, iteration, ``in``)."""
        return self._legal(self.state)

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` (text or an action) is legal now; never raises."""
        return self._explain(self.state, action).legal

    def why(self, action: Any) -> Verdict:
        """The verdict on ``action`` now: ``.legal``, ``.rule``, ``.text``; ``str()`` is the sentence."""
        return self._explain(self.state, action)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see, as plain JSON values; ``None`` is the teacher's view of everything."""
        return self._view(self.state, None if seat is None else self._seat(seat))

    def line(self, seat: int | None = None) -> list[str]:
        """Every move of the line (redo branch included) as text ``seat`` may know."""
        viewer = None if seat is None else self._seat(seat)
        return [self._public(before, action, viewer) for before, action in self.moves()]

    def fork(self, resample: bool = False, seed: int | str | None = None, seat: int | None = None) -> Game:
        """An independent game at this position (``resample=False``: the same line, shared).

        With ``resample=True``, a new game starting here in which every card ``seat`` (default:
        the seat to move) cannot see is dealt again from ``seed``, consistently with what it
        does see: the same position under another possible deck. Its save replays this line
        and deals again. Raises ValueError for a bad seat or seed.
        """
        if not resample:
            return super().fork()
        if seat is None:
            seat = 0 if self.turn is None else self.turn
        seat = self._seat(seat)
        seed = check_seed(seed)
        twin = super().fork()
        root = type(self._node)(self._resample(self.state, seat, seed), None, None, 0)
        twin._node, twin._redo, twin._variations = root, None, ()
        twin.origin = {"actions": [str(a) for a in self.history], "seat": seat, "seed": seed}
        if self.origin is not None:
            twin.origin["from"] = self.origin
        return twin

    def explain(self, seat: int | None = None) -> list[str]:
        """The story so far: one sentence per move of the history, each citing its rule ids.

        ``seat`` tells it as that seat may know it (others' discards stay face down, T-VIEW);
        None is the teacher's view of everything.
        """
        viewer = None if seat is None else self._seat(seat)
        nodes = []
        node = self._node
        while node.parent is not None:
            nodes.append(node)
            node = node.parent
        return [self._narrate(n.parent.state, n.action, n.state, viewer) for n in reversed(nodes)]

    def play(self, max_plies: int | None = None) -> Game:
        """Let every seat move by its policy until the game ends (or ``max_plies`` moves); returns
        the game. Raises RuntimeError for a game that does not end within MAX_PLIES moves."""
        limit = MAX_PLIES if max_plies is None else max_plies
        if self._redo is None and not self._listeners:
            self._extend(limit)  # nothing to replay and no board to tell: the fast way
        else:
            for _ in range(limit):
                if self.is_over:
                    return self
                self.step()
        if max_plies is None and not self.is_over:
            raise RuntimeError(f"the game did not end within {MAX_PLIES} moves")
        return self

    # -- display -----------------------------------------------------------------------------
    def board(self, seat: int | None = 0, **options: Any) -> Any:
        """A board widget showing this game from ``seat`` (None: the teacher's view of all).

        Raises TypeError for a game that declares no board."""
        board = spec_of(type(self)).board
        if board is None:
            raise TypeError(f"{self.title} has no board")
        return board()(self, seat=seat, **options)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.board()._repr_mimebundle_(**kwargs)

    def _seat(self, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < self.n_players:
            seats = f"seats are 0 to {self.n_players - 1}"
            raise ValueError(f"there is no seat {repr(seat)[:20]}: {seats} ({self.players_rule})")
        return seat

    def __repr__(self) -> str:
        if self.is_over:
            won = self.winners
            status = "over, " + ("no winner" if not won else "won by seat " + " & ".join(map(str, won)))
        else:
            status = f"seat {self.turn} to move"
        return (
            f"<{self.title} seed={self.seed!r} · {self.n_players} players · "
            f"position {self.position} of {len(self) - 1} · {status}>"
        )

    def __str__(self) -> str:
        return self._draw(self.state)

