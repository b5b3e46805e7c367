"""Scorers for recorded game sessions: one pure module per game, no I/O.

Each game module (``scoring.ubongo``, ``scoring.jaipur``, ``scoring.jambo``,
``scoring.amul``) exposes ``GAME`` (its record name), ``parse(record) -> Session``
(a frozen dataclass; raises :class:`~ubongo.scoring.errors.InvalidRecord`) and
``score(session) -> SessionResult``. The types they share are in ``scoring.common``, their
errors in ``scoring.errors``, and text and JSON as the whole package writes them in
``scoring.text``. This file imports none of them: every command's start passes through it, and
most commands need only the text.
"""
