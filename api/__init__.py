"""ubongo-lab: Ubongo puzzles solved, verified, hinted, generated and printed; games scored."""

__version__ = "0.1.0"
"""The distribution's version: its one home (pyproject.toml reads it; ``ubongo --version``)."""
