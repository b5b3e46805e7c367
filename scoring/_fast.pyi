"""Types of the optional C extension built from scoring/_fast.c (loaded by
scoring.common.load_fast; used by scoring.ubongo and scoring.jaipur)."""

from typing import Any

def ubongo_rounds(
    rounds: list[Any], players: list[str], quoted: list[str], /
) -> tuple[str, tuple[int, ...]] | None: ...
def jaipur_tables(
    goods: tuple[str, ...],
    tokens: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    min_cards: tuple[int, ...],
    bonus: tuple[tuple[int, ...], ...],
    limits: tuple[int, int, int, int, int],
    /,
) -> None: ...
def jaipur_rounds(
    rounds: list[Any], players: list[str], quoted: list[str], /
) -> tuple[str, tuple[int, ...]] | None: ...
