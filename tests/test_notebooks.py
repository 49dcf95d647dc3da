"""Every notebook under notebooks/ runs top to bottom, is saved without outputs, and says what
a reader would check: a section about a rule shows that rule at work, and every verdict or
refusal it prints cites a rule that exists. Long work shows a progress bar, and no cell leaves a
setting of the package changed for the cells after it."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import touring_widgets as tw
from touring_widgets.core.rulebook import rule_pattern

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
RULE_ID = rule_pattern()


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> dict[str, nbformat.NotebookNode]:
    """Each notebook, run once for all the tests of this module."""
    # The kernel imports the package from this checkout, installed or not.
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), old]))
    try:
        out = {}
        for path in NOTEBOOKS:
            nb = nbformat.read(path, as_version=4)
            client = NotebookClient(
                nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
            )
            client.execute()
            out[path.name] = nb
        return out
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


def text_of(cell) -> str:
    """What a reader sees printed under a code cell (streams and plain-text results)."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append(output.get("text", ""))
        elif "data" in output:
            parts.append(output["data"].get("text/plain", ""))
    return "".join(parts)


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", [p.name for p in NOTEBOOKS])
def test_notebook_runs_without_errors(executed, name):
    outputs = [o for c in executed[name].cells for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    assert not errors, [e.get("ename") + ": " + e.get("evalue", "") for e in errors]


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", [p.name for p in NOTEBOOKS])
def test_a_section_about_a_rule_shows_it_and_every_verdict_cites_a_rule(executed, name):
    book = set(tw.rules())
    section: set[str] = set()
    shown: dict[str, str] = {}
    for cell in executed[name].cells:
        if cell.cell_type == "markdown":
            heading = re.match(r"#+ (.*)", cell.source)
            if heading:
                section = set(RULE_ID.findall(heading.group(1).split(":")[0]))
                for rule in section:
                    shown.setdefault(rule, "")
            continue
        printed = text_of(cell)
        for rule in section:
            shown[rule] += printed
        for line in printed.splitlines():
            if line.startswith(("Illegal:", "Legal:")) or "IllegalAction" in line:
                cited = RULE_ID.findall(line)
                assert cited and set(cited) <= book, f"{name}: {line!r} cites no rule that exists"
    for rule, printed in shown.items():
        assert rule in book, f"{name}: a section is about {rule}, which no rule file defines"
        assert rule in printed, f"{name}: the section about {rule} never shows {rule} at work"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_saved_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, f"{path.name} has outputs saved"


def code_cells(path: Path) -> list[str]:
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def calls(tree: ast.AST, *names: str) -> list[ast.Call]:
    """The calls of ``lab.<name>`` in a cell."""
    return [
        node for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names
        and isinstance(node.func.value, ast.Name) and node.func.value.id == "lab"
    ]


def keyword(call: ast.Call, name: str, position: int | None = None) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return call.args[position] if position is not None and len(call.args) > position else None


#: work this big runs for seconds: a cell doing it shows a progress bar (tqdm) with its estimate
MANY_GAMES = 500
MANY_DEALS = 200


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_long_work_shows_its_progress(path: Path) -> None:
    for source in code_cells(path):
        tree = ast.parse(source)
        for call in calls(tree, "simulate", "advise"):
            progress = keyword(call, "progress")
            silent = isinstance(progress, ast.Constant) and progress.value is False
            n = keyword(call, "n", 1)
            least = MANY_GAMES if call.func.attr == "simulate" else MANY_DEALS
            many = isinstance(n, ast.Constant) and n.value >= least
            players = keyword(call, "players")
            search = players is not None and "search" in ast.unparse(players)
            assert not (silent and (many or search)), f"{path.name}: {ast.unparse(call)} runs long, silent"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_no_cell_leaves_a_setting_of_the_package_changed(path: Path) -> None:
    """A cell changes a setting (a bot's budget) only inside ``with lab.setting(...)``, which puts
    it back: an assignment to a module's name would change it for every cell after."""
    for source in code_cells(path):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            else:
                targets = []
            for target in targets:
                if isinstance(target, ast.Attribute):
                    root = target
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    package = isinstance(root, ast.Name) and root.id in ("tw", "touring_widgets", "lab")
                    assert not package, f"{path.name}: {ast.unparse(target)} = ... outlives the cell"
        for call in calls(tree, "setting"):
            blocks = [item.context_expr for node in ast.walk(tree) if isinstance(node, ast.With)
                      for item in node.items]
            assert call in blocks, f"{path.name}: lab.setting(...) outside a with block is never put back"


def test_the_search_bots_result_is_shown_with_its_interval() -> None:
    """A handful of games proves nothing alone: the duel prints its win rate with a 95 % interval."""
    cells = code_cells(REPO / "notebooks" / "08_advice_and_bots.ipynb")
    (duel,) = [s for s in cells if '"search"' in s and "duel" in s]
    assert "rate_text(" in duel and "with lab.setting(" in duel


def reads_wrong(printed: str) -> list[str]:
    """What a teacher would stumble on in a cell's printed output: a Series' or dict's insides
    printed instead of a table ("dtype: ...", "Name: ..."), a hedged plural ("turn(s)")."""
    marks = {"dtype:": "a Series printed raw", "Name: ": "a dict of Series printed raw",
             "(s)": "a hedged plural"}
    return [why for mark, why in marks.items() if mark in printed]


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("name", [p.name for p in NOTEBOOKS])
def test_outputs_read_as_a_teacher_expects(executed, name):
    for cell in executed[name].cells:
        if cell.cell_type == "code":
            assert not reads_wrong(text_of(cell)), (name, cell.source[:60], reads_wrong(text_of(cell)))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_chart_names_what_it_counts(path: Path) -> None:
    """A chart's axes say what was counted ("deals", "rolls"), never the default's generic words."""
    for source in code_cells(path):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "Convergence", "Histogram"):
                given = {kw.arg for kw in node.keywords}
                chart = ast.unparse(node)[:60]
                assert {"xlabel", "ylabel"} <= given, f"{path.name}: {chart} leaves an axis bare"
