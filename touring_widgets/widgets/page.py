"""The page's code and style for one game's board, as the one ES module anywidget loads.

The page is written as small ES modules that import one another by relative paths: the shared kit
and shell in ``widgets/js/``, each game's modules in its ``ui/`` folder, entered by ``ui/board.js``
(whose default export is the board). Every module runs on its own (Node imports them in the tests;
a server may serve them as they are). For anywidget they are joined here, without a bundler and
without fetching anything: the entry's imports are followed, each module comes once and after
the modules it imports, its import lines are dropped and its exports kept as declarations, and
``widgets/js/config.js`` is replaced by the settings Python sends (colours, speeds, palette).

>>> esm = compose_esm("export const GAME = {};", {"speeds": {"fast": 0.15}})
>>> esm.count("export default {"), esm.index("export const CONFIG") < esm.index("export const GAME")
(1, True)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_HERE = Path(__file__).parent
_KIT = _HERE / "js"
_CONFIG = _KIT / "config.js"
_SHELL = _KIT / "shell.js"
_PACKAGE = _HERE.parent

# `import {a, b} from "./x.js";` and `export {a, b} from "./x.js";` (over several lines, too)
_FROM = re.compile(r'^(import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)"\s*;?[ \t]*\n', re.M)
# `export {a, b};`: names already exported where they are declared
_EXPORT_LIST = re.compile(r"^export\s*\{[^}]*\}\s*;?[ \t]*\n", re.M)
# any other import form (default, namespace, bare side effect): not used by the page's modules
_OTHER_IMPORT = re.compile(r"^import\b(?!\s*\{[^}]*\}\s*from)", re.M)
# a declaration at the top of a module
_DECLARED = re.compile(r"^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)", re.M)
# a module of the old form (exports GAME, no default) gets the shell's board as its default
_DEFAULT_BOARD = "export default { render: (props) => boardShell(GAME).render(props) };\n"


def _shown(path: Path) -> str:
    """A module's path as messages show it: within the package when it is the package's."""
    return str(path.relative_to(_PACKAGE)) if path.is_relative_to(_PACKAGE) else path.name


class _Module:
    """One module's text split into what it imports and its body."""

    def __init__(self, path: Path | None, text: str, base: Path) -> None:
        self.path = path
        self.name = _shown(path) if path else "the game module"
        self.imports: list[Path] = []
        for match in _FROM.finditer(text):
            names, spec = match.group(2), match.group(3)
            if " as " in names:
                raise ValueError(f"{self.name}: renamed imports cannot be joined into one module ({spec})")
            if not spec.startswith(("./", "../")):
                raise ValueError(f"{self.name}: only relative imports are joined, not {spec!r}")
            target = (base / spec).resolve()
            if not target.is_file():
                raise ValueError(f"{self.name}: imports {spec}, which does not exist")
            self.imports.append(target)
        body = _EXPORT_LIST.sub("", _FROM.sub("", text))
        if _OTHER_IMPORT.search(body):
            raise ValueError(f"{self.name}: only `import {{...}} from` lines are joined")
        self.body = body


def _modules(entry: _Module) -> list[_Module]:
    """``entry`` and every module it imports, each once, every module after those it imports."""
    order: list[_Module] = []
    done: set[Path] = set()
    open_: list[Path] = [entry.path] if entry.path else []

    def visit(module: _Module) -> None:
        for path in module.imports:
            if path in done:
                continue
            if path in open_:
                circle = " -> ".join(_shown(p) for p in [*open_[open_.index(path):], path])
                raise ValueError(f"the page's modules import in a circle: {circle}")
            open_.append(path)
            visit(_Module(path, path.read_text(encoding="utf-8"), path.parent))
            open_.pop()
            done.add(path)
        order.append(module)

    visit(entry)
    return order


def config_module(config: dict[str, Any]) -> str:
    """The text of ``widgets/js/config.js`` with Python's settings: what a server of the page's
    modules serves in its place.

    >>> config_module({"speeds": {"fast": 0.15}})
    'export const CONFIG = {"speeds": {"fast": 0.15}};\\n'
    """
    return f"export const CONFIG = {json.dumps(config, sort_keys=True)};\n"


def compose_esm(game_module: str | Path, config: dict[str, Any]) -> str:
    """One ES module for the page: the game's entry module and every module it imports.

    ``game_module`` is the entry's path, or its text (whose imports are then relative to
    ``widgets/js/``; without a default export the shell's board of its ``GAME`` is added).
    ``config`` becomes ``CONFIG``. Raises ValueError for an import the page cannot join: a circle,
    a renamed or bare import, a missing file, or one name declared by two modules.
    """
    if isinstance(game_module, str):
        entry = _Module(None, game_module, _KIT)
    else:
        path = Path(game_module).resolve()
        entry = _Module(path, path.read_text(encoding="utf-8"), path.parent)
    legacy = not re.search(r"^export default\b", entry.body, re.M)
    if legacy:
        entry.imports.insert(0, _SHELL)
    modules = _modules(entry)
    seen: dict[str, str] = {}
    parts = ["// The page's modules in one, each after those it imports (touring_widgets.widgets.page)\n"]
    for module in modules:
        if module.path == _CONFIG:
            parts.append(f"// widgets/js/config.js: the settings from Python\n{config_module(config)}")
            continue
        for name in _DECLARED.findall(module.body):
            if name in seen:
                raise ValueError(f"{name} is declared by both {seen[name]} and {module.name}")
            seen[name] = module.name
        if module is entry and legacy:
            parts.append(_DEFAULT_BOARD)
        parts.append(f"// {module.name}\n{module.body}")
    return "\n".join(parts)


def compose_css(game_css: str) -> str:
    """The shell's stylesheet followed by the game's."""
    return (_HERE / "shell.css").read_text(encoding="utf-8") + "\n" + game_css
