"""Run the fuzz suite's long profile and print how many cases ran and how they ended.

    python bench/fuzz_long.py            # UBONGO_FUZZ=long: thousands of random cases, minutes
    python bench/fuzz_long.py --default  # the fixed-seed profile CI runs (about 15 s)
    python bench/fuzz_long.py tests/fuzz/test_faults.py -k pool_worker  # some surfaces only

Prints ``N cases: a exit 0, b exit 1, c exit 2`` and pytest's own summary; exits with
pytest's code (1 when a property failed: its failing case is in the output above).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    """Run tests/fuzz in a pytest of its own, then print the outcome counts it wrote."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "outcomes.json"
        env = {**os.environ, "UBONGO_FUZZ_REPORT": str(report)}
        if "--default" not in argv:
            env["UBONGO_FUZZ"] = "long"
        command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider"]
        command += [a for a in argv if a != "--default"] or ["tests/fuzz"]
        code = subprocess.run(command, cwd=ROOT, env=env).returncode
        if not report.exists():
            print("no outcome counts were written", file=sys.stderr)
            return code or 1
        found = json.loads(report.read_text())
    outcomes = found["outcomes"]
    parts = ", ".join(f"{outcomes[k]} {k}" for k in sorted(outcomes))
    profile = "long" if found["long"] else "default"
    print(f"fuzz, {profile} profile: {found['cases']} cases: {parts}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
