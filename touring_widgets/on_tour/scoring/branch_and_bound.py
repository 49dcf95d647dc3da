"""The branch and bound for the best tour: exact on maps with many stars among equal numbers.

Its states are (space, spaces a tour could still reach) and its bounds follow the shape of a
tour: it climbs through levels (runs of one number, with stars), each level's part lies in one
connected region of that number and the stars, and within a level it cannot come back through a
space that cuts the region.
"""

from __future__ import annotations

from ..facts import N_SPACES, NEIGHBOUR_MASK, NEIGHBOURS
from .graph import CHUNK_TABLES, next_to, reach
from .tour import TooWild, start_rank

__all__ = ["bounded"]


def bounded(vals: list[int], stars: int, circled: int, usable: int, budget: int = 0) -> list[int]:
    """The best tour as space indices, by branch and bound, on a map as ``arrays()`` gives it
    (-1 in ``vals`` for a star); past ``budget`` positions (if not 0) raises TooWild carrying the
    best tour found so far."""
    # A state is (space, spaces the rest of the tour could still reach). Reach is taken along
    # rising numbers (a space holding a lower number than one the tour must pass first is out),
    # so it alone decides what the rest of the tour can do, whatever the path so far: tours that
    # reached the same space with the same prospects share one entry of the tables.
    nmask = NEIGHBOUR_MASK
    nbrs = NEIGHBOURS
    T0, T1, T2 = CHUNK_TABLES
    weight = [1 + (circled >> i & 1) for i in range(N_SPACES)]
    by_value = [0] * 100
    for i in range(N_SPACES):
        if usable >> i & 1 and not stars >> i & 1:
            by_value[vals[i]] |= 1 << i
    ge = [0] * 101  # index last + 1: usable spaces a tour whose last number is ``last`` may enter
    acc = stars
    for v in range(99, -1, -1):
        acc |= by_value[v]
        ge[v + 1] = acc
    ge[0] = acc
    over = [ge[v + 2] & ~stars for v in range(99)] + [0]  # numbers higher than v
    below = []  # per v: the spaces a tour may pass just before a number v (stars, numbers <= v)
    acc = stars
    for v in range(100):
        acc |= by_value[v]
        below.append(acc)

    def wsum(m: int) -> int:
        return m.bit_count() + (m & circled).bit_count()

    def reachable(cur: int, level: int, avail: int) -> int:
        # Spaces a walk from cur can reach with its numbers never going down: flood the lowest
        # level first, and keep what lies next to it on higher numbers for the levels after.
        seen = front = 1 << cur
        same = avail & (stars | by_value[level]) if level >= 0 else avail & stars
        up = 0
        while True:
            while front:
                near = (T0[front & 16383] | T1[front >> 14 & 16383] | T2[front >> 28 & 16383]) & ~seen
                up |= near & avail & ~same
                front = near & same
                seen |= front
            if not up:
                return seen ^ 1 << cur
            lo, hi = level + 1, 99  # the lowest number waiting, found by halving
            while lo < hi:
                mid = (lo + hi + 1) >> 1
                if up & ~ge[mid + 1]:
                    hi = mid - 1
                else:
                    lo = mid
            level = lo
            # Next level: numbers below it are out (none wait); the walk steps onto its numbers.
            avail &= ge[level + 1]
            same = avail & (stars | by_value[level])
            front = up & by_value[level]
            up ^= front
            seen |= front

    block_memo: dict[int, list[tuple[int, int]]] = {}
    chain_memo: dict[int, int] = {}

    def blocks(cur: int, inside: int) -> list[tuple[int, int]]:
        # Blocks (biconnected components) of the spaces ``inside``, met from cur, children first,
        # each as (the cut space it hangs from, its other spaces).
        key = inside | cur << 41
        found = block_memo.get(key)
        if found is None:
            found = block_memo[key] = find_blocks(cur, inside)
        return found

    def find_blocks(cur: int, inside: int) -> list[tuple[int, int]]:
        disc = [-1] * N_SPACES
        low = [0] * N_SPACES
        stack: list[int] = []
        out: list[tuple[int, int]] = []
        clock = 0

        def visit(u: int) -> None:
            nonlocal clock
            disc[u] = low[u] = clock
            clock += 1
            stack.append(u)
            for v in nbrs[u]:
                if not inside >> v & 1:
                    continue
                if disc[v] < 0:
                    visit(v)
                    if low[v] < low[u]:
                        low[u] = low[v]
                    if low[v] >= disc[u]:
                        members = 0
                        while True:
                            x = stack.pop()
                            members |= 1 << x
                            if x == v:
                                break
                        out.append((u, members))
                elif disc[v] < low[u]:
                    low[u] = disc[v]

        visit(cur)
        return out

    def chain(cur: int, inside: int) -> int:
        # The most a simple path from cur within ``inside`` can add: it follows one chain of blocks.
        key = inside | cur << 41
        found = chain_memo.get(key)
        if found is None:
            found = chain_memo[key] = find_chain(cur, inside)
        return found

    def find_chain(cur: int, inside: int) -> int:
        hang = [0] * N_SPACES
        for root, members in blocks(cur, inside):
            top = 0
            m = members
            while m:
                b = m & -m
                m ^= b
                h = hang[b.bit_length() - 1]
                if h > top:
                    top = h
            t = members.bit_count() + (members & circled).bit_count() + top
            if t > hang[root]:
                hang[root] = t
        return hang[cur]

    def bound(cur: int, last: int, ahead: int, need: int) -> int:
        # An upper bound on what a tour from cur can still add, given it may only use ``ahead``;
        # or, as soon as that bound is sure to exceed ``need``, some value above ``need``.
        cur_bit = 1 << cur
        same = stars | by_value[last] if last >= 0 else stars
        home = reach(cur_bit, same & (ahead | cur_bit)) & ahead  # before the tour's number rises
        higher = ahead & ~home & ~stars
        # The part of a tour on one higher number lies in one region: the spaces joined to it
        # through that number and stars. It then steps to a higher number next to the region,
        # so the regions, highest numbers first, give the most a tour can add from each.
        levels = []
        h = higher
        while h:
            v = vals[(h & -h).bit_length() - 1]
            levels.append(v)
            h &= ~by_value[v]
        levels.sort(reverse=True)
        region_of = [0] * N_SPACES
        after_of = [0] * N_SPACES  # the most the regions after a number's own can add
        total_of = [0] * N_SPACES  # the same, its own region included
        num_total = [0] * N_SPACES  # as total_of, counting numbers only
        wild = stars & ahead
        clumps = []  # the stars ahead in joined clumps, each with the spaces next to it
        rest = wild if levels else 0
        while rest:
            b = rest & -rest
            clump = reach(b, wild) | b
            rest &= ~clump
            clumps.append((clump, next_to(clump)))
        for v in levels:
            vm = by_value[v] & ahead
            up = higher & over[v]
            while vm:
                # The region: the number's spaces joined through clumps of stars and each other.
                b = vm & -vm
                comp = b
                edge = next_to(b)
                while True:
                    grown = edge & vm & ~comp
                    if grown:
                        comp |= grown
                        edge |= next_to(grown)
                    for clump, around in clumps:
                        if edge & clump and not comp & clump:
                            comp |= clump
                            edge |= around
                            grown = 1
                    if not grown:
                        break
                numbers = comp & vm
                vm &= ~comp
                nb = edge & up
                after = after_n = 0
                while nb:
                    c = nb & -nb
                    i = c.bit_length() - 1
                    if total_of[i] > after:
                        after = total_of[i]
                    if num_total[i] > after_n:
                        after_n = num_total[i]
                    nb &= ~region_of[i]
                w = comp.bit_count() + (comp & circled).bit_count()
                wn = numbers.bit_count() + (numbers & circled).bit_count()
                while numbers:
                    c = numbers & -numbers
                    numbers ^= c
                    i = c.bit_length() - 1
                    region_of[i] = comp
                    after_of[i] = after
                    total_of[i] = w + after
                    num_total[i] = wn + after_n
        near = home | cur_bit
        first = next_to(near) & higher
        step = step_n = 0
        while first:
            c = first & -first
            i = c.bit_length() - 1
            if total_of[i] > step:
                step = total_of[i]
            if num_total[i] > step_n:
                step_n = num_total[i]
            first &= ~region_of[i]
        # (The weight ahead needs no term: the search calls this only when it is above need.)
        result = min(wsum(home) + step, wsum(home | wild) + step_n)
        if result <= need:
            return result
        # Sharper: the tour leaves its first level from some space x after a path from cur to x,
        # which stays within the blocks (biconnected parts) between them and passes every cut
        # space between them; then it climbs from a number y next to x through y's region, which
        # it enters without those cut spaces, and which it crosses along one chain of blocks.
        on_some = [0] * N_SPACES
        on_every = [0] * N_SPACES
        best_exit = 0
        pending = [(cur_bit, 0, 0, 0)]  # (spaces x, blocks up to them, their weight, cut spaces)
        for root, members in reversed(blocks(cur, home | cur_bit)):
            some = on_some[root] | members
            every = on_every[root] | 1 << root  # it may hold cur, which ahead never does
            m = members
            while m:
                b = m & -m
                m ^= b
                i = b.bit_length() - 1
                on_some[i] = some
                on_every[i] = every
            pending.append((members, some, wsum(some), every))
        for xs, some, sw, every in pending:
            if sw > best_exit:
                best_exit = sw
                if best_exit > need:
                    return best_exit
            ys = higher & next_to(xs)
            while ys:
                c = ys & -ys
                ys ^= c
                y = c.bit_length() - 1
                if sw + total_of[y] <= best_exit:
                    continue
                v = vals[y]
                t = min(wsum(some | region_of[y]) + after_of[y], wsum(some | wild) + num_total[y])
                if t <= best_exit:
                    continue
                if t <= need:
                    best_exit = t
                    continue
                # Which x of the block it leaves from decides the cut spaces it must have used.
                xb = nmask[y] & xs
                tx = 0
                while xb:
                    d = xb & -xb
                    xb ^= d
                    region = (by_value[v] | stars) & ahead & ~every & ~d
                    reg = reach(c, region) | c
                    t1 = min(wsum(some | reg) + after_of[y], wsum(some | wild) + num_total[y])
                    if t1 > need and t1 > tx:
                        t1 = min(t1, sw + weight[y] + chain(y, reg) + after_of[y])
                    tx = max(tx, t1)
                    if tx >= t:
                        break
                if tx > best_exit:
                    best_exit = tx
                    if best_exit > need:
                        return best_exit
        return min(result, best_exit)

    best = count = 0
    best_path: list[int] = []
    stack: list[int] = []
    upper: dict[int, int] = {}  # key -> proven upper bound on the extension

    def parts(cur: int, ahead: int) -> int:
        # The tour goes on into one of the parts ``ahead`` falls into without cur (it cannot
        # come back through cur): the most one part holds, less what its ends cost.
        rest = nmask[cur] & ahead
        first = rest & -rest
        part = reach(first, ahead) | first
        if not rest & ~part:
            return wsum(ahead) - ends(cur, ahead)
        top = 0
        while rest:
            first = rest & -rest
            part = reach(first, ahead) | first
            rest &= ~part
            w = wsum(part)
            if w > top:
                w -= ends(cur, part)
                if w > top:
                    top = w
        return top

    def ends(cur: int, ahead: int) -> int:
        # What the spaces a tour from cur can neither enter nor leave cost it: a space of
        # ``ahead`` needs a space before it (cur, a star, a number not above its own) and, unless
        # it ends the tour, a different one after it (a star, a number not below its own). Each
        # has a way in (it was reached along rising numbers from cur, inside the same part); with
        # no way on it can only be the last space, so of all those only the heaviest counts.
        inside = ahead | 1 << cur
        lost = top = 0
        rest = ahead
        while rest:
            b = rest & -rest
            rest ^= b
            i = b.bit_length() - 1
            near = nmask[i] & inside
            if stars & b:
                into = near
                out = near & ahead
            else:
                v = vals[i]
                into = near & below[v]
                out = near & ahead & ge[v + 1]
            if not out or (into | out).bit_count() == 1:
                w = weight[i]
                lost += w
                if w > top:
                    top = w
        return lost - top

    def dfs(cur: int, last: int, seen: int, gained: int) -> int:
        # Returns the best extension found (0 if ruled out).
        nonlocal best, best_path, count
        count += 1
        if count > budget > 0:
            raise TooWild(best_path)
        if gained > best:
            best = gained
            best_path = stack[:]
        need = best - gained  # an extension must add more than this to matter
        avail = ge[last + 1] & usable & ~seen
        if avail.bit_count() + (avail & circled).bit_count() <= need:
            return 0  # even every space left would not be enough
        ahead = reachable(cur, last, avail)
        key = ahead | cur << 41
        ub = upper.get(key)
        if ub is not None and ub <= need:
            return 0
        b = wsum(ahead)
        if b > need:
            b = parts(cur, ahead)
        if b > need:
            b = bound(cur, last, ahead, need)
        if b <= need:
            if ub is None or b < ub:
                upper[key] = b
            return 0
        moves = []
        rest = nmask[cur] & ahead
        while rest:
            bit = rest & -rest
            rest ^= bit
            n = bit.bit_length() - 1
            if stars & bit:
                moves.append((last, n, seen | bit))
            else:
                v = vals[n]
                moves.append((v, n, seen | bit if v == last else (seen & stars) | bit))
        if len(moves) > 1:
            # Low numbers first keep more of the map open; then fewest onward routes (Warnsdorff).
            moves.sort(key=lambda m: (m[0], (nmask[m[1]] & ahead).bit_count()))
        best_ext = 0
        for nl, n, ns in moves:
            stack.append(n)
            ext = dfs(n, nl, ns, gained + weight[n]) + weight[n]
            stack.pop()
            if ext > best_ext:
                best_ext = ext
        # No extension is known exactly (every leaf is ruled out: nothing ahead adds more than
        # 0), so the table keeps a bound: what was found, or what the best tour already beats.
        upper[key] = max(best_ext, best - gained)
        return best_ext

    starts = [i for i in range(N_SPACES) if usable >> i & 1]
    # Dead ends and low numbers first: good tours tend to start there, and a good first tour
    # prunes. Stars last: a tour from a star may climb to any number, so its search is the
    # widest, and it goes quickest once the best tour is known.
    starts.sort(key=lambda i: (bool(stars >> i & 1), start_rank(i, vals, stars, usable)))
    for s in starts:
        stack.append(s)
        dfs(s, vals[s], 1 << s, weight[s])  # -1 for a star: it may climb to any number
        stack.pop()
    return best_path
