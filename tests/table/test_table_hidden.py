"""A seat's link receives only what its seat may see (T-VIEW): never another hand, never the draw
pile's order, never the seed of a deal still in play, in no frame, the first one included.

Whole games are played at real tables, every human seat through its own websocket (bots answer
by themselves); now and then each page also asks for its exports and the last moves in words.
Then every frame each seat received is checked: directly (no other seat's cards, no seed), and
structurally: at every position its page was at, the line is dealt again with everything that
seat cannot see drawn anew (``fork(resample=True, seed=k, seat=s)`` at each position), and a
fresh seat's session of that re-dealt line must show exactly the page's state, and answer its
questions with exactly the replies it got.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import touring_widgets as tw
from tests.table.clients import SeatClient
from touring_widgets.core.registry import spec_of
from touring_widgets.on_tour.session import then_spaces
from touring_widgets.table.seating import seated
from touring_widgets.table.server import BURST, RATE

#: The page's keys that describe the game (the rest say how the board talks: message, revision...).
GAME_KEYS = ("view", "choices", "line", "log", "length", "position", "variations", "marks", "waiting")
#: How many times each seat's line is dealt again.
REDEALS = 2
#: Every this many moves (and at the end) each page also asks for its exports and the last moves.
ASK_EVERY = 20

T = tw.touring.Rules
#: Human and bot seats mixed; at 4 and 6 partners sit s and s + n/2 (at 6 both human: seats 0 & 3).
#: Each seed is text no frame could hold by chance.
GAMES: dict[str, Callable[[], Any]] = {
    "touring-2": lambda: tw.Touring(players=["human", "greedy"], seed="qz-deal-2p"),
    "touring-3": lambda: tw.Touring(players=["human", "greedy", "human"], seed="qz-deal-3p"),
    "touring-4-teams": lambda: tw.Touring(players=["human", "human", "greedy", "greedy"], seed="qz-deal-4t",
                                          rules=T(teams=True)),
    "touring-6-teams": lambda: tw.Touring(players=["human", "greedy", "greedy", "human", "human", "random"],
                                          seed="qz-deal-6t", rules=T(teams=True)),
    "on-tour-2": lambda: tw.OnTour(players=["human", "greedy"], seed="qz-deal-o2"),
    "on-tour-3": lambda: tw.OnTour(players=["human", "human", "greedy"], seed="qz-deal-o3"),
}


# -- playing a whole game at a table --------------------------------------------------------------
def pick(rng: random.Random, choices: list[dict[str, Any]]) -> str:
    """One of the page's choices as the action a player's click sends (a card played when one
    can be: games end sooner)."""
    if "first" not in choices[0]:  # Touring: each choice is an action
        plays = [c["action"] for c in choices if c["kind"] == "play"]
        return rng.choice(plays or [c["action"] for c in choices])
    group = rng.choice(choices)  # On Tour: groups of where the marks may go

    def word(mark: Any) -> str:
        return f"{mark:02d}" if isinstance(mark, int) else mark

    mark, space = rng.choice(group["first"]), rng.choice(group["spaces"].split())
    if "then" not in group:
        return f"{word(mark)} {space}"
    second = group.get("second", next((m for m in group["first"] if m != mark), mark))
    then = rng.choice([s for s in then_spaces(choices, group) if s != space])
    return f"{word(mark)} {space}, {word(second)} {then}"


async def _until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the table stopped answering"
        await asyncio.sleep(0.002)


class Paced:
    """A page that keeps under the table's message budget (a refused message gets one reply, the
    next ones none): the server's bucket, mirrored with two messages to spare."""

    def __init__(self, page: SeatClient) -> None:
        self.page = page
        self.tokens, self.refill = float(BURST), time.monotonic()

    async def send(self, message: dict[str, Any]) -> dict[str, Any]:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refill) * RATE)
        self.refill = now
        if self.tokens < 3:
            await asyncio.sleep((3 - self.tokens) / RATE)
            self.tokens, self.refill = 3.0, time.monotonic()
        self.tokens -= 1
        return await self.page.send(message)


@dataclasses.dataclass
class Played:
    """What each human seat's page received, and what it asked besides moving: (position,
    message, reply) for each question."""

    frames: dict[int, list[dict[str, Any]]]
    asked: dict[int, list[tuple[int, dict[str, Any], dict[str, Any]]]]


async def _ask(table: Any, pages: dict[int, Paced], asked: dict[int, list[Any]]) -> None:
    """Each page asks what a page may ask besides moving: its exports, and the last moves in words
    (once the bots have answered: nothing moves meanwhile)."""
    assert await asyncio.to_thread(table.settle)
    end = len(table.game) - 1
    await _until(lambda: all(p.page.state["position"] == end for p in pages.values()))
    for seat, paced in pages.items():
        at = paced.page.state["position"]
        questions = [{"type": "export", "format": "text"}, {"type": "export", "format": "csv"}]
        questions += [{"type": "describe", "index": i} for i in range(max(1, at - 5), at + 1)]
        for question in questions:
            reply = await paced.send(question)
            assert reply["ok"], reply
            asked[seat].append((at, question, reply))


async def _play(table: Any, game: Any, seed: int) -> Played:
    rng = random.Random(seed)
    pages = {s: Paced(SeatClient(table.link(s))) for s, p in enumerate(game.players) if p == "human"}
    asked: dict[int, list[Any]] = {s: [] for s in pages}
    for paced in pages.values():
        await paced.page.connect()
    try:
        moves, asked_at = 0, -1
        while True:
            # Every page shows the line's end, and whoever may move there has choices (On Tour's
            # bots may still be writing: a move sent meanwhile is refused, and sent again).
            await _until(lambda: game.is_over or (
                all(p.page.state["position"] == len(game) - 1 for p in pages.values())
                and any(p.page.state["choices"] for p in pages.values())))
            if game.is_over:
                break
            if moves % ASK_EVERY == ASK_EVERY // 2 and asked_at != moves:
                asked_at = moves
                await _ask(table, pages, asked)
                continue  # the bots may have answered meanwhile: look again
            paced = next(p for p in pages.values() if p.page.state["choices"])
            reply = await paced.send({"type": "act", "action": pick(rng, paced.page.state["choices"])})
            # On Tour's seats write at once: another's writing may reach the session first
            assert reply["ok"] or "moved on" in reply["message"], reply
            moves += 1
        await _ask(table, pages, asked)
    finally:
        for paced in pages.values():
            await paced.page.close()
    return Played({s: p.page.frames for s, p in pages.items()}, asked)


def play_at_table(game: Any, seed: int = 0) -> Played:
    """Play ``game`` to its end at a table, every human seat from its own page."""
    table = tw.table.host(game, speed="instant")
    try:
        return asyncio.run(_play(table, game, seed))
    finally:
        table.close()


# -- what a page was shown --------------------------------------------------------------------------
def page_states(frames: list[dict[str, Any]], keys: tuple[str, ...]) -> list[dict[str, Any]]:
    """The page's state after each frame (as its model keeps it), ``keys`` only, each once."""
    state: dict[str, Any] = {}
    seen, out = set(), []
    for frame in frames:
        if frame["t"] == "state":
            state = dict(frame["state"])
        elif frame["t"] == "change":
            state.update(frame["changes"])
        else:
            continue
        shown = {k: state[k] for k in keys}
        text = json.dumps(shown, sort_keys=True)
        if text not in seen:
            seen.add(text)
            out.append(shown)
    return out


def walk(value: Any) -> Iterator[tuple[str, Any]]:
    """Every (key, value) of every object nested in ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


# -- the same line, dealt again -------------------------------------------------------------------------
def redealt_line(game: Any, seat: int, seed: str) -> list[Any]:
    """Positions 0..end of ``game``'s line, each a game whose line is the real one with every
    card ``seat`` cannot see dealt again from ``seed`` at every position.

    ``fork(resample=True)`` deals one position again and starts a new line there; the page also
    shows the moves that led to it (line, log), so each position of the line is dealt again and
    the positions are linked into a line of their own (Touring: another seat's face-down discard
    becomes the card the re-deal put there)."""
    walker = game.fork()
    walker.goto(0)
    Node = type(game._node)
    node, out = None, []
    for index, real in enumerate(game.states()):
        if index:
            walker.redo()
        dealt = walker.fork(resample=True, seed=seed, seat=seat).state
        action = walker.history[-1] if index else None
        if isinstance(game, tw.Touring):
            if real.drawn is not None and dealt.drawn is None:
                # that the seat to move drew is public (its hand grew, T-TURN; the log says so), but a
                # re-deal keeps the drawn card for ``seat`` only: mark one of the new hand's
                dealt = dataclasses.replace(dealt, drawn=dealt.hands[dealt.turn][-1])
            if index:
                action = dealt.last[1]
        node = Node(dealt, action, node, index)
        twin = game.fork()
        twin._node, twin._redo, twin._variations = node, None, ()
        out.append(twin)
    return out


def seat_answers(game: Any, seat: int, keys: tuple[str, ...], questions: list[dict[str, Any]]) -> Any:
    """What a table's fresh session for ``seat`` shows of ``game`` (``keys`` only), and its replies
    to ``questions`` (without their revision: a fresh session counts from its own start)."""
    spec = spec_of(game)
    session = seated(spec.session)(game, seat, speed="instant", follows=False, name=f"{spec.title} table")
    try:
        shown = {k: session.state[k] for k in keys}
        return shown, [without_revision(session.receive(q)) for q in questions]
    finally:
        session.close()


def without_revision(reply: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in reply.items() if k != "revision"}


# -- the checks -------------------------------------------------------------------------------------------
def check_hands(seat: int, frames: list[dict[str, Any]]) -> None:
    """Touring: every view in every frame shows its own seat's cards only, and the card just drawn
    only when its seat drew it (T-VIEW)."""
    for n, frame in enumerate(frames):
        for key, view in walk(frame):
            if key != "view" or not view:
                continue
            assert view["seat"] == seat, f"frame {n} shows seat {seat} the view of seat {view['seat']}"
            for hand in view["hands"]:
                assert hand["cards"] is None or hand["seat"] == seat, \
                    f"frame {n} shows seat {seat} the hand of seat {hand['seat']}: {hand['cards']}"
            assert view["drawn"] is None or view["turn"] == seat, \
                f"frame {n} shows seat {seat} the card seat {view['turn']} drew: {view['drawn']}"


def check_no_seed(game: Any, frames: list[dict[str, Any]]) -> None:
    """No frame holds the game's seed, under a "seed" key or anywhere in its text."""
    for n, frame in enumerate(frames):
        assert game.seed not in json.dumps(frame), f"frame {n} holds the seed {game.seed!r}"
        assert all(value != game.seed for key, value in walk(frame) if key == "seed"), n


def check_redealt(game: Any, seat: int, played: Played) -> int:
    """Every state the page was in, and every reply to what it asked, equals a fresh seat
    session's of the line dealt again (``REDEALS`` deals); returns how many states were compared."""
    keys = GAME_KEYS + tuple(spec_of(game).session.extra_state)
    shown = page_states(played.frames[seat], keys)
    questions: dict[int, list[Any]] = {}
    for at, question, reply in played.asked[seat]:
        questions.setdefault(at, []).append((question, without_revision(reply)))
    assert questions
    real = list(game.states())
    for k in range(REDEALS):
        line = redealt_line(game, seat, f"redeal/{k}")
        # the deal did change what the seat cannot see (other hands; On Tour: the deck's order)
        hidden = "hands" if isinstance(game, tw.Touring) else "deck"
        assert any(getattr(t.state, hidden) != getattr(r, hidden) for t, r in zip(line, real))
        for page in shown:
            at = page["position"]
            asked = questions.pop(at, []) if k == 0 else []
            twin, replies = seat_answers(line[at], seat, keys, [q for q, _ in asked])
            for key in keys:
                assert page[key] == twin[key], (
                    f"seat {seat}'s page at position {at} shows {key!r} unlike a re-deal (redeal/{k}) of "
                    f"what it cannot see:\npage:     {str(page[key])[:400]}"
                    f"\nre-dealt: {str(twin[key])[:400]}")
            for (question, reply), again in zip(asked, replies):
                assert reply == again, (f"seat {seat}'s page at position {at} was answered {question} "
                                        f"unlike a re-deal:\npage:     {str(reply)[:400]}"
                                        f"\nre-dealt: {str(again)[:400]}")
    assert not questions  # every question was asked at a position the page showed
    return len(shown)


#: One game runs in the quick suite; the others (1 to 4 s each, most of it waiting on sockets) are slow.
QUICK = "touring-4-teams"


@pytest.mark.parametrize("name", [pytest.param(name, marks=() if name == QUICK else pytest.mark.slow)
                                  for name in GAMES])
def test_t_view_a_seat_s_frames_hold_only_what_it_may_see(name):
    """Whole games at a table: each human seat's every frame, the first included, shows no other
    seat's cards, no seed, and nothing a re-deal of what the seat cannot see would change."""
    game = GAMES[name]()
    played = play_at_table(game)
    assert game.is_over and played.frames
    for seat, received in played.frames.items():
        assert received[0]["t"] == "state"
        check_no_seed(game, received)
        if isinstance(game, tw.Touring):
            check_hands(seat, received)
        assert check_redealt(game, seat, played) > 10
