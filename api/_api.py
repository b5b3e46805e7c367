"""The API's functions: each does what the command of the same name does, and returns its result.

The commands call these (``ubongo solve`` is ``ubongo.solve`` printed), so a script, a notebook
and the command line get the same answers, the same errors and the same JSON.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from ubongo import _inputs
from ubongo._inputs import (
    AddressLike,
    FigureLike,
    PieceSetLike,
    PiecesLike,
    SetLike,
    UsageError,
)
from ubongo.solver.engine import ENGINES, Engine, Verdict, check
from ubongo.solver.errors import PuzzleTooLarge
from ubongo.solver.limits import AUTO_NODE_BUDGET
from ubongo.solver.puzzle import Puzzle

if TYPE_CHECKING:  # the results: each function imports its own, so a command loads only its
    from concurrent.futures import Executor

    from ubongo._analysis import Analysis, Filters
    from ubongo._answers import Answer, Solutions
    from ubongo._atlas import AtlasFigure, AtlasLike, AtlasStats
    from ubongo._design import Design
    from ubongo._pictures import Cards, Page
    from ubongo._sessions import Scores, Simulation
    from ubongo._stats import Stats
    from ubongo._verification import Checked, Verification
    from ubongo.generator.daily import Daily
    from ubongo.generator.design import FigureSource, Options
    from ubongo.puzzles import Combination, PuzzleSet
    from ubongo.puzzles.atlas.query import Info
    from ubongo.render.html import Listings
    from ubongo.solver.figure import Figure
    from ubongo.solver.hints import Hint
    from ubongo.solver.pieces import PieceSet

Timeout = float | Callable[[], float] | None
"""Seconds for the whole call; None for no limit. A function giving the seconds left (a
command's clock) is asked before each search."""


def _left(timeout: Timeout) -> float | None:
    """The seconds a search may take now."""
    return timeout() if callable(timeout) else timeout


def _budget(timeout: Timeout) -> Timeout:
    """One deadline for a call of many searches: a number of seconds becomes a clock, which
    raises TimeLimit (naming the whole budget) once it is spent."""
    if timeout is None or callable(timeout):
        return timeout
    from ubongo.solver.errors import TimeLimit
    from ubongo.solver.limits import Limits

    limits = Limits(timeout)

    def left() -> float:
        rest = limits.left() or 0.0
        if rest <= 0:
            raise TimeLimit(timeout, 0)
        return rest

    return left


def _engine(engine: str) -> Engine:
    """``engine`` when it names one of ENGINES; a UsageError otherwise."""
    for known in ENGINES:
        if engine == known:
            return known
    raise UsageError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")


def solve(
    figure: FigureLike | AddressLike | Puzzle,
    pieces: PiecesLike | None = None,
    *,
    count: bool = False,
    set: SetLike = None,
    piece_set: PieceSetLike = None,
    height: int | None = None,
    engine: Engine = "auto",
    timeout: Timeout = None,
    node_budget: int = AUTO_NODE_BUDGET,
) -> Answer:
    """Solve a puzzle: one tiling, or why there is none (``ubongo solve``).

    ``figure`` is text with rows joined by ``/`` or newlines (``'#'`` a cell, ``'.'`` empty),
    a list of rows, a Figure or a figure file; ``pieces`` are names (I2 ... Z5) or code
    letters (A ... L), any case, as a list or one string. Or name a combination of a set:
    ``solve(("07", "hard", 3))``, ``solve("07 hard 3", set="sample")``. ``count=True`` also
    counts every tiling (rotated or mirrored tilings of a symmetric figure count apart).
    ``piece_set`` takes the pieces of another set, a pieces file or a bundled piece set
    (``"ubongo-3d"``, ``"soma"``: figures of cubes are their layers joined by ``|``, or a
    footprint with ``height=2``), as ``--pieces`` does;
    ``engine`` is ``"auto"``, ``"bitboard"`` or ``"cpsat"``; ``timeout`` seconds (TimeLimit
    past them). The Answer has ``solvable``, ``rows`` (the tiling in code letters),
    ``solution`` (placements), ``tilings`` (the count, or None), ``reason`` and ``engine``;
    ``print()`` draws it as the command does, ``to_json()`` is ``solve --json``.

    >>> answer = solve(".##./####/####/.#..", ["I2", "I4", "P5"], count=True)
    >>> print(answer)
    .FK.
    AFKK
    AFKK
    .F..
    1 tiling
    >>> answer.solvable, answer.tilings
    (True, 1)
    """
    from ubongo._answers import Answer

    puzzle, ps = _inputs.puzzle(figure, pieces, set=set, piece_set=piece_set, height=height)
    return Answer(puzzle, ps, _check(puzzle, count, engine, _left(timeout), node_budget))


def _check(
    puzzle: Puzzle, count: bool, engine: Engine, timeout: float | None, node_budget: int
) -> Verdict:
    """The engine's verdict, the engine named as one of ENGINES."""
    return check(
        puzzle, want_count=count, engine=_engine(engine), timeout=timeout, node_budget=node_budget
    )


def count(
    figure: FigureLike | AddressLike | Puzzle,
    pieces: PiecesLike | None = None,
    *,
    set: SetLike = None,
    piece_set: PieceSetLike = None,
    height: int | None = None,
    engine: Engine = "auto",
    timeout: Timeout = None,
) -> int:
    """The number of tilings of a puzzle (``ubongo solve --count``).

    The puzzle is given as to ``solve``: a figure (text with rows joined by ``/`` or
    newlines, a list of rows, a Figure or a figure file) and pieces (names or code letters,
    any case), or a combination of a set (``("07", "hard", 3)``, ``"07 hard 3"``, with
    ``set=``). Rotated or mirrored tilings of a symmetric figure count apart, as in every
    public solver; 0 when the puzzle has none.

    >>> count("07 hard 3"), count(".##./####/####/.#..", "I2 L4 P5")
    (2, 2)
    """
    from ubongo.solver.engine import count as tilings

    puzzle, _ = _inputs.puzzle(figure, pieces, set=set, piece_set=piece_set, height=height)
    return tilings(puzzle, engine=_engine(engine), timeout=_left(timeout))


def solutions(
    figure: FigureLike | AddressLike | Puzzle,
    pieces: PiecesLike | None = None,
    *,
    set: SetLike = None,
    piece_set: PieceSetLike = None,
    height: int | None = None,
    engine: Engine = "auto",
    limit: int | None = None,
    timeout: Timeout = None,
) -> Solutions:
    """Every tiling of a puzzle (``ubongo solve --all``), at most ``limit`` of them.

    >>> found = solutions(".##./####/####/.#..", "I2 L4 P5")
    >>> len(found), found.rows(1)
    (2, ['.KK.', 'AKKK', 'AEEE', '.E..'])
    """
    from ubongo._answers import Solutions
    from ubongo.solver.engine import solutions as every

    puzzle, ps = _inputs.puzzle(figure, pieces, set=set, piece_set=piece_set, height=height)
    found = every(puzzle, engine=_engine(engine), timeout=_left(timeout), limit=limit)
    return Solutions(puzzle, ps, tuple(found))


def hint(
    figure: FigureLike | AddressLike | Puzzle | None = None,
    pieces: PiecesLike | None = None,
    *,
    board: str | Sequence[str] | None = None,
    level: int = 1,
    set: SetLike = None,
    piece_set: PieceSetLike = None,
    height: int | None = None,
    timeout: Timeout = None,
) -> Hint:
    """A nudge towards a solution (``ubongo hint``): level 1 which piece and roughly where,
    2 its exact place drawn, 3 a whole solution.

    ``board`` is the board so far as text or rows: placed pieces in their letters, ``#`` on
    empty cells, ``.`` outside; the figure may then be left out (``hint(pieces=...,
    board=...)``): the board's cells are the figure. A board that cannot be completed is
    reported with the fewest pieces to take back.

    >>> print(hint("07 hard 3", level=2))
    Place Y5 (I) first, as drawn; it lies there in every solution.
    #IIII.
    ###I#.
    ..####
    ...###
    """
    from ubongo.solver.hints import board_figure
    from ubongo.solver.hints import hint as make

    if figure is None:
        if board is None or pieces is None:
            raise UsageError("give FIGURE and PIECES, TEMPLATE SIDE FACE, or a board and PIECES")
        ps = _inputs.pieces_of(piece_set)
        puzzle = Puzzle(board_figure(board, ps.lattice), ps.resolve(_inputs.piece_names(pieces)))
    else:
        puzzle, ps = _inputs.puzzle(figure, pieces, set=set, piece_set=piece_set, height=height)
    return make(puzzle, board, level, pieces=ps, timeout=_left(timeout))


def verify(
    set: SetLike = None,
    *,
    count: bool = False,
    strict: bool = False,
    engine: Engine = "auto",
    timeout: Timeout = None,
) -> Verification:
    """Solve every combination of a puzzle set (``ubongo verify``); default the bundled
    standard set. ``strict=True`` also checks the structure of a complete box.

    >>> report = verify("sample", count=True)
    >>> print(report)
    sample: 60/60 combinations solvable
    tilings per solvable combination: min 1, mean 1.32, max 6; unique: 47
    >>> report.ok
    True
    """
    from ubongo._verification import Checked, Verification
    from ubongo.puzzles import strict_problems

    ps = _inputs.set_of(set)
    clock = _budget(timeout)
    chosen = _engine(engine)
    results = tuple(_checked(c, count, chosen, clock, Checked) for c in ps.combinations())
    return Verification(ps, results, tuple(strict_problems(ps)) if strict else None)


def _checked(
    c: Combination, count: bool, engine: Engine, clock: Timeout, result: type[Checked]
) -> Checked:
    """One combination's verdict (``result``, the Checked type, is imported once by verify);
    a puzzle too large for the engine is one that fails."""
    names = tuple(p.name for p in c.puzzle.pieces)
    try:
        v = check(
            c.puzzle,
            want_count=count,
            engine=engine,
            timeout=_left(clock),
            node_budget=AUTO_NODE_BUDGET,
        )
    except PuzzleTooLarge as e:  # reported, and the rest of the set still checked
        v = Verdict(False, reason=str(e))
    return result(c.template, c.side, c.face, names, v)


def analyze(
    figure: FigureLike,
    sizes: int | Iterable[int] | None = None,
    *,
    piece_set: PieceSetLike = None,
    height: int | None = None,
    max_tilings: int | None = None,
    unique: bool = False,
    at_most: int | None = None,
    with_pieces: PiecesLike = (),
    without_pieces: PiecesLike = (),
    pool: PiecesLike = (),
    timeout: Timeout = None,
) -> Analysis:
    """Every combination of distinct pieces that tiles a figure, with tiling counts
    (``ubongo analyze``); ``sizes`` pieces per combination (default: every size whose areas
    can fit). ``unique``/``at_most`` keep combinations with at most 1 / N tilings,
    ``with_pieces``/``without_pieces`` those holding / lacking pieces, ``max_tilings`` stops
    counting at N (the count is then marked capped). ``pool`` the pieces to choose from
    (``solve FIGURE PIECE... --choose K``; default every piece of the set). ``height``
    stacks the figure's footprint that many layers of cubes high, for blocks
    (``piece_set="ubongo-3d"``).

    >>> print(analyze(".##./####/####/.#..", 3, with_pieces="I4"))
    2 combinations of 3 pieces tile this 11-cell figure (with I4)
      I2 I4 P5                 1 tiling
      I2 I4 Y5                 1 tiling
    >>> print(analyze(".##./####/####/.#..", 3, pool="I2 I4 L4 O4 P5", without_pieces="I4"))
    2 combinations of 3 pieces tile this 11-cell figure (without I4)
      I2 L4 P5                 2 tilings
      I2 O4 P5                 1 tiling
    """
    from ubongo._analysis import Analysis, Filters
    from ubongo.solver.analyze import analyze as run
    from ubongo.solver.analyze import fitting_sizes

    ps = _inputs.pieces_of(piece_set)
    keep = Filters.make(ps, unique, at_most, with_pieces, without_pieces, max_tilings)
    fig = _inputs.figure_of(figure, height=height, lattice=_inputs.lattice_for(ps))
    choice = _pool(ps, pool, keep)
    if sizes is None:
        chosen = tuple(n for n in fitting_sizes(fig, choice) if n >= len(keep.required))
    else:
        chosen = (sizes,) if isinstance(sizes, int) else tuple(sizes)
    if pool and max(chosen, default=0) > len(choice):
        raise UsageError(
            f"{max(chosen)} pieces per combination, but only {len(choice)} to choose from"
        )
    clock = _budget(timeout)
    found = {
        n: tuple(
            c
            for c in run(
                fig,
                n,
                choice,
                max_tilings=keep.cap,
                timeout=_left(clock),
                required=keep.required,
            )
            if keep.keeps(c)
        )
        for n in chosen
    }
    return Analysis(fig, chosen, ps, found, keep)


def _pool(ps: PieceSet, pool: PiecesLike, keep: Filters) -> PieceSet:
    """The pieces ``analyze`` chooses from: ``pool`` (else the whole set) less the excluded;
    UsageError for a piece wanted or excluded that the pool does not hold."""
    from ubongo.solver.pieces import PieceSet

    held = {p.name for p in ps.resolve(_inputs.piece_names(pool))} or set(ps)
    given = [p for p in ps.values() if p.name in held]  # in the set's order, as analyze lists
    stray = [n for n in (*keep.required, *keep.excluded) if n not in held]
    if stray:
        raise UsageError(
            f"piece {stray[0]} is not among the pieces to choose from "
            f"({' '.join(p.name for p in given)})"
        )
    return PieceSet((p for p in given if p.name not in keep.excluded), ps.lattice)


def load_set(set: SetLike = None) -> PuzzleSet:
    """A puzzle set: a bundled set's name (``ubongo sets`` lists them), a set file's path, or
    ``-`` for stdin; default the bundled standard set. Read as every command reads a SET.

    >>> ps = load_set("sample")
    >>> ps.name, len(ps.templates)
    ('sample', 5)
    """
    return _inputs.set_of(set)


def combination(where: AddressLike, set: SetLike = None) -> Combination:
    """One combination of a set as the game names it, ``("07", "hard", 3)`` or ``"07 hard 3"``:
    its template, side, die face and puzzle.

    >>> str(combination("07 hard 3").puzzle)
    '#####./#####./..####/...### with L3 L4 Y5 Z5'
    """
    return _inputs.combination(where, set)


def pieces(piece_set: PieceSetLike = None) -> PieceSet:
    """The pieces of a set or pieces file (``ubongo pieces``); default the 12 Ubongo pieces,
    by name and code letter.

    >>> ps = pieces()
    >>> ps["p5"].name, ps["p5"].code, ps["K"].name
    ('P5', 'K', 'P5')
    """
    return _inputs.pieces_of(piece_set)


def generate(
    templates: int | None = None,
    *,
    seed: int = 0,
    frame: tuple[int, int] | str | None = None,
    faces: int | None = None,
    sizes: tuple[int, int] | None = None,
    piece_set: PieceSetLike = None,
    profile: str = "published",
    name: str | None = None,
    executor: Executor | None = None,
    timeout: float | None = None,
    edition: str | None = None,
) -> PuzzleSet:
    """Design a complete set of templates, every combination proven solvable
    (``ubongo generate``): the same seed and options give the same set, on any ``executor``.
    ``frame`` is ``(rows, columns)`` or ``"5x6"``; ``sizes`` the pieces per combination on the
    easy and the hard side; ``profile`` ``published``, ``hard`` or ``unique``. What is not
    given is the edition's own, as ``design`` says (which also says what the work took).

    >>> ps = generate(1, seed=1)
    >>> [len(t.easy.combos) for t in ps.templates if t.easy]
    [6]
    """
    return design(
        templates,
        seed=seed,
        frame=frame,
        faces=faces,
        sizes=sizes,
        piece_set=piece_set,
        profile=profile,
        name=name,
        executor=executor,
        timeout=timeout,
        edition=edition,
    ).puzzle_set


def design(
    templates: int | None = None,
    *,
    seed: int = 0,
    frame: tuple[int, int] | str | None = None,
    faces: int | None = None,
    sizes: tuple[int, int] | None = None,
    piece_set: PieceSetLike = None,
    profile: str = "published",
    name: str | None = None,
    executor: Executor | None = None,
    timeout: float | None = None,
    progress: Callable[[int], None] | None = None,
    figures: FigureSource | None = None,
    avoid: Sequence[SetLike] = (),
    edition: str | None = None,
) -> Design:
    """``generate``, with the work it took (``ubongo generate``'s report): a Design holds the
    set (``puzzle_set``) and the generator's report (figures tried, seconds).

    The cards are those of the edition whose pieces ``piece_set`` gives (the original's for
    the 12 pieces or other squares; Ubongo 3D's boards for ``ubongo-3d``): ``frame``,
    ``faces`` and ``sizes`` default to the edition's (5x6, 6 faces, 3 and 4 pieces; 4x5,
    Ubongo 3D's die table, 3 and 4 blocks). ``progress(n)`` is called as ``n`` more searches
    finish (one per figure), and may raise to stop the run; ``figures`` is where candidate
    figures come from (default: carved at random; ``ubongo generate --atlas`` passes an
    atlas's). ``avoid``: sets (or their files or bundled names) none of whose figures, up to
    rotation and reflection, may appear again. ``edition`` names the cards to make (``extreme``,
    ``trigo``...: ``ubongo.puzzles.game.EDITIONS``; default the one its pieces are played in);
    ``templates`` defaults to the edition's box (36, 54 for Extreme, 32 for Trigo).

    >>> made = design(1, seed=1)
    >>> made.combinations, made.report.tried > 0
    (12, True)
    """
    from ubongo._design import Design
    from ubongo.generator.design import generate as run

    opts = design_options(
        templates, seed, frame, faces, sizes, piece_set, profile, name, avoid, edition
    )
    source = {} if figures is None else {"source": figures}
    return Design(*run(opts, executor, progress, timeout=timeout, **source))


def design_options(
    templates: int | None,
    seed: int,
    frame: tuple[int, int] | str | None,
    faces: int | None,
    sizes: tuple[int, int] | None,
    piece_set: PieceSetLike,
    profile: str,
    name: str | None,
    avoid: Sequence[SetLike] = (),
    edition_name: str | None = None,
) -> Options:
    """The generator's options, the edition's defaults filled in (``design``'s arguments)."""
    from ubongo.generator.design import Options
    from ubongo.generator.profile import edition_for
    from ubongo.generator.stats import figure_keys

    pieces = _inputs.pieces_of(piece_set)
    edition = edition_for(pieces, edition_name)
    if faces is not None and edition.combos:
        raise UsageError(
            f"{edition.name} cards have their own die table ({len(edition.die)} faces); "
            "faces apply to cards with a combination per face"
        )
    return Options(
        edition.templates if templates is None else templates,
        seed,
        edition.frame if frame is None else _frame(frame),
        len(edition.die) if faces is None else faces,
        (edition.sizes["easy"], edition.sizes["hard"]) if sizes is None else sizes,
        pieces,
        profile,
        name,
        edition,
        frozenset().union(*(figure_keys(_inputs.set_of(s)) for s in avoid)),
    )


def _frame(frame: tuple[int, int] | str) -> tuple[int, int]:
    """``(5, 6)`` from ``(5, 6)`` or ``"5x6"``."""
    if isinstance(frame, str):
        parts = frame.lower().split("x")
        if len(parts) == 2 and all(p.strip().isdigit() and int(p) > 0 for p in parts):
            return int(parts[0]), int(parts[1])
        raise UsageError(f"expected a frame such as 5x6, not {frame!r}")
    return frame


def stats(
    *sets: SetLike,
    frame: tuple[int, int] | str | None = None,
    published: bool = False,
    timeout: Timeout = None,
) -> Stats:
    """The calibration table of puzzle sets side by side (``ubongo stats``); default the
    bundled standard set; ``published=True`` adds the published game's column (of the sets'
    edition: the original, or Ubongo 3D for sets of its blocks). ``frame``: what figures are
    checked against (default: the edition's, 5x6 or 4x5). Each set's table counts the figures
    it shares with each other set, up to rotation and reflection, by the other's heading.

    >>> table = stats("sample")
    >>> table.sets[0].templates
    5
    """
    from ubongo._stats import Stats
    from ubongo.generator.stats import PUBLISHED_TABLES, set_stats, shared
    from ubongo.puzzles.game import edition_of

    given = sets or ("standard",)
    fr = None if frame is None else _frame(frame)
    clock = _budget(timeout)
    loaded = [_inputs.set_of(s) for s in given]
    editions = []
    for ps in loaded:
        lattice = ps.pieces.lattice  # one-sided squares are compared with the original's
        found = edition_of(ps.pieces_name, "square" if lattice.space == "square" else lattice.name)
        if found is None:
            raise _inputs.NotYet(f"{ps.name}: statistics", ps.pieces.lattice)
        if published and found.name not in PUBLISHED_TABLES:
            raise UsageError(
                f"--published: no statistics of {found.name} cards are public beyond their "
                "counts (docs/EDITIONS.md); compare generated sets without it"
            )
        editions.append(found.name)
    if published and len(set(editions)) > 1:
        raise UsageError(
            f"--published: the sets are of different editions "
            f"({', '.join(sorted(set(editions)))}); compare one edition's sets at a time"
        )
    tables = tuple(set_stats(ps, fr, clock) for ps in loaded)
    sources = tuple(_source(s, st.name) for s, st in zip(given, tables, strict=True))
    table = Stats(tables, sources, published, editions[0])
    if len(loaded) == 1:
        return table
    return Stats(tuple(shared(tables, loaded, table.headings())), sources, published, editions[0])


def atlas_stats(atlas: AtlasLike = None) -> AtlasStats:
    """An atlas's counts (``ubongo atlas stats``): figures by area, puzzles, unique ones and
    tilings by size. ``atlas``: a file or a bundled atlas's name (``4x5``, the default;
    ``ubongo-3d``).

    >>> print(atlas_stats("ubongo-3d").lines()[0])
    frame 4x5, areas 5-10, footprints of cubes 2 high
    """
    from ubongo._atlas import AtlasStats, opened
    from ubongo.puzzles.atlas.query import stats as counted

    with opened(atlas) as (con, _, name):
        return AtlasStats(counted(con, name))


def atlas_find(
    atlas: AtlasLike = None,
    *,
    combo: PiecesLike | None = None,
    pieces_at_least: PiecesLike | None = None,
    size: int | None = None,
    unique: bool = False,
    area: int | None = None,
    box: tuple[int, int] | str | None = None,
    limit: int = 10,
) -> tuple[AtlasFigure, ...]:
    """The figures of an atlas with a combination matching every filter (``ubongo atlas
    find``), at most ``limit``: ``combo`` exactly these pieces, ``pieces_at_least`` holding
    them, ``size`` pieces, ``unique`` one tiling; figures of ``area`` cells, in a ``box`` RxC
    either way round (in an atlas of cubes, the footprint's).

    >>> [f.figure.area for f in atlas_find(combo="L5 L4 I3", unique=True, limit=2)]
    [12, 12]
    """
    from ubongo._atlas import AtlasFigure, opened
    from ubongo.puzzles.atlas.query import Filter, find

    if limit < 1:
        raise UsageError(f"limit {limit}: expected at least 1")
    with opened(atlas) as (con, about, name):
        ps = about.piece_set()
        want = Filter(
            combo=None if combo is None else about.bits(_atlas_names(ps, combo)),
            contains=0
            if pieces_at_least is None
            else about.bits(_atlas_names(ps, pieces_at_least)),
            size=size,
            unique=unique,
            area=area,
            box=None if box is None else _frame(box),
        )
        found = find(con, name, want, min(limit, MAX_FOUND))
        return tuple(AtlasFigure.of(m, about) for m in found)


MAX_FOUND = 1 << 31
"""The most figures ``atlas_find`` lists (a limit DuckDB takes; no atlas holds as many)."""


def _atlas_names(ps: PieceSet, given: PiecesLike) -> tuple[str, ...]:
    """Piece names or codes as the atlas's names, each once."""
    names = tuple(dict.fromkeys(ps[t].name for t in _inputs.piece_names(given)))
    if not names:
        raise UsageError("expected piece names such as 'L5 L4 I3'")
    return names


def atlas_figure(figure: FigureLike, atlas: AtlasLike = None) -> AtlasFigure:
    """FIGURE looked up in an atlas in any rotation or reflection (``ubongo atlas figure``):
    its combinations and tilings. In an atlas of cubes FIGURE is a footprint, or its layers
    when they are one footprint as many times as the atlas's height; in an atlas of hexagons
    or triangles, a picture of them (text, read on the atlas's lattice), in any of the 12 turns.

    >>> found = atlas_figure("####/##..", "ubongo-3d")
    >>> found.height, len(found.combos) > 0
    (2, True)
    """
    from ubongo._atlas import AtlasFigure, opened
    from ubongo.puzzles.atlas.enumerate import canonical_mask
    from ubongo.puzzles.atlas.query import AtlasError, lookup

    with opened(atlas) as (con, about, name):
        # a picture of hexagons or triangles is read as the atlas's cells; squares and
        # footprints of cubes as before (layers of cubes are told from their marks)
        given = _inputs.figure_of(
            figure, lattice=None if about.footprint_lattice.plain else about.footprint_lattice
        )
        fig = _footprint(given, about)
        mask = canonical_mask(set(fig.cells), about.frame, about.footprint_lattice)
        if mask is None:
            raise AtlasError(
                f"the figure's box is {fig.height}x{fig.width}; "
                f"it does not fit the atlas's {about.frame[0]}x{about.frame[1]} frame"
            )
        m = lookup(con, name, mask)
        if m is not None:
            return AtlasFigure.of(m, about)
    lo, hi = about.areas
    why = (
        f"its area {fig.area} is outside the atlas's {lo}-{hi}"
        if not lo <= fig.area <= hi
        else "it is not connected"
        if not fig.is_connected()
        else "it has a hole"
        if fig.holes() and not about.holes
        else "not found"
    )
    raise AtlasError(f"{name}: no such figure ({why})")


def _footprint(given: Figure, about: Info) -> Figure:
    """FIGURE as the atlas holds it: squares; in an atlas of cubes a footprint, or layers that
    are one footprint as many times as the atlas's height."""
    from ubongo._text import plural
    from ubongo.puzzles.atlas.query import AtlasError
    from ubongo.solver.figure import stacked

    flat = not given.lattice.layered
    if given.lattice.space not in (about.lattice.space, about.footprint_lattice.space):
        raise AtlasError(
            f"an atlas of {about.lattice.cells}; the figure is of {given.lattice.cells}"
        )
    if flat or given == stacked(given.footprint, about.height, about.lattice):
        return given.footprint
    why = "its layers differ" if given.levels == about.height else f"it has {given.levels}"
    raise AtlasError(
        f"the atlas holds footprints filled {plural(about.height, 'layer')} high; the figure "
        f"is none ({why})"
    )


def _source(given: SetLike, name: str) -> str:
    """How a set was given, for ``stats``' JSON and headings: its argument, or its name."""
    return os.fspath(given) if isinstance(given, str | os.PathLike) else name


Records = Union[str, "os.PathLike[str]", Mapping[str, Any], Iterable[Mapping[str, Any]]]
"""Session records: JSON text (one object, an array, or JSON Lines), a session file's path
(a ``pathlib.Path``), one record as a dict, or several."""


def score(
    records: Records, game: str | None = None, *, catalog: Mapping[str, Any] | None = None
) -> Scores:
    """Score recorded game sessions (``ubongo score``): Ubongo, Jaipur, Jambo and Amul.

    ``records`` are JSON text (one object, an array or JSON Lines), a ``pathlib.Path`` of a
    session file, one record as a dict, or several. A record without ``"game"`` is taken to be
    of ``game``; with ``game``, records of other games are left out. An invalid record is an
    outcome with its problems, never an error.

    >>> s = score({"game": "jaipur", "players": ["Ann"], "rounds": []})
    >>> s.valid, s.problems
    (False, ['<records>: players: Jaipur is for exactly 2 players, got 1'])
    """
    from ubongo._records import file_outcomes
    from ubongo._sessions import Scores
    from ubongo.scoring.records import evaluate

    if isinstance(records, os.PathLike):  # read as ubongo score reads it, JSON Lines streamed
        return Scores(tuple(file_outcomes(os.fspath(records), game, catalog)))
    found = (evaluate(e, game, catalog) for e in _entries(records))
    return Scores(tuple(o for o in found if o is not None))


def _entries(records: str | Mapping[str, Any] | Iterable[Mapping[str, Any]]) -> Iterable[Any]:
    """The entries of records given as text, one dict, or several, each with its location."""
    from ubongo.scoring.records import Entry, entries

    if isinstance(records, str):
        return entries(records, "<records>")
    if isinstance(records, Mapping):
        return [Entry("<records>", dict(records))]
    return [Entry(f"<records>[{i}]", r) for i, r in enumerate(records)]


def simulate(
    game: str,
    players: int,
    *,
    seed: int,
    sessions: int = 1,
    finished: bool = True,
    date: str | None = None,
) -> Simulation:
    """Random legal sessions of ``game`` (``ubongo simulate``): records to score, the same for
    the same seed; made as they are read. ``finished=False`` cuts the games short (not Amul,
    whose records hold only a game's end); ``date`` is given to every record.

    >>> sims = simulate("jaipur", 2, seed=1, sessions=3)
    >>> len(sims), sims[0]["id"], score(sims).valid
    (3, 'jaipur-1-1', True)
    """
    from ubongo._sessions import Simulation
    from ubongo.scoring.records import SEATS

    key = game.lower()
    if key not in SEATS:
        raise UsageError(f"unknown game {game!r}; expected one of {', '.join(sorted(SEATS))}")
    low, high = SEATS[key]
    if not low <= players <= high:
        seats = f"{low} players" if low == high else f"{low} to {high} players"
        raise UsageError(f"{key} takes {seats}, not {players}")
    if not finished and key == "amul":
        raise UsageError("an Amul record holds only the end of a game: it cannot be unfinished")
    if sessions < 1:
        raise UsageError(f"expected at least 1 session, not {sessions}")
    return Simulation(key, players, seed, sessions, finished, date)


def cards(
    set: SetLike = None,
    *,
    cell_mm: float | None = None,
    paper: str = "a4",
    per_page: str = "auto",
    flip: str = "long",
    bleed_mm: float = 0.0,
) -> Cards:
    """A set's cards as a PDF for duplex printing (``ubongo render --pdf``; needs fpdf2):
    ``cell_mm`` the printed size of a cell (default 16 mm, or the largest that fits the
    paper when a card at 16 mm does not: hexagon and triangle cards are wide), ``paper``
    ``a4``, ``letter`` or ``a3``, ``per_page`` ``auto``, ``1``, ``2`` or ``4``, ``flip`` the
    duplex edge, ``long`` or ``short``, ``bleed_mm`` how far each card's background reaches
    past its cut line (0 to 5). A card that does not fit the paper at a size asked for is an
    error, never a larger page."""
    from ubongo._pictures import Cards
    from ubongo.render.pdf import DEFAULT_CELL_MM, CardDoesNotFit
    from ubongo.render.pdf import cards as printed

    ps = _inputs.drawn_set_of(set, "printed cards", _inputs.PRINTED)

    def at(mm: float) -> Cards:
        data, pages = printed(
            ps,
            cell_mm=mm,
            paper=paper.lower(),
            per_page=per_page,
            flip=flip.lower(),
            bleed=bleed_mm,
        )
        return Cards(data, pages, mm, flip.lower(), bleed_mm)

    try:
        return at(DEFAULT_CELL_MM if cell_mm is None else cell_mm)
    except CardDoesNotFit as e:
        if cell_mm is not None or e.largest is None:
            raise
        return at(e.largest)  # a default that cannot print gives way; a size asked for never does


def page(set: SetLike = None, *, timeout: Timeout = None) -> Page:
    """A set as one self-contained web page (``ubongo render --html``): an index, a practice
    board whose hints are the library's, every template; a die face shows a solution.

    >>> p = page("sample")
    >>> p.summary(), str(p).startswith("<!DOCTYPE html>")
    ('0 of 60 combinations have no tiling', True)
    """
    from ubongo._pictures import Page
    from ubongo.render.html import page as document
    from ubongo.render.html import unsolvable
    from ubongo.render.webapp import app_files

    ps = _inputs.drawn_set_of(set, "web pages", _inputs.PRINTED)
    clock = _budget(timeout)
    listings = _listings(ps, clock)
    daily = _daily(ps, listings, clock)
    pools, relative = (daily.pools, daily.relative) if daily else (None, False)
    html = document(ps, listings, pools, relative)
    first = next((x.solutions for x in listings.values() if x.solutions), ())
    app = app_files(ps, html, first)
    return Page(ps, html, len(listings), tuple(unsolvable(ps, listings)), app)


def _daily(ps: PuzzleSet, listings: Listings, clock: Timeout) -> Daily | None:
    """The daily puzzle's pools of a set of squares: its combinations whose every tiling the
    page holds, in classes by measured effort (``generator.daily``); None on other cells or
    too few."""
    from ubongo.generator.daily import classes, rate

    if ps.pieces.lattice.space != "square":
        return None
    keys = [k for k, x in listings.items() if x.complete and x.solutions]
    return classes(rate(ps, keys, lambda: _left(clock)))


def _listings(ps: PuzzleSet, clock: Timeout) -> Listings:
    """What the page shows of each combination: every tiling, in the order ``ubongo hint``
    lists them (the bitboard engine's), for Ubongo-sized puzzles; the first only for larger
    ones, whose listing could take minutes (the 12 pentominoes in 6x10 have 9356)."""
    from ubongo.render.html import PAGE_TILINGS, Listing
    from ubongo.solver.engine import solutions as every
    from ubongo.solver.engine import solve as first_of
    from ubongo.solver.limits import SMALL_PIECES

    found: dict[tuple[str, str, str], Listing] = {}
    for c in ps.combinations():
        key = (c.template, c.side, c.face)
        try:
            if len(c.puzzle.pieces) > SMALL_PIECES:
                first = first_of(c.puzzle, timeout=_left(clock))
                found[key] = Listing(() if first is None else (first,), first is None)
                continue
            listed = list(
                every(c.puzzle, engine="bitboard", timeout=_left(clock), limit=PAGE_TILINGS + 1)
            )
            found[key] = Listing(listed[:PAGE_TILINGS], len(listed) <= PAGE_TILINGS)
        except PuzzleTooLarge:
            found[key] = Listing((), False)
    return found


def svgs(set: SetLike = None) -> dict[tuple[str, str], str]:
    """Each printed side of a set as an SVG document, keyed ``(template, side)``, easy before
    hard (``ubongo render --svg``).

    >>> drawn = svgs("sample")
    >>> len(drawn), next(iter(drawn)), drawn["01", "easy"].startswith("<svg")
    (10, ('01', 'easy'), True)
    """
    from ubongo.render.svg import sides

    ps = _inputs.drawn_set_of(set, "SVG cards", _inputs.PRINTED)
    return {(s.template, s.name): s.svg(ps.pieces) for s in sides(ps)}


__all__ = [
    "analyze",
    "cards",
    "combination",
    "count",
    "design",
    "generate",
    "hint",
    "load_set",
    "page",
    "pieces",
    "score",
    "simulate",
    "solutions",
    "solve",
    "stats",
    "svgs",
    "verify",
]
