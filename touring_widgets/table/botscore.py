"""The score a bot makes on a class's deal, played in a process of its own (the class's server
keeps answering meanwhile): ``python -m touring_widgets.table.botscore POLICY < save.json``."""

from __future__ import annotations

import json
import sys

from ..core.registry import spec_of


def bot_score(save: str, policy: str) -> int:
    """The final score of ``policy`` playing the deal that ``save`` starts, alone."""
    spec = spec_of(json.loads(save)["game"])
    if spec.classwork is None:
        raise ValueError(f"{spec.title} has no class mode")
    game = spec.game.from_json(save)
    game.set_player(0, policy)
    game.play()
    return int(spec.classwork.standing(game)["score"])


if __name__ == "__main__":
    print(bot_score(sys.stdin.read(), sys.argv[1]))
