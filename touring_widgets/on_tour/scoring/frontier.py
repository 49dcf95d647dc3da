"""The frontier search for the best tour: dynamic programming over the board's frontier, whose
work grows with the board's width and the distinct numbers, hardly with the stars."""

from __future__ import annotations

from itertools import pairwise
from operator import itemgetter
from typing import Any

from ..facts import INDEX, N_SPACES, NEIGHBOURS
from .branch_and_bound import bounded
from .tour import TooWild, start_rank

__all__ = ["BEAM", "frontier", "frontier_pass", "numbers_ruled_out"]


# The frontier search takes the spaces in this order, east to west, chosen once (a greedy order
# keeping the frontier small, the best of some tried on star-heavy maps): at most six spaces
# taken still have routes to spaces not taken.
_ORDER_TEXT = (
    "NE2 NY PA MC VA WV OH KY TN NC SC GA MO IL IN MI WI IA MN AL "
    "FL MS AR LA TX OK NM KS NE CO SD WY ND MT UT ID AZ NV CA OR WA"
)
_ORDER = tuple(_ORDER_TEXT.split())
_ORDER_IDX = tuple(INDEX[sid] for sid in _ORDER)


def frontier(vals: list[int], stars: int, circled: int, usable: int, alone: bool = False) -> list[int]:
    """The best tour as space indices, by dynamic programming over the board's frontier.

    ``alone``: the frontier search finds the tour itself (to test it), even where the branch and
    bound that starts it finishes first, and the tour it finds beats only a shorter one.
    """
    # Spaces are taken in _ORDER; at each step a space is left off the tour or put on it joined
    # by routes to up to two spaces taken before. What is taken so far is then a set of pieces
    # of the tour (paths), and all that matters for the rest is what the frontier holds (the
    # spaces taken that still have routes to spaces not taken): which of them end a piece,
    # which end its other end is (a frontier space, or an end of the whole tour), and the
    # first number met from each end, which decides whether two pieces may be joined. Stars
    # and cycles of equal numbers cost nothing here: the work grows with the board's frontier
    # (at most seven spaces in _ORDER) and with the distinct numbers, not with the stars.
    # A state is dropped when no order of its pieces makes one tour, or when even every space
    # left that its pieces' numbers allow would not make it beat the best tour known
    # (numbers_ruled_out). Two quick searches find that tour first, near the best in a fraction of
    # the time (a short branch and bound, and a pass keeping only the states a step that look
    # best), and the exact pass then has mostly to prove it.
    try:
        known = bounded(vals, stars, circled, usable, _KNOWN_BUDGET)
    except TooWild as wild:
        known = wild.args[0]
    else:
        if not alone:
            return known  # the branch and bound finished: it is exact
    weight = len(known) + sum(1 for i in known if circled >> i & 1)
    quick, found, _ = frontier_pass(vals, stars, circled, usable, weight - 1, BEAM)
    if quick <= weight:
        found = None  # the branch and bound's tour is as good
    else:
        weight = quick
    _, found2, _ = frontier_pass(vals, stars, circled, usable, weight - alone)
    if found2 is not None:
        found = found2
    elif found is None:
        return known  # nothing beats it
    step, came, choice = found
    on = []
    routes: list[list[int]] = [[] for _ in range(N_SPACES)]
    while True:
        v = _ORDER_IDX[step]
        if choice != -1:
            on.append(v)
            for u in choice:
                routes[u].append(v)
                routes[v].append(u)
        if step == 0:
            break
        _, came, choice, _ = came
        step -= 1
    ends = [v for v in on if len(routes[v]) < 2]
    s = min(ends, key=lambda i: start_rank(i, vals, stars, usable))
    path = [s]
    prev = -1
    while True:
        nxt = [u for u in routes[path[-1]] if u != prev]
        if not nxt:
            break
        prev = path[-1]
        path.append(nxt[0])
    seq = [vals[i] for i in path if not stars >> i & 1]
    if any(a > b for a, b in pairwise(seq)):
        path.reverse()
    return path


_KNOWN_BUDGET = 1_000  # positions of the branch and bound that finds the frontier search's first tour
BEAM = 300  # states a step the quick pass of the frontier search keeps


def frontier_pass(
    vals: list[int], stars: int, circled: int, usable: int, best: int, beam: int = 0
) -> tuple[int, tuple | None, list[int]]:
    """The frontier search: (best weight above ``best``, how it ends, the states kept a step).

    How it ends: the step, the entry of the state before it and the choice there; an entry is
    (weight, the entry it came from, the choice that made it, tour ends so far), so the tour is
    read back along them.

    A state is a tuple over the frontier: 0 where no piece ends, else 1 | mate << 1 | own << 7
    | other << 14, where mate is the space at the piece's other end (itself for a lone space,
    63 for an end of the whole tour), own and other the first numbers met from this end and
    from the other (number + 1; 0 for none: stars only). ``beam`` (if not 0) keeps only that
    many states a step, those that may still weigh most less a space for each loose end: a
    quick tour, not always the best.
    """
    weight = [1 + (circled >> i & 1) for i in range(N_SPACES)]
    code = [0 if stars >> i & 1 else vals[i] + 1 for i in range(N_SPACES)]
    remaining = [0] * (N_SPACES + 1)
    # per step, the weight still to come of each number (by code), for the bound of numbers_ruled_out
    ahead_by_code: list[dict[int, int]] = [{} for _ in range(N_SPACES + 1)]
    for k in range(N_SPACES - 1, -1, -1):
        v = _ORDER_IDX[k]
        on = usable >> v & 1
        remaining[k] = remaining[k + 1] + (weight[v] if on else 0)
        ahead = ahead_by_code[k] = dict(ahead_by_code[k + 1])
        if on and code[v]:
            ahead[code[v]] = ahead.get(code[v], 0) + weight[v]
    states: dict[tuple, tuple] = {(): (0, None, None, 0)}
    numbers_of = _NUMBERS_OF.__getitem__
    kills: dict[tuple, int] = {}

    def ruled_out(st: tuple) -> int:
        # numbers_ruled_out reads only the entries' numbers, which many states share
        sig = tuple(map(numbers_of, st))
        kill = kills.get(sig)
        if kill is None:
            kill = kills[sig] = numbers_ruled_out(st)
        return kill

    found: tuple | None = None
    sizes: list[int] = []
    for k, (v, fr, earlier, leaving, getter) in enumerate(_STEPS):
        slot = {u: j for j, u in enumerate(fr)}
        last = len(fr) - 1
        rem = remaining[k + 1]
        on = usable >> v & 1
        wv = weight[v] if on else 0
        x = code[v]
        lone = 1 | v << 1 | x << 7 | x << 14
        nxt: dict[tuple, tuple] = {}
        get = nxt.get

        def emit(
            r: list[int],
            w2: int,
            came: tuple,
            choice: Any,
            t: int,
            k: int = k,
            fr: tuple[int, ...] = fr,
            leaving: tuple[int, ...] = leaving,
            getter: Any = getter,
            slot: dict[int, int] = slot,
            rem: int = rem,
            nxt: dict[tuple, tuple] = nxt,
            get: Any = get,
        ) -> None:
            # The state after choice, once the spaces leaving the frontier are settled.
            nonlocal best, found
            if w2 + rem <= best:
                return
            for j in leaving:
                rj = r[j]
                if not rj:
                    continue
                r[j] = 0
                m = rj >> 1 & 63
                if m == 63 or m == fr[j]:
                    # the whole tour ends here: only if no other piece was taken
                    if w2 > best and not any(r):
                        best = w2
                        found = (k, came, choice)
                    return
                r[slot[m]] |= 126  # its mate is now an end of the tour
                t += 1
                if t > 2:
                    return  # a third end
            key = getter(r)
            old = get(key)
            if old is None or w2 > old[0]:
                nxt[key] = (w2, came, choice, t)

        sizes.append(len(states))
        ahead = ahead_by_code[k]
        lost_by_kill: dict[int, int] = {}
        for st, entry in states.items():
            w = entry[0]
            t = entry[3]
            if w + rem + wv <= best:
                continue
            kill = ruled_out(st)
            if kill < 0:
                continue  # its pieces can never be joined into one tour
            if kill:
                lost = lost_by_kill.get(kill)  # the weight to come that no tour through st can take
                if lost is None:
                    lost = lost_by_kill[kill] = sum(wc for c, wc in ahead.items() if kill >> c & 1)
                if w + rem + wv - lost <= best:
                    continue
            base = [*st, 0]
            if not on:
                emit(base, w, entry, -1, t)
                continue
            w2 = w + wv
            for a, ja in enumerate(earlier):
                ra = base[ja]
                if not ra:
                    continue
                ua = fr[ja]
                p = ra >> 1 & 63
                # the piece p..ua (first numbers vp from p, vx from ua), then v
                vx = ra >> 7 & 127
                vp = ra >> 14 & 127
                if not (
                    (vp <= vx and (not vx or not x or vx <= x))
                    or (x <= vp and vx <= vp and (not vx or not x or x <= vx))
                ):
                    continue
                np_ = vp or x
                nv = x or vx
                r = base[:]
                if p == ua:
                    r[ja] = 1 | v << 1 | np_ << 7 | nv << 14
                else:
                    r[ja] = 0
                    if p != 63:
                        r[slot[p]] = 1 | v << 1 | np_ << 7 | nv << 14
                r[last] = 1 | p << 1 | nv << 7 | np_ << 14
                emit(r, w2, entry, (ua,), t)
                for jb in earlier[a + 1 :]:
                    rb = base[jb]
                    if not rb:
                        continue
                    ub = fr[jb]
                    q = rb >> 1 & 63
                    if q == ua:
                        continue  # the same piece: a cycle
                    vy = rb >> 7 & 127
                    vq = rb >> 14 & 127
                    # the piece p..v (np_, nv), then ub..q (vy, vq)
                    if not (
                        (np_ <= nv and vy <= vq and (not nv or not vy or nv <= vy))
                        or (vq <= vy and nv <= np_ and (not nv or not vy or vy <= nv))
                    ):
                        continue
                    fp = np_ or vy
                    fq = vq or nv
                    r = base[:]
                    r[ja] = r[jb] = 0
                    if p == ua:
                        r[ja] = 1 | q << 1 | fp << 7 | fq << 14
                    elif p != 63:
                        r[slot[p]] = 1 | q << 1 | fp << 7 | fq << 14
                    if q == ub:
                        r[jb] = 1 | p << 1 | fq << 7 | fp << 14
                    elif q != 63:
                        r[slot[q]] = 1 | p << 1 | fq << 7 | fp << 14
                    if p == 63 and q == 63:
                        # the whole tour: only if no other piece was taken
                        if w2 > best and not any(r):
                            best = w2
                            found = (k, entry, (ua, ub))
                        continue
                    emit(r, w2, entry, (ua, ub), t)
            r = base[:]
            r[last] = lone
            emit(r, w2, entry, (), t)
            emit(base, w, entry, -1, t)
        if beam and len(nxt) > beam and k + 1 < N_SPACES:
            after = ahead_by_code[k + 1]
            ranked = []
            for key, entry in nxt.items():
                kill = ruled_out(key)
                if kill < 0:
                    continue
                lost = sum(wc for c, wc in after.items() if kill >> c & 1) if kill else 0
                # Each open end of a piece counts against it as about one space: a state with
                # fewer loose ends is nearer a whole tour (measured: quick tours 1-6 spaces
                # nearer the best on the stress maps than ranking by weight alone).
                ranked.append((entry[0] - lost - sum(1 for e in key if e), key))
            ranked.sort(reverse=True)
            nxt = {key: nxt[key] for _, key in ranked[:beam]}
        states = nxt
    return best, found, sizes


def numbers_ruled_out(st: tuple) -> int:
    """The numbers (a bit per code) no space still to come can hold on a tour through the
    pieces of frontier state ``st``; -1 when no tour can join those pieces at all.

    The pieces are stretches of one tour, so they must follow one another with their numbers
    rising: two of them whose numbers overlap, or a number inside one piece's numbers held by
    another, can never be joined, and no space to come may hold a number inside a piece's. A
    piece ending at an end of the whole tour, climbing (falling) from there, comes first (last):
    every other number is at least (at most) the one at its open end.
    """
    first = last = 0  # the number (code) the rest must reach at least / stay at most
    inside = points = stretch = not_first = not_last = every = 0
    ends = []
    for e in st:
        if e < 128:
            continue  # no piece ends here, or stars only: fits anywhere
        piece = _PIECES.get(e, 0)
        if piece == 0:
            piece = _PIECES[e] = _piece(e)
        if piece is None:
            continue  # a piece read from its other end, which says it all
        role, own, half, whole, point, between = piece
        if role == 1:
            if first:
                return -1  # two starts
            first = own
        elif role == 2:
            if last:
                return -1  # two finishes
            last = own
        elif e >> 1 & 63 == 63:
            ends.append(own)  # a tour end, its piece one number only: it comes first or last
        if stretch & half:
            return -1  # overlapping numbers: neither piece can follow the other
        stretch |= half
        inside |= between
        points |= point
        every |= whole
        if role != 1:
            not_first |= whole
        if role != 2:
            not_last |= whole
    if points & inside:
        return -1  # a number inside another piece's numbers
    kill = inside
    for n in ends:
        below = every & ((1 << n) - 2)
        above = every & ~((1 << (n + 1)) - 1)
        if below and above:
            return -1  # numbers on both sides of a piece that must come first or last
        if below:
            kill |= ~((1 << (n + 1)) - 1) & _ALL_CODES  # it comes last: nothing above it
        elif above:
            kill |= (1 << n) - 2  # it comes first: nothing below it
    if first:
        low = (1 << first) - 2
        if not_first & low:
            return -1  # a number the tour's first piece has already climbed past
        kill |= low
    if last:
        high = ~((1 << (last + 1)) - 1) & _ALL_CODES
        if not_last & high:
            return -1  # a number above where the tour's last piece starts
        kill |= high
    return kill


def _piece(e: int) -> tuple[int, int, int, int, int, int] | None:
    """What numbers_ruled_out needs of a frontier entry ``e`` that ends a piece holding numbers:
    (role: 1 the tour's first piece, 2 its last, else 0; the number at this end; the codes
    lo..hi-1, lo..hi, the code if lo == hi, the codes strictly between lo and hi). None for the
    end of a piece with both ends on the frontier whose number is the higher: the other end,
    read first or later, stands for the piece (equal numbers at both ends count twice, harmlessly).
    """
    own = e >> 7 & 127
    other = e >> 14
    mate = e >> 1 & 63
    role = 0
    if mate == 63:
        if own != other:
            role = 1 if own > other else 2  # climbing from the far end: the tour starts there
    elif own > other:
        return None
    lo, hi = (other, own) if other < own else (own, other)
    half = ((1 << hi) - 1) & ~((1 << lo) - 1)
    whole = half | 1 << hi
    return role, own, half, whole, 0 if half else 1 << lo, _BETWEEN[lo][hi]


_PIECES: dict[int, tuple[int, int, int, int, int, int] | None] = {}


class _Numbers(dict):
    """Frontier entry -> what numbers_ruled_out reads: its numbers, and whether its mate ends the tour."""

    def __missing__(self, e: int) -> int:
        n = self[e] = 0 if e < 128 else (e >> 7) << 1 | (e >> 1 & 63 == 63)
        return n


_NUMBERS_OF = _Numbers()


_ALL_CODES = (1 << 101) - 2  # codes 1..100: the numbers 0..99, plus one
_BETWEEN = [  # _BETWEEN[a][b]: the codes strictly between a and b
    [((1 << b) - 1) & ~((1 << (a + 1)) - 1) if b > a + 1 else 0 for b in range(101)] for a in range(101)
]


def _steps() -> tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any], ...]:
    """For each space of _ORDER: (space, the frontier with it, the slots of its neighbours
    taken before, the slots of the spaces leaving the frontier, the getter of the rest)."""
    position = [0] * N_SPACES
    for k, v in enumerate(_ORDER_IDX):
        position[v] = k
    last_near = [max((position[u] for u in NEIGHBOURS[v]), default=-1) for v in range(N_SPACES)]
    steps = []
    front: list[int] = []
    for k, v in enumerate(_ORDER_IDX):
        fr = (*front, v)
        earlier = tuple(j for j, u in enumerate(front) if u in NEIGHBOURS[v])
        leaving = tuple(j for j, u in enumerate(fr) if last_near[u] <= k)
        keep = [j for j, u in enumerate(fr) if last_near[u] > k]
        if len(keep) > 1:
            getter = itemgetter(*keep)
        else:
            getter = (lambda r, j=keep[0]: (r[j],)) if keep else (lambda r: ())
        steps.append((v, fr, earlier, leaving, getter))
        front = [fr[j] for j in keep]
    return tuple(steps)


_STEPS = _steps()
