"""The rule files shipped in the package, read into rules that can be looked up by id.

>>> from touring_widgets.core.rulebook import rules
>>> rules("T-POP").title
"Populated Area is played on an opponent's active Freeway."
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .registry import specs

#: A rule id: a game's prefix letter and a word in capitals ("T-POP", "O-STAR").
RULE_ID = r"[A-Z]-[A-Z]+"
_BULLET = re.compile(rf"^- \*\*({RULE_ID})\*\* (.*)$")
_HEADING = re.compile(rf"^## (.*?) \(({RULE_ID})\)\s*$")
_SWITCH_ROW = re.compile(rf"^\| ({RULE_ID}) \| (.*?) \| (.*?) \|$")


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: its id, game, section, title (its first sentence) and whole text, and the
    ``Rules`` switches that change it."""

    id: str
    game: str
    section: str
    title: str
    text: str
    switches: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.id} ({self.section}) {self.text}"

    def __repr__(self) -> str:
        return f"<Rule {self.id}: {self.title}>"


def rule_pattern() -> re.Pattern[str]:
    """A rule id of any registered game, as it is cited in text ("T-POP", "O-STAR")."""
    prefixes = "|".join(re.escape(spec.rule_prefix) for spec in specs())
    return re.compile(rf"\b(?:{prefixes})[A-Z]+\b")


def rules(rule_id: str | None = None) -> Rule | dict[str, Rule]:
    """The rule with this id (``rules("T-POP")``), or every rule of every game by id.

    Raises KeyError naming the unknown id and the ids that exist.
    """
    book = _book()
    if rule_id is None:
        return dict(book)
    if not isinstance(rule_id, str) or rule_id not in book:
        prefix = rule_id[:2] if isinstance(rule_id, str) else ""
        near = [r for r in book if r.startswith(prefix)] or list(book)
        raise KeyError(f"no rule {rule_id!r}; the rule ids are {', '.join(near)}")
    return book[rule_id]


def rule_ids(game: str | None = None) -> tuple[str, ...]:
    """Every rule id, or those of one game, in the order of the rule files."""
    return tuple(r.id for r in _book().values() if game is None or r.game == game)


def _book() -> dict[str, Rule]:
    return _read_books(tuple((spec.name, spec.rule_file) for spec in specs()))


@cache
def _read_books(files: tuple[tuple[str, Path], ...]) -> dict[str, Rule]:
    """Every rule of every game's rule file, by id, in the order of the games and their files."""
    book: dict[str, Rule] = {}
    for game, path in files:
        for rule in _read(game, path.read_text(encoding="utf-8")):
            book[rule.id] = rule
    return book


def _read(game: str, text: str) -> list[Rule]:
    found: list[tuple[str, str, list[str]]] = []  # (id, section, lines)
    switches: dict[str, list[str]] = {}
    section = ""
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            heading = _HEADING.match(line)
            section = heading.group(1) if heading else line[3:].strip()
            current = None
            if heading:
                current = []
                found.append((heading.group(2), section, current))
        elif bullet := _BULLET.match(line):
            current = [bullet.group(2)]
            found.append((bullet.group(1), section, current))
        elif line.startswith(("- ", "|")):
            row = _SWITCH_ROW.match(line)
            if row:
                switches[row.group(1)] = re.findall(r"`([a-z_]+)`", row.group(2))
            current = None
        elif line.strip() and current is not None:
            current.append(line.strip())
    out = []
    for rule_id, where, lines in found:
        body = " ".join(lines)
        first = re.match(r"(?:\(resolution\) )?(.+?\.)(\s|$)", body)
        title = first.group(1) if first else body
        named = switches.get(rule_id, []) + re.findall(r"[Ss]witch `([a-z_]+)`", body)
        out.append(Rule(rule_id, game, where, title, body, tuple(dict.fromkeys(named))))
    return out
