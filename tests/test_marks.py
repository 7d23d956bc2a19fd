"""Card emblems drawn pale (--ink-saver) in the block that asks for it, and only there, whatever runs beside it."""

import io
import threading

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from printgen.cards import marks


def coin_fills(draw_pale: bool = False, amount: float = 0.6) -> list[tuple[float, ...]]:
    """The fill colours of a coin emblem as drawn, read back from the page."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(40, 40), invariant=1, pageCompression=0)
    if draw_pale:
        with marks.pale(amount):
            marks.coin(c, 20, 20, 30)
    else:
        marks.coin(c, 20, 20, 30)
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(out.getvalue())) as pdf:
        return [tuple(round(float(v), 3) for v in operands)
                for operands, operator in pikepdf.parse_content_stream(pdf.pages[0]) if str(operator) == "rg"]


def test_a_pale_coin_is_filled_in_a_light_tint_of_gold_and_pale_blocks_nest():
    gold = tuple(round(v, 3) for v in marks.GOLD)
    assert gold in coin_fills()
    assert tuple(round(v, 3) for v in marks.lighter(marks.GOLD)) in coin_fills(draw_pale=True)
    with marks.pale(0.5):
        twice = coin_fills(draw_pale=True)
    assert tuple(round(v, 3) for v in marks.lighter(marks.lighter(marks.GOLD, 0.5), 0.6)) in twice
    assert gold in coin_fills()  # and after the blocks, gold again


def test_a_pale_block_in_one_thread_leaves_another_threads_emblems_alone():
    inside, drawn = threading.Event(), threading.Event()
    found = {}

    def beside():
        assert inside.wait(timeout=30)
        found["beside"] = coin_fills()
        drawn.set()

    thread = threading.Thread(target=beside)
    thread.start()
    with marks.pale():
        inside.set()
        assert drawn.wait(timeout=30)
        found["inside"] = coin_fills()
    thread.join()
    assert tuple(round(v, 3) for v in marks.GOLD) in found["beside"]  # drawn in no pale block of its own: gold
    assert tuple(round(v, 3) for v in marks.lighter(marks.GOLD)) in found["inside"]
