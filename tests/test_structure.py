"""The package's structure holds: no import circle, no import running back up a layer, no private
name taken across modules, no game named in the shared layers, no source file over 600 lines
(measured by ``tools/structure.py`` from the source, as anyone can run it)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("structure", ROOT / "tools" / "structure.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("structure", module)
    spec.loader.exec_module(module)
    return module


structure = _tool()
FOUND = structure.measure(ROOT)


@pytest.mark.parametrize("measure", list(FOUND))
def test_structure_measure_is_zero(measure: str) -> None:
    assert FOUND[measure] == [], f"{measure}: " + "; ".join(map(str, FOUND[measure]))


def test_structure_tool_sees_what_it_measures(tmp_path: Path) -> None:
    """Each measure finds a planted fault: a circle, an upward import, a private name, a game name
    in shared code, a long file."""
    package = tmp_path / "touring_widgets"
    for folder in ("core", "widgets", "lab", "touring", "on_tour"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "core" / "a.py").write_text("from . import b\n")
    (package / "core" / "b.py").write_text("def f():\n    from .a import x\n")  # a circle, in a function
    (package / "widgets" / "w.py").write_text("from ..lab.charts import Chart\n_x = 'touring'\n")
    (package / "lab" / "charts.py").write_text("from ..touring.state import _hidden\n" + "x = 1\n" * 601)
    (package / "touring" / "state.py").write_text("from ..on_tour import moves\n_hidden = 1\n")
    (package / "on_tour" / "moves.py").write_text("")
    found = structure.measure(tmp_path)
    assert found["import circles"] == [["touring_widgets.core.a", "touring_widgets.core.b"]]
    assert found["imports running back up a layer"] == [
        "touring_widgets.touring.state:1 imports touring_widgets.on_tour.moves",
        "touring_widgets.widgets.w:1 imports touring_widgets.lab.charts",
    ]
    assert found["private names imported across modules"] == [
        "touring_widgets.lab.charts:1 takes _hidden from touring_widgets.touring.state"]
    assert found["game names in the shared layers"] == ["touring_widgets/widgets/w.py:2: touring",
                                                        "touring_widgets/lab/charts.py:1: touring"]
    assert found["source files over 600 lines"] == ["touring_widgets/lab/charts.py: 602 lines"]
