"""pdffonts on every product: every font embedded, and every font a file names drawn with (no font selected
and never used, such as the Helvetica ReportLab's SVG renderer selected in every picture's form)."""

import pikepdf
import pytest
from pdfutil import open_pdf, run_cli
from pdfx_checks import pdffonts
from product_cases import case_id, every_product, made

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" width="100" height="60">
  <rect width="100" height="60" fill="#2f2640"/>
  <circle cx="50" cy="30" r="25" fill="#f3d27a" fill-opacity="0.4"/>
  <path d="M30 40 L70 40 L60 20 Z" fill="#8c5a2b"/>
</svg>
"""


def products():
    """A file of every product for every system it is made for (product_cases: each deck, a one-level
    dungeon, the solo booklets, graph paper...), fillable sheets, and each print shop's file of one deck."""
    made = every_product()
    made += [(product, system, {"fillable": True}) for product, system, _ in made if product == "sheet"]
    made += [("deck", "roguelike", {"deck": "armor", "layout": "print-shop"}),  # a print-shop file for any shop
             ("deck", "roguelike", {"deck": "armor", "vendor": "drivethrucards"})]
    return made


def fonts_drawn_with(pdf: pikepdf.Pdf) -> tuple[set[str], set[str]]:
    """The base names of fonts each content stream's resources name, and of those it shows text in."""
    named, drawn = set(), set()

    def visit(owner, resources, seen):
        fonts = resources.get("/Font", {})
        named.update(str(font.BaseFont) for font in fonts.values())
        current = None
        for operands, operator in pikepdf.parse_content_stream(owner):
            op = str(operator)
            if op == "Tf":
                current = fonts.get(str(operands[0]))
            elif op in ("Tj", "TJ", "'", '"') and current is not None:
                drawn.add(str(current.BaseFont))
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                visit(xobject, xobject.get("/Resources", pikepdf.Dictionary()), seen)

    seen = set()
    for page in pdf.pages:
        visit(page, page.obj.get("/Resources", pikepdf.Dictionary()), seen)
        for annot in page.get("/Annots", []):
            appearance = annot.get("/AP", {}).get("/N")
            if isinstance(appearance, pikepdf.Stream) and appearance.objgen not in seen:
                seen.add(appearance.objgen)
                visit(appearance, appearance.get("/Resources", pikepdf.Dictionary()), seen)
    return named, drawn


def assert_fonts_embedded_and_used(data: bytes) -> None:
    listed = pdffonts(data)
    assert listed, "no fonts at all"
    unembedded = [line.split()[0] for line in listed if line.split()[-5] != "yes"]
    assert unembedded == []
    named, drawn = fonts_drawn_with(open_pdf(data))
    assert not any("Helvetica" in name for name in named)
    assert named <= drawn | {name for name in named if name.endswith("+CharisSIL") and "PGFRM" in name}, \
        named - drawn  # (a form's own font is named for the text a player types)


@pytest.mark.parametrize("product, system, options", products(), ids=[case_id(case) for case in products()])
def test_every_font_of_every_product_is_embedded_and_drawn_with(product, system, options):
    assert_fonts_embedded_and_used(made((product, system, options)))


@pytest.mark.parametrize("args", [(), ("--layout", "print-shop"), ("--vendor", "drivethrucards")],
                         ids=["sheets", "print-shop", "drivethrucards"])
def test_a_custom_deck_with_svg_pictures_embeds_every_font_and_names_no_other(tmp_path, args):
    (tmp_path / "pic.svg").write_text(SVG)
    (tmp_path / "deck.csv").write_text("title,picture\nTent,pic.svg\nFire,pic.svg\n")
    (tmp_path / "layout.yaml").write_text("extends: builtin:illustrated\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml", "--seed", "fonts",
                     "-o", "deck.pdf", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert_fonts_embedded_and_used((tmp_path / "deck.pdf").read_bytes())
