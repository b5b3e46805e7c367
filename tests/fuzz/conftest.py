"""Outcome counts of the fuzz suite: printed at the end of the run, and written as JSON to
``$UBONGO_FUZZ_REPORT`` when that is set (bench/fuzz_long.py reads it)."""

from __future__ import annotations

import json
import os
from typing import Any

from .harness import LONG, OUTCOMES


def summary() -> str:
    """``N cases: a exit 0, b exit 1, c exit 2`` for the runs so far."""
    total = sum(OUTCOMES.values())
    parts = ", ".join(f"{OUTCOMES[k]} {k}" for k in sorted(OUTCOMES))
    return f"{total} cases: {parts or 'none'}"


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line under the test results: the profile and the exit codes seen."""
    if OUTCOMES:
        profile = "long" if LONG else "default"
        terminalreporter.write_line(f"ubongo fuzz ({profile} profile): {summary()}")


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """The counts as JSON, for a script that runs the suite."""
    path = os.environ.get("UBONGO_FUZZ_REPORT")
    if path:
        total = sum(OUTCOMES.values())
        with open(path, "w") as fh:
            json.dump({"cases": total, "outcomes": dict(OUTCOMES), "long": LONG}, fh)


def pytest_configure(config: Any) -> None:
    """A failing case of a large file is shown cut short, without a warning about it."""
    config.addinivalue_line("filterwarnings", "ignore::hypothesis.errors.HypothesisWarning")
