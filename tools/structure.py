"""The package's structure, measured from its source: import circles, imports running back up a
layer, imports of another module's private name, game names in the shared layers, long files.

    python tools/structure.py            # the table
    python tools/structure.py --check    # the same, and exit 1 if any count is not 0
    python tools/structure.py --tree DIR # measure another checkout (a package folder inside DIR)

Every import counts, wherever it is written (a function's body too) and whatever it names: an
import inside a function that dodges a circle is still a circle. Only imports for type checkers
(under ``if TYPE_CHECKING:``), which never run, are left out. Layers, lowest first:

    errors, core  <-  widgets  <-  each game (touring/, on_tour/, ...)  <-  lab, demos  <-  the package

A module may import its own layer or a lower one; a game may not import another game.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "touring_widgets"
#: the most lines a source file may hold
MOST_LINES = 600
#: the shared layers, which never name a game
SHARED = ("core", "widgets", "lab", "demos", "table")
LAYERS = {"errors": 0, "core": 0, "widgets": 1, "lab": 3, "demos": 3, "table": 4, "": 4}
GAME_LAYER = 2
SOURCE = (".py", ".js", ".css")


@dataclass
class Tree:
    """The package's modules, their imports and their layers."""

    root: Path
    modules: dict[str, Path] = field(default_factory=dict)
    #: (importer, imported module, names taken, line)
    imports: list[tuple[str, str, tuple[str, ...], int]] = field(default_factory=list)

    @classmethod
    def read(cls, root: Path) -> Tree:
        tree = cls(root)
        package = root / PACKAGE
        for path in sorted(package.rglob("*.py")):
            tree.modules[_module_name(root, path)] = path
        for name, path in tree.modules.items():
            tree.imports.extend(tree._imports_of(name, path))
        return tree

    def _imports_of(self, name: str, path: Path) -> Iterator[tuple[str, str, tuple[str, ...], int]]:
        is_package = path.name == "__init__.py"
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(PACKAGE):
                        yield name, self._known(alias.name), (), node.lineno
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node.module, node.level)
                if base is None or not base.startswith(PACKAGE):
                    continue
                names = tuple(a.name for a in node.names)
                plain = []
                for taken in names:
                    sub = f"{base}.{taken}"
                    if sub in self.modules:
                        yield name, sub, (), node.lineno  # a module taken by name
                    else:
                        plain.append(taken)
                if plain or not names:
                    yield name, self._known(base), tuple(plain), node.lineno

    def _known(self, module: str) -> str:
        while module not in self.modules and "." in module:
            module = module.rpartition(".")[0]
        return module

    def edges(self) -> dict[str, set[str]]:
        graph: dict[str, set[str]] = {m: set() for m in self.modules}
        for importer, imported, _, _ in self.imports:
            if imported != importer and imported in self.modules and not _is_parent(imported, importer):
                graph[importer].add(imported)
        return graph

    def layer(self, module: str) -> tuple[int, str]:
        """A module's layer and, for a game's module, the game's package."""
        parts = module.split(".")[1:]
        top = parts[0] if parts else ""
        if parts and len(parts) == 1 and (self.root / PACKAGE / f"{top}.py").exists():
            return LAYERS.get(top, LAYERS[""]), ""
        if top in LAYERS:
            return LAYERS[top], ""
        return GAME_LAYER, top


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, (ast.Name, ast.Attribute)) and "TYPE_CHECKING" in ast.unparse(test):
            yield from (n for child in node.orelse for n in ast.walk(child))
            continue
        yield node
        yield from _runtime_nodes(node)


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(module: str, is_package: bool, target: str | None, level: int) -> str | None:
    if level == 0:
        return target
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    base = ".".join(parts)
    return f"{base}.{target}" if target else base


def _is_parent(parent: str, child: str) -> bool:
    return child.startswith(parent + ".")


def circles(tree: Tree) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm)."""
    graph = tree.edges()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward(tree: Tree) -> list[str]:
    """Imports of a higher layer, or of another game."""
    out = []
    for importer, imported, _, line in tree.imports:
        if imported not in tree.modules or _is_parent(imported, importer):
            continue
        (mine, my_game), (theirs, their_game) = tree.layer(importer), tree.layer(imported)
        if theirs > mine or (mine == theirs == GAME_LAYER and my_game != their_game):
            out.append(f"{importer}:{line} imports {imported}")
    return out


def private_imports(tree: Tree) -> list[str]:
    """Imports of a name another module keeps private (``from x import _name``)."""
    out = []
    for importer, imported, names, line in tree.imports:
        if imported == importer:
            continue
        for name in names:
            if name.startswith("_") and not name.startswith("__"):
                out.append(f"{importer}:{line} takes {name} from {imported}")
    return out


_GAME_WORDS = re.compile(r"\b(touring|Touring|on_tour|OnTour|On Tour|TOURING|ON_TOUR)\b(?!_widgets)")


def game_names(tree: Tree) -> list[str]:
    """Places in the shared layers' code (not their docstrings or comments) that name a game."""
    out = []
    package = tree.root / PACKAGE
    for layer in SHARED:
        folder = package / layer
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix == ".py":
                places = _python_code_words(path)
            elif path.suffix == ".js":
                places = _js_code_words(path)
            else:
                continue
            rel = path.relative_to(tree.root)
            out.extend(f"{rel}:{line}: {word}" for line, word in places)
    return out


def _python_code_words(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(body[0].lineno)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            continue
        if tok.type == tokenize.STRING and tok.start[0] in docstrings:
            continue
        for match in _GAME_WORDS.finditer(tok.string):
            yield tok.start[0], match.group(1)


def _js_code_words(path: Path) -> Iterator[tuple[int, str]]:
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), path.read_text(encoding="utf-8"),
                  flags=re.S)
    for number, line in enumerate(text.splitlines(), start=1):
        code = re.sub(r"(^|\s)//.*$", "", line)
        for match in _GAME_WORDS.finditer(code):
            yield number, match.group(1)


def long_files(tree: Tree) -> list[str]:
    out = []
    for path in sorted((tree.root / PACKAGE).rglob("*")):
        if path.suffix in SOURCE and path.is_file():
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MOST_LINES:
                out.append(f"{path.relative_to(tree.root)}: {lines} lines")
    return out


def measure(root: Path = ROOT) -> dict[str, list]:
    """Every finding, by measure."""
    tree = Tree.read(root)
    return {
        "import circles": circles(tree),
        "imports running back up a layer": upward(tree),
        "private names imported across modules": private_imports(tree),
        "game names in the shared layers": game_names(tree),
        f"source files over {MOST_LINES} lines": long_files(tree),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless every count is 0")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--quiet", action="store_true", help="the counts only")
    args = parser.parse_args(argv)
    found = measure(args.tree.resolve())
    width = max(map(len, found))
    print(f"{'measure':<{width}}  count")
    for name, items in found.items():
        print(f"{name:<{width}}  {len(items):>5}")
    if not args.quiet:
        for name, items in found.items():
            if items:
                print(f"\n{name}:")
                for item in items:
                    print("  " + (" -> ".join(item) if isinstance(item, list) else item))
    return 1 if args.check and any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
