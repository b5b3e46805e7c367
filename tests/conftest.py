"""Set-up shared by every test module: Hypothesis profiles, nothing else.

Profiles (pick one with ``HYPOTHESIS_PROFILE=NAME``):
    dev   the local default: no deadline, because two shared cores make timings noise.
    ci    Hypothesis' built-in profile, which Hypothesis itself loads when ``CI`` is set
          (derandomized, no example database); extended here, never replaced.
    sanitize  dev, derandomized and without a database: .ci/sanitize runs the cores under
          AddressSanitizer and UBSan, where a report must be the same on every run.
Tests choose their own ``max_examples``; the profiles leave that alone.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SLOW_OK = [HealthCheck.too_slow]  # a property that solves puzzles is slow by design

settings.register_profile("dev", deadline=None, suppress_health_check=_SLOW_OK)
settings.register_profile(
    "ci", parent=settings.get_profile("ci"), deadline=None, suppress_health_check=_SLOW_OK
)
settings.register_profile(
    "sanitize", parent=settings.get_profile("dev"), derandomize=True, database=None
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
