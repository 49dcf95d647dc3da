"""Moves valued by playouts on re-dealt positions: the advice and the search bot of every game.

A playout deals again every card the seat cannot see (the game's ``resample``, T-VIEW and its On
Tour twin), plays the move, and lets every seat play on to the end: the seat weighing its moves by
the game's ``own_policy``, every other seat by its ``playout_policy`` (greedy, the model of an
opponent). Every move is tried on the same deals (common random numbers), so the differences
between moves are not drowned by the luck of the deal. Each game declares what it needs in a
``SearchKit`` (its spec's ``search``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .game import Game, check_seed
from .registry import spec_of
from .stats import normal_interval, wilson


@dataclass
class SearchKit:
    """What the playout search needs of one game.

    Attributes:
        kind: what a playout is worth ("chance to win", "expected score"); bounds: its range.
        cap: the moves a playout may take; capped_value: what a playout cut there is worth.
        trust: how many standard errors of the paired difference another move must beat the
            own policy's move by before the search bot leaves it (0: any margin).
        resample: ``resample(state, seat, seed)``, the position with what the seat cannot see
            dealt again.
        candidates: the moves advice weighs; shortlist: the moves the search bot weighs.
        apply: the position after a listed move (not judged again); turn: the seat to move, or
            None at the end.
        own_policy: how the seat weighing its moves plays on; playout_policy: how the others do.
        value: what a finished game is worth to a seat.
        prior, wide: how the advice shares its playouts where a position has many moves;
            noun, judge: how its progress line words them.
        assumes: what the figures take for granted about the other seats, in words the
            progress line adds to "Each figure is the chance to win" ("" when nothing: a solo game).
        model: the name of ``playout_policy`` ("greedy"); models: policy name -> (the name it is
            played out as, the policy) for the bots the advice plays a seat as, in place of the
            model of an opponent (``advice_kit``; a seat not named there, a human's, stays on it).
    """

    kind: str
    bounds: tuple[float, float]
    cap: int
    trust: float
    resample: Callable[[Any, int, int | str], Any]
    candidates: Callable[[Any, int], Sequence[Any]]
    shortlist: Callable[[Any, int], Sequence[Any]]
    apply: Callable[[Any, Any], Any]
    turn: Callable[[Any], int | None]
    own_policy: Callable[[Any, int], Any]
    playout_policy: Callable[[Any, int], Any]
    value: Callable[[Any, int], float]
    capped_value: Callable[[Any, int], float]
    #: a quick guess of what each of ``moves`` is worth (higher is better), with no playout:
    #: ``prior(state, seat, moves)``; the advice plays the likeliest first (None: in their order)
    prior: Callable[[Any, int, Sequence[Any]], Sequence[float]] | None = None
    #: above this many moves the advice shares its playouts by sequential halving (``Schedule``)
    #: instead of playing every move on every deal (0: never)
    wide: int = 0
    #: what the advice's progress line calls a move, and the guess behind ``prior``
    noun: str = "move"
    judge: str = "a quick judge"
    assumes: str = ""
    model: str = ""
    models: dict[str, tuple[str, Callable[[Any, int], Any]]] = field(default_factory=dict)

    def __repr__(self) -> str:
        low, high = self.bounds
        return f"<SearchKit: {self.kind} in {low:g}..{high:g}, playouts of at most {self.cap} moves>"


@dataclass
class Tally:
    """The playouts of one move: how many, and the sum and sum of squares of their values."""

    action: Any
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    #: each deal's value, when the search keeps them (to compare two moves deal by deal)
    by_deal: dict[int, float] | None = None
    #: how far the move stood in the advice's sequential halving (``Schedule``): moves kept in
    #: play longer rank above those dropped earlier, whatever their means on fewer deals
    kept: int = 0

    def add(self, value: float, deal: int = -1) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        if self.by_deal is not None:
            self.by_deal[deal] = value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    def interval(self, bounds: tuple[float, float]) -> tuple[float, float]:
        """A 95 % confidence interval for the mean: Wilson's for a chance (values 0 or 1 within
        bounds (0, 1)), else the normal one, clipped to ``bounds``."""
        n = self.n
        if n == 0:
            return bounds
        if bounds == (0.0, 1.0):
            return wilson(self.total, n)
        if n == 1:
            return bounds
        var = max(0.0, (self.squares - self.total * self.total / n) / (n - 1))
        return normal_interval(self.mean, var, n, bounds=bounds)


@dataclass
class Search:
    """Playouts of every candidate move of ``seat`` at ``state``, dealt from ``seed``.

    ``kit`` is the game's ``SearchKit``. Deal ``i`` is the same for every move, whatever
    runs it and in which order, so results depend only on (state, seat, seed, deals played).
    """

    kit: SearchKit
    state: Any
    seat: int
    seed: int | str
    moves: Sequence[Any] = ()
    tallies: list[Tally] = field(default_factory=list)
    deals: int = 0
    #: moves played out so far, every playout's together
    plies: int = 0
    #: keep each deal's value of each move (``Tally.by_deal``)
    keep: bool = False
    def __post_init__(self) -> None:
        if not self.moves:
            self.moves = tuple(self.kit.candidates(self.state, self.seat))
        self.tallies = [Tally(m, by_deal={} if self.keep else None) for m in self.moves]

    def deal(self, i: int) -> Any:
        """Deal ``i``: the position with what the seat cannot see dealt again."""
        return self.kit.resample(self.state, self.seat, f"{self.seed}/deal/{i}")

    def run(self, deals: int, among: Sequence[int] | None = None) -> None:
        """Play the next ``deals`` deals for the moves at indices ``among`` (default: every move)."""
        which = range(len(self.tallies)) if among is None else among
        for i in range(self.deals, self.deals + deals):
            dealt = self.deal(i)
            for k in which:
                self._try(dealt, k, i)
        self.deals += deals

    def _try(self, dealt: Any, k: int, deal: int) -> None:
        tally = self.tallies[k]
        value, moves = _play_out(self.kit, self.kit.apply(dealt, tally.action), self.seat)
        tally.add(value, deal)
        self.plies += moves

    @property
    def playouts(self) -> int:
        return sum(t.n for t in self.tallies)

    def ranked(self) -> list[Tally]:
        """The moves, best estimate first (ties: the earlier candidate first); after sequential
        halving, the moves kept in play longest first (``Tally.kept``); moves not played out last."""
        tallies = self.tallies
        order = sorted(range(len(tallies)),
                       key=lambda k: (-tallies[k].kept, -tallies[k].mean if tallies[k].n else math.inf, k))
        return [self.tallies[k] for k in order]


def playout(kit: SearchKit, state: Any, seat: int) -> float:
    """What the game is worth to ``seat`` once every seat has played on (``seat`` by the game's
    own policy, the others by its playout policy)."""
    return _play_out(kit, state, seat)[0]


def _play_out(kit: SearchKit, state: Any, seat: int) -> tuple[float, int]:
    """``playout``, and how many moves it played."""
    own, policy, apply, turn = kit.own_policy, kit.playout_policy, kit.apply, kit.turn
    for moves in range(kit.cap):
        mover = turn(state)
        if mover is None:
            return kit.value(state, seat), moves
        state = apply(state, (own if mover == seat else policy)(state, mover))
    return kit.capped_value(state, seat), kit.cap


def playouts_for(
    kit: SearchKit, state: Any, seat: int, seed: int | str, plies: int, least: int, most: int
) -> int:
    """How many playouts a budget of ``plies`` moves played out buys here, within least..most.

    One trial playout (deal 0, the own policy's move) measures how long they run: late in a
    game they are short, so the same work buys more of them where a move decides the race.
    """
    dealt = kit.resample(state, seat, f"{seed}/deal/0")
    _, moves = _play_out(kit, kit.apply(dealt, kit.own_policy(dealt, seat)), seat)
    return max(least, min(most, plies // (moves + 1)))


class Schedule:
    """Which move the advice plays out on which deal next, so that a first ranking comes soon and
    the playouts go where they can still change the ranking.

    With few moves (no more than the kit's ``wide``), every move is played on every deal in turn,
    up to ``target`` deals. With more (On Tour's few hundred writings):

    1. the first ranking: the ``wide`` moves the kit's ``prior`` likes best, on ``first`` deals;
    2. every other move on two deals, likeliest first, so each has a figure and an interval;
    3. sequential halving (Karnin, Koren and Somekh, 2013): the better half by their mean on the
       deals all of them share (the better third while many are left) stays in play and gets
       twice the deals, until ``keep`` moves are left or they have ``target`` deals. A move
       dropped keeps the figure of its deals.

    Every move is played on the same deals (common random numbers), so a comparison is never
    drowned by the luck of a deal, and the schedule depends only on what the playouts return.
    """

    def __init__(self, search: Search, target: int, first: int = 8, keep: int = 8) -> None:
        self.search, self.target, self.keep = search, target, keep
        kit, count = search.kit, len(search.tallies)
        for tally in search.tallies:
            if tally.by_deal is None:
                tally.by_deal = {}
        order = list(range(count))
        if kit.prior is not None and count > 1:
            guess = list(kit.prior(search.state, search.seat, search.moves))
            order.sort(key=lambda k: -guess[k])
        self.order = order
        self.halving = 0 < kit.wide < count
        self.first = min(first, target) if self.halving else target
        self.top = order[: kit.wide] if self.halving else order
        #: how many moves are still in play, and the deals each of them has
        self.alive, self.deals = len(self.top), 0
        self.stage = "first"  # then "every move", "halving" and "done"
        self.planned = self._plan(count)
        self._dealt: tuple[int, Any] = (-1, None)
        # The next playout is always fetched ahead, so the stage says what is done as soon as it is.
        self._steps = self._walk()
        self._next = next(self._steps, None)
        if self._next is None:
            self.stage = "done"

    def __repr__(self) -> str:
        return f"<Schedule: {self.stage}, {self.alive} of {len(self.order)} moves on {self.deals} deals>"

    def _plan(self, count: int) -> int:
        """How many playouts the whole schedule takes: exact without halving; with it, at most
        that (a move of the first ranking still in play skips the deals it has), made exact
        round by round as the halving learns which moves stay."""
        if not self.halving:
            return count * self.target
        two = min(2, self.target)
        return len(self.top) * self.first + (count - len(self.top)) * two + self._rounds(count, two)

    def _rounds(self, alive: int, deals: int) -> int:
        """The playouts of the halving rounds from ``alive`` moves on ``deals`` deals, at most."""
        total = 0
        while deals < self.target:
            alive = self._kept(alive)
            more = min(self.target, 2 * deals)
            total += alive * (more - deals)
            deals = more
        return total

    def _kept(self, alive: int) -> int:
        """How many of ``alive`` moves stay in play after a round: a third while there are many
        (more than eight times ``keep``), then a half, never fewer than ``keep``. What the third
        costs in the moves it picks is measured by ``benchmarks/bench_advice.py``."""
        if alive <= self.keep:
            return alive
        cut = 3 if alive > 8 * self.keep else 2
        return max(self.keep, -(-alive // cut))

    def _walk(self) -> Iterator[tuple[int, int]]:
        tallies = self.search.tallies
        if self.halving:
            for k in self.top:  # the first ranking stands above the others' first figures
                tallies[k].kept = 1
            self.alive = len(self.top)
        for deal in range(self.first):
            for k in self.top:
                yield k, deal
            self.deals = deal + 1
        if not self.halving:
            return
        self.stage, self.deals, self.alive = "every move", 0, len(self.order)
        deals = min(2, self.target)
        for deal in range(deals):
            for k in self.order[len(self.top):]:
                yield k, deal
        for k in self.top:  # every move has a figure now: all stand alike until halved
            tallies[k].kept = 0
        alive = list(self.order)
        rank = {k: r for r, k in enumerate(self.order)}
        self.stage, self.deals, rounds = "halving", deals, 0
        while deals < self.target:
            shared = range(deals)
            alive.sort(key=lambda k: (-sum(tallies[k].by_deal[d] for d in shared), rank[k]))
            rounds += 1
            for k in alive:
                tallies[k].kept = rounds
            alive = alive[: self._kept(len(alive))]
            for k in alive:
                tallies[k].kept = rounds + 1
            self.alive = len(alive)
            more = min(self.target, 2 * deals)
            now = sum(deal not in tallies[k].by_deal for k in alive for deal in range(deals, more))
            self.planned = self.search.playouts + now + self._rounds(len(alive), more)
            for deal in range(deals, more):
                for k in alive:
                    if deal not in tallies[k].by_deal:
                        yield k, deal
            deals = self.deals = more

    def work(self, seconds: float) -> None:
        """Play on for about ``seconds`` (at least one playout), or until the schedule is done."""
        search = self.search
        stop = time.perf_counter() + seconds
        while self._next is not None:
            k, deal = self._next
            if self._dealt[0] != deal:
                self._dealt = (deal, search.deal(deal))
            search._try(self._dealt[1], k, deal)
            self._next = next(self._steps, None)
            search.deals = self.deals
            if self._next is None:
                self.stage, self._dealt = "done", (-1, None)
            if time.perf_counter() >= stop:
                return

    @property
    def done(self) -> bool:
        return self.stage == "done"

    @property
    def first_done(self) -> bool:
        """Whether a first ranking with intervals is there: the likeliest moves on their first
        deals; with few moves, every move on two deals."""
        if self.halving:
            return self.stage != "first"
        return self.deals >= min(2, self.target)

    def words(self) -> str:
        """How far the schedule is, in words ("2,078 playouts; halving: 59 of 942 writings left,
        on 16 of 64 deals")."""
        search, count, kit = self.search, len(self.order), self.search.kit
        head = f"{search.playouts:,} playouts"
        if not self.halving:
            return f"{head} on {self.deals} of {self.target} deals"
        nouns = f"{kit.noun}s"
        if self.stage == "first":
            which = f"{kit.judge} likes best" if kit.prior is not None else "listed first"
            return (f"{head}; first ranking of the {len(self.top)} {nouns} {which}, "
                    f"{self.deals} of {self.first} deals")
        if self.stage == "every move":
            return f"{head}; now every one of the {count} {nouns}, on 2 deals"
        if self.done:
            return f"{head}; halving left {self.alive} of {count} {nouns}, on {self.deals} deals"
        return (f"{head}; halving: {self.alive} of {count} {nouns} left, "
                f"on {self.deals} of {self.target} deals")

    @property
    def share(self) -> float:
        """How much of the planned work is done, from 0 to 1."""
        if self.done or not self.planned:
            return 1.0
        return min(1.0, self.search.playouts / self.planned)


def tied_best(search: Search) -> list[Tally]:
    """The moves statistically tied for the best, best estimate first: the best and every move
    played out whose 95 % interval overlaps the best's. Empty when no other move's interval
    overlaps the best's (it is clearly best) or fewer than two moves were played out.

    Overlapping intervals do not prove two moves equal; they say the playouts so far cannot
    tell them apart, so no one of them should be starred as the best. After sequential halving
    only the moves still in play count: the others lost to them on the deals they shared.
    """
    tallies = search.tallies
    stood = max((t.kept for t in tallies if t.n), default=0)  # the moves sequential halving kept
    order = sorted((k for k, t in enumerate(tallies) if t.n and t.kept == stood),
                   key=lambda k: (-tallies[k].mean, k))
    played = [tallies[k] for k in order]
    if len(played) < 2:
        return []
    bounds = search.kit.bounds
    low, high = played[0].interval(bounds)
    tied = [played[0]]
    for tally in played[1:]:
        other_low, other_high = tally.interval(bounds)
        if other_high >= low and other_low <= high:
            tied.append(tally)
    return tied if len(tied) > 1 else []


def results(search: Search) -> Iterator[dict[str, Any]]:
    """One row per move: the action, its estimate, a 95 % interval, the playouts behind it and
    whether it is tied with the best (``tied_best``: the best's row too, when a tie exists)."""
    tied = {id(t) for t in tied_best(search)}
    for tally in search.ranked():
        low, high = tally.interval(search.kit.bounds)
        yield {"move": str(tally.action), "estimate": tally.mean, "low": low, "high": high,
               "playouts": tally.n, "tied": id(tally) in tied}


def best_move(kit: SearchKit, state: Any, seat: int, seed: int | str, playouts: int,
              seconds: float | None = None, plies: int = 0, most: int = 0) -> Any:
    """The move sequential halving picks with about ``playouts`` playouts in all (or ``seconds``);
    with ``plies``, as many as that many moves played out buy (``playouts_for``), up to ``most``,
    stopping early past twice that many moves (the trial playout may have been a short one).

    Every candidate is played out on the same deals; each round the better half stays and gets
    more deals (Karnin, Koren and Somekh, 2013: "Almost optimal exploration in multi-armed
    bandits"). The own policy's move is never dropped, and the winner replaces it only
    when it did better on the deals both were played on by more than ``kit.trust`` standard
    errors of the paired difference: noise alone never talks the bot out of a good move. A lone
    candidate is returned at once.
    """
    moves = tuple(kit.shortlist(state, seat))
    if len(moves) == 1:
        return moves[0]
    anchor = kit.own_policy(state, seat)
    if anchor not in moves:
        moves = (anchor, *moves)
    if plies:
        playouts = playouts_for(kit, state, seat, seed, plies, playouts, most)
    search = Search(kit, state, seat, seed, moves=moves, keep=True)
    home = moves.index(anchor)
    alive = list(range(len(moves)))
    rounds = max(1, math.ceil(math.log2(len(alive))))
    stop = None if seconds is None else time.perf_counter() + seconds

    def spent() -> bool:
        return (stop is not None and time.perf_counter() > stop) or (plies > 0 and search.plies > 2 * plies)

    while len(alive) > 1:
        deals = max(1, playouts // (len(alive) * rounds))
        for _ in range(deals):
            search.run(1, alive)
            if spent():
                break
        alive.sort(key=lambda k: (-search.tallies[k].mean, k))
        if spent():
            break
        keep = alive[: max(1, (len(alive) + 1) // 2)] if len(alive) > 2 else alive[:1]
        if home not in keep:
            keep.append(home)  # the own policy's move stays to the end, for the last comparison
        if len(keep) == len(alive):
            break  # two left, the policy's move one of them: the last comparison decides
        alive = keep
    best = max(alive, key=lambda k: (search.tallies[k].mean, -k))
    if best == home or not _clearly_better(search.tallies[best], search.tallies[home], kit.trust):
        return anchor
    return search.tallies[best].action


def _clearly_better(a: Tally, b: Tally, trust: float) -> bool:
    """Whether ``a`` beat ``b`` on the deals both were played on by more than ``trust`` standard
    errors of the paired difference (any margin when ``trust`` is 0)."""
    diffs = [a.by_deal[d] - b.by_deal[d] for d in a.by_deal.keys() & b.by_deal.keys()]
    if not diffs:
        return False
    mean = sum(diffs) / len(diffs)
    if trust <= 0 or len(diffs) < 2:
        return mean > 0
    var = sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)
    return mean > trust * math.sqrt(var / len(diffs))


def kit_of(game: Game | type[Game]) -> SearchKit:
    """The search kit of a game (or game class): what playouts need of it."""
    return spec_of(game).search


@dataclass(frozen=True)
class SeatModels:
    """A playout policy that plays each seat as its own bot: ``policies[seat](state, seat)``."""

    policies: tuple[Callable[[Any, int], Any], ...]

    def __call__(self, state: Any, seat: int) -> Any:
        return self.policies[seat](state, seat)


def advice_kit(game: Game, seat: int) -> SearchKit:
    """The game's kit for advice to ``seat``: every other seat played out as the bot that plays
    it (``kit.models``: a search bot as the policy its own playouts use), a human's seat as the
    model of an opponent; ``assumes`` then names each seat's model ("if seat 1 plays as keeper").
    The game's own kit when every other seat plays as that model."""
    kit = kit_of(game)
    if not kit.models:
        return kit
    default = (kit.model, kit.playout_policy)  # a human's seat
    names, policies = zip(*(kit.models.get(player, default) for player in game.players))
    others = [s for s in range(len(names)) if s != seat]
    if all(names[s] == kit.model for s in others):
        return kit
    said = [f"seat {s} plays as {names[s]}" if k == 0 else f"seat {s} as {names[s]}"
            for k, s in enumerate(others)]
    words = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
    return replace(kit, playout_policy=SeatModels(tuple(policies)), assumes=f"if {words}")


def advice_search(game: Game, seat: int | None = None, seed: int | str = 0) -> Search:
    """A search over every legal move of ``seat`` (default: the seat to move) at the game's position.

    Raises ValueError when the game is over or ``seat`` is not the seat to move (advice is for
    the move being decided; in On Tour, the next seat to write).
    """
    if not isinstance(game, Game):
        raise TypeError(f"advice needs a game, not {type(game).__name__}")
    if game.is_over:
        raise ValueError("the game is over: there is no move to advise on")
    turn = game.turn
    seat = turn if seat is None else game._seat(seat)
    if seat != turn:
        raise ValueError(f"seat {seat} is not to move: advice is for the seat to move, seat {turn}")
    return Search(advice_kit(game, seat), game.state, seat, check_seed(seed))
