"""Jupyter widgets to play and study Touring and On Tour.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "greedy"], seed=7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, LoadError

if TYPE_CHECKING:
    from . import demos
    from .core.rulebook import rules
    from .core.verdict import Verdict
    from .demos import demo
    from .on_tour import OnTour
    from .touring import Touring

__all__ = ["IllegalAction", "LoadError", "OnTour", "Touring", "Verdict", "demo", "demos", "rules"]
__version__ = "0.1.0"

_LAZY = {
    "Touring": ".touring",
    "OnTour": ".on_tour",
    "rules": ".core.rulebook",
    "Verdict": ".core.verdict",
    "demo": ".demos",
}


def __getattr__(name: str) -> Any:
    # Games load on first use, so `import touring_widgets` stays instant.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    if name in ("touring", "on_tour", "lab", "demos", "table"):
        # ``demos`` is a callable module: tw.demos() lists the rule demonstrations.
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
