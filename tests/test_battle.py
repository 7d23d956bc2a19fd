"""Dungeons at battle scale (`printgen dungeon --scale battle`): one inch to five feet over as many sheets
as it takes, labelled, overlapping by 10 mm, with an assembly page for each copy of each level."""

import io
import re

import pikepdf
import pypdfium2
import pytest
from pdfutil import open_pdf, page_sizes, page_texts
from test_sheet_print import read_marks

from printgen import products
from printgen.maps import battle
from printgen.seed import SeedCode
from printgen.units import PAPERS, inch, mm
from printgen.words import BUILT_IN

LETTER = PAPERS["letter"]
OPTIONS = {"roguelike": {"levels": "1"}, "amulet": {"levels": "1"}, "rlrl": {"copies": "dm", "rooms": "2"}}


def request(system: str, seed: str, **options):
    return products.request(SeedCode.make("dungeon", system, seed, {**OPTIONS[system], **options}))


def layouts(system: str, seed: str, paper: str = "letter"):
    req = request(system, seed, paper=paper)
    module = req.part()
    return battle.layouts(module.level_views(module.generate(req), req), PAPERS[paper])


@pytest.fixture(scope="module", params=sorted(OPTIONS))
def built(request):
    system = request.param
    code = SeedCode.make("dungeon", system, "moonpie", {**OPTIONS[system], "scale": "battle"})
    return system, products.build(code), layouts(system, "moonpie")


def test_an_assembly_page_then_every_printed_sheet_for_each_copy(built):
    system, pdf, found = built
    texts = page_texts(pdf)
    assert len(texts) == sum(1 + len(layout.printed) for layout in found)
    index = 0
    for layout in found:
        assembly = " ".join(texts[index].split())
        printed = ", ".join(sheet.label for sheet in layout.printed)
        assert f"Sheets printed ({len(layout.printed)}): {printed}." in assembly
        if layout.left_out:
            assert "Left out, as they show nothing but rock" in assembly
            assert all(sheet.label in assembly for sheet in layout.left_out)
        for sheet in layout.printed:
            index += 1
            page = texts[index]
            assert f"\n{sheet.label} {layout.views.title}" in page, sheet.label  # its label, large, by the title
            assert "…" not in page  # the heading holds whole
            assert f"Row {battle.row_name(sheet.row)} of {layout.rows}, column {sheet.column + 1} of" in page
        index += 1
    if system == "amulet":
        assert "A unit (10 ft) is two squares." in " ".join(texts[0].split())


def test_every_page_is_letter_and_a_square_is_an_inch(built):
    system, pdf, found = built
    assert all(w == pytest.approx(612, abs=0.01) and h == pytest.approx(792, abs=0.01)
               for w, h in page_sizes(open_pdf(pdf)))
    assert battle.SQUARE == inch(1) == 72.0 and battle.OVERLAP == mm(10)
    for layout in found:
        assert layout.scale == (2 if system == "amulet" else 1)
        left, bottom, width, height = battle.window_box(layout, PAPERS["letter"])
        assert width == layout.across * inch(1) + mm(10) and height == layout.down * inch(1) + mm(10)
        assert left >= mm(10) and left + width <= PAPERS["letter"].width - mm(10)


def test_the_grid_measures_25_4_mm_on_every_sheet(built):
    """Read back from the picture of sheets: the grid's lines stand an inch apart (at 100 dpi, 100 pixels)."""
    system, pdf, found = built
    layout = found[0]
    left, bottom, width, height = battle.window_box(layout, PAPERS["letter"])
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number in range(1, 1 + min(3, len(layout.printed))):
            image = document[number].render(scale=100 / 72, grayscale=True).to_pil().convert("L")
            top = (PAPERS["letter"].height - bottom - height) * 100 / 72
            x0 = left * 100 / 72
            # the darkness of each column of pixels down the sheet's window: the grid's lines are dark columns
            columns = [sum(255 - image.getpixel((round(x0) + x, round(top + y)))
                           for y in range(20, int(height * 100 / 72) - 20, 3))
                       for x in range(0, int(width * 100 / 72))]
            # Thin lines stand out from their neighbours; walls, floors and rock (broad) do not.
            signal = [max(0.0, columns[x] - (columns[x - 2] + columns[x + 2]) / 2) for x in range(2, len(columns) - 2)]

            def likeness(shift: int) -> float:
                return sum(a * b for a, b in zip(signal, signal[shift:])) / (len(signal) - shift)

            period = max(range(60, 160), key=likeness)  # the grid repeats every inch: 100 pixels at 100 dpi
            assert abs(period - 100) <= 1, (number, period)
    finally:
        document.close()


def test_a_wall_crossing_a_sheets_edge_is_in_both_overlap_strips_at_the_same_place():
    """Two neighbours side by side: the strip they share, cut from each sheet's picture, shows the same
    walls and floor (all but the marks of which goes underneath)."""
    system = "roguelike"
    code = SeedCode.make("dungeon", system, "moonpie", {**OPTIONS[system], "scale": "battle"})
    pdf = products.build(code)
    layout = layouts(system, "moonpie")[0]
    paper = PAPERS["letter"]
    left, bottom, width, height = battle.window_box(layout, paper)
    pages = {sheet.label: 1 + index for index, sheet in enumerate(layout.printed)}
    pairs = [(s, layout.sheet_at(s.row, s.column + 1)) for s in layout.printed]
    pairs = [(a, b) for a, b in pairs if b is not None and b.printed]
    assert pairs
    scale = 100 / 72
    document = pypdfium2.PdfDocument(pdf)
    compared = 0
    try:
        for a, b in pairs:
            images = [document[pages[s.label]].render(scale=scale, grayscale=True).to_pil().convert("L")
                      for s in (a, b)]
            y0 = round((paper.height - bottom - height) * scale) + 2
            y1 = round((paper.height - bottom) * scale) - 2
            strip = round(mm(10) * scale)
            xa = round((left + layout.across * inch(1)) * scale)  # a's right strip
            xb = round(left * scale)  # b's left strip
            ink = 0
            differ = 0
            for y in range(y0, y1):
                for dx in range(3, strip - 3):
                    pa, pb = images[0].getpixel((xa + dx, y)) < 100, images[1].getpixel((xb + dx, y)) < 100
                    ink += pa or pb
                    differ += pa != pb
            if ink:
                compared += 1
                assert differ / ink < 0.25, (a.label, b.label, differ, ink)
    finally:
        document.close()
    assert compared


def test_empty_sheets_are_left_out_and_the_assembly_page_says_so():
    found = [layout for seed in ("battle0", "battle1", "moonpie") for layout in layouts("amulet", seed)]
    assert any(layout.left_out for layout in found)
    for layout in found:
        assert len(layout.printed) + len(layout.left_out) == layout.rows * layout.columns
        words = " ".join(battle.assembly_lines(BUILT_IN, layout, 500))
        assert (f"Left out, as they show nothing but rock ({len(layout.left_out)})" in words) == bool(layout.left_out)


def test_the_game_masters_copy_then_the_players_on_a4_numbers_only_on_the_game_masters():
    req = request("roguelike", "moonpie")
    module = req.part()
    views = module.level_views(module.generate(req), req)
    gm, players = battle.layouts(views, PAPERS["a4"])
    assert gm.copy.view != players.copy.view
    pdf = products.build(SeedCode.make("dungeon", "roguelike", "moonpie", {**OPTIONS["roguelike"], "scale": "battle",
                                                                           "paper": "a4"}))
    texts = page_texts(pdf)
    assert all(w == pytest.approx(PAPERS["a4"].width, abs=0.01) and h == pytest.approx(PAPERS["a4"].height, abs=0.01)
               for w, h in page_sizes(open_pdf(pdf)))
    players_pages = texts[1 + len(gm.printed):]
    numbers = [area.number for area in views[0].level.areas]
    gm_text = " ".join(texts[1:1 + len(gm.printed)])
    assert any(re.search(rf"\b{n}\b", gm_text) for n in numbers[1:])
    assert "Players" in " ".join(players_pages) or players.copy.who in " ".join(players_pages)


def test_each_sheets_label_and_heading_stand_clear_of_the_alignment_marks_and_the_map(built):
    """Read back from every sheet: the sheet's label ("A2"), its title and its line stand above the map
    and clear of every circled cross and dashed tick in the margin (a cross stood over the label before)."""
    system, pdf, found = built
    pages = {}
    index = 0
    for number, layout in enumerate(found):
        index += 1  # the assembly page
        for sheet in layout.printed:
            if number in (0, 1, len(found) - 1):  # every sheet of the first two levels and the last: one layout
                pages[index] = (layout, sheet)    # of sheets serves every level (a campaign has ten)
            index += 1
    document = pikepdf.open(io.BytesIO(pdf))
    texts, shapes = [], []
    for page in pages:
        found_texts, found_shapes = read_marks(document, range(page, page + 1))
        texts += found_texts
        shapes += found_shapes
    checked = crosses = 0
    for page, (layout, sheet) in pages.items():
        left, bottom, width, height = battle.window_box(layout, LETTER)
        top = bottom + height
        # In the margin: the circled crosses (a circle 2 CROSS across, two strokes 3 CROSS long) and the
        # dashed ticks (6 mm); the map's own paths are clipped to its window and may reach past it unseen.
        def mark(s, top=top):
            w, h = s.box[2] - s.box[0], s.box[3] - s.box[1]
            circle = abs(w - 2 * battle.CROSS) < 1 and abs(h - 2 * battle.CROSS) < 1
            stroke = min(w, h) < 0.01 and abs(max(w, h) - 3 * battle.CROSS) < 0.5
            tick = s.dashed and min(w, h) < 0.01 and abs(max(w, h) - mm(6)) < 0.5
            outside = s.box[1] > top + 0.1 or s.box[3] < bottom - 0.1 or s.box[2] < left - 0.1 \
                or s.box[0] > left + width + 0.1
            return (circle or stroke or tick) and outside
        marks = [s.box for s in shapes if s.page == page and not s.in_footer and mark(s)]
        crosses += len(marks)
        heading = [t for t in texts if t.page == page and not t.in_footer and t.box[1] > top + mm(4)]
        assert any(t.text == sheet.label for t in heading), (page, sheet.label)
        for text in heading:
            assert text.box[1] > top, (page, text.text)  # above the map
            for box in marks:
                assert not (text.box[0] < box[2] and box[0] < text.box[2] and text.box[1] < box[3]
                            and box[1] < text.box[3]), (page, text.text, box)
            checked += 1
    assert checked >= 3 and crosses >= 6


def test_each_game_counts_its_own_units(built):
    """Rogue Like Roguelike counts squares, never feet; Roguelike's square is five feet; Project: Amulet's
    unit is ten feet, two squares of a battle map."""
    system, pdf, _ = built
    text = " ".join(" ".join(page_texts(pdf)).split())
    feet = re.findall(r"\b\d+ ?(?:ft|feet)\b", text)
    if system == "rlrl":
        assert not feet and "One square is a square of the rules' map" in text
    else:
        assert "One square is 5 ft" in text
