"""Errors carry their data: the printing errors, with the message texts the docs quote."""

from __future__ import annotations

import pytest

from ubongo.puzzles import PuzzleSet, bundled
from ubongo.render.pdf import CellSizeOutOfRange, NothingToPrint, PrintError, cards


@pytest.mark.parametrize("mm", [4.9, 60.5, -1.0])
def test_a_cell_size_out_of_range_carries_it(mm):
    with pytest.raises(CellSizeOutOfRange, match=rf"^cell size {mm:g} mm; expected 5 to 60 mm$"):
        cards(bundled("sample"), cell_mm=mm)


def test_a_set_without_sides_has_nothing_to_print():
    pytest.importorskip("fpdf")
    sample = bundled("sample")
    empty = PuzzleSet("blank", sample.pieces, sample.die, ())
    with pytest.raises(NothingToPrint, match="^blank: no template side to print$") as info:
        cards(empty)
    assert info.value.set_name == "blank"


def test_a_side_fpdf_cannot_draw_names_template_side_and_detail(monkeypatch):
    fpdf = pytest.importorskip("fpdf")

    def refuse(*args, **kwargs):
        raise fpdf.errors.FPDFUnicodeEncodingException(0, "\u2603", "helvetica")

    monkeypatch.setattr(fpdf.FPDF, "image", refuse)
    sample = bundled("sample")
    with pytest.raises(PrintError) as info:
        cards(sample)
    first = sample.templates[0]
    e = info.value
    assert (e.template, e.side) == (first.id, "easy" if first.easy else "hard")
    assert e.detail and str(e) == f"template {e.template} {e.side}: {e.detail}"
