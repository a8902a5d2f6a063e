"""Tests that need a tool the machine may lack (KiCad, the emulated Pico) skip without it,
except in CI (PICOPEG_CI=1, set by .ci/run), where the tool is installed and a skip would
hide a broken setup: there they fail instead."""

import os

import pytest


def need(missing_reason):
    """Skip (or, in CI, fail) when missing_reason is non-empty; do nothing otherwise."""
    if not missing_reason:
        return
    if os.environ.get("PICOPEG_CI") == "1":
        pytest.fail("{} (PICOPEG_CI=1: .ci/run must install it)".format(missing_reason))
    pytest.skip(missing_reason)
