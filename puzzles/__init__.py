"""Puzzle data: the puzzle-set format (JSON), batch files (JSON Lines) and the bundled sets.

One module per concern; every public name is also here, imported on first use:

    game      the game's facts kept once: SIDES, DEFAULT_DIE, PIECES_PER_SIDE, FRAME, ...
    sets      PuzzleSet, Template, Side, Combination; strict_problems (a complete box?)
    reading   parse_set, parse_pieces: the puzzle-set format read, every problem noted
    problems  Problem, SetProblems, PuzzleFormatError: what is wrong, and where
    decoding  decode_json: JSON text with its limits checked first
    batch     parse_batch_line, read_batch, batch_reader: one puzzle per JSON line
    bundles   bundled, bundled_names: the sets shipped with the package; bundled_pieces,
              bundled_piece_names: the piece sets of other games (Ubongo 3D, Soma)
    atlas     every figure of a frame with the combinations that tile it (DuckDB)
"""

from typing import TYPE_CHECKING

from ubongo.solver.lazy import exports

if TYPE_CHECKING:  # the names are loaded on first use (see __getattr__)
    from ubongo.puzzles.batch import (
        BATCH_CACHE,
        BATCH_KEYS,
        BatchItem,
        BatchReader,
        batch_reader,
        parse_batch_line,
        read_batch,
    )
    from ubongo.puzzles.bundles import (
        DEFAULT_SET,
        bundled,
        bundled_names,
        bundled_piece_names,
        bundled_pieces,
    )
    from ubongo.puzzles.decoding import MAX_DEPTH, decode_json, nesting
    from ubongo.puzzles.game import (
        DEFAULT_DIE,
        FRAME,
        PIECES_PER_SIDE,
        SIDES,
        TEMPLATES,
        Frame,
        fits,
        frame_text,
    )
    from ubongo.puzzles.problems import (
        MAX_PROBLEMS,
        Problem,
        PuzzleFormatError,
        SetProblems,
        report,
    )
    from ubongo.puzzles.reading import (
        MAX_LABEL,
        MAX_NUMBER_ID,
        SIDE_KEYS,
        TEMPLATE_KEYS,
        TOP_KEYS,
        parse_pieces,
        parse_set,
    )
    from ubongo.puzzles.sets import (
        FORMAT,
        VERSION,
        Combination,
        MissingSide,
        PuzzleSet,
        Side,
        Template,
        strict_problems,
    )

# The command line imports a fact (the sides, the frame) at start-up: that must not load the
# whole format reader. Each public name is imported when first asked for.
_HOME = {
    "SIDES": "ubongo.puzzles.game",
    "FRAME": "ubongo.puzzles.game",
    "Frame": "ubongo.puzzles.game",
    "TEMPLATES": "ubongo.puzzles.game",
    "fits": "ubongo.puzzles.game",
    "frame_text": "ubongo.puzzles.game",
    "DEFAULT_DIE": "ubongo.puzzles.game",
    "PIECES_PER_SIDE": "ubongo.puzzles.game",
    "MAX_PROBLEMS": "ubongo.puzzles.problems",
    "Problem": "ubongo.puzzles.problems",
    "PuzzleFormatError": "ubongo.puzzles.problems",
    "SetProblems": "ubongo.puzzles.problems",
    "report": "ubongo.puzzles.problems",
    "MAX_DEPTH": "ubongo.puzzles.decoding",
    "decode_json": "ubongo.puzzles.decoding",
    "nesting": "ubongo.puzzles.decoding",
    "FORMAT": "ubongo.puzzles.sets",
    "VERSION": "ubongo.puzzles.sets",
    "Combination": "ubongo.puzzles.sets",
    "MissingSide": "ubongo.puzzles.sets",
    "PuzzleSet": "ubongo.puzzles.sets",
    "Side": "ubongo.puzzles.sets",
    "Template": "ubongo.puzzles.sets",
    "strict_problems": "ubongo.puzzles.sets",
    "MAX_LABEL": "ubongo.puzzles.reading",
    "MAX_NUMBER_ID": "ubongo.puzzles.reading",
    "SIDE_KEYS": "ubongo.puzzles.reading",
    "TEMPLATE_KEYS": "ubongo.puzzles.reading",
    "TOP_KEYS": "ubongo.puzzles.reading",
    "parse_pieces": "ubongo.puzzles.reading",
    "parse_set": "ubongo.puzzles.reading",
    "DEFAULT_SET": "ubongo.puzzles.bundles",
    "bundled": "ubongo.puzzles.bundles",
    "bundled_names": "ubongo.puzzles.bundles",
    "bundled_piece_names": "ubongo.puzzles.bundles",
    "bundled_pieces": "ubongo.puzzles.bundles",
    "BATCH_CACHE": "ubongo.puzzles.batch",
    "BATCH_KEYS": "ubongo.puzzles.batch",
    "BatchItem": "ubongo.puzzles.batch",
    "BatchReader": "ubongo.puzzles.batch",
    "batch_reader": "ubongo.puzzles.batch",
    "parse_batch_line": "ubongo.puzzles.batch",
    "read_batch": "ubongo.puzzles.batch",
}


__getattr__, __dir__ = exports(__name__, _HOME)


__all__ = [
    "BATCH_CACHE",
    "BATCH_KEYS",
    "BatchItem",
    "BatchReader",
    "Combination",
    "DEFAULT_DIE",
    "DEFAULT_SET",
    "FORMAT",
    "FRAME",
    "Frame",
    "MAX_DEPTH",
    "MAX_LABEL",
    "MAX_NUMBER_ID",
    "MAX_PROBLEMS",
    "MissingSide",
    "PIECES_PER_SIDE",
    "Problem",
    "PuzzleFormatError",
    "PuzzleSet",
    "SIDES",
    "SIDE_KEYS",
    "SetProblems",
    "Side",
    "TEMPLATES",
    "TEMPLATE_KEYS",
    "TOP_KEYS",
    "Template",
    "VERSION",
    "batch_reader",
    "bundled",
    "bundled_names",
    "bundled_piece_names",
    "bundled_pieces",
    "decode_json",
    "fits",
    "frame_text",
    "nesting",
    "parse_batch_line",
    "parse_pieces",
    "parse_set",
    "read_batch",
    "report",
    "strict_problems",
]
