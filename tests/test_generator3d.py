"""The generator on Ubongo 3D's boards: whole boxes of the 2009 layout, every problem tiled,
statistics like the published game's (generator.profile.PUBLISHED_3D), determinism."""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from importlib.resources import files

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import ubongo
from ubongo.cli import main
from ubongo.generator import Options, generate, set_stats
from ubongo.generator.profile import PUBLISHED_3D, plays
from ubongo.puzzles import bundled, bundled_pieces, strict_problems
from ubongo.puzzles.game import UBONGO_3D
from ubongo.solver import solve
from ubongo.solver.verify import is_solution

BLOCKS = bundled_pieces("ubongo-3d")
COMMAND = ["generate", "--pieces", "ubongo-3d", "--templates", "36", "--seed", "1"]
"""The command documented in the README that writes puzzles/standard-3d.json."""


def options(templates: int, seed: int) -> Options:
    return Options(templates, seed, (4, 5), 10, (3, 4), BLOCKS, edition=UBONGO_3D)


def dumped(opts: Options, workers: int = 1) -> str:
    if workers == 1:
        ps, _ = generate(opts)
    else:
        with ProcessPoolExecutor(workers) as ex:
            ps, _ = generate(opts, ex)
    return json.dumps(ps.to_json(), indent=1) + "\n"


def test_the_bundled_3d_set_is_remade_by_its_documented_command(tmp_path: os.PathLike[str]) -> None:
    out = os.path.join(tmp_path, "standard-3d.json")
    args = [*COMMAND, "--name", "standard-3d", "-q", "-o", out]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    shipped = files("ubongo.puzzles").joinpath("standard-3d.json").read_text(encoding="utf-8")
    with open(out, encoding="utf-8") as fh:
        assert fh.read() == shipped


def test_same_seed_same_bytes_whatever_the_workers() -> None:
    opts = options(2, 5)
    one = dumped(opts)
    assert dumped(opts, workers=2) == one
    assert dumped(options(2, 6)) != one


def test_the_bundled_3d_set_is_a_whole_box_and_every_problem_tiles() -> None:
    ps = bundled("standard-3d")
    assert plays(UBONGO_3D, ps.pieces) and ps.height == 2 and ps.die == UBONGO_3D.die
    assert strict_problems(ps) == []
    combos = list(ps.combinations())
    assert len(combos) == 36 * (4 + 10)
    for c in combos:
        tiling = solve(c.puzzle)
        assert tiling is not None and is_solution(c.puzzle, tiling), (c.template, c.side, c.face)


def test_boards_are_laid_out_as_the_2009_game() -> None:
    for t in bundled("standard-3d").templates:
        assert t.easy is not None and t.hard is not None
        assert t.easy.faces == ("1-2", "3-4", "5-7", "8-10") and t.easy.on == (0, 0, 1, 1)
        assert t.hard.faces == () and t.hard.on == (0,) * 5 + (1,) * 5
        for side, size in ((t.easy, 3), (t.hard, 4)):
            assert all(len(set(c)) == size for c in side.combos)
            assert all(f.levels == 2 for f in side.figures)


def share(table: dict[int, int] | dict[str, int], key: object) -> float:
    return table.get(key, 0) / sum(table.values())  # type: ignore[call-overload]


def test_the_bundled_3d_set_looks_like_the_published_boards() -> None:
    """Each statistic of the published boards that the profile aims at, within a margin that
    one set of 72 figures and 144 or 360 problems can be expected to meet."""
    st3 = set_stats(bundled("standard-3d"))
    for name in ("easy", "hard"):
        side, published = st3.sides[name], PUBLISHED_3D.side(name)
        assert side.figures == 72 and side.unsolvable == 0 and side.holes == 0
        assert side.outside_frame == 0
        for area, want in published.areas:
            assert abs(share(side.areas, area) - want) < 0.06, (name, area)
        for (h, w), want in published.boxes:
            assert abs(share(side.boxes, f"{h}x{w}") - want) < 0.08, (name, h, w)
        assert abs(side.unique_share - published.tilings[0][1]) < 0.06
        for piece, want in published.pieces:
            assert abs(side.piece_share(piece) - want) < 0.02, (name, piece)
    assert abs(st3.sides["easy"].tilings_mean - 1.37) < 0.3
    assert abs(st3.sides["hard"].tilings_mean - 3.24) < 0.7
    assert abs(st3.sides["easy"].measures["corners"] - 6.57) < 0.5


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6))
def test_any_seed_makes_boards_of_the_edition(seed: int) -> None:
    ps, _ = generate(options(1, seed))
    assert strict_problems(ps) == []
    assert all(solve(c.puzzle) is not None for c in ps.combinations())


def test_the_published_column_is_the_edition_of_the_sets() -> None:
    table = str(ubongo.stats("standard-3d", published=True))
    assert "outside 4x5" in table and "piece P" in table and "figures" in table
    with pytest.raises(ubongo.UsageError, match="different editions"):
        ubongo.stats("standard", "standard-3d", published=True)


def test_the_api_designs_3d_boards_by_their_pieces() -> None:
    made = ubongo.design(1, seed=3, piece_set="ubongo-3d")
    assert made.combinations == 14 and made.puzzle_set.pieces_name == "ubongo-3d"
    with pytest.raises(ubongo.UsageError, match="own die table"):
        ubongo.design(1, piece_set="ubongo-3d", faces=6)


def test_boards_from_the_bundled_atlas_of_blocks(tmp_path: os.PathLike[str]) -> None:
    """The atlas gives footprints; the generator stacks them as it stacks carved ones."""
    out = os.path.join(tmp_path, "atlas3d.json")
    args = ["generate", "--pieces", "ubongo-3d", "--atlas", "ubongo-3d", "--templates", "2"]
    result = CliRunner().invoke(main, [*args, "--seed", "2", "-q", "-o", out])
    assert result.exit_code == 0, result.output
    ps = ubongo.load_set(out)
    assert strict_problems(ps) == [] and ps.height == 2
    assert all(solve(c.puzzle) is not None for c in ps.combinations())


def test_other_sizes_of_blocks_get_footprints_of_their_volume_over_two() -> None:
    ps, _ = generate(Options(1, 4, (4, 5), 10, (2, 3), BLOCKS, edition=UBONGO_3D))
    for c in ps.combinations():
        volume = sum(p.area for p in c.puzzle.pieces)
        assert c.puzzle.figure.area == volume and c.puzzle.figure.footprint.area * 2 == volume
        assert solve(c.puzzle) is not None


def test_mixed_editions_with_the_published_column_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["stats", "standard", "standard-3d", "--published"])
    assert result.exit_code == 2 and "different editions" in result.output
