"""Test ordering: the browser tests run last, after the quick ones have had their say.

Hypothesis draws new cases on every run on a developer's machine; in CI (``CI`` set) it draws the
same ones every run, so a submission lands or fails on what it changed, not on the cases drawn.
``HYPOTHESIS_PROFILE=measure`` draws CI's cases and does not shrink a failure (tools/plant.py: it
asks only whether the suite fails).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import Phase, settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("measure", derandomize=True, phases=[Phase.explicit, Phase.reuse, Phase.generate])
_profile = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else None)
if _profile:
    settings.load_profile(_profile)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
