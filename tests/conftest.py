"""Test ordering: the browser tests run last, after the quick ones have had their say.

Hypothesis draws new cases on every run on a developer's machine; in CI (``CI`` set) it draws the
same ones every run, so a submission lands or fails on what it changed, not on the cases drawn.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("e2e") is not None)
