"""Counts said in words: one is singular, every other number plural."""

from __future__ import annotations

import touring_widgets as tw
from touring_widgets.core.text import counted


def test_a_count_is_singular_only_for_one():
    assert [counted(n, "move") for n in (0, 1, 2, 21)] == ["0 moves", "1 move", "2 moves", "21 moves"]


def test_a_variation_of_one_move_says_so():
    g = tw.Touring(players=2, seed=7)
    g.play(max_plies=2)
    g.undo()
    g.step(next(a for a in g.legal_actions() if a != g.future[0]))
    assert repr(g.variations[0]) == f"<Variation at position 1: 1 move ({g.variations[0].actions[0]})>"
