"""The board machinery both games' boards share: the plain-Python board session (``session``,
``protocol``, ``turns``, ``messages``, ``advice``, ``rematch``, ``export``), the anywidget
transport over it (``base``, ``displays``), the page shell (``shell.js``, ``shell.css``) and the
colours and speeds, each defined once. ``Board`` loads ipywidgets on first use; the session never does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .protocol import Handler, Refusal
from .session import BoardSession
from .style import COLOURS, SPEEDS
from .turns import EverySeatAtOnce, OneAfterAnother

if TYPE_CHECKING:
    from .base import Board

__all__ = ["COLOURS", "SPEEDS", "Board", "BoardSession", "EverySeatAtOnce", "Handler", "OneAfterAnother",
           "Refusal"]


def __getattr__(name: str) -> Any:
    if name == "Board":
        from .base import Board

        return Board
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
