"""Card emblems drawn pale (--ink-saver) when the drawing is asked for it, and only then."""

import io

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from printgen.cards import marks


def fills(name: str, pale: float = 0.0) -> list[tuple[float, ...]]:
    """The fill colours of an emblem as drawn, read back from the page."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(40, 40), invariant=1, pageCompression=0)
    marks.emblem(c, name, 20, 20, 30, pale=pale)
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(out.getvalue())) as pdf:
        return [tuple(round(float(v), 3) for v in operands)
                for operands, operator in pikepdf.parse_content_stream(pdf.pages[0]) if str(operator) == "rg"]


def rounded(colour) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in colour)


def test_a_pale_coin_is_filled_in_a_light_tint_of_gold_and_only_when_asked():
    gold = rounded(marks.GOLD)
    assert gold in fills("coin")
    assert rounded(marks.lighter(marks.GOLD, marks.PALE)) in fills("coin", marks.PALE)
    assert gold not in fills("coin", marks.PALE)
    assert rounded(marks.lighter(marks.GOLD, 0.5)) in fills("coin", 0.5)
    assert gold in fills("coin")  # and the next drawing not asked: gold again


def test_an_emblem_that_holds_another_passes_its_paleness_on():
    assert rounded(marks.lighter(marks.GOLD, marks.PALE)) in fills("shop", marks.PALE)  # a stall's coin
    assert rounded(marks.GOLD) in fills("shop")
