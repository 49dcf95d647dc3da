"""Which cells of a running kernel show which boards, and a picture of each that outlives the kernel.

A board displayed in a cell publishes its picture as an output of its own; after every cell the
pictures of boards whose position changed are published again, and the boards a cell's earlier
run showed (and no other cell shows) lose their game.
"""

from __future__ import annotations

import sys
import warnings
import weakref
from typing import Any


def in_marimo() -> bool:
    """Whether this runs in a marimo notebook (marimo loaded, and no IPython kernel)."""
    return "marimo" in sys.modules and Displays.kernel_shell() is None


GONE = ("This board's game is gone: its cell ran again, so it no longer shows the notebook's game. "
        "Moves are refused here; play on the board the cell shows now.")


class Displays:
    """Which cells show which boards in a running kernel.

    When a cell runs again, the boards its old output showed (and no other cell shows) lose
    their game: a page reloaded from an older save may still show them, and they must not play
    a game the notebook no longer names. After every cell, each shown board whose position
    changed re-publishes its picture, so a notebook run without a browser (``nbconvert
    --execute``) keeps a picture of the end of the run.
    """

    def __init__(self) -> None:
        self.cell: str | None = None
        self.boards: weakref.WeakSet[Any] = weakref.WeakSet()
        self._leaving: list[weakref.ref[Any]] = []
        self._hooked: Any = None

    @staticmethod
    def kernel_shell() -> Any:
        """The IPython shell of a running kernel, or None (plain Python, tests, marimo)."""
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return None
        shell = get_ipython()
        return shell if shell is not None and getattr(shell, "kernel", None) is not None else None

    def show(self, board: Any) -> bool:
        """A board is displayed now: publish its picture; False outside a kernel."""
        shell = self.kernel_shell()
        if shell is None:
            return False
        self.hook(shell)
        board.publish_picture()
        cell = self.cell or self._running_cell(shell)
        if cell:
            board.cells.add(cell)
        self.boards.add(board)
        return True

    @staticmethod
    def _running_cell(shell: Any) -> str | None:
        """The id of the cell running now, from the request (JupyterLab and Notebook 7 send it)."""
        try:
            parent = shell.kernel.get_parent()
        except Exception:  # an older kernel: no cell ids
            return None
        cell = (parent or {}).get("metadata", {}).get("cellId")
        return cell if isinstance(cell, str) and cell else None

    def hook(self, shell: Any) -> None:
        if self._hooked is not shell:
            shell.events.register("pre_run_cell", self.before)
            shell.events.register("post_run_cell", self.after)
            self._hooked = shell

    def before(self, info: Any) -> None:
        """A cell starts: the boards its last run showed are leaving its output."""
        cell = getattr(info, "cell_id", None)
        self.cell = cell if isinstance(cell, str) and cell else None
        if self.cell is None:
            return
        for board in list(self.boards):
            if self.cell in board.cells:
                board.cells.discard(self.cell)
                self._leaving.append(weakref.ref(board))

    def after(self, result: Any = None) -> None:
        """A cell ended: boards no cell shows any more lose their game; pictures catch up."""
        leaving, self._leaving = self._leaving, []
        for ref in leaving:
            board = ref()
            if board is not None and not board.cells and board.comm is not None:
                board.lose_game(GONE)
        for board in list(self.boards):
            if board.comm is None:
                self.boards.discard(board)
                continue
            try:
                board.refresh_picture()
            except Exception as exc:  # a picture that fails must not break the user's cell
                self.boards.discard(board)
                warnings.warn(f"{type(board).__name__}: its picture is no longer refreshed ({exc!r})",
                              RuntimeWarning, stacklevel=2)

    def forget(self, board: Any) -> None:
        self.boards.discard(board)


#: The kernel's one record of shown boards.
DISPLAYS = Displays()
