"""Every notebook under notebooks/ runs top to bottom, is saved without outputs, and says what
a reader would check: a section about a rule shows that rule at work, and every verdict or
refusal it prints cites a rule that exists."""

from __future__ import annotations

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
