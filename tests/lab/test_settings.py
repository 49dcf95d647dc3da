"""lab.setting: a module's settings changed for one ``with`` block and put back after it, so that a
notebook cell playing a quicker bot leaves the bot as it found it."""

from __future__ import annotations

import pytest

import touring_widgets as tw
from touring_widgets import lab


def test_a_setting_holds_in_the_block_and_is_put_back_after_it():
    search = tw.touring.search
    before = {"PLAYOUTS": search.PLAYOUTS, "PLIES": search.PLIES}
    with lab.setting(search, PLAYOUTS=7, PLIES=0):
        assert search.PLAYOUTS == 7
        assert search.PLIES == 0
    assert before == {"PLAYOUTS": search.PLAYOUTS, "PLIES": search.PLIES}


def test_an_error_in_the_block_puts_the_setting_back_too():
    search = tw.on_tour.search
    before = search.PLAYOUTS
    with pytest.raises(RuntimeError), lab.setting(search, PLAYOUTS=3):
        raise RuntimeError("a cell that fails half-way")
    assert before == search.PLAYOUTS


def test_a_setting_the_module_lacks_is_refused_and_nothing_changes():
    search = tw.touring.search
    before = search.PLAYOUTS
    misspelt = {"PLAYOUTS": 1, "PLAYOUT": 2}
    with pytest.raises(AttributeError, match="no setting PLAYOUT"), lab.setting(search, **misspelt):
        pass
    assert before == search.PLAYOUTS
    assert not hasattr(search, "PLAYOUT")
    with pytest.raises(TypeError, match="module"), lab.setting("touring", PLAYOUTS=1):
        pass
