"""Shell completion (``eval "$(_UBONGO_COMPLETE=bash_source ubongo)"``): file names wherever a
file is read or written; the bundled sets' names where a SET is expected; template ids, sides
and die faces where ``TEMPLATE SIDE FACE`` is, from the set given earlier on the line (``--set``,
or ``show``'s SET) or the default set; piece names after a FIGURE.

Each function is a click ``shell_complete`` callback. Bash drops every other completion once it
is told "complete a file name", so where names match, the matching paths come as plain words
beside them; where none does, the shell completes file names itself (folders, ``~``, quoting).
Completion never fails loudly: a set that cannot be read offers no template.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

from ubongo.solver.errors import UbongoError

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

    from ubongo.puzzles import PuzzleSet


def files(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A file name: the shell completes it."""
    return [_item(incomplete, "file")]


def sets(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A SET: a bundled set's name or a file name."""
    return _with_files(_bundled(), incomplete)


def set_and_template(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """``[SET] [TEMPLATE [SIDE]]`` (``show``): a set or a template, then the template, a side."""
    from ubongo.cli.sets import _split_set

    set_arg, rest = _split_set(tuple(ctx.params.get("args") or ()))
    ps = _set(set_arg)
    if set_arg is None and not rest:
        return _with_files([*_bundled(), *_ids(ps)], incomplete)
    if not rest:
        return _words(_ids(ps), incomplete)
    return _words(_sides(ps, rest[0]), incomplete) if len(rest) == 1 else []


def address(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """``FIGURE PIECE... | TEMPLATE SIDE FACE`` (``solve``, ``hint``): a template of ``--set``
    (or the default set) or a figure file; then a side and a face, or piece names."""
    done = tuple(ctx.params.get("args") or ())
    ps = _set(ctx.params.get("set_arg"))
    if not done:
        return _with_files(_ids(ps), incomplete)
    if ps is not None and not os.path.exists(done[0]) and done[0] in _ids(ps):
        if len(done) == 1:
            return _words(_sides(ps, done[0]), incomplete)
        return _words(_faces(ps, done[0], done[1]), incomplete) if len(done) == 2 else []
    return _words(_piece_names(ctx.params.get("pieces_set")), incomplete)


def _item(value: str, kind: str = "plain") -> CompletionItem:
    """One completion; click's module is loaded only when completing (0.5 ms at every start)."""
    from click.shell_completion import CompletionItem

    return CompletionItem(value, type=kind)


def _words(words: Iterable[str], incomplete: str) -> list[CompletionItem]:
    """The words that start with what is typed (in any case)."""
    start = incomplete.casefold()
    return [_item(w) for w in words if w.casefold().startswith(start)]


def _with_files(words: Iterable[str], incomplete: str) -> list[CompletionItem]:
    """Matching words and matching paths; only the shell's own file completion when no word
    matches (bash would drop the words beside it)."""
    found = _words(words, incomplete)
    if not found:
        return [_item(incomplete, "file")]
    return found + [_item(p) for p in _paths(incomplete)]


def _paths(incomplete: str) -> list[str]:
    """The files and folders whose path starts with ``incomplete``; folders end in ``/``."""
    head = incomplete[: incomplete.rfind("/") + 1]
    start = incomplete[len(head) :]
    try:
        entries = list(os.scandir(os.path.expanduser(head) or "."))
    except OSError:
        return []
    return sorted(
        head + e.name + ("/" if e.is_dir() else "")
        for e in entries
        if e.name.startswith(start) and (start.startswith(".") or not e.name.startswith("."))
    )


def _bundled() -> list[str]:
    """The bundled sets' names, default first."""
    from ubongo.puzzles import bundled_names

    return bundled_names()


def _set(arg: str | None) -> PuzzleSet | None:
    """The set named on the line (default: the bundled one), or None if it cannot be read."""
    from ubongo.cli._common import load_set

    try:
        return load_set(arg)
    except (click.ClickException, UbongoError, OSError):
        return None


def _ids(ps: PuzzleSet | None) -> list[str]:
    """The set's template ids, in set order."""
    return [] if ps is None else [t.id for t in ps.templates]


def _sides(ps: PuzzleSet | None, tid: str) -> list[str]:
    """The sides the template has (easy, hard)."""
    try:
        template = ps.template(tid) if ps is not None else None
    except UbongoError:
        return []
    return [] if template is None else [s for s in ("easy", "hard") if template.side(s)]


def _faces(ps: PuzzleSet | None, tid: str, side: str) -> list[str]:
    """The die faces that side has a combination for."""
    try:
        chosen = ps.template(tid).side(side.casefold()) if ps is not None else None
    except UbongoError:
        return []
    return [] if ps is None or chosen is None else list(chosen.labels(ps.die))


def _piece_names(pieces_arg: Any) -> list[str]:
    """The names of the pieces in use (``--pieces``, else the 12 Ubongo pieces)."""
    from ubongo.cli._common import piece_set

    try:
        return list(piece_set(pieces_arg))
    except (click.ClickException, UbongoError, OSError):
        return []
