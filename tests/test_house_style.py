"""One house style, read back from the printed pages: no word of how printgen works on any page, rules pages
in two columns of body type 8.5 pt or more, the seed code's QR in the same bottom right corner of every first
page of text and of sheets, every quarter of a page of sheets alike, and boxes to write numbers in of 5 mm or
more."""

from __future__ import annotations

import re
from dataclasses import dataclass

import product_cases
import pypdfium2
import pypdfium2.raw as pdfium
import pytest
from pdfutil import open_pdf, page_sizes, seed_code
from product_cases import case_id, every_product

from printgen import games, products
from printgen.render import house, qr
from printgen.render.canvas import first_page_qr
from printgen.sheets import forms
from printgen.units import mm

SEED = "house"

# -- no word of JSON, a file name or a path, on any product ------------------------------------------------

# What would tell a reader how printgen is made rather than how the game is played.
INTERNALS = [
    re.compile(r"\bJSON\b", re.I),
    re.compile(r"\b[\w-]+\.(?:toml|json|py|csv|ya?ml|xlsx|html|css|ttf)\b", re.I),  # a file name
    re.compile(r"(?<![\w:])(?:[\w.-]+/)+[\w.-]+\.\w{2,4}\b"),  # a path to a file
    re.compile(r"\b(?:data|tables|lists|templates|systems|printgen)/"),  # a folder of printgen's
]


def every_own_product() -> list[tuple[str, str, dict[str, str]]]:
    """Every product printgen makes of its own (product_cases; a custom deck is the maker's words), pre-rolled
    sheets where a game rolls characters, and the card-size reference, as PDF."""
    cases = every_product()
    cases += [("sheet", system, {"count": "2"}) for product, system, _ in every_product()
              if product == "sheet" and products.game_module(games.game(system), "sheet").PRE_ROLLED]
    cases.append(("reference", "ascii-hack", {"size": "card"}))
    return cases


@pytest.mark.sweep
@pytest.mark.parametrize("case", every_own_product(), ids=case_id)
def test_no_product_prints_json_a_file_name_or_a_path(case):
    product, system, options = case
    pdf = product_cases.made(case)
    printed = str(products.canonical(seed_code(product, system, product_cases.SEED, **options)))
    document = pypdfium2.PdfDocument(pdf)
    try:
        for number, page in enumerate(document, 1):
            # The seed code in the footer and beside the QR is the file's name for itself, not a word of the page.
            text = page.get_textpage().get_text_range().replace(printed, " ")
            text = " ".join(text.split())
            for pattern in INTERNALS:
                found = pattern.search(text)
                assert found is None, f"page {number} prints {found.group(0)!r}: …{text[max(0, found.start() - 60):found.end() + 60]}…"
    finally:
        document.close()


# -- rules pages: two columns, body 8.5 pt or more ----------------------------------------------------------

@dataclass(frozen=True)
class Char:
    text: str
    size: float
    x0: float
    x1: float
    y: float


def chars_of(page) -> list[Char]:
    """Every character of a page with its font size and box, as a reader's viewer finds them."""
    textpage = page.get_textpage()
    found = []
    for index in range(textpage.count_chars()):
        text = chr(pdfium.FPDFText_GetUnicode(textpage.raw, index))
        if not text.strip():
            found.append(Char(" ", 0.0, 0.0, 0.0, 0.0))
            continue
        x0, y0, x1, y1 = textpage.get_charbox(index)
        found.append(Char(text, pdfium.FPDFText_GetFontSize(textpage.raw, index), x0, x1, y0))
    return found


def find(chars: list[Char], sentence: str) -> list[Char]:
    """The characters that print ``sentence`` (white space aside), or [] where the page does not hold it."""
    letters = [c for c in chars if c.text != " "]
    wanted = re.sub(r"\s+", "", sentence)
    flat = "".join(c.text for c in letters)
    at = flat.find(wanted)
    return letters[at:at + len(wanted)] if at >= 0 else []


# Each rules page, found by its title, and sentences of its body: its rules and its "Where the rules are silent".
RULES_PAGES = [
    (("dungeon", "roguelike", {"levels": "1"}), "Rules at a glance", "roguelike", "Everyone in the fight rolls 1d6"),
    (("dungeon", "amulet", {"levels": "1"}), "the rules at hand", "amulet", "A hero carries at most"),
    (("reference", "amulet", {}), "the rules at hand", "amulet", "A hero carries at most"),
    (("reference", "rlrl", {}), "Where the rules are silent", "rlrl", "Roll the skill's pool"),
    (("reference", "card-rogue", {}), "Where the rules are silent", "card-rogue", "A starting player has"),
    (("reference", "ascii-hack", {}), "How the table runs", "ascii-hack", "A fight opens at Far"),
]


def silent_lines(game_id: str) -> list[str]:
    """What a game's phrasebook says where the rules are silent, each line's opening words (a line may name a
    rule that is filled in when it prints)."""
    from printgen.words import BUILT_IN

    game = games.game(game_id)
    return [text.split("{")[0][:40] for text in BUILT_IN.phrasebook(game.id, game.folder).section("silent").values()
            if text.split("{")[0].strip()]


@pytest.mark.parametrize("case, title, game_id, rule", RULES_PAGES, ids=lambda v: case_id(v) if isinstance(v, tuple) else None)
def test_rules_pages_are_two_columns_of_body_type_of_8_5_pt_or_more(case, title, game_id, rule):
    pdf = product_cases.made(case)
    document = pypdfium2.PdfDocument(pdf)
    try:
        width = document[0].get_width()
        pages = [chars_of(page) for page in document]
    finally:
        document.close()
    sentences = [rule] + silent_lines(game_id)
    placed = {sentence: next((found for chars in pages if (found := find(chars, sentence))), [])
              for sentence in sentences}
    missing = [sentence for sentence, found in placed.items() if not found]
    assert not missing, f"the pages do not print {missing[:3]}"
    middle = width / 2
    gutter = house.COLUMN_GAP / 2
    sides = set()
    for sentence, found in placed.items():
        small = [c for c in found if c.size < house.BODY_LEAST - 0.05]
        assert not small, f"{sentence!r} is set at {small[0].size:.2f} pt, under {house.BODY_LEAST} pt"
        left = all(c.x1 <= middle - gutter + 1 for c in found)
        right = all(c.x0 >= middle + gutter - 1 for c in found)
        assert left or right, f"{sentence!r} runs across the page's two columns"
        sides.add("left" if left else "right")
    assert sides == {"left", "right"}, f"the body stands in one column only: {sides}"


# -- the QR's own place ---------------------------------------------------------------------------------------

FIRST_PAGES = [
    ("dungeon", "roguelike", {"levels": "1"}), ("dungeon", "amulet", {"levels": "1"}), ("dungeon", "rlrl", {}),
    ("dungeon", "rlrl", {"copies": "rogue"}), ("reference", "roguelike", {}), ("reference", "amulet", {}),
    ("reference", "ascii-hack", {}), ("reference", "ascii-hack", {"size": "card"}), ("reference", "card-rogue", {}),
    ("reference", "rlrl", {}), ("challenge", "card-rogue", {}),
    *[("sheet", system, {"per-page": str(n)}) for system, sizes in
      (("roguelike", (1, 2)), ("amulet", (1, 2)), ("ascii-hack", (1,)), ("card-rogue", (1, 2, 4)), ("rlrl", (1, 2)))
      for n in sizes],
    ("sheet", "roguelike", {"count": "3"}), ("sheet", "amulet", {"count": "2", "per-page": "2", "paper": "a4"}),
]


@pytest.mark.sweep
@pytest.mark.parametrize("case", FIRST_PAGES, ids=case_id)
def test_the_qr_stands_in_the_bottom_right_corner_of_every_first_page_of_text_and_sheets(case, monkeypatch):
    """The same corner for covers, references, rules, challenges and sheets, whatever the paper: never in a
    box, never between tables, never in one quarter of a page of sheets."""
    product, system, options = case
    spots = []
    monkeypatch.setattr(qr, "draw", lambda c, spot, text: spots.append((c.getPageNumber(), spot)))
    code = seed_code(product, system, SEED, **options)
    pdf = products.build(code)
    [spot] = [spot for page, spot in spots if page == 1]
    size = page_sizes(open_pdf(pdf))[0]
    usual = first_page_qr(products.canonical(code), size)
    assert (round(spot.x, 2), round(spot.y, 2), round(spot.side, 2)) == \
        (round(usual.x, 2), round(usual.y, 2), round(usual.side, 2))
    assert spot.x + spot.side == pytest.approx(size[0] - qr.EDGE)


def sheet_marks(pdf: bytes, page: int = 0):
    from test_sheet_print import read_marks

    texts, shapes = read_marks(open_pdf(pdf), range(page, page + 1))
    return [t for t in texts if not t.in_footer], [s for s in shapes if not s.in_footer]


@pytest.mark.parametrize("system, per_page", [("card-rogue", 4), ("card-rogue", 2), ("roguelike", 2),
                                              ("rlrl", 2)])
def test_every_sheet_of_a_shared_page_is_alike(system, per_page):
    """Each half or quarter of the first page holds the same sheet, mark for mark, where it stands: none gives
    room to the QR. (Amulet's blank halves are two classes' sheets, so they differ by right.)"""
    from printgen.products.sheet import cells, foot_strip

    code = seed_code("sheet", system, SEED, per_page=str(per_page))
    request = products.request(code)
    pdf = products.build(code)
    texts, shapes = sheet_marks(pdf)
    places = cells(request.paper, per_page, foot=foot_strip(request.code, request.paper))

    def inside(box, place) -> bool:
        x, y, w, h, turned = place
        x1, y1 = (x + h, y + w) if turned else (x + w, y + h)
        return box[0] >= x - 1 and box[1] >= y - 1 and box[2] <= x1 + 1 and box[3] <= y1 + 1

    def seen_from(place) -> list:
        x, y = place[0], place[1]
        found = [("text", t.text, round(t.box[0] - x, 1), round(t.box[1] - y, 1)) for t in texts if inside(t.box, place)]
        found += [("shape", round(s.box[0] - x, 1), round(s.box[1] - y, 1), round(s.width, 1), round(s.height, 1))
                  for s in shapes if inside(s.box, place) and not (s.dashed and s.segments == 1)]
        return sorted(found, key=str)

    first, *others = [seen_from(place) for place in places]
    assert len(first) > 50
    for number, other in enumerate(others, 2):
        assert other == first, f"sheet {number} of the page differs from the first"


# -- boxes to write a number in --------------------------------------------------------------------------------

# Form fields a player writes a number in, or crosses off a track of, by the last part of their names.
NUMBER_FIELDS = re.compile(r"(?:^|\.)(?:level|rating\.\w+|max-health|attack|victory|gold|hp\.\w+|tokens|"
                           r"ledger\d+\.(?:amount|balance)|health(?:-now)?\.\d+|vp\.\d+|enemy\d+\.health\.\d+)$")
SHEETS = [(system, n, count) for system, sizes, rolled in
          (("roguelike", (1, 2), True), ("amulet", (1, 2), True), ("ascii-hack", (1,), True),
           ("card-rogue", (1, 2, 4), False), ("rlrl", (1, 2), True))
          for n in sizes for count in ((None, 2) if rolled else (None,))]


@pytest.mark.sweep
@pytest.mark.parametrize("system, per_page, count", SHEETS)
def test_every_box_a_number_is_written_in_is_5_mm_or_more(system, per_page, count, monkeypatch):
    made = []
    add_fields = forms.add_fields
    monkeypatch.setattr(forms, "add_fields", lambda data, fields: made.extend(fields) or add_fields(data, fields))
    products.build(seed_code("sheet", system, SEED, per_page=str(per_page), count=count and str(count),
                             fillable="yes"))
    numbers = [f for f in made if NUMBER_FIELDS.search(re.sub(r"^p\d+(?:s\d+)?\.", "", f.name))]
    assert numbers
    small = [(f.name, round(min(f.rect[2] - f.rect[0], f.rect[3] - f.rect[1]) / mm(1), 2)) for f in numbers
             if min(f.rect[2] - f.rect[0], f.rect[3] - f.rect[1]) < mm(5) - 0.01]
    assert not small, f"boxes under 5 mm to write a number in: {small[:6]}"


# -- pages of text that hold up: no runover, no half-empty page, no head alone at a column's foot ------------------

@pytest.mark.parametrize("system", ["roguelike", "amulet", "rlrl", pytest.param("ascii-hack", marks=pytest.mark.sweep),
                                    pytest.param("card-rogue", marks=pytest.mark.sweep)])
def test_a_reference_s_pages_are_full_or_end_it_and_no_head_ends_a_column(system):
    """Each page but the last is at least a quarter full in both columns (in fact to its foot); the last is no
    runover of a line or two, and where its left column reaches past half the page the right one holds words too
    (balanced, not one column with the right half empty); no column ends with a head or a table's head row
    without a row beneath it."""
    from pdfutil import text_pages

    pages = text_pages(products.build(seed_code("reference", system, "bi")), house.TOP, house.FOOT, house.H1 - 0.5, house.H2 - 0.2, house.SMALL)
    for page in pages[:-1]:
        assert all(reach is not None and reach >= 0.25 for reach in page.reach), page
    last = pages[-1]
    assert max(r for r in last.reach if r is not None) >= 0.25, last
    if last.reach[0] is not None and last.reach[0] > 0.5:
        assert last.reach[1] is not None and last.reach[1] > 0.25, last
    heads = [(page.number, page.last) for page in pages if "head" in page.last]
    assert not heads, heads


@pytest.mark.sweep  # a sweep of one case: the whole campaign is laid out to read its first pages
@pytest.mark.parametrize("seed", ["bi1"])
def test_no_table_head_row_ends_a_column_of_the_rlrl_dungeon_s_reference(seed):
    """The "loot / what it does" head row stood alone at the foot of the second page's right column."""
    from pdfutil import text_pages

    data = products.build(seed_code("dungeon", "rlrl", seed))
    pages = text_pages(data, house.TOP, house.FOOT, house.H1 - 0.5, house.H2 - 0.2, house.SMALL, numbers=range(1, 5))
    assert not [(page.number, page.last) for page in pages if "head" in page.last]
