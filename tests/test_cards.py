"""The card imposition engine, read back from the PDFs it writes."""

from __future__ import annotations

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdfutil import assert_fronts_inside_safe_area, fonts, line_segments, open_pdf, page_sizes, page_texts

from printgen.cards import text
from printgen.cards.face_parts import SAFE, CardTooFull
from printgen.cards.imposition import INSIDE_MARK, MARK_WIDTH, MIN_PRINTED_MARK, UNPRINTABLE, sheet_for
from printgen.cards.model import Card, Deck, Paragraph, Stat
from printgen.cards.sizes import CARD_SIZES
from printgen.cards.text_face import prepare
from printgen.products import build
from printgen.seed import SeedCode
from printgen.units import PAPERS, inch, mm, to_mm
from printgen.words import BUILT_IN

TOLERANCE = mm(0.1)


def deck_pdf(deck: str = "creatures", **options: object) -> bytes:
    base = {"deck": deck, "card-size": "poker", "paper": "letter", "duplex": "long", "bleed": "3",
            "crop-marks": "short", "layout": "sheet"}
    base.update({k: str(v) for k, v in options.items()})
    return build(SeedCode.make("deck", "roguelike", "moonpie", base))


def card_origins(pdf: pikepdf.Pdf, page_index: int) -> list[tuple[float, float]]:
    """The trim corner of every card on a page: the translation that follows each card's clip."""
    origins = []
    recent: list[str] = []
    for operands, operator in pikepdf.parse_content_stream(pdf.pages[page_index]):
        op = str(operator)
        if op == "cm" and recent[-2:] in (["W", "n"], ["W*", "n"]):
            a, b, c, d, e, f = (float(v) for v in operands)
            assert (a, b, c, d) == (1, 0, 0, 1)
            origins.append((e, f))
        recent.append(op)
    return origins


def crop_marks(pdf: pikepdf.Pdf, page_index: int):
    return [s for s in line_segments(pdf, page_index) if abs(s.width - MARK_WIDTH) < 1e-6 and s.gray == 0]


@pytest.fixture(scope="module")
def creatures_letter() -> pikepdf.Pdf:
    return open_pdf(deck_pdf())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_three_by_three_poker_cards_fit_both_papers(paper):
    sheet = sheet_for(PAPERS[paper].size, CARD_SIZES["poker"], mm(3))
    assert (sheet.columns, sheet.rows) == (3, 3)


def test_card_pitch_is_exact(creatures_letter):
    origins = card_origins(creatures_letter, 0)
    assert len(origins) == 9
    xs = sorted({round(x, 3) for x, _ in origins})
    ys = sorted({round(y, 3) for _, y in origins})
    assert [to_mm(b - a) for a, b in zip(xs, xs[1:])] == pytest.approx([63.5, 63.5], abs=0.1)
    assert [to_mm(b - a) for a, b in zip(ys, ys[1:])] == pytest.approx([88.9, 88.9], abs=0.1)
    # The block is centred on the page: 12.7 mm either side on Letter.
    assert to_mm(xs[0]) == pytest.approx(12.7, abs=0.1)
    assert to_mm(ys[0]) == pytest.approx((279.4 - 3 * 88.9) / 2, abs=0.1)


def printed_length(segment, width: float, height: float) -> float:
    """How much of a mark lies where a home printer prints: more than UNPRINTABLE from every edge."""
    low_x, high_x = UNPRINTABLE, width - UNPRINTABLE
    low_y, high_y = UNPRINTABLE, height - UNPRINTABLE
    if abs(segment.x0 - segment.x1) < 1e-6:
        if not low_x <= segment.x0 <= high_x:
            return 0.0
        a, b = sorted((segment.y0, segment.y1))
        return max(0.0, min(b, high_y) - max(a, low_y))
    if not low_y <= segment.y0 <= high_y:
        return 0.0
    a, b = sorted((segment.x0, segment.x1))
    return max(0.0, min(b, high_x) - max(a, low_x))


def cut_lines(width: float, height: float, card_w: float, card_h: float, columns: int, rows: int, gutter: float = 0.0):
    left = (width - columns * card_w - (columns - 1) * gutter) / 2
    bottom = (height - rows * card_h - (rows - 1) * gutter) / 2
    xs = sorted({round(left + i * (card_w + gutter) + side, 4) for i in range(columns) for side in (0, card_w)})
    ys = sorted({round(bottom + j * (card_h + gutter) + side, 4) for j in range(rows) for side in (0, card_h)})
    return xs, ys


@pytest.mark.parametrize("paper, size, columns, rows", [("letter", "poker", 3, 3), ("a4", "poker", 3, 3),
                                                         ("letter", "mini", 4, 4)])
def test_every_cut_has_a_printable_mark_at_both_ends_and_none_on_a_card(paper, size, columns, rows):
    pdf = open_pdf(deck_pdf(paper=paper, **{"card-size": size}))
    width, height = page_sizes(pdf)[0]
    card = CARD_SIZES[size]
    marks = crop_marks(pdf, 0)
    xs, ys = cut_lines(width, height, card.width, card.height, columns, rows)
    vertical = [s for s in marks if abs(s.x0 - s.x1) < 1e-6]
    horizontal = [s for s in marks if abs(s.y0 - s.y1) < 1e-6]
    assert len(vertical) + len(horizontal) == len(marks)
    # Every mark prints on a home printer: at least 2 mm of it lies 6 mm or more from the paper's edge.
    assert all(printed_length(s, width, height) >= MIN_PRINTED_MARK - 1e-6 for s in marks)
    for x in xs:  # a mark above and below every vertical cut
        on_cut = [s for s in vertical if abs(s.x0 - x) < TOLERANCE]
        assert len([s for s in on_cut if max(s.y0, s.y1) > height / 2]) == 1
        assert len([s for s in on_cut if min(s.y0, s.y1) < height / 2]) == 1
    for y in ys:
        on_cut = [s for s in horizontal if abs(s.y0 - y) < TOLERANCE]
        assert len([s for s in on_cut if max(s.x0, s.x1) > width / 2]) == 1
        assert len([s for s in on_cut if min(s.x0, s.x1) < width / 2]) == 1
    # A mark is beyond the bleed, or on the cut line itself reaching at most INSIDE_MARK into the block:
    # never across a card's face.
    for s in vertical:
        low, high = sorted((s.y0, s.y1))
        assert high <= ys[0] - mm(3) + 0.01 or low >= ys[-1] + mm(3) - 0.01 or (
            (ys[0] - 0.01 <= low and high <= ys[0] + INSIDE_MARK + 0.01)
            or (ys[-1] - INSIDE_MARK - 0.01 <= low and high <= ys[-1] + 0.01))
    for s in horizontal:
        low, high = sorted((s.x0, s.x1))
        assert high <= xs[0] - mm(3) + 0.01 or low >= xs[-1] + mm(3) - 0.01 or (
            (xs[0] - 0.01 <= low and high <= xs[0] + INSIDE_MARK + 0.01)
            or (xs[-1] - INSIDE_MARK - 0.01 <= low and high <= xs[-1] + 0.01))
    assert all(0 <= v <= max(width, height) for s in marks for v in (s.x0, s.y0, s.x1, s.y1))


def test_poker_on_letter_marks_its_top_and_foot_on_the_cut_lines():
    """6.35 mm above and below the block is nearly all unprintable: those marks go on the cuts inside."""
    pdf = open_pdf(deck_pdf())
    width, height = page_sizes(pdf)[0]
    _, ys = cut_lines(width, height, mm(63.5), mm(88.9), 3, 3)
    tops = [s for s in crop_marks(pdf, 0) if abs(s.x0 - s.x1) < 1e-6 and max(s.y0, s.y1) > height / 2]
    assert len(tops) == 4
    assert all(sorted((s.y0, s.y1)) == pytest.approx([ys[-1] - INSIDE_MARK, ys[-1]], abs=0.01) for s in tops)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_carry_the_same_marks_as_their_fronts(duplex):
    pdf = open_pdf(deck_pdf(duplex=duplex))
    key = lambda s: (round(s.x0, 3), round(s.y0, 3), round(s.x1, 3), round(s.y1, 3))
    assert sorted(map(key, crop_marks(pdf, 1))) == sorted(map(key, crop_marks(pdf, 0)))
    shifted = open_pdf(deck_pdf(duplex=duplex, **{"back-offset": "1x-2"}))
    moved = sorted(key(s) for s in crop_marks(shifted, 1))
    expected = sorted((x0 + mm(1), y0 - mm(2), x1 + mm(1), y1 - mm(2)) for x0, y0, x1, y1 in map(key, crop_marks(pdf, 0)))
    assert [v for m in moved for v in m] == pytest.approx([v for m in expected for v in m], abs=0.01)


@pytest.mark.parametrize("paper, size", [("letter", "poker"), ("a4", "poker"), ("letter", "mini")])
def test_full_crop_marks_reach_the_paper_edge_on_every_side(paper, size):
    pdf = open_pdf(deck_pdf("weapons", paper=paper, **{"crop-marks": "full", "card-size": size}))
    width, height = page_sizes(pdf)[0]
    card = CARD_SIZES[size]
    columns, rows = (3, 3) if size == "poker" else (4, 4)
    xs, ys = cut_lines(width, height, card.width, card.height, columns, rows)
    marks = crop_marks(pdf, 0)
    for x in xs:
        ends = [v for s in marks if abs(s.x0 - s.x1) < 1e-6 and abs(s.x0 - x) < TOLERANCE for v in (s.y0, s.y1)]
        assert min(ends) == pytest.approx(0, abs=0.01) and max(ends) == pytest.approx(height, abs=0.01)
    for y in ys:
        ends = [v for s in marks if abs(s.y0 - s.y1) < 1e-6 and abs(s.y0 - y) < TOLERANCE for v in (s.x0, s.x1)]
        assert min(ends) == pytest.approx(0, abs=0.01) and max(ends) == pytest.approx(width, abs=0.01)


def footer_box(pdf: pikepdf.Pdf, page_index: int) -> tuple[float, float, float, float]:
    """The footer line's box on the page, read from where pdfium places its letters."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_bytes_of(pdf))
    try:
        textpage = document[page_index].get_textpage()
        text = textpage.get_text_range()
        start = text.index("printgen ·")
        chars = [textpage.get_charbox(i) for i in range(start, text.index("of", start) + 5)]
    finally:
        document.close()
    return (min(c[0] for c in chars), min(c[1] for c in chars), max(c[2] for c in chars), max(c[3] for c in chars))


def pdf_bytes_of(pdf: pikepdf.Pdf) -> bytes:
    import io

    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("style", ["short", "full"])
def test_mini_card_marks_never_cross_the_footer(style):
    pdf = open_pdf(deck_pdf(**{"card-size": "mini", "crop-marks": style}))
    left, bottom, right, top = footer_box(pdf, 0)
    crossing = []
    for s in crop_marks(pdf, 0):
        if abs(s.x0 - s.x1) < 1e-6 and left <= s.x0 <= right:
            low, high = sorted((s.y0, s.y1))
            if low < top and high > bottom:
                crossing.append(s)
    # A short mark stops above the footer; a full one is covered by the footer's white patch under it.
    assert not crossing if style == "short" else crossing
    if style == "full":
        patch = [op for op in pikepdf.parse_content_stream(pdf.pages[0]) if str(op[1]) == "re"]
        assert any(float(o[0][0]) <= left and float(o[0][0]) + float(o[0][2]) >= right
                   and float(o[0][1]) <= bottom and float(o[0][1]) + float(o[0][3]) >= top for o in patch)


@pytest.mark.parametrize("gutter", [2, 5])
def test_a_gutter_spaces_the_cards_and_marks_every_card_s_own_cuts(gutter):
    pdf = open_pdf(deck_pdf(paper="a4", gutter=gutter))
    width, height = page_sizes(pdf)[0]
    g, w, h = mm(gutter), mm(63.5), mm(88.9)
    origins = card_origins(pdf, 0)
    xs = sorted({round(x, 3) for x, _ in origins})
    ys = sorted({round(y, 3) for _, y in origins})
    assert [b - a for a, b in zip(xs, xs[1:])] == pytest.approx([w + g] * (len(xs) - 1), abs=TOLERANCE)
    assert [b - a for a, b in zip(ys, ys[1:])] == pytest.approx([h + g] * (len(ys) - 1), abs=TOLERANCE)
    assert (xs[0] + xs[-1] + w) / 2 == pytest.approx(width / 2, abs=TOLERANCE)  # the block stays centred
    cuts_x, cuts_y = cut_lines(width, height, w, h, len(xs), len(ys), g)
    assert len(cuts_x) == 2 * len(xs) and len(cuts_y) == 2 * len(ys)
    marks = crop_marks(pdf, 0)
    for x in cuts_x:
        assert len([s for s in marks if abs(s.x0 - s.x1) < 1e-6 and abs(s.x0 - x) < TOLERANCE]) == 2
    for y in cuts_y:
        assert len([s for s in marks if abs(s.y0 - s.y1) < 1e-6 and abs(s.y0 - y) < TOLERANCE]) == 2
    # The backs mirror the spaced block: each back behind its front (the deck card in the first slot has none).
    for (fx, fy), (bx, by) in zip(origins[1:], card_origins(pdf, 1), strict=True):
        assert (bx, by) == pytest.approx((width - fx - w, fy), abs=TOLERANCE)


def test_a_gutter_lets_each_card_s_art_run_half_of_it_into_the_gap():
    from printgen.cards.imposition import sheet_for

    sheet = sheet_for(PAPERS["a4"].size, CARD_SIZES["poker"], mm(3), mm(2))
    assert (sheet.columns, sheet.rows) == (3, 3)
    x, y = sheet.slot_origin(4)  # the middle card
    ax, ay, aw, ah = sheet.art_rect(4, set(range(9)))
    assert (x - ax, y - ay) == pytest.approx((mm(1), mm(1)))
    assert (aw, ah) == pytest.approx((mm(63.5) + mm(2), mm(88.9) + mm(2)))
    x, y = sheet.slot_origin(0)  # a corner card: full bleed where no card is beside it
    ax, ay, aw, ah = sheet.art_rect(0, set(range(9)))
    assert (x - ax, y - ay) == pytest.approx((mm(3), mm(1)))
    assert (aw, ah) == pytest.approx((mm(63.5) + mm(4), mm(88.9) + mm(4)))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts(duplex):
    pdf = open_pdf(deck_pdf(duplex=duplex, **{"back-offset": "0x0"}))
    width, height = page_sizes(pdf)[0]
    w, h = mm(63.5), mm(88.9)
    assert len(pdf.pages) == 20  # 85 cards and the deck card: ten sheets, each followed by its backs
    for front_page in (0, 18):  # a full sheet and the last, partly filled one
        fronts, backs = card_origins(pdf, front_page), card_origins(pdf, front_page + 1)
        assert len(fronts) == (9 if front_page == 0 else 86 - 81)
        faces = fronts[1:] if front_page == 0 else fronts  # the deck card opens the first sheet; its back is blank
        assert len(backs) == len(faces)
        for (fx, fy), (bx, by) in zip(faces, backs):
            expected = (width - fx - w, fy) if duplex == "long" else (fx, height - fy - h)
            assert (bx, by) == pytest.approx(expected, abs=TOLERANCE)
    assert str(pdf.Root.ViewerPreferences.Duplex) == ("/DuplexFlipLongEdge" if duplex == "long" else "/DuplexFlipShortEdge")
    assert str(pdf.Root.ViewerPreferences.PrintScaling) == "/None"


def test_back_offset_shifts_only_the_backs():
    plain = open_pdf(deck_pdf("armor"))
    shifted = open_pdf(deck_pdf("armor", **{"back-offset": "0.5x-1.2"}))
    assert card_origins(plain, 0) == card_origins(shifted, 0)
    for (x0, y0), (x1, y1) in zip(card_origins(plain, 1), card_origins(shifted, 1)):
        assert to_mm(x1 - x0) == pytest.approx(0.5, abs=0.01)
        assert to_mm(y1 - y0) == pytest.approx(-1.2, abs=0.01)


def test_no_duplex_prints_fronts_only():
    pdf = open_pdf(deck_pdf("weapons", duplex="none"))
    assert len(pdf.pages) == 2  # 16 weapons, 9 to a sheet
    assert str(pdf.Root.ViewerPreferences.Duplex) == "/Simplex"


def test_calibration_sheet_comes_first():
    pdf = open_pdf(deck_pdf("weapons", calibration="yes"))
    assert len(pdf.pages) == 2 + 4
    assert card_origins(pdf, 0) == [] and card_origins(pdf, 2)


def test_print_shop_pages_have_trim_and_bleed_boxes():
    code = SeedCode.make("deck", "roguelike", "moonpie", {"deck": "spells", "card-size": "tarot", "bleed": "3",
                                                           "layout": "print-shop"})
    pdf = open_pdf(build(code))
    assert len(pdf.pages) == 2 * 15  # every spell and the notes card, front then back
    b, w, h = mm(3), inch(2.75), inch(4.75)
    for page in pdf.pages:
        media = [float(v) for v in page.MediaBox]
        assert media == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=TOLERANCE)
        assert [float(v) for v in page.TrimBox] == pytest.approx([b, b, b + w, b + h], abs=TOLERANCE)
        assert [float(v) for v in page.BleedBox] == pytest.approx(media, abs=TOLERANCE)
    # Fronts and backs interleave: every even page draws the back form, no odd page does (a front draws its
    # picture's form only).
    uses_form = [any(str(op) == "Do" and "pgback" in str(operands[0])
                     for operands, op in pikepdf.parse_content_stream(p)) for p in pdf.pages]
    assert uses_form == [False, True] * 15
    assert str(pdf.Root.ViewerPreferences.PrintScaling) == "/None"


def test_every_font_is_embedded(creatures_letter):
    found = fonts(creatures_letter)
    assert found and all(found.values())


def test_long_text_shrinks_and_wraps_inside_the_safe_area():
    words = [Paragraph("A very long rule text that goes on and on about what happens. " * 6)]
    fitted = text.fit(words, mm(50), mm(40), 9, 5)
    assert fitted is not None and fitted.size < 9
    assert fitted.height <= mm(40)
    widest = max(line.width * fitted.size for line in fitted.lines)
    assert widest <= mm(50) + 1e-6
    # Every word is still there: nothing was cut.
    printed = " ".join(line.text for line in fitted.lines)
    assert printed.split() == words[0].text.split()


def test_a_word_longer_than_the_line_is_broken_not_cut():
    fitted = text.fit([Paragraph("Supercalifragilisticexpialidocious" * 3)], mm(20), mm(30), 9, 5)
    assert fitted is not None
    assert "".join(line.text for line in fitted.lines) == "Supercalifragilisticexpialidocious" * 3


def test_text_that_cannot_fit_is_refused():
    deck = Deck("t", "Test", ())
    card = Card("Ogre", body=(Paragraph("word " * 2000),), stats=(Stat("HP", "9"),))
    with pytest.raises(CardTooFull, match="does not fit"):
        prepare(BUILT_IN, card, deck, CARD_SIZES["mini"])


def test_long_titles_stay_in_the_safe_width():
    deck = Deck("t", "Test", ())
    face = prepare(BUILT_IN, Card("The Extraordinarily Long-Winded Name of a Creature"), deck, CARD_SIZES["bridge"])
    width = CARD_SIZES["bridge"].width - 2 * SAFE
    assert all(line.width * face.title.size <= width + 1e-6 for line in face.title.lines)


@pytest.mark.parametrize("size", ["poker", "mini"])
def test_every_letter_stays_inside_the_safe_area(size):
    code = SeedCode.make("deck", "roguelike", "moonpie", {"deck": "creatures", "card-size": size, "bleed": "3",
                                                           "layout": "print-shop"})
    card = CARD_SIZES[size]
    assert_fronts_inside_safe_area(build(code), card.width, card.height, mm(3))


# -- face kinds and family backs ------------------------------------------------

def _mixed_deck() -> Deck:
    from printgen.cards.model import BackStyle, Symbol

    blue, red = BackStyle("Blue", (0.1, 0.2, 0.6), "?"), BackStyle("Red", (0.6, 0.1, 0.1), "$")
    return Deck("mixed", "Mixed", (
        Card("Words", body=(Paragraph("A text card."),), symbols=(Symbol("gold", "3"), Symbol("trade", crossed=True))),
        Card("Tile", face="tile", paths=("N", "E"), arrow="S", back_style=blue),
        Card("Hero", "Character", (Stat("Health", "10"),), body=(Paragraph("Brave.", lead="Gift:"),),
             face="character", emblem="sword", back_style=blue),
        Card("Counter", face="counter", emblem="cooldown", back_style=red),
    ))


def _render(deck: Deck) -> bytes:
    from printgen.cards.render import PrintOptions, render_deck
    from printgen.units import paper

    options = PrintOptions(CARD_SIZES["poker"], paper("letter"), mm(3), "short", "long", "sheet", (0.0, 0.0), False)
    return render_deck(BUILT_IN, deck, options, SeedCode.make("deck", "generic", "t", {}))


def test_each_card_chooses_its_face_and_its_back():
    pdf = open_pdf(_render(_mixed_deck()))
    assert len(pdf.pages) == 2
    backs = {str(name) for name in pdf.pages[1].Resources.XObject.keys() if "pgback" in str(name)}
    # The text card takes the deck's back; the others share the two family backs they name.
    assert len(backs) == 3
    assert len(card_origins(pdf, 0)) == 1 + 4  # the deck card, then the four cards


def test_a_card_of_no_known_face_kind_is_refused():
    from printgen.errors import PrintgenError

    deck = Deck("t", "Test", (Card("Odd", face="hologram"),))
    with pytest.raises(PrintgenError, match="hologram"):
        _render(deck)


@pytest.mark.parametrize("paths, arrow", [((), ""), (("N", "Q"), ""), (("N", "E"), "E")])
def test_a_tile_needs_real_paths_and_an_arrow_away_from_one(paths, arrow):
    deck = Deck("t", "Test", (Card("Bad tile", face="tile", paths=paths, arrow=arrow),))
    with pytest.raises(CardTooFull):
        _render(deck)


def test_symbols_too_many_for_the_card_are_refused():
    from printgen.cards.model import Symbol

    deck = Deck("t", "Test", (Card("Busy", symbols=tuple(Symbol("trade") for _ in range(30))),))
    with pytest.raises(CardTooFull, match="symbols"):
        _render(deck)


# -- the calibration sheet ---------------------------------------------------------

@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_lines_are_heavy_and_the_scales_fine_and_centred(duplex):
    from printgen.cards.calibration import LINE_WIDTH, SCALE_AT, SCALE_REACH, TICK_WIDTH

    pdf = open_pdf(deck_pdf("weapons", calibration="yes", duplex=duplex, **{"back-offset": "1x-2"}))
    width, height = page_sizes(pdf)[0]
    lines = line_segments(pdf, 0)
    assert len(lines) == 2 and all(s.width == LINE_WIDTH >= 1.5 for s in lines)
    assert {(s.x0, s.x1) for s in lines if s.x0 == s.x1} == {(width / 2, width / 2)}
    ticks = [s for s in line_segments(pdf, 1) if s.width == TICK_WIDTH]
    assert TICK_WIDTH <= LINE_WIDTH / 4  # the shadow of a line is never mistaken for a tick
    cx, cy = width / 2 + mm(1), height / 2 - mm(2)  # the back page carries the offset
    across = sorted(s.x0 for s in ticks if s.x0 == s.x1)
    up = sorted(s.y0 for s in ticks if s.y0 == s.y1)
    expected = [mm(half / 2) for half in range(-2 * SCALE_REACH, 2 * SCALE_REACH + 1)]
    assert [x - cx for x in across] == pytest.approx(expected, abs=0.01)
    assert [y - cy for y in up] == pytest.approx(expected, abs=0.01)
    assert all(s.y0 == pytest.approx(cy + SCALE_AT, abs=0.01) for s in ticks if s.x0 == s.x1)
    # The front's lines cross both scales, wherever within ±SCALE_REACH the back lands.
    assert all(max(abs(s.y0 - height / 2), abs(s.y1 - height / 2)) > SCALE_AT + mm(5) for s in lines if s.x0 == s.x1)


@pytest.mark.parametrize("duplex, flip", [("long", (-1, 1)), ("short", (1, -1))])
def test_words_read_through_the_sheet_are_mirrored_as_it_turns(duplex, flip):
    pdf = open_pdf(deck_pdf("weapons", calibration="yes", duplex=duplex))
    scales = []
    matrix = None
    for operands, operator in pikepdf.parse_content_stream(pdf.pages[0]):
        op = str(operator)
        if op == "cm" and [float(v) for v in operands[:4]] != [1, 0, 0, 1]:
            matrix = tuple(float(v) for v in operands[:4])
        elif op == "Tj" and matrix is not None:
            scales.append((bytes(operands[0]), (matrix[0], matrix[3])))
            matrix = None
    assert len(scales) == 2 and all(scale == flip for _, scale in scales)
    text = page_texts(deck_pdf("weapons", calibration="yes", duplex=duplex))[0]
    assert "X line" in text and "Y line" in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("gutter", [0, 3, 10])
def test_every_sheet_s_short_marks_print_and_keep_out_of_the_footer_band(paper, size, gutter):
    from collections import namedtuple

    from printgen.cards.imposition import FOOTER_BAND

    sheet = sheet_for(PAPERS[paper].size, CARD_SIZES[size], mm(3), mm(gutter))
    width, height = PAPERS[paper].size
    Mark = namedtuple("Mark", "x0 y0 x1 y1")
    marks = [Mark(*segment) for segment in sheet.crop_marks("short")]
    cuts = len(sheet.cuts_x()) + len(sheet.cuts_y())
    assert len(marks) >= 2 * cuts  # both ends of every cut
    assert all(printed_length(m, width, height) >= MIN_PRINTED_MARK - 1e-6 for m in marks)
    if sheet.footer_at_bottom:
        assert all(min(m.y0, m.y1) >= FOOTER_BAND - 1e-6 for m in marks)
    else:
        assert all(max(m.x0, m.x1) <= width - FOOTER_BAND + 1e-6 for m in marks)


@settings(max_examples=60, deadline=None)
@given(paper=st.sampled_from(["letter", "a4"]), size=st.sampled_from(sorted(CARD_SIZES)),
       gutter=st.sampled_from([0, 4]), style=st.sampled_from(["short", "full"]), data=st.data())
def test_a_last_sheet_marks_only_the_cuts_of_its_cards(paper, size, gutter, style, data):
    """A sheet filled row by row to any count: every mark stands on a cut that bounds a printed card, clear of
    every printed card's art, and every cut of a printed card has a mark at both ends."""
    sheet = sheet_for(PAPERS[paper].size, CARD_SIZES[size], mm(3), mm(gutter))
    count = data.draw(st.integers(1, sheet.per_page))
    occupied = set(range(count))
    marks = sheet.crop_marks(style, occupied)
    arts = [sheet.art_rect(slot, occupied) for slot in occupied]
    edges_x = {round(x, 6) for slot in occupied for x in (sheet.slot_origin(slot)[0],
                                                            sheet.slot_origin(slot)[0] + sheet.card_width)}
    edges_y = {round(y, 6) for slot in occupied for y in (sheet.slot_origin(slot)[1],
                                                            sheet.slot_origin(slot)[1] + sheet.card_height)}
    for x0, y0, x1, y1 in marks:
        if abs(x0 - x1) < 1e-6:
            assert round(x0, 6) in edges_x
        else:
            assert abs(y0 - y1) < 1e-6 and round(y0, 6) in edges_y
        inside_mark = abs(x1 - x0) + abs(y1 - y0) <= INSIDE_MARK + 1e-6 and (
            any(abs(v - edge) < 1e-6 for v in (y0, y1) for edge in (sheet.bottom, sheet.top))
            or any(abs(v - edge) < 1e-6 for v in (x0, x1) for edge in (sheet.left, sheet.right)))
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        on_art = any(ax + 1e-6 < middle[0] < ax + aw - 1e-6 and ay + 1e-6 < middle[1] < ay + ah - 1e-6
                     for ax, ay, aw, ah in arts)
        assert inside_mark or not on_art, (x0, y0, x1, y1)  # never over a card's art, but on the block's edge
    for x in edges_x:  # each cut of a printed card: a mark above it and below it
        on_cut = [m for m in marks if abs(m[0] - m[2]) < 1e-6 and abs(m[0] - x) < 1e-6]
        tops = [slot for slot in occupied if round(sheet.slot_origin(slot)[0], 6) == x
                or round(sheet.slot_origin(slot)[0] + sheet.card_width, 6) == x]
        top = max(sheet.slot_origin(slot)[1] + sheet.card_height for slot in tops)
        bottom = min(sheet.slot_origin(slot)[1] for slot in tops)
        assert any(max(m[1], m[3]) > top - 1e-6 or min(m[1], m[3]) >= top - INSIDE_MARK - 1e-6 for m in on_cut)
        assert any(min(m[1], m[3]) < bottom + 1e-6 or max(m[1], m[3]) <= bottom + INSIDE_MARK + 1e-6
                   for m in on_cut)
    full_rows = count // sheet.columns
    if full_rows < sheet.rows - 1 or (full_rows == sheet.rows - 1 and count % sheet.columns == 0):
        below = sheet.slot_origin((sheet.rows - 1) * sheet.columns)[1]  # the bottom row holds no card
        assert not any(max(m[1], m[3]) < below - 1e-6 for m in marks)  # so no mark stands below it
