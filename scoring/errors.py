"""The errors of the scorers, apart from their types, so that a command's start does not load
those to catch these."""

from __future__ import annotations


class ScoringError(Exception):
    """Base of every error raised by the scorers."""


class InvalidRecord(ScoringError):
    """A record breaks a rule: ``field`` is a JSON path into the record, ``rule`` says what."""

    def __init__(self, field: str, rule: str) -> None:
        super().__init__(f"{field}: {rule}")
        self.field = field
        self.rule = rule
