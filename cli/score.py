"""``ubongo score`` and ``ubongo simulate``: game-night records in, results out.

Invalid records are reported one per stderr line and the rest are still scored.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, cast

import click

from cli._common import display, json_line, json_text, read_bytes, read_text, reported, warn
from scoring.records import (
    GAMES,
    Catalog,
    Outcome,
    engine,
    evaluate,
    file_entries,
    parse_catalog,
)
from scoring.report import csv_text, result_json, session_text, standings, standings_text

SEATS = {"ubongo": (2, 4), "jaipur": (2, 2)}


class Simulator(Protocol):
    """A game module that can play a random legal session."""

    def simulate(self, players: int, rng: random.Random) -> dict[str, Any]: ...


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--game", type=click.Choice(GAMES), help="Score only this game's records.")
@click.option("--json", "as_json", is_flag=True, help="One JSON document: a list of results.")
@click.option("--csv", "as_csv", is_flag=True, help="One CSV row per player per session.")
@click.option("--summary", is_flag=True, help="Add played / won / mean score per player.")
@click.option(
    "--catalog", metavar="FILE", help="Amul card catalog (JSON: card name -> attributes)."
)
@reported
def score(
    files: tuple[str, ...],
    game: str | None,
    as_json: bool,
    as_csv: bool,
    summary: bool,
    catalog: str | None,
) -> None:
    """Score recorded sessions of Ubongo, Jaipur, Jambo and Amul.

    FILE holds JSON (one session or an array of them) or JSON Lines (one per line);
    `-` reads stdin. A record without "game" is taken to be of --game. See docs/FORMAT.md.

    \b
    Examples:
      ubongo score sessions.jsonl
      ubongo score --game jaipur --summary a.json b.jsonl
      ubongo simulate ubongo -p 3 --seed 1 | ubongo score --json -

    \b
    Exit codes: 0 every record valid; 1 an invalid record or unreadable file
    (reported on stderr, the others still scored); 2 usage error.
    """
    if as_json and as_csv:
        raise click.UsageError("--json and --csv are exclusive")
    if as_csv and summary:
        raise click.UsageError("--summary does not fit in a CSV; use it with the table or --json")
    cards = parse_catalog(read_text(catalog), catalog) if catalog is not None else None
    outcomes, failed = _score_files(files, game, cards)
    if not outcomes and not failed:
        kind = f"{game} sessions" if game else "sessions"
        warn(f"no {kind} in {', '.join(display(f) for f in files)}")
    if as_json:
        click.echo(json_text(_json_document(outcomes, summary), indent=2))
    elif as_csv:
        click.echo(csv_text(outcomes), nl=False)
    else:
        _echo_tables(outcomes, summary)
    if failed or not all(o.valid for o in outcomes):
        click.get_current_context().exit(1)


def _score_files(
    files: tuple[str, ...], game: str | None, catalog: Catalog | None
) -> tuple[list[Outcome], bool]:
    """Every kept record's outcome, problems reported on stderr; and whether a file failed."""
    outcomes: list[Outcome] = []
    failed = False
    for path in files:
        try:
            data = read_bytes(path)
        except click.ClickException as error:
            warn(error.format_message())
            failed = True
            continue
        for entry in file_entries(data, display(path)):
            outcome = evaluate(entry, game, catalog)
            if outcome is not None:
                outcomes.append(outcome)
                for problem in outcome.problems:
                    warn(str(problem))
    return outcomes, failed


def _json_document(outcomes: list[Outcome], summary: bool) -> Any:
    """The list of results; with ``summary``, an object of sessions and standings."""
    results = [result_json(o) for o in outcomes]
    if not summary:
        return results
    return {"sessions": results, "summary": [s.to_json() for s in standings(outcomes)]}


def _echo_tables(outcomes: list[Outcome], summary: bool) -> None:
    """A table per valid session, then the standings when asked."""
    blocks = [session_text(o) for o in outcomes if o.valid]
    if summary and blocks:
        blocks.append(standings_text(standings(outcomes)))
    if blocks:
        click.echo("\n\n".join(blocks))


@click.command()
@click.argument("game", type=click.Choice(sorted(SEATS)))
@click.option("-p", "--players", type=int, required=True, help="Number of players.")
@click.option("--seed", type=int, required=True, help="Same seed, same sessions.")
@click.option(
    "-n",
    "--sessions",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="How many sessions.",
)
@reported
def simulate(game: str, players: int, seed: int, sessions: int) -> None:
    """Write random legal sessions of GAME as JSON Lines, one record per line.

    Session k (1-based) is played with random.Random(f"{SEED}:{k}"), so a seed
    always gives the same sessions, and session k is the same whatever --sessions.

    \b
    Examples:
      ubongo simulate ubongo --players 3 --seed 7 --sessions 100 > ubongo.jsonl
      ubongo simulate jaipur -p 2 --seed 1 | ubongo score -

    \b
    Exit codes: 0 success; 2 usage error (e.g. a player count the game does not
    allow: Ubongo 2 to 4, Jaipur 2).
    """
    low, high = SEATS[game]
    if not low <= players <= high:
        seats = f"{low} players" if low == high else f"{low} to {high} players"
        raise click.BadParameter(f"{game} takes {seats}, not {players}", param_hint="--players")
    module = cast(Simulator, engine(game))
    for k in range(1, sessions + 1):
        record = module.simulate(players, random.Random(f"{seed}:{k}"))
        record = {"id": f"{game}-{seed}-{k}", **record} if "id" not in record else record
        click.echo(json_line(record))


COMMANDS = [score, simulate]
