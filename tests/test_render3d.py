"""Pictures of figures of cubes and their tilings: each block in its colour, the terminal's
layer view."""

from __future__ import annotations

import doctest
import re

import pytest

import ubongo
from ubongo.puzzles import bundled_pieces
from ubongo.render import colours
from ubongo.render.colours import paint, set_colours, shades, tiling_colours
from ubongo.solver.puzzle import solution_rows

UBONGO_3D = bundled_pieces("ubongo-3d")
SOMA = bundled_pieces("soma")


@pytest.fixture(scope="module")
def u3() -> ubongo.Answer:
    return ubongo.solve("####/####/.#..", "A B C J", piece_set="ubongo-3d", height=2)


@pytest.mark.parametrize("module", [colours])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0


# --- colours and the terminal ----------------------------------------------------------------


def test_a_block_with_a_colour_of_its_own_is_drawn_in_it():
    fills = set_colours(UBONGO_3D)
    assert all(fills[p.name] == p.colour for p in UBONGO_3D.values())
    assert len(set(set_colours(SOMA).values())) == 7  # no colours given: palette, all apart


def test_touching_blocks_of_one_colour_get_shades_of_it_and_across_layers_too():
    a, b = (0, 0, 0), (1, 0, 0)  # one above the other: they touch
    fills = tiling_colours([("A", [a]), ("B", [b]), ("C", [(0, 5, 5)])], UBONGO_3D)
    assert fills[0] == fills[2] == "#ffdd04"  # C touches nothing: its own yellow
    assert fills[1] in shades("#ffdd04")


def test_paint_keeps_the_layer_line_plain_and_colours_each_block(u3):
    rows = solution_rows(u3.puzzle.figure, u3.solution, u3.pieces)
    out = paint(rows, u3.pieces, colour_on=True).split("\n")
    assert out[rows.index("--")] == "--"
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in out]
    assert [line.replace(" ", "") for line in plain] == [r.replace(".", "") for r in rows]
    j = re.compile("\x1b\\[48;2;238;60;109m\x1b\\[38;2;[0-9;]+mJ")  # J's own pink: no pink nearby
    assert all(j.search(out[i]) for i in (0, rows.index("--") + 1))
    assert paint(rows, u3.pieces, colour_on=False) == "\n".join(rows)
