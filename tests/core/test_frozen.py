"""fast_constructor: the same frozen values as the class's own constructor, built faster."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from touring_widgets.core.frozen import fast_constructor


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    seen: tuple = field(default=(), init=False, compare=False)


def test_it_makes_the_same_frozen_value_as_the_class() -> None:
    make = fast_constructor(Point)
    p = make(3, 4)
    assert type(p) is Point
    assert p == Point(3, 4) and hash(p) == hash(Point(3, 4))
    assert (p.x, p.y, p.seen) == (3, 4, ())  # a field outside __init__ gets its default
    with pytest.raises(FrozenInstanceError):
        p.x = 5  # type: ignore[misc]


def test_it_refuses_a_class_without_slots() -> None:
    @dataclass(frozen=True)
    class Loose:
        x: int

    with pytest.raises(TypeError, match="slots"):
        fast_constructor(Loose)
