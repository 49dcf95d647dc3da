"""Nothing played is ever lost: the timeline of a real game against a naive model of every line.

A rule-based state machine plays Touring (2 to 4 seats, partners at 4) and On Tour (1 to 3 seats)
with random sequences of every timeline operation: a chosen move, ``step()`` (the recorded line,
else the seat's bot), ``play(k)``, undo, redo, goto, enter, fork, a re-dealt fork, a refused move,
and a save and load that replaces the game by its reloaded copy. Beside each game it keeps a
model written from the documented promises, with lines as tuples of action texts:

- the line is the history and the future; a move equal to the next recorded one is a redo, another
  keeps the recorded continuation as a variation branching at the cursor (``g.variations``, oldest
  first), and ``step()`` or ``play()`` never makes a variation;
- ``goto``, ``undo`` and ``redo`` move the cursor along the line and keep its future;
- ``enter(v)`` makes ``v``'s line the line, its cursor where ``v`` branches, and keeps the part of
  the old line past the deepest position both lines share (same moves) as a variation there;
- a fork copies everything, then each game goes its own way; a re-dealt fork starts a new line
  whose ``origin`` names the line, seat and seed it was dealt from (and the origin's own origin);
- a save and load keeps the line, the cursor, every variation, the origin and the state.

After every operation every game alive is compared with its model (history, position, future,
``len``, each variation's position and moves, each variation's whole line as saved, the origin),
and every line ever played in that game is still a prefix of its line or of one of its variations.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import touring_widgets as tw
from tests.properties.kinds import on_tour_kinds, touring_kinds

Line = tuple[str, ...]
MOST_GAMES = 4

KINDS: dict[type, st.SearchStrategy[dict[str, Any]]] = {
    tw.Touring: touring_kinds(players=st.integers(2, 4), policies=("greedy", "random", "keeper", "human")),
    tw.OnTour: on_tour_kinds(players=st.integers(1, 3), policies=("greedy", "random", "human")),
}
#: how many bot moves a game may have before the machine starts (some reach the end soon after)
HOW = st.sampled_from(["any", "recorded", "other", "variation"])
PRELUDE: dict[type, int] = {tw.Touring: 90, tw.OnTour: 55}


def texts(actions: Any) -> Line:
    return tuple(str(a) for a in actions)


@dataclass
class Model:
    """What a game's timeline should hold: the line, the cursor, the variations (where each
    branches, as the moves before it, and its moves), the origin, and every line ever played."""

    line: Line
    cursor: int
    variations: list[tuple[Line, Line]] = field(default_factory=list)
    origin: dict[str, Any] | None = None
    played: set[Line] = field(default_factory=set)

    def copy(self) -> Model:
        return Model(self.line, self.cursor, list(self.variations), self.origin, set(self.played))

    def extend(self, action: str) -> None:
        """A new move at the cursor: the recorded continuation, if any, becomes a variation."""
        if self.cursor < len(self.line):
            self.variations.append((self.line[: self.cursor], self.line[self.cursor :]))
        self.line = (*self.line[: self.cursor], action)
        self.cursor += 1
        self.played.add(self.line)

    def step(self, action: str) -> None:
        if self.cursor < len(self.line) and self.line[self.cursor] == action:
            self.cursor += 1
        else:
            self.extend(action)

    def enter(self, index: int) -> None:
        before, moves = self.variations.pop(index)
        shared = 0
        while shared < min(len(self.line), len(before)) and self.line[shared] == before[shared]:
            shared += 1
        if shared < len(self.line):
            self.variations.append((self.line[:shared], self.line[shared:]))
        self.line, self.cursor = before + moves, len(before)


@dataclass
class Slot:
    game: Any
    model: Model


def reachable(game: Any) -> list[Line]:
    """The game's line and every variation's whole line, as the game itself shows and saves them."""
    saved = json.loads(game.to_json())
    variations = [tuple(v["actions"]) for v in saved.get("variations", [])]
    return [texts(game.history) + texts(game.future), *variations]


def check(game: Any, model: Model, what: str) -> None:
    """The game holds what its model holds, and every line ever played in it is still there."""
    assert texts(game.history) == model.line[: model.cursor], f"{what}: the history is not the line played"
    assert game.position == model.cursor, f"{what}: the cursor is at {game.position}, not {model.cursor}"
    assert texts(game.future) == model.line[model.cursor :], f"{what}: the recorded future changed"
    assert len(game) == len(model.line) + 1, f"{what}: len() does not count the whole line"
    shown = [(v.position, texts(v.actions)) for v in game.variations]
    expected = [(len(before), moves) for before, moves in model.variations]
    assert shown == expected, f"{what}: the variations are {shown}, not {expected}"
    saved = json.loads(game.to_json())
    assert (saved["actions"], saved["cursor"]) == (list(model.line), model.cursor), f"{what}: the save's line"
    lines = [(v["at"], tuple(v["actions"])) for v in saved.get("variations", [])]
    assert lines == [(len(before), before + moves) for before, moves in model.variations], (
        f"{what}: a saved variation is not the line it branches off followed by its moves")
    assert game.origin == model.origin, f"{what}: the origin is {game.origin}, not {model.origin}"
    assert saved.get("origin") == model.origin, f"{what}: the save does not keep the origin"
    kept = reachable(game)
    for played in model.played:
        lost = f"{what}: the line played {played} is in neither the line nor a variation"
        assert any(line[: len(played)] == played for line in kept), lost


class TimelineMachine(RuleBasedStateMachine):
    """Several games of one kind (the first and its forks) driven side by side with their models."""

    cls: type = tw.Touring

    def __init__(self) -> None:
        super().__init__()
        self.slots: list[Slot] = []

    def slot(self, which: int) -> Slot:
        return self.slots[which % len(self.slots)]

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        kind = data.draw(KINDS[self.cls], label="kind")
        game = self.cls(**kind)
        prelude = st.integers(0, 4) | st.integers(0, PRELUDE[self.cls])
        game.play(max_plies=data.draw(prelude, label="prelude"))
        line = texts(game.history)
        self.slots.append(Slot(game, Model(line, len(line), played={line})))

    def play_chosen(self, slot: Slot, pick: int, how: str, as_text: bool) -> None:
        """Step a move chosen among the legal ones: any, the recorded one, another than the recorded
        one, or the first move of a variation branching here."""
        game, model = slot.game, slot.model
        legal = list(game.legal_actions())
        action = legal[pick % len(legal)]
        recorded = model.line[model.cursor] if model.cursor < len(model.line) else None
        here = [moves[0] for before, moves in model.variations if before == model.line[: model.cursor]]
        others = [a for a in legal if str(a) != recorded]
        if how == "recorded" and recorded is not None:
            action = next(a for a in legal if str(a) == recorded)
        elif how == "other" and others:
            action = others[pick % len(others)]
        elif how == "variation" and here:
            action = next(a for a in legal if str(a) == here[pick % len(here)])
        taken = game.step(str(action) if as_text else action)
        assert str(taken) == str(action), "step(a) returned another action than the one given"
        model.step(str(action))

    @rule(which=st.integers(0, MOST_GAMES - 1), pick=st.integers(0, 10**4), how=HOW, as_text=st.booleans())
    def step_a_chosen_move(self, which: int, pick: int, how: str, as_text: bool) -> None:
        slot = self.slot(which)
        if not slot.game.is_over:
            self.play_chosen(slot, pick, how, as_text)

    @rule(which=st.integers(0, MOST_GAMES - 1), back=st.integers(1, 6), pick=st.integers(0, 10**4),
          how=HOW, as_text=st.booleans())
    def go_back_and_play(self, which: int, back: int, pick: int, how: str, as_text: bool) -> None:
        slot = self.slot(which)
        slot.model.cursor = max(0, slot.model.cursor - back)
        slot.game.goto(slot.model.cursor)
        if not slot.game.is_over:
            self.play_chosen(slot, pick, how, as_text)

    @rule(which=st.integers(0, MOST_GAMES - 1))
    def step_by_the_line_or_the_bot(self, which: int) -> None:
        slot = self.slot(which)
        game, model = slot.game, slot.model
        if game.is_over and not game.future:
            with pytest.raises(tw.IllegalAction):
                game.step()
            return
        legal = {str(a) for a in game.legal_actions()}
        taken = str(game.step())
        if model.cursor < len(model.line):
            assert taken == model.line[model.cursor], "step() did not replay the recorded line"
            model.cursor += 1
        else:
            assert taken in legal, f"step() took {taken!r}, which was not legal"
            model.extend(taken)

    @rule(which=st.integers(0, MOST_GAMES - 1), plies=st.integers(0, 8))
    def play_some_moves(self, which: int, plies: int) -> None:
        slot = self.slot(which)
        game, model = slot.game, slot.model
        game.play(max_plies=plies)
        line = texts(game.history)
        replayed = min(plies, len(model.line) - model.cursor)
        assert line[: model.cursor + replayed] == model.line[: model.cursor + replayed], (
            "play() did not replay the recorded line first")
        if model.cursor + plies <= len(model.line):
            model.cursor += plies
        else:
            assert len(line) == model.cursor + plies or game.is_over, "play(k) stopped early"
            model.cursor = len(model.line)
            for action in line[model.cursor :]:
                model.extend(action)

    @rule(which=st.integers(0, MOST_GAMES - 1))
    def undo(self, which: int) -> None:
        slot = self.slot(which)
        assert slot.game.undo() == (slot.model.cursor > 0), "undo() said the wrong thing"
        slot.model.cursor = max(0, slot.model.cursor - 1)

    @rule(which=st.integers(0, MOST_GAMES - 1))
    def redo(self, which: int) -> None:
        slot = self.slot(which)
        more = slot.model.cursor < len(slot.model.line)
        assert slot.game.redo() == more, "redo() said the wrong thing"
        slot.model.cursor += more

    @rule(which=st.integers(0, MOST_GAMES - 1), index=st.integers(-10**4, 10**4))
    def goto(self, which: int, index: int) -> None:
        slot = self.slot(which)
        size = len(slot.model.line) + 1
        index = index % (2 * size) - size
        slot.game.goto(index)
        slot.model.cursor = index % size

    @rule(which=st.integers(0, MOST_GAMES - 1), pick=st.integers(0, 10**4), by_index=st.booleans())
    def enter(self, which: int, pick: int, by_index: bool) -> None:
        slot = self.slot(which)
        if not slot.model.variations:
            with pytest.raises(IndexError):
                slot.game.enter(pick)
            return
        index = pick % len(slot.model.variations)
        slot.game.enter(index if by_index else slot.game.variations[index])
        slot.model.enter(index)

    @precondition(lambda self: len(self.slots) < MOST_GAMES)
    @rule(which=st.integers(0, MOST_GAMES - 1))
    def fork(self, which: int) -> None:
        slot = self.slot(which)
        self.slots.append(Slot(slot.game.fork(), slot.model.copy()))

    @precondition(lambda self: len(self.slots) < MOST_GAMES)
    @rule(which=st.integers(0, MOST_GAMES - 1), seed=st.integers(0, 10**6) | st.text("abcxyz", max_size=5),
          seat=st.none() | st.integers(0, 7))
    def fork_dealt_again(self, which: int, seed: int | str, seat: int | None) -> None:
        slot = self.slot(which)
        game, model = slot.game, slot.model
        if seat is not None:
            seat %= game.n_players
        twin = game.fork(resample=True, seed=seed, seat=seat)
        dealt_for = seat if seat is not None else (0 if game.turn is None else game.turn)
        origin: dict[str, Any] = {"actions": list(model.line[: model.cursor]), "seat": dealt_for}
        origin["seed"] = seed
        if model.origin is not None:
            origin["from"] = model.origin
        self.slots.append(Slot(twin, Model((), 0, origin=origin, played={()})))

    @rule(which=st.integers(0, MOST_GAMES - 1))
    def refuse_a_move(self, which: int) -> None:
        slot = self.slot(which)
        with pytest.raises(tw.IllegalAction):
            slot.game.step("no such move")

    @rule(which=st.integers(0, MOST_GAMES - 1))
    def save_and_load(self, which: int) -> None:
        slot = self.slot(which)
        game = slot.game
        loaded = self.cls.from_json(game.to_json())
        assert loaded.state == game.state, "a loaded game is not at the same state"
        assert (loaded.players, loaded.seed, loaded.rules) == (game.players, game.seed, game.rules)
        slot.game = loaded

    @invariant()
    def every_game_matches_its_model(self) -> None:
        for number, slot in enumerate(self.slots):
            check(slot.game, slot.model, f"game {number}")


class TouringTimeline(TimelineMachine):
    cls = tw.Touring


class OnTourTimeline(TimelineMachine):
    cls = tw.OnTour


HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def sessions(examples: int, steps: int) -> settings:
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    suppress_health_check=HEALTH)


@pytest.mark.parametrize(("machine", "examples"), [(TouringTimeline, 80), (OnTourTimeline, 50)],
                         ids=["Touring", "OnTour"])
def test_nothing_played_is_lost_or_changed(machine: type[TimelineMachine], examples: int) -> None:
    """Every line ever played stays in the line or a variation, through every operation and a save."""
    run_state_machine_as_test(machine, settings=sessions(examples, 40))


@pytest.mark.slow
@pytest.mark.parametrize(("machine", "examples"), [(TouringTimeline, 150), (OnTourTimeline, 40)],
                         ids=["Touring", "OnTour"])
def test_nothing_played_is_lost_or_changed_in_long_sessions(machine: type[TimelineMachine],
                                                            examples: int) -> None:
    """The same promise over more and longer sessions of steps, branches, forks and saves."""
    run_state_machine_as_test(machine, settings=sessions(examples, 80))
