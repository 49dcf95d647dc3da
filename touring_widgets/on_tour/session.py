"""The protocol of an On Tour board, in plain Python: the USA map's page state, numbers written by
clicking, tours drawn and checked.

>>> import touring_widgets as tw
>>> session = OnTourSession(tw.OnTour(players=["human", "greedy"], seed=7), seat=0)
>>> session.state["choices"][0]["first"]
[56, 65]

The machinery (messages, revisions, pacing, forks) is the shared ``widgets.BoardSession``; this
file says only what is On Tour's:

- where each mark of this turn may go, as groups of spaces (``legal_choices``): a writing is
  committed to the game only when it is complete, so the page keeps the half-written turn;
- simultaneous play (``EverySeatAtOnce``): a seat writes whenever it has not written this turn,
  and the bots write at once after the human (no pacing);
- a tour drawn on the map, checked by ``check_tour``; the solo high-score table.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from ..core.text import counted
from ..errors import IllegalAction
from ..widgets.protocol import Handler, Refusal
from ..widgets.session import BoardSession
from ..widgets.turns import EverySeatAtOnce
from .bots import plans
from .facts import CARD_REGION, SPACES
from .facts import spaces_of as ids_of
from .highscores import HighScores, record_once
from .moves import one_space_numbers, ruling, second_spaces, writing_shape
from .scoring import check_tour

#: How many moves the move log keeps: the latest (the maps mark every seat's latest writing).
LOG_KEEP = 1
#: How many rows of the high-score table the board shows.
TABLE_ROWS = 5

_MARK = re.compile(r"^([0-9]{2}|star|X)$")
_SEATED = re.compile(r"^\s*p([0-9])\s*:")


def encode_cell(cell: Any) -> str:
    """A cell in two characters: ``..`` empty, ``56`` a number, ``f6`` the same circled (the tens
    digit as a letter, a = 0 .. j = 9), ``**`` a star, ``*o`` a circled star, ``XX`` an X.

    >>> [encode_cell(c) for c in (None, (56, False), (56, True), (5, True), ("star", True), ("X", False))]
    ['..', '56', 'f6', 'a5', '*o', 'XX']
    """
    if cell is None:
        return ".."
    mark, circled = cell
    if mark == "star":
        return "*o" if circled else "**"
    if mark == "X":
        return "XX"
    tens, units = divmod(mark, 10)
    return f"{'abcdefghij'[tens] if circled else tens}{units}"


def encode_map(cells: tuple, fresh: set[int] | frozenset[int] = frozenset()) -> str:
    """A map (cells in board order) as one string: two characters a written space, ``.`` an empty
    one, and ``!`` before the spaces of the seat's latest writing (``fresh``, board indices).

    >>> encode_map((None, (56, True), None, ("X", False)), fresh={3})
    '.f6.!XX'
    """
    return "".join("." if c is None else ("!" if i in fresh else "") + encode_cell(c)
                   for i, c in enumerate(cells))


def latest_writings(game: Any) -> list[frozenset[int]]:
    """Each seat's latest writing (this turn's, or the turn before's) as board indices."""
    n = len(game.players)
    fresh: list[frozenset[int] | None] = [None] * n
    history = game.history
    for k in range(len(history) - 1, max(-1, len(history) - 2 * n - 1), -1):
        action = history[k]
        if fresh[action.seat] is None:
            fresh[action.seat] = frozenset(SPACES.index(space) for _, space in action.marks)
    return [f or frozenset() for f in fresh]


def compact_view(game: Any, seat: int | None, big: int | None = None) -> dict[str, Any]:
    """``game.view(seat)`` as the page needs it, smaller (a turn costs a few hundred bytes): maps as
    strings (``encode_map``, each seat's latest writing marked); scores as ``[total, spaces,
    circles, tour]`` with the tour's space ids joined by spaces, given for the large map's seat
    ``big`` (default: ``seat``) and, once the game is over, for every seat; no setup list (the
    setup numbers are on every map), no roller (it only matters at the table)."""
    state = game.state
    scores = game.scores
    low, high = state.numbers
    big = seat if big is None else big
    return {
        "seat": seat,
        "players": list(game.players),
        "turn": state.turn,
        "round": state.round,
        "cards": [{"space": c, "region": CARD_REGION[c]} for c in state.cards],
        "dice": list(state.dice),
        "numbers": [low, high],
        "star_turn": state.star_turn,
        "last_turn": state.last_turn,
        "reshuffled": state.reshuffled,
        "written": [int(w) for w in state.written],  # 1 for a seat that has written this turn
        "has_written": seat is not None and state.written[seat] and not state.over,
        "over": state.over,
        "winners": list(game.winners),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "maps": [encode_map(cells, () if state.over else fresh) for cells, fresh in
                 zip(state.maps, latest_writings(game))],
        "scores": [[s.total, s.spaces, s.circles, " ".join(s.tour) if state.over or p == big else ""]
                   for p, s in enumerate(scores)],
    }


def choice_groups(state: Any, seat: int) -> list[dict[str, Any]]:
    """Where this turn's marks may go for ``seat``, as a few groups instead of every action.

    Each group: ``first`` (the marks that may go first: numbers, "star" or "X"), ``spaces``
    (where: space ids joined by spaces), and for a writing of two marks ``then`` (where the
    second may go, the first's space excepted: space ids, or a list of the groups whose spaces
    it may take) with ``second`` (the second mark; without it, the other number of ``first``).
    Spaces whose cards allow the same second spaces form one group (O-WRITE), so a
    turn is at most a dozen groups. Every legal action is one first and one second of a group
    (the tests expand the groups and compare with ``legal_actions``).
    """
    if state.over or state.written[seat]:
        return []
    shape, empty, union, masks = writing_shape(state, seat)
    low, high = state.numbers
    both = [low, high]
    out: list[dict[str, Any]] = []

    def spaces_of(mask: int) -> str:
        return " ".join(ids_of(mask))

    if shape in ("two", "free"):
        # Spaces whose cards are the same (a signature) allow the same second spaces, and those
        # are whole signatures too: "then" lists the groups the second number may go in.
        groups: dict[tuple[int, ...], int] = {}
        for i in range(len(SPACES)):
            if union >> i & 1 and second_spaces(masks, i, empty):
                signature = tuple(k for k, m in enumerate(masks) if m >> i & 1)
                groups[signature] = groups.get(signature, 0) | 1 << i
        masks_of = list(groups.values())
        for mask in masks_of:
            first = (mask & -mask).bit_length() - 1
            then = second_spaces(masks, first, empty, keep=True)
            indices = [k for k, other in enumerate(masks_of) if other & then]
            assert sum(masks_of[k] for k in indices) == then  # whole groups, as said above
            out.append({"first": both, "spaces": spaces_of(mask), "then": indices})
    if shape in ("xone", "free"):
        out.append({"first": both, "spaces": spaces_of(union), "second": "X", "then": spaces_of(empty)})
    if shape in ("xtwo", "free"):
        out.append({"first": ["X"], "spaces": spaces_of(empty), "second": "X", "then": spaces_of(empty)})
    if shape in ("star", "star_any", "star_free"):
        out.append({"first": ["star"], "spaces": spaces_of(union)})
    if shape in ("star_x", "star_free"):
        out.append({"first": ["X"], "spaces": spaces_of(empty)})
    if shape == "two_any":
        out.append({"first": both, "spaces": spaces_of(empty), "then": spaces_of(empty)})
    if shape == "one_any":
        out.append({"first": list(one_space_numbers(state)), "spaces": spaces_of(empty)})
    return out


#: What each kind of turn asks, in words, with its rule: sent to the page once (``palette``), filled
#: in with the roll's numbers there and here ({n}: "23 and 32"; {low}, {high}).
TURN_WORDS = {
    "two": ("Write {n}: pick a number, then a lit space; the other goes in a lit space of another card.",
            "O-WRITE"),
    "free": ("Write {n}, each in a lit space of its own card (an X is allowed anywhere).", "O-WRITE"),
    "xone": ("{n} cannot both be written: one goes in a lit space, then choose any empty space for the "
             "other's X.", "O-X"),
    "xtwo": ("Neither {low} nor {high} has a legal space: choose two empty spaces for their Xs.", "O-X"),
    "star": ("Star turn: one click on a lit space draws the star.", "O-STAR"),
    "star_free": ("Star turn: one click on a lit space draws the star (or an X anywhere).", "O-STAR"),
    "star_x": ("Star turn, but no lit space is empty: choose any empty space for the X.", "O-X"),
    "star_any": ("Last turn, a double: one click draws the star in any empty space.", "O-LAST"),
    "two_any": ("Last turn, no cards: write {n} in any empty spaces.", "O-LAST"),
    "one_any": ("Last turn, one space left: pick the number to write there.", "O-LAST"),
}


def then_spaces(groups: list[dict[str, Any]], group: dict[str, Any]) -> list[str]:
    """Where the second mark of ``group`` may go (before taking out the first's space)."""
    then = group.get("then", "")
    if isinstance(then, str):
        return then.split()
    return [space for k in then for space in groups[k]["spaces"].split()]


def turn_shape_words(state: Any, seat: int) -> dict[str, str]:
    """What this turn asks of ``seat`` in words, with the rule: a star, numbers, or forced Xs."""
    shape = writing_shape(state, seat)[0]
    low, high = (f"{n:02d}" for n in state.numbers)
    text, rule = TURN_WORDS[shape]
    return {"shape": shape, "text": text.format(n=f"{low} and {high}", low=low, high=high), "rule": rule}


class OnTourSession(BoardSession):
    """The protocol of an On Tour board: every seat writes in the same turn; a drawn tour is
    checked; a solo game keeps its high-score table (``highscores``: a ``HighScores``, or a path
    for one; default: the user's data folder)."""

    game_title = "On Tour"
    #: the deals of the writings left in play at the end: a turn of two numbers has a few hundred
    #: writings, shared out by sequential halving (``core.search.Schedule``)
    advice_deals = 64
    needs = (*BoardSession.needs, "map", "scores")
    turns = EverySeatAtOnce(acted=lambda state, seat: bool(state.written[seat]),
                            turn=lambda state: state.round)
    extra_state: ClassVar[dict[str, Any]] = {"drawn": {}, "highscores": {}}
    handlers: ClassVar[dict[str, Handler]] = {
        **BoardSession.handlers,
        "why": Handler(lambda session, content: session.msg_why(content)),
        "tour": Handler(lambda session, content: session.msg_tour(content)),
    }

    def __init__(self, game: Any, seat: int | None = 0, *, speed: str = "normal",
                 highscores: HighScores | str | Path | None = None, **kwargs: Any) -> None:
        self._table = highscores if isinstance(highscores, HighScores) or highscores is None \
            else HighScores(highscores)
        self._table_shown: str | None = None  # "play" or "over": what the table was last read for
        super().__init__(game, seat, speed=speed, **kwargs)
        # The greedy bot plans its tours once per process (about 0.2 s): now, not on the first click.
        plans()

    # -- what the shared session asks of a game's ---------------------------------------------------
    def legal_choices(self) -> list[dict[str, Any]]:
        """Where this turn's marks may go, in groups (``choice_groups``)."""
        return choice_groups(self.game.state, self.acting_seat())

    def game_marks(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """The spaces that would circle, and the kind of turn (a key of ``TURN_WORDS``, which the
        page words). Each seat's latest writing is marked on its map (``encode_map``)."""
        state = self.game.state
        marks: dict[str, Any] = {}
        # Where a number would circle (O-CIRCLE) the page reads from the cards shown.
        if choices:
            marks["turn"] = writing_shape(state, self.acting_seat())[0]
        return marks

    def advice_move(self, state: Any, action: Any) -> str:
        """"56 in KS and 65 in NY (circled)"."""
        return self.describe_move(state, action)["text"].partition(" wrote ")[2]

    def advice_view(self, search: Any) -> dict[str, Any]:
        """Figures for the map: under each space, for each mark that may go there (``"56"``,
        ``"star"``, ``"X"``), the best expected score of the writings that put it there, as
        ``[estimate, low, high, playouts, stood]`` (``stood``: how long sequential halving kept
        the writing in play, ``Tally.kept``); each writing's own figure under its marks in sorted
        order (``"56 TX, 65 OK"``: the page shows it once a first mark is placed); and the best
        writing so far."""
        spaces: dict[str, dict[str, list[float]]] = {}
        writings: dict[str, list[float]] = {}
        best = None
        # Best standing first: after sequential halving a writing dropped on few deals never
        # shows above those kept in play, whatever its mean.
        for tally in search.ranked():
            if not tally.n:
                continue
            low, high = tally.interval(search.kit.bounds)
            figure = [round(tally.mean, 2), round(low, 2), round(high, 2), tally.n, tally.kept]
            if best is None:
                best = (tally.action, figure)
            words = []
            for kind, space in tally.action.marks:
                key = f"{kind:02d}" if isinstance(kind, int) else kind
                words.append(f"{key} {space}")
                there = spaces.setdefault(space, {})
                if key not in there:
                    there[key] = figure
            writings[", ".join(sorted(words))] = figure
        if best is None:
            return {"spaces": {}, "writings": {}}
        marks = [[f"{k:02d}" if isinstance(k, int) else k, space] for k, space in best[0].marks]
        return {"spaces": spaces, "writings": writings,
                "best": {"action": str(best[0]), "marks": marks, "figure": best[1]}}

    def describe_move(self, before: Any, action: Any) -> dict[str, Any]:
        """A writing in words: "seat 1 wrote 56 in TX (circled) and 65 in OK"."""
        found = ruling(before, action)
        parts = []
        for index, cell in found.cells:
            kind, circled = cell
            what = f"{kind:02d}" if isinstance(kind, int) else "a star" if kind == "star" else "an X"
            parts.append(f"{what} in {SPACES[index]}{' (circled)' if circled else ''}")
        text = " and ".join(parts) if parts else str(action)
        return {"seat": action.seat, "text": f"seat {action.seat} wrote {text}"}

    # -- showing the game ---------------------------------------------------------------------------
    def shows(self, choices: list[dict[str, Any]]) -> dict[str, Any]:
        """The shared state with the view in its compact form, the drawn tour checked again and, at
        the end of a solo game, the high-score table."""
        game = self.game
        # The history strip needs only `length`; a move's words come on hover ("describe"), and
        # the texts are o.line(): an 8-seat game's 160 texts are not sent again every turn.
        shown = {"view": compact_view(game, self.seat, self.big_seat()), "choices": choices, "line": [],
                 "length": len(game) - 1, "log": self.log_entries(), "position": game.position,
                 "variations": self.variations_shown(), "marks": self.game_marks(choices)}
        drawn = self.state["drawn"]
        if drawn.get("spaces"):
            shown["drawn"] = self._check(drawn["seat"], drawn["spaces"])
        shown["highscores"] = self._table_state()
        return shown

    def log_entries(self) -> list[dict[str, Any]]:
        # The sentence says all the short text and the seat do: only it is sent (a turn of eight
        # players stays under 4 KB).
        entries = self.entries(max(0, self.game.position - LOG_KEEP))
        return [{"n": e["n"], "story": e["story"]} for e in entries]

    def waits_for(self, turn: int, who: str, human: bool) -> dict[str, str]:
        """What the board waits for, in On Tour's words (seats write, they do not move in turn)."""
        if self.plays_now() and (human or self.acting_seat() != turn):
            return {}  # this board writes for a human seat, or for one that Step would not write for
        if self.seat is None or self.seat == turn:  # a bot's map this board may write on
            return {"text": f"{who.capitalize()} is next to write: click its marks on the map, or let its "
                            "policy write.", "button": f"▶ Seat {turn} writes"}
        if human:
            return {"text": f"You have written; waiting for {who} to write on its own board (or "
                            f"o.step(...) in a cell). Step writes its policy's choice.",
                    "button": f"▶ Step for seat {turn}"}
        return {"text": f"{who.capitalize()} is next to write: Step writes its choice, Play to end plays on.",
                "button": f"▶ Seat {turn} writes"}

    def score_table(self) -> dict[str, list[Any]]:
        """Each seat's best tour so far (O-SCORE): its points, spaces and circles, for an export."""
        scores = self.game.scores
        return {"points": [s.total for s in scores], "spaces": [s.spaces for s in scores],
                "circles": [s.circles for s in scores]}

    def game_changed(self) -> None:
        """A new game on this board: the tour drawn on the last one's map goes."""
        self.set(drawn={})

    # -- the solo high-score table ------------------------------------------------------------------
    def _solo(self) -> bool:
        """A solo game on its player's own board: the one that keeps a high-score table."""
        return self.personal and len(self.game.players) == 1 and self.game.players[0] == "human"

    def _table_state(self) -> dict[str, Any]:
        """The high-score table as the page shows it ({} when the game is not solo)."""
        shown = self.state["highscores"]
        if not self._solo():
            return {}
        table = self._table or HighScores()
        self._table = table
        game = self.game
        try:
            if game.is_over:
                result = record_once(table, game)
                shown = self._table_trait(result["rows"], result["rank"], result["problem"], result["key"],
                                          result["note"])
            elif self._table_shown != "play":
                shown = self._table_trait(table.rows(), None, table.problem, None, "")
            self._table_shown = "over" if game.is_over else "play"
        except Exception as exc:  # a table is never worth a broken board
            shown = {"rows": [], "rank": None, "best": None, "note": "",
                     "problem": f"The high-score table is unavailable ({exc.__class__.__name__})."}
        return shown

    @staticmethod
    def _table_trait(rows: list[dict[str, Any]], rank: int | None, problem: str, key: str | None,
                     note: str) -> dict:
        shown = [{"total": r["total"], "spaces": r["spaces"], "circles": r["circles"], "seed": r["seed"],
                  "date": r["date"], "this": r["key"] == key} for r in rows[:TABLE_ROWS]]
        return {"rows": shown, "rank": rank, "games": len(rows), "problem": problem, "note": note,
                "best": rows[0]["total"] if rows else None}

    # -- a tour drawn on the board ------------------------------------------------------------------
    def check(self, spaces: list[str], seat: int | None = None) -> dict[str, Any]:
        """Check a tour drawn on ``seat``'s map (default: this board's large map) and show it."""
        self.check_live()
        seat = self.big_seat() if seat is None else self.game._seat(seat)
        drawn = self._check(seat, list(spaces)) if spaces else {}
        with self.held():
            self.set(drawn=drawn)
            self.say(drawn.get("text", "Tour cleared."), error=not drawn.get("ok", True),
                     rule=drawn.get("rule", ""))
        return drawn

    def big_seat(self) -> int:
        """The seat whose map is drawn large: this board's, else the seat to move, else a winner."""
        game = self.game
        if self.seat is not None:
            return self.seat
        if game.turn is not None:
            return game.turn
        return (game.winners or [0])[0]

    def _check(self, seat: int, spaces: list[str]) -> dict[str, Any]:
        board = self.game.map(seat)
        best = self.game.scores[seat]
        out: dict[str, Any] = {"seat": seat, "spaces": spaces, "best": best.total}
        try:
            score = check_tour(board, spaces)
        except IllegalAction as exc:
            text = str(exc)
            return {**out, "ok": False, "text": f"Not a tour: {text}", "rule": exc.rule or "O-ROUTE",
                    "total": None}
        gap = best.total - score.total
        compare = ("as good as the best tour" if gap == 0 else f"{gap} below the best tour ({best.total})")
        text = (f"Your tour scores {score.total} = {counted(score.spaces, 'space')} + "
                f"{counted(score.circles, 'circle')}: {compare}.")
        return {**out, "ok": True, "text": text, "rule": "O-SCORE", "total": score.total}

    # -- messages from the page ---------------------------------------------------------------------
    def _marks(self, content: dict[str, Any]) -> list[tuple[str, str]]:
        """The marks of a page message as (mark text, space id); refused unless well formed."""
        marks = content.get("marks")
        if not isinstance(marks, list) or not 1 <= len(marks) <= 2:
            raise Refusal("Refused marks that are not a list of one or two [mark, space]; nothing changed.")
        out = []
        for mark in marks:
            if not (isinstance(mark, list) and len(mark) == 2 and all(isinstance(m, str) for m in mark)
                    and _MARK.match(mark[0]) and mark[1] in SPACES):
                raise Refusal("Refused a mark that is not [\"56\" | \"star\" | \"X\", space id]; "
                               "nothing changed.")
            out.append((mark[0], mark[1]))
        return out

    def msg_why(self, content: dict[str, Any]) -> None:
        """Why a mark (or two) cannot go where the player clicked, naming only the marks the player
        placed, with the verdict's reason and rule: "06 cannot go in KY: KY already holds 27: write in
        an empty space (O-WRITE)".

        The judge rules on whole writings: a single number is judged with its partner in a space the
        partner may take (``_partner``), so the reason is about the clicked space; the partner is
        never named.
        """
        if content.get("revision") != self.revision:
            raise Refusal("Refused 'why': the board had moved on; nothing changed, look again.")
        marks = self._marks(content)
        if not self.plays_now():
            raise self.not_now()
        seat = self.acting_seat()
        state = self.game.state
        text = ", ".join(f"{m} {s}" for m, s in marks)
        if len(marks) == 1 and marks[0][0] != "star" and not state.star_turn:
            partner = self._partner(marks[0])
            if partner:
                text += f", {partner[0]} {partner[1]}"
        verdict = self.game.why(f"p{seat}: {text}")
        if verdict.legal:
            return None  # the page asked about a writing that is fine: nothing to say
        words = {"star": "a star", "X": "an X"}
        mark, space = marks[-1]
        said = f"{words.get(mark, mark)} cannot go in {space}"
        if len(marks) == 2:
            said += f" after {words.get(marks[0][0], marks[0][0])} in {marks[0][1]}"
        said = said[0].upper() + said[1:]
        raise Refusal(f"{said}: {verdict.text}", verdict.rule)

    def _partner(self, mark: tuple[str, str]) -> tuple[str, str] | None:
        """A second mark to judge ``mark`` with, as (mark, space): where it may follow ``mark`` if
        ``mark`` fits, else anywhere it fits on its own (so the verdict is about ``mark``'s space)."""
        low, high = self.game.state.numbers
        other = f"{high:02d}" if mark[0] == f"{low:02d}" else f"{low:02d}"

        def words(group: dict[str, Any]) -> set[str]:
            return {f"{m:02d}" if isinstance(m, int) else m for m in group["first"]}

        for group in self.choices:
            if mark[0] in words(group) and mark[1] in group["spaces"].split() and group.get("then"):
                second = group.get("second", other)
                for space in then_spaces(self.choices, group):
                    if space != mark[1]:
                        return second, space
        for group in self.choices:
            if other in words(group):
                for space in group["spaces"].split():
                    if space != mark[1]:
                        return other, space
        return None

    def not_now(self) -> Refusal:
        """Why this board may not write now: the game is over, or its seat has written this turn."""
        game = self.game
        if game.is_over:
            return self.game_over("every map is full", "O-END")
        seat = self.acting_seat()
        return Refusal(f"Seat {seat} has already written this turn; the next turn begins when every seat "
                        f"has written (O-DISCARD).", "O-DISCARD")

    def msg_tour(self, content: dict[str, Any]) -> dict[str, Any] | None:
        spaces = content.get("spaces")
        if not isinstance(spaces, list) or len(spaces) > len(SPACES) or not all(
                isinstance(s, str) and len(s) <= 4 for s in spaces):
            raise Refusal("Refused a tour that is not a list of space ids; nothing changed.")
        seat = content.get("seat", self.big_seat())
        if type(seat) is not int or not 0 <= seat < len(self.game.players):
            raise Refusal("Refused a tour on a seat that is not in the game; nothing changed.")
        return {"tour": self.check(spaces, seat)}

    def read_action(self, action: str) -> str:
        """A writing for the acting seat: its text as sent, or with the seat put in front."""
        seat = self.acting_seat()
        named = _SEATED.match(action)
        if named and int(named.group(1)) != seat:
            raise Refusal(f"This board writes for seat {seat}, not p{named.group(1)}; nothing changed.")
        return action if named else f"p{seat}: {action}"
