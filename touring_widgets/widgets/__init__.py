"""The board machinery both games' boards share: the anywidget base class, the page shell
(``shell.js``, ``shell.css``) and the colours and speeds, each defined once."""

from __future__ import annotations

from .base import Board
from .style import COLOURS, SPEEDS

__all__ = ["COLOURS", "SPEEDS", "Board"]
