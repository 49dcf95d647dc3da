"""Print a benchmark's rows as an aligned table: measure, value, target."""

from __future__ import annotations


def print_table(rows: list[tuple[str, str, str]]) -> None:
    """Print (measure, value, target) rows under a header, columns aligned."""
    width = max(len(r[0]) for r in rows)
    vwidth = max(10, *(len(r[1]) for r in rows))
    print(f"{'measure':<{width}}  {'value':>{vwidth}}  target")
    print(f"{'-' * width}  {'-' * vwidth}  {'-' * 22}")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>{vwidth}}  {target}")
