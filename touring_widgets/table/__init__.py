"""Play together: a game served to several browsers, each human seat by its own private link.

>>> import touring_widgets as tw
>>> g = tw.Touring(players=["human", "human", "greedy"], seed=3)
>>> t = tw.table.host(g)        # doctest: +SKIP
>>> t.link(0)                   # doctest: +SKIP
'http://127.0.0.1:.../seat/...'
>>> t.close()                   # doctest: +SKIP

Needs the ``table`` extra (an ASGI server and framework): ``pip install 'touring_widgets[table]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .classes import Classroom
    from .hosting import Table

__all__ = ["Classroom", "Table", "classroom", "host", "resume"]

EXTRAS = "a table needs starlette, uvicorn, websockets and qrcode: pip install 'touring_widgets[table]'"


def _needs() -> None:
    try:
        import qrcode  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401
    except ImportError as exc:
        raise ImportError(f"{EXTRAS} ({exc.name} is missing)") from None


def host(game: Any, **options: Any) -> Table:
    """Serve ``game`` to browsers, each human seat by its own private link (``hosting.host``)."""
    _needs()
    from .hosting import host as start

    return start(game, **options)


def classroom(seed: Any = None, **options: Any) -> Classroom:
    """Serve one deal to a class: one link, each student on their own board (``classes.classroom``)."""
    _needs()
    from .classes import classroom as start

    return start(seed, **options)


def resume(path: Any, **options: Any) -> Table | Classroom:
    """Bring back a table or a class from its journal (after a crash, or ``close()``): every game,
    every link, at the same address and port. Raises JournalError for a file that is not one."""
    _needs()
    from .classes import resume_class
    from .hosting import resume as resume_table
    from .journal import Journal, JournalError

    book = Journal(path, create=False)
    try:
        kind = book.meta().get("kind")
    except JournalError:
        book.close()
        raise
    if kind == "class":
        return resume_class(book, **options)
    book.close()
    return resume_table(path, **options)


def __getattr__(name: str) -> Any:
    if name in ("Table", "Classroom"):
        _needs()
        from . import classes, hosting

        return getattr(hosting if name == "Table" else classes, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
