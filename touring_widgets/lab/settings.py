"""A module's settings changed for one ``with`` block and put back after it: a cell that plays
with a quicker bot leaves the bot as it found it for every cell after.

>>> from touring_widgets.touring import search
>>> with setting(search, PLAYOUTS=120):
...     search.PLAYOUTS
120
>>> search.PLAYOUTS
200
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

__all__ = ["setting"]


@contextmanager
def setting(module: ModuleType, **values: Any) -> Iterator[None]:
    """Set ``module``'s settings (``PLAYOUTS=120, PLIES=0``) for the ``with`` block, and put each
    back as it was when the block ends, by an error too.

    Raises TypeError for a module that is not one, AttributeError for a setting the module does
    not have (a misspelt name would otherwise change nothing).
    """
    if not isinstance(module, ModuleType):
        raise TypeError(f"setting changes a module's settings, not a {type(module).__name__}'s")
    missing = [name for name in values if not hasattr(module, name)]
    if missing:
        raise AttributeError(f"{module.__name__} has no setting {', '.join(missing)}")
    before = {name: getattr(module, name) for name in values}
    try:
        for name, value in values.items():
            setattr(module, name, value)
        yield
    finally:
        for name, value in before.items():
            setattr(module, name, value)
