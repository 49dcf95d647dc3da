"""Information-set Monte Carlo tree search over the moves of one seat (Cowling, Powley and
Whitehouse, 2012: "Information set Monte Carlo tree search", the single-observer kind).

Each iteration deals again what the seat cannot see (the game's ``resample``) and walks one tree
of the seat's own moves through that deal: at each of its turns the moves legal in this deal are
the ones it may choose, and a move is weighed by how often it won when it could be played
(UCB1 over availability counts). The other seats play by the kit's ``playout_policy`` (the model
of an opponent); past the tree's edge the seat plays on by its ``own_policy``, as the flat
search's playouts do. The tree is open-loop: a node is the sequence of the seat's own moves,
whatever the others did between them, so deals that differ in what the seat cannot see share it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .search import SearchKit, playouts_for

__all__ = ["EXPLORE", "WIDEN", "Node", "tree_move", "tree_search"]

#: the weight of exploration in UCB1 for values in 0..1 (the paper's 0.7)
EXPLORE = 0.7
#: progressive widening below the root: a node reached n times tries at most 1 + WIDEN * sqrt(n)
#: moves (the own policy's first), so a few hundred iterations are not spread over every move
#: two turns ahead, each judged by one or two playouts
WIDEN = 0.5


@dataclass(slots=True)
class Node:
    """The seat's moves so far in an iteration: the playouts through it, their values' sum, how
    often its move was legal when its parent was reached, and the moves tried after it."""

    n: int = 0
    total: float = 0.0
    avail: int = 0
    children: dict[Any, Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    def __repr__(self) -> str:
        return f"<Node: {self.n} playouts, mean {self.mean:.3f}, {len(self.children)} moves tried>"


def tree_search(kit: SearchKit, state: Any, seat: int, seed: int | str, iterations: int,
                explore: float = EXPLORE, widen: float = WIDEN) -> Node:
    """The tree after ``iterations`` iterations from ``state``, the seat to move being ``seat``;
    iteration ``i`` plays deal ``i`` (the flat search's deals), so the tree depends only on its
    arguments."""
    root = Node()
    lo, hi = kit.bounds
    span = (hi - lo) or 1.0
    own, policy, apply, turn = kit.own_policy, kit.playout_policy, kit.apply, kit.turn
    for i in range(iterations):
        world = kit.resample(state, seat, f"{seed}/deal/{i}")
        node, path, growing = root, [root], True
        value = None
        for _ in range(kit.cap):
            mover = turn(world)
            if mover is None:
                value = kit.value(world, seat)
                break
            if mover != seat:
                world = apply(world, policy(world, mover))
                continue
            if not growing:
                world = apply(world, own(world, seat))
                continue
            children = node.children
            legal = kit.shortlist(world, seat) if node is root else kit.candidates(world, seat)
            fresh, tried = [], []
            for move in legal:
                child = children.get(move)
                if child is None:
                    fresh.append(move)
                else:
                    child.avail += 1
                    tried.append(move)
            if fresh and (node is root or not tried
                          or len(children) < 1 + widen * math.sqrt(node.n)):
                # the own policy's move first: with few iterations the tree starts where the
                # flat search's playouts go
                guess = own(world, seat)
                move = guess if guess in fresh else fresh[0]
                node = children[move] = Node(avail=1)
                growing = False
            else:
                move, node = max(
                    ((m, children[m]) for m in tried),
                    key=lambda mc: (mc[1].total / mc[1].n - lo) / span
                    + explore * math.sqrt(math.log(mc[1].avail) / mc[1].n),
                )
            path.append(node)
            world = apply(world, move)
        if value is None:
            value = kit.capped_value(world, seat)
        for visited in path:
            visited.n += 1
            visited.total += value
    return root


def tree_move(kit: SearchKit, state: Any, seat: int, seed: int | str, iterations: int,
              plies: int = 0, most: int = 0, explore: float = EXPLORE, widen: float = WIDEN) -> Any:
    """The move tried most often at the root of ``tree_search`` (ties: the better mean); with
    ``plies``, as many iterations as that many moves played out buy (``playouts_for``), within
    ``iterations``..``most``. A lone candidate is returned at once."""
    moves = tuple(kit.shortlist(state, seat))
    if len(moves) == 1:
        return moves[0]
    if plies:
        iterations = playouts_for(kit, state, seat, seed, plies, iterations, most)
    root = tree_search(kit, state, seat, seed, iterations, explore, widen)
    return max(root.children.items(), key=lambda mc: (mc[1].n, mc[1].mean))[0]
