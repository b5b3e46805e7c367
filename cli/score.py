"""``ubongo score`` and ``ubongo simulate``: game-night records in, results out.

Invalid records are reported one per stderr line and the rest are still scored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

import click

from ubongo._files import FileError
from ubongo.cli import _complete
from ubongo.cli._common import (
    display,
    json_text,
    output_option,
    process_pool,
    read_text,
    reported,
    warn,
    workers_option,
    writing,
)
from ubongo.scoring.records import (
    GAMES,
    SEATS,
    Catalog,
    Outcome,
    Problem,
    parse_catalog,
)

if TYPE_CHECKING:
    from ubongo.scoring.report import Lines, Tally

Out = Callable[[str], object]
"""Where a writer puts its text: stdout, or the file of ``-o`` (replaced atomically at the end)."""


@click.command()
@click.argument("files", nargs=-1, required=True, metavar="FILE...", shell_complete=_complete.files)
@click.option(
    "--game",
    type=click.Choice(GAMES, case_sensitive=False),
    help="Score only this game's records.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON document: a list of results.")
@click.option(
    "--jsonl", "as_jsonl", is_flag=True, help="JSON Lines: one result per line, as it is scored."
)
@click.option("--csv", "as_csv", is_flag=True, help="One CSV row per player per session.")
@click.option(
    "--summary", is_flag=True, help="Add played / won / mean score per player (finished games)."
)
@click.option(
    "--by",
    type=click.Choice(["date"]),
    help="With the summary: one table per game night (the record's date), all games in it.",
)
@click.option(
    "--catalog",
    metavar="FILE",
    shell_complete=_complete.files,
    help="Amul card catalog (JSON: card name -> attributes).",
)
@click.option(
    "--export",
    type=click.Choice(["bgstats", "bgstats-links", "bgg"], case_sensitive=False),
    help="The valid sessions for other apps: bgstats (a JSON file BG Stats imports), "
    "bgstats-links (a BG Stats create-play link per play, one a line) or bgg "
    "(BoardGameGeek's play fields, CSV, a row per player, for scripts: BoardGameGeek imports no "
    "file). Needs each record's date.",
)
@click.option(
    "--html",
    "page",
    metavar="FILE",
    shell_complete=_complete.files,
    help="With --export bgstats-links: write the links as a small page to tap on a phone.",
)
@output_option("Write the output to FILE instead of stdout")
@workers_option(
    "Score JSON Lines files of over 1,000 lines in N processes; the output is the same.",
    every_core=True,
)
@reported
def score(
    files: tuple[str, ...],
    game: str | None,
    as_json: bool,
    as_jsonl: bool,
    as_csv: bool,
    summary: bool,
    by: str | None,
    catalog: str | None,
    export: str | None,
    page: str | None,
    output: str | None,
    workers: int,
) -> None:
    """Score recorded sessions of Ubongo, Jaipur, Jambo and Amul.

    FILE holds JSON (one session or an array of them) or JSON Lines (one per line);
    `-` reads stdin. A record without "game" is taken to be of --game. `ubongo simulate GAME`
    writes valid records to start from.

    \b
    Examples:
      ubongo simulate ubongo -p 3 --seed 1 -n 5 > sessions.jsonl
      ubongo score sessions.jsonl
      ubongo simulate jaipur -p 2 --seed 1 -n 3 > jaipur.jsonl
      ubongo score --summary sessions.jsonl jaipur.jsonl
      ubongo score --summary --by date sessions.jsonl jaipur.jsonl
      ubongo score --game jaipur --csv jaipur.jsonl
      ubongo simulate ubongo -p 3 --seed 1 | ubongo score --json -
      ubongo score --jsonl sessions.jsonl -o results.jsonl
      ubongo simulate jaipur -p 2 --seed 1 -n 3 --date 2026-11-20 > dated.jsonl
      ubongo score --export bgg dated.jsonl
      ubongo score --export bgstats dated.jsonl -o plays.json
      ubongo score --export bgstats-links dated.jsonl --html plays.html

    \b
    Exit codes: 0 every record valid; 1 an invalid record or unreadable file
    (reported on stderr, the others still scored); 2 usage error.
    """
    if as_json + as_jsonl + as_csv + (export is not None) > 1:
        raise click.UsageError("--json, --jsonl, --csv and --export are exclusive")
    summary = summary or by is not None  # a summary by date is a summary
    if page is not None and export != "bgstats-links":
        raise click.UsageError("--html goes with --export bgstats-links")
    if page is not None and output is not None:
        raise click.UsageError("--html FILE is the output: no -o with it")
    if export and summary:
        raise click.UsageError(f"--summary does not fit in --export {export}")
    if (as_csv or as_jsonl) and summary:
        kind = "a CSV" if as_csv else "JSON Lines"
        raise click.UsageError(f"--summary does not fit in {kind}; use it with the table or --json")
    cards = parse_catalog(read_text(catalog), catalog) if catalog is not None else None
    run = _Run(files, game, cards, workers)
    from ubongo.scoring.report import Tally  # the writers' module, loaded only when scoring

    tally = Tally(by_date=by == "date") if summary else None
    with writing(page or output or "-") as out:
        if export:
            _write_export(run, "bgstats-page" if page else export, out)
        elif as_json:
            _write_json(run.outcomes(), tally, out)
        elif as_jsonl:
            for text in run.texts():
                out(text)
        elif as_csv:
            _write_csv(run.outcomes(), out)
        else:
            _write_tables(run.outcomes(), tally, out)
    if not run.seen and not run.failed:
        kind = f"{game} sessions" if game else "sessions"
        warn(f"no {kind} in {', '.join(display(f) for f in files)}")
    if run.failed:
        click.get_current_context().exit(1)


class _Run:
    """The outcomes of every record of the files, as they are scored (memory stays flat).

    Problems go to stderr as they are met; ``failed`` says whether any record or file failed.
    Each file is read and scored by the API (``ubongo._records``: JSON Lines in blocks), on
    ``workers`` processes when more than one.
    """

    def __init__(
        self, files: tuple[str, ...], game: str | None, catalog: Catalog | None, workers: int = 1
    ) -> None:
        self.files, self.game, self.catalog, self.workers = files, game, catalog, workers
        self.seen = 0
        self.failed = False

    def outcomes(self) -> Iterator[Outcome]:
        """Each kept record's outcome, file by file, in file order."""
        from ubongo._records import file_outcomes

        for outcome in self._scored(file_outcomes):
            self._tell(1, outcome.valid, outcome.problems)
            yield outcome

    def texts(self) -> Iterator[str]:
        """The ``--jsonl`` lines of the kept records, a block at a time, in file order."""
        from ubongo._records import file_lines

        for lines in self._scored(file_lines):
            self._tell(lines.records, lines.valid, lines.problems)
            yield lines.text

    def _tell(self, records: int, valid: bool, problems: tuple[Problem, ...]) -> None:
        """Kept records counted, their problems reported."""
        self.seen += records
        for problem in problems:
            warn(str(problem))
        self.failed |= not valid

    def _scored(self, each: Callable[..., Iterator[_S]]) -> Iterator[_S]:
        """What ``each`` (``ubongo._records``' ``file_outcomes`` or ``file_lines``) makes of
        the files, file by file: a file that cannot be read is reported, and the rest go on."""
        with process_pool(self.workers) as pool:
            for path in self.files:
                made = each(path, self.game, self.catalog, pool, self.workers)
                try:
                    first = next(made, None)  # opens the file
                except FileError as error:
                    warn(str(error))
                    self.failed = True
                    continue
                if first is not None:
                    yield first
                    yield from made


_S = TypeVar("_S", "Outcome", "Lines")


def _write_json(outcomes: Iterator[Outcome], tally: Tally | None, out: Out) -> None:
    """The list of results (with a tally, an object of sessions, standings and the sessions
    they left out), written as each result comes, laid out as ``json.dumps(..., indent=2)``."""
    import textwrap

    from ubongo.scoring.report import result_json

    pad = "    " if tally else "  "
    opening = '{\n  "sessions": [' if tally else "["
    count = 0
    for outcome in outcomes:  # each record's problems reach stderr before its result
        if tally:
            tally.add(outcome)
        item = textwrap.indent(_line_safe(json_text(result_json(outcome), indent=2)), pad)
        out(("," if count else opening) + "\n" + item)
        count += 1
    if not count:
        out(opening)
    close = f"\n{pad[:-2]}]" if count else "]"
    if not tally:
        out(close + "\n")
        return
    rows = [s.to_json(tally.by_date) for s in tally.standings()]
    left = [x.to_json(tally.by_date) for x in tally.left_out()]
    table = textwrap.indent(_line_safe(json_text(rows, indent=2)), "  ").lstrip()
    gaps = textwrap.indent(_line_safe(json_text(left, indent=2)), "  ").lstrip()
    out(f'{close},\n  "summary": {table},\n  "left_out": {gaps}\n}}\n')


def _line_safe(text: str) -> str:
    """JSON text with U+2028/U+2029 escaped: ``textwrap.indent`` splits lines there too, and
    would put the indent inside a string (they occur only in strings, where ``\\u2028`` is
    the same character)."""
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _write_tables(outcomes: Iterator[Outcome], tally: Tally | None, out: Out) -> None:
    """A table per valid session as it is scored, then the standings when asked."""
    from ubongo.scoring.report import session_text, standings_text

    shown = 0
    for outcome in outcomes:
        if tally:
            tally.add(outcome)
        if outcome.valid:
            out(("\n" if shown else "") + session_text(outcome) + "\n")
            shown += 1
    if tally and shown:
        out("\n" + standings_text(tally) + "\n")


def _write_csv(outcomes: Iterator[Outcome], out: Out) -> None:
    """The fixed header, then one CSV row per player per valid session as each is scored."""
    from ubongo.scoring.report import csv_lines

    for text in csv_lines(outcomes):
        out(text)


def _write_export(run: _Run, kind: str, out: Out) -> None:
    """The valid sessions as ``kind`` (bgstats, bgstats-links, bgstats-page for ``--html``,
    bgg) written as each is scored; a session whose date the export cannot read is reported
    as an invalid record and left out."""
    from ubongo.scoring.errors import InvalidRecord
    from ubongo.scoring.export import BGStats, LinksPage, bgg_header, bgg_rows, link_line

    document: BGStats | LinksPage | None = None
    if kind in ("bgstats", "bgstats-page"):
        document = BGStats() if kind == "bgstats" else LinksPage()
    if kind != "bgstats-links":
        out(document.opening() if document else bgg_header())
    each = document.play if document else link_line if kind == "bgstats-links" else bgg_rows
    for outcome in run.outcomes():
        if outcome.result is None:
            continue
        try:
            out(each(outcome))
        except InvalidRecord as error:
            warn(str(Problem(outcome.location, error.field, error.rule)))
            run.failed = True
    if document:
        out(document.closing())


@click.command()
@click.argument("game", type=click.Choice(sorted(SEATS), case_sensitive=False))
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
@click.option(
    "--unfinished",
    is_flag=True,
    help="Games cut short (not Amul, whose records hold only the end of a game).",
)
@click.option("--date", metavar="TEXT", help="Give every record this date (e.g. 2026-11-20).")
@reported
def simulate(
    game: str, players: int, seed: int, sessions: int, unfinished: bool, date: str | None
) -> None:
    """Write random legal sessions of GAME as JSON Lines, one record per line.

    The games are finished (they have a winner) unless --unfinished asks for games
    cut short. Session k (1-based) is played with random.Random(f"{SEED}:{k}"), so a
    seed always gives the same sessions, and session k is the same whatever --sessions.

    \b
    Examples:
      ubongo simulate ubongo --players 3 --seed 7 --sessions 100 > ubongo.jsonl
      ubongo simulate jaipur -p 2 --seed 1 | ubongo score -
      ubongo simulate jambo -p 2 --seed 1 --unfinished -n 5
      ubongo simulate amul -p 4 --seed 2 --date 2026-11-20

    \b
    Exit codes: 0 success; 2 usage error (e.g. a player count the game does not
    allow: Ubongo 2 to 4, Jaipur and Jambo 2, Amul 3 to 8; --unfinished Amul).
    """
    low, high = SEATS[game]
    if not low <= players <= high:
        seats = f"{low} players" if low == high else f"{low} to {high} players"
        raise click.BadParameter(f"{game} takes {seats}, not {players}", param_hint="--players")
    if unfinished and game == "amul":
        raise click.UsageError("an Amul record holds only the end of a game: no --unfinished")
    from ubongo import simulate as play

    for line in play(
        game, players, seed=seed, sessions=sessions, finished=not unfinished, date=date
    ).lines():
        click.echo(line)


COMMANDS = [score, simulate]
