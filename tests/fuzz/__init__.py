"""The standing fuzz and fault suites (issue 9); ``UBONGO_FUZZ=long`` for the long profile."""
