"""What the two games' ``Rules`` objects share: checking their switches, and JSON for saves."""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

from ..errors import LoadError


class RuleSwitches:
    """A base for a game's frozen ``Rules`` dataclass: checks, ``to_dict`` and ``from_dict``."""

    __slots__ = ()

    def _check_flags(self, *names: str, rule: dict[str, str] | None = None) -> None:
        """Raise ValueError for any of these fields that is not True or False, citing its rule."""
        for name in names:
            value = getattr(self, name)
            if not isinstance(value, bool):
                cite = f" ({rule[name]})" if rule and name in rule else ""
                raise ValueError(f"Rules.{name} must be True or False, not {value!r}{cite}")

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
                raise LoadError(f"field 'rules': unknown rule option {str(key)[:40]!r}")
        try:
            return cls(**data)
        except (TypeError, ValueError) as exc:
            raise LoadError(f"field 'rules': {exc}") from None
