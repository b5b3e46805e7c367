"""Scorers for recorded game sessions: one pure module per game, no I/O.

Each game module (``scoring.ubongo``, ``scoring.jaipur``, ``scoring.jambo``,
``scoring.amul``) exposes ``GAME`` (its record name), ``parse(record) -> Session``
(a frozen dataclass; raises :class:`InvalidRecord`) and ``score(session) -> SessionResult``.
"""

from ubongo.scoring.common import InvalidRecord, PlayerResult, ScoringError, SessionResult

__all__ = ["InvalidRecord", "PlayerResult", "ScoringError", "SessionResult"]
