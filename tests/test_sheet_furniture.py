"""Furniture drawn once: the frames, captions and tick boxes every sheet shares are one form XObject that each
page places, and the sheets look and fill in as they did when each page drew its own."""

import subprocess

import pytest
from pdfutil import fonts, open_pdf, seed_code

from printgen.products import build
from printgen.products.sheet import PRODUCT, sheet_module
from printgen.render.canvas import new_document
from printgen.seed import SeedCode
from printgen.sheets.draw import FormCollector, Style
from printgen.words import BUILT_IN

CODE = SeedCode.parse("pg4:sheet:roguelike:furniture:count=3")


def drawn(fillable: bool, reuse: bool, count: int = 3) -> tuple[bytes, FormCollector]:
    """``count`` pre-rolled records, one to a page, drawn with the furniture reused or drawn on every page."""
    module = sheet_module("roguelike")
    size = (595.28, 841.89)
    doc = new_document(CODE, "records", size)
    form = FormCollector(enabled=fillable, reuse=reuse)
    for number in range(1, count + 1):
        form.page, form.prefix = number - 1, f"p{number}."
        doc.canvas.saveState()
        doc.canvas.translate(30, 40)
        module.draw(BUILT_IN, doc.canvas, size[0] - 60, size[1] - 80, "record",
                    module.roll(BUILT_IN, CODE.stream(PRODUCT, number),
                    number), Style(), form, CODE)
        doc.canvas.restoreState()
        doc.canvas.showPage()
    return doc.finish(), form


def pixels(data: bytes, tmp_path, name: str) -> list[bytes]:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "50", "-gray", str(path), str(tmp_path / name)], check=True)
    return [png.read_bytes() for png in sorted(tmp_path.glob(f"{name}-*.png"))]


@pytest.mark.parametrize("fillable", [True, False])
def test_reused_furniture_draws_the_same_pages_and_the_same_blanks(fillable, tmp_path):
    alone, every = drawn(fillable, reuse=False)
    once, reused = drawn(fillable, reuse=True)
    assert reused.fields == every.fields  # names, places, sizes, values, pages: the same fields in the same order
    assert not fillable or len(reused.fields) > 3 * 100
    assert pixels(once, tmp_path, "once") == pixels(alone, tmp_path, "alone")
    pdf = open_pdf(once)
    placed = [{(name, x.objgen) for name, x in page.Resources.get("/XObject", {}).items()} for page in pdf.pages]
    # One copy of each piece, placed on every page; the health track's greyed boxes are the character's own.
    assert len(placed[0] & placed[1] & placed[2]) >= 5
    # What a later page draws of its own: its character, a fraction of what it drew with its furniture.
    own = [len(page.Contents.read_bytes()) for page in pdf.pages]
    whole = [len(page.Contents.read_bytes()) for page in open_pdf(alone).pages]
    assert own[1] < whole[1] * 0.5 and own[2] < whole[2] * 0.5


def test_a_thousand_sheets_keep_one_copy_of_their_furniture_in_the_finished_file():
    pdf = open_pdf(build(seed_code("sheet", "roguelike", "furniture", count=4, fillable=True)))
    pieces = [{x.objgen for x in page.Resources.XObject.values() if x.get("/Subtype") == "/Form"}
              for page in pdf.pages]
    assert len(pieces[0]) >= 4 and all(len(page & pieces[0]) >= 4 for page in pieces)
    assert all(fonts(pdf).values())
    names = [str(f.T) for f in pdf.Root.AcroForm.Fields]
    assert len(names) == len(set(names)) and all(any(n.startswith(f"p{p}_") for n in names) for p in range(1, 5))
