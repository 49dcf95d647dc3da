"""What the two games' ``Rules`` objects share: turning their switches into JSON and back."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from ..errors import LoadError


class RuleSwitches:
    """A base for a game's frozen ``Rules`` dataclass: ``to_dict`` and ``from_dict`` for saves."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON values."""
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """Rules from ``to_dict`` output; raises LoadError naming an unknown or bad option."""
        if not isinstance(data, dict):
            raise LoadError("field 'rules' must be an object of rule options")
        known = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        for key in data:
            if key not in known:
                raise LoadError(f"field 'rules': unknown rule option {key!r}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"field 'rules': {exc}") from None
